//! The non-interactive console: `-e EXPR` and expressions piped on stdin.

use std::io::Read as _;

use crate::input::split_inputs;
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
    let text = String::from_utf8_lossy(&bytes);
    run_text(session, &text, printer)
}

/// Evaluate every complete input in `text`, as piped stdin is.
pub fn run_text(session: &mut Session, text: &str, printer: &Printer) -> bool {
    let mut ok = true;
    for chunk in split_inputs(text) {
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
