//! clang types → AST types.

use super::{Lowerer, R};
use crate::front::clang::{Cursor, Ty};
use clang_sys::*;
use clc_passes::ast::Handle;
use clc_passes::ast::{
    AddressSpace, Field, ImageAccess, ImageDim, ImageType, QualType, Scalar, Space, StructDef, Type,
};

/// clang's `LangAS` numbering for the OpenCL spaces.
pub(super) fn space_of(lang_as: u32) -> Option<Space> {
    match lang_as {
        0 => Some(None),
        1 => Some(Some(AddressSpace::Global)),
        2 => Some(Some(AddressSpace::Local)),
        3 => Some(Some(AddressSpace::Constant)),
        4 => Some(Some(AddressSpace::Private)),
        5 => Some(Some(AddressSpace::Generic)),
        _ => None,
    }
}

/// clang lists the twelve image kinds in the same order for `read_only`, `write_only` and
/// `read_write`: 1d, 1d array, 1d buffer, 2d, 2d array, 2d depth, 2d array depth, then the
/// four multisample kinds, then 3d.
fn image_type(kind: CXTypeKind) -> Option<Result<ImageType, &'static str>> {
    let (idx, access) = if (CXType_OCLImage1dRO..=CXType_OCLImage3dRO).contains(&kind) {
        (kind - CXType_OCLImage1dRO, ImageAccess::ReadOnly)
    } else if (CXType_OCLImage1dWO..=CXType_OCLImage3dWO).contains(&kind) {
        (kind - CXType_OCLImage1dWO, ImageAccess::WriteOnly)
    } else if (CXType_OCLImage1dRW..=CXType_OCLImage3dRW).contains(&kind) {
        (kind - CXType_OCLImage1dRW, ImageAccess::ReadWrite)
    } else {
        return None;
    };
    let (dim, depth) = match idx {
        0 => (ImageDim::D1, false),
        1 => (ImageDim::D1Array, false),
        2 => (ImageDim::D1Buffer, false),
        3 => (ImageDim::D2, false),
        4 => (ImageDim::D2Array, false),
        5 => (ImageDim::D2, true),
        6 => (ImageDim::D2Array, true),
        7..=10 => return Some(Err("multisample images")),
        _ => (ImageDim::D3, false),
    };
    Some(Ok(ImageType { dim, access, depth }))
}

impl Lowerer<'_, '_> {
    /// The AST type of `t`, ignoring its own qualifiers; `at` locates errors.
    pub(super) fn ty(&mut self, t: Ty<'_>, at: &Cursor<'_>) -> R<Handle<Type>> {
        let int = |width, signed| Type::Scalar(Scalar::Int { width, signed });
        let ty = match t.kind() {
            CXType_Void => Type::Void,
            CXType_Bool => Type::Scalar(Scalar::Bool),
            CXType_Char_S | CXType_SChar => int(8, true),
            CXType_Char_U | CXType_UChar => int(8, false),
            CXType_Short => int(16, true),
            CXType_UShort => int(16, false),
            CXType_Int => int(32, true),
            CXType_UInt => int(32, false),
            CXType_Long => int(64, true),
            CXType_ULong => int(64, false),
            // OpenCL C reserves `long long` for a 128-bit integer, and clang and the
            // drivers' compilers make it one (`__builtin_clzll(1)` is 127).
            CXType_LongLong | CXType_ULongLong | CXType_Int128 | CXType_UInt128 => {
                return self.unsupported(at, format!("the 128-bit integer type '{}'", t.spelling()))
            }
            CXType_Half => Type::Scalar(Scalar::Float { width: 16 }),
            CXType_Float => Type::Scalar(Scalar::Float { width: 32 }),
            CXType_Double => Type::Scalar(Scalar::Float { width: 64 }),
            CXType_Pointer => {
                let p = t.pointee();
                let pointee = self.ty(p, at)?;
                let space = self.space(p, at)?;
                Type::Pointer {
                    pointee,
                    space,
                    is_const: p.is_const(),
                    is_volatile: p.is_volatile(),
                }
            }
            CXType_ConstantArray => {
                let elem = self.ty(t.element(), at)?;
                let len = t.num_elements();
                if len < 0 {
                    return self.unsupported(at, format!("array type '{}'", t.spelling()));
                }
                // A GNU extension clang accepts; SPIR-V arrays have at least one element.
                if len == 0 {
                    return self
                        .unsupported(at, format!("zero-length array type '{}'", t.spelling()));
                }
                Type::Array {
                    elem,
                    len: len as u64,
                }
            }
            CXType_Record => Type::Struct(self.record(t, at)?),
            CXType_Enum => match t.declaration(&self.root) {
                Some(d) => return self.ty(d.enum_integer_type(), at),
                None => return self.unsupported(at, format!("enum type '{}'", t.spelling())),
            },
            // `atomic_int` and friends: the atomicity belongs to the operations.
            CXType_Atomic => return self.ty(t.atomic_value(), at),
            CXType_OCLSampler => Type::Sampler,
            CXType_OCLEvent => Type::Event,
            CXType_ExtVector => {
                let elem = self.ty(t.element(), at)?;
                let (Some(elem), Ok(len)) = (
                    self.module.types.as_scalar(elem),
                    u8::try_from(t.num_elements()),
                ) else {
                    return self.unsupported(at, format!("vector type '{}'", t.spelling()));
                };
                if !matches!(len, 2 | 3 | 4 | 8 | 16) {
                    return self.unsupported(
                        at,
                        format!("vector type '{}' of {len} components", t.spelling()),
                    );
                }
                Type::Vector { elem, len }
            }
            k => match image_type(k) {
                Some(Ok(image)) => Type::Image(image),
                Some(Err(what)) => return self.unsupported(at, what),
                None => return self.unsupported(at, format!("type '{}'", t.spelling())),
            },
        };
        Ok(self.module.types.intern(ty))
    }

    /// The address space qualifier of `t`.
    pub(super) fn space(&mut self, t: Ty<'_>, at: &Cursor<'_>) -> R<Space> {
        match space_of(t.address_space()) {
            Some(s) => Ok(s),
            None => self.unsupported(at, format!("address space of type '{}'", t.spelling())),
        }
    }

    /// Type, space and constness of an object of type `t`.
    pub(super) fn qual(&mut self, t: Ty<'_>, at: &Cursor<'_>) -> R<QualType> {
        Ok(QualType {
            ty: self.ty(t, at)?,
            space: self.space(t, at)?,
            is_const: t.is_const(),
        })
    }

    fn record(&mut self, t: Ty<'_>, at: &Cursor<'_>) -> R<Handle<StructDef>> {
        let Some(decl) = t.declaration(&self.root) else {
            return self.unsupported(at, format!("record type '{}'", t.spelling()));
        };
        // Anonymous records of one struct can share a USR (two anonymous unions of
        // `Aabb`); their declarations' locations tell them apart.
        let usr = if decl.is_anonymous() {
            format!("{}@{:?}", decl.usr(), decl.location())
        } else {
            decl.usr()
        };
        if let Some(&h) = self.structs.get(&usr) {
            return Ok(h);
        }
        let (Some(size), Some(align)) = (t.size_of(), t.align_of()) else {
            return self.unsupported(at, format!("incomplete type '{}'", t.spelling()));
        };
        let is_union = decl.kind() == CXCursor_UnionDecl;
        let packed = decl
            .children()
            .iter()
            .any(|c| c.kind() == CXCursor_PackedAttr);
        let mut fields = Vec::new();
        for f in decl.fields_of(&t) {
            let ty = self.ty(f.ty(), &f)?;
            let Some(offset) = f.field_offset_bytes() else {
                return self.unsupported(&f, "field without a known offset");
            };
            // clang spells an anonymous member after its type ("union S::(anonymous at
            // …)"); it has no name, and its members are found through it.
            let anonymous = f
                .ty()
                .declaration(&self.root)
                .is_some_and(|d| d.is_anonymous_record_decl());
            fields.push(Field {
                name: if anonymous {
                    String::new()
                } else {
                    f.spelling()
                },
                ty,
                offset,
            });
        }
        let name = if decl.is_anonymous() {
            String::new()
        } else {
            decl.spelling()
        };
        let h = self.module.types.structs.append(StructDef {
            name,
            fields,
            size,
            align,
            packed,
            is_union,
        });
        self.structs.insert(usr, h);
        Ok(h)
    }
}
