//! The non-interactive console: `-e EXPR` and expressions piped on stdin.

use std::io::Read as _;

use terrace_syntax::Span;

use crate::diagnostics::{Problem, Report};
use crate::input::{is_blank, split_inputs};
use crate::output::Printer;
use crate::session::{Reply, Session};

/// Evaluate each of `exprs` in turn and print it; returns whether all succeeded.
pub fn run_exprs(session: &mut Session, exprs: &[String], printer: &Printer) -> bool {
    let mut ok = true;
    for expr in exprs {
        match session.run(expr) {
            Ok(Reply::Quit) => break,
            Ok(reply) => printer.reply(&reply),
            Err(report) => {
                printer.report(&report);
                ok = false;
            }
        }
    }
    ok
}

/// Read all of stdin, split it into complete inputs and evaluate each in turn;
/// returns whether all succeeded. An error does not stop the rest.
pub fn run_stdin(session: &mut Session, printer: &Printer) -> bool {
    let mut bytes = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut bytes) {
        printer.error_line(&format!("cannot read standard input: {error}"));
        return false;
    }
    match std::str::from_utf8(&bytes) {
        Ok(text) => run_text(session, text, printer),
        Err(error) => {
            printer.report(&invalid_encoding(&bytes, &error));
            false
        }
    }
}

/// The report for piped input that is not UTF-8: where the first bad byte is. Nothing
/// is evaluated (a lossy conversion would evaluate something other than what was sent);
/// the text shown under the diagnostic marks the bad bytes with U+FFFD.
fn invalid_encoding(bytes: &[u8], error: &std::str::Utf8Error) -> Report {
    let at = error.valid_up_to();
    let len = error.error_len().unwrap_or(bytes.len() - at);
    let problem = Problem::error(
        "Invalid character encoding",
        format!(
            "All input must be UTF-8 encoded. The byte at offset {at} is not valid UTF-8, so nothing was evaluated."
        ),
    )
    .at(Span::new(at, at + len));
    Report::new(
        "<stdin>",
        String::from_utf8_lossy(bytes).into_owned(),
        vec![problem],
    )
}

/// Evaluate every complete input in `text`, as piped stdin is. Lines of
/// comments only are skipped, so that a script of expressions can explain
/// itself (`terraform console` stops at them with "Missing expression").
pub fn run_text(session: &mut Session, text: &str, printer: &Printer) -> bool {
    let mut ok = true;
    for chunk in split_inputs(text) {
        if is_blank(&chunk.text) {
            continue;
        }
        match session.run(&chunk.text) {
            Ok(Reply::Quit) => break,
            Ok(reply) => printer.reply(&reply),
            Err(report) => {
                printer.report(&report.named("<stdin>", chunk.line));
                ok = false;
            }
        }
    }
    ok
}
