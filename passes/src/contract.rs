//! `contract-fp`: fuses a floating-point product that feeds an addition or a subtraction in
//! the same expression into one multiply-add rounded once ([`ExprKind::FusedMulAdd`], or a
//! fused [`ExprKind::CompoundAssign`]), wherever the FP_CONTRACT state of the addition is
//! not `Off`.
//!
//! OpenCL C turns `FP_CONTRACT` on by default, and clang contracts exactly these shapes (its
//! `tryEmitFMulAdd`, at every optimization level); clc follows it shape for shape, so the
//! same source gives bit-identical results under clang and clc:
//! - `a * b ± c` and `c ± a * b`, the left operand tried first, so `a * b + c * d` fuses
//!   `a * b`; parentheses and no-op casts around the product do not matter;
//! - one negation of the product is absorbed: `-(a * b) + c` is `fma(-a, b, c)`;
//! - `x += a * b` and `x -= a * b` fuse with the current value of `x` as the addend;
//! - a product whose factors are both constants is not fused: clang folds it first. Its
//!   constants are literals, and reads of `const` variables with constant initializers;
//! - nothing across statements: `p = a * b; p + c` stays two roundings, and so does a product
//!   converted first (`(double)(a * b) + d`, or a scalar product added to a vector).
//!
//! Precondition: expression trees, each node used by one parent (as the front end builds
//! them), so the product a fused node replaces has no other user.

use crate::ast::{
    BinaryOp, Block, CastKind, ExprKind, FpContract, Function, GlobalInit, Handle, Init, Local,
    Module, Scalar, StmtKind, Type, UnaryOp,
};
use crate::ast::{ConstValue, Expr};
use rustc_hash::FxHashMap;

/// A product `a * b`, possibly negated, as an operand of an addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Product {
    /// First factor.
    pub a: Handle<Expr>,
    /// Second factor.
    pub b: Handle<Expr>,
    /// Written as `-(a * b)`.
    pub negated: bool,
}

/// The product `e` computes, looking through no-op casts and one negation, as clang sees an
/// `fmul` (or `fneg` of one) behind an operand. Only floating-point products count.
pub fn product(m: &Module, f: &Function, e: Handle<Expr>) -> Option<Product> {
    let e = skip_noop_casts(f, e);
    if let ExprKind::Unary(UnaryOp::Neg, x) = f.exprs[e].kind {
        return multiplication(m, f, skip_noop_casts(f, x)).map(|(a, b)| Product {
            a,
            b,
            negated: true,
        });
    }
    multiplication(m, f, e).map(|(a, b)| Product {
        a,
        b,
        negated: false,
    })
}

fn multiplication(
    m: &Module,
    f: &Function,
    e: Handle<Expr>,
) -> Option<(Handle<Expr>, Handle<Expr>)> {
    match f.exprs[e].kind {
        ExprKind::Binary(BinaryOp::Mul, a, b) if is_float(m, f.exprs[e].ty) => Some((a, b)),
        _ => None,
    }
}

fn skip_noop_casts(f: &Function, mut e: Handle<Expr>) -> Handle<Expr> {
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

fn is_float(m: &Module, t: Handle<Type>) -> bool {
    matches!(
        m.types.get(t),
        Type::Scalar(Scalar::Float { .. })
            | Type::Vector {
                elem: Scalar::Float { .. },
                ..
            }
    )
}

/// Whether some floating-point addition, subtraction or multiplication is under
/// `FP_CONTRACT OFF`, so that nothing may contract it.
pub fn forbids_contraction(m: &Module) -> bool {
    m.functions.iter().any(|(_, f)| {
        f.exprs.iter().any(|(_, e)| {
            e.contract == FpContract::Off
                && match e.kind {
                    ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul, ..) => {
                        is_float(m, e.ty)
                    }
                    ExprKind::CompoundAssign {
                        op: BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul,
                        compute,
                        ..
                    } => is_float(m, compute),
                    _ => false,
                }
        })
    })
}

/// Runs the pass on every function.
pub fn run(module: &mut Module) {
    let mut functions = std::mem::take(&mut module.functions);
    for (_, f) in functions.iter_mut() {
        function(module, f);
    }
    module.functions = functions;
}

fn function(m: &Module, f: &mut Function) {
    let mut const_inits = FxHashMap::default();
    constant_initializers(f, &f.body, &mut const_inits);
    let constant = constants(m, f, &const_inits);
    let mut rewrites = Vec::new();
    for (h, e) in f.exprs.iter() {
        if e.contract == FpContract::Off {
            continue;
        }
        let fusible = |p: &Product| !(constant[p.a.index()] && constant[p.b.index()]);
        match e.kind {
            ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), l, r) if is_float(m, e.ty) => {
                let sub = op == BinaryOp::Sub;
                let kind = if let Some(p) = product(m, f, l).filter(fusible) {
                    ExprKind::FusedMulAdd {
                        a: p.a,
                        b: p.b,
                        c: r,
                        negate_product: p.negated,
                        negate_addend: sub,
                        addend_first: false,
                    }
                } else if let Some(p) = product(m, f, r).filter(fusible) {
                    ExprKind::FusedMulAdd {
                        a: p.a,
                        b: p.b,
                        c: l,
                        negate_product: sub != p.negated,
                        negate_addend: false,
                        addend_first: true,
                    }
                } else {
                    continue;
                };
                rewrites.push((h, kind));
            }
            ExprKind::CompoundAssign {
                op: BinaryOp::Add | BinaryOp::Sub,
                value,
                compute,
                fused: false,
                ..
            } => {
                // The addend is the place's value converted to `compute`; the product must
                // already have that type (a converted product is no longer an `fmul`).
                let same_type = f.exprs[skip_noop_casts(f, value)].ty == compute;
                if is_float(m, compute)
                    && product(m, f, value).is_some_and(|p| fusible(&p))
                    && same_type
                {
                    let mut kind = e.kind.clone();
                    if let ExprKind::CompoundAssign { fused, .. } = &mut kind {
                        *fused = true;
                    }
                    rewrites.push((h, kind));
                }
            }
            _ => {}
        }
    }
    for (h, kind) in rewrites {
        f.exprs[h].kind = kind;
    }
}

/// The initializers of `const` locals, which clang reads as constants when they are.
fn constant_initializers(
    f: &Function,
    b: &Block,
    out: &mut FxHashMap<Handle<Local>, Handle<Expr>>,
) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Decl {
                local,
                init: Some(Init::Expr(e)),
            } if f.locals[*local].ty.is_const => {
                out.insert(*local, *e);
            }
            StmtKind::Block(b) => constant_initializers(f, b, out),
            StmtKind::If {
                then, otherwise, ..
            } => {
                constant_initializers(f, then, out);
                if let Some(o) = otherwise {
                    constant_initializers(f, o, out);
                }
            }
            StmtKind::Loop { init, body, .. } => {
                constant_initializers(f, init, out);
                constant_initializers(f, body, out);
            }
            StmtKind::Switch { cases, .. } => {
                for c in cases {
                    constant_initializers(f, &c.body, out);
                }
            }
            _ => {}
        }
    }
}

/// Which expressions clang's code generation folds to constants before it could see a
/// product: literals, conversions and arithmetic of constants, and reads of `const`
/// variables with constant initializers. One pass in arena order (operands come first), so
/// deep expressions cost no recursion.
fn constants(
    m: &Module,
    f: &Function,
    inits: &FxHashMap<Handle<Local>, Handle<Expr>>,
) -> Vec<bool> {
    let mut is = Vec::with_capacity(f.exprs.len());
    for (h, e) in f.exprs.iter() {
        let known = |x: Handle<Expr>| is.get(x.index()).copied().unwrap_or(false);
        let constant = match &e.kind {
            ExprKind::IntConst(_) | ExprKind::FloatConst(_) | ExprKind::BoolConst(_) => true,
            ExprKind::Cast { operand, .. } | ExprKind::Unary(_, operand) => known(*operand),
            ExprKind::Binary(_, a, b) => known(*a) && known(*b),
            ExprKind::Load(p) => match f.exprs[*p].kind {
                ExprKind::Local(l) => inits.get(&l).is_some_and(|&i| i < h && known(i)),
                ExprKind::Global(g) => {
                    let g = &m.globals[g];
                    g.ty.is_const
                        && matches!(
                            g.init,
                            GlobalInit::Const(ConstValue::Int(_) | ConstValue::Float(_))
                        )
                }
                _ => false,
            },
            _ => false,
        };
        is.push(constant);
    }
    is
}
