//! Helpers shared by the unit tests of the function families: calling a function, value
//! builders, a compact value rendering, and deterministic garbage input.

use std::path::{Path, PathBuf};

use terrace_types::{Marks, Repr, Type, Value};

use super::call::{CallError, call};
use super::context::CallContext;
use super::table::standard;

/// Calls a function through the call protocol (argument conversion, null, unknown and
/// mark handling), as the evaluator does.
pub fn run(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    run_with(&CallContext::default(), name, args)
}

/// [`run`] in the call context `ctx`.
pub fn run_with(ctx: &CallContext, name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    let table = standard();
    let function = table.get(name).expect("function is registered");
    call(function, ctx, args)
}

/// A call context whose module directory is terrace-eval's `tests/data/files` fixtures
/// (shared with eval's data-driven function tests, which call through the evaluator) and
/// whose home directory is `/home/user`.
pub fn files_ctx() -> CallContext {
    CallContext {
        base_dir: Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("invariant: the crate is in crates/")
            .join("eval/tests/data/files"),
        home_dir: Some(PathBuf::from("/home/user")),
        ..CallContext::default()
    }
}

/// The string result of a successful call, in [`files_ctx`].
#[track_caller]
pub fn ok_str(name: &str, args: Vec<Value>) -> String {
    let v = run_with(&files_ctx(), name, args).unwrap();
    v.as_str().unwrap().to_string()
}

/// The message of a call that failed in its body (`CallError::Failed`), in [`files_ctx`].
#[track_caller]
pub fn failed(name: &str, args: Vec<Value>) -> String {
    match run_with(&files_ctx(), name, args) {
        Err(CallError::Failed { message, .. }) => message,
        other => panic!("expected a failure, got {other:?}"),
    }
}

/// Deterministic pseudo-random strings over `alphabet` (no panics on garbage input).
pub fn garbage(alphabet: &[&str], count: usize) -> Vec<String> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    (0..count)
        .map(|_| {
            let len = next() % 40;
            (0..len)
                .map(|_| alphabet[next() % alphabet.len()])
                .collect()
        })
        .collect()
}

/// The result of a successful call, shown with [`show`].
#[track_caller]
pub fn ok(name: &str, args: Vec<Value>) -> String {
    match run(name, args) {
        Ok(v) => show(&v),
        Err(e) => panic!("{name} failed: {e}"),
    }
}

/// The message of a failed call.
#[track_caller]
pub fn err(name: &str, args: Vec<Value>) -> String {
    match run(name, args) {
        Ok(v) => panic!("{name} succeeded with {}", show(&v)),
        Err(e) => e.to_string(),
    }
}

/// A compact rendering of a value with its type: `list(string)["a"]`, `{a = 1}`,
/// `null:string`, `unknown:number`, `sensitive(…)`.
pub fn show(v: &Value) -> String {
    let (v, marks) = v.clone().unmark();
    let body = match v.repr() {
        Repr::Null => format!("null:{}", show_type(v.ty())),
        Repr::Type(ty) => format!("type:{}", show_type(ty)),
        Repr::Unknown => format!("unknown:{}", show_type(v.ty())),
        Repr::Bool(b) => b.to_string(),
        Repr::Number(n) => n.to_string(),
        Repr::String(s) => format!("{s:?}"),
        Repr::Seq(elems) => {
            let inner: Vec<String> = elems.iter().map(show).collect();
            let prefix = match v.ty() {
                Type::Tuple(_) => String::new(),
                ty => show_type(ty),
            };
            format!("{prefix}[{}]", inner.join(", "))
        }
        Repr::Attrs(attrs) => {
            let inner: Vec<String> = attrs
                .iter()
                .map(|(k, v)| format!("{k} = {}", show(v)))
                .collect();
            let prefix = match v.ty() {
                Type::Object(_) => String::new(),
                ty => show_type(ty),
            };
            format!("{prefix}{{{}}}", inner.join(", "))
        }
    };
    let mut shown = body;
    if marks.contains(Marks::EPHEMERAL) {
        shown = format!("ephemeral({shown})");
    }
    if marks.is_sensitive() {
        shown = format!("sensitive({shown})");
    }
    shown
}

/// A type as written in a type constraint (`any` for the dynamic type).
pub fn show_type(ty: &Type) -> String {
    match ty {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Dynamic => "any".into(),
        Type::TypeCapsule => "type".into(),
        Type::List(e) => format!("list({})", show_type(e)),
        Type::Set(e) => format!("set({})", show_type(e)),
        Type::Map(e) => format!("map({})", show_type(e)),
        Type::Tuple(es) => {
            let inner: Vec<String> = es.iter().map(show_type).collect();
            format!("tuple([{}])", inner.join(", "))
        }
        Type::Object(o) => {
            let inner: Vec<String> = o
                .attrs
                .iter()
                .map(|(k, t)| format!("{k} = {}", show_type(t)))
                .collect();
            format!("object({{{}}})", inner.join(", "))
        }
    }
}

pub fn s(text: &str) -> Value {
    Value::string(text)
}

pub fn n(i: i64) -> Value {
    Value::int(i)
}

pub fn f(x: f64) -> Value {
    Value::number(terrace_types::Number::from_f64(x))
}

pub fn b(x: bool) -> Value {
    Value::bool(x)
}

pub fn tuple(elems: Vec<Value>) -> Value {
    Value::tuple(elems)
}

pub fn list(elem_ty: Type, elems: Vec<Value>) -> Value {
    Value::list(elem_ty, elems)
}

pub fn strings(items: &[&str]) -> Value {
    Value::list(Type::String, items.iter().map(Value::string))
}

pub fn numbers(items: &[i64]) -> Value {
    Value::list(Type::Number, items.iter().map(|&i| Value::int(i)))
}

pub fn set(elem_ty: Type, elems: Vec<Value>) -> Value {
    Value::set(elem_ty, elems)
}

pub fn object(attrs: Vec<(&str, Value)>) -> Value {
    Value::object(attrs)
}

pub fn map(elem_ty: Type, entries: Vec<(&str, Value)>) -> Value {
    Value::map(elem_ty, entries)
}

pub fn null(ty: Type) -> Value {
    Value::null(ty)
}

pub fn unknown(ty: Type) -> Value {
    Value::unknown(ty)
}

pub fn secret(v: Value) -> Value {
    v.mark(Marks::SENSITIVE)
}

// ---- assertions on rendered results (numeric, string, format and regex families) ----

/// A compact rendering for assertions: strings quoted (only `"`, `\` and control
/// characters escaped), sequences in `[...]`, attributes in `{k = v, ...}`.
pub fn render(v: &Value) -> String {
    let inner = match v.repr() {
        Repr::Null => "null".to_string(),
        Repr::Type(ty) => format!("type {}", type_name(ty)),
        Repr::Unknown => format!("(unknown {})", type_name(v.ty())),
        Repr::Bool(b) => b.to_string(),
        Repr::Number(n) => n.to_string(),
        Repr::String(s) => {
            let mut out = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        Repr::Seq(elems) => format!(
            "[{}]",
            elems.iter().map(render).collect::<Vec<_>>().join(", ")
        ),
        Repr::Attrs(attrs) => format!(
            "{{{}}}",
            attrs
                .iter()
                .map(|(k, v)| format!("{k} = {}", render(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    if v.marks().is_sensitive() {
        format!("sensitive({inner})")
    } else {
        inner
    }
}

fn type_name(ty: &Type) -> String {
    match ty {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Dynamic => "dynamic".into(),
        Type::List(e) => format!("list of {}", type_name(e)),
        Type::Map(e) => format!("map of {}", type_name(e)),
        Type::Set(e) => format!("set of {}", type_name(e)),
        Type::Object(_) => "object".into(),
        Type::Tuple(_) => "tuple".into(),
        Type::TypeCapsule => "type".into(),
    }
}

/// Asserts that `name(args)` renders as `expected`.
#[track_caller]
pub fn check(name: &str, args: Vec<Value>, expected: &str) {
    match run(name, args) {
        Ok(v) => assert_eq!(render(&v), expected, "{name}"),
        Err(e) => panic!("{name}: unexpected error {e}"),
    }
}

/// Asserts that `name(args)` fails with exactly `message`.
#[track_caller]
pub fn check_err(name: &str, args: Vec<Value>, message: &str) {
    match run(name, args) {
        Ok(v) => panic!("{name}: expected an error, got {}", render(&v)),
        Err(
            CallError::InvalidArgument { message: m, .. } | CallError::Failed { message: m, .. },
        ) => assert_eq!(m, message, "{name}"),
        Err(e) => panic!("{name}: unexpected error kind {e}"),
    }
}

/// Asserts that `name(args)` fails with an invalid-argument error at `index`.
#[track_caller]
pub fn check_arg_err(name: &str, args: Vec<Value>, index: usize, message: &str) {
    match run(name, args) {
        Err(CallError::InvalidArgument {
            index: i,
            message: m,
            ..
        }) => {
            assert_eq!((i, m.as_str()), (index, message), "{name}");
        }
        other => panic!("{name}: expected an argument error, got {other:?}"),
    }
}
