//! Cursors → typed AST. Everything the AST cannot express yet becomes a located
//! `unsupported:` diagnostic; nothing here panics on any input.
//!
//! Lowering runs only on translation units without clang errors, so clang's type checking
//! can be trusted: operands are already converted (each implicit cast is its own cursor,
//! classified in [`expr`]), overloads are resolved, and address spaces are explicit on
//! every declaration.

mod clang_builtins;
mod decl;
mod expr;
pub use decl::MAX_KERNELS;
pub use expr::MAX_EXPR_DEPTH;
pub use stmt::MAX_STMT_DEPTH;
mod fp_contract;
mod init;
mod macros;
mod stmt;
mod types;

use super::clang::{Cursor, Location};
use crate::source::SourceMap;
use clc_passes::ast::{
    Arena, Expr, Function, Global, Handle, LangOptions, Local, Module, StructDef,
};
use clc_passes::diag::{Diagnostic, Diagnostics, FileId, Span};
use rustc_hash::FxHashMap;
use rustc_hash::FxHashSet;

/// A diagnostic was already recorded; stop lowering the enclosing construct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reported;

type R<T> = Result<T, Reported>;

/// Lowers the translation unit rooted at `root` into a module; `main` is the main file's
/// entry in `sources`, with its text.
pub fn lower(
    root: &Cursor<'_>,
    lang: LangOptions,
    sources: &mut SourceMap,
    main: FileId,
) -> Result<Module, Diagnostics> {
    let mut l = Lowerer {
        module: Module::new(lang),
        diags: Diagnostics::new(),
        sources,
        root: *root,
        structs: FxHashMap::default(),
        functions: FxHashMap::default(),
        globals: FxHashMap::default(),
        failed_globals: Default::default(),
        pending_globals: Default::default(),
        macros: FxHashMap::default(),
        expansions: FxHashMap::default(),
        macro_swizzles: FxHashMap::default(),
        written_accessors: Default::default(),
        strings: 0,
        fp_pragmas: Vec::new(),
        kernels: 0,
        file_ids: FxHashMap::default(),
        last_file: (0, FileId(0)),
    };
    for c in root.children() {
        // The kind before the location: most top-level cursors are declarations and macros
        // of clang's OpenCL header, and asking each for its location costs more.
        match c.kind() {
            clang_sys::CXCursor_MacroDefinition if !c.is_in_system_header() => {
                if let Some(def) = macros::MacroDef::parse(&c.tokens()) {
                    l.macros.insert(c.spelling(), def);
                }
            }
            clang_sys::CXCursor_MacroExpansion if !c.is_in_system_header() => {
                if let Some((start, end)) = c.extent_locations() {
                    l.expansions
                        .insert((start.offset, c.spelling()), end.offset);
                }
            }
            _ => {}
        }
    }
    l.macro_swizzles = l.pair_macro_swizzles();
    l.collect_fp_pragmas(root, main);
    l.translation_unit();
    if l.diags.has_errors() {
        Err(l.diags)
    } else {
        Ok(l.module)
    }
}

struct Lowerer<'s, 'tu> {
    module: Module,
    diags: Diagnostics,
    sources: &'s mut SourceMap,
    root: Cursor<'tu>,
    /// Struct declarations by USR.
    structs: FxHashMap<String, Handle<StructDef>>,
    /// Function definitions by USR.
    functions: FxHashMap<String, Handle<Function>>,
    /// Program-scope variables by USR.
    globals: FxHashMap<String, Handle<Global>>,
    /// Program-scope variables already reported as unsupported (reported once).
    failed_globals: FxHashSet<String>,
    /// Program-scope variables whose initializers are being lowered.
    pending_globals: FxHashSet<String>,
    /// The user's macro definitions, by name.
    macros: FxHashMap<String, macros::MacroDef>,
    /// Where each top-level macro invocation ends, by (start offset, macro name).
    expansions: FxHashMap<(u32, String), u32>,
    /// Accessors of the swizzles spelled in macro bodies, by (cursor hash, offset).
    macro_swizzles: FxHashMap<(u32, u32), Option<String>>,
    /// [`Lowerer::written_accessor`] by spelled extent: the nodes of every expansion of a
    /// macro share their spellings, and a spelled extent can cover much of a file (its
    /// ends in two macro bodies), so each is tokenized once.
    written_accessors:
        std::cell::RefCell<FxHashMap<crate::front::clang::ExtentOffsets, Option<String>>>,
    /// Counter for string-literal globals.
    strings: u32,
    /// The FP_CONTRACT pragmas, in source order.
    fp_pragmas: Vec<fp_contract::FpPragma>,
    /// Kernels lowered so far.
    kernels: u32,
    /// The source map's id of each file libclang has named a location in, by its handle.
    file_ids: FxHashMap<usize, FileId>,
    /// The last entry of `file_ids` used (key 0: none): consecutive spans are nearly all
    /// in one file, and a hash-map probe costs a tenth of a microsecond unoptimized.
    last_file: (usize, FileId),
}

/// Per-function state.
struct FnCtx {
    locals: Arena<Local>,
    exprs: Arena<Expr>,
    /// Local variables by declaration ([`Cursor::identity`]: declarations made by one macro
    /// expansion share a location and may share a name).
    by_decl: FxHashMap<(i32, usize), Handle<Local>>,
    depth: u32,
    /// Current expression nesting.
    expr_depth: u32,
    /// Label names, by index.
    labels: Vec<String>,
    /// What `break` leaves, innermost last: `None` for a loop or a structured `switch`,
    /// the end label of a `switch` lowered to jumps.
    break_targets: Vec<Option<u32>>,
    /// The `switch` statements lowered to jumps that enclose the statement being lowered.
    goto_switches: Vec<GotoSwitch>,
}

/// A `switch` whose case labels are not all at the top level of its body (Duff's device):
/// its labels become `goto` targets.
struct GotoSwitch {
    /// Width of the (promoted) selector.
    width: u8,
    /// Each label: its value (`None` for `default`) and its label index.
    cases: Vec<(Option<u64>, u32)>,
}

/// The key of a local declaration in [`FnCtx::by_decl`].
fn decl_key(c: &Cursor<'_>) -> Option<(i32, usize)> {
    Some(c.identity())
}

impl FnCtx {
    /// The index of a label, by name.
    fn label(&mut self, name: String) -> u32 {
        match self.labels.iter().position(|l| *l == name) {
            Some(i) => i as u32,
            None => {
                self.labels.push(name);
                self.labels.len() as u32 - 1
            }
        }
    }
}

impl Lowerer<'_, '_> {
    fn span(&mut self, c: &Cursor<'_>) -> Span {
        self.span_at(c.file_position())
    }

    /// The span of a position from [`Cursor::file_position`] or one of its variants.
    fn span_at(&mut self, pos: Option<crate::front::clang::FilePosition>) -> Span {
        let Some(pos) = pos else {
            return self.span_of(None);
        };
        let file = match pos.file_key() {
            Some(key) if key == self.last_file.0 => self.last_file.1,
            Some(key) => {
                let id = match self.file_ids.get(&key) {
                    Some(&id) => id,
                    None => {
                        let id = pos
                            .path()
                            .map_or(FileId(0), |path| self.sources.id_for(&path));
                        self.file_ids.insert(key, id);
                        id
                    }
                };
                self.last_file = (key, id);
                id
            }
            None => FileId(0),
        };
        Span {
            file,
            line: pos.line,
            col: pos.col,
        }
    }

    fn span_of(&mut self, loc: Option<Location>) -> Span {
        match loc {
            Some(Location {
                file: Some(path),
                line,
                col,
                ..
            }) => Span {
                file: self.sources.id_for(&path),
                line,
                col,
            },
            Some(Location {
                file: None,
                line,
                col,
                ..
            }) => Span {
                file: FileId(0),
                line,
                col,
            },
            None => Span {
                file: FileId(0),
                line: 0,
                col: 0,
            },
        }
    }

    fn error<T>(&mut self, d: Diagnostic) -> R<T> {
        self.diags.push(d);
        Err(Reported)
    }

    fn unsupported<T>(&mut self, c: &Cursor<'_>, what: impl std::fmt::Display) -> R<T> {
        let span = self.span(c);
        self.error(Diagnostic::unsupported(span, what))
    }
}
