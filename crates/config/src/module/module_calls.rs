//! `module` blocks: child modules from local paths loaded with their input arguments; other sources give unknown outputs.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use terrace_syntax::{ExprKind, Literal, Name};
use terrace_types::{Type, Value};

use super::diagnostics::{ModuleDiagnostic, warning};
use super::loader::BlockConfig;
use super::named_values::{LoadCtx, ModuleInstance, VariableSource, eval_module};
use super::resources::{Expansion, InstanceKey, expansion, instance_keys, instance_scope};
use super::variables::Assignment;
use terrace_eval::Evaluator;
use terrace_eval::Scope;

/// Arguments of a `module` block that are not input variables.
const MODULE_META: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];

/// A `module` block evaluated.
#[derive(Debug)]
pub struct ModuleCallValue {
    /// The call's name (`module.NAME`).
    pub name: Name,
    /// The `source` argument.
    pub source: String,
    /// The loaded instances of a local module (none for other sources).
    pub instances: Vec<(InstanceKey, ModuleInstance)>,
    /// What `module.NAME` gives: the outputs object, a tuple or object of them
    /// with `count`/`for_each`, or unknown for a module that was not loaded.
    pub value: Value,
}

/// The literal `source` of a `module` block.
pub(crate) fn source_of(block: &BlockConfig<'_>) -> Option<String> {
    let attr = block.attr("source")?;
    match &attr.literal_expr().strip_parens().kind {
        ExprKind::Literal(Literal::String(s)) => Some(s.to_string()),
        _ => None,
    }
}

/// True for a local path source (`./x`, `../x`).
pub(crate) fn is_local_source(source: &str) -> bool {
    source.starts_with("./")
        || source.starts_with("../")
        || source.starts_with(".\\")
        || source.starts_with("..\\")
}

/// `base/source` with `.` and `..` resolved lexically (as Terraform shows `path.module`).
pub(crate) fn join_clean(base: &Path, source: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for component in base.join(source.replace('\\', "/")).components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                let popped = match out.components().next_back() {
                    Some(Component::Normal(_)) => out.pop(),
                    _ => false,
                };
                if !popped {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// Evaluates a `module` block: loads a local child module once per instance.
#[allow(clippy::too_many_arguments)]
pub(crate) fn eval_module_call(
    ctx: &LoadCtx<'_>,
    block: &BlockConfig<'_>,
    parent_dir: &Path,
    parent_path_module: &str,
    scope: &Scope,
    evaluator: &Evaluator,
    excused: bool,
    depth: usize,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> ModuleCallValue {
    let name = Name::from(block.name());
    let source = source_of(block).unwrap_or_default();
    if !is_local_source(&source) {
        let span = block.attr("source").map_or(block.def_span, |a| a.expr.span);
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            warning(
                "Module not loaded",
                format!(
                    "The module \"{name}\" comes from \"{source}\", which is not a local path, so it is not loaded: its outputs are unknown."
                ),
                span,
            ),
        ));
        return ModuleCallValue {
            name,
            source,
            instances: Vec::new(),
            value: Value::unknown(Type::Dynamic),
        };
    }
    let child_dir = join_clean(parent_dir, &source);
    if ctx.stack.borrow().contains(&child_dir) {
        let span = block.attr("source").map_or(block.def_span, |a| a.expr.span);
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            terrace_eval::Diagnostic::error(
                "Module calls itself",
                format!(
                    "The module \"{name}\" comes from \"{source}\", a module that is already being loaded by this call chain, so it would be loaded forever."
                ),
                span,
            ),
        ));
        return ModuleCallValue {
            name,
            source,
            instances: Vec::new(),
            value: Value::unknown(Type::Dynamic),
        };
    }
    let child_path_module = if parent_path_module == "." {
        join_clean(Path::new("."), &source)
    } else {
        join_clean(Path::new(parent_path_module), &source)
    };
    let expanded = expansion(block, scope, evaluator, excused, diagnostics);
    let mut instances = Vec::new();
    for (key, each_value) in instance_keys(&expanded) {
        let call_scope = instance_scope(scope, &key, each_value.as_ref());
        let mut inputs: BTreeMap<Name, Assignment> = BTreeMap::new();
        for attr in &block.attrs {
            if MODULE_META.contains(&&*attr.name) {
                continue;
            }
            let value = match evaluator.eval(&attr.expr, &call_scope) {
                Ok(value) => value,
                Err(found) => {
                    diagnostics.extend(
                        found
                            .into_iter()
                            .map(|d| ModuleDiagnostic::new(attr.file, d)),
                    );
                    Value::unknown(Type::Dynamic)
                }
            };
            inputs.insert(
                attr.name.clone(),
                Assignment {
                    value,
                    source: VariableSource::ModuleArgument,
                    place: Some((attr.file, attr.expr.span)),
                },
            );
        }
        let child = eval_module(
            ctx,
            &child_dir,
            &child_path_module.to_string_lossy(),
            Some((inputs, block)),
            depth + 1,
            diagnostics,
        );
        instances.push((key, child));
    }
    let value = match &expanded {
        Expansion::Single => instances
            .first()
            .map_or_else(|| Value::unknown(Type::Dynamic), |(_, m)| m.outputs_value()),
        Expansion::Count(_) => Value::tuple(instances.iter().map(|(_, m)| m.outputs_value())),
        Expansion::ForEach(_) => Value::object(instances.iter().map(|(k, m)| {
            let key = match k {
                InstanceKey::Key(k) => k.clone(),
                _ => String::new(),
            };
            (key, m.outputs_value())
        })),
        Expansion::Unknown => Value::unknown(Type::Dynamic),
    };
    ModuleCallValue {
        name,
        source,
        instances,
        value,
    }
}
