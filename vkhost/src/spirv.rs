//! Edits of a module's words a host makes for its device (docs/VULKAN.md).

use crate::Error;

const OP_CAPABILITY: u32 = 17;
const OP_EXECUTION_MODE: u32 = 16;
const CAPABILITY_DENORM_PRESERVE: u32 = 4464;
const MODE_DENORM_PRESERVE: u32 = 4459;

/// `module` without its `OpExecutionMode … DenormPreserve <width>` instructions, and without
/// the `DenormPreserve` capability when no such mode is left: for devices that lack
/// `shaderDenormPreserveFloat<width>`.
pub(crate) fn without_denorm_preserve(module: &[u32], width: u32) -> Result<Vec<u32>, Error> {
    let bad = |at: usize| Error::Spirv(format!("malformed instruction at word {at}"));
    let header = module.get(..5).ok_or_else(|| bad(0))?;
    let mut out = header.to_vec();
    let mut kept_modes = false;
    let mut at = 5;
    let mut insts = Vec::new();
    while at < module.len() {
        let count = (module[at] >> 16) as usize;
        if count == 0 || at + count > module.len() {
            return Err(bad(at));
        }
        insts.push(&module[at..at + count]);
        at += count;
    }
    let is_mode = |i: &[u32]| {
        i[0] & 0xffff == OP_EXECUTION_MODE && i.len() == 4 && i[2] == MODE_DENORM_PRESERVE
    };
    for i in &insts {
        if is_mode(i) && i[3] != width {
            kept_modes = true;
        }
    }
    for i in insts {
        let drop_mode = is_mode(i) && i[3] == width;
        let drop_cap = i[0] & 0xffff == OP_CAPABILITY
            && i.get(1) == Some(&CAPABILITY_DENORM_PRESERVE)
            && !kept_modes;
        if !drop_mode && !drop_cap {
            out.extend_from_slice(i);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_the_mode_and_its_capability() {
        let module = [
            0x0723_0203,
            0x0001_0500,
            0,
            10,
            0,
            (2 << 16) | OP_CAPABILITY,
            1,
            (2 << 16) | OP_CAPABILITY,
            CAPABILITY_DENORM_PRESERVE,
            (4 << 16) | OP_EXECUTION_MODE,
            7,
            MODE_DENORM_PRESERVE,
            16,
            (6 << 16) | OP_EXECUTION_MODE,
            7,
            17,
            1,
            1,
            1,
        ];
        let out = without_denorm_preserve(&module, 16).unwrap();
        assert_eq!(
            out,
            [
                0x0723_0203,
                0x0001_0500,
                0,
                10,
                0,
                (2 << 16) | OP_CAPABILITY,
                1,
                (6 << 16) | OP_EXECUTION_MODE,
                7,
                17,
                1,
                1,
                1
            ]
        );
        // A truncated instruction is an error, not a panic.
        assert!(without_denorm_preserve(&module[..11], 16).is_err());
    }
}
