//! The functions of Terraform's built-in provider (Terraform 1.8):
//! `provider::terraform::encode_tfvars`, `decode_tfvars` and `encode_expr`. A configuration has
//! them when it requires the provider `terraform.io/builtin/terraform` under the local name
//! `terraform` ([`add_terraform_provider`]).
//!
//! Values are written as hclwrite writes them (`TokensForValue`), then laid out by the same
//! formatter as `terraform fmt`.

use terrace_syntax::hcl_quote;
use terrace_syntax::{SourceMap, Span};
use terrace_types::{Type, Value};

use terrace_functions::{CallContext, Function, FunctionError, FunctionTable, Param};

use crate::Evaluator;

/// Adds the built-in provider's functions to `table`, as `provider::terraform::NAME`.
///
/// ```
/// use terrace_eval::{Evaluator, Scope, functions};
///
/// let mut table = functions::standard();
/// functions::add_terraform_provider(&mut table);
/// let expr = terrace_syntax::parse_expr(r#"provider::terraform::encode_expr({a = [1, "x"]})"#).unwrap();
/// let value = Evaluator::with_functions(table).eval(&expr, &Scope::new()).unwrap();
/// assert_eq!(value.as_str(), Some("{\n  a = [1, \"x\"]\n}"));
/// ```
pub fn add_terraform_provider(table: &mut FunctionTable) {
    table.insert(Function::fixed(
        "provider::terraform::encode_tfvars",
        vec![Param::new("value", Type::Dynamic)],
        || Type::String,
        "Encodes an object as the content of a `.tfvars` file: one argument per attribute.",
        encode_tfvars,
    ));
    table.insert(Function::fixed(
        "provider::terraform::decode_tfvars",
        vec![Param::new("content", Type::String)],
        || Type::Dynamic,
        "Decodes the content of a `.tfvars` file into an object of its arguments' values.",
        decode_tfvars,
    ));
    table.insert(Function::fixed(
        "provider::terraform::encode_expr",
        vec![Param::new("value", Type::Dynamic)],
        || Type::String,
        "Encodes a value as the text of an HCL expression that gives it.",
        encode_expr,
    ));
}

fn encode_tfvars(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let value = &args[0];
    let Some(attrs) = value.as_attrs().filter(|_| value.ty().is_object()) else {
        return Err(FunctionError::new(
            "invalid value to encode: must be an object whose attribute names will become the encoded variable names",
        ));
    };
    let mut text = String::new();
    for (name, value) in attrs.iter() {
        if !terrace_syntax::is_identifier(name) {
            return Err(FunctionError::new(format!(
                "invalid variable name \"{name}\": must be a valid identifier, per Terraform's rules for input variable declarations"
            )));
        }
        text.push_str(name);
        text.push_str(" = ");
        write_value(value, &mut text)?;
        text.push('\n');
    }
    Ok(Value::string(formatted(&text)))
}

fn encode_expr(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let mut text = String::from("v = ");
    write_value(&args[0], &mut text)?;
    text.push('\n');
    let formatted = formatted(&text);
    let expr = formatted
        .strip_prefix("v = ")
        .unwrap_or(&formatted)
        .trim_end_matches('\n');
    Ok(Value::string(expr))
}

/// The file name Terraform gives the argument in its messages.
const ARGUMENT_NAME: &str = "<decode_tfvars argument>";

fn decode_tfvars(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let src = args[0].as_str().unwrap_or_default();
    let map = SourceMap::new(src);
    let (body, errors) = terrace_syntax::parse_body(src);
    let mut problems: Vec<String> = errors
        .iter()
        .map(|error| {
            let diagnostic = crate::Diagnostic::from(error);
            described(
                &map,
                diagnostic.span,
                &diagnostic.summary,
                &diagnostic.detail,
            )
        })
        .collect();
    if let Some(block) = body.blocks().next() {
        problems.push(described(
            &map,
            block.block_type.span,
            &format!("Unexpected \"{}\" block", block.block_type.as_str()),
            "Blocks are not allowed here.",
        ));
    }
    if let Some(first) = problems.first() {
        let more = match problems.len() {
            1 => String::new(),
            n => format!(", and {} other diagnostic(s)", n - 1),
        };
        return Err(FunctionError::new(format!(
            "invalid tfvars content: {first}{more}"
        )));
    }
    // A constant calls no function: no table to build.
    let evaluator = Evaluator::with_functions(FunctionTable::default());
    let mut values = Vec::new();
    for attribute in body.attributes() {
        match evaluator.eval_constant(&attribute.expr) {
            Ok(value) => values.push((attribute.name.as_str().to_string(), value)),
            Err(found) => {
                let first = found.first().map_or_else(String::new, |diagnostic| {
                    described(
                        &map,
                        diagnostic.span,
                        &diagnostic.summary,
                        &diagnostic.detail,
                    )
                });
                return Err(FunctionError::new(format!(
                    "invalid expression for variable \"{}\": {first}",
                    attribute.name.as_str()
                )));
            }
        }
    }
    Ok(Value::object(values))
}

/// A problem as HCL's `Diagnostic.Error` writes it: `FILE:LINE,COL-COL: summary; detail`.
fn described(map: &SourceMap, span: Span, summary: &str, detail: &str) -> String {
    let start = map.location(span.start as usize);
    let end = map.location(span.end as usize);
    let range = if start.line == end.line {
        format!("{},{}-{}", start.line, start.column, end.column)
    } else {
        format!(
            "{},{}-{},{}",
            start.line, start.column, end.line, end.column
        )
    };
    format!("{ARGUMENT_NAME}:{range}: {summary}; {detail}")
}

/// `text`, valid HCL, laid out as `terraform fmt` does.
fn formatted(text: &str) -> String {
    terrace_syntax::format(text).unwrap_or_else(|_| text.to_string())
}

/// Writes `value` as hclwrite's `TokensForValue` does: literals, one-line sequences, objects
/// and maps one attribute a line (names that are not identifiers quoted; `{}` when empty).
fn write_value(value: &Value, out: &mut String) -> Result<(), FunctionError> {
    if !value.is_known() {
        return Err(FunctionError::new("cannot encode unknown value"));
    }
    if value.is_null() {
        out.push_str("null");
        return Ok(());
    }
    let ty = value.ty();
    if let Some(flag) = value.as_bool() {
        out.push_str(if flag { "true" } else { "false" });
    } else if let Some(number) = value.as_number() {
        out.push_str(&number.to_string());
    } else if let Some(text) = value.as_str() {
        out.push_str(&hcl_quote(text));
    } else if let Some(attrs) = value.as_attrs() {
        if attrs.is_empty() {
            out.push_str("{}");
            return Ok(());
        }
        out.push_str("{\n");
        for (key, value) in attrs.iter() {
            if terrace_syntax::is_identifier(key) {
                out.push_str(key);
            } else {
                out.push_str(&hcl_quote(key));
            }
            out.push_str(" = ");
            write_value(value, out)?;
            out.push('\n');
        }
        out.push('}');
    } else if let Some(items) = value.as_seq() {
        out.push('[');
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_value(item, out)?;
        }
        out.push(']');
    } else {
        return Err(FunctionError::new(format!(
            "cannot encode a value of type {}",
            terrace_types::format_type(ty)
        )));
    }
    Ok(())
}
