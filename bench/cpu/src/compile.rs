//! The two compilers: clc and clang-22, each run as a process on one kernel file, both with
//! `-O2` and the benchmark's `-cl-std`, writing SPIR-V 1.0 for clCreateProgramWithIL.

use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Clc,
    Clang,
}

impl Which {
    pub const BOTH: [Which; 2] = [Which::Clc, Which::Clang];

    pub fn name(self) -> &'static str {
        match self {
            Which::Clc => "clc",
            Which::Clang => "clang",
        }
    }
}

/// The compiler executables.
#[derive(Debug, Clone)]
pub struct Compilers {
    pub clc: PathBuf,
    pub clang: PathBuf,
}

/// One compile to do: `source` with `-cl-std=std` into `out`.
#[derive(Debug, Clone)]
pub struct Job {
    pub which: Which,
    pub source: PathBuf,
    pub std: String,
    pub out: PathBuf,
}

impl Compilers {
    /// Checks that clang-22 runs, and clc when `clc` is set; returns clang's version line.
    /// The error says what is missing.
    pub fn probe(&self, clc: bool) -> Result<String> {
        let version = |exe: &Path, what: &str| -> Result<String> {
            let out = Command::new(exe)
                .arg("--version")
                .output()
                .map_err(|e| anyhow!("cannot run {what} `{}`: {e}", exe.display()))?;
            if !out.status.success() {
                bail!("`{} --version` failed ({})", exe.display(), out.status);
            }
            let text = String::from_utf8_lossy(&out.stdout);
            Ok(text.lines().next().unwrap_or("").trim().to_string())
        };
        if clc {
            version(&self.clc, "clc").context(
                "clc is needed (build it with `cargo build --bin clc`, or pass --clc PATH)",
            )?;
        }
        version(&self.clang, "clang-22").context(
            "clang-22 is the reference compiler (scripts/setup.sh installs it, or pass --clang PATH)",
        )
    }

    /// The command line of `job`.
    pub fn command(&self, job: &Job) -> Command {
        let std = format!("-cl-std={}", job.std);
        let mut c = match job.which {
            Which::Clc => {
                let mut c = Command::new(&self.clc);
                c.args(["-O2", &std]);
                c
            }
            Which::Clang => {
                let mut c = Command::new(&self.clang);
                c.args(["--target=spirv64v1.0", &std, "-O2", "-c"]);
                c
            }
        };
        c.arg(&job.source).arg("-o").arg(&job.out);
        c
    }

    fn run(&self, job: &Job) -> Result<Vec<u8>> {
        let out = self
            .command(job)
            .output()
            .with_context(|| format!("running {}", job.which.name()))?;
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().take(20).collect();
            bail!(
                "{} failed on {} ({}):\n{}",
                job.which.name(),
                job.source.display(),
                out.status,
                tail.join("\n")
            );
        }
        std::fs::read(&job.out).with_context(|| format!("reading {}", job.out.display()))
    }

    /// Runs every job, as many at once as there are CPUs; the results are in job order.
    pub fn run_all(&self, jobs: &[Job]) -> Vec<Result<Vec<u8>>> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<Result<Vec<u8>>>>> =
            Mutex::new((0..jobs.len()).map(|_| None).collect());
        std::thread::scope(|s| {
            for _ in 0..threads.min(jobs.len()) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let r = self.run(job);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r);
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .into_iter()
            .map(|r| r.unwrap_or_else(|| Err(anyhow!("compile job did not run"))))
            .collect()
    }
}
