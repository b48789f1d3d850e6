//! Where named things are declared in a loaded configuration: `variable`, `output`,
//! `module`, `resource` and `data` blocks and the locals' attributes of a module directory.

use std::path::Path;

use terrace_config::module::{SourceFile, SourceFiles};
use terrace_syntax::{Attribute, Block};

use crate::analysis::clean;

/// The native-syntax configuration files of `dir` (`.tf`, `.tofu`, `.pkr.hcl`), in load order.
pub fn files_in<'a>(files: &'a SourceFiles, dir: &Path) -> Vec<&'a SourceFile> {
    let dir = clean(dir);
    files
        .iter()
        .map(|(_, file)| file)
        .filter(|file| {
            let name = file.path.to_string_lossy();
            file.json.is_none()
                && !name.ends_with(".tfvars")
                && !name.ends_with(".hcl.lock")
                && !name.ends_with(".tftest.hcl")
                && !name.ends_with(".pkrvars.hcl")
                && file
                    .path
                    .parent()
                    .is_some_and(|parent| clean(parent) == dir)
        })
        .collect()
}

/// The top-level blocks of `dir` of type `kind`.
pub fn blocks<'a>(
    files: &'a SourceFiles,
    dir: &Path,
    kind: &str,
) -> Vec<(&'a SourceFile, &'a Block)> {
    files_in(files, dir)
        .into_iter()
        .flat_map(|file| file.body.blocks().map(move |block| (file, block)))
        .filter(|(_, block)| block.block_type.as_str() == kind)
        .collect()
}

/// The block of type `kind` with exactly these labels.
pub fn block<'a>(
    files: &'a SourceFiles,
    dir: &Path,
    kind: &str,
    labels: &[&str],
) -> Option<(&'a SourceFile, &'a Block)> {
    blocks(files, dir, kind).into_iter().find(|(_, block)| {
        block.labels.len() == labels.len()
            && block
                .labels
                .iter()
                .zip(labels)
                .all(|(label, want)| &*label.value == *want)
    })
}

/// The attribute declaring local `name`.
pub fn local<'a>(
    files: &'a SourceFiles,
    dir: &Path,
    name: &str,
) -> Option<(&'a SourceFile, &'a Attribute)> {
    blocks(files, dir, "locals")
        .into_iter()
        .find_map(|(file, block)| block.body.attribute(name).map(|attr| (file, attr)))
}

/// The source text of attribute `name` of `block`.
pub fn attr_source<'a>(file: &'a SourceFile, block: &Block, name: &str) -> Option<&'a str> {
    let attr = block.body.attribute(name)?;
    file.text.get(attr.expr.span.range())
}
