//! The OpenCL flavour (SPEC.md §Mapping, OpenCL column).

use clc_passes::ast::AddressSpace;
use rspirv::spirv::{Capability, StorageClass};

/// Address space → storage class for `clCreateProgramWithIL`.
pub fn storage_class(space: AddressSpace) -> StorageClass {
    match space {
        AddressSpace::Global => StorageClass::CrossWorkgroup,
        AddressSpace::Constant => StorageClass::UniformConstant,
        AddressSpace::Local => StorageClass::Workgroup,
        AddressSpace::Private => StorageClass::Function,
        AddressSpace::Generic => StorageClass::Generic,
    }
}

/// `Addresses` and `Kernel` define the environment; `Int64` because `size_t` is 64-bit.
pub const BASE_CAPABILITIES: &[Capability] =
    &[Capability::Addresses, Capability::Kernel, Capability::Int64];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_matches_the_spec_table() {
        assert_eq!(
            storage_class(AddressSpace::Global),
            StorageClass::CrossWorkgroup
        );
        assert_eq!(
            storage_class(AddressSpace::Constant),
            StorageClass::UniformConstant
        );
        assert_eq!(storage_class(AddressSpace::Local), StorageClass::Workgroup);
        assert_eq!(storage_class(AddressSpace::Private), StorageClass::Function);
        assert_eq!(storage_class(AddressSpace::Generic), StorageClass::Generic);
    }
}
