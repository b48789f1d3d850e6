//! `InstanceKey`: which instance of a resource or module call — the key `count` or `for_each` gives it.

/// Which instance of a resource or module call: none for a single one, the
/// index with `count`, the key with `for_each`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstanceKey {
    /// No `count` or `for_each`.
    None,
    /// `count.index`.
    Index(usize),
    /// `each.key`.
    Key(String),
}
