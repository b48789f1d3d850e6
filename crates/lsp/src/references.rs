//! Find references and rename: every place a named value is read — in its module, and for a
//! variable or an output, in the modules that call it (a call's argument, `module.NAME.out`)
//! — and, for a rename of a variable, a local or an output, the edits of its name everywhere.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_config::module::{ModuleInstance, SourceFile};
use terrace_syntax::{Body, BodyItem, Expr, Span, TraversalStep};

use crate::analysis::{Analysis, clean};
use crate::declarations;
use crate::definition::{Spot, names};

/// Depth limit of the module tree walk.
const MAX_DEPTH: usize = 64;

fn spot(file: &SourceFile, span: Span) -> Spot {
    Spot {
        path: file.path.to_path_buf(),
        text: file.text.clone(),
        span,
    }
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

/// The places in the files of `dir` reading `key` (`[var, x]`, `[module, m, out]`): the span
/// of the key's last name (without its dot), so a rename replaces just it.
fn reads(analysis: &Analysis, dir: &Path, key: &[&str], out: &mut Vec<Spot>) {
    for file in declarations::files_in(analysis.files(), dir) {
        each_expr(&file.body, &mut |expr| {
            for traversal in terrace_syntax::references(expr) {
                if traversal.root.as_str() != key[0] {
                    continue;
                }
                let steps: Vec<(&str, Span)> = traversal
                    .steps
                    .iter()
                    .filter_map(|step| match step {
                        TraversalStep::Attr { name, span } => Some((&**name, *span)),
                        TraversalStep::Index { .. } => None,
                    })
                    .collect();
                if steps.len() + 1 < key.len()
                    || !steps
                        .iter()
                        .zip(&key[1..])
                        .all(|((name, _), want)| name == want)
                {
                    continue;
                }
                let span = if key.len() == 1 {
                    traversal.root.span
                } else {
                    let (_, step) = steps[key.len() - 2];
                    // `.name`: the name without its dot.
                    Span::new(step.start as usize + 1, step.end as usize)
                };
                out.push(spot(file, span));
            }
        });
    }
}

/// The modules that call the module in `dir`: (their directory, the call's name).
fn callers(analysis: &Analysis, dir: &Path) -> Vec<(PathBuf, String)> {
    fn walk(
        instance: &ModuleInstance,
        dir: &Path,
        out: &mut BTreeMap<(PathBuf, String), ()>,
        depth: usize,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        for call in &instance.module_calls {
            for (_, child) in &call.instances {
                if clean(&child.dir) == dir {
                    out.insert((clean(&instance.dir), call.name.to_string()), ());
                }
                walk(child, dir, out, depth + 1);
            }
        }
    }
    let mut out = BTreeMap::new();
    if let Some(module) = analysis.module() {
        walk(module.root(), &clean(dir), &mut out, 0);
    }
    out.into_keys().collect()
}

/// The span of a quoted label's text (without its quotes).
fn label_text(span: Span, quoted: bool) -> Span {
    if quoted && span.end > span.start + 1 {
        Span::new(span.start as usize + 1, span.end as usize - 1)
    } else {
        span
    }
}

/// Where the named value of `reference` (written in a file of `dir`) is declared: the span of
/// its name (a variable's or output's label text, a local's attribute name).
fn declaration(analysis: &Analysis, dir: &Path, key: &[&str]) -> Vec<Spot> {
    let files = analysis.files();
    let mut out = Vec::new();
    match key {
        ["var", name] => {
            if let Some((file, block)) = declarations::block(files, dir, "variable", &[name])
                && let Some(label) = block.labels.first()
            {
                out.push(spot(file, label_text(label.span, label.quoted)));
            }
        }
        ["local", name] => {
            if let Some((file, attr)) = declarations::local(files, dir, name) {
                out.push(spot(file, attr.name.span));
            }
        }
        _ => {}
    }
    out
}

/// What a reference names, as the key reads match: `var.x` → `[var, x]`, `local.y`,
/// `module.m.out`, `module.m`, `TYPE.NAME`, `data.TYPE.NAME`.
fn key_of(reference: &str) -> Vec<String> {
    let mut names = names(reference);
    let keep = match names.first().map(String::as_str) {
        Some("var" | "local") => 2,
        Some("module") => 3,
        Some("data") => 3,
        Some("count" | "each" | "path" | "terraform" | "self") => 0,
        Some(_) => 2,
        None => 0,
    };
    names.truncate(keep);
    if names.len() < 2 { Vec::new() } else { names }
}

/// The directories of the modules the call `call` in `dir` calls (one, unless the call's
/// source differs per instance of the caller).
fn called_dirs(analysis: &Analysis, dir: &Path, call: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for place in analysis.places(dir) {
        for called in &place.instance.module_calls {
            if &*called.name != call {
                continue;
            }
            for (_, child) in &called.instances {
                let child_dir = clean(&child.dir);
                if !out.contains(&child_dir) {
                    out.push(child_dir);
                }
            }
        }
    }
    out
}

/// The places naming output `name` of the module in `dir`: with `declaration` its label, and
/// every `module.CALL.name` in the modules calling it.
fn output_references(analysis: &Analysis, dir: &Path, name: &str, declaration: bool) -> Vec<Spot> {
    let mut out = Vec::new();
    if declaration
        && let Some((file, block)) = declarations::block(analysis.files(), dir, "output", &[name])
        && let Some(label) = block.labels.first()
    {
        out.push(spot(file, label_text(label.span, label.quoted)));
    }
    for (caller_dir, call) in callers(analysis, dir) {
        reads(analysis, &caller_dir, &["module", &call, name], &mut out);
    }
    out
}

/// Every place `reference` (written in a file of `dir`) reads, and with `declaration` where it
/// is declared: in its module; for `var.x` also the argument `x` of each call of the module;
/// for an output read as `module.m.out`, the output's declaration in the child and every read
/// of it in the modules calling the child.
pub fn references(
    analysis: &Analysis,
    dir: &Path,
    reference: &str,
    with_declaration: bool,
) -> Vec<Spot> {
    references_of(analysis, dir, &key_of(reference), with_declaration)
}

/// [`references`] of a key (`[var, x]`, `[local, y]`, `[output, z]` for the output `z` of the
/// module in `dir`, `[module, m, z]`, `[aws_vpc, main]`, `[data, t, n]`).
pub fn references_of(
    analysis: &Analysis,
    dir: &Path,
    key: &[String],
    with_declaration: bool,
) -> Vec<Spot> {
    let key: Vec<&str> = key.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    match key.as_slice() {
        [] | [_] => return out,
        ["output", name] => out = output_references(analysis, dir, name, with_declaration),
        ["module", call, name] => {
            let children = called_dirs(analysis, dir, call);
            if children.is_empty() {
                reads(analysis, dir, &key, &mut out);
            }
            for child in children {
                out.extend(output_references(analysis, &child, name, with_declaration));
            }
        }
        _ => {
            if with_declaration {
                out.extend(declaration(analysis, dir, &key));
            }
            reads(analysis, dir, &key, &mut out);
        }
    }
    if let ["var", name] = key.as_slice() {
        for (caller_dir, call) in callers(analysis, dir) {
            if let Some((file, block)) =
                declarations::block(analysis.files(), &caller_dir, "module", &[&call])
                && let Some(attr) = block.body.attribute(name)
            {
                out.push(spot(file, attr.name.span));
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|spot| seen.insert((spot.path.clone(), spot.span.start, spot.span.end)));
    out
}

/// True for a name a variable, local or output may have.
///
/// ```
/// use terrace_lsp::references::is_identifier;
/// assert!(is_identifier("subnet_ids") && is_identifier("a-b"));
/// assert!(!is_identifier("1x") && !is_identifier("a.b") && !is_identifier(""));
/// ```
pub fn is_identifier(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// The places renaming the variable, local or output `key` names (read or declared in a file
/// of `dir`) changes: its declaration, its reads and the arguments of the calls (for an
/// output, `module.CALL.name` in every calling module); `Err` with the reason when the key is
/// not renamed (a module downloaded under `.terraform` is not edited).
pub fn rename_of(analysis: &Analysis, dir: &Path, key: &[String]) -> Result<Vec<Spot>, String> {
    let renamed = match key.first().map(String::as_str) {
        Some("var" | "local" | "output") => key.len() == 2,
        Some("module") => key.len() == 3,
        _ => false,
    };
    if !renamed {
        return Err(crate::named::NOTHING.to_string());
    }
    let spots = references_of(analysis, dir, key, true);
    if spots.iter().any(|spot| {
        spot.path
            .components()
            .any(|c| c.as_os_str() == ".terraform")
    }) {
        return Err(format!(
            "`{}` is declared in a module downloaded under .terraform: it is not renamed there.",
            key.join(".")
        ));
    }
    Ok(spots)
}
