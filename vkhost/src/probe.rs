//! Facts about a device's default behaviour that no Vulkan property states, found by
//! running a small clc-compiled kernel on it (`probe/`: each `.cl` with the `.spv` and
//! `.json` clc made of it; `probe/make.sh` remakes them).

use crate::{spirv_words, Arg, Buffer, Device, Error, NdRange, Program, Reflection};

const DENORMALS_SPV: &[u8] = include_bytes!("../probe/denormals.spv");
const DENORMALS_JSON: &str = include_str!("../probe/denormals.json");

/// Whether `dev` flushes `float` subnormals to zero when a module does not ask otherwise
/// (OpenCL allows it for `float`; NVIDIA's Vulkan driver does, lavapipe does not). The probe
/// computes with 2^-140: a multiply, two comparisons and a `select`-like conversion; any of
/// them seeing 0 counts as flushing, because a driver may flush in some instructions only.
pub fn flushes_float_denormals(dev: &Device) -> Result<bool, Error> {
    let reflection = Reflection::from_json(DENORMALS_JSON)?;
    let program = Program::load(dev, &spirv_words(DENORMALS_SPV)?, &reflection)?;
    // Written as bits: `2f32.powi(-140)` may be computed as 1/2^140, which overflows to 0.
    let tiny = f32::from_bits(0x200); // 2^-140
    let inputs: Vec<u8> = [tiny, f32::from_bits(0x400)]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let x = Buffer::from_bytes(dev, &inputs)?;
    let y = Buffer::from_bytes(dev, &[0u8; 16])?;
    program.launch(
        "halve",
        &NdRange::new(&[1]),
        &[Arg::Buffer(&x), Arg::Buffer(&y)],
    )?;
    let got: Vec<f32> = y
        .to_vec()?
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let product = got[0];
    let mut flushed = if product.to_bits() == 0x100 {
        false // 2^-141
    } else if product == 0.0 {
        true
    } else {
        return Err(Error::Unsupported(format!(
            "the subnormal probe read back {product:e}, neither 2^-141 nor 0"
        )));
    };
    for (i, &v) in got[1..].iter().enumerate() {
        if v == 1.0 {
            flushed = true;
        } else if v != 2.0 {
            return Err(Error::Unsupported(format!(
                "the subnormal probe's comparison {} read back {v:e}, neither 1 nor 2",
                i + 1
            )));
        }
    }
    Ok(flushed)
}
