//! terrace-types: cty-compatible types and values for the HCL2 expression language.
//!
//! Not for: parsing source text (`terrace-syntax`) or evaluating expressions (`terrace-eval`).

mod convert;
mod marks;
mod number;
mod set_order;
mod text;
mod ty;
mod value;

pub use convert::{ConvertError, convert};
pub use marks::Marks;
pub use number::{ArithmeticError, Number, NumberParseError};
pub use set_order::{compare as set_order_compare, sorted_unique};
pub use text::{grapheme_len, graphemes, is_nfc, nfc};
pub use ty::{ObjectType, Type};
pub use value::{Key, Repr, Value};
