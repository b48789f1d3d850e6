//! `ModuleDiagnostic`: a [`Diagnostic`] together with the file its spans point into.

use super::file_id::FileId;
use terrace_eval::{Diagnostic, Severity};

/// A diagnostic found while loading a module: the spans of `diagnostic`
/// (its main span and its labels) are byte offsets into `file`, one of the
/// loaded module's [`SourceFiles`](crate::module::SourceFiles) (`module.files().get(file)` gives
/// the path and the text to render it with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleDiagnostic {
    /// The file the spans refer to; `None` for problems with no place in a
    /// file (an unreadable directory, a missing required variable).
    pub file: Option<FileId>,
    /// The diagnostic itself.
    pub diagnostic: Diagnostic,
    /// When it was found: reading the configuration, or evaluating it.
    pub stage: Stage,
    /// A warning in the console that `terraform validate` (and a plan) reports as an error:
    /// a problem with a resource's `count`, `for_each` or arguments, which `terraform
    /// console` neither expands nor evaluates.
    pub validate_error: bool,
    /// Terraform reports it with no range (`terraform validate -json` gives none, as for
    /// `"id" attribute is read-only`, found by the provider's schema): `file` and the span
    /// are where terrace found its subject, for an editor to point at.
    pub rangeless: bool,
}

/// When a module diagnostic was found. As in Terraform, an error in the
/// configuration itself (syntax, an unexpected block or argument, a
/// duplicate definition, a default that does not fit its type) means the
/// configuration cannot be used at all, while an error evaluating it (a
/// failed validation, a function error in a local value) leaves the values
/// it concerns unknown and the rest usable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Reading and decoding the files.
    Configuration,
    /// Evaluating variables, locals, resources, module calls and outputs.
    #[default]
    Evaluation,
}

impl ModuleDiagnostic {
    /// A diagnostic about `file`.
    pub fn new(file: FileId, diagnostic: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic {
            file: Some(file),
            diagnostic,
            stage: Stage::Evaluation,
            validate_error: false,
            rangeless: false,
        }
    }

    /// A diagnostic with no place in a file.
    pub fn without_file(diagnostic: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic {
            file: None,
            diagnostic,
            stage: Stage::Evaluation,
            validate_error: false,
            rangeless: false,
        }
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.diagnostic.severity == Severity::Error
    }

    /// True for errors in the configuration itself (see [`Stage`]).
    pub fn is_configuration_error(&self) -> bool {
        self.is_error() && self.stage == Stage::Configuration
    }
}

/// Marks the diagnostics found since `start` as configuration diagnostics.
pub(crate) fn mark_configuration(diagnostics: &mut [ModuleDiagnostic], start: usize) {
    for found in diagnostics.iter_mut().skip(start) {
        found.stage = Stage::Configuration;
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
