//! Text for the console's `:vars`, `:outputs`, `:blocks ADDRESS` and `:providers` commands.

use std::fmt::Write;

use terrace_syntax::{IndexKey, TraversalStep, parse_traversal};
use terrace_types::{Value, format_value};

use super::why::{Flavor, Origins};
use crate::module::eval::evaluated_body::EvaluatedBody;
use crate::module::eval::instance_key::InstanceKey;
use crate::module::eval::module_instance::ModuleInstance;
use crate::module::eval::resources::ResourceValue;
use crate::module::inputs::variables::{VariableSource, VariableValue};
use crate::module::read::files::SourceFiles;
use crate::module::read::lock_file::LockFile;

/// `name = value` with the value's continuation lines indented by `indent`.
pub(crate) fn assignment(out: &mut String, indent: usize, name: &str, value: &Value) {
    let pad = " ".repeat(indent);
    let text = format_value(value).replace('\n', &format!("\n{pad}"));
    let _ = writeln!(out, "{pad}{name} = {text}");
}

/// `var.NAME = value  # from …` lines in name order, unset ones noted.
pub(crate) fn vars(module: &ModuleInstance, files: &SourceFiles) -> String {
    let mut out = String::new();
    let origins = Origins::new(files, Some(&module.dir), &module.dir, Flavor::Terraform);
    variable_lines(
        &mut out,
        &module.variables,
        "required, no value given",
        &|variable| origins.origin(variable),
    );
    out
}

/// `var.NAME = value` lines for `variables` in name order, each followed by `# from …`
/// (where the value came from, as `origin` words it), or by `# unset_note` for an unset one
/// (Terraform's and Packer's `:vars`).
pub(crate) fn variable_lines(
    out: &mut String,
    variables: &[VariableValue],
    unset_note: &str,
    origin: &dyn Fn(&VariableValue) -> String,
) {
    let mut variables: Vec<_> = variables.iter().collect();
    variables.sort_by(|a, b| a.name.cmp(&b.name));
    for variable in variables {
        let start = out.len();
        assignment(out, 0, &format!("var.{}", variable.name), &variable.value);
        let note = if variable.source == VariableSource::Unset {
            unset_note.to_string()
        } else {
            let words = origin(variable);
            words.strip_prefix("value ").unwrap_or(&words).to_string()
        };
        // At the end of the first line, so a value of many lines keeps it in view.
        let first_end = out[start..].find('\n').map_or(out.len(), |at| start + at);
        out.insert_str(first_end, &format!("  # {note}"));
    }
}

/// `NAME = value` lines in name order.
pub(crate) fn outputs(module: &ModuleInstance) -> String {
    let mut outputs: Vec<_> = module.outputs.iter().collect();
    outputs.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::new();
    for output in outputs {
        assignment(&mut out, 0, &output.name, &output.value);
    }
    out
}

/// The providers of the lock file.
pub(crate) fn providers(lock: Option<&LockFile>) -> String {
    let Some(lock) = lock else {
        return "no .terraform.lock.hcl in this directory\n".to_string();
    };
    let mut out = String::new();
    for provider in &lock.providers {
        let _ = writeln!(out, "{}", provider.address);
        if let Some(version) = &provider.version {
            let _ = writeln!(out, "  version     = {version}");
        }
        if let Some(constraints) = &provider.constraints {
            let _ = writeln!(out, "  constraints = {constraints}");
        }
        let _ = writeln!(out, "  hashes      = {}", provider.hashes.len());
        for hash in &provider.hashes {
            let _ = writeln!(out, "    {hash}");
        }
    }
    out
}

/// `:blocks ADDRESS`: `TYPE.NAME`, `data.TYPE.NAME`, with an optional
/// instance key, optionally after `module.NAME[key].` steps.
pub(crate) fn blocks(module: &ModuleInstance, address: &str) -> Option<String> {
    let traversal = parse_traversal(address.trim()).ok()?;
    let mut names: Vec<Step> = Vec::new();
    names.push(Step::Name(traversal.root.name.to_string()));
    for step in &traversal.steps {
        names.push(match step {
            TraversalStep::Attr { name, .. } => Step::Name(name.to_string()),
            TraversalStep::Index {
                key: IndexKey::Number(n),
                ..
            } => Step::Index(InstanceKey::Index(n.parse().ok()?)),
            TraversalStep::Index {
                key: IndexKey::String(s),
                ..
            } => Step::Index(InstanceKey::Key(s.to_string())),
        });
    }
    find(module, &names)
}

enum Step {
    Name(String),
    Index(InstanceKey),
}

fn find(module: &ModuleInstance, steps: &[Step]) -> Option<String> {
    let name = |i: usize| match steps.get(i) {
        Some(Step::Name(n)) => Some(n.as_str()),
        _ => None,
    };
    let key_at = |i: usize| match steps.get(i) {
        Some(Step::Index(k)) => Some(k.clone()),
        _ => None,
    };
    match name(0)? {
        "module" => {
            let call = module
                .module_calls
                .iter()
                .find(|c| Some(&*c.name) == name(1))?;
            let (key, rest) = match key_at(2) {
                Some(key) => (key, 3),
                None => (InstanceKey::None, 2),
            };
            let (_, child) = call.instances.iter().find(|(k, _)| *k == key)?;
            find(child, &steps[rest..])
        }
        "data" => {
            let resource = module.resources.iter().find(|r| {
                r.is_data && Some(&*r.resource_type) == name(1) && Some(&*r.name) == name(2)
            })?;
            render_resource(resource, key_at(3), steps.len() <= 4)
        }
        ty => {
            let resource = module
                .resources
                .iter()
                .find(|r| !r.is_data && &*r.resource_type == ty && Some(&*r.name) == name(1))?;
            render_resource(resource, key_at(2), steps.len() <= 3)
        }
    }
}

fn render_resource(
    resource: &ResourceValue,
    key: Option<InstanceKey>,
    complete: bool,
) -> Option<String> {
    if !complete {
        return None;
    }
    let kind = if resource.is_data { "data" } else { "resource" };
    let mut out = String::new();
    if resource.instances.is_empty() {
        let _ = writeln!(
            out,
            "# {}: no instances (count or for_each is unknown or empty)",
            resource.address()
        );
        return Some(out);
    }
    for instance in &resource.instances {
        if key.as_ref().is_some_and(|k| *k != instance.key) {
            continue;
        }
        let suffix = match &instance.key {
            InstanceKey::None => String::new(),
            InstanceKey::Index(i) => format!("[{i}]"),
            InstanceKey::Key(k) => format!("[{}]", terrace_types::quote(k)),
        };
        let _ = writeln!(out, "# {}{suffix}", resource.address());
        let _ = writeln!(
            out,
            "{kind} \"{}\" \"{}\" {{",
            resource.resource_type, resource.name
        );
        body(&mut out, &instance.body, 2);
        let _ = writeln!(out, "}}");
    }
    if out.is_empty() { None } else { Some(out) }
}

pub(crate) fn body(out: &mut String, evaluated: &EvaluatedBody, indent: usize) {
    let pad = " ".repeat(indent);
    for (name, value) in &evaluated.attrs {
        assignment(out, indent, name, value);
    }
    for block in &evaluated.blocks {
        let mut header = block.block_type.to_string();
        for label in &block.labels {
            let _ = write!(header, " {}", terrace_types::quote(label));
        }
        let note = if block.from_dynamic {
            " # from a dynamic block"
        } else {
            ""
        };
        let _ = writeln!(out, "{pad}{header} {{{note}");
        body(out, &block.body, indent + 2);
        let _ = writeln!(out, "{pad}}}");
    }
    for block_type in &evaluated.unknown_blocks {
        let _ = writeln!(
            out,
            "{pad}# dynamic \"{block_type}\": for_each is unknown, so its blocks are (known after apply)"
        );
    }
}
