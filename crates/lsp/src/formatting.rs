//! Formatting: the edits that make a document's text byte-identical to `terrace fmt`'s.

use lsp_types::{Range, TextEdit};

use crate::position::LineIndex;

/// `text` as `terrace fmt -` (and `terraform fmt -`) prints it, ending in a newline; `None`
/// when it does not parse.
///
/// ```
/// assert_eq!(terrace_lsp::formatting::formatted("a=1").as_deref(), Some("a = 1\n"));
/// assert_eq!(terrace_lsp::formatting::formatted("a=(1"), None);
/// ```
pub fn formatted(text: &str) -> Option<String> {
    let mut formatted = terrace_syntax::format(text).ok()?;
    if !formatted.ends_with('\n') {
        formatted.push('\n');
    }
    Some(formatted)
}

/// The edits formatting `text`: none when it is formatted or does not parse (a file with a
/// syntax error is left as it is). The changed lines are replaced as one edit.
///
/// ```
/// use terrace_lsp::formatting::edits;
/// use terrace_lsp::position::LineIndex;
/// let text = "a=1\nbb = 2\n";
/// let edits = edits(text, &LineIndex::new(text));
/// assert_eq!(edits.len(), 1);
/// // Only the changed line is replaced: `bb = 2` already is as `terrace fmt` writes it.
/// assert_eq!(edits[0].new_text, "a  = 1\n");
/// ```
pub fn edits(text: &str, index: &LineIndex) -> Vec<TextEdit> {
    let Some(formatted) = formatted(text) else {
        return Vec::new();
    };
    if formatted == text {
        return Vec::new();
    }
    // The common prefix and suffix, in whole lines, stay; the rest is one edit.
    let old_lines: Vec<&str> = text.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = formatted.split_inclusive('\n').collect();
    let head = old_lines
        .iter()
        .zip(&new_lines)
        .take_while(|(a, b)| a == b && a.ends_with('\n'))
        .count();
    let tail = old_lines[head..]
        .iter()
        .rev()
        .zip(new_lines[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let start: usize = old_lines[..head].iter().map(|l| l.len()).sum();
    let old_end = text.len()
        - old_lines[old_lines.len() - tail..]
            .iter()
            .map(|l| l.len())
            .sum::<usize>();
    let new_end = formatted.len()
        - new_lines[new_lines.len() - tail..]
            .iter()
            .map(|l| l.len())
            .sum::<usize>();
    let range = Range::new(
        index.position(text, start),
        if old_end == text.len() {
            index.position(text, text.len())
        } else {
            index.position(text, old_end)
        },
    );
    vec![TextEdit {
        range,
        new_text: formatted[start..new_end].to_string(),
    }]
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The text with the edits applied (in reverse, as a client applies them).
    pub(crate) fn apply(text: &str, edits: &[TextEdit]) -> String {
        let index = LineIndex::new(text);
        let mut out = text.to_string();
        for edit in edits.iter().rev() {
            let a = index.offset(text, edit.range.start);
            let b = index.offset(text, edit.range.end);
            out.replace_range(a..b, &edit.new_text);
        }
        out
    }

    #[test]
    fn edits_give_the_formatted_text() {
        for text in [
            "x = 1\ny=2\nz = 3\n",
            "locals {\na=1\n}\n",
            "a = 1",
            "",
            "# é😀\nb={c=1}\n",
            "a = 1\n\n\n",
        ] {
            let index = LineIndex::new(text);
            let mut want = terrace_syntax::format(text).unwrap_or_default();
            if !want.ends_with('\n') {
                want.push('\n');
            }
            assert_eq!(apply(text, &edits(text, &index)), want, "{text:?}");
        }
    }

    #[test]
    fn nothing_for_formatted_or_broken_text() {
        let text = "a = 1\n";
        assert!(edits(text, &LineIndex::new(text)).is_empty());
        let text = "a = (1\n";
        assert!(edits(text, &LineIndex::new(text)).is_empty());
    }
}
