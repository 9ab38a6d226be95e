//! The kernel files the throughput benchmarks compile: every `.cl` of `kernels/` with the
//! `cl_std` and options of its `.toml`, and the public corpus (`fuzz/corpus.py`): the files
//! of `fuzz/corpus-results.json` that both clc and clang-22 compiled, from the sources that
//! script unpacks into `~/.cache/clc-corpus` (`$CLC_CORPUS_CACHE`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// One kernel file and how to compile it.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub source: PathBuf,
    /// `-cl-std=` value.
    pub cl_std: String,
    /// Other options (`-D`, `-I`, `-cl-*`), as the file's host code passes them.
    pub options: Vec<String>,
    /// `kernels` or the public suite's name.
    pub suite: String,
}

/// The `.cl` files under `root` with the `cl_std` and `options` of their `.toml`, sorted.
pub fn samples(root: &Path) -> Result<Vec<Kernel>> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let entries =
            std::fs::read_dir(&d).with_context(|| format!("cannot list {}", d.display()))?;
        for e in entries {
            let p = e?.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "cl") {
                let spec_path = p.with_extension("toml");
                let spec: toml::Table = match std::fs::read_to_string(&spec_path) {
                    Ok(t) => t
                        .parse()
                        .with_context(|| format!("{}: bad TOML", spec_path.display()))?,
                    // A header-like .cl without a spec is compiled with the defaults.
                    Err(_) => toml::Table::new(),
                };
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
                    suite: "kernels".into(),
                });
            }
        }
    }
    out.sort_by(|a, b| a.source.cmp(&b.source));
    Ok(out)
}

/// Where `fuzz/corpus.py` unpacks the public suites.
pub fn corpus_cache() -> PathBuf {
    std::env::var_os("CLC_CORPUS_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let home = std::env::var_os("HOME").unwrap_or_default();
            Path::new(&home).join(".cache/clc-corpus")
        })
}

/// The public corpus files both compilers compiled (status `ok` for each in `results`),
/// read from `cache`. Fails if a listed file is missing: run
/// `python3 fuzz/corpus.py --materialise-only` first.
pub fn public(results: &Path, cache: &Path) -> Result<Vec<Kernel>> {
    let text = std::fs::read_to_string(results)
        .with_context(|| format!("cannot read {}", results.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{}: bad JSON", results.display()))?;
    let suites = json
        .get("suites")
        .and_then(|s| s.as_object())
        .context("corpus results without `suites`")?;
    let mut out = Vec::new();
    for (suite, s) in suites {
        let root = cache.join(suite);
        let Some(files) = s.get("files").and_then(|f| f.as_object()) else {
            continue;
        };
        for (file, r) in files {
            let ok = |who: &str| r.pointer(&format!("/{who}/status")) == Some(&"ok".into());
            if !(ok("clc") && ok("clang")) {
                continue;
            }
            // Suites whose host keeps the source in a C string: the unwrapped copy
            // `fuzz/corpus.py` compiles (it writes them with `--materialise-only`).
            let unwrapped = root.join("__corpus__").join(format!("{file}.cl"));
            let source = if unwrapped.is_file() {
                unwrapped
            } else {
                root.join(file)
            };
            anyhow::ensure!(
                source.is_file(),
                "{} is missing: run `python3 fuzz/corpus.py --materialise-only` first",
                source.display()
            );
            let root_str = root.to_string_lossy();
            let mut cl_std = "CL1.2".to_string();
            let mut options = Vec::new();
            for o in r
                .get("options")
                .and_then(|o| o.as_array())
                .into_iter()
                .flatten()
                .filter_map(|o| o.as_str())
            {
                let o = o.replace("{root}", &root_str);
                match o.strip_prefix("-cl-std=") {
                    Some(v) => cl_std = v.to_string(),
                    None => options.push(o),
                }
            }
            out.push(Kernel {
                source,
                cl_std,
                options,
                suite: suite.clone(),
            });
        }
    }
    out.sort_by(|a, b| a.source.cmp(&b.source));
    Ok(out)
}
