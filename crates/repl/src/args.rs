//! Command-line arguments: a hand-written parser (no clap, to keep start-up fast and dependencies few).

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

/// What the command line asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// What to do.
    pub mode: Mode,
    /// Expressions given with `-e`, evaluated in order.
    pub exprs: Vec<String>,
    /// Print values as JSON (`--json`).
    pub json: bool,
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
    /// Read the directory as a Packer template (`--packer`).
    pub packer: bool,
    /// Paths given to `check`.
    pub paths: Vec<PathBuf>,
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
    /// `--help`.
    Help,
    /// `--version`.
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

/// The text `terrace --help` prints.
pub const USAGE: &str = "\
terrace: the HCL2 expression language console (Terraform, OpenTofu, Packer)

Usage:
  terrace [OPTIONS]              interactive console (or read expressions from piped stdin)
  terrace [OPTIONS] -e EXPR      evaluate one expression and print it as `terraform console` does
  terrace check PATH...          report syntax errors in .tf, .tfvars and .hcl files and directories
                                 (Packer's .pkr.hcl and .pkrvars.hcl too)

Options:
  -e, --expr EXPR       evaluate EXPR (may be repeated); exit 1 if any fails
      --json            print values as JSON
      --dir DIR         module directory (default: the current directory); a Packer
                        template directory (.pkr.hcl, no .tf) or one .pkr.hcl file
      --packer          read the directory as a Packer template
      --var NAME=VALUE  set an input variable (may be repeated)
      --var-file FILE   read input variables from a .tfvars (.pkrvars.hcl) file (may be repeated)
      --history FILE    history file (default: $XDG_STATE_HOME/terrace/history)
      --no-history      keep no history
      --no-color        no colour (also when NO_COLOR is set or output is not a terminal)
  -h, --help            print this help
  -V, --version         print the version

Console commands: type :help in the console.
";

impl Args {
    /// Parse the arguments after the program name.
    pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Args, ArgsError> {
        let mut parsed = Args::default();
        let mut args = args.into_iter();
        let mut only_paths = false;
        let mut first = true;
        while let Some(arg) = args.next() {
            let arg = arg
                .into_string()
                .map_err(|arg| ArgsError(format!("argument is not valid UTF-8: {arg:?}")))?;
            let is_first = std::mem::replace(&mut first, false);
            if only_paths || (parsed.mode == Mode::Check && !arg.starts_with('-')) {
                parsed.paths.push(PathBuf::from(arg));
                continue;
            }
            if is_first && arg == "check" {
                parsed.mode = Mode::Check;
                continue;
            }
            let (name, inline_value) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
                _ => (arg.as_str(), None),
            };
            let mut value = |what: &str| -> Result<String, ArgsError> {
                if let Some(value) = inline_value.clone() {
                    return Ok(value);
                }
                match args.next() {
                    Some(value) => value.into_string().map_err(|value| {
                        ArgsError(format!("argument is not valid UTF-8: {value:?}"))
                    }),
                    None => Err(ArgsError(format!("`{name}` needs {what}"))),
                }
            };
            match name {
                "-e" | "--expr" => {
                    let expr = value("an expression")?;
                    parsed.exprs.push(expr);
                }
                "--json" => parsed.json = true,
                "--packer" => parsed.packer = true,
                "--no-color" | "--no-colour" => parsed.no_color = true,
                "--no-history" => parsed.no_history = true,
                "--history" => parsed.history = Some(PathBuf::from(value("a file")?)),
                "--dir" => parsed.dir = Some(PathBuf::from(value("a directory")?)),
                "--var" => {
                    let assignment = value("NAME=VALUE")?;
                    let Some((var_name, var_value)) = assignment.split_once('=') else {
                        return Err(ArgsError(format!(
                            "`--var` needs NAME=VALUE, found `{assignment}`"
                        )));
                    };
                    parsed
                        .vars
                        .push((var_name.trim().to_string(), var_value.to_string()));
                }
                "--var-file" => parsed.var_files.push(PathBuf::from(value("a file")?)),
                "-h" | "--help" => parsed.mode = Mode::Help,
                "-V" | "--version" => parsed.mode = Mode::Version,
                "--" if parsed.mode == Mode::Check => only_paths = true,
                _ if name.starts_with('-') && name.len() > 1 => {
                    return Err(ArgsError(format!(
                        "unknown option `{name}` (see `terrace --help`)"
                    )));
                }
                _ => {
                    return Err(ArgsError(format!(
                        "unexpected argument `{arg}` (to evaluate it, use `terrace -e '{arg}'`)"
                    )));
                }
            }
            // Help and version win over everything else.
            if matches!(parsed.mode, Mode::Help | Mode::Version) {
                return Ok(parsed);
            }
        }
        if parsed.mode == Mode::Check && parsed.paths.is_empty() {
            parsed.paths.push(PathBuf::from("."));
        }
        Ok(parsed)
    }
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
    fn errors_name_the_problem() {
        assert_eq!(
            parse(&["-e"]).unwrap_err().to_string(),
            "`-e` needs an expression"
        );
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
    }
}
