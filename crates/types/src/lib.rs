//! terrace-types: cty-compatible types and values for the HCL2 expression language.
//!
//! Not for: parsing source text (`terrace-syntax`) or evaluating expressions (`terrace-eval`).
//!
//! - [`Type`] and [`Value`] (known, null or unknown, with [`Marks`] such as sensitive);
//!   strings are NFC-normalised, collections are persistent (`im`), sets keep cty's order.
//! - [`convert`] applies Terraform's conversion rules, [`unify`] finds the common type of
//!   several values, [`TypeConstraint`] adds optional attributes' defaults.
//! - [`Value::equals`] is the `==` operator; [`format_value`] and [`format_type`] print
//!   values and types exactly as `terraform console` does; [`to_json`] is `jsonencode`.
//!
//! ```
//! use terrace_types::{Type, Value, convert, format_value};
//!
//! # fn main() -> Result<(), terrace_types::ConvertError> {
//! // `["a", 1, "b"]` given for a `list(any)` becomes a list of strings.
//! let tuple = Value::tuple([Value::string("a"), Value::int(1), Value::string("b")]);
//! let list = convert(&tuple, &Type::list(Type::Dynamic))?;
//! assert_eq!(format_value(&list), "tolist([\n  \"a\",\n  \"1\",\n  \"b\",\n])");
//! # Ok(())
//! # }
//! ```

mod attr_types;
mod attrs;
mod conformance;
mod convert;
mod equality;
mod friendly_name;
mod grapheme;
mod json;
mod marks;
mod nfc;
mod number;
mod path;
mod printable;
mod quote;
mod seq;
mod set_order;
mod text;
mod tuple_type;
mod ty;
mod type_constraint;
mod type_format;
mod value;
mod value_format;

pub use attr_types::AttrTypes;
pub use attrs::{Attrs, Iter as AttrsIter};
pub use conformance::test_conformance;
pub use convert::{
    ConvertError, can_convert, can_convert_safe, convert, convert_safe, mismatch_message, unify,
    unify_safe, unify_values,
};
pub use friendly_name::friendly_name;
pub use json::{JsonError, to_json, to_typed_json, type_to_json};
pub use marks::Marks;
pub use number::{ArithmeticError, Number, NumberParseError, SmallInt};
pub use printable::is_print;
pub use quote::quote;
pub use seq::{Seq, SeqIntoIter};
pub use set_order::{compare as set_order_compare, sorted_unique};
pub use text::{grapheme_len, grapheme_slice, graphemes, is_nfc, nfc};
pub use tuple_type::{TupleType, TupleTypeBuilder, TupleTypeIter};
pub use ty::{ObjectType, Type};
pub use type_constraint::{Defaults, ObjectAttr, TypeConstraint};
pub use type_format::format_type;
pub use value::{Key, Repr, Value};
pub use value_format::format_value;
