//! Diagnostics as typed values: every phase accumulates them, only the edge (the CLI or the
//! build-script API) renders them. User errors are [`Diagnostic`]s; compiler bugs are a
//! separate type ([`Bug`]) so they can never be confused with a problem in the input.

use std::fmt;

/// Index of a source file in the compiler's source map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A source position: file, 1-based line and 1-based column (in bytes, as clang counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Attached explanation.
    Note,
    /// Does not stop compilation unless `-Werror`.
    Warning,
    /// Stops compilation before code generation.
    Error,
    /// An error after which nothing more is reported (clang's `fatal error:`).
    Fatal,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Fatal => "fatal error",
        })
    }
}

/// One message about the input, with its location and attached notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// One specific line; details go into notes.
    pub message: String,
    /// Where; `None` for diagnostics about the whole input.
    pub span: Option<Span>,
    /// The option that controls a warning (`-Wparentheses`) or the rule id (`AS-8`).
    pub tag: Option<String>,
    /// Follow-up notes, each optionally located.
    pub notes: Vec<(Option<Span>, String)>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: span.into(),
            tag: None,
            notes: Vec::new(),
        }
    }
    /// A warning at `span`.
    pub fn warning(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            message: message.into(),
            span: span.into(),
            tag: None,
            notes: Vec::new(),
        }
    }
    /// An `unsupported:` error: valid OpenCL C that clc cannot compile yet.
    pub fn unsupported(span: impl Into<Option<Span>>, what: impl fmt::Display) -> Self {
        Diagnostic::error(span, format!("unsupported: {what}"))
    }
    /// Attaches a tag (rule id or warning option).
    pub fn with_tag(mut self, tag: impl Into<String>) -> Self {
        self.tag = Some(tag.into());
        self
    }
    /// Attaches a note.
    pub fn with_note(mut self, span: impl Into<Option<Span>>, note: impl Into<String>) -> Self {
        self.notes.push((span.into(), note.into()));
        self
    }
}

/// An accumulating list of diagnostics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }
    /// Adds all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
    }
    /// Whether any error was reported.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity >= Severity::Error)
    }
    /// Number of errors, fatal ones included (clang's "N errors generated").
    pub fn error_count(&self) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity >= Severity::Error)
            .count()
    }
    /// `-ferror-limit=N`, as clang applies it: the first `limit` errors are kept, the next
    /// one becomes `fatal error: too many errors emitted, stopping now [-ferror-limit=]`,
    /// and nothing after it is reported. 0 means no limit.
    pub fn limit_errors(&mut self, limit: u32) {
        if limit == 0 {
            return;
        }
        let mut errors = 0;
        let past = self.items.iter().position(|d| {
            if d.severity < Severity::Error {
                return false;
            }
            errors += 1;
            errors > limit
        });
        if let Some(i) = past {
            self.items.truncate(i);
            self.items.push(Diagnostic {
                severity: Severity::Fatal,
                message: "too many errors emitted, stopping now".into(),
                span: None,
                tag: Some("-ferror-limit=".into()),
                notes: Vec::new(),
            });
        }
    }
    /// Sorts by location, keeping the order of diagnostics at the same place.
    pub fn sort(&mut self) {
        self.items.sort_by_key(|d| d.span);
    }
    /// The diagnostics.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }
    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics { items: vec![d] }
    }
}

/// A broken internal invariant: a bug in clc, never a problem with the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bug {
    /// What went wrong, for the bug report.
    pub message: String,
    /// Where in the input the compiler was, if known.
    pub span: Option<Span>,
}

impl Bug {
    /// A bug report.
    pub fn new(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Bug {
            message: message.into(),
            span: span.into(),
        }
    }
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Bug {}
