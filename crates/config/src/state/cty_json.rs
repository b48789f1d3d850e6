//! cty's JSON encoding read back: types (`"string"`, `["list","string"]`, `["object",{...}]`), values of a known type (as `ctyjson.Unmarshal`), and values with no type (as `jsondecode` types them).

use terrace_syntax::json::{JsonKind, JsonValue};
use terrace_types::{Key, Marks, Number, Repr, Type, Value, convert, nfc};

/// A decoding problem: what is wrong and the byte offset (in the decoded text) of the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DecodeError {
    /// Byte offset of the offending value in the text the JSON was read from.
    pub(crate) offset: usize,
    /// What is wrong.
    pub(crate) message: String,
    /// Whether Terraform 1.15.5 crashes on this value instead of reporting it.
    pub(crate) crash: bool,
}

fn error(value: &JsonValue, message: impl Into<String>) -> DecodeError {
    DecodeError {
        offset: value.span.start as usize,
        message: message.into(),
        crash: false,
    }
}

/// Reads a cty type in its JSON form: `"string"`, `"number"`, `"bool"`, `"dynamic"`,
/// `["list", T]`, `["set", T]`, `["map", T]`, `["tuple", [T...]]`,
/// `["object", {"name": T}]` (optionally with a third element, the optional attributes).
pub(crate) fn parse_type(json: &JsonValue) -> Result<Type, DecodeError> {
    match &json.kind {
        JsonKind::String(name) => match name.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "dynamic" => Ok(Type::Dynamic),
            other => Err(error(
                json,
                format!("invalid primitive type name `{other}`"),
            )),
        },
        JsonKind::Array(parts) => {
            let (Some(kind), Some(arg)) = (parts.first(), parts.get(1)) else {
                return Err(error(json, "a type array needs a kind and an argument"));
            };
            let Some(kind) = kind.as_string() else {
                return Err(error(kind, "a type kind must be a string"));
            };
            match (kind.as_str(), parts.len()) {
                ("list", 2) => Ok(Type::list(parse_type(arg)?)),
                ("set", 2) => Ok(Type::set(parse_type(arg)?)),
                ("map", 2) => Ok(Type::map(parse_type(arg)?)),
                ("tuple", 2) => match &arg.kind {
                    JsonKind::Array(elems) => {
                        Ok(Type::tuple(elems.iter().map(parse_type).collect::<Result<
                            Vec<_>,
                            _,
                        >>(
                        )?))
                    }
                    _ => Err(error(arg, "tuple element types must be an array")),
                },
                ("object", 2 | 3) => match arg.as_object() {
                    Some(props) => Ok(Type::object(
                        props
                            .iter()
                            .map(|p| Ok((p.name.as_str().to_string(), parse_type(&p.value)?)))
                            .collect::<Result<Vec<_>, DecodeError>>()?,
                    )),
                    None => Err(error(arg, "object attribute types must be an object")),
                },
                (other, _) => Err(error(json, format!("invalid complex type `{other}`"))),
            }
        }
        _ => Err(error(json, "a type must be a string or an array")),
    }
}

/// A value as `jsondecode` would type its JSON: objects become objects, arrays tuples,
/// numbers keep their exact text, `null` is a null of any type.
pub(crate) fn decode_untyped(json: &JsonValue) -> Result<Value, DecodeError> {
    Ok(match &json.kind {
        JsonKind::Null => Value::null(Type::Dynamic),
        JsonKind::Bool(b) => Value::bool(*b),
        JsonKind::Number(text) => Value::number(parse_number(json, text)?),
        JsonKind::String(s) => Value::string(s.as_str()),
        JsonKind::Array(elems) => Value::tuple(
            elems
                .iter()
                .map(decode_untyped)
                .collect::<Result<Vec<_>, _>>()?,
        ),
        JsonKind::Object(props) => {
            // A repeated key: the last one wins (as Go's decoder into a map).
            let mut attrs: Vec<(Key, Value)> = Vec::with_capacity(props.len());
            for prop in props {
                attrs.push((Key::from(prop.name.as_str()), decode_untyped(&prop.value)?));
            }
            Value::object(attrs)
        }
    })
}

fn parse_number(json: &JsonValue, text: &str) -> Result<Number, DecodeError> {
    Number::parse(text).map_err(|e| error(json, format!("invalid number `{text}`: {e}")))
}

/// The first attribute of the JSON object `json` that the object type `ty` does not
/// have, as the error cty's `json.Unmarshal` gives for it (`unsupported attribute "x"`).
pub(crate) fn unsupported_attribute(json: &JsonValue, ty: &Type) -> Option<DecodeError> {
    let object_ty = ty.object_type()?;
    let props = json.as_object()?;
    let extra = props
        .iter()
        .find(|p| object_ty.attrs.get(p.name.as_str()).is_none())?;
    Some(error(
        &extra.value,
        format!("unsupported attribute \"{}\"", extra.name.as_str()),
    ))
}

/// A value of type `ty` from its JSON, as cty's `json.Unmarshal` reads it (what Terraform
/// does with an instance's `attributes` and its schema's type):
/// - `null` is a null of `ty`; an object attribute missing from the JSON is null too;
/// - a `dynamic` value is written `{"value": ..., "type": ...}`;
/// - primitives convert as cty converts (`"1"` is a valid number, `true` a valid string);
/// - object attributes the type does not have are ignored (the provider would drop them
///   when upgrading the state).
pub(crate) fn decode_typed(json: &JsonValue, ty: &Type) -> Result<Value, DecodeError> {
    decode(json, ty, false)
}

/// [`decode_typed`]; with `strict`, an object attribute the type does not have is cty's
/// `unsupported attribute` error (as in the value of a `dynamic` attribute, which cty
/// itself decodes, at every depth).
fn decode(json: &JsonValue, ty: &Type, strict: bool) -> Result<Value, DecodeError> {
    if matches!(json.kind, JsonKind::Null) {
        return Ok(Value::null(ty.clone()));
    }
    match ty {
        Type::Dynamic => {
            let props = json.as_object().ok_or_else(|| {
                error(
                    json,
                    "a value of dynamic type must be an object with `value` and `type`",
                )
            })?;
            // cty refuses any other key.
            if let Some(other) = props
                .iter()
                .find(|p| !matches!(p.name.as_str(), "value" | "type"))
            {
                return Err(error(
                    &other.value,
                    format!(
                        "invalid key \"{}\" in dynamically-typed value",
                        other.name.as_str()
                    ),
                ));
            }
            let find = |name: &str| props.iter().rev().find(|p| p.name.as_str() == name);
            let (Some(value), Some(value_ty)) = (find("value"), find("type")) else {
                return Err(error(
                    json,
                    "a value of dynamic type needs both `value` and `type`",
                ));
            };
            let value_ty = parse_type(&value_ty.value)?;
            // A tuple that is a dynamic value itself, with too few elements, crashes
            // Terraform (deeper in a value, it is "not enough tuple elements").
            if let (Type::Tuple(elem_tys), JsonKind::Array(items)) = (&value_ty, &value.value.kind)
                && items.len() < elem_tys.len()
            {
                return Err(DecodeError {
                    crash: true,
                    ..error(
                        &value.value,
                        format!("not enough tuple elements (need {})", elem_tys.len()),
                    )
                });
            }
            decode(&value.value, &value_ty, true)
        }
        Type::String | Type::Number | Type::Bool => match (&json.kind, ty) {
            // The usual cases, without a conversion.
            (JsonKind::String(s), Type::String) => Ok(Value::string(s.as_str())),
            (JsonKind::Number(text), Type::Number) => Ok(Value::number(parse_number(json, text)?)),
            (JsonKind::Bool(b), Type::Bool) => Ok(Value::bool(*b)),
            // cty keeps a number's JSON text as the string.
            (JsonKind::Number(text), Type::String) => Ok(Value::string(text)),
            (JsonKind::String(_) | JsonKind::Number(_) | JsonKind::Bool(_), _) => {
                let untyped = match &json.kind {
                    JsonKind::String(s) => Value::string(s.as_str()),
                    JsonKind::Number(text) => Value::number(parse_number(json, text)?),
                    _ => Value::bool(matches!(json.kind, JsonKind::Bool(true))),
                };
                convert(&untyped, ty).map_err(|e| error(json, e.to_string()))
            }
            _ => Err(error(
                json,
                format!(
                    "{} value is required, found {}",
                    primitive_name(ty),
                    json.kind_name()
                ),
            )),
        },
        // Schemas and state never name a capsule type.
        Type::TypeCapsule => Err(error(json, "a value of type type cannot be decoded")),
        Type::List(elem) | Type::Set(elem) => {
            let JsonKind::Array(items) = &json.kind else {
                return Err(error(
                    json,
                    format!("array is required, found {}", json.kind_name()),
                ));
            };
            let elems = items
                .iter()
                .map(|item| decode(item, elem, strict))
                .collect::<Result<Vec<_>, _>>()?;
            let elem_ty = Type::clone(elem);
            Ok(if ty.is_set() {
                Value::set(elem_ty, elems)
            } else {
                Value::list(elem_ty, elems)
            })
        }
        Type::Map(elem) => {
            let Some(props) = json.as_object() else {
                return Err(error(
                    json,
                    format!("object is required, found {}", json.kind_name()),
                ));
            };
            let entries = props
                .iter()
                .map(|p| Ok((Key::from(p.name.as_str()), decode(&p.value, elem, strict)?)))
                .collect::<Result<Vec<_>, DecodeError>>()?;
            Ok(Value::map(Type::clone(elem), entries))
        }
        Type::Object(object_ty) => {
            let Some(props) = json.as_object() else {
                return Err(error(
                    json,
                    format!("object is required, found {}", json.kind_name()),
                ));
            };
            if strict && let Some(extra) = unsupported_attribute(json, ty) {
                return Err(extra);
            }
            let attrs = object_ty
                .attrs
                .iter()
                .map(|(name, attr_ty)| {
                    let found = props.iter().rev().find(|p| p.name.as_str() == &**name);
                    let value = match found {
                        Some(p) => decode(&p.value, attr_ty, strict)?,
                        None => Value::null(attr_ty.clone()),
                    };
                    Ok((nfc(name), value))
                })
                .collect::<Result<Vec<(Key, Value)>, DecodeError>>()?;
            if ty.has_dynamic() {
                // A `dynamic` attribute takes its value's own type: build the type from the values.
                Ok(Value::object(attrs))
            } else {
                // Every attribute has exactly its type's type: the type needs no rebuilding.
                Ok(Value::from_parts(
                    ty.clone(),
                    Repr::Attrs(attrs.into_iter().collect()),
                    Marks::NONE,
                ))
            }
        }
        Type::Tuple(elem_tys) => {
            let JsonKind::Array(items) = &json.kind else {
                return Err(error(
                    json,
                    format!("array is required, found {}", json.kind_name()),
                ));
            };
            if items.len() != elem_tys.len() {
                return Err(error(
                    json,
                    format!(
                        "tuple of {} elements is required, found {}",
                        elem_tys.len(),
                        items.len()
                    ),
                ));
            }
            Ok(Value::tuple(
                items
                    .iter()
                    .zip(elem_tys.iter())
                    .map(|(item, t)| decode(item, t, strict))
                    .collect::<Result<Vec<_>, _>>()?,
            ))
        }
    }
}

fn primitive_name(ty: &Type) -> &'static str {
    match ty {
        Type::Number => "number",
        Type::Bool => "bool",
        _ => "string",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_syntax::json::parse_json;
    use terrace_types::format_value;

    fn typed(json: &str, ty: &str) -> String {
        let ty = parse_type(&parse_json(ty).unwrap()).unwrap();
        match decode_typed(&parse_json(json).unwrap(), &ty) {
            Ok(v) => format_value(&v),
            Err(e) => format!("error @{}: {}", e.offset, e.message),
        }
    }

    #[test]
    fn reads_types() {
        let ty = parse_type(
            &parse_json(r#"["object",{"a":["list","string"],"b":["tuple",["number","bool"]]}]"#)
                .unwrap(),
        )
        .unwrap();
        assert_eq!(
            terrace_types::format_type(&ty),
            "object({\n    a: list(string),\n    b: tuple([\n        number,\n        bool,\n    ]),\n})"
        );
        assert!(parse_type(&parse_json(r#"["list"]"#).unwrap()).is_err());
        assert!(parse_type(&parse_json(r#""str""#).unwrap()).is_err());
    }

    #[test]
    fn decodes_like_cty() {
        assert_eq!(
            typed(r#"["b","a","b"]"#, r#"["set","string"]"#),
            "toset([\n  \"a\",\n  \"b\",\n])"
        );
        assert_eq!(
            typed(r#"{"a":1}"#, r#"["object",{"a":"number","b":"string"}]"#),
            "{\n  \"a\" = 1\n  \"b\" = tostring(null)\n}"
        );
        assert_eq!(
            typed(r#"{"value":[1],"type":["list","number"]}"#, r#""dynamic""#),
            "tolist([\n  1,\n])"
        );
        assert_eq!(typed(r#""12""#, r#""number""#), "12");
        assert_eq!(
            typed(r#"[1]"#, r#""string""#),
            "error @0: string value is required, found an array"
        );
        assert_eq!(
            typed(r#"{"a":[1,2]}"#, r#"["map",["tuple",["number"]]]"#),
            "error @5: tuple of 1 elements is required, found 2"
        );
    }

    #[test]
    fn decodes_untyped_exactly() {
        let v = decode_untyped(
            &parse_json("[123456789012345678901234567890, -0.125, {\"a\": null}]").unwrap(),
        )
        .unwrap();
        assert_eq!(
            format_value(&v),
            "[\n  123456789012345678901234567890,\n  -0.125,\n  {\n    \"a\" = null\n  },\n]"
        );
    }
}
