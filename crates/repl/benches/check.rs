//! `terrace check` speed: the whole process over the real-world corpus beside a whole process
//! that reads and parses the same files with hcl-edit (the bench itself, run again as the peer).
//!
//! Run with `cargo bench -p terrace-repl --bench check`. The corpus is `$TERRACE_FMT_CORPUS`, else
//! `../shared/corpus/real-world` beside the project, else the project's `tests/data/corpus`.
//! Turns alternate between the two programs, so that a busy spell on a shared host spoils both.
#![allow(clippy::print_stdout, clippy::unwrap_used, missing_docs)]

#[path = "support/corpus.rs"]
mod corpus;

use corpus::corpus_dir;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Set in the environment of the peer process: the directory it parses.
const PEER: &str = "TERRACE_CHECK_BENCH_PEER";

/// The files `terrace check DIR` parses, in its walk order (hidden directories skipped).
fn checked_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    let (dirs, files): (Vec<_>, Vec<_>) = entries.into_iter().partition(|path| path.is_dir());
    found.extend(
        files
            .into_iter()
            .filter(|path| terrace_repl::is_checked_file(path)),
    );
    for sub in dirs {
        if !sub.file_name().unwrap().to_string_lossy().starts_with('.') {
            checked_files(&sub, found);
        }
    }
}

/// The peer: read each file and parse it with hcl-edit (JSON files with serde_json), one
/// after another, as a tool built on hcl-edit would; exit 0 whatever the files hold.
fn run_peer(dir: &Path) {
    let mut files = Vec::new();
    checked_files(dir, &mut files);
    let mut n_errors = 0usize;
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let ok = if path.to_string_lossy().ends_with(".json") {
            serde_json::from_str::<serde_json::Value>(&text).is_ok()
        } else {
            hcl_edit::parser::parse_body(&text).is_ok()
        };
        n_errors += usize::from(!ok);
    }
    std::hint::black_box(n_errors);
}

fn time_once(program: &Path, args: &[&str], env: Option<(&str, &str)>) -> Duration {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some((key, value)) = env {
        command.env(key, value);
    }
    let start = Instant::now();
    let status = command.status().unwrap();
    let elapsed = start.elapsed();
    // `terrace check` exits 1 when a file has a syntax error; anything else is a failure.
    assert!(
        matches!(status.code(), Some(0 | 1)),
        "{} exited with {status}",
        program.display()
    );
    elapsed
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let dir = corpus_dir();
    if let Some(peer_dir) = std::env::var_os(PEER) {
        run_peer(Path::new(&peer_dir));
        return;
    }
    let mut files = Vec::new();
    checked_files(&dir, &mut files);
    let n_bytes: u64 = files
        .iter()
        .map(|path| std::fs::metadata(path).unwrap().len())
        .sum();
    println!(
        "corpus: {} ({} files, {:.1} MB)",
        dir.display(),
        files.len(),
        n_bytes as f64 / 1e6
    );
    let dir_arg = dir.to_string_lossy().into_owned();
    let terrace = Path::new(env!("CARGO_BIN_EXE_terrace"));
    let me = std::env::current_exe().unwrap();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..15 {
        ours.push(time_once(terrace, &["check", &dir_arg], None));
        theirs.push(time_once(&me, &[], Some((PEER, &dir_arg))));
    }
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    let (ours, theirs) = (median(&mut ours), median(&mut theirs));
    println!(
        "terrace check (whole process):        median {:7.1} ms",
        ms(ours)
    );
    println!(
        "hcl-edit read + parse (whole process): median {:7.1} ms",
        ms(theirs)
    );
    println!(
        "ratio: terrace is {:.2}x hcl-edit (medians of 15 alternating turns, {} cores)",
        theirs.as_secs_f64() / ours.as_secs_f64().max(1e-9),
        std::thread::available_parallelism().map_or(1, usize::from)
    );
}
