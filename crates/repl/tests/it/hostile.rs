//! Hostile input through the `terrace` binary (piped stdin, `-e` and `check`): invalid
//! UTF-8, NUL bytes, megabyte lines, deep nesting, unterminated heredocs, CR and CRLF,
//! stray byte-order marks, right-to-left and combining characters, huge numbers. Each
//! gets a diagnostic or the value Terraform 1.15.5 prints (from the oracle), and the
//! process ends normally (no signal, no abort). Nothing here measures time.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// An empty working directory, so the console loads no configuration.
fn work_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn terrace(dir: &PathBuf, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_terrace"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Write from another thread: a big input must not block on a full pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// The start of an input, for a failure message.
fn short(input: &[u8]) -> String {
    String::from_utf8_lossy(&input[..input.len().min(80)]).into_owned()
}

/// Pipes `stdin` and expects exactly `stdout` and success.
fn value(dir: &PathBuf, stdin: &[u8], stdout: &str) {
    let run = terrace(dir, &[], stdin);
    assert_eq!(run.stderr, "", "{}", short(stdin));
    assert_eq!(run.status, Some(0));
    assert!(
        run.stdout == stdout,
        "{}: {}",
        short(stdin),
        short(run.stdout.as_bytes())
    );
}

/// Pipes `stdin` and expects an error whose text holds each of `needles`.
fn diagnostic(dir: &PathBuf, stdin: &[u8], needles: &[&str]) -> Run {
    let run = terrace(dir, &[], stdin);
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "no {needle:?} in {}",
            run.stderr
        );
    }
    run
}

/// Runs `terrace check` on a file holding `bytes`; expects an error holding each of
/// `needles` (or success when there are none).
fn check(dir: &PathBuf, name: &str, bytes: &[u8], needles: &[&str]) {
    std::fs::write(dir.join(name), bytes).unwrap();
    let run = terrace(dir, &["check", name], b"");
    let expected = if needles.is_empty() { 0 } else { 1 };
    assert_eq!(run.status, Some(expected), "{name}: {}", run.stderr);
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{name}: no {needle:?} in {}",
            run.stderr
        );
    }
    std::fs::remove_file(dir.join(name)).unwrap();
}

#[test]
fn invalid_utf8() {
    let dir = work_dir("utf8");
    // Piped: nothing is evaluated (no lossy conversion); the offset is named.
    let run = diagnostic(
        &dir,
        b"1 + 1\n\"a\xffb\"\n",
        &["Invalid character encoding", "offset 8", "<stdin>:2:3"],
    );
    assert_eq!(run.stdout, "");
    diagnostic(&dir, b"\xc3", &["Invalid character encoding", "offset 0"]);
    // A file: Terraform's "Invalid character encoding", with the offset.
    check(
        &dir,
        "bad.tf",
        b"locals {\n  a = \"x\xfe\xffy\"\n}\n",
        &["Invalid character encoding", "offset 17", "bad.tf:2:9"],
    );
    // Surrogates encoded in UTF-8 (CESU) are not UTF-8 either.
    check(&dir, "cesu.tf", b"a = \"\xed\xa0\x80\"\n", &["offset 5"]);
}

#[test]
fn nul_bytes() {
    let dir = work_dir("nul");
    value(&dir, b"\"a\0b\"\n", "\"a\\x00b\"\n");
    value(&dir, b"length(\"a\0b\")\n", "3\n");
    diagnostic(&dir, b"1 +\0 2\n", &["Invalid expression"]);
    check(&dir, "nul.tf", b"a = \"x\0y\"\n", &[]);
    check(&dir, "nul2.tf", b"a = 1\0\n", &["nul2.tf:1:6"]);
}

#[test]
fn megabyte_lines() {
    let dir = work_dir("mb");
    let n = 1 << 19;
    let list = format!("length([{}1])\n", "1,".repeat(n - 1));
    assert!(list.len() > 1 << 20);
    value(&dir, list.as_bytes(), &format!("{n}\n"));
    let sum = format!("{}1\n", "1+".repeat(n - 1));
    value(&dir, sum.as_bytes(), &format!("{n}\n"));
    let string = format!("length(\"{}\")\n", "a".repeat(1 << 20));
    value(&dir, string.as_bytes(), &format!("{}\n", 1 << 20));
    // A megabyte name, and a megabyte string that never ends.
    let name = format!("var.{}\n", "x".repeat(1 << 20));
    diagnostic(
        &dir,
        name.as_bytes(),
        &["Reference to undeclared input variable"],
    );
    let open = format!("\"{}\n", "a".repeat(1 << 20));
    diagnostic(&dir, open.as_bytes(), &["Unterminated template string"]);
    // A megabyte operator chain in a JSON file's template string.
    let json = format!(
        "{{\"locals\": {{\"a\": \"${{{}1}}\"}}}}",
        "1+".repeat(n - 1)
    );
    check(&dir, "chain.tf.json", json.as_bytes(), &[]);
    // The same in a file.
    check(
        &dir,
        "long.tf",
        format!("a = [{}1]\n", "1,".repeat(n)).as_bytes(),
        &[],
    );
}

#[test]
fn deep_nesting() {
    let dir = work_dir("deep");
    let depth = 100_000;
    for (open, close) in [("[", "]"), ("(", ")"), ("{a=", "}"), ("f(", ")"), ("-", "")] {
        let src = format!("{}1{}\n", open.repeat(depth), close.repeat(depth));
        diagnostic(&dir, src.as_bytes(), &["nested at most 128 levels deep"]);
    }
    // Unclosed: still one diagnostic, no stack overflow.
    diagnostic(&dir, "[".repeat(depth).as_bytes(), &[]);
    let template = format!("{}1{}\n", "\"${".repeat(depth), "}\"".repeat(depth));
    diagnostic(
        &dir,
        template.as_bytes(),
        &["nested at most 128 levels deep"],
    );
    let directives = format!("\"{}%{{endif}}\"\n", "%{if true}".repeat(depth));
    diagnostic(
        &dir,
        directives.as_bytes(),
        &["nested at most 128 levels deep"],
    );
    check(
        &dir,
        "deep.tf",
        format!("a = {}1{}\n", "[".repeat(depth), "]".repeat(depth)).as_bytes(),
        &["nested at most 128 levels deep"],
    );
    check(
        &dir,
        "blocks.tf",
        "b {\n".repeat(depth).as_bytes(),
        &["nested at most 128 levels deep"],
    );
    // A deep value from jsondecode: refused with a clear error, not a crash.
    let json = format!(
        "jsondecode(\"{}{}\")\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    diagnostic(&dir, json.as_bytes(), &["JSON nesting too deep"]);
}

#[test]
fn unterminated_heredoc_at_end_of_file() {
    let dir = work_dir("heredoc");
    diagnostic(&dir, b"<<EOT\nabc", &["Unterminated template string"]);
    diagnostic(
        &dir,
        b"<<-EOT\n  abc\n  EO",
        &["Unterminated template string"],
    );
    diagnostic(&dir, b"<<EOT", &[]);
    check(
        &dir,
        "h.tf",
        b"locals {\n  a = <<EOT\nabc\n",
        &["Unterminated template string"],
    );
    check(
        &dir,
        "h.tfvars",
        b"a = <<EOT\nabc",
        &["Unterminated template string"],
    );
}

#[test]
fn carriage_returns() {
    let dir = work_dir("cr");
    value(&dir, b"1 + 2\r\n[1,\r\n2]\r\n", "3\n[\n  1,\n  2,\n]\n");
    // Console input is read by lines, as Terraform's is: a CR before a newline is
    // part of the line break (in a file it stays in the heredoc, as in Terraform).
    value(&dir, b"<<EOT\r\nx\r\nEOT\r\n", "<<EOT\nx\n\nEOT\n");
    check(
        &dir,
        "crlf.tf",
        b"locals {\r\n  a = 1\r\n  b = <<EOT\r\nx\r\nEOT\r\n}\r\n",
        &[],
    );
    // A lone CR is no newline: Terraform says "Invalid multi-line string" in a
    // quoted string and rejects it between tokens.
    diagnostic(&dir, b"\"a\rb\"\n", &["Invalid multi-line string"]);
    diagnostic(&dir, b"1 +\r2\n", &["Invalid expression"]);
    check(
        &dir,
        "cr.tf",
        b"locals {\r  a = 1\r}\r",
        &["Argument or block definition required"],
    );
}

#[test]
fn byte_order_marks() {
    let dir = work_dir("bom");
    // At the start of a file it is skipped; anywhere else it is an error.
    check(&dir, "lead.tf", b"\xef\xbb\xbfa = 1\n", &[]);
    check(
        &dir,
        "mid.tf",
        b"a = 1\n\xef\xbb\xbfb = 2\n",
        &["Argument or block definition required", "mid.tf:2:1"],
    );
    diagnostic(
        &dir,
        "\"x\" \u{feff}\n".as_bytes(),
        &["Extra characters after expression"],
    );
    // Inside a string it is a character like any other.
    value(&dir, "\"a\u{feff}b\"\n".as_bytes(), "\"a\\ufeffb\"\n");
}

#[test]
fn right_to_left_and_combining_characters() {
    let dir = work_dir("bidi");
    value(&dir, "{שלום = 1}.שלום\n".as_bytes(), "1\n");
    value(
        &dir,
        "{\"مرحبا\" = \"עולם\"}\n".as_bytes(),
        "{\n  \"مرحبا\" = \"עולם\"\n}\n",
    );
    value(&dir, "\"a\u{202e}b\"\n".as_bytes(), "\"a\\u202eb\"\n");
    value(&dir, b"\"a\\u202eb\"\n", "\"a\\u202eb\"\n");
    // Strings are normalised (NFC) and counted in grapheme clusters.
    value(&dir, "\"e\u{301}\"\n".as_bytes(), "\"\u{e9}\"\n");
    value(&dir, b"length(\"e\\u0301\")\n", "1\n");
    // A combining mark continues an identifier.
    value(
        &dir,
        "{e\u{337} = \"x\"}\n".as_bytes(),
        "{\n  \"e\u{337}\" = \"x\"\n}\n",
    );
    // ... but cannot start one.
    diagnostic(&dir, "{\u{301}e = 1}\n".as_bytes(), &[]);
}

#[test]
fn huge_numbers() {
    let dir = work_dir("numbers");
    value(&dir, b"1e999999\n", &format!("1{}\n", "0".repeat(999_999)));
    diagnostic(&dir, b"1e9999999999\n", &["Invalid number literal"]);
    // 100,000 digits: Terraform keeps 512 bits (154 significant digits here).
    let digits = "7".repeat(100_000);
    let rounded = format!("{}8", "7".repeat(153));
    value(
        &dir,
        format!("{digits}\n").as_bytes(),
        &format!("{rounded}{}\n", "0".repeat(100_000 - 154)),
    );
    let run = terrace(&dir, &["-e", &format!("{digits} + 1")], b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
}

/// `fileset` through `/proc/self` (whose `root` links to `/`) walks the whole file system:
/// Ctrl-C stops it, and the session goes on.
#[test]
fn fileset_walk_stops_on_interrupt() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let mut session = terrace_repl::Session::standalone();
    let flag = Arc::new(AtomicBool::new(false));
    session.set_interrupt(Arc::clone(&flag));
    let setter = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let started = std::time::Instant::now();
    let error = session.run(r#"fileset("/proc/self", "**")"#).unwrap_err();
    setter.join().unwrap();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let text = error.render(terrace_repl::Theme::PLAIN);
    assert!(text.contains("interrupted"), "{text}");
    flag.store(false, Ordering::Relaxed);
    assert_eq!(session.run("1 + 1").unwrap().text(), Some("2"));
}

/// With nobody pressing Ctrl-C, `fileset` through `/proc/self` ends by itself with a clear
/// error (the walk is bounded in time as well as in size), and the session goes on.
#[test]
fn fileset_walk_ends_by_itself() {
    let mut session = terrace_repl::Session::standalone();
    let started = std::time::Instant::now();
    let error = session.run(r#"fileset("/proc/self", "**")"#).unwrap_err();
    // A guard against a hang, not a speed target: the limit is 1.5 s of walking.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let text = error.render(terrace_repl::Theme::PLAIN);
    assert!(
        text.contains("took more than 1.5 s") || text.contains("more than 100000 directories"),
        "{text}"
    );
    assert_eq!(session.run("1 + 1").unwrap().text(), Some("2"));
}
