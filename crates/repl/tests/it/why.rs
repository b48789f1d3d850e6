//! `:why`, `:deps --all` and where `:vars` says each value came from, on the fixtures in
//! `tests/data/why` (state-less resources, a sensitive variable, a child module, a `for`, a
//! template, a conditional) and `tests/data/vars` (every source of a variable's value).

use std::path::{Path, PathBuf};

use terrace_repl::{Context, OutputFormat, Session};

use crate::module::transcript;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn why_session() -> Session {
    let context = Context {
        dir: data("why"),
        ..Context::default()
    };
    Session::new(context, OutputFormat::Console)
}

#[test]
fn why_fixture_values_are_terraforms() {
    // What terraform console 1.15.5 prints for these in tests/data/why (no state).
    let mut session = why_session();
    assert_eq!(
        transcript(
            &mut session,
            &[
                "local.subnet_ids",
                "local.dsn",
                "local.picked",
                "local.maybe",
                "local.known"
            ]
        ),
        "> local.subnet_ids\n[\n  (known after apply),\n  (sensitive value),\n]\n\
         > local.dsn\n(sensitive value)\n\
         > local.picked\n(known after apply)\n\
         > local.maybe\ntostring(null)\n\
         > local.known\n\"dev-80\"\n"
    );
}

#[test]
fn why_explains_unknown_sensitive_and_null() {
    let mut session = why_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":why local.subnet_ids",
            ":why local.names",
            ":why local.greeting",
            ":why local.encoded",
            ":why local.maybe",
            ":why local.known",
            ":why 1 + 1",
            ":why [local.known, var.db_password]",
        ]
    ));
}

#[test]
fn why_follows_conditionals() {
    let mut session = why_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":why local.dsn",
            ":why local.picked",
            ":why terraform_data.subnet[0].id == \"x\" ? 1 : var.db_password",
            ":why var.env == \"dev\" ? local.secret_url : terraform_data.subnet[1].id",
        ]
    ));
}

#[test]
fn why_crosses_module_boundaries() {
    let mut session = why_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":why module.net.vpc_id",
            ":why module.net.tag",
            ":why module.net",
            ":why module.net.cidr",
        ]
    ));
}

#[test]
fn why_of_a_variable_says_where_it_came_from() {
    let mut session = why_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[":why var.db_password", ":why var.env"]
    ));
}

#[test]
fn why_errors_like_the_expression() {
    let mut session = why_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[":why", ":why local.nope", ":why (1"]
    ));
}

#[test]
fn deps_all_is_a_tree_of_everything_reached() {
    let mut session = why_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":deps local.dsn",
            ":deps --all local.dsn",
            ":deps --all local.known",
            ":deps --all [module.net.tag, local.greeting]",
            ":deps --all",
        ]
    ));
}

/// The precedence fixture as the oracle ran it: `TF_VAR_` for three variables, then
/// `-var-file=extra.tfvars -var=g_var=cli -var=h_var_then_file=cli -var-file=later.tfvars`.
fn vars_session() -> Session {
    let dir = data("vars");
    let context = Context {
        dir: dir.clone(),
        vars: vec![
            ("g_var".to_string(), "cli".to_string()),
            ("h_var_then_file".to_string(), "cli".to_string()),
        ],
        var_files: vec![dir.join("extra.tfvars"), dir.join("later.tfvars")],
        var_order: vec![1, 1],
        env: ["TF_VAR_b_tfvars", "TF_VAR_e_env", "TF_VAR_f_var_file"]
            .map(|name| (name.to_string(), "env".to_string()))
            .to_vec(),
        ..Context::default()
    };
    Session::new(context, OutputFormat::Console)
}

#[test]
fn variable_precedence_matches_terraform() {
    // Terraform 1.15.5 (tf-console with TF_VAR_ and TF_CLI_ARGS_console as above).
    let expected = [
        ("a_default", "\"default\""),
        ("b_tfvars", "\"terraform.tfvars\""),
        ("c_auto", "\"a.auto.tfvars\""),
        ("d_auto_later", "\"b.auto.tfvars\""),
        ("e_env", "\"env\""),
        ("f_var_file", "\"extra.tfvars\""),
        ("g_var", "\"cli\""),
        ("h_var_then_file", "\"later.tfvars\""),
        ("port", "8080"),
        ("zones", "tolist([\n  \"a\",\n  \"b\",\n])"),
    ];
    let mut session = vars_session();
    for (name, value) in expected {
        let reply = session.run(&format!("var.{name}")).unwrap();
        assert_eq!(reply.text(), Some(value), "var.{name}");
    }
}

#[test]
fn vars_say_where_each_value_came_from() {
    let mut session = vars_session();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":vars",
            ":why var.port",
            ":why var.e_env",
            ":why var.zones",
            ":why var.g_var",
            ":why var.h_var_then_file"
        ]
    ));
}

#[test]
fn why_of_a_command_line_value_says_it_was_converted() {
    let context = Context {
        dir: data("vars"),
        vars: vec![("port".to_string(), "22".to_string())],
        ..Context::default()
    };
    let mut session = Session::new(context, OutputFormat::Console);
    insta::assert_snapshot!(transcript(&mut session, &[":why var.port"]));
}

/// `tests/data/why-state`: `terraform_data.made` applied into its terraform.tfstate by the
/// oracle (`tf-console --apply --keep-state`), `terraform_data.later` added afterwards.
fn why_state_session() -> Session {
    let context = Context {
        dir: data("why-state"),
        ..Context::default()
    };
    Session::new(context, OutputFormat::Console)
}

#[test]
fn why_says_a_resource_missing_from_the_state_is_planned() {
    let mut session = why_state_session();
    // What terraform console 1.15.5 prints there.
    assert_eq!(
        transcript(
            &mut session,
            &[
                "terraform_data.made.output",
                "terraform_data.later.output",
                "local.both"
            ]
        ),
        "> terraform_data.made.output\n\"built\"\n\
         > terraform_data.later.output\n(known after apply)\n\
         > local.both\n[\n  \"built\",\n  (known after apply),\n]\n"
    );
    insta::assert_snapshot!(transcript(
        &mut session,
        &[":why terraform_data.later.output", ":why local.both"]
    ));
}
