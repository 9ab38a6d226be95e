//! Renders diagnostics the way clang does, so editors and CI parse them:
//! `file:line:col: error: message [tag]`, the source line, a caret under the column,
//! then the notes; or as JSON lines for tools (`--diagnostics=json`).

use crate::source::SourceMap;
use clc_passes::diag::{Diagnostic, Diagnostics, Severity, Span};
use std::fmt::Write;

/// Renders one diagnostic in clang's shape.
pub fn human(d: &Diagnostic, sources: &SourceMap) -> String {
    let mut out = String::new();
    header(
        &mut out,
        d.span,
        d.severity,
        &d.message,
        d.tag.as_deref(),
        sources,
    );
    for (span, note) in &d.notes {
        header(&mut out, *span, Severity::Note, note, None, sources);
    }
    out
}

fn header(
    out: &mut String,
    span: Option<Span>,
    sev: Severity,
    msg: &str,
    tag: Option<&str>,
    sources: &SourceMap,
) {
    let tag = tag.map(|t| format!(" [{t}]")).unwrap_or_default();
    match span.and_then(|s| sources.get(s.file).map(|f| (s, f))) {
        Some((s, f)) if s.line > 0 => {
            let _ = writeln!(
                out,
                "{}:{}:{}: {sev}: {msg}{tag}",
                f.path.display(),
                s.line,
                s.col
            );
            if let Some(line) = sources.line(s.file, s.line) {
                let _ = writeln!(out, "{line}");
                // Keep tabs so the caret lines up under the column in a terminal.
                let pad: String = line
                    .bytes()
                    .take(s.col.saturating_sub(1) as usize)
                    .map(|b| if b == b'\t' { '\t' } else { ' ' })
                    .collect();
                let _ = writeln!(out, "{pad}^");
            }
        }
        _ => {
            let _ = writeln!(out, "clc: {sev}: {msg}{tag}");
        }
    }
}

/// Renders all diagnostics, then clang's summary (`2 errors generated.`).
pub fn human_all(diags: &Diagnostics, sources: &SourceMap) -> String {
    let mut out = String::new();
    for d in diags.iter() {
        out.push_str(&human(d, sources));
    }
    let count = |s| diags.iter().filter(|d| d.severity == s).count();
    let (w, e) = (count(Severity::Warning), diags.error_count());
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (w, e) {
        (0, 0) => {}
        (w, 0) => {
            let _ = writeln!(out, "{} generated.", plural(w, "warning"));
        }
        (0, e) => {
            let _ = writeln!(out, "{} generated.", plural(e, "error"));
        }
        (w, e) => {
            let _ = writeln!(
                out,
                "{} and {} generated.",
                plural(w, "warning"),
                plural(e, "error")
            );
        }
    }
    out
}

/// One JSON object per line per diagnostic.
pub fn json_all(diags: &Diagnostics, sources: &SourceMap) -> String {
    let loc = |s: Option<Span>| match s.and_then(|s| sources.get(s.file).map(|f| (s, f))) {
        Some((s, f)) => {
            serde_json::json!({ "file": f.path.display().to_string(), "line": s.line, "column": s.col })
        }
        None => serde_json::Value::Null,
    };
    let mut out = String::new();
    for d in diags.iter() {
        let notes: Vec<_> = d
            .notes
            .iter()
            .map(|(s, m)| serde_json::json!({ "message": m, "location": loc(*s) }))
            .collect();
        let v = serde_json::json!({
            "severity": d.severity.to_string(),
            "message": d.message,
            "tag": d.tag,
            "location": loc(d.span),
            "notes": notes,
        });
        out.push_str(&v.to_string());
        out.push('\n');
    }
    out
}
