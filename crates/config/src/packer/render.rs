//! Text for the console's `:vars`, `:sources` and `:builds` on a Packer template.

use std::fmt::Write;

use terrace_types::quote;

use super::builds::EvaluatedPlugin;
use super::named_values::LoadedTemplate;
use crate::module::explain::render::{assignment, body, variable_lines};
use crate::module::explain::why::{Flavor, Origins};

/// `var.NAME = value` then `local.NAME = value` lines, each in name order.
pub(crate) fn vars(template: &LoadedTemplate) -> String {
    let mut out = String::new();
    let root_dir = template
        .files
        .iter()
        .next()
        .and_then(|(_, f)| f.path.parent().map(std::path::Path::to_path_buf))
        .unwrap_or_default();
    let origins = Origins::new(&template.files, None, &root_dir, Flavor::Packer);
    variable_lines(
        &mut out,
        &template.variables,
        "no value given",
        &|variable| origins.origin(variable),
    );
    let mut locals: Vec<_> = template.locals.iter().collect();
    locals.sort_by(|a, b| a.name.cmp(&b.name));
    for local in locals {
        assignment(&mut out, 0, &format!("local.{}", local.name), &local.value);
    }
    out
}

/// Each source block with its evaluated arguments.
pub(crate) fn sources(template: &LoadedTemplate) -> String {
    let mut out = String::new();
    for source in &template.sources {
        let _ = writeln!(out, "# source.{}", source.address());
        let _ = writeln!(
            out,
            "source {} {} {{",
            quote(&source.source_type),
            quote(&source.name)
        );
        body(&mut out, &source.body, 2);
        let _ = writeln!(out, "}}");
    }
    out
}

/// Each build: for every source it runs, the source's arguments (with the
/// build's additions) and the provisioners and post-processors for it.
pub(crate) fn builds(template: &LoadedTemplate) -> String {
    let mut out = String::new();
    for (i, build) in template.builds.iter().enumerate() {
        match &build.name {
            Some(name) => {
                let _ = writeln!(out, "# build.name = {}", quote(name));
            }
            None => {
                let _ = writeln!(out, "# <unnamed build {i}>");
            }
        }
        let _ = writeln!(out, "build {{");
        if let Some(name) = &build.name {
            let _ = writeln!(out, "  name = {}", quote(name));
        }
        if let Some(description) = &build.description {
            let _ = writeln!(out, "  description = {}", quote(description));
        }
        if build.runs.is_empty() {
            let _ = writeln!(out, "  # no source");
        }
        for run in &build.runs {
            let _ = writeln!(
                out,
                "  # source.type = {}, source.name = {}",
                quote(&run.source_type),
                quote(run.local_name.as_deref().unwrap_or(&run.source_name))
            );
            let _ = writeln!(
                out,
                "  source {} {{",
                quote(&format!("source.{}.{}", run.source_type, run.source_name))
            );
            if let Some(local_name) = &run.local_name {
                let _ = writeln!(out, "    name = {}", quote(local_name));
            }
            body(&mut out, &run.source, 4);
            for provisioner in &run.provisioners {
                plugin(&mut out, provisioner, 4);
            }
            if let Some(cleanup) = &run.error_cleanup_provisioner {
                plugin(&mut out, cleanup, 4);
            }
            for chain in &run.post_processors {
                if !chain.from_block {
                    for single in &chain.post_processors {
                        plugin(&mut out, single, 4);
                    }
                    continue;
                }
                let _ = writeln!(out, "    post-processors {{");
                for post_processor in &chain.post_processors {
                    plugin(&mut out, post_processor, 6);
                }
                let _ = writeln!(out, "    }}");
            }
            let _ = writeln!(out, "  }}");
        }
        let _ = writeln!(out, "}}");
    }
    out
}

/// `packer.required_version = "..."` lines, then each required plugin.
pub(crate) fn plugins(template: &LoadedTemplate) -> String {
    let mut out = String::new();
    for version in &template.required_versions {
        let _ = writeln!(out, "packer.required_version = {}", quote(version));
    }
    if template.required_plugins.is_empty() {
        out.push_str("no required_plugins in this template\n");
    }
    for (name, settings) in &template.required_plugins {
        assignment(&mut out, 0, name, settings);
    }
    out
}

fn plugin(out: &mut String, plugin: &EvaluatedPlugin, indent: usize) {
    let pad = " ".repeat(indent);
    let _ = writeln!(
        out,
        "{pad}{} {} {{",
        plugin.kind,
        quote(&plugin.plugin_type)
    );
    body(out, &plugin.body, indent + 2);
    let _ = writeln!(out, "{pad}}}");
}
