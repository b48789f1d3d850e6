//! `terraform fmt` as a library: canonical layout of a configuration file, byte for byte Terraform's.
//!
//! The source is split into lossless tokens ([`crate::tokenize`]); Terraform's rewrites replace a
//! few token runs (found through the parsed AST); hclwrite's passes then recompute the spaces
//! before every token. Nothing else changes: no token and no line moves.

mod layout;
mod rewrite;

use std::borrow::Cow;

use crate::error::ParseError;
use crate::token::{TokenKind, tokenize};

/// One token as the formatter sees it: its text, and the spaces to print before it.
#[derive(Clone, Debug)]
struct FmtToken<'src> {
    kind: TokenKind,
    text: Cow<'src, str>,
    spaces: usize,
    /// The source offset the token comes from (or replaces).
    start: u32,
}

/// Format a configuration file (`.tf`, `.tfvars`, `.tftest.hcl`, `.pkr.hcl`) as
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
    let (body, errors) = crate::parse_body(src);
    if !errors.is_empty() {
        return Err(errors);
    }
    let text = src.strip_prefix('\u{feff}').unwrap_or(src);
    let offset = src.len() - text.len();
    let all_tokens = tokenize(text);
    // hclwrite keeps the spaces before the end of input as the end token's
    // spaces: one space for each byte of trailing spaces and tabs.
    let trailing: usize = all_tokens
        .iter()
        .rev()
        .take_while(|token| token.kind == TokenKind::Whitespace)
        .map(|token| token.span.len())
        .sum();
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
    let edits = rewrite::edits(&body, &tokens);
    let mut tokens = apply(tokens, edits);
    layout::layout(&mut tokens);
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    for token in &tokens {
        for _ in 0..token.spaces {
            out.push(' ');
        }
        out.push_str(&token.text);
    }
    out.extend(std::iter::repeat_n(' ', trailing));
    Ok(out)
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
