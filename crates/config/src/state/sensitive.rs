//! Sensitive paths: an instance's `sensitive_attributes` (`[[{"type":"get_attr","value":"a"},{"type":"index","value":{"value":0,"type":"number"}}]]`) read and applied as marks.

use std::fmt;

use terrace_syntax::json::{JsonKind, JsonValue};
use terrace_types::{Marks, Repr, Type, Value};

use super::cty_json::{DecodeError, decode_typed};
use super::schema::member;

/// One step of a path into a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathStep {
    /// `.name`: an object attribute.
    GetAttr(String),
    /// `[2]`: a list or tuple element.
    Int(i64),
    /// `["key"]`: a map element (or, in a value typed without a schema, an object attribute).
    Key(String),
}

impl fmt::Display for PathStep {
    /// `.name`, `[2]`, `["key"]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::GetAttr(name) => write!(f, ".{name}"),
            PathStep::Int(i) => write!(f, "[{i}]"),
            PathStep::Key(key) => write!(f, "[{}]", terrace_types::quote(key)),
        }
    }
}

/// Reads a `sensitive_attributes` array (Terraform's `unmarshalPaths`): an array of paths,
/// each an array of `{"type": "get_attr", "value": NAME}` and
/// `{"type": "index", "value": <cty value of dynamic type>}` steps.
pub(crate) fn parse_paths(json: &JsonValue) -> Result<Vec<Vec<PathStep>>, DecodeError> {
    let fail = |at: &JsonValue, message: &str| DecodeError {
        offset: at.span.start as usize,
        message: message.to_string(),
        crash: false,
    };
    // Terraform's summaries lead the messages: "Error unmarshaling path steps" (not an
    // array of arrays of steps), "Error unmarshaling path step" (a step's value),
    // "Unsupported path step" (its type).
    let JsonKind::Array(paths) = &json.kind else {
        return Err(fail(
            json,
            "Error unmarshaling path steps: `sensitive_attributes` must be an array of paths",
        ));
    };
    let mut parsed = Vec::new();
    for path in paths {
        let path = {
            let steps = match &path.kind {
                JsonKind::Array(steps) => steps.as_slice(),
                JsonKind::Null => &[],
                _ => {
                    return Err(fail(
                        path,
                        "Error unmarshaling path steps: a sensitive path must be an array of steps",
                    ));
                }
            };
            steps
                .iter()
                .map(|step| {
                    // `null` is a step with no type.
                    if step.as_object().is_none() && !matches!(step.kind, JsonKind::Null) {
                        return Err(fail(
                            step,
                            "Error unmarshaling path steps: a path step must be an object",
                        ));
                    }
                    let kind = member(step, "type").and_then(JsonValue::as_string);
                    let value = member(step, "value");
                    match (kind.map(|k| k.as_str()).unwrap_or(""), value) {
                        ("get_attr", Some(v)) => v
                            .as_string()
                            .map(|name| Some(PathStep::GetAttr(name.as_str().to_string())))
                            .ok_or_else(|| fail(v, "Error unmarshaling path step: Failed to unmarshal get attr step name")),
                        ("index", Some(v)) => index_step(v),
                        ("get_attr" | "index", None) => Err(fail(
                            step,
                            "Error unmarshaling path step: a path step needs a `value`",
                        )),
                        (other, _) => Err(fail(
                            step,
                            &format!("Unsupported path step: Unsupported path step type \"{other}\""),
                        )),
                    }
                })
                .collect::<Result<Vec<Option<PathStep>>, _>>()?
        };
        // A key that is neither a whole number nor a string matches no element.
        if let Some(path) = path.into_iter().collect::<Option<Vec<PathStep>>>() {
            parsed.push(path);
        }
    }
    Ok(parsed)
}

/// An index step's key: a cty value of dynamic type, a number or a string (`None` for
/// another key, which Terraform reads but which indexes no value).
fn index_step(json: &JsonValue) -> Result<Option<PathStep>, DecodeError> {
    let key = decode_typed(json, &Type::Dynamic).map_err(|e| DecodeError {
        offset: e.offset,
        message: format!(
            "Error unmarshaling path step: Failed to unmarshal index step key: {}",
            e.message
        ),
        crash: e.crash,
    })?;
    if let Some(s) = key.as_str() {
        return Ok(Some(PathStep::Key(s.to_string())));
    }
    Ok(key.as_number().and_then(|n| n.to_i64()).map(PathStep::Int))
}

/// How a value being marked was typed, which decides what a path step may match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Typing {
    /// By the resource type's schema: as in Terraform, `.name` matches only an object
    /// attribute, `["key"]` only a map element, and a path that does not match the
    /// value marks nothing.
    Schema,
    /// As `jsondecode` types JSON, with the schema unknown: a map may have been typed as an
    /// object, so `["key"]` matches an attribute too, and a path that does not match
    /// marks the value reached (hiding too much is safer than showing a secret).
    Untyped,
}

/// `value` with the value at `path` marked sensitive.
///
/// A path that enters a set marks the whole set: set elements carry no marks of their
/// own (cty moves them to the set). Where a path does not match the value's shape,
/// `typing` decides (see [`Typing`]).
pub(crate) fn mark_path(value: Value, path: &[PathStep], typing: Typing) -> Value {
    let Some((step, rest)) = path.split_first() else {
        return value.mark(Marks::SENSITIVE);
    };
    let (ty, repr, marks) = value.into_parts();
    let unmatched = |ty: Type, repr: Repr, marks: Marks| {
        let value = Value::from_parts(ty, repr, marks);
        match typing {
            Typing::Schema => value,
            Typing::Untyped => value.mark(Marks::SENSITIVE),
        }
    };
    if ty.is_set() {
        return Value::from_parts(ty, repr, marks).mark(Marks::SENSITIVE);
    }
    let matches_attrs = |step: &PathStep| match (step, typing) {
        (PathStep::GetAttr(_), Typing::Schema) => ty.is_object(),
        (PathStep::Key(_), Typing::Schema) => ty.is_map(),
        (PathStep::GetAttr(_) | PathStep::Key(_), Typing::Untyped) => true,
        (PathStep::Int(_), _) => false,
    };
    match (step, repr) {
        (PathStep::GetAttr(name) | PathStep::Key(name), Repr::Attrs(mut attrs))
            if matches_attrs(step) =>
        {
            match attrs.remove(name.as_str()) {
                Some(inner) => {
                    attrs.insert(name.as_str().into(), mark_path(inner, rest, typing));
                    Value::from_parts(ty, Repr::Attrs(attrs), marks)
                }
                None => unmatched(ty, Repr::Attrs(attrs), marks),
            }
        }
        (PathStep::Int(i), Repr::Seq(elems)) => {
            match usize::try_from(*i).ok().filter(|&i| i < elems.len()) {
                Some(idx) => {
                    let mut elems = elems.into_vec();
                    let inner = std::mem::replace(&mut elems[idx], Value::null(Type::Dynamic));
                    elems[idx] = mark_path(inner, rest, typing);
                    Value::from_parts(ty, Repr::Seq(elems.into()), marks)
                }
                None => unmatched(ty, Repr::Seq(elems), marks),
            }
        }
        (_, repr) => unmatched(ty, repr, marks),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_syntax::json::parse_json;
    use terrace_types::format_value;

    #[test]
    fn parses_and_marks_paths() {
        let paths = parse_paths(
            &parse_json(r#"[[{"type":"get_attr","value":"env"},{"type":"index","value":{"value":0,"type":"number"}},{"type":"index","value":{"value":"K","type":"string"}}]]"#)
                .unwrap(),
        )
        .unwrap();
        let text: String = paths[0].iter().map(ToString::to_string).collect();
        assert_eq!(text, r#".env[0]["K"]"#);
        let value = Value::object([(
            "env",
            Value::tuple([Value::object([
                ("K", Value::string("s")),
                ("L", Value::string("x")),
            ])]),
        )]);
        let marked = mark_path(value, &paths[0], Typing::Untyped);
        assert_eq!(
            format_value(&marked),
            "{\n  \"env\" = [\n    {\n      \"K\" = (sensitive value)\n      \"L\" = \"x\"\n    },\n  ]\n}"
        );
    }

    #[test]
    fn marks_whole_sets() {
        let set = Value::set(Type::String, [Value::string("a")]);
        let marked = mark_path(
            Value::object([("s", set)]),
            &[PathStep::GetAttr("s".into()), PathStep::Int(0)],
            Typing::Schema,
        );
        assert_eq!(format_value(&marked), "{\n  \"s\" = (sensitive value)\n}");
    }

    #[test]
    fn with_a_schema_a_path_that_does_not_match_marks_nothing() {
        let value = Value::object([("k", Value::string("v"))]);
        for path in [
            vec![PathStep::GetAttr("nope".into())],
            vec![PathStep::Key("k".into())],
            vec![PathStep::GetAttr("k".into()), PathStep::Int(0)],
        ] {
            let marked = mark_path(value.clone(), &path, Typing::Schema);
            assert_eq!(format_value(&marked), "{\n  \"k\" = \"v\"\n}");
            let hidden = mark_path(value.clone(), &path, Typing::Untyped);
            assert!(format_value(&hidden).contains("(sensitive value)"));
        }
        let map = Value::map(Type::String, [("k", Value::string("v"))]);
        let marked = mark_path(map, &[PathStep::Key("k".into())], Typing::Schema);
        assert_eq!(
            format_value(&marked),
            "tomap({\n  \"k\" = (sensitive value)\n})"
        );
    }

    #[test]
    fn rejects_unknown_steps() {
        let json = parse_json(r#"[[{"type":"splat","value":1}]]"#).unwrap();
        assert_eq!(
            parse_paths(&json).unwrap_err().message,
            "Unsupported path step: Unsupported path step type \"splat\""
        );
    }
}
