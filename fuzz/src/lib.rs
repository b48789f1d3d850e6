//! terrace-fuzz: the fuzz targets' bodies, one function per target.
//!
//! `fuzz_targets/*.rs` call these; the workspace's `terrace-tests` package includes this
//! file too (`tests/it/fuzz_regressions.rs`) and runs every input kept in
//! `tests/data/fuzz-regressions/<target>/` through the same function, so CI replays what
//! the fuzzers once found.

use std::path::PathBuf;

/// The safety property `format` must keep (shared with the syntax crate's tests).
#[path = "../../crates/syntax/tests/it/format_meaning.rs"]
mod format_meaning;

use terrace_eval::functions::CallContext;
use terrace_eval::{ConsoleValue, Evaluator, Scope};

/// The largest input `parse_eval` evaluates: bigger inputs only slow the fuzzer down
/// (the parser alone is fuzzed with any size by `parse_expr`).
pub const PARSE_EVAL_MAX_INPUT: usize = 4096;

/// `parse_expr`, then the walks over what it returns, and the highlighter.
pub fn parse_expr(data: &[u8]) {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(expr) = terrace_syntax::parse_expr(src) {
            let _ = terrace_syntax::dump(&expr);
            let _ = terrace_syntax::references(&expr);
        }
        let _ = terrace_syntax::highlight(src);
    }
}

/// `parse_body_bytes` on any bytes, valid UTF-8 or not; error spans must lie in the input.
pub fn parse_body(data: &[u8]) {
    let (body, errors) = terrace_syntax::parse_body_bytes(data);
    let _ = terrace_syntax::dump_body(&body);
    for error in errors {
        assert!(error.span().start <= error.span().end);
        assert!(error.span().end as usize <= data.len());
    }
}

/// `format` on any bytes: never panics, and what formats parses to the same tree, keeps its
/// comments in order and formats to itself.
pub fn format(data: &[u8]) {
    if let Ok(src) = std::str::from_utf8(data)
        && let Ok(formatted) = terrace_syntax::format(src)
        && let Err(error) = format_meaning::check_meaning(src, &formatted)
    {
        panic!("{error}\n--- input ---\n{src}\n--- formatted ---\n{formatted}");
    }
}

/// `parse_template` and the walks over what it returns.
pub fn parse_template(data: &[u8]) {
    if let Ok(src) = std::str::from_utf8(data)
        && let Ok(template) = terrace_syntax::parse_template(src)
    {
        let _ = terrace_syntax::dump_template(&template);
        let _ = terrace_syntax::template_references(&template);
    }
}

/// Parses an expression and evaluates it as the console does (`Scope::terraform()`, the
/// whole function library), then prints the result the way the console would.
pub fn parse_eval(data: &[u8]) {
    if data.len() > PARSE_EVAL_MAX_INPUT {
        return;
    }
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = terrace_syntax::parse_expr(src) else {
        return;
    };
    let context = CallContext {
        base_dir: fixture_dir(),
        home_dir: None,
        fixed_now: Some("2024-01-02T03:04:05Z".to_owned()),
        ..CallContext::default()
    };
    let evaluator = Evaluator::new().with_context(context);
    match evaluator.eval_console(&expr, &Scope::terraform()) {
        Ok(ConsoleValue::Value(value)) => {
            let _ = terrace_types::format_value(&value);
            let _ = terrace_types::to_json(&value);
        }
        Ok(ConsoleValue::Type(ty)) => {
            let _ = terrace_types::format_type(&ty);
        }
        Err(diagnostics) => {
            for diagnostic in diagnostics.iter() {
                let _ = diagnostic.to_string();
            }
        }
    }
}

/// The directory relative paths in `file(...)` and friends resolve against: the
/// function fixtures of the eval crate's tests.
fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/eval/tests/data/files")
}
