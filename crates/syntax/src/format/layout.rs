//! hclwrite's layout passes: indentation per line, spaces between tokens, alignment of `=` and comments.
//!
//! The passes never move a token or a line; they only recompute how many spaces go before
//! each token. A line is split into up to three cells: the lead, the assignment (from an
//! attribute's `=`, when the rest of the line closes every bracket it opens) and a trailing
//! comment. Consecutive lines with an assignment cell align their `=`; consecutive lines with a
//! trailing comment align it.

use std::ops::Range;

use super::FmtToken;
use super::bytes::{columns_text, is_placeholder};
use crate::grapheme::graphemes;
use crate::token::TokenKind;

/// One line's cells, as ranges of token indices.
struct Line {
    lead: Range<usize>,
    assign: Option<Range<usize>>,
    comment: Option<usize>,
}

/// Recompute `spaces` on every token.
pub(super) fn layout(tokens: &mut [FmtToken<'_>]) {
    let lines = lines(tokens);
    indent(tokens, &lines);
    spaces(tokens, &lines);
    align(tokens, &lines);
    keep_numbers_apart(tokens);
}

/// Where hclwrite's spacing would join `1. 2` (a number, then an index step)
/// into the number `1.2`, keep one space after the dot: Terraform's output would
/// mean something else.
fn keep_numbers_apart(tokens: &mut [FmtToken<'_>]) {
    for idx in 1..tokens.len().saturating_sub(1) {
        let (before, dot, after) = (&tokens[idx - 1], &tokens[idx], &tokens[idx + 1]);
        let joins_number = after.kind == TokenKind::NumberLit
            || (after.kind == TokenKind::Ident
                && after.text.starts_with(['e', 'E'])
                && after.text[1..].starts_with(|ch: char| ch.is_ascii_digit()));
        if before.kind == TokenKind::NumberLit
            && dot.kind == TokenKind::Dot
            && dot.spaces == 0
            && after.spaces == 0
            && joins_number
        {
            tokens[idx + 1].spaces = 1;
        }
    }
}

fn is_newline(token: &FmtToken<'_>) -> bool {
    match token.kind {
        TokenKind::Newline => true,
        TokenKind::Comment => token.text.ends_with('\n'),
        _ => false,
    }
}

fn bracket_change(kind: TokenKind) -> i64 {
    use TokenKind::*;
    match kind {
        OBrace | OBrack | OParen | TemplateControl | TemplateInterp => 1,
        CBrace | CBrack | CParen | TemplateSeqEnd => -1,
        _ => 0,
    }
}

fn lines(tokens: &[FmtToken<'_>]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut line_start = 0;
    for (idx, token) in tokens.iter().enumerate() {
        if is_newline(token) {
            lines.push(line_start..idx + 1);
            line_start = idx + 1;
        }
    }
    if line_start < tokens.len() {
        lines.push(line_start..tokens.len());
    }
    lines
        .into_iter()
        .map(|mut lead| {
            let mut comment = None;
            if lead.len() > 1 && tokens[lead.end - 1].kind == TokenKind::Comment {
                comment = Some(lead.end - 1);
                lead.end -= 1;
            }
            let mut assign = None;
            if let Some(equals) =
                (lead.start + 1..lead.end).find(|&idx| tokens[idx].kind == TokenKind::Equal)
            {
                let net: i64 = tokens[equals..lead.end]
                    .iter()
                    .map(|token| bracket_change(token.kind))
                    .sum();
                if net == 0 {
                    assign = Some(equals..lead.end);
                    lead.end = equals;
                }
            }
            Line {
                lead,
                assign,
                comment,
            }
        })
        .collect()
}

fn indent(tokens: &mut [FmtToken<'_>], lines: &[Line]) {
    let mut indents: Vec<i64> = Vec::with_capacity(10);
    for line in lines {
        if line.lead.is_empty() {
            continue;
        }
        let first = line.lead.start;
        if tokens[first].kind == TokenKind::Newline {
            tokens[first].spaces = 0;
            continue;
        }
        let mut net = 0;
        for token in &tokens[line.lead.clone()] {
            net += bracket_change(token.kind);
            if token.kind == TokenKind::OHeredoc {
                break;
            }
        }
        if let Some(assign) = &line.assign {
            net += tokens[assign.clone()]
                .iter()
                .map(|token| bracket_change(token.kind))
                .sum::<i64>();
        }
        if net > 0 {
            tokens[first].spaces = 2 * indents.len();
            indents.push(net);
            continue;
        }
        let mut closed = -net;
        while closed > 0 {
            let Some(top) = indents.last_mut() else { break };
            if closed >= *top {
                closed -= *top;
                indents.pop();
            } else {
                *top -= closed;
                closed = 0;
            }
        }
        tokens[first].spaces = 2 * indents.len();
    }
}

fn spaces(tokens: &mut [FmtToken<'_>], lines: &[Line]) {
    for line in lines {
        let cells = [Some(line.lead.clone()), line.assign.clone()];
        for (cell_idx, cell) in cells.into_iter().flatten().enumerate() {
            if cell_idx == 1 {
                tokens[cell.start].spaces = 1;
            }
            for idx in cell.clone() {
                if idx + 1 >= cell.end {
                    break;
                }
                let before = (idx > cell.start).then(|| tokens[idx - 1].kind);
                let space = space_after(&tokens[idx], before, &tokens[idx + 1]);
                tokens[idx + 1].spaces = usize::from(space);
            }
        }
    }
}

/// Whether `subject` is followed by a space when it sits between `before`
/// (`None` at the start of a cell) and `after`.
fn space_after(subject: &FmtToken<'_>, before: Option<TokenKind>, after: &FmtToken<'_>) -> bool {
    use TokenKind::*;
    let (kind, next) = (subject.kind, after.kind);
    if next == Newline {
        return false;
    }
    if kind == Ident && next == OParen {
        return false;
    }
    if (kind == Ident && next == DoubleColon) || (kind == DoubleColon && next == Ident) {
        return false;
    }
    if kind == Dot || next == Dot {
        return false;
    }
    if next == Comma || next == Ellipsis {
        return false;
    }
    if kind == Comma {
        return true;
    }
    if matches!(kind, QuotedLit | StringLit | OQuote | OHeredoc)
        || matches!(next, QuotedLit | StringLit | CQuote | CHeredoc)
    {
        return false;
    }
    if kind == Ident && subject.text == "in" && before == Some(Ident) {
        return true;
    }
    if next == OBrack && (kind == Ident || kind == NumberLit || bracket_change(kind) < 0) {
        return false;
    }
    if kind == Bang {
        return false;
    }
    if kind == Minus {
        return !matches!(
            before,
            None | Some(
                OParen
                    | OBrace
                    | OBrack
                    | Equal
                    | Colon
                    | Comma
                    | Question
                    | Plus
                    | Star
                    | Slash
                    | Percent
                    | Minus
                    | EqualOp
                    | NotEqual
                    | GreaterThan
                    | GreaterThanEq
                    | LessThan
                    | LessThanEq
                    | And
                    | Or
                    | Bang
            )
        );
    }
    if kind == OBrace || next == CBrace {
        return !(kind == OBrace && next == CBrace);
    }
    if matches!(kind, TemplateInterp | TemplateControl) && next == OBrace {
        return true;
    }
    if kind == CBrace && next == TemplateSeqEnd {
        return true;
    }
    if kind == TemplateSeqEnd && matches!(next, TemplateInterp | TemplateControl) {
        return false;
    }
    if bracket_change(kind) > 0 || bracket_change(next) < 0 {
        return false;
    }
    true
}

/// Display columns of a run of tokens: spaces plus grapheme clusters (Unicode 15.0's).
fn columns(tokens: &[FmtToken<'_>]) -> usize {
    tokens
        .iter()
        .map(|token| {
            let text: &str = &token.text;
            token.spaces
                + if text.is_ascii() {
                    // `\r\n` is one grapheme cluster.
                    text.len() - text.matches("\r\n").count()
                } else if text.contains(is_placeholder) {
                    graphemes(&columns_text(text)).count()
                } else {
                    graphemes(text).count()
                }
        })
        .sum()
}

fn align(tokens: &mut [FmtToken<'_>], lines: &[Line]) {
    // The `=` of attributes first: moving it moves the comments too.
    let mut chain: Vec<(usize, usize)> = Vec::new();
    for line in lines.iter().chain(std::iter::once(&Line {
        lead: 0..0,
        assign: None,
        comment: None,
    })) {
        match &line.assign {
            Some(assign) => chain.push((assign.start, columns(&tokens[line.lead.clone()]))),
            None => {
                let widest = chain.iter().map(|&(_, cols)| cols).max().unwrap_or(0);
                for (idx, cols) in chain.drain(..) {
                    tokens[idx].spaces = widest - cols + 1;
                }
            }
        }
    }
    let mut chain: Vec<(usize, usize)> = Vec::new();
    for line in lines.iter().chain(std::iter::once(&Line {
        lead: 0..0,
        assign: None,
        comment: None,
    })) {
        match line.comment {
            Some(comment) => {
                let mut cols = columns(&tokens[line.lead.clone()]);
                if let Some(assign) = &line.assign {
                    cols += columns(&tokens[assign.clone()]);
                }
                chain.push((comment, cols));
            }
            None => {
                let widest = chain.iter().map(|&(_, cols)| cols).max().unwrap_or(0);
                for (idx, cols) in chain.drain(..) {
                    tokens[idx].spaces = widest - cols + 1;
                }
            }
        }
    }
}
