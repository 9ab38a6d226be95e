//! The flavour boundary: everything that differs between the OpenCL and the Vulkan
//! environments is decided here — storage classes by context, capabilities, the memory
//! model, memory semantics and scopes, the math instruction set and the validator
//! environment — so the rest of the backend stays target-neutral.

pub mod logical_private;
pub mod opencl;
pub mod vulkan;

use clc_passes::ast::AddressSpace;
use rspirv::spirv::{AddressingModel, Capability, MemoryModel, MemorySemantics, StorageClass};

/// The SPIR-V environment a module is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    /// OpenCL (`Kernel` capability, physical addressing): for clCreateProgramWithIL.
    OpenCl,
    /// Vulkan 1.x compute (`Shader` capability, buffer device addresses), by minor version.
    Vulkan(u8),
}

/// Where an object of some address space is being declared or pointed to: Vulkan gives
/// `__private` and `__constant` different storage classes in different places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// A variable declared in a function body.
    FunctionVariable,
    /// A variable declared at module scope (program-scope, hoisted `__local`).
    ModuleVariable,
    /// The object a pointer of that space points to.
    Pointee,
}

impl Flavor {
    /// Whether this is the Vulkan environment (logical addressing outside physical storage
    /// buffers, structured control flow, an argument block instead of parameters).
    pub fn is_vulkan(self) -> bool {
        matches!(self, Flavor::Vulkan(_))
    }

    /// The storage class of objects in `space` at `site` (one exhaustive mapping per flavour).
    pub fn storage_class(self, space: AddressSpace, site: Site) -> StorageClass {
        match self {
            Flavor::OpenCl => opencl::storage_class(space),
            Flavor::Vulkan(_) => vulkan::storage_class(space, site),
        }
    }

    /// Capabilities every module of this flavour declares.
    pub fn base_capabilities(self) -> &'static [Capability] {
        match self {
            Flavor::OpenCl => opencl::BASE_CAPABILITIES,
            Flavor::Vulkan(_) => vulkan::BASE_CAPABILITIES,
        }
    }

    /// Capabilities this flavour can never declare, with what needs them (checked before a
    /// module is written: a located error instead of an invalid module).
    pub fn forbidden_capability(self, cap: Capability) -> bool {
        match self {
            Flavor::OpenCl => false,
            Flavor::Vulkan(_) => vulkan::forbidden_capability(cap),
        }
    }

    /// Addressing and memory model.
    pub fn memory_model(self) -> (AddressingModel, MemoryModel) {
        match self {
            Flavor::OpenCl => (AddressingModel::Physical64, MemoryModel::OpenCL),
            Flavor::Vulkan(_) => (
                AddressingModel::PhysicalStorageBuffer64,
                MemoryModel::Vulkan,
            ),
        }
    }

    /// The extended instruction set for math builtins.
    pub fn ext_inst_set(self) -> &'static str {
        match self {
            Flavor::OpenCl => "OpenCL.std",
            Flavor::Vulkan(_) => "GLSL.std.450",
        }
    }

    /// The SPIR-V version a module is written in when the user names none.
    pub fn default_version(self) -> (u8, u8) {
        match self {
            Flavor::OpenCl => (1, 0),
            Flavor::Vulkan(2) => (1, 5),
            Flavor::Vulkan(_) => (1, 6),
        }
    }

    /// The memory-semantics bit of the storage behind `space`.
    pub fn storage_semantics(self, space: AddressSpace) -> MemorySemantics {
        match (self, space) {
            (_, AddressSpace::Local) => MemorySemantics::WORKGROUP_MEMORY,
            (Flavor::OpenCl, AddressSpace::Generic) => {
                MemorySemantics::WORKGROUP_MEMORY | MemorySemantics::CROSS_WORKGROUP_MEMORY
            }
            (Flavor::OpenCl, _) => MemorySemantics::CROSS_WORKGROUP_MEMORY,
            // Physical storage buffers are covered by the uniform-memory bit.
            (Flavor::Vulkan(_), _) => MemorySemantics::UNIFORM_MEMORY,
        }
    }

    /// Memory semantics for an ordering (`Acquire`…`SequentiallyConsistent`, possibly
    /// empty) over storage `storage`, as this environment allows them: the Vulkan memory
    /// model has no sequentially consistent ordering (acquire-release is the strongest) and
    /// makes writes available and visible explicitly.
    pub fn semantics(self, order: MemorySemantics, storage: MemorySemantics) -> MemorySemantics {
        if order.is_empty() {
            return order;
        }
        match self {
            Flavor::OpenCl => order | storage,
            Flavor::Vulkan(_) => vulkan::semantics(order, storage),
        }
    }

    /// Translates an OpenCL fence's storage bits (`CLK_LOCAL_MEM_FENCE` → Workgroup,
    /// `CLK_GLOBAL_MEM_FENCE` → CrossWorkgroup) into this environment's.
    pub fn fence_storage(self, opencl_bits: MemorySemantics) -> MemorySemantics {
        match self {
            Flavor::OpenCl => opencl_bits,
            Flavor::Vulkan(_) => {
                let mut s = opencl_bits & MemorySemantics::WORKGROUP_MEMORY;
                if opencl_bits.contains(MemorySemantics::CROSS_WORKGROUP_MEMORY) {
                    s |= MemorySemantics::UNIFORM_MEMORY;
                }
                if opencl_bits.contains(MemorySemantics::IMAGE_MEMORY) {
                    s |= MemorySemantics::IMAGE_MEMORY;
                }
                s
            }
        }
    }

    /// The validator environment for a module of SPIR-V `version`; `extended` says whether
    /// it uses an OpenCL extension's capability (64-bit atomics, half arithmetic), which the
    /// OpenCL environments know nothing of and which is then validated as universal SPIR-V.
    pub fn validator_env(
        self,
        version: (u8, u8),
        cl_std: clc_passes::ast::LangVersion,
        extended: bool,
    ) -> Result<crate::spvtools::TargetEnv, String> {
        use crate::spvtools::TargetEnv;
        match self {
            Flavor::OpenCl => opencl::validator_env(version, cl_std, extended),
            Flavor::Vulkan(2) if version <= (1, 5) => Ok(TargetEnv::Vulkan_1_2),
            Flavor::Vulkan(3) if version <= (1, 6) => Ok(TargetEnv::Vulkan_1_3),
            Flavor::Vulkan(m) => Err(format!(
                "SPIR-V {}.{} is too new for Vulkan 1.{m}",
                version.0, version.1
            )),
        }
    }
}
