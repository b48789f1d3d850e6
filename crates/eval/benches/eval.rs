//! Evaluation benchmark: terrace and `hcl-rs` side by side on the same inputs.
//!
//! Run with `cargo bench -p terrace-eval --bench eval`. Each workload runs a few
//! times on each engine; the best time is reported, with the ratio
//! `hcl-rs / terrace` (above 1 means terrace is faster).
#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use terrace_eval::{Evaluator, Scope};
use terrace_types::{Type, Value};

const N_ELEMS: usize = 100_000;
const N_RENDERS: usize = 100_000;
const N_TERMS: usize = 10_000;
const ROUNDS: usize = 5;

fn best_of(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Runs `f` on a thread with a big stack, so a recursive engine can finish deep inputs.
fn on_big_stack<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "panicked".to_string())?
}

/// The last line of a (possibly multi-line) error message.
fn last_line(message: &str) -> &str {
    message
        .lines()
        .last()
        .unwrap_or(message)
        .trim_start_matches(['=', ' '])
}

struct Workload {
    name: &'static str,
    terrace: Duration,
    hcl: Result<Duration, String>,
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

fn terrace_eval_repeated(src: &str, times: usize) -> Duration {
    let scope = terrace_scope();
    let evaluator = Evaluator::new();
    let expr = terrace_syntax::parse_expr(src).unwrap();
    best_of(ROUNDS, || {
        for _ in 0..times {
            black_box(evaluator.eval(&expr, &scope).unwrap());
        }
    })
}

fn hcl_eval_repeated(src: &'static str, times: usize) -> Result<Duration, String> {
    on_big_stack(move || {
        use hcl::eval::Evaluate;
        let ctx = hcl_context();
        let expr: hcl::Expression = src.parse().map_err(|e| format!("parse: {e}"))?;
        expr.evaluate(&ctx).map_err(|e| format!("eval: {e}"))?;
        Ok(best_of(ROUNDS, || {
            for _ in 0..times {
                black_box(expr.evaluate(&ctx).ok());
            }
        }))
    })
}

fn main() {
    let filter_src = "[for i in xs : i * 2 if i % 3 != 0]";
    let object_src = "{for i, v in xs : \"k${i}\" => v}";
    let template_src = "\"${a}-${b}-${c}\"";
    let chain_src: &'static str = Box::leak(vec!["1"; N_TERMS].join(" + ").into_boxed_str());

    let mut workloads = vec![
        Workload {
            name: "for filter over 100k numbers",
            terrace: terrace_eval_repeated(filter_src, 1),
            hcl: hcl_eval_repeated(filter_src, 1),
        },
        Workload {
            name: "for object over 100k numbers",
            terrace: terrace_eval_repeated(object_src, 1),
            hcl: hcl_eval_repeated(object_src, 1),
        },
        Workload {
            name: "3-part template x 100k",
            terrace: terrace_eval_repeated(template_src, N_RENDERS),
            hcl: hcl_eval_repeated(template_src, N_RENDERS),
        },
    ];

    let terrace_chain = best_of(ROUNDS, || {
        let expr = terrace_syntax::parse_expr(chain_src).unwrap();
        black_box(Evaluator::new().eval(&expr, &Scope::new()).unwrap());
    });
    let hcl_chain = on_big_stack(move || {
        use hcl::eval::Evaluate;
        let ctx = hcl::eval::Context::new();
        let expr: hcl::Expression = chain_src.parse().map_err(|e| format!("parse: {e}"))?;
        expr.evaluate(&ctx).map_err(|e| format!("eval: {e}"))?;
        Ok(best_of(ROUNDS, || {
            let expr: hcl::Expression = chain_src.parse().unwrap();
            black_box(expr.evaluate(&ctx).ok());
        }))
    });
    workloads.push(Workload {
        name: "10k-term 1 + 1 + ... (parse + eval)",
        terrace: terrace_chain,
        hcl: hcl_chain,
    });

    println!(
        "{:40} {:>12} {:>12} {:>8}",
        "workload", "terrace", "hcl-rs", "ratio"
    );
    for workload in &workloads {
        let (hcl, ratio) = match &workload.hcl {
            Ok(hcl) => (
                format!("{hcl:.2?}"),
                format!("{:.2}x", hcl.as_secs_f64() / workload.terrace.as_secs_f64()),
            ),
            Err(e) => ("failed".to_string(), format!("- ({})", last_line(e))),
        };
        println!(
            "{:40} {:>12} {:>12} {:>8}",
            workload.name,
            format!("{:.2?}", workload.terrace),
            hcl,
            ratio
        );
    }
}
