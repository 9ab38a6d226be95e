//! The reflection JSON that `clc --target=vulkan1.2 --reflect=FILE` writes (docs/VULKAN.md,
//! "Reflection"): the OpenCL target's kernel descriptions plus a `vulkan` section per module,
//! kernel and argument. Only what a host needs is modelled; other keys are ignored, so the
//! compiler may add fields without breaking hosts.

use serde::Deserialize;

use crate::Error;

/// A module's reflection.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Reflection {
    /// `vulkan1.2`, `vulkan1.3` (absent in reflections of the OpenCL target).
    #[serde(default)]
    pub target: Option<String>,
    /// The module-wide Vulkan facts; absent for the OpenCL target.
    #[serde(default)]
    pub vulkan: Option<ModuleVulkan>,
    /// Kernels in source order.
    pub kernels: Vec<Kernel>,
}

/// The module's `vulkan` section.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
pub struct ModuleVulkan {
    /// `[major, minor]` of the module's SPIR-V.
    #[serde(default)]
    pub spirv_version: Option<[u32; 2]>,
    /// Device features the module needs, by their Vulkan names (`shaderInt8`, ...).
    #[serde(default)]
    pub features: Vec<String>,
    /// Device extensions the module needs (`VK_...`).
    #[serde(default)]
    pub extensions: Vec<String>,
    /// The subgroup operations the module uses (`basic`, `vote`, `arithmetic`, `shuffle`,
    /// `shuffle_relative`): `VkPhysicalDeviceSubgroupProperties` must list them, with the
    /// compute stage.
    #[serde(default)]
    pub subgroup_operations: Vec<String>,
    /// Device properties the module needs (float controls: `shaderDenormPreserveFloat16`…).
    #[serde(default)]
    pub properties: Vec<String>,
    /// Program-scope variables: one buffer for the whole module; `None` when there are none.
    #[serde(default)]
    pub data: Option<DataInit>,
    /// The boolean specialization constant to set where the device's GLSL.std.450 `Fma`
    /// rounds once (then `fma()` uses it instead of clc's exact emulation).
    #[serde(default)]
    pub fma_fused_spec_id: Option<u32>,
    /// How to format the printf buffer's records, when a kernel calls `printf`.
    #[serde(default)]
    pub printf: Option<PrintfInfo>,
}

/// The reflection's `vulkan.printf` (docs/VULKAN.md, "printf").
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PrintfInfo {
    /// Layout version (1).
    pub version: u32,
    /// Bytes before the first record.
    pub header_bytes: u32,
    /// The formats records name by id.
    pub formats: Vec<PrintfFormat>,
    /// The strings `%s` prints, by id.
    #[serde(default)]
    pub strings: Vec<String>,
}

/// One format of `vulkan.printf.formats`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PrintfFormat {
    /// The id its records start with.
    pub id: u32,
    /// The format string.
    pub format: String,
    /// The arguments its records hold.
    pub args: Vec<PrintfArg>,
}

/// How one printf argument is stored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PrintfArg {
    /// `int`, `uint`, `float`, `string` or `pointer`.
    pub kind: String,
    /// Bytes per component (4 or 8).
    pub size: u32,
    /// Components.
    pub components: u32,
}

/// The module data buffer: `size` bytes, starting with the bytes of `init`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct DataInit {
    /// Bytes to allocate.
    pub size: u64,
    /// Initial contents as lowercase or uppercase hex, two digits a byte; may be shorter than
    /// `size` (the rest is zero).
    #[serde(default)]
    pub init: String,
    /// Address constants: `[at, addend]` pairs; the host writes the 8-byte address
    /// `buffer address + addend` at byte `at` once the buffer exists.
    #[serde(default)]
    pub relocations: Vec<[u64; 2]>,
}

impl DataInit {
    /// The buffer's initial contents: `size` bytes, `init` first, zeros after.
    pub fn bytes(&self) -> Result<Vec<u8>, Error> {
        let hex = self.init.as_bytes();
        if hex.len() & 1 != 0 {
            return Err(Error::Reflection(format!(
                "vulkan.data.init has an odd number of hex digits ({})",
                hex.len()
            )));
        }
        let size = usize::try_from(self.size).map_err(|_| {
            Error::Reflection(format!("vulkan.data.size {} is too large", self.size))
        })?;
        if hex.len() / 2 > size {
            return Err(Error::Reflection(format!(
                "vulkan.data.init holds {} bytes but size is {size}",
                hex.len() / 2
            )));
        }
        let digit = |c: u8| -> Result<u8, Error> {
            (c as char).to_digit(16).map(|d| d as u8).ok_or_else(|| {
                Error::Reflection(format!(
                    "vulkan.data.init: `{}` is not a hex digit",
                    c as char
                ))
            })
        };
        let mut out = vec![0u8; size];
        for (i, pair) in hex.chunks_exact(2).enumerate() {
            out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
        }
        Ok(out)
    }
}

/// One kernel.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Kernel {
    /// The kernel's name.
    pub name: String,
    /// Its parameters in order.
    pub args: Vec<KernelArg>,
    /// `reqd_work_group_size`, if the kernel has one.
    #[serde(default)]
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// How to dispatch it; absent for the OpenCL target.
    #[serde(default)]
    pub vulkan: Option<KernelVulkan>,
}

/// How an argument is passed (the OpenCL target's classes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArgClass {
    /// A `__global` or `__constant` pointer: a buffer device address in the block.
    Buffer,
    /// A `__local` pointer: an array length in a specialization constant.
    Local,
    /// A value copied into the block.
    Value,
    /// An image, sampler or other opaque object (not supported by the Vulkan target).
    Opaque,
}

impl ArgClass {
    /// The class as the reflection spells it.
    pub fn name(self) -> &'static str {
        match self {
            ArgClass::Buffer => "buffer",
            ArgClass::Local => "local",
            ArgClass::Value => "value",
            ArgClass::Opaque => "opaque",
        }
    }
}

/// One kernel parameter.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct KernelArg {
    /// Parameter name.
    pub name: String,
    /// Type as written (`float4*`).
    #[serde(default)]
    pub type_name: String,
    /// How it is passed.
    pub class: ArgClass,
    /// For pointers the element type, for values the value's type.
    #[serde(default)]
    pub ty: Option<TypeRef>,
    /// Where it goes in the argument block.
    #[serde(default)]
    pub vulkan: Option<ArgVulkan>,
}

impl KernelArg {
    /// Size of one element of a `__local` array (the pointee's size; 1 for `void`).
    pub fn elem_size(&self) -> u64 {
        self.ty.as_ref().and_then(|t| t.size).unwrap_or(1).max(1)
    }
}

/// The part of the reflection's type description a host needs.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TypeRef {
    /// `scalar`, `vector`, `array`, `struct`, `pointer`, `void`, `opaque`.
    pub kind: String,
    /// Size in bytes (absent for `void` and opaque types).
    #[serde(default)]
    pub size: Option<u64>,
}

/// An argument's place: `offset`/`size` in the block for buffers and values, `spec_id` for
/// `__local` pointers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct ArgVulkan {
    /// Byte offset in the argument block.
    #[serde(default)]
    pub offset: Option<u32>,
    /// Bytes it takes there.
    #[serde(default)]
    pub size: Option<u32>,
    /// The specialization constant holding a `__local` array's length in elements.
    #[serde(default)]
    pub spec_id: Option<u32>,
}

/// Where a kernel's argument block lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    /// Push constants (the block fits in 128 bytes).
    PushConstant,
    /// A uniform buffer at descriptor set 0, binding 0.
    UniformBuffer,
}

/// Where the work-group size comes from: fixed by `reqd_work_group_size`, and/or set
/// through specialization constants (to the fixed size when both are given: a module mixing
/// kernels with and without a required size specializes all of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct WorkgroupSize {
    /// Required by the kernel.
    #[serde(default)]
    pub fixed: Option<[u32; 3]>,
    /// The specialization constants to set.
    #[serde(default)]
    pub spec_ids: Option<[u32; 3]>,
    /// The kernel cannot observe its work-groups: any local size gives its results (vkhost
    /// then runs 1-D ranges in groups of [`crate::layout::FREE_LOCAL_X`]).
    #[serde(default)]
    pub free: bool,
}

/// A kernel's `vulkan` section.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct KernelVulkan {
    /// The `GLCompute` entry point's name.
    pub entry_point: String,
    /// Push constants or uniform buffer.
    pub block: BlockKind,
    /// Bytes of the argument block (header included).
    pub block_size: u32,
    /// Fixed or specialized work-group size.
    pub workgroup_size: WorkgroupSize,
    /// Bytes of private stack per work-item (0: no stack).
    #[serde(default)]
    pub private_stack_bytes: u64,
    /// The descriptors of set 0 (docs/VULKAN.md, "Descriptors").
    #[serde(default)]
    pub bindings: Vec<Binding>,
    /// Flat generic pointers: the work-group local frames (docs/VULKAN.md, "Generic
    /// pointers chosen at run time").
    #[serde(default)]
    pub local_frame: Option<LocalFrame>,
}

/// Where a flat-generic kernel takes its work-group local frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct LocalFrame {
    /// Block offset of the frames buffer's address (`ulong`), then of one frame's bytes.
    pub offset: u32,
    /// Bytes of `__local` variables at the start of each frame.
    pub static_bytes: u64,
}

/// One descriptor of a kernel's set 0.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Binding {
    /// Descriptor set (0).
    #[serde(default)]
    pub set: u32,
    /// Binding number.
    pub binding: u32,
    /// `uniform_buffer`, `storage_buffer`, `sampled_image`, `storage_image`,
    /// `uniform_texel_buffer` or `storage_texel_buffer`.
    pub descriptor: String,
    /// `arguments`, `printf` or `arg`.
    #[serde(default)]
    pub what: String,
    /// The image argument bound there.
    #[serde(default)]
    pub arg: Option<usize>,
}

impl KernelVulkan {
    /// Whether the kernel binds the printf buffer.
    pub fn printf(&self) -> bool {
        self.bindings.iter().any(|b| b.what == "printf")
    }
}

impl Reflection {
    /// Parses the JSON text of a `--reflect` file.
    pub fn from_json(text: &str) -> Result<Reflection, Error> {
        serde_json::from_str(text).map_err(|e| Error::Reflection(e.to_string()))
    }

    /// The kernel called `name`.
    pub fn kernel(&self, name: &str) -> Result<&Kernel, Error> {
        Ok(&self.kernels[self.kernel_index(name)?])
    }

    /// The position of the kernel called `name` in [`Reflection::kernels`].
    pub fn kernel_index(&self, name: &str) -> Result<usize, Error> {
        self.kernels
            .iter()
            .position(|k| k.name == name)
            .ok_or_else(|| Error::NoKernel {
                name: name.to_string(),
                available: self
                    .kernels
                    .iter()
                    .map(|k| k.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The features the module needs beyond [`crate::REQUIRED_FEATURES`].
    pub fn features(&self) -> &[String] {
        self.vulkan.as_ref().map_or(&[], |v| &v.features)
    }

    /// The subgroup operations the module needs.
    pub fn properties(&self) -> &[String] {
        self.vulkan.as_ref().map_or(&[], |v| &v.properties)
    }

    pub fn subgroup_operations(&self) -> &[String] {
        self.vulkan.as_ref().map_or(&[], |v| &v.subgroup_operations)
    }

    /// The device extensions the module needs.
    pub fn extensions(&self) -> &[String] {
        self.vulkan.as_ref().map_or(&[], |v| &v.extensions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAXPY: &str = r#"{
      "target": "vulkan1.2",
      "vulkan": { "spirv_version": [1, 5], "features": ["shaderInt8"], "extensions": [],
                  "data": { "size": 6, "init": "0aFF" } },
      "kernels": [{
        "name": "saxpy", "reqd_work_group_size": null, "work_group_size_hint": null,
        "args": [
          { "name": "x", "type_name": "float*", "class": "buffer", "address_space": "global",
            "read_only": true, "ty": { "kind": "scalar", "name": "float", "size": 4 },
            "vulkan": { "offset": 48, "size": 8 } },
          { "name": "t", "type_name": "void*", "class": "local", "address_space": "local",
            "read_only": false, "ty": { "kind": "void" }, "vulkan": { "spec_id": 3 } }
        ],
        "vulkan": { "entry_point": "saxpy", "block": "push_constant", "block_size": 56,
                    "workgroup_size": { "spec_ids": [0, 1, 2] }, "private_stack_bytes": 0 }
      }]
    }"#;

    #[test]
    fn parses_the_documented_shape() {
        let r = Reflection::from_json(SAXPY).unwrap();
        assert_eq!(r.features(), ["shaderInt8"]);
        let k = r.kernel("saxpy").unwrap();
        assert_eq!(k.args[0].class, ArgClass::Buffer);
        assert_eq!(k.args[0].vulkan.unwrap().offset, Some(48));
        assert_eq!(k.args[0].elem_size(), 4);
        assert_eq!(k.args[1].elem_size(), 1, "void counts as bytes");
        assert_eq!(k.args[1].vulkan.unwrap().spec_id, Some(3));
        let v = k.vulkan.as_ref().unwrap();
        assert_eq!(v.block, BlockKind::PushConstant);
        assert_eq!(v.workgroup_size.spec_ids, Some([0, 1, 2]));
        let data = r.vulkan.as_ref().unwrap().data.as_ref().unwrap();
        assert_eq!(data.bytes().unwrap(), [0x0a, 0xff, 0, 0, 0, 0]);
        let e = r.kernel("nope").unwrap_err().to_string();
        assert!(e.contains("nope") && e.contains("saxpy"), "{e}");
    }

    #[test]
    fn rejects_bad_data() {
        let d = |size, init: &str| {
            DataInit {
                size,
                init: init.into(),
                relocations: Vec::new(),
            }
            .bytes()
        };
        assert!(d(1, "abc").unwrap_err().to_string().contains("odd"));
        assert!(d(1, "abcd")
            .unwrap_err()
            .to_string()
            .contains("holds 2 bytes"));
        assert!(d(1, "zz").unwrap_err().to_string().contains("hex digit"));
        assert!(Reflection::from_json("{}").is_err());
    }
}
