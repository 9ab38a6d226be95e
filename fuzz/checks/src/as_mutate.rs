//! A structured mutator that breaks address-space rules (AS-1…AS-18) in valid kernels.
//!
//! Each mutant changes one thing about address spaces in a kernel that compiles: a qualifier
//! swapped for another, added where none may stand, doubled, dropped, a cast between spaces,
//! a write through a `__constant` pointer, a `__local` declaration where it may not be, a
//! reserved name reused. Most mutants are invalid; some stay valid. Whatever clc does with
//! them, [`crate::compile`] checks that it is a valid module or located errors.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SPACES: [&str; 10] = [
    "__global",
    "global",
    "__local",
    "local",
    "__constant",
    "constant",
    "__private",
    "private",
    "__generic",
    "generic",
];

/// Word-boundary positions of every address-space keyword in `src`.
fn qualifier_sites(src: &str) -> Vec<(usize, &'static str)> {
    let bytes = src.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut sites = Vec::new();
    for q in SPACES {
        for (at, _) in src.match_indices(q) {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(at + q.len()).copied();
            if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
                sites.push((at, q));
            }
        }
    }
    sites.sort();
    sites.dedup_by_key(|s| s.0);
    sites
}

/// Offsets just after each `{` that opens a function body (a `)` before it, spaces aside).
fn body_starts(src: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    for (at, _) in src.match_indices('{') {
        if src[..at].trim_end().ends_with(')') {
            starts.push(at + 1);
        }
    }
    starts
}

/// Offsets of the parameter lists of kernel functions (just after their `(`).
fn kernel_params(src: &str) -> Vec<usize> {
    let mut params = Vec::new();
    for kw in ["__kernel", "kernel"] {
        for (at, _) in src.match_indices(kw) {
            if let Some(open) = src[at..].find('(') {
                params.push(at + open + 1);
            }
        }
    }
    params
}

fn splice(src: &str, at: usize, remove: usize, insert: &str) -> String {
    format!("{}{}{}", &src[..at], insert, &src[at + remove..])
}

/// One mutant of `src`, chosen by `seed`; `None` when the chosen mutation has no site.
pub fn mutate(src: &str, seed: u64) -> Option<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sites = qualifier_sites(src);
    let bodies = body_starts(src);
    let params = kernel_params(src);
    let other = |rng: &mut ChaCha8Rng| *SPACES.choose(rng).unwrap_or(&"__local");
    match rng.random_range(0..10) {
        // Swap a qualifier for another (AS-4, AS-6, AS-8, AS-11, AS-12 …).
        0 | 1 => {
            let &(at, q) = sites.choose(&mut rng)?;
            Some(splice(src, at, q.len(), other(&mut rng)))
        }
        // Drop a qualifier (AS-2 defaults: a kernel pointer to __private, AS-4).
        2 => {
            let &(at, q) = sites.choose(&mut rng)?;
            Some(splice(src, at, q.len(), ""))
        }
        // Two qualifiers on one type (AS-14).
        3 => {
            let &(at, _) = sites.choose(&mut rng)?;
            Some(splice(src, at, 0, &format!("{} ", other(&mut rng))))
        }
        // A qualified parameter object (AS-3) or pointer argument of another space (AS-4).
        4 => {
            let &at = params.choose(&mut rng)?;
            let param = match rng.random_range(0..4) {
                0 => format!("{} int qa, ", other(&mut rng)),
                1 => format!("{} float *qp, ", other(&mut rng)),
                2 => "int * __global *pp, ".to_string(),
                _ => format!("{} image2d_t qi, ", other(&mut rng)),
            };
            Some(splice(src, at, 0, &param))
        }
        // A declaration at the start of a function body (AS-7, AS-9, AS-6 for statics).
        5 | 6 => {
            let &at = bodies.choose(&mut rng)?;
            let decl = match rng.random_range(0..8) {
                0 => "__local int lv = 1; ".to_string(),
                1 => "__local int lv[4]; lv[0] = 1; ".to_string(),
                2 => "__constant int cv; ".to_string(),
                3 => "__constant int cv = 3; __constant int *cp = &cv; *(__constant int *)cp = 4; "
                    .to_string(),
                4 => "static __private int sv = 1; ".to_string(),
                5 => format!(
                    "{} int *gp = 0; __private int *pp = (__private int *)gp; ",
                    other(&mut rng)
                ),
                6 => "int global = 2; ".to_string(),
                _ => format!("{} int xv = 0; ", other(&mut rng)),
            };
            Some(splice(src, at, 0, &decl))
        }
        // A program-scope variable (AS-6, AS-7).
        7 => {
            let decl = format!(
                "{} int pv{};\n",
                other(&mut rng),
                if rng.random_bool(0.5) { " = 1" } else { "" }
            );
            Some(format!("{decl}{src}"))
        }
        // A cast between spaces, or a named pointer through to_global/to_local (AS-12).
        8 => {
            let &at = bodies.choose(&mut rng)?;
            let stmt = match rng.random_range(0..4) {
                0 => format!(
                    "{{ __private int t = 0; {} int *c = ({} int *)&t; (void)c; }} ",
                    other(&mut rng),
                    other(&mut rng)
                ),
                1 => "{ __private int t = 0; __global int *g = to_global(&t); (void)g; } ".into(),
                2 => "{ __constant int *c = 0; __generic int *g = c; (void)g; } ".into(),
                _ => {
                    "{ __local int *l = 0; __global int *g = (__global int *)l; (void)g; } ".into()
                }
            };
            Some(splice(src, at, 0, &stmt))
        }
        // A function returning a qualified type (AS-10), or a reserved name (AS-1).
        _ => {
            let decl = match rng.random_range(0..3) {
                0 => format!("{} int f_q(void) {{ return 0; }}\n", other(&mut rng)),
                1 => format!(
                    "{} int * {} f_q(void) {{ return 0; }}\n",
                    other(&mut rng),
                    other(&mut rng)
                ),
                _ => format!("int {}(int x) {{ return x; }}\n", other(&mut rng)),
            };
            Some(format!("{decl}{src}"))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_qualifiers_at_word_boundaries_only() {
        let sites = super::qualifier_sites("global int *globalx; __local float *l; myprivate");
        assert_eq!(sites, vec![(0, "global"), (21, "__local")]);
    }

    #[test]
    fn mutants_are_reproducible_and_differ_from_the_input() {
        let src = "kernel void k(global int *p) { p[0] = 1; }\n";
        let mut changed = 0;
        for seed in 0..50 {
            let a = super::mutate(src, seed);
            assert_eq!(a, super::mutate(src, seed));
            changed += usize::from(a.is_some_and(|m| m != src));
        }
        assert!(changed > 40, "{changed} of 50 mutants changed the input");
    }
}
