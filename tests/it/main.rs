//! Workspace-level integration tests.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

mod conformance;
mod file_imports;
mod fuzz_regressions;
