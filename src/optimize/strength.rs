//! Loop strength reduction: integer expressions that grow by a fixed amount each iteration
//! become induction variables of their own.
//!
//! In `for (f = 0; f < n; ++f) x += a[f * stride + p];` the index `f * stride + p` is
//! rebuilt from `f` in every iteration (a multiply and an add). clang's LLVM pipeline turns it
//! into a running sum before it writes SPIR-V; spirv-opt has no such pass, and Intel's CPU
//! runtime, which vectorizes across work-items, then recomputes and re-broadcasts the index
//! on the address path of every gather (`bench/cpu`: conv2d 1.22×, kmeans 1.12× clang-22's
//! time). This pass gives each such index an `OpPhi` of its own in the loop header, started
//! in the preheader and stepped by one `OpIAdd` on the back edge.
//!
//! The rewrite is exact. An expression qualifies when it is built only from `OpIAdd`,
//! `OpISub`, `OpIMul`, `OpShiftLeftLogical` and `OpSNegate` of one basic induction variable
//! (a header `OpPhi` whose back-edge value is itself plus or minus a loop-invariant step) and
//! loop-invariant values, all of one integer type. Those operations are ring homomorphisms
//! modulo 2^width, so `e(i + s) = e(i) + (e(i + s) - e(i))` holds with wrap-around, and the
//! difference is an expression of the step alone (computed once, in the preheader). Nothing
//! assumes that the arithmetic does not overflow.
//!
//! Only uses inside the loop move to the new variable; there it equals the expression in
//! every iteration, since both depend on the header's value of the induction variable alone.
//! Uses after the loop keep the original instruction.

use rspirv::dr::{Block, Function, Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// New induction variables per loop at most: each holds a register for the whole loop.
const MAX_PER_LOOP: usize = 8;

/// Rewrites the loops of every function of `module`; returns whether anything changed.
pub fn reduce(module: &mut Module) -> bool {
    let int_types: FxHashSet<Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeInt)
        .filter_map(|i| i.result_id)
        .collect();
    let constants: FxHashSet<Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant)
        .filter_map(|i| i.result_id)
        .collect();
    // Ids that names and decorations refer to stay even when nothing else reads them.
    let pinned: FxHashSet<Word> = module
        .debug_names
        .iter()
        .chain(&module.annotations)
        .flat_map(|i| id_operands(i).collect::<Vec<_>>())
        .collect();
    let Some(header) = module.header.as_mut() else {
        return false;
    };
    let mut bound = header.bound;
    let mut changed = false;
    for function in &mut module.functions {
        let mut ctx = Ctx {
            int_types: &int_types,
            constants: &constants,
            bound: &mut bound,
        };
        changed |= reduce_function(function, &mut ctx, &pinned);
    }
    if let Some(header) = module.header.as_mut() {
        header.bound = bound;
    }
    changed
}

struct Ctx<'a> {
    int_types: &'a FxHashSet<Word>,
    constants: &'a FxHashSet<Word>,
    bound: &'a mut Word,
}

impl Ctx<'_> {
    fn fresh(&mut self) -> Word {
        let id = *self.bound;
        *self.bound += 1;
        id
    }
}

/// A natural loop of a structured header: its blocks (indices into the function's blocks),
/// the one block outside that enters it and the one block that branches back.
struct Loop {
    header: usize,
    preheader: usize,
    latch: usize,
    body: FxHashSet<usize>,
}

fn reduce_function(function: &mut Function, ctx: &mut Ctx, pinned: &FxHashSet<Word>) -> bool {
    let mut loops = find_loops(function);
    if loops.is_empty() {
        return false;
    }
    // spirv-opt's SSA rewrite leaves a phi in every loop header for each variable the loop
    // reads (`%x = OpPhi %t %x0 %pre %x %latch`). They are copies of their start values,
    // and the analysis below must see through them to find what is loop-invariant.
    let mut changed = remove_copy_phis(function, pinned);
    // Inner loops first: the start values they leave in their preheaders (inside the outer
    // loop) can then be reduced against the outer loop's variable.
    loops.sort_by_key(|l| l.body.len());
    for l in &loops {
        if reduce_loop(function, l, ctx) {
            // The replaced expressions, dead now, would otherwise look like uses to the
            // enclosing loop's analysis.
            remove_dead_arithmetic(function, pinned);
            changed = true;
        }
    }
    changed
}

fn label(block: &Block) -> Word {
    block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0)
}

fn id_operands(inst: &Instruction) -> impl Iterator<Item = Word> + '_ {
    inst.operands.iter().filter_map(|o| match *o {
        Operand::IdRef(id) => Some(id),
        _ => None,
    })
}

fn successors(block: &Block) -> Vec<Word> {
    let Some(last) = block.instructions.last() else {
        return Vec::new();
    };
    match last.class.opcode {
        Op::Branch | Op::BranchConditional | Op::Switch => id_operands(last)
            .skip(usize::from(last.class.opcode != Op::Branch))
            .collect(),
        _ => Vec::new(),
    }
}

fn find_loops(function: &Function) -> Vec<Loop> {
    let index: FxHashMap<Word, usize> = function
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (label(b), i))
        .collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); function.blocks.len()];
    for (i, b) in function.blocks.iter().enumerate() {
        for s in successors(b) {
            if let Some(&t) = index.get(&s) {
                preds[t].push(i);
            }
        }
    }
    let mut loops = Vec::new();
    for (h, block) in function.blocks.iter().enumerate() {
        let n = block.instructions.len();
        let structured = n >= 2 && block.instructions[n - 2].class.opcode == Op::LoopMerge;
        if !structured || h == 0 || preds[h].len() != 2 {
            continue;
        }
        // The latch's blocks, walking back without passing the header, never reach the
        // function's entry; the preheader's do.
        let walk = |from: usize| {
            let mut seen = FxHashSet::from_iter([h]);
            let mut stack = vec![from];
            while let Some(b) = stack.pop() {
                if seen.insert(b) {
                    stack.extend(preds[b].iter().copied());
                }
            }
            seen
        };
        let (a, b) = (preds[h][0], preds[h][1]);
        let (wa, wb) = (walk(a), walk(b));
        let (latch, preheader, body) = match (wa.contains(&0), wb.contains(&0)) {
            (false, true) => (a, b, wa),
            (true, false) => (b, a, wb),
            _ => continue,
        };
        // The preheader must end in a plain branch to the header, so that code can go
        // before it.
        let enters = function.blocks[preheader]
            .instructions
            .last()
            .is_some_and(|t| t.class.opcode == Op::Branch);
        if enters {
            loops.push(Loop {
                header: h,
                preheader,
                latch,
                body,
            });
        }
    }
    loops
}

/// How a value inside the loop depends on the loop's induction variable.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// Computed in the loop from loop-invariant values only, by an instruction that can be
    /// computed before the loop instead.
    Inv,
    /// The induction variable itself.
    Var,
    /// An affine function of it, and whether the function is only "variable plus or minus
    /// constants" (not worth a register of its own).
    Affine { trivial: bool },
}

/// What may be computed in the preheader for the first iteration's values: arithmetic that
/// has no side effect and cannot trap (no division).
const SPECULATABLE: &[Op] = &[
    Op::IAdd,
    Op::ISub,
    Op::IMul,
    Op::ShiftLeftLogical,
    Op::SNegate,
    Op::UConvert,
    Op::SConvert,
    Op::Bitcast,
    Op::BitwiseAnd,
    Op::BitwiseOr,
    Op::BitwiseXor,
    Op::Not,
    Op::ShiftRightLogical,
    Op::ShiftRightArithmetic,
];

struct Iv {
    phi: Word,
    ty: Word,
    init: Word,
    step: Word,
    /// The back edge subtracts the step.
    down: bool,
}

fn reduce_loop(function: &mut Function, l: &Loop, ctx: &mut Ctx) -> bool {
    let blocks = &function.blocks;
    let preheader_label = label(&blocks[l.preheader]);
    let latch_label = label(&blocks[l.latch]);
    let body = sorted(&l.body);
    // Definitions inside the loop, in block order (dominators first, so an instruction's
    // operands come before it except through phis).
    let order: Vec<&Instruction> = body
        .iter()
        .flat_map(|&b| blocks[b].instructions.iter())
        .collect();
    let defs: FxHashMap<Word, &Instruction> = order
        .iter()
        .filter_map(|i| i.result_id.map(|r| (r, *i)))
        .collect();
    let ivs: Vec<Iv> = blocks[l.header]
        .instructions
        .iter()
        .filter(|i| i.class.opcode == Op::Phi)
        .filter_map(|phi| basic_iv(phi, preheader_label, latch_label, &defs, ctx))
        .collect();
    for iv in &ivs {
        let shapes = shapes(&order, &defs, iv, ctx);
        // Values read by something other than a bigger affine expression of the variable.
        let mut opaque_use: FxHashSet<Word> = FxHashSet::default();
        for inst in &order {
            let absorbs = inst
                .result_id
                .is_some_and(|r| matches!(shapes.get(&r), Some(Shape::Affine { .. })))
                && !is_plus_constant(inst, ctx);
            if !absorbs {
                opaque_use.extend(id_operands(inst));
            }
        }
        let mut candidates: Vec<Word> = order
            .iter()
            .filter(|inst| !is_plus_constant(inst, ctx))
            .filter_map(|inst| inst.result_id)
            .filter(|id| shapes.get(id) == Some(&Shape::Affine { trivial: false }))
            .filter(|id| opaque_use.contains(id))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        candidates.truncate(MAX_PER_LOOP);
        let (preheader_code, starts, steps) =
            preheader_code(&candidates, &order, &defs, &shapes, iv, ctx);
        let mut phis = Vec::new();
        let mut nexts = Vec::new();
        let mut replace: FxHashMap<Word, Word> = FxHashMap::default();
        for &e in &candidates {
            let (Some(&start), Some(&step)) = (starts.get(&e), steps.get(&e)) else {
                continue;
            };
            let phi = ctx.fresh();
            let next = ctx.fresh();
            phis.push(Instruction::new(
                Op::Phi,
                Some(iv.ty),
                Some(phi),
                vec![
                    Operand::IdRef(start),
                    Operand::IdRef(preheader_label),
                    Operand::IdRef(next),
                    Operand::IdRef(latch_label),
                ],
            ));
            nexts.push(Instruction::new(
                Op::IAdd,
                Some(iv.ty),
                Some(next),
                vec![Operand::IdRef(phi), Operand::IdRef(step)],
            ));
            replace.insert(e, phi);
        }
        // Rewrite the uses inside the loop, then insert the new code.
        let blocks = &mut function.blocks;
        for &b in &body {
            for inst in &mut blocks[b].instructions {
                for op in &mut inst.operands {
                    if let Operand::IdRef(id) = op {
                        if let Some(&to) = replace.get(id) {
                            *id = to;
                        }
                    }
                }
            }
        }
        insert_before_terminator(&mut blocks[l.preheader], preheader_code);
        insert_before_terminator(&mut blocks[l.latch], nexts);
        let header = &mut blocks[l.header].instructions;
        let at = header
            .iter()
            .position(|i| i.class.opcode != Op::Phi)
            .unwrap_or(header.len());
        header.splice(at..at, phis);
        // The loop's instructions changed: its other variables wait for another run (two
        // variables with expressions of their own in one loop are rare).
        return true;
    }
    false
}

/// Every loop instruction's shape with respect to `iv`, computed in `order` (operands
/// first; a value reached only through a phi is opaque).
fn shapes(
    order: &[&Instruction],
    defs: &FxHashMap<Word, &Instruction>,
    iv: &Iv,
    ctx: &Ctx,
) -> FxHashMap<Word, Shape> {
    let mut shapes: FxHashMap<Word, Shape> = FxHashMap::default();
    shapes.insert(iv.phi, Shape::Var);
    for inst in order {
        let Some(id) = inst.result_id else { continue };
        if id == iv.phi {
            continue;
        }
        // An operand's shape: Inv when defined outside the loop, None when opaque.
        let of = |w: Word| -> Option<Shape> {
            if defs.contains_key(&w) {
                shapes.get(&w).copied()
            } else {
                Some(Shape::Inv)
            }
        };
        let ops: Vec<Word> = id_operands(inst).collect();
        let shapes_of: Option<Vec<Shape>> = ops.iter().map(|&w| of(w)).collect();
        let Some(s) = shapes_of else { continue };
        let all_inv = s.iter().all(|&x| x == Shape::Inv);
        let op = inst.class.opcode;
        let shape = if all_inv && SPECULATABLE.contains(&op) {
            Some(Shape::Inv)
        } else if inst.result_type != Some(iv.ty) {
            None
        } else {
            affine_shape(op, &ops, &s, ctx)
        };
        if let Some(shape) = shape {
            shapes.insert(id, shape);
        }
    }
    shapes
}

fn affine_shape(op: Op, ops: &[Word], s: &[Shape], ctx: &Ctx) -> Option<Shape> {
    let trivial = |x: Shape| matches!(x, Shape::Var | Shape::Affine { trivial: true });
    let constant = |w: Word| ctx.constants.contains(&w);
    match (op, s) {
        (Op::IAdd | Op::ISub, &[Shape::Inv, Shape::Inv]) => None,
        (Op::IAdd | Op::ISub, &[a, Shape::Inv]) => Some(Shape::Affine {
            trivial: trivial(a) && constant(ops[1]),
        }),
        (Op::IAdd | Op::ISub, &[Shape::Inv, b]) => Some(Shape::Affine {
            trivial: trivial(b) && constant(ops[0]) && op == Op::IAdd,
        }),
        (Op::IAdd | Op::ISub, &[_, _]) => Some(Shape::Affine { trivial: false }),
        (Op::IMul, &[Shape::Inv, Shape::Inv]) => None,
        (Op::IMul, &[_, Shape::Inv] | &[Shape::Inv, _]) => Some(Shape::Affine { trivial: false }),
        (Op::ShiftLeftLogical, &[a, Shape::Inv]) if a != Shape::Inv => {
            Some(Shape::Affine { trivial: false })
        }
        (Op::SNegate, &[a]) if a != Shape::Inv => Some(Shape::Affine { trivial: false }),
        _ => None,
    }
}

/// The code for the preheader: the copies of the loop's instructions that give each
/// candidate's value in the first iteration (`starts`), and the per-iteration increment of
/// each affine value (`steps`). Both are built in `order`, so operands come first.
fn preheader_code(
    candidates: &[Word],
    order: &[&Instruction],
    defs: &FxHashMap<Word, &Instruction>,
    shapes: &FxHashMap<Word, Shape>,
    iv: &Iv,
    ctx: &mut Ctx,
) -> (
    Vec<Instruction>,
    FxHashMap<Word, Word>,
    FxHashMap<Word, Word>,
) {
    // The loop instructions the candidates are built from.
    let mut needed: FxHashSet<Word> = FxHashSet::default();
    let mut stack: Vec<Word> = candidates.to_vec();
    while let Some(id) = stack.pop() {
        if id == iv.phi || !defs.contains_key(&id) || !needed.insert(id) {
            continue;
        }
        stack.extend(id_operands(defs[&id]));
    }
    let mut code = Vec::new();
    let mut starts: FxHashMap<Word, Word> = FxHashMap::from_iter([(iv.phi, iv.init)]);
    let mut steps: FxHashMap<Word, Word> = FxHashMap::default();
    let mut emit =
        |code: &mut Vec<Instruction>, op: Op, ty: Option<Word>, operands: Vec<Operand>| {
            let id = ctx.fresh();
            code.push(Instruction::new(op, ty, Some(id), operands));
            id
        };
    let iv_step = if iv.down {
        emit(&mut code, Op::SNegate, Some(iv.ty), ids(&[iv.step]))
    } else {
        iv.step
    };
    steps.insert(iv.phi, iv_step);
    for inst in order {
        let Some(id) = inst.result_id else { continue };
        if !needed.contains(&id) {
            continue;
        }
        // The start value: the instruction with every operand replaced by its start value.
        let operands: Vec<Operand> = inst
            .operands
            .iter()
            .map(|o| match *o {
                Operand::IdRef(w) => Operand::IdRef(starts.get(&w).copied().unwrap_or(w)),
                ref other => other.clone(),
            })
            .collect();
        let new = emit(&mut code, inst.class.opcode, inst.result_type, operands);
        starts.insert(id, new);
        if shapes.get(&id) == Some(&Shape::Inv) {
            continue;
        }
        // The step, from the operands' steps (absent: invariant, step zero).
        let ops: Vec<Word> = id_operands(inst).collect();
        let step = |w: &Word| steps.get(w).copied();
        let start = |w: &Word| starts.get(w).copied().unwrap_or(*w);
        let ty = Some(iv.ty);
        let s = match (inst.class.opcode, ops.as_slice()) {
            (Op::IAdd, [a, b]) => match (step(a), step(b)) {
                (Some(x), Some(y)) => Some(emit(&mut code, Op::IAdd, ty, ids(&[x, y]))),
                (x, y) => x.or(y),
            },
            (Op::ISub, [a, b]) => match (step(a), step(b)) {
                (Some(x), Some(y)) => Some(emit(&mut code, Op::ISub, ty, ids(&[x, y]))),
                (Some(x), None) => Some(x),
                (None, Some(y)) => Some(emit(&mut code, Op::SNegate, ty, ids(&[y]))),
                (None, None) => None,
            },
            (Op::IMul, [a, b]) => match (step(a), step(b)) {
                (Some(x), None) => Some(emit(&mut code, Op::IMul, ty, ids(&[x, start(b)]))),
                (None, Some(y)) => Some(emit(&mut code, Op::IMul, ty, ids(&[start(a), y]))),
                _ => None,
            },
            (Op::ShiftLeftLogical, [a, b]) => {
                step(a).map(|x| emit(&mut code, Op::ShiftLeftLogical, ty, ids(&[x, start(b)])))
            }
            (Op::SNegate, [a]) => step(a).map(|x| emit(&mut code, Op::SNegate, ty, ids(&[x]))),
            _ => None,
        };
        if let Some(s) = s {
            steps.insert(id, s);
        }
    }
    (code, starts, steps)
}

fn ids(words: &[Word]) -> Vec<Operand> {
    words.iter().map(|&w| Operand::IdRef(w)).collect()
}

fn sorted(set: &FxHashSet<usize>) -> Vec<usize> {
    let mut v: Vec<usize> = set.iter().copied().collect();
    v.sort_unstable();
    v
}

/// Puts `code` before the block's merge instruction, if any, and its terminator.
fn insert_before_terminator(block: &mut Block, code: Vec<Instruction>) {
    let n = block.instructions.len();
    let mut at = n.saturating_sub(1);
    if at > 0
        && matches!(
            block.instructions[at - 1].class.opcode,
            Op::LoopMerge | Op::SelectionMerge
        )
    {
        at -= 1;
    }
    block.instructions.splice(at..at, code);
}

/// `phi` as a basic induction variable: an integer `OpPhi` of a start value from the
/// preheader and, from the latch, itself plus or minus a loop-invariant step.
fn basic_iv(
    phi: &Instruction,
    preheader: Word,
    latch: Word,
    defs: &FxHashMap<Word, &Instruction>,
    ctx: &Ctx,
) -> Option<Iv> {
    let ty = phi.result_type?;
    let me = phi.result_id?;
    if !ctx.int_types.contains(&ty) || phi.operands.len() != 4 {
        return None;
    }
    let incoming = |from: Word| {
        phi.operands
            .chunks(2)
            .find(|pair| pair[1] == Operand::IdRef(from))
            .and_then(|pair| pair[0].id_ref_any())
    };
    let init = incoming(preheader)?;
    let next = defs.get(&incoming(latch)?)?;
    if next.result_type != Some(ty) {
        return None;
    }
    let ops: Vec<Word> = id_operands(next).collect();
    let (step, down) = match (next.class.opcode, ops.as_slice()) {
        (Op::IAdd, &[a, b]) if a == me && !defs.contains_key(&b) => (b, false),
        (Op::IAdd, &[a, b]) if b == me && !defs.contains_key(&a) => (a, false),
        (Op::ISub, &[a, b]) if a == me && !defs.contains_key(&b) => (b, true),
        _ => return None,
    };
    Some(Iv {
        phi: me,
        ty,
        init,
        step,
        down,
    })
}

/// `x + c`, `c + x` or `x - c` with a constant `c`: cheaper recomputed from `x`'s variable
/// than carried in a register.
fn is_plus_constant(inst: &Instruction, ctx: &Ctx) -> bool {
    let ops: Vec<Word> = id_operands(inst).collect();
    match (inst.class.opcode, ops.as_slice()) {
        (Op::IAdd, &[a, b]) => ctx.constants.contains(&a) || ctx.constants.contains(&b),
        (Op::ISub, &[_, b]) => ctx.constants.contains(&b),
        _ => false,
    }
}

/// Replaces each phi whose incoming values are one value or the phi itself by that value.
fn remove_copy_phis(function: &mut Function, pinned: &FxHashSet<Word>) -> bool {
    let mut changed = false;
    loop {
        let mut copies: FxHashMap<Word, Word> = FxHashMap::default();
        for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
            let Some(me) = inst.result_id else { continue };
            if inst.class.opcode != Op::Phi || pinned.contains(&me) {
                continue;
            }
            let mut values = inst.operands.chunks(2).filter_map(|p| p[0].id_ref_any());
            let mut only = None;
            let trivial = values.all(|v| {
                v == me || {
                    let first = *only.get_or_insert(v);
                    first == v
                }
            });
            if let (true, Some(v)) = (trivial, only) {
                copies.insert(me, v);
            }
        }
        if copies.is_empty() {
            return changed;
        }
        // A copy of a copy: follow the chain. Phis of unreachable blocks could copy each
        // other in a cycle; the walk is bounded, and a cycle is left alone.
        let resolve = |mut v: Word| {
            for _ in 0..=copies.len() {
                match copies.get(&v) {
                    Some(&next) => v = next,
                    None => return Some(v),
                }
            }
            None
        };
        let copies: FxHashMap<Word, Word> = copies
            .keys()
            .filter_map(|&p| resolve(p).map(|v| (p, v)))
            .collect();
        if copies.is_empty() {
            return changed;
        }
        for block in &mut function.blocks {
            block
                .instructions
                .retain(|i| !i.result_id.is_some_and(|r| copies.contains_key(&r)));
            for inst in &mut block.instructions {
                for op in &mut inst.operands {
                    if let Operand::IdRef(id) = op {
                        if let Some(&v) = copies.get(id) {
                            *id = v;
                        }
                    }
                }
            }
        }
        changed = true;
    }
}

/// Removes integer arithmetic whose results nothing reads (the expressions the new
/// variables replaced), repeatedly.
fn remove_dead_arithmetic(function: &mut Function, pinned: &FxHashSet<Word>) {
    const PURE: &[Op] = &[
        Op::IAdd,
        Op::ISub,
        Op::IMul,
        Op::ShiftLeftLogical,
        Op::SNegate,
    ];
    loop {
        let used: FxHashSet<Word> = function
            .blocks
            .iter()
            .flat_map(|b| b.instructions.iter())
            .flat_map(|i| id_operands(i).collect::<Vec<_>>())
            .collect();
        let mut removed = false;
        for block in &mut function.blocks {
            block.instructions.retain(|i| {
                let dead = PURE.contains(&i.class.opcode)
                    && i.result_id
                        .is_some_and(|r| !used.contains(&r) && !pinned.contains(&r));
                removed |= dead;
                !dead
            });
        }
        if !removed {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile_source, OptLevel, Options};
    use std::path::Path;

    /// `source` compiled at `-O2` for OpenCL.
    fn module(source: &str) -> rspirv::dr::Module {
        let opts = Options {
            opt_level: OptLevel::O2,
            ..Options::default()
        };
        let c = compile_source(Path::new("k.cl"), source, &opts).expect("compiles");
        rspirv::dr::load_words(&c.words).expect("reads")
    }

    /// The opcodes in the blocks of each loop of the first function, innermost loop first.
    fn loop_ops(m: &rspirv::dr::Module) -> Vec<Vec<Op>> {
        let f = &m.functions[0];
        let mut loops = find_loops(f);
        loops.sort_by_key(|l| l.body.len());
        loops
            .iter()
            .map(|l| {
                sorted(&l.body)
                    .iter()
                    .flat_map(|&b| f.blocks[b].instructions.iter().map(|i| i.class.opcode))
                    .collect()
            })
            .collect()
    }

    fn count(ops: &[Op], op: Op) -> usize {
        ops.iter().filter(|&&o| o == op).count()
    }

    #[test]
    fn a_strided_index_becomes_a_running_sum() {
        let m = module(
            "kernel void k(global const float* a, global float* o, uint n, uint s) {
                 uint p = get_global_id(0); float acc = 0;
                 for (uint f = 0; f < n; ++f) acc += a[f * s + p];
                 o[p] = acc; }",
        );
        let loops = loop_ops(&m);
        assert_eq!(loops.len(), 1);
        // No multiply left in the loop, and a second phi (the index) beside the counter's
        // and the sum's.
        assert_eq!(count(&loops[0], Op::IMul), 0, "{:?}", loops[0]);
        assert_eq!(count(&loops[0], Op::Phi), 3, "{:?}", loops[0]);
    }

    #[test]
    fn nested_indices_are_reduced_in_both_loops() {
        let m = module(
            "kernel void k(global const float* in, constant float* f, global float* o, int w, int r) {
                 int x = get_global_id(0), y = get_global_id(1), fw = 2 * r + 1; float acc = 0;
                 for (int dy = -r; dy <= r; ++dy)
                     for (int dx = -r; dx <= r; ++dx)
                         acc += f[(dy + r) * fw + dx + r] * in[(y + dy) * w + x + dx];
                 o[y * w + x] = acc; }",
        );
        let loops = loop_ops(&m);
        assert_eq!(loops.len(), 2);
        // The inner loop multiplies nothing; the outer one only in code it does once per
        // inner loop at most (none here: the start values are reduced too).
        assert_eq!(count(&loops[0], Op::IMul), 0, "{:?}", loops[0]);
        assert_eq!(count(&loops[1], Op::IMul), 0, "{:?}", loops[1]);
    }

    #[test]
    fn a_loop_without_affine_indices_is_left_alone() {
        let source = "kernel void k(global int* a, int n) {
                 int i = get_global_id(0), acc = 0;
                 for (int j = 0; j < n; ++j) acc += a[(acc * 7) & 63];
                 a[i] = acc; }";
        let m = module(source);
        assert_eq!(loop_ops(&m)[0].iter().filter(|&&o| o == Op::Phi).count(), 2);
    }

    #[test]
    fn loop_free_modules_are_not_rewritten() {
        let c = compile_source(
            Path::new("k.cl"),
            "kernel void k(global int* a) { a[get_global_id(0)] *= 3; }",
            &Options::default(),
        )
        .expect("compiles");
        let mut m = rspirv::dr::load_words(&c.words).expect("reads");
        assert!(!reduce(&mut m));
    }
}
