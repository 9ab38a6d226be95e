//! Build-time compile speed: every kernel in `kernels/` compiled by `clc::Build` (parallel,
//! one libclang parse per core, SPIR-V validated in-process) against invoking
//! `clang-22 --target=spirv64v1.0 -c` once per file, the way a build script shells out
//! today. Measured side by side in one run:
//!
//!     cargo run --example bench_build [ROUNDS]
//!
//! Prints each configuration's best wall time over ROUNDS (default 3) and the ratios.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "bench/kernels.rs"]
mod kernels;
use kernels::{kernels, Kernel};

fn clc_build(ks: &[Kernel], jobs: usize, out: &Path) -> Duration {
    // One Build per language version and option set, as a build script would group them.
    let start = Instant::now();
    type Group<'k> = ((String, Vec<String>), Vec<&'k Path>);
    let mut groups: Vec<Group> = Vec::new();
    for k in ks {
        let key = (k.cl_std.clone(), k.options.clone());
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, files)) => files.push(&k.source),
            None => groups.push((key, vec![&k.source])),
        }
    }
    // Groups one after the other, as successive Build calls in one build script.
    let results: Vec<Result<(), String>> = groups
        .iter()
        .enumerate()
        .map(|(i, ((std, opts), files))| {
            let dir = out.join(format!("g{i}"));
            std::fs::create_dir_all(&dir).ok();
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
                } else if o.starts_with("-cl-") {
                    b = b.option(o);
                }
            }
            b.try_compile("kernels")
                .map(|_| ())
                .map_err(|e| e.to_string())
        })
        .collect();
    for r in results {
        if let Err(e) = r {
            eprintln!("clc failed:\n{e}");
            std::process::exit(1);
        }
    }
    start.elapsed()
}

fn clang_per_file(ks: &[Kernel], parallel: usize, out: &Path) -> Duration {
    let start = Instant::now();
    for chunk in ks.chunks(parallel) {
        let children: Vec<_> = chunk
            .iter()
            .enumerate()
            .map(|(i, k)| {
                Command::new("clang-22")
                    .arg("--target=spirv64v1.0")
                    .arg(format!("-cl-std={}", k.cl_std))
                    .args(&k.options)
                    .arg("-c")
                    .arg(&k.source)
                    .arg("-o")
                    .arg(out.join(format!("c{i}.spv")))
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .expect("run clang-22")
            })
            .collect();
        for mut c in children {
            let _ = c.wait();
        }
    }
    start.elapsed()
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ks = kernels(&root.join("kernels"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tmp = std::env::temp_dir().join(format!("clc-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    std::env::set_current_dir(root).expect("cd to the repository");
    let best = |f: &dyn Fn() -> Duration| (0..rounds).map(|_| f()).min().unwrap_or_default();
    let clc_all = best(&|| clc_build(&ks, cores, &tmp));
    let clc_one = best(&|| clc_build(&ks, 1, &tmp));
    let clang_seq = best(&|| clang_per_file(&ks, 1, &tmp));
    let clang_par = best(&|| clang_per_file(&ks, cores, &tmp));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("{} kernels, {cores} cores, best of {rounds}:", ks.len());
    println!(
        "  clc::Build, {cores} jobs:           {:8.0} ms",
        ms(clc_all)
    );
    println!("  clc::Build, 1 job:              {:8.0} ms", ms(clc_one));
    println!(
        "  clang-22 per file, sequential:  {:8.0} ms  ({:.1}x clc)",
        ms(clang_seq),
        ms(clang_seq) / ms(clc_all)
    );
    println!(
        "  clang-22 per file, {cores} at once:   {:8.0} ms  ({:.1}x clc)",
        ms(clang_par),
        ms(clang_par) / ms(clc_all)
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
