//! Unification: the one type several types can all be converted to (cty's `Unify`).
//!
//! Used wherever values of different types must end up with one type: the two results
//! of a conditional (`true ? 1 : "a"` is `"1"`), tuples and objects converted to
//! collections of `any`, `concat`, `coalesce`… The rules, in order:
//!
//! - all types equal: that type;
//! - all maps (and `any`): a map of the unified element types; likewise all lists, all
//!   sets; maps and objects together: objects are first unified as maps; lists and tuples
//!   together: tuples first unified as lists;
//! - all objects with the same attribute names: an object of unified attribute types,
//!   otherwise a map of all attribute types unified; tuples likewise, falling back to a
//!   list;
//! - objects mixed with tuples: no unification;
//! - otherwise the most general of the given types (see `preference.rs`) to which all
//!   others convert: `string` for strings mixed with numbers and bools.
//!
//! A collection kind mixed with `any` unifies to `any` (the values' types are not known
//! yet), and so do types that are all `any`.

use crate::ty::Type;
use crate::value::Value;

use super::available::exists;
use super::preference::sort_types;
use super::{ConvertError, convert_mode};

/// The type all of `types` convert to, allowing unsafe conversions (cty's `UnifyUnsafe`,
/// which HCL uses for conditionals), or `None` when there is none or `types` is empty.
pub fn unify(types: &[Type]) -> Option<Type> {
    unify_mode(types, true).map(|u| u.ty)
}

/// Like [`unify`] with safe conversions only (cty's `Unify`).
pub fn unify_safe(types: &[Type]) -> Option<Type> {
    unify_mode(types, false).map(|u| u.ty)
}

/// Converts all `values` to their unified type (see [`unify`]) and returns that type
/// with the converted values.
///
/// When the unified type is `any` because a collection was mixed with a value of
/// unknown type, every result is an unknown value of unknown type, as in cty.
pub fn unify_values(values: &[Value]) -> Result<(Type, Vec<Value>), ConvertError> {
    let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
    let Some(unified) = unify_mode(&types, true) else {
        return Err(ConvertError {
            path: String::new(),
            message: "cannot find a common base type for all elements".into(),
        });
    };
    if unified.all_dynamic {
        let unknowns = values
            .iter()
            .map(|_| Value::unknown(Type::Dynamic))
            .collect();
        return Ok((Type::Dynamic, unknowns));
    }
    let converted = values
        .iter()
        .map(|v| convert_mode(v, &unified.ty, true))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((unified.ty, converted))
}

/// A unification result.
pub(crate) struct Unified {
    /// The unified type.
    pub(crate) ty: Type,
    /// True when the values' types are not predictable yet (a collection mixed with
    /// `any`): the unified values are then all unknown.
    pub(crate) all_dynamic: bool,
}

impl Unified {
    fn of(ty: Type) -> Unified {
        Unified {
            ty,
            all_dynamic: false,
        }
    }

    fn dynamic() -> Unified {
        Unified {
            ty: Type::Dynamic,
            all_dynamic: true,
        }
    }
}

pub(crate) fn unify_mode(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let first = types.first()?;
    if types.iter().all(|t| t == first) {
        return Some(Unified::of(first.clone()));
    }
    let mut distinct: Vec<Type> = Vec::new();
    for ty in types {
        if !distinct.contains(ty) {
            distinct.push(ty.clone());
        }
    }
    let types = distinct.as_slice();
    let n = types.len();
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let (maps, lists, sets) = (
        count(Type::is_map),
        count(Type::is_list),
        count(Type::is_set),
    );
    let (objects, tuples, dynamics) = (
        count(Type::is_object),
        count(Type::is_tuple),
        count(Type::is_dynamic),
    );
    let has_dynamic = dynamics > 0;
    if maps > 0 && maps + dynamics == n {
        return collections(types, Type::map, unsafe_, has_dynamic);
    } else if maps > 0 && maps + objects + dynamics == n {
        if let Some(unified) = objects_as_maps(types, unsafe_) {
            return Some(unified);
        }
    } else if lists > 0 && lists + dynamics == n {
        return collections(types, Type::list, unsafe_, has_dynamic);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(unified) = tuples_as_list(types, unsafe_) {
            return Some(unified);
        }
    } else if sets > 0 && sets + dynamics == n {
        return collections(types, Type::set, unsafe_, has_dynamic);
    } else if objects > 0 && objects + dynamics == n {
        return object_types(types, unsafe_, has_dynamic);
    } else if tuples > 0 && tuples + dynamics == n {
        return tuple_types(types, unsafe_, has_dynamic);
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    sort_types(types)
        .into_iter()
        .map(|i| &types[i])
        .find(|want| all_convert(types, want, unsafe_))
        .map(|want| Unified::of(want.clone()))
}

/// True when every one of `types` is `want` or converts to it.
fn all_convert(types: &[Type], want: &Type, unsafe_: bool) -> bool {
    types.iter().all(|t| t == want || exists(t, want, unsafe_))
}

/// Lists (or maps, or sets) of unified element types.
fn collections(
    types: &[Type],
    kind: fn(Type) -> Type,
    unsafe_: bool,
    has_dynamic: bool,
) -> Option<Unified> {
    if has_dynamic {
        return Some(Unified::dynamic());
    }
    let elems: Vec<Type> = types
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    let ty = kind(unify_mode(&elems, unsafe_)?.ty);
    all_convert(types, &ty, unsafe_).then(|| Unified::of(ty))
}

fn object_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Unified> {
    if has_dynamic {
        return Some(Unified::dynamic());
    }
    let objs: Vec<_> = types.iter().filter_map(Type::object_type).collect();
    let first = objs.first()?;
    let same_names = objs.iter().all(|o| {
        o.attrs.len() == first.attrs.len() && o.attrs.keys().all(|k| first.attrs.contains_key(k))
    });
    if !same_names {
        return objects_to_map(types, unsafe_);
    }
    let mut attrs = Vec::with_capacity(first.attrs.len());
    for name in first.attrs.keys() {
        let across: Vec<Type> = objs
            .iter()
            .filter_map(|o| o.attrs.get(name).cloned())
            .collect();
        attrs.push((name.clone(), unify_mode(&across, unsafe_)?.ty));
    }
    let ty = Type::object(attrs);
    if all_convert(types, &ty, unsafe_) {
        Some(Unified::of(ty))
    } else {
        objects_to_map(types, unsafe_)
    }
}

/// A map of all the objects' attribute types unified.
fn objects_to_map(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let attr_types: Vec<Type> = types
        .iter()
        .filter_map(Type::object_type)
        .flat_map(|o| o.attrs.values().cloned())
        .collect();
    let ty = Type::map(unify_mode(&attr_types, unsafe_)?.ty);
    all_convert(types, &ty, unsafe_).then(|| Unified::of(ty))
}

fn tuple_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Unified> {
    if has_dynamic {
        return Some(Unified::dynamic());
    }
    let tuples: Vec<&crate::TupleType> = types.iter().filter_map(Type::tuple_elements).collect();
    let first = tuples.first()?;
    if tuples.iter().any(|t| t.len() != first.len()) {
        return tuples_to_list(types, unsafe_);
    }
    let mut elems = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = tuples.iter().map(|t| t[i].clone()).collect();
        elems.push(unify_mode(&across, unsafe_)?.ty);
    }
    let ty = Type::tuple(elems);
    if all_convert(types, &ty, unsafe_) {
        Some(Unified::of(ty))
    } else {
        tuples_to_list(types, unsafe_)
    }
}

/// A list of all the tuples' element types unified.
fn tuples_to_list(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let elem_types: Vec<Type> = types
        .iter()
        .filter_map(Type::tuple_elements)
        .flat_map(|t| t.iter().cloned())
        .collect();
    let ty = Type::list(unify_mode(&elem_types, unsafe_)?.ty);
    all_convert(types, &ty, unsafe_).then(|| Unified::of(ty))
}

/// Lists mixed with tuples: unify the tuples as a list, then everything as lists.
fn tuples_as_list(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let tuples: Vec<Type> = types.iter().filter(|t| t.is_tuple()).cloned().collect();
    let as_list = tuples_to_list(&tuples, unsafe_)?.ty;
    if !as_list.is_list() {
        return None;
    }
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if t.is_tuple() {
                as_list.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let unified = unify_mode(&replaced, unsafe_)?;
    unified.ty.is_list().then_some(unified)
}

/// Maps mixed with objects: unify the objects as a map, then everything as maps.
fn objects_as_maps(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let objects: Vec<Type> = types.iter().filter(|t| t.is_object()).cloned().collect();
    let as_map = objects_to_map(&objects, unsafe_)?.ty;
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if t.is_object() {
                as_map.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let unified = unify_mode(&replaced, unsafe_)?;
    unified.ty.is_map().then_some(unified)
}
