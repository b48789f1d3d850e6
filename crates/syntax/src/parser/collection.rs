//! Collection constructors: tuples `[...]` and objects `{...}` (and the dispatch to `for`).

use winnow::stream::Stream;

use super::error::{PError, PResult};
use super::expr::expr;
use super::for_expr::for_expr;
use super::lexical::{
    advance, at_eof, at_keyword, at_newline, eat, eat_span, ident_len, new_ident, newline, offset,
    peek_byte, rest, ws, ws_nl,
};
use super::{Input, MAX_DEPTH, with_newlines};
use crate::ast::{Expr, ExprKind, Ident, Literal, ObjectItem, ObjectKey};
use crate::error::Expected;
use crate::recycle;
use crate::span::Span;

/// `tuple = "[" (Expression ("," Expression)* ","?)? "]"`, or a `for` expression.
///
/// Newlines are trivia between the brackets.
pub(crate) fn tuple_cons(input: &mut Input<'_>) -> PResult<Expr> {
    let open = eat_span(input, "[").expect("invariant: caller saw `[`");
    with_newlines(input, false, |input| {
        ws(input)?;
        if at_keyword(input, "for") {
            return for_expr(input, open, false);
        }
        let mut items = recycle::vec();
        loop {
            ws(input)?;
            if let Some(close) = eat_span(input, "]") {
                return Ok(Expr::new(ExprKind::TupleCons(items), open.to(close)));
            }
            if at_eof(input) {
                return unterminated_tuple(input, open);
            }
            items.push(expr(input)?);
            ws(input)?;
            if eat(input, ",") {
                continue;
            }
            if peek_byte(input) == Some(b']') {
                continue;
            }
            if at_eof(input) {
                return unterminated_tuple(input, open);
            }
            return PError::new(
                offset(input),
                "Missing item separator",
                "Expected a comma to mark the beginning of the next item.",
            )
            .expected(&[Expected::Token(","), Expected::Token("]")])
            .fail();
        }
    })
}

fn unterminated_tuple<T>(input: &Input<'_>, open: Span) -> PResult<T> {
    PError::unclosed(
        offset(input),
        open,
        "Unterminated tuple constructor expression",
        "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
    )
    .expected(&[Expected::Token("]")])
    .message("unclosed `[`")
    .fail()
}

/// `object = "{" (objectelem (("," | Newline) objectelem)* ","?)? "}"`
/// `objectelem = (Identifier | Expression) ("=" | ":") Expression`
///
/// Newlines separate items, so they are significant inside the braces,
/// except that a `for` expression ignores them.
pub(crate) fn object_cons(input: &mut Input<'_>) -> PResult<Expr> {
    let open = eat_span(input, "{").expect("invariant: caller saw `{`");
    let checkpoint = input.checkpoint();
    ws_nl(input)?;
    if at_keyword(input, "for") {
        return with_newlines(input, false, |input| for_expr(input, open, true));
    }
    input.reset(&checkpoint);
    with_newlines(input, true, |input| {
        let mut items = recycle::vec();
        loop {
            ws(input)?;
            if newline(input) {
                continue;
            }
            if let Some(close) = eat_span(input, "}") {
                return Ok(Expr::new(ExprKind::ObjectCons(items), open.to(close)));
            }
            if at_eof(input) {
                return unterminated_object(input, open);
            }
            let key = object_key(input)?;
            ws(input)?;
            let at_equals = peek_byte(input) == Some(b'=') && !rest(input).starts_with("=>");
            if !(at_equals || peek_byte(input) == Some(b':')) {
                return missing_value(input, open);
            }
            super::lexical::advance(input, 1);
            ws(input)?;
            let value = expr(input)?;
            let span = key.span().to(value.span);
            items.push(ObjectItem { key, value, span });
            ws(input)?;
            if eat(input, ",") || peek_byte(input) == Some(b'}') || newline(input) {
                continue;
            }
            if at_eof(input) {
                return unterminated_object(input, open);
            }
            return PError::new(
                offset(input),
                "Missing attribute separator",
                "Expected a newline or comma to mark the beginning of the next attribute.",
            )
            .expected(&[
                Expected::Token(","),
                Expected::Description("newline"),
                Expected::Token("}"),
            ])
            .fail();
        }
    })
}

/// An object key: a bare name is a literal attribute name (as are the
/// keywords `true`, `false` and `null`); anything else, including a
/// parenthesised name, is an expression.
fn object_key(input: &mut Input<'_>) -> PResult<ObjectKey> {
    if let Some(key) = bare_key(input) {
        return Ok(ObjectKey::Ident(key));
    }
    let key = expr(input)?;
    if let Some(name) = key.as_keyword() {
        return Ok(ObjectKey::Ident(name.clone()));
    }
    let keyword = match &key.kind {
        ExprKind::Literal(Literal::Bool(true)) => Some("true"),
        ExprKind::Literal(Literal::Bool(false)) => Some("false"),
        ExprKind::Literal(Literal::Null) => Some("null"),
        _ => None,
    };
    Ok(match keyword {
        Some(name) => ObjectKey::Ident(new_ident(input, name, key.span)),
        None => ObjectKey::Expr(key),
    })
}

/// The common key, a name directly followed by `=` or `:`, read without the
/// expression parser (which would find the same bare name).
fn bare_key(input: &mut Input<'_>) -> Option<Ident> {
    if input.state.depth >= MAX_DEPTH {
        // Let the expression parser report the nesting.
        return None;
    }
    let bytes = rest(input).as_bytes();
    let len = ident_len(rest(input));
    if len == 0 {
        return None;
    }
    let mut end = len;
    while matches!(bytes.get(end), Some(b' ' | b'\t')) {
        end += 1;
    }
    let bare = match bytes.get(end) {
        Some(b'=') => !matches!(bytes.get(end + 1), Some(b'=' | b'>')),
        // `a::f()` is a call.
        Some(b':') => bytes.get(end + 1) != Some(&b':'),
        _ => false,
    };
    if !bare {
        return None;
    }
    let start = offset(input);
    let name = advance(input, len);
    Some(new_ident(input, name, Span::new(start, start + len)))
}

fn missing_value<T>(input: &Input<'_>, open: Span) -> PResult<T> {
    let at = offset(input);
    if at_eof(input) {
        return unterminated_object(input, open);
    }
    let expected = [Expected::Token("="), Expected::Token(":")];
    if at_newline(input) || peek_byte(input) == Some(b',') {
        return PError::new(
            at,
            "Missing attribute value",
            "Expected an attribute value, introduced by an equals sign (\"=\").",
        )
        .expected(&expected)
        .fail();
    }
    let detail = if ident_len(rest(input)) > 0 {
        "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal."
    } else {
        "Expected an equals sign (\"=\") to mark the beginning of the attribute value."
    };
    PError::new(at, "Missing key/value separator", detail)
        .expected(&expected)
        .fail()
}

fn unterminated_object<T>(input: &Input<'_>, open: Span) -> PResult<T> {
    PError::unclosed(
        offset(input),
        open,
        "Unterminated object constructor expression",
        "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
    )
    .expected(&[Expected::Token("}")])
    .message("unclosed `{`")
    .fail()
}

#[cfg(test)]
mod tests {
    use crate::ast::{ExprKind, ObjectKey};

    /// The keys of the object constructor `src`: a bare name as `Ident`,
    /// anything else as `Expr`.
    fn keys(src: &str) -> Vec<String> {
        let expr = crate::parse_expr(src).expect("parses");
        let ExprKind::ObjectCons(items) = &expr.kind else {
            panic!("not an object: {src}");
        };
        items
            .iter()
            .map(|item| match &item.key {
                ObjectKey::Ident(ident) => format!("ident {}", ident.as_str()),
                ObjectKey::Expr(key) => format!("expr {}", crate::dump(key)),
            })
            .collect()
    }

    #[test]
    fn bare_keys_and_expression_keys() {
        assert_eq!(keys("{a = 1, b: 2}"), ["ident a", "ident b"]);
        assert_eq!(keys("{a\t=1}"), ["ident a"]);
        assert_eq!(keys("{true = 1, null: 2}"), ["ident true", "ident null"]);
        assert_eq!(keys("{a /* c */ = 1}"), ["ident a"]);
        assert_eq!(keys("{a::f() = 1}"), ["expr (call a::f)"]);
        assert_eq!(keys("{a == b = 1}"), ["expr (== a b)"]);
        assert_eq!(keys("{a ? b : c = 1}"), ["expr (? a b c)"]);
        assert_eq!(keys("{a.b = 1}"), ["expr a.b"]);
        assert_eq!(keys("{(a) = 1}"), ["expr (paren a)"]);
        assert!(crate::parse_expr("{a => 1}").is_err());
    }
}
