//! `Type`: the cty type system (primitive, collection and structural types, and `any`).

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::attr_types::AttrTypes;
use crate::tuple_type::TupleType;
use crate::value::Key;

/// A cty type.
///
/// Compound types hold their parts behind `Arc`, so cloning a `Type` is O(1).
/// `Dynamic` is cty's dynamic pseudo-type: written `any` in a type constraint, and
/// the type of a value whose type is not known yet (`null` written alone, an unknown
/// value of unknown type).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// `string`
    String,
    /// `number`
    Number,
    /// `bool`
    Bool,
    /// `list(T)`
    List(Arc<Type>),
    /// `map(T)`
    Map(Arc<Type>),
    /// `set(T)`
    Set(Arc<Type>),
    /// `object({...})`
    Object(Arc<ObjectType>),
    /// `tuple([...])`
    Tuple(TupleType),
    /// `any` / cty.DynamicPseudoType
    Dynamic,
    /// Terraform's `type` capsule: the type of what the console-only `type()` returns
    /// (a type held as a value). No conversion reaches or leaves it.
    TypeCapsule,
}

/// The attributes of an object type.
///
/// `optional` names the attributes that may be omitted; it is only non-empty in type
/// constraints (`object({a = optional(string)})`), never in the type of a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ObjectType {
    /// Attribute types, in lexical order of their names.
    pub attrs: AttrTypes,
    /// Names of optional attributes (type constraints only).
    pub optional: BTreeSet<String>,
}

impl Type {
    /// `list(elem)`
    pub fn list(elem: Type) -> Type {
        Type::List(Arc::new(elem))
    }

    /// `map(elem)`
    pub fn map(elem: Type) -> Type {
        Type::Map(Arc::new(elem))
    }

    /// `set(elem)`
    pub fn set(elem: Type) -> Type {
        Type::Set(Arc::new(elem))
    }

    /// `tuple([...])`
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(TupleType::from_types(elems))
    }

    /// `object({...})` with no optional attributes.
    pub fn object<K: Into<Key>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType {
            attrs: attrs.into_iter().collect(),
            optional: BTreeSet::new(),
        }))
    }

    /// The empty object type `object({})`.
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(ObjectType::default()))
    }

    /// The empty tuple type `tuple([])`.
    pub fn empty_tuple() -> Type {
        Type::Tuple(TupleType::uniform(Type::Dynamic, 0))
    }

    /// True for `string`, `number` and `bool`.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// True for `list`, `map` and `set`.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Map(_) | Type::Set(_))
    }

    /// True for `object` and `tuple`.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }

    /// True for `list(T)` and `tuple([...])` (the sequence types).
    pub fn is_sequence(&self) -> bool {
        matches!(self, Type::List(_) | Type::Tuple(_))
    }

    /// The element type of a collection type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(t) | Type::Map(t) | Type::Set(t) => Some(t),
            _ => None,
        }
    }

    /// The attributes of an object type.
    pub fn object_type(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The element types of a tuple type.
    pub fn tuple_elements(&self) -> Option<&TupleType> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// `object({...})` where the attributes named in `optional` may be omitted
    /// (a type constraint such as `object({a = string, b = optional(number)})`).
    pub fn object_with_optional<K: Into<Key>, O: Into<String>>(
        attrs: impl IntoIterator<Item = (K, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Type {
        Type::Object(Arc::new(ObjectType {
            attrs: attrs.into_iter().collect(),
            optional: optional.into_iter().map(Into::into).collect(),
        }))
    }

    /// True for `any` (cty's dynamic pseudo-type) itself.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// True for `list(T)`.
    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }

    /// True for `map(T)`.
    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }

    /// True for `set(T)`.
    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }

    /// True for `object({...})`.
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }

    /// True for `tuple([...])`.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }

    /// The type of attribute `name`, for an object type that has it.
    pub fn attribute_type(&self, name: &str) -> Option<&Type> {
        self.object_type().and_then(|o| o.attrs.get(name))
    }

    /// True when an object type anywhere in this type has optional attributes.
    pub fn has_optional_attrs(&self) -> bool {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => false,
            Type::List(t) | Type::Map(t) | Type::Set(t) => t.has_optional_attrs(),
            Type::Object(o) => {
                !o.optional.is_empty() || o.attrs.values().any(Type::has_optional_attrs)
            }
            Type::Tuple(ts) => ts.iter().any(Type::has_optional_attrs),
        }
    }

    /// This type with every optional-attribute marker removed, at every depth
    /// (cty's `WithoutOptionalAttributesDeep`): the type of the values a constraint
    /// produces. Cheap when there is nothing to remove.
    pub fn without_optional_attrs(&self) -> Type {
        if !self.has_optional_attrs() {
            return self.clone();
        }
        match self {
            Type::List(t) => Type::list(t.without_optional_attrs()),
            Type::Map(t) => Type::map(t.without_optional_attrs()),
            Type::Set(t) => Type::set(t.without_optional_attrs()),
            Type::Object(o) => Type::Object(Arc::new(ObjectType {
                attrs: o
                    .attrs
                    .iter()
                    .map(|(k, t)| (k.clone(), t.without_optional_attrs()))
                    .collect(),
                optional: BTreeSet::new(),
            })),
            Type::Tuple(ts) => Type::tuple(ts.iter().map(Type::without_optional_attrs)),
            Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => {
                self.clone()
            }
        }
    }

    /// True when `any` appears anywhere in this type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::String | Type::Number | Type::Bool | Type::TypeCapsule => false,
            Type::List(t) | Type::Map(t) | Type::Set(t) => t.has_dynamic(),
            Type::Object(o) => o.attrs.values().any(Type::has_dynamic),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic),
        }
    }
}

impl ObjectType {
    /// True when attribute `name` may be omitted (type constraints only).
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.contains(name)
    }
}
