//! terrace-python: the `terrace._terrace` extension module behind the `terrace`
//! Python package (`crates/python/python/terrace`).
//!
//! Not for: language semantics (they live in `terrace-eval`, `terrace-types`
//! and `terrace-config`); this crate only converts values and errors between
//! Python and terrace, and runs evaluations so that Python signals still work.
//!
//! - `convert.rs`: Python values ↔ terrace [`Value`]s, and Python values as HCL literal text;
//! - `errors.rs`: the exception classes and the `Diagnostic` class;
//! - `run.rs`: an evaluation on a worker thread while the caller, without the
//!   GIL, watches for Python signals (`KeyboardInterrupt`);
//! - `module.rs`: the `Module` class (a Terraform configuration or a Packer template);
//! - `run_command_line`: the `terrace` command (`terrace-repl`), for the package's script.

#![warn(missing_docs)]

mod convert;
mod errors;
mod module;
mod run;

use pyo3::prelude::*;
use terrace_eval::{Evaluator, Scope};
use terrace_types::Value;

use crate::convert::{Sensitive, Unknown, from_python, to_python};
use crate::errors::{ConfigurationError, Diagnostic, Error, EvaluationError, SyntaxError};

/// The scope `evaluate` and `type_of` use: Terraform's named values for an
/// empty configuration (as `terraform console` in an empty directory) plus
/// `variables`, bound as the console's `:let` binds a name.
fn scope_with(variables: Option<&Bound<'_, PyAny>>) -> PyResult<Scope> {
    let mut scope = Scope::terraform();
    if let Some(variables) = variables {
        for (name, value) in convert::named_values(variables)? {
            scope.insert(name, value);
        }
    }
    Ok(scope)
}

/// Parses and evaluates `expr` in `scope`, interruptibly.
fn eval_in(py: Python<'_>, expr: &str, scope: &Scope) -> PyResult<Value> {
    let parsed =
        terrace_syntax::parse_expr(expr).map_err(|e| errors::syntax_error(py, expr, &e))?;
    let result = run::interruptible(py, |flag| {
        Evaluator::new().with_interrupt(flag).eval(&parsed, scope)
    })?;
    result.map_err(|found| errors::evaluation_error(py, expr, &found))
}

/// Evaluate one HCL expression, as `terraform console` does, and return its
/// value as Python data.
///
/// `variables` maps names to Python values the expression can use by name
/// (`evaluate("upper(name)", {"name": "web"})`). Raises `terrace.SyntaxError`
/// when `expr` does not parse and `terrace.EvaluationError` when it fails.
#[pyfunction]
#[pyo3(signature = (expr, variables = None))]
fn evaluate(
    py: Python<'_>,
    expr: &str,
    variables: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let scope = scope_with(variables)?;
    let value = eval_in(py, expr, &scope)?;
    to_python(py, &value)
}

/// The type of `expr`'s value as Terraform prints it (`"list(string)"`).
#[pyfunction]
#[pyo3(signature = (expr, variables = None))]
fn type_of(py: Python<'_>, expr: &str, variables: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let scope = scope_with(variables)?;
    let value = eval_in(py, expr, &scope)?;
    Ok(terrace_types::format_type(value.ty()))
}

/// `terraform fmt`'s output for `text` (a `.tf` or `.tfvars` file's contents).
///
/// Raises `terrace.SyntaxError` when `text` does not parse.
#[pyfunction]
fn format(py: Python<'_>, text: &str) -> PyResult<String> {
    let result = py.detach(|| terrace_syntax::format(text));
    result.map_err(|found| errors::syntax_errors(py, text, "<input>", &found))
}

/// How `terraform console` prints `value`, a Python value converted as
/// `evaluate`'s `variables` are (lists are tuples, dicts are objects).
#[pyfunction]
fn format_value(value: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(terrace_types::format_value(&from_python(value)?))
}

/// Run the `terrace` command line (the arguments after the program name) exactly as the
/// `terrace` binary does (the console, `-e`, `fmt`, `check`, ...), on the process's own
/// standard streams, and return its exit status. The package's `terrace` command
/// (`terrace.__main__:main`) calls this.
#[pyfunction]
fn run_command_line(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> u8 {
    py.detach(|| terrace_repl::run_command_line(argv))
}

/// The `terrace._terrace` extension module.
#[pymodule]
fn _terrace(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(type_of, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(format_value, m)?)?;
    m.add_function(wrap_pyfunction!(run_command_line, m)?)?;
    m.add_class::<Unknown>()?;
    m.add_class::<Sensitive>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<module::Module>()?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("EvaluationError", py.get_type::<EvaluationError>())?;
    m.add("SyntaxError", py.get_type::<SyntaxError>())?;
    m.add("ConfigurationError", py.get_type::<ConfigurationError>())?;
    Ok(())
}
