//! Helpers shared by the tests: evaluate a console line and print it as Terraform does.

use terrace_eval::{ConsoleValue, Diagnostics, Evaluator, Scope};
use terrace_types::{format_type, format_value};

/// Parses and evaluates `src` as a console line, and prints the result as
/// `terraform console` would.
pub fn console_with(
    evaluator: &Evaluator,
    scope: &Scope,
    src: &str,
) -> Result<String, Diagnostics> {
    let expr = terrace_syntax::parse_expr(src)?;
    Ok(match evaluator.eval_console(&expr, scope)? {
        ConsoleValue::Value(value) => format_value(&value),
        ConsoleValue::Type(ty) => format_type(&ty),
    })
}

/// [`console_with`] with the standard functions and an empty Terraform scope.
pub fn console(src: &str) -> Result<String, Diagnostics> {
    console_with(&Evaluator::new(), &Scope::terraform(), src)
}

/// Checks that `src` prints `expected`.
#[track_caller]
pub fn check(src: &str, expected: &str) {
    match console(src) {
        Ok(got) => assert_eq!(got, expected, "input: {src}"),
        Err(e) => panic!("input: {src}\nunexpected error: {e}"),
    }
}

/// Checks that `src` fails and that the first diagnostic's summary is `summary`.
#[track_caller]
pub fn check_error(src: &str, summary: &str) {
    match console(src) {
        Ok(got) => panic!("input: {src}\nexpected error {summary:?}, got value {got}"),
        Err(e) => assert_eq!(
            e.first().map(|d| d.summary.as_str()),
            Some(summary),
            "input: {src}\nall: {e}"
        ),
    }
}

/// Checks that `src` fails with exactly this `summary; detail`.
#[track_caller]
pub fn check_error_detail(src: &str, expected: &str) {
    match console(src) {
        Ok(got) => panic!("input: {src}\nexpected error {expected:?}, got value {got}"),
        Err(e) => assert_eq!(
            e.first().map(ToString::to_string).unwrap_or_default(),
            expected,
            "input: {src}"
        ),
    }
}
