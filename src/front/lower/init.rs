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
            if let Some(list) = self.vector_literal_list(c) {
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
                // Integer constants: the FP_CONTRACT state does not apply.
                let contract = self.module.lang.fp_contract;
                let mut items: Vec<Init> = bytes
                    .iter()
                    .take(len)
                    .map(|b| {
                        Init::Expr(cx.exprs.append(clc_passes::ast::Expr {
                            kind: ExprKind::IntConst(u64::from(*b)),
                            ty: elem,
                            category: clc_passes::ast::Category::Value,
                            span,
                            contract,
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
        if matches!(self.module.types.get(ty), Type::Pointer { .. }) {
            if let Some(a) = self.address_constant(e) {
                return Some(a);
            }
            // A null pointer constant (`0`, `NULL`), below its conversions to the pointer.
            let mut c = *e;
            loop {
                if let Some(EvalValue::Int(0)) = c.evaluate() {
                    return Some(ConstValue::Zero);
                }
                match c.kind() {
                    CXCursor_ParenExpr | CXCursor_UnexposedExpr | CXCursor_CStyleCastExpr => {
                        c = c.expr_children().into_iter().next_back()?
                    }
                    _ => return None,
                }
            }
        }
        if let Type::Vector { elem, len } = self.module.types.get(ty).clone() {
            let v = self.const_vector(e, elem)?;
            return (v.len() == usize::from(len)).then_some(ConstValue::Composite(v));
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

    /// The components of a constant vector expression, converted to `elem`: a vector
    /// literal (its parts flattened), a scalar replicated (`(float4)(x)`), or a swizzle of
    /// either, through parentheses and implicit casts.
    fn const_vector(&mut self, e: &Cursor<'_>, elem: Scalar) -> Option<Vec<ConstValue>> {
        let et = self.module.types.scalar(elem);
        let ch = e.expr_children();
        match (e.kind(), ch.as_slice()) {
            (CXCursor_ParenExpr, [only]) => self.const_vector(only, elem),
            (CXCursor_CompoundLiteralExpr, _) => {
                let list = ch.iter().find(|x| x.kind() == CXCursor_InitListExpr)?;
                self.const_vector(list, elem)
            }
            (CXCursor_InitListExpr, parts) => {
                let mut out = Vec::new();
                for p in parts {
                    if p.ty().canonical().kind() == CXType_ExtVector {
                        out.extend(self.const_vector(p, elem)?);
                    } else {
                        out.push(self.constant(p, et)?);
                    }
                }
                Some(out)
            }
            (CXCursor_UnexposedExpr, [only]) if self.is_implicit_cast(e, only) => {
                self.const_vector(only, elem)
            }
            (CXCursor_UnexposedExpr, [base])
                if base.ty().canonical().kind() == CXType_ExtVector =>
            {
                let len = u8::try_from(base.ty().canonical().num_elements()).ok()?;
                let parts = self.const_vector(base, elem)?;
                let indices = clc_passes::ast::Swizzle::decode(&self.written_accessor(e), len)?;
                indices
                    .iter()
                    .map(|&i| parts.get(usize::from(i)).cloned())
                    .collect()
            }
            (CXCursor_CStyleCastExpr, _) => {
                // `(float4)(x)`: a scalar replicated.
                let inner = ch.last()?;
                let len = e.ty().canonical().num_elements();
                if inner.ty().canonical().kind() == CXType_ExtVector {
                    return self.const_vector(inner, elem);
                }
                let v = self.constant(inner, et)?;
                Some(vec![v; usize::try_from(len).ok()?])
            }
            _ => None,
        }
    }

    /// An address constant (C11 6.6p9): `&g`, `g` (an array, decayed), `&g[i]`, `&g.f`, a
    /// string literal, any of these plus or minus an integer constant (`tab + 1`), through
    /// parentheses and casts.
    fn address_constant(&mut self, e: &Cursor<'_>) -> Option<ConstValue> {
        let mut c = *e;
        while let CXCursor_ParenExpr | CXCursor_UnexposedExpr | CXCursor_CStyleCastExpr = c.kind() {
            c = c.expr_children().into_iter().next_back()?;
        }
        if c.kind() == CXCursor_BinaryOperator {
            return self.offset_address(&c);
        }
        let (global, mut indices, decays) = if c.kind() == CXCursor_StringLiteral {
            (self.string_literal(&c).ok()?, Vec::new(), true)
        } else if c.kind() == CXCursor_UnaryOperator && c.unary_operator() == CXUnaryOperator_AddrOf
        {
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

    /// `a + k`, `k + a`, `a - k` for an address constant `a` into an array and an integer
    /// constant `k`: the element index moves by `k`, and must stay within the array or one
    /// past its end (C11 6.5.6p8).
    fn offset_address(&mut self, c: &Cursor<'_>) -> Option<ConstValue> {
        let op = c.binary_operator();
        let ch = c.expr_children();
        let [l, r] = ch.as_slice() else {
            return None;
        };
        let is_ptr = |x: &Cursor<'_>| x.ty().canonical().kind() == CXType_Pointer;
        let (ptr, int, negate) = match op {
            CXBinaryOperator_Add if is_ptr(l) => (l, r, false),
            CXBinaryOperator_Add if is_ptr(r) => (r, l, false),
            CXBinaryOperator_Sub if is_ptr(l) && !is_ptr(r) => (l, r, true),
            _ => return None,
        };
        // Arithmetic on a pointer cast to another element type moves by that type's size,
        // which an element index cannot express.
        let mut below = *ptr;
        while let CXCursor_ParenExpr | CXCursor_UnexposedExpr = below.kind() {
            below = below.expr_children().into_iter().next_back()?;
        }
        if below.kind() == CXCursor_CStyleCastExpr {
            return None;
        }
        let EvalValue::Int(k) = int.evaluate()? else {
            return None;
        };
        let signed = matches!(
            self.ty(int.ty(), int)
                .ok()
                .and_then(|t| self.module.types.as_scalar(t)),
            Some(Scalar::Int { signed: true, .. })
        );
        let k = if signed {
            k as i64
        } else {
            i64::try_from(k).ok()?
        };
        let k = if negate { k.checked_neg()? } else { k };
        let ConstValue::Address {
            global,
            mut indices,
        } = self.address_constant(ptr)?
        else {
            return None;
        };
        let len = self.array_len_at(global, &indices)?;
        let last = indices.last_mut()?;
        let moved = i64::from(*last).checked_add(k)?;
        if moved < 0 || moved as u64 > len {
            return None;
        }
        *last = u32::try_from(moved).ok()?;
        Some(ConstValue::Address { global, indices })
    }

    /// The length of the array whose element the last of `indices` selects in `global`.
    fn array_len_at(
        &self,
        global: Handle<clc_passes::ast::Global>,
        indices: &[u32],
    ) -> Option<u64> {
        let (_, path) = indices.split_last()?;
        let mut cur = self.module.globals[global].ty.ty;
        for &i in path {
            cur = match self.module.types.get(cur) {
                Type::Array { elem, .. } => *elem,
                Type::Struct(d) => self.module.types.structs[*d].fields.get(i as usize)?.ty,
                _ => return None,
            };
        }
        match self.module.types.get(cur) {
            Type::Array { len, .. } => Some(*len),
            _ => None,
        }
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

    /// The initializer list inside a vector literal `(float4)(1, 2, 3, 4)`, below the
    /// parentheses and implicit casts clang wraps it in (but not below a swizzle of it).
    fn vector_literal_list<'c>(&self, c: &Cursor<'c>) -> Option<Cursor<'c>> {
        let ch = c.expr_children();
        match (c.kind(), ch.as_slice()) {
            (CXCursor_InitListExpr, _) => Some(*c),
            (CXCursor_ParenExpr | CXCursor_CompoundLiteralExpr, [only]) => {
                self.vector_literal_list(only)
            }
            (CXCursor_UnexposedExpr, [only]) if self.is_implicit_cast(c, only) => {
                self.vector_literal_list(only)
            }
            _ => None,
        }
    }
}
