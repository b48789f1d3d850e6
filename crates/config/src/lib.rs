//! terrace-config: configuration directories — Terraform modules (with their
//! variables, locals, resources, module calls and outputs) and Packer templates —
//! loaded and evaluated into the scope console expressions run in, and the Terraform
//! state they were applied to (`state`, read only).
//!
//! Not for: parsing (`terrace-syntax`), values and types (`terrace-types`),
//! evaluating one expression or the function library (`terrace-eval`),
//! printing or colour (`terrace-repl`).
//!
//! Load a module and evaluate an expression in it:
//!
//! ```no_run
//! use std::path::Path;
//! use terrace_config::module::{LoadOptions, load_module};
//!
//! let module = load_module(Path::new("."), &LoadOptions::from_process_env());
//! let value = terrace_eval::eval_str("var.region", module.scope());
//! # let _ = value;
//! ```

#![warn(missing_docs)]

pub mod module;
pub mod packer;
pub mod state;
