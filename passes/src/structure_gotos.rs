//! `structure-gotos`: gives functions that use `goto` a structured form, for targets whose
//! control flow must be structured (Vulkan).
//!
//! ## Design
//! A function with a label is rewritten as a dispatcher:
//!
//! ```c
//! int state = 0;
//! while (state != EXIT)
//!     switch (state) {
//!     case 0: /* code up to the first label */ state = 1; continue;
//!     case 1: /* code after the first label */ ...
//!     }
//! ```
//!
//! First the body is *linearized*: every statement that holds a label or a `goto` (or a
//! `break`/`continue` leaving a statement that is linearized) becomes labels and jumps —
//! an `if` becomes a conditional jump over its branches, a loop becomes a jump back to its
//! head, a `switch` becomes a multi-way jump to its case labels. Statements with no jump
//! out of them stay as they are, so loops without gotos keep their structure (and speed).
//! Then the linear code is cut at its labels into the dispatcher's cases; a jump sets
//! `state` and continues the dispatcher loop, falling into a label moves to the next case.
//! This is the "dispatcher" reduction of unstructured control flow (as in Emscripten's
//! Relooper fallback); it handles every goto C allows, jumps into loops included
//! (Duff's device).
//!
//! ## Contract
//! Requires a checked module. Afterwards no function contains `StmtKind::Label` or
//! `StmtKind::Goto`; functions without labels are untouched.

use crate::ast::{
    AddressSpace, BinaryOp, Block, Category, Expr, ExprKind, Function, Handle, Init, Local, Module,
    QualType, Scalar, Stmt, StmtKind, SwitchCase, Type, Unroll,
};
use crate::diag::{Bug, Span};
use rustc_hash::FxHashMap;

/// The pass's stable name.
pub const NAME: &str = "structure-gotos";

/// Rewrites every function that has a label.
pub fn run(module: &mut Module) -> Result<(), Bug> {
    let int = module.types.scalar(Scalar::Int {
        width: 32,
        signed: true,
    });
    for (_, f) in module.functions.iter_mut() {
        if has_jumps(&f.body) {
            structure(f, int)?;
        }
    }
    Ok(())
}

/// Whether a block holds a label or a goto.
fn has_jumps(b: &Block) -> bool {
    b.stmts.iter().any(|s| match &s.kind {
        StmtKind::Label(_) | StmtKind::Goto(_) => true,
        StmtKind::Block(b) => has_jumps(b),
        StmtKind::If {
            then, otherwise, ..
        } => has_jumps(then) || otherwise.as_ref().is_some_and(has_jumps),
        StmtKind::Loop { init, body, .. } => has_jumps(init) || has_jumps(body),
        StmtKind::Switch { cases, .. } => cases.iter().any(|c| has_jumps(&c.body)),
        _ => false,
    })
}

/// Whether `b` holds a `break` (`brk`) or `continue` (`cont`) that leaves it.
fn escapes(b: &Block, brk: bool, cont: bool) -> bool {
    b.stmts.iter().any(|s| match &s.kind {
        StmtKind::Break => brk,
        StmtKind::Continue => cont,
        StmtKind::Block(b) => escapes(b, brk, cont),
        StmtKind::If {
            then, otherwise, ..
        } => escapes(then, brk, cont) || otherwise.as_ref().is_some_and(|o| escapes(o, brk, cont)),
        // Inside a loop, both refer to it; inside a switch, `break` does.
        StmtKind::Loop { init, .. } => escapes(init, brk, cont),
        StmtKind::Switch { cases, .. } => cases.iter().any(|c| escapes(&c.body, false, cont)),
        _ => false,
    })
}

/// Linear code: statements with no jump out of them, labels and jumps.
enum Lin {
    Stmt(Stmt),
    Label(u32),
    Goto(u32, Span),
    /// Jumps to `yes` when `cond` holds, else to `no` (`None`: the next statement).
    Branch {
        cond: Handle<Expr>,
        yes: Option<u32>,
        no: Option<u32>,
        span: Span,
    },
    /// Jumps to the label of the case `cond` selects (`default`: `otherwise`).
    Switch {
        cond: Handle<Expr>,
        cases: Vec<(Vec<u64>, u32)>,
        otherwise: u32,
        span: Span,
    },
}

struct Linearizer {
    out: Vec<Lin>,
    next_label: u32,
}

/// Where `break` and `continue` go in the statement being linearized.
#[derive(Clone, Copy)]
struct Targets {
    brk: Option<u32>,
    cont: Option<u32>,
}

impl Linearizer {
    fn label(&mut self) -> u32 {
        self.next_label += 1;
        self.next_label - 1
    }

    fn needs(b: &Block, t: Targets) -> bool {
        has_jumps(b) || escapes(b, t.brk.is_some(), t.cont.is_some())
    }

    fn block(&mut self, b: Block, t: Targets) -> Result<(), Bug> {
        for s in b.stmts {
            self.stmt(s, t)?;
        }
        Ok(())
    }

    fn jump(&mut self, target: Option<u32>, span: Span, what: &str) -> Result<(), Bug> {
        match target {
            Some(l) => {
                self.out.push(Lin::Goto(l, span));
                Ok(())
            }
            None => Err(Bug::new(span, format!("{what} outside a loop in {NAME}"))),
        }
    }

    fn stmt(&mut self, s: Stmt, t: Targets) -> Result<(), Bug> {
        let span = s.span;
        let single = Block {
            stmts: vec![s.clone()],
        };
        if !Self::needs(&single, t) {
            self.out.push(Lin::Stmt(s));
            return Ok(());
        }
        match s.kind {
            StmtKind::Block(b) => self.block(b, t)?,
            StmtKind::Label(l) => self.out.push(Lin::Label(l)),
            StmtKind::Goto(l) => self.out.push(Lin::Goto(l, span)),
            StmtKind::Break => self.jump(t.brk, span, "break")?,
            StmtKind::Continue => self.jump(t.cont, span, "continue")?,
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let (else_l, end) = (self.label(), self.label());
                self.out.push(Lin::Branch {
                    cond,
                    yes: None,
                    no: Some(else_l),
                    span,
                });
                self.block(then, t)?;
                self.out.push(Lin::Goto(end, span));
                self.out.push(Lin::Label(else_l));
                if let Some(o) = otherwise {
                    self.block(o, t)?;
                }
                self.out.push(Lin::Label(end));
            }
            StmtKind::Loop {
                init,
                cond,
                body,
                step,
                test_after,
                ..
            } => {
                self.block(init, t)?;
                let (top, next, end) = (self.label(), self.label(), self.label());
                let inner = Targets {
                    brk: Some(end),
                    cont: Some(next),
                };
                self.out.push(Lin::Label(top));
                if let (Some(c), false) = (cond, test_after) {
                    self.out.push(Lin::Branch {
                        cond: c,
                        yes: None,
                        no: Some(end),
                        span,
                    });
                }
                self.block(body, inner)?;
                self.out.push(Lin::Label(next));
                if let Some(e) = step {
                    self.out.push(Lin::Stmt(Stmt {
                        kind: StmtKind::Expr(e),
                        span,
                    }));
                }
                match (cond, test_after) {
                    (Some(c), true) => self.out.push(Lin::Branch {
                        cond: c,
                        yes: Some(top),
                        no: None,
                        span,
                    }),
                    _ => self.out.push(Lin::Goto(top, span)),
                }
                self.out.push(Lin::Label(end));
            }
            StmtKind::Switch { cond, cases } => {
                let end = self.label();
                let inner = Targets {
                    brk: Some(end),
                    cont: t.cont,
                };
                let labels: Vec<u32> = cases.iter().map(|_| self.label()).collect();
                let otherwise = cases
                    .iter()
                    .position(|c| c.is_default)
                    .map_or(end, |i| labels[i]);
                self.out.push(Lin::Switch {
                    cond,
                    cases: cases
                        .iter()
                        .zip(&labels)
                        .filter(|(c, _)| !c.values.is_empty())
                        .map(|(c, &l)| (c.values.clone(), l))
                        .collect(),
                    otherwise,
                    span,
                });
                for (c, l) in cases.into_iter().zip(labels) {
                    self.out.push(Lin::Label(l));
                    self.block(c.body, inner)?;
                }
                self.out.push(Lin::Label(end));
            }
            StmtKind::Expr(_) | StmtKind::Decl { .. } | StmtKind::Return(_) => {
                return Err(Bug::new(
                    span,
                    format!("a simple statement to split in {NAME}"),
                ))
            }
        }
        Ok(())
    }
}

/// Makes the expressions of the dispatcher.
struct Exprs<'f> {
    f: &'f mut Function,
    int: Handle<Type>,
    state: Handle<Local>,
    span: Span,
}

impl Exprs<'_> {
    fn add(&mut self, kind: ExprKind, category: Category) -> Handle<Expr> {
        self.f.exprs.append(Expr {
            kind,
            ty: self.int,
            category,
            span: self.span,
            contract: Default::default(),
        })
    }

    fn state_place(&mut self) -> Handle<Expr> {
        self.add(
            ExprKind::Local(self.state),
            Category::Place {
                space: Some(AddressSpace::Private),
                is_const: false,
                is_volatile: false,
            },
        )
    }

    fn state_value(&mut self) -> Handle<Expr> {
        let p = self.state_place();
        self.add(ExprKind::Load(p), Category::Value)
    }

    fn constant(&mut self, v: u32) -> Handle<Expr> {
        self.add(ExprKind::IntConst(u64::from(v)), Category::Value)
    }

    fn stmt(&self, kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            span: self.span,
        }
    }

    /// `state = case; continue;`
    fn go(&mut self, case: u32) -> Vec<Stmt> {
        let place = self.state_place();
        let value = self.constant(case);
        let set = self.add(ExprKind::Assign { place, value }, Category::Value);
        vec![
            self.stmt(StmtKind::Expr(set)),
            self.stmt(StmtKind::Continue),
        ]
    }
}

fn structure(f: &mut Function, int: Handle<Type>) -> Result<(), Bug> {
    let span = f.span;
    let body = std::mem::take(&mut f.body);
    let mut lin = Linearizer {
        out: Vec::new(),
        next_label: f.labels.len() as u32,
    };
    lin.block(
        body,
        Targets {
            brk: None,
            cont: None,
        },
    )?;
    // Cases: the code before the first label, then one per label.
    let mut case_of: FxHashMap<u32, u32> = FxHashMap::default();
    let mut cases = 1u32;
    for l in &lin.out {
        if let Lin::Label(l) = l {
            case_of.insert(*l, cases);
            cases += 1;
        }
    }
    let exit = cases;
    let state = f.locals.append(Local {
        name: "clc.goto.state".into(),
        ty: QualType {
            ty: int,
            space: Some(AddressSpace::Private),
            is_const: false,
        },
        span,
        is_param: false,
        scope_depth: 0,
    });
    let mut x = Exprs {
        f,
        int,
        state,
        span,
    };
    let target = |l: u32, span: Span| {
        case_of
            .get(&l)
            .copied()
            .ok_or_else(|| Bug::new(span, format!("a goto to an unknown label in {NAME}")))
    };
    // Case i's statements (case 0: the code before the first label).
    let mut groups: Vec<Vec<Stmt>> = Vec::new();
    let mut current: Vec<Stmt> = Vec::new();
    // Whether the current case already ended with a jump (what follows is dead until the
    // next label).
    let mut ended = false;
    for item in lin.out {
        match item {
            Lin::Label(l) => {
                let case = target(l, span)?;
                if !ended {
                    current.extend(x.go(case));
                }
                groups.push(std::mem::take(&mut current));
                ended = false;
            }
            _ if ended => {}
            Lin::Stmt(s) => {
                ended = matches!(s.kind, StmtKind::Return(_));
                current.push(s);
            }
            Lin::Goto(l, span) => {
                let case = target(l, span)?;
                current.extend(x.go(case));
                ended = true;
            }
            Lin::Branch {
                cond,
                yes,
                no,
                span,
            } => {
                let mut arm = |l: Option<u32>| -> Result<Block, Bug> {
                    Ok(Block {
                        stmts: match l {
                            Some(l) => x.go(target(l, span)?),
                            None => Vec::new(),
                        },
                    })
                };
                let then = arm(yes)?;
                let otherwise = match no {
                    Some(l) => Some(arm(Some(l))?),
                    None => None,
                };
                current.push(Stmt {
                    kind: StmtKind::If {
                        cond,
                        then,
                        otherwise,
                    },
                    span,
                });
                ended = yes.is_some() && no.is_some();
            }
            Lin::Switch {
                cond,
                cases: arms,
                otherwise,
                span,
            } => {
                // `switch (cond) { case v: state = case; break; … }` then on to that case.
                let mut inner = Vec::new();
                for (values, l) in arms {
                    let case = target(l, span)?;
                    let mut body = x.go(case);
                    body.pop();
                    body.push(x.stmt(StmtKind::Break));
                    inner.push(SwitchCase {
                        values,
                        is_default: false,
                        body: Block { stmts: body },
                    });
                }
                let mut body = x.go(target(otherwise, span)?);
                body.pop();
                body.push(x.stmt(StmtKind::Break));
                inner.push(SwitchCase {
                    values: Vec::new(),
                    is_default: true,
                    body: Block { stmts: body },
                });
                current.push(Stmt {
                    kind: StmtKind::Switch { cond, cases: inner },
                    span,
                });
                current.push(x.stmt(StmtKind::Continue));
                ended = true;
            }
        }
    }
    if !ended {
        current.extend(x.go(exit));
    }
    groups.push(current);
    let all: Vec<SwitchCase> = groups
        .into_iter()
        .enumerate()
        .map(|(i, stmts)| SwitchCase {
            values: vec![i as u64],
            is_default: false,
            body: Block { stmts },
        })
        .collect();
    let init = x.constant(0);
    let decl = x.stmt(StmtKind::Decl {
        local: state,
        init: Some(Init::Expr(init)),
    });
    let sel = x.state_value();
    let lhs = x.state_value();
    let rhs = x.constant(exit);
    let more = x.add(ExprKind::Binary(BinaryOp::Ne, lhs, rhs), Category::Value);
    let dispatch = x.stmt(StmtKind::Switch {
        cond: sel,
        cases: all,
    });
    let looped = x.stmt(StmtKind::Loop {
        init: Block::default(),
        cond: Some(more),
        body: Block {
            stmts: vec![dispatch],
        },
        step: None,
        test_after: false,
        unroll: Unroll::Disable,
    });
    f.body = Block {
        stmts: vec![decl, looped],
    };
    Ok(())
}
