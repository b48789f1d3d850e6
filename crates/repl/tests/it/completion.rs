//! Tab completion: functions, named-value roots and attributes, known values, commands.

use terrace_repl::{Session, complete};

#[track_caller]
fn check(session: &Session, line: &str, want_start: usize, want: &[&str]) {
    let (start, pairs) = complete(session, line, line.len());
    let got: Vec<&str> = pairs.iter().map(|pair| pair.replacement.as_str()).collect();
    assert_eq!(
        (start, got.as_slice()),
        (want_start, want),
        "completing {line:?}"
    );
}

#[test]
fn functions_get_their_parenthesis() {
    let session = Session::standalone();
    check(&session, "upp", 0, &["upper("]);
    check(&session, "1 + tos", 4, &["toset(", "tostring("]);
    check(&session, ":doc upp", 5, &["upper"]);
}

#[test]
fn roots_and_attributes() {
    let mut session = Session::standalone();
    check(&session, "pat", 0, &["pathexpand(", "path."]);
    check(&session, "path.m", 5, &["module"]);
    check(&session, "terraform.", 10, &["applying", "workspace"]);
    session
        .run(r#":let cfg = {name = "x", nested = {deep = 1}, other = 2}"#)
        .unwrap();
    check(&session, "cf", 0, &["cfg"]);
    check(&session, "cfg.n", 4, &["name", "nested"]);
    check(&session, "[cfg.nested.d", 12, &["deep"]);
    check(&session, "nothing.a", 8, &[]);
}

#[test]
fn commands() {
    let session = Session::standalone();
    check(&session, ":j", 0, &[":json "]);
    check(
        &session,
        ":",
        0,
        &[
            ":help ",
            ":type ",
            ":deps ",
            ":why ",
            ":doc ",
            ":funcs ",
            ":vars ",
            ":outputs ",
            ":blocks ",
            ":state ",
            ":workspaces ",
            ":show ",
            ":providers ",
            ":sources ",
            ":builds ",
            ":let ",
            ":json ",
            ":load ",
            ":quit ",
        ],
    );
}

/// Resource names, instance keys and attributes come from the state after apply.
#[test]
fn resource_addresses_and_instance_keys_from_state() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/console/state/instances");
    let session = Session::new(
        terrace_repl::Context {
            dir,
            ..terrace_repl::Context::default()
        },
        terrace_repl::OutputFormat::Console,
    );
    check(&session, "terraform_data.co", 15, &["counted"]);
    check(&session, "terraform_data.counted[", 23, &["0]", "1]", "2]"]);
    check(
        &session,
        "terraform_data.each_map[\"",
        24,
        &["\"alpha\"]", "\"beta\"]"],
    );
    check(&session, "terraform_data.each_map[\"b", 24, &["\"beta\"]"]);
    check(&session, "terraform_data.str.ou", 19, &["output"]);
    check(
        &session,
        "terraform_data.obj.output.n",
        26,
        &["name", "nested"],
    );
}
