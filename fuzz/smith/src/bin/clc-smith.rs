//! `clc-smith --seed N [--count K] [--std CL1.2|CL2.0|CL3.0] [--size N] [--doubles] [--info|--spec]`: writes the
//! OpenCL C program of seed N to stdout (with `--count`, one program holding the kernels of
//! seeds N..N+K, which then need one `--std`). `--info` writes the launches instead: kernel
//! name, language version, global and local size; `--spec` a `clc-run` spec for the kernel
//! (its inputs, the outputs marked `output = true`).

use std::process::ExitCode;

use clc_smith::{generate, ClStd, Options};

fn usage(msg: &str) -> ExitCode {
    eprintln!("clc-smith: {msg}");
    eprintln!("usage: clc-smith --seed N [--count K] [--std CL1.2|CL2.0|CL3.0] [--size N] [--doubles] [--info|--spec]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut seed = None;
    let mut opts = Options::default();
    let mut info = false;
    let mut count = 1u64;
    let mut spec = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => match args.next().and_then(|s| s.parse::<u64>().ok()) {
                Some(s) => seed = Some(s),
                None => return usage("--seed needs a number"),
            },
            "--std" => match args.next().as_deref().and_then(ClStd::parse) {
                Some(s) => opts.std = Some(s),
                None => return usage("--std needs CL1.2, CL2.0 or CL3.0"),
            },
            "--size" => match args.next().and_then(|s| s.parse::<usize>().ok()) {
                Some(n) => opts.size = Some(n),
                None => return usage("--size needs a number"),
            },
            "--count" => match args.next().and_then(|s| s.parse::<u64>().ok()) {
                Some(n) if n > 0 => count = n,
                _ => return usage("--count needs a positive number"),
            },
            "--doubles" => opts.doubles = true,
            "--info" => info = true,
            "--spec" => spec = true,
            "-h" | "--help" => {
                println!("usage: clc-smith --seed N [--count K] [--std CL1.2|CL2.0|CL3.0] [--size N] [--doubles] [--info|--spec]");
                return ExitCode::SUCCESS;
            }
            other => return usage(&format!("unknown argument `{other}`")),
        }
    }
    let Some(seed) = seed else {
        return usage("--seed is required");
    };
    if count > 1 && opts.std.is_none() {
        return usage("--count needs --std: one program has one language version");
    }
    let kernels: Vec<_> = (seed..seed.saturating_add(count))
        .map(|s| generate(s, &opts))
        .collect();
    if spec {
        // A clc-run spec of the first kernel, its buffers marked `output = true`.
        if let Some(k) = kernels.first() {
            print!("{}", clc_smith::reduce::spec_toml(k, None, "generated"));
        }
    } else if info {
        for k in &kernels {
            println!(
                "kernel={} std={} global={} local={}",
                k.name,
                k.std.flag(),
                k.global,
                k.local
            );
        }
    } else {
        print!("{}", clc_smith::program(&kernels));
    }
    ExitCode::SUCCESS
}
