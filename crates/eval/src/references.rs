//! `references`: the named-value traversals an expression depends on (for `:deps` and evaluation order).

use std::collections::HashSet;
use std::fmt;
use std::rc::Rc;

use terrace_syntax::{
    Expr, ExprKind, IndexKey, Literal, Name, ObjectKey, Span, Step, StepKind, Template,
    TemplatePart, Traversal, TraversalStep,
};

/// A reference to a named value: a root name and the constant steps written after it,
/// such as `var.region` or `aws_instance.web[0].id`.
///
/// Displays as it would be written: `local.list[0]`, `var.m["k"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reference {
    /// The traversal: root, steps and span.
    pub traversal: Traversal,
}

impl Reference {
    /// The root name (`var`, `local`, a resource type, a plain variable).
    pub fn root(&self) -> &str {
        self.traversal.root.as_str()
    }

    /// Where the reference is written.
    pub fn span(&self) -> Span {
        self.traversal.span
    }

    /// The steps after the root.
    pub fn steps(&self) -> &[TraversalStep] {
        &self.traversal.steps
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.root())?;
        for step in self.steps() {
            match step {
                TraversalStep::Attr { name, .. } => write!(f, ".{name}")?,
                TraversalStep::Index {
                    key: IndexKey::Number(n),
                    ..
                } => write!(f, "[{n}]")?,
                TraversalStep::Index {
                    key: IndexKey::String(s),
                    ..
                } => write!(f, "[{s:?}]")?,
            }
        }
        Ok(())
    }
}

/// The named values `expr` refers to, de-duplicated (by what they refer to) and in
/// source order of their first use.
///
/// Names bound inside the expression (`for` variables, template `for` variables)
/// are not references; a traversal stops before its first step that is not
/// constant (`a.b[var.i].c` gives `a.b` and `var.i`). The walk uses an explicit
/// stack, so very long operator chains do not exhaust the call stack.
pub fn references(expr: &Expr) -> Vec<Reference> {
    let mut walker = Walker::default();
    walker.push_expr(expr, None);
    walker.run();
    walker.finish()
}

/// The named values a template refers to, like [`references`].
pub fn template_references(template: &Template) -> Vec<Reference> {
    let mut walker = Walker::default();
    walker.push_template(template, None);
    walker.run();
    walker.finish()
}

/// Names bound by enclosing `for` expressions, as a shared linked list.
struct Bound {
    name: Name,
    parent: Option<Rc<Bound>>,
}

type Bindings = Option<Rc<Bound>>;

fn is_bound(bindings: &Bindings, name: &str) -> bool {
    let mut current = bindings.as_deref();
    while let Some(bound) = current {
        if &*bound.name == name {
            return true;
        }
        current = bound.parent.as_deref();
    }
    false
}

fn bind(bindings: &Bindings, names: impl IntoIterator<Item = Name>) -> Bindings {
    let mut result = bindings.clone();
    for name in names {
        result = Some(Rc::new(Bound {
            name,
            parent: result,
        }));
    }
    result
}

enum Work<'a> {
    Expr(&'a Expr, Bindings),
    Template(&'a Template, Bindings),
}

#[derive(Default)]
struct Walker<'a> {
    stack: Vec<Work<'a>>,
    found: Vec<Reference>,
}

impl<'a> Walker<'a> {
    fn push_expr(&mut self, expr: &'a Expr, bindings: Bindings) {
        self.stack.push(Work::Expr(expr, bindings));
    }

    fn push_template(&mut self, template: &'a Template, bindings: Bindings) {
        self.stack.push(Work::Template(template, bindings));
    }

    fn run(&mut self) {
        while let Some(work) = self.stack.pop() {
            match work {
                Work::Expr(expr, bindings) => self.visit_expr(expr, bindings),
                Work::Template(template, bindings) => self.visit_template(template, bindings),
            }
        }
    }

    fn finish(mut self) -> Vec<Reference> {
        self.found.sort_by_key(|reference| reference.span().start);
        let mut seen = HashSet::new();
        self.found
            .into_iter()
            .filter(|reference| seen.insert(reference.to_string()))
            .collect()
    }

    fn visit_expr(&mut self, expr: &'a Expr, bindings: Bindings) {
        match &expr.kind {
            ExprKind::Literal(_) | ExprKind::SplatItem => {}
            ExprKind::Template(template) => self.push_template(template, bindings),
            ExprKind::TupleCons(items) => {
                for item in items {
                    self.push_expr(item, bindings.clone());
                }
            }
            ExprKind::ObjectCons(items) => {
                for item in items {
                    if let ObjectKey::Expr(key) = &item.key {
                        self.push_expr(key, bindings.clone());
                    }
                    self.push_expr(&item.value, bindings.clone());
                }
            }
            ExprKind::ScopeTraversal { root, steps } => {
                if !is_bound(&bindings, root.as_str()) {
                    let (traversal, rest) = static_traversal(root, steps);
                    self.found.push(Reference { traversal });
                    self.push_steps(rest, &bindings);
                } else {
                    self.push_steps(steps, &bindings);
                }
            }
            ExprKind::RelativeTraversal { source, steps } => {
                self.push_expr(source, bindings.clone());
                self.push_steps(steps, &bindings);
            }
            ExprKind::Splat { source, each, .. } => {
                self.push_expr(source, bindings.clone());
                self.push_expr(each, bindings);
            }
            ExprKind::FunctionCall(call) => {
                for arg in &call.args {
                    self.push_expr(arg, bindings.clone());
                }
            }
            ExprKind::Unary { operand, .. } => self.push_expr(operand, bindings),
            ExprKind::Binary { lhs, rhs, .. } => {
                self.push_expr(lhs, bindings.clone());
                self.push_expr(rhs, bindings);
            }
            ExprKind::Conditional {
                cond,
                true_expr,
                false_expr,
            } => {
                self.push_expr(cond, bindings.clone());
                self.push_expr(true_expr, bindings.clone());
                self.push_expr(false_expr, bindings);
            }
            ExprKind::For(for_expr) => {
                self.push_expr(&for_expr.collection, bindings.clone());
                let inner = bind(
                    &bindings,
                    for_expr
                        .key_var
                        .iter()
                        .chain(std::iter::once(&for_expr.value_var))
                        .map(|ident| ident.name.clone()),
                );
                if let Some(key_expr) = &for_expr.key_expr {
                    self.push_expr(key_expr, inner.clone());
                }
                self.push_expr(&for_expr.value_expr, inner.clone());
                if let Some(cond) = &for_expr.cond {
                    self.push_expr(cond, inner);
                }
            }
            ExprKind::Parens(inner) => self.push_expr(inner, bindings),
        }
    }

    fn push_steps(&mut self, steps: &'a [Step], bindings: &Bindings) {
        for step in steps {
            if let StepKind::Index(key) = &step.kind {
                self.push_expr(key, bindings.clone());
            }
        }
    }

    fn visit_template(&mut self, template: &'a Template, bindings: Bindings) {
        for part in &template.parts {
            match part {
                TemplatePart::Literal(_) => {}
                TemplatePart::Interp(interp) => self.push_expr(&interp.expr, bindings.clone()),
                TemplatePart::If(directive) => {
                    self.push_expr(&directive.cond, bindings.clone());
                    self.push_template(&directive.then_template, bindings.clone());
                    if let Some(else_template) = &directive.else_template {
                        self.push_template(else_template, bindings.clone());
                    }
                }
                TemplatePart::For(directive) => {
                    self.push_expr(&directive.collection, bindings.clone());
                    let inner = bind(
                        &bindings,
                        directive
                            .key_var
                            .iter()
                            .chain(std::iter::once(&directive.value_var))
                            .map(|ident| ident.name.clone()),
                    );
                    self.push_template(&directive.body, inner);
                }
            }
        }
    }
}

/// The constant prefix of a traversal, and the steps after it.
fn static_traversal<'a>(
    root: &terrace_syntax::Ident,
    steps: &'a [Step],
) -> (Traversal, &'a [Step]) {
    let mut out = Vec::new();
    let mut span = root.span;
    let mut n_static = 0;
    for step in steps {
        let converted = match &step.kind {
            StepKind::GetAttr(name) => Some(TraversalStep::Attr {
                name: name.name.clone(),
                span: step.span,
            }),
            StepKind::LegacyIndex(digits) => Some(TraversalStep::Index {
                key: IndexKey::Number(digits.clone()),
                span: step.span,
            }),
            StepKind::Index(key) => match &key.strip_parens().kind {
                ExprKind::Literal(Literal::Number(n)) => Some(TraversalStep::Index {
                    key: IndexKey::Number(n.clone()),
                    span: step.span,
                }),
                ExprKind::Literal(Literal::String(s)) => Some(TraversalStep::Index {
                    key: IndexKey::String(s.clone()),
                    span: step.span,
                }),
                _ => None,
            },
        };
        match converted {
            Some(converted) => {
                span = span.to(step.span);
                out.push(converted);
                n_static += 1;
            }
            None => break,
        }
    }
    (
        Traversal {
            root: root.clone(),
            steps: out,
            span,
        },
        &steps[n_static..],
    )
}
