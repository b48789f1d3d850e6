//! `render` with a tiny interpreter that knows literals and variables only, so
//! the template semantics are tested without the evaluator.

use std::collections::HashMap;

use terrace_syntax::{Expr, ExprKind, Ident, Literal};
use terrace_template::{Interpreter, TemplateError, render};
use terrace_types::{Marks, Number, Type, Value, format_value};

/// Variables from a map, plus the scopes the renderer opens for `%{ for }`.
struct Vars {
    globals: HashMap<&'static str, Value>,
    scopes: Vec<Vec<(String, Value)>>,
    max_depth: usize,
}

impl Vars {
    fn new(globals: impl IntoIterator<Item = (&'static str, Value)>) -> Vars {
        Vars {
            globals: globals.into_iter().collect(),
            scopes: Vec::new(),
            max_depth: 0,
        }
    }
}

impl Interpreter for Vars {
    type Error = TemplateError;

    fn eval(&mut self, expr: &Expr) -> Result<Value, TemplateError> {
        match &expr.kind {
            ExprKind::Literal(Literal::Number(n)) => Ok(Value::number(Number::parse(n).unwrap())),
            ExprKind::Literal(Literal::String(s)) => Ok(Value::string(&**s)),
            ExprKind::Literal(Literal::Bool(b)) => Ok(Value::bool(*b)),
            ExprKind::Literal(Literal::Null) => Ok(Value::null(Type::Dynamic)),
            ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => {
                let name = root.as_str();
                let local = self
                    .scopes
                    .iter()
                    .rev()
                    .flat_map(|scope| scope.iter().rev())
                    .find(|(bound, _)| bound == name)
                    .map(|(_, value)| value.clone());
                local
                    .or_else(|| self.globals.get(name).cloned())
                    .ok_or_else(|| TemplateError::new("Unknown variable", name, expr.span))
            }
            _ => Err(TemplateError::new(
                "Unsupported",
                "not in this test",
                expr.span,
            )),
        }
    }

    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
        self.max_depth = self.max_depth.max(self.scopes.len());
    }

    fn bind(&mut self, name: &Ident, value: Value) {
        let scope = self.scopes.last_mut().unwrap();
        match scope.iter_mut().find(|(bound, _)| bound == name.as_str()) {
            Some(slot) => slot.1 = value,
            None => scope.push((name.as_str().to_string(), value)),
        }
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }
}

fn render_with(src: &str, vars: &mut Vars) -> Result<Value, TemplateError> {
    let template = terrace_syntax::parse_template(src).unwrap();
    render(&template, vars)
}

#[track_caller]
fn check(src: &str, globals: Vec<(&'static str, Value)>, expected: &str) {
    let value = render_with(src, &mut Vars::new(globals)).unwrap();
    assert_eq!(format_value(&value), expected, "template: {src}");
}

#[test]
fn literals_and_interpolations() {
    check("plain", vec![], "\"plain\"");
    check(
        "${a}-${b}-${c}",
        vec![
            ("a", Value::string("x")),
            ("b", Value::int(1)),
            ("c", Value::bool(true)),
        ],
        "\"x-1-true\"",
    );
    check("$${not} %%{this}", vec![], "\"${not} %{this}\"");
}

#[test]
fn a_lone_interpolation_keeps_its_value() {
    check(
        "${x}",
        vec![("x", Value::tuple([Value::int(1)]))],
        "[\n  1,\n]",
    );
    check("${x}", vec![("x", Value::null(Type::Dynamic))], "null");
}

#[test]
fn directives_and_strip_markers() {
    check(
        "%{ if c }yes%{ else }no%{ endif }",
        vec![("c", Value::bool(false))],
        "\"no\"",
    );
    check(
        "%{ if c }yes%{ endif }",
        vec![("c", Value::string("true"))],
        "\"yes\"",
    );
    let xs = Value::tuple([Value::string("a"), Value::string("b")]);
    check(
        "%{ for i, x in xs }${i}=${x} %{ endfor }",
        vec![("xs", xs.clone())],
        "\"0=a 1=b \"",
    );
    check(
        "[%{ for x in xs ~} ${x} %{~ endfor }]",
        vec![("xs", xs)],
        "\"[ab]\"",
    );
    let m = Value::object([("b", Value::int(2)), ("a", Value::int(1))]);
    check(
        "%{ for k, v in m }${k}${v}%{ endfor }",
        vec![("m", m)],
        "\"a1b2\"",
    );
}

#[test]
fn loop_variables_are_scoped() {
    let xs = Value::tuple([Value::int(1), Value::int(2)]);
    let mut vars = Vars::new(vec![("xs", xs), ("x", Value::string("outer"))]);
    let value = render_with(
        "%{ for x in xs }%{ for x in xs }${x}%{ endfor };%{ endfor }${x}",
        &mut vars,
    )
    .unwrap();
    assert_eq!(value.as_str(), Some("12;12;outer"));
    assert_eq!(vars.max_depth, 2);
    assert!(vars.scopes.is_empty());
}

#[test]
fn unknown_parts_make_an_unknown_string() {
    for src in [
        "a${u}",
        "%{ if ub }x%{ endif }",
        "%{ for x in ul }${x}%{ endfor }",
    ] {
        let value = render_with(
            src,
            &mut Vars::new(vec![
                ("u", Value::unknown(Type::Number)),
                ("ub", Value::unknown(Type::Bool)),
                ("ul", Value::unknown(Type::list(Type::String))),
            ]),
        )
        .unwrap();
        assert!(!value.is_known(), "{src}");
        assert_eq!(value.ty(), &Type::String, "{src}");
    }
}

#[test]
fn marks_reach_the_result() {
    let secret = Value::string("s").mark(Marks::SENSITIVE);
    check("a${s}b", vec![("s", secret.clone())], "(sensitive value)");
    check(
        "%{ if c }x%{ endif }",
        vec![("c", Value::bool(true).mark(Marks::SENSITIVE))],
        "(sensitive value)",
    );
    // The value of a lone interpolation keeps its marks as they are.
    check("${s}", vec![("s", secret)], "(sensitive value)");
}

#[test]
fn errors_like_terraform() {
    let mut vars = Vars::new(vec![
        ("n", Value::null(Type::String)),
        ("l", Value::tuple([Value::int(1)])),
        ("num", Value::int(1)),
    ]);
    let error = render_with("a${n}", &mut vars).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Invalid template interpolation value; The expression result is null. Cannot include a null value in a string template."
    );
    let error = render_with("a${l}", &mut vars).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Invalid template interpolation value; Cannot include the given value in a string template: string required, but have tuple."
    );
    let error = render_with("%{ if num }x%{ endif }", &mut vars).unwrap_err();
    assert_eq!(error.summary, "Incorrect condition type");
    let error = render_with("%{ for x in num }x%{ endfor }", &mut vars).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Iteration over non-iterable value; A value of type number cannot be used as the collection in a 'for' expression."
    );
    let error = render_with("%{ for x in n }x%{ endfor }", &mut vars).unwrap_err();
    assert_eq!(error.summary, "Iteration over null value");
}
