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

// The phases, in the order the data flows through them; each imports only those above it
// (ARCHITECTURE.md, and the `file_imports` test that keeps the file-import graph free of loops).

pub(crate) mod read;

pub(crate) mod inputs;

pub(crate) mod references;

pub(crate) mod tree;

pub(crate) mod graph;

pub(crate) mod eval;

pub(crate) mod explain;

use std::collections::BTreeMap;
use std::path::Path;

use terrace_syntax::Expr;

use terrace_eval::Scope;

pub use eval::evaluated_body::{EvaluatedBlock, EvaluatedBody};
pub use eval::instance_key::InstanceKey;
pub use eval::module_instance::{ModuleCallValue, ModuleInstance};
pub use eval::outputs::OutputValue;
pub use eval::resources::{ResourceInstance, ResourceValue};
pub use inputs::variables::{VariableSource, VariableValue};
pub use read::body::{BodyContent, BodySchema, ConfigAttr, ConfigBlock, ConfigBody};
pub use read::diagnostics::{ModuleDiagnostic, Stage};
pub use read::files::{FileId, SourceFile, SourceFiles};
pub use read::language::Language;
pub use read::loader::TerraformSettings;
pub use read::lock_file::{LockFile, LockedProvider};
pub use read::options::LoadOptions;
pub use read::test_files::TestFile;

use eval::state_values::StateContext;
use eval::walk;
use explain::{render, why};
use read::diagnostics::mark_configuration;
use read::files::files_with_suffix;
use tree::discover;
use tree::installed::InstalledModules;
use tree::load_ctx::LoadCtx;
use tree::module_calls::join_clean;

/// A loaded and evaluated configuration: the root module, its files, the
/// lock file, the test files and every diagnostic found on the way.
#[derive(Debug)]
pub struct LoadedModule {
    files: SourceFiles,
    root: ModuleInstance,
    diagnostics: Vec<ModuleDiagnostic>,
    lock_file: Option<LockFile>,
    test_files: Vec<TestFile>,
    state: StateContext,
    language: Language,
}

/// Loads the module in `dir` with its local child modules and evaluates it.
/// Never fails: problems are in [`LoadedModule::diagnostics`], and what could
/// not be evaluated is unknown.
pub fn load_module(dir: &Path, options: &LoadOptions) -> LoadedModule {
    let mut files = SourceFiles::new(options.files.clone());
    let mut diagnostics = Vec::new();
    let mut dirs = BTreeMap::new();
    let root_dir = join_clean(dir, ".");
    let mut tfvars = Vec::new();
    for name in ["terraform.tfvars", "terraform.tfvars.json"] {
        let default_tfvars = root_dir.join(name);
        if files.source().is_file(&default_tfvars) {
            tfvars.push(files.load(&default_tfvars, &mut diagnostics));
        }
    }
    // `*.auto.tfvars` and `*.auto.tfvars.json` together, in lexical order.
    let mut auto = files_with_suffix(files.source(), &root_dir, ".auto.tfvars");
    auto.extend(files_with_suffix(
        files.source(),
        &root_dir,
        ".auto.tfvars.json",
    ));
    auto.sort();
    for path in auto {
        tfvars.push(files.load(&path, &mut diagnostics));
    }
    for path in &options.var_files {
        tfvars.push(files.load(path, &mut diagnostics));
    }
    let mut sources = BTreeMap::new();
    let installed = InstalledModules::read(files.source(), &root_dir);
    let root_early = discover::discover(
        &discover::Discovery {
            options,
            tfvars: &tfvars,
            root_dir: &root_dir,
            installed: &installed,
        },
        &root_dir,
        &mut discover::Found {
            files: &mut files,
            dirs: &mut dirs,
            sources: &mut sources,
            diagnostics: &mut diagnostics,
        },
    );
    let lock_path = root_dir.join(".terraform.lock.hcl");
    let lock_file = files.source().is_file(&lock_path).then(|| {
        let id = files.load(&lock_path, &mut diagnostics);
        LockFile::read(&files, id, &mut diagnostics)
    });
    // Syntax errors in the configuration, `.tfvars` and lock files are
    // configuration errors; the test files are not read by the console.
    mark_configuration(&mut diagnostics, 0);
    let test_files = TestFile::load_all(&root_dir, &mut files, &mut diagnostics);
    let cwd = options
        .cwd
        .clone()
        .unwrap_or_else(|| std::path::absolute(&root_dir).unwrap_or_else(|_| root_dir.clone()));
    let ctx = LoadCtx {
        files: &files,
        dirs: &dirs,
        options,
        cwd: cwd.to_string_lossy().into_owned(),
        root_dir: root_dir.clone(),
        tfvars,
        sources,
        root_early,
        installed,
    };
    let (root, state) = walk::walk(&ctx, &root_dir, &mut diagnostics);
    LoadedModule {
        files,
        root,
        diagnostics,
        lock_file,
        test_files,
        state,
        language: options.language,
    }
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
    pub fn functions(&self) -> terrace_functions::FunctionTable {
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
        let mut errors = self.root.reference_errors(expr);
        if let Some(kind) = &self.state.unread_backend {
            errors.extend(self.root.unread_state_errors(expr, &format!(
                "the state in the \"{kind}\" backend, which terrace does not read. Write a copy with `terraform state pull > state.json` and run terrace with `--state state.json`."
            )));
        } else if let Some(kind) = &self.state.failed_backend {
            errors.extend(self.root.unread_state_errors(expr, &format!(
                "the state in the \"{kind}\" backend, which could not be read (the error is shown when the configuration loads: `:load` tries again)."
            )));
        }
        errors
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

    /// `:workspaces`: the backend's workspaces as `terraform workspace list` prints them,
    /// the selected one marked `*`. A remote backend is asked (read-only); the local one's
    /// are `default` and the directories of `terraform.tfstate.d`. `Err` names why the
    /// list could not be read (never a credential).
    pub fn render_workspaces(&self) -> Result<String, String> {
        let names = match (&self.state.remote, &self.state.unread_backend) {
            (Some(remote), _) => terrace_backend::workspaces(&remote.settings, &remote.env)
                .map_err(|e| e.to_string())?,
            (None, Some(kind)) => {
                return Err(format!(
                    "terrace does not read \"{kind}\" backends, so it cannot list their workspaces"
                ));
            }
            (None, None) => self.local_workspaces(),
        };
        let mut out = String::new();
        let current = self.workspace();
        for name in &names {
            let mark = if name == current { '*' } else { ' ' };
            out.push_str(&format!("{mark} {name}\n"));
        }
        Ok(out)
    }

    /// The local backend's workspaces: `default` and the directories of
    /// `terraform.tfstate.d` (its `workspace_dir`), sorted.
    fn local_workspaces(&self) -> Vec<String> {
        let dir = self.root.dir.join(
            self.state
                .local_workspace_dir
                .as_deref()
                .unwrap_or("terraform.tfstate.d"),
        );
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|e| e.path().is_dir())
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| n != "default")
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names.insert(0, "default".to_string());
        names
    }

    /// `:state [PREFIX]`: the resource instance addresses in the state, as
    /// `terraform state list` prints them.
    pub fn render_state_list(&self, prefix: Option<&str>) -> String {
        crate::state::state_list(&self.state.state, prefix)
    }

    /// `:show ADDRESS`: one instance's attributes as `terraform state show`
    /// prints them (sensitive ones hidden); `Ok(None)` when the state has no
    /// such instance, `Err` for an address that does not parse or data that does not decode.
    pub fn render_state_show(
        &self,
        address: &str,
    ) -> Result<Option<String>, crate::state::ShowError> {
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
