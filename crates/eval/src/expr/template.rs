//! Templates in expressions: `terrace-template` renders them through this `Interpreter`.

use terrace_syntax::{Expr, Ident, Span, Template};
use terrace_template::Interpreter;
use terrace_types::{Marks, Type, Value};

use super::{Ctx, EvalResult};
use crate::diagnostic::Diagnostics;

impl Ctx<'_> {
    /// Renders a template (a lone interpolation gives its value unconverted).
    pub(super) fn render(&mut self, template: &Template) -> EvalResult {
        terrace_template::render(template, self)
    }

    /// A template expression at `span`, as HCL's `TemplateExpr` and
    /// `TemplateWrapExpr`: a lone interpolation stands for its expression, failed
    /// or not; a template that fails stands for an unknown string with the marks of
    /// its parts met.
    pub(super) fn eval_template(&mut self, template: &Template, span: Span) -> EvalResult {
        if let Some(inner) = template.as_single_interp() {
            return self.eval_as(inner, span);
        }
        self.template_failure_marks = Marks::NONE;
        self.render(template).map_err(|found| {
            let marks = std::mem::replace(&mut self.template_failure_marks, Marks::NONE);
            self.failing(span, Value::unknown(Type::String).mark(marks), found)
        })
    }
}

impl Interpreter for Ctx<'_> {
    type Error = Diagnostics;

    fn eval(&mut self, expr: &Expr) -> Result<Value, Diagnostics> {
        Ctx::eval(self, expr)
    }

    fn keep_partial(&mut self, error: Diagnostics) -> Result<(), Diagnostics> {
        match &mut self.deferred {
            Some(deferred) => {
                deferred.extend(error);
                Ok(())
            }
            None => Err(error),
        }
    }

    fn failed(&mut self, marks: Marks) {
        self.template_failure_marks = marks;
    }

    fn push_scope(&mut self) {
        self.template_scopes.push(self.locals.len());
    }

    fn bind(&mut self, name: &Ident, value: Value) {
        let start = self.template_scopes.last().copied().unwrap_or(0);
        match self.locals[start..]
            .iter_mut()
            .find(|(bound, _)| *bound == name.name)
        {
            Some(slot) => slot.1 = value,
            None => self.locals.push((name.name.clone(), value)),
        }
    }

    fn pop_scope(&mut self) {
        if let Some(start) = self.template_scopes.pop() {
            self.locals.truncate(start);
        }
    }
}
