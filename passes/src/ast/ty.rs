//! Types and address spaces of the typed AST.
//!
//! Types are interned in [`Types`]: equal structural types share one handle, so type
//! equality is handle equality. Structs are nominal (each declaration gets its own
//! [`StructDef`]). Address spaces qualify *objects* (see [`QualType`]) and the pointee of
//! pointers; rvalues have no address space.

use super::arena::{Arena, Handle};
use rustc_hash::FxHashMap;
use std::fmt;

/// The OpenCL C address spaces (source-level concept; the backend maps them to SPIR-V
/// storage classes in one exhaustive function per target).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// `__private`: function-local objects and parameters.
    Private,
    /// `__global`: buffers and CL2.0 program-scope variables.
    Global,
    /// `__constant`: read-only program-scope data and constant buffers.
    Constant,
    /// `__local`: memory shared by a work-group.
    Local,
    /// The unnamed generic space of OpenCL C 2.0.
    Generic,
}

impl AddressSpace {
    /// The qualifier as a user writes it.
    pub fn spelling(self) -> &'static str {
        match self {
            AddressSpace::Private => "__private",
            AddressSpace::Global => "__global",
            AddressSpace::Constant => "__constant",
            AddressSpace::Local => "__local",
            AddressSpace::Generic => "__generic",
        }
    }
    /// Whether this is one of the four named (disjoint) spaces.
    pub fn is_named(self) -> bool {
        self != AddressSpace::Generic
    }
}

impl fmt::Display for AddressSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spelling())
    }
}

/// An address space slot: `None` means "not written, default not yet applied". The
/// `normalize-address-spaces` pass replaces every `None` in declarations by the default
/// of AS-2; after it, only rvalue types have no space.
pub type Space = Option<AddressSpace>;

/// Scalar element kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `bool` (its size in memory is 1 byte, but it has no defined representation).
    Bool,
    /// An integer of `width` bits.
    Int {
        /// Bits: 8, 16, 32 or 64.
        width: u8,
        /// Signed or unsigned.
        signed: bool,
    },
    /// A floating-point number of `width` bits (16, 32 or 64).
    Float {
        /// Bits: 16, 32 or 64.
        width: u8,
    },
}

impl Scalar {
    /// Size in bytes.
    pub fn size(self) -> u64 {
        match self {
            Scalar::Bool => 1,
            Scalar::Int { width, .. } | Scalar::Float { width } => u64::from(width) / 8,
        }
    }
    /// Whether the scalar is a signed integer.
    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::Int { signed: true, .. })
    }
    /// OpenCL C spelling.
    pub fn spelling(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int {
                width: 8,
                signed: true,
            } => "char",
            Scalar::Int {
                width: 8,
                signed: false,
            } => "uchar",
            Scalar::Int {
                width: 16,
                signed: true,
            } => "short",
            Scalar::Int {
                width: 16,
                signed: false,
            } => "ushort",
            Scalar::Int {
                width: 32,
                signed: true,
            } => "int",
            Scalar::Int {
                width: 32,
                signed: false,
            } => "uint",
            Scalar::Int {
                width: 64,
                signed: true,
            } => "long",
            Scalar::Int {
                width: 64,
                signed: false,
            } => "ulong",
            Scalar::Int { .. } => "int?",
            Scalar::Float { width: 16 } => "half",
            Scalar::Float { width: 32 } => "float",
            Scalar::Float { width: 64 } => "double",
            Scalar::Float { .. } => "float?",
        }
    }
}

/// Image dimensionality (AS-5 needs to recognise image objects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageDim {
    /// image1d_t
    D1,
    /// image1d_buffer_t
    D1Buffer,
    /// image1d_array_t
    D1Array,
    /// image2d_t
    D2,
    /// image2d_array_t
    D2Array,
    /// image3d_t
    D3,
}

/// How a kernel may use an image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageAccess {
    /// `read_only` (the default).
    ReadOnly,
    /// `write_only`.
    WriteOnly,
    /// `read_write` (OpenCL C 2.0).
    ReadWrite,
}

/// An image type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ImageType {
    /// Dimensionality.
    pub dim: ImageDim,
    /// Access qualifier.
    pub access: ImageAccess,
    /// A depth image (`image2d_depth_t`).
    pub depth: bool,
}

/// A type, interned in [`Types`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `void` (function results and `void *` pointees only).
    Void,
    /// A scalar.
    Scalar(Scalar),
    /// A vector `gentypeN`.
    Vector {
        /// Element kind.
        elem: Scalar,
        /// 2, 3, 4, 8 or 16.
        len: u8,
    },
    /// A pointer; the address space and qualifiers describe the pointee object.
    Pointer {
        /// Pointee type.
        pointee: Handle<Type>,
        /// Pointee address space.
        space: Space,
        /// `const` pointee.
        is_const: bool,
        /// `volatile` pointee.
        is_volatile: bool,
    },
    /// A fixed-size array.
    Array {
        /// Element type.
        elem: Handle<Type>,
        /// Number of elements.
        len: u64,
    },
    /// A struct or union, by declaration.
    Struct(Handle<StructDef>),
    /// An image object.
    Image(ImageType),
    /// `sampler_t`.
    Sampler,
    /// `event_t`.
    Event,
}

/// One member of a struct.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field {
    /// Member name (empty for anonymous members).
    pub name: String,
    /// Member type.
    pub ty: Handle<Type>,
    /// Byte offset, as clang laid it out for the target.
    pub offset: u64,
}

/// A struct or union declaration with clang's layout.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructDef {
    /// Tag name (may be empty for anonymous structs).
    pub name: String,
    /// Members in declaration order.
    pub fields: Vec<Field>,
    /// Size in bytes.
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
    /// `__attribute__((packed))`.
    pub packed: bool,
    /// Whether this is a union (all offsets 0).
    pub is_union: bool,
}

/// The type of an object: its type plus the space it lives in and its qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QualType {
    /// The object's type.
    pub ty: Handle<Type>,
    /// Where the object lives.
    pub space: Space,
    /// `const`-qualified object.
    pub is_const: bool,
}

/// Interned types and struct declarations of a module.
#[derive(Debug, Default, Clone)]
pub struct Types {
    types: Arena<Type>,
    lookup: FxHashMap<Type, Handle<Type>>,
    /// The handles of `void` and the scalar types once interned ([`simple_slot`]): asked
    /// for at nearly every node, and hashing a type costs a tenth of a microsecond in an
    /// unoptimized build (a build script's).
    simple: [Option<Handle<Type>>; 13],
    /// Struct declarations.
    pub structs: Arena<StructDef>,
}

/// Where [`Types`] keeps the handle of `void` or a scalar type.
fn simple_slot(ty: &Type) -> Option<usize> {
    Some(match ty {
        Type::Void => 0,
        Type::Scalar(Scalar::Bool) => 1,
        Type::Scalar(Scalar::Int { width, signed }) => {
            let w = match width {
                8 => 0,
                16 => 1,
                32 => 2,
                64 => 3,
                _ => return None,
            };
            2 + 2 * w + usize::from(*signed)
        }
        Type::Scalar(Scalar::Float { width: 16 }) => 10,
        Type::Scalar(Scalar::Float { width: 32 }) => 11,
        Type::Scalar(Scalar::Float { width: 64 }) => 12,
        _ => return None,
    })
}

impl Types {
    /// Interns `ty` and returns its handle.
    pub fn intern(&mut self, ty: Type) -> Handle<Type> {
        let slot = simple_slot(&ty);
        if let Some(&Some(h)) = slot.and_then(|i| self.simple.get(i)) {
            return h;
        }
        let h = match self.lookup.get(&ty) {
            Some(&h) => h,
            None => {
                let h = self.types.append(ty.clone());
                self.lookup.insert(ty, h);
                h
            }
        };
        if let Some(i) = slot {
            self.simple[i] = Some(h);
        }
        h
    }
    /// The handle of an already interned type.
    pub fn lookup(&self, ty: &Type) -> Option<Handle<Type>> {
        self.lookup.get(ty).copied()
    }

    /// The type behind a handle.
    pub fn get(&self, h: Handle<Type>) -> &Type {
        &self.types[h]
    }
    /// All interned types.
    pub fn iter(&self) -> impl Iterator<Item = (Handle<Type>, &Type)> {
        self.types.iter()
    }
    /// Number of interned types.
    pub fn len(&self) -> usize {
        self.types.len()
    }
    /// Whether no type was interned.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }
    /// Whether `h` is a valid handle into this table.
    pub fn contains(&self, h: Handle<Type>) -> bool {
        self.types.get(h).is_some()
    }

    /// Shorthand for interning a scalar.
    pub fn scalar(&mut self, s: Scalar) -> Handle<Type> {
        self.intern(Type::Scalar(s))
    }

    /// The scalar kind of a scalar type.
    pub fn as_scalar(&self, h: Handle<Type>) -> Option<Scalar> {
        match self.get(h) {
            Type::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// The pointee, space and constness of a pointer type.
    pub fn as_pointer(&self, h: Handle<Type>) -> Option<(Handle<Type>, Space, bool)> {
        match self.get(h) {
            Type::Pointer {
                pointee,
                space,
                is_const,
                ..
            } => Some((*pointee, *space, *is_const)),
            _ => None,
        }
    }

    /// A readable spelling, for diagnostics and AST dumps.
    pub fn display(&self, h: Handle<Type>) -> String {
        match self.get(h) {
            Type::Void => "void".into(),
            Type::Scalar(s) => s.spelling().into(),
            Type::Vector { elem, len } => format!("{}{}", elem.spelling(), len),
            Type::Pointer {
                pointee,
                space,
                is_const,
                is_volatile,
            } => {
                let mut s = String::new();
                if *is_const {
                    s.push_str("const ");
                }
                if *is_volatile {
                    s.push_str("volatile ");
                }
                if let Some(sp) = space {
                    s.push_str(sp.spelling());
                    s.push(' ');
                }
                s.push_str(&self.display(*pointee));
                s.push_str(" *");
                s
            }
            Type::Array { elem, len } => format!("{}[{}]", self.display(*elem), len),
            Type::Struct(d) => {
                let def = &self.structs[*d];
                let kw = if def.is_union { "union" } else { "struct" };
                if def.name.is_empty() {
                    format!("{kw} <anonymous>")
                } else {
                    format!("{kw} {}", def.name)
                }
            }
            Type::Image(ImageType { dim, depth, .. }) => match (dim, depth) {
                (ImageDim::D2, true) => "image2d_depth_t",
                (ImageDim::D2Array, true) => "image2d_array_depth_t",
                _ => match dim {
                    ImageDim::D1 => "image1d_t",
                    ImageDim::D1Buffer => "image1d_buffer_t",
                    ImageDim::D1Array => "image1d_array_t",
                    ImageDim::D2 => "image2d_t",
                    ImageDim::D2Array => "image2d_array_t",
                    ImageDim::D3 => "image3d_t",
                },
            }
            .into(),
            Type::Sampler => "sampler_t".into(),
            Type::Event => "event_t".into(),
        }
    }

    /// Size in bytes of a value of type `h`, for the given target layout (AS-15: pointer
    /// sizes come from the layout, per address space).
    pub fn size_of(&self, h: Handle<Type>, layout: &DataLayout) -> u64 {
        match self.get(h) {
            Type::Void => 1,
            Type::Scalar(s) => s.size(),
            Type::Vector { elem, len } => elem.size() * u64::from(vector_storage_len(*len)),
            Type::Pointer { space, .. } => {
                layout.pointer_size(space.unwrap_or(AddressSpace::Generic))
            }
            Type::Array { elem, len } => self.size_of(*elem, layout) * len,
            Type::Struct(d) => self.structs[*d].size,
            Type::Image(_) | Type::Sampler | Type::Event => {
                layout.pointer_size(AddressSpace::Global)
            }
        }
    }

    /// Alignment in bytes of type `h`.
    pub fn align_of(&self, h: Handle<Type>, layout: &DataLayout) -> u64 {
        match self.get(h) {
            Type::Void => 1,
            Type::Scalar(s) => s.size(),
            Type::Vector { elem, len } => elem.size() * u64::from(vector_storage_len(*len)),
            Type::Pointer { space, .. } => {
                layout.pointer_size(space.unwrap_or(AddressSpace::Generic))
            }
            Type::Array { elem, .. } => self.align_of(*elem, layout),
            Type::Struct(d) => self.structs[*d].align,
            Type::Image(_) | Type::Sampler | Type::Event => {
                layout.pointer_size(AddressSpace::Global)
            }
        }
    }
}

/// 3-component vectors occupy the storage of 4.
pub fn vector_storage_len(len: u8) -> u8 {
    if len == 3 {
        4
    } else {
        len
    }
}

/// Target data layout: the size of a pointer into each address space (AS-15 forbids
/// assuming they are equal; `spir64` happens to use 8 bytes for all of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataLayout {
    /// Pointer sizes in bytes, indexed like [`DataLayout::slot`].
    pub pointer_sizes: [u64; 5],
}

impl DataLayout {
    /// The `spir64` layout clang uses for OpenCL C.
    pub const SPIR64: DataLayout = DataLayout {
        pointer_sizes: [8; 5],
    };

    fn slot(space: AddressSpace) -> usize {
        match space {
            AddressSpace::Private => 0,
            AddressSpace::Global => 1,
            AddressSpace::Constant => 2,
            AddressSpace::Local => 3,
            AddressSpace::Generic => 4,
        }
    }
    /// Size in bytes of a pointer into `space`.
    pub fn pointer_size(&self, space: AddressSpace) -> u64 {
        self.pointer_sizes[Self::slot(space)]
    }
}

#[cfg(test)]
mod tests {
    use super::{Scalar, Type, Types};

    #[test]
    fn scalars_intern_once_and_apart_from_each_other() {
        let mut t = Types::default();
        let int = |width, signed| Type::Scalar(Scalar::Int { width, signed });
        let all = [
            Type::Void,
            Type::Scalar(Scalar::Bool),
            int(8, true),
            int(8, false),
            int(16, true),
            int(64, false),
            Type::Scalar(Scalar::Float { width: 16 }),
            Type::Scalar(Scalar::Float { width: 64 }),
        ];
        let first: Vec<_> = all.iter().map(|ty| t.intern(ty.clone())).collect();
        let again: Vec<_> = all.iter().map(|ty| t.intern(ty.clone())).collect();
        assert_eq!(first, again);
        for (i, h) in first.iter().enumerate() {
            assert_eq!(t.get(*h), &all[i]);
            assert_eq!(t.lookup(&all[i]), Some(*h));
        }
        assert_eq!(t.len(), all.len());
        // Types interned another way first are found by the fast path too.
        let p = t.intern(Type::Pointer {
            pointee: first[2],
            space: None,
            is_const: false,
            is_volatile: false,
        });
        assert_eq!(t.intern(int(32, true)).index(), p.index() + 1);
        assert_eq!(
            t.scalar(Scalar::Int {
                width: 32,
                signed: true
            }),
            t.intern(int(32, true))
        );
    }
}
