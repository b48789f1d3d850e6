//! `Problem`, the console's diagnostic, and its rendering with codespan-reporting (with colour or not).

use codespan_reporting::diagnostic::{Diagnostic, Label, LabelStyle, Severity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config, GeneralWriteResult, WriteStyle};
use terrace_syntax::{ParseError, Span};

use crate::theme::{Class, Theme};

/// One diagnostic about an input: what went wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub warning: bool,
    /// The short title, e.g. "Invalid function argument".
    pub summary: String,
    /// A sentence explaining the problem.
    pub detail: String,
    /// The offending part of the input, if known.
    pub span: Option<Span>,
    /// A short text under the underline (e.g. "expected `}` or `,`, found `]`").
    pub label: Option<String>,
    /// Further spans, each with a note.
    pub secondary: Vec<(Span, String)>,
    /// A suggestion ("did you mean `upper`?").
    pub suggestion: Option<String>,
    /// Further notes.
    pub notes: Vec<String>,
}

impl Problem {
    /// An error with a summary and a detail, pointing nowhere.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Problem {
        Problem {
            warning: false,
            summary: summary.into(),
            detail: detail.into(),
            span: None,
            label: None,
            secondary: Vec::new(),
            suggestion: None,
            notes: Vec::new(),
        }
    }

    /// The same problem, pointing at `span`.
    pub fn at(mut self, span: Span) -> Problem {
        self.span = Some(span);
        self
    }

    /// The same problem with every span moved `offset` bytes to the right, for
    /// an expression that sits inside a longer input (`:type EXPR`).
    pub fn shifted(mut self, offset: usize) -> Problem {
        if let Some(span) = self.span {
            self.span = Some(Span::new(
                span.start as usize + offset,
                span.end as usize + offset,
            ));
        }
        for (span, _) in &mut self.secondary {
            *span = Span::new(span.start as usize + offset, span.end as usize + offset);
        }
        self
    }
}

impl From<&ParseError> for Problem {
    fn from(error: &ParseError) -> Problem {
        let label = error.message();
        Problem {
            warning: false,
            summary: error.summary().to_string(),
            detail: error.detail().to_string(),
            span: Some(error.span()),
            label: (!label.is_empty() && !label.eq_ignore_ascii_case(error.summary()))
                .then(|| label.to_string()),
            secondary: Vec::new(),
            suggestion: None,
            notes: Vec::new(),
        }
    }
}

/// Problems found in one input, with that input, ready to render.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The name shown for the input (`<input>`, a file path).
    pub name: String,
    /// The input text the spans point into.
    pub source: String,
    /// The problems, in order.
    pub problems: Vec<Problem>,
}

impl Report {
    /// A report of `problems` about `source`.
    pub fn new(
        name: impl Into<String>,
        source: impl Into<String>,
        problems: Vec<Problem>,
    ) -> Report {
        Report {
            name: name.into(),
            source: source.into(),
            problems,
        }
    }

    /// The same report under another `name`, for an input that starts on line
    /// `first_line` of that source, so that line numbers match it.
    pub fn named(&self, name: &str, first_line: usize) -> Report {
        let padding = first_line.saturating_sub(1);
        let problems = self
            .problems
            .iter()
            .cloned()
            .map(|problem| problem.shifted(padding))
            .collect();
        Report {
            name: name.to_string(),
            source: format!("{}{}", "\n".repeat(padding), self.source),
            problems,
        }
    }

    /// Render every problem as codespan-reporting does, in `theme`'s colours.
    pub fn render(&self, theme: Theme) -> String {
        let file = SimpleFile::new(self.name.as_str(), self.source.as_str());
        let config = Config::default();
        let mut writer = ThemeWriter {
            out: Vec::new(),
            theme,
        };
        for problem in &self.problems {
            let diagnostic = to_codespan(problem, &self.source);
            if term::emit_to_write_style(&mut writer, &config, &file, &diagnostic).is_err() {
                // The spans are clamped to the source, so this does not happen; fall
                // back to the bare text rather than lose the message.
                writer
                    .out
                    .extend_from_slice(format!("error: {}\n", problem.summary).as_bytes());
            }
        }
        String::from_utf8_lossy(&writer.out).into_owned()
    }
}

fn to_codespan(problem: &Problem, source: &str) -> Diagnostic<()> {
    let mut diagnostic = if problem.warning {
        Diagnostic::warning()
    } else {
        Diagnostic::error()
    };
    diagnostic = diagnostic.with_message(&problem.summary);
    if let Some(span) = problem.span {
        let range = clamp_range(source, span);
        let mut label = Label::primary((), range);
        if let Some(text) = &problem.label {
            label = label.with_message(text);
        }
        diagnostic = diagnostic.with_label(label);
    }
    for (span, message) in &problem.secondary {
        diagnostic = diagnostic
            .with_label(Label::secondary((), clamp_range(source, *span)).with_message(message));
    }
    let mut notes = Vec::new();
    if !problem.detail.is_empty() {
        notes.push(problem.detail.clone());
    }
    if let Some(suggestion) = &problem.suggestion {
        notes.push(format!("help: {suggestion}"));
    }
    notes.extend(problem.notes.iter().cloned());
    diagnostic.with_notes(notes)
}

/// `span` as a byte range that lies inside `source` on character boundaries.
fn clamp_range(source: &str, span: Span) -> std::ops::Range<usize> {
    let mut start = (span.start as usize).min(source.len());
    let mut end = (span.end as usize).clamp(start, source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    while !source.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// A codespan-reporting writer that takes its colours from the [`Theme`].
struct ThemeWriter {
    out: Vec<u8>,
    theme: Theme,
}

impl ThemeWriter {
    fn set(&mut self, class: Class) -> GeneralWriteResult {
        if self.theme.is_color() {
            let prefix = self.theme.style(class).prefix().to_string();
            self.out.extend_from_slice(prefix.as_bytes());
        }
        Ok(())
    }
}

impl std::io::Write for ThemeWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl WriteStyle for ThemeWriter {
    fn set_header(&mut self, severity: Severity) -> GeneralWriteResult {
        self.set(match severity {
            Severity::Bug | Severity::Error => Class::Error,
            Severity::Warning => Class::Warning,
            Severity::Note | Severity::Help => Class::Note,
        })
    }

    fn set_header_message(&mut self) -> GeneralWriteResult {
        self.set(Class::Heading)
    }

    fn set_line_number(&mut self) -> GeneralWriteResult {
        self.set(Class::Gutter)
    }

    fn set_note_bullet(&mut self) -> GeneralWriteResult {
        self.set(Class::Gutter)
    }

    fn set_source_border(&mut self) -> GeneralWriteResult {
        self.set(Class::Gutter)
    }

    fn set_label(&mut self, _severity: Severity, label_style: LabelStyle) -> GeneralWriteResult {
        self.set(match label_style {
            LabelStyle::Primary => Class::PrimaryLabel,
            LabelStyle::Secondary => Class::SecondaryLabel,
        })
    }

    fn reset(&mut self) -> GeneralWriteResult {
        if self.theme.is_color() {
            self.out.extend_from_slice(b"\x1b[0m");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_span_summary_detail_and_suggestion() {
        let mut problem = Problem::error(
            "Call to unknown function",
            "There is no function named \"upperr\".",
        )
        .at(Span::new(0, 6));
        problem.suggestion = Some("did you mean `upper`?".into());
        let text = Report::new("<input>", "upperr(\"a\")", vec![problem]).render(Theme::PLAIN);
        assert_eq!(
            text,
            "error: Call to unknown function\n  ┌─ <input>:1:1\n  │\n1 │ upperr(\"a\")\n  │ ^^^^^^\n  │\n  = There is no function named \"upperr\".\n  = help: did you mean `upper`?\n\n"
        );
    }

    #[test]
    fn spans_out_of_range_are_clamped() {
        let problem = Problem::error("Bad", "").at(Span::new(3, 99));
        let text = Report::new("<input>", "é", vec![problem]).render(Theme::PLAIN);
        assert!(text.starts_with("error: Bad\n"));
    }
}
