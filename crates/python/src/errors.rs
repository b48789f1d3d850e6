//! The exception classes (`terrace.Error` and its subclasses) and
//! `terrace.Diagnostic`, with messages written as the console writes them.

use std::fmt::Write as _;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyList;
use terrace_eval::{Diagnostics, Severity};
use terrace_syntax::{ParseError, SourceMap, Span};

create_exception!(
    terrace,
    Error,
    PyException,
    "The base class of terrace's errors; `diagnostics` lists what went wrong."
);
create_exception!(
    terrace,
    SyntaxError,
    Error,
    "The text does not parse as HCL."
);
create_exception!(
    terrace,
    EvaluationError,
    Error,
    "The expression parses but cannot be evaluated."
);
create_exception!(
    terrace,
    ConfigurationError,
    Error,
    "The configuration has errors that stop `terraform console` (syntax, duplicates, cycles...)."
);

/// The name the console gives a line typed at it.
pub(crate) const CONSOLE_INPUT: &str = "<console-input>";

/// One problem: an error or a warning, with where it is.
#[pyclass(module = "terrace", frozen)]
#[derive(Clone, Debug)]
pub(crate) struct Diagnostic {
    /// `"error"` or `"warning"`.
    #[pyo3(get)]
    severity: String,
    /// The short title, e.g. "Unsupported attribute".
    #[pyo3(get)]
    summary: String,
    /// The full sentence, e.g. "This object does not have an attribute named \"b\".".
    #[pyo3(get)]
    detail: String,
    /// The file (`"<console-input>"` for an expression), or `None`.
    #[pyo3(get)]
    file: Option<String>,
    /// The 1-based line, or `None` when the problem has no place.
    #[pyo3(get)]
    line: Option<u32>,
    /// The 1-based column in characters, or `None`.
    #[pyo3(get)]
    column: Option<u32>,
    /// The source line the problem is on, when known (not exposed: used by `str()`).
    source_line: Option<String>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(severity={:?}, summary={:?}, detail={:?}, file={}, line={}, column={})",
            self.severity,
            self.summary,
            self.detail,
            self.file
                .as_ref()
                .map_or("None".to_string(), |f| format!("{f:?}")),
            self.line.map_or("None".to_string(), |l| l.to_string()),
            self.column.map_or("None".to_string(), |c| c.to_string()),
        )
    }

    /// The diagnostic as the console prints it (without the box and colours).
    fn __str__(&self) -> String {
        self.render()
    }
}

impl Diagnostic {
    /// A diagnostic at `span` of `text`, the contents of `file`.
    pub(crate) fn at(
        severity: Severity,
        summary: &str,
        detail: &str,
        file: Option<&str>,
        place: Option<(&str, Span)>,
    ) -> Diagnostic {
        let (line, column, source_line) = match place {
            Some((text, span)) => {
                let map = SourceMap::new(text);
                let location = map.location(span.start as usize);
                let source_line = map
                    .line_range(location.line as usize)
                    .and_then(|range| text.get(range))
                    .map(|s| s.trim_end_matches(['\n', '\r']).to_string());
                (Some(location.line), Some(location.column), source_line)
            }
            None => (None, None, None),
        };
        Diagnostic {
            severity: match severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }
            .to_string(),
            summary: summary.to_string(),
            detail: detail.to_string(),
            file: file.map(str::to_string),
            line,
            column,
            source_line,
        }
    }

    /// `Error: summary`, the place and its source line, then the detail, as
    /// Terraform writes a diagnostic.
    fn render(&self) -> String {
        let mut out = String::new();
        let title = if self.severity == "warning" {
            "Warning"
        } else {
            "Error"
        };
        let _ = write!(out, "{title}: {}", self.summary);
        if let (Some(file), Some(line)) = (&self.file, self.line) {
            let _ = write!(out, "\n\n  on {file} line {line}:");
            if let Some(source) = &self.source_line {
                let _ = write!(out, "\n  {line:>2}: {source}");
            }
        }
        if !self.detail.is_empty() {
            let _ = write!(out, "\n\n{}", self.detail);
        }
        out
    }
}

/// An exception of class `E` carrying `diagnostics`, its message their renderings.
pub(crate) fn with_diagnostics<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    diagnostics: Vec<Diagnostic>,
) -> PyErr {
    let message = diagnostics
        .iter()
        .map(Diagnostic::render)
        .collect::<Vec<_>>()
        .join("\n\n");
    let error = PyErr::from_type(py.get_type::<E>(), message);
    let attached =
        PyList::new(py, diagnostics).and_then(|list| error.value(py).setattr("diagnostics", list));
    match attached {
        Ok(()) => error,
        Err(failed) => failed,
    }
}

/// `terrace.SyntaxError` for an expression that does not parse.
pub(crate) fn syntax_error(py: Python<'_>, expr: &str, error: &ParseError) -> PyErr {
    syntax_errors(py, expr, CONSOLE_INPUT, std::slice::from_ref(error))
}

/// `terrace.SyntaxError` for the parse errors of `text`, the contents of `file`.
pub(crate) fn syntax_errors(
    py: Python<'_>,
    text: &str,
    file: &str,
    errors: &[ParseError],
) -> PyErr {
    let diagnostics = errors
        .iter()
        .map(|e| {
            Diagnostic::at(
                Severity::Error,
                e.summary(),
                e.detail(),
                Some(file),
                Some((text, e.span())),
            )
        })
        .collect();
    with_diagnostics::<SyntaxError>(py, diagnostics)
}

/// The diagnostics of evaluating `expr`, typed at the console.
pub(crate) fn expr_diagnostics(expr: &str, found: &Diagnostics) -> Vec<Diagnostic> {
    found
        .iter()
        .map(|d| {
            Diagnostic::at(
                d.severity,
                &d.summary,
                &d.detail,
                Some(CONSOLE_INPUT),
                Some((expr, d.span)),
            )
        })
        .collect()
}

/// `terrace.EvaluationError` for the errors of evaluating `expr`.
pub(crate) fn evaluation_error(py: Python<'_>, expr: &str, found: &Diagnostics) -> PyErr {
    with_diagnostics::<EvaluationError>(py, expr_diagnostics(expr, found))
}
