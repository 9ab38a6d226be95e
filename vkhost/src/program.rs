//! A loaded module: its shader module, pipeline layouts, pipelines (one per kernel and set of
//! specialization constants, cached), and the module data buffer; dispatching and timing
//! kernels. Kernels that call `printf` write records to the program's printf buffer
//! (docs/VULKAN.md, "printf"); each launch formats them, and [`Program::take_printf`] returns
//! the text.

use std::collections::HashMap;
use std::sync::Mutex;

use ash::vk;

use crate::buffer::{all_to, Buffer, Mapped};
use crate::device::{c_name, Device};
use crate::error::{vk_err, Error};
use crate::executable::Executable;
use crate::features::REQUIRED_FEATURES;
use crate::image::Image;
use crate::layout::{
    fill_block, kernel_vulkan, resolve_range, spec_constants, ArgValue, Header, NdRange, Resolved,
};
use crate::printf::{format_buffer, PrintfOutput, DEFAULT_PRINTF_BYTES};
use crate::reflect::{BlockKind, Reflection};

/// One kernel argument of a launch.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// A `__global`/`__constant` pointer to this buffer.
    Buffer(&'a Buffer),
    /// A NULL `__global`/`__constant` pointer.
    Null,
    /// A by-value argument: its bytes with OpenCL C's layout.
    Value(&'a [u8]),
    /// A `__local` pointer to an array of this many bytes.
    Local(u64),
    /// An image (bound at the argument's descriptor).
    Image(&'a Image),
    /// A sampler: its OpenCL bits (`CLK_NORMALIZED_COORDS_*` | `CLK_ADDRESS_*` |
    /// `CLK_FILTER_*`).
    Sampler(u32),
}

impl Arg<'_> {
    fn value(&self) -> ArgValue<'_> {
        match *self {
            Arg::Buffer(b) => ArgValue::Address(b.device_address()),
            Arg::Null => ArgValue::Address(0),
            Arg::Value(v) => ArgValue::Bytes(v),
            Arg::Local(n) => ArgValue::Local(n),
            Arg::Image(i) => ArgValue::Image(i.format_words()),
            Arg::Sampler(bits) => ArgValue::Sampler(bits),
        }
    }
}

/// GPU time of a batch of back-to-back dispatches (or iterations of several dispatches:
/// [`Program::time_steps`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Timed dispatches (iterations for [`Program::time_steps`]).
    pub reps: u32,
    /// Nanoseconds from the end of the warm-up to the end of the last dispatch.
    pub total_ns: f64,
    /// `total_ns / reps`.
    pub per_dispatch_ns: f64,
    /// Nanoseconds the warm-up took on the GPU (from before its first dispatch to the first
    /// timestamp; 0 without warm-up).
    pub warmup_ns: f64,
}

/// One dispatch of an iteration of [`Program::time_steps`] and [`Program::launch_steps`].
#[derive(Debug, Clone, Copy)]
pub struct Step<'a> {
    /// The kernel's name.
    pub kernel: &'a str,
    /// Its NDRange.
    pub range: &'a NdRange,
    /// Its arguments.
    pub args: &'a [Arg<'a>],
}

/// A kernel's pipeline layout, and its descriptor set layout (null without descriptors).
struct KernelLayout {
    set_layout: vk::DescriptorSetLayout,
    layout: vk::PipelineLayout,
    block: BlockKind,
    /// The kernel binds the printf buffer.
    printf: bool,
    /// The descriptors of set 0: (binding, type, the image argument bound there).
    bindings: Vec<(u32, vk::DescriptorType, Option<usize>)>,
}

/// The `VkDescriptorType` of a reflection's descriptor name.
fn descriptor_type(name: &str) -> Option<vk::DescriptorType> {
    Some(match name {
        "uniform_buffer" => vk::DescriptorType::UNIFORM_BUFFER,
        "storage_buffer" => vk::DescriptorType::STORAGE_BUFFER,
        "sampled_image" => vk::DescriptorType::SAMPLED_IMAGE,
        "storage_image" => vk::DescriptorType::STORAGE_IMAGE,
        "uniform_texel_buffer" => vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
        "storage_texel_buffer" => vk::DescriptorType::STORAGE_TEXEL_BUFFER,
        _ => return None,
    })
}

/// One dispatch's kernel and specialization ([`Program::executables`] and launches).
struct Specialized {
    index: usize,
    entry: String,
    layout: vk::PipelineLayout,
    range: Resolved,
    specs: Vec<(u32, u32)>,
}

/// Pipelines by kernel index and specialization constants.
type PipelineCache = HashMap<(usize, Vec<(u32, u32)>), vk::Pipeline>;

/// A loaded SPIR-V module with its reflection.
pub struct Program {
    dev: Device,
    reflection: Reflection,
    module: vk::ShaderModule,
    /// Per kernel (same index as in the reflection); `None` for kernels without a `vulkan`
    /// section.
    layouts: Vec<Option<KernelLayout>>,
    data: Option<Buffer>,
    /// The printf buffer, when a kernel calls `printf`.
    printf: Option<Buffer>,
    /// What the launches since the last [`Program::take_printf`] printed.
    printed: Mutex<PrintfOutput>,
    pipelines: Mutex<PipelineCache>,
}

impl Drop for Program {
    fn drop(&mut self) {
        let d = &self.dev.0.device;
        let pipelines = match self.pipelines.get_mut() {
            Ok(p) => std::mem::take(p),
            Err(poisoned) => std::mem::take(poisoned.into_inner()),
        };
        // SAFETY: submissions are synchronous, so nothing uses these objects any more; each is
        // destroyed once (null handles are ignored by Vulkan).
        unsafe {
            for (_, p) in pipelines {
                d.destroy_pipeline(p, None);
            }
            for l in self.layouts.iter().flatten() {
                d.destroy_pipeline_layout(l.layout, None);
                d.destroy_descriptor_set_layout(l.set_layout, None);
            }
            d.destroy_shader_module(self.module, None);
        }
    }
}

/// Everything one dispatch needs, alive until its command buffer has run.
struct Prepared {
    pipeline: vk::Pipeline,
    layout: vk::PipelineLayout,
    block: Vec<u8>,
    /// Push constants (else the block is in the descriptor set's uniform buffer).
    push: bool,
    /// The kernel binds the printf buffer.
    printf: bool,
    set: Option<SetBinding>,
    _stack: Option<Buffer>,
    /// Flat generic pointers: every work-group's `__local` memory.
    _local_frames: Option<Buffer>,
    groups: [u32; 3],
}

/// A dispatch's descriptor set, and the uniform buffer holding a large argument block.
struct SetBinding {
    dev: Device,
    _ubo: Option<Mapped>,
    pool: vk::DescriptorPool,
    set: vk::DescriptorSet,
}

impl Drop for SetBinding {
    fn drop(&mut self) {
        // SAFETY: the dispatch that used the set has completed; destroying the pool frees it.
        unsafe { self.dev.0.device.destroy_descriptor_pool(self.pool, None) };
    }
}

impl Prepared {
    /// Records the dispatch into `cmd`.
    ///
    /// # Safety
    /// `cmd` must be a command buffer of `d` in the recording state, and `self` must outlive
    /// its execution.
    unsafe fn record(&self, d: &ash::Device, cmd: vk::CommandBuffer) {
        d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, self.pipeline);
        if let Some(u) = &self.set {
            d.cmd_bind_descriptor_sets(
                cmd,
                vk::PipelineBindPoint::COMPUTE,
                self.layout,
                0,
                &[u.set],
                &[],
            );
        }
        if self.push {
            d.cmd_push_constants(
                cmd,
                self.layout,
                vk::ShaderStageFlags::COMPUTE,
                0,
                &self.block,
            );
        }
        let [x, y, z] = self.groups;
        d.cmd_dispatch(cmd, x, y, z);
    }
}

/// Makes one dispatch's memory writes visible to the next dispatch.
///
/// # Safety
/// `cmd` must be a command buffer of `d` in the recording state.
unsafe fn compute_to_compute(d: &ash::Device, cmd: vk::CommandBuffer) {
    let b = vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
        .dst_access_mask(vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE);
    d.cmd_pipeline_barrier(
        cmd,
        vk::PipelineStageFlags::COMPUTE_SHADER,
        vk::PipelineStageFlags::COMPUTE_SHADER,
        vk::DependencyFlags::empty(),
        &[b],
        &[],
        &[],
    );
}

impl Program {
    /// Loads `spirv` (the words of a module `clc --target=vulkan1.2` wrote) described by
    /// `reflection`: checks that `dev` enabled the features and extensions the module needs,
    /// creates the shader module and the pipeline layouts, and creates and fills the module
    /// data buffer (kept for the program's life, shared by all its kernels).
    pub fn load(dev: &Device, spirv: &[u32], reflection: &Reflection) -> Result<Program, Error> {
        match spirv.first() {
            None => return Err(Error::Spirv("empty module".into())),
            Some(&m) if m != 0x0723_0203 => {
                return Err(Error::Spirv(format!(
                    "magic number {m:#010x}, expected 0x07230203"
                )))
            }
            _ => {}
        }
        for f in REQUIRED_FEATURES
            .iter()
            .copied()
            .chain(reflection.features().iter().map(String::as_str))
        {
            if !dev.has_feature(f) {
                return Err(if crate::features::known_features().any(|k| k == f) {
                    Error::MissingFeature {
                        device: dev.name().to_string(),
                        feature: f.to_string(),
                        why: ", which the module needs (not enabled on this Device)",
                    }
                } else {
                    Error::UnknownFeature(f.to_string())
                });
            }
        }
        if let Some(e) = reflection
            .extensions()
            .iter()
            .find(|e| !dev.has_extension(e))
        {
            return Err(Error::MissingExtension {
                device: dev.name().to_string(),
                extension: e.clone(),
            });
        }
        dev.check_subgroup_operations(reflection.subgroup_operations())?;
        // Half subnormals are kept where the device can keep them (docs/VULKAN.md).
        let stripped;
        let spirv = match reflection
            .properties()
            .iter()
            .find(|p| !dev.has_property(p))
        {
            None => spirv,
            Some(p) if p == "shaderDenormPreserveFloat16" => {
                stripped = crate::spirv::without_denorm_preserve(spirv, 16)?;
                &stripped[..]
            }
            Some(p) => {
                return Err(Error::Unsupported(format!(
                    "Vulkan device `{}` lacks the property `{p}`, which the module needs",
                    dev.name()
                )))
            }
        };
        let d = &dev.0.device;
        let info = vk::ShaderModuleCreateInfo::default().code(spirv);
        // SAFETY: `spirv` is a slice of words starting with the SPIR-V magic number; the
        // driver parses it (a malformed module is an error or undefined behaviour in the
        // driver, which is why runners load modules in a child process).
        let module = unsafe { d.create_shader_module(&info, None) }
            .map_err(vk_err("vkCreateShaderModule"))?;
        let mut p = Program {
            dev: dev.clone(),
            reflection: reflection.clone(),
            module,
            layouts: Vec::new(),
            data: None,
            printf: None,
            printed: Mutex::new(PrintfOutput::default()),
            pipelines: Mutex::new(HashMap::new()),
        };
        let max_push = dev.properties().limits.max_push_constants_size;
        for k in &reflection.kernels {
            let Some(v) = &k.vulkan else {
                p.layouts.push(None);
                continue;
            };
            let size = v.block_size.next_multiple_of(4);
            let mut bindings = Vec::new();
            for b in &v.bindings {
                let ty = descriptor_type(&b.descriptor).ok_or_else(|| {
                    Error::Reflection(format!(
                        "kernel `{}`: unknown descriptor type `{}`",
                        k.name, b.descriptor
                    ))
                })?;
                if b.set != 0 {
                    return Err(Error::Reflection(format!(
                        "kernel `{}`: descriptor set {} (only set 0 is used)",
                        k.name, b.set
                    )));
                }
                bindings.push((b.binding, ty, b.arg));
            }
            // Reflections from before `bindings`: the uniform-buffer block at binding 0.
            if v.block == BlockKind::UniformBuffer && bindings.is_empty() {
                bindings.push((0, vk::DescriptorType::UNIFORM_BUFFER, None));
            }
            let mut layout = KernelLayout {
                set_layout: vk::DescriptorSetLayout::null(),
                layout: vk::PipelineLayout::null(),
                block: v.block,
                bindings,
                printf: v.printf(),
            };
            let ranges = [vk::PushConstantRange::default()
                .stage_flags(vk::ShaderStageFlags::COMPUTE)
                .offset(0)
                .size(size)];
            let mut info = vk::PipelineLayoutCreateInfo::default();
            let set_layouts;
            if !layout.bindings.is_empty() {
                let binding: Vec<vk::DescriptorSetLayoutBinding> = layout
                    .bindings
                    .iter()
                    .map(|&(b, ty, _)| {
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(b)
                            .descriptor_type(ty)
                            .descriptor_count(1)
                            .stage_flags(vk::ShaderStageFlags::COMPUTE)
                    })
                    .collect();
                let sl = vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding);
                // SAFETY: a plain object creation; `binding` outlives the call.
                layout.set_layout = unsafe { d.create_descriptor_set_layout(&sl, None) }
                    .map_err(vk_err("vkCreateDescriptorSetLayout"))?;
                set_layouts = [layout.set_layout];
                info = info.set_layouts(&set_layouts);
            }
            match v.block {
                BlockKind::PushConstant => {
                    if size > max_push {
                        return Err(Error::Unsupported(format!(
                            "kernel `{}` needs {size} bytes of push constants; `{}` has {max_push}",
                            k.name,
                            dev.name()
                        )));
                    }
                    info = info.push_constant_ranges(&ranges);
                }
                BlockKind::UniformBuffer => {
                    let max_ubo = dev.properties().limits.max_uniform_buffer_range;
                    if size > max_ubo {
                        return Err(Error::Unsupported(format!(
                            "kernel `{}` needs a {size}-byte uniform buffer; `{}` allows {max_ubo}",
                            k.name,
                            dev.name()
                        )));
                    }
                }
            }
            // SAFETY: `info` points to locals that outlive the call.
            let created = unsafe { d.create_pipeline_layout(&info, None) };
            match created {
                Ok(l) => layout.layout = l,
                Err(e) => {
                    // SAFETY: the set layout (possibly null) is not used by anything yet.
                    unsafe { d.destroy_descriptor_set_layout(layout.set_layout, None) };
                    return Err(vk_err("vkCreatePipelineLayout")(e));
                }
            }
            p.layouts.push(Some(layout));
        }
        if let Some(data) = reflection.vulkan.as_ref().and_then(|v| v.data.as_ref()) {
            let buffer = Buffer::from_bytes(dev, &data.bytes()?)?;
            // Address constants point into the buffer itself.
            let base = buffer.device_address();
            for &[at, addend] in &data.relocations {
                if at.checked_add(8).is_none_or(|end| end > data.size) {
                    return Err(Error::Reflection(format!(
                        "vulkan.data.relocations: byte {at} is outside the {}-byte buffer",
                        data.size
                    )));
                }
                buffer.write(at, &base.wrapping_add(addend).to_le_bytes())?;
            }
            p.data = Some(buffer);
        }
        if p.layouts.iter().flatten().any(|l| l.printf) {
            p.set_printf_buffer_size(DEFAULT_PRINTF_BYTES)?;
        }
        Ok(p)
    }

    /// Replaces the printf buffer by one of `bytes` bytes (default [`DEFAULT_PRINTF_BYTES`];
    /// at least 8, the header). Records that do not fit are dropped and their printf calls
    /// return -1. Nothing to do for a module without printf.
    pub fn set_printf_buffer_size(&mut self, bytes: u64) -> Result<(), Error> {
        if self
            .reflection
            .vulkan
            .as_ref()
            .and_then(|v| v.printf.as_ref())
            .is_none()
            && !self.layouts.iter().flatten().any(|l| l.printf)
        {
            return Ok(());
        }
        self.printf = Some(Buffer::new(&self.dev, bytes.max(8))?);
        Ok(())
    }

    /// Takes what the launches since the last call printed.
    pub fn take_printf(&self) -> PrintfOutput {
        let mut p = self
            .printed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        std::mem::take(&mut *p)
    }

    /// Clears the printf buffer before a submission whose dispatches `prep` may print.
    fn printf_begin(&self, prep: &[Prepared]) -> Result<bool, Error> {
        match &self.printf {
            Some(b) if prep.iter().any(|p| p.printf) => b.fill(0).map(|()| true),
            _ => Ok(false),
        }
    }

    /// Formats the printf buffer's records after a submission and keeps the text.
    fn printf_end(&self) -> Result<(), Error> {
        let (Some(b), Some(info)) = (
            &self.printf,
            self.reflection
                .vulkan
                .as_ref()
                .and_then(|v| v.printf.as_ref()),
        ) else {
            return Err(Error::Reflection(
                "a kernel binds the printf buffer but vulkan.printf is missing".into(),
            ));
        };
        let bytes = b.to_vec()?;
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let out = format_buffer(info, &words)?;
        let mut p = self
            .printed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        p.text.push_str(&out.text);
        p.dropped += out.dropped;
        Ok(())
    }

    /// The device it was loaded on.
    pub fn device(&self) -> &Device {
        &self.dev
    }

    /// Its reflection.
    pub fn reflection(&self) -> &Reflection {
        &self.reflection
    }

    /// The module data buffer (program-scope variables), if the module has one.
    pub fn data_buffer(&self) -> Option<&Buffer> {
        self.data.as_ref()
    }

    /// Runs `kernel` once over `range` with `args` and waits until it is done.
    pub fn launch(&self, kernel: &str, range: &NdRange, args: &[Arg]) -> Result<(), Error> {
        let prep = self.prepare(kernel, range, args)?;
        let printing = self.printf_begin(std::slice::from_ref(&prep))?;
        self.dev.submit(|d, cmd| {
            // SAFETY: `cmd` is recording; `prep` outlives the synchronous submit.
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::COMPUTE_SHADER,
                    vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                );
                prep.record(d, cmd);
            }
            Ok(())
        })?;
        if printing {
            self.printf_end()?;
        }
        Ok(())
    }

    /// Times `kernel`: records `warmup` + `reps` dispatches back to back in one command
    /// buffer (a barrier between them, no host work), with GPU timestamps after the warm-up
    /// and after the last one, and returns the time per timed dispatch. The GPU stays busy
    /// throughout, so clocks do not drop between repetitions.
    pub fn time(
        &self,
        kernel: &str,
        range: &NdRange,
        args: &[Arg],
        warmup: u32,
        reps: u32,
    ) -> Result<Timing, Error> {
        self.time_steps(
            &[Step {
                kernel,
                range,
                args,
            }],
            warmup,
            reps,
        )
    }

    /// Runs `iterations` iterations of `steps` (each step a dispatch, in order) in one command
    /// buffer, a compute-to-compute memory barrier after every dispatch, and waits until done.
    pub fn launch_steps(&self, steps: &[Step], iterations: u32) -> Result<(), Error> {
        let prep = steps
            .iter()
            .map(|s| self.prepare(s.kernel, s.range, s.args))
            .collect::<Result<Vec<_>, _>>()?;
        let printing = self.printf_begin(&prep)?;
        self.dev.submit(|d, cmd| {
            // SAFETY: `cmd` is recording; `prep` outlives the synchronous submit.
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::COMPUTE_SHADER,
                    vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                );
                for _ in 0..iterations {
                    for p in &prep {
                        p.record(d, cmd);
                        compute_to_compute(d, cmd);
                    }
                }
            }
            Ok(())
        })?;
        if printing {
            self.printf_end()?;
        }
        Ok(())
    }

    /// Times iterations of `steps` (one iteration = every step's dispatch, in order): records
    /// `warmup` + `reps` iterations back to back in one command buffer, a compute-to-compute
    /// memory barrier after every dispatch (so no dispatch overlaps the one before it, within
    /// an iteration or across), GPU timestamps before the warm-up, after it and after the
    /// last iteration, and returns the time per timed iteration (and the warm-up's time). No
    /// host work between iterations: the GPU stays busy, so clocks do not drop.
    pub fn time_steps(&self, steps: &[Step], warmup: u32, reps: u32) -> Result<Timing, Error> {
        if reps == 0 || steps.is_empty() {
            return Err(Error::Unsupported(
                "timing needs at least one repetition of at least one dispatch".into(),
            ));
        }
        let bits = self.dev.0.timestamp_valid_bits;
        if bits == 0 {
            return Err(Error::Unsupported(format!(
                "the compute queue of `{}` has no timestamps",
                self.dev.name()
            )));
        }
        let prep = steps
            .iter()
            .map(|s| self.prepare(s.kernel, s.range, s.args))
            .collect::<Result<Vec<_>, _>>()?;
        let printing = self.printf_begin(&prep)?;
        let d = &self.dev.0.device;
        let qi = vk::QueryPoolCreateInfo::default()
            .query_type(vk::QueryType::TIMESTAMP)
            .query_count(3);
        // SAFETY: a plain object creation; destroyed below after the synchronous submit.
        let pool =
            unsafe { d.create_query_pool(&qi, None) }.map_err(vk_err("vkCreateQueryPool"))?;
        let ran = self.dev.submit(|d, cmd| {
            // SAFETY: `cmd` is recording; `prep` and `pool` outlive the synchronous submit;
            // the queries are reset before they are written.
            unsafe {
                d.cmd_reset_query_pool(cmd, pool, 0, 3);
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::COMPUTE_SHADER,
                    vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                );
                d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, pool, 0);
                for _ in 0..warmup {
                    for p in &prep {
                        p.record(d, cmd);
                        compute_to_compute(d, cmd);
                    }
                }
                d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, pool, 1);
                for i in 0..reps {
                    for (j, p) in prep.iter().enumerate() {
                        if i > 0 || j > 0 {
                            compute_to_compute(d, cmd);
                        }
                        p.record(d, cmd);
                    }
                }
                d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, pool, 2);
            }
            Ok(())
        });
        let mut stamps = [0u64; 3];
        let read = ran.and_then(|()| {
            // SAFETY: the three queries were written by the completed submission.
            unsafe {
                d.get_query_pool_results(
                    pool,
                    0,
                    &mut stamps,
                    vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
                )
            }
            .map_err(vk_err("vkGetQueryPoolResults"))
        });
        // SAFETY: the submission that used the pool has completed.
        unsafe { d.destroy_query_pool(pool, None) };
        read?;
        if printing {
            self.printf_end()?;
        }
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let period = self.dev.properties().limits.timestamp_period as f64;
        let ns = |a: u64, b: u64| ((b & mask).wrapping_sub(a & mask) & mask) as f64 * period;
        let total_ns = ns(stamps[1], stamps[2]);
        Ok(Timing {
            reps,
            total_ns,
            per_dispatch_ns: total_ns / reps as f64,
            warmup_ns: ns(stamps[0], stamps[1]),
        })
    }

    /// What the driver made of `kernel`'s pipeline for this range and these arguments (the
    /// same specialization a launch uses): each executable's statistics (registers, spills,
    /// instruction counts, as the driver names them) and internal representations where the
    /// driver offers them. The pipeline is built for the query and destroyed again; launches
    /// keep using their own, built without the capture flags. Needs a device with
    /// [`crate::PIPELINE_EXECUTABLE_PROPERTIES`] ([`Device::new`] enables it where the
    /// driver has it).
    pub fn executables(
        &self,
        kernel: &str,
        range: &NdRange,
        args: &[Arg],
    ) -> Result<Vec<Executable>, Error> {
        let Some(ext) = &self.dev.0.executables else {
            return Err(Error::Unsupported(format!(
                "`{}` was opened without {}",
                self.dev.name(),
                crate::PIPELINE_EXECUTABLE_PROPERTIES
            )));
        };
        let s = self.specialize(kernel, range, args)?;
        let flags = vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR
            | vk::PipelineCreateFlags::CAPTURE_INTERNAL_REPRESENTATIONS_KHR;
        let pipeline = self.create_pipeline(&s.entry, s.layout, &s.specs, flags)?;
        let d = &self.dev.0.device;
        let found = crate::executable::query(ext, d.handle(), pipeline);
        // SAFETY: the pipeline was made above and never recorded into a command buffer.
        unsafe { d.destroy_pipeline(pipeline, None) };
        found
    }

    /// The driver's pipeline cache contents after it built `kernel`'s pipeline for this
    /// range and these arguments, from a cache of its own: NVIDIA's holds the compiled
    /// machine code, which `bench/gpu/tools/sass.py` carves out for `nvdisasm`. The format is
    /// the driver's (a header as Vulkan defines it, then whatever the driver keeps).
    pub fn pipeline_cache_data(
        &self,
        kernel: &str,
        range: &NdRange,
        args: &[Arg],
    ) -> Result<Vec<u8>, Error> {
        let s = self.specialize(kernel, range, args)?;
        let d = &self.dev.0.device;
        // SAFETY: a plain object creation; destroyed below.
        let cache =
            unsafe { d.create_pipeline_cache(&vk::PipelineCacheCreateInfo::default(), None) }
                .map_err(vk_err("vkCreatePipelineCache"))?;
        let data = self
            .create_pipeline_in(
                cache,
                &s.entry,
                s.layout,
                &s.specs,
                vk::PipelineCreateFlags::empty(),
            )
            .and_then(|p| {
                // SAFETY: the pipeline was just made and never used.
                unsafe { d.destroy_pipeline(p, None) };
                // SAFETY: the cache belongs to this device.
                unsafe { d.get_pipeline_cache_data(cache) }
                    .map_err(vk_err("vkGetPipelineCacheData"))
            });
        // SAFETY: nothing uses the cache any more.
        unsafe { d.destroy_pipeline_cache(cache, None) };
        data
    }

    /// The kernel, resolved range and specialization constants of one dispatch.
    fn specialize(
        &self,
        kernel: &str,
        range: &NdRange,
        args: &[Arg],
    ) -> Result<Specialized, Error> {
        let index = self.reflection.kernel_index(kernel)?;
        let k = &self.reflection.kernels[index];
        let v = kernel_vulkan(k)?;
        let Some(layout) = &self.layouts[index] else {
            return Err(crate::layout::LayoutError::NotVulkan(k.name.clone()).into());
        };
        let mut r = resolve_range(k, range)?;
        if v.workgroup_size.free {
            let l = &self.dev.properties().limits;
            r = r.widened(
                l.max_compute_work_group_size[0],
                l.max_compute_work_group_invocations,
            );
        }
        self.check_limits(kernel, &r)?;
        let values: Vec<ArgValue> = args.iter().map(Arg::value).collect();
        let mut specs = spec_constants(k, &r, &values)?;
        if let Some(id) = self
            .reflection
            .vulkan
            .as_ref()
            .and_then(|v| v.fma_fused_spec_id)
        {
            specs.push((id, u32::from(self.dev.fuses_fma())));
            specs.sort_unstable();
        }
        Ok(Specialized {
            index,
            entry: v.entry_point.clone(),
            layout: layout.layout,
            range: r,
            specs,
        })
    }

    /// Builds the block, pipeline, descriptor set and private stack of one dispatch.
    fn prepare(&self, kernel: &str, range: &NdRange, args: &[Arg]) -> Result<Prepared, Error> {
        let Specialized {
            index,
            entry,
            range: r,
            specs,
            ..
        } = self.specialize(kernel, range, args)?;
        let k = &self.reflection.kernels[index];
        let v = kernel_vulkan(k)?;
        let Some(layout) = &self.layouts[index] else {
            return Err(crate::layout::LayoutError::NotVulkan(k.name.clone()).into());
        };
        let values: Vec<ArgValue> = args.iter().map(Arg::value).collect();

        let stack = match v.private_stack_bytes {
            0 => None,
            n => {
                let bytes = n.checked_mul(r.items()).ok_or_else(|| {
                    Error::Unsupported(format!("kernel `{kernel}`: private stack size overflows"))
                })?;
                Some(Buffer::new(&self.dev, bytes)?)
            }
        };
        let header = Header::new(
            &r,
            self.data.as_ref().map_or(0, Buffer::device_address),
            stack.as_ref().map_or(0, Buffer::device_address),
        );
        let mut block = fill_block(k, &header, &values)?;
        let frames = match crate::layout::local_frames(k, &r, &values)? {
            Some(f) => {
                let buffer = Buffer::new(&self.dev, f.total_bytes)?;
                crate::layout::write_local_frames(k, &mut block, &f, buffer.device_address())?;
                Some(buffer)
            }
            None => None,
        };
        let pipeline = self.pipeline(index, &entry, layout.layout, specs)?;
        let push = layout.block == BlockKind::PushConstant;
        let set = if layout.bindings.is_empty() {
            None
        } else {
            Some(self.descriptor_set(kernel, layout, &block, args)?)
        };
        Ok(Prepared {
            pipeline,
            layout: layout.layout,
            block,
            push,
            printf: layout.printf,
            set,
            _stack: stack,
            _local_frames: frames,
            groups: r.groups,
        })
    }

    /// Errors for a local size or group count beyond the device's limits.
    fn check_limits(&self, kernel: &str, r: &Resolved) -> Result<(), Error> {
        let l = &self.dev.properties().limits;
        let items: u64 = r.local.iter().map(|&x| x as u64).product();
        let over = (0..3).find(|&i| r.local[i] > l.max_compute_work_group_size[i]);
        if items > l.max_compute_work_group_invocations as u64 || over.is_some() {
            return Err(Error::Unsupported(format!(
                "kernel `{kernel}`: work-group size {:?} exceeds `{}`'s limits ({:?}, {} invocations)",
                r.local,
                self.dev.name(),
                l.max_compute_work_group_size,
                l.max_compute_work_group_invocations
            )));
        }
        if (0..3).any(|i| r.groups[i] > l.max_compute_work_group_count[i]) {
            return Err(Error::Unsupported(format!(
                "kernel `{kernel}`: {:?} work-groups exceed `{}`'s limit {:?}",
                r.groups,
                self.dev.name(),
                l.max_compute_work_group_count
            )));
        }
        Ok(())
    }

    /// The pipeline of kernel `index` with these specialization constants (cached).
    fn pipeline(
        &self,
        index: usize,
        entry: &str,
        layout: vk::PipelineLayout,
        specs: Vec<(u32, u32)>,
    ) -> Result<vk::Pipeline, Error> {
        let mut cache = self
            .pipelines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let key = (index, specs);
        if let Some(&p) = cache.get(&key) {
            return Ok(p);
        }
        let p = self.create_pipeline(entry, layout, &key.1, vk::PipelineCreateFlags::empty())?;
        cache.insert(key, p);
        Ok(p)
    }

    /// A new compute pipeline of `entry` with these specialization constants.
    fn create_pipeline(
        &self,
        entry: &str,
        layout: vk::PipelineLayout,
        specs: &[(u32, u32)],
        flags: vk::PipelineCreateFlags,
    ) -> Result<vk::Pipeline, Error> {
        self.create_pipeline_in(vk::PipelineCache::null(), entry, layout, specs, flags)
    }

    /// [`Program::create_pipeline`] through `cache` (or none).
    fn create_pipeline_in(
        &self,
        cache: vk::PipelineCache,
        entry: &str,
        layout: vk::PipelineLayout,
        specs: &[(u32, u32)],
        flags: vk::PipelineCreateFlags,
    ) -> Result<vk::Pipeline, Error> {
        let entries: Vec<vk::SpecializationMapEntry> = specs
            .iter()
            .enumerate()
            .map(|(i, &(id, _))| vk::SpecializationMapEntry {
                constant_id: id,
                offset: (i * 4) as u32,
                size: 4,
            })
            .collect();
        let data: Vec<u8> = specs.iter().flat_map(|&(_, v)| v.to_le_bytes()).collect();
        let spec = vk::SpecializationInfo::default()
            .map_entries(&entries)
            .data(&data);
        let name = c_name(entry)?;
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(self.module)
            .name(&name)
            .specialization_info(&spec);
        let info = [vk::ComputePipelineCreateInfo::default()
            .flags(flags)
            .stage(stage)
            .layout(layout)];
        let d = &self.dev.0.device;
        // SAFETY: `info` points to locals (entry name, specialization data) that outlive the
        // call; the module and layout belong to this program.
        match unsafe { d.create_compute_pipelines(cache, &info, None) } {
            Ok(p) => Ok(p[0]),
            Err((made, e)) => {
                for p in made {
                    // SAFETY: not used anywhere; null handles are ignored.
                    unsafe { d.destroy_pipeline(p, None) };
                }
                Err(vk_err("vkCreateComputePipelines")(e))
            }
        }
    }

    /// A fresh descriptor set of the kernel's layout: the argument block in a uniform
    /// buffer (when it is one), the image arguments at their bindings.
    fn descriptor_set(
        &self,
        kernel: &str,
        layout: &KernelLayout,
        block: &[u8],
        args: &[Arg],
    ) -> Result<SetBinding, Error> {
        let d = &self.dev.0.device;
        let mut sizes: Vec<vk::DescriptorPoolSize> = Vec::new();
        for &(_, ty, _) in &layout.bindings {
            match sizes.iter_mut().find(|s| s.ty == ty) {
                Some(s) => s.descriptor_count += 1,
                None => sizes.push(vk::DescriptorPoolSize {
                    ty,
                    descriptor_count: 1,
                }),
            }
        }
        let pi = vk::DescriptorPoolCreateInfo::default()
            .max_sets(1)
            .pool_sizes(&sizes);
        // SAFETY: a plain object creation.
        let pool = unsafe { d.create_descriptor_pool(&pi, None) }
            .map_err(vk_err("vkCreateDescriptorPool"))?;
        let mut u = SetBinding {
            dev: self.dev.clone(),
            _ubo: None,
            pool,
            set: vk::DescriptorSet::null(),
        };
        let layouts = [layout.set_layout];
        let ai = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(pool)
            .set_layouts(&layouts);
        // SAFETY: the pool has room for the one set.
        u.set = unsafe { d.allocate_descriptor_sets(&ai) }
            .map_err(vk_err("vkAllocateDescriptorSets"))?[0];
        // What each write points to, kept alive until the update.
        let mut buffer_infos = Vec::new();
        let mut image_infos = Vec::new();
        let mut texel_views = Vec::new();
        for &(binding, ty, arg) in &layout.bindings {
            match (ty, arg) {
                (vk::DescriptorType::UNIFORM_BUFFER, None) => {
                    let buffer = Mapped::new(
                        &self.dev,
                        block.len() as u64,
                        vk::BufferUsageFlags::UNIFORM_BUFFER,
                    )?;
                    buffer.write(0, block)?;
                    buffer_infos.push((
                        binding,
                        ty,
                        [vk::DescriptorBufferInfo {
                            buffer: buffer.handle(),
                            offset: 0,
                            range: block.len() as u64,
                        }],
                    ));
                    u._ubo = Some(buffer);
                }
                (vk::DescriptorType::STORAGE_BUFFER, None) if binding == PRINTF_BINDING => {
                    let b = self.printf.as_ref().ok_or_else(|| {
                        Error::Reflection(format!("kernel `{kernel}` binds a printf buffer"))
                    })?;
                    buffer_infos.push((
                        binding,
                        ty,
                        [vk::DescriptorBufferInfo {
                            buffer: b.handle(),
                            offset: 0,
                            range: vk::WHOLE_SIZE,
                        }],
                    ));
                }
                (_, Some(i)) => {
                    let Some(Arg::Image(img)) = args.get(i) else {
                        return Err(Error::Unsupported(format!(
                            "kernel `{kernel}`: argument {i} is an image; pass Arg::Image"
                        )));
                    };
                    if !img.supports(ty) {
                        return Err(Error::Unsupported(format!(
                            "kernel `{kernel}`: argument {i} needs a {ty:?} descriptor, which `{}` \
                             does not support for {:?}",
                            self.dev.name(),
                            img.format()
                        )));
                    }
                    let (view, buffer_view) = img.views();
                    if buffer_view != vk::BufferView::null() {
                        texel_views.push((binding, ty, [buffer_view]));
                    } else {
                        image_infos.push((
                            binding,
                            ty,
                            [vk::DescriptorImageInfo {
                                sampler: vk::Sampler::null(),
                                image_view: view,
                                image_layout: vk::ImageLayout::GENERAL,
                            }],
                        ));
                    }
                }
                (ty, None) => {
                    return Err(Error::Unsupported(format!(
                        "kernel `{kernel}`: binding {binding} ({ty:?}) is not one vkhost provides"
                    )))
                }
            }
        }
        let mut writes = Vec::new();
        for (b, ty, info) in &buffer_infos {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(u.set)
                    .dst_binding(*b)
                    .descriptor_type(*ty)
                    .buffer_info(info),
            );
        }
        for (b, ty, info) in &image_infos {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(u.set)
                    .dst_binding(*b)
                    .descriptor_type(*ty)
                    .image_info(info),
            );
        }
        for (b, ty, view) in &texel_views {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(u.set)
                    .dst_binding(*b)
                    .descriptor_type(*ty)
                    .texel_buffer_view(view),
            );
        }
        // SAFETY: the set is not in use; every buffer, view and image was checked to support
        // its descriptor type and outlives the update.
        unsafe { d.update_descriptor_sets(&writes, &[]) };
        Ok(u)
    }
}

/// Binding of the printf buffer in set 0 (docs/VULKAN.md).
const PRINTF_BINDING: u32 = 1;
