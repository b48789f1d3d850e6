//! Long operator chains evaluate without exhausting a small stack.

use terrace_eval::{Evaluator, Scope};

/// Runs `f` on a thread with a 2 MiB stack, the size of a default spawned thread.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn ten_thousand_term_sum() {
    let n = on_small_stack(|| {
        let src = vec!["1"; 10_000].join(" + ");
        let expr = terrace_syntax::parse_expr(&src).unwrap();
        let value = Evaluator::new().eval(&expr, &Scope::new()).unwrap();
        value.as_number().and_then(|n| n.to_i64())
    });
    assert_eq!(n, Some(10_000));
}

#[test]
fn long_mixed_chain_with_logic() {
    let value = on_small_stack(|| {
        let src = vec!["true"; 5_000].join(" && ") + " || false";
        let expr = terrace_syntax::parse_expr(&src).unwrap();
        Evaluator::new()
            .eval(&expr, &Scope::new())
            .unwrap()
            .as_bool()
    });
    assert_eq!(value, Some(true));
}

/// The deepest nesting of `open ... close` around `inner` that parses.
fn deepest(open: &str, inner: &str, close: &str) -> String {
    let mut depth = terrace_syntax::MAX_DEPTH as usize;
    loop {
        let src = open.repeat(depth) + inner + &close.repeat(depth);
        if terrace_syntax::parse_expr(&src).is_ok() || depth == 0 {
            return src;
        }
        depth -= 1;
    }
}

#[test]
fn deepest_nesting_the_parser_allows() {
    let sources = [
        deepest("[", "1", "]"),
        deepest("(", "1", ")"),
        deepest("upper(", "\"a\"", ")"),
        deepest("true ? ", "1", " : 2"),
        deepest("[for x in [1] : ", "x", "]"),
        deepest("\"${", "1", "}\""),
        deepest("-", "1", ""),
        deepest("{a = ", "1", "}"),
        deepest("try(", "1", ")"),
    ];
    for src in sources {
        let shown = src.chars().take(24).collect::<String>();
        let ok = on_small_stack(move || {
            let expr = terrace_syntax::parse_expr(&src).unwrap();
            Evaluator::new().eval(&expr, &Scope::new()).is_ok()
        });
        assert!(ok, "{shown}...");
    }
}

#[test]
fn an_interrupt_stops_a_long_evaluation() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    let xs = terrace_types::Value::list(
        terrace_types::Type::Number,
        (0..100_000).map(terrace_types::Value::int),
    );
    let scope = Scope::new().with("xs", xs);
    let flag = Arc::new(AtomicBool::new(true));
    let evaluator = Evaluator::new().with_interrupt(flag);
    let expr = terrace_syntax::parse_expr("[for i in xs : i * 2]").unwrap();
    let error = evaluator.eval(&expr, &scope).unwrap_err();
    assert_eq!(error.first().unwrap().summary, "Evaluation interrupted");

    let calm = Evaluator::new().with_interrupt(Arc::new(AtomicBool::new(false)));
    assert!(calm.eval(&expr, &scope).is_ok());
}
