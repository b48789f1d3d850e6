//! JSON rendering of values (`to_json`, as `jsonencode` writes) and of types.

use terrace_types::{Type, Value, to_json, to_typed_json, type_to_json};

use crate::build::*;

#[track_caller]
fn check(v: Value, expect: &str) {
    assert_eq!(to_json(&v).unwrap(), expect);
}

#[test]
fn values() {
    check(
        obj([
            ("b", n(1)),
            ("a", tup([b(true), null(), s("x")])),
            ("c", num("1.5")),
        ]),
        r#"{"a":[true,null,"x"],"b":1,"c":1.5}"#,
    );
    check(null(), "null");
    check(num("0.1"), "0.1");
    check(list(ANY, []), "[]");
    check(map(ANY, []), "{}");
    check(set(Type::String, [s("b"), s("a")]), r#"["a","b"]"#);
    check(obj([("a\nb", s("\u{e9}\u{1f600}"))]), "{\"a\\nb\":\"é😀\"}");
}

#[test]
fn string_escapes() {
    // jsonencode("<a&b>\u2028\u2029\u0001\u007f\t\n\r\"\\") and jsonencode("\b\f\u001f").
    check(
        s("<a&b>\u{2028}\u{2029}\u{1}\u{7f}\t\n\r\"\\"),
        "\"\\u003ca\\u0026b\\u003e\\u2028\\u2029\\u0001\u{7f}\\t\\n\\r\\\"\\\\\"",
    );
    check(s("\u{8}\u{c}\u{1f}"), r#""\b\f\u001f""#);
}

#[test]
fn unknown_and_marked_values_fail() {
    let err = to_json(&tup([n(1), Value::unknown(Type::Number)])).unwrap_err();
    assert_eq!(err.to_string(), "[1]: value is not known");
    let err = to_json(&obj([("a", sensitive(n(1)))])).unwrap_err();
    assert_eq!(
        err.to_string(),
        ".a: value has marks, so it cannot be serialized as JSON"
    );
}

#[test]
fn types() {
    assert_eq!(type_to_json(&Type::String), r#""string""#);
    assert_eq!(type_to_json(&list_of(Type::Number)), r#"["list","number"]"#);
    assert_eq!(type_to_json(&map_of(ANY)), r#"["map","dynamic"]"#);
    assert_eq!(
        type_to_json(&object_of([("b", Type::Bool), ("a", set_of(Type::String))])),
        r#"["object",{"a":["set","string"],"b":"bool"}]"#
    );
    assert_eq!(
        type_to_json(&Type::object_with_optional([("a", Type::Bool)], ["a"])),
        r#"["object",{"a":"bool"},["a"]]"#
    );
    assert_eq!(
        type_to_json(&tuple_of([Type::String, Type::Number])),
        r#"["tuple",["string","number"]]"#
    );
    assert_eq!(
        to_typed_json(&tup([s("a")])).unwrap(),
        r#"{"value":["a"],"type":["tuple",["string"]]}"#
    );
}
