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
            // The `ll` forms take `long long`, which is 128 bits in OpenCL C: their operands
            // are rejected as that type.
            "popcount" | "popcountl" | "popcountll" | "popcountg" | "clz" | "clzl" | "clzll"
            | "clzs" | "clzg" | "ctz" | "ctzl" | "ctzll" | "ctzs" | "ctzg" | "abs" | "labs"
            | "llabs" => {
                let base = match name {
                    "abs" | "labs" | "llabs" => "abs",
                    _ => name.trim_end_matches(['l', 'g', 's']),
                };
                let builtin = Builtin::lookup(base, 1)?;
                self.value(args.first()?, cx).and_then(|v| {
                    let r = self.unary_builtin(builtin, v, span, cx);
                    self.convert(r, ty, false, c, cx)
                })
            }
            // `clrsb(x)`: the redundant sign bits, `clz(x ^ (x >> (width - 1))) - 1`.
            "clrsb" | "clrsbl" | "clrsbll" => self.value(args.first()?, cx).and_then(|v| {
                let vt = cx.exprs[v].ty;
                let width = match self.module.types.as_scalar(vt) {
                    Some(Scalar::Int { width, .. }) => u64::from(width),
                    _ => 32,
                };
                let top = self.int_const(cx, width - 1, vt, span);
                let sign = self.bin(BinaryOp::Shr, v, top, vt, span, cx);
                let t = self.bin(BinaryOp::BitXor, v, sign, vt, span, cx);
                let clz = Builtin::lookup("clz", 1).ok_or(super::Reported)?;
                let n = self.unary_builtin(clz, t, span, cx);
                let one = self.int_const(cx, 1, vt, span);
                let r = self.bin(BinaryOp::Sub, n, one, vt, span, cx);
                self.convert(r, ty, false, c, cx)
            }),
            // `ffs(x)`: one plus the index of the lowest set bit, 0 for 0.
            "ffs" | "ffsl" | "ffsll" => self.value(args.first()?, cx).and_then(|v| {
                let vt = cx.exprs[v].ty;
                let ctz = Builtin::lookup("ctz", 1).ok_or(super::Reported);
                let ctz = self.unary_builtin(ctz?, v, span, cx);
                let one = self.int_const(cx, 1, vt, span);
                let plus = self.bin(BinaryOp::Add, ctz, one, vt, span, cx);
                let zero = self.int_const(cx, 0, vt, span);
                let int = self.int_ty();
                let is_zero = self.bin(BinaryOp::Eq, v, zero, int, span, cx);
                let r = self.push_value(
                    cx,
                    ExprKind::Conditional {
                        cond: is_zero,
                        then: zero,
                        otherwise: plus,
                    },
                    vt,
                    span,
                );
                self.convert(r, ty, false, c, cx)
            }),
            "parity" | "parityl" | "parityll" => self.value(args.first()?, cx).and_then(|v| {
                let vt = cx.exprs[v].ty;
                let popcount = Builtin::lookup("popcount", 1).ok_or(super::Reported)?;
                let n = self.unary_builtin(popcount, v, span, cx);
                let one = self.int_const(cx, 1, vt, span);
                let r = self.bin(BinaryOp::BitAnd, n, one, vt, span, cx);
                self.convert(r, ty, false, c, cx)
            }),
            "rotateleft8" | "rotateleft16" | "rotateleft32" | "rotateleft64" | "rotateright8"
            | "rotateright16" | "rotateright32" | "rotateright64" => {
                let (Some(x), Some(n)) = (args.first(), args.get(1)) else {
                    return None;
                };
                self.value(x, cx).and_then(|x| {
                    let n = self.value(n, cx)?;
                    let xt = cx.exprs[x].ty;
                    let n = self.convert(n, xt, false, c, cx)?;
                    // Right by n is left by -n: rotate() takes the count modulo the width.
                    let n = if name.starts_with("rotateright") {
                        let zero = self.int_const(cx, 0, xt, span);
                        self.bin(BinaryOp::Sub, zero, n, xt, span, cx)
                    } else {
                        n
                    };
                    let rotate = Builtin::lookup("rotate", 2).ok_or(super::Reported)?;
                    Ok(self.push_value(
                        cx,
                        ExprKind::Builtin {
                            builtin: rotate,
                            args: vec![x, n],
                        },
                        xt,
                        span,
                    ))
                })
            }
            "bitreverse8" | "bitreverse16" | "bitreverse32" | "bitreverse64" => {
                let v = self.value(args.first()?, cx);
                v.map(|v| self.bit_reverse(v, span, cx))
            }
            // Always allowed to answer "not known to be constant" (clang folds the rest).
            "constant_p" => Ok(self.int_const(cx, 0, ty, span)),
            _ => {
                // `__builtin_fabsf`, `__builtin_sqrt`, `__builtin_fmaf`…: the OpenCL math
                // function of the same name, whose overloads cover float and double.
                // The classification macros (`__builtin_isnan`…) are the relational builtins.
                let builtin = [name, name.strip_suffix('f').unwrap_or(name)]
                    .iter()
                    .find_map(|n| match Builtin::lookup(n, args.len()) {
                        Some(b @ (Builtin::Ext(_) | Builtin::Relational(_))) => Some(b),
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

    /// A one-argument builtin whose result has its argument's type.
    fn unary_builtin(
        &mut self,
        builtin: Builtin,
        v: Handle<Expr>,
        span: Span,
        cx: &mut FnCtx,
    ) -> Handle<Expr> {
        let ty = cx.exprs[v].ty;
        self.push_value(
            cx,
            ExprKind::Builtin {
                builtin,
                args: vec![v],
            },
            ty,
            span,
        )
    }

    fn bin(
        &mut self,
        op: BinaryOp,
        a: Handle<Expr>,
        b: Handle<Expr>,
        ty: Handle<Type>,
        span: Span,
        cx: &mut FnCtx,
    ) -> Handle<Expr> {
        self.push_value(cx, ExprKind::Binary(op, a, b), ty, span)
    }

    fn int_ty(&mut self) -> Handle<Type> {
        self.module.types.scalar(Scalar::Int {
            width: 32,
            signed: true,
        })
    }

    /// `__builtin_bitreverseN(x)`: the bits of `x` in reverse order, by swapping ever
    /// larger groups (SPIR-V's OpBitReverse needs the Shader capability).
    fn bit_reverse(&mut self, v: Handle<Expr>, span: Span, cx: &mut FnCtx) -> Handle<Expr> {
        let ty = cx.exprs[v].ty;
        let width = match self.module.types.as_scalar(ty) {
            Some(Scalar::Int { width, .. }) => u32::from(width),
            _ => return v,
        };
        let all = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let mut x = v;
        let mut shift = 1u32;
        while shift < width {
            // Bits whose `shift` bit of the index is clear: 0x55…, 0x33…, 0x0f0f…
            let mut mask = 0u64;
            for bit in 0..width {
                if bit & shift == 0 {
                    mask |= 1 << bit;
                }
            }
            let m = self.int_const(cx, mask & all, ty, span);
            let s = self.int_const(cx, u64::from(shift), ty, span);
            let down = self.bin(BinaryOp::Shr, x, s, ty, span, cx);
            let low = self.bin(BinaryOp::BitAnd, down, m, ty, span, cx);
            let kept = self.bin(BinaryOp::BitAnd, x, m, ty, span, cx);
            let up = self.bin(BinaryOp::Shl, kept, s, ty, span, cx);
            x = self.bin(BinaryOp::BitOr, low, up, ty, span, cx);
            shift *= 2;
        }
        x
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
