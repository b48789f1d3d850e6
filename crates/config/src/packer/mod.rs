//! Loading a Packer template (a directory of `.pkr.hcl` files, or one file)
//! and evaluating its named values: `var`, `local`, `source`, `data`,
//! `path`, `packer` and, inside `build` blocks, `source.name`,
//! `source.type` and `build.*`.
//!
//! Built on the Terraform loader's pieces ([`crate::module`]): bodies are
//! read through [`ConfigBody`](crate::module::ConfigBody), variable blocks
//! through its type constraints and validation, nested blocks through its
//! `dynamic` expansion.
//!
//! ```no_run
//! use std::path::Path;
//! use terrace_config::packer::{PackerOptions, load_template};
//!
//! let template = load_template(Path::new("."), &PackerOptions::from_process_env());
//! let value = terrace_eval::eval_str("var.region", template.scope());
//! # let _ = value;
//! ```

mod builds;
mod files;
mod loader;
mod locals;
mod named_values;
mod options;
mod render;
mod sources;
mod variables;

use std::path::Path;

use terrace_syntax::Name;
use terrace_types::Value;

use crate::module::{ModuleDiagnostic, SourceFiles};
use terrace_eval::Scope;

pub use builds::{BuildRun, BuildValue, EvaluatedPlugin, PostProcessorChain};
pub use files::{is_packer_dir, is_packer_dir_in, is_packer_file};
pub use locals::LocalValue;
pub use named_values::LoadedTemplate;
pub use options::{PACKER_VERSION, PackerOptions};
pub use sources::SourceValue;

use crate::module::VariableValue;

/// Loads the template at `path` (a directory of `*.pkr.hcl` files or one
/// file) and evaluates it. Never fails: problems are in
/// [`LoadedTemplate::diagnostics`], and what could not be evaluated is unknown.
pub fn load_template(path: &Path, options: &PackerOptions) -> LoadedTemplate {
    named_values::load(path, options)
}

impl LoadedTemplate {
    /// Every file read (templates and variable files), for rendering diagnostics.
    pub fn files(&self) -> &SourceFiles {
        &self.files
    }

    /// Errors and warnings, in the order found.
    pub fn diagnostics(&self) -> &[ModuleDiagnostic] {
        &self.diagnostics
    }

    /// True when some diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(ModuleDiagnostic::is_error)
    }

    /// True when the template itself has an error (syntax, an unexpected
    /// block, a duplicate, a build naming a source that does not exist), as
    /// opposed to an error evaluating one value.
    pub fn has_configuration_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(ModuleDiagnostic::is_configuration_error)
    }

    /// The scope console expressions are evaluated in.
    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// Input variables in declaration order.
    pub fn variables(&self) -> &[VariableValue] {
        &self.variables
    }

    /// Local values in declaration order.
    pub fn locals(&self) -> &[LocalValue] {
        &self.locals
    }

    /// `source` blocks in declaration order.
    pub fn sources(&self) -> &[SourceValue] {
        &self.sources
    }

    /// `build` blocks in declaration order.
    pub fn builds(&self) -> &[BuildValue] {
        &self.builds
    }

    /// `:vars`: `var.NAME = value` then `local.NAME = value`, in name order.
    pub fn render_vars(&self) -> String {
        render::vars(self)
    }

    /// `:why EXPR` (`all` false) or `:deps --all EXPR` (`all` true) on a template: as
    /// [`crate::module::LoadedModule::why`], for variables and locals.
    ///
    /// ```
    /// use std::path::Path;
    /// use terrace_config::packer::{PackerOptions, load_template};
    ///
    /// let template = load_template(Path::new("no-such-dir"), &PackerOptions::default());
    /// let expr = terrace_syntax::parse_expr("\"a\"").unwrap();
    /// let evaluator = terrace_eval::Evaluator::new();
    /// let text = template.why("\"a\"", &expr, template.scope(), &evaluator, false);
    /// assert_eq!(text, "\"a\" is known: \"a\"");
    /// ```
    pub fn why(
        &self,
        source: &str,
        expr: &terrace_syntax::Expr,
        scope: &Scope,
        evaluator: &terrace_eval::Evaluator,
        all: bool,
    ) -> String {
        let dir = self
            .files
            .iter()
            .next()
            .and_then(|(_, f)| f.path.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let instance = crate::module::ModuleInstance {
            dir: dir.clone(),
            path_module: String::new(),
            variables: self.variables.clone(),
            locals: self
                .locals
                .iter()
                .map(|l| (l.name.clone(), l.value.clone()))
                .collect(),
            outputs: Vec::new(),
            resources: Vec::new(),
            module_calls: Vec::new(),
            settings: crate::module::TerraformSettings::default(),
            scope: self.scope.clone(),
            uninitialized_locals: std::collections::BTreeSet::new(),
            unexpanded_calls: std::collections::BTreeSet::new(),
            uninitialized_variables: std::collections::BTreeSet::new(),
            in_cycle: std::collections::BTreeSet::new(),
            builtin_provider: false,
        };
        let mode = if all {
            crate::module::explain::why::Mode::All
        } else {
            crate::module::explain::why::Mode::Why
        };
        crate::module::explain::why::Walk::new(&self.files, &dir, evaluator, mode)
            .packer()
            .explain(&instance, source, expr, scope)
    }

    /// The `required_version` constraints of the `packer` blocks.
    pub fn required_versions(&self) -> &[String] {
        &self.required_versions
    }

    /// The plugins of the `required_plugins` blocks: name and settings
    /// (`source`, `version`), in declaration order.
    pub fn required_plugins(&self) -> &[(Name, Value)] {
        &self.required_plugins
    }

    /// `:providers` on a template: `required_version` and `required_plugins`.
    pub fn render_plugins(&self) -> String {
        render::plugins(self)
    }

    /// `:sources`: each source block with its evaluated arguments (after
    /// `dynamic` expansion).
    pub fn render_sources(&self) -> String {
        render::sources(self)
    }

    /// `:builds`: each build with, for every source it runs, the source's
    /// arguments and its provisioners and post-processors evaluated for it.
    pub fn render_builds(&self) -> String {
        render::builds(self)
    }
}
