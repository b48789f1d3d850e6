//! `TupleType`: the element types of a tuple type, one shared type when they are all alike.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, Index};
use std::sync::{Arc, OnceLock};

use crate::ty::Type;

/// The element types of a `tuple([...])` type.
///
/// Most tuples hold elements of one type (`[for i in xs : i * 2]` is a tuple of
/// 100,000 numbers): such a tuple type is kept as that one type and a length,
/// instead of one `Type` per element. Read it with [`TupleType::len`],
/// [`TupleType::get`] and [`TupleType::iter`], which never build the per-element
/// array; it also dereferences to `&[Type]`, building that array once, on first
/// use, for the rare code that needs a slice. Cloning is O(1). Equality, order and
/// hashing compare the element types one by one, whatever the representation.
///
/// ```
/// use terrace_types::{TupleType, Type};
/// let uniform = TupleType::from_types([Type::Number, Type::Number]);
/// assert_eq!(uniform.len(), 2);
/// assert_eq!(uniform.get(1), Some(&Type::Number));
/// assert_eq!(uniform, TupleType::uniform(Type::Number, 2));
/// let mixed = TupleType::from_types([Type::Number, Type::String]);
/// assert_eq!(mixed.iter().cloned().collect::<Vec<_>>(), [Type::Number, Type::String]);
/// ```
#[derive(Clone)]
pub struct TupleType(Arc<Elems>);

/// The two forms of a tuple type's elements.
enum Elems {
    /// `len` elements of type `ty`, with the per-element array built on demand.
    Uniform {
        ty: Type,
        len: usize,
        slice: OnceLock<Box<[Type]>>,
    },
    /// Elements of differing types.
    Mixed(Box<[Type]>),
}

impl TupleType {
    /// `len` elements, all of type `ty`.
    pub fn uniform(ty: Type, len: usize) -> TupleType {
        TupleType(Arc::new(Elems::Uniform {
            ty,
            len,
            slice: OnceLock::new(),
        }))
    }

    /// The element types in order; kept as one type when they are all equal.
    pub fn from_types(types: impl IntoIterator<Item = Type>) -> TupleType {
        let mut builder = TupleTypeBuilder::new();
        for ty in types {
            builder.push(&ty);
        }
        builder.finish()
    }

    /// The element types of `types`, borrowed: equal types are compared, not
    /// cloned, so a uniform tuple costs one clone in all.
    pub fn from_type_refs<'a>(types: impl IntoIterator<Item = &'a Type>) -> TupleType {
        let mut builder = TupleTypeBuilder::new();
        for ty in types {
            builder.push(ty);
        }
        builder.finish()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        match &*self.0 {
            Elems::Uniform { len, .. } => *len,
            Elems::Mixed(types) => types.len(),
        }
    }

    /// True for `tuple([])`.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The type of element `index`.
    pub fn get(&self, index: usize) -> Option<&Type> {
        match &*self.0 {
            Elems::Uniform { ty, len, .. } => (index < *len).then_some(ty),
            Elems::Mixed(types) => types.get(index),
        }
    }

    /// The element type shared by every element and the number of elements,
    /// when the tuple is kept as one type (always so for an empty tuple).
    pub fn as_uniform(&self) -> Option<(&Type, usize)> {
        match &*self.0 {
            Elems::Uniform { ty, len, .. } => Some((ty, *len)),
            Elems::Mixed(_) => None,
        }
    }

    /// The element types in order, without building the per-element array.
    pub fn iter(&self) -> TupleTypeIter<'_> {
        TupleTypeIter {
            tuple: self,
            front: 0,
            back: self.len(),
        }
    }

    /// The element types as a slice; built once for a uniform tuple.
    pub fn as_slice(&self) -> &[Type] {
        match &*self.0 {
            Elems::Uniform { ty, len, slice } => {
                slice.get_or_init(|| vec![ty.clone(); *len].into_boxed_slice())
            }
            Elems::Mixed(types) => types,
        }
    }
}

impl Deref for TupleType {
    type Target = [Type];

    fn deref(&self) -> &[Type] {
        self.as_slice()
    }
}

impl Index<usize> for TupleType {
    type Output = Type;

    /// Element `index`'s type; panics when out of range, as a slice does.
    fn index(&self, index: usize) -> &Type {
        match self.get(index) {
            Some(ty) => ty,
            None => panic!(
                "tuple element {index} out of range for a tuple of {}",
                self.len()
            ),
        }
    }
}

/// Builds a [`TupleType`] one element type at a time, keeping one type for as
/// long as the elements are alike: no per-element array for a uniform tuple.
///
/// ```
/// use terrace_types::{TupleTypeBuilder, TupleType, Type};
/// let mut builder = TupleTypeBuilder::new();
/// for _ in 0..3 {
///     builder.push(&Type::String);
/// }
/// assert_eq!(builder.finish(), TupleType::uniform(Type::String, 3));
/// ```
#[derive(Default)]
pub struct TupleTypeBuilder {
    /// The type of every element so far, and how many, while they are alike.
    uniform: Option<(Type, usize)>,
    /// Every element's type, once two differ.
    mixed: Vec<Type>,
}

impl TupleTypeBuilder {
    /// A builder with no elements yet.
    pub fn new() -> TupleTypeBuilder {
        TupleTypeBuilder::default()
    }

    /// Adds an element of type `ty` (cloned only when it is the first, or differs).
    #[inline]
    pub fn push(&mut self, ty: &Type) {
        match &mut self.uniform {
            Some((first, len)) if same_type(first, ty) => *len += 1,
            Some(_) => self.go_mixed(ty.clone()),
            None if self.mixed.is_empty() => self.uniform = Some((ty.clone(), 1)),
            None => self.mixed.push(ty.clone()),
        }
    }

    /// Adds `n` elements of type `ty`.
    pub fn push_n(&mut self, ty: &Type, n: usize) {
        if n == 0 {
            return;
        }
        match &mut self.uniform {
            Some((first, len)) if first == ty => *len += n,
            None if self.mixed.is_empty() => self.uniform = Some((ty.clone(), n)),
            _ => {
                for _ in 0..n {
                    self.push(ty);
                }
            }
        }
    }

    /// Leaves the uniform form: the elements so far, one by one, then `ty`.
    fn go_mixed(&mut self, ty: Type) {
        if let Some((first, len)) = self.uniform.take() {
            self.mixed.reserve(len + 1);
            self.mixed.extend(std::iter::repeat_n(first, len));
        }
        self.mixed.push(ty);
    }

    /// The tuple type of the elements pushed.
    pub fn finish(self) -> TupleType {
        match self.uniform {
            Some((ty, len)) => TupleType::uniform(ty, len),
            None if self.mixed.is_empty() => TupleType::uniform(Type::Dynamic, 0),
            None => TupleType(Arc::new(Elems::Mixed(self.mixed.into_boxed_slice()))),
        }
    }
}

/// `a == b`, without a call for the primitive types (most tuple elements).
#[inline]
fn same_type(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Number, Type::Number)
        | (Type::String, Type::String)
        | (Type::Bool, Type::Bool)
        | (Type::Dynamic, Type::Dynamic) => true,
        _ => a == b,
    }
}

/// The element types of a [`TupleType`], in order.
#[derive(Clone)]
pub struct TupleTypeIter<'a> {
    tuple: &'a TupleType,
    front: usize,
    back: usize,
}

impl<'a> Iterator for TupleTypeIter<'a> {
    type Item = &'a Type;

    fn next(&mut self) -> Option<&'a Type> {
        if self.front == self.back {
            return None;
        }
        let ty = self.tuple.get(self.front);
        self.front += 1;
        ty
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.back - self.front;
        (left, Some(left))
    }
}

impl DoubleEndedIterator for TupleTypeIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        self.tuple.get(self.back)
    }
}

impl ExactSizeIterator for TupleTypeIter<'_> {}

impl<'a> IntoIterator for &'a TupleType {
    type Item = &'a Type;
    type IntoIter = TupleTypeIter<'a>;

    fn into_iter(self) -> TupleTypeIter<'a> {
        self.iter()
    }
}

impl FromIterator<Type> for TupleType {
    fn from_iter<I: IntoIterator<Item = Type>>(types: I) -> TupleType {
        TupleType::from_types(types)
    }
}

impl PartialEq for TupleType {
    fn eq(&self, other: &TupleType) -> bool {
        if Arc::ptr_eq(&self.0, &other.0) {
            return true;
        }
        match (self.as_uniform(), other.as_uniform()) {
            (Some((a, m)), Some((b, n))) => m == n && (m == 0 || a == b),
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for TupleType {}

impl PartialOrd for TupleType {
    fn partial_cmp(&self, other: &TupleType) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The order of the element slices (element by element, then by length).
impl Ord for TupleType {
    fn cmp(&self, other: &TupleType) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

/// Hashes as the element slice does: the length, then each element type.
impl Hash for TupleType {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for ty in self {
            ty.hash(state);
        }
    }
}

impl fmt::Debug for TupleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn hash(tuple: &TupleType) -> u64 {
        let mut hasher = DefaultHasher::new();
        tuple.hash(&mut hasher);
        hasher.finish()
    }

    #[test]
    fn both_forms_compare_and_hash_alike() {
        let uniform = TupleType::uniform(Type::String, 3);
        let built = TupleType::from_types(vec![Type::String; 3]);
        assert_eq!(built.as_uniform(), Some((&Type::String, 3)));
        // A uniform tuple against the same elements kept one by one.
        let slice = TupleType(Arc::new(Elems::Mixed(vec![Type::String; 3].into())));
        assert_eq!(uniform, slice);
        assert_eq!(hash(&uniform), hash(&slice));
        assert_eq!(uniform.cmp(&slice), Ordering::Equal);
        assert_ne!(uniform, TupleType::uniform(Type::String, 2));
        assert_ne!(uniform, TupleType::uniform(Type::Number, 3));
    }

    #[test]
    fn mixed_elements_keep_their_order() {
        let tuple = TupleType::from_types([Type::Number, Type::Number, Type::Bool, Type::Number]);
        assert_eq!(tuple.as_uniform(), None);
        assert_eq!(tuple.len(), 4);
        assert_eq!(tuple.get(2), Some(&Type::Bool));
        assert_eq!(tuple.get(4), None);
        assert_eq!(
            tuple.iter().rev().cloned().collect::<Vec<_>>(),
            [Type::Number, Type::Bool, Type::Number, Type::Number]
        );
        let from_refs = TupleType::from_type_refs(tuple.iter());
        assert_eq!(from_refs, tuple);
    }

    #[test]
    fn a_uniform_tuple_reads_as_a_slice_too() {
        let tuple = TupleType::uniform(Type::Bool, 2);
        assert_eq!(tuple.as_slice(), &[Type::Bool, Type::Bool][..]);
        assert_eq!(tuple[1], Type::Bool);
        assert!(TupleType::from_types([]).is_empty());
        assert!(TupleType::uniform(Type::Number, 0) == TupleType::uniform(Type::Bool, 0));
    }

    #[test]
    fn order_is_the_slices_order() {
        let short = TupleType::from_types([Type::Number]);
        let long = TupleType::from_types([Type::Number, Type::String]);
        assert_eq!(short.cmp(&long), [Type::Number][..].cmp(long.as_slice()));
        assert_eq!(long.cmp(&short), Ordering::Greater);
    }
}
