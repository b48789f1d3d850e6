//! Packer's input variables: `variable` blocks (decoded as Terraform's),
//! the older `variables { name = default }` block, and values in Packer's
//! order of precedence.
//!
//! Each source replaces the earlier ones: the default, `PKR_VAR_name`
//! environment variables, `*.auto.pkrvars.hcl` in lexical order,
//! `--var-file` files, then `--var` assignments. As in Packer, a variable
//! declared without a type takes the type of its default, and a string
//! from the environment or the command line is an HCL expression unless
//! that type is `string`, `number` or not known.

use std::collections::BTreeMap;

use terrace_syntax::{Name, Span};
use terrace_types::{Type, TypeConstraint, Value, convert};

use crate::module::inputs::variables::{Assignment, VariableDecl, decode, parse_value};
use crate::module::read::module_config::BlockConfig;
use crate::module::{ConfigAttr, FileId, ModuleDiagnostic, SourceFiles, VariableSource};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;

/// The environment prefix of variable values.
const ENV_PREFIX: &str = "PKR_VAR_";

/// A `variable` block decoded as Packer reads it.
pub(crate) fn decode_block<'c, 'a>(
    block: &'c BlockConfig<'a>,
    files: &SourceFiles,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> VariableDecl<'c, 'a> {
    let mut decl = decode(block, files, evaluator, diagnostics);
    if block.attr("type").is_none()
        && let Some(default) = &decl.default
        && *default.ty() != Type::empty_object()
        && *default.ty() != Type::empty_tuple()
        && !default.is_null()
    {
        decl.constraint = TypeConstraint::new(default.ty().clone());
    }
    decl.parse_hcl = parses_as_hcl(&decl.constraint.ty);
    decl
}

/// A placeholder block for one argument of a `variables` block: its name as
/// label and the argument's place as the definition.
pub(crate) fn legacy_block<'a>(attr: &ConfigAttr<'a>) -> BlockConfig<'a> {
    BlockConfig {
        block_type: Name::from("variables"),
        labels: vec![(attr.name.clone(), attr.name_span)],
        def_span: attr.name_span,
        missing_item_span: attr.name_span,
        file: attr.file,
        attrs: Vec::new(),
        blocks: Vec::new(),
        lifecycle: Vec::new(),
        overrides: Vec::new(),
    }
}

/// A variable of a `variables` block: its default is the argument's value,
/// its type that value's type.
pub(crate) fn decode_legacy<'c, 'a>(
    block: &'c BlockConfig<'a>,
    attr: &ConfigAttr<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> VariableDecl<'c, 'a> {
    let default = match evaluator.eval(&attr.expr, &Scope::new()) {
        Ok(value) => Some(value),
        Err(found) => {
            diagnostics.extend(
                found
                    .into_iter()
                    .map(|d| ModuleDiagnostic::new(attr.file, d)),
            );
            None
        }
    };
    let ty = default.as_ref().map_or(Type::Dynamic, |v| v.ty().clone());
    VariableDecl {
        name: attr.name.clone(),
        block,
        parse_hcl: parses_as_hcl(&ty),
        constraint: TypeConstraint::new(ty),
        default_invalid: default.is_none(),
        default,
        nullable: true,
        sensitive: false,
        ephemeral: false,
        is_const: false,
        deprecated: None,
    }
}

/// Packer reads `string`, `number` and untyped values literally, any other
/// type's value as an expression.
fn parses_as_hcl(ty: &Type) -> bool {
    !matches!(ty, Type::String | Type::Number | Type::Dynamic)
}

/// The variable values from outside the template.
pub(crate) struct Inputs<'o> {
    pub(crate) env: &'o BTreeMap<String, String>,
    /// `*.auto.pkrvars.hcl` then `--var-file` files.
    pub(crate) var_files: Vec<FileId>,
    pub(crate) cli_vars: &'o [(String, String)],
}

/// Collects the values given for the variables, in order of precedence,
/// each converted to its variable's type (Packer's messages when it does not fit).
pub(crate) fn assignments(
    decls: &[VariableDecl<'_, '_>],
    inputs: &Inputs<'_>,
    files: &SourceFiles,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> BTreeMap<Name, Assignment> {
    let mut assigned = BTreeMap::new();
    let find = |name: &str| decls.iter().find(|d| &*d.name == name);
    for (key, raw) in inputs.env {
        let Some(name) = key.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        // Undeclared PKR_VAR_ variables are ignored, as Packer does.
        let Some(decl) = find(name) else {
            continue;
        };
        let origin = format!("<value for var.{name} from env>");
        if let Some(value) = parse_raw(decl, raw, &origin, diagnostics)
            && let Some(value) = fit(decl, value, None, "Invalid value for variable", diagnostics)
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
    for &file in &inputs.var_files {
        let body = files.body(file);
        let content = body.all_content();
        if let Some(block) = content.blocks_of("variable").next() {
            let name = block.labels.first().map_or("", |(n, _)| n);
            diagnostics.push(ModuleDiagnostic::new(
                file,
                Diagnostic::error(
                    "Variable declaration in a .pkrvar file",
                    format!(
                        "A .pkrvar file is used to assign values to variables that have already been declared in .pkr files, not to declare new variables. To declare variable \"{name}\", place this block in one of your .pkr files, such as variables.pkr.hcl\n\nTo set a value for this variable in {}, use the definition syntax instead:\n    {name} = <value>",
                        files
                            .get(file)
                            .path
                            .file_name()
                            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                    ),
                    block.type_span,
                ),
            ));
            continue;
        }
        let (attrs, found) = body.just_attributes();
        diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
        let path = files.get(file).path.clone();
        for attr in attrs {
            // Packer ignores values for undeclared variables in var files.
            let Some(decl) = find(&attr.name) else {
                continue;
            };
            let value = match evaluator.eval(&attr.expr, &Scope::new()) {
                Ok(value) => value,
                Err(found) => {
                    diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
                    continue;
                }
            };
            let place = Some((file, attr.expr.span));
            if let Some(value) = fit(
                decl,
                value,
                place,
                "Invalid value for variable",
                diagnostics,
            ) {
                assigned.insert(
                    decl.name.clone(),
                    Assignment {
                        value,
                        source: VariableSource::File(path.clone()),
                        place,
                    },
                );
            }
        }
    }
    for (name, raw) in inputs.cli_vars {
        let Some(decl) = find(name) else {
            diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
                "Undefined -var variable",
                format!(
                    "A \"{name}\" variable was passed in the command line but was not found in known variables. To declare variable \"{name}\", place this block in one of your .pkr files, such as variables.pkr.hcl"
                ),
                Span::default(),
            )));
            continue;
        };
        let origin = format!("<value for var.{name} from arguments>");
        if let Some(value) = parse_raw(decl, raw, &origin, diagnostics)
            && let Some(value) = fit(
                decl,
                value,
                None,
                "Invalid argument value for -var variable",
                diagnostics,
            )
        {
            assigned.insert(
                decl.name.clone(),
                Assignment {
                    value,
                    source: VariableSource::CommandLine,
                    place: None,
                },
            );
        }
    }
    assigned
}

/// Converts a given value to the variable's type.
fn fit(
    decl: &VariableDecl<'_, '_>,
    value: Value,
    place: Option<(FileId, Span)>,
    summary: &str,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Value> {
    let raw = decl.constraint.apply_defaults(&value);
    match convert(&raw, &decl.constraint.ty) {
        Ok(value) => Some(value),
        Err(error) => {
            let detail = if summary.contains("-var") {
                format!(
                    "The received arg value for {} is not compatible with the variable's type constraint: {error}.",
                    decl.name
                )
            } else {
                format!(
                    "The value for {} is not compatible with the variable's type constraint: {error}.",
                    decl.name
                )
            };
            let diagnostic = Diagnostic::error(
                summary,
                detail,
                place.map_or(Span::default(), |(_, span)| span),
            );
            diagnostics.push(match place {
                Some((file, _)) => ModuleDiagnostic::new(file, diagnostic),
                None => ModuleDiagnostic::without_file(diagnostic),
            });
            None
        }
    }
}

/// A `--var` or `PKR_VAR_` string: literal or an HCL expression (see the module docs).
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
            diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
                "Invalid value for variable",
                format!(
                    "The value {origin} for variable \"{}\" is not a valid expression: {first}.",
                    decl.name
                ),
                Span::default(),
            )));
            None
        }
    }
}
