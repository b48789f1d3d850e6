//! Console formatting of values (`format_value`): exact Terraform outputs, and snapshots
//! of larger nested values (each checked against `terraform console`).

use terrace_types::{Marks, Number, Type, Value, format_value};

use crate::build::*;

#[track_caller]
fn check(v: Value, expect: &str) {
    assert_eq!(format_value(&v), expect, "formatting {v:?}");
}

#[test]
fn primitives() {
    check(num("-2.5"), "-2.5"); // lit-005
    check(n(250), "250"); // lit-009
    check(b(true), "true");
    check(s(""), r#""""#); // lit-017
    check(s("cr\rlf"), r#""cr\rlf""#); // lit-019
    check(s("back\\slash"), r#""back\\slash""#); // lit-021
    check(s("mixed \u{e9}\t\"x\""), "\"mixed é\\t\\\"x\\\"\""); // lit-025
    check(s("nul\0"), r#""nul\x00""#); // fmt-023
    check(s("zero\u{200b}width"), r#""zero\u200bwidth""#); // fmt-024
    check(s("\u{ff}\u{100}"), "\"ÿĀ\""); // fmt-025
    check(s("${x} %{y}"), r#""${x} %{y}""#);
    check(s("tab\there"), r#""tab\there""#);
    check(s("\r"), r#""\r""#);
    check(Value::number(Number::from_i64(-7)), "-7");
}

#[test]
fn nulls() {
    check(null(), "null"); // lit-030
    check(Value::null(Type::String), "tostring(null)");
    check(Value::null(Type::Number), "tonumber(null)");
    check(Value::null(Type::Bool), "tobool(null)");
    check(Value::null(list_of(ANY)), "tolist(null) /* of dynamic */");
    check(Value::null(set_of(ANY)), "toset(null) /* of dynamic */");
    check(Value::null(map_of(ANY)), "tomap(null) /* of dynamic */");
    check(
        Value::null(list_of(list_of(Type::String))),
        "tolist(null) /* of list of string */",
    );
    check(
        Value::null(object_of([("a", Type::Number)])),
        "null /* object */",
    ); // cond-018
    check(Value::null(tuple_of([Type::Number])), "null /* tuple */");
    check(tup([Value::null(Type::String)]), "[\n  tostring(null),\n]"); // fmt-037
    check(tup([null()]), "[\n  null,\n]");
    check(map(ANY, [("a", null())]), "tomap({\n  \"a\" = null\n})");
}

#[test]
fn unknown_and_marked() {
    check(Value::unknown(Type::String), "(known after apply)");
    check(
        tup([Value::unknown(Type::Number), n(1)]),
        "[\n  (known after apply),\n  1,\n]",
    );
    check(sensitive(obj([("a", n(1))])), "(sensitive value)"); // sens-003
    check(
        obj([("a", sensitive(s("s"))), ("b", n(1))]),
        "{\n  \"a\" = (sensitive value)\n  \"b\" = 1\n}",
    ); // sens-006
    check(sensitive(null()), "(sensitive value)");
    check(n(1).mark(Marks::EPHEMERAL), "(ephemeral value)");
    check(
        tup([sensitive(s("a")), s("b")]),
        "[\n  (sensitive value),\n  \"b\",\n]",
    );
}

#[test]
fn collections() {
    check(
        tup([n(1), s("a"), b(true), null()]),
        "[\n  1,\n  \"a\",\n  true,\n  null,\n]",
    ); // lit-033
    check(obj([("a", n(1))]), "{\n  \"a\" = 1\n}"); // lit-038
    check(
        obj([("quoted key", n(1)), ("x.y", n(2))]),
        "{\n  \"quoted key\" = 1\n  \"x.y\" = 2\n}",
    ); // lit-040
    check(tup([]), "[]");
    check(obj([]), "{}");
    check(
        obj([
            ("a", list(ANY, [])),
            ("b", set(ANY, [])),
            ("c", map(ANY, [])),
        ]),
        "{\n  \"a\" = tolist([])\n  \"b\" = toset([])\n  \"c\" = tomap({})\n}",
    ); // fmt-010
    check(
        set(set_of(Type::String), [set(Type::String, [s("a")])]),
        "toset([\n  toset([\n    \"a\",\n  ]),\n])",
    ); // fmt-007
    check(list(Type::String, [s("x")]), "tolist([\n  \"x\",\n])"); // cond-008
}

#[test]
fn heredocs() {
    check(s("a\nb"), "<<EOT\na\nb\nEOT");
    check(s("a\n"), "<<EOT\na\n\nEOT");
    check(s("\n"), "<<EOT\n\n\nEOT"); // fmt-020
    check(s("a\tb\nc"), "<<EOT\na\tb\nc\nEOT");
    check(s("a\r\nb"), "<<EOT\na\r\nb\nEOT");
    check(s("EOT\nx"), "<<EOT_\nEOT\nx\nEOT_"); // fmt-016
    check(s("EOT\nEOT_"), "<<EOT__\nEOT\nEOT_\nEOT__"); // fmt-017
    check(s("  EOT  \nx"), "<<EOT_\n  EOT  \nx\nEOT_"); // fmt-018
    check(s(" EOT\nx"), "<<EOT_\n EOT\nx\nEOT_");
    check(
        tup([s("a\nb"), s("c")]),
        "[\n  <<-EOT\n  a\n  b\n  EOT,\n  \"c\",\n]",
    ); // fmt-013
    check(
        obj([("k", tup([s("x\ny")]))]),
        "{\n  \"k\" = [\n    <<-EOT\n    x\n    y\n    EOT,\n  ]\n}",
    ); // fmt-015
    check(
        obj([("a", s("x\ny"))]),
        "{\n  \"a\" = <<-EOT\n  x\n  y\n  EOT\n}",
    );
    check(
        set(Type::String, [s("a\nb")]),
        "toset([\n  <<-EOT\n  a\n  b\n  EOT,\n])",
    );
    // Keys are strings too, quoted or as heredocs, in byte order.
    check(
        obj([
            ("with space", n(1)),
            ("\u{e9}", n(2)),
            ("\"", n(3)),
            ("a\nb", n(4)),
        ]),
        "{\n  \"\\\"\" = 3\n  <<-EOT\n  a\n  b\n  EOT = 4\n  \"with space\" = 1\n  \"é\" = 2\n}",
    ); // fmt-026
}

#[test]
fn nested_value_snapshot() {
    let v = obj([
        (
            "list",
            list(
                object_of([("id", Type::Number), ("tags", set_of(Type::String))]),
                [
                    obj([("id", n(1)), ("tags", set(Type::String, [s("b"), s("a")]))]),
                    obj([("id", n(2)), ("tags", set(Type::String, []))]),
                ],
            ),
        ),
        (
            "map",
            map(
                list_of(Type::String),
                [
                    ("x", list(Type::String, [s("one\ntwo")])),
                    ("y", list(Type::String, [])),
                ],
            ),
        ),
        ("null", Value::null(map_of(Type::Bool))),
        ("secret", sensitive(s("hunter2"))),
        ("tuple", tup([n(1), tup([]), obj([])])),
    ]);
    insta::assert_snapshot!(format_value(&v));
}
