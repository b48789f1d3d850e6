//! Text for the console's state commands: `:state` (as `terraform state list`), `:show` (as `terraform state show`) and `:outputs` (as `terraform output`).

use std::fmt::Write as _;

use terrace_types::{Number, Repr, Type, Value, format_value, quote};

use super::address::{ModuleInstance, ResourceInstanceAddr};
use super::model::{ObjectStatus, State};
use super::schema::{Block, Nesting};
use super::show_error::ShowError;

/// The instance addresses in the state, one a line, as `terraform state list` prints
/// them: sorted by module instance (root first, shorter paths first), data sources
/// before managed resources, then type, name and key.
///
/// `filter` is an address as `terraform state list` takes one: a module instance
/// (`module.a`, which also matches `module.a[0]` and its descendants), a resource
/// (`aws_instance.web`: all its instances) or one instance (`aws_instance.web[0]`).
/// A filter that is no address, or matches nothing, lists nothing.
///
/// ```
/// use terrace_config::state::{Schemas, State, state_list};
///
/// # fn main() -> Result<(), terrace_config::state::StateError> {
/// let text = r#"{"version": 4, "resources": [
///   {"module": "module.m[1]", "mode": "managed", "type": "t", "name": "x", "provider": "provider.t",
///    "instances": [{"attributes": {}}]},
///   {"mode": "managed", "type": "t", "name": "x", "provider": "provider.t",
///    "instances": [{"index_key": "b", "attributes": {}}, {"index_key": "a", "attributes": {}}]},
///   {"mode": "data", "type": "t", "name": "x", "provider": "provider.t", "instances": [{"attributes": {}}]}]}"#;
/// let state = State::from_text("s.json", text, &Schemas::builtin())?;
/// assert_eq!(state_list(&state, None), "data.t.x\nt.x[\"a\"]\nt.x[\"b\"]\nmodule.m[1].t.x\n");
/// assert_eq!(state_list(&state, Some("module.m")), "module.m[1].t.x\n");
/// assert_eq!(state_list(&state, Some("t.x[\"b\"]")), "t.x[\"b\"]\n");
/// assert_eq!(state_list(&state, Some("data")), "data.t.x\n");
/// assert_eq!(state_list(&state, Some("module.m[1].t")), "module.m[1].t.x\n");
/// # Ok(())
/// # }
/// ```
pub fn state_list(state: &State, filter: Option<&str>) -> String {
    let matcher = match filter.map(str::trim).filter(|f| !f.is_empty()) {
        None => Filter::All,
        Some(text) => match ResourceInstanceAddr::parse(text) {
            Ok(addr) => Filter::Resource(addr, text.ends_with(']')),
            Err(_) => match ModuleInstance::parse(text) {
                Ok(module) => Filter::Module(module),
                // Not an address (`aws_instance`, `module.vpc.aws_`): a text prefix.
                Err(_) => Filter::Prefix(text.to_string()),
            },
        },
    };
    let all = || {
        state
            .resources()
            .iter()
            .flat_map(|r| r.instances().iter().map(move |i| r.instance_addr(&i.key)))
    };
    let mut addrs: Vec<ResourceInstanceAddr> = all().filter(|addr| matcher.matches(addr)).collect();
    if addrs.is_empty()
        && let Some(text) = filter.map(str::trim).filter(|f| !f.is_empty())
    {
        // No address matches: the filter is a prefix of the text of addresses.
        let prefix = Filter::Prefix(text.to_string());
        addrs = all().filter(|addr| prefix.matches(addr)).collect();
    }
    addrs.sort();
    let mut out = String::new();
    for addr in addrs {
        let _ = writeln!(out, "{addr}");
    }
    out
}

enum Filter {
    All,
    /// A resource address; with `true`, one instance (the key was given).
    Resource(ResourceInstanceAddr, bool),
    Module(ModuleInstance),
    /// Addresses starting with this text.
    Prefix(String),
}

impl Filter {
    fn matches(&self, addr: &ResourceInstanceAddr) -> bool {
        match self {
            Filter::All => true,
            Filter::Resource(want, exact_key) => {
                want.module == addr.module
                    && want.mode == addr.mode
                    && want.resource_type == addr.resource_type
                    && want.name == addr.name
                    && (!exact_key || want.key == addr.key)
            }
            Filter::Module(module) => {
                let (want, have) = (module.steps(), addr.module.steps());
                want.len() <= have.len()
                    && want.iter().zip(have).all(|(w, h)| {
                        w.name == h.name
                            && (w.key == super::address::InstanceKey::None || w.key == h.key)
                    })
            }
            Filter::Prefix(text) => addr.to_string().starts_with(text.as_str()),
        }
    }
}

/// One instance's attributes as `terraform state show ADDRESS` prints them: a
/// `resource` (or `data`) block with the attributes that are not null, aligned, nested
/// blocks as blocks when the schema is known, sensitive values as `(sensitive value)`.
///
/// `Ok(None)` when the state has no current object at the address; `Err` when the
/// address cannot be parsed, with Terraform's message.
///
/// ```
/// use terrace_config::state::{Schemas, State, state_show};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let text = r#"{"version": 4, "resources": [{"mode": "managed", "type": "terraform_data", "name": "d",
///   "provider": "provider[\"terraform.io/builtin/terraform\"]",
///   "instances": [{"attributes": {"id": "i-1", "input": {"value": "x", "type": "string"},
///     "output": {"value": "x", "type": "string"}, "triggers_replace": null},
///     "sensitive_attributes": [[{"type": "get_attr", "value": "output"}]]}]}]}"#;
/// let state = State::from_text("s.json", text, &Schemas::builtin())?;
/// let shown = state_show(&state, "terraform_data.d")?.unwrap();
/// assert_eq!(shown, "# terraform_data.d:\nresource \"terraform_data\" \"d\" {\n    id     = \"i-1\"\n    input  = \"x\"\n    output = (sensitive value)\n}\n");
/// # Ok(())
/// # }
/// ```
pub fn state_show(state: &State, address: &str) -> Result<Option<String>, ShowError> {
    let addr = ResourceInstanceAddr::parse(address.trim()).map_err(|_| {
        ShowError::InvalidAddress(format!("Error parsing instance address: {address}\n\nThis command requires that the address references one specific instance.\nTo view the available instances, use \"terraform state list\". Please modify\nthe address to reference a specific instance."))
    })?;
    let Some((resource, instance)) = state.instance(&addr) else {
        return Ok(None);
    };
    let Some(object) = instance.current() else {
        return Ok(None);
    };
    let value = object.value().map_err(ShowError::InvalidData)?;
    let mut out = String::new();
    let _ = write!(out, "# {addr}:");
    if object.status == ObjectStatus::Tainted {
        out.push_str(" (tainted)");
    }
    out.push('\n');
    let keyword = match resource.mode {
        super::address::ResourceMode::Managed => "resource",
        super::address::ResourceMode::Data => "data",
    };
    let _ = write!(
        out,
        "{keyword} {} {} ",
        quote(&resource.resource_type),
        quote(&resource.name)
    );
    match &resource.schema {
        Some(schema) => render_block(&value, schema, 0, &mut out),
        None => render_block(&value, &schemaless_block(&value), 0, &mut out),
    }
    out.push('\n');
    Ok(Some(out))
}

/// A block schema that makes every attribute of `value` an attribute of its own type.
fn schemaless_block(value: &Value) -> Block {
    let attributes = value
        .as_attrs()
        .map(|attrs| {
            attrs
                .iter()
                .map(|(k, v)| {
                    (
                        k.to_string(),
                        super::schema::Attribute {
                            ty: v.ty().clone(),
                            sensitive: false,
                        },
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Block {
        attributes,
        block_types: Default::default(),
    }
}

fn indent(level: usize) -> String {
    "    ".repeat(level)
}

/// A block body `{ ... }` (Terraform's `blockRenderer`), `level` being the block's own indent.
fn render_block(value: &Value, schema: &Block, level: usize, out: &mut String) {
    if value.marks().is_sensitive() {
        let pad = indent(level);
        let _ = write!(
            out,
            "{{\n{pad}  # At least one attribute in this block is (or was) sensitive,\n{pad}  # so its contents will not be displayed.\n{pad}}}"
        );
        return;
    }
    // Attributes the schema calls sensitive are hidden too, as Terraform adds the
    // schema's marks to the state's before rendering.
    let hidden = Value::null(Type::Dynamic).mark(terrace_types::Marks::SENSITIVE);
    let attrs: Vec<(&str, &Value, bool)> = schema
        .attributes
        .iter()
        .filter_map(|(name, attr)| {
            let v = value.get_attr(name)?;
            let v = if attr.sensitive && !v.is_null() {
                &hidden
            } else {
                v
            };
            (!v.is_null() || v.marks().is_sensitive()).then_some((
                name.as_str(),
                v,
                attr.ty.is_dynamic(),
            ))
        })
        .collect();
    let blocks: Vec<(&str, &Value, Nesting, &Block)> = schema
        .block_types
        .iter()
        .filter_map(|(name, nested)| {
            let v = value.get_attr(name)?;
            (!v.is_null()).then_some((name.as_str(), v, nested.nesting, &nested.block))
        })
        .collect();
    if attrs.is_empty() && blocks.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push_str("{\n");
    let width = attrs
        .iter()
        .map(|(n, _, _)| attribute_name(n).len())
        .max()
        .unwrap_or(0);
    for (name, v, dynamic) in &attrs {
        let _ = write!(
            out,
            "{}{:<width$} = ",
            indent(level + 1),
            attribute_name(name)
        );
        render_value(v, level + 1, *dynamic, out);
        out.push('\n');
    }
    for (name, v, nesting, block) in blocks {
        let mut first = true;
        let mut one = |label: String, item: &Value, out: &mut String| {
            if first && !attrs.is_empty() {
                out.push('\n');
            }
            first = false;
            let _ = write!(out, "{}{}{label} ", indent(level + 1), attribute_name(name));
            render_block(item, block, level + 1, out);
            out.push('\n');
        };
        match (nesting, v.repr()) {
            (Nesting::Single | Nesting::Group, Repr::Attrs(_)) => one(String::new(), v, out),
            (Nesting::List | Nesting::Set, Repr::Seq(items)) => {
                for item in items {
                    one(String::new(), item, out);
                }
            }
            (Nesting::Map, Repr::Attrs(items)) => {
                for (key, item) in items {
                    one(format!(" {}", quote(key)), item, out);
                }
            }
            _ => {}
        }
    }
    let _ = write!(out, "{}}}", indent(level));
}

/// An attribute or object key as Terraform writes it: bare when it is an identifier.
fn attribute_name(name: &str) -> String {
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if valid { name.to_string() } else { quote(name) }
}

/// A value as Terraform's state renderer writes it at indent `level`. `json` renders
/// maps as objects and keeps null attributes, as Terraform does for values of dynamic
/// type (it renders their JSON); typed objects leave null attributes out.
fn render_value(value: &Value, level: usize, json: bool, out: &mut String) {
    if value.marks().is_sensitive() {
        out.push_str("(sensitive value)");
        return;
    }
    match value.repr() {
        Repr::Null => out.push_str("null"),
        Repr::Unknown => out.push_str("(known after apply)"),
        Repr::Type(ty) => out.push_str(&terrace_types::format_type(ty)),
        Repr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Repr::Number(n) => out.push_str(&number_text(n)),
        Repr::String(s) => render_string(s, level, out),
        Repr::Seq(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push_str("[\n");
            for item in items {
                out.push_str(&indent(level + 1));
                render_value(item, level + 1, json, out);
                out.push_str(",\n");
            }
            let _ = write!(out, "{}]", indent(level));
        }
        Repr::Attrs(attrs) => {
            let is_map = matches!(value.ty(), Type::Map(_)) && !json;
            let entries: Vec<(String, &Value)> = attrs
                .iter()
                .filter(|(_, v)| is_map || json || !v.is_null())
                .map(|(k, v)| (if is_map { quote(k) } else { attribute_name(k) }, v))
                .collect();
            if entries.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{\n");
            let width = entries.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
            for (key, v) in entries {
                let _ = write!(out, "{}{key:<width$} = ", indent(level + 1));
                render_value(v, level + 1, json, out);
                if is_map && v.ty().is_object() && !v.is_null() && !v.marks().is_sensitive() {
                    out.push(',');
                }
                out.push('\n');
            }
            let _ = write!(out, "{}}}", indent(level));
        }
    }
}

fn number_text(n: &Number) -> String {
    format_value(&Value::number(n.clone()))
}

/// A string: `jsonencode(...)` when it holds a JSON object or array, a `<<-EOT`
/// heredoc when it has several lines, else Go's `%q`.
fn render_string(s: &str, level: usize, out: &mut String) {
    let json = (s.starts_with('{') || s.starts_with('['))
        .then(|| terrace_syntax::json::parse_json(s).ok())
        .flatten()
        .and_then(|json| super::cty_json::decode_untyped(&json).ok());
    if let Some(value) = json {
        let mut inner = String::new();
        render_value(&value, level + 1, true, &mut inner);
        if inner.contains('\n') {
            let _ = write!(
                out,
                "jsonencode(\n{}{inner}\n{})",
                indent(level + 1),
                indent(level)
            );
        } else {
            let _ = write!(out, "jsonencode({inner})");
        }
        return;
    }
    if s.contains('\n') {
        out.push_str("<<-EOT\n");
        for line in s.trim().split('\n') {
            let _ = writeln!(out, "{}{line}", indent(level + 1));
        }
        let _ = write!(out, "{}EOT", indent(level));
        return;
    }
    out.push_str(&quote(s));
}

/// The root outputs as `terraform output` prints them: `NAME = VALUE` sorted by name,
/// values as the console prints them, sensitive ones as `<sensitive>`.
///
/// ```
/// use terrace_config::state::{Schemas, State, outputs_text};
///
/// # fn main() -> Result<(), terrace_config::state::StateError> {
/// let text = r#"{"version": 4, "outputs": {"b": {"value": "s", "type": "string", "sensitive": true},
///   "a": {"value": [1], "type": ["list", "number"]}}}"#;
/// let state = State::from_text("s.json", text, &Schemas::builtin())?;
/// assert_eq!(outputs_text(&state), "a = tolist([\n  1,\n])\nb = <sensitive>\n");
/// # Ok(())
/// # }
/// ```
pub fn outputs_text(state: &State) -> String {
    let mut out = String::new();
    for (name, output) in state.outputs() {
        if output.sensitive {
            let _ = writeln!(out, "{name} = <sensitive>");
        } else {
            let _ = writeln!(out, "{name} = {}", format_value(&output.value));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(
            quote("a\"b\\\u{1b}é\u{200b}"),
            "\"a\\\"b\\\\\\x1bé\\u200b\""
        );
    }

    #[test]
    fn renders_nested_values() {
        let v = Value::object([
            ("m", Value::map(Type::String, [("k k", Value::string("v"))])),
            ("l", Value::list(Type::Number, [Value::int(1)])),
            ("s", Value::string("line1\nline2\n")),
            ("j", Value::string("{\"a\":[1]}")),
        ]);
        let mut out = String::new();
        render_value(&v, 0, false, &mut out);
        assert_eq!(
            out,
            "{\n    j = jsonencode(\n        {\n            a = [\n                1,\n            ]\n        }\n    )\n    l = [\n        1,\n    ]\n    m = {\n        \"k k\" = \"v\"\n    }\n    s = <<-EOT\n        line1\n        line2\n    EOT\n}"
        );
    }
}
