//! The flavour boundary: everything that differs between the OpenCL and the Vulkan
//! environments is decided here, so the rest of the backend stays target-neutral.

pub mod opencl;

use clc_passes::ast::AddressSpace;
use rspirv::spirv::{AddressingModel, Capability, MemoryModel, StorageClass};

/// The SPIR-V environment a module is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    /// OpenCL (`Kernel` capability, physical addressing): for clCreateProgramWithIL.
    OpenCl,
}

impl Flavor {
    /// The storage class of objects in `space` (one exhaustive mapping per flavour).
    pub fn storage_class(self, space: AddressSpace) -> StorageClass {
        match self {
            Flavor::OpenCl => opencl::storage_class(space),
        }
    }

    /// Capabilities every module of this flavour declares.
    pub fn base_capabilities(self) -> &'static [Capability] {
        match self {
            Flavor::OpenCl => opencl::BASE_CAPABILITIES,
        }
    }

    /// Addressing and memory model.
    pub fn memory_model(self) -> (AddressingModel, MemoryModel) {
        match self {
            Flavor::OpenCl => (AddressingModel::Physical64, MemoryModel::OpenCL),
        }
    }

    /// The extended instruction set for math builtins.
    pub fn ext_inst_set(self) -> &'static str {
        match self {
            Flavor::OpenCl => "OpenCL.std",
        }
    }
}
