//! Whether a conversion exists between two types (cty's `getConversion` returning non-nil).

use crate::ty::{ObjectType, Type};

use super::unify::unify_mode;

/// True when a value of type `from` can be converted to `to` (`unsafe_`: allow the
/// conversions that may fail on particular values). Equal types always convert.
pub(crate) fn exists(from: &Type, to: &Type, unsafe_: bool) -> bool {
    if to.is_dynamic() {
        return true;
    }
    if from.is_dynamic() {
        // A value whose type is not known yet is converted when it is known.
        return unsafe_;
    }
    if from == to {
        return true;
    }
    let elem_converts = |from: &Type, to: &Type| from == to || exists(from, to, unsafe_);
    match (from, to) {
        (Type::Number | Type::Bool, Type::String) => true,
        (Type::String, Type::Number | Type::Bool) => unsafe_,
        (Type::Object(from_obj), Type::Object(to_obj)) => {
            to_obj
                .attrs
                .iter()
                .all(|(name, to_attr)| match from_obj.attrs.get(name) {
                    Some(from_attr) => elem_converts(from_attr, to_attr),
                    None => to_obj.is_optional(name),
                })
        }
        (Type::Tuple(from_elems), Type::Tuple(to_elems)) => {
            from_elems.len() == to_elems.len()
                && from_elems
                    .iter()
                    .zip(to_elems.iter())
                    .all(|(f, t)| elem_converts(f, t))
        }
        (Type::List(from_ety) | Type::Set(from_ety), Type::List(to_ety)) => {
            elem_converts(from_ety, to_ety)
        }
        (Type::List(from_ety), Type::Set(to_ety)) => unsafe_ && elem_converts(from_ety, to_ety),
        (Type::Set(from_ety), Type::Set(to_ety)) | (Type::Map(from_ety), Type::Map(to_ety)) => {
            elem_converts(from_ety, to_ety)
        }
        (Type::Tuple(elems), Type::List(ety) | Type::Set(ety)) => {
            tuple_element_type(elems, ety, unsafe_).is_some()
        }
        (Type::Object(obj), Type::Map(ety)) => object_element_type(obj, ety, unsafe_).is_some(),
        (Type::Map(ety), Type::Object(obj)) => {
            unsafe_
                && obj
                    .attrs
                    .iter()
                    .all(|(name, attr)| elem_converts(ety, attr) || obj.is_optional(name))
        }
        _ => false,
    }
}

/// The element type a tuple with element types `elems` becomes in a list or set whose
/// wanted element type is `want`, or `None` when the tuple cannot convert.
///
/// With `want` = `any`, that is the unification of the element types (which must not
/// stay `any` unless every element's type is `any`).
pub(crate) fn tuple_element_type(elems: &[Type], want: &Type, unsafe_: bool) -> Option<Type> {
    if elems.is_empty() {
        return Some(want.clone());
    }
    let ety = if want.is_dynamic() {
        let unified = unify_mode(elems, unsafe_)?.ty;
        if unified.is_dynamic() && elems.iter().any(|t| !t.is_dynamic()) {
            return None;
        }
        unified
    } else {
        want.clone()
    };
    elems
        .iter()
        .all(|t| t == &ety || exists(t, &ety, unsafe_))
        .then_some(ety)
}

/// The element type an object becomes in a map whose wanted element type is `want`
/// (the unification of the attribute types when `want` is `any`), or `None`.
pub(crate) fn object_element_type(obj: &ObjectType, want: &Type, unsafe_: bool) -> Option<Type> {
    if obj.attrs.is_empty() {
        return Some(want.clone());
    }
    let ety = if want.is_dynamic() {
        let attr_types: Vec<Type> = obj.attrs.values().cloned().collect();
        unify_mode(&attr_types, unsafe_)?.ty
    } else {
        want.clone()
    };
    obj.attrs
        .values()
        .all(|t| t == &ety || exists(t, &ety, unsafe_))
        .then_some(ety)
}
