//! Conversions between `string`, `number` and `bool`.
//!
//! Numbers and bools always convert to strings (`15` → `"15"`, `true` → `"true"`).
//! Strings convert to numbers when they are decimal numbers (`"3.1415"`, `"1e3"`, not
//! `"0x10"` or `" 1"`), and to bools when they are `"true"`/`"1"` or `"false"`/`"0"`.
//! There is no conversion between numbers and bools.

use crate::number::Number;
use crate::ty::Type;
use crate::value::{Repr, Value};

use super::{ConvertError, Converter, mismatch_message};

impl Converter {
    /// Converts a known primitive value to another primitive type.
    pub(super) fn primitive(&mut self, v: &Value, out: &Type) -> Result<Value, ConvertError> {
        match (v.repr(), out) {
            (Repr::Number(n), Type::String) => Ok(Value::string(n.to_string())),
            (Repr::Bool(b), Type::String) => Ok(Value::string(if *b { "true" } else { "false" })),
            (Repr::String(s), Type::Number) if self.unsafe_mode() => match Number::parse(s) {
                Ok(n) => Ok(Value::number(n)),
                Err(_) => Err(self.error("a number is required")),
            },
            (Repr::String(s), Type::Bool) if self.unsafe_mode() => match &**s {
                "true" | "1" => Ok(Value::bool(true)),
                "false" | "0" => Ok(Value::bool(false)),
                other => Err(self.error(match other.to_lowercase().as_str() {
                    "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                    "false" => {
                        "a bool is required; to convert from string, use lowercase \"false\""
                    }
                    _ => "a bool is required",
                })),
            },
            _ => Err(self.error(mismatch_message(v.ty(), out))),
        }
    }
}
