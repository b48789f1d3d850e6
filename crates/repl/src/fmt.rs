//! `terrace fmt [PATH...]`: `terraform fmt`'s command — files, directories, standard input —
//! over [`terrace_syntax::format`], with atomic writes.
//!
//! Packer's files (`.pkr.hcl`, `.pkrvars.hcl`) get `packer fmt`'s rules: hclwrite's layout without
//! Terraform's rewrites. Exit statuses are Terraform's: 0 done, 2 when some input has a syntax error or a path cannot be
//! read (the other paths are still processed), 3 with `-check` when some input is not formatted.

use std::fs;
use std::io::{self, Read, Write as _};
use std::path::{Path, PathBuf};
use std::process::Command;

use terrace_syntax::FormatStyle;

use crate::args::FmtOptions;
use crate::diagnostics::{Problem, Report};
use crate::on_every_core::map_on_every_core;

/// What a `terrace fmt` run printed and how it ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FmtOutcome {
    /// The exit status: 0, 2 (errors) or 3 (`-check` found unformatted input).
    pub status: u8,
    /// What goes to standard output: listed paths, diffs, or formatted text.
    pub stdout: Vec<u8>,
    /// Syntax errors and unreadable paths, one report per input.
    pub reports: Vec<Report>,
}

/// The file names `fmt` formats in directories: Terraform's and Packer's.
///
/// ```
/// assert!(terrace_repl::is_formatted_file("main.tf"));
/// assert!(terrace_repl::is_formatted_file("image.pkr.hcl"));
/// assert!(!terrace_repl::is_formatted_file("main.tf.json"));
/// ```
pub fn is_formatted_file(name: &str) -> bool {
    const EXTENSIONS: [&str; 7] = [
        ".tf",
        ".tfvars",
        ".tftest.hcl",
        ".tfmock.hcl",
        ".tfquery.hcl",
        ".pkr.hcl",
        ".pkrvars.hcl",
    ];
    EXTENSIONS.iter().any(|extension| name.ends_with(extension))
}

/// Names a directory walk skips, as Terraform does: hidden files, editor backups.
fn is_ignored(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~') || (name.starts_with('#') && name.ends_with('#'))
}

/// Run `terrace fmt` over `paths` (none: the current directory; `-`: `stdin`).
///
/// ```
/// use std::path::PathBuf;
/// use terrace_repl::{FmtOptions, fmt_paths};
///
/// let outcome = fmt_paths(&[PathBuf::from("-")], FmtOptions::default(), &mut "a=1".as_bytes());
/// assert_eq!((outcome.status, outcome.stdout), (0, b"a = 1\n".to_vec()));
/// ```
pub fn fmt_paths(paths: &[PathBuf], options: FmtOptions, stdin: &mut dyn Read) -> FmtOutcome {
    let from_stdin = paths.first().is_some_and(|path| path.as_os_str() == "-");
    let mut run = Run {
        list: options.list && !from_stdin,
        write: options.write && !from_stdin,
        diff: options.diff,
        recursive: options.recursive,
        out: Vec::new(),
        reports: Vec::new(),
        jobs: Vec::new(),
    };
    let show_list = run.list;
    if options.check {
        run.list = true;
        run.write = false;
    }
    if from_stdin {
        let mut bytes = Vec::new();
        match stdin.read_to_end(&mut bytes) {
            Ok(_) => run.file_bytes("<stdin>", None, bytes),
            Err(error) => run.fail_now("<stdin>", &format!("cannot read standard input: {error}")),
        }
    } else if paths.is_empty() {
        run.path(Path::new("."));
    } else {
        for path in paths {
            run.path(path);
        }
    }
    run.run_jobs();
    let mut outcome = FmtOutcome {
        status: 0,
        stdout: Vec::new(),
        reports: run.reports,
    };
    if !outcome.reports.is_empty() {
        outcome.status = 2;
        if !options.check {
            outcome.stdout = run.out;
        }
        return outcome;
    }
    if options.check {
        if !run.out.is_empty() {
            outcome.status = 3;
        }
        if show_list {
            outcome.stdout = run.out;
        }
        return outcome;
    }
    outcome.stdout = run.out;
    outcome
}

struct Run {
    list: bool,
    write: bool,
    diff: bool,
    recursive: bool,
    out: Vec<u8>,
    reports: Vec<Report>,
    /// Work found by walking the paths, in output order.
    jobs: Vec<Job>,
}

/// One piece of work: a file to format, or a path that failed.
enum Job {
    File { path: PathBuf, shown: String },
    Fail(Report),
}

impl Run {
    fn fail(&mut self, name: &str, message: &str) {
        self.jobs.push(Job::Fail(Report::new(
            name,
            String::new(),
            vec![Problem::error("Cannot format", message)],
        )));
    }

    /// An empty run with the same settings, for one worker.
    fn worker(&self) -> Run {
        Run {
            list: self.list,
            write: self.write,
            diff: self.diff,
            recursive: self.recursive,
            out: Vec::new(),
            reports: Vec::new(),
            jobs: Vec::new(),
        }
    }

    /// Format the files found, on every core, and gather what they print in path order.
    fn run_jobs(&mut self) {
        let jobs = std::mem::take(&mut self.jobs);
        let runs = map_on_every_core(&jobs, |job| {
            let mut run = self.worker();
            match job {
                Job::File { path, shown } => run.file(path, shown),
                Job::Fail(report) => run.reports.push(report.clone()),
            }
            run
        });
        for run in runs {
            self.out.extend(run.out);
            self.reports.extend(run.reports);
        }
    }

    /// Print `text` as Terraform's UI does: with exactly one added final newline at most.
    fn print(&mut self, text: &[u8]) {
        self.out.extend_from_slice(text);
        if !text.ends_with(b"\n") {
            self.out.push(b'\n');
        }
    }

    fn path(&mut self, path: &Path) {
        let shown = path.display().to_string();
        match fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => match fs::canonicalize(path) {
                Ok(root) => self.dir(path, &root),
                Err(error) => self.fail(&shown, &format!("cannot read {shown}: {error}")),
            },
            Ok(_) => {
                let name = path.file_name().map(|name| name.to_string_lossy());
                if name.is_some_and(|name| is_formatted_file(&name)) {
                    self.jobs.push(Job::File {
                        path: path.to_path_buf(),
                        shown,
                    });
                } else {
                    self.fail(
                        &shown,
                        &format!("{shown}: only .tf, .tfvars, .tftest.hcl, .pkr.hcl and .pkrvars.hcl files can be formatted"),
                    );
                }
            }
            Err(_) => self.fail(&shown, &format!("no file or directory at {shown}")),
        }
    }

    /// A directory, in name order, subdirectories (with `-recursive`) where they fall.
    /// Symbolic links are followed only to files inside `root`, the tree given.
    fn dir(&mut self, dir: &Path, root: &Path) {
        let shown_dir = dir.display().to_string();
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(error) => {
                self.fail(
                    &shown_dir,
                    &format!("cannot read directory {shown_dir}: {error}"),
                );
                return;
            }
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|entry| entry.file_name());
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_ignored(&name) {
                continue;
            }
            let path = if dir == Path::new(".") {
                PathBuf::from(&name)
            } else {
                dir.join(&name)
            };
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if self.recursive {
                    self.dir(&path, root);
                }
            } else if is_formatted_file(&name) {
                if kind.is_symlink() {
                    let inside = fs::canonicalize(&path)
                        .is_ok_and(|target| target.starts_with(root) && target.is_file());
                    if !inside {
                        continue;
                    }
                }
                let shown = path.display().to_string();
                self.jobs.push(Job::File { path, shown });
            }
        }
    }

    fn file(&mut self, path: &Path, shown: &str) {
        match fs::read(path) {
            Ok(bytes) => self.file_bytes(shown, Some(path), bytes),
            Err(error) => self.fail_now(shown, &format!("cannot read {shown}: {error}")),
        }
    }

    /// A failure while formatting (not while walking).
    fn fail_now(&mut self, name: &str, message: &str) {
        self.reports.push(Report::new(
            name,
            String::new(),
            vec![Problem::error("Cannot format", message)],
        ));
    }

    fn file_bytes(&mut self, shown: &str, path: Option<&Path>, source: Vec<u8>) {
        let style = if shown.ends_with(".pkr.hcl") || shown.ends_with(".pkrvars.hcl") {
            FormatStyle::Packer
        } else {
            FormatStyle::Terraform
        };
        // Bytes that are not UTF-8 are kept where Terraform keeps them (comments, strings).
        let formatted = match terrace_syntax::format_bytes(&source, style) {
            Ok(formatted) => formatted,
            Err(errors) => {
                let source = String::from_utf8_lossy(&source).into_owned();
                let problems = errors.iter().map(Problem::from).collect();
                self.reports.push(Report::new(shown, source, problems));
                return;
            }
        };
        if formatted != source {
            if self.list {
                self.print(shown.as_bytes());
            }
            if self.write
                && let Some(path) = path
                && let Err(error) = write_atomically(path, &formatted)
            {
                self.fail_now(shown, &format!("cannot write {shown}: {error}"));
                return;
            }
            if self.diff {
                match unified_diff(&source, &formatted, shown) {
                    Ok(diff) => self.print(&diff),
                    Err(error) => {
                        self.fail_now(shown, &format!("cannot make a diff for {shown}: {error}"));
                        return;
                    }
                }
            }
        }
        if !self.list && !self.write && !self.diff {
            self.print(&formatted);
        }
    }
}

/// Replace the file behind `path` (the link's target, for a symbolic link) by `bytes`:
/// a temporary file in the same directory, with the same permissions, renamed over it.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let permissions = fs::metadata(&target)?.permissions();
    static N_WRITES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n_write = N_WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temp = dir.join(format!(
        ".{name}.terrace-fmt-{}-{n_write}",
        std::process::id()
    ));
    let result = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::set_permissions(&temp, permissions)?;
        fs::rename(&temp, &target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// `diff -u` between the two texts, labelled `old/NAME` and `new/NAME`, as Terraform prints it.
fn unified_diff(old: &[u8], new: &[u8], shown: &str) -> io::Result<Vec<u8>> {
    let dir = std::env::temp_dir();
    static N_DIFFS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n_diff = N_DIFFS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let stem = format!("terrace-fmt-{}-{n_diff}", std::process::id());
    let old_path = dir.join(format!("{stem}-old"));
    let new_path = dir.join(format!("{stem}-new"));
    fs::write(&old_path, old)?;
    fs::write(&new_path, new)?;
    let output = Command::new("diff")
        .arg(format!("--label=old/{shown}"))
        .arg(format!("--label=new/{shown}"))
        .arg("-u")
        .arg(&old_path)
        .arg(&new_path)
        .output();
    let _ = fs::remove_file(&old_path);
    let _ = fs::remove_file(&new_path);
    Ok(output?.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names() {
        assert!(is_formatted_file("main.tf"));
        assert!(is_formatted_file("a.auto.tfvars"));
        assert!(is_formatted_file("web.tftest.hcl"));
        assert!(is_formatted_file("image.pkr.hcl"));
        assert!(is_formatted_file("prod.pkrvars.hcl"));
        assert!(!is_formatted_file("main.tf.json"));
        assert!(!is_formatted_file("other.hcl"));
        assert!(is_ignored(".terraform") && is_ignored("a.tf~") && is_ignored("#a.tf#"));
    }

    #[test]
    fn stdin_prints_the_result_and_errors_exit_2() {
        let options = FmtOptions::default();
        let outcome = fmt_paths(&[PathBuf::from("-")], options, &mut "a=1".as_bytes());
        assert_eq!((outcome.status, outcome.stdout), (0, b"a = 1\n".to_vec()));
        let outcome = fmt_paths(&[PathBuf::from("-")], options, &mut "a = ".as_bytes());
        assert_eq!(outcome.status, 2);
        assert!(outcome.stdout.is_empty());
        assert_eq!(outcome.reports.len(), 1);
        let check = FmtOptions {
            check: true,
            ..options
        };
        let outcome = fmt_paths(&[PathBuf::from("-")], check, &mut "a=1\n".as_bytes());
        assert_eq!((outcome.status, outcome.stdout), (3, Vec::new()));
    }
}
