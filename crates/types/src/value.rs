//! `Value`: a typed cty value that is known, null or unknown, with marks.

use std::sync::Arc;

use crate::attrs::Attrs;
use crate::marks::Marks;
use crate::number::Number;
use crate::seq::Seq;
use crate::ty::Type;

/// Keys of maps and attribute names of objects.
pub type Key = Arc<str>;

/// A cty value: always typed, possibly null or unknown, possibly marked.
///
/// Cloning is O(1): strings are shared, collections are shared arrays (`Seq`, `Attrs`).
///
/// Invariants kept by the constructors:
/// - strings are NFC-normalised;
/// - the elements of a list, set or map all have the collection's element type
///   (the caller converts them first; constructors do not convert);
/// - set elements are sorted in cty's set order (`set_order`) with duplicates removed.
#[derive(Clone, Debug)]
pub struct Value {
    ty: Type,
    repr: Repr,
    marks: Marks,
}

/// The data of a value. Read it with [`Value::repr`]; build values with the constructors.
#[derive(Clone, Debug)]
pub enum Repr {
    /// A null value of the value's type.
    Null,
    /// A value not known yet, of the value's type.
    Unknown,
    /// A `bool`.
    Bool(bool),
    /// A `number`.
    Number(Number),
    /// A `string`, NFC-normalised.
    String(Arc<str>),
    /// The elements of a list, tuple or set (sets: sorted, deduplicated).
    Seq(Seq),
    /// The entries of a map or the attributes of an object, in lexical key order.
    Attrs(Attrs),
    /// The type a [`Type::TypeCapsule`] value holds.
    Type(Type),
}

impl Value {
    /// A null value of type `ty` (`null` alone is `Value::null(Type::Dynamic)`).
    pub fn null(ty: Type) -> Value {
        Value {
            ty,
            repr: Repr::Null,
            marks: Marks::NONE,
        }
    }

    /// An unknown value of type `ty`.
    pub fn unknown(ty: Type) -> Value {
        Value {
            ty,
            repr: Repr::Unknown,
            marks: Marks::NONE,
        }
    }

    /// A `bool`.
    pub fn bool(b: bool) -> Value {
        Value {
            ty: Type::Bool,
            repr: Repr::Bool(b),
            marks: Marks::NONE,
        }
    }

    /// A `number`.
    pub fn number(n: Number) -> Value {
        Value {
            ty: Type::Number,
            repr: Repr::Number(n),
            marks: Marks::NONE,
        }
    }

    /// A `number` from an integer (cty's `NumberIntVal`).
    pub fn int(i: i64) -> Value {
        Value::number(Number::from_i64(i))
    }

    /// A `string`, normalised to NFC.
    pub fn string(s: impl AsRef<str>) -> Value {
        Value {
            ty: Type::String,
            repr: Repr::String(crate::text::nfc(s.as_ref())),
            marks: Marks::NONE,
        }
    }

    /// A `list(elem_ty)`; every element must already have type `elem_ty`.
    pub fn list(elem_ty: Type, elems: impl IntoIterator<Item = Value>) -> Value {
        Value {
            ty: Type::list(elem_ty),
            repr: Repr::Seq(elems.into_iter().collect()),
            marks: Marks::NONE,
        }
    }

    /// A list typed as cty's `ListVal` types one: by its elements. Its element type
    /// is that of the first element whose type is not `any`, or `elem_ty` when there
    /// is none (no elements, or only nulls and unknowns of type `any`); those nulls
    /// and unknowns take the element type. Every other element must have it already.
    ///
    /// ```
    /// use terrace_types::{Type, Value};
    /// let list = Value::list_of_elements(
    ///     Type::Dynamic,
    ///     [Value::null(Type::Dynamic), Value::string("a")],
    /// );
    /// assert_eq!(list.ty(), &Type::list(Type::String));
    /// ```
    pub fn list_of_elements(elem_ty: Type, elems: impl IntoIterator<Item = Value>) -> Value {
        let elems: Vec<Value> = elems.into_iter().collect();
        let ety = inferred_element_type(elem_ty, elems.iter());
        let elems: Vec<Value> = elems.into_iter().map(|v| typed_as(v, &ety)).collect();
        Value::list(ety, elems)
    }

    /// A map typed as cty's `MapVal` types one: by its entries, as
    /// [`Value::list_of_elements`] types a list.
    ///
    /// ```
    /// use terrace_types::{Type, Value};
    /// let map = Value::map_of_entries(
    ///     Type::Dynamic,
    ///     [("c", Value::null(Type::Dynamic)), ("k", Value::tuple([]))],
    /// );
    /// assert_eq!(map.ty(), &Type::map(Type::tuple(Vec::new())));
    /// ```
    pub fn map_of_entries<K: Into<Key>>(
        elem_ty: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Value {
        let entries: Vec<(K, Value)> = entries.into_iter().collect();
        let ety = inferred_element_type(elem_ty, entries.iter().map(|(_, v)| v));
        let entries: Vec<(K, Value)> = entries
            .into_iter()
            .map(|(k, v)| (k, typed_as(v, &ety)))
            .collect();
        Value::map(ety, entries)
    }

    /// A `set(elem_ty)`; every element must already have type `elem_ty`. Sorts and deduplicates.
    ///
    /// As in cty, set elements carry no marks: the marks found anywhere in the elements
    /// move to the set itself (`toset([sensitive("a")])` is a sensitive set).
    pub fn set(elem_ty: Type, elems: impl IntoIterator<Item = Value>) -> Value {
        let mut marks = Marks::NONE;
        let elems = elems.into_iter().map(|v| {
            let (v, m) = v.unmark_deep();
            marks |= m;
            v
        });
        let elems = crate::set_order::sorted_unique(elems);
        Value {
            ty: Type::set(elem_ty),
            repr: Repr::Seq(elems),
            marks,
        }
    }

    /// A `map(elem_ty)`; every element must already have type `elem_ty`.
    pub fn map<K: Into<Key>>(
        elem_ty: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Value {
        Value {
            ty: Type::map(elem_ty),
            repr: Repr::Attrs(
                entries
                    .into_iter()
                    .map(|(k, v)| (nfc_key(k.into()), v))
                    .collect(),
            ),
            marks: Marks::NONE,
        }
    }

    /// A tuple; its type is built from the elements' types.
    pub fn tuple(elems: impl IntoIterator<Item = Value>) -> Value {
        let elems: Vec<Value> = elems.into_iter().collect();
        // The type and whether the elements are plain, in one pass.
        let mut types = crate::TupleTypeBuilder::new();
        let mut plain = true;
        for elem in &elems {
            types.push(&elem.ty);
            plain &= elem.is_plain();
        }
        let ty = Type::Tuple(types.finish());
        let elems = Seq::from_vec_plain(elems, plain);
        Value {
            ty,
            repr: Repr::Seq(elems),
            marks: Marks::NONE,
        }
    }

    /// An object; its type is built from the attributes' types.
    pub fn object<K: Into<Key>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        let attrs: Attrs = attrs
            .into_iter()
            .map(|(k, v)| (nfc_key(k.into()), v))
            .collect();
        Value::object_of(attrs)
    }

    /// An object of attributes already in strictly increasing key order, keys in
    /// NFC (as the text of every string value is): what a `for` expression has
    /// sorted. Checked only by debug assertions; [`Value::object`] sorts and
    /// normalises.
    ///
    /// ```
    /// use terrace_types::{Key, Value};
    /// let sorted = vec![(Key::from("a"), Value::int(1)), (Key::from("b"), Value::int(2))];
    /// assert_eq!(Value::object_from_sorted(sorted), Value::object([("b", Value::int(2)), ("a", Value::int(1))]));
    /// ```
    pub fn object_from_sorted(attrs: Vec<(Key, Value)>) -> Value {
        debug_assert!(attrs.iter().all(|(k, _)| crate::text::is_nfc(k)));
        Value::object_of(Attrs::from_sorted(attrs))
    }

    fn object_of(attrs: Attrs) -> Value {
        let ty = Type::Object(Arc::new(crate::ObjectType {
            attrs: crate::AttrTypes::from_sorted(
                // A slice's iterator: collected into one allocation of the right size.
                attrs
                    .as_slice()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.ty.clone()))
                    .collect(),
            ),
            optional: std::collections::BTreeSet::new(),
        }));
        Value {
            ty,
            repr: Repr::Attrs(attrs),
            marks: Marks::NONE,
        }
    }

    /// What the console-only `type(x)` returns: `ty` held in a `type` capsule, marked
    /// [`Marks::TYPE_TYPE`] so the console can tell it apart from every other value.
    pub fn type_capsule(ty: Type) -> Value {
        Value {
            ty: Type::TypeCapsule,
            repr: Repr::Type(ty),
            marks: Marks::TYPE_TYPE,
        }
    }

    /// The empty tuple `[]`.
    pub fn empty_tuple() -> Value {
        Value::tuple(std::iter::empty())
    }

    /// The empty object `{}`.
    pub fn empty_object() -> Value {
        Value::object(std::iter::empty::<(Key, Value)>())
    }

    /// Builds a value from parts without checking them. The caller keeps the invariants
    /// listed on [`Value`] (element types, NFC strings, set order).
    pub fn from_parts(ty: Type, repr: Repr, marks: Marks) -> Value {
        Value { ty, repr, marks }
    }

    /// Takes the value apart into its type, data and marks (see [`Value::from_parts`]).
    pub fn into_parts(self) -> (Type, Repr, Marks) {
        (self.ty, self.repr, self.marks)
    }

    /// This map with `key` set to `value` (which must have the map's element type),
    /// updating the map in place when nothing else shares it. Other values are
    /// returned unchanged.
    pub fn map_insert(self, key: impl Into<Key>, value: Value) -> Value {
        match (self.ty, self.repr) {
            (ty @ Type::Map(_), Repr::Attrs(mut attrs)) => {
                attrs.insert(nfc_key(key.into()), value);
                Value {
                    ty,
                    repr: Repr::Attrs(attrs),
                    marks: self.marks,
                }
            }
            (ty, repr) => Value {
                ty,
                repr,
                marks: self.marks,
            },
        }
    }

    /// This object with attribute `name` set to `value` (added or replaced),
    /// updating the object and its type in place when nothing else shares
    /// them: O(log n), where rebuilding with [`Value::object`] is O(n).
    /// Other values are returned unchanged.
    ///
    /// ```
    /// use terrace_types::Value;
    /// let object = Value::object([("a", Value::int(1))]).object_insert("b", Value::bool(true));
    /// assert_eq!(object, Value::object([("a", Value::int(1)), ("b", Value::bool(true))]));
    /// ```
    pub fn object_insert(self, name: impl Into<Key>, value: Value) -> Value {
        match (self.ty, self.repr) {
            (Type::Object(mut object), Repr::Attrs(mut attrs)) => {
                let name = nfc_key(name.into());
                Arc::make_mut(&mut object)
                    .attrs
                    .insert(name.clone(), value.ty.clone());
                attrs.insert(name, value);
                Value {
                    ty: Type::Object(object),
                    repr: Repr::Attrs(attrs),
                    marks: self.marks,
                }
            }
            (ty, repr) => Value {
                ty,
                repr,
                marks: self.marks,
            },
        }
    }

    /// The value's type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The value's data.
    pub fn repr(&self) -> &Repr {
        &self.repr
    }

    /// The value's marks (only those on this value itself, not on nested values).
    pub fn marks(&self) -> Marks {
        self.marks
    }

    /// The same value with `marks` added.
    pub fn mark(mut self, marks: Marks) -> Value {
        self.marks = self.marks.union(marks);
        self
    }

    /// The same value with no marks on itself, and the marks it had.
    pub fn unmark(mut self) -> (Value, Marks) {
        let marks = self.marks;
        self.marks = Marks::NONE;
        (self, marks)
    }

    /// The same value with no marks anywhere inside it, and the union of the marks removed.
    pub fn unmark_deep(self) -> (Value, Marks) {
        if !self.has_any_mark_deep() {
            return (self, Marks::NONE);
        }
        let mut found = self.marks;
        let repr = match self.repr {
            Repr::Seq(elems) => Repr::Seq(
                elems
                    .into_iter()
                    .map(|v| {
                        let (v, m) = v.unmark_deep();
                        found |= m;
                        v
                    })
                    .collect(),
            ),
            Repr::Attrs(attrs) => Repr::Attrs(
                attrs
                    .into_iter()
                    .map(|(k, v)| {
                        let (v, m) = v.unmark_deep();
                        found |= m;
                        (k, v)
                    })
                    .collect(),
            ),
            other => other,
        };
        (
            Value {
                ty: self.ty,
                repr,
                marks: Marks::NONE,
            },
            found,
        )
    }

    fn has_any_mark_deep(&self) -> bool {
        if !self.marks.is_empty() {
            return true;
        }
        match &self.repr {
            Repr::Seq(elems) => !elems.is_plain() && elems.iter().any(Value::has_any_mark_deep),
            Repr::Attrs(attrs) => !attrs.is_plain() && attrs.values().any(Value::has_any_mark_deep),
            _ => false,
        }
    }

    /// True when this value is known and unmarked, and so is everything in it:
    /// for a list, set, tuple, map or object, what it recorded when it was built.
    pub(crate) fn is_plain(&self) -> bool {
        if !self.marks.is_empty() {
            return false;
        }
        match &self.repr {
            Repr::Unknown => false,
            Repr::Seq(elems) => elems.is_plain(),
            Repr::Attrs(attrs) => attrs.is_plain(),
            _ => true,
        }
    }

    /// True when this value is null.
    pub fn is_null(&self) -> bool {
        matches!(self.repr, Repr::Null)
    }

    /// True when this value itself is known (it may still contain unknowns).
    pub fn is_known(&self) -> bool {
        !matches!(self.repr, Repr::Unknown)
    }

    /// True when neither this value nor anything nested in it is unknown.
    pub fn is_wholly_known(&self) -> bool {
        match &self.repr {
            Repr::Unknown => false,
            Repr::Seq(elems) => elems.is_plain() || elems.iter().all(Value::is_wholly_known),
            Repr::Attrs(attrs) => attrs.is_plain() || attrs.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// True when this value or anything nested in it carries `marks`.
    pub fn has_mark_deep(&self, marks: Marks) -> bool {
        if self.marks.contains(marks) {
            return true;
        }
        match &self.repr {
            Repr::Seq(elems) => !elems.is_plain() && elems.iter().any(|v| v.has_mark_deep(marks)),
            Repr::Attrs(attrs) => {
                !attrs.is_plain() && attrs.values().any(|v| v.has_mark_deep(marks))
            }
            _ => false,
        }
    }

    /// The string, for a known `string` value.
    pub fn as_str(&self) -> Option<&str> {
        match &self.repr {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, for a known `number` value.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.repr {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The boolean, for a known `bool` value.
    pub fn as_bool(&self) -> Option<bool> {
        match &self.repr {
            Repr::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements, for a known list, tuple or set.
    pub fn as_seq(&self) -> Option<&Seq> {
        match &self.repr {
            Repr::Seq(elems) => Some(elems),
            _ => None,
        }
    }

    /// The entries or attributes, for a known map or object.
    pub fn as_attrs(&self) -> Option<&Attrs> {
        match &self.repr {
            Repr::Attrs(attrs) => Some(attrs),
            _ => None,
        }
    }

    /// The number of elements or attributes, for a known collection or structural value.
    pub fn length(&self) -> Option<usize> {
        match &self.repr {
            Repr::Seq(elems) => Some(elems.len()),
            Repr::Attrs(attrs) => Some(attrs.len()),
            _ => None,
        }
    }
}

impl Value {
    /// True when this value itself carries marks.
    pub fn is_marked(&self) -> bool {
        !self.marks.is_empty()
    }

    /// The union of the marks on this value and on everything nested in it.
    pub fn marks_deep(&self) -> Marks {
        let mut found = self.marks;
        match &self.repr {
            Repr::Seq(elems) => elems.iter().for_each(|v| found |= v.marks_deep()),
            Repr::Attrs(attrs) => attrs.values().for_each(|v| found |= v.marks_deep()),
            _ => {}
        }
        found
    }

    /// The same value with `marks` added to it and to every value nested in it.
    ///
    /// Sets are the exception at their own level: their elements stay unmarked and
    /// the set carries the marks, as cty requires.
    pub fn mark_deep(self, marks: Marks) -> Value {
        if marks.is_empty() {
            return self;
        }
        let is_set = self.ty.is_set();
        let repr = match self.repr {
            Repr::Seq(elems) if !is_set => {
                Repr::Seq(elems.into_iter().map(|v| v.mark_deep(marks)).collect())
            }
            Repr::Attrs(attrs) => Repr::Attrs(
                attrs
                    .into_iter()
                    .map(|(k, v)| (k, v.mark_deep(marks)))
                    .collect(),
            ),
            other => other,
        };
        Value {
            ty: self.ty,
            repr,
            marks: self.marks | marks,
        }
    }

    /// The value of attribute `name`, for a known object.
    pub fn get_attr(&self, name: &str) -> Option<&Value> {
        match (&self.ty, &self.repr) {
            (Type::Object(_), Repr::Attrs(attrs)) => attrs.get(name),
            _ => None,
        }
    }

    /// The element at `index`, for a known list or tuple.
    pub fn index(&self, index: usize) -> Option<&Value> {
        match (&self.ty, &self.repr) {
            (Type::List(_) | Type::Tuple(_), Repr::Seq(elems)) => elems.get(index),
            _ => None,
        }
    }

    /// The element with key `key`, for a known map.
    pub fn map_get(&self, key: &str) -> Option<&Value> {
        match (&self.ty, &self.repr) {
            (Type::Map(_), Repr::Attrs(attrs)) => attrs.get(key),
            _ => None,
        }
    }
}

fn nfc_key(key: Key) -> Key {
    if crate::text::is_nfc(&key) {
        key
    } else {
        crate::text::nfc(&key)
    }
}

/// The element type cty's `ListVal` and `MapVal` give a collection of `elems`: the
/// first type that is not `any`, else `fallback`.
fn inferred_element_type<'v>(fallback: Type, mut elems: impl Iterator<Item = &'v Value>) -> Type {
    if !fallback.has_dynamic() {
        return fallback;
    }
    elems
        .find(|v| !v.ty().is_dynamic())
        .map_or(fallback, |v| v.ty().clone())
}

/// `value` with type `ty` when it is a null or unknown of type `any` (its marks kept);
/// otherwise unchanged.
fn typed_as(value: Value, ty: &Type) -> Value {
    if !value.ty().is_dynamic() || ty.is_dynamic() {
        return value;
    }
    let (value, marks) = value.unmark();
    let retyped = if value.is_null() {
        Value::null(ty.clone())
    } else if !value.is_known() {
        Value::unknown(ty.clone())
    } else {
        value
    };
    retyped.mark(marks)
}
