//! Types: how `type()` prints them, friendly names, equality and conformance.

use terrace_types::{Type, format_type, friendly_name, test_conformance};

use crate::build::*;

#[track_caller]
fn check(ty: Type, expect: &str) {
    assert_eq!(format_type(&ty), expect);
}

#[test]
fn console_rendering() {
    check(Type::String, "string");
    check(ANY, "dynamic"); // type(null)
    check(tuple_of([]), "tuple([])"); // type-005
    check(Type::empty_object(), "object({})");
    check(
        object_of([("a", Type::Number), ("b", tuple_of([Type::String]))]),
        "object({\n    a: number,\n    b: tuple([\n        string,\n    ]),\n})",
    ); // type-008
    check(set_of(Type::String), "set(string)"); // type-010
    check(
        tuple_of([tuple_of([Type::Number])]),
        "tuple([\n    tuple([\n        number,\n    ]),\n])",
    ); // type-013
    check(map_of(ANY), "map(dynamic)"); // type-017
    check(list_of(Type::Number), "list(number)"); // type-020
    check(
        list_of(tuple_of([Type::String, Type::Number])),
        "list(\n    tuple([\n        string,\n        number,\n    ]),\n)",
    ); // type-030
    check(map_of(list_of(Type::Number)), "map(list(number))"); // type-038
    check(
        tuple_of([object_of([("a", Type::Number)])]),
        "tuple([\n    object({\n        a: number,\n    }),\n])",
    ); // type-043
    check(
        list_of(object_of([("a", Type::Number)])),
        "list(\n    object({\n        a: number,\n    }),\n)",
    );
    check(
        object_of([("a b", Type::Number)]),
        "object({\n    a b: number,\n})",
    );
    check(
        map_of(object_of([("b", Type::Number)])),
        "map(\n    object({\n        b: number,\n    }),\n)",
    );
    check(
        set_of(tuple_of([Type::Number])),
        "set(\n    tuple([\n        number,\n    ]),\n)",
    );
}

#[test]
fn nested_type_snapshot() {
    let ty = object_of([
        (
            "buckets",
            list_of(object_of([
                ("enabled", Type::Bool),
                ("name", Type::String),
                (
                    "website",
                    object_of([
                        ("error_document", Type::String),
                        ("routing_rules", Type::String),
                    ]),
                ),
            ])),
        ),
        ("matrix", list_of(list_of(tuple_of([Type::Number, ANY])))),
        ("tags", map_of(set_of(Type::String))),
        ("pair", tuple_of([map_of(tuple_of([])), Type::Bool])),
    ]);
    insta::assert_snapshot!(format_type(&ty));
}

#[test]
fn friendly_names() {
    assert_eq!(friendly_name(&list_of(Type::String)), "list of string");
    assert_eq!(friendly_name(&map_of(ANY)), "map of dynamic");
    assert_eq!(
        set_of(ANY).friendly_name_for_constraint(),
        "set of any single type"
    );
    assert_eq!(friendly_name(&object_of([("a", Type::Bool)])), "object");
    assert_eq!(friendly_name(&tuple_of([Type::Bool])), "tuple");
}

#[test]
fn equality_of_types() {
    assert_eq!(list_of(Type::String), list_of(Type::String));
    assert_ne!(list_of(Type::String), set_of(Type::String));
    assert_ne!(list_of(Type::String), tuple_of([Type::String]));
    assert_eq!(
        object_of([("a", Type::Bool), ("b", Type::Number)]),
        object_of([("b", Type::Number), ("a", Type::Bool)])
    );
    assert_ne!(
        object_of([("a", Type::Bool)]),
        Type::object_with_optional([("a", Type::Bool)], ["a"])
    );
    let with_optional = list_of(Type::object_with_optional(
        [("a", Type::Bool), ("b", Type::String)],
        ["b"],
    ));
    assert!(with_optional.has_optional_attrs());
    assert_eq!(
        with_optional.without_optional_attrs(),
        list_of(object_of([("a", Type::Bool), ("b", Type::String)]))
    );
}

#[test]
fn conformance() {
    assert!(list_of(Type::String).conforms(&list_of(ANY)));
    assert!(Type::Number.conforms(&ANY));
    assert!(!Type::Number.conforms(&Type::String));
    assert!(!tuple_of([Type::String]).conforms(&list_of(ANY)));
    assert!(object_of([("a", Type::Number)]).conforms(&object_of([("a", ANY)])));
    let messages = |given: Type, want: Type| -> Vec<String> {
        test_conformance(&given, &want)
            .into_iter()
            .map(|e| e.to_string())
            .collect()
    };
    assert_eq!(
        messages(
            object_of([("a", Type::Number), ("x", Type::Bool)]),
            object_of([("a", Type::String), ("b", Type::Bool)])
        ),
        [
            "unsupported attribute \"x\"",
            "missing required attribute \"b\"",
            ".a: string required, but received number",
        ]
    );
    assert_eq!(
        messages(tuple_of([Type::Bool]), tuple_of([Type::Bool, Type::Bool])),
        ["2 elements are required, but got 1"]
    );
    assert_eq!(
        messages(list_of(Type::Bool), list_of(Type::String)),
        ["[*]: string required, but received bool"]
    );
    assert!(messages(map_of(Type::Bool), map_of(ANY)).is_empty());
}
