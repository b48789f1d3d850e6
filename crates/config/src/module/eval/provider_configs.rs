//! The aliased provider configurations a module has (its `provider` blocks with `alias`, its
//! `configuration_aliases`, what its calling block's `providers` map passes), and the errors
//! for references to one it does not have: a resource's `provider`, a child's
//! `configuration_aliases` left unpassed.

use terrace_eval::Diagnostic;
use terrace_syntax::{Expr, ExprKind, ObjectKey, Span, TraversalStep};

use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::module_config::{BlockConfig, ModuleConfig};
use crate::module::tree::module_calls::provider_source;
use crate::module::tree::tree_module::{TreeModule, resource_address};

/// `NAME.ALIAS` as a static reference: the name and the alias (none for a bare `NAME`).
fn provider_address(expr: &Expr) -> Option<(String, Option<String>)> {
    let traversal = terrace_syntax::static_traversal(expr.strip_parens())?;
    match traversal.steps.as_slice() {
        [] => Some((traversal.root.as_str().to_string(), None)),
        [TraversalStep::Attr { name, .. }] => {
            Some((traversal.root.as_str().to_string(), Some(name.to_string())))
        }
        _ => None,
    }
}

/// The `configuration_aliases` of `config`'s `required_providers`: `(NAME, ALIAS)` pairs.
fn configuration_aliases(config: &ModuleConfig<'_>) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for attr in config.terraform.required_providers.values() {
        let Ok(expr) = attr.static_expr() else {
            continue;
        };
        let ExprKind::ObjectCons(items) = &expr.strip_parens().kind else {
            continue;
        };
        for item in items {
            let is_aliases = match &item.key {
                ObjectKey::Ident(ident) => ident.as_str() == "configuration_aliases",
                ObjectKey::Expr(_) => false,
            };
            if let (true, ExprKind::TupleCons(entries)) =
                (is_aliases, &item.value.strip_parens().kind)
            {
                found.extend(entries.iter().filter_map(|entry| {
                    let (name, alias) = provider_address(entry)?;
                    Some((name, alias?))
                }));
            }
        }
    }
    found
}

/// The keys of a `module` block's `providers` map: the child's names for what is passed.
fn passed_providers(call: &BlockConfig<'_>) -> Vec<(String, Option<String>)> {
    let Some(attr) = call.attr("providers") else {
        return Vec::new();
    };
    let ExprKind::ObjectCons(items) = &attr.expr.strip_parens().kind else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| match &item.key {
            ObjectKey::Expr(key) => provider_address(key),
            ObjectKey::Ident(ident) => Some((ident.as_str().to_string(), None)),
        })
        .collect()
}

/// True when `module` has a provider configuration `name` with alias `alias`: a `provider`
/// block, or one its caller passes (declared in `configuration_aliases`, or in the calling
/// block's `providers` map).
fn has_alias(tree: &[TreeModule<'_>], module: &TreeModule<'_>, name: &str, alias: &str) -> bool {
    let config = &module.config;
    let is_it = |(n, a): &(String, String)| n == name && a == alias;
    let passed = module.parent.is_some_and(|(p, c)| {
        tree.get(p)
            .and_then(|parent| parent.config.module_calls.get(c))
            .is_some_and(|call| {
                passed_providers(call)
                    .iter()
                    .any(|(n, a)| n == name && a.as_deref() == Some(alias))
            })
    });
    passed
        || config.providers.iter().any(|p| {
            p.name() == name
                && p.attr("alias")
                    .and_then(|a| a.literal_string())
                    .is_some_and(|a| a == alias)
        })
        || configuration_aliases(config).iter().any(is_it)
}

/// A resource or data source whose `provider` names an aliased configuration the module does
/// not have: Terraform's "Provider configuration not present" (with no place, as Terraform
/// finds it building its graph), once per resource.
pub(crate) fn check_resource_providers(
    tree: &[TreeModule<'_>],
    module: &TreeModule<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let config = &module.config;
    for block in &config.resources {
        let Some(attr) = block.attr("provider") else {
            continue;
        };
        let Ok(expr) = attr.static_expr() else {
            continue;
        };
        let Some((name, Some(alias))) = provider_address(&expr) else {
            continue;
        };
        if has_alias(tree, module, &name, &alias) {
            continue;
        }
        diagnostics.push(ModuleDiagnostic::without_file(not_present(
            module, block, &name, &alias,
        )));
    }
}

fn not_present(
    module: &TreeModule<'_>,
    block: &BlockConfig<'_>,
    name: &str,
    alias: &str,
) -> Diagnostic {
    let prefix = &module.prefix;
    let address = format!("{prefix}{}", resource_address(block));
    let source = provider_source(&module.config, name);
    Diagnostic::error(
        "Provider configuration not present",
        format!(
            "To work with {address} its original provider configuration at {prefix}provider[\"{source}\"].{alias} is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy {address}, after which you can remove the provider configuration again."
        ),
        Span::default(),
    )
}

/// A `module` block whose child declares `configuration_aliases` that its `providers` map
/// does not pass: Terraform's "Missing required provider configuration", on the block.
pub(crate) fn check_passed_aliases(
    tree: &[TreeModule<'_>],
    module: &TreeModule<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for (c, block) in module.config.module_calls.iter().enumerate() {
        let Some(child) = module.children[c].and_then(|i| tree.get(i)) else {
            continue;
        };
        let passed = passed_providers(block);
        for (name, alias) in configuration_aliases(&child.config) {
            if passed
                .iter()
                .any(|(n, a)| *n == name && a.as_deref() == Some(&*alias))
            {
                continue;
            }
            let source = provider_source(&child.config, &name);
            diagnostics.push(ModuleDiagnostic::new(
                block.file,
                Diagnostic::error(
                    "Missing required provider configuration",
                    format!(
                        "The child module requires an additional configuration for provider {source}, with the local name \"{name}.{alias}\".\n\nRefer to the module's documentation to understand the intended purpose of this additional provider configuration, and then add an entry for {name}.{alias} in the \"providers\" meta-argument in the module block to choose which provider configuration the module should use for that purpose."
                    ),
                    block.def_span,
                ),
            ));
        }
    }
}
