//! Builtins outside OpenCL's core library that real kernels call: clang's
//! target-independent `__builtin_*` functions (from headers written for several compilers)
//! and the `cl_khr_integer_dot_product` functions clang declares for SPIR-V targets. SPIR-V
//! 1.0 has no instruction for some of them, so each becomes the AST's own operations or an
//! OpenCL builtin with the same result.

use super::{FnCtx, Lowerer, R};
use crate::front::clang::Cursor;
use clang_sys::*;
use clc_passes::ast::{BinaryOp, Builtin, CastKind, Expr, ExprKind, Handle, Scalar, Type};
use clc_passes::diag::Span;

/// Signedness of the two operands of an integer dot product.
#[derive(Clone, Copy)]
struct DotSigns {
    a: bool,
    b: bool,
}

impl Lowerer<'_, '_> {
    /// Lowers a call of `name` if it is one of the builtins of this module; `None` leaves
    /// the call to the caller's diagnostics.
    pub(super) fn extension_call(
        &mut self,
        c: &Cursor<'_>,
        name: &str,
        args: &[Cursor<'_>],
        ty: Handle<Type>,
        cx: &mut FnCtx,
        span: Span,
    ) -> Option<R<Handle<Expr>>> {
        if let Some(rest) = name.strip_prefix("__builtin_") {
            // `__builtin_inff()`, `__builtin_nanf("")`, `__builtin_popcount(12)`: constants.
            if let Some(e) = self.folded(c, cx) {
                return Some(Ok(e));
            }
            return self.clang_builtin(c, rest, args, ty, cx, span);
        }
        if name.starts_with("dot") && args.len() >= 2 {
            return self.integer_dot(name, args, ty, cx, span);
        }
        None
    }

    fn clang_builtin(
        &mut self,
        c: &Cursor<'_>,
        name: &str,
        args: &[Cursor<'_>],
        ty: Handle<Type>,
        cx: &mut FnCtx,
        span: Span,
    ) -> Option<R<Handle<Expr>>> {
        let r = match name {
            // Hints: the value of the first operand. Their other operands are constants.
            "expect" | "expect_with_probability" => {
                let first = args.first()?;
                self.value(first, cx)
                    .and_then(|v| self.convert(v, ty, false, c, cx))
            }
            // Assumptions only allow optimizations; clang discards side effects in the
            // operand of `__builtin_assume`, so nothing is evaluated.
            "assume" | "unreachable" => {
                let int = self.module.types.scalar(Scalar::Int {
                    width: 32,
                    signed: true,
                });
                Ok(self.int_const(cx, 0, int, span))
            }
            "bswap16" | "bswap32" | "bswap64" => {
                let v = self.value(args.first()?, cx);
                v.map(|v| self.byte_swap(v, span, cx))
            }
            "popcount" | "popcountl" | "popcountll" | "popcountg" | "clz" | "clzl" | "clzll"
            | "ctz" | "ctzl" | "ctzll" => {
                let base = name.trim_end_matches(['l', 'g']);
                let builtin = Builtin::lookup(base, 1)?;
                self.value(args.first()?, cx).and_then(|v| {
                    let arg_ty = cx.exprs[v].ty;
                    let r = self.push_value(
                        cx,
                        ExprKind::Builtin {
                            builtin,
                            args: vec![v],
                        },
                        arg_ty,
                        span,
                    );
                    self.convert(r, ty, false, c, cx)
                })
            }
            _ => {
                // `__builtin_fabsf`, `__builtin_sqrt`, `__builtin_fmaf`…: the OpenCL math
                // function of the same name, whose overloads cover float and double.
                let builtin = [name, name.strip_suffix('f').unwrap_or(name)]
                    .iter()
                    .find_map(|n| match Builtin::lookup(n, args.len()) {
                        Some(b @ Builtin::Ext(_)) => Some(b),
                        _ => None,
                    })?;
                let mut values = Vec::new();
                for a in args {
                    match self.value(a, cx) {
                        Ok(v) => values.push(v),
                        Err(e) => return Some(Err(e)),
                    }
                }
                Ok(self.push_value(
                    cx,
                    ExprKind::Builtin {
                        builtin,
                        args: values,
                    },
                    ty,
                    span,
                ))
            }
        };
        Some(r)
    }

    /// `__builtin_bswapN(x)`: the bytes of `x` in reverse order, by shifts and masks.
    fn byte_swap(&mut self, v: Handle<Expr>, span: Span, cx: &mut FnCtx) -> Handle<Expr> {
        let ty = cx.exprs[v].ty;
        let bytes = match self.module.types.as_scalar(ty) {
            Some(Scalar::Int { width, .. }) => u32::from(width / 8),
            _ => 1,
        };
        let mut acc: Option<Handle<Expr>> = None;
        for k in 0..bytes {
            let shift = self.int_const(cx, u64::from(8 * k), ty, span);
            let down = self.push_value(cx, ExprKind::Binary(BinaryOp::Shr, v, shift), ty, span);
            let mask = self.int_const(cx, 0xff, ty, span);
            let byte =
                self.push_value(cx, ExprKind::Binary(BinaryOp::BitAnd, down, mask), ty, span);
            let to = self.int_const(cx, u64::from(8 * (bytes - 1 - k)), ty, span);
            let moved = self.push_value(cx, ExprKind::Binary(BinaryOp::Shl, byte, to), ty, span);
            acc = Some(match acc {
                None => moved,
                Some(a) => {
                    self.push_value(cx, ExprKind::Binary(BinaryOp::BitOr, a, moved), ty, span)
                }
            });
        }
        acc.unwrap_or(v)
    }

    /// `cl_khr_integer_dot_product`: `dot`/`dot_acc_sat` on `uchar4`/`char4` and the
    /// `…_4x8packed_{uu,ss,us,su}_{uint,int}` forms on bytes packed in a `uint`. Each is
    /// the sum of the four widened products, which cannot overflow the result type; the
    /// accumulating forms add it to `acc` with saturation.
    fn integer_dot(
        &mut self,
        name: &str,
        args: &[Cursor<'_>],
        ty: Handle<Type>,
        cx: &mut FnCtx,
        span: Span,
    ) -> Option<R<Handle<Expr>>> {
        let (accumulate, rest) = match name.strip_prefix("dot_acc_sat") {
            Some(rest) => (true, rest),
            None => (false, name.strip_prefix("dot")?),
        };
        let packed = match rest {
            "" => None,
            _ => Some(match rest.strip_prefix("_4x8packed_")? {
                "uu_uint" => DotSigns { a: false, b: false },
                "ss_int" => DotSigns { a: true, b: true },
                "us_int" => DotSigns { a: false, b: true },
                "su_int" => DotSigns { a: true, b: false },
                _ => return None,
            }),
        };
        if args.len() != 2 + usize::from(accumulate) {
            return None;
        }
        let char4 = |c: &Cursor<'_>| {
            let t = c.ty().canonical();
            (t.kind() == CXType_ExtVector && t.num_elements() == 4)
                .then(|| t.element().kind())
                .and_then(|k| match k {
                    CXType_Char_S | CXType_SChar => Some(true),
                    CXType_Char_U | CXType_UChar => Some(false),
                    _ => None,
                })
        };
        // Unpacked forms only take 8-bit vectors; `dot` on floats is the core builtin.
        let signs = match packed {
            Some(s) => s,
            None => DotSigns {
                a: char4(&args[0])?,
                b: char4(&args[1])?,
            },
        };
        Some(self.dot_sum(args, signs, packed.is_some(), accumulate, ty, cx, span))
    }

    #[allow(clippy::too_many_arguments)]
    fn dot_sum(
        &mut self,
        args: &[Cursor<'_>],
        signs: DotSigns,
        packed: bool,
        accumulate: bool,
        ty: Handle<Type>,
        cx: &mut FnCtx,
        span: Span,
    ) -> R<Handle<Expr>> {
        let a = self.value(&args[0], cx)?;
        let b = self.value(&args[1], cx)?;
        let mut sum: Option<Handle<Expr>> = None;
        for k in 0..4u8 {
            let x = self.dot_component(a, k, signs.a, packed, ty, span, cx);
            let y = self.dot_component(b, k, signs.b, packed, ty, span, cx);
            let p = self.push_value(cx, ExprKind::Binary(BinaryOp::Mul, x, y), ty, span);
            sum = Some(match sum {
                None => p,
                Some(s) => self.push_value(cx, ExprKind::Binary(BinaryOp::Add, s, p), ty, span),
            });
        }
        let sum = sum.unwrap_or(a);
        if !accumulate {
            return Ok(sum);
        }
        let acc = self.value(&args[2], cx)?;
        let acc = self.convert(acc, ty, false, &args[2], cx)?;
        let Some(add_sat) = Builtin::lookup("add_sat", 2) else {
            return self.unsupported(&args[2], "dot_acc_sat without add_sat");
        };
        Ok(self.push_value(
            cx,
            ExprKind::Builtin {
                builtin: add_sat,
                args: vec![acc, sum],
            },
            ty,
            span,
        ))
    }

    /// Component `k` of a dot-product operand, widened to `ty`: lane `k` of a 4-vector, or
    /// byte `k` (bits 8k…8k+7) of a packed `uint`, read as signed or unsigned.
    #[allow(clippy::too_many_arguments)]
    fn dot_component(
        &mut self,
        v: Handle<Expr>,
        k: u8,
        signed: bool,
        packed: bool,
        ty: Handle<Type>,
        span: Span,
        cx: &mut FnCtx,
    ) -> Handle<Expr> {
        let byte_ty = self.module.types.scalar(Scalar::Int { width: 8, signed });
        let byte = if packed {
            let vt = cx.exprs[v].ty;
            let shift = self.int_const(cx, u64::from(8 * k), vt, span);
            let down = self.push_value(cx, ExprKind::Binary(BinaryOp::Shr, v, shift), vt, span);
            self.cast(down, CastKind::IntToInt, byte_ty, span, cx)
        } else {
            let Type::Vector { elem, .. } = self.module.types.get(cx.exprs[v].ty).clone() else {
                return v;
            };
            let elem_ty = self.module.types.scalar(elem);
            let lane = self.push_value(
                cx,
                ExprKind::Swizzle {
                    base: v,
                    indices: vec![k],
                },
                elem_ty,
                span,
            );
            if elem_ty == byte_ty {
                lane
            } else {
                self.cast(lane, CastKind::IntToInt, byte_ty, span, cx)
            }
        };
        self.cast(byte, CastKind::IntToInt, ty, span, cx)
    }

    fn cast(
        &mut self,
        v: Handle<Expr>,
        kind: CastKind,
        to: Handle<Type>,
        span: Span,
        cx: &mut FnCtx,
    ) -> Handle<Expr> {
        self.push_value(
            cx,
            ExprKind::Cast {
                kind,
                operand: v,
                explicit: true,
            },
            to,
            span,
        )
    }
}
