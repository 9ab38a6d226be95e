//! The OpenCL flavour (SPEC.md §Mapping, OpenCL column).

use crate::spvtools::TargetEnv;
use clc_passes::ast::{AddressSpace, LangVersion, Scalar};
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

/// The spirv-val environment: OpenCL environments accept SPIR-V 1.0 (OpenCL 2.2 up to
/// 1.2); later versions, and modules using extension capabilities, are validated as
/// universal SPIR-V.
pub fn validator_env(
    version: (u8, u8),
    cl_std: LangVersion,
    extended: bool,
) -> Result<TargetEnv, String> {
    Ok(match (version, cl_std, extended) {
        ((1, 0), _, true) => TargetEnv::Universal_1_0,
        ((1, 1), _, true) => TargetEnv::Universal_1_1,
        ((1, 2), _, true) => TargetEnv::Universal_1_2,
        ((1, 0), LangVersion::Cl12, _) => TargetEnv::OpenCL_1_2,
        ((1, 0), _, _) => TargetEnv::OpenCL_2_0,
        ((1, 1 | 2), _, _) => TargetEnv::OpenCL_2_2,
        ((1, 3), _, _) => TargetEnv::Universal_1_3,
        ((1, 4), _, _) => TargetEnv::Universal_1_4,
        ((1, 5), _, _) => TargetEnv::Universal_1_5,
        ((1, 6), _, _) => TargetEnv::Universal_1_6,
        ((maj, min), _, _) => return Err(format!("SPIR-V version {maj}.{min}")),
    })
}

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

/// The OpenCL.std instruction that implements the OpenCL C math or integer builtin `name`
/// for arguments whose first has the element kind `elem` (the Vulkan flavour maps these
/// instructions on to GLSL.std.450 or emulations): integer functions have `s_`/`u_`
/// forms, and `min`/`max`/`clamp` on floats are the common functions.
pub(crate) fn std_instruction(name: &str, elem: Option<Scalar>) -> String {
    let float = matches!(elem, Some(Scalar::Float { .. }));
    let sign = if matches!(elem, Some(Scalar::Int { signed: true, .. })) {
        "s"
    } else {
        "u"
    };
    match name {
        "min" if float => "fmin_common".into(),
        "max" if float => "fmax_common".into(),
        "clamp" if float => "fclamp".into(),
        "abs" | "abs_diff" | "add_sat" | "sub_sat" | "hadd" | "rhadd" | "mad_hi" | "mad_sat"
        | "mul_hi" | "upsample" | "mad24" | "mul24" | "clamp" | "min" | "max" => {
            format!("{sign}_{name}")
        }
        other => other.into(),
    }
}
