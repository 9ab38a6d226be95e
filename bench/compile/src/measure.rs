//! One process, timed: wall time and peak resident memory from the kernel's accounting
//! (`wait4`'s `ru_maxrss`), the same figure `/usr/bin/time -v` prints.
//!
//! Linux counts in a child's `ru_maxrss` the resident size of the process it was forked
//! from (vfork, then exec, records the parent's high-water mark as the child's), so a
//! compiler started straight from this benchmark, after `clc::Build` has run in it, would
//! show at least this process's peak. Each command is therefore started by a small launcher:
//! this binary again, re-executed as `compile-bench __measure CMD ARGS...` ([`launcher`]),
//! which spawns the command, waits for it and reports its time and peak memory. The
//! launcher's own startup size is the floor of every memory figure ([`floor`]).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// What one run of a compiler cost.
#[derive(Clone, Copy, Debug)]
pub struct Cost {
    pub wall: Duration,
    /// Peak resident set size of the process, in KiB.
    pub max_rss_kib: u64,
}

/// Runs `cmd` through the launcher with its output discarded and waits for it, failing
/// unless it exits 0.
pub fn run(cmd: &mut Command) -> Result<Cost> {
    let exe = std::env::current_exe().context("cannot find this binary")?;
    let mut launch = Command::new(exe);
    launch
        .arg(LAUNCH)
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => launch.env(k, v),
            None => launch.env_remove(k),
        };
    }
    if let Some(d) = cmd.get_current_dir() {
        launch.current_dir(d);
    }
    let out = launch
        .stdin(Stdio::null())
        .output()
        .context("cannot start the measuring launcher")?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report = String::from_utf8_lossy(&out.stdout);
    let mut fields = report.split_whitespace();
    let (Some(status), Some(wall_ns), Some(rss)) = (fields.next(), fields.next(), fields.next())
    else {
        bail!(
            "the launcher failed for {:?}: {}",
            cmd.get_program(),
            tail(&stderr)
        );
    };
    if status != "exit-0" {
        bail!(
            "{:?} {:?} failed ({status}):\n{}",
            cmd.get_program(),
            cmd.get_args().collect::<Vec<_>>(),
            tail(&stderr)
        );
    }
    Ok(Cost {
        wall: Duration::from_nanos(wall_ns.parse().context("launcher's wall time")?),
        max_rss_kib: rss.parse().context("launcher's peak memory")?,
    })
}

/// The first argument that makes this binary the launcher.
pub const LAUNCH: &str = "__measure";

/// The launcher: runs `args` (program first) with stdout discarded and stderr passed on,
/// then prints `exit-N|signal-N WALL_NS MAXRSS_KIB` and exits 0.
pub fn launcher(args: &[std::ffi::OsString]) -> Result<()> {
    let (program, rest) = args.split_first().context("launcher: no command")?;
    let start = Instant::now();
    let child = Command::new(program)
        .args(rest)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start {program:?}"))?;
    let pid = libc::pid_t::try_from(child.id()).context("pid out of range")?;
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own unreaped child; `status` and `usage` are valid for writes.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    if r != pid {
        bail!("wait4 failed: {}", std::io::Error::last_os_error());
    }
    println!(
        "{} {} {}",
        describe(status),
        wall.as_nanos(),
        usage.ru_maxrss.max(0)
    );
    Ok(())
}

/// The launcher's peak memory running `true`: what every memory figure includes at least.
pub fn floor() -> Result<u64> {
    Ok(run(&mut Command::new("true"))?.max_rss_kib)
}

fn describe(status: i32) -> String {
    if libc::WIFEXITED(status) {
        format!("exit-{}", libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        format!("signal-{}", libc::WTERMSIG(status))
    } else {
        format!("status-{status}")
    }
}

fn tail(s: &str) -> &str {
    let start = s.len().saturating_sub(2000);
    let start = (start..=s.len())
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(s.len());
    &s[start..]
}

/// The median of `xs` (the mean of the middle two for an even count); 0 for none.
pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// `clang-22`'s first line of `--version`, or the error that it cannot run.
pub fn tool_version(tool: &Path) -> Result<String> {
    let out = Command::new(tool)
        .arg("--version")
        .output()
        .with_context(|| format!("cannot run {}", tool.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text.lines().next().unwrap_or("").trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }
}
