//! What a run reports: one JSON object per benchmark (a line each), and a Markdown table
//! with the geometric mean and the worst of the clc/clang ratios.

use crate::ocl::DriverInfo;
use serde::Serialize;
use std::fmt::Write as _;

/// The machine and tools, repeated in every JSON line so that each stands alone.
#[derive(Debug, Clone, Serialize)]
pub struct Machine {
    /// `model name` of /proc/cpuinfo.
    pub cpu: String,
    pub logical_cpus: usize,
    pub driver: DriverInfo,
    pub clc: String,
    pub clc_rev: Option<String>,
    pub clang: String,
}

impl Machine {
    pub fn cpu_model() -> (String, usize) {
        let text = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let model = text
            .lines()
            .find_map(|l| {
                l.strip_prefix("model name")?
                    .split_once(':')
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown".to_string());
        let cpus = text.lines().filter(|l| l.starts_with("processor")).count();
        (model, cpus)
    }
}

/// One module's figures.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Side {
    /// Median of the rounds.
    pub ms: Option<f64>,
    pub min_ms: Option<f64>,
    pub max_ms: Option<f64>,
    pub samples_ms: Vec<f64>,
    pub module_bytes: Option<usize>,
    /// Median clBuildProgram time.
    pub build_ms: Option<f64>,
    pub build_samples_ms: Vec<f64>,
    /// The host check's summary on this module's outputs.
    pub check: Option<String>,
}

/// One benchmark's result. Its JSON line has these fields, with each module's [`Side`]
/// flattened into it under `clc_` and `clang_` prefixes (`clc_ms`, `clang_build_ms`, ...).
#[derive(Debug, Clone, Serialize)]
pub struct Record {
    pub name: String,
    pub source: String,
    pub std: String,
    /// The resolved parameters, `name=value` joined by spaces.
    pub size: String,
    pub dispatches: usize,
    pub tiny: bool,
    pub rounds: usize,
    /// `ok`, or `failed` with `error`.
    pub status: &'static str,
    pub error: Option<String>,
    /// clc's median / clang's median.
    pub ratio: Option<f64>,
    #[serde(skip)]
    pub clc: Side,
    #[serde(skip)]
    pub clang: Side,
    /// How clc's outputs compared with clang's: `bit-identical`, or the largest difference.
    pub outputs: Option<String>,
    pub machine: Machine,
}

impl Record {
    pub fn ok(&self) -> bool {
        self.status == "ok"
    }

    /// The JSON object of the record's line.
    pub fn json(&self) -> serde_json::Result<serde_json::Value> {
        let mut v = serde_json::to_value(self)?;
        for (prefix, side) in [("clc", &self.clc), ("clang", &self.clang)] {
            if let (Some(obj), serde_json::Value::Object(fields)) =
                (v.as_object_mut(), serde_json::to_value(side)?)
            {
                for (k, x) in fields {
                    obj.insert(format!("{prefix}_{k}"), x);
                }
            }
        }
        Ok(v)
    }
}

/// The median of `v` (the mean of the middle two for an even count).
pub fn median(v: &[f64]) -> Option<f64> {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(s[n / 2]),
        _ => Some((s[n / 2 - 1] + s[n / 2]) / 2.0),
    }
}

fn ms(v: Option<f64>) -> String {
    match v {
        None => "–".to_string(),
        Some(v) if v >= 100.0 => format!("{v:.1}"),
        Some(v) if v >= 10.0 => format!("{v:.2}"),
        Some(v) => format!("{v:.3}"),
    }
}

fn spread(s: &Side) -> String {
    match (s.min_ms, s.max_ms) {
        (Some(a), Some(b)) => format!("{}–{}", ms(Some(a)), ms(Some(b))),
        _ => "–".to_string(),
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "–".to_string(), |v| v.to_string())
}

/// The geometric mean of the ratios of the benchmarks that ran, and the worst one.
pub fn summary(records: &[Record]) -> (Option<f64>, Option<(&str, f64)>) {
    let ratios: Vec<(&str, f64)> = records
        .iter()
        .filter_map(|r| Some((r.name.as_str(), r.ratio.filter(|_| r.ok())?)))
        .collect();
    if ratios.is_empty() {
        return (None, None);
    }
    let geo = (ratios.iter().map(|(_, r)| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
    let worst = ratios.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1));
    (Some(geo), worst)
}

/// The Markdown report.
pub fn markdown(records: &[Record], machine: &Machine) -> String {
    let mut o = String::new();
    let d = &machine.driver;
    let rounds = records.first().map_or(0, |r| r.rounds);
    let _ = writeln!(o, "## clc vs clang-22 -O2 on the CPU OpenCL driver\n");
    let _ = writeln!(
        o,
        "- machine: {} ({} logical CPUs); device: {} ({}, {} compute units), driver {}, platform {} ({})",
        machine.cpu, machine.logical_cpus, d.device, d.device_version, d.compute_units,
        d.driver_version, d.platform, d.platform_version
    );
    let _ = writeln!(
        o,
        "- clc: `{}`{}; clang: {}",
        machine.clc,
        machine
            .clc_rev
            .as_ref()
            .map_or(String::new(), |r| format!(" at {r}")),
        machine.clang
    );
    let _ = writeln!(
        o,
        "- device time per iteration (sum of the dispatches' profiling END − START), median of {rounds} interleaved round(s); build: median clBuildProgram\n"
    );
    let _ = writeln!(
        o,
        "| benchmark | size | dispatches | clc ms | clang ms | clc/clang | clc min–max | clang min–max | module bytes clc / clang | build ms clc / clang | outputs |"
    );
    let _ = writeln!(o, "|---|---|---:|---:|---:|---:|---|---|---|---|---|");
    for r in records {
        let ratio = match (r.ok(), r.ratio) {
            (true, Some(x)) => format!("{x:.3}"),
            _ => "**failed**".to_string(),
        };
        let outputs = if r.ok() {
            r.outputs.clone().unwrap_or_default()
        } else {
            r.error
                .as_deref()
                .unwrap_or("")
                .lines()
                .next()
                .unwrap_or("")
                .replace('|', "\\|")
        };
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} / {} | {} / {} | {} |",
            r.name,
            r.size,
            r.dispatches,
            ms(r.clc.ms),
            ms(r.clang.ms),
            ratio,
            spread(&r.clc),
            spread(&r.clang),
            opt(r.clc.module_bytes),
            opt(r.clang.module_bytes),
            ms(r.clc.build_ms),
            ms(r.clang.build_ms),
            outputs
        );
    }
    let (geo, worst) = summary(records);
    let failed: Vec<&str> = records
        .iter()
        .filter(|r| !r.ok())
        .map(|r| r.name.as_str())
        .collect();
    let _ = writeln!(o);
    if let (Some(g), Some((name, w))) = (geo, worst) {
        let ran = records.len() - failed.len();
        let _ = writeln!(
            o,
            "Geometric mean of clc/clang over {ran} benchmark(s): **{g:.3}**; worst: {name} **{w:.3}**."
        );
    }
    if !failed.is_empty() {
        let _ = writeln!(o, "Failed: {}.", failed.join(", "));
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }
}
