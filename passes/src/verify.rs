//! Structural verifier: checks the AST invariants stated in [`crate::ast`] (valid handles,
//! operands before users, no unset address space after normalization). A failure is a bug
//! in clc, never a user error, so it returns [`Bug`].

use crate::ast::{Block, Category, ExprKind, Function, Handle, Init, Module, StmtKind};
use crate::diag::Bug;

/// What the verifier may assume about address spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Straight from the front end: unset spaces are allowed.
    Lowered,
    /// After `normalize-address-spaces`: every declaration and place has a space.
    Normalized,
}

/// Verifies `module`.
pub fn verify(module: &Module, stage: Stage) -> Result<(), Bug> {
    for (_, g) in module.globals.iter() {
        if !module.types.contains(g.ty.ty) {
            return Err(Bug::new(
                g.span,
                format!("global '{}' has a dangling type", g.name),
            ));
        }
        if stage == Stage::Normalized && g.ty.space.is_none() {
            return Err(Bug::new(
                g.span,
                format!(
                    "global '{}' has no address space after normalization",
                    g.name
                ),
            ));
        }
    }
    for (_, f) in module.functions.iter() {
        function(module, f, stage)?;
    }
    Ok(())
}

fn function(module: &Module, f: &Function, stage: Stage) -> Result<(), Bug> {
    for (_, l) in f.locals.iter() {
        if !module.types.contains(l.ty.ty) {
            return Err(Bug::new(
                l.span,
                format!("local '{}' has a dangling type", l.name),
            ));
        }
        if stage == Stage::Normalized && (l.ty.space.is_none() || !pointees_named(module, l.ty.ty))
        {
            return Err(Bug::new(
                l.span,
                format!(
                    "local '{}' has no address space after normalization",
                    l.name
                ),
            ));
        }
    }
    for &p in &f.params {
        if f.locals.get(p).is_none() {
            return Err(Bug::new(f.span, "dangling parameter handle"));
        }
    }
    for (h, e) in f.exprs.iter() {
        if !module.types.contains(e.ty) {
            return Err(Bug::new(e.span, "expression with a dangling type"));
        }
        if stage == Stage::Normalized && matches!(e.category, Category::Place { space: None, .. }) {
            return Err(Bug::new(
                e.span,
                "place without an address space after normalization",
            ));
        }
        if stage == Stage::Normalized && !pointees_named(module, e.ty) {
            return Err(Bug::new(
                e.span,
                format!(
                    "'{}' has a pointee without an address space after normalization",
                    module.types.display(e.ty)
                ),
            ));
        }
        let before = |o: Handle<crate::ast::Expr>| -> Result<(), Bug> {
            if o < h {
                Ok(())
            } else {
                Err(Bug::new(e.span, "expression refers to a later expression"))
            }
        };
        match &e.kind {
            ExprKind::IntConst(_) | ExprKind::FloatConst(_) | ExprKind::BoolConst(_) => {}
            ExprKind::CompoundLiteral { local, init } => {
                if f.locals.get(*local).is_none() {
                    return Err(Bug::new(e.span, "compound literal of a dangling local"));
                }
                init_exprs(init, &|x| before(x))?;
            }
            ExprKind::Local(l) => {
                if f.locals.get(*l).is_none() {
                    return Err(Bug::new(e.span, "dangling local handle"));
                }
            }
            ExprKind::Global(g) => {
                if module.globals.get(*g).is_none() {
                    return Err(Bug::new(e.span, "dangling global handle"));
                }
            }
            ExprKind::Load(a)
            | ExprKind::AddrOf(a)
            | ExprKind::Deref(a)
            | ExprKind::Member { base: a, .. }
            | ExprKind::Unary(_, a)
            | ExprKind::Cast { operand: a, .. }
            | ExprKind::IncDec { place: a, .. }
            | ExprKind::Swizzle { base: a, .. } => before(*a)?,
            ExprKind::Index { base: a, index: b }
            | ExprKind::Binary(_, a, b)
            | ExprKind::Logical(_, a, b)
            | ExprKind::Assign { place: a, value: b }
            | ExprKind::CompoundAssign {
                place: a, value: b, ..
            }
            | ExprKind::Comma(a, b) => {
                before(*a)?;
                before(*b)?;
            }
            ExprKind::Conditional {
                cond: a,
                then: b,
                otherwise: c,
            }
            | ExprKind::FusedMulAdd { a, b, c, .. } => {
                before(*a)?;
                before(*b)?;
                before(*c)?;
            }
            ExprKind::Call { function, args } => {
                if module.functions.get(*function).is_none() {
                    return Err(Bug::new(e.span, "dangling function handle"));
                }
                for a in args {
                    before(*a)?;
                }
            }
            ExprKind::VectorLiteral(args) | ExprKind::Builtin { args, .. } => {
                for a in args {
                    before(*a)?;
                }
            }
        }
    }
    block(f, &f.body)
}

fn block(f: &Function, b: &Block) -> Result<(), Bug> {
    let expr = |h: Handle<crate::ast::Expr>| {
        if f.exprs.get(h).is_some() {
            Ok(())
        } else {
            Err(Bug::new(
                f.span,
                "statement refers to a dangling expression",
            ))
        }
    };
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Block(inner) => block(f, inner)?,
            StmtKind::Expr(e) => expr(*e)?,
            StmtKind::Decl { local, init } => {
                if f.locals.get(*local).is_none() {
                    return Err(Bug::new(s.span, "declaration of a dangling local"));
                }
                if let Some(i) = init {
                    init_exprs(i, &expr)?;
                }
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                expr(*cond)?;
                block(f, then)?;
                if let Some(o) = otherwise {
                    block(f, o)?;
                }
            }
            StmtKind::Loop {
                init,
                cond,
                body,
                step,
                ..
            } => {
                block(f, init)?;
                if let Some(c) = cond {
                    expr(*c)?;
                }
                block(f, body)?;
                if let Some(st) = step {
                    expr(*st)?;
                }
            }
            StmtKind::Switch { cond, cases } => {
                expr(*cond)?;
                for c in cases {
                    block(f, &c.body)?;
                }
            }
            StmtKind::Return(Some(e)) => expr(*e)?,
            StmtKind::Label(l) | StmtKind::Goto(l) => {
                if *l as usize >= f.labels.len() {
                    return Err(Bug::new(s.span, "dangling label"));
                }
            }
            StmtKind::Break | StmtKind::Continue | StmtKind::Return(None) => {}
        }
    }
    Ok(())
}

fn init_exprs(
    i: &Init,
    check: &impl Fn(Handle<crate::ast::Expr>) -> Result<(), Bug>,
) -> Result<(), Bug> {
    match i {
        Init::Expr(e) => check(*e),
        Init::List(items) => items.iter().try_for_each(|i| init_exprs(i, check)),
        Init::Zero => Ok(()),
    }
}

/// Whether every pointer level of `t` (through arrays and pointers, not struct members) has
/// an address space: after normalization the backend relies on it.
fn pointees_named(module: &Module, t: Handle<crate::ast::Type>) -> bool {
    match module.types.get(t) {
        crate::ast::Type::Pointer { pointee, space, .. } => {
            space.is_some() && pointees_named(module, *pointee)
        }
        crate::ast::Type::Array { elem, .. } => pointees_named(module, *elem),
        _ => true,
    }
}
