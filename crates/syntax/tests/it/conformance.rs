//! Terraform's conformance cases: every expression Terraform accepted must
//! parse; those it rejected for syntax reasons must fail with its summary.

use terrace_syntax::parse_expr;

use crate::check::render;

/// Summaries of Terraform's syntax errors (as opposed to evaluation errors).
const SYNTAX_SUMMARIES: &[&str] = &[
    "Missing item separator",
    "Unexpected endif directive",
    "Unexpected else directive",
    "Unexpected endfor directive",
    "Invalid expression",
    "Missing expression",
    "Extra characters after expression",
    "Invalid 'for' expression",
    "Unterminated template string",
    "Missing attribute separator",
    "Missing key/value separator",
    "Invalid legacy index syntax",
];

#[test]
fn cases_parse_as_terraform_did() {
    // The workspace's one copy of Terraform's conformance cases.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/conformance/cases.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut n_ok, mut n_syntax_errors) = (0, 0);
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = case["id"].as_str().unwrap();
        let src = case["expr"].as_str().unwrap();
        let parsed = parse_expr(src);
        if case["error"] == false {
            if let Err(error) = &parsed {
                panic!("{id}: {src}\n{}", render(src, std::slice::from_ref(error)));
            }
            n_ok += 1;
            continue;
        }
        let tf_summary = case["tf_error"]
            .as_str()
            .unwrap_or("")
            .split(';')
            .next()
            .unwrap_or("");
        if SYNTAX_SUMMARIES.contains(&tf_summary) {
            let error = parsed.expect_err(id);
            assert_eq!(error.summary(), tf_summary, "{id}: {src}");
            n_syntax_errors += 1;
        }
    }
    assert!(n_ok > 300, "{n_ok}");
    assert!(n_syntax_errors >= 2, "{n_syntax_errors}");
}
