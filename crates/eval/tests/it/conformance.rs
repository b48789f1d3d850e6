//! The conformance cases (Terraform 1.15.5's console output) of every category
//! that is not a function family, evaluated at the evaluator level.
//!
//! `tests/data/conformance.jsonl` is a copy of `../shared/conformance/cases.jsonl`.
//! A value case passes when the console rendering of the value is exactly
//! `out`; an error case passes when evaluation (or parsing) fails.

use std::collections::BTreeMap;

use crate::support::console;

#[derive(Debug)]
struct Case {
    id: String,
    cat: String,
    expr: String,
    out: Option<String>,
    error: bool,
}

fn cases() -> Vec<Case> {
    // The workspace's one copy of Terraform's conformance cases.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/conformance/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let json: serde_json::Value = serde_json::from_str(line).unwrap();
            Case {
                id: json["id"].as_str().unwrap().to_string(),
                cat: json["cat"].as_str().unwrap().to_string(),
                expr: json["expr"].as_str().unwrap().to_string(),
                out: json["out"].as_str().map(str::to_string),
                error: json["error"].as_bool().unwrap(),
            }
        })
        .collect()
}

/// Runs the cases selected by `keep`; returns (per category: passed, total) and the failures.
fn run(keep: impl Fn(&Case) -> bool) -> (BTreeMap<String, (usize, usize)>, Vec<String>) {
    let mut by_category: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in cases().into_iter().filter(|case| keep(case)) {
        let result = console(&case.expr);
        let passed = match (&result, case.error) {
            (Ok(got), false) => Some(got) == case.out.as_ref(),
            (Err(_), true) => true,
            _ => false,
        };
        let entry = by_category.entry(case.cat.clone()).or_default();
        entry.1 += 1;
        if passed {
            entry.0 += 1;
        } else {
            let got = match result {
                Ok(value) => value,
                Err(e) => format!("error: {e}"),
            };
            let want = if case.error {
                "an error".to_string()
            } else {
                case.out.clone().unwrap_or_default()
            };
            failures.push(format!(
                "{} [{}] {}\n  want: {want}\n  got:  {got}",
                case.id, case.cat, case.expr
            ));
        }
    }
    (by_category, failures)
}

fn report(by_category: &BTreeMap<String, (usize, usize)>) -> String {
    by_category
        .iter()
        .map(|(cat, (passed, total))| format!("  {cat:22} {passed:3}/{total}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn language_categories_match_terraform() {
    let (by_category, failures) = run(|case| !case.cat.starts_with("fn-"));
    eprintln!("{}", report(&by_category));
    assert!(
        failures.is_empty(),
        "{} conformance failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
