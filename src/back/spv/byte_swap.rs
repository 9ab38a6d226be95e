//! Byte swaps written with `|` or `^` become additions (pass `byte-swap`, Vulkan only).
//!
//! NVIDIA's driver 580 (H100, H200) gives 0 for a 16-bit byte swap,
//! `(ushort)((x << 8) | (x >> 8))`, whether the module computes it in 16 or 32 bits, from a
//! `ushort` or from an `int` masked to 16 bits, with `|` or `^`; the same with `+`, or not
//! truncated to 16 bits, is right (`kernels/types/byte_swap16`, found by clc-smith seeds
//! 330175 and 330997 through `rotate`).
//!
//! Where the two halves of such an `OpBitwiseOr` or `OpBitwiseXor` cannot share a set bit,
//! `a | b`, `a ^ b` and `a + b` are the same value, so the instruction becomes an `OpIAdd`.
//! The halves are a left and a right shift by the constant 8; the bits each can have set
//! come from a small known-bits walk (constants, conversions, masks, shifts by constants),
//! and anything it does not know may have every bit of its type set.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};
use rustc_hash::FxHashMap;

/// Runs the pass over every function of `module`.
pub(super) fn rewrite(module: &mut Module) {
    let mut defs: FxHashMap<Word, Instruction> = FxHashMap::default();
    for i in &module.types_global_values {
        if let Some(id) = i.result_id {
            defs.insert(id, i.clone());
        }
    }
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                if let Some(id) = i.result_id {
                    defs.insert(id, i.clone());
                }
            }
        }
    }
    let known = Known { defs: &defs };
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if matches!(i.class.opcode, Op::BitwiseOr | Op::BitwiseXor) && known.swaps_bytes(i)
                {
                    *i = Instruction::new(Op::IAdd, i.result_type, i.result_id, i.operands.clone());
                }
            }
        }
    }
}

struct Known<'a> {
    defs: &'a FxHashMap<Word, Instruction>,
}

/// How deep the known-bits walk goes.
const DEPTH: u32 = 12;

impl Known<'_> {
    /// Whether `i` (an or / xor) is a shift left by 8 and a shift right by 8 whose set bits
    /// cannot overlap.
    fn swaps_bytes(&self, i: &Instruction) -> bool {
        let (Some(a), Some(b)) = (id(i, 0), id(i, 1)) else {
            return false;
        };
        let shift = |x: Word| {
            let d = self.defs.get(&x)?;
            let by = id(d, 1).and_then(|c| self.constant(c))?;
            (by == 8).then_some(d.class.opcode)
        };
        let left = |o| o == Op::ShiftLeftLogical;
        let right = |o| matches!(o, Op::ShiftRightLogical | Op::ShiftRightArithmetic);
        let shape = match (shift(a), shift(b)) {
            (Some(x), Some(y)) => (left(x) && right(y)) || (right(x) && left(y)),
            _ => false,
        };
        shape && self.bits(a, DEPTH) & self.bits(b, DEPTH) == 0
    }

    /// The scalar value of `x` (the one value of a splat) when it is a constant or computed
    /// from constants by conversions and bitwise or additive operations (clc's `-O0` code
    /// converts and masks a shift's constant count before it shifts).
    fn constant(&self, x: Word) -> Option<u64> {
        self.value(x, DEPTH)
    }

    fn value(&self, x: Word, depth: u32) -> Option<u64> {
        let d = self.defs.get(&x)?;
        let depth = depth.checked_sub(1)?;
        let at = |k: usize| id(d, k).and_then(|o| self.value(o, depth));
        let all = match d.result_type.and_then(|t| self.width(t)) {
            Some(w) if w < 64 => (1u64 << w) - 1,
            _ => u64::MAX,
        };
        let v = match d.class.opcode {
            Op::Constant => match d.operands.first()? {
                Operand::LiteralBit32(v) => u64::from(*v),
                Operand::LiteralBit64(v) => *v,
                _ => return None,
            },
            Op::ConstantComposite => {
                let mut each = d.operands.iter().map(|o| match o {
                    Operand::IdRef(c) => self.value(*c, depth),
                    _ => None,
                });
                let first = each.next()??;
                if !each.all(|v| v == Some(first)) {
                    return None;
                }
                first
            }
            Op::UConvert => at(0)?,
            // A non-negative value keeps its value when sign-extended.
            Op::SConvert => {
                let v = at(0)?;
                let from = id(d, 0)
                    .and_then(|o| self.defs.get(&o))
                    .and_then(|o| o.result_type)
                    .and_then(|t| self.width(t))?;
                if from < 64 && v >> (from - 1) != 0 {
                    return None;
                }
                v
            }
            Op::BitwiseAnd => at(0)? & at(1)?,
            Op::BitwiseOr => at(0)? | at(1)?,
            Op::BitwiseXor => at(0)? ^ at(1)?,
            Op::IAdd => at(0)?.wrapping_add(at(1)?),
            Op::ISub => at(0)?.wrapping_sub(at(1)?),
            _ => return None,
        };
        Some(v & all)
    }

    /// The width in bits of an integer scalar type or of its vectors' components.
    fn width(&self, ty: Word) -> Option<u32> {
        let d = self.defs.get(&ty)?;
        match (d.class.opcode, d.operands.first()?) {
            (Op::TypeInt, Operand::LiteralBit32(w)) => Some(*w),
            (Op::TypeVector, Operand::IdRef(c)) => self.width(*c),
            _ => None,
        }
    }

    /// The bits that may be set in the value `x` (in every component of a vector).
    fn bits(&self, x: Word, depth: u32) -> u64 {
        let Some(d) = self.defs.get(&x) else {
            return u64::MAX;
        };
        let all = match d.result_type.and_then(|t| self.width(t)) {
            Some(w) if w < 64 => (1u64 << w) - 1,
            Some(_) => u64::MAX,
            None => return u64::MAX,
        };
        if depth == 0 {
            return all;
        }
        let at = |k: usize| id(d, k).map_or(all, |o| self.bits(o, depth - 1));
        let by = || id(d, 1).and_then(|c| self.constant(c)).filter(|&k| k < 64);
        if let Some(v) = self.value(x, depth) {
            return v & all;
        }
        let known = match d.class.opcode {
            Op::UConvert => at(0),
            Op::BitwiseAnd => at(0) & at(1),
            Op::BitwiseOr | Op::BitwiseXor => at(0) | at(1),
            Op::ShiftLeftLogical => by().map_or(all, |k| at(0) << k),
            Op::ShiftRightLogical => by().map_or(all, |k| at(0) >> k),
            Op::ShiftRightArithmetic => {
                let sign = (all >> 1) + 1;
                match by() {
                    Some(k) if at(0) & sign == 0 => at(0) >> k,
                    _ => all,
                }
            }
            _ => all,
        };
        known & all
    }
}

/// Operand `k` of `i` as an id.
fn id(i: &Instruction, k: usize) -> Option<Word> {
    match i.operands.get(k) {
        Some(Operand::IdRef(x)) => Some(*x),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::dr::Builder;
    use rspirv::spirv::{FunctionControl, StorageClass};

    /// A function computing `op(shl(x, 8), shr(x, 8))` where `x` is a 16-bit load
    /// zero-extended to 32 bits (`masked`) or a 32-bit load; returns the module.
    fn module(op: Op, masked: bool, by: u32) -> Module {
        let mut b = Builder::new();
        let uint = b.type_int(32, 0);
        let ushort = b.type_int(16, 0);
        let fn_ty = b.type_function(uint, []);
        let (p16, p32) = (
            b.type_pointer(None, StorageClass::Function, ushort),
            b.type_pointer(None, StorageClass::Function, uint),
        );
        let k = b.constant_bit32(uint, by);
        let back = b.constant_bit32(uint, 16 - by);
        b.begin_function(uint, None, FunctionControl::NONE, fn_ty)
            .unwrap();
        b.begin_block(None).unwrap();
        let v16 = b.variable(p16, None, StorageClass::Function, None);
        let v32 = b.variable(p32, None, StorageClass::Function, None);
        let x = if masked {
            let h = b.load(ushort, None, v16, None, []).unwrap();
            b.u_convert(uint, None, h).unwrap()
        } else {
            b.load(uint, None, v32, None, []).unwrap()
        };
        let l = b.shift_left_logical(uint, None, x, k).unwrap();
        let r = b.shift_right_logical(uint, None, x, back).unwrap();
        let o = match op {
            Op::BitwiseOr => b.bitwise_or(uint, None, l, r),
            _ => b.bitwise_xor(uint, None, r, l),
        }
        .unwrap();
        b.ret_value(o).unwrap();
        b.end_function().unwrap();
        b.module()
    }

    fn last_op(m: &Module) -> Op {
        let i = &m.functions[0].blocks[0].instructions;
        i[i.len() - 2].class.opcode
    }

    #[test]
    fn byte_swaps_of_16_bit_values_become_additions() {
        for op in [Op::BitwiseOr, Op::BitwiseXor] {
            let mut m = module(op, true, 8);
            rewrite(&mut m);
            assert_eq!(last_op(&m), Op::IAdd, "{op:?}");
        }
    }

    #[test]
    fn other_shapes_stay() {
        // All 32 bits may be set: the halves can share bits.
        let mut m = module(Op::BitwiseOr, false, 8);
        rewrite(&mut m);
        assert_eq!(last_op(&m), Op::BitwiseOr);
        // Another shift amount (a rotate by 4) is left alone.
        let mut m = module(Op::BitwiseOr, true, 4);
        rewrite(&mut m);
        assert_eq!(last_op(&m), Op::BitwiseOr);
    }
}
