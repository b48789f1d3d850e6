//! The rustyline `Helper`: completion of names and commands, highlighting as you type.
//!
//! Multi-line input is not decided here: rustyline's validator would continue
//! the input on a new line without a prompt, while the console wants a `... `
//! prompt on each continuation line. So the console loop asks
//! [`crate::input::needs_more`] (the parser's "incomplete" verdict) after each
//! line, and the validator accepts every line.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use terrace_types::Value;

use crate::commands::COMMANDS;
use crate::highlight;
use crate::session::Session;
use crate::theme::{Class, Theme};

/// The console's rustyline helper.
pub struct ConsoleHelper {
    session: Rc<RefCell<Session>>,
    theme: Theme,
}

impl ConsoleHelper {
    /// A helper that completes from `session` and colours with `theme`.
    pub fn new(session: Rc<RefCell<Session>>, theme: Theme) -> ConsoleHelper {
        ConsoleHelper { session, theme }
    }
}

impl Helper for ConsoleHelper {}

impl Completer for ConsoleHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let Ok(session) = self.session.try_borrow() else {
            return Ok((pos, Vec::new()));
        };
        Ok(complete(&session, line, pos))
    }
}

/// The completions of the word before `pos` in `line`: where it starts, and the candidates.
pub fn complete(session: &Session, line: &str, pos: usize) -> (usize, Vec<Pair>) {
    let pos = pos.min(line.len());
    let before = &line[..pos];
    let trimmed = before.trim_start();
    // A command name.
    if let Some(name) = trimmed.strip_prefix(':') {
        if !name.contains(char::is_whitespace) {
            let start = pos - name.len() - 1;
            let pairs = COMMANDS
                .iter()
                .filter(|spec| spec.name.starts_with(name))
                .map(|spec| Pair {
                    display: format!(":{}", spec.name),
                    replacement: format!(":{} ", spec.name),
                })
                .collect();
            return (start, pairs);
        }
        // `:show ADDRESS` and `:state PREFIX`: the instance addresses in the state.
        if let Some(arg) = name
            .strip_prefix("show ")
            .or_else(|| name.strip_prefix("state "))
            .map(str::trim_start)
        {
            let start = pos - arg.len();
            let pairs = session
                .state_addresses()
                .into_iter()
                .filter(|address| address.starts_with(arg))
                .map(|address| Pair {
                    display: address.clone(),
                    replacement: address,
                })
                .collect();
            return (start, pairs);
        }
        // `:doc NAME`: function names, without `(`.
        if let Some(arg) = name.strip_prefix("doc").map(str::trim_start)
            && !arg.contains(char::is_whitespace)
            && name.len() > 3
        {
            let start = pos - arg.len();
            let pairs = session
                .function_names()
                .into_iter()
                .filter(|f| f.starts_with(arg))
                .map(|f| Pair {
                    display: f.to_string(),
                    replacement: f.to_string(),
                })
                .collect();
            return (start, pairs);
        }
    }
    if let Some(found) = instance_keys(session, before, pos) {
        return found;
    }
    let word_len = before
        .chars()
        .rev()
        .take_while(|&c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'))
        .map(char::len_utf8)
        .sum::<usize>();
    let word = &before[pos - word_len..];
    let word = word.trim_start_matches(['.', ':']);
    let word_start = pos - word.len();
    if word.is_empty() || word.starts_with(|c: char| c.is_ascii_digit()) {
        return (pos, Vec::new());
    }
    if let Some((parent, partial)) = word.rsplit_once('.') {
        // Attributes of a known value.
        let path: Vec<&str> = parent.split('.').collect();
        let start = pos - partial.len();
        let Some(value) = session.lookup_path(&path) else {
            return (start, Vec::new());
        };
        let pairs = attribute_names(&value)
            .into_iter()
            .filter(|name| name.starts_with(partial))
            .map(|name| Pair {
                display: name.clone(),
                replacement: name,
            })
            .collect();
        return (start, pairs);
    }
    let mut pairs: Vec<Pair> = Vec::new();
    for name in session.function_names() {
        if name.starts_with(word) {
            pairs.push(Pair {
                display: format!("{name}("),
                replacement: format!("{name}("),
            });
        }
    }
    for (root, _, namespace) in session.named_values() {
        if root.starts_with(word) {
            // A namespace is used only with an attribute: `var.` is what to type.
            let replacement = if namespace { format!("{root}.") } else { root };
            pairs.push(Pair {
                display: replacement.clone(),
                replacement,
            });
        }
    }
    (word_start, pairs)
}

/// After `PATH[` or `PATH["partial`: the indexes of a known tuple or list, or
/// the keys of a known object or map (a resource's instance keys from the
/// state), each with its closing bracket.
fn instance_keys(session: &Session, before: &str, pos: usize) -> Option<(usize, Vec<Pair>)> {
    let open = before.rfind('[')?;
    let inside = &before[open + 1..];
    let partial = match inside.strip_prefix('"') {
        Some(text) if !text.contains('"') => Some(text),
        Some(_) => return None,
        None if inside.chars().all(|c| c.is_ascii_digit()) => None,
        None => return None,
    };
    let path_text = &before[..open];
    let path_len = path_text
        .chars()
        .rev()
        .take_while(|&c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .map(char::len_utf8)
        .sum::<usize>();
    let path: Vec<&str> = path_text[path_text.len() - path_len..].split('.').collect();
    if path.iter().any(|step| step.is_empty()) {
        return None;
    }
    let value = session.lookup_path(&path)?;
    let start = pos - inside.len();
    let pairs = if let Some(elems) = value.as_seq().filter(|_| partial.is_none()) {
        (0..elems.len())
            .map(|i| i.to_string())
            .filter(|i| i.starts_with(inside))
            .map(|i| Pair {
                display: format!("[{i}]"),
                replacement: format!("{i}]"),
            })
            .collect()
    } else if let Some(attrs) = value.as_attrs() {
        let partial = partial.unwrap_or_default();
        attrs
            .keys()
            .filter(|key| key.starts_with(partial))
            .map(|key| {
                let quoted = terrace_types::quote(key);
                Pair {
                    display: format!("[{quoted}]"),
                    replacement: format!("{quoted}]"),
                }
            })
            .collect()
    } else {
        return None;
    };
    Some((start, pairs))
}

/// The attribute names (object) or keys (map) of a value.
fn attribute_names(value: &Value) -> Vec<String> {
    match value.as_attrs() {
        Some(attrs) => attrs.keys().map(|key| key.to_string()).collect(),
        None => Vec::new(),
    }
}

impl Hinter for ConsoleHelper {
    type Hint = String;
}

impl Validator for ConsoleHelper {}

impl Highlighter for ConsoleHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if !self.theme.is_color() {
            return Cow::Borrowed(line);
        }
        Cow::Owned(self.theme.paint_spans(line, &highlight::input_spans(line)))
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        if !self.theme.is_color() {
            return Cow::Borrowed(prompt);
        }
        Cow::Owned(self.theme.paint(Class::Prompt, prompt))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.theme.is_color()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replacements(line: &str) -> (usize, Vec<String>) {
        let session = Session::standalone();
        let (start, pairs) = complete(&session, line, line.len());
        (
            start,
            pairs.into_iter().map(|pair| pair.replacement).collect(),
        )
    }

    #[test]
    fn commands_complete_with_a_space() {
        assert_eq!(replacements(":ty"), (0, vec![":type ".to_string()]));
        assert_eq!(replacements("  :q"), (2, vec![":quit ".to_string()]));
    }

    #[test]
    fn roots_complete_with_a_dot() {
        let (start, got) = replacements("1 + lo");
        assert_eq!(start, 4);
        assert!(got.contains(&"local.".to_string()), "{got:?}");
    }
}
