//! Moving the spans of an expression parsed from a decoded JSON string back into the JSON source text.

use crate::ast::{Expr, ExprKind, ObjectKey, Step, StepKind, Template, TemplatePart};
use crate::span::Span;

/// Rewrites every span in `expr` with `map`.
pub(crate) fn remap_expr(expr: &mut Expr, map: &dyn Fn(Span) -> Span) {
    expr.span = map(expr.span);
    match &mut expr.kind {
        ExprKind::Literal(_) | ExprKind::SplatItem => {}
        ExprKind::Template(template) => remap_template(template, map),
        ExprKind::TupleCons(items) => {
            for item in items {
                remap_expr(item, map);
            }
        }
        ExprKind::ObjectCons(items) => {
            for item in items {
                item.span = map(item.span);
                match &mut item.key {
                    ObjectKey::Ident(ident) => ident.span = map(ident.span),
                    ObjectKey::Expr(key) => remap_expr(key, map),
                }
                remap_expr(&mut item.value, map);
            }
        }
        ExprKind::ScopeTraversal { root, steps } => {
            root.span = map(root.span);
            remap_steps(steps, map);
        }
        ExprKind::RelativeTraversal { source, steps } => {
            remap_expr(source, map);
            remap_steps(steps, map);
        }
        ExprKind::Splat {
            source,
            marker,
            each,
            ..
        } => {
            remap_expr(source, map);
            *marker = map(*marker);
            remap_expr(each, map);
        }
        ExprKind::FunctionCall(call) => {
            call.name.span = map(call.name.span);
            for arg in &mut call.args {
                remap_expr(arg, map);
            }
            call.expand_final = call.expand_final.map(map);
            call.open_paren = map(call.open_paren);
            call.close_paren = map(call.close_paren);
        }
        ExprKind::Unary {
            op_span, operand, ..
        } => {
            *op_span = map(*op_span);
            remap_expr(operand, map);
        }
        ExprKind::Binary {
            op_span, lhs, rhs, ..
        } => {
            // Operator chains nest to the left as deep as they are long (a megabyte
            // of `1+1+...`): walk that spine in a loop, not by recursion.
            *op_span = map(*op_span);
            remap_expr(rhs, map);
            let mut node: &mut Expr = lhs;
            loop {
                if !matches!(node.kind, ExprKind::Binary { .. }) {
                    remap_expr(node, map);
                    break;
                }
                node.span = map(node.span);
                let ExprKind::Binary {
                    op_span, lhs, rhs, ..
                } = &mut node.kind
                else {
                    break;
                };
                *op_span = map(*op_span);
                remap_expr(rhs, map);
                node = lhs;
            }
        }
        ExprKind::Conditional {
            cond,
            true_expr,
            false_expr,
        } => {
            remap_expr(cond, map);
            remap_expr(true_expr, map);
            remap_expr(false_expr, map);
        }
        ExprKind::For(for_expr) => {
            if let Some(key_var) = &mut for_expr.key_var {
                key_var.span = map(key_var.span);
            }
            for_expr.value_var.span = map(for_expr.value_var.span);
            remap_expr(&mut for_expr.collection, map);
            if let Some(key_expr) = &mut for_expr.key_expr {
                remap_expr(key_expr, map);
            }
            remap_expr(&mut for_expr.value_expr, map);
            for_expr.grouping = for_expr.grouping.map(map);
            if let Some(cond) = &mut for_expr.cond {
                remap_expr(cond, map);
            }
            for_expr.open = map(for_expr.open);
            for_expr.close = map(for_expr.close);
        }
        ExprKind::Parens(inner) => remap_expr(inner, map),
    }
}

fn remap_steps(steps: &mut [Step], map: &dyn Fn(Span) -> Span) {
    for step in steps {
        step.span = map(step.span);
        match &mut step.kind {
            StepKind::GetAttr(ident) => ident.span = map(ident.span),
            StepKind::Index(key) => remap_expr(key, map),
            StepKind::LegacyIndex(_) => {}
        }
    }
}

/// Rewrites every span in `template` with `map`.
pub(crate) fn remap_template(template: &mut Template, map: &dyn Fn(Span) -> Span) {
    template.span = map(template.span);
    for part in &mut template.parts {
        match part {
            TemplatePart::Literal(literal) => literal.span = map(literal.span),
            TemplatePart::Interp(interp) => {
                interp.span = map(interp.span);
                remap_expr(&mut interp.expr, map);
            }
            TemplatePart::If(directive) => {
                directive.span = map(directive.span);
                remap_expr(&mut directive.cond, map);
                remap_template(&mut directive.then_template, map);
                if let Some(else_template) = &mut directive.else_template {
                    remap_template(else_template, map);
                }
            }
            TemplatePart::For(directive) => {
                directive.span = map(directive.span);
                if let Some(key_var) = &mut directive.key_var {
                    key_var.span = map(key_var.span);
                }
                directive.value_var.span = map(directive.value_var.span);
                remap_expr(&mut directive.collection, map);
                remap_template(&mut directive.body, map);
            }
        }
    }
}
