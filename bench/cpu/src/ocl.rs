//! The OpenCL side: the CPU device, program builds from IL (timed), buffers, and iterations
//! timed with profiling events. Every `unsafe` block of the crate is here, each a call into
//! the OpenCL runtime with its `SAFETY:` comment.

use crate::data::HostBuf;
use crate::suite::{ArgValue, ElemType, Launch};
use anyhow::{anyhow, bail, Context as _, Result};
use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{Device, CL_DEVICE_TYPE_CPU};
use opencl3::error_codes::ClError;
use opencl3::event::Event;
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, ClMem, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
use opencl3::program::Program;
use opencl3::types::{cl_mem, CL_BLOCKING};
use std::collections::HashMap;
use std::time::Instant;

fn cl(what: &'static str) -> impl Fn(ClError) -> anyhow::Error {
    move |e| anyhow!("{what} failed: {e} ({})", e.0)
}

/// The CPU device, a context and a profiling queue on it.
pub struct Driver {
    device: Device,
    context: Context,
    queue: CommandQueue,
}

/// What the report says about the driver.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DriverInfo {
    pub platform: String,
    pub platform_version: String,
    pub device: String,
    pub device_version: String,
    pub driver_version: String,
    pub compute_units: u32,
}

impl Driver {
    /// The first CPU device, preferring an Intel platform.
    pub fn open() -> Result<Driver> {
        let env = |k| std::env::var_os(k).unwrap_or_default();
        let hint = || {
            format!(
                "the Intel CPU OpenCL runtime is found through OCL_ICD_VENDORS={:?} and LD_LIBRARY_PATH={:?}; \
                 bench/cpu/run.sh sets them (CLC_OCL_PREFIX, default /opt/clc/intel-ocl), scripts/setup.sh installs the runtime",
                env("OCL_ICD_VENDORS"),
                env("LD_LIBRARY_PATH")
            )
        };
        let platforms = opencl3::platform::get_platforms()
            .map_err(|e| anyhow!("no OpenCL platform ({e}); {}", hint()))?;
        let mut ordered: Vec<_> = platforms.iter().collect();
        ordered.sort_by_key(|p| !p.name().unwrap_or_default().contains("Intel"));
        let id = ordered
            .iter()
            .find_map(|p| p.get_devices(CL_DEVICE_TYPE_CPU).ok()?.first().copied())
            .ok_or_else(|| anyhow!("no OpenCL CPU device; {}", hint()))?;
        let device = Device::new(id);
        let context = Context::from_device(&device).map_err(cl("clCreateContext"))?;
        let queue =
            CommandQueue::create_default_with_properties(&context, CL_QUEUE_PROFILING_ENABLE, 0)
                .map_err(cl("clCreateCommandQueueWithProperties"))?;
        let driver = Driver {
            device,
            context,
            queue,
        };
        // The first build of a process also loads the runtime's compiler and builtins: do it
        // here, so that no module's build time includes it.
        driver
            .build_source("__kernel void warm_up(__global int* p) { p[0] = 1; }")
            .context("building a warm-up program from source")?;
        Ok(driver)
    }

    fn build_source(&self, text: &str) -> Result<Program> {
        let mut program = Program::create_from_source(&self.context, text)
            .map_err(cl("clCreateProgramWithSource"))?;
        program
            .build(self.context.devices(), "")
            .map_err(cl("clBuildProgram"))?;
        Ok(program)
    }

    pub fn info(&self) -> Result<DriverInfo> {
        let platform = opencl3::platform::Platform::new(
            self.device
                .platform()
                .map_err(cl("clGetDeviceInfo(PLATFORM)"))?,
        );
        Ok(DriverInfo {
            platform: platform.name().map_err(cl("clGetPlatformInfo(NAME)"))?,
            platform_version: platform
                .version()
                .map_err(cl("clGetPlatformInfo(VERSION)"))?,
            device: self.device.name().map_err(cl("clGetDeviceInfo(NAME)"))?,
            device_version: self
                .device
                .version()
                .map_err(cl("clGetDeviceInfo(VERSION)"))?,
            driver_version: self
                .device
                .driver_version()
                .map_err(cl("clGetDeviceInfo(DRIVER_VERSION)"))?,
            compute_units: self
                .device
                .max_compute_units()
                .map_err(cl("clGetDeviceInfo(MAX_COMPUTE_UNITS)"))?,
        })
    }

    /// Builds `il` into a fresh program object; returns it with the clBuildProgram wall
    /// time in ms.
    pub fn build(&self, il: &[u8]) -> Result<(Program, f64)> {
        let mut program =
            Program::create_from_il(&self.context, il).map_err(cl("clCreateProgramWithIL"))?;
        let t = Instant::now();
        if let Err(e) = program.build(self.context.devices(), "") {
            let log = program
                .get_build_log(self.device.id())
                .unwrap_or_else(|e| format!("<no build log: {e}>"));
            bail!(
                "clBuildProgram failed: {e} ({})\nbuild log:\n{}",
                e.0,
                log.trim_end()
            );
        }
        Ok((program, t.elapsed().as_secs_f64() * 1e3))
    }

    /// The kernels of `program` that `launches` use, their parameter counts checked.
    pub fn kernels(&self, program: Program, launches: &[Launch]) -> Result<Kernels> {
        let mut kernels = HashMap::new();
        for l in launches {
            if kernels.contains_key(&l.kernel) {
                continue;
            }
            let k = Kernel::create(&program, &l.kernel).map_err(|e| {
                let names = program.get_kernel_names().unwrap_or_default();
                anyhow!(
                    "clCreateKernel(`{}`) failed: {e}; the module has [{names}]",
                    l.kernel
                )
            })?;
            kernels.insert(l.kernel.clone(), k);
        }
        for l in launches {
            let k = &kernels[&l.kernel];
            let n = k.num_args().map_err(cl("clGetKernelInfo(NUM_ARGS)"))? as usize;
            if n != l.args.len() {
                bail!(
                    "kernel `{}` has {n} parameters, the suite gives {}",
                    l.kernel,
                    l.args.len()
                );
            }
        }
        Ok(Kernels {
            kernels,
            _program: program,
        })
    }

    /// One device buffer per entry of `init`, filled from it.
    pub fn buffers(&self, init: &[HostBuf]) -> Result<Buffers> {
        let mut buffers = Vec::with_capacity(init.len());
        for h in init {
            // SAFETY: `h` holds `h.byte_len()` bytes and outlives the call, which only reads
            // them (CL_MEM_COPY_HOST_PTR copies them into the new buffer).
            let buf = unsafe {
                Buffer::<u8>::create(
                    &self.context,
                    CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                    h.byte_len(),
                    h.as_ptr().cast_mut(),
                )
            }
            .map_err(cl("clCreateBuffer"))?;
            buffers.push(buf);
        }
        Ok(Buffers { buffers })
    }
}

/// One module's kernels for one benchmark.
pub struct Kernels {
    kernels: HashMap<String, Kernel>,
    /// Kept for as long as its kernels (they hold their own reference too).
    _program: Program,
}

/// One set of a benchmark's buffers.
pub struct Buffers {
    buffers: Vec<Buffer<u8>>,
}

impl Buffers {
    /// The buffer `index` and its size in bytes.
    fn buffer(&self, index: usize) -> Result<(&Buffer<u8>, usize)> {
        let buf = self
            .buffers
            .get(index)
            .ok_or_else(|| anyhow!("no buffer {index}"))?;
        Ok((buf, buf.size().map_err(cl("clGetMemObjectInfo(SIZE)"))?))
    }

    /// Overwrites buffer `index` with `data`, which must have its size (a blocking write).
    pub fn write(&self, drv: &Driver, index: usize, data: &HostBuf) -> Result<()> {
        let (buf, size) = self.buffer(index)?;
        if size != data.byte_len() {
            bail!("buffer {index}: {size} bytes, the data {}", data.byte_len());
        }
        // SAFETY: a blocking write of the buffer's size, which `data` holds (checked), from
        // `data`, which outlives the call; the returned event is released by `Event`'s drop.
        let ev = unsafe {
            opencl3::command_queue::enqueue_write_buffer(
                drv.queue.get(),
                buf.get(),
                CL_BLOCKING,
                0,
                size,
                data.as_ptr(),
                0,
                std::ptr::null(),
            )
        }
        .map_err(|e| cl("clEnqueueWriteBuffer")(ClError(e)))?;
        drop(Event::new(ev));
        Ok(())
    }

    /// Buffer `index` as elements of `ty` (a blocking read).
    pub fn read(&self, drv: &Driver, index: usize, ty: ElemType) -> Result<HostBuf> {
        let (buf, size) = self.buffer(index)?;
        let mut out = HostBuf::filled(ty, size / 4, 0);
        // SAFETY: a blocking read of the buffer's whole size into `out`, which is that long
        // (4-byte elements) and outlives the call; the event is released by `Event`'s drop.
        let ev = unsafe {
            opencl3::command_queue::enqueue_read_buffer(
                drv.queue.get(),
                buf.get(),
                CL_BLOCKING,
                0,
                out.byte_len(),
                out.as_mut_ptr(),
                0,
                std::ptr::null(),
            )
        }
        .map_err(|e| cl("clEnqueueReadBuffer")(ClError(e)))?;
        drop(Event::new(ev));
        Ok(out)
    }
}

impl Kernels {
    /// Enqueues `launches` in order, waits, and returns the sum of their device times
    /// (profiling END - START) in ms.
    pub fn run(&self, drv: &Driver, bufs: &Buffers, launches: &[Launch]) -> Result<f64> {
        let mut events = Vec::with_capacity(launches.len());
        for (n, l) in launches.iter().enumerate() {
            let what = || format!("dispatch {n} (`{}`)", l.kernel);
            let k = self
                .kernels
                .get(&l.kernel)
                .ok_or_else(|| anyhow!("no kernel `{}`", l.kernel))?;
            for (i, a) in l.args.iter().enumerate() {
                let i = i as u32;
                // SAFETY: each value has the size of the parameter it is set to: a cl_mem
                // for a buffer (kept alive by `bufs`), a 4-byte scalar for uint, int and
                // float parameters; the runtime copies the value. A size that does not match
                // is an error code, not undefined behaviour.
                let r = unsafe {
                    match *a {
                        ArgValue::Buffer(b) => {
                            let buf = bufs
                                .buffers
                                .get(b)
                                .ok_or_else(|| anyhow!("no buffer {b}"))?;
                            let mem: cl_mem = buf.get();
                            k.set_arg(i, &mem)
                        }
                        ArgValue::U32(v) => k.set_arg(i, &v),
                        ArgValue::I32(v) => k.set_arg(i, &v),
                        ArgValue::F32(v) => k.set_arg(i, &v),
                    }
                };
                r.map_err(cl("clSetKernelArg"))
                    .with_context(|| format!("{}, arg {i}", what()))?;
            }
            let local = l.local.as_ref().map_or(std::ptr::null(), |v| v.as_ptr());
            // SAFETY: `global` (and `local` where given) hold `global.len()` sizes and outlive
            // the call; a null local size lets the runtime choose. Every argument is set.
            let ev = unsafe {
                drv.queue.enqueue_nd_range_kernel(
                    k.get(),
                    l.global.len() as u32,
                    std::ptr::null(),
                    l.global.as_ptr(),
                    local,
                    &[],
                )
            }
            .map_err(cl("clEnqueueNDRangeKernel"))
            .with_context(what)?;
            events.push(ev);
        }
        drv.queue.finish().map_err(cl("clFinish"))?;
        let mut ns = 0u64;
        for ev in &events {
            let start = ev
                .profiling_command_start()
                .map_err(cl("clGetEventProfilingInfo(START)"))?;
            let end = ev
                .profiling_command_end()
                .map_err(cl("clGetEventProfilingInfo(END)"))?;
            ns += end.saturating_sub(start);
        }
        Ok(ns as f64 / 1e6)
    }
}
