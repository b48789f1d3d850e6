//! `TemplateError`: a template part that cannot be rendered (a null or a list interpolated, a bad condition).

use terrace_syntax::Span;

/// Why a template could not be rendered, Terraform-style: a short summary and a
/// detail sentence, with the span of the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{summary}; {detail}")]
pub struct TemplateError {
    /// The short title, e.g. "Invalid template interpolation value".
    pub summary: String,
    /// The sentence explaining it.
    pub detail: String,
    /// The part of the template at fault.
    pub span: Span,
}

impl TemplateError {
    /// A new error.
    pub fn new(summary: impl Into<String>, detail: impl Into<String>, span: Span) -> TemplateError {
        TemplateError {
            summary: summary.into(),
            detail: detail.into(),
            span,
        }
    }
}
