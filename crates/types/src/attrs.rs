//! `Attrs`: the entries of a map or the attributes of an object, one shared sorted array.

use std::fmt;
use std::sync::Arc;

use crate::seq::shrink_excess;
use crate::value::{Key, Value};

/// The entries of a map or the attributes of an object: a shared array of
/// `(key, value)` pairs in lexical key order, keys unique.
///
/// Cloning is O(1). Lookups are binary searches. Objects and maps are built in
/// one go (from an iterator), so a flat array is much smaller than a persistent
/// tree: a three-attribute object is one allocation of three pairs, where an
/// `im::OrdMap` node has 64 slots. [`Attrs::insert`] updates the only copy in
/// place (O(n) moves at worst, none when keys come in order) and copies a
/// shared one. Like [`crate::Seq`], it knows whether every value is plain
/// (known and unmarked at every depth); after a removal it may say no where a
/// walk would say yes, never the other way round.
///
/// ```
/// use terrace_types::{Attrs, Key, Value};
/// let attrs: Attrs = [("b", Value::int(2)), ("a", Value::int(1)), ("b", Value::int(3))]
///     .into_iter()
///     .collect();
/// assert_eq!(attrs.keys().map(|k| &**k).collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(attrs.get("b"), Some(&Value::int(3)));
/// ```
#[derive(Clone, Default)]
pub struct Attrs(Arc<AttrsData>);

/// The entries, and whether all values are plain.
#[derive(Clone)]
struct AttrsData {
    entries: Vec<(Key, Value)>,
    plain: bool,
}

impl Default for AttrsData {
    fn default() -> AttrsData {
        AttrsData {
            entries: Vec::new(),
            plain: true,
        }
    }
}

impl AttrsData {
    fn new(entries: Vec<(Key, Value)>) -> AttrsData {
        let plain = entries.iter().all(|(_, v)| v.is_plain());
        AttrsData { entries, plain }
    }
}

impl Attrs {
    /// No entries.
    pub fn new() -> Attrs {
        Attrs::default()
    }

    /// Builds from pairs already sorted by key with no key twice (not checked
    /// beyond a debug assertion).
    pub fn from_sorted(mut entries: Vec<(Key, Value)>) -> Attrs {
        debug_assert!(entries.windows(2).all(|pair| pair[0].0 < pair[1].0));
        shrink_excess(&mut entries);
        Attrs(Arc::new(AttrsData::new(entries)))
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.0.entries.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.entries.is_empty()
    }

    /// True when every value is known and unmarked, at every depth.
    pub fn is_plain(&self) -> bool {
        self.0.plain
    }

    /// The pairs, in key order.
    pub fn as_slice(&self) -> &[(Key, Value)] {
        &self.0.entries
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.entries.binary_search_by(|(k, _)| (**k).cmp(key))
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).ok().map(|idx| &self.0.entries[idx].1)
    }

    /// The stored key and the value of `key`.
    pub fn get_key_value(&self, key: &str) -> Option<(&Key, &Value)> {
        self.find(key).ok().map(|idx| {
            let (k, v) = &self.0.entries[idx];
            (k, v)
        })
    }

    /// True when `key` has an entry.
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`; returns the value it replaces.
    pub fn insert(&mut self, key: Key, value: Value) -> Option<Value> {
        let data = Arc::make_mut(&mut self.0);
        data.plain &= value.is_plain();
        let entries = &mut data.entries;
        match entries.binary_search_by(|(k, _)| (**k).cmp(&*key)) {
            Ok(idx) => Some(std::mem::replace(&mut entries[idx].1, value)),
            Err(idx) => {
                entries.insert(idx, (key, value));
                None
            }
        }
    }

    /// Removes `key`; returns its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let idx = self.find(key).ok()?;
        Some(Arc::make_mut(&mut self.0).entries.remove(idx).1)
    }

    /// A copy with `key` set to `value` (this one unchanged).
    pub fn update(&self, key: Key, value: Value) -> Attrs {
        let mut updated = self.clone();
        updated.insert(key, value);
        updated
    }

    /// The entries as `(key, value)` references, in key order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.0.entries.iter())
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator {
        self.0.entries.iter().map(|(k, _)| k)
    }

    /// The values, in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.0.entries.iter().map(|(_, v)| v)
    }
}

impl fmt::Debug for Attrs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Later pairs replace earlier ones with the same key, as inserting them in turn would.
impl<K: Into<Key>> FromIterator<(K, Value)> for Attrs {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Attrs {
        let mut entries: Vec<(Key, Value)> = iter.into_iter().map(|(k, v)| (k.into(), v)).collect();
        if !entries.windows(2).all(|pair| pair[0].0 < pair[1].0) {
            // Stable: pairs with the same key stay in the order they came in.
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let mut unique: Vec<(Key, Value)> = Vec::with_capacity(entries.len());
            for (key, value) in entries {
                match unique.last_mut() {
                    Some(last) if last.0 == key => last.1 = value,
                    _ => unique.push((key, value)),
                }
            }
            entries = unique;
        }
        shrink_excess(&mut entries);
        Attrs(Arc::new(AttrsData::new(entries)))
    }
}

impl<K: Into<Key>> Extend<(K, Value)> for Attrs {
    fn extend<I: IntoIterator<Item = (K, Value)>>(&mut self, iter: I) {
        for (key, value) in iter {
            self.insert(key.into(), value);
        }
    }
}

impl IntoIterator for Attrs {
    type Item = (Key, Value);
    type IntoIter = std::vec::IntoIter<(Key, Value)>;

    /// The pairs in key order, moved out when nothing else shares them.
    fn into_iter(self) -> Self::IntoIter {
        Arc::unwrap_or_clone(self.0).entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a Attrs {
    type Item = (&'a Key, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The entries of an [`Attrs`] as `(key, value)` references.
#[derive(Clone, Debug)]
pub struct Iter<'a>(std::slice::Iter<'a, (Key, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Key, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Marks, Type};

    /// What the recorded flag answers must be what a walk answers.
    #[test]
    fn plain_follows_inserts_and_nesting() {
        let sensitive = Value::int(1).mark(Marks::SENSITIVE);
        let unknown = Value::unknown(Type::Number);
        let mut attrs: Attrs = [("a", Value::int(1))].into_iter().collect();
        assert!(attrs.is_plain());
        let shared = attrs.clone();
        attrs.insert(
            Key::from("b"),
            Value::tuple([Value::tuple([sensitive.clone()])]),
        );
        assert!(!attrs.is_plain());
        assert!(shared.is_plain(), "the shared copy is unchanged");
        let object = Value::object(attrs.iter().map(|(k, v)| (k.clone(), v.clone())));
        assert!(object.clone().unmark_deep().1.contains(Marks::SENSITIVE));
        assert!(object.is_wholly_known());
        let with_unknown = Value::tuple([Value::int(2), Value::tuple([unknown])]);
        assert!(!with_unknown.is_wholly_known());
        assert!(with_unknown.clone().unmark_deep().1.is_empty());
        let unmarked = object.unmark_deep().0;
        assert!(unmarked.as_attrs().is_some_and(Attrs::is_plain));
        // A marked value around plain elements is not plain itself.
        let marked_list = Value::tuple([Value::int(1)]).mark(Marks::SENSITIVE);
        assert!(
            Value::tuple([marked_list])
                .clone()
                .unmark_deep()
                .1
                .contains(Marks::SENSITIVE)
        );
    }
}
