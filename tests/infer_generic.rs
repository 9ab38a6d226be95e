//! `infer-address-spaces` (`clc_passes::infer_generic`) on real OpenCL C: each source is
//! parsed by libclang, lowered, run through the pass pipeline, then through the inference.
//! The pass-level tests on hand-built ASTs are in `passes/tests/infer_generic.rs`; these
//! check the shapes the front end really produces, and every OpenCL C 2.0/3.0 kernel in
//! `kernels/`.

use clc::ast::{AddressSpace, Builtin, CastKind, ExprKind, Function, LangOptions, Module};
use clc::diag::{Diagnostic, Severity};
use clc::front::{clang, lower};
use clc::source::SourceMap;
use clc::Options;
use clc_passes::infer_generic;
use clc_passes::pipeline::{self, Outcome, PipelineOptions};
use clc_passes::verify::{self, Stage};
use std::path::Path;

/// Parses, lowers and checks `text` as OpenCL C `std`; panics if it is not a valid program.
fn checked(text: &str, std: &str) -> Module {
    let opts = Options {
        cl_std_spelling: std.to_string(),
        cl_std: match std {
            "CL3.0" => clc::ast::LangVersion::Cl30,
            "CL2.0" => clc::ast::LangVersion::Cl20,
            _ => clc::ast::LangVersion::Cl12,
        },
        ..Options::default()
    };
    let index = clang::Index::new().expect("libclang");
    let path = Path::new("input.cl");
    let tu = clang::TranslationUnit::parse(
        &index,
        path,
        Some(text.as_bytes()),
        &clc::driver::clang_args(&opts),
    )
    .expect("parse");
    let errors: Vec<_> = tu
        .diagnostics()
        .into_iter()
        .filter(|d| {
            matches!(
                d.severity,
                clang::ClangSeverity::Error | clang::ClangSeverity::Fatal
            )
        })
        .map(|d| d.message)
        .collect();
    assert!(errors.is_empty(), "clang errors: {errors:?}");
    let mut sources = SourceMap::default();
    let main = sources.add(path.to_path_buf(), text.to_string());
    let mut m = lower::lower(
        &tu.cursor(),
        LangOptions::for_version(opts.cl_std),
        &mut sources,
        main,
    )
    .unwrap_or_else(|d| panic!("lowering failed: {d:?}"));
    match pipeline::run(&mut m, &PipelineOptions::default(), &mut |_, _| {}) {
        Ok(Outcome::Valid(..)) => m,
        other => panic!("the pipeline rejected the program: {other:?}"),
    }
}

/// Runs the inference; `Ok` with the rewritten, verified module or `Err` with its errors.
fn infer(text: &str) -> Result<Module, Vec<Diagnostic>> {
    let mut m = checked(text, "CL2.0");
    let diags = infer_generic::run(&mut m).expect("no internal error");
    if diags.has_errors() {
        return Err(diags.into_iter().collect());
    }
    verify::verify(&m, Stage::Normalized).expect("the rewritten module verifies");
    infer_generic::check_no_generic(&m).expect("no generic space is left");
    Ok(m)
}

fn function<'m>(m: &'m Module, name: &str) -> &'m Function {
    m.functions
        .iter()
        .map(|(_, f)| f)
        .find(|f| f.name == name)
        .unwrap_or_else(|| {
            let names: Vec<_> = m.functions.iter().map(|(_, f)| f.name.clone()).collect();
            panic!("no function '{name}' in {names:?}")
        })
}

/// The pointee spaces of `f`'s parameters (`None` for non-pointers).
fn param_spaces(m: &Module, f: &Function) -> Vec<Option<AddressSpace>> {
    f.params
        .iter()
        .map(|&p| {
            m.types
                .as_pointer(f.locals[p].ty.ty)
                .and_then(|(_, s, _)| s)
        })
        .collect()
}

fn local_space(m: &Module, f: &Function, name: &str) -> Option<AddressSpace> {
    let l = f
        .locals
        .iter()
        .find(|(_, l)| l.name == name)
        .expect("local")
        .1;
    m.types.as_pointer(l.ty.ty).and_then(|(_, s, _)| s)
}

use AddressSpace::{Global, Local, Private};

#[test]
fn locals_take_the_space_of_what_they_point_to() {
    let m = infer(
        "kernel void k(global int *g) {
            local int tile[4];
            int x = 1;
            int *a = g + 1;
            int *b = tile;
            int *c = &x;
            int *d = a;
            d = d + 2;
            *a = *b + *c + *d;
        }",
    )
    .unwrap();
    let k = function(&m, "k");
    assert_eq!(local_space(&m, k, "a"), Some(Global));
    assert_eq!(local_space(&m, k, "b"), Some(Local));
    assert_eq!(local_space(&m, k, "c"), Some(Private));
    assert_eq!(local_space(&m, k, "d"), Some(Global));
}

#[test]
fn a_helper_called_with_two_spaces_is_cloned_once_per_space() {
    let src = std::fs::read_to_string("kernels/generic/generic_helper.cl").unwrap();
    let m = infer(&src).unwrap();
    let g = function(&m, "sum_range.global");
    let l = function(&m, "sum_range.local");
    assert_eq!(param_spaces(&m, g), [Some(Global), None]);
    assert_eq!(param_spaces(&m, l), [Some(Local), None]);
    assert!(m.functions.iter().all(|(_, f)| f.name != "sum_range"));
    // The kernel keeps its handle, and each call goes to its clone.
    let k = function(&m, "generic_helper");
    let targets: Vec<&str> = k
        .exprs
        .iter()
        .filter_map(|(_, e)| match e.kind {
            ExprKind::Call { function, .. } => Some(m.functions[function].name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(targets, ["sum_range.global", "sum_range.local"]);
}

#[test]
fn chains_of_helpers_are_cloned_recursively_and_results_flow_back() {
    let m = infer(
        "int *pick(int *p, int i) { return p + i; }
         int get(int *p) { return *pick(p, 1); }
         int twice(int *p) { return get(p) + get(p); }
         kernel void k(global int *g, local int *l, global int *out) {
             int *r = pick(l, 2);
             out[0] = twice(g) + twice(l) + *r;
         }",
    )
    .unwrap();
    for (name, space) in [
        ("pick.global", Global),
        ("pick.local", Local),
        ("get.global", Global),
        ("get.local", Local),
        ("twice.global", Global),
        ("twice.local", Local),
    ] {
        let f = function(&m, name);
        assert_eq!(param_spaces(&m, f)[0], Some(space), "{name}");
    }
    let pick = function(&m, "pick.local");
    assert_eq!(
        m.types.as_pointer(pick.result.ty).and_then(|(_, s, _)| s),
        Some(Local)
    );
    assert_eq!(local_space(&m, function(&m, "k"), "r"), Some(Local));
}

#[test]
fn a_helper_used_with_one_space_keeps_its_name() {
    let m = infer(
        "void inc(int *p) { *p += 1; }
         kernel void k(global int *g) { inc(g); inc(g + 1); }",
    )
    .unwrap();
    assert_eq!(param_spaces(&m, function(&m, "inc")), [Some(Global)]);
    assert_eq!(m.functions.len(), 2);
}

#[test]
fn a_conditional_between_pointers_into_one_space_is_inferred() {
    let m = infer(
        "kernel void k(global int *a, global int *b, int c) {
            int *p = c ? a : b + 1;
            *p = 0;
        }",
    )
    .unwrap();
    assert_eq!(local_space(&m, function(&m, "k"), "p"), Some(Global));
}

#[test]
fn two_origins_are_a_located_error_with_a_note_at_each() {
    let errors = infer(
        "global int gx;
kernel void k(int c) {
    local int ly;
    int *p = c ? (int *)&gx : (int *)&ly;
    *p = 1;
}",
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let e = &errors[0];
    assert_eq!(e.severity, Severity::Error);
    assert_eq!(
        e.message,
        "cannot infer the address space of 'p': it may point into __global and __local memory"
    );
    let at = |d: &Option<clc::diag::Span>| d.map(|s| (s.line, s.col));
    assert_eq!(at(&e.span), Some((4, 10)));
    let notes: Vec<_> = e.notes.iter().map(|(s, n)| (at(s), n.as_str())).collect();
    assert_eq!(
        notes,
        [
            (
                Some((4, 25)),
                "a pointer into __global memory comes from here"
            ),
            (
                Some((4, 38)),
                "a pointer into __local memory comes from here"
            ),
        ]
    );
}

#[test]
fn assignments_on_two_paths_are_an_error() {
    let errors = infer(
        "kernel void k(global int *g, local int *l, int c) {
    int *p;
    if (c)
        p = g;
    else
        p = l;
    *p = 1;
}",
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let spans: Vec<_> = errors[0]
        .notes
        .iter()
        .map(|(s, _)| s.map(|s| (s.line, s.col)))
        .collect();
    assert_eq!(errors[0].span.map(|s| (s.line, s.col)), Some((2, 10)));
    assert_eq!(spans, [Some((4, 13)), Some((6, 13))]);
}

#[test]
fn a_helper_mixing_its_arguments_reports_once_at_the_call() {
    let errors = infer(
        "void copy(int *d, int *s) { int *t = d; t = s; *t = 0; }
kernel void k(global int *g, local int *l) {
    copy(g, l);
}",
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].span.map(|s| s.line), Some(3));
}

#[test]
fn generic_struct_members_are_rejected_where_used() {
    let errors = infer(
        "struct S { int *p; };
kernel void k(global int *g) {
    struct S s;
    s.p = g;
    *s.p = 1;
}",
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].span.map(|s| (s.line, s.col)), Some((3, 14)));
    assert!(errors[0]
        .message
        .starts_with("unsupported: cannot infer the address space of member 'p'"));
}

#[test]
fn named_struct_members_are_fine() {
    infer(
        "struct S { global int *p; };
         kernel void k(global int *g) { struct S s = { g }; int *q = s.p; *q = 1; }",
    )
    .unwrap();
}

#[test]
fn to_space_builtins_fold_to_no_ops_or_null() {
    let m = infer(
        "kernel void k(global int *g, global int *out) {
            int *p = g;
            global int *a = to_global(p);
            local int *b = to_local(p);
            private int *c = to_private(p);
            out[0] = (a != 0) + (b != 0) + (c != 0);
            out[1] = get_fence(p);
        }",
    )
    .unwrap();
    let k = function(&m, "k");
    let loads_p = |e| match k.exprs[e].kind {
        ExprKind::Load(l) => {
            matches!(k.exprs[l].kind, ExprKind::Local(v) if k.locals[v].name == "p")
        }
        _ => false,
    };
    let mut kinds = Vec::new();
    for (_, e) in k.exprs.iter() {
        match &e.kind {
            ExprKind::Builtin {
                builtin: Builtin::ToSpace(_) | Builtin::GetFence,
                ..
            } => panic!("a builtin was not folded"),
            ExprKind::Cast { kind, operand, .. } if loads_p(*operand) => kinds.push(*kind),
            _ => {}
        }
    }
    // to_global(p), to_local(p), to_private(p), then get_fence's own `const void *`
    // conversion of its argument.
    assert_eq!(
        kinds,
        [
            CastKind::NoOp,
            CastKind::NullToPointer,
            CastKind::NullToPointer,
            CastKind::PointerBitcast
        ]
    );
    assert!(k
        .exprs
        .iter()
        .any(|(_, e)| matches!(e.kind, ExprKind::IntConst(2))));
}

#[test]
fn program_scope_pointers_take_their_initializers_space() {
    let m = infer(
        "global int data[4];
         global int *gp = &data[1];
         kernel void k(global int *out) { int *p = gp; out[0] = *p; }",
    )
    .unwrap();
    assert_eq!(local_space(&m, function(&m, "k"), "p"), Some(Global));
}

/// Every OpenCL C 2.0/3.0 kernel in `kernels/`: the inference either succeeds (and the
/// result verifies with no generic space left) or reports located errors; never a bug.
#[test]
fn every_cl2_kernel_infers_or_reports_located_errors() {
    let mut specs = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("kernels")];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "toml") {
                specs.push(p);
            }
        }
    }
    specs.sort();
    let (mut inferred, mut rejected) = (Vec::new(), Vec::new());
    for spec in specs {
        let toml: toml::Value = std::fs::read_to_string(&spec).unwrap().parse().unwrap();
        let Some(std) = toml.get("cl_std").and_then(|v| v.as_str()) else {
            continue;
        };
        if std == "CL1.2" {
            continue;
        }
        // The kernel source: `source` when the spec names one, else the spec's twin.
        let cl = match toml.get("source").and_then(|v| v.as_str()) {
            Some(src) => spec.parent().unwrap_or(Path::new(".")).join(src),
            None => spec.with_extension("cl"),
        };
        let text = std::fs::read_to_string(&cl).unwrap();
        let mut m = checked(&text, std);
        let diags =
            infer_generic::run(&mut m).unwrap_or_else(|bug| panic!("{}: {bug}", cl.display()));
        if diags.has_errors() {
            for d in diags.iter() {
                assert!(d.span.is_some(), "{}: unlocated {d:?}", cl.display());
            }
            let first = diags.iter().next().map(|d| {
                let s = d.span.unwrap();
                format!("{}:{}: {}", s.line, s.col, d.message)
            });
            rejected.push(format!("{} ({})", cl.display(), first.unwrap_or_default()));
        } else {
            verify::verify(&m, Stage::Normalized).unwrap();
            infer_generic::check_no_generic(&m).unwrap();
            inferred.push(cl.display().to_string());
        }
    }
    eprintln!("inferred {}: {inferred:#?}", inferred.len());
    eprintln!("rejected {}: {rejected:#?}", rejected.len());
    assert!(!inferred.is_empty());
}

#[test]
fn pointers_to_generic_pointers_flow_through_helpers() {
    let m = infer(
        "void set(int **pp, int *v) { *pp = v; }
         kernel void k(global int *g) { int *q; set(&q, g); *q = 1; }",
    )
    .unwrap();
    let set = function(&m, "set");
    let pp = set.locals[set.params[0]].ty.ty;
    let (inner, outer, _) = m.types.as_pointer(pp).unwrap();
    assert_eq!(outer, Some(Private));
    assert_eq!(
        m.types.as_pointer(inner).and_then(|(_, s, _)| s),
        Some(Global)
    );
    assert_eq!(local_space(&m, function(&m, "k"), "q"), Some(Global));
}
