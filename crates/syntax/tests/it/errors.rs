//! Diagnostics: rendered errors for tricky inputs, and which errors mean "incomplete".

use terrace_syntax::{ParseErrorKind, parse_body, parse_expr, parse_template};

use crate::check::render;

fn rendered_expr_errors(inputs: &[&str]) -> String {
    let mut out = String::new();
    for src in inputs {
        out.push_str("--- ");
        out.push_str(&src.replace('\n', "\\n"));
        out.push_str(" ---\n");
        match parse_expr(src) {
            Ok(expr) => out.push_str(&format!("parsed: {}\n", terrace_syntax::dump(&expr))),
            Err(error) => out.push_str(&render(src, &[error])),
        }
    }
    out
}

#[test]
fn expression_diagnostics() {
    insta::assert_snapshot!(
        "expression_diagnostics",
        rendered_expr_errors(&[
            "[1 2]",
            "(1 + 2",
            "[1,\n 2,\n",
            "{a = 1\n",
            "f(1, 2",
            "\"abc",
            "\"${a",
            "\"%{ if a }x",
            "\"%{ if a }x\"",
            "<<EOT\nfoo\n",
            "<<EOT foo",
            "1 +",
            "a ? b",
            "a.",
            "\"\\q\"",
            "1 2",
            "[for x in y : x",
            "a = 1",
            "/* unterminated",
        ])
    );
}

#[test]
fn body_diagnostics() {
    let src = "resource \"x\" \"y\" {\n  a = 1\n  b = [\n";
    let (_, errors) = parse_body(src);
    insta::assert_snapshot!("unterminated_block", render(src, &errors));
    let src = "locals {\n  s = \"abc\n}\n";
    let (_, errors) = parse_body(src);
    insta::assert_snapshot!("unterminated_string_in_block", render(src, &errors));
    let src = "a = <<EOT\nnever closed\n";
    let (_, errors) = parse_body(src);
    insta::assert_snapshot!("unterminated_heredoc", render(src, &errors));
}

#[test]
fn incomplete_exactly_at_open_constructs_and_end_of_input() {
    let incomplete = [
        "(",
        "[1,",
        "{",
        "{a = 1",
        "f(",
        "f(1",
        "\"abc",
        "\"${",
        "\"${a",
        "\"%{ if a }",
        "\"%{ if a }x",
        "<<EOT\n",
        "<<EOT\nfoo",
        "[for x in y",
        "{for k, v in m : k => v",
        "1 +",
        "a ?",
        "a ? b :",
        "!",
        "/* c",
        "a.",
        "x[",
    ];
    for src in incomplete {
        let error = parse_expr(src).unwrap_err();
        assert!(error.is_incomplete(), "{src:?}: {:?}", error.kind());
    }
    let complete_but_wrong = [
        "[1 2]",
        "(1 2)",
        "\"a\nb\"",
        "\"\\q\"",
        "1 2",
        "}",
        ")",
        "f(a b)",
        "\"%{ if a }x\"",
        "{a b}",
        "%{",
        "a ? b c",
    ];
    for src in complete_but_wrong {
        let error = parse_expr(src).unwrap_err();
        assert!(!error.is_incomplete(), "{src:?}: {:?}", error.kind());
    }
    assert!(parse_template("${a").unwrap_err().is_incomplete());
}

#[test]
fn unclosed_errors_point_at_the_end_and_the_opener() {
    let error = parse_expr("[1, (2").unwrap_err();
    assert_eq!(error.span().range(), 6..6);
    assert_eq!(
        error.kind(),
        ParseErrorKind::Unclosed {
            open: terrace_syntax::Span::new(4, 5)
        }
    );
    assert_eq!(error.message(), "unclosed `(`");
    let error = parse_expr("[1 2]").unwrap_err();
    assert_eq!(error.message(), "expected `,` or `]`, found `2`");
    assert_eq!(error.summary(), "Missing item separator");
    assert_eq!(
        error.detail(),
        "Expected a comma to mark the beginning of the next item."
    );
    assert_eq!(error.found(), Some("`2`"));
}
