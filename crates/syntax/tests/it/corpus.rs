//! Real-world Terraform: every `.tf` and `.tfvars` file must parse without errors.

use std::path::{Path, PathBuf};

use terrace_syntax::parse_body_bytes;

use crate::check::render;

/// Every `.tf`/`.tfvars` file under `dir`, sorted.
pub fn terraform_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if matches!(
                path.extension().and_then(|ext| ext.to_str()),
                Some("tf" | "tfvars")
            ) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[track_caller]
fn check_all(dir: &Path) -> usize {
    let files = terraform_files(dir);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let (_, errors) = parse_body_bytes(&bytes);
        let src = String::from_utf8_lossy(&bytes);
        assert!(
            errors.is_empty(),
            "{}:\n{}",
            path.display(),
            render(&src, &errors)
        );
    }
    files.len()
}

#[test]
fn project_corpus_parses_without_errors() {
    // The workspace's one copy of the real-world corpus.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/corpus");
    assert!(check_all(&dir) >= 150);
}

/// The full shared corpus, when the checkout has it beside the project.
#[test]
fn shared_corpus_parses_without_errors_when_present() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/real-world");
    if dir.is_dir() {
        assert!(check_all(&dir) > 0);
    }
}
