//! Templates: quoted strings, bare templates, and the template machinery heredocs share.
//!
//! A template is read in two passes, as HCL does. First a flat list of
//! template tokens: literals (escapes processed; in heredocs and bare
//! templates one token per line), interpolations, and directive markers, with
//! strip markers (`~`) applied to the neighbouring literal tokens as they are
//! read. Then heredoc indentation is removed (for `<<-`), consecutive
//! literals are joined, and the directive markers are matched into the tree.

use std::sync::Arc;

use super::error::{PError, PResult};
use super::expr::expr;
use super::heredoc;
use super::lexical::{
    HIGH_BITS, advance, at_eof, bytes_at_least, bytes_in, eat, eat_span, ident, keyword, new_ident,
    offset, peek_byte, rest, ws,
};
use super::{Input, MAX_DEPTH, with_newlines};
use crate::ast::{
    Expr, ExprKind, Ident, Literal, Name, Template, TemplateFor, TemplateIf, TemplateInterp,
    TemplateLiteral, TemplatePart,
};
use crate::error::{Expected, ParseErrorKind};
use crate::recycle;
use crate::span::Span;

/// Which kind of template is being read.
#[derive(Clone, Copy, Debug)]
pub(crate) enum TemplateMode<'s> {
    /// `"..."`: escapes, no raw newlines, ends at `"`.
    Quoted,
    /// A heredoc: no escapes, ends at a line holding only the marker.
    Heredoc {
        /// The closing marker, e.g. `EOT`.
        marker: &'s str,
    },
    /// A whole input as a template: no escapes, ends at the end of input.
    Bare,
}

/// One template token of the first pass.
#[derive(Debug)]
pub(crate) struct TemplateToken {
    pub(crate) kind: TokenKind,
    pub(crate) span: Span,
}

#[derive(Debug)]
pub(crate) enum TokenKind {
    Literal(String),
    Interp(Expr),
    If(Expr),
    Else,
    EndIf,
    For {
        key_var: Option<Ident>,
        value_var: Ident,
        collection: Expr,
    },
    EndFor,
}

/// `quotedTemplate`: a string literal or template in double quotes.
pub(crate) fn quoted_template_expr(input: &mut Input<'_>) -> PResult<Expr> {
    let open = eat_span(input, "\"").expect("invariant: caller saw `\"`");
    if let Some(len) = plain_quoted_len(rest(input)) {
        // Only literal text: its value is its source text.
        let value = advance(input, len);
        let close = eat_span(input, "\"").expect("invariant: plain_quoted_len saw `\"`");
        return Ok(Expr::new(
            ExprKind::Literal(Literal::String(input.state.values.get(value))),
            open.to(close),
        ));
    }
    let (tokens, close) = template_tokens(input, TemplateMode::Quoted, open)?;
    let content = Span::new(open.end as usize, close.start as usize);
    let template = build_template(tokens, content, input.state.depth, false)?;
    Ok(template_expr(template, open.to(close)))
}

/// If the quoted template content at the start of `text` is plain literal
/// text up to its closing quote (no escapes, no `${`/`%{` sequences, not even
/// escaped ones, no newlines), its length without the closing quote.
fn plain_quoted_len(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut idx = 0;
    loop {
        // Skip the bytes that are plain text whatever follows them: eight
        // at a time, then one by one near the end of the text.
        loop {
            let Some(chunk) = bytes.get(idx..idx + 8) else {
                while idx < bytes.len() && !QUOTED_SPECIAL[usize::from(bytes[idx])] {
                    idx += 1;
                }
                break;
            };
            let word = chunk.try_into().map_or(0, u64::from_le_bytes);
            let candidates = quoted_special_candidates(word);
            if candidates == 0 {
                idx += 8;
                continue;
            }
            idx += (candidates.trailing_zeros() / 8) as usize;
            if QUOTED_SPECIAL[usize::from(bytes[idx])] {
                break;
            }
            idx += 1;
        }
        match bytes.get(idx)? {
            b'"' => return Some(idx),
            b'$' | b'%' if !matches!(bytes.get(idx + 1), Some(b'{' | b'$' | b'%')) => idx += 1,
            _ => return None,
        }
    }
}

/// For each byte of `word` that [`QUOTED_SPECIAL`] may have, its high bit
/// set: every special byte is marked, and also the few rare other ones
/// below `&` except the space (the table decides for those).
#[inline]
fn quoted_special_candidates(word: u64) -> u64 {
    let low = !bytes_at_least(word, b'&') & !bytes_in(word, b' ', b' ');
    (low | bytes_in(word, b'\\', b'\\')) & !word & HIGH_BITS
}

/// The bytes [`plain_quoted_len`] must look at: the closing quote, escapes,
/// newlines and the sigils of template sequences.
static QUOTED_SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table[b'$' as usize] = true;
    table[b'%' as usize] = true;
    table
};

/// A quoted string that must not contain interpolations or directives, such
/// as a block label. Returns its value and span (quotes included).
pub(crate) fn quoted_string_literal(input: &mut Input<'_>) -> PResult<(Name, Span)> {
    if let Some(len) = plain_quoted_len(rest(input).get(1..).unwrap_or_default()) {
        // Only literal text, as most labels: no expression to build.
        let start = offset(input);
        let value = &advance(input, len + 2)[1..=len];
        return Ok((
            input.state.values.get(value),
            Span::new(start, start + len + 2),
        ));
    }
    let expr = quoted_template_expr(input)?;
    match &expr.kind {
        ExprKind::Literal(Literal::String(value)) => Ok((value.clone(), expr.span)),
        _ => PError::new(
            expr.span.start as usize,
            "Invalid string literal",
            "Template sequences are not allowed in this string. To include a literal \"$\", double it (as \"$$\") to escape it.",
        )
        .span(expr.span)
        .fail(),
    }
}

/// A whole input as a template (as `templatefile` reads a file).
pub(crate) fn bare_template(input: &mut Input<'_>) -> PResult<Template> {
    let start = offset(input);
    let (tokens, end) = template_tokens(input, TemplateMode::Bare, Span::empty(start))?;
    build_template(
        tokens,
        Span::new(start, end.start as usize),
        input.state.depth,
        true,
    )
}

/// A template as an expression: a plain string when it has only literal text.
pub(crate) fn template_expr(template: Template, span: Span) -> Expr {
    match template.parts.as_slice() {
        [] => Expr::new(ExprKind::Literal(Literal::String(Arc::from(""))), span),
        [TemplatePart::Literal(literal)] => Expr::new(
            ExprKind::Literal(Literal::String(literal.value.clone())),
            span,
        ),
        _ => Expr::new(ExprKind::Template(template), span),
    }
}

/// The first pass: read template tokens up to the end of the template.
/// Returns the tokens and the span of the closing delimiter (the closing
/// quote, the heredoc's closing marker, or an empty span at the end of input).
pub(crate) fn template_tokens(
    input: &mut Input<'_>,
    mode: TemplateMode<'_>,
    open: Span,
) -> PResult<(Vec<TemplateToken>, Span)> {
    let mut tokens: Vec<TemplateToken> = Vec::new();
    // Strip state, as in HCL: a `~}` trims the next token if it is a literal;
    // a `${~`/`%{~` trims the previous token if it is a literal.
    let mut ltrim_next = false;
    let mut line_start = true;
    loop {
        if let TemplateMode::Heredoc { marker } = mode
            && line_start
            && let Some(len) =
                heredoc::closing_marker_len(rest(input), marker, input.state.marker_at_eof)
        {
            let start = offset(input);
            advance(input, len);
            return Ok((tokens, Span::new(start, start + len)));
        }
        let text = rest(input);
        if text.is_empty() {
            return match mode {
                TemplateMode::Bare => Ok((tokens, Span::empty(offset(input)))),
                TemplateMode::Quoted | TemplateMode::Heredoc { .. } => PError::unclosed(
                    offset(input),
                    open,
                    "Unterminated template string",
                    "No closing marker was found for the string.",
                )
                .message(match mode {
                    TemplateMode::Quoted => "unterminated string",
                    _ => "unterminated heredoc",
                })
                .fail(),
            };
        }
        let is_quoted = matches!(mode, TemplateMode::Quoted);
        if is_quoted && text.starts_with('"') {
            let close = eat_span(input, "\"").expect("invariant: saw `\"`");
            return Ok((tokens, close));
        }
        let ltrim = std::mem::take(&mut ltrim_next);
        if text.starts_with("${") || text.starts_with("%{") {
            let start = offset(input);
            advance(input, 2);
            let strip_left = eat(input, "~");
            if strip_left
                && let Some(TemplateToken {
                    kind: TokenKind::Literal(previous),
                    ..
                }) = tokens.last_mut()
            {
                let trimmed_len = previous.trim_end().len();
                previous.truncate(trimmed_len);
            }
            let opener = Span::new(start, offset(input));
            let (kind, strip_right) = if text.starts_with('$') {
                interpolation(input, opener, mode)?
            } else {
                directive(input, opener)?
            };
            tokens.push(TemplateToken {
                kind,
                span: Span::new(start, offset(input)),
            });
            ltrim_next = strip_right;
            line_start = false;
            continue;
        }
        let start = offset(input);
        let (mut value, ends_line) = literal_chunk(input, mode)?;
        if ltrim {
            let trimmed_start = value.len() - value.trim_start().len();
            value.drain(..trimmed_start);
        }
        tokens.push(TemplateToken {
            kind: TokenKind::Literal(value),
            span: Span::new(start, offset(input)),
        });
        line_start = ends_line;
    }
}

/// Literal text up to the next interpolation, directive or end of template.
/// In heredocs and bare templates a chunk also ends after each newline.
/// Returns the processed text and whether it ended a line.
fn literal_chunk(input: &mut Input<'_>, mode: TemplateMode<'_>) -> PResult<(String, bool)> {
    let text = rest(input);
    let bytes = text.as_bytes();
    let quoted = matches!(mode, TemplateMode::Quoted);
    let mut value = String::new();
    let mut copied = 0;
    let mut idx = 0;
    let mut ends_line = false;
    while idx < bytes.len() {
        match bytes[idx] {
            b'$' | b'%' => {
                let sigil = bytes[idx];
                if bytes.get(idx + 1) == Some(&b'{') {
                    break;
                }
                if bytes.get(idx + 1) == Some(&sigil) && bytes.get(idx + 2) == Some(&b'{') {
                    // `$${` and `%%{` stand for `${` and `%{`.
                    value.push_str(&text[copied..idx + 1]);
                    value.push('{');
                    idx += 3;
                    copied = idx;
                } else {
                    idx += 1;
                }
            }
            b'"' if quoted => break,
            b'\\' if quoted => {
                value.push_str(&text[copied..idx]);
                let start = offset(input) + idx;
                let len = escape(text, idx, start, &mut value)?;
                idx += len;
                copied = idx;
            }
            b'\n' | b'\r' if quoted => {
                let start = offset(input) + idx;
                return PError::new(
                    start,
                    "Invalid multi-line string",
                    "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
                )
                .span(Span::empty(start))
                .fail();
            }
            b'\n' => {
                idx += 1;
                ends_line = true;
                break;
            }
            _ => idx += 1,
        }
    }
    value.push_str(&text[copied..idx]);
    advance(input, idx);
    Ok((value, ends_line))
}

/// One backslash escape at `text[idx..]`; appends its value and returns its length.
fn escape(text: &str, idx: usize, start: usize, value: &mut String) -> PResult<usize> {
    let bytes = text.as_bytes();
    let Some(&selector) = bytes.get(idx + 1) else {
        return PError::unclosed(
            start + 1,
            Span::new(start, start + 1),
            "Unterminated template string",
            "No closing marker was found for the string.",
        )
        .message("unterminated string")
        .fail();
    };
    let simple = match selector {
        b'n' => Some('\n'),
        b'r' => Some('\r'),
        b't' => Some('\t'),
        b'"' => Some('"'),
        b'\\' => Some('\\'),
        _ => None,
    };
    if let Some(ch) = simple {
        value.push(ch);
        return Ok(2);
    }
    if selector == b'u' || selector == b'U' {
        let n_digits = if selector == b'u' { 4 } else { 8 };
        let hex_len = bytes[idx + 2..]
            .iter()
            .take(n_digits)
            .take_while(|byte| byte.is_ascii_hexdigit())
            .count();
        if hex_len != n_digits {
            let detail = if selector == b'u' {
                "The \\u escape sequence must be followed by four hexadecimal digits."
            } else {
                "The \\U escape sequence must be followed by eight hexadecimal digits."
            };
            return PError::new(start, "Invalid escape sequence", detail)
                .kind(ParseErrorKind::InvalidEscape)
                .span(Span::new(start, start + 2 + hex_len))
                .message(format!(
                    "invalid escape sequence `{}`",
                    &text[idx..idx + 2 + hex_len]
                ))
                .fail();
        }
        let hex = &text[idx + 2..idx + 2 + n_digits];
        let code = u32::from_str_radix(hex, 16).unwrap_or(u32::MAX);
        let Some(ch) = char::from_u32(code) else {
            return PError::new(
                start,
                "Invalid escape sequence",
                format!("Cannot encode character U+{code:04x} in UTF-8."),
            )
            .kind(ParseErrorKind::InvalidEscape)
            .span(Span::new(start, start + 2 + n_digits))
            .message(format!(
                "invalid character escape `\\{}{hex}`",
                selector as char
            ))
            .fail();
        };
        value.push(ch);
        return Ok(2 + n_digits);
    }
    let symbol_len = text[idx + 1..].chars().next().map_or(1, char::len_utf8);
    let symbol = &text[idx + 1..idx + 1 + symbol_len];
    PError::new(
        start,
        "Invalid escape sequence",
        format!("The symbol \"{symbol}\" is not a valid escape sequence selector."),
    )
    .kind(ParseErrorKind::InvalidEscape)
    .span(Span::new(start, start + 1 + symbol_len))
    .message(format!("invalid escape sequence `\\{symbol}`"))
    .fail()
}

/// `TemplateInterpolation = ("${" | "${~") Expression ("}" | "~}")`, after the
/// opener. Returns the token and whether it ends with a strip marker.
fn interpolation(
    input: &mut Input<'_>,
    opener: Span,
    mode: TemplateMode<'_>,
) -> PResult<(TokenKind, bool)> {
    with_newlines(input, false, |input| {
        ws(input)?;
        let inner = expr(input)?;
        ws(input)?;
        let strip_right = eat(input, "~");
        if eat(input, "}") {
            return Ok((TokenKind::Interp(inner), strip_right));
        }
        let at = offset(input);
        if at_eof(input) {
            return PError::unclosed(
                at,
                opener,
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
            )
            .expected(&[Expected::Token("}")])
            .message("unclosed `${`")
            .fail();
        }
        if peek_byte(input) == Some(b':') {
            return PError::new(
                at,
                "Extra characters after interpolation expression",
                "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
            )
            .expected(&[Expected::Token("}")])
            .fail();
        }
        if matches!(mode, TemplateMode::Quoted) && peek_byte(input) == Some(b'"') {
            return PError::new(
                at,
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
            )
            .span(opener)
            .expected(&[Expected::Token("}")])
            .fail();
        }
        PError::new(
            at,
            "Extra characters after interpolation expression",
            "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
        )
        .expected(&[Expected::Token("}")])
        .fail()
    })
}

/// `TemplateIf` / `TemplateFor` markers: `%{ if expr }`, `%{ else }`,
/// `%{ endif }`, `%{ for k, v in expr }`, `%{ endfor }`, after the opener.
fn directive(input: &mut Input<'_>, opener: Span) -> PResult<(TokenKind, bool)> {
    with_newlines(input, false, |input| {
        ws(input)?;
        let keyword_start = offset(input);
        let Some((word, word_span)) = ident(input) else {
            if at_eof(input) {
                return unclosed_directive(input, opener);
            }
            return PError::new(
                keyword_start,
                "Invalid template directive",
                "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
            )
            .expected(&[Expected::Description("directive keyword")])
            .fail();
        };
        ws(input)?;
        let kind = match word {
            "if" => TokenKind::If(expr(input)?),
            "else" => TokenKind::Else,
            "endif" => TokenKind::EndIf,
            "endfor" => TokenKind::EndFor,
            "for" => for_directive(input)?,
            _ => {
                let suggestion = ["if", "for", "else", "endif", "endfor"]
                    .into_iter()
                    .find(|candidate| levenshtein(word, candidate) < 3)
                    .map(|candidate| format!(" Did you mean \"{candidate}\"?"))
                    .unwrap_or_default();
                return PError::new(
                    keyword_start,
                    "Invalid template control keyword",
                    format!("\"{word}\" is not a valid template control keyword.{suggestion}"),
                )
                .span(word_span)
                .fail();
            }
        };
        ws(input)?;
        let strip_right = eat(input, "~");
        if eat(input, "}") {
            return Ok((kind, strip_right));
        }
        if at_eof(input) {
            return unclosed_directive(input, opener);
        }
        let summary = match word {
            "if" => "Extra characters in if marker",
            "else" => "Extra characters in else marker",
            "endif" => "Extra characters in endif marker",
            "for" => "Extra characters in for marker",
            _ => "Extra characters in endfor marker",
        };
        PError::new(
            offset(input),
            summary,
            "Expected a closing brace to end the sequence, but found extra characters.",
        )
        .expected(&[Expected::Token("}")])
        .fail()
    })
}

fn unclosed_directive<T>(input: &Input<'_>, opener: Span) -> PResult<T> {
    PError::unclosed(
        offset(input),
        opener,
        "Unclosed template directive",
        "There is no closing brace for this template directive before the end of the file.",
    )
    .expected(&[Expected::Token("}")])
    .message("unclosed `%{`")
    .fail()
}

/// `"for" Identifier ("," Identifier)? "in" Expression` inside `%{ ... }`.
fn for_directive(input: &mut Input<'_>) -> PResult<TokenKind> {
    let directive_error = |input: &Input<'_>, detail: &'static str| -> PResult<TokenKind> {
        PError::new(offset(input), "Invalid 'for' directive", detail).fail()
    };
    let Some((first, first_span)) = ident(input) else {
        return directive_error(input, "For directive requires variable name after 'for'.");
    };
    let first = new_ident(input, first, first_span);
    ws(input)?;
    let (key_var, value_var) = if eat(input, ",") {
        ws(input)?;
        let Some((second, second_span)) = ident(input) else {
            return directive_error(
                input,
                "For directive requires value variable name after comma.",
            );
        };
        ws(input)?;
        (Some(first), new_ident(input, second, second_span))
    } else {
        (None, first)
    };
    if keyword(input, "in").is_none() {
        return directive_error(input, "For directive requires 'in' keyword after names.");
    }
    ws(input)?;
    let collection = expr(input)?;
    Ok(TokenKind::For {
        key_var,
        value_var,
        collection,
    })
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b_chars: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b_chars.len()).collect();
    for (i, a_char) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, b_char) in b_chars.iter().enumerate() {
            let cost = usize::from(a_char != *b_char);
            current.push(
                (previous[j] + cost)
                    .min(previous[j + 1] + 1)
                    .min(current[j] + 1),
            );
        }
        previous = current;
    }
    previous[b_chars.len()]
}

// ---------------------------------------------------------------------------
// Second pass
// ---------------------------------------------------------------------------

/// Join literals, then match directives into the template tree. `ends_at_eof`
/// tells whether the template ran to the end of input, where a directive
/// still open means the input is incomplete rather than wrong.
pub(crate) fn build_template(
    tokens: Vec<TemplateToken>,
    span: Span,
    depth: u32,
    ends_at_eof: bool,
) -> PResult<Template> {
    let tokens = meld_literals(tokens);
    let mut tokens = tokens.into_iter().peekable();
    let end = span.end as usize;
    let (parts, terminator) = build_parts(&mut tokens, depth, end).map_err(|error| {
        if ends_at_eof {
            error
        } else {
            error.map(PError::settled)
        }
    })?;
    if let Some(token) = terminator {
        return PError::new(
            token.span.start as usize,
            unexpected_directive_summary(&token.kind),
            "The control directives within this template are unbalanced.",
        )
        .span(token.span)
        .fail();
    }
    Ok(Template { parts, span })
}

fn unexpected_directive_summary(kind: &TokenKind) -> &'static str {
    match kind {
        TokenKind::Else => "Unexpected else directive",
        TokenKind::EndIf => "Unexpected endif directive",
        TokenKind::EndFor => "Unexpected endfor directive",
        _ => "Unexpected end of template",
    }
}

/// Join consecutive literal tokens into one.
fn meld_literals(tokens: Vec<TemplateToken>) -> Vec<TemplateToken> {
    let mut melded: Vec<TemplateToken> = Vec::with_capacity(tokens.len());
    for token in tokens {
        if let (
            TokenKind::Literal(text),
            Some(TemplateToken {
                kind: TokenKind::Literal(previous),
                span,
            }),
        ) = (&token.kind, melded.last_mut())
        {
            previous.push_str(text);
            *span = span.to(token.span);
            continue;
        }
        melded.push(token);
    }
    melded
}

type Tokens = std::iter::Peekable<std::vec::IntoIter<TemplateToken>>;

/// Parts up to the end of the tokens or an `else`/`endif`/`endfor`, which is
/// returned as the terminator.
fn build_parts(
    tokens: &mut Tokens,
    depth: u32,
    end: usize,
) -> PResult<(Vec<TemplatePart>, Option<TemplateToken>)> {
    let mut parts = recycle::vec();
    while let Some(token) = tokens.next() {
        let span = token.span;
        match token.kind {
            TokenKind::Literal(value) => parts.push(TemplatePart::Literal(TemplateLiteral {
                value: Arc::from(value),
                span,
            })),
            TokenKind::Interp(expr) => {
                parts.push(TemplatePart::Interp(TemplateInterp { expr, span }));
            }
            TokenKind::Else | TokenKind::EndIf | TokenKind::EndFor => {
                return Ok((
                    parts,
                    Some(TemplateToken {
                        kind: token.kind,
                        span,
                    }),
                ));
            }
            TokenKind::If(cond) => {
                check_depth(depth, span)?;
                let (then_parts, terminator) = build_parts(tokens, depth + 1, end)?;
                let then_template = sub_template(then_parts, span);
                let (else_template, end) = match terminator {
                    Some(TemplateToken {
                        kind: TokenKind::Else,
                        span: else_span,
                    }) => {
                        let (else_parts, terminator) = build_parts(tokens, depth + 1, end)?;
                        let else_template = sub_template(else_parts, else_span);
                        match terminator {
                            Some(TemplateToken {
                                kind: TokenKind::EndIf,
                                span: end,
                            }) => (Some(else_template), end),
                            other => return unbalanced_if(other, span, "endif", end),
                        }
                    }
                    Some(TemplateToken {
                        kind: TokenKind::EndIf,
                        span: end,
                    }) => (None, end),
                    other => return unbalanced_if(other, span, "else or endif", end),
                };
                parts.push(TemplatePart::If(Box::new(TemplateIf {
                    cond,
                    then_template,
                    else_template,
                    span: span.to(end),
                })));
            }
            TokenKind::For {
                key_var,
                value_var,
                collection,
            } => {
                check_depth(depth, span)?;
                let (body_parts, terminator) = build_parts(tokens, depth + 1, end)?;
                let body = sub_template(body_parts, span);
                let end = match terminator {
                    Some(TemplateToken {
                        kind: TokenKind::EndFor,
                        span: end,
                    }) => end,
                    Some(TemplateToken {
                        kind: TokenKind::Else,
                        span: else_span,
                    }) => {
                        return PError::new(
                            else_span.start as usize,
                            "Unexpected else directive",
                            "An else clause is not expected for a for directive.",
                        )
                        .span(else_span)
                        .fail();
                    }
                    other => return unbalanced_for(other, span, end),
                };
                parts.push(TemplatePart::For(Box::new(TemplateFor {
                    key_var,
                    value_var,
                    collection,
                    body,
                    span: span.to(end),
                })));
            }
        }
    }
    Ok((parts, None))
}

fn check_depth(depth: u32, span: Span) -> PResult<()> {
    if depth >= MAX_DEPTH {
        return PError::new(
            span.start as usize,
            "Nesting too deep",
            format!(
                "Expressions, blocks and template directives may be nested at most {MAX_DEPTH} levels deep."
            ),
        )
        .kind(ParseErrorKind::TooDeep)
        .span(span)
        .message(format!("nesting deeper than {MAX_DEPTH} levels"))
        .fail();
    }
    Ok(())
}

/// The template between a directive and its terminator; an empty one sits
/// just after the directive.
fn sub_template(parts: Vec<TemplatePart>, after: Span) -> Template {
    let span = match (parts.first(), parts.last()) {
        (Some(first), Some(last)) => first.span().to(last.span()),
        _ => Span::empty(after.end as usize),
    };
    Template { parts, span }
}

fn unbalanced_if<T>(
    terminator: Option<TemplateToken>,
    if_span: Span,
    wanted: &'static str,
    end: usize,
) -> PResult<T> {
    match terminator {
        Some(token) => PError::new(
            token.span.start as usize,
            unexpected_directive_summary(&token.kind),
            "Expecting an endif directive to close the earlier if directive.",
        )
        .span(token.span)
        .fail(),
        None => PError::unclosed(
            end,
            if_span,
            "Unexpected end of template",
            format!("The if directive is missing its corresponding {wanted} directive."),
        )
        .message("unclosed `%{ if }` directive")
        .fail(),
    }
}

fn unbalanced_for<T>(terminator: Option<TemplateToken>, for_span: Span, end: usize) -> PResult<T> {
    match terminator {
        Some(token) => PError::new(
            token.span.start as usize,
            unexpected_directive_summary(&token.kind),
            "Expecting an endfor directive to close the earlier for directive.",
        )
        .span(token.span)
        .fail(),
        None => PError::unclosed(
            end,
            for_span,
            "Unexpected end of template",
            "The for directive is missing its corresponding endfor directive.",
        )
        .message("unclosed `%{ for }` directive")
        .fail(),
    }
}

#[cfg(test)]
mod tests {
    use super::{levenshtein, plain_quoted_len};

    #[test]
    fn edit_distance() {
        assert_eq!(levenshtein("endfi", "endif"), 2);
        assert_eq!(levenshtein("if", "if"), 0);
        assert_eq!(levenshtein("", "for"), 3);
    }

    #[test]
    fn plain_quoted_text_read_eight_bytes_at_a_time() {
        // Every ASCII byte, a non-ASCII one and the sequences that start
        // templates, at every position of a word, against a byte-by-byte reading.
        let reference = |text: &str| {
            let bytes = text.as_bytes();
            let mut idx = 0;
            loop {
                match bytes.get(idx)? {
                    b'"' => return Some(idx),
                    b'\\' | b'\n' | b'\r' => return None,
                    b'$' | b'%' if matches!(bytes.get(idx + 1), Some(b'{' | b'$' | b'%')) => {
                        return None;
                    }
                    _ => idx += 1,
                }
            }
        };
        let specials = ["${", "%{", "$$", "%%", "$x", "%x", "é"];
        let singles = (0..0x80u8).map(|byte| char::from(byte).to_string());
        for inserted in singles.chain(specials.iter().map(|text| (*text).to_string())) {
            for at in 0..20 {
                let mut text: String = "abcdefghij klmnopqrst".chars().take(at).collect();
                text.push_str(&inserted);
                text.push_str("uvwxyz 0123456789\"");
                assert_eq!(plain_quoted_len(&text), reference(&text), "{text:?}");
            }
        }
    }
}
