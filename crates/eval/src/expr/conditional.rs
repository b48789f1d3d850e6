//! The conditional `cond ? a : b`: both results unified to one type, unknown and null conditions.

use terrace_syntax::{Expr, Span};
use terrace_types::{Type, Value};

use super::{Ctx, EvalResult, Failed, convert_to, error};

const INCONSISTENT: &str = "Inconsistent conditional result types";

impl Ctx<'_> {
    /// `cond ? true_expr : false_expr`, as HCL's `ConditionalExpr`: both results
    /// are evaluated and their types unified (the errors of the result not taken
    /// are dropped); the marks of the condition and of both results carry over.
    pub(super) fn eval_conditional(
        &mut self,
        cond: &Expr,
        true_expr: &Expr,
        false_expr: &Expr,
        span: Span,
    ) -> EvalResult {
        // A result that failed stands for the value HCL returns beside its errors
        // (an unknown of its type, with its marks): its type takes part in the
        // unification, and its marks in the result's, whichever result is taken.
        let true_result = self.eval_hcl(true_expr);
        let false_result = self.eval_hcl(false_expr);
        let value_of = |result: &Result<Value, Failed>| match result {
            Ok(value) => value.clone(),
            Err(failed) => failed.value.clone(),
        };
        let true_value = value_of(&true_result);
        let false_value = value_of(&false_result);

        let is_untyped_null = |v: &Value| v.is_null() && v.ty().is_dynamic() && v.is_known();
        let result_type = if is_untyped_null(&true_value) {
            Some(false_value.ty().clone())
        } else if is_untyped_null(&false_value) {
            Some(true_value.ty().clone())
        } else if true_value.ty().is_dynamic() || false_value.ty().is_dynamic() {
            Some(Type::Dynamic)
        } else if true_value.ty() == false_value.ty() {
            Some(true_value.ty().clone())
        } else {
            terrace_types::unify(&[true_value.ty().clone(), false_value.ty().clone()])
        };
        let Some(result_type) = result_type else {
            return Err(error(
                INCONSISTENT,
                format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_mismatch(true_value.ty(), false_value.ty())
                ),
                true_expr.span.to(false_expr.span),
            ));
        };

        let (cond_value, cond_errors) = match self.eval_hcl(cond) {
            Ok(value) => (value, None),
            Err(failed) => (failed.value, Some(failed.diagnostics)),
        };
        if cond_value.is_null() {
            let mut found = cond_errors.unwrap_or_default();
            found.extend(error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                cond.span,
            ));
            return Err(self.failing(span, Value::unknown(result_type), found));
        }
        let (cond_value, cond_marks) = cond_value.unmark();
        let (true_value, true_marks) = true_value.unmark();
        let (false_value, false_marks) = false_value.unmark();
        let marks = cond_marks | true_marks | false_marks;

        if !cond_value.is_known() {
            let value = if true_value.is_null() && false_value.is_null() {
                Value::null(result_type)
            } else {
                Value::unknown(result_type)
            };
            return match cond_errors {
                None => Ok(value.mark(marks)),
                Some(found) => Err(self.failing(span, value.mark(marks), found)),
            };
        }
        let Ok(cond_value) = convert_to(&cond_value, &Type::Bool) else {
            let mut found = cond_errors.unwrap_or_default();
            found.extend(error(
                "Incorrect condition type",
                "The condition expression must be of type bool.",
                cond.span,
            ));
            return Err(self.failing(span, Value::unknown(result_type), found));
        };
        let Some(choice) = cond_value.as_bool() else {
            return Ok(Value::unknown(result_type).mark(marks));
        };
        let (chosen_result, chosen_value, chosen_expr, which) = if choice {
            (true_result, true_value, true_expr, "true")
        } else {
            (false_result, false_value, false_expr, "false")
        };
        let mut found = cond_errors.unwrap_or_default();
        if let Err(failed) = chosen_result {
            found.extend(failed.diagnostics);
        }
        let converted = match convert_to(&chosen_value, &result_type) {
            Ok(converted) => converted,
            Err(e) => {
                found.extend(error(
                    INCONSISTENT,
                    format!("The {which} result value has the wrong type: {e}."),
                    chosen_expr.span,
                ));
                Value::unknown(result_type)
            }
        };
        if found.is_empty() {
            Ok(converted.mark(marks))
        } else {
            Err(self.failing(span, converted.mark(marks), found))
        }
    }
}

/// Why two result types do not unify, as HCL explains it.
fn describe_mismatch(true_ty: &Type, false_ty: &Type) -> String {
    match (true_ty, false_ty) {
        (Type::Object(t), Type::Object(f)) => {
            for (name, true_attr) in &t.attrs {
                match f.attrs.get(name) {
                    None => {
                        return format!(
                            "The 'true' value includes object attribute \"{name}\", which is absent in the 'false' value"
                        );
                    }
                    Some(false_attr) if false_attr != true_attr => {
                        return format!(
                            "Type mismatch for object attribute \"{name}\": {}",
                            describe_mismatch(true_attr, false_attr)
                        );
                    }
                    Some(_) => {}
                }
            }
            if let Some(name) = f.attrs.keys().find(|name| !t.attrs.contains_key(name)) {
                return format!(
                    "The 'false' value includes object attribute \"{name}\", which is absent in the 'true' value"
                );
            }
        }
        (Type::Tuple(t), Type::Tuple(f)) => {
            if t.len() != f.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    t.len(),
                    f.len()
                );
            }
            for (idx, (true_elem, false_elem)) in t.iter().zip(f.iter()).enumerate() {
                if true_elem != false_elem {
                    return format!(
                        "Type mismatch for tuple element {idx}: {}",
                        describe_mismatch(true_elem, false_elem)
                    );
                }
            }
        }
        (Type::List(t), Type::List(f))
        | (Type::Map(t), Type::Map(f))
        | (Type::Set(t), Type::Set(f))
            if (t.is_object() && f.is_object()) || (t.is_tuple() && f.is_tuple()) =>
        {
            let noun = match true_ty {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_mismatch(t, f)
            );
        }
        _ => {}
    }
    let true_name = true_ty.friendly_name();
    let false_name = false_ty.friendly_name();
    if true_name == false_name {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".to_string();
    }
    format!("The 'true' value is {true_name}, but the 'false' value is {false_name}")
}
