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
mod module;

pub use expression::{evaluate_text, json_text, type_text};
pub use format::format_text;
pub use module::InMemoryModule;

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsError, JsValue};

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

/// A module made of in-memory files (`new Module({"main.tf": "...", ...})`), loaded as
/// `terrace -e` loads its directory; `file()` and `templatefile()` read these files.
#[wasm_bindgen]
pub struct Module {
    inner: InMemoryModule,
}

#[wasm_bindgen]
impl Module {
    /// Load the module from an object of file names (relative paths such as `main.tf` or
    /// `modules/net/main.tf`) and their text. Throws a `TypeError` when a value is not a
    /// string.
    #[wasm_bindgen(constructor)]
    pub fn new(files: &js_sys::Object) -> Result<Module, JsValue> {
        let mut texts = Vec::new();
        for entry in js_sys::Object::entries(files).iter() {
            let pair = js_sys::Array::from(&entry);
            let name = pair.get(0).as_string().unwrap_or_default();
            let Some(text) = pair.get(1).as_string() else {
                let message = format!("Module: the contents of {name:?} is not a string");
                return Err(js_sys::TypeError::new(&message).into());
            };
            texts.push((name, text));
        }
        Ok(Module {
            inner: InMemoryModule::new(texts),
        })
    }

    /// `terrace -e EXPR` in the module's directory. Throws an `Error` with the diagnostic
    /// (the loading diagnostics when the module has errors).
    pub fn evaluate(&mut self, expr: &str) -> Result<String, JsError> {
        self.inner
            .evaluate_text(expr)
            .map_err(|message| JsError::new(&message))
    }

    /// `:type EXPR` in the module's directory.
    #[wasm_bindgen(js_name = typeOf)]
    pub fn type_of(&mut self, expr: &str) -> Result<String, JsError> {
        self.inner
            .type_text(expr)
            .map_err(|message| JsError::new(&message))
    }

    /// `terrace --json -e EXPR` in the module's directory.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&mut self, expr: &str) -> Result<String, JsError> {
        self.inner
            .json_text(expr)
            .map_err(|message| JsError::new(&message))
    }

    /// Loading's errors and warnings as the console prints them ("" when none).
    #[wasm_bindgen(getter)]
    pub fn diagnostics(&self) -> String {
        self.inner.diagnostics_text()
    }

    /// True when loading found errors (the module then evaluates nothing).
    #[wasm_bindgen(getter, js_name = hasErrors)]
    pub fn has_errors(&self) -> bool {
        self.inner.has_errors()
    }
}

/// terrace's version, and the Terraform version whose console it answers as.
#[wasm_bindgen]
pub fn version() -> String {
    format!(
        "terrace {} (Terraform 1.15.5's language)",
        env!("CARGO_PKG_VERSION")
    )
}
