//! Bodies: attributes and blocks, one-line blocks, and recovery at the next line.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use winnow::error::ErrMode;
use winnow::stream::Stream;

use super::error::{PError, PResult};
use super::expr::expr;
use super::lexical::{
    advance, at_eof, at_newline, eat_span, ident, new_ident, newline, offset, peek_byte, rest, ws,
    ws_after_spaces, ws_nl,
};
use super::template::quoted_string_literal;
use super::{Input, recurse, with_newlines};
use crate::ast::{Attribute, Block, BlockLabel, Body, BodyItem, Ident};
use crate::error::{Expected, ParseErrorKind};
use crate::recycle;
use crate::span::{SourceMap, Span};

/// `ConfigFile = Body`: the whole input. Never fails; errors are recorded in
/// the parse state and parsing resumes at the next line.
pub(crate) fn config_file(input: &mut Input<'_>) -> Body {
    let start = offset(input);
    let items =
        with_newlines(input, true, |input| Ok(body_items(input, false))).unwrap_or_default();
    Body {
        items,
        span: Span::new(start, offset(input)),
    }
}

/// `Body = (Attribute | Block | OneLineBlock)*`
///
/// Reads items up to the end of input or, inside a block, up to the `}`
/// (left for the caller).
fn body_items(input: &mut Input<'_>, in_block: bool) -> Vec<BodyItem> {
    let mut items = recycle::vec();
    let mut attribute_names = AttributeNames::default();
    loop {
        // Blank lines and comments between items, and the indentation.
        if let Err(error) = ws_nl(input) {
            record(input, error);
            break;
        }
        if at_eof(input) || (in_block && peek_byte(input) == Some(b'}')) {
            break;
        }
        let item_start = input.checkpoint();
        match body_item(input) {
            Ok(item) => {
                if let BodyItem::Attribute(attribute) = &item {
                    let name = input_text(input, attribute.name.span);
                    if let Some(first) = attribute_names.insert(name, attribute.name.span) {
                        let error = redefined(input, &attribute.name, first);
                        input.state.errors.push(error);
                    }
                }
                items.push(item);
            }
            Err(error) => {
                record(input, error);
                input.reset(&item_start);
                skip_to_next_line(input, in_block);
            }
        }
    }
    items
}

/// How many attribute names [`AttributeNames`] keeps in its array.
const LINEAR_LIMIT: usize = 16;

/// The attribute names of one body, to report redefinitions: a short array
/// searched linearly (most bodies are small), a map once it is full.
#[derive(Default)]
struct AttributeNames<'s> {
    few: [(&'s str, Span); LINEAR_LIMIT],
    n_few: usize,
    /// Created only for a body with more attributes than the array holds.
    many: Option<HashMap<&'s str, Span, BuildHasherDefault<NameHasher>>>,
}

/// A hasher for the attribute names of one body: a multiply-and-rotate
/// mix of eight bytes at a time, much cheaper than SipHash for short names.
/// The names come from the file being parsed, which only chooses the names
/// of its own bodies; a collision costs a comparison, not a wrong answer.
#[derive(Default)]
struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        // The table picks buckets with the low bits: fold the better mixed
        // high bits of the product into them.
        self.0 ^ (self.0 >> 29)
    }
}

impl<'s> AttributeNames<'s> {
    /// Record `name`; returns where it was first defined if it was already.
    fn insert(&mut self, name: &'s str, span: Span) -> Option<Span> {
        let few = &self.few[..self.n_few];
        if let Some(&(_, first)) = few.iter().find(|(seen, _)| *seen == name) {
            return Some(first);
        }
        if let Some(&first) = self.many.as_ref().and_then(|many| many.get(name)) {
            return Some(first);
        }
        if let Some(slot) = self.few.get_mut(self.n_few) {
            *slot = (name, span);
            self.n_few += 1;
        } else {
            self.many.get_or_insert_default().insert(name, span);
        }
        None
    }
}

fn record(input: &mut Input<'_>, error: ErrMode<PError>) {
    match error {
        ErrMode::Backtrack(error) | ErrMode::Cut(error) => input.state.errors.push(error),
        ErrMode::Incomplete(_) => input.state.errors.push(PError::new(
            offset(input),
            "Unexpected end of input",
            "The input ended unexpectedly.",
        )),
    }
}

/// The whole source text, for looking up names and line numbers.
fn full_source<'s>(input: &Input<'s>) -> &'s str {
    let mut whole = input.input;
    whole.reset_to_start();
    let text: &&'s str = whole.as_ref();
    text
}

fn input_text<'s>(input: &Input<'s>, span: Span) -> &'s str {
    span.text(full_source(input))
}

fn redefined(input: &Input<'_>, name: &Ident, first: Span) -> PError {
    let location = SourceMap::new(full_source(input)).location(first.start as usize);
    PError::new(
        name.span.start as usize,
        "Attribute redefined",
        format!(
            "The argument \"{}\" was already set at line {}, column {}. Each argument may be set only once.",
            name.name, location.line, location.column
        ),
    )
    .kind(ParseErrorKind::Invalid)
    .span(name.span)
    .message(format!("attribute `{}` is set more than once", name.name))
}

/// `Attribute | Block | OneLineBlock`
fn body_item(input: &mut Input<'_>) -> PResult<BodyItem> {
    let Some((name, name_span)) = ident(input) else {
        let at = offset(input);
        if peek_byte(input) == Some(b'"') {
            return PError::new(
                at,
                "Invalid argument name",
                "Argument names must not be quoted.",
            )
            .fail();
        }
        return PError::new(
            at,
            "Argument or block definition required",
            "An argument or block definition is required here.",
        )
        .expected(&[Expected::Description("identifier")])
        .fail();
    };
    let name = new_ident(input, name, name_span);
    ws_after_spaces(input)?;
    if at_equals(input) {
        // The item is passed on as it is, which spares copies of it.
        let item = attribute(input, name);
        if item.is_ok() {
            attribute_end(input)?;
        }
        return item;
    }
    match peek_byte(input) {
        Some(b'"' | b'{') => Ok(BodyItem::Block(block(input, name)?)),
        _ if super::lexical::ident_len(rest(input)) > 0 => Ok(BodyItem::Block(block(input, name)?)),
        _ => PError::new(
            name_span.start as usize,
            "Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
        )
        .span(name_span)
        .expected(&[Expected::Token("="), Expected::Token("{")])
        .fail(),
    }
}

fn at_equals(input: &Input<'_>) -> bool {
    let text = rest(input);
    text.starts_with('=') && !text.starts_with("==") && !text.starts_with("=>")
}

/// `Attribute = Identifier "=" Expression` (the newline is checked by the caller).
fn attribute(input: &mut Input<'_>, name: Ident) -> PResult<BodyItem> {
    advance(input, 1);
    ws_after_spaces(input)?;
    let value = expr(input)?;
    let span = name.span.to(value.span);
    Ok(BodyItem::Attribute(Attribute {
        name,
        expr: value,
        span,
    }))
}

/// An attribute in a body ends with a newline (or the end of input).
fn attribute_end(input: &mut Input<'_>) -> PResult<()> {
    ws(input)?;
    if newline(input) || at_eof(input) {
        return Ok(());
    }
    let at = offset(input);
    if peek_byte(input) == Some(b',') {
        return PError::new(
            at,
            "Unexpected comma after argument",
            "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
        )
        .expected(&[Expected::Description("newline")])
        .fail();
    }
    PError::new(
        at,
        "Missing newline after argument",
        "An argument definition must end with a newline.",
    )
    .expected(&[Expected::Description("newline")])
    .fail()
}

/// `Block = Identifier (StringLit|Identifier)* "{" Newline Body "}" Newline`
/// `OneLineBlock = Identifier (StringLit|Identifier)* "{" (Identifier "=" Expression)? "}" Newline`
fn block(input: &mut Input<'_>, block_type: Ident) -> PResult<Block> {
    let mut labels = recycle::vec();
    let open_brace = loop {
        ws(input)?;
        if let Some(open) = eat_span(input, "{") {
            break open;
        }
        if peek_byte(input) == Some(b'"') {
            let (value, span) = quoted_string_literal(input)?;
            labels.push(BlockLabel {
                value,
                quoted: true,
                span,
            });
            continue;
        }
        if let Some((label, span)) = ident(input) {
            labels.push(BlockLabel {
                value: input.state.names.get(label),
                quoted: false,
                span,
            });
            continue;
        }
        let detail = if peek_byte(input) == Some(b'=') {
            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block."
        } else if at_newline(input) {
            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header."
        } else {
            "Either a quoted string block label or an opening brace (\"{\") is expected here."
        };
        return PError::new(offset(input), "Invalid block definition", detail)
            .expected(&[Expected::Description("block label"), Expected::Token("{")])
            .fail();
    };
    ws(input)?;
    let body_start = offset(input);
    let multi_line = at_newline(input) || at_eof(input) || peek_byte(input) == Some(b'}');
    let body = if multi_line {
        let items = recurse(input, |input| Ok(body_items(input, true)))?;
        Body {
            items,
            span: Span::new(body_start, offset(input)),
        }
    } else {
        one_line_body(input, open_brace)?
    };
    let Some(close_brace) = eat_span(input, "}") else {
        return unclosed_block(input, open_brace);
    };
    ws(input)?;
    if !(newline(input) || at_eof(input)) {
        return PError::new(
            offset(input),
            "Missing newline after block definition",
            "A block definition must end with a newline.",
        )
        .expected(&[Expected::Description("newline")])
        .fail();
    }
    Ok(Block {
        span: block_type.span.to(close_brace),
        block_type,
        labels,
        body,
        open_brace,
        close_brace,
    })
}

fn unclosed_block<T>(input: &Input<'_>, open_brace: Span) -> PResult<T> {
    let at = offset(input);
    if at_eof(input) {
        return PError::unclosed(
            at,
            open_brace,
            "Unclosed configuration block",
            "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
        )
        .expected(&[Expected::Token("}")])
        .message("unclosed block `{`")
        // Terraform's subject is the block's `{`, not the end of the file.
        .span(open_brace)
        .fail();
    }
    PError::new(
        at,
        "Invalid single-argument block definition",
        "A single-line block definition must end with a closing brace immediately after its single argument definition.",
    )
    .expected(&[Expected::Token("}")])
    .fail()
}

/// The body of a one-line block: exactly one attribute, then `}` on the same line.
fn one_line_body(input: &mut Input<'_>, open_brace: Span) -> PResult<Body> {
    let Some((name, name_span)) = ident(input) else {
        return PError::new(
            offset(input),
            "Argument or block definition required",
            "An argument or block definition is required here.",
        )
        .expected(&[Expected::Description("identifier")])
        .fail();
    };
    ws(input)?;
    if !at_equals(input) {
        let next_is_block_part = matches!(peek_byte(input), Some(b'"' | b'{'))
            || super::lexical::ident_len(rest(input)) > 0;
        if next_is_block_part {
            return PError::new(
                name_span.start as usize,
                "Argument definition required",
                format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument \"{name}\", use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block."
                ),
            )
            .span(name_span)
            .fail();
        }
        return PError::new(
            name_span.start as usize,
            "Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
        )
        .span(name_span)
        .expected(&[Expected::Token("=")])
        .fail();
    }
    let name = new_ident(input, name, name_span);
    let item = attribute(input, name)?;
    ws(input)?;
    if peek_byte(input) != Some(b'}') {
        let at = offset(input);
        if at_eof(input) {
            return unclosed_block(input, open_brace);
        }
        let detail = if peek_byte(input) == Some(b',') {
            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line."
        } else if at_newline(input) {
            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition."
        } else {
            "A single-line block definition must end with a closing brace immediately after its single argument definition."
        };
        return PError::new(at, "Invalid single-argument block definition", detail)
            .expected(&[Expected::Token("}")])
            .fail();
    }
    let span = item.span();
    let mut items = recycle::vec();
    items.push(item);
    Ok(Body { span, items })
}

/// Skip what is left of a broken item: up to and including the next newline
/// outside brackets, or up to a `}` that closes the enclosing block.
fn skip_to_next_line(input: &mut Input<'_>, in_block: bool) {
    let text = rest(input);
    let bytes = text.as_bytes();
    // Open brackets since the item's start. A `}` with no `{` open closes the
    // enclosing block, even inside an unclosed `(` or `[`.
    let mut open: Vec<u8> = Vec::new();
    let mut idx = 0;
    // Always make progress past the item's first byte.
    let mut started = false;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\n' if open.is_empty() && started => {
                idx += 1;
                break;
            }
            byte @ (b'(' | b'[' | b'{') => open.push(byte),
            b')' | b']' => {
                let opener = if bytes[idx] == b')' { b'(' } else { b'[' };
                if open.last() == Some(&opener) {
                    open.pop();
                }
            }
            b'}' => match open.iter().rposition(|&byte| byte == b'{') {
                Some(pos) => open.truncate(pos),
                None if in_block && started => break,
                None => {}
            },
            b'"' => {
                idx = skip_quoted(bytes, idx + 1);
                started = true;
                continue;
            }
            b'#' => {
                idx = skip_line_comment(bytes, idx);
                continue;
            }
            b'/' if bytes.get(idx + 1) == Some(&b'/') => {
                idx = skip_line_comment(bytes, idx);
                continue;
            }
            b'/' if bytes.get(idx + 1) == Some(&b'*') => {
                idx = bytes[idx + 2..]
                    .windows(2)
                    .position(|pair| pair == b"*/")
                    .map_or(bytes.len(), |pos| idx + 2 + pos + 2);
                continue;
            }
            b'<' if bytes.get(idx + 1) == Some(&b'<') => {
                if let Some(end) = skip_heredoc(text, idx) {
                    idx = end;
                    started = true;
                    continue;
                }
            }
            _ => {}
        }
        started = true;
        idx += 1;
    }
    advance(input, idx.min(bytes.len()));
}

/// The index after a quoted string's closing quote (or its line's end).
fn skip_quoted(bytes: &[u8], mut idx: usize) -> usize {
    while idx < bytes.len() {
        match bytes[idx] {
            b'\\' => idx += 2,
            b'"' => return idx + 1,
            b'\n' => return idx,
            _ => idx += 1,
        }
    }
    bytes.len()
}

/// The index of the newline ending a line comment (the newline itself is
/// left, since it may end the item).
fn skip_line_comment(bytes: &[u8], idx: usize) -> usize {
    bytes[idx..]
        .iter()
        .position(|&byte| byte == b'\n')
        .map_or(bytes.len(), |pos| idx + pos)
}

/// The index after a heredoc's closing marker line, if `text[idx..]` starts one.
fn skip_heredoc(text: &str, idx: usize) -> Option<usize> {
    let after = &text[idx + 2..];
    let after = after.strip_prefix('-').unwrap_or(after);
    let marker_len = super::lexical::ident_len(after);
    if marker_len == 0 {
        return None;
    }
    let marker = &after[..marker_len];
    let header_end = text.len() - after.len() + marker_len;
    let mut line_start = text[header_end..].find('\n')? + header_end + 1;
    while line_start < text.len() {
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |pos| line_start + pos);
        if text[line_start..line_end].trim() == marker {
            return Some(line_end);
        }
        line_start = line_end + 1;
    }
    Some(text.len())
}
