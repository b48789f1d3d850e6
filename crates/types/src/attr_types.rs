//! `AttrTypes`: the attribute names and types of an object type, in lexical order.

use std::fmt;

use crate::ty::Type;
use crate::value::Key;

/// The attributes of an object type: names in lexical order, each with its type.
///
/// A sorted array whose names are shared strings: the type of an object value
/// takes its names from the value's own keys (a reference count each, no copy),
/// and reading an attribute is a binary search. Built from any `(name, type)`
/// pairs, in any order; a repeated name keeps its last type, as a map insert
/// would.
///
/// ```
/// use terrace_types::{AttrTypes, Type};
/// let attrs: AttrTypes = [("b", Type::Number), ("a", Type::String)].into_iter().collect();
/// assert_eq!(attrs.keys().map(|k| &**k).collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(attrs.get("b"), Some(&Type::Number));
/// assert!(!attrs.contains_key("c"));
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttrTypes(Vec<(Key, Type)>);

impl AttrTypes {
    /// No attributes.
    pub fn new() -> AttrTypes {
        AttrTypes::default()
    }

    /// Attributes already in strictly increasing name order (the keys of an
    /// object value, which keep that order).
    pub(crate) fn from_sorted(attrs: Vec<(Key, Type)>) -> AttrTypes {
        debug_assert!(attrs.windows(2).all(|pair| pair[0].0 < pair[1].0));
        AttrTypes(attrs)
    }

    /// The type of attribute `name`.
    pub fn get(&self, name: &str) -> Option<&Type> {
        self.position(name).ok().map(|at| &self.0[at].1)
    }

    /// True when there is an attribute `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_ok()
    }

    /// Sets the type of attribute `name`; returns its earlier type, if any.
    pub fn insert(&mut self, name: impl Into<Key>, ty: Type) -> Option<Type> {
        let name = name.into();
        match self.position(&name) {
            Ok(at) => Some(std::mem::replace(&mut self.0[at].1, ty)),
            Err(at) => {
                self.0.insert(at, (name, ty));
                None
            }
        }
    }

    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Names and types, in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Key, &Type)> + ExactSizeIterator {
        self.0.iter().map(|(name, ty)| (name, ty))
    }

    /// Names, in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator {
        self.0.iter().map(|(name, _)| name)
    }

    /// Types, in name order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Type> + ExactSizeIterator {
        self.0.iter().map(|(_, ty)| ty)
    }

    fn position(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(key, _)| (**key).cmp(name))
    }
}

impl<K: Into<Key>> FromIterator<(K, Type)> for AttrTypes {
    fn from_iter<I: IntoIterator<Item = (K, Type)>>(attrs: I) -> AttrTypes {
        let mut attrs: Vec<(Key, Type)> = attrs.into_iter().map(|(k, t)| (k.into(), t)).collect();
        if attrs.windows(2).all(|pair| pair[0].0 < pair[1].0) {
            return AttrTypes(attrs);
        }
        // Stable: of equal names, the last one given is last, and is kept.
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut unique: Vec<(Key, Type)> = Vec::with_capacity(attrs.len());
        for attr in attrs {
            match unique.last_mut() {
                Some(last) if last.0 == attr.0 => *last = attr,
                _ => unique.push(attr),
            }
        }
        AttrTypes(unique)
    }
}

impl<'a> IntoIterator for &'a AttrTypes {
    type Item = (&'a Key, &'a Type);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (Key, Type)>,
        fn(&'a (Key, Type)) -> (&'a Key, &'a Type),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(name, ty)| (name, ty))
    }
}

/// Prints as a map, `{"a": String}`.
impl fmt::Debug for AttrTypes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_name_keeps_its_last_type() {
        let attrs: AttrTypes = [("a", Type::Number), ("b", Type::Bool), ("a", Type::String)]
            .into_iter()
            .collect();
        assert_eq!(attrs.len(), 2);
        assert_eq!(attrs.get("a"), Some(&Type::String));
        assert_eq!(format!("{attrs:?}"), r#"{"a": String, "b": Bool}"#);
    }

    #[test]
    fn insert_keeps_name_order() {
        let mut attrs = AttrTypes::new();
        assert_eq!(attrs.insert("m", Type::Number), None);
        assert_eq!(attrs.insert("a", Type::Bool), None);
        assert_eq!(attrs.insert("z", Type::String), None);
        assert_eq!(attrs.insert("m", Type::Bool), Some(Type::Number));
        let names: Vec<&str> = attrs.keys().map(|k| &**k).collect();
        assert_eq!(names, ["a", "m", "z"]);
        assert_eq!(
            attrs.values().cloned().collect::<Vec<_>>(),
            [Type::Bool, Type::Bool, Type::String]
        );
        assert!(attrs.contains_key("z") && !attrs.contains_key("b"));
    }
}
