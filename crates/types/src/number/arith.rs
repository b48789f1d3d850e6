//! cty's arithmetic on `Number`: `Add`, `Subtract`, `Multiply`, `Divide`, `Modulo` as
//! `cty/value_ops.go` writes them over `big.Float`, with an allocation-free path for small
//! integers that gives the same results.
//!
//! Result precisions follow cty: the sum, difference and quotient take the larger operand
//! precision; the product is computed at 512 bits and then tagged with the larger of the
//! operand precisions and the bits the product needs; the remainder `a - b × trunc(a / b)`
//! is worked out at `a`'s precision.

use super::float::{BigFloat, NaN};
use super::{ArithmeticError, Number};

/// The precision cty computes products at.
const PRODUCT_PREC: u32 = 512;

/// The error texts of cty's operator functions (`cty/function/stdlib/number.go`).
pub(crate) const OPPOSING_INFINITIES: &str = "can't compute sum of opposing infinities";
pub(crate) const INFINITY_MINUS_INFINITY: &str = "can't subtract infinity from itself";
pub(crate) const ZERO_TIMES_INFINITY: &str = "can't multiply zero by infinity";
pub(crate) const ZERO_OVER_ZERO: &str = "can't divide zero by zero or infinity by infinity";
pub(crate) const MODULO_ZERO_INFINITY: &str = "can't use modulo with zero and infinity";
/// Terraform panics on `∞ % x` (cty takes the integer part of an infinite quotient).
pub(crate) const MODULO_OF_INFINITY: &str = "can't use modulo with an infinite dividend";

fn error(message: &str) -> ArithmeticError {
    ArithmeticError(message.to_string())
}

impl Number {
    /// `self + other` (cty's `Add`); fails only for opposing infinities.
    #[inline]
    pub fn try_add(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match self.small_add(other) {
            Some(n) => Ok(n),
            None => self.big_add(other),
        }
    }

    /// `self - other` (cty's `Subtract`); fails only for `∞ - ∞` of the same sign.
    #[inline]
    pub fn try_sub(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match self.small_sub(other) {
            Some(n) => Ok(n),
            None => self.big_sub(other),
        }
    }

    /// `self × other` (cty's `Multiply`); fails only for zero times infinity.
    #[inline]
    pub fn try_mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match self.small_mul(other) {
            Some(n) => Ok(n),
            None => self.big_mul(other),
        }
    }

    /// `self + other`; for opposing infinities (no value) it returns zero: use
    /// [`Number::try_add`] to get cty's error.
    #[inline]
    pub fn add(&self, other: &Number) -> Number {
        match self.small_add(other) {
            Some(n) => n,
            None => self.big_add(other).unwrap_or_else(|_| Number::from_i64(0)),
        }
    }

    /// `self - other`; for `∞ - ∞` (no value) it returns zero: use [`Number::try_sub`] to
    /// get cty's error.
    #[inline]
    pub fn sub(&self, other: &Number) -> Number {
        match self.small_sub(other) {
            Some(n) => n,
            None => self.big_sub(other).unwrap_or_else(|_| Number::from_i64(0)),
        }
    }

    /// `self × other`; for zero times infinity (no value) it returns zero: use
    /// [`Number::try_mul`] to get cty's error.
    #[inline]
    pub fn mul(&self, other: &Number) -> Number {
        match self.small_mul(other) {
            Some(n) => n,
            None => self.big_mul(other).unwrap_or_else(|_| Number::from_i64(0)),
        }
    }

    /// `self / other` (cty's `Divide`): `x / 0` is an infinity; fails for `0 / 0` and `∞ / ∞`.
    #[inline]
    pub fn div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match self.small_div(other) {
            Some(n) => Ok(n),
            None => self.big_div(other),
        }
    }

    /// `self % other` (cty's `Modulo`): `a - b × trunc(a / b)`, so `-5 % 3` is `-2`;
    /// `x % 0` is `x`. Fails when `a / b` is infinite or the steps meet `0 × ∞`.
    #[inline]
    pub fn rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match self.small_rem(other) {
            Some(n) => Ok(n),
            None => self.big_rem(other),
        }
    }

    /// The quotient [`Number::div`] gives, when both numbers and the quotient are small
    /// integers (an exact division); `None` when `div` must work it out.
    #[inline]
    pub fn small_div(&self, other: &Number) -> Option<Number> {
        Some(
            self.as_small_int()?
                .checked_div(other.as_small_int()?)?
                .into(),
        )
    }

    /// The remainder [`Number::rem`] gives, when both numbers are small integers and the
    /// dividend is held at 64 bits or more; `None` when `rem` must work it out.
    #[inline]
    pub fn small_rem(&self, other: &Number) -> Option<Number> {
        Some(
            self.as_small_int()?
                .checked_rem(other.as_small_int()?)?
                .into(),
        )
    }

    /// The sum [`Number::try_add`] gives, when both numbers and the sum are small integers
    /// (no allocation, no error possible); `None` when `try_add` must work it out.
    ///
    /// ```
    /// use terrace_types::Number;
    /// let (two, three) = (Number::from_i64(2), Number::from_i64(3));
    /// assert_eq!(two.small_add(&three), Some(Number::from_i64(5)));
    /// assert_eq!(Number::from_f64(0.5).small_add(&three), None);
    /// ```
    #[inline]
    pub fn small_add(&self, other: &Number) -> Option<Number> {
        Some(
            self.as_small_int()?
                .checked_add(other.as_small_int()?)?
                .into(),
        )
    }

    /// The difference [`Number::try_sub`] gives, when both numbers and the difference are
    /// small integers; `None` when `try_sub` must work it out.
    #[inline]
    pub fn small_sub(&self, other: &Number) -> Option<Number> {
        Some(
            self.as_small_int()?
                .checked_sub(other.as_small_int()?)?
                .into(),
        )
    }

    /// The product [`Number::try_mul`] gives, when both numbers and the product are small
    /// integers; `None` when `try_mul` must work it out.
    #[inline]
    pub fn small_mul(&self, other: &Number) -> Option<Number> {
        Some(
            self.as_small_int()?
                .checked_mul(other.as_small_int()?)?
                .into(),
        )
    }

    #[inline(never)]
    fn big_add(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let (x, y) = (self.big(), other.big());
        x.add(&y, x.prec.max(y.prec))
            .map(Number::from_big)
            .map_err(|NaN| error(OPPOSING_INFINITIES))
    }

    #[inline(never)]
    fn big_sub(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let (x, y) = (self.big(), other.big());
        x.sub(&y, x.prec.max(y.prec))
            .map(Number::from_big)
            .map_err(|NaN| error(INFINITY_MINUS_INFINITY))
    }

    #[inline(never)]
    fn big_mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let (x, y) = (self.big(), other.big());
        let product = x
            .mul(&y, PRODUCT_PREC)
            .map_err(|NaN| error(ZERO_TIMES_INFINITY))?;
        let needed = u32::try_from(product.min_prec()).unwrap_or(u32::MAX);
        let prec = x.prec.max(y.prec).max(needed);
        Ok(Number::from_big(product.with_prec(prec)))
    }

    #[inline(never)]
    fn big_div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let (x, y) = (self.big(), other.big());
        x.quo(&y, x.prec.max(y.prec))
            .map(Number::from_big)
            .map_err(|NaN| error(ZERO_OVER_ZERO))
    }

    #[inline(never)]
    fn big_rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if other.is_zero() {
            return Ok(self.clone());
        }
        let (x, y) = (self.big(), other.big());
        let quotient = x
            .quo(&y, x.prec.max(y.prec))
            .map_err(|NaN| error(MODULO_ZERO_INFINITY))?;
        let (neg, mant, exp) = quotient
            .trunc_parts()
            .ok_or_else(|| error(MODULO_OF_INFINITY))?;
        let prec = x.prec;
        let whole = BigFloat::from_parts(neg, mant, exp, prec);
        let product = y
            .mul(&whole, prec)
            .map_err(|NaN| error(MODULO_ZERO_INFINITY))?;
        x.sub(&product, prec)
            .map(Number::from_big)
            .map_err(|NaN| error(MODULO_ZERO_INFINITY))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::small_int::min_prec;

    type Op = fn(&Number, &Number) -> Result<Number, ArithmeticError>;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap()
    }

    #[test]
    fn small_paths_match_big_paths() {
        let values = [
            0i64,
            1,
            -1,
            2,
            -3,
            7,
            10,
            -10,
            1 << 40,
            -(1 << 62),
            i64::MAX,
            123456789,
        ];
        for &a in &values {
            for &b in &values {
                for (pa, pb) in [(64, 64), (512, 64), (53, 53), (53, 512)] {
                    if min_prec(a) > pa || min_prec(b) > pb {
                        continue;
                    }
                    let x = Number::small_for_test(a, pa);
                    let y = Number::small_for_test(b, pb);
                    let (bx, by) = (x.big_for_test(), y.big_for_test());
                    let ops: [Op; 5] = [
                        Number::try_add,
                        Number::try_sub,
                        Number::try_mul,
                        Number::div,
                        Number::rem,
                    ];
                    for (i, op) in ops.iter().enumerate() {
                        let fast = op(&x, &y);
                        let slow = op(&bx, &by);
                        match (fast, slow) {
                            (Ok(f), Ok(s)) => {
                                assert_eq!(
                                    f.to_string(),
                                    s.to_string(),
                                    "op {i} {a}/{pa} {b}/{pb}"
                                );
                                assert_eq!(f.precision(), s.precision(), "op {i} {a} {b}");
                                assert_eq!(
                                    f.is_sign_negative(),
                                    s.is_sign_negative(),
                                    "op {i} {a} {b}"
                                );
                            }
                            (Err(f), Err(s)) => assert_eq!(f, s),
                            (f, s) => panic!("op {i} {a} {b}: {f:?} vs {s:?}"),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn precision_of_results() {
        let int = Number::from_i64(1);
        let three = Number::from_i64(3);
        assert_eq!(int.div(&three).unwrap().precision(), 64);
        assert_eq!(n("1").div(&three).unwrap().precision(), 512);
        let root2 = Number::from_f64(std::f64::consts::SQRT_2);
        assert_eq!(root2.mul(&root2).precision(), 106);
        assert_eq!(
            n("7.5").rem(&Number::from_f64(2.0)).unwrap().precision(),
            512
        );
    }
}
