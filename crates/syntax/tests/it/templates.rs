//! Templates: quoted, heredoc and bare; strip markers, escapes, nesting.
//!
//! Expected literal values come from Terraform 1.15.5 (`terraform console`
//! on the same source), not from this parser.

use terrace_syntax::{dump_template, parse_body, parse_template};

use crate::check::{check, check_error, table};

/// The dump of attribute `name` in `src`.
fn attribute(src: &str, name: &str) -> String {
    let (body, errors) = parse_body(src);
    assert!(errors.is_empty(), "{}", crate::check::render(src, &errors));
    terrace_syntax::dump(&body.attribute(name).unwrap().expr)
}

#[test]
fn heredoc_indentation_removal() {
    // Terraform: tabs count as one column each, like spaces.
    let src = "x = <<-EOT\n\tfoo\n  bar\nEOT\n";
    assert_eq!(attribute(src, "x"), r#""foo\n bar\n""#);
    // Whitespace-only lines are ignored when measuring and kept as they are.
    let src = "x = <<-EOT\n  foo\n\n    \n   bar\n  EOT\n";
    assert_eq!(attribute(src, "x"), r#""foo\n\n    \n bar\n""#);
    // A line starting with an interpolation counts as unindented.
    let src = "x = <<-EOT\n${\"x\"}\n    foo\n    EOT\n";
    assert_eq!(
        attribute(src, "x"),
        r#"(template (interp "x") "\n    foo\n")"#
    );
    // `<<` keeps indentation; the closing marker may be indented.
    let src = "x = <<EOT\n  a\n    b\n  EOT\n";
    assert_eq!(attribute(src, "x"), r#""  a\n    b\n""#);
}

#[test]
fn heredoc_strip_markers_work_per_line() {
    // Terraform renders this as "    yes\n".
    let src = "x = <<-EOT\n  %{ if true ~}\n    yes\n  %{ endif ~}\n  EOT\n";
    assert_eq!(
        attribute(src, "x"),
        r#"(template "" (if true (template "    yes\n")) "")"#
    );
    // Terraform renders this as "a\n\n\nb\nc\n": `~}` eats only the rest of
    // its own line, `%{~` only the line before it.
    let src = "x = <<EOT\na\n%{ if true ~}\n\n\nb\n%{~ endif }\nc\nEOT\n";
    assert_eq!(
        attribute(src, "x"),
        r#"(template "a\n" (if true (template "\n\nb")) "\nc\n")"#
    );
}

#[test]
fn heredoc_strip_markers_and_indentation_together() {
    // Terraform renders this (servers = ["a", "b"]) as
    // "#!/bin/bash\n  echo a\n  echo b\n    indented\n": a line after a
    // stripped `~}` does not count as line-leading for indentation removal.
    let src = "x = <<-EOT\n  #!/bin/bash\n  %{ for s in var.servers ~}\n  echo ${s}\n  %{ endfor ~}\n    indented\n  EOT\n";
    assert_eq!(
        attribute(src, "x"),
        r##"(template "#!/bin/bash\n" (for (s) var.servers (template "  echo " (interp s) "\n")) "    indented\n")"##
    );
}

#[test]
fn quoted_strip_markers() {
    // spec.md: `hello ${~ "world" }` produces "helloworld".
    check(
        r#""hello ${~ "world" }""#,
        r#"(template "hello" (interp "world"))"#,
    );
    check(
        r#""%{ if true ~} hello %{~ endif }""#,
        r#"(template (if true (template "hello")))"#,
    );
    // Values are not stripped: `${"hello" ~}${" world"}` is "hello world".
    check(
        r#""${"hello" ~}${" world"}""#,
        r#"(template (interp "hello") (interp " world"))"#,
    );
    // A strip marker next to a literal left empty keeps the (empty) literal,
    // so the template is not a lone interpolation.
    check(r#""${x ~} ""#, r#"(template (interp x) "")"#);
}

#[test]
fn escapes_and_interpolation_markers() {
    check(r#""$${x}""#, r#""${x}""#);
    check(r#""%%{x}""#, r#""%{x}""#);
    check("<<EOT\n\\n $${a}\nEOT\n", r#""\\n ${a}\n""#);
    check_error(r#""${a"}""#, "Unclosed template interpolation sequence");
    check_error(
        r#""${a:b}""#,
        "Extra characters after interpolation expression",
    );
    check_error("\"abc\ndef\"", "Invalid multi-line string");
}

#[test]
fn directive_errors() {
    check_error(r#""%{endif}""#, "Unexpected endif directive");
    check_error(
        r#""%{if a}x%{else}y%{else}z%{endif}""#,
        "Unexpected else directive",
    );
    check_error(
        r#""%{for x in y}%{else}%{endfor}""#,
        "Unexpected else directive",
    );
    check_error(
        r#""%{if a}x%{else if b}y%{endif}""#,
        "Extra characters in else marker",
    );
    check_error(r#""%{fi a}""#, "Invalid template control keyword");
    check_error(r#""%{if a}x""#, "Unexpected end of template");
}

#[test]
fn tricky_templates() {
    insta::assert_snapshot!(
        "tricky_templates",
        table(&[
            r#""${a}""#,
            r#""a ${b} c""#,
            r#""${"${"${a}"}"}""#,
            r#""outer ${"inner ${x} ${"deepest"}"} end""#,
            r#""%{ for k, v in m }${k}=${v};%{ endfor }""#,
            r#""%{ if a }x%{ else }y%{ endif }""#,
            r#""%{ if a }%{ if b }x%{ endif }%{ endif }""#,
            r#""%{ for x in xs ~} ${x} %{~ endfor }""#,
            "<<EOT\nhello ${name}\nEOT",
            "<<-EOT\n    a\n      ${b}\n    c\n    EOT",
            "<<EOT\n${<<EOT2\ninner\nEOT2\n}\nEOT",
            "<<EOT\r\ncrlf\r\nEOT\r\n",
            "<<EOT\nEOT",
        ])
    );
}

#[test]
fn bare_templates() {
    let template =
        parse_template("Hello, ${name}!\n%{ for x in xs ~}\n- ${x}\n%{ endfor ~}\n\\n").unwrap();
    assert_eq!(
        dump_template(&template),
        r#"(template "Hello, " (interp name) "!\n" (for (x) xs (template "- " (interp x) "\n")) "\\n")"#
    );
    assert_eq!(dump_template(&parse_template("").unwrap()), "(template)");
    assert!(parse_template("${").unwrap_err().is_incomplete());
    assert!(parse_template("%{ if a }").unwrap_err().is_incomplete());
}
