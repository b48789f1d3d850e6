//! Traversal steps after a term: `.attr`, `[index]`, legacy `.0`, and the splats `[*]` and `.*`;
//! and static traversals for `parse_traversal`.

use std::sync::Arc;

use winnow::stream::Stream;

use super::error::{PError, PResult};
use super::expr::{close_error, expr};
use super::lexical::{
    advance, eat_span, ident, new_ident, number_lit_end, offset, peek_byte, rest, ws, ws_nl,
};
use super::{Input, MAX_DEPTH, recurse, too_deep, with_newlines};
use crate::ast::{
    Expr, ExprKind, IndexKey, Literal, SplatKind, Step, StepKind, Traversal, TraversalStep,
};
use crate::error::Expected;
use crate::recycle;
use crate::span::Span;

/// Whether a traversal step or splat may follow: `false` when the next byte
/// rules it out, which spares [`postfix`] a round trip for most terms.
#[inline]
pub(crate) fn may_have_postfix(input: &Input<'_>) -> bool {
    match peek_byte(input) {
        Some(b'.' | b'[' | b' ' | b'\t' | b'/' | b'\r') => true,
        // Trivia only when newlines are.
        Some(b'\n' | b'#') => !input.state.newlines_significant,
        _ => false,
    }
}

/// `ExprTerm (GetAttr | Index | LegacyIndex | Splat)*`
///
/// `Index = "[" Expression "]"`, `GetAttr = "." Identifier`,
/// `LegacyIndex = "." digit+`, `attrSplat = "." "*" GetAttr*`,
/// `fullSplat = "[" "*" "]" (GetAttr | Index)*`.
pub(crate) fn postfix(input: &mut Input<'_>, expr: &mut Expr) -> PResult<()> {
    // Splats wrap the expression built so far, so each one deepens the tree
    // without recursion; count them against the depth limit.
    let mut n_splats: u32 = 0;
    loop {
        let checkpoint = input.checkpoint();
        ws(input)?;
        match peek_byte(input) {
            Some(b'.') if !rest(input).starts_with("...") => {
                let dot = offset(input);
                advance(input, 1);
                ws(input)?;
                if let Some(star) = eat_span(input, "*") {
                    n_splats += 1;
                    if input.state.depth + n_splats >= MAX_DEPTH {
                        return too_deep(input);
                    }
                    *expr = attr_splat(input, take(expr), Span::new(dot, star.end as usize))?;
                } else {
                    let step = attr_or_legacy_index(input, dot)?;
                    push_step(expr, step);
                }
            }
            Some(b'[') => {
                let open = eat_span(input, "[").expect("invariant: peeked `[`");
                // HCL looks for `*` and `]` without turning newlines into
                // trivia: outside brackets, `x[` newline `*]` is an index whose
                // key `*` is no expression, and `x[*` newline `]` an unclosed splat.
                let after_open = input.checkpoint();
                ws(input)?;
                if peek_byte(input) == Some(b'*') {
                    advance(input, 1);
                    ws(input)?;
                    let close = match eat_span(input, "]") {
                        Some(close) => close,
                        None => close_error(
                            input,
                            open,
                            "Missing close bracket on splat index",
                            "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                            "]",
                        )?,
                    };
                    let marker = open.to(close);
                    // The full splat takes every following step, splats
                    // included, so the rest of the chain is parsed for the
                    // element, one nesting level down.
                    let mut each = Expr::new(ExprKind::SplatItem, marker);
                    recurse(input, |input| postfix(input, &mut each))?;
                    let source = take(expr);
                    let span = source.span.to(each.span).to(marker);
                    *expr = Expr::new(
                        ExprKind::Splat {
                            source: recycle::boxed(source),
                            kind: SplatKind::Full,
                            marker,
                            each: recycle::boxed(each),
                        },
                        span,
                    );
                    return Ok(());
                }
                input.reset(&after_open);
                let step = index_step(input, open)?;
                push_step(expr, step);
            }
            _ => {
                input.reset(&checkpoint);
                return Ok(());
            }
        }
    }
}

/// Move `expr` out, leaving a placeholder without children in its place.
fn take(expr: &mut Expr) -> Expr {
    std::mem::replace(expr, Expr::placeholder())
}

/// After `.`: an attribute name or a legacy numeric index.
fn attr_or_legacy_index(input: &mut Input<'_>, dot: usize) -> PResult<Step> {
    if let Some((name, span)) = ident(input) {
        return Ok(Step {
            kind: StepKind::GetAttr(new_ident(input, name, span)),
            span: Span::new(dot, span.end as usize),
        });
    }
    if peek_byte(input).is_some_and(|byte| byte.is_ascii_digit()) {
        return legacy_index(input, dot, false);
    }
    PError::new(
        offset(input),
        "Invalid attribute name",
        "An attribute name is required after a dot.",
    )
    .expected(&[Expected::Description("attribute name")])
    .fail()
}

/// `"." NumberLit` (`.0`, `.1e3`), with HCL's error for `.0.1` (which scans as the number `0.1`).
fn legacy_index(input: &mut Input<'_>, dot: usize, in_splat: bool) -> PResult<Step> {
    let start = offset(input);
    let end = number_lit_end(rest(input).as_bytes(), 0);
    if let Some((first, second)) = rest(input)[..end].split_once('.') {
        let detail = if in_splat {
            format!(
                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{first}][{second}]."
            )
        } else {
            format!(
                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}]."
            )
        };
        return PError::new(start, "Invalid legacy index syntax", detail)
            .span(Span::new(start, start + end))
            .fail();
    }
    let text = advance(input, end);
    Ok(Step {
        kind: StepKind::LegacyIndex(Arc::from(text)),
        span: Span::new(dot, start + end),
    })
}

/// `"[" Expression "]"` after the `[` was consumed; newlines are trivia inside.
fn index_step(input: &mut Input<'_>, open: Span) -> PResult<Step> {
    with_newlines(input, false, |input| {
        ws(input)?;
        let key = expr(input)?;
        ws(input)?;
        let Some(close) = eat_span(input, "]") else {
            return close_error(
                input,
                open,
                "Missing close bracket on index",
                "The index operator must end with a closing bracket (\"]\").",
                "]",
            );
        };
        Ok(Step {
            kind: StepKind::Index(recycle::boxed(key)),
            span: open.to(close),
        })
    })
}

/// `attrSplat = "." "*" GetAttr*` (legacy `.0` steps allowed too).
fn attr_splat(input: &mut Input<'_>, source: Expr, marker: Span) -> PResult<Expr> {
    let mut steps = recycle::vec();
    loop {
        let checkpoint = input.checkpoint();
        ws(input)?;
        if peek_byte(input) != Some(b'.') || rest(input).starts_with("...") {
            input.reset(&checkpoint);
            break;
        }
        let dot = offset(input);
        advance(input, 1);
        ws(input)?;
        if peek_byte(input) == Some(b'*') {
            return PError::new(
                offset(input),
                "Nested splat expression not allowed",
                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
            )
            .fail();
        }
        if let Some((name, span)) = ident(input) {
            steps.push(Step {
                kind: StepKind::GetAttr(new_ident(input, name, span)),
                span: Span::new(dot, span.end as usize),
            });
        } else if peek_byte(input).is_some_and(|byte| byte.is_ascii_digit()) {
            steps.push(legacy_index(input, dot, true)?);
        } else {
            return PError::new(
                offset(input),
                "Invalid attribute name",
                "An attribute name is required after a dot.",
            )
            .expected(&[Expected::Description("attribute name")])
            .fail();
        }
    }
    let item = Expr::new(ExprKind::SplatItem, marker);
    let each = if steps.is_empty() {
        item
    } else {
        let span = marker.to(steps.last().map_or(marker, |step| step.span));
        Expr::new(
            ExprKind::RelativeTraversal {
                source: recycle::boxed(item),
                steps,
            },
            span,
        )
    };
    let span = source.span.to(each.span);
    Ok(Expr::new(
        ExprKind::Splat {
            source: recycle::boxed(source),
            kind: SplatKind::Attr,
            marker,
            each: recycle::boxed(each),
        },
        span,
    ))
}

/// Append a step: extend a traversal in place, or start a relative traversal.
fn push_step(expr: &mut Expr, step: Step) {
    let step_span = step.span;
    match &mut expr.kind {
        ExprKind::ScopeTraversal { steps, .. } | ExprKind::RelativeTraversal { steps, .. } => {
            if steps.capacity() == 0 {
                *steps = recycle::vec();
            }
            steps.push(step);
            expr.span = expr.span.to(step_span);
        }
        _ => {
            let source = take(expr);
            let span = source.span.to(step_span);
            let mut steps = recycle::vec();
            steps.push(step);
            *expr = Expr::new(
                ExprKind::RelativeTraversal {
                    source: recycle::boxed(source),
                    steps,
                },
                span,
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Static traversals
// ---------------------------------------------------------------------------

/// A whole input that is one static traversal: `root (.attr | [key] | .N)*`
/// where keys are number or string literals.
pub(crate) fn whole_traversal(input: &mut Input<'_>) -> PResult<Traversal> {
    ws_nl(input)?;
    let Some((root, root_span)) = ident(input) else {
        return PError::new(
            offset(input),
            "Invalid traversal",
            "A traversal must start with a variable name.",
        )
        .expected(&[Expected::Description("identifier")])
        .fail();
    };
    let mut steps = Vec::new();
    let mut span = root_span;
    loop {
        ws_nl(input)?;
        match peek_byte(input) {
            None => break,
            Some(b'.') => {
                let dot = offset(input);
                advance(input, 1);
                ws_nl(input)?;
                let step = attr_or_legacy_index(input, dot)?;
                let step = match step.kind {
                    StepKind::GetAttr(name) => TraversalStep::Attr {
                        name: name.name,
                        span: step.span,
                    },
                    StepKind::LegacyIndex(digits) => TraversalStep::Index {
                        key: IndexKey::Number(digits),
                        span: step.span,
                    },
                    StepKind::Index(_) => return invalid_traversal(input),
                };
                span = span.to(step.span());
                steps.push(step);
            }
            Some(b'[') => {
                let open = eat_span(input, "[").expect("invariant: peeked `[`");
                let step = index_step(input, open)?;
                let StepKind::Index(key) = &step.kind else {
                    return invalid_traversal(input);
                };
                let key = match &key.kind {
                    ExprKind::Literal(Literal::Number(text)) => IndexKey::Number(text.clone()),
                    ExprKind::Literal(Literal::String(text)) => IndexKey::String(text.clone()),
                    _ => {
                        return PError::new(
                            key.span.start as usize,
                            "Invalid index key",
                            "A traversal index must be a number or a quoted string.",
                        )
                        .span(key.span)
                        .fail();
                    }
                };
                span = span.to(step.span);
                steps.push(TraversalStep::Index {
                    key,
                    span: step.span,
                });
            }
            Some(_) => return invalid_traversal(input),
        }
    }
    Ok(Traversal {
        root: new_ident(input, root, root_span),
        steps,
        span,
    })
}

fn invalid_traversal<T>(input: &Input<'_>) -> PResult<T> {
    PError::new(
        offset(input),
        "Invalid traversal",
        "Expected an attribute access or an index operator.",
    )
    .expected(&[Expected::Token("."), Expected::Token("[")])
    .fail()
}
