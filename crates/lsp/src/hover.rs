//! Hover: the value of the reference under the cursor, exactly as `terrace -e REF` prints it
//! in that module, its type as `:type` prints it, the declaration's type and description,
//! and for an unknown, sensitive or null value the first lines of `:why`; on a function
//! name, its signature and description (`:doc`).

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use terrace_eval::ConsoleValue;
use terrace_types::{Value, format_type, format_value};

use crate::analysis::{Analysis, Place};
use crate::cursor::Target;
use crate::declarations;

/// Lines of a value shown before it is cut.
const MAX_LINES: usize = 40;
/// Instances of a child module shown one by one.
const MAX_PLACES: usize = 3;
/// Lines of `:why` shown.
const WHY_LINES: usize = 6;
/// The hover of a value whose evaluation ran past its time.
const STILL_EVALUATING: &str = "*still evaluating…* (it took longer than the server gives one expression, so it was stopped; the rest of the configuration is evaluated)\n";

/// The hover's markdown for `target` in a file of `dir`; `None` when there is nothing to say.
pub fn hover(
    analysis: &Analysis,
    dir: &Path,
    target: &Target,
    interrupt: Option<Arc<AtomicBool>>,
) -> Option<String> {
    let evaluator = analysis.evaluator(dir, interrupt);
    match target {
        Target::Function { name, .. } => {
            let function = evaluator.functions().get(name)?;
            Some(format!(
                "```hcl\n{}\n```\n\n{}",
                function.signature(),
                function.description
            ))
        }
        Target::Reference { text, .. } => {
            let expr = terrace_syntax::parse_expr(text).ok()?;
            let places = analysis.places(dir);
            let mut md = String::new();
            if analysis.module().is_some() {
                if places.is_empty() {
                    return None;
                }
                let single = places.len() == 1;
                let mut shown = 0;
                for place in places.iter().take(MAX_PLACES) {
                    let Some(part) = one_place(analysis, place, text, &expr, &evaluator, single)
                    else {
                        continue;
                    };
                    if !single {
                        let _ = writeln!(md, "**{}**\n", place.label);
                    }
                    md.push_str(&part);
                    md.push('\n');
                    shown += 1;
                }
                if shown == 0 {
                    return None;
                }
                if places.len() > MAX_PLACES {
                    let _ = writeln!(md, "… and {} more instances", places.len() - MAX_PLACES);
                }
                if let Some(decl) = declaration(analysis, dir, text) {
                    md.push('\n');
                    md.push_str(&decl);
                }
            } else {
                let scope = analysis.scope_for(None, &expr)?;
                match evaluator.eval_console(&expr, &scope) {
                    Ok(ConsoleValue::Value(value)) => md.push_str(&value_section(&value)),
                    _ => return None,
                }
            }
            Some(md.trim_end().to_string())
        }
    }
}

/// The value (or error) of `expr` in one place.
fn one_place(
    analysis: &Analysis,
    place: &Place<'_>,
    text: &str,
    expr: &terrace_syntax::Expr,
    evaluator: &terrace_eval::Evaluator,
    root: bool,
) -> Option<String> {
    let errors = place.instance.reference_errors(expr);
    if let Some(error) = errors.first() {
        return Some(format!("*{}*: {}", error.summary, error.detail));
    }
    let scope = analysis.scope_for(Some(place), expr)?;
    match evaluator.eval_console(expr, &scope) {
        Ok(ConsoleValue::Value(value)) => {
            if !value.is_wholly_known() && analysis.interrupted() {
                return Some(STILL_EVALUATING.to_string());
            }
            let mut md = value_section(&value);
            let unclear =
                !value.is_wholly_known() || value.marks_deep().is_sensitive() || value.is_null();
            if unclear
                && root
                && place.label.is_empty()
                && let Some(module) = analysis.module()
            {
                let why = module.why(text, expr, &scope, evaluator, false);
                let lines: Vec<&str> = why.lines().take(WHY_LINES).collect();
                if !lines.is_empty() {
                    let _ = write!(md, "\n```text\n{}\n```\n", lines.join("\n"));
                }
            }
            Some(md)
        }
        Ok(ConsoleValue::Type(ty)) => Some(format!("```hcl\n{}\n```\n", format_type(&ty))),
        Err(diagnostics) => {
            let first = diagnostics.first()?;
            if first.summary.contains("interrupted") {
                return Some(STILL_EVALUATING.to_string());
            }
            // An unknown name (a `for` variable, a word in a string) is not worth a hover.
            if matches!(
                first.summary.as_str(),
                "Unknown variable" | "Variables not allowed" | "Invalid reference"
            ) {
                return None;
            }
            Some(format!("*{}*: {}\n", first.summary, first.detail))
        }
    }
}

/// The value block and the type.
fn value_section(value: &Value) -> String {
    let mut md = fenced(&format_value(value));
    let ty = format_type(value.ty());
    if ty.contains('\n') {
        md.push_str(&fenced(&ty));
    } else {
        let _ = writeln!(md, "type: `{ty}`");
    }
    md
}

/// `text` in a fenced block, cut after [`MAX_LINES`] lines with a line saying how many more.
fn fenced(text: &str) -> String {
    let n_lines = text.lines().count();
    if n_lines > MAX_LINES {
        let shown: Vec<&str> = text.lines().take(MAX_LINES).collect();
        format!(
            "```hcl\n{}\n```\n*… {} more lines*\n",
            shown.join("\n"),
            n_lines - MAX_LINES
        )
    } else {
        format!("```hcl\n{text}\n```\n")
    }
}

/// A variable's declared type and description, an output's description.
fn declaration(analysis: &Analysis, dir: &Path, text: &str) -> Option<String> {
    let mut parts = text.split('.');
    let (kind, name) = match (parts.next()?, parts.next()) {
        ("var", Some(name)) => ("variable", name),
        _ => return None,
    };
    let name = name.split('[').next()?;
    let (file, block) = declarations::block(analysis.files(), dir, kind, &[name])?;
    let mut md = String::new();
    if let Some(ty) = declarations::attr_source(file, block, "type") {
        let _ = writeln!(md, "declared type: `{}`", ty.trim());
    }
    if let Some(attr) = block.body.attribute("description")
        && let Ok(value) = analysis.evaluator(dir, None).eval_constant(&attr.expr)
        && let Some(description) = value.as_str()
    {
        let _ = writeln!(md, "\n{description}");
    }
    (!md.is_empty()).then_some(md)
}
