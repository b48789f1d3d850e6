//! A load's diagnostics as LSP diagnostics: Terraform's summary as the message (the detail
//! after it), its severity, and the range of its subject in UTF-16 positions. One Terraform
//! reports with no range (`"id" attribute is read-only`) is shown where terrace found its
//! subject (the attribute's name).

use std::collections::BTreeMap;
use std::path::PathBuf;

use lsp_types::{Diagnostic, DiagnosticSeverity};
use terrace_eval::Severity;

use crate::analysis::{Analysis, INTERRUPTED, clean};
use crate::position::LineIndex;

/// The diagnostics of `analysis` by file; those with no file are left out, and so are the
/// evaluations stopped by the server's budget (Terraform has no such error; the hover of
/// such a value says "still evaluating").
pub fn by_file(analysis: &Analysis) -> BTreeMap<PathBuf, Vec<Diagnostic>> {
    let files = analysis.files();
    let mut indexes: BTreeMap<usize, LineIndex> = BTreeMap::new();
    let mut out: BTreeMap<PathBuf, Vec<Diagnostic>> = BTreeMap::new();
    for found in &analysis.diagnostics() {
        let Some(id) = found.file else { continue };
        if found.diagnostic.summary == INTERRUPTED {
            continue;
        }
        let file = files.get(id);
        let index = indexes
            .entry(id.0)
            .or_insert_with(|| LineIndex::new(&file.text));
        let d = &found.diagnostic;
        let message = if d.detail.is_empty() {
            d.summary.clone()
        } else {
            format!("{}\n\n{}", d.summary, d.detail)
        };
        out.entry(clean(&file.path)).or_default().push(Diagnostic {
            range: index.range(&file.text, d.span.range()),
            severity: Some(match d.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                _ => DiagnosticSeverity::WARNING,
            }),
            source: Some("terrace".to_string()),
            message,
            ..Diagnostic::default()
        });
    }
    out
}
