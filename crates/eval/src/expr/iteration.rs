//! Iterating a collection's elements as `for` sees them: key and value pairs in cty's order.

use terrace_types::{Repr, Type, Value};

/// The key/value pairs of a known, non-null, unmarked collection or structural
/// value, in cty's element order: lists and tuples by index (the key is the
/// index), sets in set order (the key is the element), maps and objects in
/// lexical key order (the key is the string key).
pub(crate) fn elements(value: &Value) -> Vec<(Value, Value)> {
    match (value.ty(), value.repr()) {
        (Type::Set(_), Repr::Seq(elems)) => elems.iter().map(|e| (e.clone(), e.clone())).collect(),
        (_, Repr::Seq(elems)) => elems
            .iter()
            .enumerate()
            .map(|(idx, e)| (Value::int(idx as i64), e.clone()))
            .collect(),
        (_, Repr::Attrs(attrs)) => attrs
            .iter()
            .map(|(key, e)| (Value::string(&**key), e.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// True for the types a `for` expression can iterate: collections and structural types.
pub(crate) fn is_iterable(ty: &Type) -> bool {
    ty.is_collection() || ty.is_structural()
}
