//! Shared helpers: the only place the tests touch the parser API.

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;
use terrace_syntax::{ParseError, ParseErrorKind, dump, parse_expr};

/// Parse an expression and dump it, or render its error.
pub fn expr(src: &str) -> String {
    match parse_expr(src) {
        Ok(expr) => dump(&expr),
        Err(error) => render(src, &[error]).trim_end().to_owned(),
    }
}

/// Assert that `src` parses as an expression whose dump is `expected`.
#[track_caller]
pub fn check(src: &str, expected: &str) {
    let parsed = parse_expr(src).unwrap_or_else(|error| panic!("{}", render(src, &[error])));
    assert_eq!(dump(&parsed), expected, "input: {src}");
}

/// Assert that `src` fails to parse as an expression with this summary.
#[track_caller]
pub fn check_error(src: &str, summary: &str) -> ParseError {
    match parse_expr(src) {
        Ok(parsed) => panic!("parsed as {}", dump(&parsed)),
        Err(error) => {
            assert_eq!(
                error.summary(),
                summary,
                "{}",
                render(src, std::slice::from_ref(&error))
            );
            error
        }
    }
}

/// A table of inputs and their dumps, for a file snapshot.
pub fn table(inputs: &[&str]) -> String {
    let mut out = String::new();
    for src in inputs {
        out.push_str(src);
        out.push_str("\n  => ");
        out.push_str(&expr(src));
        out.push_str("\n\n");
    }
    out
}

/// Render errors the way the console does: codespan-reporting, no colour.
pub fn render(src: &str, errors: &[ParseError]) -> String {
    let file = SimpleFile::new("input.tf", src);
    let config = term::Config::default();
    let mut out = String::new();
    for error in errors {
        let mut labels =
            vec![Label::primary((), error.span().range()).with_message(error.message())];
        if let ParseErrorKind::Unclosed { open } = error.kind()
            && open != error.span()
        {
            labels.push(Label::secondary((), open.range()).with_message("opened here"));
        }
        let diagnostic = Diagnostic::error()
            .with_message(error.summary())
            .with_labels(labels)
            .with_notes(vec![error.detail().to_owned()]);
        term::emit_to_string(&mut out, &config, &file, &diagnostic).unwrap();
    }
    out
}
