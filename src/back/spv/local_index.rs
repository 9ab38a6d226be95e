//! Vulkan: `__local` pointers kept logical, as an object and an element index.
//!
//! SPIR-V's logical addressing reaches `Workgroup` memory only through access chains of
//! its variables: stepping a pointer (`OpPtrAccessChain`), choosing one at run time or
//! keeping one in a variable needs the `VariablePointers` capability. Declaring it costs
//! more than a capability bit: NVIDIA's driver (580.159.04) loses `__local` atomics in any
//! module that declares it (`kernels/fuzz/nvidia_vp_local_atomic`).
//!
//! Most `__local` pointers need none of that. A pointer that provably points into one
//! `__local` object — a kernel's `__local` argument (its work-group array) or a `__local`
//! variable — is lowered as that object, known at compile time, and an element index, a
//! 32-bit integer computed at run time:
//!
//! - `local int *p = scratch + lid * 4;` keeps `lid * 4` in an integer variable;
//! - `p[i]`, `*(p + i)`, `p->m` are access chains of `scratch` at `lid * 4 + i`;
//! - `p += n`, `p++` step the index; `p == q`, `p < q`, `p - q` compare or subtract
//!   indices into the same object.
//!
//! The index counts the object's innermost elements (its *leaves*): in
//! `local float tile[16][16]`, `&tile[y][x]` is leaf `16 * y + x`, and the access chain
//! splits the index again by the inner dimensions. A pointer whose pointee is not one of
//! the object's levels (a reinterpreting cast, a pointer into a struct member), a
//! variable assigned pointers into different objects, a pointer passed to a function or
//! chosen by `?:` keep the variable pointers.
//!
//! The set of variables kept as indices is a fixed point: a variable's object is what
//! every assignment to it points into, and an assignment may read other such variables
//! (`p = q + 1`) or the variable itself (`p = p + 4`).

use super::function::FnState;
use super::{bug, Result, Writer};
use clc_passes::ast::{
    AddressSpace, BinaryOp, Block, CastKind, Expr, ExprKind, Function, Handle, Init, Local, Module,
    Scalar, StmtKind, Type,
};
use clc_passes::diag::Span;
use rspirv::spirv::{StorageClass, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// The `__local` object a logical pointer points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Root {
    /// A kernel's `__local` argument: its work-group array.
    Arg(Handle<Function>, Handle<Local>),
    /// A `__local` variable of a kernel.
    Var(Handle<Function>, Handle<Local>),
}

impl Root {
    /// The kernel and the local (argument or variable) that declare the object.
    fn decl(self) -> (Handle<Function>, Handle<Local>) {
        match self {
            Root::Arg(f, l) | Root::Var(f, l) => (f, l),
        }
    }
}

/// One function's logical `__local` pointers.
#[derive(Debug, Default, Clone)]
pub(super) struct LocalIndex {
    /// Whether `__local` objects are `Workgroup` variables here (not a flat-generic module,
    /// where they are device memory).
    enabled: bool,
    /// The function.
    function: Option<Handle<Function>>,
    /// The kernel's `__local` arguments that are work-group arrays (`FnState::local_arrays`).
    args: FxHashSet<Handle<Local>>,
    /// Parameters every caller passes a pointer into one object: their values are indices.
    pub(super) params: FxHashMap<Handle<Local>, Root>,
    /// Private variables holding pointers into one object, kept as element indices.
    pub(super) vars: FxHashMap<Handle<Local>, Root>,
}

/// What an expression is known to point into while the fixed point is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Not known yet (a variable whose assignments are still being looked at).
    Any,
    /// Into this object.
    Root(Root),
    /// Not provably into one object.
    None,
}

impl Known {
    fn meet(self, other: Known) -> Known {
        match (self, other) {
            (Known::Any, k) | (k, Known::Any) => k,
            (Known::Root(a), Known::Root(b)) if a == b => Known::Root(a),
            _ => Known::None,
        }
    }
}

impl LocalIndex {
    /// The logical `__local` pointers of every function of `m`, given each kernel's
    /// `__local` arguments that are work-group arrays and each function's parameters that
    /// are never assigned nor have their address taken (`unassigned`). Callers come first
    /// (OpenCL C has no recursion, so the call graph has no cycle): a parameter is an
    /// index when every call passes a pointer into the same object.
    pub(super) fn module(
        m: &Module,
        mut args: FxHashMap<Handle<Function>, FxHashSet<Handle<Local>>>,
        unassigned: impl Fn(&Function) -> FxHashSet<Handle<Local>>,
    ) -> FxHashMap<Handle<Function>, LocalIndex> {
        let mut out: FxHashMap<Handle<Function>, LocalIndex> = FxHashMap::default();
        // Calls from helpers no kernel reaches do not count: those are left out.
        let reachable = super::function::reachable_from_kernels(m);
        for fh in callers_first(m) {
            let f = &m.functions[fh];
            let free = unassigned(f);
            let stepped = candidates(m, f);
            let mut params = FxHashMap::default();
            if f.kernel.is_none() {
                for (i, &p) in f.params.iter().enumerate() {
                    if !(free.contains(&p) || stepped.contains(&p))
                        || !matches!(
                            m.types.as_pointer(f.locals[p].ty.ty),
                            Some((_, Some(AddressSpace::Local), _))
                        )
                    {
                        continue;
                    }
                    let mut k = Known::Any;
                    for (gh, g, _, args) in calls_to(m, &reachable, fh) {
                        k = k.meet(match (out.get(&gh), args.get(i)) {
                            (Some(caller), Some(&a)) => match caller.root(m, g, a) {
                                Some(r) => Known::Root(r),
                                None => Known::None,
                            },
                            _ => Known::None,
                        });
                    }
                    if let Known::Root(r) = k {
                        if pointer_fits(m, r, f.locals[p].ty.ty) {
                            params.insert(p, r);
                        }
                    }
                }
            }
            let a = args.remove(&fh).unwrap_or_default();
            out.insert(fh, LocalIndex::of(m, fh, a, params));
        }
        out
    }

    /// The logical `__local` pointers of function `fh`, whose `__local` arguments `args` are
    /// work-group arrays and whose parameters `params` are indices.
    fn of(
        m: &Module,
        fh: Handle<Function>,
        args: FxHashSet<Handle<Local>>,
        params: FxHashMap<Handle<Local>, Root>,
    ) -> Self {
        let f = &m.functions[fh];
        let mut this = LocalIndex {
            enabled: true,
            function: Some(fh),
            args,
            params,
            vars: FxHashMap::default(),
        };
        // Parameters are candidates when they are indices; one that is assigned is kept in
        // a variable, which starts with what the callers give.
        let candidates: FxHashSet<Handle<Local>> = candidates(m, f)
            .into_iter()
            .filter(|l| !f.locals[*l].is_param || this.params.contains_key(l))
            .collect();
        if candidates.is_empty() {
            return this;
        }
        // What each candidate is assigned: initializers and `p = value`.
        let mut assigned: FxHashMap<Handle<Local>, Vec<Option<Handle<Expr>>>> =
            candidates.iter().map(|&l| (l, Vec::new())).collect();
        decl_inits(&f.body, &mut |l, init| {
            if let Some(list) = assigned.get_mut(&l) {
                list.push(match init {
                    Init::Expr(e) => Some(*e),
                    Init::List(_) | Init::Zero => None,
                });
            }
        });
        for (_, e) in f.exprs.iter() {
            if let ExprKind::Assign { place, value } = e.kind {
                if let ExprKind::Local(l) = f.exprs[place].kind {
                    if let Some(list) = assigned.get_mut(&l) {
                        list.push(Some(value));
                    }
                }
            }
        }
        let mut known: FxHashMap<Handle<Local>, Known> =
            candidates.iter().map(|&l| (l, Known::Any)).collect();
        // Descend from `Any` until nothing changes; then what is still `Any` was never
        // given an object (only `p = p + 1`, or no assignment): `None`, and again.
        for settle in [false, true] {
            loop {
                let mut changed = false;
                for (&l, values) in &assigned {
                    let mut k = if settle && known[&l] == Known::Any {
                        Known::None
                    } else {
                        Known::Any
                    };
                    for v in values {
                        let vk = match v {
                            Some(e) => this.eval(m, f, *e, &known),
                            None => Known::None,
                        };
                        k = k.meet(vk);
                    }
                    let param = this.params.get(&l).copied();
                    if let Some(r) = param {
                        k = k.meet(Known::Root(r));
                    } else if values.is_empty() {
                        k = Known::None;
                    }
                    // The variable's own type must be a pointer into a level of the object.
                    if let Known::Root(r) = k {
                        if !pointer_fits(m, r, f.locals[l].ty.ty) {
                            k = Known::None;
                        }
                    }
                    let k = known[&l].meet(k);
                    let k = if settle && k == Known::Any {
                        Known::None
                    } else {
                        k
                    };
                    if k != known[&l] {
                        known.insert(l, k);
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        this.vars = known
            .into_iter()
            .filter_map(|(l, k)| match k {
                Known::Root(r) => Some((l, r)),
                _ => None,
            })
            .collect();
        this
    }

    /// The object pointer expression `e` points into, when it is lowered as an index.
    pub(super) fn root(&self, m: &Module, f: &Function, e: Handle<Expr>) -> Option<Root> {
        if !self.enabled
            || !matches!(
                m.types.as_pointer(f.exprs[e].ty),
                Some((_, Some(AddressSpace::Local), _))
            )
        {
            return None;
        }
        let known: FxHashMap<Handle<Local>, Known> = self
            .vars
            .iter()
            .map(|(&l, &r)| (l, Known::Root(r)))
            .collect();
        match self.eval(m, f, e, &known) {
            Known::Root(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the value of `Local(l)` is an index variable.
    pub(super) fn is_var(&self, l: Handle<Local>) -> bool {
        self.vars.contains_key(&l)
    }

    fn eval(
        &self,
        m: &Module,
        f: &Function,
        e: Handle<Expr>,
        known: &FxHashMap<Handle<Local>, Known>,
    ) -> Known {
        let x = &f.exprs[e];
        let Some((_, Some(AddressSpace::Local), _)) = m.types.as_pointer(x.ty) else {
            return Known::None;
        };
        let var = |p: Handle<Expr>| match f.exprs[p].kind {
            ExprKind::Local(l) => known.get(&l).copied().unwrap_or(Known::None),
            _ => Known::None,
        };
        let Some(fh) = self.function else {
            return Known::None;
        };
        let k = match x.kind {
            ExprKind::Load(p) => match f.exprs[p].kind {
                ExprKind::Local(l) if self.args.contains(&l) => Known::Root(Root::Arg(fh, l)),
                ExprKind::Local(l) if self.params.contains_key(&l) => Known::Root(self.params[&l]),
                _ => var(p),
            },
            ExprKind::Cast {
                kind: CastKind::ArrayToPointer,
                operand,
                ..
            }
            | ExprKind::AddrOf(operand) => self.eval_place(m, f, operand, known),
            ExprKind::Cast {
                kind: CastKind::NoOp | CastKind::PointerBitcast | CastKind::AddressSpace,
                operand,
                ..
            } => {
                let same = m.types.as_pointer(f.exprs[operand].ty).map(|p| p.0)
                    == m.types.as_pointer(x.ty).map(|p| p.0);
                if same {
                    self.eval(m, f, operand, known)
                } else {
                    Known::None
                }
            }
            ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), a, b) => {
                let a_ptr = m.types.as_pointer(f.exprs[a].ty).is_some();
                let b_ptr = m.types.as_pointer(f.exprs[b].ty).is_some();
                match (a_ptr, b_ptr) {
                    (true, false) => self.eval(m, f, a, known),
                    (false, true) if op == BinaryOp::Add => self.eval(m, f, b, known),
                    _ => Known::None,
                }
            }
            ExprKind::Assign { place, value } => var(place).meet(self.eval(m, f, value, known)),
            ExprKind::CompoundAssign {
                op: BinaryOp::Add | BinaryOp::Sub,
                place,
                fused: false,
                ..
            }
            | ExprKind::IncDec { place, .. } => var(place),
            ExprKind::Comma(_, b) => self.eval(m, f, b, known),
            // `c ? p : q` with both into the same object: an index chosen at run time.
            ExprKind::Conditional {
                then, otherwise, ..
            } => self
                .eval(m, f, then, known)
                .meet(self.eval(m, f, otherwise, known)),
            _ => Known::None,
        };
        match k {
            Known::Root(r) if !pointer_fits(m, r, x.ty) => Known::None,
            k => k,
        }
    }

    fn eval_place(
        &self,
        m: &Module,
        f: &Function,
        e: Handle<Expr>,
        known: &FxHashMap<Handle<Local>, Known>,
    ) -> Known {
        let x = &f.exprs[e];
        let Some(fh) = self.function else {
            return Known::None;
        };
        let k = match x.kind {
            ExprKind::Local(l) if is_local_variable(f, l) => Known::Root(Root::Var(fh, l)),
            ExprKind::Index { base, .. } => self.eval(m, f, base, known),
            ExprKind::Deref(p) => self.eval(m, f, p, known),
            _ => Known::None,
        };
        match k {
            Known::Root(r) if level_of(m, r, x.ty).is_none() => Known::None,
            k => k,
        }
    }
}

/// The functions of `m`, each after every function that calls it.
fn callers_first(m: &Module) -> Vec<Handle<Function>> {
    let mut callers: FxHashMap<Handle<Function>, usize> = FxHashMap::default();
    let mut callees: FxHashMap<Handle<Function>, Vec<Handle<Function>>> = FxHashMap::default();
    for (fh, f) in m.functions.iter() {
        let mut seen = FxHashSet::default();
        for (_, e) in f.exprs.iter() {
            if let ExprKind::Call { function, .. } = e.kind {
                if seen.insert(function) {
                    *callers.entry(function).or_default() += 1;
                    callees.entry(fh).or_default().push(function);
                }
            }
        }
    }
    let mut ready: Vec<Handle<Function>> = m
        .functions
        .iter()
        .map(|(h, _)| h)
        .filter(|h| !callers.contains_key(h))
        .collect();
    let mut order = Vec::new();
    while let Some(fh) = ready.pop() {
        order.push(fh);
        for &c in callees.get(&fh).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(n) = callers.get_mut(&c) {
                *n -= 1;
                if *n == 0 {
                    ready.push(c);
                }
            }
        }
    }
    // A cycle (which the front end rejects) leaves functions out: they get no indices.
    order
}

/// The calls of `fh` made by the functions in `reachable`: the caller, its definition, the
/// call expression and its arguments.
fn calls_to<'m>(
    m: &'m Module,
    reachable: &'m std::collections::BTreeSet<Handle<Function>>,
    fh: Handle<Function>,
) -> impl Iterator<
    Item = (
        Handle<Function>,
        &'m Function,
        Handle<Expr>,
        &'m [Handle<Expr>],
    ),
> + 'm {
    m.functions
        .iter()
        .filter(move |(gh, _)| reachable.contains(gh))
        .flat_map(move |(gh, g)| {
            g.exprs.iter().filter_map(move |(eh, e)| match &e.kind {
                ExprKind::Call { function, args } if *function == fh => {
                    Some((gh, g, eh, args.as_slice()))
                }
                _ => None,
            })
        })
}

/// Whether some helper has a `__local` pointer parameter (what `specialize` may clone).
fn has_local_pointer_params(m: &Module) -> bool {
    m.functions.iter().any(|(_, f)| {
        f.kernel.is_none()
            && f.params.iter().any(|&p| {
                matches!(
                    m.types.as_pointer(f.locals[p].ty.ty),
                    Some((_, Some(AddressSpace::Local), _))
                )
            })
    })
}

/// The most helper clones `specialize` adds to one module.
const MAX_CLONES: usize = 64;

/// A copy of `m` in which a helper whose `__local` pointer parameter is given pointers into
/// different objects by different calls (`scan(lmem)` called from two kernels, each with
/// its own `__local` argument) is cloned, one copy per set of objects, so that every
/// parameter of every copy points into one object and is lowered as an index (no
/// `VariablePointers`). `None` when no helper needs it. The callers' pointers are judged as
/// `LocalIndex::module` judges them, with every unassigned `__local` pointer argument of a
/// kernel taken for a work-group array; a clone made on a wrong guess is only a copy.
/// At most [`MAX_CLONES`] clones are added; a module that needs more keeps variable
/// pointers where the clones ran out.
pub(super) fn specialize(
    m: &Module,
    unassigned: impl Fn(&Module, &Function) -> FxHashSet<Handle<Local>>,
) -> Option<Module> {
    if !has_local_pointer_params(m) {
        return None;
    }
    let mut out: Option<Module> = None;
    let mut added = 0;
    loop {
        let cur = out.as_ref().unwrap_or(m);
        let args = cur
            .functions
            .iter()
            .filter(|(_, f)| f.kernel.is_some())
            .map(|(fh, f)| {
                let free = unassigned(cur, f);
                let local: FxHashSet<Handle<Local>> = f
                    .params
                    .iter()
                    .copied()
                    .filter(|p| free.contains(p))
                    .filter(|&p| {
                        matches!(
                            cur.types.as_pointer(f.locals[p].ty.ty),
                            Some((_, Some(AddressSpace::Local), _))
                        )
                    })
                    .collect();
                (fh, local)
            })
            .collect();
        let indices = LocalIndex::module(cur, args, |f| unassigned(cur, f));
        let Some((fh, groups)) = split(cur, &indices, &|f| unassigned(cur, f)) else {
            break;
        };
        if added + groups.len() - 1 > MAX_CLONES {
            break;
        }
        let mut next = cur.clone();
        for (k, calls) in groups.into_iter().enumerate().skip(1) {
            let mut copy = next.functions[fh].clone();
            copy.name = format!("{}.{k}", copy.name);
            let ch = next.functions.append(copy);
            for (gh, eh) in calls {
                if let ExprKind::Call { function, .. } = &mut next.functions[gh].exprs[eh].kind {
                    *function = ch;
                }
            }
            added += 1;
        }
        out = Some(next);
    }
    out
}

/// The calls of a helper to clone: the first helper (callers first) with `__local` pointer
/// parameters that are not indices because its calls pass pointers into different objects,
/// every call's pointer being into a known one. Its calls grouped by the objects they pass
/// (as `(caller, call expression)`), one group per copy.
#[allow(clippy::type_complexity)]
fn split(
    m: &Module,
    indices: &FxHashMap<Handle<Function>, LocalIndex>,
    unassigned: &dyn Fn(&Function) -> FxHashSet<Handle<Local>>,
) -> Option<(Handle<Function>, Vec<Vec<(Handle<Function>, Handle<Expr>)>>)> {
    let reachable = super::function::reachable_from_kernels(m);
    for fh in callers_first(m) {
        let f = &m.functions[fh];
        if f.kernel.is_some() {
            continue;
        }
        let (free, stepped) = (unassigned(f), candidates(m, f));
        let known = indices.get(&fh);
        // The parameters that could be indices and are not.
        let open: Vec<usize> = f
            .params
            .iter()
            .enumerate()
            .filter(|&(_, p)| {
                (free.contains(p) || stepped.contains(p))
                    && matches!(
                        m.types.as_pointer(f.locals[*p].ty.ty),
                        Some((_, Some(AddressSpace::Local), _))
                    )
                    && !known.is_some_and(|k| k.params.contains_key(p))
            })
            .map(|(i, _)| i)
            .collect();
        if open.is_empty() {
            continue;
        }
        let mut calls = Vec::new();
        for (gh, g, eh, args) in calls_to(m, &reachable, fh) {
            let roots: Vec<Option<Root>> = open
                .iter()
                .map(|&i| {
                    let r = indices.get(&gh)?.root(m, g, *args.get(i)?)?;
                    pointer_fits(m, r, f.locals[f.params[i]].ty.ty).then_some(r)
                })
                .collect();
            calls.push((gh, eh, roots));
        }
        // Only the parameters every call gives a known object can become indices.
        let usable: Vec<usize> = (0..open.len())
            .filter(|&k| calls.iter().all(|c| c.2[k].is_some()))
            .collect();
        let mut groups: Vec<(Vec<Option<Root>>, Vec<(Handle<Function>, Handle<Expr>)>)> =
            Vec::new();
        for (gh, eh, roots) in calls {
            let key: Vec<Option<Root>> = usable.iter().map(|&k| roots[k]).collect();
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push((gh, eh)),
                None => groups.push((key, vec![(gh, eh)])),
            }
        }
        if groups.len() > 1 {
            return Some((fh, groups.into_iter().map(|g| g.1).collect()));
        }
    }
    None
}

/// Whether `l` is a `__local` variable of the function (a root object).
fn is_local_variable(f: &Function, l: Handle<Local>) -> bool {
    let l = &f.locals[l];
    !l.is_param && l.ty.space == Some(AddressSpace::Local)
}

/// Private variables (and parameters, of a function that is not a kernel) of `__local`
/// pointer type whose every use is a load, an assignment, a compound assignment that
/// steps them, or `++`/`--`.
fn candidates(m: &Module, f: &Function) -> FxHashSet<Handle<Local>> {
    let mut out: FxHashSet<Handle<Local>> = f
        .locals
        .iter()
        .filter(|(_, l)| {
            (!l.is_param || f.kernel.is_none())
                && matches!(l.ty.space, None | Some(AddressSpace::Private))
                && matches!(
                    m.types.as_pointer(l.ty.ty),
                    Some((_, Some(AddressSpace::Local), _))
                )
        })
        .map(|(h, _)| h)
        .collect();
    if out.is_empty() {
        return out;
    }
    for (_, e) in f.exprs.iter() {
        for p in e.kind.operands() {
            if let ExprKind::Local(l) = f.exprs[p].kind {
                if !is_allowed_use(&e.kind, p) {
                    out.remove(&l);
                }
            }
        }
    }
    out
}

/// Whether `parent` uses the place `p` as a load, an assignment's target or a step.
fn is_allowed_use(parent: &ExprKind, p: Handle<Expr>) -> bool {
    match *parent {
        ExprKind::Load(q) | ExprKind::IncDec { place: q, .. } => q == p,
        ExprKind::Assign { place, value } => place == p && value != p,
        ExprKind::CompoundAssign {
            op: BinaryOp::Add | BinaryOp::Sub,
            place,
            value,
            fused: false,
            ..
        } => place == p && value != p,
        _ => false,
    }
}

/// Calls `visit` with every declaration's local and initializer.
fn decl_inits(block: &Block, visit: &mut impl FnMut(Handle<Local>, &Init)) {
    for s in &block.stmts {
        match &s.kind {
            StmtKind::Block(b) => decl_inits(b, visit),
            StmtKind::Decl {
                local,
                init: Some(init),
            } => visit(*local, init),
            StmtKind::If {
                then, otherwise, ..
            } => {
                decl_inits(then, visit);
                if let Some(o) = otherwise {
                    decl_inits(o, visit);
                }
            }
            StmtKind::Loop { init, body, .. } => {
                decl_inits(init, visit);
                decl_inits(body, visit);
            }
            StmtKind::Switch { cases, .. } => {
                for c in cases {
                    decl_inits(&c.body, visit);
                }
            }
            _ => {}
        }
    }
}

/// The AST type of the object's level `level`: level 0 is the whole object (none for a
/// kernel argument's work-group array), level `k + 1` the elements of level `k`.
fn level_ty(m: &Module, r: Root, level: usize) -> Option<Handle<Type>> {
    let (fh, l) = r.decl();
    let declared = m.functions[fh].locals[l].ty.ty;
    let (mut t, from) = match r {
        Root::Var(..) => (declared, 0),
        Root::Arg(..) => (m.types.as_pointer(declared)?.0, 1),
    };
    if level < from {
        return None;
    }
    for _ in from..level {
        match m.types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            _ => return None,
        }
    }
    Some(t)
}

/// The level of the object whose type is `ty`.
fn level_of(m: &Module, r: Root, ty: Handle<Type>) -> Option<usize> {
    let mut level = match r {
        Root::Var(..) => 0,
        Root::Arg(..) => 1,
    };
    loop {
        let t = level_ty(m, r, level)?;
        if t == ty {
            return Some(level);
        }
        level += 1;
    }
}

/// Whether pointer type `ptr` points at one of the object's levels.
fn pointer_fits(m: &Module, r: Root, ptr: Handle<Type>) -> bool {
    match m.types.as_pointer(ptr) {
        Some((pointee, Some(AddressSpace::Local), _)) => level_of(m, r, pointee).is_some(),
        _ => false,
    }
}

/// The number of leaves in an object of type `ty`.
fn leaves(m: &Module, ty: Handle<Type>) -> u64 {
    match m.types.get(ty) {
        Type::Array { elem, len } => len.saturating_mul(leaves(m, *elem)),
        _ => 1,
    }
}

impl Writer<'_> {
    /// Vulkan: the object pointer `e` points into, where it is lowered as an index.
    pub(super) fn local_root(&self, st: &FnState<'_>, e: Handle<Expr>) -> Option<Root> {
        st.local_index.root(self.m, st.f, e)
    }

    /// The leaf index (a 32-bit integer) of pointer `e`, which `local_root` lowers as an
    /// index, evaluating its side effects once.
    pub(super) fn local_flat(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let x = st.f.exprs[e].clone();
        let uint = self.uint();
        let var = |st: &FnState<'_>, p: Handle<Expr>| match st.f.exprs[p].kind {
            ExprKind::Local(l) if st.local_index.is_var(l) => st.locals.get(&l).copied(),
            _ => None,
        };
        match x.kind {
            ExprKind::Load(p) => match st.f.exprs[p].kind {
                ExprKind::Local(l) if st.local_index.args.contains(&l) => Ok(self.u32_const(0)),
                ExprKind::Local(l) if st.values.contains_key(&l) => Ok(st.values[&l]),
                _ => match var(st, p) {
                    Some(v) => Ok(self.b.load(uint, None, v, None, [])?),
                    None => bug(x.span, "a __local index variable without storage"),
                },
            },
            ExprKind::Cast {
                kind: CastKind::ArrayToPointer,
                operand,
                ..
            }
            | ExprKind::AddrOf(operand) => self.local_place_flat(st, operand),
            ExprKind::Cast { operand, .. } => self.local_flat(st, operand),
            ExprKind::Binary(op, a, b) => {
                // Operands in order, as `binary` evaluates them.
                let a_ptr = self.m.types.as_pointer(st.f.exprs[a].ty).is_some();
                let (ptr, n) = if a_ptr { (a, b) } else { (b, a) };
                let (base, count) = if a_ptr {
                    let base = self.local_flat(st, a)?;
                    (base, self.value(st, b)?)
                } else {
                    let count = self.value(st, a)?;
                    (self.local_flat(st, b)?, count)
                };
                let step = self.local_step(st, ptr, count, n, x.span)?;
                Ok(if op == BinaryOp::Sub {
                    self.b.i_sub(uint, None, base, step)?
                } else {
                    self.b.i_add(uint, None, base, step)?
                })
            }
            ExprKind::Assign { place, value } => {
                let flat = self.local_flat(st, value)?;
                let Some(v) = var(st, place) else {
                    return bug(x.span, "a __local index variable without storage");
                };
                self.b.store(v, flat, None, [])?;
                Ok(flat)
            }
            ExprKind::CompoundAssign {
                op, place, value, ..
            } => {
                let Some(v) = var(st, place) else {
                    return bug(x.span, "a __local index variable without storage");
                };
                let old = self.b.load(uint, None, v, None, [])?;
                let count = self.value(st, value)?;
                let step = self.local_step(st, place, count, value, x.span)?;
                let new = if op == BinaryOp::Sub {
                    self.b.i_sub(uint, None, old, step)?
                } else {
                    self.b.i_add(uint, None, old, step)?
                };
                self.b.store(v, new, None, [])?;
                Ok(new)
            }
            ExprKind::IncDec {
                place,
                increment,
                prefix,
            } => {
                let Some(v) = var(st, place) else {
                    return bug(x.span, "a __local index variable without storage");
                };
                let old = self.b.load(uint, None, v, None, [])?;
                let unit = self.pointee_leaves(x.ty, x.span)?;
                let unit = self.u32_const(unit);
                let new = if increment {
                    self.b.i_add(uint, None, old, unit)?
                } else {
                    self.b.i_sub(uint, None, old, unit)?
                };
                self.b.store(v, new, None, [])?;
                Ok(if prefix { new } else { old })
            }
            ExprKind::Comma(a, b) => {
                self.effect(st, a)?;
                self.local_flat(st, b)
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                // Only the chosen side is evaluated; the index is a phi of the two.
                let sides =
                    self.choose(st, cond, [then, otherwise], |w, st, e| w.local_flat(st, e))?;
                Ok(self.b.phi(uint, None, sides)?)
            }
            _ => bug(x.span, "a __local pointer lowered as an index"),
        }
    }

    /// The leaf index of place `e`, which is in a `local_root` object.
    pub(super) fn local_place_flat(
        &mut self,
        st: &mut FnState<'_>,
        e: Handle<Expr>,
    ) -> Result<Word> {
        let x = st.f.exprs[e].clone();
        let uint = self.uint();
        match x.kind {
            ExprKind::Local(_) => Ok(self.u32_const(0)),
            ExprKind::Index { base, index } => {
                let b = self.local_flat(st, base)?;
                let i = self.value(st, index)?;
                let step = self.local_step(st, base, i, index, x.span)?;
                Ok(self.b.i_add(uint, None, b, step)?)
            }
            ExprKind::Deref(p) => self.local_flat(st, p),
            _ => bug(x.span, "a __local place lowered as an index"),
        }
    }

    /// `count` (the value of integer expression `n`) elements of what pointer expression
    /// `ptr` points at, in leaves, as a 32-bit integer (work-group memory is far smaller
    /// than 4 GiB; a negative step wraps to the same index).
    fn local_step(
        &mut self,
        st: &FnState<'_>,
        ptr: Handle<Expr>,
        count: Word,
        n: Handle<Expr>,
        span: Span,
    ) -> Result<Word> {
        let uint = self.uint();
        let count = match self.m.types.as_scalar(st.f.exprs[n].ty) {
            Some(Scalar::Int { width: 32, .. }) => count,
            Some(Scalar::Int { width: 64, .. }) => self.b.u_convert(uint, None, count)?,
            Some(Scalar::Int { signed: true, .. }) => self.b.s_convert(uint, None, count)?,
            Some(Scalar::Int { .. }) => self.b.u_convert(uint, None, count)?,
            Some(Scalar::Bool) => {
                let one = self.u32_const(1);
                let zero = self.u32_const(0);
                self.b.select(uint, None, count, one, zero)?
            }
            _ => return bug(span, "a __local pointer stepped by a non-integer"),
        };
        let unit = self.pointee_leaves(st.f.exprs[ptr].ty, span)?;
        Ok(if unit == 1 {
            count
        } else {
            let unit = self.u32_const(unit);
            self.b.i_mul(uint, None, count, unit)?
        })
    }

    /// The leaves in the pointee of pointer type `ptr`.
    fn pointee_leaves(&self, ptr: Handle<Type>, span: Span) -> Result<u32> {
        let Some((pointee, _, _)) = self.m.types.as_pointer(ptr) else {
            return bug(span, "a __local index of a non-pointer");
        };
        match u32::try_from(leaves(self.m, pointee)) {
            Ok(n) => Ok(n),
            Err(_) => super::unsupported(span, "a __local object of 4 GiB or more"),
        }
    }

    /// The pointer to the object of AST type `ty` at leaf index `flat` of object `r`: an
    /// access chain of the object's variable, one index per level.
    pub(super) fn local_chain(
        &mut self,
        st: &mut FnState<'_>,
        r: Root,
        flat: Word,
        ty: Handle<Type>,
        span: Span,
    ) -> Result<(Word, StorageClass)> {
        let (var, sc) = match r {
            Root::Arg(fh, l) => {
                let i = self.m.functions[fh].params.iter().position(|&p| p == l);
                match i.and_then(|i| self.local_args.get(&(fh, i))) {
                    Some(&(var, _, sc)) => (var, sc),
                    None => return bug(span, "a __local argument without its work-group array"),
                }
            }
            Root::Var(fh, l) => {
                let var = self.hoisted_local(fh, l)?;
                let sc =
                    self.storage_class(AddressSpace::Local, super::flavor::Site::ModuleVariable);
                (var, sc)
            }
        };
        st.used.insert(var);
        let Some(level) = level_of(self.m, r, ty) else {
            return bug(span, "a __local pointer to no level of its object");
        };
        if level == 0 {
            return Ok((var, sc));
        }
        let uint = self.uint();
        let unit = match u32::try_from(leaves(self.m, ty)) {
            Ok(n) => n,
            Err(_) => return super::unsupported(span, "a __local object of 4 GiB or more"),
        };
        let mut q = if unit == 1 {
            flat
        } else {
            let u = self.u32_const(unit);
            self.b.u_div(uint, None, flat, u)?
        };
        // Index of level k (k = level - 1 .. 1) within its array, innermost first; what
        // remains indexes the outermost level.
        let mut indices = Vec::with_capacity(level);
        for k in (1..level).rev() {
            let len = match level_ty(self.m, r, k).map(|t| self.m.types.get(t)) {
                Some(Type::Array { len, .. }) => u32::try_from(*len).unwrap_or(u32::MAX),
                _ => return bug(span, "a __local object level that is not an array"),
            };
            let d = self.u32_const(len);
            indices.push(self.b.u_mod(uint, None, q, d)?);
            q = self.b.u_div(uint, None, q, d)?;
        }
        indices.push(q);
        indices.reverse();
        let t = self.ty(ty, span)?;
        let ptr = self.pointer_sc(sc, t);
        Ok((self.b.access_chain(ptr, None, var, indices)?, sc))
    }

    /// `a op b` for pointers `a` and `b` lowered as indices: `==`, `!=`, the orderings
    /// and `-` of two pointers into the same object compare or subtract indices; pointers
    /// into different objects are never equal. `None`: not such operands (nothing
    /// evaluated).
    pub(super) fn local_compare(
        &mut self,
        st: &mut FnState<'_>,
        op: BinaryOp,
        a: Handle<Expr>,
        b: Handle<Expr>,
        result: Handle<Type>,
        span: Span,
    ) -> Result<Option<Word>> {
        let (Some(ra), Some(rb)) = (self.local_root(st, a), self.local_root(st, b)) else {
            return Ok(None);
        };
        let same = ra == rb;
        if !same && !matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            return Ok(None);
        }
        let fa = self.local_flat(st, a)?;
        let fb = self.local_flat(st, b)?;
        let c = match op {
            BinaryOp::Eq | BinaryOp::Ne if !same => {
                let v = op == BinaryOp::Ne;
                self.scalar_const(Scalar::Bool, super::types::ConstScalar::Int(u64::from(v)))
            }
            // Indices into one object, compared as the signed element counts they are.
            _ if op.is_comparison() => {
                let int = Scalar::Int {
                    width: 32,
                    signed: true,
                };
                self.compare(op, (int, 1), fa, fb)?
            }
            BinaryOp::Sub => {
                let uint = self.uint();
                let d = self.b.i_sub(uint, None, fa, fb)?;
                let rt = self.ty(result, span)?;
                let d = self.b.s_convert(rt, None, d)?;
                let unit = self.pointee_leaves(st.f.exprs[a].ty, span)?;
                return Ok(Some(if unit == 1 {
                    d
                } else {
                    let n = self.scalar_const(
                        self.m.types.as_scalar(result).unwrap_or(Scalar::Int {
                            width: 64,
                            signed: true,
                        }),
                        super::types::ConstScalar::Int(u64::from(unit)),
                    );
                    self.b.s_div(rt, None, d, n)?
                }));
            }
            _ => return bug(span, "pointer operands of this operator"),
        };
        Ok(Some(self.bool_to(result, c, span)?))
    }

    /// `flat` stepped by `i` (a 64-bit integer) elements of what pointer expression `ptr`
    /// points at.
    pub(super) fn local_offset(
        &mut self,
        st: &FnState<'_>,
        ptr: Handle<Expr>,
        flat: Word,
        i: Word,
        span: Span,
    ) -> Result<Word> {
        let uint = self.uint();
        let i = self.b.u_convert(uint, None, i)?;
        let unit = self.pointee_leaves(st.f.exprs[ptr].ty, span)?;
        let step = if unit == 1 {
            i
        } else {
            let u = self.u32_const(unit);
            self.b.i_mul(uint, None, i, u)?
        };
        Ok(self.b.i_add(uint, None, flat, step)?)
    }

    /// Whether `__local` pointer `e` is known not to be NULL (`Some(true)`: it points into
    /// an object; `Some(false)`: it is NULL, as `to_local` of a pointer into another named
    /// space is).
    pub(super) fn local_nonnull(&self, st: &FnState<'_>, e: Handle<Expr>) -> Option<bool> {
        if self.local_root(st, e).is_some() {
            return Some(true);
        }
        match &st.f.exprs[e].kind {
            ExprKind::Builtin {
                builtin: clc_passes::ast::Builtin::ToSpace(AddressSpace::Local),
                args,
            } => {
                // Through the conversions to generic that clang wraps named pointers in.
                let mut p = *args.first()?;
                loop {
                    match (
                        self.m.types.as_pointer(st.f.exprs[p].ty)?.1?,
                        &st.f.exprs[p].kind,
                    ) {
                        (
                            AddressSpace::Generic,
                            ExprKind::Cast {
                                kind: CastKind::AddressSpace | CastKind::NoOp,
                                operand,
                                ..
                            },
                        ) => p = *operand,
                        (AddressSpace::Generic, _) => return None,
                        (AddressSpace::Local, _) => return self.local_nonnull(st, p),
                        _ => return Some(false),
                    }
                }
            }
            ExprKind::Cast {
                kind: CastKind::NoOp | CastKind::PointerBitcast,
                operand,
                ..
            } => self.local_nonnull(st, *operand),
            // NULL, and what inference made of `to_local` of a pointer into another space.
            ExprKind::Cast {
                kind: CastKind::NullToPointer,
                ..
            } => Some(false),
            _ => None,
        }
    }
}
