//! `PathStep`: one step from a value to a nested value, and how a path is written (`.name[2]["k"]`).

use std::fmt::Write as _;

use crate::value::Key;

/// One step into a nested value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PathStep {
    /// An object attribute: `.name`.
    Attr(Key),
    /// A list, tuple or set element by position: `[2]`.
    Index(usize),
    /// A map element by key: `["key"]`.
    Key(Key),
    /// Any element of a collection (type-level checks): `[*]`.
    Any,
}

/// Renders a path the way Terraform writes one in messages: `.name[2]["key"]`.
pub(crate) fn render(steps: &[PathStep]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            PathStep::Attr(name) => {
                out.push('.');
                out.push_str(name);
            }
            PathStep::Index(i) => {
                let _ = write!(out, "[{i}]");
            }
            PathStep::Key(key) => {
                out.push('[');
                out.push_str(&crate::quote::quote(key));
                out.push(']');
            }
            PathStep::Any => out.push_str("[*]"),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_steps() {
        let steps = [
            PathStep::Attr("name".into()),
            PathStep::Index(2),
            PathStep::Key("a \"b\"".into()),
            PathStep::Any,
        ];
        assert_eq!(render(&steps), r#".name[2]["a \"b\""][*]"#);
    }
}
