//! `check_results` in a state file: the outcome of `check` blocks, conditions and variable
//! validations at the last apply. terrace keeps none of it, but Terraform refuses a state
//! whose check results it cannot decode, so they are checked as Terraform decodes them
//! (`statefile.decodeCheckResultsV4`): Go's field kinds, then the addresses of the kinds it
//! knows (`resource`, `output`, `check`, `var`; others are skipped).

use std::ops::Range;

use super::address::{InstanceKey, ModuleInstance, ResourceInstanceAddr, traversal_error};
use super::error::StateError;
use super::go_json::{GoErrors, GoType, field};
use super::model::Source;
use super::scanner::Scanner;

/// The fields of one aggregate result (`checkResultsV4`).
const RESULT_FIELDS: &[&str] = &["object_kind", "config_addr", "status", "objects"];

/// The fields of one object's result (`checkResultsObjectV4`).
const OBJECT_FIELDS: &[&str] = &["object_addr", "status", "failure_messages"];

/// Checks `check_results` (at `range` in the source): Go's decoding errors go to `go`;
/// the first address Terraform would refuse is the error returned.
pub(super) fn check_results(
    source: &Source,
    go: &mut GoErrors,
    range: Range<usize>,
) -> Result<(), StateError> {
    let text: &str = &source.text;
    let raw = &text[range.clone()];
    if !go.check(range.start, "check_results", raw, GoType::Array) || raw == "null" {
        return Ok(());
    }
    let mut error: Option<StateError> = None;
    let mut scanner = Scanner::new(text);
    scanner.skip_to(range.start);
    let _ = scanner.array(|s| {
        let result = s.skip_value()?;
        let at = result.start;
        if !go.check(at, "check_results", &text[result.clone()], GoType::Object)
            || &text[result.clone()] == "null"
        {
            return Ok(());
        }
        let mut kind = String::new();
        let mut config_addr = (String::new(), at);
        let mut objects: Vec<(String, usize)> = Vec::new();
        let mut inner = Scanner::new(text);
        inner.skip_to(at);
        inner.object(|s, key, _| {
            let value = s.skip_value()?;
            let at = value.start;
            let raw = &text[value.clone()];
            match field(&key, RESULT_FIELDS) {
                Some("objects")
                    if go.check(at, "check_results.objects", raw, GoType::Array)
                        && raw != "null" =>
                {
                    read_objects(text, value.start, go, &mut objects)?;
                }
                Some("objects") => {}
                Some(name) => {
                    let path = format!("check_results.{name}");
                    if go.check(at, &path, raw, GoType::String) {
                        let string = json_string(raw);
                        match name {
                            "object_kind" => kind = string,
                            "config_addr" => config_addr = (string, at),
                            _ => {}
                        }
                    }
                }
                None => {}
            }
            Ok(())
        })?;
        if error.is_some() {
            return Ok(());
        }
        // Kinds Terraform does not know are skipped, for forward compatibility.
        let Some(kind) = Kind::from_name(&kind) else {
            return Ok(());
        };
        let (addr, addr_at) = &config_addr;
        match parse_checkable(kind, addr) {
            Ok(Checkable { has_keys: false }) => {}
            Ok(_) => {
                error = Some(
                    source.invalid(*addr_at, format!("invalid checkable config address {addr}")),
                );
                return Ok(());
            }
            Err(e) => {
                error = Some(source.invalid(*addr_at, e));
                return Ok(());
            }
        }
        if let Some((addr, at)) = objects
            .iter()
            .find(|(addr, _)| parse_checkable(kind, addr).is_err())
        {
            let message = parse_checkable(kind, addr).err().unwrap_or_default();
            error = Some(source.invalid(*at, message));
        }
        Ok(())
    });
    error.map_or(Ok(()), Err)
}

/// Reads the `objects` array at `start`: Go's decoding errors go to `go`, the object
/// addresses (with where they are) to `objects`.
fn read_objects(
    text: &str,
    start: usize,
    go: &mut GoErrors,
    objects: &mut Vec<(String, usize)>,
) -> Result<(), super::scanner::ScanError> {
    let mut scanner = Scanner::new(text);
    scanner.skip_to(start);
    scanner.array(|s| {
        let object = s.skip_value()?;
        let at = object.start;
        let raw = &text[object];
        if !go.check(at, "check_results.objects", raw, GoType::Object) || raw == "null" {
            // A `null` object has the empty address, which Terraform refuses.
            if raw == "null" {
                objects.push((String::new(), at));
            }
            return Ok(());
        }
        let mut addr = (String::new(), at);
        let mut inner = Scanner::new(text);
        inner.skip_to(at);
        inner.object(|s, key, _| {
            let value = s.skip_value()?;
            let at = value.start;
            let raw = &text[value];
            match field(&key, OBJECT_FIELDS) {
                Some("failure_messages") => {
                    go.check(
                        at,
                        "check_results.objects.failure_messages",
                        raw,
                        GoType::Strings,
                    );
                }
                Some(name) => {
                    let path = format!("check_results.objects.{name}");
                    if go.check(at, &path, raw, GoType::String) && name == "object_addr" {
                        addr = (json_string(raw), at);
                    }
                }
                None => {}
            }
            Ok(())
        })?;
        objects.push(addr);
        Ok(())
    })
}

/// What a check result is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Resource,
    Output,
    Check,
    Var,
}

impl Kind {
    fn from_name(name: &str) -> Option<Kind> {
        match name {
            "resource" => Some(Kind::Resource),
            "output" => Some(Kind::Output),
            "check" => Some(Kind::Check),
            "var" => Some(Kind::Var),
            _ => None,
        }
    }

    /// What its addresses are called in messages.
    fn keyword_or_resource(self) -> &'static str {
        match self {
            Kind::Resource => "resource",
            other => other.keyword(),
        }
    }

    /// The keyword of its addresses, for the kinds that have one.
    fn keyword(self) -> &'static str {
        match self {
            Kind::Resource => "",
            Kind::Output => "output",
            Kind::Check => "check",
            Kind::Var => "var",
        }
    }
}

/// A parsed checkable address: whether it has instance keys (which a configuration
/// address may not).
struct Checkable {
    has_keys: bool,
}

/// Parses a checkable address of `kind` as Terraform's `addrs.ParseCheckableStr` does.
fn parse_checkable(kind: Kind, text: &str) -> Result<Checkable, String> {
    if let Some(summary) = traversal_error(text) {
        return Err(format!(
            "{summary}: \"{text}\" is not a {} address",
            kind.keyword_or_resource()
        ));
    }
    let module_keys = |module: &ModuleInstance| {
        module
            .steps()
            .iter()
            .any(|step| step.key != InstanceKey::None)
    };
    if kind == Kind::Resource {
        let addr = ResourceInstanceAddr::parse(text)
            .map_err(|e| format!("Invalid checkable address \"{text}\": {e}"))?;
        return Ok(Checkable {
            has_keys: addr.key != InstanceKey::None || module_keys(&addr.module),
        });
    }
    let keyword = kind.keyword();
    let invalid = || {
        format!(
            "Invalid checkable address \"{text}\": the address must end with `{keyword}.NAME`, after an optional module path"
        )
    };
    // `module.a[0].module.b.KEYWORD.NAME`: the last `KEYWORD.` that follows the module path.
    let mut search = 0;
    while let Some(found) = text[search..].find(&format!("{keyword}.")) {
        let idx = search + found;
        search = idx + 1;
        let prefix = match idx {
            0 => "",
            _ if text.as_bytes()[idx - 1] == b'.' => &text[..idx - 1],
            _ => continue,
        };
        let name = &text[idx + keyword.len() + 1..];
        let Ok(module) = ModuleInstance::parse(prefix) else {
            continue;
        };
        if is_identifier(name) {
            return Ok(Checkable {
                has_keys: module_keys(&module),
            });
        }
    }
    Err(invalid())
}

/// Whether `name` is an HCL identifier.
fn is_identifier(name: &str) -> bool {
    name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// The string a JSON string literal holds (empty for `null`).
fn json_string(raw: &str) -> String {
    if !raw.starts_with('"') {
        return String::new();
    }
    Scanner::new(raw)
        .string()
        .map(|s| s.into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{Kind, parse_checkable};

    #[test]
    fn checkable_addresses() {
        assert!(parse_checkable(Kind::Check, "check.ok").is_ok());
        assert!(parse_checkable(Kind::Check, "module.m.check.ok").is_ok());
        assert!(parse_checkable(Kind::Check, "module.m[0].check.ok").is_ok_and(|c| c.has_keys));
        assert!(parse_checkable(Kind::Check, "nonsense!!").is_err());
        assert!(parse_checkable(Kind::Check, "zzz[").is_err());
        assert!(parse_checkable(Kind::Output, "output.o").is_ok());
        assert!(parse_checkable(Kind::Var, "var.x").is_ok());
        assert!(parse_checkable(Kind::Resource, "terraform_data.c").is_ok_and(|c| !c.has_keys));
        assert!(parse_checkable(Kind::Resource, "terraform_data.c[0]").is_ok_and(|c| c.has_keys));
        assert!(parse_checkable(Kind::Resource, "module.m.terraform_data.x").is_ok());
        assert!(parse_checkable(Kind::Output, "check.ok").is_err());
    }
}
