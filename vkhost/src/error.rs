//! The one error type of the crate. Everything the environment (no loader, no device, a
//! missing feature, an out-of-memory driver) or the input (a bad reflection, mismatched
//! arguments) can cause is one of these; nothing panics.

use ash::vk;

use crate::layout::LayoutError;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `libvulkan.so.1` could not be loaded.
    #[error("cannot load the Vulkan loader (libvulkan.so.1: install libvulkan1): {0}")]
    Loading(String),
    /// A Vulkan call returned an error.
    #[error("{call} failed: {result}")]
    Vk {
        /// The Vulkan function.
        call: &'static str,
        /// Its result.
        result: vk::Result,
    },
    /// The loader supports no Vulkan 1.2.
    #[error("the Vulkan loader supports only Vulkan {0}; clc's modules need 1.2")]
    LoaderTooOld(String),
    /// No physical device at all.
    #[error("no Vulkan device found (VK_DRIVER_FILES={driver_files:?}, VK_ICD_FILENAMES={icd_filenames:?}); for lavapipe install mesa-vulkan-drivers")]
    NoDevice {
        /// `$VK_DRIVER_FILES`.
        driver_files: Option<String>,
        /// `$VK_ICD_FILENAMES`.
        icd_filenames: Option<String>,
    },
    /// `CLC_VK_DEVICE` matches no device.
    #[error("no Vulkan device name contains `{wanted}` (CLC_VK_DEVICE); devices: {available}")]
    DeviceNotFound {
        /// The substring asked for.
        wanted: String,
        /// The devices there are.
        available: String,
    },
    /// The chosen device is older than Vulkan 1.2.
    #[error("Vulkan device `{device}` supports Vulkan {version}; clc's modules need 1.2")]
    DeviceTooOld {
        /// Device name.
        device: String,
        /// Its API version.
        version: String,
    },
    /// The device lacks subgroup operations (or subgroups in compute shaders) the module uses.
    #[error("Vulkan device `{device}` lacks {what}, which the module needs")]
    MissingSubgroupSupport {
        /// Device name.
        device: String,
        /// What is missing.
        what: String,
    },
    /// The device lacks a feature the module needs.
    #[error("Vulkan device `{device}` lacks the feature `{feature}`{why}")]
    MissingFeature {
        /// Device name.
        device: String,
        /// The feature's Vulkan name.
        feature: String,
        /// Where the need comes from (empty, or `, which the module needs`...).
        why: &'static str,
    },
    /// The device lacks an extension the module needs.
    #[error("Vulkan device `{device}` lacks the extension `{extension}` the module needs")]
    MissingExtension {
        /// Device name.
        device: String,
        /// Extension name.
        extension: String,
    },
    /// The reflection names a feature this host does not know how to enable.
    #[error("the reflection names the device feature `{0}`, which vkhost does not know")]
    UnknownFeature(String),
    /// The device has no queue family with compute.
    #[error("Vulkan device `{0}` has no compute queue")]
    NoComputeQueue(String),
    /// No memory type with the needed properties.
    #[error("Vulkan device `{device}` has no memory type for {what}")]
    NoMemoryType {
        /// Device name.
        device: String,
        /// What the memory was for.
        what: &'static str,
    },
    /// The reflection JSON is malformed.
    #[error("bad reflection: {0}")]
    Reflection(String),
    /// No kernel of that name.
    #[error("no kernel `{name}` in the module; it has: {available}")]
    NoKernel {
        /// The name asked for.
        name: String,
        /// The kernels there are.
        available: String,
    },
    /// The SPIR-V words are not a module.
    #[error("not a SPIR-V module: {0}")]
    Spirv(String),
    /// The arguments or NDRange do not fit the kernel.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// Something the device cannot do (limits, timestamps, ...).
    #[error("{0}")]
    Unsupported(String),
    /// A buffer read or write out of its bounds.
    #[error("buffer access of {len} bytes at offset {offset} is outside its {size} bytes")]
    OutOfBounds {
        /// Start.
        offset: u64,
        /// Bytes.
        len: u64,
        /// The buffer's size.
        size: u64,
    },
}

/// Maps a Vulkan result to [`Error::Vk`] naming the call.
pub(crate) fn vk_err(call: &'static str) -> impl FnOnce(vk::Result) -> Error {
    move |result| Error::Vk { call, result }
}
