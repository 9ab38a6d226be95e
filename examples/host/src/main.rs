//! Runs kernels that `build.rs` compiled with clc, through the typed bindings it generated:
//! passing a buffer of the wrong element type, or a value of the wrong type, does not
//! compile.

use opencl3::command_queue::CommandQueue;
use opencl3::context::Context;
use opencl3::device::{Device, CL_DEVICE_TYPE_CPU};
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
use opencl3::program::Program;
use opencl3::types::CL_BLOCKING;
use std::error::Error;

include!(concat!(env!("OUT_DIR"), "/kernels.rs"));

use modules::particles::kernels::step;
use modules::saxpy::kernels::saxpy;
use types::particle;

fn program(context: &Context, words: &[u32]) -> Result<Program, Box<dyn Error>> {
    let il: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut p = Program::create_from_il(context, &il)?;
    p.build(context.devices(), "")?;
    Ok(p)
}

fn buffer<T>(context: &Context, data: &mut [T]) -> Result<Buffer<T>, Box<dyn Error>> {
    // SAFETY: `data` holds `data.len()` elements of `T` and outlives the call, which copies them
    // (CL_MEM_COPY_HOST_PTR).
    Ok(unsafe {
        Buffer::<T>::create(
            context,
            CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
            data.len(),
            data.as_mut_ptr().cast(),
        )?
    })
}

fn main() -> Result<(), Box<dyn Error>> {
    let platform = opencl3::platform::get_platforms()?
        .into_iter()
        .next()
        .ok_or("no OpenCL platform")?;
    let device = Device::new(
        *platform
            .get_devices(CL_DEVICE_TYPE_CPU)?
            .first()
            .ok_or("no CPU device")?,
    );
    let context = Context::from_device(&device)?;
    let queue = CommandQueue::create_default_with_properties(&context, 0, 0)?;

    // saxpy through its typed arguments.
    let n = 32usize;
    let mut x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut y: Vec<f32> = vec![1.0; n];
    let (xb, yb) = (buffer(&context, &mut x)?, buffer(&context, &mut y)?);
    let prog = program(&context, modules::saxpy::SPIRV)?;
    let k = Kernel::create(&prog, saxpy::NAME)?;
    let args = saxpy::Args {
        a: 2.0,
        x: &xb,
        y: &yb,
        n: 30,
    };
    // SAFETY: both buffers hold `n` floats, and the kernel touches the first 30 of each; the
    // global size is `[n]`, one dimension; the reads are blocking, into vectors of the
    // buffers' sizes.
    unsafe {
        args.set(&k)?;
        queue.enqueue_nd_range_kernel(
            k.get(),
            1,
            std::ptr::null(),
            [n].as_ptr(),
            std::ptr::null(),
            &[],
        )?;
        queue.enqueue_read_buffer(&yb, CL_BLOCKING, 0, &mut y, &[])?;
    }
    let expect: Vec<f32> = (0..n)
        .map(|i| if i < 30 { 2.0 * i as f32 + 1.0 } else { 1.0 })
        .collect();
    println!(
        "saxpy: y[0..4] = {:?}, y[30..32] = {:?}: {}",
        &y[..4],
        &y[30..],
        if y == expect { "ok" } else { "MISMATCH" }
    );

    // particles: a struct from a shared header, mirrored in Rust with its OpenCL layout.
    let groups = 2usize;
    let wg = step::REQD_WORK_GROUP_SIZE.map_or(8, |w| w[0]);
    let mut ps: Vec<particle> = (0..wg * groups)
        .map(|i| particle {
            pos: [i as f32, 0.25 * (i % 4) as f32, 0.0, 1.0],
            vel: [1.0, -4.0, 0.0, 0.0],
            mass: 1.0,
            bounces: 0,
            _pad_end: [0; 8],
        })
        .collect();
    let mut counts = vec![0i32; groups];
    let (pb, cb) = (buffer(&context, &mut ps)?, buffer(&context, &mut counts)?);
    let prog = program(&context, modules::particles::SPIRV)?;
    let k = Kernel::create(&prog, step::NAME)?;
    let args = step::Args {
        ps: &pb,
        dt: 0.125,
        bounced: wg,
        group_bounces: &cb,
    };
    // SAFETY: `pb` holds one particle per work-item and `cb` one count per work-group of
    // `wg`, the size the launch uses; the reads are blocking, into vectors of those sizes.
    unsafe {
        args.set(&k)?;
        queue.enqueue_nd_range_kernel(
            k.get(),
            1,
            std::ptr::null(),
            [wg * groups].as_ptr(),
            [wg].as_ptr(),
            &[],
        )?;
        queue.enqueue_read_buffer(&pb, CL_BLOCKING, 0, &mut ps, &[])?;
        queue.enqueue_read_buffer(&cb, CL_BLOCKING, 0, &mut counts, &[])?;
    }
    // Starting heights 0, .25, .5, .75 fall by (4 + 9.75/8)/8 = 0.65234375: all but the
    // highest go below the floor and bounce.
    let bounced: Vec<i32> = ps.iter().map(|p| p.bounces).collect();
    let ok = counts == [6, 6]
        && bounced
            .iter()
            .enumerate()
            .all(|(i, &b)| b == i32::from(i % 4 < 3));
    println!(
        "particles: bounces per group = {counts:?}, p[0] = {:?}: {}",
        ps[0].pos,
        if ok { "ok" } else { "MISMATCH" }
    );
    if y != expect || !ok {
        return Err("results differ from the expected values".into());
    }
    Ok(())
}
