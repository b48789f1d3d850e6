//! Values both ways between Python and terrace, and Python values as HCL text.
//!
//! terrace → Python: string → `str`; number → `int` when whole, else
//! `decimal.Decimal` of the digits Terraform prints (which parse back to the
//! same 512-bit number), infinities → `Decimal("Infinity")`; bool; null →
//! `None`; list, tuple and set → `list` (a set in Terraform's order); map and
//! object → `dict`; unknown → [`Unknown`] with the type as Terraform writes it;
//! sensitive → [`Sensitive`] around the value. Ephemeral marks are dropped.
//!
//! Python → terrace: `str`, `bool`, `int` of any size, `float`, `Decimal`,
//! `None` (a null of any type), `list`/`tuple` (a tuple), `dict` with string
//! keys (an object), [`Unknown`] and [`Sensitive`], nested.

use std::fmt::Write as _;

use num_bigint::BigInt;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use pyo3::{IntoPyObjectExt, intern};
use terrace_types::{Marks, Number, Repr, Type, Value};

/// Deeper nesting than this is refused both ways (Python data can be
/// arbitrarily deep; the conversion recurses).
const MAX_DEPTH: usize = 512;

static DECIMAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn decimal_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    DECIMAL.import(py, "decimal", "Decimal")
}

/// A value not known yet (known after apply), of type `type`.
#[pyclass(module = "terrace", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Unknown {
    /// The type as Terraform writes it (`"string"`, `"list(number)"`).
    #[pyo3(get, name = "type")]
    ty: String,
}

#[pymethods]
impl Unknown {
    #[new]
    #[pyo3(signature = (r#type = "any".to_string()))]
    fn new(r#type: String) -> PyResult<Unknown> {
        parse_type(&r#type)?;
        Ok(Unknown { ty: r#type })
    }

    fn __repr__(&self) -> String {
        format!("Unknown({:?})", self.ty)
    }
}

/// A sensitive value: Terraform prints it as `(sensitive value)`; `value` holds it.
#[pyclass(module = "terrace", frozen)]
pub(crate) struct Sensitive {
    /// The value itself.
    #[pyo3(get)]
    value: Py<PyAny>,
}

#[pymethods]
impl Sensitive {
    #[new]
    fn new(value: Py<PyAny>) -> Sensitive {
        Sensitive { value }
    }

    fn __repr__(&self) -> &'static str {
        "Sensitive(...)"
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Sensitive>() {
            Ok(other) => self.value.bind(py).eq(&other.get().value),
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.value.bind(py).hash()
    }
}

/// Parses a type as Terraform writes it (`list(string)`, `object({a = number})`).
fn parse_type(text: &str) -> PyResult<Type> {
    let parsed = terrace_syntax::parse_expr(text)
        .map_err(|e| PyValueError::new_err(format!("not a type: {text:?}: {}", e.summary())))?;
    terrace_eval::type_expr::exact_type(&parsed)
        .map_err(|e| PyValueError::new_err(format!("not a type: {text:?}: {}", e.detail)))
}

/// A terrace value as Python data.
pub(crate) fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    to_python_at(py, value, 0)
}

fn to_python_at(py: Python<'_>, value: &Value, depth: usize) -> PyResult<Py<PyAny>> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err("value nested too deeply"));
    }
    if value.marks().is_sensitive() {
        let (inner, _) = value.clone().unmark();
        let inner = to_python_at(py, &inner, depth + 1)?;
        return Sensitive { value: inner }.into_py_any(py);
    }
    match value.repr() {
        Repr::Null => Ok(py.None()),
        Repr::Unknown => Unknown {
            ty: terrace_types::format_type(value.ty()),
        }
        .into_py_any(py),
        // Only the console's type() makes one, and evaluation here is not the console's.
        Repr::Type(_) => Err(PyTypeError::new_err("a type() result has no Python value")),
        Repr::Bool(b) => b.into_py_any(py),
        Repr::String(s) => s.as_ref().into_py_any(py),
        Repr::Number(n) => number_to_python(py, n),
        Repr::Seq(items) => {
            let items = items
                .iter()
                .map(|item| to_python_at(py, item, depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_py_any(py)
        }
        Repr::Attrs(attrs) => {
            let dict = PyDict::new(py);
            for (key, item) in attrs {
                dict.set_item(key.as_ref(), to_python_at(py, item, depth + 1)?)?;
            }
            dict.into_py_any(py)
        }
    }
}

fn number_to_python(py: Python<'_>, n: &Number) -> PyResult<Py<PyAny>> {
    if n.is_infinite() {
        let text = if n.is_negative() {
            "-Infinity"
        } else {
            "Infinity"
        };
        return decimal_type(py)?.call1((text,))?.into_py_any(py);
    }
    if n.is_integer() {
        if let Some(i) = n.to_i64() {
            return i.into_py_any(py);
        }
        if let Some(big) = n.to_bigint_trunc() {
            return big.into_py_any(py);
        }
    }
    decimal_type(py)?.call1((n.to_string(),))?.into_py_any(py)
}

/// Python data as a terrace value.
pub(crate) fn from_python(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    from_python_at(obj, 0)
}

fn from_python_at(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err("value nested too deeply"));
    }
    let py = obj.py();
    if obj.is_none() {
        return Ok(Value::null(Type::Dynamic));
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::bool(b.is_true()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::string(s.to_str()?));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::int(i));
        }
        let big: BigInt = obj.extract()?;
        return Ok(Value::number(Number::from_bigint(&big)));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let f = f.value();
        return Number::try_from_f64(f)
            .map(Value::number)
            .ok_or_else(|| PyValueError::new_err(format!("{f} is not a number Terraform has")));
    }
    if obj.is_instance(decimal_type(py)?)? {
        return decimal_to_number(obj).map(Value::number);
    }
    if let Ok(list) = obj.cast::<PyList>() {
        let items = list
            .iter()
            .map(|item| from_python_at(&item, depth + 1))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::tuple(items));
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        let items = tuple
            .iter()
            .map(|item| from_python_at(&item, depth + 1))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::tuple(items));
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut attrs = Vec::with_capacity(dict.len());
        for (key, item) in dict.iter() {
            let Ok(key) = key.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "object keys must be str, not {}",
                    key.get_type().name()?
                )));
            };
            attrs.push((key.to_str()?.to_string(), from_python_at(&item, depth + 1)?));
        }
        return Ok(Value::object(attrs));
    }
    if let Ok(unknown) = obj.cast::<Unknown>() {
        return Ok(Value::unknown(parse_type(&unknown.get().ty)?));
    }
    if let Ok(sensitive) = obj.cast::<Sensitive>() {
        let inner = from_python_at(sensitive.get().value.bind(py), depth + 1)?;
        return Ok(inner.mark(Marks::SENSITIVE));
    }
    Err(PyTypeError::new_err(format!(
        "cannot convert {} to a Terraform value (use str, int, float, Decimal, bool, None, list, tuple, dict, terrace.Unknown or terrace.Sensitive)",
        obj.get_type().name()?
    )))
}

/// A `Decimal` as a number: its text parsed as HCL parses a number literal.
fn decimal_to_number(obj: &Bound<'_, PyAny>) -> PyResult<Number> {
    let py = obj.py();
    if obj.call_method0(intern!(py, "is_nan"))?.is_truthy()? {
        return Err(PyValueError::new_err("NaN is not a number Terraform has"));
    }
    if obj.call_method0(intern!(py, "is_infinite"))?.is_truthy()? {
        let negative = obj.call_method0(intern!(py, "is_signed"))?.is_truthy()?;
        return Ok(Number::infinity(!negative));
    }
    let text: String = obj.str()?.extract()?;
    Number::parse(&text).map_err(|e| PyValueError::new_err(format!("{text}: {e}")))
}

/// The `(name, value)` pairs of a mapping of names to Python values.
pub(crate) fn named_values(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, Value)>> {
    let dict = obj
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("variables must be a dict of names to values"))?;
    let mut pairs = Vec::with_capacity(dict.len());
    for (key, item) in dict.iter() {
        let name: String = key
            .extract()
            .map_err(|_| PyTypeError::new_err("variable names must be str"))?;
        pairs.push((name, from_python(&item)?));
    }
    Ok(pairs)
}

/// A Python value as the text of a `-var NAME=VALUE` assignment: a `str` as
/// it is (Terraform takes a string variable's text literally), anything else
/// as an HCL literal.
pub(crate) fn var_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_str()?.to_string());
    }
    let value = from_python(obj)?;
    let mut out = String::new();
    hcl_literal(&value, &mut out)?;
    Ok(out)
}

/// `value` written as HCL source that evaluates back to it.
fn hcl_literal(value: &Value, out: &mut String) -> PyResult<()> {
    if !value.marks().is_empty() {
        return Err(PyTypeError::new_err(
            "a variable's value cannot be terrace.Sensitive (declare the variable sensitive)",
        ));
    }
    match value.repr() {
        Repr::Null => out.push_str("null"),
        Repr::Unknown => {
            return Err(PyTypeError::new_err(
                "a variable's value cannot be terrace.Unknown",
            ));
        }
        Repr::Type(_) => {
            return Err(PyTypeError::new_err(
                "a variable's value cannot be a type() result",
            ));
        }
        Repr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Repr::Number(n) if n.is_infinite() => {
            return Err(PyValueError::new_err(
                "a variable's value cannot be infinite",
            ));
        }
        Repr::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Repr::String(s) => hcl_string(s, out),
        Repr::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                hcl_literal(item, out)?;
            }
            out.push(']');
        }
        Repr::Attrs(attrs) => {
            out.push('{');
            for (i, (key, item)) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                hcl_string(key, out);
                out.push_str(" = ");
                hcl_literal(item, out)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

/// A quoted HCL string with the escapes it needs (`$${` and `%%{` included).
fn hcl_string(s: &str, out: &mut String) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
