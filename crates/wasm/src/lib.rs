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

mod clock;
mod expression;
mod format;

pub use expression::{evaluate_text, json_text, type_text};
pub use format::format_text;

use wasm_bindgen::JsError;
use wasm_bindgen::prelude::wasm_bindgen;

/// `terrace -e EXPR`: the value as the console prints it (no final newline). Throws an
/// `Error` whose message is the diagnostic `terrace -e` prints on standard error.
#[wasm_bindgen]
pub fn evaluate(expr: &str) -> Result<String, JsError> {
    evaluate_text(expr).map_err(|message| JsError::new(&message))
}

/// `:type EXPR`: the type of the expression's value, as the console prints it.
#[wasm_bindgen(js_name = typeOf)]
pub fn type_of(expr: &str) -> Result<String, JsError> {
    type_text(expr).map_err(|message| JsError::new(&message))
}

/// `terrace --json -e EXPR`: the value as JSON text.
#[wasm_bindgen(js_name = toJson)]
pub fn to_json(expr: &str) -> Result<String, JsError> {
    json_text(expr).map_err(|message| JsError::new(&message))
}

/// `terrace fmt -`: the source formatted as `terraform fmt` formats it (ending with one
/// newline). Throws an `Error` with the syntax errors when the source does not parse.
#[wasm_bindgen]
pub fn format(src: &str) -> Result<String, JsError> {
    format_text(src).map_err(|message| JsError::new(&message))
}

/// terrace's version, and the Terraform version whose console it answers as.
#[wasm_bindgen]
pub fn version() -> String {
    format!(
        "terrace {} (Terraform 1.15.5's language)",
        env!("CARGO_PKG_VERSION")
    )
}
