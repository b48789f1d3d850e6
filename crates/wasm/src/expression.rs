//! Expressions as the console answers them: `terrace -e EXPR`, `:type EXPR`, `--json -e EXPR`.

use std::sync::Arc;

use terrace_functions::Overlay;
use terrace_repl::{Context, OutputFormat, Reply, Report, Session, Theme};

/// What `terrace -e EXPR` prints on standard output, without the final newline; on failure,
/// what it prints on standard error (without colour or the final newline).
///
/// ```
/// assert_eq!(terrace_wasm::evaluate_text("1 + 1"), Ok("2".to_string()));
/// assert_eq!(terrace_wasm::evaluate_text("fileexists(\"main.tf\")"), Ok("false".to_string()));
/// let error = terrace_wasm::evaluate_text("1 +").unwrap_err();
/// assert!(error.starts_with("error: Missing expression"), "{error}");
/// ```
pub fn evaluate_text(expr: &str) -> Result<String, String> {
    run(expr, OutputFormat::Console)
}

/// What `:type EXPR` prints.
///
/// ```
/// assert_eq!(terrace_wasm::type_text("\"a\""), Ok("string".to_string()));
/// ```
pub fn type_text(expr: &str) -> Result<String, String> {
    run(&format!(":type {expr}"), OutputFormat::Console)
}

/// What `terrace --json -e EXPR` prints: the value as JSON.
///
/// ```
/// assert_eq!(terrace_wasm::json_text("{a = [1]}"), Ok("{\"a\":[1]}".to_string()));
/// ```
pub fn json_text(expr: &str) -> Result<String, String> {
    run(expr, OutputFormat::Json)
}

/// One input through a fresh session, as one `terrace -e` process in an empty directory:
/// the files it sees are an empty in-memory directory, so `fileexists("x")` is false and
/// `file("x")` says no file exists there, as in that process, and no disk is ever read.
fn run(input: &str, format: OutputFormat) -> Result<String, String> {
    let context = Context {
        files: Some(Arc::new(Overlay::in_memory())),
        ..Context::default()
    };
    let mut session = Session::new(context, format);
    session.set_now(crate::clock::now());
    reply_text(session.run(input))
}

/// A session's answer as the console prints it: the reply's text, or the report's.
pub(crate) fn reply_text(result: Result<Reply, Report>) -> Result<String, String> {
    match result {
        Ok(Reply::Loaded { reports, summary }) => {
            if reports.is_empty() {
                Ok(summary)
            } else {
                Err(render(&reports))
            }
        }
        Ok(reply) => Ok(reply.text().unwrap_or_default().to_string()),
        Err(report) => Err(render(std::slice::from_ref(&report))),
    }
}

/// Reports as the console writes them on standard error, without colour or the final newline.
pub(crate) fn render(reports: &[Report]) -> String {
    let text: String = reports
        .iter()
        .map(|report| report.render(Theme::new(false)))
        .collect();
    text.trim_end_matches('\n').to_string()
}
