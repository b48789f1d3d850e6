//! The module loader on the fixture directories in `tests/data/modules/`: named values, outputs and diagnostics.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_config::module::{LoadOptions, LoadedModule, load_module};
use terrace_eval::{Evaluator, Severity};
use terrace_types::{format_type, format_value};

pub(crate) fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/modules")
        .join(name)
}

pub(crate) fn options() -> LoadOptions {
    LoadOptions {
        cwd: Some(PathBuf::from("/cwd")),
        ..LoadOptions::default()
    }
}

pub(crate) fn load(name: &str) -> LoadedModule {
    load_module(&fixture(name), &options())
}

/// A fixture whose `backend` block names a remote backend, loaded with `--state` pointing at
/// a missing file: the backend is not asked (tests never reach outside the machine).
pub(crate) fn load_without_backend(name: &str) -> LoadedModule {
    let options = LoadOptions {
        state_file: Some(PathBuf::from("no-such-state.tfstate")),
        ..options()
    };
    load_module(&fixture(name), &options)
}

/// Diagnostics (`severity[file:line,col-col]: summary` and the detail), then `:vars` and `:outputs`.
pub(crate) fn render(module: &LoadedModule) -> String {
    let mut out = String::from("# diagnostics\n");
    for found in module.diagnostics() {
        let severity = match found.diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let place = found
            .file
            .map(|id| module.files().place(id, found.diagnostic.span))
            .unwrap_or_else(|| "-".to_string());
        out.push_str(&format!(
            "{severity}[{place}]: {}\n  {}\n",
            found.diagnostic.summary,
            found.diagnostic.detail.replace('\n', "\n  ")
        ));
        for (span, label) in &found.diagnostic.labels {
            let place = found
                .file
                .map(|id| module.files().place(id, *span))
                .unwrap_or_default();
            out.push_str(&format!("  label [{place}]: {label}\n"));
        }
    }
    out.push_str("# vars\n");
    out.push_str(&module.render_vars());
    out.push_str("# outputs\n");
    out.push_str(&module.render_outputs());
    out
}

/// Evaluates a console line in the module, as the console would.
#[track_caller]
pub(crate) fn eval(module: &LoadedModule, src: &str) -> String {
    let expr = terrace_syntax::parse_expr(src).unwrap();
    let scope = module.scope_for(&expr);
    match Evaluator::new().eval(&expr, &scope) {
        Ok(value) => format_value(&value),
        Err(error) => format!("error: {error}"),
    }
}

pub(crate) fn errors(module: &LoadedModule) -> Vec<String> {
    module
        .diagnostics()
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.diagnostic.summary.clone())
        .collect()
}

#[test]
fn overrides_merge_as_the_seed_says() {
    let module = load("overrides");
    assert_eq!(errors(&module), Vec::<String>::new());
    // Terraform 1.15.5 (terraform_data in place of aws_instance): with no
    // state a resource's configured arguments are unknown too, so the merge
    // shows in the configuration (`:blocks`), not in the value.
    assert_eq!(
        eval(
            &module,
            "[var.port, var.names, local.message, aws_instance.web.ami]"
        ),
        "[\n  8080,\n  tolist([\n    \"b\",\n    \"c\",\n  ]),\n  \"hello, override\",\n  (known after apply),\n]"
    );
    let blocks = module.render_blocks("aws_instance.web").unwrap();
    assert!(blocks.contains("ami = \"foo\""), "{blocks}");
    assert!(blocks.contains("instance_type = \"t2.micro\""), "{blocks}");
    // The override's ebs_block_device replaces both original ones; network_interface stays.
    assert!(
        blocks.contains("/dev/xvdz") && !blocks.contains("/dev/sdb"),
        "{blocks}"
    );
    assert!(blocks.contains("network_interface"), "{blocks}");
    insta::assert_snapshot!("overrides", render(&module));
    insta::assert_snapshot!(
        "overrides_blocks",
        module.render_blocks("aws_instance.web").unwrap()
    );
}

#[test]
fn override_errors() {
    let module = load("override-errors");
    insta::assert_snapshot!("override_errors", render(&module));
}

#[test]
fn variable_precedence() {
    let options = LoadOptions {
        vars: vec![
            ("from_var".to_string(), "--var".to_string()),
            ("list".to_string(), "[3, 4]".to_string()),
        ],
        var_files: vec![fixture("../var-files/extra.tfvars")],
        env: BTreeMap::from([
            ("TF_VAR_from_env".to_string(), "env".to_string()),
            ("TF_VAR_from_tfvars".to_string(), "env".to_string()),
            ("TF_VAR_number".to_string(), "41".to_string()),
            ("TF_VAR_list".to_string(), "[1, 2]".to_string()),
            ("TF_VAR_unknown_name".to_string(), "ignored".to_string()),
            ("TF_WORKSPACE".to_string(), "staging".to_string()),
        ]),
        cwd: Some(PathBuf::from("/cwd")),
        ..LoadOptions::default()
    };
    let module = load_module(&fixture("variables"), &options);
    // Terraform 1.15.5 with the same environment and files (without
    // --var-file and --var) gives default, env, terraform.tfvars,
    // b.auto.tfvars, a.auto.tfvars, terraform.tfvars, 41, [1, 2], "fallback".
    assert_eq!(
        eval(
            &module,
            "[var.from_default, var.from_env, var.from_tfvars, var.from_auto, var.from_var_file, var.from_var]"
        ),
        "[\n  \"default\",\n  \"env\",\n  \"terraform.tfvars\",\n  \"b.auto.tfvars\",\n  \"extra.tfvars\",\n  \"--var\",\n]"
    );
    assert_eq!(eval(&module, "var.number"), "41");
    assert_eq!(eval(&module, "var.not_nullable"), "\"fallback\"");
    assert_eq!(eval(&module, "var.secret"), "(sensitive value)");
    assert_eq!(eval(&module, "var.required"), "(known after apply)");
    assert_eq!(eval(&module, "terraform.workspace"), "\"staging\"");
    // The --var-file is named by its path, which is where the crate is.
    insta::assert_snapshot!(
        "variables",
        render(&module).replace(env!("CARGO_MANIFEST_DIR"), "CRATE")
    );
}

#[test]
fn cli_var_for_an_undeclared_variable_is_an_error() {
    let options = LoadOptions {
        vars: vec![("nope".to_string(), "1".to_string())],
        ..options()
    };
    let module = load_module(&fixture("buckets"), &options);
    assert_eq!(errors(&module), ["Value for undeclared variable"]);
}

#[test]
fn buckets_optional_attributes_with_defaults() {
    let module = load("buckets");
    assert_eq!(errors(&module), Vec::<String>::new());
    // The seed's expected value (003, "带有 optional 属性和默认值的内嵌结构").
    let expected = r#"tolist([
  {
    "enabled" = true
    "name" = "production"
    "website" = {
      "error_document" = "error.html"
      "index_document" = "index.html"
      "routing_rules" = <<-EOT
      [
        {
          "Condition" = { "KeyPrefixEquals": "img/" },
          "Redirect"  = { "ReplaceKeyPrefixWith": "images/" }
        }
      ]
      
      EOT
    }
  },
  {
    "enabled" = false
    "name" = "archived"
    "website" = {
      "error_document" = "error.html"
      "index_document" = "index.html"
      "routing_rules" = tostring(null)
    }
  },
  {
    "enabled" = true
    "name" = "docs"
    "website" = {
      "error_document" = "error.txt"
      "index_document" = "index.txt"
      "routing_rules" = tostring(null)
    }
  },
])"#;
    assert_eq!(eval(&module, "var.buckets"), expected);
    insta::assert_snapshot!("buckets", render(&module));
}

#[test]
fn validation_failures_are_reported() {
    let module = load("validation");
    assert_eq!(
        errors(&module),
        [
            "Invalid default value for variable",
            "Invalid value for variable"
        ]
    );
    insta::assert_snapshot!("validation", render(&module));
}

#[test]
fn locals_cycle() {
    let module = load("locals-cycle");
    assert_eq!(eval(&module, "local.e"), "\"fine!\"");
    insta::assert_snapshot!("locals_cycle", render(&module));
}

#[test]
fn count_and_for_each() {
    let module = load("count-for-each");
    // Terraform 1.15.5 (terraform_data in place of aws_instance): with no
    // state, a resource with `count` or `for_each` is wholly unknown, its
    // length and keys included; a single one is an object of unknowns.
    for expr in [
        "aws_instance.web[1].ami",
        "aws_instance.web[1].arn",
        "aws_instance.web[7]",
        "length(aws_instance.web)",
        "aws_instance.named[\"beta\"].tags.Name",
        "keys(aws_instance.by_map)",
        "data.aws_ami.ubuntu.id",
    ] {
        assert_eq!(eval(&module, expr), "(known after apply)", "{expr}");
    }
    // The expansion itself is in the configuration view.
    let blocks = module.render_blocks("aws_instance.web").unwrap();
    assert!(blocks.contains("ami-1"), "{blocks}");
    insta::assert_snapshot!("count_for_each", render(&module));
    insta::assert_snapshot!(
        "count_for_each_blocks",
        module.render_blocks("aws_instance.named").unwrap()
    );
}

#[test]
fn dynamic_blocks() {
    let module = load("dynamic");
    assert_eq!(errors(&module), Vec::<String>::new());
    assert_eq!(
        eval(
            &module,
            "aws_elastic_beanstalk_environment.env.setting[1].name"
        ),
        "(known after apply)"
    );
    insta::assert_snapshot!("dynamic", render(&module));
    let blocks = [
        "aws_elastic_beanstalk_environment.env",
        "aws_security_group.sg",
        "labelled.x",
    ]
    .map(|address| module.render_blocks(address).unwrap())
    .join("\n");
    insta::assert_snapshot!("dynamic_blocks", blocks);
}

#[test]
fn nested_modules() {
    let module = load("nested");
    assert_eq!(errors(&module), Vec::<String>::new());
    assert_eq!(
        eval(&module, "module.child.greeting"),
        "\"hello, app-one!\""
    );
    assert_eq!(eval(&module, "module.child.path"), "\"modules/child\"");
    assert_eq!(eval(&module, "module.child.file"), "\"child data\"");
    assert_eq!(eval(&module, "module.remote.vpc_id"), "(known after apply)");
    insta::assert_snapshot!("nested", render(&module));
}

#[test]
fn lock_file_and_test_files() {
    let module = load("lock-file");
    assert_eq!(errors(&module), Vec::<String>::new());
    let lock = module.lock_file().unwrap();
    assert_eq!(lock.providers.len(), 2);
    assert_eq!(lock.providers[0].version.as_deref(), Some("5.31.0"));
    assert_eq!(module.test_files().len(), 1);
    assert_eq!(module.test_files()[0].runs, ["first", "second"]);
    insta::assert_snapshot!("lock_file", module.render_providers());
}

#[test]
fn duplicates_name_both_places() {
    let module = load("duplicates");
    insta::assert_snapshot!("duplicates", render(&module));
}

#[test]
fn missing_directory_is_an_error_not_a_panic() {
    let module = load("does-not-exist");
    assert_eq!(errors(&module), ["Failed to read module directory"]);
}

#[test]
fn open_resources_keeps_the_callers_bindings() {
    let module = load("overrides");
    let mut scope = module.scope().clone();
    scope.insert("n", terrace_types::Value::int(1));
    let expr = terrace_syntax::parse_expr("[aws_instance.web.private_ip, n]").unwrap();
    module.open_resources(&mut scope, &expr);
    let value = Evaluator::new().eval(&expr, &scope).unwrap();
    assert_eq!(format_value(&value), "[\n  (known after apply),\n  1,\n]");
}

#[test]
fn unknown_resources_in_splats_and_for_expressions() {
    // Terraform 1.15.5: all of these are `(known after apply)` with no state.
    let module = load("count-for-each");
    for expr in [
        "aws_instance.web[*].arn",
        "[for i in aws_instance.web : i.private_ip]",
        "{ for k, v in aws_instance.named : k => v.arn }",
    ] {
        assert_eq!(eval(&module, expr), "(known after apply)", "{expr}");
    }
    let module = load("overrides");
    assert_eq!(
        eval(&module, "aws_instance.web.ebs_block_device[*].device_name"),
        "(known after apply)"
    );
}

#[test]
fn terraform_block_overrides() {
    let module = load_without_backend("terraform-override");
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
    insta::assert_snapshot!("terraform_override", providers.join("\n"));
    assert_eq!(
        settings
            .backend
            .as_ref()
            .map(|(kind, label)| (kind.to_string(), label.clone())),
        Some(("cloud".to_string(), None))
    );
}

#[test]
fn a_module_calling_itself_is_an_error_not_a_hang() {
    let module = load("self-call");
    assert_eq!(errors(&module), ["Module calls itself"]);
    assert_eq!(eval(&module, "module.again"), "(known after apply)");
}

#[test]
fn built_in_resources_have_terraform_s_schema() {
    // Terraform 1.15.5 on this directory (no state, no provider to install).
    let module = load("builtin-schemas");
    assert_eq!(errors(&module), Vec::<String>::new());
    assert_eq!(
        eval(&module, "terraform_data.web"),
        "{\n  \"id\" = (known after apply)\n  \"input\" = (known after apply)\n  \"output\" = (known after apply)\n  \"triggers_replace\" = (known after apply)\n}"
    );
    assert_eq!(
        format_type(
            module
                .scope_for(&terrace_syntax::parse_expr("terraform_data.web").unwrap())
                .get("terraform_data")
                .and_then(|v| v.get_attr("web"))
                .unwrap()
                .ty()
        ),
        "object({\n    id: string,\n    input: dynamic,\n    output: dynamic,\n    triggers_replace: dynamic,\n})"
    );
    assert_eq!(
        eval(&module, "data.terraform_remote_state.s"),
        "{\n  \"backend\" = (known after apply)\n  \"config\" = (known after apply)\n  \"defaults\" = (known after apply)\n  \"outputs\" = (known after apply)\n  \"workspace\" = (known after apply)\n}"
    );
    assert_eq!(
        eval(&module, "data.terraform_remote_state.s.outputs.foo"),
        "(known after apply)"
    );
    assert!(eval(&module, "terraform_data.web.nope").starts_with("error: "));
    assert_eq!(
        eval(&module, "terraform_data.counted"),
        "(known after apply)"
    );
}

/// A fixture of the console cases recorded from Terraform (`tests/data/console/modules/`).
fn console_fixture(name: &str) -> LoadedModule {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/console/modules")
        .join(name);
    load_module(&dir, &options())
}

#[test]
fn a_genuine_cycle_names_its_chain() {
    let module = console_fixture("cycle_res_module");
    assert!(module.has_configuration_errors());
    insta::assert_snapshot!(render(&module));
    insta::assert_snapshot!(
        "blocks_of_a_resource_in_a_cycle",
        module.render_blocks("terraform_data.t").unwrap()
    );
}

#[test]
fn two_way_wiring_between_a_resource_and_a_module_is_no_cycle() {
    let module = console_fixture("wire_res2mod");
    assert!(!module.has_errors(), "{}", render(&module));
    assert_eq!(eval(&module, "module.m.const"), "\"const-m\"");
    assert_eq!(eval(&module, "local.from_mod"), "{}");
    insta::assert_snapshot!(
        "blocks_of_a_resource_wired_both_ways",
        module.render_blocks("terraform_data.t").unwrap()
    );
}

/// Terraform 1.15's const variables: a module's `source` may be built from them (and from
/// locals made of them), a called module's const variable must be given a value known
/// early, and a root one needs a value.
#[test]
fn const_variables_choose_module_sources() {
    // Without a value for the root's const variable, that is the first error; what
    // follows from it (module.b's input, the sources in ./a) is reported too.
    let unset = load("const-inputs");
    let unset_errors = errors(&unset);
    assert_eq!(unset_errors[0], "No value for required variable");
    assert!(
        unset_errors[1..]
            .iter()
            .all(|e| e == "Const variables must be known" || e == "Unknown module source")
    );
    let given = load_module(
        &fixture("const-inputs"),
        &LoadOptions {
            vars: vec![("stage".to_string(), "prod".to_string())],
            ..options()
        },
    );
    // Only module.a's input is wrong; module.b loads ./mods/prod through ./a.
    assert_eq!(errors(&given), ["Const variables must be known"]);
    insta::assert_snapshot!("const_inputs", render(&given));
}

/// Terraform 1.15's `deprecated` variables: a warning where one is given a value (a module
/// argument, or a root value from outside), none for a default.
#[test]
fn deprecated_variables_warn_when_given_a_value() {
    let warnings = |module: &LoadedModule| -> Vec<String> {
        module
            .diagnostics()
            .iter()
            .filter(|d| !d.is_error())
            .map(|d| {
                let place = d
                    .file
                    .map(|id| module.files().place(id, d.diagnostic.span))
                    .unwrap_or_default();
                format!("{place}: {}: {}", d.diagnostic.summary, d.diagnostic.detail)
            })
            .collect()
    };
    let defaults = load("deprecated");
    assert_eq!(
        warnings(&defaults),
        ["main.tf:7,12-19: Deprecated variable got a value: old_in is going away"]
    );
    let given = load_module(
        &fixture("deprecated"),
        &LoadOptions {
            vars: vec![("old".to_string(), "y".to_string())],
            ..options()
        },
    );
    assert_eq!(
        warnings(&given),
        [
            "main.tf:3,3-38: Deprecated variable got a value: Use var.new instead.",
            "main.tf:7,12-19: Deprecated variable got a value: old_in is going away"
        ]
    );
    assert_eq!(eval(&given, "var.old"), "\"y\"");
}

/// What Terraform refuses when it reads a module, each a configuration error: labels that
/// must be identifiers, a variable name reserved by `module` blocks, provider local names not
/// in normal form, local value names, output arguments that are not constants of their type;
/// check rules (`validation`, `precondition`, `postcondition`, `assert`) without both
/// arguments or testing nothing, `depends_on` and `ignore_changes` entries that are no
/// references, unknown `lifecycle` arguments, a `check` block without a valid assert.
#[test]
fn invalid_names_and_blocks_are_configuration_errors() {
    for name in ["invalid-names", "invalid-names-json", "check-rules"] {
        let module = load(name);
        let found = module.diagnostics();
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .filter(|d| d.is_error())
                .all(|d| d.is_configuration_error()),
            "{}",
            render(&module)
        );
        insta::assert_snapshot!(name, render(&module));
    }
}

/// A root module's output declared `ephemeral` is an error when evaluated (Terraform 1.15.5:
/// "Ephemeral output not allowed" on the block, the rest still evaluated).
#[test]
fn root_outputs_may_not_be_ephemeral() {
    let module = load("ephemeral-root-output");
    let found: Vec<String> = module
        .diagnostics()
        .iter()
        .map(|d| {
            let place = d
                .file
                .map(|id| module.files().place(id, d.diagnostic.span))
                .unwrap_or_default();
            format!("{place}: {}: {}", d.diagnostic.summary, d.diagnostic.detail)
        })
        .collect();
    assert_eq!(
        found,
        [
            "main.tf:1,1-11: Ephemeral output not allowed: Ephemeral outputs are not allowed in context of a root module"
        ]
    );
    assert!(!module.diagnostics()[0].is_configuration_error());
    assert_eq!(eval(&module, "local.u"), "\"u\"");
}
