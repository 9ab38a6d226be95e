//! Vulkan: private pointers that stay logical.
//!
//! Vulkan has no pointers into `Function` storage that a program can keep as values, so a
//! private object whose address escapes lives in the per-work-item private stack, reached
//! through buffer device addresses (`abi::stack`). That is slow on GPUs: the stack is
//! device memory, where registers would do. The commonest reason to take a private
//! object's address, though, needs no real address at all: passing `&x` to a helper that
//! reads and writes `*p` (`sort2(&a, &b)`), or to a builtin's out-pointer
//! (`sincos(x, &c)`).
//!
//! SPIR-V's logical addressing allows exactly that: a pointer `OpFunctionCall` argument
//! that is a *memory object declaration* (a whole `OpVariable`, or a pointer
//! `OpFunctionParameter`). So a private pointer parameter is made a `Function`-storage
//! pointer when
//! - the callee never assigns it or takes its address, and only dereferences it (`*p`,
//!   `p->m`, `(*p)[i]`) or passes it on, unchanged, to another such parameter or to a
//!   builtin's out-pointer, never to anything that could keep or compare it, and makes no
//!   address inside what it points to (`&p->m`, a member array decayed to a pointer);
//! - every caller passes either `&x`, `x` a whole private variable of exactly the pointee
//!   type that stays in `Function` storage, or such a parameter of its own.
//!
//! The two conditions depend on each other (a variable stays only if every parameter it is
//! passed to is logical), so they are solved as a greatest fixed point: start from every
//! candidate, drop what breaks a rule, repeat until nothing changes. What is dropped keeps
//! the old, always-valid treatment: stack storage and device addresses.

use clc_passes::ast::{
    AddressSpace, Builtin, CastKind, Expr, ExprKind, Function, Handle, Local, Module, Type,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// A parameter: the function and the parameter's position.
pub type Param = (Handle<Function>, usize);

/// The private pointer parameters of `module` that are `Function`-storage pointers on
/// Vulkan (see the module documentation).
pub fn logical_params(module: &Module) -> FxHashSet<Param> {
    let facts: FxHashMap<Handle<Function>, Facts> = module
        .functions
        .iter()
        .map(|(h, f)| (h, Facts::of(f)))
        .collect();
    let mut params: FxHashSet<Param> = FxHashSet::default();
    for (fh, f) in module.functions.iter() {
        for (i, &p) in f.params.iter().enumerate() {
            if candidate(module, f, &facts[&fh], p) {
                params.insert((fh, i));
            }
        }
    }
    // Most modules pass no private pointer: nothing to solve.
    if params.is_empty() {
        return params;
    }
    loop {
        let kept: FxHashMap<Handle<Function>, Kept> = module
            .functions
            .iter()
            .map(|(fh, f)| (fh, Kept::of(module, f, &facts[&fh], &params)))
            .collect();
        let next: FxHashSet<Param> = params
            .iter()
            .copied()
            .filter(|&param| {
                uses_ok(module, &facts, &params, param)
                    && callers_ok(module, &facts, &kept, &params, param)
            })
            .collect();
        if next.len() == params.len() {
            return params;
        }
        params = next;
    }
}

/// One function's `&x` passed without an address, and its variables that stay in
/// `Function` storage, given the logical parameters.
struct Kept {
    passed: FxHashSet<Handle<Expr>>,
    stays: FxHashSet<Handle<Local>>,
}

impl Kept {
    fn of(module: &Module, f: &Function, facts: &Facts, params: &FxHashSet<Param>) -> Kept {
        let passed = passed_addresses(module, f, facts, params);
        let escaping: FxHashSet<_> = super::vulkan::abi::escaping(module, f, &passed)
            .into_iter()
            .collect();
        let stays = f
            .locals
            .iter()
            .map(|(h, _)| h)
            .filter(|h| !escaping.contains(h))
            .collect();
        Kept { passed, stays }
    }
}

/// Inside the callee: every read of parameter `(g, j)` is dereferenced, or passed on to a
/// logical parameter of the same pointee type or to a builtin's out-pointer.
fn uses_ok(
    module: &Module,
    facts: &FxHashMap<Handle<Function>, Facts>,
    params: &FxHashSet<Param>,
    (g, j): Param,
) -> bool {
    let callee = &module.functions[g];
    let facts = &facts[&g];
    let p = callee.params[j];
    facts.loads_of(p).iter().all(|&load| {
        facts.single_parent(load)
            && (facts.deref_operands.contains(&load)
                || facts.builtin_args.contains(&load)
                || facts.call_args.get(&load).is_some_and(|&(h, k)| {
                    params.contains(&(h, k)) && same_pointee(module, callee, p, h, k)
                }))
    })
}

/// At every call of `g`, argument `j` is `&x` of a variable that stays, of exactly the
/// pointee type, or a logical parameter of the caller.
fn callers_ok(
    module: &Module,
    facts: &FxHashMap<Handle<Function>, Facts>,
    kept: &FxHashMap<Handle<Function>, Kept>,
    params: &FxHashSet<Param>,
    (g, j): Param,
) -> bool {
    let callee = &module.functions[g];
    let wanted = pointee(module, callee.locals[callee.params[j]].ty.ty);
    module.functions.iter().all(|(fh, f)| {
        let kept = &kept[&fh];
        let calls = facts[&fh].calls.iter().filter(|(h, _)| *h == g);
        calls.into_iter().all(|(_, args)| {
            let Some(&a) = args.get(j) else {
                return false;
            };
            let operand = match f.exprs[a].kind {
                ExprKind::AddrOf(e) | ExprKind::Load(e) => e,
                _ => return false,
            };
            match (&f.exprs[a].kind, &f.exprs[operand].kind) {
                (ExprKind::AddrOf(_), &ExprKind::Local(x)) => {
                    kept.passed.contains(&a)
                        && kept.stays.contains(&x)
                        && Some(f.locals[x].ty.ty) == wanted
                }
                (ExprKind::Load(_), &ExprKind::Local(q)) => f
                    .params
                    .iter()
                    .position(|&r| r == q)
                    .is_some_and(|k| params.contains(&(fh, k))),
                _ => false,
            }
        })
    })
}

/// The `&x` expressions of `f` that need no address: `x` a whole private variable of a
/// plain type, passed straight to a parameter in `params` or to a builtin's out-pointer.
pub fn passed_addresses(
    module: &Module,
    f: &Function,
    facts: &Facts,
    params: &FxHashSet<Param>,
) -> FxHashSet<Handle<Expr>> {
    f.exprs
        .iter()
        .filter(|&(h, e)| {
            let ExprKind::AddrOf(place) = e.kind else {
                return false;
            };
            let ExprKind::Local(x) = f.exprs[place].kind else {
                return false;
            };
            let l = &f.locals[x];
            matches!(l.ty.space, None | Some(AddressSpace::Private))
                && plain(module, l.ty.ty)
                && facts.single_parent(h)
                && (facts.builtin_args.contains(&h)
                    || facts
                        .call_args
                        .get(&h)
                        .is_some_and(|&(g, k)| params.contains(&(g, k))))
        })
        .map(|(h, _)| h)
        .collect()
}

/// What the analysis needs to know about one function's expressions.
#[derive(Debug, Default)]
pub struct Facts {
    /// How many expressions have each expression as an operand.
    parents: FxHashMap<Handle<Expr>, u32>,
    /// Operands of `Deref`.
    deref_operands: FxHashSet<Handle<Expr>>,
    /// Arguments of user calls (through no-op casts), with the callee and position.
    call_args: FxHashMap<Handle<Expr>, (Handle<Function>, usize)>,
    /// Arguments of OpenCL.std builtins (through no-op casts): a pointer among them is an
    /// out-pointer the builtin stores to.
    builtin_args: FxHashSet<Handle<Expr>>,
    /// Every user call: callee and arguments (through no-op casts).
    calls: Vec<(Handle<Function>, Vec<Handle<Expr>>)>,
    /// `Load(Local(l))` expressions, by local.
    loads: FxHashMap<Handle<Local>, Vec<Handle<Expr>>>,
    /// Locals assigned, incremented or whose address is taken.
    written: FxHashSet<Handle<Local>>,
    /// Locals whose place is used other than loaded or written.
    other_place_use: FxHashSet<Handle<Local>>,
    /// Pointer parameters with an address made from what they point to (`&p->m`, `p->arr`
    /// decayed to a pointer): that would be a pointer into the middle of the caller's
    /// variable, which logical addressing cannot pass on.
    inner_address: FxHashSet<Handle<Local>>,
}

impl Facts {
    /// Gathers the facts of `f`.
    pub fn of(f: &Function) -> Facts {
        let mut out = Facts::default();
        let mut loaded_places = FxHashSet::default();
        for (h, e) in f.exprs.iter() {
            for c in e.kind.operands() {
                *out.parents.entry(c).or_default() += 1;
            }
            match &e.kind {
                ExprKind::Deref(p) => {
                    out.deref_operands.insert(*p);
                }
                ExprKind::Load(p) => {
                    loaded_places.insert(*p);
                    if let ExprKind::Local(l) = f.exprs[*p].kind {
                        out.loads.entry(l).or_default().push(h);
                    }
                }
                ExprKind::Call { function, args } => {
                    let args: Vec<_> = args.iter().map(|&a| through_no_ops(f, a)).collect();
                    for (i, &a) in args.iter().enumerate() {
                        out.call_args.insert(a, (*function, i));
                    }
                    out.calls.push((*function, args));
                }
                ExprKind::Builtin {
                    builtin: Builtin::Ext(_),
                    args,
                } => {
                    out.builtin_args
                        .extend(args.iter().map(|&a| through_no_ops(f, a)));
                }
                ExprKind::Assign { place, .. }
                | ExprKind::CompoundAssign { place, .. }
                | ExprKind::IncDec { place, .. }
                | ExprKind::AddrOf(place) => {
                    if let ExprKind::Local(l) = f.exprs[*place].kind {
                        out.written.insert(l);
                    }
                }
                _ => {}
            }
        }
        let indexed: FxHashSet<Handle<Expr>> = f
            .exprs
            .iter()
            .filter_map(|(_, e)| match e.kind {
                ExprKind::Index { base, .. } => Some(base),
                _ => None,
            })
            .collect();
        for (h, e) in f.exprs.iter() {
            let place = match e.kind {
                ExprKind::AddrOf(place) => Some(place),
                ExprKind::Cast {
                    kind: CastKind::ArrayToPointer,
                    operand,
                    ..
                } if !indexed.contains(&h) => Some(operand),
                _ => None,
            };
            if let Some(p) = place.and_then(|place| deref_root(f, place)) {
                out.inner_address.insert(p);
            }
        }
        for (h, e) in f.exprs.iter() {
            if let ExprKind::Local(l) = e.kind {
                if !loaded_places.contains(&h) && !out.written.contains(&l) {
                    // A place used some other way (a member or index of it, …).
                    if out.parents.get(&h).copied().unwrap_or(0) > 0 {
                        out.other_place_use.insert(l);
                    }
                }
            }
        }
        out
    }

    fn single_parent(&self, e: Handle<Expr>) -> bool {
        self.parents.get(&e).copied() == Some(1)
    }

    fn loads_of(&self, l: Handle<Local>) -> &[Handle<Expr>] {
        self.loads.get(&l).map_or(&[], Vec::as_slice)
    }
}

/// Whether parameter `p` of `f` could be a logical pointer, by itself: a private pointer
/// to a plain type, never written, its place used only to be read.
fn candidate(module: &Module, f: &Function, facts: &Facts, p: Handle<Local>) -> bool {
    let ty = f.locals[p].ty.ty;
    let Some((pointee, space, _)) = module.types.as_pointer(ty) else {
        return false;
    };
    space == Some(AddressSpace::Private)
        && plain(module, pointee)
        && !facts.written.contains(&p)
        && !facts.other_place_use.contains(&p)
        && !facts.inner_address.contains(&p)
        && f.kernel.is_none()
}

/// A type whose objects live the same way in `Function` storage as in the stack: no unions
/// (read through other members, which needs bytes) and no packed structs (misaligned
/// members are stored as bytes).
fn plain(module: &Module, ty: Handle<Type>) -> bool {
    match module.types.get(ty) {
        Type::Scalar(_) | Type::Vector { .. } | Type::Pointer { .. } => true,
        Type::Array { elem, .. } => plain(module, *elem),
        Type::Struct(d) => {
            let def = &module.types.structs[*d];
            !def.is_union && !def.packed && def.fields.iter().all(|f| plain(module, f.ty))
        }
        _ => false,
    }
}

fn pointee(module: &Module, ty: Handle<Type>) -> Option<Handle<Type>> {
    module.types.as_pointer(ty).map(|(p, _, _)| p)
}

/// Whether parameter `p` of `f` and parameter `k` of `g` point to the same type.
fn same_pointee(
    module: &Module,
    f: &Function,
    p: Handle<Local>,
    g: Handle<Function>,
    k: usize,
) -> bool {
    let callee = &module.functions[g];
    let Some(&q) = callee.params.get(k) else {
        return false;
    };
    let a = pointee(module, f.locals[p].ty.ty);
    a.is_some() && a == pointee(module, callee.locals[q].ty.ty)
}

/// The pointer parameter or variable `p` when place `e` is (part of) `*p`.
fn deref_root(f: &Function, e: Handle<Expr>) -> Option<Handle<Local>> {
    match &f.exprs[e].kind {
        ExprKind::Deref(v) => match f.exprs[*v].kind {
            ExprKind::Load(q) => match f.exprs[q].kind {
                ExprKind::Local(p) => Some(p),
                _ => None,
            },
            _ => None,
        },
        ExprKind::Member { base, .. } | ExprKind::Swizzle { base, .. } => deref_root(f, *base),
        ExprKind::Index { base, .. } => match &f.exprs[*base].kind {
            ExprKind::Cast {
                kind: CastKind::ArrayToPointer,
                operand,
                ..
            } => deref_root(f, *operand),
            _ => None,
        },
        _ => None,
    }
}

/// `e` without the no-op casts (typedefs, qualifiers) around it.
fn through_no_ops(f: &Function, mut e: Handle<Expr>) -> Handle<Expr> {
    while let ExprKind::Cast {
        kind: CastKind::NoOp,
        operand,
        ..
    } = f.exprs[e].kind
    {
        e = operand;
    }
    e
}
