//! Snapshots of the diagnostics users see most, rendered as text.

use terrace_eval::{Diagnostics, Evaluator, Scope};
use terrace_types::Value;

/// Renders diagnostics with their spans, labels and suggestions, one block each.
fn render(src: &str, diagnostics: &Diagnostics) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&format!(
            "{}: {}\n  {}\n  at {} `{}`\n",
            if diagnostic.is_error() {
                "error"
            } else {
                "warning"
            },
            diagnostic.summary,
            diagnostic.detail,
            diagnostic.span,
            diagnostic.span.text(src)
        ));
        for (span, label) in &diagnostic.labels {
            out.push_str(&format!("  label {span} `{}`: {label}\n", span.text(src)));
        }
        if let Some(suggestion) = &diagnostic.suggestion {
            out.push_str(&format!("  suggestion: {suggestion}\n"));
        }
    }
    out
}

fn diagnose(scope: &Scope, src: &str) -> String {
    let expr = terrace_syntax::parse_expr(src).unwrap();
    let diagnostics = Evaluator::new().eval(&expr, scope).unwrap_err();
    format!("{src}\n{}", render(src, &diagnostics))
}

fn plain(src: &str) -> String {
    let scope = Scope::new()
        .with("name", Value::string("x"))
        .with("items", Value::tuple([Value::int(1), Value::int(2)]));
    diagnose(&scope, src)
}

#[test]
fn unknown_variable_with_suggestion() {
    insta::assert_snapshot!("unknown_variable", plain("upper(nmae)"));
}

#[test]
fn undeclared_input_variable_with_suggestion() {
    let mut scope = Scope::terraform();
    scope.insert_attr("var", "region", Value::string("eu"));
    insta::assert_snapshot!("undeclared_input_variable", diagnose(&scope, "var.regoin"));
}

#[test]
fn wrong_operand_type() {
    insta::assert_snapshot!("wrong_operand_type", plain("name + 1"));
}

#[test]
fn non_bool_condition() {
    insta::assert_snapshot!("non_bool_condition", plain("items ? 1 : 2"));
}

#[test]
fn index_out_of_range() {
    insta::assert_snapshot!("index_out_of_range", plain("items[2]"));
}

#[test]
fn missing_attribute() {
    insta::assert_snapshot!("missing_attribute", plain("{a = 1}.b"));
}

#[test]
fn duplicate_key_in_for() {
    insta::assert_snapshot!(
        "duplicate_for_key",
        plain("{for x in [\"a\", \"a\"] : x => 1}")
    );
}

#[test]
fn wrong_number_of_arguments() {
    insta::assert_snapshot!("too_many_arguments", plain("upper(name, name)"));
    insta::assert_snapshot!("not_enough_arguments", plain("upper()"));
}

#[test]
fn invalid_splat() {
    insta::assert_snapshot!("splat_of_null_list", plain("tolist(null)[*]"));
}

#[test]
fn unknown_function_with_suggestion() {
    insta::assert_snapshot!("unknown_function", plain("Upper(name)"));
}
