//! Kernel metadata: what a host program needs to call each kernel (the information
//! clGetKernelArgInfo gives at run time, here at build time, with type layouts). Written by
//! `--reflect=FILE` as JSON, and the source of the build-script API's typed bindings.

use clc_passes::address_space::ArgKind;
use clc_passes::ast::{AddressSpace, Handle, Module, Type};
use clc_passes::pipeline::Validated;
use serde::Serialize;

/// Every kernel of a module.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reflection {
    /// Kernels in source order.
    pub kernels: Vec<KernelInfo>,
}

/// One kernel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KernelInfo {
    /// Entry point name.
    pub name: String,
    /// Arguments in order.
    pub args: Vec<ArgInfo>,
    /// `reqd_work_group_size`.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint`.
    pub work_group_size_hint: Option<[u32; 3]>,
}

/// How an argument is passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArgClass {
    /// A `__global` or `__constant` buffer (a `cl_mem`).
    Buffer,
    /// A `__local` pointer: only a size is passed.
    Local,
    /// A value copied into the kernel.
    Value,
    /// An image, sampler or other opaque object.
    Opaque,
}

/// One kernel argument.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArgInfo {
    /// Parameter name.
    pub name: String,
    /// Type as written, qualifiers dropped (`float4*`).
    pub type_name: String,
    /// How it is passed.
    pub class: ArgClass,
    /// The pointee's address space for pointers (`global`, `constant`, `local`).
    pub address_space: Option<&'static str>,
    /// Never written by the kernel (`const __global`, `__constant`).
    pub read_only: bool,
    /// For pointers the element type, for values the value's type.
    pub ty: TypeInfo,
}

/// A type with its layout (sizes and offsets in bytes, as clang lays them out).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TypeInfo {
    /// `bool`, integers and floats.
    Scalar {
        /// OpenCL C name.
        name: &'static str,
        /// Size.
        size: u64,
    },
    /// `gentypeN` (3-component vectors take the storage of 4).
    Vector {
        /// Element name.
        elem: &'static str,
        /// Components.
        len: u8,
        /// Size.
        size: u64,
    },
    /// A fixed-size array.
    Array {
        /// Element type.
        elem: Box<TypeInfo>,
        /// Length.
        len: u64,
        /// Size.
        size: u64,
    },
    /// A struct or union.
    Struct {
        /// Tag name (may be empty).
        name: String,
        /// Size.
        size: u64,
        /// Alignment.
        align: u64,
        /// Union rather than struct.
        union: bool,
        /// Members with their offsets.
        fields: Vec<FieldInfo>,
    },
    /// A pointer (inside structs or as a value).
    Pointer {
        /// Size.
        size: u64,
    },
    /// `void` (a `void *` buffer).
    Void,
    /// An image, sampler, event….
    Opaque {
        /// OpenCL C name.
        name: String,
    },
}

/// A struct member.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldInfo {
    /// Member name.
    pub name: String,
    /// Byte offset.
    pub offset: u64,
    /// Type.
    pub ty: TypeInfo,
}

fn space_name(s: AddressSpace) -> &'static str {
    match s {
        AddressSpace::Global => "global",
        AddressSpace::Constant => "constant",
        AddressSpace::Local => "local",
        AddressSpace::Private => "private",
        AddressSpace::Generic => "generic",
    }
}

fn type_info(m: &Module, h: Handle<Type>) -> TypeInfo {
    let layout = &m.lang.layout;
    match m.types.get(h) {
        Type::Void => TypeInfo::Void,
        Type::Scalar(s) => TypeInfo::Scalar {
            name: s.spelling(),
            size: s.size(),
        },
        Type::Vector { elem, len } => TypeInfo::Vector {
            elem: elem.spelling(),
            len: *len,
            size: m.types.size_of(h, layout),
        },
        Type::Array { elem, len } => TypeInfo::Array {
            elem: Box::new(type_info(m, *elem)),
            len: *len,
            size: m.types.size_of(h, layout),
        },
        Type::Struct(d) => {
            let def = &m.types.structs[*d];
            TypeInfo::Struct {
                name: def.name.clone(),
                size: def.size,
                align: def.align,
                union: def.is_union,
                fields: def
                    .fields
                    .iter()
                    .map(|f| FieldInfo {
                        name: f.name.clone(),
                        offset: f.offset,
                        ty: type_info(m, f.ty),
                    })
                    .collect(),
            }
        }
        Type::Pointer { .. } => TypeInfo::Pointer {
            size: m.types.size_of(h, layout),
        },
        Type::Image(_) | Type::Sampler | Type::Event => TypeInfo::Opaque {
            name: m.types.display(h),
        },
    }
}

/// The reflection of a validated module.
pub fn reflect(m: &Module, valid: &Validated) -> Reflection {
    let mut kernels = Vec::new();
    for (h, f) in m.functions.iter() {
        let Some(attrs) = &f.kernel else { continue };
        let kinds = valid.kernel_args.get(h).cloned().unwrap_or_default();
        let args = f
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let l = &f.locals[p];
                let kind = kinds.get(i).copied().unwrap_or(ArgKind::Value);
                let (class, address_space, read_only, ty) =
                    match (kind, m.types.as_pointer(l.ty.ty)) {
                        (ArgKind::Buffer { space, read_only }, Some((pointee, _, _))) => (
                            ArgClass::Buffer,
                            Some(space_name(space)),
                            read_only,
                            type_info(m, pointee),
                        ),
                        (ArgKind::Local, Some((pointee, _, _))) => {
                            (ArgClass::Local, Some("local"), false, type_info(m, pointee))
                        }
                        (ArgKind::Opaque, _) => {
                            (ArgClass::Opaque, None, false, type_info(m, l.ty.ty))
                        }
                        _ => (ArgClass::Value, None, false, type_info(m, l.ty.ty)),
                    };
                ArgInfo {
                    name: l.name.clone(),
                    type_name: attrs.arg_type_names.get(i).cloned().unwrap_or_default(),
                    class,
                    address_space,
                    read_only,
                    ty,
                }
            })
            .collect();
        kernels.push(KernelInfo {
            name: f.name.clone(),
            args,
            reqd_work_group_size: attrs.reqd_work_group_size,
            work_group_size_hint: attrs.work_group_size_hint,
        });
    }
    Reflection { kernels }
}

/// Scalar spelling for generated code.
pub(crate) fn rust_scalar(name: &str) -> Option<&'static str> {
    Some(match name {
        "bool" | "uchar" => "u8",
        "char" => "i8",
        "short" => "i16",
        "ushort" | "half" => "u16",
        "int" => "i32",
        "uint" => "u32",
        "long" => "i64",
        "ulong" => "u64",
        "float" => "f32",
        "double" => "f64",
        _ => return None,
    })
}
