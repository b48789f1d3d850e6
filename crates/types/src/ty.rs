//! `Type`: the cty type system (primitive, collection and structural types, and `any`).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

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
    Tuple(Arc<[Type]>),
    /// `any` / cty.DynamicPseudoType
    Dynamic,
}

/// The attributes of an object type.
///
/// `optional` names the attributes that may be omitted; it is only non-empty in type
/// constraints (`object({a = optional(string)})`), never in the type of a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ObjectType {
    /// Attribute types, in lexical order of their names.
    pub attrs: BTreeMap<String, Type>,
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
        Type::Tuple(elems.into_iter().collect())
    }

    /// `object({...})` with no optional attributes.
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType {
            attrs: attrs.into_iter().map(|(k, t)| (k.into(), t)).collect(),
            optional: BTreeSet::new(),
        }))
    }

    /// The empty object type `object({})`.
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(ObjectType::default()))
    }

    /// The empty tuple type `tuple([])`.
    pub fn empty_tuple() -> Type {
        Type::Tuple(Arc::from(Vec::new()))
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
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// True when `any` appears anywhere in this type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::String | Type::Number | Type::Bool => false,
            Type::List(t) | Type::Map(t) | Type::Set(t) => t.has_dynamic(),
            Type::Object(o) => o.attrs.values().any(Type::has_dynamic),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic),
        }
    }
}
