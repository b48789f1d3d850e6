//! `TypeConstraint`: a type constraint with the defaults of its optional attributes
//! (`object({a = optional(string, "x")})`), and how defaults are applied (HCL's
//! `typeexpr.Defaults`).
//!
//! A missing optional attribute becomes null when converting; defaults then replace
//! nulls top-down: an attribute that is missing or null gets its default (itself
//! completed by the nested defaults), and the nested defaults also apply inside the
//! values given, through objects, tuples, and every element of lists, sets and maps.
//!
//! Terraform uses two orders: the `convert(value, type)` function converts first and
//! then applies defaults ([`TypeConstraint::convert`]); an input variable applies
//! defaults to the given value first and then converts it ([`TypeConstraint::apply_defaults`]
//! followed by [`convert`](crate::convert) to [`TypeConstraint::ty`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::convert::{ConvertError, convert, unify_values};
use crate::ty::Type;
use crate::value::{Key, Repr, Value};

/// A type constraint: a type, possibly with `any` and optional attributes, plus the
/// default values of optional attributes at any depth.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeConstraint {
    /// The constraint's type, optional attributes marked in its object types.
    pub ty: Type,
    /// The defaults for optional attributes inside `ty`, if any has one.
    pub defaults: Option<Arc<Defaults>>,
}

/// Default values for the optional attributes of one type, and of the types inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The type these defaults belong to.
    pub ty: Type,
    /// Default values of this object type's attributes, by name.
    pub values: BTreeMap<String, Value>,
    /// Defaults for nested types: by attribute name for objects, by index (`"0"`) for
    /// tuples, under `""` for the element type of lists, sets and maps.
    pub children: BTreeMap<String, Arc<Defaults>>,
}

/// One attribute of an object type constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectAttr {
    /// The attribute's name.
    pub name: String,
    /// The attribute's own type constraint.
    pub constraint: TypeConstraint,
    /// True for `optional(T)` and `optional(T, default)`.
    pub optional: bool,
    /// The default of `optional(T, default)`.
    pub default: Option<Value>,
}

impl ObjectAttr {
    /// A required attribute: `name = T`.
    pub fn required(name: impl Into<String>, constraint: impl Into<TypeConstraint>) -> ObjectAttr {
        ObjectAttr {
            name: name.into(),
            constraint: constraint.into(),
            optional: false,
            default: None,
        }
    }

    /// An optional attribute without default: `name = optional(T)`.
    pub fn optional(name: impl Into<String>, constraint: impl Into<TypeConstraint>) -> ObjectAttr {
        ObjectAttr {
            optional: true,
            ..ObjectAttr::required(name, constraint)
        }
    }

    /// An optional attribute with a default: `name = optional(T, default)`.
    pub fn with_default(
        name: impl Into<String>,
        constraint: impl Into<TypeConstraint>,
        default: Value,
    ) -> ObjectAttr {
        ObjectAttr {
            optional: true,
            default: Some(default),
            ..ObjectAttr::required(name, constraint)
        }
    }
}

impl<S: Into<String>> From<(S, TypeConstraint, bool, Option<Value>)> for ObjectAttr {
    fn from(
        (name, constraint, optional, default): (S, TypeConstraint, bool, Option<Value>),
    ) -> ObjectAttr {
        ObjectAttr {
            name: name.into(),
            constraint,
            optional,
            default,
        }
    }
}

impl From<Type> for TypeConstraint {
    fn from(ty: Type) -> TypeConstraint {
        TypeConstraint { ty, defaults: None }
    }
}

impl TypeConstraint {
    /// A constraint without defaults.
    pub fn new(ty: Type) -> TypeConstraint {
        TypeConstraint::from(ty)
    }

    /// `list(T)`.
    pub fn list(elem: TypeConstraint) -> TypeConstraint {
        TypeConstraint::collection(Type::list(elem.ty), elem.defaults)
    }

    /// `set(T)`.
    pub fn set(elem: TypeConstraint) -> TypeConstraint {
        TypeConstraint::collection(Type::set(elem.ty), elem.defaults)
    }

    /// `map(T)`.
    pub fn map(elem: TypeConstraint) -> TypeConstraint {
        TypeConstraint::collection(Type::map(elem.ty), elem.defaults)
    }

    /// `tuple([T, ...])`.
    pub fn tuple(elems: impl IntoIterator<Item = TypeConstraint>) -> TypeConstraint {
        let mut types = Vec::new();
        let mut children = BTreeMap::new();
        for (i, elem) in elems.into_iter().enumerate() {
            types.push(elem.ty);
            if let Some(d) = elem.defaults {
                children.insert(i.to_string(), d);
            }
        }
        let ty = Type::tuple(types);
        let defaults = structured(&ty, BTreeMap::new(), children);
        TypeConstraint { ty, defaults }
    }

    /// `object({...})` with required and optional attributes and defaults.
    ///
    /// Each default is converted to its attribute's type when the constraint is built;
    /// a default that does not convert is an error whose path names the attribute
    /// (Terraform: "Invalid default value for optional attribute"). A default makes
    /// its attribute optional.
    pub fn object<A: Into<ObjectAttr>>(
        attrs: impl IntoIterator<Item = A>,
    ) -> Result<TypeConstraint, ConvertError> {
        let mut types = Vec::new();
        let mut optional = Vec::new();
        let mut values = BTreeMap::new();
        let mut children = BTreeMap::new();
        for attr in attrs {
            let attr: ObjectAttr = attr.into();
            if attr.optional || attr.default.is_some() {
                optional.push(attr.name.clone());
            }
            if let Some(default) = &attr.default {
                let converted =
                    convert(default, &attr.constraint.ty).map_err(|e| ConvertError {
                        path: format!(".{}{}", attr.name, e.path),
                        message: e.message,
                    })?;
                values.insert(attr.name.clone(), converted);
            }
            if let Some(d) = attr.constraint.defaults {
                children.insert(attr.name.clone(), d);
            }
            types.push((attr.name, attr.constraint.ty));
        }
        let ty = Type::object_with_optional(types, optional);
        let defaults = structured(&ty, values, children);
        Ok(TypeConstraint { ty, defaults })
    }

    /// The constraint's type (with `any` and optional attributes in it).
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The type of the values this constraint produces: its type without optional markers.
    pub fn result_type(&self) -> Type {
        self.ty.without_optional_attrs()
    }

    /// Converts `value` to this constraint and then applies the defaults (the order of
    /// Terraform's `convert` function).
    pub fn convert(&self, value: &Value) -> Result<Value, ConvertError> {
        let converted = convert(value, &self.ty)?;
        Ok(self.apply_defaults(&converted))
    }

    /// Applies the defaults to `value` without converting it (null and unknown values,
    /// and values without defaults to apply, come back unchanged). Input variables apply
    /// defaults first and convert afterwards.
    pub fn apply_defaults(&self, value: &Value) -> Value {
        match &self.defaults {
            Some(defaults) => defaults.apply(value),
            None => value.clone(),
        }
    }

    fn collection(ty: Type, elem_defaults: Option<Arc<Defaults>>) -> TypeConstraint {
        let defaults = elem_defaults.map(|d| {
            Arc::new(Defaults {
                ty: ty.clone(),
                values: BTreeMap::new(),
                children: BTreeMap::from([(String::new(), d)]),
            })
        });
        TypeConstraint { ty, defaults }
    }
}

fn structured(
    ty: &Type,
    values: BTreeMap<String, Value>,
    children: BTreeMap<String, Arc<Defaults>>,
) -> Option<Arc<Defaults>> {
    if values.is_empty() && children.is_empty() {
        return None;
    }
    Some(Arc::new(Defaults {
        ty: ty.clone(),
        values,
        children,
    }))
}

impl Defaults {
    /// Applies these defaults to `v` (HCL's `Defaults.Apply`): never fails; a value
    /// that does not fit is left for the conversion to report.
    pub fn apply(&self, v: &Value) -> Value {
        if !v.is_known() || v.is_null() || (self.values.is_empty() && self.children.is_empty()) {
            return v.clone();
        }
        let (v, marks) = v.clone().unmark();
        let result = match (v.repr(), v.ty()) {
            (Repr::Seq(elems), ty) => {
                let elems: Vec<Value> = elems
                    .iter()
                    .enumerate()
                    .map(|(i, e)| match self.child_for_index(i) {
                        Some(child) => child.apply(e),
                        None => e.clone(),
                    })
                    .collect();
                match ty {
                    Type::Set(ety) if elems.is_empty() => Value::set(ety.as_ref().clone(), []),
                    Type::List(ety) if elems.is_empty() => Value::list(ety.as_ref().clone(), []),
                    Type::Set(_) | Type::List(_) => match unify_values(&elems) {
                        Ok((uty, converted)) if ty.is_set() => Value::set(uty, converted),
                        Ok((uty, converted)) => Value::list(uty, converted),
                        Err(_) => Value::tuple(elems),
                    },
                    _ => Value::tuple(elems),
                }
            }
            (Repr::Attrs(attrs), ty) => {
                let mut entries: BTreeMap<Key, Value> = attrs
                    .iter()
                    .map(|(k, e)| {
                        let e = match self.child_for_key(k) {
                            Some(child) => child.apply(e),
                            None => e.clone(),
                        };
                        (k.clone(), e)
                    })
                    .collect();
                for (name, default) in &self.values {
                    let missing = entries.get(name.as_str()).is_none_or(Value::is_null);
                    if missing {
                        let value = match self.children.get(name) {
                            Some(child) => child.apply(default),
                            None => default.clone(),
                        };
                        entries.insert(Key::from(name.as_str()), value);
                    }
                }
                match ty {
                    Type::Map(ety) if entries.is_empty() => {
                        Value::map(ety.as_ref().clone(), Vec::<(Key, Value)>::new())
                    }
                    Type::Map(_) => {
                        let (keys, elems): (Vec<Key>, Vec<Value>) =
                            entries.clone().into_iter().unzip();
                        match unify_values(&elems) {
                            Ok((uty, converted)) => {
                                Value::map(uty, keys.into_iter().zip(converted))
                            }
                            Err(_) => Value::object(entries),
                        }
                    }
                    _ => Value::object(entries),
                }
            }
            _ => v.clone(),
        };
        result.mark(marks)
    }

    /// The defaults for element `i` of a sequence: by index for a tuple type, the
    /// element defaults for a collection type.
    fn child_for_index(&self, i: usize) -> Option<&Defaults> {
        if self.ty.is_tuple() {
            self.children.get(&i.to_string()).map(AsRef::as_ref)
        } else {
            self.children.get("").map(AsRef::as_ref)
        }
    }

    /// The defaults for the element with key `key`: by name for an object type, the
    /// element defaults for a collection type.
    fn child_for_key(&self, key: &str) -> Option<&Defaults> {
        if self.ty.is_object() {
            self.children.get(key).map(AsRef::as_ref)
        } else {
            self.children.get("").map(AsRef::as_ref)
        }
    }
}
