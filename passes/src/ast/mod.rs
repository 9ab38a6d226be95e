//! The typed AST: clc's one intermediate representation between libclang and SPIR-V.
//!
//! ## Shape
//! A [`Module`] owns interned [`Types`], program-scope [`Global`]s and [`Function`]s. Each
//! function owns an arena of [`Local`]s (parameters first) and an arena of [`Expr`]s; its body
//! is a tree of [`Stmt`]s referring to expressions by handle.
//!
//! ## Invariants (established by the front end, checked by [`crate::verify`])
//! 1. Every handle is valid in the arena it belongs to; expressions refer only to
//!    expressions appended before them (operands first), so the expression graph is acyclic.
//! 2. Every expression carries its full result type. An lvalue expression
//!    ([`Category::Place`]) designates an object and names that object's address space; an
//!    rvalue has no address space. Lvalue→rvalue conversions are explicit [`ExprKind::Load`]s,
//!    every conversion is an explicit [`ExprKind::Cast`] with its [`CastKind`].
//! 3. Operators see operands already converted by C's rules (clang's implicit casts are
//!    explicit here), except compound assignment, which records its computation type.
//! 4. After `normalize-address-spaces`, no declaration has an unset address space (AS-2).

pub mod arena;
pub mod builtin;
pub mod print;
pub mod ty;

pub use arena::{Arena, Handle, HandleMap};
pub use builtin::Builtin;
pub use ty::{
    AddressSpace, DataLayout, Field, ImageAccess, ImageDim, ImageType, QualType, Scalar, Space,
    StructDef, Type, Types,
};

use crate::diag::Span;

/// OpenCL C language version (`-cl-std`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LangVersion {
    /// OpenCL C 1.2 (clang's default).
    Cl12,
    /// OpenCL C 2.0.
    Cl20,
    /// OpenCL C 3.0.
    Cl30,
}

impl LangVersion {
    /// The `-cl-std=` spelling.
    pub fn spelling(self) -> &'static str {
        match self {
            LangVersion::Cl12 => "CL1.2",
            LangVersion::Cl20 => "CL2.0",
            LangVersion::Cl30 => "CL3.0",
        }
    }
}

/// Language facts the address-space rules depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LangOptions {
    /// `-cl-std`.
    pub version: LangVersion,
    /// `__opencl_c_generic_address_space` (CL2.0 always; CL3.0 as a feature).
    pub generic_address_space: bool,
    /// `__opencl_c_program_scope_global_variables`.
    pub program_scope_globals: bool,
    /// Pointer sizes per address space.
    pub layout: DataLayout,
    /// The FP_CONTRACT state where no pragma says otherwise (`-ffp-contract`; OpenCL C's
    /// default is on).
    pub fp_contract: FpContract,
}

/// Whether a floating-point expression may be contracted (C11 7.12.2 `FP_CONTRACT`, which
/// OpenCL C turns on by default): evaluated with fewer roundings than its operations, as
/// `a * b + c` computed by one `fma`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FpContract {
    /// `#pragma OPENCL FP_CONTRACT OFF`, `-ffp-contract=off`: every operation rounds.
    Off,
    /// A product feeding an addition or subtraction in the same expression is fused.
    #[default]
    On,
    /// As `On`, and the consumer may also fuse across expressions (`-ffp-contract=fast`).
    Fast,
}

impl LangOptions {
    /// The options clang uses for `spir64` at `version` (CL3.0 with every feature on).
    pub fn for_version(version: LangVersion) -> Self {
        let cl2 = version >= LangVersion::Cl20;
        LangOptions {
            version,
            generic_address_space: cl2,
            program_scope_globals: cl2,
            layout: DataLayout::SPIR64,
            fp_contract: FpContract::On,
        }
    }
}

/// A translation unit.
#[derive(Debug, Clone)]
pub struct Module {
    /// Language options the module was parsed with.
    pub lang: LangOptions,
    /// Interned types.
    pub types: Types,
    /// Program-scope variables (and string literals, as anonymous `__constant` arrays).
    pub globals: Arena<Global>,
    /// Functions with bodies; kernels are marked by [`Function::kernel`].
    pub functions: Arena<Function>,
}

impl Module {
    /// An empty module.
    pub fn new(lang: LangOptions) -> Self {
        Module {
            lang,
            types: Types::default(),
            globals: Arena::default(),
            functions: Arena::default(),
        }
    }
}

/// A compile-time constant value, shaped like its type.
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    /// Integer bits (already truncated to the type's width).
    Int(u64),
    /// Floating-point value.
    Float(f64),
    /// Boolean.
    Bool(bool),
    /// All-zero value of any type (also the implicit fill of partial initializers).
    Zero,
    /// Array, struct or vector elements, one per member.
    Composite(Vec<ConstValue>),
    /// The address of (an element of) a program-scope variable: `&g`, `g` (decayed),
    /// `&g[2]`, `&g.field`. `indices` select inside `g`, as after a first index 0.
    Address {
        /// The variable.
        global: Handle<Global>,
        /// Element and member indices.
        indices: Vec<u32>,
    },
}

/// The initializer of a program-scope (or `static`) variable.
#[derive(Debug, Clone, PartialEq)]
pub enum GlobalInit {
    /// No initializer written.
    None,
    /// A compile-time constant.
    Const(ConstValue),
    /// An initializer that is not a compile-time constant (an error for AS-7).
    NotConstant(Span),
}

/// A program-scope variable (or a `static`/`__constant` local hoisted to program scope).
#[derive(Debug, Clone)]
pub struct Global {
    /// Name (synthesised for string literals).
    pub name: String,
    /// Type and address space.
    pub ty: QualType,
    /// Initializer.
    pub init: GlobalInit,
    /// Declaration site.
    pub span: Span,
    /// Whether this is a function-scope `static` variable (AS-6 applies the same rules).
    pub is_static_local: bool,
    /// Whether the front end made it for a string literal.
    pub is_string_literal: bool,
}

/// A parameter or function-scope variable.
#[derive(Debug, Clone)]
pub struct Local {
    /// Name as written.
    pub name: String,
    /// Type and address space.
    pub ty: QualType,
    /// Declaration site.
    pub span: Span,
    /// Whether this is a parameter.
    pub is_param: bool,
    /// Depth of the enclosing block (0 = the function's outermost block; params are 0).
    pub scope_depth: u32,
}

/// Kernel attributes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KernelAttrs {
    /// `reqd_work_group_size(x, y, z)`.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint(x, y, z)`.
    pub work_group_size_hint: Option<[u32; 3]>,
    /// `vec_type_hint(T)` as SPIR-V's VecTypeHint operand: components << 16 | type code.
    pub vec_type_hint: Option<u32>,
    /// Parameter type names as written (`float4*`), for clGetKernelArgInfo.
    pub arg_type_names: Vec<String>,
    /// Which parameters are `restrict` pointers.
    pub restrict_args: Vec<bool>,
}

/// A function definition.
#[derive(Debug, Clone)]
pub struct Function {
    /// Name as written.
    pub name: String,
    /// Result type; its space is the qualifier written on it (AS-10 requires none).
    pub result: QualType,
    /// Parameters, in order (handles into `locals`).
    pub params: Vec<Handle<Local>>,
    /// Parameters and local variables.
    pub locals: Arena<Local>,
    /// Expressions of the body.
    pub exprs: Arena<Expr>,
    /// The body.
    pub body: Block,
    /// `Some` for `__kernel` functions.
    pub kernel: Option<KernelAttrs>,
    /// Names of the labels `goto` statements refer to.
    pub labels: Vec<String>,
    /// Declaration site.
    pub span: Span,
}

/// Whether an expression designates an object or is a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// A value.
    Value,
    /// An lvalue: an object in `space`, possibly `const` or `volatile`.
    Place {
        /// The object's address space.
        space: Space,
        /// Whether the object is const-qualified.
        is_const: bool,
        /// Whether the object is volatile-qualified: every read and write of it is a
        /// `Volatile` memory access.
        is_volatile: bool,
    },
}

/// An expression node.
#[derive(Debug, Clone)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Its type (for places: the object's type).
    pub ty: Handle<Type>,
    /// Lvalue or rvalue.
    pub category: Category,
    /// Where it was written.
    pub span: Span,
    /// The FP_CONTRACT state in force there (meaningful for floating-point arithmetic; a
    /// Vulkan backend marks operations under `Off` NoContraction).
    pub contract: FpContract,
}

/// Unary operators on values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `~x`
    BitNot,
    /// `!x` (result `int`)
    LogicalNot,
}

/// Binary operators on values (operands already converted to a common type, except for
/// shifts, whose operands keep their own promoted types, and pointer arithmetic).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+` (also pointer + integer)
    Add,
    /// `-` (also pointer - integer and pointer - pointer)
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl BinaryOp {
    /// Whether the operator compares (result `int`).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }
}

/// Short-circuit operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicalOp {
    /// `&&`
    And,
    /// `||`
    Or,
}

/// What a conversion does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastKind {
    /// Integer to integer of another width or signedness (also enum and bool promotions).
    IntToInt,
    /// Integer to floating point.
    IntToFloat,
    /// Floating point to integer (truncating).
    FloatToInt,
    /// Floating point to floating point.
    FloatToFloat,
    /// Scalar to `bool` (`!= 0`).
    ToBool,
    /// `bool` to integer (0 or 1).
    BoolToInt,
    /// `bool` to float (0.0 or 1.0).
    BoolToFloat,
    /// Array place to pointer to its first element.
    ArrayToPointer,
    /// Pointer to pointer in the same address space (other pointee type).
    PointerBitcast,
    /// Pointer to pointer in another address space (AS-11, AS-12).
    AddressSpace,
    /// Null constant to pointer (or the zero `event_t`).
    NullToPointer,
    /// Reinterpretation of the bits (`as_T`), same size.
    Bitcast,
    /// A constant integer describing a sampler (`CLK_ADDRESS_CLAMP | …`) to `sampler_t`.
    IntToSampler,
    /// Pointer to integer.
    PointerToInt,
    /// Integer to pointer.
    IntToPointer,
    /// Scalar to every component of a vector (the scalar already has the element type).
    Splat,
    /// Same representation (typedefs, qualifier changes).
    NoOp,
}

/// Expression kinds.
#[derive(Debug, Clone)]
pub enum ExprKind {
    /// Integer constant (bits, truncated to the type).
    IntConst(u64),
    /// Float constant.
    FloatConst(f64),
    /// `true`/`false`.
    BoolConst(bool),
    /// A parameter or local variable (a place).
    Local(Handle<Local>),
    /// A program-scope variable (a place).
    Global(Handle<Global>),
    /// Reads the value of a place.
    Load(Handle<Expr>),
    /// `&place`.
    AddrOf(Handle<Expr>),
    /// `*pointer` (a place).
    Deref(Handle<Expr>),
    /// `pointer[index]` (a place); arrays are decayed first.
    Index {
        /// Pointer value.
        base: Handle<Expr>,
        /// Integer index.
        index: Handle<Expr>,
    },
    /// `place.field` (a place); `->` is a `Deref` first.
    Member {
        /// The struct place.
        base: Handle<Expr>,
        /// Field index.
        field: u32,
    },
    /// Unary operator.
    Unary(UnaryOp, Handle<Expr>),
    /// Binary operator.
    Binary(BinaryOp, Handle<Expr>, Handle<Expr>),
    /// `&&`/`||`, evaluating the right side only when needed.
    Logical(LogicalOp, Handle<Expr>, Handle<Expr>),
    /// `place = value`; the result is the stored value.
    Assign {
        /// Target place.
        place: Handle<Expr>,
        /// Value (already converted to the place's type).
        value: Handle<Expr>,
    },
    /// `place op= value`, computed in `compute` and converted back.
    CompoundAssign {
        /// Set by `contract-fp`: `op` is `+` or `-`, `value` is a product `a * b` or its
        /// negation, and the result is `fma(±a, b, place)`, rounded once.
        fused: bool,
        /// The operator.
        op: BinaryOp,
        /// Target place.
        place: Handle<Expr>,
        /// Right operand (not converted).
        value: Handle<Expr>,
        /// The type the operation is computed in.
        compute: Handle<Type>,
    },
    /// `++`/`--`.
    IncDec {
        /// Target place.
        place: Handle<Expr>,
        /// `++` or `--`.
        increment: bool,
        /// Prefix (result is the new value) or postfix (the old value).
        prefix: bool,
    },
    /// A conversion; `explicit` is true for casts written in the source.
    Cast {
        /// What the conversion does.
        kind: CastKind,
        /// The converted operand.
        operand: Handle<Expr>,
        /// Written by the user.
        explicit: bool,
    },
    /// `cond ? a : b`, evaluating only the chosen side.
    Conditional {
        /// Condition (a scalar).
        cond: Handle<Expr>,
        /// Value if true.
        then: Handle<Expr>,
        /// Value if false.
        otherwise: Handle<Expr>,
    },
    /// `a, b`.
    Comma(Handle<Expr>, Handle<Expr>),
    /// Vector components `base.xyz` (a place when `base` is a place). `indices` select
    /// components of `base`; [`Swizzle::UNDEFINED`] marks the undefined lane of `.hi`/`.odd`
    /// on a 3-component vector.
    Swizzle {
        /// The vector.
        base: Handle<Expr>,
        /// Selected components, in order.
        indices: Vec<u8>,
    },
    /// A compound literal `(S){ … }`: an unnamed local object, initialized where the
    /// expression is evaluated (a place).
    CompoundLiteral {
        /// The object.
        local: Handle<Local>,
        /// Its initializer.
        init: Box<Init>,
    },
    /// A vector literal `(float4)(a, v2, b)`: scalars and vectors whose components, in order,
    /// fill the result (each part already has the element type).
    VectorLiteral(Vec<Handle<Expr>>),
    /// A call of a user function.
    Call {
        /// Callee.
        function: Handle<Function>,
        /// Arguments, converted to the parameter types.
        args: Vec<Handle<Expr>>,
    },
    /// `(±a * b) ± c` rounded once (OpenCL.std `fma`): a contracted `a * b + c`, made by
    /// `contract-fp`.
    FusedMulAdd {
        /// First factor.
        a: Handle<Expr>,
        /// Second factor.
        b: Handle<Expr>,
        /// Addend.
        c: Handle<Expr>,
        /// `a` is negated (the product was subtracted or negated).
        negate_product: bool,
        /// `c` is negated (`a * b - c`).
        negate_addend: bool,
        /// `c` was written first (`c + a * b`) and is evaluated first.
        addend_first: bool,
    },
    /// A call of a builtin.
    Builtin {
        /// Which builtin.
        builtin: Builtin,
        /// Arguments, converted to the selected overload's parameter types.
        args: Vec<Handle<Expr>>,
    },
}

impl ExprKind {
    /// The operand expressions of an expression (not those inside a compound literal's
    /// initializer, which are evaluated as part of it).
    pub fn operands(&self) -> Vec<Handle<Expr>> {
        match self {
            Self::IntConst(_)
            | Self::FloatConst(_)
            | Self::BoolConst(_)
            | Self::Local(_)
            | Self::Global(_)
            | Self::CompoundLiteral { .. } => vec![],
            Self::Load(a)
            | Self::AddrOf(a)
            | Self::Deref(a)
            | Self::Member { base: a, .. }
            | Self::Unary(_, a)
            | Self::IncDec { place: a, .. }
            | Self::Cast { operand: a, .. }
            | Self::Swizzle { base: a, .. } => vec![*a],
            Self::Index { base: a, index: b }
            | Self::Binary(_, a, b)
            | Self::Logical(_, a, b)
            | Self::Assign { place: a, value: b }
            | Self::CompoundAssign {
                place: a, value: b, ..
            }
            | Self::Comma(a, b) => vec![*a, *b],
            Self::Conditional {
                cond,
                then,
                otherwise,
            } => vec![*cond, *then, *otherwise],
            Self::VectorLiteral(v) | Self::Call { args: v, .. } | Self::Builtin { args: v, .. } => {
                v.clone()
            }
            Self::FusedMulAdd { a, b, c, .. } => vec![*a, *b, *c],
        }
    }
}

/// Constants of swizzles.
pub struct Swizzle;

impl Swizzle {
    /// Index of an undefined component.
    pub const UNDEFINED: u8 = u8::MAX;

    /// Decodes a component accessor (`xyzw`, `rgba`, `s0…sF`, `lo`, `hi`, `even`, `odd`) for a
    /// vector of `len` components.
    pub fn decode(accessor: &str, len: u8) -> Option<Vec<u8>> {
        let storage = if len == 3 { 4 } else { len };
        let pick = |v: Vec<u8>| {
            v.into_iter()
                .map(|i| if i < len { i } else { Swizzle::UNDEFINED })
                .collect()
        };
        match accessor {
            "lo" => return Some(pick((0..storage / 2).collect())),
            "hi" => return Some(pick((storage / 2..storage).collect())),
            "even" => return Some(pick((0..storage).step_by(2).collect())),
            "odd" => return Some(pick((1..storage).step_by(2).collect())),
            _ => {}
        }
        if let Some(hex) = accessor
            .strip_prefix('s')
            .or_else(|| accessor.strip_prefix('S'))
        {
            let v: Option<Vec<u8>> = hex
                .chars()
                .map(|c| c.to_digit(16).map(|d| d as u8))
                .collect();
            return v.filter(|v| !v.is_empty() && v.iter().all(|&i| i < len));
        }
        let v: Option<Vec<u8>> = accessor
            .chars()
            .map(|c| match c {
                'x' | 'r' => Some(0),
                'y' | 'g' => Some(1),
                'z' | 'b' => Some(2),
                'w' | 'a' => Some(3),
                _ => None,
            })
            .collect();
        v.filter(|v| !v.is_empty() && v.iter().all(|&i| i < len))
    }
}

#[cfg(test)]
mod tests {
    use super::Swizzle;
    const U: u8 = Swizzle::UNDEFINED;

    #[test]
    fn decodes_every_accessor_form() {
        assert_eq!(Swizzle::decode("xy", 4), Some(vec![0, 1]));
        assert_eq!(Swizzle::decode("wzyx", 4), Some(vec![3, 2, 1, 0]));
        assert_eq!(Swizzle::decode("s0F", 16), Some(vec![0, 15]));
        assert_eq!(Swizzle::decode("S7", 8), Some(vec![7]));
        assert_eq!(Swizzle::decode("lo", 8), Some(vec![0, 1, 2, 3]));
        assert_eq!(Swizzle::decode("hi", 4), Some(vec![2, 3]));
        assert_eq!(Swizzle::decode("hi", 3), Some(vec![2, U]));
        assert_eq!(Swizzle::decode("odd", 3), Some(vec![1, U]));
        assert_eq!(Swizzle::decode("even", 2), Some(vec![0]));
        assert_eq!(Swizzle::decode("z", 2), None);
        assert_eq!(Swizzle::decode("s8", 8), None);
        assert_eq!(Swizzle::decode("q", 4), None);
    }
}

/// Initializer of a local variable, shaped exactly like the variable's type.
#[derive(Debug, Clone)]
pub enum Init {
    /// A value.
    Expr(Handle<Expr>),
    /// One entry per array element or struct member.
    List(Vec<Init>),
    /// Zero-fill.
    Zero,
}

/// A `{ ... }` block.
#[derive(Debug, Clone, Default)]
pub struct Block {
    /// Statements in order.
    pub stmts: Vec<Stmt>,
}

/// One group of `case`/`default` labels of a `switch` and the statements after them.
#[derive(Debug, Clone)]
pub struct SwitchCase {
    /// Case values (bits, truncated to the selector's width).
    pub values: Vec<u64>,
    /// Whether `default:` labels this group.
    pub is_default: bool,
    /// Statements up to the next label.
    pub body: Block,
}

/// A statement with its location.
#[derive(Debug, Clone)]
pub struct Stmt {
    /// What it does.
    pub kind: StmtKind,
    /// Where it was written.
    pub span: Span,
}

/// A loop unroll hint. Hints only: a consumer may ignore them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Unroll {
    /// No hint.
    #[default]
    None,
    /// Unroll fully (`#pragma unroll`, `opencl_unroll_hint`).
    Full,
    /// Do not unroll (`#pragma nounroll`, a count of 1).
    Disable,
    /// Unroll by this factor (`#pragma unroll 4`, `opencl_unroll_hint(4)`).
    Count(u32),
}

/// Statement kinds.
#[derive(Debug, Clone)]
pub enum StmtKind {
    /// Nested block.
    Block(Block),
    /// Expression evaluated for its effects.
    Expr(Handle<Expr>),
    /// Local variable declaration.
    Decl {
        /// The variable.
        local: Handle<Local>,
        /// Its initializer.
        init: Option<Init>,
    },
    /// `if`.
    If {
        /// Condition (a scalar or pointer; non-zero is true).
        cond: Handle<Expr>,
        /// Then branch.
        then: Block,
        /// Else branch.
        otherwise: Option<Block>,
    },
    /// `while`, `for` and `do`-`while`, in one shape.
    Loop {
        /// Statements before the loop (`for` init).
        init: Block,
        /// Condition, tested before each iteration (`None`: always true).
        cond: Option<Handle<Expr>>,
        /// The body.
        body: Block,
        /// Evaluated after the body and on `continue` (`for` increment).
        step: Option<Handle<Expr>>,
        /// `do`-`while`: the condition is tested after the body and step.
        test_after: bool,
        /// An unroll hint from `#pragma unroll` or `opencl_unroll_hint`.
        unroll: Unroll,
    },
    /// `switch`: the body split at its case labels, in source order; control falls through
    /// from one case's statements into the next unless they `break`.
    Switch {
        /// The selector (a promoted integer).
        cond: Handle<Expr>,
        /// Case groups in source order.
        cases: Vec<SwitchCase>,
    },
    /// A label (`name:`), by index into [`Function::labels`].
    Label(u32),
    /// `goto name`, by index into [`Function::labels`].
    Goto(u32),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return`.
    Return(Option<Handle<Expr>>),
}
