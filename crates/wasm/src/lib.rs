//! terrace-wasm: terrace's console for JavaScript — `evaluate`, `typeOf`, `toJson`, `format` and
//! `Module` — compiled to WebAssembly with wasm-bindgen (`web/build.sh` makes the npm package).
//!
//! Not for: language semantics or rendering, which are the console's (`terrace-repl` without its
//! terminal): every answer here is what `terrace -e`, `:type`, `--json -e` or `terrace fmt -`
//! prints, and every thrown error's message is what they print on standard error, without colour.
//!
//! The same functions build natively, so `cargo test -p terrace-wasm` checks them:
//!
//! ```
//! assert_eq!(terrace_wasm::evaluate_text("upper(\"a\")"), Ok("\"A\"".to_string()));
//! assert_eq!(terrace_wasm::type_text("[1]"), Ok("tuple([\n    number,\n])".to_string()));
//! assert_eq!(terrace_wasm::format_text("a=1\n"), Ok("a = 1\n".to_string()));
//! ```

mod bindings;
mod clock;
mod expression;
mod format;
mod module;

pub use bindings::{Module, evaluate, format, to_json, type_of, version};
pub use expression::{evaluate_text, json_text, type_text};
pub use format::format_text;
pub use module::InMemoryModule;
