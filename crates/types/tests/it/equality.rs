//! The `==` operator (`Value::equals`) and structural identity (`Value::raw_equals`).

use terrace_types::{Marks, Type, Value, format_value};

use crate::build::*;

/// `a == b` as the console prints it.
#[track_caller]
fn check(a: Value, b: Value, expect: &str) {
    let result = a.equals(&b);
    assert_eq!(result.ty(), &Type::Bool);
    assert_eq!(format_value(&result), expect, "{a:?} == {b:?}");
    // Equality is symmetric.
    assert_eq!(format_value(&b.equals(&a)), expect, "{b:?} == {a:?}");
}

#[test]
fn primitives() {
    check(n(1), num("1.0"), "true"); // cmp-002
    check(n(1), n(2), "false"); // cmp-003
    check(s("a"), s("b"), "false"); // cmp-005
    check(b(true), s("true"), "false"); // cmp-008
    check(s("1"), n(1), "false");
    check(s("e\u{301}"), s("\u{e9}"), "true"); // NFC on creation
    check(b(false), b(false), "true");
}

#[test]
fn nulls() {
    check(null(), n(1), "false"); // cmp-016
    check(null(), null(), "true");
    check(Value::null(Type::String), null(), "true");
    check(Value::null(Type::String), Value::null(Type::Number), "true");
    check(tup([Value::null(Type::String)]), tup([null()]), "false");
    check(tup([null()]), tup([null()]), "true");
}

#[test]
fn types_must_match() {
    check(list(Type::Number, [n(1)]), tup([n(1)]), "false"); // cmp-021
    check(
        map(Type::Number, [("a", n(1))]),
        obj([("a", n(1))]),
        "false",
    ); // cmp-024
    check(list(ANY, []), tup([]), "false");
    check(obj([]), map(ANY, []), "false");
    check(tup([n(1), s("a")]), tup([n(1), s("a")]), "true");
    check(tup([]), tup([]), "true");
    check(list(ANY, []), list(ANY, []), "true");
    check(obj([("a", n(1))]), obj([("a", num("1.0"))]), "true");
    check(obj([("a", n(1))]), obj([("b", n(1))]), "false");
    check(
        list(Type::Number, [n(1), n(2)]),
        list(Type::Number, [n(1)]),
        "false",
    );
    check(
        map(Type::Number, [("a", n(1))]),
        map(Type::Number, [("b", n(1))]),
        "false",
    );
}

#[test]
fn sets() {
    check(
        set(Type::Number, [n(1), n(2)]),
        set(Type::Number, [n(2), n(1)]),
        "true",
    ); // cmp-023
    check(
        set(Type::Number, [n(1)]),
        set(Type::Number, [num("1.0")]),
        "true",
    );
    check(set(ANY, []), set(ANY, []), "true");
    check(
        set(Type::Number, [n(1)]),
        set(Type::Number, [n(1), n(2)]),
        "false",
    );
    check(
        set(Type::Number, [n(1), Value::unknown(Type::Number)]),
        set(Type::Number, [n(1)]),
        "(known after apply)",
    );
}

#[test]
fn unknowns() {
    let unknown_number = Value::unknown(Type::Number);
    check(unknown_number.clone(), n(1), "(known after apply)");
    check(
        unknown_number.clone(),
        unknown_number.clone(),
        "(known after apply)",
    );
    // Different known types can never become equal…
    check(unknown_number.clone(), s("1"), "false");
    // …but a null may still equal whatever the unknown becomes.
    check(unknown_number.clone(), null(), "(known after apply)");
    check(Value::unknown(ANY), s("1"), "(known after apply)");
    check(
        tup([unknown_number.clone(), n(1)]),
        tup([n(2), n(1)]),
        "(known after apply)",
    );
    // A difference before the unknown decides.
    check(
        tup([n(1), unknown_number.clone()]),
        tup([n(2), n(1)]),
        "false",
    );
    // Unknown of unknown type inside: equal only if the types can still match.
    check(
        tup([Value::unknown(ANY)]),
        tup([n(1)]),
        "(known after apply)",
    );
    check(tup([Value::unknown(ANY)]), tup([n(1), n(2)]), "false");
}

#[test]
fn marks_flow_to_the_result() {
    check(sensitive(n(1)), n(1), "(sensitive value)");
    check(
        obj([("a", sensitive(s("x")))]),
        obj([("a", s("x"))]),
        "(sensitive value)",
    );
    let result = sensitive(n(1)).equals(&n(1));
    assert_eq!(result.unmark().0, b(true));
    // Marks at any depth, even when comparing with null.
    check(obj([("a", sensitive(s("x")))]), null(), "(sensitive value)");
    check(tup([sensitive(null())]), tup([null()]), "(sensitive value)");
    let result = obj([("a", sensitive(s("x")))]).equals(&null());
    assert_eq!(result, b(false).mark(Marks::SENSITIVE));
}

#[test]
fn raw_equals_is_identity() {
    assert!(n(1).raw_equals(&num("1.0")));
    assert!(!n(1).raw_equals(&s("1")));
    assert!(Value::unknown(Type::Number).raw_equals(&Value::unknown(Type::Number)));
    assert!(!Value::unknown(Type::Number).raw_equals(&Value::unknown(Type::String)));
    assert!(!Value::null(Type::String).raw_equals(&null()));
    assert!(!sensitive(n(1)).raw_equals(&n(1)));
    assert!(tup([sensitive(n(1))]).raw_equals(&tup([sensitive(n(1))])));
    assert!(!tup([sensitive(n(1))]).raw_equals(&tup([n(1)])));
    assert!(set(Type::String, [s("b"), s("a")]).raw_equals(&set(Type::String, [s("a"), s("b")])));
    assert!(!list(Type::Number, [n(1)]).raw_equals(&tup([n(1)])));
}
