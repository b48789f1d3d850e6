//! `Seq`: the elements of a list, tuple or set, one shared contiguous array.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::value::Value;

/// The elements of a list, tuple or set: a shared, immutable, contiguous array.
///
/// Cloning is O(1) (one reference count). Values are built in one go (from an
/// iterator or a `Vec`) and never updated in place, so a flat array is smaller
/// and faster to build and walk than a persistent vector: 100,000 numbers take
/// one allocation instead of thousands of 64-slot chunks. Read it as a slice
/// (`Seq` dereferences to `[Value]`).
///
/// A sequence also knows, from when it was built, whether it is *plain*: every
/// element known and unmarked, at every depth. Asking a plain sequence of
/// 100,000 numbers whether it holds marks or unknowns is then one read, not a
/// walk (function calls ask that of every argument).
///
/// ```
/// use terrace_types::{Seq, Value};
/// let seq: Seq = (1..=3).map(Value::int).collect();
/// assert_eq!(seq.len(), 3);
/// assert_eq!(seq[1], Value::int(2));
/// ```
#[derive(Clone, Default)]
pub struct Seq(Arc<SeqData>);

/// The elements, and whether they are all plain (see [`Seq`]).
#[derive(Clone)]
struct SeqData {
    elems: Vec<Value>,
    plain: bool,
}

impl Default for SeqData {
    fn default() -> SeqData {
        SeqData {
            elems: Vec::new(),
            plain: true,
        }
    }
}

impl Seq {
    /// An empty sequence.
    pub fn new() -> Seq {
        Seq::default()
    }

    /// The elements as a slice.
    pub fn as_slice(&self) -> &[Value] {
        &self.0.elems
    }

    /// The elements as a `Vec`, without copying when nothing else shares them.
    pub fn into_vec(self) -> Vec<Value> {
        Arc::unwrap_or_clone(self.0).elems
    }

    /// True when every element is known and unmarked, at every depth.
    pub fn is_plain(&self) -> bool {
        self.0.plain
    }
}

impl Deref for Seq {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        &self.0.elems
    }
}

impl fmt::Debug for Seq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<Vec<Value>> for Seq {
    fn from(elems: Vec<Value>) -> Seq {
        let plain = elems.iter().all(Value::is_plain);
        Seq::from_vec_plain(elems, plain)
    }
}

impl Seq {
    /// `elems`, whose plainness the caller has worked out (see [`Seq`]).
    pub(crate) fn from_vec_plain(mut elems: Vec<Value>, plain: bool) -> Seq {
        debug_assert_eq!(plain, elems.iter().all(Value::is_plain));
        shrink_excess(&mut elems);
        Seq(Arc::new(SeqData { elems, plain }))
    }
}

/// Gives back what `vec` holds beyond its length when that is much: a `Vec`
/// grown by pushes may hold twice what it needs, and values live long.
pub(crate) fn shrink_excess<T>(vec: &mut Vec<T>) {
    if vec.capacity() > vec.len() + vec.len() / 8 {
        vec.shrink_to_fit();
    }
}

impl FromIterator<Value> for Seq {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Seq {
        Seq::from(iter.into_iter().collect::<Vec<Value>>())
    }
}

impl IntoIterator for Seq {
    type Item = Value;
    type IntoIter = SeqIntoIter;

    /// Moves the elements out when nothing else shares them, and clones them
    /// one at a time otherwise (no copy of the whole array up front).
    fn into_iter(self) -> SeqIntoIter {
        match Arc::try_unwrap(self.0) {
            Ok(data) => SeqIntoIter::Owned(data.elems.into_iter()),
            Err(shared) => {
                let back = shared.elems.len();
                SeqIntoIter::Shared {
                    elems: Seq(shared),
                    front: 0,
                    back,
                }
            }
        }
    }
}

/// The elements of a [`Seq`], by value.
#[derive(Debug)]
pub enum SeqIntoIter {
    /// The array was not shared: elements are moved out.
    Owned(std::vec::IntoIter<Value>),
    /// The array is shared: the elements from `front` to `back` (exclusive) are cloned.
    Shared {
        /// The shared sequence.
        elems: Seq,
        /// The next element from the front.
        front: usize,
        /// One past the next element from the back.
        back: usize,
    },
}

impl Iterator for SeqIntoIter {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        match self {
            SeqIntoIter::Owned(elems) => elems.next(),
            SeqIntoIter::Shared { elems, front, back } => {
                if *front >= *back {
                    return None;
                }
                let elem = elems.get(*front)?.clone();
                *front += 1;
                Some(elem)
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = match self {
            SeqIntoIter::Owned(elems) => elems.len(),
            SeqIntoIter::Shared { front, back, .. } => back.saturating_sub(*front),
        };
        (left, Some(left))
    }
}

impl ExactSizeIterator for SeqIntoIter {}

impl DoubleEndedIterator for SeqIntoIter {
    fn next_back(&mut self) -> Option<Value> {
        match self {
            SeqIntoIter::Owned(elems) => elems.next_back(),
            SeqIntoIter::Shared { elems, front, back } => {
                if *front >= *back {
                    return None;
                }
                *back -= 1;
                elems.get(*back).cloned()
            }
        }
    }
}

impl<'a> IntoIterator for &'a Seq {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.elems.iter()
    }
}
