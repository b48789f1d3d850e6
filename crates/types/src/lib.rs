//! terrace-types: cty-compatible types and values for the HCL2 expression language.
//!
//! Not for: parsing source text (`terrace-syntax`) or evaluating expressions (`terrace-eval`).

mod conformance;
mod convert;
mod equality;
mod friendly_name;
mod json;
mod marks;
mod number;
mod path;
mod printable;
mod quote;
mod set_order;
mod text;
mod ty;
mod type_constraint;
mod type_format;
mod value;
mod value_format;

pub use conformance::test_conformance;
pub use convert::{
    ConvertError, can_convert, can_convert_safe, convert, convert_safe, mismatch_message, unify,
    unify_safe, unify_values,
};
pub use friendly_name::friendly_name;
pub use json::{JsonError, to_json, to_typed_json, type_to_json};
pub use marks::Marks;
pub use number::{ArithmeticError, Number, NumberParseError};
pub use quote::quote;
pub use set_order::{compare as set_order_compare, sorted_unique};
pub use text::{grapheme_len, grapheme_slice, graphemes, is_nfc, nfc};
pub use ty::{ObjectType, Type};
pub use type_constraint::{Defaults, ObjectAttr, TypeConstraint};
pub use type_format::format_type;
pub use value::{Key, Repr, Value};
pub use value_format::format_value;
