//! `terrace fmt -`: a source formatted as `terraform fmt` formats it.

use terrace_repl::{FmtOptions, fmt_paths};

/// What `terrace fmt -` prints for `src` on standard input; on a syntax error, what it
/// prints on standard error (without colour or the final newline).
///
/// ```
/// assert_eq!(terrace_wasm::format_text("x   =  [1,2]"), Ok("x = [1, 2]\n".to_string()));
/// assert!(terrace_wasm::format_text("x = [").is_err());
/// ```
pub fn format_text(src: &str) -> Result<String, String> {
    let outcome = fmt_paths(
        &[std::path::PathBuf::from("-")],
        FmtOptions::default(),
        &mut src.as_bytes(),
    );
    if outcome.reports.is_empty() {
        Ok(String::from_utf8_lossy(&outcome.stdout).into_owned())
    } else {
        Err(crate::expression::render(&outcome.reports))
    }
}
