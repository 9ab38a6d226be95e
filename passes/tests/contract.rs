//! `contract-fp` on hand-built ASTs: which shapes become one fused multiply-add (clang's
//! shapes, see `passes/src/contract.rs`), with which negations, and what stays two roundings.

mod common;
use clc_passes::ast::{FpContract, UnaryOp};
use common::*;

/// A kernel with float parameters `a`, `b`, `c`; `body` adds expression statements and
/// returns the handles to inspect after the pipeline.
fn fused(body: impl FnOnce(&mut Fb<'_>, [Handle<Expr>; 3]) -> Vec<Handle<Expr>>) -> Vec<ExprKind> {
    let mut b = Mb::new(LangVersion::Cl12);
    let float = b.m.types.scalar(Scalar::Float { width: 32 });
    let mut k = b.kernel("k", at(1, 13));
    let names = ["a", "b", "c"];
    let params = names.map(|n| k.param(n, float, Some(Private), at(1, 20)));
    let loads = params.map(|p| {
        let place = k.local(p, at(2, 5));
        k.load(place)
    });
    let inspect = body(&mut k, loads);
    let f = k.finish();
    let checked = clean(b.m);
    let func = &checked.module.functions[f];
    inspect
        .iter()
        .map(|&h| func.exprs[h].kind.clone())
        .collect()
}

fn bin(k: &mut Fb<'_>, op: BinaryOp, l: Handle<Expr>, r: Handle<Expr>) -> Handle<Expr> {
    let ty = k.f.exprs[l].ty;
    let e = k.value(ExprKind::Binary(op, l, r), ty, at(3, 9));
    k.expr_stmt(e)
}

/// A fused node's factors, addend and flags (negate product, negate addend, addend first).
type Fused = (Handle<Expr>, Handle<Expr>, Handle<Expr>, [bool; 3]);

fn fma(kind: &ExprKind) -> Option<Fused> {
    match *kind {
        ExprKind::FusedMulAdd {
            a,
            b,
            c,
            negate_product,
            negate_addend,
            addend_first,
        } => Some((a, b, c, [negate_product, negate_addend, addend_first])),
        _ => None,
    }
}

#[test]
fn a_product_feeding_an_addition_is_fused_left_operand_first() {
    let mut seen = Vec::new();
    let kinds = fused(|k, [a, b, c]| {
        let p = k.value(
            ExprKind::Binary(BinaryOp::Mul, a, b),
            k.f.exprs[a].ty,
            at(3, 7),
        );
        let q = k.value(
            ExprKind::Binary(BinaryOp::Mul, c, a),
            k.f.exprs[a].ty,
            at(3, 11),
        );
        seen = vec![a, b, c, q];
        vec![bin(k, BinaryOp::Add, p, q)]
    });
    let [a, b, _, q] = seen[..] else {
        unreachable!()
    };
    assert_eq!(fma(&kinds[0]), Some((a, b, q, [false, false, false])));
}

#[test]
fn subtraction_and_negation_negate_the_factor_or_the_addend_as_clang_does() {
    let mut seen = Vec::new();
    let kinds = fused(|k, [a, b, c]| {
        let ty = k.f.exprs[a].ty;
        let mul = |k: &mut Fb<'_>| k.value(ExprKind::Binary(BinaryOp::Mul, a, b), ty, at(4, 1));
        seen = vec![a, b, c];
        // a*b - c, c - a*b, -(a*b) + c, c - -(a*b)
        let p1 = mul(k);
        let e1 = bin(k, BinaryOp::Sub, p1, c);
        let p2 = mul(k);
        let e2 = bin(k, BinaryOp::Sub, c, p2);
        let p3 = mul(k);
        let n3 = k.value(ExprKind::Unary(UnaryOp::Neg, p3), ty, at(4, 2));
        let e3 = bin(k, BinaryOp::Add, n3, c);
        let p4 = mul(k);
        let n4 = k.value(ExprKind::Unary(UnaryOp::Neg, p4), ty, at(4, 3));
        let e4 = bin(k, BinaryOp::Sub, c, n4);
        vec![e1, e2, e3, e4]
    });
    let [a, b, c] = seen[..] else { unreachable!() };
    assert_eq!(fma(&kinds[0]), Some((a, b, c, [false, true, false])));
    assert_eq!(fma(&kinds[1]), Some((a, b, c, [true, false, true])));
    assert_eq!(fma(&kinds[2]), Some((a, b, c, [true, false, false])));
    assert_eq!(fma(&kinds[3]), Some((a, b, c, [false, false, true])));
}

#[test]
fn off_constants_double_negation_and_converted_products_stay_unfused() {
    let kinds = fused(|k, [a, b, c]| {
        let ty = k.f.exprs[a].ty;
        let p = k.value(ExprKind::Binary(BinaryOp::Mul, a, b), ty, at(5, 1));
        let off = bin(k, BinaryOp::Add, p, c);
        k.f.exprs[off].contract = FpContract::Off;
        let two = k.value(ExprKind::FloatConst(2.0), ty, at(5, 2));
        let three = k.value(ExprKind::FloatConst(0.1), ty, at(5, 3));
        let folded = k.value(ExprKind::Binary(BinaryOp::Mul, two, three), ty, at(5, 4));
        let constant = bin(k, BinaryOp::Add, folded, c);
        let p2 = k.value(ExprKind::Binary(BinaryOp::Mul, a, b), ty, at(5, 5));
        let n = k.value(ExprKind::Unary(UnaryOp::Neg, p2), ty, at(5, 6));
        let nn = k.value(ExprKind::Unary(UnaryOp::Neg, n), ty, at(5, 7));
        let double_neg = bin(k, BinaryOp::Add, nn, c);
        let double = k.m.types.scalar(Scalar::Float { width: 64 });
        let p3 = k.value(ExprKind::Binary(BinaryOp::Mul, a, b), ty, at(5, 8));
        let widen = |k: &mut Fb<'_>, operand| {
            let kind = ExprKind::Cast {
                kind: CastKind::FloatToFloat,
                operand,
                explicit: false,
            };
            k.value(kind, double, at(5, 9))
        };
        let wide = widen(k, p3);
        let cd = widen(k, c);
        let converted = bin(k, BinaryOp::Add, wide, cd);
        vec![off, constant, double_neg, converted]
    });
    for kind in &kinds {
        assert!(
            matches!(kind, ExprKind::Binary(BinaryOp::Add, ..)),
            "{kind:?}"
        );
    }
}

#[test]
fn compound_assignment_of_a_product_is_fused_with_the_current_value() {
    let kinds = fused(|k, [a, b, _]| {
        let ty = k.f.exprs[a].ty;
        let x = k.var("x", ty, Some(Private), at(6, 1), None);
        let place = k.local(x, at(6, 2));
        let p = k.value(ExprKind::Binary(BinaryOp::Mul, a, b), ty, at(6, 3));
        vec![k.add_assign(place, p, at(6, 4))]
    });
    assert!(
        matches!(kinds[0], ExprKind::CompoundAssign { fused: true, .. }),
        "{:?}",
        kinds[0]
    );
}
