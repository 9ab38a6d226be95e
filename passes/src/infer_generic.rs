//! `infer-address-spaces`: resolves every generic pointee (`__generic`, and unqualified
//! pointees in OpenCL C 2.0+) to the named space it points into, for targets without a
//! generic address space (Vulkan).
//!
//! ## Design
//! Every pointer level of every type in a function is a *slot*: a level already named
//! (`__global int *`) is a constant, a generic level is an inference variable. Expressions,
//! locals, the function's result, and the object an lvalue designates get slots; each
//! construct equates slots (an assignment equates the place's levels with the value's, a
//! dereference makes the place's object space the pointer's first level, an implicit
//! named → generic conversion pins a variable to a space, …). All constraints are equalities,
//! so a union-find solves them: a class pinned to one space gets it, a class pinned to two
//! is the error of SPEC §Mapping, with a note at each origin.
//!
//! Functions are solved callees first. A function's solution is its *summary*: which of its
//! signature slots (parameter levels, then result levels) share a class, and which classes
//! are pinned. A call instantiates the callee's summary on the caller's argument and result
//! slots, so information flows both ways through calls without iterating. Classes of the
//! signature that nothing pins are the function's *free* variables: the callers decide them,
//! and the function is cloned once per distinct assignment (rust-gpu's storage-class
//! specializer does the same). Kernels have no free variable (AS-4).
//!
//! ## Choices
//! - A class that nothing constrains (a pointer only ever null, or a helper nobody calls)
//!   becomes `__global`, the one space whose pointers are plain values on every target.
//! - `to_global`/`to_local`/`to_private` become a no-op conversion where the space matches
//!   and a null pointer (the argument still evaluated) where it does not, as OpenCL defines;
//!   an explicit generic → named cast likewise. `get_fence` becomes its constant.
//! - A program-scope pointer variable's generic level is the space of the variable its
//!   initializer points to (`__global` when null or uninitialized); code that stores a
//!   pointer into another space in it is rejected.
//! - Generic pointers in struct or union members are not inferred: a struct type whose
//!   members hold one is reported where it is first used.
//!
//! ## Contract
//! Requires a normalized, checked module (after `check-address-spaces` reported no error).
//! On success no expression, local, parameter, result, compute type, global or struct member
//! refers to a generic pointee; every existing function keeps its handle (so
//! [`crate::pipeline::Validated`] stays valid) and clones are appended. On error the module
//! is left unchanged: the Vulkan driver then keeps its generic pointers as flat device
//! addresses (docs/VULKAN.md, "Generic pointers chosen at run time") instead of reporting
//! the errors.

use crate::ast::{
    AddressSpace, Builtin, CastKind, Category, ConstValue, ExprKind, Function, GlobalInit, Handle,
    Init, Local, Module, StmtKind, StructDef, Type, Types,
};
use crate::ast::{Block, Expr, Global};
use crate::diag::{Bug, Diagnostic, Diagnostics, Span};
use rustc_hash::FxHashMap;

/// The pass's stable name.
pub const NAME: &str = "infer-address-spaces";

/// The space of a class that nothing constrains.
const DEFAULT_SPACE: AddressSpace = AddressSpace::Global;

/// `get_fence` flags (`CLK_LOCAL_MEM_FENCE`, `CLK_GLOBAL_MEM_FENCE`).
fn fence_flags(space: AddressSpace) -> u64 {
    match space {
        AddressSpace::Local => 1,
        AddressSpace::Global => 2,
        AddressSpace::Private | AddressSpace::Constant | AddressSpace::Generic => 0,
    }
}

/// Runs the pass. Returns the errors found (the module is then unchanged), or a [`Bug`]
/// when the rewritten module breaks the pass's own guarantees.
pub fn run(module: &mut Module) -> Result<Diagnostics, Bug> {
    let mut diags = Diagnostics::new();
    check_structs(module, &mut diags);
    let globals = resolve_globals(module, &mut diags);
    let order = callee_first_order(module);
    let mut summaries: Vec<Option<Summary>> = vec![None; module.functions.len()];
    for fh in order {
        let s = summarize(module, fh, &globals, &summaries, &mut diags);
        summaries[fh.index()] = Some(s);
    }
    if diags.has_errors() {
        return Ok(diags);
    }
    let summaries: Vec<Summary> = summaries
        .into_iter()
        .map(|s| s.ok_or_else(|| Bug::new(None, "a function was not summarized")))
        .collect::<Result<_, _>>()?;
    let rewritten = specialize(module, &summaries, &globals, &mut diags)?;
    if diags.has_errors() {
        return Ok(diags);
    }
    *module = rewritten;
    check_no_generic(module)?;
    Ok(diags)
}

// ---------------------------------------------------------------------------------------
// Slots and the union-find
// ---------------------------------------------------------------------------------------

/// One pointer level of a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    /// A named space.
    Named(AddressSpace),
    /// A generic level: an inference variable.
    Var(u32),
    /// No space recorded (only before normalization); constrains nothing.
    Opaque,
}

/// Where a class got one of its spaces.
#[derive(Debug, Clone)]
struct Origin {
    space: AddressSpace,
    span: Span,
    note: String,
}

#[derive(Debug, Clone, Default)]
struct Class {
    /// Distinct spaces, first origin of each, in the order they arrived.
    origins: Vec<Origin>,
    /// Where the second space arrived.
    conflict_at: Option<Span>,
    /// An error about this class was already reported (in a callee).
    poisoned: bool,
}

#[derive(Debug, Clone, Default)]
struct Solver {
    parent: Vec<u32>,
    classes: Vec<Class>,
}

impl Solver {
    fn fresh(&mut self) -> Term {
        let v = self.parent.len() as u32;
        self.parent.push(v);
        self.classes.push(Class::default());
        Term::Var(v)
    }

    fn find(&self, mut v: u32) -> u32 {
        while let Some(&p) = self.parent.get(v as usize) {
            if p == v {
                break;
            }
            v = p;
        }
        v
    }

    fn find_mut(&mut self, v: u32) -> u32 {
        let root = self.find(v);
        let mut cur = v;
        while cur != root {
            let next = self.parent[cur as usize];
            self.parent[cur as usize] = root;
            cur = next;
        }
        root
    }

    fn pin(&mut self, v: u32, origin: Origin, at: Span) {
        let r = self.find_mut(v) as usize;
        let class = &mut self.classes[r];
        if class.origins.iter().all(|o| o.space != origin.space) {
            class.origins.push(origin);
            if class.origins.len() == 2 {
                class.conflict_at = Some(at);
            }
        }
    }

    fn union(&mut self, a: u32, b: u32, at: Span) {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            return;
        }
        // The older variable stays the root, so classes keep their first member's identity.
        let (root, child) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.parent[child as usize] = root;
        let moved = std::mem::take(&mut self.classes[child as usize]);
        let had = self.classes[root as usize].origins.len();
        self.classes[root as usize].poisoned |= moved.poisoned;
        if self.classes[root as usize].conflict_at.is_none() {
            self.classes[root as usize].conflict_at = moved.conflict_at;
        }
        for o in moved.origins {
            self.pin(root, o, at);
        }
        let class = &mut self.classes[root as usize];
        if had == 1 && class.origins.len() >= 2 && class.conflict_at.is_none() {
            class.conflict_at = Some(at);
        }
    }

    /// Equates two levels; `origin` describes a named side for diagnostics.
    fn unify(&mut self, a: Term, b: Term, at: Span, note: &dyn Fn(AddressSpace) -> String) {
        match (a, b) {
            (Term::Var(x), Term::Var(y)) => self.union(x, y, at),
            (Term::Var(x), Term::Named(s)) | (Term::Named(s), Term::Var(x)) => {
                let origin = Origin {
                    space: s,
                    span: at,
                    note: note(s),
                };
                self.pin(x, origin, at)
            }
            _ => {}
        }
    }

    /// Equates two chains level by level, as far as both go.
    fn unify_chains(&mut self, a: &[Term], b: &[Term], at: Span) {
        for (&x, &y) in a.iter().zip(b) {
            self.unify(x, y, at, &comes_from);
        }
    }

    fn class(&self, v: u32) -> &Class {
        &self.classes[self.find(v) as usize]
    }
}

fn comes_from(s: AddressSpace) -> String {
    format!("a pointer into {s} memory comes from here")
}

/// The pointer levels of `ty`, outermost first (arrays are transparent; a struct ends the
/// chain, its members are handled by [`check_structs`]).
fn levels(types: &Types, mut ty: Handle<Type>) -> Vec<Option<AddressSpace>> {
    let mut out = Vec::new();
    loop {
        match types.get(ty) {
            Type::Pointer { pointee, space, .. } => {
                out.push(*space);
                ty = *pointee;
            }
            Type::Array { elem, .. } => ty = *elem,
            _ => return out,
        }
    }
}

fn has_generic(types: &Types, ty: Handle<Type>) -> bool {
    levels(types, ty).contains(&Some(AddressSpace::Generic))
}

fn terms_for(types: &Types, ty: Handle<Type>, solver: &mut Solver) -> Vec<Term> {
    levels(types, ty)
        .into_iter()
        .map(|s| match s {
            Some(AddressSpace::Generic) => solver.fresh(),
            Some(s) => Term::Named(s),
            None => Term::Opaque,
        })
        .collect()
}

/// `ty` with each generic pointer level replaced by the space given for that level
/// (`spaces` has one entry per level, as [`levels`] lists them).
fn rewrite_type(
    types: &mut Types,
    ty: Handle<Type>,
    spaces: &[Option<AddressSpace>],
) -> Handle<Type> {
    match types.get(ty).clone() {
        Type::Pointer {
            pointee,
            space,
            is_const,
            is_volatile,
        } => {
            let (first, rest) = spaces
                .split_first()
                .map_or((None, &[][..]), |(f, r)| (*f, r));
            let space = match (space, first) {
                (Some(AddressSpace::Generic), Some(s)) => Some(s),
                (space, _) => space,
            };
            let pointee = rewrite_type(types, pointee, rest);
            types.intern(Type::Pointer {
                pointee,
                space,
                is_const,
                is_volatile,
            })
        }
        Type::Array { elem, len } => {
            let elem = rewrite_type(types, elem, spaces);
            types.intern(Type::Array { elem, len })
        }
        _ => ty,
    }
}

// ---------------------------------------------------------------------------------------
// Structs and globals
// ---------------------------------------------------------------------------------------

/// Reports each struct with a generic pointer member where a type mentioning it is first
/// used (struct declarations carry no location of their own).
fn check_structs(m: &Module, diags: &mut Diagnostics) {
    for (sh, def) in m.types.structs.iter() {
        let Some(field) = def.fields.iter().find(|f| has_generic(&m.types, f.ty)) else {
            continue;
        };
        let mentions = |ty: Handle<Type>| mentions_struct(&m.types, ty, sh, &mut Vec::new());
        let first_use = m
            .globals
            .iter()
            .find(|(_, g)| mentions(g.ty.ty))
            .map(|(_, g)| g.span)
            .or_else(|| {
                m.functions.iter().find_map(|(_, f)| {
                    let local = f.locals.iter().find(|(_, l)| mentions(l.ty.ty));
                    local.map(|(_, l)| l.span).or_else(|| {
                        let expr = f.exprs.iter().find(|(_, e)| mentions(e.ty));
                        expr.map(|(_, e)| e.span)
                            .or_else(|| mentions(f.result.ty).then_some(f.span))
                    })
                })
            });
        if let Some(span) = first_use {
            let kw = if def.is_union { "union" } else { "struct" };
            diags.push(
                Diagnostic::unsupported(
                    span,
                    format!(
                        "cannot infer the address space of member '{}' of '{kw} {}': generic \
                         pointers in struct members are not inferred",
                        field.name, def.name
                    ),
                )
                .with_note(
                    None,
                    "give the member's pointee a named address space (__global, __local, \
                     __private)",
                ),
            );
        }
    }
}

/// Whether `ty` contains struct `target`, through pointers, arrays and members.
fn mentions_struct(
    types: &Types,
    ty: Handle<Type>,
    target: Handle<StructDef>,
    seen: &mut Vec<Handle<StructDef>>,
) -> bool {
    match types.get(ty) {
        Type::Pointer { pointee: t, .. } | Type::Array { elem: t, .. } => {
            mentions_struct(types, *t, target, seen)
        }
        Type::Struct(d) if *d == target => true,
        Type::Struct(d) => {
            if seen.contains(d) {
                return false;
            }
            seen.push(*d);
            types.structs[*d]
                .fields
                .iter()
                .any(|f| mentions_struct(types, f.ty, target, seen))
        }
        _ => false,
    }
}

/// The resolved pointer levels of each program-scope variable (`None`: unset space).
type GlobalLevels = Vec<Vec<Option<AddressSpace>>>;

/// Resolves the generic levels of program-scope variables from their initializers.
fn resolve_globals(m: &Module, diags: &mut Diagnostics) -> GlobalLevels {
    m.globals
        .iter()
        .map(|(_, g)| {
            let levels = levels(&m.types, g.ty.ty);
            levels
                .iter()
                .enumerate()
                .map(|(depth, space)| match space {
                    Some(AddressSpace::Generic) if depth == 0 => {
                        Some(global_target(m, g, diags).unwrap_or(DEFAULT_SPACE))
                    }
                    Some(AddressSpace::Generic) => Some(DEFAULT_SPACE),
                    other => *other,
                })
                .collect()
        })
        .collect()
}

/// The one space the addresses in `g`'s initializer point into.
fn global_target(m: &Module, g: &Global, diags: &mut Diagnostics) -> Option<AddressSpace> {
    let GlobalInit::Const(init) = &g.init else {
        return None;
    };
    let mut targets: Vec<(AddressSpace, Span, String)> = Vec::new();
    let mut stack = vec![init];
    while let Some(v) = stack.pop() {
        match v {
            ConstValue::Address { global, .. } => {
                if let Some(t) = m.globals.get(*global) {
                    let space = t.ty.space.unwrap_or(AddressSpace::Private);
                    if targets.iter().all(|(s, ..)| *s != space) {
                        targets.push((space, t.span, t.name.clone()));
                    }
                }
            }
            ConstValue::Composite(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
    if targets.len() > 1 {
        let mut d = Diagnostic::error(
            g.span,
            format!(
                "cannot infer the address space of '{}': {}",
                g.name,
                may_point_into(targets.iter().map(|t| t.0))
            ),
        );
        for (space, span, name) in &targets {
            d = d.with_note(
                *span,
                format!("'{name}' is declared in {space} memory here"),
            );
        }
        diags.push(d);
    }
    targets.first().map(|t| t.0)
}

fn may_point_into(spaces: impl Iterator<Item = AddressSpace>) -> String {
    let names: Vec<&str> = spaces.map(AddressSpace::spelling).collect();
    let list = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    };
    format!("it may point into {list} memory")
}

// ---------------------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------------------

/// The slots of one expression.
#[derive(Debug, Clone, Default)]
struct ExprSlots {
    /// The space of the object a place designates.
    object: Option<Term>,
    /// The levels of its type.
    levels: Vec<Term>,
    /// The levels of a compound assignment's computation type.
    compute: Vec<Term>,
}

/// A function's solved constraints.
#[derive(Debug, Clone)]
struct Summary {
    solver: Solver,
    locals: Vec<Vec<Term>>,
    exprs: Vec<ExprSlots>,
    result: Vec<Term>,
    /// Parameter levels in order, then result levels.
    signature: Vec<Term>,
    /// Roots of the classes the callers decide, in order of first appearance in `signature`.
    free: Vec<u32>,
    /// For each call: the caller's slots matching the callee's `signature`.
    calls: FxHashMap<Handle<Expr>, Vec<Term>>,
}

impl Summary {
    /// The space of `t` in the instance where the free classes have the spaces `key`.
    fn value(&self, key: &[AddressSpace], t: Term) -> Option<AddressSpace> {
        match t {
            Term::Named(s) => Some(s),
            Term::Opaque => None,
            Term::Var(v) => {
                let root = self.solver.find(v);
                let class = self.solver.class(v);
                if let Some(o) = class.origins.first() {
                    return Some(o.space);
                }
                Some(
                    self.free
                        .iter()
                        .position(|&r| r == root)
                        .and_then(|i| key.get(i).copied())
                        .unwrap_or(DEFAULT_SPACE),
                )
            }
        }
    }

    fn values(&self, key: &[AddressSpace], terms: &[Term]) -> Vec<Option<AddressSpace>> {
        terms.iter().map(|&t| self.value(key, t)).collect()
    }
}

/// Functions ordered so that callees come before their callers (a recursive call's callee
/// may come after).
fn callee_first_order(m: &Module) -> Vec<Handle<Function>> {
    let n = m.functions.len();
    let mut state = vec![0u8; n]; // 0 new, 1 open, 2 done
    let mut order = Vec::with_capacity(n);
    for (root, _) in m.functions.iter() {
        if state[root.index()] != 0 {
            continue;
        }
        let mut stack: Vec<(Handle<Function>, Vec<Handle<Function>>)> =
            vec![(root, callees(&m.functions[root]))];
        state[root.index()] = 1;
        while let Some((fh, pending)) = stack.last_mut() {
            if let Some(c) = pending.pop() {
                if m.functions.get(c).is_some() && state[c.index()] == 0 {
                    state[c.index()] = 1;
                    let next = callees(&m.functions[c]);
                    stack.push((c, next));
                }
            } else {
                state[fh.index()] = 2;
                order.push(*fh);
                stack.pop();
            }
        }
    }
    order
}

fn callees(f: &Function) -> Vec<Handle<Function>> {
    let mut out: Vec<Handle<Function>> = f
        .exprs
        .iter()
        .filter_map(|(_, e)| match e.kind {
            ExprKind::Call { function, .. } => Some(function),
            _ => None,
        })
        .collect();
    out.reverse();
    out
}

fn summarize(
    m: &Module,
    fh: Handle<Function>,
    globals: &GlobalLevels,
    summaries: &[Option<Summary>],
    diags: &mut Diagnostics,
) -> Summary {
    let types = &m.types;
    let f = &m.functions[fh];
    let mut s = Solver::default();
    let locals: Vec<Vec<Term>> = f
        .locals
        .iter()
        .map(|(_, l)| terms_for(types, l.ty.ty, &mut s))
        .collect();
    let result = terms_for(types, f.result.ty, &mut s);
    let mut signature: Vec<Term> = f
        .params
        .iter()
        .flat_map(|p| locals.get(p.index()).cloned().unwrap_or_default())
        .collect();
    signature.extend(result.iter().copied());

    let mut exprs: Vec<ExprSlots> = Vec::with_capacity(f.exprs.len());
    let mut calls = FxHashMap::default();
    for (h, e) in f.exprs.iter() {
        let object = match e.category {
            Category::Place {
                space: Some(AddressSpace::Generic),
                ..
            } => Some(s.fresh()),
            Category::Place {
                space: Some(sp), ..
            } => Some(Term::Named(sp)),
            Category::Place { space: None, .. } | Category::Value => None,
        };
        let mut me = ExprSlots {
            object,
            levels: terms_for(types, e.ty, &mut s),
            compute: Vec::new(),
        };
        let at = e.span;
        let get = |x: Handle<Expr>| exprs.get(x.index()).cloned().unwrap_or_default();
        match &e.kind {
            ExprKind::Local(l) | ExprKind::CompoundLiteral { local: l, .. } => {
                if let Some(lt) = locals.get(l.index()) {
                    s.unify_chains(&me.levels, lt, at);
                }
            }
            ExprKind::Global(g) => {
                let gl = globals.get(g.index()).cloned().unwrap_or_default();
                let gspan = m.globals.get(*g).map_or(at, |g| g.span);
                let gname = m.globals.get(*g).map_or(String::new(), |g| g.name.clone());
                for (&t, space) in me.levels.iter().zip(&gl) {
                    if let Some(space) = space {
                        let note = |sp: AddressSpace| {
                            format!("'{gname}' holds a pointer into {sp} memory")
                        };
                        s.unify(t, Term::Named(*space), gspan, &note);
                    }
                }
            }
            ExprKind::Load(p) => s.unify_chains(&me.levels, &get(*p).levels, at),
            ExprKind::AddrOf(p) => {
                let p = get(*p);
                if let (Some(&first), Some(obj)) = (me.levels.first(), p.object) {
                    s.unify(first, obj, at, &comes_from);
                }
                s.unify_chains(me.levels.get(1..).unwrap_or(&[]), &p.levels, at);
            }
            ExprKind::Deref(p) | ExprKind::Index { base: p, .. } => {
                let p = get(*p);
                if let (Some(obj), Some(&first)) = (me.object, p.levels.first()) {
                    s.unify(obj, first, at, &comes_from);
                }
                s.unify_chains(&me.levels, p.levels.get(1..).unwrap_or(&[]), at);
            }
            ExprKind::Member { base, .. } | ExprKind::Swizzle { base, .. } => {
                if let (Some(obj), Some(bobj)) = (me.object, get(*base).object) {
                    s.unify(obj, bobj, at, &comes_from);
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (get(*a), get(*b));
                if !me.levels.is_empty() {
                    let ptr = if a.levels.is_empty() { &b } else { &a };
                    s.unify_chains(&me.levels, &ptr.levels, at);
                } else if op.is_comparison() || *op == crate::ast::BinaryOp::Sub {
                    // Pointers compared or subtracted must be in one space on a target
                    // without a generic one.
                    s.unify_chains(&a.levels, &b.levels, at);
                }
            }
            ExprKind::Assign { place, value } => {
                let p = get(*place);
                s.unify_chains(&p.levels, &get(*value).levels, at);
                s.unify_chains(&me.levels, &p.levels, at);
            }
            ExprKind::CompoundAssign { place, compute, .. } => {
                let p = get(*place);
                me.compute = terms_for(types, *compute, &mut s);
                s.unify_chains(&me.compute, &p.levels, at);
                s.unify_chains(&me.levels, &p.levels, at);
            }
            ExprKind::IncDec { place, .. } => s.unify_chains(&me.levels, &get(*place).levels, at),
            ExprKind::Cast { kind, operand, .. } => {
                let o = get(*operand);
                match kind {
                    CastKind::NoOp | CastKind::PointerBitcast => {
                        s.unify_chains(&me.levels, &o.levels, at)
                    }
                    CastKind::AddressSpace => {
                        // named → generic pins the result; generic → named constrains
                        // nothing (it is folded once the operand's space is known).
                        if let (Some(&Term::Var(r)), Some(&Term::Named(sp))) =
                            (me.levels.first(), o.levels.first())
                        {
                            s.unify(Term::Var(r), Term::Named(sp), at, &comes_from);
                        }
                        s.unify_chains(
                            me.levels.get(1..).unwrap_or(&[]),
                            o.levels.get(1..).unwrap_or(&[]),
                            at,
                        );
                    }
                    CastKind::ArrayToPointer => {
                        if let (Some(&first), Some(obj)) = (me.levels.first(), o.object) {
                            s.unify(first, obj, at, &comes_from);
                        }
                        s.unify_chains(me.levels.get(1..).unwrap_or(&[]), &o.levels, at);
                    }
                    _ => {}
                }
            }
            ExprKind::Conditional {
                then, otherwise, ..
            } => {
                s.unify_chains(&me.levels, &get(*then).levels, at);
                s.unify_chains(&me.levels, &get(*otherwise).levels, at);
            }
            ExprKind::Comma(_, b) => {
                let b = get(*b);
                s.unify_chains(&me.levels, &b.levels, at);
                if let (Some(x), Some(y)) = (me.object, b.object) {
                    s.unify(x, y, at, &comes_from);
                }
            }
            ExprKind::Call { function, args } => {
                let callee = m.functions.get(*function);
                let mut caller_sig = Vec::new();
                if let Some(callee) = callee {
                    for (i, p) in callee.params.iter().enumerate() {
                        let n = callee
                            .locals
                            .get(*p)
                            .map_or(0, |l| levels(types, l.ty.ty).len());
                        let arg = args.get(i).map(|a| get(*a).levels).unwrap_or_default();
                        caller_sig
                            .extend((0..n).map(|j| arg.get(j).copied().unwrap_or(Term::Opaque)));
                    }
                    let n = levels(types, callee.result.ty).len();
                    caller_sig
                        .extend((0..n).map(|j| me.levels.get(j).copied().unwrap_or(Term::Opaque)));
                }
                match summaries.get(function.index()).and_then(Option::as_ref) {
                    Some(cs) => {
                        instantiate(&mut s, cs, &caller_sig, callee.map_or("", |c| &c.name), at)
                    }
                    None => {
                        if caller_sig.iter().any(|t| matches!(t, Term::Var(_))) {
                            diags.push(Diagnostic::unsupported(
                                at,
                                "a recursive call with generic pointer arguments or result",
                            ));
                        }
                    }
                }
                calls.insert(h, caller_sig);
            }
            _ => {}
        }
        exprs.push(me);
    }

    let mut linker = Linker {
        types,
        f,
        solver: &mut s,
        exprs: &exprs,
        locals: &locals,
        result: &result,
    };
    linker.block(&f.body);
    linker.compound_literals();

    report_conflicts(f, &mut s, &locals, diags);

    let mut free = Vec::new();
    for t in &signature {
        if let Term::Var(v) = *t {
            let root = s.find(v);
            let class = s.class(v);
            if class.origins.is_empty() && !class.poisoned && !free.contains(&root) {
                free.push(root);
            }
        }
    }
    Summary {
        solver: s,
        locals,
        exprs,
        result,
        signature,
        free,
        calls,
    }
}

/// Applies a callee's summary to the caller's slots at a call.
fn instantiate(s: &mut Solver, callee: &Summary, caller_sig: &[Term], name: &str, at: Span) {
    let mut first_of_class: FxHashMap<u32, Term> = FxHashMap::default();
    for (&ct, &mine) in callee.signature.iter().zip(caller_sig) {
        match ct {
            Term::Var(v) => {
                let root = callee.solver.find(v);
                let class = callee.solver.class(v);
                if class.poisoned || class.origins.len() > 1 {
                    if let Term::Var(x) = mine {
                        let r = s.find_mut(x) as usize;
                        s.classes[r].poisoned = true;
                    }
                } else if let Some(o) = class.origins.first() {
                    let note = |sp: AddressSpace| {
                        format!("a pointer into {sp} memory comes from this call to '{name}'")
                    };
                    s.unify(mine, Term::Named(o.space), at, &note);
                } else if let Some(&prev) = first_of_class.get(&root) {
                    s.unify(prev, mine, at, &comes_from);
                } else {
                    first_of_class.insert(root, mine);
                }
            }
            Term::Named(sp) => s.unify(mine, Term::Named(sp), at, &comes_from),
            Term::Opaque => {}
        }
    }
}

/// Links declarations and returns to the slots of their initializers and values.
struct Linker<'a> {
    types: &'a Types,
    f: &'a Function,
    solver: &'a mut Solver,
    exprs: &'a [ExprSlots],
    locals: &'a [Vec<Term>],
    result: &'a [Term],
}

impl Linker<'_> {
    fn block(&mut self, b: &Block) {
        for st in &b.stmts {
            match &st.kind {
                StmtKind::Block(b) => self.block(b),
                StmtKind::Decl {
                    local,
                    init: Some(init),
                } => self.local_init(*local, init, st.span),
                StmtKind::If {
                    then, otherwise, ..
                } => {
                    self.block(then);
                    if let Some(o) = otherwise {
                        self.block(o);
                    }
                }
                StmtKind::Loop { init, body, .. } => {
                    self.block(init);
                    self.block(body);
                }
                StmtKind::Switch { cases, .. } => {
                    for c in cases {
                        self.block(&c.body);
                    }
                }
                StmtKind::Return(Some(e)) => {
                    if let Some(x) = self.exprs.get(e.index()) {
                        self.solver.unify_chains(self.result, &x.levels, st.span);
                    }
                }
                _ => {}
            }
        }
    }

    /// Links the initializers of compound literals.
    fn compound_literals(&mut self) {
        for (_, e) in self.f.exprs.iter() {
            if let ExprKind::CompoundLiteral { local, init } = &e.kind {
                self.local_init(*local, init, e.span);
            }
        }
    }

    fn local_init(&mut self, local: Handle<Local>, init: &Init, at: Span) {
        let (Some(chain), Some(l)) = (self.locals.get(local.index()), self.f.locals.get(local))
        else {
            return;
        };
        self.init(init, l.ty.ty, chain, at);
    }

    /// Links an initializer of an object of type `ty` whose pointer levels are `chain`.
    fn init(&mut self, init: &Init, ty: Handle<Type>, chain: &[Term], at: Span) {
        match init {
            Init::Expr(e) => {
                if let Some(x) = self.exprs.get(e.index()) {
                    self.solver.unify_chains(chain, &x.levels, at);
                }
            }
            Init::Zero => {}
            Init::List(items) => match self.types.get(ty) {
                // Arrays add no pointer level: each element has the array's chain.
                Type::Array { elem, .. } => {
                    for item in items {
                        self.init(item, *elem, chain, at);
                    }
                }
                Type::Struct(d) => {
                    let fields = self.types.structs[*d].fields.clone();
                    for (item, field) in items.iter().zip(fields) {
                        // Members never hold generic levels here (see `check_structs`).
                        let member: Vec<Term> = levels(self.types, field.ty)
                            .into_iter()
                            .map(|s| match s {
                                Some(s) if s.is_named() => Term::Named(s),
                                _ => Term::Opaque,
                            })
                            .collect();
                        self.init(item, field.ty, &member, at);
                    }
                }
                _ => {
                    if let [only] = items.as_slice() {
                        self.init(only, ty, chain, at);
                    }
                }
            },
        }
    }
}

/// Reports each class pinned to two spaces, once, naming a variable of the class.
fn report_conflicts(f: &Function, s: &mut Solver, locals: &[Vec<Term>], diags: &mut Diagnostics) {
    let mut reported = Vec::new();
    for v in 0..s.parent.len() as u32 {
        let root = s.find(v);
        let class = &s.classes[root as usize];
        if reported.contains(&root) || class.poisoned || class.origins.len() < 2 {
            continue;
        }
        reported.push(root);
        let named = f.locals.iter().find_map(|(lh, l)| {
            let depth = locals
                .get(lh.index())?
                .iter()
                .position(|t| matches!(t, Term::Var(x) if s.find(*x) == root))?;
            (!l.name.is_empty()).then(|| (l.span, format!("'{}{}'", "*".repeat(depth), l.name)))
        });
        let (span, what) =
            named.unwrap_or_else(|| (class.conflict_at.unwrap_or(f.span), "this pointer".into()));
        let mut d = Diagnostic::error(
            span,
            format!(
                "cannot infer the address space of {what}: {}",
                may_point_into(class.origins.iter().map(|o| o.space))
            ),
        );
        for o in &class.origins {
            d = d.with_note(o.span, o.note.clone());
        }
        diags.push(d);
    }
    for root in reported {
        s.classes[root as usize].poisoned = true;
    }
}

// ---------------------------------------------------------------------------------------
// Specialization
// ---------------------------------------------------------------------------------------

/// An instance: a function and the spaces of its free classes.
type Key = Vec<AddressSpace>;

/// The spaces of the callee's free classes at a call in the instance `key` of `caller`.
fn callee_key(caller: &Summary, key: &[AddressSpace], callee: &Summary, call: &[Term]) -> Key {
    callee
        .free
        .iter()
        .map(|&root| {
            callee
                .signature
                .iter()
                .position(|t| matches!(t, Term::Var(v) if callee.solver.find(*v) == root))
                .and_then(|j| call.get(j))
                .and_then(|&t| caller.value(key, t))
                .unwrap_or(DEFAULT_SPACE)
        })
        .collect()
}

/// Builds the specialized module: every function once per instance its callers need.
fn specialize(
    m: &Module,
    summaries: &[Summary],
    globals: &GlobalLevels,
    diags: &mut Diagnostics,
) -> Result<Module, Bug> {
    let n = m.functions.len();
    let summary = |fh: Handle<Function>| {
        summaries
            .get(fh.index())
            .ok_or_else(|| Bug::new(None, "a function has no summary"))
    };
    let mut called = vec![false; n];
    for (_, f) in m.functions.iter() {
        for c in callees(f) {
            if let Some(x) = called.get_mut(c.index()) {
                *x = true;
            }
        }
    }
    // Instances, per function, in the order they were first needed.
    let mut keys: Vec<Vec<Key>> = vec![Vec::new(); n];
    let mut work: Vec<(Handle<Function>, Key)> = Vec::new();
    let request = |keys: &mut Vec<Vec<Key>>, work: &mut Vec<_>, fh: Handle<Function>, k: Key| {
        if let Some(list) = keys.get_mut(fh.index()) {
            if !list.contains(&k) {
                list.push(k.clone());
                work.push((fh, k));
            }
        }
    };
    let mut roots: Vec<Handle<Function>> = m
        .functions
        .iter()
        .filter(|(fh, f)| {
            f.kernel.is_some() || !called[fh.index()] || summaries[fh.index()].free.is_empty()
        })
        .map(|(fh, _)| fh)
        .collect();
    loop {
        for fh in roots.drain(..) {
            let k = vec![DEFAULT_SPACE; summary(fh)?.free.len()];
            request(&mut keys, &mut work, fh, k);
        }
        while let Some((fh, key)) = work.pop() {
            let s = summary(fh)?;
            for (h, e) in m.functions[fh].exprs.iter() {
                if let ExprKind::Call { function, .. } = e.kind {
                    let cs = summary(function)?;
                    let call = s.calls.get(&h).map_or(&[][..], Vec::as_slice);
                    let ck = callee_key(s, &key, cs, call);
                    request(&mut keys, &mut work, function, ck);
                }
            }
        }
        // Functions only reachable from a recursion cycle: default instances.
        roots = (0..n)
            .filter(|&i| keys[i].is_empty())
            .filter_map(|i| m.functions.iter().nth(i).map(|(fh, _)| fh))
            .collect();
        if roots.is_empty() {
            break;
        }
    }

    // The first instance keeps the function's handle; further ones are appended.
    let mut handle_of: FxHashMap<(usize, Key), usize> = FxHashMap::default();
    let mut next = n;
    for (i, list) in keys.iter().enumerate() {
        for (j, k) in list.iter().enumerate() {
            let h = if j == 0 {
                i
            } else {
                next += 1;
                next - 1
            };
            handle_of.insert((i, k.clone()), h);
        }
    }

    let mut out = m.clone();
    let mut slots: Vec<Option<(Function, Retarget)>> = vec![None; next];
    for (fh, f) in m.functions.iter() {
        let s = summary(fh)?;
        let list = &keys[fh.index()];
        for key in list {
            let (mut nf, calls) =
                instance(&mut out.types, f, s, key, summaries, &handle_of, diags)?;
            if list.len() > 1 {
                nf.name = mangle(&f.name, key);
            }
            let h = handle_of
                .get(&(fh.index(), key.clone()))
                .copied()
                .ok_or_else(|| Bug::new(f.span, "an instance has no handle"))?;
            slots[h] = Some((nf, calls));
        }
    }
    // Append in handle order, then point each call at its instance's handle.
    out.functions = Default::default();
    let mut pending = Vec::new();
    let mut handles = Vec::with_capacity(slots.len());
    for slot in slots {
        let (f, calls) = slot.ok_or_else(|| Bug::new(None, "a function handle has no instance"))?;
        let fh = out.functions.append(f);
        handles.push(fh);
        pending.push((fh, calls));
    }
    for (fh, calls) in pending {
        for (e, target) in calls {
            let target = *handles
                .get(target)
                .ok_or_else(|| Bug::new(None, "a call of a missing instance"))?;
            if let ExprKind::Call { function, .. } = &mut out.functions[fh].exprs[e].kind {
                *function = target;
            }
        }
    }

    for ((_, g), levels) in out.globals.iter_mut().zip(globals) {
        g.ty.ty = rewrite_type(&mut out.types, g.ty.ty, levels);
    }
    // Members of structs nothing uses (used ones were rejected by `check_structs`).
    let defaults: Vec<(Handle<StructDef>, usize, Handle<Type>)> = out
        .types
        .structs
        .iter()
        .flat_map(|(sh, def)| {
            def.fields
                .iter()
                .enumerate()
                .map(move |(i, fl)| (sh, i, fl.ty))
        })
        .collect();
    for (sh, i, ty) in defaults {
        if has_generic(&out.types, ty) {
            let all = vec![Some(DEFAULT_SPACE); levels(&out.types, ty).len()];
            let new = rewrite_type(&mut out.types, ty, &all);
            out.types.structs[sh].fields[i].ty = new;
        }
    }
    Ok(out)
}

fn mangle(name: &str, key: &[AddressSpace]) -> String {
    let mut s = name.to_string();
    for sp in key {
        s.push('.');
        s.push_str(sp.spelling().trim_start_matches('_'));
    }
    s
}

/// The calls of an instance still to point at their callee instance: (call, index of the
/// callee instance in the new function arena).
type Retarget = Vec<(Handle<Expr>, usize)>;

/// One instance of `f`: types rewritten, calls retargeted, address-space queries folded.
fn instance(
    types: &mut Types,
    f: &Function,
    s: &Summary,
    key: &[AddressSpace],
    summaries: &[Summary],
    handle_of: &FxHashMap<(usize, Key), usize>,
    diags: &mut Diagnostics,
) -> Result<(Function, Retarget), Bug> {
    let mut nf = f.clone();
    let mut retarget = Vec::new();
    for (lh, l) in nf.locals.iter_mut() {
        let terms = s.locals.get(lh.index()).map_or(&[][..], Vec::as_slice);
        l.ty.ty = rewrite_type(types, l.ty.ty, &s.values(key, terms));
    }
    nf.result.ty = rewrite_type(types, nf.result.ty, &s.values(key, &s.result));
    let handles: Vec<Handle<Expr>> = nf.exprs.iter().map(|(h, _)| h).collect();
    for &h in &handles {
        let slots = s
            .exprs
            .get(h.index())
            .ok_or_else(|| Bug::new(f.span, "an expression has no slots"))?;
        let e = &mut nf.exprs[h];
        e.ty = rewrite_type(types, e.ty, &s.values(key, &slots.levels));
        if let (Category::Place { space, .. }, Some(obj)) = (&mut e.category, slots.object) {
            if *space == Some(AddressSpace::Generic) {
                *space = s.value(key, obj);
            }
        }
        if let ExprKind::CompoundAssign { compute, .. } = &mut e.kind {
            *compute = rewrite_type(types, *compute, &s.values(key, &slots.compute));
        }
    }
    // Second sweep, with every type final: conversions and calls.
    for &h in &handles {
        let was_generic = |x: Handle<Expr>| {
            s.exprs
                .get(x.index())
                .and_then(|sl| sl.levels.first())
                .is_some_and(|t| matches!(t, Term::Var(_)))
        };
        let space_of = |fx: &Function, x: Handle<Expr>| {
            fx.exprs
                .get(x)
                .and_then(|e| types.as_pointer(e.ty))
                .and_then(|(_, sp, _)| sp)
        };
        let same_space_cast = |fx: &Function, x: Handle<Expr>, to: Handle<Type>| {
            if fx.exprs.get(x).is_some_and(|e| e.ty == to) {
                CastKind::NoOp
            } else {
                CastKind::PointerBitcast
            }
        };
        let e = &nf.exprs[h];
        let new_kind = match &e.kind {
            ExprKind::Cast {
                kind: CastKind::AddressSpace,
                operand,
                explicit,
            } => {
                let to = types.as_pointer(e.ty).and_then(|(_, sp, _)| sp);
                let from = space_of(&nf, *operand);
                if to == from {
                    Some(ExprKind::Cast {
                        kind: same_space_cast(&nf, *operand, e.ty),
                        operand: *operand,
                        explicit: *explicit,
                    })
                } else if was_generic(*operand) {
                    // A generic pointer cast to a space it does not point into.
                    Some(ExprKind::Cast {
                        kind: CastKind::NullToPointer,
                        operand: *operand,
                        explicit: *explicit,
                    })
                } else {
                    None
                }
            }
            ExprKind::Builtin {
                builtin: Builtin::ToSpace(target),
                args,
            } => match args.as_slice() {
                [arg] => {
                    let kind = if space_of(&nf, *arg) == Some(*target) {
                        same_space_cast(&nf, *arg, e.ty)
                    } else {
                        CastKind::NullToPointer
                    };
                    Some(ExprKind::Cast {
                        kind,
                        operand: *arg,
                        explicit: false,
                    })
                }
                _ => None,
            },
            ExprKind::Builtin {
                builtin: Builtin::GetFence,
                args,
            } => match args.as_slice() {
                [arg] if is_pure(&nf, *arg) => {
                    space_of(&nf, *arg).map(|sp| ExprKind::IntConst(fence_flags(sp)))
                }
                [_] => {
                    diags.push(Diagnostic::unsupported(
                        e.span,
                        "get_fence of an argument with side effects on a target without a \
                         generic address space",
                    ));
                    None
                }
                _ => None,
            },
            ExprKind::Call { function, .. } => {
                let callee = summaries
                    .get(function.index())
                    .ok_or_else(|| Bug::new(e.span, "a call of a function with no summary"))?;
                let call = s.calls.get(&h).map_or(&[][..], Vec::as_slice);
                let ck = callee_key(s, key, callee, call);
                let target = handle_of
                    .get(&(function.index(), ck))
                    .copied()
                    .ok_or_else(|| Bug::new(e.span, "a call of an instance never made"))?;
                retarget.push((h, target));
                None
            }
            _ => None,
        };
        if let Some(k) = new_kind {
            nf.exprs[h].kind = k;
        }
    }
    Ok((nf, retarget))
}

/// Whether evaluating `e` has no side effect (no store, call or builtin).
fn is_pure(f: &Function, e: Handle<Expr>) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        let Some(ex) = f.exprs.get(x) else {
            return false;
        };
        match &ex.kind {
            ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::IncDec { .. }
            | ExprKind::Call { .. }
            | ExprKind::Builtin { .. }
            | ExprKind::CompoundLiteral { .. } => return false,
            ExprKind::IntConst(_)
            | ExprKind::FloatConst(_)
            | ExprKind::BoolConst(_)
            | ExprKind::Local(_)
            | ExprKind::Global(_) => {}
            ExprKind::Load(a)
            | ExprKind::AddrOf(a)
            | ExprKind::Deref(a)
            | ExprKind::Member { base: a, .. }
            | ExprKind::Swizzle { base: a, .. }
            | ExprKind::Unary(_, a)
            | ExprKind::Cast { operand: a, .. } => stack.push(*a),
            ExprKind::Index { base: a, index: b }
            | ExprKind::Binary(_, a, b)
            | ExprKind::Logical(_, a, b)
            | ExprKind::Comma(a, b) => stack.extend([*a, *b]),
            ExprKind::Conditional {
                cond: a,
                then: b,
                otherwise: c,
            }
            | ExprKind::FusedMulAdd { a, b, c, .. } => stack.extend([*a, *b, *c]),
            ExprKind::VectorLiteral(items) => stack.extend(items.iter().copied()),
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// The guarantee
// ---------------------------------------------------------------------------------------

/// Checks what the pass guarantees: no generic space in any type or place of the module
/// (struct members included), and every call's arguments and result typed exactly as the
/// called instance's parameters and result.
pub fn check_no_generic(m: &Module) -> Result<(), Bug> {
    let generic = |ty: Handle<Type>| has_generic(&m.types, ty);
    for (_, g) in m.globals.iter() {
        if generic(g.ty.ty) {
            return Err(Bug::new(
                g.span,
                format!("global '{}' keeps a generic pointer", g.name),
            ));
        }
    }
    for (_, def) in m.types.structs.iter() {
        if def.fields.iter().any(|f| generic(f.ty)) {
            return Err(Bug::new(
                None,
                format!("struct '{}' keeps a generic member", def.name),
            ));
        }
    }
    for (_, f) in m.functions.iter() {
        let bug = |span: Span, what: &str| Err(Bug::new(span, format!("{what} in '{}'", f.name)));
        if generic(f.result.ty) {
            return bug(f.span, "a generic result");
        }
        for (_, l) in f.locals.iter() {
            if generic(l.ty.ty) || l.ty.space == Some(AddressSpace::Generic) {
                return bug(l.span, "a generic local");
            }
        }
        for (_, e) in f.exprs.iter() {
            let generic_place = matches!(
                e.category,
                Category::Place {
                    space: Some(AddressSpace::Generic),
                    ..
                }
            );
            let generic_compute =
                matches!(e.kind, ExprKind::CompoundAssign { compute, .. } if generic(compute));
            if generic(e.ty) || generic_place || generic_compute {
                return bug(e.span, "a generic expression");
            }
            if let ExprKind::Call { function, args } = &e.kind {
                let Some(callee) = m.functions.get(*function) else {
                    return bug(e.span, "a call of a missing function");
                };
                // Arguments agree with the parameters in their address spaces (the front
                // end keeps qualification conversions implicit: `uchar *` for a
                // `const uchar data[64]` parameter).
                let space_of = |t: Option<Handle<Type>>| {
                    t.map(|t| m.types.as_pointer(t).map(|(_, s, _)| s).ok_or(t))
                };
                let params = callee
                    .params
                    .iter()
                    .map(|p| space_of(callee.locals.get(*p).map(|l| l.ty.ty)));
                let args = args.iter().map(|a| space_of(f.exprs.get(*a).map(|x| x.ty)));
                let result_agrees = space_of(Some(callee.result.ty)) == space_of(Some(e.ty));
                if !params.eq(args) || !result_agrees {
                    return bug(e.span, &format!("a call typed unlike '{}'", callee.name));
                }
            }
        }
    }
    Ok(())
}
