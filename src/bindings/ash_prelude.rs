/// Vulkan host helpers shared by every kernel (docs/VULKAN.md in clc): the argument block's
/// header, NDRanges, typed device addresses, pipeline layouts and device features, for `ash`.
#[allow(dead_code)]
pub mod vulkan {
    use ::ash::vk;

    /// Where a kernel's argument block goes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum BlockKind {
        /// A push-constant range of the pipeline layout (blocks of at most 128 bytes).
        PushConstant,
        /// A uniform buffer at descriptor set 0, binding 0, laid out with scalar block layout.
        UniformBuffer,
    }

    /// The fixed first 48 bytes of every argument block.
    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Header {
        /// `get_global_offset`.
        pub global_offset: [u32; 3],
        /// `get_work_dim`, 1 to 3.
        pub work_dim: u32,
        /// `get_global_size`, not rounded to the local size.
        pub global_size: [u32; 3],
        /// Always 0.
        pub _pad: u32,
        /// Device address of the module data buffer (0 without one).
        pub data_address: vk::DeviceAddress,
        /// Device address of the private stack (0 without one).
        pub stack_address: vk::DeviceAddress,
    }
    const _: () = {
        assert!(::core::mem::size_of::<Header>() == 48);
        assert!(::core::mem::offset_of!(Header, work_dim) == 12);
        assert!(::core::mem::offset_of!(Header, global_size) == 16);
        assert!(::core::mem::offset_of!(Header, data_address) == 32);
        assert!(::core::mem::offset_of!(Header, stack_address) == 40);
    };

    /// The device address of a buffer of `T` (a `__global` or `__constant` pointer argument):
    /// the buffer needs `SHADER_DEVICE_ADDRESS` usage and memory allocated with the
    /// `DEVICE_ADDRESS` flag.
    #[repr(transparent)]
    pub struct DevicePtr<T> {
        address: vk::DeviceAddress,
        _elem: ::core::marker::PhantomData<fn() -> T>,
    }

    impl<T> DevicePtr<T> {
        /// The pointer to `address` (from `vkGetBufferDeviceAddress`, plus an offset).
        pub const fn new(address: vk::DeviceAddress) -> DevicePtr<T> {
            DevicePtr {
                address,
                _elem: ::core::marker::PhantomData,
            }
        }

        /// A NULL pointer.
        pub const fn null() -> DevicePtr<T> {
            DevicePtr::new(0)
        }

        /// The address.
        pub const fn address(self) -> vk::DeviceAddress {
            self.address
        }
    }

    impl<T> Clone for DevicePtr<T> {
        fn clone(&self) -> Self {
            *self
        }
    }

    impl<T> Copy for DevicePtr<T> {}

    impl<T> ::core::fmt::Debug for DevicePtr<T> {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            write!(f, "DevicePtr({:#x})", self.address)
        }
    }

    impl<T> PartialEq for DevicePtr<T> {
        fn eq(&self, other: &Self) -> bool {
            self.address == other.address
        }
    }

    impl<T> Eq for DevicePtr<T> {}

    /// An image argument's OpenCL channel order and channel data type codes, which
    /// `get_image_channel_order`/`_data_type` return (`CL_RGBA` = 0x10B5,
    /// `CL_UNORM_INT8` = 0x10D2, …).
    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct ImageFormat {
        /// `CL_R`, `CL_RGBA`, ….
        pub channel_order: u32,
        /// `CL_UNORM_INT8`, `CL_FLOAT`, ….
        pub channel_data_type: u32,
    }

    /// OpenCL sampler bits (a `sampler_t` argument is their `|`).
    pub mod sampler {
        /// `CLK_NORMALIZED_COORDS_FALSE`.
        pub const NORMALIZED_COORDS_FALSE: u32 = 0;
        /// `CLK_NORMALIZED_COORDS_TRUE`.
        pub const NORMALIZED_COORDS_TRUE: u32 = 1;
        /// `CLK_ADDRESS_NONE`.
        pub const ADDRESS_NONE: u32 = 0;
        /// `CLK_ADDRESS_CLAMP_TO_EDGE`.
        pub const ADDRESS_CLAMP_TO_EDGE: u32 = 2;
        /// `CLK_ADDRESS_CLAMP`.
        pub const ADDRESS_CLAMP: u32 = 4;
        /// `CLK_ADDRESS_REPEAT`.
        pub const ADDRESS_REPEAT: u32 = 6;
        /// `CLK_ADDRESS_MIRRORED_REPEAT`.
        pub const ADDRESS_MIRRORED_REPEAT: u32 = 8;
        /// `CLK_FILTER_NEAREST`.
        pub const FILTER_NEAREST: u32 = 0x10;
        /// `CLK_FILTER_LINEAR`.
        pub const FILTER_LINEAR: u32 = 0x20;
    }

    /// An NDRange as `clEnqueueNDRangeKernel` takes it, with the local size the pipeline was
    /// specialized with; unused dimensions are 1 (offset 0).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct NdRange {
        /// 1 to 3.
        pub work_dim: u32,
        /// Global size per dimension.
        pub global_size: [u32; 3],
        /// Global offset per dimension.
        pub global_offset: [u32; 3],
        /// Local (work-group) size per dimension.
        pub local_size: [u32; 3],
    }

    impl NdRange {
        /// A range of `N` (1 to 3, checked at compile time) dimensions without offset. The
        /// global size need not be a multiple of the local size.
        ///
        /// # Panics
        /// When a local size is 0.
        pub fn new<const N: usize>(global: [u32; N], local: [u32; N]) -> NdRange {
            const { assert!(N >= 1 && N <= 3, "an NDRange has 1 to 3 dimensions") };
            let mut r = NdRange {
                work_dim: N as u32,
                global_size: [1; 3],
                global_offset: [0; 3],
                local_size: [1; 3],
            };
            r.global_size[..N].copy_from_slice(&global);
            r.local_size[..N].copy_from_slice(&local);
            assert!(!r.local_size.contains(&0), "a local size is 0");
            r
        }

        /// The same range with this global offset (its first `N` dimensions).
        pub fn with_offset<const N: usize>(mut self, offset: [u32; N]) -> NdRange {
            const { assert!(N <= 3, "an NDRange has 1 to 3 dimensions") };
            self.global_offset[..N].copy_from_slice(&offset);
            self
        }

        /// Work-groups to dispatch: `ceil(global / local)` per dimension.
        pub fn group_counts(&self) -> [u32; 3] {
            [0, 1, 2].map(|d| self.global_size[d].div_ceil(self.local_size[d]))
        }

        /// Work-items in the range.
        pub fn work_items(&self) -> u64 {
            self.global_size.iter().map(|&g| u64::from(g)).product()
        }

        /// The argument block's header for a dispatch of this range.
        pub fn header(
            &self,
            data_address: vk::DeviceAddress,
            stack_address: vk::DeviceAddress,
        ) -> Header {
            Header {
                global_offset: self.global_offset,
                work_dim: self.work_dim,
                global_size: self.global_size,
                _pad: 0,
                data_address,
                stack_address,
            }
        }
    }

    /// A kernel's descriptor set layout (null when it has no descriptors) and pipeline layout.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct KernelLayout {
        /// Set 0 (null when the kernel has no descriptors).
        pub set_layout: vk::DescriptorSetLayout,
        /// The pipeline layout: set 0 (when not null) and the push-constant range (when the
        /// block is in push constants).
        pub pipeline_layout: vk::PipelineLayout,
    }

    impl KernelLayout {
        /// Creates set 0 from `bindings` (none: no set) and the pipeline layout, with a
        /// compute push-constant range of `push_constant_bytes` (0: none).
        ///
        /// # Safety
        /// `device` must be a valid device.
        pub unsafe fn create(
            device: &::ash::Device,
            bindings: &[vk::DescriptorSetLayoutBinding<'_>],
            push_constant_bytes: u32,
        ) -> ::ash::prelude::VkResult<KernelLayout> {
            let mut set_layout = vk::DescriptorSetLayout::null();
            if !bindings.is_empty() {
                let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(bindings);
                // SAFETY: the caller gives a valid device; `info` outlives the call.
                set_layout = unsafe { device.create_descriptor_set_layout(&info, None) }?;
            }
            let sets = [set_layout];
            let ranges = [vk::PushConstantRange::default()
                .stage_flags(vk::ShaderStageFlags::COMPUTE)
                .offset(0)
                .size(push_constant_bytes)];
            let mut info = vk::PipelineLayoutCreateInfo::default();
            if !bindings.is_empty() {
                info = info.set_layouts(&sets);
            }
            if push_constant_bytes > 0 {
                info = info.push_constant_ranges(&ranges);
            }
            // SAFETY: as above.
            match unsafe { device.create_pipeline_layout(&info, None) } {
                Ok(pipeline_layout) => Ok(KernelLayout {
                    set_layout,
                    pipeline_layout,
                }),
                Err(e) => {
                    // SAFETY: the set layout (maybe null) is used by nothing yet.
                    unsafe { device.destroy_descriptor_set_layout(set_layout, None) };
                    Err(e)
                }
            }
        }

        /// Destroys both layouts.
        ///
        /// # Safety
        /// `device` must be the device that created them, and no pending command may use them.
        pub unsafe fn destroy(&self, device: &::ash::Device) {
            // SAFETY: the caller's guarantees; null handles are ignored.
            unsafe {
                device.destroy_pipeline_layout(self.pipeline_layout, None);
                device.destroy_descriptor_set_layout(self.set_layout, None);
            }
        }
    }

    /// Creates a compute pipeline of the entry point `name` of `module`.
    ///
    /// # Safety
    /// `module` and `layout` must come from `device`; `cache` is null or a pipeline cache of
    /// `device`; `spec` must describe the entry point's specialization constants.
    pub unsafe fn create_compute_pipeline(
        device: &::ash::Device,
        module: vk::ShaderModule,
        name: &::core::ffi::CStr,
        layout: &KernelLayout,
        spec: &vk::SpecializationInfo<'_>,
        cache: vk::PipelineCache,
    ) -> ::ash::prelude::VkResult<vk::Pipeline> {
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(module)
            .name(name)
            .specialization_info(spec);
        let create = vk::ComputePipelineCreateInfo::default()
            .stage(stage)
            .layout(layout.pipeline_layout);
        // SAFETY: the caller's guarantees; everything `create` points to outlives the call.
        match unsafe { device.create_compute_pipelines(cache, &[create], None) } {
            Ok(pipelines) => Ok(pipelines[0]),
            Err((_, e)) => Err(e),
        }
    }

    /// Records a dispatch into `cmd`: binds `pipeline`, binds `descriptor_set` at set 0 when
    /// given, pushes `push_constants` at offset 0 when given, and dispatches `groups`.
    ///
    /// # Safety
    /// `cmd` must be a command buffer of `device` in the recording state; `pipeline` must
    /// come from `layout`, whose push-constant range covers `push_constants`.
    pub unsafe fn cmd_dispatch(
        device: &::ash::Device,
        cmd: vk::CommandBuffer,
        layout: &KernelLayout,
        pipeline: vk::Pipeline,
        descriptor_set: Option<vk::DescriptorSet>,
        push_constants: Option<&[u8]>,
        groups: [u32; 3],
    ) {
        // SAFETY: the caller's guarantees.
        unsafe {
            device.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
            if let Some(set) = descriptor_set {
                device.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::COMPUTE,
                    layout.pipeline_layout,
                    0,
                    &[set],
                    &[],
                );
            }
            if let Some(bytes) = push_constants {
                device.cmd_push_constants(
                    cmd,
                    layout.pipeline_layout,
                    vk::ShaderStageFlags::COMPUTE,
                    0,
                    bytes,
                );
            }
            let [x, y, z] = groups;
            device.cmd_dispatch(cmd, x, y, z);
        }
    }

    /// The core device feature structs (Vulkan 1.0 to 1.3), without their `p_next` chain:
    /// what a device supports, or what to enable.
    #[derive(Clone, Copy, Default)]
    pub struct Features {
        /// Vulkan 1.0 features.
        pub v10: vk::PhysicalDeviceFeatures,
        /// Vulkan 1.1 features.
        pub v11: vk::PhysicalDeviceVulkan11Features<'static>,
        /// Vulkan 1.2 features.
        pub v12: vk::PhysicalDeviceVulkan12Features<'static>,
        /// Vulkan 1.3 features (not chained below API version 1.3).
        pub v13: vk::PhysicalDeviceVulkan13Features<'static>,
    }

    impl Features {
        /// The features `physical_device` supports; `api_version` is the version the
        /// instance was created with (the 1.3 struct is only queried from 1.3 on).
        ///
        /// # Safety
        /// `physical_device` must belong to `instance`.
        pub unsafe fn query(
            instance: &::ash::Instance,
            physical_device: vk::PhysicalDevice,
            api_version: u32,
        ) -> Features {
            let mut f = Features::default();
            let mut chain = f.chain(api_version);
            // SAFETY: the chain points into `f`, alive across the call.
            unsafe { instance.get_physical_device_features2(physical_device, &mut chain) };
            let v10 = chain.features;
            f.v10 = v10;
            f.unchain();
            f
        }

        /// A `VkPhysicalDeviceFeatures2` chaining these structs (for
        /// `vk::DeviceCreateInfo::push_next`, with no `enabled_features`), the 1.3 struct only
        /// when `api_version` is 1.3 or later.
        pub fn chain(&mut self, api_version: u32) -> vk::PhysicalDeviceFeatures2<'_> {
            self.unchain();
            let chain = vk::PhysicalDeviceFeatures2::default()
                .features(self.v10)
                .push_next(&mut self.v11)
                .push_next(&mut self.v12);
            if api_version >= vk::API_VERSION_1_3 {
                chain.push_next(&mut self.v13)
            } else {
                chain
            }
        }

        fn unchain(&mut self) {
            self.v11.p_next = ::core::ptr::null_mut();
            self.v12.p_next = ::core::ptr::null_mut();
            self.v13.p_next = ::core::ptr::null_mut();
        }
    }
}
