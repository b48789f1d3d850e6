//! Type constraint expressions: `string`, `list(object({a = optional(string, "x")}))`, `any`.
//!
//! A type constraint is written as an expression but never evaluated: its
//! keywords and calls are read straight from the syntax tree, as HCL's
//! `typeexpr` package does. Only the default values of `optional(T, default)`
//! are evaluated, as constants (no variables, no functions).

use terrace_syntax::{Expr, ExprKind, FunctionCall, ObjectKey, Span};
use terrace_types::{ObjectAttr, Type, TypeConstraint, Value};

use crate::diagnostic::Diagnostic;
use crate::evaluator::Evaluator;
use crate::scope::Scope;
use terrace_functions::FunctionTable;

const INVALID_TYPE: &str = "Invalid type specification";

/// Decodes a type constraint expression such as `map(list(string))` or
/// `object({name = string, port = optional(number, 80)})`.
pub fn type_constraint(expr: &Expr) -> Result<TypeConstraint, Diagnostic> {
    get_type(expr, Mode::Constraint)
}

/// Decodes an exact type expression: like [`type_constraint`], but `any` and
/// `optional(...)` are refused.
pub fn exact_type(expr: &Expr) -> Result<Type, Diagnostic> {
    get_type(expr, Mode::Exact).map(|constraint| constraint.ty)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Constraint,
    Exact,
}

fn invalid(detail: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error(INVALID_TYPE, detail, span)
}

fn keyword(expr: &Expr) -> Option<&str> {
    expr.as_keyword().map(|ident| ident.as_str())
}

fn as_call(expr: &Expr) -> Option<&FunctionCall> {
    match &expr.kind {
        ExprKind::FunctionCall(call) if call.expand_final.is_none() => Some(call),
        _ => None,
    }
}

fn args_span(call: &FunctionCall) -> Span {
    call.open_paren.to(call.close_paren)
}

fn get_type(expr: &Expr, mode: Mode) -> Result<TypeConstraint, Diagnostic> {
    if let Some(kw) = keyword(expr) {
        return match kw {
            "bool" => Ok(TypeConstraint::new(Type::Bool)),
            "string" => Ok(TypeConstraint::new(Type::String)),
            "number" => Ok(TypeConstraint::new(Type::Number)),
            "any" if mode == Mode::Constraint => Ok(TypeConstraint::new(Type::Dynamic)),
            "any" => Err(invalid(
                format!(
                    "The keyword \"{kw}\" cannot be used in this type specification: an exact type is required."
                ),
                expr.span,
            )),
            "list" | "map" | "set" => Err(invalid(
                format!(
                    "The {kw} type constructor requires one argument specifying the element type."
                ),
                expr.span,
            )),
            "object" => Err(invalid(
                "The object type constructor requires one argument specifying the attribute types and values as a map.",
                expr.span,
            )),
            "tuple" => Err(invalid(
                "The tuple type constructor requires one argument specifying the element types as a list.",
                expr.span,
            )),
            _ => Err(invalid(
                format!("The keyword \"{kw}\" is not a valid type specification."),
                expr.span,
            )),
        };
    }
    let Some(call) = as_call(expr) else {
        return Err(invalid(
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            expr.span,
        ));
    };
    let name = call.name.as_str();
    match name {
        "bool" | "string" | "number" => {
            return Err(invalid(
                format!("Primitive type keyword \"{name}\" does not expect arguments."),
                args_span(call),
            ));
        }
        "any" => {
            return Err(invalid(
                format!("Type constraint keyword \"{name}\" does not expect arguments."),
                args_span(call),
            ));
        }
        _ => {}
    }
    if call.args.len() != 1 {
        let subject = match call.args.as_slice() {
            [_, second, .., last] => second.span.to(last.span),
            [_, second] => second.span,
            _ => args_span(call),
        };
        let detail = match name {
            "list" | "set" | "map" => Some(format!(
                "The {name} type constructor requires one argument specifying the element type."
            )),
            "object" => Some(
                "The object type constructor requires one argument specifying the attribute types and values as a map."
                    .to_string(),
            ),
            "tuple" => Some(
                "The tuple type constructor requires one argument specifying the element types as a list."
                    .to_string(),
            ),
            _ => None,
        };
        if let Some(detail) = detail {
            return Err(invalid(detail, subject));
        }
    }
    match name {
        "list" | "set" | "map" => {
            let elem = get_type(&call.args[0], mode)?;
            Ok(match name {
                "list" => TypeConstraint::list(elem),
                "set" => TypeConstraint::set(elem),
                _ => TypeConstraint::map(elem),
            })
        }
        "object" => object_type(expr, &call.args[0], mode),
        "tuple" => {
            let ExprKind::TupleCons(items) = &call.args[0].strip_parens().kind else {
                return Err(invalid(
                    "Tuple type constructor requires a list of element types.",
                    call.args[0].span,
                ));
            };
            let elems = items
                .iter()
                .map(|item| get_type(item, mode))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(TypeConstraint::tuple(elems))
        }
        "optional" => Err(invalid(
            format!("Keyword \"{name}\" is valid only as a modifier for object type attributes."),
            call.name.span,
        )),
        _ => Err(invalid(
            format!("Keyword \"{name}\" is not a valid type constructor."),
            expr.span,
        )),
    }
}

fn object_type(whole: &Expr, arg: &Expr, mode: Mode) -> Result<TypeConstraint, Diagnostic> {
    let ExprKind::ObjectCons(items) = &arg.strip_parens().kind else {
        return Err(invalid(
            "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
            arg.span,
        )
        .with_label(whole.span, "in this type"));
    };
    let mut attrs: Vec<ObjectAttr> = Vec::with_capacity(items.len());
    for item in items {
        let name = match &item.key {
            ObjectKey::Ident(ident) => ident.as_str().to_string(),
            ObjectKey::Expr(key) => match keyword(key) {
                Some(kw) => kw.to_string(),
                None => {
                    return Err(invalid(
                        "Object constructor map keys must be attribute names.",
                        key.span,
                    ));
                }
            },
        };
        if attrs.iter().any(|attr| attr.name == name) {
            return Err(invalid(
                "Object constructor map keys must be unique.",
                item.key.span(),
            ));
        }
        let mut attr_expr = &item.value;
        let mut default_expr = None;
        let mut optional = false;
        if let Some(call) = as_call(attr_expr)
            && call.name.as_str() == "optional"
        {
            if call.args.is_empty() {
                return Err(invalid(
                    "Optional attribute modifier requires the attribute type as its argument.",
                    args_span(call),
                ));
            }
            if mode == Mode::Exact {
                return Err(invalid(
                    "Optional attribute modifier is only for type constraints, not for exact types.",
                    call.name.span,
                ));
            }
            match call.args.len() {
                1 => {}
                2 => default_expr = Some(&call.args[1]),
                _ => {
                    return Err(invalid(
                        "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                        args_span(call),
                    ));
                }
            }
            optional = true;
            attr_expr = &call.args[0];
        }
        let constraint = get_type(attr_expr, mode)?;
        let mut default = None;
        if let Some(default_expr) = default_expr {
            let value = constant_value(default_expr)?;
            let converted = terrace_types::convert(&value, &constraint.ty).map_err(|e| {
                Diagnostic::error(
                    "Invalid default value for optional attribute",
                    format!(
                        "This default value is not compatible with the attribute's type constraint: {e}."
                    ),
                    default_expr.span,
                )
            })?;
            default = Some(converted);
        }
        attrs.push(ObjectAttr {
            name,
            constraint,
            optional,
            default,
        });
    }
    TypeConstraint::object(attrs).map_err(|e| {
        Diagnostic::error(
            "Invalid default value for optional attribute",
            format!(
                "This default value is not compatible with the attribute's type constraint: {e}."
            ),
            whole.span,
        )
    })
}
/// Evaluates a default value with no variables and no functions, as HCL does.
fn constant_value(expr: &Expr) -> Result<Value, Diagnostic> {
    let evaluator = Evaluator::with_functions(FunctionTable::default());
    evaluator.eval(expr, &Scope::new()).map_err(|diagnostics| {
        diagnostics
            .into_iter()
            .next()
            .unwrap_or_else(|| invalid("Invalid default value.", expr.span))
    })
}
