//! `Number`: cty's number, a Go `big.Float` (binary mantissa of any size, precision in bits,
//! signed zero, infinities), with an inline form for small integers.
//!
//! Where values come from decides their precision, as in cty: decimal text (HCL literals,
//! `tonumber`, string conversion) is read at 512 bits; `NumberIntVal` integers (lengths,
//! indexes) are 64-bit; `NumberFloatVal` results of `float64` functions are 53-bit.
//! Arithmetic rounds to the larger operand precision (see `arith.rs`), so `1/3` shows 155
//! digits while `length([1])/3`'s 64-bit `1` over a 512-bit `3` does too, and
//! `length([1])/length([1,2,3])` shows 20. Printing (`Display`) is Go's `Text('f', -1)`.
//!
//! Comparison (`Ord`) is exact, as cty's `LessThan`. Equality (`==`) is cty's `Equals`:
//! integers compare exactly, other numbers compare by their printed text, so
//! `pow(10, -1) == 0.1` holds although `pow(10, -1) > 0.1` holds too (Terraform agrees).

mod arith;
mod float;
mod format;
mod parse;
mod small_int;

pub use small_int::SmallInt;

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use num_bigint::{BigInt, BigUint, Sign};

use float::{BigFloat, Form};

/// An error parsing a number from text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid number {text:?}")]
pub struct NumberParseError {
    /// The text that did not parse.
    pub text: String,
}

/// An arithmetic error (an operation without a value, such as `0 / 0`), with cty's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ArithmeticError(pub String);

/// A cty number.
#[derive(Clone)]
pub struct Number(Repr);

/// The two forms of a number.
#[derive(Clone)]
enum Repr {
    /// An integer exactly representable at `prec` bits; never `i64::MIN`, never `-0`.
    Small { value: i64, prec: u32 },
    /// Any other value.
    Big(Arc<BigFloat>),
}

/// The precision of `NumberIntVal` and `NumberUIntVal` (Go's `SetInt64` on a new `Float`).
const INT_PREC: u32 = 64;

impl Number {
    /// An integer at precision 64 (cty's `NumberIntVal`).
    pub fn from_i64(i: i64) -> Number {
        if i == i64::MIN {
            let magnitude = BigUint::from(i.unsigned_abs());
            return Number::from_big(BigFloat::from_parts(true, magnitude, 0, INT_PREC));
        }
        Number(Repr::Small {
            value: i,
            prec: INT_PREC,
        })
    }

    /// An unsigned integer at precision 64 (cty's `NumberUIntVal`).
    pub fn from_u64(u: u64) -> Number {
        match i64::try_from(u) {
            Ok(i) => Number::from_i64(i),
            Err(_) => Number::from_big(BigFloat::from_parts(false, BigUint::from(u), 0, INT_PREC)),
        }
    }

    /// A float at precision 53 (cty's `NumberFloatVal`); NaN, which cty cannot hold (Terraform
    /// fails with "Float.SetFloat64(NaN)"), becomes 0: check with [`Number::try_from_f64`].
    pub fn from_f64(f: f64) -> Number {
        Number::try_from_f64(f).unwrap_or_else(|| Number::from_i64(0))
    }

    /// A float at precision 53 (cty's `NumberFloatVal`), or `None` for NaN.
    pub fn try_from_f64(f: f64) -> Option<Number> {
        BigFloat::from_f64(f).map(Number::from_big)
    }

    /// Parses decimal text at precision 512 as HCL number literals and `tonumber` do (cty's
    /// `ParseNumberVal`, Go's `big.ParseFloat`): `-1.5e3`, `.5`, `5.`, `1p10`, `Inf`.
    pub fn parse(text: &str) -> Result<Number, NumberParseError> {
        if let Some(n) = parse_small(text) {
            return Ok(n);
        }
        parse::parse_decimal(text)
            .map(Number::from_big)
            .ok_or_else(|| NumberParseError {
                text: text.to_string(),
            })
    }

    /// An integer of any size, exactly, at precision max(64, bit length) (cty's
    /// `NumberVal(new(big.Float).SetInt(i))`).
    pub fn from_bigint(i: &BigInt) -> Number {
        if let Ok(small) = i64::try_from(i) {
            return Number::from_i64(small);
        }
        let prec = u32::try_from(i.bits()).unwrap_or(u32::MAX).max(INT_PREC);
        let neg = i.sign() == Sign::Minus;
        Number::from_big(BigFloat::from_parts(neg, i.magnitude().clone(), 0, prec))
    }

    /// Positive or negative infinity (cty's `PositiveInfinity`/`NegativeInfinity`).
    pub fn infinity(positive: bool) -> Number {
        Number::from_big(BigFloat::inf(!positive, 0))
    }

    /// The precision in bits (64 for `NumberIntVal`, 53 for floats, 512 for parsed text).
    pub fn precision(&self) -> u32 {
        match &self.0 {
            Repr::Small { prec, .. } => *prec,
            Repr::Big(b) => b.prec,
        }
    }

    /// The value, when it is an integer held at 64-bit precision, as
    /// [`Number::from_i64`] makes it (cty's `NumberIntVal`).
    ///
    /// ```
    /// use terrace_types::Number;
    /// assert_eq!(Number::from_i64(7).as_int64(), Some(7));
    /// assert_eq!(Number::parse("7").unwrap().as_int64(), None); // 512-bit precision
    /// ```
    pub fn as_int64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small {
                value,
                prec: INT_PREC,
            } => Some(*value),
            _ => None,
        }
    }

    /// The value as an `i64`, when it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { value, .. } => Some(*value),
            Repr::Big(b) => b.to_i64(),
        }
    }

    /// The nearest `f64` (Go's `Float64`: ties to even, subnormals, ±Inf beyond range).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { value, .. } => *value as f64,
            Repr::Big(b) => b.to_f64(),
        }
    }

    /// The integer part, truncated toward zero; `None` for infinities and for integers of
    /// more than 2^26 bits.
    pub fn to_bigint_trunc(&self) -> Option<BigInt> {
        match &self.0 {
            Repr::Small { value, .. } => Some(BigInt::from(*value)),
            Repr::Big(b) => b.to_bigint_trunc(),
        }
    }

    /// The largest integer not above the value, at the value's precision (cty's `floor`);
    /// infinities stay.
    pub fn floor(&self) -> Number {
        self.round_to_integer(true)
    }

    /// The smallest integer not below the value, at the value's precision (cty's `ceil`);
    /// infinities stay.
    pub fn ceil(&self) -> Number {
        self.round_to_integer(false)
    }

    /// cty's `FloorFunc`/`CeilFunc`: `Int` truncates, then one step down (floor of a negative
    /// fraction) or up (ceil of a positive one), and `SetInt` at the value's precision.
    fn round_to_integer(&self, down: bool) -> Number {
        let Repr::Big(b) = &self.0 else {
            return self.clone();
        };
        let Some((neg, mut mant, exp)) = b.trunc_parts() else {
            return self.clone();
        };
        if b.has_fraction() && b.neg == down {
            // The fraction moves the result one away from zero: -1.5 → -2, 1.5 → 2.
            mant += 1u32;
            return Number::from_big(BigFloat::from_parts(b.neg, mant, exp, b.prec));
        }
        Number::from_big(BigFloat::from_parts(neg, mant, exp, b.prec))
    }

    /// True for zero and finite whole numbers (Go's `IsInt`); false for infinities.
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { .. } => true,
            Repr::Big(b) => b.is_int(),
        }
    }

    /// True for `+Inf` and `-Inf`.
    pub fn is_infinite(&self) -> bool {
        matches!(&self.0, Repr::Big(b) if b.is_inf())
    }

    /// True for `0` and `-0`.
    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small { value, .. } => *value == 0,
            Repr::Big(b) => b.is_zero(),
        }
    }

    /// True when the value is below zero (`-0` is not).
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    /// True when the sign bit is set, as for negative values and `-0`.
    pub fn is_sign_negative(&self) -> bool {
        match &self.0 {
            Repr::Small { value, .. } => *value < 0,
            Repr::Big(b) => b.neg,
        }
    }

    /// -1, 0 or 1 (Go's `Sign`; 0 for both zeros).
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small { value, .. } => value.signum() as i32,
            Repr::Big(b) => b.sign(),
        }
    }

    /// `|self|` at the same precision (cty's `Absolute`).
    pub fn abs(&self) -> Number {
        match &self.0 {
            Repr::Small { value, prec } => Number(Repr::Small {
                value: value.abs(),
                prec: *prec,
            }),
            Repr::Big(b) => Number::from_big(b.abs()),
        }
    }

    /// `-self` at the same precision (cty's `Negate`; `-0` is negative zero).
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::Small { value, prec } if *value != 0 => Number(Repr::Small {
                value: -value,
                prec: *prec,
            }),
            _ => Number::from_big(self.big().neg()),
        }
    }

    /// cty's `Equals` on numbers (the `==` operator): equal integers, or non-integers that
    /// print the same; `-0 == 0`. Also what `PartialEq` does.
    pub fn cty_equals(&self, other: &Number) -> bool {
        if let (Repr::Small { value: x, .. }, Repr::Small { value: y, .. }) = (&self.0, &other.0) {
            return x == y;
        }
        if self.signum() != other.signum() {
            return false;
        }
        match (self.is_integer(), other.is_integer()) {
            (true, true) => self.cmp(other) == Ordering::Equal,
            (false, false) => self.to_string() == other.to_string(),
            _ => false,
        }
    }

    /// The value as a `BigFloat` (allocating for the small form).
    fn big(&self) -> std::borrow::Cow<'_, BigFloat> {
        match &self.0 {
            Repr::Small { value, prec } => std::borrow::Cow::Owned(BigFloat::from_parts(
                *value < 0,
                BigUint::from(value.unsigned_abs()),
                0,
                *prec,
            )),
            Repr::Big(b) => std::borrow::Cow::Borrowed(b),
        }
    }

    /// Wraps a `BigFloat`, using the small form when the value allows it.
    fn from_big(b: BigFloat) -> Number {
        match &b.form {
            Form::Zero if !b.neg => {
                return Number(Repr::Small {
                    value: 0,
                    prec: b.prec,
                });
            }
            Form::Finite { mant, exp } if *exp >= 0 && exp + mant.bits() as i64 <= 63 => {
                let magnitude = u64::try_from(mant << *exp as u64).expect("invariant: below 2^63");
                let magnitude = i64::try_from(magnitude).expect("invariant: below 2^63");
                let value = if b.neg { -magnitude } else { magnitude };
                return Number(Repr::Small {
                    value,
                    prec: b.prec,
                });
            }
            _ => {}
        }
        Number(Repr::Big(Arc::new(b)))
    }

    #[cfg(test)]
    fn small_for_test(value: i64, prec: u32) -> Number {
        Number(Repr::Small { value, prec })
    }

    #[cfg(test)]
    fn big_for_test(&self) -> Number {
        Number(Repr::Big(Arc::new(self.big().into_owned())))
    }
}

/// Short plain integers (`42`, `-7`) parse without the general scanner; `-0` does not
/// qualify (it is negative zero).
fn parse_small(text: &str) -> Option<Number> {
    let (neg, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        rest => (false, rest),
    };
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude = digits
        .iter()
        .fold(0i64, |acc, &d| acc * 10 + i64::from(d - b'0'));
    if neg && magnitude == 0 {
        return None;
    }
    Some(Number(Repr::Small {
        value: if neg { -magnitude } else { magnitude },
        prec: parse::PARSE_PREC,
    }))
}

/// `==` is cty's `Equals` (see [`Number::cty_equals`]).
impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cty_equals(other)
    }
}

impl Eq for Number {}

/// Hashes integers by value and other numbers by their text, as `==` compares them.
impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small { value: 0, .. } => state.write_u8(0),
            Repr::Small { value, .. } => {
                let magnitude = value.unsigned_abs();
                let tz = magnitude.trailing_zeros();
                hash_integer(
                    *value < 0,
                    [magnitude >> tz].into_iter(),
                    i64::from(tz),
                    state,
                );
            }
            Repr::Big(b) => match &b.form {
                Form::Zero => state.write_u8(0),
                Form::Finite { mant, exp } if *exp >= 0 => {
                    hash_integer(b.neg, mant.iter_u64_digits(), *exp, state);
                }
                _ => {
                    state.write_u8(2);
                    self.to_string().hash(state);
                }
            },
        }
    }
}

fn hash_integer<H: Hasher>(neg: bool, odd: impl Iterator<Item = u64>, exp: i64, state: &mut H) {
    state.write_u8(1);
    neg.hash(state);
    for digit in odd {
        state.write_u64(digit);
    }
    exp.hash(state);
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Exact numeric order (Go's `Cmp`): `-Inf` < finite < `+Inf`, and `-0` equals `0`.
impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small { value: x, .. }, Repr::Small { value: y, .. }) => x.cmp(y),
            _ => self.big().cmp(&other.big()),
        }
    }
}

impl Number {
    /// Appends the number's text (what `Display` writes) to `out`, integers
    /// without the formatting machinery: templates write many of them.
    ///
    /// ```
    /// use terrace_types::Number;
    /// let mut out = String::from("k");
    /// Number::from_i64(-120).push_to(&mut out);
    /// Number::parse("0.5").unwrap().push_to(&mut out);
    /// assert_eq!(out, "k-1200.5");
    /// ```
    pub fn push_to(&self, out: &mut String) {
        match self.as_printed_integer() {
            Some(value) => push_integer(value, out),
            None => format::text_f(&self.big(), out),
        }
    }

    /// The value, when it prints as a plain integer.
    fn as_printed_integer(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small { value, prec } if 64 - value.unsigned_abs().leading_zeros() <= *prec => {
                Some(*value)
            }
            _ => None,
        }
    }
}

/// Appends `value` in decimal.
fn push_integer(value: i64, out: &mut String) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        at -= 1;
        // `rest % 10` is below 10: the cast keeps it whole.
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        out.push('-');
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

/// Prints the number as Terraform's console does (`Text('f', -1)`: no exponent, shortest
/// digits at the value's precision, `-0`, `+Inf`, `-Inf`).
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_printed_integer() {
            Some(value) => write!(f, "{value}"),
            None => {
                let mut out = String::new();
                format::text_f(&self.big(), &mut out);
                f.write_str(&out)
            }
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self} @{})", self.precision())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap()
    }

    fn hash(n: &Number) -> u64 {
        let mut h = DefaultHasher::new();
        n.hash(&mut h);
        h.finish()
    }

    #[test]
    fn small_and_big_forms_agree() {
        for text in [
            "0",
            "1",
            "-1",
            "12345",
            "-9007199254740993",
            "4611686018427387904",
        ] {
            let small = n(text);
            let big = small.big_for_test();
            assert_eq!(small, big);
            assert_eq!(hash(&small), hash(&big));
            assert_eq!(small.cmp(&big), Ordering::Equal);
            assert_eq!(small.to_string(), big.to_string());
        }
    }

    #[test]
    fn push_to_writes_what_display_writes() {
        let mut numbers: Vec<Number> = [0, 1, -1, 9, 10, -10, 99, 1000, i64::MAX, i64::MIN + 1]
            .into_iter()
            .map(Number::from_i64)
            .collect();
        numbers.push(Number::from_i64(i64::MIN));
        for text in [
            "-0",
            "0.5",
            "1e30",
            "-2.5e-7",
            "+Inf",
            "-Inf",
            "123456789012345678901234567890",
        ] {
            numbers.push(n(text));
        }
        numbers.push(Number::from_f64(0.1));
        for number in numbers {
            let mut out = String::from("x");
            number.push_to(&mut out);
            assert_eq!(out, format!("x{number}"));
        }
    }

    #[test]
    fn equality_is_ctys() {
        // `pow(10, -1) == 0.1` is true in Terraform, while `pow(10, -1) > 0.1` is true too.
        let float = Number::from_f64(0.1);
        let decimal = n("0.1");
        assert_eq!(float, decimal);
        assert_eq!(hash(&float), hash(&decimal));
        assert_eq!(float.cmp(&decimal), Ordering::Greater);
        // `length([1])/length([1,2,3]) == 1/3` is false.
        let third64 = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
        let third512 = n("1").div(&n("3")).unwrap();
        assert_ne!(third64, third512);
        // -0 == 0, and they hash alike.
        assert_eq!(n("-0"), n("0"));
        assert_eq!(hash(&n("-0")), hash(&n("0")));
        // Integers compare exactly even when they print alike.
        let two64 = Number::from_f64(18446744073709551616.0);
        let other = n("18446744073709550000");
        assert_eq!(two64.to_string(), other.to_string());
        assert_ne!(two64, other);
        assert_eq!(Number::infinity(true), n("+Inf"));
        assert_ne!(Number::infinity(true), Number::infinity(false));
    }

    #[test]
    fn conversions() {
        assert_eq!(n("-7.9").to_bigint_trunc(), Some(BigInt::from(-7)));
        assert_eq!(n("-7.9").floor().to_string(), "-8");
        assert_eq!(n("-7.9").ceil().to_string(), "-7");
        assert_eq!(n("-0.5").ceil().to_string(), "0");
        assert_eq!(n("0.5").floor().to_string(), "0");
        assert_eq!(n("-0").floor().to_string(), "0");
        assert_eq!(n("2.5").to_i64(), None);
        assert_eq!(n("-9223372036854775808").to_i64(), Some(i64::MIN));
        assert_eq!(
            Number::from_i64(i64::MIN).to_string(),
            "-9223372036854775808"
        );
        assert_eq!(
            Number::from_u64(u64::MAX).to_string(),
            "18446744073709551615"
        );
        assert_eq!(n("0.1").to_f64(), 0.1);
        assert!(Number::try_from_f64(f64::NAN).is_none());
        assert!(n("1e999999").to_f64().is_infinite());
    }
}
