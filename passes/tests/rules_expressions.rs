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
//! This file: AS-9 … AS-18 (locals, return types, conversions, casts, string literals,
//! layouts, limits, read-only buffers). AS-1 … AS-8 are in `rules_declarations.rs`; AS-14
//! (one qualifier per type) holds by construction, so clang reports it (see the corpus).

mod common;
use common::*;

// ---------------------------------------------------------------------------------------
// AS-9: `__local` variables
// ---------------------------------------------------------------------------------------

#[test]
fn as09_local_variables_outside_kernel_scope_or_initialized_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let mut f = b.func("f", at(1, 6));
    f.var("a", int, Some(Loc), at(2, 17), None);
    f.finish();
    let mut k = b.kernel("k", at(3, 13));
    k.open();
    k.var("b", int, Some(Loc), at(4, 21), None);
    k.close(at(4, 5));
    k.var("c", int, Some(Loc), at(5, 17), Some(Init::Zero));
    k.finish();
    expect(
        b.m,
        &[
            err(
                2,
                17,
                "AS-9",
                "'__local' variable 'a' can only be declared in a kernel function",
            ),
            err(
                4,
                21,
                "AS-9",
                "'__local' variable 'b' must be declared at kernel function scope",
            ),
            err(
                5,
                17,
                "AS-9",
                "'__local' variable 'c' cannot have an initializer",
            ),
        ],
    );
}

#[test]
fn as09_near_miss_kernel_scope_local_and_local_pointer_arguments() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let lp = b.ptr(int, Some(Loc));
    let arr = b.array(int, 16);
    let mut f = b.func("f", at(1, 6));
    f.param("p", lp, None, at(1, 1));
    f.open();
    f.var("q", lp, None, at(2, 1), None); // a private pointer to local memory, nested
    f.close(at(2, 1));
    f.finish();
    let mut k = b.kernel("k", at(3, 13));
    k.param("scratch", lp, None, at(3, 1));
    k.var("tile", arr, Some(Loc), at(4, 1), None);
    k.finish();
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-10: return types carry no address space
// ---------------------------------------------------------------------------------------

#[test]
fn as10_qualified_return_types_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let lp = b.ptr(int, Some(Loc));
    let mut f = b.func("f", at(1, 15));
    f.result(int, Some(Private));
    f.finish();
    let mut g = b.func("g", at(2, 25));
    g.result(lp, Some(Private));
    g.finish();
    let mut h = b.func("h", at(3, 14));
    h.result(int, Some(Glob));
    h.finish();
    expect(
        b.m,
        &[
            err(
                1,
                15,
                "AS-10",
                "return type of 'f' cannot be qualified with '__private'",
            ),
            err(
                2,
                25,
                "AS-10",
                "return type of 'g' cannot be qualified with '__private'",
            ),
            err(
                3,
                14,
                "AS-10",
                "return type of 'h' cannot be qualified with '__global'",
            ),
        ],
    );
}

#[test]
fn as10_near_miss_qualified_pointee_of_the_result() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let lp = b.ptr(int, Some(Loc));
    let plain = b.ptr(int, None);
    let mut f = b.func("f", at(1, 14));
    f.result(lp, None);
    let p = f.param("p", lp, None, at(1, 30));
    let pe = f.local(p, at(1, 45));
    let pv = f.load(pe);
    f.ret(Some(pv), at(1, 38));
    f.finish();
    let mut g = b.func("g", at(2, 6));
    g.result(plain, None);
    g.finish();
    clean(b.m);
}

// ---------------------------------------------------------------------------------------
// AS-11: implicit pointer conversions
// ---------------------------------------------------------------------------------------

/// A kernel with one pointer parameter per named space, in which `body` converts them.
fn conversions(
    v: LangVersion,
    body: impl FnOnce(&mut Fb<'_>, [Handle<Local>; 4], [Handle<Type>; 5]),
) -> Module {
    let mut b = Mb::new(v);
    let int = b.int();
    let targets = [
        b.ptr(int, Some(Glob)),
        b.ptr(int, Some(Loc)),
        b.ptr(int, Some(Constant)),
        b.ptr(int, Some(Private)),
        b.ptr(int, Some(Generic)),
    ];
    let mut k = b.kernel("k", at(1, 13));
    let g = k.param("g", targets[0], None, at(1, 20));
    let l = k.param("l", targets[1], None, at(1, 40));
    let c = k.param("c", targets[2], None, at(1, 60));
    let x = k.var("x", int, None, at(2, 9), None);
    // `__private int *p = &x;`
    let xe = k.local(x, at(3, 24));
    let addr = k.value(ExprKind::AddrOf(xe), targets[3], at(3, 23));
    let p = k.var("p", targets[3], None, at(3, 20), Some(Init::Expr(addr)));
    body(&mut k, [g, l, c, p], targets);
    k.finish();
    b.m
}

#[test]
fn as11_implicit_conversions_between_spaces_are_rejected() {
    let m = conversions(
        LangVersion::Cl20,
        |k, [g, l, c, p], [gt, lt, _ct, pt, gen]| {
            k.convert_local(c, gen, false, at(10, 5));
            k.convert_local(l, gt, false, at(11, 5));
            k.convert_local(g, pt, false, at(12, 5));
            k.convert_local(p, lt, false, at(13, 5));
        },
    );
    let m_ = |a: &str, b: &str| {
        format!("implicit conversion from a pointer to '{a}' to a pointer to '{b}' changes the address space")
    };
    expect(
        m,
        &[
            err(
                10,
                5,
                "AS-11",
                "a pointer to '__constant' cannot be converted to a generic pointer",
            ),
            err(11, 5, "AS-11", &m_("__local", "__global")),
            err(12, 5, "AS-11", &m_("__global", "__private")),
            err(13, 5, "AS-11", &m_("__private", "__local")),
        ],
    );
}

#[test]
fn as11_constant_never_converts_to_generic_even_explicitly() {
    let m = conversions(LangVersion::Cl20, |k, [_, _, c, _], [.., gen]| {
        k.convert_local(c, gen, true, at(10, 5));
    });
    expect(
        m,
        &[err(
            10,
            5,
            "AS-11",
            "a pointer to '__constant' cannot be converted to a generic pointer",
        )],
    );
}

#[test]
fn as11_near_miss_named_to_generic_and_same_space() {
    let m = conversions(LangVersion::Cl20, |k, [g, l, c, p], [gt, _, ct, _, gen]| {
        k.convert_local(g, gen, false, at(10, 5));
        k.convert_local(l, gen, false, at(11, 5));
        k.convert_local(p, gen, false, at(12, 5));
        k.convert_local(g, gt, false, at(13, 5)); // same space (a no-op conversion)
        k.convert_local(c, ct, false, at(14, 5));
    });
    clean(m);
}

// ---------------------------------------------------------------------------------------
// AS-12: casts
// ---------------------------------------------------------------------------------------

#[test]
fn as12_casts_between_named_spaces_and_implicit_generic_to_named_are_rejected() {
    let m = conversions(
        LangVersion::Cl20,
        |k, [g, l, c, p], [gt, lt, ct, pt, gen]| {
            k.convert_local(l, gt, true, at(10, 5));
            k.convert_local(c, gt, true, at(11, 5));
            k.convert_local(g, ct, true, at(12, 5));
            k.convert_local(p, lt, true, at(13, 5));
            let q = k.var("q", gen, None, at(14, 9), None);
            k.convert_local(q, gt, false, at(15, 5));
            k.convert_local(q, lt, false, at(16, 5));
            k.convert_local(q, pt, false, at(17, 5));
        },
    );
    let cast = |a: &str, b: &str| {
        format!("cast from a pointer to '{a}' to a pointer to '{b}' changes the address space")
    };
    let generic = |s: &str, f: &str| {
        format!(
            "converting a generic pointer to a pointer to '{s}' needs an explicit cast or {f}()"
        )
    };
    expect(
        m,
        &[
            err(10, 5, "AS-12", &cast("__local", "__global")),
            err(11, 5, "AS-12", &cast("__constant", "__global")),
            err(12, 5, "AS-12", &cast("__global", "__constant")),
            err(13, 5, "AS-12", &cast("__private", "__local")),
            err(15, 5, "AS-12", &generic("__global", "to_global")),
            err(16, 5, "AS-12", &generic("__local", "to_local")),
            err(17, 5, "AS-12", &generic("__private", "to_private")),
        ],
    );
}

#[test]
fn as12_generic_never_converts_to_constant() {
    // Clang: "casting '__generic int *' to type '__constant int *' changes address space of
    // pointer". The generic space does not contain `__constant`.
    let m = conversions(LangVersion::Cl20, |k, _, [_, _, ct, _, gen]| {
        let q = k.var("q", gen, None, at(14, 9), None);
        k.convert_local(q, ct, true, at(15, 5));
        k.convert_local(q, ct, false, at(16, 5));
    });
    let msg = "a generic pointer cannot be converted to a pointer to '__constant'";
    expect(m, &[err(15, 5, "AS-11", msg), err(16, 5, "AS-11", msg)]);
}

#[test]
fn as12_near_miss_explicit_generic_to_named() {
    let m = conversions(LangVersion::Cl20, |k, _, [gt, lt, _, pt, gen]| {
        let q = k.var("q", gen, None, at(14, 9), None);
        k.convert_local(q, gt, true, at(15, 5));
        k.convert_local(q, lt, true, at(16, 5));
        k.convert_local(q, pt, true, at(17, 5));
    });
    clean(m);
}

// ---------------------------------------------------------------------------------------
// AS-13: string literals are `__constant`
// ---------------------------------------------------------------------------------------

#[test]
fn as13_string_literals_outside_constant_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    b.string_literal("abc", Some(Private), at(1, 20));
    b.string_literal("def", Some(Glob), at(2, 20));
    expect(
        b.m,
        &[
            err(
                1,
                20,
                "AS-13",
                "string literals must be stored in '__constant'",
            ),
            err(
                2,
                20,
                "AS-13",
                "string literals must be stored in '__constant'",
            ),
        ],
    );
}

#[test]
fn as13_string_literals_obey_as8_and_as11() {
    // `"abc"[0] = 'x';` and `char *s = "abc";` (CL2.0: `__generic char *`).
    let mut b = Mb::new(LangVersion::Cl20);
    let s = b.string_literal("abc", Some(Constant), at(2, 15));
    let c8 = b.char8();
    let cp = b.ptr(c8, Some(Constant));
    let gen = b.ptr(c8, Some(Generic));
    let mut k = b.kernel("k", at(1, 13));
    let lit = k.global(s, at(2, 5));
    let decayed = k.value(
        ExprKind::Cast {
            kind: CastKind::ArrayToPointer,
            operand: lit,
            explicit: false,
        },
        cp,
        at(2, 5),
    );
    let zero = k.int(0, at(2, 11));
    let elem = k.e(
        ExprKind::Index {
            base: decayed,
            index: zero,
        },
        c8,
        Category::Place {
            space: None,
            is_const: true,
            is_volatile: false,
        },
        at(2, 5),
    );
    let x = k.int(120, at(2, 17));
    k.assign(elem, x, at(2, 15));
    let lit2 = k.global(s, at(3, 15));
    let decayed2 = k.value(
        ExprKind::Cast {
            kind: CastKind::ArrayToPointer,
            operand: lit2,
            explicit: false,
        },
        cp,
        at(3, 15),
    );
    let conv = k.cast(decayed2, gen, CastKind::AddressSpace, false, at(3, 15));
    k.var("str", gen, None, at(3, 11), Some(Init::Expr(conv)));
    k.finish();
    expect(
        b.m,
        &[
            err(
                2,
                15,
                "AS-8",
                "cannot write to an object in '__constant' address space",
            ),
            err(
                3,
                15,
                "AS-11",
                "a pointer to '__constant' cannot be converted to a generic pointer",
            ),
        ],
    );
}

#[test]
fn as13_near_miss_string_read_through_constant_pointer() {
    let mut b = Mb::new(LangVersion::Cl20);
    let s = b.string_literal("abc", Some(Constant), at(2, 27));
    let c8 = b.char8();
    let cp = b.ptr(c8, Some(Constant));
    let mut k = b.kernel("k", at(1, 13));
    let lit = k.global(s, at(2, 27));
    let decayed = k.value(
        ExprKind::Cast {
            kind: CastKind::ArrayToPointer,
            operand: lit,
            explicit: false,
        },
        cp,
        at(2, 27),
    );
    k.var("str", cp, None, at(2, 22), Some(Init::Expr(decayed)));
    k.finish();
    let c = clean(b.m);
    // String literals do not count against CL_DEVICE_MAX_CONSTANT_ARGS (AS-16).
    let c = expect_with(
        c.module,
        Limits {
            max_constant_args: 0,
            ..Limits::default()
        },
        &[],
    );
    assert!(c.validated.is_some());
}

// ---------------------------------------------------------------------------------------
// AS-15: pointer sizes come from the target layout, per space
// ---------------------------------------------------------------------------------------

/// A layout where no two neighbouring spaces agree: private 4, global 8, constant 4,
/// local 2, generic 8 (indexed private, global, constant, local, generic).
const MIXED: DataLayout = DataLayout {
    pointer_sizes: [4, 8, 4, 2, 8],
};

#[test]
fn as15_pointer_sizes_per_space_come_from_the_layout() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let sizes: Vec<(AddressSpace, u64)> = [Private, Glob, Constant, Loc, Generic]
        .into_iter()
        .map(|s| {
            let p = b.ptr(int, Some(s));
            (s, b.m.types.size_of(p, &MIXED))
        })
        .collect();
    assert_eq!(
        sizes,
        vec![
            (Private, 4),
            (Glob, 8),
            (Constant, 4),
            (Loc, 2),
            (Generic, 8)
        ]
    );
    for s in [Private, Glob, Constant, Loc, Generic] {
        assert_eq!(
            MIXED.pointer_size(s),
            sizes.iter().find(|x| x.0 == s).unwrap().1
        );
        let p = b.ptr(int, Some(s));
        assert_eq!(b.m.types.align_of(p, &MIXED), MIXED.pointer_size(s));
        assert_eq!(b.m.types.size_of(p, &DataLayout::SPIR64), 8);
    }
    // Aggregates of pointers, pointers to pointers and unnormalized pointers (generic).
    let lp = b.ptr(int, Some(Loc));
    let arr = b.array(lp, 3);
    assert_eq!(b.m.types.size_of(arr, &MIXED), 6);
    let gp_to_lp = b.ptr(lp, Some(Glob));
    assert_eq!(
        b.m.types.size_of(gp_to_lp, &MIXED),
        8,
        "the pointer's own pointee space decides, not the inner one"
    );
    let unset = b.ptr(int, None);
    assert_eq!(b.m.types.size_of(unset, &MIXED), 8);
    // Images and other opaque objects are handles into global memory.
    let img = b.image();
    assert_eq!(b.m.types.size_of(img, &MIXED), 8);
}

#[test]
fn as15_local_memory_totals_use_the_layout() {
    // `__local __global int *ptrs[16];` is 64 bytes with 4-byte global pointers and
    // 128 bytes with 8-byte ones: AS-18 must use the module's layout, not assume 8.
    let build = |layout: DataLayout| {
        let mut b = Mb::with_lang(LangOptions {
            layout,
            ..LangOptions::for_version(LangVersion::Cl20)
        });
        let int = b.int();
        let gp = b.ptr(int, Some(Glob));
        let arr = b.array(gp, 16);
        let mut k = b.kernel("k", at(1, 13));
        k.var("ptrs", arr, Some(Loc), at(2, 27), None);
        k.finish();
        b.m
    };
    let limits = Limits {
        max_local_bytes: 100,
        ..Limits::default()
    };
    let narrow = DataLayout {
        pointer_sizes: [4, 4, 4, 4, 4],
    };
    expect_with(build(narrow), limits, &[]);
    expect_with(
        build(DataLayout::SPIR64),
        limits,
        &[warn(1, 13, "-Wlocal-memory-limit", "kernel 'k' declares 128 bytes of '__local' memory, more than the 100 bytes a device must support")],
    );
}

// ---------------------------------------------------------------------------------------
// AS-16: `__constant` arguments and variables against CL_DEVICE_MAX_CONSTANT_ARGS
// ---------------------------------------------------------------------------------------

/// `kernel k(__constant int *a, …)` with `params` constant pointers, using `used` of
/// `globals` program-scope `__constant` arrays (the first through a helper function).
fn constant_kernel(params: usize, globals: usize, used: usize) -> Module {
    let mut b = Mb::new(LangVersion::Cl12);
    let int = b.int();
    let arr = b.array(int, 4);
    let cp = b.ptr(int, Some(Constant));
    let gs: Vec<_> = (0..globals)
        .map(|i| {
            b.global(
                &format!("t{i}"),
                arr,
                Some(Constant),
                GlobalInit::Const(ConstValue::Zero),
                at(1 + i as u32, 16),
            )
        })
        .collect();
    let mut helper = b.func("helper", at(20, 5));
    if used > 0 {
        helper.global(gs[0], at(20, 30));
    }
    let helper = helper.finish();
    let mut k = b.kernel("k", at(21, 13));
    for i in 0..params {
        k.param(&format!("a{i}"), cp, None, at(21, 20 + 20 * i as u32));
    }
    for g in gs.iter().take(used).skip(1) {
        k.global(*g, at(22, 5));
    }
    let void = k.m.types.intern(Type::Void);
    k.call(helper, vec![], void, at(23, 5));
    k.finish();
    b.m
}

#[test]
fn as16_too_many_constant_arguments_and_variables_warn() {
    let limits = Limits {
        max_constant_args: 2,
        ..Limits::default()
    };
    let msg = |n: u32, max: u32| {
        format!("kernel 'k' uses {n} '__constant' arguments and variables, more than the {max} a device must support (CL_DEVICE_MAX_CONSTANT_ARGS)")
    };
    expect_with(
        constant_kernel(3, 0, 0),
        limits,
        &[warn(21, 13, "-Wconstant-args-limit", &msg(3, 2))],
    );
    // Program-scope variables count, also when used through a called function.
    expect_with(
        constant_kernel(2, 1, 1),
        limits,
        &[warn(21, 13, "-Wconstant-args-limit", &msg(3, 2))],
    );
    expect_with(
        constant_kernel(0, 4, 3),
        limits,
        &[warn(21, 13, "-Wconstant-args-limit", &msg(3, 2))],
    );
    // The default limit is the full-profile minimum, 8.
    expect(
        constant_kernel(9, 0, 0),
        &[warn(21, 13, "-Wconstant-args-limit", &msg(9, 8))],
    );
    expect(
        constant_kernel(5, 6, 4),
        &[warn(21, 13, "-Wconstant-args-limit", &msg(9, 8))],
    );
}

#[test]
fn as16_near_miss_at_the_limit_and_unused_variables() {
    let limits = Limits {
        max_constant_args: 2,
        ..Limits::default()
    };
    expect_with(constant_kernel(2, 0, 0), limits, &[]);
    expect_with(constant_kernel(1, 5, 1), limits, &[]); // four variables are never used
    expect(constant_kernel(8, 0, 0), &[]);
    expect(constant_kernel(4, 8, 4), &[]);
}

// ---------------------------------------------------------------------------------------
// AS-17: `const __global T *` is a read-only buffer
// ---------------------------------------------------------------------------------------

#[test]
fn as17_writes_through_const_global_are_rejected() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let cgp = b.const_ptr(int, Some(Glob));
    let mut k = b.kernel("k", at(1, 13));
    let p = k.param("in", cgp, None, at(1, 35));
    let d = k.deref_local(p, at(2, 5));
    let one = k.int(1, at(2, 11));
    k.assign(d, one, at(2, 9));
    let d = k.deref_local(p, at(3, 5));
    let one = k.int(1, at(3, 12));
    k.add_assign(d, one, at(3, 9));
    let d = k.deref_local(p, at(4, 5));
    k.increment(d, at(4, 8));
    k.finish();
    let m = "cannot write through a pointer to 'const __global': the buffer is read-only";
    expect(
        b.m,
        &[
            err(2, 9, "AS-17", m),
            err(3, 9, "AS-17", m),
            err(4, 8, "AS-17", m),
        ],
    );
}

#[test]
fn as17_near_miss_reading_const_global_and_its_decoration() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    let cgp = b.const_ptr(int, Some(Glob));
    let gp = b.ptr(int, Some(Glob));
    let cp = b.ptr(int, Some(Constant));
    let lp = b.ptr(int, Some(Loc));
    let mut k = b.kernel("k", at(1, 13));
    let input = k.param("in", cgp, None, at(1, 1));
    let out = k.param("out", gp, None, at(1, 2));
    k.param("c", cp, None, at(1, 3));
    k.param("l", lp, None, at(1, 4));
    k.param("n", int, None, at(1, 5));
    let r = k.deref_local(input, at(2, 12));
    let v = k.load(r);
    let w = k.deref_local(out, at(2, 5));
    k.assign(w, v, at(2, 10));
    let pe = k.local(input, at(3, 5));
    k.increment(pe, at(3, 7)); // moving the pointer is not writing the buffer
    let kh = k.finish();
    let c = clean(b.m);
    let args = c.validated.unwrap().kernel_args.get(kh).cloned().unwrap();
    assert_eq!(
        args,
        vec![
            ArgKind::Buffer {
                space: Glob,
                read_only: true
            },
            ArgKind::Buffer {
                space: Glob,
                read_only: false
            },
            ArgKind::Buffer {
                space: Constant,
                read_only: true
            },
            ArgKind::Local,
            ArgKind::Value,
        ]
    );
}

// ---------------------------------------------------------------------------------------
// AS-18: `__local` memory against CL_DEVICE_LOCAL_MEM_SIZE
// ---------------------------------------------------------------------------------------

fn local_kernel(ints: &[u64]) -> Module {
    let mut b = Mb::new(LangVersion::Cl12);
    let int = b.int();
    let lp = b.ptr(int, Some(Loc));
    let mut k = b.kernel("k", at(1, 13));
    k.param("host_sized", lp, None, at(1, 30)); // sized by the host: not counted
    for (i, n) in ints.iter().enumerate() {
        let arr = b_array(&mut k, int, *n);
        k.var(&format!("a{i}"), arr, Some(Loc), at(2 + i as u32, 17), None);
    }
    k.var("private_one", int, None, at(9, 9), None); // not `__local`: not counted
    k.finish();
    b.m
}

fn b_array(k: &mut Fb<'_>, elem: Handle<Type>, len: u64) -> Handle<Type> {
    k.m.types.intern(Type::Array { elem, len })
}

#[test]
fn as18_too_much_local_memory_warns() {
    let limits = Limits {
        max_local_bytes: 1024,
        ..Limits::default()
    };
    let msg = |n: u64, max: u64| {
        format!("kernel 'k' declares {n} bytes of '__local' memory, more than the {max} bytes a device must support")
    };
    expect_with(
        local_kernel(&[200, 57]),
        limits,
        &[warn(1, 13, "-Wlocal-memory-limit", &msg(1028, 1024))],
    );
    expect(
        local_kernel(&[8193]),
        &[warn(1, 13, "-Wlocal-memory-limit", &msg(32772, 32768))],
    );
}

#[test]
fn as18_near_miss_at_the_limit() {
    let limits = Limits {
        max_local_bytes: 1024,
        ..Limits::default()
    };
    expect_with(local_kernel(&[200, 56]), limits, &[]);
    expect(local_kernel(&[4096, 4096]), &[]);
}

// ---------------------------------------------------------------------------------------
// The comparison helpers themselves can fail.
// ---------------------------------------------------------------------------------------

#[test]
#[should_panic(expected = "diagnostics differ")]
fn helpers_reject_a_wrong_expectation() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global("a", int, Some(Constant), GlobalInit::None, at(1, 16));
    // Right message and rule, wrong column.
    expect(
        b.m,
        &[err(
            1,
            15,
            "AS-7",
            "variable 'a' in '__constant' must be initialized",
        )],
    );
}

#[test]
#[should_panic(expected = "diagnostics differ")]
fn helpers_reject_a_missing_diagnostic() {
    let mut b = Mb::new(LangVersion::Cl20);
    let int = b.int();
    b.global(
        "a",
        int,
        Some(Constant),
        GlobalInit::Const(ConstValue::Int(1)),
        at(1, 16),
    );
    expect(
        b.m,
        &[err(
            1,
            16,
            "AS-7",
            "variable 'a' in '__constant' must be initialized",
        )],
    );
}

#[test]
fn every_rule_message_is_tagged() {
    let mut b = Mb::new(LangVersion::Cl12);
    let int = b.int();
    b.global("local", int, Some(Loc), GlobalInit::None, at(1, 1));
    let c = run(b.m);
    assert!(!c.diags.is_empty());
    assert!(
        c.diags
            .iter()
            .all(|d| d.tag.as_deref().is_some_and(|t| t.starts_with("AS-"))),
        "{:?}",
        c.diags
    );
}
