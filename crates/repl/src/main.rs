//! The `terrace` binary: parses the command line and hands over to
//! [`terrace_repl::run_command_line`].

use std::process::ExitCode;

/// The binary allocates through mimalloc: a console evaluation makes and drops many small
/// values, and the whole process spends less time in page faults and frees with it than with
/// the system allocator (`cargo bench -p terrace-eval --bench eval`, column `terrace -e`).
/// The library crates leave the choice of allocator to the program that uses them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(terrace_repl::run_command_line(std::env::args_os().skip(1)))
}
