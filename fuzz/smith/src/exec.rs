//! Running many generated kernels from one program in one child process.
//!
//! `clc-runner` launches one kernel per child, building its program each time; the
//! differential runner builds a program of up to a few dozen kernels once and launches each
//! of them ([`run_batch`]), which is what makes thousands of kernels an hour possible. The
//! child is this same executable re-run with [`CHILD_ENV`] naming a job file; every `main()`
//! that may be re-run this way calls [`child_main_if_requested`] first. The runtime is found
//! as `clc-runner` finds it ([`clc_runner::exec::driver_env`]); buffers carry the same guard
//! zone after their end.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};
use clc_runner::exec::{driver_env, GUARD_BYTE, GUARD_BYTES};
use serde::{Deserialize, Serialize};

use crate::gen::{inputs, Kernel, LREGION};

/// Environment variable that turns a process into a batch child (`@<job file>`).
pub const CHILD_ENV: &str = "CLC_SMITH_CHILD";
const RESULT_TAG: &str = "CLC_SMITH_RESULT ";

/// Where a batch's program comes from.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Program {
    /// A SPIR-V module for clCreateProgramWithIL, built with these clBuildProgram options.
    Il { path: PathBuf, options: String },
    /// OpenCL C for clCreateProgramWithSource, with these clBuildProgram options.
    Source { path: PathBuf, options: String },
    /// A module of clc's Vulkan target and its reflection, run through vkhost.
    Vulkan { spirv: PathBuf, reflection: PathBuf },
}

/// One launch of a batch.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Launch {
    pub kernel: String,
    pub seed: u64,
    pub global: usize,
    pub local: usize,
}

impl Launch {
    pub fn of(k: &Kernel) -> Launch {
        Launch {
            kernel: k.name.clone(),
            seed: k.seed,
            global: k.global,
            local: k.local,
        }
    }
}

/// What a launch leaves in its buffers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    pub out: Vec<u64>,
    pub g: Vec<i32>,
    pub acc: Vec<u32>,
}

#[derive(Serialize, Deserialize)]
struct Job {
    program: Program,
    launches: Vec<Launch>,
}

/// The child's answer: the program did not build, or one result per launch.
#[derive(Debug, Serialize, Deserialize)]
pub enum BatchResult {
    BuildFailed(String),
    Ran(Vec<Result<Results, String>>),
}

/// How a child process or a compiler run ended.
#[derive(Debug)]
pub struct Finished {
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

impl Finished {
    pub fn success(&self) -> bool {
        !self.timed_out && self.status.is_some_and(|s| s.success())
    }

    /// `exit 70`, `signal 11 (SIGSEGV)`, `timed out`.
    pub fn describe(&self) -> String {
        if self.timed_out {
            return "timed out".into();
        }
        match self.status {
            Some(s) => match s.code() {
                Some(c) => format!("exit {c}"),
                None => {
                    use std::os::unix::process::ExitStatusExt;
                    let sig = s.signal().unwrap_or(0);
                    format!("signal {sig} ({})", clc_runner::exec::signal_name(sig))
                }
            },
            None => "did not run".into(),
        }
    }

    /// A crash: a signal, or exit 70 (clc's internal error, which includes refusing to write
    /// a module that fails validation).
    pub fn crashed(&self) -> bool {
        self.status
            .is_some_and(|s| s.code().is_none() || s.code() == Some(70))
    }
}

/// Runs `cmd` to completion or `timeout`, whichever comes first (then kills it).
pub fn run_with_timeout(mut cmd: Command, timeout: Duration) -> Result<Finished> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {:?}", cmd.get_program()))?;
    let mut so = child
        .stdout
        .take()
        .ok_or_else(|| anyhow!("no stdout pipe"))?;
    let mut se = child
        .stderr
        .take()
        .ok_or_else(|| anyhow!("no stderr pipe"))?;
    let out_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = so.read_to_end(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = se.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break st;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&out_t.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_t.join().unwrap_or_default()).into_owned();
    Ok(Finished {
        status: Some(status),
        stdout,
        stderr,
        timed_out,
    })
}

/// Runs `launches` of `program` in a child process. `Err` when the child crashed, timed out or
/// gave no result (the caller bisects the batch to find the launch responsible).
pub fn run_batch(
    program: &Program,
    launches: &[Launch],
    dir: &Path,
    timeout: Duration,
) -> Result<BatchResult> {
    let job = Job {
        program: program.clone(),
        launches: launches.to_vec(),
    };
    let file = tempfile::Builder::new()
        .prefix("job")
        .suffix(".json")
        .tempfile_in(dir)
        .context("creating the job file")?;
    std::fs::write(file.path(), serde_json::to_vec(&job)?)?;
    let exe = std::env::current_exe().context("finding the current executable")?;
    let mut cmd = Command::new(exe);
    cmd.env(CHILD_ENV, format!("@{}", file.path().display()))
        .envs(driver_env());
    let f = run_with_timeout(cmd, timeout)?;
    let line = f
        .stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(RESULT_TAG));
    match line {
        Some(json) if !f.timed_out => {
            serde_json::from_str(json).context("parsing the child's result")
        }
        _ => bail!(
            "the batch child {}: {}",
            f.describe(),
            tail(&f.stderr, 2000)
        ),
    }
}

fn tail(s: &str, n: usize) -> &str {
    let mut i = s.len().saturating_sub(n);
    while !s.is_char_boundary(i) {
        i += 1;
    }
    &s[i..]
}

/// If this process is a batch child, runs its job, prints the result and exits.
pub fn child_main_if_requested() {
    let Some(job) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let result = (|| -> Result<BatchResult> {
        let job = job
            .into_string()
            .map_err(|_| anyhow!("{CHILD_ENV} is not UTF-8"))?;
        let file = job.strip_prefix('@').unwrap_or(&job);
        let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
        let job: Job = serde_json::from_str(&text)?;
        // The runtime's front end recurses per expression level: a big stack, as clc-runner.
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || match &job.program {
                Program::Vulkan { spirv, reflection } => {
                    crate::vulkan::run(spirv, reflection, &job.launches)
                }
                p => run_opencl(p, &job.launches),
            })?
            .join()
            .map_err(|_| anyhow!("the launch thread panicked"))?
    })();
    let json = match result {
        Ok(r) => serde_json::to_string(&r),
        Err(e) => serde_json::to_string(&BatchResult::Ran(vec![Err(format!("{e:#}"))])),
    }
    .unwrap_or_else(|e| format!("{{\"Ran\":[{{\"Err\":\"serializing: {e}\"}}]}}"));
    // SAFETY: fflush(NULL) flushes every C stdio stream; no Rust object refers to them.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    println!("\n{RESULT_TAG}{json}");
    std::process::exit(0);
}

fn cpu_device() -> Result<opencl3::device::Device> {
    use opencl3::device::{Device, CL_DEVICE_TYPE_CPU};
    let platforms = opencl3::platform::get_platforms()
        .map_err(|e| anyhow!("no OpenCL platform ({e}); is the Intel CPU runtime installed?"))?;
    for p in &platforms {
        if let Ok(devs) = p.get_devices(CL_DEVICE_TYPE_CPU) {
            if let Some(d) = devs.first() {
                return Ok(Device::new(*d));
            }
        }
    }
    bail!("no OpenCL CPU device")
}

fn run_opencl(program: &Program, launches: &[Launch]) -> Result<BatchResult> {
    use opencl3::command_queue::CommandQueue;
    use opencl3::context::Context;
    use opencl3::program::Program as ClProgram;
    let device = cpu_device()?;
    let context = Context::from_device(&device).map_err(|e| anyhow!("clCreateContext: {e}"))?;
    let queue = CommandQueue::create_default_with_properties(&context, 0, 0)
        .map_err(|e| anyhow!("clCreateCommandQueue: {e}"))?;
    let (mut prog, options) = match program {
        Program::Il { path, options } => {
            let il = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let prog = ClProgram::create_from_il(&context, &il)
                .map_err(|e| anyhow!("clCreateProgramWithIL: {e}"))?;
            (prog, options.clone())
        }
        Program::Source { path, options } => {
            let text = std::fs::read_to_string(path)?;
            let prog = ClProgram::create_from_source(&context, &text)
                .map_err(|e| anyhow!("clCreateProgramWithSource: {e}"))?;
            (prog, options.clone())
        }
        Program::Vulkan { .. } => bail!("a Vulkan program on OpenCL"),
    };
    if let Err(e) = prog.build(context.devices(), &options) {
        let log = prog.get_build_log(device.id()).unwrap_or_default();
        return Ok(BatchResult::BuildFailed(format!(
            "clBuildProgram: {e}\n{}",
            tail(log.trim_end(), 4000)
        )));
    }
    let results = launches
        .iter()
        .map(|l| launch_opencl(&context, &queue, &prog, l).map_err(|e| format!("{e:#}")))
        .collect();
    Ok(BatchResult::Ran(results))
}

/// The bytes of `v`, with the guard zone after them.
pub(crate) fn guarded<T: Copy>(v: &[T], bytes: impl Fn(&T) -> Vec<u8>) -> Vec<u8> {
    let mut b: Vec<u8> = v.iter().flat_map(bytes).collect();
    b.resize(b.len() + GUARD_BYTES, GUARD_BYTE);
    b
}

/// Checks the guard zone of `data` (of `len` payload bytes) and returns the payload.
pub(crate) fn unguard(name: &str, kernel: &str, mut data: Vec<u8>, len: usize) -> Result<Vec<u8>> {
    if let Some(off) = data[len..].iter().position(|&b| b != GUARD_BYTE) {
        bail!("kernel `{kernel}` wrote past the end of `{name}` (byte {off} after its end)");
    }
    data.truncate(len);
    Ok(data)
}

pub(crate) fn results_from(
    kernel: &str,
    out: Vec<u8>,
    g: Vec<u8>,
    acc: Vec<u8>,
    global: usize,
    acc_len: usize,
) -> Result<Results> {
    let out = unguard("out", kernel, out, global * 8)?;
    let g = unguard("g", kernel, g, global * crate::gen::SLICE * 4)?;
    let acc = unguard("acc", kernel, acc, acc_len * 4)?;
    Ok(Results {
        out: out
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect(),
        g: g.chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap_or([0; 4])))
            .collect(),
        acc: acc
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap_or([0; 4])))
            .collect(),
    })
}

/// The launch's inputs as the kernel of that seed wants them.
pub(crate) fn launch_inputs(l: &Launch) -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) {
    let k = Kernel {
        seed: l.seed,
        std: crate::types::ClStd::Cl12,
        name: l.kernel.clone(),
        global: l.global,
        local: l.local,
        body: String::new(),
        doubles: false,
    };
    let (g, acc, cin) = inputs(&k);
    (
        guarded(&vec![0u64; l.global], |x| x.to_le_bytes().to_vec()),
        guarded(&g, |x| x.to_le_bytes().to_vec()),
        guarded(&acc, |x| x.to_le_bytes().to_vec()),
        guarded(&cin, |x| x.to_le_bytes().to_vec()),
    )
}

fn launch_opencl(
    context: &opencl3::context::Context,
    queue: &opencl3::command_queue::CommandQueue,
    prog: &opencl3::program::Program,
    l: &Launch,
) -> Result<Results> {
    use opencl3::kernel::Kernel as ClKernel;
    use opencl3::memory::{Buffer, ClMem, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
    use opencl3::types::{cl_mem, CL_BLOCKING};
    let kernel = ClKernel::create(prog, &l.kernel)
        .map_err(|e| anyhow!("clCreateKernel({}): {e}", l.kernel))?;
    let (mut out, mut g, mut acc, mut cin) = launch_inputs(l);
    let mut bufs = Vec::new();
    for data in [&mut out, &mut g, &mut acc, &mut cin] {
        // SAFETY: the host pointer is valid for `data.len()` bytes and copied at creation.
        let b = unsafe {
            Buffer::<u8>::create(
                context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                data.len(),
                data.as_mut_ptr().cast(),
            )
        }
        .map_err(|e| anyhow!("clCreateBuffer: {e}"))?;
        bufs.push(b);
    }
    for (i, b) in bufs.iter().enumerate() {
        let mem: cl_mem = b.get();
        // SAFETY: argument i of the kernel is a buffer pointer; `mem` outlives the launch.
        unsafe { kernel.set_arg(i as u32, &mem) }
            .map_err(|e| anyhow!("clSetKernelArg {i}: {e}"))?;
    }
    // SAFETY: argument 4 is a `local int *`; NULL with a size is how it is set.
    unsafe { kernel.set_arg_local_buffer(4, l.local * LREGION * 4) }
        .map_err(|e| anyhow!("clSetKernelArg 4: {e}"))?;
    let (gs, ls) = ([l.global], [l.local]);
    // SAFETY: one-dimensional range; the size arrays live across the call.
    unsafe {
        queue.enqueue_nd_range_kernel(
            kernel.get(),
            1,
            std::ptr::null(),
            gs.as_ptr(),
            ls.as_ptr(),
            &[],
        )
    }
    .map_err(|e| anyhow!("clEnqueueNDRangeKernel: {e}"))?;
    queue.finish().map_err(|e| anyhow!("clFinish: {e}"))?;
    let mut back = Vec::new();
    for (b, len) in bufs.iter().zip([out.len(), g.len(), acc.len()]) {
        let mut data = vec![0u8; len];
        // SAFETY: `data` has the buffer's size; the read is blocking.
        unsafe { queue.enqueue_read_buffer(b, CL_BLOCKING, 0, &mut data, &[]) }
            .map_err(|e| anyhow!("clEnqueueReadBuffer: {e}"))?;
        back.push(data);
    }
    let acc_b = back.pop().unwrap_or_default();
    let g_b = back.pop().unwrap_or_default();
    let out_b = back.pop().unwrap_or_default();
    results_from(&l.kernel, out_b, g_b, acc_b, l.global, crate::gen::ACC)
}
