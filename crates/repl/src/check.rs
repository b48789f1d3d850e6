//! `terrace check PATH...`: parse configuration files and directories and report every syntax error.

use std::fs;
use std::path::{Path, PathBuf};

use terrace_syntax::parse_body;

use crate::diagnostics::{Problem, Report};
use crate::on_every_core::map_on_every_core;

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

/// One thing to check, in the order its report is shown: a file to parse, or a path that
/// could not be read (its message).
enum Job {
    File(PathBuf),
    Unreadable(PathBuf, String),
}

/// What checking one job found: whether a file was parsed, how many errors, the report.
struct Outcome {
    parsed: bool,
    n_errors: usize,
    report: Option<Report>,
}

/// Parse every checked file under `paths` (files are parsed whatever their name).
/// Directories are walked in name order, skipping hidden ones (`.git`, `.terraform`).
/// The files are found first, then parsed on every core; the reports keep the walk's order.
pub fn check_paths(paths: &[PathBuf]) -> CheckSummary {
    let mut jobs = Vec::new();
    for path in paths {
        match fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => walk(path, &mut jobs),
            Ok(_) => jobs.push(Job::File(path.clone())),
            Err(error) => jobs.push(Job::Unreadable(
                path.clone(),
                format!("cannot read {}: {error}", path.display()),
            )),
        }
    }
    let mut summary = CheckSummary::default();
    for outcome in map_on_every_core(&jobs, check_job) {
        summary.n_files += usize::from(outcome.parsed);
        summary.n_errors += outcome.n_errors;
        summary.reports.extend(outcome.report);
    }
    summary
}

fn walk(dir: &Path, jobs: &mut Vec<Job>) {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) => {
                let message = format!("cannot read {}: {error}", dir.display());
                jobs.push(Job::Unreadable(dir, message));
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
        jobs.extend(files.into_iter().map(Job::File));
        dirs.sort();
        // Depth first, in name order.
        pending.extend(dirs.into_iter().rev());
    }
}

fn check_job(job: &Job) -> Outcome {
    match job {
        Job::File(path) => check_file(path),
        Job::Unreadable(path, message) => unreadable(path, message),
    }
}

fn check_file(path: &Path) -> Outcome {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            return unreadable(path, &format!("cannot read {}: {error}", path.display()));
        }
    };
    let (source, errors) = match String::from_utf8(bytes) {
        Ok(source) => {
            let errors = if path.to_string_lossy().ends_with(".json") {
                json_errors(path, &source)
            } else {
                parse_body(&source).1
            };
            (source, errors)
        }
        Err(error) => {
            // The parser's error names the offset of the first invalid byte; the text
            // shown under it marks the bad bytes with U+FFFD (before them it is exact).
            let (_, errors) = terrace_syntax::parse_body_bytes(error.as_bytes());
            (
                String::from_utf8_lossy(error.as_bytes()).into_owned(),
                errors,
            )
        }
    };
    let report = (!errors.is_empty()).then(|| {
        let problems = errors.iter().map(Problem::from).collect();
        Report::new(path.display().to_string(), source, problems)
    });
    Outcome {
        parsed: true,
        n_errors: errors.len(),
        report,
    }
}

fn unreadable(path: &Path, message: &str) -> Outcome {
    Outcome {
        parsed: false,
        n_errors: 1,
        report: Some(Report::new(
            path.display().to_string(),
            String::new(),
            vec![Problem::error("Cannot read file", message)],
        )),
    }
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
