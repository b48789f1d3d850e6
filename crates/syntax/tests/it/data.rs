//! Data-driven tests: `tests/data/ok` must parse cleanly, `tests/data/err` must not.
//!
//! Each file gets a snapshot named after it: the body dump for `ok`, the
//! rendered diagnostics for `err`.

use std::path::{Path, PathBuf};

use terrace_syntax::{dump_body, parse_body};

use crate::check::render;

pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The files of `dir`, sorted.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_name()
        .unwrap()
        .to_string_lossy()
        .replace('.', "_")
}

#[test]
fn ok_files_parse_without_errors() {
    let files = files(&data_dir().join("ok"));
    assert!(files.len() >= 5);
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let (body, errors) = parse_body(&src);
        assert!(
            errors.is_empty(),
            "{}:\n{}",
            path.display(),
            render(&src, &errors)
        );
        insta::assert_snapshot!(format!("ok_{}", stem(&path)), dump_body(&body));
    }
}

#[test]
fn err_files_report_errors() {
    let files = files(&data_dir().join("err"));
    assert!(files.len() >= 5);
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let (_, errors) = parse_body(&src);
        assert!(
            !errors.is_empty(),
            "{} parsed without errors",
            path.display()
        );
        insta::assert_snapshot!(format!("err_{}", stem(&path)), render(&src, &errors));
    }
}
