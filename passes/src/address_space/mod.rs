//! The address-space passes: `normalize-address-spaces` (AS-2) and
//! `check-address-spaces` (all other rules), plus the kernel-argument classification the
//! backend needs (AS-17).

pub mod check;
pub mod normalize;

use crate::ast::{AddressSpace, ExprKind, Function, Global, Handle, Module, Type};
use std::collections::BTreeSet;

/// Configurable device limits for the AS-16 and AS-18 warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CL_DEVICE_MAX_CONSTANT_ARGS (full-profile minimum: 8).
    pub max_constant_args: u32,
    /// CL_DEVICE_LOCAL_MEM_SIZE in bytes (full-profile minimum: 32 KiB).
    pub max_local_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_constant_args: 8,
            max_local_bytes: 32 * 1024,
        }
    }
}

/// clc's own warnings (AS-16 and AS-18), in named groups that the `-W` flags control as they
/// control clang's groups (`-Wno-local-memory-limit`, `-Werror=constant-args-limit`). Each
/// warning is tagged with its flag, `-W<name>`, which is how clang shows its groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lint {
    /// AS-16: more `__constant` arguments and variables than CL_DEVICE_MAX_CONSTANT_ARGS.
    ConstantArgsLimit,
    /// AS-18: more `__local` memory than CL_DEVICE_LOCAL_MEM_SIZE.
    LocalMemoryLimit,
}

impl Lint {
    /// Every group.
    pub const ALL: [Lint; 2] = [Lint::ConstantArgsLimit, Lint::LocalMemoryLimit];

    /// The group's name, as written after `-W`.
    pub fn name(self) -> &'static str {
        match self {
            Lint::ConstantArgsLimit => "constant-args-limit",
            Lint::LocalMemoryLimit => "local-memory-limit",
        }
    }

    /// The warning flag that tags the group's diagnostics (`-Wlocal-memory-limit`).
    pub fn flag(self) -> String {
        format!("-W{}", self.name())
    }

    /// The group named `name`.
    pub fn from_name(name: &str) -> Option<Lint> {
        Lint::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The group whose flag tags `d`, if `d` is one of clc's warnings.
    pub fn of(d: &crate::diag::Diagnostic) -> Option<Lint> {
        let tag = d.tag.as_deref()?;
        Lint::ALL.into_iter().find(|l| tag == l.flag())
    }
}

/// How a kernel argument is passed (the backend decorates and the reflection describes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// A pointer to a buffer in `__global` or `__constant`; `read_only` for
    /// `const __global T *` and every `__constant` pointer (AS-17).
    Buffer {
        /// The buffer's space.
        space: AddressSpace,
        /// Never written through.
        read_only: bool,
    },
    /// A `__local` pointer: memory sized by the host.
    Local,
    /// A value passed by copy.
    Value,
    /// An image, sampler or other opaque object.
    Opaque,
}

/// Classifies each parameter of a kernel.
pub fn classify_kernel_args(module: &Module, f: &Function) -> Vec<ArgKind> {
    f.params
        .iter()
        .map(|&p| match module.types.get(f.locals[p].ty.ty) {
            Type::Pointer {
                space: Some(AddressSpace::Local),
                ..
            } => ArgKind::Local,
            Type::Pointer {
                space: Some(space),
                is_const,
                ..
            } => ArgKind::Buffer {
                space: *space,
                read_only: *is_const || *space == AddressSpace::Constant,
            },
            Type::Image(_) | Type::Sampler | Type::Event => ArgKind::Opaque,
            _ => ArgKind::Value,
        })
        .collect()
}

/// The program-scope variables a function uses, directly or through the functions it calls.
pub fn globals_used_by(module: &Module, root: Handle<Function>) -> BTreeSet<Handle<Global>> {
    let mut seen_fns = BTreeSet::new();
    let mut globals = BTreeSet::new();
    let mut stack = vec![root];
    while let Some(fh) = stack.pop() {
        if !seen_fns.insert(fh) {
            continue;
        }
        for (_, e) in module.functions[fh].exprs.iter() {
            match &e.kind {
                ExprKind::Global(g) => {
                    globals.insert(*g);
                }
                ExprKind::Call { function, .. } => stack.push(*function),
                _ => {}
            }
        }
    }
    globals
}
