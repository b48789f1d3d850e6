//! The named value a position is about, for find references and rename: a reference under
//! the cursor (`var.x`, `local.y`, `module.m.out`, a resource), or the name in a declaration
//! (`variable "x"`, `output "x"`, a local's attribute name); with the byte range of the name
//! a rename replaces, or why there is nothing to rename there.

use std::ops::Range;

use terrace_syntax::Body;

use crate::cursor::{Target, target_at};
use crate::definition::names;

/// What is under the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Named {
    /// A variable, local or output, renamable: its key (`[var, x]`, `[local, y]`,
    /// `[output, z]` for a declaration, `[module, m, z]` for a read of a child's output) and
    /// the byte range of the name a rename replaces, in the document's text.
    Value {
        /// The key.
        key: Vec<String>,
        /// The name's byte range in the document.
        name: Range<usize>,
    },
    /// Something with references that is not renamed (a resource, a data source, a module
    /// call, a built-in name): its key, and why it is not renamed.
    Fixed {
        /// The key (`[aws_vpc, main]`, `[data, t, n]`, `[module, m]`), empty for a built-in.
        key: Vec<String>,
        /// The message for the user.
        why: String,
    },
}

/// The message when the cursor is on nothing renamable.
pub const NOTHING: &str = "Nothing to rename here: put the cursor on a variable, a local value or an output (its declaration or a reference to it).";

/// What the position at byte `offset` of `text` (its line starting at `line_start`, and the
/// parsed `body`) names; `None` when it is on nothing named.
///
/// ```
/// use terrace_lsp::named::{Named, named_at};
/// let text = "output \"ip\" {\n  value = var.addr\n}\n";
/// let (body, _) = terrace_syntax::parse_body(text);
/// let Some(Named::Value { key, name }) = named_at(text, &body, 9) else { panic!() };
/// assert_eq!((key.join("."), &text[name]), ("output.ip".to_string(), "ip"));
/// let Some(Named::Value { key, name }) = named_at(text, &body, 28) else { panic!() };
/// assert_eq!((key.join("."), &text[name]), ("var.addr".to_string(), "addr"));
/// ```
pub fn named_at(text: &str, body: &Body, offset: usize) -> Option<Named> {
    if let Some(found) = declaration_at(body, offset) {
        return Some(found);
    }
    let line_start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[line_start..line_end];
    match target_at(line, offset - line_start)? {
        Target::Function { name, .. } => Some(Named::Fixed {
            key: Vec::new(),
            why: format!("`{name}` is a function: it cannot be renamed."),
        }),
        Target::Reference {
            text: reference,
            span,
        } => {
            let at = offset - line_start - span.start;
            Some(reference_named(&reference, at, line_start + span.start))
        }
    }
}

/// The name declared at `offset` in a top-level block's label or a local's name.
fn declaration_at(body: &Body, offset: usize) -> Option<Named> {
    let inside =
        |span: terrace_syntax::Span| span.start as usize <= offset && offset <= span.end as usize;
    for block in body.blocks() {
        if !inside(block.span) {
            continue;
        }
        let kind = block.block_type.as_str();
        if kind == "locals" {
            for attr in block.body.attributes() {
                if inside(attr.name.span) {
                    return Some(Named::Value {
                        key: vec!["local".into(), attr.name.as_str().to_string()],
                        name: attr.name.span.range(),
                    });
                }
            }
            return None;
        }
        let label = block.labels.iter().find(|label| inside(label.span))?;
        let mut name = label.span.range();
        if label.quoted && name.len() >= 2 {
            name = name.start + 1..name.end - 1;
        }
        let labels: Vec<String> = block.labels.iter().map(|l| l.value.to_string()).collect();
        return Some(match kind {
            "variable" => Named::Value {
                key: vec!["var".into(), labels[0].clone()],
                name,
            },
            "output" => Named::Value {
                key: vec!["output".into(), labels[0].clone()],
                name,
            },
            "module" => Named::Fixed {
                key: vec!["module".into(), labels[0].clone()],
                why: format!(
                    "`module.{}` is a module call: only variables, local values and outputs are renamed.",
                    labels[0]
                ),
            },
            "resource" | "ephemeral" if labels.len() == 2 => Named::Fixed {
                key: labels.clone(),
                why: format!(
                    "`{}` is a resource: only variables, local values and outputs are renamed.",
                    labels.join(".")
                ),
            },
            "data" if labels.len() == 2 => Named::Fixed {
                key: vec!["data".into(), labels[0].clone(), labels[1].clone()],
                why: format!(
                    "`data.{}` is a data source: only variables, local values and outputs are renamed.",
                    labels.join(".")
                ),
            },
            _ => Named::Fixed {
                key: Vec::new(),
                why: format!(
                    "A `{kind}` block's label is not renamed: only variables, local values and outputs are."
                ),
            },
        });
    }
    None
}

/// What a reference names, with the cursor `at` bytes into it and the reference starting at
/// byte `start` of the document.
fn reference_named(reference: &str, at: usize, start: usize) -> Named {
    let parts = names(reference);
    let renamed_step = match parts.first().map(String::as_str) {
        Some("var" | "local") if parts.len() >= 2 => Some(1),
        Some("module") if parts.len() >= 3 => Some(2),
        _ => None,
    };
    let root = parts.first().cloned().unwrap_or_default();
    let fixed = |key: Vec<String>, why: String| Named::Fixed { key, why };
    match (root.as_str(), renamed_step) {
        ("module", Some(step)) => {
            let name = step_range(reference, step).unwrap_or(0..0);
            // On `module.m`: the call, not the output.
            if at < name.start.saturating_sub(1) {
                return fixed(
                    parts[..2].to_vec(),
                    format!(
                        "`module.{}` is a module call: only variables, local values and outputs are renamed.",
                        parts[1]
                    ),
                );
            }
            Named::Value {
                key: parts[..3].to_vec(),
                name: start + name.start..start + name.end,
            }
        }
        (_, Some(step)) => {
            let name = step_range(reference, step).unwrap_or(0..0);
            Named::Value {
                key: parts[..2].to_vec(),
                name: start + name.start..start + name.end,
            }
        }
        ("count" | "each" | "path" | "terraform" | "self", _) => fixed(
            Vec::new(),
            format!(
                "`{}` is built in: it cannot be renamed.",
                parts[..parts.len().min(2)].join(".")
            ),
        ),
        ("module", None) => fixed(
            parts.clone(),
            format!(
                "`{reference}` is a module call: only variables, local values and outputs are renamed."
            ),
        ),
        ("data", _) if parts.len() >= 3 => fixed(
            parts[..3].to_vec(),
            format!(
                "`{}` is a data source: only variables, local values and outputs are renamed.",
                parts[..3].join(".")
            ),
        ),
        (_, _) if parts.len() >= 2 => fixed(
            parts[..2].to_vec(),
            format!(
                "`{}` is a resource: only variables, local values and outputs are renamed.",
                parts[..2].join(".")
            ),
        ),
        _ => fixed(Vec::new(), NOTHING.to_string()),
    }
}

/// The byte range in `reference` of its `step`-th dotted name (0: the root), indexes skipped.
fn step_range(reference: &str, step: usize) -> Option<Range<usize>> {
    let mut segments = Vec::new();
    let mut depth = 0i32;
    let mut start = Some(0);
    for (i, ch) in reference.char_indices() {
        match ch {
            '[' => {
                if depth == 0
                    && let Some(s) = start.take()
                {
                    segments.push(s..i);
                }
                depth += 1;
            }
            ']' => depth -= 1,
            '.' if depth == 0 => {
                if let Some(s) = start.take() {
                    segments.push(s..i);
                }
                start = Some(i + 1);
            }
            _ => {}
        }
    }
    if let Some(s) = start
        && depth == 0
    {
        segments.push(s..reference.len());
    }
    segments.retain(|range| !range.is_empty());
    segments.get(step).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, needle: &str, delta: usize) -> Option<Named> {
        let (body, _) = terrace_syntax::parse_body(text);
        named_at(text, &body, text.find(needle)? + delta)
    }

    fn value(found: Option<Named>, text: &str) -> (String, String) {
        match found {
            Some(Named::Value { key, name }) => (key.join("."), text[name].to_string()),
            other => panic!("{other:?}"),
        }
    }

    fn why(found: Option<Named>) -> String {
        match found {
            Some(Named::Fixed { why, .. }) => why,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn declarations_and_references() {
        let text = "variable \"cidr\" {}\nlocals {\n  n = module.net.ids[0].x\n}\noutput \"o\" {\n  value = local.n\n}\nresource \"t\" \"r\" {\n  x = count.index + upper(var.cidr)\n}\n";
        assert_eq!(
            value(at(text, "cidr", 1), text),
            ("var.cidr".into(), "cidr".into())
        );
        assert_eq!(
            value(at(text, "n =", 0), text),
            ("local.n".into(), "n".into())
        );
        assert_eq!(
            value(at(text, "ids", 1), text),
            ("module.net.ids".into(), "ids".into())
        );
        assert_eq!(
            value(at(text, "\"o\"", 1), text),
            ("output.o".into(), "o".into())
        );
        assert_eq!(
            value(at(text, "local.n", 6), text),
            ("local.n".into(), "n".into())
        );
        assert_eq!(
            value(at(text, "var.cidr", 1), text),
            ("var.cidr".into(), "cidr".into())
        );
        assert!(why(at(text, "net.ids", 1)).contains("module call"));
        assert!(why(at(text, "count.index", 7)).contains("built in"));
        assert!(why(at(text, "upper", 2)).contains("function"));
        assert!(why(at(text, "\"r\"", 1)).contains("`t.r` is a resource"));
        assert_eq!(why(at(text, "value", 1)), NOTHING);
    }

    #[test]
    fn step_ranges() {
        assert_eq!(step_range("var.x", 1), Some(4..5));
        assert_eq!(step_range("module.m[\"a.b\"].out", 2), Some(16..19));
        assert_eq!(step_range("local.list[0]", 1), Some(6..10));
        assert_eq!(step_range("var.x", 2), None);
    }
}
