//! Vectors of 8 and 16 components on the Vulkan target.
//!
//! Vulkan's SPIR-V has vectors of 2 to 4 components only (`Vector16` is a Kernel
//! capability). The writer emits OpenCL's vector types for both targets; for Vulkan this
//! pass then turns each wide vector type into an array of its components (same id, so every
//! type that refers to it follows) and splits each instruction that computes a wide value
//! into one instruction per component, reassembled with `OpCompositeConstruct`.
//!
//! Arrays keep the vector's bytes (components are contiguous: a `float16` member of a struct
//! in a buffer keeps its offset and size), and loads, stores, phis, calls, constants,
//! composite extracts and inserts and access chains mean the same on arrays, so they pass
//! through. What remains are the instructions that only vectors have: shuffles, dynamic
//! extracts and inserts, `OpAny`/`OpAll`, `OpVectorTimesScalar`, and bit casts that regroup
//! components (`as_uint4(uchar16)`).
//!
//! Working on the written module rather than on the AST sees every instruction that touches
//! a wide vector, whichever part of the writer (operators, built-ins, the math emulation)
//! made it. Anything it does not know is reported, never passed on as an invalid module.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// Rewrites every vector of more than 4 components in `m`; returns the capabilities the
/// rewritten module needs beyond those it declares (narrow integer types made for bit
/// casts). `Err` names an instruction this pass cannot split (a bug in clc).
pub(super) fn lower(m: &mut Module) -> Result<Vec<Capability>, String> {
    let wide_exists = m.types_global_values.iter().any(|i| {
        i.class.opcode == Op::TypeVector
            && matches!(i.operands.get(1), Some(Operand::LiteralBit32(n)) if *n > 4)
    });
    if !wide_exists {
        return Ok(Vec::new());
    }
    let mut l = Lowering::scan(m)?;
    l.retype(m);
    for f in &mut m.functions {
        for block in &mut f.blocks {
            let old = std::mem::take(&mut block.instructions);
            let mut out = Vec::with_capacity(old.len());
            for inst in old {
                l.rewrite(inst, &mut out)?;
            }
            block.instructions = out;
        }
    }
    l.finish(m);
    Ok(l.new_caps)
}

/// A scalar type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Num {
    Int(u32),
    Float(u32),
    Bool,
}

impl Num {
    fn width(self) -> u32 {
        match self {
            Num::Int(w) | Num::Float(w) => w,
            Num::Bool => 0,
        }
    }
}

#[derive(Default)]
struct Lowering {
    next: Word,
    scalars: FxHashMap<Word, Num>,
    scalar_ids: FxHashMap<Num, Word>,
    /// Every vector type (narrow and wide): (component type, count).
    vectors: FxHashMap<Word, (Word, u32)>,
    vector_ids: FxHashMap<(Word, u32), Word>,
    pointers: FxHashMap<Word, (StorageClass, Word)>,
    pointer_ids: FxHashMap<(StorageClass, Word), Word>,
    /// Scalar constants by (type, bits).
    constants: FxHashMap<(Word, u64), Word>,
    undefs: FxHashMap<Word, Word>,
    /// The type of every value.
    types: FxHashMap<Word, Word>,
    /// Types and constants made here, appended to the module's.
    globals: Vec<Instruction>,
    new_caps: Vec<Capability>,
    /// Decorations of results that belong on each component (`NoContraction`, fast-math).
    moved: FxHashMap<Word, Vec<Instruction>>,
    /// The decorations to add for split results.
    annotations: Vec<Instruction>,
    /// Results whose decorations moved to their components.
    split: FxHashSet<Word>,
}

fn lit(op: &Operand) -> Option<u32> {
    match op {
        Operand::LiteralBit32(v) => Some(*v),
        _ => None,
    }
}

fn id(op: &Operand) -> Option<Word> {
    match op {
        Operand::IdRef(v) => Some(*v),
        _ => None,
    }
}

impl Lowering {
    fn scan(m: &mut Module) -> Result<Self, String> {
        let mut l = Lowering {
            next: m.header.as_ref().map_or(1, |h| h.bound),
            ..Default::default()
        };
        for i in &m.types_global_values {
            let (Some(r), ops) = (i.result_id, &i.operands) else {
                continue;
            };
            match i.class.opcode {
                Op::TypeInt => {
                    let w = ops.first().and_then(lit).unwrap_or(0);
                    l.scalars.insert(r, Num::Int(w));
                    l.scalar_ids.entry(Num::Int(w)).or_insert(r);
                }
                Op::TypeFloat => {
                    let w = ops.first().and_then(lit).unwrap_or(0);
                    l.scalars.insert(r, Num::Float(w));
                    l.scalar_ids.entry(Num::Float(w)).or_insert(r);
                }
                Op::TypeBool => {
                    l.scalars.insert(r, Num::Bool);
                    l.scalar_ids.insert(Num::Bool, r);
                }
                Op::TypeVector => {
                    let (Some(e), Some(n)) = (ops.first().and_then(id), ops.get(1).and_then(lit))
                    else {
                        return Err("OpTypeVector without operands".into());
                    };
                    l.vectors.insert(r, (e, n));
                    l.vector_ids.insert((e, n), r);
                }
                Op::TypePointer => {
                    if let (Some(Operand::StorageClass(sc)), Some(p)) =
                        (ops.first(), ops.get(1).and_then(id))
                    {
                        l.pointers.insert(r, (*sc, p));
                        l.pointer_ids.insert((*sc, p), r);
                    }
                }
                Op::Constant => {
                    if let Some(ty) = i.result_type {
                        let bits = match ops.first() {
                            Some(Operand::LiteralBit32(v)) => Some(u64::from(*v)),
                            Some(Operand::LiteralBit64(v)) => Some(*v),
                            _ => None,
                        };
                        if let Some(bits) = bits {
                            l.constants.entry((ty, bits)).or_insert(r);
                        }
                    }
                }
                _ => {}
            }
            if let Some(ty) = i.result_type {
                l.types.insert(r, ty);
            }
        }
        for f in &m.functions {
            for i in f
                .parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| &b.instructions))
            {
                if let (Some(r), Some(ty)) = (i.result_id, i.result_type) {
                    l.types.insert(r, ty);
                }
            }
        }
        for a in &m.annotations {
            if a.class.opcode == Op::Decorate
                && matches!(
                    a.operands.get(1),
                    Some(Operand::Decoration(
                        Decoration::NoContraction
                            | Decoration::FPFastMathMode
                            | Decoration::RelaxedPrecision
                    ))
                )
            {
                if let Some(target) = a.operands.first().and_then(id) {
                    l.moved.entry(target).or_default().push(a.clone());
                }
            }
        }
        Ok(l)
    }

    /// Makes each wide vector type an array of its components, in place.
    fn retype(&mut self, m: &mut Module) {
        // The array lengths need a 32-bit integer type and constants ahead of the first
        // wide vector type: move (or make) that type to the front.
        let types = &mut m.types_global_values;
        let uint = match types.iter().position(|i| {
            i.class.opcode == Op::TypeInt
                && i.operands.first().and_then(lit) == Some(32)
                && i.operands.get(1).and_then(lit) == Some(0)
        }) {
            Some(p) => {
                let inst = types.remove(p);
                let r = inst.result_id.unwrap_or(0);
                types.insert(0, inst);
                r
            }
            None => {
                let r = self.fresh();
                types.insert(
                    0,
                    Instruction::new(
                        Op::TypeInt,
                        None,
                        Some(r),
                        vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
                    ),
                );
                self.scalars.insert(r, Num::Int(32));
                self.scalar_ids.insert(Num::Int(32), r);
                r
            }
        };
        // One fresh length constant per count, right after the integer type (an equal
        // constant elsewhere may come after the first wide vector type).
        let mut lengths: FxHashMap<u32, Word> = FxHashMap::default();
        for i in types.iter_mut() {
            let (Op::TypeVector, Some(e), Some(n)) = (
                i.class.opcode,
                i.operands.first().and_then(id),
                i.operands.get(1).and_then(lit),
            ) else {
                continue;
            };
            if n <= 4 {
                continue;
            }
            let len = *lengths.entry(n).or_insert_with(|| {
                let c = self.next;
                self.next += 1;
                c
            });
            let r = i.result_id.unwrap_or(0);
            *i = Instruction::new(
                Op::TypeArray,
                None,
                Some(r),
                vec![Operand::IdRef(e), Operand::IdRef(len)],
            );
            let width = self.scalars.get(&e).map_or(0, |s| s.width());
            if width > 0 {
                m.annotations.push(Instruction::new(
                    Op::Decorate,
                    None,
                    None,
                    vec![
                        Operand::IdRef(r),
                        Operand::Decoration(Decoration::ArrayStride),
                        Operand::LiteralBit32(width / 8),
                    ],
                ));
            }
        }
        // In the order of their ids (a map's order would differ from run to run): each
        // goes in at position 1, so the highest id first.
        let mut lengths: Vec<(u32, Word)> = lengths.into_iter().collect();
        lengths.sort_unstable_by_key(|&(_, c)| std::cmp::Reverse(c));
        for (n, c) in lengths {
            types.insert(
                1,
                Instruction::new(
                    Op::Constant,
                    Some(uint),
                    Some(c),
                    vec![Operand::LiteralBit32(n)],
                ),
            );
            self.constants.entry((uint, u64::from(n))).or_insert(c);
            self.types.insert(c, uint);
        }
    }

    fn finish(&mut self, m: &mut Module) {
        m.types_global_values.append(&mut self.globals);
        m.annotations.retain(|a| {
            !(a.class.opcode == Op::Decorate
                && a.operands
                    .first()
                    .and_then(id)
                    .is_some_and(|t| self.split.contains(&t))
                && matches!(
                    a.operands.get(1),
                    Some(Operand::Decoration(
                        Decoration::NoContraction
                            | Decoration::FPFastMathMode
                            | Decoration::RelaxedPrecision
                    ))
                ))
        });
        m.annotations.append(&mut self.annotations);
        for cap in &self.new_caps {
            m.capabilities.push(Instruction::new(
                Op::Capability,
                None,
                None,
                vec![Operand::Capability(*cap)],
            ));
        }
        if let Some(h) = m.header.as_mut() {
            h.bound = self.next;
        }
    }

    fn fresh(&mut self) -> Word {
        let r = self.next;
        self.next += 1;
        r
    }

    fn is_wide(&self, ty: Word) -> bool {
        self.vectors.get(&ty).is_some_and(|&(_, n)| n > 4)
    }

    fn value_is_wide(&self, op: &Operand) -> bool {
        id(op)
            .and_then(|v| self.types.get(&v))
            .is_some_and(|&t| self.is_wide(t))
    }

    /// The pointee of a pointer to a wide vector.
    fn wide_pointee(&self, op: &Operand) -> Option<(StorageClass, Word)> {
        let t = id(op).and_then(|v| self.types.get(&v))?;
        let &(sc, p) = self.pointers.get(t)?;
        self.is_wide(p).then_some((sc, p))
    }

    /// Component type and count of a vector type, or the type and 1 for a scalar.
    fn shape(&self, ty: Word) -> (Word, u32) {
        self.vectors.get(&ty).copied().unwrap_or((ty, 1))
    }

    fn emit(
        &mut self,
        out: &mut Vec<Instruction>,
        op: Op,
        ty: Word,
        operands: Vec<Operand>,
    ) -> Word {
        let r = self.fresh();
        self.types.insert(r, ty);
        out.push(Instruction::new(op, Some(ty), Some(r), operands));
        r
    }

    /// Component `i` of `v` (a scalar stands for all its components).
    fn component(&mut self, out: &mut Vec<Instruction>, v: Word, i: u32) -> Word {
        let Some(&ty) = self.types.get(&v) else {
            return v;
        };
        match self.vectors.get(&ty) {
            Some(&(e, _)) => self.emit(
                out,
                Op::CompositeExtract,
                e,
                vec![Operand::IdRef(v), Operand::LiteralBit32(i)],
            ),
            None => v,
        }
    }

    fn components(&mut self, out: &mut Vec<Instruction>, v: Word) -> Vec<Word> {
        let n = self.types.get(&v).map_or(1, |&t| self.shape(t).1);
        (0..n).map(|i| self.component(out, v, i)).collect()
    }

    fn global(&mut self, op: Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        let r = self.fresh();
        if let Some(ty) = ty {
            self.types.insert(r, ty);
        }
        self.globals
            .push(Instruction::new(op, ty, Some(r), operands));
        r
    }

    fn int_ty(&mut self, width: u32) -> Word {
        if let Some(&t) = self.scalar_ids.get(&Num::Int(width)) {
            return t;
        }
        let t = self.global(
            Op::TypeInt,
            None,
            vec![Operand::LiteralBit32(width), Operand::LiteralBit32(0)],
        );
        self.scalars.insert(t, Num::Int(width));
        self.scalar_ids.insert(Num::Int(width), t);
        match width {
            8 => self.new_caps.push(Capability::Int8),
            16 => self.new_caps.push(Capability::Int16),
            64 => self.new_caps.push(Capability::Int64),
            _ => {}
        }
        t
    }

    fn bool_ty(&mut self) -> Word {
        if let Some(&t) = self.scalar_ids.get(&Num::Bool) {
            return t;
        }
        let t = self.global(Op::TypeBool, None, vec![]);
        self.scalars.insert(t, Num::Bool);
        self.scalar_ids.insert(Num::Bool, t);
        t
    }

    fn vector_ty(&mut self, e: Word, n: u32) -> Word {
        if n == 1 {
            return e;
        }
        if let Some(&t) = self.vector_ids.get(&(e, n)) {
            return t;
        }
        let t = self.type_decl(Op::TypeVector, Operand::IdRef(e), Operand::LiteralBit32(n));
        self.vectors.insert(t, (e, n));
        self.vector_ids.insert((e, n), t);
        t
    }

    fn pointer_ty(&mut self, sc: StorageClass, pointee: Word) -> Word {
        if let Some(&t) = self.pointer_ids.get(&(sc, pointee)) {
            return t;
        }
        let t = self.type_decl(
            Op::TypePointer,
            Operand::StorageClass(sc),
            Operand::IdRef(pointee),
        );
        self.pointers.insert(t, (sc, pointee));
        self.pointer_ids.insert((sc, pointee), t);
        t
    }

    /// A new two-operand type declaration.
    fn type_decl(&mut self, op: Op, a: Operand, b: Operand) -> Word {
        self.global(op, None, vec![a, b])
    }

    fn constant(&mut self, ty: Word, v: u64) -> Word {
        if let Some(&c) = self.constants.get(&(ty, v)) {
            return c;
        }
        let lit = if self.scalars.get(&ty).map_or(32, |s| s.width()) == 64 {
            Operand::LiteralBit64(v)
        } else {
            Operand::LiteralBit32(v as u32)
        };
        let c = self.global(Op::Constant, Some(ty), vec![lit]);
        self.constants.insert((ty, v), c);
        c
    }

    fn undef(&mut self, ty: Word) -> Word {
        if let Some(&u) = self.undefs.get(&ty) {
            return u;
        }
        let u = self.global(Op::Undef, Some(ty), vec![]);
        self.undefs.insert(ty, u);
        u
    }

    fn construct(&mut self, out: &mut Vec<Instruction>, ty: Word, r: Word, parts: Vec<Word>) {
        out.push(Instruction::new(
            Op::CompositeConstruct,
            Some(ty),
            Some(r),
            parts.into_iter().map(Operand::IdRef).collect(),
        ));
    }

    fn rewrite(&mut self, inst: Instruction, out: &mut Vec<Instruction>) -> Result<(), String> {
        let op = inst.class.opcode;
        let result_wide = inst.result_type.is_some_and(|t| self.is_wide(t));
        let operand_wide = inst.operands.iter().any(|o| self.value_is_wide(o));
        if !result_wide && !operand_wide {
            return Ok(out.push(inst));
        }
        let (Some(ty), Some(r)) = (inst.result_type, inst.result_id) else {
            // OpStore, OpReturnValue and the like take arrays as they took vectors.
            return match op {
                Op::Store | Op::ReturnValue => Ok(out.push(inst)),
                _ => Err(format!("a vector of more than 4 components in Op{op:?}")),
            };
        };
        match op {
            // Arrays behave as the vectors did.
            Op::Load
            | Op::Phi
            | Op::FunctionCall
            | Op::CopyObject
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::Undef => out.push(inst),
            Op::CompositeConstruct if !result_wide => out.push(inst),
            Op::CompositeConstruct => {
                let mut parts = Vec::new();
                for o in &inst.operands {
                    let v = id(o).ok_or("OpCompositeConstruct with a literal")?;
                    parts.extend(self.components(out, v));
                }
                self.construct(out, ty, r, parts);
            }
            Op::VectorShuffle => {
                let (Some(a), Some(b)) = (
                    inst.operands.first().and_then(id),
                    inst.operands.get(1).and_then(id),
                ) else {
                    return Err("OpVectorShuffle without vectors".into());
                };
                let na = self.types.get(&a).map_or(1, |&t| self.shape(t).1);
                let (e, _) = self.shape(ty);
                let mut parts = Vec::new();
                for o in &inst.operands[2..] {
                    let c = lit(o).ok_or("OpVectorShuffle component")?;
                    parts.push(if c == u32::MAX {
                        self.undef(e)
                    } else if c < na {
                        self.component(out, a, c)
                    } else {
                        self.component(out, b, c - na)
                    });
                }
                self.construct(out, ty, r, parts);
            }
            Op::VectorExtractDynamic => {
                let (Some(v), Some(index)) = (
                    inst.operands.first().and_then(id),
                    inst.operands.get(1).and_then(id),
                ) else {
                    return Err("OpVectorExtractDynamic operands".into());
                };
                let parts = self.components(out, v);
                let index_ty = self.types.get(&index).copied().unwrap_or(0);
                let bool_ty = self.bool_ty();
                let mut acc = *parts.last().ok_or("an empty vector")?;
                for (i, &p) in parts.iter().enumerate().rev().skip(1) {
                    let k = self.constant(index_ty, i as u64);
                    let eq = self.emit(
                        out,
                        Op::IEqual,
                        bool_ty,
                        vec![Operand::IdRef(index), Operand::IdRef(k)],
                    );
                    acc = self.emit(
                        out,
                        Op::Select,
                        ty,
                        vec![Operand::IdRef(eq), Operand::IdRef(p), Operand::IdRef(acc)],
                    );
                }
                out.push(Instruction::new(
                    Op::CopyObject,
                    Some(ty),
                    Some(r),
                    vec![Operand::IdRef(acc)],
                ));
            }
            Op::VectorInsertDynamic => {
                let (Some(v), Some(x), Some(index)) = (
                    inst.operands.first().and_then(id),
                    inst.operands.get(1).and_then(id),
                    inst.operands.get(2).and_then(id),
                ) else {
                    return Err("OpVectorInsertDynamic operands".into());
                };
                let (e, _) = self.shape(ty);
                let index_ty = self.types.get(&index).copied().unwrap_or(0);
                let bool_ty = self.bool_ty();
                let old = self.components(out, v);
                let mut parts = Vec::new();
                for (i, p) in old.into_iter().enumerate() {
                    let k = self.constant(index_ty, i as u64);
                    let eq = self.emit(
                        out,
                        Op::IEqual,
                        bool_ty,
                        vec![Operand::IdRef(index), Operand::IdRef(k)],
                    );
                    parts.push(self.emit(
                        out,
                        Op::Select,
                        e,
                        vec![Operand::IdRef(eq), Operand::IdRef(x), Operand::IdRef(p)],
                    ));
                }
                self.construct(out, ty, r, parts);
            }
            Op::Any | Op::All => {
                let v = inst.operands.first().and_then(id).ok_or("OpAny operand")?;
                let parts = self.components(out, v);
                let fold = if op == Op::Any {
                    Op::LogicalOr
                } else {
                    Op::LogicalAnd
                };
                let mut acc = parts[0];
                for &p in &parts[1..] {
                    acc = self.emit(out, fold, ty, vec![Operand::IdRef(acc), Operand::IdRef(p)]);
                }
                out.push(Instruction::new(
                    Op::CopyObject,
                    Some(ty),
                    Some(r),
                    vec![Operand::IdRef(acc)],
                ));
            }
            Op::Bitcast => {
                let v = inst
                    .operands
                    .first()
                    .and_then(id)
                    .ok_or("OpBitcast operand")?;
                let from = self.types.get(&v).copied().unwrap_or(0);
                if self.shape(from).1 == self.shape(ty).1 {
                    self.per_component(inst, out);
                } else {
                    self.regroup(out, v, from, ty, r)?;
                }
            }
            _ if !result_wide => {
                return Err(format!(
                    "a vector of more than 4 components as an operand of Op{op:?}"
                ))
            }
            Op::Dot => return Err("OpDot of a vector of more than 4 components".into()),
            _ => self.per_component(inst, out),
        }
        Ok(())
    }

    /// Splits a component-wise instruction: wide operands give their component, pointers
    /// to wide vectors a pointer to it, other operands (a scalar condition, an extended
    /// instruction set and number) stay.
    fn per_component(&mut self, inst: Instruction, out: &mut Vec<Instruction>) {
        let (Some(ty), Some(r)) = (inst.result_type, inst.result_id) else {
            return out.push(inst);
        };
        let (n_ty, n) = self.shape(ty);
        let op = match inst.class.opcode {
            Op::VectorTimesScalar => Op::FMul,
            op => op,
        };
        let decorations = self.moved.get(&r).cloned().unwrap_or_default();
        if !decorations.is_empty() {
            self.split.insert(r);
        }
        let mut parts = Vec::with_capacity(n as usize);
        for i in 0..n {
            let mut operands = Vec::with_capacity(inst.operands.len());
            for o in &inst.operands {
                if self.value_is_wide(o) {
                    operands.push(Operand::IdRef(self.component(out, id(o).unwrap_or(0), i)));
                } else if let Some((sc, p)) = self.wide_pointee(o) {
                    let (e, _) = self.shape(p);
                    let ptr = self.pointer_ty(sc, e);
                    let u32_ty = self.int_ty(32);
                    let k = self.constant(u32_ty, u64::from(i));
                    let base = id(o).unwrap_or(0);
                    operands.push(Operand::IdRef(self.emit(
                        out,
                        Op::AccessChain,
                        ptr,
                        vec![Operand::IdRef(base), Operand::IdRef(k)],
                    )));
                } else {
                    operands.push(o.clone());
                }
            }
            let part = self.emit(out, op, n_ty, operands);
            for d in &decorations {
                let mut d = d.clone();
                d.operands[0] = Operand::IdRef(part);
                self.annotations.push(d);
            }
            parts.push(part);
        }
        self.construct(out, ty, r, parts);
    }

    /// `OpBitcast` between vectors of different counts: components are regrouped, the
    /// lowest-numbered in the least significant bits (as SPIR-V defines vector bit casts).
    fn regroup(
        &mut self,
        out: &mut Vec<Instruction>,
        v: Word,
        from: Word,
        to: Word,
        r: Word,
    ) -> Result<(), String> {
        let (es, ns) = self.shape(from);
        let (ed, nd) = self.shape(to);
        let ws = self.scalars.get(&es).map_or(0, |s| s.width());
        let wd = self.scalars.get(&ed).map_or(0, |s| s.width());
        if ws == 0 || wd == 0 || ws * ns != wd * nd {
            return Err(format!(
                "a bit cast between {ns}×{ws}-bit and {nd}×{wd}-bit vectors"
            ));
        }
        let src = self.components(out, v);
        let mut parts = Vec::with_capacity(nd as usize);
        if ws < wd {
            let k = (wd / ws) as usize;
            for group in src.chunks(k) {
                parts.push(self.pack(out, group, es, ed)?);
            }
        } else {
            let k = ws / wd;
            for s in src {
                parts.extend(self.unpack(out, s, ed, k, ws)?);
            }
        }
        if nd == 1 {
            out.push(Instruction::new(
                Op::CopyObject,
                Some(to),
                Some(r),
                vec![Operand::IdRef(parts[0])],
            ));
        } else {
            self.construct(out, to, r, parts);
        }
        Ok(())
    }

    /// One `to` scalar from the bits of `group` (components of type `e`).
    fn pack(
        &mut self,
        out: &mut Vec<Instruction>,
        group: &[Word],
        e: Word,
        to: Word,
    ) -> Result<Word, String> {
        let w = self.scalars.get(&e).map_or(0, |s| s.width());
        if group.len() > 4 {
            // Eight bytes: two 32-bit halves first.
            let half = self.int_ty(w * 4);
            let mut halves = Vec::new();
            for q in group.chunks(4) {
                halves.push(self.pack(out, q, e, half)?);
            }
            return self.pack(out, &halves, half, to);
        }
        let vec_ty = self.vector_ty(e, group.len() as u32);
        let vector = self.emit(
            out,
            Op::CompositeConstruct,
            vec_ty,
            group.iter().copied().map(Operand::IdRef).collect(),
        );
        Ok(self.emit(out, Op::Bitcast, to, vec![Operand::IdRef(vector)]))
    }

    /// The `k` components of type `e` in the bits of scalar `s` (`w` bits wide).
    fn unpack(
        &mut self,
        out: &mut Vec<Instruction>,
        s: Word,
        e: Word,
        k: u32,
        w: u32,
    ) -> Result<Vec<Word>, String> {
        if k > 4 {
            let half = self.int_ty(w / 2);
            let pair_ty = self.vector_ty(half, 2);
            let pair = self.emit(out, Op::Bitcast, pair_ty, vec![Operand::IdRef(s)]);
            let mut parts = Vec::new();
            for h in self.components(out, pair) {
                parts.extend(self.unpack(out, h, e, k / 2, w / 2)?);
            }
            return Ok(parts);
        }
        let vec_ty = self.vector_ty(e, k);
        let vector = self.emit(out, Op::Bitcast, vec_ty, vec![Operand::IdRef(s)]);
        Ok(self.components(out, vector))
    }
}
