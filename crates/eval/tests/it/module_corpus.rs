//! Every module directory of `tests/data/corpus-modules` loads without an error.

use std::path::{Path, PathBuf};

use terrace_eval::module::{LoadOptions, load_module};

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus-modules");
    let mut dirs = Vec::new();
    module_dirs(&root, &mut dirs);
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
