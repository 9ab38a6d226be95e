//! `clc`: the command line. It parses clang-compatible options, calls the library,
//! renders diagnostics and maps the outcome to an exit status:
//! 0 success, 1 errors in the input, 2 bad usage, 70 internal compiler error.

#![forbid(unsafe_code)]

use clc::error::Error;
use clc::options::{
    is_warning_flag, parse_cl_ext, parse_cl_std, OptLevel, Options, WarningMode, CL_BUILD_OPTIONS,
};
use clc::output::{words_to_bytes, write_output};
use clc::render;
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: clc [options] <file.cl>

  -o <file>              write the SPIR-V module to <file> ('-' for stdout)
  -S                     write SPIR-V assembly instead of a binary module
  -cl-std=<version>      OpenCL C version: CL1.2 (default), CL2.0, CL3.0
  -D <name>[=<value>]    define a macro          -U <name>   undefine a macro
  -I <dir>               add a directory to the include search path
  -std=<version>         the same as -cl-std (clang's spelling: -std=CL2.0)
  -cl-ext=<+ext,-ext>    extensions the device has (+) or lacks (-): -cl-ext=-cl_khr_fp64
                         makes every use of double an error
  -x cl, -c              accepted as clang does (the input is OpenCL C; clc only compiles)
  -O0 -O1 -O2 -O3 -Os -Oz  optimize the module with spirv-tools (-O is -O1; default -O0)
  -g                     put source file names and line numbers in the module (OpLine)
  -w                     suppress all warnings   -Werror     turn warnings into errors
  -W<group>, -Wno-<group>, -Werror=<group>, -Wno-error=<group>, -Wall, -Wextra,
  -Weverything, -pedantic  clang's warning groups, and clc's own: -Wconstant-args-limit,
                         -Wlocal-memory-limit
  -ferror-limit=<n>      stop after n errors (default 19, as clang; 0: no limit)
  -cl-<option>           clBuildProgram options (-cl-fast-relaxed-math, -cl-mad-enable, ...)
  -ffp-contract=<mode>   fuse a*b+c: on (default, as clang), off, fast, fast-honor-pragmas
  -fno-unroll-loops      Vulkan, -O1 and above: do not mark counted loops for unrolling
  --target=<env>         opencl (default), vulkan1.2 or vulkan1.3 (a Vulkan compute module)
  --spirv-version=<v>    SPIR-V version 1.0 (default) ... 1.6
  --diagnostics=<fmt>    human (default) or json
  --max-constant-args=N  warn when a kernel uses more __constant arguments (default 8)
  --max-local-mem=BYTES  warn when a kernel declares more __local memory (default 32768)
  --parse-timeout=SECS   fail if clang has not parsed the source after SECS seconds
                         (default 120; 0: wait forever)
  --dump-after=<pass>    print the AST after a pass (normalize-address-spaces, ...)
  --reflect=<file>       write the kernels' metadata (arguments, types, layouts) as JSON
  -MD                    write a make depfile next to the output (<output>.d)
  -MF <file>             write the make depfile to <file>
  --version              print the version
";

struct Cli {
    opts: Options,
    input: PathBuf,
    output: Option<PathBuf>,
    assembly: bool,
    json: bool,
    reflect: Option<PathBuf>,
    depfile: Option<Depfile>,
}

/// Where `-MD`/`-MF` put the depfile.
enum Depfile {
    /// Next to the output.
    Beside,
    /// At this path.
    At(PathBuf),
}

enum Parsed {
    Run(Box<Cli>),
    Exit(ExitCode),
}

fn usage_error(msg: &str) -> Parsed {
    eprintln!("clc: error: {msg}");
    eprintln!("(run 'clc --help' for the list of options)");
    Parsed::Exit(ExitCode::from(2))
}

/// Parses the arguments. File names may be any bytes (a name that is not UTF-8 is still a
/// file); options and macro definitions must be UTF-8.
fn parse_args(args: Vec<OsString>) -> Parsed {
    let mut opts = Options::default();
    let (mut input, mut output, mut assembly, mut json) = (None, None, false, false);
    let (mut reflect, mut depfile) = (None, None);
    // An explicit `-O` wins over `-cl-opt-disable`, whatever the order, as in clang.
    let (mut opt_level, mut opt_disable) = (None, false);
    let mut it = args.into_iter();
    // `-X value` or `-Xvalue`.
    fn joined(
        arg: &str,
        flag: &str,
        it: &mut impl Iterator<Item = OsString>,
    ) -> Option<Result<OsString, String>> {
        let rest = arg.strip_prefix(flag)?;
        Some(if rest.is_empty() {
            it.next()
                .ok_or_else(|| format!("argument to '{flag}' is missing (expected 1 value)"))
        } else {
            Ok(OsString::from(rest))
        })
    }
    // The value of `-D`, `-U`, `-x`: text.
    fn utf8(v: OsString, flag: &str) -> Result<String, String> {
        v.into_string().map_err(|v| {
            format!(
                "argument to '{flag}' is not valid UTF-8: '{}'",
                v.to_string_lossy()
            )
        })
    }
    while let Some(arg) = it.next() {
        let arg = match arg.into_string() {
            Ok(a) => a,
            Err(name) if !name.to_string_lossy().starts_with('-') => {
                if input.is_some() {
                    return usage_error("only one input file can be compiled at a time");
                }
                input = Some(PathBuf::from(name));
                continue;
            }
            Err(a) => {
                return usage_error(&format!(
                    "argument is not valid UTF-8: '{}'",
                    a.to_string_lossy()
                ))
            }
        };
        let a = arg.as_str();
        if a == "-h" || a == "--help" {
            print!("{USAGE}");
            return Parsed::Exit(ExitCode::SUCCESS);
        } else if a == "--version" {
            println!("clc {}", env!("CARGO_PKG_VERSION"));
            return Parsed::Exit(ExitCode::SUCCESS);
        } else if let Some(v) = a.strip_prefix("-cl-std=") {
            match parse_cl_std(v) {
                Ok(s) => {
                    opts.cl_std = s;
                    opts.cl_std_spelling = v.to_string();
                }
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = a.strip_prefix("-std=") {
            match parse_cl_std(v) {
                Ok(s) => {
                    opts.cl_std = s;
                    opts.cl_std_spelling = v.to_string();
                }
                Err(_) => {
                    return usage_error(&format!(
                        "invalid value '{v}' in '-std={v}' (expected CL1.2, CL2.0 or CL3.0)"
                    ))
                }
            }
        } else if let Some(v) = a.strip_prefix("-cl-ext=") {
            match parse_cl_ext(v) {
                Ok(()) => opts.cl_ext.push(v.to_string()),
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = a.strip_prefix("-ffp-contract=") {
            match v.parse() {
                Ok(m) => opts.fp_contract = m,
                Err(e) => return usage_error(&e),
            }
        } else if CL_BUILD_OPTIONS.contains(&a) {
            if a == "-cl-opt-disable" {
                opt_disable = true;
            }
            opts.cl_options.push(arg);
        } else if let Some(v) = a.strip_prefix("-O") {
            match OptLevel::parse(v) {
                Ok(l) => opt_level = Some(l),
                Err(e) => return usage_error(&e),
            }
        } else if a == "-funroll-loops" || a == "-fno-unroll-loops" {
            opts.unroll_loops = a == "-funroll-loops";
        } else if a == "-g" {
            opts.debug_info = true;
        } else if a == "-g0" {
            opts.debug_info = false;
        } else if a == "-c" {
            // Compile only: the only thing clc does.
        } else if let Some(v) = joined(a, "-x", &mut it) {
            match v.and_then(|v| utf8(v, "-x")) {
                Ok(v) if v == "cl" => {}
                Ok(v) => {
                    return usage_error(&format!(
                        "language '{v}' is not supported: clc compiles OpenCL C ('-x cl')"
                    ))
                }
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = a.strip_prefix("-ferror-limit=") {
            match v.parse() {
                Ok(n) => opts.error_limit = n,
                Err(_) => return usage_error(&format!("invalid number '{v}' for -ferror-limit")),
            }
        } else if a == "-S" {
            assembly = true;
        } else if a == "-w" {
            opts.warnings = WarningMode::Ignore;
        } else if a == "-Werror" {
            // As in clang, `-w` wins whatever the order.
            if opts.warnings != WarningMode::Ignore {
                opts.warnings = WarningMode::Error;
            }
        } else if is_warning_flag(a) {
            opts.warning_flags.push(arg);
        } else if let Some(v) = a.strip_prefix("--target=") {
            match v.parse() {
                Ok(t) => opts.target = t,
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = a.strip_prefix("--spirv-version=") {
            let parsed = v
                .split_once('.')
                .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
            match parsed {
                Some((1, m)) if m <= 6 => opts.spirv_version = Some((1, m)),
                _ => {
                    return usage_error(&format!(
                        "invalid SPIR-V version '{v}' (expected 1.0 to 1.6)"
                    ))
                }
            }
        } else if let Some(v) = a.strip_prefix("--diagnostics=") {
            match v {
                "human" => json = false,
                "json" => json = true,
                _ => {
                    return usage_error(&format!(
                        "invalid diagnostics format '{v}' (expected human or json)"
                    ))
                }
            }
        } else if let Some(v) = a.strip_prefix("--max-constant-args=") {
            match v.parse() {
                Ok(n) => opts.limits.max_constant_args = n,
                Err(_) => {
                    return usage_error(&format!("invalid number '{v}' for --max-constant-args"))
                }
            }
        } else if let Some(v) = a.strip_prefix("--max-local-mem=") {
            match v.parse() {
                Ok(n) => opts.limits.max_local_bytes = n,
                Err(_) => return usage_error(&format!("invalid number '{v}' for --max-local-mem")),
            }
        } else if let Some(v) = a.strip_prefix("--parse-timeout=") {
            match v.parse::<u64>() {
                Ok(0) => opts.parse_timeout = None,
                Ok(n) => opts.parse_timeout = Some(std::time::Duration::from_secs(n)),
                Err(_) => return usage_error(&format!("invalid number '{v}' for --parse-timeout")),
            }
        } else if let Some(v) = a.strip_prefix("--dump-after=") {
            if !clc_passes::pipeline::PASSES.contains(&v) {
                return usage_error(&format!(
                    "unknown pass '{v}' (passes: {})",
                    clc_passes::pipeline::PASSES.join(", ")
                ));
            }
            opts.dump_after = Some(v.to_string());
        } else if let Some(v) = a.strip_prefix("--reflect=") {
            reflect = Some(PathBuf::from(v));
        } else if a == "-MD" {
            if depfile.is_none() {
                depfile = Some(Depfile::Beside);
            }
        } else if let Some(v) = joined(a, "-MF", &mut it) {
            match v {
                Ok(v) => depfile = Some(Depfile::At(PathBuf::from(v))),
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = joined(a, "-o", &mut it) {
            match v {
                Ok(v) => output = Some(PathBuf::from(v)),
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = joined(a, "-D", &mut it) {
            match v.and_then(|v| utf8(v, "-D")) {
                Ok(v) => opts.macros.push(format!("-D{v}")),
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = joined(a, "-U", &mut it) {
            match v.and_then(|v| utf8(v, "-U")) {
                Ok(v) => opts.macros.push(format!("-U{v}")),
                Err(e) => return usage_error(&e),
            }
        } else if let Some(v) = joined(a, "-I", &mut it) {
            match v {
                Ok(v) => opts.include_dirs.push(PathBuf::from(v)),
                Err(e) => return usage_error(&e),
            }
        } else if a.starts_with('-') && a != "-" {
            return usage_error(&format!("unknown argument: '{a}'"));
        } else if input.is_some() {
            return usage_error("only one input file can be compiled at a time");
        } else {
            input = Some(PathBuf::from(arg));
        }
    }
    let Some(input) = input else {
        return usage_error("no input file");
    };
    opts.opt_level = match opt_level {
        Some(l) => l,
        None if opt_disable => OptLevel::O0,
        None => opts.opt_level,
    };
    Parsed::Run(Box::new(Cli {
        opts,
        input,
        output,
        assembly,
        json,
        reflect,
        depfile,
    }))
}

fn default_output(cli: &Cli) -> PathBuf {
    let stem = cli
        .input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    PathBuf::from(format!(
        "{stem}.{}",
        if cli.assembly { "spvasm" } else { "spv" }
    ))
}

fn run(cli: &Cli) -> ExitCode {
    let render = |d: &clc::diag::Diagnostics, s: &clc::source::SourceMap| {
        if cli.json {
            render::json_all(d, s)
        } else {
            render::human_all(d, s)
        }
    };
    match clc::compile_file(&cli.input, &cli.opts) {
        Ok(c) => {
            eprint!("{}", render(&c.diagnostics, &c.sources));
            for (pass, dump) in &c.dumps {
                eprintln!("; AST after {pass}\n{dump}");
            }
            let bytes = if cli.assembly {
                match clc::output::disassemble(&c.words) {
                    Some(text) => text.into_bytes(),
                    None => {
                        return internal("the SPIR-V disassembler failed on a validated module")
                    }
                }
            } else {
                words_to_bytes(&c.words)
            };
            let out = cli.output.clone().unwrap_or_else(|| default_output(cli));
            let to_stdout = out.as_os_str() == "-";
            // The module is written last: when a side output cannot be written, the command
            // fails without leaving a new module that a build system would take as up to date.
            if let Some(path) = &cli.reflect {
                let json = match serde_json::to_string_pretty(&c.reflection) {
                    Ok(j) => j + "\n",
                    Err(e) => return internal(&format!("cannot serialize the reflection: {e}")),
                };
                if let Err(e) = write_output(path, json.as_bytes()) {
                    eprintln!("clc: error: cannot write '{}': {e}", path.display());
                    return ExitCode::from(1);
                }
            }
            if let Some(dep) = &cli.depfile {
                let target = if to_stdout {
                    default_output(cli)
                } else {
                    out.clone()
                };
                let path = match dep {
                    Depfile::At(p) => p.clone(),
                    Depfile::Beside => target.with_extension("d"),
                };
                let text = match clc::output::depfile(&target, &c.dependencies) {
                    Ok(text) => text,
                    Err(e) => {
                        eprintln!("clc: error: {e}");
                        return ExitCode::from(1);
                    }
                };
                if let Err(e) = write_output(&path, &text) {
                    eprintln!("clc: error: cannot write '{}': {e}", path.display());
                    return ExitCode::from(1);
                }
            }
            if to_stdout {
                let mut stdout = std::io::stdout().lock();
                if stdout
                    .write_all(&bytes)
                    .and_then(|()| stdout.flush())
                    .is_err()
                {
                    eprintln!("clc: error: cannot write to standard output");
                    return ExitCode::from(1);
                }
            } else if let Err(e) = write_output(&out, &bytes) {
                eprintln!("clc: error: cannot write '{}': {e}", out.display());
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(Error::Input {
            diagnostics,
            sources,
        }) => {
            eprint!("{}", render(&diagnostics, &sources));
            ExitCode::from(1)
        }
        Err(Error::Read { path, source }) => {
            let why = match source.kind() {
                std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
                _ => source.to_string(),
            };
            eprintln!("clc: error: {why}: '{}'", path.display());
            ExitCode::from(1)
        }
        Err(e @ (Error::Libclang(_) | Error::Unsupported(_))) => {
            eprintln!("clc: error: {e}");
            ExitCode::from(1)
        }
        Err(Error::Internal { bug, sources }) => {
            let at = bug
                .span
                .and_then(|s| {
                    sources
                        .get(s.file)
                        .map(|f| format!(" at {}:{}:{}", f.path.display(), s.line, s.col))
                })
                .unwrap_or_default();
            internal(&format!("{}{at}", bug.message))
        }
        Err(e) => internal(&e.to_string()),
    }
}

fn internal(msg: &str) -> ExitCode {
    eprintln!("clc: internal compiler error: {msg}");
    eprintln!("clc: this is a bug in clc; please report it with the input that triggered it");
    ExitCode::from(70)
}

fn main() -> ExitCode {
    // A crash inside libclang is a compiler bug too: exit 70 with a report, not a signal.
    clc::front::clang::exit_70_on_fatal_signals();
    // A panic is a compiler bug: report it briefly and exit 70 (a backtrace only on request).
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|info| {
            let msg = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            let at = info
                .location()
                .map(|l| format!(" ({}:{})", l.file(), l.line()))
                .unwrap_or_default();
            eprintln!("clc: internal compiler error: {msg}{at}");
            eprintln!(
                "clc: this is a bug in clc; please report it with the input that triggered it"
            );
        }));
    }
    let cli = match parse_args(std::env::args_os().skip(1).collect()) {
        Parsed::Run(cli) => cli,
        Parsed::Exit(code) => return code,
    };
    match std::panic::catch_unwind(|| run(&cli)) {
        Ok(code) => code,
        Err(_) => ExitCode::from(70),
    }
}
