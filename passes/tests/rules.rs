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

use clc_passes::address_space::{normalize, ArgKind, Limits};
use clc_passes::ast::{
    AddressSpace, BinaryOp, Block, CastKind, Category, ConstValue, DataLayout, Expr, ExprKind,
    Field, Function, Global, GlobalInit, Handle, ImageAccess, ImageDim, ImageType, Init,
    KernelAttrs, LangOptions, LangVersion, Local, Module, QualType, Scalar, Space, Stmt, StmtKind,
    StructDef, Type,
};
use clc_passes::diag::{FileId, Severity, Span};
use clc_passes::pipeline::{self, Outcome, PipelineOptions, Validated};

use AddressSpace::{Constant, Generic, Global as Glob, Local as Loc, Private};

// ---------------------------------------------------------------------------------------
// Builder
// ---------------------------------------------------------------------------------------

fn at(line: u32, col: u32) -> Span {
    Span {
        file: FileId(0),
        line,
        col,
    }
}

/// Builds a module by hand, the way the front end would (spaces may be left unset).
struct Mb {
    m: Module,
}

impl Mb {
    fn new(v: LangVersion) -> Self {
        Mb {
            m: Module::new(LangOptions::for_version(v)),
        }
    }
    fn with_lang(lang: LangOptions) -> Self {
        Mb {
            m: Module::new(lang),
        }
    }
    fn int(&mut self) -> Handle<Type> {
        self.m.types.scalar(Scalar::Int {
            width: 32,
            signed: true,
        })
    }
    fn char8(&mut self) -> Handle<Type> {
        self.m.types.scalar(Scalar::Int {
            width: 8,
            signed: true,
        })
    }
    fn void(&mut self) -> Handle<Type> {
        self.m.types.intern(Type::Void)
    }
    fn ptr(&mut self, pointee: Handle<Type>, space: Space) -> Handle<Type> {
        self.m.types.intern(Type::Pointer {
            pointee,
            space,
            is_const: false,
            is_volatile: false,
        })
    }
    fn const_ptr(&mut self, pointee: Handle<Type>, space: Space) -> Handle<Type> {
        self.m.types.intern(Type::Pointer {
            pointee,
            space,
            is_const: true,
            is_volatile: false,
        })
    }
    fn array(&mut self, elem: Handle<Type>, len: u64) -> Handle<Type> {
        self.m.types.intern(Type::Array { elem, len })
    }
    fn image(&mut self) -> Handle<Type> {
        self.m.types.intern(Type::Image(ImageType {
            dim: ImageDim::D2,
            access: ImageAccess::ReadOnly,
            depth: false,
        }))
    }
    fn global(
        &mut self,
        name: &str,
        ty: Handle<Type>,
        space: Space,
        init: GlobalInit,
        span: Span,
    ) -> Handle<Global> {
        self.m.globals.append(Global {
            name: name.into(),
            ty: QualType {
                ty,
                space,
                is_const: space == Some(Constant),
            },
            init,
            span,
            is_static_local: false,
            is_string_literal: false,
        })
    }
    fn static_local(
        &mut self,
        name: &str,
        ty: Handle<Type>,
        space: Space,
        span: Span,
    ) -> Handle<Global> {
        self.m.globals.append(Global {
            name: name.into(),
            ty: QualType {
                ty,
                space,
                is_const: false,
            },
            init: GlobalInit::Const(ConstValue::Zero),
            span,
            is_static_local: true,
            is_string_literal: false,
        })
    }
    /// A string literal as the front end makes it: an anonymous `char[N]` variable.
    fn string_literal(&mut self, text: &str, space: Space, span: Span) -> Handle<Global> {
        let c = self.char8();
        let ty = self.array(c, text.len() as u64 + 1);
        let mut bytes: Vec<ConstValue> = text
            .bytes()
            .map(|b| ConstValue::Int(u64::from(b)))
            .collect();
        bytes.push(ConstValue::Int(0));
        self.m.globals.append(Global {
            name: format!(".str.{}", self.m.globals.len()),
            ty: QualType {
                ty,
                space,
                is_const: true,
            },
            init: GlobalInit::Const(ConstValue::Composite(bytes)),
            span,
            is_static_local: false,
            is_string_literal: true,
        })
    }
    fn func(&mut self, name: &str, span: Span) -> Fb<'_> {
        Fb::new(&mut self.m, name, span, None)
    }
    fn kernel(&mut self, name: &str, span: Span) -> Fb<'_> {
        Fb::new(&mut self.m, name, span, Some(KernelAttrs::default()))
    }
}

/// Builds one function; blocks nest with [`Fb::open`]/[`Fb::close`].
struct Fb<'a> {
    m: &'a mut Module,
    f: Function,
    blocks: Vec<Block>,
}

impl<'a> Fb<'a> {
    fn new(m: &'a mut Module, name: &str, span: Span, kernel: Option<KernelAttrs>) -> Self {
        let void = m.types.intern(Type::Void);
        let f = Function {
            name: name.into(),
            result: QualType {
                ty: void,
                space: None,
                is_const: false,
            },
            params: Vec::new(),
            locals: Default::default(),
            exprs: Default::default(),
            body: Block::default(),
            kernel,
            labels: Vec::new(),
            span,
        };
        Fb {
            m,
            f,
            blocks: vec![Block::default()],
        }
    }
    fn result(&mut self, ty: Handle<Type>, space: Space) {
        self.f.result = QualType {
            ty,
            space,
            is_const: false,
        };
    }
    fn stmt(&mut self, kind: StmtKind, span: Span) {
        self.blocks
            .last_mut()
            .unwrap()
            .stmts
            .push(Stmt { kind, span });
    }
    fn open(&mut self) {
        self.blocks.push(Block::default());
    }
    fn close(&mut self, span: Span) {
        let b = self.blocks.pop().unwrap();
        self.stmt(StmtKind::Block(b), span);
    }
    fn param(&mut self, name: &str, ty: Handle<Type>, space: Space, span: Span) -> Handle<Local> {
        let l = self.f.locals.append(Local {
            name: name.into(),
            ty: QualType {
                ty,
                space,
                is_const: false,
            },
            span,
            is_param: true,
            scope_depth: 0,
        });
        self.f.params.push(l);
        l
    }
    /// A local variable declared in the current block.
    fn var(
        &mut self,
        name: &str,
        ty: Handle<Type>,
        space: Space,
        span: Span,
        init: Option<Init>,
    ) -> Handle<Local> {
        let l = self.f.locals.append(Local {
            name: name.into(),
            ty: QualType {
                ty,
                space,
                is_const: false,
            },
            span,
            is_param: false,
            scope_depth: self.blocks.len() as u32 - 1,
        });
        self.stmt(StmtKind::Decl { local: l, init }, span);
        l
    }
    fn e(
        &mut self,
        kind: ExprKind,
        ty: Handle<Type>,
        category: Category,
        span: Span,
    ) -> Handle<Expr> {
        self.f.exprs.append(Expr {
            kind,
            ty,
            category,
            span,
        })
    }
    fn value(&mut self, kind: ExprKind, ty: Handle<Type>, span: Span) -> Handle<Expr> {
        self.e(kind, ty, Category::Value, span)
    }
    fn int(&mut self, v: u64, span: Span) -> Handle<Expr> {
        let t = self.m.types.scalar(Scalar::Int {
            width: 32,
            signed: true,
        });
        self.value(ExprKind::IntConst(v), t, span)
    }
    fn local(&mut self, l: Handle<Local>, span: Span) -> Handle<Expr> {
        let q = self.f.locals[l].ty;
        self.e(
            ExprKind::Local(l),
            q.ty,
            Category::Place {
                space: q.space,
                is_const: q.is_const,
            },
            span,
        )
    }
    fn global(&mut self, g: Handle<Global>, span: Span) -> Handle<Expr> {
        let q = self.m.globals[g].ty;
        self.e(
            ExprKind::Global(g),
            q.ty,
            Category::Place {
                space: q.space,
                is_const: q.is_const,
            },
            span,
        )
    }
    fn load(&mut self, place: Handle<Expr>) -> Handle<Expr> {
        let (ty, span) = (self.f.exprs[place].ty, self.f.exprs[place].span);
        self.value(ExprKind::Load(place), ty, span)
    }
    /// `*p` where `p` is a pointer value.
    fn deref(&mut self, p: Handle<Expr>, span: Span) -> Handle<Expr> {
        let (pointee, space, is_const) = self
            .m
            .types
            .as_pointer(self.f.exprs[p].ty)
            .expect("deref of a non-pointer");
        self.e(
            ExprKind::Deref(p),
            pointee,
            Category::Place { space, is_const },
            span,
        )
    }
    /// `*local_pointer`.
    fn deref_local(&mut self, l: Handle<Local>, span: Span) -> Handle<Expr> {
        let place = self.local(l, span);
        let v = self.load(place);
        self.deref(v, span)
    }
    fn member(
        &mut self,
        base: Handle<Expr>,
        field: u32,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expr> {
        let Category::Place { space, is_const } = self.f.exprs[base].category else {
            panic!("member of a value")
        };
        self.e(
            ExprKind::Member { base, field },
            ty,
            Category::Place { space, is_const },
            span,
        )
    }
    fn expr_stmt(&mut self, e: Handle<Expr>) -> Handle<Expr> {
        let span = self.f.exprs[e].span;
        self.stmt(StmtKind::Expr(e), span);
        e
    }
    fn assign(&mut self, place: Handle<Expr>, value: Handle<Expr>, span: Span) -> Handle<Expr> {
        let ty = self.f.exprs[place].ty;
        let e = self.value(ExprKind::Assign { place, value }, ty, span);
        self.expr_stmt(e)
    }
    fn add_assign(&mut self, place: Handle<Expr>, value: Handle<Expr>, span: Span) -> Handle<Expr> {
        let ty = self.f.exprs[place].ty;
        let e = self.value(
            ExprKind::CompoundAssign {
                op: BinaryOp::Add,
                place,
                value,
                compute: ty,
            },
            ty,
            span,
        );
        self.expr_stmt(e)
    }
    fn increment(&mut self, place: Handle<Expr>, span: Span) -> Handle<Expr> {
        let ty = self.f.exprs[place].ty;
        let e = self.value(
            ExprKind::IncDec {
                place,
                increment: true,
                prefix: false,
            },
            ty,
            span,
        );
        self.expr_stmt(e)
    }
    fn cast(
        &mut self,
        operand: Handle<Expr>,
        to: Handle<Type>,
        kind: CastKind,
        explicit: bool,
        span: Span,
    ) -> Handle<Expr> {
        let e = self.value(
            ExprKind::Cast {
                kind,
                operand,
                explicit,
            },
            to,
            span,
        );
        self.expr_stmt(e)
    }
    /// An address-space conversion of the pointer stored in local `l` to `to`.
    fn convert_local(
        &mut self,
        l: Handle<Local>,
        to: Handle<Type>,
        explicit: bool,
        span: Span,
    ) -> Handle<Expr> {
        let place = self.local(l, span);
        let v = self.load(place);
        self.cast(v, to, CastKind::AddressSpace, explicit, span)
    }
    fn call(
        &mut self,
        function: Handle<Function>,
        args: Vec<Handle<Expr>>,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expr> {
        let e = self.value(ExprKind::Call { function, args }, ty, span);
        self.expr_stmt(e)
    }
    fn ret(&mut self, e: Option<Handle<Expr>>, span: Span) {
        self.stmt(StmtKind::Return(e), span);
    }
    fn finish(mut self) -> Handle<Function> {
        assert_eq!(self.blocks.len(), 1, "unclosed block");
        self.f.body = self.blocks.pop().unwrap();
        self.m.functions.append(self.f)
    }
}

// ---------------------------------------------------------------------------------------
// Running the pipeline and comparing diagnostics
// ---------------------------------------------------------------------------------------

/// One reported problem, as compared by these tests.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct D {
    severity: &'static str,
    line: u32,
    col: u32,
    message: String,
    tag: Option<String>,
}

fn err(line: u32, col: u32, tag: &str, message: &str) -> D {
    D {
        severity: "error",
        line,
        col,
        message: message.into(),
        tag: Some(tag.into()),
    }
}
fn warn(line: u32, col: u32, tag: &str, message: &str) -> D {
    D {
        severity: "warning",
        line,
        col,
        message: message.into(),
        tag: Some(tag.into()),
    }
}

struct Checked {
    module: Module,
    diags: Vec<D>,
    validated: Option<Validated>,
}

fn run_with(mut m: Module, limits: Limits) -> Checked {
    let opts = PipelineOptions {
        limits,
        dump_after: None,
    };
    let outcome = pipeline::run(&mut m, &opts, &mut |_, _| {})
        .expect("the hand-built module is structurally valid");
    let (validated, diags) = match outcome {
        Outcome::Valid(v, d) => (Some(v), d),
        Outcome::Invalid(d) => (None, d),
    };
    let mut out: Vec<D> = diags
        .iter()
        .map(|d| D {
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            },
            line: d.span.map_or(0, |s| s.line),
            col: d.span.map_or(0, |s| s.col),
            message: d.message.clone(),
            tag: d.tag.clone(),
        })
        .collect();
    out.sort();
    Checked {
        module: m,
        diags: out,
        validated,
    }
}

fn run(m: Module) -> Checked {
    run_with(m, Limits::default())
}

#[track_caller]
fn expect(m: Module, expected: &[D]) -> Checked {
    expect_with(m, Limits::default(), expected)
}

#[track_caller]
fn expect_with(m: Module, limits: Limits, expected: &[D]) -> Checked {
    let c = run_with(m, limits);
    let mut want = expected.to_vec();
    want.sort();
    assert_eq!(
        c.diags, want,
        "diagnostics differ (left: reported, right: expected)"
    );
    let has_errors = want.iter().any(|d| d.severity == "error");
    assert_eq!(
        c.validated.is_none(),
        has_errors,
        "only a module without errors is validated"
    );
    c
}

/// A near-miss: no error, no warning, and a validated module.
#[track_caller]
fn clean(m: Module) -> Checked {
    expect(m, &[])
}

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
        &[warn(1, 13, "AS-18", "kernel 'k' declares 128 bytes of '__local' memory, more than the 100 bytes a device must support")],
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
        &[warn(21, 13, "AS-16", &msg(3, 2))],
    );
    // Program-scope variables count, also when used through a called function.
    expect_with(
        constant_kernel(2, 1, 1),
        limits,
        &[warn(21, 13, "AS-16", &msg(3, 2))],
    );
    expect_with(
        constant_kernel(0, 4, 3),
        limits,
        &[warn(21, 13, "AS-16", &msg(3, 2))],
    );
    // The default limit is the full-profile minimum, 8.
    expect(
        constant_kernel(9, 0, 0),
        &[warn(21, 13, "AS-16", &msg(9, 8))],
    );
    expect(
        constant_kernel(5, 6, 4),
        &[warn(21, 13, "AS-16", &msg(9, 8))],
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
        &[warn(1, 13, "AS-18", &msg(1028, 1024))],
    );
    expect(
        local_kernel(&[8193]),
        &[warn(1, 13, "AS-18", &msg(32772, 32768))],
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
