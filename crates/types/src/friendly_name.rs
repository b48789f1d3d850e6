//! Friendly type names for messages: `list of string`, `object`, `dynamic` (cty's `FriendlyName`).

use crate::ty::Type;

/// The English name of a type as cty's `FriendlyName` gives it: `string`, `list of number`,
/// `map of dynamic`, `object`, `tuple`, `dynamic`. Used in messages such as
/// "string required, but have tuple".
pub fn friendly_name(ty: &Type) -> String {
    ty.friendly_name()
}

impl Type {
    /// The English name of this type (cty's `FriendlyName`), e.g. `list of string`.
    pub fn friendly_name(&self) -> String {
        name(self, Mode::Type)
    }

    /// The English name of this type read as a constraint (cty's
    /// `FriendlyNameForConstraint`): `any` becomes `any type`, and a collection of `any`
    /// becomes `list of any single type`.
    pub fn friendly_name_for_constraint(&self) -> String {
        name(self, Mode::Constraint)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Type,
    Constraint,
}

fn name(ty: &Type, mode: Mode) -> String {
    match ty {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Object(_) => "object".into(),
        Type::Tuple(_) => "tuple".into(),
        Type::TypeCapsule => "type".into(),
        Type::Dynamic => match mode {
            Mode::Type => "dynamic".into(),
            Mode::Constraint => "any type".into(),
        },
        Type::List(elem) => format!("list of {}", element_name(elem, mode)),
        Type::Map(elem) => format!("map of {}", element_name(elem, mode)),
        Type::Set(elem) => format!("set of {}", element_name(elem, mode)),
    }
}

fn element_name(elem: &Type, mode: Mode) -> String {
    if mode == Mode::Constraint && elem.is_dynamic() {
        "any single type".into()
    } else {
        name(elem, mode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let cases = [
            (Type::String, "string", "string"),
            (Type::list(Type::Number), "list of number", "list of number"),
            (
                Type::map(Type::Dynamic),
                "map of dynamic",
                "map of any single type",
            ),
            (
                Type::set(Type::list(Type::Dynamic)),
                "set of list of dynamic",
                "set of list of any single type",
            ),
            (Type::Dynamic, "dynamic", "any type"),
            (Type::empty_object(), "object", "object"),
            (Type::tuple([Type::Bool]), "tuple", "tuple"),
        ];
        for (ty, plain, constraint) in cases {
            assert_eq!(ty.friendly_name(), plain);
            assert_eq!(ty.friendly_name_for_constraint(), constraint);
        }
    }
}
