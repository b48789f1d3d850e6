//! `-r`/`--raw` through the binary: every kind of value, `-e` and piped input, and the errors.

/// The binary's exit status, stdout and stderr.
fn terrace(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let run = crate::binary::terrace(args, stdin);
    (run.status, run.stdout, run.stderr)
}

fn raw(expr: &str) -> String {
    let (status, stdout, stderr) = terrace(&["-r", "-e", expr], None);
    assert_eq!((status, stderr.as_str()), (0, ""), "{expr}");
    stdout
}

fn console(expr: &str) -> String {
    terrace(&["-e", expr], None).1.trim_end().to_string()
}

fn why_dir() -> String {
    format!("{}/tests/data/why", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn strings_are_bare_text() {
    assert_eq!(raw(r#""a \"quoted\"\tword""#), "a \"quoted\"\tword\n");
    assert_eq!(raw(r#""two\nlines""#), "two\nlines\n");
    assert_eq!(raw(r#""""#), "\n");
    assert_eq!(raw(r#""${"$"}{x} and é""#), "${x} and é\n");
}

#[test]
fn numbers_and_bools_are_their_text() {
    assert_eq!(raw("1 + 1"), "2\n");
    // As the console prints them (terraform console: 1/3 to 157 characters, pow(2, 70)
    // as 1180591620717411300000).
    assert_eq!(raw("1 / 3"), format!("{}\n", console("1 / 3")));
    assert_eq!(raw("pow(2, 70)"), "1180591620717411300000\n");
    assert_eq!(raw("-1.5"), "-1.5\n");
    assert_eq!(raw("true"), "true\n");
    assert_eq!(raw("1 > 2"), "false\n");
}

#[test]
fn null_is_an_empty_line() {
    assert_eq!(raw("null"), "\n");
    assert_eq!(raw("tostring(null)"), "\n");
}

#[test]
fn collections_are_compact_json() {
    assert_eq!(raw(r#"["a", 1, true, null]"#), "[\"a\",1,true,null]\n");
    assert_eq!(raw(r#"{b = "x", a = [1]}"#), "{\"a\":[1],\"b\":\"x\"}\n");
    assert_eq!(raw(r#"toset(["b", "a"])"#), "[\"a\",\"b\"]\n");
    assert_eq!(
        raw(r#"tomap({k = "<&>"})"#),
        "{\"k\":\"\\u003c\\u0026\\u003e\"}\n"
    );
    assert_eq!(raw("[]"), "[]\n");
    // The same text as --json.
    let (_, json, _) = terrace(&["--json", "-e", r#"{b = "x", a = [1]}"#], None);
    assert_eq!(json, raw(r#"{b = "x", a = [1]}"#));
}

#[test]
fn long_flag_and_several_expressions() {
    let (status, stdout, _) = terrace(&["--raw", "-e", r#""a""#, "-e", "2", "-e", "null"], None);
    assert_eq!((status, stdout.as_str()), (0, "a\n2\n\n"));
}

#[test]
fn piped_input_is_raw_too() {
    let (status, stdout, stderr) = terrace(&["-r"], Some("\"x\"\n[1,\n  2]\n\"y\"\n"));
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "x\n[1,2]\ny\n", "")
    );
}

#[test]
fn unknown_is_an_error_with_status_1() {
    let dir = why_dir();
    let (status, stdout, stderr) = terrace(
        &["-r", "--dir", &dir, "-e", "terraform_data.subnet[0].id"],
        None,
    );
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(stderr.contains("Value is not known"), "{stderr}");
    // Partly unknown too: a placeholder never goes out as data.
    let (status, stdout, stderr) = terrace(&["-r", "--dir", &dir, "-e", "module.net"], None);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(stderr.contains("Value is not known"), "{stderr}");
}

#[test]
fn sensitive_is_an_error_with_status_1() {
    let dir = why_dir();
    let (status, stdout, stderr) = terrace(&["-r", "--dir", &dir, "-e", "var.db_password"], None);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(stderr.contains("Value is sensitive"), "{stderr}");
    let (status, _, stderr) = terrace(&["-r", "-e", r#"[sensitive("a"), "b"]"#], None);
    assert_eq!(status, 1);
    assert!(stderr.contains("Value is sensitive"), "{stderr}");
    // Known values around an error still print; the status says one failed.
    let (status, stdout, _) = terrace(
        &[
            "-r",
            "--dir",
            &dir,
            "-e",
            "var.env",
            "-e",
            "var.db_password",
            "-e",
            "var.port",
        ],
        None,
    );
    assert_eq!((status, stdout.as_str()), (1, "dev\n80\n"));
    // nonsensitive() is the way to print it on purpose.
    assert_eq!(
        terrace(
            &["-r", "--dir", &dir, "-e", "nonsensitive(var.db_password)"],
            None
        )
        .1,
        "hunter2\n"
    );
}

#[test]
fn raw_and_json_conflict() {
    let (status, _, stderr) = terrace(&["-r", "--json", "-e", "1"], None);
    assert_eq!(status, 2, "{stderr}");
}
