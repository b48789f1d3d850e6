//! `terrace fmt` speed: whole-process `fmt -check -recursive` over the real-world corpus beside
//! `terraform fmt -check -recursive` (the `terraform` on the PATH), and in-process throughput.
//!
//! Run with `cargo bench -p terrace-repl --bench fmt`. The corpus is `$TERRACE_FMT_CORPUS`, else
//! `../shared/corpus/real-world` beside the project, else the project's `tests/data/corpus`.
#![allow(clippy::print_stdout, clippy::unwrap_used, missing_docs)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TERRACE_FMT_CORPUS") {
        return PathBuf::from(dir);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = root.join("../shared/corpus/real-world");
    if shared.is_dir() {
        shared
    } else {
        root.join("tests/data/corpus")
    }
}

fn formatted_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            formatted_files(&path, found);
        } else if terrace_repl::is_formatted_file(&name) {
            found.push(path);
        }
    }
}

/// The median wall time of `runs` runs of `program args...` (its exit status must be 0).
fn median_run(program: &str, args: &[&str], runs: usize) -> Option<Duration> {
    let mut times = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let status = Command::new(program)
            .args(args)
            .env("CHECKPOINT_DISABLE", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()?;
        times.push(start.elapsed());
        if !status.success() {
            println!("  {program} exited with {status}");
            return None;
        }
    }
    times.sort();
    Some(times[times.len() / 2])
}

fn main() {
    let dir = corpus_dir();
    let dir_arg = dir.to_string_lossy().into_owned();
    let mut files = Vec::new();
    formatted_files(&dir, &mut files);
    let sources: Vec<String> = files
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    let n_bytes: usize = sources.iter().map(String::len).sum();
    println!(
        "corpus: {} ({} files, {:.1} MB)",
        dir.display(),
        files.len(),
        n_bytes as f64 / 1e6
    );

    let args = ["fmt", "-check", "-recursive", dir_arg.as_str()];
    let ours = median_run(env!("CARGO_BIN_EXE_terrace"), &args, 21);
    let theirs = median_run("terraform", &args, 5);
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    match ours {
        Some(time) => println!(
            "terrace   fmt -check -recursive: {:8.1} ms (median of 21)",
            ms(time)
        ),
        None => println!("terrace   fmt -check -recursive: failed"),
    }
    match theirs {
        Some(time) => println!(
            "terraform fmt -check -recursive: {:8.1} ms (median of 5)",
            ms(time)
        ),
        None => println!("terraform fmt -check -recursive: not run (no `terraform` on the PATH?)"),
    }
    if let (Some(ours), Some(theirs)) = (ours, theirs) {
        println!(
            "ratio: terrace is {:.1}x faster",
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }

    // In process: format every file, round after round, for about two seconds; best round.
    let mut best = Duration::MAX;
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline || best == Duration::MAX {
        let start = Instant::now();
        for src in &sources {
            let _ = black_box(terrace_syntax::format(black_box(src)));
        }
        best = best.min(start.elapsed());
    }
    println!(
        "in-process format: {:.1} MB/s ({:.1} ms per pass over the corpus)",
        n_bytes as f64 / 1e6 / best.as_secs_f64(),
        ms(best)
    );
}
