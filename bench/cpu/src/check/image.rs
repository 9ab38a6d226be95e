//! Checks of the stencil and image benchmarks: sampled pixels recomputed on the host.

use super::{exact_len, near, verdict, Ctx};
use crate::data::samples;
use anyhow::{bail, Result};

const PIXELS: usize = 4096;

/// A row-major W x H float image with clamp-to-edge reads.
struct Img<'a> {
    v: &'a [f32],
    w: usize,
    h: usize,
}

impl Img<'_> {
    fn at(&self, x: i64, y: i64) -> f32 {
        let x = x.clamp(0, self.w as i64 - 1) as usize;
        let y = y.clamp(0, self.h as i64 - 1) as usize;
        self.v[y * self.w + x]
    }
}

fn image<'a>(c: &'a Ctx, key: &str, output: bool) -> Result<Img<'a>> {
    let (w, h) = (c.usize("w")?, c.usize("h")?);
    let buf = if output {
        c.output(key)?
    } else {
        c.input(key)?
    };
    Ok(Img {
        v: exact_len(buf.f32s()?, w * h, key)?,
        w,
        h,
    })
}

/// `sweeps` Jacobi sweeps of `grid` (f32, the kernel's order of additions): exact.
pub fn jacobi2d(c: &Ctx) -> Result<String> {
    let src = image(c, "grid", false)?;
    let out = image(c, "grid", true)?;
    let sweeps = c.usize("sweeps")?;
    fn value(g: &Img, s: usize, x: usize, y: usize) -> f32 {
        if s == 0 || x == 0 || y == 0 || x == g.w - 1 || y == g.h - 1 {
            return g.v[y * g.w + x];
        }
        let v = |x, y| value(g, s - 1, x, y);
        0.25f32 * (((v(x, y - 1) + v(x, y + 1)) + v(x - 1, y)) + v(x + 1, y))
    }
    let picks = samples(src.w * src.h, PIXELS);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let want = value(&src, sweeps, i % src.w, i / src.w);
            (want.to_bits() != out.v[i].to_bits())
                .then(|| format!("[{i}] = {}, want {want}", out.v[i]))
        })
        .collect();
    verdict("sampled points, bit-exact", picks.len(), bad)
}

/// One 7-point heat step: out = c0 centre + c1 (sum of neighbours), border copied.
pub fn heat3d(c: &Ctx) -> Result<String> {
    let (nx, ny, nz) = (c.usize("nx")?, c.usize("ny")?, c.usize("nz")?);
    let n = nx * ny * nz;
    let src = exact_len(c.input("in")?.f32s()?, n, "in")?;
    let out = exact_len(c.output("out")?.f32s()?, n, "out")?;
    let (c0, c1) = (c.float("c0")?, c.float("c1")?);
    let rel = c.float_or("rel", 1e-5)?;
    let picks = samples(n, PIXELS);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let (x, y, z) = (i % nx, i / nx % ny, i / (nx * ny));
            let border = x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1;
            let (want, scale) = if border {
                (f64::from(src[i]), 0.0)
            } else {
                let nb = [i - 1, i + 1, i - nx, i + nx, i - nx * ny, i + nx * ny]
                    .map(|j| f64::from(src[j]));
                let s: f64 = nb.iter().sum();
                let mag: f64 = nb.iter().map(|v| v.abs()).sum();
                let centre = c0 * f64::from(src[i]);
                (centre + c1 * s, centre.abs() + (c1 * mag).abs())
            };
            (!near(out[i], want, scale, rel))
                .then(|| format!("[{x},{y},{z}] = {}, want {want}", out[i]))
        })
        .collect();
    verdict("sampled points", picks.len(), bad)
}

/// A (2r+1)^2 convolution with clamp-to-edge reads.
pub fn conv2d(c: &Ctx) -> Result<String> {
    let src = image(c, "in", false)?;
    let out = image(c, "out", true)?;
    let r = c.int("r")?;
    let fw = (2 * r + 1) as usize;
    let filt = exact_len(c.input("filter")?.f32s()?, fw * fw, "filter")?;
    let rel = c.float_or("rel", 1e-5)?;
    let picks = samples(src.w * src.h, PIXELS);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let (x, y) = ((i % src.w) as i64, (i / src.w) as i64);
            let (mut want, mut mag) = (0.0f64, 0.0f64);
            for dy in -r..=r {
                for dx in -r..=r {
                    let f = f64::from(filt[((dy + r) as usize) * fw + (dx + r) as usize]);
                    let p = f * f64::from(src.at(x + dx, y + dy));
                    want += p;
                    mag += p.abs();
                }
            }
            (!near(out.v[i], want, mag, rel))
                .then(|| format!("[{x},{y}] = {}, want {want}", out.v[i]))
        })
        .collect();
    verdict("sampled pixels", picks.len(), bad)
}

/// A separable blur: rows with `weights`, then columns, clamp-to-edge.
pub fn gaussian(c: &Ctx) -> Result<String> {
    let src = image(c, "in", false)?;
    let out = image(c, "out", true)?;
    let r = c.int("r")?;
    let wts = exact_len(c.input("weights")?.f32s()?, (2 * r + 1) as usize, "weights")?;
    let rel = c.float_or("rel", 1e-5)?;
    let wt = |k: i64| f64::from(wts[(k + r) as usize]);
    let picks = samples(src.w * src.h, PIXELS);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let (x, y) = ((i % src.w) as i64, (i / src.w) as i64);
            let (mut want, mut mag) = (0.0f64, 0.0f64);
            for ky in -r..=r {
                for kx in -r..=r {
                    let p = wt(ky) * wt(kx) * f64::from(src.at(x + kx, y + ky));
                    want += p;
                    mag += p.abs();
                }
            }
            (!near(out.v[i], want, mag, rel))
                .then(|| format!("[{x},{y}] = {}, want {want}", out.v[i]))
        })
        .collect();
    verdict("sampled pixels", picks.len(), bad)
}

/// Sobel gradient magnitude, 0 on the border.
pub fn sobel(c: &Ctx) -> Result<String> {
    let src = image(c, "in", false)?;
    let out = image(c, "out", true)?;
    let rel = c.float_or("rel", 1e-5)?;
    let picks = samples(src.w * src.h, PIXELS);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let (x, y) = (i % src.w, i / src.w);
            let (want, scale) = if x == 0 || y == 0 || x == src.w - 1 || y == src.h - 1 {
                (0.0, 0.0)
            } else {
                let p = |dx: i64, dy: i64| f64::from(src.at(x as i64 + dx, y as i64 + dy));
                let gx =
                    (p(1, -1) + 2.0 * p(1, 0) + p(1, 1)) - (p(-1, -1) + 2.0 * p(-1, 0) + p(-1, 1));
                let gy =
                    (p(-1, 1) + 2.0 * p(0, 1) + p(1, 1)) - (p(-1, -1) + 2.0 * p(0, -1) + p(1, -1));
                let mag: f64 = [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ]
                .iter()
                .map(|&(dx, dy)| p(dx, dy).abs())
                .sum();
                ((gx * gx + gy * gy).sqrt(), 4.0 * mag)
            };
            (!near(out.v[i], want, scale, rel))
                .then(|| format!("[{x},{y}] = {}, want {want}", out.v[i]))
        })
        .collect();
    verdict("sampled pixels", picks.len(), bad)
}

/// The median of each 3x3 window (clamp-to-edge): exact.
pub fn median3x3(c: &Ctx) -> Result<String> {
    let src = image(c, "in", false)?;
    let out = image(c, "out", true)?;
    let picks = samples(src.w * src.h, PIXELS);
    let bad = picks
        .iter()
        .filter_map(|&i| {
            let (x, y) = ((i % src.w) as i64, (i / src.w) as i64);
            let mut win: Vec<f32> = (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                .map(|(dx, dy)| src.at(x + dx, y + dy))
                .collect();
            win.sort_by(f32::total_cmp);
            let want = win[4];
            (want.to_bits() != out.v[i].to_bits())
                .then(|| format!("[{x},{y}] = {}, want {want}", out.v[i]))
        })
        .collect();
    verdict("sampled pixels, exact", picks.len(), bad)
}

/// The orthonormal 8x8 DCT-II of sampled blocks, from its definition.
pub fn dct8x8(c: &Ctx) -> Result<String> {
    let src = image(c, "in", false)?;
    let out = image(c, "out", true)?;
    if src.w % 8 != 0 || src.h % 8 != 0 {
        bail!("the image is not made of 8x8 blocks");
    }
    let rel = c.float_or("rel", 1e-5)?;
    let basis = |u: usize, i: usize| {
        let cu = if u == 0 {
            (1.0f64 / 8.0).sqrt()
        } else {
            (2.0f64 / 8.0).sqrt()
        };
        cu * (((2 * i + 1) * u) as f64 * std::f64::consts::PI / 16.0).cos()
    };
    let blocks_x = src.w / 8;
    let picks = samples(blocks_x * (src.h / 8), 128);
    let mut bad = Vec::new();
    for &b in &picks {
        let (bx, by) = (b % blocks_x * 8, b / blocks_x * 8);
        let px = |i: usize, j: usize| f64::from(src.v[(by + i) * src.w + bx + j]);
        let mag: f64 = (0..64).map(|t| px(t / 8, t % 8).abs()).sum();
        // One entry per wrong block.
        let wrong = (0..64).find_map(|uv| {
            let (u, v) = (uv / 8, uv % 8);
            let mut want = 0.0;
            for i in 0..8 {
                for j in 0..8 {
                    want += basis(u, i) * basis(v, j) * px(i, j);
                }
            }
            let got = out.v[(by + u) * src.w + bx + v];
            (!near(got, want, mag, rel))
                .then(|| format!("block ({bx},{by}) [{u}][{v}] = {got}, want {want}"))
        });
        bad.extend(wrong);
    }
    verdict("sampled blocks", picks.len(), bad)
}
