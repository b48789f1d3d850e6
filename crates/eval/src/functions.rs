//! The function table the evaluator is handed: Terraform's library from `terrace-functions`, under its old path `terrace_eval::functions`, and the built-in provider's functions (`provider::terraform::*`), which need the evaluator.
//!
//! New code can depend on `terrace-functions` directly; these re-exports keep the paths that
//! callers of terrace-eval already use.
//!
//! The evaluator reads files through its [`CallContext`]'s `files`: here `templatefile`
//! renders a template held in memory only.
//!
//! ```
//! use std::sync::Arc;
//! use terrace_eval::functions::{CallContext, Overlay};
//! use terrace_eval::{Evaluator, Scope};
//!
//! let files = Overlay::in_memory().with("m/greeting.tftpl", "Hello, ${name}!");
//! let evaluator = Evaluator::new().with_context(CallContext {
//!     base_dir: "m".into(),
//!     files: Arc::new(files),
//!     ..CallContext::default()
//! });
//! let expr = terrace_syntax::parse_expr(r#"templatefile("greeting.tftpl", { name = "you" })"#)?;
//! let value = evaluator.eval(&expr, &Scope::new()).map_err(|e| format!("{e:?}"))?;
//! assert_eq!(value.as_str(), Some("Hello, you!"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::terraform_provider::add_terraform_provider;
pub use terrace_functions::*;
