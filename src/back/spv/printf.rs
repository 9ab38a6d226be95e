//! `printf` on the Vulkan target (docs/VULKAN.md, "printf"). Vulkan has no printf, so each
//! call appends a record to the printf buffer, a storage buffer at set 0, binding
//! `abi::PRINTF_BINDING`, and the host formats the records after the dispatch.
//!
//! The buffer is an array of 32-bit words: word 0 counts the words reserved for records
//! (one atomic add per call), word 1 the records dropped because they did not fit, and
//! records follow from word 2. A record is its format's id (from 1, so a zero word ends the
//! records), then each argument's components, one word each, or two (low word first) for
//! 64-bit values. The format strings, the kinds of their arguments and the strings `%s`
//! prints are known at compile time and go to the reflection ([`Printf`]).
//!
//! Floats promoted to `double` by C's rules are stored as their 32-bit value (the host
//! converts them back exactly), so printing a float needs no `shaderFloat64`.

use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, unsupported, Result, Writer};
use clc_passes::ast::{CastKind, ConstValue, Expr, ExprKind, GlobalInit, Handle, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Scope, SelectionControl, StorageClass, Word};
use serde::Serialize;

/// Version of the buffer and record layout described here and in docs/VULKAN.md.
pub const LAYOUT_VERSION: u32 = 1;
/// Words before the first record: words reserved, records dropped.
pub const HEADER_WORDS: u32 = 2;

/// What the host needs to format a module's printf records (the reflection's
/// `vulkan.printf`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Printf {
    /// [`LAYOUT_VERSION`].
    pub version: u32,
    /// Descriptor set 0 binding of the buffer.
    pub binding: u32,
    /// Bytes before the first record.
    pub header_bytes: u32,
    /// Each format a record may name, with the arguments its records carry.
    pub formats: Vec<Format>,
    /// The strings `%s` conversions print, by the id a record holds.
    pub strings: Vec<String>,
}

/// One format string and the arguments stored after its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Format {
    /// The id that starts its records (from 1).
    pub id: u32,
    /// The format string, as written (without its terminating NUL).
    pub format: String,
    /// The stored arguments, in order (one per `*` width or precision and per conversion).
    pub args: Vec<ArgFormat>,
}

/// How one argument is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ArgFormat {
    /// `int`, `uint`, `float`, `string` (an index into `strings`) or `pointer`.
    pub kind: &'static str,
    /// Bytes of each component in the record: 4 or 8.
    pub size: u32,
    /// Components (1 for scalars; vectors of `%v` conversions have 2, 3, 4, 8 or 16).
    pub components: u32,
}

/// What one conversion of a format consumes from the arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Takes {
    /// A `*` width or precision: an `int`.
    Star,
    /// The converted value: conversion character, vector length (`%vN`).
    Value(u8, Option<u8>),
}

/// The arguments a format consumes, or what is wrong with it.
fn conversions(fmt: &[u8]) -> std::result::Result<Vec<Takes>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while matches!(fmt.get(i), Some(b'-' | b'+' | b' ' | b'#' | b'0')) {
            i += 1;
        }
        for precision in [false, true] {
            if precision {
                if fmt.get(i) != Some(&b'.') {
                    break;
                }
                i += 1;
            }
            if fmt.get(i) == Some(&b'*') {
                out.push(Takes::Star);
                i += 1;
            } else {
                while fmt.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
        }
        let mut vector = None;
        if fmt.get(i) == Some(&b'v') {
            let digits = fmt[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let n = std::str::from_utf8(&fmt[i + 1..i + 1 + digits])
                .ok()
                .and_then(|s| s.parse::<u8>().ok());
            match n {
                Some(n @ (2 | 3 | 4 | 8 | 16)) => vector = Some(n),
                _ => return Err(bad(fmt, start, i + 1 + digits)),
            }
            i += 1 + digits;
        }
        for len in ["hh", "hl", "h", "ll", "l", "j", "z", "t"] {
            if fmt[i..].starts_with(len.as_bytes()) {
                if len == "hl" && vector.is_none() {
                    return Err(bad(fmt, start, i + 2));
                }
                i += len.len();
                break;
            }
        }
        let Some(&conv) = fmt.get(i) else {
            return Err(bad(fmt, start, i));
        };
        i += 1;
        let scalar_only = matches!(conv, b'c' | b's' | b'p');
        if !b"diouxXfFeEgGaAcsp".contains(&conv) || (scalar_only && vector.is_some()) {
            return Err(bad(fmt, start, i));
        }
        out.push(Takes::Value(conv, vector));
    }
    Ok(out)
}

fn bad(fmt: &[u8], start: usize, end: usize) -> String {
    let spec = String::from_utf8_lossy(&fmt[start..end.min(fmt.len())]);
    format!("the printf conversion `{spec}`")
}

/// The bytes of a string literal that `e` designates (through decays and casts), without
/// the terminating NUL.
fn string_literal(
    w: &Writer<'_>,
    f: &clc_passes::ast::Function,
    e: Handle<Expr>,
) -> Option<Vec<u8>> {
    match &f.exprs[e].kind {
        ExprKind::Cast {
            kind:
                CastKind::ArrayToPointer
                | CastKind::PointerBitcast
                | CastKind::NoOp
                | CastKind::AddressSpace,
            operand,
            ..
        } => string_literal(w, f, *operand),
        ExprKind::Global(g) => {
            let g = &w.m.globals[*g];
            if !g.is_string_literal {
                return None;
            }
            match &g.init {
                GlobalInit::Const(ConstValue::Composite(items)) => Some(
                    items
                        .iter()
                        .map_while(|c| match c {
                            ConstValue::Int(b) if *b & 0xff != 0 => Some(*b as u8),
                            _ => None,
                        })
                        .collect(),
                ),
                GlobalInit::Const(ConstValue::Zero) => Some(Vec::new()),
                _ => None,
            }
        }
        _ => None,
    }
}

impl Writer<'_> {
    /// Lowers `printf(format, args...)`: one record in the printf buffer; the result (of
    /// type `ty`, `int`) is 0, or -1 when the record did not fit.
    pub(super) fn vulkan_printf(
        &mut self,
        st: &mut FnState<'_>,
        args: &[Handle<Expr>],
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let Some((&fmt_expr, values)) = args.split_first() else {
            return bug(span, "printf without a format");
        };
        let Some(fmt) = string_literal(self, st.f, fmt_expr) else {
            return unsupported(
                st.f.exprs[fmt_expr].span,
                "printf with a format that is not a string literal on the Vulkan target",
            );
        };
        let takes = conversions(&fmt).map_err(|what| {
            super::Error::Unsupported(Box::new(clc_passes::diag::Diagnostic::unsupported(
                st.f.exprs[fmt_expr].span,
                what,
            )))
        })?;
        if takes.len() > values.len() {
            return unsupported(
                span,
                format!(
                    "printf: the format needs {} arguments, {} given",
                    takes.len(),
                    values.len()
                ),
            );
        }
        let mut kinds = Vec::new();
        let mut words = Vec::new();
        for (&t, &e) in takes.iter().zip(values) {
            let (kind, w) = self.printf_arg(st, e, t)?;
            kinds.push(kind);
            words.extend(w);
        }
        // Arguments no conversion takes are still evaluated, for their side effects.
        for &e in &values[takes.len()..] {
            self.value(st, e)?;
        }
        let format = String::from_utf8_lossy(&fmt).into_owned();
        let id = self.printf_format(format, kinds);
        let mut record = vec![self.u32_const(id)];
        record.extend(words);
        self.printf_record(st, &record, ty)
    }

    /// The id of a format with these argument kinds, added on first use.
    fn printf_format(&mut self, format: String, args: Vec<ArgFormat>) -> u32 {
        let formats = &mut self.printf.formats;
        if let Some(f) = formats
            .iter()
            .find(|f| f.format == format && f.args == args)
        {
            return f.id;
        }
        let id = formats.len() as u32 + 1;
        formats.push(Format { id, format, args });
        id
    }

    /// The stored form of one argument: its kind and its words.
    fn printf_arg(
        &mut self,
        st: &mut FnState<'_>,
        e: Handle<Expr>,
        takes: Takes,
    ) -> Result<(ArgFormat, Vec<Word>)> {
        let at = st.f.exprs[e].span;
        if takes == Takes::Value(b's', None) {
            let Some(bytes) = string_literal(self, st.f, e) else {
                return unsupported(
                    at,
                    "a printf %s argument that is not a string literal on the Vulkan target",
                );
            };
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let strings = &mut self.printf.strings;
            let index = match strings.iter().position(|s| *s == text) {
                Some(i) => i,
                None => {
                    strings.push(text);
                    strings.len() - 1
                }
            };
            let kind = ArgFormat {
                kind: "string",
                size: 4,
                components: 1,
            };
            return Ok((kind, vec![self.u32_const(index as u32)]));
        }
        // A float promoted to double is stored as the float.
        let e = match st.f.exprs[e].kind {
            ExprKind::Cast {
                kind: CastKind::FloatToFloat,
                operand,
                ..
            } if matches!(
                self.m.types.as_scalar(st.f.exprs[operand].ty),
                Some(Scalar::Float { width: 16 | 32 })
            ) =>
            {
                operand
            }
            _ => e,
        };
        let ety = st.f.exprs[e].ty;
        let value = self.value(st, e)?;
        if let Type::Pointer { .. } = self.m.types.get(ety) {
            let pty = self.ty(ety, at)?;
            if !matches!(
                self.pointer_info.get(&pty),
                Some((StorageClass::PhysicalStorageBuffer, _))
            ) {
                return unsupported(
                    at,
                    "printing a __local or __private pointer on the Vulkan target",
                );
            }
            let ulong = self.scalar(Scalar::Int {
                width: 64,
                signed: false,
            });
            let bits = self.b.convert_ptr_to_u(ulong, None, value)?;
            let words = self.split_u64(bits)?;
            let kind = ArgFormat {
                kind: "pointer",
                size: 8,
                components: 1,
            };
            return Ok((kind, words));
        }
        let Some((elem, n)) = self.numeric(ety) else {
            return unsupported(at, "this printf argument on the Vulkan target");
        };
        let want = match takes {
            Takes::Value(_, Some(v)) => v,
            _ => 1,
        };
        if n != want {
            return unsupported(
                at,
                format!("a printf argument of {n} components for a conversion of {want}"),
            );
        }
        let mut words = Vec::new();
        let mut kind = "uint";
        let mut size = 4;
        for c in 0..n {
            let comp = if n == 1 {
                value
            } else {
                let ety = self.scalar(elem);
                self.b.composite_extract(ety, None, value, [u32::from(c)])?
            };
            let (k, s, w) = self.printf_scalar(elem, comp)?;
            (kind, size) = (k, s);
            words.extend(w);
        }
        let kind = ArgFormat {
            kind,
            size,
            components: u32::from(n),
        };
        Ok((kind, words))
    }

    /// A scalar as record words: (kind, bytes, words).
    fn printf_scalar(&mut self, s: Scalar, v: Word) -> Result<(&'static str, u32, Vec<Word>)> {
        let uint = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let int = self.scalar(Scalar::Int {
            width: 32,
            signed: true,
        });
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        Ok(match s {
            Scalar::Bool => {
                let (one, zero) = (self.u32_const(1), self.u32_const(0));
                ("uint", 4, vec![self.b.select(uint, None, v, one, zero)?])
            }
            Scalar::Int { width: 64, signed } => {
                let bits = if signed {
                    self.b.bitcast(ulong, None, v)?
                } else {
                    v
                };
                let k = if signed { "int" } else { "uint" };
                (k, 8, self.split_u64(bits)?)
            }
            Scalar::Int { width, signed } => {
                let w = match (width, signed) {
                    (32, false) => v,
                    (32, true) => self.b.bitcast(uint, None, v)?,
                    (_, false) => self.b.u_convert(uint, None, v)?,
                    (_, true) => {
                        let wide = self.b.s_convert(int, None, v)?;
                        self.b.bitcast(uint, None, wide)?
                    }
                };
                (if signed { "int" } else { "uint" }, 4, vec![w])
            }
            Scalar::Float { width: 64 } => {
                let bits = self.b.bitcast(ulong, None, v)?;
                ("float", 8, self.split_u64(bits)?)
            }
            Scalar::Float { width } => {
                let f = if width == 32 {
                    v
                } else {
                    let f32 = Scalar::Float { width: 32 };
                    let float = self.scalar(f32);
                    self.float_convert(float, v, Scalar::Float { width }, (f32, 1))?
                };
                ("float", 4, vec![self.b.bitcast(uint, None, f)?])
            }
        })
    }

    /// A `ulong` as two words, low first.
    fn split_u64(&mut self, bits: Word) -> Result<Vec<Word>> {
        let uint = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let shift = self.u64_const(32);
        let lo = self.b.u_convert(uint, None, bits)?;
        let high_bits = self.b.shift_right_logical(ulong, None, bits, shift)?;
        let hi = self.b.u_convert(uint, None, high_bits)?;
        Ok(vec![lo, hi])
    }

    /// Reserves room for `record` with one atomic add and writes it if it fits; otherwise
    /// counts a dropped record. Returns 0 or -1 as `ty`.
    fn printf_record(&mut self, st: &mut FnState<'_>, record: &[Word], ty: Word) -> Result<Word> {
        let var = self.printf_buffer();
        st.used.insert(var);
        let uint = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let word_ptr = self.pointer_sc(StorageClass::StorageBuffer, uint);
        let member = self.u32_const(0);
        let scope = self.u32_const(Scope::Device as u32);
        let relaxed = self.u32_const(0);
        let n = self.u32_const(record.len() as u32);
        let counter = self.b.access_chain(word_ptr, None, var, [member, member])?;
        let at = self
            .b
            .atomic_i_add(uint, None, counter, scope, relaxed, n)?;
        // Fits when HEADER_WORDS + at + n <= length, computed without wrapping.
        let len = self.b.array_length(uint, None, var, 0)?;
        let bool_ty = self.bool_ty_n(1);
        let inside = self.b.u_less_than_equal(bool_ty, None, at, len)?;
        let room = self.b.i_sub(uint, None, len, at)?;
        let need = self.u32_const(HEADER_WORDS + record.len() as u32);
        let enough = self.b.u_greater_than_equal(bool_ty, None, room, need)?;
        let fits = self.b.logical_and(bool_ty, None, inside, enough)?;
        let (write, drop, merge) = (self.b.id(), self.b.id(), self.b.id());
        self.b.selection_merge(merge, SelectionControl::NONE)?;
        self.b.branch_conditional(fits, write, drop, [])?;
        self.begin(st, write)?;
        let header = self.u32_const(HEADER_WORDS);
        let base = self.b.i_add(uint, None, at, header)?;
        for (i, &w) in record.iter().enumerate() {
            let index = if i == 0 {
                base
            } else {
                let k = self.u32_const(i as u32);
                self.b.i_add(uint, None, base, k)?
            };
            let p = self.b.access_chain(word_ptr, None, var, [member, index])?;
            self.b.store(p, w, None, [])?;
        }
        self.b.branch(merge)?;
        self.begin(st, drop)?;
        let one = self.u32_const(1);
        let dropped = self.b.access_chain(word_ptr, None, var, [member, one])?;
        self.b
            .atomic_i_add(uint, None, dropped, scope, relaxed, one)?;
        self.b.branch(merge)?;
        self.begin(st, merge)?;
        let zero = self.scalar_const(
            Scalar::Int {
                width: 32,
                signed: true,
            },
            ConstScalar::Int(0),
        );
        let minus_one = self.scalar_const(
            Scalar::Int {
                width: 32,
                signed: true,
            },
            ConstScalar::Int(u64::from(u32::MAX)),
        );
        Ok(self.b.select(ty, None, fits, zero, minus_one)?)
    }

    /// The printf buffer variable, declared on first use: a `Block` struct holding a
    /// runtime array of `uint`, at set 0, binding `PRINTF_BINDING`.
    fn printf_buffer(&mut self) -> Word {
        if let Some(v) = self.printf.var {
            return v;
        }
        let uint = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let words = self.b.type_runtime_array(uint);
        if self.strided.insert(words) {
            self.b
                .decorate(words, Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
        }
        let block = self.b.id();
        self.b.type_struct_id(Some(block), [words]);
        self.b.decorate(block, Decoration::Block, []);
        self.b
            .member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        self.b.name(block, "printf_buffer");
        let ptr = self.pointer_sc(StorageClass::StorageBuffer, block);
        let var = self.module_variable(ptr, StorageClass::StorageBuffer, None);
        self.b
            .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
        let binding = super::flavor::vulkan::abi::PRINTF_BINDING;
        self.b
            .decorate(var, Decoration::Binding, [Operand::LiteralBit32(binding)]);
        self.b.name(var, "printf");
        self.printf.var = Some(var);
        var
    }
}

/// The printf state of a module being written.
#[derive(Debug, Default)]
pub(crate) struct PrintfState {
    /// The buffer variable, once declared.
    var: Option<Word>,
    /// Formats by id - 1.
    pub(super) formats: Vec<Format>,
    /// `%s` strings by id.
    pub(super) strings: Vec<String>,
}

impl PrintfState {
    /// The reflection of the module's printf calls, if it has any.
    pub(super) fn reflection(self) -> Option<Printf> {
        self.var?;
        Some(Printf {
            version: LAYOUT_VERSION,
            binding: super::flavor::vulkan::abi::PRINTF_BINDING,
            header_bytes: HEADER_WORDS * 4,
            formats: self.formats,
            strings: self.strings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_take_their_arguments() {
        let t = conversions(b"a %d %% %*.*f %v4hlf %s %-08.3lx").unwrap();
        assert_eq!(
            t,
            vec![
                Takes::Value(b'd', None),
                Takes::Star,
                Takes::Star,
                Takes::Value(b'f', None),
                Takes::Value(b'f', Some(4)),
                Takes::Value(b's', None),
                Takes::Value(b'x', None),
            ]
        );
    }

    #[test]
    fn bad_conversions_are_named() {
        assert_eq!(
            conversions(b"%v5d").unwrap_err(),
            "the printf conversion `%v5`"
        );
        assert_eq!(
            conversions(b"%hld").unwrap_err(),
            "the printf conversion `%hl`"
        );
        assert_eq!(
            conversions(b"%v2s").unwrap_err(),
            "the printf conversion `%v2s`"
        );
        assert_eq!(
            conversions(b"%k").unwrap_err(),
            "the printf conversion `%k`"
        );
        assert_eq!(
            conversions(b"50%").unwrap_err(),
            "the printf conversion `%`"
        );
    }
}
