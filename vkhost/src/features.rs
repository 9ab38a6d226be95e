//! Device features by their Vulkan names: querying what a device has and building the set to
//! enable. One table maps each name the reflection may use to its field in the core feature
//! structs (Vulkan 1.0, 1.1, 1.2, 1.3).

use ash::vk;

/// Features every clc Vulkan module needs (docs/VULKAN.md, "Module").
pub const REQUIRED_FEATURES: &[&str] = &[
    "bufferDeviceAddress",
    "shaderInt64",
    "vulkanMemoryModel",
    "vulkanMemoryModelDeviceScope",
    "scalarBlockLayout",
    "variablePointers",
    "variablePointersStorageBuffer",
];

/// The core feature structs of one device, without their `p_next` chain.
#[derive(Clone, Copy, Default)]
pub(crate) struct FeatureSet {
    pub v10: vk::PhysicalDeviceFeatures,
    pub v11: vk::PhysicalDeviceVulkan11Features<'static>,
    pub v12: vk::PhysicalDeviceVulkan12Features<'static>,
    pub v13: vk::PhysicalDeviceVulkan13Features<'static>,
}

/// One known feature: its name and its field.
struct Known {
    name: &'static str,
    field: fn(&mut FeatureSet) -> &mut vk::Bool32,
}

macro_rules! known {
    ($($name:literal => $s:ident . $f:ident),* $(,)?) => {
        &[$(Known { name: $name, field: |s: &mut FeatureSet| &mut s.$s.$f }),*]
    };
}

const KNOWN: &[Known] = known![
    "shaderInt64" => v10.shader_int64,
    "shaderInt16" => v10.shader_int16,
    "shaderFloat64" => v10.shader_float64,
    "shaderStorageImageReadWithoutFormat" => v10.shader_storage_image_read_without_format,
    "shaderStorageImageWriteWithoutFormat" => v10.shader_storage_image_write_without_format,
    "variablePointers" => v11.variable_pointers,
    "variablePointersStorageBuffer" => v11.variable_pointers_storage_buffer,
    "storageBuffer16BitAccess" => v11.storage_buffer16_bit_access,
    "uniformAndStorageBuffer16BitAccess" => v11.uniform_and_storage_buffer16_bit_access,
    "storagePushConstant16" => v11.storage_push_constant16,
    "bufferDeviceAddress" => v12.buffer_device_address,
    "vulkanMemoryModel" => v12.vulkan_memory_model,
    "vulkanMemoryModelDeviceScope" => v12.vulkan_memory_model_device_scope,
    "vulkanMemoryModelAvailabilityVisibilityChains" => v12.vulkan_memory_model_availability_visibility_chains,
    "scalarBlockLayout" => v12.scalar_block_layout,
    "shaderInt8" => v12.shader_int8,
    "shaderFloat16" => v12.shader_float16,
    "storageBuffer8BitAccess" => v12.storage_buffer8_bit_access,
    "uniformAndStorageBuffer8BitAccess" => v12.uniform_and_storage_buffer8_bit_access,
    "storagePushConstant8" => v12.storage_push_constant8,
    "shaderBufferInt64Atomics" => v12.shader_buffer_int64_atomics,
    "shaderSharedInt64Atomics" => v12.shader_shared_int64_atomics,
    "shaderSubgroupExtendedTypes" => v12.shader_subgroup_extended_types,
    "subgroupSizeControl" => v13.subgroup_size_control,
    "computeFullSubgroups" => v13.compute_full_subgroups,
    "shaderIntegerDotProduct" => v13.shader_integer_dot_product,
    "maintenance4" => v13.maintenance4,
];

/// Every feature name vkhost can enable.
pub fn known_features() -> impl Iterator<Item = &'static str> {
    KNOWN.iter().map(|k| k.name)
}

fn find(name: &str) -> Option<&'static Known> {
    KNOWN.iter().find(|k| k.name == name)
}

impl FeatureSet {
    /// Whether `name` is on; `None` for a name not in the table.
    pub fn get(&self, name: &str) -> Option<bool> {
        let k = find(name)?;
        let mut copy = *self;
        Some(*(k.field)(&mut copy) == vk::TRUE)
    }

    /// Turns `name` on; false for a name not in the table.
    pub fn set(&mut self, name: &str) -> bool {
        match find(name) {
            Some(k) => {
                *(k.field)(self) = vk::TRUE;
                true
            }
            None => false,
        }
    }

    /// The names that are on, in table order.
    pub fn names(&self) -> Vec<&'static str> {
        KNOWN
            .iter()
            .filter(|k| self.get(k.name) == Some(true))
            .map(|k| k.name)
            .collect()
    }

    /// Clears dangling `p_next` pointers left by a query.
    pub fn unchain(&mut self) {
        self.v11.p_next = std::ptr::null_mut();
        self.v12.p_next = std::ptr::null_mut();
        self.v13.p_next = std::ptr::null_mut();
    }
}

/// Why a device cannot get the features asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Lack {
    /// It lacks one of [`REQUIRED_FEATURES`].
    Required(&'static str),
    /// It lacks a feature the module lists.
    Module(String),
    /// The module lists a feature vkhost does not know.
    Unknown(String),
}

impl FeatureSet {
    /// The features to enable on a device that has `self`: [`REQUIRED_FEATURES`] and
    /// `wanted` (`None`: every known feature the device has), or the first one it lacks.
    pub(crate) fn enable(&self, wanted: Option<&[String]>) -> Result<FeatureSet, Lack> {
        let mut enabled = FeatureSet::default();
        for f in REQUIRED_FEATURES {
            if self.get(f) != Some(true) {
                return Err(Lack::Required(f));
            }
            enabled.set(f);
        }
        match wanted {
            None => {
                for f in known_features() {
                    if self.get(f) == Some(true) {
                        enabled.set(f);
                    }
                }
            }
            Some(list) => {
                for f in list {
                    match self.get(f) {
                        None => return Err(Lack::Unknown(f.clone())),
                        Some(false) => return Err(Lack::Module(f.clone())),
                        Some(true) => {
                            enabled.set(f);
                        }
                    }
                }
            }
        }
        Ok(enabled)
    }
}

/// The bits of `VkSubgroupFeatureFlags` behind each name the reflection's
/// `vulkan.subgroup_operations` may use.
const SUBGROUP_OPERATIONS: &[(&str, vk::SubgroupFeatureFlags)] = &[
    ("basic", vk::SubgroupFeatureFlags::BASIC),
    ("vote", vk::SubgroupFeatureFlags::VOTE),
    ("arithmetic", vk::SubgroupFeatureFlags::ARITHMETIC),
    ("ballot", vk::SubgroupFeatureFlags::BALLOT),
    ("shuffle", vk::SubgroupFeatureFlags::SHUFFLE),
    (
        "shuffle_relative",
        vk::SubgroupFeatureFlags::SHUFFLE_RELATIVE,
    ),
    ("clustered", vk::SubgroupFeatureFlags::CLUSTERED),
    ("quad", vk::SubgroupFeatureFlags::QUAD),
];

/// Checks the subgroup operations a module needs (`wanted`, by the reflection's names)
/// against `VkPhysicalDeviceSubgroupProperties`: the compute stage must be among
/// `stages`, and every operation among `supported`. The error names what is missing.
pub(crate) fn check_subgroups(
    wanted: &[String],
    stages: vk::ShaderStageFlags,
    supported: vk::SubgroupFeatureFlags,
) -> Result<(), String> {
    if wanted.is_empty() {
        return Ok(());
    }
    if !stages.contains(vk::ShaderStageFlags::COMPUTE) {
        return Err(format!(
            "subgroup operations in compute shaders (supportedStages lacks COMPUTE; the module uses {})",
            wanted.join(", ")
        ));
    }
    let mut missing = Vec::new();
    for w in wanted {
        match SUBGROUP_OPERATIONS.iter().find(|(n, _)| n == w) {
            Some((_, bit)) if supported.contains(*bit) => {}
            Some(_) => missing.push(w.as_str()),
            None => {
                return Err(format!(
                    "the subgroup operation `{w}`, which vkhost does not know"
                ))
            }
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the subgroup operations {} (supportedOperations)",
            missing
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn with(v: &[&str]) -> FeatureSet {
        let mut s = FeatureSet::default();
        for f in v {
            assert!(s.set(f), "{f}");
        }
        s
    }

    #[test]
    fn enable_names_the_first_missing_feature() {
        let mut base: Vec<&str> = REQUIRED_FEATURES.to_vec();
        // Lavapipe-like: everything, half and double included.
        base.extend(["shaderFloat16", "shaderFloat64", "storageBuffer16BitAccess"]);
        let dev = with(&base);
        let on = dev
            .enable(Some(&names(&["shaderFloat16", "storageBuffer16BitAccess"])))
            .unwrap();
        assert_eq!(on.get("shaderFloat16"), Some(true));
        assert_eq!(on.get("shaderFloat64"), Some(false), "only what was asked");
        assert_eq!(dev.enable(None).unwrap().get("shaderFloat64"), Some(true));
        // A device without half or double arithmetic.
        let small = with(REQUIRED_FEATURES);
        assert_eq!(
            small.enable(Some(&names(&["shaderFloat16"]))).err(),
            Some(Lack::Module("shaderFloat16".into()))
        );
        assert_eq!(
            small
                .enable(Some(&names(&["shaderInt16", "shaderFloat64"])))
                .err(),
            Some(Lack::Module("shaderInt16".into()))
        );
        assert_eq!(
            small.enable(Some(&names(&["shaderFloat9"]))).err(),
            Some(Lack::Unknown("shaderFloat9".into()))
        );
        assert!(small.enable(Some(&[])).is_ok());
        assert_eq!(
            FeatureSet::default().enable(None).err(),
            Some(Lack::Required("bufferDeviceAddress"))
        );
    }

    #[test]
    fn subgroup_check_names_missing_operations_and_stages() {
        use vk::SubgroupFeatureFlags as F;
        let compute = vk::ShaderStageFlags::COMPUTE | vk::ShaderStageFlags::FRAGMENT;
        let all = F::BASIC | F::VOTE | F::ARITHMETIC | F::SHUFFLE | F::SHUFFLE_RELATIVE;
        let want = names(&["basic", "vote", "arithmetic", "shuffle", "shuffle_relative"]);
        assert_eq!(check_subgroups(&want, compute, all), Ok(()));
        assert_eq!(
            check_subgroups(&[], vk::ShaderStageFlags::empty(), F::empty()),
            Ok(())
        );
        let e = check_subgroups(&want, compute, F::BASIC | F::VOTE | F::SHUFFLE).unwrap_err();
        assert!(
            e.contains("`arithmetic`, `shuffle_relative`") && !e.contains("`vote`"),
            "{e}"
        );
        let e = check_subgroups(&want[..1], vk::ShaderStageFlags::FRAGMENT, all).unwrap_err();
        assert!(e.contains("COMPUTE"), "{e}");
        let e = check_subgroups(&names(&["teleport"]), compute, all).unwrap_err();
        assert!(e.contains("`teleport`"), "{e}");
    }

    #[test]
    fn table_covers_the_required_features() {
        let mut s = FeatureSet::default();
        for f in REQUIRED_FEATURES {
            assert!(s.set(f), "{f}");
        }
        assert_eq!(s.names().len(), REQUIRED_FEATURES.len());
        assert_eq!(s.v12.buffer_device_address, vk::TRUE);
        assert_eq!(s.v11.variable_pointers_storage_buffer, vk::TRUE);
        assert!(s.set("maintenance4") && s.v13.maintenance4 == vk::TRUE);
        assert!(!s.set("shaderWarpDrive"));
        assert_eq!(s.get("shaderWarpDrive"), None);
        assert_eq!(s.get("shaderInt8"), Some(false));
    }
}
