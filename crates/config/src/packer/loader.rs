//! Reading a template's files into one configuration: top-level blocks by
//! kind (Packer's schema), with duplicate sources, data sources and locals
//! reported where they are written.

use std::borrow::Cow;

use terrace_syntax::{Expr, Name, Span};

use crate::module::read::module_config::BlockConfig;
use crate::module::{BodySchema, ConfigAttr, ConfigBlock, FileId, ModuleDiagnostic, SourceFiles};
use terrace_eval::Diagnostic;

/// The top-level block types of a Packer template and their label counts.
const FILE_SCHEMA: BodySchema = BodySchema {
    attributes: &[],
    blocks: &[
        ("packer", 0),
        ("source", 2),
        ("variables", 0),
        ("variable", 1),
        ("locals", 0),
        ("local", 1),
        ("data", 2),
        ("build", 0),
        ("hcp_packer_registry", 0),
        ("communicator", 2),
    ],
    open: false,
};

/// A Packer `variable` block.
const VARIABLE_SCHEMA: BodySchema = BodySchema {
    attributes: &["description", "default", "type", "sensitive"],
    blocks: &[("validation", 0)],
    open: false,
};

/// A single `local "name" { ... }` block.
const LOCAL_SCHEMA: BodySchema = BodySchema {
    attributes: &["expression", "sensitive"],
    blocks: &[],
    open: false,
};

/// The `packer` block.
const PACKER_SCHEMA: BodySchema = BodySchema {
    attributes: &["required_version"],
    blocks: &[("required_plugins", 0)],
    open: false,
};

/// One local value: from a `locals` block or a `local` block.
#[derive(Clone, Debug)]
pub(crate) struct LocalDef<'a> {
    pub(crate) name: Name,
    pub(crate) name_span: Span,
    /// The expression; `None` for a `local` block without one (reported).
    pub(crate) expr: Option<Cow<'a, Expr>>,
    pub(crate) file: FileId,
    pub(crate) sensitive: Option<ConfigAttr<'a>>,
}

/// A `source` or `data` block: type and name labels, and its body.
#[derive(Clone, Debug)]
pub(crate) struct LabeledBlock<'a> {
    pub(crate) block_type: Name,
    pub(crate) name: Name,
    pub(crate) block: ConfigBlock<'a>,
}

/// A template's whole configuration, every file read.
#[derive(Debug, Default)]
pub(crate) struct TemplateConfig<'a> {
    /// `variable` blocks in declaration order.
    pub(crate) variables: Vec<BlockConfig<'a>>,
    /// The arguments of the older `variables { name = default }` blocks.
    pub(crate) legacy_variables: Vec<ConfigAttr<'a>>,
    /// Local values from `locals` and `local` blocks.
    pub(crate) locals: Vec<LocalDef<'a>>,
    /// `source` blocks, duplicates left out.
    pub(crate) sources: Vec<LabeledBlock<'a>>,
    /// `data` blocks, duplicates left out.
    pub(crate) data: Vec<LabeledBlock<'a>>,
    /// `build` blocks.
    pub(crate) builds: Vec<ConfigBlock<'a>>,
    /// `required_version` of the `packer` blocks.
    pub(crate) required_versions: Vec<ConfigAttr<'a>>,
    /// The arguments of the `required_plugins` blocks (one per plugin).
    pub(crate) required_plugins: Vec<ConfigAttr<'a>>,
}

/// Reads the template files `ids` into one configuration.
pub(crate) fn read_template<'a>(
    files: &'a SourceFiles,
    ids: &[FileId],
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> TemplateConfig<'a> {
    let mut config = TemplateConfig::default();
    for &id in ids {
        let (content, found) = files.body(id).content(&FILE_SCHEMA);
        diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
        for block in content.blocks {
            read_block(files, block, &mut config, diagnostics);
        }
    }
    check_duplicate_locals(files, &config.locals, diagnostics);
    config
}

fn report(diagnostics: &mut Vec<ModuleDiagnostic>, file: FileId, found: Vec<Diagnostic>) {
    diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
}

fn read_block<'a>(
    files: &SourceFiles,
    block: ConfigBlock<'a>,
    config: &mut TemplateConfig<'a>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let file = block.file;
    match &*block.block_type {
        "variable" => {
            let (content, found) = block.body.content(&VARIABLE_SCHEMA);
            report(diagnostics, file, found);
            let name = block
                .labels
                .first()
                .map(|(n, _)| n.clone())
                .unwrap_or_default();
            if let Some(first) = first_variable(config, &name) {
                duplicate_variable(diagnostics, files, &name, (file, block.def_span), first);
                return;
            }
            config.variables.push(BlockConfig {
                block_type: block.block_type.clone(),
                labels: block.labels.clone(),
                def_span: block.def_span,
                missing_item_span: block.missing_item_span,
                file,
                attrs: content.attributes,
                blocks: content.blocks,
                lifecycle: Vec::new(),
                overrides: Vec::new(),
            });
        }
        "variables" => {
            let (attrs, found) = block.body.just_attributes();
            report(diagnostics, file, found);
            for attr in attrs {
                if let Some(first) = first_variable(config, &attr.name) {
                    duplicate_variable(
                        diagnostics,
                        files,
                        &attr.name,
                        (attr.file, attr.name_span),
                        first,
                    );
                    continue;
                }
                config.legacy_variables.push(attr);
            }
        }
        "locals" => {
            let (attrs, found) = block.body.just_attributes();
            report(diagnostics, file, found);
            config.locals.extend(attrs.into_iter().map(|attr| LocalDef {
                name: attr.name.clone(),
                name_span: attr.name_span,
                expr: Some(attr.expr),
                file: attr.file,
                sensitive: None,
            }));
        }
        "local" => {
            let (content, found) = block.body.content(&LOCAL_SCHEMA);
            report(diagnostics, file, found);
            let (name, name_span) = block.labels.first().cloned().unwrap_or_default();
            let expr = content.attr("expression").map(|attr| attr.expr.clone());
            if expr.is_none() {
                diagnostics.push(ModuleDiagnostic::new(
                    file,
                    Diagnostic::error(
                        "Missing required argument",
                        "The argument \"expression\" is required, but no definition was found.",
                        block.def_span,
                    ),
                ));
            }
            config.locals.push(LocalDef {
                name,
                name_span,
                expr,
                file,
                sensitive: content.attr("sensitive").cloned(),
            });
        }
        "source" | "data" => {
            let is_source = &*block.block_type == "source";
            let (kind, name) = match block.labels.as_slice() {
                [(kind, _), (name, _)] => (kind.clone(), name.clone()),
                _ => return,
            };
            let list = if is_source {
                &mut config.sources
            } else {
                &mut config.data
            };
            if let Some(first) = list.iter().find(|b| b.block_type == kind && b.name == name) {
                let what = &*block.block_type;
                let detail = if is_source {
                    format!(
                        "This source block has the same builder type and name as a previous block declared at {}. Each source must have a unique name per builder type.",
                        files.place(first.block.file, first.block.def_span)
                    )
                } else {
                    format!(
                        "This data block has the same data type and name as a previous block declared at {}. Each data must have a unique name per data type.",
                        files.place(first.block.file, first.block.def_span)
                    )
                };
                let mut found =
                    Diagnostic::error(format!("Duplicate {what} block"), detail, block.def_span);
                if first.block.file == file {
                    found.labels.push((
                        first.block.def_span,
                        format!("first {what} \"{kind}\" \"{name}\""),
                    ));
                }
                diagnostics.push(ModuleDiagnostic::new(file, found));
                return;
            }
            list.push(LabeledBlock {
                block_type: kind,
                name,
                block,
            });
        }
        "build" => config.builds.push(block),
        "packer" => {
            let (content, found) = block.body.content(&PACKER_SCHEMA);
            report(diagnostics, file, found);
            config
                .required_versions
                .extend(content.attr("required_version").cloned());
            for plugins in content.blocks_of("required_plugins") {
                let (attrs, found) = plugins.body.just_attributes();
                report(diagnostics, plugins.file, found);
                config.required_plugins.extend(attrs);
            }
        }
        // `hcp_packer_registry` and `communicator` configure Packer itself.
        _ => {}
    }
}

/// Where variable `name` is already declared (a `variable` block or an
/// argument of a `variables` block).
fn first_variable(config: &TemplateConfig<'_>, name: &str) -> Option<(FileId, Span)> {
    config
        .variables
        .iter()
        .find(|v| v.name() == name)
        .map(|v| (v.file, v.def_span))
        .or_else(|| {
            config
                .legacy_variables
                .iter()
                .find(|a| &*a.name == name)
                .map(|a| (a.file, a.name_span))
        })
}

/// Packer's message for a variable declared twice, with the first declaration.
fn duplicate_variable(
    diagnostics: &mut Vec<ModuleDiagnostic>,
    files: &SourceFiles,
    name: &str,
    (file, span): (FileId, Span),
    (first_file, first_span): (FileId, Span),
) {
    let mut found = Diagnostic::error(
        "Duplicate variable",
        format!(
            "Duplicate {name} variable definition found. The first is at {}.",
            files.place(first_file, first_span)
        ),
        span,
    );
    if first_file == file {
        found
            .labels
            .push((first_span, format!("var.{name} first declared here")));
    }
    diagnostics.push(ModuleDiagnostic::new(file, found));
}

/// A local defined twice (in `locals` blocks, `local` blocks, or one of each).
fn check_duplicate_locals(
    files: &SourceFiles,
    locals: &[LocalDef<'_>],
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for (i, local) in locals.iter().enumerate() {
        let Some(first) = locals[..i].iter().find(|l| l.name == local.name) else {
            continue;
        };
        let mut found = Diagnostic::error(
            "Duplicate local definition",
            format!(
                "Local variable \"{}\" is defined twice in your templates. Other definition found at {}.",
                local.name,
                files.place(first.file, first.name_span)
            ),
            local.name_span,
        );
        if first.file == local.file {
            found.labels.push((
                first.name_span,
                format!("local.{} first defined here", first.name),
            ));
        }
        diagnostics.push(ModuleDiagnostic::new(local.file, found));
    }
}
