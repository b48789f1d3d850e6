//! terrace-eval: scopes, expression evaluation and the Terraform function library.
//!
//! Not for: printing or colour (`terrace-repl`), parsing (`terrace-syntax`).

pub mod functions;
