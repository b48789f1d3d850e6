//! `ModuleInstance`: one evaluated module — its named values, the instances of its module calls and the [`Scope`] built from them — and the errors Terraform gives for a console expression's references into it.

use std::collections::BTreeSet;
use std::path::PathBuf;

use terrace_syntax::{Expr, Name};
use terrace_types::Value;

use super::instance_key::InstanceKey;
use super::outputs::OutputValue;
use super::resources::ResourceValue;
use crate::module::inputs::variables::VariableValue;
use crate::module::read::loader::TerraformSettings;
use crate::module::references::attribute_paths::{Paths, collect};
use terrace_eval::Diagnostic;
use terrace_eval::Scope;

/// One evaluated module: its named values and the scope built from them.
#[derive(Debug)]
pub struct ModuleInstance {
    /// The module directory.
    pub dir: PathBuf,
    /// `path.module`.
    pub path_module: String,
    /// Input variables in declaration order.
    pub variables: Vec<VariableValue>,
    /// Local values in declaration order.
    pub locals: Vec<(Name, Value)>,
    /// Outputs in declaration order.
    pub outputs: Vec<OutputValue>,
    /// Resources and data sources in declaration order.
    pub resources: Vec<ResourceValue>,
    /// Module calls in declaration order.
    pub module_calls: Vec<ModuleCallValue>,
    /// The `terraform` block settings.
    pub settings: TerraformSettings,
    pub(crate) scope: Scope,
    /// Locals not evaluated because something they depend on failed: a
    /// reference to one is Terraform's "Reference to uninitialized local value".
    pub(crate) uninitialized_locals: BTreeSet<Name>,
    /// Variables whose given value was refused (not of their type, or null where not
    /// allowed): a reference to one is Terraform's "Reference to uninitialized variable".
    pub(crate) uninitialized_variables: BTreeSet<Name>,
    /// Local module calls with no instances, as their `count` or `for_each` failed or was
    /// unknown: reading one is an error (`terraform console` crashes there).
    pub(crate) unexpanded_calls: BTreeSet<Name>,
    /// Resources in a dependency cycle, never evaluated (`:blocks` says so).
    pub(crate) in_cycle: BTreeSet<String>,
    /// The module requires Terraform's built-in provider as `terraform`: expressions in it
    /// may call the `provider::terraform::` functions.
    pub(crate) builtin_provider: bool,
}

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

impl ModuleInstance {
    /// The object `module.NAME` gives: the outputs by name.
    pub fn outputs_value(&self) -> Value {
        Value::object(
            self.outputs
                .iter()
                .map(|o| (o.name.clone(), o.value.clone())),
        )
    }

    /// The scope expressions of this module are evaluated in.
    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// The managed resource types declared here (what tells `aws_instance.x`
    /// from another root name).
    fn managed_types(&self) -> BTreeSet<Name> {
        self.resources
            .iter()
            .filter(|r| !r.is_data)
            .map(|r| r.resource_type.clone())
            .collect()
    }

    /// One error for each resource `expr` reads whose value would come from a state terrace
    /// did not read (`from` says which and why), rather than a silent `(known after apply)`.
    pub(crate) fn unread_state_errors(&self, expr: &Expr, from: &str) -> Vec<Diagnostic> {
        let managed = self.managed_types();
        terrace_eval::references(expr)
            .iter()
            .filter_map(|reference| {
                let (key, _) =
                    crate::module::references::dependencies::resource_of(reference, &managed)?;
                let resource = self.resources.iter().find(|r| r.key() == key)?;
                Some(Diagnostic::error(
                    "State not read",
                    format!("The value of {} would come from {from}", resource.address()),
                    reference.span(),
                ))
            })
            .collect()
    }

    /// See [`LoadedModule::reference_errors`](crate::module::LoadedModule::reference_errors).
    pub fn reference_errors(&self, expr: &Expr) -> Vec<Diagnostic> {
        let references = terrace_eval::references(expr);
        let managed = self.managed_types();
        let mut errors: Vec<Diagnostic> = Vec::new();
        for reference in &references {
            let Some((key, rest)) =
                crate::module::references::dependencies::resource_of(reference, &managed)
            else {
                continue;
            };
            let found = self.resources.iter().find(|r| r.key() == key);
            if let (Some(resource), Some(step)) = (found, rest.first()) {
                let key_error =
                    crate::module::read::reference_syntax::instance_key_error(step, "resource")
                        .or_else(|| instance_key_error(resource, step));
                // What follows the instance, for a resource whose schema is known.
                let after = match (step, resource.repetition) {
                    (terrace_syntax::TraversalStep::Index { .. }, Some(_)) => &rest[1..],
                    _ => rest,
                };
                if key_error.is_none()
                    && super::builtin_schemas::builtin_schema(
                        resource.is_data,
                        &resource.resource_type,
                    )
                    .is_some()
                {
                    errors.extend(crate::module::read::reference_syntax::resource_index_error(
                        after,
                        &resource.address(),
                    ));
                }
                errors.extend(key_error);
            }
            if let Some(Err(error)) = found.and_then(|r| r.state.as_ref()).map(|s| s.value()) {
                errors.push(Diagnostic::error(
                    "Invalid resource instance data in state",
                    error.to_string(),
                    reference.span(),
                ));
            }
        }
        errors.extend(references
            .iter()
            .filter(|r| r.root() == "local")
            .filter_map(|r| match r.steps().first() {
                Some(terrace_syntax::TraversalStep::Attr { name, .. })
                    if self.uninitialized_locals.contains(name) =>
                {
                    Some(Diagnostic::error(
                        "Reference to uninitialized local value",
                        format!(
                            "The local value local.{name} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting."
                        ),
                        r.span(),
                    ))
                }
                _ => None,
            }));
        errors.extend(references
            .iter()
            .filter(|r| r.root() == "var")
            .filter_map(|r| match r.steps().first() {
                Some(terrace_syntax::TraversalStep::Attr { name, .. })
                    if self.uninitialized_variables.contains(name) =>
                {
                    Some(Diagnostic::error(
                        "Reference to uninitialized variable",
                        format!(
                            "The variable var.{name} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting."
                        ),
                        r.span(),
                    ))
                }
                _ => None,
            }));
        errors.extend(
            references
                .iter()
                .filter_map(crate::module::read::reference_syntax::module_reference_error),
        );
        errors.extend(references
            .iter()
            .filter(|r| r.root() == "module")
            .filter_map(|r| match r.steps().first() {
                Some(terrace_syntax::TraversalStep::Attr { name, .. })
                    if self.unexpanded_calls.contains(name) =>
                {
                    Some(Diagnostic::error(
                        "Reference to unexpanded module call",
                        format!(
                            "The module call module.{name} has no instances: its \"count\" or \"for_each\" argument is invalid or not known (see the error above), so module.{name} cannot be read. (Terraform's console crashes here.)"
                        ),
                        r.span(),
                    ))
                }
                _ => None,
            }));
        errors
    }

    /// See [`LoadedModule::scope_for`](crate::module::LoadedModule::scope_for).
    pub fn scope_for(&self, expr: &Expr) -> Scope {
        let mut scope = self.scope.clone();
        self.open_resources(&mut scope, expr);
        scope
    }

    /// See [`LoadedModule::open_resources`](crate::module::LoadedModule::open_resources).
    pub fn open_resources(&self, scope: &mut Scope, expr: &Expr) {
        let managed = self.managed_types();
        // Resources in the state: their values, decoded now that something reads them.
        let read: BTreeSet<crate::module::references::dependencies::ResourceKey> =
            terrace_eval::references(expr)
                .iter()
                .filter_map(|r| {
                    crate::module::references::dependencies::resource_of(r, &managed)
                        .map(|(key, _)| key)
                })
                .collect();
        for resource in &self.resources {
            let Some(slot) = &resource.state else {
                continue;
            };
            if !read.contains(&resource.key()) {
                continue;
            }
            let value = match slot.value() {
                Ok(Some(value)) => value,
                Ok(None) => continue,
                // Reported by `reference_errors`.
                Err(_) => Value::unknown(terrace_types::Type::Dynamic),
            };
            insert_resource(scope, resource, value);
        }
        // Resources with no state: the attributes read, unknown.
        let mut wanted = Paths::new();
        collect(expr, &managed, &mut wanted);
        if wanted.is_empty() {
            return;
        }
        for resource in &self.resources {
            if resource.state.as_ref().is_some_and(|slot| slot.has_state()) {
                continue;
            }
            if let Some(paths) = wanted.get(&resource.key()) {
                insert_resource(scope, resource, resource.with_paths(paths));
            }
        }
    }
}

/// Terraform's static check of a reference to a resource: an attribute of a
/// resource with `count` or `for_each` needs an instance key first, and a
/// resource without them takes none.
fn instance_key_error(
    resource: &ResourceValue,
    step: &terrace_syntax::TraversalStep,
) -> Option<Diagnostic> {
    let address = resource.address();
    match (step, resource.repetition) {
        (terrace_syntax::TraversalStep::Attr { span, .. }, Some(repetition)) => {
            let example = if repetition == "count" {
                "count.index"
            } else {
                "each.key"
            };
            Some(Diagnostic::error(
                "Missing resource instance key",
                format!(
                    "Because {address} has \"{repetition}\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {address}[{example}]"
                ),
                *span,
            ))
        }
        (terrace_syntax::TraversalStep::Index { span, .. }, None) => Some(Diagnostic::error(
            "Unexpected resource instance key",
            format!(
                "Because {address} does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource."
            ),
            *span,
        )),
        _ => None,
    }
}

/// Inserts a resource's value into the scope (`TYPE.NAME`, or `data.TYPE.NAME`).
pub(crate) fn insert_resource(scope: &mut Scope, resource: &ResourceValue, value: Value) {
    if resource.is_data {
        let data = scope
            .get("data")
            .cloned()
            .unwrap_or_else(Value::empty_object);
        let by_type = data
            .get_attr(&resource.resource_type)
            .cloned()
            .unwrap_or_else(Value::empty_object);
        let mut attrs = by_type.as_attrs().cloned().unwrap_or_default();
        attrs.insert(resource.name.clone(), value);
        scope.insert_attr("data", &resource.resource_type, Value::object(attrs));
    } else {
        scope.insert_attr(&resource.resource_type, &resource.name, value);
    }
}
