//! The suite's deterministic contents (README.md, "Contents") and sampled indices, computed
//! element by element (never a whole-buffer intermediate), on all cores.

use crate::suite::Fill;

/// Output number `i + 1` of the splitmix64 stream seeded `seed`.
pub fn splitmix_at(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add((i.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Element `i` of a fill: `(float)((double)(min + x mod (max - min + 1)) / scale)`.
pub fn fill_value(f: &Fill, i: u64) -> f32 {
    let span = (f.max as i128 - f.min as i128 + 1) as u128;
    let k = f.min as i128 + (splitmix_at(f.seed, i) as u128 % span) as i128;
    let scale = f.scale.map_or(1.0, |s| s.f64());
    (k as f64 / scale) as f32
}

/// `len` elements of a fill with one table per vector component (element `i` uses table
/// `i % C` at index `i / C`).
pub fn fill(comps: &[Fill], len: usize) -> Vec<f32> {
    let mut v = vec![0f32; len];
    let c = comps.len().max(1);
    par_chunks(&mut v, |start, chunk| {
        for (j, x) in chunk.iter_mut().enumerate() {
            let i = (start + j) as u64;
            *x = fill_value(&comps[(i % c as u64) as usize], i / c as u64);
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

/// The sampled indices: `(k · stride) mod len` for `k < count`, then `len − 1`.
pub fn sample_indices(len: u64, count: u64, stride: u64) -> Vec<u64> {
    let mut v: Vec<u64> = (0..count)
        .map(|k| ((k as u128 * stride as u128) % len as u128) as u64)
        .collect();
    v.push(len - 1);
    v
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
            let got = fill(&[f], 70000);
            assert!(got
                .iter()
                .zip(&want)
                .all(|(a, b)| a.to_bits() == b.to_bits()));
        }
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
        let v = fill(&[a, b], 8);
        assert_eq!(v[2], fill_value(&a, 1));
        assert_eq!(v[3], fill_value(&b, 1));
    }

    #[test]
    fn samples() {
        assert_eq!(sample_indices(10, 3, 7), vec![0, 7, 4, 9]);
        // k * stride beyond 2^64 does not wrap
        let s = sample_indices(1 << 40, 3, u64::MAX);
        assert_eq!(s[2], ((2u128 * u64::MAX as u128) % (1u128 << 40)) as u64);
    }
}
