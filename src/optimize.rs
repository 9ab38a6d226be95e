//! `-O1` and above: the spirv-tools optimizer, run in-process on a validated module.
//!
//! spirv-opt's `-O` recipe is written for shaders. On `Kernel` modules with physical
//! addressing most of its passes do nothing (aggressive DCE, local store elimination,
//! inlining and if-conversion require `Shader` or logical addressing), so clc runs the passes
//! that work on OpenCL modules, chosen by compiling every sample kernel at `-O2`, validating
//! the result and running it on the driver (`bench/opt_levels.sh`). The caller validates the
//! output again: a module that fails is an internal error, never written.

mod select;
mod strength;
mod switch_edges;

use crate::spvtools::{OptimizerOptions, Pass, TargetEnv};
use rspirv::spirv::{Op, StorageClass};
use rustc_hash::{FxHashMap, FxHashSet};

/// The passes, in order. `SSARewrite` turns the private variables the backend loads and
/// stores into SSA values (most of the gain); the others fold what that exposes.
const PASSES: &[Pass] = &[
    Pass::SsaRewrite,
    Pass::ConditionalConstantPropagation,
    Pass::DeadBranchElim,
    Pass::BlockMerge,
    Pass::RedundancyElimination,
    Pass::EliminateDeadConstant,
];

/// Optimizes `words`, which the caller validated for `env`. Specialization
/// constants are kept (Vulkan hosts set the work-group size and `__local` array lengths
/// through them). An error is a bug (the input validated): its text says what the optimizer
/// reported.
pub fn optimize(words: &[u32], env: TargetEnv) -> Result<Vec<u32>, String> {
    let vulkan = matches!(env, TargetEnv::Vulkan_1_2 | TargetEnv::Vulkan_1_3);
    let guarded = guard_pointers(words, !vulkan);
    // Conditional constant propagation is not run. On Vulkan modules with buffer-address
    // arithmetic its propagator asserts ("Unsettled value", aborting the process;
    // kernels/regressions/real_code.cl). On OpenCL modules the vendored optimizer's folding
    // gave wrong results: of 64 random kernels (clc-smith seeds 300000..300064) compiled at
    // -O2, 15 disagreed with clang-22 and the runtime on Intel's runtime with it, 4 without
    // (TESTING.md, "clc's own -O2 under clc-diff").
    let passes: Vec<Pass> = PASSES
        .iter()
        .copied()
        .filter(|&p| p != Pass::ConditionalConstantPropagation)
        .collect();
    let options = OptimizerOptions {
        preserve_bindings: true,
        preserve_spec_constants: true,
    };
    let optimized = crate::spvtools::optimize(&guarded, env, &passes, options)?;
    // clc's own passes, for what spirv-opt does not do on Kernel modules: if-conversion
    // (`select.rs`) and loop strength reduction (`strength.rs`); then one switch edge per phi
    // pair (`switch_edges.rs`), which Intel's runtime needs to read phis right. The runtime,
    // which vectorizes across work-items, needs the first two to match clang's modules
    // (bench/cpu). The
    // NVIDIA Vulkan driver times `-O0` and `-O2` modules alike (BENCHMARKS.md), so Vulkan
    // modules are left as spirv-opt wrote them.
    Ok(if vulkan {
        optimized
    } else {
        own_passes(optimized)
    })
}

/// Runs clc's passes over `words` (a module rspirv cannot read is returned unchanged).
fn own_passes(words: Vec<u32>) -> Vec<u32> {
    let Ok(mut module) = rspirv::dr::load_words(&words) else {
        return words;
    };
    let facts = select::Facts::of(&module);
    let mut changed = false;
    for function in &mut module.functions {
        changed |= remove_dead_stores(function);
        changed |= select::if_convert(function, &facts);
    }
    changed |= strength::reduce(&mut module);
    changed |= switch_edges::split(&mut module);
    if changed {
        rspirv::binary::Assemble::assemble(&module)
    } else {
        words
    }
}

/// Works around two assumptions of spirv-opt's memory passes that physical addressing breaks.
/// They find the variable behind a load or store address with `MemPass::GetPtr`, and treat
/// a private variable as a value to rewrite into SSA form when its only uses are loads,
/// stores and names (`HasOnlySupportedRefs`):
///
/// * `GetPtr` takes an address that *is* an `OpLoad` for an access chain and returns the
///   variable loaded from: in `%p = OpLoad %pp; OpStore %p %v` the store through `%p` is
///   taken for a store to `%pp`, which then holds `%v` (an invalid module, from
///   `*pp++ = x` in `kernels/basic/pointer_arith.cl`).
/// * A variable whose address is stored (`int *p = &s;`) still counts as load/store only,
///   so `SSARewrite` forgets the writes made through the pointer: silently wrong code
///   (`kernels/memory/private_pointer_escape.cl`).
///
/// An `OpCopyObject` fixes both: between a loaded pointer and its use it stops `GetPtr`'s
/// walk, and as a use of an escaping variable it makes the variable ineligible. It also
/// keeps a `volatile` local a variable: every `Volatile` load and store of one goes through
/// a copy of its address. The rewrite works on the words (rspirv's reader rejects some
/// valid modules, such as `kernels/memory/global_pointer_init`'s).
fn guard_pointers(words: &[u32], keep_struct_variables: bool) -> Vec<u32> {
    const HEADER: usize = 5;
    let Some((header, body)) = words.split_at_checked(HEADER) else {
        return words.to_vec();
    };
    let instructions = || {
        let mut at = 0;
        std::iter::from_fn(move || {
            let first = *body.get(at)?;
            let len = (first >> 16) as usize;
            let inst = body.get(at..at + len.max(1))?;
            at += len.max(1);
            Some(inst)
        })
    };
    let pointer_types: FxHashSet<u32> = instructions()
        .filter(|i| opcode(i) == Op::TypePointer as u32 && i.len() > 1)
        .map(|i| i[1])
        .collect();
    // Pointers loaded from memory, with their types: `OpLoad %type %result %address`.
    let loaded: FxHashMap<u32, u32> = instructions()
        .filter(|i| opcode(i) == Op::Load as u32 && i.len() > 3)
        .filter(|i| pointer_types.contains(&i[1]))
        .map(|i| (i[2], i[1]))
        .collect();
    // Private variables: `OpVariable %type %result Function`.
    let function_variables: FxHashMap<u32, u32> = instructions()
        .filter(|i| opcode(i) == Op::Variable as u32 && i.len() > 3)
        .filter(|i| i[3] == StorageClass::Function as u32)
        .map(|i| (i[2], i[1]))
        .collect();
    // OpenCL: struct variables stay variables. Rewritten into SSA form they become
    // struct-typed `OpPhi`s, which crash Intel's runtime when one decides a branch (the
    // writer lowers a struct `?:` through a variable for that reason:
    // kernels/regressions/struct_conditional).
    let structs: FxHashSet<u32> = instructions()
        .filter(|i| opcode(i) == Op::TypeStruct as u32 && i.len() > 1)
        .map(|i| i[1])
        .collect();
    let struct_pointers: FxHashSet<u32> = instructions()
        .filter(|i| opcode(i) == Op::TypePointer as u32 && i.len() > 3)
        .filter(|i| i[2] == StorageClass::Function as u32 && structs.contains(&i[3]))
        .map(|i| i[1])
        .collect();
    let struct_variables: FxHashSet<u32> = function_variables
        .iter()
        .filter(|&(_, ty)| keep_struct_variables && struct_pointers.contains(ty))
        .map(|(&v, _)| v)
        .collect();
    let mut bound = header[3];
    let mut out = header.to_vec();
    for inst in instructions() {
        let op = opcode(inst);
        let address =
            address_operand(op).filter(|&at| inst.get(at).is_some_and(|p| loaded.contains_key(p)));
        let escaping =
            (op == Op::Store as u32 && inst.len() > 2 && function_variables.contains_key(&inst[2]))
                .then_some(2);
        // A volatile local's loads and stores, and (OpenCL) a struct variable's.
        let pinned = load_store(inst).and_then(|(at, volatile)| {
            let var = inst[at];
            (function_variables.contains_key(&var) && (volatile || struct_variables.contains(&var)))
                .then_some(at)
        });
        let mut inst = inst.to_vec();
        for at in [address, escaping, pinned].into_iter().flatten() {
            let ty = loaded
                .get(&inst[at])
                .or_else(|| function_variables.get(&inst[at]));
            if let Some(&ty) = ty {
                out.extend([(4 << 16) | Op::CopyObject as u32, ty, bound, inst[at]]);
                inst[at] = bound;
                bound += 1;
            }
        }
        out.extend_from_slice(&inst);
    }
    out[3] = bound;
    out
}

/// For an `OpLoad` or `OpStore`: the word holding its address (present), and whether it is
/// a `Volatile` access.
fn load_store(inst: &[u32]) -> Option<(usize, bool)> {
    const VOLATILE: u32 = rspirv::spirv::MemoryAccess::VOLATILE.bits();
    let (address, access) = match opcode(inst) {
        op if op == Op::Load as u32 => (3, 4),
        op if op == Op::Store as u32 => (1, 3),
        _ => return None,
    };
    inst.get(address)?;
    Some((
        address,
        inst.get(access).is_some_and(|&m| m & VOLATILE != 0),
    ))
}

/// Removes the stores to `Function` variables that nothing reads: the variables that
/// `SSARewrite` replaced by values keep their stores (spirv-opt's dead-store passes need
/// `Shader`), and a store in a branch keeps `select.rs` from converting it. A variable whose
/// only uses are as the address of `OpStore`s is never read; the variable itself stays
/// (names may refer to it).
fn remove_dead_stores(function: &mut rspirv::dr::Function) -> bool {
    use rspirv::dr::Operand;
    let variables: FxHashSet<u32> = function
        .blocks
        .first()
        .into_iter()
        .flat_map(|b| &b.instructions)
        .filter(|i| i.class.opcode == Op::Variable)
        .filter(|i| i.operands.first() == Some(&Operand::StorageClass(StorageClass::Function)))
        .filter_map(|i| i.result_id)
        .collect();
    let mut read = FxHashSet::default();
    for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
        let plain_store = inst.class.opcode == Op::Store && inst.operands.len() == 2;
        for (k, op) in inst.operands.iter().enumerate() {
            if let Operand::IdRef(id) = op {
                if variables.contains(id) && !(plain_store && k == 0) {
                    read.insert(*id);
                }
            }
        }
    }
    let dead = |i: &rspirv::dr::Instruction| {
        i.class.opcode == Op::Store
            && i.operands.len() == 2
            && matches!(i.operands[0], Operand::IdRef(p) if variables.contains(&p) && !read.contains(&p))
    };
    let mut changed = false;
    for block in &mut function.blocks {
        let before = block.instructions.len();
        block.instructions.retain(|i| !dead(i));
        changed |= block.instructions.len() != before;
    }
    changed
}

fn opcode(inst: &[u32]) -> u32 {
    inst[0] & 0xffff
}

/// The word holding the address that `MemPass::GetPtr` inspects, in the instructions that
/// have one: after the result type and id for loads and read-modify-write atomics, first for
/// stores.
fn address_operand(op: u32) -> Option<usize> {
    const LOADS: &[Op] = &[
        Op::Load,
        Op::AtomicLoad,
        Op::AtomicExchange,
        Op::AtomicCompareExchange,
        Op::AtomicCompareExchangeWeak,
        Op::AtomicIIncrement,
        Op::AtomicIDecrement,
        Op::AtomicIAdd,
        Op::AtomicISub,
        Op::AtomicSMin,
        Op::AtomicUMin,
        Op::AtomicSMax,
        Op::AtomicUMax,
        Op::AtomicAnd,
        Op::AtomicOr,
        Op::AtomicXor,
        Op::AtomicFlagTestAndSet,
        Op::AtomicFAddEXT,
        Op::AtomicFMinEXT,
        Op::AtomicFMaxEXT,
    ];
    const STORES: &[Op] = &[Op::Store, Op::AtomicStore, Op::AtomicFlagClear];
    if LOADS.iter().any(|&o| o as u32 == op) {
        Some(3)
    } else if STORES.iter().any(|&o| o as u32 == op) {
        Some(1)
    } else {
        None
    }
}
