//! Object types with optional attributes and defaults (`TypeConstraint`), including the
//! `buckets` example of seed 003.

use terrace_types::{ObjectAttr, Type, TypeConstraint, Value, convert, format_type, format_value};

use crate::build::*;

fn c(ty: Type) -> TypeConstraint {
    TypeConstraint::from(ty)
}

/// Converts with the constraint (the `convert` function's order) and prints the result.
#[track_caller]
fn check(constraint: &TypeConstraint, input: Value, expect: &str) {
    let got = match constraint.convert(&input) {
        Ok(v) => format_value(&v),
        Err(e) => format!("error: {e}"),
    };
    assert_eq!(got, expect);
}

#[test]
fn missing_optional_attributes_become_null_or_their_default() {
    let constraint = TypeConstraint::object([
        ObjectAttr::required("a", c(Type::Number)),
        ObjectAttr::with_default("b", c(Type::String), s("x")),
    ])
    .unwrap();
    check(
        &constraint,
        obj([("a", n(1))]),
        "{\n  \"a\" = 1\n  \"b\" = \"x\"\n}",
    ); // cvt-038

    let constraint =
        TypeConstraint::object([ObjectAttr::with_default("a", c(Type::Number), n(127))]).unwrap();
    check(&constraint, obj([("a", s("5"))]), "{\n  \"a\" = 5\n}"); // cvt-041
    check(&constraint, obj([]), "{\n  \"a\" = 127\n}");
    check(&constraint, obj([("a", null())]), "{\n  \"a\" = 127\n}");

    let constraint = TypeConstraint::object([
        ObjectAttr::required("a", c(Type::String)),
        ObjectAttr::with_default("b", c(Type::Number), n(5)),
    ])
    .unwrap();
    check(
        &constraint,
        obj([("a", n(1))]),
        "{\n  \"a\" = \"1\"\n  \"b\" = 5\n}",
    );

    let constraint = TypeConstraint::object([
        ObjectAttr::required("a", c(Type::Number)),
        ObjectAttr::optional("b", c(Type::String)),
    ])
    .unwrap();
    let v = constraint.convert(&obj([("a", n(1))])).unwrap();
    assert_eq!(
        format_type(v.ty()),
        "object({\n    a: number,\n    b: string,\n})"
    ); // cvt-049
    assert_eq!(
        format_value(&v),
        "{\n  \"a\" = 1\n  \"b\" = tostring(null)\n}"
    );
    check(&constraint, obj([]), "error: attribute \"a\" is required");

    let constraint =
        TypeConstraint::object([ObjectAttr::with_default("a", c(Type::String), s("x"))]).unwrap();
    check(&constraint, obj([("a", null())]), "{\n  \"a\" = \"x\"\n}");
}

#[test]
fn defaults_apply_top_down() {
    let inner =
        TypeConstraint::object([ObjectAttr::with_default("b", c(Type::String), s("d"))]).unwrap();
    let constraint =
        TypeConstraint::object([ObjectAttr::with_default("a", inner.clone(), obj([]))]).unwrap();
    check(
        &constraint,
        obj([]),
        "{\n  \"a\" = {\n    \"b\" = \"d\"\n  }\n}",
    ); // cvt-042

    let constraint =
        TypeConstraint::object([ObjectAttr::with_default("a", inner, obj([("b", s("e"))]))])
            .unwrap();
    check(
        &constraint,
        obj([]),
        "{\n  \"a\" = {\n    \"b\" = \"e\"\n  }\n}",
    );
    check(
        &constraint,
        obj([("a", obj([]))]),
        "{\n  \"a\" = {\n    \"b\" = \"d\"\n  }\n}",
    );
}

#[test]
fn defaults_reach_collection_elements() {
    let elem = TypeConstraint::object([
        ObjectAttr::with_default("a", c(Type::Number), n(1)),
        ObjectAttr::optional("b", c(Type::String)),
    ])
    .unwrap();
    check(
        &TypeConstraint::map(elem.clone()),
        obj([("x", obj([])), ("y", obj([("a", n(2))]))]),
        "tomap({\n  \"x\" = {\n    \"a\" = 1\n    \"b\" = tostring(null)\n  }\n  \"y\" = {\n    \"a\" = 2\n    \"b\" = tostring(null)\n  }\n})",
    ); // cvt-045 (plus `b`)
    check(
        &TypeConstraint::list(elem.clone()),
        tup([obj([])]),
        "tolist([\n  {\n    \"a\" = 1\n    \"b\" = tostring(null)\n  },\n])",
    );
    check(
        &TypeConstraint::set(elem.clone()),
        set(Type::empty_object(), [obj([])]),
        "toset([\n  {\n    \"a\" = 1\n    \"b\" = tostring(null)\n  },\n])",
    );
    check(
        &TypeConstraint::tuple([elem, c(Type::String)]),
        tup([obj([("b", s("z"))]), n(3)]),
        "[\n  {\n    \"a\" = 1\n    \"b\" = \"z\"\n  },\n  \"3\",\n]",
    );
}

#[test]
fn collection_defaults() {
    let constraint = TypeConstraint::object([
        ObjectAttr::required("a", c(Type::Number)),
        ObjectAttr::with_default("b", c(list_of(Type::String)), tup([])),
    ])
    .unwrap();
    check(
        &constraint,
        obj([("a", n(1))]),
        "{\n  \"a\" = 1\n  \"b\" = tolist([])\n}",
    ); // cvt-046
}

#[test]
fn map_to_object_with_optional_attributes() {
    let constraint = TypeConstraint::object([
        ObjectAttr::required("a", c(Type::String)),
        ObjectAttr::optional("b", c(Type::Number)),
    ])
    .unwrap();
    check(
        &constraint,
        map(Type::Number, [("a", n(1))]),
        "{\n  \"a\" = \"1\"\n  \"b\" = tonumber(null)\n}",
    );
    let constraint = TypeConstraint::object([ObjectAttr::optional("a", c(Type::String))]).unwrap();
    check(
        &constraint,
        map(tuple_of([Type::Number]), [("a", tup([n(1)]))]),
        "error: map element type is incompatible with attribute \"a\": string required, but have tuple",
    );
    check(
        &constraint,
        map(tuple_of([Type::Number]), [("b", tup([n(1)]))]),
        "{\n  \"a\" = tostring(null)\n}",
    );
}

#[test]
fn invalid_default() {
    let err = TypeConstraint::object([ObjectAttr::with_default("a", c(Type::Number), s("x"))])
        .unwrap_err();
    assert_eq!(err.to_string(), ".a: a number is required");
    let err = TypeConstraint::object([ObjectAttr::with_default("a", c(Type::Bool), tup([]))])
        .unwrap_err();
    assert_eq!(err.to_string(), ".a: bool required, but have tuple");
}

/// The `buckets` type of seed 003.
fn buckets_constraint() -> TypeConstraint {
    let website = TypeConstraint::object([
        ObjectAttr::with_default("index_document", c(Type::String), s("index.html")),
        ObjectAttr::with_default("error_document", c(Type::String), s("error.html")),
        ObjectAttr::optional("routing_rules", c(Type::String)),
    ])
    .unwrap();
    TypeConstraint::list(
        TypeConstraint::object([
            ObjectAttr::required("name", c(Type::String)),
            ObjectAttr::with_default("enabled", c(Type::Bool), b(true)),
            ObjectAttr::with_default("website", website, obj([])),
        ])
        .unwrap(),
    )
}

/// The `buckets` value of seed 003's `terraform.tfvars`.
fn buckets_input(routing_rules: &str) -> Value {
    tup([
        obj([
            ("name", s("production")),
            ("website", obj([("routing_rules", s(routing_rules))])),
        ]),
        obj([("name", s("archived")), ("enabled", b(false))]),
        obj([
            ("name", s("docs")),
            (
                "website",
                obj([
                    ("index_document", s("index.txt")),
                    ("error_document", s("error.txt")),
                ]),
            ),
        ]),
    ])
}

#[test]
fn buckets_example_as_a_variable() {
    // An input variable: defaults applied to the given value, then converted.
    let routing_rules = "[\n  {\n    \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n    \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n  }\n]\n";
    let constraint = buckets_constraint();
    let with_defaults = constraint.apply_defaults(&buckets_input(routing_rules));
    let v = convert(&with_defaults, constraint.ty()).unwrap();
    // What `terraform console` prints for `var.buckets` (the seed shows the same text
    // with the trailing spaces of the heredoc's blank line trimmed).
    let expected = include_str!("data/buckets.out");
    assert_eq!(format_value(&v), expected.trim_end_matches('\n'));
    // The `convert` function's order gives the same value.
    assert_eq!(
        constraint.convert(&buckets_input(routing_rules)).unwrap(),
        v
    );
}

#[test]
fn buckets_example_with_convert() {
    // cvt-048: the same through `convert(...)`, with a one-line routing rule.
    let expected = "tolist([\n  {\n    \"enabled\" = true\n    \"name\" = \"production\"\n    \"website\" = {\n      \"error_document\" = \"error.html\"\n      \"index_document\" = \"index.html\"\n      \"routing_rules\" = \"x\"\n    }\n  },\n  {\n    \"enabled\" = false\n    \"name\" = \"archived\"\n    \"website\" = {\n      \"error_document\" = \"error.html\"\n      \"index_document\" = \"index.html\"\n      \"routing_rules\" = tostring(null)\n    }\n  },\n  {\n    \"enabled\" = true\n    \"name\" = \"docs\"\n    \"website\" = {\n      \"error_document\" = \"error.txt\"\n      \"index_document\" = \"index.txt\"\n      \"routing_rules\" = tostring(null)\n    }\n  },\n])";
    let v = buckets_constraint().convert(&buckets_input("x")).unwrap();
    assert_eq!(format_value(&v), expected);
    assert_eq!(
        format_type(v.ty()),
        "list(\n    object({\n        enabled: bool,\n        name: string,\n        website: object({\n            error_document: string,\n            index_document: string,\n            routing_rules: string,\n        }),\n    }),\n)"
    );
}

#[test]
fn null_and_unknown_values_are_left_alone() {
    let constraint =
        TypeConstraint::object([ObjectAttr::with_default("a", c(Type::Number), n(1))]).unwrap();
    assert_eq!(constraint.apply_defaults(&null()), null());
    let unknown = Value::unknown(object_of([("a", Type::Number)]));
    assert_eq!(constraint.apply_defaults(&unknown), unknown);
    check(&constraint, null(), "null /* object */");
}
