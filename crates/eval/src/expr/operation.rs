//! Unary and binary operators, with Terraform's operand conversions, short-circuit
//! `&&`/`||`, unknowns and marks (HCL's operations over cty's stdlib functions).

use terrace_syntax::{BinaryOp, Expr, ExprKind, Span, UnaryOp};
use terrace_types::{Marks, Number, Repr, Type, Value};

use super::{Ctx, EvalResult, Failed, convert_to, error};
use crate::diagnostic::Diagnostics;

const OPERATION_FAILED: &str = "Operation failed";

impl Ctx<'_> {
    /// `-x` and `!x`.
    pub(super) fn eval_unary(&mut self, op: UnaryOp, operand: &Expr, span: Span) -> EvalResult {
        let want = match op {
            UnaryOp::Negate => Type::Number,
            UnaryOp::Not => Type::Bool,
        };
        // As HCL's `UnaryOpExpr`: on any error, an unknown of the operator's type.
        let (value, mut found) = match self.eval_hcl(operand) {
            Ok(value) => (value, Diagnostics::new()),
            Err(failed) => (failed.value, failed.diagnostics),
        };
        let converted = convert_to(&value, &want).map_err(|e| {
            found.extend(error(
                "Invalid operand",
                format!("Unsuitable value for unary operand: {e}."),
                operand.span,
            ));
        });
        let value = match converted {
            Ok(value) if found.is_empty() => value,
            _ => return Err(self.failing(span, Value::unknown(want), found)),
        };
        if value.is_null() {
            return Err(self.failing(span, Value::unknown(want), null_argument(span)));
        }
        let (value, marks) = value.unmark();
        let result = match op {
            UnaryOp::Negate => value.as_number().map(|n| Value::number(n.neg())),
            UnaryOp::Not => value.as_bool().map(|b| Value::bool(!b)),
        };
        Ok(result.unwrap_or_else(|| Value::unknown(want)).mark(marks))
    }

    /// A binary operator, and the whole chain of operators on its left side:
    /// `1 + 1 + ... + 1` nests to the left as deep as it is long, so the chain
    /// is walked with a loop rather than by recursion.
    pub(super) fn eval_binary_chain(&mut self, expr: &Expr) -> EvalResult {
        if let ExprKind::Binary { op, lhs, rhs, .. } = &expr.kind
            && is_short_chain(lhs)
        {
            // A single operation or a short chain, the common case: evaluated
            // by recursion, without a spine to allocate.
            let lhs_result = self.eval_hcl(lhs);
            let rhs_result = self.eval_hcl(rhs);
            if let (Ok(a), Ok(b)) = (&lhs_result, &rhs_result)
                && let Some(result) = fast_binary(*op, a, b)
            {
                return Ok(result);
            }
            return binary(*op, lhs_result, lhs, rhs_result, rhs, expr.span)
                .map_err(|failed| self.failing(expr.span, failed.value, failed.diagnostics));
        }
        let mut spine: Vec<&Expr> = Vec::new();
        let mut leftmost = expr;
        while let ExprKind::Binary { lhs, .. } = &leftmost.kind {
            spine.push(leftmost);
            leftmost = lhs;
        }
        let mut acc = self.eval_hcl(leftmost);
        for node in spine.into_iter().rev() {
            let ExprKind::Binary {
                op,
                op_span: _,
                lhs,
                rhs,
            } = &node.kind
            else {
                continue;
            };
            self.tick(node.span)?;
            let rhs_result = self.eval_hcl(rhs);
            acc = binary(*op, acc, lhs, rhs_result, rhs, node.span);
        }
        acc.map_err(|failed| self.failing(expr.span, failed.value, failed.diagnostics))
    }
}

/// How long a chain of operators on the left may be and still be evaluated by
/// recursion (a handful of stack frames per level).
const SHORT_CHAIN: usize = 32;

/// True when `expr` is not a chain of more than [`SHORT_CHAIN`] binary operators
/// nested on the left.
fn is_short_chain(mut expr: &Expr) -> bool {
    for _ in 0..SHORT_CHAIN {
        match &expr.kind {
            ExprKind::Binary { lhs, .. } => expr = lhs,
            _ => return true,
        }
    }
    false
}

/// One binary operation on evaluated operands, as HCL's `BinaryOpExpr`: a failed
/// operand stands for its value (see [`Failed`]) and is converted like any other;
/// an operand's errors are kept so that `&&` and `||` can drop those of an operand
/// that did not decide the result. On an error the result is an unknown of the
/// operator's type, with the operands' marks once both converted.
#[inline(never)]
fn binary(
    op: BinaryOp,
    lhs: Result<Value, Failed>,
    lhs_expr: &Expr,
    rhs: Result<Value, Failed>,
    rhs_expr: &Expr,
    span: Span,
) -> Result<Value, Failed> {
    if let (Ok(a), Ok(b)) = (&lhs, &rhs)
        && let Some(result) = fast_binary(op, a, b)
    {
        return Ok(result);
    }
    let param = match op {
        BinaryOp::Or | BinaryOp::And => Type::Bool,
        BinaryOp::Equal | BinaryOp::NotEqual => Type::Dynamic,
        _ => Type::Number,
    };
    let result_type = match op {
        BinaryOp::Add
        | BinaryOp::Subtract
        | BinaryOp::Multiply
        | BinaryOp::Divide
        | BinaryOp::Modulo => Type::Number,
        _ => Type::Bool,
    };
    let failure = |diagnostics: Diagnostics, marks: Marks| Failed {
        diagnostics,
        value: Value::unknown(result_type.clone()).mark(marks),
    };
    let given = |result: &Result<Value, Failed>| match result {
        Ok(value) => value.clone(),
        Err(failed) => failed.value.clone(),
    };
    let lhs_given = given(&lhs);
    let rhs_given = given(&rhs);
    let mut diagnostics = Diagnostics::new();
    let lhs_value = convert_to(&lhs_given, &param).map_err(|e| {
        diagnostics.extend(error(
            "Invalid operand",
            format!("Unsuitable value for left operand: {e}."),
            lhs_expr.span,
        ));
    });
    let rhs_value = convert_to(&rhs_given, &param).map_err(|e| {
        diagnostics.extend(error(
            "Invalid operand",
            format!("Unsuitable value for right operand: {e}."),
            rhs_expr.span,
        ));
    });
    let (Ok(lhs_value), Ok(rhs_value)) = (lhs_value, rhs_value) else {
        return Err(failure(
            with_operand_errors(diagnostics, lhs, rhs),
            Marks::NONE,
        ));
    };

    let (lhs_value, lhs_marks) = lhs_value.unmark();
    let (rhs_value, rhs_marks) = rhs_value.unmark();
    let marks = lhs_marks | rhs_marks;

    if matches!(op, BinaryOp::And | BinaryOp::Or)
        && let Some(forced) = short_circuit(op, &lhs_value, &rhs_value, &lhs, &rhs)
    {
        return match forced {
            Ok(value) => Ok(value.mark(marks)),
            Err(diagnostics) => Err(failure(diagnostics, marks)),
        };
    }
    if lhs.is_err() || rhs.is_err() {
        return Err(failure(
            with_operand_errors(Diagnostics::new(), lhs, rhs),
            marks,
        ));
    }

    if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual) {
        let equal = lhs_value.equals(&rhs_value);
        let result = if op == BinaryOp::NotEqual {
            not(equal)
        } else {
            equal
        };
        return Ok(result.mark(marks));
    }

    if lhs_value.is_null() || rhs_value.is_null() {
        return Err(failure(null_argument(span), Marks::NONE));
    }
    if !lhs_value.is_known() || !rhs_value.is_known() {
        return Ok(Value::unknown(result_type).mark(marks));
    }
    let result = match op {
        BinaryOp::And | BinaryOp::Or => {
            let (Some(a), Some(b)) = (lhs_value.as_bool(), rhs_value.as_bool()) else {
                return Ok(Value::unknown(result_type).mark(marks));
            };
            Value::bool(if op == BinaryOp::And { a && b } else { a || b })
        }
        _ => {
            let (Some(a), Some(b)) = (lhs_value.as_number(), rhs_value.as_number()) else {
                return Ok(Value::unknown(result_type).mark(marks));
            };
            match arithmetic(op, a, b) {
                Ok(scalar) => scalar.into_value(),
                Err(message) => {
                    return Err(failure(
                        error(
                            OPERATION_FAILED,
                            format!("Error during operation: {message}."),
                            span,
                        ),
                        Marks::NONE,
                    ));
                }
            }
        }
    };
    Ok(result.mark(marks))
}

/// The common case of known, unmarked numbers (or bools for `==`): the same
/// result as the general path, without conversions.
#[inline]
fn fast_binary(op: BinaryOp, a: &Value, b: &Value) -> Option<Value> {
    if a.is_marked() || b.is_marked() {
        return None;
    }
    match (a.repr(), b.repr()) {
        (Repr::Number(x), Repr::Number(y)) => number_binary(op, x, y).map(Scalar::into_value),
        (Repr::Bool(x), Repr::Bool(y)) => bool_binary(op, *x, *y).map(Value::bool),
        (Repr::String(x), Repr::String(y)) => match op {
            BinaryOp::Equal => Some(Value::bool(x == y)),
            BinaryOp::NotEqual => Some(Value::bool(x != y)),
            _ => None,
        },
        _ => None,
    }
}

/// A known, unmarked number or bool: what the operators compute with.
#[derive(Clone, Debug)]
pub(super) enum Scalar {
    Number(Number),
    Bool(bool),
}

impl Scalar {
    #[inline]
    pub(super) fn into_value(self) -> Value {
        match self {
            Scalar::Number(n) => Value::number(n),
            Scalar::Bool(b) => Value::bool(b),
        }
    }
}

/// `x op y` on two numbers, when it has a value (`None` for `&&`, `||` and
/// arithmetic errors: the general path reports those).
#[inline]
pub(super) fn number_binary(op: BinaryOp, x: &Number, y: &Number) -> Option<Scalar> {
    if let Some(b) = number_comparison(op, x, y) {
        return Some(Scalar::Bool(b));
    }
    // Small integers first: the result is made where it is returned (no error to carry).
    let small = match op {
        BinaryOp::Add => x.small_add(y),
        BinaryOp::Subtract => x.small_sub(y),
        BinaryOp::Multiply => x.small_mul(y),
        BinaryOp::Divide => x.small_div(y),
        BinaryOp::Modulo => x.small_rem(y),
        _ => None,
    };
    if let Some(n) = small {
        return Some(Scalar::Number(n));
    }
    match op {
        BinaryOp::Or | BinaryOp::And => None,
        _ => arithmetic(op, x, y).ok(),
    }
}

/// `x op y` for the equality and order operators on two numbers (as [`Number`]s, or
/// as the integers of their inline forms, which compare alike).
#[inline]
pub(super) fn number_comparison<N: PartialOrd>(op: BinaryOp, x: &N, y: &N) -> Option<bool> {
    match op {
        BinaryOp::Equal => Some(x == y),
        BinaryOp::NotEqual => Some(x != y),
        BinaryOp::GreaterThan => Some(x > y),
        BinaryOp::GreaterThanOrEqual => Some(x >= y),
        BinaryOp::LessThan => Some(x < y),
        BinaryOp::LessThanOrEqual => Some(x <= y),
        _ => None,
    }
}

/// `x op y` on two bools, when the operator takes bools.
#[inline]
pub(super) fn bool_binary(op: BinaryOp, x: bool, y: bool) -> Option<bool> {
    match op {
        BinaryOp::Equal => Some(x == y),
        BinaryOp::NotEqual => Some(x != y),
        BinaryOp::And => Some(x && y),
        BinaryOp::Or => Some(x || y),
        _ => None,
    }
}

/// HCL's short-circuit rule for `&&` and `||` (Terraform 1.12+): a known
/// operand that decides the result wins, and only its own errors count.
fn short_circuit(
    op: BinaryOp,
    lhs: &Value,
    rhs: &Value,
    lhs_result: &Result<Value, Failed>,
    rhs_result: &Result<Value, Failed>,
) -> Option<Result<Value, Diagnostics>> {
    let decisive = op == BinaryOp::Or;
    // cty's `True()` and `False()`: a null bool counts as false.
    let is = |value: &Value, wanted: bool| {
        value.is_known() && value.as_bool().unwrap_or(false) == wanted
    };
    let with_diagnostics = |value: Value, result: &Result<Value, Failed>| match result {
        Ok(_) => Ok(value),
        Err(failed) => Err(failed.diagnostics.clone()),
    };
    let unknown_bool = || Value::unknown(Type::Bool);
    if !lhs.is_known() && !rhs.is_known() {
        return match lhs_result {
            Ok(_) => Some(Ok(unknown_bool())),
            Err(_) => None,
        };
    }
    if is(lhs, decisive) {
        return Some(with_diagnostics(Value::bool(decisive), lhs_result));
    }
    if is(rhs, decisive) {
        return Some(with_diagnostics(Value::bool(decisive), rhs_result));
    }
    if !lhs.is_known() && is(rhs, !decisive) {
        return Some(with_diagnostics(unknown_bool(), lhs_result));
    }
    if !rhs.is_known() && is(lhs, !decisive) {
        return Some(with_diagnostics(unknown_bool(), rhs_result));
    }
    None
}

/// `!b` for the result of `==`, keeping unknowns and marks.
fn not(value: Value) -> Value {
    let (value, marks) = value.unmark();
    match value.as_bool() {
        Some(b) => Value::bool(!b).mark(marks),
        None => value.mark(marks),
    }
}

/// The arithmetic and comparison operators on known numbers, with cty's
/// rules for zero and infinity (`1 / 0` is `+Inf`, `5 % 0` is `5`).
#[inline]
fn arithmetic(op: BinaryOp, a: &Number, b: &Number) -> Result<Scalar, String> {
    let number = |result: Result<Number, terrace_types::ArithmeticError>| {
        result.map(Scalar::Number).map_err(|e| e.0)
    };
    match op {
        BinaryOp::Add => number(a.try_add(b)),
        BinaryOp::Subtract => number(a.try_sub(b)),
        BinaryOp::Multiply => number(a.try_mul(b)),
        BinaryOp::Divide => number(a.div(b)),
        BinaryOp::Modulo => number(a.rem(b)),
        BinaryOp::GreaterThan
        | BinaryOp::GreaterThanOrEqual
        | BinaryOp::LessThan
        | BinaryOp::LessThanOrEqual => number_comparison(op, a, b)
            .map(Scalar::Bool)
            .ok_or_else(|| "not a comparison".to_string()),
        BinaryOp::Or | BinaryOp::And | BinaryOp::Equal | BinaryOp::NotEqual => {
            Err("not an arithmetic operator".to_string())
        }
    }
}

fn null_argument(span: Span) -> Diagnostics {
    error(
        OPERATION_FAILED,
        "Error during operation: argument must not be null.",
        span,
    )
}

/// `diagnostics` followed by the errors of the operands.
fn with_operand_errors(
    mut diagnostics: Diagnostics,
    lhs: Result<Value, Failed>,
    rhs: Result<Value, Failed>,
) -> Diagnostics {
    for result in [lhs, rhs] {
        if let Err(failed) = result {
            diagnostics.extend(failed.diagnostics);
        }
    }
    diagnostics
}
