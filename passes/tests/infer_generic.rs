//! `infer-address-spaces` on hand-built ASTs (the front end's shapes on real OpenCL C are
//! tested in the top-level `tests/infer_generic.rs`): cloning per signature, the two-origins
//! error, unconstrained pointers, recursion, and the pass's guarantee.

mod common;
use clc_passes::diag::Diagnostic;
use clc_passes::infer_generic;
use clc_passes::verify::{self, Stage};
use common::*;

/// Runs the pipeline (which must accept the module), then the inference.
fn infer(m: Module) -> (Module, Vec<Diagnostic>) {
    let mut m = clean(m).module;
    let diags = infer_generic::run(&mut m).expect("no internal error");
    if !diags.has_errors() {
        verify::verify(&m, Stage::Normalized).expect("verifies");
        infer_generic::check_no_generic(&m).expect("no generic space left");
    }
    (m, diags.into_iter().collect())
}

fn pointee_space(m: &Module, ty: Handle<Type>) -> Space {
    m.types.as_pointer(ty).and_then(|(_, s, _)| s)
}

/// `void f(int *p) { *p = 1; }` (generic pointee), returned with its handle.
fn store_helper(b: &mut Mb) -> Handle<Function> {
    let int = b.int();
    let gp = b.ptr(int, None);
    let mut f = b.func("f", at(1, 6));
    let p = f.param("p", gp, None, at(1, 13));
    let place = f.deref_local(p, at(1, 19));
    let one = f.int(1, at(1, 24));
    f.assign(place, one, at(1, 22));
    f.finish()
}

#[test]
fn a_helper_called_with_global_and_local_pointers_becomes_two_clones() {
    let mut b = Mb::new(LangVersion::Cl20);
    let f = store_helper(&mut b);
    let int = b.int();
    let (gp, lp, generic) = (
        b.ptr(int, Some(Glob)),
        b.ptr(int, Some(Loc)),
        b.ptr(int, None),
    );
    let void = b.void();
    let mut k = b.kernel("k", at(2, 13));
    let g = k.param("g", gp, None, at(2, 27));
    let l = k.param("l", lp, None, at(2, 41));
    let ga = k.convert_local(g, generic, false, at(3, 7));
    k.call(f, vec![ga], void, at(3, 5));
    let la = k.convert_local(l, generic, false, at(4, 7));
    k.call(f, vec![la], void, at(4, 5));
    let kh = k.finish();

    let (m, diags) = infer(b.m);
    assert!(diags.is_empty(), "{diags:#?}");
    let names: Vec<&str> = m.functions.iter().map(|(_, f)| f.name.as_str()).collect();
    assert_eq!(names, ["f.global", "k", "f.local"]);
    for (name, space) in [("f.global", Glob), ("f.local", Loc)] {
        let (_, clone) = m.functions.iter().find(|(_, f)| f.name == name).unwrap();
        let p = clone.locals[clone.params[0]].ty.ty;
        assert_eq!(pointee_space(&m, p), Some(space), "{name}");
    }
    // Each call goes to its clone, and the named → generic conversions are now no-ops.
    let kernel = &m.functions[kh];
    let targets: Vec<&str> = kernel
        .exprs
        .iter()
        .filter_map(|(_, e)| match e.kind {
            ExprKind::Call { function, .. } => Some(m.functions[function].name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(targets, ["f.global", "f.local"]);
    assert!(kernel.exprs.iter().all(|(_, e)| !matches!(
        e.kind,
        ExprKind::Cast {
            kind: CastKind::AddressSpace,
            ..
        }
    )));
}

#[test]
fn a_variable_given_two_spaces_is_an_error_at_its_declaration_with_two_notes() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let (gp, lp, generic) = (
        b.ptr(int, Some(Glob)),
        b.ptr(int, Some(Loc)),
        b.ptr(int, None),
    );
    let mut k = b.kernel("k", at(1, 13));
    let g = k.param("g", gp, None, at(1, 27));
    let l = k.param("l", lp, None, at(1, 41));
    let p = k.var("p", generic, None, at(2, 10), None);
    let ga = k.convert_local(g, generic, false, at(3, 9));
    let place = k.local(p, at(3, 5));
    k.assign(place, ga, at(3, 7));
    let la = k.convert_local(l, generic, false, at(4, 9));
    let place = k.local(p, at(4, 5));
    k.assign(place, la, at(4, 7));
    k.finish();

    let before = b.m.functions.len();
    let (m, diags) = infer(b.m);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    let d = &diags[0];
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(d.span, Some(at(2, 10)));
    assert_eq!(
        d.message,
        "cannot infer the address space of 'p': it may point into __global and __local memory"
    );
    assert_eq!(
        d.notes,
        [
            (
                Some(at(3, 9)),
                "a pointer into __global memory comes from here".to_string()
            ),
            (
                Some(at(4, 9)),
                "a pointer into __local memory comes from here".to_string()
            ),
        ]
    );
    // On error the module is left as it was.
    assert_eq!(m.functions.len(), before);
}

#[test]
fn a_pointer_only_ever_null_defaults_to_global() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let generic = b.ptr(int, None);
    let mut k = b.kernel("k", at(1, 13));
    let zero = k.int(0, at(2, 14));
    let null = k.value(
        ExprKind::Cast {
            kind: CastKind::NullToPointer,
            operand: zero,
            explicit: false,
        },
        generic,
        at(2, 14),
    );
    let p = k.var("p", generic, None, at(2, 10), Some(Init::Expr(null)));
    let kh = k.finish();
    let (m, diags) = infer(b.m);
    assert!(diags.is_empty(), "{diags:#?}");
    let f = &m.functions[kh];
    assert_eq!(pointee_space(&m, f.locals[p].ty.ty), Some(Glob));
}

#[test]
fn a_helper_nobody_calls_is_kept_with_default_spaces() {
    let mut b = Mb::new(LangVersion::Cl20);
    let f = store_helper(&mut b);
    let (m, diags) = infer(b.m);
    assert!(diags.is_empty(), "{diags:#?}");
    let helper = &m.functions[f];
    assert_eq!(helper.name, "f");
    let p = helper.locals[helper.params[0]].ty.ty;
    assert_eq!(pointee_space(&m, p), Some(Glob));
}

#[test]
fn recursion_through_generic_pointers_is_an_error_not_a_hang() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let generic = b.ptr(int, None);
    let void = b.void();
    // `void f(int *p) { f(p); }`: the callee handle is the function being built (0).
    let mut f = b.func("f", at(1, 6));
    let p = f.param("p", generic, None, at(1, 13));
    let place = f.local(p, at(1, 20));
    let arg = f.load(place);
    let self_handle = {
        let mut tmp = Mb::new(LangVersion::Cl20);
        tmp.func("f", at(1, 6)).finish()
    };
    f.call(self_handle, vec![arg], void, at(1, 18));
    f.finish();
    let (_, diags) = infer(b.m);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0].span, Some(at(1, 18)));
    assert!(diags[0]
        .message
        .starts_with("unsupported: a recursive call"));
}

#[test]
fn a_cl12_module_is_untouched() {
    let mut b = Mb::new(LangVersion::Cl12);
    store_helper(&mut b);
    let (m, diags) = infer(b.m);
    assert!(diags.is_empty());
    assert_eq!(m.functions.len(), 1);
    let f = &m.functions.iter().next().unwrap().1;
    assert_eq!(
        pointee_space(&m, f.locals[f.params[0]].ty.ty),
        Some(Private)
    );
}
