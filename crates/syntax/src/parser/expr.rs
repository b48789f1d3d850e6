//! Expressions: the conditional, expression terms, parentheses, literals and function calls.

use std::borrow::Cow;

use winnow::stream::Stream;

use super::error::{PError, PResult};
use super::lexical::{
    advance, at_eof, eat, eat_span, expected_expression, ident, new_ident, number, offset,
    peek_byte, rest, ws, ws_nl,
};
use super::{Input, collection, heredoc, operators, recurse, template, traversal, with_newlines};
use crate::ast::{Expr, ExprKind, FunctionCall, Ident, Literal};
use crate::error::Expected;
use crate::recycle;
use crate::span::Span;

/// A whole input that must be exactly one expression, with optional trivia around it.
pub(crate) fn whole_expr(input: &mut Input<'_>) -> PResult<Expr> {
    ws_nl(input)?;
    let parsed = expr(input)?;
    ws_nl(input)?;
    if !at_eof(input) {
        return PError::new(
            offset(input),
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
        )
        .expected(&[Expected::Description("end of input")])
        .fail();
    }
    Ok(parsed)
}

/// `Expression = ExprTerm | Operation | Conditional`
/// `Conditional = Expression "?" Expression ":" Expression`
///
/// Every nested expression goes through here, so this is where nesting depth
/// is counted.
pub(crate) fn expr(input: &mut Input<'_>) -> PResult<Expr> {
    recurse(input, |input| {
        // The result is passed on as it is where possible, which spares a
        // copy. Most expressions are one term, followed by a byte that ends
        // any expression: that needs no look for operators.
        let first = operators::unary_expr(input);
        if first.is_err() || operators::at_expression_end(input) {
            return first;
        }
        let cond = operators::binary_rest(input, first);
        if operators::at_expression_end(input) {
            return cond;
        }
        let checkpoint = input.checkpoint();
        let conditional = cond.is_ok() && {
            ws(input)?;
            peek_byte(input) == Some(b'?')
        };
        if !conditional {
            input.reset(&checkpoint);
            return cond;
        }
        let cond = cond?;
        advance(input, 1);
        ws(input)?;
        let true_expr = expr(input)?;
        ws(input)?;
        if !eat(input, ":") {
            return PError::new(
                offset(input),
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
            )
            .expected(&[Expected::Token(":")])
            .fail();
        }
        ws(input)?;
        let false_expr = expr(input)?;
        let span = cond.span.to(false_expr.span);
        Ok(Expr::new(
            ExprKind::Conditional {
                cond: recycle::boxed(cond),
                true_expr: recycle::boxed(true_expr),
                false_expr: recycle::boxed(false_expr),
            },
            span,
        ))
    })
}

/// `ExprTerm` followed by any traversal steps and splats.
pub(crate) fn expr_term_with_postfix(input: &mut Input<'_>) -> PResult<Expr> {
    // The steps are added to the term in place, and the result is passed on
    // as it is, which spares copies of it.
    let mut term = expr_term(input);
    if let Ok(expr) = &mut term
        && traversal::may_have_postfix(input)
    {
        traversal::postfix(input, expr)?;
    }
    term
}

/// `ExprTerm = LiteralValue | CollectionValue | TemplateExpr | VariableExpr |
///             FunctionCall | ForExpr | "(" Expression ")"`
fn expr_term(input: &mut Input<'_>) -> PResult<Expr> {
    let Some(first) = peek_byte(input) else {
        return Err(expected_expression(input));
    };
    match first {
        b'(' => parens(input),
        b'[' => collection::tuple_cons(input),
        b'{' => collection::object_cons(input),
        b'"' => template::quoted_template_expr(input),
        b'<' if rest(input).starts_with("<<") => heredoc::heredoc_expr(input),
        b'0'..=b'9' => {
            let Some((text, span)) = number(input)? else {
                return Err(expected_expression(input));
            };
            Ok(Expr::new(
                ExprKind::Literal(Literal::Number(input.state.values.get(text))),
                span,
            ))
        }
        _ => ident_led(input),
    }
}

/// `"(" Expression ")"`, with newlines ignored inside.
fn parens(input: &mut Input<'_>) -> PResult<Expr> {
    let open = eat_span(input, "(").expect("invariant: caller saw `(`");
    with_newlines(input, false, |input| {
        ws(input)?;
        let inner = expr(input)?;
        ws(input)?;
        let Some(close) = eat_span(input, ")") else {
            return close_error(
                input,
                open,
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                ")",
            );
        };
        Ok(Expr::new(
            ExprKind::Parens(recycle::boxed(inner)),
            open.to(close),
        ))
    })
}

/// The error for a missing closing delimiter: `Unclosed` at the end of input,
/// otherwise the given summary and detail at the unexpected token.
pub(crate) fn close_error<T>(
    input: &Input<'_>,
    open: Span,
    summary: &'static str,
    detail: &'static str,
    close: &'static str,
) -> PResult<T> {
    let at = offset(input);
    if at_eof(input) {
        PError::unclosed(at, open, summary, detail)
            .expected(&[Expected::Token(close)])
            .message(format!("unclosed `{}`", open_token(close)))
            .fail()
    } else {
        PError::new(at, summary, detail)
            .expected(&[Expected::Token(close)])
            .fail()
    }
}

fn open_token(close: &str) -> &'static str {
    match close {
        ")" => "(",
        "]" => "[",
        "}" => "{",
        _ => "opening delimiter",
    }
}

/// Terms that start with an identifier: `true`, `false`, `null`, a function
/// call (possibly namespaced), or a variable.
fn ident_led(input: &mut Input<'_>) -> PResult<Expr> {
    let Some((name, span)) = ident(input) else {
        return Err(expected_expression(input));
    };
    // A name followed by `(` or `::` is a call, even `true(...)`.
    let checkpoint = input.checkpoint();
    ws(input)?;
    if rest(input).starts_with('(') || rest(input).starts_with("::") {
        return function_call(input, name, span);
    }
    input.reset(&checkpoint);
    let kind = match name {
        "true" => ExprKind::Literal(Literal::Bool(true)),
        "false" => ExprKind::Literal(Literal::Bool(false)),
        "null" => ExprKind::Literal(Literal::Null),
        _ => ExprKind::ScopeTraversal {
            root: new_ident(input, name, span),
            // Room comes with the first step (`push_step`).
            steps: Vec::new(),
        },
    };
    Ok(Expr::new(kind, span))
}

/// `FunctionCall = Identifier ("::" Identifier)* "(" Arguments ")"`
/// `Arguments = () | (Expression ("," Expression)* ("," | "...")?)`
fn function_call(input: &mut Input<'_>, first: &str, first_span: Span) -> PResult<Expr> {
    // Only a namespaced name is assembled into a new string.
    let mut name = Cow::Borrowed(first);
    let mut name_span = first_span;
    while eat(input, "::") {
        ws(input)?;
        let Some((part, part_span)) = ident(input) else {
            return PError::new(
                offset(input),
                "Missing function name",
                "Function scope resolution symbol :: must be followed by a function name in this scope.",
            )
            .expected(&[Expected::Description("function name")])
            .fail();
        };
        let joined = name.to_mut();
        joined.push_str("::");
        joined.push_str(part);
        name_span = name_span.to(part_span);
        ws(input)?;
    }
    let Some(open_paren) = eat_span(input, "(") else {
        return PError::new(
            offset(input),
            "Missing open parenthesis",
            "Function selector must be followed by an open parenthesis to begin the function call.",
        )
        .expected(&[Expected::Token("(")])
        .fail();
    };
    let name = new_ident(input, &name, name_span);
    with_newlines(input, false, |input| {
        let mut args = recycle::vec();
        let mut expand_final = None;
        loop {
            ws(input)?;
            if let Some(close_paren) = eat_span(input, ")") {
                return Ok(finish_call(
                    name,
                    args,
                    expand_final,
                    open_paren,
                    close_paren,
                ));
            }
            if at_eof(input) {
                return unterminated_call(input, name.span.to(open_paren));
            }
            args.push(expr(input)?);
            ws(input)?;
            if eat(input, ",") {
                continue;
            }
            if let Some(ellipsis) = eat_span(input, "...") {
                expand_final = Some(ellipsis);
                ws(input)?;
                if let Some(close_paren) = eat_span(input, ")") {
                    return Ok(finish_call(
                        name,
                        args,
                        expand_final,
                        open_paren,
                        close_paren,
                    ));
                }
                if at_eof(input) {
                    return unterminated_call(input, name.span.to(open_paren));
                }
                return PError::new(
                    offset(input),
                    "Missing closing parenthesis",
                    "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                )
                .expected(&[Expected::Token(")")])
                .fail();
            }
            if peek_byte(input) == Some(b')') {
                continue;
            }
            if at_eof(input) {
                return unterminated_call(input, name.span.to(open_paren));
            }
            return PError::new(
                offset(input),
                "Missing argument separator",
                "A comma is required to separate each function argument from the next.",
            )
            .expected(&[Expected::Token(","), Expected::Token(")")])
            .fail();
        }
    })
}

fn unterminated_call<T>(input: &Input<'_>, open: Span) -> PResult<T> {
    PError::unclosed(
        offset(input),
        open,
        "Unterminated function call",
        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
    )
    .expected(&[Expected::Token(")")])
    .message("unclosed function call")
    .fail()
}

fn finish_call(
    name: Ident,
    args: Vec<Expr>,
    expand_final: Option<Span>,
    open_paren: Span,
    close_paren: Span,
) -> Expr {
    let span = name.span.to(close_paren);
    Expr::new(
        ExprKind::FunctionCall(recycle::boxed(FunctionCall {
            name,
            args,
            expand_final,
            open_paren,
            close_paren,
        })),
        span,
    )
}
