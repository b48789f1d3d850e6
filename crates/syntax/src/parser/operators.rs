//! Unary and binary operators: one precedence table and one climbing loop.
//!
//! The loop is iterative (operand and operator stacks), so a long
//! left-associative chain such as `1 + 1 + ... + 1` costs no recursion.
//! Precedence comes from [`BinaryOp::precedence`] alone.

use winnow::stream::Stream;

use super::error::PResult;
use super::expr::expr_term_with_postfix;
use super::lexical::{advance, offset, peek_byte, rest, ws};
use super::{Input, MAX_DEPTH, too_deep};
use crate::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use crate::recycle;
use crate::span::Span;

/// `binaryOp = ExprTerm binaryOperator ExprTerm`, for every level at once,
/// after the first operand, `first` (which is `Ok`; [`super::expr::expr`]
/// reads it and comes here only when an operator may follow). The first
/// operand is passed on as it is when none does, which spares a copy.
pub(crate) fn binary_rest(input: &mut Input<'_>, first: PResult<Expr>) -> PResult<Expr> {
    let Some(op) = binary_operator(input)? else {
        return first;
    };
    let first = first?;
    ws(input)?;
    let second = unary_expr(input)?;
    let Some(mut next_op) = binary_operator(input)? else {
        // One operator, the common case: no stacks needed.
        return Ok(binary(first, op, second));
    };
    let mut operands: Vec<Expr> = vec![first, second];
    let mut operators: Vec<(BinaryOp, Span)> = vec![op];
    loop {
        let (op, _) = next_op;
        while let Some(&(top, _)) = operators.last() {
            // All binary operators are left-associative: reduce while the
            // stacked operator binds at least as tightly.
            if top.precedence() < op.precedence() {
                break;
            }
            reduce(&mut operands, &mut operators);
        }
        operators.push(next_op);
        ws(input)?;
        operands.push(unary_expr(input)?);
        match binary_operator(input)? {
            Some(found) => next_op = found,
            None => break,
        }
    }
    while !operators.is_empty() {
        reduce(&mut operands, &mut operators);
    }
    Ok(operands
        .pop()
        .expect("invariant: reducing leaves exactly one operand"))
}

fn reduce(operands: &mut Vec<Expr>, operators: &mut Vec<(BinaryOp, Span)>) {
    let (op, op_span) = operators
        .pop()
        .expect("invariant: reduce is called with an operator on the stack");
    let rhs = operands
        .pop()
        .expect("invariant: one more operand than operators");
    let lhs = operands
        .pop()
        .expect("invariant: one more operand than operators");
    operands.push(binary(lhs, (op, op_span), rhs));
}

fn binary(lhs: Expr, (op, op_span): (BinaryOp, Span), rhs: Expr) -> Expr {
    let span = lhs.span.to(rhs.span);
    Expr::new(
        ExprKind::Binary {
            op,
            op_span,
            lhs: recycle::boxed(lhs),
            rhs: recycle::boxed(rhs),
        },
        span,
    )
}

/// Whether the next byte ends an expression whatever came before it: no
/// operator, step, splat, `?` or trivia starts with it. Lets the common
/// case skip looking for those.
#[inline]
pub(crate) fn at_expression_end(input: &Input<'_>) -> bool {
    match peek_byte(input) {
        None | Some(b',' | b')' | b']' | b'}' | b':') => true,
        Some(b'\n') => input.state.newlines_significant,
        _ => false,
    }
}

/// After trivia, a binary operator; consumes it (and the trivia) only if present.
fn binary_operator(input: &mut Input<'_>) -> PResult<Option<(BinaryOp, Span)>> {
    let checkpoint = input.checkpoint();
    ws(input)?;
    let bytes = rest(input).as_bytes();
    let second = bytes.get(1).copied();
    let found = match (bytes.first().copied(), second) {
        (Some(b'|'), Some(b'|')) => Some((BinaryOp::Or, 2)),
        (Some(b'&'), Some(b'&')) => Some((BinaryOp::And, 2)),
        (Some(b'='), Some(b'=')) => Some((BinaryOp::Equal, 2)),
        (Some(b'!'), Some(b'=')) => Some((BinaryOp::NotEqual, 2)),
        (Some(b'>'), Some(b'=')) => Some((BinaryOp::GreaterThanOrEqual, 2)),
        (Some(b'<'), Some(b'=')) => Some((BinaryOp::LessThanOrEqual, 2)),
        (Some(b'>'), _) => Some((BinaryOp::GreaterThan, 1)),
        (Some(b'<'), _) => Some((BinaryOp::LessThan, 1)),
        (Some(b'+'), _) => Some((BinaryOp::Add, 1)),
        (Some(b'-'), _) => Some((BinaryOp::Subtract, 1)),
        (Some(b'*'), _) => Some((BinaryOp::Multiply, 1)),
        // `//` is a line comment that the newline mode left in place.
        (Some(b'/'), Some(b'/')) => None,
        (Some(b'/'), _) => Some((BinaryOp::Divide, 1)),
        // `%{` opens a directive only in a template: here it is `%` then `{`.
        (Some(b'%'), _) => Some((BinaryOp::Modulo, 1)),
        _ => None,
    };
    match found {
        Some((op, len)) => {
            let start = offset(input);
            advance(input, len);
            Ok(Some((op, Span::new(start, start + len))))
        }
        None => {
            input.reset(&checkpoint);
            Ok(None)
        }
    }
}

/// `unaryOp = ("-" | "!") ExprTerm`
///
/// Operators are collected in a loop; each counts as one nesting level, so a
/// chain of them is bounded like any other nesting.
#[inline]
pub(crate) fn unary_expr(input: &mut Input<'_>) -> PResult<Expr> {
    if matches!(rest(input).as_bytes().first(), Some(b'-' | b'!')) {
        prefixed_expr(input)
    } else {
        expr_term_with_postfix(input)
    }
}

/// A term with at least one unary operator before it.
fn prefixed_expr(input: &mut Input<'_>) -> PResult<Expr> {
    let mut prefixes: Vec<(UnaryOp, Span)> = Vec::new();
    loop {
        let op = match rest(input).as_bytes().first() {
            Some(b'-') => UnaryOp::Negate,
            Some(b'!') => UnaryOp::Not,
            _ => break,
        };
        if input.state.depth + prefixes.len() as u32 >= MAX_DEPTH {
            return too_deep(input);
        }
        let start = offset(input);
        advance(input, 1);
        prefixes.push((op, Span::new(start, start + 1)));
        ws(input)?;
    }
    let mut operand = if prefixes.is_empty() {
        expr_term_with_postfix(input)?
    } else {
        let depth = input.state.depth;
        input.state.depth += prefixes.len() as u32;
        let operand = expr_term_with_postfix(input);
        input.state.depth = depth;
        operand?
    };
    while let Some((op, op_span)) = prefixes.pop() {
        let span = op_span.to(operand.span);
        operand = Expr::new(
            ExprKind::Unary {
                op,
                op_span,
                operand: recycle::boxed(operand),
            },
            span,
        );
    }
    Ok(operand)
}
