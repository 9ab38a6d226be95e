//! SPIR-V snapshots: a few kernels compiled for each target, disassembled, and compared
//! with the checked-in assembly under `tests/out/spv/<target>/`, so that every change to
//! what clc emits is reviewed in the diff, driver or not. `CLC_BLESS=1 cargo test --test
//! snapshots` rewrites the files after an intended change.

use std::path::{Path, PathBuf};

/// (kernel source under `kernels/`, `-cl-std`).
const KERNELS: &[(&str, &str)] = &[
    ("basic/saxpy.cl", "CL1.2"),
    ("basic/pointer_arith.cl", "CL1.2"),
    ("local/reduce_sum.cl", "CL1.2"),
    ("constant/lookup_table.cl", "CL1.2"),
    ("types/aligned_structs.cl", "CL1.2"),
    ("memory/private_pointer_escape.cl", "CL1.2"),
    ("generic/generic_helper.cl", "CL2.0"),
    ("atomics/global_int32.cl", "CL1.2"),
    // Vulkan: generic pointers chosen at run time (flat device addresses, local frames).
    ("memory/to_addrspace.cl", "CL2.0"),
];

const TARGETS: &[(&str, clc::Target)] = &[
    ("opencl", clc::Target::OpenCl),
    ("vulkan1.2", clc::Target::Vulkan(2)),
];

fn snapshot(root: &Path, source: &str, cl_std: &str, target: clc::Target) -> String {
    let opts = clc::Options {
        cl_std: clc::options::parse_cl_std(cl_std).unwrap(),
        cl_std_spelling: cl_std.to_string(),
        target,
        ..Default::default()
    };
    let c = match clc::compile_file(&root.join("kernels").join(source), &opts) {
        Ok(c) => c,
        Err(e) => panic!("{source} for {target}: {e}"),
    };
    let text = clc::output::disassemble(&c.words).expect("disassembly");
    // The generator word names the tool's version; keep snapshots stable across releases.
    text.lines()
        .filter(|l| !l.starts_with("; Generator"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn spirv_snapshots_match_the_checked_in_assembly() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("CLC_BLESS").is_some();
    let mut stale = Vec::new();
    for (dir, target) in TARGETS {
        for (source, cl_std) in KERNELS {
            let got = snapshot(&root, source, cl_std, *target);
            let name = source.replace('/', "_").replace(".cl", ".spvasm");
            let path = root.join("tests/out/spv").join(dir).join(name);
            if bless {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &got).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&path).unwrap_or_default();
            if want != got {
                stale.push(format!(
                    "{}: differs from {source} compiled for {dir}",
                    path.display()
                ));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n(review the change, then CLC_BLESS=1 cargo test --test snapshots)",
        stale.join("\n")
    );
}
