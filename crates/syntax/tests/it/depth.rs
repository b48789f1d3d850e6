//! Nesting: deep input gets a clear error, never a stack overflow.
//!
//! Every check runs on a thread with a 2 MiB stack (the default for spawned
//! threads) in whatever profile the tests are built with.

use terrace_syntax::{
    MAX_DEPTH, ParseErrorKind, dump, parse_body, parse_expr, parse_template, references,
};

fn on_small_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(work)
        .unwrap()
        .join()
        .unwrap()
}

fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    format!("{}{inner}{}", open.repeat(n), close.repeat(n))
}

#[test]
fn ten_thousand_levels_give_a_depth_error() {
    on_small_stack(|| {
        let n = 10_000;
        let inputs = [
            nested("(", "1", ")", n),
            nested("[", "1", "]", n),
            nested("{a = ", "1", "}", n),
            nested("f(", "1", ")", n),
            nested("x[", "1", "]", n),
            nested("\"${", "1", "}\"", n),
            nested("[for x in ", "y", " : x]", n),
            nested("a ? ", "b", " : c", n),
            nested("a ? b : ", "c", "", n),
            nested("-", "1", "", n),
            nested("!", "x", "", n),
            nested("<<EOT\n${", "1", "}\nEOT\n", n),
            format!("x{}", ".*.a[0]".repeat(n)),
            format!("x{}", "[*]".repeat(n)),
        ];
        for src in &inputs {
            let error = parse_expr(src).unwrap_err();
            assert_eq!(error.kind(), ParseErrorKind::TooDeep, "{}", &src[..40]);
            assert_eq!(error.summary(), "Nesting too deep");
        }
        let template = nested("%{ if x }", "y", "%{ endif }", n);
        assert_eq!(
            parse_template(&template).unwrap_err().kind(),
            ParseErrorKind::TooDeep
        );
        let blocks = nested("b {\n", "a = 1\n", "}\n", n);
        let (_, errors) = parse_body(&blocks);
        assert!(
            errors
                .iter()
                .any(|error| error.kind() == ParseErrorKind::TooDeep)
        );
    });
}

#[test]
fn nesting_inside_the_limit_parses() {
    on_small_stack(|| {
        // Each parenthesis is one level; the whole expression is one more.
        let depth = MAX_DEPTH as usize - 1;
        assert!(parse_expr(&nested("(", "1", ")", depth)).is_ok());
        assert!(parse_expr(&nested("(", "1", ")", depth + 1)).is_err());
        assert!(parse_expr(&nested("[", "1", "]", 100)).is_ok());
        assert!(parse_expr(&nested("{a = ", "1", "}", 100)).is_ok());
        assert!(parse_expr(&nested("\"${", "1", "}\"", 100)).is_ok());
        assert!(parse_template(&nested("%{ if x }", "y", "%{ endif }", 100)).is_ok());
        let (_, errors) = parse_body(&nested("b {\n", "a = 1\n", "}\n", 100));
        assert!(errors.is_empty());
    });
}

#[test]
fn long_left_associative_chains_need_no_recursion() {
    on_small_stack(|| {
        let src = format!("{}1", "x + ".repeat(9_999));
        let expr = parse_expr(&src).unwrap();
        assert_eq!(references(&expr).len(), 9_999);
        assert!(dump(&expr).starts_with("(+ (+ (+ x x) x) x)") || dump(&expr).len() > 10_000);
        drop(expr);
        let src = format!("{}1", "1 * 2 - ".repeat(10_000));
        assert!(parse_expr(&src).is_ok());
    });
}
