//! Vulkan: members of packed structs that sit at offsets their type's alignment forbids
//! (`struct __attribute__((packed)) { char c; int i; }`). Vulkan lays every member out at a
//! multiple of its scalar alignment, so such a member is stored as its bytes (`uchar[n]`,
//! see `types.rs`). In buffer memory it is reached through a pointer cast to its type (with
//! the alignment the struct guarantees, 1); in logical storage (a private copy, `__local`)
//! its value is assembled from and split into those bytes here.

use super::types::ConstScalar;
use super::{unsupported, Result, Writer};
use clc_passes::ast::{ConstValue, Handle, Scalar, StructDef, Type};
use clc_passes::diag::Span;
use rspirv::spirv::Word;

const BYTE: Scalar = Scalar::Int {
    width: 8,
    signed: false,
};

impl Writer<'_> {
    /// Whether field `field` of struct type `base` is stored as bytes.
    pub(super) fn byte_member(&self, base: Handle<Type>, field: u32) -> Option<Handle<StructDef>> {
        match self.m.types.get(base) {
            Type::Struct(d) if self.byte_members.contains(&(*d, field)) => Some(*d),
            _ => None,
        }
    }

    /// The `uchar[n]` type that stores a value of `ast`.
    pub(super) fn bytes_ty(&mut self, ast: Handle<Type>) -> Word {
        let n = self.m.types.size_of(ast, &self.m.lang.layout);
        self.padding(n)
    }

    /// The value of type `ast` whose bytes are the `uchar[n]` value `bytes`.
    pub(super) fn from_bytes(&mut self, bytes: Word, ast: Handle<Type>, at: Span) -> Result<Word> {
        let (s, n) = self.byte_shape(ast, at)?;
        let w = s.size() as u32;
        let byte = self.scalar(BYTE);
        let mut comps = Vec::with_capacity(usize::from(n));
        for c in 0..u32::from(n) {
            let parts: Vec<Word> = (0..w)
                .map(|k| self.b.composite_extract(byte, None, bytes, [c * w + k]))
                .collect::<std::result::Result<_, _>>()?;
            let bits = self.join_bytes(&parts)?;
            comps.push(self.bits_to(bits, s)?);
        }
        if n == 1 {
            return Ok(comps[0]);
        }
        let ty = self.numeric_ty((s, n));
        Ok(self.b.composite_construct(ty, None, comps)?)
    }

    /// The `uchar[n]` bytes of `v`, a value of type `ast`.
    pub(super) fn to_bytes(&mut self, v: Word, ast: Handle<Type>, at: Span) -> Result<Word> {
        let (s, n) = self.byte_shape(ast, at)?;
        let w = s.size() as u32;
        let comp_ty = self.numeric_ty((s, 1));
        let mut out = Vec::new();
        for c in 0..u32::from(n) {
            let comp = if n == 1 {
                v
            } else {
                self.b.composite_extract(comp_ty, None, v, [c])?
            };
            let bits = self.to_bits(comp, s)?;
            out.extend(self.split_bytes(bits, w)?);
        }
        let total = self.m.types.size_of(ast, &self.m.lang.layout) as usize;
        let zero = self.const_n((BYTE, 1), ConstScalar::Int(0));
        out.resize(total, zero);
        let ty = self.bytes_ty(ast);
        Ok(self.b.composite_construct(ty, None, out)?)
    }

    /// The `uchar[n]` constant holding constant `v` of type `ast`.
    pub(super) fn const_bytes(
        &mut self,
        ast: Handle<Type>,
        v: &ConstValue,
        at: Span,
    ) -> Result<Word> {
        let (s, n) = self.byte_shape(ast, at)?;
        let w = s.size() as usize;
        let comps: Vec<&ConstValue> = match v {
            ConstValue::Composite(items) => items.iter().collect(),
            ConstValue::Zero => vec![v; usize::from(n)],
            other => vec![other],
        };
        let mut bytes = Vec::new();
        for c in comps {
            let bits = match (c, s) {
                (ConstValue::Zero, _) => 0,
                (ConstValue::Int(i), _) => *i,
                (ConstValue::Bool(b), _) => u64::from(*b),
                (ConstValue::Float(f), Scalar::Float { width: 32 }) => {
                    u64::from((*f as f32).to_bits())
                }
                (ConstValue::Float(f), Scalar::Float { width: 64 }) => f.to_bits(),
                _ => return unsupported(
                    at,
                    "this constant in a misaligned member of a packed struct on the Vulkan target",
                ),
            };
            bytes.extend_from_slice(&bits.to_le_bytes()[..w]);
        }
        let total = self.m.types.size_of(ast, &self.m.lang.layout) as usize;
        bytes.resize(total, 0);
        let ids: Vec<Word> = bytes
            .iter()
            .map(|&b| self.const_n((BYTE, 1), ConstScalar::Int(u64::from(b))))
            .collect();
        let ty = self.bytes_ty(ast);
        self.composite(ty, ids, at)
    }

    fn byte_shape(&self, ast: Handle<Type>, at: Span) -> Result<(Scalar, u8)> {
        match self.numeric(ast) {
            Some((s, n)) if s != Scalar::Bool && !matches!(s, Scalar::Float { width: 16 }) => {
                Ok((s, n))
            }
            _ => unsupported(
                at,
                format!(
                    "a misaligned member of type '{}' in a packed struct on the Vulkan target",
                    self.m.types.display(ast)
                ),
            ),
        }
    }

    /// One unsigned integer from 1, 2, 4 or 8 bytes (the first the least significant).
    fn join_bytes(&mut self, parts: &[Word]) -> Result<Word> {
        let int = |w: &mut Self, bits: u8| {
            w.scalar(Scalar::Int {
                width: bits,
                signed: false,
            })
        };
        Ok(match parts.len() {
            1 => parts[0],
            2 | 4 => {
                let v = self.numeric_ty((BYTE, parts.len() as u8));
                let vec = self.b.composite_construct(v, None, parts.iter().copied())?;
                let t = int(self, parts.len() as u8 * 8);
                self.b.bitcast(t, None, vec)?
            }
            _ => {
                let lo = self.join_bytes(&parts[..4])?;
                let hi = self.join_bytes(&parts[4..])?;
                let pair_ty = self.numeric_ty((
                    Scalar::Int {
                        width: 32,
                        signed: false,
                    },
                    2,
                ));
                let pair = self.b.composite_construct(pair_ty, None, [lo, hi])?;
                let t = int(self, 64);
                self.b.bitcast(t, None, pair)?
            }
        })
    }

    /// The `w` bytes of the unsigned integer `bits`.
    fn split_bytes(&mut self, bits: Word, w: u32) -> Result<Vec<Word>> {
        let byte = self.scalar(BYTE);
        Ok(match w {
            1 => vec![bits],
            2 | 4 => {
                let v = self.numeric_ty((BYTE, w as u8));
                let vec = self.b.bitcast(v, None, bits)?;
                (0..w)
                    .map(|k| self.b.composite_extract(byte, None, vec, [k]))
                    .collect::<std::result::Result<_, _>>()?
            }
            _ => {
                let u = Scalar::Int {
                    width: 32,
                    signed: false,
                };
                let pair_ty = self.numeric_ty((u, 2));
                let pair = self.b.bitcast(pair_ty, None, bits)?;
                let uint = self.scalar(u);
                let mut out = Vec::new();
                for k in 0..2 {
                    let half = self.b.composite_extract(uint, None, pair, [k])?;
                    out.extend(self.split_bytes(half, 4)?);
                }
                out
            }
        })
    }

    /// A component of kind `s` from its bits.
    fn bits_to(&mut self, bits: Word, s: Scalar) -> Result<Word> {
        Ok(match s {
            Scalar::Float { .. } => {
                let t = self.scalar(s);
                self.b.bitcast(t, None, bits)?
            }
            _ => bits,
        })
    }

    /// The bits of a component of kind `s`.
    fn to_bits(&mut self, v: Word, s: Scalar) -> Result<Word> {
        Ok(match s {
            Scalar::Float { width } => {
                let t = self.scalar(Scalar::Int {
                    width,
                    signed: false,
                });
                self.b.bitcast(t, None, v)?
            }
            _ => v,
        })
    }
}
