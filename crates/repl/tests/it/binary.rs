//! End-to-end runs of the `terrace` binary: `-e`, piped stdin, `--json`, `check`, `--help`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// What a run of the binary printed, and its exit status.
pub(crate) struct Run {
    pub(crate) status: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs the binary with `args` and `stdin` (none: stdin is closed), without `NO_COLOR`.
pub(crate) fn terrace(args: &[&str], stdin: Option<&str>) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_terrace"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    if let Some(text) = stdin
        && let Some(mut input) = child.stdin.take()
    {
        // A console that stops before reading (a configuration error) may have
        // exited already: a broken pipe here is not the test's failure.
        if let Err(e) = input.write_all(text.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    }
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().unwrap();
    Run {
        status: status.code().unwrap_or(-1),
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
    }
}

#[test]
fn expression_flag_prints_console_format() {
    let run = terrace(&["-e", "1 + 1"], None);
    assert_eq!(
        (run.status, run.stdout.as_str(), run.stderr.as_str()),
        (0, "2\n", "")
    );
    // Terraform: `{a = [1]}` prints as an object with a tuple inside.
    let run = terrace(&["-e", "{a = [1]}"], None);
    assert_eq!(run.stdout, "{\n  \"a\" = [\n    1,\n  ]\n}\n");
}

#[test]
fn expression_error_goes_to_stderr_with_status_1() {
    let run = terrace(&["-e", "upperr(\"a\")"], None);
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("Call to unknown function"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("upperr(\"a\")"), "{}", run.stderr);
    // Not a terminal: no colour.
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr);
}

#[test]
fn piped_input_runs_everything_and_fails_at_the_end() {
    let run = terrace(
        &[],
        Some("1\n2 +\n3\nnope(1)\n\"after\"\n[for x in [1, 2] :\n  x * 2]\n"),
    );
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "1\n5\n\"after\"\n[\n  2,\n  4,\n]\n");
    assert!(run.stderr.contains("<stdin>:4:1"), "{}", run.stderr);
    let run = terrace(&[], Some("\"a\"\n\n# comment\ntrue\n"));
    assert_eq!((run.status, run.stdout.as_str()), (0, "\"a\"\ntrue\n"));
}

/// `help` prints what `terraform console` prints (recorded from Terraform 1.15.5).
#[test]
fn help_is_terraform_console_s() {
    let want = include_str!("../data/terraform_console_help.txt");
    let run = terrace(&[], Some("help\n1\n"));
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, format!("{want}1\n").as_str())
    );
    let run = terrace(&["-e", "help"], None);
    assert_eq!((run.status, run.stdout.as_str()), (0, want));
}

#[test]
fn json_flag() {
    let run = terrace(&["--json", "-e", "{a = [1, \"x\"]}"], None);
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "{\"a\":[1,\"x\"]}\n")
    );
    let run = terrace(&["--json"], Some("[true, null]\n"));
    assert_eq!((run.status, run.stdout.as_str()), (0, "[true,null]\n"));
}

#[test]
fn help_lists_every_flag_and_version() {
    let run = terrace(&["--help"], None);
    assert_eq!(run.status, 0);
    for flag in [
        "-e",
        "--json",
        "--dir",
        "--var",
        "--var-file",
        "--history",
        "--no-history",
        "--no-color",
        "--state",
        "--workspace",
        "--schemas",
        "--tofu",
        "--terraform",
        "--help",
        "--version",
        "check",
    ] {
        assert!(run.stdout.contains(flag), "{flag} missing from --help");
    }
    let run = terrace(&["--version"], None);
    assert_eq!(
        run.stdout,
        format!(
            "terrace {} (the languages of Terraform 1.15.5, OpenTofu 1.12 with --tofu or .tofu files, and Packer)\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert_eq!(terrace(&["-V"], None).stdout, run.stdout);
    let run = terrace(&["--frobnicate"], None);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("unknown option `--frobnicate`"));
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("modules/net")).unwrap();
    std::fs::create_dir_all(dir.join(".terraform")).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

#[test]
fn check_reports_every_syntax_error() {
    let dir = temp_dir("check");
    write(
        &dir.join("main.tf"),
        "resource \"a\" \"b\" {\n  x = [1, 2]\n}\n",
    );
    write(&dir.join("vars.tfvars"), "region = \"eu\"\n");
    write(
        &dir.join("modules/net/net.tf"),
        "locals {\n  a = [1 2]\n  b = (\n}\n",
    );
    write(&dir.join("README.md"), "not = [ hcl");
    // Hidden directories are skipped.
    write(&dir.join(".terraform/bad.tf"), "x = [");
    let dir_arg = dir.to_str().unwrap();
    let run = terrace(&["check", dir_arg], None);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stderr.contains("net.tf:2:"), "{}", run.stderr);
    assert!(!run.stderr.contains("bad.tf"), "{}", run.stderr);
    assert!(!run.stderr.contains("main.tf"), "{}", run.stderr);
    assert!(run.stderr.matches("error").count() >= 2, "{}", run.stderr);

    let good = dir.join("main.tf");
    let run = terrace(&["check", good.to_str().unwrap()], None);
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reports_test_file_syntax_errors() {
    let dir = temp_dir("check-tftest");
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    write(&dir.join("main.tf"), "variable \"a\" {}\n");
    write(
        &dir.join("tests/good.tftest.hcl"),
        "run \"plan\" {\n  command = plan\n}\n",
    );
    write(
        &dir.join("tests/web.tftest.hcl"),
        "run \"apply\" {\n  assert {\n    condition = [1 2]\n  }\n}\n",
    );
    let run = terrace(&["check", dir.to_str().unwrap()], None);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stderr.contains("web.tftest.hcl:3:"), "{}", run.stderr);
    assert!(!run.stderr.contains("good.tftest.hcl"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reports_json_syntax_errors() {
    let dir = temp_dir("check-json");
    write(
        &dir.join("main.tf.json"),
        "{\"variable\": {\"a\": {\"default\": \"${not checked\"}},\n \"locals\": {\"b\": \"${1 +}\"}}\n",
    );
    write(
        &dir.join("bad.tf.json"),
        "{\n  \"locals\": {\"x\": [1, 2,]}\n}\n",
    );
    // `.tfvars.json` strings are literal: no template errors.
    write(&dir.join("terraform.tfvars.json"), "{\"a\": \"${\"}\n");
    write(&dir.join("x.auto.tfvars.json"), "{\"a\" = 1}\n");
    write(&dir.join("package.json"), "{ not checked");
    let run = terrace(&["check", dir.to_str().unwrap()], None);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("Trailing comma in array"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("bad.tf.json:2:24"), "{}", run.stderr);
    assert!(run.stderr.contains("main.tf.json:2:24"), "{}", run.stderr);
    assert!(
        run.stderr.contains("x.auto.tfvars.json:1:6"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("terraform.tfvars.json"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("package.json"), "{}", run.stderr);
    assert!(!run.stderr.contains("not checked"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A handful of conformance cases through the real binary, as `run.py` runs them.
#[test]
fn conformance_cases_through_the_binary() {
    let cases = [
        ("-2.5", Some("-2.5")),
        ("\"cr\\rlf\"", Some("\"cr\\rlf\"")),
        (
            "type({a = 1, b = [\"x\"]})",
            Some("object({\n    a: number,\n    b: tuple([\n        string,\n    ]),\n})"),
        ),
        (
            "{a = sensitive(\"s\"), b = 1}",
            Some("{\n  \"a\" = (sensitive value)\n  \"b\" = 1\n}"),
        ),
        (
            "tostring(null) == null ? \"is null\" : \"not null\"",
            Some("\"is null\""),
        ),
        ("[1 2]", None),
        ("one([\"hello\", \"goodbye\"])", None),
    ];
    for (expr, want) in cases {
        let run = terrace(&["-e", expr], None);
        match want {
            Some(want) => {
                assert_eq!(run.status, 0, "{expr}: {}", run.stderr);
                assert_eq!(run.stdout, format!("{want}\n"), "{expr}");
            }
            None => {
                assert_eq!(run.status, 1, "{expr}");
                assert!(!run.stderr.trim().is_empty(), "{expr}");
            }
        }
    }
}

/// A whole piped session through the binary: stdout, stderr and the exit status.
#[test]
fn piped_session_snapshot() {
    let run = terrace(
        &[],
        Some(
            "# a piped session\n\"a\" == \"a\"\n:let greeting = \"hello\"\nupper(greeting)\n\
             {for i, s in [\"x\", \"y\"] :\n  s => i}\n1 + true\n[1, 2][*]\n:type greeting\n\
             <<-EOT\n  two\n  lines\n  EOT\n",
        ),
    );
    insta::assert_snapshot!(format!(
        "status: {}\n--- stdout\n{}--- stderr\n{}",
        run.status, run.stdout, run.stderr
    ));
}

fn data_dir(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

#[test]
fn an_evaluation_error_in_the_module_leaves_the_rest_usable() {
    // Terraform 1.15.5 on this directory: the error for `local.missing`, the
    // warning "Due to the problems above, ...", then `"ok"` with status 0.
    let dir = data_dir("tests/data/eval-error");
    let run = terrace(&["--dir", &dir, "-e", "local.fine"], None);
    assert_eq!((run.status, run.stdout.as_str()), (0, "\"ok\"\n"));
    assert!(run.stderr.contains("no file exists at"), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "Due to the problems above, some expressions may produce unexpected results."
        ),
        "{}",
        run.stderr
    );
    let run = terrace(&["--dir", &dir, "-e", "local.missing"], None);
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "(known after apply)\n")
    );
}

#[test]
fn a_configuration_error_stops_before_evaluating() {
    // Terraform 1.15.5 evaluates nothing (status 1, empty stdout) when the
    // configuration has a cycle, a duplicate declaration or a syntax error.
    for fixture in ["locals-cycle", "duplicates"] {
        let dir = data_dir(&format!("../config/tests/data/modules/{fixture}"));
        let run = terrace(&["--dir", &dir, "-e", "1"], None);
        assert_eq!((run.status, run.stdout.as_str()), (1, ""), "{fixture}");
        assert!(
            run.stderr.starts_with("error: "),
            "{fixture}: {}",
            run.stderr
        );
        let run = terrace(&["--dir", &dir], Some("1\n"));
        assert_eq!((run.status, run.stdout.as_str()), (1, ""), "{fixture}");
    }
    let dir = temp_dir("syntax-error");
    write(&dir.join("main.tf"), "locals {\n  a = 1 +\n}\n");
    let run = terrace(&["--dir", &dir.display().to_string(), "-e", "1"], None);
    assert_eq!((run.status, run.stdout.as_str()), (1, ""));
    assert!(run.stderr.contains("Invalid expression"), "{}", run.stderr);
}

#[test]
fn a_variable_value_that_does_not_parse_stops_before_evaluating() {
    // Terraform 1.15.5 with TF_VAR_list='[a' for a list(string) variable:
    // "Unterminated tuple constructor expression", status 1, nothing evaluated.
    // A value that parses but has the wrong type is reported and leaves the variable unset:
    // reading it is "Reference to uninitialized variable" (status 1), the rest evaluates.
    let dir = temp_dir("tf-var");
    write(
        &dir.join("main.tf"),
        "variable \"list\" {\n  type = list(string)\n}\nvariable \"n\" {\n  type = number\n}\n",
    );
    let run = |list: &str, n: &str| {
        Command::new(env!("CARGO_BIN_EXE_terrace"))
            .args(["--dir", &dir.display().to_string(), "-e", "var.n"])
            .env("TF_VAR_list", list)
            .env("TF_VAR_n", n)
            .output()
            .unwrap()
    };
    let output = run("[a", "1");
    assert_eq!(
        (output.status.code(), output.stdout.as_slice()),
        (Some(1), &b""[..])
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("Unterminated tuple constructor expression"),
        "{stderr}"
    );
    let output = run("[\"a\"]", "abc");
    assert_eq!(
        (output.status.code(), output.stdout.as_slice()),
        (Some(1), &b""[..])
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("Unsuitable value for var.n set using the TF_VAR_n environment variable: a number is required.")
            && stderr.contains("Reference to uninitialized variable"),
        "{stderr}"
    );
}

#[test]
fn check_reports_keep_the_walk_order_when_parsed_on_every_core() {
    // More files than cores, errors in every other one, spread over nested directories:
    // the reports come out in the walk's order (files in name order, then directories
    // depth first), whichever worker parsed them.
    let dir = temp_dir("check-order");
    let mut expected = Vec::new();
    for d in ["a", "a/x", "b", "c"] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    for (d, n) in [("", 3), ("a", 5), ("a/x", 2), ("b", 6), ("c", 4)] {
        for i in 0..n {
            let name = format!("f{i:02}.tf");
            let path = if d.is_empty() {
                dir.join(&name)
            } else {
                dir.join(d).join(&name)
            };
            if i % 2 == 0 {
                write(&path, "x = [\n");
                expected.push(path.display().to_string());
            } else {
                write(&path, "x = 1\n");
            }
        }
    }
    let run = terrace(&["check", dir.to_str().unwrap()], None);
    assert_eq!(run.status, 1, "{}", run.stderr);
    let mut shown: Vec<String> = Vec::new();
    for line in run.stderr.lines() {
        if let Some(at) = line.find(dir.to_str().unwrap()) {
            let file = line[at..].split(':').next().unwrap().to_string();
            if shown.last() != Some(&file) {
                shown.push(file);
            }
        }
    }
    assert_eq!(shown, expected, "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_labels_undecodable_data_as_such() {
    // A 0.11 state whose terraform_data instance has flat attributes: the built-in schema's
    // dynamic attributes cannot be decoded from a flat map, as in Terraform. The address is
    // valid, so `:show` says the data is invalid, as a reference to it does.
    let dir = temp_dir("show-flat");
    write(
        &dir.join("old.tfstate"),
        r#"{"version": 3, "terraform_version": "0.11.14", "modules": [{"path": ["root"],
          "resources": {"terraform_data.n": {"type": "terraform_data",
            "primary": {"id": "n1", "attributes": {"id": "n1"}}, "provider": "provider.terraform"}}}]}"#,
    );
    let state = dir.join("old.tfstate");
    let state = state.to_str().unwrap();
    let run = terrace(&["--state", state, "-e", ":show terraform_data.n"], None);
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("Invalid resource instance data in state"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("cannot decode dynamic from flatmap"),
        "{}",
        run.stderr
    );
    let run = terrace(&["--state", state, "-e", ":show terraform_data"], None);
    assert!(run.stderr.contains("Invalid address"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
