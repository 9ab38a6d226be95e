//! What the command-line tests share: running `clc` in a folder, writing inputs, reading
//! modules.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const VADD: &str =
    "kernel void vadd(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
";

pub fn clc(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_clc"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run clc")
}

pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(&p, text).expect("write");
    p
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Whether a module has an `OpEntryPoint` of execution model `model` (GLCompute = 5).
pub fn has_entry_point(w: &[u32], model: u32) -> bool {
    let mut i = 5;
    while i < w.len() {
        let (len, op) = ((w[i] >> 16) as usize, w[i] & 0xffff);
        if op == 15 && w.get(i + 1) == Some(&model) {
            return true;
        }
        i += len.max(1);
    }
    false
}
