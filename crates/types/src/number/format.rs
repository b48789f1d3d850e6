//! `BigFloat` to text as Go's `big.Float.Text('f', -1)`: no exponent, and the shortest
//! decimal that rounds back to the same value at the value's own precision.
//!
//! Go finds the shortest digits by walking the exact decimal expansions of the value and of
//! the two bounds half an ulp away (`roundShortest` in `math/big/ftoa.go`), comparing digit
//! by digit. We reproduce that walk, including its tie and inclusiveness rules, on just
//! enough leading digits: each expansion is computed as `floor(v × 10^k)` for a `k` giving
//! a few more digits than the precision can distinguish, plus a flag saying whether digits
//! were cut off; if the walk ever needs a digit beyond them, it starts again with more.
//!
//! Text longer than [`MAX_PLAIN_LEN`] characters (a decimal exponent beyond two million)
//! is written in Go's `%e` form instead, with digits found on a close approximation: the
//! exact expansion would take seconds, and Terraform itself needs minutes for a million
//! fractional digits (`1e-999999`) and did not finish `1e9999999` in 100 seconds.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

use super::float::{BigFloat, Form};

/// Plain decimal text longer than this is written with an exponent.
pub(crate) const MAX_PLAIN_LEN: i64 = 2_000_000;

/// `log10(2)`.
const LOG10_2: f64 = std::f64::consts::LOG10_2;

/// A decimal `0.digits × 10^exp` with no trailing zero digits (empty for zero).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decimal {
    /// ASCII digits, most significant first.
    pub(crate) digits: Vec<u8>,
    /// The power of ten.
    pub(crate) exp: i64,
}

/// Writes `x` as `Text('f', -1)` does.
pub(crate) fn text_f(x: &BigFloat, out: &mut String) {
    if x.neg {
        out.push('-');
    }
    let (mant, exp) = match &x.form {
        Form::Zero => return out.push('0'),
        Form::Inf => {
            if !x.neg {
                out.push('+');
            }
            return out.push_str("Inf");
        }
        Form::Finite { mant, exp } => (mant, *exp),
    };
    let top = exp + mant.bits() as i64;
    // An integer with no more bits than the precision is its own shortest form.
    if exp >= 0 && top <= i64::from(x.prec) {
        let digits = (mant << exp as u64).to_string();
        return out.push_str(&digits);
    }
    let decimal = shortest(mant, exp, x.prec);
    let frac_len = (decimal.digits.len() as i64 - decimal.exp).max(0);
    let plain_len = decimal.exp.max(1) + if frac_len > 0 { frac_len + 1 } else { 0 };
    if plain_len > MAX_PLAIN_LEN {
        write_e(&decimal, out);
    } else {
        write_f(&decimal, out);
    }
}

/// Go's `fmtF` with the precision of the shortest form: integer digits padded with zeros,
/// then the fraction if there is one.
fn write_f(d: &Decimal, out: &mut String) {
    let len = d.digits.len() as i64;
    let at = |i: i64| -> char {
        if (0..len).contains(&i) {
            char::from(d.digits[i as usize])
        } else {
            '0'
        }
    };
    if d.exp > 0 {
        let shown = len.min(d.exp);
        out.extend(d.digits[..shown as usize].iter().map(|&b| char::from(b)));
        out.extend(std::iter::repeat_n('0', (d.exp - shown) as usize));
    } else {
        out.push('0');
    }
    let frac_len = (len - d.exp).max(0);
    if frac_len > 0 {
        out.push('.');
        out.extend((0..frac_len).map(|i| at(d.exp + i)));
    }
}

/// Go's `fmtE` with the precision of the shortest form: `d.ddde±XX`.
fn write_e(d: &Decimal, out: &mut String) {
    let mut digits = d.digits.iter().map(|&b| char::from(b));
    out.push(digits.next().unwrap_or('0'));
    if d.digits.len() > 1 {
        out.push('.');
        out.extend(digits);
    }
    let exp = if d.digits.is_empty() { 0 } else { d.exp - 1 };
    out.push('e');
    out.push(if exp < 0 { '-' } else { '+' });
    if exp.abs() < 10 {
        out.push('0');
    }
    out.push_str(&exp.unsigned_abs().to_string());
}

/// The shortest decimal for the finite, positive `mant × 2^exp` at precision `prec`
/// (Go's `roundShortest` applied to the exact decimal of the value).
pub(crate) fn shortest(mant: &BigUint, exp: i64, prec: u32) -> Decimal {
    // Go normalises the mantissa to prec + 1 bits so that its last bit is half an ulp.
    let n = mant.bits() as i64;
    let shift = i64::from(prec) + 1 - n;
    let (normal, normal_exp) = if shift >= 0 {
        (mant << shift as u64, exp - shift)
    } else {
        (mant >> shift.unsigned_abs(), exp - shift)
    };
    // The bounds are possible outputs only when the mantissa at `prec` bits is even.
    let inclusive = !normal.bit(1);
    let lower = &normal - 1u32;
    let upper = &normal + 1u32;

    let top = exp + n;
    // The number of integer digits, possibly one too few.
    let int_digits = ((top - 1) as f64 * LOG10_2).floor() as i64 + 1;
    let plain_len_estimate = int_digits.abs();
    let mut wanted = (f64::from(prec + 1) * LOG10_2).ceil() as i64 + 4;
    let mut attempts = 0;
    loop {
        let k = wanted - int_digits;
        let sources = if plain_len_estimate > MAX_PLAIN_LEN {
            approximate_sources(mant, exp, &lower, &upper, normal_exp, prec, k)
        } else {
            exact_sources(mant, exp, &lower, &upper, normal_exp, k)
        };
        if let Some(decimal) = walk(&sources, k, inclusive) {
            return decimal;
        }
        attempts += 1;
        if attempts == 3 {
            // Not reached with exact digits (the walk ends within the precision's digits
            // plus one); an approximation may end like this: keep the digits we have.
            let [x, _, _] = sources;
            let mut digits = x.digits;
            let exp = digits.len() as i64 - k;
            trim_zeros(&mut digits);
            return Decimal { digits, exp };
        }
        wanted *= 2;
    }
}

/// The leading decimal digits of a value: `floor(v × 10^k)` and whether anything was cut.
#[derive(Debug)]
struct Digits {
    digits: Vec<u8>,
    inexact: bool,
}

impl Digits {
    /// Go's `decimal.at(i)`: the digit, `'0'` past the end, `None` if we cut it off.
    fn at(&self, i: usize) -> Option<u8> {
        match self.digits.get(i) {
            Some(&d) => Some(d),
            None if !self.inexact => Some(b'0'),
            None => None,
        }
    }

    /// Is the exact expansion (without trailing zeros) longer than `n` digits?
    fn longer_than(&self, n: usize) -> Option<bool> {
        if self.inexact {
            // The exact expansion goes on past our digits.
            return (n <= self.digits.len()).then_some(true);
        }
        Some(trimmed_len(&self.digits) > n)
    }

    /// Is the exact expansion exactly `n` digits long?
    fn len_is(&self, n: usize) -> Option<bool> {
        if self.inexact {
            return (n <= self.digits.len()).then_some(false);
        }
        Some(trimmed_len(&self.digits) == n)
    }
}

fn trimmed_len(digits: &[u8]) -> usize {
    digits.iter().rposition(|&d| d != b'0').map_or(0, |i| i + 1)
}

fn trim_zeros(digits: &mut Vec<u8>) {
    digits.truncate(trimmed_len(digits));
}

/// Exact leading digits of the value, its lower bound and its upper bound at scale `10^k`.
fn exact_sources(
    mant: &BigUint,
    exp: i64,
    lower: &BigUint,
    upper: &BigUint,
    bound_exp: i64,
    k: i64,
) -> [Digits; 3] {
    let pow5 = BigUint::from(5u32).pow(u32::try_from(k.unsigned_abs()).unwrap_or(u32::MAX));
    [
        scaled_floor(mant, exp, k, &pow5),
        scaled_floor(lower, bound_exp, k, &pow5),
        scaled_floor(upper, bound_exp, k, &pow5),
    ]
}

/// `floor(m × 2^e × 10^k)` as digits, given `pow5 = 5^|k|`.
fn scaled_floor(m: &BigUint, e: i64, k: i64, pow5: &BigUint) -> Digits {
    let twos = e + k;
    let mut num = if k > 0 { m * pow5 } else { m.clone() };
    if twos > 0 {
        num <<= twos as u64;
    }
    let mut inexact = false;
    if twos < 0 {
        let shift = twos.unsigned_abs();
        inexact = num.trailing_zeros().is_some_and(|tz| tz < shift);
        num >>= shift;
    }
    if k < 0 {
        let (q, r) = num.div_rem(pow5);
        inexact |= !r.is_zero();
        num = q;
    }
    Digits {
        digits: if num.is_zero() {
            Vec::new()
        } else {
            num.to_string().into_bytes()
        },
        inexact,
    }
}

/// Leading digits computed with binary floating point a few hundred bits wider than the
/// value, for decimal exponents too large to expand exactly. All are marked inexact.
fn approximate_sources(
    mant: &BigUint,
    exp: i64,
    lower: &BigUint,
    upper: &BigUint,
    bound_exp: i64,
    prec: u32,
    k: i64,
) -> [Digits; 3] {
    let work = prec.saturating_add(256);
    // Two half powers keep every intermediate inside Go's exponent range even for values
    // at its ends.
    let half = k.unsigned_abs() / 2;
    let ten_a = pow10(half, work);
    let ten_b = pow10(k.unsigned_abs() - half, work);
    let digits_of = |m: &BigUint, e: i64| -> Digits {
        let v = BigFloat::from_parts(false, m.clone(), e, work);
        let scaled = if k >= 0 {
            v.mul(&ten_a, work).and_then(|v| v.mul(&ten_b, work))
        } else {
            v.quo(&ten_a, work).and_then(|v| v.quo(&ten_b, work))
        };
        let digits = match scaled.ok().and_then(|s| s.trunc_parts()) {
            Some((_, int, int_exp)) if int_exp >= 0 => (int << int_exp as u64).to_string(),
            _ => String::new(),
        };
        Digits {
            digits: digits.into_bytes(),
            inexact: true,
        }
    };
    [
        digits_of(mant, exp),
        digits_of(lower, bound_exp),
        digits_of(upper, bound_exp),
    ]
}

/// `10^n` rounded to `prec` bits by repeated squaring.
fn pow10(mut n: u64, prec: u32) -> BigFloat {
    let mut result = BigFloat::from_parts(false, BigUint::from(1u32), 0, prec);
    let mut square = BigFloat::from_parts(false, BigUint::from(10u32), 0, prec);
    while n > 0 {
        if n & 1 != 0 {
            result = result.mul(&square, prec).unwrap_or(result);
        }
        n >>= 1;
        if n > 0 {
            square = square.mul(&square, prec).unwrap_or(square);
        }
    }
    result
}

/// Go's digit walk over the value `x` and its bounds; `None` when it needs digits we cut.
fn walk(sources: &[Digits; 3], k: i64, inclusive: bool) -> Option<Decimal> {
    let [x, lower, upper] = sources;
    let x_exp = x.digits.len() as i64 - k;
    let mut i = 0usize;
    loop {
        if !x.longer_than(i)? {
            // Every digit of x was walked: x itself.
            let mut digits = x.digits.clone();
            trim_zeros(&mut digits);
            return Some(Decimal { digits, exp: x_exp });
        }
        let m = x.at(i)?;
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        let okdown = l != m || (inclusive && lower.len_is(i + 1)?);
        let okup = m != u && (inclusive || m + 1 < u || upper.longer_than(i + 1)?);
        let n = i + 1;
        if okdown && okup {
            return round_nearest(x, x_exp, n);
        }
        if okdown {
            return round_down(x, x_exp, n);
        }
        if okup {
            return round_up(x, x_exp, n);
        }
        i += 1;
    }
}

/// x unchanged (all its digits are known when this is asked).
fn whole(x: &Digits, x_exp: i64) -> Option<Decimal> {
    if x.inexact {
        return None;
    }
    let mut digits = x.digits.clone();
    trim_zeros(&mut digits);
    Some(Decimal { digits, exp: x_exp })
}

/// Go's `decimal.round(n)`: to nearest, a final `5` rounding to even.
fn round_nearest(x: &Digits, x_exp: i64, n: usize) -> Option<Decimal> {
    if !x.longer_than(n)? {
        return whole(x, x_exp);
    }
    let digit = x.at(n)?;
    let up = if digit == b'5' && x.len_is(n + 1)? {
        n > 0 && (x.at(n - 1)? - b'0') % 2 == 1
    } else {
        digit >= b'5'
    };
    if up {
        round_up(x, x_exp, n)
    } else {
        round_down(x, x_exp, n)
    }
}

/// Go's `decimal.roundUp(n)`.
fn round_up(x: &Digits, x_exp: i64, n: usize) -> Option<Decimal> {
    if !x.longer_than(n)? {
        return whole(x, x_exp);
    }
    let prefix = &x.digits[..n];
    match prefix.iter().rposition(|&d| d < b'9') {
        None => Some(Decimal {
            digits: vec![b'1'],
            exp: x_exp + 1,
        }),
        Some(j) => {
            let mut digits = prefix[..=j].to_vec();
            digits[j] += 1;
            Some(Decimal { digits, exp: x_exp })
        }
    }
}

/// Go's `decimal.roundDown(n)`.
fn round_down(x: &Digits, x_exp: i64, n: usize) -> Option<Decimal> {
    if !x.longer_than(n)? {
        return whole(x, x_exp);
    }
    let mut digits = x.digits[..n].to_vec();
    trim_zeros(&mut digits);
    let exp = if digits.is_empty() { 0 } else { x_exp };
    Some(Decimal { digits, exp })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(x: &BigFloat) -> String {
        let mut out = String::new();
        text_f(x, &mut out);
        out
    }

    #[test]
    fn float64_values_print_shortest() {
        // Go's big.Float (not strconv): the oracle prints `pow(2, 64)` as 18446744073709550000.
        for (f, expected) in [
            (0.1, "0.1"),
            (1.0 / 3.0, "0.3333333333333333"),
            (2f64.sqrt(), "1.4142135623730951"),
            (1e21, "1000000000000000000000"),
            (1.5e-7, "0.00000015"),
            // A 53-bit big.Float is not subnormal: the oracle shows `pow(2, -1074)` so.
            (
                5e-324,
                "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465",
            ),
            (-0.0, "-0"),
            (f64::INFINITY, "+Inf"),
            (f64::NEG_INFINITY, "-Inf"),
            (18446744073709551616.0, "18446744073709550000"),
        ] {
            assert_eq!(text(&BigFloat::from_f64(f).unwrap()), expected, "{f}");
        }
    }

    #[test]
    fn huge_exponents_switch_to_e_form() {
        let x = BigFloat::from_parts(false, BigUint::from(1u32), 40_000_000, 64);
        let s = text(&x);
        assert_eq!(s, "6.707477859670320083e+12041199");
        let x = BigFloat::from_parts(true, BigUint::from(1u32), -40_000_000, 64);
        let s = text(&x);
        assert!(s.starts_with("-1.") && s.ends_with("e-12041200"), "{s}");
    }
}
