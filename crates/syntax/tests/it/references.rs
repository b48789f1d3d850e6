//! The reference walk.

use terrace_syntax::{
    dump_traversal, parse_expr, parse_template, references, static_traversal, template_references,
};

#[track_caller]
fn check(src: &str, expected: &[&str]) {
    let expr = parse_expr(src).unwrap();
    let found: Vec<String> = references(&expr).iter().map(dump_traversal).collect();
    assert_eq!(found, expected, "{src}");
}

#[test]
fn traversals_up_to_the_first_dynamic_step() {
    check("var.a", &["var.a"]);
    check("local.b[0]", &["local.b[0]"]);
    check("local.m[\"k\"].x", &["local.m[\"k\"].x"]);
    check("aws_instance.web[*].id", &["aws_instance.web"]);
    check("aws_instance.web.*.id", &["aws_instance.web"]);
    check("aws_instance.web.0.id", &["aws_instance.web[0].id"]);
    check("a[var.i].c", &["a", "var.i"]);
    check("module.m.out + var.n * 2", &["module.m.out", "var.n"]);
    check("f(x, y...)", &["x", "y"]);
    check("{ (k) = v, name = w }", &["k", "v", "w"]);
    check("c ? t : f", &["c", "t", "f"]);
    check("\"${a} and ${b.c}\"", &["a", "b.c"]);
    check("1 + true", &[]);
}

#[test]
fn for_variables_are_not_references_in_their_scope() {
    check("[for x in var.list : x.id if x.enabled]", &["var.list"]);
    check(
        "{for k, v in local.m : k => v if k != var.skip}",
        &["local.m", "var.skip"],
    );
    check("[for x in x : x]", &["x"]);
    check("[for x in a : [for y in x : y + z]]", &["a", "z"]);
    check("[[for x in a : x], x]", &["a", "x"]);
    let template =
        parse_template("%{ for s in var.servers }${s.name} ${t}%{ endfor }${s}").unwrap();
    let found: Vec<String> = template_references(&template)
        .iter()
        .map(dump_traversal)
        .collect();
    assert_eq!(found, ["var.servers", "t", "s"]);
}

#[test]
fn spans_of_references() {
    let expr = parse_expr("1 + var.a[0].b").unwrap();
    let found = references(&expr);
    assert_eq!(found[0].span.range(), 4..14);
}

#[test]
fn expressions_as_static_traversals() {
    let as_traversal =
        |src: &str| static_traversal(&parse_expr(src).unwrap()).map(|t| dump_traversal(&t));
    assert_eq!(as_traversal("aws.west").as_deref(), Some("aws.west"));
    assert_eq!(
        as_traversal("module.m[\"k\"].out").as_deref(),
        Some("module.m[\"k\"].out")
    );
    assert_eq!(as_traversal("null").as_deref(), Some("null"));
    assert_eq!(as_traversal("a[b]"), None);
    assert_eq!(as_traversal("a[*].b"), None);
    assert_eq!(as_traversal("f(x)"), None);
    assert_eq!(as_traversal("\"a\""), None);
}
