//! The files a compilation read, so diagnostics can show their source lines.

use clc_passes::diag::FileId;
use std::path::{Path, PathBuf};

/// One source file.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Path as given to or reported by clang.
    pub path: PathBuf,
    /// Contents (empty if it could not be read).
    pub text: String,
    /// One of clang's built-in buffers (`<command line>` for `-D`/`-U`, `<built-in>` for the
    /// predefined macros): not a file, with no text to show.
    pub builtin: bool,
}

/// All files of a compilation, addressed by [`FileId`].
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Registers a file with known contents.
    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        self.files.push(SourceFile {
            path,
            text,
            builtin: false,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// The id of clang's built-in buffer `name` (`<command line>`), never read from disk.
    pub fn builtin_buffer(&mut self, name: &str) -> FileId {
        let path = Path::new(name);
        if let Some(i) = self.files.iter().position(|f| f.builtin && f.path == path) {
            return FileId(i as u32);
        }
        self.files.push(SourceFile {
            path: path.to_path_buf(),
            text: String::new(),
            builtin: true,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// The id of `path`, reading the file the first time it is seen.
    pub fn id_for(&mut self, path: &Path) -> FileId {
        if let Some(i) = self.files.iter().position(|f| !f.builtin && f.path == path) {
            return FileId(i as u32);
        }
        let text = std::fs::read(path)
            .map(|b| display_text(&b))
            .unwrap_or_default();
        self.add(path.to_path_buf(), text)
    }

    /// The file behind an id.
    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    /// Every file, in [`FileId`] order.
    pub fn iter(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter()
    }

    /// Line `line` (1-based) of a file, without its line break, with lines counted as clang
    /// counts them ([`lines`]).
    pub fn line(&self, id: FileId, line: u32) -> Option<&str> {
        lines(&self.get(id)?.text).nth(line.checked_sub(1)? as usize)
    }
}

/// The lines of `text` as clang numbers them: a line ends at `\r\n`, at `\n` or at a lone `\r`
/// (clang-22 reports `#error` in `"x\r#error"` at line 2, in `"\n\r#error"` at line 3; Rust's
/// `str::lines` ends lines only at `\n`). Line breaks are not part of the lines; a break at
/// the very end does not start another line.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let from = start;
        let mut i = from;
        while i < bytes.len() && bytes[i] != b'\n' && bytes[i] != b'\r' {
            i += 1;
        }
        let line = &text[from..i];
        start = i + 1;
        if bytes.get(i) == Some(&b'\r') && bytes.get(i + 1) == Some(&b'\n') {
            start += 1;
        }
        Some(line)
    })
}

/// A file's bytes as text to show under diagnostics: each byte that is not part of valid
/// UTF-8 becomes one `?`, so that byte offsets, and clang's columns (which count bytes), still
/// point at the same characters.
pub fn display_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(std::iter::repeat_n('?', chunk.invalid().len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{display_text, lines};

    #[test]
    fn lines_break_where_clang_breaks_them() {
        let all = |t| lines(t).collect::<Vec<_>>();
        assert_eq!(all("a\nb\n"), ["a", "b"]);
        assert_eq!(all("a\r\nb"), ["a", "b"]);
        assert_eq!(all("a\rb\rc"), ["a", "b", "c"]);
        assert_eq!(all("a\n\rb"), ["a", "", "b"]);
        assert_eq!(all("a\r\rb"), ["a", "", "b"]);
        assert_eq!(all("a\n\nb"), ["a", "", "b"]);
        assert_eq!(all("a\r\n\r\nb"), ["a", "", "b"]);
        assert_eq!(all(""), Vec::<&str>::new());
        assert_eq!(all("\n"), [""]);
        assert_eq!(all("x"), ["x"]);
    }

    #[test]
    fn display_text_keeps_byte_offsets() {
        assert_eq!(display_text(b"caf\xe9 = 1;"), "caf? = 1;");
        assert_eq!(display_text("é\u{1F600}".as_bytes()), "é\u{1F600}");
        // A truncated multi-byte sequence: one `?` per byte.
        assert_eq!(display_text(b"a\xf0\x9f\x98b"), "a???b");
        assert_eq!(display_text(b"\xff\xfe").len(), 2);
    }
}
