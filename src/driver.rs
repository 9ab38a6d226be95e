//! The pipeline, in order: parse with libclang → lower to the typed AST → address-space
//! passes → SPIR-V → validate for the target environment.

use crate::back::spv::{self, flavor::Flavor};
use crate::error::Error;
use crate::front::clang::{self, ClangSeverity, Index, TranslationUnit};
use crate::front::lower;
use crate::options::{FpContractMode, Lint, Options, Target};
use crate::source::SourceMap;
use clc_passes::ast::LangVersion;
use clc_passes::ast::{FpContract, LangOptions, Module};
use clc_passes::contract;
use clc_passes::diag::{Bug, Diagnostic, Diagnostics, Severity, Span};
use clc_passes::pipeline::{self, Outcome, PipelineOptions};
use rspirv::spirv;
use std::path::Path;

/// A successful compilation.
#[derive(Debug)]
pub struct Compilation {
    /// The validated SPIR-V module.
    pub words: Vec<u32>,
    /// Warnings (empty under `-w`).
    pub diagnostics: Diagnostics,
    /// The files read.
    pub sources: SourceMap,
    /// `--dump-after` output: (pass, dump).
    pub dumps: Vec<(String, String)>,
    /// Kernel metadata.
    pub reflection: crate::reflect::Reflection,
    /// Every file read: the source and each header it included (for depfiles and
    /// `cargo:rerun-if-changed`), clang's own headers left out.
    pub dependencies: Vec<std::path::PathBuf>,
}

/// Compiles the OpenCL C file at `path`.
///
/// The bytes go to clang as they are: text that is not UTF-8 (Latin-1 in a comment or a
/// string literal) is clang's to accept or reject, and a string literal keeps its bytes.
pub fn compile_file(path: &Path, opts: &Options) -> Result<Compilation, Error> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    compile_on_big_stack(path, &bytes, opts)
}

/// Stack of the thread a compilation runs on: address space only, committed as it is used.
/// libclang parses on it (see `front::clang`), and every stage recurses over expressions and
/// statements; at [`crate::front::lower::MAX_EXPR_DEPTH`] levels an unoptimized build uses
/// about 1.2 GiB of it.
pub(crate) const STACK_BYTES: usize = 2 << 30;

/// Compiles `text` as if it were the file `path` (includes resolve relative to it).
///
/// libclang and every stage after it recurse over the syntax tree, so the work runs on a
/// thread with a large stack: deep but valid nesting is compiled (or rejected with a
/// diagnostic) instead of overflowing the caller's stack. A panic there is reported as an
/// internal error.
pub fn compile_source(path: &Path, text: &str, opts: &Options) -> Result<Compilation, Error> {
    compile_on_big_stack(path, text.as_bytes(), opts)
}

/// [`compile_source`] for source bytes, UTF-8 or not.
///
/// The compiler thread owns copies of its inputs, so that a libclang parse that never ends
/// (see [`Options::parse_timeout`]) can be left behind: the caller gets an error instead of
/// waiting forever.
fn compile_on_big_stack(path: &Path, text: &[u8], opts: &Options) -> Result<Compilation, Error> {
    use std::sync::atomic::{AtomicU8, Ordering};
    use std::sync::Arc;
    let phase = Arc::new(AtomicU8::new(BEFORE_PARSE));
    let (send, receive) = std::sync::mpsc::channel();
    let job = Job {
        path: path.to_path_buf(),
        text: text.to_vec(),
        opts: opts.clone(),
        phase: Arc::clone(&phase),
        reply: send,
    };
    if let Err(e) = compiler_threads::run(job) {
        return Err(Error::Internal {
            bug: Bug::new(None, format!("cannot start the compiler thread: {e}")),
            sources: SourceMap::default(),
        });
    }
    let mut parse_started: Option<std::time::Instant> = None;
    loop {
        match receive.recv_timeout(std::time::Duration::from_millis(200)) {
            Ok(result) => {
                return result.unwrap_or_else(|payload| {
                    let what = payload
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "panic".into());
                    Err(Error::Internal {
                        bug: Bug::new(None, what),
                        sources: SourceMap::default(),
                    })
                });
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Error::Internal {
                    bug: Bug::new(None, "the compiler thread ended without a result"),
                    sources: SourceMap::default(),
                })
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
        if phase.load(Ordering::Acquire) != PARSING {
            continue;
        }
        let started = *parse_started.get_or_insert_with(std::time::Instant::now);
        if let Some(limit) = opts.parse_timeout {
            if started.elapsed() >= limit {
                return Err(Error::Libclang(format!(
                    "{}: clang did not finish parsing within {} s; clang-22 never finishes on \
                     some malformed input, such as `(::x)` or `as_uint(sin)` (docs/LIMITS.md)",
                    path.display(),
                    limit.as_secs()
                )));
            }
        }
    }
}

/// One compile for a compiler thread: its inputs (owned, so that a parse that never ends can
/// be left behind) and where its result goes.
struct Job {
    path: std::path::PathBuf,
    text: Vec<u8>,
    opts: Options,
    phase: std::sync::Arc<std::sync::atomic::AtomicU8>,
    reply: std::sync::mpsc::Sender<std::thread::Result<Result<Compilation, Error>>>,
}

/// The threads compiles run on, kept for the next compile: starting a thread with a
/// [`STACK_BYTES`] stack for each file, faulting in the stack it uses and unmapping it at
/// its end cost a few percent of a `clc::Build` of many small files. A thread waits
/// [`compiler_threads::LINGER`] for another compile, then ends; one whose parse never ends
/// is left behind, as before; one whose compile panicked ends.
mod compiler_threads {
    use super::{compile_now, Job, STACK_BYTES};
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
    use std::sync::{Mutex, PoisonError};
    use std::time::Duration;

    /// How long an idle compiler thread waits for another compile.
    pub(super) const LINGER: Duration = Duration::from_secs(1);

    /// An idle thread: its number and where it takes its next job.
    struct Idle {
        id: u64,
        jobs: Sender<Job>,
    }

    static IDLE: Mutex<Vec<Idle>> = Mutex::new(Vec::new());
    static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

    fn idle() -> std::sync::MutexGuard<'static, Vec<Idle>> {
        IDLE.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `job` to an idle compiler thread, or to a new one.
    pub(super) fn run(mut job: Job) -> std::io::Result<()> {
        loop {
            let Some(thread) = idle().pop() else { break };
            match thread.jobs.send(job) {
                Ok(()) => return Ok(()),
                // It has just ended: the next one.
                Err(mpsc::SendError(back)) => job = back,
            }
        }
        let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (jobs, inbox) = mpsc::channel();
        std::thread::Builder::new()
            .name("clc-compiler".into())
            .stack_size(STACK_BYTES)
            .spawn(move || serve(id, jobs, inbox, job))?;
        Ok(())
    }

    fn serve(id: u64, me: Sender<Job>, inbox: Receiver<Job>, first: Job) {
        let mut next = Some(first);
        loop {
            let job = match next.take() {
                Some(job) => job,
                None => match inbox.recv_timeout(LINGER) {
                    Ok(job) => job,
                    Err(RecvTimeoutError::Timeout) => {
                        let mut idle = idle();
                        match idle.iter().position(|t| t.id == id) {
                            Some(k) => {
                                idle.swap_remove(k);
                                return;
                            }
                            // Taken by a compile that is about to send its job.
                            None => continue,
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => return,
                },
            };
            let Job {
                path,
                text,
                opts,
                phase,
                reply,
            } = job;
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                compile_now(&path, &text, &opts, &phase)
            }));
            let healthy = result.is_ok();
            // Back in the pool before the caller hears, so that its next compile finds it.
            if healthy {
                idle().push(Idle {
                    id,
                    jobs: me.clone(),
                });
            }
            // The receiver is gone only if the caller gave up waiting.
            let _ = reply.send(result);
            if !healthy {
                return;
            }
        }
    }
}

/// The byte offset of the first `^^` in code (not in a comment or a literal). `^^` is a
/// reserved operator in OpenCL C, so a program with one is an error; and clang-22 crashes on
/// some of them after its parse, while libclang builds the diagnostics, outside its crash
/// recovery (`e=^^,);`, or `^^` with a non-ASCII character elsewhere in the file: found by
/// the `compile` fuzz target; its driver crashes on several too). clc reports the first one
/// itself, with clang's words, before clang sees the file; only clang's other diagnostics for
/// such a file are lost.
///
/// The scan sees the text as clang's lexer does ([`Logical`]): trigraphs replaced (`??'` is
/// `^`), line splices removed, and `\r` ending a line as `\n` does (a string literal left open
/// before a lone `\r` ends there: `"\r^^` crashed clang-22 too).
fn reserved_caret_caret(text: &[u8]) -> Option<usize> {
    // Without trigraphs (`??'` is `^`, `??/` a backslash), a `^^` after the splices are gone
    // is a `^` followed in the text by another or by a splice's backslash: without either
    // there is none. Most sources take this path; the scan below costs a few nanoseconds a
    // byte.
    let caret_next = |i: usize| matches!(text.get(i + 1), Some(b'^' | b'\\'));
    if !text.windows(2).any(|w| w == b"??")
        && !text
            .iter()
            .enumerate()
            .any(|(i, &c)| c == b'^' && caret_next(i))
    {
        return None;
    }
    let eol = |c: u8| c == b'\n' || c == b'\r';
    let mut it = Logical { text, i: 0 }.peekable();
    while let Some((c, at)) = it.next() {
        match (c, it.peek().map(|&(n, _)| n)) {
            (b'/', Some(b'/')) => while it.next_if(|&(c, _)| !eol(c)).is_some() {},
            (b'/', Some(b'*')) => {
                it.next();
                let mut star = false;
                for (c, _) in it.by_ref() {
                    if star && c == b'/' {
                        break;
                    }
                    star = c == b'*';
                }
            }
            (b'"' | b'\'', _) => loop {
                match it.next() {
                    Some((d, _)) if d == c || eol(d) => break,
                    Some((b'\\', _)) => {
                        it.next_if(|&(d, _)| !eol(d));
                    }
                    Some(_) => {}
                    None => break,
                }
            },
            (b'^', Some(b'^')) => return Some(at),
            _ => {}
        }
    }
    None
}

/// The bytes of a source after C's translation phases 1 and 2 as clang performs them for
/// OpenCL C: each trigraph is the character it stands for (OpenCL C enables trigraphs), and a
/// backslash before a line end (`\n`, `\r`, `\r\n` or `\n\r`, after optional spaces) is gone
/// with it. Each byte comes with the offset in the text where it starts.
struct Logical<'t> {
    text: &'t [u8],
    i: usize,
}

impl Logical<'_> {
    fn trigraph(&self, i: usize) -> Option<u8> {
        if self.text.get(i..i + 2)? != b"??" {
            return None;
        }
        Some(match self.text.get(i + 2)? {
            b'=' => b'#',
            b'/' => b'\\',
            b'\'' => b'^',
            b'(' => b'[',
            b')' => b']',
            b'!' => b'|',
            b'<' => b'{',
            b'>' => b'}',
            b'-' => b'~',
            _ => return None,
        })
    }
}

impl Iterator for Logical<'_> {
    type Item = (u8, usize);

    fn next(&mut self) -> Option<(u8, usize)> {
        loop {
            let at = self.i;
            let (c, len) = match self.trigraph(at) {
                Some(c) => (c, 3),
                None => (*self.text.get(at)?, 1),
            };
            self.i += len;
            if c == b'\\' {
                let mut j = self.i;
                while matches!(self.text.get(j), Some(b' ' | b'\t' | 0x0b | 0x0c)) {
                    j += 1;
                }
                if let Some(&e @ (b'\n' | b'\r')) = self.text.get(j) {
                    let other = if e == b'\n' { b'\r' } else { b'\n' };
                    self.i = j + 1 + usize::from(self.text.get(j + 1) == Some(&other));
                    continue;
                }
            }
            return Some((c, at));
        }
    }
}

/// The 1-based line and byte column of `offset` in `text`, counting `\n`, `\r\n` and a lone
/// `\r` as line ends, as clang does.
fn line_col(text: &[u8], offset: usize) -> (u32, u32) {
    let (mut line, mut start) = (1u32, 0usize);
    let mut i = 0;
    while i < offset.min(text.len()) {
        match text[i] {
            b'\n' => (line, start) = (line + 1, i + 1),
            b'\r' if text.get(i + 1) != Some(&b'\n') => (line, start) = (line + 1, i + 1),
            _ => {}
        }
        i += 1;
    }
    (line, u32::try_from(offset - start + 1).unwrap_or(u32::MAX))
}

/// `words` without its `OpName` and `OpMemberName` instructions (for the validator, see
/// [`compile_now`]); `words` as they are if they do not parse as instructions.
fn without_names(words: &[u32]) -> std::borrow::Cow<'_, [u32]> {
    const HEADER: usize = 5;
    const OP_NAME: u32 = 5;
    const OP_MEMBER_NAME: u32 = 6;
    if words.len() < HEADER {
        return words.into();
    }
    let mut out = words[..HEADER].to_vec();
    let mut i = HEADER;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        if count == 0 || i + count > words.len() {
            return words.into();
        }
        if !matches!(words[i] & 0xFFFF, OP_NAME | OP_MEMBER_NAME) {
            out.extend_from_slice(&words[i..i + count]);
        }
        i += count;
    }
    out.into()
}

/// [`compile_now`]'s progress, for [`compile_on_big_stack`]'s parse deadline.
const BEFORE_PARSE: u8 = 0;
const PARSING: u8 = 1;
const PARSED: u8 = 2;

/// With `CLC_DEBUG_PHASES` set, the time each phase of a compile took, on stderr: for whoever
/// profiles clc (BENCHMARKS.md quotes it), not a user-facing report.
struct Phases<'a>(Option<std::time::Instant>, &'a Path);

impl<'a> Phases<'a> {
    fn new(path: &'a Path) -> Self {
        Phases(
            std::env::var_os("CLC_DEBUG_PHASES").map(|_| std::time::Instant::now()),
            path,
        )
    }

    /// Ends the phase called `name`.
    fn end(&mut self, name: &str) {
        if let Some(start) = &mut self.0 {
            let now = std::time::Instant::now();
            // The process's resident memory at the phase's end (Linux).
            let rss = std::fs::read_to_string("/proc/self/statm")
                .ok()
                .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
                .map_or(String::new(), |pages| {
                    format!(", {} MB resident", pages * 4096 >> 20)
                });
            eprintln!(
                "clc: phase {name}: {:.1} ms ({}{rss})",
                (now - *start).as_secs_f64() * 1e3,
                self.1.display()
            );
            *start = now;
        }
    }
}

fn compile_now(
    path: &Path,
    text: &[u8],
    opts: &Options,
    phase: &std::sync::atomic::AtomicU8,
) -> Result<Compilation, Error> {
    if text.contains(&0) {
        let mut sources = SourceMap::default();
        let file = sources.add(path.to_path_buf(), String::new());
        let d = Diagnostic::error(
            Span {
                file,
                line: 1,
                col: 1,
            },
            "source file contains a NUL byte",
        );
        return Err(Error::Input {
            diagnostics: d.into(),
            sources,
        });
    }
    if let Some(offset) = reserved_caret_caret(text) {
        let mut sources = SourceMap::default();
        let (line, col) = line_col(text, offset);
        let file = sources.add(path.to_path_buf(), crate::source::display_text(text));
        let d = Diagnostic::error(
            Span { file, line, col },
            "^^ is a reserved operator in OpenCL (clc stops here: clang-22 crashes on some \
             programs with one)",
        );
        return Err(Error::Input {
            diagnostics: d.into(),
            sources,
        });
    }
    let flavor = flavor(opts.target);
    let version = opts.spirv_version.unwrap_or(flavor.default_version());
    // Checked before parsing: a version the environment cannot take is bad usage.
    flavor
        .validator_env(version, opts.cl_std, false)
        .map_err(Error::Unsupported)?;
    let mut sources = SourceMap::default();
    let main = sources.add(path.to_path_buf(), crate::source::display_text(text));

    let mut phases = Phases::new(path);
    let index = if opts.precompiled_header.is_some() {
        Index::without_precompiled_declarations()
    } else {
        Index::new()
    }
    .map_err(|e| Error::Libclang(e.to_string()))?;
    let args = clang_args(opts);
    phase.store(PARSING, std::sync::atomic::Ordering::Release);
    let tu = TranslationUnit::parse(&index, path, Some(text), &args);
    phase.store(PARSED, std::sync::atomic::Ordering::Release);
    let tu = tu.map_err(|e| Error::Libclang(e.to_string()))?;
    phases.end("parse");

    let mut diags = Diagnostics::new();
    for d in tu.diagnostics() {
        if let Some(d) = convert(&d, &mut sources) {
            diags.push(d);
        }
    }
    // Clang applied the warning flags to its own diagnostics; clc applies them to its groups,
    // then the error limit to everything together.
    let finish = |diags: Diagnostics| -> Diagnostics {
        let mut diags = apply_warning_flags(diags, opts);
        diags.limit_errors(opts.error_limit);
        diags
    };
    if diags.has_errors() {
        return Err(Error::Input {
            diagnostics: finish(diags),
            sources,
        });
    }

    let resource = clang::resource_include_dir();
    let dependencies: Vec<std::path::PathBuf> = tu
        .included_files()
        .into_iter()
        .filter(|f| resource.as_ref().is_none_or(|r| !f.starts_with(r)))
        .collect();
    let lang = lang_options(opts);
    let module = lower::lower(&tu.cursor(), lang, &mut sources, main);
    phases.end("lower");
    drop(tu);
    phases.end("drop the translation unit");
    let mut module = match module {
        Ok(m) => m,
        Err(d) => {
            diags.extend(d);
            return Err(Error::Input {
                diagnostics: finish(diags),
                sources,
            });
        }
    };

    let popts = PipelineOptions {
        limits: opts.limits,
        dump_after: opts.dump_after.clone(),
    };
    let mut dumps = Vec::new();
    let outcome = pipeline::run(&mut module, &popts, &mut |name, text| {
        dumps.push((name.to_string(), text))
    })
    .map_err(|bug| Error::Internal {
        bug,
        sources: sources.clone(),
    })?;
    phases.end("passes");
    let valid = match outcome {
        Outcome::Valid(v, warnings) => {
            diags.extend(warnings);
            v
        }
        Outcome::Invalid(d) => {
            diags.extend(d);
            diags.sort();
            return Err(Error::Input {
                diagnostics: finish(diags),
                sources,
            });
        }
    };
    let mut flat_generic = false;
    if flavor.is_vulkan() && !diags.has_errors() {
        // Vulkan has no generic address space: every generic pointer gets its named space
        // (helpers cloned per signature), or a located error.
        let found = clc_passes::infer_generic::run(&mut module).map_err(|bug| Error::Internal {
            bug,
            sources: sources.clone(),
        })?;
        // Where a pointer's space differs at run time, generic pointers stay generic and
        // become flat device addresses (docs/VULKAN.md, "Generic pointers chosen at run
        // time"); the module's other pointers keep their classes.
        if found.has_errors() {
            flat_generic = true;
            for d in found {
                if d.severity < clc_passes::diag::Severity::Error {
                    diags.push(d);
                }
            }
        } else {
            diags.extend(found);
        }
        // Its control flow must be structured: gotos become a dispatcher loop.
        clc_passes::structure_gotos::run(&mut module).map_err(|bug| Error::Internal {
            bug,
            sources: sources.clone(),
        })?;
        if cfg!(debug_assertions) {
            clc_passes::verify::verify(&module, clc_passes::verify::Stage::Normalized).map_err(
                |bug| Error::Internal {
                    bug,
                    sources: sources.clone(),
                },
            )?;
        }
    }
    let diags = finish(diags);
    if diags.has_errors() {
        return Err(Error::Input {
            diagnostics: diags,
            sources,
        });
    }

    let debug = opts.debug_info.then(|| spv::DebugInfo {
        files: sources
            .iter()
            .map(|f| f.path.display().to_string())
            .collect(),
        main,
    });
    let bopts = spv::Options {
        flavor,
        version,
        float: float_options(opts, &module),
        debug,
        flat_generic,
        unroll_counted_loops: flavor.is_vulkan() && opts.opt_level.optimizes() && opts.unroll_loops,
    };
    if let Some(specialized) = spv::specialize_local_helpers(&module, &bopts) {
        module = specialized;
    }
    let written = match spv::write(&module, &valid, &bopts) {
        Ok(w) => w,
        Err(spv::Error::Unsupported(d)) => {
            let mut all = diags;
            all.push(*d);
            return Err(Error::Input {
                diagnostics: all,
                sources,
            });
        }
        Err(spv::Error::Bug(bug)) => return Err(Error::Internal { bug: *bug, sources }),
    };

    phases.end("write");
    let spv::Written {
        words,
        capabilities,
        fma_fused_spec,
        printf,
    } = written;
    let vulkan = flavor.is_vulkan().then(|| crate::reflect::VulkanModule {
        spirv_version: [version.0, version.1],
        features: crate::back::spv::flavor::vulkan::features(&capabilities),
        extensions: Vec::new(),
        flat_generic,
        subgroup_operations: crate::back::spv::flavor::vulkan::subgroup_operations(&capabilities),
        properties: crate::back::spv::flavor::vulkan::properties(&capabilities),
        fma_fused_spec_id: fma_fused_spec
            .then_some(crate::back::spv::flavor::vulkan::abi::FMA_FUSED_SPEC_ID),
        data: crate::back::spv::flavor::vulkan::abi::data(&module)
            .ok()
            .filter(|d| !d.bytes.is_empty())
            .map(|d| crate::reflect::DataBuffer {
                size: d.bytes.len() as u64,
                init: d.bytes.iter().map(|b| format!("{b:02x}")).collect(),
                relocations: d.relocations.iter().map(|&(a, b)| [a, b]).collect(),
            }),
        printf,
    });
    let reflection = crate::reflect::reflect(&module, &valid, opts.target, vulkan);
    // The AST is done with: the validator's copy of the module takes its memory.
    drop(module);
    drop(valid);
    phases.end("reflect and drop the AST");
    // No module leaves clc without passing the validator for its environment. The OpenCL
    // environments know no extensions, so a module using one (64-bit atomics from
    // cl_khr_int64_base_atomics, half arithmetic from cl_khr_fp16) is validated under the
    // universal rules of its version. So is a CL1.2 module with sub-group functions
    // (cl_khr_subgroups' `Groups`, which the OpenCL 1.2 environment does not allow).
    let extended = [spirv::Capability::Int64Atomics, spirv::Capability::Float16]
        .into_iter()
        .any(|c| capabilities.contains(&c))
        || (opts.cl_std == LangVersion::Cl12 && capabilities.contains(&spirv::Capability::Groups));
    let env = flavor
        .validator_env(version, opts.cl_std, extended)
        .map_err(Error::Unsupported)?;
    let validator = crate::spvtools::Validator::new(env);
    // The validator's friendly-name mapper names every id before validating, for its
    // messages: about a fifth of the validator's time and memory, and quadratic in the
    // number of ids that share an `OpName` (every kernel's parameter `o`: 75% of the time of
    // a file of 5,000 small kernels). So the validator runs without the mapper and sees the
    // module without its names (which also lets `val_pieces` cut it), and runs again with
    // both only to word its message when it rejects the module. A module of many kernels is
    // validated in pieces (`val_pieces`: the validator's entry point check is quadratic too).
    let options = validator_options(flavor);
    let validate = |words: &[u32]| {
        let unnamed = without_names(words);
        // A module of many kernels: its pieces on every core.
        let checked = crate::val_pieces::validate_in_pieces(&unnamed, 0, || {
            let piece_validator = crate::spvtools::Validator::new(env);
            move |p: &[u32]| piece_validator.validate(p, options)
        })
        .unwrap_or_else(|| validator.validate(&unnamed, options));
        match checked {
            Ok(()) => Ok(()),
            Err(_) => validator.validate(
                words,
                crate::spvtools::ValidatorOptions {
                    friendly_names: true,
                    ..options
                },
            ),
        }
    };
    let validated = validate(&words);
    phases.end("validate");
    if let Err(e) = validated {
        // For whoever debugs clc: the module the validator rejected.
        if let Some(path) = std::env::var_os("CLC_DEBUG_INVALID") {
            let _ = std::fs::write(path, crate::output::words_to_bytes(&words));
        }
        let bug = Bug::new(
            None,
            format!("the generated SPIR-V does not validate for {env}: {e}"),
        );
        return Err(Error::Internal { bug, sources });
    }
    let words = if opts.opt_level.optimizes() {
        let optimized = crate::optimize::optimize(&words, env).and_then(|w| {
            validate(&w)
                .map(|()| w)
                .map_err(|e| format!("its output does not validate for {env}: {e}"))
        });
        match optimized {
            Ok(w) => w,
            Err(why) => {
                let bug = Bug::new(
                    None,
                    format!("the SPIR-V optimizer (-O{}) failed: {why}", opts.opt_level),
                );
                return Err(Error::Internal { bug, sources });
            }
        }
    } else {
        words
    };
    phases.end("optimize");
    Ok(Compilation {
        words,
        diagnostics: diags,
        sources,
        dumps,
        reflection,
        dependencies,
    })
}

/// clc's warning groups under the `-W` flags: each warning is dropped, kept, or made an
/// error tagged `-Werror,-W<group>` as clang tags the warnings it promotes.
fn apply_warning_flags(diags: Diagnostics, opts: &Options) -> Diagnostics {
    let mut out = Diagnostics::new();
    for mut d in diags {
        if let Some(lint) = Lint::of(&d) {
            match opts.lint_severity(lint) {
                None => continue,
                Some(false) => {}
                Some(true) => {
                    d.severity = Severity::Error;
                    d.tag = Some(format!("-Werror,{}", lint.flag()));
                }
            }
        }
        out.push(d);
    }
    out
}

/// The backend flavour of a target.
fn flavor(target: Target) -> Flavor {
    match target {
        Target::OpenCl => Flavor::OpenCl,
        Target::Vulkan(minor) => Flavor::Vulkan(minor),
    }
}

/// Validator options for a flavour's modules: Vulkan argument blocks and buffers are laid
/// out with OpenCL C's alignments, which is scalar block layout.
fn validator_options(flavor: Flavor) -> crate::spvtools::ValidatorOptions {
    crate::spvtools::ValidatorOptions {
        scalar_block_layout: flavor.is_vulkan(),
        friendly_names: false,
    }
}

/// The floating-point freedoms the options grant. `-cl-denorms-are-zero` only allows
/// flushing (not expressible in SPIR-V 1.0 and not required), and
/// `-cl-single-precision-constant` acts in the front end.
///
/// `contract-fp` already fused what FP_CONTRACT allows within expressions, so kernels declare
/// `ContractionOff` (as clang's do) unless an option lets the driver fuse more:
/// `-cl-mad-enable` and the options implying it, or `-ffp-contract=fast`. All but plain
/// `fast` (which disregards pragmas, as in clang) yield to a `FP_CONTRACT OFF` region.
fn float_options(opts: &Options, module: &Module) -> spv::FloatOptions {
    let has = |o: &str| opts.cl_options.iter().any(|x| x == o);
    let (not_nan, not_inf, nsz, recip, fast) = (1, 2, 4, 8, 16);
    let mut f = spv::FloatOptions::default();
    let mad = [
        "-cl-mad-enable",
        "-cl-unsafe-math-optimizations",
        "-cl-fast-relaxed-math",
    ];
    f.contract = match opts.fp_contract {
        FpContractMode::Fast => true,
        FpContractMode::FastHonorPragmas => !contract::forbids_contraction(module),
        FpContractMode::On | FpContractMode::Off => {
            mad.iter().any(|o| has(o)) && !contract::forbids_contraction(module)
        }
    };
    if has("-cl-no-signed-zeros") {
        f.fast_math |= nsz;
    }
    if has("-cl-finite-math-only") {
        f.fast_math |= not_nan | not_inf;
    }
    if has("-cl-unsafe-math-optimizations") {
        f.fast_math |= nsz | recip;
    }
    if has("-cl-fast-relaxed-math") {
        f.fast_math |= not_nan | not_inf | nsz | recip | fast;
    }
    f
}

fn lang_options(opts: &Options) -> LangOptions {
    LangOptions {
        fp_contract: match opts.fp_contract {
            FpContractMode::Off => FpContract::Off,
            FpContractMode::On => FpContract::On,
            FpContractMode::Fast | FpContractMode::FastHonorPragmas => FpContract::Fast,
        },
        ..LangOptions::for_version(opts.cl_std)
    }
}

/// The clang command line (no argv[0]).
pub fn clang_args(opts: &Options) -> Vec<String> {
    let mut a = vec![
        "-x".to_string(),
        "cl".to_string(),
        format!("-cl-std={}", opts.cl_std_spelling),
        // With `-x cl` the clang driver adds `-finclude-default-header
        // -fdeclare-opencl-builtins`: builtins are declared lazily from clang's tables.
        "--target=spir64".to_string(),
    ];
    if let Some(pch) = &opts.precompiled_header {
        // The header's declarations from the precompiled header instead.
        a.extend(without_default_header());
        a.push("-include-pch".into());
        a.push(pch.to_string_lossy().into_owned());
    }
    if let Some(dir) = clang::resource_include_dir() {
        a.push("-isystem".into());
        a.push(dir.to_string_lossy().into_owned());
    }
    a.extend(opts.macros.iter().cloned());
    for d in &opts.include_dirs {
        a.push(format!("-I{}", d.display()));
    }
    a.extend(opts.cl_options.iter().cloned());
    // A front-end option: clang's driver would ignore it ("argument unused").
    for e in &opts.cl_ext {
        a.push("-Xclang".into());
        a.push(format!("-cl-ext={e}"));
    }
    // Warning flags go straight to the front end: clang's driver would also check them
    // and print its own copy of "unknown warning option" on stderr, outside clc's control.
    for w in opts.clang_warning_flags() {
        a.push("-Xclang".into());
        a.push(w);
    }
    // clc applies `-ferror-limit` to clang's errors and its own together.
    a.push("-ferror-limit=0".into());
    // clang's guard against deep nesting is sized for its own 8 MiB stack (2,048 brackets);
    // clc parses on a larger one and bounds nesting itself (`docs/LIMITS.md`).
    a.push(format!("-fbracket-depth={}", lower::MAX_EXPR_DEPTH));
    // clang measures the stack as if it were 8 MiB and warns near that; clc's is larger.
    a.push("-Xclang".into());
    a.push("-Wno-stack-exhausted".into());
    a
}

/// Clang's arguments for OpenCL without its default header: builtins still declared from
/// clang's tables.
fn without_default_header() -> [String; 3] {
    [
        "-cl-no-stdinc".into(),
        "-Xclang".into(),
        "-fdeclare-opencl-builtins".into(),
    ]
}

/// Precompiles clang's OpenCL declarations (`opencl-c-base.h`, which every compile parses
/// otherwise: 760 lines, a third of the parse of a small kernel file) for `opts`, into
/// `dir`, which must outlive the compiles that use it. Returns the file for
/// [`Options::precompiled_header`], or `None` where libclang cannot make one that parses
/// an empty file cleanly (then each compile parses the header itself, as before).
pub fn precompile_base_header(opts: &Options, dir: &Path) -> Option<std::path::PathBuf> {
    let stub = dir.join("clc-opencl-base.h");
    let pch = dir.join("clc-opencl-base.pch");
    // Included as a system header, as the default header is.
    std::fs::write(&stub, "#include <opencl-c-base.h>\n").ok()?;
    let base = Options {
        precompiled_header: None,
        ..opts.clone()
    };
    let mut args = clang_args(&base);
    args.extend(without_default_header());
    let index = Index::new().ok()?;
    {
        let tu = TranslationUnit::parse_for_precompiling(&index, &stub, &args).ok()?;
        let clean = tu.diagnostics().iter().all(|d| {
            matches!(
                d.severity,
                ClangSeverity::Ignored | ClangSeverity::Note | ClangSeverity::Warning
            )
        });
        if !clean {
            return None;
        }
        tu.save(&pch).ok()?;
    }
    // Checked once: a file that uses it parses without a word from clang.
    let with = Options {
        precompiled_header: Some(pch.clone()),
        ..opts.clone()
    };
    let probe = dir.join("clc-probe.cl");
    let tu = TranslationUnit::parse(
        &index,
        &probe,
        Some(b"kernel void k(global uint *p) { p[get_global_id(0)] = CLK_LOCAL_MEM_FENCE; }\n"),
        &clang_args(&with),
    )
    .ok()?;
    tu.diagnostics().is_empty().then_some(pch)
}

fn convert(d: &clang::ClangDiagnostic, sources: &mut SourceMap) -> Option<Diagnostic> {
    let severity = match d.severity {
        ClangSeverity::Ignored => return None,
        ClangSeverity::Note => Severity::Note,
        ClangSeverity::Warning => Severity::Warning,
        ClangSeverity::Error => Severity::Error,
        ClangSeverity::Fatal => Severity::Fatal,
    };
    // A location in a file, or in one of clang's built-in buffers (shown without a source
    // line, as clang shows them); never a line of the main file taken for another's.
    let span = |d: &clang::ClangDiagnostic, sources: &mut SourceMap| match (&d.location, &d.buffer)
    {
        (Some(l), _) => l.file.as_ref().map(|p| Span {
            file: sources.id_for(p),
            line: l.line,
            col: l.col,
        }),
        (None, Some(b)) => Some(Span {
            file: sources.builtin_buffer(&b.name),
            line: b.line,
            col: b.col,
        }),
        (None, None) => None,
    };
    let mut out = Diagnostic {
        severity,
        message: d.message.clone(),
        span: span(d, sources),
        tag: d.option.clone(),
        notes: Vec::new(),
    };
    for c in &d.children {
        out.notes.push((span(c, sources), c.message.clone()));
    }
    Some(out)
}

#[cfg(test)]
mod name_tests {
    use super::without_names;

    #[test]
    fn without_names_drops_only_names() {
        let c = crate::compile_source(
            std::path::Path::new("k.cl"),
            "kernel void k(global int *o) { o[0] = 1; }\n",
            &crate::Options::default(),
        )
        .unwrap();
        let ops = |w: &[u32]| {
            let mut v = Vec::new();
            let mut i = 5;
            while i < w.len() {
                v.push(w[i] & 0xFFFF);
                i += (w[i] >> 16) as usize;
            }
            v
        };
        let all = ops(&c.words);
        let stripped = ops(&without_names(&c.words));
        assert!(all.contains(&5));
        assert_eq!(
            stripped,
            all.into_iter()
                .filter(|&op| op != 5 && op != 6)
                .collect::<Vec<_>>()
        );
        // Words that are not instructions come back as they are.
        assert_eq!(&*without_names(&[1, 2, 3, 4, 5, 0]), &[1, 2, 3, 4, 5, 0]);
    }
}

#[cfg(test)]
mod caret_tests {
    use super::reserved_caret_caret as scan;

    #[test]
    fn finds_caret_caret_in_code_only() {
        assert_eq!(scan(b"e=^^,);"), Some(2));
        assert_eq!(scan("int x = 1 ^^\u{FEFF};".as_bytes()), Some(10));
        assert_eq!(scan(b"a ^ b; c ^= d; e ^ ^f;"), None);
        assert_eq!(scan(b"x; // a ^^ b\ny;"), None);
        assert_eq!(scan(b"/* ^^ */ x"), None);
        assert_eq!(scan(b"s = \"^^\"; c = '\\''; t ^^ u;"), Some(22));
        // As clang lexes: a lone CR ends an unterminated string (fuzz finding: `"\r^^` plus a
        // non-ASCII character crashed clang-22), trigraphs, line splices.
        assert_eq!(scan("\"\r^^\u{FFFD}".as_bytes()), Some(2));
        assert_eq!(scan(b"x; // a\r^^ b"), Some(8));
        assert_eq!(scan(b"a ??'??' b"), Some(2));
        assert_eq!(scan(b"a ^??'"), Some(2));
        assert_eq!(scan(b"e=^\\\n^,0;"), Some(2));
        assert_eq!(scan(b"e=^\\ \r\n^,0;"), Some(2));
        assert_eq!(scan(b"e=^??/\n^,0;"), Some(2));
        assert_eq!(scan(b"// a \\\n ^^ still the comment\nx;"), None);
        assert_eq!(scan(b"/*/ ^^ */ x"), None);
        assert_eq!(scan(b"/* */ ^^"), Some(6));
    }

    #[test]
    fn locates_lines_as_clang_does() {
        assert_eq!(super::line_col(b"ab\ncd", 4), (2, 2));
        assert_eq!(super::line_col(b"ab\r\ncd\ref", 7), (3, 1));
        assert_eq!(super::line_col(b"x", 0), (1, 1));
    }
}
