//! HCL's JSON syntax: the reader (spans, exact numbers, escapes, errors), bodies under a schema (one test per `json/spec.md` construct) and JSON values as expressions.

use terrace_syntax::json::{
    JsonBody, JsonContent, JsonKind, JsonSchema, JsonValue, parse_json, parse_json_bytes,
};
use terrace_syntax::{ParseErrorKind, SourceMap, dump};

use crate::check::render;

/// `text@line:col` for a span.
fn at(src: &str, span: terrace_syntax::Span) -> String {
    let map = SourceMap::new(src);
    format!("{}@{}", span.text(src), map.location(span.start as usize))
}

/// A one-line dump of a value: kinds, decoded strings, spans as `line:col`.
fn dump_value(src: &str, value: &JsonValue) -> String {
    let map = SourceMap::new(src);
    let loc = map.location(value.span.start as usize);
    match &value.kind {
        JsonKind::Object(properties) => {
            let items: Vec<String> = properties
                .iter()
                .map(|p| {
                    format!(
                        "{:?}@{}: {}",
                        p.name.as_str(),
                        map.location(p.name.span.start as usize),
                        dump_value(src, &p.value)
                    )
                })
                .collect();
            format!("{{{}}}@{loc}", items.join(", "))
        }
        JsonKind::Array(values) => {
            let items: Vec<String> = values.iter().map(|v| dump_value(src, v)).collect();
            format!("[{}]@{loc}", items.join(", "))
        }
        JsonKind::String(s) => format!("{:?}@{loc}", s.as_str()),
        JsonKind::Number(n) => format!("{n}@{loc}"),
        JsonKind::Bool(b) => format!("{b}@{loc}"),
        JsonKind::Null => format!("null@{loc}"),
    }
}

fn errors_of(inputs: &[&str]) -> String {
    let mut out = String::new();
    for src in inputs {
        out.push_str(&format!("--- {} ---\n", src.replace('\n', "\\n")));
        match parse_json(src) {
            Ok(value) => out.push_str(&format!("parsed: {}\n", dump_value(src, &value))),
            Err(error) => out.push_str(&render(src, &[error])),
        }
    }
    out
}

#[test]
fn values_keep_order_duplicates_spans_and_number_text() {
    let src = "{\n  \"b\": 1, \"a\": [true, false, null],\n  \"b\": -12345678901234567890.5e-3\n}";
    let value = parse_json(src).unwrap();
    assert_eq!(
        dump_value(src, &value),
        r#"{"b"@2:3: 1@2:8, "a"@2:11: [true@2:17, false@2:23, null@2:30]@2:16, "b"@3:3: -12345678901234567890.5e-3@3:8}@1:1"#
    );
}

#[test]
fn strings_decode_escapes_and_map_back_to_the_source() {
    let src = r#""a\"b\\c\/\n\t\u00e9\ud83d\ude00é z""#;
    let value = parse_json(src).unwrap();
    let string = value.as_string().unwrap();
    assert_eq!(string.as_str(), "a\"b\\c/\n\té😀é z");
    // The decoded `z` is the source's `z`, after every escape.
    let z = string.as_str().find('z').unwrap();
    assert_eq!(string.source_offset(z), src.find('z').unwrap());
    // A lone surrogate becomes U+FFFD, as Go's decoder does.
    assert_eq!(
        parse_json(r#""\ud800x""#)
            .unwrap()
            .as_string()
            .unwrap()
            .as_str(),
        "\u{fffd}x"
    );
    // A byte-order mark is not JSON: Terraform refuses a `.tf.json` file that starts
    // with one.
    assert_eq!(
        parse_json("\u{feff}{}").unwrap_err().summary(),
        "Invalid start of value"
    );
}

#[test]
fn invalid_json_diagnostics() {
    insta::assert_snapshot!(
        "json_invalid",
        errors_of(&[
            "",
            "{\"a\": 1,}",
            "[1, 2,]",
            "{\"a\" = 1}",
            "{\"a\" 1}",
            "{a: 1}",
            "{\"a\": 1 \"b\": 2}",
            "[1 2]",
            "{\"a\": [1, 2}",
            "[1, {\"a\": 1]",
            "[1: 2]",
            "{\"a\": 01}",
            "{\"a\": 1.}",
            "{\"a\": -}",
            "{\"a\": 1e}",
            "{\"a\": True}",
            "{\"a\": undefined}",
            "{\"a\": \"x\\qy\"}",
            "{\"a\": \"\\u12G4\"}",
            "{\"a\": \"line\nbreak\"}",
            "{\"a\": 'x'}",
            "{\"a\": 1} {",
            "{\"a\": {\"b\": [1,\n",
            "\"unterminated",
        ])
    );
}

#[test]
fn incomplete_input_is_told_apart() {
    for src in ["{", "[1,", "{\"a\":", "\"abc", ""] {
        let error = parse_json(src).unwrap_err();
        assert!(error.is_incomplete(), "{src}: {error:?}");
    }
    for src in ["{]", "[}", "{\"a\" 1}", "nul"] {
        let error = parse_json(src).unwrap_err();
        assert!(!error.is_incomplete(), "{src}: {error:?}");
    }
}

#[test]
fn nesting_is_bounded_and_bad_bytes_are_errors() {
    let deep = "[".repeat(100_000);
    let error = parse_json(&deep).unwrap_err();
    assert_eq!(error.kind(), ParseErrorKind::TooDeep);
    let deep_objects = "{\"a\":".repeat(10_000);
    assert_eq!(
        parse_json(&deep_objects).unwrap_err().kind(),
        ParseErrorKind::TooDeep
    );
    let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
    assert!(parse_json(&ok).is_ok());
    let error = parse_json_bytes(b"{\"a\": \"\xff\"}").unwrap_err();
    assert_eq!(error.span().start, 7);
    // Garbage never panics.
    let mut state = 0x2545_f491_u32;
    for _ in 0..2000 {
        let text: String = (0..24)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                b"{}[]:,\"\\ 0-1e.tfn$x{}u"[state as usize % 22] as char
            })
            .collect();
        if let Ok(value) = parse_json(&text) {
            let _ = value.to_expr();
            let _ = value.to_static_expr();
            let _ = JsonBody::new(&value, &text).content(&SCHEMA);
        }
    }
}

// ---------------------------------------------------------------------------
// Bodies: json/spec.md "Structural Elements"
// ---------------------------------------------------------------------------

const SCHEMA: JsonSchema<'static> = JsonSchema {
    attributes: &["foo", "count"],
    blocks: &[("block", 0), ("labelled", 2)],
    open: false,
};

fn dump_content(src: &str, content: &JsonContent<'_>) -> String {
    let mut out = String::new();
    for attr in &content.attributes {
        out.push_str(&format!(
            "attr {} = {}\n",
            at(src, attr.name.span),
            dump(&attr.value.to_expr().unwrap())
        ));
    }
    for block in &content.blocks {
        let labels: Vec<String> = block.labels.iter().map(|l| at(src, l.span)).collect();
        let (inner, _) = block.body.content(&JsonSchema {
            attributes: &[],
            blocks: &[],
            open: true,
        });
        let attrs: Vec<String> = inner
            .attributes
            .iter()
            .map(|a| format!("{}={}", a.name.as_str(), dump(&a.value.to_expr().unwrap())))
            .collect();
        out.push_str(&format!(
            "block {} [{}] {{{}}}\n",
            at(src, block.block_type.span),
            labels.join(", "),
            attrs.join(", ")
        ));
    }
    out
}

/// The content of `src` under [`SCHEMA`] and its rendered errors.
fn body(src: &str) -> String {
    let value = match parse_json(src) {
        Ok(value) => value,
        Err(error) => return render(src, &[error]),
    };
    let (content, errors) = JsonBody::new(&value, src).content(&SCHEMA);
    let mut out = dump_content(src, &content);
    if !errors.is_empty() {
        out.push_str(&render(src, &errors));
    }
    out
}

#[test]
fn spec_attribute() {
    assert_eq!(
        body(r#"{"foo": "bar baz"}"#),
        "attr \"foo\"@1:2 = \"bar baz\"\n"
    );
}

#[test]
fn spec_body_as_array_of_objects() {
    assert_eq!(
        body(r#"[{"foo": 1}, {"block": {"x": 2}}]"#),
        "attr \"foo\"@1:3 = 1\nblock \"block\"@1:15 [] {x=2}\n"
    );
}

#[test]
fn spec_comment_property_is_ignored() {
    assert_eq!(
        body(r#"{"//": "a comment", "foo": 1, "block": {"//": "kept inside bodies too", "x": 1}}"#),
        "attr \"foo\"@1:21 = 1\nblock \"block\"@1:31 [] {x=1}\n"
    );
}

#[test]
fn spec_block_without_labels_object_array_and_empty_array() {
    assert_eq!(
        body(r#"{"block": {"child_attr": "baz"}}"#),
        "block \"block\"@1:2 [] {child_attr=\"baz\"}\n"
    );
    assert_eq!(
        body(r#"{"block": [{"child_attr": "baz"}, {"child_attr": "boz"}]}"#),
        "block \"block\"@1:2 [] {child_attr=\"baz\"}\nblock \"block\"@1:2 [] {child_attr=\"boz\"}\n"
    );
    assert_eq!(body(r#"{"block": []}"#), "");
}

#[test]
fn spec_blocks_with_two_labels() {
    // The four examples of json/spec.md: nested objects, arrays at the body
    // level, arrays at the label level, and a label key given twice.
    let nested =
        r#"{"labelled": {"bar": {"baz": {"c": 1}, "boz": {"c": 2}}, "boz": {"baz": {"c": 3}}}}"#;
    assert_eq!(
        body(nested),
        "block \"labelled\"@1:2 [\"bar\"@1:15, \"baz\"@1:23] {c=1}\n\
         block \"labelled\"@1:2 [\"bar\"@1:15, \"boz\"@1:40] {c=2}\n\
         block \"labelled\"@1:2 [\"boz\"@1:58, \"baz\"@1:66] {c=3}\n"
    );
    let body_array = r#"{"labelled": {"boz": {"baz": [{"c": 1}, {"c": 2}]}}}"#;
    assert_eq!(
        body(body_array),
        "block \"labelled\"@1:2 [\"boz\"@1:15, \"baz\"@1:23] {c=1}\n\
         block \"labelled\"@1:2 [\"boz\"@1:15, \"baz\"@1:23] {c=2}\n"
    );
    let label_array = r#"{"labelled": [{"bar": {"baz": {"c": 1}}}, {"bar": {"baz": [{"c": 2}]}}]}"#;
    assert_eq!(
        body(label_array),
        "block \"labelled\"@1:2 [\"bar\"@1:16, \"baz\"@1:24] {c=1}\n\
         block \"labelled\"@1:2 [\"bar\"@1:44, \"baz\"@1:52] {c=2}\n"
    );
    let twice = r#"{"labelled": {"bar": {"baz": {"c": 1}}, "bar": {"baz": {"c": 2}}}}"#;
    assert_eq!(
        body(twice),
        "block \"labelled\"@1:2 [\"bar\"@1:15, \"baz\"@1:23] {c=1}\n\
         block \"labelled\"@1:2 [\"bar\"@1:41, \"baz\"@1:49] {c=2}\n"
    );
}

#[test]
fn spec_structure_errors() {
    let mut out = String::new();
    for src in [
        // A property the schema does not name.
        r#"{"foo": 1, "bar": 2}"#,
        // The same attribute twice (the JSON text may repeat a name; HCL may not).
        "{\n  \"foo\": 1,\n  \"foo\": 2\n}",
        // A block given as a string, as a number in an array.
        r#"{"block": "nope"}"#,
        r#"{"block": [{"x": 1}, 2]}"#,
        // Labels missing: an empty object, a string at a label level.
        r#"{"labelled": {}}"#,
        r#"{"labelled": {"a": "b"}}"#,
        r#"{"labelled": {"a": {"b": true}}}"#,
        // A body that is not an object.
        r#"[1]"#,
        r#""text""#,
    ] {
        out.push_str(&format!("--- {src} ---\n"));
        out.push_str(&body(src));
    }
    insta::assert_snapshot!("json_structure_errors", out);
}

#[test]
fn just_attributes_reads_every_property() {
    let src = r#"{"//": "c", "a": 1, "b": {"c": [1]}, "a": 2}"#;
    let value = parse_json(src).unwrap();
    let (attrs, errors) = JsonBody::new(&value, src).just_attributes();
    let names: Vec<&str> = attrs.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].summary(), "Duplicate attribute definition");
    assert_eq!(at(src, errors[0].span()), "\"a\"@1:38");
    let array = "[{\"a\": 1}]";
    let value = parse_json(array).unwrap();
    let (_, errors) = JsonBody::new(&value, array).just_attributes();
    assert_eq!(errors[0].summary(), "Incorrect JSON value type");
}

// ---------------------------------------------------------------------------
// Expressions: json/spec.md "Expressions" and "Static Analysis"
// ---------------------------------------------------------------------------

fn expr(src: &str) -> String {
    let value = parse_json(src).unwrap();
    match value.to_expr() {
        Ok(expr) => dump(&expr),
        Err(error) => render(src, &[error]),
    }
}

#[test]
fn spec_expressions() {
    // Strings are templates; `$${` escapes; a lone interpolation is unwrapped later.
    assert_eq!(
        expr(r#""Hello, ${name}!""#),
        r#"(template "Hello, " (interp name) "!")"#
    );
    assert_eq!(expr(r#""$${name}""#), r#""${name}""#);
    assert_eq!(expr(r#""${ a + b }""#), "(template (interp (+ a b)))");
    assert_eq!(
        expr(r#""%{ if x }y%{ endif }""#),
        r#"(template (if x (template "y")))"#
    );
    // Numbers keep their text, the other literals are themselves.
    assert_eq!(expr("1e150"), "1e150");
    assert_eq!(expr("-0.5"), "-0.5");
    assert_eq!(expr("[true, false, null]"), "(tuple true false null)");
    // Object keys are templates too.
    assert_eq!(
        expr(r#"{"a": 1, "${k}": [2]}"#),
        r#"(object (["a"] = 1) ([(template (interp k))] = (tuple 2)))"#
    );
}

#[test]
fn template_spans_point_into_the_json_text() {
    let src = "{\"x\": \"\\u00e9${var.a}\"}";
    let value = parse_json(src).unwrap();
    let (attrs, _) = JsonBody::new(&value, src).just_attributes();
    let parsed = attrs[0].value.to_expr().unwrap();
    let terrace_syntax::ExprKind::Template(template) = &parsed.kind else {
        panic!("not a template: {}", dump(&parsed));
    };
    let interp = template.as_single_interp().map(|e| at(src, e.span));
    // The escape `\u00e9` shifts decoded offsets; the span is still `var.a`.
    assert_eq!(interp, None);
    let var = template
        .parts
        .iter()
        .find_map(|part| match part {
            terrace_syntax::TemplatePart::Interp(interp) => Some(at(src, interp.expr.span)),
            _ => None,
        })
        .unwrap();
    assert_eq!(var, "var.a@1:16");
    insta::assert_snapshot!(
        "json_template_errors",
        [
            expr(r#"{"a": "${var.x +}"}"#),
            expr("{\n  \"a\": \"\\t${\"\n}"),
            expr(r#"["ok", "%{ if a }"]"#),
        ]
        .join("")
    );
}

#[test]
fn static_and_literal_modes() {
    let value =
        parse_json(r#"["list(string)", "aws_instance.web[0].id", {"aws.west": "aws.x"}]"#).unwrap();
    assert_eq!(
        dump(&value.to_static_expr().unwrap()),
        "(tuple (call list string) aws_instance.web[0].id (object ([aws.west] = aws.x)))"
    );
    let traversal = parse_json(r#""module.net.id""#).unwrap();
    let parsed = traversal.as_string().unwrap().parse_traversal().unwrap();
    assert_eq!(parsed.span.start, 1);
    assert_eq!(parsed.steps.len(), 2);
    let bad = r#"{"type": "list(string"}"#;
    let value = parse_json(bad).unwrap();
    let error = value.as_object().unwrap()[0]
        .value
        .to_static_expr()
        .unwrap_err();
    insta::assert_snapshot!("json_static_error", render(bad, &[error]));
    let literal = parse_json(r#"{"${x}": "${y}", "n": [1]}"#).unwrap();
    assert_eq!(
        dump(&literal.to_literal_expr()),
        r#"(object (["${x}"] = "${y}") (["n"] = (tuple 1)))"#
    );
}

#[test]
fn duplicate_object_keys_in_expressions() {
    // The first definition counts (as in Terraform), the others are errors;
    // names with template sequences are only known when evaluated.
    let src = "{\"a\": 1, \"b\": [{\"c\": 1, \"c\": 2}], \"a\": 2, \"${k}\": 3, \"${k}\": 4}";
    let value = parse_json(src).unwrap();
    assert_eq!(
        dump(&value.to_expr().unwrap()),
        r#"(object (["a"] = 1) (["b"] = (tuple (object (["c"] = 1)))) ([(template (interp k))] = 3) ([(template (interp k))] = 4))"#
    );
    insta::assert_snapshot!(
        "json_duplicate_keys",
        render(src, &value.duplicate_key_errors(src))
    );
}
