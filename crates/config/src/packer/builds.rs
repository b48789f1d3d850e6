//! `build` blocks: the sources they run (`sources = [...]` and nested
//! `source "source.TYPE.NAME" { ... }` blocks that add arguments), and their
//! provisioners and post-processors evaluated once per source, with
//! `source.name`, `source.type`, `build.name` and the build variables.

use terrace_syntax::{ExprKind, Name, Span, is_identifier};
use terrace_types::{Type, Value};

use super::loader::LabeledBlock;
use super::sources::{SourceValue, source_object};
use crate::module::eval::evaluated_body::eval_body;
use crate::module::eval::evaluated_body::{Expanded, expand};
use crate::module::read::diagnostics::warning;
use crate::module::{
    BodySchema, ConfigAttr, ConfigBlock, EvaluatedBody, FileId, ModuleDiagnostic, SourceFiles,
    Stage,
};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;
use terrace_eval::suggest;

/// The variables a builder gives provisioners and post-processors
/// (`build.ID`, `build.Host`, ...): unknown until a build runs.
pub const BUILD_VARIABLES: &[&str] = &[
    "ID",
    "Host",
    "Port",
    "User",
    "Password",
    "ConnType",
    "PackerRunUUID",
    "PackerHTTPPort",
    "PackerHTTPIP",
    "PackerHTTPAddr",
    "SSHPublicKey",
    "SSHPrivateKey",
    "WinRMPassword",
];

const BUILD_SCHEMA: BodySchema = BodySchema {
    attributes: &["name", "description", "sources"],
    blocks: &[
        ("source", 1),
        ("provisioner", 1),
        ("error-cleanup-provisioner", 1),
        ("post-processor", 1),
        ("post-processors", 0),
        ("hcp_packer_registry", 0),
        ("dynamic", 1),
    ],
    open: false,
};

const POST_PROCESSORS_SCHEMA: BodySchema = BodySchema {
    attributes: &[],
    blocks: &[("post-processor", 1)],
    open: false,
};

/// A `build` block evaluated: one run per source.
#[derive(Clone, Debug)]
pub struct BuildValue {
    /// `name`, when set.
    pub name: Option<String>,
    /// `description`, when set.
    pub description: Option<String>,
    /// The runs, one per source the build names, in order.
    pub runs: Vec<BuildRun>,
}

/// One source a build runs, with its provisioners and post-processors
/// evaluated for it.
#[derive(Clone, Debug)]
pub struct BuildRun {
    /// The source's type.
    pub source_type: Name,
    /// The source's name.
    pub source_name: Name,
    /// The `name` given in the build's `source` block (`source.name` then).
    pub local_name: Option<String>,
    /// The source's arguments with the build's additions, evaluated.
    pub source: EvaluatedBody,
    /// `provisioner` blocks that run for this source (`only`/`except` applied).
    pub provisioners: Vec<EvaluatedPlugin>,
    /// The `error-cleanup-provisioner`, if any.
    pub error_cleanup_provisioner: Option<EvaluatedPlugin>,
    /// Post-processor chains: each `post-processor` block is a chain of one,
    /// each `post-processors` block a chain of its blocks.
    pub post_processors: Vec<PostProcessorChain>,
}

/// One chain of post-processors, each getting the previous one's artifact.
#[derive(Clone, Debug)]
pub struct PostProcessorChain {
    /// True for a `post-processors { ... }` block, false for one `post-processor`.
    pub from_block: bool,
    /// The post-processors that run for this source (`only`/`except` applied).
    pub post_processors: Vec<EvaluatedPlugin>,
}

impl BuildRun {
    /// `TYPE.NAME` with the local name, as Packer names the run.
    pub fn address(&self) -> String {
        format!(
            "{}.{}",
            self.source_type,
            self.local_name.as_deref().unwrap_or(&self.source_name)
        )
    }
}

/// A provisioner or post-processor: its type and evaluated body.
#[derive(Clone, Debug)]
pub struct EvaluatedPlugin {
    /// `provisioner`, `error-cleanup-provisioner` or `post-processor`.
    pub kind: &'static str,
    /// The plugin type (`shell`, `manifest`).
    pub plugin_type: String,
    /// Its arguments and nested blocks.
    pub body: EvaluatedBody,
}

/// A source a build uses, before evaluation.
struct SourceUse<'a> {
    source_type: String,
    name: String,
    /// The nested block, when the source is used through one.
    block: Option<ConfigBlock<'a>>,
    /// Where the use is written (the string or the block label).
    span: Span,
    file: FileId,
}

/// A diagnostic about the template itself (a reference to a source that does
/// not exist, an argument set twice), not about evaluating a value.
fn configuration(file: FileId, diagnostic: Diagnostic) -> ModuleDiagnostic {
    let mut found = ModuleDiagnostic::new(file, diagnostic);
    found.stage = Stage::Configuration;
    found
}

/// Splits `source.TYPE.NAME` (or `TYPE.NAME`) as Packer does.
fn source_ref(text: &str) -> Option<(String, String)> {
    let parts: Vec<&str> = text.split('.').collect();
    let parts = match parts.len() {
        0 | 1 => return None,
        2 => &parts[..],
        _ => &parts[1..],
    };
    let (ty, name) = (parts[0], parts[1]);
    (is_identifier(ty) && is_identifier(name)).then(|| (ty.to_string(), name.to_string()))
}

fn invalid_reference(file: FileId, span: Span) -> ModuleDiagnostic {
    configuration(
        file,
        Diagnostic::error(
            "Invalid source reference",
            "A source type is made of three parts that are split by a dot `.`; each part must start with a letter and may contain only letters, digits, underscores, and dashes. A valid source reference looks like: `source.type.name`",
            span,
        ),
    )
}

/// Evaluates a constant-ish string argument (`name`, `description`).
fn string_attr(
    attr: Option<&ConfigAttr<'_>>,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<String> {
    let attr = attr?;
    match evaluator.eval(&attr.expr, scope) {
        Ok(value) => {
            let (value, _) = value.unmark_deep();
            match terrace_types::convert(&value, &Type::String) {
                Ok(v) if v.is_known() && !v.is_null() => v.as_str().map(str::to_string),
                Ok(_) => None,
                Err(error) => {
                    diagnostics.push(ModuleDiagnostic::new(
                        attr.file,
                        Diagnostic::error(
                            "Incorrect attribute value type",
                            format!(
                                "Inappropriate value for attribute \"{}\": {error}.",
                                attr.name
                            ),
                            attr.expr.span,
                        ),
                    ));
                    None
                }
            }
        }
        Err(found) => {
            diagnostics.extend(
                found
                    .into_iter()
                    .map(|d| ModuleDiagnostic::new(attr.file, d)),
            );
            None
        }
    }
}

/// The sources a build lists in `sources = [...]`.
fn listed_sources<'a>(
    attr: &ConfigAttr<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<SourceUse<'a>> {
    let value = match evaluator.eval(&attr.expr, scope) {
        Ok(value) => value.unmark_deep().0,
        Err(found) => {
            diagnostics.extend(
                found
                    .into_iter()
                    .map(|d| ModuleDiagnostic::new(attr.file, d)),
            );
            return Vec::new();
        }
    };
    let element_spans: Vec<Span> = match &attr.expr.strip_parens().kind {
        ExprKind::TupleCons(elems) => elems.iter().map(|e| e.span).collect(),
        _ => Vec::new(),
    };
    let list = match terrace_types::convert(&value, &Type::list(Type::String)) {
        Ok(list) if list.is_known() && !list.is_null() => list,
        Ok(_) => return Vec::new(),
        Err(error) => {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Incorrect attribute value type",
                    format!("Inappropriate value for attribute \"sources\": {error}."),
                    attr.expr.span,
                ),
            ));
            return Vec::new();
        }
    };
    let mut uses = Vec::new();
    for (i, item) in list.as_seq().into_iter().flatten().enumerate() {
        let span = element_spans.get(i).copied().unwrap_or(attr.expr.span);
        let Some(text) = item.as_str() else {
            continue;
        };
        match source_ref(text) {
            Some((source_type, name)) => uses.push(SourceUse {
                source_type,
                name,
                block: None,
                span,
                file: attr.file,
            }),
            None => diagnostics.push(invalid_reference(attr.file, span)),
        }
    }
    uses
}

/// The source's arguments and blocks with those of the build's nested
/// `source` block added (its `name` is the run's name, not an argument).
fn merged_attrs<'a>(
    source: &LabeledBlock<'a>,
    addition: Option<&ConfigBlock<'a>>,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> (Vec<ConfigAttr<'a>>, Vec<ConfigBlock<'a>>) {
    let base = source.block.body.all_content();
    let mut attrs = base.attributes;
    let mut blocks = base.blocks;
    let Some(addition) = addition else {
        return (attrs, blocks);
    };
    let extra = addition.body.all_content();
    for attr in extra.attributes {
        if &*attr.name == "name" {
            continue;
        }
        if let Some(existing) = attrs.iter().find(|a| a.name == attr.name) {
            // hcl.MergeBodies, which Packer merges with, refuses to set an
            // argument twice.
            let mut found = Diagnostic::error(
                "Duplicate argument",
                format!(
                    "Argument \"{}\" was already set at {}",
                    attr.name,
                    files.place(existing.file, existing.name_span)
                ),
                attr.name_span,
            );
            if existing.file == attr.file {
                found.labels.push((
                    existing.name_span,
                    format!(
                        "{} is set here in source \"{}\" \"{}\"",
                        attr.name, source.block_type, source.name
                    ),
                ));
            }
            diagnostics.push(configuration(attr.file, found));
            continue;
        }
        attrs.push(attr);
    }
    blocks.extend(extra.blocks);
    (attrs, blocks)
}

/// The scope of one run: `source` with the run's type and name, `build` with
/// the build's name and unknown build variables.
fn run_scope(
    scope: &Scope,
    sources: &[SourceValue],
    source_type: &str,
    name: &str,
    build_name: Option<&str>,
) -> Scope {
    let mut run = scope.clone();
    run.insert_namespace("source", source_object(Some((source_type, name)), sources));
    run.insert_namespace("build", build_object(build_name));
    run
}

/// `build`: its `name` (unknown outside a build, `""` for a build with no
/// name, as Packer) and the build variables, unknown.
pub(crate) fn build_object(name: Option<&str>) -> Value {
    let mut attrs: Vec<(String, Value)> = BUILD_VARIABLES
        .iter()
        .map(|key| ((*key).to_string(), Value::unknown(Type::String)))
        .collect();
    let name = match name {
        Some(name) => Value::string(name),
        None => Value::unknown(Type::String),
    };
    attrs.push(("name".to_string(), name));
    Value::object(attrs)
}

/// Evaluates a provisioner or post-processor block for one run.
fn plugin(
    kind: &'static str,
    block: &ConfigBlock<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> EvaluatedPlugin {
    let content = block.body.all_content();
    EvaluatedPlugin {
        kind,
        plugin_type: block
            .labels
            .first()
            .map(|(l, _)| l.to_string())
            .unwrap_or_default(),
        body: eval_body(
            &content.attributes,
            &content.blocks,
            scope,
            evaluator,
            diagnostics,
        ),
    }
}

/// The provisioners or post-processors a build's `dynamic` block generates
/// for one run (Packer expands `dynamic` blocks anywhere in a template).
fn dynamic_plugins(
    block: &ConfigBlock<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<EvaluatedPlugin> {
    let kind = match block.labels.first().map(|(label, _)| &**label) {
        Some("provisioner") => "provisioner",
        Some("post-processor") => "post-processor",
        _ => return Vec::new(),
    };
    match expand(block, scope, evaluator, diagnostics) {
        Expanded::Blocks(blocks) => blocks
            .into_iter()
            .map(|generated| EvaluatedPlugin {
                kind,
                plugin_type: generated.labels.first().cloned().unwrap_or_default(),
                body: generated.body,
            })
            .collect(),
        Expanded::Unknown(_) | Expanded::Invalid => Vec::new(),
    }
}

/// Whether a plugin runs for `address` (`only` and `except` name sources as `TYPE.NAME`).
fn runs_for(plugin: &EvaluatedPlugin, address: &str) -> bool {
    let names = |key: &str| -> Option<Vec<String>> {
        let (_, value) = plugin.body.attrs.iter().find(|(n, _)| &**n == key)?;
        Some(
            value
                .as_seq()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
        )
    };
    if let Some(only) = names("only") {
        return only.iter().any(|n| n == address);
    }
    if let Some(except) = names("except") {
        return !except.iter().any(|n| n == address);
    }
    true
}

/// Evaluates every build block.
pub(crate) fn eval_builds(
    blocks: &[ConfigBlock<'_>],
    sources: &[LabeledBlock<'_>],
    source_values: &[SourceValue],
    scope: &Scope,
    evaluator: &Evaluator,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<BuildValue> {
    blocks
        .iter()
        .map(|block| {
            eval_build(
                block,
                sources,
                source_values,
                scope,
                evaluator,
                files,
                diagnostics,
            )
        })
        .collect()
}

fn eval_build(
    block: &ConfigBlock<'_>,
    sources: &[LabeledBlock<'_>],
    source_values: &[SourceValue],
    scope: &Scope,
    evaluator: &Evaluator,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> BuildValue {
    let file = block.file;
    let (content, found) = block.body.content(&BUILD_SCHEMA);
    diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
    let name = string_attr(content.attr("name"), scope, evaluator, diagnostics);
    let description = string_attr(content.attr("description"), scope, evaluator, diagnostics);
    let mut uses: Vec<SourceUse<'_>> = match content.attr("sources") {
        Some(attr) => listed_sources(attr, scope, evaluator, diagnostics),
        None => Vec::new(),
    };
    for nested in content.blocks_of("source") {
        let Some((label, label_span)) = nested.labels.first() else {
            continue;
        };
        match source_ref(label) {
            Some((source_type, name)) => uses.push(SourceUse {
                source_type,
                name,
                block: Some(nested.clone()),
                span: *label_span,
                file: nested.file,
            }),
            None => diagnostics.push(invalid_reference(nested.file, *label_span)),
        }
    }
    if uses.is_empty() && content.attr("sources").is_none() {
        diagnostics.push(configuration(
            file,
            Diagnostic::error(
                "missing source reference",
                "a build block must reference at least one source to be built",
                block.def_span,
            ),
        ));
    }
    let known: Vec<String> = sources
        .iter()
        .map(|s| format!("{}.{}", s.block_type, s.name))
        .collect();
    for extra in content.blocks_of("error-cleanup-provisioner").skip(1) {
        diagnostics.push(configuration(
            extra.file,
            Diagnostic::error(
                "Only one error-cleanup-provisioner is allowed",
                "",
                extra.def_span,
            ),
        ));
    }
    for nested in content.blocks_of("dynamic") {
        let label = nested.labels.first().map_or("", |(label, _)| &**label);
        if !matches!(label, "provisioner" | "post-processor") {
            diagnostics.push(ModuleDiagnostic::new(
                nested.file,
                warning(
                    "Dynamic block not expanded",
                    format!(
                        "terrace expands dynamic \"provisioner\" and \"post-processor\" blocks in a build, not dynamic \"{label}\" blocks: they are left out here."
                    ),
                    nested.def_span,
                ),
            ));
        }
    }
    let mut runs = Vec::new();
    for source_use in uses {
        let address = format!("{}.{}", source_use.source_type, source_use.name);
        let Some(source) = sources
            .iter()
            .find(|s| *s.block_type == *source_use.source_type && *s.name == *source_use.name)
        else {
            let mut sorted = known.clone();
            sorted.sort();
            let suggestion = suggest(&address, sorted.iter().map(String::as_str));
            let detail = match suggestion {
                Some(s) => format!("Did you mean to use \"{s}\"?"),
                None => format!("Known: [{}]", sorted.join(" ")),
            };
            let mut found =
                Diagnostic::error(format!("Unknown source {address}"), detail, source_use.span);
            if let Some(s) = suggestion {
                found.suggestion = Some(s.to_string());
            }
            diagnostics.push(configuration(source_use.file, found));
            continue;
        };
        let local_name = source_use.block.as_ref().and_then(|nested| {
            let content = nested.body.all_content();
            string_attr(content.attr("name"), scope, evaluator, diagnostics)
        });
        let shown_name = local_name
            .clone()
            .unwrap_or_else(|| source_use.name.clone());
        let run = run_scope(
            scope,
            source_values,
            &source_use.source_type,
            &shown_name,
            Some(name.as_deref().unwrap_or_default()),
        );
        let (attrs, nested_blocks) =
            merged_attrs(source, source_use.block.as_ref(), files, diagnostics);
        let source_body = eval_body(&attrs, &nested_blocks, &run, evaluator, diagnostics);
        let run_address = format!("{}.{shown_name}", source_use.source_type);
        let mut provisioners = Vec::new();
        let mut error_cleanup_provisioner = None;
        let mut post_processors = Vec::new();
        for nested in &content.blocks {
            match &*nested.block_type {
                "provisioner" => {
                    provisioners.push(plugin("provisioner", nested, &run, evaluator, diagnostics));
                }
                "error-cleanup-provisioner" if error_cleanup_provisioner.is_none() => {
                    error_cleanup_provisioner = Some(plugin(
                        "error-cleanup-provisioner",
                        nested,
                        &run,
                        evaluator,
                        diagnostics,
                    ));
                }
                "dynamic" => {
                    for generated in dynamic_plugins(nested, &run, evaluator, diagnostics) {
                        match generated.kind {
                            "provisioner" => provisioners.push(generated),
                            "post-processor" if runs_for(&generated, &run_address) => {
                                post_processors.push(PostProcessorChain {
                                    from_block: false,
                                    post_processors: vec![generated],
                                });
                            }
                            _ => {}
                        }
                    }
                }
                "post-processor" => {
                    let pp = plugin("post-processor", nested, &run, evaluator, diagnostics);
                    if runs_for(&pp, &run_address) {
                        post_processors.push(PostProcessorChain {
                            from_block: false,
                            post_processors: vec![pp],
                        });
                    }
                }
                "post-processors" => {
                    let (chain, found) = nested.body.content(&POST_PROCESSORS_SCHEMA);
                    diagnostics.extend(
                        found
                            .into_iter()
                            .map(|d| ModuleDiagnostic::new(nested.file, d)),
                    );
                    let chain: Vec<EvaluatedPlugin> = chain
                        .blocks
                        .iter()
                        .map(|b| plugin("post-processor", b, &run, evaluator, diagnostics))
                        .filter(|p| runs_for(p, &run_address))
                        .collect();
                    if !chain.is_empty() {
                        post_processors.push(PostProcessorChain {
                            from_block: true,
                            post_processors: chain,
                        });
                    }
                }
                _ => {}
            }
        }
        provisioners.retain(|p| runs_for(p, &run_address));
        runs.push(BuildRun {
            source_type: Name::from(source_use.source_type.as_str()),
            source_name: Name::from(source_use.name.as_str()),
            local_name,
            source: source_body,
            provisioners,
            error_cleanup_provisioner,
            post_processors,
        });
    }
    BuildValue {
        name,
        description,
        runs,
    }
}
