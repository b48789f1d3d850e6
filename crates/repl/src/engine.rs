//! The thin adapter between the console and the language crates: evaluation, scope, functions, printing.
//!
//! Everything the console needs from `terrace-eval` and `terrace-types` goes
//! through here, so the rest of the crate does not follow their APIs.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use terrace_config::module::{
    Language, LoadOptions, LoadedModule, ModuleDiagnostic, SourceFiles, load_module,
};
use terrace_config::packer::{
    LoadedTemplate, PackerOptions, is_packer_dir_in, is_packer_file, load_template,
};
use terrace_eval::functions::{Disk, FileSource};
use terrace_eval::{ConsoleValue, Diagnostic, Diagnostics, Evaluator, RootKind, Scope};
use terrace_syntax::{Expr, Span};
use terrace_types::{Type, Value};

use crate::consolidate::consolidate_warnings;
use crate::diagnostics::{Problem, Report};

/// Where the module context comes from.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The module directory.
    pub dir: PathBuf,
    /// `--var NAME=VALUE` assignments.
    pub vars: Vec<(String, String)>,
    /// `--var-file` files.
    pub var_files: Vec<PathBuf>,
    /// For each of `vars`, how many of `var_files` come before it on the command line.
    pub var_order: Vec<usize>,
    /// Environment variables (`TF_VAR_name`, `PKR_VAR_name`) set over the process's, as if
    /// exported (for tests).
    pub env: Vec<(String, String)>,
    /// `--packer`: read `dir` as a Packer template even when it is not
    /// detected as one (a directory with `.pkr.hcl` files and no `.tf` files,
    /// or a `.pkr.hcl` file).
    pub packer: bool,
    /// `--state FILE`: the state to read instead of the workspace's.
    pub state: Option<PathBuf>,
    /// `--workspace NAME`: the workspace whose state is read.
    pub workspace: Option<String>,
    /// `--schemas FILE`: provider schemas (`terraform providers schema -json`).
    pub schemas: Option<PathBuf>,
    /// `--backend-config KEY=VALUE` or `FILE` items, in order (a remote backend's settings).
    pub backend_config: Vec<String>,
    /// `--tofu` or `--terraform`; `None` chooses OpenTofu for a directory with
    /// `.tofu` files and Terraform otherwise.
    pub language: Option<Language>,
    /// Where the configuration, its variable files and what `file()` or `templatefile()`
    /// read come from: the disk when `None`, or an in-memory
    /// [`Overlay`](terrace_eval::functions::Overlay) (the WebAssembly package's modules).
    pub files: Option<Arc<dyn FileSource>>,
}

/// A function's documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionDoc {
    /// `name(param type, ...) type`.
    pub signature: String,
    /// The description paragraph.
    pub description: String,
}

/// What a console line evaluated to.
#[derive(Clone, Debug)]
pub enum Evaluated {
    /// A value.
    Value(Value),
    /// The type `type(x)` asked for.
    Type(Type),
}

/// The language, as the console sees it: an evaluator, the loaded module and
/// the named values in scope (the module's, then the `:let` bindings).
pub struct Engine {
    evaluator: Evaluator,
    module: LoadedModule,
    /// The Packer template, when the context is one (`module` is then empty).
    packer: Option<LoadedTemplate>,
    scope: Scope,
    bindings: Vec<(String, Value)>,
    /// Terraform's language or OpenTofu's (for a module).
    language: Language,
    /// Ctrl-C's flag, which also cancels fetching a remote backend's state.
    interrupt: Option<Arc<AtomicBool>>,
}

impl Engine {
    /// An engine for `context`: the configuration in `context.dir` (`.` when
    /// empty) loaded with its variables, with functions resolving relative
    /// paths against that directory.
    pub fn new(context: &Context) -> Engine {
        Engine::with_interrupt(context, None)
    }

    /// As [`Engine::new`], with Ctrl-C's flag set before the configuration loads, so that
    /// it cancels fetching a remote backend's state.
    pub fn with_interrupt(context: &Context, interrupt: Option<Arc<AtomicBool>>) -> Engine {
        let mut engine = Engine {
            evaluator: Evaluator::new(),
            module: empty_module(),
            packer: None,
            scope: Scope::new(),
            bindings: Vec::new(),
            language: Language::Terraform,
            interrupt,
        };
        engine.load(context);
        engine
    }

    /// Load the configuration of `context` in place of the current one,
    /// keeping the `:let` bindings.
    pub fn load(&mut self, context: &Context) {
        let dir = module_dir(context);
        let files = context_files(context);
        if context.packer || is_packer_file(&dir) || is_packer_dir_in(files.as_ref(), &dir) {
            let template = load_template(&dir, &packer_options(context));
            let base_dir = if files.is_dir(&dir) {
                dir.clone()
            } else {
                dir.parent()
                    .filter(|parent| !parent.as_os_str().is_empty())
                    .map_or_else(|| PathBuf::from("."), PathBuf::from)
            };
            // No Terraform configuration beside the template.
            self.module = empty_module();
            *self.evaluator.functions_mut() = terrace_eval::functions::packer();
            self.evaluator.context_mut().base_dir = base_dir;
            self.evaluator.context_mut().files = files;
            self.scope = template.scope().clone();
            self.packer = Some(template);
        } else {
            let mut options = load_options(context);
            options.interrupt = self.interrupt.clone();
            self.module = load_module(&dir, &options);
            self.packer = None;
            self.language = options.language;
            *self.evaluator.functions_mut() = self.module.functions();
            self.evaluator.context_mut().base_dir = dir;
            self.evaluator.context_mut().files = files;
            self.scope = self.module.scope().clone();
        }
        for (name, value) in &self.bindings {
            self.scope.insert(name.as_str(), value.clone());
        }
    }

    /// The language in force: `Terraform`, `OpenTofu` or `Packer`.
    pub fn language_name(&self) -> &'static str {
        match &self.packer {
            Some(_) => "Packer",
            None => self.language.name(),
        }
    }

    /// The loaded module: its diagnostics and the `:vars`, `:outputs`,
    /// `:blocks` and `:providers` listings.
    pub fn module(&self) -> &LoadedModule {
        &self.module
    }

    /// The Packer template, when the console has one loaded.
    pub fn template(&self) -> Option<&LoadedTemplate> {
        self.packer.as_ref()
    }

    /// `:vars`: the template's variables and locals, or the module's variables.
    pub fn render_vars(&self) -> String {
        match &self.packer {
            Some(template) => template.render_vars(),
            None => self.module.render_vars(),
        }
    }

    /// `:providers`: the lock file's providers, or a template's `required_plugins`.
    pub fn render_providers(&self) -> String {
        match &self.packer {
            Some(template) => template.render_plugins(),
            None => self.module.render_providers(),
        }
    }

    /// How many files the loaded configuration or template has.
    pub fn file_count(&self) -> usize {
        match &self.packer {
            Some(template) => template.files().iter().count(),
            None => self.module.files().iter().count(),
        }
    }

    /// The module's (or the template's) diagnostics, one report each (with the file it points into).
    pub fn module_reports(&self) -> Vec<Report> {
        if let Some(template) = &self.packer {
            return template
                .diagnostics()
                .iter()
                .map(|found| diagnostic_report(template.files(), found))
                .collect();
        }
        let files = self.module.files();
        // As Terraform shows them: warnings of the same summary once.
        let mut reports = consolidate_warnings(self.module.diagnostics())
            .iter()
            .map(|found| diagnostic_report(files, found))
            .collect::<Vec<_>>();
        if self.module.has_errors() && !self.module.has_configuration_errors() {
            // Terraform's words: the failed values are unknown, the rest usable.
            let mut warning = Problem::error(
                "Due to the problems above, some expressions may produce unexpected results.",
                "",
            );
            warning.warning = true;
            reports.push(Report::new("", "", vec![warning]));
        }
        reports
    }

    /// True when the module's configuration itself has errors (syntax, an
    /// unexpected block, a duplicate definition): `terraform console` then
    /// evaluates nothing.
    pub fn has_configuration_errors(&self) -> bool {
        match &self.packer {
            Some(template) => template.has_configuration_errors(),
            None => self.module.has_configuration_errors(),
        }
    }

    /// The value of a chain of names `root.attr.attr` if it is known in scope,
    /// without calling any function (for completion); resources read from the
    /// state have their recorded values.
    pub fn lookup_path(&self, path: &[&str]) -> Option<Value> {
        let (root, rest) = path.split_first()?;
        let scope = match terrace_syntax::parse_expr(&path.join(".")) {
            Ok(expr) => self.scope_for(&expr),
            Err(_) => self.scope.clone(),
        };
        let mut value = scope.get(root)?.clone();
        for attr in rest {
            value = value
                .get_attr(attr)
                .or_else(|| value.map_get(attr))?
                .clone();
        }
        Some(value)
    }

    /// The scope for `expr`: the resources it reads get the attributes it reads.
    fn scope_for(&self, expr: &Expr) -> Scope {
        let mut scope = self.scope.clone();
        self.module.open_resources(&mut scope, expr);
        scope
    }

    /// Terraform's errors for references to values the module could not
    /// evaluate or to resource instances the wrong way (see
    /// [`LoadedModule::reference_errors`]); as in Terraform, the
    /// evaluation's own errors follow them.
    fn with_reference_errors<T>(
        &self,
        expr: &Expr,
        result: Result<T, Diagnostics>,
    ) -> Result<T, Vec<Problem>> {
        let mut errors = self.module.reference_errors(expr);
        match result {
            Ok(value) if errors.is_empty() => Ok(value),
            Ok(_) => Err(problems(Diagnostics(errors))),
            Err(found) => {
                errors.extend(found);
                Err(problems(Diagnostics(errors)))
            }
        }
    }

    /// Evaluate a console line: `type(x)` gives a type.
    pub fn eval_console(&self, expr: &Expr) -> Result<Evaluated, Vec<Problem>> {
        let result = self.evaluator.eval_console(expr, &self.scope_for(expr));
        match self.with_reference_errors(expr, result)? {
            ConsoleValue::Value(value) => Ok(Evaluated::Value(value)),
            ConsoleValue::Type(ty) => Ok(Evaluated::Type(ty)),
        }
    }

    /// Evaluate an expression to a value.
    pub fn eval(&self, expr: &Expr) -> Result<Value, Vec<Problem>> {
        let result = self.evaluator.eval(expr, &self.scope_for(expr));
        self.with_reference_errors(expr, result)
    }

    /// Stop evaluations soon after `flag` becomes true (set on Ctrl-C).
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.evaluator.set_interrupt(Some(Arc::clone(&flag)));
        self.interrupt = Some(flag);
    }

    /// Fix what `timestamp()` returns (an RFC 3339 time), or read the system clock
    /// again with `None`.
    pub fn set_now(&mut self, now: Option<String>) {
        self.evaluator.context_mut().fixed_now = now;
    }

    /// Bind `name` to `value` as a plain variable, for the rest of the session.
    pub fn bind(&mut self, name: &str, value: Value) {
        self.scope.insert(name, value.clone());
        self.bindings.retain(|(bound, _)| bound != name);
        self.bindings.push((name.to_string(), value));
    }

    /// The `:let` bindings, in the order made (a rebound name moves to the end).
    pub fn bindings(&self) -> &[(String, Value)] {
        &self.bindings
    }

    /// Whether `name` is a Terraform named-value root (`var`, `local`, `path`, ...).
    pub fn is_namespace(&self, name: &str) -> bool {
        self.scope.kind(name) == Some(RootKind::Namespace)
    }

    /// The names of every function, in order.
    pub fn function_names(&self) -> Vec<&'static str> {
        self.evaluator.functions().names().collect()
    }

    /// The documentation of function `name`.
    pub fn function_doc(&self, name: &str) -> Option<FunctionDoc> {
        let function = self.evaluator.functions().get(name)?;
        let mut description = function.description.to_string();
        if terrace_eval::functions::is_opentofu_only(name) {
            description.push_str("\n\nOpenTofu only: Terraform has no such function.");
        }
        if self.packer.is_some() && !terrace_eval::functions::is_packer_function(name) {
            description.push_str(
                "\n\nNot a Packer function: Terraform has it and terrace keeps it callable, but Packer does not, so a template that calls it fails in Packer.",
            );
        }
        Some(FunctionDoc {
            signature: function.signature(),
            description,
        })
    }

    /// The named values in scope: root name, value, and whether it is a namespace.
    pub fn named_values(&self) -> Vec<(String, Value, bool)> {
        self.scope
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone(), self.is_namespace(name)))
            .collect()
    }

    /// `:why` (`all` false) or `:deps --all` (`all` true) on `expr`, written as `source`.
    pub fn why(&self, source: &str, expr: &Expr, all: bool) -> String {
        let scope = self.scope_for(expr);
        match &self.packer {
            Some(template) => template.why(source, expr, &scope, &self.evaluator, all),
            None => self.module.why(source, expr, &scope, &self.evaluator, all),
        }
    }

    /// The named values `expr` refers to, written as source (`var.a`, `local.b[0]`).
    pub fn references(&self, expr: &Expr) -> Vec<String> {
        terrace_eval::references(expr)
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}

/// False on wasm32-unknown-unknown, which has no process environment (`std::env::vars`
/// panics there): no `TF_VAR_*` or `PKR_VAR_*` is read.
const HAS_ENVIRONMENT: bool = !cfg!(all(target_family = "wasm", target_os = "unknown"));

/// The directory `context` names, `.` when empty.
fn module_dir(context: &Context) -> PathBuf {
    if context.dir.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        context.dir.clone()
    }
}

/// Where `context`'s files are read: its in-memory source, else the disk.
fn context_files(context: &Context) -> Arc<dyn FileSource> {
    context.files.clone().unwrap_or_else(|| Arc::new(Disk))
}

/// A module with nothing in it (its one diagnostic, an unreadable
/// directory, is never shown), for a console with a Packer template.
fn empty_module() -> LoadedModule {
    load_module(std::path::Path::new("\0"), &LoadOptions::default())
}

/// True for a path the console opens as a Packer template file (`:load`, `--dir`).
pub fn is_template_file(path: &std::path::Path) -> bool {
    path.is_file() && is_packer_file(path)
}

/// A Packer template's options: this process's `PKR_VAR_*`, then `--var-file`, then `--var`.
fn packer_options(context: &Context) -> PackerOptions {
    let mut options = if HAS_ENVIRONMENT {
        PackerOptions::from_process_env()
    } else {
        PackerOptions::default()
    };
    options.env.extend(context.env.iter().cloned());
    options.vars = context.vars.clone();
    options.var_files = context.var_files.clone();
    options.files = context_files(context);
    options
}

/// One loader diagnostic as a report on the file it points into.
fn diagnostic_report(files: &SourceFiles, found: &ModuleDiagnostic) -> Report {
    let mut problem = problem(found.diagnostic.clone());
    match found.file {
        Some(id) => {
            let file = files.get(id);
            Report::new(
                file.path.display().to_string(),
                file.text.to_string(),
                vec![problem],
            )
        }
        None => {
            problem.span = None;
            problem.secondary.clear();
            Report::new("", "", vec![problem])
        }
    }
}

/// The loader's options: this process's `TF_VAR_*`, then `--var-file`, then `--var`; the
/// state flags.
fn load_options(context: &Context) -> LoadOptions {
    let mut options = if HAS_ENVIRONMENT {
        LoadOptions::from_process_env()
    } else {
        LoadOptions::default()
    };
    options.env.extend(context.env.iter().cloned());
    options.vars = context.vars.clone();
    options.var_files = context.var_files.clone();
    options.var_order = context.var_order.clone();
    options.state_file = context.state.clone();
    options.workspace_flag = context.workspace.clone();
    options.schemas = context.schemas.clone();
    options.files = context_files(context);
    options.backend_config = context.backend_config.clone();
    options.language = context
        .language
        .or_else(|| Language::detect_in(options.files.as_ref(), &module_dir(context)))
        .unwrap_or_default();
    options
}

fn problems(diagnostics: Diagnostics) -> Vec<Problem> {
    diagnostics.into_iter().map(problem).collect()
}

fn problem(diagnostic: Diagnostic) -> Problem {
    let mut problem = Problem::error(diagnostic.summary, diagnostic.detail).at(diagnostic.span);
    problem.warning = !matches!(diagnostic.severity, terrace_eval::Severity::Error);
    problem.secondary = diagnostic.labels;
    if let Some(suggestion) = diagnostic.suggestion {
        let already_said = problem.detail.contains(&format!("\"{suggestion}\""));
        if !already_said {
            problem.suggestion = Some(format!("did you mean `{suggestion}`?"));
        }
    }
    problem
}

/// How the console prints a value (`terraform console`'s format).
pub fn format_value(value: &Value) -> String {
    terrace_types::format_value(value)
}

/// How the console prints a type (`type(...)`, `:type`).
pub fn format_type(ty: &Type) -> String {
    terrace_types::format_type(ty)
}

/// A value as JSON text; unknown and sensitive values cannot be.
pub fn format_json(value: &Value, span: Span) -> Result<String, Problem> {
    terrace_types::to_json(value).map_err(|error| {
        let place = if error.path.is_empty() {
            "The value".to_string()
        } else {
            format!("The element at {}", error.path)
        };
        Problem::error(
            "Value cannot be shown as JSON",
            format!("{place} cannot be shown as JSON: {}.", error.message),
        )
        .at(span)
    })
}

/// A value as `-r` prints it, like `jq -r`: a string as its bare text, a number or bool as its
/// text as the console prints it, null as an empty line, anything else as compact JSON (as `--json`). A value that is not wholly known,
/// or that is sensitive anywhere, is an error: a script must not take a placeholder for data.
pub fn format_raw(value: &Value, span: Span) -> Result<String, Problem> {
    if !value.is_wholly_known() {
        return Err(Problem::error(
            "Value is not known",
            "The value is (known after apply), so -r has no text to print; `:why` tells what makes it unknown.",
        )
        .at(span));
    }
    if value.marks_deep().is_sensitive() {
        return Err(Problem::error(
            "Value is sensitive",
            "The value is (sensitive value), so -r does not print it; `nonsensitive(...)` reveals it on purpose.",
        )
        .at(span));
    }
    let (plain, _) = value.clone().unmark_deep();
    if plain.is_null() {
        return Ok(String::new());
    }
    if let Some(text) = plain.as_str() {
        return Ok(text.to_string());
    }
    if let Some(flag) = plain.as_bool() {
        return Ok(flag.to_string());
    }
    if plain.as_number().is_some() {
        return Ok(format_value(&plain));
    }
    format_json(&plain, span)
}
