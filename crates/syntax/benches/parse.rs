//! Parse throughput over the real-world corpus copy, side by side with hcl-edit.
//!
//! Run with `cargo bench -p terrace-syntax`. Both parsers get the same bytes,
//! in the same process, alternating rounds; the best round of each is reported
//! in MB/s, with the ratio. `TERRACE_BENCH_PROFILE=1` runs only terrace, for a profiler.
//!
//! Each tree is dropped before the next file is parsed, as a formatter or an
//! editor does, so terrace fills the vectors and boxes of the tree before
//! (its per-thread spares, `src/recycle.rs`).
#![allow(clippy::print_stdout, clippy::unwrap_used, missing_docs)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn terraform_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            terraform_files(&path, found);
        } else if matches!(
            path.extension().and_then(|ext| ext.to_str()),
            Some("tf" | "tfvars")
        ) {
            found.push(path);
        }
    }
}

/// Time `parse` over all sources, `rounds` times; returns the best round.
fn best_round(sources: &[String], rounds: usize, parse: impl Fn(&str) -> usize) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut checksum = 0;
        for src in sources {
            checksum += parse(black_box(src));
        }
        black_box(checksum);
        best = best.min(start.elapsed());
    }
    best
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/corpus");
    let mut paths = Vec::new();
    terraform_files(&dir, &mut paths);
    paths.sort();
    let sources: Vec<String> = paths
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    let n_bytes: usize = sources.iter().map(String::len).sum();

    // Both parsers must accept every file, or the comparison means nothing.
    for (path, src) in paths.iter().zip(&sources) {
        let (_, errors) = terrace_syntax::parse_body(src);
        assert!(errors.is_empty(), "terrace: {}", path.display());
        hcl_edit::parser::parse_body(src)
            .unwrap_or_else(|error| panic!("hcl-edit: {}: {error}", path.display()));
    }

    let terrace = |src: &str| terrace_syntax::parse_body(src).0.items.len();
    if std::env::var_os("TERRACE_BENCH_PROFILE").is_some() {
        // Only terrace, many rounds: for `perf record`.
        black_box(best_round(&sources, 200, terrace));
        return;
    }
    let hcl_edit = |src: &str| hcl_edit::parser::parse_body(src).unwrap().len();
    let rounds = 5;
    let (mut best_terrace, mut best_hcl_edit) = (Duration::MAX, Duration::MAX);
    // Alternate often, in short turns, so that neither parser profits from a
    // warmer machine and a busy spell on a shared host spoils few turns.
    for _ in 0..16 {
        best_terrace = best_terrace.min(best_round(&sources, rounds, terrace));
        best_hcl_edit = best_hcl_edit.min(best_round(&sources, rounds, hcl_edit));
    }
    let mb_per_s = |time: Duration| n_bytes as f64 / 1e6 / time.as_secs_f64();
    println!(
        "corpus: {} files, {:.1} KB",
        sources.len(),
        n_bytes as f64 / 1e3
    );
    println!(
        "terrace-syntax parse_body: {:8.1} MB/s ({:?} per pass)",
        mb_per_s(best_terrace),
        best_terrace
    );
    println!(
        "hcl-edit parse_body:       {:8.1} MB/s ({:?} per pass)",
        mb_per_s(best_hcl_edit),
        best_hcl_edit
    );
    println!(
        "ratio terrace / hcl-edit:  {:8.2}x",
        best_hcl_edit.as_secs_f64() / best_terrace.as_secs_f64()
    );
}
