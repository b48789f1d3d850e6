//! Terraform's consolidation of warnings: warnings with a place in a file and the same
//! summary are shown once, the first saying how many more there are.

use terrace_config::module::ModuleDiagnostic;

/// terrace's own warnings, which Terraform does not have: each says something the others
/// do not (which module is not loaded, from where), so they are all shown.
const KEPT_APART: &[&str] = &["Module not loaded"];

/// `diagnostics` with each group of warnings (with a file) of the same summary shown as
/// its first one, whose detail ends "(and N more similar warnings elsewhere)", as
/// Terraform's `ConsolidateWarnings` shows them; errors, warnings without a file and
/// terrace's own warnings stay as they are.
pub(crate) fn consolidate_warnings(diagnostics: &[ModuleDiagnostic]) -> Vec<ModuleDiagnostic> {
    let mut out: Vec<ModuleDiagnostic> = Vec::with_capacity(diagnostics.len());
    // Each group's summary, where its first warning is in `out`, and how many joined it.
    let mut groups: Vec<(&str, usize, usize)> = Vec::new();
    for found in diagnostics {
        let kept_apart = KEPT_APART.contains(&found.diagnostic.summary.as_str());
        if found.is_error() || found.file.is_none() || kept_apart {
            out.push(found.clone());
            continue;
        }
        let summary = found.diagnostic.summary.as_str();
        match groups.iter_mut().find(|(s, _, _)| *s == summary) {
            Some((_, _, more)) => *more += 1,
            None => {
                groups.push((summary, out.len(), 0));
                out.push(found.clone());
            }
        }
    }
    for (_, at, more) in groups {
        let note = match more {
            0 => continue,
            1 => "(and one more similar warning elsewhere)".to_string(),
            n => format!("(and {n} more similar warnings elsewhere)"),
        };
        let detail = &mut out[at].diagnostic.detail;
        *detail = if detail.is_empty() {
            note
        } else {
            format!("{detail}\n\n{note}")
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_config::module::FileId;
    use terrace_eval::{Diagnostic, Severity};
    use terrace_syntax::Span;

    #[test]
    fn groups_warnings_by_summary_as_terraform_does() {
        let file = FileId(0);
        let warning_of = |summary: &str, detail: &str| Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail, Span::default())
        };
        let warning =
            |summary: &str, detail: &str| ModuleDiagnostic::new(file, warning_of(summary, detail));
        let error = ModuleDiagnostic::new(file, Diagnostic::error("E", "e", Span::default()));
        let unplaced = ModuleDiagnostic::without_file(warning_of("A", ""));
        let found = consolidate_warnings(&[
            warning("A", "first"),
            error.clone(),
            warning("B", ""),
            warning("A", "second"),
            unplaced.clone(),
            warning("A", "third"),
            warning("B", "x"),
            warning("Module not loaded", "m1"),
            warning("Module not loaded", "m2"),
        ]);
        let shown: Vec<(&str, &str)> = found
            .iter()
            .map(|d| (d.diagnostic.summary.as_str(), d.diagnostic.detail.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("A", "first\n\n(and 2 more similar warnings elsewhere)"),
                ("E", "e"),
                ("B", "(and one more similar warning elsewhere)"),
                ("A", ""),
                ("Module not loaded", "m1"),
                ("Module not loaded", "m2"),
            ]
        );
    }
}
