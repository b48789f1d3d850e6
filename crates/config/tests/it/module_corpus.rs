//! Every module directory of the corpus copies that hold whole repositories
//! (`tests/data/corpus/` at the workspace root, see its README) loads without an error.

use std::path::{Path, PathBuf};

use terrace_config::module::{LoadOptions, load_module};

fn module_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    if entries
        .iter()
        .any(|p| p.extension().is_some_and(|e| e == "tf"))
    {
        out.push(dir.to_path_buf());
    }
    for entry in entries {
        if entry.is_dir() {
            module_dirs(&entry, out);
        }
    }
}

#[test]
fn corpus_modules_load_without_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/corpus");
    let mut dirs = Vec::new();
    for repository in [
        "terraform-aws-modules__terraform-aws-iam",
        "terraform-aws-modules__terraform-aws-rds",
    ] {
        module_dirs(&root.join(repository), &mut dirs);
    }
    assert!(
        dirs.len() > 40,
        "found only {} module directories",
        dirs.len()
    );
    let mut failures = Vec::new();
    for dir in &dirs {
        let module = load_module(dir, &LoadOptions::default());
        for found in module.diagnostics().iter().filter(|d| d.is_error()) {
            let place = found
                .file
                .map(|id| module.files().place(id, found.diagnostic.span))
                .unwrap_or_default();
            failures.push(format!(
                "{}: {place}: {}",
                dir.strip_prefix(&root).unwrap().display(),
                found.diagnostic
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
