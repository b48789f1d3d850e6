//! The reference walk: which variables an expression refers to, as static traversals.
//!
//! This is the basis of dependency analysis: `aws_instance.web[*].id + var.n`
//! refers to `aws_instance.web` and `var.n`. Names bound by `for`
//! expressions and template `for` directives are not references inside
//! their scope.

use crate::ast::{
    Expr, ExprKind, Ident, IndexKey, Literal, ObjectKey, Step, StepKind, Template, TemplatePart,
    Traversal, TraversalStep,
};

/// The traversals `expr` refers to, in source order.
///
/// Each is the variable name with the steps after it up to the first step
/// that is not constant: `local.b[0]` stays whole, `a[var.i].c` gives `a`
/// (and, from the index, `var.i`), `aws_instance.web[*].id` gives
/// `aws_instance.web`.
pub fn references(expr: &Expr) -> Vec<Traversal> {
    let mut walker = Walker::default();
    walker.expr(expr);
    walker.found
}

/// The traversals a template refers to, in source order.
pub fn template_references(template: &Template) -> Vec<Traversal> {
    let mut walker = Walker::default();
    walker.template(template);
    walker.found
}

/// The expression as a static traversal, when it is one: a variable with
/// only constant steps (`aws_instance.web[0].id`), as Terraform reads
/// `depends_on` entries or `provider = aws.west`. The keywords `true`,
/// `false` and `null` count as names here, as in HCL's static analysis.
pub fn static_traversal(expr: &Expr) -> Option<Traversal> {
    match &expr.kind {
        ExprKind::ScopeTraversal { root, steps } => {
            let traversal = static_prefix(root, steps);
            (traversal.steps.len() == steps.len()).then_some(traversal)
        }
        ExprKind::Literal(literal) => {
            let name = match literal {
                Literal::Bool(true) => "true",
                Literal::Bool(false) => "false",
                Literal::Null => "null",
                Literal::Number(_) | Literal::String(_) => return None,
            };
            Some(Traversal {
                root: Ident::new(name, expr.span),
                steps: Vec::new(),
                span: expr.span,
            })
        }
        _ => None,
    }
}

#[derive(Default)]
struct Walker<'a> {
    /// Names bound by enclosing `for` expressions and directives.
    bound: Vec<&'a str>,
    found: Vec<Traversal>,
}

impl<'a> Walker<'a> {
    fn expr(&mut self, expr: &'a Expr) {
        match &expr.kind {
            ExprKind::Literal(_) | ExprKind::SplatItem => {}
            ExprKind::Template(template) => self.template(template),
            ExprKind::TupleCons(items) => {
                for item in items {
                    self.expr(item);
                }
            }
            ExprKind::ObjectCons(items) => {
                for item in items {
                    if let ObjectKey::Expr(key) = &item.key {
                        self.expr(key);
                    }
                    self.expr(&item.value);
                }
            }
            ExprKind::ScopeTraversal { root, steps } => {
                if !self.bound.contains(&root.as_str()) {
                    self.found.push(static_prefix(root, steps));
                }
                self.index_keys(steps);
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.expr(source);
                self.index_keys(steps);
            }
            ExprKind::Splat { source, each, .. } => {
                self.expr(source);
                self.expr(each);
            }
            ExprKind::FunctionCall(call) => {
                for arg in &call.args {
                    self.expr(arg);
                }
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary { .. } => self.binary_chain(expr),
            ExprKind::Conditional {
                cond,
                true_expr,
                false_expr,
            } => {
                self.expr(cond);
                self.expr(true_expr);
                self.expr(false_expr);
            }
            ExprKind::For(for_expr) => {
                self.expr(&for_expr.collection);
                let n_bound = self.bound.len();
                if let Some(key_var) = &for_expr.key_var {
                    self.bound.push(key_var.as_str());
                }
                self.bound.push(for_expr.value_var.as_str());
                if let Some(key_expr) = &for_expr.key_expr {
                    self.expr(key_expr);
                }
                self.expr(&for_expr.value_expr);
                if let Some(cond) = &for_expr.cond {
                    self.expr(cond);
                }
                self.bound.truncate(n_bound);
            }
            ExprKind::Parens(inner) => self.expr(inner),
        }
    }

    /// A chain of binary operators, walked along its left spine with a loop
    /// (a long left-associative chain nests as deep as it is long).
    fn binary_chain(&mut self, expr: &'a Expr) {
        let mut right_operands = Vec::new();
        let mut node = expr;
        while let ExprKind::Binary { lhs, rhs, .. } = &node.kind {
            right_operands.push(&**rhs);
            node = lhs;
        }
        self.expr(node);
        for rhs in right_operands.into_iter().rev() {
            self.expr(rhs);
        }
    }

    fn index_keys(&mut self, steps: &'a [Step]) {
        for step in steps {
            if let StepKind::Index(key) = &step.kind {
                self.expr(key);
            }
        }
    }

    fn template(&mut self, template: &'a Template) {
        for part in &template.parts {
            match part {
                TemplatePart::Literal(_) => {}
                TemplatePart::Interp(interp) => self.expr(&interp.expr),
                TemplatePart::If(directive) => {
                    self.expr(&directive.cond);
                    self.template(&directive.then_template);
                    if let Some(else_template) = &directive.else_template {
                        self.template(else_template);
                    }
                }
                TemplatePart::For(directive) => {
                    self.expr(&directive.collection);
                    let n_bound = self.bound.len();
                    if let Some(key_var) = &directive.key_var {
                        self.bound.push(key_var.as_str());
                    }
                    self.bound.push(directive.value_var.as_str());
                    self.template(&directive.body);
                    self.bound.truncate(n_bound);
                }
            }
        }
    }
}

/// The root and its constant steps, up to the first step that is not constant.
fn static_prefix(root: &Ident, steps: &[Step]) -> Traversal {
    let mut span = root.span;
    let mut static_steps = Vec::new();
    for step in steps {
        let static_step = match &step.kind {
            StepKind::GetAttr(name) => TraversalStep::Attr {
                name: name.name.clone(),
                span: step.span,
            },
            StepKind::LegacyIndex(digits) => TraversalStep::Index {
                key: IndexKey::Number(digits.clone()),
                span: step.span,
            },
            StepKind::Index(key) => match &key.kind {
                ExprKind::Literal(Literal::Number(number)) => TraversalStep::Index {
                    key: IndexKey::Number(number.clone()),
                    span: step.span,
                },
                ExprKind::Literal(Literal::String(string)) => TraversalStep::Index {
                    key: IndexKey::String(string.clone()),
                    span: step.span,
                },
                _ => break,
            },
        };
        span = span.to(step.span);
        static_steps.push(static_step);
    }
    Traversal {
        root: root.clone(),
        steps: static_steps,
        span,
    }
}
