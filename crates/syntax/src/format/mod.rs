//! `terraform fmt` as a library: canonical layout of a configuration file, byte for byte Terraform's.
//!
//! The source is split into lossless tokens ([`crate::tokenize`]); Terraform's rewrites replace a
//! few token runs (found through the parsed AST); hclwrite's passes then recompute the spaces
//! before every token. Nothing else changes: no token and no line moves.

mod bytes;
mod layout;
mod nfc;
mod rewrite;
mod scanner_errors;

use std::borrow::Cow;

use crate::error::ParseError;
use crate::token::{TokenKind, tokenize};

pub use bytes::format_bytes;

/// One token as the formatter sees it: its text, and the spaces to print before it.
#[derive(Clone, Debug)]
struct FmtToken<'src> {
    kind: TokenKind,
    text: Cow<'src, str>,
    spaces: usize,
    /// The source offset the token comes from (or replaces).
    start: u32,
}

/// Whose rules [`format_as`] follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FormatStyle {
    /// `terraform fmt`: hclwrite's layout and Terraform's rewrites (quoted labels,
    /// interpolation-only strings unwrapped, legacy variable types).
    #[default]
    Terraform,
    /// `packer fmt`: hclwrite's layout only.
    Packer,
}

/// Format a configuration file (`.tf`, `.tfvars`, `.tftest.hcl`) as
/// `terraform fmt` 1.15.5 does, or return its syntax errors.
///
/// The result keeps the input's line endings and its final newline (or lack
/// of one); a leading byte-order mark is dropped. Unlike Terraform, block
/// labels are never deleted and comments between them are kept.
///
/// ```
/// use terrace_syntax::format;
///
/// let formatted = format("resource aws_instance web {\nami=\"${var.ami}\" # the image\n  count = 2\n}\n");
/// assert_eq!(
///     formatted.ok().as_deref(),
///     Some("resource \"aws_instance\" \"web\" {\n  ami   = var.ami # the image\n  count = 2\n}\n")
/// );
/// assert!(format("a = ").is_err());
/// ```
pub fn format(src: &str) -> Result<String, Vec<ParseError>> {
    format_as(src, FormatStyle::Terraform)
}

/// Format a file with `style`'s rules: [`format()`] for Terraform, hclwrite's
/// layout alone for Packer (`.pkr.hcl`, `.pkrvars.hcl`).
///
/// ```
/// use terrace_syntax::{FormatStyle, format_as};
///
/// let src = "source \"null\" \"x\" {\ncommunicator=\"${var.c}\"\n}\n";
/// let formatted = format_as(src, FormatStyle::Packer);
/// assert_eq!(formatted.ok().as_deref(), Some("source \"null\" \"x\" {\n  communicator = \"${var.c}\"\n}\n"));
/// ```
pub fn format_as(src: &str, style: FormatStyle) -> Result<String, Vec<ParseError>> {
    format_text(src, style, false)
}

/// [`format_as`]; with `placeholder_labels`, the placeholders of [`format_bytes`] in block
/// labels are written as U+FFFD.
fn format_text(
    src: &str,
    style: FormatStyle,
    placeholder_labels: bool,
) -> Result<String, Vec<ParseError>> {
    let (body, errors) = crate::parse_body(src);
    if !errors.is_empty() {
        return Err(errors);
    }
    let text = src.strip_prefix('\u{feff}').unwrap_or(src);
    let offset = src.len() - text.len();
    let all_tokens = tokenize(text);
    if let Some(error) = scanner_errors::first_error(text, &all_tokens, offset) {
        return Err(vec![error]);
    }
    // hclwrite keeps the spaces before the end of input as the end token's
    // spaces: one space for each byte after the last token (the skipped
    // byte-order mark included, when nothing follows it).
    let last_end = all_tokens
        .iter()
        .rev()
        .find(|token| token.kind != TokenKind::Whitespace)
        .map_or(0, |token| token.span.end as usize + offset);
    let trailing = src.len() - last_end;
    let tokens: Vec<FmtToken<'_>> = all_tokens
        .into_iter()
        .filter(|token| token.kind != TokenKind::Whitespace)
        .map(|token| FmtToken {
            kind: token.kind,
            text: Cow::Borrowed(&text[token.span.range()]),
            spaces: 0,
            start: token.span.start + offset as u32,
        })
        .collect();
    let edits = match style {
        FormatStyle::Terraform => rewrite::edits(&body, &tokens, placeholder_labels),
        FormatStyle::Packer => Vec::new(),
    };
    if edits.iter().any(|edit| edit.risky) {
        // Terraform unwraps `"${ # comment` newline `x }"` into text that may no
        // longer parse; when it does not, leave those strings as they are.
        let out = render(apply(tokens.clone(), edits.clone()), src.len(), trailing);
        if crate::parse_body(&out).1.is_empty() {
            return Ok(out);
        }
        let safe = edits.into_iter().filter(|edit| !edit.risky).collect();
        return Ok(render(apply(tokens, safe), src.len(), trailing));
    }
    Ok(render(apply(tokens, edits), src.len(), trailing))
}

/// Lay the tokens out and print them.
fn render(mut tokens: Vec<FmtToken<'_>>, src_len: usize, trailing: usize) -> String {
    if tokens
        .last()
        .is_some_and(|token| token.kind == TokenKind::CHeredoc)
    {
        // Unwrapping `"${<<EOT … EOT\n}"` at the very end of a file drops the
        // newline after the closing marker; Terraform then writes a file that no
        // longer parses. Keep it (what `terraform fmt -` prints is the same).
        tokens.push(FmtToken {
            kind: TokenKind::Newline,
            text: Cow::Borrowed("\n"),
            spaces: 0,
            start: src_len as u32,
        });
    }
    layout::layout(&mut tokens);
    let mut out = String::with_capacity(src_len + src_len / 8);
    for token in &tokens {
        for _ in 0..token.spaces {
            out.push(' ');
        }
        out.push_str(&token.text);
    }
    out.extend(std::iter::repeat_n(' ', trailing));
    out
}

/// Replace token runs by the edits (sorted, disjoint).
fn apply<'src>(
    tokens: Vec<FmtToken<'src>>,
    edits: Vec<rewrite::Edit<'src>>,
) -> Vec<FmtToken<'src>> {
    if edits.is_empty() {
        return tokens;
    }
    let mut out = Vec::with_capacity(tokens.len());
    let mut next = 0;
    let mut old = tokens.into_iter().enumerate().peekable();
    for edit in edits {
        if edit.range.start < next {
            continue;
        }
        while let Some((idx, token)) = old.next_if(|(idx, _)| *idx < edit.range.start) {
            let _ = idx;
            out.push(token);
        }
        while old.next_if(|(idx, _)| *idx < edit.range.end).is_some() {}
        out.extend(edit.tokens);
        next = edit.range.end;
    }
    out.extend(old.map(|(_, token)| token));
    out
}
