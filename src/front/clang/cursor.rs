//! Cursors: nodes of clang's AST as libclang exposes them.

use super::{take_path, take_string, TranslationUnit, Ty};
use clang_sys::*;
use std::marker::PhantomData;
use std::path::PathBuf;

/// A resolved source location: the file location, which is where a macro argument was
/// written, or where a macro was expanded for tokens of its body.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file (`None` for builtin/command-line locations).
    pub file: Option<PathBuf>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// Byte offset in the file.
    pub offset: u32,
}

impl Location {
    pub(crate) fn from_raw(loc: CXSourceLocation) -> Option<Location> {
        let mut file: CXFile = std::ptr::null_mut();
        let (mut line, mut col, mut offset) = (0u32, 0u32, 0u32);
        // SAFETY: out-pointers are valid; the file name string is disposed by take_path.
        unsafe {
            (super::hot().clang_getFileLocation)(loc, &mut file, &mut line, &mut col, &mut offset);
            if line == 0 {
                return None;
            }
            let file = if file.is_null() {
                None
            } else {
                Some(take_path(clang_getFileName(file)))
            };
            Some(Location {
                file,
                line,
                col,
                offset,
            })
        }
    }
}

/// Where a cursor's extent lies in one file: made only by [`Cursor::extent_offsets`], so
/// its file belongs to a live translation unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtentOffsets {
    file: CXFile,
    start: u32,
    end: u32,
}

impl ExtentOffsets {
    /// The file offsets of the extent's start and of its last token's start.
    pub fn range(&self) -> (u32, u32) {
        (self.start, self.end)
    }
}

/// The value of a constant expression as libclang evaluates it.
#[derive(Debug, Clone, PartialEq)]
pub enum EvalValue {
    /// Integer (bits as i64/u64).
    Int(u64),
    /// Floating point.
    Float(f64),
}

/// A cursor, valid while its translation unit is.
#[derive(Clone, Copy)]
pub struct Cursor<'tu> {
    raw: CXCursor,
    tu: &'tu TranslationUnit<'tu>,
    _p: PhantomData<&'tu ()>,
}

/// What [`collect`] gathers the children of a cursor into.
struct Children<'tu> {
    tu: &'tu TranslationUnit<'tu>,
    /// Only the expressions.
    expressions: bool,
    out: Vec<Cursor<'tu>>,
}

extern "C" fn collect(c: CXCursor, _parent: CXCursor, data: CXClientData) -> CXChildVisitResult {
    // SAFETY: `data` is the `Children` passed by `Cursor::collect_children` below, which
    // outlives the visit.
    let children = unsafe { &mut *(data as *mut Children<'_>) };
    // SAFETY: a kind query.
    if !children.expressions || unsafe { (super::hot().clang_isExpression)(c.kind) } != 0 {
        children.out.push(Cursor::new(c, children.tu));
    }
    CXChildVisit_Continue
}

/// What [`Cursor::descendants_post_order`] gathers during its visit.
struct PostOrder<'tu> {
    tu: &'tu TranslationUnit<'tu>,
    kind: CXCursorKind,
    /// The cursors whose subtrees the visit is still in, outermost first (the root first),
    /// each with its first expression child once seen.
    open: Vec<(CXCursor, Option<CXCursor>)>,
    out: Vec<(Cursor<'tu>, Option<Cursor<'tu>>)>,
}

impl<'tu> PostOrder<'tu> {
    /// Ends the innermost open subtree.
    fn close(&mut self) {
        if let Some((done, first)) = self.open.pop() {
            if done.kind == self.kind {
                let first = first.map(|f| Cursor::new(f, self.tu));
                self.out.push((Cursor::new(done, self.tu), first));
            }
        }
    }
}

/// The same node: libclang passes as a child's parent the cursor it passed for that node.
fn same_cursor(a: &CXCursor, b: &CXCursor) -> bool {
    a.kind == b.kind && a.xdata == b.xdata && a.data == b.data
}

extern "C" fn post_order(c: CXCursor, parent: CXCursor, data: CXClientData) -> CXChildVisitResult {
    // SAFETY: `data` is the `PostOrder` passed by `Cursor::descendants_post_order`, which
    // outlives the visit.
    let walk = unsafe { &mut *(data as *mut PostOrder<'_>) };
    // The subtrees of the open cursors below `parent` are finished.
    while walk.open.len() > 1
        && walk
            .open
            .last()
            .is_some_and(|(o, _)| !same_cursor(o, &parent))
    {
        walk.close();
    }
    if let Some((_, first @ None)) = walk.open.last_mut() {
        // SAFETY: a kind query.
        if unsafe { (super::hot().clang_isExpression)(c.kind) } != 0 {
            *first = Some(c);
        }
    }
    walk.open.push((c, None));
    CXChildVisit_Recurse
}

impl<'tu> Cursor<'tu> {
    /// The descendants of kind `kind`, each after its own descendants and after the
    /// subtrees before it (post-order), with its first expression child (the first of
    /// [`Cursor::expr_children`]), from one recursive visit: no list of children per node.
    pub fn descendants_post_order(
        &self,
        kind: CXCursorKind,
    ) -> Vec<(Cursor<'tu>, Option<Cursor<'tu>>)> {
        let mut walk = PostOrder {
            tu: self.tu,
            kind,
            open: vec![(self.raw, None)],
            out: Vec::new(),
        };
        // SAFETY: `post_order` takes its data as the `PostOrder` it is.
        unsafe { self.visit_children(post_order, &mut walk) };
        while walk.open.len() > 1 {
            walk.close();
        }
        walk.out
    }

    /// libclang's visit of the children with `visitor`, `data` its client data (alive for
    /// the whole visit, as the borrow makes it).
    ///
    /// # Safety
    /// `visitor` must use its client data only as a `&mut T`, and only during the visit.
    unsafe fn visit_children<T>(&self, visitor: CXCursorVisitor, data: &mut T) {
        // SAFETY: `self.raw` is a cursor of a live translation unit; the caller vouches for
        // `visitor`'s use of `data`.
        unsafe {
            (super::hot().clang_visitChildren)(self.raw, visitor, data as *mut T as CXClientData)
        };
    }

    pub(crate) fn new(raw: CXCursor, tu: &'tu TranslationUnit<'tu>) -> Self {
        Cursor {
            raw,
            tu,
            _p: PhantomData,
        }
    }

    fn wrap(&self, raw: CXCursor) -> Option<Cursor<'tu>> {
        // SAFETY: checking a cursor value has no preconditions.
        // SAFETY: querying a cursor value has no preconditions.
        let invalid = unsafe {
            clang_Cursor_isNull(raw) != 0 || clang_isInvalid(clang_getCursorKind(raw)) != 0
        };
        if invalid {
            None
        } else {
            Some(Cursor::new(raw, self.tu))
        }
    }

    /// The cursor kind (`CXCursor_*`).
    pub fn kind(&self) -> CXCursorKind {
        // What `clang_getCursorKind` returns, without the call through clang-sys's table:
        // asked for every node, several times.
        self.raw.kind
    }

    /// Name of the entity (declarations) or clang's spelling of the node.
    pub fn spelling(&self) -> String {
        // SAFETY: valid cursor; string disposed by take_string.
        unsafe { take_string(clang_getCursorSpelling(self.raw)) }
    }

    /// The type of the entity or expression.
    pub fn ty(&self) -> Ty<'tu> {
        // SAFETY: valid cursor.
        Ty::new(unsafe { (super::hot().clang_getCursorType)(self.raw) })
    }

    /// The result type of a function declaration.
    pub fn result_ty(&self) -> Ty<'tu> {
        // SAFETY: valid cursor.
        Ty::new(unsafe { clang_getCursorResultType(self.raw) })
    }

    /// The location (expansion location).
    pub fn location(&self) -> Option<Location> {
        Location::from_raw(self.raw_location())
    }

    /// `clang_getCursorLocation`, in constant time for binary operators. libclang places
    /// an expression of most kinds at its start, which clang finds by walking down its
    /// first operands: for a binary operator, the whole left operand chain. Asked of every
    /// node of a chain `a + a + … + a` (generated code, `kernels/regressions/long_chain.cl`),
    /// that is quadratic in the chain's length: 0.76 s of lowering for 60,000 operators.
    /// So an operator's location is its left operand's, computed once per node.
    fn raw_location(&self) -> CXSourceLocation {
        if self.kind() == CXCursor_BinaryOperator {
            if let Some(lhs) = self.first_child() {
                return self.tu.binary_location(lhs);
            }
        }
        // SAFETY: valid cursor.
        unsafe { (super::hot().clang_getCursorLocation)(self.raw) }
    }

    /// The libclang cursor.
    pub(crate) fn raw(&self) -> CXCursor {
        self.raw
    }

    /// The AST node behind the cursor, as a key.
    pub(crate) fn node(&self) -> usize {
        self.raw.data[1] as usize
    }

    /// The first child (including reference and attribute cursors), without visiting the
    /// others.
    pub(crate) fn first_child(&self) -> Option<Cursor<'tu>> {
        extern "C" fn first(
            c: CXCursor,
            _parent: CXCursor,
            data: CXClientData,
        ) -> CXChildVisitResult {
            // SAFETY: `data` is the `Option<CXCursor>` passed below.
            unsafe { *(data as *mut Option<CXCursor>) = Some(c) };
            CXChildVisit_Break
        }
        let mut raw: Option<CXCursor> = None;
        // SAFETY: `first` takes its data as the `Option<CXCursor>` it is.
        unsafe { self.visit_children(first, &mut raw) };
        raw.map(|c| Cursor::new(c, self.tu))
    }

    /// The file locations where the cursor's extent starts and ends (macro locations
    /// resolved to where their expansions are).
    pub fn extent_locations(&self) -> Option<(Location, Location)> {
        // SAFETY: valid cursor.
        unsafe {
            let ext = (super::hot().clang_getCursorExtent)(self.raw);
            Some((
                Location::from_raw((super::hot().clang_getRangeStart)(ext))?,
                Location::from_raw((super::hot().clang_getRangeEnd)(ext))?,
            ))
        }
    }

    /// Whether the cursor is in the main file or a user header (not a system header).
    pub fn is_in_system_header(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Location_isInSystemHeader(self.raw_location()) != 0 }
    }

    /// Direct children (including reference and attribute cursors).
    pub fn children(&self) -> Vec<Cursor<'tu>> {
        self.collect_children(false)
    }

    /// Children that are expressions.
    pub fn expr_children(&self) -> Vec<Cursor<'tu>> {
        self.collect_children(true)
    }

    /// The children, or only those that are expressions, in one pass and one allocation.
    fn collect_children(&self, expressions: bool) -> Vec<Cursor<'tu>> {
        let mut children = Children {
            tu: self.tu,
            expressions,
            out: Vec::new(),
        };
        // SAFETY: `collect` takes its data as the `Children` it is.
        unsafe { self.visit_children(collect, &mut children) };
        children.out
    }

    /// Whether the cursor is an expression.
    pub fn is_expression(&self) -> bool {
        // SAFETY: kind query.
        unsafe { (super::hot().clang_isExpression)(self.kind()) != 0 }
    }

    /// Whether the cursor is a statement.
    pub fn is_statement(&self) -> bool {
        // SAFETY: kind query.
        unsafe { clang_isStatement(self.kind()) != 0 }
    }

    /// Whether the cursor is a declaration.
    pub fn is_declaration(&self) -> bool {
        // SAFETY: kind query.
        unsafe { clang_isDeclaration(self.kind()) != 0 }
    }

    /// Whether the cursor is an attribute.
    pub fn is_attribute(&self) -> bool {
        // SAFETY: kind query.
        unsafe { clang_isAttribute(self.kind()) != 0 }
    }

    /// The entity a reference or expression refers to.
    pub fn referenced(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        self.wrap(unsafe { (super::hot().clang_getCursorReferenced)(self.raw) })
    }

    /// The definition of the entity, if this TU has one.
    pub fn definition(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        self.wrap(unsafe { clang_getCursorDefinition(self.raw) })
    }

    /// The entity's first declaration.
    pub fn canonical(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        self.wrap(unsafe { clang_getCanonicalCursor(self.raw) })
    }

    /// Whether this cursor is the definition of its entity.
    pub fn is_definition(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_isCursorDefinition(self.raw) != 0 }
    }

    /// Whether two cursors denote the same entity.
    pub fn same(&self, other: &Cursor<'_>) -> bool {
        // SAFETY: valid cursors.
        unsafe { clang_equalCursors(self.raw, other.raw) != 0 }
    }

    /// Storage class (`CX_SC_*`).
    pub fn storage_class(&self) -> CX_StorageClass {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_getStorageClass(self.raw) }
    }

    /// Whether a variable has static storage duration (program scope or `static`).
    pub fn has_global_storage(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_hasVarDeclGlobalStorage(self.raw) == 1 }
    }

    /// Whether the declaration is `extern`.
    pub fn has_external_storage(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_hasVarDeclExternalStorage(self.raw) == 1 }
    }

    /// The initializer of a variable declaration.
    pub fn var_initializer(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        self.wrap(unsafe { clang_Cursor_getVarDeclInitializer(self.raw) })
    }

    /// Arguments of a call expression.
    pub fn arguments(&self) -> Vec<Cursor<'tu>> {
        // SAFETY: indices below clang_Cursor_getNumArguments.
        unsafe {
            let n = clang_Cursor_getNumArguments(self.raw);
            (0..n.max(0) as u32)
                .filter_map(|i| self.wrap(clang_Cursor_getArgument(self.raw, i)))
                .collect()
        }
    }

    /// Binary operator kind (`CXBinaryOperator_*`).
    pub fn binary_operator(&self) -> CXBinaryOperatorKind {
        // SAFETY: valid cursor.
        unsafe { clang_getCursorBinaryOperatorKind(self.raw) }
    }

    /// Unary operator kind (`CXUnaryOperator_*`).
    pub fn unary_operator(&self) -> CXUnaryOperatorKind {
        // SAFETY: valid cursor.
        unsafe { clang_getCursorUnaryOperatorKind(self.raw) }
    }

    /// Evaluates a constant expression.
    pub fn evaluate(&self) -> Option<EvalValue> {
        // SAFETY: the result is disposed before returning.
        unsafe {
            let r = clang_Cursor_Evaluate(self.raw);
            if r.is_null() {
                return None;
            }
            let v = match clang_EvalResult_getKind(r) {
                CXEval_Int => {
                    if clang_EvalResult_isUnsignedInt(r) != 0 {
                        Some(EvalValue::Int(clang_EvalResult_getAsUnsigned(r)))
                    } else {
                        Some(EvalValue::Int(clang_EvalResult_getAsLongLong(r) as u64))
                    }
                }
                CXEval_Float => Some(EvalValue::Float(clang_EvalResult_getAsDouble(r))),
                _ => None,
            };
            clang_EvalResult_dispose(r);
            v
        }
    }

    /// Tokens of the cursor's extent, normalised through file locations so that nodes
    /// inside macro expansions give the macro invocation's tokens.
    pub fn tokens(&self) -> Vec<String> {
        self.extent_tokens(false)
    }

    /// The first of [`Cursor::tokens`], without spelling the others.
    pub fn first_token(&self) -> Option<String> {
        let r = self.extent_offsets(false)?;
        // SAFETY: see `tokens_between`.
        unsafe { self.first_tokens_in(self.range_of(r), 1).into_iter().next() }
    }

    /// The tokens between the extent's ends, taken as file or as spelling locations.
    fn extent_tokens(&self, spelling: bool) -> Vec<String> {
        match self.extent_offsets(spelling) {
            Some(r) => self.tokens_between(r),
            None => Vec::new(),
        }
    }

    /// The file and the offsets of the extent's ends, taken as file or as spelling
    /// locations; `None` when the ends lie in different files or out of order. Equal
    /// values give equal tokens, so callers may key a cache with it. For an expression
    /// written in a macro argument, the spelling locations give the tokens as written there
    /// (the normalised [`Cursor::tokens`] give the whole invocation).
    pub fn extent_offsets(&self, spelling: bool) -> Option<ExtentOffsets> {
        let locate = if spelling {
            clang_getSpellingLocation
        } else {
            clang_getFileLocation
        };
        // SAFETY: out-pointers are valid for the calls.
        unsafe {
            let ext = (super::hot().clang_getCursorExtent)(self.raw);
            let (mut f1, mut f2): (CXFile, CXFile) = (std::ptr::null_mut(), std::ptr::null_mut());
            let (mut o1, mut o2) = (0u32, 0u32);
            let (mut l, mut c) = (0u32, 0u32);
            locate(
                (super::hot().clang_getRangeStart)(ext),
                &mut f1,
                &mut l,
                &mut c,
                &mut o1,
            );
            locate(
                (super::hot().clang_getRangeEnd)(ext),
                &mut f2,
                &mut l,
                &mut c,
                &mut o2,
            );
            if f1.is_null() || f2.is_null() || clang_File_isEqual(f1, f2) == 0 || o2 < o1 {
                return None;
            }
            Some(ExtentOffsets {
                file: f1,
                start: o1,
                end: o2,
            })
        }
    }

    /// The spelled tokens from `r.start` to the token at `r.end`.
    pub fn tokens_between(&self, r: ExtentOffsets) -> Vec<String> {
        // SAFETY: `r.file` came from `extent_offsets` on a cursor of this translation unit
        // (the lowering holds one), whose files live as long as it; the token buffer is
        // freed in `tokens_in`.
        unsafe { self.tokens_in(self.range_of(r)) }
    }

    /// [`Cursor::tokens_between`] from the last `.` on (all of them where there is none):
    /// what a swizzle's accessor is read from, without spelling the tokens of its base.
    pub fn tokens_from_last_dot(&self, r: ExtentOffsets) -> Vec<String> {
        // SAFETY: as in `tokens_between`.
        unsafe {
            self.with_tokens(self.range_of(r), |n, spell| {
                let mut tail = Vec::new();
                for i in (0..n).rev() {
                    let t = spell(i);
                    let dot = t == ".";
                    tail.push(t);
                    if dot {
                        break;
                    }
                }
                tail.reverse();
                tail
            })
        }
    }

    /// The source range of `r`.
    ///
    /// # Safety
    /// `r` must come from [`Cursor::extent_offsets`] on a cursor of this translation unit.
    unsafe fn range_of(&self, r: ExtentOffsets) -> CXSourceRange {
        let tu = self.tu.raw();
        clang_getRange(
            clang_getLocationForOffset(tu, r.file, r.start),
            clang_getLocationForOffset(tu, r.file, r.end),
        )
    }

    /// The macro invocation this cursor's location was expanded from, as the file offset
    /// where the invocation starts and the macro's name; `None` outside macro expansions.
    /// A token written in a macro argument expands from the invocation too.
    pub fn macro_invocation(&self) -> Option<(u32, String)> {
        // SAFETY: out-pointers are valid for the calls; see `tokens`.
        unsafe {
            let tu = self.tu.raw();
            let loc = self.raw_location();
            let (mut fe, mut fs): (CXFile, CXFile) = (std::ptr::null_mut(), std::ptr::null_mut());
            let (mut l, mut c, mut oe, mut os) = (0u32, 0u32, 0u32, 0u32);
            clang_getExpansionLocation(loc, &mut fe, &mut l, &mut c, &mut oe);
            clang_getSpellingLocation(loc, &mut fs, &mut l, &mut c, &mut os);
            if fe.is_null() || (clang_File_isEqual(fe, fs) != 0 && oe == os) {
                return None;
            }
            let mut size = 0usize;
            let contents = file_bytes(clang_getFileContents(tu, fe, &mut size), size);
            // The name as written, where it is plain ASCII ending at a character that
            // cannot continue it (else the lexer decides: splices, UCNs, UTF-8).
            if let Some(name) = contents.and_then(|b| plain_identifier_at(b, oe as usize)) {
                return Some((oe, name));
            }
            let end = (oe as usize + 256).min(size) as u32;
            let range = clang_getRange(
                clang_getLocationForOffset(tu, fe, oe),
                clang_getLocationForOffset(tu, fe, end),
            );
            // Only the first token is spelled: the 256 bytes hold dozens.
            let name = self.first_tokens_in(range, 1).into_iter().next()?;
            Some((oe, name))
        }
    }

    /// # Safety
    /// `range` must belong to this cursor's translation unit.
    unsafe fn tokens_in(&self, range: CXSourceRange) -> Vec<String> {
        self.first_tokens_in(range, usize::MAX)
    }

    /// The spellings of the first `limit` tokens in `range`.
    ///
    /// # Safety
    /// `range` must belong to this cursor's translation unit.
    unsafe fn first_tokens_in(&self, range: CXSourceRange, limit: usize) -> Vec<String> {
        self.with_tokens(range, |n, spell| (0..n.min(limit)).map(spell).collect())
    }

    /// `f` given the number of tokens in `range` and the spelling of the token at an index;
    /// the token buffer is freed after.
    ///
    /// # Safety
    /// `range` must belong to this cursor's translation unit.
    unsafe fn with_tokens<R>(
        &self,
        range: CXSourceRange,
        f: impl FnOnce(usize, &dyn Fn(usize) -> String) -> R,
    ) -> R {
        let tu = self.tu.raw();
        let mut toks: *mut CXToken = std::ptr::null_mut();
        let mut n = 0u32;
        clang_tokenize(tu, range, &mut toks, &mut n);
        // SAFETY: `i < n` indexes the buffer clang_tokenize filled.
        let spell = |i: usize| unsafe { take_string(clang_getTokenSpelling(tu, *toks.add(i))) };
        let out = f(n as usize, &spell);
        if !toks.is_null() {
            clang_disposeTokens(tu, toks, n);
        }
        out
    }

    /// Whether this cursor and `other` start at the same location.
    pub fn same_location(&self, other: &Cursor<'_>) -> bool {
        // SAFETY: valid cursors.
        unsafe {
            (super::hot().clang_equalLocations)(self.raw_location(), other.raw_location()) != 0
        }
    }

    /// Whether this cursor and `other` cover the same source range.
    pub fn same_extent(&self, other: &Cursor<'_>) -> bool {
        // SAFETY: valid cursors.
        unsafe {
            (super::hot().clang_equalRanges)(
                (super::hot().clang_getCursorExtent)(self.raw),
                (super::hot().clang_getCursorExtent)(other.raw),
            ) != 0
        }
    }

    /// The declaration pretty-printed tersely (kernel attributes with their values).
    pub fn pretty_printed(&self) -> String {
        // SAFETY: the policy is disposed after use.
        unsafe {
            let pol = clang_getCursorPrintingPolicy(self.raw);
            clang_PrintingPolicy_setProperty(pol, CXPrintingPolicy_TerseOutput, 1);
            let s = take_string(clang_getCursorPrettyPrinted(self.raw, pol));
            clang_PrintingPolicy_dispose(pol);
            s
        }
    }

    /// Whether the declaration carries attributes (written, or inherited from an earlier
    /// declaration).
    pub fn has_attrs(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_hasAttrs(self.raw) != 0 }
    }

    /// Whether a function declaration is variadic.
    pub fn is_variadic(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_isVariadic(self.raw) != 0 }
    }

    /// Mangled name of a function.
    pub fn mangling(&self) -> String {
        // SAFETY: valid cursor.
        unsafe { take_string(clang_Cursor_getMangling(self.raw)) }
    }

    /// Byte offset of a field in its record, if known.
    pub fn field_offset_bytes(&self) -> Option<u64> {
        // SAFETY: valid cursor.
        let bits = unsafe { clang_Cursor_getOffsetOfField(self.raw) };
        (bits >= 0).then_some(bits as u64 / 8)
    }

    /// What the cursor is, in words: its spelling (`foo`) with clang's name for its kind
    /// (`CallExpr`), or the kind alone for unnamed nodes (`GenericSelectionExpr`), so that
    /// every `unsupported:` message names its construct.
    pub fn describe(&self) -> String {
        // SAFETY: valid cursor kind.
        let kind = unsafe { take_string(clang_getCursorKindSpelling(self.kind())) };
        match self.spelling() {
            s if s.is_empty() => kind,
            s => format!("{kind} '{s}'"),
        }
    }

    /// Whether this is the declaration of a C11 anonymous struct or union member
    /// (`struct { union { float4 v; float e[4]; }; }`), not merely an unnamed type.
    pub fn is_anonymous_record_decl(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_isAnonymousRecordDecl(self.raw) != 0 }
    }

    /// Whether this is an anonymous struct/union declaration.
    pub fn is_anonymous(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { clang_Cursor_isAnonymous(self.raw) != 0 }
    }
}

impl<'tu> Cursor<'tu> {
    /// Wraps a raw cursor from the same translation unit.
    pub(crate) fn rewrap(&self, raw: CXCursor) -> Cursor<'tu> {
        Cursor::new(raw, self.tu)
    }
}

impl<'tu> Cursor<'tu> {
    /// The Unified Symbol Resolution string of a declaration (stable identity).
    pub fn usr(&self) -> String {
        // SAFETY: valid cursor.
        unsafe { take_string(clang_getCursorUSR(self.raw)) }
    }

    /// The integer type underlying an enum declaration.
    pub fn enum_integer_type(&self) -> Ty<'tu> {
        // SAFETY: valid cursor.
        Ty::new(unsafe { clang_getEnumDeclIntegerType(self.raw) })
    }

    /// Fields of a record type, as cursors of this translation unit.
    pub fn fields_of(&self, ty: &Ty<'_>) -> Vec<Cursor<'tu>> {
        ty.fields().into_iter().map(|c| self.rewrap(c)).collect()
    }
}

impl Cursor<'_> {
    /// Whether the cursor's location was spelled inside a macro definition. Its file
    /// location is then the expansion point, while for a token written in a macro argument
    /// the file location is where it was written, like its spelling location.
    pub fn is_in_macro_body(&self) -> bool {
        // SAFETY: out-pointers are valid for the calls.
        unsafe {
            let loc = self.raw_location();
            let (mut f1, mut f2): (CXFile, CXFile) = (std::ptr::null_mut(), std::ptr::null_mut());
            let (mut l, mut c, mut o1, mut o2) = (0u32, 0u32, 0u32, 0u32);
            clang_getSpellingLocation(loc, &mut f1, &mut l, &mut c, &mut o1);
            (super::hot().clang_getFileLocation)(loc, &mut f2, &mut l, &mut c, &mut o2);
            o1 != o2 || clang_File_isEqual(f1, f2) == 0
        }
    }
}

impl Cursor<'_> {
    /// A hash of the cursor's entity (equal cursors hash equally).
    pub fn hash(&self) -> u32 {
        // SAFETY: valid cursor.
        unsafe { clang_hashCursor(self.raw) }
    }

    /// The identity of the entity a cursor stands for, as `clang_equalCursors` compares
    /// declaration cursors: its kind and the node it points at. The cursor of a declaration
    /// and the one `referenced()` gives for a use of it have the same identity.
    pub fn identity(&self) -> (i32, usize) {
        (self.raw.kind, self.raw.data[0] as usize)
    }

    /// The cursor's file location (as [`Cursor::location`]) without the file's name: the
    /// file as libclang's handle, which names one file for the life of the translation
    /// unit, line and column. `None` when it has no file location.
    pub fn file_position(&self) -> Option<FilePosition> {
        FilePosition::of(self.raw_location())
    }
}

impl FilePosition {
    fn of(loc: CXSourceLocation) -> Option<FilePosition> {
        let mut file: CXFile = std::ptr::null_mut();
        let (mut line, mut col) = (0u32, 0u32);
        // SAFETY: valid cursor; the out-pointers are valid.
        unsafe {
            (super::hot().clang_getFileLocation)(
                loc,
                &mut file,
                &mut line,
                &mut col,
                std::ptr::null_mut(),
            );
        }
        (line != 0).then_some(FilePosition { file, line, col })
    }
}

/// Where a cursor is: made only by [`Cursor::file_position`], so its file belongs to a live
/// translation unit.
#[derive(Debug, Clone, Copy)]
pub struct FilePosition {
    file: CXFile,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

impl FilePosition {
    /// The file as a key (`None` for builtin and command-line locations).
    pub fn file_key(&self) -> Option<usize> {
        (!self.file.is_null()).then_some(self.file as usize)
    }

    /// The file's name (`None` for builtin and command-line locations).
    pub fn path(&self) -> Option<PathBuf> {
        // SAFETY: a non-null file handle of a live translation unit; the name string is
        // disposed by take_path.
        (!self.file.is_null()).then(|| unsafe { take_path(clang_getFileName(self.file)) })
    }
}

impl<'tu> Cursor<'tu> {
    /// A binary operator's two operands and where it starts, the [`Cursor::file_position`]
    /// of the operator (see `TranslationUnit::binary_operands`).
    pub fn binary_operands(&self) -> Option<(Cursor<'tu>, Cursor<'tu>, Option<FilePosition>)> {
        let (l, r, start) = self.tu.binary_operands(self)?;
        Some((l, r, FilePosition::of(start)))
    }

    /// The translation unit the cursor belongs to.
    pub fn translation_unit(&self) -> &'tu TranslationUnit<'tu> {
        self.tu
    }

    /// The file locations where the cursor's extent starts and ends (the start of its last
    /// token).
    pub fn extent(&self) -> Option<(Location, Location)> {
        // SAFETY: valid cursor.
        unsafe {
            let ext = (super::hot().clang_getCursorExtent)(self.raw);
            Some((
                Location::from_raw((super::hot().clang_getRangeStart)(ext))?,
                Location::from_raw((super::hot().clang_getRangeEnd)(ext))?,
            ))
        }
    }
}

/// The bytes of a file's contents as `clang_getFileContents` returns them.
///
/// # Safety
/// `data` must point to `size` bytes that live as long as the translation unit.
unsafe fn file_bytes<'a>(data: *const std::os::raw::c_char, size: usize) -> Option<&'a [u8]> {
    (!data.is_null()).then(|| std::slice::from_raw_parts(data.cast::<u8>(), size))
}

/// The identifier starting at `at` in `text`, when it is spelled plainly: ASCII letters,
/// digits and `_`, followed by a byte that cannot continue it or hide a continuation (not
/// `\\`, `?`, `$` or a non-ASCII byte).
fn plain_identifier_at(text: &[u8], at: usize) -> Option<String> {
    let rest = text.get(at..)?;
    let len = rest
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
        .unwrap_or(rest.len());
    let (name, next) = (&rest[..len], rest.get(len));
    let plain = !name.is_empty()
        && !name[0].is_ascii_digit()
        && !matches!(next, Some(b'\\' | b'?' | b'$' | 0x80..));
    plain.then(|| String::from_utf8_lossy(name).into_owned())
}

#[cfg(test)]
mod tests {
    use super::plain_identifier_at as name;

    #[test]
    fn plain_identifiers_are_read_and_the_rest_left_to_the_lexer() {
        assert_eq!(name(b"x = FOO(a);", 4).as_deref(), Some("FOO"));
        assert_eq!(name(b"GETX_2 (v)", 0).as_deref(), Some("GETX_2"));
        assert_eq!(name(b"AT_END", 3).as_deref(), Some("END"));
        // A splice, a trigraph, `$` or UTF-8 may continue the name; not an identifier.
        for (text, at) in [
            (&b"FO\\\nO(x)"[..], 0),
            (b"A??/\nB", 0),
            (b"A$B", 0),
            ("Ab\u{e9}".as_bytes(), 0),
            (b"9x", 0),
            (b"(x)", 0),
            (b"x", 5),
        ] {
            assert_eq!(name(text, at), None, "{:?}", String::from_utf8_lossy(text));
        }
    }
}
