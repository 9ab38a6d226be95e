//! Types and constants. rspirv deduplicates plain types but not structs or constants, so
//! both have caches here: one `OpTypeStruct` per struct declaration, one constant per
//! (type, value).

use super::flavor::Site;
use super::{unsupported, Result, Writer};
use clc_passes::ast::{AddressSpace, ConstValue, Handle, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::spirv::{Capability, Decoration, StorageClass, Word};

impl Writer<'_> {
    /// The SPIR-V type of an AST type; `at` locates an `unsupported:` error.
    pub(super) fn ty(&mut self, h: Handle<Type>, at: Span) -> Result<Word> {
        if let Some(&id) = self.types.get(h) {
            return Ok(id);
        }
        let id = match self.m.types.get(h).clone() {
            Type::Void => self.b.type_void(),
            Type::Scalar(s) => self.numeric_ty((s, 1)),
            Type::Pointer { pointee, space, .. } => {
                let space = super::named(space, at)?;
                if self.opts.flavor.is_vulkan() {
                    if space == AddressSpace::Generic && !self.opts.flat_generic {
                        return unsupported(
                            at,
                            "generic pointers whose address space is not inferred on the Vulkan target",
                        );
                    }
                    if self.storage_class(space, Site::Pointee)
                        == StorageClass::PhysicalStorageBuffer
                    {
                        self.check_buffer_type(pointee, at)?;
                    }
                }
                let pointee = self.pointee_ty(pointee, at)?;
                self.pointer(space, pointee)
            }
            Type::Array { elem, len } => {
                let elem_h = elem;
                let elem = self.ty(elem, at)?;
                let len_ty = self.scalar(Scalar::Int {
                    width: 32,
                    signed: false,
                });
                let Ok(len) = u32::try_from(len) else {
                    return unsupported(at, "arrays of 2^32 elements or more");
                };
                let len = self.constant_bits(len_ty, u64::from(len));
                let id = self.b.type_array(elem, len);
                let stride = self.m.types.size_of(elem_h, &self.m.lang.layout);
                self.array_stride(id, stride);
                id
            }
            Type::Struct(d) => {
                let def = self.m.types.structs[d].clone();
                let mut members = Vec::new();
                // The byte offset of each SPIR-V member (Vulkan decorates them).
                let mut offsets = Vec::new();
                if def.is_union {
                    // SPIR-V has no unions: the storage is the most aligned member (padded to
                    // the union's size), and members are reached through pointer casts.
                    let layout = &self.m.lang.layout;
                    let Some(rep) = def.fields.iter().max_by_key(|f| {
                        (
                            self.m.types.align_of(f.ty, layout),
                            self.m.types.size_of(f.ty, layout),
                        )
                    }) else {
                        return unsupported(at, "an empty union");
                    };
                    let rep_size = self.m.types.size_of(rep.ty, layout);
                    members.push(self.ty(rep.ty, at)?);
                    offsets.push(0);
                    if rep_size < def.size {
                        offsets.push(rep_size);
                        members.push(self.padding(def.size - rep_size));
                    }
                    let rep_index = def
                        .fields
                        .iter()
                        .position(|f| std::ptr::eq(f, rep))
                        .unwrap_or(0);
                    self.unions.insert(d, rep_index);
                } else {
                    // Reproduce clang's layout: consumers lay SPIR-V structs out naturally, so
                    // explicit byte arrays stand in for the padding that `aligned` attributes
                    // (or a packed struct's holes) add.
                    let layout = self.m.lang.layout;
                    let mut map = Vec::with_capacity(def.fields.len());
                    let mut pos = 0u64;
                    let mut max_align = 1u64;
                    for f in &def.fields {
                        let align = if def.packed {
                            1
                        } else {
                            self.natural_align(f.ty)
                        };
                        // Vulkan lays a member out at a multiple of its scalar alignment: a
                        // misaligned one of a packed struct is stored as its bytes
                        // (`bytes.rs` converts on access).
                        let as_bytes = self.opts.flavor.is_vulkan()
                            && f.offset % self.natural_align(f.ty) != 0;
                        if as_bytes && self.numeric(f.ty).is_none() {
                            return unsupported(
                                at,
                                format!(
                                    "the misaligned member '{}' of a packed struct on the Vulkan target (only scalars and vectors can be)",
                                    f.name
                                ),
                            );
                        }
                        let natural = pos.div_ceil(align) * align;
                        if f.offset != natural {
                            if f.offset < natural || f.offset % align != 0 {
                                return unsupported(
                                    at,
                                    format!("the layout of '{}'", self.m.types.display(h)),
                                );
                            }
                            offsets.push(pos);
                            members.push(self.padding(f.offset - pos));
                        }
                        map.push(members.len() as u32);
                        offsets.push(f.offset);
                        if as_bytes {
                            let n = self.m.types.size_of(f.ty, &layout);
                            members.push(self.padding(n));
                            self.byte_members.insert((d, map.len() as u32 - 1));
                        } else {
                            members.push(self.ty(f.ty, at)?);
                        }
                        pos = f.offset + self.m.types.size_of(f.ty, &layout);
                        max_align = max_align.max(align);
                    }
                    if pos.div_ceil(max_align) * max_align != def.size {
                        if def.size < pos {
                            return unsupported(
                                at,
                                format!("the layout of '{}'", self.m.types.display(h)),
                            );
                        }
                        offsets.push(pos);
                        members.push(self.padding(def.size - pos));
                    }
                    self.struct_members.insert(d, map);
                }
                let id = self.b.id();
                self.b.type_struct_id(Some(id), members);
                if self.opts.flavor.is_vulkan() {
                    // Structs may live in buffers: explicit layout, clang's offsets.
                    for (i, off) in offsets.iter().enumerate() {
                        self.b.member_decorate(
                            id,
                            i as u32,
                            Decoration::Offset,
                            [rspirv::dr::Operand::LiteralBit32(*off as u32)],
                        );
                    }
                }
                if def.packed && !self.opts.flavor.is_vulkan() {
                    self.b.decorate(id, Decoration::CPacked, []);
                }
                if !def.name.is_empty() {
                    self.b.name(id, format!("struct.{}", def.name));
                }
                id
            }
            Type::Vector { elem, len } => self.numeric_ty((elem, len)),
            // Vulkan: the texel type comes from the parameter (see `vk_images`).
            Type::Image(image) if self.opts.flavor.is_vulkan() => {
                self.vk_image_type(image, super::vk_images::Texel::Float)
            }
            Type::Image(image) => self.image_type(image),
            // Vulkan: a sampler is its bits.
            Type::Sampler if self.opts.flavor.is_vulkan() => self.scalar(Scalar::Int {
                width: 32,
                signed: false,
            }),
            Type::Sampler => self.b.type_sampler(),
            // Vulkan has no event type; events of the work-group copies are plain integers.
            Type::Event if self.opts.flavor.is_vulkan() => self.scalar(Scalar::Int {
                width: 32,
                signed: false,
            }),
            Type::Event => self.b.type_event(),
        };
        self.types.insert(h, id);
        let size = match self.m.types.get(h) {
            Type::Void | Type::Image(_) | Type::Sampler | Type::Event => 0,
            _ => self.m.types.size_of(h, &self.m.lang.layout),
        };
        self.sizes.entry(id).or_insert(size);
        Ok(id)
    }

    /// Vulkan: whether objects of type `h` can live in buffer memory. `bool` has no size
    /// there (OpenCL leaves its size to the implementation), so a struct or array holding one
    /// cannot be reached through a buffer address (the private stack and the data buffer
    /// included).
    pub(super) fn check_buffer_type(&self, h: Handle<Type>, at: Span) -> Result<()> {
        fn has_bool(m: &clc_passes::ast::Module, h: Handle<Type>) -> bool {
            match m.types.get(h) {
                Type::Scalar(Scalar::Bool) => true,
                Type::Vector { elem, .. } => *elem == Scalar::Bool,
                Type::Array { elem, .. } => has_bool(m, *elem),
                Type::Struct(d) => m.types.structs[*d].fields.iter().any(|f| has_bool(m, f.ty)),
                _ => false,
            }
        }
        if has_bool(self.m, h) {
            return unsupported(
                at,
                format!(
                    "'{}' in buffer memory on the Vulkan target: it holds a bool (a pointer to it, an object whose address is taken, or a program-scope variable)",
                    self.m.types.display(h)
                ),
            );
        }
        Ok(())
    }

    /// Decorates an array type with its stride once (Vulkan: arrays may live in buffers).
    fn array_stride(&mut self, array: Word, stride: u64) {
        if self.opts.flavor.is_vulkan() && self.strided.insert(array) {
            self.b.decorate(
                array,
                Decoration::ArrayStride,
                [rspirv::dr::Operand::LiteralBit32(stride as u32)],
            );
        }
    }

    /// The SPIR-V type a pointer to `h` points to: `void *` points to bytes (as in clang's
    /// SPIR-V), and a pointer to halfs needs only half storage (Float16Buffer, enough for
    /// vload_half/vstore_half), not half arithmetic.
    pub(super) fn pointee_ty(&mut self, h: Handle<Type>, at: Span) -> Result<Word> {
        Ok(match self.m.types.get(h) {
            Type::Void => self.scalar(Scalar::Int {
                width: 8,
                signed: false,
            }),
            Type::Scalar(s @ Scalar::Float { width: 16 }) if !self.opts.flavor.is_vulkan() => {
                let s = *s;
                self.capabilities.insert(Capability::Float16Buffer);
                self.scalar(s)
            }
            _ => self.ty(h, at)?,
        })
    }

    /// `uchar[n]`, for explicit padding.
    pub(super) fn padding(&mut self, n: u64) -> Word {
        let byte = self.scalar(Scalar::Int {
            width: 8,
            signed: false,
        });
        let len_ty = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let len = self.constant_bits(len_ty, n);
        let id = self.b.type_array(byte, len);
        self.array_stride(id, 1);
        id
    }

    /// The alignment a consumer gives a SPIR-V type it lays out naturally (attributes
    /// aside): clang's alignment for everything but structs, whose own `aligned` attribute
    /// the SPIR-V type cannot carry.
    pub(super) fn natural_align(&self, h: Handle<Type>) -> u64 {
        let layout = &self.m.lang.layout;
        match self.m.types.get(h) {
            Type::Struct(d) => {
                let def = &self.m.types.structs[*d];
                if def.packed {
                    1
                } else {
                    def.fields
                        .iter()
                        .map(|f| self.natural_align(f.ty))
                        .max()
                        .unwrap_or(1)
                }
            }
            Type::Array { elem, .. } => self.natural_align(*elem),
            _ => self.m.types.align_of(h, layout),
        }
    }

    /// The SPIR-V member index of field `field` of struct `d` (padding members shift them).
    pub(super) fn member_index(&self, d: Handle<clc_passes::ast::StructDef>, field: u32) -> u32 {
        self.struct_members
            .get(&d)
            .and_then(|m| m.get(field as usize).copied())
            .unwrap_or(field)
    }

    /// A scalar type, declaring the capability it needs.
    pub(super) fn scalar(&mut self, s: Scalar) -> Word {
        // Looked up again for nearly every instruction: remembered here rather than found
        // by rspirv, which builds the instruction and compares it with every type and
        // constant of the module.
        let slot = numeric_slot((s, 1));
        if let Some(id) = self.remembered(slot) {
            return id;
        }
        let id = self.new_scalar(s);
        self.remember(slot, id);
        id
    }

    /// The id [`Writer::remember`] kept in `slot`.
    pub(super) fn remembered(&self, slot: Option<usize>) -> Option<Word> {
        slot.and_then(|i| self.numeric_ids.get(i))
            .copied()
            .filter(|&id| id != 0)
    }

    /// Keeps the id of the numeric type of `slot` ([`numeric_slot`]).
    pub(super) fn remember(&mut self, slot: Option<usize>, id: Word) {
        if let Some(kept) = slot.and_then(|i| self.numeric_ids.get_mut(i)) {
            *kept = id;
        }
    }

    fn new_scalar(&mut self, s: Scalar) -> Word {
        match s {
            Scalar::Bool => self.b.type_bool(),
            Scalar::Int { width, .. } => {
                match width {
                    8 => self.capabilities.insert(Capability::Int8),
                    16 => self.capabilities.insert(Capability::Int16),
                    64 => self.capabilities.insert(Capability::Int64),
                    _ => false,
                };
                // Under the Kernel capability every integer type is signless.
                let id = self.b.type_int(u32::from(width), 0);
                self.sizes.insert(id, u64::from(width / 8));
                if width == 64 {
                    self.wide.insert(id);
                }
                id
            }
            Scalar::Float { width } => {
                // `half` values need Float16; half storage alone needs only Float16Buffer
                // (declared where pointers to half are made).
                if width == 64 {
                    self.capabilities.insert(Capability::Float64);
                }
                let id = self.b.type_float(u32::from(width), None);
                self.sizes.insert(id, u64::from(width / 8));
                if width == 64 {
                    self.wide.insert(id);
                }
                id
            }
        }
    }

    /// A pointer into `space` to the SPIR-V type `pointee`: the type of C pointers.
    pub(super) fn pointer(&mut self, space: AddressSpace, pointee: Word) -> Word {
        let sc = self.storage_class(space, Site::Pointee);
        self.pointer_sc(sc, pointee)
    }

    /// A pointer into storage class `sc`. Physical storage buffer pointers are stepped by
    /// `OpPtrAccessChain`, which needs the pointee's size as the pointer type's stride.
    pub(super) fn pointer_sc(&mut self, sc: StorageClass, pointee: Word) -> Word {
        if sc == StorageClass::Generic {
            self.capabilities.insert(Capability::GenericPointer);
        }
        if let Some(&id) = self.pointers.get(&(sc, pointee)) {
            return id;
        }
        let id = self.b.type_pointer(None, sc, pointee);
        self.pointers.insert((sc, pointee), id);
        self.pointer_info.insert(id, (sc, pointee));
        if matches!(
            sc,
            StorageClass::PhysicalStorageBuffer | StorageClass::Workgroup
        ) && self.opts.flavor.is_vulkan()
        {
            if let Some(&size) = self.sizes.get(&pointee) {
                if size > 0 && sc == StorageClass::PhysicalStorageBuffer {
                    self.b.decorate(
                        id,
                        Decoration::ArrayStride,
                        [rspirv::dr::Operand::LiteralBit32(size as u32)],
                    );
                }
            }
        }
        id
    }

    /// An integer or float constant from its bit pattern.
    pub(super) fn constant_bits(&mut self, ty: Word, bits: u64) -> Word {
        if let Some(&id) = self.constants.get(&(ty, bits)) {
            return id;
        }
        let wide = self.wide.contains(&ty);
        let id = if wide {
            self.b.constant_bit64(ty, bits)
        } else {
            self.b.constant_bit32(ty, bits as u32)
        };
        self.constants.insert((ty, bits), id);
        id
    }

    /// A constant of scalar kind `s`.
    pub(super) fn scalar_const(&mut self, s: Scalar, value: ConstScalar) -> Word {
        let ty = self.scalar(s);
        match (s, value) {
            (Scalar::Bool, v) => {
                let t = match v {
                    ConstScalar::Int(i) => i != 0,
                    ConstScalar::Float(f) => f != 0.0,
                };
                let key = (ty, u64::from(t));
                if let Some(&id) = self.constants.get(&key) {
                    return id;
                }
                let id = if t {
                    self.b.constant_true(ty)
                } else {
                    self.b.constant_false(ty)
                };
                self.constants.insert(key, id);
                id
            }
            // Literals of narrow integers must have their high-order bits clear.
            (Scalar::Int { width, .. }, ConstScalar::Int(i)) => {
                self.constant_bits(ty, low_bits(i, width))
            }
            (Scalar::Int { width, .. }, ConstScalar::Float(f)) => {
                self.constant_bits(ty, low_bits(f as i64 as u64, width))
            }
            (Scalar::Float { width }, v) => {
                let f = match v {
                    ConstScalar::Int(i) => i as i64 as f64,
                    ConstScalar::Float(f) => f,
                };
                let bits = match width {
                    16 => u64::from(half_bits(f as f32)),
                    32 => u64::from((f as f32).to_bits()),
                    _ => f.to_bits(),
                };
                self.constant_bits(ty, bits)
            }
        }
    }

    /// Member types of an emitted `OpTypeStruct`.
    fn struct_member_types(&self, ty: Word) -> Vec<Word> {
        self.b
            .module_ref()
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(ty) && i.class.opcode == rspirv::spirv::Op::TypeStruct)
            .map(|i| i.operands.iter().filter_map(|o| o.id_ref_any()).collect())
            .unwrap_or_default()
    }

    /// `&g[i].f…` as `OpSpecConstantOp InBoundsPtrAccessChain`, cast to the pointer type
    /// `ty` (generic or another pointee) where needed.
    fn address_constant(
        &mut self,
        g: Handle<clc_passes::ast::Global>,
        indices: &[u32],
        ty: Word,
        to_generic: bool,
        at: Span,
    ) -> Result<Word> {
        use rspirv::dr::Operand;
        use rspirv::spirv::Op;
        let Some(&base) = self.globals.get(&g) else {
            return unsupported(at, "the address of a variable declared after its use");
        };
        let global = &self.m.globals[g];
        let space = super::named(global.ty.space, at)?;
        // Walk the indices to find the addressed element's type.
        let mut cur = global.ty.ty;
        for &i in indices {
            cur = match self.m.types.get(cur) {
                Type::Array { elem, .. } => *elem,
                Type::Struct(d) => match self.m.types.structs[*d].fields.get(i as usize) {
                    Some(f) => f.ty,
                    None => return unsupported(at, "this address constant"),
                },
                _ => return unsupported(at, "this address constant"),
            };
        }
        let elem = self.ty(cur, at)?;
        let elem_ptr = self.pointer(space, elem);
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let zero = self.constant_bits(ulong, 0);
        let mut operands = vec![
            Operand::LiteralSpecConstantOpInteger(Op::InBoundsPtrAccessChain),
            Operand::IdRef(base),
            Operand::IdRef(zero),
        ];
        // 32-bit indices suit both struct members (which require them) and array elements.
        let idx_ty = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        for &i in indices {
            operands.push(Operand::IdRef(self.constant_bits(idx_ty, u64::from(i))));
        }
        let mut value = self.spec_op(elem_ptr, operands);
        if elem_ptr != ty {
            if to_generic {
                let generic = self.pointer(AddressSpace::Generic, elem);
                value = self.spec_op(
                    generic,
                    vec![
                        Operand::LiteralSpecConstantOpInteger(Op::PtrCastToGeneric),
                        Operand::IdRef(value),
                    ],
                );
                if generic != ty {
                    value = self.spec_op(
                        ty,
                        vec![
                            Operand::LiteralSpecConstantOpInteger(Op::Bitcast),
                            Operand::IdRef(value),
                        ],
                    );
                }
            } else {
                value = self.spec_op(
                    ty,
                    vec![
                        Operand::LiteralSpecConstantOpInteger(Op::Bitcast),
                        Operand::IdRef(value),
                    ],
                );
            }
        }
        Ok(value)
    }

    fn spec_op(&mut self, ty: Word, operands: Vec<rspirv::dr::Operand>) -> Word {
        let id = self.b.id();
        self.b
            .module_mut()
            .types_global_values
            .push(rspirv::dr::Instruction::new(
                rspirv::spirv::Op::SpecConstantOp,
                Some(ty),
                Some(id),
                operands,
            ));
        id
    }

    /// `OpConstantNull` of a SPIR-V type.
    pub(super) fn null(&mut self, ty: Word) -> Word {
        if let Some(&id) = self.nulls.get(&ty) {
            return id;
        }
        let id = self.b.constant_null(ty);
        self.nulls.insert(ty, id);
        id
    }

    /// `OpConstantComposite`, or a located error when the constituents do not fit one
    /// instruction: its word count is 16 bits, so at most 65,532 constituents (SPIR-V 1.0 has
    /// no continuation instruction for composites).
    pub(super) fn composite(&mut self, ty: Word, ids: Vec<Word>, at: Span) -> Result<Word> {
        const MAX_CONSTITUENTS: usize = 0xFFFF - 3;
        if ids.len() > MAX_CONSTITUENTS {
            return unsupported(
                at,
                format!(
                    "a constant of {} elements; a SPIR-V constant holds at most {MAX_CONSTITUENTS}",
                    ids.len()
                ),
            );
        }
        Ok(self.b.constant_composite(ty, ids))
    }

    /// A constant of AST type `h` with value `v` (initializers of program-scope variables).
    pub(super) fn const_value(
        &mut self,
        h: Handle<Type>,
        v: &ConstValue,
        at: Span,
    ) -> Result<Word> {
        let ty = self.ty(h, at)?;
        Ok(match (self.m.types.get(h).clone(), v) {
            (Type::Pointer { .. }, ConstValue::Zero) if self.opts.flavor.is_vulkan() => {
                return unsupported(at, "pointer constants on the Vulkan target")
            }
            (_, ConstValue::Zero) => self.null(ty),
            (Type::Pointer { space, .. }, ConstValue::Address { global, indices }) => self
                .address_constant(
                    *global,
                    indices,
                    ty,
                    space == Some(AddressSpace::Generic),
                    at,
                )?,
            (Type::Scalar(s), ConstValue::Int(i)) => self.scalar_const(s, ConstScalar::Int(*i)),
            (Type::Scalar(s), ConstValue::Float(f)) => self.scalar_const(s, ConstScalar::Float(*f)),
            (Type::Scalar(s), ConstValue::Bool(b)) => {
                self.scalar_const(s, ConstScalar::Int(u64::from(*b)))
            }
            (Type::Array { elem, .. }, ConstValue::Composite(items)) => {
                let mut ids = Vec::new();
                for i in items {
                    ids.push(self.const_value(elem, i, at)?);
                }
                self.composite(ty, ids, at)?
            }
            (Type::Vector { elem, .. }, ConstValue::Composite(items)) => {
                let mut ids = Vec::new();
                for i in items {
                    ids.push(match i {
                        ConstValue::Int(v) => self.scalar_const(elem, ConstScalar::Int(*v)),
                        ConstValue::Float(v) => self.scalar_const(elem, ConstScalar::Float(*v)),
                        ConstValue::Bool(v) => {
                            self.scalar_const(elem, ConstScalar::Int(u64::from(*v)))
                        }
                        _ => {
                            let et = self.scalar(elem);
                            self.null(et)
                        }
                    });
                }
                self.composite(ty, ids, at)?
            }
            (Type::Struct(d), ConstValue::Composite(items)) if self.m.types.structs[d].is_union => {
                // Only the representation member can be written as a constant.
                let def = self.m.types.structs[d].clone();
                let rep = self.unions.get(&d).copied().unwrap_or(0);
                let (Some(first), true) = (items.first(), rep == 0) else {
                    return unsupported(
                        at,
                        "a constant union initialized through a member smaller than the union",
                    );
                };
                let mut ids = vec![self.const_value(def.fields[0].ty, first, at)?];
                let rep_size = self.m.types.size_of(def.fields[0].ty, &self.m.lang.layout);
                if rep_size < def.size {
                    let pad = self.padding(def.size - rep_size);
                    ids.push(self.null(pad));
                }
                self.composite(ty, ids, at)?
            }
            (Type::Struct(d), ConstValue::Composite(items)) => {
                let fields: Vec<_> = self.m.types.structs[d]
                    .fields
                    .iter()
                    .map(|f| f.ty)
                    .collect();
                let mut values = Vec::new();
                for (k, (f, i)) in fields.into_iter().zip(items).enumerate() {
                    if self.byte_members.contains(&(d, k as u32)) {
                        values.push(self.const_bytes(f, i, at)?);
                    } else {
                        values.push(self.const_value(f, i, at)?);
                    }
                }
                // Padding members take null values.
                let member_tys = self.struct_member_types(ty);
                let mut ids: Vec<Word> = member_tys.iter().map(|&t| self.null(t)).collect();
                for (k, v) in values.into_iter().enumerate() {
                    let idx = self.member_index(d, k as u32) as usize;
                    if let Some(slot) = ids.get_mut(idx) {
                        *slot = v;
                    }
                }
                self.composite(ty, ids, at)?
            }
            _ => return unsupported(at, "this constant initializer"),
        })
    }
}

/// A scalar constant before it is typed.
#[derive(Debug, Clone, Copy)]
pub(super) enum ConstScalar {
    /// Integer bits.
    Int(u64),
    /// Float value.
    Float(f64),
}

fn low_bits(v: u64, width: u8) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// IEEE binary16 bits of `f` (round to nearest even).
pub(crate) fn half_bits(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

#[cfg(test)]
mod tests {
    use super::half_bits;

    #[test]
    fn half_conversion_rounds_to_nearest_even() {
        assert_eq!(half_bits(1.0), 0x3c00);
        assert_eq!(half_bits(-2.0), 0xc000);
        assert_eq!(half_bits(65504.0), 0x7bff);
        assert_eq!(half_bits(1e6), 0x7c00);
        assert_eq!(half_bits(f32::NAN) & 0x7c00, 0x7c00);
        assert_eq!(half_bits(5.960_464_5e-8), 0x0001);
    }
}

/// Where [`Writer::remember`] keeps the id of a numeric type: 6 lengths (1, 2, 3, 4, 8, 16)
/// of each scalar (`bool`, the integers of 8, 16, 32 and 64 bits, the floats of 16, 32 and
/// 64).
pub(super) fn numeric_slot((s, n): super::numeric::Numeric) -> Option<usize> {
    let scalar = match s {
        Scalar::Bool => 0,
        Scalar::Int { width: 8, .. } => 1,
        Scalar::Int { width: 16, .. } => 2,
        Scalar::Int { width: 32, .. } => 3,
        Scalar::Int { width: 64, .. } => 4,
        Scalar::Float { width: 16 } => 5,
        Scalar::Float { width: 32 } => 6,
        Scalar::Float { width: 64 } => 7,
        _ => return None,
    };
    let length = match n {
        1 => 0,
        2 => 1,
        3 => 2,
        4 => 3,
        8 => 4,
        16 => 5,
        _ => return None,
    };
    Some(scalar * 6 + length)
}
