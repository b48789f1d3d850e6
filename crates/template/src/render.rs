//! `render`: turning a template into a string value, or the unwrapped value of a lone interpolation.

use terrace_syntax::{Expr, Span, Template, TemplateFor, TemplateIf, TemplatePart};
use terrace_types::{Marks, Number, Repr, Type, Value, convert};

use crate::error::TemplateError;
use crate::interpreter::Interpreter;

const INVALID_INTERPOLATION: &str = "Invalid template interpolation value";

/// The longest string a template renders, in bytes: 16 MiB, the cap of the string
/// functions too. Terraform has none; a `%{ for }` over a long string repeats it
/// without bound.
pub const MAX_RENDERED_LEN: usize = 16 << 20;

/// Renders `template`: literals, interpolations converted to strings, `%{ if }`
/// and `%{ for }` directives. A template that is exactly one interpolation
/// (`"${x}"`) gives `x`'s value unchanged, of its own type, as Terraform does.
///
/// An unknown part makes the result an unknown string; the marks of every part
/// (and of every directive's condition or collection) go to the result.
pub fn render<I: Interpreter>(template: &Template, interp: &mut I) -> Result<Value, I::Error> {
    if let Some(expr) = template.as_single_interp() {
        return interp.eval(expr);
    }
    let mut out = Output::new();
    if let Err(error) = render_parts(template, interp, &mut out) {
        interp.failed(out.marks);
        return Err(error);
    }
    let value = if out.known {
        Value::string(&out.text)
    } else {
        Value::unknown(Type::String)
    };
    Ok(value.mark(out.marks))
}

/// The text rendered so far, whether it is still known, and the marks met.
struct Output {
    text: String,
    known: bool,
    marks: Marks,
    /// Set at a value that could not be interpolated, in a partial evaluation: the
    /// text stays what it was (HCL's known prefix).
    stopped: bool,
    /// Set while rendering a branch not taken, only for its marks: its errors are
    /// dropped, none kept aside.
    scratch: bool,
}

impl Output {
    fn new() -> Output {
        Output {
            text: String::new(),
            known: true,
            marks: Marks::NONE,
            stopped: false,
            scratch: false,
        }
    }

    /// An output for a branch rendered only for its marks.
    fn scratch() -> Output {
        Output {
            scratch: true,
            ..Output::new()
        }
    }

    /// Appends `s`, unless the result would pass [`MAX_RENDERED_LEN`].
    fn push(&mut self, s: &str, span: Span) -> Result<(), TemplateError> {
        if self.stopped {
            return Ok(());
        }
        if self.text.len().saturating_add(s.len()) > MAX_RENDERED_LEN {
            return Err(too_long(span));
        }
        self.text.push_str(s);
        Ok(())
    }

    /// Appends a number as its conversion to string writes it, without building
    /// the string value first.
    fn push_number(&mut self, n: &Number, span: Span) -> Result<(), TemplateError> {
        if self.stopped {
            return Ok(());
        }
        let before = self.text.len();
        n.push_to(&mut self.text);
        if self.text.len() > MAX_RENDERED_LEN {
            self.text.truncate(before);
            return Err(too_long(span));
        }
        Ok(())
    }
}

fn too_long(span: Span) -> TemplateError {
    TemplateError::new(
        "Template result too long",
        format!(
            "The rendered template would be longer than {MAX_RENDERED_LEN} bytes, the most terrace builds."
        ),
        span,
    )
}

fn render_parts<I: Interpreter>(
    template: &Template,
    interp: &mut I,
    out: &mut Output,
) -> Result<(), I::Error> {
    for part in &template.parts {
        match part {
            TemplatePart::Literal(literal) => out.push(&literal.value, literal.span)?,
            TemplatePart::Interp(interp_part) => {
                let value = interp.eval(&interp_part.expr)?;
                match append(value, &interp_part.expr, out) {
                    // HCL's partial result: the text before the first value that
                    // cannot be interpolated, where the caller keeps such results.
                    Err(error) if error.summary == INVALID_INTERPOLATION && !out.scratch => {
                        interp.keep_partial(error.into())?;
                        out.stopped = true;
                    }
                    other => other?,
                }
            }
            TemplatePart::If(directive) => {
                whole_part(out, |out| render_if(directive, interp, out))?;
            }
            TemplatePart::For(directive) => {
                whole_part(out, |out| render_for(directive, interp, out))?;
            }
        }
    }
    Ok(())
}

/// Renders a directive with `render` as HCL does, whole, as one part: a value inside it
/// that could not be interpolated leaves none of the directive's text.
fn whole_part<E>(
    out: &mut Output,
    render: impl FnOnce(&mut Output) -> Result<(), E>,
) -> Result<(), E> {
    let (before, was_stopped) = (out.text.len(), out.stopped);
    render(out)?;
    if out.stopped && !was_stopped {
        out.text.truncate(before);
    }
    Ok(())
}

/// Adds an interpolated value to the output, converted to a string.
fn append(value: Value, expr: &Expr, out: &mut Output) -> Result<(), TemplateError> {
    if value.is_null() {
        return Err(TemplateError::new(
            INVALID_INTERPOLATION,
            "The expression result is null. Cannot include a null value in a string template.",
            expr.span,
        ));
    }
    let (value, marks) = value.unmark_deep();
    out.marks |= marks;
    if let Repr::Number(n) = value.repr() {
        // What converting a known number to a string gives (its `Display`).
        return out.push_number(n, expr.span);
    }
    let text = if value.ty() == &Type::String {
        value
    } else {
        convert(&value, &Type::String).map_err(|e| {
            TemplateError::new(
                INVALID_INTERPOLATION,
                format!("Cannot include the given value in a string template: {e}."),
                expr.span,
            )
        })?
    };
    match text.repr() {
        Repr::String(s) => out.push(s, expr.span)?,
        _ => out.known = false,
    }
    Ok(())
}

/// `%{ if cond }...%{ else }...%{ endif }`, as HCL reads it: a conditional between
/// two templates. The marks of the condition and of both branches go to the result
/// (a branch not taken still marks it); only the taken branch's errors count.
fn render_if<I: Interpreter>(
    directive: &TemplateIf,
    interp: &mut I,
    out: &mut Output,
) -> Result<(), I::Error> {
    let cond = interp.eval(&directive.cond)?;
    if cond.is_null() {
        return Err(TemplateError::new(
            "Null condition",
            "The condition value is null. Conditions must either be true or false.",
            directive.cond.span,
        )
        .into());
    }
    let (cond, marks) = cond.unmark();
    out.marks |= marks;
    let choice = if cond.is_known() {
        let cond = convert(&cond, &Type::Bool).map_err(|_| {
            TemplateError::new(
                "Incorrect condition type",
                "The condition expression must be of type bool.",
                directive.cond.span,
            )
        })?;
        cond.as_bool()
    } else {
        None
    };
    let branch_marks = |template: Option<&Template>, interp: &mut I| {
        let mut scratch = Output::scratch();
        if let Some(template) = template {
            // Its errors are those of a branch not taken: dropped.
            let _ = render_parts(template, interp, &mut scratch);
        }
        scratch.marks
    };
    let else_template = directive.else_template.as_ref();
    match choice {
        Some(true) => {
            out.marks |= branch_marks(else_template, interp);
            render_parts(&directive.then_template, interp, out)
        }
        Some(false) => {
            out.marks |= branch_marks(Some(&directive.then_template), interp);
            match else_template {
                Some(else_template) => render_parts(else_template, interp, out),
                None => Ok(()),
            }
        }
        None => {
            out.marks |= branch_marks(Some(&directive.then_template), interp);
            out.marks |= branch_marks(else_template, interp);
            out.known = false;
            Ok(())
        }
    }
}

/// `%{ for k, v in coll }...%{ endfor }`.
fn render_for<I: Interpreter>(
    directive: &TemplateFor,
    interp: &mut I,
    out: &mut Output,
) -> Result<(), I::Error> {
    let collection = interp.eval(&directive.collection)?;
    if collection.is_null() {
        return Err(TemplateError::new(
            "Iteration over null value",
            "A null value cannot be used as the collection in a 'for' expression.",
            directive.collection.span,
        )
        .into());
    }
    let (collection, marks) = collection.unmark();
    out.marks |= marks;
    let ty = collection.ty();
    if ty.is_dynamic() {
        out.known = false;
        return Ok(());
    }
    if !(ty.is_collection() || ty.is_structural()) {
        return Err(TemplateError::new(
            "Iteration over non-iterable value",
            format!(
                "A value of type {} cannot be used as the collection in a 'for' expression.",
                ty.friendly_name()
            ),
            directive.collection.span,
        )
        .into());
    }
    if !collection.is_known() {
        out.known = false;
        return Ok(());
    }
    interp.push_scope();
    let result = render_iterations(directive, &collection, interp, out);
    interp.pop_scope();
    result
}

fn render_iterations<I: Interpreter>(
    directive: &TemplateFor,
    collection: &Value,
    interp: &mut I,
    out: &mut Output,
) -> Result<(), I::Error> {
    let iteration = |key: Value, value: Value, interp: &mut I, out: &mut Output| {
        if let Some(key_var) = &directive.key_var {
            interp.bind(key_var, key);
        }
        interp.bind(&directive.value_var, value);
        render_parts(&directive.body, interp, out)
    };
    match collection.repr() {
        Repr::Seq(elems) if collection.ty().is_set() => {
            for elem in elems {
                iteration(elem.clone(), elem.clone(), interp, out)?;
            }
        }
        Repr::Seq(elems) => {
            for (idx, elem) in elems.iter().enumerate() {
                let idx = i64::try_from(idx).unwrap_or(i64::MAX);
                iteration(Value::int(idx), elem.clone(), interp, out)?;
            }
        }
        Repr::Attrs(attrs) => {
            for (key, elem) in attrs {
                iteration(Value::string(&**key), elem.clone(), interp, out)?;
            }
        }
        _ => {}
    }
    Ok(())
}
