//! The conformance suite: every case of `data/conformance/cases.jsonl` and
//! `own_cases.jsonl` (Terraform's console output for one expression) through the
//! same code path as `terrace -e EXPR`.
//!
//! A value case passes when the session prints exactly Terraform's output; an error
//! case passes when the session reports an error. Cases listed in
//! `data/conformance/known_failures.txt` are expected to fail for now; a listed case
//! that passes fails the test too, so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use terrace_repl::{Reply, Session};

struct Case {
    id: String,
    cat: String,
    expr: String,
    /// Terraform's output, or `None` when Terraform reported an error.
    out: Option<String>,
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/conformance")
}

/// The shared cases, then the project's own (`own_cases.jsonl`: expressions
/// whose expected output was asked of Terraform 1.15.5's console the same way).
fn load_cases() -> Vec<Case> {
    let mut text = std::fs::read_to_string(data_dir().join("cases.jsonl")).unwrap();
    text.push('\n');
    text.push_str(&std::fs::read_to_string(data_dir().join("own_cases.jsonl")).unwrap());
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let field = |name: &str| case[name].as_str().unwrap_or_default().to_string();
            let error = case["error"].as_bool().unwrap();
            Case {
                id: field("id"),
                cat: field("cat"),
                expr: field("expr"),
                out: (!error).then(|| field("out")),
            }
        })
        .collect()
}

/// The ids in `known_failures.txt`: one a line, a reason after whitespace, `#` comments.
fn known_failures() -> BTreeSet<String> {
    let text = std::fs::read_to_string(data_dir().join("known_failures.txt")).unwrap_or_default();
    text.lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Run one case as `terrace -e` does: a fresh session, one input. `Ok(())` on a pass,
/// otherwise what happened instead.
fn run_case(case: &Case) -> Result<(), String> {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut session = Session::standalone();
        session.run(&case.expr)
    }));
    let got = match result {
        Ok(got) => got,
        Err(_) => return Err("panicked".to_string()),
    };
    match (&case.out, got) {
        (Some(want), Ok(Reply::Value(text) | Reply::Type(text))) if &text == want => Ok(()),
        (Some(want), Ok(reply)) => Err(format!("want {want:?}, got {reply:?}")),
        (Some(want), Err(report)) => Err(format!(
            "want {want:?}, got error: {}",
            report
                .problems
                .first()
                .map_or(String::new(), |p| format!("{}; {}", p.summary, p.detail))
        )),
        (None, Err(report)) if !report.problems.is_empty() => Ok(()),
        (None, got) => Err(format!("want an error, got {got:?}")),
    }
}

#[test]
fn conformance_cases() {
    let cases = load_cases();
    assert!(cases.len() >= 800, "only {} cases", cases.len());
    let known = known_failures();
    let ids: BTreeSet<&str> = cases.iter().map(|case| case.id.as_str()).collect();
    let stale: Vec<&String> = known
        .iter()
        .filter(|id| !ids.contains(id.as_str()))
        .collect();

    let mut by_cat: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    let mut n_passed = 0;
    for case in &cases {
        let outcome = run_case(case);
        let entry = by_cat.entry(case.cat.as_str()).or_default();
        entry.0 += 1;
        match outcome {
            Ok(()) => {
                entry.1 += 1;
                n_passed += 1;
                if known.contains(&case.id) {
                    fixed.push(case.id.clone());
                }
            }
            Err(why) => {
                if !known.contains(&case.id) {
                    unexpected.push(format!("{} `{}`: {why}", case.id, case.expr));
                }
            }
        }
    }
    println!("conformance by category (passed/total):");
    for (cat, (total, passed)) in &by_cat {
        println!("  {cat:22} {passed:4}/{total}");
    }
    println!("conformance: {n_passed}/{} passed", cases.len());
    let mut problems = Vec::new();
    if !unexpected.is_empty() {
        problems.push(format!(
            "{} failing cases not in known_failures.txt:\n  {}",
            unexpected.len(),
            unexpected.join("\n  ")
        ));
    }
    if !fixed.is_empty() {
        problems.push(format!(
            "{} cases in known_failures.txt now pass; remove them: {}",
            fixed.len(),
            fixed.join(" ")
        ));
    }
    if !stale.is_empty() {
        problems.push(format!("unknown ids in known_failures.txt: {stale:?}"));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
