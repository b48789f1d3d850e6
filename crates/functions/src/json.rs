//! `jsonencode` and `jsondecode` (cty's `stdlib/json.go`).
//!
//! Encoding uses `terrace_types::to_json` (sorted keys, Go's HTML-safe escapes, numbers
//! without exponent). Decoding is a hand-written reader that walks the text the way Go's
//! `json.Decoder.Token` does for cty, so it accepts what Terraform accepts and fails with
//! Go's messages: `EOF`, `unexpected EOF`, `invalid character 'x' looking for beginning
//! of value`, `extraneous data after JSON object`. Like Terraform it stops after the
//! first value when the rest starts with `]` or `}`, lets a repeated object key win if
//! its type matches the earlier one, and keeps numbers exact (`1e400`).
//!
//! Nesting deeper than [`MAX_DEPTH`] arrays and objects is an error (Go allows 10000;
//! terrace stops earlier so evaluation cannot exhaust the stack).

use std::collections::HashMap;

use terrace_types::{Key, Number, Repr, Type, Value, quote, to_json};

use super::args::str_arg;
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// How deeply arrays and objects may nest in `jsondecode`'s input.
pub(super) const MAX_DEPTH: usize = 500;

/// Adds `jsondecode` and `jsonencode` to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    table.insert(Function {
        name: "jsondecode",
        params: vec![Param::new("str", Type::String)],
        variadic: None,
        return_type: ReturnType::Dynamic(jsondecode_type),
        description: "Parses a string as JSON and returns the value it describes: objects \
                      become objects, arrays become tuples, and numbers keep their full \
                      precision.",
        implementation: jsondecode,
        impure: false,
    });
    table.insert(Function {
        name: "jsonencode",
        params: vec![
            Param::new("val", Type::Dynamic)
                .allow_null()
                .allow_unknown(),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Encodes a value as a compact JSON string, with object and map keys in \
                      lexical order and `<`, `>`, `&` escaped as `\\u003c` and so on.",
        implementation: jsonencode,
        impure: false,
    });
}

fn jsondecode_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].as_str() {
        Some(text) => Ok(decode(text)?.ty().clone()),
        None => Ok(Type::Dynamic),
    }
}

fn jsondecode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    decode(str_arg(args, 0))
}

fn jsonencode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let value = &args[0];
    if !value.is_wholly_known() {
        return Ok(Value::unknown(Type::String));
    }
    if has_infinity(value) {
        return Err(FunctionError::new("cannot serialize infinity as JSON"));
    }
    let text = to_json(value).map_err(|e| FunctionError::new(e.to_string()))?;
    Ok(Value::string(text))
}

/// True when `value` holds an infinite number anywhere (JSON cannot write those).
pub(super) fn has_infinity(value: &Value) -> bool {
    match value.repr() {
        Repr::Number(n) => n.is_infinite(),
        Repr::Seq(elems) => elems.iter().any(has_infinity),
        Repr::Attrs(attrs) => attrs.values().any(has_infinity),
        _ => false,
    }
}

/// Parses `text` as one JSON value, as Terraform's `jsondecode` does.
pub(super) fn decode(text: &str) -> Result<Value, FunctionError> {
    let mut reader = Reader {
        src: text.as_bytes(),
        pos: 0,
    };
    let value = reader
        .value(State::Top, 0)
        .map_err(|e| FunctionError::new(e.0))?;
    // `Decoder.More`: anything left other than `]` or `}` is extraneous.
    match reader.peek() {
        Some(c) if c != b']' && c != b'}' => {
            Err(FunctionError::new("extraneous data after JSON object"))
        }
        _ => Ok(value),
    }
}

/// A decoding error, with Go's message.
struct JsonError(String);

/// Where the reader is, as `json.Decoder`'s token state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Top,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

impl State {
    /// The context Go's `tokenError` adds after `invalid character 'x'`.
    fn context(self) -> &'static str {
        match self {
            State::Top | State::ArrayStart | State::ArrayValue | State::ObjectValue => {
                " looking for beginning of value"
            }
            State::ArrayComma => " after array element",
            State::ObjectKey => " looking for beginning of object key string",
            State::ObjectColon => " after object key",
            State::ObjectComma => " after object key:value pair",
            State::ObjectStart => "",
        }
    }
}

struct Reader<'a> {
    src: &'a [u8],
    pos: usize,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// A byte as Go's `encoding/json` quotes it in errors: `'x'`, `'\n'`, `'\''`.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            let quoted = quote(&char::from(c).to_string());
            format!("'{}'", &quoted[1..quoted.len() - 1])
        }
    }
}

fn invalid(c: u8, context: &str) -> JsonError {
    JsonError(format!("invalid character {}{context}", quote_char(c)))
}

fn eof() -> JsonError {
    JsonError("EOF".to_string())
}

fn unexpected_eof() -> JsonError {
    JsonError("unexpected EOF".to_string())
}

impl Reader<'_> {
    /// The next non-space byte, without consuming it.
    fn peek(&mut self) -> Option<u8> {
        while let Some(&c) = self.src.get(self.pos) {
            if !is_space(c) {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    /// One value, starting in `state` (a state where a value is allowed).
    fn value(&mut self, state: State, depth: usize) -> Result<Value, JsonError> {
        let c = self.peek().ok_or_else(eof)?;
        match c {
            b'[' | b'{' => {
                if depth >= MAX_DEPTH {
                    return Err(JsonError(format!(
                        "JSON nesting too deep: more than {MAX_DEPTH} levels of arrays and objects"
                    )));
                }
                self.pos += 1;
                if c == b'[' {
                    self.array(depth + 1)
                } else {
                    self.object(depth + 1)
                }
            }
            b']' | b'}' | b':' | b',' => Err(invalid(c, state.context())),
            _ => self.scalar(),
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, JsonError> {
        let mut elems = Vec::new();
        let mut state = State::ArrayStart;
        loop {
            let c = self.peek().ok_or_else(eof)?;
            match (c, state) {
                (b']', State::ArrayStart | State::ArrayComma) => {
                    self.pos += 1;
                    return Ok(Value::tuple(elems));
                }
                (b',', State::ArrayComma) => {
                    self.pos += 1;
                    state = State::ArrayValue;
                }
                (_, State::ArrayComma) => return Err(invalid(c, state.context())),
                _ => {
                    elems.push(self.value(state, depth)?);
                    state = State::ArrayComma;
                }
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, JsonError> {
        let mut attrs: Vec<(Key, Value)> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut state = State::ObjectStart;
        let mut key: Option<String> = None;
        loop {
            let c = self.peek().ok_or_else(eof)?;
            match (c, state) {
                (b'}', State::ObjectStart | State::ObjectComma) => {
                    self.pos += 1;
                    return Ok(Value::object(attrs));
                }
                (b',', State::ObjectComma) => {
                    self.pos += 1;
                    state = State::ObjectKey;
                }
                (b':', State::ObjectColon) => {
                    self.pos += 1;
                    state = State::ObjectValue;
                }
                (b'"', State::ObjectStart | State::ObjectKey) => {
                    let value = self.scalar()?;
                    key = value.as_str().map(str::to_string);
                    state = State::ObjectColon;
                }
                (_, State::ObjectValue) => {
                    let value = self.value(state, depth)?;
                    let name = key.take().expect("invariant: a key precedes every value");
                    if let Some(&i) = index.get(&name) {
                        if attrs[i].1.ty() != value.ty() {
                            return Err(JsonError(format!(
                                "duplicate {} property in JSON object",
                                quote(&name)
                            )));
                        }
                        attrs[i].1 = value;
                    } else {
                        index.insert(name.clone(), attrs.len());
                        attrs.push((Key::from(name.as_str()), value));
                    }
                    state = State::ObjectComma;
                }
                _ => return Err(invalid(c, state.context())),
            }
        }
    }

    /// A string, number or literal, read the way Go's `Decoder.Decode` reads one value.
    fn scalar(&mut self) -> Result<Value, JsonError> {
        let start = self.pos;
        let c = self.src[start];
        match c {
            b'"' => {
                self.pos += 1;
                let s = self.string_body()?;
                Ok(Value::string(s))
            }
            b'-' | b'0'..=b'9' => {
                self.number()?;
                let text = std::str::from_utf8(&self.src[start..self.pos])
                    .expect("invariant: a number is ASCII");
                let n = Number::parse(text).map_err(|e| JsonError(e.to_string()))?;
                Ok(Value::number(n))
            }
            b't' => self.literal("true", Value::bool(true)),
            b'f' => self.literal("false", Value::bool(false)),
            b'n' => self.literal("null", Value::null(Type::Dynamic)),
            _ => Err(invalid(c, " looking for beginning of value")),
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, JsonError> {
        for (i, expected) in word.bytes().enumerate().skip(1) {
            match self.src.get(self.pos + i) {
                None => return Err(unexpected_eof()),
                Some(&c) if c != expected => {
                    return Err(invalid(
                        c,
                        &format!(" in literal {word} (expecting {})", quote_char(expected)),
                    ));
                }
                Some(_) => {}
            }
        }
        self.pos += word.len();
        Ok(value)
    }

    fn next_byte(&mut self) -> Option<u8> {
        let c = self.src.get(self.pos).copied();
        self.pos += 1;
        c
    }

    /// The digits of a number; `pos` ends on the first byte after it.
    fn number(&mut self) -> Result<(), JsonError> {
        if self.src[self.pos] == b'-' {
            self.pos += 1;
        }
        match self.src.get(self.pos) {
            None => return Err(unexpected_eof()),
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.skip_digits(),
            Some(&c) => return Err(invalid(c, " in numeric literal")),
        }
        if self.src.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            match self.src.get(self.pos) {
                None => return Err(unexpected_eof()),
                Some(c) if c.is_ascii_digit() => self.skip_digits(),
                Some(&c) => return Err(invalid(c, " after decimal point in numeric literal")),
            }
        }
        if matches!(self.src.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.src.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            match self.src.get(self.pos) {
                None => return Err(unexpected_eof()),
                Some(c) if c.is_ascii_digit() => self.skip_digits(),
                Some(&c) => return Err(invalid(c, " in exponent of numeric literal")),
            }
        }
        Ok(())
    }

    fn skip_digits(&mut self) {
        while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
    }

    /// The rest of a string after its opening quote, unescaped.
    fn string_body(&mut self) -> Result<String, JsonError> {
        let mut out = String::new();
        let mut run_start = self.pos;
        loop {
            let c = self.next_byte().ok_or_else(unexpected_eof)?;
            match c {
                b'"' => {
                    out.push_str(self.text(run_start, self.pos - 1));
                    return Ok(out);
                }
                b'\\' => {
                    out.push_str(self.text(run_start, self.pos - 1));
                    self.escape(&mut out)?;
                    run_start = self.pos;
                }
                c if c < 0x20 => return Err(invalid(c, " in string literal")),
                _ => {}
            }
        }
    }

    /// `src[from..to]`, which lies between ASCII delimiters of valid UTF-8 input.
    fn text(&self, from: usize, to: usize) -> &str {
        std::str::from_utf8(&self.src[from..to])
            .expect("invariant: the input is a Rust string and the bounds are ASCII bytes")
    }

    fn escape(&mut self, out: &mut String) -> Result<(), JsonError> {
        let c = self.next_byte().ok_or_else(unexpected_eof)?;
        match c {
            b'"' => out.push('"'),
            b'\\' => out.push('\\'),
            b'/' => out.push('/'),
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let first = self.hex4()?;
                if (0xd800..0xdc00).contains(&first) {
                    // A high surrogate; a low one must follow for a valid pair.
                    let save = self.pos;
                    if self.src.get(self.pos) == Some(&b'\\')
                        && self.src.get(self.pos + 1) == Some(&b'u')
                    {
                        self.pos += 2;
                        let second = self.hex4()?;
                        if (0xdc00..0xe000).contains(&second) {
                            let cp = 0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00);
                            out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                            return Ok(());
                        }
                    }
                    self.pos = save;
                    out.push('\u{fffd}');
                } else {
                    out.push(char::from_u32(first).unwrap_or('\u{fffd}'));
                }
            }
            _ => return Err(invalid(c, " in string escape code")),
        }
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut n = 0;
        for _ in 0..4 {
            let c = self.next_byte().ok_or_else(unexpected_eof)?;
            let digit = char::from(c)
                .to_digit(16)
                .ok_or_else(|| invalid(c, " in \\u hexadecimal character escape"))?;
            n = n * 16 + digit;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{garbage, ok_str, run};
    use terrace_types::Marks;

    fn encode(v: Value) -> String {
        ok_str("jsonencode", vec![v])
    }

    fn decode_err(text: &str) -> String {
        match run("jsondecode", vec![Value::string(text)]) {
            Err(CallError::Failed { message, .. }) => message,
            other => panic!("{text}: expected an error, got {other:?}"),
        }
    }

    fn decode_ok(text: &str) -> Value {
        run("jsondecode", vec![Value::string(text)]).unwrap()
    }

    #[test]
    fn encode_values() {
        // Expected texts from Terraform.
        let obj = Value::object([
            ("a", Value::int(1)),
            (
                "b",
                Value::tuple([Value::bool(true), Value::null(Type::Dynamic)]),
            ),
            ("c", Value::string("x")),
        ]);
        assert_eq!(encode(obj), r#"{"a":1,"b":[true,null],"c":"x"}"#);
        assert_eq!(encode(Value::null(Type::Dynamic)), "null");
        assert_eq!(
            encode(Value::set(
                Type::String,
                [Value::string("b"), Value::string("a")]
            )),
            r#"["a","b"]"#
        );
        assert_eq!(
            encode(Value::map(Type::String, [("<", Value::string(">"))])),
            r#"{"\u003c":"\u003e"}"#
        );
        assert_eq!(encode(Value::empty_tuple()), "[]");
        assert_eq!(encode(Value::string("é😀\n")), "\"é😀\\n\"");
    }

    #[test]
    fn encode_unknown_gives_unknown() {
        let v = run("jsonencode", vec![Value::unknown(Type::Dynamic)]).unwrap();
        assert!(!v.is_known());
        let nested = Value::tuple([Value::int(1), Value::unknown(Type::String)]);
        let v = run("jsonencode", vec![nested]).unwrap();
        assert!(!v.is_known());
        assert_eq!(v.ty(), &Type::String);
    }

    #[test]
    fn encode_sensitive_stays_sensitive() {
        let v = run(
            "jsonencode",
            vec![Value::object([("a", Value::int(1).mark(Marks::SENSITIVE))])],
        )
        .unwrap();
        assert!(v.marks().is_sensitive());
    }

    #[test]
    fn decode_values_and_types() {
        let v = decode_ok(r#"{"a": 1, "b": [1, "x", {"c": null}]}"#);
        assert_eq!(
            v.ty(),
            &Type::object([
                ("a", Type::Number),
                (
                    "b",
                    Type::tuple([
                        Type::Number,
                        Type::String,
                        Type::object([("c", Type::Dynamic)])
                    ])
                )
            ])
        );
        assert_eq!(decode_ok("  true  ").as_bool(), Some(true));
        assert!(decode_ok("null").is_null());
        assert_eq!(decode_ok("{}").ty(), &Type::empty_object());
        assert_eq!(decode_ok("[]").ty(), &Type::empty_tuple());
        assert_eq!(decode_ok(r#""\u00e9\ud83d\ude00""#).as_str(), Some("é😀"));
        assert_eq!(decode_ok(r#""\ud800""#).as_str(), Some("\u{fffd}"));
        assert_eq!(decode_ok(r#""\/\b\f""#).as_str(), Some("/\u{8}\u{c}"));
        assert_eq!(decode_ok("1e3").as_number().unwrap().to_i64(), Some(1000));
        // Repeated keys of one type: the last wins.
        let v = decode_ok(r#"{"a":1,"a":2}"#);
        assert_eq!(
            v.get_attr("a").unwrap().as_number().unwrap().to_i64(),
            Some(2)
        );
        // Terraform stops at a closing bracket after the value.
        assert_eq!(decode_ok("1 ]").as_number().unwrap().to_i64(), Some(1));
        assert_eq!(decode_ok("[1] }").length(), Some(1));
    }

    #[test]
    fn decode_errors_like_go() {
        for (text, message) in [
            ("", "EOF"),
            (" ", "EOF"),
            ("[1,", "EOF"),
            ("[", "EOF"),
            ("{\"a\":", "EOF"),
            ("nul", "unexpected EOF"),
            ("tru", "unexpected EOF"),
            ("-", "unexpected EOF"),
            ("\"abc", "unexpected EOF"),
            ("1 2", "extraneous data after JSON object"),
            ("01", "extraneous data after JSON object"),
            ("{1}", "invalid character '1'"),
            ("{]", "invalid character ']'"),
            ("{,}", "invalid character ','"),
            ("{\"a\" 1}", "invalid character '1' after object key"),
            (
                "{\"a\":1 \"b\":2}",
                "invalid character '\"' after object key:value pair",
            ),
            ("[1 2]", "invalid character '2' after array element"),
            (
                "{\"a\":}",
                "invalid character '}' looking for beginning of value",
            ),
            (
                "[,1]",
                "invalid character ',' looking for beginning of value",
            ),
            (
                "[1,]",
                "invalid character ']' looking for beginning of value",
            ),
            (
                "trux",
                "invalid character 'x' in literal true (expecting 'e')",
            ),
            ("-x", "invalid character 'x' in numeric literal"),
            (
                "1.x",
                "invalid character 'x' after decimal point in numeric literal",
            ),
            (
                "1ex",
                "invalid character 'x' in exponent of numeric literal",
            ),
            ("\"a\nb\"", "invalid character '\\n' in string literal"),
            (
                "\"\\u12g4\"",
                "invalid character 'g' in \\u hexadecimal character escape",
            ),
            ("\"\\x\"", "invalid character 'x' in string escape code"),
            ("é", "invalid character 'Ã' looking for beginning of value"),
            (
                "'a'",
                "invalid character '\\'' looking for beginning of value",
            ),
            (
                "{\"a\":1,\"a\":\"x\"}",
                "duplicate \"a\" property in JSON object",
            ),
        ] {
            assert_eq!(decode_err(text), message, "{text:?}");
        }
    }

    #[test]
    fn decode_unknown_and_null() {
        let v = run("jsondecode", vec![Value::unknown(Type::String)]).unwrap();
        assert!(!v.is_known());
        assert_eq!(v.ty(), &Type::Dynamic);
        assert!(matches!(
            run("jsondecode", vec![Value::null(Type::String)]),
            Err(CallError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "[".repeat(100_000);
        assert!(decode_err(&deep).contains("too deep"));
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(decode_ok(&ok).is_known());
    }

    #[test]
    fn garbage_input_never_panics() {
        let alphabet = [
            "{", "}", "[", "]", ":", ",", "\"", "\\", "u", "d8", "00", "1", "-", ".", "e", "+",
            "t", "n", "f", " ", "\n", "é", "a",
        ];
        for text in garbage(&alphabet, 3000) {
            let _ = decode(&text);
        }
    }
}
