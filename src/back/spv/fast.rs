//! rspirv's [`Builder`] with the instructions clc emits most made without its grammar search.
//!
//! `rspirv::dr::Instruction::new` finds an instruction's grammar entry by comparing the
//! opcode with every entry of the grammar in order, about a hundred comparisons for an
//! `OpIAdd` and two hundred for an `OpLabel`: unoptimized, as a build script runs clc, a
//! tenth of a microsecond or more per instruction, 3% of a build of `kernels/` and 6% of a
//! file of long operator chains. [`FastBuilder`] wraps the builder and defines the methods of
//! those instructions with the same signatures and the same operands, taking the entry from a
//! table indexed by opcode; every other method is the builder's own, through `Deref`.

use rspirv::dr::{self, Builder, InsertPoint, Instruction, Operand};
use rspirv::spirv::{self, Op, Word};
use std::sync::OnceLock;

type BuildResult<T> = Result<T, dr::Error>;

/// The grammar's entry for `op`.
pub(crate) fn class(op: Op) -> &'static rspirv::grammar::Instruction<'static> {
    type Table = Vec<Option<&'static rspirv::grammar::Instruction<'static>>>;
    static TABLE: OnceLock<Table> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t: Table = Vec::new();
        for entry in rspirv::grammar::INSTRUCTION_TABLE.iter() {
            let k = entry.opcode as usize;
            if t.len() <= k {
                t.resize(k + 1, None);
            }
            t[k].get_or_insert(entry);
        }
        t
    });
    match table.get(op as usize).copied().flatten() {
        Some(entry) => entry,
        None => rspirv::grammar::INSTRUCTION_TABLE.get(op),
    }
}

/// `Instruction::new` without the search.
pub(crate) fn instruction(
    op: Op,
    result_type: Option<Word>,
    result_id: Option<Word>,
    operands: Vec<Operand>,
) -> Instruction {
    Instruction {
        class: class(op),
        result_type,
        result_id,
        operands,
    }
}

/// `first` as id operands, then `rest` as operands made by `kind`: the operand list of an
/// instruction that ends in a list of ids or literals.
fn operands<T>(
    first: &[Word],
    rest: impl IntoIterator<Item = T>,
    kind: impl Fn(T) -> Operand,
) -> Vec<Operand> {
    let mut all: Vec<Operand> = first.iter().map(|&id| Operand::IdRef(id)).collect();
    all.extend(rest.into_iter().map(kind));
    all
}

/// See the module's documentation.
pub(crate) struct FastBuilder(pub(crate) Builder);

impl std::ops::Deref for FastBuilder {
    type Target = Builder;
    fn deref(&self) -> &Builder {
        &self.0
    }
}

impl std::ops::DerefMut for FastBuilder {
    fn deref_mut(&mut self) -> &mut Builder {
        &mut self.0
    }
}

impl FastBuilder {
    /// Appends `op` with a result (of `result_id`, or a new id) to the current block.
    fn value(
        &mut self,
        op: Op,
        result_type: Word,
        result_id: Option<Word>,
        operands: Vec<Operand>,
    ) -> BuildResult<Word> {
        let id = result_id.unwrap_or_else(|| self.0.id());
        self.0.insert_into_block(
            InsertPoint::End,
            instruction(op, Some(result_type), Some(id), operands),
        )?;
        Ok(id)
    }

    /// Appends `op` without a result to the current block.
    fn effect(&mut self, op: Op, operands: Vec<Operand>) -> BuildResult<()> {
        self.0
            .insert_into_block(InsertPoint::End, instruction(op, None, None, operands))
    }

    /// Appends a terminator and ends the current block.
    fn terminator(&mut self, op: Op, operands: Vec<Operand>) -> BuildResult<()> {
        if self.0.selected_block().is_none() {
            return Err(dr::Error::MismatchedTerminator);
        }
        self.effect(op, operands)?;
        self.0.select_block(None)
    }

    fn unary(
        &mut self,
        op: Op,
        result_type: Word,
        result_id: Option<Word>,
        a: Word,
    ) -> BuildResult<Word> {
        self.value(op, result_type, result_id, vec![Operand::IdRef(a)])
    }

    fn binary(
        &mut self,
        op: Op,
        result_type: Word,
        result_id: Option<Word>,
        a: Word,
        b: Word,
    ) -> BuildResult<Word> {
        self.value(
            op,
            result_type,
            result_id,
            operands(&[a, b], [], Operand::IdRef),
        )
    }

    pub(crate) fn begin_block(&mut self, label_id: Option<Word>) -> BuildResult<Word> {
        let Some(f) = self.0.selected_function() else {
            return Err(dr::Error::DetachedBlock);
        };
        if self.0.selected_block().is_some() {
            return Err(dr::Error::NestedBlock);
        }
        let id = label_id.unwrap_or_else(|| self.0.id());
        let mut block = dr::Block::new();
        block.label = Some(instruction(Op::Label, None, Some(id), vec![]));
        let blocks = &mut self.0.module_mut().functions[f].blocks;
        blocks.push(block);
        let last = blocks.len() - 1;
        self.0.select_block(Some(last))?;
        Ok(id)
    }

    pub(crate) fn load(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        pointer: Word,
        memory_access: Option<spirv::MemoryAccess>,
        additional_params: impl IntoIterator<Item = Operand>,
    ) -> BuildResult<Word> {
        let access = memory_access.map(Operand::MemoryAccess);
        let ops = operands(
            &[pointer],
            access.into_iter().chain(additional_params),
            |o| o,
        );
        self.value(Op::Load, result_type, result_id, ops)
    }

    pub(crate) fn store(
        &mut self,
        pointer: Word,
        object: Word,
        memory_access: Option<spirv::MemoryAccess>,
        additional_params: impl IntoIterator<Item = Operand>,
    ) -> BuildResult<()> {
        let access = memory_access.map(Operand::MemoryAccess);
        let ops = operands(
            &[pointer, object],
            access.into_iter().chain(additional_params),
            |o| o,
        );
        self.effect(Op::Store, ops)
    }

    pub(crate) fn in_bounds_access_chain(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        base: Word,
        indexes: impl IntoIterator<Item = Word>,
    ) -> BuildResult<Word> {
        let ops = operands(&[base], indexes, Operand::IdRef);
        self.value(Op::InBoundsAccessChain, result_type, result_id, ops)
    }

    pub(crate) fn in_bounds_ptr_access_chain(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        base: Word,
        element: Word,
        indexes: impl IntoIterator<Item = Word>,
    ) -> BuildResult<Word> {
        let ops = operands(&[base, element], indexes, Operand::IdRef);
        self.value(Op::InBoundsPtrAccessChain, result_type, result_id, ops)
    }

    pub(crate) fn composite_extract(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        composite: Word,
        indexes: impl IntoIterator<Item = u32>,
    ) -> BuildResult<Word> {
        let ops = operands(&[composite], indexes, Operand::LiteralBit32);
        self.value(Op::CompositeExtract, result_type, result_id, ops)
    }

    pub(crate) fn composite_insert(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        object: Word,
        composite: Word,
        indexes: impl IntoIterator<Item = u32>,
    ) -> BuildResult<Word> {
        let ops = operands(&[object, composite], indexes, Operand::LiteralBit32);
        self.value(Op::CompositeInsert, result_type, result_id, ops)
    }

    pub(crate) fn composite_construct(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        constituents: impl IntoIterator<Item = Word>,
    ) -> BuildResult<Word> {
        let ops = operands(&[], constituents, Operand::IdRef);
        self.value(Op::CompositeConstruct, result_type, result_id, ops)
    }

    pub(crate) fn function_call(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        function: Word,
        arguments: impl IntoIterator<Item = Word>,
    ) -> BuildResult<Word> {
        let ops = operands(&[function], arguments, Operand::IdRef);
        self.value(Op::FunctionCall, result_type, result_id, ops)
    }

    pub(crate) fn ext_inst(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        extension_set: Word,
        instruction: Word,
        operands: impl IntoIterator<Item = Operand>,
    ) -> BuildResult<Word> {
        let mut all = vec![
            Operand::IdRef(extension_set),
            Operand::LiteralExtInstInteger(instruction),
        ];
        all.extend(operands);
        self.value(Op::ExtInst, result_type, result_id, all)
    }

    pub(crate) fn select(
        &mut self,
        result_type: Word,
        result_id: Option<Word>,
        condition: Word,
        object_1: Word,
        object_2: Word,
    ) -> BuildResult<Word> {
        let ops = operands(&[condition, object_1, object_2], [], Operand::IdRef);
        self.value(Op::Select, result_type, result_id, ops)
    }

    pub(crate) fn i_add(
        &mut self,
        t: Word,
        r: Option<Word>,
        a: Word,
        b: Word,
    ) -> BuildResult<Word> {
        self.binary(Op::IAdd, t, r, a, b)
    }

    pub(crate) fn i_sub(
        &mut self,
        t: Word,
        r: Option<Word>,
        a: Word,
        b: Word,
    ) -> BuildResult<Word> {
        self.binary(Op::ISub, t, r, a, b)
    }

    pub(crate) fn i_mul(
        &mut self,
        t: Word,
        r: Option<Word>,
        a: Word,
        b: Word,
    ) -> BuildResult<Word> {
        self.binary(Op::IMul, t, r, a, b)
    }

    pub(crate) fn s_convert(&mut self, t: Word, r: Option<Word>, a: Word) -> BuildResult<Word> {
        self.unary(Op::SConvert, t, r, a)
    }

    pub(crate) fn u_convert(&mut self, t: Word, r: Option<Word>, a: Word) -> BuildResult<Word> {
        self.unary(Op::UConvert, t, r, a)
    }

    pub(crate) fn bitcast(&mut self, t: Word, r: Option<Word>, a: Word) -> BuildResult<Word> {
        self.unary(Op::Bitcast, t, r, a)
    }

    pub(crate) fn branch(&mut self, target_label: Word) -> BuildResult<()> {
        self.terminator(Op::Branch, vec![Operand::IdRef(target_label)])
    }

    pub(crate) fn branch_conditional(
        &mut self,
        condition: Word,
        true_label: Word,
        false_label: Word,
        branch_weights: impl IntoIterator<Item = u32>,
    ) -> BuildResult<()> {
        let ops = operands(
            &[condition, true_label, false_label],
            branch_weights,
            Operand::LiteralBit32,
        );
        self.terminator(Op::BranchConditional, ops)
    }

    pub(crate) fn ret(&mut self) -> BuildResult<()> {
        self.terminator(Op::Return, vec![])
    }

    pub(crate) fn ret_value(&mut self, value: Word) -> BuildResult<()> {
        self.terminator(Op::ReturnValue, vec![Operand::IdRef(value)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;
    use rspirv::spirv::{AddressingModel, Capability, FunctionControl, MemoryAccess, MemoryModel};

    #[test]
    fn every_opcode_finds_its_own_entry() {
        for entry in rspirv::grammar::INSTRUCTION_TABLE.iter() {
            assert_eq!(class(entry.opcode).opcode, entry.opcode);
            assert_eq!(
                class(entry.opcode).opname,
                rspirv::grammar::INSTRUCTION_TABLE.get(entry.opcode).opname
            );
        }
    }

    /// The same calls on rspirv's builder and on [`FastBuilder`] give the same words.
    #[test]
    fn the_same_module_as_rspirv_builds() {
        fn build(fast: bool) -> Vec<u32> {
            let mut b = FastBuilder(Builder::new());
            b.capability(Capability::Addresses);
            b.capability(Capability::Kernel);
            b.capability(Capability::Int64);
            b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
            let ext = b.ext_inst_import("OpenCL.std");
            let void = b.type_void();
            let uint = b.type_int(32, 0);
            let ulong = b.type_int(64, 0);
            let boolean = b.type_bool();
            let v2 = b.type_vector(uint, 2);
            let ptr = b.type_pointer(None, spirv::StorageClass::CrossWorkgroup, uint);
            let fty = b.type_function(void, vec![ptr]);
            let one = b.constant_bit32(uint, 1);
            let f = b
                .begin_function(void, None, FunctionControl::NONE, fty)
                .unwrap();
            let p = b.function_parameter(ptr).unwrap();
            macro_rules! both {
                ($b:ident . $m:ident ( $($a:expr),* )) => {
                    if fast { $b.$m($($a),*) } else { $b.0.$m($($a),*) }
                };
            }
            let entry = b.id();
            let (then, done) = (b.id(), b.id());
            both!(b.begin_block(Some(entry))).unwrap();
            let x = both!(b.load(
                uint,
                None,
                p,
                Some(MemoryAccess::ALIGNED),
                [Operand::LiteralBit32(4)]
            ))
            .unwrap();
            let y = both!(b.i_add(uint, None, x, one)).unwrap();
            let y = both!(b.i_sub(uint, None, y, x)).unwrap();
            let y = both!(b.i_mul(uint, None, y, y)).unwrap();
            let w = both!(b.u_convert(ulong, None, y)).unwrap();
            let w = both!(b.s_convert(uint, None, w)).unwrap();
            let v = both!(b.composite_construct(v2, None, [w, y])).unwrap();
            let v = both!(b.composite_insert(v2, None, one, v, [1])).unwrap();
            let e = both!(b.composite_extract(uint, None, v, [0])).unwrap();
            let e = both!(b.bitcast(uint, None, e)).unwrap();
            let e = both!(b.ext_inst(
                uint,
                None,
                ext,
                165,
                [Operand::IdRef(e), Operand::IdRef(one)]
            ))
            .unwrap();
            let q = both!(b.in_bounds_ptr_access_chain(ptr, None, p, one, [])).unwrap();
            let q = both!(b.in_bounds_access_chain(ptr, None, q, [])).unwrap();
            let c = b.u_less_than(boolean, None, e, one).unwrap();
            let s = both!(b.select(uint, None, c, e, one)).unwrap();
            both!(b.store(q, s, None, [])).unwrap();
            both!(b.branch_conditional(c, then, done, [3, 1])).unwrap();
            both!(b.begin_block(Some(then))).unwrap();
            both!(b.function_call(void, None, f, [p])).unwrap();
            both!(b.branch(done)).unwrap();
            both!(b.begin_block(Some(done))).unwrap();
            both!(b.ret()).unwrap();
            b.end_function().unwrap();
            let gty = b.type_function(uint, vec![ptr]);
            b.begin_function(uint, None, FunctionControl::NONE, gty)
                .unwrap();
            b.function_parameter(ptr).unwrap();
            both!(b.begin_block(None)).unwrap();
            both!(b.ret_value(one)).unwrap();
            b.end_function().unwrap();
            assert!(both!(b.ret()).is_err(), "a terminator outside a block");
            b.0.module().assemble()
        }
        assert_eq!(build(true), build(false));
    }
}
