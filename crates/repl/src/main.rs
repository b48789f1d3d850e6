//! The `terrace` binary: parses the command line and hands over to [`terrace_repl::run`].

#![allow(clippy::print_stderr)]

use std::process::ExitCode;

/// The binary allocates through mimalloc: a console evaluation makes and drops many small
/// values, and the whole process spends less time in page faults and frees with it than with
/// the system allocator (`cargo bench -p terrace-eval --bench eval`, column `terrace -e`).
/// The library crates leave the choice of allocator to the program that uses them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match terrace_repl::Args::parse(std::env::args_os().skip(1)) {
        Ok(args) => terrace_repl::run(args),
        Err(error) => {
            eprintln!("terrace: {error}");
            ExitCode::from(2)
        }
    }
}
