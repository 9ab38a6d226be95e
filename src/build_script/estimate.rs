//! How much code a source file becomes once its macros are expanded: [`crate::Build`]
//! compiles the costliest files first, so that no long compile starts last and keeps one
//! worker busy after the others are done.
//!
//! The file's size alone misleads: three lines of macros can expand into 20,000 operators
//! (`kernels/regressions/long_chain.cl`) or 1,024 kernels (`kernels/programs/many_kernels.cl`),
//! each a hundred times the compile of a file of their size. So this counts the file's tokens
//! with each macro's use counted as the tokens its definition expands to, recursively. It is
//! an estimate: conditional directives, `#undef` and included files are ignored, a
//! function-like macro's arguments count once as written and its parameters as one token.

use rustc_hash::FxHashMap;

/// Macro definitions nested deeper than this count as one token (the memo keeps the work
/// linear, this keeps the recursion shallow).
const MAX_NESTING: u32 = 64;

/// About how many tokens `text` expands to. Never less than one per token written outside
/// directives.
pub fn expanded_tokens(text: &[u8]) -> u64 {
    let mut macros: FxHashMap<&[u8], Macro<'_>> = FxHashMap::default();
    let mut written: Vec<&[u8]> = Vec::new();
    let mut lines = Lines { text, at: 0 };
    while let Some(line) = lines.next_logical() {
        let mut tokens = Tokens { line, at: 0 };
        let Some(first) = tokens.next() else { continue };
        if first != b"#" {
            written.push(first);
            written.extend(tokens);
            continue;
        }
        if tokens.next() != Some(b"define") {
            continue;
        }
        let Some(name) = tokens.next().filter(|n| is_ident(n)) else {
            continue;
        };
        // Function-like when `(` follows the name with no space between.
        let mut params = Vec::new();
        if line.get(tokens.at) == Some(&b'(') {
            tokens.next();
            for t in tokens.by_ref() {
                match t {
                    b")" => break,
                    b"," => {}
                    p => params.push(p),
                }
            }
        }
        let body: Vec<&[u8]> = tokens.collect();
        macros.insert(name, Macro { params, body });
    }
    let mut sizes = Sizes {
        macros: &macros,
        memo: FxHashMap::default(),
    };
    written
        .iter()
        .fold(0u64, |n, t| n.saturating_add(sizes.of(t, 0)))
}

struct Macro<'a> {
    params: Vec<&'a [u8]>,
    body: Vec<&'a [u8]>,
}

struct Sizes<'m, 'a> {
    macros: &'m FxHashMap<&'a [u8], Macro<'a>>,
    /// Each macro's expanded size; 1 while it is being computed (a macro that names itself
    /// is not expanded again, as in C).
    memo: FxHashMap<&'a [u8], u64>,
}

impl<'a> Sizes<'_, 'a> {
    /// The tokens `token` expands to.
    fn of(&mut self, token: &'a [u8], depth: u32) -> u64 {
        let Some(m) = self.macros.get(token) else {
            return 1;
        };
        if let Some(&n) = self.memo.get(token) {
            return n;
        }
        if depth >= MAX_NESTING {
            return 1;
        }
        self.memo.insert(token, 1);
        let mut n = 0u64;
        for t in &m.body {
            let k = if m.params.contains(t) {
                1
            } else {
                self.of(t, depth + 1)
            };
            n = n.saturating_add(k);
        }
        let n = n.max(1);
        self.memo.insert(token, n);
        n
    }
}

fn is_ident(t: &[u8]) -> bool {
    t.first()
        .is_some_and(|&c| c == b'_' || c.is_ascii_alphabetic())
}

/// The source's logical lines: backslash-newlines joined, comments blanked, so that a
/// directive ends at its line's end.
struct Lines<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Lines<'a> {
    /// The next logical line, as the span of the text it covers (continuations and comments
    /// inside it are skipped by [`Tokens`], which treats them as spaces).
    fn next_logical(&mut self) -> Option<&'a [u8]> {
        let text = self.text;
        if self.at >= text.len() {
            return None;
        }
        let start = self.at;
        let mut i = start;
        while i < text.len() {
            match text[i] {
                b'\n' if i == start || text[i - 1] != b'\\' => break,
                b'/' if text.get(i + 1) == Some(&b'*') => {
                    // A block comment may span lines; the line goes on after it.
                    i = find(text, i + 2, b"*/").map_or(text.len(), |e| e + 2);
                    continue;
                }
                b'/' if text.get(i + 1) == Some(&b'/') => {
                    while i < text.len() && text[i] != b'\n' {
                        i += 1;
                    }
                    break;
                }
                q @ (b'"' | b'\'') => {
                    i = skip_quoted(text, i, q);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        self.at = i + 1;
        Some(&text[start..i.min(text.len())])
    }
}

/// The index just past the literal that opens with the quote `q` at `i` (or the line's end).
fn skip_quoted(text: &[u8], mut i: usize, q: u8) -> usize {
    i += 1;
    while i < text.len() {
        match text[i] {
            b'\\' => i += 1,
            b'\n' => return i,
            c if c == q => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

fn find(text: &[u8], from: usize, what: &[u8]) -> Option<usize> {
    text.get(from..)?
        .windows(what.len())
        .position(|w| w == what)
        .map(|p| p + from)
}

/// The tokens of one logical line: identifiers and numbers whole, literals whole, each
/// other character one token (so `+=` counts two: an estimate).
struct Tokens<'a> {
    line: &'a [u8],
    at: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let l = self.line;
        loop {
            let c = *l.get(self.at)?;
            let start = self.at;
            match c {
                b'/' if l.get(start + 1) == Some(&b'*') => {
                    self.at = find(l, start + 2, b"*/").map_or(l.len(), |e| e + 2);
                }
                b'/' if l.get(start + 1) == Some(&b'/') => self.at = l.len(),
                b'"' | b'\'' => {
                    self.at = skip_quoted(l, start, c);
                    return Some(&l[start..self.at]);
                }
                c if c == b'_' || c.is_ascii_alphanumeric() => {
                    let mut i = start + 1;
                    while i < l.len() && (l[i] == b'_' || l[i].is_ascii_alphanumeric()) {
                        i += 1;
                    }
                    self.at = i;
                    return Some(&l[start..i]);
                }
                c if c.is_ascii_whitespace() || c == b'\\' => self.at += 1,
                _ => {
                    self.at += 1;
                    return Some(&l[start..start + 1]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::expanded_tokens;

    #[test]
    fn plain_code_counts_its_tokens() {
        // kernel void k ( global int * p ) { p [ 0 ] = 1 ; }
        let n = expanded_tokens(b"kernel void k(global int *p) { p[0] = 1; } // a + b\n");
        assert_eq!(n, 18);
        // Comments, strings and directives other than #define add nothing but the literal.
        let n = expanded_tokens(
            b"#include \"x.h\"\n/* a + b\n + c */ constant char s[] = \"a + b\";\n#pragma x\n",
        );
        assert_eq!(n, 8);
    }

    #[test]
    fn nested_macros_count_what_they_expand_to() {
        let src = b"#define A10 a + a + a + a + a + a + a + a + a + a\n\
            #define A100 A10 + A10 + A10 + A10 + A10 + A10 + A10 + A10 + A10 + A10\n\
            #define A1000 A100 + A100 + A100 + A100 + A100 + A100 + A100 + A100 + A100 + A100\n\
            int f(int a) { return A1000; }\n";
        // A10 is 19 tokens, A100 199, A1000 1,999; the function 10 more.
        assert_eq!(expanded_tokens(src), 2_009);
    }

    #[test]
    fn function_like_macros_expand_their_body_not_their_parameters() {
        let src = b"#define K(n) kernel void k##n(global int *o) { o[0] = n; }\n\
            #define K4(n) K(n##0) K(n##1) K(n##2) K(n##3)\n\
            #define K16(n) K4(n##0) K4(n##1) K4(n##2) K4(n##3)\n\
            K16(1)\n";
        // K's body is 21 tokens (`k##n` is 4); each use in K4 adds `( n # # 0 )`'s 6.
        let k = 21;
        let k4 = 4 * (k + 6);
        let k16 = 4 * (k4 + 6);
        assert_eq!(expanded_tokens(src), k16 + 3);
        // A continued definition is one directive.
        let src = b"#define TWO(x) x + \\\n x\nint y = TWO(1);\n";
        assert_eq!(expanded_tokens(src), 7 + 3);
    }

    #[test]
    fn self_reference_and_deep_nesting_end() {
        assert_eq!(expanded_tokens(b"#define X X + X\nint a = X;\n"), 4 + 3);
        let mut src = String::from("#define M0 a\n");
        for i in 1..10_000 {
            src += &format!("#define M{i} M{} M{}\n", i - 1, i - 1);
        }
        src += "int b = M9999;\n";
        // Saturates rather than overflowing, and does not recurse 10,000 levels deep.
        assert!(expanded_tokens(src.as_bytes()) > 1 << 60);
    }
}
