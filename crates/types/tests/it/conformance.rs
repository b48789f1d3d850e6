//! Conformance cases (`../shared/conformance/cases.jsonl`) about conversion, equality and
//! formatting, reproduced at the value level until the evaluator runs them end to end.
//! Most cases sit with their topic (`convert.rs`, `format.rs`, …, tagged with their id);
//! these are the rest. Each row: id, the value the expression produces (or the
//! conversion it performs), and Terraform's output, copied from the file.

use terrace_types::{Type, Value, can_convert, convert, format_value};

use crate::build::*;

fn converted(v: Value, want: Type) -> Value {
    convert(&v, &want).unwrap()
}

#[test]
fn outputs() {
    let cases: Vec<(&str, Value, &str)> = vec![
        ("lit-043", obj([("K", n(1))]), "{\n  \"K\" = 1\n}"),
        ("lit-044", obj([("ab", n(1))]), "{\n  \"ab\" = 1\n}"),
        ("lit-045", obj([("a-b", n(1))]), "{\n  \"a-b\" = 1\n}"),
        ("lit-047", obj([("true", n(1))]), "{\n  \"true\" = 1\n}"),
        ("lit-050", obj([("a", n(2))]), "{\n  \"a\" = 2\n}"),
        ("cond-002", n(2), "2"),
        ("cond-013", s("a"), "\"a\""),
        // upper(5): the argument converts to string.
        ("imp-012", converted(n(5), Type::String), "\"5\""),
        // abs("-3"): the argument converts to number.
        ("imp-014", converted(s("-3"), Type::Number), "-3"),
        // join(",", [1, true, "a"]): the list argument converts to list(string).
        (
            "imp-019",
            converted(tup([n(1), b(true), s("a")]), list_of(Type::String)),
            "tolist([\n  \"1\",\n  \"true\",\n  \"a\",\n])",
        ),
        // split(",", 12) → tolist(["12"]) after converting 12.
        ("imp-020", converted(n(12), Type::String), "\"12\""),
        (
            "cvt-016",
            converted(obj([("a", n(1)), ("b", s("x"))]), map_of(ANY)),
            "tomap({\n  \"a\" = \"1\"\n  \"b\" = \"x\"\n})",
        ),
        ("sens-010", tup([n(1), n(2)]), "[\n  1,\n  2,\n]"),
        ("sens-011", s("x"), "\"x\""),
    ];
    for (id, value, expect) in cases {
        assert_eq!(format_value(&value), expect, "case {id}");
    }
}

#[test]
fn impossible_conversions() {
    // Functions word these themselves ("cannot convert tuple to string"); the type
    // system only has to refuse them.
    let cases: Vec<(&str, Type, Type)> = vec![
        ("conv-005", tuple_of([Type::Number]), Type::String),
        ("conv-014", Type::Bool, Type::Number),
        ("conv-058", tuple_of([Type::Number]), map_of(ANY)),
        (
            "tomap({a = 1, b = tolist([1])})",
            object_of([("a", Type::Number), ("b", list_of(Type::Number))]),
            map_of(ANY),
        ),
        (
            "tolist([\"a\", [], \"b\"])",
            tuple_of([Type::String, tuple_of([]), Type::String]),
            list_of(ANY),
        ),
        (
            "tolist({a = 1})",
            object_of([("a", Type::Number)]),
            list_of(ANY),
        ),
    ];
    for (id, from, to) in cases {
        assert!(!can_convert(&from, &to), "case {id}");
    }
}
