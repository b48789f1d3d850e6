//! Decimal text to `BigFloat`, as Go's `big.ParseFloat(s, 10, 512, ToNearestEven)` (cty's
//! `ParseNumberVal`, used by HCL number literals, `tonumber` and string conversion).
//!
//! Accepted: `[+-]digits[.digits][(e|E|p|P)[+-]digits]` (digits on at least one side of the
//! point; `p` is a power of two), and `Inf`/`inf` with an optional sign. The mantissa is read
//! exactly; a decimal exponent multiplies or divides it by a power of five that Go computes
//! by repeated squaring at 576/640 bits, and the product or quotient is rounded once to
//! 512 bits. Work is bounded: the mantissa conversion is divide and conquer over the digits,
//! and the power of five takes at most 64 multiplications of 640-bit numbers however large
//! the exponent is (it overflows to infinity past Go's exponent range, as in Go).

use std::collections::HashMap;

use num_bigint::BigUint;
use num_traits::Zero;

use super::float::{BigFloat, MAX_EXP, MIN_EXP};

/// The precision of parsed numbers (cty's `ParseNumberVal`).
pub(crate) const PARSE_PREC: u32 = 512;

/// Digit strings at most this long are converted directly.
const DIRECT_DIGITS: usize = 1200;

/// Parses decimal text; `None` when Go's `ParseFloat` reports an error.
pub(crate) fn parse_decimal(text: &str) -> Option<BigFloat> {
    match text {
        "Inf" | "inf" | "+Inf" | "+inf" => return Some(BigFloat::inf(false, PARSE_PREC)),
        "-Inf" | "-inf" => return Some(BigFloat::inf(true, PARSE_PREC)),
        _ => {}
    }
    let scanned = scan(text.as_bytes())?;
    let digits = trim_leading_zeros(&scanned.digits);
    if digits.is_empty() {
        return Some(BigFloat::zero(scanned.neg, PARSE_PREC));
    }
    let mant = decimal_to_biguint(&digits);
    // Go keeps `0.mant × 2^exp2 × 5^exp5` and works with wrapping int64 arithmetic.
    let bits = mant.bits() as i64;
    let mut exp2 = bits;
    let mut exp5 = 0i64;
    let fraction = -(scanned.fraction_digits as i64);
    if fraction < 0 {
        exp5 = fraction;
        exp2 = exp2.wrapping_add(fraction);
    }
    match scanned.exponent {
        Exponent::Decimal(e) => {
            exp5 = exp5.wrapping_add(e);
            exp2 = exp2.wrapping_add(e);
        }
        Exponent::Binary(e) => exp2 = exp2.wrapping_add(e),
    }
    if !(MIN_EXP..=MAX_EXP).contains(&exp2) {
        return None;
    }
    let exact = exp2 - bits;
    if exp5 == 0 {
        return Some(BigFloat::from_parts(scanned.neg, mant, exact, PARSE_PREC));
    }
    let value = BigFloat::unrounded(scanned.neg, mant, exact, PARSE_PREC);
    let power = pow5(exp5.unsigned_abs());
    let result = if exp5 < 0 {
        value.quo(&power, PARSE_PREC)
    } else {
        value.mul(&power, PARSE_PREC)
    };
    result.ok()
}

/// The exponent part of a number.
enum Exponent {
    /// `e` or `E`: a power of ten.
    Decimal(i64),
    /// `p` or `P`: a power of two.
    Binary(i64),
}

/// The pieces of a scanned number.
struct Scanned {
    neg: bool,
    /// All mantissa digits, without the point.
    digits: Vec<u8>,
    /// How many of them follow the point.
    fraction_digits: usize,
    exponent: Exponent,
}

/// Splits text into sign, mantissa digits and exponent, as Go's `Float.scan` with base 10
/// followed by the whole-string check of `Parse`.
fn scan(bytes: &[u8]) -> Option<Scanned> {
    let mut pos = 0;
    let neg = match bytes.first()? {
        b'-' => {
            pos += 1;
            true
        }
        b'+' => {
            pos += 1;
            false
        }
        _ => false,
    };
    let mut digits = Vec::new();
    let mut point = None;
    while let Some(&b) = bytes.get(pos) {
        if b == b'.' && point.is_none() {
            point = Some(digits.len());
        } else if b.is_ascii_digit() {
            digits.push(b);
        } else {
            break;
        }
        pos += 1;
    }
    if digits.is_empty() {
        return None;
    }
    let fraction_digits = point.map_or(0, |p| digits.len() - p);
    let exponent = match bytes.get(pos) {
        Some(b'e' | b'E') => Exponent::Decimal(scan_exponent(bytes, &mut pos)?),
        Some(b'p' | b'P') => Exponent::Binary(scan_exponent(bytes, &mut pos)?),
        _ => Exponent::Decimal(0),
    };
    if pos != bytes.len() {
        return None;
    }
    Some(Scanned {
        neg,
        digits,
        fraction_digits,
        exponent,
    })
}

/// Reads `(e|p)[+-]digits` at `pos` (which holds the exponent letter) as an `i64`.
fn scan_exponent(bytes: &[u8], pos: &mut usize) -> Option<i64> {
    *pos += 1;
    let start = *pos;
    if matches!(bytes.get(*pos), Some(b'+' | b'-')) {
        *pos += 1;
    }
    let digits_start = *pos;
    while bytes.get(*pos).is_some_and(u8::is_ascii_digit) {
        *pos += 1;
    }
    if *pos == digits_start {
        return None;
    }
    let text = std::str::from_utf8(&bytes[start..*pos]).ok()?;
    text.parse::<i64>().ok()
}

/// The digits without leading zeros.
fn trim_leading_zeros(digits: &[u8]) -> Vec<u8> {
    let first = digits
        .iter()
        .position(|&d| d != b'0')
        .unwrap_or(digits.len());
    digits[first..].to_vec()
}

/// `5^n` as Go's `Float.pow5` computes it for a 512-bit parse: a 576-bit result built from
/// a 640-bit running square, each product rounded.
fn pow5(n: u64) -> BigFloat {
    const TABLE_MAX: u64 = 27;
    const Z_PREC: u32 = PARSE_PREC + 64;
    const F_PREC: u32 = Z_PREC + 64;
    if n <= TABLE_MAX {
        return BigFloat::from_parts(false, BigUint::from(5u32).pow(n as u32), 0, Z_PREC);
    }
    let mut z = BigFloat::from_parts(false, BigUint::from(5u32).pow(TABLE_MAX as u32), 0, Z_PREC);
    let mut f = BigFloat::from_parts(false, BigUint::from(5u32), 0, F_PREC);
    let mut n = n - TABLE_MAX;
    while n > 0 {
        if n & 1 != 0 {
            z = z.mul(&f, Z_PREC).unwrap_or(z);
        }
        f = f.mul(&f, F_PREC).unwrap_or(f);
        n >>= 1;
    }
    z
}

/// Decimal digits (ASCII, no leading zeros) as an integer, dividing and conquering so that
/// long inputs cost a few large multiplications instead of quadratic work.
pub(crate) fn decimal_to_biguint(digits: &[u8]) -> BigUint {
    let mut powers = HashMap::new();
    convert(digits, &mut powers)
}

fn convert(digits: &[u8], powers: &mut HashMap<usize, BigUint>) -> BigUint {
    if digits.len() <= DIRECT_DIGITS {
        return direct(digits);
    }
    // The low half has a length of the form DIRECT_DIGITS × 2^k so that the powers of ten
    // repeat across the recursion and the cache stays small.
    let mut low_len = DIRECT_DIGITS;
    while low_len * 2 < digits.len() {
        low_len *= 2;
    }
    let (high, low) = digits.split_at(digits.len() - low_len);
    let high = convert(high, powers);
    let low = convert(low, powers);
    if high.is_zero() {
        return low;
    }
    let scale = powers
        .entry(low_len)
        .or_insert_with(|| BigUint::from(10u32).pow(low_len as u32));
    high * &*scale + low
}

/// Horner's rule over chunks of 19 digits.
fn direct(digits: &[u8]) -> BigUint {
    let mut value = BigUint::zero();
    for chunk in digits.chunks(19) {
        let word = chunk
            .iter()
            .fold(0u64, |acc, &d| acc * 10 + u64::from(d - b'0'));
        value = value * 10u64.pow(chunk.len() as u32) + word;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Num;

    #[test]
    fn grammar() {
        for ok in [
            "1", "+5", "-5", ".5", "5.", "1e5", "1E+5", "1e-5", "00012", "1p10", "1P3", "Inf",
            "-inf", "+Inf", "0", "-0", "1e01",
        ] {
            assert!(parse_decimal(ok).is_some(), "{ok}");
        }
        for bad in [
            "",
            " 1",
            "1 ",
            "1_000",
            "0x10",
            "1e",
            "1e+",
            ".",
            "+",
            "--5",
            "5e+-1",
            "NaN",
            "INF",
            "Infinity",
            "0b101",
            "0x1p4",
            "1.2.3",
            "١",
            "1e9223372036854775808",
        ] {
            assert!(parse_decimal(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn exponent_range() {
        // Go checks the binary exponent before applying the power of five.
        assert!(parse_decimal("1e-3000000000").is_none());
        assert!(parse_decimal("1e3000000000").is_none());
        assert!(parse_decimal("1e2000000000").unwrap().is_inf());
        assert!(parse_decimal("1e-2000000000").unwrap().is_zero());
    }

    #[test]
    fn every_prefix_parses_or_fails_cleanly() {
        for text in [
            "-123.456e-789",
            "+0.000000000000000000001p-1074",
            "1e-2147483648",
            "9999999999999999999999999999.9999999999e+2147483000",
            "1p2147483646",
            "-inf",
        ] {
            for end in 0..=text.len() {
                if let Some(x) = parse_decimal(&text[..end]) {
                    let mut out = String::new();
                    super::super::format::text_f(&x, &mut out);
                    assert!(!out.is_empty());
                }
            }
        }
    }

    #[test]
    fn long_digit_strings_convert_exactly() {
        let digits: Vec<u8> = (0..5000).map(|i| b'1' + (i % 9) as u8).collect();
        let expected = BigUint::from_str_radix(std::str::from_utf8(&digits).unwrap(), 10).unwrap();
        assert_eq!(decimal_to_biguint(&digits), expected);
    }
}
