//! Finding the configuration's directories: the files of the root module and, recursively, of the local modules its `module` blocks call — with the early evaluation of a `source` built from variables and locals (Terraform 1.15's const variables, OpenTofu's variables).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_eval::{Diagnostic, Evaluator, Scope};
use terrace_syntax::{Name, Span};
use terrace_types::{Type, Value};

use super::dir_files::{DirFiles, MAX_MODULE_DEPTH};
use super::installed::InstalledModules;
use crate::module::inputs::variables::{
    Assignment, RootAssignments, VariableDecl, VariableSource, decode, finalize, root_assignments,
};
use crate::module::read::body::ConfigAttr;
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::files::{FileId, SourceFiles, module_file_names};
use crate::module::read::language::Language;
use crate::module::read::loader::read_module;
use crate::module::read::module_config::ModuleConfig;
use crate::module::read::options::LoadOptions;

/// What discovery needs besides the directories: the options and the root's `.tfvars`.
pub(crate) struct Discovery<'d> {
    pub(crate) options: &'d LoadOptions,
    pub(crate) tfvars: &'d [FileId],
    /// The root module's directory, which installed modules are relative to.
    pub(crate) root_dir: &'d Path,
    /// The modules `terraform init` installed.
    pub(crate) installed: &'d InstalledModules,
}

/// What discovery finds: the files of each module directory, the `source` of each
/// `module` block evaluated early (by call path and call name), and the problems.
pub(crate) struct Found<'f> {
    pub(crate) files: &'f mut SourceFiles,
    pub(crate) dirs: &'f mut BTreeMap<PathBuf, DirFiles>,
    pub(crate) sources: &'f mut BTreeMap<(String, String), String>,
    pub(crate) diagnostics: &'f mut Vec<ModuleDiagnostic>,
}

/// What a calling `module` block gives one of the called module's variables before
/// anything is evaluated: the early value (unknown where it reads what is not known
/// early), and the argument's place.
pub(crate) struct EarlyInput {
    value: Value,
    file: FileId,
    span: Span,
}

/// The early inputs of a called module, by variable name.
type EarlyInputs = BTreeMap<Name, EarlyInput>;

/// A module to read: the root, or a local module a `module` block calls.
struct Call {
    dir: PathBuf,
    /// Its `path.module`: `.` for the root, then each call's source.
    path_module: String,
    /// `module.a.module.b.`, empty for the root.
    prefix: String,
    /// What the call gives its variables (`None` for the root module, whose variables
    /// come from the options).
    inputs: Option<EarlyInputs>,
}

/// Reads the files of the root module in `root_dir` and, recursively, of the local
/// modules it calls. Each call path is followed, since a module's early values depend
/// on what its call gives it, but each directory's files are read once. Returns the
/// root module's early values (OpenTofu only, for its backend settings).
pub(crate) fn discover(
    discovery: &Discovery<'_>,
    root_dir: &Path,
    found: &mut Found<'_>,
) -> Option<EarlyScope> {
    let root = Call {
        dir: root_dir.to_path_buf(),
        path_module: ".".to_string(),
        prefix: String::new(),
        inputs: None,
    };
    visit(discovery, root, &mut Vec::new(), found)
}

/// Reads the module of `call`, then the modules it calls; `chain` holds the
/// directories of the modules calling it (a module that calls itself is not followed:
/// the module tree reports it).
fn visit(
    discovery: &Discovery<'_>,
    call: Call,
    chain: &mut Vec<PathBuf>,
    found: &mut Found<'_>,
) -> Option<EarlyScope> {
    if chain.len() > MAX_MODULE_DEPTH || chain.contains(&call.dir) {
        return None;
    }
    let language = discovery.options.language;
    if !found.dirs.contains_key(&call.dir) {
        let dir_files = read_dir_files(&call.dir, language, found.files, found.diagnostics);
        found.dirs.insert(call.dir.clone(), dir_files);
    }
    let (primary, overrides) = match found.dirs.get(&call.dir) {
        Some(files) => (files.primary.clone(), files.overrides.clone()),
        None => return None,
    };
    let mut children: Vec<Call> = Vec::new();
    let early = {
        let mut ignored = Vec::new();
        let config = read_module(found.files, &primary, &overrides, language, &mut ignored);
        // Terraform evaluates early only const variables and what is made of them: a
        // module without calls or const variables has nothing to evaluate early.
        let wants_early = language == Language::OpenTofu
            || !config.module_calls.is_empty()
            || config.variables.iter().any(|v| v.attr("const").is_some());
        let early = wants_early.then(|| {
            EarlyScope::new(
                discovery,
                &config,
                found.files,
                &call.path_module,
                call.inputs.as_ref(),
                found.diagnostics,
            )
        });
        for block in &config.module_calls {
            let Some(attr) = block.attr("source") else {
                continue;
            };
            let source = match (attr.literal_string(), &early) {
                (Some(source), _) => source,
                (None, Some(early)) => match early.string(&attr.expr) {
                    Some(source) => {
                        found.sources.insert(
                            (call.prefix.clone(), block.name().to_string()),
                            source.clone(),
                        );
                        source
                    }
                    None => {
                        // Not after an error about this module's const inputs, which
                        // leaves its sources unknown.
                        if language == Language::Terraform && !early.inputs_failed {
                            found.diagnostics.push(unresolved_source(attr));
                        }
                        continue;
                    }
                },
                (None, None) => continue,
            };
            let Some((dir, path_module)) = discovery.installed.locate(
                &*discovery.options.files,
                discovery.root_dir,
                (&call.dir, &call.path_module),
                &call.prefix,
                block.name(),
                &source,
            ) else {
                continue;
            };
            let inputs = early.as_ref().map(|early| {
                block
                    .attrs
                    .iter()
                    .map(|attr| {
                        let input = EarlyInput {
                            value: early.value(&attr.expr),
                            file: attr.file,
                            span: attr.expr.span,
                        };
                        (attr.name.clone(), input)
                    })
                    .collect()
            });
            children.push(Call {
                dir,
                path_module,
                prefix: format!("{}module.{}.", call.prefix, block.name()),
                inputs,
            });
        }
        early.filter(|_| language == Language::OpenTofu)
    };
    chain.push(call.dir);
    for child in children {
        visit(discovery, child, chain, found);
    }
    chain.pop();
    early
}

/// The primary and override files of `dir`, loaded (none when it cannot be read: reported).
fn read_dir_files(
    dir: &Path,
    language: Language,
    files: &mut SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> DirFiles {
    let names = match module_file_names(files.source(), dir, language) {
        Ok(names) => names,
        Err(error) => {
            diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
                "Failed to read module directory",
                format!(
                    "Module directory {} does not exist or cannot be read: {error}.",
                    dir.display()
                ),
                Span::default(),
            )));
            return DirFiles::default();
        }
    };
    let mut load = |paths: &[PathBuf]| -> Vec<FileId> {
        paths.iter().map(|p| files.load(p, diagnostics)).collect()
    };
    DirFiles {
        primary: load(&names.primary),
        overrides: load(&names.overrides),
    }
}

/// The early evaluation: what a module's variables and its locals that read only
/// variables and other such locals give before anything else is evaluated. In
/// Terraform only const variables have values then; in OpenTofu all do.
pub(crate) struct EarlyScope {
    evaluator: Evaluator,
    scope: Scope,
    /// A const variable was given what is not known early (reported).
    inputs_failed: bool,
}

impl EarlyScope {
    /// The early values of the module `config` at `path_module`, whose variables are `inputs`
    /// (`None`: the root module's, from the options and `.tfvars` files).
    /// Terraform's errors for const variables go in `diagnostics`: a root one without a
    /// value, a called module's one given what is not known early.
    fn new(
        discovery: &Discovery<'_>,
        config: &ModuleConfig<'_>,
        files: &SourceFiles,
        path_module: &str,
        inputs: Option<&EarlyInputs>,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) -> EarlyScope {
        let language = discovery.options.language;
        let evaluator = Evaluator::with_functions(language.functions());
        let mut ignored = Vec::new();
        let decls: Vec<_> = config
            .variables
            .iter()
            .map(|block| decode(block, files, &evaluator, &mut ignored))
            .collect();
        let mut assignments: BTreeMap<Name, Assignment> = match inputs {
            None => root_assignments(
                &decls,
                &RootAssignments {
                    env: &discovery.options.env,
                    tfvars: discovery.tfvars.to_vec(),
                    cli_vars: &discovery.options.vars,
                    n_cli_files: discovery.options.var_files.len(),
                    var_order: &discovery.options.var_order,
                },
                files,
                &evaluator,
                &mut ignored,
            ),
            Some(inputs) => inputs
                .iter()
                .map(|(name, input)| {
                    (
                        name.clone(),
                        Assignment {
                            value: input.value.clone(),
                            source: VariableSource::ModuleArgument,
                            place: None,
                        },
                    )
                })
                .collect(),
        };
        let mut inputs_failed = false;
        if language == Language::Terraform {
            for decl in decls.iter().filter(|decl| decl.is_const) {
                inputs_failed |= !const_checks(decl, inputs, &assignments, diagnostics);
            }
        }
        let mut scope = Scope::terraform();
        scope.insert_namespace(
            "path",
            Value::object([
                ("module", Value::string(path_module)),
                ("root", Value::string(".")),
            ]),
        );
        if language == Language::Terraform {
            // Terraform knows only const variables, locals and `path` this early:
            // `terraform.workspace` is not known yet.
            scope.insert_namespace("terraform", Value::unknown(Type::Dynamic));
        }
        for decl in &decls {
            let assignment = assignments.remove(&decl.name);
            let value = match language {
                Language::Terraform if !decl.is_const => None,
                _ => finalize(decl, assignment, files, &mut ignored),
            };
            let value = value.map_or_else(|| Value::unknown(Type::Dynamic), |(value, _)| value);
            scope.insert_attr("var", &decl.name, value);
        }
        // Locals in as many rounds as it takes: each round adds those whose local
        // references are all known by then.
        let mut pending: Vec<usize> = (0..config.locals.len()).collect();
        for local in &config.locals {
            scope.insert_attr("local", &local.name, Value::unknown(Type::Dynamic));
        }
        loop {
            let before = pending.len();
            pending.retain(|&i| {
                let local = &config.locals[i];
                let ready = terrace_eval::references(&local.expr).iter().all(|r| {
                    matches!(r.root(), "var" | "path" | "terraform")
                        || (r.root() == "local"
                            && match r.steps().first() {
                                Some(terrace_syntax::TraversalStep::Attr { name, .. }) => scope
                                    .get("local")
                                    .and_then(|l| l.get_attr(name))
                                    .is_some_and(|v| v.is_wholly_known()),
                                _ => false,
                            })
                });
                if !ready {
                    return true;
                }
                if let Ok(value) = evaluator.eval(&local.expr, &scope) {
                    scope.insert_attr("local", &local.name, value);
                }
                false
            });
            if pending.len() == before || pending.is_empty() {
                break;
            }
        }
        EarlyScope {
            evaluator,
            scope,
            inputs_failed,
        }
    }

    /// The value of `expr` here, unknown where it reads what is not known early.
    fn value(&self, expr: &terrace_syntax::Expr) -> Value {
        self.evaluator
            .eval(expr, &self.scope)
            .unwrap_or_else(|_| Value::unknown(Type::Dynamic))
    }

    /// The known string `expr` gives here.
    pub(crate) fn string(&self, expr: &terrace_syntax::Expr) -> Option<String> {
        let (value, _) = self.value(expr).unmark_deep();
        value.as_str().map(str::to_string)
    }
}

/// Terraform's error for a `source` that is not known early: it reads something other than
/// variables, locals and `path` (directly), or they do not give it early (a variable that
/// is not const, or a local made of what is not known then).
fn unresolved_source(attr: &ConfigAttr<'_>) -> ModuleDiagnostic {
    let invalid = terrace_eval::references(&attr.expr)
        .iter()
        .any(|r| !matches!(r.root(), "var" | "local" | "path"));
    let (summary, detail) = if invalid {
        (
            "Invalid module source",
            "The module source can only reference constant input variables and local values.",
        )
    } else {
        (
            "Unknown module source",
            "Only literal values and const variables can be evaluated during init.",
        )
    };
    ModuleDiagnostic::new(
        attr.file,
        Diagnostic::error(summary, detail, attr.expr.span),
    )
}

/// Terraform's checks of a const variable before anything is evaluated: a root module's
/// needs a value (its other required variables are unknown in the console), and a called
/// module's must be given one known early. False when one failed (reported).
fn const_checks(
    decl: &VariableDecl<'_, '_>,
    inputs: Option<&EarlyInputs>,
    assignments: &BTreeMap<Name, Assignment>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> bool {
    match inputs {
        None => {
            if !assignments.contains_key(&decl.name)
                && decl.default.is_none()
                && !decl.default_invalid
            {
                diagnostics.push(ModuleDiagnostic::new(
                    decl.block.file,
                    Diagnostic::error(
                        "No value for required variable",
                        format!(
                            "The root module input variable \"{}\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
                            decl.name
                        ),
                        decl.block.def_span,
                    ),
                ));
                return false;
            }
        }
        Some(inputs) => {
            if let Some(input) = inputs.get(&decl.name)
                && !input.value.is_wholly_known()
            {
                diagnostics.push(ModuleDiagnostic::new(
                    input.file,
                    Diagnostic::error(
                        "Const variables must be known",
                        "Only a constant value can be passed into a constant module variable.",
                        input.span,
                    ),
                ));
                return false;
            }
        }
    }
    true
}
