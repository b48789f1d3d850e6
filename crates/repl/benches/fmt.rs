//! `terrace fmt` speed: whole-process `fmt -check -recursive` over the real-world corpus beside
//! `terraform fmt -check -recursive` (the `terraform` on the PATH), and in-process throughput.
//!
//! Run with `cargo bench -p terrace-repl --bench fmt`. The corpus is `$TERRACE_FMT_CORPUS`, else
//! `../shared/corpus/real-world` beside the project, else the project's `tests/data/corpus`.
#![allow(clippy::print_stdout, clippy::unwrap_used, missing_docs)]

#[path = "support/corpus.rs"]
mod corpus;

use corpus::corpus_dir;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

/// Wall times of `runs` runs of `program args...` (each must exit 0), and the CPU
/// time they used, per run.
struct Timing {
    median: Duration,
    best: Duration,
    cpu: Option<Duration>,
}

fn time_runs(program: &str, args: &[&str], runs: usize) -> Option<Timing> {
    let mut times = Vec::new();
    let cpu_before = children_cpu();
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
    let cpu = children_cpu()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before) / runs as u32);
    times.sort();
    Some(Timing {
        median: times[times.len() / 2],
        best: times[0],
        cpu,
    })
}

/// User and system time of the finished children (Linux: `/proc/self/stat`, in clock ticks
/// of 10 ms); `None` elsewhere.
fn children_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    // Fields 16 and 17 of the file (cutime, cstime) are 13 and 14 after the name.
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
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
    let ours = time_runs(env!("CARGO_BIN_EXE_terrace"), &args, 21);
    let theirs = time_runs("terraform", &args, 5);
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    let show = |name: &str, timing: &Option<Timing>| match timing {
        Some(timing) => println!(
            "{name} fmt -check -recursive: median {:7.1} ms, best {:7.1} ms, CPU {} per run",
            ms(timing.median),
            ms(timing.best),
            timing
                .cpu
                .map_or("?".to_string(), |cpu| format!("{:.0} ms", ms(cpu)))
        ),
        None => println!("{name} fmt -check -recursive: not run (no `{name}` on the PATH?)"),
    };
    show("terrace  ", &ours);
    show("terraform", &theirs);
    if let (Some(ours), Some(theirs)) = (&ours, &theirs) {
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64().max(1e-9);
        println!(
            "ratio: terrace is {:.1}x faster (medians), {:.1}x (best runs)",
            ratio(theirs.median, ours.median),
            ratio(theirs.best, ours.best)
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
