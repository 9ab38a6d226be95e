//! OpenCL C builtin functions the AST knows, as enums resolved once by the front end.
//! Resolution is table-driven ([`Builtin::lookup`]); the backend maps each variant to SPIR-V.

/// Work-item functions (OpenCL C §6.15.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorkItem {
    /// get_work_dim()
    WorkDim,
    /// get_global_size(d)
    GlobalSize,
    /// get_global_id(d)
    GlobalId,
    /// get_local_size(d)
    LocalSize,
    /// get_enqueued_local_size(d)
    EnqueuedLocalSize,
    /// get_local_id(d)
    LocalId,
    /// get_num_groups(d)
    NumGroups,
    /// get_group_id(d)
    GroupId,
    /// get_global_offset(d)
    GlobalOffset,
    /// get_global_linear_id()
    GlobalLinearId,
    /// get_local_linear_id()
    LocalLinearId,
    /// get_sub_group_size()
    SubGroupSize,
    /// get_max_sub_group_size()
    MaxSubGroupSize,
    /// get_num_sub_groups()
    NumSubGroups,
    /// get_enqueued_num_sub_groups()
    EnqueuedNumSubGroups,
    /// get_sub_group_id()
    SubGroupId,
    /// get_sub_group_local_id()
    SubGroupLocalId,
}

impl WorkItem {
    /// Whether the function takes a dimension argument.
    pub fn takes_dim(self) -> bool {
        matches!(
            self,
            WorkItem::GlobalSize
                | WorkItem::GlobalId
                | WorkItem::LocalSize
                | WorkItem::EnqueuedLocalSize
                | WorkItem::LocalId
                | WorkItem::NumGroups
                | WorkItem::GroupId
                | WorkItem::GlobalOffset
        )
    }
    /// The value returned for an out-of-range dimension (0 for ids, 1 for sizes).
    pub fn out_of_range_value(self) -> u64 {
        match self {
            WorkItem::GlobalSize
            | WorkItem::LocalSize
            | WorkItem::EnqueuedLocalSize
            | WorkItem::NumGroups => 1,
            _ => 0,
        }
    }
}

/// Synchronisation functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sync {
    /// barrier(flags) / work_group_barrier(flags)
    Barrier,
    /// work_group_barrier(flags, scope)
    BarrierScoped,
    /// sub_group_barrier(flags) / sub_group_barrier(flags, scope)
    SubGroupBarrier,
    /// mem_fence(flags)
    MemFence,
    /// read_mem_fence(flags)
    ReadMemFence,
    /// write_mem_fence(flags)
    WriteMemFence,
}

/// The set of work-items a collective function runs over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupScope {
    /// `work_group_*`
    WorkGroup,
    /// `sub_group_*`
    SubGroup,
}

/// The combining operation of a reduction or scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupArith {
    /// `_add`
    Add,
    /// `_min`
    Min,
    /// `_max`
    Max,
}

/// Work-group functions (OpenCL C 2.0 §6.13.15) and their `cl_khr_subgroups` twins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupOp {
    /// `*_all(predicate)`
    All,
    /// `*_any(predicate)`
    Any,
    /// `*_broadcast(value, id…)`: one local id for each dimension, or one sub-group local id.
    Broadcast,
    /// `*_reduce_<op>(value)`
    Reduce(GroupArith),
    /// `*_scan_inclusive_<op>(value)`
    ScanInclusive(GroupArith),
    /// `*_scan_exclusive_<op>(value)`
    ScanExclusive(GroupArith),
    /// `sub_group_shuffle*(value, …)` (`cl_khr_subgroup_shuffle`, `_shuffle_relative`).
    Shuffle(Shuffle),
}

/// Which work-item's value a sub-group shuffle reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shuffle {
    /// `sub_group_shuffle(x, id)`: the value of sub-group local id `id`.
    Index,
    /// `sub_group_shuffle_xor(x, mask)`: of id `own ^ mask`.
    Xor,
    /// `sub_group_shuffle_up(x, delta)`: of id `own - delta`.
    Up,
    /// `sub_group_shuffle_down(x, delta)`: of id `own + delta`.
    Down,
}

fn group_fn(name: &str) -> Option<Builtin> {
    let (scope, rest) = match name.strip_prefix("work_group_") {
        Some(r) => (GroupScope::WorkGroup, r),
        None => (GroupScope::SubGroup, name.strip_prefix("sub_group_")?),
    };
    let op = match (scope, rest) {
        (GroupScope::SubGroup, "shuffle") => GroupOp::Shuffle(Shuffle::Index),
        (GroupScope::SubGroup, "shuffle_xor") => GroupOp::Shuffle(Shuffle::Xor),
        (GroupScope::SubGroup, "shuffle_up") => GroupOp::Shuffle(Shuffle::Up),
        (GroupScope::SubGroup, "shuffle_down") => GroupOp::Shuffle(Shuffle::Down),
        (_, rest) => group_op(rest)?,
    };
    Some(Builtin::Group(scope, op))
}

fn group_op(rest: &str) -> Option<GroupOp> {
    let arith = |s: &str| match s {
        "add" => Some(GroupArith::Add),
        "min" => Some(GroupArith::Min),
        "max" => Some(GroupArith::Max),
        _ => None,
    };
    Some(match rest {
        "all" => GroupOp::All,
        "any" => GroupOp::Any,
        "broadcast" => GroupOp::Broadcast,
        _ => {
            if let Some(a) = rest.strip_prefix("reduce_") {
                GroupOp::Reduce(arith(a)?)
            } else if let Some(a) = rest.strip_prefix("scan_inclusive_") {
                GroupOp::ScanInclusive(arith(a)?)
            } else {
                GroupOp::ScanExclusive(arith(rest.strip_prefix("scan_exclusive_")?)?)
            }
        }
    })
}

/// An OpenCL.std builtin, as an index into [`EXT_FNS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtFn(u16);

impl ExtFn {
    /// The OpenCL C name (which instruction implements it is the backend's business).
    pub fn name(self) -> &'static str {
        EXT_FNS[usize::from(self.0)]
    }
}

macro_rules! same {
    ($($n:literal),* $(,)?) => { [$($n),*] };
}

/// Float math, half_/native_ variants, common and geometric functions: one instruction each.
const FLOAT_FNS: [&str; 116] = same![
    "acos",
    "acosh",
    "acospi",
    "asin",
    "asinh",
    "asinpi",
    "atan",
    "atan2",
    "atanh",
    "atanpi",
    "atan2pi",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "cospi",
    "erfc",
    "erf",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "fract",
    "frexp",
    "hypot",
    "ilogb",
    "ldexp",
    "lgamma",
    "lgamma_r",
    "log",
    "log2",
    "log10",
    "log1p",
    "logb",
    "mad",
    "maxmag",
    "minmag",
    "modf",
    "nan",
    "nextafter",
    "pow",
    "pown",
    "powr",
    "remainder",
    "remquo",
    "rint",
    "rootn",
    "round",
    "rsqrt",
    "sin",
    "sincos",
    "sinh",
    "sinpi",
    "sqrt",
    "tan",
    "tanh",
    "tanpi",
    "tgamma",
    "trunc",
    "half_cos",
    "half_divide",
    "half_exp",
    "half_exp2",
    "half_exp10",
    "half_log",
    "half_log2",
    "half_log10",
    "half_powr",
    "half_recip",
    "half_rsqrt",
    "half_sin",
    "half_sqrt",
    "half_tan",
    "native_cos",
    "native_divide",
    "native_exp",
    "native_exp2",
    "native_exp10",
    "native_log",
    "native_log2",
    "native_log10",
    "native_powr",
    "native_recip",
    "native_rsqrt",
    "native_sin",
    "native_sqrt",
    "native_tan",
    "degrees",
    "mix",
    "radians",
    "step",
    "smoothstep",
    "sign",
    "cross",
    "distance",
    "length",
    "normalize",
    "fast_distance",
    "fast_length",
    "fast_normalize",
    "clz",
    "ctz",
    "popcount",
    "rotate",
    "bitselect",
    "select",
    "shuffle",
    "shuffle2",
];

/// Integer functions (with `clamp`, `min` and `max`, which also take floats).
const INT_FNS: [&str; 15] = [
    "abs", "abs_diff", "add_sat", "sub_sat", "hadd", "rhadd", "mad_hi", "mad_sat", "mul_hi",
    "upsample", "mad24", "mul24", "clamp", "min", "max",
];

/// Every OpenCL.std builtin by OpenCL C name.
pub static EXT_FNS: [&str; 131] = {
    let mut out = [""; 131];
    let mut i = 0;
    while i < FLOAT_FNS.len() {
        out[i] = FLOAT_FNS[i];
        i += 1;
    }
    let mut j = 0;
    while j < INT_FNS.len() {
        out[i + j] = INT_FNS[j];
        j += 1;
    }
    out
};

/// Relational functions lowered to core instructions (results are `int` 1/0 for scalars
/// and -1/0 masks for vectors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relational {
    /// isequal
    IsEqual,
    /// isnotequal
    IsNotEqual,
    /// isgreater
    IsGreater,
    /// isgreaterequal
    IsGreaterEqual,
    /// isless
    IsLess,
    /// islessequal
    IsLessEqual,
    /// islessgreater
    IsLessGreater,
    /// isfinite
    IsFinite,
    /// isinf
    IsInf,
    /// isnan
    IsNan,
    /// isnormal
    IsNormal,
    /// isordered
    IsOrdered,
    /// isunordered
    IsUnordered,
    /// signbit
    SignBit,
    /// any (sign bit of any component)
    Any,
    /// all (sign bit of every component)
    All,
}

const RELATIONAL: &[(&str, Relational)] = &[
    ("isequal", Relational::IsEqual),
    ("isnotequal", Relational::IsNotEqual),
    ("isgreater", Relational::IsGreater),
    ("isgreaterequal", Relational::IsGreaterEqual),
    ("isless", Relational::IsLess),
    ("islessequal", Relational::IsLessEqual),
    ("islessgreater", Relational::IsLessGreater),
    ("isfinite", Relational::IsFinite),
    ("isinf", Relational::IsInf),
    ("isnan", Relational::IsNan),
    ("isnormal", Relational::IsNormal),
    ("isordered", Relational::IsOrdered),
    ("isunordered", Relational::IsUnordered),
    ("signbit", Relational::SignBit),
    ("any", Relational::Any),
    ("all", Relational::All),
];

/// Rounding modes of conversions and half stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// to nearest even
    Rte,
    /// toward zero
    Rtz,
    /// toward +infinity
    Rtp,
    /// toward -infinity
    Rtn,
}

impl Rounding {
    fn parse(s: &str) -> Option<Rounding> {
        Some(match s {
            "rte" => Rounding::Rte,
            "rtz" => Rounding::Rtz,
            "rtp" => Rounding::Rtp,
            "rtn" => Rounding::Rtn,
            _ => return None,
        })
    }
}

/// Legacy (OpenCL 1.x) atomic functions on 32- and 64-bit integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Atomic {
    /// add
    Add,
    /// sub
    Sub,
    /// xchg
    Xchg,
    /// inc
    Inc,
    /// dec
    Dec,
    /// cmpxchg
    CmpXchg,
    /// min
    Min,
    /// max
    Max,
    /// and
    And,
    /// or
    Or,
    /// xor
    Xor,
}

const ATOMICS: &[(&str, Atomic)] = &[
    ("add", Atomic::Add),
    ("sub", Atomic::Sub),
    ("xchg", Atomic::Xchg),
    ("inc", Atomic::Inc),
    ("dec", Atomic::Dec),
    ("cmpxchg", Atomic::CmpXchg),
    ("min", Atomic::Min),
    ("max", Atomic::Max),
    ("and", Atomic::And),
    ("or", Atomic::Or),
    ("xor", Atomic::Xor),
];

/// OpenCL C 2.0 atomic operations (`atomic_*` on `atomic_T` objects), each with an
/// `_explicit` form taking a memory order (and scope).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum C11Atomic {
    /// atomic_init (a plain store)
    Init,
    /// atomic_store
    Store,
    /// atomic_load
    Load,
    /// atomic_exchange
    Exchange,
    /// atomic_compare_exchange_strong / _weak
    CompareExchange,
    /// atomic_fetch_<op>
    Fetch(Atomic),
    /// atomic_flag_test_and_set
    FlagTestAndSet,
    /// atomic_flag_clear
    FlagClear,
    /// atomic_work_item_fence(flags, order, scope)
    WorkItemFence,
}

fn c11_atomic(name: &str) -> Option<C11Atomic> {
    let base = name.strip_suffix("_explicit").unwrap_or(name);
    Some(match base {
        "atomic_init" if base == name => C11Atomic::Init,
        "atomic_store" => C11Atomic::Store,
        "atomic_load" => C11Atomic::Load,
        "atomic_exchange" => C11Atomic::Exchange,
        "atomic_compare_exchange_strong" | "atomic_compare_exchange_weak" => {
            C11Atomic::CompareExchange
        }
        "atomic_flag_test_and_set" => C11Atomic::FlagTestAndSet,
        "atomic_flag_clear" => C11Atomic::FlagClear,
        "atomic_work_item_fence" if base == name => C11Atomic::WorkItemFence,
        _ => {
            let op = base.strip_prefix("atomic_fetch_")?;
            match op {
                "add" => C11Atomic::Fetch(Atomic::Add),
                "sub" => C11Atomic::Fetch(Atomic::Sub),
                "or" => C11Atomic::Fetch(Atomic::Or),
                "xor" => C11Atomic::Fetch(Atomic::Xor),
                "and" => C11Atomic::Fetch(Atomic::And),
                "min" => C11Atomic::Fetch(Atomic::Min),
                "max" => C11Atomic::Fetch(Atomic::Max),
                _ => return None,
            }
        }
    })
}

/// Image functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageFn {
    /// read_imagef / read_imagei / read_imageui (with or without a sampler).
    Read,
    /// write_imagef / write_imagei / write_imageui.
    Write,
    /// get_image_width
    Width,
    /// get_image_height
    Height,
    /// get_image_depth
    Depth,
    /// get_image_array_size
    ArraySize,
    /// get_image_dim
    Dim,
    /// get_image_channel_data_type
    ChannelDataType,
    /// get_image_channel_order
    ChannelOrder,
}

const IMAGE_FNS: &[(&str, ImageFn)] = &[
    ("read_imagef", ImageFn::Read),
    ("read_imagei", ImageFn::Read),
    ("read_imageui", ImageFn::Read),
    ("read_imageh", ImageFn::Read),
    ("write_imagef", ImageFn::Write),
    ("write_imagei", ImageFn::Write),
    ("write_imageui", ImageFn::Write),
    ("write_imageh", ImageFn::Write),
    ("get_image_width", ImageFn::Width),
    ("get_image_height", ImageFn::Height),
    ("get_image_depth", ImageFn::Depth),
    ("get_image_array_size", ImageFn::ArraySize),
    ("get_image_dim", ImageFn::Dim),
    ("get_image_channel_data_type", ImageFn::ChannelDataType),
    ("get_image_channel_order", ImageFn::ChannelOrder),
];

/// Vector data load and store functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VectorData {
    /// vloadN / vload_half / vload_halfN / vloada_halfN (`half`: from half storage).
    Load {
        /// Components.
        n: u8,
        /// Reads halfs.
        half: bool,
        /// `vloada_`: aligned to the vector size.
        aligned: bool,
    },
    /// vstoreN / vstore_half[N][_r] / vstorea_halfN[_r].
    Store {
        /// Components.
        n: u8,
        /// Writes halfs.
        half: bool,
        /// `vstorea_`: aligned to the vector size.
        aligned: bool,
        /// Explicit rounding (halfs only).
        rounding: Option<Rounding>,
    },
}

/// A builtin function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// Work-item query.
    WorkItem(WorkItem),
    /// Barrier or fence.
    Sync(Sync),
    /// An OpenCL.std instruction; scalar arguments are replicated to a vector result.
    Ext(ExtFn),
    /// dot (a core instruction).
    Dot,
    /// Relational test.
    Relational(Relational),
    /// `convert_T[_sat][_rte|_rtz|_rtp|_rtn]`; the target type is the call's type.
    Convert {
        /// Saturating.
        saturate: bool,
        /// Explicit rounding mode.
        rounding: Option<Rounding>,
    },
    /// `atomic_*` / `atom_*`.
    Atomic(Atomic),
    /// vload/vstore families.
    VectorData(VectorData),
    /// async_work_group_copy (`strided`: async_work_group_strided_copy).
    AsyncCopy {
        /// The strided form.
        strided: bool,
    },
    /// wait_group_events
    WaitGroupEvents,
    /// prefetch
    Prefetch,
    /// printf (the format is a `__constant char *`).
    Printf,
    /// OpenCL C 2.0 atomics.
    C11Atomic(C11Atomic),
    /// to_global / to_local / to_private: a generic pointer in that space, or null.
    ToSpace(super::AddressSpace),
    /// get_fence: the fence flags of a generic pointer's space.
    GetFence,
    /// Image reads, writes and queries.
    Image(ImageFn),
    /// A work-group or sub-group collective function.
    Group(GroupScope, GroupOp),
}

/// Synchronisation and work-item names.
const TABLE: &[(&str, Builtin)] = &[
    ("get_work_dim", Builtin::WorkItem(WorkItem::WorkDim)),
    ("get_global_size", Builtin::WorkItem(WorkItem::GlobalSize)),
    ("get_global_id", Builtin::WorkItem(WorkItem::GlobalId)),
    ("get_local_size", Builtin::WorkItem(WorkItem::LocalSize)),
    (
        "get_enqueued_local_size",
        Builtin::WorkItem(WorkItem::EnqueuedLocalSize),
    ),
    ("get_local_id", Builtin::WorkItem(WorkItem::LocalId)),
    ("get_num_groups", Builtin::WorkItem(WorkItem::NumGroups)),
    ("get_group_id", Builtin::WorkItem(WorkItem::GroupId)),
    (
        "get_global_offset",
        Builtin::WorkItem(WorkItem::GlobalOffset),
    ),
    (
        "get_global_linear_id",
        Builtin::WorkItem(WorkItem::GlobalLinearId),
    ),
    (
        "get_local_linear_id",
        Builtin::WorkItem(WorkItem::LocalLinearId),
    ),
    (
        "get_sub_group_size",
        Builtin::WorkItem(WorkItem::SubGroupSize),
    ),
    (
        "get_max_sub_group_size",
        Builtin::WorkItem(WorkItem::MaxSubGroupSize),
    ),
    (
        "get_num_sub_groups",
        Builtin::WorkItem(WorkItem::NumSubGroups),
    ),
    (
        "get_enqueued_num_sub_groups",
        Builtin::WorkItem(WorkItem::EnqueuedNumSubGroups),
    ),
    ("get_sub_group_id", Builtin::WorkItem(WorkItem::SubGroupId)),
    (
        "get_sub_group_local_id",
        Builtin::WorkItem(WorkItem::SubGroupLocalId),
    ),
    ("sub_group_barrier", Builtin::Sync(Sync::SubGroupBarrier)),
    ("barrier", Builtin::Sync(Sync::Barrier)),
    ("mem_fence", Builtin::Sync(Sync::MemFence)),
    ("read_mem_fence", Builtin::Sync(Sync::ReadMemFence)),
    ("write_mem_fence", Builtin::Sync(Sync::WriteMemFence)),
    ("dot", Builtin::Dot),
    (
        "async_work_group_copy",
        Builtin::AsyncCopy { strided: false },
    ),
    (
        "async_work_group_strided_copy",
        Builtin::AsyncCopy { strided: true },
    ),
    ("wait_group_events", Builtin::WaitGroupEvents),
    ("prefetch", Builtin::Prefetch),
    ("printf", Builtin::Printf),
    ("to_global", Builtin::ToSpace(super::AddressSpace::Global)),
    ("to_local", Builtin::ToSpace(super::AddressSpace::Local)),
    ("to_private", Builtin::ToSpace(super::AddressSpace::Private)),
    ("get_fence", Builtin::GetFence),
];

fn vector_width(s: &str) -> Option<u8> {
    match s {
        "2" => Some(2),
        "3" => Some(3),
        "4" => Some(4),
        "8" => Some(8),
        "16" => Some(16),
        _ => None,
    }
}

fn vector_data(name: &str) -> Option<VectorData> {
    let (store, rest) = if let Some(r) = name.strip_prefix("vstore") {
        (true, r)
    } else {
        (false, name.strip_prefix("vload")?)
    };
    let (aligned, rest) = match rest.strip_prefix("a_half") {
        Some(r) => (true, r),
        None => (false, rest.strip_prefix("_half").map_or(rest, |r| r)),
    };
    let half = aligned || rest.len() != name.len() - if store { 6 } else { 5 };
    let (width, rounding) = match rest.split_once('_') {
        Some((w, r)) => (w, Some(Rounding::parse(r)?)),
        None => (rest, None),
    };
    let n = if width.is_empty() && half {
        1
    } else {
        vector_width(width)?
    };
    if rounding.is_some() && !(store && half) {
        return None;
    }
    Some(if store {
        VectorData::Store {
            n,
            half,
            aligned,
            rounding,
        }
    } else {
        VectorData::Load { n, half, aligned }
    })
}

fn convert(name: &str) -> Option<Builtin> {
    let rest = name.strip_prefix("convert_")?;
    let mut parts = rest.split('_');
    parts.next()?;
    let (mut saturate, mut rounding) = (false, None);
    for p in parts {
        match p {
            "sat" if !saturate && rounding.is_none() => saturate = true,
            r => rounding = Some(Rounding::parse(r)?),
        }
    }
    Some(Builtin::Convert { saturate, rounding })
}

impl Builtin {
    /// Looks a builtin up by name and argument count (`work_group_barrier` has two forms).
    pub fn lookup(name: &str, nargs: usize) -> Option<Builtin> {
        if name == "work_group_barrier" {
            return Some(Builtin::Sync(if nargs == 2 {
                Sync::BarrierScoped
            } else {
                Sync::Barrier
            }));
        }
        if let Some((_, b)) = TABLE.iter().find(|(n, _)| *n == name) {
            return Some(*b);
        }
        if let Some(i) = EXT_FNS.iter().position(|n| *n == name) {
            return Some(Builtin::Ext(ExtFn(i as u16)));
        }
        if let Some((_, r)) = RELATIONAL.iter().find(|(n, _)| *n == name) {
            return Some(Builtin::Relational(*r));
        }
        if let Some((_, f)) = IMAGE_FNS.iter().find(|(n, _)| *n == name) {
            return Some(Builtin::Image(*f));
        }
        if let Some(a) = c11_atomic(name) {
            return Some(Builtin::C11Atomic(a));
        }
        if let Some(op) = name
            .strip_prefix("atomic_")
            .or_else(|| name.strip_prefix("atom_"))
        {
            return ATOMICS
                .iter()
                .find(|(n, _)| *n == op)
                .map(|(_, a)| Builtin::Atomic(*a));
        }
        if let Some(g) = group_fn(name) {
            return Some(g);
        }
        if name.starts_with("vload") || name.starts_with("vstore") {
            return vector_data(name).map(Builtin::VectorData);
        }
        convert(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_no_holes_or_duplicates() {
        let mut names: Vec<_> = EXT_FNS.to_vec();
        assert!(names.iter().all(|n| !n.is_empty()));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), EXT_FNS.len());
    }

    #[test]
    fn looks_up_every_family() {
        assert_eq!(
            Builtin::lookup("get_global_id", 1),
            Some(Builtin::WorkItem(WorkItem::GlobalId))
        );
        assert!(
            matches!(Builtin::lookup("native_sin", 1), Some(Builtin::Ext(f)) if f.name() == "native_sin")
        );
        assert!(
            matches!(Builtin::lookup("mad_sat", 3), Some(Builtin::Ext(f)) if f.name() == "mad_sat")
        );
        assert_eq!(
            Builtin::lookup("isnan", 1),
            Some(Builtin::Relational(Relational::IsNan))
        );
        assert_eq!(
            Builtin::lookup("atom_cmpxchg", 3),
            Some(Builtin::Atomic(Atomic::CmpXchg))
        );
        assert_eq!(
            Builtin::lookup("atomic_fetch_add_explicit", 4),
            Some(Builtin::C11Atomic(C11Atomic::Fetch(Atomic::Add)))
        );
        assert_eq!(
            Builtin::lookup("atomic_compare_exchange_weak", 3),
            Some(Builtin::C11Atomic(C11Atomic::CompareExchange))
        );
        assert_eq!(Builtin::lookup("atomic_init_explicit", 2), None);
        assert_eq!(
            Builtin::lookup("convert_uchar4_sat_rte", 1),
            Some(Builtin::Convert {
                saturate: true,
                rounding: Some(Rounding::Rte)
            })
        );
        assert_eq!(
            Builtin::lookup("convert_float", 1),
            Some(Builtin::Convert {
                saturate: false,
                rounding: None
            })
        );
        assert_eq!(Builtin::lookup("convert_int_rtz_sat", 1), None);
        assert_eq!(
            Builtin::lookup("vload4", 2),
            Some(Builtin::VectorData(VectorData::Load {
                n: 4,
                half: false,
                aligned: false
            }))
        );
        assert_eq!(
            Builtin::lookup("vload_half", 2),
            Some(Builtin::VectorData(VectorData::Load {
                n: 1,
                half: true,
                aligned: false
            }))
        );
        assert_eq!(
            Builtin::lookup("vstore_half8_rtn", 3),
            Some(Builtin::VectorData(VectorData::Store {
                n: 8,
                half: true,
                aligned: false,
                rounding: Some(Rounding::Rtn)
            }))
        );
        assert_eq!(
            Builtin::lookup("vstorea_half4", 3),
            Some(Builtin::VectorData(VectorData::Store {
                n: 4,
                half: true,
                aligned: true,
                rounding: None
            }))
        );
        assert_eq!(Builtin::lookup("vstore5", 3), None);
        assert_eq!(
            Builtin::lookup("work_group_scan_exclusive_min", 1),
            Some(Builtin::Group(
                GroupScope::WorkGroup,
                GroupOp::ScanExclusive(GroupArith::Min)
            ))
        );
        assert_eq!(
            Builtin::lookup("sub_group_broadcast", 2),
            Some(Builtin::Group(GroupScope::SubGroup, GroupOp::Broadcast))
        );
        assert_eq!(
            Builtin::lookup("sub_group_barrier", 2),
            Some(Builtin::Sync(Sync::SubGroupBarrier))
        );
        assert_eq!(Builtin::lookup("work_group_reduce_mul", 1), None);
        assert_eq!(Builtin::lookup("no_such_function", 1), None);
    }
}
