//! `Printer`: writes replies to stdout and reports to stderr, coloured by the theme.

use std::io::Write as _;

use crate::diagnostics::Report;
use crate::highlight;
use crate::session::Reply;
use crate::theme::Theme;

/// Where and how the console prints.
#[derive(Clone, Copy, Debug)]
pub struct Printer {
    /// Styles for stdout (values).
    out_theme: Theme,
    /// Styles for stderr (diagnostics).
    err_theme: Theme,
}

impl Printer {
    /// A printer that colours stdout with `out_theme` and stderr with `err_theme`.
    pub fn new(out_theme: Theme, err_theme: Theme) -> Printer {
        Printer {
            out_theme,
            err_theme,
        }
    }

    /// The theme of stdout.
    pub fn theme(&self) -> Theme {
        self.out_theme
    }

    /// Print a reply's text (if any) and a newline on stdout.
    pub fn reply(&self, reply: &Reply) {
        let text = match reply {
            Reply::Value(text) | Reply::Type(text) => self
                .out_theme
                .paint_spans(text, &highlight::value_spans(text)),
            Reply::Text(text) => text.clone(),
            Reply::Loaded { reports, summary } => {
                for report in reports {
                    self.report(report);
                }
                summary.clone()
            }
            Reply::Empty | Reply::Quit => return,
        };
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{text}");
        let _ = stdout.flush();
    }

    /// Print a report's diagnostics on stderr.
    pub fn report(&self, report: &Report) {
        let text = report.render(self.err_theme);
        let mut stderr = std::io::stderr().lock();
        let _ = stderr.write_all(text.as_bytes());
        let _ = stderr.flush();
    }

    /// Print a one-line error (about the console itself, not an input) on stderr.
    pub fn error_line(&self, message: &str) {
        let mut stderr = std::io::stderr().lock();
        let _ = writeln!(
            stderr,
            "{}: {message}",
            self.err_theme.paint(crate::theme::Class::Error, "error")
        );
    }
}
