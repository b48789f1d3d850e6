//! Type constraint expressions: `string`, `list(object({a = optional(string, "x")}))`, `any`.
//!
//! A type constraint is written as an expression but never evaluated: its
//! keywords and calls are read straight from the syntax tree, as HCL's
//! `typeexpr` package does. Only the default values of `optional(T, default)`
//! are evaluated, as constants (no variables, no functions).

mod defaults;

use std::collections::{BTreeMap, BTreeSet};

use terrace_syntax::{Expr, ExprKind, FunctionCall, ObjectKey, Span};
use terrace_types::{Type, Value, convert};

use crate::diagnostic::Diagnostic;
use crate::evaluator::Evaluator;
use crate::functions::FunctionTable;
use crate::scope::Scope;

pub use defaults::Defaults;

/// A decoded type constraint: the type (possibly with `any` and optional
/// attributes) and the default values of its optional attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeConstraint {
    /// The constraint type; object types may have optional attributes.
    pub ty: Type,
    /// Default values for optional attributes, at every depth; `None` when there are none.
    pub defaults: Option<Defaults>,
}

impl TypeConstraint {
    /// Applies the default values of optional attributes to `value` (already
    /// converted to the constraint type): null or missing optional attributes
    /// get their defaults, at every depth.
    pub fn apply_defaults(&self, value: Value) -> Value {
        match &self.defaults {
            Some(defaults) => defaults.apply(value),
            None => value,
        }
    }
}

const INVALID_TYPE: &str = "Invalid type specification";

/// Decodes a type constraint expression such as `map(list(string))` or
/// `object({name = string, port = optional(number, 80)})`.
pub fn type_constraint(expr: &Expr) -> Result<TypeConstraint, Diagnostic> {
    let (ty, defaults) = get_type(expr, Mode::Constraint)?;
    Ok(TypeConstraint { ty, defaults })
}

/// Decodes an exact type expression: like [`type_constraint`], but `any` and
/// `optional(...)` are refused.
pub fn exact_type(expr: &Expr) -> Result<Type, Diagnostic> {
    get_type(expr, Mode::Exact).map(|(ty, _)| ty)
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

fn get_type(expr: &Expr, mode: Mode) -> Result<(Type, Option<Defaults>), Diagnostic> {
    if let Some(kw) = keyword(expr) {
        return match kw {
            "bool" => Ok((Type::Bool, None)),
            "string" => Ok((Type::String, None)),
            "number" => Ok((Type::Number, None)),
            "any" if mode == Mode::Constraint => Ok((Type::Dynamic, None)),
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
            let (elem, elem_defaults) = get_type(&call.args[0], mode)?;
            let ty = match name {
                "list" => Type::list(elem),
                "set" => Type::set(elem),
                _ => Type::map(elem),
            };
            let defaults = elem_defaults.map(|child| Defaults::collection(ty.clone(), child));
            Ok((ty, defaults))
        }
        "object" => object_type(expr, &call.args[0], mode),
        "tuple" => {
            let ExprKind::TupleCons(items) = &call.args[0].strip_parens().kind else {
                return Err(invalid(
                    "Tuple type constructor requires a list of element types.",
                    call.args[0].span,
                ));
            };
            let mut elems = Vec::with_capacity(items.len());
            let mut children = BTreeMap::new();
            for (idx, item) in items.iter().enumerate() {
                let (ty, defaults) = get_type(item, mode)?;
                elems.push(ty);
                if let Some(defaults) = defaults {
                    children.insert(idx.to_string(), defaults);
                }
            }
            let ty = Type::tuple(elems);
            let defaults = Defaults::structural(ty.clone(), BTreeMap::new(), children);
            Ok((ty, defaults))
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

fn object_type(
    whole: &Expr,
    arg: &Expr,
    mode: Mode,
) -> Result<(Type, Option<Defaults>), Diagnostic> {
    let ExprKind::ObjectCons(items) = &arg.strip_parens().kind else {
        return Err(invalid(
            "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
            arg.span,
        )
        .with_label(whole.span, "in this type"));
    };
    let mut attrs = BTreeMap::new();
    let mut optional = BTreeSet::new();
    let mut values = BTreeMap::new();
    let mut children = BTreeMap::new();
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
        if attrs.contains_key(&name) {
            return Err(invalid(
                "Object constructor map keys must be unique.",
                item.key.span(),
            ));
        }
        let mut attr_expr = &item.value;
        let mut default_expr = None;
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
            optional.insert(name.clone());
            attr_expr = &call.args[0];
        }
        let (attr_ty, attr_defaults) = get_type(attr_expr, mode)?;
        if let Some(default_expr) = default_expr {
            let value = constant_value(default_expr)?;
            let converted = convert(&value, &attr_ty).map_err(|e| {
                Diagnostic::error(
                    "Invalid default value for optional attribute",
                    format!(
                        "This default value is not compatible with the attribute's type constraint: {e}."
                    ),
                    default_expr.span,
                )
            })?;
            values.insert(name.clone(), converted);
        }
        if let Some(attr_defaults) = attr_defaults {
            children.insert(name.clone(), attr_defaults);
        }
        attrs.insert(name, attr_ty);
    }
    let ty = Type::object_with_optional(attrs, optional);
    let defaults = Defaults::structural(ty.clone(), values, children);
    Ok((ty, defaults))
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
