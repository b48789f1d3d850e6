//! Conversion rules (`convert(value, type)`): primitives, structural and collection kinds,
//! nested elements, nulls, unknowns, marks, and the messages of failures.

use terrace_types::{
    Marks, Type, Value, can_convert, can_convert_safe, convert, convert_safe, format_type,
    format_value,
};

use crate::build::*;

/// Converts `input` to `want` and compares the console output, or the error as
/// `error: <path>: <message>` (`error: <message>` when the path is empty).
#[track_caller]
fn check(input: Value, want: Type, expect: &str) {
    let got = match convert(&input, &want) {
        Ok(v) => format_value(&v),
        Err(e) => format!("error: {e}"),
    };
    assert_eq!(got, expect, "converting {input:?} to {want:?}");
}

/// Converts and compares the result's type as `type()` prints it.
#[track_caller]
fn check_type(input: Value, want: Type, expect: &str) {
    let v = convert(&input, &want).unwrap();
    assert_eq!(format_type(v.ty()), expect);
}

#[test]
fn primitive_to_string() {
    check(n(15), Type::String, r#""15""#);
    check(num("1.5"), Type::String, r#""1.5""#); // conv-002
    check(num("3.1415"), Type::String, r#""3.1415""#);
    check(b(true), Type::String, r#""true""#);
    check(b(false), Type::String, r#""false""#);
}

#[test]
fn string_to_number() {
    check(s("15"), Type::Number, "15");
    check(s("3.1415"), Type::Number, "3.1415");
    check(s("1e3"), Type::Number, "1000");
    check(s("abc"), Type::Number, "error: a number is required"); // cvt-007
    check(s("0x10"), Type::Number, "error: a number is required");
    check(s(" 1"), Type::Number, "error: a number is required");
    check(s(""), Type::Number, "error: a number is required");
}

#[test]
fn string_to_bool() {
    check(s("true"), Type::Bool, "true"); // cvt-005
    check(s("false"), Type::Bool, "false");
    check(s("1"), Type::Bool, "true");
    check(s("0"), Type::Bool, "false");
    check(
        s("True"),
        Type::Bool,
        r#"error: a bool is required; to convert from string, use lowercase "true""#,
    );
    check(
        s("FALSE"),
        Type::Bool,
        r#"error: a bool is required; to convert from string, use lowercase "false""#,
    );
    check(s("yes"), Type::Bool, "error: a bool is required");
}

#[test]
fn impossible_primitive_conversions() {
    check(n(1), Type::Bool, "error: bool required, but have number");
    check(
        b(true),
        Type::Number,
        "error: number required, but have bool",
    );
    check(
        tup([n(1)]),
        Type::String,
        "error: string required, but have tuple",
    );
    check(
        s("x"),
        list_of(Type::String),
        "error: list of string required, but have string",
    );
}

#[test]
fn null_converts_to_any_type() {
    check(null(), Type::String, "tostring(null)"); // conv-007
    check(null(), Type::Bool, "tobool(null)"); // conv-023
    check(null(), list_of(ANY), "tolist(null) /* of dynamic */"); // conv-033
    check(
        null(),
        list_of(Type::String),
        "tolist(null) /* of string */",
    );
    check(null(), map_of(Type::Number), "tomap(null) /* of number */");
    check(null(), set_of(Type::Bool), "toset(null) /* of bool */");
    check(null(), tuple_of([Type::String]), "null /* tuple */");
    check(
        null(),
        object_of([("a", Type::String)]),
        "null /* object */",
    );
    check(null(), ANY, "null");
    // A typed null converts too, keeping what is known of its type.
    check(
        Value::null(tuple_of([Type::String, Type::Number])),
        list_of(ANY),
        "tolist(null) /* of string */",
    );
}

#[test]
fn object_to_map() {
    check(
        obj([("a", n(1)), ("b", n(2))]),
        map_of(ANY),
        "tomap({\n  \"a\" = 1\n  \"b\" = 2\n})",
    ); // conv-049
    check(
        obj([("a", b(true)), ("b", s("x"))]),
        map_of(ANY),
        "tomap({\n  \"a\" = \"true\"\n  \"b\" = \"x\"\n})",
    ); // conv-051
    check(
        obj([("a", null()), ("b", n(1))]),
        map_of(ANY),
        "tomap({\n  \"a\" = tonumber(null)\n  \"b\" = 1\n})",
    ); // conv-056
    check(
        obj([("a", n(1)), ("b", s("x"))]),
        map_of(Type::String),
        "tomap({\n  \"a\" = \"1\"\n  \"b\" = \"x\"\n})",
    ); // cvt-017
    check(
        obj([("a", s("a")), ("b", tup([]))]),
        map_of(ANY),
        "error: all map elements must have the same type",
    );
    check(
        obj([("a", n(1)), ("b", s("x"))]),
        map_of(Type::Number),
        "error: [\"b\"]: a number is required",
    );
    check(
        obj([("a", tup([n(1)]))]),
        map_of(Type::String),
        "error: element \"a\": string required, but have tuple",
    );
    check(obj([]), map_of(Type::String), "tomap({})");
    check_type(obj([]), map_of(ANY), "map(dynamic)"); // type-017
    check_type(obj([("a", null())]), map_of(ANY), "map(dynamic)");
    check(
        obj([("a", tup([n(1)])), ("b", tup([s("x")]))]),
        map_of(ANY),
        "tomap({\n  \"a\" = [\n    \"1\",\n  ]\n  \"b\" = [\n    \"x\",\n  ]\n})",
    ); // cvt-034
}

#[test]
fn object_to_map_of_objects_unifies_the_elements() {
    check(
        obj([("a", obj([("x", n(1))])), ("b", obj([("y", n(2))]))]),
        map_of(ANY),
        "tomap({\n  \"a\" = tomap({\n    \"x\" = 1\n  })\n  \"b\" = tomap({\n    \"y\" = 2\n  })\n})",
    );
    check(
        obj([("a", tup([n(1)])), ("b", tup([s("x"), n(2)]))]),
        map_of(ANY),
        "tomap({\n  \"a\" = tolist([\n    \"1\",\n  ])\n  \"b\" = tolist([\n    \"x\",\n    \"2\",\n  ])\n})",
    );
    check(
        obj([("a", list(Type::Number, [n(1)])), ("b", tup([s("x")]))]),
        map_of(ANY),
        "tomap({\n  \"a\" = tolist([\n    \"1\",\n  ])\n  \"b\" = tolist([\n    \"x\",\n  ])\n})",
    );
    check(
        obj([("a", n(1)), ("b", list(Type::Number, [n(1)]))]),
        map_of(ANY),
        "error: all map elements must have the same type",
    );
}

#[test]
fn map_to_object() {
    let want = object_of([("a", Type::Number), ("b", Type::String)]);
    check(
        map(Type::String, [("a", s("1")), ("b", s("2")), ("c", s("3"))]),
        want.clone(),
        "{\n  \"a\" = 1\n  \"b\" = \"2\"\n}",
    );
    check(
        map(Type::String, [("a", s("x"))]),
        object_of([("a", Type::String), ("b", Type::String)]),
        "error: map has no element for required attribute \"b\"",
    );
    check(
        map(Type::String, [("a", s("x")), ("b", s("y"))]),
        want,
        "error: [\"a\"]: a number is required",
    );
    check(
        map(Type::String, [("a", s("x"))]),
        object_of([("a", Type::Bool)]),
        "error: [\"a\"]: a bool is required",
    );
}

#[test]
fn object_to_object() {
    // Extra attributes are dropped, the others converted.
    check(
        obj([("age", n(18)), ("name", s("john")), ("gender", s("male"))]),
        object_of([("age", Type::String), ("name", Type::String)]),
        "{\n  \"age\" = \"18\"\n  \"name\" = \"john\"\n}",
    );
    check(obj([("a", n(1))]), Type::empty_object(), "{}");
    check(
        obj([]),
        object_of([("a", Type::String)]),
        "error: attribute \"a\" is required",
    );
    check(
        obj([("age", n(18))]),
        object_of([("age", Type::Number), ("name", Type::String)]),
        "error: attribute \"name\" is required",
    );
    check(
        obj([]),
        object_of([("a", Type::String), ("b", Type::String)]),
        "error: attributes \"a\" and \"b\" are required",
    );
    check(
        obj([]),
        object_of([
            ("a", Type::String),
            ("b", Type::String),
            ("c", Type::Number),
        ]),
        "error: attributes \"a\", \"b\", and \"c\" are required",
    );
    check(
        obj([("a", obj([]))]),
        object_of([("a", Type::String)]),
        "error: attribute \"a\": string required, but have object",
    );
    check(
        obj([("a", s("x")), ("b", tup([n(1)]))]),
        object_of([("a", Type::Number), ("b", Type::String)]),
        "error: attribute \"b\": string required, but have tuple",
    );
    check(
        obj([("a", s("x"))]),
        object_of([("a", Type::Number)]),
        "error: .a: a number is required",
    );
}

#[test]
fn tuple_to_list() {
    check(
        tup([s("a"), n(1), s("b")]),
        list_of(ANY),
        "tolist([\n  \"a\",\n  \"1\",\n  \"b\",\n])",
    ); // seed 003
    check(
        tup([s("a"), b(true)]),
        list_of(ANY),
        "tolist([\n  \"a\",\n  \"true\",\n])",
    ); // imp-029
    check(
        tup([s("a"), tup([]), s("b")]),
        list_of(ANY),
        "error: all list elements must have the same type",
    ); // seed 003
    check(
        tup([tup([n(1)]), s("a")]),
        list_of(ANY),
        "error: all list elements must have the same type",
    );
    check(
        tup([tup([n(1)]), tup([s("a")])]),
        list_of(ANY),
        "tolist([\n  [\n    \"1\",\n  ],\n  [\n    \"a\",\n  ],\n])",
    ); // conv-027
    check(
        tup([obj([("a", n(1))]), obj([("a", s("x"))])]),
        list_of(ANY),
        "tolist([\n  {\n    \"a\" = \"1\"\n  },\n  {\n    \"a\" = \"x\"\n  },\n])",
    ); // conv-028
    check(
        tup([obj([("a", n(1))]), obj([("b", n(2))])]),
        list_of(ANY),
        "tolist([\n  tomap({\n    \"a\" = 1\n  }),\n  tomap({\n    \"b\" = 2\n  }),\n])",
    ); // conv-029
    check(
        tup([tup([n(1)]), tup([])]),
        list_of(ANY),
        "tolist([\n  tolist([\n    1,\n  ]),\n  tolist([]),\n])",
    ); // cvt-031
    check(
        tup([n(1), s("x")]),
        list_of(Type::Number),
        "error: [1]: a number is required",
    );
    check(tup([]), list_of(Type::String), "tolist([])");
    check_type(tup([]), list_of(ANY), "list(dynamic)");
    check_type(tup([n(1)]), list_of(ANY), "list(number)"); // cvt-050
    check_type(tup([null()]), list_of(ANY), "list(dynamic)");
    check_type(tup([null(), n(1)]), list_of(ANY), "list(number)");
    check(
        tup([null(), n(1)]),
        list_of(ANY),
        "tolist([\n  tonumber(null),\n  1,\n])",
    );
    check(
        tup([null(), null()]),
        list_of(ANY),
        "tolist([\n  null,\n  null,\n])",
    );
    check(
        tup([s("a"), b(true)]),
        list_of(Type::Bool),
        "error: [0]: a bool is required",
    );
}

#[test]
fn tuple_to_list_of_collections_unifies_the_elements() {
    check(
        tup([tup([n(1)]), list(Type::String, [s("a")])]),
        list_of(ANY),
        "tolist([\n  tolist([\n    \"1\",\n  ]),\n  tolist([\n    \"a\",\n  ]),\n])",
    );
    check(
        tup([obj([("a", n(1))]), map(Type::String, [("b", s("x"))])]),
        list_of(ANY),
        "tolist([\n  tomap({\n    \"a\" = \"1\"\n  }),\n  tomap({\n    \"b\" = \"x\"\n  }),\n])",
    );
    check(
        tup([set(Type::Number, [n(1)]), set(Type::String, [s("a")])]),
        list_of(ANY),
        "tolist([\n  toset([\n    \"1\",\n  ]),\n  toset([\n    \"a\",\n  ]),\n])",
    );
    check(
        tup([obj([("a", n(1))]), obj([("a", s("x")), ("b", n(1))])]),
        list_of(ANY),
        "tolist([\n  tomap({\n    \"a\" = \"1\"\n  }),\n  tomap({\n    \"a\" = \"x\"\n    \"b\" = \"1\"\n  }),\n])",
    );
    check(
        tup([tup([n(1)]), tup([s("a"), b(true)])]),
        list_of(list_of(ANY)),
        "tolist([\n  tolist([\n    \"1\",\n  ]),\n  tolist([\n    \"a\",\n    \"true\",\n  ]),\n])",
    );
}

#[test]
fn list_to_tuple_is_not_a_conversion() {
    // The seeds' chapter on types says a list converts to a tuple of its length;
    // Terraform 1.15 (go-cty) has no such conversion.
    let input = list(Type::String, [s("18"), s("true"), s("john")]);
    check(
        input,
        tuple_of([Type::Number, Type::Bool, Type::String]),
        "error: tuple required",
    );
    check(
        set(Type::String, [s("b"), s("a")]),
        tuple_of([Type::String, Type::String]),
        "error: tuple required",
    );
}

#[test]
fn tuple_to_tuple() {
    check(
        tup([s("18"), s("true"), s("john")]),
        tuple_of([Type::Number, Type::Bool, Type::String]),
        "[\n  18,\n  true,\n  \"john\",\n]",
    );
    check(
        tup([n(1)]),
        tuple_of([Type::Number, Type::String]),
        "error: tuple required",
    );
    check(
        tup([n(1), tup([])]),
        tuple_of([Type::Number, Type::String]),
        "error: tuple required",
    );
    check(
        tup([s("a"), s("b")]),
        tuple_of([Type::String, Type::Number]),
        "error: [1]: a number is required",
    );
}

#[test]
fn to_set() {
    check(
        tup([n(1), s("a")]),
        set_of(ANY),
        "toset([\n  \"1\",\n  \"a\",\n])",
    ); // conv-040
    check(tup([n(1), s("1")]), set_of(ANY), "toset([\n  \"1\",\n])");
    check(
        tup([s("b"), s("a"), s("b")]),
        set_of(Type::String),
        "toset([\n  \"a\",\n  \"b\",\n])",
    ); // cvt-025
    check(
        tup([n(1), num("1.0"), n(2)]),
        set_of(ANY),
        "toset([\n  1,\n  2,\n])",
    );
    check(
        tup([s("a"), null()]),
        set_of(ANY),
        "toset([\n  \"a\",\n  tostring(null),\n])",
    );
    check(
        tup([s("a"), tup([]), s("b")]),
        set_of(ANY),
        "error: all set elements must have the same type",
    );
    check(
        list(Type::String, [s("b"), s("a"), s("b")]),
        set_of(Type::String),
        "toset([\n  \"a\",\n  \"b\",\n])",
    );
    check(
        list(Type::String, [s("x")]),
        set_of(Type::Bool),
        "error: [0]: a bool is required",
    );
    check(tup([]), set_of(Type::Number), "toset([])");
    check_type(tup([]), set_of(ANY), "set(dynamic)");
    check(
        tup([tup([n(1)]), tup([])]),
        set_of(ANY),
        "toset([\n  tolist([\n    1,\n  ]),\n  tolist([]),\n])",
    );
}

#[test]
fn set_to_list() {
    check(
        set(Type::String, [s("b"), s("a"), s("c")]),
        list_of(ANY),
        "tolist([\n  \"a\",\n  \"b\",\n  \"c\",\n])",
    ); // conv-034
    check(
        set(Type::Number, [n(3), n(1), n(2)]),
        list_of(ANY),
        "tolist([\n  1,\n  2,\n  3,\n])",
    );
    check(
        set(Type::Number, [n(1)]),
        list_of(Type::Bool),
        "error: incorrect list element type: bool required, but have number",
    );
    check_type(list(Type::String, [s("a")]), list_of(ANY), "list(string)");
}

#[test]
fn collection_to_collection() {
    check(
        list(list_of(Type::Number), [list(Type::Number, [n(1)])]),
        list_of(Type::String),
        "error: incorrect list element type: string required, but have list of number",
    );
    check(
        list(object_of([("a", Type::Number)]), [obj([("a", n(1))])]),
        list_of(object_of([("b", Type::String)])),
        "error: incorrect list element type: attribute \"b\" is required",
    );
    check(
        list(Type::Number, [n(1)]),
        map_of(Type::Number),
        "error: map of number required",
    );
    check(
        map(Type::String, [("a", s("x"))]),
        map_of(Type::Number),
        "error: [\"a\"]: a number is required",
    );
    check(
        map(Type::String, [("a", s("1"))]),
        map_of(Type::Number),
        "tomap({\n  \"a\" = 1\n})",
    );
    check(
        obj([("a", n(1))]),
        list_of(ANY),
        "error: list of any single type required",
    );
    check(
        tup([s("a")]),
        list_of(list_of(Type::String)),
        "error: element 0: list of string required, but have string",
    );
    check(
        obj([("a", n(1)), ("b", b(true))]),
        map_of(Type::Number),
        "error: element \"b\": number required, but have bool",
    );
    check(
        tup([s("a"), b(true)]),
        list_of(Type::Bool),
        "error: [0]: a bool is required",
    );
}

#[test]
fn nested_errors_have_paths() {
    let input = obj([("a", obj([("b", tup([n(1), s("x")]))]))]);
    let want = object_of([("a", object_of([("b", list_of(Type::Number))]))]);
    check(input, want, "error: .a.b[1]: a number is required");
    let input = obj([("name", tup([s("a"), s("b"), tup([])]))]);
    let want = object_of([("name", list_of(Type::String))]);
    check(
        input,
        want,
        "error: attribute \"name\": element 2: string required, but have tuple",
    );
    let input = obj([("name", tup([s("a"), s("b"), s("c")]))]);
    let want = object_of([("name", tuple_of([Type::String, Type::String, Type::Number]))]);
    check(input, want, "error: .name[2]: a number is required");
}

#[test]
fn seed_object_to_map_of_string_fails() {
    // Seed 003: object({name = [...], age = 12}) does not convert to map(string).
    let input = obj([
        (
            "name",
            tup([s("Kristy"), s("Claudia"), s("Mary Anne"), s("Stacey")]),
        ),
        ("age", n(12)),
    ]);
    check(
        input,
        map_of(Type::String),
        "error: element \"name\": string required, but have tuple",
    );
}

#[test]
fn converted_values_keep_their_marks() {
    check(
        tup([sensitive(n(1)), n(2)]),
        list_of(ANY),
        "tolist([\n  (sensitive value),\n  2,\n])",
    );
    let v = convert(&sensitive(s("5")), &Type::Number).unwrap();
    assert_eq!(v.marks(), Marks::SENSITIVE);
    assert_eq!(v.unmark().0, n(5));
    check(
        obj([("a", sensitive(n(1)))]),
        map_of(ANY),
        "tomap({\n  \"a\" = (sensitive value)\n})",
    );
    // Set elements carry no marks: the set does.
    check(
        tup([sensitive(s("a")), s("b")]),
        set_of(ANY),
        "(sensitive value)",
    );
    check(
        sensitive(s("abc")),
        Type::Number,
        "error: a number is required",
    );
}

#[test]
fn unknown_values_convert_to_unknowns_of_the_wanted_type() {
    let unknown = Value::unknown(tuple_of([Type::String, Type::Number]));
    let v = convert(&unknown, &list_of(ANY)).unwrap();
    assert!(!v.is_known());
    assert_eq!(format_type(v.ty()), "list(string)");
    assert_eq!(format_value(&v), "(known after apply)");

    let v = convert(&Value::unknown(ANY), &list_of(Type::String)).unwrap();
    assert_eq!(v, Value::unknown(list_of(Type::String)));

    check(
        tup([Value::unknown(Type::Number), n(1)]),
        list_of(Type::String),
        "tolist([\n  (known after apply),\n  \"1\",\n])",
    );
    let v = convert(
        &set(Type::String, [Value::unknown(Type::String), s("a")]),
        &list_of(Type::String),
    )
    .unwrap();
    assert_eq!(v, Value::unknown(list_of(Type::String)));
}

#[test]
fn same_type_returns_the_value_itself() {
    let v = list(Type::String, [s("a")]);
    assert_eq!(convert(&v, v.ty()).unwrap(), v);
    assert_eq!(convert(&v, &ANY).unwrap(), v);
    let v = tup([n(1)]);
    assert_eq!(convert(&v, &tuple_of([Type::Number])).unwrap(), v);
}

#[test]
fn safe_conversions() {
    assert!(can_convert_safe(&Type::Number, &Type::String));
    assert!(!can_convert_safe(&Type::String, &Type::Number));
    assert!(can_convert(&Type::String, &Type::Number));
    assert!(!can_convert(&Type::Number, &Type::Bool));
    assert!(!can_convert_safe(
        &list_of(Type::String),
        &set_of(Type::String)
    ));
    assert!(can_convert(&list_of(Type::String), &set_of(Type::String)));
    assert!(can_convert_safe(
        &set_of(Type::String),
        &list_of(Type::String)
    ));
    assert!(!can_convert_safe(
        &map_of(Type::String),
        &object_of([("a", Type::String)])
    ));
    assert!(can_convert(
        &map_of(Type::String),
        &object_of([("a", Type::String)])
    ));
    assert_eq!(
        convert_safe(&s("1"), &Type::Number).unwrap_err().message,
        "number required"
    );
    assert_eq!(
        format_value(&convert_safe(&n(1), &Type::String).unwrap()),
        "\"1\""
    );
}
