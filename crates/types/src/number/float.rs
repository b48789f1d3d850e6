//! `BigFloat`: a binary floating-point number that behaves like Go's `big.Float`.
//!
//! A value is a sign, a form (zero, finite or infinite) and a precision in bits. A finite
//! value is `mant × 2^exp` with an odd arbitrary-precision `mant`. Every operation takes
//! the precision of its result and rounds the exact result to it, to nearest with ties to
//! even (Go's default `ToNearestEven`). Exponents live in Go's range: a result whose binary
//! exponent leaves `int32` becomes an infinity or a zero, as in Go.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// Go's smallest binary exponent `e` of a value written `0.1xxx × 2^e`.
pub(crate) const MIN_EXP: i64 = i32::MIN as i64;
/// Go's largest binary exponent `e` of a value written `0.1xxx × 2^e`.
pub(crate) const MAX_EXP: i64 = i32::MAX as i64;

/// Integers with more bits than this are not materialised by [`BigFloat::to_bigint_trunc`].
pub(crate) const MAX_INT_BITS: i64 = 1 << 26;

/// What a value is, apart from its sign and precision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// Zero (the sign tells `+0` from `-0`).
    Zero,
    /// `mant × 2^exp`, `mant` odd.
    Finite {
        /// The odd mantissa.
        mant: BigUint,
        /// The power of two the mantissa is multiplied by.
        exp: i64,
    },
    /// An infinity.
    Inf,
}

/// A `big.Float`: sign, form and precision.
#[derive(Clone, Debug)]
pub(crate) struct BigFloat {
    /// The sign bit (set for `-0` too).
    pub(crate) neg: bool,
    /// Zero, finite or infinite.
    pub(crate) form: Form,
    /// The precision in bits the value was rounded to.
    pub(crate) prec: u32,
}

/// An operation without a value: Go's `big.ErrNaN` (`0 × ∞`, `∞ - ∞`, `0 / 0`, `∞ / ∞`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NaN;

impl BigFloat {
    /// A zero with the given sign.
    pub(crate) fn zero(neg: bool, prec: u32) -> BigFloat {
        BigFloat {
            neg,
            form: Form::Zero,
            prec,
        }
    }

    /// An infinity with the given sign.
    pub(crate) fn inf(neg: bool, prec: u32) -> BigFloat {
        BigFloat {
            neg,
            form: Form::Inf,
            prec,
        }
    }

    /// `±mant × 2^exp` rounded to `prec` bits.
    pub(crate) fn from_parts(neg: bool, mant: BigUint, exp: i64, prec: u32) -> BigFloat {
        round(neg, mant, exp, false, prec)
    }

    /// `±mant × 2^exp` kept exactly (with `prec` as its precision tag, even if the
    /// mantissa is wider): Go's scanner holds a parsed mantissa this way before rounding.
    pub(crate) fn unrounded(neg: bool, mant: BigUint, exp: i64, prec: u32) -> BigFloat {
        match mant.trailing_zeros() {
            None => BigFloat::zero(neg, prec),
            Some(tz) => BigFloat {
                neg,
                form: Form::Finite {
                    mant: mant >> tz,
                    exp: exp + tz as i64,
                },
                prec,
            },
        }
    }

    /// The value of an `f64` (Go's `SetFloat64` on a new `Float`: precision 53); `None` for NaN.
    pub(crate) fn from_f64(f: f64) -> Option<BigFloat> {
        if f.is_nan() {
            return None;
        }
        let neg = f.is_sign_negative();
        if f == 0.0 {
            return Some(BigFloat::zero(neg, 53));
        }
        if f.is_infinite() {
            return Some(BigFloat::inf(neg, 53));
        }
        let bits = f.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1 << 52) - 1);
        let (mant, exp) = if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), biased - 1075)
        };
        Some(BigFloat::from_parts(neg, BigUint::from(mant), exp, 53))
    }

    /// True for `±0`.
    pub(crate) fn is_zero(&self) -> bool {
        self.form == Form::Zero
    }

    /// True for `±∞`.
    pub(crate) fn is_inf(&self) -> bool {
        self.form == Form::Inf
    }

    /// Go's `Sign`: -1, 0 or 1 (zero for both zeros).
    pub(crate) fn sign(&self) -> i32 {
        match self.form {
            Form::Zero => 0,
            _ if self.neg => -1,
            _ => 1,
        }
    }

    /// Go's `MinPrec`: the number of bits needed to hold the value exactly (0 for zero and
    /// infinities).
    pub(crate) fn min_prec(&self) -> u64 {
        match &self.form {
            Form::Finite { mant, .. } => mant.bits(),
            _ => 0,
        }
    }

    /// Go's `IsInt`: zero and finite integers (infinities are not integers).
    pub(crate) fn is_int(&self) -> bool {
        match &self.form {
            Form::Zero => true,
            Form::Finite { exp, .. } => *exp >= 0,
            Form::Inf => false,
        }
    }

    /// `-self`, keeping the precision.
    pub(crate) fn neg(&self) -> BigFloat {
        BigFloat {
            neg: !self.neg,
            ..self.clone()
        }
    }

    /// `|self|`, keeping the precision.
    pub(crate) fn abs(&self) -> BigFloat {
        BigFloat {
            neg: false,
            ..self.clone()
        }
    }

    /// Go's `z.Set(x)` for a `z` of precision `prec`: the value rounded to `prec` bits.
    pub(crate) fn set(&self, prec: u32) -> BigFloat {
        match &self.form {
            Form::Finite { mant, exp } if mant.bits() > u64::from(prec) => {
                round(self.neg, mant.clone(), *exp, false, prec)
            }
            _ => BigFloat {
                prec,
                ..self.clone()
            },
        }
    }

    /// Go's `SetPrec`: the value rounded to `prec` bits, tagged with `prec`.
    pub(crate) fn with_prec(mut self, prec: u32) -> BigFloat {
        if let Form::Finite { mant, exp } = &self.form
            && mant.bits() > u64::from(prec)
        {
            return round(self.neg, mant.clone(), *exp, false, prec);
        }
        self.prec = prec;
        self
    }

    /// `self + other` rounded to `prec` bits (Go's `Add`).
    pub(crate) fn add(&self, other: &BigFloat, prec: u32) -> Result<BigFloat, NaN> {
        match (&self.form, &other.form) {
            (Form::Finite { mant: mx, exp: ex }, Form::Finite { mant: my, exp: ey }) => {
                Ok(add_finite(self.neg, mx, *ex, other.neg, my, *ey, prec))
            }
            (Form::Inf, Form::Inf) if self.neg != other.neg => Err(NaN),
            (Form::Zero, Form::Zero) => Ok(BigFloat::zero(self.neg && other.neg, prec)),
            (Form::Inf, _) | (_, Form::Zero) => Ok(self.set(prec)),
            _ => Ok(other.set(prec)),
        }
    }

    /// `self - other` rounded to `prec` bits (Go's `Sub`).
    pub(crate) fn sub(&self, other: &BigFloat, prec: u32) -> Result<BigFloat, NaN> {
        self.add(&other.neg(), prec)
    }

    /// `self × other` rounded to `prec` bits (Go's `Mul`).
    pub(crate) fn mul(&self, other: &BigFloat, prec: u32) -> Result<BigFloat, NaN> {
        let neg = self.neg != other.neg;
        match (&self.form, &other.form) {
            (Form::Finite { mant: mx, exp: ex }, Form::Finite { mant: my, exp: ey }) => {
                Ok(round(neg, mx * my, ex + ey, false, prec))
            }
            (Form::Zero, Form::Inf) | (Form::Inf, Form::Zero) => Err(NaN),
            (Form::Inf, _) | (_, Form::Inf) => Ok(BigFloat::inf(neg, prec)),
            _ => Ok(BigFloat::zero(neg, prec)),
        }
    }

    /// `self / other` rounded to `prec` bits (Go's `Quo`).
    pub(crate) fn quo(&self, other: &BigFloat, prec: u32) -> Result<BigFloat, NaN> {
        let neg = self.neg != other.neg;
        match (&self.form, &other.form) {
            (Form::Finite { mant: mx, exp: ex }, Form::Finite { mant: my, exp: ey }) => {
                // Shift the dividend so that the quotient has at least prec + 2 bits: the
                // rounding bit is then in the quotient and the remainder is a sticky bit.
                let want = i64::from(prec) + 2 + my.bits() as i64 - mx.bits() as i64;
                let shift = want.max(0);
                let (q, r) = (mx << shift as u64).div_rem(my);
                Ok(round(neg, q, ex - ey - shift, !r.is_zero(), prec))
            }
            (Form::Zero, Form::Zero) | (Form::Inf, Form::Inf) => Err(NaN),
            (Form::Zero, _) | (_, Form::Inf) => Ok(BigFloat::zero(neg, prec)),
            _ => Ok(BigFloat::inf(neg, prec)),
        }
    }

    /// Go's `Cmp`: exact comparison; the two zeros are equal.
    pub(crate) fn cmp(&self, other: &BigFloat) -> Ordering {
        let (ox, oy) = (self.order_class(), other.order_class());
        if ox != oy {
            return ox.cmp(&oy);
        }
        match (&self.form, &other.form) {
            (Form::Finite { mant: mx, exp: ex }, Form::Finite { mant: my, exp: ey }) => {
                let magnitude = cmp_magnitude(mx, *ex, my, *ey);
                if self.neg {
                    magnitude.reverse()
                } else {
                    magnitude
                }
            }
            _ => Ordering::Equal,
        }
    }

    /// -2 for -∞, -1 for negative finite, 0 for zero, 1 for positive finite, 2 for +∞.
    fn order_class(&self) -> i8 {
        let class = match self.form {
            Form::Zero => return 0,
            Form::Finite { .. } => 1,
            Form::Inf => 2,
        };
        if self.neg { -class } else { class }
    }

    /// The integer part (truncated toward zero) as `(negative, magnitude, exponent)` with
    /// `magnitude × 2^exponent` an integer, or `None` for infinities. Zero is unsigned, as
    /// a Go `big.Int` is.
    pub(crate) fn trunc_parts(&self) -> Option<(bool, BigUint, i64)> {
        match &self.form {
            Form::Zero => Some((false, BigUint::ZERO, 0)),
            Form::Inf => None,
            Form::Finite { mant, exp } => {
                if *exp >= 0 {
                    return Some((self.neg, mant.clone(), *exp));
                }
                let shift = exp.unsigned_abs();
                if shift >= mant.bits() {
                    return Some((false, BigUint::ZERO, 0));
                }
                Some((self.neg, mant >> shift, 0))
            }
        }
    }

    /// True when the value has a fractional part.
    pub(crate) fn has_fraction(&self) -> bool {
        matches!(&self.form, Form::Finite { exp, .. } if *exp < 0)
    }

    /// The integer part as a `BigInt`; `None` for infinities and integers wider than
    /// [`MAX_INT_BITS`].
    pub(crate) fn to_bigint_trunc(&self) -> Option<BigInt> {
        let (neg, mant, exp) = self.trunc_parts()?;
        if exp + mant.bits() as i64 > MAX_INT_BITS {
            return None;
        }
        let magnitude = mant << exp as u64;
        let sign = if neg { Sign::Minus } else { Sign::Plus };
        Some(BigInt::from_biguint(sign, magnitude))
    }

    /// The value as an `i64` when it is an integer in range.
    pub(crate) fn to_i64(&self) -> Option<i64> {
        match &self.form {
            Form::Zero => Some(0),
            Form::Finite { mant, exp } if *exp >= 0 && exp + mant.bits() as i64 <= 64 => {
                let magnitude = (mant << *exp as u64).to_u64()?;
                if self.neg {
                    0i64.checked_sub_unsigned(magnitude)
                } else {
                    i64::try_from(magnitude).ok()
                }
            }
            _ => None,
        }
    }

    /// The nearest `f64` (Go's `Float64`, with subnormals and overflow to infinity).
    pub(crate) fn to_f64(&self) -> f64 {
        let magnitude = match &self.form {
            Form::Zero => 0.0,
            Form::Inf => f64::INFINITY,
            Form::Finite { mant, exp } => finite_to_f64(mant, *exp),
        };
        if self.neg { -magnitude } else { magnitude }
    }
}

/// The rounding step shared by every operation: `±(mant + sticky) × 2^exp` to `prec` bits.
///
/// `sticky` says the exact value has more bits below `mant`'s last one; callers that set it
/// pass a `mant` at least `prec + 2` bits wide, so the rounding bit is inside `mant`.
pub(crate) fn round(neg: bool, mant: BigUint, exp: i64, sticky: bool, prec: u32) -> BigFloat {
    let n = mant.bits();
    // Go's `SetPrec(0)` turns a finite value into a zero; no operation rounds to 0 bits
    // (only infinities made by `Number::infinity` carry that precision).
    if n == 0 || prec == 0 {
        return BigFloat::zero(neg, prec);
    }
    if exp + (n as i64) < MIN_EXP {
        return BigFloat::zero(neg, prec);
    }
    let (mut m, mut e) = if n > u64::from(prec) {
        let shift = n - u64::from(prec);
        let half = mant.bit(shift - 1);
        let below_half = sticky || mant.trailing_zeros().is_some_and(|tz| tz < shift - 1);
        let mut m = mant >> shift;
        if half && (below_half || m.bit(0)) {
            m += 1u32;
        }
        (m, exp + shift as i64)
    } else {
        debug_assert!(!sticky, "a sticky bit needs a wider mantissa");
        (mant, exp)
    };
    let tz = m
        .trailing_zeros()
        .expect("a rounded non-zero mantissa stays non-zero");
    if tz > 0 {
        m >>= tz;
        e += tz as i64;
    }
    if e + m.bits() as i64 > MAX_EXP {
        return BigFloat::inf(neg, prec);
    }
    BigFloat {
        neg,
        form: Form::Finite { mant: m, exp: e },
        prec,
    }
}

/// The sum of two finite values, rounded to `prec` bits.
fn add_finite(
    neg_x: bool,
    mx: &BigUint,
    ex: i64,
    neg_y: bool,
    my: &BigUint,
    ey: i64,
    prec: u32,
) -> BigFloat {
    let top_x = ex + mx.bits() as i64;
    let top_y = ey + my.bits() as i64;
    // Order the operands so that `a` reaches the higher bit.
    let ((neg_a, ma, ea, top_a), (neg_b, mb, eb, top_b)) = if top_x >= top_y {
        ((neg_x, mx, ex, top_x), (neg_y, my, ey, top_y))
    } else {
        ((neg_y, my, ey, top_y), (neg_x, mx, ex, top_x))
    };
    // An operand lying wholly below both `a`'s last bit and the rounding position only
    // decides the sticky bit: replace it by one bit just below that limit, so that the
    // exact sum below stays small whatever the exponents are.
    let low = ea.min(top_a - i64::from(prec) - 3);
    let one = BigUint::from(1u32);
    let (mb, eb) = if top_b <= low {
        (&one, low - 1)
    } else {
        (mb, eb)
    };
    let e = ea.min(eb);
    let a = ma << (ea - e) as u64;
    let b = mb << (eb - e) as u64;
    if neg_a == neg_b {
        return round(neg_a, a + b, e, false, prec);
    }
    match a.cmp(&b) {
        Ordering::Greater => round(neg_a, a - b, e, false, prec),
        Ordering::Less => round(neg_b, b - a, e, false, prec),
        Ordering::Equal => BigFloat::zero(false, prec),
    }
}

/// Compares `mx × 2^ex` with `my × 2^ey` (both positive, odd mantissas).
fn cmp_magnitude(mx: &BigUint, ex: i64, my: &BigUint, ey: i64) -> Ordering {
    let top_x = ex + mx.bits() as i64;
    let top_y = ey + my.bits() as i64;
    if top_x != top_y {
        return top_x.cmp(&top_y);
    }
    let e = ex.min(ey);
    let a = mx << (ex - e) as u64;
    let b = my << (ey - e) as u64;
    a.cmp(&b)
}

/// `mant × 2^exp` as the nearest `f64` (Go's `Float64` for a positive finite value).
fn finite_to_f64(mant: &BigUint, exp: i64) -> f64 {
    const MANT_BITS: i64 = 53;
    const EMIN: i64 = -1022;
    // Exponent for a mantissa in [1, 2).
    let e = exp + mant.bits() as i64 - 1;
    let mut p = MANT_BITS;
    if e < EMIN {
        p = MANT_BITS - (EMIN - e);
        if p < 0 {
            return 0.0;
        }
        if p == 0 {
            // The value is in [2^-1075, 2^-1074): exactly half rounds to even (zero).
            let is_half = mant.bits() == 1;
            return if is_half { 0.0 } else { f64::from_bits(1) };
        }
    }
    let prec = u32::try_from(p).expect("invariant: 0 < p <= 53");
    let rounded = round(false, mant.clone(), exp, false, prec);
    let Form::Finite { mant, exp } = rounded.form else {
        return f64::INFINITY;
    };
    let m = mant.to_u64().expect("invariant: at most 53 bits");
    let top = exp + mant.bits() as i64;
    if top - 1 > 1023 {
        return f64::INFINITY;
    }
    if top > EMIN {
        // Normal: place the leading one at bit 52.
        let shift = 53 - mant.bits() as i64;
        let significand = (m << shift) & ((1 << 52) - 1);
        let biased = (top - 1 + 1023) as u64;
        f64::from_bits((biased << 52) | significand)
    } else {
        // Subnormal: the bits are the mantissa in units of 2^-1074.
        f64::from_bits(m << (exp + 1074))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float(f: f64) -> BigFloat {
        BigFloat::from_f64(f).unwrap()
    }

    #[test]
    fn f64_round_trips() {
        for f in [
            1.0,
            -2.5,
            0.1,
            1e300,
            -1e-300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            2.225073858507201e-308,
            123456789.125,
        ] {
            assert_eq!(float(f).to_f64().to_bits(), f.to_bits(), "{f}");
        }
        assert!(float(-0.0).to_f64().is_sign_negative());
        assert_eq!(float(f64::INFINITY).to_f64(), f64::INFINITY);
        assert!(BigFloat::from_f64(f64::NAN).is_none());
    }

    #[test]
    fn rounds_to_nearest_even() {
        // 0b1011 to 3 bits: 0b110 (exact half rounds to even), 0b1001 to 3 bits: 0b100.
        let r = BigFloat::from_parts(false, BigUint::from(11u32), 0, 3);
        assert_eq!(r.to_f64(), 12.0);
        let r = BigFloat::from_parts(false, BigUint::from(9u32), 0, 3);
        assert_eq!(r.to_f64(), 8.0);
        let r = BigFloat::from_parts(false, BigUint::from(13u32), 0, 3);
        assert_eq!(r.to_f64(), 12.0);
        let r = BigFloat::from_parts(false, BigUint::from(15u32), 0, 3);
        assert_eq!(r.to_f64(), 16.0);
    }

    #[test]
    fn addition_with_far_apart_exponents_rounds_correctly() {
        let big = BigFloat::from_parts(false, BigUint::from(1u32), 1000, 53);
        let tiny = BigFloat::from_parts(false, BigUint::from(1u32), -1000, 53);
        let sum = big.add(&tiny, 53).unwrap();
        assert_eq!(sum.cmp(&big), Ordering::Equal);
        let diff = big.sub(&tiny, 53).unwrap();
        assert_eq!(diff.cmp(&big), Ordering::Equal);
        // At 2000 bits the tiny part is kept.
        let sum = big.add(&tiny, 2002).unwrap();
        assert_eq!(sum.cmp(&big), Ordering::Greater);
        let diff = big.sub(&tiny, 2002).unwrap();
        assert_eq!(diff.cmp(&big), Ordering::Less);
    }

    #[test]
    fn nan_cases() {
        let inf = BigFloat::inf(false, 64);
        let zero = BigFloat::zero(false, 64);
        assert_eq!(inf.sub(&inf, 64).unwrap_err(), NaN);
        assert_eq!(inf.mul(&zero, 64).unwrap_err(), NaN);
        assert_eq!(zero.quo(&zero, 64).unwrap_err(), NaN);
        assert_eq!(inf.quo(&inf, 64).unwrap_err(), NaN);
        assert!(inf.add(&inf, 64).unwrap().is_inf());
    }

    #[test]
    fn exponent_overflow_gives_infinity_and_underflow_zero() {
        let huge = BigFloat::from_parts(false, BigUint::from(1u32), MAX_EXP - 1, 64);
        assert!(huge.mul(&huge, 64).unwrap().is_inf());
        let tiny = BigFloat::from_parts(true, BigUint::from(1u32), MIN_EXP + 1, 64);
        let product = tiny.mul(&tiny.abs(), 64).unwrap();
        assert!(product.is_zero() && product.neg);
    }

    #[test]
    fn integer_parts() {
        assert_eq!(float(-7.75).to_bigint_trunc(), Some(BigInt::from(-7)));
        assert_eq!(float(-0.5).to_bigint_trunc(), Some(BigInt::from(0)));
        assert_eq!(float(-0.5).to_i64(), None);
        assert_eq!(float(-(2f64.powi(63))).to_i64(), Some(i64::MIN));
        assert_eq!(float(2f64.powi(63)).to_i64(), None);
    }
}
