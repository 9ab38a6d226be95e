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
}

/// All files of a compilation, addressed by [`FileId`].
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Registers a file with known contents.
    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        self.files.push(SourceFile { path, text });
        FileId(self.files.len() as u32 - 1)
    }

    /// The id of `path`, reading the file the first time it is seen.
    pub fn id_for(&mut self, path: &Path) -> FileId {
        if let Some(i) = self.files.iter().position(|f| f.path == path) {
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

    /// Line `line` (1-based) of a file, without its newline.
    pub fn line(&self, id: FileId, line: u32) -> Option<&str> {
        self.get(id)?
            .text
            .lines()
            .nth(line.checked_sub(1)? as usize)
    }
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
    use super::display_text;

    #[test]
    fn display_text_keeps_byte_offsets() {
        assert_eq!(display_text(b"caf\xe9 = 1;"), "caf? = 1;");
        assert_eq!(display_text("é\u{1F600}".as_bytes()), "é\u{1F600}");
        // A truncated multi-byte sequence: one `?` per byte.
        assert_eq!(display_text(b"a\xf0\x9f\x98b"), "a???b");
        assert_eq!(display_text(b"\xff\xfe").len(), 2);
    }
}
