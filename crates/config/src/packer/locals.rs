//! Local values of `locals` blocks and single `local "name" { expression, sensitive }`
//! blocks, evaluated in dependency order.

use terrace_syntax::{Name, TraversalStep};
use terrace_types::{Marks, Type, Value, convert};

use super::loader::LocalDef;
use crate::module::graph::components::components;
use crate::module::{ModuleDiagnostic, SourceFiles, Stage};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;
use terrace_eval::references;

/// A local value.
#[derive(Clone, Debug)]
pub struct LocalValue {
    /// Its name.
    pub name: Name,
    /// Its value (marked when sensitive).
    pub value: Value,
    /// `sensitive = true` in a `local` block.
    pub sensitive: bool,
}

/// Evaluates `locals` (duplicates already reported: the first definition
/// wins), adding each to `scope` as `local.NAME`.
pub(crate) fn eval_locals(
    locals: &[LocalDef<'_>],
    scope: &mut Scope,
    evaluator: &Evaluator,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<LocalValue> {
    let first_of = |name: &str| locals.iter().position(|l| &*l.name == name);
    let deps: Vec<Vec<usize>> = locals
        .iter()
        .map(|local| {
            let Some(expr) = &local.expr else {
                return Vec::new();
            };
            references(expr)
                .iter()
                .filter(|r| r.root() == "local")
                .filter_map(|r| match r.steps().first() {
                    Some(TraversalStep::Attr { name, .. }) => first_of(name),
                    _ => None,
                })
                .collect()
        })
        .collect();
    for local in locals {
        scope.insert_attr("local", &local.name, Value::unknown(Type::Dynamic));
    }
    let mut values: Vec<Option<Value>> = vec![None; locals.len()];
    for component in components(&deps) {
        let is_cycle = component.len() > 1 || deps[component[0]].contains(&component[0]);
        if is_cycle {
            let mut members: Vec<usize> = component.clone();
            members.sort_unstable();
            let names: Vec<String> = members
                .iter()
                .map(|&i| format!("local.{}", locals[i].name))
                .collect();
            let first = &locals[members[0]];
            let mut found = Diagnostic::error(
                "Cycle in local values",
                format!(
                    "The local values {} refer to each other, so none of them can be evaluated (Packer stops with \"Max local recursion depth exceeded.\").",
                    names.join(", ")
                ),
                first.name_span,
            );
            for &i in &members[1..] {
                let other = &locals[i];
                if other.file == first.file {
                    found.labels.push((
                        other.name_span,
                        format!("local.{} is part of the cycle", other.name),
                    ));
                } else {
                    found.detail.push_str(&format!(
                        "\nlocal.{} is defined at {}.",
                        other.name,
                        files.place(other.file, other.name_span)
                    ));
                }
            }
            let mut found = ModuleDiagnostic::new(first.file, found);
            found.stage = Stage::Configuration;
            diagnostics.push(found);
            continue;
        }
        let i = component[0];
        let local = &locals[i];
        if first_of(&local.name) != Some(i) {
            continue;
        }
        let Some(expr) = &local.expr else {
            continue;
        };
        let value = match evaluator.eval(expr, scope) {
            Ok(value) => value,
            Err(found) => {
                diagnostics.extend(
                    found
                        .into_iter()
                        .map(|d| ModuleDiagnostic::new(local.file, d)),
                );
                Value::unknown(Type::Dynamic)
            }
        };
        let value = if sensitive(local, evaluator, diagnostics) {
            value.mark(Marks::SENSITIVE)
        } else {
            value
        };
        scope.insert_attr("local", &local.name, value.clone());
        values[i] = Some(value);
    }
    locals
        .iter()
        .zip(values)
        .enumerate()
        .filter(|(i, (local, _))| first_of(&local.name) == Some(*i))
        .map(|(_, (local, value))| LocalValue {
            name: local.name.clone(),
            value: value.unwrap_or_else(|| Value::unknown(Type::Dynamic)),
            sensitive: local.sensitive.is_some() && value_is_marked(scope, &local.name),
        })
        .collect()
}

fn value_is_marked(scope: &Scope, name: &str) -> bool {
    scope
        .get("local")
        .and_then(|locals| locals.get_attr(name))
        .is_some_and(|value| value.marks().contains(Marks::SENSITIVE))
}

/// The `sensitive` argument of a `local` block (a constant bool).
fn sensitive(
    local: &LocalDef<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> bool {
    let Some(attr) = &local.sensitive else {
        return false;
    };
    let value = evaluator.eval(&attr.expr, &Scope::new());
    match value
        .ok()
        .and_then(|v| convert(&v, &Type::Bool).ok())
        .and_then(|v| v.as_bool())
    {
        Some(b) => b,
        None => {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Invalid argument value",
                    "The \"sensitive\" argument must be true or false.",
                    attr.expr.span,
                ),
            ));
            false
        }
    }
}
