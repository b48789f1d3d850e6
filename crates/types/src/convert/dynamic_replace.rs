//! The type a null or unknown value gets when converted: the wanted type with each `any`
//! in it replaced by what the value's own type says (cty's `dynamicReplace`).

use crate::ty::Type;

use super::unify::unify_mode;

/// `out` with `any` replaced, at every depth, by the corresponding part of `from`.
/// `from` and `out` are known to be convertible.
pub(crate) fn dynamic_replace(from: &Type, out: &Type) -> Type {
    if from.is_dynamic() {
        return out.clone();
    }
    match out {
        Type::Dynamic => from.clone(),
        Type::String | Type::Number | Type::Bool | Type::TypeCapsule => out.clone(),
        Type::Map(out_ety) => match from {
            Type::Map(from_ety) => Type::map(dynamic_replace(from_ety, out_ety)),
            Type::Object(obj) => {
                let attr_types: Vec<Type> = obj.attrs.values().cloned().collect();
                let unified = unify_mode(&attr_types, true).map_or(Type::Dynamic, |u| u.ty);
                Type::map(dynamic_replace(&unified, out_ety))
            }
            _ => out.clone(),
        },
        Type::Object(out_obj) => {
            let attrs = out_obj.attrs.iter().map(|(name, out_attr)| {
                let replaced = match from {
                    Type::Map(from_ety) => dynamic_replace(from_ety, out_attr),
                    Type::Object(from_obj) => match from_obj.attrs.get(name) {
                        Some(from_attr) => dynamic_replace(from_attr, out_attr),
                        None => out_attr.clone(),
                    },
                    _ => out_attr.clone(),
                };
                (name.clone(), replaced)
            });
            Type::object(attrs)
        }
        Type::Set(out_ety) | Type::List(out_ety) => {
            let from_ety = match from {
                Type::Set(e) | Type::List(e) => Some(e.as_ref().clone()),
                Type::Tuple(elems) => Some(unify_mode(elems, true).map_or(Type::Dynamic, |u| u.ty)),
                _ => None,
            };
            match from_ety {
                Some(from_ety) => {
                    let ety = dynamic_replace(&from_ety, out_ety);
                    if out.is_set() {
                        Type::set(ety)
                    } else {
                        Type::list(ety)
                    }
                }
                None => out.clone(),
            }
        }
        Type::Tuple(out_elems) => match from {
            Type::Tuple(from_elems) if from_elems.len() == out_elems.len() => Type::tuple(
                from_elems
                    .iter()
                    .zip(out_elems.iter())
                    .map(|(f, o)| dynamic_replace(f, o)),
            ),
            _ => out.clone(),
        },
    }
}
