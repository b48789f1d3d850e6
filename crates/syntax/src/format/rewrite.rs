//! Terraform's rewrites on top of hclwrite's layout: quoted block labels, legacy type constraints
//! and interpolation-only strings.
//!
//! `terraform fmt` rewrites, in every body: each attribute's expression when it is exactly one
//! `"${…}"` interpolation (to the bare expression, in parentheses when it spans lines); the `type`
//! of a top-level `variable` block when it is a legacy quoted type (`"string"`, `"list"`, `"map"`)
//! or a bare `list`, `map` or `set`; and each block label, to a quoted string. Unlike Terraform,
//! labels are rebuilt from the parsed value, so none is ever dropped, and comments before or
//! between labels stay.

use std::borrow::Cow;

use super::FmtToken;
use super::bytes::is_placeholder;
use super::nfc::nfc_as_unicode_15;
use crate::ast::{Block, Body, BodyItem};
use crate::hcl_quote::escape_into;
use crate::span::Span;
use crate::token::TokenKind;

/// A replacement of the tokens `range` by `tokens`.
#[derive(Clone)]
pub(super) struct Edit<'src> {
    pub(super) range: std::ops::Range<usize>,
    pub(super) tokens: Vec<FmtToken<'src>>,
    /// An unwrapped interpolation with a line comment before its end, or ending with a
    /// heredoc: Terraform's result may not parse (`"${ # c` newline `x }"` becomes `# c`
    /// then `x` on its own line; a comment after the `}"` lands on the heredoc's closing line).
    pub(super) risky: bool,
}

/// The edits Terraform makes in `body` (recursively), in source order; with
/// `placeholder_labels`, labels write the placeholders of `format_bytes` as U+FFFD.
pub(super) fn edits<'src>(
    body: &Body,
    tokens: &[FmtToken<'src>],
    placeholder_labels: bool,
) -> Vec<Edit<'src>> {
    let mut edits = Vec::new();
    let mut blocks = Vec::new();
    body_edits(body, tokens, placeholder_labels, &mut blocks, &mut edits);
    edits.sort_by_key(|edit| edit.range.start);
    edits
}

fn body_edits<'src, 'ast>(
    body: &'ast Body,
    tokens: &[FmtToken<'src>],
    placeholder_labels: bool,
    blocks: &mut Vec<&'ast str>,
    edits: &mut Vec<Edit<'src>>,
) {
    for item in &body.items {
        match item {
            BodyItem::Attribute(attribute) => {
                let range = token_range(tokens, attribute.expr.span);
                let expr = &tokens[range.clone()];
                let is_type =
                    blocks.len() == 1 && blocks[0] == "variable" && &*attribute.name.name == "type";
                let replacement = if is_type {
                    type_expr(expr)
                } else {
                    value_expr(expr)
                };
                if let Some(replacement) = replacement {
                    let risky = !is_type
                        && replacement.split_last().is_some_and(|(last, init)| {
                            last.kind == TokenKind::CHeredoc
                                || init.iter().any(|token| {
                                    token.kind == TokenKind::Comment && token.text.ends_with('\n')
                                })
                        });
                    edits.push(Edit {
                        range,
                        tokens: replacement,
                        risky,
                    });
                }
            }
            BodyItem::Block(block) => {
                label_edits(block, tokens, placeholder_labels, edits);
                blocks.push(&block.block_type.name);
                body_edits(&block.body, tokens, placeholder_labels, blocks, edits);
                blocks.pop();
            }
        }
    }
}

/// The indices of the tokens inside `span`.
fn token_range(tokens: &[FmtToken<'_>], span: Span) -> std::ops::Range<usize> {
    let start = tokens.partition_point(|token| token.start < span.start);
    let end = tokens.partition_point(|token| token.start < span.end);
    start..end.max(start)
}

fn synthetic<'src>(kind: TokenKind, text: &'static str, at: u32) -> FmtToken<'src> {
    FmtToken {
        kind,
        text: Cow::Borrowed(text),
        spaces: 0,
        start: at,
    }
}

/// `"${x}"` → `x` (or `(x)` when `x` spans lines), as Terraform's `formatValueExpr`.
fn value_expr<'src>(expr: &[FmtToken<'src>]) -> Option<Vec<FmtToken<'src>>> {
    use TokenKind::*;
    let n = expr.len();
    if n < 5
        || expr[0].kind != OQuote
        || expr[1].kind != TemplateInterp
        || expr[n - 2].kind != TemplateSeqEnd
        || expr[n - 1].kind != CQuote
    {
        return None;
    }
    let inside = &expr[2..n - 2];
    let mut quotes = 0i64;
    for token in inside {
        match token.kind {
            OQuote => quotes += 1,
            CQuote => quotes -= 1,
            _ if quotes > 0 => {}
            TemplateInterp | TemplateSeqEnd | QuotedLit => return None,
            _ => {}
        }
    }
    let first = inside.iter().position(|token| token.kind != Newline)?;
    let last = inside.iter().rposition(|token| token.kind != Newline)?;
    let trimmed = &inside[first..=last];
    let multi_line = trimmed.iter().any(|token| token.kind == Newline);
    let wrapped = trimmed.first().is_some_and(|token| token.kind == OParen)
        && trimmed.len() > 1
        && trimmed.last().is_some_and(|token| token.kind == CParen);
    let mut out = Vec::with_capacity(trimmed.len() + 2);
    let at = expr[0].start;
    if multi_line && !wrapped {
        out.push(synthetic(OParen, "(", at));
        out.extend(trimmed.iter().cloned());
        out.push(synthetic(CParen, ")", at));
    } else {
        out.extend(trimmed.iter().cloned());
    }
    Some(out)
}

/// Legacy and bare collection type constraints, as Terraform's `formatTypeExpr`.
fn type_expr<'src>(expr: &[FmtToken<'src>]) -> Option<Vec<FmtToken<'src>>> {
    use TokenKind::*;
    let at = expr.first()?.start;
    let collection = |name: &'static str, element: &'static str| {
        vec![
            synthetic(Ident, name, at),
            synthetic(OParen, "(", at),
            synthetic(Ident, element, at),
            synthetic(CParen, ")", at),
        ]
    };
    match expr {
        [keyword] if keyword.kind == Ident => match &*keyword.text {
            "list" => Some(collection("list", "any")),
            "map" => Some(collection("map", "any")),
            "set" => Some(collection("set", "any")),
            _ => None,
        },
        [open, text, close]
            if open.kind == OQuote && text.kind == QuotedLit && close.kind == CQuote =>
        {
            match &*text.text {
                "string" => Some(vec![synthetic(Ident, "string", at)]),
                "list" => Some(collection("list", "string")),
                "map" => Some(collection("map", "string")),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Every label of `block` as a quoted string; what lies between labels stays (Terraform
/// drops comments there and labels holding `$` or `%`: terrace keeps them). With
/// `placeholder_labels`, a label holding bytes that were not UTF-8 (placeholder characters
/// while formatting) gets U+FFFD for each, as Terraform writes it.
fn label_edits<'src>(
    block: &Block,
    tokens: &[FmtToken<'src>],
    placeholder_labels: bool,
    edits: &mut Vec<Edit<'src>>,
) {
    for label in &block.labels {
        let range = token_range(tokens, label.span);
        let label_tokens = &tokens[range.clone()];
        let at = label.span.start;
        let mut replacement = vec![synthetic(TokenKind::OQuote, "\"", at)];
        let escaped = if placeholder_labels
            && label_tokens
                .iter()
                .any(|token| token.text.contains(is_placeholder))
        {
            let value: String = label
                .value
                .chars()
                .map(|c| if is_placeholder(c) { '\u{fffd}' } else { c })
                .collect();
            escape_label(&value)
        } else {
            escape_label(&label.value)
        };
        if !escaped.is_empty() {
            replacement.push(FmtToken {
                kind: TokenKind::QuotedLit,
                text: Cow::Owned(escaped),
                spaces: 0,
                start: at,
            });
        }
        replacement.push(synthetic(TokenKind::CQuote, "\"", at));
        let unchanged = replacement.len() == range.len()
            && replacement
                .iter()
                .zip(label_tokens)
                .all(|(new, old)| new.kind == old.kind && new.text == old.text);
        if !unchanged {
            edits.push(Edit {
                range,
                tokens: replacement,
                risky: false,
            });
        }
    }
}

/// A label's value as the text of a quoted string, as hclwrite escapes it (after HCL has
/// normalised it to NFC, as Unicode 15.0 does).
fn escape_label(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    escape_into(nfc_as_unicode_15(value).chars().peekable(), &mut out);
    out
}
