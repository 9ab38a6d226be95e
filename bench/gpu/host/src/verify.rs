//! The checks of the first iteration (README.md, "Verification"): the same references,
//! tolerances and error measures as cuda/bench.cu.

use anyhow::{bail, Result};

use crate::data::sample_indices;
use crate::suite::Bench;

/// What a check found.
#[derive(Debug)]
pub struct Checked {
    pub ok: bool,
    /// The largest relative error (0 for bit-exact checks); infinite for a NaN.
    pub max_err: f64,
    /// The first failure, for stderr.
    pub detail: Option<String>,
}

impl Checked {
    fn new() -> Checked {
        Checked {
            ok: true,
            max_err: 0.0,
            detail: None,
        }
    }

    fn fail(&mut self, what: &str, i: u64, got: f64, want: f64) {
        if self.ok {
            self.detail = Some(format!("{what} at {i}: got {got:.9e}, want {want:.9e}"));
        }
        self.ok = false;
    }

    /// Records an error measure (a NaN as infinite, so `e > tol` catches it).
    fn err(&mut self, e: f64) -> f64 {
        let e = if e.is_nan() { f64::INFINITY } else { e };
        self.max_err = self.max_err.max(e);
        e
    }
}

/// The buffers a check reads: the initial contents of filled buffers, and a read-back of a
/// buffer after the first iteration.
pub trait Contents {
    /// The initial contents of buffer `i` (filled buffers only).
    fn initial(&self, i: usize) -> Result<&[f32]>;
    /// The current contents of buffer `i`.
    fn read(&self, i: usize) -> Result<Vec<f32>>;
}

fn same_bits(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits()
}

/// Checks the first iteration of `b` (run on the initial contents).
pub fn check(b: &Bench, stride: u64, bufs: &dyn Contents) -> Result<Checked> {
    let v = &b.verify;
    let mut c = Checked::new();
    let tol = v.tol.map_or(0.0, |t| t.f64());
    let sample = v.sample.unwrap_or(0);
    match v.reference.as_str() {
        "copy" => {
            let src = bufs.initial(b.verify_buffer(&v.src)?)?;
            let out = bufs.read(b.verify_buffer(&v.dst)?)?;
            for i in sample_indices(src.len() as u64, sample, stride) {
                let (got, want) = (out[i as usize], src[i as usize]);
                if !same_bits(got, want) {
                    c.fail("copy", i, got as f64, want as f64);
                }
            }
        }
        "saxpy" => {
            let xi = b.verify_buffer(&v.x)?;
            let yi = b.verify_buffer(&v.y)?;
            let x = bufs.initial(xi)?;
            let y0 = bufs.initial(yi)?;
            let a = v.alpha.map_or(0.0, |a| a.f64()) as f32;
            let out = bufs.read(yi)?;
            for i in sample_indices(x.len() as u64, sample, stride) {
                let got = out[i as usize];
                let want = a.mul_add(x[i as usize], y0[i as usize]);
                let e = c.err(((got as f64) - want as f64).abs() / (want as f64).abs().max(1e-30));
                if e > tol {
                    c.fail("saxpy", i, got as f64, want as f64);
                }
            }
        }
        "sum" => {
            let src = bufs.initial(b.verify_buffer(&v.src)?)?;
            let (want, scale) = sum_abs(src);
            let got = bufs.read(b.verify_buffer(&v.dst)?)?[0];
            let e = c.err(((got as f64) - want).abs() / scale);
            if e > tol {
                c.fail("sum", 0, got as f64, want);
            }
        }
        "transpose" => {
            let src = bufs.initial(b.verify_buffer(&v.src)?)?;
            let out = bufs.read(b.verify_buffer(&v.dst)?)?;
            let (rows, cols) = (v.rows.unwrap_or(0), v.cols.unwrap_or(0));
            if rows * cols != src.len() as u64 || out.len() != src.len() {
                bail!("transpose: rows x cols is not the buffers' length");
            }
            for j in sample_indices(rows * cols, sample, stride) {
                let (col, row) = (j / rows, j % rows);
                let want = src[(row * cols + col) as usize];
                let got = out[j as usize];
                if !same_bits(got, want) {
                    c.fail("transpose", j, got as f64, want as f64);
                }
            }
        }
        "sgemm" => {
            let a = bufs.initial(b.verify_buffer(&v.a)?)?;
            let bm = bufs.initial(b.verify_buffer(&v.b)?)?;
            let out = bufs.read(b.verify_buffer(&v.c)?)?;
            let (m, n, k) = (v.m.unwrap_or(0), v.n.unwrap_or(0), v.k.unwrap_or(0));
            if a.len() as u64 != m * k || bm.len() as u64 != k * n || out.len() as u64 != m * n {
                bail!("sgemm: m, n, k do not match the buffers' lengths");
            }
            for j in sample_indices(m * n, sample, stride) {
                let (r, col) = (j / n, j % n);
                let (mut want, mut scale) = (0f64, 0f64);
                for kk in 0..k {
                    let p = a[(r * k + kk) as usize] as f64 * bm[(kk * n + col) as usize] as f64;
                    want += p;
                    scale += p.abs();
                }
                let got = out[j as usize];
                let e = c.err(((got as f64) - want).abs() / scale.max(1e-30));
                if e > tol {
                    c.fail("sgemm", j, got as f64, want);
                }
            }
        }
        "nbody" => {
            let pos = bufs.initial(b.verify_buffer(&v.pos)?)?;
            let out = bufs.read(b.verify_buffer(&v.acc)?)?;
            let n = v.n.unwrap_or(0);
            if pos.len() as u64 != 4 * n || out.len() as u64 != 4 * n {
                bail!("nbody: n does not match the buffers' lengths");
            }
            // eps2 as the kernel gets it: a float.
            let eps2 = v.eps2.map_or(0.0, |e| e.f64()) as f32 as f64;
            for i in sample_indices(n, sample, stride) {
                let i = i as usize;
                let (mut acc, mut scale) = ([0f64; 3], 0f64);
                for j in 0..n as usize {
                    let r: [f64; 3] =
                        std::array::from_fn(|c| pos[4 * j + c] as f64 - pos[4 * i + c] as f64);
                    let r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
                    let d2 = r2 + eps2;
                    let s = pos[4 * j + 3] as f64 / (d2 * d2.sqrt());
                    for cc in 0..3 {
                        acc[cc] += r[cc] * s;
                    }
                    scale += s * r2.sqrt();
                }
                for (cc, &want) in acc.iter().enumerate() {
                    let got = out[4 * i + cc];
                    let e = c.err(((got as f64) - want).abs() / scale);
                    if e > tol {
                        c.fail("nbody", (4 * i + cc) as u64, got as f64, want);
                    }
                }
                if out[4 * i + 3] != 0.0 {
                    c.fail("nbody w", (4 * i + 3) as u64, out[4 * i + 3] as f64, 0.0);
                }
            }
        }
        other => bail!("verify.ref `{other}`"),
    }
    Ok(c)
}

/// Σ x and Σ |x| in double, on all cores (a partial sum per chunk, then added in order).
fn sum_abs(src: &[f32]) -> (f64, f64) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(32));
    let size = src.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let parts: Vec<_> = src
            .chunks(size)
            .map(|c| {
                s.spawn(move || {
                    c.iter().fold((0f64, 0f64), |(s, a), &x| {
                        (s + x as f64, a + (x as f64).abs())
                    })
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|h| h.join().unwrap_or((f64::NAN, f64::NAN)))
            .fold((0.0, 0.0), |(s, a), (ps, pa)| (s + ps, a + pa))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums() {
        let v: Vec<f32> = (0..100_001)
            .map(|i| if i % 2 == 0 { 0.5 } else { -0.25 })
            .collect();
        let (s, a) = sum_abs(&v);
        assert_eq!(s, 50001.0 * 0.5 - 50000.0 * 0.25);
        assert_eq!(a, 50001.0 * 0.5 + 50000.0 * 0.25);
    }
}
