//! Pass-level tests of the address-space rules (SPEC.md, "Address-space rules (AS-n)").
//!
//! Clang's Sema rejects most violations before clc's own pass ever sees them, so the
//! end-to-end corpus (`tests/address_spaces.rs` in the root crate) mostly shows clang's
//! messages. These tests build small typed ASTs by hand — shapes clang would never let
//! through — and run them through [`pipeline::run`] (structure verified, then
//! `normalize-address-spaces`, then `check-address-spaces`), to show that the pass, the last
//! line of defence, catches every rule on its own: each rule has negative tests asserting
//! exact (severity, line, column, message, tag) and near-misses that must pass cleanly.
//!
//! AS-14 (one qualifier per type) holds by construction — a type has a single address
//! space slot — so it has no pass-level test; clang reports it (see the corpus).
//!
//! This file: AS-1 … AS-8 (names, defaults, parameters, kernel arguments, program scope,
//! `__constant` initialization and writes). AS-9 … AS-18 are in `rules_expressions.rs`.

mod common;
use common::*;

// ---------------------------------------------------------------------------------------
// AS-1: reserved names
// ---------------------------------------------------------------------------------------

#[test]
fn as01_reserved_names_are_rejected_everywhere() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global(
        "constant",
        int,
        Some(Glob),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 12),
    );
    let s = b.m.types.structs.append(StructDef {
        name: "S".into(),
        fields: vec![Field {
            name: "private".into(),
            ty: int,
            offset: 0,
        }],
        size: 4,
        align: 4,
        packed: false,
        is_union: false,
    });
    b.m.types.intern(Type::Struct(s));
    let mut f = b.func("__local", at(2, 5));
    f.param("generic", int, None, at(2, 17));
    f.var("__global", int, None, at(3, 9), None);
    f.finish();
    let msg = |n: &str| format!("'{n}' is an address space qualifier and cannot be used as a name");
    expect(
        b.m,
        &[
            err(1, 12, "AS-1", &msg("constant")),
            D {
                severity: "error",
                line: 0,
                col: 0,
                message: msg("private"),
                tag: Some("AS-1".into()),
            },
            err(2, 5, "AS-1", &msg("__local")),
            err(2, 17, "AS-1", &msg("generic")),
            err(3, 9, "AS-1", &msg("__global")),
        ],
    );
}

#[test]
fn as01_near_miss_names_containing_qualifiers() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global(
        "constants",
        int,
        Some(Glob),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 1),
    );
    let mut f = b.func("local_sum", at(2, 5));
    f.param("global_id", int, None, at(2, 20));
    f.var("__private_copy", int, None, at(3, 9), None);
    f.var("Generic", int, None, at(4, 9), None);
    f.finish();
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-2: defaults made explicit by normalize-address-spaces
// ---------------------------------------------------------------------------------------

/// `int g; struct T { int *f; }; int *h(int *p, int **pp) { static int s; int x; struct T t;
/// *p; x; g; t.f; }` with every space left unset, as a front end that applied no defaults
/// would produce it.
fn unqualified_module(lang: LangOptions) -> (Module, Handle<Function>, [Handle<Expr>; 5]) {
    let mut b = Mb::with_lang(lang);
    let int = b.int();
    let int_p = b.ptr(int, None);
    let int_pp = b.ptr(int_p, None);
    let s = b.m.types.structs.append(StructDef {
        name: "T".into(),
        fields: vec![Field {
            name: "f".into(),
            ty: int_p,
            offset: 0,
        }],
        size: 8,
        align: 8,
        packed: false,
        is_union: false,
    });
    let t = b.m.types.intern(Type::Struct(s));
    let g = b.global(
        "g",
        int,
        None,
        GlobalInit::Const(ConstValue::Int(0)),
        at(1, 5),
    );
    b.static_local("s", int, None, at(3, 16));
    let mut f = b.func("h", at(2, 6));
    f.result(int_p, None);
    let p = f.param("p", int_p, None, at(2, 13));
    f.param("pp", int_pp, None, at(2, 22));
    let x = f.var("x", int, None, at(4, 9), None);
    let tv = f.var("t", t, None, at(5, 14), None);
    let deref = f.deref_local(p, at(6, 5));
    let xe = f.local(x, at(7, 5));
    let ge = f.global(g, at(8, 5));
    let te = f.local(tv, at(9, 5));
    let member = f.member(te, 0, int_p, at(9, 6));
    let pv = f.local(p, at(10, 12));
    let pv = f.load(pv);
    f.ret(Some(pv), at(10, 5));
    let h = f.finish();
    (b.m, h, [deref, xe, ge, te, member])
}

fn place_space(m: &Module, f: Handle<Function>, e: Handle<Expr>) -> Space {
    match m.functions[f].exprs[e].category {
        Category::Place { space, .. } => space,
        Category::Value => panic!("not a place"),
    }
}

fn local_named<'m>(m: &'m Module, f: Handle<Function>, name: &str) -> &'m Local {
    m.functions[f]
        .locals
        .iter()
        .map(|(_, l)| l)
        .find(|l| l.name == name)
        .unwrap()
}

#[test]
fn as02_cl20_defaults_are_made_explicit() {
    let (mut m, h, [deref, x, g, t, member]) =
        unqualified_module(LangOptions::for_version(LangVersion::Cl20));
    normalize::run(&mut m);
    let ty = |m: &Module, h| m.types.display(h);
    // Parameters and locals are `__private`; their unqualified pointees are generic, at every level.
    let p = local_named(&m, h, "p");
    assert_eq!(
        (p.ty.space, ty(&m, p.ty.ty).as_str()),
        (Some(Private), "__generic int *")
    );
    let pp = local_named(&m, h, "pp");
    assert_eq!(
        (pp.ty.space, ty(&m, pp.ty.ty).as_str()),
        (Some(Private), "__generic __generic int * *")
    );
    assert_eq!(local_named(&m, h, "x").ty.space, Some(Private));
    // Program-scope and static variables are `__global`.
    for (_, gl) in m.globals.iter() {
        assert_eq!(gl.ty.space, Some(Glob), "{}", gl.name);
    }
    // The result keeps its own (absent) qualifier; its pointee is generic.
    let f = &m.functions[h];
    assert_eq!(
        (f.result.space, ty(&m, f.result.ty).as_str()),
        (None, "__generic int *")
    );
    // Struct members and expression types are rewritten too.
    let (_, def) = m.types.structs.iter().next().unwrap();
    assert_eq!(ty(&m, def.fields[0].ty), "__generic int *");
    assert_eq!(ty(&m, f.exprs[member].ty), "__generic int *");
    // Every place names the space of the object it designates.
    assert_eq!(place_space(&m, h, deref), Some(Generic));
    assert_eq!(place_space(&m, h, x), Some(Private));
    assert_eq!(place_space(&m, h, g), Some(Glob));
    assert_eq!(place_space(&m, h, t), Some(Private));
    assert_eq!(place_space(&m, h, member), Some(Private));
    // The normalized module passes every check.
    clean(m);
}

#[test]
fn as02_cl12_defaults_are_made_explicit() {
    let (mut m, h, [deref, x, g, _, _]) =
        unqualified_module(LangOptions::for_version(LangVersion::Cl12));
    let before = m.clone();
    normalize::run(&mut m);
    let p = local_named(&m, h, "p");
    assert_eq!(
        (p.ty.space, m.types.display(p.ty.ty).as_str()),
        (Some(Private), "__private int *")
    );
    let pp = local_named(&m, h, "pp");
    assert_eq!(m.types.display(pp.ty.ty), "__private __private int * *");
    assert_eq!(place_space(&m, h, deref), Some(Private));
    assert_eq!(place_space(&m, h, x), Some(Private));
    // CL1.x has no program-scope globals: the default is `__private`, which AS-6 rejects.
    assert_eq!(place_space(&m, h, g), Some(Private));
    for (_, gl) in m.globals.iter() {
        assert_eq!(gl.ty.space, Some(Private), "{}", gl.name);
    }
    expect(
        before,
        &[
            err(
                1,
                5,
                "AS-6",
                "program scope variable 'g' must reside in '__constant', not '__private'",
            ),
            err(
                3,
                16,
                "AS-6",
                "static variable 's' must reside in '__constant', not '__private'",
            ),
        ],
    );
}

#[test]
fn as02_cl30_without_the_generic_feature_defaults_to_private() {
    let lang = LangOptions {
        generic_address_space: false,
        program_scope_globals: true,
        ..LangOptions::for_version(LangVersion::Cl30)
    };
    let (mut m, h, [deref, ..]) = unqualified_module(lang);
    normalize::run(&mut m);
    assert_eq!(
        m.types.display(local_named(&m, h, "p").ty.ty),
        "__private int *"
    );
    assert_eq!(place_space(&m, h, deref), Some(Private));
    assert!(m.globals.iter().all(|(_, g)| g.ty.space == Some(Glob)));
}

#[test]
fn as02_written_spaces_are_kept_and_normalization_is_idempotent() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let lp = b.ptr(int, Some(Loc));
    let c = b.global(
        "c",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 16),
    );
    let mut f = b.kernel("k", at(2, 13));
    f.param("l", lp, None, at(2, 28));
    f.global(c, at(3, 5));
    let k = f.finish();
    let mut m = b.m;
    normalize::run(&mut m);
    assert_eq!(
        m.types.display(local_named(&m, k, "l").ty.ty),
        "__local int *"
    );
    assert_eq!(m.globals[c].ty.space, Some(Constant));
    let once = format!("{m:?}");
    normalize::run(&mut m);
    assert_eq!(
        format!("{m:?}"),
        once,
        "a second normalization changes nothing"
    );
}

#[test]
fn as02_generic_pointee_default_feeds_the_checks() {
    // `void f(int *p); kernel void k(global int *g) { f(g); }`: the implicit conversion
    // `__global int *` → `int *` is fine when `int *` means `__generic int *` (CL2.0) and an
    // error when it means `__private int *` (CL1.2).
    let build = |v| {
        let mut b = Mb::new(v);
        let int = b.int();
        let plain = b.ptr(int, None);
        let gp = b.ptr(int, Some(Glob));
        let void = b.void();
        let mut f = b.func("f", at(1, 6));
        f.param("p", plain, None, at(1, 13));
        let fh = f.finish();
        let mut k = b.kernel("k", at(2, 13));
        let g = k.param("g", gp, None, at(2, 27));
        let arg = k.convert_local(g, plain, false, at(2, 34));
        k.call(fh, vec![arg], void, at(2, 32));
        k.finish();
        b.m
    };
    clean(build(LangVersion::Cl20));
    expect(
        build(LangVersion::Cl12),
        &[err(
            2,
            34,
            "AS-11",
            "implicit conversion from a pointer to '__global' to a pointer to '__private' changes the address space",
        )],
    );
}

// ---------------------------------------------------------------------------------------
// AS-3: parameters live in `__private`
// ---------------------------------------------------------------------------------------

#[test]
fn as03_qualified_parameter_objects_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let mut f = b.func("f", at(1, 6));
    f.param("a", int, Some(Glob), at(1, 21));
    f.param("b", int, Some(Loc), at(2, 20));
    f.param("c", int, Some(Constant), at(3, 23));
    f.finish();
    let mut k = b.kernel("k", at(4, 13));
    k.param("d", int, Some(Generic), at(4, 29));
    k.finish();
    let m = |n: &str, s: &str| {
        format!("parameter '{n}' cannot be qualified with '{s}': function arguments live in '__private'")
    };
    expect(
        b.m,
        &[
            err(1, 21, "AS-3", &m("a", "__global")),
            err(2, 20, "AS-3", &m("b", "__local")),
            err(3, 23, "AS-3", &m("c", "__constant")),
            err(4, 29, "AS-3", &m("d", "__generic")),
        ],
    );
}

#[test]
fn as03_near_miss_qualified_pointees_and_explicit_private() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let gp = b.ptr(int, Some(Glob));
    let lp = b.ptr(int, Some(Loc));
    let cp = b.ptr(int, Some(Constant));
    let mut f = b.func("f", at(1, 6));
    f.param("a", gp, Some(Private), at(1, 1));
    f.param("b", lp, None, at(1, 2));
    f.param("c", cp, None, at(1, 3));
    f.param("d", int, Some(Private), at(1, 4));
    f.finish();
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-4: kernel pointer arguments point to global, local or constant
// ---------------------------------------------------------------------------------------

#[test]
fn as04_private_and_generic_kernel_pointees_are_rejected() {
    let build = |v| {
        let mut b = Mb::new(v);
        let int = b.int();
        let plain = b.ptr(int, None);
        let pp = b.ptr(int, Some(Private));
        let mut k = b.kernel("k", at(1, 13));
        k.param("p", plain, None, at(1, 20));
        k.param("q", pp, None, at(1, 34));
        k.finish();
        b.m
    };
    let m = |n: &str, s: &str| {
        format!("kernel pointer argument '{n}' must point to '__global', '__local' or '__constant', not '{s}'")
    };
    expect(
        build(LangVersion::Cl12),
        &[
            err(1, 20, "AS-4", &m("p", "__private")),
            err(1, 34, "AS-4", &m("q", "__private")),
        ],
    );
    expect(
        build(LangVersion::Cl20),
        &[
            err(1, 20, "AS-4", &m("p", "__generic")),
            err(1, 34, "AS-4", &m("q", "__private")),
        ],
    );
}

#[test]
fn as04_near_miss_named_kernel_pointees_and_private_pointee_in_helpers() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let gp = b.ptr(int, Some(Glob));
    let lp = b.ptr(int, Some(Loc));
    let cp = b.const_ptr(int, Some(Constant));
    let pp = b.ptr(int, Some(Private));
    let plain = b.ptr(int, None);
    let mut k = b.kernel("k", at(1, 13));
    k.param("g", gp, None, at(1, 1));
    k.param("l", lp, None, at(1, 2));
    k.param("c", cp, None, at(1, 3));
    k.param("n", int, None, at(1, 4));
    k.finish();
    let mut f = b.func("helper", at(2, 6));
    f.param("p", pp, None, at(2, 1));
    f.param("q", plain, None, at(2, 2));
    f.finish();
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-5: images are `__global` kernel arguments
// ---------------------------------------------------------------------------------------

#[test]
fn as05_images_outside_global_kernel_arguments_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let img = b.image();
    b.global(
        "gimg",
        img,
        Some(Glob),
        GlobalInit::Const(ConstValue::Zero),
        at(1, 11),
    );
    let mut k = b.kernel("k", at(2, 13));
    k.param("a", img, Some(Loc), at(2, 33));
    k.param("b", img, Some(Constant), at(3, 36));
    k.var("c", img, None, at(4, 15), None);
    k.finish();
    expect(
        b.m,
        &[
            err(
                1,
                11,
                "AS-5",
                "image objects can only be kernel arguments in '__global'",
            ),
            err(
                2,
                33,
                "AS-5",
                "image argument 'a' cannot be qualified with '__local'",
            ),
            err(
                3,
                36,
                "AS-5",
                "image argument 'b' cannot be qualified with '__constant'",
            ),
            err(
                4,
                15,
                "AS-5",
                "image object 'c' can only be a kernel argument",
            ),
        ],
    );
}

#[test]
fn as05_near_miss_image_arguments() {
    let mut b = Mb::new(LangVersion::Cl20);
    let img = b.image();
    let mut k = b.kernel("k", at(1, 13));
    k.param("a", img, None, at(1, 1)); // clang's spelling: `__private`, normalized the same
    k.param("b", img, Some(Glob), at(1, 2));
    let k = k.finish();
    let c = clean(b.m);
    let args = c.validated.unwrap().kernel_args.get(k).cloned().unwrap();
    assert_eq!(args, vec![ArgKind::Opaque, ArgKind::Opaque]);
}

// ---------------------------------------------------------------------------------------
// AS-6: program-scope and static variables
// ---------------------------------------------------------------------------------------

#[test]
fn as06_program_scope_spaces_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global("l", int, Some(Loc), GlobalInit::None, at(1, 13));
    b.global("p", int, Some(Private), GlobalInit::None, at(2, 15));
    b.global("q", int, Some(Generic), GlobalInit::None, at(3, 15));
    b.static_local("s", int, Some(Loc), at(5, 22));
    let mut f = b.func("f", at(4, 6));
    f.var("v", int, Some(Glob), at(6, 18), None);
    f.finish();
    let m = |w: &str, n: &str, s: &str| {
        format!("{w} '{n}' must reside in '__constant' or '__global', not '{s}'")
    };
    expect(
        b.m,
        &[
            err(1, 13, "AS-6", &m("program scope variable", "l", "__local")),
            err(
                2,
                15,
                "AS-6",
                &m("program scope variable", "p", "__private"),
            ),
            err(
                3,
                15,
                "AS-6",
                &m("program scope variable", "q", "__generic"),
            ),
            err(5, 22, "AS-6", &m("static variable", "s", "__local")),
            err(
                6,
                18,
                "AS-6",
                "function scope variable 'v' cannot be in '__global'",
            ),
        ],
    );
}

#[test]
fn as06_cl12_allows_only_constant() {
    let mut b = Mb::new(LangVersion::Cl12);
    let int = b.int();
    b.global(
        "g",
        int,
        Some(Glob),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 14),
    );
    b.static_local("s", int, Some(Glob), at(2, 20));
    expect(
        b.m,
        &[
            err(
                1,
                14,
                "AS-6",
                "program scope variable 'g' must reside in '__constant', not '__global'",
            ),
            err(
                2,
                20,
                "AS-6",
                "static variable 's' must reside in '__constant', not '__global'",
            ),
        ],
    );
}

#[test]
fn as06_near_miss_global_and_constant() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global("g", int, Some(Glob), GlobalInit::None, at(1, 1));
    b.global(
        "h",
        int,
        None,
        GlobalInit::Const(ConstValue::Int(3)),
        at(2, 1),
    );
    b.global(
        "c",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(3)),
        at(3, 1),
    );
    b.static_local("s", int, None, at(4, 1));
    b.static_local("t", int, Some(Glob), at(5, 1));
    clean(b.m);
    let mut b = Mb::new(LangVersion::Cl12);
    let int = b.int();
    b.global(
        "c",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(3)),
        at(1, 1),
    );
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-7: `__constant` variables are initialized with constants
// ---------------------------------------------------------------------------------------

#[test]
fn as07_constant_needs_a_constant_initializer() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global("a", int, Some(Constant), GlobalInit::None, at(1, 16));
    b.global(
        "b",
        int,
        Some(Constant),
        GlobalInit::NotConstant(at(2, 20)),
        at(2, 16),
    );
    let mut k = b.kernel("k", at(3, 13));
    // A function-scope `__constant` variable is hoisted to program scope by the front end;
    // left in the function it is an error.
    k.var("c", int, Some(Constant), at(4, 20), Some(Init::Zero));
    k.finish();
    expect(
        b.m,
        &[
            err(
                1,
                16,
                "AS-7",
                "variable 'a' in '__constant' must be initialized",
            ),
            err(
                2,
                20,
                "AS-7",
                "initializer of '__constant' variable 'b' is not a compile-time constant",
            ),
            err(
                4,
                20,
                "AS-7",
                "function scope variable 'c' cannot be in '__constant'",
            ),
        ],
    );
}

#[test]
fn as07_near_miss_initialized_constant_and_uninitialized_global() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let arr = b.array(int, 2);
    b.global(
        "a",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(7)),
        at(1, 1),
    );
    let table = ConstValue::Composite(vec![ConstValue::Int(1), ConstValue::Int(2)]);
    b.global("t", arr, Some(Constant), GlobalInit::Const(table), at(2, 1));
    b.global(
        "z",
        arr,
        Some(Constant),
        GlobalInit::Const(ConstValue::Zero),
        at(3, 1),
    );
    b.global("g", int, Some(Glob), GlobalInit::None, at(4, 1)); // only `__constant` must be initialized
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-8: no writes to `__constant`
// ---------------------------------------------------------------------------------------

#[test]
fn as08_writes_to_constant_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let cp = b.ptr(int, Some(Constant));
    let c = b.global(
        "c",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 16),
    );
    let mut k = b.kernel("k", at(2, 13));
    let p = k.param("p", cp, None, at(2, 30));
    let ce = k.global(c, at(3, 5));
    let one = k.int(1, at(3, 9));
    k.assign(ce, one, at(3, 7));
    let d = k.deref_local(p, at(4, 5));
    let two = k.int(2, at(4, 11));
    k.add_assign(d, two, at(4, 8));
    let pe = k.local(p, at(5, 5));
    let pv = k.load(pe);
    let i = k.int(1, at(5, 7));
    let idx = k.e(
        ExprKind::Index { base: pv, index: i },
        int,
        Category::Place {
            space: Some(Constant),
            is_const: false,
            is_volatile: false,
        },
        at(5, 5),
    );
    k.increment(idx, at(5, 9));
    k.finish();
    let m = "cannot write to an object in '__constant' address space";
    expect(
        b.m,
        &[
            err(3, 7, "AS-8", m),
            err(4, 8, "AS-8", m),
            err(5, 9, "AS-8", m),
        ],
    );
}

#[test]
fn as08_constant_member_of_an_unqualified_place_is_still_constant() {
    // `__constant struct S cs; cs.x = 1;` where the front end left the member place's
    // space unset: normalization derives it from the base object.
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let s = b.m.types.structs.append(StructDef {
        name: "S".into(),
        fields: vec![Field {
            name: "x".into(),
            ty: int,
            offset: 0,
        }],
        size: 4,
        align: 4,
        packed: false,
        is_union: false,
    });
    let st = b.m.types.intern(Type::Struct(s));
    let cs = b.global(
        "cs",
        st,
        Some(Constant),
        GlobalInit::Const(ConstValue::Zero),
        at(1, 20),
    );
    let mut k = b.kernel("k", at(2, 13));
    let base = k.global(cs, at(3, 5));
    let member = k.e(
        ExprKind::Member { base, field: 0 },
        int,
        Category::Place {
            space: None,
            is_const: false,
            is_volatile: false,
        },
        at(3, 8),
    );
    let one = k.int(1, at(3, 12));
    k.assign(member, one, at(3, 10));
    k.finish();
    expect(
        b.m,
        &[err(
            3,
            10,
            "AS-8",
            "cannot write to an object in '__constant' address space",
        )],
    );
}

#[test]
fn as08_near_miss_reading_constant_and_moving_the_pointer() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let cp = b.ptr(int, Some(Constant));
    let gp = b.ptr(int, Some(Glob));
    let c = b.global(
        "c",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 16),
    );
    let mut k = b.kernel("k", at(2, 13));
    let p = k.param("p", cp, None, at(2, 1));
    let out = k.param("out", gp, None, at(2, 2));
    let ce = k.global(c, at(3, 12));
    let cv = k.load(ce);
    let o = k.deref_local(out, at(3, 5));
    k.assign(o, cv, at(3, 10));
    // `p++`: the pointer itself is a `__private` object.
    let pe = k.local(p, at(4, 5));
    k.increment(pe, at(4, 6));
    k.finish();
    clean(b.m);
}
