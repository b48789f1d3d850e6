//! Replays every input the fuzzers once crashed or hung on
//! (`tests/data/fuzz-regressions/<target>/<name>`) through the same function the fuzz
//! target runs (`fuzz/src/lib.rs`, included here). A file's name says what it found.

#[allow(dead_code, missing_docs)]
#[path = "../../fuzz/src/lib.rs"]
mod targets;

use std::path::{Path, PathBuf};

fn regression_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/fuzz-regressions")
        .join(target)
}

/// Runs every kept input of `target` through `run`; a directory that does not exist yet
/// (no finding so far) has nothing to replay.
fn replay(target: &str, run: fn(&[u8])) -> usize {
    let Ok(entries) = std::fs::read_dir(regression_dir(target)) else {
        return 0;
    };
    let mut paths: Vec<PathBuf> = entries.map(|entry| entry.unwrap().path()).collect();
    paths.sort();
    for path in &paths {
        let data = std::fs::read(path).unwrap();
        eprintln!("replaying {}", path.display());
        run(&data);
    }
    paths.len()
}

#[test]
fn parse_expr_regressions() {
    replay("parse_expr", targets::parse_expr);
}

#[test]
fn parse_body_regressions() {
    replay("parse_body", targets::parse_body);
}

#[test]
fn parse_template_regressions() {
    replay("parse_template", targets::parse_template);
}

#[test]
fn parse_eval_regressions() {
    replay("parse_eval", targets::parse_eval);
}

#[test]
fn format_regressions() {
    replay("format", targets::format);
}
