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
}

impl WorkItem {
    /// Whether the function takes a dimension argument.
    pub fn takes_dim(self) -> bool {
        !matches!(self, WorkItem::WorkDim | WorkItem::GlobalLinearId | WorkItem::LocalLinearId)
    }
    /// The value returned for an out-of-range dimension (0 for ids, 1 for sizes).
    pub fn out_of_range_value(self) -> u64 {
        match self {
            WorkItem::GlobalSize | WorkItem::LocalSize | WorkItem::EnqueuedLocalSize | WorkItem::NumGroups => 1,
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
    /// mem_fence(flags)
    MemFence,
    /// read_mem_fence(flags)
    ReadMemFence,
    /// write_mem_fence(flags)
    WriteMemFence,
}

/// Float math functions that map one-to-one onto OpenCL.std extended instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Math {
    /// sqrt
    Sqrt,
    /// rsqrt
    Rsqrt,
    /// fabs
    Fabs,
    /// floor
    Floor,
    /// ceil
    Ceil,
    /// fmin
    Fmin,
    /// fmax
    Fmax,
    /// fma
    Fma,
    /// mad
    Mad,
    /// exp
    Exp,
    /// log
    Log,
    /// sin
    Sin,
    /// cos
    Cos,
    /// pow
    Pow,
}

/// Integer functions with signed and unsigned forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IntFn {
    /// min
    Min,
    /// max
    Max,
    /// abs (result is unsigned)
    Abs,
}

/// A builtin function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// Work-item query.
    WorkItem(WorkItem),
    /// Barrier or fence.
    Sync(Sync),
    /// Float math.
    Math(Math),
    /// Integer function.
    Int(IntFn),
}

/// The name table: every builtin the front end accepts, by OpenCL C name. Overloads are
/// resolved by clang; the argument types in the AST select the SPIR-V form.
const TABLE: &[(&str, Builtin)] = &[
    ("get_work_dim", Builtin::WorkItem(WorkItem::WorkDim)),
    ("get_global_size", Builtin::WorkItem(WorkItem::GlobalSize)),
    ("get_global_id", Builtin::WorkItem(WorkItem::GlobalId)),
    ("get_local_size", Builtin::WorkItem(WorkItem::LocalSize)),
    ("get_enqueued_local_size", Builtin::WorkItem(WorkItem::EnqueuedLocalSize)),
    ("get_local_id", Builtin::WorkItem(WorkItem::LocalId)),
    ("get_num_groups", Builtin::WorkItem(WorkItem::NumGroups)),
    ("get_group_id", Builtin::WorkItem(WorkItem::GroupId)),
    ("get_global_offset", Builtin::WorkItem(WorkItem::GlobalOffset)),
    ("get_global_linear_id", Builtin::WorkItem(WorkItem::GlobalLinearId)),
    ("get_local_linear_id", Builtin::WorkItem(WorkItem::LocalLinearId)),
    ("barrier", Builtin::Sync(Sync::Barrier)),
    ("mem_fence", Builtin::Sync(Sync::MemFence)),
    ("read_mem_fence", Builtin::Sync(Sync::ReadMemFence)),
    ("write_mem_fence", Builtin::Sync(Sync::WriteMemFence)),
    ("sqrt", Builtin::Math(Math::Sqrt)),
    ("rsqrt", Builtin::Math(Math::Rsqrt)),
    ("fabs", Builtin::Math(Math::Fabs)),
    ("floor", Builtin::Math(Math::Floor)),
    ("ceil", Builtin::Math(Math::Ceil)),
    ("fmin", Builtin::Math(Math::Fmin)),
    ("fmax", Builtin::Math(Math::Fmax)),
    ("fma", Builtin::Math(Math::Fma)),
    ("mad", Builtin::Math(Math::Mad)),
    ("exp", Builtin::Math(Math::Exp)),
    ("log", Builtin::Math(Math::Log)),
    ("sin", Builtin::Math(Math::Sin)),
    ("cos", Builtin::Math(Math::Cos)),
    ("pow", Builtin::Math(Math::Pow)),
    ("min", Builtin::Int(IntFn::Min)),
    ("max", Builtin::Int(IntFn::Max)),
    ("abs", Builtin::Int(IntFn::Abs)),
];

impl Builtin {
    /// Looks a builtin up by name and argument count (`work_group_barrier` has two forms).
    pub fn lookup(name: &str, nargs: usize) -> Option<Builtin> {
        if name == "work_group_barrier" {
            return Some(Builtin::Sync(if nargs == 2 { Sync::BarrierScoped } else { Sync::Barrier }));
        }
        TABLE.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
    }
}
