//! Static traversals (`parse_traversal`).

use terrace_syntax::{dump_traversal, parse_traversal};

#[test]
fn static_traversals() {
    for (src, expected) in [
        ("a", "a"),
        ("aws_instance.web[0].id", "aws_instance.web[0].id"),
        ("a.0.b", "a[0].b"),
        ("module.x[\"k\"]", "module.x[\"k\"]"),
        (" a . b ", "a.b"),
    ] {
        assert_eq!(dump_traversal(&parse_traversal(src).unwrap()), expected);
    }
    for src in ["", "1", "a[b]", "a + 1", "a.", "a[*]", "f(x)"] {
        assert!(parse_traversal(src).is_err(), "{src}");
    }
}
