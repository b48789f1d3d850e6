//! The call protocol shared by every function: arity, argument conversion, null and
//! unknown handling, and marks (cty's `function.Call`, as HCL's call expression drives it).

use terrace_types::{Marks, Type, Value, convert};

use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};

/// Why a call failed before or inside the function body.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// Fewer arguments than fixed parameters.
    #[error("function {function:?} expects {expected} argument(s); missing value for {missing:?}")]
    NotEnoughArguments {
        /// The function's name.
        function: &'static str,
        /// How many fixed parameters it has.
        expected: usize,
        /// The first parameter without an argument.
        missing: &'static str,
    },
    /// More arguments than parameters, and no variadic parameter.
    #[error("function {function:?} expects only {expected} argument(s)")]
    TooManyArguments {
        /// The function's name.
        function: &'static str,
        /// How many parameters it has.
        expected: usize,
    },
    /// An argument was unsuitable for its parameter ("Invalid function argument").
    #[error("invalid value for {param:?} parameter: {message}")]
    InvalidArgument {
        /// Which argument.
        index: usize,
        /// The parameter's name.
        param: &'static str,
        /// Why, in plain words.
        message: String,
    },
    /// The body failed ("Error in function call").
    #[error("call to function {function:?} failed: {message}")]
    Failed {
        /// The function's name.
        function: &'static str,
        /// Why.
        message: String,
    },
}

/// Calls `function` with already evaluated (and `...`-expanded) arguments.
pub fn call(function: &Function, ctx: &CallContext, args: Vec<Value>) -> Result<Value, CallError> {
    check_arity(function, args.len())?;
    let mut converted = Vec::with_capacity(args.len());
    for (index, arg) in args.into_iter().enumerate() {
        let param = param_for(function, index);
        let value = convert(&arg, &param.ty).map_err(|e| CallError::InvalidArgument {
            index,
            param: param.name,
            message: e.message,
        })?;
        converted.push(value);
    }

    // Type checking sees unmarked arguments; nulls are refused unless allowed.
    let mut dynamic_result = false;
    for (index, arg) in converted.iter().enumerate() {
        let param = param_for(function, index);
        if arg.is_null() && !param.allow_null {
            return Err(CallError::InvalidArgument {
                index,
                param: param.name,
                message: "argument must not be null".into(),
            });
        }
        if arg.ty() == &Type::Dynamic && !param.allow_dynamic_type {
            dynamic_result = true;
        }
    }
    let unmarked_for_type: Vec<Value> = converted
        .iter()
        .map(|v| v.clone().unmark_deep().0)
        .collect();
    let result_type = if dynamic_result {
        Type::Dynamic
    } else {
        match function.return_type {
            ReturnType::Static(ty) => ty(),
            ReturnType::Dynamic(ty) => {
                ty(&unmarked_for_type).map_err(|e| function_error(function, e))?
            }
        }
    };

    let mut result_marks = Marks::NONE;
    let mut any_refused_unknown = false;
    let mut final_args = Vec::with_capacity(converted.len());
    for (index, arg) in converted.into_iter().enumerate() {
        let param = param_for(function, index);
        if !arg.is_known() && !param.allow_unknown {
            any_refused_unknown = true;
        }
        if param.allow_marked {
            final_args.push(arg);
        } else {
            let (arg, marks) = arg.unmark_deep();
            result_marks |= marks;
            final_args.push(arg);
        }
    }
    let result = if any_refused_unknown {
        Value::unknown(result_type)
    } else {
        (function.implementation)(ctx, &final_args).map_err(|e| function_error(function, e))?
    };
    Ok(if result_marks.is_empty() {
        result
    } else {
        result.mark(result_marks)
    })
}

fn check_arity(function: &Function, n_args: usize) -> Result<(), CallError> {
    let n_params = function.params.len();
    if n_args < n_params {
        return Err(CallError::NotEnoughArguments {
            function: function.name,
            expected: n_params,
            missing: function.params[n_args].name,
        });
    }
    if n_args > n_params && function.variadic.is_none() {
        return Err(CallError::TooManyArguments {
            function: function.name,
            expected: n_params,
        });
    }
    Ok(())
}

/// The parameter that argument `index` binds to; arity has been checked.
fn param_for(function: &Function, index: usize) -> &Param {
    function
        .params
        .get(index)
        .or(function.variadic.as_ref())
        .expect("arity checked before binding arguments")
}

fn function_error(function: &Function, e: FunctionError) -> CallError {
    match e.arg_index {
        Some(index) => CallError::InvalidArgument {
            index,
            param: param_for_error(function, index),
            message: e.message,
        },
        None => CallError::Failed {
            function: function.name,
            message: e.message,
        },
    }
}

fn param_for_error(function: &Function, index: usize) -> &'static str {
    function
        .params
        .get(index)
        .or(function.variadic.as_ref())
        .map(|p| p.name)
        .unwrap_or("argument")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard;

    #[test]
    fn conversion_errors_name_no_path_as_terraform_does() {
        // Terraform: `alltrue(["x"])` → Invalid value for "list" parameter: a bool is required.
        let table = standard();
        let alltrue = table.get("alltrue").unwrap();
        let err = call(
            alltrue,
            &CallContext::default(),
            vec![Value::tuple([Value::string("x")])],
        )
        .unwrap_err();
        assert_eq!(
            err,
            CallError::InvalidArgument {
                index: 0,
                param: "list",
                message: "a bool is required".into()
            }
        );
    }
}
