//! clc's outputs against clang's: integers exactly, floats bit for bit unless the benchmark
//! states a tolerance.

use crate::data::HostBuf;
use crate::suite::Tol;
use anyhow::{bail, Result};

/// How close two outputs were.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Agreement {
    /// Every element has the same bits.
    pub identical: bool,
    /// Largest `|a - b|` over float elements (0 for integers).
    pub max_abs: f64,
    /// Largest `|a - b| / max(|a|, |b|)` over float elements that differ.
    pub max_rel: f64,
}

impl Agreement {
    /// Combines the agreement of two buffers.
    pub fn merge(self, o: Agreement) -> Agreement {
        Agreement {
            identical: self.identical && o.identical,
            max_abs: self.max_abs.max(o.max_abs),
            max_rel: self.max_rel.max(o.max_rel),
        }
    }
}

/// Compares buffer `name` of clc (`a`) and clang (`b`); a difference beyond `tol` is an
/// error naming the first element and how many differ.
pub fn compare(name: &str, a: &HostBuf, b: &HostBuf, tol: Option<Tol>) -> Result<Agreement> {
    if a.len() != b.len() || a.ty() != b.ty() {
        bail!("`{name}`: buffers differ in type or length");
    }
    let mut out = Agreement {
        identical: true,
        ..Agreement::default()
    };
    let mut bad = 0usize;
    let mut first = None;
    match (a, b) {
        (HostBuf::F32(x), HostBuf::F32(y)) => {
            let tol = tol.unwrap_or(Tol { abs: 0.0, rel: 0.0 });
            for (i, (&p, &q)) in x.iter().zip(y).enumerate() {
                if p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()) {
                    continue;
                }
                out.identical = false;
                let (p64, q64) = (f64::from(p), f64::from(q));
                let diff = (p64 - q64).abs();
                let mag = p64.abs().max(q64.abs());
                if diff.is_finite() {
                    out.max_abs = out.max_abs.max(diff);
                    if mag > 0.0 {
                        out.max_rel = out.max_rel.max(diff / mag);
                    }
                }
                // NaN against a number (diff NaN) or an infinity against a finite value is
                // never within tolerance.
                let within = diff.is_finite() && diff <= tol.abs + tol.rel * mag;
                if !within {
                    bad += 1;
                    first.get_or_insert(format!("[{i}]: clc {p:e}, clang {q:e}"));
                }
            }
        }
        _ => {
            for (i, (p, q)) in a.bits().zip(b.bits()).enumerate() {
                if p != q {
                    out.identical = false;
                    bad += 1;
                    first.get_or_insert(format!("[{i}]: clc {p:#x}, clang {q:#x}"));
                }
            }
        }
    }
    if let Some(first) = first {
        bail!(
            "`{name}`: clc and clang differ in {bad} of {} elements; first at {first}{}",
            a.len(),
            match tol {
                Some(t) if a.ty() == crate::suite::ElemType::Float =>
                    format!(" (tolerance abs {:e}, rel {:e})", t.abs, t.rel),
                _ => String::new(),
            }
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_within_tolerance() {
        let a = HostBuf::F32(vec![1.0, 2.0, f32::NAN]);
        let b = HostBuf::F32(vec![1.0, 2.000001, f32::NAN]);
        assert!(compare("x", &a, &b, None).is_err());
        let ok = compare(
            "x",
            &a,
            &b,
            Some(Tol {
                abs: 0.0,
                rel: 1e-6,
            }),
        )
        .unwrap();
        assert!(!ok.identical && ok.max_rel > 0.0);
        assert!(compare("x", &a, &a, None).unwrap().identical);
    }

    #[test]
    fn integers_exactly() {
        let a = HostBuf::U32(vec![1, 2, 3]);
        let b = HostBuf::U32(vec![1, 2, 4]);
        let e = compare(
            "y",
            &a,
            &b,
            Some(Tol {
                abs: 10.0,
                rel: 1.0,
            }),
        )
        .unwrap_err();
        assert!(e.to_string().contains("[2]"), "{e}");
    }
}
