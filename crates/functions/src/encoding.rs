//! Encoding functions: `base64decode`, `base64encode`, `base64gzip`, `textdecodebase64`,
//! `textencodebase64` and `urlencode` (Terraform's `encoding.go`).
//!
//! Base64 follows Go's `base64.StdEncoding`: padding is required, `\r` and `\n` are
//! skipped anywhere, and errors report the offset of the first bad byte. `base64gzip`
//! compresses exactly as Go's `gzip.Writer` does (`go_deflate.rs`).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use terrace_types::{Marks, Type, Value, quote};

use super::args::str_arg;
use super::charset::Charset;
use super::context::CallContext;
use super::error::FunctionError;
use super::go_deflate;
use super::spec::{Function, Param};
use super::table::FunctionTable;

/// Adds the encoding functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let string_fn = |name, params, description, implementation| {
        Function::fixed(name, params, || Type::String, description, implementation)
    };
    table.insert(string_fn(
        "base64decode",
        vec![
            Param::new("str", Type::String)
                .allow_unknown()
                .allow_marked(),
        ],
        "Decodes a string of Base64 characters (the standard alphabet of RFC 4648, with \
         padding) and returns the original string. The decoded bytes must be valid UTF-8; use \
         `textdecodebase64` for other character encodings.",
        base64decode,
    ));
    table.insert(string_fn(
        "base64encode",
        vec![Param::new("str", Type::String)],
        "Encodes the UTF-8 bytes of a string with Base64 (the standard alphabet of RFC 4648, \
         with padding).",
        base64encode,
    ));
    table.insert(string_fn(
        "base64gzip",
        vec![Param::new("str", Type::String)],
        "Compresses the UTF-8 bytes of a string with gzip and encodes the result with Base64, \
         for sending small compressed payloads through string-only interfaces.",
        base64gzip,
    ));
    table.insert(string_fn(
        "textdecodebase64",
        vec![
            Param::new("source", Type::String),
            Param::new("encoding", Type::String),
        ],
        "Decodes a Base64 string whose bytes are text in the named character encoding (an IANA \
         name such as `UTF-16LE`) and returns that text as a string.",
        textdecodebase64,
    ));
    table.insert(string_fn(
        "textencodebase64",
        vec![
            Param::new("string", Type::String),
            Param::new("encoding", Type::String),
        ],
        "Encodes a string in the named character encoding (an IANA name such as `UTF-16LE`) \
         and returns the resulting bytes as Base64.",
        textencodebase64,
    ));
    table.insert(string_fn(
        "urlencode",
        vec![Param::new("str", Type::String)],
        "Escapes a string for use in a URL query: letters, digits and `-_.~` stay, spaces \
         become `+`, and every other UTF-8 byte becomes `%XX`.",
        urlencode,
    ));
}

/// Text to put in an error message about a value: `(sensitive value)` when `marks`
/// hold the sensitive mark, else the text quoted as Go's `%q` does (Terraform's
/// `redactIfSensitive`).
pub(super) fn redact(text: &str, marks: Marks) -> String {
    if marks.is_sensitive() {
        "(sensitive value)".to_string()
    } else {
        quote(text)
    }
}

fn base64decode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (value, marks) = args[0].clone().unmark_deep();
    if !value.is_known() {
        return Ok(Value::unknown(Type::String).mark(marks));
    }
    let text = value
        .as_str()
        .expect("invariant: a known, non-null string argument");
    let bytes = go_base64_decode(text).map_err(|_| {
        FunctionError::new(format!(
            "failed to decode base64 data {}",
            redact(text, marks)
        ))
    })?;
    let decoded = String::from_utf8(bytes).map_err(|_| {
        FunctionError::new("the result of decoding the provided string is not valid UTF-8")
    })?;
    Ok(Value::string(decoded).mark(marks))
}

fn base64encode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(STANDARD.encode(str_arg(args, 0))))
}

fn base64gzip(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let bytes = go_deflate::gzip(str_arg(args, 0).as_bytes());
    Ok(Value::string(STANDARD.encode(bytes)))
}

fn textencodebase64(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let charset = charset_arg(args, 1)?;
    let bytes = charset.encode(str_arg(args, 0)).ok_or_else(|| {
        FunctionError::arg(
            0,
            format!(
                "the given string contains characters that cannot be represented in {}",
                charset.name()
            ),
        )
    })?;
    Ok(Value::string(STANDARD.encode(bytes)))
}

fn textdecodebase64(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let charset = charset_arg(args, 1)?;
    let bytes = go_base64_decode(str_arg(args, 0)).map_err(|offset| {
        FunctionError::arg(
            0,
            format!("the given value is has an invalid base64 symbol at offset {offset}"),
        )
    })?;
    let text = charset
        .decode(&bytes)
        .filter(|text| !text.contains('\u{fffd}'))
        .ok_or_else(|| {
            FunctionError::arg(
                0,
                format!(
                    "the given string contains symbols that are not defined for {}",
                    charset.name()
                ),
            )
        })?;
    Ok(Value::string(text))
}

fn charset_arg(args: &[Value], index: usize) -> Result<Charset, FunctionError> {
    let name = str_arg(args, index);
    Charset::lookup(name).map_err(|known_elsewhere| {
        let message = if known_elsewhere {
            format!(
                "{} is an IANA encoding that terrace does not implement; supported are UTF-8, \
                 UTF-16, UTF-16BE, UTF-16LE, US-ASCII, ISO-8859-1 to -8, -8-I, -10 and -13 to \
                 -16, KOI8-R, KOI8-U, IBM866, macintosh, windows-874, windows-1250 to -1258, \
                 Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, GBK, GB18030 and Big5",
                quote(name)
            )
        } else {
            format!(
                "{} is not a supported IANA encoding name or alias in this Terraform version",
                quote(name)
            )
        };
        FunctionError::arg(index, message)
    })
}

fn urlencode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(query_escape(str_arg(args, 0))))
}

/// Go's `url.QueryEscape`.
fn query_escape(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(b));
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
        }
    }
    out
}

/// Decodes base64 as Go's `base64.StdEncoding.DecodeString` does: the standard
/// alphabet, padding required, `\r` and `\n` ignored anywhere. On failure, the byte
/// offset Go's `CorruptInputError` reports.
pub(super) fn go_base64_decode(src: &str) -> Result<Vec<u8>, usize> {
    let src = src.as_bytes();
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    while si < src.len() {
        let (next, n, quantum, err) = decode_quantum(src, si);
        out.extend_from_slice(&quantum[..n]);
        if let Some(offset) = err {
            return Err(offset);
        }
        si = next;
        if n < 3 {
            // Padding ended the input (anything after it was an error above).
            break;
        }
    }
    Ok(out)
}

fn base64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// One step of Go's `decodeQuantum`: the next input index, how many bytes were decoded,
/// the bytes, and the error offset, if any.
fn decode_quantum(src: &[u8], mut si: usize) -> (usize, usize, [u8; 3], Option<usize>) {
    let mut dbuf = [0u8; 4];
    let mut dlen = 4;
    let mut err = None;
    let mut j = 0;
    while j < 4 {
        if si == src.len() {
            if j == 0 {
                return (si, 0, [0; 3], None);
            }
            // Padding is required: a short final quantum is an error.
            return (si, 0, [0; 3], Some(si - j));
        }
        let c = src[si];
        si += 1;
        if let Some(v) = base64_value(c) {
            dbuf[j] = v;
            j += 1;
            continue;
        }
        if c == b'\n' || c == b'\r' {
            continue;
        }
        if c != b'=' {
            return (si, 0, [0; 3], Some(si - 1));
        }
        // Padding.
        match j {
            0 | 1 => return (si, 0, [0; 3], Some(si - 1)),
            2 => {
                while si < src.len() && (src[si] == b'\n' || src[si] == b'\r') {
                    si += 1;
                }
                if si == src.len() {
                    return (si, 0, [0; 3], Some(src.len()));
                }
                if src[si] != b'=' {
                    return (si, 0, [0; 3], Some(si - 1));
                }
                si += 1;
            }
            _ => {}
        }
        while si < src.len() && (src[si] == b'\n' || src[si] == b'\r') {
            si += 1;
        }
        if si < src.len() {
            err = Some(si);
        }
        dlen = j;
        break;
    }
    let val = (u32::from(dbuf[0]) << 18)
        | (u32::from(dbuf[1]) << 12)
        | (u32::from(dbuf[2]) << 6)
        | u32::from(dbuf[3]);
    let bytes = [(val >> 16) as u8, (val >> 8) as u8, val as u8];
    (si, dlen - 1, bytes, err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{failed, ok_str, run, s};

    fn invalid(name: &str, args: Vec<Value>) -> (&'static str, String) {
        match run(name, args) {
            Err(CallError::InvalidArgument { param, message, .. }) => (param, message),
            other => panic!("expected an invalid argument, got {other:?}"),
        }
    }

    #[test]
    fn base64_round_trip() {
        // Expected values from Terraform (the conformance file and the oracle).
        assert_eq!(
            ok_str("base64encode", vec![s("Hello, World!")]),
            "SGVsbG8sIFdvcmxkIQ=="
        );
        assert_eq!(ok_str("base64encode", vec![s("é")]), "w6k=");
        assert_eq!(ok_str("base64encode", vec![s("")]), "");
        assert_eq!(ok_str("base64decode", vec![s("SGVsbG8=")]), "Hello");
        assert_eq!(ok_str("base64decode", vec![s("SGVs\nbG8=")]), "Hello");
        assert_eq!(ok_str("base64decode", vec![s("")]), "");
    }

    #[test]
    fn base64decode_errors() {
        assert_eq!(
            failed("base64decode", vec![s("SGVsbG8")]),
            "failed to decode base64 data \"SGVsbG8\""
        );
        assert_eq!(
            failed("base64decode", vec![s("/w==")]),
            "the result of decoding the provided string is not valid UTF-8"
        );
        let secret = s("!!").mark(Marks::SENSITIVE);
        assert_eq!(
            failed("base64decode", vec![secret]),
            "failed to decode base64 data (sensitive value)"
        );
    }

    #[test]
    fn base64decode_unknown_and_marks() {
        let v = run(
            "base64decode",
            vec![Value::unknown(Type::String).mark(Marks::SENSITIVE)],
        )
        .unwrap();
        assert!(!v.is_known());
        assert!(v.marks().is_sensitive());
        let v = run("base64decode", vec![s("SGk=").mark(Marks::SENSITIVE)]).unwrap();
        assert_eq!(v.clone().unmark().0.as_str(), Some("Hi"));
        assert!(v.marks().is_sensitive());
    }

    #[test]
    fn null_and_unknown_arguments() {
        let (param, message) = invalid("base64encode", vec![Value::null(Type::String)]);
        assert_eq!(param, "str");
        assert_eq!(message, "argument must not be null");
        let v = run("urlencode", vec![Value::unknown(Type::String)]).unwrap();
        assert!(!v.is_known());
        assert_eq!(v.ty(), &Type::String);
    }

    #[test]
    fn go_base64_offsets() {
        assert_eq!(go_base64_decode("SGVsbG8"), Err(4));
        assert_eq!(go_base64_decode("SGVs!G8="), Err(4));
        assert_eq!(go_base64_decode("SGVs bG8="), Err(4));
        assert_eq!(go_base64_decode("SA=x"), Err(2));
        assert_eq!(go_base64_decode("SA==x"), Err(4));
        assert_eq!(go_base64_decode("S==="), Err(1));
        assert_eq!(go_base64_decode("SA=").unwrap_err(), 3);
        assert_eq!(go_base64_decode("SA==\n").unwrap(), b"H");
        assert_eq!(go_base64_decode("SGk=").unwrap(), b"Hi");
        // Non-zero trailing bits are accepted (StdEncoding is not strict).
        assert_eq!(go_base64_decode("SB==").unwrap(), b"H");
    }

    #[test]
    fn gzip_matches_go() {
        // From Terraform: base64gzip("test"), base64gzip(""), base64gzip("hello world").
        assert_eq!(
            ok_str("base64gzip", vec![s("test")]),
            "H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA"
        );
        assert_eq!(
            ok_str("base64gzip", vec![s("")]),
            "H4sIAAAAAAAA/wAAAP//AQAA//8AAAAAAAAAAA=="
        );
        assert_eq!(
            ok_str("base64gzip", vec![s("hello world")]),
            "H4sIAAAAAAAA/8pIzcnJVyjPL8pJAQAAAP//AQAA//+FEUoNCwAAAA=="
        );
    }

    #[test]
    fn gzip_of_large_input_decompresses() {
        let text = "terrace ".repeat(100_000);
        let encoded = ok_str("base64gzip", vec![s(&text)]);
        let bytes = STANDARD.decode(encoded).unwrap();
        let mut decoder = flate2::read::GzDecoder::new(&bytes[..]);
        let mut back = String::new();
        std::io::Read::read_to_string(&mut decoder, &mut back).unwrap();
        assert_eq!(back, text);
    }

    #[test]
    fn urlencode_like_go() {
        assert_eq!(
            ok_str("urlencode", vec![s("Hello World?&=")]),
            "Hello+World%3F%26%3D"
        );
        assert_eq!(ok_str("urlencode", vec![s("a b&c/d")]), "a+b%26c%2Fd");
        assert_eq!(ok_str("urlencode", vec![s("é")]), "%C3%A9");
        assert_eq!(
            ok_str("urlencode", vec![s("a b&c/d~-_.!*()")]),
            "a+b%26c%2Fd~-_.%21%2A%28%29"
        );
        assert_eq!(ok_str("urlencode", vec![s("")]), "");
    }

    #[test]
    fn text_encodings() {
        let enc = |text: &str, name: &str| ok_str("textencodebase64", vec![s(text), s(name)]);
        assert_eq!(enc("Hello", "UTF-16LE"), "SABlAGwAbABvAA==");
        assert_eq!(enc("Hello", "utf-16be"), "AEgAZQBsAGwAbw==");
        assert_eq!(enc("Hello😀", "UTF-16"), "/v8ASABlAGwAbABv2D3eAA==");
        assert_eq!(enc("Héllo", "ISO-8859-1"), "SOlsbG8=");
        assert_eq!(enc("Héllo€", "windows-1252"), "SOlsbG+A");
        assert_eq!(enc("Hello", "UTF-16BE "), "AEgAZQBsAGwAbw==");
        assert_eq!(enc("", "UTF-16LE"), "");
        let dec = |b64: &str, name: &str| ok_str("textdecodebase64", vec![s(b64), s(name)]);
        assert_eq!(dec("SABlAGwAbABvAA==", "UTF-16LE"), "Hello");
        assert_eq!(dec("SABlAGwAbABvAA==", "UTF-16"), "䠀攀氀氀漀");
        assert_eq!(dec("//5IAGUA", "UTF-16"), "He");
        assert_eq!(dec("/v8ASABl", "UTF-16"), "He");
        assert_eq!(dec("SOls", "ISO-8859-1"), "Hél");
        assert_eq!(dec("gA==", "windows-1252"), "€");
        assert_eq!(dec("gA==", "ISO-8859-1"), "\u{80}");
    }

    #[test]
    fn text_encoding_errors() {
        let (param, message) = invalid("textencodebase64", vec![s("Héllo€"), s("ISO-8859-1")]);
        assert_eq!(param, "string");
        assert_eq!(
            message,
            "the given string contains characters that cannot be represented in ISO_8859-1:1987"
        );
        let (param, message) = invalid("textencodebase64", vec![s("x"), s("ascii")]);
        assert_eq!(param, "encoding");
        assert_eq!(
            message,
            "\"ascii\" is not a supported IANA encoding name or alias in this Terraform version"
        );
        let (_, message) = invalid("textencodebase64", vec![s("x"), s("IBM437")]);
        assert!(message.contains("does not implement"), "{message}");
        let (param, message) = invalid("textdecodebase64", vec![s("SGVsbG8"), s("UTF-8")]);
        assert_eq!(param, "source");
        assert_eq!(
            message,
            "the given value is has an invalid base64 symbol at offset 4"
        );
        for (b64, name) in [
            ("gQ==", "windows-1252"),
            ("/w==", "UTF-8"),
            ("SA==", "UTF-16LE"),
            ("ANg=", "UTF-16LE"),
            ("gA==", "US-ASCII"),
            ("77+9", "UTF-8"),
        ] {
            let (_, message) = invalid("textdecodebase64", vec![s(b64), s(name)]);
            assert!(
                message.starts_with("the given string contains symbols that are not defined for"),
                "{b64} {name}: {message}"
            );
        }
    }

    #[test]
    fn every_function_has_a_description() {
        let mut table = crate::FunctionTable::default();
        register(&mut table);
        for f in table.iter() {
            assert!(!f.description.is_empty(), "{}", f.name);
        }
    }
}
