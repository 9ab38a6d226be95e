//! A fixed seed range through the whole differential pipeline (about a minute on the 2-core
//! development machine): clc, the runtime's own compiler and, where they disagree, clang-22
//! on Intel's CPU OpenCL runtime, clc's Vulkan module on lavapipe for part of it, and a part
//! with clc at `-O2` on both targets, and a part with `double` code. Fails,
//! rather than skips, when a tool is missing, and when clc is at fault for any kernel.

use std::time::Instant;

use clc_smith::diff::{check, Config, Verdict};
use clc_smith::{generate, ClStd, Options};

/// Seeds of the OpenCL part, per language version.
const SEEDS: std::ops::Range<u64> = 1000..1016;
/// Seeds also run through the Vulkan target.
const VULKAN_SEEDS: std::ops::Range<u64> = 2000..2008;
/// Seeds run with clc at `-O2` (its own optimizer), on both targets.
const O2_SEEDS: std::ops::Range<u64> = 3000..3016;
/// Seeds generated with `double` code, on both targets (CL3.0, then again at `-O2`).
const DOUBLE_SEEDS: std::ops::Range<u64> = 4000..4012;

fn main() {
    clc_smith::exec::child_main_if_requested();
    let work = tempfile::tempdir().expect("a temporary directory");
    let mut cfg = Config::from_env(work.path());
    if let Err(e) = cfg.check_tools() {
        eprintln!("campaign: FAILED: {e:#}");
        std::process::exit(1);
    }
    let start = Instant::now();
    let mut bad = Vec::new();
    let mut total = 0;
    let mut batches: Vec<(bool, Vec<clc_smith::Kernel>)> = ClStd::ALL
        .iter()
        .map(|&s| {
            let opts = Options {
                std: Some(s),
                size: None,
                doubles: false,
            };
            (false, SEEDS.map(|seed| generate(seed, &opts)).collect())
        })
        .collect();
    batches.push((
        true,
        VULKAN_SEEDS
            .map(|seed| {
                generate(
                    seed,
                    &Options {
                        std: Some(ClStd::Cl12),
                        size: None,
                        doubles: false,
                    },
                )
            })
            .collect(),
    ));
    let o2: Vec<clc_smith::Kernel> = O2_SEEDS
        .map(|seed| {
            generate(
                seed,
                &Options {
                    std: Some(ClStd::Cl12),
                    size: None,
                    doubles: false,
                },
            )
        })
        .collect();
    let mut runs: Vec<(bool, Vec<String>, Vec<clc_smith::Kernel>)> = batches
        .into_iter()
        .map(|(vulkan, kernels)| (vulkan, Vec::new(), kernels))
        .collect();
    runs.push((true, vec!["-O2".to_string()], o2));
    let doubles = |o2: bool| -> (bool, Vec<String>, Vec<clc_smith::Kernel>) {
        let opts = Options {
            std: Some(ClStd::Cl30),
            size: None,
            doubles: true,
        };
        let flags = if o2 {
            vec!["-O2".to_string()]
        } else {
            Vec::new()
        };
        (
            true,
            flags,
            DOUBLE_SEEDS.map(|seed| generate(seed, &opts)).collect(),
        )
    };
    runs.push(doubles(false));
    runs.push(doubles(true));
    for (vulkan, flags, kernels) in runs {
        cfg.vulkan = vulkan;
        cfg.clc_flags = flags;
        let reports = match check(&cfg, &kernels) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("campaign: FAILED: {e:#}");
                std::process::exit(1);
            }
        };
        for r in reports {
            total += 1;
            if r.verdict.is_clc_fault() || matches!(r.verdict, Verdict::Unjudged(_)) {
                bad.push(format!(
                    "seed {} ({}): {:?}",
                    r.seed,
                    r.std.flag(),
                    r.verdict
                ));
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if bad.is_empty() {
        println!("campaign: {total} kernels, 0 findings against clc, {secs:.0}s");
    } else {
        for b in &bad {
            eprintln!("campaign: {b}");
        }
        eprintln!("campaign: FAILED: {} of {total} kernels", bad.len());
        std::process::exit(1);
    }
}
