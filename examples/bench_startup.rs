//! Per-file compile time of the `clc` command against clang's: every kernel in `kernels/`
//! compiled by one process per file, each with the `cl_std` and options of its `.toml`, by
//!
//!     clc -cl-std=… [options] k.cl -o k.spv
//!     clang-22 --target=spirv64v1.0 -O0 -c -cl-std=… [options] k.cl -o k.o
//!
//! with no `LIBCLANG_PATH` (or other libclang variable) in either's environment. Measured
//! side by side in one run, the two compilers interleaved file by file (their order
//! alternating), so that machine load falls on both alike:
//!
//!     cargo build --release --bin clc --example bench_startup
//!     target/release/examples/bench_startup [ROUNDS]
//!
//! (`$CARGO_TARGET_DIR` instead of `target/`; leave `--release` out on both lines to measure
//! the dev build.) The `clc` next to the example's folder is measured. Prints, for each
//! compiler, the median over ROUNDS (default 5) of the total wall time of one round, and
//! the ratio.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "bench/kernels.rs"]
mod kernels;
use kernels::{kernels, Kernel};

fn clc_command(clc: &Path, k: &Kernel, out: &Path) -> Command {
    let mut c = Command::new(clc);
    c.arg(format!("-cl-std={}", k.cl_std))
        .args(&k.options)
        .arg(&k.source)
        .arg("-o")
        .arg(out.join("k.spv"));
    c
}

fn clang_command(k: &Kernel, out: &Path) -> Command {
    let mut c = Command::new("clang-22");
    c.args(["--target=spirv64v1.0", "-O0", "-c"])
        .arg(format!("-cl-std={}", k.cl_std))
        .args(&k.options)
        .arg(&k.source)
        .arg("-o")
        .arg(out.join("k.o"));
    c
}

/// Runs `c` to completion; its wall time, or `None` if it failed.
fn time(mut c: Command) -> Option<Duration> {
    c.env_remove("LIBCLANG_PATH")
        .env_remove("LLVM_CONFIG_PATH")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let start = Instant::now();
    let ok = c.status().is_ok_and(|s| s.success());
    let elapsed = start.elapsed();
    ok.then_some(elapsed)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    let exe = std::env::current_exe().expect("the benchmark's own path");
    // target/<profile>/examples/bench_startup → target/<profile>/clc
    let clc: PathBuf = exe
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join("clc"))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| {
            eprintln!("clc was not found next to {}: build it with the example (`cargo build [--release] --bin clc --example bench_startup`)", exe.display());
            std::process::exit(1);
        });
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = kernels(&root.join("kernels"));
    let tmp = tempfile::tempdir().expect("temp dir");
    // Only the kernels both compilers accept (this first pass also warms the file cache).
    let (ks, skipped): (Vec<Kernel>, Vec<Kernel>) = all.into_iter().partition(|k| {
        time(clc_command(&clc, k, tmp.path())).is_some()
            && time(clang_command(k, tmp.path())).is_some()
    });
    for k in &skipped {
        eprintln!("skipped (one compiler rejects it): {}", k.source.display());
    }
    let (mut clc_rounds, mut clang_rounds) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let (mut clc_total, mut clang_total) = (Duration::ZERO, Duration::ZERO);
        for (i, k) in ks.iter().enumerate() {
            let run_clc = || time(clc_command(&clc, k, tmp.path()));
            let run_clang = || time(clang_command(k, tmp.path()));
            let (a, b) = if (round + i) % 2 == 0 {
                (run_clc(), run_clang())
            } else {
                let b = run_clang();
                (run_clc(), b)
            };
            match (a, b) {
                (Some(a), Some(b)) => {
                    clc_total += a;
                    clang_total += b;
                }
                _ => {
                    eprintln!("{} failed on a second run", k.source.display());
                    std::process::exit(1);
                }
            }
        }
        clc_rounds.push(clc_total);
        clang_rounds.push(clang_total);
    }
    let (clc_t, clang_t) = (median(clc_rounds), median(clang_rounds));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} kernels, one process per file, median of {rounds} rounds ({}):",
        ks.len(),
        clc.display()
    );
    println!("  clc:       {:8.0} ms", ms(clc_t));
    println!("  clang-22:  {:8.0} ms", ms(clang_t));
    println!("  clc / clang-22 = {:.2}", ms(clc_t) / ms(clang_t));
}
