//! Input variables: `variable` blocks (type, default, nullable, sensitive, validation) and where values come from.
//!
//! Values are taken in Terraform's order of precedence, each source
//! replacing the earlier ones: the default, `TF_VAR_name` environment
//! variables, `terraform.tfvars`, `terraform.tfvars.json`, `*.auto.tfvars`
//! and `*.auto.tfvars.json` together in lexical order, `--var-file` files,
//! then `--var` assignments; a `cloud` block's workspace variables fill what
//! none of those set. A child module's variables get their values
//! from the arguments of the `module` block instead. Strings in JSON files
//! are literal (`"${x}"` is those four characters), as in Terraform.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use terrace_syntax::{Name, Span};
use terrace_types::{Marks, Type, TypeConstraint, Value, convert};

use super::conditions::{Failure, failed_rule};
use crate::module::read::decode::{bool_attr, constant, string_attr, variable_type};
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::files::{FileId, SourceFiles};
use crate::module::read::module_config::BlockConfig;
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;
use terrace_functions::FunctionTable;

/// Where a variable's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariableSource {
    /// The `default` argument.
    Default,
    /// A `TF_VAR_name` environment variable.
    Environment,
    /// A `.tfvars` file (`terraform.tfvars`, `*.auto.tfvars`, `--var-file`).
    File(Arc<Path>),
    /// A `--var` assignment.
    CommandLine,
    /// An argument of the calling `module` block.
    ModuleArgument,
    /// No value: a required variable, unknown here.
    Unset,
    /// Unknown because the `remote` backend's console leaves every root variable that is not
    /// set from outside unknown (its default unused), as Terraform's does.
    RemoteBackend,
    /// A variable of the HCP Terraform workspace a `cloud` block selects (below every local
    /// source; unknown when the workspace marks it sensitive).
    Workspace,
}

/// An input variable's final value.
#[derive(Clone, Debug)]
pub struct VariableValue {
    /// The variable's name.
    pub name: Name,
    /// The value (unknown when unset; marked when sensitive).
    pub value: Value,
    /// Where it came from.
    pub source: VariableSource,
    /// `sensitive = true`.
    pub sensitive: bool,
}

/// A decoded `variable` block.
#[derive(Debug)]
pub(crate) struct VariableDecl<'c, 'a> {
    pub(crate) name: Name,
    pub(crate) block: &'c BlockConfig<'a>,
    pub(crate) constraint: TypeConstraint,
    pub(crate) default: Option<Value>,
    pub(crate) nullable: bool,
    pub(crate) sensitive: bool,
    pub(crate) ephemeral: bool,
    /// `const = true` (Terraform 1.15): the value is known when modules are installed, so
    /// module `source` and `version` arguments may use it.
    pub(crate) is_const: bool,
    /// `deprecated = "..."` (Terraform 1.15): the message, for a warning when the variable
    /// is given a value.
    pub(crate) deprecated: Option<String>,
    /// `--var` and `TF_VAR_` strings are HCL expressions (non-primitive types)
    /// rather than literal strings.
    pub(crate) parse_hcl: bool,
    /// The `default` did not fit the type (reported): not a required variable.
    pub(crate) default_invalid: bool,
}

impl VariableDecl<'_, '_> {
    /// The marks the variable's value carries: `sensitive`, and `ephemeral` (Terraform prints
    /// an ephemeral value as `(ephemeral value)`, and `ephemeralasnull` makes it null).
    pub(crate) fn marks(&self) -> Marks {
        let mut marks = Marks::NONE;
        if self.sensitive {
            marks |= Marks::SENSITIVE;
        }
        if self.ephemeral {
            marks |= Marks::EPHEMERAL;
        }
        marks
    }
}

/// A value given for a variable, and where.
#[derive(Clone, Debug)]
pub(crate) struct Assignment {
    pub(crate) value: Value,
    pub(crate) source: VariableSource,
    /// The expression that gave it, when it was written in a file.
    pub(crate) place: Option<(FileId, Span)>,
}

/// Decodes a `variable` block.
pub(crate) fn decode<'c, 'a>(
    block: &'c BlockConfig<'a>,
    files: &SourceFiles,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> VariableDecl<'c, 'a> {
    // In Terraform's order, for the order of its diagnostics.
    string_attr(block, "description", evaluator, diagnostics);
    let declared = variable_type(block, diagnostics);
    let parse_hcl = declared.as_ref().is_some_and(|c| !c.ty.is_primitive());
    let constraint = declared.unwrap_or_else(|| TypeConstraint::new(Type::Dynamic));
    let sensitive = bool_attr(block, "sensitive", false, evaluator, diagnostics);
    let ephemeral = bool_attr(block, "ephemeral", false, evaluator, diagnostics);
    let is_const = bool_attr(block, "const", false, evaluator, diagnostics);
    let nullable = bool_attr(block, "nullable", true, evaluator, diagnostics);
    let deprecated = string_attr(block, "deprecated", evaluator, diagnostics);
    let mut default_invalid = false;
    let default = block.attr("default").and_then(|attr| {
        // A JSON default is read in literal-only mode, as Terraform does.
        let raw = constant(evaluator, &attr.literal_expr(), attr.file, diagnostics)?;
        if raw.is_null() && !nullable {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Invalid default value for variable",
                    "A null default value is not valid when nullable=false.",
                    attr.expr.span,
                ),
            ));
            default_invalid = true;
            return None;
        }
        match convert(&constraint.apply_defaults(&raw), &constraint.ty) {
            Ok(value) => Some(value),
            Err(error) => {
                // A type from an override file that the original default does not fit.
                let type_override = block
                    .attr("type")
                    .filter(|ty| ty.file != attr.file)
                    .and_then(|ty| block.overrides.iter().rev().find(|(file, _)| *file == ty.file));
                let found = match type_override {
                    Some(&(file, span)) => ModuleDiagnostic::new(
                        file,
                        Diagnostic::error(
                            "Invalid default value for variable",
                            format!(
                                "Overriding this variable's type constraint has made its default value invalid: {error}."
                            ),
                            span,
                        ),
                    ),
                    None => ModuleDiagnostic::new(
                        attr.file,
                        Diagnostic::error(
                            "Invalid default value for variable",
                            format!(
                                "This default value is not compatible with the variable's type constraint: {error}."
                            ),
                            attr.expr.span,
                        ),
                    ),
                };
                diagnostics.push(found);
                default_invalid = true;
                None
            }
        }
    });
    let _ = files;
    VariableDecl {
        name: Name::from(block.name()),
        block,
        constraint,
        default,
        nullable,
        sensitive,
        ephemeral,
        is_const,
        deprecated,
        parse_hcl,
        default_invalid,
    }
}

impl VariableDecl<'_, '_> {
    /// Terraform's errors for a const variable that is also sensitive or ephemeral
    /// (OpenTofu allows both).
    pub(crate) fn const_conflicts(&self, diagnostics: &mut Vec<ModuleDiagnostic>) {
        if !self.is_const {
            return;
        }
        for (set, what) in [(self.sensitive, "sensitive"), (self.ephemeral, "ephemeral")] {
            if set {
                diagnostics.push(ModuleDiagnostic::new(
                    self.block.file,
                    Diagnostic::error(
                        format!("Const variable cannot be {what}"),
                        format!(
                            "A variable that is marked as \"const\" cannot also be marked as \"{what}\"."
                        ),
                        self.block.def_span,
                    ),
                ));
            }
        }
    }
}

/// The root module's assignments from the environment, `.tfvars` files and the command line.
pub(crate) struct RootAssignments<'o> {
    pub(crate) env: &'o BTreeMap<String, String>,
    pub(crate) tfvars: Vec<FileId>,
    pub(crate) cli_vars: &'o [(String, String)],
    /// How many of `tfvars` (the last ones) are `--var-file` files.
    pub(crate) n_cli_files: usize,
    /// For each of `cli_vars`, how many `--var-file` files come before it on the command
    /// line (see [`super::LoadOptions::var_order`]).
    pub(crate) var_order: &'o [usize],
}

/// Collects the root module's variable values in order of precedence.
pub(crate) fn root_assignments(
    decls: &[VariableDecl<'_, '_>],
    sources: &RootAssignments<'_>,
    files: &SourceFiles,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> BTreeMap<Name, Assignment> {
    let mut assigned: BTreeMap<Name, Assignment> = BTreeMap::new();
    let find = |name: &str| decls.iter().find(|d| &*d.name == name);
    for (key, raw) in sources.env {
        let Some(name) = key.strip_prefix("TF_VAR_") else {
            continue;
        };
        // Undeclared TF_VAR_ variables are ignored, as Terraform does.
        if let Some(decl) = find(name)
            && let Some(value) = parse_raw(decl, raw, "environment variable", diagnostics)
        {
            assigned.insert(
                decl.name.clone(),
                Assignment {
                    value,
                    source: VariableSource::Environment,
                    place: None,
                },
            );
        }
    }
    // Terraform applies `terraform.tfvars` and the `*.auto.tfvars` files, then `--var-file`
    // and `--var` in command-line order, a later one winning.
    let n_cli_files = sources.n_cli_files.min(sources.tfvars.len());
    let (own_files, cli_files) = sources.tfvars.split_at(sources.tfvars.len() - n_cli_files);
    let apply_file = |file: FileId,
                      assigned: &mut BTreeMap<Name, Assignment>,
                      diagnostics: &mut Vec<ModuleDiagnostic>| {
        let (attrs, found) = files.body(file).just_attributes();
        diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
        let path = files.get(file).path.clone();
        for attr in attrs {
            let Some(decl) = find(&attr.name) else {
                diagnostics.push(ModuleDiagnostic::new(
                    file,
                    crate::module::read::diagnostics::warning(
                        "Value for undeclared variable",
                        format!(
                            "The root module does not declare a variable named \"{}\" but a value was found in file \"{}\". If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
                            attr.name,
                            file_name(&path)
                        ),
                        attr.name_span,
                    ),
                ));
                continue;
            };
            // `.tfvars.json` strings are literal, as Terraform reads them.
            if let Some(value) = constant(evaluator, &attr.literal_expr(), file, diagnostics) {
                assigned.insert(
                    decl.name.clone(),
                    Assignment {
                        value,
                        source: VariableSource::File(path.clone()),
                        place: Some((file, attr.expr.span)),
                    },
                );
            }
        }
    };
    let apply_var = |name: &String,
                     raw: &String,
                     assigned: &mut BTreeMap<Name, Assignment>,
                     diagnostics: &mut Vec<ModuleDiagnostic>| {
        let Some(decl) = find(name) else {
            diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
                "Value for undeclared variable",
                format!(
                    "A variable named \"{name}\" was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration."
                ),
                Span::default(),
            )));
            return;
        };
        if let Some(value) = parse_raw(decl, raw, "command line", diagnostics) {
            assigned.insert(
                decl.name.clone(),
                Assignment {
                    value,
                    source: VariableSource::CommandLine,
                    place: None,
                },
            );
        }
    };
    for &file in own_files {
        apply_file(file, &mut assigned, diagnostics);
    }
    for position in 0..=cli_files.len() {
        for (idx, (name, raw)) in sources.cli_vars.iter().enumerate() {
            let before = sources
                .var_order
                .get(idx)
                .copied()
                .unwrap_or(cli_files.len());
            if before.min(cli_files.len()) == position {
                apply_var(name, raw, &mut assigned, diagnostics);
            }
        }
        if let Some(&file) = cli_files.get(position) {
            apply_file(file, &mut assigned, diagnostics);
        }
    }
    assigned
}

/// Adds the `cloud` block's workspace variables to `assigned` where no local source set the
/// variable, as Terraform's console does (`FetchVariables`, then only keys the command line,
/// files and `TF_VAR_` left unset): an HCL value is read as a `.tfvars` expression (an error
/// stops the console), any other is a string; a sensitive one, whose value the API never
/// gives, is unknown (of type string unless HCL), with Terraform's warning. Undeclared ones
/// are ignored without a word, as Terraform ignores them.
pub(crate) fn workspace_assignments(
    decls: &[VariableDecl<'_, '_>],
    variables: &[terrace_backend::WorkspaceVariable],
    assigned: &mut BTreeMap<Name, Assignment>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for variable in variables {
        let Some(decl) = decls.iter().find(|d| *d.name == variable.key) else {
            continue;
        };
        if assigned.contains_key(&decl.name) {
            continue;
        }
        let value = match &variable.value {
            _ if variable.sensitive => {
                diagnostics.push(ModuleDiagnostic::without_file(
                    crate::module::read::diagnostics::warning(
                        format!("Value for var.{} unavailable", variable.key),
                        format!(
                            "The value of variable \"{}\" is marked as sensitive in the remote workspace. This operation always runs locally, so the value for that variable is not available.",
                            variable.key
                        ),
                        Span::default(),
                    ),
                ));
                Value::unknown(if variable.hcl {
                    Type::Dynamic
                } else {
                    Type::String
                })
            }
            Some(text) if variable.hcl => match parse_value(text) {
                Ok(value) => value,
                Err(_) => {
                    let mut found = ModuleDiagnostic::without_file(Diagnostic::error(
                        format!("Invalid expression for var.{}", variable.key),
                        format!(
                            "The value of variable \"{}\" is marked in the remote workspace as being specified in HCL syntax, but the given value is not valid HCL. Stored variable values must be valid literal expressions and may not contain references to other variables or calls to functions.",
                            variable.key
                        ),
                        Span::default(),
                    ));
                    found.stage = crate::module::read::diagnostics::Stage::Configuration;
                    diagnostics.push(found);
                    continue;
                }
            },
            Some(text) => Value::string(text.as_str()),
            None => Value::string(""),
        };
        assigned.insert(
            decl.name.clone(),
            Assignment {
                value,
                source: VariableSource::Workspace,
                place: None,
            },
        );
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A `--var` or `TF_VAR_` string: literal for primitive (or unset) types,
/// otherwise an HCL expression.
fn parse_raw(
    decl: &VariableDecl<'_, '_>,
    raw: &str,
    origin: &str,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Value> {
    if !decl.parse_hcl {
        return Some(Value::string(raw));
    }
    match parse_value(raw) {
        Ok(value) => Some(value),
        Err(first) => {
            let mut found = ModuleDiagnostic::without_file(Diagnostic::error(
                "Invalid value for input variable",
                format!(
                    "The value for variable \"{}\" given in the {origin} is not a valid expression: {first}.",
                    decl.name,
                ),
                Span::default(),
            ));
            // Terraform cannot start with a value it cannot parse: like a
            // syntax error in a .tfvars file, it stops `terraform console`.
            found.stage = crate::module::read::diagnostics::Stage::Configuration;
            diagnostics.push(found);
            None
        }
    }
}

/// A variable value given as text that holds an HCL expression (`TF_VAR_`,
/// `PKR_VAR_`, `--var`): its value, evaluated with no variables or
/// functions in scope, or the first problem's text without its final period.
pub(crate) fn parse_value(raw: &str) -> Result<Value, String> {
    terrace_syntax::parse_expr(raw)
        .map_err(|error| Diagnostic::from(&error).into())
        .and_then(|expr| Evaluator::with_functions(FunctionTable::default()).eval_constant(&expr))
        .map_err(|found| {
            let first = found.first().map(ToString::to_string).unwrap_or_default();
            first.trim_end_matches('.').to_string()
        })
}

/// Where a value given from outside any file came from, in Terraform's words.
fn given_from(source: &VariableSource, name: &str) -> String {
    match source {
        VariableSource::Environment => {
            format!("set using the TF_VAR_{name} environment variable")
        }
        VariableSource::CommandLine => format!("set using -var=\"{name}=...\""),
        _ => "set from outside of the configuration".to_string(),
    }
}

/// The final value of one variable: the assignment (or the default) after
/// defaults of optional attributes, conversion to the type, the nullable rule
/// and the sensitive mark; `None` when a required variable has no value.
pub(crate) fn finalize(
    decl: &VariableDecl<'_, '_>,
    assignment: Option<Assignment>,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<(Value, VariableSource)> {
    let given_at = assignment.as_ref().and_then(|a| a.place);
    let (value, source) = match assignment {
        Some(assignment) if assignment.value.is_null() && !decl.nullable => match &decl.default {
            Some(default) => (default.clone(), VariableSource::Default),
            None => {
                // Terraform names the declaration when the value has a place in a file, else
                // where it came from (and points at the declaration).
                let detail = match assignment.place {
                    Some(_) => format!(
                        "The given value is not suitable for var.{} defined at {}: required variable may not be set to null.",
                        decl.name,
                        files.place(decl.block.file, decl.block.def_span),
                    ),
                    None => format!(
                        "Unsuitable value for var.{} {}: required variable may not be set to null.",
                        decl.name,
                        given_from(&assignment.source, &decl.name),
                    ),
                };
                let (file, span) = assignment
                    .place
                    .unwrap_or((decl.block.file, decl.block.def_span));
                diagnostics.push(ModuleDiagnostic::new(
                    file,
                    Diagnostic::error("Required variable not set", detail, span),
                ));
                return None;
            }
        },
        Some(assignment) => {
            let raw = decl.constraint.apply_defaults(&assignment.value);
            match convert(&raw, &decl.constraint.ty) {
                Ok(value) => (value, assignment.source),
                Err(error) => {
                    let (file, detail, span) = match assignment.place {
                        Some((file, span)) => (
                            file,
                            format!(
                                "The given value is not suitable for var.{} declared at {}: {error}.",
                                decl.name,
                                files.place(decl.block.file, decl.block.def_span),
                            ),
                            span,
                        ),
                        None => (
                            decl.block.file,
                            format!(
                                "Unsuitable value for var.{} {}: {error}.",
                                decl.name,
                                given_from(&assignment.source, &decl.name),
                            ),
                            decl.block.def_span,
                        ),
                    };
                    diagnostics.push(ModuleDiagnostic::new(
                        file,
                        Diagnostic::error("Invalid value for input variable", detail, span),
                    ));
                    return None;
                }
            }
        }
        None => match &decl.default {
            Some(default) => (default.clone(), VariableSource::Default),
            None => return None,
        },
    };
    if !decl.ephemeral && value.has_mark_deep(Marks::EPHEMERAL) {
        let (file, span) = given_at.unwrap_or((decl.block.file, decl.block.def_span));
        diagnostics.push(ModuleDiagnostic::new(
            file,
            Diagnostic::error(
                "Ephemeral value not allowed",
                "This input variable is not declared as accepting a ephemeral values, so it cannot be set to a result derived from an ephemeral value.",
                span,
            ),
        ));
        return None;
    }
    Some((value.mark(decl.marks()), source))
}

/// Runs the `validation` blocks of a variable against the module scope.
pub(crate) fn validate(
    decl: &VariableDecl<'_, '_>,
    value: &Value,
    scope: &Scope,
    evaluator: &Evaluator,
    files: &SourceFiles,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    if !value.is_wholly_known() {
        return;
    }
    for rule in decl.block.blocks_of("validation") {
        let failure = failed_rule(
            rule,
            scope,
            evaluator,
            (
                "Invalid validation result",
                "The validation condition must produce a boolean value.",
            ),
            "The validation rule failed.",
            diagnostics,
        );
        if let Some(Failure {
            message,
            at: (file, span),
        }) = failure
        {
            diagnostics.push(ModuleDiagnostic::new(
                file,
                Diagnostic::error(
                    "Invalid value for variable",
                    format!(
                        "{message}\n\nThis was checked by the validation rule at {}.",
                        files.place(rule.file, rule.def_span)
                    ),
                    span,
                ),
            ));
        }
    }
}
