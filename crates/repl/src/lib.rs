//! terrace-repl: the `terrace` console — interactive, `-e EXPR`, piped stdin — and the `check`, `fmt`,
//! `completions` and `man` subcommands.
//!
//! Not for: language semantics (parsing is `terrace-syntax`, evaluation and
//! functions are `terrace-eval`, values and their printing are `terrace-types`).
//! This crate only reads input, asks those crates, and prints.
//!
//! ```
//! use terrace_repl::{Reply, Session};
//!
//! # fn main() -> Result<(), terrace_repl::Report> {
//! let mut session = Session::standalone();
//! let reply = session.run(r#"[for s in ["a"] : upper(s)]"#)?;
//! assert_eq!(reply, Reply::Value("[\n  \"A\",\n]".to_string()));
//! assert_eq!(session.run(":type {n = 1}")?, Reply::Type("object({\n    n: number,\n})".to_string()));
//! # Ok(())
//! # }
//! ```

#![allow(clippy::print_stdout, clippy::print_stderr)]
// Diagnostics are rare and user-facing: their size on the error path does not matter.
#![allow(clippy::result_large_err)]

mod args;
#[cfg(feature = "cli")]
mod batch;
mod check;
mod commands;
#[cfg(feature = "cli")]
mod console;
mod consolidate;
mod diagnostics;
mod engine;
mod fmt;
#[cfg(feature = "cli")]
mod helper;
#[cfg(feature = "cli")]
mod highlight;
mod history;
mod input;
mod on_every_core;
#[cfg(feature = "cli")]
mod output;
mod session;
mod theme;

#[cfg(feature = "cli")]
use std::io::IsTerminal as _;
#[cfg(feature = "cli")]
use std::process::ExitCode;

pub use args::{Args, ArgsError, FmtOptions, Mode, usage};
pub use check::{CheckSummary, check_paths, is_checked_file};
pub use diagnostics::{Problem, Report};
pub use engine::Context;
pub use fmt::{FmtOutcome, fmt_paths, is_formatted_file};
#[cfg(feature = "cli")]
pub use helper::complete;
pub use history::History;
pub use input::{Chunk, needs_more, split_inputs};
pub use session::{OutputFormat, Reply, Session};
pub use theme::{Class, Theme};

/// Run `terrace` with its command line (the arguments after the program name), exactly as
/// the `terrace` binary does, and return its exit status: an argument clap refuses is
/// reported on stderr with status 2. The Python package's `terrace` command calls this.
///
/// ```
/// let status = terrace_repl::run_command_line(["-e", "1 + 1"].map(std::ffi::OsString::from));
/// assert_eq!(status, 0);
/// ```
#[cfg(feature = "cli")]
pub fn run_command_line(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    match Args::parse(args) {
        Ok(args) => run_status(args),
        Err(error) => {
            eprintln!("terrace: {error}");
            2
        }
    }
}

/// Run `terrace` with parsed arguments; the exit code is 0 on success, 1 when an
/// input or a checked file had an error (`fmt`: 2 and 3, as `terraform fmt`).
#[cfg(feature = "cli")]
pub fn run(args: Args) -> ExitCode {
    ExitCode::from(run_status(args))
}

/// [`run`], with the exit status as a number.
#[cfg(feature = "cli")]
fn run_status(args: Args) -> u8 {
    let no_color = args.no_color || std::env::var_os("NO_COLOR").is_some();
    // Values are coloured only in the interactive console: `-e` and piped input
    // print exactly what `terraform console` prints, even on a terminal.
    let interactive =
        args.mode == Mode::Console && args.exprs.is_empty() && std::io::stdin().is_terminal();
    let out_theme = Theme::new(!no_color && interactive && std::io::stdout().is_terminal());
    let err_theme = Theme::new(!no_color && std::io::stderr().is_terminal());
    let printer = output::Printer::new(out_theme, err_theme);
    let ok = match args.mode {
        Mode::Help | Mode::Version => {
            print!("{}", args.text);
            true
        }
        Mode::Completions => {
            // Made in memory first: clap_complete panics when it cannot write (`| head`).
            let mut script = Vec::new();
            if let Some(shell) = args.shell {
                let mut command = args::command();
                clap_complete::generate(shell, &mut command, "terrace", &mut script);
            }
            write_stdout(&script)
        }
        Mode::Man => {
            let mut page = Vec::new();
            clap_mangen::Man::new(args::command())
                .render(&mut page)
                .is_ok()
                && write_stdout(&page)
        }
        Mode::Fmt => {
            let outcome = fmt_paths(&args.paths, args.fmt, &mut std::io::stdin().lock());
            {
                use std::io::Write as _;
                let mut stdout = std::io::stdout().lock();
                if stdout
                    .write_all(&outcome.stdout)
                    .and_then(|()| stdout.flush())
                    .is_err()
                {
                    return 2;
                }
            }
            for report in &outcome.reports {
                printer.report(report);
            }
            return outcome.status;
        }
        Mode::Check => {
            let summary = check_paths(&args.paths);
            for report in &summary.reports {
                printer.report(report);
            }
            if summary.n_errors > 0 {
                printer.error_line(&format!(
                    "{} error{} in {} file{} ({} checked)",
                    summary.n_errors,
                    if summary.n_errors == 1 { "" } else { "s" },
                    summary.reports.len(),
                    if summary.reports.len() == 1 { "" } else { "s" },
                    summary.n_files,
                ));
            }
            summary.n_errors == 0
        }
        Mode::Console => {
            let context = Context {
                dir: args
                    .dir
                    .clone()
                    .unwrap_or_else(|| std::path::PathBuf::from(".")),
                vars: args.vars.clone(),
                var_files: args.var_files.clone(),
                var_order: args.var_order.clone(),
                env: Vec::new(),
                packer: args.packer,
                state: args.state.clone(),
                workspace: args.workspace.clone(),
                schemas: args.schemas.clone(),
                backend_config: args.backend_config.clone(),
                language: args.language,
                files: None,
            };
            let format = if args.raw {
                OutputFormat::Raw
            } else if args.json {
                OutputFormat::Json
            } else {
                OutputFormat::Console
            };
            if let Some(dir) = &args.dir
                && !dir.is_dir()
                && !engine::is_template_file(dir)
            {
                printer.error_line(&format!("--dir {}: not a directory", dir.display()));
                return 1;
            }
            // Interactively, Ctrl-C while a remote backend's state is fetched cancels the
            // fetch and the console starts without it.
            #[cfg(unix)]
            let mut session = if interactive && args.exprs.is_empty() {
                let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                match signal_hook::flag::register(
                    signal_hook::consts::SIGINT,
                    std::sync::Arc::clone(&flag),
                ) {
                    Ok(_) => Session::with_interrupt(context, format, flag),
                    Err(_) => Session::new(context, format),
                }
            } else {
                Session::new(context, format)
            };
            #[cfg(not(unix))]
            let mut session = Session::new(context, format);
            for report in session.module_reports() {
                printer.report(&report);
            }
            if session.has_configuration_errors() && !interactive {
                // As `terraform console`: a configuration that does not load
                // evaluates nothing. The interactive console goes on, so the
                // files can be fixed and loaded again with `:load`.
                return 1;
            }
            if !args.exprs.is_empty() {
                batch::run_exprs(&mut session, &args.exprs, &printer)
            } else if interactive {
                let history = if args.no_history {
                    History::new(None)
                } else {
                    History::new(args.history.clone().or_else(History::default_path))
                };
                if session.language_name() == "OpenTofu" {
                    // Terraform's language is the default: say when another is in force.
                    printer.error_line(
                        "terrace: OpenTofu's language (--terraform for Terraform's); :help for the commands",
                    );
                }
                console::run(session, &history, &printer)
            } else {
                batch::run_stdin(&mut session, &printer)
            }
        }
    };
    if ok { 0 } else { 1 }
}

/// Writes `bytes` to standard output; false when it cannot (a closed pipe: `| head`).
#[cfg(feature = "cli")]
fn write_stdout(bytes: &[u8]) -> bool {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .is_ok()
}
