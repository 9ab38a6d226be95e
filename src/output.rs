//! Writing results the way a compiler writes its output.
//!
//! A regular file, or a path that does not exist yet, is written to a temporary file in the
//! destination folder and renamed over the path, so a failed or interrupted compilation
//! never leaves a partial file. Anything else (`/dev/null`, a FIFO, a terminal) is written
//! in place, because a rename would replace the device node or pipe with a regular file. A
//! symlink is followed and the file it names is written; the link stays. Outputs get mode
//! 0666 less the umask, like those of `cc` and `clang` (a replaced file gets the new mode
//! too, as with clang). Every open, write and close error is returned.
//!
//! There is no `fsync`: like `cc` and `clang`, clc guards against interrupted compilations,
//! not against power loss, and an `fsync` costs milliseconds per file.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How many symlinks a path may go through before it counts as a loop (Linux's limit).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` as described in the module documentation.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = follow_links(path)?;
    match std::fs::metadata(&path) {
        Ok(m) if !m.is_file() => write_in_place(&path, bytes, false),
        Ok(_) => replace(&path, bytes, true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(&path, bytes, false),
        Err(e) => Err(e),
    }
}

/// The path after following every symlink at its end (a dangling one included, so that
/// writing creates the file the link names).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Temporary file and rename. When the folder refuses the temporary file but `path`
/// already exists, the file is written in place instead, as clang does.
fn replace(path: &Path, bytes: &[u8], exists: bool) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".clc-").suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let tmp = match builder.tempfile_in(dir) {
        Ok(t) => t,
        Err(_) if exists => return write_in_place(path, bytes, true),
        Err(e) => return Err(without_path(e)),
    };
    let (mut file, tmp_path) = tmp.into_parts();
    // On error `tmp_path` is dropped, which deletes the temporary file.
    file.write_all(bytes)?;
    close(file)?;
    tmp_path.persist(path).map_err(|e| without_path(e.error))
}

/// Writes into `path` itself; a regular file is truncated first and removed if writing
/// fails, so no partial output is left.
fn write_in_place(path: &Path, bytes: &[u8], regular: bool) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create(regular)
        .truncate(regular)
        .open(path)?;
    let written = file.write_all(bytes).and_then(|()| close(file));
    if written.is_err() && regular {
        let _ = std::fs::remove_file(path);
    }
    written
}

/// tempfile's errors name the temporary file; the caller names the output, so only the
/// OS error (or, where tempfile hides it, its kind) is kept.
fn without_path(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::from(e.kind()),
    }
}

/// Closes `file`, reporting the error that dropping a `File` ignores (NFS and other network
/// file systems report failed writes only at close).
#[cfg(unix)]
#[allow(unsafe_code)]
fn close(file: File) -> io::Result<()> {
    use std::os::fd::IntoRawFd;
    let fd = file.into_raw_fd();
    // SAFETY: `fd` comes out of an owned `File`, so it is open, and it is closed only here.
    if unsafe { libc::close(fd) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn close(file: File) -> io::Result<()> {
    file.sync_all()
}

/// SPIR-V assembly of a module, with friendly names (what `-S` writes); `None` if the
/// disassembler fails.
pub fn disassemble(words: &[u32]) -> Option<String> {
    crate::spvtools::disassemble(words)
}

/// SPIR-V words as little-endian bytes.
///
/// On a little-endian host one copy of the words' memory: a build script runs this
/// unoptimized, where converting word by word costs 0.2 µs a word.
#[allow(unsafe_code)]
pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    if cfg!(target_endian = "little") {
        // SAFETY: the slice covers exactly the memory of `words` (a `u32` is 4 bytes, so the
        // length cannot overflow what `words` already spans), it lives as long as the borrow
        // of `words`, and any byte is a valid `u8`, whose alignment is 1.
        let bytes = unsafe {
            std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), std::mem::size_of_val(words))
        };
        return bytes.to_vec();
    }
    let mut out = Vec::with_capacity(words.len() * 4);
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

/// A make-style depfile: `target: dep1 dep2 …`, one phony rule per header so that deleting a
/// header does not break the build (as `clang -MP` does). Bytes, not text: a file name that is
/// not UTF-8 is written as it is, which make and ninja read.
///
/// Names are escaped as clang writes them and as make and ninja read them: a space becomes
/// `\ ` (backslashes right before it doubled), `#` becomes `\#`, `$` becomes `$$`. A name the
/// format cannot hold (empty, with a line break or a tab, ending in a backslash, or a target
/// with a colon) is an error rather than a depfile that names other files.
pub fn depfile(target: &Path, deps: &[PathBuf]) -> Result<Vec<u8>, DepfileError> {
    let target_bytes = path_bytes(target);
    let names: Vec<_> = deps.iter().map(|d| path_bytes(d)).collect();
    for (name, path) in std::iter::once((&target_bytes, target))
        .chain(names.iter().zip(deps.iter().map(PathBuf::as_path)))
    {
        if name.is_empty()
            || name.iter().any(|b| matches!(b, b'\n' | b'\r' | b'\t'))
            || name.ends_with(b"\\")
        {
            return Err(DepfileError(path.display().to_string()));
        }
    }
    if target_bytes.contains(&b':') {
        return Err(DepfileError(target.display().to_string()));
    }
    let mut out = escape_make(&target_bytes);
    out.push(b':');
    for d in &names {
        out.extend_from_slice(b" \\\n  ");
        out.extend(escape_make(d));
    }
    out.push(b'\n');
    for d in names.iter().skip(1) {
        out.push(b'\n');
        out.extend(escape_make(d));
        out.extend_from_slice(b":\n");
    }
    Ok(out)
}

/// A file name a depfile cannot hold.
#[derive(Debug, thiserror::Error)]
#[error("cannot list '{}' in a depfile (an empty name, a line break or tab, a trailing backslash, or a colon in the target)", .0.escape_debug())]
pub struct DepfileError(pub String);

/// One name as ninja's depfile lexer (and make, for the common cases) reads it back: `2N+1`
/// backslashes and a space are `N` backslashes and a space, `N+1` backslashes and a `#` are
/// `N` backslashes and a `#`, `$$` is `$`.
fn escape_make(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len());
    let mut backslashes = 0;
    for &b in name {
        match b {
            b' ' => {
                out.extend(std::iter::repeat_n(b'\\', backslashes + 1));
                out.push(b' ');
            }
            b'#' => out.extend_from_slice(b"\\#"),
            b'$' => out.extend_from_slice(b"$$"),
            _ => out.push(b),
        }
        backslashes = if b == b'\\' { backslashes + 1 } else { 0 };
    }
    out
}

#[cfg(unix)]
fn path_bytes(p: &Path) -> std::borrow::Cow<'_, [u8]> {
    use std::os::unix::ffi::OsStrExt;
    p.as_os_str().as_bytes().into()
}

#[cfg(not(unix))]
fn path_bytes(p: &Path) -> std::borrow::Cow<'_, [u8]> {
    p.to_string_lossy().into_owned().into_bytes().into()
}

#[cfg(test)]
mod tests {
    #[test]
    fn words_become_little_endian_bytes() {
        assert_eq!(
            super::words_to_bytes(&[0x0723_0203, 0x0001_0000, 0xdead_beef]),
            [3, 2, 0x23, 7, 0, 0, 1, 0, 0xef, 0xbe, 0xad, 0xde]
        );
        assert!(super::words_to_bytes(&[]).is_empty());
    }

    #[test]
    fn depfiles_escape_spaces_and_list_headers_as_phony() {
        let d = super::depfile(
            std::path::Path::new("out dir/k.spv"),
            &["k.cl".into(), "inc/a b.h".into()],
        )
        .unwrap();
        assert_eq!(
            d,
            b"out\\ dir/k.spv: \\\n  k.cl \\\n  inc/a\\ b.h\n\ninc/a\\ b.h:\n"
        );
    }
}
