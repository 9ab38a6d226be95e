//! Validating a module of many kernels piece by piece.
//!
//! SPIRV-Tools' validator compares every `OpEntryPoint` with every earlier one, building a
//! `std::string` of each name for each comparison (`validate.cpp`, "2 Entry points cannot
//! share the same name"), so its time grows with the square of the kernel count: 10,000
//! one-line kernels spent 60% of their compile time there, and 100,000 would take hours.
//! A module with more than [`SPLIT_ABOVE`] entry points is therefore validated as several
//! modules, each with at most [`PIECE`] of them and everything those reach: the functions they call,
//! the types, constants and variables any of those use, and the decorations and names of what
//! is kept. The module-level instructions (capabilities, extensions, imports, memory model,
//! debug strings) are in every piece, and the functions no entry point reaches are in the
//! first one, so every instruction of the module is validated at least once.
//!
//! The checks that span entry points are done here instead, and the whole module goes to the
//! validator when one fails (it then reports the error in its own words): two entry points
//! with the same name and execution model, and a function that is both an entry point and
//! called. Modules with decoration groups (which clc does not emit) are not split.

use rspirv::binary::{Consumer, ParseAction as Action};
use rspirv::dr::{self, Operand};
use rspirv::spirv::{Op, Word};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// The most entry points one piece holds.
pub const PIECE: usize = 512;

/// Modules of at most this many entry points are validated whole. Cutting a module costs a
/// pass over all of it and the shared types and constants validated again in each piece;
/// below about a thousand kernels that costs more than the quadratic check saves (measured
/// on files of one-line kernels, release build: whole 13 ms at 512 kernels and 31 ms at
/// 1,024, in pieces 17 and 27 ms on two cores; at 2,048, 82 ms whole against 55 ms; an
/// unoptimized build cuts at a third of the speed, 75 ms at 1,024).
pub const SPLIT_ABOVE: usize = 2 * PIECE;

/// Validates `words` in pieces when it has more than [`SPLIT_ABOVE`] entry points: `None`
/// when it is not split (at most [`SPLIT_ABOVE`] entry points, it does not parse, or it fails a check that
/// spans pieces: the caller validates it whole), else the first piece's error (in the
/// module's order) or `Ok`.
///
/// The pieces are independent, so they are validated on up to `threads` threads at once
/// (0: one per core, asked only when the module is split),
/// each with its own validator from `validator` (SPIRV-Tools' contexts are not shared across
/// threads). Each thread builds a piece, validates it and drops it before taking the next;
/// once a piece fails, only the pieces before it are still validated.
pub fn validate_in_pieces<E, V>(
    words: &[u32],
    threads: usize,
    validator: impl Fn() -> V + Sync,
) -> Option<Result<(), E>>
where
    E: Send,
    V: FnMut(&[u32]) -> Result<(), E>,
{
    if count_entry_points(words) <= SPLIT_ABOVE {
        return None;
    }
    let bound = words.get(3).map_or(0, |&b| b as usize);
    let mut m = Module {
        words,
        insts: Vec::new(),
        function_words: Vec::new(),
        owner: vec![0; bound.min(words.len() + 1)],
        flat_uses: Vec::new(),
        entry_points: Vec::new(),
        edges: FxHashMap::default(),
        functions: FxHashMap::default(),
        names: FxHashSet::default(),
        offset: 5,
        function: None,
        splittable: true,
    };
    rspirv::binary::parse_words(words, &mut m).ok()?;
    if !m.splittable {
        return None;
    }
    // What no entry point reaches (functions, globals such as unused strings) goes with the
    // first piece.
    let all_roots: Vec<Word> = m.entry_points.iter().flat_map(|&i| m.uses(i)).collect();
    let reached = m.reach(&all_roots);
    let orphans: Vec<Word> = m
        .functions
        .keys()
        .copied()
        .chain(
            m.insts
                .iter()
                .filter(|i| i.section == Section::Global && i.result != 0)
                .map(|i| i.result),
        )
        .filter(|id| !reached.contains(id))
        .collect();
    // Each piece is its kept ids' instructions in the module's order; find them by id.
    let mut module_level = Vec::new();
    let mut by_id: FxHashMap<Word, Vec<usize>> = FxHashMap::default();
    for (i, inst) in m.insts.iter().enumerate() {
        let key = match inst.section {
            Section::Module => {
                module_level.push(i);
                continue;
            }
            Section::EntryPoint => continue,
            Section::Global if inst.result != 0 => inst.result,
            // Decorations, names, execution modes, OpTypeForwardPointer: with the id they name
            // (a function's local ids: with the function).
            _ => match m.first_use(i) {
                Some(t) => match m.owner.get(t as usize) {
                    Some(&f) if f != 0 => f,
                    _ => t,
                },
                None => {
                    module_level.push(i);
                    continue;
                }
            },
        };
        by_id.entry(key).or_default().push(i);
    }
    let function_index: FxHashMap<Word, usize> = m
        .function_words
        .iter()
        .enumerate()
        .map(|(i, (f, _))| (*f, i))
        .collect();
    let chunks: Vec<&[usize]> = m.entry_points.chunks(PIECE).collect();
    let build = |k: usize, piece: &mut Vec<u32>| {
        let eps = chunks[k];
        let mut roots: Vec<Word> = eps.iter().flat_map(|&i| m.uses(i)).collect();
        if k == 0 {
            roots.extend(&orphans);
        }
        let keep = m.reach(&roots);
        let mut take: Vec<usize> = module_level.iter().chain(eps).copied().collect();
        let mut functions: Vec<usize> = Vec::new();
        for id in &keep {
            take.extend(by_id.get(id).into_iter().flatten());
            functions.extend(function_index.get(id));
        }
        take.sort_unstable();
        functions.sort_unstable();
        piece.clear();
        piece.extend_from_slice(&words[..5]);
        for &i in &take {
            piece.extend_from_slice(&words[m.insts[i].words.clone()]);
        }
        for &f in &functions {
            piece.extend_from_slice(&words[m.function_words[f].1.clone()]);
        }
    };
    // The next piece to take, and the first piece known to fail (with its error).
    let next = AtomicUsize::new(0);
    let failed: Mutex<Option<(usize, E)>> = Mutex::new(None);
    let first_failure = || {
        let f = failed.lock().unwrap_or_else(PoisonError::into_inner);
        f.as_ref().map_or(usize::MAX, |&(k, _)| k)
    };
    let work = || {
        let mut validate = validator();
        let mut piece = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= chunks.len() || k > first_failure() {
                return;
            }
            build(k, &mut piece);
            if let Err(e) = validate(&piece) {
                let mut f = failed.lock().unwrap_or_else(PoisonError::into_inner);
                if f.as_ref().is_none_or(|&(j, _)| k < j) {
                    *f = Some((k, e));
                }
                return;
            }
        }
    };
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, chunks.len());
    std::thread::scope(|s| {
        for _ in 1..threads {
            // A thread that cannot be started leaves its share to the others. Each gets the
            // compiler thread's stack (address space, committed as used): the validator
            // recurses over a function's control flow.
            let _ = std::thread::Builder::new()
                .stack_size(crate::driver::STACK_BYTES)
                .spawn_scoped(s, work);
        }
        work();
    });
    match failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        Some((_, e)) => Some(Err(e)),
        None => Some(Ok(())),
    }
}

/// Where an instruction sits, for what a piece keeps of it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Capabilities, extensions, imports, the memory model, sources: in every piece.
    Module,
    EntryPoint,
    ExecutionMode,
    /// Names and decorations: with their target (first operand).
    Targeted,
    /// Types, constants, variables, strings: with what uses them.
    Global,
}

/// One instruction: where its words are, its opcode and result, and the ids it uses
/// (`Module::uses_of`).
struct Inst {
    words: Range<usize>,
    section: Section,
    result: Word,
    uses: Range<u32>,
}

/// What the pieces need of a module, compactly: each instruction's place and uses, and who
/// uses what at the granularity the pieces keep (a global by its result id, a function as a
/// whole).
struct Module<'w> {
    words: &'w [u32],
    /// The instructions outside functions.
    insts: Vec<Inst>,
    /// Each function's id and words, in order.
    function_words: Vec<(Word, Range<usize>)>,
    /// For each id defined inside a function, that function's id (indexed by id; 0 elsewhere).
    owner: Vec<Word>,
    /// Every instruction's used ids, one after the other.
    flat_uses: Vec<Word>,
    /// Indexes of the `OpEntryPoint`s.
    entry_points: Vec<usize>,
    edges: FxHashMap<Word, Vec<Word>>,
    /// Function ids, with whether something calls them.
    functions: FxHashMap<Word, bool>,
    /// (execution model, name) of each entry point so far.
    names: FxHashSet<(u32, String)>,
    /// Where the next instruction's words start.
    offset: usize,
    /// The function being read: its id and where its words start.
    function: Option<(Word, usize)>,
    /// False once a check across pieces fails or a decoration group shows up.
    splittable: bool,
}

impl Module<'_> {
    fn uses(&self, i: usize) -> impl Iterator<Item = Word> + '_ {
        let r = &self.insts[i].uses;
        self.flat_uses[r.start as usize..r.end as usize]
            .iter()
            .copied()
    }

    fn first_use(&self, i: usize) -> Option<Word> {
        self.uses(i).next()
    }

    /// The ids reachable from `roots`, themselves included.
    fn reach(&self, roots: &[Word]) -> FxHashSet<Word> {
        let mut seen: FxHashSet<Word> = FxHashSet::default();
        let mut work: Vec<Word> = roots.to_vec();
        while let Some(id) = work.pop() {
            if seen.insert(id) {
                if let Some(next) = self.edges.get(&id) {
                    work.extend(next.iter().filter(|n| !seen.contains(n)));
                }
            }
        }
        seen
    }
}

fn id_operand(o: &Operand) -> Option<Word> {
    match *o {
        Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => Some(id),
        _ => None,
    }
}

impl Consumer for Module<'_> {
    fn initialize(&mut self) -> Action {
        Action::Continue
    }

    fn finalize(&mut self) -> Action {
        // A function both called and an entry point is an error the whole module shows.
        if self
            .entry_points
            .iter()
            .any(|&i| self.uses(i).next().and_then(|f| self.functions.get(&f)) == Some(&true))
        {
            self.splittable = false;
        }
        Action::Continue
    }

    fn consume_header(&mut self, _: dr::ModuleHeader) -> Action {
        Action::Continue
    }

    fn consume_instruction(&mut self, inst: dr::Instruction) -> Action {
        // The parser hands instructions over in order: this one's words start where the
        // previous one's ended, and its first word holds its word count.
        let start = self.offset;
        let count = self.words.get(start).map_or(0, |w| (w >> 16) as usize);
        if count == 0 {
            return Action::Error("bad word count".into());
        }
        self.offset += count;
        let op = inst.class.opcode;
        let begin = self.flat_uses.len() as u32;
        self.flat_uses.extend(inst.result_type);
        self.flat_uses
            .extend(inst.operands.iter().filter_map(id_operand));
        let uses = begin..self.flat_uses.len() as u32;
        let used = &self.flat_uses[uses.start as usize..];
        let result = inst.result_id.unwrap_or(0);
        if op == Op::Function {
            self.function = Some((result, start));
            self.functions.entry(result).or_insert(false);
        }
        if let Some((f, fstart)) = self.function {
            if let Some(o) = self.owner.get_mut(result as usize).filter(|_| result != 0) {
                *o = f;
            }
            if op == Op::FunctionCall {
                if let Some(Operand::IdRef(callee)) = inst.operands.first() {
                    *self.functions.entry(*callee).or_insert(false) = true;
                }
            }
            self.edges
                .entry(f)
                .or_default()
                .extend(used.iter().copied());
            self.flat_uses.truncate(begin as usize);
            if op == Op::FunctionEnd {
                self.function = None;
                self.function_words.push((f, fstart..start + count));
            }
            return Action::Continue;
        }
        let section = match op {
            Op::EntryPoint => {
                self.entry_points.push(self.insts.len());
                let model = match inst.operands.first() {
                    Some(Operand::ExecutionModel(m)) => *m as u32,
                    _ => u32::MAX,
                };
                let name = match inst.operands.get(2) {
                    Some(Operand::LiteralString(n)) => n.clone(),
                    _ => String::new(),
                };
                if !self.names.insert((model, name)) {
                    self.splittable = false;
                }
                Section::EntryPoint
            }
            Op::ExecutionMode | Op::ExecutionModeId => Section::ExecutionMode,
            Op::DecorationGroup | Op::GroupDecorate | Op::GroupMemberDecorate => {
                self.splittable = false;
                Section::Targeted
            }
            Op::Name
            | Op::MemberName
            | Op::Decorate
            | Op::MemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString => {
                // A decoration that names other ids (OpDecorateId) keeps them with its target.
                if let Some((&target, rest)) = used.split_first() {
                    if !rest.is_empty() {
                        self.edges
                            .entry(target)
                            .or_default()
                            .extend(rest.iter().copied());
                    }
                }
                Section::Targeted
            }
            Op::Capability
            | Op::Extension
            | Op::ExtInstImport
            | Op::MemoryModel
            | Op::Source
            | Op::SourceContinued
            | Op::SourceExtension
            | Op::ModuleProcessed => Section::Module,
            _ => {
                if result != 0 {
                    self.edges
                        .entry(result)
                        .or_default()
                        .extend(used.iter().copied());
                } else if let Some((&first, _)) = used.split_first() {
                    // OpTypeForwardPointer names the pointer it declares as an operand.
                    let all: Vec<Word> = used.to_vec();
                    self.edges.entry(first).or_default().extend(all);
                }
                Section::Global
            }
        };
        self.insts.push(Inst {
            words: start..start + count,
            section,
            result,
            uses,
        });
        Action::Continue
    }
}

/// The number of `OpEntryPoint` instructions, without parsing operands.
fn count_entry_points(words: &[u32]) -> usize {
    let mut n = 0;
    let mut i = 5;
    while let Some(&w) = words.get(i) {
        let len = (w >> 16) as usize;
        if len == 0 {
            return 0;
        }
        if w & 0xffff == Op::EntryPoint as u32 {
            n += 1;
        } else if w & 0xffff == Op::Function as u32 {
            // Entry points come before every function.
            break;
        }
        i += len;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;

    /// Every piece `validate_in_pieces` makes, or `None` when it keeps the module whole.
    fn pieces(words: &[u32]) -> Option<Vec<Vec<u32>>> {
        let out = Mutex::new(Vec::new());
        let r = validate_in_pieces(words, 1, || {
            |p: &[u32]| {
                out.lock().unwrap().push(p.to_vec());
                Ok::<(), ()>(())
            }
        });
        r.map(|_| out.into_inner().unwrap())
    }

    /// A Kernel module of `n` entry points that share a helper and one global constant.
    fn module(n: usize, duplicate_name: bool, call_a_kernel: bool) -> Vec<u32> {
        module_with(n, duplicate_name, call_a_kernel, false)
    }

    fn module_with(
        n: usize,
        duplicate_name: bool,
        call_a_kernel: bool,
        bad_last: bool,
    ) -> Vec<u32> {
        use rspirv::spirv::*;
        let mut b = dr::Builder::new();
        b.set_version(1, 0);
        b.capability(Capability::Addresses);
        b.capability(Capability::Kernel);
        b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
        let void = b.type_void();
        let uint = b.type_int(32, 0);
        let fn_void = b.type_function(void, vec![]);
        let shared = b.constant_bit32(uint, 7);
        let helper = b
            .begin_function(void, None, FunctionControl::NONE, fn_void)
            .unwrap();
        b.begin_block(None).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        let mut first = None;
        for k in 0..n {
            let own = b.constant_bit32(uint, 1000 + k as u32);
            let f = b
                .begin_function(void, None, FunctionControl::NONE, fn_void)
                .unwrap();
            b.begin_block(None).unwrap();
            b.function_call(void, None, helper, vec![]).unwrap();
            let ty = if bad_last && k == n - 1 { void } else { uint };
            b.i_add(ty, None, shared, own).unwrap();
            if call_a_kernel && k == n - 1 {
                b.function_call(void, None, first.unwrap(), vec![]).unwrap();
            }
            b.ret().unwrap();
            b.end_function().unwrap();
            first.get_or_insert(f);
            let name = if duplicate_name && k == n - 1 {
                "k0".to_string()
            } else {
                format!("k{k}")
            };
            b.entry_point(ExecutionModel::Kernel, f, name, vec![]);
        }
        b.module().assemble()
    }

    #[test]
    fn small_modules_stay_whole() {
        assert!(pieces(&module(SPLIT_ABOVE, false, false)).is_none());
    }

    #[test]
    fn every_piece_is_complete_and_valid() {
        let words = module(2 * PIECE + 3, false, false);
        let ps = pieces(&words).expect("split");
        assert_eq!(ps.len(), 3);
        let v = crate::spvtools::Validator::new(crate::spvtools::TargetEnv::Universal_1_0);
        v.validate(&words, Default::default())
            .expect("the whole module is valid");
        let mut eps = 0;
        for p in &ps {
            v.validate(p, Default::default())
                .expect("each piece is valid");
            let m = dr::load_words(p).unwrap();
            eps += m.entry_points.len();
            // Each kernel's own constant, the shared one, and only those.
            assert_eq!(
                m.types_global_values
                    .iter()
                    .filter(|i| i.class.opcode == Op::Constant)
                    .count(),
                m.entry_points.len() + 1
            );
            assert_eq!(m.functions.len(), m.entry_points.len() + 1);
        }
        assert_eq!(eps, 2 * PIECE + 3);
    }

    #[test]
    fn an_invalid_kernel_fails_its_piece() {
        let words = module_with(SPLIT_ABOVE + 2, false, false, true);
        let v = crate::spvtools::Validator::new(crate::spvtools::TargetEnv::Universal_1_0);
        assert!(v.validate(&words, Default::default()).is_err());
        let ps = pieces(&words).expect("split");
        assert_eq!(ps.len(), 3);
        assert!(v.validate(&ps[0], Default::default()).is_ok());
        assert!(v.validate(&ps[1], Default::default()).is_ok());
        assert!(v.validate(&ps[2], Default::default()).is_err());
    }

    #[test]
    fn checks_across_pieces_send_the_whole_module() {
        assert!(pieces(&module(SPLIT_ABOVE + 1, false, false)).is_some());
        assert!(pieces(&module(SPLIT_ABOVE + 1, true, false)).is_none());
        assert!(pieces(&module(SPLIT_ABOVE + 1, false, true)).is_none());
    }

    #[test]
    fn threads_validate_every_piece_and_report_the_first_failure() {
        let words = module(5 * PIECE + 1, false, false);
        let single = pieces(&words).expect("split");
        assert_eq!(single.len(), 6);
        let seen = Mutex::new(Vec::new());
        let r = validate_in_pieces(&words, 4, || {
            |p: &[u32]| {
                seen.lock().unwrap().push(p.to_vec());
                Ok::<(), usize>(())
            }
        });
        assert_eq!(r, Some(Ok(())));
        let mut seen = seen.into_inner().unwrap();
        let mut expected = single.clone();
        seen.sort();
        expected.sort();
        assert_eq!(seen, expected, "the same pieces, in whatever order");
        // Pieces 2 and 4 fail (by their place in the module): whichever thread finds which
        // first, the error is piece 2's.
        let index = |p: &[u32]| single.iter().position(|q| q == p).unwrap();
        for _ in 0..20 {
            let r = validate_in_pieces(&words, 4, || {
                |p: &[u32]| match index(p) {
                    k @ (2 | 4) => Err(k),
                    _ => Ok(()),
                }
            });
            assert_eq!(r, Some(Err(2)));
        }
    }
}
