//! What the driver made of a pipeline (`VK_KHR_pipeline_executable_properties`): for each
//! executable, its statistics (NVIDIA: registers, shared and local memory; Mesa: instruction
//! counts, spills…) and, where the driver offers them, its internal representations (Mesa:
//! NIR, LLVM IR, assembly). [`crate::Program::executables`] returns them.

use ash::vk;

use crate::error::{vk_err, Error};

/// One executable of a compiled pipeline.
#[derive(Debug, Clone, PartialEq)]
pub struct Executable {
    pub name: String,
    pub description: String,
    pub subgroup_size: u32,
    pub statistics: Vec<Statistic>,
    pub representations: Vec<Representation>,
}

/// A compile-time statistic of an executable.
#[derive(Debug, Clone, PartialEq)]
pub struct Statistic {
    pub name: String,
    pub description: String,
    pub value: StatValue,
}

/// A statistic's value, in the type the driver gave.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StatValue {
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
}

impl std::fmt::Display for StatValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StatValue::Bool(b) => write!(f, "{b}"),
            StatValue::Int(i) => write!(f, "{i}"),
            StatValue::Uint(u) => write!(f, "{u}"),
            StatValue::Float(x) => write!(f, "{x}"),
        }
    }
}

/// An internal representation of an executable (text, or bytes the driver marks binary).
#[derive(Debug, Clone, PartialEq)]
pub struct Representation {
    pub name: String,
    pub description: String,
    pub text: bool,
    pub data: Vec<u8>,
}

fn c_string(chars: &[std::ffi::c_char]) -> String {
    // The arrays are NUL-terminated by the specification; a driver that fills one to the end
    // gets its text cut there rather than read past it.
    let bytes: Vec<u8> = chars
        .iter()
        .map(|&c| c as u8)
        .take_while(|&b| b != 0)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Queries every executable of `pipeline`, which was created on `device` with the capture
/// flags (statistics, internal representations).
pub(crate) fn query(
    ext: &ash::khr::pipeline_executable_properties::Device,
    device: vk::Device,
    pipeline: vk::Pipeline,
) -> Result<Vec<Executable>, Error> {
    let info = vk::PipelineInfoKHR::default().pipeline(pipeline);
    // SAFETY: the pipeline belongs to `device`, which enabled `pipelineExecutableInfo`.
    let props = unsafe { ext.get_pipeline_executable_properties(&info) }
        .map_err(vk_err("vkGetPipelineExecutablePropertiesKHR"))?;
    let mut out = Vec::new();
    for (i, p) in props.iter().enumerate() {
        let exe = vk::PipelineExecutableInfoKHR::default()
            .pipeline(pipeline)
            .executable_index(i as u32);
        // SAFETY: as above; `i` is below the count the driver returned.
        let stats = unsafe { ext.get_pipeline_executable_statistics(&exe) }
            .map_err(vk_err("vkGetPipelineExecutableStatisticsKHR"))?;
        let statistics = stats
            .iter()
            .map(|s| Statistic {
                name: c_string(&s.name),
                description: c_string(&s.description),
                // SAFETY: `format` says which member of the union the driver wrote.
                value: unsafe {
                    match s.format {
                        vk::PipelineExecutableStatisticFormatKHR::BOOL32 => {
                            StatValue::Bool(s.value.b32 == vk::TRUE)
                        }
                        vk::PipelineExecutableStatisticFormatKHR::INT64 => {
                            StatValue::Int(s.value.i64)
                        }
                        vk::PipelineExecutableStatisticFormatKHR::FLOAT64 => {
                            StatValue::Float(s.value.f64)
                        }
                        _ => StatValue::Uint(s.value.u64),
                    }
                },
            })
            .collect();
        out.push(Executable {
            name: c_string(&p.name),
            description: c_string(&p.description),
            subgroup_size: p.subgroup_size,
            statistics,
            representations: representations(ext, device, &exe)?,
        });
    }
    Ok(out)
}

/// The internal representations of one executable: the usual two calls, the first for the
/// count, the second for the sizes, then a third with buffers for the data.
fn representations(
    ext: &ash::khr::pipeline_executable_properties::Device,
    device: vk::Device,
    exe: &vk::PipelineExecutableInfoKHR<'_>,
) -> Result<Vec<Representation>, Error> {
    let f = ext
        .fp()
        .get_pipeline_executable_internal_representations_khr;
    let mut count = 0u32;
    // SAFETY: a count query with a null array.
    unsafe { f(device, exe, &mut count, std::ptr::null_mut()) }
        .result()
        .map_err(vk_err("vkGetPipelineExecutableInternalRepresentationsKHR"))?;
    if count == 0 {
        return Ok(Vec::new());
    }
    let mut reps = vec![vk::PipelineExecutableInternalRepresentationKHR::default(); count as usize];
    // SAFETY: `reps` holds `count` default structures with null data pointers: the driver
    // fills in names and sizes only.
    let r = unsafe { f(device, exe, &mut count, reps.as_mut_ptr()) };
    if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
        return Err(vk_err("vkGetPipelineExecutableInternalRepresentationsKHR")(
            r,
        ));
    }
    reps.truncate(count as usize);
    let mut data: Vec<Vec<u8>> = reps.iter().map(|r| vec![0u8; r.data_size]).collect();
    for (r, d) in reps.iter_mut().zip(&mut data) {
        r.p_data = d.as_mut_ptr().cast();
    }
    // SAFETY: every structure points to a buffer of the size the driver asked for, alive
    // across the call.
    let r = unsafe { f(device, exe, &mut count, reps.as_mut_ptr()) };
    if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
        return Err(vk_err("vkGetPipelineExecutableInternalRepresentationsKHR")(
            r,
        ));
    }
    Ok(reps
        .iter()
        .zip(data)
        .map(|(r, mut d)| {
            let text = r.is_text == vk::TRUE;
            d.truncate(r.data_size);
            if text {
                // Text ends with a NUL the size counts.
                while d.last() == Some(&0) {
                    d.pop();
                }
            }
            Representation {
                name: c_string(&r.name),
                description: c_string(&r.description),
                text,
                data: d,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_array_stops_at_its_nul_or_its_end() {
        let mut a = [0 as std::ffi::c_char; 8];
        for (i, b) in b"Regs".iter().enumerate() {
            a[i] = *b as std::ffi::c_char;
        }
        assert_eq!(c_string(&a), "Regs");
        let full = [b'x' as std::ffi::c_char; 4];
        assert_eq!(c_string(&full), "xxxx");
    }
}
