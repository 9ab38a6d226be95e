//! Initializers (C11 6.7.9): libclang shows initializer lists only in their syntactic form,
//! so brace elision and zero-fill are implemented here. The same walk produces local
//! initializers ([`Init`]) and compile-time constants ([`ConstValue`]).

use super::expr::{truncate, unescape_literal};
use super::{FnCtx, Lowerer, R};
use crate::front::clang::{Cursor, EvalValue};
use clang_sys::*;
use clc_passes::ast::{ConstValue, ExprKind, GlobalInit, Handle, Init, Scalar, Type};
use clc_passes::diag::Span;

/// An initializer shaped like its object, before its leaves are turned into values.
enum Shaped<T> {
    Leaf(T),
    List(Vec<Shaped<T>>),
    Bytes(Vec<u8>),
    Zero,
}

/// Lowers one leaf (a scalar, vector or whole-object initializer) of an initializer to `T`.
type Leaf<'l, 's, 'tu, T> =
    dyn FnMut(&mut Lowerer<'s, 'tu>, &Cursor<'_>, Handle<Type>) -> R<T> + 'l;

impl<'s, 'tu> Lowerer<'s, 'tu> {
    /// The members of an aggregate, in initialization order (`None` for scalars).
    fn members(&self, ty: Handle<Type>) -> Option<Vec<Handle<Type>>> {
        match self.module.types.get(ty) {
            Type::Array { elem, len } => Some(vec![*elem; *len as usize]),
            Type::Vector { elem, len } => {
                Some(vec![
                    self.module.types.lookup(&Type::Scalar(*elem))?;
                    usize::from(*len)
                ])
            }
            Type::Struct(d) => {
                let def = &self.module.types.structs[*d];
                // A union is initialized through its first member.
                let n = if def.is_union {
                    1.min(def.fields.len())
                } else {
                    def.fields.len()
                };
                Some(def.fields[..n].iter().map(|f| f.ty).collect())
            }
            _ => None,
        }
    }

    fn is_char_array(&self, ty: Handle<Type>) -> bool {
        matches!(self.module.types.get(ty), Type::Array { elem, .. }
            if matches!(self.module.types.get(*elem), Type::Scalar(Scalar::Int { width: 8, .. })))
    }

    fn shape<T>(
        &mut self,
        c: &Cursor<'_>,
        ty: Handle<Type>,
        leaf: &mut Leaf<'_, 's, 'tu, T>,
    ) -> R<Shaped<T>> {
        if c.kind() == CXCursor_InitListExpr {
            let elems = c.expr_children();
            let mut pos = 0;
            let out = match self.members(ty) {
                Some(members) => self.fill_designated(&elems, &mut pos, ty, &members, leaf)?,
                None => self.fill(&elems, &mut pos, ty, leaf)?,
            };
            return Ok(out);
        }
        if c.kind() == CXCursor_StringLiteral && self.is_char_array(ty) {
            return self.string_bytes(c);
        }
        if matches!(self.module.types.get(ty), Type::Vector { .. }) {
            // A literal made of scalars is shaped like an initializer list; one with vector
            // parts is lowered as an expression.
            if let Some(list) = vector_literal_list(c) {
                if list
                    .expr_children()
                    .iter()
                    .all(|e| e.ty().kind() != CXType_ExtVector)
                {
                    return self.shape(&list, ty, leaf);
                }
            }
        }
        Ok(Shaped::Leaf(leaf(self, c, ty)?))
    }

    fn string_bytes<T>(&mut self, c: &Cursor<'_>) -> R<Shaped<T>> {
        match unescape_literal(&c.spelling()) {
            Some(mut b) => {
                b.push(0);
                Ok(Shaped::Bytes(b))
            }
            None => self.unsupported(c, "this string literal (wide or UTF encodings)"),
        }
    }

    /// A braced list for an aggregate: members in order, a designator (`.field =`, `[i] =`)
    /// moving the position, later initializers overriding earlier ones (C11 6.7.9).
    fn fill_designated<T>(
        &mut self,
        elems: &[Cursor<'_>],
        pos: &mut usize,
        ty: Handle<Type>,
        members: &[Handle<Type>],
        leaf: &mut Leaf<'_, 's, 'tu, T>,
    ) -> R<Shaped<T>> {
        let mut out: Vec<Shaped<T>> = members.iter().map(|_| Shaped::Zero).collect();
        let mut m = 0;
        while *pos < elems.len() {
            let e = elems[*pos];
            if e.kind() == CXCursor_UnexposedExpr && e.ty().kind() == CXType_Void {
                let parts = e.children();
                let [first, rest @ .., value] = parts.as_slice() else {
                    return self.unsupported(&e, "this designated initializer");
                };
                let index = self.designated_member(first, ty)?;
                *pos += 1;
                self.apply_designator(&mut out[index], members[index], rest, value, leaf)?;
                m = index + 1;
                continue;
            }
            if m >= members.len() {
                break;
            }
            out[m] = self.fill(elems, pos, members[m], leaf)?;
            m += 1;
        }
        Ok(Shaped::List(out))
    }

    /// Initializes the sub-object reached by the designator `path` inside `slot`.
    fn apply_designator<T>(
        &mut self,
        slot: &mut Shaped<T>,
        ty: Handle<Type>,
        path: &[Cursor<'_>],
        value: &Cursor<'_>,
        leaf: &mut Leaf<'_, 's, 'tu, T>,
    ) -> R<()> {
        let Some((first, rest)) = path.split_first() else {
            *slot = self.fill(&[*value], &mut 0, ty, leaf)?;
            return Ok(());
        };
        let Some(members) = self.members(ty) else {
            return self.unsupported(first, "a designator into a scalar");
        };
        if !matches!(slot, Shaped::List(_)) {
            if let Shaped::Leaf(_) | Shaped::Bytes(_) = slot {
                return self
                    .unsupported(first, "a designator into an object initialized as a whole");
            }
            *slot = Shaped::List(members.iter().map(|_| Shaped::Zero).collect());
        }
        let index = self.designated_member(first, ty)?;
        let Shaped::List(items) = slot else {
            return self.unsupported(first, "this designator");
        };
        match items.get_mut(index) {
            Some(sub) => self.apply_designator(sub, members[index], rest, value, leaf),
            None => self.unsupported(first, "a designator outside the object"),
        }
    }

    /// The member a designator component (`.field` or `[index]`) names in `ty`.
    fn designated_member(&mut self, d: &Cursor<'_>, ty: Handle<Type>) -> R<usize> {
        let len = self.members(ty).map_or(0, |m| m.len());
        let index = if d.kind() == CXCursor_MemberRef {
            let name = d.spelling();
            match self.module.types.get(ty) {
                Type::Struct(s) => self.module.types.structs[*s]
                    .fields
                    .iter()
                    .position(|f| f.name == name),
                _ => None,
            }
        } else {
            match d.evaluate() {
                Some(EvalValue::Int(i)) => usize::try_from(i).ok(),
                _ => None,
            }
        };
        match index.filter(|&i| i < len) {
            Some(i) => Ok(i),
            None => self.unsupported(d, "this designator"),
        }
    }

    fn fill_members<T>(
        &mut self,
        elems: &[Cursor<'_>],
        pos: &mut usize,
        members: &[Handle<Type>],
        leaf: &mut Leaf<'_, 's, 'tu, T>,
    ) -> R<Shaped<T>> {
        let mut out = Vec::with_capacity(members.len());
        for &m in members {
            if *pos < elems.len() {
                out.push(self.fill(elems, pos, m, leaf)?);
            } else {
                out.push(Shaped::Zero);
            }
        }
        Ok(Shaped::List(out))
    }

    /// Initializes one object of type `ty` from `elems[*pos..]`, consuming one element, or
    /// several when the braces of a sub-aggregate are elided.
    fn fill<T>(
        &mut self,
        elems: &[Cursor<'_>],
        pos: &mut usize,
        ty: Handle<Type>,
        leaf: &mut Leaf<'_, 's, 'tu, T>,
    ) -> R<Shaped<T>> {
        let Some(e) = elems.get(*pos).copied() else {
            return Ok(Shaped::Zero);
        };
        let Some(members) = self.members(ty) else {
            *pos += 1;
            return self.shape(&e, ty, leaf);
        };
        if e.kind() == CXCursor_UnexposedExpr && e.ty().kind() == CXType_Void {
            // A designator belongs to the enclosing braces: the elided sub-object ends here.
            return Ok(Shaped::Zero);
        }
        let braced = e.kind() == CXCursor_InitListExpr;
        let string = e.kind() == CXCursor_StringLiteral && self.is_char_array(ty);
        let same_type = !braced && self.ty(e.ty(), &e).ok() == Some(ty);
        if braced || string || same_type {
            *pos += 1;
            return self.shape(&e, ty, leaf);
        }
        self.fill_members(elems, pos, &members, leaf)
    }

    /// A local variable's initializer.
    pub(super) fn init(&mut self, c: &Cursor<'_>, ty: Handle<Type>, cx: &mut FnCtx) -> R<Init> {
        let shaped = self.shape(c, ty, &mut |l: &mut Self, e: &Cursor<'_>, t| {
            let v = l.value(e, cx)?;
            l.convert(v, t, false, e, cx)
        })?;
        Ok(self.shaped_init(shaped, ty, c, cx))
    }

    fn shaped_init(
        &mut self,
        s: Shaped<Handle<clc_passes::ast::Expr>>,
        ty: Handle<Type>,
        at: &Cursor<'_>,
        cx: &mut FnCtx,
    ) -> Init {
        match s {
            Shaped::Leaf(e) => Init::Expr(e),
            Shaped::Zero => Init::Zero,
            Shaped::List(items) => {
                let members = self.members(ty).unwrap_or_default();
                Init::List(
                    items
                        .into_iter()
                        .zip(members)
                        .map(|(i, m)| self.shaped_init(i, m, at, cx))
                        .collect(),
                )
            }
            Shaped::Bytes(bytes) => {
                let (elem, len) = match self.module.types.get(ty) {
                    Type::Array { elem, len } => (*elem, *len as usize),
                    _ => return Init::Zero,
                };
                let span = self.span(at);
                let mut items: Vec<Init> = bytes
                    .iter()
                    .take(len)
                    .map(|b| {
                        Init::Expr(cx.exprs.append(clc_passes::ast::Expr {
                            kind: ExprKind::IntConst(u64::from(*b)),
                            ty: elem,
                            category: clc_passes::ast::Category::Value,
                            span,
                        }))
                    })
                    .collect();
                items.resize_with(len, || Init::Zero);
                Init::List(items)
            }
        }
    }

    /// A program-scope variable's initializer, evaluated at compile time.
    pub(super) fn const_init(&mut self, c: &Cursor<'_>, ty: Handle<Type>) -> R<GlobalInit> {
        let mut not_constant: Option<Span> = None;
        let shaped = self.shape(c, ty, &mut |l: &mut Self, e: &Cursor<'_>, t| {
            let v = l.constant(e, t);
            if v.is_none() && not_constant.is_none() {
                not_constant = Some(l.span(e));
            }
            Ok(v.unwrap_or(ConstValue::Zero))
        })?;
        if let Some(at) = not_constant {
            // Clang has already rejected initializers that are not constant, so this one is
            // constant in a form clc cannot evaluate yet (an address, a sampler).
            self.diags.push(clc_passes::diag::Diagnostic::unsupported(
                at,
                "this constant initializer (addresses of variables and sampler values are not lowered yet)",
            ));
            return Err(super::Reported);
        }
        Ok(GlobalInit::Const(self.shaped_const(shaped, ty)))
    }

    fn shaped_const(&self, s: Shaped<ConstValue>, ty: Handle<Type>) -> ConstValue {
        match s {
            Shaped::Leaf(v) => v,
            Shaped::Zero => ConstValue::Zero,
            Shaped::List(items) => {
                let members = self.members(ty).unwrap_or_default();
                ConstValue::Composite(
                    items
                        .into_iter()
                        .zip(members)
                        .map(|(i, m)| self.shaped_const(i, m))
                        .collect(),
                )
            }
            Shaped::Bytes(bytes) => {
                let len = match self.module.types.get(ty) {
                    Type::Array { len, .. } => *len as usize,
                    _ => 0,
                };
                let mut v: Vec<ConstValue> = bytes
                    .iter()
                    .take(len)
                    .map(|b| ConstValue::Int(u64::from(*b)))
                    .collect();
                v.resize(len, ConstValue::Int(0));
                ConstValue::Composite(v)
            }
        }
    }

    /// The value of a constant scalar expression, converted to `ty`.
    fn constant(&mut self, e: &Cursor<'_>, ty: Handle<Type>) -> Option<ConstValue> {
        if matches!(self.module.types.get(ty), Type::Sampler) {
            // The sampler's bits, below clang's int-to-sampler conversion.
            let v = e.evaluate().or_else(|| {
                e.expr_children()
                    .into_iter()
                    .next_back()
                    .and_then(|c| c.evaluate())
            });
            return match v? {
                EvalValue::Int(bits) => Some(ConstValue::Int(bits)),
                EvalValue::Float(_) => None,
            };
        }
        if matches!(self.module.types.get(ty), Type::Pointer { .. })
            && !matches!(e.evaluate(), Some(EvalValue::Int(0)))
        {
            return self.address_constant(e);
        }
        if let Type::Vector { elem, len } = self.module.types.get(ty).clone() {
            // `(float4)(x)`: a scalar replicated.
            let et = self.module.types.scalar(elem);
            let inner = e.expr_children().into_iter().next_back()?;
            let v = self.constant(&inner, et).or_else(|| self.constant(e, et))?;
            return Some(ConstValue::Composite(vec![v; usize::from(len)]));
        }
        let v = e.evaluate()?;
        Some(match (self.module.types.get(ty), v) {
            (Type::Scalar(Scalar::Bool), EvalValue::Int(i)) => ConstValue::Bool(i != 0),
            (Type::Scalar(Scalar::Bool), EvalValue::Float(f)) => ConstValue::Bool(f != 0.0),
            (Type::Scalar(Scalar::Int { width, .. }), EvalValue::Int(i)) => {
                ConstValue::Int(truncate(i, *width))
            }
            (Type::Scalar(Scalar::Int { width, signed }), EvalValue::Float(f)) => ConstValue::Int(
                truncate(if *signed { f as i64 as u64 } else { f as u64 }, *width),
            ),
            (Type::Scalar(Scalar::Float { .. }), EvalValue::Float(f)) => ConstValue::Float(f),
            (Type::Scalar(Scalar::Float { .. }), EvalValue::Int(i)) => {
                let unsigned = matches!(
                    self.ty(e.ty(), e)
                        .ok()
                        .and_then(|t| self.module.types.as_scalar(t)),
                    Some(Scalar::Int { signed: false, .. })
                );
                ConstValue::Float(if unsigned { i as f64 } else { i as i64 as f64 })
            }
            (Type::Pointer { .. }, EvalValue::Int(0)) => ConstValue::Zero,
            _ => return None,
        })
    }

    /// An address constant: `&g`, `g` (an array, decayed), `&g[i]`, `&g.f`, through
    /// parentheses and implicit casts.
    fn address_constant(&mut self, e: &Cursor<'_>) -> Option<ConstValue> {
        let mut c = *e;
        while let CXCursor_ParenExpr | CXCursor_UnexposedExpr | CXCursor_CStyleCastExpr = c.kind() {
            c = c.expr_children().into_iter().next_back()?;
        }
        let (global, mut indices, decays) =
            if c.kind() == CXCursor_UnaryOperator && c.unary_operator() == CXUnaryOperator_AddrOf {
                let (g, i) = self.address_path(&c.expr_children().into_iter().next()?)?;
                (g, i, false)
            } else {
                let (g, i) = self.address_path(&c)?;
                (g, i, true)
            };
        if decays {
            // An array designator decays to its first element.
            indices.push(0);
        }
        Some(ConstValue::Address { global, indices })
    }

    fn address_path(
        &mut self,
        c: &Cursor<'_>,
    ) -> Option<(Handle<clc_passes::ast::Global>, Vec<u32>)> {
        match c.kind() {
            CXCursor_ParenExpr | CXCursor_UnexposedExpr => {
                self.address_path(&c.expr_children().into_iter().next()?)
            }
            CXCursor_DeclRefExpr => {
                let d = c.referenced()?;
                if !d.has_global_storage() {
                    return None;
                }
                let g = self
                    .global_var(&d, d.storage_class() == CX_SC_Static)
                    .ok()?;
                Some((g, Vec::new()))
            }
            CXCursor_ArraySubscriptExpr => {
                let ch = c.expr_children();
                let [base, index] = ch.as_slice() else {
                    return None;
                };
                let (g, mut i) = self.address_path(base)?;
                match index.evaluate()? {
                    EvalValue::Int(v) => i.push(u32::try_from(v).ok()?),
                    EvalValue::Float(_) => return None,
                }
                Some((g, i))
            }
            CXCursor_MemberRefExpr => {
                let base = c.expr_children().into_iter().next()?;
                let field = c.referenced()?.spelling();
                let (g, mut i) = self.address_path(&base)?;
                let base_ty = self.ty(base.ty(), &base).ok()?;
                let Type::Struct(d) = self.module.types.get(base_ty).clone() else {
                    return None;
                };
                let index = self.module.types.structs[d]
                    .fields
                    .iter()
                    .position(|f| f.name == field)?;
                i.push(index as u32);
                Some((g, i))
            }
            _ => None,
        }
    }
}

/// The initializer list inside a vector literal `(float4)(1, 2, 3, 4)` (below the implicit
/// casts and parentheses clang wraps it in).
fn vector_literal_list<'tu>(c: &Cursor<'tu>) -> Option<Cursor<'tu>> {
    match c.kind() {
        CXCursor_InitListExpr => Some(*c),
        CXCursor_UnexposedExpr | CXCursor_ParenExpr | CXCursor_CompoundLiteralExpr => {
            let ch = c.expr_children();
            match ch.as_slice() {
                [only] => vector_literal_list(only),
                _ => None,
            }
        }
        _ => None,
    }
}
