//! The console over state: `:state`, `:show`, `:outputs`, `--workspace`, and state that
//! cannot be read (a clear error, the console still usable, the file never written).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use terrace_repl::{Context, OutputFormat, Session};

use crate::module::transcript;

fn state_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/console/state")
        .join(name)
}

fn session(context: Context) -> Session {
    Session::new(context, OutputFormat::Console)
}

fn terrace(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args(["--no-history", "--dir", "."])
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("TF_WORKSPACE")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn state_commands() {
    let mut console = session(Context {
        dir: state_fixture("instances"),
        ..Context::default()
    });
    insta::assert_snapshot!(transcript(
        &mut console,
        &[
            ":state",
            ":state terraform_data.counted",
            ":state terraform_data.each",
            ":show terraform_data.counted[1]",
            ":show terraform_data.each_map[\"alpha\"]",
            ":show terraform_data.counted[7]",
            ":show terraform_data.nope",
            ":show",
        ],
    ));
}

#[test]
fn outputs_come_from_the_state() {
    let mut console = session(Context {
        dir: state_fixture("outputs"),
        ..Context::default()
    });
    insta::assert_snapshot!(transcript(&mut console, &[":outputs"]));
}

#[test]
fn workspace_flag_selects_the_state() {
    let dir = state_fixture("workspaces2");
    let (status, stdout, _) = terrace(
        &dir,
        &["--workspace", "default", "-e", "terraform.workspace"],
    );
    assert_eq!((status, stdout.as_str()), (0, "\"default\"\n"));
    // Without the flag, .terraform/environment selects `staging`.
    let (status, stdout, _) = terrace(&dir, &["-e", "terraform.workspace"]);
    assert_eq!((status, stdout.as_str()), (0, "\"staging\"\n"));
}

/// A scratch directory with `main.tf` and a state file holding `state`.
fn scratch(name: &str, state: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-state-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("main.tf"),
        "resource \"terraform_data\" \"a\" {\n  input = 1\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("terraform.tfstate"), state).unwrap();
    dir
}

#[test]
fn bad_state_is_a_clear_error_and_the_console_stays_usable() {
    for (name, text) in [
        (
            "truncated",
            &b"{\"version\": 4, \"resources\": [{\"mode\": "[..],
        ),
        ("newer", &br#"{"version": 5, "resources": []}"#[..]),
        (
            "encrypted",
            &br#"{"encryption_version": "v0", "meta": {}, "encrypted_data": "x"}"#[..],
        ),
        ("not-json", &b"hello"[..]),
    ] {
        let dir = scratch(name, text);
        let (status, stdout, stderr) = terrace(&dir, &["-e", "1 + 1"]);
        assert_eq!(status, 1, "{name}: {stderr}");
        assert_eq!(stdout, "", "{name}");
        assert!(
            stderr.contains("Failed to load state") && stderr.contains("terraform.tfstate"),
            "{name}: {stderr}"
        );
        // The interactive console opens anyway, so the file can be fixed and `:load`ed.
        let mut console = session(Context {
            dir: dir.clone(),
            ..Context::default()
        });
        assert!(console.has_configuration_errors());
        assert_eq!(transcript(&mut console, &["1 + 1"]), "> 1 + 1\n2\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn state_files_are_never_written() {
    let dir = state_fixture("count_for_each");
    let path = dir.join("terraform.tfstate");
    let before = (
        std::fs::read(&path).unwrap(),
        std::fs::metadata(&path).unwrap().modified().unwrap(),
    );
    let mut console = session(Context {
        dir: dir.clone(),
        ..Context::default()
    });
    let _ = transcript(
        &mut console,
        &[
            "terraform_data.single",
            ":state",
            ":show terraform_data.single",
            ":outputs",
        ],
    );
    let (status, _, _) = terrace(&dir, &["-e", "terraform_data.bykey"]);
    assert_eq!(status, 0);
    let after = (
        std::fs::read(&path).unwrap(),
        std::fs::metadata(&path).unwrap().modified().unwrap(),
    );
    assert!(before == after, "the state file changed");
    assert!(!dir.join("terraform.tfstate.backup").exists());
    assert!(!dir.join(".terraform.tfstate.lock.info").exists());
}

/// `:show ADDRESS` prints what `terraform state show ADDRESS` printed for every instance of
/// the built-in provider's fixtures (`tests/data/console/state_show.jsonl`, recorded from
/// Terraform 1.15.5 by `record_state_show.py`).
#[test]
fn show_matches_terraform_state_show() {
    let data = state_fixture("../state_show.jsonl");
    let text = std::fs::read_to_string(data).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let fixture = case["fixture"].as_str().unwrap();
        let address = case["address"].as_str().unwrap();
        let want = case["out"].as_str().unwrap().trim_end();
        let mut console = session(Context {
            dir: state_fixture(fixture),
            ..Context::default()
        });
        let got = match console.run(&format!(":show {address}")) {
            Ok(reply) => reply.text().unwrap_or_default().to_string(),
            Err(report) => report.render(terrace_repl::Theme::PLAIN),
        };
        count += 1;
        if got != want {
            failures.push(format!(
                "{fixture} {address}\n--- want\n{want}\n--- got\n{got}"
            ));
        }
    }
    assert!(count > 80, "only {count} cases");
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn workspaces_command_lists_local_workspaces() {
    let mut console = session(Context {
        dir: state_fixture("workspaces"),
        ..Context::default()
    });
    assert_eq!(
        transcript(&mut console, &[":workspaces"]),
        "> :workspaces\n  default\n* dev\n"
    );
}

/// A backend type terrace does not read: a warning naming it, `1 + 1` still works, a
/// resource that would come from its state is an error (never a silent unknown).
#[test]
fn unread_backend_type_warns_and_resources_fail() {
    let dir = state_fixture("backend_consul");
    let (code, out, err) = terrace(&dir, &["-e", "1 + 1"]);
    assert_eq!((code, out.as_str()), (0, "2\n"), "{err}");
    assert!(err.contains("\"consul\" backend"), "{err}");
    assert!(err.contains("--state"), "{err}");
    let (code, _, err) = terrace(&dir, &["-e", "terraform_data.network.output"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("would come from the state in the \"consul\" backend"),
        "{err}"
    );
}

/// A remote backend that does not answer: a clear error naming the place, status 1, fast,
/// and never the password.
#[test]
fn unreachable_backend_is_a_clear_error() {
    let dir = state_fixture("backend_http_down");
    let started = std::time::Instant::now();
    let (code, out, err) = terrace(&dir, &["-e", "1 + 1"]);
    assert!(started.elapsed().as_secs() < 10);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("http://127.0.0.1:1/state/network"), "{err}");
    assert!(err.contains("connection refused"), "{err}");
    assert!(!err.contains("http-secret-0000"), "{err}");
    let (code, _, err) = terrace(&dir, &["--state", "missing.json", "-e", "1 + 1"]);
    assert_eq!(code, 0, "--state wins over the backend: {err}");
}
