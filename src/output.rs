//! Writing results: atomically (a temporary file in the destination folder, then a
//! rename), so a failed or interrupted compilation never leaves a partial file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".clc-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// SPIR-V words as little-endian bytes.
pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A make-style depfile: `target: dep1 dep2 …`, spaces escaped, one phony rule per header
/// so that deleting a header does not break the build (as `clang -MP` does).
pub fn depfile(target: &str, deps: &[std::path::PathBuf]) -> String {
    let esc = |s: &str| s.replace(' ', "\\ ").replace('$', "$$");
    let mut out = esc(target) + ":";
    for d in deps {
        out.push_str(" \\\n  ");
        out.push_str(&esc(&d.display().to_string()));
    }
    out.push('\n');
    for d in deps.iter().skip(1) {
        out.push('\n');
        out.push_str(&esc(&d.display().to_string()));
        out.push_str(":\n");
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn depfiles_escape_spaces_and_list_headers_as_phony() {
        let d = super::depfile("out dir/k.spv", &["k.cl".into(), "inc/a b.h".into()]);
        assert_eq!(
            d,
            "out\\ dir/k.spv: \\\n  k.cl \\\n  inc/a\\ b.h\n\ninc/a\\ b.h:\n"
        );
    }
}
