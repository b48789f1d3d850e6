//! What Go's `encoding/json` refuses when Terraform decodes a format-4 state into its
//! structs (`statefile.stateV4`): a field whose JSON is of the wrong kind (`"serial": "7"`),
//! a number out of range for its Go type (`"serial": -1`, `"schema_version": 1.0`), bad
//! base64 in `private`. Terraform reports the first of these in the file and reads nothing.
//!
//! Go matches JSON keys to struct fields exactly, else without regard to ASCII case, and
//! a JSON `null` leaves any field at its zero value: [`field`] and [`GoErrors::check`]
//! follow both rules.

use super::error::StateError;
use super::model::Source;
use super::scanner::Scanner;

/// The Go type of a state struct field, as far as decoding it cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GoType {
    /// `string`.
    String,
    /// `uint64`: a JSON number that is a whole number from 0 to 2⁶⁴−1, written without
    /// a fraction or an exponent.
    Uint64,
    /// `bool`.
    Bool,
    /// `[]byte`: a base64 string (or an array of numbers from 0 to 255).
    Bytes,
    /// `[]string`.
    Strings,
    /// `map[string]string`.
    StringMap,
    /// A slice of structs: an array.
    Array,
    /// A struct or a map of structs: an object.
    Object,
}

/// The first decoding error in a state file, by position.
#[derive(Debug, Default)]
pub(super) struct GoErrors {
    first: Option<(usize, String)>,
}

impl GoErrors {
    /// Checks the JSON value `raw` (valid JSON, at byte `at`) for the struct field `field`
    /// (Go's dotted path: `resources.instances.status`) of Go type `ty`, recording an
    /// error as Go's decoder would. True when the value decodes (`null` always does).
    pub(super) fn check(&mut self, at: usize, field: &str, raw: &str, ty: GoType) -> bool {
        match mismatch(raw, ty) {
            None => true,
            Some(Mismatch::Kind(value)) => {
                self.record(
                    at,
                    format!(
                        "Invalid state file format: The state file field \"{field}\" has invalid value {value}"
                    ),
                );
                false
            }
            Some(Mismatch::Other(message)) => {
                self.record(
                    at,
                    format!(
                        "Invalid state file format: The state file does not conform to the expected JSON data structure: {message}."
                    ),
                );
                false
            }
        }
    }

    fn record(&mut self, at: usize, message: String) {
        if self.first.as_ref().is_none_or(|(first, _)| at < *first) {
            self.first = Some((at, message));
        }
    }

    /// The first error recorded, as a [`StateError`] pointing at its value.
    pub(super) fn into_error(self, source: &Source) -> Option<StateError> {
        self.first.map(|(at, message)| source.invalid(at, message))
    }
}

/// Why Go refuses a value.
enum Mismatch {
    /// `UnmarshalTypeError`'s `Value`: `string`, `number`, `number -1`, `bool`, `array`, `object`.
    Kind(String),
    /// Another error (bad base64).
    Other(String),
}

/// The kind Go names a JSON value by in `UnmarshalTypeError`.
fn kind(raw: &str) -> &'static str {
    match raw.as_bytes().first() {
        Some(b'"') => "string",
        Some(b't' | b'f') => "bool",
        Some(b'n') => "null",
        Some(b'[') => "array",
        Some(b'{') => "object",
        _ => "number",
    }
}

fn mismatch(raw: &str, ty: GoType) -> Option<Mismatch> {
    let found = kind(raw);
    if found == "null" {
        return None;
    }
    let wrong = || Some(Mismatch::Kind(found.to_string()));
    match ty {
        GoType::String => (found != "string").then(|| Mismatch::Kind(found.into())),
        GoType::Bool => (found != "bool").then(|| Mismatch::Kind(found.into())),
        GoType::Uint64 => match found {
            // strconv.ParseUint: digits only (a JSON number has no leading zeros or `+`).
            "number" if raw.bytes().all(|b| b.is_ascii_digit()) && raw.parse::<u64>().is_ok() => {
                None
            }
            "number" => Some(Mismatch::Kind(format!("number {raw}"))),
            _ => wrong(),
        },
        GoType::Array => (found != "array").then(|| Mismatch::Kind(found.into())),
        GoType::Object => (found != "object").then(|| Mismatch::Kind(found.into())),
        GoType::Strings => match found {
            "array" => elements(raw, |element| {
                matches!(kind(element), "string" | "null")
                    .then_some(())
                    .ok_or_else(|| Mismatch::Kind(kind(element).into()))
            }),
            _ => wrong(),
        },
        GoType::StringMap => match found {
            "object" => {
                let mut scanner = Scanner::new(raw);
                let mut error = None;
                let scanned = scanner.object(|s, _, _| {
                    let range = s.skip_value()?;
                    let element = &raw[range];
                    if error.is_none() && !matches!(kind(element), "string" | "null") {
                        error = Some(Mismatch::Kind(kind(element).into()));
                    }
                    Ok(())
                });
                scanned.ok().and(error)
            }
            _ => wrong(),
        },
        GoType::Bytes => match found {
            "string" => {
                let text = Scanner::new(raw).string().ok()?;
                base64_error(&text).map(Mismatch::Other)
            }
            // A []byte also decodes from an array of uint8 numbers.
            "array" => elements(raw, |element| match kind(element) {
                "null" => Ok(()),
                "number" if element.parse::<u8>().is_ok() => Ok(()),
                "number" => Err(Mismatch::Kind(format!("number {element}"))),
                other => Err(Mismatch::Kind(other.into())),
            }),
            _ => wrong(),
        },
    }
}

/// The first error `check` finds in the elements of the JSON array `raw`.
fn elements(raw: &str, mut check: impl FnMut(&str) -> Result<(), Mismatch>) -> Option<Mismatch> {
    let mut scanner = Scanner::new(raw);
    let mut error = None;
    let scanned = scanner.array(|s| {
        let range = s.skip_value()?;
        if error.is_none() {
            error = check(&raw[range]).err();
        }
        Ok(())
    });
    scanned.ok().and(error)
}

/// Go's `base64.StdEncoding` error for `text` (`illegal base64 data at input byte 3`):
/// padded standard base64, with carriage returns and newlines ignored.
fn base64_error(text: &str) -> Option<String> {
    let illegal = |at: usize| Some(format!("illegal base64 data at input byte {at}"));
    // Positions in `text` of the characters that count (not `\r` or `\n`).
    let chars: Vec<(usize, u8)> = text
        .bytes()
        .enumerate()
        .filter(|(_, b)| !matches!(b, b'\r' | b'\n'))
        .collect();
    let is_alphabet = |b: u8| b.is_ascii_alphanumeric() || b == b'+' || b == b'/';
    for quantum in chars.chunks(4) {
        let mut padding = 0;
        for (idx, &(at, b)) in quantum.iter().enumerate() {
            if b == b'=' {
                // Padding only in the last two places of a whole quantum, ending the input.
                if idx < 2 {
                    return illegal(at);
                }
                padding += 1;
                continue;
            }
            if padding > 0 || !is_alphabet(b) {
                return illegal(at);
            }
        }
        if quantum.len() < 4 {
            // A short last quantum: Go reports the byte after it.
            return illegal(quantum.last().map_or(0, |&(at, _)| at + 1));
        }
        if padding > 0 && quantum.as_ptr_range().end != chars.as_ptr_range().end {
            let (at, _) = quantum[3];
            return illegal(at + 1);
        }
    }
    None
}

/// The struct field name of `fields` a JSON `key` decodes into: Go's encoding/json takes
/// the field of exactly that name, else one whose name differs only in ASCII case.
pub(super) fn field<'f>(key: &str, fields: &[&'f str]) -> Option<&'f str> {
    fields
        .iter()
        .find(|f| **f == key)
        .or_else(|| fields.iter().find(|f| f.eq_ignore_ascii_case(key)))
        .copied()
}

/// The fields of the top-level object (`stateV4`).
pub(super) const STATE_FIELDS: &[&str] = &[
    "version",
    "terraform_version",
    "serial",
    "lineage",
    "outputs",
    "resources",
    "check_results",
];

/// The fields of a resource (`resourceStateV4`).
pub(super) const RESOURCE_FIELDS: &[&str] = &[
    "module",
    "mode",
    "type",
    "name",
    "each",
    "provider",
    "instances",
];

/// The fields of an instance object (`instanceObjectStateV4`).
pub(super) const INSTANCE_FIELDS: &[&str] = &[
    "index_key",
    "status",
    "deposed",
    "schema_version",
    "attributes",
    "attributes_flat",
    "sensitive_attributes",
    "identity_schema_version",
    "identity",
    "private",
    "dependencies",
    "create_before_destroy",
];

/// The fields of a root output (`outputStateV4`).
pub(super) const OUTPUT_FIELDS: &[&str] = &["value", "type", "sensitive"];

#[cfg(test)]
mod tests {
    use super::{GoType, base64_error, field, mismatch};

    fn refused(raw: &str, ty: GoType) -> Option<String> {
        mismatch(raw, ty).map(|m| match m {
            super::Mismatch::Kind(k) => k,
            super::Mismatch::Other(o) => o,
        })
    }

    #[test]
    fn kinds_as_go_names_them() {
        assert_eq!(refused("\"7\"", GoType::Uint64).as_deref(), Some("string"));
        assert_eq!(refused("-1", GoType::Uint64).as_deref(), Some("number -1"));
        assert_eq!(
            refused("7.0", GoType::Uint64).as_deref(),
            Some("number 7.0")
        );
        assert_eq!(
            refused("7e2", GoType::Uint64).as_deref(),
            Some("number 7e2")
        );
        assert_eq!(
            refused("18446744073709551616", GoType::Uint64).as_deref(),
            Some("number 18446744073709551616")
        );
        assert_eq!(refused("18446744073709551615", GoType::Uint64), None);
        assert_eq!(refused("null", GoType::Uint64), None);
        assert_eq!(refused("5", GoType::String).as_deref(), Some("number"));
        assert_eq!(refused("{}", GoType::String).as_deref(), Some("object"));
        assert_eq!(refused("\"yes\"", GoType::Bool).as_deref(), Some("string"));
        assert_eq!(refused("[1]", GoType::Strings).as_deref(), Some("number"));
        assert_eq!(refused("[\"a\", null]", GoType::Strings), None);
        assert_eq!(
            refused("{\"a\": 1}", GoType::StringMap).as_deref(),
            Some("number")
        );
        assert_eq!(refused("{}", GoType::Array).as_deref(), Some("object"));
    }

    #[test]
    fn base64_as_go_reads_it() {
        assert_eq!(base64_error("eyJ4IjoxfQ=="), None);
        assert_eq!(base64_error(""), None);
        assert_eq!(
            base64_error("not base64!").as_deref(),
            Some("illegal base64 data at input byte 3")
        );
        assert!(base64_error("abc").is_some());
        assert!(base64_error("ab==cdef").is_some());
    }

    #[test]
    fn fields_match_without_case() {
        assert_eq!(field("Version", &["version"]), Some("version"));
        assert_eq!(field("SERIAL", &["serial"]), Some("serial"));
        assert_eq!(field("other", &["serial"]), None);
    }
}
