//! Rust code generated for the build-script API: per module the SPIR-V words, per kernel
//! the argument descriptions, `#[repr(C)]` mirrors of OpenCL structs with compile-time
//! layout assertions, and optionally typed `opencl3` argument setters, so that a host program
//! cannot pass an argument of the wrong type or size without rustc noticing; for Vulkan
//! modules, optionally typed `ash` bindings (`ash.rs`).

mod ash;

use crate::build_script::Module;
use crate::reflect::{ArgClass, KernelInfo, TypeInfo};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A Rust identifier for the OpenCL C name `s`: raw for Rust keywords (`r#type`), with a `_`
/// appended for those that cannot be raw (`self_`).
fn ident(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if matches!(
        out.as_str(),
        "type"
            | "struct"
            | "fn"
            | "mod"
            | "match"
            | "ref"
            | "move"
            | "loop"
            | "impl"
            | "trait"
            | "use"
            | "where"
            | "in"
            | "as"
            | "box"
            | "dyn"
            | "static"
            | "const"
            | "extern"
            | "pub"
            | "enum"
            | "let"
            | "mut"
            | "return"
            | "true"
            | "false"
            | "unsafe"
            | "async"
            | "await"
            | "gen"
            | "try"
            | "yield"
            | "abstract"
            | "become"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
    ) {
        out.insert_str(0, "r#");
    }
    if matches!(out.as_str(), "self" | "super" | "crate" | "Self" | "_") {
        out.push('_');
    }
    out
}

/// Collects struct mirrors by name (structs with the same name and layout are emitted once).
struct Mirrors {
    defs: BTreeMap<String, String>,
    anon: usize,
}

impl Mirrors {
    /// The Rust type mirroring `t`.
    fn rust(&mut self, t: &TypeInfo) -> String {
        match t {
            TypeInfo::Scalar { name, .. } => crate::reflect::rust_scalar(name)
                .unwrap_or("u8")
                .to_string(),
            TypeInfo::Vector { elem, len, .. } => {
                let storage = if *len == 3 { 4 } else { *len };
                format!(
                    "[{}; {storage}]",
                    crate::reflect::rust_scalar(elem).unwrap_or("u8")
                )
            }
            TypeInfo::Array { elem, len, .. } => format!("[{}; {len}]", self.rust(elem)),
            TypeInfo::Pointer { .. } => "u64".into(),
            TypeInfo::Void => "u8".into(),
            TypeInfo::Opaque { .. } => "u64".into(),
            TypeInfo::Struct {
                name,
                size,
                align,
                union,
                fields,
            } => {
                let rname = if name.is_empty() {
                    self.anon += 1;
                    format!("anon_{}", self.anon)
                } else {
                    ident(name)
                };
                if self.defs.contains_key(&rname) {
                    return rname;
                }
                let mut body = String::new();
                let mut asserts = String::new();
                let packed = is_packed(*union, *align, fields);
                if *union {
                    let _ = writeln!(body, "    pub bytes: [u8; {size}],");
                } else {
                    let mut pos = 0u64;
                    for (k, f) in fields.iter().enumerate() {
                        if f.offset > pos {
                            let _ = writeln!(body, "    pub _pad{k}: [u8; {}],", f.offset - pos);
                        }
                        let fname = if f.name.is_empty() {
                            format!("_field{k}")
                        } else {
                            ident(&f.name)
                        };
                        let fty = self.rust(&f.ty);
                        let _ = writeln!(body, "    pub {fname}: {fty},");
                        let _ = writeln!(
                            asserts,
                            "    assert!(::core::mem::offset_of!({rname}, {fname}) == {});",
                            f.offset
                        );
                        pos = f.offset + type_size(&f.ty);
                    }
                    if *size > pos {
                        let _ = writeln!(body, "    pub _pad_end: [u8; {}],", size - pos);
                    }
                }
                let repr = if packed {
                    "#[repr(C, packed)]".to_string()
                } else {
                    format!("#[repr(C, align({align}))]")
                };
                let def = format!(
                    "/// Mirror of OpenCL C `{kw} {name}` ({size} bytes, aligned to {align}).\n\
                     {repr}\n#[derive(Clone, Copy, Debug)]\n#[allow(non_camel_case_types)]\npub struct {rname} {{\n{body}}}\n\
                     const _: () = {{\n    assert!(::core::mem::size_of::<{rname}>() == {size});\n{align_assert}{asserts}}};\n",
                    kw = if *union { "union" } else { "struct" },
                    align_assert = if packed { String::new() } else { format!("    assert!(::core::mem::align_of::<{rname}>() == {align});\n") },
                );
                self.defs.insert(rname.clone(), def);
                rname
            }
        }
    }
}

/// Whether the mirror of a struct with these fields is `packed`: a member misaligned for its
/// type, or a struct aligned to less than a member (`struct __attribute__((packed)) { short
/// s; char c; }`: 3 bytes, where `repr(C)` would round the size up to 4).
fn is_packed(union: bool, align: u64, fields: &[crate::reflect::FieldInfo]) -> bool {
    !union
        && fields
            .iter()
            .any(|f| f.offset % field_align(&f.ty) != 0 || field_align(&f.ty) > align)
}

fn type_size(t: &TypeInfo) -> u64 {
    match t {
        TypeInfo::Scalar { size, .. }
        | TypeInfo::Vector { size, .. }
        | TypeInfo::Array { size, .. } => *size,
        TypeInfo::Struct { size, .. } | TypeInfo::Pointer { size } => *size,
        TypeInfo::Void => 1,
        TypeInfo::Opaque { .. } => 8,
    }
}

fn field_align(t: &TypeInfo) -> u64 {
    match t {
        TypeInfo::Scalar { size, .. } | TypeInfo::Vector { size, .. } => (*size).max(1),
        TypeInfo::Array { elem, .. } => field_align(elem),
        TypeInfo::Struct { align, .. } => *align,
        TypeInfo::Pointer { size } => *size,
        TypeInfo::Void | TypeInfo::Opaque { .. } => 1,
    }
}

/// Which host bindings to generate besides the argument descriptions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Flavors {
    /// Typed `opencl3` argument setters.
    pub opencl3: bool,
    /// Typed `ash` bindings (Vulkan modules).
    pub ash: bool,
}

/// Indents every non-empty line of `text` by `n` spaces.
fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    let mut out = String::new();
    for line in text.lines() {
        if !line.is_empty() {
            out.push_str(&pad);
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

fn kernel(
    out: &mut String,
    k: &KernelInfo,
    mirrors: &mut Mirrors,
    opencl3: bool,
    ash: Option<&crate::reflect::VulkanModule>,
) -> Result<(), String> {
    let _ = writeln!(out, "        /// Kernel `{}`.", k.name);
    let _ = writeln!(
        out,
        "        #[allow(non_snake_case)]\n        pub mod {} {{",
        ident(&k.name)
    );
    let _ = writeln!(out, "            #[allow(unused_imports)]\n            use super::super::super::super::types::*;");
    let _ = writeln!(
        out,
        "            /// The entry point name.\n            pub const NAME: &str = {:?};",
        k.name
    );
    let wg = |w: Option<[u32; 3]>| match w {
        Some([x, y, z]) => format!("Some([{x}, {y}, {z}])"),
        None => "None".into(),
    };
    let _ = writeln!(out, "            /// `reqd_work_group_size`.\n            pub const REQD_WORK_GROUP_SIZE: Option<[usize; 3]> = {};", wg(k.reqd_work_group_size));
    let _ = writeln!(out, "            /// `work_group_size_hint`.\n            pub const WORK_GROUP_SIZE_HINT: Option<[usize; 3]> = {};", wg(k.work_group_size_hint));
    let _ = writeln!(out, "            /// Arguments, in order.\n            pub const ARGS: &[super::super::super::super::Arg] = &[");
    for a in &k.args {
        let class = match a.class {
            ArgClass::Buffer => "Buffer",
            ArgClass::Local => "Local",
            ArgClass::Value => "Value",
            ArgClass::Opaque => "Opaque",
        };
        let _ = writeln!(
            out,
            "                super::super::super::super::Arg {{ name: {:?}, type_name: {:?}, class: super::super::super::super::ArgClass::{class}, address_space: {:?}, read_only: {}, size: {} }},",
            a.name, a.type_name, a.address_space, a.read_only, type_size(&a.ty)
        );
    }
    let _ = writeln!(out, "            ];");
    // Typed argument list.
    let mut fields = String::new();
    let mut sets = String::new();
    for (i, a) in k.args.iter().enumerate() {
        let elem = mirrors.rust(&a.ty);
        let name = ident(&a.name);
        match a.class {
            ArgClass::Buffer if opencl3 => {
                let _ = writeln!(fields, "                /// `{}` ({} buffer of `{}`).\n                pub {name}: &'a opencl3::memory::Buffer<{elem}>,", a.name, a.address_space.unwrap_or("global"), a.type_name);
                let _ = writeln!(sets, "                    kernel.set_arg({i}, &opencl3::memory::ClMem::get(self.{name}))?;");
            }
            ArgClass::Local if opencl3 => {
                let _ = writeln!(fields, "                /// `{}`: number of `{}` elements of local memory.\n                pub {name}: usize,", a.name, a.type_name.trim_end_matches('*'));
                let _ = writeln!(sets, "                    kernel.set_arg_local_buffer({i}, self.{name} * ::core::mem::size_of::<{elem}>())?;");
            }
            ArgClass::Value if opencl3 => {
                let _ = writeln!(
                    fields,
                    "                /// `{}` (`{}`).\n                pub {name}: {elem},",
                    a.name, a.type_name
                );
                let _ = writeln!(
                    sets,
                    "                    kernel.set_arg({i}, &self.{name})?;"
                );
            }
            _ => {}
        }
    }
    if opencl3 && k.args.iter().all(|a| a.class != ArgClass::Opaque) {
        // The lifetime needs a use when no argument is a buffer.
        let marker = if k.args.iter().any(|a| a.class == ArgClass::Buffer) {
            ""
        } else {
            "                #[doc(hidden)]\n                pub _marker: ::core::marker::PhantomData<&'a ()>,\n"
        };
        let _ = writeln!(out, "            /// The kernel's arguments, typed.\n            pub struct Args<'a> {{\n{fields}{marker}            }}");
        let _ = writeln!(
            out,
            "            impl Args<'_> {{\n                /// Sets every argument of `kernel` (which must be `{}`).\n                ///\n                /// # Safety\n                /// The buffers must be large enough for the launch.\n                pub unsafe fn set(&self, kernel: &opencl3::kernel::Kernel) -> Result<(), opencl3::error_codes::ClError> {{\n                    unsafe {{\n{sets}                    }}\n                    Ok(())\n                }}\n            }}",
            k.name
        );
    }
    if let Some(m) = ash {
        let mut items = String::new();
        ash::kernel_items(&mut items, k, m, mirrors)?;
        out.push_str(&indent(&items, 12));
    }
    let _ = writeln!(out, "        }}");
    Ok(())
}

/// A module's SPIR-V words as the Rust literals of its `SPIRV` array. [`crate::Build`]'s
/// workers render each module as it is compiled, so that writing the bindings at the end
/// (one thread) only joins the texts.
#[derive(Debug)]
pub struct Words {
    len: usize,
    literals: String,
}

impl Words {
    /// Renders `words`.
    pub fn new(words: &[u32]) -> Words {
        let mut literals = String::new();
        push_words(&mut literals, words);
        Words {
            len: words.len(),
            literals,
        }
    }
}

/// `text`'s lines, each indented by four spaces and ended by a line break.
fn push_indented(out: &mut String, text: &str) {
    for line in text.lines() {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
    }
}

/// The four lowercase hex digits of each 16-bit value, as the bytes of a little-endian `u32`.
static HEX4: [u32; 65536] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut t = [0u32; 65536];
    let mut v = 0;
    while v < 65536 {
        t[v] = u32::from_le_bytes([
            DIGITS[v >> 12],
            DIGITS[(v >> 8) & 0xf],
            DIGITS[(v >> 4) & 0xf],
            DIGITS[v & 0xf],
        ]);
        v += 1;
    }
    t
};

/// `words` as `0x07230203, ` literals, eight to a line, each line indented as it stands in
/// the bindings file and ended by a line break. By hand rather than with `write!`: a build
/// script runs this unoptimized, where `format_args` costs a tenth of a microsecond per word
/// and every indexing its bounds check (a tenth of a second for the modules of `kernels/`);
/// here a literal is two table lookups and one 12-byte copy.
fn push_words(out: &mut String, words: &[u32]) {
    const LINE: &[u8] = b"            ";
    const LITERAL: usize = b"0x00000000, ".len();
    // `0x` and `, ` around the eight digits, in the bytes of a little-endian `u128`.
    const FRAME: u128 =
        u16::from_le_bytes(*b"0x") as u128 | (u16::from_le_bytes(*b", ") as u128) << 80;
    let lines = words.len().div_ceil(8);
    let mut bytes = vec![0u8; words.len() * LITERAL + lines * (LINE.len() + 1)];
    let mut at = 0;
    for (n, line) in words.chunks(8).enumerate() {
        if n > 0 {
            bytes[at] = b'\n';
            at += 1;
        }
        bytes[at..at + LINE.len()].copy_from_slice(LINE);
        at += LINE.len();
        let literals = &mut bytes[at..at + line.len() * LITERAL];
        for (slot, &w) in literals.chunks_exact_mut(LITERAL).zip(line) {
            let high = HEX4[(w >> 16) as usize] as u128;
            let low = HEX4[(w & 0xffff) as usize] as u128;
            let literal = FRAME | high << 16 | low << 48;
            slot.copy_from_slice(&literal.to_le_bytes()[..LITERAL]);
        }
        at += line.len() * LITERAL;
    }
    if let Some(last) = bytes.last_mut() {
        *last = b'\n';
    }
    // Only ASCII was written.
    out.push_str(std::str::from_utf8(&bytes).unwrap_or_default());
}

/// The Rust source [`crate::Build`] writes for `modules` (each with its SPIR-V words), or
/// why bindings cannot be generated.
pub fn generate(modules: &[(Module, Vec<u32>)], flavors: Flavors) -> Result<String, String> {
    let words: Vec<Words> = modules.iter().map(|(_, w)| Words::new(w)).collect();
    let rendered: Vec<(&Module, &Words)> = modules.iter().map(|(m, _)| m).zip(&words).collect();
    generate_rendered(&rendered, flavors)
}

/// [`generate`] for modules whose words are already rendered.
pub fn generate_rendered(
    modules: &[(&Module, &Words)],
    flavors: Flavors,
) -> Result<String, String> {
    let mut mirrors = Mirrors {
        defs: BTreeMap::new(),
        anon: 0,
    };
    // Each module's text before its words, and its words (already indented as they stand in
    // the file: indenting megabytes of them line by line costs tens of milliseconds
    // unoptimized); then the text after the last module's words.
    let mut pieces: Vec<(String, &str)> = Vec::new();
    let mut mods = String::new();
    for (m, words) in modules {
        let _ = writeln!(mods, "/// Compiled from `{}`.", m.source.display());
        let _ = writeln!(
            mods,
            "#[allow(non_snake_case)]\npub mod {} {{",
            ident(&m.name)
        );
        let _ = write!(
            mods,
            "    /// The validated SPIR-V module ({} words).\n    pub static SPIRV: &[u32] = &[",
            words.len
        );
        mods.push('\n');
        pieces.push((std::mem::take(&mut mods), &words.literals));
        mods.push_str("    ];\n");
        let vulkan = match (&m.reflection.vulkan, flavors.ash) {
            (Some(v), true) => {
                let mut items = String::new();
                ash::module_items(&mut items, v)?;
                mods.push_str(&indent(&items, 4));
                Some(v)
            }
            (None, true) => {
                return Err(format!(
                    "ash bindings need a Vulkan target, but `{}` was compiled for `{}`",
                    m.source.display(),
                    m.reflection.target
                ))
            }
            (_, false) => None,
        };
        mods.push_str("    /// Kernels.\n    pub mod kernels {\n");
        for k in &m.reflection.kernels {
            kernel(&mut mods, k, &mut mirrors, flavors.opencl3, vulkan)?;
        }
        mods.push_str("    }\n}\n");
    }
    let mut out = String::from(
        "// @generated by clc's build-script API. Do not edit.\n\n\
         /// How a kernel argument is passed.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub enum ArgClass {\n    /// A `__global`/`__constant` buffer.\n    Buffer,\n    /// `__local` memory, sized by the host.\n    Local,\n    /// A value.\n    Value,\n    /// An image, sampler or other object.\n    Opaque,\n}\n\n\
         /// One kernel argument.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub struct Arg {\n    /// Parameter name.\n    pub name: &'static str,\n    /// OpenCL C type (`float4*`).\n    pub type_name: &'static str,\n    /// How it is passed.\n    pub class: ArgClass,\n    /// Pointee address space of pointers.\n    pub address_space: Option<&'static str>,\n    /// Never written by the kernel.\n    pub read_only: bool,\n    /// Size in bytes of the value, or of one element for pointers.\n    pub size: u64,\n}\n\n",
    );
    if flavors.ash {
        out.push_str(ash::PRELUDE);
        out.push('\n');
    }
    out.push_str("/// `#[repr(C)]` mirrors of the OpenCL C structs the kernels take.\n#[allow(dead_code)]\npub mod types {\n");
    for def in mirrors.defs.values() {
        for line in def.lines() {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("}\n\n");
    out.push_str("/// The compiled modules.\n#[allow(dead_code)]\npub mod modules {\n");
    for (text, literals) in &pieces {
        push_indented(&mut out, text);
        out.push_str(literals);
    }
    push_indented(&mut out, &mods);
    out.push_str("}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    #[test]
    fn words_are_written_as_format_writes_them() {
        let words: Vec<u32> = (0..19u32)
            .map(|i| i.wrapping_mul(0x9e37_79b9) ^ (i << 28))
            .chain([0, u32::MAX, 0x0723_0203])
            .collect();
        let mut expected = String::new();
        for (i, w) in words.iter().enumerate() {
            if i % 8 == 0 {
                if i > 0 {
                    expected.push('\n');
                }
                expected.push_str("            ");
            }
            let _ = write!(expected, "{w:#010x}, ");
        }
        expected.push('\n');
        let mut got = String::new();
        super::push_words(&mut got, &words);
        assert_eq!(got, expected);
    }
}
