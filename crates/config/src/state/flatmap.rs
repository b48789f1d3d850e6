//! Instance attributes written before Terraform 0.12 (`attributes_flat`, and the `primary`
//! attributes of formats 1–3): a flat map of strings, decoded as Terraform's
//! `hcl2shim.HCL2ValueFromFlatmap` decodes it with the resource type's schema.
//!
//! Keys are attribute paths joined with `.`: `tags.%` counts a map's elements, `tags.Name`
//! is one of them; `subnets.#` counts a list's or set's elements, `subnets.0` is the first.
//! Primitives are converted from their string; a key that is missing is null; keys the
//! schema does not have are ignored; the value `74D93920-ED26-11E3-AC10-0800200C9A66` is
//! unknown. Without a schema there is nothing to convert to: only the top-level keys with no
//! `.` in them are read, as strings (`id`, `arn`, `name`: strings in every provider).

use std::collections::{BTreeMap, BTreeSet};

use terrace_types::{Key, Type, Value, convert};

/// The sentinel legacy Terraform wrote for a value not known yet.
const UNKNOWN: &str = "74D93920-ED26-11E3-AC10-0800200C9A66";

/// A flat map as read from the state.
pub(crate) type Flatmap = BTreeMap<String, String>;

/// The object of type `ty` (the schema's implied type) that `flat` holds, or the reason it
/// cannot be decoded (Terraform's words). For example, with the type
/// `object({id = string, ports = list(number)})`:
///
/// ```text
/// {"id": "i-1", "ports.#": "1", "ports.0": "80"}  →  { id = "i-1", ports = tolist([80]) }
/// ```
///
/// (A crate-private function: the unit tests below run these cases.)
pub(crate) fn decode_flatmap(flat: &Flatmap, ty: &Type) -> Result<Value, String> {
    match ty {
        Type::Object(object) => object_value(flat, "", object.attrs.iter()),
        other => Err(format!(
            "cannot decode {} from flatmap",
            other.friendly_name()
        )),
    }
}

/// The top-level attributes of `flat` with no `.` in their name, as strings: what can be
/// read of a flat map without its schema.
pub(crate) fn decode_flatmap_untyped(flat: &Flatmap) -> Value {
    Value::object(
        flat.iter()
            .filter(|(key, _)| !key.contains('.'))
            .map(|(key, value)| (key.as_str(), Value::string(value))),
    )
}

fn value_at(flat: &Flatmap, key: &str, ty: &Type) -> Result<Value, String> {
    if ty.is_primitive() {
        return primitive(flat, key, ty);
    }
    let prefix = format!("{key}.");
    let prefix = prefix.as_str();
    match ty {
        Type::Object(object) => object_value(flat, prefix, object.attrs.iter()),
        Type::Tuple(elems) => {
            let elems = elems.as_slice();
            let count = match header(flat, prefix, "#", ty) {
                Ok(text) => parse_count(prefix, text)?,
                Err(absent) => return Ok(absent),
            };
            if count != elems.len() {
                return Err(format!(
                    "wrong number of values for {} in state: got {count}, but need {}",
                    go_quote(prefix),
                    elems.len()
                ));
            }
            let values = elems
                .iter()
                .enumerate()
                .map(|(idx, elem)| value_at(flat, &format!("{prefix}{idx}"), elem))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::tuple(values))
        }
        Type::List(elem) => {
            let count = match header(flat, prefix, "#", ty) {
                Ok(text) => parse_count(prefix, text)?,
                Err(absent) => return Ok(absent),
            };
            let values = (0..count)
                .map(|idx| value_at(flat, &format!("{prefix}{idx}"), elem))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::list((**elem).clone(), values))
        }
        Type::Map(elem) => map_value(flat, prefix, ty, elem),
        Type::Set(elem) => set_value(flat, prefix, ty, elem),
        _ => Err(format!("cannot decode {} from flatmap", ty.friendly_name())),
    }
}

/// `hcl2ValueFromFlatmapPrimitive`: the string converted to `ty`.
fn primitive(flat: &Flatmap, key: &str, ty: &Type) -> Result<Value, String> {
    match flat.get(key).map(String::as_str) {
        None => Ok(Value::null(ty.clone())),
        Some(UNKNOWN) => Ok(Value::unknown(ty.clone())),
        Some(text) => convert(&Value::string(text), ty).map_err(|error| {
            format!(
                "invalid value for {} in state: {}",
                go_quote(key),
                error.message
            )
        }),
    }
}

fn object_value<'a>(
    flat: &Flatmap,
    prefix: &str,
    attrs: impl Iterator<Item = (&'a Key, &'a Type)>,
) -> Result<Value, String> {
    let values = attrs
        .map(|(name, ty)| {
            let name: &str = name.as_ref();
            value_at(flat, &format!("{prefix}{name}"), ty).map(|value| (name.to_string(), value))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::object(values))
}

/// The text of a collection's header `PREFIX#` (lists, sets, tuples) or `PREFIX%` (maps):
/// `Err` with the collection's value when there is none to read, unknown when the
/// container or its header is the unknown sentinel, null when the header is missing.
fn header<'a>(flat: &'a Flatmap, prefix: &str, marker: &str, ty: &Type) -> Result<&'a str, Value> {
    if flat.get(prefix.trim_end_matches('.')).map(String::as_str) == Some(UNKNOWN) {
        return Err(Value::unknown(ty.clone()));
    }
    match flat.get(&format!("{prefix}{marker}")).map(String::as_str) {
        None => Err(Value::null(ty.clone())),
        Some(UNKNOWN) => Err(Value::unknown(ty.clone())),
        Some(text) => Ok(text),
    }
}

/// A list's or tuple's element count, as Go's `strconv.Atoi` reads it.
fn parse_count(prefix: &str, text: &str) -> Result<usize, String> {
    go_atoi(text).ok_or_else(|| {
        format!(
            "invalid count value for {} in state: strconv.Atoi: parsing {}: invalid syntax",
            go_quote(prefix),
            go_quote(text)
        )
    })
}

/// `hcl2ValueFromFlatmapMap`: every key under `prefix` but `%` is an element, the rest of
/// the key (dots and all) its key.
fn map_value(flat: &Flatmap, prefix: &str, ty: &Type, elem: &Type) -> Result<Value, String> {
    if let Err(absent) = header(flat, prefix, "%", ty) {
        return Ok(absent);
    }
    let mut values = Vec::new();
    for full_key in under(flat, prefix) {
        let key = &full_key[prefix.len()..];
        if key == "%" {
            continue;
        }
        values.push((key.to_string(), value_at(flat, full_key, elem)?));
    }
    Ok(Value::map(elem.clone(), values))
}

/// `hcl2ValueFromFlatmapSet`: each distinct first step under `prefix` but `#` is an
/// element; a count of 1 with no element is one empty element.
fn set_value(flat: &Flatmap, prefix: &str, ty: &Type, elem: &Type) -> Result<Value, String> {
    let count_text = match header(flat, prefix, "#", ty) {
        Ok(text) => text,
        Err(absent) => return Ok(absent),
    };
    let mut seen = BTreeSet::new();
    let mut values = Vec::new();
    for full_key in under(flat, prefix) {
        let sub_key = &full_key[prefix.len()..];
        if sub_key == "#" {
            continue;
        }
        let key = match sub_key.find('.') {
            Some(dot) => &full_key[..prefix.len() + dot],
            None => full_key,
        };
        if seen.insert(key) {
            values.push(value_at(flat, key, elem)?);
        }
    }
    if values.is_empty() && count_text == "1" {
        values.push(empty_element(elem));
    }
    Ok(Value::set(elem.clone(), values))
}

/// The one element of a set whose count is 1 but which has no keys: an empty collection,
/// an object of nulls, or a null.
fn empty_element(elem: &Type) -> Value {
    match elem {
        Type::Map(inner) => Value::map((**inner).clone(), std::iter::empty::<(String, Value)>()),
        Type::List(inner) => Value::list((**inner).clone(), []),
        Type::Set(inner) => Value::set((**inner).clone(), []),
        Type::Object(object) => Value::object(
            object
                .attrs
                .iter()
                .map(|(name, ty)| (name.clone(), Value::null(ty.clone()))),
        ),
        other => Value::null(other.clone()),
    }
}

/// The keys of `flat` that start with `prefix`.
fn under<'a>(flat: &'a Flatmap, prefix: &'a str) -> impl Iterator<Item = &'a str> {
    flat.range(prefix.to_string()..)
        .map(|(key, _)| key.as_str())
        .take_while(move |key| key.starts_with(prefix))
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits.
fn go_atoi(text: &str) -> Option<usize> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// A string as Go's `%q` shows it (the keys here are printable ASCII in practice).
fn go_quote(text: &str) -> String {
    terrace_types::quote(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(pairs: &[(&str, &str)]) -> Flatmap {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn show(value: &Value) -> String {
        terrace_types::format_value(value)
    }

    #[test]
    fn primitives_convert_from_their_strings_and_missing_keys_are_null() {
        let ty = Type::object([
            ("id", Type::String),
            ("port", Type::Number),
            ("public", Type::Bool),
            ("gone", Type::String),
        ]);
        let map = flat(&[
            ("id", "i-1"),
            ("port", "8080"),
            ("public", "true"),
            ("extra", "ignored"),
        ]);
        let value = decode_flatmap(&map, &ty).unwrap();
        assert_eq!(
            show(&value),
            "{\n  \"gone\" = tostring(null)\n  \"id\" = \"i-1\"\n  \"port\" = 8080\n  \"public\" = true\n}"
        );
        let bad = flat(&[("port", "abc")]);
        assert_eq!(
            decode_flatmap(&bad, &ty).unwrap_err(),
            "invalid value for \"port\" in state: a number is required"
        );
    }

    #[test]
    fn lists_maps_and_sets_follow_their_counts() {
        let ty = Type::object([
            ("ports", Type::list(Type::Number)),
            ("tags", Type::map(Type::String)),
            ("zones", Type::set(Type::String)),
            ("none", Type::list(Type::String)),
            ("empty", Type::map(Type::String)),
        ]);
        let map = flat(&[
            ("ports.#", "2"),
            ("ports.0", "80"),
            ("ports.1", "443"),
            ("tags.%", "2"),
            ("tags.Name", "web"),
            ("tags.a.b", "dotted"),
            ("zones.#", "2"),
            ("zones.1234", "eu-west-1a"),
            ("zones.5678", "eu-west-1b"),
            ("empty.%", "0"),
        ]);
        let value = decode_flatmap(&map, &ty).unwrap();
        assert_eq!(
            show(value.get_attr("ports").unwrap()),
            "tolist([\n  80,\n  443,\n])"
        );
        assert_eq!(
            show(value.get_attr("tags").unwrap()),
            "tomap({\n  \"Name\" = \"web\"\n  \"a.b\" = \"dotted\"\n})"
        );
        assert_eq!(
            show(value.get_attr("zones").unwrap()),
            "toset([\n  \"eu-west-1a\",\n  \"eu-west-1b\",\n])"
        );
        assert!(value.get_attr("none").unwrap().is_null());
        assert_eq!(show(value.get_attr("empty").unwrap()), "tomap({})");
    }

    #[test]
    fn nested_blocks_and_unknowns() {
        let block = Type::object([("from", Type::Number), ("cidrs", Type::list(Type::String))]);
        let ty = Type::object([
            ("ingress", Type::set(block.clone())),
            ("later", Type::String),
            ("one", Type::set(block)),
        ]);
        let map = flat(&[
            ("ingress.#", "1"),
            ("ingress.99.from", "22"),
            ("ingress.99.cidrs.#", "1"),
            ("ingress.99.cidrs.0", "10.0.0.0/8"),
            ("later", UNKNOWN),
            ("one.#", "1"),
        ]);
        let value = decode_flatmap(&map, &ty).unwrap();
        let ingress = value.get_attr("ingress").unwrap();
        assert_eq!(ingress.length(), Some(1));
        assert!(!value.get_attr("later").unwrap().is_known());
        // A count of 1 with no keys: one object of nulls.
        assert_eq!(
            show(value.get_attr("one").unwrap()),
            "toset([\n  {\n    \"cidrs\" = tolist(null) /* of string */\n    \"from\" = tonumber(null)\n  },\n])"
        );
    }

    #[test]
    fn dynamic_attributes_and_bad_counts_are_errors() {
        let ty = Type::object([("backend", Type::String), ("config", Type::Dynamic)]);
        assert_eq!(
            decode_flatmap(&flat(&[("backend", "s3")]), &ty).unwrap_err(),
            "cannot decode dynamic from flatmap"
        );
        let ty = Type::object([("ports", Type::list(Type::Number))]);
        assert!(
            decode_flatmap(&flat(&[("ports.#", "x")]), &ty)
                .unwrap_err()
                .starts_with("invalid count value for \"ports.\" in state")
        );
    }

    #[test]
    fn without_a_schema_only_top_level_keys_are_read() {
        let map = flat(&[("id", "i-1"), ("tags.%", "1"), ("tags.Name", "web")]);
        assert_eq!(
            show(&decode_flatmap_untyped(&map)),
            "{\n  \"id\" = \"i-1\"\n}"
        );
    }
}
