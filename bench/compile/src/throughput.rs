//! Compile throughput over real kernel files.
//!
//! * `per_file`: one process per file, `clc` against `clang-22 --target=spirv64v1.0 -O0 -c`,
//!   the two interleaved file by file with their order alternating, so that machine load
//!   falls on both alike. A round's figure is the total wall time over all files.
//! * `build`: `clc::Build` over all files, in this process (so in this binary's profile),
//!   against clang-22 run once per file, one at a time and on all cores at once. The four
//!   configurations take turns within each round, their order rotating.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde::Serialize;

use crate::corpus::Kernel;
use crate::measure::{median, run};

/// The result of the per-file comparison.
#[derive(Debug, Serialize)]
pub struct PerFile {
    pub files: usize,
    pub rounds: usize,
    /// Total seconds over all files, one figure per round.
    pub clc_s: Vec<f64>,
    pub clang_s: Vec<f64>,
    pub clc_median_s: f64,
    pub clang_median_s: f64,
    /// clc / clang-22: below 1 means clc is faster.
    pub ratio: f64,
}

fn clc_command(clc: &Path, k: &Kernel, out: &Path) -> Command {
    let mut c = Command::new(clc);
    c.arg(format!("-cl-std={}", k.cl_std))
        .args(&k.options)
        .arg(&k.source)
        .arg("-o")
        .arg(out);
    clean_env(&mut c);
    c
}

fn clang_command(clang: &Path, k: &Kernel, out: &Path) -> Command {
    let mut c = Command::new(clang);
    c.arg("--target=spirv64v1.0")
        .arg("-O0")
        .arg(format!("-cl-std={}", k.cl_std))
        .args(&k.options)
        .arg("-c")
        .arg(&k.source)
        .arg("-o")
        .arg(out);
    clean_env(&mut c);
    c
}

/// Neither compiler gets help finding libclang or anything else: what a user's shell has.
fn clean_env(c: &mut Command) {
    for v in [
        "LIBCLANG_PATH",
        "LIBCLANG_STATIC_PATH",
        "LD_LIBRARY_PATH",
        "CLC_LIBCLANG",
    ] {
        c.env_remove(v);
    }
}

/// Splits `ks` into the files both compilers compile and the names of those one of them
/// rejects or crashes on (clang-22 crashes on a few of the sample kernels; they are left out
/// of the comparison, and listed).
pub fn compilable(
    clc: &Path,
    clang: &Path,
    ks: Vec<Kernel>,
    tmp: &Path,
) -> (Vec<Kernel>, Vec<String>) {
    let out = tmp.join("probe.spv");
    let mut left_out = Vec::new();
    let mut both = Vec::new();
    for k in ks {
        let c = run(&mut clc_command(clc, &k, &out)).is_ok();
        let l = run(&mut clang_command(clang, &k, &out)).is_ok();
        if c && l {
            both.push(k);
        } else {
            let who = match (c, l) {
                (false, false) => "both",
                (false, true) => "clc",
                _ => "clang-22",
            };
            left_out.push(format!("{} ({who} failed)", k.source.display()));
        }
    }
    (both, left_out)
}

pub fn per_file(
    clc: &Path,
    clang: &Path,
    ks: &[Kernel],
    rounds: usize,
    tmp: &Path,
) -> Result<PerFile> {
    let (mut clc_s, mut clang_s) = (Vec::new(), Vec::new());
    let out = tmp.join("out.spv");
    for round in 0..rounds {
        let (mut a, mut b) = (Duration::ZERO, Duration::ZERO);
        for (i, k) in ks.iter().enumerate() {
            let clc_first = (round + i) % 2 == 0;
            for turn in 0..2 {
                if (turn == 0) == clc_first {
                    a += run(&mut clc_command(clc, k, &out))
                        .with_context(|| format!("clc on {}", k.source.display()))?
                        .wall;
                } else {
                    b += run(&mut clang_command(clang, k, &out))
                        .with_context(|| format!("clang-22 on {}", k.source.display()))?
                        .wall;
                }
            }
        }
        clc_s.push(a.as_secs_f64());
        clang_s.push(b.as_secs_f64());
        eprintln!(
            "  per-file round {}: clc {:.2} s, clang-22 {:.2} s",
            round + 1,
            a.as_secs_f64(),
            b.as_secs_f64()
        );
    }
    let (cm, lm) = (median(&clc_s), median(&clang_s));
    Ok(PerFile {
        files: ks.len(),
        rounds,
        clc_s,
        clang_s,
        clc_median_s: cm,
        clang_median_s: lm,
        ratio: cm / lm,
    })
}

/// The result of the build-script comparison.
#[derive(Debug, Serialize)]
pub struct BuildFigures {
    pub files: usize,
    pub groups: usize,
    pub cores: usize,
    pub rounds: usize,
    /// "dev (unoptimized)" or "release": how this binary, and so `clc::Build`, was built.
    pub profile: &'static str,
    pub clc_build_all_cores_s: f64,
    pub clc_build_one_job_s: f64,
    pub clang_sequential_s: f64,
    pub clang_all_cores_s: f64,
    /// clang-22 time / clc::Build (all cores) time: above 1 means clc is faster.
    pub speedup_vs_sequential: f64,
    pub speedup_vs_all_cores: f64,
}

pub fn profile() -> &'static str {
    if cfg!(debug_assertions) {
        "dev (unoptimized)"
    } else {
        "release"
    }
}

/// Files grouped by their options, one `clc::Build` per group, as a build script would.
/// `clc::Build` names each module after its file, so two files of one name (the corpus has
/// several `vadd.cl`) go to two groups with the same options, as a build script would make
/// two `Build`s.
type Group<'k> = ((String, Vec<String>), Vec<&'k Path>);

fn groups(ks: &[Kernel]) -> Vec<Group<'_>> {
    let mut groups: Vec<Group> = Vec::new();
    let stem = |p: &Path| p.file_stem().map(|s| s.to_os_string());
    for k in ks {
        let key = (k.cl_std.clone(), k.options.clone());
        let fits =
            |(g, files): &&mut Group| *g == key && files.iter().all(|f| stem(f) != stem(&k.source));
        match groups.iter_mut().find(|g| fits(g)) {
            Some((_, files)) => files.push(&k.source),
            None => groups.push((key, vec![&k.source])),
        }
    }
    groups
}

fn clc_build(groups: &[Group], jobs: usize, out: &Path) -> Result<Duration> {
    let start = Instant::now();
    for (i, ((std, opts), files)) in groups.iter().enumerate() {
        let dir = out.join(format!("g{i}"));
        std::fs::create_dir_all(&dir)?;
        let mut b = clc::Build::new()
            .files(files.iter())
            .cl_std(std)
            .out_dir(&dir)
            .cargo_metadata(false)
            .jobs(jobs);
        for o in opts {
            if let Some(d) = o.strip_prefix("-D") {
                let (n, v) = d.split_once('=').map_or((d, None), |(n, v)| (n, Some(v)));
                b = b.define(n, v);
            } else if let Some(u) = o.strip_prefix("-U") {
                b = b.undefine(u);
            } else if let Some(i) = o.strip_prefix("-I") {
                b = b.include(i);
            } else {
                b = b.option(o);
            }
        }
        if let Err(e) = b.try_compile("kernels") {
            bail!(
                "clc::Build failed on group {i} ({} files):\n{e}",
                files.len()
            );
        }
    }
    Ok(start.elapsed())
}

fn clang_per_file(clang: &Path, ks: &[Kernel], parallel: usize, out: &Path) -> Result<Duration> {
    let start = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outputs: Vec<PathBuf> = (0..parallel).map(|t| out.join(format!("c{t}.o"))).collect();
    std::thread::scope(|s| -> Result<()> {
        let workers: Vec<_> = outputs
            .iter()
            .map(|o| {
                let next = &next;
                s.spawn(move || -> Result<()> {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(k) = ks.get(i) else { return Ok(()) };
                        run(&mut clang_command(clang, k, o))
                            .with_context(|| format!("clang-22 on {}", k.source.display()))?;
                    }
                })
            })
            .collect();
        for w in workers {
            w.join()
                .map_err(|_| anyhow::anyhow!("a clang-22 worker panicked"))??;
        }
        Ok(())
    })?;
    Ok(start.elapsed())
}

pub fn build(
    clang: &Path,
    ks: &[Kernel],
    rounds: usize,
    clc_only: bool,
    tmp: &Path,
) -> Result<BuildFigures> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let gs = groups(ks);
    let mut samples: [Vec<f64>; 4] = Default::default();
    for round in 0..rounds {
        for turn in 0..4 {
            let which = (turn + round) % 4;
            let d = match which {
                0 => clc_build(&gs, cores, tmp)?,
                1 => clc_build(&gs, 1, tmp)?,
                _ if clc_only => {
                    samples[which].push(f64::NAN);
                    continue;
                }
                2 => clang_per_file(clang, ks, 1, tmp)?,
                _ => clang_per_file(clang, ks, cores, tmp)?,
            };
            samples[which].push(d.as_secs_f64());
        }
        eprintln!(
            "  build round {}: clc::Build {cores} jobs {:.2} s, 1 job {:.2} s; clang-22 sequential {:.2} s, {cores} at once {:.2} s",
            round + 1,
            samples[0][round],
            samples[1][round],
            samples[2][round],
            samples[3][round]
        );
    }
    let m: Vec<f64> = samples.iter().map(|s| median(s)).collect();
    Ok(BuildFigures {
        files: ks.len(),
        groups: gs.len(),
        cores,
        rounds,
        profile: profile(),
        clc_build_all_cores_s: m[0],
        clc_build_one_job_s: m[1],
        clang_sequential_s: m[2],
        clang_all_cores_s: m[3],
        speedup_vs_sequential: m[2] / m[0],
        speedup_vs_all_cores: m[3] / m[0],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn k(path: &str, std: &str) -> Kernel {
        Kernel {
            source: PathBuf::from(path),
            cl_std: std.into(),
            options: Vec::new(),
            suite: "t".into(),
        }
    }

    #[test]
    fn files_of_one_name_go_to_separate_groups() {
        let ks = [
            k("a/vadd.cl", "CL1.2"),
            k("b/vadd.cl", "CL1.2"),
            k("c/other.cl", "CL1.2"),
            k("d/vadd.cl", "CL2.0"),
        ];
        let g = groups(&ks);
        let sizes: Vec<usize> = g.iter().map(|(_, f)| f.len()).collect();
        // a and c together, b alone (same options, same name as a), d under CL2.0.
        assert_eq!(sizes, [2, 1, 1]);
        assert_eq!(g[1].1, [Path::new("b/vadd.cl")]);
    }
}
