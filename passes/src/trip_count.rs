//! Constant trip counts of counted loops: `for (T i = C; i OP D; STEP) BODY` whose counter
//! starts at a constant, is compared with constants only, changes only in the step (by a
//! constant: `++`, `--`, `+= c`, `-= c`, `*= c`, `<<= c`, `>>= c`, `i = i + c`…) and whose
//! body has no way out but its end or `continue`. The count is found by running the
//! counter's arithmetic, in its own type (wrapping as the target does), until the condition
//! fails or a limit is passed.
//!
//! The Vulkan backend asks the driver to unroll such loops (NVIDIA's compiler unrolls only
//! what is marked; fft256's 8-stage loop unrolled ran 1.26× faster on the H200).

use crate::ast::{
    BinaryOp, Block, CastKind, Expr, ExprKind, Function, Handle, Init, Local, Scalar, StmtKind,
    Type, Types, UnaryOp,
};

/// The number of times the body of a `while`/`for` loop runs (the condition tested before
/// each iteration), when it is a constant no greater than `limit`.
pub fn constant_trip_count(
    types: &Types,
    f: &Function,
    init: &Block,
    cond: Option<Handle<Expr>>,
    body: &Block,
    step: Option<Handle<Expr>>,
    limit: u64,
) -> Option<u64> {
    let ev = Eval { types, f };
    let (counter, start) = counter_start(&ev, init)?;
    let (cond, step) = (cond?, step?);
    if writes_counter(f, &body.stmts, counter) || !ev.pure(cond) {
        return None;
    }
    let mut v = start;
    let mut trips = 0;
    loop {
        if ev.eval(cond, counter, v)? == 0 {
            return Some(trips);
        }
        trips += 1;
        if trips > limit {
            return None;
        }
        v = ev.step(step, counter, v)?;
    }
}

/// Whether `pred` holds for an expression of `b` (at any depth, operands included).
pub fn any_expr(f: &Function, b: &Block, pred: &mut dyn FnMut(Handle<Expr>) -> bool) -> bool {
    fn walk(f: &Function, e: Handle<Expr>, pred: &mut dyn FnMut(Handle<Expr>) -> bool) -> bool {
        pred(e)
            || f.exprs[e]
                .kind
                .operands()
                .into_iter()
                .any(|o| walk(f, o, pred))
    }
    let mut found = false;
    for_each_expr_root(&b.stmts, &mut |e| found = found || walk(f, e, pred));
    found
}

/// The number of expressions in `b`, statements included (a measure of the body's size).
pub fn block_size(f: &Function, b: &Block) -> usize {
    let mut n = 0;
    for_each_expr_root(&b.stmts, &mut |e| n += expr_size(f, e));
    n + b.stmts.len()
}

fn expr_size(f: &Function, e: Handle<Expr>) -> usize {
    1 + f.exprs[e]
        .kind
        .operands()
        .into_iter()
        .map(|o| expr_size(f, o))
        .sum::<usize>()
}

/// The counter and its first value: `T i = C;` or `i = C;` as the only init statement.
fn counter_start(ev: &Eval, init: &Block) -> Option<(Handle<Local>, i128)> {
    let [s] = init.stmts.as_slice() else {
        return None;
    };
    match &s.kind {
        StmtKind::Decl {
            local,
            init: Some(Init::Expr(e)),
        } => Some((*local, ev.constant(*e)?)),
        StmtKind::Expr(e) => match &ev.f.exprs[*e].kind {
            ExprKind::Assign { place, value } => Some((ev.local_of(*place)?, ev.constant(*value)?)),
            _ => None,
        },
        _ => None,
    }
}

/// Whether the statements of a loop body may write `counter`, take its address, or leave the
/// loop other than at the end of the body or by `continue`.
fn writes_counter(f: &Function, stmts: &[crate::ast::Stmt], counter: Handle<Local>) -> bool {
    let mut touched = false;
    for_each_expr_root(stmts, &mut |e| touched = touched || touches(f, e, counter));
    touched || leaves(stmts, true)
}

/// Whether `stmts` (at any depth) return or jump, or, with `breaks`, `break` out of the
/// enclosing loop: a nested loop's or switch's `break` leaves only that statement.
fn leaves(stmts: &[crate::ast::Stmt], breaks: bool) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Return(_) | StmtKind::Goto(_) | StmtKind::Label(_) => true,
        StmtKind::Break => breaks,
        StmtKind::Block(b) => leaves(&b.stmts, breaks),
        StmtKind::If {
            then, otherwise, ..
        } => {
            leaves(&then.stmts, breaks)
                || otherwise.as_ref().is_some_and(|o| leaves(&o.stmts, breaks))
        }
        StmtKind::Loop { init, body, .. } => {
            leaves(&init.stmts, breaks) || leaves(&body.stmts, false)
        }
        StmtKind::Switch { cases, .. } => cases.iter().any(|c| leaves(&c.body.stmts, false)),
        StmtKind::Expr(_) | StmtKind::Decl { .. } | StmtKind::Continue => false,
    })
}

/// Calls `visit` with each expression of an initializer.
fn init_exprs(i: &Init, visit: &mut dyn FnMut(Handle<Expr>)) {
    match i {
        Init::Expr(e) => visit(*e),
        Init::List(l) => l.iter().for_each(|i| init_exprs(i, visit)),
        Init::Zero => {}
    }
}

/// Calls `visit` with every expression a statement of `stmts` evaluates directly (conditions,
/// steps, initializers, expression statements), at any depth.
fn for_each_expr_root(stmts: &[crate::ast::Stmt], visit: &mut dyn FnMut(Handle<Expr>)) {
    for s in stmts {
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => visit(*e),
            StmtKind::Decl { init: Some(i), .. } => init_exprs(i, visit),
            StmtKind::Block(b) => for_each_expr_root(&b.stmts, visit),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                visit(*cond);
                for_each_expr_root(&then.stmts, visit);
                if let Some(o) = otherwise {
                    for_each_expr_root(&o.stmts, visit);
                }
            }
            StmtKind::Loop {
                init,
                cond,
                body,
                step,
                ..
            } => {
                for_each_expr_root(&init.stmts, visit);
                cond.iter().chain(step).for_each(|e| visit(*e));
                for_each_expr_root(&body.stmts, visit);
            }
            StmtKind::Switch { cond, cases } => {
                visit(*cond);
                cases
                    .iter()
                    .for_each(|c| for_each_expr_root(&c.body.stmts, visit));
            }
            _ => {}
        }
    }
}

/// Whether `e` (or an expression inside it, compound literal initializers included) writes
/// `counter` or takes its address.
fn touches(f: &Function, e: Handle<Expr>, counter: Handle<Local>) -> bool {
    let is_counter =
        |p: Handle<Expr>| matches!(f.exprs[p].kind, ExprKind::Local(l) if l == counter);
    let here = match &f.exprs[e].kind {
        ExprKind::Assign { place, .. }
        | ExprKind::CompoundAssign { place, .. }
        | ExprKind::IncDec { place, .. }
        | ExprKind::AddrOf(place) => is_counter(*place),
        ExprKind::CompoundLiteral { init, .. } => {
            let mut t = false;
            init_exprs(init, &mut |x| t = t || touches(f, x, counter));
            t
        }
        _ => false,
    };
    here || f.exprs[e]
        .kind
        .operands()
        .into_iter()
        .any(|o| touches(f, o, counter))
}

/// Integer arithmetic on constants and the counter, in each expression's own type.
struct Eval<'a> {
    types: &'a Types,
    f: &'a Function,
}

impl Eval<'_> {
    /// (width, signed) of an integer or bool expression.
    fn int_type(&self, e: Handle<Expr>) -> Option<(u8, bool)> {
        self.int_of(self.f.exprs[e].ty)
    }

    fn int_of(&self, t: Handle<Type>) -> Option<(u8, bool)> {
        match self.types.as_scalar(t)? {
            Scalar::Int { width, signed } => Some((width, signed)),
            Scalar::Bool => Some((1, false)),
            Scalar::Float { .. } => None,
        }
    }

    fn local_of(&self, place: Handle<Expr>) -> Option<Handle<Local>> {
        match self.f.exprs[place].kind {
            ExprKind::Local(l) => Some(l),
            _ => None,
        }
    }

    /// A constant expression's value.
    fn constant(&self, e: Handle<Expr>) -> Option<i128> {
        if !self.pure(e) || self.mentions_local(e) {
            return None;
        }
        // No counter: any local handle works (none is read).
        self.eval_inner(e, None, 0)
    }

    fn mentions_local(&self, e: Handle<Expr>) -> bool {
        matches!(self.f.exprs[e].kind, ExprKind::Local(_))
            || self.f.exprs[e]
                .kind
                .operands()
                .into_iter()
                .any(|o| self.mentions_local(o))
    }

    /// Whether `e` only reads (no assignment, call or memory access but a local's load).
    fn pure(&self, e: Handle<Expr>) -> bool {
        match &self.f.exprs[e].kind {
            ExprKind::IntConst(_) | ExprKind::BoolConst(_) => true,
            ExprKind::Load(p) => matches!(self.f.exprs[*p].kind, ExprKind::Local(_)),
            ExprKind::Cast { operand: a, .. } | ExprKind::Unary(_, a) => self.pure(*a),
            ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
                self.pure(*a) && self.pure(*b)
            }
            _ => false,
        }
    }

    fn eval(&self, e: Handle<Expr>, counter: Handle<Local>, v: i128) -> Option<i128> {
        self.eval_inner(e, Some(counter), v)
    }

    /// The value of `e` with `counter` holding `v` (normalized to `e`'s type).
    fn eval_inner(&self, e: Handle<Expr>, counter: Option<Handle<Local>>, v: i128) -> Option<i128> {
        let (w, s) = self.int_type(e)?;
        let x = match &self.f.exprs[e].kind {
            ExprKind::IntConst(bits) => *bits as i128,
            ExprKind::BoolConst(b) => i128::from(*b),
            ExprKind::Load(p) => match self.f.exprs[*p].kind {
                ExprKind::Local(l) if Some(l) == counter => v,
                _ => return None,
            },
            ExprKind::Cast { kind, operand, .. } => {
                let x = self.eval_inner(*operand, counter, v)?;
                match kind {
                    CastKind::ToBool => i128::from(x != 0),
                    CastKind::IntToInt | CastKind::BoolToInt => x,
                    _ => return None,
                }
            }
            ExprKind::Unary(op, a) => {
                let x = self.eval_inner(*a, counter, v)?;
                match op {
                    UnaryOp::Neg => -x,
                    UnaryOp::BitNot => !x,
                    UnaryOp::LogicalNot => i128::from(x == 0),
                }
            }
            ExprKind::Logical(op, a, b) => {
                let a = self.eval_inner(*a, counter, v)? != 0;
                let b = self.eval_inner(*b, counter, v)? != 0;
                i128::from(match op {
                    crate::ast::LogicalOp::And => a && b,
                    crate::ast::LogicalOp::Or => a || b,
                })
            }
            ExprKind::Binary(op, a, b) => {
                let (ta, x) = (self.int_type(*a)?, self.eval_inner(*a, counter, v)?);
                let y = self.eval_inner(*b, counter, v)?;
                binary(*op, x, y, ta)?
            }
            _ => return None,
        };
        Some(normalize(x, w, s))
    }

    /// The counter's value after the step expression `e`.
    fn step(&self, e: Handle<Expr>, counter: Handle<Local>, v: i128) -> Option<i128> {
        let is_counter = |p: Handle<Expr>| self.local_of(p) == Some(counter);
        let (w, s) = self.int_of(self.f.locals[counter].ty.ty)?;
        let next = match &self.f.exprs[e].kind {
            ExprKind::IncDec {
                place, increment, ..
            } if is_counter(*place) => v + if *increment { 1 } else { -1 },
            ExprKind::CompoundAssign {
                op,
                place,
                value,
                compute,
                fused: false,
            } if is_counter(*place) => {
                let t = self.int_of(*compute)?;
                let y = self.constant(*value)?;
                binary(*op, normalize(v, t.0, t.1), normalize(y, t.0, t.1), t)?
            }
            ExprKind::Assign { place, value } if is_counter(*place) && self.pure(*value) => {
                self.eval(*value, counter, v)?
            }
            _ => return None,
        };
        Some(normalize(next, w, s))
    }
}

/// `x op y` for operands of type `t` (the comparison operators give 0 or 1).
fn binary(op: BinaryOp, x: i128, y: i128, t: (u8, bool)) -> Option<i128> {
    let (w, s) = t;
    let (x, y) = (normalize(x, w, s), normalize(y, w, s));
    // OpenCL masks shift counts to the operand's width.
    let sh = (y & i128::from(w.max(1) - 1)) as u32;
    Some(match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x.checked_mul(y)?,
        BinaryOp::Div if y != 0 => x / y,
        BinaryOp::Rem if y != 0 => x % y,
        BinaryOp::Shl => x << sh,
        BinaryOp::Shr => x >> sh,
        BinaryOp::BitAnd => x & y,
        BinaryOp::BitOr => x | y,
        BinaryOp::BitXor => x ^ y,
        BinaryOp::Eq => i128::from(x == y),
        BinaryOp::Ne => i128::from(x != y),
        BinaryOp::Lt => i128::from(x < y),
        BinaryOp::Le => i128::from(x <= y),
        BinaryOp::Gt => i128::from(x > y),
        BinaryOp::Ge => i128::from(x >= y),
        _ => return None,
    })
}

/// `x` wrapped to `width` bits, sign-extended when `signed` (bool: 0 or 1).
fn normalize(x: i128, width: u8, signed: bool) -> i128 {
    if width == 1 {
        return i128::from(x & 1 != 0);
    }
    let bits = u32::from(width);
    let m = x & ((1i128 << bits) - 1);
    if signed && m >> (bits - 1) != 0 {
        m - (1i128 << bits)
    } else {
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_wrap_in_their_type() {
        assert_eq!(normalize(256, 8, false), 0);
        assert_eq!(normalize(255, 8, true), -1);
        assert_eq!(normalize(-1, 32, false), 0xffff_ffff);
        assert_eq!(normalize(1 << 31, 32, true), -(1i128 << 31));
        assert_eq!(binary(BinaryOp::Shl, 1, 33, (32, false)), Some(2));
        assert_eq!(binary(BinaryOp::Lt, -1, 0, (32, false)), Some(0));
        assert_eq!(binary(BinaryOp::Lt, -1, 0, (32, true)), Some(1));
        assert_eq!(binary(BinaryOp::Div, 1, 0, (32, true)), None);
    }
}
