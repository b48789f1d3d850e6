//! How the console prints a type for `type(...)` and `:type` (Terraform's `repl` `typeString`).
//!
//! Objects and tuples spread over lines with four-space indentation and a comma after
//! every item; attributes are sorted and written `name: type` without quotes. A
//! collection of an object or tuple type puts its element on its own, further indented
//! line so the collection stays visible:
//!
//! ```text
//! list(
//!     object({
//!         a: number,
//!     }),
//! )
//! ```

use crate::ty::Type;

/// Renders `ty` as `terraform console` prints the result of `type(...)`.
pub fn format_type(ty: &Type) -> String {
    let mut out = String::new();
    write_type(ty, &mut out, 0);
    out
}

fn write_type(ty: &Type, out: &mut String, indent: usize) {
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => {
            out.push_str(&ty.friendly_name());
        }
        Type::Object(object) => {
            if object.attrs.is_empty() {
                out.push_str("object({})");
                return;
            }
            out.push_str("object({\n");
            for (name, attr_ty) in &object.attrs {
                push_indent(out, indent + 1);
                out.push_str(name);
                out.push_str(": ");
                write_type(attr_ty, out, indent + 1);
                out.push_str(",\n");
            }
            push_indent(out, indent);
            out.push_str("})");
        }
        Type::Tuple(elems) => {
            if elems.is_empty() {
                out.push_str("tuple([])");
                return;
            }
            out.push_str("tuple([\n");
            for elem in elems.iter() {
                push_indent(out, indent + 1);
                write_type(elem, out, indent + 1);
                out.push_str(",\n");
            }
            push_indent(out, indent);
            out.push_str("])");
        }
        Type::List(elem) | Type::Map(elem) | Type::Set(elem) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Map(_) => "map(",
                _ => "set(",
            });
            if elem.is_structural() {
                out.push('\n');
                push_indent(out, indent + 1);
                write_type(elem, out, indent + 1);
                out.push_str(",\n");
                push_indent(out, indent);
            } else {
                write_type(elem, out, indent);
            }
            out.push(')');
        }
    }
}

fn push_indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("    ");
    }
}
