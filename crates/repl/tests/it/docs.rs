//! The guide's and the README's examples, run against the real `terrace` binary.
//!
//! Every fenced block whose info string starts with `console`, in `README.md` and
//! `docs/src/*.md`, is an example this test runs. The convention (also in `docs/README.md`):
//!
//! - A line `$ COMMAND` is run with `sh -c` (so pipes, `printf`, `echo $?` and `cat` work), a
//!   line ending in `\` continuing it. `terrace` on the `PATH` is the binary this test built.
//! - Lines after a command starting with `> ` (or `... ` for the continuation of a multi-line
//!   input) are a console session: they are the command's standard input, one input per line,
//!   as someone would type them at the prompt.
//! - Every other line is expected output: standard output and standard error together, exactly,
//!   but for white space at the ends of lines (which editors strip). A line `...` alone stands
//!   for any number of lines (for long output such as `--help`).
//! - A command must exit with status 0: show a failure's status in the example itself
//!   (`terrace -e 'x'; echo "exit status $?"`), as a reader would see it.
//! - A block may be indented (in a list item): its lines lose the fence's indentation.
//! - Each block runs in a fresh copy of `docs/examples/` (the commands of one block share it,
//!   so a block may change a file and show it changed), with no colour (`NO_COLOR`), `HOME`
//!   and `XDG_STATE_HOME` inside that copy, and no `TF_` variables.
//!
//! Blocks with another info string (`sh`, `text`, `hcl`, `yaml`, ...) are not run here: `sh`
//! blocks are the install and build commands `.ci/run` exercises; `rust` blocks of
//! `docs/src/crates.md` are doctests (`terrace-tests`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One `$` command of an example, with its input lines and its expected output lines.
struct Step {
    command: String,
    input: Vec<String>,
    expected: Vec<String>,
}

/// One ```console block: where it is, and its steps.
struct Example {
    file: String,
    line: usize,
    steps: Vec<Step>,
}

/// The ```console blocks of `text` (the file named `file`).
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((at, line)) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let is_console = info.split([',', ' ']).next() == Some("console");
        // A block in a list item is indented: its lines lose the fence's indentation.
        let indent = line.len() - line.trim_start().len();
        let mut body = Vec::new();
        for (_, line) in lines.by_ref() {
            if line.trim_start().starts_with("```") {
                break;
            }
            let margin = line.len() - line.trim_start().len();
            body.push(&line[margin.min(indent)..]);
        }
        if is_console {
            found.push(Example {
                file: file.to_string(),
                line: at + 1,
                steps: steps(&body),
            });
        }
    }
    found
}

/// The steps of a block's lines.
fn steps(body: &[&str]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut continued = false;
    for line in body {
        if continued && let Some(step) = steps.last_mut() {
            step.command.push('\n');
            step.command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            continued = command.ends_with('\\');
            steps.push(Step {
                command: command.to_string(),
                input: Vec::new(),
                expected: Vec::new(),
            });
        } else if let Some(step) = steps.last_mut() {
            if let Some(input) = line
                .strip_prefix("> ")
                .or_else(|| line.strip_prefix("... "))
            {
                step.input.push(input.to_string());
            } else {
                step.expected.push(line.to_string());
            }
        } else {
            panic!("a ```console block must start with a `$ ` command line, found {line:?}");
        }
    }
    steps
}

/// Whether `actual` matches `expected`, where a line `...` matches any run of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line.trim_end() == first.trim_end() && matches(rest, more)),
    }
}

/// Copies the directory `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs one example in a fresh copy of the fixtures; a description of each failure.
fn run(example: &Example, work: &Path) -> Vec<String> {
    let _ = std::fs::remove_dir_all(work);
    copy_dir(&root().join("docs/examples"), work);
    let binary = Path::new(env!("CARGO_BIN_EXE_terrace"));
    let bin_dir = binary.parent().unwrap();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", bin_dir.display());
    let mut failures = Vec::new();
    for step in &example.steps {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", step.command))
            .current_dir(work)
            .env("PATH", &path)
            .env("HOME", work)
            .env("XDG_STATE_HOME", work.join(".state"))
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("TF_") {
                command.env_remove(name);
            }
        }
        let mut child = command.spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input: String = step.input.iter().map(|line| format!("{line}\n")).collect();
        let writer = std::thread::spawn(move || {
            use std::io::Write as _;
            // A command that reads no input may be gone already.
            let _ = stdin.write_all(input.as_bytes());
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        let actual = String::from_utf8_lossy(&output.stdout);
        let actual_lines: Vec<&str> = actual.lines().collect();
        let status = output.status.code();
        if status != Some(0) || !matches(&step.expected, &actual_lines) {
            let mut text = format!(
                "{}:{}: `$ {}` exited with {status:?}\n--- expected\n",
                example.file, example.line, step.command
            );
            for line in &step.expected {
                let _ = writeln!(text, "{line}");
            }
            let _ = write!(text, "--- actual\n{actual}");
            failures.push(text);
        }
    }
    failures
}

/// The Markdown files whose examples run: the README and every guide page.
fn documents() -> Vec<(String, String)> {
    let mut files = vec![root().join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs/src"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

#[test]
fn every_example_in_the_readme_and_the_guide_runs_as_shown() {
    let work = std::env::temp_dir().join(format!("terrace-docs-{}", std::process::id()));
    let mut failures = Vec::new();
    let (mut count, mut inputs) = (0, 0);
    for (name, text) in documents() {
        for example in examples(&name, &text) {
            count += example.steps.len();
            inputs += example.steps.iter().map(|s| s.input.len()).sum::<usize>();
            failures.extend(run(&example, &work));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        failures.is_empty(),
        "{} of {count} commands differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The guide has dozens; a parser that finds few must fail.
    assert!(count >= 60, "only {count} commands found");
    println!("{count} commands run, with {inputs} console inputs");
}

#[test]
fn the_convention_parses_sessions_continuations_and_wildcards() {
    let found = examples(
        "x.md",
        "text\n```console\n$ terrace --dir web\n> [for s in [\"a\"] :\n...   upper(s)]\n[\n  \"A\",\n]\n$ echo a \\\n  b\na b\n```\n```sh\n$ not run\n```\n",
    );
    assert_eq!(found.len(), 1);
    let steps = &found[0].steps;
    assert_eq!(found[0].line, 2);
    assert_eq!(steps[0].input, ["[for s in [\"a\"] :", "  upper(s)]"]);
    assert_eq!(steps[0].expected, ["[", "  \"A\",", "]"]);
    assert_eq!(steps[1].command, "echo a \\\n  b");
    let wild = ["a".to_string(), "...".to_string(), "z".to_string()];
    assert!(matches(&wild, &["a", "b", "c", "z"]));
    assert!(matches(&wild, &["a", "z"]));
    assert!(!matches(&wild, &["a", "b"]));
}

/// A heading's anchor as mdBook makes it: lower case, spaces to `-`, only letters, digits,
/// `_` and `-` kept (after the Markdown of inline code is dropped).
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && let Some(heading) = line.strip_prefix('#') {
            found.push(anchor(heading.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of a Markdown text's inline links `[text](target)` outside code.
fn links(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut from = 0;
        while let Some(at) = line[from..].find("](").map(|at| from + at) {
            let after = &line[at + 2..];
            let Some(end) = after.find(')') else { break };
            // Inline code spans hold no links.
            if line[..at].matches('`').count() % 2 == 0 {
                found.push(after[..end].to_string());
            }
            from = at + 2 + end;
        }
    }
    found
}

#[test]
fn every_relative_link_in_the_readme_and_the_guide_resolves() {
    let mut broken = Vec::new();
    let mut count = 0;
    for (name, text) in documents() {
        let page = root().join(&name);
        let dir = page.parent().unwrap().to_path_buf();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            count += 1;
            let (path, fragment) = match target.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                page.clone()
            } else {
                dir.join(path)
            };
            let Ok(linked) = std::fs::read_to_string(&file) else {
                if !file.is_dir() {
                    broken.push(format!("{name}: {target}: no such file"));
                }
                continue;
            };
            if let Some(fragment) = fragment
                && !anchors(&linked).iter().any(|a| a == fragment)
            {
                broken.push(format!("{name}: {target}: no heading with that anchor"));
            }
        }
    }
    let summary = std::fs::read_to_string(root().join("docs/src/SUMMARY.md")).unwrap();
    for (name, _) in documents() {
        if let Some(page) = name.strip_prefix("docs/src/")
            && page != "SUMMARY.md"
            && !summary.contains(&format!("]({page})"))
        {
            broken.push(format!("{name}: not in SUMMARY.md"));
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(count >= 20, "only {count} links found");
}

#[test]
fn anchors_are_made_as_mdbook_makes_them() {
    assert_eq!(anchor(" Types: `--schemas`"), "types---schemas");
    assert_eq!(anchors("# A\n```\n# not\n```\n## B c\n"), ["a", "b-c"]);
    assert_eq!(
        links("see [x](a.md#b) and `[y](no.md)`, [z](c.md)"),
        ["a.md#b", "c.md"]
    );
}
