//! The address-space mutator over every sample kernel: each mutant must compile to a valid
//! module or fail with located errors (`clc_fuzz_checks::compile`). `CLC_AS_MUTANTS=N` sets
//! the mutants per kernel (default 1, over the OpenCL and Vulkan targets; TESTING.md records longer runs).

use std::panic::{catch_unwind, AssertUnwindSafe};

#[test]
fn address_space_mutants_compile_or_fail_with_located_errors() {
    let per_kernel: u64 = std::env::var("CLC_AS_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut jobs = Vec::new();
    for vulkan in [false, true] {
        for (path, input) in clc_fuzz_checks::sample_kernels(vulkan) {
            let (opts_line, src) = input.split_once('\n').unwrap_or(("", &input));
            for n in 0..per_kernel {
                let seed = n * 1_000_003 + jobs.len() as u64;
                if let Some(m) = clc_fuzz_checks::as_mutate::mutate(src, seed) {
                    let name = format!("{} ({opts_line}) seed {seed}", path.display());
                    jobs.push((name, format!("{opts_line}\n{m}")));
                }
            }
        }
    }
    assert!(jobs.len() > 300, "{} mutants", jobs.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let rejected = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, input)) = jobs.get(i) else {
                    break;
                };
                let r = catch_unwind(AssertUnwindSafe(|| {
                    clc_fuzz_checks::compile_outcome(input.as_bytes())
                }));
                match r {
                    Ok(Some(false)) => {
                        rejected.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    Ok(_) => {}
                    Err(p) => {
                        let why = p
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{name}: {why}\n{input}"));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} mutants failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // The mutator must actually break rules: most mutants are rejected.
    let rejected = rejected.into_inner();
    eprintln!(
        "{} mutants, {rejected} rejected with located errors",
        jobs.len()
    );
    assert!(
        rejected * 2 > jobs.len(),
        "only {rejected} of {} mutants were rejected",
        jobs.len()
    );
}
