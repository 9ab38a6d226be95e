//! End-to-end tests of the address-space rules AS-1…AS-18 (SPEC.md, "Address-space rules").
//!
//! Every file in `tests/as/` is compiled with [`clc::compile_file`]; the errors and warnings
//! it reports (notes are not compared) must be exactly the ones annotated in the file: same
//! severity, line, column and message. Most negative tests show clang's own diagnostic —
//! clang catches the violation first and clc reports it faithfully; the pass-level tests in
//! `passes/tests/rules.rs` show that clc's `check-address-spaces` catches each rule by
//! itself.
//!
//! # File format
//!
//! ```text
//! // cl-std: CL2.0                                       line 1: CL1.2, CL2.0 or CL3.0
//! // options: --max-constant-args=2 --max-local-mem=1024  line 2, optional
//! kernel void k(__private int *p) { }  // expect: error@30: pointer arguments to …
//! ```
//!
//! * `// expect: SEVERITY@COL: MESSAGE` at the end of a line expects a diagnostic on that
//!   line; `// expect@+N: …` / `// expect@-N: …` one N lines below / above it.
//!   Several may follow each other on one line: `// expect: A // expect: B`.
//! * SEVERITY is `error` or `warning`; COL is clang's 1-based byte column.
//! * MESSAGE is the message exactly, followed by ` [TAG]` when the diagnostic has a tag:
//!   the rule id for clc's own errors (`[AS-8]`), the warning option for warnings, clc's
//!   (`[-Wconstant-args-limit]`) and clang's (`[-Wduplicate-decl-specifier]`).
//!
//! # Naming
//!
//! * `asNN-SLUG.cl` — a negative test of rule AS-NN: at least one expectation.
//! * `asNN-ok-SLUG.cl` — a near-miss: it must compile to SPIR-V with no error and no
//!   warning. The only expectations allowed in one are `unsupported:` errors, for valid
//!   OpenCL C that clc does not lower yet (images: `as05-ok-image-argument.cl`).
//!
//! Each rule has its own `#[test]` running its files; a failure lists, per file, the
//! diagnostics expected but not reported (`-`) and reported but not expected (`+`).

use clc::diag::Severity;
use clc::Options;
use std::fmt;
use std::path::{Path, PathBuf};

/// One diagnostic, as annotated or as reported.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Diag {
    line: u32,
    col: u32,
    severity: &'static str,
    message: String,
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.line, self.col, self.severity, self.message
        )
    }
}

/// A parsed test file.
#[derive(Debug)]
struct TestFile {
    options: Options,
    expected: Vec<Diag>,
}

// ---------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------

const EXPECT: &str = "// expect";

fn parse(text: &str) -> Result<TestFile, String> {
    let lines: Vec<&str> = text.lines().collect();
    let std = lines
        .first()
        .and_then(|l| l.strip_prefix("// cl-std:"))
        .ok_or("line 1 must be `// cl-std: CL1.2|CL2.0|CL3.0`")?
        .trim();
    let mut options = Options {
        cl_std: clc::options::parse_cl_std(std)?,
        cl_std_spelling: std.to_string(),
        ..Options::default()
    };
    if let Some(opts) = lines.get(1).and_then(|l| l.strip_prefix("// options:")) {
        for opt in opts.split_whitespace() {
            let number = |v: &str| {
                v.parse::<u64>()
                    .map_err(|_| format!("option '{opt}': '{v}' is not a number"))
            };
            if let Some(v) = opt.strip_prefix("--max-constant-args=") {
                options.limits.max_constant_args = u32::try_from(number(v)?)
                    .map_err(|_| format!("option '{opt}' is out of range"))?;
            } else if let Some(v) = opt.strip_prefix("--max-local-mem=") {
                options.limits.max_local_bytes = number(v)?;
            } else {
                return Err(format!("option '{opt}' is not understood by this harness"));
            }
        }
    }
    let mut expected = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let here = i as i64 + 1;
        for part in line.split(EXPECT).skip(1) {
            let bad =
                |why: &str| format!("line {here}: malformed annotation `{EXPECT}{part}`: {why}");
            // `: …` or `@+N: …` / `@-N: …`
            let (offset, rest) = if let Some(rest) = part.strip_prefix(':') {
                (0, rest)
            } else if let Some(rel) = part.strip_prefix('@') {
                let (n, rest) = rel
                    .split_once(':')
                    .ok_or_else(|| bad("missing ':' after the line offset"))?;
                if !n.starts_with(['+', '-']) {
                    return Err(bad("the line offset must be signed (@+1, @-1)"));
                }
                (
                    n.parse::<i64>()
                        .map_err(|_| bad("the line offset is not a number"))?,
                    rest,
                )
            } else {
                return Err(bad("expected `// expect:` or `// expect@±N:`"));
            };
            let target = here + offset;
            if target < 1 || target > lines.len() as i64 {
                return Err(bad("the line offset points outside the file"));
            }
            let (head, message) = rest
                .trim_start()
                .split_once(": ")
                .ok_or_else(|| bad("expected `SEVERITY@COL: MESSAGE`"))?;
            let (severity, col) = head
                .split_once('@')
                .ok_or_else(|| bad("expected `SEVERITY@COL`"))?;
            let severity = match severity {
                "error" => "error",
                "warning" => "warning",
                _ => return Err(bad("the severity must be `error` or `warning`")),
            };
            let col = col
                .parse::<u32>()
                .map_err(|_| bad("the column is not a number"))?;
            let message = message.trim_end();
            if message.is_empty() {
                return Err(bad("the message is empty"));
            }
            expected.push(Diag {
                line: target as u32,
                col,
                severity,
                message: message.to_string(),
            });
        }
    }
    Ok(TestFile { options, expected })
}

// ---------------------------------------------------------------------------------------
// Compiling and comparing
// ---------------------------------------------------------------------------------------

fn same_file(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// What clc reported: (errors and warnings, whether a module was produced, rendered text).
fn compile(path: &Path, options: &Options) -> Result<(Vec<Diag>, bool, String), String> {
    let (diagnostics, sources, compiled) = match clc::compile_file(path, options) {
        Ok(c) => (c.diagnostics, c.sources, true),
        Err(clc::Error::Input {
            diagnostics,
            sources,
        }) => (diagnostics, sources, false),
        Err(e) => return Err(format!("compilation failed without diagnostics: {e}")),
    };
    let mut out = Vec::new();
    for d in diagnostics.iter() {
        let severity = match d.severity {
            // The annotations do not tell fatal errors (a missing header) apart.
            Severity::Error | Severity::Fatal => "error",
            Severity::Warning => "warning",
            Severity::Note => continue,
        };
        let mut message = match &d.tag {
            Some(tag) => format!("{} [{tag}]", d.message),
            None => d.message.clone(),
        };
        let (line, col) = match d.span {
            Some(s)
                if sources
                    .get(s.file)
                    .is_some_and(|f| same_file(&f.path, path)) =>
            {
                (s.line, s.col)
            }
            Some(s) => {
                let file = sources
                    .get(s.file)
                    .map_or_else(|| "?".into(), |f| f.path.display().to_string());
                message = format!("(in {file}:{}:{}) {message}", s.line, s.col);
                (0, 0)
            }
            None => {
                message = format!("(no location) {message}");
                (0, 0)
            }
        };
        out.push(Diag {
            line,
            col,
            severity,
            message,
        });
    }
    Ok((
        out,
        compiled,
        clc::render::human_all(&diagnostics, &sources),
    ))
}

/// `Ok` if the two lists hold the same diagnostics (as multisets), else a readable diff.
fn compare(expected: &[Diag], actual: &[Diag]) -> Result<(), String> {
    let mut missing: Vec<Diag> = Vec::new();
    let mut unexpected: Vec<Diag> = actual.to_vec();
    for e in expected {
        match unexpected.iter().position(|a| a == e) {
            Some(i) => {
                unexpected.remove(i);
            }
            None => missing.push(e.clone()),
        }
    }
    if missing.is_empty() && unexpected.is_empty() {
        return Ok(());
    }
    missing.sort();
    unexpected.sort();
    let mut s = String::new();
    if !missing.is_empty() {
        s.push_str("  expected but not reported:\n");
        for d in &missing {
            s.push_str(&format!("    - {d}\n"));
        }
    }
    if !unexpected.is_empty() {
        s.push_str("  reported but not expected:\n");
        for d in &unexpected {
            s.push_str(&format!("    + {d}\n"));
        }
    }
    Err(s)
}

fn is_near_miss(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.contains("-ok-"))
}

/// Checks one corpus file; `Err` holds everything wrong with it.
fn check_file(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let test = parse(&text)?;
    if is_near_miss(path) {
        if let Some(d) = test
            .expected
            .iter()
            .find(|d| !(d.severity == "error" && d.message.starts_with("unsupported:")))
        {
            return Err(format!(
                "a near-miss (`-ok-`) file may only expect `unsupported:` errors, not `{d}`"
            ));
        }
    } else if test.expected.is_empty() {
        return Err("a negative test needs at least one `// expect:` annotation".into());
    }
    let (actual, compiled, rendered) = compile(path, &test.options)?;
    let mut problems = String::new();
    if let Err(diff) = compare(&test.expected, &actual) {
        problems.push_str(&diff);
    }
    let errors_expected = test.expected.iter().any(|d| d.severity == "error");
    if compiled == errors_expected {
        problems.push_str(if compiled {
            "  compiled to SPIR-V although errors were expected\n"
        } else {
            "  produced no SPIR-V although no error was expected\n"
        });
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{problems}  clc said:\n{}", indent(&rendered)))
    }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    | {l}\n")).collect()
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("as")
}

fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/as exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    files
}

fn file_name(p: &Path) -> &str {
    p.file_name().and_then(|n| n.to_str()).unwrap_or("?")
}

/// Runs every file of one rule (`asNN-*.cl`) and reports all failures together.
fn check_rule(prefix: &str) {
    let files: Vec<PathBuf> = corpus()
        .into_iter()
        .filter(|p| file_name(p).starts_with(&format!("{prefix}-")))
        .collect();
    assert!(
        !files.is_empty(),
        "no test files for {prefix} in {}",
        corpus_dir().display()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|p| {
            check_file(p)
                .err()
                .map(|e| format!("tests/as/{}:\n{e}", file_name(p)))
        })
        .collect();
    if !failures.is_empty() {
        panic!(
            "{} of {} files of {prefix} failed:\n\n{}",
            failures.len(),
            files.len(),
            failures.join("\n")
        );
    }
}

macro_rules! rules {
    ($($test:ident => $prefix:literal,)*) => {
        $(
            #[test]
            fn $test() {
                check_rule($prefix);
            }
        )*
    };
}

rules! {
    as01_reserved_names => "as01",
    as02_defaults => "as02",
    as03_parameters_are_private => "as03",
    as04_kernel_pointer_arguments => "as04",
    as05_image_arguments => "as05",
    as06_program_scope_variables => "as06",
    as07_constant_initializers => "as07",
    as08_constant_is_read_only => "as08",
    as09_local_variables => "as09",
    as10_return_types => "as10",
    as11_implicit_conversions => "as11",
    as12_casts => "as12",
    as13_string_literals => "as13",
    as14_one_qualifier_per_type => "as14",
    as15_pointer_sizes => "as15",
    as16_constant_argument_limit => "as16",
    as17_const_global_is_read_only => "as17",
    as18_local_memory_limit => "as18",
}

// ---------------------------------------------------------------------------------------
// The corpus itself
// ---------------------------------------------------------------------------------------

#[test]
fn corpus_covers_every_rule() {
    let files = corpus();
    let mut problems = Vec::new();
    for p in &files {
        let name = file_name(p);
        let rule: Option<u32> = name
            .strip_prefix("as")
            .and_then(|r| r.get(..2))
            .and_then(|n| n.parse().ok());
        if !matches!(rule, Some(1..=18)) || name.as_bytes().get(4) != Some(&b'-') {
            problems.push(format!("{name}: not named asNN-slug.cl with NN in 01..18"));
        }
    }
    for n in 1..=18 {
        let prefix = format!("as{n:02}-");
        let of_rule: Vec<_> = files
            .iter()
            .filter(|p| file_name(p).starts_with(&prefix))
            .collect();
        let near = of_rule.iter().filter(|p| is_near_miss(p)).count();
        if near == 0 {
            problems.push(format!("AS-{n} has no near-miss (asNN-ok-*.cl) file"));
        }
        if of_rule.len() == near {
            problems.push(format!("AS-{n} has no negative file"));
        }
    }
    for std in ["CL1.2", "CL2.0", "CL3.0"] {
        let header = format!("// cl-std: {std}");
        if !files
            .iter()
            .any(|p| std::fs::read_to_string(p).is_ok_and(|t| t.starts_with(&header)))
        {
            problems.push(format!("no file uses {std}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ---------------------------------------------------------------------------------------
// The harness can fail
// ---------------------------------------------------------------------------------------

fn d(line: u32, col: u32, severity: &'static str, message: &str) -> Diag {
    Diag {
        line,
        col,
        severity,
        message: message.into(),
    }
}

#[test]
fn parser_reads_every_annotation_form() {
    let text = "// cl-std: CL2.0\n\
                // options: --max-constant-args=3 --max-local-mem=64\n\
                int a; // expect: error@5: first // expect: warning@1: second [-Wfoo]\n\
                // expect@+1: error@2: on the next line\n\
                int b;\n\
                int c;\n\
                // expect@-1: warning@7: on the previous line [AS-16]\n";
    let t = parse(text).unwrap();
    assert_eq!(t.options.cl_std, clc::ast::LangVersion::Cl20);
    assert_eq!(t.options.cl_std_spelling, "CL2.0");
    assert_eq!(
        (
            t.options.limits.max_constant_args,
            t.options.limits.max_local_bytes
        ),
        (3, 64)
    );
    assert_eq!(
        t.expected,
        vec![
            d(3, 5, "error", "first"),
            d(3, 1, "warning", "second [-Wfoo]"),
            d(5, 2, "error", "on the next line"),
            d(6, 7, "warning", "on the previous line [AS-16]"),
        ]
    );
    let plain = parse("// cl-std: CL1.2\nkernel void k() {}\n").unwrap();
    assert_eq!(
        plain.options.limits,
        clc_passes::address_space::Limits::default()
    );
    assert!(plain.expected.is_empty());
}

#[test]
fn parser_rejects_malformed_files() {
    let bad = [
        "kernel void k() {}\n",                // no cl-std header
        "// cl-std: CL9.9\n",                  // unknown version
        "// cl-std: CL1.2\n// options: -O2\n", // unknown option
        "// cl-std: CL1.2\n// options: --max-local-mem=x\n",
        "// cl-std: CL1.2\nint a; // expected-error: x\n", // clang -verify spelling
        "// cl-std: CL1.2\nint a; // expect: fatal@3: x\n",
        "// cl-std: CL1.2\nint a; // expect: error@x: y\n",
        "// cl-std: CL1.2\nint a; // expect: error: no column\n",
        "// cl-std: CL1.2\nint a; // expect: error@3:\n",
        "// cl-std: CL1.2\nint a; // expect@+5: error@3: past the end\n",
        "// cl-std: CL1.2\nint a; // expect@1: error@3: unsigned offset\n",
    ];
    for text in bad {
        assert!(parse(text).is_err(), "accepted:\n{text}");
    }
}

#[test]
fn comparison_reports_both_directions() {
    let expected = [
        d(4, 14, "error", "read-only variable is not assignable"),
        d(5, 1, "warning", "w [AS-18]"),
    ];
    let actual = [
        d(4, 15, "error", "read-only variable is not assignable"),
        d(5, 1, "warning", "w [AS-18]"),
    ];
    let diff = compare(&expected, &actual).unwrap_err();
    assert!(
        diff.contains("- 4:14: error: read-only variable is not assignable"),
        "{diff}"
    );
    assert!(
        diff.contains("+ 4:15: error: read-only variable is not assignable"),
        "{diff}"
    );
    assert!(!diff.contains("AS-18"), "{diff}");
    // Multisets: a diagnostic reported twice but expected once is a failure.
    let twice = [expected[1].clone(), expected[1].clone()];
    assert!(compare(&expected[1..], &twice).is_err());
    // Order does not matter.
    let reversed = [actual[1].clone(), actual[0].clone()];
    assert!(compare(&actual, &reversed).is_ok());
}

/// A scratch copy of a corpus file, edited, checked with the real harness, then removed.
fn check_edited(name: &str, edit: impl FnOnce(String) -> String) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!(
        "clc-as-selftest-{}-{}",
        std::process::id(),
        name.replace('.', "_")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let text = std::fs::read_to_string(corpus_dir().join(name)).unwrap();
    std::fs::write(&path, edit(text)).unwrap();
    let r = check_file(&path);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn harness_fails_on_wrong_expectations() {
    // Unedited, the copy passes: the failures below come from the edits.
    check_edited("as04-private-kernel-pointer.cl", |t| t).unwrap();
    // A wrong column.
    let e = check_edited("as04-private-kernel-pointer.cl", |t| {
        t.replacen("error@30:", "error@31:", 1)
    })
    .unwrap_err();
    assert!(
        e.contains("- 3:31: error: pointer arguments")
            && e.contains("+ 3:30: error: pointer arguments"),
        "{e}"
    );
    // A wrong message.
    let e = check_edited("as09-local-initialized.cl", |t| {
        t.replace("cannot have an initializer", "cannot be initialized")
    })
    .unwrap_err();
    assert!(
        e.contains("- 4:17: error: '__local' variable cannot be initialized"),
        "{e}"
    );
    // A missing tag.
    let e = check_edited("as16-too-many-constant-args.cl", |t| {
        t.replace(" [-Wconstant-args-limit]", "")
    })
    .unwrap_err();
    assert!(e.contains("+ 10:13: warning: kernel 'k' uses 3"), "{e}");
    // A dropped expectation in a negative file.
    let e = check_edited("as11-constant-to-generic.cl", |t| {
        t.lines().map(|l| l.split(EXPECT).next().unwrap().to_string() + "\n").collect::<String>().replacen(
            "int *p = c;",
            "int *p = c; // expect: error@10: initializing '__generic int *__private' with an expression of type '__constant int *__private' changes address space of pointer",
            1,
        )
    })
    .unwrap_err();
    assert!(
        e.contains("+ 6:18: error: passing '__constant int *__private'"),
        "{e}"
    );
}

#[test]
fn harness_fails_when_a_near_miss_breaks_a_rule() {
    let e = check_edited("as08-ok-read-constant.cl", |t| {
        t + "kernel void bad(__constant int *p) { *p = 1; }\n"
    })
    .unwrap_err();
    assert!(
        e.contains("+ 10:41: error: read-only variable is not assignable"),
        "{e}"
    );
    assert!(
        e.contains("produced no SPIR-V although no error was expected"),
        "{e}"
    );
    // A warning is as much a failure in a near-miss as an error.
    let e = check_edited("as18-ok-at-limit.cl", |t| {
        t.replace("--max-local-mem=1024", "--max-local-mem=1023")
    })
    .unwrap_err();
    assert!(
        e.contains("+ 5:13: warning: kernel 'k' declares 1024 bytes"),
        "{e}"
    );
    // And a near-miss may not carry expectations other than `unsupported:`.
    let e = check_edited("as13-ok-string-as-constant.cl", |t| {
        t.replace("s[1];", "s[1]; // expect: warning@5: w")
    })
    .unwrap_err();
    assert!(e.contains("may only expect `unsupported:` errors"), "{e}");
}
