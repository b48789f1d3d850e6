//! Highlight classes for the console.

use terrace_syntax::{HighlightClass, highlight};

fn render(src: &str) -> String {
    highlight(src)
        .into_iter()
        .map(|(span, class)| format!("{:?} {:?}\n", span.text(src), class))
        .collect()
}

#[test]
fn classes_of_a_sample() {
    insta::assert_snapshot!(
        "highlight_sample",
        render(
            "x = [for s in var.list : upper(\"${s}\\n\") if s != null] # c\ny = <<EOT\n%{ if a ~}b%{ endif }\nEOT\nz = core::max(1.5e3, -2) ? \"$${x}\" : {a = 1}\n"
        )
    );
}

#[test]
fn never_panics_on_prefixes() {
    let src = "a = \"x${b[\"c\"]}\" /* d */ <<-E\n  ${f(1)}\n  E\n%{ for x in y }é€\\u12";
    for end in 0..=src.len() {
        if !src.is_char_boundary(end) {
            continue;
        }
        let prefix = &src[..end];
        for (span, _) in highlight(prefix) {
            assert!(span.end as usize <= prefix.len());
            assert!(prefix.is_char_boundary(span.start as usize));
            assert!(prefix.is_char_boundary(span.end as usize));
        }
    }
    assert!(
        highlight("\u{feff}€")
            .iter()
            .all(|(_, class)| *class == HighlightClass::Invalid)
    );
}
