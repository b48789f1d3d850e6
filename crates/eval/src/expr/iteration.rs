//! Iterating a collection's elements as `for` sees them: key and value pairs in cty's order.

use terrace_types::{Repr, Type, Value};

/// Calls `f` with the key (when `with_keys`) and value of each element of a
/// known, non-null, unmarked collection or structural value, in cty's element
/// order: lists and tuples by index (the key is the index), sets in set order
/// (the key is the element), maps and objects in lexical key order (the key
/// is the string key). Stops at the first error.
#[inline]
pub(crate) fn each_element<E>(
    value: &Value,
    with_keys: bool,
    mut f: impl FnMut(Option<Value>, &Value) -> Result<(), E>,
) -> Result<(), E> {
    match (value.ty(), value.repr()) {
        (Type::Set(_), Repr::Seq(elems)) => {
            for elem in elems {
                f(with_keys.then(|| elem.clone()), elem)?;
            }
        }
        (_, Repr::Seq(elems)) => {
            for (idx, elem) in elems.iter().enumerate() {
                let key = with_keys.then(|| Value::int(i64::try_from(idx).unwrap_or(i64::MAX)));
                f(key, elem)?;
            }
        }
        (_, Repr::Attrs(attrs)) => {
            for (key, elem) in attrs {
                f(with_keys.then(|| Value::string(&**key)), elem)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// True for the types a `for` expression can iterate: collections and structural types.
pub(crate) fn is_iterable(ty: &Type) -> bool {
    ty.is_collection() || ty.is_structural()
}
