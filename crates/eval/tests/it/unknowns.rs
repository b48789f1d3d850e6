//! Unknown values flow through every expression kind as in Terraform.

use terrace_eval::{Evaluator, Scope};
use terrace_types::{Type, Value, format_value};

fn scope() -> Scope {
    Scope::new()
        .with("u", Value::unknown(Type::Number))
        .with("ub", Value::unknown(Type::Bool))
        .with("ul", Value::unknown(Type::list(Type::String)))
        .with("ud", Value::unknown(Type::Dynamic))
        .with("us", Value::unknown(Type::String))
        .with(
            "partly",
            Value::list(Type::Number, [Value::int(1), Value::unknown(Type::Number)]),
        )
}

fn eval(src: &str) -> Value {
    let expr = terrace_syntax::parse_expr(src).unwrap();
    Evaluator::new().eval(&expr, &scope()).unwrap()
}

#[track_caller]
fn check(src: &str, expected_ty: Type) {
    let value = eval(src);
    assert!(!value.is_known(), "{src} gave {}", format_value(&value));
    assert_eq!(value.ty(), &expected_ty, "{src}");
}

#[test]
fn operators() {
    check("u + 1", Type::Number);
    check("-u", Type::Number);
    check("u > 1", Type::Bool);
    check("u == 1", Type::Bool);
    check("!ub", Type::Bool);
    assert_eq!(eval("ub || true").as_bool(), Some(true));
    assert_eq!(eval("false && ub").as_bool(), Some(false));
    check("ub && true", Type::Bool);
    // An unknown string can never equal a number (Terraform: `[for x in [1, unknown
    // string] : x if x == 1]` is `[1]`).
    assert_eq!(eval("us == 1").as_bool(), Some(false));
    assert_eq!(
        format_value(&eval("[for x in [1, us] : x if x == 1]")),
        "[\n  1,\n]"
    );
}

#[test]
fn conditionals_give_unknowns_of_the_unified_type() {
    check("ub ? 1 : \"a\"", Type::String);
    check("ub ? [1] : [2, 3]", Type::list(Type::Number));
    assert_eq!(
        eval("true ? 1 : u").as_number().and_then(|n| n.to_i64()),
        Some(1)
    );
}

#[test]
fn collections_and_for() {
    check("[for x in ul : x]", Type::Dynamic);
    check("{for x in ul : x => x}", Type::Dynamic);
    let value = eval("[for x in partly : x * 2]");
    assert_eq!(format_value(&value), "[\n  2,\n  (known after apply),\n]");
    check("[for x in [1, 2] : x if ub]", Type::Dynamic);
}

#[test]
fn length_of_a_known_list_of_unknowns_is_known() {
    assert_eq!(
        eval("length(partly)").as_number().and_then(|n| n.to_i64()),
        Some(2)
    );
    check("length(ul)", Type::Number);
}

#[test]
fn templates_with_unknown_parts_are_unknown_strings() {
    check("\"a${u}b\"", Type::String);
    check("\"%{if ub}a%{endif}\"", Type::String);
    check("\"%{for x in ul}${x}%{endfor}\"", Type::String);
    check("\"${u}\"", Type::Number);
}

#[test]
fn traversals_and_splats() {
    check("ul[0]", Type::String);
    check("ud.a.b", Type::Dynamic);
    check("ul[*]", Type::list(Type::String));
    check("u[*]", Type::Dynamic);
}

#[test]
fn try_and_can_wait_for_unknowns() {
    check("try(u, 1)", Type::Dynamic);
    check("can(u)", Type::Bool);
}
