//! Value equality: the `==` operator (cty's `Equals`) and structural identity (`RawEquals`).

use crate::ty::Type;
use crate::value::{Repr, Value};

impl Value {
    /// The `==` operator: a `bool` value, as cty's `Equals` computes it.
    ///
    /// - Type and value must both match: `"1" == 1` and `[1] == tolist([1])` are false.
    /// - Numbers compare by value (`1 == 1.0`), strings after NFC normalisation.
    /// - Nulls are equal to each other whatever their types (`tostring(null) == null`);
    ///   a null and a non-null value are not equal.
    /// - The result is an unknown `bool` when the answer depends on unknown values (a
    ///   known null compared with an unknown is unknown too, since it may become null).
    /// - The result carries the marks of both operands, from every depth: HCL's `==`
    ///   calls cty's `EqualFunc`, which unmarks its arguments deeply and marks the result
    ///   (`{a = sensitive("x")} == null` is a sensitive `false`).
    pub fn equals(&self, other: &Value) -> Value {
        let marks = self.marks_deep() | other.marks_deep();
        if !marks.is_empty() {
            let (a, _) = self.clone().unmark_deep();
            let (b, _) = other.clone().unmark_deep();
            return a.equals(&b).mark(marks);
        }
        match equals_unmarked(self, other) {
            Some(b) => Value::bool(b),
            None => Value::unknown(Type::Bool),
        }
    }

    /// True when both values are identical: same type, same marks at every depth, the
    /// same data, unknown where the other is unknown and null where the other is null.
    /// Unlike [`Value::equals`] this never answers "unknown"; it is for tests and for
    /// comparing results, not an operator of the language.
    pub fn raw_equals(&self, other: &Value) -> bool {
        if self.ty() != other.ty() || self.marks() != other.marks() {
            return false;
        }
        match (self.repr(), other.repr()) {
            (Repr::Unknown, Repr::Unknown) | (Repr::Null, Repr::Null) => true,
            (Repr::Bool(a), Repr::Bool(b)) => a == b,
            (Repr::Number(a), Repr::Number(b)) => a == b,
            (Repr::String(a), Repr::String(b)) => a == b,
            (Repr::Seq(a), Repr::Seq(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.raw_equals(y))
            }
            (Repr::Attrs(a), Repr::Attrs(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|((ka, x), (kb, y))| ka == kb && x.raw_equals(y))
            }
            _ => false,
        }
    }
}

/// `Some(answer)` for a known answer, `None` for unknown. Both values are unmarked.
fn equals_unmarked(a: &Value, b: &Value) -> Option<bool> {
    if (a.is_null() && definitely_not_null(b)) || (b.is_null() && definitely_not_null(a)) {
        return Some(false);
    }
    match (a.is_known(), b.is_known()) {
        (false, false) => return None,
        (true, false) => return known_against_unknown(a, b),
        (false, true) => return known_against_unknown(b, a),
        (true, true) => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return Some(true),
        (true, false) | (false, true) => return Some(false),
        (false, false) => {}
    }
    if !has_wholly_known_type(a) || !has_wholly_known_type(b) {
        if !a.ty().conforms(b.ty()) && !b.ty().conforms(a.ty()) {
            return Some(false);
        }
        return None;
    }
    if a.ty() != b.ty() {
        return Some(false);
    }
    match (a.repr(), b.repr()) {
        (Repr::Number(x), Repr::Number(y)) => Some(x == y),
        (Repr::Bool(x), Repr::Bool(y)) => Some(x == y),
        (Repr::String(x), Repr::String(y)) => Some(x == y),
        (Repr::Seq(x), Repr::Seq(y)) if a.ty().is_set() => sets_equal(x, y),
        (Repr::Seq(x), Repr::Seq(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all_equal(x.iter().zip(y.iter()))
        }
        (Repr::Attrs(x), Repr::Attrs(y)) => {
            if x.len() != y.len() || !x.keys().eq(y.keys()) {
                return Some(false);
            }
            all_equal(x.values().zip(y.values()))
        }
        _ => Some(false),
    }
}

/// Pairwise equality in order: unknown as soon as a pair is unknown, false at the first
/// unequal pair (later pairs are not looked at, as in cty).
fn all_equal<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>) -> Option<bool> {
    for (x, y) in pairs {
        match equals_unmarked(x, y) {
            None => return None,
            Some(false) => return Some(false),
            Some(true) => {}
        }
    }
    Some(true)
}

/// Two sets are equal when all their elements are known and each is in the other. Both
/// are sorted in set order without duplicates, so that is a pairwise comparison; an
/// element with unknowns inside is in no set (it equals nothing for certain).
fn sets_equal(x: &crate::Seq, y: &crate::Seq) -> Option<bool> {
    if x.iter().chain(y.iter()).any(|v| !v.is_known()) {
        return None;
    }
    Some(
        x.len() == y.len()
            && x.iter().zip(y.iter()).all(|(a, b)| {
                a.is_wholly_known() && b.is_wholly_known() && equals_unmarked(a, b) == Some(true)
            }),
    )
}

fn known_against_unknown(known: &Value, unknown: &Value) -> Option<bool> {
    if known.is_null() || unknown.ty().has_dynamic() {
        return None;
    }
    if known.ty() != unknown.ty() {
        return Some(false);
    }
    None
}

fn definitely_not_null(v: &Value) -> bool {
    v.is_known() && !v.is_null()
}

/// False when the value holds, at any depth, an unknown whose type is not known yet.
fn has_wholly_known_type(v: &Value) -> bool {
    match v.repr() {
        Repr::Null => true,
        Repr::Unknown => !v.ty().has_dynamic(),
        Repr::Seq(elems) => elems.iter().all(has_wholly_known_type),
        Repr::Attrs(attrs) => attrs.values().all(has_wholly_known_type),
        _ => true,
    }
}

/// `==` on values in Rust code is structural identity ([`Value::raw_equals`]), handy in
/// tests; the language's `==` operator is [`Value::equals`].
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.raw_equals(other)
    }
}
