//! Forwarding of private scalars inside a block (pass `forward-locals`), run on every
//! module before validation, at every `-O` level.
//!
//! The writer gives each local variable an `OpVariable` in `Function` storage and reads and
//! writes it with an `OpLoad` and an `OpStore` per use, as clang's `-O0` does. A statement
//! like `s3 = s1 * 7u + s6;` is then five instructions of which only two compute. The
//! validator's time and memory grow with the instruction count (about 360 bytes per
//! instruction inside SPIRV-Tools), and so do the optimizer's and the driver's.
//!
//! This pass takes the variables that are only ever the pointer operand of plain (not
//! `Volatile`) `OpLoad`s and `OpStore`s: nothing else can read or write them, so within one
//! block their value is known after the first load or store.
//! - A load of a variable whose value is known in its block is removed and its uses take that
//!   value. The value was defined before the store or load that made it known, so it
//!   dominates every use of the removed load.
//! - A store followed in the same block by another store to the same variable is removed:
//!   every load in between was removed by the previous rule.
//!
//! Blocks are taken one at a time, so no `OpPhi` is needed; `-O1` and above run SPIRV-Tools'
//! `mem2reg` for the rest. Ids named or decorated in the module are left alone.

use rspirv::dr::{Function, Module, Operand};
use rspirv::spirv::{MemoryAccess, Op, StorageClass, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// Runs the pass over every function of `module`.
pub(super) fn locals(module: &mut Module) {
    let mut pinned: FxHashSet<Word> = FxHashSet::default();
    for i in module.debug_names.iter().chain(&module.annotations) {
        if let Some(Operand::IdRef(id)) = i.operands.first() {
            pinned.insert(*id);
        }
    }
    for f in &mut module.functions {
        function(f, &pinned);
    }
}

/// Whether a load's or store's memory operands (from `first`) are plain.
fn plain(operands: &[Operand], first: usize) -> bool {
    match operands.get(first) {
        Some(Operand::MemoryAccess(m)) => !m.contains(MemoryAccess::VOLATILE),
        _ => true,
    }
}

fn function(f: &mut Function, pinned: &FxHashSet<Word>) {
    let Some(entry) = f.blocks.first() else {
        return;
    };
    let mut vars: FxHashSet<Word> = entry
        .instructions
        .iter()
        .filter(|i| {
            i.class.opcode == Op::Variable
                && matches!(
                    i.operands.first(),
                    Some(Operand::StorageClass(StorageClass::Function))
                )
        })
        .filter_map(|i| i.result_id)
        .collect();
    if vars.is_empty() {
        return;
    }
    // Keep only variables used as nothing but the pointer of a plain load or store.
    for b in &f.blocks {
        for i in &b.instructions {
            for (k, op) in i.operands.iter().enumerate() {
                let Operand::IdRef(id) = op else { continue };
                if !vars.contains(id) {
                    continue;
                }
                let ok = k == 0
                    && match i.class.opcode {
                        Op::Load => plain(&i.operands, 1),
                        Op::Store => plain(&i.operands, 2),
                        _ => false,
                    };
                if !ok {
                    vars.remove(id);
                }
            }
        }
    }
    if vars.is_empty() {
        return;
    }
    // The value each removed load stands for.
    let mut subst: FxHashMap<Word, Word> = FxHashMap::default();
    let resolve = |subst: &FxHashMap<Word, Word>, mut id: Word| {
        while let Some(&v) = subst.get(&id) {
            id = v;
        }
        id
    };
    let mut known: FxHashMap<Word, Word> = FxHashMap::default();
    let mut last_store: FxHashMap<Word, usize> = FxHashMap::default();
    let mut dead: Vec<bool> = Vec::new();
    for b in &mut f.blocks {
        known.clear();
        last_store.clear();
        dead.clear();
        dead.resize(b.instructions.len(), false);
        for (n, i) in b.instructions.iter_mut().enumerate() {
            let var = match (i.class.opcode, i.operands.first()) {
                (Op::Load | Op::Store, Some(Operand::IdRef(p))) if vars.contains(p) => *p,
                _ => continue,
            };
            if i.class.opcode == Op::Load {
                let Some(result) = i.result_id else { continue };
                match known.get(&var) {
                    Some(&v) if !pinned.contains(&result) => {
                        subst.insert(result, v);
                        dead[n] = true;
                    }
                    _ => {
                        known.insert(var, result);
                    }
                }
            } else {
                let Some(Operand::IdRef(obj)) = i.operands.get(1) else {
                    continue;
                };
                let obj = resolve(&subst, *obj);
                if let Some(prev) = last_store.insert(var, n) {
                    dead[prev] = true;
                }
                known.insert(var, obj);
            }
        }
        if dead.iter().any(|&d| d) {
            let mut n = 0;
            b.instructions.retain(|_| {
                n += 1;
                !dead[n - 1]
            });
        }
    }
    if subst.is_empty() {
        return;
    }
    for b in &mut f.blocks {
        for i in &mut b.instructions {
            for op in &mut i.operands {
                if let Operand::IdRef(id) = op {
                    if subst.contains_key(id) {
                        *id = resolve(&subst, *id);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::dr::Builder;
    use rspirv::spirv::{FunctionControl, Word};

    /// A function whose entry block stores `1` to `x`, loads it twice, stores `2`, then
    /// passes `y`'s address to `f` (so `y` escapes) and loads `y`. Returns the module and
    /// the ids of `x`, `y` and the constant `1`.
    fn module() -> (Module, Word, Word, Word) {
        let mut b = Builder::new();
        let uint = b.type_int(32, 0);
        let void = b.type_void();
        let ptr = b.type_pointer(None, StorageClass::Function, uint);
        let one = b.constant_bit32(uint, 1);
        let two = b.constant_bit32(uint, 2);
        let callee_ty = b.type_function(void, [ptr]);
        let callee = b.id();
        let fn_ty = b.type_function(uint, []);
        b.begin_function(uint, None, FunctionControl::NONE, fn_ty)
            .unwrap();
        b.begin_block(None).unwrap();
        let x = b.variable(ptr, None, StorageClass::Function, None);
        let y = b.variable(ptr, None, StorageClass::Function, None);
        b.store(x, one, None, []).unwrap();
        let a = b.load(uint, None, x, None, []).unwrap();
        let c = b.load(uint, None, x, None, []).unwrap();
        let s = b.i_add(uint, None, a, c).unwrap();
        b.store(x, two, None, []).unwrap();
        b.store(y, s, None, []).unwrap();
        b.function_call(void, None, callee, [y]).unwrap();
        let r = b.load(uint, None, y, None, []).unwrap();
        b.ret_value(r).unwrap();
        b.end_function().unwrap();
        b.begin_function(void, Some(callee), FunctionControl::NONE, callee_ty)
            .unwrap();
        b.function_parameter(ptr).unwrap();
        b.begin_block(None).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        (b.module(), x, y, one)
    }

    fn ops(m: &Module) -> Vec<(Op, Vec<Operand>)> {
        m.functions[0].blocks[0]
            .instructions
            .iter()
            .map(|i| (i.class.opcode, i.operands.clone()))
            .collect()
    }

    #[test]
    fn loads_after_a_store_take_its_value_and_overwritten_stores_go() {
        let (mut m, x, y, one) = module();
        locals(&mut m);
        let ops = ops(&m);
        let loads_of = |v| {
            ops.iter()
                .filter(|(o, a)| *o == Op::Load && a[0] == Operand::IdRef(v))
                .count()
        };
        let stores_of = |v| {
            ops.iter()
                .filter(|(o, a)| *o == Op::Store && a[0] == Operand::IdRef(v))
                .count()
        };
        assert_eq!(loads_of(x), 0, "{ops:?}");
        assert_eq!(
            stores_of(x),
            1,
            "the store of 1 is overwritten by the store of 2: {ops:?}"
        );
        let add = ops.iter().find(|(o, _)| *o == Op::IAdd).unwrap();
        assert_eq!(add.1, vec![Operand::IdRef(one), Operand::IdRef(one)]);
        // `y` is passed to a call: its load and store stay.
        assert_eq!((loads_of(y), stores_of(y)), (1, 1), "{ops:?}");
    }

    #[test]
    fn volatile_accesses_keep_the_variable_in_memory() {
        let (mut m, x, _, _) = module();
        for i in &mut m.functions[0].blocks[0].instructions {
            if i.class.opcode == Op::Load && i.operands[0] == Operand::IdRef(x) {
                i.operands
                    .push(Operand::MemoryAccess(MemoryAccess::VOLATILE));
            }
        }
        let before = ops(&m);
        locals(&mut m);
        assert_eq!(ops(&m), before);
    }
}
