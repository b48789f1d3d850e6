//! `terrace check PATH...`: parse configuration files and directories and report every syntax error.

use std::fs;
use std::path::{Path, PathBuf};

use terrace_syntax::parse_body;

use crate::diagnostics::{Problem, Report};

/// The outcome of checking some paths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// How many files were parsed.
    pub n_files: usize,
    /// How many errors were found (syntax errors and unreadable files).
    pub n_errors: usize,
    /// One report per file with errors, in path order.
    pub reports: Vec<Report>,
}

/// Whether `check` parses a file with this name: `.tf`, `.tfvars` and `.hcl`
/// (which covers Packer's `.pkr.hcl` and `.pkrvars.hcl`), and in JSON syntax
/// `.tf.json`, `.tfvars.json`, `.pkr.json` and `.pkrvars.json`.
pub fn is_checked_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
        return false;
    };
    name.ends_with(".tf")
        || name.ends_with(".tfvars")
        || name.ends_with(".hcl")
        || name.ends_with(".tf.json")
        || name.ends_with(".tfvars.json")
        || name.ends_with(".pkr.json")
        || name.ends_with(".pkrvars.json")
}

/// A JSON variables file (`.tfvars.json`, Packer's `.pkrvars.json`): its strings are literal.
fn is_variables_json(path: &Path) -> bool {
    let name = path.to_string_lossy();
    name.ends_with(".tfvars.json") || name.ends_with(".pkrvars.json")
}

/// The errors of a file in HCL's JSON syntax: invalid JSON, and in a
/// configuration file (not `.tfvars.json`, whose strings are literal) the
/// strings that are not valid templates.
fn json_errors(path: &Path, source: &str) -> Vec<terrace_syntax::ParseError> {
    use terrace_syntax::json::{NOT_TEMPLATE_ARGUMENTS, parse_json};
    match parse_json(source) {
        Ok(value) if !is_variables_json(path) => value.template_errors(NOT_TEMPLATE_ARGUMENTS),
        Ok(_) => Vec::new(),
        Err(error) => vec![error],
    }
}

/// Parse every checked file under `paths` (files are parsed whatever their name).
/// Directories are walked in name order, skipping hidden ones (`.git`, `.terraform`).
pub fn check_paths(paths: &[PathBuf]) -> CheckSummary {
    let mut summary = CheckSummary::default();
    for path in paths {
        match fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => walk(path, &mut summary),
            Ok(_) => check_file(path, &mut summary),
            Err(error) => fail(
                path,
                &format!("cannot read {}: {error}", path.display()),
                &mut summary,
            ),
        }
    }
    summary
}

fn walk(dir: &Path, summary: &mut CheckSummary) {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) => {
                fail(
                    &dir,
                    &format!("cannot read {}: {error}", dir.display()),
                    summary,
                );
                continue;
            }
        };
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let hidden = entry
                .file_name()
                .to_str()
                .is_some_and(|name| name.starts_with('.'));
            match entry.file_type() {
                Ok(kind) if kind.is_dir() && !hidden => dirs.push(path),
                Ok(kind) if kind.is_file() && is_checked_file(&path) => files.push(path),
                Ok(kind) if kind.is_symlink() && !hidden && is_checked_file(&path) => {
                    files.push(path)
                }
                _ => {}
            }
        }
        files.sort();
        for file in &files {
            check_file(file, summary);
        }
        dirs.sort();
        // Depth first, in name order.
        pending.extend(dirs.into_iter().rev());
    }
}

fn check_file(path: &Path, summary: &mut CheckSummary) {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            fail(
                path,
                &format!("cannot read {}: {error}", path.display()),
                summary,
            );
            return;
        }
    };
    summary.n_files += 1;
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(error) => {
            // The parser's error names the offset of the first invalid byte; the text
            // shown under it marks the bad bytes with U+FFFD (before them it is exact).
            let (_, errors) = terrace_syntax::parse_body_bytes(error.as_bytes());
            let source = String::from_utf8_lossy(error.as_bytes()).into_owned();
            summary.n_errors += errors.len();
            let problems = errors.iter().map(Problem::from).collect();
            summary
                .reports
                .push(Report::new(path.display().to_string(), source, problems));
            return;
        }
    };
    let errors = if path.to_string_lossy().ends_with(".json") {
        json_errors(path, &source)
    } else {
        parse_body(&source).1
    };
    if errors.is_empty() {
        return;
    }
    summary.n_errors += errors.len();
    let problems = errors.iter().map(Problem::from).collect();
    summary
        .reports
        .push(Report::new(path.display().to_string(), source, problems));
}

fn fail(path: &Path, message: &str, summary: &mut CheckSummary) {
    summary.n_errors += 1;
    summary.reports.push(Report::new(
        path.display().to_string(),
        String::new(),
        vec![Problem::error("Cannot read file", message)],
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_file_names() {
        assert!(is_checked_file(Path::new("a/main.tf")));
        assert!(is_checked_file(Path::new("x.auto.tfvars")));
        assert!(is_checked_file(Path::new("p.pkr.hcl")));
        assert!(is_checked_file(Path::new("tests/web.tftest.hcl")));
        assert!(!is_checked_file(Path::new("README.md")));
        assert!(is_checked_file(Path::new("main.tf.json")));
        assert!(is_checked_file(Path::new("terraform.tfvars.json")));
        assert!(!is_checked_file(Path::new("package.json")));
        assert!(is_checked_file(Path::new("vars.auto.pkrvars.hcl")));
        assert!(is_checked_file(Path::new("image.pkr.json")));
        assert!(is_checked_file(Path::new("prod.pkrvars.json")));
    }
}
