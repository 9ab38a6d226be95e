//! A stable, readable dump of the AST (for `--dump-after=PASS` and pass tests): one line
//! per statement, expressions as nested forms annotated with their types, places with the
//! address space of the object they designate.

use super::{
    Block, Category, ConstValue, Expr, ExprKind, FpContract, Function, GlobalInit, Handle, Init,
    Module, QualType, StmtKind, Unroll,
};
use std::fmt::Write;

fn qual(m: &Module, q: &QualType) -> String {
    let space = q
        .space
        .map_or("<default>".to_string(), |s| s.spelling().to_string());
    let c = if q.is_const { "const " } else { "" };
    format!("{c}{space} {}", m.types.display(q.ty))
}

fn constant(v: &ConstValue) -> String {
    match v {
        ConstValue::Int(i) => i.to_string(),
        ConstValue::Float(f) => format!("{f:?}"),
        ConstValue::Bool(b) => b.to_string(),
        ConstValue::Zero => "zero".into(),
        ConstValue::Composite(items) => format!(
            "{{{}}}",
            items.iter().map(constant).collect::<Vec<_>>().join(", ")
        ),
        ConstValue::Address { global, indices } => format!("&g{}{indices:?}", global.index()),
    }
}

/// Marks arithmetic that `#pragma OPENCL FP_CONTRACT OFF` (or `-ffp-contract=off`) keeps
/// from being contracted.
fn off(e: &Expr) -> &'static str {
    if e.contract == FpContract::Off {
        " nocontract"
    } else {
        ""
    }
}

fn expr(m: &Module, f: &Function, h: Handle<Expr>) -> String {
    let e = &f.exprs[h];
    let sub = |x: Handle<Expr>| expr(m, f, x);
    let body = match &e.kind {
        ExprKind::IntConst(v) => v.to_string(),
        ExprKind::FloatConst(v) => format!("{v:?}"),
        ExprKind::BoolConst(v) => v.to_string(),
        ExprKind::Local(l) => format!("%{}", f.locals[*l].name),
        ExprKind::Global(g) => format!("@{}", m.globals[*g].name),
        ExprKind::Load(p) => format!("(load {})", sub(*p)),
        ExprKind::AddrOf(p) => format!("(addr {})", sub(*p)),
        ExprKind::Deref(p) => format!("(deref {})", sub(*p)),
        ExprKind::Index { base, index } => format!("(index {} {})", sub(*base), sub(*index)),
        ExprKind::Member { base, field } => format!("(member {} {field})", sub(*base)),
        ExprKind::Unary(op, a) => format!("({op:?} {})", sub(*a)),
        ExprKind::Binary(op, a, b) => format!("({op:?}{} {} {})", off(e), sub(*a), sub(*b)),
        ExprKind::Logical(op, a, b) => format!("({op:?} {} {})", sub(*a), sub(*b)),
        ExprKind::Assign { place, value } => format!("(assign {} {})", sub(*place), sub(*value)),
        ExprKind::CompoundAssign {
            op,
            place,
            value,
            fused,
            ..
        } => format!(
            "({op:?}={} {} {})",
            if *fused { " fused" } else { off(e) },
            sub(*place),
            sub(*value)
        ),
        ExprKind::FusedMulAdd {
            a,
            b,
            c,
            negate_product,
            negate_addend,
            ..
        } => {
            let neg = |n: bool| if n { "-" } else { "" };
            format!(
                "(fma {}{} {} {}{})",
                neg(*negate_product),
                sub(*a),
                sub(*b),
                neg(*negate_addend),
                sub(*c)
            )
        }
        ExprKind::IncDec {
            place,
            increment,
            prefix,
        } => {
            let op = if *increment { "++" } else { "--" };
            if *prefix {
                format!("({op}x {})", sub(*place))
            } else {
                format!("(x{op} {})", sub(*place))
            }
        }
        ExprKind::Cast {
            kind,
            operand,
            explicit,
        } => {
            format!(
                "({}{kind:?} {})",
                if *explicit { "explicit " } else { "" },
                sub(*operand)
            )
        }
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            format!("(select {} {} {})", sub(*cond), sub(*then), sub(*otherwise))
        }
        ExprKind::Comma(a, b) => format!("(comma {} {})", sub(*a), sub(*b)),
        ExprKind::Call { function, args } => {
            let args: Vec<String> = args.iter().map(|a| sub(*a)).collect();
            format!("(call {} {})", m.functions[*function].name, args.join(" "))
        }
        ExprKind::Builtin { builtin, args } => {
            let args: Vec<String> = args.iter().map(|a| sub(*a)).collect();
            format!("({builtin:?} {})", args.join(" "))
        }
        ExprKind::Swizzle { base, indices } => format!("(swizzle {} {indices:?})", sub(*base)),
        ExprKind::VectorLiteral(parts) => {
            format!(
                "(vector {})",
                parts.iter().map(|p| sub(*p)).collect::<Vec<_>>().join(" ")
            )
        }
        ExprKind::CompoundLiteral { local, .. } => format!("(literal %{})", f.locals[*local].name),
    };
    let ty = m.types.display(e.ty);
    match e.category {
        Category::Place { space, .. } => {
            format!(
                "{body}:{}{ty}",
                space.map_or(String::new(), |s| format!("{} ", s.spelling()))
            )
        }
        Category::Value => format!("{body}:{ty}"),
    }
}

fn init(m: &Module, f: &Function, i: &Init) -> String {
    match i {
        Init::Expr(e) => expr(m, f, *e),
        Init::Zero => "zero".into(),
        Init::List(items) => format!(
            "{{{}}}",
            items
                .iter()
                .map(|i| init(m, f, i))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn block(out: &mut String, m: &Module, f: &Function, b: &Block, depth: usize) {
    let pad = "  ".repeat(depth);
    for s in &b.stmts {
        let _ = match &s.kind {
            StmtKind::Block(inner) => {
                let _ = writeln!(out, "{pad}{{");
                block(out, m, f, inner, depth + 1);
                writeln!(out, "{pad}}}")
            }
            StmtKind::Expr(e) => writeln!(out, "{pad}{}", expr(m, f, *e)),
            StmtKind::Decl { local, init: i } => {
                let l = &f.locals[*local];
                let rhs = i
                    .as_ref()
                    .map(|i| format!(" = {}", init(m, f, i)))
                    .unwrap_or_default();
                writeln!(out, "{pad}decl %{}: {}{rhs}", l.name, qual(m, &l.ty))
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let _ = writeln!(out, "{pad}if {} {{", expr(m, f, *cond));
                block(out, m, f, then, depth + 1);
                if let Some(o) = otherwise {
                    let _ = writeln!(out, "{pad}}} else {{");
                    block(out, m, f, o, depth + 1);
                }
                writeln!(out, "{pad}}}")
            }
            StmtKind::Loop {
                init: i,
                cond,
                body,
                step,
                test_after,
                unroll,
            } => {
                match unroll {
                    Unroll::None => {}
                    Unroll::Full => {
                        let _ = writeln!(out, "{pad}#unroll");
                    }
                    Unroll::Disable => {
                        let _ = writeln!(out, "{pad}#nounroll");
                    }
                    Unroll::Count(n) => {
                        let _ = writeln!(out, "{pad}#unroll {n}");
                    }
                }
                let _ = writeln!(out, "{pad}loop {{");
                block(out, m, f, i, depth + 1);
                let c = cond.map(|c| expr(m, f, c)).unwrap_or_else(|| "true".into());
                let _ = writeln!(
                    out,
                    "{pad}  {} {c}",
                    if *test_after { "test-after" } else { "while" }
                );
                if let Some(st) = step {
                    let _ = writeln!(out, "{pad}  step {}", expr(m, f, *st));
                }
                block(out, m, f, body, depth + 1);
                writeln!(out, "{pad}}}")
            }
            StmtKind::Switch { cond, cases } => {
                let _ = writeln!(out, "{pad}switch {} {{", expr(m, f, *cond));
                for c in cases {
                    let default = if c.is_default { " default" } else { "" };
                    let _ = writeln!(out, "{pad}case {:?}{default}:", c.values);
                    block(out, m, f, &c.body, depth + 1);
                }
                writeln!(out, "{pad}}}")
            }
            StmtKind::Label(l) => writeln!(
                out,
                "{pad}{}:",
                f.labels.get(*l as usize).map_or("?", |s| s.as_str())
            ),
            StmtKind::Goto(l) => writeln!(
                out,
                "{pad}goto {}",
                f.labels.get(*l as usize).map_or("?", |s| s.as_str())
            ),
            StmtKind::Break => writeln!(out, "{pad}break"),
            StmtKind::Continue => writeln!(out, "{pad}continue"),
            StmtKind::Return(e) => writeln!(
                out,
                "{pad}return{}",
                e.map(|e| format!(" {}", expr(m, f, e))).unwrap_or_default()
            ),
        };
    }
}

/// The whole module.
pub fn module(m: &Module) -> String {
    let mut out = format!("; OpenCL C {}\n", m.lang.version.spelling());
    for (_, g) in m.globals.iter() {
        let init = match &g.init {
            GlobalInit::None => String::new(),
            GlobalInit::Const(v) => format!(" = {}", constant(v)),
            GlobalInit::NotConstant(_) => " = <not constant>".into(),
        };
        let _ = writeln!(out, "global @{}: {}{init}", g.name, qual(m, &g.ty));
    }
    for (_, f) in m.functions.iter() {
        let kind = if f.kernel.is_some() {
            "kernel"
        } else {
            "function"
        };
        let params: Vec<String> = f
            .params
            .iter()
            .map(|&p| format!("%{}: {}", f.locals[p].name, qual(m, &f.locals[p].ty)))
            .collect();
        let _ = writeln!(
            out,
            "{kind} {} {}({}) {{",
            m.types.display(f.result.ty),
            f.name,
            params.join(", ")
        );
        block(&mut out, m, f, &f.body, 1);
        let _ = writeln!(out, "}}");
    }
    out
}
