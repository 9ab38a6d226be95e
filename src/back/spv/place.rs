//! Places: the objects expressions designate. Most resolve to a pointer; a vector swizzle
//! of a place is a set of components of the vector stored there, read and written with
//! shuffles (SPIR-V cannot point at several components).

use super::flavor::Site;
use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::{
    AddressSpace, CastKind, Category, Expr, ExprKind, Handle, Scalar, Swizzle, Type,
};
use rspirv::dr::Operand;
use rspirv::spirv::{MemoryAccess, StorageClass, Word};

/// A place whose address has been computed (once, whatever its side effects).
pub(super) enum Resolved {
    /// An object of SPIR-V type `ty` (AST type `ast`) at `ptr` in `sc` storage.
    Ptr {
        ptr: Word,
        ty: Word,
        sc: StorageClass,
        ast: Handle<Type>,
        /// What the place's address is known to be aligned to, at most (see `place_align`).
        align: u64,
        /// A `volatile` object: its reads and writes are `Volatile` accesses.
        volatile: bool,
    },
    /// Vulkan: a misaligned member of a packed struct in logical storage, stored as the
    /// bytes (`uchar[n]`, SPIR-V type `bytes_ty`) at `ptr` (see `bytes.rs`).
    Bytes {
        ptr: Word,
        bytes_ty: Word,
        sc: StorageClass,
        ast: Handle<Type>,
        at: clc_passes::diag::Span,
        volatile: bool,
    },
    /// Components `indices` of the vector (SPIR-V type `vec_ty`) in place `vec`; `ty` is
    /// the type of the selected components.
    Swizzle {
        vec: Box<Resolved>,
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
        Ok(self.place_in(st, e)?.0)
    }

    /// The pointer to the object a place designates, and the storage class it points into
    /// (which the address space alone does not decide: Vulkan keeps program-scope
    /// `__constant` data in `Private` variables but reaches `__constant` buffers through
    /// buffer device addresses).
    pub(super) fn place_in(
        &mut self,
        st: &mut FnState<'_>,
        e: Handle<Expr>,
    ) -> Result<(Word, StorageClass)> {
        let x = &st.f.exprs[e];
        let span = x.span;
        let Category::Place { space, .. } = x.category else {
            return bug(span, "value used as a place");
        };
        let space = super::named(space, span)?;
        match x.kind.clone() {
            ExprKind::Local(l) => match st.locals.get(&l) {
                Some(&p) => Ok((p, self.local_class(st, l))),
                None => bug(span, "local without storage"),
            },
            ExprKind::Global(g) if self.opts.flavor.is_vulkan() => {
                // In the module data buffer.
                let Some(&offset) = self.data.offsets.get(&g) else {
                    if matches!(self.m.types.get(self.m.globals[g].ty.ty), Type::Sampler) {
                        return super::unsupported(span, "samplers on the Vulkan target");
                    }
                    return bug(span, "global without a place in the data buffer");
                };
                self.check_buffer_type(self.m.globals[g].ty.ty, self.m.globals[g].span)?;
                let ty = self.ty(self.m.globals[g].ty.ty, span)?;
                let sc = self.global_class(g);
                let ptr_ty = self.pointer_sc(sc, ty);
                let nd = self.ndrange();
                let ptr = self.stack_address(&mut st.used, nd.data, offset, ptr_ty)?;
                Ok((ptr, sc))
            }
            ExprKind::Global(g) => match self.globals.get(&g) {
                Some(&p) => {
                    st.used.insert(p);
                    let sc = self.global_class(g);
                    Ok((p, sc))
                }
                None => bug(span, "global without storage"),
            },
            ExprKind::Deref(p) if self.local_root(st, p).is_some() => {
                let Some(r) = self.local_root(st, p) else {
                    return bug(span, "a __local index");
                };
                let flat = self.local_flat(st, p)?;
                self.local_chain(st, r, flat, x.ty, span)
            }
            ExprKind::Deref(p) => {
                let sc = if self.logical_pointer(st, p) {
                    self.function_class()
                } else {
                    self.storage_class(space, Site::Pointee)
                };
                Ok((self.value(st, p)?, sc))
            }
            ExprKind::Index { base, index } => {
                let ty = self.ty(x.ty, span)?;
                if let Some(found) = self.local_component_view(st, base, index, x.ty, span)? {
                    return Ok(found);
                }
                // `arg[i]` on a kernel's `__local` argument: an access chain of its
                // work-group array.
                if let ExprKind::Load(p) = st.f.exprs[base].kind {
                    if let ExprKind::Local(l) = st.f.exprs[p].kind {
                        if let Some((var, _, sc)) = st.local_arrays.get(&l).copied() {
                            let ptr_ty = self.pointer_sc(sc, ty);
                            let idx = self.index64(st, index)?;
                            return Ok((self.b.access_chain(ptr_ty, None, var, [idx])?, sc));
                        }
                    }
                }
                if let ExprKind::Cast {
                    kind: CastKind::ArrayToPointer,
                    operand,
                    ..
                } = st.f.exprs[base].kind
                {
                    if self.opts.flavor.is_vulkan() {
                        // `array[i]`: an access chain into the array object, which logical
                        // storage classes (Function, Private, Workgroup) allow where
                        // pointer arithmetic is not.
                        let (arr, sc) = self.place_in(st, operand)?;
                        let ptr_ty = self.pointer_sc(sc, ty);
                        let idx = self.index64(st, index)?;
                        return Ok((self.b.access_chain(ptr_ty, None, arr, [idx])?, sc));
                    }
                }
                if let Some(r) = self.local_root(st, base) {
                    // `p[i]` of a `__local` pointer kept as an object and an index (an array
                    // indexed directly, `tile[y][x]`, keeps its access chain above).
                    let flat = self.local_place_flat(st, e)?;
                    return self.local_chain(st, r, flat, x.ty, span);
                }
                let sc = self.storage_class(space, Site::Pointee);
                let ptr_ty = self.pointer_sc(sc, ty);
                let base = self.value(st, base)?;
                let idx = self.index64(st, index)?;
                let unsigned = matches!(
                    self.m.types.as_scalar(st.f.exprs[index].ty),
                    Some(Scalar::Int { signed: false, .. })
                );
                Ok((self.ptr_chain(ptr_ty, base, idx, unsigned)?, sc))
            }
            ExprKind::Member { base, field } => {
                let ty = self.ty(x.ty, span)?;
                let def = match self.m.types.get(st.f.exprs[base].ty) {
                    Type::Struct(d) => *d,
                    _ => return bug(span, "member of a non-struct"),
                };
                let (base, sc) = self.place_in(st, base)?;
                let ptr_ty = self.pointer_sc(sc, ty);
                if self.m.types.structs[def].is_union {
                    // Every member of a union starts at its first byte.
                    if self.opts.flavor.is_vulkan() && sc != StorageClass::PhysicalStorageBuffer {
                        return super::unsupported(
                            span,
                            "a union member outside __global or __constant memory on the Vulkan target",
                        );
                    }
                    return Ok((self.b.bitcast(ptr_ty, None, base)?, sc));
                }
                let idx = self.u32_const(self.member_index(def, field));
                if self.byte_members.contains(&(def, field)) {
                    // Stored as bytes: a buffer address can be cast to the member's type.
                    if sc != StorageClass::PhysicalStorageBuffer {
                        return super::unsupported(
                            span,
                            "the address of a misaligned member of a packed struct outside buffer memory on the Vulkan target",
                        );
                    }
                    let bytes_ty = self.bytes_ty(x.ty);
                    let bytes_ptr = self.pointer_sc(sc, bytes_ty);
                    let p = self
                        .b
                        .in_bounds_access_chain(bytes_ptr, None, base, [idx])?;
                    return Ok((self.b.bitcast(ptr_ty, None, p)?, sc));
                }
                Ok((
                    self.b.in_bounds_access_chain(ptr_ty, None, base, [idx])?,
                    sc,
                ))
            }
            ExprKind::CompoundLiteral { local, init } => {
                let Some(&var) = st.locals.get(&local) else {
                    return bug(span, "compound literal without storage");
                };
                let sc = self.local_class(st, local);
                self.store_init(st, var, x.ty, sc, &init, span)?;
                Ok((var, sc))
            }
            ExprKind::Swizzle { .. } => bug(span, "the address of vector components"),
            _ => bug(span, "this expression is not a place"),
        }
    }

    /// Vulkan: `((local T *)arg)[i]` where `arg` is a kernel's `__local` argument of vectors
    /// of `T` (`local int4 *` read as `local int *`): component `i % n` of vector `i / n`.
    /// Work-group memory has no byte layout to reinterpret, but this view needs none.
    fn local_component_view(
        &mut self,
        st: &mut FnState<'_>,
        base: Handle<Expr>,
        index: Handle<Expr>,
        elem: Handle<clc_passes::ast::Type>,
        span: clc_passes::diag::Span,
    ) -> Result<Option<(Word, StorageClass)>> {
        if !self.opts.flavor.is_vulkan() {
            return Ok(None);
        }
        let ExprKind::Cast {
            kind: CastKind::PointerBitcast,
            operand,
            ..
        } = st.f.exprs[base].kind
        else {
            return Ok(None);
        };
        let ExprKind::Load(p) = st.f.exprs[operand].kind else {
            return Ok(None);
        };
        let ExprKind::Local(l) = st.f.exprs[p].kind else {
            return Ok(None);
        };
        let Some((var, _, sc)) = st.local_arrays.get(&l).copied() else {
            return Ok(None);
        };
        let Some((src, _, _)) = self.m.types.as_pointer(st.f.exprs[operand].ty) else {
            return Ok(None);
        };
        let Type::Vector {
            elem: component,
            len,
        } = *self.m.types.get(src)
        else {
            return Ok(None);
        };
        if len == 3 || self.m.types.as_scalar(elem) != Some(component) {
            return Ok(None);
        }
        let ty = self.ty(elem, span)?;
        let ptr_ty = self.pointer_sc(sc, ty);
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let i = self.index64(st, index)?;
        let n = self.u64_const(u64::from(len));
        let outer = self.b.u_div(ulong, None, i, n)?;
        let inner = self.b.u_mod(ulong, None, i, n)?;
        Ok(Some((
            self.b.access_chain(ptr_ty, None, var, [outer, inner])?,
            sc,
        )))
    }

    /// Vulkan: whether pointer value `p` is a parameter that points into the caller's
    /// `Function` storage (`flavor::logical_private`).
    pub(super) fn logical_pointer(&self, st: &FnState<'_>, p: Handle<Expr>) -> bool {
        match st.f.exprs[p].kind {
            ExprKind::Load(q) => {
                matches!(st.f.exprs[q].kind, ExprKind::Local(l) if st.logical.contains(&l))
            }
            _ => false,
        }
    }

    /// Vulkan: whether place `p` is a whole private variable in `Function` storage.
    pub(super) fn in_function_storage(&self, st: &FnState<'_>, p: Handle<Expr>) -> bool {
        match st.f.exprs[p].kind {
            ExprKind::Local(l) => {
                self.opts.flavor.is_vulkan()
                    && st.locals.contains_key(&l)
                    && self.local_class(st, l) == StorageClass::Function
            }
            _ => false,
        }
    }

    /// The storage class of a local variable's storage.
    pub(super) fn local_class(
        &self,
        st: &FnState<'_>,
        l: Handle<clc_passes::ast::Local>,
    ) -> StorageClass {
        let space = st.f.locals[l].ty.space.unwrap_or(AddressSpace::Private);
        if st.on_stack.contains(&l) {
            self.storage_class(AddressSpace::Private, Site::Pointee)
        } else if space == AddressSpace::Local {
            self.storage_class(space, Site::ModuleVariable)
        } else {
            self.storage_class(AddressSpace::Private, Site::FunctionVariable)
        }
    }

    /// The storage class of a program-scope variable (`verify` makes sure its space is
    /// named; `Global` can only be wrong for a broken module).
    pub(super) fn global_class(&self, g: Handle<clc_passes::ast::Global>) -> StorageClass {
        let space = self.m.globals[g].ty.space.unwrap_or(AddressSpace::Global);
        self.storage_class(space, Site::ModuleVariable)
    }

    /// The storage class the pointee of pointer type `t` lives in (`None`: not a pointer).
    pub(super) fn pointee_class(&self, t: Handle<clc_passes::ast::Type>) -> Option<StorageClass> {
        let (_, space, _) = self.m.types.as_pointer(t)?;
        Some(self.storage_class(space?, Site::Pointee))
    }

    /// The memory operands of an access to `sc` storage through a pointer to an object of
    /// AST type `ty`: Vulkan's physical storage buffers need the alignment, and accesses to
    /// memory other invocations see are non-private under the Vulkan memory model.
    pub(super) fn memory_access(
        &self,
        sc: StorageClass,
        ty: Handle<Type>,
    ) -> (Option<MemoryAccess>, Vec<Operand>) {
        if !self.opts.flavor.is_vulkan() {
            return (None, vec![]);
        }
        match sc {
            StorageClass::PhysicalStorageBuffer => {
                let align = self.m.types.align_of(ty, &self.m.lang.layout).max(1) as u32;
                (
                    Some(MemoryAccess::ALIGNED | MemoryAccess::NON_PRIVATE_POINTER),
                    vec![Operand::LiteralBit32(align)],
                )
            }
            StorageClass::Workgroup => (Some(MemoryAccess::NON_PRIVATE_POINTER), vec![]),
            _ => (None, vec![]),
        }
    }

    /// Loads an object of AST type `ast` and SPIR-V type `ty` from `ptr` in `sc` storage.
    pub(super) fn load_from(
        &mut self,
        ty: Word,
        ptr: Word,
        sc: StorageClass,
        ast: Handle<Type>,
    ) -> Result<Word> {
        self.load_aligned(ty, ptr, sc, ast, (u64::MAX, false))
    }

    /// As `load_from`, from an address aligned to at most `align` (a member of a packed
    /// struct is aligned as the struct, not as its type), a `Volatile` access if `volatile`.
    fn load_aligned(
        &mut self,
        ty: Word,
        ptr: Word,
        sc: StorageClass,
        ast: Handle<Type>,
        (align, volatile): (u64, bool),
    ) -> Result<Word> {
        if let Some((elem, n)) = self.split_vector_access(sc, ast, align) {
            // Component by component (see `split_vector_access`).
            let (s, _) = elem;
            let et = self.numeric_ty((s, 1));
            let ep = self.pointer_sc(sc, et);
            let mut parts = Vec::with_capacity(usize::from(n));
            for k in 0..u32::from(n) {
                let idx = self.u32_const(k);
                let p = self.b.in_bounds_access_chain(ep, None, ptr, [idx])?;
                let (access, ops) = self.component_access(s, align);
                parts.push(
                    self.b
                        .load(et, None, p, mark_volatile(access, volatile), ops)?,
                );
            }
            return Ok(self.b.composite_construct(ty, None, parts)?);
        }
        let (access, mut ops) = self.memory_access(sc, ast);
        cap_alignment(&mut ops, align);
        let access = mark_volatile(access, volatile);
        Ok(self.b.load(ty, None, ptr, access, ops)?)
    }

    /// Vulkan: a vector in buffer memory at an address aligned below its own alignment (a
    /// member of a packed struct) is accessed component by component: NVIDIA's driver
    /// rounds the address of a vector access down to the vector's alignment whatever its
    /// `Aligned` operand says (a `float2` stored at offset 23 landed at 20), while scalar
    /// accesses with `Aligned 1` work. `Some((component kind, count))` when so.
    fn split_vector_access(
        &self,
        sc: StorageClass,
        ast: Handle<Type>,
        align: u64,
    ) -> Option<((Scalar, u8), u8)> {
        if sc != StorageClass::PhysicalStorageBuffer
            || align >= self.m.types.align_of(ast, &self.m.lang.layout)
        {
            return None;
        }
        match *self.m.types.get(ast) {
            Type::Vector { elem, len } => Some(((elem, 1), len)),
            _ => None,
        }
    }

    /// The memory operands of one component of kind `s` of a split vector access.
    fn component_access(&self, s: Scalar, align: u64) -> (Option<MemoryAccess>, Vec<Operand>) {
        let a = align.min(s.size()).max(1) as u32;
        (
            Some(MemoryAccess::ALIGNED | MemoryAccess::NON_PRIVATE_POINTER),
            vec![Operand::LiteralBit32(a)],
        )
    }

    /// Stores `v`, an object of AST type `ast`, to `ptr` in `sc` storage.
    pub(super) fn store_to(
        &mut self,
        ptr: Word,
        v: Word,
        sc: StorageClass,
        ast: Handle<Type>,
    ) -> Result<()> {
        self.store_aligned(ptr, v, sc, ast, (u64::MAX, false))
    }

    /// As `store_to`, to an address aligned to at most `align`, `Volatile` if `volatile`.
    fn store_aligned(
        &mut self,
        ptr: Word,
        v: Word,
        sc: StorageClass,
        ast: Handle<Type>,
        (align, volatile): (u64, bool),
    ) -> Result<()> {
        if let Some(((s, _), n)) = self.split_vector_access(sc, ast, align) {
            let et = self.numeric_ty((s, 1));
            let ep = self.pointer_sc(sc, et);
            for k in 0..u32::from(n) {
                let idx = self.u32_const(k);
                let p = self.b.in_bounds_access_chain(ep, None, ptr, [idx])?;
                let c = self.b.composite_extract(et, None, v, [k])?;
                let (access, ops) = self.component_access(s, align);
                self.b.store(p, c, mark_volatile(access, volatile), ops)?;
            }
            return Ok(());
        }
        let (access, mut ops) = self.memory_access(sc, ast);
        cap_alignment(&mut ops, align);
        let access = mark_volatile(access, volatile);
        Ok(self.b.store(ptr, v, access, ops)?)
    }

    /// The alignment a place's address is known to have, where it can be less than its
    /// type's: a member of a struct is aligned as the struct and its offset allow (a
    /// `packed` struct has alignment 1, so `p[1].i` of a 5-byte packed struct is not
    /// 4-aligned whatever `int` asks). `u64::MAX` where the type's alignment holds.
    fn place_align(&self, st: &FnState<'_>, e: Handle<Expr>) -> u64 {
        let x = &st.f.exprs[e];
        match x.kind {
            ExprKind::Member { base, field } => {
                let b = &st.f.exprs[base];
                let Type::Struct(d) = *self.m.types.get(b.ty) else {
                    return u64::MAX;
                };
                let def = &self.m.types.structs[d];
                let container = self.place_align(st, base).min(def.align.max(1));
                let offset = def.fields.get(field as usize).map_or(0, |f| f.offset);
                if offset == 0 {
                    container
                } else {
                    container.min(1 << offset.trailing_zeros())
                }
            }
            ExprKind::Index { base, .. } => match st.f.exprs[base].kind {
                ExprKind::Cast {
                    kind: CastKind::ArrayToPointer,
                    operand,
                    ..
                } => self.place_align(st, operand),
                _ => u64::MAX,
            },
            ExprKind::Swizzle { base, .. } => self.place_align(st, base),
            _ => u64::MAX,
        }
    }

    /// Computes a place's address once, for reading and writing it.
    pub(super) fn resolve(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Resolved> {
        let x = st.f.exprs[e].clone();
        let ty = self.ty(x.ty, x.span)?;
        let volatile = matches!(
            x.category,
            Category::Place {
                is_volatile: true,
                ..
            }
        );
        if let ExprKind::Swizzle { base, indices } = x.kind {
            let b = &st.f.exprs[base];
            let Some((elem, _)) = self.numeric(b.ty) else {
                return bug(x.span, "swizzle of a non-vector");
            };
            let vec_ty = self.ty(b.ty, b.span)?;
            let elem_ty = self.scalar(elem);
            let vec = Box::new(self.resolve(st, base)?);
            return Ok(Resolved::Swizzle {
                vec,
                vec_ty,
                elem_ty,
                indices,
                ty,
            });
        }
        if let ExprKind::Member { base, field } = x.kind {
            if let Some(def) = self.byte_member(st.f.exprs[base].ty, field) {
                let (b, sc) = self.place_in(st, base)?;
                if sc != StorageClass::PhysicalStorageBuffer {
                    let bytes_ty = self.bytes_ty(x.ty);
                    let bytes_ptr = self.pointer_sc(sc, bytes_ty);
                    let idx = self.u32_const(self.member_index(def, field));
                    let ptr = self.b.in_bounds_access_chain(bytes_ptr, None, b, [idx])?;
                    return Ok(Resolved::Bytes {
                        ptr,
                        bytes_ty,
                        sc,
                        ast: x.ty,
                        at: x.span,
                        volatile,
                    });
                }
            }
        }
        let (ptr, sc) = self.place_in(st, e)?;
        Ok(Resolved::Ptr {
            ptr,
            ty,
            sc,
            ast: x.ty,
            align: self.place_align(st, e),
            volatile,
        })
    }

    /// Reads a resolved place.
    pub(super) fn load_resolved(&mut self, r: &Resolved) -> Result<Word> {
        match r {
            Resolved::Ptr {
                ptr,
                ty,
                sc,
                ast,
                align,
                volatile,
            } => self.load_aligned(*ty, *ptr, *sc, *ast, (*align, *volatile)),
            Resolved::Bytes {
                ptr,
                bytes_ty,
                sc,
                ast,
                at,
                volatile,
            } => {
                let bytes = self.load_aligned(*bytes_ty, *ptr, *sc, *ast, (u64::MAX, *volatile))?;
                self.from_bytes(bytes, *ast, *at)
            }
            Resolved::Swizzle {
                vec, indices, ty, ..
            } => {
                let v = self.load_resolved(vec)?;
                self.components(v, indices, *ty)
            }
        }
    }

    /// Writes a resolved place.
    pub(super) fn store_resolved(&mut self, r: &Resolved, v: Word) -> Result<()> {
        match r {
            Resolved::Ptr {
                ptr,
                sc,
                ast,
                align,
                volatile,
                ..
            } => self.store_aligned(*ptr, v, *sc, *ast, (*align, *volatile)),
            Resolved::Bytes {
                ptr,
                sc,
                ast,
                at,
                volatile,
                ..
            } => {
                let bytes = self.to_bytes(v, *ast, *at)?;
                self.store_aligned(*ptr, bytes, *sc, *ast, (u64::MAX, *volatile))
            }
            Resolved::Swizzle {
                vec,
                vec_ty,
                elem_ty,
                indices,
                ..
            } => {
                let old = self.load_resolved(vec)?;
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
                self.store_resolved(vec, new)
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

/// Lowers the `Aligned` literal of memory operands `ops` (if any) to at most `align`.
fn cap_alignment(ops: &mut [Operand], align: u64) {
    if let Some(Operand::LiteralBit32(a)) = ops.first_mut() {
        *a = (*a).min(u32::try_from(align).unwrap_or(u32::MAX)).max(1);
    }
}

/// `access` with `Volatile` added when `volatile` (a `volatile` object's reads and writes).
fn mark_volatile(access: Option<MemoryAccess>, volatile: bool) -> Option<MemoryAccess> {
    if volatile {
        Some(access.unwrap_or(MemoryAccess::NONE) | MemoryAccess::VOLATILE)
    } else {
        access
    }
}
