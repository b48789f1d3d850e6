//! Integration tests of terrace-eval: the evaluator, scopes, templates and the
//! data-driven conformance files.
#![allow(clippy::unwrap_used, clippy::print_stderr)]

mod conformance;
mod deep;
mod diagnostics;
mod expressions;
mod file_errors;
mod function_data;
mod limits;
mod opentofu;
mod references;
mod support;
mod templates;
mod unknowns;
