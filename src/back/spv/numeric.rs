//! Arithmetic, comparisons and conversions on scalars and vectors. An operand's AST type
//! gives its element kind and component count; SPIR-V's arithmetic instructions apply
//! component-wise, so one lowering serves both shapes.

use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::{BinaryOp, CastKind, Handle, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::spirv::{Capability, OpenclStd100Op, Word};

/// Element kind and component count (1 for scalars).
pub(super) type Numeric = (Scalar, u8);

impl Writer<'_> {
    /// `fma(±a, b, ±c)`, a contracted `a * b ± c`, negating the first factor and the addend
    /// as clang does (the same instructions, so NaN signs match too).
    pub(super) fn fused_mul_add(
        &mut self,
        ty: Word,
        a: Word,
        b: Word,
        c: Word,
        negate_product: bool,
        negate_addend: bool,
    ) -> Result<Word> {
        let a = if negate_product {
            self.b.f_negate(ty, None, a)?
        } else {
            a
        };
        let c = if negate_addend {
            self.b.f_negate(ty, None, c)?
        } else {
            c
        };
        let ops = [a, b, c].map(rspirv::dr::Operand::IdRef);
        // Contraction permits one rounding, it does not require it: on Vulkan the driver
        // decides (GLSL.std.450 Fma).
        let op = if self.opts.flavor.is_vulkan() {
            OpenclStd100Op::mad
        } else {
            OpenclStd100Op::fma
        };
        self.std_inst(ty, op as u32, ops, None)
    }

    /// Vulkan: the specialization constant `FMA_FUSED_SPEC_ID` (false unless the host sets
    /// it), made once.
    pub(super) fn fma_fused_constant(&mut self) -> Word {
        if let Some(c) = self.fma_fused {
            return c;
        }
        let b = self.bool_ty_n(1);
        let c = self.b.spec_constant_false(b);
        self.b.decorate(
            c,
            rspirv::spirv::Decoration::SpecId,
            [rspirv::dr::Operand::LiteralBit32(
                super::flavor::vulkan::abi::FMA_FUSED_SPEC_ID,
            )],
        );
        self.b.name(c, "clc.fma_fused");
        self.fma_fused = Some(c);
        c
    }

    /// The OpenCL.std instruction `op` in the flavour's extended instruction set: itself
    /// for OpenCL, its GLSL.std.450 counterpart for Vulkan where one is precise enough (a
    /// located `unsupported:` error at `at` otherwise).
    pub(super) fn std_inst(
        &mut self,
        ty: Word,
        op: u32,
        operands: impl IntoIterator<Item = rspirv::dr::Operand>,
        at: Option<Span>,
    ) -> Result<Word> {
        let set = self.ext;
        if !self.opts.flavor.is_vulkan() {
            return Ok(self.b.ext_inst(ty, None, set, op, operands)?);
        }
        let relaxed = self.opts.float.fast_math & (8 | 16) != 0;
        let cl = OpenclStd100Op::from_u32(op);
        // `double` floor, ceil, trunc and rint keep the sign of a zero result in
        // `vkmath` (lavapipe's Trunc and RoundEven of −0.0 give +0.0; Vulkan only asks for
        // the value, OpenCL for −0.0).
        let signed_zero = matches!(
            cl,
            Some(
                OpenclStd100Op::floor
                    | OpenclStd100Op::ceil
                    | OpenclStd100Op::trunc
                    | OpenclStd100Op::rint
            )
        ) && matches!(
            self.shape_of_type(ty),
            Some(super::vkmath::Shape::Num(Scalar::Float { width: 64 }, _))
        );
        let glsl = cl.and_then(|c| super::flavor::vulkan::glsl_op(c, relaxed));
        match glsl.filter(|_| !signed_zero) {
            Some(g) => {
                let half = |w: &Self, t: Word| match w.shape_of_type(t) {
                    Some(super::vkmath::Shape::Num(Scalar::Float { width: 16 }, n)) => Some(n),
                    _ => None,
                };
                let Some(n) = half(self, ty) else {
                    return Ok(self.b.ext_inst(ty, None, set, g as u32, operands)?);
                };
                // Half functions are computed in float and rounded once: NVIDIA's half
                // Sqrt is not correctly rounded and its half InverseSqrt is wrong for some
                // inputs; in float both are within OpenCL's half bounds.
                let f32 = Scalar::Float { width: 32 };
                let f16 = Scalar::Float { width: 16 };
                let mut wide = Vec::new();
                for o in operands {
                    let widened = match o {
                        rspirv::dr::Operand::IdRef(id) => {
                            match self.value_type(id).and_then(|t| half(self, t)) {
                                Some(k) => {
                                    let t = self.numeric_ty((f32, k));
                                    rspirv::dr::Operand::IdRef(self.float_convert(
                                        t,
                                        id,
                                        f16,
                                        (f32, k),
                                    )?)
                                }
                                None => rspirv::dr::Operand::IdRef(id),
                            }
                        }
                        other => other,
                    };
                    wide.push(widened);
                }
                let fty = self.numeric_ty((f32, n));
                let r = self.b.ext_inst(fty, None, set, g as u32, wide)?;
                Ok(self.b.f_convert(ty, None, r)?)
            }
            None => {
                let operands: Vec<_> = operands.into_iter().collect();
                if let Some(c) = cl {
                    if let Some(id) = self.vk_math(c, ty, &operands)? {
                        let half = matches!(
                            self.shape_of_type(ty),
                            Some(super::vkmath::Shape::Num(Scalar::Float { width: 16 }, _))
                        );
                        // A device's half Fma may widen to float and round twice: never used.
                        if c == OpenclStd100Op::fma && !half {
                            // The device's Fma where the host says it rounds once.
                            let fused = self.fma_fused_constant();
                            let hw = self.b.ext_inst(
                                ty,
                                None,
                                set,
                                rspirv::spirv::GlslStd450Op::Fma as u32,
                                operands,
                            )?;
                            return Ok(self.b.select(ty, None, fused, hw, id)?);
                        }
                        return Ok(id);
                    }
                }
                let name = cl.map_or_else(|| op.to_string(), |c| format!("{c:?}"));
                let what = format!(
                    "'{name}' on the Vulkan target (GLSL.std.450 has no instruction as precise as OpenCL requires; native_ and half_ forms, and -cl-fast-relaxed-math, map to it)"
                );
                match at {
                    Some(span) => super::unsupported(span, what),
                    None => Err(super::Error::Bug(Box::new(clc_passes::diag::Bug::new(
                        None, what,
                    )))),
                }
            }
        }
    }

    /// The element kind and component count of a scalar or vector type.
    pub(super) fn numeric(&self, h: Handle<Type>) -> Option<Numeric> {
        match self.m.types.get(h) {
            Type::Scalar(s) => Some((*s, 1)),
            Type::Vector { elem, len } => Some((*elem, *len)),
            _ => None,
        }
    }

    /// The SPIR-V type of `n` components of `s`.
    pub(super) fn numeric_ty(&mut self, (s, n): Numeric) -> Word {
        if s == (Scalar::Float { width: 16 }) {
            self.capabilities.insert(Capability::Float16);
        }
        let e = self.scalar(s);
        if n == 1 {
            e
        } else {
            // Remembered, as scalars are ([`Writer::scalar`]).
            let slot = super::types::numeric_slot((s, n));
            if let Some(id) = self.remembered(slot) {
                return id;
            }
            if n > 4 {
                self.capabilities.insert(Capability::Vector16);
            }
            let id = self.b.type_vector(e, u32::from(n));
            self.remember(slot, id);
            // Three-component vectors take the storage of four.
            let elem_size = self.sizes.get(&e).copied().unwrap_or(0);
            self.sizes
                .entry(id)
                .or_insert(elem_size * u64::from(if n == 3 { 4 } else { n }));
            id
        }
    }

    /// A constant with `v` in every component.
    pub(super) fn const_n(&mut self, (s, n): Numeric, v: ConstScalar) -> Word {
        let c = self.scalar_const(s, v);
        if n == 1 {
            return c;
        }
        let ty = self.numeric_ty((s, n));
        if let Some(&id) = self.splats.get(&(ty, c)) {
            return id;
        }
        let id = self.b.constant_composite(ty, vec![c; usize::from(n)]);
        self.splats.insert((ty, c), id);
        id
    }

    /// A vector from its scalar components, as a chain of inserts into an undefined value:
    /// Intel's CPU runtime crashes on `OpCompositeConstruct` of vectors.
    pub(super) fn build_vector(&mut self, ty: Word, scalars: &[Word]) -> Result<Word> {
        let mut acc = self.b.undef(ty, None);
        for (k, &c) in scalars.iter().enumerate() {
            acc = self.b.composite_insert(ty, None, c, acc, [k as u32])?;
        }
        Ok(acc)
    }

    /// `bool` or `booln`.
    pub(super) fn bool_ty_n(&mut self, n: u8) -> Word {
        self.numeric_ty((Scalar::Bool, n))
    }

    /// Non-zero test of a numeric value (component-wise for vectors).
    pub(super) fn nonzero(&mut self, v: Word, (s, n): Numeric) -> Result<Word> {
        let bt = self.bool_ty_n(n);
        Ok(match s {
            Scalar::Bool => v,
            Scalar::Int { .. } => {
                let z = self.const_n((s, n), ConstScalar::Int(0));
                self.b.i_not_equal(bt, None, v, z)?
            }
            // C: NaN is non-zero.
            Scalar::Float { .. } => {
                let z = self.const_n((s, n), ConstScalar::Float(0.0));
                self.b.f_unord_not_equal(bt, None, v, z)?
            }
        })
    }

    /// A `bool` as C's `int` 1/0 for scalars, or OpenCL's -1/0 mask for vectors.
    pub(super) fn bool_to(&mut self, ty: Handle<Type>, b: Word, span: Span) -> Result<Word> {
        let Some((s, n)) = self.numeric(ty) else {
            return bug(span, "bool converted to a non-numeric type");
        };
        if s == Scalar::Bool {
            return Ok(b);
        }
        let t = self.numeric_ty((s, n));
        let one = self.const_n((s, n), ConstScalar::Int(if n == 1 { 1 } else { u64::MAX }));
        let zero = self.const_n((s, n), ConstScalar::Int(0));
        Ok(self.b.select(t, None, b, one, zero)?)
    }

    /// A comparison of two numeric values of kind `num`, as `bool`/`booln`.
    pub(super) fn compare(&mut self, op: BinaryOp, num: Numeric, a: Word, b: Word) -> Result<Word> {
        let bool_ty = self.bool_ty_n(num.1);
        let bb = &mut self.b;
        Ok(match num.0 {
            Scalar::Float { .. } => match op {
                BinaryOp::Eq => bb.f_ord_equal(bool_ty, None, a, b)?,
                // `!=` is true when either side is NaN.
                BinaryOp::Ne => bb.f_unord_not_equal(bool_ty, None, a, b)?,
                BinaryOp::Lt => bb.f_ord_less_than(bool_ty, None, a, b)?,
                BinaryOp::Le => bb.f_ord_less_than_equal(bool_ty, None, a, b)?,
                BinaryOp::Gt => bb.f_ord_greater_than(bool_ty, None, a, b)?,
                _ => bb.f_ord_greater_than_equal(bool_ty, None, a, b)?,
            },
            Scalar::Bool => match op {
                BinaryOp::Eq => bb.logical_equal(bool_ty, None, a, b)?,
                _ => bb.logical_not_equal(bool_ty, None, a, b)?,
            },
            Scalar::Int { signed, .. } => match (op, signed) {
                (BinaryOp::Eq, _) => bb.i_equal(bool_ty, None, a, b)?,
                (BinaryOp::Ne, _) => bb.i_not_equal(bool_ty, None, a, b)?,
                (BinaryOp::Lt, true) => bb.s_less_than(bool_ty, None, a, b)?,
                (BinaryOp::Lt, false) => bb.u_less_than(bool_ty, None, a, b)?,
                (BinaryOp::Le, true) => bb.s_less_than_equal(bool_ty, None, a, b)?,
                (BinaryOp::Le, false) => bb.u_less_than_equal(bool_ty, None, a, b)?,
                (BinaryOp::Gt, true) => bb.s_greater_than(bool_ty, None, a, b)?,
                (BinaryOp::Gt, false) => bb.u_greater_than(bool_ty, None, a, b)?,
                (_, true) => bb.s_greater_than_equal(bool_ty, None, a, b)?,
                (_, false) => bb.u_greater_than_equal(bool_ty, None, a, b)?,
            },
        })
    }

    /// Arithmetic and bitwise operators on values of type `at` (the right operand of a
    /// shift keeps its own type `bt`).
    pub(super) fn arith(
        &mut self,
        op: BinaryOp,
        a: Word,
        at: Handle<Type>,
        b: Word,
        bt: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let Some(num @ (s, _)) = self.numeric(at) else {
            return bug(span, "arithmetic on a non-numeric type");
        };
        let ty = self.numeric_ty(num);
        // Vulkan: `double` division correctly rounded (`vkmath::exact::divide`), unless the
        // options allow a reciprocal (`-cl-unsafe-math-optimizations`, `-cl-fast-relaxed-math`).
        if op == BinaryOp::Div
            && s == (Scalar::Float { width: 64 })
            && self.opts.flavor.is_vulkan()
            && self.opts.float.fast_math & (8 | 16) == 0
        {
            let operands = [rspirv::dr::Operand::IdRef(a), rspirv::dr::Operand::IdRef(b)];
            if let Some(id) = self.vk_math(OpenclStd100Op::native_divide, ty, &operands)? {
                return Ok(id);
            }
        }
        if let Scalar::Float { .. } = s {
            let id = match op {
                BinaryOp::Add => self.b.f_add(ty, None, a, b)?,
                BinaryOp::Sub => self.b.f_sub(ty, None, a, b)?,
                BinaryOp::Mul => self.b.f_mul(ty, None, a, b)?,
                BinaryOp::Div => self.b.f_div(ty, None, a, b)?,
                BinaryOp::Rem => self.b.f_rem(ty, None, a, b)?,
                _ => return bug(span, "bitwise operator on floats"),
            };
            if self.opts.flavor.is_vulkan() {
                // Without NoContraction drivers fuse any multiply and add (NVIDIA's does);
                // what OpenCL allows to fuse was fused explicitly by `contract-fp`.
                if !self.opts.float.contract && op != BinaryOp::Div && op != BinaryOp::Rem {
                    self.b
                        .decorate(id, rspirv::spirv::Decoration::NoContraction, []);
                }
            } else if self.opts.float.fast_math != 0 {
                let mode =
                    rspirv::spirv::FPFastMathMode::from_bits_truncate(self.opts.float.fast_math);
                self.b.decorate(
                    id,
                    rspirv::spirv::Decoration::FPFastMathMode,
                    [rspirv::dr::Operand::FPFastMathMode(mode)],
                );
            }
            return Ok(id);
        }
        let (width, signed) = match s {
            Scalar::Int { width, signed } => (width, signed),
            _ => (1, false),
        };
        // Vulkan: 64-bit `/` and `%` without the device's 64-bit division (`vkmath::int::div64`).
        if width == 64
            && matches!(op, BinaryOp::Div | BinaryOp::Rem)
            && self.opts.flavor.is_vulkan()
        {
            let pseudo = match (op, signed) {
                (BinaryOp::Div, false) => OpenclStd100Op::native_divide,
                (BinaryOp::Div, true) => OpenclStd100Op::half_divide,
                (_, false) => OpenclStd100Op::fmod,
                (_, true) => OpenclStd100Op::remainder,
            };
            let operands = [rspirv::dr::Operand::IdRef(a), rspirv::dr::Operand::IdRef(b)];
            if let Some(id) = self.vk_math(pseudo, ty, &operands)? {
                return Ok(id);
            }
        }
        Ok(match op {
            BinaryOp::Add => self.b.i_add(ty, None, a, b)?,
            BinaryOp::Sub => self.b.i_sub(ty, None, a, b)?,
            BinaryOp::Mul => self.b.i_mul(ty, None, a, b)?,
            BinaryOp::Div if signed => self.b.s_div(ty, None, a, b)?,
            BinaryOp::Div => self.b.u_div(ty, None, a, b)?,
            // C's `%` truncates, like OpSRem (the sign follows the dividend).
            // NVIDIA's Vulkan driver gets OpSRem wrong on the signless integer types clc
            // declares (measured on the H100); a - (a / b) * b is the same for every defined
            // operand (C leaves INT_MIN % -1 undefined).
            BinaryOp::Rem if signed && self.opts.flavor.is_vulkan() => {
                let q = self.b.s_div(ty, None, a, b)?;
                let m = self.b.i_mul(ty, None, q, b)?;
                self.b.i_sub(ty, None, a, m)?
            }
            BinaryOp::Rem if signed => self.b.s_rem(ty, None, a, b)?,
            BinaryOp::Rem => self.b.u_mod(ty, None, a, b)?,
            BinaryOp::BitAnd => self.b.bitwise_and(ty, None, a, b)?,
            BinaryOp::BitOr => self.b.bitwise_or(ty, None, a, b)?,
            BinaryOp::BitXor => self.b.bitwise_xor(ty, None, a, b)?,
            BinaryOp::Shl | BinaryOp::Shr => {
                // OpenCL masks the shift count to the width of the shifted type.
                let count = self.convert_value(b, bt, at, span)?;
                let mask = self.const_n(num, ConstScalar::Int(u64::from(width) - 1));
                let count = self.b.bitwise_and(ty, None, count, mask)?;
                match (op, signed) {
                    (BinaryOp::Shl, _) => self.b.shift_left_logical(ty, None, a, count)?,
                    (_, true) => self.b.shift_right_arithmetic(ty, None, a, count)?,
                    (_, false) => self.b.shift_right_logical(ty, None, a, count)?,
                }
            }
            _ => return bug(span, "comparison in arithmetic"),
        })
    }

    /// Converts a numeric value between AST types (where the AST records a computation type
    /// rather than explicit casts); a scalar converted to a vector is replicated.
    pub(super) fn convert_value(
        &mut self,
        v: Word,
        from: Handle<Type>,
        to: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        if from == to {
            return Ok(v);
        }
        let (Some((f, fnum)), Some((t, tnum))) = (self.numeric(from), self.numeric(to)) else {
            return bug(span, "conversion between non-numeric types");
        };
        let kind = match (f, t) {
            (_, Scalar::Bool) => CastKind::ToBool,
            (Scalar::Bool, Scalar::Int { .. }) => CastKind::BoolToInt,
            (Scalar::Bool, Scalar::Float { .. }) => CastKind::BoolToFloat,
            (Scalar::Int { .. }, Scalar::Int { .. }) => CastKind::IntToInt,
            (Scalar::Int { .. }, Scalar::Float { .. }) => CastKind::IntToFloat,
            (Scalar::Float { .. }, Scalar::Int { .. }) => CastKind::FloatToInt,
            (Scalar::Float { .. }, Scalar::Float { .. }) => CastKind::FloatToFloat,
        };
        let converted = self.numeric_cast(kind, v, (f, fnum), (t, fnum), span)?;
        if fnum == 1 && tnum > 1 {
            let ty = self.numeric_ty((t, tnum));
            return self.build_vector(ty, &vec![converted; usize::from(tnum)]);
        }
        Ok(converted)
    }

    /// A signed 8- or 16-bit value widened on Vulkan: zero-extended to 32 bits, then
    /// sign-extended from its top bit there with `OpBitFieldSExtract`. NVIDIA's driver (580)
    /// answered `OpSConvert` of a 16-bit result of unsigned arithmetic with its zero
    /// extension: a `short` of -32768 widened to `long` gave 32768
    /// (`kernels/fuzz/nvidia_sext16_340874`). `(x ^ m) - m` in place of the extract fixed
    /// only some of those kernels there (TESTING.md stop 33).
    fn vk_widen_signed(&mut self, v: Word, from_width: u8, to: Numeric) -> Result<Word> {
        let uint = (
            Scalar::Int {
                width: 32,
                signed: false,
            },
            to.1,
        );
        let uint_ty = self.numeric_ty(uint);
        let wide = self.b.u_convert(uint_ty, None, v)?;
        let (zero, bits) = (self.u32_const(0), self.u32_const(u32::from(from_width)));
        let ext = self
            .b
            .bit_field_s_extract(uint_ty, None, wide, zero, bits)?;
        if to.0.size() == 4 {
            return Ok(ext);
        }
        let ty = self.numeric_ty(to);
        Ok(self.b.s_convert(ty, None, ext)?)
    }

    /// A value conversion between numeric types with the same component count.
    pub(super) fn numeric_cast(
        &mut self,
        kind: CastKind,
        v: Word,
        from: Numeric,
        to: Numeric,
        span: Span,
    ) -> Result<Word> {
        let (f, t, n) = (from.0, to.0, to.1);
        let ty = self.numeric_ty(to);
        Ok(match (kind, f, t) {
            (
                CastKind::IntToInt,
                Scalar::Int { width: fw, signed },
                Scalar::Int { width: tw, .. },
            ) => {
                if fw == tw {
                    v
                } else if fw < tw && signed && fw < 32 && self.opts.flavor.is_vulkan() {
                    self.vk_widen_signed(v, fw, (t, n))?
                } else if fw < tw && signed {
                    self.b.s_convert(ty, None, v)?
                } else {
                    self.b.u_convert(ty, None, v)?
                }
            }
            (CastKind::IntToFloat, Scalar::Int { signed: true, .. }, _) => {
                self.b.convert_s_to_f(ty, None, v)?
            }
            (CastKind::IntToFloat, _, _) => self.b.convert_u_to_f(ty, None, v)?,
            (CastKind::FloatToInt, _, _) => self.float_to_int(v, from, to, span)?,
            (CastKind::FloatToFloat, Scalar::Float { width: 64 }, Scalar::Float { width: 16 })
                if self.opts.flavor.is_vulkan() =>
            {
                self.vk_double_to_half(v, n)?
            }
            (CastKind::FloatToFloat, _, _) => self.float_convert(ty, v, f, (t, n))?,
            (CastKind::ToBool, _, _) => self.nonzero(v, from)?,
            (CastKind::BoolToInt, _, _) => {
                let one = self.const_n((t, n), ConstScalar::Int(1));
                let zero = self.const_n((t, n), ConstScalar::Int(0));
                self.b.select(ty, None, v, one, zero)?
            }
            (CastKind::BoolToFloat, _, _) => {
                let one = self.const_n((t, n), ConstScalar::Float(1.0));
                let zero = self.const_n((t, n), ConstScalar::Float(0.0));
                self.b.select(ty, None, v, one, zero)?
            }
            _ => return bug(span, "numeric conversion of this kind"),
        })
    }

    /// `convert_T_sat` from floats: NaN becomes 0 and out-of-range values the nearest
    /// bound, decided on the float (bounds are powers of two, exact). Only a value in range
    /// is converted (the others convert 0.0): converting one out of range gives LLVM-based
    /// drivers a poison value, and Intel's CPU runtime then got `convert_uint_sat(-7.0f)`
    /// wrong in some contexts despite the selects around it (clc-smith seed 320260).
    pub(super) fn saturate_float_to_int(
        &mut self,
        x: Word,
        from: Numeric,
        to: Numeric,
        span: Span,
    ) -> Result<Word> {
        let (Scalar::Int { width, signed }, n) = to else {
            return bug(span, "saturating conversion to a non-integer");
        };
        let ty = self.numeric_ty(to);
        let bt = self.bool_ty_n(n);
        let (lo, hi) = if signed {
            (
                -(2f64.powi(i32::from(width) - 1)),
                2f64.powi(i32::from(width) - 1),
            )
        } else {
            (0.0, 2f64.powi(i32::from(width)))
        };
        let (min_i, max_i) = if signed {
            (
                (1u64 << (width - 1)).wrapping_neg(),
                (1u64 << (width - 1)) - 1,
            )
        } else {
            (
                0,
                if width == 64 {
                    u64::MAX
                } else {
                    (1u64 << width) - 1
                },
            )
        };
        // The largest value of the source type below `hi` (a power of two), the clamp's
        // upper bound: 2^k - 2^(k - precision), or half's largest finite value.
        let precision = match from.0 {
            Scalar::Float { width: 64 } => 53,
            Scalar::Float { width: 32 } => 24,
            _ => 11,
        };
        let below_hi =
            (hi - hi * 2f64.powi(-precision)).min(if precision == 11 { 65504.0 } else { f64::MAX });
        let hi_f = self.const_n(from, ConstScalar::Float(hi));
        let lo_f = self.const_n(from, ConstScalar::Float(lo));
        let top_f = self.const_n(from, ConstScalar::Float(below_hi));
        let max_v = self.const_n(to, ConstScalar::Int(max_i));
        let zero = self.const_n(to, ConstScalar::Int(0));
        let ft = self.numeric_ty(from);
        // fclamp maps NaN to the lower bound (OpenCL's fmax returns the other operand).
        let clamped = self.std_inst(
            ft,
            OpenclStd100Op::fclamp as u32,
            [
                rspirv::dr::Operand::IdRef(x),
                rspirv::dr::Operand::IdRef(lo_f),
                rspirv::dr::Operand::IdRef(top_f),
            ],
            None,
        )?;
        let converted = self.float_to_int(clamped, from, to, span)?;
        let too_big = self.b.f_ord_greater_than_equal(bt, None, x, hi_f)?;
        let nan = self.b.is_nan(bt, None, x)?;
        let r = self.b.select(ty, None, too_big, max_v, converted)?;
        let _ = min_i;
        Ok(self.b.select(ty, None, nan, zero, r)?)
    }

    /// A float converted to an integer type, rounding toward zero (`OpConvertFToS`/`FToU`).
    ///
    /// Vulkan, `float` or `half` to 64 bits: from the float's bits with integer instructions.
    /// NVIDIA's driver 580 miscompiles `OpConvertFToS`/`FToU` from 32-bit floats to 64-bit
    /// integers: values computed near one go wrong (`kernels/fuzz/nvidia_ftos_xor_620281`:
    /// the upper half of a 64-bit xor), and in loops the counter does, so that clc-smith
    /// seeds 320176 and 320363 never finished on the H200 until the conversion was deleted.
    /// x = m·2^(e−150) with m the significand and its hidden bit: shifted right below 2^23,
    /// left from there (out-of-range values, infinities and NaN are undefined in C and get
    /// some value).
    pub(super) fn float_to_int(
        &mut self,
        v: Word,
        from: Numeric,
        to: Numeric,
        span: Span,
    ) -> Result<Word> {
        let (f, n) = from;
        let Scalar::Int { width, signed } = to.0 else {
            return bug(span, "conversion of a float to a non-integer");
        };
        let ty = self.numeric_ty(to);
        let narrow_float = matches!(f, Scalar::Float { width: 16 | 32 });
        if !(self.opts.flavor.is_vulkan() && width == 64 && narrow_float) {
            return Ok(if signed {
                self.b.convert_f_to_s(ty, None, v)?
            } else {
                self.b.convert_f_to_u(ty, None, v)?
            });
        }
        let f32n = (Scalar::Float { width: 32 }, n);
        let v = if f == f32n.0 {
            v
        } else {
            let t = self.numeric_ty(f32n);
            self.float_convert(t, v, f, f32n)?
        };
        let u32n = (
            Scalar::Int {
                width: 32,
                signed: false,
            },
            n,
        );
        let ut = self.numeric_ty(u32n);
        let bt = self.bool_ty_n(n);
        let c32 = |w: &mut Self, x: u64| w.const_n(u32n, ConstScalar::Int(x));
        let bits = self.b.bitcast(ut, None, v)?;
        let (c23, c255) = (c32(self, 23), c32(self, 255));
        let shifted = self.b.shift_right_logical(ut, None, bits, c23)?;
        let e = self.b.bitwise_and(ut, None, shifted, c255)?;
        let (frac_mask, hidden) = (c32(self, 0x7f_ffff), c32(self, 0x80_0000));
        let frac = self.b.bitwise_and(ut, None, bits, frac_mask)?;
        let m = self.b.bitwise_or(ut, None, frac, hidden)?;
        // |x| < 1 (e < 127) is 0; from 2^23 on (e >= 150) m moves left.
        let (c127, c150) = (c32(self, 127), c32(self, 150));
        let small = self.b.u_less_than(bt, None, e, c127)?;
        let big = self.b.u_greater_than_equal(bt, None, e, c150)?;
        // Right: by 150 − e, in 1..=23 where it is used; 0 elsewhere.
        let rs = self.b.i_sub(ut, None, c150, e)?;
        let zero32 = c32(self, 0);
        let rs = self.b.select(ut, None, big, zero32, rs)?;
        let rs = self.b.select(ut, None, small, zero32, rs)?;
        let right = self.b.shift_right_logical(ut, None, m, rs)?;
        let right = self.b.u_convert(ty, None, right)?;
        // Left: by e − 150, at most 63.
        let ls = self.b.i_sub(ut, None, e, c150)?;
        let ls = self.b.select(ut, None, big, ls, zero32)?;
        let c63 = c32(self, 63);
        let over = self.b.u_greater_than(bt, None, ls, c63)?;
        let ls = self.b.select(ut, None, over, c63, ls)?;
        let ls = self.b.u_convert(ty, None, ls)?;
        let wide = self.b.u_convert(ty, None, m)?;
        let left = self.b.shift_left_logical(ty, None, wide, ls)?;
        let mag = self.b.select(ty, None, big, left, right)?;
        let zero = self.const_n(to, ConstScalar::Int(0));
        let mag = self.b.select(ty, None, small, zero, mag)?;
        let c31 = c32(self, 31);
        let sign = self.b.shift_right_logical(ut, None, bits, c31)?;
        let one = c32(self, 1);
        let negative = self.b.i_equal(bt, None, sign, one)?;
        let negated = self.b.s_negate(ty, None, mag)?;
        Ok(self.b.select(ty, None, negative, negated, mag)?)
    }
}
