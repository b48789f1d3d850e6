//! The single table from highlight classes to `nu_ansi_term` styles, and the plain theme used without colour.

use std::fmt::Write as _;

use nu_ansi_term::{Color, Style};

/// What a piece of text is, for colouring: input tokens, parts of printed values,
/// and parts of diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `for`, `in`, `if`, `endif`, `else`, `endfor`.
    Keyword,
    /// A number literal or a printed number.
    Number,
    /// A quoted string, heredoc text, or a printed string.
    String,
    /// An escape sequence inside a string (`\n`, `$${`).
    Escape,
    /// `true` or `false`.
    Bool,
    /// `null`.
    Null,
    /// A function name before `(`.
    Function,
    /// The root of a traversal (`var`, `local`, a `for` variable).
    Variable,
    /// An attribute name after `.` or an object key.
    Attribute,
    /// An operator (`+`, `==`, `?`, `=>`, `...`).
    Operator,
    /// Brackets, braces, parentheses, commas, colons.
    Punctuation,
    /// `${`, `%{` and their closing `}`.
    TemplateDelimiter,
    /// A comment.
    Comment,
    /// A console command (`:type`).
    Command,
    /// `(known after apply)`.
    Unknown,
    /// `(sensitive value)`.
    Sensitive,
    /// `tolist(`, `tomap(`, `toset(`, `tostring(null)` and friends around a printed value.
    TypeWrapper,
    /// A type name printed by `:type` (`string`, `object`).
    Type,
    /// The `error` header of a diagnostic.
    Error,
    /// The `warning` header of a diagnostic.
    Warning,
    /// The `note`/`help` parts of a diagnostic.
    Note,
    /// Line numbers and borders of a diagnostic snippet.
    Gutter,
    /// The underline of the offending span.
    PrimaryLabel,
    /// Secondary underlines.
    SecondaryLabel,
    /// The console prompt.
    Prompt,
    /// Headings in `:help` and `:doc`.
    Heading,
    /// Anything else.
    Plain,
}

/// The styles in use: coloured or plain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    color: bool,
}

impl Theme {
    /// The coloured theme.
    pub const COLOR: Theme = Theme { color: true };
    /// The plain theme: every class has the default style, so output has no escapes.
    pub const PLAIN: Theme = Theme { color: false };

    /// The coloured theme when `color` is true, the plain one otherwise.
    pub fn new(color: bool) -> Theme {
        Theme { color }
    }

    /// Whether this theme colours at all.
    pub fn is_color(self) -> bool {
        self.color
    }

    /// The style of `class`.
    pub fn style(self, class: Class) -> Style {
        if !self.color {
            return Style::default();
        }
        match class {
            Class::Keyword => Color::Magenta.bold(),
            Class::Number => Style::new().fg(Color::Cyan),
            Class::String => Style::new().fg(Color::Green),
            Class::Escape => Style::new().fg(Color::LightGreen).bold(),
            Class::Bool => Style::new().fg(Color::Yellow),
            Class::Null => Style::new().fg(Color::DarkGray).italic(),
            Class::Function => Style::new().fg(Color::Blue),
            Class::Variable => Style::new().fg(Color::LightRed),
            Class::Attribute => Style::new().fg(Color::LightBlue),
            Class::Operator => Style::new().fg(Color::LightPurple),
            Class::Punctuation | Class::Plain => Style::default(),
            Class::TemplateDelimiter => Style::new().fg(Color::Magenta),
            Class::Comment => Style::new().fg(Color::DarkGray).italic(),
            Class::Command => Color::Cyan.bold(),
            Class::Unknown => Style::new().fg(Color::Yellow).italic(),
            Class::Sensitive => Style::new().fg(Color::Red).italic(),
            Class::TypeWrapper => Style::new().fg(Color::Purple),
            Class::Type => Style::new().fg(Color::Purple),
            Class::Error => Color::Red.bold(),
            Class::Warning => Color::Yellow.bold(),
            Class::Note => Color::Cyan.bold(),
            Class::Gutter => Style::new().fg(Color::Blue),
            Class::PrimaryLabel => Style::new().fg(Color::Red),
            Class::SecondaryLabel => Style::new().fg(Color::Blue),
            Class::Prompt => Color::Green.bold(),
            Class::Heading => Style::new().bold(),
        }
    }

    /// `text` in the style of `class` (unchanged with the plain theme).
    pub fn paint(self, class: Class, text: &str) -> String {
        let style = self.style(class);
        if style == Style::default() {
            return text.to_string();
        }
        style.paint(text).to_string()
    }

    /// Paint `src` from a list of classified, ordered, non-overlapping byte ranges;
    /// text between the ranges stays plain.
    pub fn paint_spans(self, src: &str, spans: &[(std::ops::Range<usize>, Class)]) -> String {
        if !self.color {
            return src.to_string();
        }
        let mut out = String::with_capacity(src.len() * 2);
        let mut at = 0;
        for (range, class) in spans {
            let Some(text) = src.get(range.clone()) else {
                continue;
            };
            if range.start < at {
                continue;
            }
            out.push_str(&src[at..range.start]);
            let style = self.style(*class);
            if style == Style::default() {
                out.push_str(text);
            } else {
                // Paint line by line so that a multi-line token does not carry its
                // colour into the prompt of the next line.
                for (idx, line) in text.split('\n').enumerate() {
                    if idx > 0 {
                        out.push('\n');
                    }
                    if !line.is_empty() {
                        let _ = write!(out, "{}", style.paint(line));
                    }
                }
            }
            at = range.end;
        }
        out.push_str(&src[at..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_theme_adds_nothing() {
        let spans = [(0..1, Class::Number), (4..7, Class::String)];
        assert_eq!(Theme::PLAIN.paint_spans("1 + \"a\"", &spans), "1 + \"a\"");
        assert_eq!(Theme::PLAIN.paint(Class::Error, "error"), "error");
    }

    #[test]
    fn colour_theme_wraps_spans() {
        let painted = Theme::COLOR.paint_spans("1 + 2", &[(0..1, Class::Number)]);
        assert!(painted.starts_with("\u{1b}["));
        assert!(painted.ends_with(" + 2"));
    }
}
