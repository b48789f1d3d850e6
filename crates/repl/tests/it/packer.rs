//! The console on Packer templates: detection, `--packer`, a single `.pkr.hcl`
//! file, `:vars`, `:sources`, `:builds`, `:deps`, `:doc`, and `check`.

use std::path::{Path, PathBuf};
use std::process::Command;

use terrace_repl::{Context, OutputFormat, Reply, Session, Theme};

/// The eval crate's Packer fixtures.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../config/tests/data/packer")
        .join(name)
}

fn session(path: &Path, packer: bool) -> Session {
    Session::new(
        Context {
            dir: path.to_path_buf(),
            packer,
            ..Context::default()
        },
        OutputFormat::Console,
    )
}

/// Each input after `> `, then its output or its diagnostics (no colour),
/// workspace paths made relative.
fn transcript(session: &mut Session, inputs: &[&str]) -> String {
    let mut out = String::new();
    for input in inputs {
        out.push_str(&format!("> {input}\n"));
        match session.run(input) {
            Ok(reply) => {
                if let Some(text) = reply.text() {
                    out.push_str(text);
                    out.push('\n');
                }
            }
            Err(report) => out.push_str(&report.render(Theme::PLAIN)),
        }
    }
    relative(&out)
}

fn relative(text: &str) -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = crate_dir.parent().and_then(Path::parent).unwrap();
    text.replace(&format!("{}/", crate_dir.display()), "")
        .replace(&format!("{}/", workspace.display()), "")
}

fn value(session: &mut Session, input: &str) -> String {
    match session.run(input) {
        Ok(Reply::Value(text)) => text,
        other => panic!("{input}: {other:?}"),
    }
}

#[test]
fn a_packer_directory_is_detected() {
    let mut session = session(&fixture("amazon-ebs"), false);
    assert!(session.module_reports().is_empty());
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":vars",
            ":sources",
            ":builds",
            "source.amazon-ebs.example.tag[1]",
            ":deps [for t in source.amazon-ebs.example.tag : t.key if t.value != local.x]",
            "build.ID",
            ":doc legacy_isotime",
            ":doc tostring",
            "vault(\"secret/data/x\", \"key\")",
            ":outputs",
            ":let source = 1",
            ":providers",
        ],
    ));
}

#[test]
fn one_template_file_and_the_packer_flag() {
    let file = fixture("amazon-ebs").join("template.pkr.hcl");
    let mut session = session(&file, false);
    assert_eq!(
        value(&mut session, "source.amazon-ebs.example.region"),
        "\"us-east-1\""
    );
    // --packer: read as a template whatever the directory holds.
    let mut session = self::session(&fixture("variables"), true);
    assert_eq!(value(&mut session, "var.ami_prefix"), "\"from-b\"");
    insta::assert_snapshot!(transcript(&mut session, &[":vars", ":builds"]));
}

#[test]
fn template_diagnostics_name_the_place() {
    let session = session(&fixture("errors"), false);
    let mut out = String::new();
    for report in session.module_reports() {
        out.push_str(&report.render(Theme::PLAIN));
    }
    insta::assert_snapshot!(relative(&out));
}

#[test]
fn load_switches_between_terraform_and_packer() {
    let mut session = Session::standalone();
    let reply = session.run(&format!(":load {}", fixture("amazon-ebs").display()));
    assert!(matches!(reply, Ok(Reply::Loaded { .. })), "{reply:?}");
    assert_eq!(
        value(&mut session, "local.standard_tags.Component"),
        "\"user-service\""
    );
    let terraform = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/module");
    let _ = session.run(&format!(":load {}", terraform.display()));
    // Back to Terraform: no sources, and Packer's functions are gone.
    assert!(session.run(":sources").is_err());
    assert!(session.run("legacy_isotime()").is_err());
}

#[test]
fn the_binary_opens_a_template_and_checks_packer_files() {
    let file = fixture("amazon-ebs").join("template.pkr.hcl");
    let output = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args([
            "--dir",
            file.to_str().unwrap(),
            "-e",
            "source.amazon-ebs.example.tag[0].key",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "\"Name\"\n");
    assert!(output.status.success());
    // As `packer console`, a template with errors in it evaluates nothing.
    let output = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args(["--dir", fixture("errors").to_str().unwrap(), "-e", "1 + 1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("Unknown source docker.ubunty"));
    let output = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args(["check", fixture("variables").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let dir = std::env::temp_dir().join(format!("terrace-packer-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.pkrvars.hcl"), "region = \n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args(["check", dir.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad.pkrvars.hcl"));
}

#[test]
fn completion_knows_the_template_s_names() {
    let session = session(&fixture("amazon-ebs"), false);
    let complete = |line: &str| -> Vec<String> {
        let (_, pairs) = terrace_repl::complete(&session, line, line.len());
        pairs.into_iter().map(|pair| pair.replacement).collect()
    };
    assert_eq!(complete("source.amaz"), ["amazon-ebs"]);
    assert_eq!(complete("source.amazon-ebs.ex"), ["example"]);
    assert_eq!(complete("local.stan"), ["standard_tags"]);
    assert!(complete("build.Pack").contains(&"PackerRunUUID".to_string()));
    assert_eq!(complete("legacy_s"), ["legacy_strftime("]);
}

#[test]
fn why_and_deps_all_on_a_template() {
    let mut session = session(&fixture("variables"), false);
    insta::assert_snapshot!(transcript(
        &mut session,
        &[
            ":why local.secret_path",
            ":why var.owner",
            ":why var.region",
            ":deps --all local.image_name",
        ]
    ));
}
