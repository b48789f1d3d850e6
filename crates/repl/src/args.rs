//! Command-line arguments: a clap (derive) definition, turned into [`Args`].
//!
//! `terrace fmt` also takes `terraform fmt`'s single-dash long flags (`-check`, `-recursive`,
//! `-list=false`): they are rewritten to their double-dash form before clap sees them.

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory as _, Parser, Subcommand};

/// What the command line asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// What to do.
    pub mode: Mode,
    /// Expressions given with `-e`, evaluated in order.
    pub exprs: Vec<String>,
    /// Print values as JSON (`--json`).
    pub json: bool,
    /// Print values raw, for scripts (`-r`, `--raw`).
    pub raw: bool,
    /// Never colour (`--no-color`).
    pub no_color: bool,
    /// The history file (`--history FILE`); `None` for the default place.
    pub history: Option<PathBuf>,
    /// Keep no history (`--no-history`).
    pub no_history: bool,
    /// The module directory (`--dir DIR`); `None` for the current directory.
    pub dir: Option<PathBuf>,
    /// `--var NAME=VALUE` assignments, in order.
    pub vars: Vec<(String, String)>,
    /// `--var-file FILE` files, in order.
    pub var_files: Vec<PathBuf>,
    /// For each of `vars`, how many of `var_files` come before it on the command line
    /// (Terraform applies both in command-line order).
    pub var_order: Vec<usize>,
    /// Read the directory as a Packer template (`--packer`).
    pub packer: bool,
    /// `--state FILE`: the state to read (what `terraform state pull` writes).
    pub state: Option<PathBuf>,
    /// `--workspace NAME`: the workspace whose state is read.
    pub workspace: Option<String>,
    /// `--schemas FILE`: provider schemas that type the state's resources.
    pub schemas: Option<PathBuf>,
    /// `--backend-config KEY=VALUE` or `FILE` items, in order.
    pub backend_config: Vec<String>,
    /// `--tofu` (OpenTofu's language) or `--terraform`; `None` to choose by the files.
    pub language: Option<terrace_config::module::Language>,
    /// Paths given to `check` or `fmt`.
    pub paths: Vec<PathBuf>,
    /// `fmt`'s options.
    pub fmt: FmtOptions,
    /// The shell `completions` writes a script for.
    pub shell: Option<clap_complete::Shell>,
    /// The text `--help` or `--version` prints.
    pub text: String,
}

/// `terrace fmt`'s options, as `terraform fmt`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FmtOptions {
    /// List files whose formatting differs (`-list=false` turns it off).
    pub list: bool,
    /// Write the formatted text back (`-write=false` turns it off).
    pub write: bool,
    /// Print a unified diff of each change.
    pub diff: bool,
    /// Only check: exit 3 when some input is not formatted; write nothing.
    pub check: bool,
    /// Walk subdirectories too.
    pub recursive: bool,
}

impl Default for FmtOptions {
    fn default() -> Self {
        FmtOptions {
            list: true,
            write: true,
            diff: false,
            check: false,
            recursive: false,
        }
    }
}

/// The mode of operation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The console: interactive on a terminal, reading expressions from stdin otherwise
    /// (or evaluating `-e` expressions).
    #[default]
    Console,
    /// `terrace check PATH...`.
    Check,
    /// `terrace fmt [PATH...]`.
    Fmt,
    /// `terrace completions SHELL`.
    Completions,
    /// `terrace man`: the manual page.
    Man,
    /// `--help` (the text is in [`Args::text`]).
    Help,
    /// `--version` (the text is in [`Args::text`]).
    Version,
}

/// A command line that cannot be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgsError(String);

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArgsError {}

/// What `-V` and `--version` print after the name: terrace's version and the versions of
/// the languages it follows.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (the languages of Terraform 1.15.5, OpenTofu 1.12 with --tofu or .tofu files, and Packer)"
);

/// The HCL2 expression language console (Terraform, OpenTofu, Packer).
///
/// With no subcommand: the interactive console (or expressions read from piped stdin,
/// or evaluated with -e), printing exactly what `terraform console` prints.
#[derive(Parser, Debug)]
#[command(
    name = "terrace",
    version = VERSION,
    long_version = VERSION,
    after_help = "Console commands: type :help in the console."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Evaluate EXPR (may be repeated); exit 1 if any fails.
    #[arg(
        short = 'e',
        long = "expr",
        value_name = "EXPR",
        allow_hyphen_values = true
    )]
    exprs: Vec<String>,
    /// Print values as JSON.
    #[arg(long, conflicts_with = "raw")]
    json: bool,
    /// Print values for scripts: strings bare (no quotes or escapes), numbers and
    /// bools as text, null as an empty line, collections as compact JSON; an
    /// unknown or sensitive value is an error (exit 1).
    #[arg(short = 'r', long)]
    raw: bool,
    /// Module directory (default: the current directory); a Packer template
    /// directory (.pkr.hcl, no .tf) or one .pkr.hcl file.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Read the directory as a Packer template.
    #[arg(long)]
    packer: bool,
    /// Set an input variable (may be repeated).
    #[arg(long = "var", value_name = "NAME=VALUE", value_parser = parse_var)]
    vars: Vec<(String, String)>,
    /// Read input variables from a .tfvars (.pkrvars.hcl) file (may be repeated).
    #[arg(long = "var-file", value_name = "FILE")]
    var_files: Vec<PathBuf>,
    /// Read this state file instead of the workspace's (e.g. what
    /// `terraform state pull > state.json` writes for a remote backend).
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// The workspace whose state is read (over TF_WORKSPACE and
    /// .terraform/environment); sets terraform.workspace.
    #[arg(long, value_name = "NAME")]
    workspace: Option<String>,
    /// Provider schemas (`terraform providers schema -json > schemas.json`)
    /// that type resources in the state.
    #[arg(long, value_name = "FILE")]
    schemas: Option<PathBuf>,
    /// A remote backend setting, KEY=VALUE, or a file of them (may be
    /// repeated; as `terraform init -backend-config`, a later one wins).
    #[arg(long = "backend-config", value_name = "KEY=VALUE|FILE")]
    backend_config: Vec<String>,
    /// OpenTofu's language: its .tofu files, functions and early evaluation
    /// (chosen by default when the directory has .tofu files).
    #[arg(long, conflicts_with = "terraform")]
    tofu: bool,
    /// Terraform's language even where there are .tofu files.
    #[arg(long)]
    terraform: bool,
    /// History file (default: $XDG_STATE_HOME/terrace/history).
    #[arg(long, value_name = "FILE")]
    history: Option<PathBuf>,
    /// Keep no history.
    #[arg(long)]
    no_history: bool,
    /// No colour (also when NO_COLOR is set or output is not a terminal).
    #[arg(long, alias = "no-colour", global = true)]
    no_color: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Report syntax errors in .tf, .tfvars and .hcl files and directories
    /// (Packer's .pkr.hcl and .pkrvars.hcl too).
    Check {
        /// Files and directories (default: the current directory).
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Rewrite configuration files in the canonical format, byte for byte as
    /// `terraform fmt` does (.tf, .tfvars, .tftest.hcl, .pkr.hcl, .pkrvars.hcl).
    ///
    /// Exit status: 0 done, 2 on a syntax error or an unreadable path, 3 with
    /// -check when some input is not formatted. Terraform's single-dash flags
    /// (-check, -recursive, -list=false) are accepted too.
    Fmt {
        /// List files whose formatting differs (always off for stdin).
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", default_value = "true", action = clap::ArgAction::Set)]
        list: bool,
        /// Write the result to the source files (always off for stdin or -check).
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", default_value = "true", action = clap::ArgAction::Set)]
        write: bool,
        /// Print a unified diff of the changes.
        #[arg(long)]
        diff: bool,
        /// Only check: exit 3 if any input is not formatted.
        #[arg(long)]
        check: bool,
        /// Also process files in subdirectories.
        #[arg(long)]
        recursive: bool,
        /// Files and directories (default: the current directory); `-` reads
        /// standard input and prints to standard output.
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page, terrace.1 (roff; `terrace man | man -l -` shows it).
    Man,
}

fn parse_var(assignment: &str) -> Result<(String, String), String> {
    match assignment.split_once('=') {
        Some((name, value)) => Ok((name.trim().to_string(), value.to_string())),
        None => Err(format!("`--var` needs NAME=VALUE, found `{assignment}`")),
    }
}

/// `fmt`'s flags that Terraform spells with one dash.
const TERRAFORM_FMT_FLAGS: [&str; 6] = ["list", "write", "diff", "check", "recursive", "no-color"];

/// Rewrite `-check` to `--check` (and so on) in `fmt`'s arguments.
fn terraform_style(args: Vec<OsString>) -> Vec<OsString> {
    let Some(fmt_at) = args.iter().position(|arg| arg == "fmt") else {
        return args;
    };
    if args[..fmt_at]
        .iter()
        .any(|arg| !arg.to_string_lossy().starts_with('-'))
    {
        return args;
    }
    args.into_iter()
        .enumerate()
        .map(|(idx, arg)| {
            let Some(text) = arg.to_str() else { return arg };
            let single = idx > fmt_at
                && text.starts_with('-')
                && !text.starts_with("--")
                && TERRAFORM_FMT_FLAGS
                    .iter()
                    .any(|flag| text[1..].split('=').next() == Some(*flag));
            if single {
                OsString::from(format!("-{text}"))
            } else {
                arg
            }
        })
        .collect()
}

/// The help text of `terrace` (as `--help` prints it).
///
/// ```
/// assert!(terrace_repl::usage().contains("fmt"));
/// ```
pub fn usage() -> String {
    Cli::command().render_long_help().to_string()
}

/// The clap command, for shell completions and the manual page.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) fn command() -> clap::Command {
    Cli::command()
}

impl Args {
    /// Parse the arguments after the program name.
    ///
    /// ```
    /// use terrace_repl::{Args, Mode};
    ///
    /// let args = Args::parse(["fmt", "-check", "-recursive"].map(std::ffi::OsString::from));
    /// assert!(args.is_ok_and(|args| args.mode == Mode::Fmt && args.fmt.check && args.fmt.recursive));
    /// ```
    pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Args, ArgsError> {
        let mut argv = vec![OsString::from("terrace")];
        argv.extend(terraform_style(args.into_iter().collect()));
        let matches = match Cli::command().try_get_matches_from(argv) {
            Ok(matches) => matches,
            Err(error) => return help_or_error(error),
        };
        let cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
            Ok(cli) => cli,
            Err(error) => return help_or_error(error),
        };
        let file_at: Vec<usize> = matches
            .indices_of("var_files")
            .map(Iterator::collect)
            .unwrap_or_default();
        let var_order: Vec<usize> = matches
            .indices_of("vars")
            .map(|at| {
                at.map(|var_at| file_at.iter().filter(|&&f| f < var_at).count())
                    .collect()
            })
            .unwrap_or_default();
        let mut parsed = Args {
            exprs: cli.exprs,
            json: cli.json,
            raw: cli.raw,
            no_color: cli.no_color,
            history: cli.history,
            no_history: cli.no_history,
            dir: cli.dir,
            vars: cli.vars,
            var_files: cli.var_files,
            var_order,
            packer: cli.packer,
            state: cli.state,
            workspace: cli.workspace,
            schemas: cli.schemas,
            backend_config: cli.backend_config,
            language: if cli.tofu {
                Some(terrace_config::module::Language::OpenTofu)
            } else if cli.terraform {
                Some(terrace_config::module::Language::Terraform)
            } else {
                None
            },
            ..Args::default()
        };
        match cli.command {
            None => {}
            Some(Command::Check { paths }) => {
                parsed.mode = Mode::Check;
                parsed.paths = paths;
                if parsed.paths.is_empty() {
                    parsed.paths.push(PathBuf::from("."));
                }
            }
            Some(Command::Fmt {
                list,
                write,
                diff,
                check,
                recursive,
                paths,
            }) => {
                parsed.mode = Mode::Fmt;
                parsed.paths = paths;
                parsed.fmt = FmtOptions {
                    list,
                    write,
                    diff,
                    check,
                    recursive,
                };
            }
            Some(Command::Completions { shell }) => {
                parsed.mode = Mode::Completions;
                parsed.shell = Some(shell);
            }
            Some(Command::Man) => parsed.mode = Mode::Man,
        }
        Ok(parsed)
    }
}

/// `--help` and `--version` are clap "errors"; the rest are real ones, in our words where
/// an existing message says it better.
fn help_or_error(error: clap::Error) -> Result<Args, ArgsError> {
    let mode = match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Mode::Help,
        ErrorKind::DisplayVersion => Mode::Version,
        ErrorKind::UnknownArgument => {
            let arg = match error.get(ContextKind::InvalidArg) {
                Some(ContextValue::String(arg)) => arg.clone(),
                _ => String::new(),
            };
            if arg.starts_with('-') && arg.len() > 1 {
                return Err(ArgsError(format!(
                    "unknown option `{arg}` (see `terrace --help`)"
                )));
            }
            return Err(ArgsError(format!(
                "unexpected argument `{arg}` (to evaluate it, use `terrace -e '{arg}'`)"
            )));
        }
        ErrorKind::InvalidSubcommand => {
            let arg = match error.get(ContextKind::InvalidSubcommand) {
                Some(ContextValue::String(arg)) => arg.clone(),
                _ => String::new(),
            };
            return Err(ArgsError(format!(
                "unexpected argument `{arg}` (to evaluate it, use `terrace -e '{arg}'`)"
            )));
        }
        _ => {
            let text = error.render().to_string();
            let text = text.trim_end().trim_start_matches("error: ");
            return Err(ArgsError(text.to_string()));
        }
    };
    Ok(Args {
        mode,
        text: error.render().to_string(),
        ..Args::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, ArgsError> {
        Args::parse(args.iter().map(OsString::from))
    }

    #[test]
    fn expressions_and_flags() {
        let args = parse(&["-e", "1 + 1", "--json", "--var", "a=b=c", "--dir=x"]).unwrap();
        assert_eq!(args.mode, Mode::Console);
        assert_eq!(args.exprs, ["1 + 1"]);
        assert!(args.json);
        assert_eq!(args.vars, [("a".to_string(), "b=c".to_string())]);
        assert_eq!(args.dir, Some(PathBuf::from("x")));
    }

    #[test]
    fn check_takes_paths() {
        let args = parse(&["check", "a.tf", "dir"]).unwrap();
        assert_eq!(args.mode, Mode::Check);
        assert_eq!(args.paths, [PathBuf::from("a.tf"), PathBuf::from("dir")]);
        assert_eq!(parse(&["check"]).unwrap().paths, [PathBuf::from(".")]);
    }

    #[test]
    fn fmt_takes_terraform_flags() {
        let args = parse(&["fmt", "-check", "-recursive", "-list=false", "a"]).unwrap();
        assert_eq!(args.mode, Mode::Fmt);
        assert!(args.fmt.check && args.fmt.recursive && !args.fmt.list && args.fmt.write);
        assert_eq!(args.paths, [PathBuf::from("a")]);
        let args = parse(&["fmt", "--write=false", "--diff", "-"]).unwrap();
        assert!(!args.fmt.write && args.fmt.diff && args.fmt.list);
        assert_eq!(args.paths, [PathBuf::from("-")]);
        assert!(parse(&["fmt", "-frob"]).is_err());
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(parse(&["-e"]).unwrap_err().to_string().contains("EXPR"));
        assert_eq!(
            parse(&["--frob"]).unwrap_err().to_string(),
            "unknown option `--frob` (see `terrace --help`)"
        );
        assert_eq!(
            parse(&["-x", "--help"]).unwrap_err().to_string(),
            "unknown option `-x` (see `terrace --help`)"
        );
        assert_eq!(parse(&["--help", "-x"]).unwrap().mode, Mode::Help);
        assert_eq!(parse(&["--version"]).unwrap().mode, Mode::Version);
        assert!(parse(&["--var", "novalue"]).is_err());
    }

    #[test]
    fn raw_flag_and_the_order_of_var_and_var_file() {
        let args = parse(&[
            "-r",
            "--var-file",
            "a.tfvars",
            "--var",
            "x=1",
            "--var-file=b.tfvars",
            "--var",
            "y=2",
        ])
        .unwrap();
        assert!(args.raw);
        assert_eq!(args.var_order, [1, 2]);
        let args = parse(&["--var", "x=1", "--raw"]).unwrap();
        assert!(args.raw);
        assert_eq!(args.var_order, [0]);
    }
}
