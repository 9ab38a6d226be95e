//! Comparing kernel outputs with expectations and with each other.
//!
//! Integers compare bit-exactly. Floats: with `ulp = 0` (the default) the bit patterns must be
//! equal, except that any NaN matches any NaN (so `-0.0` does not match `0.0`); with `ulp = k > 0`
//! two non-NaN values match when at most `k` representable values apart (`-0.0` and `0.0` are 0
//! apart), and NaN matches only NaN.

use crate::exec::Outputs;
use crate::spec::Run;
use crate::values::Values;

/// By default at most this many differing elements are listed per argument;
/// `$CLC_RUNNER_MAX_LISTED` overrides it (handy when working out why a kernel fails).
const MAX_LISTED: usize = 4;

fn max_listed() -> usize {
    std::env::var("CLC_RUNNER_MAX_LISTED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_LISTED)
}

/// Checks every argument that has `expect` against `out`.
pub fn check_expected(run: &Run, out: &Outputs) -> Result<(), String> {
    let mut errors = Vec::new();
    for arg in &run.args {
        let Some(expect) = &arg.expect else { continue };
        match out.get(&arg.name) {
            None => errors.push(format!("`{}`: no output read back", arg.name)),
            Some(got) => {
                if let Err(e) = compare_values(&arg.name, got, expect, arg.ulp, "got", "expected") {
                    errors.push(e);
                }
            }
        }
    }
    if let (Some(lines), Some(printed)) = (&run.stdout, &out.printed) {
        if let Err(e) = check_printed(lines, printed) {
            errors.push(e);
        }
    }
    finish(errors)
}

/// Checks that `printed` holds the `expected` lines, in any order (work-items print in no
/// fixed order): both are compared as multisets of lines.
pub fn check_printed(expected: &[String], printed: &str) -> Result<(), String> {
    let mut missing: Vec<&str> = expected.iter().map(String::as_str).collect();
    let mut extra = Vec::new();
    for line in printed.lines() {
        match missing.iter().position(|l| *l == line) {
            Some(i) => {
                missing.swap_remove(i);
            }
            None => extra.push(line),
        }
    }
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let show = |v: &[&str]| {
        let mut s: Vec<String> = v.iter().take(8).map(|l| format!("{l:?}")).collect();
        if v.len() > 8 {
            s.push(format!("... {} more", v.len() - 8));
        }
        s.join(", ")
    };
    missing.sort_unstable();
    Err(format!(
        "printed output: {} expected lines missing [{}], {} lines not expected [{}]",
        missing.len(),
        show(&missing),
        extra.len(),
        show(&extra)
    ))
}

/// Checks that two runs of `run` (clc's and a reference's) produced the same outputs, using each
/// argument's `ulp`. `a` is labelled "clc" and `b` `b_label` in messages.
pub fn check_same(run: &Run, a: &Outputs, b: &Outputs, b_label: &str) -> Result<(), String> {
    same_where(run, a, b, b_label, |_| true)
}

/// Like [`check_same`], but only for the outputs without `expect` (`output = true`): those
/// that nothing but the references can judge.
pub fn check_same_unexpected(
    run: &Run,
    a: &Outputs,
    b: &Outputs,
    b_label: &str,
) -> Result<(), String> {
    same_where(run, a, b, b_label, |name| {
        run.args
            .iter()
            .find(|x| x.name == name)
            .is_none_or(|x| x.expect.is_none())
    })
}

fn same_where(
    run: &Run,
    a: &Outputs,
    b: &Outputs,
    b_label: &str,
    keep: impl Fn(&str) -> bool,
) -> Result<(), String> {
    let mut errors = Vec::new();
    for (name, av) in a.outputs.iter().filter(|(n, _)| keep(n)) {
        let ulp = run
            .args
            .iter()
            .find(|x| &x.name == name)
            .map_or(0, |x| x.ulp);
        match b.get(name) {
            None => errors.push(format!("`{name}`: missing from the {b_label} outputs")),
            Some(bv) => {
                if let Err(e) = compare_values(name, av, bv, ulp, "clc", b_label) {
                    errors.push(e);
                }
            }
        }
    }
    for (name, _) in b.outputs.iter().filter(|(n, _)| keep(n)) {
        if a.get(name).is_none() {
            errors.push(format!("`{name}`: missing from the clc outputs"));
        }
    }
    finish(errors)
}

fn finish(errors: Vec<String>) -> Result<(), String> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

/// Compares two buffers element by element. The message names the argument, the first few
/// differing indices and both values there, and how many elements differ in all.
pub fn compare_values(
    name: &str,
    a: &Values,
    b: &Values,
    ulp: u64,
    a_label: &str,
    b_label: &str,
) -> Result<(), String> {
    if a.elem_type() != b.elem_type() {
        return Err(format!(
            "`{name}`: element types differ ({a_label} {}, {b_label} {})",
            a.elem_type(),
            b.elem_type()
        ));
    }
    if a.len() != b.len() {
        return Err(format!(
            "`{name}`: lengths differ ({a_label} {}, {b_label} {})",
            a.len(),
            b.len()
        ));
    }
    let bad: Vec<usize> = match (a, b) {
        (Values::F32(x), Values::F32(y)) => diff(x, y, |p, q| f32_match(*p, *q, ulp)),
        (Values::F64(x), Values::F64(y)) => diff(x, y, |p, q| f64_match(*p, *q, ulp)),
        _ => {
            let (x, y) = (a.to_le_bytes(), b.to_le_bytes());
            let sz = a.elem_type().size();
            (0..a.len())
                .filter(|&i| x[i * sz..(i + 1) * sz] != y[i * sz..(i + 1) * sz])
                .collect()
        }
    };
    if bad.is_empty() {
        return Ok(());
    }
    let tol = if ulp > 0 {
        format!(" (tolerance {ulp} ulp)")
    } else {
        String::new()
    };
    let mut msg = format!(
        "`{name}`: {} of {} elements differ{tol}",
        bad.len(),
        a.len()
    );
    let max = max_listed();
    for &i in bad.iter().take(max) {
        msg.push_str(&format!(
            "\n    `{name}`[{i}]: {a_label} {}, {b_label} {}",
            a.elem_string(i),
            b.elem_string(i)
        ));
    }
    if bad.len() > max {
        msg.push_str(&format!("\n    … and {} more", bad.len() - max));
    }
    Err(msg)
}

fn diff<T>(x: &[T], y: &[T], ok: impl Fn(&T, &T) -> bool) -> Vec<usize> {
    x.iter()
        .zip(y)
        .enumerate()
        .filter(|(_, (p, q))| !ok(p, q))
        .map(|(i, _)| i)
        .collect()
}

/// Maps float bits to integers ordered like the floats (both zeros to 0).
fn ordered32(x: f32) -> i64 {
    let b = x.to_bits() as i32;
    if b < 0 {
        -((b & 0x7fff_ffff) as i64)
    } else {
        b as i64
    }
}

fn ordered64(x: f64) -> i128 {
    let b = x.to_bits() as i64;
    if b < 0 {
        -((b & 0x7fff_ffff_ffff_ffff) as i128)
    } else {
        b as i128
    }
}

pub fn f32_match(a: f32, b: f32, ulp: u64) -> bool {
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    if ulp == 0 {
        return a.to_bits() == b.to_bits();
    }
    (ordered32(a) - ordered32(b)).unsigned_abs() <= ulp
}

pub fn f64_match(a: f64, b: f64, ulp: u64) -> bool {
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    if ulp == 0 {
        return a.to_bits() == b.to_bits();
    }
    (ordered64(a) - ordered64(b)).unsigned_abs() <= ulp as u128
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Arg, ArgKind};
    use crate::values::ElemType;

    fn run_with(expect: Values, ulp: u64) -> Run {
        Run {
            kernel: "k".into(),
            global: vec![4],
            local: None,
            offset: None,
            args: vec![Arg {
                name: "out".into(),
                ty: expect.elem_type(),
                kind: ArgKind::Buffer {
                    init: Values::zeroed(expect.elem_type(), expect.len()),
                },
                expect: Some(expect),
                ulp,
                output: false,
                device_choice: false,
            }],
            stdout: None,
            printf_buffer: None,
        }
    }

    fn outs(v: Values) -> Outputs {
        Outputs {
            outputs: vec![("out".into(), v)],
            printed: None,
        }
    }

    #[test]
    fn printed_lines_are_a_multiset() {
        let want: Vec<String> = ["a 1", "a 2", "a 2"].map(String::from).to_vec();
        assert!(check_printed(&want, "a 2\na 1\na 2\n").is_ok());
        let e = check_printed(&want, "a 2\na 1\na 3\n").unwrap_err();
        assert!(
            e.contains("1 expected lines missing [\"a 2\"]") && e.contains("[\"a 3\"]"),
            "{e}"
        );
        assert!(check_printed(&want, "a 2\na 1\n").is_err());
        assert!(check_printed(&want, "a 2\na 1\na 2\na 2\n").is_err());
    }

    #[test]
    fn integers_are_exact_and_messages_name_index_and_values() {
        let run = run_with(Values::I32(vec![1, -2, 3, 4]), 0);
        assert!(check_expected(&run, &outs(Values::I32(vec![1, -2, 3, 4]))).is_ok());
        let e = check_expected(&run, &outs(Values::I32(vec![1, -2, 7, 4]))).unwrap_err();
        assert!(e.contains("`out`"), "{e}");
        assert!(e.contains("[2]"), "{e}");
        assert!(e.contains("got 7") && e.contains("expected 3"), "{e}");
        assert!(e.contains("1 of 4"), "{e}");
        let e = check_expected(&run, &Outputs::default()).unwrap_err();
        assert!(e.contains("no output"), "{e}");
        assert!(
            check_expected(&run, &outs(Values::U32(vec![1, 2, 3, 4]))).is_err(),
            "type mismatch"
        );
    }

    #[test]
    fn float_ulp_and_nan() {
        let one_up = f32::from_bits(1.0f32.to_bits() + 1);
        let two_up = f32::from_bits(1.0f32.to_bits() + 2);
        let exact = run_with(Values::F32(vec![1.0, f32::NAN, 0.0, -1.0]), 0);
        assert!(
            check_expected(&exact, &outs(Values::F32(vec![1.0, -f32::NAN, 0.0, -1.0]))).is_ok(),
            "NaN matches NaN"
        );
        assert!(check_expected(
            &exact,
            &outs(Values::F32(vec![one_up, f32::NAN, 0.0, -1.0]))
        )
        .is_err());
        assert!(
            check_expected(&exact, &outs(Values::F32(vec![1.0, f32::NAN, -0.0, -1.0]))).is_err(),
            "-0 is not 0 when exact"
        );
        assert!(
            check_expected(&exact, &outs(Values::F32(vec![1.0, 5.0, 0.0, -1.0]))).is_err(),
            "NaN vs number"
        );

        let loose = run_with(Values::F32(vec![1.0, f32::NAN, 0.0, -1.0]), 1);
        assert!(check_expected(
            &loose,
            &outs(Values::F32(vec![one_up, f32::NAN, -0.0, -1.0]))
        )
        .is_ok());
        assert!(check_expected(
            &loose,
            &outs(Values::F32(vec![two_up, f32::NAN, 0.0, -1.0]))
        )
        .is_err());
        assert!(check_expected(
            &loose,
            &outs(Values::F32(vec![1.0, f32::INFINITY, 0.0, -1.0]))
        )
        .is_err());
        // Smallest subnormals straddling zero are 2 ulp apart.
        assert!(f32_match(f32::from_bits(1), -f32::from_bits(1), 2));
        assert!(!f32_match(f32::from_bits(1), -f32::from_bits(1), 1));
        assert!(f64_match(1.0, f64::from_bits(1.0f64.to_bits() + 3), 3));
        assert!(!f64_match(1.0, f64::from_bits(1.0f64.to_bits() + 4), 3));
        assert!(f64_match(f64::NAN, f64::NAN, 0));
    }

    #[test]
    fn same_uses_ulp_and_reports_missing() {
        let run = run_with(Values::F32(vec![0.0; 4]), 2);
        let a = outs(Values::F32(vec![1.0, 2.0, 3.0, 4.0]));
        let b = outs(Values::F32(vec![
            1.0,
            2.0,
            f32::from_bits(3.0f32.to_bits() + 2),
            4.0,
        ]));
        assert!(check_same(&run, &a, &b, "clang").is_ok());
        let c = outs(Values::F32(vec![1.0, 2.0, 3.5, 4.0]));
        let e = check_same(&run, &a, &c, "driver").unwrap_err();
        assert!(e.contains("`out`[2]: clc 3.0, driver 3.5"), "{e}");
        assert!(check_same(&run, &a, &Outputs::default(), "clang")
            .unwrap_err()
            .contains("missing from the clang outputs"));
        // `out` has `expect`, so only `check_same` looks at it.
        assert!(check_same_unexpected(&run, &a, &c, "driver").is_ok());
        let mut free = run.clone();
        free.args[0].expect = None;
        assert!(check_same_unexpected(&free, &a, &c, "driver").is_err());
        assert_eq!(Values::zeroed(ElemType::Float, 1), Values::F32(vec![0.0]));
    }
}
