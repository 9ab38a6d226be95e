//! How compile time and peak memory grow with the input, beside clang-22.
//!
//! Two generated families (OpenCL C 1.2):
//! * `statements`: one kernel of N straight-line statements over eight `uint` locals
//!   (`s3 = s1 * 7u + s6;` …), the shape of unrolled or generated code;
//! * `kernels`: one file of N small kernels, each `o[get_global_id(0)] = o[0] + i;` with the
//!   same parameter name, the shape of a generated kernel library.
//!
//! Each input is compiled by three commands, which take turns within each round (their
//! order rotating): `clc -O0`, `clang-22 --target=spirv64v1.0 -O0 -c`, and
//! `clang-22 -fsyntax-only` (the parse and type check alone: the floor for a compiler built on
//! libclang). Per command and size: the median wall time and the median peak RSS.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use serde::Serialize;

use crate::measure::{median, run};

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    Statements,
    Kernels,
}

impl Family {
    pub fn name(self) -> &'static str {
        match self {
            Family::Statements => "statements",
            Family::Kernels => "kernels",
        }
    }
}

/// The OpenCL C source of `family` at size `n`.
pub fn generate(family: Family, n: usize) -> String {
    let mut s = String::with_capacity(n * 40 + 256);
    match family {
        Family::Statements => {
            s.push_str("kernel void big(global uint *o, uint a) {\n");
            for v in 0..8 {
                let _ = writeln!(s, "  uint s{v} = a + {v}u;");
            }
            for i in 0..n {
                // Destinations and sources cycle so that every statement depends on earlier
                // ones and nothing folds away in the front end.
                let (d, x, y) = (i % 8, (i * 5 + 1) % 8, (i * 3 + 6) % 8);
                let _ = writeln!(s, "  s{d} = s{x} * {}u + s{y};", (i % 13) + 2);
            }
            s.push_str("  o[get_global_id(0)] = s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7;\n}\n");
        }
        Family::Kernels => {
            for i in 0..n {
                let _ = writeln!(
                    s,
                    "kernel void k{i}(global uint *o) {{ o[get_global_id(0)] = o[0] + {i}u; }}"
                );
            }
        }
    }
    s
}

/// The three commands measured on each input.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Tool {
    #[serde(rename = "clc -O0")]
    Clc,
    #[serde(rename = "clang-22 -O0")]
    ClangO0,
    #[serde(rename = "clang-22 -fsyntax-only")]
    ClangSyntax,
}

pub const TOOLS: [Tool; 3] = [Tool::Clc, Tool::ClangO0, Tool::ClangSyntax];

impl Tool {
    pub fn label(self) -> &'static str {
        match self {
            Tool::Clc => "clc -O0",
            Tool::ClangO0 => "clang-22 -O0",
            Tool::ClangSyntax => "clang-22 -fsyntax-only",
        }
    }

    fn command(self, clc: &Path, clang: &Path, src: &Path, out: &Path) -> Command {
        let mut c;
        match self {
            Tool::Clc => {
                c = Command::new(clc);
                c.args(["-O0", "-cl-std=CL1.2"]).arg(src).arg("-o").arg(out);
            }
            Tool::ClangO0 => {
                c = Command::new(clang);
                c.args(["--target=spirv64v1.0", "-O0", "-cl-std=CL1.2", "-c"])
                    .arg(src)
                    .arg("-o")
                    .arg(out);
            }
            Tool::ClangSyntax => {
                c = Command::new(clang);
                c.args(["--target=spirv64v1.0", "-cl-std=CL1.2", "-fsyntax-only"])
                    .arg(src);
            }
        }
        c
    }
}

/// One command on one input: every round's figures and their medians.
#[derive(Debug, Serialize)]
pub struct Point {
    pub family: Family,
    pub size: usize,
    pub source_bytes: usize,
    pub tool: Tool,
    pub wall_s: Vec<f64>,
    pub max_rss_mib: Vec<f64>,
    pub median_wall_s: f64,
    pub median_rss_mib: f64,
}

/// Measures every tool on `family` at each of `sizes`, `rounds` times.
pub fn measure(
    family: Family,
    sizes: &[usize],
    rounds: usize,
    clc: &Path,
    clang: &Path,
    tmp: &Path,
) -> Result<Vec<Point>> {
    let mut points = Vec::new();
    for &n in sizes {
        let text = generate(family, n);
        let src = tmp.join(format!("{}-{n}.cl", family.name()));
        std::fs::write(&src, &text).with_context(|| format!("cannot write {}", src.display()))?;
        let out = tmp.join("out.spv");
        let mut samples: Vec<(Vec<f64>, Vec<f64>)> = vec![Default::default(); TOOLS.len()];
        for round in 0..rounds {
            for turn in 0..TOOLS.len() {
                let t = (turn + round) % TOOLS.len();
                let tool = TOOLS[t];
                let cost = run(&mut tool.command(clc, clang, &src, &out))
                    .with_context(|| format!("{} on {} {n}", tool.label(), family.name()))?;
                samples[t].0.push(cost.wall.as_secs_f64());
                samples[t].1.push(cost.max_rss_kib as f64 / 1024.0);
            }
        }
        for (t, (wall, rss)) in samples.into_iter().enumerate() {
            let p = Point {
                family,
                size: n,
                source_bytes: text.len(),
                tool: TOOLS[t],
                median_wall_s: median(&wall),
                median_rss_mib: median(&rss),
                wall_s: wall,
                max_rss_mib: rss,
            };
            eprintln!(
                "  {} {:>8}: {:<24} {:9.3} s {:9.1} MiB",
                family.name(),
                n,
                TOOLS[t].label(),
                p.median_wall_s,
                p.median_rss_mib
            );
            points.push(p);
        }
        let _ = std::fs::remove_file(&src);
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_sources_have_the_asked_size() {
        let s = generate(Family::Statements, 100);
        assert_eq!(s.lines().filter(|l| l.starts_with("  s")).count(), 100);
        let k = generate(Family::Kernels, 7);
        assert_eq!(k.matches("kernel void").count(), 7);
    }
}
