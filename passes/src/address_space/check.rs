//! `check-address-spaces`: every rule AS-1…AS-18 of SPEC.md, checked on the normalized AST.
//!
//! Clang's Sema catches most violations first; this pass checks them all again so that no
//! program breaking a rule reaches the backend, whatever the front end let through. Each
//! error is tagged with its rule id, each warning (AS-16, AS-18) with the flag of its
//! [`Lint`] group. AS-14 (one qualifier per type) holds by
//! construction: a type has a single address-space slot. AS-15 is a layout rule
//! ([`crate::ast::DataLayout`]) rather than a check.

use super::{Limits, Lint};
use crate::ast::{
    AddressSpace, Block, CastKind, Category, ExprKind, Function, GlobalInit, Handle, Local, Module,
    StmtKind, Type,
};
use crate::diag::{Diagnostic, Diagnostics, Span};

/// Names reserved by AS-1.
const RESERVED: &[&str] = &[
    "global",
    "__global",
    "local",
    "__local",
    "constant",
    "__constant",
    "private",
    "__private",
    "generic",
    "__generic",
];

fn rule(d: Diagnostic, id: &str) -> Diagnostic {
    d.with_tag(id)
}

/// Runs every check; returns errors and warnings.
pub fn run(module: &Module, limits: &Limits) -> Diagnostics {
    let mut c = Checker {
        m: module,
        diags: Diagnostics::new(),
    };
    c.globals();
    for (fh, f) in module.functions.iter() {
        c.function(fh, f, limits);
    }
    c.diags
}

struct Checker<'a> {
    m: &'a Module,
    diags: Diagnostics,
}

impl Checker<'_> {
    fn reserved_name(&mut self, name: &str, span: Span) {
        if RESERVED.contains(&name) {
            self.diags.push(rule(
                Diagnostic::error(
                    span,
                    format!("'{name}' is an address space qualifier and cannot be used as a name"),
                ),
                "AS-1",
            ));
        }
    }

    fn globals(&mut self) {
        for (_, s) in self.m.types.structs.iter() {
            for f in &s.fields {
                if RESERVED.contains(&f.name.as_str()) {
                    // Fields have no span of their own; clang reports the location first.
                    self.diags.push(rule(
                        Diagnostic::error(
                            None,
                            format!(
                                "'{}' is an address space qualifier and cannot be used as a name",
                                f.name
                            ),
                        ),
                        "AS-1",
                    ));
                }
            }
        }
        for (_, g) in self.m.globals.iter() {
            self.reserved_name(&g.name, g.span);
            let space = g.ty.space.unwrap_or(AddressSpace::Private);
            let cl1 = !self.m.lang.program_scope_globals;
            let what = if g.is_static_local {
                "static variable"
            } else {
                "program scope variable"
            };
            if matches!(self.m.types.get(g.ty.ty), Type::Sampler) {
                // A sampler declared with a constant is a value, not an object in memory.
                continue;
            }
            if g.is_string_literal {
                // A literal is not a variable: AS-6/AS-7 would only repeat this error under
                // the literal's synthesised name.
                if space != AddressSpace::Constant {
                    self.diags.push(rule(
                        Diagnostic::error(g.span, "string literals must be stored in '__constant'"),
                        "AS-13",
                    ));
                }
                continue;
            }
            if matches!(self.m.types.get(g.ty.ty), Type::Image(_)) {
                self.diags.push(rule(
                    Diagnostic::error(
                        g.span,
                        "image objects can only be kernel arguments in '__global'",
                    ),
                    "AS-5",
                ));
            }
            match space {
                AddressSpace::Constant => {}
                AddressSpace::Global if !cl1 => {}
                AddressSpace::Global
                | AddressSpace::Local
                | AddressSpace::Private
                | AddressSpace::Generic => {
                    let allowed = if cl1 {
                        "'__constant'"
                    } else {
                        "'__constant' or '__global'"
                    };
                    self.diags.push(rule(
                        Diagnostic::error(
                            g.span,
                            format!(
                                "{what} '{}' must reside in {allowed}, not '{space}'",
                                g.name
                            ),
                        ),
                        "AS-6",
                    ));
                }
            }
            if space == AddressSpace::Constant {
                match &g.init {
                    GlobalInit::None => self.diags.push(rule(
                        Diagnostic::error(g.span, format!("variable '{}' in '__constant' must be initialized", g.name)),
                        "AS-7",
                    )),
                    GlobalInit::NotConstant(at) => self.diags.push(rule(
                        Diagnostic::error(*at, format!("initializer of '__constant' variable '{}' is not a compile-time constant", g.name)),
                        "AS-7",
                    )),
                    GlobalInit::Const(_) => {}
                }
            }
        }
    }

    fn function(&mut self, fh: Handle<Function>, f: &Function, limits: &Limits) {
        self.reserved_name(&f.name, f.span);
        // AS-10: the result carries no address space of its own.
        if let Some(space) = f.result.space {
            self.diags.push(rule(
                Diagnostic::error(
                    f.span,
                    format!(
                        "return type of '{}' cannot be qualified with '{space}'",
                        f.name
                    ),
                ),
                "AS-10",
            ));
        }
        for (lh, l) in f.locals.iter() {
            self.local(f, lh, l);
        }
        if f.kernel.is_some() {
            self.kernel_params(f);
            self.kernel_limits(fh, f, limits);
        }
        self.block_decls(f, &f.body);
        for (_, e) in f.exprs.iter() {
            self.expr(f, e);
        }
    }

    fn local(&mut self, f: &Function, _lh: Handle<Local>, l: &Local) {
        self.reserved_name(&l.name, l.span);
        let space = l.ty.space.unwrap_or(AddressSpace::Private);
        let is_image = matches!(self.m.types.get(l.ty.ty), Type::Image(_));
        if l.is_param {
            // AS-5: image arguments are `__global` objects; clang leaves them `__private`.
            if is_image {
                if !matches!(space, AddressSpace::Private | AddressSpace::Global) {
                    self.diags.push(rule(
                        Diagnostic::error(
                            l.span,
                            format!(
                                "image argument '{}' cannot be qualified with '{space}'",
                                l.name
                            ),
                        ),
                        "AS-5",
                    ));
                }
            } else if space != AddressSpace::Private {
                self.diags.push(rule(
                    Diagnostic::error(
                        l.span,
                        format!("parameter '{}' cannot be qualified with '{space}': function arguments live in '__private'", l.name),
                    ),
                    "AS-3",
                ));
            }
            return;
        }
        if is_image {
            self.diags.push(rule(
                Diagnostic::error(
                    l.span,
                    format!("image object '{}' can only be a kernel argument", l.name),
                ),
                "AS-5",
            ));
        }
        match space {
            AddressSpace::Private => {}
            AddressSpace::Local => {
                if f.kernel.is_none() {
                    self.diags.push(rule(
                        Diagnostic::error(
                            l.span,
                            format!(
                                "'__local' variable '{}' can only be declared in a kernel function",
                                l.name
                            ),
                        ),
                        "AS-9",
                    ));
                } else if l.scope_depth > 0 {
                    self.diags.push(rule(
                        Diagnostic::error(
                            l.span,
                            format!(
                                "'__local' variable '{}' must be declared at kernel function scope",
                                l.name
                            ),
                        ),
                        "AS-9",
                    ));
                }
            }
            AddressSpace::Global | AddressSpace::Constant | AddressSpace::Generic => {
                self.diags.push(rule(
                    Diagnostic::error(
                        l.span,
                        format!(
                            "function scope variable '{}' cannot be in '{space}'",
                            l.name
                        ),
                    ),
                    if space == AddressSpace::Constant {
                        "AS-7"
                    } else {
                        "AS-6"
                    },
                ));
            }
        }
    }

    fn kernel_params(&mut self, f: &Function) {
        for &p in &f.params {
            let l = &f.locals[p];
            if let Some((_, space, _)) = self.m.types.as_pointer(l.ty.ty) {
                let space = space.unwrap_or(AddressSpace::Private);
                if !matches!(
                    space,
                    AddressSpace::Global | AddressSpace::Local | AddressSpace::Constant
                ) {
                    self.diags.push(rule(
                        Diagnostic::error(
                            l.span,
                            format!(
                                "kernel pointer argument '{}' must point to '__global', '__local' or '__constant', not '{space}'",
                                l.name
                            ),
                        ),
                        "AS-4",
                    ));
                }
            }
        }
    }

    /// AS-16 and AS-18: resource limits, reported as warnings of clc's groups
    /// `-Wconstant-args-limit` and `-Wlocal-memory-limit`.
    fn kernel_limits(&mut self, fh: Handle<Function>, f: &Function, limits: &Limits) {
        let mut constant = 0u32;
        for &p in &f.params {
            if let Some((_, Some(AddressSpace::Constant), _)) =
                self.m.types.as_pointer(f.locals[p].ty.ty)
            {
                constant += 1;
            }
        }
        let used = super::globals_used_by(self.m, fh);
        constant += used
            .iter()
            .filter(|g| {
                let g = &self.m.globals[**g];
                g.ty.space == Some(AddressSpace::Constant) && !g.is_string_literal
            })
            .count() as u32;
        if constant > limits.max_constant_args {
            self.diags.push(rule(
                Diagnostic::warning(
                    f.span,
                    format!(
                        "kernel '{}' uses {constant} '__constant' arguments and variables, more than the {} a device must support (CL_DEVICE_MAX_CONSTANT_ARGS)",
                        f.name, limits.max_constant_args
                    ),
                ),
                &Lint::ConstantArgsLimit.flag(),
            ));
        }
        let local_bytes: u64 = f
            .locals
            .iter()
            .filter(|(_, l)| !l.is_param && l.ty.space == Some(AddressSpace::Local))
            .map(|(_, l)| self.m.types.size_of(l.ty.ty, &self.m.lang.layout))
            .sum();
        if local_bytes > limits.max_local_bytes {
            self.diags.push(rule(
                Diagnostic::warning(
                    f.span,
                    format!(
                        "kernel '{}' declares {local_bytes} bytes of '__local' memory, more than the {} bytes a device must support",
                        f.name, limits.max_local_bytes
                    ),
                ),
                &Lint::LocalMemoryLimit.flag(),
            ));
        }
    }

    /// AS-9: `__local` variables cannot be initialized.
    fn block_decls(&mut self, f: &Function, block: &Block) {
        for s in &block.stmts {
            match &s.kind {
                StmtKind::Decl { local, init } => {
                    let l = &f.locals[*local];
                    if l.ty.space == Some(AddressSpace::Local) && init.is_some() {
                        self.diags.push(rule(
                            Diagnostic::error(
                                l.span,
                                format!(
                                    "'__local' variable '{}' cannot have an initializer",
                                    l.name
                                ),
                            ),
                            "AS-9",
                        ));
                    }
                }
                StmtKind::Block(b) => self.block_decls(f, b),
                StmtKind::If {
                    then, otherwise, ..
                } => {
                    self.block_decls(f, then);
                    if let Some(o) = otherwise {
                        self.block_decls(f, o);
                    }
                }
                StmtKind::Loop { init, body, .. } => {
                    self.block_decls(f, init);
                    self.block_decls(f, body);
                }
                StmtKind::Switch { cases, .. } => {
                    for c in cases {
                        self.block_decls(f, &c.body);
                    }
                }
                StmtKind::Expr(_)
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Return(_)
                | StmtKind::Label(_)
                | StmtKind::Goto(_) => {}
            }
        }
    }

    fn expr(&mut self, f: &Function, e: &crate::ast::Expr) {
        match &e.kind {
            ExprKind::Assign { place, .. }
            | ExprKind::CompoundAssign { place, .. }
            | ExprKind::IncDec { place, .. } => self.write(f, *place, e.span),
            ExprKind::Cast {
                kind: CastKind::AddressSpace,
                operand,
                explicit,
            } => {
                let from = self
                    .m
                    .types
                    .as_pointer(f.exprs[*operand].ty)
                    .and_then(|p| p.1);
                let to = self.m.types.as_pointer(e.ty).and_then(|p| p.1);
                if let (Some(from), Some(to)) = (from, to) {
                    self.conversion(from, to, *explicit, e.span);
                }
            }
            _ => {}
        }
    }

    /// AS-8 (and AS-17 for `const __global`): no writes to read-only objects.
    fn write(&mut self, f: &Function, place: Handle<crate::ast::Expr>, at: Span) {
        let p = &f.exprs[place];
        if let Category::Place {
            space, is_const, ..
        } = p.category
        {
            if space == Some(AddressSpace::Constant) {
                self.diags.push(rule(
                    Diagnostic::error(
                        at,
                        "cannot write to an object in '__constant' address space",
                    ),
                    "AS-8",
                ));
            } else if is_const && space == Some(AddressSpace::Global) {
                self.diags.push(rule(
                    Diagnostic::error(at, "cannot write through a pointer to 'const __global': the buffer is read-only"),
                    "AS-17",
                ));
            }
        }
    }

    /// AS-11 and AS-12: which pointer conversions between spaces are allowed.
    fn conversion(&mut self, from: AddressSpace, to: AddressSpace, explicit: bool, at: Span) {
        if from == to {
            return;
        }
        let generic = self.m.lang.generic_address_space;
        let d = match (from, to) {
            (AddressSpace::Constant, AddressSpace::Generic) => Some(rule(
                Diagnostic::error(at, "a pointer to '__constant' cannot be converted to a generic pointer"),
                "AS-11",
            )),
            // The generic space does not contain `__constant`, so no cast reaches it from a
            // generic pointer either (clang: "casting '__generic int *' to type
            // '__constant int *' changes address space of pointer"); there is no to_constant().
            (AddressSpace::Generic, AddressSpace::Constant) => Some(rule(
                Diagnostic::error(at, "a generic pointer cannot be converted to a pointer to '__constant'"),
                "AS-11",
            )),
            (_, AddressSpace::Generic) if generic => None,
            (AddressSpace::Generic, _) if explicit => None,
            (AddressSpace::Generic, to) => Some(rule(
                Diagnostic::error(
                    at,
                    format!("converting a generic pointer to a pointer to '{to}' needs an explicit cast or to_{}()", &to.spelling()[2..]),
                ),
                "AS-12",
            )),
            (from, to) if explicit => Some(rule(
                Diagnostic::error(at, format!("cast from a pointer to '{from}' to a pointer to '{to}' changes the address space")),
                "AS-12",
            )),
            (from, to) => Some(rule(
                Diagnostic::error(
                    at,
                    format!("implicit conversion from a pointer to '{from}' to a pointer to '{to}' changes the address space"),
                ),
                "AS-11",
            )),
        };
        if let Some(d) = d {
            self.diags.push(d);
        }
    }
}
