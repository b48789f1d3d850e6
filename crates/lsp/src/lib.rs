//! terrace-lsp: `terrace lsp`, a language server for Terraform, OpenTofu and Packer
//! configurations that evaluates them: hover shows what an expression really is.
//!
//! Built on the protocol crates rust-analyzer uses (`lsp-server`, `lsp-types`). The editor's
//! unsaved texts shadow the files on disk (`terrace_config`'s overlay); the configuration
//! is loaded and evaluated with the same loader as the console, off the protocol thread.
//!
//! ```no_run
//! // The `terrace lsp` subcommand is this call.
//! std::process::exit(terrace_lsp::run_stdio());
//! ```
//!
//! Not for: language semantics (syntax, eval and config crates), printing to a terminal.

pub mod analysis;
pub mod completion;
pub mod cursor;
pub mod declarations;
pub mod definition;
pub mod diagnostics;
pub mod documents;
pub mod formatting;
pub mod hover;
pub mod inlay;
pub mod named;
pub mod position;
pub mod range_format;
pub mod references;
pub mod server;
pub mod settings;
pub mod symbols;
pub mod uri;

pub use server::{capabilities, run, run_stdio};
