//! Facts about a device's default behaviour that no Vulkan property states, found by
//! running a small clc-compiled kernel on it (`probe/`: each `.cl` with the `.spv` and
//! `.json` clc made of it; `probe/make.sh` remakes them).

use crate::{spirv_words, Arg, Buffer, Device, Error, NdRange, Program, Reflection};

const DENORMALS_SPV: &[u8] = include_bytes!("../probe/denormals.spv");
const DENORMALS_JSON: &str = include_str!("../probe/denormals.json");

/// Whether `dev` flushes `float` subnormals to zero when a module does not ask otherwise
/// (OpenCL allows it for `float`; NVIDIA's Vulkan driver does, lavapipe does not): the
/// probe halves 2^-140 and reads back 2^-141 or 0.
pub fn flushes_float_denormals(dev: &Device) -> Result<bool, Error> {
    let reflection = Reflection::from_json(DENORMALS_JSON)?;
    let program = Program::load(dev, &spirv_words(DENORMALS_SPV)?, &reflection)?;
    let tiny = 2f32.powi(-140);
    let x = Buffer::from_bytes(dev, &tiny.to_le_bytes())?;
    let y = Buffer::from_bytes(dev, &1f32.to_le_bytes())?;
    program.launch(
        "halve",
        &NdRange::new(&[1]),
        &[Arg::Buffer(&x), Arg::Buffer(&y)],
    )?;
    let got = y.to_vec()?;
    let half = f32::from_le_bytes([got[0], got[1], got[2], got[3]]);
    if half == tiny / 2.0 {
        Ok(false)
    } else if half == 0.0 {
        Ok(true)
    } else {
        Err(Error::Unsupported(format!(
            "the subnormal probe read back {half:e}, neither 2^-141 nor 0"
        )))
    }
}
