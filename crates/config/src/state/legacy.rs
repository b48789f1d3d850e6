//! State formats 1 to 3 (Terraform before 0.12): `modules`, each with a `path`, its
//! `outputs` and its `resources`, read as Terraform upgrades them to format 4.
//!
//! An instance's attributes there are a flat map of strings, which only its provider's
//! schema can type: they are decoded as Terraform decodes them (`flatmap.rs`) when the
//! instance is read, and without a schema only their top-level strings are.

use std::ops::Range;

use terrace_syntax::json::{JsonKind, JsonValue};
use terrace_types::{Type, convert};

use super::address::{InstanceKey, ModuleInstance, ModuleStep, ResourceMode};
use super::cty_json::decode_untyped;
use super::error::StateError;
use super::model::{ObjectStatus, Output, Source};
use super::raw::{RawInstance, ResourceHead};
use super::schema::{BUILTIN_PROVIDER, member};

/// What the `modules` of a format 1–3 state hold.
#[derive(Default)]
pub(super) struct LegacyState {
    /// Each resource with its one instance (resources are keyed per instance there).
    pub(super) resources: Vec<(ResourceHead, RawInstance)>,
    /// The root module's outputs.
    pub(super) outputs: Vec<(String, Output)>,
}

/// Reads the `modules` array at `range` of `source`.
pub(super) fn read_modules(
    source: &Source,
    range: Range<usize>,
) -> Result<LegacyState, StateError> {
    let base = range.start;
    let at = |json: &JsonValue| base + json.span.start as usize;
    let span = |json: &JsonValue| base + json.span.start as usize..base + json.span.end as usize;
    let json = source.parse_json_at(base, &source.text[range.clone()])?;
    let mut state = LegacyState::default();
    let modules = match &json.kind {
        JsonKind::Array(modules) => modules,
        JsonKind::Null => return Ok(state),
        _ => return Err(source.invalid(base, "`modules` must be an array")),
    };
    for module in modules {
        let path = module_path(module).ok_or_else(|| {
            source.invalid(at(module), "a module's `path` must be an array of names")
        })?;
        if let Some(outputs) = member(module, "outputs").and_then(JsonValue::as_object)
            && path.is_root()
        {
            for output in outputs {
                let value = legacy_output(&output.value)
                    .map_err(|message| source.invalid(at(&output.value), message))?;
                state
                    .outputs
                    .push((output.name.as_str().to_string(), value));
            }
        }
        let Some(resources) = member(module, "resources").and_then(JsonValue::as_object) else {
            continue;
        };
        for resource in resources {
            let Some((mode, resource_type, name, key)) = resource_key(resource.name.as_str())
            else {
                return Err(source.invalid(
                    at(&resource.value),
                    format!("invalid resource key \"{}\"", resource.name.as_str()),
                ));
            };
            let provider = member(&resource.value, "provider")
                .and_then(JsonValue::as_string)
                .map(|p| p.as_str().to_string())
                .filter(|p| !p.is_empty())
                .unwrap_or_else(|| {
                    format!("provider.{}", resource_type.split('_').next().unwrap_or(""))
                });
            // The legacy `terraform` provider is the built-in one.
            let provider = match provider.as_str() {
                "provider.terraform" => format!("provider[\"{BUILTIN_PROVIDER}\"]"),
                _ => provider,
            };
            let Some(primary) =
                member(&resource.value, "primary").filter(|p| !matches!(p.kind, JsonKind::Null))
            else {
                continue;
            };
            let tainted = matches!(
                member(primary, "tainted").map(|t| &t.kind),
                Some(JsonKind::Bool(true))
            );
            let head = ResourceHead {
                module: path.clone(),
                mode,
                resource_type,
                name,
                provider,
                each: None,
            };
            let instance = RawInstance {
                key,
                deposed: None,
                status: if tainted {
                    ObjectStatus::Tainted
                } else {
                    ObjectStatus::Ready
                },
                schema_version: 0,
                attributes: 0..0,
                flatmap: Some(match member(primary, "attributes") {
                    Some(attributes) => span(attributes),
                    None => at(primary)..at(primary),
                }),
                sensitive_paths: Vec::new(),
                identity: None,
            };
            state.resources.push((head, instance));
        }
    }
    Ok(state)
}

/// `["root", "a", "b"]` as `module.a.module.b` (formats before 4 have no instance keys).
fn module_path(module: &JsonValue) -> Option<ModuleInstance> {
    let Some(path) = member(module, "path") else {
        return Some(ModuleInstance::root());
    };
    let JsonKind::Array(names) = &path.kind else {
        return None;
    };
    let steps = names
        .iter()
        .skip(1)
        .map(|name| {
            name.as_string().map(|name| ModuleStep {
                name: name.as_str().to_string(),
                key: InstanceKey::None,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(ModuleInstance::new(steps))
}

/// `aws_instance.web`, `aws_instance.web.2`, `data.aws_ami.x`: mode, type, name, key.
fn resource_key(text: &str) -> Option<(ResourceMode, String, String, InstanceKey)> {
    let (mode, rest) = match text.strip_prefix("data.") {
        Some(rest) => (ResourceMode::Data, rest),
        None => (ResourceMode::Managed, text),
    };
    let mut parts = rest.split('.');
    let resource_type = parts.next().filter(|t| !t.is_empty())?;
    let name = parts.next().filter(|n| !n.is_empty())?;
    let key = match parts.next() {
        None => InstanceKey::None,
        Some(index) => InstanceKey::Int(index.parse().ok()?),
    };
    if parts.next().is_some() {
        return None;
    }
    Some((mode, resource_type.to_string(), name.to_string(), key))
}

/// An output of format 1 (a string) or 2–3 (`{"sensitive", "type", "value"}`).
fn legacy_output(json: &JsonValue) -> Result<Output, String> {
    let (value_json, sensitive) = match &json.kind {
        JsonKind::Object(_) => (
            member(json, "value").ok_or("an output needs a `value`")?,
            matches!(
                member(json, "sensitive").map(|s| &s.kind),
                Some(JsonKind::Bool(true))
            ),
        ),
        _ => (json, false),
    };
    let value = decode_untyped(value_json).map_err(|e| e.message)?;
    // Terraform's upgrade unmarshals the JSON into its implied type made simpler: as its
    // conversion to that type cannot fail, a failure would leave the value as it is.
    let simpler = simplify_implied_type(value.ty());
    let value = convert(&value, &simpler).unwrap_or(value);
    Ok(Output::new(value, sensitive))
}

/// Terraform's `simplifyImpliedValueType` (state format 3 to 4): a non-empty tuple whose
/// element types are all equal is a list, a non-empty object whose attribute types are all
/// equal a map, of the simplified element type; anything else stays as it is.
fn simplify_implied_type(ty: &Type) -> Type {
    match ty {
        Type::Tuple(elems) => match all_equal(elems.iter()) {
            Some(elem) => Type::list(simplify_implied_type(elem)),
            None => ty.clone(),
        },
        Type::Object(object) => match all_equal(object.attrs.values()) {
            Some(elem) => Type::map(simplify_implied_type(elem)),
            None => ty.clone(),
        },
        _ => ty.clone(),
    }
}

/// The one type of `types` when there is at least one and all are equal.
fn all_equal<'a>(mut types: impl Iterator<Item = &'a Type>) -> Option<&'a Type> {
    let first = types.next()?;
    types.all(|other| other == first).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_syntax::json::parse_json;

    #[test]
    fn outputs_are_typed_as_terraform_upgrades_them() {
        let typed = |json: &str| {
            let json = parse_json(json).unwrap();
            terrace_types::format_value(&legacy_output(&json).unwrap().value)
        };
        assert_eq!(
            typed(r#"{"value": ["a", "b"]}"#),
            "tolist([\n  \"a\",\n  \"b\",\n])"
        );
        assert_eq!(
            typed(r#"{"value": {"k": "v"}}"#),
            "tomap({\n  \"k\" = \"v\"\n})"
        );
        assert_eq!(
            typed(r#"{"value": [["a"], ["b"]]}"#),
            "tolist([\n  tolist([\n    \"a\",\n  ]),\n  tolist([\n    \"b\",\n  ]),\n])"
        );
        // Mixed element types, and empty collections, stay a tuple or an object.
        assert_eq!(typed(r#"{"value": ["a", 1]}"#), "[\n  \"a\",\n  1,\n]");
        assert_eq!(
            typed(r#"{"value": [["a"], ["b", "c"]]}"#).lines().next(),
            Some("[")
        );
        assert_eq!(typed(r#"{"value": []}"#), "[]");
        assert_eq!(typed(r#"{"value": {}}"#), "{}");
        assert_eq!(typed(r#"{"value": "x"}"#), "\"x\"");
    }

    #[test]
    fn reads_resource_keys() {
        assert_eq!(
            resource_key("data.aws_ami.x"),
            Some((
                ResourceMode::Data,
                "aws_ami".into(),
                "x".into(),
                InstanceKey::None
            ))
        );
        assert_eq!(
            resource_key("aws_instance.web.2"),
            Some((
                ResourceMode::Managed,
                "aws_instance".into(),
                "web".into(),
                InstanceKey::Int(2)
            ))
        );
        assert_eq!(resource_key("aws_instance"), None);
        assert_eq!(resource_key("aws_instance.web.x"), None);
        assert_eq!(resource_key("a.b.1.2"), None);
    }
}
