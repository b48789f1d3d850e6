//! The winnow parser: the input type, the parse state and the entry points.
//!
//! There is no token pass: productions read the `&str` directly through
//! [`Input`], a winnow `Stateful<LocatingSlice<&str>, ParseState>`. The state
//! carries the nesting depth (checked by [`recurse`] on every self-nesting
//! path), the newline mode (newlines end attributes and object items, but are
//! trivia inside brackets and parentheses) and the errors recovered so far.
//!
//! Productions are plain functions over winnow's stream (`checkpoint`,
//! `reset`, `next_slice`) that dispatch on the next byte. Every error they
//! raise is already an [`ErrMode::Cut`](winnow::error::ErrMode::Cut) carrying
//! a specific summary, so an error after an unambiguous opener (`[`, `{`,
//! `(`, `for`, `?`, `${`, `%{`) is never backtracked over, which is what
//! `cut_err` would give, without the cost of combinator chains on the hot path.
//! Inside one expression the first error wins; bodies record it and resume at
//! the next line (`body.rs`).

mod body;
mod collection;
mod error;
mod expr;
mod for_expr;
mod heredoc;
mod lexical;
mod operators;
mod template;
mod traversal;

use std::cell::Cell;
use std::sync::Arc;
use std::thread::LocalKey;

use winnow::stream::{LocatingSlice, Stateful};

use crate::ast::{Body, Expr, Name, Template, Traversal};
use crate::error::{ParseError, ParseErrorKind};
use crate::span::Span;
use error::{PError, PResult};
pub(crate) use lexical::ident_len;

/// The parser's input: source text with offsets, plus [`ParseState`].
pub(crate) type Input<'s> = Stateful<LocatingSlice<&'s str>, ParseState>;

/// The maximum nesting depth of expressions, blocks and template directives.
pub(crate) const MAX_DEPTH: u32 = 128;

/// State threaded through the parser.
#[derive(Debug)]
pub(crate) struct ParseState {
    /// Current nesting depth.
    pub(crate) depth: u32,
    /// Whether newlines end the current construct (bodies, object items) or
    /// are trivia (inside brackets, parentheses, templates).
    pub(crate) newlines_significant: bool,
    /// Errors recorded by recovering productions (bodies).
    pub(crate) errors: Vec<PError>,
    /// Whether a heredoc's closing marker may end the input without a
    /// newline after it. Terraform requires the newline in files; a console
    /// line has none.
    pub(crate) marker_at_eof: bool,
    /// Names allocated so far, so that a name met again can share one.
    pub(crate) names: Names<NAME_BITS>,
    /// Likewise for the text of number literals and short plain strings.
    pub(crate) values: Names<VALUE_BITS>,
}

/// A small cache of the names (identifiers, labels) or literal texts
/// allocated by the parser, so that a repeated one shares one allocation.
/// It has `1 << BITS` slots.
///
/// Configurations repeat a small vocabulary (`var`, `each`, `name`, resource
/// types). The cache is direct-mapped: a name hashes to one slot, a miss
/// allocates and takes the slot over. That is cheaper than a hash set, and
/// the allocations saved pay for it many times over. Between parses the
/// slots are kept in a thread-local, so that the next parse on the thread
/// starts with the same vocabulary and without setting up a cache.
#[derive(Debug)]
pub(crate) struct Names<const BITS: u32> {
    slots: Vec<Option<Name>>,
    /// Where the slots are kept between parses.
    home: &'static LocalKey<Cell<Vec<Option<Name>>>>,
}

thread_local! {
    /// The slots of the last [`Names`] dropped on this thread.
    static NAME_SLOTS: Cell<Vec<Option<Name>>> = const { Cell::new(Vec::new()) };
    /// The slots of the last value cache dropped on this thread.
    static VALUE_SLOTS: Cell<Vec<Option<Name>>> = const { Cell::new(Vec::new()) };
}

/// The name cache has `1 << NAME_BITS` slots (64 KiB of them). The
/// vocabulary of a module's files is larger than one file's, and a smaller
/// cache evicts names that come back.
const NAME_BITS: u32 = 12;
/// The literal cache has `1 << VALUE_BITS` slots: literal texts repeat less.
const VALUE_BITS: u32 = 11;

impl<const BITS: u32> Drop for Names<BITS> {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        // During thread teardown the thread-local may be gone; then the
        // slots are just dropped.
        let _ = self.home.try_with(|cell| cell.set(slots));
    }
}

impl<const BITS: u32> Names<BITS> {
    /// The number of slots.
    const SLOTS: usize = 1 << BITS;
    /// The longest name cached, which bounds what the thread-local keeps
    /// alive between parses.
    const MAX_LEN: usize = 64;

    fn new(home: &'static LocalKey<Cell<Vec<Option<Name>>>>) -> Self {
        Names {
            slots: home.try_with(Cell::take).unwrap_or_default(),
            home,
        }
    }

    /// A shared allocation for `text`.
    ///
    /// Out of line: one copy of the lookup, shared by every caller, measured
    /// faster than the copies inlined into the productions.
    #[inline(never)]
    pub(crate) fn get(&mut self, text: &str) -> Name {
        if text.len() > Self::MAX_LEN {
            return Arc::from(text);
        }
        if self.slots.is_empty() {
            self.slots.resize(Self::SLOTS, None);
        }
        let words = words(text.as_bytes());
        // `slot` is below SLOTS, the length of any non-empty slot vector.
        let slot = &mut self.slots[Self::slot(words, text.len())];
        match slot {
            Some(name) if same_text(name, text, words) => name.clone(),
            _ => {
                let name: Name = Arc::from(text);
                *slot = Some(name.clone());
                name
            }
        }
    }

    /// The slot of a text from its [`words`] and its length.
    #[inline]
    fn slot((first, last): (u64, u64), len: usize) -> usize {
        let product = u128::from(first ^ 0x243f_6a88_85a3_08d3)
            * u128::from(last ^ len as u64 ^ 0x1319_8a2e_0370_7344);
        let mixed = (product as u64) ^ (product >> 64) as u64;
        (mixed >> (64 - BITS)) as usize
    }
}

/// Two words read from `bytes`: the first and last eight bytes, or for a
/// shorter text the first and last four, or its first, middle and last byte.
/// Together with the length they tell apart any two texts of at most 16
/// bytes, and they cost a few loads whatever the length.
#[inline]
fn words(bytes: &[u8]) -> (u64, u64) {
    let len = bytes.len();
    let at = |start: usize| u64::from(bytes.get(start).copied().unwrap_or(0));
    if len >= 8 {
        (word(bytes, 0), word(bytes, len - 8))
    } else if len >= 4 {
        (half_word(bytes, 0), half_word(bytes, len - 4))
    } else {
        (at(0) | at(len / 2) << 8, at(len.wrapping_sub(1)))
    }
}

/// The eight bytes at `start` (zero if there are not eight).
#[inline]
fn word(bytes: &[u8], start: usize) -> u64 {
    bytes
        .get(start..start + 8)
        .and_then(|chunk| chunk.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// The four bytes at `start` (zero if there are not four).
#[inline]
fn half_word(bytes: &[u8], start: usize) -> u64 {
    bytes
        .get(start..start + 4)
        .and_then(|chunk| chunk.try_into().ok())
        .map_or(0, |chunk| u64::from(u32::from_le_bytes(chunk)))
}

/// Whether `name` is `text`, whose [`words`] are given: for a short text the
/// words decide without a call to `memcmp`.
#[inline]
fn same_text(name: &str, text: &str, text_words: (u64, u64)) -> bool {
    if name.len() != text.len() {
        return false;
    }
    if text.len() <= 16 {
        words(name.as_bytes()) == text_words
    } else {
        same_long_text(name.as_bytes(), text.as_bytes(), text_words)
    }
}

/// Whether two texts of the same length, longer than 16 bytes, are equal:
/// the words first (which settle a mismatch at either end), then the rest
/// eight bytes at a time, inline rather than through a call to `memcmp`.
#[inline]
fn same_long_text(name: &[u8], text: &[u8], text_words: (u64, u64)) -> bool {
    if words(name) != text_words {
        return false;
    }
    name.chunks_exact(8)
        .zip(text.chunks_exact(8))
        .all(|(left, right)| word(left, 0) == word(right, 0))
}

fn new_input(src: &str, newlines_significant: bool) -> Input<'_> {
    Stateful {
        input: LocatingSlice::new(src),
        state: ParseState {
            depth: 0,
            newlines_significant,
            errors: Vec::new(),
            marker_at_eof: false,
            names: Names::new(&NAME_SLOTS),
            values: Names::new(&VALUE_SLOTS),
        },
    }
}

/// Run `parser` one nesting level deeper, failing cleanly past [`MAX_DEPTH`].
#[inline]
pub(crate) fn recurse<'s, T>(
    input: &mut Input<'s>,
    parser: impl FnOnce(&mut Input<'s>) -> PResult<T>,
) -> PResult<T> {
    if input.state.depth >= MAX_DEPTH {
        return too_deep(input);
    }
    input.state.depth += 1;
    let result = parser(input);
    input.state.depth -= 1;
    result
}

/// The error for nesting past [`MAX_DEPTH`].
pub(crate) fn too_deep<T>(input: &Input<'_>) -> PResult<T> {
    let at = lexical::offset(input);
    PError::new(
        at,
        "Nesting too deep",
        format!(
            "Expressions, blocks and template directives may be nested at most {MAX_DEPTH} levels deep."
        ),
    )
    .kind(ParseErrorKind::TooDeep)
    .message(format!("nesting deeper than {MAX_DEPTH} levels"))
    .fail()
}

/// Run `parser` with newlines significant or not, restoring the mode afterwards.
#[inline]
pub(crate) fn with_newlines<'s, T>(
    input: &mut Input<'s>,
    significant: bool,
    parser: impl FnOnce(&mut Input<'s>) -> PResult<T>,
) -> PResult<T> {
    let saved = input.state.newlines_significant;
    input.state.newlines_significant = significant;
    let result = parser(input);
    input.state.newlines_significant = saved;
    result
}

/// Length of a leading UTF-8 byte-order mark, if any.
fn bom_len(src: &str) -> usize {
    if src.starts_with('\u{feff}') { 3 } else { 0 }
}

fn into_error(src: &str, error: winnow::error::ErrMode<PError>) -> ParseError {
    let error = match error {
        winnow::error::ErrMode::Backtrack(error) | winnow::error::ErrMode::Cut(error) => error,
        winnow::error::ErrMode::Incomplete(_) => PError::new(
            src.len(),
            "Unexpected end of input",
            "The input ended unexpectedly.",
        ),
    };
    error.into_parse_error(src)
}

fn check_size(src: &str) -> Result<(), ParseError> {
    if src.len() >= u32::MAX as usize {
        return Err(ParseError::new(
            ParseErrorKind::Invalid,
            Span::empty(0),
            "Source too large",
            "Source texts are limited to 4 GiB.",
        )
        .finish());
    }
    Ok(())
}

/// Parse a configuration file; see [`crate::parse_body`].
pub(crate) fn parse_body(src: &str) -> (Body, Vec<ParseError>) {
    if let Err(error) = check_size(src) {
        return (Body::default(), vec![error]);
    }
    let mut input = new_input(src, true);
    lexical::advance(&mut input, bom_len(src));
    let body = body::config_file(&mut input);
    let mut errors: Vec<ParseError> = std::mem::take(&mut input.state.errors)
        .into_iter()
        .map(|error| error.into_parse_error(src))
        .collect();
    errors.sort_by_key(|error| error.span().start);
    (body, errors)
}

/// Parse one expression; see [`crate::parse_expr`].
pub(crate) fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    check_size(src)?;
    let mut input = new_input(src, false);
    input.state.marker_at_eof = true;
    expr::whole_expr(&mut input).map_err(|error| into_error(src, error))
}

/// Parse a bare template; see [`crate::parse_template`].
pub(crate) fn parse_template(src: &str) -> Result<Template, ParseError> {
    check_size(src)?;
    let mut input = new_input(src, false);
    template::bare_template(&mut input).map_err(|error| into_error(src, error))
}

/// Parse a static traversal; see [`crate::parse_traversal`].
pub(crate) fn parse_traversal(src: &str) -> Result<Traversal, ParseError> {
    check_size(src)?;
    let mut input = new_input(src, false);
    traversal::whole_traversal(&mut input).map_err(|error| into_error(src, error))
}
