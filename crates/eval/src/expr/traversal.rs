//! Attribute and index steps (`.name`, `[key]`, legacy `.0`) on any value (HCL's `GetAttr` and `Index`).

use terrace_syntax::{Span, Step, StepKind};
use terrace_types::{Number, Type, Value};

use super::{Ctx, EvalResult, convert_to, error};

const INVALID_INDEX: &str = "Invalid index";
const UNSUPPORTED_ATTRIBUTE: &str = "Unsupported attribute";

impl Ctx<'_> {
    /// Applies `steps` to `value` in order.
    pub(super) fn apply_steps(&mut self, mut value: Value, steps: &[Step]) -> EvalResult {
        for step in steps {
            value = match &step.kind {
                StepKind::GetAttr(name) => get_attr(&value, name.as_str(), step.span)?,
                StepKind::Index(key) => {
                    let key = self.eval(key)?;
                    index(&value, &key, step.span)?
                }
                StepKind::LegacyIndex(digits) => {
                    let key = Number::parse(digits).map_err(|_| {
                        error(
                            INVALID_INDEX,
                            format!("The legacy index \"{digits}\" is not a number."),
                            step.span,
                        )
                    })?;
                    index(&value, &Value::number(key), step.span)?
                }
            };
        }
        Ok(value)
    }
}

/// `value.name`.
pub(crate) fn get_attr(value: &Value, name: &str, span: Span) -> EvalResult {
    if value.is_null() {
        return Err(error(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
            span,
        ));
    }
    let marks = value.marks();
    match value.ty() {
        Type::Object(object) => match object.attrs.get(name) {
            None => Err(error(
                UNSUPPORTED_ATTRIBUTE,
                format!("This object does not have an attribute named \"{name}\"."),
                span,
            )),
            Some(attr_ty) => match value.get_attr(name) {
                Some(attr) => Ok(attr.clone().mark(marks)),
                None => Ok(Value::unknown(attr_ty.clone()).mark(marks)),
            },
        },
        Type::Map(elem_ty) => {
            if !value.is_known() {
                return Ok(Value::unknown((**elem_ty).clone()).mark(marks));
            }
            match value.map_get(name) {
                Some(elem) => Ok(elem.clone().mark(marks)),
                None => Err(error(
                    "Missing map element",
                    format!("This map does not have an element with the key \"{name}\"."),
                    span,
                )),
            }
        }
        Type::Dynamic => Ok(Value::unknown(Type::Dynamic).mark(marks)),
        Type::List(elem_ty) if elem_ty.is_object() => {
            let detail = if elem_ty.attribute_type(name).is_some() {
                format!(
                    "Can't access attributes on a list of objects. Did you mean to access attribute \"{name}\" for a specific element of the list, or across all elements of the list?"
                )
            } else {
                "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_string()
            };
            Err(error(UNSUPPORTED_ATTRIBUTE, detail, span))
        }
        Type::Set(elem_ty) if elem_ty.is_object() => Err(error(
            UNSUPPORTED_ATTRIBUTE,
            "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
            span,
        )),
        ty if ty.is_primitive() => Err(error(
            UNSUPPORTED_ATTRIBUTE,
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                ty.friendly_name()
            ),
            span,
        )),
        _ => Err(error(
            UNSUPPORTED_ATTRIBUTE,
            "This value does not have any attributes.",
            span,
        )),
    }
}

/// `collection[key]`.
pub(crate) fn index(collection: &Value, key: &Value, span: Span) -> EvalResult {
    if collection.is_null() {
        return Err(error(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
            span,
        ));
    }
    if key.is_null() {
        return Err(error(
            INVALID_INDEX,
            "Can't use a null value as an indexing key.",
            span,
        ));
    }
    let marks = collection.marks() | key.marks();
    let ty = collection.ty();
    if key.ty().is_dynamic() || ty.is_dynamic() {
        return Ok(Value::unknown(Type::Dynamic).mark(collection.marks()));
    }
    let key_error = |e: terrace_types::ConvertError| {
        error(
            INVALID_INDEX,
            format!("The given key does not identify an element in this collection value: {e}."),
            span,
        )
    };
    match ty {
        Type::List(_) | Type::Tuple(_) => {
            let key = convert_to(key, &Type::Number).map_err(key_error)?;
            let (key, _) = key.unmark();
            let Some(number) = key.as_number() else {
                return Ok(unknown_element(collection));
            };
            if !collection.is_known() {
                return Ok(unknown_element(collection));
            }
            let n_elems = collection.length().unwrap_or(0);
            let position = number.to_i64().filter(|_| number.is_integer());
            match position.and_then(|i| usize::try_from(i).ok()) {
                Some(i) if i < n_elems => match collection.index(i) {
                    Some(elem) => Ok(elem.clone().mark(marks)),
                    None => Ok(unknown_element(collection)),
                },
                _ => Err(out_of_range(number, n_elems, span)),
            }
        }
        Type::Map(elem_ty) => {
            let key = convert_to(key, &Type::String).map_err(key_error)?;
            let (key, _) = key.unmark();
            let (Some(name), true) = (key.as_str(), collection.is_known()) else {
                return Ok(Value::unknown((**elem_ty).clone()).mark(marks));
            };
            match collection.map_get(name) {
                Some(elem) => Ok(elem.clone().mark(marks)),
                None => Err(error(
                    INVALID_INDEX,
                    "The given key does not identify an element in this collection value.",
                    span,
                )),
            }
        }
        Type::Object(object) => {
            let was_number = key.ty() == &Type::Number;
            let key = convert_to(key, &Type::String).map_err(key_error)?;
            let (key, _) = key.unmark();
            let Some(name) = key.as_str() else {
                return Ok(Value::unknown(Type::Dynamic).mark(collection.marks()));
            };
            let Some(attr_ty) = object.attrs.get(name) else {
                let hint = if was_number {
                    " An object only supports looking up attributes by name, not by numeric index."
                } else {
                    ""
                };
                return Err(error(
                    INVALID_INDEX,
                    format!(
                        "The given key does not identify an element in this collection value.{hint}"
                    ),
                    span,
                ));
            };
            match collection.get_attr(name) {
                Some(attr) => Ok(attr.clone().mark(marks)),
                None => Ok(Value::unknown(attr_ty.clone()).mark(marks)),
            }
        }
        Type::Set(_) => Err(error(
            INVALID_INDEX,
            "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
            span,
        )),
        _ => Err(error(
            INVALID_INDEX,
            "This value does not have any indices.",
            span,
        )),
    }
}

/// An unknown element of an unknown (or unknowably indexed) list or tuple.
fn unknown_element(collection: &Value) -> Value {
    let ty = match collection.ty() {
        Type::List(elem_ty) => (**elem_ty).clone(),
        _ => Type::Dynamic,
    };
    Value::unknown(ty).mark(collection.marks())
}

/// Why a number does not select an element of a sequence of `n_elems`.
fn out_of_range(number: &Number, n_elems: usize, span: Span) -> super::Diagnostics {
    let reason = if !number.is_integer() {
        ": indexing a sequence requires a whole number, but the given index has a fractional part"
    } else if number < &Number::from_i64(0) {
        ": a negative number is not a valid index for a sequence"
    } else if n_elems == 0 {
        ": the collection has no elements"
    } else {
        ": the given index is greater than or equal to the length of the collection"
    };
    error(
        INVALID_INDEX,
        format!("The given key does not identify an element in this collection value{reason}."),
        span,
    )
}
