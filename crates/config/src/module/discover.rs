//! Finding the configuration's directories: the files of the root module and, recursively, of the local modules its `module` blocks call — with OpenTofu's early evaluation of a `source` built from variables and locals.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_eval::{Diagnostic, Evaluator, Scope};
use terrace_syntax::{Name, Span};
use terrace_types::{Type, Value};

use super::diagnostics::ModuleDiagnostic;
use super::files::{FileId, SourceFiles, module_file_names};
use super::loader::{ModuleConfig, read_module};
use super::module_calls::{is_local_source, join_clean};
use super::named_values::{DirFiles, MAX_MODULE_DEPTH};
use super::variables::{Assignment, RootAssignments, decode, finalize, root_assignments};
use super::{Language, LoadOptions};

/// What discovery needs besides the directories: the options and the root's `.tfvars`.
pub(crate) struct Discovery<'d> {
    pub(crate) options: &'d LoadOptions,
    pub(crate) tfvars: &'d [FileId],
}

/// Reads the files of `dir` and, recursively, of the local modules it calls. `inputs`
/// are the values a calling `module` block gives the module's variables, as far as
/// they are known before anything is evaluated (`None` for the root module, whose
/// variables come from the options). OpenTofu's early-evaluated sources go in `sources`;
/// the early values of `dir` itself are returned (OpenTofu only).
#[allow(clippy::too_many_arguments)]
pub(crate) fn discover(
    discovery: &Discovery<'_>,
    dir: &Path,
    depth: usize,
    inputs: Option<BTreeMap<Name, Value>>,
    files: &mut SourceFiles,
    dirs: &mut BTreeMap<PathBuf, DirFiles>,
    sources: &mut BTreeMap<(PathBuf, String), String>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<EarlyScope> {
    if dirs.contains_key(dir) || depth > MAX_MODULE_DEPTH {
        return None;
    }
    let language = discovery.options.language;
    let names = match module_file_names(dir, language) {
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
            dirs.insert(dir.to_path_buf(), DirFiles::default());
            return None;
        }
    };
    let primary: Vec<FileId> = names
        .primary
        .iter()
        .map(|p| files.load(p, diagnostics))
        .collect();
    let overrides: Vec<FileId> = names
        .overrides
        .iter()
        .map(|p| files.load(p, diagnostics))
        .collect();
    // The calls to local modules: their directories and, for OpenTofu, their inputs.
    let mut children: Vec<(PathBuf, Option<BTreeMap<Name, Value>>)> = Vec::new();
    let early = {
        let mut ignored = Vec::new();
        let config = read_module(files, &primary, &overrides, &mut ignored);
        let early = (language == Language::OpenTofu)
            .then(|| EarlyScope::new(discovery, &config, files, dir, inputs.as_ref()));
        for block in &config.module_calls {
            let Some(attr) = block.attr("source") else {
                continue;
            };
            let source = match (attr.literal_string(), &early) {
                (Some(source), _) => source,
                (None, Some(early)) => match early.string(&attr.expr) {
                    Some(source) => {
                        sources.insert(
                            (dir.to_path_buf(), block.name().to_string()),
                            source.clone(),
                        );
                        source
                    }
                    None => continue,
                },
                (None, None) => continue,
            };
            if !is_local_source(&source) {
                continue;
            }
            let child_inputs = early.as_ref().map(|early| {
                block
                    .attrs
                    .iter()
                    .map(|attr| (attr.name.clone(), early.value(&attr.expr)))
                    .collect()
            });
            children.push((join_clean(dir, &source), child_inputs));
        }
        early
    };
    dirs.insert(dir.to_path_buf(), DirFiles { primary, overrides });
    for (child, child_inputs) in children {
        discover(
            discovery,
            &child,
            depth + 1,
            child_inputs,
            files,
            dirs,
            sources,
            diagnostics,
        );
    }
    early
}

/// OpenTofu's early evaluation: what a module's variables and its locals that read
/// only variables and other such locals give before anything else is evaluated.
pub(crate) struct EarlyScope {
    evaluator: Evaluator,
    scope: Scope,
}

impl EarlyScope {
    /// The early values of the module `config` in `dir`, whose variables are `inputs`
    /// (`None`: the root module's, from the options and `.tfvars` files).
    fn new(
        discovery: &Discovery<'_>,
        config: &ModuleConfig<'_>,
        files: &SourceFiles,
        dir: &Path,
        inputs: Option<&BTreeMap<Name, Value>>,
    ) -> EarlyScope {
        let evaluator = Evaluator::with_functions(Language::OpenTofu.functions());
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
                .map(|(name, value)| {
                    (
                        name.clone(),
                        Assignment {
                            value: value.clone(),
                            source: super::VariableSource::ModuleArgument,
                            place: None,
                        },
                    )
                })
                .collect(),
        };
        let mut scope = Scope::terraform();
        scope.insert_namespace(
            "path",
            Value::object([
                ("module", Value::string(dir.to_string_lossy())),
                ("root", Value::string(".")),
            ]),
        );
        for decl in &decls {
            let value = finalize(decl, assignments.remove(&decl.name), files, &mut ignored)
                .map_or_else(|| Value::unknown(Type::Dynamic), |(value, _)| value);
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
        EarlyScope { evaluator, scope }
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
