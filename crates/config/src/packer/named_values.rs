//! Building a template's [`Scope`]: `path` and `packer`, then variables,
//! data sources, locals, sources and builds.

use std::path::Path;
use std::sync::Arc;

use terrace_syntax::{Name, Span};
use terrace_types::{Marks, Type, Value};

use super::builds::{BuildValue, build_object, eval_builds};
use super::files::template_files;
use super::loader::read_template;
use super::locals::LocalValue;
use super::locals::eval_locals;
use super::options::{PACKER_VERSION, PackerOptions};
use super::sources::{SourceValue, eval_sources, source_object};
use super::variables::{Inputs, assignments, decode_block, decode_legacy, legacy_block};
use crate::module::inputs::variables::{finalize, validate};
use crate::module::read::diagnostics::{mark_configuration, warning};
use crate::module::{ModuleDiagnostic, SourceFiles, VariableSource, VariableValue};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;
use terrace_functions::{CallContext, FileSource};

/// A loaded and evaluated Packer template: its files, named values, sources,
/// builds and every diagnostic found on the way.
#[derive(Debug)]
pub struct LoadedTemplate {
    pub(super) files: SourceFiles,
    pub(super) diagnostics: Vec<ModuleDiagnostic>,
    pub(super) variables: Vec<VariableValue>,
    pub(super) locals: Vec<LocalValue>,
    pub(super) sources: Vec<SourceValue>,
    pub(super) builds: Vec<BuildValue>,
    pub(super) required_versions: Vec<String>,
    pub(super) required_plugins: Vec<(Name, Value)>,
    pub(super) scope: Scope,
}

/// The evaluator for a template: Packer's functions, relative paths against `base_dir`.
pub(crate) fn evaluator(files: Arc<dyn FileSource>, base_dir: &Path) -> Evaluator {
    Evaluator::with_functions(terrace_functions::packer()).with_context(CallContext {
        base_dir: base_dir.to_path_buf(),
        files,
        ..CallContext::default()
    })
}

/// Loads and evaluates the template at `path` (see [`load_template`](super::load_template)).
pub(crate) fn load(path: &Path, options: &PackerOptions) -> LoadedTemplate {
    let mut files = SourceFiles::new(options.files.clone());
    let mut diagnostics = Vec::new();
    let names = template_files(files.source(), path);
    if !files.source().exists(path) {
        diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
            "Failed to read template",
            format!("{} does not exist or cannot be read.", path.display()),
            Span::default(),
        )));
    } else if names.config.is_empty() {
        diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
            format!("Could not find any config file in {}", path.display()),
            "A config file must be suffixed with `.pkr.hcl` or `.pkr.json`. A folder can be referenced.",
            Span::default(),
        )));
    }
    let config_ids: Vec<_> = names
        .config
        .iter()
        .map(|p| files.load(p, &mut diagnostics))
        .collect();
    let var_file_ids: Vec<_> = names
        .auto_vars
        .iter()
        .chain(&options.var_files)
        .map(|p| files.load(p, &mut diagnostics))
        .collect();
    let evaluator = evaluator(options.files.clone(), &names.base_dir);
    let config = read_template(&files, &config_ids, &mut diagnostics);

    let cwd = options.cwd.clone().unwrap_or_else(|| {
        std::env::current_dir().unwrap_or_else(|_| std::path::PathBuf::from("."))
    });
    let mut scope = Scope::new();
    scope.insert_namespace(
        "path",
        Value::object([
            ("cwd", Value::string(slashes(&cwd))),
            ("root", Value::string(slashes(&names.base_dir))),
        ]),
    );
    scope.insert_namespace(
        "packer",
        Value::object([
            ("version", Value::string(PACKER_VERSION)),
            ("iterationID", Value::unknown(Type::String)),
            ("versionFingerprint", Value::unknown(Type::String)),
        ]),
    );
    for root in ["var", "local", "data"] {
        scope.insert_namespace(root, Value::empty_object());
    }

    // Input variables.
    let legacy_blocks: Vec<_> = config.legacy_variables.iter().map(legacy_block).collect();
    let mut decls: Vec<_> = config
        .variables
        .iter()
        .map(|block| decode_block(block, &files, &evaluator, &mut diagnostics))
        .collect();
    decls.extend(
        legacy_blocks
            .iter()
            .zip(&config.legacy_variables)
            .map(|(block, attr)| decode_legacy(block, attr, &evaluator, &mut diagnostics)),
    );
    // Syntax, blocks, duplicates and variable declarations: configuration errors.
    mark_configuration(&mut diagnostics, 0);
    let mut assigned = assignments(
        &decls,
        &Inputs {
            env: &options.env,
            var_files: var_file_ids,
            cli_vars: &options.vars,
        },
        &files,
        &evaluator,
        &mut diagnostics,
    );
    let mut variables = Vec::new();
    let mut unset = Vec::new();
    for decl in &decls {
        let assignment = assigned.remove(&decl.name);
        let (value, source) = match finalize(decl, assignment, &files, &mut diagnostics) {
            Some(found) => found,
            None => {
                if !decl.default_invalid {
                    unset.push(format!("var.{}", decl.name));
                }
                let value = Value::unknown(decl.constraint.result_type());
                let value = if decl.sensitive {
                    value.mark(Marks::SENSITIVE)
                } else {
                    value
                };
                (value, VariableSource::Unset)
            }
        };
        scope.insert_attr("var", &decl.name, value.clone());
        variables.push(VariableValue {
            name: decl.name.clone(),
            value,
            source,
            sensitive: decl.sensitive,
        });
    }
    if !unset.is_empty() {
        diagnostics.push(ModuleDiagnostic::without_file(warning(
            "Unset variables",
            format!(
                "No value was given for {}, so {} unknown here. Packer needs a value for each variable a build uses (\"A used variable must be set or have a default value\").",
                unset.join(", "),
                if unset.len() == 1 { "it is" } else { "they are" }
            ),
            Span::default(),
        )));
    }
    for (decl, variable) in decls.iter().zip(&variables) {
        let start = diagnostics.len();
        validate(
            decl,
            &variable.value,
            &scope,
            &evaluator,
            &files,
            &mut diagnostics,
        );
        // Packer names where the failing value came from.
        let from = match variable.source {
            VariableSource::Environment => "env",
            VariableSource::File(_) => "varfile",
            VariableSource::CommandLine => "cmd",
            _ => "default",
        };
        for found in &mut diagnostics[start..] {
            if found.diagnostic.summary == "Invalid value for variable" {
                found.diagnostic.summary = format!("Invalid value for {from} variable");
            }
        }
    }

    // Data sources: run by Packer, so every attribute is unknown here.
    for data in &config.data {
        let by_type = scope
            .get("data")
            .and_then(|d| d.get_attr(&data.block_type))
            .and_then(|v| v.as_attrs().cloned())
            .unwrap_or_default();
        let mut by_type = by_type;
        by_type.insert(data.name.clone(), Value::unknown(Type::Dynamic));
        scope.insert_attr("data", &data.block_type, Value::object(by_type));
    }

    let locals = eval_locals(
        &config.locals,
        &mut scope,
        &evaluator,
        &files,
        &mut diagnostics,
    );

    // Sources, then the console's `source` (no build running: its name and type unknown).
    scope.insert_namespace("build", build_object(None));
    scope.insert_namespace("source", source_object(None, &[]));
    let sources = eval_sources(&config.sources, &scope, &evaluator, &mut diagnostics);
    scope.insert_namespace("source", source_object(None, &sources));
    let builds = eval_builds(
        &config.builds,
        &config.sources,
        &sources,
        &scope,
        &evaluator,
        &files,
        &mut diagnostics,
    );
    let constant = |attr: &crate::module::ConfigAttr<'_>,
                    diagnostics: &mut Vec<ModuleDiagnostic>| {
        match evaluator.eval(&attr.expr, &Scope::new()) {
            Ok(value) => Some(value),
            Err(found) => {
                diagnostics.extend(
                    found
                        .into_iter()
                        .map(|d| ModuleDiagnostic::new(attr.file, d)),
                );
                None
            }
        }
    };
    let required_versions = config
        .required_versions
        .iter()
        .filter_map(|attr| constant(attr, &mut diagnostics))
        .filter_map(|value| value.as_str().map(str::to_string))
        .collect();
    let required_plugins = config
        .required_plugins
        .iter()
        .filter_map(|attr| Some((attr.name.clone(), constant(attr, &mut diagnostics)?)))
        .collect();
    // A build evaluates its provisioners once per source: report each problem once.
    let mut unique: Vec<ModuleDiagnostic> = Vec::new();
    for found in diagnostics {
        if !unique.contains(&found) {
            unique.push(found);
        }
    }
    LoadedTemplate {
        files,
        diagnostics: unique,
        variables,
        locals,
        sources,
        builds,
        required_versions,
        required_plugins,
        scope,
    }
}

/// A path as Packer shows it: with forward slashes.
fn slashes(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}
