//! The argument block, the NDRange and the specialization constants of one dispatch, computed
//! without a device (docs/VULKAN.md, "Arguments: one block" and "Work-group size and NDRange").
//!
//! Everything here is a pure function of the reflection and the launch, so it is unit-tested
//! byte for byte; [`crate::Program`] only hands the results to Vulkan.

use crate::reflect::{ArgClass, Kernel, KernelVulkan};

/// Bytes of the fixed header at the start of every argument block.
pub const HEADER_BYTES: u32 = 48;

/// Local size used in dimension 0 when the caller gives none and the kernel fixes none.
pub const DEFAULT_LOCAL_X: u32 = 64;

/// The local size vkhost gives 1-D ranges of kernels that cannot observe their work-groups
/// (reflection `workgroup_size.free`): on NVIDIA's Vulkan driver a work-group costs about
/// 25 SM cycles to launch, which bounds short kernels at 256 items per group and not at 512
/// (BENCHMARKS.md, copy_float).
pub const FREE_LOCAL_X: u32 = 512;

impl Resolved {
    /// A 1-D range of a kernel that cannot observe its work-groups, in groups of
    /// [`FREE_LOCAL_X`] (at most `max_x` and `max_items`) when its own are smaller.
    pub fn widened(mut self, max_x: u32, max_items: u32) -> Resolved {
        let want = FREE_LOCAL_X.min(max_x).min(max_items);
        if self.work_dim == 1 && self.local[0] < want {
            self.local[0] = want;
            self.groups[0] = self.global[0].div_ceil(want);
        }
        self
    }
}

/// Why a launch's arguments or NDRange do not fit the kernel.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The kernel has no `vulkan` section (a reflection of the OpenCL target).
    #[error("the reflection has no Vulkan layout for kernel `{0}` (was it compiled with --target=vulkan1.2?)")]
    NotVulkan(String),
    /// Wrong number of arguments.
    #[error("kernel `{kernel}` has {expected} parameters but {got} arguments were given")]
    ArgCount {
        /// Kernel name.
        kernel: String,
        /// Parameters in the reflection.
        expected: usize,
        /// Arguments given.
        got: usize,
    },
    /// An argument of the wrong kind for its parameter.
    #[error("argument {index} `{name}` is a {class} parameter but was given {given}")]
    ArgKind {
        /// Position.
        index: usize,
        /// Parameter name.
        name: String,
        /// The reflection's class.
        class: &'static str,
        /// What was passed.
        given: &'static str,
    },
    /// A value argument whose byte count differs from the parameter's size.
    #[error("argument {index} `{name}` takes {expected} bytes but {got} were given")]
    ValueSize {
        /// Position.
        index: usize,
        /// Parameter name.
        name: String,
        /// The reflected size.
        expected: u32,
        /// Bytes given.
        got: usize,
    },
    /// The reflection places something outside the block, or omits a place.
    #[error("bad reflection for kernel `{kernel}`: {msg}")]
    BadReflection {
        /// Kernel name.
        kernel: String,
        /// What is wrong.
        msg: String,
    },
    /// A bad NDRange.
    #[error("bad NDRange: {0}")]
    Range(String),
    /// The local size differs from the kernel's `reqd_work_group_size`.
    #[error("kernel `{kernel}` requires work-group size {required:?} but {given:?} was given")]
    ReqdMismatch {
        /// Kernel name.
        kernel: String,
        /// The fixed size.
        required: [u32; 3],
        /// The requested size.
        given: [u32; 3],
    },
}

/// An NDRange as OpenCL's clEnqueueNDRangeKernel takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NdRange {
    /// 1 to 3.
    pub work_dim: u32,
    /// Global size per dimension (entries past `work_dim` are ignored).
    pub global: [u64; 3],
    /// Local size, or `None` to let the host pick one.
    pub local: Option<[u32; 3]>,
    /// Global work offset.
    pub offset: [u64; 3],
}

impl NdRange {
    /// A range of `global.len()` (1 to 3) dimensions, no local size, no offset.
    pub fn new(global: &[u64]) -> NdRange {
        let mut g = [1u64; 3];
        for (d, &n) in g.iter_mut().zip(global) {
            *d = n;
        }
        NdRange {
            work_dim: global.len() as u32,
            global: g,
            local: None,
            offset: [0; 3],
        }
    }

    /// The same range with this local size (as many entries as dimensions; others are 1).
    pub fn with_local(mut self, local: &[u32]) -> NdRange {
        let mut l = [1u32; 3];
        for (d, &n) in l.iter_mut().zip(local) {
            *d = n;
        }
        self.local = Some(l);
        self
    }

    /// The same range with this global offset.
    pub fn with_offset(mut self, offset: &[u64]) -> NdRange {
        let mut o = [0u64; 3];
        for (d, &n) in o.iter_mut().zip(offset) {
            *d = n;
        }
        self.offset = o;
        self
    }
}

/// An NDRange made concrete for one kernel: unused dimensions are 1 (offset 0), the local size
/// is chosen, and everything fits the 32-bit header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// 1 to 3.
    pub work_dim: u32,
    /// Global size, 1 past `work_dim`.
    pub global: [u32; 3],
    /// Local size, 1 past `work_dim`.
    pub local: [u32; 3],
    /// Global offset, 0 past `work_dim`.
    pub offset: [u32; 3],
    /// Work-groups to dispatch: `ceil(global / local)`.
    pub groups: [u32; 3],
}

impl Resolved {
    /// Work-items in the whole range.
    pub fn items(&self) -> u64 {
        self.global.iter().map(|&g| g as u64).product()
    }
}

/// The kernel's `vulkan` section, or [`LayoutError::NotVulkan`].
pub fn kernel_vulkan(kernel: &Kernel) -> Result<&KernelVulkan, LayoutError> {
    kernel
        .vulkan
        .as_ref()
        .ok_or_else(|| LayoutError::NotVulkan(kernel.name.clone()))
}

/// Checks `range` and picks the local size: the caller's, else the kernel's fixed size, else
/// [`DEFAULT_LOCAL_X`]×1×1 clamped to the global size. A caller's size that differs from a
/// fixed one is an error, as in OpenCL.
pub fn resolve_range(kernel: &Kernel, range: &NdRange) -> Result<Resolved, LayoutError> {
    let v = kernel_vulkan(kernel)?;
    let bad = |m: String| Err(LayoutError::Range(m));
    let dims = range.work_dim as usize;
    if !(1..=3).contains(&dims) {
        return bad(format!("work_dim is {}, must be 1 to 3", range.work_dim));
    }
    let fixed = v.workgroup_size.fixed.or(kernel.reqd_work_group_size);
    let (mut global, mut local, mut offset) = ([1u32; 3], [1u32; 3], [0u32; 3]);
    for d in 0..dims {
        let g = range.global[d];
        if g == 0 {
            return bad(format!("global size {d} is 0"));
        }
        global[d] = u32::try_from(g)
            .map_err(|_| LayoutError::Range(format!("global size {d} ({g}) exceeds 2^32-1")))?;
        offset[d] = u32::try_from(range.offset[d]).map_err(|_| {
            LayoutError::Range(format!(
                "global offset {d} ({}) exceeds 2^32-1",
                range.offset[d]
            ))
        })?;
        if offset[d] as u64 + g > u32::MAX as u64 + 1 {
            return bad(format!(
                "global offset + size in dimension {d} exceeds 2^32"
            ));
        }
    }
    match (range.local, fixed) {
        (Some(l), _) => {
            for d in 0..dims {
                if l[d] == 0 {
                    return bad(format!("local size {d} is 0"));
                }
                local[d] = l[d];
            }
        }
        (None, Some(f)) => local = f,
        (None, None) => local[0] = DEFAULT_LOCAL_X.min(global[0]),
    }
    if let Some(f) = fixed {
        if local != f {
            return Err(LayoutError::ReqdMismatch {
                kernel: kernel.name.clone(),
                required: f,
                given: local,
            });
        }
    }
    let groups = [0, 1, 2].map(|d| global[d].div_ceil(local[d]));
    Ok(Resolved {
        work_dim: range.work_dim,
        global,
        local,
        offset,
        groups,
    })
}

/// The fixed first 48 bytes of every argument block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Header {
    /// `get_global_offset`.
    pub global_offset: [u32; 3],
    /// `get_work_dim`.
    pub work_dim: u32,
    /// `get_global_size` (not rounded to the local size).
    pub global_size: [u32; 3],
    /// Device address of the module data buffer, 0 without one.
    pub data_address: u64,
    /// Device address of the private stack, 0 without one.
    pub stack_address: u64,
}

impl Header {
    /// The header of a dispatch of `r`.
    pub fn new(r: &Resolved, data_address: u64, stack_address: u64) -> Header {
        Header {
            global_offset: r.offset,
            work_dim: r.work_dim,
            global_size: r.global,
            data_address,
            stack_address,
        }
    }

    /// Its 48 bytes, little endian.
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES as usize] {
        let mut b = [0u8; HEADER_BYTES as usize];
        let words = self
            .global_offset
            .iter()
            .chain([&self.work_dim])
            .chain(&self.global_size);
        for (i, w) in words.enumerate() {
            b[i * 4..i * 4 + 4].copy_from_slice(&w.to_le_bytes());
        }
        // bytes 28..32 stay 0 (padding)
        b[32..40].copy_from_slice(&self.data_address.to_le_bytes());
        b[40..48].copy_from_slice(&self.stack_address.to_le_bytes());
        b
    }
}

/// One argument as the block needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgValue<'a> {
    /// A buffer's device address (`__global`/`__constant` pointers; 0 for NULL).
    Address(u64),
    /// The bytes of a value with OpenCL C's layout.
    Bytes(&'a [u8]),
    /// A `__local` array of this many bytes.
    Local(u64),
    /// An image: its OpenCL channel order and channel type (the image itself is bound as
    /// a descriptor).
    Image([u8; 8]),
    /// A sampler's OpenCL bits.
    Sampler(u32),
}

impl ArgValue<'_> {
    fn name(&self) -> &'static str {
        match self {
            ArgValue::Address(_) => "a buffer",
            ArgValue::Bytes(_) => "a value",
            ArgValue::Local(_) => "a __local size",
            ArgValue::Image(_) => "an image",
            ArgValue::Sampler(_) => "a sampler",
        }
    }
}

/// Checks that `args` match the kernel's parameters one by one.
fn check_args(kernel: &Kernel, args: &[ArgValue]) -> Result<(), LayoutError> {
    if args.len() != kernel.args.len() {
        return Err(LayoutError::ArgCount {
            kernel: kernel.name.clone(),
            expected: kernel.args.len(),
            got: args.len(),
        });
    }
    for (index, (p, a)) in kernel.args.iter().zip(args).enumerate() {
        let ok = matches!(
            (p.class, a),
            (ArgClass::Buffer, ArgValue::Address(_))
                | (ArgClass::Value, ArgValue::Bytes(_))
                | (ArgClass::Local, ArgValue::Local(_))
                | (ArgClass::Opaque, ArgValue::Image(_) | ArgValue::Sampler(_))
        );
        if !ok {
            return Err(LayoutError::ArgKind {
                index,
                name: p.name.clone(),
                class: p.class.name(),
                given: a.name(),
            });
        }
    }
    Ok(())
}

/// The argument block: `header`, then each buffer address and value at its reflected offset,
/// zeros elsewhere; `block_size` bytes rounded up to a multiple of 4 (push-constant ranges
/// must be).
pub fn fill_block(
    kernel: &Kernel,
    header: &Header,
    args: &[ArgValue],
) -> Result<Vec<u8>, LayoutError> {
    let v = kernel_vulkan(kernel)?;
    check_args(kernel, args)?;
    let bad = |msg: String| LayoutError::BadReflection {
        kernel: kernel.name.clone(),
        msg,
    };
    if v.block_size < HEADER_BYTES {
        return Err(bad(format!(
            "block_size {} is below the 48-byte header",
            v.block_size
        )));
    }
    let mut block = vec![0u8; v.block_size.next_multiple_of(4) as usize];
    block[..HEADER_BYTES as usize].copy_from_slice(&header.to_bytes());
    for (index, (p, a)) in kernel.args.iter().zip(args).enumerate() {
        let bytes: Vec<u8> = match *a {
            ArgValue::Address(addr) => addr.to_le_bytes().to_vec(),
            ArgValue::Bytes(b) => b.to_vec(),
            ArgValue::Image(w) => w.to_vec(),
            ArgValue::Sampler(bits) => bits.to_le_bytes().to_vec(),
            ArgValue::Local(_) => continue,
        };
        let place = p.vulkan.unwrap_or_default();
        let offset = place
            .offset
            .ok_or_else(|| bad(format!("argument `{}` has no vulkan.offset", p.name)))?;
        let size = place.size.unwrap_or(bytes.len() as u32);
        if bytes.len() != size as usize {
            return Err(LayoutError::ValueSize {
                index,
                name: p.name.clone(),
                expected: size,
                got: bytes.len(),
            });
        }
        let end = offset as u64 + size as u64;
        if offset < HEADER_BYTES || end > v.block_size as u64 {
            return Err(bad(format!(
                "argument `{}` at bytes {offset}..{end} is outside 48..{}",
                p.name, v.block_size
            )));
        }
        block[offset as usize..end as usize].copy_from_slice(&bytes);
    }
    Ok(block)
}

/// The work-group local frames of a flat-generic kernel's dispatch: each frame holds the
/// kernel's `__local` variables, then its `__local` arguments (16-aligned, in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalFrames {
    /// Bytes of one work-group's frame (a multiple of 16).
    pub frame_bytes: u64,
    /// Bytes of the buffer holding every work-group's frame.
    pub total_bytes: u64,
    /// (block offset, offset in the frame) of each `__local` argument.
    pub args: Vec<(u32, u64)>,
    /// Block offset of the frames' address and frame size.
    pub block_offset: u32,
}

/// The local frames a dispatch of `kernel` over `r` needs; `None` when the kernel has none.
pub fn local_frames(
    kernel: &Kernel,
    r: &Resolved,
    args: &[ArgValue],
) -> Result<Option<LocalFrames>, LayoutError> {
    let v = kernel_vulkan(kernel)?;
    check_args(kernel, args)?;
    let Some(frame) = v.local_frame else {
        return Ok(None);
    };
    let overflow =
        || LayoutError::Range(format!("kernel `{}`: local frames overflow", kernel.name));
    let mut pos = frame.static_bytes.next_multiple_of(16);
    let mut out = Vec::new();
    for (p, a) in kernel.args.iter().zip(args) {
        let ArgValue::Local(bytes) = *a else { continue };
        let at = p
            .vulkan
            .and_then(|x| x.offset)
            .ok_or_else(|| LayoutError::BadReflection {
                kernel: kernel.name.clone(),
                msg: format!("__local argument `{}` has no vulkan.offset", p.name),
            })?;
        pos = pos.next_multiple_of(16);
        out.push((at, pos));
        pos = pos.checked_add(bytes).ok_or_else(overflow)?;
    }
    let frame_bytes = pos.next_multiple_of(16).max(16);
    let groups: u64 = r.groups.iter().map(|&g| g as u64).product();
    let total_bytes = frame_bytes.checked_mul(groups).ok_or_else(overflow)?;
    Ok(Some(LocalFrames {
        frame_bytes,
        total_bytes,
        args: out,
        block_offset: frame.offset,
    }))
}

/// Writes the local frames' address `address`, the frame size and each `__local`
/// argument's offset in the frame into `block`.
pub fn write_local_frames(
    kernel: &Kernel,
    block: &mut [u8],
    frames: &LocalFrames,
    address: u64,
) -> Result<(), LayoutError> {
    let mut put = |at: u32, value: u64| -> Result<(), LayoutError> {
        let at = at as usize;
        let dst = block
            .get_mut(at..at + 8)
            .ok_or_else(|| LayoutError::BadReflection {
                kernel: kernel.name.clone(),
                msg: format!("local frame slot at byte {at} is outside the block"),
            })?;
        dst.copy_from_slice(&value.to_le_bytes());
        Ok(())
    };
    put(frames.block_offset, address)?;
    put(frames.block_offset + 8, frames.frame_bytes)?;
    for &(at, offset) in &frames.args {
        put(at, offset)?;
    }
    Ok(())
}

/// The specialization constants of a dispatch, `(constant id, value)`, sorted by id: the
/// work-group size (when the kernel takes it through spec ids) and each `__local` argument's
/// length in elements (`bytes / elem_size`, at least 1).
pub fn spec_constants(
    kernel: &Kernel,
    r: &Resolved,
    args: &[ArgValue],
) -> Result<Vec<(u32, u32)>, LayoutError> {
    let v = kernel_vulkan(kernel)?;
    check_args(kernel, args)?;
    let mut out = Vec::new();
    if let Some(ids) = v.workgroup_size.spec_ids {
        out.extend(ids.iter().copied().zip(r.local));
    }
    for (index, (p, a)) in kernel.args.iter().zip(args).enumerate() {
        let ArgValue::Local(bytes) = *a else { continue };
        if v.local_frame.is_some() {
            // Flat generic pointers: the argument is in the local frame.
            continue;
        }
        if bytes == 0 {
            return Err(LayoutError::Range(format!(
                "__local argument {index} `{}` has size 0",
                p.name
            )));
        }
        let id = p
            .vulkan
            .and_then(|x| x.spec_id)
            .ok_or_else(|| LayoutError::BadReflection {
                kernel: kernel.name.clone(),
                msg: format!("__local argument `{}` has no vulkan.spec_id", p.name),
            })?;
        let len = (bytes / p.elem_size()).max(1);
        let len = u32::try_from(len).map_err(|_| {
            LayoutError::Range(format!(
                "__local argument `{}` of {bytes} bytes is too large",
                p.name
            ))
        })?;
        out.push((id, len));
    }
    out.sort_unstable();
    if let Some(w) = out.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(LayoutError::BadReflection {
            kernel: kernel.name.clone(),
            msg: format!("specialization constant {} is used twice", w[0].0),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reflect::Reflection;

    #[test]
    fn free_kernels_widen_1d_groups_within_limits() {
        let r = Resolved {
            work_dim: 1,
            global: [1000, 1, 1],
            local: [256, 1, 1],
            offset: [0; 3],
            groups: [4, 1, 1],
        };
        let w = r.widened(1024, 1024);
        assert_eq!((w.local, w.groups), ([512, 1, 1], [2, 1, 1]));
        assert_eq!(r.widened(384, 1024).local, [384, 1, 1]);
        let big = Resolved {
            local: [1024, 1, 1],
            groups: [1, 1, 1],
            ..r
        };
        assert_eq!(big.widened(1024, 1024).local, [1024, 1, 1]);
        let two_d = Resolved { work_dim: 2, ..r };
        assert_eq!(two_d.widened(1024, 1024).local, [256, 1, 1]);
    }

    /// `kernel void k(global float *x, float3 v, local int *t, uint n)` with the layout the
    /// compiler gives it (float3 takes 16 bytes, 16-aligned).
    fn kernel(ws: &str) -> Kernel {
        let json = format!(
            r#"{{"kernels": [{{"name": "k", "args": [
              {{"name": "x", "class": "buffer", "ty": {{"kind": "scalar", "size": 4}},
                "vulkan": {{"offset": 48, "size": 8}}}},
              {{"name": "v", "class": "value", "ty": {{"kind": "vector", "size": 16}},
                "vulkan": {{"offset": 64, "size": 16}}}},
              {{"name": "t", "class": "local", "ty": {{"kind": "scalar", "size": 4}},
                "vulkan": {{"spec_id": 3}}}},
              {{"name": "n", "class": "value", "ty": {{"kind": "scalar", "size": 4}},
                "vulkan": {{"offset": 80, "size": 4}}}}],
              "vulkan": {{"entry_point": "k", "block": "push_constant", "block_size": 84,
                         "workgroup_size": {ws}, "private_stack_bytes": 0}}}}]}}"#
        );
        Reflection::from_json(&json).unwrap().kernels.remove(0)
    }

    const SPEC: &str = r#"{"spec_ids": [0, 1, 2]}"#;

    fn v3() -> [u8; 16] {
        let mut b = [0u8; 16];
        for (i, f) in [1.0f32, 2.0, 3.0].iter().enumerate() {
            b[i * 4..i * 4 + 4].copy_from_slice(&f.to_le_bytes());
        }
        b
    }

    #[test]
    fn header_bytes() {
        let h = Header {
            global_offset: [1, 2, 3],
            work_dim: 2,
            global_size: [100, 7, 1],
            data_address: 0x1122_3344_5566_7788,
            stack_address: 0xdead_beef_0000_0010,
        };
        let b = h.to_bytes();
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap());
        assert_eq!([u32_at(0), u32_at(4), u32_at(8)], [1, 2, 3]);
        assert_eq!(u32_at(12), 2);
        assert_eq!([u32_at(16), u32_at(20), u32_at(24)], [100, 7, 1]);
        assert_eq!(u32_at(28), 0);
        assert_eq!(u64_at(32), 0x1122_3344_5566_7788);
        assert_eq!(u64_at(40), 0xdead_beef_0000_0010);
    }

    #[test]
    fn fills_args_at_their_offsets() {
        let k = kernel(SPEC);
        let r = resolve_range(&k, &NdRange::new(&[100]).with_local(&[32])).unwrap();
        let v = v3();
        let args = [
            ArgValue::Address(0xAABB_CCDD_0011_2233),
            ArgValue::Bytes(&v),
            ArgValue::Local(64),
            ArgValue::Bytes(&77u32.to_le_bytes()),
        ];
        let b = fill_block(&k, &Header::new(&r, 5, 0), &args).unwrap();
        assert_eq!(b.len(), 84);
        assert_eq!(&b[16..20], &100u32.to_le_bytes());
        assert_eq!(&b[12..16], &1u32.to_le_bytes());
        assert_eq!(
            &b[20..28],
            &[1, 0, 0, 0, 1, 0, 0, 0],
            "unused global sizes are 1"
        );
        assert_eq!(&b[32..40], &5u64.to_le_bytes());
        assert_eq!(&b[48..56], &0xAABB_CCDD_0011_2233u64.to_le_bytes());
        assert_eq!(&b[56..64], &[0; 8], "padding before the 16-aligned float3");
        assert_eq!(&b[64..80], &v);
        assert_eq!(&b[80..84], &77u32.to_le_bytes());
        assert_eq!(
            spec_constants(&k, &r, &args).unwrap(),
            vec![(0, 32), (1, 1), (2, 1), (3, 16)]
        );
    }

    /// `kernel void f(local int *a, global int *o, local char *b)` of a flat-generic
    /// module with 40 bytes of `__local` variables.
    fn flat_kernel() -> Kernel {
        let json = r#"{"kernels": [{"name": "f", "args": [
              {"name": "a", "class": "local", "ty": {"kind": "scalar", "size": 4},
               "vulkan": {"offset": 48, "size": 8}},
              {"name": "o", "class": "buffer", "ty": {"kind": "scalar", "size": 4},
               "vulkan": {"offset": 56, "size": 8}},
              {"name": "b", "class": "local", "ty": {"kind": "scalar", "size": 1},
               "vulkan": {"offset": 64, "size": 8}}],
              "vulkan": {"entry_point": "f", "block": "push_constant", "block_size": 88,
                         "workgroup_size": {"spec_ids": [0, 1, 2]},
                         "local_frame": {"offset": 72, "static_bytes": 40}}}]}"#;
        Reflection::from_json(json).unwrap().kernels.remove(0)
    }

    #[test]
    fn flat_kernels_get_local_frames_per_work_group() {
        let k = flat_kernel();
        let r = resolve_range(&k, &NdRange::new(&[100]).with_local(&[32])).unwrap();
        let args = [
            ArgValue::Local(36),
            ArgValue::Address(7),
            ArgValue::Local(3),
        ];
        let f = local_frames(&k, &r, &args).unwrap().unwrap();
        // 40 static bytes → 48; a at 48 (36 bytes) → 84; b at 96 (3 bytes) → 99 → 112.
        assert_eq!(f.args, vec![(48, 48), (64, 96)]);
        assert_eq!(f.frame_bytes, 112);
        assert_eq!(
            f.total_bytes,
            112 * 4,
            "one frame per work-group (4 of them)"
        );
        let mut b = fill_block(&k, &Header::new(&r, 0, 0), &args).unwrap();
        write_local_frames(&k, &mut b, &f, 0x1000_0000).unwrap();
        let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
        assert_eq!(u64_at(48), 48);
        assert_eq!(u64_at(56), 7);
        assert_eq!(u64_at(64), 96);
        assert_eq!(u64_at(72), 0x1000_0000);
        assert_eq!(u64_at(80), 112);
        assert_eq!(
            spec_constants(&k, &r, &args).unwrap(),
            vec![(0, 32), (1, 1), (2, 1)],
            "no specialization constant for flat __local arguments"
        );
        // Other kernels have no frames.
        let plain = kernel(SPEC);
        let v = v3();
        let args = [
            ArgValue::Address(0),
            ArgValue::Bytes(&v),
            ArgValue::Local(64),
            ArgValue::Bytes(&[0; 4]),
        ];
        assert_eq!(local_frames(&plain, &r, &args).unwrap(), None);
    }

    #[test]
    fn block_size_rounds_up_to_four() {
        let mut k = kernel(SPEC);
        k.vulkan.as_mut().unwrap().block_size = 85;
        let r = resolve_range(&k, &NdRange::new(&[1])).unwrap();
        let args = [
            ArgValue::Address(0),
            ArgValue::Bytes(&[0; 16]),
            ArgValue::Local(4),
            ArgValue::Bytes(&[0; 4]),
        ];
        assert_eq!(
            fill_block(&k, &Header::new(&r, 0, 0), &args).unwrap().len(),
            88
        );
    }

    #[test]
    fn rejects_mismatched_args() {
        let k = kernel(SPEC);
        let h = Header::default();
        let e = fill_block(&k, &h, &[ArgValue::Address(0)]).unwrap_err();
        assert!(
            matches!(
                e,
                LayoutError::ArgCount {
                    expected: 4,
                    got: 1,
                    ..
                }
            ),
            "{e}"
        );
        let e = fill_block(
            &k,
            &h,
            &[
                ArgValue::Bytes(&[0; 8]),
                ArgValue::Bytes(&[0; 16]),
                ArgValue::Local(4),
                ArgValue::Bytes(&[0; 4]),
            ],
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "argument 0 `x` is a buffer parameter but was given a value"
        );
        let e = fill_block(
            &k,
            &h,
            &[
                ArgValue::Address(0),
                ArgValue::Bytes(&[0; 12]),
                ArgValue::Local(4),
                ArgValue::Bytes(&[0; 4]),
            ],
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "argument 1 `v` takes 16 bytes but 12 were given"
        );
        let args = [
            ArgValue::Address(0),
            ArgValue::Bytes(&[0; 16]),
            ArgValue::Local(0),
            ArgValue::Bytes(&[0; 4]),
        ];
        let r = resolve_range(&k, &NdRange::new(&[4])).unwrap();
        assert!(spec_constants(&k, &r, &args)
            .unwrap_err()
            .to_string()
            .contains("size 0"));
    }

    #[test]
    fn rejects_args_outside_the_block() {
        let mut k = kernel(SPEC);
        k.args[3].vulkan.as_mut().unwrap().offset = Some(82);
        let args = [
            ArgValue::Address(0),
            ArgValue::Bytes(&[0; 16]),
            ArgValue::Local(4),
            ArgValue::Bytes(&[0; 4]),
        ];
        let e = fill_block(&k, &Header::default(), &args)
            .unwrap_err()
            .to_string();
        assert!(e.contains("82..86 is outside 48..84"), "{e}");
        k.args[0].vulkan = None;
        let e = fill_block(&k, &Header::default(), &args)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`x` has no vulkan.offset"), "{e}");
    }

    #[test]
    fn local_sizes() {
        let k = kernel(SPEC);
        // Picked: 64 clamped to the global size; uneven global sizes round the groups up.
        let r = resolve_range(&k, &NdRange::new(&[10, 3])).unwrap();
        assert_eq!(
            (r.local, r.groups, r.global),
            ([10, 1, 1], [1, 3, 1], [10, 3, 1])
        );
        let r = resolve_range(&k, &NdRange::new(&[1000])).unwrap();
        assert_eq!((r.local, r.groups), ([64, 1, 1], [16, 1, 1]));
        let r = resolve_range(
            &k,
            &NdRange::new(&[7, 9])
                .with_local(&[4, 4])
                .with_offset(&[2, 3]),
        )
        .unwrap();
        assert_eq!((r.groups, r.offset, r.items()), ([2, 3, 1], [2, 3, 0], 63));
        // A fixed size is used when none is given, and must match when one is.
        let k = kernel(r#"{"fixed": [8, 2, 1]}"#);
        let r = resolve_range(&k, &NdRange::new(&[16, 4])).unwrap();
        assert_eq!((r.local, r.groups), ([8, 2, 1], [2, 2, 1]));
        let e = resolve_range(&k, &NdRange::new(&[16, 4]).with_local(&[4, 4])).unwrap_err();
        assert!(matches!(e, LayoutError::ReqdMismatch { .. }), "{e}");
        assert!(
            spec_constants(
                &k,
                &r,
                &[
                    ArgValue::Address(0),
                    ArgValue::Bytes(&[0; 16]),
                    ArgValue::Local(10),
                    ArgValue::Bytes(&[0; 4])
                ]
            )
            .unwrap()
                == vec![(3, 2)]
        );
    }

    #[test]
    fn rejects_bad_ranges() {
        let k = kernel(SPEC);
        let e = |r: NdRange| resolve_range(&k, &r).unwrap_err().to_string();
        assert!(e(NdRange::new(&[])).contains("work_dim is 0"));
        assert!(e(NdRange::new(&[1, 1, 1, 1])).contains("work_dim is 4"));
        assert!(e(NdRange::new(&[0])).contains("global size 0 is 0"));
        assert!(e(NdRange::new(&[1 << 32])).contains("exceeds 2^32-1"));
        assert!(e(NdRange::new(&[4]).with_local(&[0])).contains("local size 0 is 0"));
        assert!(e(NdRange::new(&[u32::MAX as u64]).with_offset(&[2])).contains("offset + size"));
        let mut k = kernel(SPEC);
        k.vulkan = None;
        assert!(matches!(
            resolve_range(&k, &NdRange::new(&[1])),
            Err(LayoutError::NotVulkan(_))
        ));
    }
}
