//! `clc-smith --seed N [--std CL1.2|CL2.0|CL3.0] [--size N] [--info]`: writes the OpenCL C
//! program of seed N to stdout. `--info` writes its launch instead: the kernel name, the
//! language version and the global and local sizes.

use std::process::ExitCode;

use clc_smith::{generate, ClStd, Options};

fn usage(msg: &str) -> ExitCode {
    eprintln!("clc-smith: {msg}");
    eprintln!("usage: clc-smith --seed N [--std CL1.2|CL2.0|CL3.0] [--size N] [--info]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut seed = None;
    let mut opts = Options::default();
    let mut info = false;
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
            "--info" => info = true,
            "-h" | "--help" => {
                println!("usage: clc-smith --seed N [--std CL1.2|CL2.0|CL3.0] [--size N] [--info]");
                return ExitCode::SUCCESS;
            }
            other => return usage(&format!("unknown argument `{other}`")),
        }
    }
    let Some(seed) = seed else {
        return usage("--seed is required");
    };
    let k = generate(seed, &opts);
    if info {
        println!(
            "kernel={} std={} global={} local={}",
            k.name,
            k.std.flag(),
            k.global,
            k.local
        );
    } else {
        print!("{}", k.source());
    }
    ExitCode::SUCCESS
}
