//! What each local value, resource, module call and output refers to (the reference walk), and the error for a cycle.

use std::collections::BTreeSet;

use terrace_syntax::{Name, Span, TraversalStep};

use crate::module::read::body::{ConfigAttr, ConfigBlock};
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::files::{FileId, SourceFiles};
use crate::module::read::module_config::{BlockConfig, ModuleConfig};
use terrace_eval::Diagnostic;
use terrace_eval::{Reference, references};

/// Identifies a resource: data or managed, type and name.
pub(crate) type ResourceKey = (bool, Name, Name);

/// Every reference in an argument list and nested blocks (recursively).
pub(crate) fn body_references(
    attrs: &[ConfigAttr<'_>],
    blocks: &[ConfigBlock<'_>],
    out: &mut Vec<Reference>,
) {
    for attr in attrs {
        // `depends_on` is read by static analysis: in JSON syntax its
        // strings are references, not templates.
        if &*attr.name == "depends_on"
            && let Ok(expr) = attr.static_expr()
        {
            out.extend(references(&expr));
            continue;
        }
        out.extend(references(&attr.expr));
    }
    for block in blocks {
        let content = block.body.all_content();
        body_references(&content.attributes, &content.blocks, out);
    }
}

fn attr_name(step: Option<&TraversalStep>) -> Option<&Name> {
    match step {
        Some(TraversalStep::Attr { name, .. }) => Some(name),
        _ => None,
    }
}

/// The resource a reference is to, and the steps after `TYPE.NAME`.
pub(crate) fn resource_of<'r>(
    reference: &'r Reference,
    managed_types: &BTreeSet<Name>,
) -> Option<(ResourceKey, &'r [TraversalStep])> {
    let steps = reference.steps();
    if reference.root() == "data" {
        let ty = attr_name(steps.first())?;
        let name = attr_name(steps.get(1))?;
        return Some(((true, ty.clone(), name.clone()), &steps[2..]));
    }
    if managed_types.contains(reference.root()) {
        let name = attr_name(steps.first())?;
        return Some((
            (false, Name::from(reference.root()), name.clone()),
            &steps[1..],
        ));
    }
    None
}

/// The managed resource types declared in `config`.
pub(crate) fn managed_types(config: &ModuleConfig<'_>) -> BTreeSet<Name> {
    config
        .resources
        .iter()
        .filter(|b| &*b.block_type == "resource")
        .filter_map(|b| b.labels.first().map(|(n, _)| n.clone()))
        .collect()
}

/// The key of a `resource` or `data` block.
pub(crate) fn resource_key(block: &BlockConfig<'_>) -> ResourceKey {
    (
        &*block.block_type == "data",
        block
            .labels
            .first()
            .map_or_else(|| Name::from(""), |(n, _)| n.clone()),
        block
            .labels
            .get(1)
            .map_or_else(|| Name::from(""), |(n, _)| n.clone()),
    )
}

/// The error for a cycle (a configuration error): its members' names as
/// Terraform writes them (`local.a (expand)`), dependencies first, the first
/// one's span, the others as labels (same file) or places in the detail.
pub(crate) fn cycle_diagnostic(
    members: &[(String, FileId, Span)],
    files: &SourceFiles,
) -> ModuleDiagnostic {
    let names: Vec<&str> = members.iter().map(|(n, _, _)| n.as_str()).collect();
    let address = |name: &str| name.trim_end_matches(" (expand)").to_string();
    // A cycle has at least one member (a node that refers to itself).
    let (_, first_file, first_span) = &members[0];
    let places: Vec<String> = members
        .iter()
        .map(|(name, file, span)| format!("{} ({})", address(name), files.place(*file, *span)))
        .collect();
    let mut diagnostic = Diagnostic::error(
        format!("Cycle: {}", names.join(", ")),
        format!(
            "These values refer to each other, so none of them can be evaluated: {}.",
            places.join(", ")
        ),
        *first_span,
    );
    for (name, file, span) in &members[1..] {
        if file == first_file {
            diagnostic =
                diagnostic.with_label(*span, format!("{} is part of the cycle", address(name)));
        }
    }
    // Terraform cannot order a configuration with a cycle, so evaluates nothing.
    let mut found = ModuleDiagnostic::new(*first_file, diagnostic);
    found.stage = crate::module::read::diagnostics::Stage::Configuration;
    found
}

/// Calls `f` on every expression of the arguments and nested blocks (recursively).
pub(crate) fn visit_exprs(
    attrs: &[ConfigAttr<'_>],
    blocks: &[ConfigBlock<'_>],
    f: &mut dyn FnMut(&terrace_syntax::Expr),
) {
    for attr in attrs {
        f(&attr.expr);
    }
    for block in blocks {
        let content = block.body.all_content();
        visit_exprs(&content.attributes, &content.blocks, f);
    }
}

impl ModuleConfig<'_> {
    /// Calls `f` on every expression of the module.
    pub(crate) fn for_each_expr(&self, f: &mut dyn FnMut(&terrace_syntax::Expr)) {
        for local in &self.locals {
            f(&local.expr);
        }
        for block in self
            .variables
            .iter()
            .chain(&self.resources)
            .chain(&self.module_calls)
            .chain(&self.outputs)
        {
            visit_exprs(&block.attrs, &block.blocks, f);
        }
    }
}
