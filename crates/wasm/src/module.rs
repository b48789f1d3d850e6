//! `Module`: a configuration made of in-memory files, evaluated as `terrace -e` evaluates in its directory.

use std::path::PathBuf;
use std::sync::Arc;

use terrace_functions::Overlay;
use terrace_repl::{Context, OutputFormat, Session};

use crate::expression::{render, reply_text};

/// A module whose files (`main.tf`, `variables.tf`, `terraform.tfvars`, a template for
/// `templatefile()`, a child module under `modules/`) are held in memory: it is loaded as
/// `terrace -e` loads the directory it runs in, and nothing is read from a disk.
///
/// ```
/// let mut module = terrace_wasm::InMemoryModule::new([
///     ("main.tf", "variable \"name\" {}\nlocals { greeting = \"Hello, ${var.name}\" }\n"),
///     ("terraform.tfvars", "name = \"world\"\n"),
/// ]);
/// assert_eq!(module.diagnostics_text(), "");
/// assert_eq!(module.evaluate_text("local.greeting"), Ok("\"Hello, world\"".to_string()));
/// ```
pub struct InMemoryModule {
    session: Session,
}

impl InMemoryModule {
    /// Load the module made of `files`: each a path relative to the module's directory
    /// and its contents.
    pub fn new<P, C>(files: impl IntoIterator<Item = (P, C)>) -> InMemoryModule
    where
        P: AsRef<std::path::Path>,
        C: Into<Vec<u8>>,
    {
        let mut overlay = Overlay::in_memory();
        for (path, contents) in files {
            overlay.insert(path, contents);
        }
        let context = Context {
            dir: PathBuf::from("."),
            files: Some(Arc::new(overlay)),
            ..Context::default()
        };
        InMemoryModule {
            session: Session::new(context, OutputFormat::Console),
        }
    }

    /// Loading's errors and warnings, as `terrace -e` prints them on standard error
    /// before any answer (without colour or the final newline); empty when there are none.
    pub fn diagnostics_text(&self) -> String {
        render(&self.session.module_reports())
    }

    /// True when loading found errors: as `terraform console`, the module then evaluates
    /// nothing, and every answer is the loading diagnostics.
    pub fn has_errors(&self) -> bool {
        self.session.has_configuration_errors()
    }

    /// What `terrace -e EXPR` prints in the module's directory (see [`crate::evaluate_text`]).
    ///
    /// ```
    /// let mut module = terrace_wasm::InMemoryModule::new([("main.tf", "locals { x = [1, 2] }")]);
    /// assert_eq!(module.evaluate_text("length(local.x)"), Ok("2".to_string()));
    /// assert!(module.evaluate_text("local.y").is_err());
    /// ```
    pub fn evaluate_text(&mut self, expr: &str) -> Result<String, String> {
        self.run(expr, OutputFormat::Console)
    }

    /// What `:type EXPR` prints in the module's directory.
    ///
    /// ```
    /// let mut module = terrace_wasm::InMemoryModule::new([("main.tf", "locals { x = true }")]);
    /// assert_eq!(module.type_text("local.x"), Ok("bool".to_string()));
    /// ```
    pub fn type_text(&mut self, expr: &str) -> Result<String, String> {
        self.run(&format!(":type {expr}"), OutputFormat::Console)
    }

    /// What `terrace --json -e EXPR` prints in the module's directory.
    ///
    /// ```
    /// let mut module = terrace_wasm::InMemoryModule::new([("main.tf", "locals { x = {a = 1} }")]);
    /// assert_eq!(module.json_text("local.x"), Ok("{\"a\":1}".to_string()));
    /// ```
    pub fn json_text(&mut self, expr: &str) -> Result<String, String> {
        self.run(expr, OutputFormat::Json)
    }

    fn run(&mut self, input: &str, format: OutputFormat) -> Result<String, String> {
        if self.has_errors() {
            return Err(self.diagnostics_text());
        }
        self.session.set_format(format);
        self.session.set_now(crate::clock::now());
        reply_text(self.session.run(input))
    }
}
