//! A fast path for the bodies of `for` expressions made of operators over local
//! numbers and bools (`i * 2`, `i % 3 != 0`, `a * 1000 + b`), and of templates
//! interpolating those or local strings (`"k${i}"`, `"${name}-${i + 1}"`).
//!
//! Such a body is compiled once per `for` expression into a [`ScalarProgram`], which
//! then computes each element on plain numbers and bools, without building a
//! [`Value`] or a result for every node. It computes exactly what the general
//! evaluator's known, unmarked operands path computes (the same operator functions,
//! [`number_binary`] and [`bool_binary`]); whenever an operand is anything else
//! (marked, unknown, null, a string) or an operation has no value (an arithmetic
//! error), it answers `None` and the element is evaluated the general way, which
//! also reports the errors.

use std::cell::RefCell;

use terrace_syntax::{Expr, ExprKind, Literal, Name, Template, TemplatePart, UnaryOp};
use terrace_types::{Number, Repr, SmallInt, Value};

use super::operation::{Scalar, bool_binary, number_binary, number_comparison};
use terrace_syntax::BinaryOp;

/// Programs deeper than this are left to the general evaluator (which checks
/// its own nesting); a body this deep is no loop body worth speeding up.
const MAX_DEPTH: usize = 32;

/// A compiled operator expression over local variables and literals.
#[derive(Debug)]
pub(crate) enum ScalarProgram {
    /// A literal number or bool.
    Constant(Scalar),
    /// The local binding in slot `n` of the evaluation's locals.
    Local(usize),
    /// `-x`, `!x`.
    Unary(UnaryOp, Box<ScalarProgram>),
    /// `x op y`.
    Binary(BinaryOp, Box<ScalarProgram>, Box<ScalarProgram>),
}

impl ScalarProgram {
    /// Compiles `expr` when it is made only of number and bool literals, local
    /// variables (looked up in `locals` innermost first, as the evaluator does)
    /// and operators.
    pub(crate) fn compile(expr: &Expr, locals: &[(Name, Value)]) -> Option<ScalarProgram> {
        compile(expr, locals, 0)
    }

    /// Computes the program over `locals` and the element being visited; `None`
    /// when the general evaluator must do it.
    pub(crate) fn run(&self, locals: &[(Name, Value)], current: Current) -> Option<Scalar> {
        match self {
            ScalarProgram::Constant(scalar) => Some(scalar.clone()),
            ScalarProgram::Local(slot) => {
                Operand::of(local(locals, current, *slot)?).map(Operand::to_scalar)
            }
            ScalarProgram::Unary(op, operand) => {
                let mut store = None;
                match (op, operand.operand(locals, current, &mut store)?) {
                    (UnaryOp::Negate, Operand::Number(n)) => Some(Scalar::Number(n.neg())),
                    (UnaryOp::Not, Operand::Bool(b)) => Some(Scalar::Bool(!b)),
                    _ => None,
                }
            }
            ScalarProgram::Binary(op, lhs, rhs) => {
                with_operands(lhs, rhs, locals, current, |lhs, rhs| match (lhs, rhs) {
                    (Operand::Number(x), Operand::Number(y)) => number_binary(*op, x, y),
                    (Operand::Bool(x), Operand::Bool(y)) => {
                        bool_binary(*op, x, y).map(Scalar::Bool)
                    }
                    _ => None,
                })
            }
        }
    }

    /// The program's result when it is an arithmetic expression whose operands and
    /// intermediate results are all integers in [`Number`]'s inline form: computed on
    /// plain integers in registers ([`SmallInt`], the same arithmetic as `run`'s).
    /// `None` when `run` must compute it.
    #[inline]
    fn run_int(&self, locals: &[(Name, Value)], current: Current) -> Option<SmallInt> {
        match self {
            ScalarProgram::Constant(Scalar::Number(n)) => n.as_small_int(),
            ScalarProgram::Local(slot) => {
                let value = local(locals, current, *slot)?;
                match value.repr() {
                    Repr::Number(n) if !value.is_marked() => n.as_small_int(),
                    _ => None,
                }
            }
            ScalarProgram::Unary(UnaryOp::Negate, operand) => {
                operand.run_int(locals, current)?.checked_neg()
            }
            ScalarProgram::Binary(op, lhs, rhs) => {
                let arithmetic: fn(SmallInt, SmallInt) -> Option<SmallInt> = match op {
                    BinaryOp::Add => SmallInt::checked_add,
                    BinaryOp::Subtract => SmallInt::checked_sub,
                    BinaryOp::Multiply => SmallInt::checked_mul,
                    BinaryOp::Divide => SmallInt::checked_div,
                    BinaryOp::Modulo => SmallInt::checked_rem,
                    _ => return None,
                };
                arithmetic(lhs.run_int(locals, current)?, rhs.run_int(locals, current)?)
            }
            ScalarProgram::Constant(Scalar::Bool(_)) | ScalarProgram::Unary(UnaryOp::Not, _) => {
                None
            }
        }
    }

    /// The program's result as a number, through [`ScalarProgram::run_int`] when it can.
    #[inline]
    fn run_number(&self, locals: &[(Name, Value)], current: Current) -> Option<Scalar> {
        match self.run_int(locals, current) {
            Some(n) => Some(Scalar::Number(n.into())),
            None => self.run(locals, current),
        }
    }

    /// The program's result when it is a bool (a condition), without building
    /// a scalar for comparisons and `!`.
    pub(crate) fn run_bool(&self, locals: &[(Name, Value)], current: Current) -> Option<bool> {
        match self {
            ScalarProgram::Binary(op, lhs, rhs)
                if let Some(x) = lhs.run_int(locals, current)
                    && let Some(y) = rhs.run_int(locals, current) =>
            {
                // Inline-form numbers compare as their integers.
                number_comparison(*op, &x.value(), &y.value())
            }
            ScalarProgram::Binary(op, lhs, rhs) => {
                with_operands(lhs, rhs, locals, current, |lhs, rhs| match (lhs, rhs) {
                    (Operand::Number(x), Operand::Number(y)) => number_comparison(*op, x, y),
                    (Operand::Bool(x), Operand::Bool(y)) => bool_binary(*op, x, y),
                    _ => None,
                })
            }
            ScalarProgram::Unary(UnaryOp::Not, operand) => {
                operand.run_bool(locals, current).map(|b| !b)
            }
            _ => match self.run(locals, current)? {
                Scalar::Bool(b) => Some(b),
                Scalar::Number(_) => None,
            },
        }
    }

    /// The program's result as an operand: literals and locals are read where
    /// they are, other results are computed into `store`.
    #[inline]
    fn operand<'a>(
        &'a self,
        locals: &'a [(Name, Value)],
        current: Current<'a>,
        store: &'a mut Option<Scalar>,
    ) -> Option<Operand<'a>> {
        match self {
            ScalarProgram::Local(slot) => Operand::of(local(locals, current, *slot)?),
            ScalarProgram::Constant(scalar) => Some(Operand::of_scalar(scalar)),
            // Computed straight into `store` and read from there field by field: moving
            // the result out would copy it whole just after it was written in parts,
            // which stalls the processor's store forwarding.
            _ => {
                *store = self.run(locals, current);
                store.as_ref().map(Operand::of_scalar)
            }
        }
    }
}

/// `f` of the operands of a binary operator.
#[inline]
fn with_operands<R>(
    lhs: &ScalarProgram,
    rhs: &ScalarProgram,
    locals: &[(Name, Value)],
    current: Current,
    f: impl FnOnce(Operand, Operand) -> Option<R>,
) -> Option<R> {
    let (mut lhs_store, mut rhs_store) = (None, None);
    let lhs = lhs.operand(locals, current, &mut lhs_store)?;
    let rhs = rhs.operand(locals, current, &mut rhs_store)?;
    f(lhs, rhs)
}

/// The element a `for` is visiting: the slots of its variables and their values,
/// which the locals may not hold yet (they are bound only when `eval` needs them).
#[derive(Clone, Copy)]
pub(crate) struct Current<'a> {
    /// The key variable's slot and value, when the `for` has one.
    pub(crate) key: Option<(usize, &'a Value)>,
    /// The value variable's slot and value.
    pub(crate) value: (usize, &'a Value),
}

/// The value of the local in `slot`: the current element's key or value when it
/// is that slot.
#[inline]
fn local<'a>(locals: &'a [(Name, Value)], current: Current<'a>, slot: usize) -> Option<&'a Value> {
    if slot == current.value.0 {
        return Some(current.value.1);
    }
    match current.key {
        Some((key_slot, key)) if key_slot == slot => Some(key),
        _ => locals.get(slot).map(|(_, value)| value),
    }
}

/// A known, unmarked number or bool, borrowed.
#[derive(Clone, Copy)]
enum Operand<'a> {
    Number(&'a Number),
    Bool(bool),
}

impl<'a> Operand<'a> {
    /// The operand a value is, when it is a known, unmarked number or bool.
    #[inline]
    fn of(value: &'a Value) -> Option<Operand<'a>> {
        if value.is_marked() {
            return None;
        }
        match value.repr() {
            Repr::Number(n) => Some(Operand::Number(n)),
            Repr::Bool(b) => Some(Operand::Bool(*b)),
            _ => None,
        }
    }

    #[inline]
    fn of_scalar(scalar: &'a Scalar) -> Operand<'a> {
        match scalar {
            Scalar::Number(n) => Operand::Number(n),
            Scalar::Bool(b) => Operand::Bool(*b),
        }
    }

    fn to_scalar(self) -> Scalar {
        match self {
            Operand::Number(n) => Scalar::Number(n.clone()),
            Operand::Bool(b) => Scalar::Bool(b),
        }
    }

    /// Appends what converting the number or bool to a string gives.
    fn push_text(self, text: &mut String) {
        match self {
            Operand::Number(n) => n.push_to(text),
            Operand::Bool(b) => text.push_str(if b { "true" } else { "false" }),
        }
    }
}

/// A compiled `for` element: an operator expression or a template.
#[derive(Debug)]
pub(crate) enum ElementProgram {
    /// A local variable alone: its value, whatever it is (as `eval` gives it).
    Local(usize),
    Scalar(ScalarProgram),
    Text(TextProgram),
}

impl ElementProgram {
    /// Compiles `expr` as [`ScalarProgram::compile`] or [`TextProgram::compile`] do.
    pub(crate) fn compile(expr: &Expr, locals: &[(Name, Value)]) -> Option<ElementProgram> {
        match &expr.kind {
            ExprKind::Template(template) => {
                TextProgram::compile(template, locals).map(ElementProgram::Text)
            }
            _ => match ScalarProgram::compile(expr, locals)? {
                ScalarProgram::Local(slot) => Some(ElementProgram::Local(slot)),
                program => Some(ElementProgram::Scalar(program)),
            },
        }
    }

    /// Pushes the element's value onto `out`; false (nothing pushed) when the
    /// general evaluator must compute it. The value is made in place, not moved.
    #[inline]
    pub(crate) fn push_to(
        &self,
        locals: &[(Name, Value)],
        current: Current,
        out: &mut Vec<Value>,
    ) -> bool {
        match self {
            ElementProgram::Local(slot) => match local(locals, current, *slot) {
                Some(value) => out.push(value.clone()),
                None => return false,
            },
            // The number is read back field by field (see `operand`).
            ElementProgram::Scalar(program) => match &program.run_number(locals, current) {
                Some(Scalar::Number(n)) => out.push(Value::number(n.clone())),
                Some(Scalar::Bool(b)) => out.push(Value::bool(*b)),
                None => return false,
            },
            ElementProgram::Text(program) => match program.run(locals, current) {
                Some(text) => out.push(text),
                None => return false,
            },
        }
        true
    }

    /// The element's value; `None` when the general evaluator must compute it.
    #[inline]
    pub(crate) fn run(&self, locals: &[(Name, Value)], current: Current) -> Option<Value> {
        match self {
            ElementProgram::Local(slot) => local(locals, current, *slot).cloned(),
            ElementProgram::Scalar(program) => {
                program.run_number(locals, current).map(Scalar::into_value)
            }
            ElementProgram::Text(program) => program.run(locals, current),
        }
    }
}

/// A compiled template of literal text and interpolations of compiled
/// operator expressions or local variables, without directives.
#[derive(Debug)]
pub(crate) struct TextProgram {
    parts: Vec<TextPart>,
    /// The text being rendered, kept from one element to the next (one buffer
    /// for the whole loop).
    scratch: RefCell<String>,
}

#[derive(Debug)]
enum TextPart {
    Text(Name),
    /// A local variable: a number, bool or string goes in as text.
    Local(usize),
    /// An operator expression's number or bool, as text.
    Scalar(ScalarProgram),
}

impl TextProgram {
    /// Compiles a template of text and interpolations that [`ScalarProgram`]
    /// compiles; not a lone interpolation, whose value is not converted.
    pub(crate) fn compile(template: &Template, locals: &[(Name, Value)]) -> Option<TextProgram> {
        if template.as_single_interp().is_some() {
            return None;
        }
        let parts = template
            .parts
            .iter()
            .map(|part| match part {
                TemplatePart::Literal(literal) => Some(TextPart::Text(literal.value.clone())),
                TemplatePart::Interp(interp) => match ScalarProgram::compile(&interp.expr, locals)?
                {
                    ScalarProgram::Local(slot) => Some(TextPart::Local(slot)),
                    program => Some(TextPart::Scalar(program)),
                },
                TemplatePart::If(_) | TemplatePart::For(_) => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some(TextProgram {
            parts,
            scratch: RefCell::new(String::new()),
        })
    }

    /// The rendered string; `None` when the general renderer must do it (a
    /// null, unknown, marked or non-primitive value, a result too long).
    pub(crate) fn run(&self, locals: &[(Name, Value)], current: Current) -> Option<Value> {
        let mut text = self.scratch.borrow_mut();
        text.clear();
        for part in &self.parts {
            match part {
                TextPart::Text(literal) => text.push_str(literal),
                TextPart::Local(slot) => {
                    let value = local(locals, current, *slot)?;
                    match value.repr() {
                        Repr::String(s) if !value.is_marked() => text.push_str(s),
                        _ => Operand::of(value)?.push_text(&mut text),
                    }
                }
                TextPart::Scalar(program) => {
                    Operand::of_scalar(&program.run_number(locals, current)?).push_text(&mut text);
                }
            }
            if text.len() > terrace_template::MAX_RENDERED_LEN {
                return None;
            }
        }
        // NFC-normalised as the value is made, as for any template.
        Some(Value::string(&*text))
    }
}

fn compile(expr: &Expr, locals: &[(Name, Value)], depth: usize) -> Option<ScalarProgram> {
    if depth > MAX_DEPTH {
        return None;
    }
    let program = match &expr.kind {
        ExprKind::Literal(Literal::Number(text)) => {
            ScalarProgram::Constant(Scalar::Number(Number::parse(text).ok()?))
        }
        ExprKind::Literal(Literal::Bool(b)) => ScalarProgram::Constant(Scalar::Bool(*b)),
        ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => {
            let name = root.as_str();
            ScalarProgram::Local(locals.iter().rposition(|(bound, _)| &**bound == name)?)
        }
        ExprKind::Parens(inner) => compile(inner, locals, depth + 1)?,
        ExprKind::Unary { op, operand, .. } => {
            ScalarProgram::Unary(*op, Box::new(compile(operand, locals, depth + 1)?))
        }
        ExprKind::Binary { op, lhs, rhs, .. } => ScalarProgram::Binary(
            *op,
            Box::new(compile(lhs, locals, depth + 1)?),
            Box::new(compile(rhs, locals, depth + 1)?),
        ),
        _ => return None,
    };
    Some(program)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locals(values: &[(&str, Value)]) -> Vec<(Name, Value)> {
        values
            .iter()
            .map(|(name, value)| (Name::from(*name), value.clone()))
            .collect()
    }

    fn run(source: &str, bound: &[(Name, Value)]) -> Option<Value> {
        let expr = terrace_syntax::parse_expr(source).ok()?;
        // No element being visited: every local is read from `bound`.
        let none = Value::null(terrace_types::Type::Dynamic);
        let current = Current {
            key: None,
            value: (usize::MAX, &none),
        };
        ScalarProgram::compile(&expr, bound)?
            .run(bound, current)
            .map(Scalar::into_value)
    }

    #[test]
    fn computes_operators_over_locals() {
        let bound = locals(&[
            ("a", Value::int(3)),
            ("b", Value::int(4)),
            ("t", Value::bool(true)),
        ]);
        assert_eq!(run("a * 1000 + b", &bound), Some(Value::int(3004)));
        assert_eq!(run("a % 3 != 0", &bound), Some(Value::bool(false)));
        assert_eq!(run("!(t && a < b)", &bound), Some(Value::bool(false)));
        assert_eq!(
            run("!(t && a > b) == true", &bound),
            Some(Value::bool(true))
        );
        assert_eq!(run("-(a - b)", &bound), Some(Value::int(1)));
        assert_eq!(
            run("1 / 0", &bound),
            Some(Value::number(Number::infinity(true)))
        );
    }

    #[test]
    fn the_innermost_binding_wins() {
        let bound = locals(&[("i", Value::int(1)), ("i", Value::int(7))]);
        assert_eq!(run("i + 0", &bound), Some(Value::int(7)));
    }

    #[test]
    fn leaves_everything_else_to_the_general_evaluator() {
        let bound = locals(&[
            ("s", Value::string("x")),
            ("u", Value::unknown(terrace_types::Type::Number)),
            ("m", Value::int(1).mark(terrace_types::Marks::SENSITIVE)),
            ("n", Value::int(1)),
        ]);
        // Not compiled: calls, strings, variables that are not locals.
        assert!(
            ScalarProgram::compile(&terrace_syntax::parse_expr("max(n)").unwrap(), &bound)
                .is_none()
        );
        assert!(
            ScalarProgram::compile(&terrace_syntax::parse_expr("n + var.x").unwrap(), &bound)
                .is_none()
        );
        assert!(
            ScalarProgram::compile(&terrace_syntax::parse_expr("\"a\"").unwrap(), &bound).is_none()
        );
        // Compiled, but not computed: a string, unknown or marked operand, a
        // number used as a bool, an operation without a value.
        assert_eq!(run("s == s", &bound), None);
        assert_eq!(run("u + 1", &bound), None);
        assert_eq!(run("m + 1", &bound), None);
        assert_eq!(run("n && true", &bound), None);
        assert_eq!(run("-(1/0) + (1/0)", &bound), None);
    }

    /// A compiled `for` computes what the general evaluator computes element by
    /// element, falling back for every element it cannot compute.
    #[test]
    fn a_compiled_for_matches_the_general_evaluator() {
        use crate::{Evaluator, Scope};
        use terrace_types::{Marks, Type};
        let elems = vec![
            Value::int(1),
            Value::int(-7),
            Value::number(Number::parse("2.5").unwrap()),
            Value::int(3).mark(Marks::SENSITIVE),
            Value::unknown(Type::Number),
            Value::string("5"),
            Value::int(i64::MAX),
            Value::int(9),
            Value::int(0),
            // The same integer at other precisions: 53 bits (a float64 result) and 512
            // (decimal text), which later divisions show.
            Value::number(Number::from_f64(4.0)),
            Value::number(Number::parse("6").unwrap()),
        ];
        assert!(elems.len() >= super::super::for_expr::COMPILE_FROM);
        // The same without the unknown element, which makes any filtered result unknown.
        let known: Vec<Value> = elems.iter().filter(|v| v.is_known()).cloned().collect();
        assert!(known.len() >= super::super::for_expr::COMPILE_FROM);
        let mut scope = Scope::new()
            .with("xs", Value::tuple(elems.clone()))
            .with("ys", Value::tuple(known));
        for (at, elem) in elems.iter().enumerate() {
            scope.insert(format!("v{at}"), elem.clone());
        }
        let mut strings: Vec<Value> = (0..9).map(|n| Value::string(format!("s{n}"))).collect();
        strings[4] = strings[4].clone().mark(Marks::SENSITIVE);
        scope.insert("ss".to_string(), Value::tuple(strings));
        let evaluator = Evaluator::new();
        // The value, or the errors without their spans.
        let eval = |source: &str| {
            let expr = terrace_syntax::parse_expr(source).unwrap();
            match evaluator.eval(&expr, &scope) {
                Ok(value) => format!("{value:?}"),
                Err(errors) => errors
                    .iter()
                    .map(|e| format!("{}: {}", e.summary, e.detail))
                    .collect::<Vec<_>>()
                    .join("; "),
            }
        };
        // `body` written out for each element of `xs` (`v0`, `v1`...), in a tuple.
        let element_by_element = |body: &str| {
            let by_element: Vec<String> = (0..elems.len())
                .map(|at| body.replace('x', &format!("v{at}")))
                .collect();
            eval(&format!("[{}]", by_element.join(", ")))
        };
        for body in [
            "x",
            "x * 2 + 1",
            "-x % 4",
            "x / 0",
            "x > 2 == true",
            "x != 0",
            // Results whose printed digits show the precision they were computed at.
            "(x * 3 + 1) / 7",
            "(x % 4) / 3",
            "(x - 1) * 2 / 3",
            // Negative zero, overflow, exact and inexact division, mixed forms.
            "-(x - x)",
            "(x - x) * -1",
            "x * 9223372036854775807",
            "x / 3",
            "x % -3",
            "x + 0.5",
        ] {
            let compiled = eval(&format!("[for x in xs : {body}]"));
            assert_eq!(compiled, element_by_element(body), "{body}");
        }
        // A condition the fast path computes, against one it cannot (a call).
        for cond in [
            "x > 1",
            "x % 2 == 0",
            "!(x < 0)",
            "x >= 9",
            "x <= -7",
            "x < 1",
            "x == 9",
            "x >= 9 || x == 0",
            "x - 1 <= 0",
            "x * 2 == 12",
        ] {
            for list in ["xs", "ys"] {
                let compiled = eval(&format!("[for x in {list} : x * 3 if {cond}]"));
                let general = eval(&format!("[for x in {list} : x * 3 if tobool({cond})]"));
                assert_eq!(compiled, general, "{cond}");
                // A compiled condition before a value the general evaluator
                // computes (which must see the element bound).
                let value = "\"${i}:${x}\"";
                let compiled = eval(&format!("[for i, x in {list} : {value} if {cond}]"));
                let general = eval(&format!("[for i, x in {list} : {value} if tobool({cond})]"));
                assert_eq!(compiled, general, "{cond}");
            }
        }
        assert!(eval("[for i, x in ys : \"${i}:${x}\" if x > 1]").contains("\"2:2.5\""));
        // A local alone as key or element, strings and a sensitive one included.
        for (fast, general) in [
            (
                "{for x in ss : x => x}",
                "{for x in ss : tostring(x) => tostring(x)}",
            ),
            (
                "{for i, x in ss : x => i}",
                "{for i, x in ss : tostring(x) => tonumber(i)}",
            ),
            ("[for x in ss : x]", "[for x in ss : tostring(x)]"),
        ] {
            assert_eq!(eval(fast), eval(general), "{fast}");
        }
        // Templates: rendered the same, element by element, keys included.
        for body in ["\"k${x}\"", "\"${x}-${x * 2}-${x > 1}\"", "\"<${-x}>\""] {
            let compiled = eval(&format!("[for x in xs : {body}]"));
            assert_eq!(compiled, element_by_element(body), "{body}");
            for list in ["xs", "ys"] {
                let compiled = eval(&format!("{{for i, x in {list} : {body} => [i, x]}}"));
                let general = eval(&format!(
                    "{{for i, x in {list} : tostring({body}) => [i, x]}}"
                ));
                assert_eq!(compiled, general, "{body}");
            }
        }
        // Strings, bools and lists interpolated; a lone interpolation is not converted.
        let mut words = Scope::new().with(
            "ws",
            Value::tuple(
                ["a", "b", "c", "d", "e", "f", "g", "h"]
                    .iter()
                    .map(|w| Value::string(*w))
                    .collect::<Vec<_>>(),
            ),
        );
        words.insert("flag", Value::bool(true));
        words.insert("list", Value::tuple([Value::int(1)]));
        let eval_words = |source: &str| {
            let expr = terrace_syntax::parse_expr(source).unwrap();
            format!("{:?}", evaluator.eval(&expr, &words))
        };
        assert_eq!(
            eval_words("{for w in ws : \"${w}${w}\" => w}"),
            eval_words("{for w in ws : tostring(\"${w}${w}\") => w}")
        );
        assert!(eval_words("[for w in ws : \"${w}:${flag}\"]").contains("\"a:true\""));
        assert!(eval_words("[for w in ws : \"${list}\"]").contains("Ok(Value { ty: Tuple"));
        assert!(eval_words("[for w in ws : \"${w}${list}\"]").contains("Err"));
        let numbers = "[for x in [1, 5, 2, 8, 3, 9, 4, 7, 6] : x * x if x % 2 == 0]";
        assert_eq!(eval(numbers), eval("[4, 64, 16, 36]"));
    }
}
