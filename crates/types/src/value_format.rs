//! How `terraform console` prints a value (Terraform's `repl.FormatValue`), byte for byte.
//!
//! - `(known after apply)` for an unknown value, `(sensitive value)` and
//!   `(ephemeral value)` for a value marked so (only its own marks count, so a list
//!   with one sensitive element prints the other elements).
//! - Nulls carry their type: `null` (type not known), `tostring(null)`, `tonumber(null)`,
//!   `tobool(null)`, `tolist(null) /* of string */` (and `toset`, `tomap`),
//!   `null /* object */`, `null /* tuple */`.
//! - Strings are Go-quoted (see `quote.rs`); a string with a newline prints as a heredoc,
//!   `<<EOT` at the top level and `<<-EOT` when nested, with its lines indented like the
//!   surrounding value and a delimiter extended with `_` until no line equals it.
//! - Tuples print `[ … ]` and objects `{ … }`; lists, sets and maps are wrapped in
//!   `tolist(…)`, `toset(…)`, `tomap(…)`. Each element sits on its own line, indented by
//!   two spaces per level; sequence elements end with a comma, mapping entries are
//!   `"key" = value` with the key always quoted. Empty ones print `[]` and `{}`.

use crate::marks::Marks;
use crate::quote::quote;
use crate::ty::Type;
use crate::value::{Repr, Value};

/// Renders `value` exactly as `terraform console` prints it.
pub fn format_value(value: &Value) -> String {
    let mut out = String::new();
    write_value(value, 0, &mut out);
    out
}

fn write_value(v: &Value, indent: usize, out: &mut String) {
    if !v.is_known() {
        out.push_str("(known after apply)");
        return;
    }
    if v.marks().contains(Marks::SENSITIVE) {
        out.push_str("(sensitive value)");
        return;
    }
    if v.marks().contains(Marks::EPHEMERAL) {
        out.push_str("(ephemeral value)");
        return;
    }
    match (v.repr(), v.ty()) {
        (Repr::Null, ty) => write_null(ty, out),
        (Repr::String(s), _) => write_string(s, indent, out),
        (Repr::Number(n), _) => out.push_str(&n.to_string()),
        (Repr::Bool(b), _) => out.push_str(if *b { "true" } else { "false" }),
        (Repr::Seq(elems), Type::List(_)) => wrapped("tolist", out, |out| {
            write_sequence(elems, indent, out);
        }),
        (Repr::Seq(elems), Type::Set(_)) => wrapped("toset", out, |out| {
            write_sequence(elems, indent, out);
        }),
        (Repr::Seq(elems), _) => write_sequence(elems, indent, out),
        (Repr::Attrs(attrs), Type::Map(_)) => wrapped("tomap", out, |out| {
            write_mapping(attrs, indent, out);
        }),
        (Repr::Attrs(attrs), _) => write_mapping(attrs, indent, out),
        (Repr::Unknown, _) => out.push_str("(known after apply)"),
        (Repr::Type(ty), _) => out.push_str(&crate::type_format::format_type(ty)),
    }
}

fn write_null(ty: &Type, out: &mut String) {
    let text = match ty {
        Type::Dynamic => "null".to_string(),
        Type::String => "tostring(null)".to_string(),
        Type::Number => "tonumber(null)".to_string(),
        Type::Bool => "tobool(null)".to_string(),
        Type::List(ety) => format!("tolist(null) /* of {} */", ety.friendly_name()),
        Type::Set(ety) => format!("toset(null) /* of {} */", ety.friendly_name()),
        Type::Map(ety) => format!("tomap(null) /* of {} */", ety.friendly_name()),
        Type::Object(_) | Type::Tuple(_) | Type::TypeCapsule => {
            format!("null /* {} */", ty.friendly_name())
        }
    };
    out.push_str(&text);
}

fn write_string(s: &str, indent: usize, out: &mut String) {
    if !s.contains('\n') {
        out.push_str(&quote(s));
        return;
    }
    let lines: Vec<&str> = s.split('\n').collect();
    let mut delimiter = String::from("EOT");
    while lines.iter().any(|line| trim_go_space(line) == delimiter) {
        delimiter.push('_');
    }
    out.push_str(if indent > 0 { "<<-" } else { "<<" });
    out.push_str(&delimiter);
    for line in &lines {
        out.push('\n');
        push_spaces(out, indent);
        out.push_str(line);
    }
    out.push('\n');
    push_spaces(out, indent);
    out.push_str(&delimiter);
}

/// Go's `strings.TrimSpace`: removes leading and trailing Unicode white space.
fn trim_go_space(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace())
}

fn write_sequence(elems: &crate::Seq, indent: usize, out: &mut String) {
    out.push('[');
    for elem in elems {
        out.push('\n');
        push_spaces(out, indent + 2);
        write_value(elem, indent + 2, out);
        out.push(',');
    }
    if !elems.is_empty() {
        out.push('\n');
        push_spaces(out, indent);
    }
    out.push(']');
}

fn write_mapping(attrs: &crate::Attrs, indent: usize, out: &mut String) {
    out.push('{');
    for (key, elem) in attrs {
        out.push('\n');
        push_spaces(out, indent + 2);
        write_string(key, indent + 2, out);
        out.push_str(" = ");
        write_value(elem, indent + 2, out);
    }
    if !attrs.is_empty() {
        out.push('\n');
        push_spaces(out, indent);
    }
    out.push('}');
}

fn wrapped(name: &str, out: &mut String, body: impl FnOnce(&mut String)) {
    out.push_str(name);
    out.push('(');
    body(out);
    out.push(')');
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}
