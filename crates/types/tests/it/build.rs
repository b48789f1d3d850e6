//! Short constructors for hand-built values and types.

use terrace_types::{Marks, Number, Type, Value};

/// A string.
pub fn s(text: &str) -> Value {
    Value::string(text)
}

/// An integer.
pub fn n(i: i64) -> Value {
    Value::int(i)
}

/// A number from its decimal text.
pub fn num(text: &str) -> Value {
    Value::number(Number::parse(text).unwrap())
}

/// A bool.
pub fn b(value: bool) -> Value {
    Value::bool(value)
}

/// `null` written alone (of unknown type).
pub fn null() -> Value {
    Value::null(Type::Dynamic)
}

/// A tuple literal `[...]`.
pub fn tup<const N: usize>(elems: [Value; N]) -> Value {
    Value::tuple(elems)
}

/// An object literal `{...}`.
pub fn obj<const N: usize>(attrs: [(&str, Value); N]) -> Value {
    Value::object(attrs)
}

/// A `list(ty)`.
pub fn list<const N: usize>(ty: Type, elems: [Value; N]) -> Value {
    Value::list(ty, elems)
}

/// A `set(ty)`.
pub fn set<const N: usize>(ty: Type, elems: [Value; N]) -> Value {
    Value::set(ty, elems)
}

/// A `map(ty)`.
pub fn map<const N: usize>(ty: Type, entries: [(&str, Value); N]) -> Value {
    Value::map(ty, entries)
}

/// `sensitive(v)`.
pub fn sensitive(v: Value) -> Value {
    v.mark(Marks::SENSITIVE)
}

/// `list(T)`.
pub fn list_of(ty: Type) -> Type {
    Type::list(ty)
}

/// `set(T)`.
pub fn set_of(ty: Type) -> Type {
    Type::set(ty)
}

/// `map(T)`.
pub fn map_of(ty: Type) -> Type {
    Type::map(ty)
}

/// `object({...})`.
pub fn object_of<const N: usize>(attrs: [(&str, Type); N]) -> Type {
    Type::object(attrs)
}

/// `tuple([...])`.
pub fn tuple_of<const N: usize>(elems: [Type; N]) -> Type {
    Type::tuple(elems)
}

/// `any`.
pub const ANY: Type = Type::Dynamic;
