//! Types as libclang exposes them. Every query canonicalises first: clang 22 reports
//! `size_t` and friends as `CXType_Unexposed` sugar.

use super::{take_string, Cursor};
use clang_sys::*;
use std::marker::PhantomData;

/// A clang type, valid while its translation unit is.
#[derive(Clone, Copy)]
pub struct Ty<'tu> {
    raw: CXType,
    _p: PhantomData<&'tu ()>,
}

extern "C" fn collect_field(c: CXCursor, data: CXClientData) -> CXVisitorResult {
    // SAFETY: `data` is the Vec passed by `fields` below.
    unsafe { (*(data as *mut Vec<CXCursor>)).push(c) };
    CXVisit_Continue
}

impl<'tu> Ty<'tu> {
    pub(crate) fn new(raw: CXType) -> Self {
        Ty {
            raw,
            _p: PhantomData,
        }
    }

    /// The canonical type (typedefs and sugar removed, qualifiers kept).
    pub fn canonical(&self) -> Ty<'tu> {
        // SAFETY: valid type.
        Ty::new(unsafe { (super::hot().clang_getCanonicalType)(self.raw) })
    }

    /// `CXType_*` kind of the canonical type.
    pub fn kind(&self) -> CXTypeKind {
        self.canonical().raw.kind
    }

    /// Spelling as clang prints it.
    pub fn spelling(&self) -> String {
        // SAFETY: valid type.
        unsafe { take_string(clang_getTypeSpelling(self.raw)) }
    }

    /// The pointee of a pointer type.
    pub fn pointee(&self) -> Ty<'tu> {
        // SAFETY: valid type.
        Ty::new(unsafe { clang_getPointeeType(self.canonical().raw) })
    }

    /// The element type of an array or vector.
    pub fn element(&self) -> Ty<'tu> {
        // SAFETY: valid type.
        Ty::new(unsafe { clang_getElementType(self.canonical().raw) })
    }

    /// Number of elements of a vector or constant array (-1 otherwise).
    pub fn num_elements(&self) -> i64 {
        // SAFETY: valid type.
        unsafe { clang_getNumElements(self.canonical().raw) }
    }

    /// clang's `LangAS` value of the type's address space qualifier (0 = none, 1 global,
    /// 2 local, 3 constant, 4 private, 5 generic).
    pub fn address_space(&self) -> u32 {
        // SAFETY: valid type.
        unsafe { clang_getAddressSpace(self.canonical().raw) }
    }

    /// `const`-qualified.
    pub fn is_const(&self) -> bool {
        // SAFETY: valid type.
        unsafe { clang_isConstQualifiedType(self.canonical().raw) != 0 }
    }

    /// `volatile`-qualified.
    pub fn is_volatile(&self) -> bool {
        // SAFETY: valid type.
        unsafe { (super::hot().clang_isVolatileQualifiedType)(self.canonical().raw) != 0 }
    }

    /// `restrict`-qualified (on a pointer type).
    pub fn is_restrict(&self) -> bool {
        // SAFETY: valid type.
        unsafe { clang_isRestrictQualifiedType(self.raw) != 0 }
    }

    /// Size in bytes, for complete object types only.
    pub fn size_of(&self) -> Option<u64> {
        if !self.has_layout() {
            return None;
        }
        // SAFETY: layout queries are only made on types that have one (see has_layout).
        let s = unsafe { clang_Type_getSizeOf(self.canonical().raw) };
        (s >= 0).then_some(s as u64)
    }

    /// Alignment in bytes, for complete object types only.
    pub fn align_of(&self) -> Option<u64> {
        if !self.has_layout() {
            return None;
        }
        // SAFETY: as for size_of.
        let s = unsafe { clang_Type_getAlignOf(self.canonical().raw) };
        (s >= 0).then_some(s as u64)
    }

    /// libclang 22 crashes on layout queries of builtin function types: only ask for
    /// layouts of ordinary object types.
    fn has_layout(&self) -> bool {
        !matches!(
            self.kind(),
            CXType_Invalid
                | CXType_Unexposed
                | CXType_FunctionProto
                | CXType_FunctionNoProto
                | CXType_Void
        )
    }

    /// The declaration of a record or typedef type.
    pub fn declaration<'a>(&self, tu_cursor: &Cursor<'a>) -> Option<Cursor<'a>> {
        // SAFETY: valid type.
        let raw = unsafe { clang_getTypeDeclaration(self.canonical().raw) };
        // SAFETY: checking the kind of a returned cursor.
        if unsafe { clang_Cursor_isNull(raw) } != 0
            || unsafe { clang_getCursorKind(raw) } == CXCursor_NoDeclFound
        {
            return None;
        }
        Some(tu_cursor.rewrap(raw))
    }

    /// Field declarations of a record type, in order (see `Cursor::fields_of`).
    pub(crate) fn fields(&self) -> Vec<CXCursor> {
        let mut out: Vec<CXCursor> = Vec::new();
        // SAFETY: `collect_field` only pushes into `out`.
        unsafe {
            clang_Type_visitFields(
                self.canonical().raw,
                collect_field,
                &mut out as *mut Vec<CXCursor> as CXClientData,
            )
        };
        out
    }

    /// The value type of an `_Atomic` type.
    pub fn atomic_value(&self) -> Ty<'tu> {
        // SAFETY: valid type.
        Ty::new(unsafe { clang_Type_getValueType(self.canonical().raw) })
    }

    /// Whether two types are the same.
    pub fn same(&self, other: &Ty<'_>) -> bool {
        // SAFETY: valid types.
        unsafe { clang_equalTypes(self.raw, other.raw) != 0 }
    }
}
