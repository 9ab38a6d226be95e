//! Shared builders and runners for the pass-level address-space rule tests
//! (`rules_declarations.rs`, `rules_expressions.rs`): typed ASTs built by hand, run through
//! the pipeline, with diagnostics compared as (severity, line, column, message, tag).
// Each test crate uses only part of these helpers and re-exports.
#![allow(dead_code, unused_imports)]

pub use clc_passes::address_space::{normalize, ArgKind, Limits};
pub use clc_passes::ast::{
    AddressSpace, BinaryOp, Block, CastKind, Category, ConstValue, DataLayout, Expr, ExprKind,
    Field, FpContract, Function, Global, GlobalInit, Handle, ImageAccess, ImageDim, ImageType,
    Init, KernelAttrs, LangOptions, LangVersion, Local, Module, QualType, Scalar, Space, Stmt,
    StmtKind, StructDef, Type,
};
pub use clc_passes::diag::{FileId, Severity, Span};
pub use clc_passes::pipeline::{self, Outcome, PipelineOptions, Validated};

pub use AddressSpace::{Constant, Generic, Global as Glob, Local as Loc, Private};

// ---------------------------------------------------------------------------------------
// Builder
// ---------------------------------------------------------------------------------------

pub fn at(line: u32, col: u32) -> Span {
    Span {
        file: FileId(0),
        line,
        col,
    }
}

/// Builds a module by hand, the way the front end would (spaces may be left unset).
pub struct Mb {
    pub m: Module,
}

impl Mb {
    pub fn new(v: LangVersion) -> Self {
        Mb {
            m: Module::new(LangOptions::for_version(v)),
        }
    }
    pub fn with_lang(lang: LangOptions) -> Self {
        Mb {
            m: Module::new(lang),
        }
    }
    pub fn int(&mut self) -> Handle<Type> {
        self.m.types.scalar(Scalar::Int {
            width: 32,
            signed: true,
        })
    }
    pub fn char8(&mut self) -> Handle<Type> {
        self.m.types.scalar(Scalar::Int {
            width: 8,
            signed: true,
        })
    }
    pub fn void(&mut self) -> Handle<Type> {
        self.m.types.intern(Type::Void)
    }
    pub fn ptr(&mut self, pointee: Handle<Type>, space: Space) -> Handle<Type> {
        self.m.types.intern(Type::Pointer {
            pointee,
            space,
            is_const: false,
            is_volatile: false,
        })
    }
    pub fn const_ptr(&mut self, pointee: Handle<Type>, space: Space) -> Handle<Type> {
        self.m.types.intern(Type::Pointer {
            pointee,
            space,
            is_const: true,
            is_volatile: false,
        })
    }
    pub fn array(&mut self, elem: Handle<Type>, len: u64) -> Handle<Type> {
        self.m.types.intern(Type::Array { elem, len })
    }
    pub fn image(&mut self) -> Handle<Type> {
        self.m.types.intern(Type::Image(ImageType {
            dim: ImageDim::D2,
            access: ImageAccess::ReadOnly,
            depth: false,
        }))
    }
    pub fn global(
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
    pub fn static_local(
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
    pub fn string_literal(&mut self, text: &str, space: Space, span: Span) -> Handle<Global> {
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
    pub fn func(&mut self, name: &str, span: Span) -> Fb<'_> {
        Fb::new(&mut self.m, name, span, None)
    }
    pub fn kernel(&mut self, name: &str, span: Span) -> Fb<'_> {
        Fb::new(&mut self.m, name, span, Some(KernelAttrs::default()))
    }
}

/// Builds one function; blocks nest with [`Fb::open`]/[`Fb::close`].
pub struct Fb<'a> {
    pub m: &'a mut Module,
    pub f: Function,
    pub blocks: Vec<Block>,
}

impl<'a> Fb<'a> {
    pub fn new(m: &'a mut Module, name: &str, span: Span, kernel: Option<KernelAttrs>) -> Self {
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
    pub fn result(&mut self, ty: Handle<Type>, space: Space) {
        self.f.result = QualType {
            ty,
            space,
            is_const: false,
        };
    }
    pub fn stmt(&mut self, kind: StmtKind, span: Span) {
        self.blocks
            .last_mut()
            .unwrap()
            .stmts
            .push(Stmt { kind, span });
    }
    pub fn open(&mut self) {
        self.blocks.push(Block::default());
    }
    pub fn close(&mut self, span: Span) {
        let b = self.blocks.pop().unwrap();
        self.stmt(StmtKind::Block(b), span);
    }
    pub fn param(
        &mut self,
        name: &str,
        ty: Handle<Type>,
        space: Space,
        span: Span,
    ) -> Handle<Local> {
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
    pub fn var(
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
    pub fn e(
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
            contract: FpContract::On,
        })
    }
    pub fn value(&mut self, kind: ExprKind, ty: Handle<Type>, span: Span) -> Handle<Expr> {
        self.e(kind, ty, Category::Value, span)
    }
    pub fn int(&mut self, v: u64, span: Span) -> Handle<Expr> {
        let t = self.m.types.scalar(Scalar::Int {
            width: 32,
            signed: true,
        });
        self.value(ExprKind::IntConst(v), t, span)
    }
    pub fn local(&mut self, l: Handle<Local>, span: Span) -> Handle<Expr> {
        let q = self.f.locals[l].ty;
        self.e(
            ExprKind::Local(l),
            q.ty,
            Category::Place {
                space: q.space,
                is_const: q.is_const,
                is_volatile: false,
            },
            span,
        )
    }
    pub fn global(&mut self, g: Handle<Global>, span: Span) -> Handle<Expr> {
        let q = self.m.globals[g].ty;
        self.e(
            ExprKind::Global(g),
            q.ty,
            Category::Place {
                space: q.space,
                is_const: q.is_const,
                is_volatile: false,
            },
            span,
        )
    }
    pub fn load(&mut self, place: Handle<Expr>) -> Handle<Expr> {
        let (ty, span) = (self.f.exprs[place].ty, self.f.exprs[place].span);
        self.value(ExprKind::Load(place), ty, span)
    }
    /// `*p` where `p` is a pointer value.
    pub fn deref(&mut self, p: Handle<Expr>, span: Span) -> Handle<Expr> {
        let (pointee, space, is_const) = self
            .m
            .types
            .as_pointer(self.f.exprs[p].ty)
            .expect("deref of a non-pointer");
        self.e(
            ExprKind::Deref(p),
            pointee,
            Category::Place {
                space,
                is_const,
                is_volatile: false,
            },
            span,
        )
    }
    /// `*local_pointer`.
    pub fn deref_local(&mut self, l: Handle<Local>, span: Span) -> Handle<Expr> {
        let place = self.local(l, span);
        let v = self.load(place);
        self.deref(v, span)
    }
    pub fn member(
        &mut self,
        base: Handle<Expr>,
        field: u32,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expr> {
        let Category::Place {
            space, is_const, ..
        } = self.f.exprs[base].category
        else {
            panic!("member of a value")
        };
        self.e(
            ExprKind::Member { base, field },
            ty,
            Category::Place {
                space,
                is_const,
                is_volatile: false,
            },
            span,
        )
    }
    pub fn expr_stmt(&mut self, e: Handle<Expr>) -> Handle<Expr> {
        let span = self.f.exprs[e].span;
        self.stmt(StmtKind::Expr(e), span);
        e
    }
    pub fn assign(&mut self, place: Handle<Expr>, value: Handle<Expr>, span: Span) -> Handle<Expr> {
        let ty = self.f.exprs[place].ty;
        let e = self.value(ExprKind::Assign { place, value }, ty, span);
        self.expr_stmt(e)
    }
    pub fn add_assign(
        &mut self,
        place: Handle<Expr>,
        value: Handle<Expr>,
        span: Span,
    ) -> Handle<Expr> {
        let ty = self.f.exprs[place].ty;
        let e = self.value(
            ExprKind::CompoundAssign {
                op: BinaryOp::Add,
                place,
                value,
                compute: ty,
                fused: false,
            },
            ty,
            span,
        );
        self.expr_stmt(e)
    }
    pub fn increment(&mut self, place: Handle<Expr>, span: Span) -> Handle<Expr> {
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
    pub fn cast(
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
    pub fn convert_local(
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
    pub fn call(
        &mut self,
        function: Handle<Function>,
        args: Vec<Handle<Expr>>,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expr> {
        let e = self.value(ExprKind::Call { function, args }, ty, span);
        self.expr_stmt(e)
    }
    pub fn ret(&mut self, e: Option<Handle<Expr>>, span: Span) {
        self.stmt(StmtKind::Return(e), span);
    }
    pub fn finish(mut self) -> Handle<Function> {
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
pub struct D {
    pub severity: &'static str,
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub tag: Option<String>,
}

pub fn err(line: u32, col: u32, tag: &str, message: &str) -> D {
    D {
        severity: "error",
        line,
        col,
        message: message.into(),
        tag: Some(tag.into()),
    }
}
pub fn warn(line: u32, col: u32, tag: &str, message: &str) -> D {
    D {
        severity: "warning",
        line,
        col,
        message: message.into(),
        tag: Some(tag.into()),
    }
}

pub struct Checked {
    pub module: Module,
    pub diags: Vec<D>,
    pub validated: Option<Validated>,
}

pub fn run_with(mut m: Module, limits: Limits) -> Checked {
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
                Severity::Fatal => "fatal error",
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

pub fn run(m: Module) -> Checked {
    run_with(m, Limits::default())
}

#[track_caller]
pub fn expect(m: Module, expected: &[D]) -> Checked {
    expect_with(m, Limits::default(), expected)
}

#[track_caller]
pub fn expect_with(m: Module, limits: Limits, expected: &[D]) -> Checked {
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
pub fn clean(m: Module) -> Checked {
    expect(m, &[])
}
