//! Set element order: cty's iteration order for set elements.
//!
//! Strings sort lexically (by bytes), numbers ascending, `false` before `true`;
//! other element types in a stable order derived from their contents.

use std::cmp::Ordering;

use crate::value::{Repr, Value};

/// Compares two values of one type in set order.
pub fn compare(a: &Value, b: &Value) -> Ordering {
    match (a.repr(), b.repr()) {
        (Repr::String(x), Repr::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Repr::Number(x), Repr::Number(y)) => x.cmp(y),
        (Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
        (Repr::Seq(x), Repr::Seq(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                let o = compare(p, q);
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
        (Repr::Attrs(x), Repr::Attrs(y)) => {
            for ((kp, p), (kq, q)) in x.iter().zip(y.iter()) {
                let o = kp.cmp(kq).then_with(|| compare(p, q));
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
        _ => rank(a).cmp(&rank(b)),
    }
}

/// Known values first, then unknown, then null.
fn rank(v: &Value) -> u8 {
    match v.repr() {
        Repr::Null => 3,
        Repr::Unknown => 2,
        _ => 1,
    }
}

/// Sorts `elems` in set order and removes duplicates (equal by set order).
pub fn sorted_unique(elems: impl IntoIterator<Item = Value>) -> im::Vector<Value> {
    let mut v: Vec<Value> = elems.into_iter().collect();
    v.sort_by(compare);
    v.dedup_by(|a, b| compare(a, b) == Ordering::Equal && !matches!(a.repr(), Repr::Unknown));
    v.into_iter().collect()
}
