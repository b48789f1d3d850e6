//! Expressions: precedence, literals, collections, traversals, splats, calls, `for`.

use crate::check::{check, check_error, table};

#[test]
fn precedence_table() {
    // Levels from hclsyntax/spec.md: `* / %` > `+ -` > comparisons >
    // `== !=` > `&&` > `||`, all left-associative; unary binds tightest and
    // the conditional loosest.
    check("1 + 2 * 3 == 7 || x", "(|| (== (+ 1 (* 2 3)) 7) x)");
    check("x / y * z", "(* (/ x y) z)");
    check("a % b * c", "(* (% a b) c)");
    check("a - b - c", "(- (- a b) c)");
    check("a || b && c", "(|| a (&& b c))");
    check("a && b || c", "(|| (&& a b) c)");
    check("a == b != c", "(!= (== a b) c)");
    check("a < b == c >= d", "(== (< a b) (>= c d))");
    check("a + b > c * d", "(> (+ a b) (* c d))");
    check("-46 + 5", "(+ (- 46) 5)");
    check("!a && b", "(&& (! a) b)");
    check("!a.b[0]", "(! a.b[0])");
    check("- -1", "(- (- 1))");
    check("1 - -1", "(- 1 (- 1))");
    check("a || b ? c : d", "(? (|| a b) c d)");
    check("a ? b : c ? d : e", "(? a b (? c d e))");
    check("a ? b ? c : d : e", "(? a (? b c d) e)");
    check("(1 + 2) * 3", "(* (paren (+ 1 2)) 3)");
}

#[test]
fn minus_one_versus_subtraction() {
    check("-1", "(- 1)");
    check("a - 1", "(- a 1)");
    check("a -1", "(- a 1)");
    check("a-1", "a-1");
    check("[a -1]", "(tuple (- a 1))");
    check("[a, -1]", "(tuple a (- 1))");
    check("f(-1)", "(call f (- 1))");
}

#[test]
fn literals() {
    check("0", "0");
    check("1.5e+3", "1.5e+3");
    check(
        "123456789012345678901234567890",
        "123456789012345678901234567890",
    );
    check("true", "true");
    check("null", "null");
    check(r#""a\"b\\c\n\t\r""#, r#""a\"b\\c\n\t\r""#);
    check(r#""\u00e9\U0001F600""#, "\"é😀\"");
    check(r#""""#, r#""""#);
    check(r#""$${a} %%{b} $ % $$""#, r#""${a} %{b} $ % $$""#);
    check_error("1.2.3", "Invalid number literal");
    check_error(r#""\q""#, "Invalid escape sequence");
    check_error(r#""\u12""#, "Invalid escape sequence");
    check_error(r#""\uD800""#, "Invalid escape sequence");
}

#[test]
fn whitespace_and_comments_around_an_expression() {
    check("  # comment\n  1 /* x */ + // y\n 2\n\n", "(+ 1 2)");
    check("[\n  1, # one\n  2,\n]", "(tuple 1 2)");
    let error = check_error("1 2", "Extra characters after expression");
    assert_eq!(error.span().range(), 2..3);
}

#[test]
fn tricky_cases() {
    insta::assert_snapshot!(
        "tricky_expressions",
        table(&[
            "a.*.b[0]",
            "a[*].b[0]",
            "a[*].b[*].c",
            "a.*.b.c[1]",
            "a[*]",
            "a.*",
            "a[*][*]",
            "a.*.0.b",
            "a.0.b",
            "a[0].b.1",
            "[1, 2][0]",
            "f(x).a[1]",
            "{a = 1}.a",
            "(a).b",
            "a[b[c]]",
            "{for = 1}",
            "{\"for\" = 1}",
            "{(for) = 1}",
            "{baz = 2, for = 1}",
            "[for, foo]",
            "[(for), foo]",
            "{for k, v in m : k => v}",
            "{for_each = 1}",
            "[for x in xs : x if x > 1]",
            "{for i, v in xs : v => i...}",
            "[for x in xs :\n  x\n]",
            "{a = 1, (b) = 2, \"c\" = 3, d: 4, e.f = 5, null = 6, 7 = 8}",
            "{\n  a = 1\n  b = 2,\n\n  c = 3 # comment\n}",
            "provider::aws::arn_parse(x)",
            "core::upper(\"a\")",
            "f(a, b...)",
            "f(\n  a,\n  b,\n)",
            "f()",
            "true(1)",
        ])
    );
}

#[test]
fn splat_kinds_differ_in_what_they_swallow() {
    // `tuple.*.foo.bar[0]` is `[for v in tuple: v.foo.bar][0]`;
    // `tuple[*].foo.bar[0]` is `[for v in tuple: v.foo.bar[0]]` (spec.md).
    check("t.*.foo.bar[0]", "(splat.* t @.foo.bar)[0]");
    check("t[*].foo.bar[0]", "(splat[*] t @.foo.bar[0])");
    check_error("x.*.*", "Nested splat expression not allowed");
    check_error("x.0.1", "Invalid legacy index syntax");
    check_error("x.", "Invalid attribute name");
    check_error("x[*", "Missing close bracket on splat index");
}

#[test]
fn for_expression_errors() {
    check_error("{for = 1}", "Invalid 'for' expression");
    check_error("[for, foo]", "Invalid 'for' expression");
    check_error("[for x xs : x]", "Invalid 'for' expression");
    check_error("[for x in xs x]", "Invalid 'for' expression");
    check_error("[for k, v in m : k => v]", "Invalid 'for' expression");
    check_error("[for x in xs : x...]", "Invalid 'for' expression");
    check_error("{for x in xs : x}", "Invalid 'for' expression");
    check_error("[for x in xs : x extra]", "Invalid 'for' expression");
}

#[test]
fn call_errors() {
    check_error("f(a b)", "Missing argument separator");
    check_error("f(a...,)", "Missing closing parenthesis");
    check_error("core::(1)", "Missing function name");
    check_error("core::upper", "Missing open parenthesis");
}

#[test]
fn object_errors() {
    check_error("{a=1 b=2}", "Missing attribute separator");
    check_error("{a}", "Missing key/value separator");
    check_error("{\n a\n = 1}", "Missing attribute value");
    check_error("{a = 1 +\n 2}", "Invalid expression");
    check_error("{a b = 1}", "Missing key/value separator");
}

#[test]
fn spans_cover_nodes() {
    let parsed = terrace_syntax::parse_expr("  a.b + f(1, [2])  ").unwrap();
    assert_eq!(parsed.span.range(), 2..17);
    insta::assert_snapshot!(
        terrace_syntax::dump_verbose(&parsed),
        @"(+ a.b@3..5@2..5 (call f 1@10..11 (tuple 2@14..15)@13..16)@8..17)@2..17"
    );
}
