//! Replays every input the fuzzers kept — the corpora in `fuzz/corpus/<target>/` and the
//! findings in `fuzz/regressions/<target>/` — through the same checks the fuzz targets run
//! (`fuzz/libfuzzer`), so what the fuzzers covered stays covered and what they found stays
//! fixed. A corpus folder that is missing or empty is a failure, not a pass.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn inputs(target: &str) -> Vec<PathBuf> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        let dir = fuzz.join(kind).join(target);
        if let Ok(entries) = std::fs::read_dir(&dir) {
            files.extend(entries.filter_map(|e| e.ok()).map(|e| e.path()));
        }
    }
    files.sort();
    assert!(
        files.len() >= 10,
        "only {} inputs for fuzz target {target} under {}",
        files.len(),
        fuzz.display()
    );
    files
}

/// Runs `check` on every input of `target` on two threads and fails with the list of inputs
/// that broke it.
fn replay(target: &str, check: fn(&[u8])) {
    let files = inputs(target);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let data = match std::fs::read(path) {
                    Ok(d) => d,
                    Err(e) => {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{}: {e}", path.display()));
                        continue;
                    }
                };
                if let Err(p) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
                    let why = p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("{}: {why}", path.display()));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} inputs failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn compile_corpus() {
    replay("compile", clc_fuzz_checks::compile);
}

#[test]
fn depfile_corpus() {
    replay("depfile", clc_fuzz_checks::depfile);
}

#[test]
fn the_depfile_check_reads_what_make_and_ninja_read() {
    // The reference parser itself, on depfiles written by hand.
    let rules = clc_fuzz_checks::parse_depfile(
        "out\\ dir/k.spv: \\\n  k.cl \\\n  a\\\\\\ b.h c\\#d.h e$$f.h g\\\\ h.h\n",
    );
    assert_eq!(
        rules,
        vec![(
            "out dir/k.spv".to_string(),
            vec!["k.cl", "a\\ b.h", "c#d.h", "e$f.h", "g\\\\", "h.h"]
                .into_iter()
                .map(String::from)
                .collect()
        )]
    );
}

#[test]
fn the_compile_check_fails_on_an_internal_error_and_accepts_located_errors() {
    // A located error passes; options the command line rejects are skipped.
    clc_fuzz_checks::compile(b"kernel void k(global int *p) { p[0] = undeclared; }\n");
    clc_fuzz_checks::compile(b"//clc: -cl-std=CL9.9\nkernel void k() {}\n");
    clc_fuzz_checks::compile(
        b"//clc: --target=vulkan1.2 -O2\nkernel void k(global int *p) { p[0] = 1; }\n",
    );
    assert!(clc_fuzz_checks::decode_compile_input(b"//clc: -O7\n").is_none());
}
