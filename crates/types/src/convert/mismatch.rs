//! Why a type does not convert to another, in plain words (cty's `MismatchMessage`).
//!
//! Examples: `attribute "name" is required`, `attributes "a" and "b" are required`,
//! `all list elements must have the same type`, `element 1: string required, but have
//! tuple`, `incorrect list element type: a number is required`… `number required`.

use crate::ty::{ObjectType, Type};

use super::available::exists;

/// Explains why values of type `got` cannot be converted to `want`.
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    match (got, want) {
        (Type::Object(g), Type::Object(w)) => objects(g, w),
        (Type::Tuple(_), Type::List(ety)) if ety.is_dynamic() => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(ety)) if ety.is_dynamic() => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(ety)) if ety.is_dynamic() => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => {
            collection_from_structural(got, want)
        }
        _ if got.is_collection() && want.is_collection() => collection_from_collection(got, want),
        _ if !likely_to_confuse(got, want) => format!(
            "{} required, but have {}",
            want.friendly_name(),
            got.friendly_name()
        ),
        _ => format!("{} required", want.friendly_name_for_constraint()),
    }
}

fn objects(got: &ObjectType, want: &ObjectType) -> String {
    let mut missing: Vec<&str> = Vec::new();
    let mut unsafe_mismatch: Option<String> = None;
    let mut safe_mismatch: Option<String> = None;
    for (name, want_attr) in &want.attrs {
        let Some(got_attr) = got.attrs.get(name) else {
            if !want.is_optional(name) {
                missing.push(name);
            }
            continue;
        };
        if got_attr == want_attr || unsafe_mismatch.is_some() {
            continue;
        }
        if !exists(got_attr, want_attr, true) {
            unsafe_mismatch = Some(format!(
                "attribute {name:?}: {}",
                mismatch_message(got_attr, want_attr)
            ));
        }
        if safe_mismatch.is_none() && !exists(got_attr, want_attr, false) {
            safe_mismatch = Some(format!(
                "attribute {name:?}: {}",
                mismatch_message(got_attr, want_attr)
            ));
        }
    }
    match missing.as_slice() {
        [] => {}
        [one] => return format!("attribute {one:?} is required"),
        [a, b] => return format!("attributes {a:?} and {b:?} are required"),
        [init @ .., last] => {
            let listed: Vec<String> = init.iter().map(|n| format!("{n:?}, ")).collect();
            return format!("attributes {}and {last:?} are required", listed.concat());
        }
    }
    unsafe_mismatch
        .or(safe_mismatch)
        .unwrap_or_else(|| "incorrect object attributes".into())
}

fn collection_from_structural(got: &Type, want: &Type) -> String {
    let kind_ok = match want {
        Type::List(_) | Type::Set(_) => got.is_tuple(),
        _ => got.is_object(),
    };
    let Some(want_ety) = want.element_type().filter(|_| kind_ok) else {
        return format!("{} required", want.friendly_name_for_constraint());
    };
    match got {
        Type::Tuple(elems) => {
            for (i, ety) in elems.iter().enumerate() {
                if ety != want_ety && !exists(ety, want_ety, true) {
                    return format!("element {i}: {}", mismatch_message(ety, want_ety));
                }
            }
        }
        Type::Object(obj) => {
            for (name, aty) in &obj.attrs {
                if aty != want_ety && !exists(aty, want_ety, true) {
                    return format!("element {name:?}: {}", mismatch_message(aty, want_ety));
                }
            }
        }
        _ => return format!("{} required", want.friendly_name_for_constraint()),
    }
    format!(
        "all elements must be {}",
        want_ety.friendly_name_for_constraint()
    )
}

fn collection_from_collection(got: &Type, want: &Type) -> String {
    let (noun, kind_ok) = match want {
        Type::List(_) => ("list element type", got.is_list() || got.is_set()),
        Type::Set(_) => ("set element type", got.is_list() || got.is_set()),
        _ => ("map element type", got.is_map()),
    };
    match (kind_ok, got.element_type(), want.element_type()) {
        (true, Some(got_ety), Some(want_ety)) => {
            format!("incorrect {noun}: {}", mismatch_message(got_ety, want_ety))
        }
        _ => format!("{} required", want.friendly_name_for_constraint()),
    }
}

/// True when naming both types would mislead ("number required, but have string" when
/// the string's content is the problem); then only the wanted type is named.
fn likely_to_confuse(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() {
        return false;
    }
    if want == &Type::String {
        return false;
    }
    if matches!(
        (got, want),
        (Type::Number, Type::Bool) | (Type::Bool, Type::Number)
    ) {
        return false;
    }
    if let (Some(got_ety), Some(want_ety)) = (got.element_type(), want.element_type())
        && !got_ety.has_dynamic()
        && want_ety.has_dynamic()
    {
        return false;
    }
    if got.is_tuple() && want.is_object() {
        return false;
    }
    true
}
