//! The `terrace` binary: parses the command line and hands over to [`terrace_repl::run`].

#![allow(clippy::print_stderr)]

use std::process::ExitCode;

fn main() -> ExitCode {
    match terrace_repl::Args::parse(std::env::args_os().skip(1)) {
        Ok(args) => terrace_repl::run(args),
        Err(error) => {
            eprintln!("terrace: {error}");
            ExitCode::from(2)
        }
    }
}
