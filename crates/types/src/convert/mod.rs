//! Conversion of values to a wanted type (cty's `convert` package): the entry points,
//! the error type, and the per-value wrapper every conversion step goes through.
//!
//! A conversion is decided on types first ([`can_convert`]): when no conversion exists
//! from the value's type to the wanted one, the error explains the mismatch in plain
//! words ("attribute \"name\" is required", "element 1: string required, but have
//! tuple") and has an empty path. When one exists, the value is converted step by step;
//! a step that fails on the data itself (`"abc"` to `number`) reports the path to the
//! offending element (`.name[2]`).
//!
//! | from \ to | string | number | bool | list | set | map | object | tuple |
//! |---|---|---|---|---|---|---|---|---|
//! | string | = | unsafe | unsafe | | | | | |
//! | number | safe | = | | | | | | |
//! | bool | safe | | = | | | | | |
//! | list | | | | elements | unsafe | | | |
//! | set | | | | elements | elements | | | |
//! | map | | | | | | elements | unsafe | |
//! | object | | | | | | unify | attributes | |
//! | tuple | | | | unify | unify | | | elements |
//!
//! As in Terraform, there is no conversion from a list or set to a tuple (the seeds'
//! chapter on types says there is; Terraform 1.15 answers "tuple required").

mod available;
mod collection;
mod dynamic_replace;
mod mismatch;
mod preference;
mod primitive;
mod structural;
mod unify;

pub use mismatch::mismatch_message;
pub use unify::{unify, unify_safe, unify_values};

use crate::path::{PathStep, render};
use crate::ty::Type;
use crate::value::{Key, Value};

/// Why a conversion failed: the path to the offending element and a plain-words message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
pub struct ConvertError {
    /// The path to the element that failed, like `.name[2]` (empty for the value itself).
    pub path: String,
    /// What is wrong, e.g. `string required`.
    pub message: String,
}

/// Converts `value` to type `want` (unsafe conversions allowed, as Terraform does for arguments).
///
/// `want` may contain `any` (the result then gets the most specific type, e.g. a tuple of
/// strings converted to `list(any)` becomes a `list(string)`) and object types with
/// optional attributes (missing ones become null; defaults are applied by
/// [`TypeConstraint`](crate::TypeConstraint)). A value whose type already is `want`
/// comes back as it is.
pub fn convert(value: &Value, want: &Type) -> Result<Value, ConvertError> {
    convert_mode(value, want, true)
}

/// Converts `value` to type `want` using only safe conversions (those that cannot fail on
/// any value of the source type: number to string, list to set is *not* safe).
pub fn convert_safe(value: &Value, want: &Type) -> Result<Value, ConvertError> {
    convert_mode(value, want, false)
}

/// True when values of type `from` may be converted to `want` (unsafe conversions allowed;
/// the conversion can still fail on particular values, like `"abc"` to `number`).
pub fn can_convert(from: &Type, want: &Type) -> bool {
    from == want || available::exists(from, want, true)
}

/// True when every value of type `from` converts to `want` (safe conversions only).
pub fn can_convert_safe(from: &Type, want: &Type) -> bool {
    from == want || available::exists(from, want, false)
}

pub(crate) fn convert_mode(
    value: &Value,
    want: &Type,
    unsafe_: bool,
) -> Result<Value, ConvertError> {
    if value.ty() == want
        || (want.has_optional_attrs() && value.ty() == &want.without_optional_attrs())
    {
        return Ok(value.clone());
    }
    if !available::exists(value.ty(), want, unsafe_) {
        return Err(ConvertError {
            path: String::new(),
            message: mismatch_message(value.ty(), want),
        });
    }
    Converter::new(unsafe_).value(value, want)
}

/// Converts one value after the types were found convertible, tracking the path.
pub(crate) struct Converter {
    unsafe_: bool,
    path: Vec<PathStep>,
}

impl Converter {
    pub(crate) fn new(unsafe_: bool) -> Converter {
        Converter {
            unsafe_,
            path: Vec::new(),
        }
    }

    /// Converts `v` to `out`: what every nested step does before the kind-specific work
    /// (cty's wrapper around each conversion).
    ///
    /// - Marks on `v` are set aside and put back on the result.
    /// - Converting to `any` keeps the value.
    /// - Null and unknown values stay null or unknown, of the wanted type (with `any`
    ///   in it replaced by what the value's type says).
    pub(crate) fn value(&mut self, v: &Value, out: &Type) -> Result<Value, ConvertError> {
        if v.is_marked() {
            let (unmarked, marks) = v.clone().unmark();
            return self.value(&unmarked, out).map(|r| r.mark(marks));
        }
        if out.is_dynamic() || v.ty() == out {
            return Ok(v.clone());
        }
        if !v.is_known() {
            let ty = dynamic_replace::dynamic_replace(v.ty(), &out.without_optional_attrs());
            return Ok(Value::unknown(ty));
        }
        if v.is_null() {
            let ty = dynamic_replace::dynamic_replace(v.ty(), &out.without_optional_attrs());
            return Ok(Value::null(ty));
        }
        self.known(v, out)
    }

    /// Converts a known, non-null, unmarked value whose type differs from `out`.
    fn known(&mut self, v: &Value, out: &Type) -> Result<Value, ConvertError> {
        match (v.ty(), out) {
            (from, to) if from.is_primitive() && to.is_primitive() => self.primitive(v, to),
            (Type::Object(_), Type::Object(_)) => self.object_to_object(v, out),
            (Type::Tuple(_), Type::Tuple(_)) => self.tuple_to_tuple(v, out),
            (Type::List(_) | Type::Set(_), Type::List(ety)) => self.collection_to_list(v, ety),
            (Type::List(_) | Type::Set(_), Type::Set(ety)) => self.collection_to_set(v, ety),
            (Type::Map(_), Type::Map(ety)) => self.map_to_map(v, ety),
            (Type::Tuple(_), Type::List(ety)) => self.tuple_to_list(v, ety),
            (Type::Tuple(_), Type::Set(ety)) => self.tuple_to_set(v, ety),
            (Type::Object(_), Type::Map(ety)) => self.object_to_map(v, ety),
            (Type::Map(_), Type::Object(_)) if self.unsafe_ => self.map_to_object(v, out),
            (from, to) => Err(self.error(mismatch_message(from, to))),
        }
    }

    /// Converts `v` to `out` one step down the path.
    fn nested(&mut self, step: PathStep, v: &Value, out: &Type) -> Result<Value, ConvertError> {
        self.path.push(step);
        let result = self.value(v, out);
        self.path.pop();
        result
    }

    /// An error at the current path.
    fn error(&self, message: impl Into<String>) -> ConvertError {
        ConvertError {
            path: render(&self.path),
            message: message.into(),
        }
    }

    fn unsafe_mode(&self) -> bool {
        self.unsafe_
    }
}

fn attr_step(name: &Key) -> PathStep {
    PathStep::Attr(name.clone())
}
