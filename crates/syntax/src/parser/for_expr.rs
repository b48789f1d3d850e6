//! `for` expressions in both bracket forms.

use super::error::{PError, PResult};
use super::expr::expr;
use super::lexical::{at_eof, eat, eat_span, ident, keyword, new_ident, offset, ws};
use super::{Input, with_newlines};
use crate::ast::{Expr, ExprKind, ForExpr};
use crate::error::Expected;
use crate::span::Span;

/// `forTupleExpr = "[" forIntro Expression forCond? "]"`
/// `forObjectExpr = "{" forIntro Expression "=>" Expression "..."? forCond? "}"`
/// `forIntro = "for" Identifier ("," Identifier)? "in" Expression ":"`
/// `forCond = "if" Expression`
///
/// Called with the input at `for`, after the opening bracket (`open`).
/// Newlines are trivia throughout.
pub(crate) fn for_expr(input: &mut Input<'_>, open: Span, is_object: bool) -> PResult<Expr> {
    with_newlines(input, false, |input| {
        let close_token = if is_object { "}" } else { "]" };
        keyword(input, "for").expect("invariant: caller saw `for`");
        ws(input)?;
        let Some(first) = ident(input) else {
            return for_error(
                input,
                open,
                close_token,
                "For expression requires variable name after 'for'.",
                Expected::Description("identifier"),
            );
        };
        let first = new_ident(input, first.0, first.1);
        ws(input)?;
        let (key_var, value_var) = if eat(input, ",") {
            ws(input)?;
            let Some(second) = ident(input) else {
                return for_error(
                    input,
                    open,
                    close_token,
                    "For expression requires value variable name after comma.",
                    Expected::Description("identifier"),
                );
            };
            ws(input)?;
            (Some(first), new_ident(input, second.0, second.1))
        } else {
            (None, first)
        };
        if keyword(input, "in").is_none() {
            return for_error(
                input,
                open,
                close_token,
                "For expression requires the 'in' keyword after its name declarations.",
                Expected::Token("in"),
            );
        }
        ws(input)?;
        let collection = expr(input)?;
        ws(input)?;
        if !eat(input, ":") {
            return for_error(
                input,
                open,
                close_token,
                "For expression requires a colon after the collection expression.",
                Expected::Token(":"),
            );
        }
        ws(input)?;
        let first_expr = expr(input)?;
        ws(input)?;
        let (key_expr, value_expr) = if eat(input, "=>") {
            ws(input)?;
            let value_expr = expr(input)?;
            ws(input)?;
            (Some(first_expr), value_expr)
        } else {
            (None, first_expr)
        };
        let grouping = eat_span(input, "...");
        if grouping.is_some() {
            ws(input)?;
        }
        let cond = if keyword(input, "if").is_some() {
            ws(input)?;
            let cond = expr(input)?;
            ws(input)?;
            Some(cond)
        } else {
            None
        };
        let Some(close) = eat_span(input, close_token) else {
            return for_error(
                input,
                open,
                close_token,
                "Extra characters after the end of the 'for' expression.",
                Expected::Token(close_token),
            );
        };
        if !is_object {
            if let Some(key_expr) = &key_expr {
                return PError::new(
                    key_expr.span.start as usize,
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                )
                .span(key_expr.span)
                .fail();
            }
            if let Some(grouping) = grouping {
                return PError::new(
                    grouping.start as usize,
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                )
                .span(grouping)
                .fail();
            }
        } else if key_expr.is_none() {
            return PError::new(
                value_expr.span.start as usize,
                "Invalid 'for' expression",
                "Key expression is required when building an object.",
            )
            .span(value_expr.span)
            .expected(&[Expected::Token("=>")])
            .fail();
        }
        Ok(Expr::new(
            ExprKind::For(Box::new(ForExpr {
                key_var,
                value_var,
                collection,
                key_expr,
                value_expr,
                grouping,
                cond,
                open,
                close,
            })),
            open.to(close),
        ))
    })
}

fn for_error<T>(
    input: &Input<'_>,
    open: Span,
    close_token: &'static str,
    detail: &'static str,
    expected: Expected,
) -> PResult<T> {
    let at = offset(input);
    if at_eof(input) {
        return PError::unclosed(
            at,
            open,
            "Invalid 'for' expression",
            "The 'for' expression is not closed before the end of the file.",
        )
        .expected(&[expected, Expected::Token(close_token)])
        .fail();
    }
    PError::new(at, "Invalid 'for' expression", detail)
        .expected(&[expected])
        .fail()
}
