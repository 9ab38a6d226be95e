//! Host-side buffer contents: the deterministic fills of `suite.toml`, CSR structures, and
//! typed views of what the device wrote.

use crate::suite::{Bench, BufferSpec, CsrSpec, ElemType, Fill, Init, InitKind, Params, Role};
use anyhow::{anyhow, bail, Context, Result};

/// A buffer's contents on the host.
#[derive(Debug, Clone, PartialEq)]
pub enum HostBuf {
    F32(Vec<f32>),
    U32(Vec<u32>),
    I32(Vec<i32>),
}

impl HostBuf {
    pub fn len(&self) -> usize {
        match self {
            HostBuf::F32(v) => v.len(),
            HostBuf::U32(v) => v.len(),
            HostBuf::I32(v) => v.len(),
        }
    }

    pub fn ty(&self) -> ElemType {
        match self {
            HostBuf::F32(_) => ElemType::Float,
            HostBuf::U32(_) => ElemType::Uint,
            HostBuf::I32(_) => ElemType::Int,
        }
    }

    /// `len` elements of `ty`, each with the bits `word`.
    pub fn filled(ty: ElemType, len: usize, word: u32) -> HostBuf {
        match ty {
            ElemType::Float => HostBuf::F32(vec![f32::from_bits(word); len]),
            ElemType::Uint => HostBuf::U32(vec![word; len]),
            ElemType::Int => HostBuf::I32(vec![word as i32; len]),
        }
    }

    /// The size in bytes (every element type is 4 bytes).
    pub fn byte_len(&self) -> usize {
        self.len() * 4
    }

    /// The elements as raw bits.
    pub fn bits(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            HostBuf::F32(v) => Box::new(v.iter().map(|x| x.to_bits())),
            HostBuf::U32(v) => Box::new(v.iter().copied()),
            HostBuf::I32(v) => Box::new(v.iter().map(|&x| x as u32)),
        }
    }

    /// The first element whose bits differ, if any (or the length, if the lengths differ).
    pub fn first_difference(&self, other: &HostBuf) -> Option<usize> {
        if self.len() != other.len() || self.ty() != other.ty() {
            return Some(self.len().min(other.len()));
        }
        self.bits().zip(other.bits()).position(|(a, b)| a != b)
    }

    /// The start of the elements, for the runtime to copy from.
    pub fn as_ptr(&self) -> *const std::ffi::c_void {
        match self {
            HostBuf::F32(v) => v.as_ptr().cast(),
            HostBuf::U32(v) => v.as_ptr().cast(),
            HostBuf::I32(v) => v.as_ptr().cast(),
        }
    }

    /// The start of the elements, for the runtime to copy into.
    pub fn as_mut_ptr(&mut self) -> *mut std::ffi::c_void {
        match self {
            HostBuf::F32(v) => v.as_mut_ptr().cast(),
            HostBuf::U32(v) => v.as_mut_ptr().cast(),
            HostBuf::I32(v) => v.as_mut_ptr().cast(),
        }
    }

    pub fn f32s(&self) -> Result<&[f32]> {
        match self {
            HostBuf::F32(v) => Ok(v),
            other => bail!("a float buffer was expected, not {:?}", other.ty()),
        }
    }

    pub fn u32s(&self) -> Result<&[u32]> {
        match self {
            HostBuf::U32(v) => Ok(v),
            other => bail!("a uint buffer was expected, not {:?}", other.ty()),
        }
    }
}

/// Output number `i + 1` of the splitmix64 stream seeded `seed`.
pub fn splitmix_at(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Element `i` of a fill as an integer: `min + x mod (max - min + 1)`.
fn fill_int(f: &Fill, i: u64) -> i64 {
    let span = (i128::from(f.max) - i128::from(f.min) + 1) as u128;
    (i128::from(f.min) + (u128::from(splitmix_at(f.seed, i)) % span) as i128) as i64
}

/// The initial contents of every buffer of `bench`, in order.
pub fn initial_buffers(bench: &Bench, params: &Params) -> Result<Vec<HostBuf>> {
    let csr = bench
        .csr
        .as_ref()
        .map(|c| Csr::generate(c, params).context("csr"))
        .transpose()?;
    bench
        .buffers
        .iter()
        .map(|b| initial(b, params, csr.as_ref()).with_context(|| format!("buffer `{}`", b.name)))
        .collect()
}

fn initial(b: &BufferSpec, params: &Params, csr: Option<&Csr>) -> Result<HostBuf> {
    let len = params.int(&b.len, &[])?;
    let len = usize::try_from(len)
        .ok()
        .filter(|&l| l > 0)
        .ok_or_else(|| anyhow!("length {len} is not positive"))?;
    let init = match (&b.init, b.role) {
        (Some(i), _) => i.clone(),
        (None, Role::Out | Role::Temp) => Init::Kind(InitKind::Poison),
        (None, Role::In | Role::Inout) => bail!("an input needs `init`"),
    };
    let buf = match init {
        Init::Random(f) => random(b.ty, &[f], len)?,
        Init::Components(fills) => random(b.ty, &fills, len)?,
        Init::Kind(InitKind::Zero) => HostBuf::filled(b.ty, len, 0),
        Init::Kind(InitKind::Poison) => HostBuf::filled(b.ty, len, u32::MAX),
        Init::Kind(kind @ (InitKind::CsrRowPtr | InitKind::CsrCols)) => {
            let csr = csr.ok_or_else(|| anyhow!("{kind:?} needs a [bench.csr] table"))?;
            if b.ty != ElemType::Uint {
                bail!("{kind:?} fills a uint buffer");
            }
            let v = if kind == InitKind::CsrRowPtr {
                &csr.row_ptr
            } else {
                &csr.cols
            };
            HostBuf::U32(v.clone())
        }
    };
    if buf.len() != len {
        bail!("the fill has {} elements, the buffer {len}", buf.len());
    }
    Ok(buf)
}

/// `len` elements of `fills` (one per vector component, interleaved).
fn random(ty: ElemType, fills: &[Fill], len: usize) -> Result<HostBuf> {
    let (lo, hi) = match ty {
        ElemType::Float => (i64::MIN, i64::MAX),
        ElemType::Uint => (0, i64::from(u32::MAX)),
        ElemType::Int => (i64::from(i32::MIN), i64::from(i32::MAX)),
    };
    for f in fills {
        if f.min > f.max || f.min < lo || f.max > hi {
            bail!(
                "fill range {}..={} is empty or does not fit {ty:?}",
                f.min,
                f.max
            );
        }
        if f.scale.is_some() && ty != ElemType::Float {
            bail!("`scale` is for float buffers");
        }
    }
    let c = fills.len();
    if c == 0 {
        bail!("no fill");
    }
    let ints = (0..len).map(|i| fill_int(&fills[i % c], (i / c) as u64));
    Ok(match ty {
        ElemType::Float => HostBuf::F32(
            (0..len)
                .zip(ints)
                .map(|(i, k)| (k as f64 / fills[i % c].scale.unwrap_or(1.0)) as f32)
                .collect(),
        ),
        ElemType::Uint => HostBuf::U32(ints.map(|k| k as u32).collect()),
        ElemType::Int => HostBuf::I32(ints.map(|k| k as i32).collect()),
    })
}

/// A sparse matrix structure in CSR form.
pub struct Csr {
    pub row_ptr: Vec<u32>,
    pub cols: Vec<u32>,
}

impl Csr {
    pub fn generate(spec: &CsrSpec, params: &Params) -> Result<Csr> {
        let get = |e| -> Result<u64> {
            let v = params.int(e, &[])?;
            u64::try_from(v).map_err(|_| anyhow!("{v} is negative"))
        };
        let (rows, cols, per_row, vary) = (
            get(&spec.rows)?,
            get(&spec.cols)?,
            get(&spec.per_row)?,
            get(&spec.vary)?,
        );
        if vary > per_row || per_row + vary > cols {
            bail!("per_row {per_row} ± vary {vary} does not fit {cols} columns");
        }
        if rows * per_row > u64::from(u32::MAX) {
            bail!("too many non-zeros for uint offsets");
        }
        let mut row_ptr = Vec::with_capacity(rows as usize + 1);
        let mut out = Vec::with_capacity((rows * per_row) as usize);
        row_ptr.push(0u32);
        let mut row = Vec::new();
        let mut draw = 0u64;
        let mut next = |bound: u64| {
            draw += 1;
            splitmix_at(spec.seed, draw) % bound
        };
        let mut delta = 0i64;
        for r in 0..rows {
            // Even rows draw the deviation, odd rows take its opposite; a last unpaired row
            // has none.
            delta = if r % 2 == 0 {
                if r + 1 < rows {
                    next(2 * vary + 1) as i64 - vary as i64
                } else {
                    0
                }
            } else {
                -delta
            };
            let len = (per_row as i64 + delta) as usize;
            row.clear();
            while row.len() < len {
                let c = next(cols) as u32;
                if !row.contains(&c) {
                    row.push(c);
                }
            }
            row.sort_unstable();
            out.extend_from_slice(&row);
            row_ptr.push(out.len() as u32);
        }
        Ok(Csr { row_ptr, cols: out })
    }
}

/// Sampled indices: `(k * 2654435761) mod len` for `k < count`, then `len - 1`.
pub fn samples(len: usize, count: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..count.min(len) as u64)
        .map(|k| ((u128::from(k) * 2_654_435_761) % len as u128) as usize)
        .collect();
    v.push(len - 1);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::Expr;

    #[test]
    fn fills_are_deterministic_and_in_range() {
        let f = Fill {
            seed: 7,
            min: -4,
            max: 4,
            scale: Some(2.0),
        };
        let a = random(ElemType::Float, &[f], 1000).unwrap();
        assert_eq!(a, random(ElemType::Float, &[f], 1000).unwrap());
        let v = a.f32s().unwrap();
        assert!(v.iter().all(|x| (-2.0..=2.0).contains(x)));
        assert!(v.contains(&-2.0) && v.contains(&2.0));
        let full = Fill {
            seed: 1,
            min: 0,
            max: u32::MAX as i64,
            scale: None,
        };
        assert!(random(ElemType::Uint, &[full], 10).is_ok());
        assert!(random(ElemType::Int, &[full], 10).is_err());
    }

    #[test]
    fn components_interleave() {
        let a = Fill {
            seed: 11,
            min: 1,
            max: 9,
            scale: None,
        };
        let zero = Fill {
            seed: 0,
            min: 0,
            max: 0,
            scale: None,
        };
        let v = random(ElemType::Uint, &[a, zero], 8).unwrap();
        let v = v.u32s().unwrap();
        assert_eq!(v[2] as i64, fill_int(&a, 1));
        assert!(v.iter().skip(1).step_by(2).all(|&x| x == 0));
    }

    #[test]
    fn csr_has_the_promised_shape() {
        let spec = CsrSpec {
            rows: Expr::Int(101),
            cols: Expr::Int(500),
            per_row: Expr::Int(8),
            vary: Expr::Int(5),
            seed: 3,
        };
        let c = Csr::generate(&spec, &Params::default()).unwrap();
        assert_eq!(c.row_ptr.len(), 102);
        assert_eq!(*c.row_ptr.last().unwrap() as usize, 101 * 8);
        assert_eq!(c.cols.len(), 101 * 8);
        for r in 0..101 {
            let row = &c.cols[c.row_ptr[r] as usize..c.row_ptr[r + 1] as usize];
            assert!((3..=13).contains(&row.len()));
            assert!(row.windows(2).all(|w| w[0] < w[1]));
            assert!(row.iter().all(|&x| x < 500));
        }
    }

    #[test]
    fn samples_end_with_the_last() {
        assert_eq!(samples(10, 3), vec![0, 1, 2, 9]);
        assert_eq!(samples(3, 100).len(), 4);
    }
}
