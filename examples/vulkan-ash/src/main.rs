//! Runs kernels that `build.rs` compiled with clc for Vulkan, through the typed `ash`
//! bindings it generated: the argument blocks are `#[repr(C)]` structs whose layout rustc
//! checked against the compiler's, so a wrong type or a misplaced argument does not compile.
//!
//! The device: `$CLC_VK_DEVICE` (a case-insensitive substring of its name, such as
//! `llvmpipe`), else the first discrete GPU, else the first device. Exits non-zero when a
//! result is wrong.

#![deny(warnings)]

use ash::vk;
use std::error::Error;

include!(concat!(env!("OUT_DIR"), "/kernels.rs"));

use modules::reduce;
use modules::reduce::kernels::{group_sums, horner, saxpy};
use vulkan::{DevicePtr, Features, NdRange};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// A host-visible buffer with a device address, mapped for its whole life.
struct Buffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    address: vk::DeviceAddress,
    ptr: *mut u8,
    size: usize,
}

/// The device and what the buffers need from it.
struct Gpu {
    _entry: ash::Entry,
    instance: ash::Instance,
    device: ash::Device,
    queue: vk::Queue,
    queue_family: u32,
    memory: vk::PhysicalDeviceMemoryProperties,
    name: String,
    cpu: bool,
}

impl Gpu {
    fn new() -> Result<Gpu> {
        // SAFETY: loading libvulkan runs its initializers; the entry outlives the instance.
        let entry = unsafe { ash::Entry::load()? };
        let api = vk::API_VERSION_1_3;
        let app = vk::ApplicationInfo::default()
            .application_name(c"clc-vulkan-ash-example")
            .api_version(api);
        // SAFETY: the create info and what it points to outlive the call.
        let instance = unsafe {
            entry.create_instance(
                &vk::InstanceCreateInfo::default().application_info(&app),
                None,
            )?
        };
        // SAFETY: a plain query of a valid instance.
        let devices = unsafe { instance.enumerate_physical_devices()? };
        let named: Vec<(vk::PhysicalDevice, vk::PhysicalDeviceProperties, String)> = devices
            .into_iter()
            .map(|d| {
                // SAFETY: `d` belongs to `instance`.
                let p = unsafe { instance.get_physical_device_properties(d) };
                let name = p
                    .device_name_as_c_str()
                    .map(|c| c.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (d, p, name)
            })
            .collect();
        let wanted = std::env::var("CLC_VK_DEVICE")
            .ok()
            .filter(|w| !w.is_empty());
        let all = || {
            named
                .iter()
                .map(|n| n.2.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let chosen = match &wanted {
            Some(w) => named
                .iter()
                .find(|n| n.2.to_lowercase().contains(&w.to_lowercase()))
                .ok_or_else(|| {
                    format!(
                        "no Vulkan device name contains `{w}` (CLC_VK_DEVICE); devices: {}",
                        all()
                    )
                })?,
            None => named
                .iter()
                .find(|n| n.1.device_type == vk::PhysicalDeviceType::DISCRETE_GPU)
                .or(named.first())
                .ok_or("no Vulkan device")?,
        };
        let (physical, props, name) = chosen.clone();
        let api = api.min(props.api_version);
        // SAFETY: `physical` belongs to `instance`.
        let supported = unsafe { Features::query(&instance, physical, api) };
        if let Some(f) = reduce::missing_feature(&supported) {
            return Err(format!("`{name}` lacks the feature `{f}` the kernels need").into());
        }
        // SAFETY: as above.
        let families = unsafe { instance.get_physical_device_queue_family_properties(physical) };
        let queue_family = families
            .iter()
            .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
            .ok_or("no compute queue")? as u32;
        let mut enabled = Features::default();
        reduce::enable_features(&mut enabled);
        let mut chain = enabled.chain(api);
        let priorities = [1.0];
        let queues = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(queue_family)
            .queue_priorities(&priorities)];
        let extensions: Vec<*const std::ffi::c_char> =
            reduce::EXTENSIONS.iter().map(|e| e.as_ptr()).collect();
        let info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queues)
            .enabled_extension_names(&extensions)
            .push_next(&mut chain);
        // SAFETY: `info` and its chain outlive the call; the features were checked.
        let device = unsafe { instance.create_device(physical, &info, None)? };
        // SAFETY: the family was requested with one queue.
        let queue = unsafe { device.get_device_queue(queue_family, 0) };
        // SAFETY: as above.
        let memory = unsafe { instance.get_physical_device_memory_properties(physical) };
        Ok(Gpu {
            _entry: entry,
            instance,
            device,
            queue,
            queue_family,
            memory,
            name,
            cpu: props.device_type == vk::PhysicalDeviceType::CPU,
        })
    }

    /// A mapped buffer holding `bytes` (at least 4 bytes).
    fn buffer(&self, bytes: &[u8], usage: vk::BufferUsageFlags) -> Result<Buffer> {
        let size = bytes.len().max(4);
        let d = &self.device;
        let info = vk::BufferCreateInfo::default()
            .size(size as u64)
            .usage(usage | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: a valid create info.
        let buffer = unsafe { d.create_buffer(&info, None)? };
        // SAFETY: `buffer` is of this device.
        let req = unsafe { d.get_buffer_memory_requirements(buffer) };
        let want = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let index = (0..self.memory.memory_type_count)
            .find(|&i| {
                req.memory_type_bits & (1 << i) != 0
                    && self.memory.memory_types[i as usize]
                        .property_flags
                        .contains(want)
            })
            .ok_or("no host-visible memory")?;
        let mut flags =
            vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(index)
            .push_next(&mut flags);
        // SAFETY: a valid allocate info; the memory is bound once, then mapped whole.
        let (memory, ptr, address) = unsafe {
            let memory = d.allocate_memory(&alloc, None)?;
            d.bind_buffer_memory(buffer, memory, 0)?;
            let ptr = d
                .map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?
                .cast::<u8>();
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len());
            let address =
                d.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
            (memory, ptr, address)
        };
        Ok(Buffer {
            buffer,
            memory,
            address,
            ptr,
            size,
        })
    }

    fn floats(&self, values: &[f32]) -> Result<Buffer> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.buffer(&bytes, vk::BufferUsageFlags::STORAGE_BUFFER)
    }

    /// Records commands with `record`, submits them and waits.
    fn run(&self, record: impl FnOnce(vk::CommandBuffer)) -> Result<()> {
        let d = &self.device;
        // SAFETY: plain object creation and a one-time submission, waited for before the
        // pool and fence are destroyed.
        unsafe {
            let pool = d.create_command_pool(
                &vk::CommandPoolCreateInfo::default().queue_family_index(self.queue_family),
                None,
            )?;
            let cmd = d.allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(pool)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(1),
            )?[0];
            d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default())?;
            record(cmd);
            d.end_command_buffer(cmd)?;
            let fence = d.create_fence(&vk::FenceCreateInfo::default(), None)?;
            let cmds = [cmd];
            d.queue_submit(
                self.queue,
                &[vk::SubmitInfo::default().command_buffers(&cmds)],
                fence,
            )?;
            d.wait_for_fences(&[fence], true, u64::MAX)?;
            d.destroy_fence(fence, None);
            d.destroy_command_pool(pool, None);
        }
        Ok(())
    }
}

impl Buffer {
    fn read_floats(&self, n: usize) -> Vec<f32> {
        assert!(n * 4 <= self.size);
        // SAFETY: the mapping covers `size` bytes; the device finished writing (the fence).
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr, n * 4) };
        bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    fn write(&self, bytes: &[u8]) {
        assert!(bytes.len() <= self.size);
        // SAFETY: the mapping covers `size` bytes and no command uses the buffer now.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr, bytes.len()) };
    }

    fn destroy(self, d: &ash::Device) {
        // SAFETY: every command using the buffer has completed.
        unsafe {
            d.destroy_buffer(self.buffer, None);
            d.free_memory(self.memory, None);
        }
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: everything made from the device was destroyed; nothing runs.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// Compares `got` with `want` (exactly: every value is exact in binary), printing the result.
fn check(what: &str, got: &[f32], want: &[f32]) -> bool {
    let bad = got.iter().zip(want).position(|(g, w)| g != w);
    match bad {
        None => {
            println!("{what}: ok");
            true
        }
        Some(i) => {
            println!(
                "{what}: MISMATCH at {i}: got {}, expected {}",
                got[i], want[i]
            );
            false
        }
    }
}

/// A barrier making compute writes visible to the host.
///
/// # Safety
/// `cmd` must be recording.
unsafe fn to_host(d: &ash::Device, cmd: vk::CommandBuffer) {
    let b = vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
        .dst_access_mask(vk::AccessFlags::HOST_READ);
    // SAFETY: the caller's guarantee.
    unsafe {
        d.cmd_pipeline_barrier(
            cmd,
            vk::PipelineStageFlags::COMPUTE_SHADER,
            vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &[b],
            &[],
            &[],
        )
    };
}

fn main() -> Result<()> {
    let gpu = Gpu::new()?;
    println!("device: {}", gpu.name);
    let d = &gpu.device;
    // GPUs fuse `Fma`; lavapipe computes it as a multiply and an add. The constant is the
    // module's: every kernel's `Spec` has it.
    let fma_fused = if gpu.cpu { vk::FALSE } else { vk::TRUE };

    // The module data buffer (the `weights` table), relocated to its own address.
    let data = gpu.buffer(
        &[0; reduce::DATA_SIZE as usize],
        vk::BufferUsageFlags::STORAGE_BUFFER,
    )?;
    data.write(&reduce::data_bytes(data.address));

    // Inputs: small integers, so every result is exact.
    let n = 1000usize;
    let x: Vec<f32> = (0..n).map(|i| (i % 17) as f32).collect();
    let y0: Vec<f32> = (0..n).map(|i| (i % 5) as f32).collect();
    let xb = gpu.floats(&x)?;
    let yb = gpu.floats(&y0)?;
    let groups = 8usize;
    let local = 128u32;
    let xs: Vec<f32> = (0..groups * local as usize)
        .map(|i| (i % 9) as f32)
        .collect();
    let xsb = gpu.floats(&xs)?;
    let sums = gpu.floats(&vec![0.0; groups])?;
    let hy = gpu.floats(&vec![0.0; n])?;

    // The `unsafe` blocks below share these facts: every handle comes from `d`; the buffers
    // live until the submission has completed; the pipelines are specialized with the ranges'
    // local sizes.
    // SAFETY: the generated words are a module validated for Vulkan 1.2.
    let module = unsafe { reduce::create_shader_module(d)? };

    // saxpy: a range of 1000 in groups of 64, the last one partial.
    let saxpy_range = NdRange::new([n as u32], [64]);
    // SAFETY: `d` is a live device; the layout is destroyed before it.
    let saxpy_layout = unsafe { saxpy::create_layout(d)? };
    let saxpy_spec = saxpy::Spec {
        local_size: saxpy_range.local_size,
        fma_fused,
    };
    // SAFETY: `module` and `saxpy_layout` come from `d`; the spec gives the range's local size.
    let saxpy_pipeline = unsafe {
        saxpy::create_pipeline(
            d,
            module,
            &saxpy_layout,
            &saxpy_spec,
            vk::PipelineCache::null(),
        )?
    };
    let saxpy_block = saxpy::Block::new(
        &saxpy_range,
        data.address,
        0,
        &saxpy::Args {
            x: DevicePtr::new(xb.address),
            y: DevicePtr::new(yb.address),
            a: 2.0,
        },
    );

    // group_sums: 8 groups of 128 work-items, 128 floats of __local memory each.
    let sums_range = NdRange::new([groups as u32 * local], [local]);
    // SAFETY: as for `saxpy_layout`.
    let sums_layout = unsafe { group_sums::create_layout(d)? };
    let sums_spec = group_sums::Spec {
        local_size: sums_range.local_size,
        scratch: local,
        fma_fused,
    };
    // SAFETY: as for `saxpy_pipeline`, with `sums_layout` and the group_sums range.
    let sums_pipeline = unsafe {
        group_sums::create_pipeline(
            d,
            module,
            &sums_layout,
            &sums_spec,
            vk::PipelineCache::null(),
        )?
    };
    let sums_block = group_sums::Block::new(
        &sums_range,
        data.address,
        0,
        &group_sums::Args {
            x: DevicePtr::new(xsb.address),
            sums: DevicePtr::new(sums.address),
        },
    );

    // horner: the block does not fit in push constants; it goes in a uniform buffer bound
    // through a descriptor set.
    assert_eq!(horner::BLOCK_KIND, vulkan::BlockKind::UniformBuffer);
    let horner_range = NdRange::new([n as u32], [32]);
    // SAFETY: as for `saxpy_layout`.
    let horner_layout = unsafe { horner::create_layout(d)? };
    let horner_spec = horner::Spec {
        local_size: horner_range.local_size,
        fma_fused,
    };
    // SAFETY: as for `saxpy_pipeline`, with `horner_layout` and the horner range.
    let horner_pipeline = unsafe {
        horner::create_pipeline(
            d,
            module,
            &horner_layout,
            &horner_spec,
            vk::PipelineCache::null(),
        )?
    };
    let mut c = [0.0f32; 40];
    c[..3].copy_from_slice(&[1.0, -2.0, 0.5]);
    let horner_block = horner::Block::new(
        &horner_range,
        data.address,
        0,
        &horner::Args {
            x: DevicePtr::new(xb.address),
            y: DevicePtr::new(hy.address),
            p: types::poly { c, degree: 2 },
        },
    );
    let ubo = gpu.buffer(
        horner_block.as_bytes(),
        vk::BufferUsageFlags::UNIFORM_BUFFER,
    )?;
    let pool_sizes = horner::descriptor_pool_sizes();
    // SAFETY: `pool_sizes` lives across the call; the pool is destroyed before `d`.
    let pool = unsafe {
        d.create_descriptor_pool(
            &vk::DescriptorPoolCreateInfo::default()
                .max_sets(1)
                .pool_sizes(&pool_sizes),
            None,
        )?
    };
    let set_layouts = [horner_layout.set_layout];
    // SAFETY: `pool` and the set layout come from `d`; the pool has room for this one set, so
    // the call returns one set or an error.
    let set = unsafe {
        d.allocate_descriptor_sets(
            &vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(pool)
                .set_layouts(&set_layouts),
        )?[0]
    };
    let ubo_info = [vk::DescriptorBufferInfo::default()
        .buffer(ubo.buffer)
        .offset(0)
        .range(vk::WHOLE_SIZE)];
    let write = vk::WriteDescriptorSet::default()
        .dst_set(set)
        .dst_binding(0)
        .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
        .buffer_info(&ubo_info);
    // SAFETY: `set` is unused by any command yet; `ubo` is a live uniform buffer.
    unsafe { d.update_descriptor_sets(&[write], &[]) };

    // SAFETY: `cmd` is recording; each dispatch uses its own pipeline, layout and block, built
    // for its range above, and the buffers the blocks address live until `run` has waited.
    gpu.run(|cmd| unsafe {
        saxpy::cmd_dispatch(
            d,
            cmd,
            &saxpy_layout,
            saxpy_pipeline,
            None,
            &saxpy_range,
            &saxpy_block,
        );
        group_sums::cmd_dispatch(
            d,
            cmd,
            &sums_layout,
            sums_pipeline,
            None,
            &sums_range,
            &sums_block,
        );
        horner::cmd_dispatch(
            d,
            cmd,
            &horner_layout,
            horner_pipeline,
            Some(set),
            &horner_range,
            &horner_block,
        );
        to_host(d, cmd);
    })?;

    let mut ok = true;
    let want: Vec<f32> = x.iter().zip(&y0).map(|(x, y)| 2.0 * x + y).collect();
    ok &= check("saxpy", &yb.read_floats(n), &want);
    let want: Vec<f32> = xs
        .chunks(local as usize)
        .map(|g| 0.5 * g.iter().sum::<f32>())
        .collect();
    ok &= check("group_sums", &sums.read_floats(groups), &want);
    let want: Vec<f32> = x.iter().map(|&x| (0.5 * x - 2.0) * x + 1.0).collect();
    ok &= check("horner", &hy.read_floats(n), &want);

    // SAFETY: the submission completed; nothing uses these objects any more.
    unsafe {
        d.destroy_descriptor_pool(pool, None);
        for p in [saxpy_pipeline, sums_pipeline, horner_pipeline] {
            d.destroy_pipeline(p, None);
        }
        for l in [saxpy_layout, sums_layout, horner_layout] {
            l.destroy(d);
        }
        d.destroy_shader_module(module, None);
    }
    for b in [data, xb, yb, xsb, sums, hy, ubo] {
        b.destroy(d);
    }
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}
