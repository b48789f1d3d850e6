//! Integration tests of the console: sessions driven in-process, the binary, and a pseudo-terminal.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

mod binary;
mod completion;
mod console_cases;
mod docs;
mod fmt;
mod hostile;
mod module;
mod packer;
#[cfg(unix)]
mod pty;
mod raw;
mod state;
mod transcript;
mod why;
