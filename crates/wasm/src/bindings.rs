//! The JavaScript API: wasm-bindgen's exports `evaluate`, `typeOf`, `toJson`, `format`, `version` and the `Module` class.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsError, JsValue};

use crate::expression::{evaluate_text, json_text, type_text};
use crate::format::format_text;
use crate::module::InMemoryModule;

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
