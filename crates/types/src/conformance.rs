//! Type conformance: whether a type matches a type constraint exactly, `any` matching anything (cty's `TestConformance`).

use crate::convert::ConvertError;
use crate::path::{PathStep, render};
use crate::ty::Type;

impl Type {
    /// True when `self` conforms to `want`: the types are equal, except that `any` in
    /// `want` accepts any type in that position. No conversion is considered.
    pub fn conforms(&self, want: &Type) -> bool {
        let mut errors = Vec::new();
        check(self, want, &mut Vec::new(), &mut errors, true);
        errors.is_empty()
    }
}

/// Every way in which `given` fails to conform to `want`, each with the path to the
/// offending part: `unsupported attribute "x"`, `missing required attribute "a"`,
/// `2 elements are required, but got 3`, `number required, but received string`.
/// Collection elements are written `[*]` in paths. Empty when `given` conforms.
pub fn test_conformance(given: &Type, want: &Type) -> Vec<ConvertError> {
    let mut errors = Vec::new();
    check(given, want, &mut Vec::new(), &mut errors, false);
    errors
}

fn check(
    given: &Type,
    want: &Type,
    path: &mut Vec<PathStep>,
    errors: &mut Vec<ConvertError>,
    stop_at_first: bool,
) {
    if stop_at_first && !errors.is_empty() {
        return;
    }
    if want.is_dynamic() || given == want {
        return;
    }
    let mut error = |path: &[PathStep], message: String| {
        errors.push(ConvertError {
            path: render(path),
            message,
        });
    };
    match (given, want) {
        (Type::Object(g), Type::Object(w)) => {
            for name in g.attrs.keys().filter(|k| !w.attrs.contains_key(k)) {
                error(path, format!("unsupported attribute {name:?}"));
            }
            for name in w.attrs.keys().filter(|k| !g.attrs.contains_key(k)) {
                error(path, format!("missing required attribute {name:?}"));
            }
            for (name, want_attr) in &w.attrs {
                if let Some(given_attr) = g.attrs.get(name) {
                    path.push(PathStep::Attr((**name).into()));
                    check(given_attr, want_attr, path, errors, stop_at_first);
                    path.pop();
                }
            }
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            if g.len() != w.len() {
                error(
                    path,
                    format!("{} elements are required, but got {}", w.len(), g.len()),
                );
                return;
            }
            for (i, (g, w)) in g.iter().zip(w.iter()).enumerate() {
                path.push(PathStep::Index(i));
                check(g, w, path, errors, stop_at_first);
                path.pop();
            }
        }
        (Type::List(g), Type::List(w))
        | (Type::Map(g), Type::Map(w))
        | (Type::Set(g), Type::Set(w)) => {
            path.push(PathStep::Any);
            check(g, w, path, errors, stop_at_first);
            path.pop();
        }
        _ => error(
            path,
            format!(
                "{} required, but received {}",
                want.friendly_name(),
                given.friendly_name()
            ),
        ),
    }
}
