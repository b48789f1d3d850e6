//! `Number`: cty's arbitrary-precision number.
//!
//! PLACEHOLDER IMPLEMENTATION (f64) — to be replaced by the 512-bit binary float with
//! Go `big.Float` semantics. The public API below is the contract other crates use.

use std::cmp::Ordering;
use std::fmt;

/// An error parsing a number from text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid number {text:?}")]
pub struct NumberParseError {
    /// The text that did not parse.
    pub text: String,
}

/// An arithmetic error (division by zero and the like).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ArithmeticError(pub String);

/// A cty number.
#[derive(Clone, Debug)]
pub struct Number(f64);

impl Number {
    /// An integer (cty's `NumberIntVal`).
    pub fn from_i64(i: i64) -> Number {
        Number(i as f64)
    }

    /// A float (cty's `NumberFloatVal`).
    pub fn from_f64(f: f64) -> Number {
        Number(f)
    }

    /// Parses decimal text as HCL number literals and `tonumber` do (cty's `ParseNumberVal`).
    pub fn parse(text: &str) -> Result<Number, NumberParseError> {
        text.parse::<f64>()
            .map(Number)
            .map_err(|_| NumberParseError {
                text: text.to_string(),
            })
    }

    /// The value as an `i64`, when it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        if self.0.fract() == 0.0 && self.0.abs() < 9.2e18 {
            Some(self.0 as i64)
        } else {
            None
        }
    }

    /// The nearest `f64`.
    pub fn to_f64(&self) -> f64 {
        self.0
    }

    /// True when the value is a whole number.
    pub fn is_integer(&self) -> bool {
        self.0.fract() == 0.0
    }

    /// `self + other`
    pub fn add(&self, other: &Number) -> Number {
        Number(self.0 + other.0)
    }

    /// `self - other`
    pub fn sub(&self, other: &Number) -> Number {
        Number(self.0 - other.0)
    }

    /// `self * other`
    pub fn mul(&self, other: &Number) -> Number {
        Number(self.0 * other.0)
    }

    /// `self / other`
    pub fn div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if other.0 == 0.0 {
            return Err(ArithmeticError("can't divide by zero".into()));
        }
        Ok(Number(self.0 / other.0))
    }

    /// `self % other` (truncated: `-5 % 3` is `-2`)
    pub fn rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if other.0 == 0.0 {
            return Err(ArithmeticError("can't use modulo by zero".into()));
        }
        Ok(Number(self.0 % other.0))
    }

    /// `-self`
    pub fn neg(&self) -> Number {
        Number(-self.0)
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Prints the number as Terraform's console does (`Text('f', -1)`: no exponent, shortest digits).
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
