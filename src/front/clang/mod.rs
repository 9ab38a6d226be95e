//! Safe wrappers over libclang (crate `clang-sys`, loaded at run time). This module is the
//! only place in the workspace with `unsafe` code. It reports facts about the translation
//! unit; what they mean for OpenCL C is decided in `front::lower`.
//!
//! libclang is loaded once per process and registered per thread, as clang-sys requires.
//! Which file is loaded: the one `LIBCLANG_PATH` names, when it is set; otherwise the one
//! the build script found (clang-sys's search, done once at build time, because at run time
//! it costs thousands of `stat` calls and an `llvm-config` process); and only if that file
//! is gone or too old, clang-sys's search of the usual places.

mod cursor;
mod ty;

pub use cursor::{Cursor, EvalValue, ExtentOffsets, FilePosition, Location};
pub use ty::Ty;

use clang_sys::*;
use rustc_hash::FxHashMap;
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_int};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The oldest libclang major version clc supports.
pub const MIN_LIBCLANG: u32 = 22;

/// A problem with the libclang installation (never with the input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibclangError(pub String);

impl std::fmt::Display for LibclangError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

const INSTALL_HINT: &str = "install it with `apt-get install libclang-22-dev` (Debian), \
or point LIBCLANG_PATH at the folder holding libclang.so of LLVM 22 or newer";

/// The libclang that clang-sys's search picked when clc was built (see `build.rs`).
const FOUND_AT_BUILD: Option<&str> = option_env!("CLC_LIBCLANG");

static LIBRARY: OnceLock<Result<(Arc<SharedLibrary>, u32), LibclangError>> = OnceLock::new();

/// Declares [`Hot`]: libclang functions that lowering calls for nearly every node.
macro_rules! hot_functions {
    ($($name:ident($($arg:ty),*) -> $ret:ty;)*) => {
        /// libclang functions that lowering calls for nearly every node (a million times for
        /// a kernel of 100,000 statements), as plain function pointers read once from the
        /// loaded library. clang-sys's wrappers look the library up in a thread-local
        /// `RefCell` on every call: 4% of the time of such a compile.
        #[allow(non_snake_case)]
        pub(crate) struct Hot {
            $(pub(crate) $name: unsafe extern "C" fn($($arg),*) -> $ret,)*
        }

        impl Hot {
            fn of(f: &clang_sys::Functions) -> Option<Hot> {
                Some(Hot { $($name: f.$name?,)* })
            }
        }
    };
}

hot_functions! {
    clang_getCursorExtent(CXCursor) -> CXSourceRange;
    clang_getCursorLocation(CXCursor) -> CXSourceLocation;
    clang_getRangeStart(CXSourceRange) -> CXSourceLocation;
    clang_getRangeEnd(CXSourceRange) -> CXSourceLocation;
    clang_getCursorType(CXCursor) -> CXType;
    clang_getCanonicalType(CXType) -> CXType;
    clang_isVolatileQualifiedType(CXType) -> std::os::raw::c_uint;
    clang_visitChildren(CXCursor, CXCursorVisitor, CXClientData) -> std::os::raw::c_uint;
    clang_getFileLocation(CXSourceLocation, *mut CXFile, *mut std::os::raw::c_uint, *mut std::os::raw::c_uint, *mut std::os::raw::c_uint) -> ();
    clang_equalLocations(CXSourceLocation, CXSourceLocation) -> std::os::raw::c_uint;
    clang_equalRanges(CXSourceRange, CXSourceRange) -> std::os::raw::c_uint;
    clang_getCursorReferenced(CXCursor) -> CXCursor;
    clang_isExpression(CXCursorKind) -> std::os::raw::c_uint;
}

static HOT: OnceLock<Hot> = OnceLock::new();

/// The [`Hot`] functions of the loaded libclang. Only called with a cursor or type in hand,
/// so libclang is loaded.
pub(crate) fn hot() -> &'static Hot {
    HOT.get_or_init(|| {
        match LIBRARY.get() {
            Some(Ok((lib, _))) => Hot::of(&lib.functions),
            _ => None,
        }
        // ok: a cursor or type exists only after `ensure_loaded` found a library, and
        // `check_version` accepts none that lacks a `Hot` function.
        .unwrap_or_else(|| panic!("libclang's functions are not loaded"))
    })
}

/// Makes libclang usable on the calling thread, loading it on first use; checks its version.
pub fn ensure_loaded() -> Result<(), LibclangError> {
    match LIBRARY.get_or_init(load) {
        Ok((lib, _)) => {
            if !clang_sys::is_loaded() {
                clang_sys::set_library(Some(lib.clone()));
            }
            Ok(())
        }
        Err(e) => Err(e.clone()),
    }
}

/// Loads the first usable libclang (see the module documentation); the error names every
/// file or search tried and why each failed.
fn load() -> Result<(Arc<SharedLibrary>, u32), LibclangError> {
    parse_on_the_calling_thread();
    let mut tried = Vec::new();
    if let Some(path) = std::env::var_os("LIBCLANG_PATH") {
        match open_searched() {
            Ok(l) => return Ok(l),
            Err(why) => tried.push(format!("LIBCLANG_PATH={}: {why}", path.to_string_lossy())),
        }
    } else {
        if let Some(path) = FOUND_AT_BUILD {
            match open_file(Path::new(path)) {
                Ok(l) => return Ok(l),
                Err(why) => tried.push(format!("{path} (found when clc was built): {why}")),
            }
        }
        match open_searched() {
            Ok(l) => return Ok(l),
            Err(why) => tried.push(format!(
                "llvm-config, LD_LIBRARY_PATH and /usr/lib*, /usr/local/lib*: {why}"
            )),
        }
    }
    let tried: String = tried.iter().map(|t| format!("\n  {t}")).collect();
    Err(LibclangError(format!(
        "libclang {MIN_LIBCLANG} or newer was not found; tried:{tried}\n{INSTALL_HINT}"
    )))
}

/// Loads exactly `path`. clang-sys takes the path only through `LIBCLANG_PATH`, so the
/// variable is set for the call (it is unset here, see `load`) and removed again so that
/// child processes do not inherit it. This runs once, inside `LIBRARY`'s initialisation,
/// before any libclang code exists in the process; the only other readers of the
/// environment are Rust's `std::env`, which locks it.
fn open_file(path: &Path) -> Result<(Arc<SharedLibrary>, u32), String> {
    if !path.is_file() {
        return Err("no such file".into());
    }
    std::env::set_var("LIBCLANG_PATH", path);
    let opened = clang_sys::load_manually();
    std::env::remove_var("LIBCLANG_PATH");
    check_version(opened?)
}

/// libclang parses on a thread it starts, with an 8 MiB stack, unless `LIBCLANG_NOTHREADS`
/// is set (it reads the variable at every parse). clang's parser recurses once or more per
/// nesting level, so on that stack about 1,500 nested parentheses or 10,000 nested `if`s
/// overflow it and kill the process. Set, libclang parses on the caller's thread: the
/// compiler thread of [`crate::driver::compile_source`], whose stack is large enough for the
/// nesting clc accepts (`docs/LIMITS.md`). Like `LIBCLANG_PATH` in `open_file`, the variable
/// is set once, during `LIBRARY`'s initialisation, before any libclang code runs.
fn parse_on_the_calling_thread() {
    if std::env::var_os("LIBCLANG_NOTHREADS").is_none() {
        std::env::set_var("LIBCLANG_NOTHREADS", "1");
    }
}

/// libclang's crash recovery (installed by the first `clang_createIndex`) catches SIGSEGV
/// inside a parse and makes the parse return `CXError_Crashed`. Its handler runs on the
/// stack that faulted, so a stack overflow (a chain of a million `!` overflows even the
/// compiler thread's stack in clang's parser) kills the process instead. Setting
/// `SA_ONSTACK` on the handler moves it to the thread's alternate signal stack, which Rust
/// gives every thread it starts; the parse then fails with an error.
#[cfg(unix)]
fn crash_recovery_on_the_alternate_stack() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        // SAFETY: sigaction reads the current action into a zeroed struct of the right type,
        // and reinstalls the same handler and mask with one more flag.
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGSEGV, std::ptr::null(), &mut act) == 0
                && act.sa_sigaction != libc::SIG_DFL
                && act.sa_sigaction != libc::SIG_IGN
                && act.sa_flags & libc::SA_ONSTACK == 0
            {
                act.sa_flags |= libc::SA_ONSTACK;
                libc::sigaction(libc::SIGSEGV, &act, std::ptr::null_mut());
            }
        }
    });
}

#[cfg(not(unix))]
fn crash_recovery_on_the_alternate_stack() {}

/// For the `clc` command: a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE) becomes exit 70 with
/// a short report instead of death by the signal. libclang crashes outside its crash recovery
/// on some input (a diagnostic it cannot build, `docs/LIMITS.md`); its own handler, installed
/// later by the first `clang_createIndex`, restores this one and raises the signal again when
/// no parse is running. Call it before anything loads libclang. Library users keep their
/// process's handlers.
#[cfg(unix)]
pub fn exit_70_on_fatal_signals() {
    extern "C" fn on_fatal_signal(_: libc::c_int) {
        const MSG: &[u8] = b"clc: internal compiler error: the compiler crashed (a fatal signal, \
most likely inside libclang); please report it with the input\n";
        // SAFETY: write(2) and _exit(2) are async-signal-safe; MSG is a static byte string.
        unsafe {
            libc::write(2, MSG.as_ptr().cast(), MSG.len());
            libc::_exit(70);
        }
    }
    for signal in [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE] {
        // SAFETY: a zeroed sigaction with a valid handler, an empty mask and SA_ONSTACK (so a
        // stack overflow is reported too: Rust gives each thread an alternate signal stack).
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_fatal_signal as extern "C" fn(libc::c_int) as usize;
            act.sa_flags = libc::SA_ONSTACK;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(signal, &act, std::ptr::null_mut());
        }
    }
}

#[cfg(not(unix))]
pub fn exit_70_on_fatal_signals() {}

/// clang-sys's search: `LIBCLANG_PATH` when set, else llvm-config and the usual folders.
fn open_searched() -> Result<(Arc<SharedLibrary>, u32), String> {
    check_version(clang_sys::load_manually()?)
}

fn check_version(lib: SharedLibrary) -> Result<(Arc<SharedLibrary>, u32), String> {
    let lib = Arc::new(lib);
    let previous = clang_sys::set_library(Some(lib.clone()));
    // SAFETY: the library is registered on this thread; clang_getClangVersion takes no input.
    let version = unsafe { take_string(clang_getClangVersion()) };
    let major = parse_major(&version).unwrap_or(0);
    if major < MIN_LIBCLANG {
        clang_sys::set_library(previous);
        return Err(format!("{} is too old ({version})", lib.path().display()));
    }
    if Hot::of(&lib.functions).is_none() {
        clang_sys::set_library(previous);
        return Err(format!(
            "{} lacks libclang functions clc calls ({version})",
            lib.path().display()
        ));
    }
    Ok((lib, major))
}

fn parse_major(version: &str) -> Option<u32> {
    let rest = &version[version.find("version ")? + "version ".len()..];
    rest.split('.').next()?.trim().parse().ok()
}

/// The folder of clang's builtin headers (`opencl-c-base.h`) for the loaded libclang:
/// passed as `-isystem` because libclang derives its resource dir from the path it was
/// loaded from, which may be a symlink elsewhere.
/// Looked up once per process (every compile passes it).
pub fn resource_include_dir() -> Option<PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    let (lib, major) = LIBRARY.get()?.as_ref().ok()?;
    DIR.get_or_init(|| {
        let dir = lib
            .path()
            .parent()?
            .join("clang")
            .join(major.to_string())
            .join("include");
        dir.join("opencl-c-base.h").exists().then_some(dir)
    })
    .clone()
}

/// Converts and frees a `CXString` holding a file name: its bytes as they are, so that a
/// name that is not UTF-8 still names the file (on Unix).
///
/// # Safety
/// `s` must be a valid `CXString` returned by libclang and not yet disposed.
pub(crate) unsafe fn take_path(s: CXString) -> PathBuf {
    let p = clang_getCString(s);
    let out = if p.is_null() {
        PathBuf::new()
    } else {
        path_from_bytes(CStr::from_ptr(p).to_bytes())
    };
    clang_disposeString(s);
    out
}

#[cfg(unix)]
fn path_from_bytes(b: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(b))
}

#[cfg(not(unix))]
fn path_from_bytes(b: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(b).into_owned())
}

#[cfg(unix)]
fn path_bytes(p: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    p.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn path_bytes(p: &Path) -> Vec<u8> {
    p.to_string_lossy().as_bytes().to_vec()
}

/// Converts and frees a `CXString`.
///
/// # Safety
/// `s` must be a valid `CXString` returned by libclang and not yet disposed.
pub(crate) unsafe fn take_string(s: CXString) -> String {
    let p = clang_getCString(s);
    let out = if p.is_null() {
        String::new()
    } else {
        CStr::from_ptr(p).to_string_lossy().into_owned()
    };
    clang_disposeString(s);
    out
}

/// A libclang index.
pub struct Index {
    raw: CXIndex,
}

impl Index {
    /// Creates an index that does not print diagnostics itself.
    pub fn new() -> Result<Index, LibclangError> {
        Self::create(false)
    }

    /// An index whose translation units show only their own declarations, not those of a
    /// precompiled header they read (deserializing those for a visit costs more than the
    /// header saved).
    pub fn without_precompiled_declarations() -> Result<Index, LibclangError> {
        Self::create(true)
    }

    fn create(exclude_precompiled: bool) -> Result<Index, LibclangError> {
        ensure_loaded()?;
        // SAFETY: libclang is loaded; arguments are plain flags.
        let raw = unsafe { clang_createIndex(c_int::from(exclude_precompiled), 0) };
        if raw.is_null() {
            return Err(LibclangError("clang_createIndex failed".into()));
        }
        crash_recovery_on_the_alternate_stack();
        Ok(Index { raw })
    }
}

impl Drop for Index {
    fn drop(&mut self) {
        // SAFETY: created by clang_createIndex, disposed once.
        unsafe { clang_disposeIndex(self.raw) }
    }
}

/// Severity of a clang diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClangSeverity {
    /// Ignored diagnostic.
    Ignored,
    /// Note.
    Note,
    /// Warning.
    Warning,
    /// Error.
    Error,
    /// Fatal error.
    Fatal,
}

/// A clang diagnostic, copied out of libclang.
#[derive(Debug, Clone)]
pub struct ClangDiagnostic {
    /// Severity.
    pub severity: ClangSeverity,
    /// The message without location.
    pub message: String,
    /// Where, if it has a location in a file.
    pub location: Option<Location>,
    /// Where, if it is in one of clang's built-in buffers instead (`-D`/`-U` in
    /// `<command line>`, predefined macros in `<built-in>`): no file has those lines.
    pub buffer: Option<BufferLocation>,
    /// The warning option (`-Wparentheses`), if any.
    pub option: Option<String>,
    /// Attached notes.
    pub children: Vec<ClangDiagnostic>,
}

/// A location in one of clang's built-in buffers, as clang prints it (`<command line>:1:15`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BufferLocation {
    /// The buffer's name (`<command line>`, `<built-in>`, `<scratch space>`).
    pub name: String,
    /// 1-based line within the buffer.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

/// A parsed translation unit.
pub struct TranslationUnit<'i> {
    raw: CXTranslationUnit,
    _index: &'i Index,
    /// The locations of binary operators, by node (see [`Cursor`]'s `raw_location`).
    pub(crate) operator_locations: std::cell::RefCell<FxHashMap<usize, CXSourceLocation>>,
    /// The chain of binary operators [`TranslationUnit::binary_operands`] last walked down.
    operator_chain: std::cell::RefCell<OperatorChain>,
}

/// Binary operators met walking down left operands (`a + b + c`, parsed `(a + b) + c`), each
/// with its operands, all starting where the leftmost operand does. Lowering asks for them
/// from the top down, one after the other, so the next question is answered by comparing
/// with the next node: no hashing and no second visit of each operator's children.
#[derive(Default)]
struct OperatorChain {
    /// (node, left operand, right operand), outermost first.
    operators: Vec<(usize, CXCursor, CXCursor)>,
    /// The next operator to be asked for.
    next: usize,
    /// Where they all start.
    loc: Option<CXSourceLocation>,
}

impl<'i> TranslationUnit<'i> {
    /// Parses `path` with `args` (no argv[0]); `contents` replaces the file's contents when
    /// given: its bytes as they are, UTF-8 or not, as clang reads a file.
    pub fn parse(
        index: &'i Index,
        path: &Path,
        contents: Option<&[u8]>,
        args: &[String],
    ) -> Result<Self, LibclangError> {
        // Macro definitions are needed to read swizzles written in macro bodies.
        Self::parse_with(
            index,
            path,
            contents,
            args,
            CXTranslationUnit_DetailedPreprocessingRecord,
        )
    }

    /// Parses a header for [`TranslationUnit::save`] as a precompiled header.
    pub fn parse_for_precompiling(
        index: &'i Index,
        path: &Path,
        args: &[String],
    ) -> Result<Self, LibclangError> {
        Self::parse_with(
            index,
            path,
            None,
            args,
            CXTranslationUnit_DetailedPreprocessingRecord
                | CXTranslationUnit_Incomplete
                | CXTranslationUnit_ForSerialization,
        )
    }

    /// Writes the translation unit as an AST file, which `-include-pch` reads.
    pub fn save(&self, out: &Path) -> Result<(), LibclangError> {
        let name = CString::new(path_bytes(out))
            .map_err(|_| LibclangError("file name contains a NUL byte".into()))?;
        // SAFETY: a live translation unit and a NUL-terminated name.
        let err = unsafe {
            clang_saveTranslationUnit(self.raw, name.as_ptr(), clang_defaultSaveOptions(self.raw))
        };
        if err != CXSaveError_None {
            return Err(LibclangError(format!(
                "libclang could not save {} (error code {err})",
                out.display()
            )));
        }
        Ok(())
    }

    fn parse_with(
        index: &'i Index,
        path: &Path,
        contents: Option<&[u8]>,
        args: &[String],
        flags: CXTranslationUnit_Flags,
    ) -> Result<Self, LibclangError> {
        let name = CString::new(path_bytes(path))
            .map_err(|_| LibclangError("file name contains a NUL byte".into()))?;
        let cargs: Vec<CString> = args
            .iter()
            .map(|a| {
                CString::new(a.as_bytes())
                    .map_err(|_| LibclangError(format!("argument {a:?} contains a NUL byte")))
            })
            .collect::<Result<_, _>>()?;
        let argv: Vec<*const c_char> = cargs.iter().map(|a| a.as_ptr()).collect();
        let text = contents.map(CString::new);
        let text = match text {
            Some(Ok(t)) => Some(t),
            Some(Err(_)) => return Err(LibclangError("source contains a NUL byte".into())),
            None => None,
        };
        let mut unsaved: Vec<CXUnsavedFile> = text
            .iter()
            .map(|t| CXUnsavedFile {
                Filename: name.as_ptr(),
                Contents: t.as_ptr(),
                Length: t.as_bytes().len() as _,
            })
            .collect();
        let mut raw: CXTranslationUnit = std::ptr::null_mut();
        // SAFETY: all pointers outlive the call; libclang copies what it keeps.
        let err = unsafe {
            clang_parseTranslationUnit2(
                index.raw,
                name.as_ptr(),
                argv.as_ptr(),
                argv.len() as c_int,
                if unsaved.is_empty() {
                    std::ptr::null_mut()
                } else {
                    unsaved.as_mut_ptr()
                },
                unsaved.len() as _,
                flags,
                &mut raw,
            )
        };
        if err == CXError_Crashed {
            return Err(LibclangError(format!(
                "clang crashed while parsing {}; the likely cause is nesting too deep for the \
                 compiler's stack, such as a chain of a million unary operators (docs/LIMITS.md)",
                path.display()
            )));
        }
        if err != CXError_Success || raw.is_null() {
            return Err(LibclangError(format!(
                "libclang could not parse {} (error code {err})",
                path.display()
            )));
        }
        Ok(TranslationUnit {
            raw,
            _index: index,
            operator_locations: Default::default(),
            operator_chain: Default::default(),
        })
    }

    /// The root cursor.
    pub fn cursor(&self) -> Cursor<'_> {
        // SAFETY: the TU is alive for the cursor's lifetime.
        Cursor::new(unsafe { clang_getTranslationUnitCursor(self.raw) }, self)
    }

    pub(crate) fn raw(&self) -> CXTranslationUnit {
        self.raw
    }

    /// Every diagnostic, in clang's order.
    pub fn diagnostics(&self) -> Vec<ClangDiagnostic> {
        // SAFETY: indices are within clang_getNumDiagnostics; each diagnostic is disposed.
        unsafe {
            let n = clang_getNumDiagnostics(self.raw);
            (0..n)
                .map(|i| {
                    let d = clang_getDiagnostic(self.raw, i);
                    let out = convert_diagnostic(d);
                    clang_disposeDiagnostic(d);
                    out
                })
                .collect()
        }
    }
}

extern "C" fn collect_inclusion(
    file: CXFile,
    _stack: *mut CXSourceLocation,
    _len: u32,
    data: CXClientData,
) {
    // SAFETY: `data` is the Vec passed by `included_files`; the name string is disposed.
    unsafe {
        let name = take_path(clang_getFileName(file));
        (*(data as *mut Vec<PathBuf>)).push(name);
    }
}

impl TranslationUnit<'_> {
    /// Every file the translation unit read: the main file and each included header.
    pub fn included_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = Vec::new();
        // SAFETY: the visitor only pushes into `files`, which outlives the call.
        unsafe {
            clang_getInclusions(
                self.raw,
                collect_inclusion,
                &mut files as *mut Vec<PathBuf> as CXClientData,
            )
        };
        files
    }
}

/// A token of the main file as the lexer sees it (directives included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Its spelling.
    pub spelling: String,
    /// Where it starts.
    pub location: Location,
}

impl TranslationUnit<'_> {
    /// Every token of the main file but comments, preprocessing directives included (also
    /// those in conditional blocks the preprocessor skipped: see [`Self::skipped_ranges`]).
    pub fn main_file_tokens(&self) -> Vec<Token> {
        // SAFETY: the token buffer is freed with clang_disposeTokens; strings are disposed
        // by take_string.
        unsafe {
            let range = (hot().clang_getCursorExtent)(clang_getTranslationUnitCursor(self.raw));
            let mut toks: *mut CXToken = std::ptr::null_mut();
            let mut n = 0u32;
            clang_tokenize(self.raw, range, &mut toks, &mut n);
            let out = (0..n as usize)
                .filter_map(|i| {
                    let t = *toks.add(i);
                    if clang_getTokenKind(t) == CXToken_Comment {
                        return None;
                    }
                    Some(Token {
                        spelling: take_string(clang_getTokenSpelling(self.raw, t)),
                        location: Location::from_raw(clang_getTokenLocation(self.raw, t))?,
                    })
                })
                .collect();
            if !toks.is_null() {
                clang_disposeTokens(self.raw, toks, n);
            }
            out
        }
    }

    /// The source ranges the preprocessor skipped (`#if 0` … `#endif`), as (start, end).
    pub fn skipped_ranges(&self) -> Vec<(Location, Location)> {
        // SAFETY: the list is disposed with clang_disposeSourceRangeList; `count` bounds it.
        unsafe {
            let list = clang_getAllSkippedRanges(self.raw);
            if list.is_null() {
                return Vec::new();
            }
            let l = &*list;
            let out = (0..l.count as usize)
                .filter_map(|i| {
                    let r = *l.ranges.add(i);
                    Some((
                        Location::from_raw((hot().clang_getRangeStart)(r))?,
                        Location::from_raw((hot().clang_getRangeEnd)(r))?,
                    ))
                })
                .collect();
            clang_disposeSourceRangeList(list);
            out
        }
    }
}

impl<'tu> TranslationUnit<'tu> {
    /// Where a binary operator whose left operand is `lhs` is: the start of the leftmost
    /// operand down the chain of binary operators on the left side, the location clang gives
    /// the operator. Walked here, with the answers for the operators of the chain cached:
    /// clang's own walk (`getBeginLoc`) would make every operator of an n-long chain cost
    /// O(n). An operator whose left operand is not an operator (nearly all) is answered
    /// without the cache.
    pub(crate) fn binary_location(&'tu self, lhs: cursor::Cursor<'tu>) -> CXSourceLocation {
        if lhs.kind() != CXCursor_BinaryOperator {
            // SAFETY: valid cursor.
            return unsafe {
                (hot().clang_getRangeStart)((hot().clang_getCursorExtent)(lhs.raw()))
            };
        }
        {
            // The operator just answered by `binary_operands`, or the next one.
            let chain = self.operator_chain.borrow();
            let near = chain
                .operators
                .iter()
                .skip(chain.next.saturating_sub(1))
                .take(2);
            if let Some(loc) = chain
                .loc
                .filter(|_| near.clone().any(|o| o.0 == lhs.node()))
            {
                return loc;
            }
        }
        self.forget_operator_chain();
        let mut chain: Vec<cursor::Cursor<'tu>> = Vec::new();
        let mut lhs = lhs;
        let loc = loop {
            if lhs.kind() != CXCursor_BinaryOperator {
                // SAFETY: valid cursor.
                break unsafe {
                    (hot().clang_getRangeStart)((hot().clang_getCursorExtent)(lhs.raw()))
                };
            }
            if let Some(&loc) = self.operator_locations.borrow().get(&lhs.node()) {
                break loc;
            }
            chain.push(lhs);
            match lhs.first_child() {
                Some(l) => lhs = l,
                // SAFETY: valid cursor.
                None => break unsafe { (hot().clang_getCursorLocation)(lhs.raw()) },
            }
        };
        if !chain.is_empty() {
            let mut cache = self.operator_locations.borrow_mut();
            for c in chain {
                cache.insert(c.node(), loc);
            }
        }
        loc
    }

    /// A binary operator's two operands and where it starts (as
    /// [`TranslationUnit::binary_location`] of its left operand): `None` unless it has two.
    /// Down a chain of operators on the left side, the operators below are read in the same
    /// walk and answered in turn (`OperatorChain`).
    pub(crate) fn binary_operands(
        &'tu self,
        op: &cursor::Cursor<'tu>,
    ) -> Option<(cursor::Cursor<'tu>, cursor::Cursor<'tu>, CXSourceLocation)> {
        {
            let mut chain = self.operator_chain.borrow_mut();
            if let (Some(&(node, l, r)), Some(loc)) = (chain.operators.get(chain.next), chain.loc) {
                if node == op.node() {
                    chain.next += 1;
                    return Some((
                        cursor::Cursor::new(l, self),
                        cursor::Cursor::new(r, self),
                        loc,
                    ));
                }
            }
        }
        let children = op.expr_children();
        let [l, r] = children.as_slice() else {
            return None;
        };
        if l.kind() != CXCursor_BinaryOperator {
            return Some((*l, *r, self.binary_location(*l)));
        }
        self.forget_operator_chain();
        let mut operators = vec![(op.node(), l.raw(), r.raw())];
        let mut below = *l;
        let loc = loop {
            if let Some(&loc) = self.operator_locations.borrow().get(&below.node()) {
                break loc;
            }
            let children = below.expr_children();
            let [bl, br] = children.as_slice() else {
                // Not the shape walked here: the general walk answers for it.
                break self.binary_location(below);
            };
            operators.push((below.node(), bl.raw(), br.raw()));
            if bl.kind() != CXCursor_BinaryOperator {
                break self.binary_location(*bl);
            }
            below = *bl;
        };
        *self.operator_chain.borrow_mut() = OperatorChain {
            operators,
            next: 1,
            loc: Some(loc),
        };
        Some((*l, *r, loc))
    }

    /// Moves the operators of the last chain not yet asked for into `operator_locations`,
    /// where any question finds them (a walk that does not come from the top down).
    fn forget_operator_chain(&self) {
        let chain = std::mem::take(&mut *self.operator_chain.borrow_mut());
        if let Some(loc) = chain.loc {
            let mut cache = self.operator_locations.borrow_mut();
            for &(node, _, _) in chain.operators.get(chain.next..).unwrap_or_default() {
                cache.insert(node, loc);
            }
        }
    }
}

impl Drop for TranslationUnit<'_> {
    fn drop(&mut self) {
        // SAFETY: created by clang_parseTranslationUnit2, disposed once.
        unsafe { clang_disposeTranslationUnit(self.raw) }
    }
}

/// The presumed location of `loc` when it names a buffer (not in a file: clang's
/// `clang_getFileLocation` gives no file there).
///
/// # Safety
/// `loc` must come from a live translation unit.
unsafe fn buffer_location(loc: CXSourceLocation) -> Option<BufferLocation> {
    let mut name = CXString {
        data: std::ptr::null(),
        private_flags: 0,
    };
    let (mut line, mut col) = (0u32, 0u32);
    clang_getPresumedLocation(loc, &mut name, &mut line, &mut col);
    let name = take_string(name);
    (!name.is_empty() && line > 0).then_some(BufferLocation { name, line, col })
}

/// # Safety
/// `d` must be a live diagnostic.
unsafe fn convert_diagnostic(d: CXDiagnostic) -> ClangDiagnostic {
    let severity = match clang_getDiagnosticSeverity(d) {
        CXDiagnostic_Note => ClangSeverity::Note,
        CXDiagnostic_Warning => ClangSeverity::Warning,
        CXDiagnostic_Error => ClangSeverity::Error,
        CXDiagnostic_Fatal => ClangSeverity::Fatal,
        _ => ClangSeverity::Ignored,
    };
    let message = take_string(clang_getDiagnosticSpelling(d));
    let raw_location = clang_getDiagnosticLocation(d);
    let location = Location::from_raw(raw_location).filter(|l| l.file.is_some());
    let buffer = if location.is_none() {
        buffer_location(raw_location)
    } else {
        None
    };
    let mut disable = CXString {
        data: std::ptr::null(),
        private_flags: 0,
    };
    let option = take_string(clang_getDiagnosticOption(d, &mut disable));
    if !disable.data.is_null() {
        clang_disposeString(disable);
    }
    let set = clang_getChildDiagnostics(d);
    let mut children = Vec::new();
    if !set.is_null() {
        for i in 0..clang_getNumDiagnosticsInSet(set) {
            let c = clang_getDiagnosticInSet(set, i);
            children.push(convert_diagnostic(c));
        }
    }
    ClangDiagnostic {
        severity,
        message,
        location,
        buffer,
        option: (!option.is_empty()).then_some(option),
        children,
    }
}
