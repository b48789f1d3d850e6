//! Evaluation benchmark: terrace, `hcl-rs` and `terraform console` on the same workloads.
//!
//! Run with `cargo bench -p terrace-eval --bench eval`. One run prints one table:
//!
//! - time: terrace and hcl-rs take turns, round after round, on each workload (so a busy
//!   machine slows both alike); the median round of each is reported, with the ratio
//!   `hcl-rs / terrace` (above 1 means terrace is faster). terrace builds its input `XS`
//!   (100,000 numbers) inside the expression, as a console user would; hcl-rs gets it
//!   prebuilt in its context, except on the row that builds `XS`, where hcl-rs gets
//!   `range` and `flatten` as Rust functions;
//! - peak memory: each workload runs once more in a child process (this binary again,
//!   with `--child`), which reports its `VmHWM` (peak resident set) from `/proc`;
//! - terraform: the whole `terraform console` process on the same expression (the
//!   `terraform` on the PATH), beside the whole `terrace -e` process (the release binary
//!   in `target/release`), median of three each. Set `TERRACE_BENCH_TERRAFORM=0` to skip.
//!
//! `TERRACE_BENCH_PROFILE=N` runs only terrace on workload `N` (0-based, in table order),
//! thirty times, for a profiler such as `perf record`.
#![allow(clippy::unwrap_used, clippy::print_stdout, missing_docs)]

use std::hint::black_box;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use terrace_eval::{Evaluator, Scope};
use terrace_types::Value;

const ROUNDS: usize = 7;
const N_TERMS: usize = 10_000;
const N_RENDERS: usize = 100_000;
/// `XS`: the numbers 0..100,000, built inside the expression (`range` stops at 1024).
const XS: &str = "flatten([for a in range(100) : [for b in range(1000) : a * 1000 + b]])";

/// One workload: an expression for each engine, evaluated `times` times.
struct Workload {
    name: &'static str,
    /// terrace's expression (`XS` spelled out).
    terrace: String,
    /// hcl-rs's expression (`xs` prebuilt in its context, or `range`/`flatten` declared).
    hcl: String,
    /// How many evaluations one round makes (the expression is parsed once).
    times: usize,
    /// Parse inside the timed part too.
    timed_parse: bool,
    /// Also run it through `terraform console` and `terrace -e`.
    terraform: bool,
}

fn workloads() -> Vec<Workload> {
    let with_xs = |name, template: &str, terraform| Workload {
        name,
        terrace: template.replace("XS", XS),
        hcl: template.replace("XS", "xs"),
        times: 1,
        timed_parse: false,
        terraform,
    };
    let chain = vec!["1"; N_TERMS].join(" + ");
    vec![
        with_xs(
            "list: for filter over XS",
            "length([for i in XS : i * 2 if i % 3 != 0])",
            true,
        ),
        with_xs(
            "object: for over XS",
            "length({for i, v in XS : \"k${i}\" => v})",
            true,
        ),
        with_xs(
            "template: 3 interps over XS",
            "length([for i in XS : \"${i}-${i * 2}-${i % 7}\"])",
            true,
        ),
        Workload {
            name: "building XS",
            terrace: format!("length({XS})"),
            hcl: format!("length({XS})"),
            times: 1,
            timed_parse: false,
            terraform: true,
        },
        Workload {
            name: "template \"${a}-${b}-${c}\" x 100k",
            terrace: "\"${a}-${b}-${c}\"".to_string(),
            hcl: "\"${a}-${b}-${c}\"".to_string(),
            times: N_RENDERS,
            timed_parse: false,
            terraform: false,
        },
        Workload {
            name: "10k-term 1 + 1 + ... (parse + eval)",
            terrace: chain.clone(),
            hcl: chain,
            times: 1,
            timed_parse: true,
            terraform: false,
        },
    ]
}

fn terrace_scope() -> Scope {
    Scope::new()
        .with("a", Value::string("alpha"))
        .with("b", Value::int(42))
        .with("c", Value::bool(true))
}

fn hcl_context() -> hcl::eval::Context<'static> {
    use hcl::eval::{FuncArgs, FuncDef, ParamType};
    fn range(args: FuncArgs) -> Result<hcl::Value, String> {
        let n = args[0].as_u64().ok_or("range: not a number")?;
        Ok(hcl::Value::Array((0..n).map(hcl::Value::from).collect()))
    }
    fn flatten(args: FuncArgs) -> Result<hcl::Value, String> {
        let mut out = Vec::new();
        for inner in args.into_values() {
            if let hcl::Value::Array(lists) = inner {
                for list in lists {
                    match list {
                        hcl::Value::Array(elems) => out.extend(elems),
                        other => out.push(other),
                    }
                }
            }
        }
        Ok(hcl::Value::Array(out))
    }
    fn length(args: FuncArgs) -> Result<hcl::Value, String> {
        match &args[0] {
            hcl::Value::Array(elems) => Ok(elems.len().into()),
            hcl::Value::Object(attrs) => Ok(attrs.len().into()),
            _ => Err("length: not a collection".to_string()),
        }
    }
    let mut ctx = hcl::eval::Context::new();
    let xs: Vec<hcl::Value> = (0..100_000u64).map(hcl::Value::from).collect();
    ctx.declare_var("xs", hcl::Value::Array(xs));
    ctx.declare_var("a", "alpha");
    ctx.declare_var("b", 42u64);
    ctx.declare_var("c", true);
    ctx.declare_func("range", FuncDef::new(range, [ParamType::Number]));
    ctx.declare_func("flatten", FuncDef::new(flatten, [ParamType::Any]));
    ctx.declare_func("length", FuncDef::new(length, [ParamType::Any]));
    ctx
}

/// Runs `workload` once on terrace; the time of its timed part.
fn run_terrace(workload: &Workload, scope: &Scope) -> Duration {
    let start = Instant::now();
    let expr = terrace_syntax::parse_expr(&workload.terrace).unwrap();
    let start = if workload.timed_parse {
        start
    } else {
        Instant::now()
    };
    let evaluator = Evaluator::new();
    for _ in 0..workload.times {
        black_box(evaluator.eval(&expr, scope).unwrap());
    }
    start.elapsed()
}

/// Runs `workload` once on hcl-rs; the time of its timed part.
fn run_hcl(workload: &Workload, ctx: &hcl::eval::Context) -> Result<Duration, String> {
    use hcl::eval::Evaluate;
    let start = Instant::now();
    let expr: hcl::Expression = workload
        .hcl
        .parse()
        .map_err(|e: hcl::Error| e.to_string())?;
    let start = if workload.timed_parse {
        start
    } else {
        Instant::now()
    };
    for _ in 0..workload.times {
        black_box(expr.evaluate(ctx).map_err(|e| e.to_string())?);
    }
    Ok(start.elapsed())
}

/// This process's peak resident set, in kB.
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Child mode: runs workload `index` once on `engine`, prints the peak resident set.
fn child(index: usize, engine: &str) {
    let workload = &workloads()[index];
    match engine {
        "terrace" => {
            run_terrace(workload, &terrace_scope());
        }
        _ => {
            let ctx = hcl_context();
            if run_hcl(workload, &ctx).is_err() {
                println!("failed");
                return;
            }
        }
    }
    println!("{}", peak_kb());
}

/// The peak memory of workload `index` on `engine`, from a child process.
fn child_peak(index: usize, engine: &str) -> String {
    let Ok(exe) = std::env::current_exe() else {
        return "?".to_string();
    };
    let output = Command::new(exe)
        .args(["--child", &index.to_string(), engine])
        .output();
    match output {
        Ok(output) if output.status.success() => {
            let text = String::from_utf8_lossy(&output.stdout);
            match text.trim().parse::<f64>() {
                Ok(kb) => format!("{:.1} MB", kb / 1024.0),
                Err(_) => text.trim().to_string(),
            }
        }
        _ => "?".to_string(),
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The median wall time of three runs of `command` (with `input` on stdin).
fn process_time(mut command: impl FnMut() -> Command, input: &str) -> Option<Duration> {
    let mut times = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        let mut child = command()
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        child.stdin.take()?.write_all(input.as_bytes()).ok()?;
        if !child.wait().ok()?.success() {
            return None;
        }
        times.push(start.elapsed());
    }
    Some(median(times))
}

fn terrace_binary() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/release/terrace");
    path.exists().then_some(path)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|arg| arg == "--child") {
        child(args[at + 1].parse().unwrap(), &args[at + 2]);
        return;
    }
    if let Ok(index) = std::env::var("TERRACE_BENCH_PROFILE") {
        // For a profiler: only terrace, one workload, many rounds.
        let workload = &workloads()[index.parse::<usize>().unwrap()];
        let scope = terrace_scope();
        for _ in 0..30 {
            run_terrace(workload, &scope);
        }
        return;
    }
    let with_terraform = std::env::var("TERRACE_BENCH_TERRAFORM").as_deref() != Ok("0");
    let tf_dir = std::env::temp_dir().join("terrace-bench-terraform");
    std::fs::create_dir_all(&tf_dir).unwrap();
    let terrace_bin = terrace_binary();

    let scope = terrace_scope();
    let ctx = hcl_context();
    println!(
        "{:36} {:>9} {:>9} {:>6} {:>9} {:>9} {:>10} {:>10} {:>6}",
        "workload",
        "terrace",
        "hcl-rs",
        "ratio",
        "mem tr",
        "mem hcl",
        "terrace -e",
        "terraform",
        "ratio"
    );
    for (index, workload) in workloads().iter().enumerate() {
        let mut terrace_times = Vec::new();
        let mut hcl_times = Vec::new();
        let mut hcl_error = None;
        for _ in 0..ROUNDS {
            terrace_times.push(run_terrace(workload, &scope));
            match run_hcl(workload, &ctx) {
                Ok(time) => hcl_times.push(time),
                Err(e) => hcl_error = Some(e),
            }
        }
        let terrace = median(terrace_times);
        let (hcl, ratio) = match hcl_error {
            None => {
                let hcl = median(hcl_times);
                (
                    format!("{hcl:.1?}"),
                    format!("{:.2}x", hcl.as_secs_f64() / terrace.as_secs_f64()),
                )
            }
            Some(_) => ("failed".to_string(), "-".to_string()),
        };
        let (mem_terrace, mem_hcl) = (child_peak(index, "terrace"), child_peak(index, "hcl"));
        let (mut process, mut terraform, mut tf_ratio) = ("-".into(), "-".into(), "-".into());
        if with_terraform && workload.terraform {
            let input = format!("{}\n", workload.terrace);
            let terrace_time = terrace_bin.as_ref().and_then(|bin| {
                process_time(
                    || {
                        let mut command = Command::new(bin);
                        command.args(["-e", &workload.terrace]);
                        command
                    },
                    "",
                )
            });
            let tf_time = process_time(
                || {
                    let mut command = Command::new("terraform");
                    command.arg("console").current_dir(&tf_dir);
                    command
                },
                &input,
            );
            if let Some(time) = terrace_time {
                process = format!("{time:.1?}");
            }
            if let Some(time) = tf_time {
                terraform = format!("{time:.1?}");
            }
            if let (Some(ours), Some(theirs)) = (terrace_time, tf_time) {
                tf_ratio = format!("{:.0}x", theirs.as_secs_f64() / ours.as_secs_f64());
            }
        }
        println!(
            "{:36} {:>9} {:>9} {:>6} {:>9} {:>9} {:>10} {:>10} {:>6}",
            workload.name,
            format!("{terrace:.1?}"),
            hcl,
            ratio,
            mem_terrace,
            mem_hcl,
            process,
            terraform,
            tf_ratio
        );
    }
}
