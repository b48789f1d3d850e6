//! `Session`: evaluates one input (an expression or a `:` command) to text or diagnostics, with no terminal involved.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use terrace_syntax::{Expr, Span, parse_expr};
use terrace_types::Value;

use crate::commands::{self, COMMANDS};
use crate::diagnostics::{Problem, Report};
use crate::engine::{self, Context, Engine, Evaluated};
use crate::input;

/// What `terraform console` prints for `help`, word for word, so that a session piped
/// into either console prints the same.
const CONSOLE_HELP: &str =
    "The Terraform console allows you to experiment with Terraform interpolations.
You may access resources in the state (if you have one) just as you would
from a configuration. For example: \"aws_instance.foo.id\" would evaluate
to the ID of \"aws_instance.foo\" if it exists in your state.

Type in the interpolation to test and hit <enter> to see the result.

To exit the console, type \"exit\" and hit <enter>, or use Control-C or
Control-D.";

/// What a successful input produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A value, printed as `terraform console` prints it (or as JSON).
    Value(String),
    /// A type, as `:type` prints it.
    Type(String),
    /// Other text (help, lists).
    Text(String),
    /// `:load`: the new module's diagnostics (printed on stderr) and a
    /// one-line summary of what was loaded.
    Loaded {
        /// The module's diagnostics, one report each.
        reports: Vec<Report>,
        /// `loaded DIR (N files)`.
        summary: String,
    },
    /// Nothing to print (blank input).
    Empty,
    /// The user asked to leave.
    Quit,
}

impl Reply {
    /// The text to print, if any.
    pub fn text(&self) -> Option<&str> {
        match self {
            Reply::Value(text) | Reply::Type(text) | Reply::Text(text) => Some(text),
            Reply::Loaded { summary, .. } => Some(summary),
            Reply::Empty | Reply::Quit => None,
        }
    }
}

/// How values are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// `terraform console`'s format.
    #[default]
    Console,
    /// JSON.
    Json,
    /// For scripts (`-r`): strings as their bare text, numbers and bools as text, null as an
    /// empty line, collections as compact JSON; unknown and sensitive values are errors.
    Raw,
}

/// A console session: the evaluator, the module context and the `:let` bindings.
pub struct Session {
    engine: Engine,
    context: Context,
    format: OutputFormat,
}

/// Root names that `:let` may not take: Terraform's named-value roots.
const RESERVED_ROOTS: &[&str] = &[
    "var",
    "local",
    "module",
    "data",
    "path",
    "terraform",
    "count",
    "each",
    "self",
    "resource",
    "null",
    "true",
    "false",
    "for",
    "in",
    "if",
];

impl Session {
    /// A session for the module context `context`, printing values in `format`.
    pub fn new(context: Context, format: OutputFormat) -> Session {
        Session {
            engine: Engine::new(&context),
            context,
            format,
        }
    }

    /// As [`Session::new`], with Ctrl-C's flag: set while the configuration loads, it
    /// cancels fetching a remote backend's state (the session starts without it).
    pub fn with_interrupt(
        context: Context,
        format: OutputFormat,
        flag: Arc<AtomicBool>,
    ) -> Session {
        Session {
            engine: Engine::with_interrupt(&context, Some(flag)),
            context,
            format,
        }
    }

    /// The resource instance addresses in the state (for completing `:show`).
    pub fn state_addresses(&self) -> Vec<String> {
        self.engine
            .module()
            .render_state_list(None)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The language in force: `Terraform`, `OpenTofu` (`--tofu`, or `.tofu` files) or
    /// `Packer`.
    pub fn language_name(&self) -> &'static str {
        self.engine.language_name()
    }

    /// The diagnostics of loading the module directory (errors and warnings),
    /// one report each; empty for a directory without problems or `.tf` files.
    pub fn module_reports(&self) -> Vec<Report> {
        self.engine.module_reports()
    }

    /// True when the module's configuration has errors that stop `terraform
    /// console` before it evaluates anything (syntax, a duplicate, a cycle, ...).
    pub fn has_configuration_errors(&self) -> bool {
        self.engine.has_configuration_errors()
    }

    /// A session in the current directory with no variables, printing in the console format.
    pub fn standalone() -> Session {
        Session::new(Context::default(), OutputFormat::Console)
    }

    /// Evaluate one input: an expression, a `:` command, `exit`, or `help` (what
    /// `terraform console` prints for it; `:help` has terrace's own commands).
    /// On failure, the report points into `input`.
    pub fn run(&mut self, input: &str) -> Result<Reply, Report> {
        let trimmed = input.trim();
        // Only whitespace is nothing to do: comments alone are a missing
        // expression, as in `terraform console`.
        if trimmed.is_empty() {
            return Ok(Reply::Empty);
        }
        if trimmed == "exit" {
            return Ok(Reply::Quit);
        }
        if trimmed == "help" {
            return Ok(Reply::Text(CONSOLE_HELP.to_string()));
        }
        if trimmed.starts_with(':') {
            return self.command(input);
        }
        let expr = parse_at(input, 0).map_err(|problem| report(input, vec![problem]))?;
        let span = Span::new(0, input.len());
        match self.engine.eval_console(&expr) {
            Ok(Evaluated::Value(value)) => self
                .print(&value, span)
                .map_err(|problem| report(input, vec![problem])),
            Ok(Evaluated::Type(ty)) => Ok(Reply::Type(engine::format_type(&ty))),
            Err(problems) => Err(report(input, problems)),
        }
    }

    /// Stop an evaluation soon after `flag` becomes true; it then fails with an
    /// "Evaluation interrupted" error. The console sets the flag on Ctrl-C.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.engine.set_interrupt(flag);
    }

    /// Fix what `timestamp()` returns, an RFC 3339 time such as `2024-05-06T07:08:09Z`;
    /// `None` reads the system clock again. For hosts whose clock the standard library
    /// cannot read (wasm32-unknown-unknown, where the page hands in its own).
    ///
    /// ```
    /// use terrace_repl::{Reply, Session};
    /// let mut session = Session::standalone();
    /// session.set_now(Some("2024-05-06T07:08:09Z".to_string()));
    /// assert_eq!(session.run("timestamp()"), Ok(Reply::Value("\"2024-05-06T07:08:09Z\"".into())));
    /// ```
    pub fn set_now(&mut self, now: Option<String>) {
        self.engine.set_now(now);
    }

    /// Print values in `format` from now on (the module context stays loaded).
    ///
    /// ```
    /// use terrace_repl::{OutputFormat, Reply, Session};
    /// let mut session = Session::standalone();
    /// session.set_format(OutputFormat::Json);
    /// assert_eq!(session.run("[1]"), Ok(Reply::Value("[1]".into())));
    /// ```
    pub fn set_format(&mut self, format: OutputFormat) {
        self.format = format;
    }

    /// The names of the functions, in order.
    pub fn function_names(&self) -> Vec<&'static str> {
        self.engine.function_names()
    }

    /// The named values in scope (the module context's roots and the `:let`
    /// bindings): name, value, and whether it is a namespace such as `var`
    /// (used only as `var.NAME`).
    pub fn named_values(&self) -> Vec<(String, Value, bool)> {
        self.engine.named_values()
    }

    /// The value of a chain of names `root.attr.attr` if it is known in scope,
    /// without calling any function (for completion).
    pub fn lookup_path(&self, path: &[&str]) -> Option<Value> {
        self.engine.lookup_path(path)
    }

    fn command(&mut self, input: &str) -> Result<Reply, Report> {
        let (name, arg) = commands::split(input).unwrap_or(("", ""));
        let arg_offset = input.len() - arg.len();
        let Some(spec) = commands::find(name) else {
            let mut problem = Problem::error(
                "Unknown command",
                format!("There is no console command `:{name}`; `:help` lists them."),
            )
            .at(Span::new(0, arg_offset.min(input.trim_end().len())));
            problem.suggestion = suggest(name, COMMANDS.iter().map(|spec| spec.name))
                .map(|best| format!("did you mean `:{best}`?"));
            return Err(report(input, vec![problem]));
        };
        let fail = |problem: Problem| report(input, vec![problem]);
        let need_arg = |what: &str| {
            fail(
                Problem::error(
                    "Missing argument",
                    format!(
                        "`:{}` needs {what}: `:{} {}`.",
                        spec.name, spec.name, spec.args
                    ),
                )
                .at(Span::new(0, input.trim_end().len())),
            )
        };
        match spec.name {
            "help" => Ok(Reply::Text(format!(
                "Language: {} ({}).\n{}",
                self.engine.language_name(),
                match self.engine.language_name() {
                    "OpenTofu" => "--terraform for Terraform's",
                    "Packer" => "a Packer template",
                    _ => "--tofu, or .tofu files, for OpenTofu's",
                },
                commands::help_text()
            ))),
            "quit" => Ok(Reply::Quit),
            "type" => {
                if input::is_blank(arg) {
                    return Err(need_arg("an expression"));
                }
                let value = self
                    .eval_at(arg, arg_offset)
                    .map_err(|p| report(input, p))?;
                Ok(Reply::Type(engine::format_type(value.ty())))
            }
            "json" => {
                if input::is_blank(arg) {
                    return Err(need_arg("an expression"));
                }
                let value = self
                    .eval_at(arg, arg_offset)
                    .map_err(|p| report(input, p))?;
                let span = Span::new(arg_offset, input.len());
                engine::format_json(&value, span)
                    .map(Reply::Value)
                    .map_err(fail)
            }
            "deps" => {
                let (all, expr_src) = commands::strip_all_flag(arg);
                if input::is_blank(expr_src) {
                    return Err(need_arg("an expression"));
                }
                let expr_offset = input.len() - expr_src.len();
                let expr = parse_at(expr_src, expr_offset).map_err(|p| report(input, vec![p]))?;
                if all {
                    // The expression's spans point into its own text, `expr_src`.
                    return Ok(Reply::Text(self.engine.why(
                        expr_src.trim_end(),
                        &expr,
                        true,
                    )));
                }
                Ok(Reply::Text(self.engine.references(&expr).join("\n")))
            }
            "why" => {
                if input::is_blank(arg) {
                    return Err(need_arg("an expression"));
                }
                let expr = parse_at(arg, arg_offset).map_err(|p| report(input, vec![p]))?;
                if let Err(problems) = self.engine.eval(&expr) {
                    return Err(report(input, shift_all(problems, arg_offset)));
                }
                // The expression's spans point into its own text, `arg`.
                Ok(Reply::Text(self.engine.why(arg.trim_end(), &expr, false)))
            }
            "doc" => {
                let name = arg.trim().trim_end_matches("()").trim_end_matches('(');
                if name.is_empty() {
                    return Err(need_arg("a function name"));
                }
                match self.engine.function_doc(name) {
                    Some(doc) => Ok(Reply::Text(format!(
                        "{}\n\n{}",
                        doc.signature, doc.description
                    ))),
                    None => Err(fail(unknown_function(
                        name,
                        Span::new(arg_offset, arg_offset + arg.trim_end().len()),
                        self.function_names(),
                    ))),
                }
            }
            "funcs" => {
                let prefix = arg.trim();
                let names: Vec<&str> = self
                    .function_names()
                    .into_iter()
                    .filter(|name| name.starts_with(prefix))
                    .collect();
                Ok(Reply::Text(names.join("\n")))
            }
            "vars" => {
                let mut out = self.engine.render_vars();
                for (name, value) in self.engine.bindings() {
                    let _ = writeln!(out, "{name}: {}", engine::format_type(value.ty()));
                }
                if out.is_empty() {
                    out.push_str("no variables in this configuration and no :let bindings");
                }
                Ok(Reply::Text(out.trim_end().to_string()))
            }
            "outputs" => {
                let out = self.engine.module().render_outputs();
                Ok(Reply::Text(if out.is_empty() {
                    "no outputs in this configuration".to_string()
                } else {
                    out.trim_end().to_string()
                }))
            }
            "providers" => Ok(Reply::Text(
                self.engine.render_providers().trim_end().to_string(),
            )),
            "workspaces" => match self.engine.module().render_workspaces() {
                Ok(list) => Ok(Reply::Text(list.trim_end().to_string())),
                Err(message) => Err(fail(Problem::error("Failed to list workspaces", message))),
            },
            "state" => {
                let prefix = Some(arg.trim()).filter(|p| !p.is_empty());
                let list = self.engine.module().render_state_list(prefix);
                Ok(match prefix {
                    // As `terraform state list` with no instances: nothing.
                    None if list.is_empty() => Reply::Empty,
                    Some(prefix) if list.is_empty() => {
                        Reply::Text(format!("no resource instances in the state match {prefix}"))
                    }
                    _ => Reply::Text(list.trim_end().to_string()),
                })
            }
            "show" => {
                let address = arg.trim();
                if address.is_empty() {
                    return Err(need_arg("a resource instance address"));
                }
                let at = Span::new(arg_offset, arg_offset + arg.trim_end().len());
                match self.engine.module().render_state_show(address) {
                    Ok(Some(text)) => Ok(Reply::Text(text.trim_end().to_string())),
                    Ok(None) => Err(fail(
                        Problem::error(
                            "No instance found for the given address",
                            format!(
                                "The state has no resource instance {address}: `:state` lists them."
                            ),
                        )
                        .at(at),
                    )),
                    Err(error) => Err(fail(
                        Problem::error(error.summary(), error.to_string()).at(at),
                    )),
                }
            }
            "blocks" => {
                let address = arg.trim();
                if address.is_empty() {
                    return Err(need_arg("a resource address"));
                }
                match self.engine.module().render_blocks(address) {
                    Some(text) => Ok(Reply::Text(text.trim_end().to_string())),
                    None => Err(fail(
                        Problem::error(
                            "No such resource",
                            format!("There is no resource {address} in the loaded configuration."),
                        )
                        .at(Span::new(arg_offset, arg_offset + arg.trim_end().len())),
                    )),
                }
            }
            "sources" | "builds" => {
                let Some(template) = self.engine.template() else {
                    return Err(fail(
                        Problem::error(
                            "Not a Packer template",
                            format!(
                                ":{} lists a Packer template's blocks; load a directory of .pkr.hcl files or one such file (--dir, :load, --packer).",
                                spec.name
                            ),
                        )
                        .at(Span::new(0, input.trim_end().len())),
                    ));
                };
                let (out, none) = if spec.name == "sources" {
                    (template.render_sources(), "no sources in this template")
                } else {
                    (template.render_builds(), "no builds in this template")
                };
                Ok(Reply::Text(if out.is_empty() {
                    none.to_string()
                } else {
                    out.trim_end().to_string()
                }))
            }
            "let" => self.let_command(input, arg, arg_offset),
            "load" => {
                let dir = arg.trim();
                if dir.is_empty() {
                    return Err(need_arg("a directory"));
                }
                let path = std::path::PathBuf::from(dir);
                if !path.is_dir() && !engine::is_template_file(&path) {
                    return Err(fail(
                        Problem::error("Not a directory", format!("`{dir}` is not a directory."))
                            .at(Span::new(arg_offset, arg_offset + arg.trim_end().len())),
                    ));
                }
                self.context.dir = path;
                self.engine.load(&self.context);
                let n_files = self.engine.file_count();
                Ok(Reply::Loaded {
                    reports: self.engine.module_reports(),
                    summary: format!(
                        "loaded {dir} ({n_files} file{})",
                        if n_files == 1 { "" } else { "s" }
                    ),
                })
            }
            _ => Err(fail(
                Problem::error("Unknown command", "").at(Span::new(0, input.len())),
            )),
        }
    }

    fn let_command(&mut self, input: &str, arg: &str, arg_offset: usize) -> Result<Reply, Report> {
        let Some((name_part, expr_src)) = arg.split_once('=') else {
            return Err(report(
                input,
                vec![
                    Problem::error("Missing argument", "Write `:let NAME = EXPR`.")
                        .at(Span::new(0, input.trim_end().len())),
                ],
            ));
        };
        let name = name_part.trim();
        let name_start = arg_offset + (name_part.len() - name_part.trim_start().len());
        let name_span = Span::new(name_start, name_start + name.len());
        if !is_identifier(name) {
            return Err(report(
                input,
                vec![
                    Problem::error(
                        "Invalid name",
                        format!("`{name}` is not a valid name: use letters, digits, `_` and `-`, starting with a letter."),
                    )
                    .at(name_span),
                ],
            ));
        }
        if RESERVED_ROOTS.contains(&name) {
            return Err(report(
                input,
                vec![
                    Problem::error(
                        "Reserved name",
                        format!("`{name}` is a reserved name in Terraform expressions and cannot be bound."),
                    )
                    .at(name_span),
                ],
            ));
        }
        if self.engine.template().is_some() && matches!(name, "source" | "build" | "packer") {
            return Err(report(
                input,
                vec![
                    Problem::error(
                        "Reserved name",
                        format!(
                            "`{name}` is a named value of Packer templates and cannot be bound."
                        ),
                    )
                    .at(name_span),
                ],
            ));
        }
        let expr_offset = arg_offset + name_part.len() + 1;
        if input::is_blank(expr_src) {
            return Err(report(
                input,
                vec![
                    Problem::error("Missing expression", "Write `:let NAME = EXPR`.")
                        .at(Span::new(expr_offset, input.len())),
                ],
            ));
        }
        let value = self
            .eval_at(expr_src, expr_offset)
            .map_err(|p| report(input, p))?;
        let reply = self
            .print(&value, Span::new(expr_offset, input.len()))
            .map_err(|problem| report(input, vec![problem]))?;
        self.engine.bind(name, value);
        Ok(reply)
    }

    /// Parse and evaluate `src`, which starts `offset` bytes into the input.
    fn eval_at(&self, src: &str, offset: usize) -> Result<Value, Vec<Problem>> {
        let expr = parse_at(src, offset).map_err(|problem| vec![problem])?;
        self.engine
            .eval(&expr)
            .map_err(|problems| shift_all(problems, offset))
    }

    fn print(&self, value: &Value, span: Span) -> Result<Reply, Problem> {
        match self.format {
            OutputFormat::Console => Ok(Reply::Value(engine::format_value(value))),
            OutputFormat::Json => engine::format_json(value, span).map(Reply::Value),
            OutputFormat::Raw => engine::format_raw(value, span).map(Reply::Text),
        }
    }
}

fn parse_at(src: &str, offset: usize) -> Result<Expr, Problem> {
    parse_expr(src).map_err(|error| Problem::from(&error).shifted(offset))
}

fn shift_all(problems: Vec<Problem>, offset: usize) -> Vec<Problem> {
    problems
        .into_iter()
        .map(|problem| problem.shifted(offset))
        .collect()
}

fn report(input: &str, problems: Vec<Problem>) -> Report {
    Report::new("<input>", input, problems)
}

fn unknown_function(name: &str, span: Span, names: Vec<&'static str>) -> Problem {
    let mut problem = Problem::error(
        "Call to unknown function",
        format!("There is no function named \"{name}\"."),
    )
    .at(span);
    problem.suggestion =
        suggest(name, names.into_iter()).map(|best| format!("did you mean `{best}`?"));
    problem
}

/// The closest name to `name` among `candidates`, if any is close enough.
pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .map(|candidate| (edit_distance(name, candidate), candidate))
        .filter(|&(distance, candidate)| distance <= 1.max(candidate.len() / 3))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b_chars: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b_chars.len()).collect();
    for (i, a_char) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, &b_char) in b_chars.iter().enumerate() {
            let cost = usize::from(a_char != b_char);
            current.push(
                (previous[j] + cost)
                    .min(previous[j + 1] + 1)
                    .min(current[j] + 1),
            );
        }
        previous = current;
    }
    previous[b_chars.len()]
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(char::is_alphabetic)
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_close_names() {
        let names = ["upper", "lower", "length"];
        assert_eq!(suggest("upperr", names.into_iter()), Some("upper"));
        assert_eq!(suggest("zzzzzz", names.into_iter()), None);
    }

    #[test]
    fn identifiers() {
        assert!(is_identifier("a_b-1"));
        assert!(!is_identifier("1a"));
        assert!(!is_identifier(""));
    }
}
