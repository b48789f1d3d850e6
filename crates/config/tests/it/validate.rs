//! `LoadedModule::validate_diagnostics` against what `terraform validate -json` reported for
//! each configuration in `tests/data/validate/` (its `validate.txt`).

use std::path::Path;

use terrace_config::module::{LoadedModule, load_module};
use terrace_eval::Severity;

use crate::module::options;

/// One line per diagnostic: `severity 'summary' file line column`, as `validate.txt` has them.
fn render(module: &LoadedModule) -> Vec<String> {
    let mut out: Vec<String> = module
        .validate_diagnostics()
        .iter()
        .map(|found| {
            let severity = match found.diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            // A diagnostic validate reports with no range has no place.
            let place = found
                .file
                .filter(|_| !found.rangeless)
                .map(|id| module.files().place(id, found.diagnostic.span))
                .unwrap_or_default();
            // `main.tf:3,27-31` → `main.tf 3 27`
            let (file, rest) = place.split_once(':').unwrap_or((&place, ""));
            let start = rest.split('-').next().unwrap_or_default();
            let (line, column) = start.split_once(',').unwrap_or((start, ""));
            format!(
                "{severity} '{}' {file} {line} {column}",
                found.diagnostic.summary
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn validate_diagnostics_are_terraform_validates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/validate");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 30);
    let mut failures = Vec::new();
    for dir in dirs {
        let expected = std::fs::read_to_string(dir.join("validate.txt")).unwrap();
        let mut want: Vec<String> = expected.lines().map(str::to_string).collect();
        want.sort();
        let got = render(&load_module(&dir, &options()));
        if got != want {
            failures.push(format!(
                "{}:\n  want {want:?}\n  got  {got:?}",
                dir.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
