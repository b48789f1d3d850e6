//! Inlay hints: after a local's or an output's expression, its value exactly as `terrace -e`
//! prints it, when that is short (one line of at most [`MAX_CHARS`] characters), wholly
//! known and not sensitive.
//!
//! Hints are computed for the document's current text (where each expression ends) with the
//! values of the newest load. In a child module called more than once, a hint is shown only
//! when every call gives the same value. A hint that would repeat the expression's own text
//! (`x = 3`, `y = "a"`, `z = null`) is left out, and so is every output declared `sensitive`
//! or `ephemeral`.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use terrace_eval::{ConsoleValue, Evaluator};
use terrace_syntax::{Block, Body, Expr, ExprKind, Literal};
use terrace_types::format_value;

use lsp_types::{InlayHint, InlayHintLabel, InlayHintTooltip};

use crate::analysis::{Analysis, Place};
use crate::position::LineIndex;

/// The longest value shown, in characters.
pub const MAX_CHARS: usize = 40;
/// A module called more often than this gets no hints (each call would be evaluated).
const MAX_PLACES: usize = 8;

/// One hint: where it goes and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The byte offset in the document's text: the end of the expression.
    pub offset: usize,
    /// The value as `terrace -e` prints it.
    pub label: String,
    /// What it is the value of (`local.name`, `output.name`).
    pub of: String,
}

/// The hints for `body`, the parsed text of a document of `dir`, between byte offsets
/// `within` (the range the editor shows), with `analysis`'s values.
///
/// ```
/// use std::path::Path;
/// use std::sync::Arc;
/// use terrace_functions::Overlay;
/// use terrace_lsp::analysis::Analysis;
///
/// let text = "locals {\n  a = upper(\"x\")\n  b = 1\n}\n";
/// let files = Overlay::in_memory().with("/ws/main.tf", text);
/// let analysis = Analysis::load(Path::new("/ws"), Arc::new(files), 0);
/// let (body, _) = terrace_syntax::parse_body(text);
/// let hints = terrace_lsp::inlay::hints(&analysis, Path::new("/ws"), &body, 0..text.len(), None);
/// // `b = 1` shows nothing: its value is its text.
/// assert_eq!(hints.len(), 1);
/// assert_eq!((hints[0].label.as_str(), hints[0].offset), ("\"X\"", 25));
/// ```
pub fn hints(
    analysis: &Analysis,
    dir: &Path,
    body: &Body,
    within: std::ops::Range<usize>,
    interrupt: Option<Arc<AtomicBool>>,
) -> Vec<Hint> {
    let places = analysis.places(dir);
    if places.is_empty() || places.len() > MAX_PLACES {
        return Vec::new();
    }
    let evaluator = analysis.evaluator(dir, interrupt);
    let mut out = Vec::new();
    for block in body.blocks() {
        if block.span.end as usize <= within.start || block.span.start as usize >= within.end {
            continue;
        }
        match block.block_type.as_str() {
            "locals" => {
                for attr in block.body.attributes() {
                    let end = attr.expr.span.end as usize;
                    if !within.contains(&end) && end != within.end {
                        continue;
                    }
                    let of = format!("local.{}", attr.name.as_str());
                    let Ok(reference) = terrace_syntax::parse_expr(&of) else {
                        continue;
                    };
                    if let Some(label) =
                        shown(analysis, &places, &evaluator, &reference, &attr.expr)
                    {
                        out.push(Hint {
                            offset: end,
                            label,
                            of,
                        });
                    }
                }
            }
            "output" => {
                let (Some(name), Some(attr)) =
                    (block.labels.first(), block.body.attribute("value"))
                else {
                    continue;
                };
                let end = attr.expr.span.end as usize;
                if (!within.contains(&end) && end != within.end) || withheld(block) {
                    continue;
                }
                if let Some(label) = shown(analysis, &places, &evaluator, &attr.expr, &attr.expr) {
                    out.push(Hint {
                        offset: end,
                        label,
                        of: format!("output.{}", name.value),
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// True for an output declared `sensitive = true` or `ephemeral = true`.
fn withheld(block: &Block) -> bool {
    ["sensitive", "ephemeral"].iter().any(|name| {
        block.body.attribute(name).is_some_and(|attr| {
            matches!(
                attr.expr.strip_parens().kind,
                ExprKind::Literal(Literal::Bool(true))
            )
        })
    })
}

/// The label for `expr` (what `written` — the expression in the text — evaluates to) when it is
/// the same in every place and fit to show.
fn shown(
    analysis: &Analysis,
    places: &[Place<'_>],
    evaluator: &Evaluator,
    expr: &Expr,
    written: &Expr,
) -> Option<String> {
    let mut label: Option<String> = None;
    for place in places {
        if !place.instance.reference_errors(expr).is_empty() {
            return None;
        }
        let scope = analysis.scope_for(Some(place), expr)?;
        let Ok(ConsoleValue::Value(value)) = evaluator.eval_console(expr, &scope) else {
            return None;
        };
        if !value.is_wholly_known() || value.marks_deep().is_sensitive() {
            return None;
        }
        let printed = format_value(&value);
        if printed.contains('\n') || printed.chars().count() > MAX_CHARS {
            return None;
        }
        match &label {
            Some(seen) if *seen != printed => return None,
            Some(_) => {}
            None => label = Some(printed),
        }
    }
    let label = label?;
    // `x = 3`, `y = "a"`: the value is the text itself.
    if matches!(written.strip_parens().kind, ExprKind::Literal(_)) {
        return None;
    }
    Some(label)
}

/// The hints of a document's `text` within `range`, as LSP inlay hints (UTF-16 positions; the
/// value as the label, padded on its left).
pub fn lsp_hints(
    analysis: &Analysis,
    dir: &Path,
    text: &str,
    index: &LineIndex,
    range: lsp_types::Range,
    interrupt: Option<Arc<AtomicBool>>,
) -> Vec<InlayHint> {
    let (body, _) = terrace_syntax::parse_body(text);
    let within = index.offset(text, range.start)..index.offset(text, range.end);
    hints(analysis, dir, &body, within, interrupt)
        .into_iter()
        .map(|hint| InlayHint {
            position: index.position(text, hint.offset),
            label: InlayHintLabel::String(hint.label),
            kind: None,
            text_edits: None,
            tooltip: Some(InlayHintTooltip::String(format!(
                "the value of {}",
                hint.of
            ))),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_functions::Overlay;

    fn labels(text: &str) -> Vec<(String, String)> {
        let files = Overlay::in_memory().with("/ws/main.tf", text);
        let analysis = Analysis::load(Path::new("/ws"), Arc::new(files), 0);
        let (body, _) = terrace_syntax::parse_body(text);
        hints(&analysis, Path::new("/ws"), &body, 0..text.len(), None)
            .into_iter()
            .map(|hint| (hint.of, hint.label))
            .collect()
    }

    #[test]
    fn only_short_known_and_not_sensitive_values() {
        let text = r#"variable "s" {
  default   = "x"
  sensitive = true
}
locals {
  short = join("-", ["a", "b"])
  long  = join("", [for i in range(41) : "a"])
  lines = ["a", "b"]
  sens  = "${var.s}!"
  same  = "text"
}
output "o" {
  value = local.short
}
output "hidden" {
  value     = local.short
  sensitive = true
}
"#;
        assert_eq!(
            labels(text),
            [
                ("local.short".to_string(), "\"a-b\"".to_string()),
                ("output.o".to_string(), "\"a-b\"".to_string()),
            ]
        );
    }

    #[test]
    fn a_broken_file_still_gets_hints_for_what_parses() {
        let text = "locals {\n  a = 1 + 1\n}\nlocals {\n  b = (\n";
        assert_eq!(labels(text), [("local.a".to_string(), "2".to_string())]);
    }
}
