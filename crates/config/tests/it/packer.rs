//! The Packer template loader on the fixtures in `tests/data/packer/`:
//! named values, variable precedence, sources, builds and diagnostics.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_config::packer::{LoadedTemplate, PackerOptions, is_packer_dir, load_template};
use terrace_eval::{Evaluator, Severity};
use terrace_functions::{CallContext, packer};
use terrace_types::format_value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/packer")
        .join(name)
}

fn options() -> PackerOptions {
    PackerOptions {
        cwd: Some(PathBuf::from("/cwd")),
        ..PackerOptions::default()
    }
}

/// The `variables` fixture with a value from each source Packer reads.
fn variables_template() -> LoadedTemplate {
    let dir = fixture("variables");
    let env: BTreeMap<String, String> = [
        ("PKR_VAR_region", "from-env"),
        ("PKR_VAR_disk_size", "20"),
        ("PKR_VAR_zones", "[\"b\", \"c\"]"),
        ("PKR_VAR_legacy_count", "3"),
        ("PKR_VAR_not_declared", "ignored"),
        ("TF_VAR_owner", "not packer's"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    load_template(
        &dir,
        &PackerOptions {
            env,
            var_files: vec![dir.join("prod.pkrvars.hcl")],
            vars: vec![("owner".to_string(), "ops".to_string())],
            cwd: Some(PathBuf::from("/cwd")),
            ..PackerOptions::default()
        },
    )
}

/// Diagnostics (`severity[file:line,col-col]: summary` and the detail).
fn render_diagnostics(template: &LoadedTemplate) -> String {
    let mut out = String::new();
    for found in template.diagnostics() {
        let severity = match found.diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let place = found
            .file
            .map(|id| template.files().place(id, found.diagnostic.span))
            .unwrap_or_else(|| "-".to_string());
        out.push_str(&format!(
            "{severity}[{place}]: {}\n  {}\n",
            found.diagnostic.summary,
            found.diagnostic.detail.replace('\n', "\n  ")
        ));
        for (span, label) in &found.diagnostic.labels {
            let place = found
                .file
                .map(|id| template.files().place(id, *span))
                .unwrap_or_default();
            out.push_str(&format!("  label [{place}]: {label}\n"));
        }
        if let Some(suggestion) = &found.diagnostic.suggestion {
            out.push_str(&format!("  suggestion: {suggestion}\n"));
        }
    }
    out
}

/// Diagnostics, then `:vars`, `:sources` and `:builds`.
fn render(template: &LoadedTemplate) -> String {
    format!(
        "# diagnostics\n{}# vars\n{}# sources\n{}# builds\n{}",
        render_diagnostics(template),
        template.render_vars(),
        template.render_sources(),
        template.render_builds()
    )
}

/// Evaluates a console line in the template with Packer's functions.
#[track_caller]
fn eval(template: &LoadedTemplate, src: &str) -> String {
    let expr = terrace_syntax::parse_expr(src).unwrap();
    match Evaluator::with_functions(packer()).eval(&expr, template.scope()) {
        Ok(value) => format_value(&value),
        Err(error) => format!("error: {error}"),
    }
}

#[test]
fn the_seed_s_amazon_ebs_example() {
    let template = load_template(&fixture("amazon-ebs"), &options());
    assert!(!template.has_errors(), "{}", render_diagnostics(&template));
    // As the seed says: the literal tag, then one tag per element of
    // local.standard_tags (a map: in key order), with tag.key and tag.value.
    assert_eq!(
        eval(&template, "source.amazon-ebs.example.tag[*].key"),
        "[\n  \"Name\",\n  \"Component\",\n  \"Environment\",\n]"
    );
    assert_eq!(
        eval(&template, "source.amazon-ebs.example.tag[2].value"),
        "\"production\""
    );
    assert_eq!(
        eval(&template, "source.amazon-ebs.example.name"),
        "\"pkr-test-name\""
    );
    // Data sources run in Packer: their attributes are unknown here.
    assert_eq!(
        eval(&template, "data.amazon-ami.ubuntu.id"),
        "(known after apply)"
    );
    assert!(eval(&template, "path.root").ends_with("packer/amazon-ebs\""));
    assert_eq!(eval(&template, "path.cwd"), "\"/cwd\"");
    assert_eq!(eval(&template, "packer.version"), "\"1.16.0\"");
    // Outside a build, source.name and source.type are not known.
    assert_eq!(eval(&template, "source.name"), "(known after apply)");
    assert_eq!(eval(&template, "build.name"), "(known after apply)");
    assert_eq!(
        eval(&template, "build.PackerRunUUID"),
        "(known after apply)"
    );
    insta::assert_snapshot!(render(&template));
}

#[test]
fn a_single_file_is_a_template() {
    let file = fixture("amazon-ebs").join("template.pkr.hcl");
    let template = load_template(&file, &options());
    assert!(!template.has_errors(), "{}", render_diagnostics(&template));
    assert_eq!(template.sources().len(), 1);
    assert_eq!(
        eval(&template, "local.standard_tags.Component"),
        "\"user-service\""
    );
}

#[test]
fn variables_follow_packer_s_precedence() {
    let template = variables_template();
    assert!(!template.has_errors(), "{}", render_diagnostics(&template));
    // PKR_VAR_region is replaced by a.auto.pkrvars.hcl.
    assert_eq!(eval(&template, "var.region"), "\"eu-west-1\"");
    // b.auto.pkrvars.hcl comes after a.auto.pkrvars.hcl.
    assert_eq!(eval(&template, "var.ami_prefix"), "\"from-b\"");
    // --var-file after the automatic files.
    assert_eq!(eval(&template, "var.instance_type"), "\"m5.large\"");
    // --var last; TF_VAR_ is Terraform's, not Packer's.
    assert_eq!(eval(&template, "var.owner"), "\"ops\"");
    // No type: the default's type (number), so "20" from the environment is a number.
    assert_eq!(eval(&template, "var.disk_size"), "20");
    assert_eq!(eval(&template, "local.volume_size"), "40");
    // A list type: the environment's text is an HCL expression.
    assert_eq!(
        eval(&template, "var.zones"),
        "tolist([\n  \"b\",\n  \"c\",\n])"
    );
    // The older `variables` block: a default, and its type for PKR_VAR_.
    assert_eq!(eval(&template, "var.legacy_name"), "\"legacy\"");
    assert_eq!(eval(&template, "var.legacy_count"), "3");
    assert_eq!(eval(&template, "local.image_name"), "\"from-b-eu-west-1\"");
    assert_eq!(eval(&template, "local.secret_path"), "(sensitive value)");
    assert_eq!(eval(&template, "var.password"), "(sensitive value)");
    insta::assert_snapshot!(render(&template));
}

#[test]
fn a_build_adds_to_its_source_and_runs_provisioners_per_source() {
    let template = variables_template();
    let build = &template.builds()[0];
    let runs: Vec<String> = build.runs.iter().map(|r| r.address()).collect();
    assert_eq!(runs, ["docker.ubuntu", "amazon-ebs.east"]);
    // `only = ["amazon-ebs.east"]` keeps the first provisioner off docker.
    // The dynamic block adds one provisioner per zone (two zones) to each run.
    assert_eq!(build.runs[0].provisioners.len(), 3);
    assert_eq!(build.runs[1].provisioners.len(), 4);
    // `except = ["docker.ubuntu"]` drops the checksum post-processor from docker's chain.
    assert_eq!(build.runs[0].post_processors[0].post_processors.len(), 1);
    assert_eq!(build.runs[1].post_processors[0].post_processors.len(), 2);
    let ami_name = build.runs[1]
        .source
        .attrs
        .iter()
        .find(|(name, _)| &**name == "ami_name")
        .map(|(_, value)| format_value(value));
    assert_eq!(ami_name.as_deref(), Some("\"from-b-eu-west-1-east\""));
}

#[test]
fn errors_name_the_place() {
    let template = load_template(&fixture("errors"), &options());
    let errors: Vec<&str> = template
        .diagnostics()
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.diagnostic.summary.as_str())
        .collect();
    assert_eq!(
        errors,
        [
            "Duplicate source block",
            "Duplicate local definition",
            "Invalid value for default variable",
            "Unknown source docker.ubunty",
            "Unknown source qemu.nothing",
            "Duplicate argument",
        ]
    );
    insta::assert_snapshot!(render_diagnostics(&template));
}

#[test]
fn packer_directories_are_recognised() {
    assert!(is_packer_dir(&fixture("amazon-ebs")));
    assert!(!is_packer_dir(&fixture("../modules/variables")));
    assert!(!is_packer_dir(&fixture("missing")));
    let template = load_template(&fixture("missing"), &options());
    assert!(template.has_errors());
}

/// `legacy_isotime` and `legacy_strftime` at a fixed "now": Go layouts and
/// strftime codes as Packer's (Go's `time.Format` and jehiah/go-strftime,
/// whose own tests give these expectations at 1340244776).
#[test]
fn legacy_time_functions() {
    let evaluator = Evaluator::with_functions(packer()).with_context(CallContext {
        fixed_now: Some("2012-06-21T02:12:56Z".to_string()),
        ..CallContext::default()
    });
    let scope = terrace_eval::Scope::new();
    let cases = [
        ("legacy_isotime()", "\"2012-06-21T02:12:56Z\""),
        ("legacy_isotime(\"2006-01-02\")", "\"2012-06-21\""),
        (
            "legacy_isotime(\"Mon Jan _2 15:04:05 MST 2006\")",
            "\"Thu Jun 21 02:12:56 UTC 2012\"",
        ),
        ("legacy_isotime(\"060102150405\")", "\"120621021256\""),
        ("legacy_isotime(\"3:04PM\")", "\"2:12AM\""),
        (
            "legacy_strftime(\"%Y-%m-%d %H:%M:%S\")",
            "\"2012-06-21 02:12:56\"",
        ),
        (
            "legacy_strftime(\"aaabbb0123456789%Y\")",
            "\"aaabbb01234567892012\"",
        ),
        ("legacy_strftime(\"%0%1%%%2\")", "\"%0%1%%2\""),
        ("legacy_strftime(\"%H:%M:%S%L\")", "\"02:12:56.000\""),
        ("legacy_strftime()", "\"2012-06-21T02:12:56Z\""),
    ];
    for (src, want) in cases {
        let expr = terrace_syntax::parse_expr(src).unwrap();
        let got = evaluator.eval(&expr, &scope).map(|v| format_value(&v));
        assert_eq!(got.as_deref().ok(), Some(want), "{src}: {got:?}");
    }
    for src in [
        "legacy_isotime(\"a\", \"b\")",
        "aws_secretsmanager(\"n\", \"k\")",
        "aws_secretsmanager_raw(\"n\")",
        "consul_key(\"k\")",
        "vault(\"secret/x\", \"k\")",
    ] {
        let expr = terrace_syntax::parse_expr(src).unwrap();
        let error = evaluator.eval(&expr, &scope).unwrap_err().to_string();
        if !src.starts_with("legacy") {
            assert!(error.contains("over the network"), "{src}: {error}");
        }
    }
    // Terraform's table is unchanged.
    let expr = terrace_syntax::parse_expr("legacy_isotime()").unwrap();
    assert!(Evaluator::new().eval(&expr, &scope).is_err());
}

#[test]
fn json_syntax_templates() {
    let template = load_template(&fixture("json"), &options());
    assert!(!template.has_errors(), "{}", render_diagnostics(&template));
    assert!(is_packer_dir(&fixture("json")));
    assert_eq!(eval(&template, "var.region"), "\"eu-central-1\"");
    assert_eq!(
        eval(&template, "source.amazon-ebs.web.ami_name"),
        "\"web-eu-central-1\""
    );
    assert_eq!(template.builds()[0].runs.len(), 1);
}

/// Packer's `rfc3339_parse`, `unix_timestamp_parse` and `regex_replace`, with
/// the expectations of Packer's own tests (and Go's `ISOWeek` for 2021-01-01).
#[test]
fn packer_only_time_and_regex_functions() {
    let evaluator = Evaluator::with_functions(packer());
    let scope = terrace_eval::Scope::new();
    let cases = [
        ("rfc3339_parse(\"2023-07-25T23:43:16Z\").unix", "1690328596"),
        ("rfc3339_parse(\"2023-07-25T23:43:16Z\").year_day", "206"),
        ("rfc3339_parse(\"2023-07-25T23:43:16Z\").iso_week", "30"),
        (
            "rfc3339_parse(\"2023-07-25 23:43:16Z\").weekday_name",
            "\"Tuesday\"",
        ),
        (
            "rfc3339_parse(\"2023-07-25T23:43:16.512345Z\").second",
            "16",
        ),
        (
            "rfc3339_parse(\"1996-12-19 16:39:57.25-08:00\").unix",
            "851042397",
        ),
        ("rfc3339_parse(\"1996-12-19T16:39:57-08:00\").hour", "16"),
        ("rfc3339_parse(\"1996-12-19T16:39:57-08:00\").weekday", "4"),
        ("rfc3339_parse(\"2021-01-01T00:00:00Z\").iso_year", "2020"),
        ("rfc3339_parse(\"2021-01-01T00:00:00Z\").iso_week", "53"),
        (
            "unix_timestamp_parse(851042397).rfc3339",
            "\"1996-12-20T00:39:57Z\"",
        ),
        ("unix_timestamp_parse(851042397).year_day", "355"),
        ("unix_timestamp_parse(851042397).weekday_name", "\"Friday\""),
        ("unix_timestamp_parse(1690328596).month_name", "\"July\""),
        (
            "regex_replace(\"hello world\", \"o\", \"0\")",
            "\"hell0 w0rld\"",
        ),
        (
            "regex_replace(\"ami-123 ami-456\", \"ami-(\\\\d+)\", \"id$1\")",
            "\"id123 id456\"",
        ),
    ];
    for (src, want) in cases {
        let expr = terrace_syntax::parse_expr(src).unwrap();
        let got = evaluator.eval(&expr, &scope).map(|v| format_value(&v));
        assert_eq!(got.as_deref().ok(), Some(want), "{src}: {got:?}");
    }
    for src in [
        "rfc3339_parse(\"2023-07-25\")",
        "unix_timestamp_parse(1690328596.5)",
    ] {
        let expr = terrace_syntax::parse_expr(src).unwrap();
        assert!(evaluator.eval(&expr, &scope).is_err(), "{src}");
    }
}

#[test]
fn malformed_templates_are_reported_not_fatal() {
    let template = load_template(
        &fixture("malformed"),
        &PackerOptions {
            vars: vec![("nope".to_string(), "1".to_string())],
            ..options()
        },
    );
    assert!(template.has_configuration_errors());
    insta::assert_snapshot!(render(&template));
}
