//! Checks of the integer, sorting, simulation and finance benchmarks.

use super::{exact_len, near, verdict, Ctx};
use crate::data::samples;
use anyhow::{bail, Result};

/// `bins` is the 256-bin histogram of the bytes of `data` (little-endian): exact.
pub fn histogram(c: &Ctx) -> Result<String> {
    let data = c.input("data")?.u32s()?;
    let bins = exact_len(c.output("bins")?.u32s()?, 256, "bins")?;
    let mut want = [0u32; 256];
    for &v in data {
        for b in v.to_le_bytes() {
            want[b as usize] += 1;
        }
    }
    let total: u64 = bins.iter().map(|&b| u64::from(b)).sum();
    if let Some(b) = (0..256).find(|&b| bins[b] != want[b]) {
        bail!(
            "bin {b} = {}, want {} (total {total} of {})",
            bins[b],
            want[b],
            4 * data.len()
        );
    }
    Ok(format!("all 256 bins exact, total {total}"))
}

/// `output` is the exclusive prefix sum of `input` (wrapping): exact.
pub fn exclusive_scan(c: &Ctx) -> Result<String> {
    let x = c.input("input")?.u32s()?;
    let y = exact_len(c.output("output")?.u32s()?, x.len(), "output")?;
    let mut acc = 0u32;
    for (i, (&v, &got)) in x.iter().zip(y).enumerate() {
        if got != acc {
            bail!("output[{i}] = {got}, want {acc}");
        }
        acc = acc.wrapping_add(v);
    }
    Ok(format!("all {} prefix sums exact", x.len()))
}

/// `keys` after the iteration is `keys` before it, sorted ascending.
pub fn sorted(c: &Ctx) -> Result<String> {
    let mut want = c.input("keys")?.u32s()?.to_vec();
    let got = c.output("keys")?.u32s()?;
    want.sort_unstable();
    if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
        let unsorted = got.windows(2).filter(|w| w[0] > w[1]).count();
        bail!(
            "keys[{i}] = {}, want {} ({unsorted} descents)",
            got[i],
            want[i]
        );
    }
    Ok(format!("{} keys sorted, same multiset", got.len()))
}

/// Sampled bodies of one leapfrog step, forces summed in f64.
pub fn nbody(c: &Ctx) -> Result<String> {
    let n = c.usize("n")?;
    let pos = exact_len(c.input("pos")?.f32s()?, 4 * n, "pos")?;
    let vel = exact_len(c.input("vel")?.f32s()?, 4 * n, "vel")?;
    let pos_out = exact_len(c.output("pos_out")?.f32s()?, 4 * n, "pos_out")?;
    let vel_out = exact_len(c.output("vel_out")?.f32s()?, 4 * n, "vel_out")?;
    let (dt, eps2) = (c.float("dt")?, c.float("eps2")?);
    let rel = c.float_or("rel", 1e-4)?;
    let p = |i: usize, k: usize| f64::from(pos[4 * i + k]);
    let picks = samples(n, 64);
    let mut bad = Vec::new();
    for &i in &picks {
        let (mut a, mut mag) = ([0.0f64; 3], 0.0f64);
        for j in 0..n {
            let r = [p(j, 0) - p(i, 0), p(j, 1) - p(i, 1), p(j, 2) - p(i, 2)];
            let d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + eps2;
            let s = p(j, 3) / (d2 * d2.sqrt());
            for k in 0..3 {
                a[k] += r[k] * s;
            }
            mag += s * d2.sqrt();
        }
        // One entry per wrong body.
        for k in 0..3 {
            let v = f64::from(vel[4 * i + k]) + a[k] * dt;
            let x = p(i, k) + v * dt;
            let vscale = f64::from(vel[4 * i + k]).abs() + mag * dt;
            let (gv, gx) = (vel_out[4 * i + k], pos_out[4 * i + k]);
            if !near(gv, v, vscale, rel) || !near(gx, x, p(i, k).abs() + vscale * dt, rel) {
                bad.push(format!(
                    "body {i}, axis {k}: vel {gv}, want {v}; pos {gx}, want {x}"
                ));
                break;
            }
        }
    }
    verdict("sampled bodies", picks.len(), bad)
}

/// Put-call parity, `C - P = S - K e^{-rT}`, and the no-arbitrage bounds of the call.
pub fn black_scholes(c: &Ctx) -> Result<String> {
    let s = c.input("price")?.f32s()?;
    let k = c.input("strike")?.f32s()?;
    let t = c.input("years")?.f32s()?;
    let call = exact_len(c.output("call")?.f32s()?, s.len(), "call")?;
    let put = exact_len(c.output("put")?.f32s()?, s.len(), "put")?;
    let r = c.float("r")?;
    let rel = c.float_or("rel", 1e-5)?;
    let picks = samples(s.len(), 1 << 16);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let (s, k) = (f64::from(s[i]), f64::from(k[i]));
            let ke = k * (-r * f64::from(t[i])).exp();
            let (cv, pv) = (f64::from(call[i]), f64::from(put[i]));
            let scale = s + k;
            let parity = (cv - pv - (s - ke)).abs() <= rel * scale;
            let bounds = cv >= (s - ke).max(0.0) - rel * scale && cv <= s + rel * scale;
            (!(parity && bounds)).then(|| format!("[{i}] S {s} K {k}: call {cv}, put {pv}"))
        })
        .collect();
    verdict("sampled options", picks.len(), bad)
}

/// Sampled pixels, iterated on the host in f32 with the kernel's contractions (`fma` where
/// OpenCL C's default FP_CONTRACT fuses). Chaotic orbits near the boundary may end a few
/// iterations apart: up to `mismatch` (default 0.2 %) of the samples may differ.
pub fn mandelbrot(c: &Ctx) -> Result<String> {
    let (w, h) = (c.usize("w")?, c.usize("h")?);
    let out = exact_len(c.output("out")?.u32s()?, w * h, "out")?;
    let (x0, y0) = (c.float("x0")? as f32, c.float("y0")? as f32);
    let (dx, dy) = (c.float("dx")? as f32, c.float("dy")? as f32);
    let max_iter = c.int("max_iter")? as u32;
    let allowed = c.float_or("mismatch", 0.002)?;
    let picks = samples(w * h, 8192);
    let mut bad = Vec::new();
    for &i in &picks {
        let cx = (i % w) as f32 * dx + x0;
        let cy = (i / w) as f32 * dy + y0;
        let (mut x, mut y, mut it) = (0.0f32, 0.0f32, 0u32);
        while it < max_iter && x.mul_add(x, y * y) <= 4.0 {
            let xt = x.mul_add(x, -(y * y)) + cx;
            y = (2.0 * x).mul_add(y, cy);
            x = xt;
            it += 1;
        }
        if out[i] != it {
            bad.push(format!("[{i}] = {}, want {it}", out[i]));
        }
    }
    if bad.len() as f64 > allowed * picks.len() as f64 {
        return verdict("sampled pixels", picks.len(), bad);
    }
    Ok(format!(
        "sampled pixels: {} checked, {} off by chaos (allowed {:.1} %)",
        picks.len(),
        bad.len(),
        allowed * 100.0
    ))
}

/// Sampled transforms of the batched 256-point FFT, against the DFT's definition.
pub fn fft(c: &Ctx) -> Result<String> {
    const N: usize = 256;
    let x = c.input("in")?.f32s()?;
    let y = exact_len(c.output("out")?.f32s()?, x.len(), "out")?;
    let rel = c.float_or("rel", 1e-5)?;
    let batches = x.len() / (2 * N);
    let picks = samples(batches, 16);
    let mut bad = Vec::new();
    for &b in &picks {
        let sig = &x[b * 2 * N..(b + 1) * 2 * N];
        let mag: f64 = sig.iter().map(|v| f64::from(*v).abs()).sum();
        // One entry per wrong transform.
        for k in 0..N {
            let (mut re, mut im) = (0.0f64, 0.0f64);
            for n in 0..N {
                let ang = -2.0 * std::f64::consts::PI * ((k * n) % N) as f64 / N as f64;
                let (s, co) = ang.sin_cos();
                let (xr, xi) = (f64::from(sig[2 * n]), f64::from(sig[2 * n + 1]));
                re += xr * co - xi * s;
                im += xr * s + xi * co;
            }
            let o = b * 2 * N + 2 * k;
            if !near(y[o], re, mag, rel) || !near(y[o + 1], im, mag, rel) {
                bad.push(format!(
                    "transform {b}: X[{k}] = ({}, {}), want ({re}, {im})",
                    y[o],
                    y[o + 1]
                ));
                break;
            }
        }
    }
    verdict("sampled transforms", picks.len(), bad)
}

/// Sampled points are assigned a nearest centroid (ties within rounding allowed).
pub fn kmeans(c: &Ctx) -> Result<String> {
    let (np, nc, nf) = (
        c.usize("npoints")?,
        c.usize("nclusters")?,
        c.usize("nfeatures")?,
    );
    let feat = exact_len(c.input("features")?.f32s()?, np * nf, "features")?;
    let cent = exact_len(c.input("centroids")?.f32s()?, nc * nf, "centroids")?;
    let member = exact_len(c.output("membership")?.u32s()?, np, "membership")?;
    let picks = samples(np, 4096);
    let bad = picks
        .iter()
        .filter_map(|&p| {
            let dist = |k: usize| -> f64 {
                (0..nf)
                    .map(|f| f64::from(feat[f * np + p]) - f64::from(cent[k * nf + f]))
                    .map(|t| t * t)
                    .sum()
            };
            let best = (0..nc).map(dist).fold(f64::INFINITY, f64::min);
            let got = member[p] as usize;
            let ok = got < nc && dist(got) <= best * (1.0 + 1e-5) + 1e-6;
            (!ok).then(|| format!("point {p} -> {got}, nearest at distance {best}"))
        })
        .collect();
    verdict("sampled points", picks.len(), bad)
}

/// Shortest distances: no entry grew, and sampled pairs satisfy the triangle inequality
/// through every vertex.
pub fn floyd(c: &Ctx) -> Result<String> {
    let n = c.usize("n")?;
    let d0 = exact_len(c.input("dist")?.u32s()?, n * n, "dist")?;
    let d = exact_len(c.output("dist")?.u32s()?, n * n, "dist")?;
    if let Some(i) = (0..n * n).find(|&i| d[i] > d0[i]) {
        bail!("d[{}][{}] = {} grew from {}", i / n, i % n, d[i], d0[i]);
    }
    let picks = samples(n * n, 2048);
    let bad = picks
        .iter()
        .filter_map(|&e| {
            let (i, j) = (e / n, e % n);
            let k = (0..n)
                .find(|&k| u64::from(d[i * n + k]) + u64::from(d[k * n + j]) < u64::from(d[e]))?;
            Some(format!(
                "d[{i}][{j}] = {} > d[{i}][{k}] + d[{k}][{j}]",
                d[e]
            ))
        })
        .collect();
    verdict("sampled pairs (triangle inequality)", picks.len(), bad)
}

/// Philox4x32-10 of counter (i, ctr_hi, 0, 0) and key (k0, k1).
pub fn philox4x32_10(ctr: [u32; 4], key: [u32; 2]) -> [u32; 4] {
    let (mut c, mut k) = (ctr, key);
    for _ in 0..10 {
        let p0 = u64::from(0xD251_1F53u32) * u64::from(c[0]);
        let p1 = u64::from(0xCD9E_8D57u32) * u64::from(c[2]);
        c = [
            (p1 >> 32) as u32 ^ c[1] ^ k[0],
            p1 as u32,
            (p0 >> 32) as u32 ^ c[3] ^ k[1],
            p0 as u32,
        ];
        k = [
            k[0].wrapping_add(0x9E37_79B9),
            k[1].wrapping_add(0xBB67_AE85),
        ];
    }
    c
}

/// Sampled outputs of the Philox generator, recomputed: exact.
pub fn philox(c: &Ctx) -> Result<String> {
    let out = c.output("out")?.u32s()?;
    let ctr_hi = c.int("ctr_hi")? as u32;
    let key = [c.int("k0")? as u32, c.int("k1")? as u32];
    let picks = samples(out.len() / 4, 4096);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let want = philox4x32_10([i as u32, ctr_hi, 0, 0], key);
            let got = &out[4 * i..4 * i + 4];
            (got != want).then(|| format!("[{i}] = {got:x?}, want {want:x?}"))
        })
        .collect();
    verdict("sampled counters, exact", picks.len(), bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known-answer vectors of the Random123 distribution (kat_vectors, philox4x32_10).
    #[test]
    fn philox_known_answers() {
        assert_eq!(
            philox4x32_10([0, 0, 0, 0], [0, 0]),
            [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]
        );
        assert_eq!(
            philox4x32_10([u32::MAX; 4], [u32::MAX; 2]),
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]
        );
        assert_eq!(
            philox4x32_10(
                [0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344],
                [0xa409_3822, 0x299f_31d0]
            ),
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]
        );
    }
}
