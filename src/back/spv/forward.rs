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

/// Runs the pass over every function of `module`.
pub(super) fn locals(module: &mut Module) {
    let bound = module.header.as_ref().map_or(0, |h| h.bound as usize);
    let mut t = Tables {
        pinned: vec![false; bound],
        var: vec![false; bound],
        subst: vec![0; bound],
        known: vec![0; bound],
        last_store: vec![0; bound],
    };
    for i in module.debug_names.iter().chain(&module.annotations) {
        if let Some(Operand::IdRef(id)) = i.operands.first() {
            put(&mut t.pinned, *id, true);
        }
    }
    for f in &mut module.functions {
        function(f, &mut t);
    }
}

/// What the pass knows of each id, indexed by id (ids are dense and unique in the module, so
/// the tables are made once for all functions, and each function resets what it set).
/// Vectors rather than hash maps: a build script runs this unoptimized, where a hash map
/// probe costs a tenth of a microsecond.
struct Tables {
    /// Named or decorated ids, left alone.
    pinned: Vec<bool>,
    /// The current function's variables that only plain loads and stores use.
    var: Vec<bool>,
    /// The value each removed load stands for (0: none).
    subst: Vec<Word>,
    /// Each variable's value where the current block knows it (0: not known).
    known: Vec<Word>,
    /// The index + 1 of the current block's last store to each variable (0: none yet).
    last_store: Vec<usize>,
}

fn at<T: Copy + Default>(table: &[T], id: Word) -> T {
    table.get(id as usize).copied().unwrap_or_default()
}

/// Sets `table[id]`, growing it for an id past the header's bound (a module being built).
fn put<T: Copy + Default>(table: &mut Vec<T>, id: Word, value: T) {
    let i = id as usize;
    if table.len() <= i {
        table.resize(i + 1, T::default());
    }
    table[i] = value;
}

/// The value `id` stands for once the removed loads are replaced.
fn resolve(subst: &[Word], mut id: Word) -> Word {
    loop {
        match at(subst, id) {
            0 => return id,
            v => id = v,
        }
    }
}

/// Whether a load's or store's memory operands (from `first`) are plain.
fn plain(operands: &[Operand], first: usize) -> bool {
    match operands.get(first) {
        Some(Operand::MemoryAccess(m)) => !m.contains(MemoryAccess::VOLATILE),
        _ => true,
    }
}

fn function(f: &mut Function, t: &mut Tables) {
    let Some(entry) = f.blocks.first() else {
        return;
    };
    let mut vars: Vec<Word> = Vec::new();
    for i in &entry.instructions {
        if i.class.opcode == Op::Variable
            && matches!(
                i.operands.first(),
                Some(Operand::StorageClass(StorageClass::Function))
            )
        {
            if let Some(r) = i.result_id {
                put(&mut t.var, r, true);
                vars.push(r);
            }
        }
    }
    // Keep only variables used as nothing but the pointer of a plain load or store.
    let mut kept = vars.len();
    for b in &f.blocks {
        for i in &b.instructions {
            for (k, op) in i.operands.iter().enumerate() {
                let Operand::IdRef(id) = op else { continue };
                if !at(&t.var, *id) {
                    continue;
                }
                let ok = k == 0
                    && match i.class.opcode {
                        Op::Load => plain(&i.operands, 1),
                        Op::Store => plain(&i.operands, 2),
                        _ => false,
                    };
                if !ok {
                    put(&mut t.var, *id, false);
                    kept -= 1;
                }
            }
        }
    }
    if kept > 0 {
        forward(f, t);
    }
    for v in vars {
        put(&mut t.var, v, false);
    }
}

/// Removes the loads whose value is known and the stores overwritten in their block.
fn forward(f: &mut Function, t: &mut Tables) {
    let mut replaced = false;
    // The variables whose `known` or `last_store` the current block set.
    let mut touched: Vec<Word> = Vec::new();
    let mut dead: Vec<bool> = Vec::new();
    for b in &mut f.blocks {
        for &v in &touched {
            put(&mut t.known, v, 0);
            put(&mut t.last_store, v, 0);
        }
        touched.clear();
        dead.clear();
        dead.resize(b.instructions.len(), false);
        for (n, i) in b.instructions.iter_mut().enumerate() {
            let var = match (i.class.opcode, i.operands.first()) {
                (Op::Load | Op::Store, Some(Operand::IdRef(p))) if at(&t.var, *p) => *p,
                _ => continue,
            };
            if i.class.opcode == Op::Load {
                let Some(result) = i.result_id else { continue };
                match at(&t.known, var) {
                    v if v != 0 && !at(&t.pinned, result) => {
                        put(&mut t.subst, result, v);
                        replaced = true;
                        dead[n] = true;
                    }
                    _ => {
                        put(&mut t.known, var, result);
                        touched.push(var);
                    }
                }
            } else {
                let Some(Operand::IdRef(obj)) = i.operands.get(1) else {
                    continue;
                };
                let obj = resolve(&t.subst, *obj);
                let prev = at(&t.last_store, var);
                if prev != 0 {
                    dead[prev - 1] = true;
                }
                put(&mut t.last_store, var, n + 1);
                put(&mut t.known, var, obj);
                touched.push(var);
            }
        }
        if dead.contains(&true) {
            let mut n = 0;
            b.instructions.retain(|_| {
                n += 1;
                !dead[n - 1]
            });
        }
    }
    for &v in &touched {
        put(&mut t.known, v, 0);
        put(&mut t.last_store, v, 0);
    }
    if !replaced {
        return;
    }
    for b in &mut f.blocks {
        for i in &mut b.instructions {
            for op in &mut i.operands {
                if let Operand::IdRef(id) = op {
                    if at(&t.subst, *id) != 0 {
                        *id = resolve(&t.subst, *id);
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
