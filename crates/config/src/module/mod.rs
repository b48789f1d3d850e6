//! Loading a Terraform configuration directory (a module and its local child
//! modules) and evaluating its named values: `var`, `local`, `module`,
//! resources, `data`, `path`, `terraform`, and the outputs.
//!
//! ```no_run
//! use std::path::Path;
//! use terrace_config::module::{LoadOptions, load_module};
//!
//! let module = load_module(Path::new("."), &LoadOptions::from_process_env());
//! for diagnostic in module.diagnostics() {
//!     let _file = diagnostic.file.map(|id| module.files().get(id));
//! }
//! let scope = module.scope();
//! let value = terrace_eval::eval_str("var.region", scope);
//! # let _ = value;
//! ```

mod attribute_paths;
mod body;
mod builtin_schemas;
mod conditions;
mod config_graph;
mod decode;
mod dependencies;
pub(crate) mod diagnostics;
mod discover;
pub(crate) mod dynamic;
pub(crate) mod files;
pub(crate) mod graph;
mod installed;
mod language;
pub(crate) mod loader;
mod lock_file;
mod module_calls;
mod named_values;
mod names;
mod outputs;
mod overrides;
mod provider_configs;
mod reference_syntax;
pub(crate) mod render;
mod required_providers;
pub(crate) mod resources;
mod state_values;
mod static_checks;
mod test_files;
mod tree;
pub(crate) mod variables;
mod version_constraint;
mod walk;
pub(crate) mod why;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_syntax::Expr;

use terrace_eval::Scope;

pub use body::{BodyContent, BodySchema, ConfigAttr, ConfigBlock, ConfigBody};
pub use diagnostics::{ModuleDiagnostic, Stage};
pub use files::{FileId, Overlay, SourceFile, SourceFiles};
pub use language::Language;
pub use loader::TerraformSettings;
pub use lock_file::{LockFile, LockedProvider};
pub use module_calls::ModuleCallValue;
pub use named_values::{ModuleInstance, VariableSource, VariableValue};
pub use outputs::OutputValue;
pub use resources::{EvaluatedBlock, EvaluatedBody, InstanceKey, ResourceInstance, ResourceValue};
pub use test_files::TestFile;
pub(crate) use version_constraint::is_version as is_go_version;

/// Where input variable values come from besides the configuration, and the
/// environment the loader reads (injected, so tests do not depend on the process).
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// `--var NAME=VALUE` assignments, in command-line order.
    pub vars: Vec<(String, String)>,
    /// `--var-file FILE` paths, in command-line order.
    pub var_files: Vec<PathBuf>,
    /// For each of `vars`, how many of `var_files` come before it on the command line:
    /// Terraform applies both in command-line order, a later one winning. When shorter than
    /// `vars`, the rest come after every file.
    pub var_order: Vec<usize>,
    /// Environment variables: `TF_VAR_name` values and `TF_WORKSPACE`.
    pub env: BTreeMap<String, String>,
    /// The value of `path.cwd`; `None` uses the root module directory made absolute.
    pub cwd: Option<PathBuf>,
    /// `--state FILE`: the state to read instead of the workspace's (a missing file is
    /// an empty state, as Terraform's `-state`).
    pub state_file: Option<PathBuf>,
    /// `--workspace NAME`: the workspace, over `TF_WORKSPACE` and `.terraform/environment`.
    pub workspace_flag: Option<String>,
    /// `--schemas FILE`: provider schemas (`terraform providers schema -json`) that type
    /// the state's resources.
    pub schemas: Option<PathBuf>,
    /// Terraform's language or OpenTofu's.
    pub language: Language,
    /// Texts read in place of files on disk (an editor's unsaved buffers), by path; the
    /// files of the directories are still found on disk. `None` reads only the disk.
    pub overlay: Option<Overlay>,
}

impl LoadOptions {
    /// Options with the `TF_VAR_*`, `TF_WORKSPACE` and `TF_DATA_DIR` variables of this process.
    pub fn from_process_env() -> LoadOptions {
        let env = std::env::vars()
            .filter(|(name, _)| {
                name.starts_with("TF_VAR_") || name == "TF_WORKSPACE" || name == "TF_DATA_DIR"
            })
            .collect();
        LoadOptions {
            env,
            ..LoadOptions::default()
        }
    }

    /// The workspace selected by the options alone (`--workspace`, else
    /// `TF_WORKSPACE`, else `default`); a loaded module also reads
    /// `.terraform/environment` ([`LoadedModule::workspace`]).
    pub fn workspace(&self) -> &str {
        self.workspace_flag
            .as_deref()
            .or_else(|| self.env.get("TF_WORKSPACE").map(String::as_str))
            .filter(|name| !name.is_empty())
            .unwrap_or("default")
    }
}

/// A loaded and evaluated configuration: the root module, its files, the
/// lock file, the test files and every diagnostic found on the way.
#[derive(Debug)]
pub struct LoadedModule {
    files: SourceFiles,
    root: ModuleInstance,
    diagnostics: Vec<ModuleDiagnostic>,
    lock_file: Option<LockFile>,
    test_files: Vec<TestFile>,
    state: state_values::StateContext,
    language: Language,
}

/// Loads the module in `dir` with its local child modules and evaluates it.
/// Never fails: problems are in [`LoadedModule::diagnostics`], and what could
/// not be evaluated is unknown.
pub fn load_module(dir: &Path, options: &LoadOptions) -> LoadedModule {
    named_values::load(dir, options)
}

impl LoadedModule {
    /// The language the configuration was read in ([`LoadOptions::language`]); evaluate
    /// in it with its [`Language::functions`].
    ///
    /// ```
    /// use terrace_config::module::{Language, LoadOptions, load_module};
    /// let dir = std::env::temp_dir();
    /// let module = load_module(&dir.join("no-such-dir"), &LoadOptions::default());
    /// assert_eq!(module.language(), Language::Terraform);
    /// ```
    pub fn language(&self) -> Language {
        self.language
    }

    /// The functions console expressions in the configuration can call: its language's, and
    /// the `provider::terraform::` functions when the root module requires Terraform's
    /// built-in provider (`terraform = { source = "terraform.io/builtin/terraform" }`).
    ///
    /// ```
    /// use terrace_config::module::{LoadOptions, load_module};
    /// let dir = std::env::temp_dir();
    /// let module = load_module(&dir.join("no-such-dir"), &LoadOptions::default());
    /// assert!(module.functions().get("upper").is_some());
    /// assert!(module.functions().get("provider::terraform::encode_expr").is_none());
    /// ```
    pub fn functions(&self) -> terrace_eval::functions::FunctionTable {
        let mut table = self.language.functions();
        if self.root.builtin_provider {
            terrace_eval::functions::add_terraform_provider(&mut table);
        }
        table
    }

    /// Every file read (configuration, `.tfvars`, lock and test files), for rendering diagnostics.
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

    /// True when the configuration itself has an error (syntax, an
    /// unexpected block, a duplicate definition, ...): Terraform then
    /// evaluates nothing, where an error found evaluating it only leaves
    /// some values unknown (see [`Stage`]).
    pub fn has_configuration_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(ModuleDiagnostic::is_configuration_error)
    }

    /// The root module's evaluated named values.
    pub fn root(&self) -> &ModuleInstance {
        &self.root
    }

    /// The scope console expressions are evaluated in.
    pub fn scope(&self) -> &Scope {
        &self.root.scope
    }

    /// The scope for one console expression: [`LoadedModule::scope`] where the
    /// resource instances `expr` refers to also have (unknown) the attributes
    /// it reads that the configuration does not set, so `aws_instance.web.id`
    /// is `(known after apply)` rather than an error.
    pub fn scope_for(&self, expr: &Expr) -> Scope {
        self.root.scope_for(expr)
    }

    /// The errors Terraform gives before evaluating `expr` in the console:
    /// one for each reference to a local value that was not evaluated
    /// because something it depends on failed ("Reference to uninitialized
    /// local value"; the failed value itself is unknown, not an error), and
    /// one for each reference to a local module call that has no instances
    /// because its `count` or `for_each` failed or is unknown (where
    /// `terraform console` crashes).
    ///
    /// ```no_run
    /// use std::path::Path;
    /// use terrace_config::module::{LoadOptions, load_module};
    ///
    /// let module = load_module(Path::new("."), &LoadOptions::default());
    /// let expr = terrace_syntax::parse_expr("local.name").unwrap();
    /// let summaries: Vec<String> =
    ///     module.reference_errors(&expr).into_iter().map(|e| e.summary).collect();
    /// # let _ = summaries;
    /// ```
    pub fn reference_errors(&self, expr: &Expr) -> Vec<terrace_eval::Diagnostic> {
        self.root.reference_errors(expr)
    }

    /// Like [`LoadedModule::scope_for`], on a scope of the caller's (the
    /// module's scope with the console's own `:let` bindings, say): replaces in
    /// `scope` the resources `expr` reads with instances that have the
    /// attributes it reads.
    pub fn open_resources(&self, scope: &mut Scope, expr: &Expr) {
        self.root.open_resources(scope, expr);
    }

    /// `:why EXPR` (`all` false) or `:deps --all EXPR` (`all` true): the chain of named values
    /// behind the value of `expr` (written as `source`, evaluated in `scope`), each with its
    /// file and line. For `:why`, only what makes a value unknown, sensitive or null is listed,
    /// and a wholly known value takes one line.
    ///
    /// ```
    /// use std::path::Path;
    /// use terrace_config::module::{LoadOptions, load_module};
    ///
    /// let module = load_module(Path::new("no-such-dir"), &LoadOptions::default());
    /// let expr = terrace_syntax::parse_expr("1 + 1").unwrap();
    /// let evaluator = terrace_eval::Evaluator::new();
    /// let text = module.why("1 + 1", &expr, module.scope(), &evaluator, false);
    /// assert_eq!(text, "1 + 1 is known: 2");
    /// ```
    pub fn why(
        &self,
        source: &str,
        expr: &Expr,
        scope: &Scope,
        evaluator: &terrace_eval::Evaluator,
        all: bool,
    ) -> String {
        let mode = if all { why::Mode::All } else { why::Mode::Why };
        why::Walk::new(&self.files, &self.root.dir, evaluator, mode)
            .explain(&self.root, source, expr, scope)
    }

    /// Where each root variable's value came from, in name order: `(name, words)`, such as
    /// `("region", "value from terraform.tfvars (terraform.tfvars:2)")`.
    ///
    /// ```
    /// use std::path::Path;
    /// use terrace_config::module::{LoadOptions, load_module};
    ///
    /// let module = load_module(Path::new("no-such-dir"), &LoadOptions::default());
    /// assert!(module.variable_origins().is_empty());
    /// ```
    pub fn variable_origins(&self) -> Vec<(String, String)> {
        let evaluator = terrace_eval::Evaluator::new();
        let mut walk = why::Walk::new(&self.files, &self.root.dir, &evaluator, why::Mode::Why);
        let mut origins: Vec<(String, String)> = self
            .root
            .variables
            .iter()
            .map(|variable| {
                (
                    variable.name.to_string(),
                    walk.origin(&self.root.dir, variable),
                )
            })
            .collect();
        origins.sort();
        origins
    }

    /// The parsed `.terraform.lock.hcl`, when the directory has one.
    pub fn lock_file(&self) -> Option<&LockFile> {
        self.lock_file.as_ref()
    }

    /// The `.tftest.hcl` files of the module and of its `tests/` directory.
    pub fn test_files(&self) -> &[TestFile] {
        &self.test_files
    }

    /// `:vars`: one `var.NAME = value` entry a variable, in name order.
    pub fn render_vars(&self) -> String {
        render::vars(&self.root, &self.files)
    }

    /// `:outputs`: one `NAME = value` entry an output, in name order: the
    /// values recorded in the state after `apply` (as `terraform output`
    /// shows them), else the outputs evaluated from the configuration.
    pub fn render_outputs(&self) -> String {
        if self.state.has_state() && !self.state.state.outputs().is_empty() {
            return crate::state::outputs_text(&self.state.state);
        }
        render::outputs(&self.root)
    }

    /// The state read (empty when the configuration has none): see
    /// [`LoadOptions::state_file`] and [`crate::state::locate`].
    pub fn state(&self) -> &crate::state::State {
        &self.state.state
    }

    /// The selected workspace (`terraform.workspace`): `--workspace`, else
    /// `TF_WORKSPACE`, else `.terraform/environment`, else `default`.
    pub fn workspace(&self) -> &str {
        &self.state.workspace
    }

    /// `:state [PREFIX]`: the resource instance addresses in the state, as
    /// `terraform state list` prints them.
    pub fn render_state_list(&self, prefix: Option<&str>) -> String {
        crate::state::state_list(&self.state.state, prefix)
    }

    /// `:show ADDRESS`: one instance's attributes as `terraform state show`
    /// prints them (sensitive ones hidden); `Ok(None)` when the state has no
    /// such instance, `Err` for an address that does not parse.
    pub fn render_state_show(&self, address: &str) -> Result<Option<String>, String> {
        crate::state::state_show(&self.state.state, address)
    }

    /// `:blocks ADDRESS`: the configuration of a resource (or one instance of
    /// it) after `count`/`for_each` and `dynamic` expansion, written as HCL
    /// with evaluated values; `None` when the address names no resource.
    pub fn render_blocks(&self, address: &str) -> Option<String> {
        render::blocks(&self.root, address).or_else(|| {
            let resource = address.trim().split('[').next().unwrap_or_default();
            self.root.in_cycle.contains(resource).then(|| {
                format!("# {resource} is part of a dependency cycle (see the Cycle error), so it was not evaluated\n")
            })
        })
    }

    /// `:providers`: the lock file's providers, versions, constraints and hashes.
    pub fn render_providers(&self) -> String {
        render::providers(self.lock_file.as_ref())
    }
}
