//! `SmallInt`: a number in its inline form (an integer and the precision cty holds it at),
//! as a plain copyable pair for arithmetic in registers.
//!
//! Its operations are the allocation-free paths of [`Number`]'s arithmetic: each gives the
//! same number as the `Number` operation when both operands and the result fit the inline
//! form, and `None` otherwise (the result needs the big form, or the operation an error).

use super::{Number, Repr};

/// An integer in [`Number`]'s inline form: never `i64::MIN`, exactly representable at its
/// precision, and never negative zero.
///
/// ```
/// use terrace_types::Number;
/// let seven = Number::from_i64(7).as_small_int().unwrap();
/// let three = Number::parse("3").unwrap().as_small_int().unwrap();
/// assert_eq!(Number::from(seven.checked_rem(three).unwrap()), Number::from_i64(1));
/// assert_eq!(seven.checked_add(three).map(|n| n.value()), Some(10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmallInt {
    value: i64,
    prec: u32,
}

/// Bits needed to hold `v` exactly (Go's `MinPrec`).
#[inline]
pub(super) fn min_prec(v: i64) -> u32 {
    if v == 0 {
        return 0;
    }
    let magnitude = v.unsigned_abs();
    64 - magnitude.leading_zeros() - magnitude.trailing_zeros()
}

impl SmallInt {
    /// The inline form of `value` at `prec` bits, when it is exactly representable there.
    #[inline]
    pub(super) fn new(value: i64, prec: u32) -> Option<SmallInt> {
        (value != i64::MIN && min_prec(value) <= prec).then_some(SmallInt { value, prec })
    }

    /// The integer.
    #[inline]
    pub fn value(self) -> i64 {
        self.value
    }

    /// `self + other`, at the larger precision.
    #[inline]
    pub fn checked_add(self, other: SmallInt) -> Option<SmallInt> {
        SmallInt::new(
            self.value.checked_add(other.value)?,
            self.prec.max(other.prec),
        )
    }

    /// `self - other`, at the larger precision.
    #[inline]
    pub fn checked_sub(self, other: SmallInt) -> Option<SmallInt> {
        SmallInt::new(
            self.value.checked_sub(other.value)?,
            self.prec.max(other.prec),
        )
    }

    /// `self × other`, tagged as cty tags a product: the larger of the operand precisions
    /// and the bits the product needs.
    #[inline]
    pub fn checked_mul(self, other: SmallInt) -> Option<SmallInt> {
        let (x, y) = (self.value, other.value);
        let p = x.checked_mul(y)?;
        // A zero product of a negative operand is -0, which only the big form holds.
        if p == 0 && (x < 0 || y < 0) {
            return None;
        }
        SmallInt::new(p, self.prec.max(other.prec).max(min_prec(p)))
    }

    /// `self / other` when the division is exact (and neither is zero).
    #[inline]
    pub fn checked_div(self, other: SmallInt) -> Option<SmallInt> {
        let (x, y) = (self.value, other.value);
        if y == 0 || x == 0 || x.checked_rem(y) != Some(0) {
            return None;
        }
        SmallInt::new(x.checked_div(y)?, self.prec.max(other.prec))
    }

    /// `self % other` (truncated, the sign of `self`), when `self` is held at 64 bits or
    /// more and `other` is not zero.
    #[inline]
    pub fn checked_rem(self, other: SmallInt) -> Option<SmallInt> {
        if self.prec < 64 || other.value == 0 {
            return None;
        }
        // At 64 bits or more, every step of cty's computation is exact for operands
        // below 2^63, so this is the plain truncated remainder.
        Some(SmallInt {
            value: self.value.checked_rem(other.value)?,
            prec: self.prec,
        })
    }

    /// `-self`, unless `self` is zero (whose negation, `-0`, only the big form holds).
    #[inline]
    pub fn checked_neg(self) -> Option<SmallInt> {
        (self.value != 0).then_some(SmallInt {
            value: -self.value,
            prec: self.prec,
        })
    }
}

impl Number {
    /// The number's inline form, when it has one (an integer that fits it).
    #[inline]
    pub fn as_small_int(&self) -> Option<SmallInt> {
        match self.0 {
            Repr::Small { value, prec } => Some(SmallInt { value, prec }),
            Repr::Big(_) => None,
        }
    }
}

impl From<SmallInt> for Number {
    #[inline]
    fn from(small: SmallInt) -> Number {
        Number(Repr::Small {
            value: small.value,
            prec: small.prec,
        })
    }
}
