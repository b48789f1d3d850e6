//! Evaluation benchmark: terrace and `hcl-rs` side by side on the same inputs.
//!
//! Run with `cargo bench -p terrace-eval --bench eval`. The two engines take
//! turns, round after round, on each workload (so a busy machine slows both
//! alike); the best round of each is reported with the ratio
//! `hcl-rs / terrace` (above 1 means terrace is faster).
#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use terrace_eval::{Evaluator, Scope};
use terrace_types::{Type, Value};

const N_ELEMS: usize = 100_000;
const N_RENDERS: usize = 100_000;
const N_TERMS: usize = 10_000;
const ROUNDS: usize = 7;

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

/// The last line of a (possibly multi-line) error message.
fn last_line(message: &str) -> &str {
    message
        .lines()
        .last()
        .unwrap_or(message)
        .trim_start_matches(['=', ' '])
}

fn terrace_scope() -> Scope {
    let xs = Value::list(Type::Number, (0..N_ELEMS as i64).map(Value::int));
    Scope::new()
        .with("xs", xs)
        .with("a", Value::string("alpha"))
        .with("b", Value::int(42))
        .with("c", Value::bool(true))
}

fn hcl_context() -> hcl::eval::Context<'static> {
    let mut ctx = hcl::eval::Context::new();
    let xs: Vec<hcl::Value> = (0..N_ELEMS as u64).map(hcl::Value::from).collect();
    ctx.declare_var("xs", hcl::Value::Array(xs));
    ctx.declare_var("a", "alpha");
    ctx.declare_var("b", 42u64);
    ctx.declare_var("c", true);
    ctx
}

/// One workload: a terrace run and an hcl-rs run (`Err` when hcl-rs cannot do it).
struct Workload {
    name: &'static str,
    terrace: Box<dyn FnMut() -> Duration>,
    hcl: Box<dyn FnMut() -> Result<Duration, String>>,
}

/// Evaluates `src` `times` times (parsed once) on each engine.
fn evaluation(name: &'static str, src: &'static str, times: usize) -> Workload {
    let scope = terrace_scope();
    let evaluator = Evaluator::new();
    let expr = terrace_syntax::parse_expr(src).unwrap();
    let ctx = hcl_context();
    let hcl_expr: Result<hcl::Expression, String> =
        src.parse().map_err(|e: hcl::Error| e.to_string());
    Workload {
        name,
        terrace: Box::new(move || {
            time(|| {
                for _ in 0..times {
                    black_box(evaluator.eval(&expr, &scope).unwrap());
                }
            })
        }),
        hcl: Box::new(move || {
            use hcl::eval::Evaluate;
            let expr = hcl_expr.as_ref().map_err(Clone::clone)?;
            expr.evaluate(&ctx).map_err(|e| e.to_string())?;
            Ok(time(|| {
                for _ in 0..times {
                    black_box(expr.evaluate(&ctx).ok());
                }
            }))
        }),
    }
}

/// Parses and evaluates `src` once on each engine.
fn parse_and_eval(name: &'static str, src: &'static str) -> Workload {
    Workload {
        name,
        terrace: Box::new(move || {
            time(|| {
                let expr = terrace_syntax::parse_expr(src).unwrap();
                black_box(Evaluator::new().eval(&expr, &Scope::new()).unwrap());
            })
        }),
        hcl: Box::new(move || {
            use hcl::eval::Evaluate;
            let start = Instant::now();
            let expr: hcl::Expression = src.parse().map_err(|e: hcl::Error| e.to_string())?;
            black_box(
                expr.evaluate(&hcl::eval::Context::new())
                    .map_err(|e| e.to_string())?,
            );
            Ok(start.elapsed())
        }),
    }
}

fn main() {
    let chain: &'static str = Box::leak(vec!["1"; N_TERMS].join(" + ").into_boxed_str());
    let workloads = vec![
        evaluation(
            "for filter over 100k numbers",
            "[for i in xs : i * 2 if i % 3 != 0]",
            1,
        ),
        evaluation(
            "for object over 100k numbers",
            "{for i, v in xs : \"k${i}\" => v}",
            1,
        ),
        evaluation("3-part template x 100k", "\"${a}-${b}-${c}\"", N_RENDERS),
        parse_and_eval("10k-term 1 + 1 + ... (parse + eval)", chain),
    ];

    println!(
        "{:38} {:>11} {:>11} {:>7}",
        "workload", "terrace", "hcl-rs", "ratio"
    );
    for mut workload in workloads {
        let mut best_terrace = Duration::MAX;
        let mut best_hcl: Result<Duration, String> = Ok(Duration::MAX);
        for _ in 0..ROUNDS {
            best_terrace = best_terrace.min((workload.terrace)());
            best_hcl = match (best_hcl, (workload.hcl)()) {
                (Ok(best), Ok(this)) => Ok(best.min(this)),
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
        }
        let (hcl, ratio) = match &best_hcl {
            Ok(hcl) => (
                format!("{hcl:.2?}"),
                format!("{:.2}x", hcl.as_secs_f64() / best_terrace.as_secs_f64()),
            ),
            Err(e) => ("failed".to_string(), format!("- ({})", last_line(e))),
        };
        println!(
            "{:38} {:>11} {:>11} {:>7}",
            workload.name,
            format!("{best_terrace:.2?}"),
            hcl,
            ratio
        );
    }
}
