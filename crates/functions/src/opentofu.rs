//! OpenTofu's function table: Terraform's, less `convert` (OpenTofu 1.12 has none), plus
//! the functions only OpenTofu has — `base64gunzip`, `cidrcontains`, `urldecode`, and
//! `list`/`map`, which it keeps only to say they are gone (its `internal/lang/functions.go`).

use std::io::Read as _;

use terrace_types::{Type, Value};

use super::args::str_arg;
use super::context::CallContext;
use super::encoding::{go_base64_decode, redact};
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::{FunctionTable, standard};

/// The functions OpenTofu has and Terraform has not (`:doc` says "OpenTofu only").
pub const OPENTOFU_ONLY_FUNCTIONS: &[&str] =
    &["base64gunzip", "cidrcontains", "list", "map", "urldecode"];

/// Terraform functions OpenTofu does not have.
const NOT_IN_OPENTOFU: &[&str] = &["convert"];

/// True when `name` (with or without `core::`) is a function only OpenTofu has.
///
/// ```
/// assert!(terrace_functions::is_opentofu_only("urldecode"));
/// assert!(!terrace_functions::is_opentofu_only("urlencode"));
/// ```
pub fn is_opentofu_only(name: &str) -> bool {
    let name = name.strip_prefix("core::").unwrap_or(name);
    OPENTOFU_ONLY_FUNCTIONS.contains(&name)
}

/// OpenTofu's built-in functions (those of its 1.12 release).
///
/// ```
/// use terrace_functions::{CallContext, call, opentofu};
/// use terrace_types::Value;
///
/// let tofu = opentofu();
/// let urldecode = tofu.get("urldecode").expect("OpenTofu has urldecode");
/// let value = call(urldecode, &CallContext::default(), vec![Value::string("a%20b")]).unwrap();
/// assert_eq!(value.as_str(), Some("a b"));
/// assert!(tofu.get("convert").is_none());
/// ```
pub fn opentofu() -> FunctionTable {
    let mut table = standard();
    for name in NOT_IN_OPENTOFU {
        table.remove(name);
    }
    let string_fn = |name, params, description, implementation| {
        Function::fixed(name, params, || Type::String, description, implementation)
    };
    table.insert(string_fn(
        "base64gunzip",
        vec![Param::new("str", Type::String).allow_marked()],
        "Decodes a Base64 string and decompresses the result with gzip (the reverse of \
         `base64gzip`).",
        base64gunzip,
    ));
    table.insert(string_fn(
        "urldecode",
        vec![Param::new("str", Type::String)],
        "Decodes a URL query string: `%XX` escapes become their bytes and `+` a space (the \
         reverse of `urlencode`).",
        urldecode,
    ));
    table.insert(Function::fixed(
        "cidrcontains",
        vec![
            Param::new("containing_prefix", Type::String),
            Param::new("contained_ip_or_prefix", Type::String),
        ],
        || Type::Bool,
        "Whether an IP address, or every address of a CIDR prefix, lies within a CIDR \
         prefix; both must be of the same family (IPv4 or IPv6).",
        super::network::cidrcontains,
    ));
    for (name, message, implementation) in [
        ("list", LIST_REMOVED, list_removed as super::spec::ImplFn),
        ("map", MAP_REMOVED, map_removed),
    ] {
        table.insert(Function {
            name,
            params: Vec::new(),
            variadic: Some(
                Param::new("vals", Type::Dynamic)
                    .allow_unknown()
                    .allow_null(),
            ),
            return_type: ReturnType::Static(|| Type::Dynamic),
            description: message,
            implementation,
            impure: false,
        });
    }
    table
}

const LIST_REMOVED: &str = "the \"list\" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tolist([ ... ]) syntax to write a literal list";
const MAP_REMOVED: &str = "the \"map\" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tomap({ ... }) syntax to write a literal map";

/// `list`: always OpenTofu's error.
fn list_removed(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    Err(FunctionError::new(LIST_REMOVED))
}

/// `map`: always OpenTofu's error.
fn map_removed(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    Err(FunctionError::new(MAP_REMOVED))
}

fn base64gunzip(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (value, marks) = args[0].clone().unmark_deep();
    let text = value
        .as_str()
        .expect("invariant: a known, non-null string argument");
    let bytes = go_base64_decode(text).map_err(|_| {
        FunctionError::new(format!(
            "failed to decode base64 data {}",
            redact(text, marks)
        ))
    })?;
    let mut decoder = flate2::read::GzDecoder::new(bytes.as_slice());
    let mut raw = Vec::new();
    decoder
        .read_to_end(&mut raw)
        .map_err(|e| FunctionError::new(format!("failed to read gunzip raw data: {e}")))?;
    Ok(Value::string(String::from_utf8_lossy(&raw)).mark(marks))
}

/// Go's `url.QueryUnescape`: `+` is a space, `%XX` a byte; a bad escape is an error
/// naming it as Go's `EscapeError` does.
fn urldecode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let s = str_arg(args, 0).as_bytes();
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'%' => {
                let hex = |b: u8| char::from(b).to_digit(16);
                match (
                    s.get(i + 1).copied().and_then(hex),
                    s.get(i + 2).copied().and_then(hex),
                ) {
                    (Some(high), Some(low)) => {
                        out.push(u8::try_from(high * 16 + low).expect("invariant: two hex digits"));
                        i += 3;
                    }
                    _ => {
                        let end = (i + 3).min(s.len());
                        let escape = String::from_utf8_lossy(&s[i..end]);
                        return Err(FunctionError::new(format!(
                            "failed to decode URL '': invalid URL escape {}",
                            terrace_types::quote(&escape)
                        )));
                    }
                }
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    Ok(Value::string(String::from_utf8_lossy(&out)))
}
