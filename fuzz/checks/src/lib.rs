//! The properties clc's coverage-guided fuzz targets check, as plain functions.
//!
//! Each function takes the fuzzer's bytes and panics when clc breaks a promise; anything else
//! returns. `fuzz/libfuzzer` calls them from cargo-fuzz targets, and `tests/replay.rs` runs
//! every input kept in `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` through them,
//! so a finding stays fixed.
//!
//! - [`compile`]: source text and options → module. A compilation either yields a module that
//!   an independent validator run accepts, whose disassembly, reflection JSON and depfile are
//!   well-formed, or fails with located `error:` diagnostics. An internal error is a finding.
//! - [`depfile`]: file names → make depfile → the names again, through an independent parser.
//! - [`as_mutate`]: kernels with their address spaces broken, for [`compile`].

pub mod as_mutate;

use std::path::{Path, PathBuf};

use clc::error::Error;
use clc::options::{
    is_warning_flag, parse_cl_ext, parse_cl_std, OptLevel, Options, Target, WarningMode,
    CL_BUILD_OPTIONS,
};

/// The first line of a [`compile`] input, when it starts with this, holds command-line
/// options separated by spaces; the rest is the source. Without it, the whole input is the
/// source, compiled with the defaults (so any `.cl` file is a seed).
pub const OPTIONS_PREFIX: &str = "//clc:";

/// Where the fuzzed source claims to live: `#include "x.h"` looks next to it (and finds
/// nothing), as for a file in an empty folder.
const SOURCE_PATH: &str = "/nonexistent/clc-fuzz/input.cl";

/// Splits a [`compile`] input into options and source text. Options clc's command line would
/// reject make the input uninteresting (`None`): the library is only ever called with
/// options that parsed.
pub fn decode_compile_input(data: &[u8]) -> Option<(Options, String)> {
    let text = String::from_utf8_lossy(data).into_owned();
    let mut opts = Options {
        // Well below the fuzzer's `-timeout=60`: a parse clang-22 never finishes is a known
        // outcome (see `compile_outcome`), not a hang of clc's.
        parse_timeout: Some(std::time::Duration::from_secs(10)),
        ..Options::default()
    };
    let Some(rest) = text.strip_prefix(OPTIONS_PREFIX) else {
        return Some((opts, text));
    };
    let (line, source) = rest.split_once('\n').unwrap_or((rest, ""));
    for arg in line.split_whitespace() {
        apply_option(&mut opts, arg)?;
    }
    // Keep the source's line numbers those of the input (the options line stays as a blank
    // comment line) so diagnostics are easy to match against the file.
    Some((opts, format!("\n{source}")))
}

/// One command-line option, as `clc`'s argument parser takes it. `None` for a value the
/// command line rejects; unknown options are ignored.
fn apply_option(opts: &mut Options, a: &str) -> Option<()> {
    // No command line can carry a NUL byte.
    (!a.contains('\0')).then_some(())?;
    if let Some(v) = a.strip_prefix("-cl-std=") {
        opts.cl_std = parse_cl_std(v).ok()?;
        opts.cl_std_spelling = v.to_string();
    } else if let Some(v) = a.strip_prefix("-cl-ext=") {
        parse_cl_ext(v).ok()?;
        opts.cl_ext.push(v.to_string());
    } else if let Some(v) = a.strip_prefix("-ffp-contract=") {
        opts.fp_contract = v.parse().ok()?;
    } else if CL_BUILD_OPTIONS.contains(&a) {
        opts.cl_options.push(a.to_string());
    } else if let Some(v) = a.strip_prefix("-O") {
        opts.opt_level = OptLevel::parse(v).ok()?;
    } else if a == "-g" {
        opts.debug_info = true;
    } else if a == "-w" {
        opts.warnings = WarningMode::Ignore;
    } else if a == "-Werror" {
        if opts.warnings != WarningMode::Ignore {
            opts.warnings = WarningMode::Error;
        }
    } else if is_warning_flag(a) {
        opts.warning_flags.push(a.to_string());
    } else if let Some(v) = a.strip_prefix("-ferror-limit=") {
        opts.error_limit = v.parse().ok()?;
    } else if let Some(v) = a.strip_prefix("--target=") {
        opts.target = v.parse::<Target>().ok()?;
    } else if let Some(v) = a.strip_prefix("--spirv-version=1.") {
        let minor: u8 = v.parse().ok()?;
        (minor <= 6).then_some(())?;
        opts.spirv_version = Some((1, minor));
    } else if let Some(v) = a.strip_prefix("--max-constant-args=") {
        opts.limits.max_constant_args = v.parse().ok()?;
    } else if let Some(v) = a.strip_prefix("--max-local-mem=") {
        opts.limits.max_local_bytes = v.parse().ok()?;
    } else if a.starts_with("-D") || a.starts_with("-U") {
        (a.len() > 2).then_some(())?;
        opts.macros.push(a.to_string());
    }
    Some(())
}

/// Every sample kernel of the repository (`kernels/**/*.cl`) as a [`compile`] input: an
/// options line with the `cl_std` and `options` of its `.toml`, then the source. `vulkan`
/// adds `--target=vulkan1.2`. The seeds of the fuzz corpus and of the mutator.
pub fn sample_kernels(vulkan: bool) -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "cl") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut inputs = Vec::new();
    for path in files {
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let spec = std::fs::read_to_string(path.with_extension("toml"))
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
            .unwrap_or_default();
        let mut opts = Vec::new();
        if let Some(std) = spec.get("cl_std").and_then(|v| v.as_str()) {
            opts.push(format!("-cl-std={std}"));
        }
        if let Some(list) = spec.get("options").and_then(|v| v.as_array()) {
            opts.extend(
                list.iter()
                    .filter_map(|o| o.as_str())
                    .filter(|o| !o.contains(' '))
                    .map(String::from),
            );
        }
        if vulkan {
            opts.push("--target=vulkan1.2".into());
        }
        inputs.push((path, format!("{OPTIONS_PREFIX} {}\n{src}", opts.join(" "))));
    }
    inputs
}

/// Compiles the input ([`decode_compile_input`]) and checks what comes out.
pub fn compile(data: &[u8]) {
    compile_outcome(data);
}

/// [`compile`], telling whether the input compiled (`Some(true)`), was rejected with errors
/// (`Some(false)`) or was skipped for its options (`None`).
pub fn compile_outcome(data: &[u8]) -> Option<bool> {
    let (opts, source) = decode_compile_input(data)?;
    let outcome = clc::compile_source(Path::new(SOURCE_PATH), &source, &opts);
    let compiled = outcome.is_ok();
    match outcome {
        Ok(c) => {
            check_module(&c.words, opts.target);
            assert!(
                clc::output::disassemble(&c.words).is_some(),
                "the disassembler failed on a validated module"
            );
            let json = serde_json::to_string(&c.reflection).expect("reflection serializes");
            serde_json::from_str::<serde_json::Value>(&json).expect("reflection is JSON");
            check_depfile("input.spv", &c.dependencies);
            check_rendering(&c.diagnostics, &c.sources, false);
        }
        Err(Error::Input {
            diagnostics,
            sources,
        }) => check_rendering(&diagnostics, &sources, true),
        Err(Error::Internal { bug, .. }) => panic!("internal compiler error: {bug}"),
        Err(Error::Unsupported(what)) => {
            // Whole-input refusals are for options only (a target/version pair clc lacks).
            assert!(
                opts.spirv_version.is_some() || opts.target != Target::OpenCl,
                "unsupported without a location: {what}"
            )
        }
        // clang-22 never finishes parsing some malformed input (`(::x)`, `as_uint(sin)`); clc
        // gives up after `parse_timeout` with this error (`docs/LIMITS.md`).
        Err(Error::Libclang(why)) if why.contains("clang did not finish parsing") => {}
        Err(e) => panic!("unexpected failure: {e}"),
    }
    Some(compiled)
}

/// The module passes a validator run of our own, in the environment its target implies: the
/// universal environment of its version for OpenCL modules (independent of the OpenCL
/// environment clc picks), the Vulkan environment for Vulkan ones.
fn check_module(words: &[u32], target: Target) {
    use clc::spvtools::{TargetEnv, Validator, ValidatorOptions};
    assert!(words.len() > 5, "module of {} words", words.len());
    assert_eq!(words[0], 0x0723_0203, "SPIR-V magic number");
    let (env, options) = match target {
        Target::OpenCl => {
            let env = match (words[1] >> 8) & 0xff {
                0 => TargetEnv::Universal_1_0,
                1 => TargetEnv::Universal_1_1,
                2 => TargetEnv::Universal_1_2,
                3 => TargetEnv::Universal_1_3,
                4 => TargetEnv::Universal_1_4,
                5 => TargetEnv::Universal_1_5,
                _ => TargetEnv::Universal_1_6,
            };
            (env, ValidatorOptions::default())
        }
        Target::Vulkan(minor) => (
            if minor >= 3 {
                TargetEnv::Vulkan_1_3
            } else {
                TargetEnv::Vulkan_1_2
            },
            ValidatorOptions {
                scalar_block_layout: true,
                ..Default::default()
            },
        ),
    };
    if let Err(e) = Validator::new(env).validate(words, options) {
        panic!("clc wrote a module that fails validation ({env:?}): {e}");
    }
}

/// Both renderers run on the diagnostics; every span points into a known file, at a line of
/// it (lines counted as clang counts them), or into one of clang's built-in buffers; with `failed`, there is at least one error and every error is located.
fn check_rendering(diags: &clc::diag::Diagnostics, sources: &clc::source::SourceMap, failed: bool) {
    use clc::diag::Severity;
    let in_range = |span: &clc::diag::Span| {
        let Some(file) = sources.get(span.file) else {
            return false;
        };
        if file.builtin {
            // `<command line>`, `<built-in>`: clang's own buffers, shown without their text.
            return span.line >= 1 && span.col >= 1;
        }
        let lines = clc::source::lines(&file.text).count() as u32;
        span.line >= 1 && span.col >= 1 && span.line <= lines + 1
    };
    let (mut errors, mut located, mut unlocated) = (0, 0, Vec::new());
    for d in diags.iter() {
        if let Some(span) = &d.span {
            assert!(in_range(span), "diagnostic outside its file: {d:?}");
        }
        for (span, _) in &d.notes {
            if let Some(span) = span {
                assert!(in_range(span), "note outside its file: {d:?}");
            }
        }
        if d.severity >= Severity::Error {
            errors += 1;
            if d.span.is_some() {
                located += 1;
            } else if !is_summary(&d.message) {
                unlocated.push(d);
            }
        }
    }
    // clang gives a few errors no location at all (`typedef type atomic_flag not found`,
    // after other errors broke the declarations a built-in needs), and clang-22 prints them
    // unlocated too; one may stand beside located errors, never alone.
    assert!(
        unlocated.is_empty() || located > 0,
        "errors without a location and none with one: {unlocated:?}"
    );
    if failed {
        assert!(errors > 0, "a failed compilation without an error");
    }
    let human = clc::render::human_all(diags, sources);
    assert_eq!(human.is_empty(), diags.iter().next().is_none());
    for line in clc::render::json_all(diags, sources).lines() {
        if let Err(e) = serde_json::from_str::<serde_json::Value>(line) {
            panic!("--diagnostics=json line is not JSON ({e}): {line}");
        }
    }
}

/// Errors about the compilation as a whole, which clang also reports without a location.
fn is_summary(message: &str) -> bool {
    message.starts_with("too many errors emitted")
}

/// Splits a [`depfile`] input into a target and dependencies (NUL-separated names).
pub fn decode_depfile_input(data: &[u8]) -> Option<(String, Vec<PathBuf>)> {
    let text = String::from_utf8_lossy(data);
    let mut names = text.split('\0');
    let target = names.next()?.to_string();
    let deps: Vec<PathBuf> = names.map(PathBuf::from).collect();
    Some((target, deps))
}

/// The depfile writer against an independent parser.
pub fn depfile(data: &[u8]) {
    if let Some((target, deps)) = decode_depfile_input(data) {
        check_depfile(&target, &deps);
    }
}

/// A depfile clc writes names exactly `target` and `deps` when read back, or clc refuses
/// names a depfile cannot hold.
fn check_depfile(target: &str, deps: &[PathBuf]) {
    let Ok(bytes) = clc::output::depfile(Path::new(target), deps) else {
        return;
    };
    // The names came from UTF-8 text, so the depfile is UTF-8 too.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => panic!("depfile of UTF-8 names is not UTF-8: {e}"),
    };
    let rules = parse_depfile(&text);
    let want: Vec<String> = deps.iter().map(|d| d.display().to_string()).collect();
    let Some((first, got)) = rules.first() else {
        panic!("no rule in the depfile:\n{text}");
    };
    assert_eq!(first, target, "target in:\n{text}");
    assert_eq!(got, &want, "dependencies of {target:?} in:\n{text}");
    // The phony rules: one per header, without prerequisites.
    assert_eq!(rules.len(), want.len().max(1), "rules in:\n{text}");
    for ((name, prereqs), header) in rules.iter().skip(1).zip(want.iter().skip(1)) {
        assert_eq!(name, header, "phony rule in:\n{text}");
        assert!(
            prereqs.is_empty(),
            "phony rule with prerequisites in:\n{text}"
        );
    }
}

/// Reads a depfile the way ninja's depfile lexer does (written here from its documented
/// rules, as an independent check of [`clc::output::depfile`]): `\` and a line break
/// continue the line; `2N+1` backslashes and a space are `N` backslashes and a space, `2N`
/// backslashes and a space end the name after `2N` backslashes; `N+1` backslashes and a `#`
/// are `N` backslashes and `#`; `$$` is `$`; other backslashes are literal; unescaped
/// spaces and tabs separate names; the first name of a rule ends with `:`.
pub fn parse_depfile(text: &str) -> Vec<(String, Vec<String>)> {
    let joined = text.replace("\\\n", " ");
    let mut rules = Vec::new();
    for line in joined.lines().filter(|l| !l.trim().is_empty()) {
        let words = split_words(line);
        let Some((first, rest)) = words.split_first() else {
            continue;
        };
        let target = match first.strip_suffix(':') {
            Some(t) => t.to_string(),
            None => panic!("a rule without a colon after its target: {line:?}"),
        };
        rules.push((target, rest.to_vec()));
    }
    rules
}

fn split_words(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let (mut words, mut word, mut i) = (Vec::new(), String::new(), 0);
    let end_word = |word: &mut String, words: &mut Vec<String>| {
        if !word.is_empty() {
            words.push(std::mem::take(word));
        }
    };
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                let n = chars[i..].iter().take_while(|&&c| c == '\\').count();
                i += n;
                match chars.get(i) {
                    Some(' ') if n % 2 == 1 => {
                        word.extend(std::iter::repeat_n('\\', n / 2));
                        word.push(' ');
                        i += 1;
                    }
                    Some(' ') => {
                        word.extend(std::iter::repeat_n('\\', n));
                        end_word(&mut word, &mut words);
                        i += 1;
                    }
                    Some('#') => {
                        word.extend(std::iter::repeat_n('\\', n - 1));
                        word.push('#');
                        i += 1;
                    }
                    _ => word.extend(std::iter::repeat_n('\\', n)),
                }
            }
            '$' if chars.get(i + 1) == Some(&'$') => {
                word.push('$');
                i += 2;
            }
            ' ' | '\t' => {
                end_word(&mut word, &mut words);
                i += 1;
            }
            c => {
                word.push(c);
                i += 1;
            }
        }
    }
    end_word(&mut word, &mut words);
    words
}
