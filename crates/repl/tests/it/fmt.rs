//! `terrace fmt` end to end: stdin, files and directories, `-check`/`-list`/`-write`/`-diff`,
//! exit statuses, atomic writes that keep permissions, symbolic links, and shell completions.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn terrace(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// A fresh directory: `a.tf` (unformatted), `ok.tf` (formatted), `sub/b.tfvars` (unformatted),
/// `.hidden/c.tf` (unformatted, skipped), `notes.txt`.
fn tree(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-fmt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::create_dir_all(dir.join(".hidden")).unwrap();
    std::fs::write(dir.join("a.tf"), "a=1\nbb = \"${x}\"\n").unwrap();
    std::fs::write(dir.join("ok.tf"), "ok = true\n").unwrap();
    std::fs::write(dir.join("sub/b.tfvars"), "b  =  2\n").unwrap();
    std::fs::write(dir.join(".hidden/c.tf"), "c=3\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "x=1\n").unwrap();
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn stdin_to_stdout() {
    let dir = std::env::temp_dir();
    let run = terrace(&dir, &["fmt", "-"], "a=1\nbbb = \"${c}\"");
    assert_eq!((run.status, run.stdout.as_str()), (0, "a   = 1\nbbb = c\n"));
    let run = terrace(&dir, &["fmt", "-"], "a = [\n");
    assert_eq!((run.status, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("<stdin>:"), "{}", run.stderr);
    let run = terrace(&dir, &["fmt", "-check", "-"], "a=1\n");
    assert_eq!((run.status, run.stdout.as_str()), (3, ""));
}

#[test]
fn check_lists_without_writing_then_fmt_writes() {
    let dir = tree("check");
    let run = terrace(&dir, &["fmt", "-check", "-recursive"], "");
    assert_eq!(run.status, 3);
    assert_eq!(run.stdout, "a.tf\nsub/b.tfvars\n");
    assert_eq!(read(&dir, "a.tf"), "a=1\nbb = \"${x}\"\n");
    let run = terrace(&dir, &["--check", "--list=false", "fmt"], "");
    assert_eq!(run.status, 2, "options belong after `fmt`");
    let run = terrace(&dir, &["fmt", "--check", "--list=false"], "");
    assert_eq!((run.status, run.stdout.as_str()), (3, ""));

    let run = terrace(&dir, &["fmt"], "");
    assert_eq!((run.status, run.stdout.as_str()), (0, "a.tf\n"));
    assert_eq!(read(&dir, "a.tf"), "a  = 1\nbb = x\n");
    assert_eq!(read(&dir, "sub/b.tfvars"), "b  =  2\n", "not recursive");
    assert_eq!(read(&dir, ".hidden/c.tf"), "c=3\n");
    let run = terrace(&dir, &["fmt", "-recursive"], "");
    assert_eq!((run.status, run.stdout.as_str()), (0, "sub/b.tfvars\n"));
    let run = terrace(&dir, &["fmt", "-check", "-recursive"], "");
    assert_eq!((run.status, run.stdout.as_str()), (0, ""));
}

#[test]
fn diff_and_write_false() {
    let dir = tree("diff");
    let run = terrace(
        &dir,
        &["fmt", "-diff", "-write=false", "-list=false", "a.tf"],
        "",
    );
    assert_eq!(run.status, 0);
    assert!(
        run.stdout.starts_with("--- old/a.tf\n+++ new/a.tf\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\n-a=1\n"), "{}", run.stdout);
    assert_eq!(read(&dir, "a.tf"), "a=1\nbb = \"${x}\"\n");
    let run = terrace(&dir, &["fmt", "-write=false", "-list=false", "a.tf"], "");
    assert_eq!((run.status, run.stdout.as_str()), (0, "a  = 1\nbb = x\n"));
}

#[test]
fn a_bad_file_is_reported_and_the_others_are_formatted() {
    let dir = tree("bad");
    std::fs::write(dir.join("bad.tf"), "x = (\n").unwrap();
    let run = terrace(
        &dir,
        &["fmt", "bad.tf", "a.tf", "missing.tf", "notes.txt"],
        "",
    );
    assert_eq!(run.status, 2);
    assert_eq!(run.stdout, "a.tf\n");
    assert_eq!(read(&dir, "bad.tf"), "x = (\n");
    assert_eq!(read(&dir, "a.tf"), "a  = 1\nbb = x\n");
    assert!(run.stderr.contains("bad.tf:"), "{}", run.stderr);
    assert!(run.stderr.contains("missing.tf"), "{}", run.stderr);
    assert!(run.stderr.contains("notes.txt"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn writes_keep_permissions_and_stay_inside_the_tree() {
    use std::os::unix::fs::{PermissionsExt as _, symlink};
    let dir = tree("links");
    let outside = tree("links-outside");
    std::fs::set_permissions(dir.join("a.tf"), std::fs::Permissions::from_mode(0o640)).unwrap();
    symlink(outside.join("a.tf"), dir.join("out.tf")).unwrap();
    symlink(dir.join("sub/b.tfvars"), dir.join("in.tfvars")).unwrap();
    let modified = std::fs::metadata(dir.join("ok.tf"))
        .unwrap()
        .modified()
        .unwrap();
    let run = terrace(&dir, &["fmt", "."], "");
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "a.tf\nin.tfvars\n"),
        "{}",
        run.stderr
    );
    let mode = std::fs::metadata(dir.join("a.tf"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o640);
    assert_eq!(
        read(&outside, "a.tf"),
        "a=1\nbb = \"${x}\"\n",
        "outside the tree"
    );
    assert!(
        std::fs::symlink_metadata(dir.join("in.tfvars"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        read(&dir, "sub/b.tfvars"),
        "b = 2\n",
        "written through the link"
    );
    let unchanged = std::fs::metadata(dir.join("ok.tf"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(modified, unchanged, "an unchanged file is not written");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().contains("terrace-fmt"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn completions_and_unknown_flags() {
    let dir = std::env::temp_dir();
    for shell in ["bash", "zsh", "fish"] {
        let run = terrace(&dir, &["completions", shell], "");
        assert_eq!(run.status, 0);
        assert!(run.stdout.contains("fmt"), "{shell}");
    }
    let run = terrace(&dir, &["fmt", "--frobnicate"], "");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("--frobnicate"), "{}", run.stderr);
    let run = terrace(&dir, &["fmt", "--help"], "");
    for flag in ["--check", "--diff", "--list", "--write", "--recursive"] {
        assert!(run.stdout.contains(flag), "{flag}");
    }
}

#[test]
fn packer_files_get_packer_fmt_rules() {
    let dir = tree("packer");
    std::fs::write(
        dir.join("image.pkr.hcl"),
        "source null x {\ncommunicator=\"${var.c}\"\n}\n",
    )
    .unwrap();
    let run = terrace(&dir, &["fmt", "image.pkr.hcl"], "");
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "image.pkr.hcl\n"),
        "{}",
        run.stderr
    );
    assert_eq!(
        read(&dir, "image.pkr.hcl"),
        "source null x {\n  communicator = \"${var.c}\"\n}\n",
        "layout only: no quoted labels, no unwrapping"
    );
}

/// Bytes that are not UTF-8 stay where Terraform keeps them (comments, strings); elsewhere they
/// are a syntax error, and the file is left alone.
#[test]
fn bytes_that_are_not_utf8() {
    let dir = tree("latin1");
    std::fs::write(dir.join("latin1.tf"), b"# Copyright \xa9 2020\na=1\n").unwrap();
    std::fs::write(dir.join("bad.tf"), b"a\xff = 1\n").unwrap();
    let run = terrace(&dir, &["fmt", "latin1.tf", "bad.tf"], "");
    assert_eq!((run.status, run.stdout.as_str()), (2, "latin1.tf\n"));
    assert_eq!(
        std::fs::read(dir.join("latin1.tf")).unwrap(),
        b"# Copyright \xa9 2020\na = 1\n"
    );
    assert_eq!(std::fs::read(dir.join("bad.tf")).unwrap(), b"a\xff = 1\n");
    assert!(run.stderr.contains("bad.tf:"), "{}", run.stderr);
}
