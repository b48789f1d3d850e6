//! What `terraform validate` reports for a loaded module, which is more than the console says:
//! the problems of a resource's `count`, `for_each` and arguments are errors (the console
//! shows them as warnings), the console's own notes go, and the arguments and blocks of the
//! built-in provider's resources are checked against their schemas.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use terrace_eval::{Diagnostic, Evaluator, Severity};
use terrace_syntax::{Block, Body, BodyItem, Expr, ExprKind, TraversalStep};

use crate::module::eval::module_instance::ModuleInstance;
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::diagnostics::warning;
use crate::module::read::file_id::FileId;
use crate::module::read::files::SourceFiles;

/// What validation reads of a loaded module.
pub(crate) struct Loaded<'m> {
    /// Every file read.
    pub(crate) files: &'m SourceFiles,
    /// The console's diagnostics.
    pub(crate) diagnostics: &'m [ModuleDiagnostic],
    /// The root module instance.
    pub(crate) root: &'m ModuleInstance,
}

impl Loaded<'_> {
    fn files(&self) -> &SourceFiles {
        self.files
    }

    fn diagnostics(&self) -> &[ModuleDiagnostic] {
        self.diagnostics
    }

    fn root(&self) -> &ModuleInstance {
        self.root
    }

    fn has_configuration_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(ModuleDiagnostic::is_configuration_error)
    }
}

/// The schema of a resource type the built-in provider defines: what may be set, what is
/// required, and what only the provider decides.
struct Schema {
    optional: &'static [&'static str],
    required: &'static [&'static str],
    computed: &'static [&'static str],
}

/// Arguments and blocks Terraform itself reads in a `resource` or `data` block.
const META_ARGUMENTS: &[&str] = &["count", "for_each", "provider", "depends_on"];
const META_BLOCKS: &[&str] = &["lifecycle", "connection", "provisioner", "dynamic"];

fn builtin_schema(block_type: &str, resource_type: &str) -> Option<Schema> {
    match (block_type, resource_type) {
        ("resource", "terraform_data") => Some(Schema {
            optional: &["input", "triggers_replace"],
            required: &[],
            computed: &["id", "output"],
        }),
        ("data", "terraform_remote_state") => Some(Schema {
            optional: &["config", "defaults", "workspace"],
            required: &["backend"],
            computed: &["outputs"],
        }),
        _ => None,
    }
}

/// The diagnostics of `module` as `terraform validate -json` reports them (see
/// `LoadedModule::validate_diagnostics`).
pub(crate) fn validate(module: &Loaded<'_>) -> Vec<ModuleDiagnostic> {
    let mut out: Vec<ModuleDiagnostic> = module
        .diagnostics()
        .iter()
        // With no place in a file, a diagnostic is one of the console's notes ("Required
        // variables not set", "Due to the problems above ...").
        .filter(|found| found.file.is_some())
        .filter(|found| !from_root_values(module, found))
        .cloned()
        .map(|mut found| {
            if found.validate_error || excused_with_a_schema(module, &found) {
                found.diagnostic.severity = Severity::Error;
            }
            each_value_wording(module, &mut found);
            found
        })
        .collect();
    // The schemas are checked by validate's walk, which runs only on a configuration that
    // loaded.
    if module.has_configuration_errors() {
        return out;
    }
    deprecated_outputs(module, &mut out);
    for (id, file) in module.files().iter() {
        let name = file.path.to_string_lossy();
        if !(name.ends_with(".tf") || name.ends_with(".tofu")) {
            continue;
        }
        for block in file.body.blocks() {
            check_resource(block, &mut |diagnostic, rangeless| {
                let mut found = ModuleDiagnostic::new(id, diagnostic);
                found.rangeless = rangeless;
                out.push(found);
            });
        }
    }
    out
}

/// A problem with the values the root module's variables were given: validate gives them
/// none (it reads no `.tfvars`, and every root variable is unknown), so it reports neither a
/// failed validation of a root variable nor anything about a `.tfvars` file but its syntax.
fn from_root_values(module: &Loaded<'_>, found: &ModuleDiagnostic) -> bool {
    let Some(id) = found.file else { return false };
    let path = &module.files().get(id).path;
    let name = path.to_string_lossy();
    if name.ends_with(".tfvars") || name.ends_with(".tfvars.json") {
        return !found.is_configuration_error();
    }
    matches!(
        found.diagnostic.summary.as_str(),
        "Invalid value for variable" | "Invalid value for input variable"
    ) && path
        .parent()
        .map(|dir| dir.components().collect::<PathBuf>())
        == Some(module.root().dir.components().collect())
}

/// `each.value` where there is no `for_each`: validate words it as Terraform's evaluator does
/// (`each.key` keeps the console's wording).
fn each_value_wording(module: &Loaded<'_>, found: &mut ModuleDiagnostic) {
    if found.diagnostic.summary != "Reference to \"each\" in context without for_each" {
        return;
    }
    let Some(id) = found.file else { return };
    let text = &module.files().get(id).text;
    let span = found.diagnostic.span.range();
    if text.get(span).is_some_and(|t| t.starts_with("each.value")) {
        found.diagnostic.summary = "each.value cannot be used in this context".to_string();
        found.diagnostic.detail = "A reference to \"each.value\" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its \"for_each\" expression. Remove this reference to each.value in your configuration to work around this error.".to_string();
    }
}

/// A `resource` or `data` block of the built-in provider against its schema; `report` takes
/// each problem, and whether Terraform reports it without a range.
fn check_resource(block: &Block, report: &mut dyn FnMut(Diagnostic, bool)) {
    let block_type = block.block_type.as_str();
    let (Some(type_label), Some(_)) = (block.labels.first(), block.labels.get(1)) else {
        return;
    };
    let Some(schema) = builtin_schema(block_type, &type_label.value) else {
        return;
    };
    for item in &block.body.items {
        match item {
            BodyItem::Attribute(attr) => {
                let name = attr.name.as_str();
                if META_ARGUMENTS.contains(&name)
                    || schema.optional.contains(&name)
                    || schema.required.contains(&name)
                {
                    continue;
                }
                if schema.computed.contains(&name) {
                    // The provider's schema check: Terraform reports it with no place in a
                    // file; the attribute's name is where it was found.
                    report(
                        Diagnostic::error(
                            format!("\"{name}\" attribute is read-only"),
                            String::new(),
                            attr.name.span,
                        ),
                        true,
                    );
                    continue;
                }
                report(
                    Diagnostic::error(
                        "Unsupported argument",
                        format!("An argument named \"{name}\" is not expected here."),
                        attr.name.span,
                    ),
                    false,
                );
            }
            BodyItem::Block(nested) => {
                let name = nested.block_type.as_str();
                if META_BLOCKS.contains(&name) {
                    if name == "lifecycle" {
                        redundant_ignore_changes(nested, type_label.span, &schema, &mut |d| {
                            report(d, false)
                        });
                    }
                    continue;
                }
                report(
                    Diagnostic::error(
                        "Unsupported block type",
                        format!("Blocks of type \"{name}\" are not expected here."),
                        nested.block_type.span,
                    ),
                    false,
                );
            }
        }
    }
    for name in schema.required {
        if block.body.attribute(name).is_none() {
            report(
                Diagnostic::error(
                    "Missing required argument",
                    format!("The argument \"{name}\" is required, but no definition was found."),
                    block.open_brace,
                ),
                false,
            );
        }
    }
}

/// `ignore_changes` naming an attribute only the provider decides: a warning at the
/// resource type's label.
fn redundant_ignore_changes(
    lifecycle: &Block,
    type_span: terrace_syntax::Span,
    schema: &Schema,
    report: &mut dyn FnMut(Diagnostic),
) {
    let Some(attr) = lifecycle.body.attribute("ignore_changes") else {
        return;
    };
    let ExprKind::TupleCons(items) = &attr.expr.kind else {
        return;
    };
    for item in items {
        let ExprKind::ScopeTraversal { root, .. } = &item.kind else {
            continue;
        };
        let name = root.as_str();
        if schema.computed.contains(&name) {
            report(warning(
                "Redundant ignore_changes element",
                format!(
                    "Adding an attribute name to ignore_changes tells Terraform to ignore future changes to the argument in configuration after the object has been created, retaining the value originally configured.\n\nThe attribute {name} is decided by the provider alone and therefore there can be no configured value to compare with. Including this attribute in ignore_changes has no effect. Remove the attribute from ignore_changes to quiet this warning."
                ),
                type_span,
            ));
        }
    }
}

/// The root name of resource types whose schema is known here (the built-in provider's).
const SCHEMA_ROOTS: &[&str] = &[
    "terraform_data",
    "var",
    "local",
    "module",
    "path",
    "terraform",
];

/// An `Unsupported attribute` or `Invalid index` the console shows as a warning because the
/// object may be a resource whose provider schema it does not have: validate has the schema,
/// so where the reference starts from something whose type is known (a variable, a local, a
/// module call, a `terraform_data` resource) it is an error.
fn excused_with_a_schema(module: &Loaded<'_>, found: &ModuleDiagnostic) -> bool {
    if found.diagnostic.severity != Severity::Warning
        || !matches!(
            found.diagnostic.summary.as_str(),
            "Unsupported attribute" | "Invalid index"
        )
    {
        return false;
    }
    let Some(id) = found.file else { return false };
    let text = &module.files().get(id).text;
    let start = (found.diagnostic.span.start as usize).min(text.len());
    let Some(before) = text.get(..start) else {
        return false;
    };
    // The traversal that ends at the step: back over names, dots and brackets on its line.
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let mut root_start = start;
    let mut depth = 0usize;
    for (i, ch) in before[line_start..].char_indices().rev() {
        match ch {
            ']' => depth += 1,
            '[' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c if c.is_alphanumeric() || c == '_' || c == '-' || c == '.' => {}
            _ => {
                root_start = line_start + i + ch.len_utf8();
                break;
            }
        }
        root_start = line_start + i;
    }
    let root: String = text[root_start..start]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    SCHEMA_ROOTS.contains(&root.as_str())
        || (root == "data" && text[root_start..].starts_with("data.terraform_remote_state."))
}

/// References to a child module's output declared `deprecated`: a warning at the reference,
/// the deprecation message its detail.
fn deprecated_outputs(module: &Loaded<'_>, out: &mut Vec<ModuleDiagnostic>) {
    let mut seen = BTreeSet::new();
    let mut instances = vec![module.root()];
    let mut found = Vec::new();
    while let Some(instance) = instances.pop() {
        if !seen.insert(instance.dir.clone()) {
            continue;
        }
        let mut deprecated: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
        for call in &instance.module_calls {
            let Some((_, child)) = call.instances.first() else {
                continue;
            };
            let outputs = deprecated_in(module, &child.dir);
            if !outputs.is_empty() {
                deprecated.insert(&call.name, outputs);
            }
            instances.extend(call.instances.iter().map(|(_, child)| child));
        }
        if deprecated.is_empty() {
            continue;
        }
        for (id, body) in config_files(module, &instance.dir) {
            each_expr(body, &mut |expr| {
                for traversal in terrace_syntax::references(expr) {
                    if traversal.root.as_str() != "module" {
                        continue;
                    }
                    let mut steps = traversal.steps.iter().filter_map(|step| match step {
                        TraversalStep::Attr { name, span } => Some((name, *span)),
                        TraversalStep::Index { .. } => None,
                    });
                    let (Some((call, _)), Some((output, end))) = (steps.next(), steps.next())
                    else {
                        continue;
                    };
                    if let Some(message) = deprecated.get(&**call).and_then(|o| o.get(&**output)) {
                        found.push(ModuleDiagnostic::new(
                            id,
                            warning(
                                "Deprecated value used",
                                message.clone(),
                                traversal.root.span.to(end),
                            ),
                        ));
                    }
                }
            });
        }
    }
    out.extend(found);
}

/// The outputs of the module in `dir` declared `deprecated`, with their messages.
fn deprecated_in(module: &Loaded<'_>, dir: &Path) -> BTreeMap<String, String> {
    let evaluator = Evaluator::new();
    let mut out = BTreeMap::new();
    for (_, body) in config_files(module, dir) {
        for block in body.blocks() {
            if block.block_type.as_str() != "output" {
                continue;
            }
            let (Some(label), Some(attr)) =
                (block.labels.first(), block.body.attribute("deprecated"))
            else {
                continue;
            };
            if let Ok(value) = evaluator.eval_constant(&attr.expr)
                && let Some(message) = value.as_str()
            {
                out.insert(label.value.to_string(), message.to_string());
            }
        }
    }
    out
}

/// The native-syntax configuration files of the module in `dir`.
fn config_files<'m>(module: &'m Loaded<'m>, dir: &Path) -> Vec<(FileId, &'m Body)> {
    let dir: PathBuf = dir.components().collect();
    module
        .files()
        .iter()
        .filter(|(_, file)| {
            let name = file.path.to_string_lossy();
            (name.ends_with(".tf") || name.ends_with(".tofu"))
                && file
                    .path
                    .parent()
                    .is_some_and(|parent| parent.components().collect::<PathBuf>() == dir)
        })
        .map(|(id, file)| (id, &file.body))
        .collect()
}

/// Every attribute's expression in `body`, nested blocks included.
fn each_expr(body: &Body, visit: &mut dyn FnMut(&Expr)) {
    for item in &body.items {
        match item {
            BodyItem::Attribute(attr) => visit(&attr.expr),
            BodyItem::Block(block) => each_expr(&block.body, visit),
        }
    }
}
