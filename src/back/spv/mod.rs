//! The SPIR-V backend, built on `rspirv`. It requires a [`Validated`] token: the AST passed
//! every check, so anything that still fails here is either a located `unsupported:`
//! diagnostic or a bug in clc — never a panic.
//!
//! Split by concern: [`types`] (types and constants, with caches that honour SPIR-V's
//! uniqueness rules), [`globals`] (program-scope and built-in variables), [`function`]
//! (functions, kernels, statements with structured control flow), [`expr`] and
//! [`builtins`]. Target-specific decisions live in [`flavor`].

mod builtins;
mod byte_swap;
mod bytes;
mod collectives;
mod entry;
mod expr;
mod fast;
pub mod flavor;
mod forward;
mod function;
mod globals;
mod images;
mod local_index;
mod numeric;
mod place;
pub mod printf;
mod types;
mod vk_images;
mod vkmath;
mod wide_vectors;

use clc_passes::ast::{Function, Global, Handle, HandleMap, Local, Module, Type};
use clc_passes::diag::{Bug, Diagnostic, FileId, Span};
use clc_passes::pipeline::Validated;
use flavor::Flavor;
use rspirv::dr::Builder;
use rspirv::spirv::{Capability, Word};
use rustc_hash::FxHashMap;
use rustc_hash::FxHashSet;
use std::collections::BTreeSet;

/// Backend options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The environment.
    pub flavor: Flavor,
    /// SPIR-V version `(major, minor)`.
    pub version: (u8, u8),
    /// Floating-point freedoms granted by build options.
    pub float: FloatOptions,
    /// `-g`: where the code came from.
    pub debug: Option<DebugInfo>,
    /// Vulkan: generic pointers stay generic and are flat device addresses (static
    /// inference failed; docs/VULKAN.md, "Generic pointers chosen at run time").
    pub flat_generic: bool,
    /// Marks counted loops with a small constant trip count `Unroll` (see
    /// [`function`]'s loops): NVIDIA's Vulkan compiler unrolls only marked loops.
    pub unroll_counted_loops: bool,
}

/// Source locations for `-g`: `OpSource` names the main file, and each statement and
/// expression is preceded by an `OpLine` (file, line, column) when its position differs
/// from the previous one in the block. This is core SPIR-V that every consumer accepts;
/// clang-22 emits no line information for SPIR-V targets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DebugInfo {
    /// The path of each source file, by [`FileId`] index.
    pub files: Vec<String>,
    /// The file that was compiled.
    pub main: FileId,
}

/// What `-cl-*` math options allow the code to assume.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FloatOptions {
    /// `a * b + c` may be fused (`-cl-mad-enable`, `-cl-unsafe-math-optimizations`,
    /// `-cl-fast-relaxed-math`); otherwise kernels declare ContractionOff.
    pub contract: bool,
    /// FPFastMathMode bits for float arithmetic (NotNaN 1, NotInf 2, NSZ 4, AllowRecip 8,
    /// Fast 16).
    pub fast_math: u32,
}

/// Why code generation failed. Boxed: every call of the writer returns a `Result`, and an
/// unoptimized build keeps each call's result in its own stack slot, so the error's size
/// sets the frames of the deeply recursive expression writer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Valid OpenCL C that this backend cannot lower yet.
    #[error("{}", .0.message)]
    Unsupported(Box<Diagnostic>),
    /// A broken invariant.
    #[error("{0}")]
    Bug(Box<Bug>),
}

impl From<rspirv::dr::Error> for Error {
    fn from(e: rspirv::dr::Error) -> Self {
        Error::Bug(Box::new(Bug::new(None, format!("SPIR-V builder: {e}"))))
    }
}

type Result<T> = std::result::Result<T, Error>;

fn unsupported<T>(span: Span, what: impl std::fmt::Display) -> Result<T> {
    Err(Error::Unsupported(Box::new(Diagnostic::unsupported(
        span, what,
    ))))
}

fn bug<T>(span: Span, what: impl Into<String>) -> Result<T> {
    Err(Error::Bug(Box::new(Bug::new(span, what))))
}

/// The address space of a declaration, place or pointee: `normalize-address-spaces` names
/// every one (and `verify` checks it), so there is no default to fall back on.
fn named(space: clc_passes::ast::Space, at: Span) -> Result<clc_passes::ast::AddressSpace> {
    match space {
        Some(s) => Ok(s),
        None => bug(at, "an address space left unnamed after normalization"),
    }
}

/// A written module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The SPIR-V words.
    pub words: Vec<u32>,
    /// The capabilities it declares.
    pub capabilities: Vec<Capability>,
    /// Vulkan: whether it has the `FMA_FUSED_SPEC_ID` specialization constant.
    pub fma_fused_spec: bool,
    /// Vulkan: what the host needs to format printf records, when the module calls printf.
    pub printf: Option<printf::Printf>,
}

/// Vulkan: `module` with its helpers that calls give pointers into different `__local`
/// objects cloned per object, so that their `__local` pointers are indices and need no
/// `VariablePointers` (see `local_index::specialize`); `None` when nothing is cloned. The
/// caller lowers and reflects the copy (a clone's private objects take stack slots).
pub fn specialize_local_helpers(module: &Module, opts: &Options) -> Option<Module> {
    (opts.flavor.is_vulkan() && !opts.flat_generic)
        .then(|| local_index::specialize(module, function::unassigned_pointer_params))
        .flatten()
}

/// Lowers a validated module to SPIR-V words.
pub fn write(module: &Module, valid: &Validated, opts: &Options) -> Result<Written> {
    let mut w = Writer::new(module, valid, opts.clone());
    w.module()?;
    let Writer {
        b,
        capabilities,
        extensions,
        variable_pointers: w_variable_pointers,
        fma_fused,
        printf,
        ..
    } = w;
    let mut b = b;
    let mut capabilities = capabilities;
    if opts.flavor.is_vulkan() && w_variable_pointers {
        capabilities.extend([
            Capability::VariablePointers,
            Capability::VariablePointersStorageBuffer,
        ]);
    }
    if opts.flavor.is_vulkan() {
        // Wide vectors become arrays (see `wide_vectors`).
        capabilities.remove(&Capability::Vector16);
    }
    for &cap in &capabilities {
        b.capability(cap);
    }
    for ext in extensions {
        b.extension(ext);
    }
    let mut module = b.0.module();
    if opts.flavor.is_vulkan() {
        let more = wide_vectors::lower(&mut module)
            .map_err(|e| Error::Bug(Box::new(Bug::new(None, format!("wide vectors: {e}")))))?;
        capabilities.extend(more);
        // Exactly the 8- and 16-bit storage capabilities the pointer types need (each is a
        // device feature the host must enable).
        for cap in flavor::vulkan::narrow_storage_capabilities(&module) {
            if capabilities.insert(cap) {
                module.capabilities.push(rspirv::dr::Instruction::new(
                    rspirv::spirv::Op::Capability,
                    None,
                    None,
                    vec![rspirv::dr::Operand::Capability(cap)],
                ));
            }
        }
    }
    forward::locals(&mut module);
    if opts.flavor.is_vulkan() {
        byte_swap::rewrite(&mut module);
    }
    Ok(Written {
        words: rspirv::binary::Assemble::assemble(&module),
        capabilities: capabilities.into_iter().collect(),
        fma_fused_spec: fma_fused.is_some(),
        printf: printf.reflection(),
    })
}

/// Lowering state for one module.
pub(crate) struct Writer<'m> {
    m: &'m Module,
    valid: &'m Validated,
    opts: Options,
    b: fast::FastBuilder,
    capabilities: BTreeSet<Capability>,
    /// `OpExtension`s the instructions used need (`SPV_INTEL_subgroups`).
    extensions: BTreeSet<&'static str>,
    ext: Word,
    /// SPIR-V type of each AST type.
    types: HandleMap<Type, Word>,
    /// The id of each scalar and vector type once made, by [`types::numeric_slot`] (0: not
    /// yet).
    numeric_ids: [Word; 48],
    /// Storage class and pointee of each pointer type.
    pointer_info: FxHashMap<Word, (rspirv::spirv::StorageClass, Word)>,
    /// Size in bytes of SPIR-V types that have one (strides of buffer pointers).
    sizes: FxHashMap<Word, u64>,
    /// Array types already decorated with their stride.
    strided: FxHashSet<Word>,
    /// Pointer types by (storage class, pointee).
    pointers: FxHashMap<(rspirv::spirv::StorageClass, Word), Word>,
    /// Scalar constants by (type, bits).
    constants: FxHashMap<(Word, u64), Word>,
    /// 64-bit scalar types (their constants take two words).
    wide: FxHashSet<Word>,
    /// Splatted vector constants by (vector type, scalar constant).
    splats: FxHashMap<(Word, Word), Word>,
    /// Null constants by type.
    nulls: FxHashMap<Word, Word>,
    globals: FxHashMap<Handle<Global>, Word>,
    /// SPIR-V member index of each field of each struct (padding members shift them).
    struct_members: FxHashMap<Handle<clc_passes::ast::StructDef>, Vec<u32>>,
    /// Program-scope samplers: their sampler bits.
    sampler_globals: FxHashMap<Handle<Global>, u64>,
    /// Vulkan: the texel kind of each image parameter, by (function, parameter index).
    image_texels: FxHashMap<(Handle<Function>, usize), vk_images::Texel>,
    /// Vulkan: image values (parameters, loaded descriptors) and what comes with them.
    vk_images: FxHashMap<Word, vk_images::VkImage>,
    /// Vulkan: members of packed structs stored as their bytes (misaligned), by (struct,
    /// field).
    byte_members: FxHashSet<(Handle<clc_passes::ast::StructDef>, u32)>,
    /// Representation member of each union.
    unions: FxHashMap<Handle<clc_passes::ast::StructDef>, usize>,
    /// Built-in input variables by built-in.
    builtin_vars: FxHashMap<rspirv::spirv::BuiltIn, Word>,
    /// Callable function ids (a kernel that is also called gets a separate callable copy).
    callable: FxHashMap<Handle<Function>, Word>,
    /// `__local` variables of kernels, hoisted to module scope.
    hoisted: FxHashMap<(Handle<Function>, Handle<Local>), Word>,
    /// Module-scope variables each emitted function uses directly, and the functions it calls.
    uses: FxHashMap<Word, (BTreeSet<Word>, BTreeSet<Word>)>,
    /// Vulkan: the `Private` variables holding the NDRange.
    ndrange: Option<entry::NdRange>,
    /// Vulkan: program-scope variables in the module data buffer.
    data: flavor::vulkan::abi::DataLayout,
    /// Vulkan: escaping private objects in the per-work-item stack.
    stack: flavor::vulkan::abi::StackLayout,
    /// Vulkan, flat generic pointers: `__local` variables in the work-group's local frame.
    local_frame: flavor::vulkan::abi::StackLayout,
    /// Vulkan: the work-group array of each kernel's `__local` argument, by (kernel,
    /// parameter index): (variable, element type, storage class).
    local_args: FxHashMap<(Handle<Function>, usize), (Word, Word, rspirv::spirv::StorageClass)>,
    /// Vulkan: the module needs `VariablePointers` (a `__local` pointer stepped, compared,
    /// or held in a variable). Declared only then: NVIDIA's driver mishandles `__local`
    /// atomics in modules that declare it.
    variable_pointers: bool,
    /// Vulkan: each function's `__local` pointers kept as an object and an index.
    local_indices: FxHashMap<Handle<Function>, local_index::LocalIndex>,
    /// Functions some function calls.
    called_functions: FxHashSet<Handle<Function>>,
    /// Vulkan: the `WorkgroupSize` specialization constant.
    workgroup_size: Option<Word>,
    /// Vulkan: the specialization constant saying the device's `Fma` rounds once.
    fma_fused: Option<Word>,
    /// Vulkan: the work-group collectives' scratch array for each element type.
    group_scratch: FxHashMap<Word, Word>,
    /// Vulkan: the number of work-items in a work-group, as a (specialization) constant.
    group_items: Option<Word>,
    /// Vulkan: the printf buffer and the formats and strings its records refer to.
    printf: printf::PrintfState,
    /// `-g`: the `OpString` naming each source file.
    file_names: FxHashMap<FileId, Word>,
    /// `-g`: the position of the last `OpLine`, and the (function, block) it is in.
    last_line: Option<((usize, usize), Span)>,
}

impl<'m> Writer<'m> {
    fn new(m: &'m Module, valid: &'m Validated, opts: Options) -> Self {
        let mut b = Builder::new();
        b.set_version(opts.version.0, opts.version.1);
        Writer {
            m,
            valid,
            capabilities: opts.flavor.base_capabilities().iter().copied().collect(),
            opts,
            b: fast::FastBuilder(b),
            extensions: BTreeSet::new(),
            ext: 0,
            types: HandleMap::default(),
            numeric_ids: [0; 48],
            pointers: FxHashMap::default(),
            pointer_info: FxHashMap::default(),
            sizes: FxHashMap::default(),
            strided: Default::default(),
            constants: FxHashMap::default(),
            wide: Default::default(),
            splats: FxHashMap::default(),
            nulls: FxHashMap::default(),
            globals: FxHashMap::default(),
            unions: FxHashMap::default(),
            byte_members: Default::default(),
            sampler_globals: FxHashMap::default(),
            image_texels: FxHashMap::default(),
            vk_images: FxHashMap::default(),
            struct_members: FxHashMap::default(),
            builtin_vars: FxHashMap::default(),
            callable: FxHashMap::default(),
            hoisted: FxHashMap::default(),
            uses: FxHashMap::default(),
            ndrange: None,
            workgroup_size: None,
            fma_fused: None,
            group_scratch: FxHashMap::default(),
            group_items: None,
            local_args: FxHashMap::default(),
            variable_pointers: false,
            local_indices: FxHashMap::default(),
            called_functions: Default::default(),
            data: Default::default(),
            stack: Default::default(),
            local_frame: Default::default(),
            printf: Default::default(),
            file_names: FxHashMap::default(),
            last_line: None,
        }
    }

    fn module(&mut self) -> Result<()> {
        self.ext = self.b.ext_inst_import(self.opts.flavor.ext_inst_set());
        let (addressing, memory) = self.opts.flavor.memory_model();
        self.b.memory_model(addressing, memory);
        // The file's OpString comes first: debug instructions cannot refer forward.
        let main = self
            .opts
            .debug
            .as_ref()
            .map(|d| d.main)
            .map(|f| self.file_name(f));
        self.b.source(
            rspirv::spirv::SourceLanguage::OpenCL_C,
            source_version(self.m),
            main,
            None::<String>,
        );
        let vulkan = self.opts.flavor.is_vulkan();
        if vulkan {
            self.image_texels =
                vk_images::image_texels(self.m).map_err(|d| Error::Unsupported(Box::new(d)))?;
        }
        for (h, g) in self.m.globals.iter() {
            if let (
                Type::Sampler,
                clc_passes::ast::GlobalInit::Const(clc_passes::ast::ConstValue::Int(bits)),
            ) = (self.m.types.get(g.ty.ty), &g.init)
            {
                self.sampler_globals.insert(h, *bits);
            }
        }
        if vulkan {
            self.data =
                flavor::vulkan::abi::data(self.m).map_err(|d| Error::Unsupported(Box::new(d)))?;
            self.stack = flavor::vulkan::abi::stack(self.m);
            if self.opts.flat_generic {
                self.local_frame = flavor::vulkan::abi::local_frame(self.m);
            }
            return self.functions();
        }
        for (h, g) in self.m.globals.iter() {
            if let (
                Type::Sampler,
                clc_passes::ast::GlobalInit::Const(clc_passes::ast::ConstValue::Int(_)),
            ) = (self.m.types.get(g.ty.ty), &g.init)
            {
                continue;
            }
            let id = self.global(g)?;
            self.globals.insert(h, id);
        }
        self.functions()
    }
}

impl Writer<'_> {
    /// The `OpString` holding a file's path (`-g`).
    fn file_name(&mut self, file: FileId) -> Word {
        if let Some(&id) = self.file_names.get(&file) {
            return id;
        }
        let path = self
            .opts
            .debug
            .as_ref()
            .and_then(|d| d.files.get(file.0 as usize).cloned())
            .unwrap_or_default();
        let id = self.b.string(path);
        self.file_names.insert(file, id);
        id
    }

    /// Under `-g`, marks the code that follows in the current block as coming from `span`.
    /// An OpLine lasts until the next one or the end of its block, so one is emitted only
    /// where the position changes.
    pub(crate) fn line(&mut self, span: Span) {
        if self.opts.debug.is_none() || span.line == 0 {
            return;
        }
        let (Some(f), Some(b)) = (self.b.selected_function(), self.b.selected_block()) else {
            return;
        };
        if self.last_line == Some(((f, b), span)) {
            return;
        }
        let file = self.file_name(span.file);
        self.b.line(file, span.line, span.col);
        self.last_line = Some(((f, b), span));
    }
}

impl Writer<'_> {
    /// The storage class of objects in `space` at `site`: the flavour's mapping, or the
    /// flat one of a module whose generic pointers are device addresses.
    fn storage_class(
        &self,
        space: clc_passes::ast::AddressSpace,
        site: flavor::Site,
    ) -> rspirv::spirv::StorageClass {
        if self.opts.flat_generic && self.opts.flavor.is_vulkan() {
            flavor::vulkan::flat_storage_class(space, site)
        } else {
            self.opts.flavor.storage_class(space, site)
        }
    }

    /// An OpenCL fence's storage bits in this module: `CLK_LOCAL_MEM_FENCE` also orders
    /// the local frame (device memory) in a flat-generic module.
    fn fence_storage(
        &self,
        opencl_bits: rspirv::spirv::MemorySemantics,
    ) -> rspirv::spirv::MemorySemantics {
        use rspirv::spirv::MemorySemantics as S;
        let s = self.opts.flavor.fence_storage(opencl_bits);
        if self.opts.flat_generic
            && self.opts.flavor.is_vulkan()
            && opencl_bits.contains(S::WORKGROUP_MEMORY)
        {
            s | S::UNIFORM_MEMORY
        } else {
            s
        }
    }
}

/// The memory-semantics storage bit of `space` under `flavor`: in a flat-generic module,
/// `__local` and generic pointers reach device memory (the uniform-memory bit covers it).
fn storage_semantics(
    flavor: Flavor,
    flat_generic: bool,
    space: clc_passes::ast::AddressSpace,
) -> rspirv::spirv::MemorySemantics {
    use clc_passes::ast::AddressSpace;
    match space {
        AddressSpace::Local | AddressSpace::Generic if flat_generic && flavor.is_vulkan() => {
            rspirv::spirv::MemorySemantics::UNIFORM_MEMORY
        }
        _ => flavor.storage_semantics(space),
    }
}

fn source_version(m: &Module) -> u32 {
    match m.lang.version {
        clc_passes::ast::LangVersion::Cl12 => 102000,
        clc_passes::ast::LangVersion::Cl20 => 200000,
        clc_passes::ast::LangVersion::Cl30 => 300000,
    }
}
