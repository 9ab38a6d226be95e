//! The suite's deterministic contents (README.md, "Contents"), sampled indices and output
//! digests, computed element by element (never a whole-buffer intermediate), on all cores.
//! cuda/suite.h and cuda/bench.cu compute the same numbers.

use crate::suite::{Fill, Init, Ty};

/// Output number `i + 1` of the splitmix64 stream seeded `seed`.
pub fn splitmix_at(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add((i.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Element `i` of a fill as a 32-bit word: `min + x mod (max - min + 1)`, for floats
/// `(float)((double)k / scale)`.
pub fn fill_word(f: &Fill, ty: Ty, i: u64) -> u32 {
    let span = (f.max as i128 - f.min as i128 + 1) as u128;
    let k = f.min as i128 + (splitmix_at(f.seed, i) as u128 % span) as i128;
    match ty {
        Ty::Float => {
            let scale = f.scale.map_or(1.0, |s| s.f64());
            ((k as f64 / scale) as f32).to_bits()
        }
        Ty::Uint | Ty::Int => k as i64 as u32,
    }
}

/// Element `i` of a float fill.
#[cfg(test)]
pub fn fill_value(f: &Fill, i: u64) -> f32 {
    f32::from_bits(fill_word(f, Ty::Float, i))
}

/// The initial contents of a filled buffer (None for "poison" and "zero").
pub fn initial(init: &Init, ty: Ty, len: usize) -> Option<Vec<u32>> {
    match init {
        Init::Poison | Init::Zero => None,
        Init::Fill(comps) => Some(fill(comps, ty, len)),
        Init::Csr {
            row_ptr,
            rows,
            cols,
            per_row,
            vary,
            seed,
        } => Some(if *row_ptr {
            csr_row_ptr(*rows, *per_row, *vary, *seed)
        } else {
            let mut v = vec![0u32; len];
            par_chunks(&mut v, |start, chunk| {
                for (j, x) in chunk.iter_mut().enumerate() {
                    *x = (splitmix_at(seed.wrapping_add(1), (start + j) as u64) % cols) as u32;
                }
            });
            v
        }),
    }
}

/// CSR row offsets: rows 2m and 2m + 1 have per_row + d and per_row - d non-zeros,
/// d = splitmix(seed, m) mod (vary + 1), so there are rows * per_row in all.
pub fn csr_row_ptr(rows: u64, per_row: u64, vary: u64, seed: u64) -> Vec<u32> {
    let mut v = Vec::with_capacity(rows as usize + 1);
    let mut at = 0u64;
    v.push(0);
    for m in 0..rows / 2 {
        let d = splitmix_at(seed, m) % (vary + 1);
        at += per_row + d;
        v.push(at as u32);
        at += per_row - d;
        v.push(at as u32);
    }
    v
}

/// `len` words of a fill with one table per vector component (element `i` uses table
/// `i % C` at index `i / C`).
pub fn fill(comps: &[Fill], ty: Ty, len: usize) -> Vec<u32> {
    let mut v = vec![0u32; len];
    let c = comps.len().max(1);
    par_chunks(&mut v, |start, chunk| {
        for (j, x) in chunk.iter_mut().enumerate() {
            let i = (start + j) as u64;
            *x = fill_word(&comps[(i % c as u64) as usize], ty, i / c as u64);
        }
    });
    v
}

/// Runs `body(start, chunk)` over disjoint chunks of `v` on all cores.
pub fn par_chunks<T: Send>(v: &mut [T], body: impl Fn(usize, &mut [T]) + Sync) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(32));
    let threads = if v.len() < 1 << 16 { 1 } else { threads };
    let chunk = v.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        for (n, c) in v.chunks_mut(chunk).enumerate() {
            let body = &body;
            s.spawn(move || body(n * chunk, c));
        }
    });
}

/// Folds `f(start, chunk)` over chunks of `v` on all cores; the results in chunk order.
pub fn par_map<T: Sync, R: Send>(v: &[T], f: impl Fn(usize, &[T]) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(32));
    let threads = if v.len() < 1 << 16 { 1 } else { threads };
    let chunk = v.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let hs: Vec<_> = v
            .chunks(chunk)
            .enumerate()
            .map(|(n, c)| {
                let f = &f;
                s.spawn(move || f(n * chunk, c))
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("worker thread"))
            .collect()
    })
}

/// The sampled indices: `(k · stride) mod len` for `k < count`, then `len − 1`.
pub fn sample_indices(len: u64, count: u64, stride: u64) -> Vec<u64> {
    let mut v: Vec<u64> = (0..count)
        .map(|k| ((k as u128 * stride as u128) % len as u128) as u64)
        .collect();
    v.push(len - 1);
    v
}

/// How many elements of each output a digest samples (plus the last one).
pub const DIGEST_SAMPLE: u64 = 256;

/// What the JSON line says about an output buffer (README.md, "Cross-check").
#[derive(Debug, Clone, PartialEq)]
pub struct Digest {
    pub ty: Ty,
    pub len: u64,
    /// Σ_i splitmix_at(word_i, i), wrapping.
    pub hash: u64,
    /// Floats: Σ x and Σ |x| in double (over the non-NaN elements), and the NaN count;
    /// integers: Σ word (wrapping u64) in `sum`, 0 elsewhere.
    pub sum: f64,
    pub abs: f64,
    pub isum: u64,
    pub nan: u64,
    /// The words at sample_indices(len, DIGEST_SAMPLE, stride).
    pub sample: Vec<u32>,
}

pub fn digest(words: &[u32], ty: Ty, stride: u64) -> Digest {
    let parts = par_map(words, |start, c| {
        let (mut h, mut s, mut a, mut is, mut nan) = (0u64, 0f64, 0f64, 0u64, 0u64);
        for (j, &w) in c.iter().enumerate() {
            h = h.wrapping_add(splitmix_at(w as u64, (start + j) as u64));
            if ty == Ty::Float {
                let x = f32::from_bits(w);
                if x.is_nan() {
                    nan += 1;
                } else {
                    s += x as f64;
                    a += (x as f64).abs();
                }
            } else {
                is = is.wrapping_add(w as u64);
            }
        }
        (h, s, a, is, nan)
    });
    let mut d = Digest {
        ty,
        len: words.len() as u64,
        hash: 0,
        sum: 0.0,
        abs: 0.0,
        isum: 0,
        nan: 0,
        sample: Vec::new(),
    };
    for (h, s, a, is, nan) in parts {
        d.hash = d.hash.wrapping_add(h);
        d.sum += s;
        d.abs += a;
        d.isum = d.isum.wrapping_add(is);
        d.nan += nan;
    }
    d.sample = sample_indices(words.len() as u64, DIGEST_SAMPLE, stride)
        .into_iter()
        .map(|i| words[i as usize])
        .collect();
    d
}

impl Digest {
    /// The JSON object (`"sum"` as an integer for integer buffers).
    pub fn json(&self) -> String {
        let sample: Vec<String> = self.sample.iter().map(|w| w.to_string()).collect();
        let (sum, abs) = if self.ty == Ty::Float {
            (format!("{:e}", self.sum), format!("{:e}", self.abs))
        } else {
            (self.isum.to_string(), "0".into())
        };
        format!(
            "{{\"type\":\"{}\",\"len\":{},\"hash\":\"{:016x}\",\"sum\":{sum},\"abs\":{abs},\"nan\":{},\"sample\":[{}]}}",
            self.ty.name(),
            self.len,
            self.hash,
            self.nan,
            sample.join(",")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::Num;
    use clc_runner::values::{ElemType, Values};

    /// The same numbers as the runner's fill (which keeps an i128 per element first).
    #[test]
    fn matches_the_runner() {
        for &(seed, min, max, scale) in &[
            (1u64, -1048576i64, 1048576i64, Some(1024.0)),
            (14, 64, 128, Some(128.0)),
            (5, -8, 8, Some(8.0)),
            (3, -8192, 8192, None),
        ] {
            let f = Fill {
                seed,
                min,
                max,
                scale: scale.map(Num::Float),
            };
            let want = match Values::random(ElemType::Float, 70000, seed, min, max, scale).unwrap()
            {
                Values::F32(v) => v,
                other => panic!("not floats: {other:?}"),
            };
            let got = fill(&[f], Ty::Float, 70000);
            assert!(got.iter().zip(&want).all(|(a, b)| *a == b.to_bits()));
        }
        let f = Fill {
            seed: 191,
            min: 0,
            max: 4294967295,
            scale: None,
        };
        let want = match Values::random(ElemType::Uint, 1000, 191, 0, 4294967295, None).unwrap() {
            Values::U32(v) => v,
            other => panic!("not uints: {other:?}"),
        };
        assert_eq!(fill(&[f], Ty::Uint, 1000), want);
    }

    #[test]
    fn components_interleave() {
        let a = Fill {
            seed: 11,
            min: -4,
            max: 4,
            scale: None,
        };
        let b = Fill { seed: 12, ..a };
        let v = fill(&[a, b], Ty::Float, 8);
        assert_eq!(v[2], fill_value(&a, 1).to_bits());
        assert_eq!(v[3], fill_value(&b, 1).to_bits());
    }

    #[test]
    fn csr_shape() {
        let rp = csr_row_ptr(1000, 16, 8, 121);
        assert_eq!(rp.len(), 1001);
        assert_eq!(rp[1000], 16000);
        assert!(rp.windows(2).all(|w| (8..=24).contains(&(w[1] - w[0]))));
        assert!(rp.windows(2).any(|w| w[1] - w[0] != 16));
    }

    #[test]
    fn digests() {
        let v: Vec<u32> = (0..100_000).map(|i| (i as f32 * 0.5).to_bits()).collect();
        let d = digest(&v, Ty::Float, 7);
        assert_eq!(d.sum, (0..100_000).map(|i| i as f64 * 0.5).sum::<f64>());
        assert_eq!(d.nan, 0);
        assert_eq!(d.sample.len(), 257);
        let mut w = v.clone();
        w.swap(3, 4);
        assert_ne!(digest(&w, Ty::Float, 7).hash, d.hash);
        w[5] = u32::MAX;
        assert_eq!(digest(&w, Ty::Float, 7).nan, 1);
    }

    #[test]
    fn samples() {
        assert_eq!(sample_indices(10, 3, 7), vec![0, 7, 4, 9]);
        // k * stride beyond 2^64 does not wrap
        let s = sample_indices(1 << 40, 3, u64::MAX);
        assert_eq!(s[2], ((2u128 * u64::MAX as u128) % (1u128 << 40)) as u64);
    }
}
