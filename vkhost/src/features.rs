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

#[cfg(test)]
mod tests {
    use super::*;

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
