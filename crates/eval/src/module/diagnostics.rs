//! `ModuleDiagnostic`: a [`Diagnostic`] together with the file its spans point into.

use super::files::FileId;
use crate::diagnostic::{Diagnostic, Severity};

/// A diagnostic found while loading a module: the spans of `diagnostic`
/// (its main span and its labels) are byte offsets into `file`, one of the
/// loaded module's [`super::SourceFiles`] (`module.files().get(file)` gives
/// the path and the text to render it with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleDiagnostic {
    /// The file the spans refer to; `None` for problems with no place in a
    /// file (an unreadable directory, a missing required variable).
    pub file: Option<FileId>,
    /// The diagnostic itself.
    pub diagnostic: Diagnostic,
}

impl ModuleDiagnostic {
    /// A diagnostic about `file`.
    pub fn new(file: FileId, diagnostic: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic {
            file: Some(file),
            diagnostic,
        }
    }

    /// A diagnostic with no place in a file.
    pub fn without_file(diagnostic: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic {
            file: None,
            diagnostic,
        }
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.diagnostic.severity == Severity::Error
    }
}

/// A warning diagnostic.
pub(crate) fn warning(
    summary: impl Into<String>,
    detail: impl Into<String>,
    span: terrace_syntax::Span,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(summary, detail, span);
    diagnostic.severity = Severity::Warning;
    diagnostic
}
