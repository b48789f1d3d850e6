//! Reading function arguments: the typed contents of arguments the call protocol has
//! already converted, and Go-style integer conversions with gocty's messages.

use num_bigint::BigInt;
use terrace_types::{Number, Value};

/// The string in argument `index` (converted, known and not null by the call protocol).
pub(super) fn str_arg(args: &[Value], index: usize) -> &str {
    args[index]
        .as_str()
        .expect("invariant: the call protocol converts to string and refuses null and unknown")
}

/// The number in argument `index` (converted, known and not null by the call protocol).
pub(super) fn number_arg(args: &[Value], index: usize) -> &Number {
    args[index]
        .as_number()
        .expect("invariant: the call protocol converts to number and refuses null and unknown")
}

/// A number argument as Go's `int` (gocty's conversion and its message).
pub(super) fn int_arg(value: &Value) -> Result<i64, String> {
    value
        .as_number()
        .filter(|n| n.is_integer())
        .and_then(|n| n.to_i64())
        .ok_or_else(|| {
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
                .to_string()
        })
}

/// A number argument as Go's `*big.Int` (gocty's conversion and its message).
pub(super) fn bigint_arg(value: &Value) -> Result<BigInt, String> {
    value
        .as_number()
        .filter(|n| n.is_integer())
        .and_then(Number::to_bigint_trunc)
        .ok_or_else(|| "value must be a whole number".to_string())
}
