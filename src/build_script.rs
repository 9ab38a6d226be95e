//! The build-script API: compile OpenCL C kernels from a crate's `build.rs`, in the shape of
//! `cc::Build` and `spirv-builder`.
//!
//! ```no_run
//! // build.rs
//! let out = clc::Build::new()
//!     .file("kernels/vadd.cl")
//!     .include("kernels/include")
//!     .define("WIDTH", Some("64"))
//!     .cl_std("CL2.0")
//!     .compile("kernels");
//! // main.rs: include!(concat!(env!("OUT_DIR"), "/kernels.rs"));
//! ```
//!
//! Every source is compiled to its own validated SPIR-V module (in parallel: libclang parses
//! on every core). Cargo is told to rerun the script when a source, a header it included, or
//! `LIBCLANG_PATH` changes; warnings become `cargo:warning=` lines; errors fail the build
//! with the clang-style rendering. The generated Rust file holds each module as a `&[u32]`
//! and, per kernel, its argument descriptions, `#[repr(C)]` mirrors of the OpenCL structs it
//! takes (with compile-time layout assertions) and, optionally, typed `opencl3` setters or,
//! for a Vulkan target, typed `ash` bindings ([`Build::ash_bindings`]).

use crate::bindings;
use crate::error::Error;
use crate::options::{parse_cl_std, FpContractMode, OptLevel, Options, Target, WarningMode};
use crate::reflect::Reflection;
use crate::render;
use std::path::{Path, PathBuf};

mod estimate;

/// A set of OpenCL C sources to compile from a build script.
#[derive(Debug, Clone)]
#[must_use]
pub struct Build {
    files: Vec<PathBuf>,
    opts: Options,
    cl_std: Option<String>,
    opt_level: Option<String>,
    out_dir: Option<PathBuf>,
    cargo_metadata: bool,
    opencl3_bindings: bool,
    ash_bindings: bool,
    jobs: Option<usize>,
}

impl Default for Build {
    fn default() -> Self {
        Build::new()
    }
}

/// One compiled source.
#[derive(Debug, Clone)]
pub struct Module {
    /// The OpenCL C source.
    pub source: PathBuf,
    /// The `.spv` file written to the output folder.
    pub spirv: PathBuf,
    /// Rust-friendly module name (the source's stem).
    pub name: String,
    /// Kernel metadata.
    pub reflection: Reflection,
    /// Files read (source and headers).
    pub dependencies: Vec<PathBuf>,
}

/// What [`Build::try_compile`] produced.
#[derive(Debug, Clone)]
pub struct Output {
    /// Compiled modules, in the order the sources were given.
    pub modules: Vec<Module>,
    /// The generated Rust file (`<OUT_DIR>/<name>.rs`).
    pub bindings: PathBuf,
    /// The `cargo:` lines for Cargo (printed unless [`Build::cargo_metadata`] is off).
    pub cargo_lines: Vec<String>,
}

/// Why a build failed; `Display` renders every diagnostic clang-style.
#[derive(Debug)]
#[non_exhaustive]
pub enum BuildError {
    /// No output folder: not run by Cargo and none given with [`Build::out_dir`].
    NoOutDir,
    /// An option is invalid.
    Options(String),
    /// One or more sources failed to compile (each error, rendered).
    Compile(Vec<String>),
    /// Writing an output failed.
    Io(PathBuf, std::io::Error),
    /// The bindings asked for cannot be generated (ash bindings of an OpenCL module).
    Bindings(String),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::NoOutDir => {
                f.write_str("OUT_DIR is not set: call Build::out_dir or run from a build script")
            }
            BuildError::Options(m) => f.write_str(m),
            BuildError::Compile(errors) => f.write_str(&errors.join("")),
            BuildError::Io(p, e) => write!(f, "cannot write '{}': {e}", p.display()),
            BuildError::Bindings(m) => write!(f, "cannot generate the bindings: {m}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl Build {
    /// An empty build with clc's defaults (OpenCL target, CL1.2, SPIR-V 1.0).
    pub fn new() -> Build {
        Build {
            files: Vec::new(),
            opts: Options::default(),
            cl_std: None,
            opt_level: None,
            out_dir: None,
            cargo_metadata: true,
            opencl3_bindings: false,
            ash_bindings: false,
            jobs: None,
        }
    }

    /// Adds a source file.
    pub fn file(mut self, path: impl AsRef<Path>) -> Build {
        self.files.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds several source files.
    pub fn files<P: AsRef<Path>>(mut self, paths: impl IntoIterator<Item = P>) -> Build {
        self.files
            .extend(paths.into_iter().map(|p| p.as_ref().to_path_buf()));
        self
    }

    /// Adds an include directory (`-I`).
    pub fn include(mut self, dir: impl AsRef<Path>) -> Build {
        self.opts.include_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// Defines a macro (`-D NAME[=VALUE]`).
    pub fn define(mut self, name: &str, value: Option<&str>) -> Build {
        self.opts.macros.push(match value {
            Some(v) => format!("-D{name}={v}"),
            None => format!("-D{name}"),
        });
        self
    }

    /// Undefines a macro (`-U NAME`).
    pub fn undefine(mut self, name: &str) -> Build {
        self.opts.macros.push(format!("-U{name}"));
        self
    }

    /// The OpenCL C version (`CL1.2`, `CL2.0`, `CL3.0`).
    pub fn cl_std(mut self, version: &str) -> Build {
        self.cl_std = Some(version.to_string());
        self
    }

    /// The optimization level, as `cc::Build::opt_level`: 0 to 3 (`-O0`…`-O3`; above 3 is 3).
    /// By default, as cc does, the level Cargo gives the build script in `OPT_LEVEL` for the
    /// profile being built (0 in `dev`, 3 in `release`), and 0 outside Cargo.
    pub fn opt_level(mut self, level: u32) -> Build {
        self.opt_level = Some(level.min(3).to_string());
        self
    }

    /// The optimization level as Cargo spells it: `0`…`3`, `s` or `z`.
    pub fn opt_level_str(mut self, level: &str) -> Build {
        self.opt_level = Some(level.to_string());
        self
    }

    /// The target environment.
    pub fn target(mut self, target: Target) -> Build {
        self.opts.target = target;
        self
    }

    /// A `clBuildProgram` option such as `-cl-mad-enable`.
    pub fn option(mut self, option: &str) -> Build {
        self.opts.cl_options.push(option.to_string());
        self
    }

    /// Where `a * b + c` may be fused (`-ffp-contract=`; on by default, as in clang).
    pub fn fp_contract(mut self, mode: FpContractMode) -> Build {
        self.opts.fp_contract = mode;
        self
    }

    /// Turns warnings into errors.
    pub fn warnings_into_errors(mut self, yes: bool) -> Build {
        self.opts.warnings = if yes {
            WarningMode::Error
        } else {
            WarningMode::Report
        };
        self
    }

    /// Where to write (default: `$OUT_DIR`).
    pub fn out_dir(mut self, dir: impl AsRef<Path>) -> Build {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Whether to print `cargo:` lines (default: yes).
    pub fn cargo_metadata(mut self, yes: bool) -> Build {
        self.cargo_metadata = yes;
        self
    }

    /// Also generate typed argument setters for the `opencl3` crate (the crate using the
    /// bindings must depend on `opencl3`).
    pub fn opencl3_bindings(mut self, yes: bool) -> Build {
        self.opencl3_bindings = yes;
        self
    }

    /// Also generate typed `ash` bindings for a Vulkan target (`target(Target::Vulkan(2))`;
    /// the crate using the bindings must depend on `ash` 0.38). Per module: the device
    /// features and extensions to enable, the data buffer, `create_shader_module`; per kernel:
    /// `Args` and the `#[repr(C)]` argument `Block` (layout checked at compile time), `Spec`
    /// (specialization constants), the descriptor bindings of set 0, `create_layout`,
    /// `create_pipeline` and `cmd_dispatch`; docs/VULKAN.md describes the ABI behind them.
    /// Cannot be combined with [`Build::opencl3_bindings`].
    pub fn ash_bindings(mut self, yes: bool) -> Build {
        self.ash_bindings = yes;
        self
    }

    /// How many sources to compile at once (default: one per core).
    pub fn jobs(mut self, n: usize) -> Build {
        self.jobs = Some(n.max(1));
        self
    }

    /// Compiles everything and writes `<out>/<name>.rs`; on any error prints every
    /// diagnostic and exits the build script with a failure.
    pub fn compile(self, name: &str) -> Output {
        match self.try_compile(name) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }

    /// Compiles everything and writes `<out>/<name>.rs`.
    pub fn try_compile(mut self, name: &str) -> Result<Output, BuildError> {
        let out_dir = match self
            .out_dir
            .clone()
            .or_else(|| std::env::var_os("OUT_DIR").map(PathBuf::from))
        {
            Some(d) => d,
            None => return Err(BuildError::NoOutDir),
        };
        if let Some(v) = &self.cl_std {
            self.opts.cl_std = parse_cl_std(v).map_err(BuildError::Options)?;
            self.opts.cl_std_spelling = v.clone();
        }
        let level = self
            .opt_level
            .clone()
            .or_else(|| std::env::var("OPT_LEVEL").ok());
        if let Some(l) = level.filter(|l| !l.is_empty()) {
            self.opts.opt_level = OptLevel::parse(&l).map_err(BuildError::Options)?;
        }
        if self.ash_bindings && self.opencl3_bindings {
            return Err(BuildError::Options(
                "ash_bindings (Vulkan targets) and opencl3_bindings (the OpenCL target) cannot both be on"
                    .into(),
            ));
        }
        // Each source becomes `<stem>.spv` and module `<stem>`: two sources with one stem would
        // overwrite each other's module and clash in the bindings.
        let mut stems: std::collections::HashMap<std::ffi::OsString, &Path> = Default::default();
        for f in &self.files {
            let stem = f.file_stem().unwrap_or_default().to_os_string();
            if let Some(first) = stems.insert(stem, f) {
                return Err(BuildError::Options(format!(
                    "{} and {} have the same name: each source's module is named after its file",
                    first.display(),
                    f.display()
                )));
            }
        }
        let mut cargo = vec!["cargo:rerun-if-env-changed=LIBCLANG_PATH".to_string()];
        // One source per worker, as many workers as cores.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let workers = self.jobs.unwrap_or(cores).min(self.files.len().max(1));
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results: Vec<std::sync::Mutex<Option<Compiled>>> = self
            .files
            .iter()
            .map(|_| std::sync::Mutex::new(None))
            .collect();
        // `CLC_DEBUG_PHASES`: when each file started and how long it took, for profiling.
        let t0 = std::time::Instant::now();
        let debug = std::env::var_os("CLC_DEBUG_PHASES").is_some();
        let since = |t: std::time::Instant| t.duration_since(t0).as_secs_f64() * 1e3;
        // The costliest files first: a long compile started last would keep one worker busy
        // after the others finish (files of `kernels/` take 3 ms to 0.6 s). The cost is
        // estimated by the code a file expands to, not its size: a few lines of macros can
        // make the longest compile of all.
        let mut order: Vec<usize> = (0..self.files.len()).collect();
        let cost =
            |i: &usize| std::fs::read(&self.files[*i]).map_or(0, |t| estimate::expanded_tokens(&t));
        order.sort_by_cached_key(|i| std::cmp::Reverse(cost(i)));
        // clang's OpenCL declarations parsed once for all files (a third of the parse of a
        // small file), where more than one file shares them: the compiles that start once it
        // is made use it.
        let pch_dir = (self.files.len() > 1)
            .then(|| {
                tempfile::Builder::new()
                    .prefix(".clc-pch")
                    .tempdir_in(&out_dir)
                    .ok()
            })
            .flatten();
        let with_pch: std::sync::OnceLock<Options> = std::sync::OnceLock::new();
        let work = || loop {
            let n = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let Some(&i) = order.get(n) else { break };
            let file = &self.files[i];
            let opts = with_pch.get().unwrap_or(&self.opts);
            // Each module is written and rendered for the bindings by the worker that
            // compiled it, so that the single-threaded end only joins them.
            let started = std::time::Instant::now();
            let r = crate::compile_file(file, opts).map(|c| {
                let spirv = out_dir.join(format!("{}.spv", module_name(file)));
                let written =
                    crate::output::write_output(&spirv, &crate::output::words_to_bytes(&c.words))
                        .map_err(|e| BuildError::Io(spirv.clone(), e));
                let words = bindings::Words::new(&c.words);
                (c, spirv, written, words)
            });
            if debug {
                eprintln!(
                    "clc: build: {}: from {:.1} ms to {:.1} ms",
                    file.display(),
                    since(started),
                    since(std::time::Instant::now())
                );
            }
            if let Ok(mut slot) = results[i].lock() {
                *slot = Some(r);
            }
        };
        std::thread::scope(|s| {
            // With more than one worker, one starts on the costliest file (which needs the
            // header least) while the header is precompiled here; the others start after.
            let early = usize::from(pch_dir.is_some() && workers > 1);
            if early == 1 {
                s.spawn(work);
            }
            if let Some(dir) = &pch_dir {
                if let Some(pch) = crate::driver::precompile_base_header(&self.opts, dir.path()) {
                    let _ = with_pch.set(Options {
                        precompiled_header: Some(pch),
                        ..self.opts.clone()
                    });
                }
                if debug {
                    eprintln!(
                        "clc: build: precompiled header: {:.1} ms",
                        since(std::time::Instant::now())
                    );
                }
            }
            for _ in early..workers {
                s.spawn(work);
            }
        });
        if debug {
            eprintln!(
                "clc: build: all compiled: {:.1} ms",
                since(std::time::Instant::now())
            );
        }
        let mut modules = Vec::new();
        let mut errors = Vec::new();
        for (file, slot) in self.files.iter().zip(results) {
            cargo.push(format!("cargo:rerun-if-changed={}", file.display()));
            let result = slot.into_inner().ok().flatten();
            match result {
                Some(Ok((c, spirv, written, words))) => {
                    written?;
                    for d in c.dependencies.iter().skip(1) {
                        cargo.push(format!("cargo:rerun-if-changed={}", d.display()));
                    }
                    for d in c.diagnostics.iter() {
                        // `file:line:col: warning: message [flag]`, one line per warning.
                        if let Some(first) = render::human(d, &c.sources).lines().next() {
                            cargo.push(format!("cargo:warning={first}"));
                        }
                    }
                    modules.push((
                        Module {
                            source: file.clone(),
                            spirv,
                            name: module_name(file),
                            reflection: c.reflection,
                            dependencies: c.dependencies,
                        },
                        words,
                    ));
                }
                Some(Err(Error::Input {
                    diagnostics,
                    sources,
                })) => errors.push(render::human_all(&diagnostics, &sources)),
                Some(Err(e)) => errors.push(format!("{}: error: {e}\n", file.display())),
                None => errors.push(format!(
                    "{}: error: the compiler thread failed\n",
                    file.display()
                )),
            }
        }
        if self.cargo_metadata {
            // Printed even when compilation fails, so Cargo reruns once a file is fixed.
            for l in &cargo {
                println!("{l}");
            }
        }
        if !errors.is_empty() {
            return Err(BuildError::Compile(errors));
        }
        let flavors = bindings::Flavors {
            opencl3: self.opencl3_bindings,
            ash: self.ash_bindings,
        };
        let rendered: Vec<(&Module, &bindings::Words)> =
            modules.iter().map(|(m, w)| (m, w)).collect();
        let code = bindings::generate_rendered(&rendered, flavors).map_err(BuildError::Bindings)?;
        let bindings = out_dir.join(format!("{name}.rs"));
        crate::output::write_output(&bindings, code.as_bytes())
            .map_err(|e| BuildError::Io(bindings.clone(), e))?;
        if debug {
            eprintln!(
                "clc: build: bindings written: {:.1} ms",
                since(std::time::Instant::now())
            );
        }
        Ok(Output {
            modules: modules.into_iter().map(|(m, _)| m).collect(),
            bindings,
            cargo_lines: cargo,
        })
    }
}

/// What a worker of [`Build::try_compile`] leaves for one source: the compilation, the path of
/// its `.spv` and whether writing it worked, and its words rendered for the bindings.
type Compiled = Result<
    (
        crate::Compilation,
        PathBuf,
        Result<(), BuildError>,
        bindings::Words,
    ),
    Error,
>;

/// The module name of `file`: its stem (`kernels/saxpy.cl` → `saxpy`).
fn module_name(file: &Path) -> String {
    file.file_stem()
        .map_or("module".into(), |s| s.to_string_lossy().into_owned())
}
