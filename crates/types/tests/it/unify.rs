//! Unification (`unify`, `unify_values`): the common type of conditional results and of
//! elements converted to collections of `any`.
//!
//! Expected results come from conditionals at `terraform console` (HCL unifies the two
//! result types with cty's `UnifyUnsafe`), e.g. `false ? [] : ["a", 1]`.

use terrace_types::{Type, Value, format_type, format_value, unify, unify_safe, unify_values};

use crate::build::*;

/// Unifies the values and prints the one chosen (the last), or the error.
#[track_caller]
fn check(values: Vec<Value>, expect: &str) {
    let got = match unify_values(&values) {
        Ok((_, converted)) => format_value(converted.last().unwrap()),
        Err(e) => format!("error: {e}"),
    };
    assert_eq!(got, expect);
}

#[track_caller]
fn check_type(types: Vec<Type>, expect: Option<&str>) {
    assert_eq!(unify(&types).map(|t| format_type(&t)).as_deref(), expect);
}

#[test]
fn conditional_results() {
    check(vec![n(1), s("a")], "\"a\""); // true ? 1 : "a" picks 1 as "1"
    check(vec![s("a"), n(1)], "\"1\""); // cond-004
    check(vec![b(true), s("x")], "\"x\""); // cond-007 (unified to string)
    check(vec![tup([]), tup([s("x")])], "tolist([\n  \"x\",\n])"); // cond-008
    check(
        vec![obj([("a", n(1))]), obj([("a", s("x"))])],
        "{\n  \"a\" = \"x\"\n}",
    ); // cond-020
    check(vec![tup([n(1)]), tup([s("a")])], "[\n  \"a\",\n]");
    check(
        vec![obj([("a", n(1))]), obj([("b", n(2))])],
        "tomap({\n  \"b\" = 2\n})",
    );
    check(
        vec![tup([n(1)]), tup([n(1), n(2)])],
        "tolist([\n  1,\n  2,\n])",
    );
    check(
        vec![list(Type::Number, [n(1)]), tup([s("a")])],
        "tolist([\n  \"a\",\n])",
    );
    check(
        vec![tup([]), tup([s("a"), n(1)])],
        "tolist([\n  \"a\",\n  \"1\",\n])",
    );
    check(
        vec![obj([]), obj([("a", n(1))])],
        "tomap({\n  \"a\" = 1\n})",
    );
    check(
        vec![obj([("a", n(1))]), obj([("a", s("x")), ("b", b(true))])],
        "tomap({\n  \"a\" = \"x\"\n  \"b\" = \"true\"\n})",
    );
    check(
        vec![map(Type::Number, [("a", n(1))]), obj([("b", s("x"))])],
        "tomap({\n  \"b\" = \"x\"\n})",
    );
    check(
        vec![obj([("a", tup([n(1)]))]), obj([("a", tup([s("x")]))])],
        "{\n  \"a\" = [\n    \"x\",\n  ]\n}",
    );
    check(
        vec![set(Type::Number, [n(1)]), list(Type::String, [s("a")])],
        "tolist([\n  \"a\",\n])",
    );
    check(vec![s("a"), b(true)], "\"true\"");
    check(
        vec![set(Type::Number, [n(1)]), tup([s("a")])],
        "error: [0]: a number is required",
    );
}

#[test]
fn no_common_type() {
    check_type(vec![Type::Number, Type::Bool], None); // false ? 1 : true
    check_type(
        vec![tuple_of([Type::Number]), tuple_of([tuple_of([])])],
        None,
    );
    check_type(
        vec![
            object_of([("a", Type::Number)]),
            object_of([("b", tuple_of([]))]),
        ],
        None,
    );
    check_type(vec![object_of([]), tuple_of([])], None);
    check_type(vec![], None);
    check(
        vec![n(1), b(true)],
        "error: cannot find a common base type for all elements",
    );
}

#[test]
fn unified_types() {
    check_type(vec![Type::String, Type::Number], Some("string"));
    check_type(vec![Type::Number, Type::Number], Some("number"));
    check_type(vec![ANY, Type::Number], Some("number"));
    check_type(vec![ANY, ANY], Some("dynamic"));
    check_type(
        vec![list_of(Type::Number), list_of(Type::String)],
        Some("list(string)"),
    );
    check_type(
        vec![map_of(Type::Bool), map_of(Type::String)],
        Some("map(string)"),
    );
    check_type(
        vec![set_of(Type::Number), set_of(Type::String)],
        Some("set(string)"),
    );
    check_type(
        vec![list_of(Type::Number), tuple_of([Type::String])],
        Some("list(string)"),
    );
    // A collection mixed with a value of unknown type: the type is not known yet.
    check_type(vec![list_of(Type::Number), ANY], Some("dynamic"));
    // Safe unification cannot turn `any` into a number.
    assert_eq!(unify_safe(&[ANY, Type::Number]), Some(ANY));
    assert_eq!(
        unify_safe(&[Type::String, Type::Number]),
        Some(Type::String)
    );
}

#[test]
fn collection_mixed_with_unknown_type_gives_unknowns() {
    let (ty, values) = unify_values(&[list(Type::Number, [n(1)]), Value::unknown(ANY)]).unwrap();
    assert_eq!(ty, ANY);
    assert!(values.iter().all(|v| v == &Value::unknown(ANY)));
}

#[test]
fn nulls_take_the_other_type() {
    let (ty, values) = unify_values(&[null(), n(1)]).unwrap();
    assert_eq!(ty, Type::Number);
    assert_eq!(format_value(&values[0]), "tonumber(null)"); // cond-015
    // A structural or collection type mixed with `any` is not predictable: cty answers
    // `any` with unknown values. (A conditional with a literal `null` branch does not
    // unify; it takes the other branch's type: cond-018 `true ? null : {a = 1}`.)
    let (ty, values) = unify_values(&[null(), obj([("a", n(1))])]).unwrap();
    assert_eq!(ty, ANY);
    assert_eq!(format_value(&values[0]), "(known after apply)");
}
