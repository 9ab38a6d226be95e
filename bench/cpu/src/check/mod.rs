//! Host-side checks: a cheap, independent look at one module's outputs (a sum, a histogram
//! total, sortedness, a few recomputed elements in f64, ...), so that clc and clang being
//! wrong the same way is caught too. `[bench.check]` names the `kind` and its arguments:
//! buffer names, integers (numbers or expressions over the parameters) and floats (numbers
//! or float parameter names). Each check returns a one-line summary, or an error saying
//! what is wrong.

mod image;
mod linear;
mod misc;

use crate::data::HostBuf;
use crate::suite::{Bench, Expr, FloatRef, Params, Role};
use anyhow::{anyhow, bail, Context, Result};
use std::collections::HashMap;

/// What a check sees.
pub struct Ctx<'a> {
    pub bench: &'a Bench,
    pub params: &'a Params,
    /// Every buffer's contents before the iteration.
    pub initial: &'a [HostBuf],
    /// The `out` and `inout` buffers after it, by index.
    pub after: &'a HashMap<usize, HostBuf>,
}

/// Runs the benchmark's check.
pub fn run(ctx: &Ctx) -> Result<String> {
    let kind = ctx.str("kind")?;
    let f: fn(&Ctx) -> Result<String> = match kind {
        "copy" => linear::copy,
        "saxpy" => linear::saxpy,
        "sum" => linear::sum,
        "dot" => linear::dot,
        "sgemm" => linear::sgemm,
        "matvec" => linear::matvec,
        "spmv" => linear::spmv,
        "transpose" => linear::transpose,
        "jacobi2d" => image::jacobi2d,
        "heat3d" => image::heat3d,
        "conv2d" => image::conv2d,
        "gaussian" => image::gaussian,
        "sobel" => image::sobel,
        "median3x3" => image::median3x3,
        "dct8x8" => image::dct8x8,
        "histogram" => misc::histogram,
        "exclusive_scan" => misc::exclusive_scan,
        "sorted" => misc::sorted,
        "nbody" => misc::nbody,
        "black_scholes" => misc::black_scholes,
        "mandelbrot" => misc::mandelbrot,
        "fft" => misc::fft,
        "kmeans" => misc::kmeans,
        "floyd" => misc::floyd,
        "philox" => misc::philox,
        other => bail!("unknown check kind `{other}`"),
    };
    f(ctx).with_context(|| format!("host check `{kind}`"))
}

impl Ctx<'_> {
    fn value(&self, key: &str) -> Result<&toml::Value> {
        self.bench
            .check
            .get(key)
            .ok_or_else(|| anyhow!("[bench.check] has no `{key}`"))
    }

    fn str(&self, key: &str) -> Result<&str> {
        self.value(key)?
            .as_str()
            .ok_or_else(|| anyhow!("check `{key}` is not a string"))
    }

    fn buffer(&self, key: &str) -> Result<usize> {
        self.bench.buffer_index(self.str(key)?)
    }

    /// The contents of the buffer named by `key` before the iteration.
    fn input(&self, key: &str) -> Result<&HostBuf> {
        Ok(&self.initial[self.buffer(key)?])
    }

    /// The contents of the buffer named by `key` after the iteration (an output).
    fn output(&self, key: &str) -> Result<&HostBuf> {
        let i = self.buffer(key)?;
        if !matches!(self.bench.buffers[i].role, Role::Out | Role::Inout) {
            bail!(
                "check `{key}`: buffer `{}` is not an output",
                self.bench.buffers[i].name
            );
        }
        self.after
            .get(&i)
            .ok_or_else(|| anyhow!("buffer `{}` was not read back", self.bench.buffers[i].name))
    }

    fn int(&self, key: &str) -> Result<i64> {
        let e = match self.value(key)? {
            toml::Value::Integer(v) => Expr::Int(*v),
            toml::Value::String(s) => Expr::Text(s.clone()),
            _ => bail!("check `{key}` is not an integer"),
        };
        self.params
            .int(&e, &[])
            .with_context(|| format!("check `{key}`"))
    }

    fn usize(&self, key: &str) -> Result<usize> {
        let v = self.int(key)?;
        usize::try_from(v).map_err(|_| anyhow!("check `{key}` = {v} is negative"))
    }

    fn float(&self, key: &str) -> Result<f64> {
        let f = match self.value(key)? {
            toml::Value::Float(v) => FloatRef::Num(*v),
            toml::Value::Integer(v) => FloatRef::Num(*v as f64),
            toml::Value::String(s) => FloatRef::Name(s.clone()),
            _ => bail!("check `{key}` is not a float"),
        };
        self.params
            .float(&f)
            .with_context(|| format!("check `{key}`"))
    }

    /// An optional float argument.
    fn float_or(&self, key: &str, default: f64) -> Result<f64> {
        if self.bench.check.contains_key(key) {
            self.float(key)
        } else {
            Ok(default)
        }
    }
}

/// Fails with the first of `bad` (index, description) if any, counting them.
fn verdict(what: &str, checked: usize, bad: Vec<String>) -> Result<String> {
    match bad.first() {
        None => Ok(format!("{what}: {checked} checked")),
        Some(first) => bail!("{} of {checked} wrong; first: {first}", bad.len()),
    }
}

/// `got` is within `rel * scale + abs` of `want`.
fn near(got: f32, want: f64, scale: f64, rel: f64) -> bool {
    (f64::from(got) - want).abs() <= rel * scale + 1e-30
}

/// `n` elements of `v`, or an error naming `what`.
fn exact_len<'v, T>(v: &'v [T], n: usize, what: &str) -> Result<&'v [T]> {
    if v.len() < n {
        bail!("`{what}` has {} elements, {n} needed", v.len());
    }
    Ok(&v[..n])
}
