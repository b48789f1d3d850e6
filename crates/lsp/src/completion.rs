//! Completion: the names after `var.`, `local.`, `module.NAME.`, `data.`, a resource type,
//! `each.`, `count.`, `path.`, `terraform.`, attribute names of values whose type is known,
//! function names with their signatures, and Terraform's block types and arguments.

use std::collections::BTreeSet;
use std::path::Path;

use lsp_types::{CompletionItem, CompletionItemKind};
use terrace_types::{Type, Value};

use crate::analysis::Analysis;
use crate::cursor::Typed;

/// Terraform's top-level block types.
const TOP_BLOCKS: &[&str] = &[
    "check",
    "data",
    "ephemeral",
    "import",
    "locals",
    "module",
    "moved",
    "output",
    "provider",
    "removed",
    "resource",
    "terraform",
    "variable",
];

/// Argument (and nested block) names of Terraform's own blocks.
const BLOCK_ARGUMENTS: &[(&str, &[&str])] = &[
    (
        "variable",
        &[
            "default",
            "type",
            "description",
            "validation",
            "sensitive",
            "nullable",
            "ephemeral",
        ],
    ),
    (
        "output",
        &[
            "value",
            "description",
            "sensitive",
            "depends_on",
            "precondition",
            "ephemeral",
        ],
    ),
    (
        "module",
        &[
            "source",
            "version",
            "count",
            "for_each",
            "providers",
            "depends_on",
        ],
    ),
    (
        "resource",
        &[
            "count",
            "for_each",
            "provider",
            "depends_on",
            "lifecycle",
            "provisioner",
            "connection",
        ],
    ),
    (
        "data",
        &["count", "for_each", "provider", "depends_on", "lifecycle"],
    ),
    (
        "terraform",
        &[
            "required_version",
            "required_providers",
            "backend",
            "cloud",
            "experiments",
        ],
    ),
    (
        "lifecycle",
        &[
            "create_before_destroy",
            "prevent_destroy",
            "ignore_changes",
            "replace_triggered_by",
            "precondition",
            "postcondition",
        ],
    ),
    ("validation", &["condition", "error_message"]),
];

fn item(label: &str, kind: CompletionItemKind, detail: Option<String>) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail,
        ..CompletionItem::default()
    }
}

/// Attribute names of a value (an object's, a known map's keys).
fn attribute_names(value: &Value) -> Vec<String> {
    if let Some(attrs) = value.as_attrs() {
        return attrs.keys().map(|k| k.to_string()).collect();
    }
    match value.ty() {
        Type::Object(object) => object.attrs.keys().map(|k| k.to_string()).collect(),
        _ => Vec::new(),
    }
}

/// The completions for `typed` in a file of `dir`; `block` is the type of the block the
/// cursor is directly in, when known.
pub fn complete(
    analysis: Option<&Analysis>,
    dir: &Path,
    typed: &Typed,
    block: Option<&str>,
) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    let places = analysis.map(|a| a.places(dir)).unwrap_or_default();
    let instance = places.first().map(|place| place.instance);
    let path: Vec<&str> = typed.path.iter().map(String::as_str).collect();
    match path.as_slice() {
        [] => {
            if typed.line_start {
                match block {
                    None => {
                        for name in TOP_BLOCKS {
                            items.push(item(
                                name,
                                CompletionItemKind::KEYWORD,
                                Some("block".into()),
                            ));
                        }
                    }
                    Some(kind) => {
                        if let Some((_, args)) = BLOCK_ARGUMENTS.iter().find(|(k, _)| *k == kind) {
                            for name in *args {
                                items.push(item(name, CompletionItemKind::PROPERTY, None));
                            }
                        }
                    }
                }
            }
            if let Some(analysis) = analysis {
                let evaluator = analysis.evaluator(dir, None);
                for function in evaluator.functions().iter() {
                    items.push(CompletionItem {
                        label: function.name.to_string(),
                        kind: Some(CompletionItemKind::FUNCTION),
                        detail: Some(function.signature()),
                        ..CompletionItem::default()
                    });
                }
            }
            for root in [
                "var",
                "local",
                "module",
                "data",
                "path",
                "terraform",
                "count",
                "each",
                "self",
            ] {
                items.push(item(root, CompletionItemKind::VARIABLE, None));
            }
            if let Some(instance) = instance {
                let types: BTreeSet<&str> = instance
                    .resources
                    .iter()
                    .filter(|r| !r.is_data)
                    .map(|r| &*r.resource_type)
                    .collect();
                for ty in types {
                    items.push(item(
                        ty,
                        CompletionItemKind::CLASS,
                        Some("resource type".into()),
                    ));
                }
            }
        }
        ["var"] => {
            let template = analysis.and_then(Analysis::packer);
            let packer = template.map(|t| t.variables()).unwrap_or_default();
            let module = instance.map(|i| i.variables.as_slice()).unwrap_or_default();
            for variable in module.iter().chain(packer) {
                items.push(item(
                    &variable.name,
                    CompletionItemKind::VARIABLE,
                    Some("variable".into()),
                ));
            }
        }
        ["local"] => {
            let template = analysis.and_then(Analysis::packer);
            let packer = template.map(|t| t.locals()).unwrap_or_default();
            let module = instance.map(|i| i.locals.as_slice()).unwrap_or_default();
            let names = module
                .iter()
                .map(|(name, _)| name)
                .chain(packer.iter().map(|local| &local.name));
            for name in names {
                items.push(item(
                    name,
                    CompletionItemKind::VARIABLE,
                    Some("local".into()),
                ));
            }
        }
        ["module"] => {
            for call in instance
                .map(|i| i.module_calls.as_slice())
                .unwrap_or_default()
            {
                items.push(item(
                    &call.name,
                    CompletionItemKind::MODULE,
                    Some(call.source.clone()),
                ));
            }
        }
        ["module", name] => {
            if let Some(call) =
                instance.and_then(|i| i.module_calls.iter().find(|c| &*c.name == *name))
            {
                match call.instances.first() {
                    Some((_, child)) => {
                        for output in &child.outputs {
                            items.push(item(
                                &output.name,
                                CompletionItemKind::PROPERTY,
                                Some("output".into()),
                            ));
                        }
                    }
                    None => {
                        for attr in attribute_names(&call.value) {
                            items.push(item(&attr, CompletionItemKind::PROPERTY, None));
                        }
                    }
                }
            }
        }
        ["data"] => {
            let types: BTreeSet<&str> = instance
                .map(|i| i.resources.as_slice())
                .unwrap_or_default()
                .iter()
                .filter(|r| r.is_data)
                .map(|r| &*r.resource_type)
                .collect();
            for ty in types {
                items.push(item(
                    ty,
                    CompletionItemKind::CLASS,
                    Some("data source".into()),
                ));
            }
        }
        ["data", ty] => {
            for r in instance.map(|i| i.resources.as_slice()).unwrap_or_default() {
                if r.is_data && &*r.resource_type == *ty {
                    items.push(item(&r.name, CompletionItemKind::FIELD, None));
                }
            }
        }
        ["each"] => {
            items.push(item("key", CompletionItemKind::FIELD, None));
            items.push(item("value", CompletionItemKind::FIELD, None));
        }
        ["count"] => items.push(item("index", CompletionItemKind::FIELD, None)),
        ["path"] => {
            for name in ["module", "root", "cwd"] {
                items.push(item(name, CompletionItemKind::FIELD, None));
            }
        }
        ["terraform"] => items.push(item("workspace", CompletionItemKind::FIELD, None)),
        [ty] if instance.is_some_and(|i| {
            i.resources
                .iter()
                .any(|r| !r.is_data && &*r.resource_type == *ty)
        }) =>
        {
            for r in instance.map(|i| i.resources.as_slice()).unwrap_or_default() {
                if !r.is_data && &*r.resource_type == *ty {
                    items.push(item(&r.name, CompletionItemKind::FIELD, None));
                }
            }
        }
        _ => {
            // A value whose type is known: its attributes (a Packer template has no places,
            // and one scope).
            if let Some(analysis) = analysis
                && let Ok(expr) = terrace_syntax::parse_expr(&typed.path.join("."))
                && let Some(scope) = analysis.scope_for(places.first(), &expr)
                && let Ok(value) = analysis.evaluator(dir, None).eval(&expr, &scope)
            {
                for attr in attribute_names(&value) {
                    items.push(item(&attr, CompletionItemKind::PROPERTY, None));
                }
            }
        }
    }
    if !typed.prefix.is_empty() {
        items.retain(|item| item.label.starts_with(&typed.prefix));
    }
    items
}
