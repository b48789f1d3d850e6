//! Heredoc templates `<<EOT` and `<<-EOT`: the introducer, the closing marker and indentation removal.

use super::Input;
use super::error::{PError, PResult};
use super::lexical::{advance, ident_len, offset, rest};
use super::template::{
    TemplateMode, TemplateToken, TokenKind, build_template, template_expr, template_tokens,
};
use crate::ast::Expr;
use crate::error::Expected;
use crate::span::Span;

/// `heredocTemplate = ("<<" | "<<-") Identifier Newline content Identifier Newline`
///
/// The template ends at the first line (starting where a line starts) that
/// holds only the marker, surrounded by any whitespace. The newline after the
/// marker is left for the enclosing construct, so it can end an attribute.
pub(crate) fn heredoc_expr(input: &mut Input<'_>) -> PResult<Expr> {
    let start = offset(input);
    let text = rest(input);
    let flush = text[2..].starts_with('-');
    let marker_start = if flush { 3 } else { 2 };
    let marker_len = ident_len(&text[marker_start..]);
    let after_marker = marker_start + marker_len;
    let newline_len = if text[after_marker..].starts_with('\n') {
        1
    } else if text[after_marker..].starts_with("\r\n") {
        2
    } else {
        0
    };
    if marker_len == 0 || newline_len == 0 {
        let detail = if marker_len == 0 {
            "A heredoc introducer `<<` must be followed by an identifier, as in `<<EOT`."
        } else {
            "A heredoc introducer such as `<<EOT` must be followed directly by a newline."
        };
        return PError::new(start, "Invalid expression", detail)
            .span(Span::new(start, start + after_marker.max(2)))
            .expected(&[Expected::Description("expression")])
            .fail();
    }
    let marker = &text[marker_start..after_marker];
    let opener = Span::new(start, start + after_marker);
    advance(input, after_marker + newline_len);
    let content_start = offset(input);
    let (mut tokens, close) = template_tokens(input, TemplateMode::Heredoc { marker }, opener)?;
    if flush {
        remove_indentation(&mut tokens);
    }
    let content = Span::new(content_start, close.start as usize);
    let template = build_template(tokens, content, input.state.depth, false)?;
    Ok(template_expr(template, opener.to(close)))
}

/// If `text` starts with a closing-marker line (the marker alone, with any
/// whitespace around it, followed by a newline, or by the end of input when
/// `at_eof_ok`), the length of the line without its line ending.
pub(crate) fn closing_marker_len(text: &str, marker: &str, at_eof_ok: bool) -> Option<usize> {
    let line_end = match text.find('\n') {
        Some(line_end) => line_end,
        None if at_eof_ok => text.len(),
        None => return None,
    };
    let line = &text[..line_end];
    if line.trim() != marker {
        return None;
    }
    Some(line.strip_suffix('\r').map_or(line_end, str::len))
}

/// Indentation removal for `<<-`: find the line-leading literal with the
/// fewest leading whitespace characters and remove that many from every
/// line-leading literal.
///
/// As in HCL, this works on the template tokens (one literal per line), so
/// interpolated values never count: a line that starts with an interpolation
/// or directive counts as unindented, and a line holding only whitespace is
/// ignored (and left as it is).
fn remove_indentation(tokens: &mut [TemplateToken]) {
    let mut min_indent = usize::MAX;
    let mut adjust: Vec<usize> = Vec::new();
    let mut at_line_start = true;
    for (idx, token) in tokens.iter().enumerate() {
        if at_line_start {
            at_line_start = false;
            match &token.kind {
                TokenKind::Literal(text) => {
                    let trimmed = text.trim_start();
                    if !(trimmed.is_empty() && text.ends_with('\n')) {
                        let indent = text[..text.len() - trimmed.len()].chars().count();
                        min_indent = min_indent.min(indent);
                        adjust.push(idx);
                    }
                }
                _ => min_indent = 0,
            }
        }
        if let TokenKind::Literal(text) = &token.kind
            && text.ends_with('\n')
        {
            at_line_start = true;
        }
    }
    if min_indent == 0 || min_indent == usize::MAX {
        return;
    }
    for idx in adjust {
        let token = &mut tokens[idx];
        if let TokenKind::Literal(text) = &mut token.kind {
            let n_bytes: usize = text.chars().take(min_indent).map(char::len_utf8).sum();
            text.drain(..n_bytes);
            token.span.start = token
                .span
                .start
                .saturating_add(n_bytes as u32)
                .min(token.span.end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::closing_marker_len;

    #[test]
    fn closing_markers() {
        assert_eq!(closing_marker_len("EOT\n", "EOT", false), Some(3));
        assert_eq!(closing_marker_len("  EOT  \r\nx", "EOT", false), Some(7));
        assert_eq!(closing_marker_len("EOT", "EOT", false), None);
        assert_eq!(closing_marker_len("EOT", "EOT", true), Some(3));
        assert_eq!(closing_marker_len("EOTX\n", "EOT", false), None);
    }
}
