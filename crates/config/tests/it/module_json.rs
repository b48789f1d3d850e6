//! HCL's JSON syntax in modules: `.tf.json` files mixed with `.tf`, overrides across the two syntaxes, `.tfvars.json`.

use terrace_config::module::{LoadOptions, load_module};
use terrace_eval::{Evaluator, Scope};
use terrace_syntax::json::parse_json;
use terrace_types::format_value;

use crate::module::{errors, eval, fixture, load, options, render};

#[test]
fn json_and_hcl_files_form_one_module() {
    let module = load("json_mixed");
    assert_eq!(errors(&module), Vec::<String>::new());
    // Terraform 1.15.5 on the same directory.
    assert_eq!(
        eval(
            &module,
            "[var.region, var.names, var.settings, var.sizes, var.literal]"
        ),
        r#"[
  "us-${east}-1",
  tolist([
    "x",
    "y",
    "z",
  ]),
  {
    "name" = "big"
    "size" = 3
    "tags" = tomap({
      "env" = "dev"
    })
  },
  tolist([
    1,
    2.5,
    10000000000000000000001,
  ]),
  "${not interpolated}",
]"#
    );
    assert_eq!(
        eval(
            &module,
            "[local.greeting, local.count, local.numbers, local.nested, local.upper]"
        ),
        r#"[
  "hello us-${east}-1, ${escaped}",
  3,
  [
    1,
    2.5,
    1000,
    -0.5,
    12345678901234567890123,
  ],
  {
    "a" = {
      "b" = [
        true,
        false,
        null,
      ]
    }
    "us-${east}-1" = "dynamic key"
  },
  "XYZ",
]"#
    );
    insta::assert_snapshot!("json_mixed", render(&module));
    let blocks = ["terraform_data.web", "terraform_data.db"]
        .map(|address| module.render_blocks(address).unwrap())
        .join("\n");
    insta::assert_snapshot!("json_mixed_blocks", blocks);
}

/// The same value written in HCL and in JSON (full expression mode): both
/// give what Terraform 1.15.5 prints for the JSON form (a `local` in a
/// `.tf.json` file), which is also what it prints for the HCL form.
#[test]
fn hcl_and_json_forms_give_the_same_value() {
    let cases = [
        (r#""hello""#, r#""hello""#, r#""hello""#),
        (r#"42"#, r#"42"#, r#"42"#),
        (
            r#"1.5e300"#,
            r#"1.5e300"#,
            r#"1500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"#,
        ),
        (
            r#"12345678901234567890123456789"#,
            r#"12345678901234567890123456789"#,
            r#"12345678901234567890123456789"#,
        ),
        (r#"-0.5"#, r#"-0.5"#, r#"-0.5"#),
        (r#"true"#, r#"true"#, r#"true"#),
        (r#"null"#, r#"null"#, r#"null"#),
        (
            r#"[1, "a", true]"#,
            r#"[1, "a", true]"#,
            r#"[
  1,
  "a",
  true,
]"#,
        ),
        (
            r#"{a = 1, b = [2]}"#,
            r#"{"a": 1, "b": [2]}"#,
            r#"{
  "a" = 1
  "b" = [
    2,
  ]
}"#,
        ),
        (r#""${1 + 2}""#, r#""${1 + 2}""#, r#"3"#),
        (
            r#""x-${upper("a")}-y""#,
            r#""x-${upper(\"a\")}-y""#,
            r#""x-A-y""#,
        ),
        (r#""$${literal}""#, r#""$${literal}""#, r#""${literal}""#),
        (
            r#""%{ for i in [1, 2] }${i},%{ endfor }""#,
            r#""%{ for i in [1, 2] }${i},%{ endfor }""#,
            r#""1,2,""#,
        ),
        (
            r#"{"${"k"}" = "v"}"#,
            r#"{"${\"k\"}": "v"}"#,
            r#"{
  "k" = "v"
}"#,
        ),
        (
            r#""${[for x in [1, 2] : x * 2]}""#,
            r#""${[for x in [1, 2] : x * 2]}""#,
            r#"[
  2,
  4,
]"#,
        ),
        (r#""\u00e9\t""#, r#""\u00e9\t""#, r#""é\t""#),
        (
            r#"{a = {b = [null, false]}}"#,
            r#"{"a": {"b": [null, false]}}"#,
            r#"{
  "a" = {
    "b" = [
      null,
      false,
    ]
  }
}"#,
        ),
    ];
    let evaluator = Evaluator::new();
    let scope = Scope::new();
    for (hcl, json, expected) in cases {
        let native = terrace_syntax::parse_expr(hcl).unwrap();
        let value = evaluator.eval(&native, &scope).unwrap();
        assert_eq!(format_value(&value), expected, "HCL {hcl}");
        let from_json = parse_json(json).unwrap().to_expr().unwrap();
        let value = evaluator.eval(&from_json, &scope).unwrap();
        assert_eq!(format_value(&value), expected, "JSON {json}");
    }
}

#[test]
fn tfvars_json_from_var_file() {
    let options = LoadOptions {
        var_files: vec![fixture("../var-files/extra.tfvars.json")],
        ..options()
    };
    let module = load_module(&fixture("json_mixed"), &options);
    assert_eq!(errors(&module), Vec::<String>::new());
    // Terraform 1.15.5 with the file as `z.auto.tfvars.json` (also after
    // terraform.tfvars.json): a list, an object with an optional attribute
    // left out, and a string that is not a template.
    assert_eq!(
        eval(&module, "[var.sizes, var.settings, var.region]"),
        r#"[
  tolist([
    3,
    4,
  ]),
  {
    "name" = "${x}"
    "size" = 5
    "tags" = tomap({})
  },
  "us-${east}-1",
]"#
    );
}

#[test]
fn json_configuration_errors_name_the_json_text() {
    // Terraform 1.15.5 reports the same summaries on this directory, at the
    // same lines (its template error in the resource comes later, at plan).
    let module = load("json_errors");
    insta::assert_snapshot!("json_errors", render(&module));
    // A property given twice in an object value: the first one counts.
    assert_eq!(eval(&module, "local.dup"), "{\n  \"k\" = 1\n}");
}

#[test]
fn dynamic_blocks_in_json_expand_as_in_hcl() {
    // The same module in both syntaxes: `dynamic`, `content`, `iterator`
    // (a JSON string read as a name) and `labels` give the same blocks.
    let hcl = load("dynamic");
    let json = load("json_dynamic");
    assert_eq!(errors(&json), Vec::<String>::new());
    for address in [
        "aws_elastic_beanstalk_environment.env",
        "aws_security_group.sg",
        "labelled.x",
    ] {
        assert_eq!(
            json.render_blocks(address),
            hcl.render_blocks(address),
            "{address}"
        );
    }
    assert_eq!(json.render_outputs(), hcl.render_outputs());
}

#[test]
fn json_meta_blocks_and_terraform_settings() {
    let module = crate::module::load_without_backend("json_meta");
    assert_eq!(errors(&module), Vec::<String>::new());
    let settings = &module.root().settings;
    assert_eq!(
        settings
            .required_version
            .as_ref()
            .map(format_value)
            .as_deref(),
        Some("\">= 1.5\"")
    );
    let providers: Vec<String> = settings
        .required_providers
        .iter()
        .map(|(name, value)| format!("{name} = {}", format_value(value)))
        .collect();
    assert_eq!(
        providers,
        ["aws = {\n  \"source\" = \"hashicorp/aws\"\n  \"version\" = \"~> 5.0\"\n}"]
    );
    assert_eq!(
        settings
            .backend
            .as_ref()
            .map(|(kind, label)| (kind.to_string(), label.as_deref().map(str::to_string))),
        Some(("backend".to_string(), Some("s3".to_string())))
    );
    // `lifecycle`, `provisioner` and `connection` are blocks (not arguments);
    // `root_block_device`, with no provider schema, is an argument.
    assert_eq!(
        module.render_blocks("aws_instance.web").unwrap(),
        "# aws_instance.web\nresource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  root_block_device = {\n    \"volume_size\" = 80\n  }\n}\n"
    );
    // Locals given as an array of objects, one block each.
    assert_eq!(eval(&module, "[local.a, local.b]"), "[\n  1,\n  2,\n]");
}

#[test]
fn json_module_call_loads_a_local_child() {
    let module = load("json_module");
    assert_eq!(errors(&module), Vec::<String>::new());
    // Terraform 1.15.5 on the same directory.
    assert_eq!(
        eval(
            &module,
            "[module.child.message, module.child.total, module.child]"
        ),
        r#"[
  "hello world!",
  6.5,
  {
    "message" = "hello world!"
    "total" = 6.5
  },
]"#
    );
}

#[test]
fn json_numbers_keep_full_precision() {
    // Terraform 1.15.5 on `{"locals": {...}}` with these numbers.
    let cases = [
        ("-0", "-0"),
        ("1E+2", "100"),
        (
            "0.30000000000000000000000001",
            "0.30000000000000000000000001",
        ),
        ("1e-400", &format!("0.{}1", "0".repeat(399))),
        ("1e400", &format!("1{}", "0".repeat(400))),
    ];
    for (json, expected) in cases {
        let expr = parse_json(json).unwrap().to_expr().unwrap();
        let value = Evaluator::new().eval(&expr, &Scope::new()).unwrap();
        assert_eq!(format_value(&value), *expected, "{json}");
    }
}
