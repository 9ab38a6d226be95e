//! The printf buffer (docs/VULKAN.md, "printf"): decoding its records with the reflection's
//! `vulkan.printf` and formatting them with OpenCL C's rules — C99 conversions, each formatted
//! by the C library's `snprintf`, plus OpenCL's vector conversions (`%v4hlf`: every component
//! with the same flags, width and precision, separated by commas).

use std::ffi::{c_char, c_int, c_longlong, c_void, CString};

use crate::reflect::{PrintfArg, PrintfInfo};
use crate::Error;

/// Default size of the printf buffer, in bytes.
pub const DEFAULT_PRINTF_BYTES: u64 = 1 << 20;
/// The layout version this host reads.
pub const PRINTF_VERSION: u32 = 1;

/// What the printf calls of one or more dispatches printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintfOutput {
    /// The formatted text, records in the order they were reserved.
    pub text: String,
    /// Records dropped because the buffer was full (their printf calls returned -1).
    pub dropped: u64,
}

/// One decoded argument component.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Value {
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(usize),
    Pointer(u64),
}

impl Value {
    fn as_i64(self) -> i64 {
        match self {
            Value::Int(v) => v,
            Value::Uint(v) | Value::Pointer(v) => v as i64,
            Value::Float(v) => v as i64,
            Value::Str(v) => v as i64,
        }
    }

    fn as_f64(self) -> f64 {
        match self {
            Value::Float(v) => v,
            Value::Int(v) => v as f64,
            Value::Uint(v) | Value::Pointer(v) => v as f64,
            Value::Str(v) => v as f64,
        }
    }
}

/// Formats the records of a printf buffer's `words` (the whole buffer after the dispatch).
pub fn format_buffer(info: &PrintfInfo, words: &[u32]) -> Result<PrintfOutput, Error> {
    if info.version != PRINTF_VERSION {
        return Err(Error::Reflection(format!(
            "vulkan.printf.version {} (this host reads version {PRINTF_VERSION})",
            info.version
        )));
    }
    let header = (info.header_bytes / 4) as usize;
    let reserved = words.first().copied().unwrap_or(0) as usize;
    let mut out = PrintfOutput {
        text: String::new(),
        dropped: u64::from(words.get(1).copied().unwrap_or(0)),
    };
    let end = header.saturating_add(reserved).min(words.len());
    let mut pos = header;
    while pos < end {
        let id = words[pos];
        if id == 0 {
            break;
        }
        let Some(f) = info.formats.iter().find(|f| f.id == id) else {
            return Err(Error::Reflection(format!(
                "a printf record names format {id}, which vulkan.printf.formats lacks"
            )));
        };
        pos += 1;
        let mut args = Vec::with_capacity(f.args.len());
        for a in &f.args {
            let (v, next) = decode(a, words, pos, end)?;
            args.push(v);
            pos = next;
        }
        out.text
            .push_str(&format(f.format.as_bytes(), &args, &info.strings)?);
    }
    Ok(out)
}

/// One argument (all its components) from `words[pos..end]`; returns the position after it.
fn decode(
    a: &PrintfArg,
    words: &[u32],
    mut pos: usize,
    end: usize,
) -> Result<(Vec<Value>, usize), Error> {
    let step = match a.size {
        4 => 1,
        8 => 2,
        s => {
            return Err(Error::Reflection(format!(
                "vulkan.printf: an argument of {s} bytes (4 or 8 expected)"
            )))
        }
    };
    let mut comps = Vec::with_capacity(a.components as usize);
    for _ in 0..a.components {
        if pos + step > end {
            return Err(Error::Reflection(
                "a printf record runs past the reserved words".into(),
            ));
        }
        let lo = words[pos];
        let bits = if step == 2 {
            u64::from(lo) | u64::from(words[pos + 1]) << 32
        } else {
            u64::from(lo)
        };
        comps.push(match (a.kind.as_str(), step) {
            ("int", 1) => Value::Int(i64::from(lo as i32)),
            ("int", _) => Value::Int(bits as i64),
            ("uint", _) => Value::Uint(bits),
            ("float", 1) => Value::Float(f64::from(f32::from_bits(lo))),
            ("float", _) => Value::Float(f64::from_bits(bits)),
            ("string", _) => Value::Str(lo as usize),
            ("pointer", _) => Value::Pointer(bits),
            (k, _) => {
                return Err(Error::Reflection(format!(
                    "vulkan.printf: unknown argument kind `{k}`"
                )))
            }
        });
        pos += step;
    }
    Ok((comps, pos))
}

/// One parsed conversion specification.
struct Spec {
    flags: String,
    width: Option<String>,
    precision: Option<String>,
    vector: Option<usize>,
    length: String,
    conv: u8,
}

/// Formats `fmt` with `args` (one entry per argument, its components) the way OpenCL C's
/// printf does.
fn format(fmt: &[u8], args: &[Vec<Value>], strings: &[String]) -> Result<String, Error> {
    let bad = |what: &str| Error::Reflection(format!("printf format: {what}"));
    let mut out = Vec::new();
    let mut next = args.iter();
    let mut take = || {
        next.next()
            .ok_or_else(|| bad("more conversions than arguments"))
    };
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c != b'%' {
            out.push(c);
            continue;
        }
        if fmt.get(i) == Some(&b'%') {
            out.push(b'%');
            i += 1;
            continue;
        }
        let mut s = Spec {
            flags: String::new(),
            width: None,
            precision: None,
            vector: None,
            length: String::new(),
            conv: 0,
        };
        while let Some(&f @ (b'-' | b'+' | b' ' | b'#' | b'0')) = fmt.get(i) {
            s.flags.push(f as char);
            i += 1;
        }
        for precision in [false, true] {
            if precision {
                if fmt.get(i) != Some(&b'.') {
                    break;
                }
                i += 1;
            }
            let text = if fmt.get(i) == Some(&b'*') {
                i += 1;
                let n = take()?.first().map_or(0, |v| v.as_i64() as i32);
                match (precision, n < 0) {
                    // A negative precision is taken as if it were omitted.
                    (true, true) => None,
                    _ => Some(n.to_string()),
                }
            } else {
                let digits: String = fmt[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .map(|&c| c as char)
                    .collect();
                i += digits.len();
                Some(digits).filter(|d| precision || !d.is_empty())
            };
            if precision {
                s.precision = text;
            } else {
                s.width = text;
            }
        }
        if fmt.get(i) == Some(&b'v') {
            let digits: String = fmt[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .map(|&c| c as char)
                .collect();
            i += 1 + digits.len();
            s.vector = Some(digits.parse().map_err(|_| bad("a vector size"))?);
        }
        for len in ["hh", "hl", "h", "ll", "l", "j", "z", "t"] {
            if fmt[i..].starts_with(len.as_bytes()) {
                s.length = len.to_string();
                i += len.len();
                break;
            }
        }
        s.conv = *fmt.get(i).ok_or_else(|| bad("a conversion at its end"))?;
        i += 1;
        let values = take()?;
        let want = s.vector.unwrap_or(1);
        if values.len() != want {
            return Err(bad("an argument with the wrong number of components"));
        }
        for (k, &v) in values.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            out.extend(convert(&s, v, strings)?);
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// What one `snprintf` call passes after the format.
enum CArg<'a> {
    Int(c_int),
    Long(c_longlong),
    Double(f64),
    Str(&'a CString),
    Pointer(*const c_void),
}

/// One component converted by `s`.
fn convert(s: &Spec, v: Value, strings: &[String]) -> Result<Vec<u8>, Error> {
    let wide = matches!(s.length.as_str(), "l" | "ll" | "j" | "z" | "t");
    let (length, arg) = match s.conv {
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => {
            if wide {
                ("ll", CArg::Long(v.as_i64()))
            } else {
                let length = match s.length.as_str() {
                    "hh" => "hh",
                    "h" => "h",
                    _ => "",
                };
                (length, CArg::Int(v.as_i64() as c_int))
            }
        }
        b'c' => ("", CArg::Int(v.as_i64() as c_int)),
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => ("", CArg::Double(v.as_f64())),
        b'p' => ("", CArg::Pointer(v.as_i64() as usize as *const c_void)),
        b's' => {
            let Value::Str(id) = v else {
                return Err(Error::Reflection(
                    "printf %s of a value that is not a string".into(),
                ));
            };
            let text = strings.get(id).ok_or_else(|| {
                Error::Reflection(format!(
                    "printf string {id} is not in vulkan.printf.strings"
                ))
            })?;
            let c = CString::new(text.as_bytes()).unwrap_or_default();
            return Ok(snprintf(&spec_text(s, ""), CArg::Str(&c)));
        }
        c => {
            return Err(Error::Reflection(format!(
                "printf conversion `{}`",
                c as char
            )))
        }
    };
    Ok(snprintf(&spec_text(s, length), arg))
}

/// The C conversion specification of `s` with the C length modifier `length`.
fn spec_text(s: &Spec, length: &str) -> CString {
    let mut t = format!("%{}", s.flags);
    if let Some(w) = &s.width {
        t.push_str(w);
    }
    if let Some(p) = &s.precision {
        t.push('.');
        t.push_str(p);
    }
    t.push_str(length);
    t.push(s.conv as char);
    // Built from ASCII flags, digits and letters: never a NUL.
    CString::new(t).unwrap_or_default()
}

/// Output longer than this is cut (a width of a billion would otherwise allocate it).
const MAX_CONVERSION_BYTES: usize = 1 << 20;

/// `snprintf(spec, arg)`.
fn snprintf(spec: &CString, arg: CArg<'_>) -> Vec<u8> {
    let mut buf = vec![0u8; 64];
    loop {
        let (ptr, len) = (buf.as_mut_ptr().cast::<c_char>(), buf.len());
        // SAFETY: `buf` is writable for `len` bytes; `spec` is a NUL-terminated conversion
        // specification built by `spec_text` whose one conversion takes exactly the type
        // passed (int for d i o u x X c with hh/h/none, long long with ll, double for
        // floating conversions, a NUL-terminated string for s, a pointer for p, which is
        // only printed).
        let n = unsafe {
            match arg {
                CArg::Int(v) => libc::snprintf(ptr, len, spec.as_ptr(), v),
                CArg::Long(v) => libc::snprintf(ptr, len, spec.as_ptr(), v),
                CArg::Double(v) => libc::snprintf(ptr, len, spec.as_ptr(), v),
                CArg::Str(v) => libc::snprintf(ptr, len, spec.as_ptr(), v.as_ptr()),
                CArg::Pointer(v) => libc::snprintf(ptr, len, spec.as_ptr(), v),
            }
        };
        let Ok(n) = usize::try_from(n) else {
            return Vec::new();
        };
        if n < buf.len() || buf.len() > MAX_CONVERSION_BYTES {
            buf.truncate(n.min(buf.len().saturating_sub(1)));
            return buf;
        }
        buf.resize((n + 1).min(MAX_CONVERSION_BYTES + 1), 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reflect::PrintfFormat;

    fn arg(kind: &str, size: u32, components: u32) -> PrintfArg {
        PrintfArg {
            kind: kind.into(),
            size,
            components,
        }
    }

    fn info(format: &str, args: Vec<PrintfArg>) -> PrintfInfo {
        PrintfInfo {
            version: 1,
            header_bytes: 8,
            formats: vec![PrintfFormat {
                id: 1,
                format: format.into(),
                args,
            }],
            strings: vec!["str".into()],
        }
    }

    #[test]
    fn formats_scalars_like_c() {
        let i = info(
            "%d|%5.2f|%s|%c|%%|%-4x|%lu|%hhd|%e|%.3a\n",
            vec![
                arg("int", 4, 1),
                arg("float", 4, 1),
                arg("string", 4, 1),
                arg("int", 4, 1),
                arg("uint", 4, 1),
                arg("uint", 8, 1),
                arg("int", 4, 1),
                arg("float", 8, 1),
                arg("float", 8, 1),
            ],
        );
        let big = u64::MAX - 1;
        let e = 1.0e-300f64.to_bits();
        let a = 0.1f64.to_bits();
        let words = [
            1,
            -7i32 as u32,
            2.5f32.to_bits(),
            0,
            65,
            255,
            big as u32,
            (big >> 32) as u32,
            300,
            e as u32,
            (e >> 32) as u32,
            a as u32,
            (a >> 32) as u32,
        ];
        let mut buf = vec![words.len() as u32, 0];
        buf.extend(words);
        let out = format_buffer(&i, &buf).unwrap();
        assert_eq!(
            out.text,
            "-7| 2.50|str|A|%|ff  |18446744073709551614|44|1.000000e-300|0x1.99ap-4\n"
        );
        assert_eq!(out.dropped, 0);
    }

    #[test]
    fn formats_vectors_with_commas() {
        let i = info(
            "%v4hlf %v2hd %v3hhx %*.*d\n",
            vec![
                arg("float", 4, 4),
                arg("int", 4, 2),
                arg("uint", 4, 3),
                arg("int", 4, 1),
                arg("int", 4, 1),
                arg("int", 4, 1),
            ],
        );
        let mut words = vec![0, 3, 1];
        words.extend([1.5f32, -2.0, 0.25, 8.0].map(f32::to_bits));
        words.extend([-1i32 as u32, 70000]);
        words.extend([255, 16, 0x1ff]);
        words.extend([-6i32 as u32, 3, 7]);
        words[0] = words.len() as u32 - 2;
        let out = format_buffer(&i, &words).unwrap();
        assert_eq!(
            out.text,
            "1.500000,-2.000000,0.250000,8.000000 -1,4464 ff,10,ff 007   \n"
        );
        assert_eq!(out.dropped, 3);
    }

    #[test]
    fn stops_at_unwritten_records() {
        let i = info("x%d\n", vec![arg("int", 4, 1)]);
        // Two records written, a third reserved but dropped (its words are zero).
        let words = [6, 1, 1, 5, 1, 6, 0, 0];
        let out = format_buffer(&i, &words).unwrap();
        assert_eq!(out.text, "x5\nx6\n");
        assert_eq!(out.dropped, 1);
    }

    #[test]
    fn rejects_unknown_formats() {
        let i = info("x\n", vec![]);
        assert!(format_buffer(&i, &[1, 0, 9]).is_err());
    }
}
