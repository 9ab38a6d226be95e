//! Integer expressions of `suite.toml` (sizes, work sizes, scalar arguments, loop bounds), in
//! bench/cpu's suite and bench/gpu's (gpu-bench includes this file with `#[path]`):
//! decimal literals, names (parameters and loop variables), `+ - * / %` with C precedence,
//! unary minus, parentheses, and the functions `cdiv(a, b)` (division rounding up),
//! `log2(a)` (of a power of two), `min(a, b)` and `max(a, b)`. Arithmetic is on `i64`; an
//! overflow, a division by zero or an unknown name is an error.

use anyhow::{anyhow, bail, Result};

/// Evaluates `text`, looking names up with `lookup` (`Ok(None)`: no such name).
pub fn eval(text: &str, lookup: &dyn Fn(&str) -> Result<Option<i64>>) -> Result<i64> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
        lookup,
    };
    let v = p.sum()?;
    p.skip_ws();
    if p.at != p.s.len() {
        bail!("unexpected `{}` in `{text}`", &text[p.at..]);
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
    lookup: &'a dyn Fn(&str) -> Result<Option<i64>>,
}

fn overflow() -> anyhow::Error {
    anyhow!("integer overflow")
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.s.get(self.at).is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// The next non-blank byte, consumed if it is `c`.
    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.s.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            bail!("expected `{}` at offset {}", c as char, self.at)
        }
    }

    fn sum(&mut self) -> Result<i64> {
        let mut v = self.product()?;
        loop {
            if self.eat(b'+') {
                v = v.checked_add(self.product()?).ok_or_else(overflow)?;
            } else if self.eat(b'-') {
                v = v.checked_sub(self.product()?).ok_or_else(overflow)?;
            } else {
                return Ok(v);
            }
        }
    }

    fn product(&mut self) -> Result<i64> {
        let mut v = self.unary()?;
        loop {
            if self.eat(b'*') {
                v = v.checked_mul(self.unary()?).ok_or_else(overflow)?;
            } else if self.eat(b'/') {
                let d = self.unary()?;
                v = v
                    .checked_div(d)
                    .ok_or_else(|| anyhow!("division by zero"))?;
            } else if self.eat(b'%') {
                let d = self.unary()?;
                v = v
                    .checked_rem(d)
                    .ok_or_else(|| anyhow!("division by zero"))?;
            } else {
                return Ok(v);
            }
        }
    }

    fn unary(&mut self) -> Result<i64> {
        if self.eat(b'-') {
            return self.unary()?.checked_neg().ok_or_else(overflow);
        }
        if self.eat(b'(') {
            let v = self.sum()?;
            self.expect(b')')?;
            return Ok(v);
        }
        self.skip_ws();
        let start = self.at;
        let c = *self
            .s
            .get(start)
            .ok_or_else(|| anyhow!("expression ends early"))?;
        if c.is_ascii_digit() {
            while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
                self.at += 1;
            }
            let digits = std::str::from_utf8(&self.s[start..self.at])?;
            return digits
                .parse()
                .map_err(|e| anyhow!("bad number `{digits}`: {e}"));
        }
        if !(c.is_ascii_alphabetic() || c == b'_') {
            bail!("unexpected `{}`", c as char);
        }
        while self
            .s
            .get(self.at)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            self.at += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.at])?;
        if self.eat(b'(') {
            return self.call(name);
        }
        (self.lookup)(name)?.ok_or_else(|| anyhow!("unknown name `{name}`"))
    }

    fn call(&mut self, name: &str) -> Result<i64> {
        let mut args = vec![self.sum()?];
        while self.eat(b',') {
            args.push(self.sum()?);
        }
        self.expect(b')')?;
        match (name, args.as_slice()) {
            ("cdiv", &[a, b]) => {
                if b <= 0 || a < 0 {
                    bail!("cdiv({a}, {b}): operands must be a >= 0, b > 0");
                }
                Ok(a / b + i64::from(a % b != 0))
            }
            ("log2", &[a]) => {
                if a <= 0 || a & (a - 1) != 0 {
                    bail!("log2({a}): not a power of two");
                }
                Ok(i64::from(a.trailing_zeros()))
            }
            ("min", &[a, b]) => Ok(a.min(b)),
            ("max", &[a, b]) => Ok(a.max(b)),
            _ => bail!("unknown function `{name}` with {} argument(s)", args.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(s: &str) -> Result<i64> {
        eval(s, &|name| {
            Ok(match name {
                "n" => Some(1024),
                "k" => Some(3),
                _ => None,
            })
        })
    }

    #[test]
    fn precedence_and_functions() {
        assert_eq!(ev("1 + 2 * 3").unwrap(), 7);
        assert_eq!(ev("(1 + 2) * 3").unwrap(), 9);
        assert_eq!(ev("n / 2 - -k").unwrap(), 515);
        assert_eq!(ev("n % 1000 * 2").unwrap(), 48);
        assert_eq!(ev("cdiv(n + 1, 512)").unwrap(), 3);
        assert_eq!(ev("log2(n)").unwrap(), 10);
        assert_eq!(ev("max(k, min(n, 7))").unwrap(), 7);
        assert_eq!(ev(" 42 ").unwrap(), 42);
    }

    #[test]
    fn errors() {
        assert!(ev("n / 0").is_err());
        assert!(ev("m").is_err());
        assert!(ev("1 +").is_err());
        assert!(ev("1 2").is_err());
        assert!(ev("log2(3)").is_err());
        assert!(ev("9223372036854775807 + 1").is_err());
        assert!(ev("foo(1)").is_err());
    }
}
