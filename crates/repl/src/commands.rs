//! The console's `:` commands: their table, parsing, and the `:help` text.

/// One console command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    /// The name, without the colon.
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// What follows the name, for `:help`.
    pub args: &'static str,
    /// One line for `:help`.
    pub summary: &'static str,
    /// Whether the argument is an expression (multi-line input continues while it is open).
    pub takes_expr: bool,
}

/// Every command, in the order `:help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        aliases: &["h", "?"],
        args: "",
        summary: "show the commands and a short language tour",
        takes_expr: false,
    },
    CommandSpec {
        name: "type",
        aliases: &["t"],
        args: "EXPR",
        summary: "show the type of EXPR as Terraform writes it",
        takes_expr: true,
    },
    CommandSpec {
        name: "deps",
        aliases: &[],
        args: "[--all] EXPR",
        summary: "list the named values EXPR refers to (--all: a tree of all it reaches)",
        takes_expr: true,
    },
    CommandSpec {
        name: "why",
        aliases: &[],
        args: "EXPR",
        summary: "explain what makes a value unknown, sensitive or null, down to its source",
        takes_expr: true,
    },
    CommandSpec {
        name: "doc",
        aliases: &[],
        args: "FUNCTION",
        summary: "show a function's signature and description",
        takes_expr: false,
    },
    CommandSpec {
        name: "funcs",
        aliases: &["functions"],
        args: "[PREFIX]",
        summary: "list the functions (those starting with PREFIX)",
        takes_expr: false,
    },
    CommandSpec {
        name: "vars",
        aliases: &[],
        args: "",
        summary: "list the input variables and their values, and the :let bindings",
        takes_expr: false,
    },
    CommandSpec {
        name: "outputs",
        aliases: &[],
        args: "",
        summary: "list the outputs and their values (from the state after apply)",
        takes_expr: false,
    },
    CommandSpec {
        name: "blocks",
        aliases: &[],
        args: "ADDRESS",
        summary: "show a resource's configuration after count, for_each and dynamic",
        takes_expr: false,
    },
    CommandSpec {
        name: "state",
        aliases: &[],
        args: "[PREFIX]",
        summary: "list the resource instances in the state (as `terraform state list`)",
        takes_expr: false,
    },
    CommandSpec {
        name: "workspaces",
        aliases: &[],
        args: "",
        summary: "list the backend's workspaces, the current one marked * (as `terraform workspace list`)",
        takes_expr: false,
    },
    CommandSpec {
        name: "show",
        aliases: &[],
        args: "ADDRESS",
        summary: "show one resource instance from the state (as `terraform state show`)",
        takes_expr: false,
    },
    CommandSpec {
        name: "providers",
        aliases: &[],
        args: "",
        summary: "list the providers of .terraform.lock.hcl (Packer: required_plugins)",
        takes_expr: false,
    },
    CommandSpec {
        name: "sources",
        aliases: &[],
        args: "",
        summary: "Packer: list the sources and their arguments after dynamic",
        takes_expr: false,
    },
    CommandSpec {
        name: "builds",
        aliases: &[],
        args: "",
        summary: "Packer: list each build's sources, provisioners and post-processors",
        takes_expr: false,
    },
    CommandSpec {
        name: "let",
        aliases: &[],
        args: "NAME = EXPR",
        summary: "bind NAME to the value of EXPR for the rest of the session",
        takes_expr: true,
    },
    CommandSpec {
        name: "json",
        aliases: &[],
        args: "EXPR",
        summary: "print the value of EXPR as JSON",
        takes_expr: true,
    },
    CommandSpec {
        name: "load",
        aliases: &[],
        args: "DIR",
        summary: "load the configuration (or Packer template) in DIR as the context",
        takes_expr: false,
    },
    CommandSpec {
        name: "quit",
        aliases: &["q", "exit"],
        args: "",
        summary: "leave the console (also `exit` or Ctrl-D)",
        takes_expr: false,
    },
];

/// Find a command by name or alias.
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS
        .iter()
        .find(|spec| spec.name == name || spec.aliases.contains(&name))
}

/// Split `:name rest` into the name and the (trimmed-at-start) rest; `None` when
/// `line` is not a command.
pub fn split(line: &str) -> Option<(&str, &str)> {
    let body = line.trim_start().strip_prefix(':')?;
    let name_end = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
    let (name, rest) = body.split_at(name_end);
    Some((name, rest.trim_start()))
}

/// The expression argument of a command line: after the name, and for `:let`
/// after `NAME =`. `None` for commands without one or for unknown commands.
pub fn expression_argument(line: &str) -> Option<&str> {
    let (name, rest) = split(line)?;
    let spec = find(name)?;
    if !spec.takes_expr {
        return None;
    }
    if spec.name == "let" {
        return rest.split_once('=').map(|(_, expr)| expr);
    }
    if spec.name == "deps" {
        return Some(strip_all_flag(rest).1);
    }
    Some(rest)
}

/// `:deps`'s argument without a leading `--all` flag, and whether it had one.
pub fn strip_all_flag(arg: &str) -> (bool, &str) {
    match arg.strip_prefix("--all") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => {
            (true, rest.trim_start())
        }
        _ => (false, arg),
    }
}

/// The text of `:help`.
pub fn help_text() -> String {
    let mut out = String::from("Commands:\n");
    let width = COMMANDS
        .iter()
        .map(|spec| usage(spec).len())
        .max()
        .unwrap_or(0);
    for spec in COMMANDS {
        out.push_str(&format!(
            "  {:width$}  {}\n",
            usage(spec),
            spec.summary,
            width = width
        ));
    }
    out.push_str(LANGUAGE_TOUR);
    out
}

fn usage(spec: &CommandSpec) -> String {
    if spec.args.is_empty() {
        format!(":{}", spec.name)
    } else {
        format!(":{} {}", spec.name, spec.args)
    }
}

const LANGUAGE_TOUR: &str = "
Anything else is an expression, printed as `terraform console` prints it:
  1 + 2 * 3, \"a\", true, null          numbers, strings, bools, null
  [1, \"a\"], {name = \"x\", n = 1}       tuples and objects
  upper(\"a\"), type([1])               function calls; type() shows a type
  \"Hi, ${var.name}!\"                  templates: ${...}, %{if ...}, %{for ...}
  [for s in [\"a\"] : upper(s)]         for expressions, also {for k, v in m : k => v}
  x == 1 ? \"one\" : \"other\"            conditionals; && || ! and comparisons
  [{a = 1}, {a = 2}][*].a             splats; list[0], obj.attr, map[\"key\"]
  <<EOT ... EOT                       heredocs (input continues while one is open)
Tab completes functions, named values, attributes and commands; Ctrl-R searches
history; Ctrl-C cancels the input; Ctrl-D, `exit` or `:quit` leaves.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_finds_commands() {
        assert_eq!(split(":type  [1]"), Some(("type", "[1]")));
        assert_eq!(split(":vars"), Some(("vars", "")));
        assert_eq!(split("1 + 1"), None);
        assert_eq!(find("q").map(|spec| spec.name), Some("quit"));
        assert_eq!(expression_argument(":let x = [1,"), Some(" [1,"));
        assert_eq!(expression_argument(":doc upper"), None);
        assert_eq!(expression_argument(":deps --all [1,"), Some("[1,"));
        assert_eq!(expression_argument(":why local.a"), Some("local.a"));
        assert_eq!(strip_all_flag("--allx"), (false, "--allx"));
    }
}
