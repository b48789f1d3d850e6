//! `references`: the named values an expression depends on.

use terrace_eval::references;

fn refs(src: &str) -> Vec<String> {
    let expr = terrace_syntax::parse_expr(src).unwrap();
    references(&expr).iter().map(ToString::to_string).collect()
}

#[test]
fn traversals_in_source_order_without_duplicates() {
    assert_eq!(
        refs("var.a + local.b[0] + var.a + aws_instance.web[*].id"),
        ["var.a", "local.b[0]", "aws_instance.web"]
    );
}

#[test]
fn dynamic_index_stops_the_traversal() {
    assert_eq!(refs("a.b[var.i].c"), ["a.b", "var.i"]);
}

#[test]
fn for_variables_are_not_references() {
    assert_eq!(
        refs("[for x in var.list : x.id if x != local.skip]"),
        ["var.list", "local.skip"]
    );
    assert_eq!(
        refs("\"%{ for v in var.xs }${v}${local.sep}%{ endfor }\""),
        ["var.xs", "local.sep"]
    );
}

#[test]
fn function_arguments_and_keys() {
    assert_eq!(refs("{(local.k) = upper(var.v)}"), ["local.k", "var.v"]);
}
