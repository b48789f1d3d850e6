//! Which of several types unification prefers: the most general first (cty's
//! `compareTypes` and `sortTypes`).
//!
//! `string` is more general than `number` and `bool`; `any` is the least preferred; a
//! list is preferred to a tuple, a map to an object, and a list or tuple to a set;
//! objects and tuples compare attribute by attribute, collections by element type.

use std::cmp::Ordering;

use crate::ty::Type;

/// `Less` when `a` is more general than `b` (preferred as the unified type), `Greater`
/// when `b` is, `Equal` when neither or both.
pub(crate) fn compare_types(a: &Type, b: &Type) -> Ordering {
    if a.is_dynamic() || b.is_dynamic() {
        return match (a.is_dynamic(), b.is_dynamic()) {
            (false, true) => Ordering::Less,
            (true, false) => Ordering::Greater,
            _ => Ordering::Equal,
        };
    }
    if a.is_primitive() && b.is_primitive() {
        return match (a == &Type::String, b == &Type::String) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            _ => Ordering::Equal,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => return compare_types(x, y),
        _ => {}
    }
    // Order each kind pair one way round, remembering whether we swapped.
    let swapped = matches!(
        (a, b),
        (Type::Tuple(_), Type::List(_))
            | (Type::Object(_), Type::Map(_))
            | (Type::Set(_), Type::Tuple(_))
            | (Type::Set(_), Type::List(_))
    );
    let (a, b) = if swapped { (b, a) } else { (a, b) };
    let result = match (a, b) {
        (Type::Tuple(_) | Type::List(_), Type::Set(_)) => Ordering::Less,
        (Type::List(_), Type::Tuple(_)) => Ordering::Less,
        (Type::Map(_), Type::Object(_)) => Ordering::Less,
        (Type::Object(x), Type::Object(y)) => {
            if x.attrs.len() != y.attrs.len() || !x.attrs.keys().all(|k| y.attrs.contains_key(k)) {
                return Ordering::Equal;
            }
            // The same names, in the same (lexical) order.
            pairwise(x.attrs.values().zip(y.attrs.values()))
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return Ordering::Equal;
            }
            pairwise(x.iter().zip(y.iter()))
        }
        _ => Ordering::Equal,
    };
    if swapped { result.reverse() } else { result }
}

/// One side is more general when some parts of it are and none of the other's are.
fn pairwise<'a>(pairs: impl Iterator<Item = (&'a Type, &'a Type)>) -> Ordering {
    let (mut a_super, mut b_super) = (false, false);
    for (x, y) in pairs {
        match compare_types(x, y) {
            Ordering::Less => a_super = true,
            Ordering::Greater => b_super = true,
            Ordering::Equal => {}
        }
    }
    match (a_super, b_super) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => Ordering::Equal,
    }
}

/// Indices into `types`, most preferred first: a topological order of "more general
/// than", keeping the given order among types that do not compare.
pub(crate) fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                Ordering::Less => edges[i].push(j),
                Ordering::Greater => edges[j].push(i),
                Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                order.push(j);
            }
        }
    }
    // A cycle cannot happen with the rules above; keep every type regardless.
    for i in 0..n {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    order
}
