//! A readable s-expression rendering of the AST, for snapshot tests and debugging.
//!
//! `1 + 2 * 3 == 7 || x` renders as `(|| (== (+ 1 (* 2 3)) 7) x)`. Traversals
//! render as written (`var.a[0]`), splats as `(splat[*] source each)` with
//! `@` standing for the visited element, and object keys that are
//! expressions rather than bare names in brackets: `(object (a = 1) ([(paren a)] = 2))`.
//! The verbose forms add `@start..end` byte spans after every node.

use std::fmt::Write as _;

use crate::ast::{
    Body, BodyItem, Expr, ExprKind, IndexKey, Literal, ObjectKey, SplatKind, Step, StepKind,
    Template, TemplatePart, Traversal, TraversalStep,
};
use crate::span::Span;

/// Render an expression as an s-expression.
pub fn dump(expr: &Expr) -> String {
    let mut dumper = Dumper::new(false);
    dumper.expr(expr);
    dumper.out
}

/// Render an expression as an s-expression with the span of every node.
pub fn dump_verbose(expr: &Expr) -> String {
    let mut dumper = Dumper::new(true);
    dumper.expr(expr);
    dumper.out
}

/// Render a body, one item per line, nested blocks indented.
pub fn dump_body(body: &Body) -> String {
    let mut dumper = Dumper::new(false);
    dumper.body(body, 0);
    dumper.out
}

/// Render a body with the span of every node.
pub fn dump_body_verbose(body: &Body) -> String {
    let mut dumper = Dumper::new(true);
    dumper.body(body, 0);
    dumper.out
}

/// Render a template as `(template part...)`.
pub fn dump_template(template: &Template) -> String {
    let mut dumper = Dumper::new(false);
    dumper.template(template);
    dumper.out
}

/// Render a static traversal as written, e.g. `aws_instance.web[0].id`.
pub fn dump_traversal(traversal: &Traversal) -> String {
    let mut out = traversal.root.name.to_string();
    for step in &traversal.steps {
        match step {
            TraversalStep::Attr { name, .. } => {
                out.push('.');
                out.push_str(name);
            }
            TraversalStep::Index {
                key: IndexKey::Number(number),
                ..
            } => {
                let _ = write!(out, "[{number}]");
            }
            TraversalStep::Index {
                key: IndexKey::String(string),
                ..
            } => {
                out.push('[');
                quote(&mut out, string);
                out.push(']');
            }
        }
    }
    out
}

struct Dumper {
    out: String,
    verbose: bool,
}

impl Dumper {
    fn new(verbose: bool) -> Self {
        Dumper {
            out: String::new(),
            verbose,
        }
    }

    fn span(&mut self, span: Span) {
        if self.verbose {
            let _ = write!(self.out, "@{span}");
        }
    }

    fn body(&mut self, body: &Body, indent: usize) {
        self.out.push_str("(body");
        self.span(body.span);
        for item in &body.items {
            self.out.push('\n');
            self.out.push_str(&"  ".repeat(indent + 1));
            match item {
                BodyItem::Attribute(attribute) => {
                    self.out.push_str("(attribute ");
                    self.out.push_str(&attribute.name.name);
                    self.span(attribute.name.span);
                    self.out.push(' ');
                    self.expr(&attribute.expr);
                    self.out.push(')');
                    self.span(attribute.span);
                }
                BodyItem::Block(block) => {
                    self.out.push_str("(block ");
                    self.out.push_str(&block.block_type.name);
                    self.span(block.block_type.span);
                    for label in &block.labels {
                        self.out.push(' ');
                        if label.quoted {
                            quote(&mut self.out, &label.value);
                        } else {
                            self.out.push_str(&label.value);
                        }
                        self.span(label.span);
                    }
                    self.out.push('\n');
                    self.out.push_str(&"  ".repeat(indent + 2));
                    self.body(&block.body, indent + 2);
                    self.out.push(')');
                    self.span(block.span);
                }
            }
        }
        self.out.push(')');
    }

    fn expr(&mut self, expr: &Expr) {
        // A left-associative chain nests as deep as it is long: walk its
        // left spine with a loop rather than recursion.
        if let ExprKind::Binary { .. } = expr.kind {
            let mut spine = Vec::new();
            let mut node = expr;
            while let ExprKind::Binary { op, lhs, .. } = &node.kind {
                spine.push(node);
                self.out.push('(');
                self.out.push_str(op.as_str());
                self.out.push(' ');
                node = lhs;
            }
            self.expr(node);
            for binary in spine.into_iter().rev() {
                if let ExprKind::Binary { rhs, .. } = &binary.kind {
                    self.out.push(' ');
                    self.expr(rhs);
                }
                self.out.push(')');
                self.span(binary.span);
            }
            return;
        }
        self.expr_kind(expr);
        self.span(expr.span);
    }

    fn expr_kind(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::Literal(literal) => match literal {
                Literal::Number(text) => self.out.push_str(text),
                Literal::String(text) => quote(&mut self.out, text),
                Literal::Bool(value) => {
                    let _ = write!(self.out, "{value}");
                }
                Literal::Null => self.out.push_str("null"),
            },
            ExprKind::Template(template) => self.template(template),
            ExprKind::TupleCons(items) => {
                self.out.push_str("(tuple");
                for item in items {
                    self.out.push(' ');
                    self.expr(item);
                }
                self.out.push(')');
            }
            ExprKind::ObjectCons(items) => {
                self.out.push_str("(object");
                for item in items {
                    self.out.push_str(" (");
                    match &item.key {
                        ObjectKey::Ident(ident) => {
                            self.out.push_str(&ident.name);
                            self.span(ident.span);
                        }
                        ObjectKey::Expr(key) => {
                            self.out.push('[');
                            self.expr(key);
                            self.out.push(']');
                        }
                    }
                    self.out.push_str(" = ");
                    self.expr(&item.value);
                    self.out.push(')');
                }
                self.out.push(')');
            }
            ExprKind::ScopeTraversal { root, steps } => {
                self.out.push_str(&root.name);
                self.steps(steps);
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.expr(source);
                self.steps(steps);
            }
            ExprKind::Splat {
                source, kind, each, ..
            } => {
                self.out.push_str(match kind {
                    SplatKind::Full => "(splat[*] ",
                    SplatKind::Attr => "(splat.* ",
                });
                self.expr(source);
                self.out.push(' ');
                self.expr(each);
                self.out.push(')');
            }
            ExprKind::SplatItem => self.out.push('@'),
            ExprKind::FunctionCall(call) => {
                self.out.push_str("(call ");
                self.out.push_str(&call.name.name);
                for arg in &call.args {
                    self.out.push(' ');
                    self.expr(arg);
                }
                if call.expand_final.is_some() {
                    self.out.push_str("...");
                }
                self.out.push(')');
            }
            ExprKind::Unary { op, operand, .. } => {
                self.out.push('(');
                self.out.push_str(op.as_str());
                self.out.push(' ');
                self.expr(operand);
                self.out.push(')');
            }
            ExprKind::Binary { op, lhs, rhs, .. } => {
                self.out.push('(');
                self.out.push_str(op.as_str());
                self.out.push(' ');
                self.expr(lhs);
                self.out.push(' ');
                self.expr(rhs);
                self.out.push(')');
            }
            ExprKind::Conditional {
                cond,
                true_expr,
                false_expr,
            } => {
                self.out.push_str("(? ");
                self.expr(cond);
                self.out.push(' ');
                self.expr(true_expr);
                self.out.push(' ');
                self.expr(false_expr);
                self.out.push(')');
            }
            ExprKind::For(for_expr) => {
                self.out.push_str(if for_expr.is_object() {
                    "(for-object ("
                } else {
                    "(for-tuple ("
                });
                if let Some(key_var) = &for_expr.key_var {
                    self.out.push_str(&key_var.name);
                    self.out.push(' ');
                }
                self.out.push_str(&for_expr.value_var.name);
                self.out.push_str(") ");
                self.expr(&for_expr.collection);
                if let Some(key_expr) = &for_expr.key_expr {
                    self.out.push(' ');
                    self.expr(key_expr);
                    self.out.push_str(" =>");
                }
                self.out.push(' ');
                self.expr(&for_expr.value_expr);
                if for_expr.grouping.is_some() {
                    self.out.push_str("...");
                }
                if let Some(cond) = &for_expr.cond {
                    self.out.push_str(" (if ");
                    self.expr(cond);
                    self.out.push(')');
                }
                self.out.push(')');
            }
            ExprKind::Parens(inner) => {
                self.out.push_str("(paren ");
                self.expr(inner);
                self.out.push(')');
            }
        }
    }

    fn steps(&mut self, steps: &[Step]) {
        for step in steps {
            match &step.kind {
                StepKind::GetAttr(name) => {
                    self.out.push('.');
                    self.out.push_str(&name.name);
                }
                StepKind::Index(key) => {
                    self.out.push('[');
                    self.expr(key);
                    self.out.push(']');
                }
                StepKind::LegacyIndex(digits) => {
                    self.out.push('.');
                    self.out.push_str(digits);
                }
            }
            self.span(step.span);
        }
    }

    fn template(&mut self, template: &Template) {
        self.out.push_str("(template");
        for part in &template.parts {
            self.out.push(' ');
            match part {
                TemplatePart::Literal(literal) => {
                    quote(&mut self.out, &literal.value);
                    self.span(literal.span);
                }
                TemplatePart::Interp(interp) => {
                    self.out.push_str("(interp ");
                    self.expr(&interp.expr);
                    self.out.push(')');
                    self.span(interp.span);
                }
                TemplatePart::If(directive) => {
                    self.out.push_str("(if ");
                    self.expr(&directive.cond);
                    self.out.push(' ');
                    self.template(&directive.then_template);
                    if let Some(else_template) = &directive.else_template {
                        self.out.push(' ');
                        self.template(else_template);
                    }
                    self.out.push(')');
                    self.span(directive.span);
                }
                TemplatePart::For(directive) => {
                    self.out.push_str("(for (");
                    if let Some(key_var) = &directive.key_var {
                        self.out.push_str(&key_var.name);
                        self.out.push(' ');
                    }
                    self.out.push_str(&directive.value_var.name);
                    self.out.push_str(") ");
                    self.expr(&directive.collection);
                    self.out.push(' ');
                    self.template(&directive.body);
                    self.out.push(')');
                    self.span(directive.span);
                }
            }
        }
        self.out.push(')');
        self.span(template.span);
    }
}

/// Append `text` in double quotes with `"`, `\` and control characters escaped.
fn quote(out: &mut String, text: &str) {
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ch if ch.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", ch as u32);
            }
            ch => out.push(ch),
        }
    }
    out.push('"');
}
