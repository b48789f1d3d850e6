//! A remote backend's settings: the block, under what `terraform init` stored in
//! `.terraform/terraform.tfstate`, under `--backend-config` items in order. Seen through the
//! address an http backend on a port where nothing listens names in its error (no server,
//! no socket beyond 127.0.0.1).

use std::collections::BTreeMap;
use std::path::PathBuf;

use terrace_config::module::{LoadOptions, load_module};

use crate::module::fixture;

/// The state error's text when loading `backend_precedence` with `items` and `env`.
#[track_caller]
fn state_error(items: &[&str], env: &[(&str, &str)]) -> String {
    let dir = fixture("backend_precedence");
    let options = LoadOptions {
        backend_config: items
            .iter()
            .map(|item| match item.strip_prefix("FILE:") {
                Some(name) => dir.join(name).display().to_string(),
                None => item.to_string(),
            })
            .collect(),
        env: env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
        cwd: Some(PathBuf::from("/cwd")),
        ..LoadOptions::default()
    };
    let module = load_module(&dir, &options);
    let errors: Vec<String> = module
        .diagnostics()
        .iter()
        .filter(|d| d.diagnostic.summary == "Failed to load state")
        .map(|d| d.diagnostic.detail.clone())
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    errors[0].clone()
}

#[test]
fn block_then_stored_then_command_line() {
    let no_init = [("TF_DATA_DIR", "no-such-data-dir")];
    assert!(state_error(&[], &no_init).contains("/from-block"));
    assert!(state_error(&[], &[]).contains("/from-init"));
    assert!(state_error(&["address=http://127.0.0.1:1/from-cli"], &[]).contains("/from-cli"));
    assert!(state_error(&["FILE:cli.tfbackend"], &[]).contains("/from-file"));
    // A later item wins.
    let both = ["FILE:cli.tfbackend", "address=http://127.0.0.1:1/last"];
    assert!(state_error(&both, &[]).contains("/last"));
    let both = ["address=http://127.0.0.1:1/first", "FILE:cli.tfbackend"];
    assert!(state_error(&both, &[]).contains("/from-file"));
}

#[test]
fn errors_name_the_place_and_the_cause() {
    let text = state_error(&[], &[]);
    assert!(text.starts_with("the \"http\" backend: "), "{text}");
    assert!(text.contains("connection refused"), "{text}");
    let text = state_error(&["address=ftp://127.0.0.1/state"], &[]);
    assert!(text.ends_with("address must be HTTP or HTTPS"), "{text}");
    let text = state_error(&[], &[("TF_WORKSPACE", "dev")]);
    assert!(text.ends_with("workspaces not supported"), "{text}");
}

#[test]
fn credentials_never_in_messages() {
    let secret = "pw-never-shown-0042";
    let text = state_error(
        &[
            &format!("address=http://tfuser:{secret}@127.0.0.1:1/x"),
            &format!("password={secret}"),
            "username=tfuser",
        ],
        &[],
    );
    assert!(!text.contains(secret), "{text}");
    assert!(text.contains("(redacted)@127.0.0.1:1/x"), "{text}");
}

#[test]
fn the_http_backend_lists_no_workspaces() {
    // As `terraform workspace list` with the http backend: an error, before any request.
    let module = load_module(&fixture("backend_precedence"), &LoadOptions::default());
    let listed = module.render_workspaces();
    assert!(
        listed
            .as_ref()
            .is_err_and(|e| e.ends_with("workspaces not supported")),
        "{listed:?}"
    );
}
