//! OpenTofu's language: `.tofu` files in place of `.tf` files of the same name (OpenTofu's
//! `filterTfPathsWithTofuAlternatives`, `internal/configs/parser_config_dir.go`), its
//! functions, and a `module` block's `source` built from variables and locals (OpenTofu 1.8's
//! early evaluation); Terraform's language ignores `.tofu` files and refuses such a source.

use terrace_config::module::{Language, LoadOptions, load_module};

use crate::module::{errors, eval, fixture, options};

fn load(name: &str, language: Language) -> terrace_config::module::LoadedModule {
    load_module(
        &fixture(name),
        &LoadOptions {
            language,
            ..options()
        },
    )
}

#[test]
fn tofu_files_replace_tf_files_of_the_same_name() {
    let module = load("tofu-precedence", Language::OpenTofu);
    assert!(errors(&module).is_empty(), "{:?}", errors(&module));
    assert_eq!(eval(&module, "local.from_main"), "\"main.tofu\"");
    assert_eq!(eval(&module, "local.from_json"), "\"data.tofu.json\"");
    // extra.tf has no .tofu twin; override.tofu replaces override.tf.
    assert_eq!(eval(&module, "local.from_extra"), "\"override.tofu\"");
    assert_eq!(eval(&module, "local.only_tofu"), "\"a b\"");
}

#[test]
fn terraform_reads_no_tofu_files() {
    let module = load("tofu-precedence", Language::Terraform);
    assert!(errors(&module).is_empty(), "{:?}", errors(&module));
    assert_eq!(eval(&module, "local.from_main"), "\"main.tf\"");
    assert_eq!(eval(&module, "local.from_json"), "\"data.tf.json\"");
    assert_eq!(eval(&module, "local.from_extra"), "\"override.tf\"");
    assert!(eval(&module, "local.only_tofu").starts_with("error"));
}

#[test]
fn a_directory_with_tofu_files_is_opentofu() {
    assert_eq!(
        Language::detect(&fixture("tofu-precedence")),
        Some(Language::OpenTofu)
    );
    assert_eq!(Language::detect(&fixture("tofu-early")), None);
}

#[test]
fn module_sources_from_variables_and_locals_load_in_opentofu() {
    let module = load("tofu-early", Language::OpenTofu);
    assert!(errors(&module).is_empty(), "{:?}", errors(&module));
    // terraform.tfvars sets `which` to "b".
    assert_eq!(eval(&module, "module.from_var.name"), "\"module b (v)\"");
    assert_eq!(eval(&module, "module.from_local.name"), "\"module b (l)\"");
}

#[test]
fn module_sources_from_variables_are_terraform_errors() {
    let module = load("tofu-early", Language::Terraform);
    assert!(module.has_configuration_errors());
    assert_eq!(
        errors(&module),
        vec![
            "Unknown module source".to_string(),
            "Unknown module source".to_string()
        ]
    );
}

#[test]
fn backend_settings_from_variables_and_locals_in_opentofu() {
    let module = load("tofu-backend", Language::OpenTofu);
    assert!(errors(&module).is_empty(), "{:?}", errors(&module));
    assert_eq!(
        eval(&module, "terraform_data.one.output.where"),
        "\"state/custom.tfstate\""
    );
}

#[test]
fn const_variables_may_be_sensitive_in_opentofu_only() {
    // OpenTofu reads `const` without Terraform's check against `sensitive`.
    let tofu = load("const-flags", Language::OpenTofu);
    assert!(errors(&tofu).is_empty(), "{:?}", errors(&tofu));
    assert_eq!(eval(&tofu, "var.env"), "(sensitive value)");
    let terraform = load("const-flags", Language::Terraform);
    assert_eq!(errors(&terraform), ["Const variable cannot be sensitive"]);
}

/// What only one language allows on reading: OpenTofu's `encryption` block in a `terraform`
/// block, and a variable named like Terraform 1.15's `ignore_nested_deprecations` module
/// argument (reserved in Terraform only).
#[test]
fn each_language_refuses_only_its_own_reserved_names_and_blocks() {
    let tofu = load("tofu-only-blocks", Language::OpenTofu);
    assert!(errors(&tofu).is_empty(), "{:?}", errors(&tofu));
    assert_eq!(eval(&tofu, "var.ignore_nested_deprecations"), "true");
    let terraform = load("tofu-only-blocks", Language::Terraform);
    assert_eq!(
        errors(&terraform),
        ["Unsupported block type", "Invalid variable name"]
    );
}
