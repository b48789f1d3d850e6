//! Bodies: attributes and blocks, labels, one-line blocks, line endings, BOM, UTF-8.

use terrace_syntax::{
    BodyItem, ParseErrorKind, SourceMap, dump_body, parse_body, parse_body_bytes,
};

use crate::check::render;

#[track_caller]
fn check(src: &str, expected: &str) {
    let (body, errors) = parse_body(src);
    assert!(errors.is_empty(), "{}", render(src, &errors));
    assert_eq!(dump_body(&body), expected);
}

#[track_caller]
fn summaries(src: &str) -> Vec<String> {
    let (_, errors) = parse_body(src);
    errors
        .iter()
        .map(|error| error.summary().to_owned())
        .collect()
}

#[test]
fn attributes_and_blocks_in_source_order() {
    check(
        "a = 1\nresource \"aws_instance\" web {\n  ami = \"x\"\n\n  lifecycle {\n    create_before_destroy = true\n  }\n}\nb = a\n",
        "(body\n  (attribute a 1)\n  (block resource \"aws_instance\" web\n    (body\n      (attribute ami \"x\")\n      (block lifecycle\n        (body\n          (attribute create_before_destroy true)))))\n  (attribute b a))",
    );
}

#[test]
fn one_line_blocks() {
    check(
        "b { a = 1 }\n",
        "(body\n  (block b\n    (body\n      (attribute a 1))))",
    );
    check(
        "b {}\nc \"x\" {}",
        "(body\n  (block b\n    (body))\n  (block c \"x\"\n    (body)))",
    );
    // Terraform's messages for the one-line block rules.
    assert_eq!(
        summaries("b { a = 1, }\n"),
        ["Invalid single-argument block definition"]
    );
    assert_eq!(
        summaries("b { a = 1 \n}\n"),
        ["Invalid single-argument block definition"]
    );
    assert_eq!(summaries("b { c {} }\n"), ["Argument definition required"]);
    assert_eq!(
        summaries("b { a = 1 } c = 2\n"),
        ["Missing newline after block definition"]
    );
    assert_eq!(
        summaries("b {\n a = 1 }\n"),
        ["Missing newline after argument"]
    );
}

#[test]
fn item_errors() {
    assert_eq!(
        summaries("a\n= 1\n"),
        ["Argument or block definition required"; 2]
    );
    assert_eq!(
        summaries("b\n{\n}\n"),
        ["Argument or block definition required"; 2]
    );
    assert_eq!(
        summaries("a = 1; b = 2\n"),
        ["Missing newline after argument"]
    );
    assert_eq!(
        summaries("a = 1, b = 2\n"),
        ["Unexpected comma after argument"]
    );
    assert_eq!(summaries("\"a\" = 1\n"), ["Invalid argument name"]);
    assert_eq!(
        summaries("b = 1 /* c\n */ c = 2\n"),
        ["Missing newline after argument"]
    );
    assert_eq!(summaries("a = 1\na = 2\n"), ["Attribute redefined"]);
    assert_eq!(summaries("b \"${x}\" {}\n"), ["Invalid string literal"]);
    assert_eq!(summaries("b x = {}\n"), ["Invalid block definition"]);
}

#[test]
fn recovery_reports_several_errors() {
    let src = "a = [1 2]\nb = 2\nc {\n  d = (\n  e = 3\n}\nf = {x = 1 y = 2}\ng = 4\n";
    let (body, errors) = parse_body(src);
    let names: Vec<&str> = body
        .items
        .iter()
        .map(|item| match item {
            BodyItem::Attribute(attribute) => attribute.name.as_str(),
            BodyItem::Block(block) => block.block_type.as_str(),
        })
        .collect();
    assert_eq!(names, ["b", "c", "g"]);
    insta::assert_snapshot!("recovery_errors", render(src, &errors));
}

#[test]
fn line_endings_bom_and_encoding() {
    let crlf = "a = 1\r\nb {\r\n  c = <<EOT\r\nx\r\nEOT\r\n}\r\n";
    check(
        crlf,
        "(body\n  (attribute a 1)\n  (block b\n    (body\n      (attribute c \"x\\r\\n\"))))",
    );
    let (body, errors) = parse_body("\u{feff}a = 1\n");
    assert!(errors.is_empty());
    let attribute = body.attribute("a").unwrap();
    assert_eq!(
        attribute.name.span.range(),
        3..4,
        "spans count the BOM's bytes"
    );
    let (_, errors) = parse_body_bytes(b"a = \"\xff\"\n");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind(), ParseErrorKind::InvalidCharacter);
    assert_eq!(errors[0].span().range(), 5..6);
    assert_eq!(errors[0].message(), "invalid UTF-8 at byte offset 5");
    let (_, errors) = parse_body_bytes("a = \"é\"\n".as_bytes());
    assert!(errors.is_empty());
}

#[test]
fn identifiers_follow_uax31_with_dashes() {
    check(
        "_a = 1\ncafé-x = b-c\n",
        "(body\n  (attribute _a 1)\n  (attribute café-x b-c))",
    );
    assert_eq!(
        summaries("1a = 1\n"),
        ["Argument or block definition required"]
    );
}

#[test]
fn source_map_locations() {
    let src = "a = 1\nb = [1 2]\n";
    let (_, errors) = parse_body(src);
    let map = SourceMap::new(src);
    let location = map.location(errors[0].span().start as usize);
    assert_eq!((location.line, location.column), (2, 8));
}

#[test]
fn unclosed_block_is_incomplete() {
    let (_, errors) = parse_body("b {\n  a = 1\n");
    assert_eq!(errors.len(), 1);
    assert!(errors[0].is_incomplete());
    assert_eq!(
        errors[0].kind(),
        ParseErrorKind::Unclosed {
            open: terrace_syntax::Span::new(2, 3)
        }
    );
}

#[test]
fn block_and_label_spans() {
    let src = "resource \"a\" b {\n  x = 1\n}\n";
    let (body, errors) = parse_body(src);
    assert!(errors.is_empty());
    let block = body.blocks().next().unwrap();
    let texts: Vec<&str> = block
        .labels
        .iter()
        .map(|label| label.span.text(src))
        .collect();
    assert_eq!(texts, ["\"a\"", "b"]);
    assert!(block.labels[0].quoted && !block.labels[1].quoted);
    assert_eq!(block.open_brace.text(src), "{");
    assert_eq!(block.close_brace.range(), 25..26);
    assert_eq!(block.span.text(src), &src[..26]);
    let attribute = block.body.attribute("x").unwrap();
    assert_eq!(attribute.span.text(src), "x = 1");
    assert_eq!(attribute.expr.span.text(src), "1");
}
