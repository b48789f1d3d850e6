//! `templatefile` and `templatestring`: render a template with only the given variables
//! in scope; the evaluator runs them (these entries exist for `:doc` and completion).

use terrace_types::Type;

use super::control::evaluated_by_the_evaluator;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

pub(super) fn register(table: &mut FunctionTable) {
    table.insert(Function {
        name: "templatefile",
        params: vec![
            Param::new("path", Type::String),
            Param::new("vars", Type::Dynamic),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::Dynamic),
        description: "Reads the file at the given path (relative to the module directory) \
            and renders its content as a template using a supplied set of template variables; \
            the template sees only those variables, not the module's other named values.",
        implementation: evaluated_by_the_evaluator,
        impure: false,
    });
    table.insert(Function {
        name: "templatestring",
        params: vec![
            Param::new("template", Type::String),
            Param::new("vars", Type::Dynamic),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::Dynamic),
        description: "Renders a template held in a string that comes from elsewhere (a direct \
            reference such as local.tpl, never a literal) using a supplied set of template \
            variables.",
        implementation: evaluated_by_the_evaluator,
        impure: false,
    });
}
