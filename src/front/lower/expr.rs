//! Expressions. Each clang implicit cast is its own `UnexposedExpr` cursor; it becomes an
//! explicit [`ExprKind::Load`] (lvalue → rvalue), [`CastKind::ArrayToPointer`] or a value
//! conversion whose kind is decided from the canonical source and target types.

use super::{FnCtx, Lowerer, R};
use crate::front::clang::{Cursor, EvalValue};
use clang_sys::*;
use clc_passes::ast::{
    AddressSpace, BinaryOp, Builtin, CastKind, Category, ConstValue, Expr, ExprKind, Global,
    GlobalInit, Handle, LogicalOp, QualType, Scalar, Swizzle, Type, UnaryOp,
};
use clc_passes::diag::Span;

/// The deepest expression nesting clc accepts; also clang's bracket depth (`-fbracket-depth`).
/// libclang parses on the compiler thread (`LIBCLANG_NOTHREADS`, see `front::clang`), so
/// clang's recursion and clc's own walks share that thread's stack, which this depth fits.
pub const MAX_EXPR_DEPTH: u32 = 100_000;

impl Lowerer<'_, '_> {
    pub(super) fn push(
        &mut self,
        cx: &mut FnCtx,
        kind: ExprKind,
        ty: Handle<Type>,
        category: Category,
        span: Span,
    ) -> Handle<Expr> {
        let contract = self.fp_contract_at(span);
        cx.exprs.append(Expr {
            kind,
            ty,
            category,
            span,
            contract,
        })
    }

    pub(super) fn push_value(
        &mut self,
        cx: &mut FnCtx,
        kind: ExprKind,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expr> {
        self.push(cx, kind, ty, Category::Value, span)
    }

    /// Lowers `c` and reads it if it is a place.
    pub(super) fn value(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let e = self.expr(c, cx)?;
        Ok(self.as_value(e, cx))
    }

    pub(super) fn as_value(&mut self, e: Handle<Expr>, cx: &mut FnCtx) -> Handle<Expr> {
        let x = &cx.exprs[e];
        match x.category {
            Category::Place { .. } => {
                let (ty, span) = (x.ty, x.span);
                self.push_value(cx, ExprKind::Load(e), ty, span)
            }
            Category::Value => e,
        }
    }

    fn place(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let e = self.expr(c, cx)?;
        if matches!(cx.exprs[e].category, Category::Value) {
            return self.unsupported(c, "this expression as an lvalue");
        }
        Ok(e)
    }

    pub(super) fn int_const(
        &mut self,
        cx: &mut FnCtx,
        v: u64,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expr> {
        let kind = match self.module.types.get(ty) {
            Type::Scalar(Scalar::Bool) => ExprKind::BoolConst(v != 0),
            Type::Scalar(Scalar::Int { width, .. }) => ExprKind::IntConst(truncate(v, *width)),
            Type::Scalar(Scalar::Float { .. }) => ExprKind::FloatConst(v as i64 as f64),
            _ => ExprKind::IntConst(v),
        };
        self.push_value(cx, kind, ty, span)
    }

    /// Lowers an expression as written: places stay places.
    pub(super) fn expr(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        // Every later stage recurses over expressions too; bound the depth once, here.
        if cx.expr_depth >= MAX_EXPR_DEPTH {
            return self.unsupported(
                c,
                format!("expressions nested more than {MAX_EXPR_DEPTH} levels deep"),
            );
        }
        cx.expr_depth += 1;
        // Operator chains recurse through here once per operator, tens of thousands deep in
        // generated code: binary operators skip `expr_inner`, whose frame is large in an
        // unoptimized build (a build script's), so that the chain touches less stack.
        // (Their span comes with their operands.)
        let r = if c.kind() == CXCursor_BinaryOperator {
            self.binary(c, cx)
        } else {
            self.expr_inner(c, cx)
        };
        cx.expr_depth -= 1;
        r
    }

    fn expr_inner(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let span = self.span(c);
        match c.kind() {
            CXCursor_IntegerLiteral
            | CXCursor_CharacterLiteral
            | CXCursor_CXXBoolLiteralExpr
            | CXCursor_UnaryExpr => {
                let ty = self.ty(c.ty(), c)?;
                match c.evaluate() {
                    Some(EvalValue::Int(v)) => Ok(self.int_const(cx, v, ty, span)),
                    _ => self.unsupported(c, "this constant expression"),
                }
            }
            CXCursor_FloatingLiteral => {
                let ty = self.ty(c.ty(), c)?;
                match c.evaluate() {
                    Some(EvalValue::Float(v)) => {
                        Ok(self.push_value(cx, ExprKind::FloatConst(v), ty, span))
                    }
                    _ => self.unsupported(c, "this floating-point literal"),
                }
            }
            CXCursor_StringLiteral => {
                let g = self.string_literal(c)?;
                let ty = self.module.globals[g].ty.ty;
                let cat = Category::Place {
                    space: Some(AddressSpace::Constant),
                    is_const: true,
                    is_volatile: false,
                };
                Ok(self.push(cx, ExprKind::Global(g), ty, cat, span))
            }
            CXCursor_ParenExpr => match c.expr_children().first() {
                Some(inner) => self.expr(inner, cx),
                None => self.unsupported(c, "an empty parenthesized expression"),
            },
            CXCursor_DeclRefExpr => self.decl_ref(c, cx, span),
            CXCursor_MemberRefExpr => self.member(c, cx, span),
            CXCursor_CallExpr => self.call(c, cx, span),
            CXCursor_UnaryOperator => self.unary(c, cx, span),
            CXCursor_ArraySubscriptExpr => {
                let ch = c.expr_children();
                let [a, b] = ch.as_slice() else {
                    return self.unsupported(c, "this subscript expression");
                };
                if a.ty().canonical().kind() == CXType_ExtVector {
                    return self.vector_subscript(c, a, b, cx, span);
                }
                let (a, b) = (self.value(a, cx)?, self.value(b, cx)?);
                let (base, index) = if self.module.types.as_pointer(cx.exprs[a].ty).is_some() {
                    (a, b)
                } else {
                    (b, a)
                };
                let Some((pointee, space, is_const)) =
                    self.module.types.as_pointer(cx.exprs[base].ty)
                else {
                    return self.unsupported(c, "subscripting a non-pointer (vector components)");
                };
                Ok(self.push(
                    cx,
                    ExprKind::Index { base, index },
                    pointee,
                    Category::Place {
                        space,
                        is_const,
                        is_volatile: c.ty().is_volatile(),
                    },
                    span,
                ))
            }
            CXCursor_CompoundAssignOperator => self.compound_assign(c, cx, span),
            CXCursor_ConditionalOperator => {
                let ch = c.expr_children();
                let [a, b, d] = ch.as_slice() else {
                    return self.unsupported(c, "this conditional expression");
                };
                let cond = self.value(a, cx)?;
                let then = self.value(b, cx)?;
                let otherwise = self.value(d, cx)?;
                let ty = self.ty(c.ty(), c)?;
                let ty = self.decayed(ty, &[then, otherwise], cx);
                Ok(self.push_value(
                    cx,
                    ExprKind::Conditional {
                        cond,
                        then,
                        otherwise,
                    },
                    ty,
                    span,
                ))
            }
            CXCursor_CStyleCastExpr => {
                let Some(inner) = c.expr_children().pop() else {
                    return self.unsupported(c, "this cast");
                };
                if c.ty().kind() == CXType_Void {
                    return self.expr(&inner, cx);
                }
                let v = self.value(&inner, cx)?;
                let to = self.ty(c.ty(), c)?;
                self.convert(v, to, true, c, cx)
            }
            CXCursor_UnexposedExpr => self.unexposed(c, cx),
            CXCursor_CompoundLiteralExpr => self.compound_literal(c, cx),
            CXCursor_InitListExpr => self.unsupported(c, "an initializer list in this position"),
            _ => match self.folded(c, cx) {
                Some(e) => Ok(e),
                None => self.unsupported(c, format!("expression ({})", c.describe())),
            },
        }
    }

    /// `v[i]` on a vector (a clang extension real code uses). A constant index is the
    /// component `v.si`; a variable one indexes the vector's storage through a pointer to
    /// its first component, so `v[i] = x` writes the vector. A vector that is not an
    /// addressable object (a value, a swizzle) is copied to a temporary and read.
    fn vector_subscript(
        &mut self,
        c: &Cursor<'_>,
        base_c: &Cursor<'_>,
        index_c: &Cursor<'_>,
        cx: &mut FnCtx,
        span: Span,
    ) -> R<Handle<Expr>> {
        let base = self.expr(base_c, cx)?;
        let vec_ty = cx.exprs[base].ty;
        let Type::Vector { elem, len } = self.module.types.get(vec_ty).clone() else {
            return self.unsupported(c, "subscripting this vector expression");
        };
        let elem_ty = self.module.types.scalar(elem);
        if let Some(EvalValue::Int(i)) = index_c.evaluate() {
            if i < u64::from(len) {
                let (base, indices, category) = match cx.exprs[base].kind.clone() {
                    ExprKind::Swizzle {
                        base: inner,
                        indices,
                    } => (inner, vec![indices[i as usize]], cx.exprs[base].category),
                    _ => (base, vec![i as u8], cx.exprs[base].category),
                };
                return Ok(self.push(
                    cx,
                    ExprKind::Swizzle { base, indices },
                    elem_ty,
                    category,
                    span,
                ));
            }
        }
        let index = self.value(index_c, cx)?;
        let place = match (cx.exprs[base].category, &cx.exprs[base].kind) {
            (_, ExprKind::Swizzle { .. }) | (Category::Value, _) => None,
            (
                Category::Place {
                    space,
                    is_const,
                    is_volatile,
                },
                _,
            ) => Some((space, is_const, is_volatile)),
        };
        let addressable = place.is_some();
        let (object, space, is_const, is_volatile) = if let Some(place) = place {
            (base, place.0, place.1, place.2)
        } else {
            let value = self.as_value(base, cx);
            let local = cx.locals.append(clc_passes::ast::Local {
                name: ".vector".into(),
                ty: QualType {
                    ty: vec_ty,
                    space: Some(AddressSpace::Private),
                    is_const: false,
                },
                span,
                is_param: false,
                scope_depth: cx.depth,
            });
            let place = Category::Place {
                space: Some(AddressSpace::Private),
                is_const: false,
                is_volatile: false,
            };
            let temp = self.push(
                cx,
                ExprKind::CompoundLiteral {
                    local,
                    init: Box::new(clc_passes::ast::Init::Expr(value)),
                },
                vec_ty,
                place,
                span,
            );
            (temp, Some(AddressSpace::Private), true, false)
        };
        let pointer = |types: &mut clc_passes::ast::Types, pointee| {
            types.intern(Type::Pointer {
                pointee,
                space,
                is_const,
                is_volatile: false,
            })
        };
        let vec_ptr = pointer(&mut self.module.types, vec_ty);
        let elem_ptr = pointer(&mut self.module.types, elem_ty);
        let address = self.push_value(cx, ExprKind::AddrOf(object), vec_ptr, span);
        let first = self.push_value(
            cx,
            ExprKind::Cast {
                kind: CastKind::PointerBitcast,
                operand: address,
                explicit: false,
            },
            elem_ptr,
            span,
        );
        let element = self.push(
            cx,
            ExprKind::Index { base: first, index },
            elem_ty,
            Category::Place {
                space,
                is_const,
                is_volatile,
            },
            span,
        );
        Ok(if addressable {
            element
        } else {
            self.as_value(element, cx)
        })
    }

    /// Implicit casts, and the builtin forms libclang reports as unexposed expressions.
    fn unexposed(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let Some(ch) = c.expr_children().into_iter().next() else {
            // `__builtin_offsetof(T, m)` and other constant forms without operands.
            return match self.folded(c, cx) {
                Some(e) => Ok(e),
                None => self.unsupported(c, "this implicit expression"),
            };
        };
        let child_kind = ch.ty().kind();
        let child_is_vector = child_kind == CXType_ExtVector;
        if child_is_vector && c.is_in_macro_body() {
            if let Some(acc) = self.swizzle_after_invocation(c, &ch) {
                return self.swizzle(c, &ch, Some(acc), cx);
            }
        }
        // (A swizzle's base is a vector: nothing else is asked of other operands.)
        if child_is_vector && self.is_macro_body_swizzle(c, &ch) {
            let key = (c.hash(), c.location().map_or(0, |l| l.offset));
            match self.macro_swizzles.get(&key).cloned() {
                Some(Some(acc)) => return self.swizzle(c, &ch, Some(acc), cx),
                // An implicit cast of a vector literal (see `pair_macro_swizzles`): lowered
                // as implicit casts are, below.
                Some(None) => {}
                None => {
                    return self
                        .unsupported(c, "a vector component access written inside a macro body")
                }
            }
        }
        if !c.same_location(&ch) {
            let first = c.first_token().unwrap_or_default();
            // In a macro body the tokens are the invocation's: a one-operand form that is not
            // a swizzle (checked above) reinterprets its operand.
            if first.starts_with("as_") || first == "__builtin_astype" || c.is_in_macro_body() {
                return self.as_type(c, &ch, cx);
            }
            // `s.member.xy`: the swizzle starts at the struct, its base at the member.
            if child_is_vector {
                return self.swizzle(c, &ch, None, cx);
            }
            // `__builtin_offsetof(T, a[i])`: its operands are the index expressions.
            if let Some(e) = self.folded(c, cx) {
                return Ok(e);
            }
            return self.unsupported(c, format!("'{first}'"));
        }
        // A swizzle (`v.xy`, `p->xy`) covers more than its base; an implicit conversion
        // covers its operand, and only a vector or a pointer can be such a base.
        if matches!(child_kind, CXType_ExtVector | CXType_Pointer) && !c.same_extent(&ch) {
            return self.swizzle(c, &ch, None, cx);
        }
        let inner = self.expr(&ch, cx)?;
        if matches!(
            c.ty().canonical().kind(),
            CXType_ConstantArray | CXType_IncompleteArray
        ) && self.module.types.as_pointer(cx.exprs[inner].ty).is_some()
        {
            // A parameter declared as an array, which libclang types as written: its value
            // is the pointer it was adjusted to.
            return Ok(self.as_value(inner, cx));
        }
        let target = self.ty(c.ty(), c)?;
        let x = &cx.exprs[inner];
        let span = x.span;
        if let Category::Place { .. } = x.category {
            if let (
                Type::Array { .. },
                Type::Pointer {
                    pointee,
                    space: None,
                    is_const,
                    is_volatile,
                },
            ) = (
                self.module.types.get(x.ty).clone(),
                self.module.types.get(target).clone(),
            ) {
                // clang leaves the pointee of a decayed unqualified object (a compound
                // literal) without a space: it is the object's.
                if let Category::Place {
                    space: Some(space), ..
                } = x.category
                {
                    let target = self.module.types.intern(Type::Pointer {
                        pointee,
                        space: Some(space),
                        is_const,
                        is_volatile,
                    });
                    return Ok(self.push_value(
                        cx,
                        ExprKind::Cast {
                            kind: CastKind::ArrayToPointer,
                            operand: inner,
                            explicit: false,
                        },
                        target,
                        span,
                    ));
                }
            }
            if let (Type::Array { .. }, Type::Pointer { .. }) =
                (self.module.types.get(x.ty), self.module.types.get(target))
            {
                return Ok(self.push_value(
                    cx,
                    ExprKind::Cast {
                        kind: CastKind::ArrayToPointer,
                        operand: inner,
                        explicit: false,
                    },
                    target,
                    span,
                ));
            }
            let loaded = self.as_value(inner, cx);
            return self.convert(loaded, target, false, c, cx);
        }
        self.convert(inner, target, false, c, cx)
    }

    /// The type of a value clang reports as `ty`: a value never has an array type, but
    /// libclang shows arithmetic on a parameter declared as an array (`R + 1`) with the
    /// array as written; the value is the pointer that the operand among `operands` has.
    fn decayed(&self, ty: Handle<Type>, operands: &[Handle<Expr>], cx: &FnCtx) -> Handle<Type> {
        if !matches!(self.module.types.get(ty), Type::Array { .. }) {
            return ty;
        }
        operands
            .iter()
            .map(|&o| cx.exprs[o].ty)
            .find(|&t| self.module.types.as_pointer(t).is_some())
            .unwrap_or(ty)
    }

    /// An arithmetic constant expression clang folds (`__builtin_offsetof`, casts of
    /// `sizeof`, …) as a literal of its type; `None` when `c` is not one.
    pub(super) fn folded(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> Option<Handle<Expr>> {
        let ty = self.ty(c.ty(), c).ok()?;
        if !matches!(self.module.types.get(ty), Type::Scalar(_)) {
            return None;
        }
        let span = self.span(c);
        Some(match c.evaluate()? {
            EvalValue::Int(v) => self.int_const(cx, v, ty, span),
            EvalValue::Float(f) => match self.module.types.get(ty) {
                Type::Scalar(Scalar::Float { .. }) => {
                    self.push_value(cx, ExprKind::FloatConst(f), ty, span)
                }
                _ => return None,
            },
        })
    }

    /// `as_T(x)`: the same bits seen as another type of the same size.
    fn as_type(&mut self, c: &Cursor<'_>, operand: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let to = self.ty(c.ty(), c)?;
        let v = self.value(operand, cx)?;
        let from = cx.exprs[v].ty;
        // SPIR-V bitcasts need equal value sizes; a 3-component vector has the storage of
        // four, but not the value bits.
        let lanes = |t| match self.module.types.get(t) {
            Type::Vector { elem, len } => u64::from(*len) * elem.size(),
            Type::Scalar(s) => s.size(),
            _ => 0,
        };
        if lanes(from) != lanes(to) || lanes(to) == 0 {
            return self.unsupported(
                c,
                "as_type between types of different value sizes (3-component vectors)",
            );
        }
        if from == to {
            return Ok(v);
        }
        let span = self.span(c);
        Ok(self.push_value(
            cx,
            ExprKind::Cast {
                kind: CastKind::Bitcast,
                operand: v,
                explicit: true,
            },
            to,
            span,
        ))
    }

    /// Whether an unexposed node with the same location and extent as its vector child is
    /// a swizzle written in a macro body rather than an implicit cast. An implicit cast
    /// never yields an lvalue (which carries an address space) and never keeps an rvalue
    /// vector's type, and a vector never converts implicitly to another shape.
    fn is_macro_swizzle(&self, c: &Cursor<'_>, ch: &Cursor<'_>) -> bool {
        let (node, child) = (c.ty(), ch.ty());
        if node.kind() != CXType_ExtVector || node.num_elements() != child.num_elements() {
            return true;
        }
        node.address_space() != 0
            || (child.address_space() == 0 && node.canonical().same(&child.canonical()))
    }

    /// Whether `c` (with first expression child `ch`) is a swizzle spelled in a macro body:
    /// a vector child, the same element type (unlike `as_T`), and not an implicit cast.
    /// The accessor of a swizzle written right after a macro invocation that expands to its
    /// vector base: `as_int4(v).s2` (the `as_T` built-ins are macros of clang's OpenCL
    /// header, so the base's tokens are spelled there and only the invocation is in the
    /// file). In the file, the swizzle's tokens are the base's, then `.` and the accessor.
    fn swizzle_after_invocation(&self, c: &Cursor<'_>, ch: &Cursor<'_>) -> Option<String> {
        let tokens = c.tokens();
        let base = ch.tokens();
        let n = base.len();
        if n == 0 || tokens.len() != n + 2 || tokens[..n] != base[..] || tokens[n] != "." {
            return None;
        }
        let acc = tokens[n + 1].clone();
        Swizzle::decode(&acc, ch.ty().num_elements() as u8)?;
        Some(acc)
    }

    pub(super) fn is_macro_body_swizzle(&self, c: &Cursor<'_>, ch: &Cursor<'_>) -> bool {
        let elem = |t: crate::front::clang::Ty<'_>| {
            let t = t.canonical();
            if t.kind() == CXType_ExtVector {
                t.element().kind()
            } else {
                t.kind()
            }
        };
        if ch.ty().kind() != CXType_ExtVector
            || ch.kind() == CXCursor_CompoundLiteralExpr
            || elem(c.ty()) != elem(ch.ty())
        {
            return false;
        }
        let swizzle_shaped =
            !c.same_location(ch) || !c.same_extent(ch) || self.is_macro_swizzle(c, ch);
        if !swizzle_shaped {
            return false;
        }
        let Some(invocation) = c.macro_invocation() else {
            return false;
        };
        let decodes =
            Swizzle::decode(&self.written_accessor(c), ch.ty().num_elements() as u8).is_some();
        if c.is_in_macro_body() {
            // The body of an `as_T` built-in (a macro of clang's OpenCL header) is
            // `__builtin_astype((x), T)`: no swizzle there. Its operand, a `ParenExpr` of the
            // same type when `x` already has type T (`as_int4(v)` of an `int4`), looks like one.
            if invocation.1.starts_with("as_") && !self.macros.contains_key(&invocation.1) {
                return false;
            }
            // The base starts in a body (`#define GETX(v) (v).x`, also as the argument of
            // a nested invocation, `PUT4(t8.lo)` in a body): the extent ends at the
            // outermost invocation's end. A swizzle written after the invocation
            // (`HADD(a, b).y`) ends beyond it, with its accessor.
            let end = c.extent_locations().map(|(_, e)| e.offset);
            let beyond = match (end, self.expansions.get(&invocation)) {
                (Some(end), Some(&inv_end)) => end > inv_end,
                _ => false,
            };
            return !(decodes && beyond);
        }
        // The base comes from an argument: a swizzle written there (`ENC(L.x)`) ends with
        // its accessor; one in the body (`#define ROUND(v) v.y += v.x`) ends at the `)`.
        !decodes
    }

    /// `base.xyz`: the accessor is the last token of the normalised extent (or `known`).
    fn swizzle(
        &mut self,
        c: &Cursor<'_>,
        base_c: &Cursor<'_>,
        known: Option<String>,
        cx: &mut FnCtx,
    ) -> R<Handle<Expr>> {
        let span = self.span(c);
        let base = self.expr(base_c, cx)?;
        // `p->xy`: components of the vector a pointer points to.
        let base = match self.module.types.as_pointer(cx.exprs[base].ty) {
            Some((pointee, ..))
                if matches!(self.module.types.get(pointee), Type::Vector { .. }) =>
            {
                self.deref(base, cx, span)
            }
            _ => base,
        };
        let Type::Vector { len, .. } = self.module.types.get(cx.exprs[base].ty).clone() else {
            return self.unsupported(c, "component access on a non-vector");
        };
        let accessor = match known {
            Some(a) => a,
            None => self.written_accessor(c),
        };
        let Some(mut indices) = Swizzle::decode(&accessor, len) else {
            return self.unsupported(c, format!("vector component access '.{accessor}'"));
        };
        let ty = self.ty(c.ty(), c)?;
        // A swizzle of a swizzle selects from the inner base directly.
        let (base, category) = match cx.exprs[base].kind.clone() {
            ExprKind::Swizzle {
                base: inner,
                indices: outer,
            } => {
                indices = indices
                    .iter()
                    .map(|&i| {
                        outer
                            .get(usize::from(i))
                            .copied()
                            .unwrap_or(Swizzle::UNDEFINED)
                    })
                    .collect();
                (inner, cx.exprs[inner].category)
            }
            _ => (base, cx.exprs[base].category),
        };
        Ok(self.push(cx, ExprKind::Swizzle { base, indices }, ty, category, span))
    }

    /// The accessor of a swizzle not spelled in a macro body: the last token where the
    /// expression was written (inside a macro argument, the argument's own tokens, not the
    /// invocation's), through the user's macros when it names the accessor indirectly.
    pub(super) fn written_accessor(&self, c: &Cursor<'_>) -> String {
        let accessor = |tokens: &[String]| {
            super::macros::trailing_accessor(&self.macros, tokens)
                .or_else(|| tokens.last().cloned())
                .unwrap_or_default()
        };
        // The spelled tokens, or the normalised ones where there are none.
        if let Some(r) = c.extent_offsets(true) {
            let cached = self.written_accessors.borrow().get(&r).cloned();
            let known = cached.unwrap_or_else(|| {
                let spelled = c.tokens_from_last_dot(r);
                let a = (!spelled.is_empty()).then(|| accessor(&spelled));
                self.written_accessors.borrow_mut().insert(r, a.clone());
                a
            });
            if let Some(a) = known {
                return a;
            }
        }
        match c.extent_offsets(false) {
            Some(r) => accessor(&c.tokens_from_last_dot(r)),
            None => accessor(&[]),
        }
    }

    /// Whether `c`, an `UnexposedExpr` whose first expression child is `ch`, is one of
    /// clang's implicit casts, which change only the type or category of the value: not a
    /// swizzle (`v.xy`), nor an explicit builtin form (`as_T`, `__builtin_offsetof`, …).
    /// REFERENCE §2.4 gives the classification this follows.
    pub(super) fn is_implicit_cast(&self, c: &Cursor<'_>, ch: &Cursor<'_>) -> bool {
        !self.is_macro_body_swizzle(c, ch) && c.same_location(ch) && c.same_extent(ch)
    }

    /// `(float4)(a, v2, b)`: each part converted to the element type.
    fn compound_literal(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let span = self.span(c);
        let ty = self.ty(c.ty(), c)?;
        let Some(list) = c
            .expr_children()
            .into_iter()
            .find(|x| x.kind() == CXCursor_InitListExpr)
        else {
            return self.unsupported(c, "this compound literal");
        };
        let Type::Vector { elem, len } = self.module.types.get(ty).clone() else {
            // `(S){ … }`: an unnamed object initialized in place.
            let init = self.init(&list, ty, cx)?;
            let q = clc_passes::ast::QualType {
                ty,
                space: Some(AddressSpace::Private),
                is_const: false,
            };
            let local = cx.locals.append(clc_passes::ast::Local {
                name: ".compoundliteral".into(),
                ty: q,
                span,
                is_param: false,
                scope_depth: cx.depth,
            });
            let cat = Category::Place {
                space: Some(AddressSpace::Private),
                is_const: false,
                is_volatile: false,
            };
            return Ok(self.push(
                cx,
                ExprKind::CompoundLiteral {
                    local,
                    init: Box::new(init),
                },
                ty,
                cat,
                span,
            ));
        };
        let elem_ty = self.module.types.scalar(elem);
        let mut parts = Vec::new();
        let mut count = 0u32;
        for e in list.expr_children() {
            let v = self.value(&e, cx)?;
            let part = match self.module.types.get(cx.exprs[v].ty).clone() {
                Type::Vector { elem: pe, len: pl } => {
                    count += u32::from(pl);
                    let target = self.module.types.intern(Type::Vector { elem, len: pl });
                    if pe == elem {
                        v
                    } else {
                        self.convert(v, target, false, &e, cx)?
                    }
                }
                _ => {
                    count += 1;
                    self.convert(v, elem_ty, false, &e, cx)?
                }
            };
            parts.push(part);
        }
        if count == 1 && len > 1 {
            return self.convert(parts[0], ty, false, c, cx);
        }
        if count != u32::from(len) {
            return self.unsupported(c, "a vector literal with the wrong number of components");
        }
        Ok(self.push_value(cx, ExprKind::VectorLiteral(parts), ty, span))
    }

    /// Converts value `v` to type `to`.
    pub(super) fn convert(
        &mut self,
        v: Handle<Expr>,
        to: Handle<Type>,
        explicit: bool,
        at: &Cursor<'_>,
        cx: &mut FnCtx,
    ) -> R<Handle<Expr>> {
        let from = cx.exprs[v].ty;
        if from == to {
            return Ok(v);
        }
        let types = &self.module.types;
        use Scalar::{Bool, Float, Int};
        let kind = match (types.get(from), types.get(to)) {
            (Type::Scalar(a), Type::Scalar(b)) => match (a, b) {
                (_, Bool) => CastKind::ToBool,
                (Bool, Int { .. }) => CastKind::BoolToInt,
                (Bool, Float { .. }) => CastKind::BoolToFloat,
                (Int { .. }, Int { .. }) => CastKind::IntToInt,
                (Int { .. }, Float { .. }) => CastKind::IntToFloat,
                (Float { .. }, Int { .. }) => CastKind::FloatToInt,
                (Float { .. }, Float { .. }) => CastKind::FloatToFloat,
            },
            (Type::Pointer { space: a, .. }, Type::Pointer { space: b, .. }) => {
                // A null pointer constant (`NULL` is `(void *)0`) converts to any pointer.
                if let ExprKind::Cast {
                    kind: CastKind::NullToPointer,
                    operand,
                    ..
                } = cx.exprs[v].kind
                {
                    let span = cx.exprs[v].span;
                    let k = ExprKind::Cast {
                        kind: CastKind::NullToPointer,
                        operand,
                        explicit,
                    };
                    return Ok(self.push_value(cx, k, to, span));
                }
                if a == b {
                    CastKind::PointerBitcast
                } else {
                    CastKind::AddressSpace
                }
            }
            (Type::Scalar(Int { .. }), Type::Pointer { .. }) => {
                if matches!(cx.exprs[v].kind, ExprKind::IntConst(0)) {
                    CastKind::NullToPointer
                } else {
                    CastKind::IntToPointer
                }
            }
            (Type::Scalar(Int { .. }), Type::Event)
                if matches!(cx.exprs[v].kind, ExprKind::IntConst(0)) =>
            {
                CastKind::NullToPointer
            }
            (Type::Scalar(Int { .. }), Type::Sampler) => {
                // `sampler_t` from a constant (`CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST`).
                let bits = at
                    .evaluate()
                    .or_else(|| at.expr_children().first().and_then(|c| c.evaluate()));
                let Some(EvalValue::Int(bits)) = bits else {
                    return self.unsupported(at, "a sampler initialized from a non-constant value");
                };
                let span = cx.exprs[v].span;
                let ity = cx.exprs[v].ty;
                let c = self.push_value(cx, ExprKind::IntConst(bits), ity, span);
                return Ok(self.push_value(
                    cx,
                    ExprKind::Cast {
                        kind: CastKind::IntToSampler,
                        operand: c,
                        explicit,
                    },
                    to,
                    span,
                ));
            }
            // libclang types a parameter declared as an array (`ulong R[4]`) with the array
            // as written; its value is the pointer it was adjusted to.
            (Type::Pointer { pointee, .. }, Type::Array { elem, .. }) if pointee == elem => {
                return Ok(v)
            }
            (Type::Pointer { .. }, Type::Scalar(Bool)) => CastKind::ToBool,
            (Type::Pointer { .. }, Type::Scalar(Int { .. })) => CastKind::PointerToInt,
            (Type::Struct(a), Type::Struct(b)) if a == b => CastKind::NoOp,
            (Type::Scalar(s), Type::Vector { elem, .. }) => {
                // Convert to the element type first, then replicate.
                let (s, elem) = (*s, *elem);
                let v = if s == elem {
                    v
                } else {
                    let et = self.module.types.scalar(elem);
                    self.convert(v, et, explicit, at, cx)?
                };
                let span = cx.exprs[v].span;
                return Ok(self.push_value(
                    cx,
                    ExprKind::Cast {
                        kind: CastKind::Splat,
                        operand: v,
                        explicit,
                    },
                    to,
                    span,
                ));
            }
            (Type::Vector { elem: a, len: n }, Type::Vector { elem: b, len: m }) if n == m => {
                match (a, b) {
                    (Int { .. }, Int { .. }) => CastKind::IntToInt,
                    (Int { .. }, Float { .. }) => CastKind::IntToFloat,
                    (Float { .. }, Int { .. }) => CastKind::FloatToInt,
                    (Float { .. }, Float { .. }) => CastKind::FloatToFloat,
                    _ => {
                        let (f, t) = (types.display(from), types.display(to));
                        return self.unsupported(at, format!("conversion from '{f}' to '{t}'"));
                    }
                }
            }
            _ => {
                let (f, t) = (types.display(from), types.display(to));
                return self.unsupported(at, format!("conversion from '{f}' to '{t}'"));
            }
        };
        let span = cx.exprs[v].span;
        Ok(self.push_value(
            cx,
            ExprKind::Cast {
                kind,
                operand: v,
                explicit,
            },
            to,
            span,
        ))
    }

    fn decl_ref(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, span: Span) -> R<Handle<Expr>> {
        let Some(decl) = c.referenced() else {
            return self.unsupported(c, "a reference to an unknown declaration");
        };
        match decl.kind() {
            CXCursor_VarDecl | CXCursor_ParmDecl => {
                if let Some(&l) = super::decl_key(&decl).and_then(|k| cx.by_decl.get(&k)) {
                    let q = cx.locals[l].ty;
                    let cat = Category::Place {
                        space: q.space,
                        is_const: q.is_const,
                        is_volatile: c.ty().is_volatile(),
                    };
                    return Ok(self.push(cx, ExprKind::Local(l), q.ty, cat, span));
                }
                // Hoisted function-scope declarations (samplers) are already globals.
                let hoisted = self.globals.contains_key(&decl.usr());
                if !hoisted && !decl.has_global_storage() {
                    return self.unsupported(
                        c,
                        format!(
                            "reference to '{}' declared outside this function",
                            decl.spelling()
                        ),
                    );
                }
                let g = self.global_var(&decl, decl.storage_class() == CX_SC_Static)?;
                let q = self.module.globals[g].ty;
                let cat = Category::Place {
                    space: q.space,
                    is_const: q.is_const,
                    is_volatile: c.ty().is_volatile(),
                };
                Ok(self.push(cx, ExprKind::Global(g), q.ty, cat, span))
            }
            CXCursor_EnumConstantDecl => {
                let ty = self.ty(c.ty(), c)?;
                match c.evaluate() {
                    Some(EvalValue::Int(v)) => Ok(self.int_const(cx, v, ty, span)),
                    _ => self.unsupported(c, "this enumerator"),
                }
            }
            _ => self.unsupported(
                c,
                format!(
                    "a reference to '{}' as a value (function pointers)",
                    decl.spelling()
                ),
            ),
        }
    }

    /// `*p` for a pointer-typed expression `p` (a place in the pointer's space).
    fn deref(&mut self, p: Handle<Expr>, cx: &mut FnCtx, span: Span) -> Handle<Expr> {
        let p = self.as_value(p, cx);
        let ty = cx.exprs[p].ty;
        let (pointee, space, is_const) = self
            .module
            .types
            .as_pointer(ty)
            .unwrap_or((ty, None, false)); // ok: callers pass pointers only
        let is_volatile = matches!(
            self.module.types.get(ty),
            Type::Pointer {
                is_volatile: true,
                ..
            }
        );
        self.push(
            cx,
            ExprKind::Deref(p),
            pointee,
            Category::Place {
                space,
                is_const,
                is_volatile,
            },
            span,
        )
    }

    fn member(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, span: Span) -> R<Handle<Expr>> {
        let Some(base_c) = c.expr_children().into_iter().next() else {
            return self.unsupported(c, "member access without a base");
        };
        let Some(field) = c.referenced() else {
            return self.unsupported(c, "member access to an unknown field");
        };
        let base = self.expr(&base_c, cx)?;
        let base = if self.module.types.as_pointer(cx.exprs[base].ty).is_some() {
            self.deref(base, cx, span)
        } else {
            base
        };
        let base_category = cx.exprs[base].category;
        let Type::Struct(def) = self.module.types.get(cx.exprs[base].ty).clone() else {
            return self.unsupported(c, "member access on a non-struct (vector components)");
        };
        let name = field.spelling();
        let Some(path) = self.field_path(def, &name) else {
            return self.unsupported(c, format!("access to unknown member '{name}'"));
        };
        // A member of a struct value (`f().x`) is a value.
        let is_const = c.ty().is_const();
        let is_volatile = c.ty().is_volatile();
        let category = match base_category {
            Category::Place {
                space,
                is_const: c,
                is_volatile: v,
            } => Category::Place {
                space,
                is_const: c || is_const,
                is_volatile: v || is_volatile,
            },
            Category::Value => Category::Value,
        };
        // Members of anonymous structs and unions are reached through the unnamed members
        // that hold them.
        let mut e = base;
        for (field, ty) in path {
            e = self.push(cx, ExprKind::Member { base: e, field }, ty, category, span);
        }
        Ok(e)
    }

    /// The field indices (with the field types) that lead from struct `def` to the member
    /// called `name`, looking inside anonymous struct and union members (C11 6.7.2.1p13).
    fn field_path(
        &self,
        def: Handle<clc_passes::ast::StructDef>,
        name: &str,
    ) -> Option<Vec<(u32, Handle<Type>)>> {
        let fields = &self.module.types.structs[def].fields;
        if let Some(i) = fields.iter().position(|f| f.name == name) {
            return Some(vec![(i as u32, fields[i].ty)]);
        }
        fields.iter().enumerate().find_map(|(i, f)| {
            let Type::Struct(inner) = self.module.types.get(f.ty) else {
                return None;
            };
            if !f.name.is_empty() {
                return None;
            }
            let mut rest = self.field_path(*inner, name)?;
            rest.insert(0, (i as u32, f.ty));
            Some(rest)
        })
    }

    fn call(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, span: Span) -> R<Handle<Expr>> {
        let Some(callee) = c.referenced() else {
            return self.unsupported(c, "calls through function pointers");
        };
        let name = callee.spelling();
        let ty = self.ty(c.ty(), c)?;
        let arg_cursors = c.arguments();
        let user = callee
            .definition()
            .and_then(|d| self.functions.get(&d.usr()).copied());
        if let Some(function) = user {
            let mut args = Vec::new();
            for a in &arg_cursors {
                args.push(self.value(a, cx)?);
            }
            return Ok(self.push_value(cx, ExprKind::Call { function, args }, ty, span));
        }
        if let Some(r) = self.extension_call(c, &name, &arg_cursors, ty, cx, span) {
            return r;
        }
        let Some(builtin) = Builtin::lookup(&name, arg_cursors.len()) else {
            return self.unsupported(
                c,
                format!("call to '{name}': not a function defined in this translation unit or a builtin clc supports yet"),
            );
        };
        let mut args = Vec::new();
        for a in &arg_cursors {
            // Barrier flags and scopes must be constants, and a constant dimension makes a
            // work-item query a plain component read: fold them here.
            // C11 atomics take their memory order and scope as constants too.
            if matches!(builtin, Builtin::C11Atomic(_)) && a.ty().kind() != CXType_Pointer {
                if let Some(EvalValue::Int(v)) = a.evaluate() {
                    let aty = self.ty(a.ty(), a)?;
                    let s = self.span(a);
                    args.push(self.int_const(cx, v, aty, s));
                    continue;
                }
            }
            if matches!(builtin, Builtin::Sync(_) | Builtin::WorkItem(_)) {
                let aty = self.ty(a.ty(), a)?;
                match a.evaluate() {
                    Some(EvalValue::Int(v)) => {
                        let s = self.span(a);
                        args.push(self.int_const(cx, v, aty, s));
                        continue;
                    }
                    _ if matches!(builtin, Builtin::WorkItem(_)) => {}
                    _ => {
                        return self.unsupported(a, format!("a non-constant argument to '{name}'"))
                    }
                }
            }
            args.push(self.value(a, cx)?);
        }
        Ok(self.push_value(cx, ExprKind::Builtin { builtin, args }, ty, span))
    }

    fn unary(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, span: Span) -> R<Handle<Expr>> {
        let Some(operand) = c.expr_children().into_iter().next() else {
            return self.unsupported(c, "this unary expression");
        };
        let ty = self.ty(c.ty(), c)?;
        let op = c.unary_operator();
        match op {
            CXUnaryOperator_PostInc
            | CXUnaryOperator_PostDec
            | CXUnaryOperator_PreInc
            | CXUnaryOperator_PreDec => {
                let place = self.place(&operand, cx)?;
                let increment = matches!(op, CXUnaryOperator_PostInc | CXUnaryOperator_PreInc);
                let prefix = matches!(op, CXUnaryOperator_PreInc | CXUnaryOperator_PreDec);
                let ty = cx.exprs[place].ty;
                Ok(self.push_value(
                    cx,
                    ExprKind::IncDec {
                        place,
                        increment,
                        prefix,
                    },
                    ty,
                    span,
                ))
            }
            CXUnaryOperator_AddrOf => {
                let place = self.place(&operand, cx)?;
                Ok(self.push_value(cx, ExprKind::AddrOf(place), ty, span))
            }
            CXUnaryOperator_Deref => {
                let p = self.value(&operand, cx)?;
                let Some((pointee, space, is_const)) = self.module.types.as_pointer(cx.exprs[p].ty)
                else {
                    return self.unsupported(c, "dereferencing a non-pointer");
                };
                Ok(self.push(
                    cx,
                    ExprKind::Deref(p),
                    pointee,
                    Category::Place {
                        space,
                        is_const,
                        is_volatile: c.ty().is_volatile(),
                    },
                    span,
                ))
            }
            CXUnaryOperator_Plus => self.value(&operand, cx),
            CXUnaryOperator_Minus | CXUnaryOperator_Not | CXUnaryOperator_LNot => {
                let v = self.value(&operand, cx)?;
                let op = match op {
                    CXUnaryOperator_Minus => UnaryOp::Neg,
                    CXUnaryOperator_Not => UnaryOp::BitNot,
                    _ => UnaryOp::LogicalNot,
                };
                Ok(self.push_value(cx, ExprKind::Unary(op, v), ty, span))
            }
            _ => self.unsupported(c, "this unary operator"),
        }
    }

    fn binary(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Handle<Expr>> {
        let Some((l, r, start)) = c.binary_operands() else {
            return self.unsupported(c, "this binary expression");
        };
        let (l, r) = (&l, &r);
        let span = self.span_at(start);
        let op = c.binary_operator();
        match op {
            CXBinaryOperator_Assign => {
                let place = self.place(l, cx)?;
                let value = self.value(r, cx)?;
                let ty = cx.exprs[place].ty;
                let value = self.convert(value, ty, false, r, cx)?;
                return Ok(self.push_value(cx, ExprKind::Assign { place, value }, ty, span));
            }
            CXBinaryOperator_Comma => {
                let a = self.expr(l, cx)?;
                let b = self.value(r, cx)?;
                let ty = cx.exprs[b].ty;
                return Ok(self.push_value(cx, ExprKind::Comma(a, b), ty, span));
            }
            _ => {}
        }
        let ty = self.ty(c.ty(), c)?;
        let a = self.value(l, cx)?;
        let b = self.value(r, cx)?;
        let ty = self.decayed(ty, &[a, b], cx);
        let kind = match op {
            CXBinaryOperator_LAnd => ExprKind::Logical(LogicalOp::And, a, b),
            CXBinaryOperator_LOr => ExprKind::Logical(LogicalOp::Or, a, b),
            _ => match binary_op(op) {
                Some(op) => ExprKind::Binary(op, a, b),
                None => return self.unsupported(c, "this binary operator"),
            },
        };
        Ok(self.push_value(cx, kind, ty, span))
    }

    fn compound_assign(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, span: Span) -> R<Handle<Expr>> {
        let ch = c.expr_children();
        let [l, r] = ch.as_slice() else {
            return self.unsupported(c, "this compound assignment");
        };
        let Some(op) = compound_op(c.binary_operator()) else {
            return self.unsupported(c, "this compound assignment operator");
        };
        let place = self.place(l, cx)?;
        let value = self.value(r, cx)?;
        let (lt, rt) = (cx.exprs[place].ty, cx.exprs[value].ty);
        let is_vector = |t| matches!(self.module.types.get(t), Type::Vector { .. });
        let compute = if self.module.types.as_pointer(lt).is_some() || is_vector(lt) {
            lt
        } else if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            self.promote(lt)
        } else {
            match self.usual_arithmetic(lt, rt) {
                Some(t) => t,
                None => return self.unsupported(c, "compound assignment on these operand types"),
            }
        };
        Ok(self.push_value(
            cx,
            ExprKind::CompoundAssign {
                op,
                place,
                value,
                compute,
                fused: false,
            },
            lt,
            span,
        ))
    }

    /// Integer promotion (C11 6.3.1.1).
    pub(super) fn promote(&mut self, t: Handle<Type>) -> Handle<Type> {
        match self.module.types.as_scalar(t) {
            Some(Scalar::Bool) => self.module.types.scalar(Scalar::Int {
                width: 32,
                signed: true,
            }),
            Some(Scalar::Int { width, .. }) if width < 32 => {
                self.module.types.scalar(Scalar::Int {
                    width: 32,
                    signed: true,
                })
            }
            _ => t,
        }
    }

    /// The usual arithmetic conversions (C11 6.3.1.8) on two scalar types.
    pub(super) fn usual_arithmetic(
        &mut self,
        a: Handle<Type>,
        b: Handle<Type>,
    ) -> Option<Handle<Type>> {
        let (a, b) = (self.promote(a), self.promote(b));
        let (sa, sb) = (
            self.module.types.as_scalar(a)?,
            self.module.types.as_scalar(b)?,
        );
        let r = match (sa, sb) {
            (Scalar::Float { width: x }, Scalar::Float { width: y }) => {
                Scalar::Float { width: x.max(y) }
            }
            (f @ Scalar::Float { .. }, _) | (_, f @ Scalar::Float { .. }) => f,
            (
                Scalar::Int {
                    width: wa,
                    signed: sa_,
                },
                Scalar::Int {
                    width: wb,
                    signed: sb_,
                },
            ) => {
                if sa_ == sb_ {
                    Scalar::Int {
                        width: wa.max(wb),
                        signed: sa_,
                    }
                } else {
                    let (ws, wu) = if sa_ { (wa, wb) } else { (wb, wa) };
                    if wu >= ws {
                        Scalar::Int {
                            width: wu,
                            signed: false,
                        }
                    } else {
                        Scalar::Int {
                            width: ws,
                            signed: true,
                        }
                    }
                }
            }
            _ => return None,
        };
        Some(self.module.types.scalar(r))
    }

    /// A string literal becomes an anonymous `__constant char[N]` variable (AS-13).
    pub(super) fn string_literal(&mut self, c: &Cursor<'_>) -> R<Handle<Global>> {
        let bytes = match unescape_literal(&c.spelling()) {
            Some(b) => b,
            None => return self.unsupported(c, "this string literal (wide or UTF encodings)"),
        };
        let ty = self.ty(c.ty(), c)?;
        let len = match self.module.types.get(ty) {
            Type::Array { len, .. } => *len as usize,
            _ => bytes.len() + 1,
        };
        let mut values: Vec<ConstValue> = bytes
            .iter()
            .map(|b| ConstValue::Int(u64::from(*b)))
            .collect();
        values.resize(len, ConstValue::Int(0));
        let span = self.span(c);
        self.strings += 1;
        Ok(self.module.globals.append(Global {
            name: format!(".str.{}", self.strings),
            ty: QualType {
                ty,
                space: Some(AddressSpace::Constant),
                is_const: true,
            },
            init: GlobalInit::Const(ConstValue::Composite(values)),
            span,
            is_static_local: false,
            is_string_literal: true,
        }))
    }
}

fn binary_op(op: CXBinaryOperatorKind) -> Option<BinaryOp> {
    Some(match op {
        CXBinaryOperator_Mul => BinaryOp::Mul,
        CXBinaryOperator_Div => BinaryOp::Div,
        CXBinaryOperator_Rem => BinaryOp::Rem,
        CXBinaryOperator_Add => BinaryOp::Add,
        CXBinaryOperator_Sub => BinaryOp::Sub,
        CXBinaryOperator_Shl => BinaryOp::Shl,
        CXBinaryOperator_Shr => BinaryOp::Shr,
        CXBinaryOperator_LT => BinaryOp::Lt,
        CXBinaryOperator_GT => BinaryOp::Gt,
        CXBinaryOperator_LE => BinaryOp::Le,
        CXBinaryOperator_GE => BinaryOp::Ge,
        CXBinaryOperator_EQ => BinaryOp::Eq,
        CXBinaryOperator_NE => BinaryOp::Ne,
        CXBinaryOperator_And => BinaryOp::BitAnd,
        CXBinaryOperator_Xor => BinaryOp::BitXor,
        CXBinaryOperator_Or => BinaryOp::BitOr,
        _ => return None,
    })
}

fn compound_op(op: CXBinaryOperatorKind) -> Option<BinaryOp> {
    Some(match op {
        CXBinaryOperator_MulAssign => BinaryOp::Mul,
        CXBinaryOperator_DivAssign => BinaryOp::Div,
        CXBinaryOperator_RemAssign => BinaryOp::Rem,
        CXBinaryOperator_AddAssign => BinaryOp::Add,
        CXBinaryOperator_SubAssign => BinaryOp::Sub,
        CXBinaryOperator_ShlAssign => BinaryOp::Shl,
        CXBinaryOperator_ShrAssign => BinaryOp::Shr,
        CXBinaryOperator_AndAssign => BinaryOp::BitAnd,
        CXBinaryOperator_XorAssign => BinaryOp::BitXor,
        CXBinaryOperator_OrAssign => BinaryOp::BitOr,
        _ => return None,
    })
}

/// Keeps the low `width` bits.
pub(super) fn truncate(v: u64, width: u8) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// Decodes clang's normalised spelling of a narrow string literal (`"ab\t\001"`).
pub(super) fn unescape_literal(s: &str) -> Option<Vec<u8>> {
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let c = *b.get(i)?;
        i += 1;
        out.push(match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + u32::from(b[i] - b'0');
                    i += 1;
                    n += 1;
                }
                v as u8
            }
            b'x' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
                u32::from_str_radix(std::str::from_utf8(&b[start..i]).ok()?, 16).ok()? as u8
            }
            other => other,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{truncate, unescape_literal};

    #[test]
    fn unescapes_clang_spellings() {
        assert_eq!(
            unescape_literal(r#""abcd\001\377\"q\\""#),
            Some(b"abcd\x01\xff\"q\\".to_vec())
        );
        assert_eq!(unescape_literal(r#""a\tb\n""#), Some(b"a\tb\n".to_vec()));
        assert_eq!(unescape_literal("L\"x\""), None);
    }

    #[test]
    fn truncates_to_width() {
        assert_eq!(truncate(u64::MAX, 8), 0xff);
        assert_eq!(truncate(u64::MAX, 64), u64::MAX);
    }
}
