//! Checks of the memory and linear-algebra benchmarks.

use super::{exact_len, near, verdict, Ctx};
use crate::data::samples;
use anyhow::{bail, Result};

/// `dst` is `src`, bit for bit.
pub fn copy(c: &Ctx) -> Result<String> {
    let (src, dst) = (c.input("src")?, c.output("dst")?);
    if let Some(i) = src.first_difference(dst) {
        bail!("the copy differs from its source at element {i}");
    }
    Ok(format!("bit-exact copy of {} elements", src.len()))
}

/// `y = a x + y` (within `rel`, default 1e-6: fused or not).
pub fn saxpy(c: &Ctx) -> Result<String> {
    let a = c.float("a")? as f32;
    let x = c.input("x")?.f32s()?;
    let (y0, y) = (c.input("y")?.f32s()?, c.output("y")?.f32s()?);
    let rel = c.float_or("rel", 1e-6)?;
    let bad = (0..x.len())
        .filter_map(|i| {
            let want = f64::from(a) * f64::from(x[i]) + f64::from(y0[i]);
            let scale = (f64::from(a) * f64::from(x[i])).abs() + f64::from(y0[i]).abs();
            (!near(y[i], want, scale, rel)).then(|| format!("y[{i}] = {}, want {want}", y[i]))
        })
        .collect();
    verdict("every element", x.len(), bad)
}

/// `output[0]` is the sum of `input`, within `rel` (default 1e-5) of the sum of magnitudes.
pub fn sum(c: &Ctx) -> Result<String> {
    let x = c.input("input")?.f32s()?;
    let got = c.output("output")?.f32s()?[0];
    let want: f64 = x.iter().map(|&v| f64::from(v)).sum();
    let mag: f64 = x.iter().map(|&v| f64::from(v).abs()).sum();
    let rel = c.float_or("rel", 1e-5)?;
    if !near(got, want, mag, rel) {
        bail!("sum {got}, want {want} (sum of magnitudes {mag})");
    }
    Ok(format!("sum {got} ≈ {want:.6e}"))
}

/// `output[0]` is the dot product of `x` and `y`.
pub fn dot(c: &Ctx) -> Result<String> {
    let (x, y) = (c.input("x")?.f32s()?, c.input("y")?.f32s()?);
    let got = c.output("output")?.f32s()?[0];
    let terms = x.iter().zip(y).map(|(&a, &b)| f64::from(a) * f64::from(b));
    let want: f64 = terms.clone().sum();
    let mag: f64 = terms.map(f64::abs).sum();
    let rel = c.float_or("rel", 1e-5)?;
    if !near(got, want, mag, rel) {
        bail!("dot {got}, want {want} (sum of magnitudes {mag})");
    }
    Ok(format!("dot {got} ≈ {want:.6e}"))
}

/// Sampled elements of `c = a b` (row-major, m x k times k x n).
pub fn sgemm(c: &Ctx) -> Result<String> {
    let (m, n, k) = (c.usize("m")?, c.usize("n")?, c.usize("k")?);
    let a = exact_len(c.input("a")?.f32s()?, m * k, "a")?;
    let b = exact_len(c.input("b")?.f32s()?, k * n, "b")?;
    let out = exact_len(c.output("c")?.f32s()?, m * n, "c")?;
    let rel = c.float_or("rel", 1e-5)?;
    let picks = samples(m * n, 2048);
    let bad = picks
        .iter()
        .filter_map(|&e| {
            let (r, col) = (e / n, e % n);
            let (mut want, mut mag) = (0.0f64, 0.0f64);
            for t in 0..k {
                let p = f64::from(a[r * k + t]) * f64::from(b[t * n + col]);
                want += p;
                mag += p.abs();
            }
            (!near(out[e], want, mag, rel))
                .then(|| format!("c[{r}][{col}] = {}, want {want}", out[e]))
        })
        .collect();
    verdict("sampled elements", picks.len(), bad)
}

/// Sampled rows of `y = a x` (a: rows x cols).
pub fn matvec(c: &Ctx) -> Result<String> {
    let (rows, cols) = (c.usize("rows")?, c.usize("cols")?);
    let a = exact_len(c.input("a")?.f32s()?, rows * cols, "a")?;
    let x = exact_len(c.input("x")?.f32s()?, cols, "x")?;
    let y = exact_len(c.output("y")?.f32s()?, rows, "y")?;
    let rel = c.float_or("rel", 1e-5)?;
    let picks = samples(rows, 512);
    let bad = picks
        .iter()
        .filter_map(|&r| {
            let row = &a[r * cols..(r + 1) * cols];
            let terms = row
                .iter()
                .zip(x)
                .map(|(&p, &q)| f64::from(p) * f64::from(q));
            let want: f64 = terms.clone().sum();
            let mag: f64 = terms.map(f64::abs).sum();
            (!near(y[r], want, mag, rel)).then(|| format!("y[{r}] = {}, want {want}", y[r]))
        })
        .collect();
    verdict("sampled rows", picks.len(), bad)
}

/// Every row of `y = A x`, A in CSR form; the structure itself is checked too.
pub fn spmv(c: &Ctx) -> Result<String> {
    let rows = c.usize("rows")?;
    let row_ptr = exact_len(c.input("row_ptr")?.u32s()?, rows + 1, "row_ptr")?;
    let cols = c.input("cols")?.u32s()?;
    let vals = c.input("vals")?.f32s()?;
    let x = c.input("x")?.f32s()?;
    let y = exact_len(c.output("y")?.f32s()?, rows, "y")?;
    let rel = c.float_or("rel", 1e-5)?;
    if row_ptr[rows] as usize != cols.len() || cols.len() != vals.len() {
        bail!("the CSR structure does not match its buffers");
    }
    let mut bad = Vec::new();
    for r in 0..rows {
        let (lo, hi) = (row_ptr[r] as usize, row_ptr[r + 1] as usize);
        let (mut want, mut mag) = (0.0f64, 0.0f64);
        for t in lo..hi {
            let p = f64::from(vals[t]) * f64::from(x[cols[t] as usize]);
            want += p;
            mag += p.abs();
        }
        if !near(y[r], want, mag, rel) {
            bad.push(format!("y[{r}] = {}, want {want}", y[r]));
        }
    }
    verdict("every row", rows, bad)
}

/// `dst` (cols x rows) is the transpose of `src` (rows x cols), bit for bit.
pub fn transpose(c: &Ctx) -> Result<String> {
    let (rows, cols) = (c.usize("rows")?, c.usize("cols")?);
    let src = exact_len(c.input("src")?.f32s()?, rows * cols, "src")?;
    let dst = exact_len(c.output("dst")?.f32s()?, rows * cols, "dst")?;
    for r in 0..rows {
        for col in 0..cols {
            if src[r * cols + col].to_bits() != dst[col * rows + r].to_bits() {
                bail!(
                    "dst[{col}][{r}] = {}, want src[{r}][{col}] = {}",
                    dst[col * rows + r],
                    src[r * cols + col]
                );
            }
        }
    }
    Ok(format!("bit-exact transpose of {rows}x{cols}"))
}
