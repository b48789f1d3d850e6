//! The console with a configuration directory: `--dir`, `--var`, `--var-file`, `:vars`, `:outputs`, `:blocks`, `:providers`, `:load`.

use std::path::{Path, PathBuf};
use std::process::Command;

use terrace_repl::{Context, OutputFormat, Reply, Session, Theme};

/// `tests/data/module`: variables (one required), locals, outputs and a resource with `count`.
fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/module")
}

/// The eval crate's fixture with a `.terraform.lock.hcl`.
fn lock_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/tests/data/modules/lock-file")
}

fn session(dir: &Path, vars: &[(&str, &str)], var_files: &[PathBuf]) -> Session {
    let context = Context {
        dir: dir.to_path_buf(),
        vars: vars
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect(),
        var_files: var_files.to_vec(),
        ..Context::default()
    };
    Session::new(context, OutputFormat::Console)
}

/// Each input after `> `, then its output or its diagnostics (without colour);
/// paths under the crate directory are written relative to it, other
/// paths in the workspace relative to the workspace.
pub(crate) fn transcript(session: &mut Session, inputs: &[&str]) -> String {
    let mut out = String::new();
    for input in inputs {
        out.push_str(&format!("> {input}\n"));
        match session.run(input) {
            Ok(reply) => {
                if let Reply::Loaded { reports, .. } = &reply {
                    for report in reports {
                        out.push_str(&report.render(Theme::PLAIN));
                    }
                }
                if let Some(text) = reply.text() {
                    out.push_str(text);
                    out.push('\n');
                }
            }
            Err(report) => out.push_str(&report.render(Theme::PLAIN)),
        }
    }
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = crate_dir.parent().and_then(Path::parent).unwrap();
    out.replace(&format!("{}/", crate_dir.display()), "")
        .replace(&format!("{}/", workspace.display()), "")
}

fn value(session: &mut Session, input: &str) -> String {
    match session.run(input) {
        Ok(Reply::Value(text)) => text,
        other => panic!("{input}: {other:?}"),
    }
}

#[test]
fn named_values_come_from_the_directory() {
    let dir = fixture();
    let mut session = session(&dir, &[("region", "ap-south-1")], &[dir.join("dev.tfvars")]);
    // Terraform 1.15.5 (the same configuration with these values in terraform.tfvars).
    assert_eq!(value(&mut session, "local.name"), "\"web-ap-south-1\"");
    assert_eq!(
        value(&mut session, "local.labels"),
        "{\n  \"name\" = \"web-ap-south-1\"\n  \"team\" = \"core\"\n}"
    );
    // With no state, Terraform 1.15.5 shows every resource with `count` as
    // unknown (checked with terraform_data in place of aws_instance: the
    // oracle cannot install the aws provider offline).
    for expr in [
        "aws_instance.web[1].ami",
        "aws_instance.web[0].id",
        "aws_instance.web[*].ami",
    ] {
        assert_eq!(value(&mut session, expr), "(known after apply)", "{expr}");
    }
    assert!(session.module_reports().is_empty());
}

#[test]
fn let_bindings_see_the_module_and_survive_load() {
    let dir = fixture();
    let mut session = session(&dir, &[("instances", "1")], &[]);
    assert_eq!(value(&mut session, ":let n = length(local.labels)"), "2");
    assert_eq!(
        value(&mut session, "aws_instance.web[n - 1].ami"),
        "(known after apply)"
    );
    let lock = lock_fixture();
    let reply = session.run(&format!(":load {}", lock.display())).unwrap();
    assert!(matches!(reply, Reply::Loaded { .. }));
    assert_eq!(value(&mut session, "n"), "2");
    assert!(session.run("local.name").is_err());
}

#[test]
fn module_commands() {
    let dir = fixture();
    let mut session = session(&dir, &[], &[dir.join("dev.tfvars")]);
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":let extra = [1]",
            ":vars",
            ":outputs",
            ":blocks aws_instance.web",
            ":blocks aws_instance.web[1]",
            ":blocks aws_instance.nope",
            ":blocks",
            ":providers",
        ],
    ));
}

#[test]
fn load_replaces_the_module() {
    let mut session = session(&fixture(), &[], &[]);
    let lock = lock_fixture();
    let lock = lock.to_str().unwrap();
    let cycle =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/tests/data/modules/locals-cycle");
    let cycle = cycle.to_str().unwrap();
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":vars",
            &format!(":load {lock}"),
            ":vars",
            &format!(":load {cycle}"),
            "local.a",
            ":let kept = \"yes\"",
            &format!(":load {lock}"),
            ":vars",
            ":providers",
            ":outputs",
            ":load /nonexistent/terrace",
            ":load",
        ],
    ));
}

#[test]
fn required_variable_warning_once_at_startup() {
    let session = session(&fixture(), &[], &[]);
    let reports = session.module_reports();
    assert_eq!(reports.len(), 1);
    insta::assert_snapshot!(reports[0].render(Theme::PLAIN));
}

fn terrace(dir: Option<&Path>, args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_terrace"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let output = command.args(args).env_remove("NO_COLOR").output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn binary_dir_var_and_var_file() {
    let dir = fixture();
    let dir_arg = dir.to_str().unwrap();
    let var_file = dir.join("dev.tfvars");
    let (status, stdout, stderr) = terrace(
        None,
        &[
            "--dir",
            dir_arg,
            "--var-file",
            var_file.to_str().unwrap(),
            "--var",
            "region=ap-south-1",
            "-e",
            "local.name",
            "-e",
            "aws_instance.web[1].ami",
        ],
    );
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "\"web-ap-south-1\"\n(known after apply)\n", "")
    );
    // Without a value for `instances`, one warning on stderr; values still print.
    let (status, stdout, stderr) = terrace(None, &["--dir", dir_arg, "-e", "local.name"]);
    assert_eq!((status, stdout.as_str()), (0, "\"web-eu-west-1\"\n"));
    assert_eq!(stderr.matches("Required variables not set").count(), 1);
}

#[test]
fn binary_in_an_empty_directory_prints_only_the_value() {
    let empty = std::env::temp_dir().join(format!("terrace-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let (status, stdout, stderr) = terrace(Some(&empty), &["-e", "1 + 1", "-e", "path.module"]);
    let _ = std::fs::remove_dir(&empty);
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "2\n\".\"\n", "")
    );
}

#[test]
fn completion_knows_the_module_names() {
    let dir = fixture();
    let session = session(&dir, &[("instances", "1")], &[]);
    let replacements = |line: &str| {
        let (start, pairs) = terrace_repl::complete(&session, line, line.len());
        let names: Vec<String> = pairs.into_iter().map(|pair| pair.replacement).collect();
        (start, names)
    };
    assert_eq!(
        replacements("local."),
        (6, vec!["labels".into(), "name".into()])
    );
    assert_eq!(replacements("var.r"), (4, vec!["region".into()]));
    assert_eq!(replacements(":out"), (0, vec![":outputs ".into()]));
}
