//! `format`: the lossless tokens, Terraform's output on rules and sample cases (expectations
//! from `terraform fmt` 1.15.5, stored beside the inputs), and the safety property over the corpus.

use std::path::{Path, PathBuf};

use terrace_syntax::{FormatStyle, format, format_bytes, tokenize};

use crate::corpus::terraform_files;
use crate::format_meaning::check_meaning;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fmt")
}

/// Every corpus file the project has (and the shared one when it sits beside the project).
fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = terraform_files(&root.join("../../tests/data/corpus"));
    let shared = root.join("../../../shared/corpus/real-world");
    if shared.is_dir() {
        files.extend(terraform_files(&shared));
    }
    files
}

/// The inputs of a data directory, sorted.
fn inputs(dir: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(data_dir().join(dir))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "tf"))
        .collect();
    found.sort();
    found
}

/// What `terraform fmt -` prints: the result, with a final newline when it has none.
fn as_stdin_output(mut formatted: String) -> String {
    if !formatted.ends_with('\n') {
        formatted.push('\n');
    }
    formatted
}

#[test]
fn tokens_hold_every_byte_of_the_corpus() {
    let mut files = corpus_files();
    for dir in ["../ok", "../err", "rules", "invalid", "kept", "bytes"] {
        files.extend(
            std::fs::read_dir(data_dir().join(dir))
                .unwrap()
                .map(|entry| entry.unwrap().path()),
        );
    }
    assert!(files.len() > 300);
    for path in files {
        let src = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let tokens = tokenize(&src);
        let mut at = 0;
        for token in &tokens {
            assert_eq!(
                token.span.start as usize,
                at,
                "{}: gap before {token:?}",
                path.display()
            );
            assert!(
                !token.span.is_empty(),
                "{}: empty {token:?}",
                path.display()
            );
            at = token.span.end as usize;
        }
        assert_eq!(at, src.len(), "{}", path.display());
    }
}

#[test]
fn the_corpus_is_already_formatted_and_keeps_its_meaning() {
    for path in corpus_files() {
        let src = std::fs::read_to_string(&path).unwrap();
        let formatted = format(&src).unwrap();
        assert!(formatted == src, "{} changed:\n{formatted}", path.display());
        check_meaning(&src, &formatted)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    }
}

#[test]
fn rules_match_terraform() {
    let files = inputs("rules");
    assert!(files.len() > 100);
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let want = std::fs::read_to_string(path.with_extension("tf.want")).unwrap();
        let formatted =
            format(&src).unwrap_or_else(|errors| panic!("{}: {errors:?}", path.display()));
        check_meaning(&src, &formatted)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let got = as_stdin_output(formatted);
        assert_eq!(got, want, "{}", path.display());
        insta::assert_snapshot!(format!("fmt_rule_{name}"), got);
    }
}

#[test]
fn input_terraform_rejects_is_rejected() {
    for path in inputs("invalid") {
        let src = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        assert!(format(&src).is_err(), "{} formatted", path.display());
    }
}

/// Where Terraform deletes labels (`"100%"`, `"a$b"`), comments between them or keyword index
/// keys (`x[true]`), terrace keeps them; `*.tf.terraform` holds what Terraform prints instead,
/// for the record.
#[test]
fn labels_and_comments_terraform_deletes_are_kept() {
    for path in inputs("kept") {
        let src = std::fs::read_to_string(&path).unwrap();
        let formatted = format(&src).unwrap();
        check_meaning(&src, &formatted)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let terraform = std::fs::read_to_string(path.with_extension("tf.terraform")).unwrap();
        assert_ne!(as_stdin_output(formatted.clone()), terraform);
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("fmt_kept_{name}"), formatted);
    }
}

/// Files that are not all UTF-8 (`bytes/`): Terraform's output where it has one
/// (`NAME.tf.want`), an error where it has none; no prefix of them panics.
#[test]
fn bytes_that_are_not_utf8_match_terraform() {
    let files = inputs("bytes");
    assert!(files.len() >= 10);
    for path in files {
        let src = std::fs::read(&path).unwrap();
        assert!(std::str::from_utf8(&src).is_err(), "{}", path.display());
        for end in 0..src.len() {
            let _ = format_bytes(&src[..end], FormatStyle::Terraform);
        }
        let formatted = format_bytes(&src, FormatStyle::Terraform);
        match std::fs::read(path.with_extension("tf.want")) {
            Ok(want) => {
                let mut got =
                    formatted.unwrap_or_else(|errors| panic!("{}: {errors:?}", path.display()));
                if !got.ends_with(b"\n") {
                    got.push(b'\n');
                }
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want),
                    "{}",
                    path.display()
                );
                assert_eq!(got, want, "{}", path.display());
            }
            Err(_) => assert!(formatted.is_err(), "{} formatted", path.display()),
        }
    }
}

/// A sample of `../shared/fmt/cases.jsonl` (real files, deformatted variants, rules, invalid input).
#[test]
fn sample_cases_match_terraform() {
    let text = std::fs::read_to_string(data_dir().join("sample.jsonl")).unwrap();
    let mut n_cases = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = case["id"].as_str().unwrap();
        let input = case["input"].as_str().unwrap();
        n_cases += 1;
        if case["error"].as_bool().unwrap() {
            assert!(format(input).is_err(), "{id}: formatted");
            continue;
        }
        let formatted = format(input).unwrap_or_else(|errors| panic!("{id}: {errors:?}"));
        check_meaning(input, &formatted).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!(
            as_stdin_output(formatted),
            case["output"].as_str().unwrap(),
            "{id}"
        );
    }
    assert!(n_cases > 200);
}

/// Every prefix of every rule input formats or fails without panicking, and what formats
/// keeps its meaning.
#[test]
fn prefixes_never_panic() {
    for path in inputs("rules").into_iter().chain(inputs("invalid")) {
        let src = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        for (end, _) in src.char_indices() {
            let prefix = &src[..end];
            if let Ok(formatted) = format(prefix) {
                check_meaning(prefix, &formatted)
                    .unwrap_or_else(|error| panic!("{} ..{end}: {error}", path.display()));
            }
        }
    }
}

/// Small edits of every rule input (a bracket, a quote, a newline, a comment, an
/// interpolation inserted at a few places): whatever still parses keeps its meaning.
#[test]
fn edited_inputs_keep_their_meaning() {
    const INSERTS: [&str; 12] = [
        "{",
        "}",
        "[",
        "\"",
        "${",
        "\n",
        "#c\n",
        "/*c*/",
        "\"${x}\"",
        "\t",
        "-",
        "<<EOT\nx\nEOT\n",
    ];
    let mut n_formatted = 0;
    for path in inputs("rules") {
        let src = std::fs::read_to_string(&path).unwrap();
        let boundaries: Vec<usize> = src.char_indices().map(|(at, _)| at).collect();
        for (idx, insert) in INSERTS.iter().enumerate() {
            for step in [3, 7, 11] {
                let Some(&at) = boundaries.get((idx * step + step) % boundaries.len().max(1))
                else {
                    continue;
                };
                let edited = format!("{}{insert}{}", &src[..at], &src[at..]);
                if let Ok(formatted) = format(&edited) {
                    n_formatted += 1;
                    check_meaning(&edited, &formatted).unwrap_or_else(|error| {
                        panic!("{} + {insert:?} at {at}: {error}", path.display())
                    });
                }
            }
        }
    }
    assert!(n_formatted > 100);
}
