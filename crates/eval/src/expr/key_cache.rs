//! The keys of identifier object keys (`{name = ...}`), shared between the
//! objects one evaluation builds.

use terrace_types::Key;

/// A small direct-mapped cache of object keys by text: an object constructor
/// evaluated once per element of a `for` gives all its objects the same key
/// strings instead of a new allocation per key and object.
#[derive(Debug, Default)]
pub(crate) struct KeyCache {
    /// Empty until the first key; then [`KeyCache::SLOTS`] slots.
    slots: Vec<Option<Key>>,
}

impl KeyCache {
    /// The number of slots: objects written in a configuration have few keys.
    const SLOTS: usize = 64;

    /// The key for `text`, shared with the last equal key made here.
    pub(crate) fn get(&mut self, text: &str) -> Key {
        if self.slots.is_empty() {
            self.slots.resize(Self::SLOTS, None);
        }
        let hash = text.bytes().fold(text.len() as u64, |hash, byte| {
            (hash.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x517c_c1b7_2722_0a95)
        });
        // The high bits are the best mixed; the index is below SLOTS, the
        // length of the non-empty slot vector.
        let slot = &mut self.slots[(hash >> 58) as usize];
        match slot {
            Some(key) if **key == *text => key.clone(),
            _ => {
                let key = Key::from(text);
                *slot = Some(key.clone());
                key
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::KeyCache;

    #[test]
    fn equal_texts_share_one_key_and_different_texts_do_not_mix() {
        let mut cache = KeyCache::default();
        let first = cache.get("name");
        let again = cache.get("name");
        assert!(Arc::ptr_eq(&first, &again));
        let names: Vec<String> = (0..500).map(|i| format!("key{i}")).collect();
        for name in &names {
            assert_eq!(&*cache.get(name), name.as_str());
        }
        assert_eq!(&*cache.get("name"), "name");
    }
}
