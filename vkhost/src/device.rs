//! The Vulkan instance, physical device choice, logical device, compute queue and one-shot
//! command submission.
//!
//! Device choice: `$CLC_VK_DEVICE`, when set, is a case-insensitive substring of the device
//! name to take (`llvmpipe`, `H100`); otherwise the first discrete GPU, else the first device.

use std::ffi::CString;
use std::sync::{Arc, Mutex, MutexGuard};

use ash::vk;

use crate::error::{vk_err, Error};
use crate::features::{FeatureSet, Lack};
use crate::reflect::Reflection;

/// Environment variable naming (a substring of) the device to use.
pub const DEVICE_ENV: &str = "CLC_VK_DEVICE";

/// The extension behind [`crate::Program::executables`]: the driver's statistics (registers,
/// instructions, spills) and internal representations of a compiled pipeline.
pub const PIPELINE_EXECUTABLE_PROPERTIES: &str = "VK_KHR_pipeline_executable_properties";

/// The queue and the command pool, used under one lock (both need external synchronization).
pub(crate) struct Submitter {
    pub queue: vk::Queue,
    pub pool: vk::CommandPool,
}

/// Everything a [`Device`] owns; destroyed when the last handle (device, buffer or program)
/// goes away.
pub(crate) struct Inner {
    /// Keeps libvulkan loaded while the instance lives.
    _entry: ash::Entry,
    pub instance: ash::Instance,
    pub physical: vk::PhysicalDevice,
    pub device: ash::Device,
    pub submitter: Mutex<Submitter>,
    pub memory: vk::PhysicalDeviceMemoryProperties,
    pub props: vk::PhysicalDeviceProperties,
    pub timestamp_valid_bits: u32,
    /// `VkPhysicalDeviceSubgroupProperties`: `supportedStages` and `supportedOperations`.
    pub subgroup: (vk::ShaderStageFlags, vk::SubgroupFeatureFlags),
    /// The float-controls properties the device has, by their Vulkan names.
    pub float_controls: Vec<&'static str>,
    pub name: String,
    pub enabled: FeatureSet,
    pub extensions: Vec<String>,
    /// [`PIPELINE_EXECUTABLE_PROPERTIES`], when it and its `pipelineExecutableInfo` feature
    /// were enabled.
    pub executables: Option<ash::khr::pipeline_executable_properties::Device>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        // SAFETY: this is the last owner of the device and the instance (every buffer,
        // program and pipeline holds an `Arc<Inner>` and was destroyed before); the device is
        // idled first so nothing still runs, and each handle is destroyed once, children first.
        unsafe {
            let _ = self.device.device_wait_idle();
            if let Ok(s) = self.submitter.get_mut() {
                self.device.destroy_command_pool(s.pool, None);
            }
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// What to enable besides [`REQUIRED_FEATURES`].
enum Want<'a> {
    /// Every known feature the device has.
    AllSupported,
    /// Exactly these (an error names the first one the device lacks).
    These {
        features: &'a [String],
        extensions: &'a [String],
    },
}

/// A Vulkan device with a compute queue, ready for [`crate::Program`]s and [`crate::Buffer`]s.
/// Cheap to clone (a shared handle).
#[derive(Clone)]
pub struct Device(pub(crate) Arc<Inner>);

fn version_string(v: u32) -> String {
    format!(
        "{}.{}.{}",
        vk::api_version_major(v),
        vk::api_version_minor(v),
        vk::api_version_patch(v)
    )
}

fn device_name(p: &vk::PhysicalDeviceProperties) -> String {
    p.device_name_as_c_str()
        .map(|c| c.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "<unnamed device>".to_string())
}

impl Device {
    /// Opens the chosen device (see the module docs) with [`REQUIRED_FEATURES`] and every
    /// other feature vkhost knows that the device has, so any module the device can run loads
    /// on it.
    pub fn new() -> Result<Device, Error> {
        Self::create(Want::AllSupported)
    }

    /// Opens the chosen device with [`REQUIRED_FEATURES`] and exactly the features and
    /// extensions the module's reflection lists; [`Error::MissingFeature`] or
    /// [`Error::MissingExtension`] names the first one the device lacks.
    pub fn for_reflection(r: &Reflection) -> Result<Device, Error> {
        Self::create(Want::These {
            features: r.features(),
            extensions: r.extensions(),
        })
    }

    /// Like [`Device::for_reflection`] with explicit lists.
    pub fn with_features(features: &[String], extensions: &[String]) -> Result<Device, Error> {
        Self::create(Want::These {
            features,
            extensions,
        })
    }

    fn create(want: Want) -> Result<Device, Error> {
        // SAFETY: loading libvulkan runs its initializers; the loader is a well-behaved
        // library, and the `Entry` is kept in `Inner` for as long as anything made from it.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| Error::Loading(e.to_string()))?;
        // SAFETY: a plain query through a loaded entry.
        let loader_version = unsafe { entry.try_enumerate_instance_version() }
            .map_err(vk_err("vkEnumerateInstanceVersion"))?
            .unwrap_or(vk::API_VERSION_1_0);
        if loader_version < vk::API_VERSION_1_2 {
            return Err(Error::LoaderTooOld(version_string(loader_version)));
        }
        let api = loader_version.min(vk::API_VERSION_1_3);
        let app = vk::ApplicationInfo::default()
            .application_name(c"clc")
            .engine_name(c"vkhost")
            .api_version(api);
        let info = vk::InstanceCreateInfo::default().application_info(&app);
        // SAFETY: `info` and what it points to live across the call.
        let instance = unsafe { entry.create_instance(&info, None) }.map_err(|e| match e {
            // The loader's answer when it found no driver (ICD) at all.
            vk::Result::ERROR_INCOMPATIBLE_DRIVER => no_device(),
            e => vk_err("vkCreateInstance")(e),
        })?;
        match open(&instance, api, &want) {
            Ok(parts) => Ok(Device(Arc::new(Inner {
                _entry: entry,
                instance,
                physical: parts.physical,
                device: parts.device,
                submitter: Mutex::new(parts.submitter),
                memory: parts.memory,
                props: parts.props,
                timestamp_valid_bits: parts.timestamp_valid_bits,
                subgroup: parts.subgroup,
                float_controls: parts.float_controls,
                name: parts.name,
                enabled: parts.enabled,
                extensions: parts.extensions,
                executables: parts.executables,
            }))),
            Err(e) => {
                // SAFETY: `open` destroyed whatever it created from the instance before
                // failing, so nothing made from it is left.
                unsafe { instance.destroy_instance(None) };
                Err(e)
            }
        }
    }

    /// The device's name (`llvmpipe (LLVM 15.0.6, 256 bits)`, `NVIDIA H100 80GB HBM3`).
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Whether the device computes GLSL.std.450 `Fma` with one rounding, as fused
    /// multiply-add hardware does: every GPU; not CPU implementations (lavapipe splits it
    /// into a multiply and an add, which Vulkan's precision rules allow).
    pub fn fuses_fma(&self) -> bool {
        self.0.props.device_type != vk::PhysicalDeviceType::CPU
    }

    /// The device's properties, limits included.
    pub fn properties(&self) -> &vk::PhysicalDeviceProperties {
        &self.0.props
    }

    /// The features that were enabled, by Vulkan name.
    pub fn enabled_features(&self) -> Vec<&'static str> {
        self.0.enabled.names()
    }

    /// Checks that the device supports the subgroup operations a module lists (by the
    /// reflection's names) in compute shaders; [`Error::MissingSubgroupSupport`] names what
    /// it lacks.
    pub fn check_subgroup_operations(&self, wanted: &[String]) -> Result<(), Error> {
        let (stages, ops) = self.0.subgroup;
        crate::features::check_subgroups(wanted, stages, ops).map_err(|what| {
            Error::MissingSubgroupSupport {
                device: self.name().to_string(),
                what,
            }
        })
    }

    /// Whether the device has a float-controls property (`shaderDenormPreserveFloat16`…).
    pub fn has_property(&self, name: &str) -> bool {
        self.0.float_controls.contains(&name)
    }

    /// Whether `feature` (a Vulkan feature name) was enabled.
    pub fn has_feature(&self, feature: &str) -> bool {
        self.0.enabled.get(feature) == Some(true)
    }

    /// Whether the device extension `name` was enabled.
    pub fn has_extension(&self, name: &str) -> bool {
        self.0.extensions.iter().any(|e| e == name)
    }

    /// Records commands with `record`, submits them and waits until they are done.
    pub(crate) fn submit(
        &self,
        record: impl FnOnce(&ash::Device, vk::CommandBuffer) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let s = self.lock();
        let d = &self.0.device;
        let alloc = vk::CommandBufferAllocateInfo::default()
            .command_pool(s.pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        // SAFETY: the pool belongs to this device and is used under the lock `s`.
        let cmds = unsafe { d.allocate_command_buffers(&alloc) }
            .map_err(vk_err("vkAllocateCommandBuffers"))?;
        let cmd = cmds[0];
        let result = (|| {
            let begin = vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
            // SAFETY: `cmd` was just allocated and is in the initial state.
            unsafe { d.begin_command_buffer(cmd, &begin) }
                .map_err(vk_err("vkBeginCommandBuffer"))?;
            record(d, cmd)?;
            // SAFETY: `cmd` is recording.
            unsafe { d.end_command_buffer(cmd) }.map_err(vk_err("vkEndCommandBuffer"))?;
            // SAFETY: a plain object creation.
            let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }
                .map_err(vk_err("vkCreateFence"))?;
            let submit = vk::SubmitInfo::default().command_buffers(&cmds);
            // SAFETY: the queue is used under the lock; `cmd` is executable; the fence is new
            // and waited on before it is destroyed.
            let done = unsafe {
                d.queue_submit(s.queue, &[submit], fence)
                    .map_err(vk_err("vkQueueSubmit"))
                    .and_then(|()| {
                        d.wait_for_fences(&[fence], true, u64::MAX)
                            .map_err(vk_err("vkWaitForFences"))
                    })
            };
            // SAFETY: the fence is signalled or was never submitted; on a failed wait (device
            // lost) idling first keeps it from being destroyed while in use.
            unsafe {
                if done.is_err() {
                    let _ = d.device_wait_idle();
                }
                d.destroy_fence(fence, None);
            }
            done
        })();
        // SAFETY: the command buffer is no longer pending (its fence was waited for or it was
        // never submitted); it came from this pool, under the same lock.
        unsafe { d.free_command_buffers(s.pool, &cmds) };
        result
    }

    fn lock(&self) -> MutexGuard<'_, Submitter> {
        // A panic while holding the lock cannot leave the handles inconsistent: use them.
        self.0
            .submitter
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A memory type index allowed by `bits` with all of `need`, preferring one that also has
    /// `prefer`.
    pub(crate) fn memory_type(
        &self,
        bits: u32,
        need: vk::MemoryPropertyFlags,
        prefer: vk::MemoryPropertyFlags,
    ) -> Option<u32> {
        let m = &self.0.memory;
        let types = &m.memory_types[..m.memory_type_count as usize];
        let find = |flags: vk::MemoryPropertyFlags| {
            types
                .iter()
                .enumerate()
                .find(|(i, t)| bits & (1 << i) != 0 && t.property_flags.contains(flags))
                .map(|(i, _)| i as u32)
        };
        find(need | prefer).or_else(|| find(need))
    }
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("name", &self.0.name)
            .finish()
    }
}

/// [`Error::NoDevice`] with the loader's driver variables.
fn no_device() -> Error {
    Error::NoDevice {
        driver_files: std::env::var("VK_DRIVER_FILES").ok(),
        icd_filenames: std::env::var("VK_ICD_FILENAMES").ok(),
    }
}

/// What [`open`] creates.
struct Parts {
    physical: vk::PhysicalDevice,
    device: ash::Device,
    submitter: Submitter,
    memory: vk::PhysicalDeviceMemoryProperties,
    props: vk::PhysicalDeviceProperties,
    timestamp_valid_bits: u32,
    subgroup: (vk::ShaderStageFlags, vk::SubgroupFeatureFlags),
    float_controls: Vec<&'static str>,
    name: String,
    enabled: FeatureSet,
    extensions: Vec<String>,
    executables: Option<ash::khr::pipeline_executable_properties::Device>,
}

/// Picks the physical device and creates the logical one. On error, everything it created is
/// destroyed again (the caller destroys the instance).
fn open(instance: &ash::Instance, api: u32, want: &Want) -> Result<Parts, Error> {
    // SAFETY: plain queries on a live instance.
    let physicals = unsafe { instance.enumerate_physical_devices() }
        .map_err(vk_err("vkEnumeratePhysicalDevices"))?;
    if physicals.is_empty() {
        return Err(no_device());
    }
    let candidates: Vec<(vk::PhysicalDevice, vk::PhysicalDeviceProperties)> = physicals
        .iter()
        // SAFETY: `p` came from this instance.
        .map(|&p| (p, unsafe { instance.get_physical_device_properties(p) }))
        .collect();
    let chosen = match std::env::var(DEVICE_ENV).ok().filter(|s| !s.is_empty()) {
        Some(wanted) => {
            let w = wanted.to_lowercase();
            candidates
                .iter()
                .find(|(_, p)| device_name(p).to_lowercase().contains(&w))
                .ok_or_else(|| Error::DeviceNotFound {
                    wanted,
                    available: candidates
                        .iter()
                        .map(|(_, p)| format!("`{}`", device_name(p)))
                        .collect::<Vec<_>>()
                        .join(", "),
                })?
        }
        None => candidates
            .iter()
            .find(|(_, p)| p.device_type == vk::PhysicalDeviceType::DISCRETE_GPU)
            .unwrap_or(&candidates[0]),
    };
    let (physical, props) = *chosen;
    let name = device_name(&props);
    if props.api_version < vk::API_VERSION_1_2 {
        return Err(Error::DeviceTooOld {
            device: name,
            version: version_string(props.api_version),
        });
    }
    let has13 = props.api_version >= vk::API_VERSION_1_3 && api >= vk::API_VERSION_1_3;
    let subgroup = {
        let mut sg = vk::PhysicalDeviceSubgroupProperties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut sg);
        // SAFETY: `p2` chains a struct that outlives the call (core in Vulkan 1.1).
        unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
        (sg.supported_stages, sg.supported_operations)
    };
    let float_controls = {
        let mut fc = vk::PhysicalDeviceFloatControlsProperties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut fc);
        // SAFETY: `p2` chains a struct that outlives the call (core in Vulkan 1.2).
        unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
        [
            (
                "shaderDenormPreserveFloat16",
                fc.shader_denorm_preserve_float16,
            ),
            (
                "shaderRoundingModeRTEFloat16",
                fc.shader_rounding_mode_rte_float16,
            ),
            (
                "shaderSignedZeroInfNanPreserveFloat16",
                fc.shader_signed_zero_inf_nan_preserve_float16,
            ),
            (
                "shaderSignedZeroInfNanPreserveFloat32",
                fc.shader_signed_zero_inf_nan_preserve_float32,
            ),
            (
                "shaderSignedZeroInfNanPreserveFloat64",
                fc.shader_signed_zero_inf_nan_preserve_float64,
            ),
        ]
        .into_iter()
        .filter(|(_, v)| *v == vk::TRUE)
        .map(|(n, _)| n)
        .collect()
    };

    let mut supported = FeatureSet::default();
    let base = {
        let mut f2 = vk::PhysicalDeviceFeatures2::default()
            .push_next(&mut supported.v11)
            .push_next(&mut supported.v12);
        if has13 {
            f2 = f2.push_next(&mut supported.v13);
        }
        // SAFETY: `f2` chains structs that outlive the call; the Vulkan 1.3 one only on a
        // 1.3 device and instance.
        unsafe { instance.get_physical_device_features2(physical, &mut f2) };
        f2.features
    };
    supported.v10 = base;
    supported.unchain();

    let missing = |feature: &str, why| Error::MissingFeature {
        device: name.clone(),
        feature: feature.to_string(),
        why,
    };
    let (wanted, mut want_ext): (Option<&[String]>, Vec<String>) = match want {
        Want::AllSupported => (None, Vec::new()),
        Want::These {
            features,
            extensions,
        } => (Some(features), extensions.to_vec()),
    };
    let enabled = supported.enable(wanted).map_err(|lack| match lack {
        Lack::Required(f) => missing(f, ", which every clc Vulkan module needs"),
        Lack::Module(f) => missing(&f, ", which the module needs"),
        Lack::Unknown(f) => Error::UnknownFeature(f),
    })?;

    // SAFETY: a plain query.
    let available = unsafe { instance.enumerate_device_extension_properties(physical) }
        .map_err(vk_err("vkEnumerateDeviceExtensionProperties"))?;
    let available: Vec<String> = available
        .iter()
        .filter_map(|e| e.extension_name_as_c_str().ok())
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    // Pipeline statistics: with every supported feature (`Device::new`), or when named.
    let exec_wanted = match want {
        Want::AllSupported => available
            .iter()
            .any(|e| e == PIPELINE_EXECUTABLE_PROPERTIES),
        Want::These { extensions, .. } => extensions
            .iter()
            .any(|e| e == PIPELINE_EXECUTABLE_PROPERTIES),
    };
    let mut exec_feature = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default();
    if exec_wanted
        && available
            .iter()
            .any(|e| e == PIPELINE_EXECUTABLE_PROPERTIES)
    {
        let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut exec_feature);
        // SAFETY: `f2` chains a struct that outlives the call; the device has the extension.
        unsafe { instance.get_physical_device_features2(physical, &mut f2) };
    }
    let exec_on = exec_feature.pipeline_executable_info == vk::TRUE;
    if exec_on && !want_ext.iter().any(|e| e == PIPELINE_EXECUTABLE_PROPERTIES) {
        want_ext.push(PIPELINE_EXECUTABLE_PROPERTIES.to_string());
    } else if exec_wanted && !exec_on && matches!(want, Want::These { .. }) {
        return Err(missing(
            "pipelineExecutableInfo",
            ", which pipeline statistics need",
        ));
    }
    for e in &want_ext {
        if !available.contains(e) {
            return Err(Error::MissingExtension {
                device: name,
                extension: e.clone(),
            });
        }
    }
    let ext_c: Vec<CString> = want_ext
        .iter()
        .map(|e| {
            CString::new(e.as_str())
                .map_err(|_| Error::Reflection(format!("extension name {e:?} contains NUL")))
        })
        .collect::<Result<_, _>>()?;
    let ext_ptrs: Vec<*const std::ffi::c_char> = ext_c.iter().map(|c| c.as_ptr()).collect();

    // SAFETY: a plain query.
    let families = unsafe { instance.get_physical_device_queue_family_properties(physical) };
    let (family, fprops) = families
        .iter()
        .enumerate()
        .find(|(_, f)| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
        .ok_or_else(|| Error::NoComputeQueue(name.clone()))?;
    let family = family as u32;
    let priorities = [1.0f32];
    let queue_info = [vk::DeviceQueueCreateInfo::default()
        .queue_family_index(family)
        .queue_priorities(&priorities)];

    let mut chain = enabled;
    let mut f2 = vk::PhysicalDeviceFeatures2::default()
        .features(chain.v10)
        .push_next(&mut chain.v11)
        .push_next(&mut chain.v12);
    if has13 {
        f2 = f2.push_next(&mut chain.v13);
    }
    if exec_on {
        f2 = f2.push_next(&mut exec_feature);
    }
    let info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queue_info)
        .enabled_extension_names(&ext_ptrs)
        .push_next(&mut f2);
    // SAFETY: every pointer in `info` (queue infos, priorities, extension names, the feature
    // chain) refers to locals that outlive the call; only supported features are enabled.
    let device = unsafe { instance.create_device(physical, &info, None) }
        .map_err(vk_err("vkCreateDevice"))?;
    // SAFETY: the family was requested with one queue.
    let queue = unsafe { device.get_device_queue(family, 0) };
    let pool_info = vk::CommandPoolCreateInfo::default()
        .queue_family_index(family)
        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
    // SAFETY: a plain object creation on the new device.
    let pool = match unsafe { device.create_command_pool(&pool_info, None) } {
        Ok(p) => p,
        Err(e) => {
            // SAFETY: nothing else was created from the device yet.
            unsafe { device.destroy_device(None) };
            return Err(vk_err("vkCreateCommandPool")(e));
        }
    };
    // SAFETY: a plain query.
    let memory = unsafe { instance.get_physical_device_memory_properties(physical) };
    let executables =
        exec_on.then(|| ash::khr::pipeline_executable_properties::Device::new(instance, &device));
    Ok(Parts {
        physical,
        device,
        submitter: Submitter { queue, pool },
        memory,
        props,
        timestamp_valid_bits: fprops.timestamp_valid_bits,
        subgroup,
        float_controls,
        name,
        enabled,
        executables,
        extensions: want_ext,
    })
}

/// The `CStr` of a Rust string for an entry point name.
pub(crate) fn c_name(s: &str) -> Result<CString, Error> {
    CString::new(s).map_err(|_| Error::Reflection(format!("entry point {s:?} contains NUL")))
}
