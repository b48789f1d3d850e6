//! `Diagnostic` and `Diagnostics`: what went wrong during evaluation, Terraform-style.

use std::fmt;

use terrace_syntax::{ParseError, Span};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Evaluation failed.
    Error,
    /// Something worth telling, but evaluation went on.
    Warning,
}

/// One problem found while parsing or evaluating an expression.
///
/// `summary` and `detail` follow Terraform: a short title ("Invalid function
/// argument") and a sentence ("Invalid value for \"str\" parameter: string
/// required."). A renderer shows the title, points at `span`, adds `labels`
/// and prints the detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The short title, e.g. "Unsupported attribute".
    pub summary: String,
    /// The full sentence, e.g. "This object does not have an attribute named \"b\".".
    pub detail: String,
    /// The source range the problem is about.
    pub span: Span,
    /// Further source ranges with a note each (e.g. the whole expression around `span`).
    pub labels: Vec<(Span, String)>,
    /// A replacement the user probably meant (a name for "did you mean"), if any.
    pub suggestion: Option<String>,
}

impl Diagnostic {
    /// An error diagnostic.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            span,
            labels: Vec::new(),
            suggestion: None,
        }
    }

    /// The same diagnostic with one more label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push((span, message.into()));
        self
    }

    /// The same diagnostic with a suggested replacement.
    pub fn with_suggestion(mut self, suggestion: impl Into<String>) -> Diagnostic {
        self.suggestion = Some(suggestion.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Shows `summary; detail`, as the conformance file writes Terraform's errors.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.detail.is_empty() {
            f.write_str(&self.summary)
        } else {
            write!(f, "{}; {}", self.summary, self.detail)
        }
    }
}

impl std::error::Error for Diagnostic {}

impl From<ParseError> for Diagnostic {
    fn from(error: ParseError) -> Diagnostic {
        Diagnostic::error(error.summary(), error.detail(), error.span())
    }
}

impl From<&ParseError> for Diagnostic {
    fn from(error: &ParseError) -> Diagnostic {
        Diagnostic::error(error.summary(), error.detail(), error.span())
    }
}

/// The diagnostics of one evaluation, in the order they were found; never empty
/// when returned as an error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Add one.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// Add all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// The first diagnostic, if any.
    pub fn first(&self) -> Option<&Diagnostic> {
        self.0.first()
    }

    /// All diagnostics in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when at least one is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Diagnostics {
        Diagnostics(vec![diagnostic])
    }
}

impl From<ParseError> for Diagnostics {
    fn from(error: ParseError) -> Diagnostics {
        Diagnostics(vec![error.into()])
    }
}

impl From<terrace_template::TemplateError> for Diagnostics {
    fn from(error: terrace_template::TemplateError) -> Diagnostics {
        Diagnostics(vec![Diagnostic::error(
            error.summary,
            error.detail,
            error.span,
        )])
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// One diagnostic a line, as `summary; detail`.
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (idx, diagnostic) in self.0.iter().enumerate() {
            if idx > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{diagnostic}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
