//! Declarations: functions, kernels and their attributes, program-scope variables.

use super::{FnCtx, Lowerer, R};
use crate::front::clang::Cursor;
use clang_sys::*;
use clc_passes::ast::{
    AddressSpace, Arena, Block, Function, Global, GlobalInit, KernelAttrs, Local, QualType, Type,
};
use clc_passes::diag::Diagnostic;
use rustc_hash::FxHashMap;

/// SPIR-V's limit on the parameters of a function (universal limits, spec §2.17).
const MAX_PARAMS: usize = 255;

/// The most kernels one program may define. Compile time grows linearly with the count (the
/// validator sees a module of many kernels in pieces, `val_pieces`): 100,000 one-line
/// kernels take about 20 s (`docs/LIMITS.md`); a dozen SPIR-V ids each stay far below the
/// validator's bound of 4,194,303.
pub const MAX_KERNELS: u32 = 100_000;

impl Lowerer<'_, '_> {
    pub(super) fn translation_unit(&mut self) {
        let top: Vec<Cursor<'_>> = self
            .root
            .children()
            .into_iter()
            .filter(|c| !c.is_in_system_header())
            .collect();
        // First make every function definition known, so calls can refer to functions
        // defined later in the file.
        let mut bodies = Vec::new();
        for c in &top {
            if c.kind() == CXCursor_FunctionDecl && c.is_definition() {
                let span = self.span(c);
                let name = c.spelling();
                let h = self.module.functions.append(Function {
                    name,
                    result: QualType {
                        ty: self.module.types.intern(Type::Void),
                        space: None,
                        is_const: false,
                    },
                    params: Vec::new(),
                    locals: Arena::default(),
                    exprs: Arena::default(),
                    body: Block::default(),
                    kernel: None,
                    labels: Vec::new(),
                    span,
                });
                self.functions.insert(c.usr(), h);
                bodies.push((*c, h));
            }
        }
        for c in &top {
            match c.kind() {
                CXCursor_VarDecl => {
                    let _ = self.global_var(c, false);
                }
                CXCursor_FunctionDecl
                | CXCursor_StructDecl
                | CXCursor_UnionDecl
                | CXCursor_EnumDecl
                | CXCursor_TypedefDecl => {}
                _ => {}
            }
        }
        for (c, h) in bodies {
            if self.function(&c, h) == Err(super::Reported) && self.kernels > MAX_KERNELS {
                break;
            }
        }
    }

    /// A program-scope variable, or a function-scope `static`/`__constant` one hoisted to
    /// program scope.
    pub(super) fn global_var(
        &mut self,
        c: &Cursor<'_>,
        is_static_local: bool,
    ) -> R<clc_passes::ast::Handle<Global>> {
        let usr = c.usr();
        if let Some(&g) = self.globals.get(&usr) {
            return Ok(g);
        }
        if self.failed_globals.contains(&usr) {
            return Err(super::Reported);
        }
        if !self.pending_globals.insert(usr.clone()) {
            // `__global void *p = &p;`: the initializer refers to the variable itself.
            self.failed_globals.insert(usr);
            return self.unsupported(c, "a variable whose initializer takes its own address");
        }
        let r = self.new_global_var(c, is_static_local);
        self.pending_globals.remove(&usr);
        if r.is_err() {
            self.failed_globals.insert(usr);
        }
        r
    }

    fn new_global_var(
        &mut self,
        c: &Cursor<'_>,
        is_static_local: bool,
    ) -> R<clc_passes::ast::Handle<Global>> {
        let usr = c.usr();
        let span = self.span(c);
        if c.has_external_storage() {
            return self.unsupported(
                c,
                "'extern' variables (clc compiles one translation unit and has no linker)",
            );
        }
        let ty = self.qual(c.ty(), c)?;
        let init = match c.var_initializer() {
            None => GlobalInit::None,
            Some(i) => self.const_init(&i, ty.ty)?,
        };
        let g = self.module.globals.append(Global {
            name: c.spelling(),
            ty,
            init,
            span,
            is_static_local,
            is_string_literal: false,
        });
        self.globals.insert(usr, g);
        Ok(g)
    }

    /// A parameter's type. C11 6.7.6.3p7: a parameter declared as an array of T (`ulong
    /// R[4]`, `global const ulong src[]`) is a pointer to T, which libclang still shows as
    /// the array written. The elements keep their address space (`__private` when
    /// unqualified, in every version, as clang decays it); the pointer itself is a
    /// `__private` parameter like any other.
    fn parameter_type(&mut self, p: &Cursor<'_>) -> R<QualType> {
        let t = p.ty();
        if !matches!(
            t.canonical().kind(),
            CXType_ConstantArray | CXType_IncompleteArray | CXType_VariableArray
        ) {
            return self.qual(t, p);
        }
        let elem = t.element();
        let pointee = self.ty(elem, p)?;
        let space = match self.space(elem, p)? {
            Some(s) => s,
            None => self.space(t, p)?.unwrap_or(AddressSpace::Private),
        };
        let pointer = self.module.types.intern(Type::Pointer {
            pointee,
            space: Some(space),
            is_const: elem.is_const(),
            is_volatile: elem.is_volatile(),
        });
        Ok(QualType {
            ty: pointer,
            space: Some(AddressSpace::Private),
            is_const: false,
        })
    }

    fn function(&mut self, c: &Cursor<'_>, h: clc_passes::ast::Handle<Function>) -> R<()> {
        let children = c.children();
        let kernel = self.kernel_attrs(c, &children);
        if kernel.is_some() {
            self.kernels += 1;
            if self.kernels > MAX_KERNELS {
                let span = self.span(c);
                return self.error(Diagnostic::error(
                    span,
                    format!("more than {MAX_KERNELS} kernels in one program (clc's limit)"),
                ));
            }
        }
        if c.is_variadic() {
            return self.unsupported(c, "variadic functions");
        }
        let result_ty = c.result_ty();
        let result = self.qual(result_ty, c)?;
        let mut cx = FnCtx {
            locals: Arena::default(),
            exprs: Arena::default(),
            by_decl: FxHashMap::default(),
            depth: 0,
            expr_depth: 0,
            labels: Vec::new(),
            break_targets: Vec::new(),
            goto_switches: Vec::new(),
        };
        let param_cursors: Vec<_> = children
            .iter()
            .filter(|p| p.kind() == CXCursor_ParmDecl)
            .collect();
        if param_cursors.len() > MAX_PARAMS {
            let span = self.span(c);
            let what = if kernel.is_some() {
                "kernel"
            } else {
                "function"
            };
            return self.error(Diagnostic::error(
                span,
                format!(
                    "{what} '{}' has {} parameters; SPIR-V allows at most {MAX_PARAMS}",
                    c.spelling(),
                    param_cursors.len()
                ),
            ));
        }
        let mut params = Vec::new();
        for p in param_cursors {
            let ty = self.parameter_type(p)?;
            let span = self.span(p);
            let l = cx.locals.append(Local {
                name: p.spelling(),
                ty,
                span,
                is_param: true,
                scope_depth: 0,
            });
            if let Some(key) = super::decl_key(p) {
                cx.by_decl.insert(key, l);
            }
            params.push(l);
        }
        let Some(body) = children.iter().find(|b| b.kind() == CXCursor_CompoundStmt) else {
            return self.unsupported(c, "function definition without a body");
        };
        let body = self.block(body, &mut cx)?;
        let f = &mut self.module.functions[h];
        f.result = result;
        f.params = params;
        f.locals = cx.locals;
        f.exprs = cx.exprs;
        f.body = body;
        f.kernel = kernel;
        f.labels = cx.labels;
        Ok(())
    }

    /// `Some` if `c` is a `__kernel` function: clang exposes the kernel attribute only as an
    /// unexposed attribute whose token is `__kernel`/`kernel`; attribute values come from
    /// the pretty-printed declaration (macros expanded, constants folded).
    fn kernel_attrs(&mut self, c: &Cursor<'_>, children: &[Cursor<'_>]) -> Option<KernelAttrs> {
        // Most helpers carry no attribute at all: no further questions for them.
        if !c.has_attrs() {
            return None;
        }
        let mut attrs = children.iter().filter(|a| a.is_attribute());
        let is_kernel = c.ty().spelling().contains("device_kernel")
            || attrs
                .clone()
                .any(|a| matches!(a.first_token().as_deref(), Some("__kernel" | "kernel")));
        if !is_kernel {
            return None;
        }
        // The work-group sizes and the type hint are attributes besides `kernel`.
        let mut printed = String::new();
        if attrs.nth(1).is_some() {
            printed = c.pretty_printed();
            // Attributes written on the first declaration are the definition's too, but
            // clang prints only those written on the definition.
            if let Some(first) = c.canonical().filter(|f| !f.same(c)) {
                printed.push('\n');
                printed.push_str(&first.pretty_printed());
            }
        }
        let params: Vec<_> = children
            .iter()
            .filter(|p| p.kind() == CXCursor_ParmDecl)
            .collect();
        let attrs = KernelAttrs {
            reqd_work_group_size: attr_triple(&printed, "reqd_work_group_size"),
            work_group_size_hint: attr_triple(&printed, "work_group_size_hint"),
            vec_type_hint: vec_type_hint(&printed),
            arg_type_names: params
                .iter()
                .map(|p| arg_type_name(&p.ty().spelling()))
                .collect(),
            restrict_args: params.iter().map(|p| p.ty().is_restrict()).collect(),
        };
        for (name, value) in [
            ("reqd_work_group_size", attrs.reqd_work_group_size),
            ("work_group_size_hint", attrs.work_group_size_hint),
        ] {
            if printed.contains(name) && value.is_none() {
                let attr = children
                    .iter()
                    .find(|a| a.is_attribute() && a.first_token().as_deref() == Some(name));
                let span = self.span(attr.unwrap_or(c));
                self.diags.push(Diagnostic::unsupported(
                    span,
                    format!("{name} with values clc cannot evaluate"),
                ));
            }
        }
        Some(attrs)
    }
}

/// `vec_type_hint(float4)` → SPIR-V's encoding: components << 16 | type code (0 char,
/// 1 short, 2 int, 3 long, 4 half, 5 float, 6 double).
fn vec_type_hint(printed: &str) -> Option<u32> {
    let start = printed.find("vec_type_hint(")? + "vec_type_hint(".len();
    let end = start + printed[start..].find(')')?;
    let name = printed[start..end].trim();
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let n: u32 = name[base.len()..].parse().unwrap_or(1);
    let code = match base.trim_start_matches('u') {
        "char" => 0,
        "short" => 1,
        "int" => 2,
        "long" => 3,
        "half" => 4,
        "float" => 5,
        "double" => 6,
        _ => return None,
    };
    Some((n << 16) | code)
}

/// A parameter's type as clGetKernelArgInfo reports it: typedef names kept, address space
/// and other qualifiers dropped (`__global const float4 *restrict` → `float4*`).
fn arg_type_name(spelling: &str) -> String {
    const DROP: &[&str] = &[
        "__global",
        "global",
        "__local",
        "local",
        "__constant",
        "constant",
        "__private",
        "private",
        "__generic",
        "generic",
        "const",
        "volatile",
        "restrict",
        "__read_only",
        "read_only",
        "__write_only",
        "write_only",
        "__read_write",
        "read_write",
    ];
    // The words kept, one space between them; each `*` attached to what precedes it.
    let mut out = String::with_capacity(spelling.len());
    for word in spelling.split_whitespace() {
        for (i, part) in word.split('*').enumerate() {
            if i > 0 {
                out.push('*');
            }
            if !part.is_empty() && !DROP.contains(&part) {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(part);
            }
        }
    }
    out
}

/// Parses `name(x, y, z)` out of a pretty-printed declaration.
fn attr_triple(printed: &str, name: &str) -> Option<[u32; 3]> {
    let start = printed.find(&format!("{name}("))? + name.len() + 1;
    // The arguments as clang prints them (macros expanded, expressions as written):
    // split at the commas outside parentheses, up to the closing parenthesis.
    let mut depth = 0u32;
    let mut args = vec![String::new()];
    for ch in printed[start..].chars() {
        match ch {
            '(' => depth += 1,
            ')' if depth == 0 => break,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(String::new());
                continue;
            }
            _ => {}
        }
        args.last_mut()?.push(ch);
    }
    let nums: Vec<u32> = args
        .iter()
        .map(|a| u32::try_from(const_int::eval(a)?).ok())
        .collect::<Option<_>>()?;
    match nums.as_slice() {
        [x, y, z] => Some([*x, *y, *z]),
        _ => None,
    }
}

/// Integer constant expressions as clang prints them in attributes (`32 * 2`, `(64)`,
/// `1 << 3`, `64U`): literals, parentheses, unary and binary C operators.
mod const_int {
    /// The value of `s`, or `None` if it is not such an expression (or divides by zero).
    pub(super) fn eval(s: &str) -> Option<i128> {
        let tokens = lex(s)?;
        let mut p = Parser { tokens, pos: 0 };
        let v = p.binary(0)?;
        (p.pos == p.tokens.len()).then_some(v)
    }

    fn lex(s: &str) -> Option<Vec<String>> {
        let b = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_whitespace() {
                i += 1;
            } else if c.is_ascii_alphanumeric() {
                let start = i;
                while i < b.len() && b[i].is_ascii_alphanumeric() {
                    i += 1;
                }
                out.push(s[start..i].to_string());
            } else {
                let two = s.get(i..i + 2).unwrap_or("");
                let op = if ["<<", ">>", "<=", ">=", "==", "!=", "&&", "||"].contains(&two) {
                    two
                } else {
                    s.get(i..i + 1)?
                };
                i += op.len();
                out.push(op.to_string());
            }
        }
        Some(out)
    }

    struct Parser {
        tokens: Vec<String>,
        pos: usize,
    }

    impl Parser {
        fn peek(&self) -> Option<&str> {
            self.tokens.get(self.pos).map(String::as_str)
        }

        fn unary(&mut self) -> Option<i128> {
            let t = self.peek()?.to_string();
            self.pos += 1;
            match t.as_str() {
                "(" => {
                    let v = self.binary(0)?;
                    (self.peek() == Some(")")).then(|| self.pos += 1)?;
                    Some(v)
                }
                "-" => Some(-self.unary()?),
                "+" => self.unary(),
                "~" => Some(!self.unary()?),
                "!" => Some(i128::from(self.unary()? == 0)),
                "sizeof" => {
                    // `sizeof(T)` of a scalar or vector type name.
                    (self.peek() == Some("(")).then(|| self.pos += 1)?;
                    let name = self.peek()?.to_string();
                    self.pos += 1;
                    (self.peek() == Some(")")).then(|| self.pos += 1)?;
                    size_of_type(&name)
                }
                _ => literal(&t),
            }
        }

        /// Precedence climbing over C's binary operators.
        fn binary(&mut self, min: u8) -> Option<i128> {
            let mut lhs = self.unary()?;
            while let Some(op) = self.peek() {
                let prec = match op {
                    "*" | "/" | "%" => 10,
                    "+" | "-" => 9,
                    "<<" | ">>" => 8,
                    "<" | ">" | "<=" | ">=" => 7,
                    "==" | "!=" => 6,
                    "&" => 5,
                    "^" => 4,
                    "|" => 3,
                    "&&" => 2,
                    "||" => 1,
                    _ => return Some(lhs),
                };
                if prec < min.max(1) {
                    return Some(lhs);
                }
                let op = op.to_string();
                self.pos += 1;
                let rhs = self.binary(prec + 1)?;
                lhs = match op.as_str() {
                    "*" => lhs.checked_mul(rhs)?,
                    "/" => lhs.checked_div(rhs)?,
                    "%" => lhs.checked_rem(rhs)?,
                    "+" => lhs + rhs,
                    "-" => lhs - rhs,
                    "<<" => lhs.checked_shl(u32::try_from(rhs).ok()?)?,
                    ">>" => lhs.checked_shr(u32::try_from(rhs).ok()?)?,
                    "<" => i128::from(lhs < rhs),
                    ">" => i128::from(lhs > rhs),
                    "<=" => i128::from(lhs <= rhs),
                    ">=" => i128::from(lhs >= rhs),
                    "==" => i128::from(lhs == rhs),
                    "!=" => i128::from(lhs != rhs),
                    "&" => lhs & rhs,
                    "^" => lhs ^ rhs,
                    "|" => lhs | rhs,
                    "&&" => i128::from(lhs != 0 && rhs != 0),
                    _ => i128::from(lhs != 0 || rhs != 0),
                };
            }
            Some(lhs)
        }
    }

    /// The size of a scalar or vector type named by one token (`int`, `float4`).
    fn size_of_type(name: &str) -> Option<i128> {
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let n: i128 = match &name[base.len()..] {
            "" => 1,
            "3" => 4,
            d => d.parse().ok()?,
        };
        let elem = match base {
            "char" | "uchar" | "bool" => 1,
            "short" | "ushort" | "half" => 2,
            "int" | "uint" | "float" => 4,
            "long" | "ulong" | "double" | "size_t" | "ptrdiff_t" | "intptr_t" | "uintptr_t" => 8,
            _ => return None,
        };
        Some(elem * n)
    }

    /// A decimal, hex or octal literal with an optional `u`/`l` suffix.
    fn literal(t: &str) -> Option<i128> {
        let t = t.trim_end_matches(['u', 'U', 'l', 'L']);
        if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            i128::from_str_radix(hex, 16).ok()
        } else if t.len() > 1 && t.starts_with('0') {
            i128::from_str_radix(&t[1..], 8).ok()
        } else {
            t.parse().ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::attr_triple;

    #[test]
    fn parses_attribute_triples() {
        let p = "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void k(__global int *a)";
        assert_eq!(attr_triple(p, "reqd_work_group_size"), Some([64, 1, 1]));
        assert_eq!(attr_triple(p, "work_group_size_hint"), None);
        let p =
            "__kernel __attribute__((reqd_work_group_size((64), 32 * 2, 1 << 3 | 0x1U))) void k()";
        assert_eq!(attr_triple(p, "reqd_work_group_size"), Some([64, 64, 9]));
        let p = "__attribute__((reqd_work_group_size(8 - 2 * 3, (1 + 1) * 4, 7 / 2))) void k()";
        assert_eq!(attr_triple(p, "reqd_work_group_size"), Some([2, 8, 3]));
        let p = "__attribute__((reqd_work_group_size(sizeof(int) * 4, sizeof(float3), 1))) k()";
        assert_eq!(attr_triple(p, "reqd_work_group_size"), Some([16, 16, 1]));
        let p = "__attribute__((reqd_work_group_size(N, 1, 1))) void k()";
        assert_eq!(attr_triple(p, "reqd_work_group_size"), None);
    }

    #[test]
    fn encodes_vec_type_hints_and_argument_type_names() {
        assert_eq!(
            super::vec_type_hint("__attribute__((vec_type_hint(float4)))"),
            Some(0x4_0005)
        );
        assert_eq!(
            super::vec_type_hint("__attribute__((vec_type_hint(uint)))"),
            Some(0x1_0002)
        );
        assert_eq!(super::vec_type_hint("void k()"), None);
        assert_eq!(
            super::arg_type_name("__global const float4 *restrict"),
            "float4*"
        );
        assert_eq!(super::arg_type_name("__private uint"), "uint");
        assert_eq!(
            super::arg_type_name("__local struct pair *"),
            "struct pair*"
        );
        assert_eq!(super::arg_type_name("global int*const*p"), "int** p");
        assert_eq!(
            super::arg_type_name("  __read_only   image2d_t "),
            "image2d_t"
        );
    }
}
