//! `vkhost`: runs the Vulkan compute modules `clc --target=vulkan1.2` writes, as
//! `docs/VULKAN.md` says a host must: one argument block per dispatch (a 48-byte header, then
//! buffer device addresses and values at their reflected offsets, in push constants or a
//! uniform buffer), work-group size and `__local` array lengths as specialization constants,
//! the module data buffer, and the private stack.
//!
//! ```no_run
//! # fn main() -> Result<(), vkhost::Error> {
//! use vkhost::{Arg, Buffer, Device, NdRange, Program, Reflection};
//! let reflection = Reflection::from_json(&std::fs::read_to_string("k.json").unwrap())?;
//! let dev = Device::for_reflection(&reflection)?;
//! let words = vkhost::spirv_words(&std::fs::read("k.spv").unwrap())?;
//! let program = Program::load(&dev, &words, &reflection)?;
//! let x = Buffer::from_bytes(&dev, &[0u8; 4096])?;
//! program.launch("fill", &NdRange::new(&[1024]), &[Arg::Buffer(&x), Arg::Value(&7u32.to_le_bytes())])?;
//! let bytes = x.to_vec()?;
//! # Ok(()) }
//! ```
//!
//! * [`reflect`]: the reflection JSON.
//! * [`layout`]: the argument block, NDRange and specialization constants (pure, tested).
//! * [`Device`]: instance, device choice (`$CLC_VK_DEVICE`), features, queue.
//! * [`Buffer`]: device-local buffers with device addresses, staged reads and writes.
//! * [`Program`]: modules, pipelines, [`Program::launch`] and [`Program::time`];
//!   [`Program::executables`]: the driver's statistics of a kernel's pipeline (registers…).
//! * [`printf`]: the printf buffer's records formatted as OpenCL C's printf does;
//!   [`Program::take_printf`] returns what the launches printed.
//!
//! Every submission waits for its fence, so buffers may be read or dropped as soon as a call
//! returns. Nothing panics on what the environment or the input can cause: see [`Error`].

mod buffer;
mod device;
mod error;
pub mod executable;
mod features;
pub mod image;
pub mod layout;
pub mod printf;
pub mod probe;
mod program;
pub mod reflect;
mod spirv;

/// The `ash` Vulkan types ([`Device::properties`] returns one).
pub use ash::vk;
pub use buffer::Buffer;
pub use device::{Device, DEVICE_ENV, PIPELINE_EXECUTABLE_PROPERTIES};
pub use error::Error;
pub use executable::{Executable, Representation, StatValue, Statistic};
pub use features::{known_features, REQUIRED_FEATURES};
pub use image::{Image, ImageDesc, ImageShape};
pub use layout::{LayoutError, NdRange};
pub use printf::PrintfOutput;
pub use program::{Arg, Program, Step, Timing};
pub use reflect::Reflection;

/// The words of a SPIR-V binary (little endian, as clc writes it).
pub fn spirv_words(bytes: &[u8]) -> Result<Vec<u32>, Error> {
    if bytes.len() & 3 != 0 || bytes.is_empty() {
        return Err(Error::Spirv(format!(
            "{} bytes is not a whole number of 32-bit words",
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}
