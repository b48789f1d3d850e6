//! Addresses in state: instance keys, module instance paths (`module.a[0].module.b["k"]`), resource instance addresses, and Terraform's order of them.

use std::cmp::Ordering;
use std::fmt;

use terrace_syntax::hcl_quote;

/// `managed` (a `resource` block) or `data` (a `data` block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResourceMode {
    /// A data source: `data.TYPE.NAME`. Sorts first, as in Terraform.
    Data,
    /// A managed resource: `TYPE.NAME`.
    Managed,
}

impl ResourceMode {
    /// The `mode` string of state files: `managed` or `data`.
    pub fn as_str(self) -> &'static str {
        match self {
            ResourceMode::Managed => "managed",
            ResourceMode::Data => "data",
        }
    }
}

/// The key of one instance: none (no `count`/`for_each`), a `count` index or a `for_each` key.
///
/// Ordered as Terraform orders them: no key, then numbers, then strings.
///
/// ```
/// use terrace_config::state::InstanceKey;
///
/// assert_eq!(InstanceKey::Int(2).to_string(), "[2]");
/// assert_eq!(InstanceKey::Str("a\"b".into()).to_string(), r#"["a\"b"]"#);
/// assert!(InstanceKey::None < InstanceKey::Int(9) && InstanceKey::Int(9) < InstanceKey::Str("".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstanceKey {
    /// No `count` or `for_each`.
    None,
    /// A `count` index.
    Int(i64),
    /// A `for_each` key.
    Str(String),
}

impl fmt::Display for InstanceKey {
    /// Written as in addresses: nothing, `[0]`, `["key"]` (HCL quoting).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::None => Ok(()),
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => write!(f, "[{}]", hcl_quote(s)),
        }
    }
}

/// One step of a module instance path: `module.NAME` with its key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ModuleStep {
    /// The module call's name.
    pub name: String,
    /// The module instance's key.
    pub key: InstanceKey,
}

/// A module instance path; empty for the root module.
///
/// ```
/// use terrace_config::state::ModuleInstance;
///
/// # fn main() -> Result<(), String> {
/// let m = ModuleInstance::parse(r#"module.a[0].module.b["k"]"#)?;
/// assert_eq!(m.steps().len(), 2);
/// assert_eq!(m.to_string(), r#"module.a[0].module.b["k"]"#);
/// assert!(ModuleInstance::root().is_root());
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ModuleInstance(Vec<ModuleStep>);

impl ModuleInstance {
    /// The root module.
    pub fn root() -> ModuleInstance {
        ModuleInstance(Vec::new())
    }

    /// A path from its steps.
    pub fn new(steps: Vec<ModuleStep>) -> ModuleInstance {
        ModuleInstance(steps)
    }

    /// True for the root module.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// The steps from the root.
    pub fn steps(&self) -> &[ModuleStep] {
        &self.0
    }

    /// Parses `module.a[0].module.b["k"]` (the empty string is the root module).
    pub fn parse(text: &str) -> Result<ModuleInstance, String> {
        let mut parser = AddressParser { text, pos: 0 };
        let mut steps = Vec::new();
        while parser.pos < text.len() {
            if !steps.is_empty() && !parser.eat(".") {
                return Err(parser.error("expected `.`"));
            }
            if !parser.eat("module.") {
                return Err(parser.error("expected `module.`"));
            }
            let name = parser.identifier()?;
            let key = parser.key()?;
            steps.push(ModuleStep { name, key });
        }
        Ok(ModuleInstance(steps))
    }
}

impl fmt::Display for ModuleInstance {
    /// `module.a[0].module.b["k"]`; empty for the root module.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (idx, step) in self.0.iter().enumerate() {
            if idx > 0 {
                f.write_str(".")?;
            }
            write!(f, "module.{}{}", step.name, step.key)?;
        }
        Ok(())
    }
}

impl Ord for ModuleInstance {
    /// Terraform's order (`ModuleInstance.Less`): shorter paths first, then step by step
    /// by name, then by key.
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| {
            for (a, b) in self.0.iter().zip(&other.0) {
                let ord = a.name.cmp(&b.name).then_with(|| a.key.cmp(&b.key));
                if ord != Ordering::Equal {
                    return ord;
                }
            }
            Ordering::Equal
        })
    }
}

impl PartialOrd for ModuleInstance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The address of one resource instance: `module.m[0].data.aws_ami.ubuntu["k"]`.
///
/// Its order is `terraform state list`'s: module path (shorter first), then data
/// sources before managed resources, then type, name and key.
///
/// ```
/// use terrace_config::state::{InstanceKey, ModuleInstance, ResourceInstanceAddr, ResourceMode};
///
/// let addr = ResourceInstanceAddr {
///     module: ModuleInstance::root(),
///     mode: ResourceMode::Data,
///     resource_type: "aws_ami".into(),
///     name: "ubuntu".into(),
///     key: InstanceKey::None,
/// };
/// assert_eq!(addr.to_string(), "data.aws_ami.ubuntu");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceInstanceAddr {
    /// The module instance holding the resource.
    pub module: ModuleInstance,
    /// Managed resource or data source.
    pub mode: ResourceMode,
    /// The resource type (`aws_instance`).
    pub resource_type: String,
    /// The resource name.
    pub name: String,
    /// The instance key.
    pub key: InstanceKey,
}

impl ResourceInstanceAddr {
    /// Parses an address as `terraform state show` takes it: `aws_instance.web[0]`,
    /// `module.m["k"].data.aws_ami.ubuntu`.
    ///
    /// ```
    /// use terrace_config::state::ResourceInstanceAddr;
    ///
    /// let addr = ResourceInstanceAddr::parse(r#"module.m["k"].aws_instance.web[0]"#).unwrap();
    /// assert_eq!(addr.name, "web");
    /// assert!(ResourceInstanceAddr::parse("aws_instance").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<ResourceInstanceAddr, String> {
        let mut parser = AddressParser { text, pos: 0 };
        let mut steps = Vec::new();
        while parser.text[parser.pos..].starts_with("module.") {
            parser.pos += "module.".len();
            let name = parser.identifier()?;
            let key = parser.key()?;
            steps.push(ModuleStep { name, key });
            if !parser.eat(".") {
                return Err(parser.error("expected a resource after the module path"));
            }
        }
        let mode = if parser.eat("data.") {
            ResourceMode::Data
        } else {
            ResourceMode::Managed
        };
        let resource_type = parser.identifier()?;
        if !parser.eat(".") {
            return Err(parser.error("expected `.` and a resource name"));
        }
        let name = parser.identifier()?;
        let key = parser.key()?;
        if parser.pos != text.len() {
            return Err(parser.error("unexpected text after the address"));
        }
        Ok(ResourceInstanceAddr {
            module: ModuleInstance(steps),
            mode,
            resource_type,
            name,
            key,
        })
    }
}

impl fmt::Display for ResourceInstanceAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_root() {
            write!(f, "{}.", self.module)?;
        }
        if self.mode == ResourceMode::Data {
            f.write_str("data.")?;
        }
        write!(f, "{}.{}{}", self.resource_type, self.name, self.key)
    }
}

/// The summary of the error HCL's `ParseTraversalAbs` gives for `text`, which Terraform
/// parses addresses in a state with (`module`, `dependencies`, `check_results`): `None`
/// when `text` is a traversal (a name, then `.name` and `[literal]` steps).
pub(crate) fn traversal_error(text: &str) -> Option<&'static str> {
    let is_name_start = |c: char| c.is_alphabetic() || c == '_';
    let is_name_char = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let name_len = |rest: &str| {
        if !rest.starts_with(is_name_start) {
            return 0;
        }
        rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len())
    };
    let mut rest = text;
    let root = name_len(rest);
    if root == 0 {
        return Some("Variable name required");
    }
    rest = &rest[root..];
    while let Some(c) = rest.chars().next() {
        match c {
            '.' if rest.len() == 1 => return Some("Attribute name required"),
            '.' => {
                let len = name_len(&rest[1..]);
                if len == 0 && !rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
                    return Some("Invalid attribute name");
                }
                let len = if len == 0 {
                    rest[1..]
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(rest.len() - 1)
                } else {
                    len
                };
                rest = &rest[1 + len..];
            }
            '[' => {
                let inner = rest[1..].trim_start_matches([' ', '\t']);
                let literal_len = if let Some(quoted) = inner.strip_prefix('"') {
                    // A quoted string, with its escapes.
                    let mut escaped = false;
                    quoted
                        .char_indices()
                        .find(|&(_, c)| {
                            let end = c == '"' && !escaped;
                            escaped = c == '\\' && !escaped;
                            end
                        })
                        .map(|(idx, _)| idx + 2)
                } else if inner.starts_with(|c: char| c.is_ascii_digit()) {
                    Some(number_literal_len(inner))
                } else {
                    None
                };
                let Some(len) = literal_len else {
                    return Some("Index value required");
                };
                let after = inner[len..].trim_start_matches([' ', '\t']);
                if !after.starts_with(']') {
                    return Some("Missing close bracket on index");
                }
                rest = &after[1..];
            }
            _ => return Some("Invalid character"),
        }
    }
    None
}

/// The length of the HCL number literal `text` starts with (digits, an optional
/// fraction and exponent); 0 when it starts with none.
fn number_literal_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut len = digits(0);
    if len == 0 {
        return 0;
    }
    if bytes.get(len) == Some(&b'.') && digits(len + 1) > 0 {
        len += 1 + digits(len + 1);
    }
    if matches!(bytes.get(len), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(len + 1), Some(b'+' | b'-')));
        let exponent = digits(len + 1 + sign);
        if exponent > 0 {
            len += 1 + sign + exponent;
        }
    }
    len
}

/// A cursor over an address text.
struct AddressParser<'a> {
    text: &'a str,
    pos: usize,
}

impl AddressParser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn eat(&mut self, token: &str) -> bool {
        if self.rest().starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn error(&self, what: &str) -> String {
        format!("{what} at byte {} of `{}`", self.pos, self.text)
    }

    /// An HCL identifier: letters, digits, `_` and `-`, not starting with a digit or `-`.
    fn identifier(&mut self) -> Result<String, String> {
        let len = self
            .rest()
            .char_indices()
            .find(|&(idx, c)| {
                !(c.is_alphanumeric() || c == '_' || (idx > 0 && c == '-'))
                    || (idx == 0 && c.is_ascii_digit())
            })
            .map_or(self.rest().len(), |(idx, _)| idx);
        if len == 0 {
            return Err(self.error("expected a name"));
        }
        let name = self.rest()[..len].to_string();
        self.pos += len;
        Ok(name)
    }

    /// An optional `[0]` or `["key"]`.
    fn key(&mut self) -> Result<InstanceKey, String> {
        if !self.eat("[") {
            return Ok(InstanceKey::None);
        }
        self.skip_spaces();
        let key = if self.rest().starts_with('"') {
            InstanceKey::Str(self.quoted()?)
        } else {
            // An HCL number literal (`0`, `0.0`, `1e0`), which must be a whole number.
            let len = number_literal_len(self.rest());
            if len == 0 {
                return Err(self.error("expected a number or a quoted string as key"));
            }
            let text = &self.rest()[..len];
            let index = text.parse::<i64>().ok().or_else(|| {
                let value = text.parse::<f64>().ok()?;
                (value.fract() == 0.0 && value.abs() < 9.2e18).then_some(value as i64)
            });
            let Some(index) = index else {
                return Err(self.error(
                    "Invalid module index: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                ));
            };
            self.pos += len;
            InstanceKey::Int(index)
        };
        self.skip_spaces();
        if !self.eat("]") {
            return Err(self.error("expected `]`"));
        }
        Ok(key)
    }

    /// Skips the spaces and tabs HCL allows between a traversal's tokens.
    fn skip_spaces(&mut self) {
        let len = self.rest().len() - self.rest().trim_start_matches([' ', '\t']).len();
        self.pos += len;
    }

    /// A quoted HCL string (escapes `\n \r \t \" \\ \uXXXX \UXXXXXXXX`, `$${` and `%%{`).
    fn quoted(&mut self) -> Result<String, String> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.rest().chars().next() else {
                return Err(self.error("unterminated string"));
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(e) = self.rest().chars().next() else {
                        return Err(self.error("unterminated string"));
                    };
                    self.pos += e.len_utf8();
                    match e {
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        'u' | 'U' => {
                            let len = if e == 'u' { 4 } else { 8 };
                            let hex = self.rest().get(..len).unwrap_or("");
                            let c = u32::from_str_radix(hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .ok_or_else(|| self.error("invalid unicode escape"))?;
                            self.pos += len;
                            out.push(c);
                        }
                        _ => return Err(self.error("invalid escape sequence")),
                    }
                }
                '$' | '%' if self.rest().starts_with(c) && self.rest()[1..].starts_with('{') => {
                    self.pos += 1;
                    out.push(c);
                }
                c => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_paths_round_trip() {
        for text in ["", "module.a", r#"module.a[0].module.b["k\"${x}"]"#] {
            let parsed = ModuleInstance::parse(text).unwrap();
            assert_eq!(parsed.to_string(), text.replace("${", "$${"));
        }
        // HCL number literals, as Terraform reads them; no unary minus.
        for (text, read) in [
            ("module.x[0.0]", "module.x[0]"),
            ("module.x[ 1e1 ]", "module.x[10]"),
        ] {
            assert_eq!(ModuleInstance::parse(text).unwrap().to_string(), read);
        }
        assert!(ModuleInstance::parse("module.x[-1]").is_err());
        assert!(ModuleInstance::parse("module.x[1.5]").is_err());
        assert!(ModuleInstance::parse("module.").is_err());
        assert!(ModuleInstance::parse("module.a[").is_err());
        assert!(ModuleInstance::parse("modul.a").is_err());
    }

    #[test]
    fn orders_as_state_list() {
        let parse = |s: &str| ResourceInstanceAddr::parse(s).unwrap();
        let mut addrs = [
            parse("module.a.module.b.x.y"),
            parse("module.z.x.y"),
            parse("x.y[\"a\"]"),
            parse("x.y[10]"),
            parse("x.y[9]"),
            parse("data.z.z"),
            parse("a.b"),
        ];
        addrs.sort();
        let text: Vec<String> = addrs.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "data.z.z",
                "a.b",
                "x.y[9]",
                "x.y[10]",
                "x.y[\"a\"]",
                "module.z.x.y",
                "module.a.module.b.x.y"
            ]
        );
    }
}
