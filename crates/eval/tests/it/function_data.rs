//! The runner for `tests/data/functions/*.txt`: each function family's cases,
//! written from Terraform's behaviour, evaluated through parse, eval and the
//! console's formatting.
//!
//! A file may start with `# base_dir: DIR` (relative to the crate) to set the
//! directory file functions resolve against. Each case is a `--- name ---`
//! header, the expression on one line, then `=> output` (possibly several
//! lines, ending at a blank line followed by `--- ` or at the end of the file)
//! or `error: Summary` (optionally `error: Summary @ START..END`).

use std::path::{Path, PathBuf};

use terrace_eval::functions::CallContext;
use terrace_eval::{Evaluator, Scope};

use crate::support::console_with;

/// One case of a data file.
#[derive(Debug)]
struct Case {
    name: String,
    line: usize,
    expr: String,
    expected: Expected,
}

#[derive(Debug)]
enum Expected {
    Output(String),
    Error {
        summary: String,
        span: Option<String>,
    },
}

struct DataFile {
    base_dir: Option<PathBuf>,
    cases: Vec<Case>,
}

fn parse_file(text: &str) -> Result<DataFile, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut base_dir = None;
    let mut cases = Vec::new();
    let mut idx = 0;
    while idx < lines.len() {
        let line = lines[idx];
        if let Some(dir) = line.strip_prefix("# base_dir:") {
            base_dir = Some(PathBuf::from(dir.trim()));
            idx += 1;
            continue;
        }
        let Some(name) = line
            .strip_prefix("--- ")
            .and_then(|rest| rest.strip_suffix(" ---"))
        else {
            if line.trim().is_empty() || line.starts_with('#') {
                idx += 1;
                continue;
            }
            return Err(format!(
                "line {}: expected `--- name ---`, found {line:?}",
                idx + 1
            ));
        };
        let header_line = idx + 1;
        let expr = lines
            .get(idx + 1)
            .ok_or_else(|| format!("line {header_line}: case without expression"))?;
        let result = lines
            .get(idx + 2)
            .ok_or_else(|| format!("line {header_line}: case without expected result"))?;
        idx += 3;
        let expected = if let Some(first) = result.strip_prefix("=> ") {
            let mut output = vec![first.to_string()];
            while idx < lines.len() {
                let blank_then_case = lines[idx].is_empty()
                    && lines
                        .get(idx + 1)
                        .is_none_or(|next| next.starts_with("--- "));
                let trailing_blank = lines[idx..].iter().all(|l| l.is_empty());
                if blank_then_case || trailing_blank {
                    break;
                }
                output.push(lines[idx].to_string());
                idx += 1;
            }
            Expected::Output(output.join("\n"))
        } else if let Some(error) = result.strip_prefix("error: ") {
            match error.rsplit_once(" @ ") {
                Some((summary, span)) if span.contains("..") => Expected::Error {
                    summary: summary.trim().to_string(),
                    span: Some(span.trim().to_string()),
                },
                _ => Expected::Error {
                    summary: error.trim().to_string(),
                    span: None,
                },
            }
        } else {
            return Err(format!(
                "line {}: expected `=> ` or `error: `, found {result:?}",
                header_line + 2
            ));
        };
        cases.push(Case {
            name: name.to_string(),
            line: header_line,
            expr: expr.to_string(),
            expected,
        });
    }
    Ok(DataFile { base_dir, cases })
}

/// Runs one data file; returns the failures as `file:line` messages, and the number of cases.
fn run_file(path: &Path) -> (Vec<String>, usize) {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let shown = path
        .strip_prefix(crate_dir)
        .unwrap_or(path)
        .display()
        .to_string();
    let file = match parse_file(&text) {
        Ok(file) => file,
        Err(e) => return (vec![format!("{shown}: {e}")], 0),
    };
    let mut context = CallContext::default();
    if let Some(base_dir) = &file.base_dir {
        context.base_dir = crate_dir.join(base_dir);
    }
    let evaluator = Evaluator::new().with_context(context);
    let scope = Scope::terraform();
    let mut failures = Vec::new();
    for case in &file.cases {
        let result = console_with(&evaluator, &scope, &case.expr);
        let problem = match (&case.expected, result) {
            (Expected::Output(want), Ok(got)) if *want == got => None,
            (Expected::Output(want), Ok(got)) => Some(format!("want:\n{want}\ngot:\n{got}")),
            (Expected::Output(want), Err(e)) => Some(format!("want:\n{want}\ngot error: {e}")),
            (Expected::Error { summary, span }, Err(e)) => {
                let first = e.first();
                let got_summary = first.map(|d| d.summary.as_str()).unwrap_or_default();
                let got_span = first.map(|d| d.span.to_string()).unwrap_or_default();
                if got_summary != summary {
                    Some(format!("want error: {summary}\ngot error: {e}"))
                } else if span.as_ref().is_some_and(|span| *span != got_span) {
                    Some(format!(
                        "want error span {}, got {got_span}",
                        span.as_deref().unwrap_or_default()
                    ))
                } else {
                    None
                }
            }
            (Expected::Error { summary, .. }, Ok(got)) => {
                Some(format!("want error: {summary}\ngot value:\n{got}"))
            }
        };
        if let Some(problem) = problem {
            failures.push(format!(
                "{shown}:{}: {} — {}\n{problem}",
                case.line, case.name, case.expr
            ));
        }
    }
    (failures, file.cases.len())
}

#[test]
fn function_data_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/functions");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let mut failures = Vec::new();
    let mut n_cases = 0;
    for path in &paths {
        let (file_failures, n_file_cases) = run_file(path);
        eprintln!(
            "{}: {}/{n_file_cases} passed",
            path.file_name().unwrap_or_default().to_string_lossy(),
            n_file_cases.saturating_sub(file_failures.len())
        );
        n_cases += n_file_cases;
        failures.extend(file_failures);
    }
    assert!(
        failures.is_empty(),
        "{} of {n_cases} function cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn data_file_format() {
    let file = parse_file(
        "# base_dir: tests/data/files\n\n--- a ---\nupper(\"a\")\n=> \"A\"\n\n--- b ---\nkeys({b = 1})\n=> [\n  \"b\",\n]\n\n--- c ---\nupper([])\nerror: Invalid function argument @ 6..8\n",
    )
    .unwrap();
    assert_eq!(file.base_dir, Some(PathBuf::from("tests/data/files")));
    assert_eq!(file.cases.len(), 3);
    assert!(matches!(&file.cases[1].expected, Expected::Output(out) if out == "[\n  \"b\",\n]"));
    assert!(matches!(
        &file.cases[2].expected,
        Expected::Error { summary, span: Some(span) } if summary == "Invalid function argument" && span == "6..8"
    ));
    assert_eq!(file.cases[2].line, 13);
}
