//! `try`, `can` and the console's `type`: functions whose arguments are expressions,
//! evaluated by the evaluator itself (these entries exist for `:doc` and completion).

use terrace_types::{Type, Value};

use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

pub(super) fn register(table: &mut FunctionTable) {
    table.insert(Function {
        name: "can",
        params: vec![expression_param("expression")],
        variadic: None,
        return_type: ReturnType::Static(|| Type::Bool),
        description: "Evaluates the given expression and returns a boolean value indicating \
            whether the expression produced a result without any errors.",
        implementation: evaluated_by_the_evaluator,
        impure: false,
    });
    table.insert(Function {
        name: "try",
        params: Vec::new(),
        variadic: Some(expression_param("expressions")),
        return_type: ReturnType::Static(|| Type::Dynamic),
        description: "Evaluates all of its argument expressions in turn and returns the result \
            of the first one that does not produce any errors.",
        implementation: evaluated_by_the_evaluator,
        impure: false,
    });
    table.insert(Function {
        name: "type",
        params: vec![expression_param("value")],
        variadic: None,
        return_type: ReturnType::Static(|| Type::Dynamic),
        description: "Console only: returns the type of the given value, printed as a type \
            constraint expression. It cannot be used as part of a larger expression.",
        implementation: evaluated_by_the_evaluator,
        impure: false,
    });
}

fn expression_param(name: &'static str) -> Param {
    Param::new(name, Type::Dynamic)
        .allow_null()
        .allow_unknown()
        .allow_marked()
}

/// The evaluator handles these calls before the call protocol; reaching this is a bug.
pub(super) fn evaluated_by_the_evaluator(
    _: &CallContext,
    _: &[Value],
) -> Result<Value, FunctionError> {
    Err(FunctionError::new(
        "this function takes expressions as arguments and can only be called from an expression",
    ))
}
