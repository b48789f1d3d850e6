//! `yamldecode` and `yamlencode` (go-cty-yaml 1.1, as Terraform 1.15 uses it).
//!
//! Decoding reads events from `yaml-rust2` and resolves scalars the way go-cty-yaml
//! does, which is YAML 1.1 flavoured: `yes`, `on`, `y` are `true`; `~` and the empty
//! value are null; `0x1F`, `0o17`, `1e3`, `.inf` are numbers (`.nan` is an error);
//! unquoted timestamps become RFC 3339 strings; quoted scalars are strings; untagged
//! block scalars (`|`, `>`) are strings even when they look like numbers. Mappings become
//! objects (keys converted to strings; `<<` merges a mapping in), sequences tuples. Only
//! one document is allowed. Messages of syntax errors come from `yaml-rust2` and differ
//! from libyaml's; the others are go-cty-yaml's.
//!
//! Encoding is in `yaml_emit.rs`.

use std::collections::{BTreeMap, HashMap};

use terrace_types::{Key, Number, Type, Value, convert, quote};
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::args::str_arg;
use super::context::CallContext;
use super::encoding::go_base64_decode;
use super::error::FunctionError;
use super::json::MAX_DEPTH;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;
use super::timestamp::parse_yaml_timestamp;
use super::yaml_emit::emit;

/// How many scalars, sequences and mappings a decoded document may hold once aliases
/// are expanded (a guard against "billion laughs" documents).
const MAX_NODES: usize = 10_000_000;

/// Adds `yamldecode` and `yamlencode` to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    table.insert(Function {
        name: "yamldecode",
        params: vec![Param::new("src", Type::String)],
        variadic: None,
        return_type: ReturnType::Dynamic(yamldecode_type),
        description: "Parses a string as a single YAML document and returns the value it \
                      describes: mappings become objects, sequences tuples, and scalars \
                      strings, numbers, bools or null following YAML 1.1 rules.",
        implementation: yamldecode,
        impure: false,
    });
    let value_param = Param::new("value", Type::Dynamic)
        .allow_null()
        .allow_dynamic_type();
    table.insert(Function {
        name: "yamlencode",
        params: vec![value_param],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Encodes a value as a YAML document in block style, with keys in lexical \
                      order, strings double-quoted (multi-line strings as `|` blocks) and \
                      numbers, bools and null unquoted.",
        implementation: yamlencode,
        impure: false,
    });
}

fn yamldecode_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].as_str() {
        Some(text) => Ok(decode(text)?.ty().clone()),
        None => Ok(Type::Dynamic),
    }
}

fn yamldecode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    decode(str_arg(args, 0))
}

fn yamlencode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let value = &args[0];
    if !value.is_wholly_known() {
        return Ok(Value::unknown(Type::String));
    }
    if depth(value, 0) > MAX_DEPTH {
        return Err(FunctionError::new(format!(
            "value is nested too deeply to encode: more than {MAX_DEPTH} levels"
        )));
    }
    Ok(Value::string(emit(value)))
}

fn depth(value: &Value, current: usize) -> usize {
    if current > MAX_DEPTH {
        return current;
    }
    match (value.as_seq(), value.as_attrs()) {
        (Some(elems), _) => elems
            .iter()
            .map(|v| depth(v, current + 1))
            .max()
            .unwrap_or(current + 1),
        (_, Some(attrs)) => attrs
            .values()
            .map(|v| depth(v, current + 1))
            .max()
            .unwrap_or(current + 1),
        _ => current,
    }
}

/// Parses one YAML document into a value.
pub(super) fn decode(text: &str) -> Result<Value, FunctionError> {
    // libyaml skips a byte order mark at the start of the stream.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let src = if text.is_empty() { "\n" } else { text };
    check_version_directive(src).map_err(FunctionError::new)?;
    let mut decoder = Decoder {
        events: read_events(src).into(),
        src,
        anchors: HashMap::new(),
        nodes: 0,
    };
    decoder.document().map_err(FunctionError::new)
}

/// libyaml (YAML 1.1) refuses documents that declare another version.
fn check_version_directive(src: &str) -> Result<(), String> {
    for line in src.lines() {
        if line.starts_with("---") {
            break;
        }
        if let Some(rest) = line.strip_prefix("%YAML")
            && rest.split_whitespace().next() != Some("1.1")
        {
            return Err("found incompatible YAML document".to_string());
        }
    }
    Ok(())
}

/// All events of `src`, ending with the syntax error if there is one.
fn read_events(src: &str) -> Vec<Result<(Event, Marker), String>> {
    let mut parser = Parser::new_from_str(src);
    let mut events = Vec::new();
    loop {
        match parser.next_token() {
            Ok((Event::StreamEnd, mark)) => {
                events.push(Ok((Event::StreamEnd, mark)));
                break;
            }
            Ok(event) => events.push(Ok(event)),
            Err(e) => {
                let mark = e.marker();
                events.push(Err(format!(
                    "on line {}, column {}: {}",
                    mark.line(),
                    mark.col() + 1,
                    e.info()
                )));
                break;
            }
        }
    }
    unclip_final_block_scalar(src, &mut events);
    events
}

/// yaml-rust2 ends a `|` or `>` block that runs to the end of input without a line
/// break with one anyway; libyaml does not. Removes that added `\n`.
fn unclip_final_block_scalar(src: &str, events: &mut [Result<(Event, Marker), String>]) {
    if src.ends_with(['\n', '\r']) {
        return;
    }
    let last_line = src.rsplit(['\n', '\r']).next().unwrap_or(src);
    let Some(Ok((Event::Scalar(value, style, _, _), mark))) = events.iter_mut().rev().find(|e| {
        !matches!(
            e,
            Ok((
                Event::SequenceEnd | Event::MappingEnd | Event::DocumentEnd | Event::StreamEnd,
                _
            ))
        )
    }) else {
        return;
    };
    let leading_spaces = last_line.chars().take_while(|&c| c == ' ').count();
    if matches!(style, TScalarStyle::Literal | TScalarStyle::Folded)
        && value.ends_with('\n')
        && !last_line.is_empty()
        && leading_spaces >= mark.col().max(1)
    {
        value.pop();
    }
}

const STR_TAG: &str = "tag:yaml.org,2002:str";
const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
const INT_TAG: &str = "tag:yaml.org,2002:int";
const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
const NULL_TAG: &str = "tag:yaml.org,2002:null";
const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
const MAP_TAG: &str = "tag:yaml.org,2002:map";
const SEQ_TAG: &str = "tag:yaml.org,2002:seq";

/// An anchor: still being read (its own aliases are errors), or done.
enum Anchor {
    Pending,
    Done(Value, usize),
}

struct Decoder<'a> {
    events: std::collections::VecDeque<Result<(Event, Marker), String>>,
    src: &'a str,
    anchors: HashMap<usize, Anchor>,
    nodes: usize,
}

/// A resolved scalar: a value, or the `<<` merge key.
enum Scalar {
    Value(Value),
    Merge,
}

fn full_tag(tag: &Option<Tag>) -> String {
    match tag {
        Some(t) => format!("{}{}", t.handle, t.suffix),
        None => String::new(),
    }
}

/// An error located at `mark`, as go-cty-yaml's `parseEventErrorf` writes it: libyaml
/// counts lines from 0 and leaves the position out on the first line.
fn at(mark: &Marker, message: impl Into<String>) -> String {
    let line = mark.line().saturating_sub(1);
    let message = message.into();
    if line == 0 {
        message
    } else {
        format!("on line {line}, column {}: {message}", mark.col() + 1)
    }
}

fn friendly(ty: &Type) -> &'static str {
    match ty {
        Type::String => "string",
        Type::Number => "number",
        Type::Bool => "bool",
        Type::Dynamic => "dynamic",
        Type::List(_) => "list",
        Type::Map(_) => "map",
        Type::Set(_) => "set",
        Type::Object(_) => "object",
        Type::Tuple(_) => "tuple",
        Type::TypeCapsule => "type",
    }
}

impl Decoder<'_> {
    fn next(&mut self) -> Result<(Event, Marker), String> {
        self.events
            .pop_front()
            .unwrap_or_else(|| Err("unexpected end of YAML events".to_string()))
    }

    fn document(&mut self) -> Result<Value, String> {
        let (event, mark) = self.next()?;
        if event != Event::StreamStart {
            return Err(at(&mark, "missing stream start token"));
        }
        let (event, mark) = self.next()?;
        if event != Event::DocumentStart {
            // libyaml puts the end of the stream at the start of the line after the text.
            let lines = self.src.matches('\n').count() + usize::from(!self.src.ends_with('\n'));
            let _ = mark;
            return Err(if lines == 0 {
                "missing start of document".to_string()
            } else {
                format!("on line {lines}, column 1: missing start of document")
            });
        }
        let value = self.node()?;
        let (event, mark) = self.next()?;
        match event {
            Event::DocumentEnd => {}
            Event::DocumentStart => return Err(at(&mark, "only a single document is allowed")),
            _ => return Err(at(&mark, "unexpected extra content after value")),
        }
        let (event, mark) = self.next()?;
        if event != Event::StreamEnd {
            return Err(at(&mark, "unexpected extra content after value"));
        }
        Ok(value)
    }

    fn count(&mut self, n: usize, mark: &Marker) -> Result<(), String> {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes > MAX_NODES {
            return Err(at(
                mark,
                format!("document expands to more than {MAX_NODES} values"),
            ));
        }
        Ok(())
    }

    /// Reads one node and everything inside it, with an explicit stack so deep
    /// documents cannot exhaust the call stack.
    fn node(&mut self) -> Result<Value, String> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            let (event, mark) = self.next()?;
            if matches!(stack.last(), Some(Frame::Mapping { key: None, .. })) {
                // Key position.
                let pending = match event {
                    Event::MappingEnd => {
                        let Some(Frame::Mapping {
                            anchor,
                            attrs,
                            start,
                            ..
                        }) = stack.pop()
                        else {
                            unreachable!("the top frame is a mapping");
                        };
                        let value = Value::object(
                            attrs.into_iter().map(|(k, v)| (Key::from(k.as_str()), v)),
                        );
                        let value = self.finish(anchor, start, value);
                        if let Some(root) = complete(&mut stack, value)? {
                            return Ok(root);
                        }
                        continue;
                    }
                    // go-cty-yaml records no anchors on keys: aliasing one later is an
                    // undefined anchor.
                    Event::Scalar(text, style, _anchor, tag) => {
                        match resolve_scalar(&full_tag(&tag), &text, style)? {
                            Scalar::Merge => PendingKey::Merge(mark),
                            Scalar::Value(v) => match to_string_value(&v).as_str() {
                                Some(k) => PendingKey::Name(k.to_string()),
                                None => return Err(at(&mark, "mapping key cannot be null")),
                            },
                        }
                    }
                    _ => return Err(at(&mark, "only strings are allowed as mapping keys")),
                };
                if let Some(Frame::Mapping { key, .. }) = stack.last_mut() {
                    *key = Some(pending);
                }
                continue;
            }
            // Value position.
            let start = self.nodes;
            let value = match event {
                Event::Scalar(text, style, anchor, tag) => {
                    self.count(1, &mark)?;
                    let tag = full_tag(&tag);
                    let value =
                        match resolve_scalar(&tag, &text, style).map_err(|e| at(&mark, e))? {
                            // In any place but a mapping key, `<<` is just a string.
                            Scalar::Merge => Value::string("<<"),
                            Scalar::Value(v) if tag.is_empty() && style != TScalarStyle::Plain => {
                                to_string_value(&v)
                            }
                            Scalar::Value(v) => v,
                        };
                    self.finish(anchor, start, value)
                }
                Event::Alias(id) => match self.anchors.get(&id) {
                    Some(Anchor::Done(value, size)) => {
                        let (value, size) = (value.clone(), *size);
                        self.count(size, &mark)?;
                        value
                    }
                    Some(Anchor::Pending) => {
                        return Err(at(
                            &mark,
                            "cannot refer to an anchor from inside its own definition",
                        ));
                    }
                    None => return Err(at(&mark, "reference to undefined anchor")),
                },
                Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                    let is_sequence = matches!(event, Event::SequenceStart(..));
                    let tag = full_tag(tag);
                    let (want, kind) = if is_sequence {
                        (SEQ_TAG, "sequence")
                    } else {
                        (MAP_TAG, "mapping")
                    };
                    if !tag.is_empty() && tag != want {
                        return Err(at(&mark, format!("can't interpret {kind} as {tag}")));
                    }
                    if stack.len() >= MAX_DEPTH {
                        return Err(at(
                            &mark,
                            format!("nesting too deep: more than {MAX_DEPTH} levels"),
                        ));
                    }
                    self.count(1, &mark)?;
                    if anchor > 0 {
                        self.anchors.insert(anchor, Anchor::Pending);
                    }
                    stack.push(if is_sequence {
                        Frame::Sequence {
                            anchor,
                            elems: Vec::new(),
                            start,
                        }
                    } else {
                        Frame::Mapping {
                            anchor,
                            attrs: BTreeMap::new(),
                            key: None,
                            start,
                        }
                    });
                    continue;
                }
                Event::SequenceEnd if matches!(stack.last(), Some(Frame::Sequence { .. })) => {
                    let Some(Frame::Sequence {
                        anchor,
                        elems,
                        start,
                    }) = stack.pop()
                    else {
                        unreachable!("the top frame is a sequence");
                    };
                    self.finish(anchor, start, Value::tuple(elems))
                }
                Event::DocumentStart => {
                    return Err(at(&mark, "only a single document is allowed"));
                }
                Event::StreamEnd => {
                    return Err(at(&mark, "expecting value but found end of stream"));
                }
                Event::MappingEnd => {
                    return Err(at(&mark, "expecting value but found end of mapping"));
                }
                Event::SequenceEnd => {
                    return Err(at(&mark, "expecting value but found end of sequence"));
                }
                other => return Err(at(&mark, format!("unexpected parser event {other:?}"))),
            };
            if let Some(root) = complete(&mut stack, value)? {
                return Ok(root);
            }
        }
    }

    /// Records a finished anchored node.
    fn finish(&mut self, anchor: usize, start: usize, value: Value) -> Value {
        if anchor > 0 {
            let size = self.nodes - start;
            self.anchors
                .insert(anchor, Anchor::Done(value.clone(), size));
        }
        value
    }
}

/// A sequence or mapping being read.
enum Frame {
    Sequence {
        anchor: usize,
        elems: Vec<Value>,
        start: usize,
    },
    Mapping {
        anchor: usize,
        attrs: BTreeMap<String, Value>,
        key: Option<PendingKey>,
        start: usize,
    },
}

/// The key whose value comes next: a name, or `<<` (with where it was).
enum PendingKey {
    Name(String),
    Merge(Marker),
}

/// Adds a finished value to the enclosing node; the value itself when it is the root.
fn complete(stack: &mut [Frame], value: Value) -> Result<Option<Value>, String> {
    match stack.last_mut() {
        None => Ok(Some(value)),
        Some(Frame::Sequence { elems, .. }) => {
            elems.push(value);
            Ok(None)
        }
        Some(Frame::Mapping { attrs, key, .. }) => {
            match key.take() {
                Some(PendingKey::Name(name)) => {
                    attrs.insert(name, value);
                }
                Some(PendingKey::Merge(mark)) => match value.as_attrs() {
                    Some(merged) if value.ty().is_object() => {
                        for (k, v) in merged {
                            attrs.insert(k.to_string(), v.clone());
                        }
                    }
                    _ => {
                        return Err(at(
                            &mark,
                            format!("cannot merge {} into mapping", friendly(value.ty())),
                        ));
                    }
                },
                None => unreachable!("a value in a mapping follows its key"),
            }
            Ok(None)
        }
    }
}

/// A scalar converted to a string as cty converts primitives (null stays null).
fn to_string_value(v: &Value) -> Value {
    if v.is_null() {
        return Value::null(Type::String);
    }
    convert(v, &Type::String).unwrap_or_else(|_| v.clone())
}

/// The YAML 1.1 scalars go-cty-yaml looks up by text.
fn lookup(src: &str) -> Option<Value> {
    match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Some(Value::bool(true))
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Some(Value::bool(false))
        }
        "" | "~" | "null" | "Null" | "NULL" => Some(Value::null(Type::Dynamic)),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Some(infinity(false)),
        "-.inf" | "-.Inf" | "-.INF" => Some(infinity(true)),
        _ => None,
    }
}

fn infinity(negative: bool) -> Value {
    Value::number(Number::infinity(!negative))
}

/// go-cty-yaml's first-character hint: sign, digit, one of `yYnNtTfFoO~`, or `.`.
fn hint(src: &str) -> Option<u8> {
    match src.as_bytes().first() {
        None => Some(b'N'),
        Some(b'+' | b'-') => Some(b'S'),
        Some(b'0'..=b'9') => Some(b'D'),
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => {
            Some(b'M')
        }
        Some(b'.') => Some(b'.'),
        _ => None,
    }
}

fn all_digits(s: &str, radix: u32) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_digit(radix))
}

/// `\A([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\z`
fn is_integer_literal(src: &str) -> bool {
    let unsigned = src.strip_prefix(['-', '+']).unwrap_or(src);
    all_digits(unsigned, 10)
        || src.strip_prefix("0o").is_some_and(|d| all_digits(d, 8))
        || src.strip_prefix("0x").is_some_and(|d| all_digits(d, 16))
}

/// `\A[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\z`
fn is_float_literal(src: &str) -> bool {
    let s = src.strip_prefix(['-', '+']).unwrap_or(src);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some(("", frac)) => all_digits(frac, 10),
        Some((int, frac)) => all_digits(int, 10) && (frac.is_empty() || all_digits(frac, 10)),
        None => all_digits(mantissa, 10),
    };
    let exponent_ok =
        exponent.is_none_or(|e| all_digits(e.strip_prefix(['-', '+']).unwrap_or(e), 10));
    mantissa_ok && exponent_ok
}

/// cty's `ParseNumberVal` (Go's `big.ParseFloat` in base 10): decimal text with an
/// optional fraction and exponent.
fn parse_cty_number(src: &str) -> Option<Number> {
    if !is_float_literal(src) {
        return None;
    }
    Number::parse(src).ok()
}

/// Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint(s, 0, 64)`.
fn parse_go_integer(src: &str) -> Option<Number> {
    let (negative, digits) = match src.as_bytes().first() {
        Some(b'-') => (true, &src[1..]),
        Some(b'+') => (false, &src[1..]),
        _ => (false, src),
    };
    let (radix, body) = if let Some(rest) = digits.strip_prefix("0x").or(digits.strip_prefix("0X"))
    {
        (16, rest)
    } else if let Some(rest) = digits.strip_prefix("0o").or(digits.strip_prefix("0O")) {
        (8, rest)
    } else if let Some(rest) = digits.strip_prefix("0b").or(digits.strip_prefix("0B")) {
        (2, rest)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if !all_digits(body, radix) {
        return None;
    }
    let magnitude = u64::from_str_radix(body, radix).ok()?;
    if negative {
        let n = 0i64.checked_sub_unsigned(magnitude)?;
        Some(Number::from_i64(n))
    } else {
        Some(Number::from_u64(magnitude))
    }
}

/// go-cty-yaml 1.1's `resolveScalar`.
fn resolve_scalar(tag: &str, src: &str, style: TScalarStyle) -> Result<Scalar, String> {
    let resolvable = matches!(
        tag,
        "" | STR_TAG | BOOL_TAG | INT_TAG | FLOAT_TAG | NULL_TAG | TIMESTAMP_TAG | BINARY_TAG
    );
    if !resolvable {
        return Err(format!("unsupported tag {}", quote(tag)));
    }
    let mut tag = tag;
    if let Some(h) = hint(src)
        && tag != STR_TAG
        && tag != BINARY_TAG
    {
        if matches!(
            style,
            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
        ) {
            return Ok(Scalar::Value(Value::string(src)));
        }
        if let Some(v) = lookup(src) {
            return Ok(Scalar::Value(v));
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".to_string());
        }
        match h {
            b'.' => {
                if let Some(n) = parse_cty_number(src) {
                    return Ok(Scalar::Value(Value::number(n)));
                }
            }
            b'D' | b'S' => {
                if (tag.is_empty() || tag == TIMESTAMP_TAG)
                    && let Some(t) = parse_yaml_timestamp(src)
                {
                    return Ok(Scalar::Value(Value::string(t.format_rfc3339())));
                }
                if is_integer_literal(src) {
                    tag = INT_TAG;
                } else if is_float_literal(src) {
                    tag = FLOAT_TAG;
                }
            }
            _ => {}
        }
    }
    if tag.is_empty() && src == "<<" {
        return Ok(Scalar::Merge);
    }
    let cannot = || format!("cannot parse {} as {tag}", quote(src));
    let value = match tag {
        STR_TAG => Value::string(src),
        BINARY_TAG => {
            if go_base64_decode(src).is_err() {
                return Err(format!("{}: not valid base64", cannot()));
            }
            Value::string(src)
        }
        BOOL_TAG => match lookup(src) {
            Some(v) if v.ty() == &Type::Bool => v,
            _ => return Err(cannot()),
        },
        INT_TAG | FLOAT_TAG => {
            let plain = src.replace('_', "");
            match parse_cty_number(&plain).or_else(|| parse_go_integer(&plain)) {
                Some(n) => Value::number(n),
                None => return Err(cannot()),
            }
        }
        TIMESTAMP_TAG => match parse_yaml_timestamp(src) {
            Some(t) => Value::string(t.format_rfc3339()),
            None => return Err(cannot()),
        },
        NULL_TAG => Value::null(Type::Dynamic),
        _ => Value::string(src),
    };
    Ok(Scalar::Value(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{garbage, run};
    use terrace_types::Marks;

    fn dec(text: &str) -> Value {
        run("yamldecode", vec![Value::string(text)]).unwrap()
    }

    fn dec_err(text: &str) -> String {
        match run("yamldecode", vec![Value::string(text)]) {
            Err(CallError::Failed { message, .. }) => message,
            other => panic!("{text:?}: expected an error, got {other:?}"),
        }
    }

    fn num(v: &Value) -> String {
        v.as_number().unwrap().to_string()
    }

    #[test]
    fn scalars() {
        // Expected values from Terraform.
        assert!(dec("~").is_null());
        assert!(dec("null").is_null());
        assert!(dec("---").is_null());
        assert_eq!(dec("yes").as_bool(), Some(true));
        assert_eq!(dec("on").as_bool(), Some(true));
        assert_eq!(dec("True").as_bool(), Some(true));
        assert_eq!(dec("'yes'").as_str(), Some("yes"));
        assert_eq!(num(&dec("0x1F")), "31");
        assert_eq!(num(&dec("0o17")), "15");
        assert_eq!(num(&dec("017")), "17");
        assert_eq!(dec("1_000").as_str(), Some("1_000"));
        assert_eq!(num(&dec("+1")), "1");
        assert_eq!(num(&dec(".5")), "0.5");
        assert_eq!(num(&dec("1e3")), "1000");
        assert_eq!(num(&dec("1.")), "1");
        assert_eq!(dec("0b101").as_str(), Some("0b101"));
        assert_eq!(dec("-0x1F").as_str(), Some("-0x1F"));
        assert_eq!(dec(".").as_str(), Some("."));
        assert_eq!(dec("1:2").as_str(), Some("1:2"));
        assert_eq!(dec("2001-12-14").as_str(), Some("2001-12-14T00:00:00Z"));
        assert_eq!(
            dec("2001-12-14 21:59:43.10 -5").as_str(),
            Some("2001-12-14 21:59:43.10 -5")
        );
        assert_eq!(dec("'a\n  b'").as_str(), Some("a b"));
        assert_eq!(dec("\"\\u00e9\\t\"").as_str(), Some("é\t"));
    }

    #[test]
    fn tags() {
        assert_eq!(dec("!!str 123").as_str(), Some("123"));
        assert_eq!(dec("!!int \"12\"").as_str(), Some("12"));
        assert_eq!(dec("!!binary aGVsbG8=").as_str(), Some("aGVsbG8="));
        assert_eq!(num(&dec("!!float 1")), "1");
        assert_eq!(num(&dec("!!int 1.5")), "1.5");
        assert_eq!(num(&dec("!!int 0x1F")), "31");
        assert_eq!(dec("!!bool yes").as_bool(), Some(true));
        assert!(dec("!!null x").is_null());
        assert_eq!(dec("!!str").as_str(), Some(""));
        assert_eq!(
            dec("!!timestamp 2001-12-14").as_str(),
            Some("2001-12-14T00:00:00Z")
        );
        assert_eq!(dec("!<tag:yaml.org,2002:str> 12").as_str(), Some("12"));
        assert_eq!(dec_err("!custom x"), "unsupported tag \"!custom\"");
        assert_eq!(dec_err("! x"), "unsupported tag \"!\"");
        assert_eq!(
            dec_err("!!float abc"),
            "cannot parse \"abc\" as tag:yaml.org,2002:float"
        );
        assert_eq!(
            dec_err("!!bool maybe"),
            "cannot parse \"maybe\" as tag:yaml.org,2002:bool"
        );
        assert_eq!(
            dec_err("0x10000000000000000"),
            "cannot parse \"0x10000000000000000\" as tag:yaml.org,2002:int"
        );
        assert_eq!(
            dec_err("!!seq {a: 1}"),
            "can't interpret mapping as tag:yaml.org,2002:seq"
        );
    }

    #[test]
    fn block_scalars_are_strings() {
        assert_eq!(dec("|-\n  yes").as_str(), Some("true"));
        assert_eq!(dec("|-\n  1").as_str(), Some("1"));
        let null = dec("|-\n  ~");
        assert!(null.is_null());
        assert_eq!(null.ty(), &Type::String);
        assert_eq!(
            dec("|\n  line1\n  line2\n").as_str(),
            Some("line1\nline2\n")
        );
        assert_eq!(dec(">\n  folded\n  text\n").as_str(), Some("folded text\n"));
    }

    #[test]
    fn collections() {
        let v = dec("a: 1\nb: [x, 'y', \"z\"]\nc: null");
        assert_eq!(
            v.ty(),
            &Type::object([
                ("a", Type::Number),
                ("b", Type::tuple([Type::String, Type::String, Type::String])),
                ("c", Type::Dynamic),
            ])
        );
        let v = dec("- 1\n- two\n- ~");
        assert_eq!(
            v.ty(),
            &Type::tuple([Type::Number, Type::String, Type::Dynamic])
        );
        let v = dec("1.50: a\n2001-01-01: b\ny: c");
        let keys: Vec<String> = v
            .as_attrs()
            .unwrap()
            .keys()
            .map(|k| k.to_string())
            .collect();
        assert_eq!(keys, ["1.5", "2001-01-01T00:00:00Z", "true"]);
        let v = dec("a: 1\na: 2");
        assert_eq!(num(v.get_attr("a").unwrap()), "2");
        let v = dec("? |-\n  k\n: v");
        assert_eq!(v.get_attr("k").unwrap().as_str(), Some("v"));
    }

    #[test]
    fn anchors_and_merges() {
        let v = dec("a: &x 1\nb: *x");
        assert_eq!(num(v.get_attr("b").unwrap()), "1");
        let v = dec("base: &b {x: 1}\nd:\n  <<: *b\n  y: 2");
        let d = v.get_attr("d").unwrap();
        assert_eq!(num(d.get_attr("x").unwrap()), "1");
        assert_eq!(num(d.get_attr("true").unwrap()), "2");
        let v = dec("<<: {a: 1}\nb: 2");
        assert_eq!(num(v.get_attr("a").unwrap()), "1");
        assert_eq!(
            dec_err("a: {<<: [{x: 1}, {y: 2}], z: 3}"),
            "cannot merge tuple into mapping"
        );
        assert_eq!(dec_err("<<: 1"), "cannot merge number into mapping");
        assert!(dec_err("a: &x [1, *x]").contains("inside its own definition"));
        assert!(dec_err("a: *y").contains("anchor"));
        assert_eq!(
            dec_err("a: &a b\n*a : c"),
            "on line 1, column 1: only strings are allowed as mapping keys"
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            dec_err(""),
            "on line 1, column 1: missing start of document"
        );
        assert_eq!(
            dec_err("# just a comment"),
            "on line 1, column 1: missing start of document"
        );
        assert_eq!(
            dec_err("- a\n- b\n---\n- c"),
            "on line 2, column 1: unexpected extra content after value"
        );
        assert_eq!(dec_err(".nan"), "floating point NaN is not supported");
        assert_eq!(dec_err("~: a"), "mapping key cannot be null");
        assert_eq!(
            dec_err("? [a]\n: 1"),
            "only strings are allowed as mapping keys"
        );
        // Syntax errors: the message is yaml-rust2's.
        assert!(dec_err("a: [1, 2").starts_with("on line"));
        assert!(dec_err("a: b: c").starts_with("on line"));
    }

    #[test]
    fn libyaml_differences_from_yaml_rust2() {
        // A block scalar that runs to the end of input keeps no final line break.
        let v = dec("- !!binary |\n  aGVs\n  bG8=");
        assert_eq!(v.index(0).unwrap().as_str(), Some("aGVs\nbG8="));
        assert_eq!(dec("|\n  x").as_str(), Some("x"));
        assert_eq!(
            dec("a: |\n  x\n").get_attr("a").unwrap().as_str(),
            Some("x\n")
        );
        assert_eq!(
            dec("a:\n  b: |\n    x\n  # c")
                .get_attr("a")
                .unwrap()
                .get_attr("b")
                .unwrap()
                .as_str(),
            Some("x\n")
        );
        // A byte order mark is not content.
        assert!(dec("\u{feff}a: 1").get_attr("a").is_some());
        assert_eq!(
            dec_err("%YAML 1.2\n---\na: 1"),
            "found incompatible YAML document"
        );
        assert!(dec("%YAML 1.1\n---\na: 1").get_attr("a").is_some());
    }

    #[test]
    fn guards() {
        let deep = format!("{}1", "- ".repeat(2_000));
        assert!(dec_err(&deep).contains("too deep"));
        let mut laughs = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
        for pair in names.windows(2) {
            let (prev, next) = (pair[0], pair[1]);
            laughs.push_str(&format!(
                "{next}: &{next} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
            ));
        }
        assert!(dec_err(&laughs).contains("expands to more than"));
    }

    #[test]
    fn encode() {
        let v = run("yamlencode", vec![Value::object([("a", Value::int(1))])]).unwrap();
        assert_eq!(v.as_str(), Some("\"a\": 1\n"));
        let v = run("yamlencode", vec![Value::null(Type::Dynamic)]).unwrap();
        assert_eq!(v.as_str(), Some("null\n...\n"));
        let v = run(
            "yamlencode",
            vec![Value::tuple([Value::unknown(Type::String)])],
        )
        .unwrap();
        assert!(!v.is_known());
        let v = run(
            "yamlencode",
            vec![Value::string("x").mark(Marks::SENSITIVE)],
        )
        .unwrap();
        assert!(v.marks().is_sensitive());
    }

    #[test]
    fn round_trip() {
        let v = Value::object([
            ("list", Value::tuple([Value::int(1), Value::string("two")])),
            ("text", Value::string("line1\nline2\n")),
            ("flag", Value::bool(false)),
            ("nothing", Value::null(Type::Dynamic)),
            ("quoted", Value::string("yes")),
        ]);
        let text = emit(&v);
        let back = dec(&text);
        assert_eq!(back.ty(), v.ty());
        assert_eq!(emit(&back), text);
    }

    #[test]
    fn garbage_input_never_panics() {
        let alphabet = [
            "- ",
            ": ",
            "\n",
            "  ",
            "\t",
            "[",
            "]",
            "{",
            "}",
            ",",
            "&a ",
            "*a",
            "<<",
            "!!str ",
            "!x ",
            "|",
            ">",
            "-",
            "'",
            "\"",
            "#",
            "---",
            "...",
            "%YAML 1.2",
            "1",
            ".5",
            "y",
            "~",
            "é",
            "?",
            "\u{feff}",
        ];
        for text in garbage(&alphabet, 3000) {
            let _ = decode(&text);
        }
    }

    #[test]
    fn strings_round_trip() {
        let alphabet = [
            "a", " ", "  ", "\n", "\t", "\"", "\\", "é", "😀", "#", ": ", "- ", "\r", "\u{85}",
            "\u{feff}", "'", "yes", "1", "~", "null", "|", ">", "word ",
        ];
        for text in garbage(&alphabet, 3000) {
            let value = Value::string(&text);
            let encoded = emit(&value);
            let back = decode(&encoded).unwrap_or_else(|e| panic!("{text:?} -> {encoded:?}: {e}"));
            assert_eq!(back.as_str(), Some(text.as_str()), "{encoded:?}");
            let keyed = emit(&Value::object([(text.as_str(), Value::int(1))]));
            let back = decode(&keyed).unwrap_or_else(|e| panic!("{text:?} -> {keyed:?}: {e}"));
            assert!(back.get_attr(&text).is_some(), "{keyed:?}");
        }
    }
}
