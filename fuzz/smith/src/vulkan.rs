//! clc's Vulkan module of a batch, run on lavapipe (or `$CLC_VK_DEVICE`) through vkhost: one
//! device and one loaded program for all the batch's launches.

use std::path::Path;

use anyhow::{Context as _, Result};

use crate::exec::{launch_inputs, results_from, BatchResult, Launch, Results};
use crate::gen::{ACC, LREGION};

/// Runs every launch of the module `spirv` (reflection `json`) in this process.
pub fn run(spirv: &Path, json: &Path, launches: &[Launch]) -> Result<BatchResult> {
    let text =
        std::fs::read_to_string(json).with_context(|| format!("reading {}", json.display()))?;
    let reflection = vkhost::Reflection::from_json(&text)?;
    let bytes = std::fs::read(spirv).with_context(|| format!("reading {}", spirv.display()))?;
    let words = vkhost::spirv_words(&bytes)?;
    let dev = vkhost::Device::for_reflection(&reflection)?;
    let program = match vkhost::Program::load(&dev, &words, &reflection) {
        Ok(p) => p,
        Err(e) => return Ok(BatchResult::BuildFailed(e.to_string())),
    };
    let results = launches
        .iter()
        .map(|l| launch(&dev, &program, l).map_err(|e| format!("{e:#}")))
        .collect();
    Ok(BatchResult::Ran(results))
}

fn launch(dev: &vkhost::Device, program: &vkhost::Program, l: &Launch) -> Result<Results> {
    let (out, g, acc, cin) = launch_inputs(l);
    let bufs = [&out, &g, &acc, &cin]
        .iter()
        .map(|d| vkhost::Buffer::from_bytes(dev, d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut args: Vec<vkhost::Arg> = bufs.iter().map(vkhost::Arg::Buffer).collect();
    args.push(vkhost::Arg::Local((l.local * LREGION * 4) as u64));
    let range = vkhost::NdRange::new(&[l.global as u64]).with_local(&[l.local as u32]);
    program
        .launch(&l.kernel, &range, &args)
        .with_context(|| format!("launching `{}`", l.kernel))?;
    let out_b = bufs[0].to_vec()?;
    let g_b = bufs[1].to_vec()?;
    let acc_b = bufs[2].to_vec()?;
    results_from(&l.kernel, out_b, g_b, acc_b, l.global, ACC)
}
