//! Running one kernel launch on the Intel CPU OpenCL runtime, in a child process.
//!
//! A miscompiled kernel can crash the whole process (wild stores, stack overflows in the
//! runtime's JIT code, ...), so [`run_isolated`] re-executes the current binary with
//! `CLC_RUNNER_CHILD` set. Every `main()` that may be re-executed this way (the `clc-run` binary,
//! `harness = false` test binaries) must call [`child_main_if_requested`] first.
//!
//! A program comes either from a SPIR-V module ([`run_isolated`]: clCreateProgramWithIL, how clc's
//! and clang-22's modules run) or from OpenCL C source ([`run_isolated_source`]:
//! clCreateProgramWithSource, so the runtime's own front end compiles it; the runner's second
//! reference). Either way clBuildProgram must succeed; when it does not, the error is a
//! [`BuildFailed`], so callers can tell a program that did not build from one that ran badly.
//! A Vulkan module with its reflection ([`run_isolated_vulkan`]) runs through `vkhost` instead
//! (see [`crate::vulkan`]); the driver refusing its shader module or pipeline is a
//! [`BuildFailed`] too.
//!
//! Protocol: `CLC_RUNNER_CHILD` holds the job as JSON (`{"run": Run, "program": Program}`), or
//! `@<file>` naming a file holding it when the JSON is too large for the environment. The child
//! prints exactly one line `CLC_RUNNER_RESULT <json>` to stdout, where `<json>` is
//! `{"Ok": Outputs}`, `{"BuildErr": "message"}` or `{"Err": "message"}`, and exits 0 or 1.
//! What the kernel's printf calls print comes before that line on stdout (the child flushes
//! the C library's streams first) and becomes [`Outputs::printed`]; stderr is shown in errors.
//!
//! The driver is found through the environment: `OCL_ICD_VENDORS=<prefix>/vendors` and
//! `LD_LIBRARY_PATH=<prefix>/lib:...` are set on the child at spawn, where `<prefix>` is
//! `$CLC_OCL_PREFIX` or `/opt/clc/intel-ocl`. `CLC_RUNNER_TIMEOUT` (seconds, default 60) bounds
//! each child; a child past it is killed (a miscompiled loop may never end).
//!
//! Every buffer is allocated with [`GUARD_BYTES`] extra bytes after its end, filled with
//! [`GUARD_BYTE`]; a kernel that changes them wrote past the end of its buffer and the run fails.
//!
//! Images are created with clCreateImage (`CL_MEM_COPY_HOST_PTR` from their initial data, flags
//! from `access`; a `1d_buffer` image on a buffer holding the data) after checking the format
//! against clGetSupportedImageFormats, so an unsupported format is reported with the list of
//! supported ones. Output images are read back whole with clEnqueueReadImage (no guard zone: an
//! image's memory is opaque to the host). Samplers come from clCreateSamplerWithProperties.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};
use serde::{Deserialize, Serialize};

use crate::image::{ChannelOrder, ChannelType, ImageDesc, ImageType};
use crate::spec::{ArgKind, Run};
use crate::values::Values;

/// Environment variable that turns a process into a runner child.
pub const CHILD_ENV: &str = "CLC_RUNNER_CHILD";
/// Prefix of the one result line a child prints.
const RESULT_TAG: &str = "CLC_RUNNER_RESULT ";
/// Bytes of guard zone after every buffer.
pub const GUARD_BYTES: usize = 256;
/// Value of every guard byte.
pub const GUARD_BYTE: u8 = 0xA5;
/// Stack of the thread that builds and launches the program in a child.
const CHILD_STACK_BYTES: usize = 256 << 20;
/// Largest job passed inline in the environment (Linux caps one env string at 128 KiB).
const MAX_INLINE_JOB: usize = 64 * 1024;

/// The buffers read back after a run, in argument order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Outputs {
    /// `(argument name, contents)` for each buffer with `expect` or `output = true`.
    pub outputs: Vec<(String, Values)>,
    /// What the kernel's printf calls printed (`None`: not captured).
    #[serde(default)]
    pub printed: Option<String>,
}

impl Outputs {
    pub fn get(&self, name: &str) -> Option<&Values> {
        self.outputs.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// Where the child gets its program from.
#[derive(Serialize, Deserialize)]
enum Program {
    /// A SPIR-V module (absolute path), loaded with clCreateProgramWithIL.
    Il(PathBuf),
    /// OpenCL C source (absolute path), built by the runtime with these clBuildProgram options.
    Source { path: PathBuf, options: String },
    /// A Vulkan module and its reflection (absolute paths), run through vkhost.
    Vulkan { spirv: PathBuf, reflection: PathBuf },
    /// Nothing to run: the child reports the device's `CL_DEVICE_EXTENSIONS`.
    Extensions,
}

#[derive(Serialize, Deserialize)]
struct Job {
    run: Run,
    program: Program,
}

#[derive(Serialize, Deserialize)]
enum ChildResult {
    Ok(Outputs),
    /// clBuildProgram failed (message with the build log).
    BuildErr(String),
    Err(String),
}

/// The error of a launch whose program the runtime could not build (clBuildProgram failed); the
/// message includes the build log.
#[derive(Debug)]
pub struct BuildFailed(pub String);

impl std::fmt::Display for BuildFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BuildFailed {}

/// `$CLC_OCL_PREFIX`, or `/opt/clc/intel-ocl`.
pub fn ocl_prefix() -> PathBuf {
    std::env::var_os("CLC_OCL_PREFIX")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/clc/intel-ocl"))
}

/// The environment a process needs at start to find the Intel CPU runtime.
pub fn driver_env() -> Vec<(&'static str, OsString)> {
    let prefix = ocl_prefix();
    let mut ld = prefix.join("lib").into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|v| !v.is_empty()) {
        ld.push(":");
        ld.push(old);
    }
    vec![
        ("OCL_ICD_VENDORS", prefix.join("vendors").into_os_string()),
        ("LD_LIBRARY_PATH", ld),
    ]
}

fn timeout() -> Duration {
    let secs = std::env::var("CLC_RUNNER_TIMEOUT")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(60);
    Duration::from_secs(secs.max(1))
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Runs `run` from the SPIR-V module `spirv` in a child process (see the module docs).
///
/// A child that dies of a signal, exits without a result or runs past the timeout is an `Err`
/// naming what happened, with the tail of its stderr.
pub fn run_isolated(run: &Run, spirv: &Path) -> Result<Outputs> {
    run_job(&Job {
        run: run.clone(),
        program: Program::Il(absolute(spirv)),
    })
}

/// Like [`run_isolated`], but the runtime compiles the OpenCL C file `source` itself
/// (clCreateProgramWithSource, then clBuildProgram with `options`).
pub fn run_isolated_source(run: &Run, source: &Path, options: &str) -> Result<Outputs> {
    run_job(&Job {
        run: run.clone(),
        program: Program::Source {
            path: absolute(source),
            options: options.to_string(),
        },
    })
}

/// Like [`run_isolated`], but on Vulkan: `spirv` is a module of clc's Vulkan target and
/// `reflection` its `--reflect` JSON ([`crate::vulkan::run_in_process`]).
pub fn run_isolated_vulkan(run: &Run, spirv: &Path, reflection: &Path) -> Result<Outputs> {
    run_job(&Job {
        run: run.clone(),
        program: Program::Vulkan {
            spirv: absolute(spirv),
            reflection: absolute(reflection),
        },
    })
}

/// The `CL_DEVICE_EXTENSIONS` of the device runs go to, asked once in a child process (the
/// runtime is found through the child's environment).
pub fn device_extensions() -> Result<Vec<String>> {
    static EXT: std::sync::OnceLock<Result<Vec<String>, String>> = std::sync::OnceLock::new();
    EXT.get_or_init(|| {
        let job = Job {
            run: Run {
                kernel: "(CL_DEVICE_EXTENSIONS query)".to_string(),
                global: vec![1],
                local: None,
                offset: None,
                args: Vec::new(),
                stdout: None,
                printf_buffer: None,
            },
            program: Program::Extensions,
        };
        let out = run_job(&job).map_err(|e| format!("{e:#}"))?;
        match out.get("extensions") {
            Some(Values::U8(b)) => Ok(String::from_utf8_lossy(b)
                .split_whitespace()
                .map(str::to_string)
                .collect()),
            _ => Err("the runner child sent no extension list".to_string()),
        }
    })
    .clone()
    .map_err(|e| anyhow!(e))
}

fn run_job(job: &Job) -> Result<Outputs> {
    let run = &job.run;
    let job = serde_json::to_string(job)?;
    // Keep the temp file (if any) alive until the child is done.
    let mut _job_file = None;
    let job_env = if job.len() <= MAX_INLINE_JOB {
        job
    } else {
        let f = tempfile::Builder::new()
            .prefix("clc-runner-job")
            .suffix(".json")
            .tempfile()?;
        std::fs::write(f.path(), &job)?;
        let v = format!("@{}", f.path().display());
        _job_file = Some(f);
        v
    };
    let exe = std::env::current_exe().context("finding the current executable")?;
    let mut child = Command::new(&exe)
        .env(CHILD_ENV, job_env)
        .envs(driver_env())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("spawning {}", exe.display()))?;
    let (Some(mut out_pipe), Some(mut err_pipe)) = (child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        bail!("the child's stdout or stderr is not a pipe");
    };
    let out_thread = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out_pipe.read_to_end(&mut s);
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        s
    });

    let limit = timeout();
    let start = Instant::now();
    let mut timed_out = false;
    let status: ExitStatus = loop {
        if let Some(st) = child.try_wait()? {
            break st;
        }
        if start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&out_thread.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_thread.join().unwrap_or_default()).into_owned();
    let stderr_tail = || {
        let t = tail(&stderr, 4000);
        if t.trim().is_empty() {
            String::new()
        } else {
            format!("\nchild stderr:\n{t}")
        }
    };

    if timed_out {
        bail!(
            "kernel `{}` timed out after {}s (child killed){}",
            run.kernel,
            limit.as_secs(),
            stderr_tail()
        );
    }
    if let Some(sig) = signal_of(&status) {
        bail!(
            "kernel `{}` crashed the runner child: killed by signal {} ({sig}){}",
            run.kernel,
            signal_name(sig),
            stderr_tail()
        );
    }
    let line = stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(RESULT_TAG));
    match line {
        Some(json) => {
            match serde_json::from_str::<ChildResult>(json).context("parsing the child's result")? {
                ChildResult::Ok(mut o) => {
                    if o.printed.is_none() {
                        o.printed = Some(printed_before_result(&stdout).to_string());
                    }
                    Ok(o)
                }
                ChildResult::BuildErr(e) => Err(BuildFailed(e).into()),
                ChildResult::Err(e) => Err(anyhow!("{e}")),
            }
        }
        None => bail!(
            "runner child exited with {status} without a result{}",
            stderr_tail()
        ),
    }
}

/// What a child printed before its result line (the runtime's printf output).
fn printed_before_result(stdout: &str) -> &str {
    let tag = format!("\n{RESULT_TAG}");
    stdout.rfind(&tag).map_or(stdout, |at| &stdout[..at])
}

fn tail(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut i = s.len() - max;
    while !s.is_char_boundary(i) {
        i += 1;
    }
    &s[i..]
}

#[cfg(unix)]
fn signal_of(st: &ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    st.signal()
}

#[cfg(not(unix))]
fn signal_of(_: &ExitStatus) -> Option<i32> {
    None
}

/// `SIGSEGV` etc. for the usual crash signals.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        31 => "SIGSYS",
        _ => "unknown signal",
    }
}

/// If this process is a runner child (`CLC_RUNNER_CHILD` is set), runs the job, prints its
/// result and exits; never returns in that case. Otherwise returns at once.
pub fn child_main_if_requested() {
    let Some(job) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let result = (|| -> Result<Outputs> {
        let job = job
            .into_string()
            .map_err(|_| anyhow!("{CHILD_ENV} is not UTF-8"))?;
        let text = match job.strip_prefix('@') {
            Some(file) => {
                std::fs::read_to_string(file).with_context(|| format!("reading job file {file}"))?
            }
            None => job,
        };
        let job: Job = serde_json::from_str(&text).context("parsing the runner job")?;
        // clBuildProgram compiles on the calling thread, and the runtime's OpenCL C front end
        // recurses once per nesting level of an expression: 20,000 chained operators
        // (kernels/regressions/long_chain.cl) overflow the main thread's 8 MiB. Pages of the
        // bigger stack are only committed when touched.
        std::thread::Builder::new()
            .stack_size(CHILD_STACK_BYTES)
            .spawn(move || match &job.program {
                Program::Il(spirv) => run_in_process(&job.run, spirv),
                Program::Source { path, options } => run_source_in_process(&job.run, path, options),
                Program::Vulkan { spirv, reflection } => {
                    crate::vulkan::run_in_process(&job.run, spirv, reflection)
                }
                Program::Extensions => extensions_in_process(),
            })
            .context("starting the launch thread")?
            .join()
            .map_err(|_| anyhow!("the launch thread panicked"))?
    })();
    let (code, msg) = match result {
        Ok(o) => (0, ChildResult::Ok(o)),
        Err(e) if e.is::<BuildFailed>() => (1, ChildResult::BuildErr(format!("{e:#}"))),
        Err(e) => (1, ChildResult::Err(format!("{e:#}"))),
    };
    let json = serde_json::to_string(&msg)
        .unwrap_or_else(|e| format!("{{\"Err\":\"serializing result: {e}\"}}"));
    use std::io::Write;
    // SAFETY: fflush(NULL) flushes every C stdio output stream; no Rust object refers to them.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    let mut so = std::io::stdout().lock();
    let _ = writeln!(so, "\n{RESULT_TAG}{json}");
    let _ = so.flush();
    // Skip destructors and atexit handlers of the driver: nothing is left to do.
    std::process::exit(code);
}

/// Runs `run` from `spirv` on the Intel CPU device in this process. Prefer [`run_isolated`].
pub fn run_in_process(run: &Run, spirv: &Path) -> Result<Outputs> {
    let il = std::fs::read(spirv).with_context(|| format!("reading {}", spirv.display()))?;
    launch(run, |context| {
        opencl3::program::Program::create_from_il(context, &il)
            .map_err(|e| anyhow!("clCreateProgramWithIL failed: {e} ({})", e.0))
            .map(|p| (p, String::new()))
    })
}

/// Runs `run` from the OpenCL C file `source`, built by the runtime with `options`, in this
/// process. Prefer [`run_isolated_source`].
pub fn run_source_in_process(run: &Run, source: &Path, options: &str) -> Result<Outputs> {
    let text =
        std::fs::read_to_string(source).with_context(|| format!("reading {}", source.display()))?;
    launch(run, |context| {
        opencl3::program::Program::create_from_source(context, &text)
            .map_err(|e| anyhow!("clCreateProgramWithSource failed: {e} ({})", e.0))
            .map(|p| (p, options.to_string()))
    })
}

/// Creates a context on the CPU device, gets a program and its clBuildProgram options from
/// `create`, builds it and launches `run`.
fn launch(
    run: &Run,
    create: impl FnOnce(&opencl3::context::Context) -> Result<(opencl3::program::Program, String)>,
) -> Result<Outputs> {
    use opencl3::command_queue::CommandQueue;
    use opencl3::context::Context;
    use opencl3::kernel::Kernel;
    use opencl3::memory::{Buffer, ClMem, Image, Sampler, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
    use opencl3::types::{cl_mem, cl_sampler, cl_sampler_properties, CL_BLOCKING};
    // cl_sampler_properties keys (cl.h).
    const CL_SAMPLER_NORMALIZED_COORDS: u32 = 0x1152;
    const CL_SAMPLER_ADDRESSING_MODE: u32 = 0x1153;
    const CL_SAMPLER_FILTER_MODE: u32 = 0x1154;

    let cl = |what: &'static str| {
        move |e: opencl3::error_codes::ClError| anyhow!("{what} failed: {e} ({})", e.0)
    };

    let device = pick_device()?;
    let context = Context::from_device(&device).map_err(cl("clCreateContext"))?;
    let queue = CommandQueue::create_default_with_properties(&context, 0, 0)
        .map_err(cl("clCreateCommandQueueWithProperties"))?;
    let (mut program, options) = create(&context)?;
    if let Err(e) = program.build(context.devices(), &options) {
        let log = program
            .get_build_log(device.id())
            .unwrap_or_else(|e| format!("<no build log: {e}>"));
        return Err(BuildFailed(format!(
            "clBuildProgram failed: {e} ({})\nbuild log:\n{}",
            e.0,
            log.trim_end()
        ))
        .into());
    }
    let kernel = Kernel::create(&program, &run.kernel).map_err(|e| {
        let names = program.get_kernel_names().unwrap_or_default();
        anyhow!(
            "clCreateKernel(`{}`) failed: {e} ({}); kernels in the module: [{names}]",
            run.kernel,
            e.0
        )
    })?;
    let nargs = kernel.num_args().map_err(cl("clGetKernelInfo(NUM_ARGS)"))? as usize;
    if nargs != run.args.len() {
        bail!(
            "kernel `{}` has {nargs} parameters but the spec gives {} args",
            run.kernel,
            run.args.len()
        );
    }

    /// What each argument holds on to until the launch is done and read back (some fields
    /// are only there to keep the object alive).
    #[allow(dead_code)]
    enum Held {
        Nothing,
        Buffer(Buffer<u8>, usize),
        /// The image, and for `1d_buffer` images the buffer under it.
        Image(Image, ImageDesc, Option<Buffer<u8>>),
        Sampler(Sampler),
    }
    let mut held: Vec<Held> = Vec::new();
    for (i, arg) in run.args.iter().enumerate() {
        let idx = i as u32;
        let what = || format!("setting arg {i} `{}`", arg.name);
        match &arg.kind {
            ArgKind::Buffer { init } => {
                let mut bytes = init.to_le_bytes();
                let len = bytes.len();
                bytes.resize(len + GUARD_BYTES, GUARD_BYTE);
                // SAFETY: `bytes` holds `bytes.len()` bytes and outlives the call;
                // CL_MEM_COPY_HOST_PTR copies them before it returns.
                let buf = unsafe {
                    Buffer::<u8>::create(
                        &context,
                        CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                        bytes.len(),
                        bytes.as_mut_ptr().cast(),
                    )
                }
                .map_err(cl("clCreateBuffer"))
                .with_context(what)?;
                let mem: cl_mem = buf.get();
                // SAFETY: `mem` is a live buffer object, passed as the cl_mem the kernel's
                // pointer parameter takes; `held` keeps it alive until the launch is done.
                unsafe { kernel.set_arg(idx, &mem) }
                    .map_err(cl("clSetKernelArg"))
                    .with_context(what)?;
                held.push(Held::Buffer(buf, len));
            }
            ArgKind::Scalar { value } => {
                let bytes = value.to_le_bytes();
                // SAFETY: `kernel.get()` is a live kernel, and `bytes` holds `bytes.len()`
                // bytes, which clSetKernelArg copies; a size the parameter does not have is
                // an error code, not undefined behaviour.
                unsafe {
                    opencl3::kernel::set_kernel_arg(
                        kernel.get(),
                        idx,
                        bytes.len(),
                        bytes.as_ptr().cast(),
                    )
                }
                .map_err(|e| {
                    anyhow!(
                        "clSetKernelArg failed: {} ({e})",
                        opencl3::error_codes::ClError(e)
                    )
                })
                .with_context(what)?;
                held.push(Held::Nothing);
            }
            ArgKind::Local { len } => {
                // SAFETY: a __local argument is a size only; no host memory is passed.
                unsafe { kernel.set_arg_local_buffer(idx, len * arg.ty.size()) }
                    .map_err(cl("clSetKernelArg"))
                    .with_context(what)?;
                held.push(Held::Nothing);
            }
            ArgKind::Image { desc, init } => {
                let (image, under) = create_image(&context, desc, init).with_context(what)?;
                let mem: cl_mem = image.get();
                // SAFETY: `mem` is a live image object, kept alive by `held`.
                unsafe { kernel.set_arg(idx, &mem) }
                    .map_err(cl("clSetKernelArg"))
                    .with_context(what)?;
                held.push(Held::Image(image, desc.clone(), under));
            }
            ArgKind::Sampler { sampler } => {
                let props: [cl_sampler_properties; 7] = [
                    CL_SAMPLER_NORMALIZED_COORDS as cl_sampler_properties,
                    sampler.normalized as cl_sampler_properties,
                    CL_SAMPLER_ADDRESSING_MODE as cl_sampler_properties,
                    sampler.addressing.cl_code() as cl_sampler_properties,
                    CL_SAMPLER_FILTER_MODE as cl_sampler_properties,
                    sampler.filter.cl_code() as cl_sampler_properties,
                    0,
                ];
                let smp = Sampler::create_with_properties(&context, props.as_ptr())
                    .map_err(cl("clCreateSamplerWithProperties"))
                    .with_context(what)?;
                let raw: cl_sampler = smp.get();
                // SAFETY: `raw` is a live sampler object, kept alive by `held`.
                unsafe { kernel.set_arg(idx, &raw) }
                    .map_err(cl("clSetKernelArg"))
                    .with_context(what)?;
                held.push(Held::Sampler(smp));
            }
        }
    }

    let local_ptr = run.local.as_ref().map_or(std::ptr::null(), |l| l.as_ptr());
    let offset_ptr = run.offset.as_ref().map_or(std::ptr::null(), |o| o.as_ptr());
    // SAFETY: `global`, and `local` and `offset` where given, hold `global.len()` sizes each
    // (the spec's checks) and outlive the call; null pointers are allowed for the latter two.
    // Every argument was set above, and its memory objects live in `held`.
    unsafe {
        queue.enqueue_nd_range_kernel(
            kernel.get(),
            run.global.len() as u32,
            offset_ptr,
            run.global.as_ptr(),
            local_ptr,
            &[],
        )
    }
    .map_err(cl("clEnqueueNDRangeKernel"))?;
    queue.finish().map_err(cl("clFinish"))?;

    let mut outputs = Vec::new();
    for (arg, h) in run.args.iter().zip(&held) {
        match h {
            Held::Buffer(buf, len) => {
                let len = *len;
                let mut data = vec![0u8; len + GUARD_BYTES];
                // SAFETY: a blocking read of the buffer's whole size (`len + GUARD_BYTES`,
                // as created) into `data`, which is that long.
                unsafe { queue.enqueue_read_buffer(buf, CL_BLOCKING, 0, &mut data, &[]) }
                    .map_err(cl("clEnqueueReadBuffer"))
                    .with_context(|| format!("reading back `{}`", arg.name))?;
                if let Some(off) = data[len..].iter().position(|&b| b != GUARD_BYTE) {
                    bail!(
                        "kernel `{}` wrote past the end of buffer `{}` (byte {} after its end, {} bytes long)",
                        run.kernel,
                        arg.name,
                        off,
                        len
                    );
                }
                if arg.is_output() {
                    data.truncate(len);
                    outputs.push((arg.name.clone(), Values::from_le_bytes(arg.ty, &data)?));
                }
            }
            Held::Image(image, desc, _) if arg.is_output() => {
                let mut data = vec![0u8; desc.elements() * arg.ty.size()];
                let origin = [0usize; 3];
                let region = desc.region();
                // SAFETY: a blocking read of the image's whole region, tightly packed (pitches
                // 0), into `data`, which holds `desc.elements()` elements of the channel type.
                unsafe {
                    queue.enqueue_read_image(
                        image,
                        CL_BLOCKING,
                        origin.as_ptr(),
                        region.as_ptr(),
                        0,
                        0,
                        data.as_mut_ptr().cast(),
                        &[],
                    )
                }
                .map_err(cl("clEnqueueReadImage"))
                .with_context(|| format!("reading back image `{}`", arg.name))?;
                outputs.push((arg.name.clone(), Values::from_le_bytes(arg.ty, &data)?));
            }
            _ => {}
        }
    }
    Ok(Outputs {
        outputs,
        printed: None,
    })
}

/// Creates `desc`'s image holding `init` (for `1d_buffer`, on a new buffer holding `init`,
/// returned too). An unsupported format is reported with the formats the device does support.
fn create_image(
    context: &opencl3::context::Context,
    desc: &ImageDesc,
    init: &Values,
) -> Result<(opencl3::memory::Image, Option<opencl3::memory::Buffer<u8>>)> {
    use opencl3::memory::{Buffer, ClMem, Image, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
    use opencl3::types::{cl_image_desc, cl_image_format};

    let flags = desc.access.cl_flags();
    let format = cl_image_format {
        image_channel_order: desc.order.cl_code(),
        image_channel_data_type: desc.channel_type.cl_code(),
    };
    let supported = context
        .get_supported_image_formats(flags, desc.image.cl_object_type())
        .map_err(|e| anyhow!("clGetSupportedImageFormats failed: {e} ({})", e.0))?;
    if !supported.iter().any(|f| {
        f.image_channel_order == format.image_channel_order
            && f.image_channel_data_type == format.image_channel_data_type
    }) {
        let names: Vec<String> = supported
            .iter()
            .map(|f| {
                match (
                    ChannelOrder::from_cl_code(f.image_channel_order),
                    ChannelType::from_cl_code(f.image_channel_data_type),
                ) {
                    (Some(o), Some(t)) => format!("{}/{}", o.name(), t.name()),
                    _ => format!(
                        "0x{:x}/0x{:x}",
                        f.image_channel_order, f.image_channel_data_type
                    ),
                }
            })
            .collect();
        bail!(
            "the device does not support {}/{} for a {} image with access = \"{}\"; it supports: {}",
            desc.order.name(),
            desc.channel_type.name(),
            desc.image.name(),
            desc.access.name(),
            names.join(" ")
        );
    }
    let mut bytes = init.to_le_bytes();
    let mut under = None;
    let mut host_ptr = bytes.as_mut_ptr();
    let mut image_flags = flags | CL_MEM_COPY_HOST_PTR;
    if desc.image == ImageType::D1Buffer {
        // SAFETY: `bytes` holds `bytes.len()` bytes, copied by CL_MEM_COPY_HOST_PTR.
        let buf = unsafe {
            Buffer::<u8>::create(
                context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                bytes.len(),
                bytes.as_mut_ptr().cast(),
            )
        }
        .map_err(|e| {
            anyhow!(
                "clCreateBuffer (under the 1d_buffer image) failed: {e} ({})",
                e.0
            )
        })?;
        host_ptr = std::ptr::null_mut();
        image_flags = flags;
        under = Some(buf);
    }
    let cl_desc = cl_image_desc {
        image_type: desc.image.cl_object_type(),
        image_width: desc.width,
        image_height: if desc.image.has_height() {
            desc.height
        } else {
            0
        },
        image_depth: if desc.image.has_depth() {
            desc.depth
        } else {
            0
        },
        image_array_size: if desc.image.is_array() {
            desc.array_size
        } else {
            0
        },
        image_row_pitch: 0,
        image_slice_pitch: 0,
        num_mip_levels: 0,
        num_samples: 0,
        buffer: under
            .as_ref()
            .map_or(std::ptr::null_mut(), |b: &Buffer<u8>| b.get()),
    };
    // SAFETY: `cl_desc` describes the image `init` fills; `host_ptr` is `bytes` (as long as the
    // image's data, copied by CL_MEM_COPY_HOST_PTR) or null for a 1d_buffer image, whose
    // buffer `under` outlives it.
    let image = unsafe { Image::create(context, image_flags, &format, &cl_desc, host_ptr.cast()) }
        .map_err(|e| anyhow!("clCreateImage ({}) failed: {e} ({})", desc.label(), e.0))?;
    Ok((image, under))
}

/// The `CL_DEVICE_EXTENSIONS` of the device in this process (a child's side of
/// [`device_extensions`]).
fn extensions_in_process() -> Result<Outputs> {
    let list = pick_device()?
        .extensions()
        .map_err(|e| anyhow!("clGetDeviceInfo(CL_DEVICE_EXTENSIONS) failed: {e}"))?;
    Ok(Outputs {
        outputs: vec![("extensions".to_string(), Values::U8(list.into_bytes()))],
        printed: None,
    })
}

/// The first CPU device, preferring an Intel platform.
fn pick_device() -> Result<opencl3::device::Device> {
    use opencl3::device::{Device, CL_DEVICE_TYPE_CPU};
    let platforms = opencl3::platform::get_platforms().map_err(|e| {
        anyhow!(
            "no OpenCL platform ({e}); is the Intel CPU runtime installed under {} (OCL_ICD_VENDORS={:?}, LD_LIBRARY_PATH={:?})?",
            ocl_prefix().display(),
            std::env::var_os("OCL_ICD_VENDORS"),
            std::env::var_os("LD_LIBRARY_PATH")
        )
    })?;
    let mut ordered: Vec<_> = platforms.iter().collect();
    ordered.sort_by_key(|p| !p.name().unwrap_or_default().contains("Intel"));
    for p in &ordered {
        if let Ok(devs) = p.get_devices(CL_DEVICE_TYPE_CPU) {
            if let Some(d) = devs.first() {
                return Ok(Device::new(*d));
            }
        }
    }
    let names: Vec<String> = platforms
        .iter()
        .map(|p| p.name().unwrap_or_default())
        .collect();
    bail!("no OpenCL CPU device; platforms: {names:?}")
}
