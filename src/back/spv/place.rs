//! Places: the objects expressions designate. Most resolve to a pointer; a vector swizzle
//! of a place is a set of components of the vector stored there, read and written with
//! shuffles (SPIR-V cannot point at several components).

use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::{AddressSpace, Category, Expr, ExprKind, Handle, Scalar, Swizzle, Type};
use rspirv::spirv::Word;

/// A place whose address has been computed (once, whatever its side effects).
pub(super) enum Resolved {
    /// An object of SPIR-V type `ty` at `ptr`.
    Ptr { ptr: Word, ty: Word },
    /// Components `indices` of the vector of type `vec_ty` at `ptr`; `ty` is the type of
    /// the selected components.
    Swizzle {
        ptr: Word,
        vec_ty: Word,
        elem_ty: Word,
        indices: Vec<u8>,
        ty: Word,
    },
}

fn lane(i: u8) -> u32 {
    if i == Swizzle::UNDEFINED {
        u32::MAX
    } else {
        u32::from(i)
    }
}

impl Writer<'_> {
    /// The pointer to the object a place expression designates.
    pub(super) fn place(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let x = &st.f.exprs[e];
        let span = x.span;
        let Category::Place { space, .. } = x.category else {
            return bug(span, "value used as a place");
        };
        let space = space.unwrap_or(AddressSpace::Private);
        match x.kind.clone() {
            ExprKind::Local(l) => match st.locals.get(&l) {
                Some(&p) => Ok(p),
                None => bug(span, "local without storage"),
            },
            ExprKind::Global(g) => match self.globals.get(&g) {
                Some(&p) => {
                    st.used.insert(p);
                    Ok(p)
                }
                None => bug(span, "global without storage"),
            },
            ExprKind::Deref(p) => self.value(st, p),
            ExprKind::Index { base, index } => {
                let ty = self.ty(x.ty, span)?;
                let ptr_ty = self.pointer(space, ty);
                let base = self.value(st, base)?;
                let idx = self.index64(st, index)?;
                Ok(self
                    .b
                    .in_bounds_ptr_access_chain(ptr_ty, None, base, idx, [])?)
            }
            ExprKind::Member { base, field } => {
                let ty = self.ty(x.ty, span)?;
                let ptr_ty = self.pointer(space, ty);
                let def = match self.m.types.get(st.f.exprs[base].ty) {
                    Type::Struct(d) => *d,
                    _ => return bug(span, "member of a non-struct"),
                };
                let base = self.place(st, base)?;
                if self.m.types.structs[def].is_union {
                    // Every member of a union starts at its first byte.
                    return Ok(self.b.bitcast(ptr_ty, None, base)?);
                }
                let idx = self.u32_const(self.member_index(def, field));
                Ok(self.b.in_bounds_access_chain(ptr_ty, None, base, [idx])?)
            }
            ExprKind::CompoundLiteral { local, init } => {
                let Some(&var) = st.locals.get(&local) else {
                    return bug(span, "compound literal without storage");
                };
                self.store_init(st, var, x.ty, space, &init, span)?;
                Ok(var)
            }
            ExprKind::Swizzle { .. } => bug(span, "the address of vector components"),
            _ => bug(span, "this expression is not a place"),
        }
    }

    /// Computes a place's address once, for reading and writing it.
    pub(super) fn resolve(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Resolved> {
        let x = st.f.exprs[e].clone();
        let ty = self.ty(x.ty, x.span)?;
        if let ExprKind::Swizzle { base, indices } = x.kind {
            let b = &st.f.exprs[base];
            let Some((elem, _)) = self.numeric(b.ty) else {
                return bug(x.span, "swizzle of a non-vector");
            };
            let vec_ty = self.ty(b.ty, b.span)?;
            let elem_ty = self.scalar(elem);
            let ptr = self.place(st, base)?;
            return Ok(Resolved::Swizzle {
                ptr,
                vec_ty,
                elem_ty,
                indices,
                ty,
            });
        }
        Ok(Resolved::Ptr {
            ptr: self.place(st, e)?,
            ty,
        })
    }

    /// Reads a resolved place.
    pub(super) fn load_resolved(&mut self, r: &Resolved) -> Result<Word> {
        match r {
            Resolved::Ptr { ptr, ty } => Ok(self.b.load(*ty, None, *ptr, None, [])?),
            Resolved::Swizzle {
                ptr,
                vec_ty,
                indices,
                ty,
                ..
            } => {
                let v = self.b.load(*vec_ty, None, *ptr, None, [])?;
                self.components(v, indices, *ty)
            }
        }
    }

    /// Writes a resolved place.
    pub(super) fn store_resolved(&mut self, r: &Resolved, v: Word) -> Result<()> {
        match r {
            Resolved::Ptr { ptr, .. } => Ok(self.b.store(*ptr, v, None, [])?),
            Resolved::Swizzle {
                ptr,
                vec_ty,
                elem_ty,
                indices,
                ..
            } => {
                let old = self.b.load(*vec_ty, None, *ptr, None, [])?;
                // Component by component: drivers' SPIR-V readers mishandle shuffles of
                // vectors of different sizes (Intel's CPU runtime crashes on them).
                let new = if let [i] = indices.as_slice() {
                    self.b
                        .composite_insert(*vec_ty, None, v, old, [u32::from(*i)])?
                } else {
                    let mut acc = old;
                    for (k, &i) in indices.iter().enumerate() {
                        let c = self.b.composite_extract(*elem_ty, None, v, [k as u32])?;
                        acc = self
                            .b
                            .composite_insert(*vec_ty, None, c, acc, [u32::from(i)])?;
                    }
                    acc
                };
                Ok(self.b.store(*ptr, new, None, [])?)
            }
        }
    }

    /// Selects components of vector value `v`.
    pub(super) fn components(&mut self, v: Word, indices: &[u8], ty: Word) -> Result<Word> {
        Ok(match indices {
            [i] => self.b.composite_extract(ty, None, v, [u32::from(*i)])?,
            _ => self
                .b
                .vector_shuffle(ty, None, v, v, indices.iter().map(|&i| lane(i)))?,
        })
    }

    /// An integer index widened to 64 bits by its signedness.
    pub(super) fn index64(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let v = self.value(st, e)?;
        let x = &st.f.exprs[e];
        match self.m.types.as_scalar(x.ty) {
            Some(Scalar::Int { width: 64, .. }) => Ok(v),
            Some(Scalar::Int { signed, .. }) => {
                let ulong = self.scalar(Scalar::Int {
                    width: 64,
                    signed: false,
                });
                Ok(if signed {
                    self.b.s_convert(ulong, None, v)?
                } else {
                    self.b.u_convert(ulong, None, v)?
                })
            }
            _ => bug(x.span, "non-integer index"),
        }
    }

    pub(super) fn u32_const(&mut self, v: u32) -> Word {
        self.scalar_const(
            Scalar::Int {
                width: 32,
                signed: false,
            },
            ConstScalar::Int(u64::from(v)),
        )
    }

    pub(super) fn u64_const(&mut self, v: u64) -> Word {
        self.scalar_const(
            Scalar::Int {
                width: 64,
                signed: false,
            },
            ConstScalar::Int(v),
        )
    }
}
