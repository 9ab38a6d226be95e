//! The FP_CONTRACT pragmas, which libclang does not expose: read from the main file's
//! tokens, and scoped as C11 6.10.6 and clang do. A pragma at file scope holds until the
//! next one; one at the start of a compound statement holds until that statement ends
//! (clang rejects it anywhere else). Every expression records the state in force where it
//! is written ([`clc_passes::ast::Expr::contract`]).
//!
//! Recognized: `#pragma OPENCL FP_CONTRACT ON|OFF|DEFAULT`, the same with `STDC`, and
//! clang's `#pragma clang fp contract(on|off|fast)`. Pragmas in skipped conditional blocks
//! do not count. `_Pragma` spellings are reported as unsupported rather than ignored.

use super::Lowerer;
use crate::front::clang::{Cursor, Location, Token};
use clang_sys::*;
use clc_passes::ast::FpContract;
use clc_passes::diag::{Diagnostic, FileId, Span};

/// One FP_CONTRACT pragma and the region it governs.
pub(super) struct FpPragma {
    file: FileId,
    /// Where it is written, as (line, column).
    at: (u32, u32),
    /// The end of the compound statement it starts; `None` at file scope.
    end: Option<(u32, u32)>,
    /// The state it sets; `None` for `DEFAULT` (the command line's).
    state: Option<FpContract>,
}

/// The state a pragma's tokens (after `#pragma`) set: `Some(None)` for `DEFAULT`, `None` if
/// they are not an FP_CONTRACT pragma clang honours.
fn parse(words: &[&str]) -> Option<Option<FpContract>> {
    match words {
        ["OPENCL" | "STDC", "FP_CONTRACT", state] => match *state {
            "ON" => Some(Some(FpContract::On)),
            "OFF" => Some(Some(FpContract::Off)),
            "DEFAULT" => Some(None),
            _ => None,
        },
        ["clang", "fp", rest @ ..] => {
            let i = rest.iter().position(|w| *w == "contract")?;
            match rest.get(i + 1..i + 4)? {
                ["(", "on", ")"] => Some(Some(FpContract::On)),
                ["(", "off", ")"] => Some(Some(FpContract::Off)),
                ["(", "fast", ")"] => Some(Some(FpContract::Fast)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn within(loc: &Location, (start, end): &(Location, Location)) -> bool {
    loc.file == start.file && start.offset <= loc.offset && loc.offset <= end.offset
}

impl Lowerer<'_, '_> {
    /// Finds the FP_CONTRACT pragmas of the translation unit under `root`, whose main file is
    /// `main`.
    pub(super) fn collect_fp_pragmas(&mut self, root: &Cursor<'_>, main: FileId) {
        // Cheapest exit, before libclang tokenizes the whole file (a tenth of the compile time
        // of a long kernel): no word such a pragma needs in the text, and no line splice or
        // trigraph that could hide one.
        let may_have = self
            .sources
            .get(main)
            .is_none_or(|f| may_name_fp_contract(f.text.as_bytes()));
        if !may_have {
            return;
        }
        let tu = root.translation_unit();
        let tokens = tu.main_file_tokens();
        // Cheap exit: most kernels have no such pragma.
        if !tokens.iter().any(|t| {
            t.spelling == "FP_CONTRACT" || t.spelling == "contract" || t.spelling == "_Pragma"
        }) {
            return;
        }
        let skipped = tu.skipped_ranges();
        let active = |t: &Token| !skipped.iter().any(|r| within(&t.location, r));
        for (i, t) in tokens.iter().enumerate() {
            if !active(t) {
                continue;
            }
            if t.spelling == "_Pragma" {
                let text = tokens.get(i + 2).map_or("", |s| s.spelling.as_str());
                if text.contains("FP_CONTRACT") || text.contains("contract") {
                    let span = self.span_of(Some(t.location.clone()));
                    self.diags.push(Diagnostic::unsupported(
                        span,
                        "FP_CONTRACT through '_Pragma' (write '#pragma OPENCL FP_CONTRACT')",
                    ));
                }
                continue;
            }
            let line = t.location.line;
            let starts_line = i == 0 || tokens[i - 1].location.line != line;
            if t.spelling != "#"
                || !starts_line
                || tokens.get(i + 1).map(|p| p.spelling.as_str()) != Some("pragma")
            {
                continue;
            }
            let words: Vec<&str> = tokens[i + 2..]
                .iter()
                .take_while(|w| w.location.line == line)
                .map(|w| w.spelling.as_str())
                .collect();
            let Some(state) = parse(&words) else {
                continue;
            };
            let end = innermost_block(root, &t.location).map(|e| (e.line, e.col));
            let span = self.span_of(Some(t.location.clone()));
            self.fp_pragmas.push(FpPragma {
                file: span.file,
                at: (span.line, span.col),
                end,
                state,
            });
        }
    }

    /// The FP_CONTRACT state where `span` is written: the last pragma before it whose region
    /// holds it, else the command line's.
    pub(super) fn fp_contract_at(&self, span: Span) -> FpContract {
        let default = self.module.lang.fp_contract;
        let here = (span.line, span.col);
        self.fp_pragmas
            .iter()
            .rfind(|p| p.file == span.file && p.at < here && p.end.is_none_or(|e| here < e))
            .map_or(default, |p| p.state.unwrap_or(default))
    }
}

/// The end of the innermost compound statement holding `loc`, if it is inside a function.
fn innermost_block(root: &Cursor<'_>, loc: &Location) -> Option<Location> {
    let mut end = None;
    let mut children = root.children();
    while let Some(c) = children
        .into_iter()
        .find(|c| c.extent().is_some_and(|r| within(loc, &r)))
    {
        if c.kind() == CXCursor_CompoundStmt {
            end = c.extent().map(|r| r.1);
        }
        children = c.children();
    }
    end
}

/// Whether `text` holds a word an FP_CONTRACT pragma needs (`FP_CONTRACT`, `contract`,
/// `_Pragma`), or a line splice or trigraph that could hide one: one pass over the bytes
/// (eight searches for the words cost several times more unoptimized, as a build script
/// runs clc).
fn may_name_fp_contract(text: &[u8]) -> bool {
    let at = |i: usize, word: &[u8]| text.get(i..i + word.len()) == Some(word);
    let mut i = 0;
    while i < text.len() {
        let hit = match text[i] {
            b'F' => at(i, b"FP_CONTRACT"),
            b'c' => at(i, b"contract"),
            b'_' => at(i, b"_Pragma"),
            b'\\' => matches!(text.get(i + 1), Some(b'\n' | b'\r' | b' ' | b'\t')),
            b'?' => at(i, b"??/"),
            _ => false,
        };
        if hit {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{parse, FpContract};

    #[test]
    fn reads_every_spelling_clang_honours() {
        let p = |s: &str| parse(&s.split(' ').collect::<Vec<_>>());
        assert_eq!(p("OPENCL FP_CONTRACT OFF"), Some(Some(FpContract::Off)));
        assert_eq!(p("STDC FP_CONTRACT ON"), Some(Some(FpContract::On)));
        assert_eq!(p("OPENCL FP_CONTRACT DEFAULT"), Some(None));
        assert_eq!(p("OPENCL FP_CONTRACT off"), None);
        assert_eq!(
            p("clang fp contract ( fast )"),
            Some(Some(FpContract::Fast))
        );
        assert_eq!(
            p("clang fp reassociate ( on ) contract ( off )"),
            Some(Some(FpContract::Off))
        );
        assert_eq!(p("OPENCL EXTENSION cl_khr_fp64 : enable"), None);
        assert_eq!(p("unroll 4"), None);
    }

    #[test]
    fn the_text_check_finds_every_word_and_splice() {
        use super::may_name_fp_contract as may;
        for t in [
            "#pragma OPENCL FP_CONTRACT OFF",
            "#pragma clang fp contract(fast)",
            "_Pragma(\"x\")",
            "#define A \\\n 1",
            "a \\\r\n",
            "a \\ \n",
            "a \\\t\n",
            "??/\n",
            "FP_CONTRACT",
        ] {
            assert!(may(t.as_bytes()), "{t:?}");
        }
        for t in [
            "",
            "kernel void k() {}",
            "FP_CONTRAC",
            "contrac",
            "_Pragm",
            "a \\x",
            "??",
            "\\",
        ] {
            assert!(!may(t.as_bytes()), "{t:?}");
        }
    }
}
