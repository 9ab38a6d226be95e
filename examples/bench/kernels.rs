//! The sample kernels with the options their `.toml` gives, shared by the benchmarks
//! (`bench_build`, `bench_startup`).

use std::path::{Path, PathBuf};

pub struct Kernel {
    pub source: PathBuf,
    pub cl_std: String,
    pub options: Vec<String>,
}

/// The `.cl` files under `root` with the `cl_std` and `options` of their `.toml`, sorted.
pub fn kernels(root: &Path) -> Vec<Kernel> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "cl") {
                let spec: toml::Value = std::fs::read_to_string(p.with_extension("toml"))
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(toml::Value::Table(Default::default()));
                let cl_std = spec
                    .get("cl_std")
                    .and_then(|v| v.as_str())
                    .unwrap_or("CL1.2")
                    .to_string();
                let options = spec
                    .get("options")
                    .and_then(|v| v.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|o| o.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                out.push(Kernel {
                    source: p,
                    cl_std,
                    options,
                });
            }
        }
    }
    out.sort_by(|a, b| a.source.cmp(&b.source));
    out
}
