//! The console over a large state: a generated configuration whose state holds 20,000
//! `terraform_data` instances (~50 MB), and the whole-process time of `terrace -e EXPR`
//! answering one expression there beside `terraform console` (the `terraform` on the PATH)
//! on the same state, with peak memory (`/usr/bin/time`, when installed).
//!
//! Run with `cargo bench -p terrace-repl --bench state`.
#![allow(clippy::print_stdout, clippy::unwrap_used, missing_docs)]

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Resources, and instances of each (`count`).
const N_RESOURCES: usize = 200;
const N_INSTANCES: usize = 100;

/// One instance's `input`/`output` value: an object of about 1.2 KB of JSON.
fn payload(resource: usize, index: usize) -> String {
    let mut tags = String::new();
    for t in 0..32 {
        if t > 0 {
            tags.push(',');
        }
        let _ = write!(tags, "\"tag{t}\": \"value-{resource}-{index}-{t}\"");
    }
    format!(
        "{{\"value\": {{\"name\": \"r{resource}-{index}\", \"index\": {index}, \"enabled\": true, \"ports\": [22, 80, 443, 8080], \"tags\": {{{tags}}}, \"nested\": {{\"zone\": \"eu-west-1a\", \"weights\": [0.5, 0.25, 0.125]}}}}, \"type\": [\"object\", {{\"name\": \"string\", \"index\": \"number\", \"enabled\": \"bool\", \"ports\": [\"list\", \"number\"], \"tags\": [\"map\", \"string\"], \"nested\": [\"object\", {{\"zone\": \"string\", \"weights\": [\"list\", \"number\"]}}]}}]}}"
    )
}

/// Writes `main.tf` and `terraform.tfstate` into `dir`; returns the state's size in bytes.
fn generate(dir: &Path) -> usize {
    let mut config = String::new();
    for r in 0..N_RESOURCES {
        let _ = writeln!(
            config,
            "resource \"terraform_data\" \"r{r}\" {{\n  count = {N_INSTANCES}\n  input = {{ name = \"r{r}-${{count.index}}\" }}\n}}\n"
        );
    }
    config.push_str("locals {\n  first = terraform_data.r0[0].output.name\n}\n");
    std::fs::write(dir.join("main.tf"), config).unwrap();
    let mut state = String::from(
        "{\n  \"version\": 4,\n  \"terraform_version\": \"1.11.4\",\n  \"serial\": 1,\n  \"lineage\": \"8f0e4b1c-0000-4000-8000-000000000000\",\n  \"outputs\": {},\n  \"resources\": [\n",
    );
    for r in 0..N_RESOURCES {
        if r > 0 {
            state.push_str(",\n");
        }
        let _ = write!(
            state,
            "    {{\"mode\": \"managed\", \"type\": \"terraform_data\", \"name\": \"r{r}\", \"provider\": \"provider[\\\"terraform.io/builtin/terraform\\\"]\", \"instances\": ["
        );
        for i in 0..N_INSTANCES {
            if i > 0 {
                state.push(',');
            }
            let value = payload(r, i);
            let _ = write!(
                state,
                "\n      {{\"index_key\": {i}, \"schema_version\": 0, \"attributes\": {{\"id\": \"{r:08}-{i:04}-4000-8000-000000000000\", \"input\": {value}, \"output\": {value}, \"triggers_replace\": null}}, \"sensitive_attributes\": []}}"
            );
        }
        state.push_str("]}");
    }
    state.push_str("\n  ],\n  \"check_results\": null\n}\n");
    std::fs::write(dir.join("terraform.tfstate"), &state).unwrap();
    state.len()
}

/// The median wall time of `runs` runs, and the peak RSS of the last (kB) when
/// `/usr/bin/time` is there; `stdin` is written to the process.
fn measure(
    dir: &Path,
    program: &str,
    args: &[&str],
    stdin: &str,
    runs: usize,
) -> Option<(Duration, Option<u64>, String)> {
    let mut times = Vec::new();
    let mut output = String::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut child = Command::new(program)
            .args(args)
            .current_dir(dir)
            .env("CHECKPOINT_DISABLE", "1")
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        child.stdin.take()?.write_all(stdin.as_bytes()).ok()?;
        let out = child.wait_with_output().ok()?;
        times.push(start.elapsed());
        if !out.status.success() {
            return None;
        }
        output = String::from_utf8_lossy(&out.stdout).trim().to_string();
    }
    times.sort();
    let peak = Command::new("/usr/bin/time")
        .args(["-f", "%M", program])
        .args(args)
        .current_dir(dir)
        .env("CHECKPOINT_DISABLE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()
        .and_then(|mut child| {
            child.stdin.take()?.write_all(stdin.as_bytes()).ok()?;
            let out = child.wait_with_output().ok()?;
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .last()?
                .trim()
                .parse()
                .ok()
        });
    Some((times[times.len() / 2], peak, output))
}

fn main() {
    let dir = std::env::temp_dir().join(format!("terrace-state-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let size = generate(&dir);
    println!(
        "state: {} instances ({} resources x count {}), {:.1} MB",
        N_RESOURCES * N_INSTANCES,
        N_RESOURCES,
        N_INSTANCES,
        size as f64 / 1e6
    );
    let expr = "terraform_data.r199[99].output.tags.tag7";
    let report = |who: &str, found: Option<(Duration, Option<u64>, String)>, runs: usize| {
        match &found {
            Some((time, peak, out)) => println!(
                "{who}: {:8.1} ms (median of {runs}), peak {} -> {out}",
                time.as_secs_f64() * 1e3,
                peak.map_or_else(
                    || "n/a".to_string(),
                    |kb| format!("{:.0} MB", kb as f64 / 1024.0)
                ),
            ),
            None => println!("{who}: not run"),
        }
        found.map(|(time, _, _)| time)
    };
    let ours = report(
        "terrace -e EXPR        ",
        measure(
            &dir,
            env!("CARGO_BIN_EXE_terrace"),
            &["--no-history", "-e", expr],
            "",
            11,
        ),
        11,
    );
    let initialised = Command::new("terraform")
        .args(["init", "-no-color"])
        .current_dir(&dir)
        .env("CHECKPOINT_DISABLE", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    let theirs = if initialised {
        report(
            "terraform console      ",
            measure(&dir, "terraform", &["console"], &format!("{expr}\n"), 3),
            3,
        )
    } else {
        println!("terraform console: not run (no `terraform` on the PATH, or init failed)");
        None
    };
    if let (Some(ours), Some(theirs)) = (ours, theirs) {
        println!(
            "ratio: terrace is {:.1}x faster",
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
