//! Override files: merging `override.tf` and `*_override.tf` blocks into the blocks they match.
//!
//! The rules are Terraform's: an argument of the override replaces the
//! argument of that name; nested blocks of a type present in the override
//! replace every nested block of that type (their contents are not merged),
//! except `lifecycle`, merged argument by argument; `depends_on` may not be
//! overridden; `locals` are merged value by value; the `terraform` block
//! merges `required_providers` provider by provider and takes the override's
//! `required_version` and backend (`backend` or `cloud`). A variable's `validation` blocks, and
//! `moved` and `import` blocks, may not appear in an override file (the loader reports them).

use super::body::{ConfigAttr, ConfigBlock};
use super::module_config::BlockConfig;
use terrace_eval::Diagnostic;

/// Merges `over` into `base` (a `variable`, `output`, `resource`, `data` or `module` block).
pub(crate) fn merge_block<'a>(
    base: &mut BlockConfig<'a>,
    over: BlockConfig<'a>,
) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    base.overrides.push((over.file, over.def_span));
    let forbid_depends_on = matches!(&*base.block_type, "resource" | "data" | "output" | "module");
    for attr in over.attrs {
        if forbid_depends_on && &*attr.name == "depends_on" {
            diagnostics.push(Diagnostic::error(
                "Unsupported override",
                "The depends_on argument may not be overridden.",
                attr.name_span,
            ));
            continue;
        }
        replace_attr(&mut base.attrs, attr);
    }
    for attr in over.lifecycle {
        replace_attr(&mut base.lifecycle, attr);
    }
    merge_nested_blocks(&mut base.blocks, over.blocks);
    diagnostics
}

/// Sets `attr` in `attrs`, replacing an argument of the same name.
pub(crate) fn replace_attr<'a>(attrs: &mut Vec<ConfigAttr<'a>>, attr: ConfigAttr<'a>) {
    match attrs.iter_mut().find(|a| a.name == attr.name) {
        Some(existing) => *existing = attr,
        None => attrs.push(attr),
    }
}

/// Nested blocks: each type present in `over` replaces that type in `base`.
/// (A resource's `lifecycle` arguments are kept apart in
/// [`BlockConfig::lifecycle`] and merged one by one.)
fn merge_nested_blocks<'a>(base: &mut Vec<ConfigBlock<'a>>, over: Vec<ConfigBlock<'a>>) {
    let mut replaced: Vec<String> = Vec::new();
    for block in &over {
        if !replaced.iter().any(|t| **t == *block.block_type) {
            replaced.push(block.block_type.to_string());
        }
    }
    base.retain(|block| !replaced.iter().any(|t| **t == *block.block_type));
    base.extend(over);
}
