//! The checks of the first iteration (README.md, "Verification"): the same references,
//! tolerances and error measures as cuda/bench.cu. Buffers are 32-bit words; float buffers
//! hold the bits of their floats.

use std::rc::Rc;

use anyhow::{bail, Result};

use crate::data::{par_map, sample_indices};
use crate::suite::{Bench, Ty};

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

    fn fail_text(&mut self, text: String) {
        if self.ok {
            self.detail = Some(text);
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
    fn initial(&self, i: usize) -> Result<&[u32]>;
    /// The contents of buffer `i` after the checked iteration (read once, then kept).
    fn read(&self, i: usize) -> Result<Rc<Vec<u32>>>;
}

fn f(w: u32) -> f32 {
    f32::from_bits(w)
}

/// Philox4x32-10 of the counter (c0, c1, 0, 0) with the key (k0, k1) (philox.cl).
pub fn philox(c0: u32, c1: u32, mut k0: u32, mut k1: u32) -> [u32; 4] {
    let mut c = [c0, c1, 0, 0];
    for _ in 0..10 {
        let p0 = 0xD251_1F53u64 * c[0] as u64;
        let p1 = 0xCD9E_8D57u64 * c[2] as u64;
        c = [
            (p1 >> 32) as u32 ^ c[1] ^ k0,
            p1 as u32,
            (p0 >> 32) as u32 ^ c[3] ^ k1,
            p0 as u32,
        ];
        k0 = k0.wrapping_add(0x9E37_79B9);
        k1 = k1.wrapping_add(0xBB67_AE85);
    }
    c
}

/// Checks the first iteration of `b` (run on the initial contents), and that no float output
/// holds a NaN (the poison of an unwritten element).
pub fn check(b: &Bench, stride: u64, bufs: &dyn Contents) -> Result<Checked> {
    let v = &b.verify;
    let mut c = Checked::new();
    let tol = v.tol;
    let sample = v.ints.get("sample").copied().unwrap_or(0);
    match v.reference.as_str() {
        "none" => {}
        "copy" => {
            let src = bufs.initial(v.buf("src")?)?;
            let out = bufs.read(v.buf("dst")?)?;
            for i in sample_indices(src.len() as u64, sample, stride) {
                let (got, want) = (out[i as usize], src[i as usize]);
                if got != want {
                    c.fail("copy", i, f(got) as f64, f(want) as f64);
                }
            }
        }
        "saxpy" => {
            let xi = v.buf("x")?;
            let yi = v.buf("y")?;
            let x = bufs.initial(xi)?;
            let y0 = bufs.initial(yi)?;
            let a = v.alpha as f32;
            let out = bufs.read(yi)?;
            for i in sample_indices(x.len() as u64, sample, stride) {
                let got = f(out[i as usize]);
                let want = a.mul_add(f(x[i as usize]), f(y0[i as usize]));
                let e = c.err(((got as f64) - want as f64).abs() / (want as f64).abs().max(1e-30));
                if e > tol {
                    c.fail("saxpy", i, got as f64, want as f64);
                }
            }
        }
        "sum" => {
            let src = bufs.initial(v.buf("src")?)?;
            let (want, scale) = sum_abs(src, None);
            let got = f(bufs.read(v.buf("dst")?)?[0]);
            let e = c.err(((got as f64) - want).abs() / scale);
            if e > tol {
                c.fail("sum", 0, got as f64, want);
            }
        }
        "dot" => {
            let x = bufs.initial(v.buf("x")?)?;
            let y = bufs.initial(v.buf("y")?)?;
            let (want, scale) = sum_abs(x, Some(y));
            let got = f(bufs.read(v.buf("dst")?)?[0]);
            let e = c.err(((got as f64) - want).abs() / scale);
            if e > tol {
                c.fail("dot", 0, got as f64, want);
            }
        }
        "transpose" => {
            let src = bufs.initial(v.buf("src")?)?;
            let out = bufs.read(v.buf("dst")?)?;
            let (rows, cols) = (v.int("rows")?, v.int("cols")?);
            if rows * cols != src.len() as u64 || out.len() != src.len() {
                bail!("transpose: rows x cols is not the buffers' length");
            }
            for j in sample_indices(rows * cols, sample, stride) {
                let (col, row) = (j / rows, j % rows);
                let want = src[(row * cols + col) as usize];
                let got = out[j as usize];
                if got != want {
                    c.fail("transpose", j, f(got) as f64, f(want) as f64);
                }
            }
        }
        "sgemm" => {
            let a = bufs.initial(v.buf("a")?)?;
            let bm = bufs.initial(v.buf("b")?)?;
            let out = bufs.read(v.buf("c")?)?;
            let (m, n, k) = (v.int("m")?, v.int("n")?, v.int("k")?);
            if a.len() as u64 != m * k || bm.len() as u64 != k * n || out.len() as u64 != m * n {
                bail!("sgemm: m, n, k do not match the buffers' lengths");
            }
            for j in sample_indices(m * n, sample, stride) {
                let (r, col) = (j / n, j % n);
                let (mut want, mut scale) = (0f64, 0f64);
                for kk in 0..k {
                    let p =
                        f(a[(r * k + kk) as usize]) as f64 * f(bm[(kk * n + col) as usize]) as f64;
                    want += p;
                    scale += p.abs();
                }
                let got = f(out[j as usize]);
                let e = c.err(((got as f64) - want).abs() / scale.max(1e-30));
                if e > tol {
                    c.fail("sgemm", j, got as f64, want);
                }
            }
        }
        "nbody" => {
            let pos = bufs.initial(v.buf("pos")?)?;
            let out = bufs.read(v.buf("acc")?)?;
            let n = v.int("n")?;
            if pos.len() as u64 != 4 * n || out.len() as u64 != 4 * n {
                bail!("nbody: n does not match the buffers' lengths");
            }
            // eps2 as the kernel gets it: a float.
            let eps2 = v.eps2 as f32 as f64;
            let p = |i: usize| f(pos[i]) as f64;
            for i in sample_indices(n, sample, stride) {
                let i = i as usize;
                let (mut acc, mut scale) = ([0f64; 3], 0f64);
                for j in 0..n as usize {
                    let r: [f64; 3] = std::array::from_fn(|cc| p(4 * j + cc) - p(4 * i + cc));
                    let r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
                    let d2 = r2 + eps2;
                    let s = p(4 * j + 3) / (d2 * d2.sqrt());
                    for cc in 0..3 {
                        acc[cc] += r[cc] * s;
                    }
                    scale += s * r2.sqrt();
                }
                for (cc, &want) in acc.iter().enumerate() {
                    let got = f(out[4 * i + cc]);
                    let e = c.err(((got as f64) - want).abs() / scale);
                    if e > tol {
                        c.fail("nbody", (4 * i + cc) as u64, got as f64, want);
                    }
                }
                if f(out[4 * i + 3]) != 0.0 {
                    c.fail("nbody w", (4 * i + 3) as u64, f(out[4 * i + 3]) as f64, 0.0);
                }
            }
        }
        "exclusive_scan" => {
            let src = bufs.initial(v.buf("src")?)?;
            let out = bufs.read(v.buf("dst")?)?;
            let mut acc = 0u32;
            for (i, (&x, &got)) in src.iter().zip(out.iter()).enumerate() {
                if got != acc {
                    c.fail("exclusive_scan", i as u64, got as f64, acc as f64);
                    break;
                }
                acc = acc.wrapping_add(x);
            }
        }
        "histogram" => {
            let src = bufs.initial(v.buf("src")?)?;
            let out = bufs.read(v.buf("dst")?)?;
            let parts = par_map(src, |_, chunk| {
                let mut h = [0u64; 256];
                for &w in chunk {
                    for s in [0, 8, 16, 24] {
                        h[((w >> s) & 0xFF) as usize] += 1;
                    }
                }
                h
            });
            for (bin, &got) in out.iter().enumerate().take(256) {
                let want: u64 = parts.iter().map(|h| h[bin]).sum();
                if got as u64 != want {
                    c.fail("histogram", bin as u64, got as f64, want as f64);
                }
            }
        }
        "sorted" => {
            let src = bufs.initial(v.buf("src")?)?;
            let out = bufs.read(v.buf("dst")?)?;
            if let Some(i) = out.windows(2).position(|w| w[0] > w[1]) {
                c.fail("sorted", i as u64 + 1, out[i + 1] as f64, out[i] as f64);
            }
            let fold = |x: &[u32]| {
                x.iter()
                    .fold((0u64, 0u32), |(s, x), &w| (s.wrapping_add(w as u64), x ^ w))
            };
            let (a, b) = (fold(src), fold(&out));
            if a != b {
                c.fail_text(format!(
                    "sorted: the keys' sum and xor {b:?} differ from the input's {a:?}"
                ));
            }
        }
        "philox" => {
            let out = bufs.read(v.buf("dst")?)?;
            let (ctr, k0, k1) = (
                v.int("ctr")? as u32,
                v.int("k0")? as u32,
                v.int("k1")? as u32,
            );
            for i in sample_indices(out.len() as u64 / 4, sample, stride) {
                let want = philox(i as u32, ctr, k0, k1);
                let got = &out[4 * i as usize..4 * i as usize + 4];
                if got != want {
                    c.fail_text(format!(
                        "philox at counter {i}: got {got:x?}, want {want:x?}"
                    ));
                }
            }
        }
        "floyd" => {
            let d0 = bufs.initial(v.buf("src")?)?;
            let d = bufs.read(v.buf("dst")?)?;
            let n = v.int("n")? as usize;
            for s in sample_indices((n * n) as u64, sample, stride) {
                let (i, j) = (s as usize / n, s as usize % n);
                let dij = d[i * n + j];
                if dij > d0[i * n + j] {
                    c.fail(
                        "floyd: longer than the edge",
                        s,
                        dij as f64,
                        d0[i * n + j] as f64,
                    );
                }
                for k in 0..n {
                    let via = d[i * n + k] as u64 + d[k * n + j] as u64;
                    if (dij as u64) > via {
                        c.fail("floyd: a shorter path", s, dij as f64, via as f64);
                    }
                }
            }
        }
        "kmeans" => {
            let feat = bufs.initial(v.buf("a")?)?;
            let cent = bufs.initial(v.buf("b")?)?;
            let out = bufs.read(v.buf("c")?)?;
            let (np, nc, nf) = (
                v.int("m")? as usize,
                v.int("n")? as usize,
                v.int("k")? as usize,
            );
            for p in sample_indices(np as u64, sample, stride) {
                let p = p as usize;
                let (mut best, mut best_d) = (0u32, f32::MAX);
                for cc in 0..nc {
                    let mut dd = 0f32;
                    for ff in 0..nf {
                        let t = f(feat[ff * np + p]) - f(cent[cc * nf + ff]);
                        dd += t * t;
                    }
                    if dd < best_d {
                        best_d = dd;
                        best = cc as u32;
                    }
                }
                if out[p] != best {
                    c.fail("kmeans", p as u64, out[p] as f64, best as f64);
                }
            }
        }
        "max" => {
            let out = bufs.read(v.buf("dst")?)?;
            let max = v.int("max")?;
            if let Some(i) = out.iter().position(|&w| w as u64 > max) {
                c.fail("max", i as u64, out[i] as f64, max as f64);
            }
        }
        other => bail!("verify.ref `{other}`"),
    }
    for &o in &v.outputs {
        if b.buffers[o].ty != Ty::Float {
            continue;
        }
        let out = bufs.read(o)?;
        let nans = par_map(&out, |_, c| c.iter().filter(|w| f(**w).is_nan()).count())
            .into_iter()
            .sum::<usize>();
        if nans > 0 {
            let first = out.iter().position(|w| f(*w).is_nan()).unwrap_or(0);
            c.fail_text(format!(
                "{} NaN(s) in `{}` (unwritten or poisoned), the first at {first}",
                nans, b.buffers[o].name
            ));
        }
    }
    Ok(c)
}

/// Σ x (or Σ x y) and Σ |x| (Σ |x y|) in double, on all cores (a partial sum per chunk, then
/// added in order).
fn sum_abs(x: &[u32], y: Option<&[u32]>) -> (f64, f64) {
    let parts = par_map(x, |start, c| {
        c.iter().enumerate().fold((0f64, 0f64), |(s, a), (j, &w)| {
            let t = f(w) as f64 * y.map_or(1.0, |y| f(y[start + j]) as f64);
            (s + t, a + t.abs())
        })
    });
    parts
        .into_iter()
        .fold((0.0, 0.0), |(s, a), (ps, pa)| (s + ps, a + pa))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums() {
        let v: Vec<u32> = (0..100_001)
            .map(|i| if i % 2 == 0 { 0.5f32 } else { -0.25 }.to_bits())
            .collect();
        let (s, a) = sum_abs(&v, None);
        assert_eq!(s, 50001.0 * 0.5 - 50000.0 * 0.25);
        assert_eq!(a, 50001.0 * 0.5 + 50000.0 * 0.25);
    }

    /// Random123's known-answer vectors for Philox4x32-10.
    #[test]
    fn philox_known_answers() {
        // counter (0,0,0,0), key (0,0)
        assert_eq!(
            philox(0, 0, 0, 0),
            [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]
        );
    }
}
