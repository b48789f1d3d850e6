//! Templates: interpolation, directives, strip markers, heredocs, unwrapping.

use terrace_eval::{Evaluator, Scope, eval_str};
use terrace_types::{Value, format_value};

use crate::support::{check, check_error, check_error_detail};

#[test]
fn interpolation_converts_primitives() {
    check("\"a${1}b${true}c\"", "\"a1btruec\"");
    check("\"${1}x\"", "\"1x\"");
    check_error_detail(
        "\"a${null}\"",
        "Invalid template interpolation value; The expression result is null. Cannot include a null value in a string template.",
    );
    check_error_detail(
        "\"a${[1]}\"",
        "Invalid template interpolation value; Cannot include the given value in a string template: string required, but have tuple.",
    );
}

#[test]
fn a_lone_interpolation_keeps_its_type() {
    check("\"${null}\"", "null");
    check("\"${[1]}\"", "[\n  1,\n]");
    check("\"${true}\"", "true");
}

#[test]
fn directives() {
    check("\"%{if false}a%{else}b%{endif}\"", "\"b\"");
    check(
        "\"%{for x in toset([\"b\",\"a\"])}${x}%{endfor}\"",
        "\"ab\"",
    );
    check(
        "\"%{for k, v in [\"x\",\"y\"]}${k}${v}%{endfor}\"",
        "\"0x1y\"",
    );
    check("\"%{for x in {b=1,a=2}}${x}%{endfor}\"", "\"21\"");
    check_error("\"%{if 1}y%{endif}\"", "Incorrect condition type");
    check_error("\"%{if null}y%{endif}\"", "Null condition");
    check_error(
        "\"%{for x in 5}y%{endfor}\"",
        "Iteration over non-iterable value",
    );
    check_error(
        "\"%{for x in null}y%{endfor}\"",
        "Iteration over null value",
    );
    check_error(
        "\"%{for x in [[1]]}${x}%{endfor}\"",
        "Invalid template interpolation value",
    );
}

#[test]
fn heredocs_render_like_quoted_templates() {
    let scope = Scope::new().with("name", Value::string("world"));
    let value = eval_str(
        "<<EOT\nhello ${name}\n%{ for i in [1, 2] ~}\nline ${i}\n%{ endfor ~}\nEOT\n",
        &scope,
    )
    .unwrap();
    assert_eq!(value.as_str(), Some("hello world\nline 1\nline 2\n"));
    let value = eval_str("<<-EOT\n    a\n      ${name}\n    EOT\n", &scope).unwrap();
    assert_eq!(value.as_str(), Some("a\n  world\n"));
    // Terraform (from a `locals` block): "  yes\ndone\n".
    let src = "<<EOT\n%{ if true ~}\n  yes\n%{~ else ~}\n  no\n%{~ endif }\ndone\nEOT\n";
    assert_eq!(
        eval_str(src, &scope).unwrap().as_str(),
        Some("  yes\ndone\n")
    );
}

#[test]
fn loop_variables_do_not_leak() {
    let scope = Scope::new().with("x", Value::string("outer"));
    let value = eval_str("\"%{for x in [1, 2]}${x}%{endfor}${x}\"", &scope).unwrap();
    assert_eq!(value.as_str(), Some("12outer"));
}

#[test]
fn template_rendering_through_the_evaluator() {
    let template = terrace_syntax::parse_template("a=${a}, %{if b}yes%{endif}").unwrap();
    let scope = Scope::new()
        .with("a", Value::int(1))
        .with("b", Value::bool(true));
    let value = Evaluator::new().eval_template(&template, &scope).unwrap();
    assert_eq!(format_value(&value), "\"a=1, yes\"");
}

#[test]
fn templatefile_and_templatestring() {
    let dir = std::env::temp_dir().join(format!("terrace-eval-tpl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("greet.tpl"),
        "Hello, ${name}!\n%{ for n in nums ~}\n- ${n}\n%{ endfor ~}\n",
    )
    .unwrap();
    std::fs::write(dir.join("bad.tpl"), "${missing}").unwrap();
    let mut evaluator = Evaluator::new();
    evaluator.context_mut().base_dir = dir.clone();
    let scope = Scope::new()
        .with("tpl", Value::string("x=${x}"))
        .with("lone", Value::string("${a}"));
    let run = |src: &str| {
        let expr = terrace_syntax::parse_expr(src).unwrap();
        evaluator.eval(&expr, &scope)
    };
    let value = run("templatefile(\"greet.tpl\", {name = \"Ann\", nums = [1, 2]})").unwrap();
    assert_eq!(value.as_str(), Some("Hello, Ann!\n- 1\n- 2\n"));
    let error = run("templatefile(\"bad.tpl\", {})").unwrap_err();
    assert_eq!(
        error.first().unwrap().detail,
        "Invalid value for \"vars\" parameter: vars map does not contain key \"missing\", referenced at bad.tpl:1,3-10."
    );
    let value = run("templatestring(tpl, {x = 5})").unwrap();
    assert_eq!(value.as_str(), Some("x=5"));
    let error = run("templatestring(tpl, {})").unwrap_err();
    assert_eq!(
        error.first().unwrap().detail,
        "Invalid value for \"vars\" parameter: vars map does not contain key \"x\", referenced at <templatestring argument>:1,5-6."
    );
    // `templatefile` keeps a lone interpolation's type; `templatestring` wants a string.
    std::fs::write(dir.join("single.tpl"), "${a}").unwrap();
    let value = run("templatefile(\"single.tpl\", {a = [1]})").unwrap();
    assert_eq!(format_value(&value), "[\n  1,\n]");
    let error = run("templatestring(lone, {a = [1, 2]})").unwrap_err();
    assert_eq!(
        error.first().unwrap().to_string(),
        "Error in function call; Call to function \"templatestring\" failed: invalid template result: string required, but have tuple."
    );
    let error = run("templatefile(\"greet.tpl\", {name = \"A\", nums = [1], \"bad key\" = 1})")
        .unwrap_err();
    assert_eq!(
        error.first().unwrap().detail,
        "Invalid value for \"vars\" parameter: invalid template variable name \"bad key\": must start with a letter, followed by zero or more letters, digits, and underscores."
    );
    // Variable names are HCL identifiers (Unicode 9.0's, as Terraform's scanner reads them).
    for name in ["a\u{309b}", "a\u{b7}b", "_a", "a-b", "\u{e9}"] {
        let value = run(&format!("templatestring(tpl, {{\"{name}\" = 1, x = 2}})")).unwrap();
        assert_eq!(value.as_str(), Some("x=2"), "{name}");
    }
    let error = run("templatestring(tpl, {\"\u{9fef}\" = 1, x = 2})").unwrap_err();
    assert!(
        error
            .first()
            .unwrap()
            .detail
            .contains("invalid template variable name"),
        "{error:?}"
    );
    let error = run("templatefile(\"greet.tpl\", 1)").unwrap_err();
    assert_eq!(
        error.first().unwrap().detail,
        "Invalid value for \"vars\" parameter: invalid vars value: must be a map."
    );
    let error = run("templatefile(null, {})").unwrap_err();
    assert_eq!(
        error.first().unwrap().detail,
        "Invalid value for \"path\" parameter: argument must not be null."
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
