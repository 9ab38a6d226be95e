//! Module-scope variables: program-scope `__constant`/`__global` variables with their
//! initializers, and the `Input` variables behind work-item built-ins.

use super::flavor::Site;
use super::{bug, Result, Writer};
use clc_passes::ast::{AddressSpace, Global, GlobalInit, Scalar};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

impl Writer<'_> {
    /// Declares a program-scope variable.
    pub(super) fn global(&mut self, g: &Global) -> Result<Word> {
        let Some(space) = g.ty.space else {
            return bug(g.span, "global without an address space");
        };
        let ty = self.ty(g.ty.ty, g.span)?;
        let init = match &g.init {
            GlobalInit::Const(v) => Some(self.const_value(g.ty.ty, v, g.span)?),
            GlobalInit::None => Some(self.null(ty)),
            GlobalInit::NotConstant(at) => {
                return bug(*at, "non-constant initializer after validation")
            }
        };
        let sc = self.storage_class(space, Site::ModuleVariable);
        if sc == rspirv::spirv::StorageClass::PhysicalStorageBuffer {
            return super::unsupported(
                g.span,
                "program-scope __global variables on the Vulkan target",
            );
        }
        let ptr = self.pointer_sc(sc, ty);
        let id = self.module_variable(ptr, sc, init);
        if !self.opts.flavor.is_vulkan() {
            // Kernel-only decorations.
            if space == AddressSpace::Constant {
                self.b.decorate(id, Decoration::Constant, []);
            }
            let align = self.m.types.align_of(g.ty.ty, &self.m.lang.layout) as u32;
            self.b
                .decorate(id, Decoration::Alignment, [Operand::LiteralBit32(align)]);
        }
        self.b.name(id, g.name.clone());
        Ok(id)
    }

    /// Appends a module-scope `OpVariable`, whatever block is being built.
    pub(super) fn module_variable(
        &mut self,
        ptr: Word,
        sc: StorageClass,
        init: Option<Word>,
    ) -> Word {
        let id = self.b.id();
        let mut operands = vec![Operand::StorageClass(sc)];
        if let Some(i) = init {
            operands.push(Operand::IdRef(i));
        }
        self.b
            .module_mut()
            .types_global_values
            .push(Instruction::new(
                Op::Variable,
                Some(ptr),
                Some(id),
                operands,
            ));
        id
    }

    /// The `Input` variable of a built-in, declared on first use. Vector built-ins are
    /// `v3ulong` and scalar ones `uint`/`ulong`, as both reference compilers emit them.
    pub(super) fn builtin_var(&mut self, builtin: BuiltIn) -> (Word, Word) {
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let ty = match builtin {
            BuiltIn::WorkDim
            | BuiltIn::SubgroupSize
            | BuiltIn::SubgroupMaxSize
            | BuiltIn::NumSubgroups
            | BuiltIn::NumEnqueuedSubgroups
            | BuiltIn::SubgroupId
            | BuiltIn::SubgroupLocalInvocationId => self.scalar(Scalar::Int {
                width: 32,
                signed: false,
            }),
            BuiltIn::GlobalLinearId | BuiltIn::LocalInvocationIndex => ulong,
            _ => self.b.type_vector(ulong, 3),
        };
        if let Some(&id) = self.builtin_vars.get(&builtin) {
            return (id, ty);
        }
        let id = self.input_variable(builtin, ty);
        // The OpenCL environment marks built-in inputs constant.
        self.b.decorate(id, Decoration::Constant, []);
        (id, ty)
    }

    /// The `Input` variable of type `ty` decorated as `builtin`, declared on first use.
    pub(super) fn input_variable(&mut self, builtin: BuiltIn, ty: Word) -> Word {
        if let Some(&id) = self.builtin_vars.get(&builtin) {
            return id;
        }
        let ptr = self.pointer_sc(StorageClass::Input, ty);
        let id = self.module_variable(ptr, StorageClass::Input, None);
        self.b
            .decorate(id, Decoration::BuiltIn, [Operand::BuiltIn(builtin)]);
        self.b.name(id, format!("__spirv_BuiltIn{builtin:?}"));
        self.builtin_vars.insert(builtin, id);
        id
    }
}
