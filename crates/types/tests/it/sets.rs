//! Set order and duplicates, as `terraform console` prints `toset([...])`.

use terrace_types::{Type, Value, format_value, set_order_compare};

use crate::build::*;

/// Builds a set of `ty` from `elems` and prints it.
#[track_caller]
fn check<const N: usize>(ty: Type, elems: [Value; N], expect: &str) {
    assert_eq!(format_value(&set(ty, elems)), expect);
}

#[test]
fn primitives() {
    check(
        Type::Number,
        [n(1), n(10), n(2)],
        "toset([\n  1,\n  2,\n  10,\n])",
    );
    check(
        Type::String,
        [s("b"), s("a"), s("B")],
        "toset([\n  \"B\",\n  \"a\",\n  \"b\",\n])",
    );
    check(
        Type::Bool,
        [b(true), b(false)],
        "toset([\n  false,\n  true,\n])",
    );
    check(
        Type::Number,
        [n(3), n(-1), num("0.5")],
        "toset([\n  -1,\n  0.5,\n  3,\n])",
    );
    check(
        Type::Number,
        [n(1), num("1.0"), n(2)],
        "toset([\n  1,\n  2,\n])",
    );
    check(
        Type::String,
        [s("a"), Value::null(Type::String), Value::null(Type::String)],
        "toset([\n  \"a\",\n  tostring(null),\n])",
    );
}

#[test]
fn compound_elements_sort_by_cty_hash_text() {
    let nums = |i: i64| tup([n(i)]);
    check(
        tuple_of([Type::Number]),
        [nums(1), nums(0)],
        "toset([\n  [\n    0,\n  ],\n  [\n    1,\n  ],\n])",
    );
    // "[10;]" sorts before "[9;]".
    check(
        tuple_of([Type::Number]),
        [nums(10), nums(9)],
        "toset([\n  [\n    10,\n  ],\n  [\n    9,\n  ],\n])",
    );
    check(
        tuple_of([Type::Number]),
        [nums(-1), nums(-10), nums(2)],
        "toset([\n  [\n    -10,\n  ],\n  [\n    -1,\n  ],\n  [\n    2,\n  ],\n])",
    );
    // 100000000000 hashes as "1e+11", before "2".
    check(
        tuple_of([Type::Number]),
        [nums(2), nums(100_000_000_000)],
        "toset([\n  [\n    100000000000,\n  ],\n  [\n    2,\n  ],\n])",
    );
    check(
        tuple_of([Type::Number]),
        [tup([num("0.5")]), tup([num("0.25")])],
        "toset([\n  [\n    0.25,\n  ],\n  [\n    0.5,\n  ],\n])",
    );
    check(
        tuple_of([Type::Bool]),
        [tup([b(true)]), tup([b(false)])],
        "toset([\n  [\n    false,\n  ],\n  [\n    true,\n  ],\n])",
    );
    // Strings inside are Go-quoted: `"a\""` hashes after `"a#"`.
    check(
        tuple_of([Type::String]),
        [tup([s("a#")]), tup([s("a\"")])],
        "toset([\n  [\n    \"a#\",\n  ],\n  [\n    \"a\\\"\",\n  ],\n])",
    );
    let a = |v: Value| obj([("a", v)]);
    check(
        object_of([("a", Type::Number)]),
        [a(n(1)), a(n(0))],
        "toset([\n  {\n    \"a\" = 0\n  },\n  {\n    \"a\" = 1\n  },\n])",
    );
    check(
        object_of([("a", Type::String)]),
        [a(s("b")), a(s("a\"c")), a(s("a"))],
        "toset([\n  {\n    \"a\" = \"a\"\n  },\n  {\n    \"a\" = \"a\\\"c\"\n  },\n  {\n    \"a\" = \"b\"\n  },\n])",
    );
    check(
        map_of(Type::String),
        [
            map(Type::String, [("b", s("1"))]),
            map(Type::String, [("a", s("2"))]),
        ],
        "toset([\n  tomap({\n    \"a\" = \"2\"\n  }),\n  tomap({\n    \"b\" = \"1\"\n  }),\n])",
    );
    check(
        list_of(Type::Number),
        [list(Type::Number, [n(1)]), list(Type::Number, [])],
        "toset([\n  tolist([\n    1,\n  ]),\n  tolist([]),\n])",
    );
}

#[test]
fn duplicates_and_unknowns() {
    let v = set(
        list_of(Type::Number),
        [
            list(Type::Number, [n(1)]),
            list(Type::Number, [num("1.0")]),
            list(Type::Number, [n(2)]),
        ],
    );
    assert_eq!(v.length(), Some(2));
    // Unknown elements are never duplicates, and sort after the known ones.
    let v = set(
        Type::String,
        [
            Value::unknown(Type::String),
            s("a"),
            Value::unknown(Type::String),
        ],
    );
    assert_eq!(
        format_value(&v),
        "toset([\n  \"a\",\n  (known after apply),\n  (known after apply),\n])"
    );
    let with_unknown = |x: Value| tup([x, Value::unknown(Type::Number)]);
    let v = set(
        tuple_of([Type::Number, Type::Number]),
        [with_unknown(n(1)), with_unknown(n(1))],
    );
    assert_eq!(v.length(), Some(2));
}

#[test]
fn comparison_is_exported() {
    use std::cmp::Ordering;
    assert_eq!(set_order_compare(&s("B"), &s("a")), Ordering::Less);
    assert_eq!(set_order_compare(&n(10), &n(9)), Ordering::Greater);
    assert_eq!(
        set_order_compare(&tup([n(10)]), &tup([n(9)])),
        Ordering::Less
    );
    assert_eq!(
        set_order_compare(&Value::null(Type::Number), &n(9)),
        Ordering::Greater
    );
}
