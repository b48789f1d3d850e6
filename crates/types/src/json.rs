//! JSON renderings of values and types (cty's `json` package), as `jsonencode` produces.
//!
//! - Compact, with object and map keys in lexical order.
//! - Numbers as the console writes them (`1.5`, `100000000000000000000`).
//! - Strings as Go's `encoding/json` writes them: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
//!   `\t`, other control characters as `\u001f`, and `<`, `>`, `&`, U+2028, U+2029
//!   as `\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`; U+007F and everything else
//!   unchanged.
//! - Null is `null`; unknown and marked values cannot be written (`jsonencode`
//!   removes marks first and puts them on its result).
//!
//! The typed form wraps a value with its type, `{"value":…,"type":…}`, the way cty
//! encodes a value of a type not known in advance; types are written `"string"`,
//! `["list","number"]`, `["object",{"a":"bool"}]`, `["tuple",["string"]]`,
//! `"dynamic"`.

use std::fmt::Write as _;

use crate::path::{PathStep, render};
use crate::ty::Type;
use crate::value::{Repr, Value};

/// Why a value cannot be written as JSON.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
pub struct JsonError {
    /// The path to the offending element, like `.a[0]` (empty for the value itself).
    pub path: String,
    /// What is wrong: `value is not known` or `value has marks, so it cannot be serialized as JSON`.
    pub message: String,
}

/// The value as compact JSON, as `jsonencode` writes it.
pub fn to_json(value: &Value) -> Result<String, JsonError> {
    let mut out = String::new();
    write_value(value, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// The value and its type as JSON: `{"value":…,"type":…}`.
pub fn to_typed_json(value: &Value) -> Result<String, JsonError> {
    let mut out = String::from("{\"value\":");
    write_value(value, &mut Vec::new(), &mut out)?;
    out.push_str(",\"type\":");
    out.push_str(&type_to_json(value.ty()));
    out.push('}');
    Ok(out)
}

/// The type as cty writes it in JSON: `"string"`, `["list","number"]`,
/// `["object",{"a":"bool"}]` (plus a list of optional attribute names, when there are
/// some), `["tuple",["string"]]`, `"dynamic"`.
pub fn type_to_json(ty: &Type) -> String {
    let mut out = String::new();
    write_type(ty, &mut out);
    out
}

fn write_type(ty: &Type, out: &mut String) {
    match ty {
        Type::String => out.push_str("\"string\""),
        Type::Number => out.push_str("\"number\""),
        Type::Bool => out.push_str("\"bool\""),
        Type::Dynamic => out.push_str("\"dynamic\""),
        // cty writes no JSON for a capsule type; its name keeps this total.
        Type::TypeCapsule => out.push_str("\"type\""),
        Type::List(ety) | Type::Map(ety) | Type::Set(ety) => {
            out.push_str(match ty {
                Type::List(_) => "[\"list\",",
                Type::Map(_) => "[\"map\",",
                _ => "[\"set\",",
            });
            write_type(ety, out);
            out.push(']');
        }
        Type::Object(obj) => {
            out.push_str("[\"object\",{");
            for (i, (name, aty)) in obj.attrs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(name, out);
                out.push(':');
                write_type(aty, out);
            }
            out.push('}');
            if !obj.optional.is_empty() {
                out.push_str(",[");
                for (i, name) in obj.optional.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(name, out);
                }
                out.push(']');
            }
            out.push(']');
        }
        Type::Tuple(elems) => {
            out.push_str("[\"tuple\",[");
            for (i, ety) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(ety, out);
            }
            out.push_str("]]");
        }
    }
}

fn write_value(v: &Value, path: &mut Vec<PathStep>, out: &mut String) -> Result<(), JsonError> {
    if v.is_marked() {
        return Err(JsonError {
            path: render(path),
            message: "value has marks, so it cannot be serialized as JSON".into(),
        });
    }
    match v.repr() {
        Repr::Unknown => {
            return Err(JsonError {
                path: render(path),
                message: "value is not known".into(),
            });
        }
        Repr::Type(_) => {
            return Err(JsonError {
                path: render(path),
                message: "a type cannot be serialized as JSON".into(),
            });
        }
        Repr::Null => out.push_str("null"),
        Repr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Repr::Number(n) => out.push_str(&n.to_string()),
        Repr::String(s) => write_string(s, out),
        Repr::Seq(elems) => {
            out.push('[');
            for (i, elem) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                path.push(PathStep::Index(i));
                write_value(elem, path, out)?;
                path.pop();
            }
            out.push(']');
        }
        Repr::Attrs(attrs) => {
            let is_object = v.ty().is_object();
            out.push('{');
            for (i, (key, elem)) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(key, out);
                out.push(':');
                path.push(if is_object {
                    PathStep::Attr(key.clone())
                } else {
                    PathStep::Key(key.clone())
                });
                write_value(elem, path, out)?;
                path.pop();
            }
            out.push('}');
        }
    }
    Ok(())
}

/// A JSON string literal with Go's `encoding/json` escapes (HTML-safe).
pub(crate) fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
