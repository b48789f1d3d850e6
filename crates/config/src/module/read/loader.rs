//! Reading a module's files into one configuration: top-level blocks by kind, duplicate checks, override files applied.

use std::collections::BTreeMap;

use terrace_syntax::{Expr, ExprKind, Name, ObjectKey, Span};

use super::body::{BodySchema, ConfigAttr, ConfigBlock};
use super::diagnostics::ModuleDiagnostic;
use super::files::{FileId, SourceFiles};
use super::language::Language;
use super::module_config::{BlockConfig, ModuleConfig, TerraformConfig};
use super::names::{check_block_labels, check_local_name};
use super::overrides::{merge_block, replace_attr};
use super::static_checks::{
    check_check_block, check_count_and_for_each, check_depends_on, check_language_edition,
    check_lifecycle, check_passed_providers, check_provider_ref, check_provider_reserved,
    check_provisioner, check_refactoring_block, check_rule, missing_argument,
};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_types::Value;

/// The top-level block types of a Terraform module and their label counts.
const FILE_SCHEMA: BodySchema = BodySchema {
    attributes: &[],
    blocks: &[
        ("terraform", 0),
        ("variable", 1),
        ("locals", 0),
        ("output", 1),
        ("resource", 2),
        ("data", 2),
        ("ephemeral", 2),
        ("module", 1),
        ("provider", 1),
        ("moved", 0),
        ("import", 0),
        ("removed", 0),
        ("check", 1),
        ("action", 2),
    ],
    open: false,
};

const VARIABLE_SCHEMA: BodySchema = BodySchema {
    attributes: &[
        "description",
        "default",
        "type",
        "sensitive",
        "nullable",
        "ephemeral",
        "const",
        "deprecated",
    ],
    blocks: &[("validation", 0)],
    open: false,
};

const OUTPUT_SCHEMA: BodySchema = BodySchema {
    attributes: &[
        "description",
        "value",
        "type",
        "sensitive",
        "depends_on",
        "ephemeral",
        "deprecated",
    ],
    // A postcondition is read to be refused in Terraform's words.
    blocks: &[("precondition", 0), ("postcondition", 0)],
    open: false,
};

/// A resource's (or data source's) body: provider arguments are not known
/// here, so any name is accepted; the meta blocks are named so that the JSON
/// syntax reads them as blocks.
const RESOURCE_SCHEMA: BodySchema = BodySchema {
    attributes: &[],
    blocks: &[("lifecycle", 0), ("provisioner", 1), ("connection", 0)],
    open: true,
};

/// A `terraform` block.
const TERRAFORM_SCHEMA: BodySchema = BodySchema {
    attributes: &["required_version", "experiments", "language"],
    blocks: &[
        ("required_providers", 0),
        ("backend", 1),
        ("cloud", 0),
        ("state_store", 1),
        ("provider_meta", 1),
    ],
    open: false,
};

/// A `terraform` block in OpenTofu's language: with its `encryption` block.
const OPENTOFU_TERRAFORM_SCHEMA: BodySchema = BodySchema {
    attributes: &["required_version", "experiments", "language"],
    blocks: &[
        ("required_providers", 0),
        ("backend", 1),
        ("cloud", 0),
        ("provider_meta", 1),
        ("encryption", 0),
    ],
    open: false,
};

/// Reads the primary files, then merges the override files into them.
pub(crate) fn read_module<'a>(
    files: &'a SourceFiles,
    primary: &[FileId],
    overrides: &[FileId],
    language: Language,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> ModuleConfig<'a> {
    let mut config = ModuleConfig {
        language,
        ..ModuleConfig::default()
    };
    for &id in primary {
        read_file(files, id, &mut config, diagnostics);
    }
    for &id in overrides {
        apply_override_file(files, id, &mut config, diagnostics);
    }
    config
}

fn file_blocks<'a>(
    files: &'a SourceFiles,
    id: FileId,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<ConfigBlock<'a>> {
    let (content, found) = files.body(id).content(&FILE_SCHEMA);
    diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
    content.blocks
}

fn block_config<'a>(
    files: &SourceFiles,
    block: &ConfigBlock<'a>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> BlockConfig<'a> {
    let schema = match &*block.block_type {
        "variable" => VARIABLE_SCHEMA,
        "output" => OUTPUT_SCHEMA,
        "resource" | "data" | "ephemeral" => RESOURCE_SCHEMA,
        _ => BodySchema::ANY,
    };
    let (content, found) = block.body.content(&schema);
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| ModuleDiagnostic::new(block.file, d)),
    );
    let mut config = BlockConfig {
        block_type: block.block_type.clone(),
        labels: block.labels.clone(),
        def_span: block.def_span,
        missing_item_span: block.missing_item_span,
        file: block.file,
        attrs: content.attributes,
        blocks: Vec::new(),
        lifecycle: Vec::new(),
        overrides: Vec::new(),
    };
    if let Some(depends_on) = config.attr("depends_on")
        && matches!(
            &*block.block_type,
            "resource" | "data" | "module" | "output"
        )
    {
        check_depends_on(depends_on, diagnostics);
    }
    if matches!(&*block.block_type, "resource" | "data" | "ephemeral")
        && let Some(provider) = config.attr("provider")
        && let Ok(expr) = provider.static_expr()
    {
        check_provider_ref(&expr, "provider", provider, diagnostics);
    }
    if &*block.block_type == "module"
        && let Some(providers) = config.attr("providers")
    {
        check_passed_providers(providers, diagnostics);
    }
    if matches!(&*block.block_type, "resource" | "data" | "ephemeral") {
        check_count_and_for_each(&config, diagnostics);
    }
    if &*block.block_type == "provider" {
        check_provider_reserved(&config.attrs, &content.blocks, diagnostics);
    }
    let mut lifecycle: Option<Span> = None;
    let mut connection: Option<Span> = None;
    for nested in content.blocks {
        // A variable's validation must test the variable.
        let variable = block.labels.first().map_or("", |(name, _)| &**name);
        match (&*block.block_type, &*nested.block_type) {
            ("variable", "validation") => {
                check_rule(&nested, Some(variable), diagnostics);
            }
            ("output", "precondition") => {
                check_rule(&nested, None, diagnostics);
            }
            ("resource", "provisioner") => {
                check_provisioner(&nested, diagnostics);
            }
            _ => {}
        }
        if &*block.block_type == "resource"
            && &*nested.block_type == "connection"
            && repeated(&mut connection, &nested, files, diagnostics)
        {
            continue;
        }
        if &*block.block_type == "module"
            && matches!(&*nested.block_type, "lifecycle" | "locals" | "provider")
        {
            diagnostics.push(ModuleDiagnostic::new(
                nested.file,
                Diagnostic::error(
                    "Reserved block type name in module block",
                    format!(
                        "The block type name \"{}\" is reserved for use by Terraform in a future version.",
                        nested.block_type
                    ),
                    nested.type_span,
                ),
            ));
        }
        if matches!(&*block.block_type, "resource" | "data" | "ephemeral")
            && &*nested.block_type == "lifecycle"
        {
            if repeated(&mut lifecycle, &nested, files, diagnostics) {
                continue;
            }
            let label = |i: usize| block.labels.get(i).map_or("", |(l, _)| &**l);
            for attr in check_lifecycle(
                &block.block_type,
                (label(0), label(1)),
                &nested,
                diagnostics,
            ) {
                replace_attr(&mut config.lifecycle, attr);
            }
        } else {
            config.blocks.push(nested);
        }
    }
    config
}

fn read_file<'a>(
    files: &'a SourceFiles,
    id: FileId,
    config: &mut ModuleConfig<'a>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for block in file_blocks(files, id, diagnostics) {
        match &*block.block_type {
            "locals" => {
                let (attrs, found) = block.body.just_attributes();
                diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
                for attr in attrs {
                    check_local_name(&attr, diagnostics);
                    if let Some(previous) = config
                        .index
                        .locals
                        .get(&attr.name)
                        .and_then(|&i| config.locals.get(i))
                    {
                        diagnostics.push(ModuleDiagnostic::new(
                            id,
                            Diagnostic::error(
                                "Duplicate local value definition",
                                format!(
                                    "A local value named \"{}\" was already defined at {}. Local value names must be unique within a module.",
                                    attr.name,
                                    files.place(previous.file, previous.span)
                                ),
                                attr.name_span,
                            ),
                        ));
                        continue;
                    }
                    config
                        .index
                        .locals
                        .insert(attr.name.clone(), config.locals.len());
                    config.locals.push(attr);
                }
            }
            "terraform" => merge_terraform(
                files,
                config.language,
                &mut config.terraform,
                &block,
                false,
                diagnostics,
            ),
            "provider" => {
                let new = block_config(files, &block, diagnostics);
                check_block_labels(&block, config.language, diagnostics);
                let key = provider_key(&new);
                if let Some(previous) = config.providers.iter().find(|p| provider_key(p) == key) {
                    let place = files.place(previous.file, previous.def_span);
                    let detail = match &key.1 {
                        None => format!(
                            "A default (non-aliased) provider configuration for \"{}\" was already given at {place}. If multiple configurations are required, set the \"alias\" argument for alternative configurations.",
                            key.0
                        ),
                        Some(alias) => format!(
                            "A provider configuration for \"{}\" with alias \"{alias}\" was already given at {place}. Each configuration for the same provider must have a distinct alias.",
                            key.0
                        ),
                    };
                    diagnostics.push(ModuleDiagnostic::new(
                        id,
                        Diagnostic::error("Duplicate provider configuration", detail, new.def_span),
                    ));
                    continue;
                }
                config.providers.push(new);
            }
            kind @ ("variable" | "output" | "resource" | "data" | "module") => {
                let new = block_config(files, &block, diagnostics);
                check_block_labels(&block, config.language, diagnostics);
                if kind == "module" && new.attr("source").is_none() {
                    missing_argument(&block, "source", diagnostics);
                }
                let list = match kind {
                    "variable" => &mut config.variables,
                    "output" => &mut config.outputs,
                    "module" => &mut config.module_calls,
                    _ => &mut config.resources,
                };
                let key = definition_key(&new);
                if let Some(previous) = config.index.blocks.get(&key).and_then(|&i| list.get(i)) {
                    diagnostics.push(ModuleDiagnostic::new(id, duplicate(files, previous, &new)));
                    continue;
                }
                config.index.blocks.insert(key, list.len());
                list.push(new);
            }
            "check" => {
                check_check_block(&block, diagnostics);
                check_block_labels(&block, config.language, diagnostics);
            }
            "moved" | "removed" | "import" => {
                let Some(target) = check_refactoring_block(&block, diagnostics) else {
                    continue;
                };
                // Two `import` blocks into the same address.
                if let Some((file, span)) = config.index.imports.get(&target.key) {
                    diagnostics.push(ModuleDiagnostic::new(
                        target.file,
                        Diagnostic::error(
                            format!("Duplicate import configuration for \"{}\"", target.resource),
                            format!(
                                "An import block for the resource \"{}\" was already declared at {}. A resource can have only one import block.",
                                target.resource,
                                files.place(*file, *span)
                            ),
                            target.span,
                        ),
                    ));
                    continue;
                }
                config
                    .index
                    .imports
                    .insert(target.key, (block.file, block.def_span));
            }
            _ => check_block_labels(&block, config.language, diagnostics),
        }
    }
}

/// Whether `nested` is a second block of a kind a resource has at most one of (`lifecycle`,
/// `connection`), reported; `first` records where the first one is.
fn repeated(
    first: &mut Option<Span>,
    nested: &ConfigBlock<'_>,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> bool {
    let Some(earlier) = *first else {
        *first = Some(nested.def_span);
        return false;
    };
    let kind = &nested.block_type;
    diagnostics.push(ModuleDiagnostic::new(
        nested.file,
        Diagnostic::error(
            format!("Duplicate {kind} block"),
            format!(
                "This resource already has a {kind} block at {}.",
                files.place(nested.file, earlier)
            ),
            nested.def_span,
        ),
    ));
    true
}

/// A provider configuration's identity among a module's: its local name and its alias, when
/// that is a literal string.
fn provider_key(block: &BlockConfig<'_>) -> (Name, Option<String>) {
    let alias = block.attr("alias").and_then(ConfigAttr::literal_string);
    (Name::from(block.name()), alias)
}

/// A block's identity among the definitions of a module: its type and labels.
fn definition_key(block: &BlockConfig<'_>) -> (Name, Vec<Name>) {
    (
        block.block_type.clone(),
        block
            .labels
            .iter()
            .map(|(label, _)| label.clone())
            .collect(),
    )
}

/// Terraform's error for a second definition of the same object.
fn duplicate(files: &SourceFiles, previous: &BlockConfig<'_>, new: &BlockConfig<'_>) -> Diagnostic {
    let place = files.place(previous.file, previous.def_span);
    let (summary, detail) = match &*new.block_type {
        "variable" => (
            "Duplicate variable declaration".to_string(),
            format!(
                "A variable named \"{}\" was already declared at {place}. Variable names must be unique within a module.",
                new.name()
            ),
        ),
        "output" => (
            "Duplicate output definition".to_string(),
            format!(
                "An output named \"{}\" was already defined at {place}. Output names must be unique within a module.",
                new.name()
            ),
        ),
        "module" => (
            "Duplicate module call".to_string(),
            format!(
                "A module call named \"{}\" was already defined at {place}. Module calls must have unique names within a module.",
                new.name()
            ),
        ),
        kind => {
            let (ty, name) = (
                new.labels.first().map_or("", |(n, _)| n),
                new.labels.get(1).map_or("", |(n, _)| n),
            );
            let what = if kind == "data" {
                "data resource"
            } else {
                "resource"
            };
            (
                format!("Duplicate {kind} \"{ty}\" configuration"),
                format!(
                    "A {ty} {what} named \"{name}\" was already declared at {place}. Resource names must be unique per type in each module."
                ),
            )
        }
    };
    Diagnostic::error(summary, detail, new.def_span)
}

fn apply_override_file<'a>(
    files: &'a SourceFiles,
    id: FileId,
    config: &mut ModuleConfig<'a>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for block in file_blocks(files, id, diagnostics) {
        match &*block.block_type {
            "locals" => {
                let (attrs, found) = block.body.just_attributes();
                diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
                for attr in attrs {
                    check_local_name(&attr, diagnostics);
                    let base = config.index.locals.get(&attr.name).copied();
                    match base.and_then(|i| config.locals.get_mut(i)) {
                        Some(existing) => *existing = attr,
                        None => diagnostics.push(ModuleDiagnostic::new(
                            id,
                            Diagnostic::error(
                                "Missing base local value definition to override",
                                format!(
                                    "There is no local value named \"{}\". An override file can only override a local value that was already defined in a primary configuration file.",
                                    attr.name
                                ),
                                attr.name_span,
                            ),
                        )),
                    }
                }
            }
            "terraform" => merge_terraform(
                files,
                config.language,
                &mut config.terraform,
                &block,
                true,
                diagnostics,
            ),
            kind @ ("variable" | "output" | "resource" | "data" | "module") => {
                let mut over = block_config(files, &block, diagnostics);
                check_block_labels(&block, config.language, diagnostics);
                // Terraform does not merge check rules: an override may not hold any.
                let rule = |nested: &ConfigBlock<'_>| match (kind, &*nested.block_type) {
                    ("variable", "validation") | ("output", "precondition") => {
                        vec![(nested.block_type.clone(), nested.file, nested.def_span)]
                    }
                    ("resource" | "data", "lifecycle") => nested
                        .body
                        .all_content()
                        .blocks
                        .into_iter()
                        .filter(|b| matches!(&*b.block_type, "precondition" | "postcondition"))
                        .map(|b| (b.block_type.clone(), b.file, b.def_span))
                        .collect(),
                    _ => Vec::new(),
                };
                let rules: Vec<_> = block
                    .body
                    .all_content()
                    .blocks
                    .iter()
                    .flat_map(rule)
                    .collect();
                for (rule_type, file, span) in rules {
                    diagnostics.push(ModuleDiagnostic::new(
                        file,
                        Diagnostic::error(
                            format!("Can't override {rule_type} blocks"),
                            format!("Override files cannot override \"{rule_type}\" blocks."),
                            span,
                        ),
                    ));
                }
                if kind == "variable" {
                    over.blocks
                        .retain(|nested| &*nested.block_type != "validation");
                }
                let list = match kind {
                    "variable" => &mut config.variables,
                    "output" => &mut config.outputs,
                    "module" => &mut config.module_calls,
                    _ => &mut config.resources,
                };
                let base = config.index.blocks.get(&definition_key(&over)).copied();
                match base.and_then(|i| list.get_mut(i)) {
                    Some(base) => {
                        let found = merge_block(base, over);
                        diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
                    }
                    None => diagnostics.push(ModuleDiagnostic::new(id, missing_base(&over))),
                }
            }
            kind @ ("moved" | "import" | "check") => {
                let (summary, detail) = match kind {
                    "moved" => (
                        "Cannot override 'moved' blocks",
                        "Records of moved objects can appear only in normal files, not in override files.",
                    ),
                    "import" => (
                        "Cannot override 'import' blocks",
                        "Import blocks can appear only in normal files, not in override files.",
                    ),
                    _ => (
                        "Can't override check blocks",
                        "Override files cannot override check blocks.",
                    ),
                };
                diagnostics.push(ModuleDiagnostic::new(
                    id,
                    Diagnostic::error(summary, detail, block.def_span),
                ));
            }
            _ => check_block_labels(&block, config.language, diagnostics),
        }
    }
}

/// Terraform's error for an override block with nothing to override.
fn missing_base(over: &BlockConfig<'_>) -> Diagnostic {
    let (summary, detail) = match &*over.block_type {
        "variable" => (
            "Missing base variable declaration to override".to_string(),
            format!(
                "There is no variable named \"{}\". An override file can only override a variable that was already declared in a primary configuration file.",
                over.name()
            ),
        ),
        "output" => (
            "Missing base output definition to override".to_string(),
            format!(
                "There is no output named \"{}\". An override file can only override an output that was already defined in a primary configuration file.",
                over.name()
            ),
        ),
        "module" => (
            "Missing module call to override".to_string(),
            format!(
                "There is no module call named \"{}\". An override file can only override a module call that was defined in a primary configuration file.",
                over.name()
            ),
        ),
        kind => {
            let ty = over.labels.first().map_or("", |(n, _)| n);
            let name = over.labels.get(1).map_or("", |(n, _)| n);
            let what = if kind == "data" { "data" } else { "resource" };
            (
                format!("Missing {what} to override"),
                format!(
                    "There is no {ty} {what} named \"{name}\". An override file can only override a {what} block defined in a primary configuration file."
                ),
            )
        }
    };
    Diagnostic::error(summary, detail, over.def_span)
}

/// What the `terraform` blocks say, evaluated: after override files, the
/// `required_version`, each provider's requirement, and the backend.
#[derive(Clone, Debug, Default)]
pub struct TerraformSettings {
    /// `required_version`.
    pub required_version: Option<Value>,
    /// `required_providers`, by local name.
    pub required_providers: BTreeMap<Name, Value>,
    /// The backend: `backend "TYPE"` gives `("backend", Some(TYPE))`, `cloud` gives `("cloud", None)`.
    pub backend: Option<(Name, Option<Name>)>,
}

impl TerraformConfig<'_> {
    /// Evaluates the settings (constants only). Their errors are reported where they are
    /// checked on reading (`version_constraint.rs`, `required_providers.rs`); a setting that
    /// fails is left out here.
    pub(crate) fn settings(&self, evaluator: &Evaluator) -> TerraformSettings {
        TerraformSettings {
            required_version: self
                .required_version
                .as_ref()
                .and_then(|attr| evaluator.eval_constant(&attr.expr).ok()),
            required_providers: self
                .required_providers
                .iter()
                .filter_map(|(name, attr)| {
                    requirement(&attr.expr, evaluator).map(|value| (name.clone(), value))
                })
                .collect(),
            backend: self.backend.as_ref().map(|block| {
                (
                    block.block_type.clone(),
                    block.labels.first().map(|(label, _)| label.clone()),
                )
            }),
        }
    }
}

/// A `required_providers` entry's value: a legacy version string, or the object without its
/// `configuration_aliases`, which are references, not values.
fn requirement(expr: &Expr, evaluator: &Evaluator) -> Option<Value> {
    let ExprKind::ObjectCons(items) = &expr.strip_parens().kind else {
        return evaluator.eval_constant(expr).ok();
    };
    let entries: Vec<(String, Value)> = items
        .iter()
        .filter_map(|item| {
            let key = match &item.key {
                ObjectKey::Ident(ident) => ident.as_str().to_string(),
                ObjectKey::Expr(key) => evaluator.eval_constant(key).ok()?.as_str()?.to_string(),
            };
            if key == "configuration_aliases" {
                return None;
            }
            Some((key, evaluator.eval_constant(&item.value).ok()?))
        })
        .collect();
    Some(Value::object(entries))
}

/// The backend types Terraform 1.15 has.
const BACKEND_TYPES: [&str; 13] = [
    "local",
    "remote",
    "azurerm",
    "consul",
    "cos",
    "gcs",
    "http",
    "inmem",
    "kubernetes",
    "oss",
    "pg",
    "s3",
    "oci",
];

/// The backend types Terraform removed, with its reason.
const REMOVED_BACKENDS: [(&str, &str); 6] = [
    (
        "artifactory",
        "The \"artifactory\" backend is not supported in Terraform v1.3 or later.",
    ),
    (
        "azure",
        "The \"azure\" backend name has been removed, please use \"azurerm\".",
    ),
    (
        "etcd",
        "The \"etcd\" backend is not supported in Terraform v1.3 or later.",
    ),
    (
        "etcdv3",
        "The \"etcdv3\" backend is not supported in Terraform v1.3 or later.",
    ),
    (
        "manta",
        "The \"manta\" backend is not supported in Terraform v1.3 or later.",
    ),
    (
        "swift",
        "The \"swift\" backend is not supported in Terraform v1.3 or later.",
    ),
];

/// Terraform's "Invalid backend type" for a `backend` block of a type it does not have.
fn backend_type_error(block: &ConfigBlock<'_>) -> Option<Diagnostic> {
    let (backend_type, _) = block.labels.first()?;
    if BACKEND_TYPES.contains(&&**backend_type) {
        return None;
    }
    let detail = REMOVED_BACKENDS
        .iter()
        .find(|(name, _)| *name == &**backend_type)
        .map_or_else(
            || format!("There is no backend type named \"{backend_type}\"."),
            |(_, reason)| (*reason).to_string(),
        );
    Some(Diagnostic::error(
        "Invalid backend type",
        detail,
        block.def_span,
    ))
}

/// Merges one `terraform` block into the module's; in a primary file, a second `backend`
/// block is an error.
fn merge_terraform<'a>(
    files: &SourceFiles,
    language: Language,
    terraform: &mut TerraformConfig<'a>,
    block: &ConfigBlock<'a>,
    is_override: bool,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let schema = match language {
        Language::Terraform => &TERRAFORM_SCHEMA,
        Language::OpenTofu => &OPENTOFU_TERRAFORM_SCHEMA,
    };
    let (content, found) = block.body.content(schema);
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| ModuleDiagnostic::new(block.file, d)),
    );
    for attr in content.attributes {
        match &*attr.name {
            "required_version" => terraform.required_version = Some(attr),
            "language" if language == Language::Terraform => {
                check_language_edition(&attr, diagnostics);
            }
            // Experiments are for alpha releases only.
            "experiments" => diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Module uses experimental features",
                    "Experimental features are intended only for gathering early feedback on new language designs, and so are available only in alpha releases of Terraform.",
                    attr.name_span,
                ),
            )),
            _ => {}
        }
    }
    for nested in content.blocks {
        if !is_override {
            let here = (nested.file, nested.def_span);
            let first = &mut terraform.first_blocks;
            match &*nested.block_type {
                "required_providers" => match first.required_providers {
                    Some((file, span)) => {
                        diagnostics.push(ModuleDiagnostic::new(
                            nested.file,
                            Diagnostic::error(
                                "Duplicate required providers configuration",
                                format!(
                                    "A module may have only one required providers configuration. The required providers were previously configured at {}.",
                                    files.place(file, span)
                                ),
                                nested.def_span,
                            ),
                        ));
                        continue;
                    }
                    None => first.required_providers = Some(here),
                },
                "backend" => {
                    first.backend.get_or_insert(here);
                    if language == Language::Terraform
                        && let Some(error) = backend_type_error(&nested)
                    {
                        diagnostics.push(ModuleDiagnostic::new(nested.file, error));
                    }
                }
                "cloud" => {
                    first.cloud.get_or_insert(here);
                }
                _ => {}
            }
            // Both kinds of state storage: reported once, when the second appears.
            if matches!(&*nested.block_type, "backend" | "cloud")
                && let (Some(cloud), Some(backend)) = (first.cloud, first.backend)
                && (cloud == here || backend == here)
            {
                diagnostics.push(ModuleDiagnostic::new(
                    backend.0,
                    Diagnostic::error(
                        "Conflicting 'cloud' and 'backend' configuration blocks are present",
                        format!(
                            "A module may declare either one 'cloud' block OR one 'backend' block for configuring state storage. The 'cloud' block is configured at {}; a 'backend' is configured at {}. Remove the 'backend' block to configure HCP Terraform or Terraform Enterprise.",
                            files.place(cloud.0, cloud.1),
                            files.place(backend.0, backend.1)
                        ),
                        backend.1,
                    ),
                ));
            }
        }
        match &*nested.block_type {
            "required_providers" => {
                for attr in nested.body.all_content().attributes {
                    terraform.required_providers.insert(attr.name.clone(), attr);
                }
            }
            "backend" | "cloud" if is_override || terraform.backend.is_none() => {
                terraform.backend = Some(nested);
            }
            "backend" => {
                if let Some(previous) = terraform
                    .backend
                    .as_ref()
                    .filter(|b| &*b.block_type == "backend")
                {
                    diagnostics.push(ModuleDiagnostic::new(
                        nested.file,
                        Diagnostic::error(
                            "Duplicate 'backend' configuration block",
                            format!(
                                "A module may have only one 'backend' configuration block. The backend was previously configured at {}.",
                                files.place(previous.file, previous.def_span)
                            ),
                            nested.def_span,
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
}
