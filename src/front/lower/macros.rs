//! Swizzles written in macro bodies. libclang reports a swizzle's accessor only through the
//! tokens of its extent, and for a swizzle spelled in a macro body that extent is the whole
//! macro invocation. So clc replays the preprocessor on the user's macro definitions: it
//! expands the invocation (nested macros included, the invocation's own arguments left
//! out, since swizzles written there are visible), collects the `.accessor` tokens in
//! order, and pairs them with the macro-body swizzle nodes of that invocation in source
//! order. When the counts differ (a member access that looks like a swizzle, an unusual
//! macro), nothing is paired and the swizzle is reported as unsupported.

use super::Lowerer;
use crate::front::clang::Cursor;
use clang_sys::*;
use clc_passes::ast::{Swizzle, Unroll};
use rustc_hash::FxHashMap;
use rustc_hash::FxHashSet;

/// Marks where an argument of the outermost invocation was substituted.
const OUTER_ARG: &str = "\u{0}arg";

/// A user macro definition.
#[derive(Debug, Clone)]
pub(super) struct MacroDef {
    /// Parameter names of a function-like macro.
    params: Option<Vec<String>>,
    /// Replacement tokens.
    body: Vec<String>,
}

impl MacroDef {
    /// Parses the tokens of a definition's extent (`NAME ( a , b ) body…` or `NAME body…`).
    /// Without whitespace information, `NAME (` followed by identifiers and commas is taken
    /// as a parameter list.
    pub(super) fn parse(tokens: &[String]) -> Option<MacroDef> {
        let rest = tokens.get(1..)?;
        if rest.first().map(String::as_str) == Some("(") {
            let close = rest.iter().position(|t| t == ")")?;
            let inner = &rest[1..close];
            let params: Vec<String> = inner.iter().filter(|t| *t != ",").cloned().collect();
            let shape_ok = inner.iter().enumerate().all(|(i, t)| {
                if i % 2 == 1 {
                    t == ","
                } else {
                    t == "..." || t.chars().all(|c| c.is_alphanumeric() || c == '_')
                }
            });
            if shape_ok {
                return Some(MacroDef {
                    params: Some(params),
                    body: rest[close + 1..].to_vec(),
                });
            }
        }
        Some(MacroDef {
            params: None,
            body: rest.to_vec(),
        })
    }
}

/// Splits `( a , f ( b , c ) )` starting at `tokens[0] == "("` into arguments; returns them
/// and the number of tokens consumed.
fn split_args(tokens: &[String]) -> Option<(Vec<Vec<String>>, usize)> {
    let mut depth = 0;
    let mut args = vec![Vec::new()];
    for (i, t) in tokens.iter().enumerate() {
        match t.as_str() {
            "(" => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ")" => {
                depth -= 1;
                if depth == 0 {
                    return Some((args, i + 1));
                }
            }
            "," if depth == 1 => {
                args.push(Vec::new());
                continue;
            }
            _ => {}
        }
        args.last_mut()?.push(t.clone());
    }
    None
}

fn substitute(def: &MacroDef, args: &[Vec<String>]) -> Vec<String> {
    let Some(params) = &def.params else {
        return def.body.clone();
    };
    let mut out = Vec::new();
    for t in &def.body {
        match params.iter().position(|p| p == t) {
            Some(i) => out.extend(args.get(i).cloned().unwrap_or_default()),
            None if t == "__VA_ARGS__" => {
                let named = params.len().saturating_sub(1);
                for (k, a) in args.iter().enumerate().skip(named) {
                    if k > named {
                        out.push(",".into());
                    }
                    out.extend(a.iter().cloned());
                }
            }
            None => out.push(t.clone()),
        }
    }
    paste(out)
}

/// Applies the `##` operators of a substituted body: each joins its neighbours into one
/// token (`PASTE(x, y)` → `xy`).
fn paste(mut tokens: Vec<String>) -> Vec<String> {
    let mut i = 1;
    while i + 1 < tokens.len() {
        if tokens[i] == "##" {
            let right = tokens.remove(i + 1);
            tokens.remove(i);
            tokens[i - 1].push_str(&right);
        } else {
            i += 1;
        }
    }
    tokens
}

/// The component accessor of a swizzle whose tokens end `… . acc`, where `acc` is written
/// directly or produced by the user's macros (`#define B_COMP z` then `v.B_COMP`, or
/// `v.PASTE(x, y)` with `##`). `None` when the tail does not expand to one token.
pub(super) fn trailing_accessor(
    macros: &FxHashMap<String, MacroDef>,
    tokens: &[String],
) -> Option<String> {
    let dot = tokens.iter().rposition(|t| t == ".")?;
    let tail = &tokens[dot + 1..];
    let mut out = Vec::new();
    expand(macros, tail, 0, &mut out, 1)?;
    match out.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Appends the expansion of `tokens` to `out`; `None` when it nests deeper than 32 or
/// `out` grows beyond `limit` tokens. Callers that want one token say so: the tail of an
/// expression spelled across macro bodies can name macros that expand to thousands of
/// tokens (john's `bf_cpu_kernel.cl` took 48 s before the limit), and `out` only grows.
fn expand(
    macros: &FxHashMap<String, MacroDef>,
    tokens: &[String],
    depth: u32,
    out: &mut Vec<String>,
    limit: usize,
) -> Option<()> {
    if depth > 32 || out.len() > limit {
        return None;
    }
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if let Some(def) = macros.get(t) {
            match &def.params {
                Some(_) if tokens.get(i + 1).map(String::as_str) == Some("(") => {
                    let (args, used) = split_args(&tokens[i + 1..])?;
                    expand(macros, &substitute(def, &args), depth + 1, out, limit)?;
                    i += 1 + used;
                    continue;
                }
                None => {
                    expand(macros, &def.body, depth + 1, out, limit)?;
                    i += 1;
                    continue;
                }
                Some(_) => {}
            }
        }
        if out.len() == limit {
            return None;
        }
        out.push(t.clone());
        i += 1;
    }
    Some(())
}

/// The accessors of the swizzles spelled in the bodies of the macros an invocation of
/// `name` expands to, in order.
pub(super) fn body_accessors(
    macros: &FxHashMap<String, MacroDef>,
    name: &str,
) -> Option<Vec<String>> {
    let def = macros.get(name)?;
    let outer_args: Vec<Vec<String>> = def
        .params
        .as_ref()
        .map(|p| p.iter().map(|_| vec![OUTER_ARG.to_string()]).collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    expand(
        macros,
        &substitute(def, &outer_args),
        0,
        &mut out,
        usize::MAX,
    )?;
    Some(
        out.windows(2)
            .filter(|w| w[0] == "." && Swizzle::decode(&w[1], 16).is_some())
            .map(|w| w[1].clone())
            .collect(),
    )
}

/// Which of the clauses `init; cond; step` a `for` statement writes, from the tokens of its
/// extent with user macros expanded. A statement spelled directly starts with `for`; one
/// spelled in a macro body has the invocation as its extent, and the expansion may hold
/// several `for` statements (nested loops), so the answer is given only when all their
/// headers agree.
pub(super) fn for_clauses_written(
    macros: &FxHashMap<String, MacroDef>,
    tokens: &[String],
) -> Option<[bool; 3]> {
    let direct = tokens.first().map(String::as_str) == Some("for");
    let mut expanded = Vec::new();
    expand(macros, tokens, 0, &mut expanded, usize::MAX)?;
    let mut starts = expanded
        .iter()
        .enumerate()
        .filter(|(_, t)| *t == "for")
        .map(|(i, _)| i);
    let first = for_header(&expanded[starts.next()?..])?;
    if !direct {
        for i in starts {
            if for_header(&expanded[i..])? != first {
                return None;
            }
        }
    }
    Some(first)
}

/// The written clauses of the header of `for ( … ; … ; … )` at the start of `tokens`.
fn for_header(tokens: &[String]) -> Option<[bool; 3]> {
    if tokens.get(1).map(String::as_str) != Some("(") {
        return None;
    }
    let (mut depth, mut part, mut written) = (0u32, 0usize, [false; 3]);
    for t in &tokens[1..] {
        match t.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return (part == 2).then_some(written);
                }
            }
            ";" if depth == 1 => {
                part += 1;
                if part > 2 {
                    return None;
                }
                continue;
            }
            _ => {}
        }
        if depth >= 1 && !(depth == 1 && t == "(") {
            written[part] = true;
        }
    }
    None
}

/// The unroll hint among the tokens in front of an attributed statement:
/// `#pragma unroll [N]`, `#pragma unroll(N)`, `#pragma nounroll`,
/// `#pragma clang loop unroll(enable|full|disable)` / `unroll_count(N)`, and
/// `__attribute__((opencl_unroll_hint[(N)]))`. A count of 1 means no unrolling; a count
/// that is not an integer (after expanding user macros) leaves the loop without a hint.
pub(super) fn unroll_hint(
    macros: &FxHashMap<String, MacroDef>,
    tokens: &[String],
) -> Option<Unroll> {
    let count = |rest: &[String]| -> Option<Unroll> {
        let inner: Vec<String> = rest
            .iter()
            .filter(|t| *t != "(" && *t != ")")
            .cloned()
            .collect();
        if inner.is_empty() {
            return Some(Unroll::Full);
        }
        let mut expanded = Vec::new();
        expand(macros, &inner, 0, &mut expanded, 1)?;
        let [n] = expanded.as_slice() else {
            return None;
        };
        let n = n.trim_end_matches(['u', 'U', 'l', 'L']);
        let n = if let Some(h) = n.strip_prefix("0x").or_else(|| n.strip_prefix("0X")) {
            u32::from_str_radix(h, 16).ok()?
        } else {
            n.parse::<u32>().ok()?
        };
        Some(if n <= 1 {
            Unroll::Disable
        } else {
            Unroll::Count(n)
        })
    };
    let mut hint = None;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        // The hint's own tokens: up to the next `#` or `__attribute__`.
        let end = tokens[i + 1..]
            .iter()
            .position(|t| t == "#" || t == "__attribute__")
            .map_or(tokens.len(), |p| i + 1 + p);
        let rest = &tokens[(i + 1).min(end)..end];
        match t {
            "unroll" => hint = count(rest).or(hint),
            "nounroll" => hint = Some(Unroll::Disable),
            "opencl_unroll_hint" => {
                let close = rest.iter().position(|t| t == ")").map_or(0, |p| p + 1);
                let args = if rest.first().map(String::as_str) == Some("(") {
                    &rest[..close]
                } else {
                    &[][..]
                };
                hint = count(args).or(hint);
            }
            "loop" => {
                let mut k = 0;
                while k < rest.len() {
                    let arg = rest[k + 1..]
                        .iter()
                        .position(|t| t == ")")
                        .map_or(&[][..], |p| &rest[k + 1..k + 2 + p]);
                    match (rest[k].as_str(), arg.get(1).map(String::as_str)) {
                        ("unroll", Some("enable" | "full")) => hint = Some(Unroll::Full),
                        ("unroll", Some("disable")) => hint = Some(Unroll::Disable),
                        ("unroll_count", _) => hint = count(arg).or(hint),
                        _ => {}
                    }
                    k += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    hint
}

impl Lowerer<'_, '_> {
    /// Pairs every macro-body swizzle node of the user's function bodies with its accessor
    /// (see the module docs); the result is keyed by the node's cursor hash and location.
    /// `None` marks a node that looked like a swizzle and is not one: the implicit
    /// `LValueToRValue` cast of a vector literal (`ID((long4)(a, b, c, d))` with
    /// `#define ID(x) (x)`), which has the literal's type and, in a macro body, the
    /// invocation's extent, as a full swizzle would. The whole translation unit is walked at
    /// once, in source order, because one macro invocation may define several functions.
    pub(super) fn pair_macro_swizzles(&mut self) -> FxHashMap<(u32, u32), Option<String>> {
        type Key = (u32, u32);
        let key_of = |c: &Cursor<'_>| (c.hash(), c.location().map_or(0, |l| l.offset));
        /// One swizzle-shaped node: its key, its operand's (through parentheses), and
        /// whether it rests on a vector literal (through parentheses and swizzles).
        struct Node {
            key: Key,
            operand: Key,
            on_literal: bool,
        }
        // (macro name, invocation offset) → the swizzle-shaped nodes it holds.
        type Group = ((String, u32), Vec<Node>);
        let mut groups: Vec<Group> = Vec::new();
        // Only a body with a macro invocation in it can hold such a node: where the file
        // offsets of a body's ends are known, bodies holding no invocation's start (in any
        // file: the test is conservative) are not walked.
        let mut starts: Vec<u32> = self.expansions.keys().map(|(start, _)| *start).collect();
        if starts.is_empty() {
            return FxHashMap::default();
        }
        starts.sort_unstable();
        let may_hold_invocation = |body: &Cursor<'_>| match body.extent_offsets(false) {
            Some(r) => {
                let (start, end) = r.range();
                let first = starts.partition_point(|&s| s < start);
                starts.get(first).is_some_and(|&s| s <= end)
            }
            None => true,
        };
        // Post-order: a swizzle's accessor is the last token of its expression, so children
        // (in source order) come before their parent, as the accessors do.
        let bodies = self.root.children().into_iter().filter_map(|f| {
            (f.kind() == CXCursor_FunctionDecl && f.is_definition() && !f.is_in_system_header())
                .then(|| {
                    f.children()
                        .into_iter()
                        .find(|b| b.kind() == CXCursor_CompoundStmt)
                })
                .flatten()
                .filter(|b| may_hold_invocation(b))
        });
        for (c, first) in bodies.flat_map(|b| b.descendants_post_order(CXCursor_UnexposedExpr)) {
            let Some(ch) = first else {
                continue;
            };
            if !self.is_macro_body_swizzle(&c, &ch) {
                continue;
            }
            let mut operand = ch;
            while operand.kind() == CXCursor_ParenExpr {
                match operand.expr_children().into_iter().next() {
                    Some(inner) => operand = inner,
                    None => break,
                }
            }
            // Down through parentheses and swizzle-like nodes to what they rest on.
            let mut bottom = operand;
            while matches!(bottom.kind(), CXCursor_ParenExpr | CXCursor_UnexposedExpr) {
                match bottom.expr_children().into_iter().next() {
                    Some(inner) => bottom = inner,
                    None => break,
                }
            }
            let node = Node {
                key: key_of(&c),
                operand: key_of(&operand),
                on_literal: bottom.kind() == CXCursor_CompoundLiteralExpr,
            };
            if let Some((start, name)) = c.macro_invocation() {
                match groups.iter_mut().find(|(g, _)| g.0 == name && g.1 == start) {
                    Some((_, nodes)) => nodes.push(node),
                    None => groups.push(((name, start), vec![node])),
                }
            }
        }
        let mut paired = FxHashMap::default();
        for ((name, _), nodes) in groups {
            // The `as_T` built-ins are macros of clang's OpenCL header (not among the user's
            // macros), `__builtin_astype((x), T)`: no accessor in their bodies.
            let header_astype = name.starts_with("as_") && !self.macros.contains_key(&name);
            let Some(accessors) =
                body_accessors(&self.macros, &name).or_else(|| header_astype.then(Vec::new))
            else {
                continue;
            };
            if accessors.len() == nodes.len() {
                paired.extend(
                    nodes
                        .iter()
                        .map(|n| n.key)
                        .zip(accessors.into_iter().map(Some)),
                );
                continue;
            }
            // Too many nodes: the implicit casts are the outermost nodes of chains that end
            // at a vector literal (the cast of `(lit)`, or of `(lit).wzyx`, whose swizzle,
            // being of a literal, has no address space either). Drop them if that makes the
            // counts agree.
            let is_operand: FxHashSet<Key> = nodes.iter().map(|n| n.operand).collect();
            let casts: Vec<Key> = nodes
                .iter()
                .filter(|n| n.on_literal && !is_operand.contains(&n.key))
                .map(|n| n.key)
                .collect();
            if nodes.len() - casts.len() == accessors.len() {
                let swizzles = nodes.iter().map(|n| n.key).filter(|k| !casts.contains(k));
                paired.extend(swizzles.zip(accessors.into_iter().map(Some)));
                paired.extend(casts.into_iter().map(|k| (k, None)));
            }
        }
        paired
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs(src: &[&str]) -> FxHashMap<String, MacroDef> {
        src.iter()
            .map(|d| {
                let toks: Vec<String> = d.split_whitespace().map(String::from).collect();
                (toks[0].clone(), MacroDef::parse(&toks))
            })
            .filter_map(|(n, d)| Some((n, d?)))
            .collect()
    }

    #[test]
    fn expands_nested_macros_and_skips_outer_arguments() {
        let m = defs(&[
            "PUT4 ( e ) { int4 t4 = ( e ) ; o [ n ++ ] = t4 . x ; o [ n ++ ] = t4 . w ; }",
            "PUT8 ( e ) { int8 t8 = ( e ) ; PUT4 ( t8 . lo ) PUT4 ( t8 . hi ) }",
            "GETX ( v ) ( v ) . x",
        ]);
        let strs = |v: &[&str]| Some(v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(body_accessors(&m, "PUT4"), strs(&["x", "w"]));
        assert_eq!(
            body_accessors(&m, "PUT8"),
            strs(&["lo", "x", "w", "hi", "x", "w"])
        );
        assert_eq!(body_accessors(&m, "GETX"), strs(&["x"]));
    }

    #[test]
    fn accessors_named_through_macros_and_pasting() {
        let m = defs(&["B_COMP z", "PASTE ( a , b ) a ## b", "HI hi", "ALIAS HI"]);
        let toks = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let acc = |s: &str| trailing_accessor(&m, &toks(s));
        assert_eq!(acc("pix . B_COMP"), Some("z".into()));
        assert_eq!(acc("v . PASTE ( x , y )"), Some("xy".into()));
        assert_eq!(acc("v . ALIAS"), Some("hi".into()));
        assert_eq!(acc("v . wzyx"), Some("wzyx".into()));
        assert_eq!(acc("v . PASTE ( x , y ) + 1"), None);
        assert_eq!(acc("v"), None);
    }

    #[test]
    fn a_tail_that_expands_to_many_tokens_stops_at_the_second() {
        // D30 expands to 2^31 tokens: without the limit this never returns.
        let mut lines = vec!["D0 x y".to_string()];
        lines.extend((1..=30).map(|i| format!("D{i} D{} D{}", i - 1, i - 1)));
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let m = defs(&lines);
        let toks = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(trailing_accessor(&m, &toks("v . D30")), None);
        assert_eq!(unroll_hint(&m, &toks("unroll ( D30 )")), None);
    }

    #[test]
    fn object_like_macros_are_not_parameter_lists() {
        let d = MacroDef::parse(&[
            "X".into(),
            "(".into(),
            "1".into(),
            "+".into(),
            "2".into(),
            ")".into(),
        ]);
        assert!(d.is_some_and(|d| d.params.is_none()));
    }

    #[test]
    fn for_headers_say_which_clauses_are_written() {
        let toks = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let none = FxHashMap::default();
        let m = defs(&[
            "FOR ( i , n ) for ( int i = 0 ; i < n ; i ++ )",
            "EMPTY",
            "HDR ( ; ( a ) ; )",
        ]);
        assert_eq!(
            for_clauses_written(&none, &toks("for ( ; ; ) { for ( i = 0 ; ; ) ; }")),
            Some([false; 3])
        );
        assert_eq!(
            for_clauses_written(&none, &toks("for ( ; f ( a , b ) ; x [ 1 ] ++ ) ;")),
            Some([false, true, true])
        );
        assert_eq!(
            for_clauses_written(&m, &toks("FOR ( j , 4 ) s += j ;")),
            Some([true; 3])
        );
        assert_eq!(
            for_clauses_written(&m, &toks("for ( EMPTY ; y < 3 ; ) y ++ ;")),
            Some([false, true, false])
        );
        assert_eq!(
            for_clauses_written(&m, &toks("for HDR ;")),
            Some([false, true, false])
        );
        assert_eq!(for_clauses_written(&none, &toks("for ( ; ; ; ) ;")), None);
        assert_eq!(for_clauses_written(&none, &toks("for ( a ; b )")), None);
    }

    #[test]
    fn unroll_hints_in_every_spelling() {
        let toks = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let m = defs(&["FACTOR 4", "ONE 1"]);
        let hint = |s: &str| unroll_hint(&m, &toks(s));
        assert_eq!(hint("# pragma unroll"), Some(Unroll::Full));
        assert_eq!(hint("# pragma unroll 8"), Some(Unroll::Count(8)));
        assert_eq!(hint("# pragma unroll ( FACTOR )"), Some(Unroll::Count(4)));
        assert_eq!(hint("# pragma unroll ONE"), Some(Unroll::Disable));
        assert_eq!(hint("# pragma unroll 0x10u"), Some(Unroll::Count(16)));
        assert_eq!(hint("# pragma unroll N"), None);
        assert_eq!(hint("# pragma nounroll"), Some(Unroll::Disable));
        assert_eq!(
            hint("# pragma clang loop unroll ( full )"),
            Some(Unroll::Full)
        );
        assert_eq!(
            hint("# pragma clang loop unroll ( disable )"),
            Some(Unroll::Disable)
        );
        assert_eq!(
            hint("# pragma clang loop unroll_count ( 3 )"),
            Some(Unroll::Count(3))
        );
        assert_eq!(
            hint("__attribute__ ( ( opencl_unroll_hint ) )"),
            Some(Unroll::Full)
        );
        assert_eq!(
            hint("__attribute__ ( ( opencl_unroll_hint ( 2 ) ) )"),
            Some(Unroll::Count(2))
        );
        assert_eq!(hint("__attribute__ ( ( fallthrough ) )"), None);
    }
}
