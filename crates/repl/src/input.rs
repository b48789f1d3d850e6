//! Telling complete input from incomplete input, and splitting piped text into complete inputs.

use terrace_syntax::parse_expr;

use crate::commands;

/// Whether `src` is the start of an expression (or a command's expression) that
/// more lines could complete: a bracket, brace, parenthesis, `for`, template
/// directive or heredoc is still open, or the input stops after an operator.
///
/// The parser decides: its error must be of the incomplete kinds
/// ([`terrace_syntax::ParseError::is_incomplete`]). Blank input is not incomplete.
pub fn needs_more(src: &str) -> bool {
    let Some(expr_src) = expression_part(src) else {
        return false;
    };
    if is_blank(expr_src) {
        return false;
    }
    // The line's newline has been read: a heredoc header such as `<<EOT` is
    // only complete with it.
    match parse_expr(&format!("{expr_src}\n")) {
        Ok(_) => false,
        Err(error) => error.is_incomplete(),
    }
}

/// The part of an input line that is an expression: the whole line, or the
/// argument of a command that takes one. `None` for commands without one.
fn expression_part(src: &str) -> Option<&str> {
    let trimmed = src.trim_start();
    if trimmed.starts_with(':') {
        return commands::expression_argument(trimmed);
    }
    Some(src)
}

/// Whether `src` holds nothing but whitespace and comments.
pub fn is_blank(src: &str) -> bool {
    let mut rest = src;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return true;
        }
        if rest.starts_with('#') || rest.starts_with("//") {
            rest = rest.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(after) = rest.strip_prefix("/*") {
            match after.split_once("*/") {
                Some((_, after)) => rest = after,
                None => return true,
            }
        } else {
            return false;
        }
    }
}

/// One complete input taken from piped text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The input's text, one or more lines (without the final newline).
    pub text: String,
    /// The 1-based line number of its first line.
    pub line: usize,
}

/// Split `text` into complete inputs: every line starts a new input unless the
/// input so far [`needs_more`], in which case the line continues it. Blank lines
/// between inputs are skipped; an input still open at the end is returned as it
/// is (so that its error gets reported).
pub fn split_inputs(text: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut start_line = 0;
    for (idx, line) in text.lines().enumerate() {
        if current.is_empty() {
            if line.trim().is_empty() {
                continue;
            }
            start_line = idx + 1;
        } else {
            current.push('\n');
        }
        current.push_str(line);
        if !needs_more(&current) {
            chunks.push(Chunk {
                text: std::mem::take(&mut current),
                line: start_line,
            });
        }
    }
    if !current.is_empty() {
        chunks.push(Chunk {
            text: current,
            line: start_line,
        });
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_constructs_continue() {
        for open in [
            "[1,",
            "(1 +",
            "{a = 1",
            "upper(",
            "[for x in [1] :",
            "{for k, v in {} :",
            "\"a ${",
            "<<EOT\n%{ if true }",
            "<<-EOT\n  ${upper(",
            "1 ? 2",
        ] {
            assert!(needs_more(open), "{open:?} should continue");
        }
        for done in ["[1]", "upper(\"a\")", "[for x in [1] : x]", "1 ]", "\"abc"] {
            assert!(!needs_more(done), "{done:?} should not continue");
        }
    }

    #[test]
    fn split_continues_open_inputs() {
        let chunks = split_inputs("1\n\n[1,\n 2]\n:type {\n}\nexit\n[");
        let texts: Vec<&str> = chunks.iter().map(|chunk| chunk.text.as_str()).collect();
        assert_eq!(texts, ["1", "[1,\n 2]", ":type {\n}", "exit", "["]);
        let lines: Vec<usize> = chunks.iter().map(|chunk| chunk.line).collect();
        assert_eq!(lines, [1, 3, 5, 7, 8]);
    }

    #[test]
    fn blank_detection() {
        assert!(is_blank("  \n# c\n// d\n/* e */ "));
        assert!(!is_blank("# c\n1"));
        assert!(!needs_more(""));
        assert!(!needs_more("# just a comment"));
        assert!(needs_more("<<EOT"));
        assert!(needs_more("<<EOT\nhello"));
        assert!(!needs_more("<<EOT\nhello\nEOT"));
        assert!(needs_more(":let x = ["));
        assert!(!needs_more(":doc upper("));
    }
}
