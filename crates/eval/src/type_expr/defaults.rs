//! `Defaults`: the default values of optional object attributes in a type constraint, and applying them.

use std::collections::BTreeMap;

use terrace_types::{Key, Repr, Type, Value};

/// The default values of a type constraint's optional attributes, as a tree
/// that follows the type (HCL's `typeexpr.Defaults`).
///
/// `children` is keyed by attribute name for objects, by element index for
/// tuples, and by `""` for the element of a list, set or map.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The constraint type at this level.
    pub ty: Type,
    /// Default values of this object's optional attributes, already converted to their types.
    pub values: BTreeMap<String, Value>,
    /// Defaults for nested types.
    pub children: BTreeMap<String, Defaults>,
}

impl Defaults {
    /// Defaults for the element of a collection type.
    pub(crate) fn collection(ty: Type, elem: Defaults) -> Defaults {
        Defaults {
            ty,
            values: BTreeMap::new(),
            children: BTreeMap::from([(String::new(), elem)]),
        }
    }

    /// Defaults for an object or tuple; `None` when there are none at all.
    pub(crate) fn structural(
        ty: Type,
        values: BTreeMap<String, Value>,
        children: BTreeMap<String, Defaults>,
    ) -> Option<Defaults> {
        if values.is_empty() && children.is_empty() {
            return None;
        }
        Some(Defaults {
            ty,
            values,
            children,
        })
    }

    fn child_for_index(&self, index: usize) -> Option<&Defaults> {
        if self.ty.is_tuple() {
            return self.children.get(&index.to_string());
        }
        self.children.get("")
    }

    fn child_for_key(&self, key: &str) -> Option<&Defaults> {
        if self.ty.is_object() {
            return self.children.get(key);
        }
        self.children.get("")
    }

    /// Fills in null or missing optional attributes of `value` with their
    /// defaults, at every depth. Null and unknown values are left alone.
    pub fn apply(&self, value: Value) -> Value {
        if !value.is_known() || value.is_null() {
            return value;
        }
        if self.values.is_empty() && self.children.is_empty() {
            return value;
        }
        let (value, marks) = value.unmark();
        let ty = value.ty().clone();
        let result = match value.repr() {
            Repr::Seq(elems) => {
                let elems: Vec<Value> = elems
                    .iter()
                    .enumerate()
                    .map(|(idx, elem)| match self.child_for_index(idx) {
                        Some(child) => child.apply(elem.clone()),
                        None => elem.clone(),
                    })
                    .collect();
                match &ty {
                    Type::List(elem_ty) | Type::Set(elem_ty) => {
                        match common_type(elems.iter().map(Value::ty)) {
                            Some(common) => {
                                if ty.is_set() {
                                    Value::set(common, elems)
                                } else {
                                    Value::list(common, elems)
                                }
                            }
                            None if elems.is_empty() => {
                                if ty.is_set() {
                                    Value::set((**elem_ty).clone(), elems)
                                } else {
                                    Value::list((**elem_ty).clone(), elems)
                                }
                            }
                            None => Value::tuple(elems),
                        }
                    }
                    _ => Value::tuple(elems),
                }
            }
            Repr::Attrs(attrs) => {
                let mut out: BTreeMap<Key, Value> = attrs
                    .iter()
                    .map(|(key, elem)| {
                        let elem = match self.child_for_key(key) {
                            Some(child) => child.apply(elem.clone()),
                            None => elem.clone(),
                        };
                        (key.clone(), elem)
                    })
                    .collect();
                for (key, default) in &self.values {
                    let missing = out.get(key.as_str()).is_none_or(Value::is_null);
                    if missing {
                        let filled = match self.children.get(key) {
                            Some(child) => child.apply(default.clone()),
                            None => default.clone(),
                        };
                        out.insert(Key::from(key.as_str()), filled);
                    }
                }
                match &ty {
                    Type::Map(elem_ty) => match common_type(out.values().map(Value::ty)) {
                        Some(common) => Value::map(common, out),
                        None if out.is_empty() => Value::map((**elem_ty).clone(), out),
                        None => Value::object(out),
                    },
                    _ => Value::object(out),
                }
            }
            _ => value,
        };
        result.mark(marks)
    }
}

/// The type shared by all of `types`, when they are all the same.
// FIXME(types): use terrace_types' unification once it is exported, as HCL does.
fn common_type<'a>(mut types: impl Iterator<Item = &'a Type>) -> Option<Type> {
    let first = types.next()?.clone();
    types.all(|ty| *ty == first).then_some(first)
}
