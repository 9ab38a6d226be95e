//! Statements.

use super::{macros, FnCtx, GotoSwitch, Lowerer, R};
use crate::front::clang::Cursor;
use crate::front::clang::EvalValue;
use clang_sys::*;
use clc_passes::ast::{
    AddressSpace, Block, Expr, Handle, Local, Scalar, Stmt, StmtKind, SwitchCase, Unroll,
};
use clc_passes::diag::Diagnostic;

/// The deepest statement nesting clc accepts: blocks, and the bodies of `if`, loops and
/// `switch`. Each nested `if` or loop becomes a nested structured construct, which the SPIR-V
/// validator checks in time quadratic in the depth (10,000 nested `if`s take about 10 s in a
/// dev build); the limit keeps that bounded (`docs/LIMITS.md`).
pub const MAX_STMT_DEPTH: u32 = 10_000;

impl Lowerer<'_, '_> {
    /// A compound statement (one scope level deeper than its parent, except the body).
    pub(super) fn block(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Block> {
        let mut stmts = Vec::new();
        let mut failed = false;
        for s in c.children() {
            // Keep going after an error so that every problem in the body is reported.
            match self.stmt(&s, cx, &mut stmts) {
                Ok(()) => {}
                Err(_) => failed = true,
            }
        }
        if failed {
            return Err(super::Reported);
        }
        Ok(Block { stmts })
    }

    fn nested(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<Block> {
        if cx.depth >= MAX_STMT_DEPTH {
            let span = self.span(c);
            return self.error(Diagnostic::error(
                span,
                format!("statements nested more than {MAX_STMT_DEPTH} levels deep (clc's limit)"),
            ));
        }
        cx.depth += 1;
        let r = if c.kind() == CXCursor_CompoundStmt {
            self.block(c, cx)
        } else {
            let mut stmts = Vec::new();
            self.stmt(c, cx, &mut stmts).map(|()| Block { stmts })
        };
        cx.depth -= 1;
        r
    }

    fn stmt(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, out: &mut Vec<Stmt>) -> R<()> {
        // A `break` inside a loop or a switch leaves that statement.
        let breakable = matches!(
            c.kind(),
            CXCursor_WhileStmt | CXCursor_DoStmt | CXCursor_ForStmt | CXCursor_SwitchStmt
        );
        if breakable {
            cx.break_targets.push(None);
        }
        let r = self.stmt_inner(c, cx, out);
        if breakable {
            cx.break_targets.pop();
        }
        r
    }

    fn stmt_inner(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, out: &mut Vec<Stmt>) -> R<()> {
        let span = self.span(c);
        let kind = match c.kind() {
            CXCursor_CompoundStmt => StmtKind::Block(self.nested(c, cx)?),
            CXCursor_NullStmt => return Ok(()),
            CXCursor_DeclStmt => {
                for d in c.children() {
                    match d.kind() {
                        CXCursor_VarDecl => self.local_decl(&d, cx, out)?,
                        CXCursor_StructDecl | CXCursor_UnionDecl | CXCursor_EnumDecl
                        | CXCursor_TypedefDecl => {}
                        _ => {
                            return self
                                .unsupported(&d, "this kind of declaration inside a function")
                        }
                    }
                }
                return Ok(());
            }
            CXCursor_IfStmt => {
                let ch = c.children();
                let parts: Vec<_> = ch
                    .iter()
                    .filter(|x| x.is_expression() || x.is_statement())
                    .collect();
                let (cond, then, otherwise) = match parts.as_slice() {
                    [cond, then] => (*cond, *then, None),
                    [cond, then, otherwise] => (*cond, *then, Some(*otherwise)),
                    _ => return self.unsupported(c, "this form of 'if'"),
                };
                let cond = self.value(cond, cx)?;
                let then = self.nested(then, cx)?;
                let otherwise = match otherwise {
                    Some(o) => Some(self.nested(o, cx)?),
                    None => None,
                };
                StmtKind::If {
                    cond,
                    then,
                    otherwise,
                }
            }
            CXCursor_WhileStmt => {
                let ch = c.children();
                let [cond, body] = ch.as_slice() else {
                    return self.unsupported(c, "this form of 'while'");
                };
                if !cond.is_expression() {
                    return self.unsupported(cond, "a declaration as a loop condition");
                }
                let cond = self.value(cond, cx)?;
                let body = self.nested(body, cx)?;
                StmtKind::Loop {
                    init: Block::default(),
                    cond: Some(cond),
                    body,
                    step: None,
                    test_after: false,
                    unroll: Unroll::None,
                }
            }
            CXCursor_DoStmt => {
                let ch = c.children();
                let [body, cond] = ch.as_slice() else {
                    return self.unsupported(c, "this form of 'do'");
                };
                let body = self.nested(body, cx)?;
                let cond = self.value(cond, cx)?;
                StmtKind::Loop {
                    init: Block::default(),
                    cond: Some(cond),
                    body,
                    step: None,
                    test_after: true,
                    unroll: Unroll::None,
                }
            }
            CXCursor_ForStmt => self.for_stmt(c, cx)?,
            CXCursor_BreakStmt => match cx.break_targets.last() {
                Some(Some(end)) => StmtKind::Goto(*end),
                _ => StmtKind::Break,
            },
            CXCursor_CaseStmt | CXCursor_DefaultStmt => return self.case_label(c, cx, out),
            CXCursor_ContinueStmt => StmtKind::Continue,
            CXCursor_ReturnStmt => {
                let e = c.expr_children();
                match e.first() {
                    Some(e) => StmtKind::Return(Some(self.value(e, cx)?)),
                    None => StmtKind::Return(None),
                }
            }
            CXCursor_SwitchStmt => match c.children().last() {
                Some(body) if self.contains_nested_label(body) => {
                    return self.goto_switch(c, cx, out);
                }
                _ => self.switch(c, cx)?,
            },
            CXCursor_LabelStmt => {
                let id = cx.label(c.spelling());
                out.push(Stmt {
                    kind: StmtKind::Label(id),
                    span,
                });
                if let Some(sub) = c
                    .children()
                    .into_iter()
                    .find(|x| x.is_statement() || x.is_expression())
                {
                    self.stmt(&sub, cx, out)?;
                }
                return Ok(());
            }
            CXCursor_GotoStmt => match c.referenced() {
                Some(label) => StmtKind::Goto(cx.label(label.spelling())),
                None => return self.unsupported(c, "this 'goto'"),
            },
            CXCursor_IndirectGotoStmt => return self.unsupported(c, "computed 'goto'"),
            // An attributed statement: libclang shows only the inner statement, so the
            // attributes are read from the tokens in front of it.
            CXCursor_UnexposedStmt => {
                let Some(inner) = c
                    .children()
                    .into_iter()
                    .find(|x| x.is_statement() || x.is_expression())
                else {
                    return self.unsupported(c, "statement attributes");
                };
                let all = c.tokens();
                let prefix = &all[..all.len().saturating_sub(inner.tokens().len())];
                let hint = macros::unroll_hint(&self.macros, prefix);
                let before = out.len();
                self.stmt(&inner, cx, out)?;
                if let (
                    Some(h),
                    Some(Stmt {
                        kind: StmtKind::Loop { unroll, .. },
                        ..
                    }),
                ) = (hint, out.get_mut(before))
                {
                    *unroll = h;
                }
                return Ok(());
            }
            _ if c.is_expression() => {
                let e = self.expr(c, cx)?;
                StmtKind::Expr(e)
            }
            _ => return self.unsupported(c, format!("statement ({})", c.describe())),
        };
        out.push(Stmt { kind, span });
        Ok(())
    }

    /// A `switch`'s selector (lowered), its width, and its body.
    fn switch_header<'c>(
        &mut self,
        c: &Cursor<'c>,
        cx: &mut FnCtx,
    ) -> R<(Handle<Expr>, u8, Cursor<'c>)> {
        let ch: Vec<_> = c
            .children()
            .into_iter()
            .filter(|x| x.is_expression() || x.is_statement())
            .collect();
        let [cond_c, body] = ch.as_slice() else {
            return self.unsupported(c, "this form of 'switch'");
        };
        if !cond_c.is_expression() {
            return self.unsupported(cond_c, "a declaration as a switch condition");
        }
        let cond = self.value(cond_c, cx)?;
        match self.module.types.as_scalar(cx.exprs[cond].ty) {
            Some(Scalar::Int { width, .. }) => Ok((cond, width, *body)),
            _ => self.unsupported(cond_c, "a non-integer switch condition"),
        }
    }

    /// `switch`: the body is split at its top-level `case`/`default` labels.
    fn switch(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<StmtKind> {
        let (cond, width, body) = self.switch_header(c, cx)?;
        let body = &body;
        let stmts = if body.kind() == CXCursor_CompoundStmt {
            body.children()
        } else {
            vec![*body]
        };
        let mut cases: Vec<SwitchCase> = Vec::new();
        cx.depth += 1;
        let r = (|| {
            for s in stmts {
                let mut s = s;
                // Stacked labels (`case 1: case 2: stmt`) open one group.
                let mut opened = false;
                loop {
                    match s.kind() {
                        CXCursor_CaseStmt | CXCursor_DefaultStmt => {
                            if !opened {
                                cases.push(SwitchCase {
                                    values: Vec::new(),
                                    is_default: false,
                                    body: Block::default(),
                                });
                                opened = true;
                            }
                            let parts: Vec<_> = s
                                .children()
                                .into_iter()
                                .filter(|x| x.is_expression() || x.is_statement())
                                .collect();
                            let Some(group) = cases.last_mut() else {
                                return self.unsupported(&s, "this case label");
                            };
                            let sub = if s.kind() == CXCursor_DefaultStmt {
                                group.is_default = true;
                                parts.first().copied()
                            } else {
                                if parts.len() != 2 {
                                    return self.unsupported(&s, "case ranges");
                                }
                                match parts[0].evaluate() {
                                    Some(EvalValue::Int(v)) => {
                                        group.values.push(super::expr::truncate(v, width))
                                    }
                                    _ => return self.unsupported(&parts[0], "this case value"),
                                }
                                parts.get(1).copied()
                            };
                            match sub {
                                Some(next) => s = next,
                                None => break,
                            }
                        }
                        _ => {
                            let Some(group) = cases.last_mut() else {
                                return self.unsupported(
                                    &s,
                                    "statements before the first case label of a switch",
                                );
                            };
                            let mut body = std::mem::take(&mut group.body);
                            let r = self.stmt(&s, cx, &mut body.stmts);
                            if let Some(group) = cases.last_mut() {
                                group.body = body;
                            }
                            r?;
                            break;
                        }
                    }
                }
            }
            Ok(())
        })();
        cx.depth -= 1;
        r?;
        Ok(StmtKind::Switch { cond, cases })
    }

    /// A `switch` with case labels inside nested statements (Duff's device: `switch (n % 4)
    /// { case 0: do { … case 1: … } while (…); }`), which the structured form cannot
    /// express. The OpenCL target allows unstructured control flow, so the labels become
    /// `goto` targets: a `switch` whose cases only jump, then the body with its labels, then
    /// the end label that `break` jumps to.
    fn goto_switch(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, out: &mut Vec<Stmt>) -> R<()> {
        let span = self.span(c);
        let (cond, width, body_c) = self.switch_header(c, cx)?;
        let body_c = &body_c;
        let end = cx.label(format!("\u{0}switch.end.{}", cx.labels.len()));
        cx.break_targets.push(Some(end));
        cx.goto_switches.push(GotoSwitch {
            width,
            cases: Vec::new(),
        });
        let body = self.nested(body_c, cx);
        cx.break_targets.pop();
        let labels = cx.goto_switches.pop().map(|s| s.cases).unwrap_or_default();
        let body = body?;
        let jump = |target| Block {
            stmts: vec![Stmt {
                kind: StmtKind::Goto(target),
                span,
            }],
        };
        let mut cases: Vec<SwitchCase> = labels
            .iter()
            .filter_map(|&(value, label)| {
                value.map(|v| SwitchCase {
                    values: vec![v],
                    is_default: false,
                    body: jump(label),
                })
            })
            .collect();
        let default = labels
            .iter()
            .find_map(|&(value, label)| value.is_none().then_some(label));
        cases.push(SwitchCase {
            values: Vec::new(),
            is_default: true,
            body: jump(default.unwrap_or(end)),
        });
        out.push(Stmt {
            kind: StmtKind::Switch { cond, cases },
            span,
        });
        out.push(Stmt {
            kind: StmtKind::Block(body),
            span,
        });
        out.push(Stmt {
            kind: StmtKind::Label(end),
            span,
        });
        Ok(())
    }

    /// A `case`/`default` label in the body of a switch lowered to jumps: a label, recorded
    /// with its value in the innermost such switch, then the labelled statement.
    fn case_label(&mut self, c: &Cursor<'_>, cx: &mut FnCtx, out: &mut Vec<Stmt>) -> R<()> {
        let span = self.span(c);
        let parts: Vec<_> = c
            .children()
            .into_iter()
            .filter(|x| x.is_expression() || x.is_statement())
            .collect();
        let Some(width) = cx.goto_switches.last().map(|s| s.width) else {
            return self.unsupported(c, "this case label");
        };
        let (value, sub) = if c.kind() == CXCursor_DefaultStmt {
            (None, parts.first())
        } else {
            if parts.len() != 2 {
                return self.unsupported(c, "case ranges");
            }
            match parts[0].evaluate() {
                Some(EvalValue::Int(v)) => (Some(super::expr::truncate(v, width)), parts.get(1)),
                _ => return self.unsupported(&parts[0], "this case value"),
            }
        };
        let label = cx.label(format!("\u{0}case.{}", cx.labels.len()));
        if let Some(s) = cx.goto_switches.last_mut() {
            s.cases.push((value, label));
        }
        out.push(Stmt {
            kind: StmtKind::Label(label),
            span,
        });
        match sub {
            Some(sub) => self.stmt(sub, cx, out),
            None => Ok(()),
        }
    }

    /// Whether a `case`/`default` label hides below the top level of a switch body (Duff's
    /// device), which structured control flow cannot express.
    fn contains_nested_label(&self, body: &Cursor<'_>) -> bool {
        fn walk(c: &Cursor<'_>, depth: u32) -> bool {
            c.children().iter().any(|ch| match ch.kind() {
                CXCursor_SwitchStmt => false,
                CXCursor_CaseStmt | CXCursor_DefaultStmt if depth > 0 => true,
                CXCursor_CaseStmt | CXCursor_DefaultStmt => walk(ch, depth),
                _ if ch.is_statement() => walk(ch, depth + 1),
                _ => false,
            })
        }
        walk(body, 0)
    }

    /// `for (init; cond; step) body`: libclang omits absent clauses, so the header's tokens
    /// (user macros expanded) say which clauses are written, and the children fill them in order.
    fn for_stmt(&mut self, c: &Cursor<'_>, cx: &mut FnCtx) -> R<StmtKind> {
        let ch: Vec<_> = c
            .children()
            .into_iter()
            .filter(|x| x.is_expression() || x.is_statement())
            .collect();
        let Some((body, clauses)) = ch.split_last() else {
            return self.unsupported(c, "this form of 'for'");
        };
        let mut slots: [Option<Cursor<'_>>; 3] = [None, None, None];
        if clauses.len() == 3 {
            slots = [Some(clauses[0]), Some(clauses[1]), Some(clauses[2])];
        } else if !clauses.is_empty() {
            let written = macros::for_clauses_written(&self.macros, &c.tokens());
            match written {
                Some(w) if w.iter().filter(|x| **x).count() == clauses.len() => {
                    let mut next = clauses.iter();
                    for (slot, _) in slots.iter_mut().zip(w).filter(|(_, w)| *w) {
                        *slot = next.next().copied();
                    }
                }
                _ => return self.unsupported(c, "this 'for' header written through macros"),
            }
        }
        let [init, cond, step] = slots;
        cx.depth += 1;
        let r = (|| {
            let mut init_stmts = Vec::new();
            if let Some(i) = init {
                self.stmt(&i, cx, &mut init_stmts)?;
            }
            let cond = match cond {
                Some(e) if e.is_expression() => Some(self.value(&e, cx)?),
                Some(e) => return self.unsupported(&e, "a declaration as a loop condition"),
                None => None,
            };
            let step = match step {
                Some(e) => Some(self.expr(&e, cx)?),
                None => None,
            };
            let body = self.nested(body, cx)?;
            Ok(StmtKind::Loop {
                init: Block { stmts: init_stmts },
                cond,
                body,
                step,
                test_after: false,
                unroll: Unroll::None,
            })
        })();
        cx.depth -= 1;
        r
    }

    fn local_decl(&mut self, d: &Cursor<'_>, cx: &mut FnCtx, out: &mut Vec<Stmt>) -> R<()> {
        let ty = self.qual(d.ty(), d)?;
        // `static` locals, function-scope `__constant` variables and samplers (constants,
        // not memory) live at program scope.
        let sampler = matches!(self.module.types.get(ty.ty), clc_passes::ast::Type::Sampler);
        if d.storage_class() == CX_SC_Static || ty.space == Some(AddressSpace::Constant) || sampler
        {
            self.global_var(d, d.storage_class() == CX_SC_Static)?;
            return Ok(());
        }
        let span = self.span(d);
        let local = cx.locals.append(Local {
            name: d.spelling(),
            ty,
            span,
            is_param: false,
            scope_depth: cx.depth,
        });
        if let Some(key) = super::decl_key(d) {
            cx.by_decl.insert(key, local);
        }
        let init = match d.var_initializer() {
            Some(i) => Some(self.init(&i, ty.ty, cx)?),
            None => None,
        };
        out.push(Stmt {
            kind: StmtKind::Decl { local, init },
            span,
        });
        Ok(())
    }
}
