//! If-conversion: a small `if` or `if`/`else` that only computes values becomes `OpSelect`s.
//!
//! `if (d < best_d) { best_d = d; best = c; }` reaches this pass (after spirv-opt's SSA
//! rewrite) as a selection construct whose branch blocks compute nothing or a few
//! arithmetic instructions, and whose merge block picks the results with `OpPhi`s. clang's
//! LLVM pipeline writes `OpSelect`s instead. Intel's CPU runtime vectorizes across
//! work-items, and the condition differs between them, so a branch there becomes masked
//! code for both sides plus blends; the selects are cheaper (kmeans_assign in `bench/cpu`).
//!
//! A construct qualifies when:
//! * its header ends `OpSelectionMerge %m` + `OpBranchConditional %c %t %f`;
//! * each of `%t` and `%f` is `%m` itself, or a block whose one predecessor is the header,
//!   which branches straight to `%m` and holds at most [`MAX_SPECULATED`] instructions that
//!   have no side effect and cannot trap (no memory access, no call, no integer division);
//! * `%m`'s predecessors are exactly those two edges, and each of its phis has a scalar
//!   (integer, float or bool) type: SPIR-V before 1.4 has no `OpSelect` of a composite, and
//!   a vector select needs a vector condition.
//!
//! The branch blocks' instructions move to the end of the header, which then branches to
//! `%m`; each phi becomes `OpSelect %c %from_t %from_f`, and the branch blocks are deleted.

use rspirv::dr::{Function, Instruction, Operand};
use rspirv::spirv::{Op, OpenclStd100Op as Cl, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// The most instructions a branch block may hold to be executed unconditionally.
const MAX_SPECULATED: usize = 8;

/// Facts about the module the rewrite needs.
pub struct Facts {
    /// Scalar integer, float and bool types.
    pub scalar_types: FxHashSet<Word>,
    /// The `OpExtInstImport` id of `OpenCL.std`, if imported.
    pub opencl_std: Option<Word>,
    /// Ids that names and decorations refer to: their blocks stay.
    pub pinned: FxHashSet<Word>,
}

impl Facts {
    pub fn of(module: &rspirv::dr::Module) -> Facts {
        let scalar_types = module
            .types_global_values
            .iter()
            .filter(|i| matches!(i.class.opcode, Op::TypeInt | Op::TypeFloat | Op::TypeBool))
            .filter_map(|i| i.result_id)
            .collect();
        let opencl_std = module
            .ext_inst_imports
            .iter()
            .find(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "OpenCL.std"))
            .and_then(|i| i.result_id);
        let pinned = module
            .debug_names
            .iter()
            .chain(&module.annotations)
            .flat_map(|i| ids(i).collect::<Vec<_>>())
            .collect();
        Facts {
            scalar_types,
            opencl_std,
            pinned,
        }
    }
}

/// Converts every qualifying construct of `function`, innermost first (a conversion can
/// make the enclosing construct qualify). Returns whether anything changed.
pub fn if_convert(function: &mut Function, facts: &Facts) -> bool {
    let mut changed = false;
    while convert_one(function, facts) {
        changed = true;
    }
    changed
}

fn label(block: &rspirv::dr::Block) -> Word {
    block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0)
}

fn ids(inst: &Instruction) -> impl Iterator<Item = Word> + '_ {
    inst.operands.iter().filter_map(|o| match *o {
        Operand::IdRef(id) => Some(id),
        _ => None,
    })
}

/// The labels `block` branches to.
fn successors(block: &rspirv::dr::Block) -> Vec<Word> {
    match block.instructions.last() {
        Some(t) if t.class.opcode == Op::Branch => ids(t).collect(),
        Some(t) if matches!(t.class.opcode, Op::BranchConditional | Op::Switch) => {
            ids(t).skip(1).collect()
        }
        _ => Vec::new(),
    }
}

/// Whether `inst` may run whatever the condition: no side effect, no trap.
fn speculatable(inst: &Instruction, facts: &Facts) -> bool {
    use Op::*;
    match inst.class.opcode {
        IAdd
        | ISub
        | IMul
        | SNegate
        | FAdd
        | FSub
        | FMul
        | FDiv
        | FNegate
        | BitwiseAnd
        | BitwiseOr
        | BitwiseXor
        | Not
        | ShiftLeftLogical
        | ShiftRightLogical
        | ShiftRightArithmetic
        | IEqual
        | INotEqual
        | SLessThan
        | SLessThanEqual
        | SGreaterThan
        | SGreaterThanEqual
        | ULessThan
        | ULessThanEqual
        | UGreaterThan
        | UGreaterThanEqual
        | FOrdEqual
        | FOrdNotEqual
        | FOrdLessThan
        | FOrdLessThanEqual
        | FOrdGreaterThan
        | FOrdGreaterThanEqual
        | FUnordEqual
        | FUnordNotEqual
        | FUnordLessThan
        | FUnordLessThanEqual
        | FUnordGreaterThan
        | FUnordGreaterThanEqual
        | LogicalAnd
        | LogicalOr
        | LogicalNot
        | LogicalEqual
        | LogicalNotEqual
        | Select
        | UConvert
        | SConvert
        | FConvert
        | ConvertSToF
        | ConvertUToF
        | Bitcast
        | CompositeExtract
        | CompositeConstruct
        | CompositeInsert
        | VectorShuffle
        | CopyObject
        | IsNan
        | IsInf
        | IsFinite
        | IsNormal
        | SignBitSet
        | Ordered
        | Unordered
        | Any
        | All => true,
        ExtInst => {
            let mut ops = inst.operands.iter();
            let set = ops.next().and_then(|o| o.id_ref_any());
            let number = match ops.next() {
                Some(Operand::LiteralExtInstInteger(n)) => Some(*n),
                _ => None,
            };
            set.is_some() && set == facts.opencl_std && number.is_some_and(pure_math)
        }
        _ => false,
    }
}

/// OpenCL.std instructions cheap enough to compute on both sides.
fn pure_math(number: u32) -> bool {
    [
        Cl::fabs,
        Cl::fma,
        Cl::mad,
        Cl::fmax,
        Cl::fmin,
        Cl::fclamp,
        Cl::s_abs,
        Cl::s_max,
        Cl::u_max,
        Cl::s_min,
        Cl::u_min,
        Cl::s_clamp,
        Cl::u_clamp,
    ]
    .iter()
    .any(|&op| op as u32 == number)
}

fn convert_one(function: &mut Function, facts: &Facts) -> bool {
    let blocks = &function.blocks;
    let index: FxHashMap<Word, usize> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (label(b), i))
        .collect();
    let mut preds: FxHashMap<Word, Vec<Word>> = FxHashMap::default();
    for b in blocks {
        for s in successors(b) {
            preds.entry(s).or_default().push(label(b));
        }
    }
    // Blocks named by a merge instruction (as merge or continue target) other than the
    // construct's own: they must stay.
    let named: FxHashSet<Word> = blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .filter(|i| matches!(i.class.opcode, Op::SelectionMerge | Op::LoopMerge))
        .flat_map(|i| ids(i).collect::<Vec<_>>())
        .collect();
    for (h, header) in blocks.iter().enumerate() {
        let n = header.instructions.len();
        if n < 2 || header.instructions[n - 2].class.opcode != Op::SelectionMerge {
            continue;
        }
        let branch = &header.instructions[n - 1];
        if branch.class.opcode != Op::BranchConditional {
            continue;
        }
        let Some(merge) = header.instructions[n - 2].operands[0].id_ref_any() else {
            continue;
        };
        let targets: Vec<Word> = ids(branch).collect();
        let (cond, t, f) = (targets[0], targets[1], targets[2]);
        if t == f {
            continue;
        }
        let hl = label(header);
        // Each side: the merge block itself, or a block to speculate.
        let side = |s: Word| -> Option<Option<usize>> {
            if s == merge {
                return Some(None);
            }
            let &b = index.get(&s)?;
            let block = &blocks[b];
            let body = &block.instructions[..block.instructions.len().checked_sub(1)?];
            let ok = preds.get(&s).is_some_and(|p| p == &[hl])
                && !named.contains(&s)
                && !facts.pinned.contains(&s)
                && successors(block) == [merge]
                && block.instructions.last()?.class.opcode == Op::Branch
                && body.len() <= MAX_SPECULATED
                && body.iter().all(|i| speculatable(i, facts));
            ok.then_some(Some(b))
        };
        let (Some(ts), Some(fs)) = (side(t), side(f)) else {
            continue;
        };
        // The edges into the merge block, as the phis name them.
        let from_t = if ts.is_some() { t } else { hl };
        let from_f = if fs.is_some() { f } else { hl };
        let mut merge_preds = preds.get(&merge).cloned().unwrap_or_default();
        merge_preds.sort_unstable();
        let mut expected = vec![from_t, from_f];
        expected.sort_unstable();
        if merge_preds != expected {
            continue;
        }
        let Some(&m) = index.get(&merge) else {
            continue;
        };
        let phis: Vec<&Instruction> = blocks[m]
            .instructions
            .iter()
            .take_while(|i| i.class.opcode == Op::Phi)
            .collect();
        let scalar = phis.iter().all(|p| {
            p.result_type
                .is_some_and(|ty| facts.scalar_types.contains(&ty))
                && p.operands.len() == 4
        });
        if !scalar {
            continue;
        }
        rewrite(function, h, ts, fs, m, cond, from_t, from_f);
        return true;
    }
    false
}

#[allow(clippy::too_many_arguments)]
fn rewrite(
    function: &mut Function,
    h: usize,
    ts: Option<usize>,
    fs: Option<usize>,
    m: usize,
    cond: Word,
    from_t: Word,
    from_f: Word,
) {
    let blocks = &mut function.blocks;
    let merge = label(&blocks[m]);
    // The speculated instructions, then a plain branch, end the header.
    let mut moved = Vec::new();
    for b in [ts, fs].into_iter().flatten() {
        let insts = &mut blocks[b].instructions;
        insts.pop();
        moved.append(insts);
    }
    let header = &mut blocks[h].instructions;
    header.truncate(header.len() - 2);
    header.extend(moved);
    header.push(Instruction::new(
        Op::Branch,
        None,
        None,
        vec![Operand::IdRef(merge)],
    ));
    // Each phi becomes a select of its two incoming values.
    for inst in blocks[m].instructions.iter_mut() {
        if inst.class.opcode != Op::Phi {
            break;
        }
        let incoming = |from: Word| {
            inst.operands
                .chunks(2)
                .find(|pair| pair[1] == Operand::IdRef(from))
                .and_then(|pair| pair[0].id_ref_any())
        };
        let (Some(vt), Some(vf)) = (incoming(from_t), incoming(from_f)) else {
            continue;
        };
        *inst = Instruction::new(
            Op::Select,
            inst.result_type,
            inst.result_id,
            vec![Operand::IdRef(cond), Operand::IdRef(vt), Operand::IdRef(vf)],
        );
    }
    // The emptied branch blocks go (indices from the back, so earlier ones stay valid).
    let mut gone: Vec<usize> = [ts, fs].into_iter().flatten().collect();
    gone.sort_unstable();
    for b in gone.into_iter().rev() {
        blocks.remove(b);
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile_source, OptLevel, Options};
    use rspirv::spirv::Op;
    use std::path::Path;

    /// The opcodes of the first function of `source` compiled at `-O2` for OpenCL.
    fn ops(source: &str) -> Vec<Op> {
        let opts = Options {
            opt_level: OptLevel::O2,
            ..Options::default()
        };
        let c = compile_source(Path::new("k.cl"), source, &opts).expect("compiles");
        let m = rspirv::dr::load_words(&c.words).expect("reads");
        m.functions[0]
            .blocks
            .iter()
            .flat_map(|b| b.instructions.iter().map(|i| i.class.opcode))
            .collect()
    }

    fn count(ops: &[Op], op: Op) -> usize {
        ops.iter().filter(|&&o| o == op).count()
    }

    #[test]
    fn a_minimum_search_becomes_selects() {
        let ops = ops("kernel void k(global const float* d, global uint* o, uint n) {
                 float best = d[0]; uint at = 0;
                 for (uint i = 1; i < n; ++i) { float x = d[i]; if (x < best) { best = x; at = i; } }
                 o[get_global_id(0)] = at; }");
        // The loop's own construct is all that is left; the `if` is two selects.
        assert_eq!(count(&ops, Op::SelectionMerge), 0, "{ops:?}");
        assert!(count(&ops, Op::Select) >= 2, "{ops:?}");
        assert_eq!(count(&ops, Op::Phi), 3, "{ops:?}");
    }

    #[test]
    fn an_if_else_of_arithmetic_becomes_a_select() {
        let ops = ops("kernel void k(global int* a) {
                 int i = get_global_id(0), x = a[i], y;
                 if (x > 3) y = x * 5 + 1; else y = x - 7;
                 a[i] = y; }");
        assert_eq!(count(&ops, Op::SelectionMerge), 0, "{ops:?}");
        assert_eq!(count(&ops, Op::Phi), 0, "{ops:?}");
    }

    #[test]
    fn branches_with_memory_access_or_division_stay() {
        // A store, a load and a division may not run when the condition is false.
        for body in ["a[i + 1] = 5;", "x = a[i + 7];", "x = 100 / x;"] {
            let ops = ops(&format!(
                "kernel void k(global int* a) {{
                     int i = get_global_id(0), x = a[i];
                     if (x > 3) {{ {body} }}
                     a[i] = x; }}"
            ));
            assert_eq!(count(&ops, Op::SelectionMerge), 1, "{body}: {ops:?}");
        }
    }
}
