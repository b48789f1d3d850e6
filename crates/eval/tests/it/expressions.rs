//! Expressions beyond the conformance file, with outputs taken from Terraform's console.

use crate::support::{check, check_error, check_error_detail};

#[test]
fn arithmetic_with_conversions() {
    check("\"5\" + 1", "6");
    check("1/0", "+Inf");
    check("5 % 0", "5");
    check("1 < \"2\"", "true");
    check_error("0/0", "Operation failed");
    check_error_detail(
        "\"a\" + 1",
        "Invalid operand; Unsuitable value for left operand: a number is required.",
    );
    check_error_detail(
        "-null",
        "Operation failed; Error during operation: argument must not be null.",
    );
    check_error_detail(
        "1 > 2 > 3",
        "Invalid operand; Unsuitable value for left operand: number required, but have bool.",
    );
}

#[test]
fn logic_short_circuits() {
    check("true && \"true\"", "true");
    check("null && true", "false");
    check("true && null", "false");
    check("true || null", "true");
    check("null || true", "true");
    check("[1][5] || true", "true");
    check("false && [1][5]", "false");
    check("[1][5] && false", "false");
    check_error("false || null", "Operation failed");
    check_error("1 + 2 + [1][5]", "Invalid index");
}

#[test]
fn equality_does_not_convert() {
    check("1 == \"1\"", "false");
    check("null == null", "true");
    check("null != null", "false");
    check("[1, \"a\"] == [1, \"a\"]", "true");
    check("{a=1} == {a=1}", "true");
    check_error("\"a\" < \"b\"", "Invalid operand");
}

#[test]
fn conditionals_unify_their_results() {
    check("true ? 1 : null", "1");
    check("false ? 1 : null", "tonumber(null)");
    check("true ? [1] : [1, 2]", "tolist([\n  1,\n])");
    check("true ? {a=1} : {b=2}", "tomap({\n  \"a\" = 1\n})");
    check_error_detail(
        "true ? 1 : [1]",
        "Inconsistent conditional result types; The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple.",
    );
    check_error_detail(
        "1 ? 2 : 3",
        "Incorrect condition type; The condition expression must be of type bool.",
    );
}

#[test]
fn sensitive_values_mark_results() {
    check("true ? sensitive(1) : 2", "(sensitive value)");
    check("false ? sensitive(1) : 2", "(sensitive value)");
    check("sensitive(1) + 1", "(sensitive value)");
    check("\"${sensitive(\"a\")}b\"", "(sensitive value)");
    check(
        "[for x in [1,2] : x if sensitive(true)]",
        "(sensitive value)",
    );
    check(
        "{for k, v in sensitive({a=1}) : k => v}",
        "(sensitive value)",
    );
    check(
        "[for x in [1, 2] : sensitive(x)]",
        "[\n  (sensitive value),\n  (sensitive value),\n]",
    );
    check("sensitive([{a=1}])[*].a", "(sensitive value)");
}

#[test]
fn index_and_attribute_access() {
    check("[1,2,3][\"1\"]", "2");
    check("{a=1}[\"a\"]", "1");
    check("{\"1\" = 1}.1", "1");
    check_error_detail(
        "[1,2,3][1.5]",
        "Invalid index; The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part.",
    );
    check_error_detail(
        "{a=1}[0]",
        "Invalid index; The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index.",
    );
    check_error_detail(
        "tomap({a=1}).b",
        "Missing map element; This map does not have an element with the key \"b\".",
    );
    check_error_detail(
        "[1,2][null]",
        "Invalid index; Can't use a null value as an indexing key.",
    );
    check_error_detail(
        "[1,2,3][true]",
        "Invalid index; The given key does not identify an element in this collection value: number required, but have bool.",
    );
}

#[test]
fn object_constructors() {
    check("{a = 1, a = 2}", "{\n  \"a\" = 2\n}");
    check("{(1) = 2}", "{\n  \"1\" = 2\n}");
    check("{(true) = 2}", "{\n  \"true\" = 2\n}");
    check_error_detail(
        "{([1]) = 2}",
        "Incorrect key type; Can't use this value as a key: string required, but have tuple.",
    );
}

#[test]
fn for_expressions() {
    check(
        "{for x in [1,2] : x => x}",
        "{\n  \"1\" = 1\n  \"2\" = 2\n}",
    );
    check(
        "[for k, v in toset([\"a\",\"b\"]) : k]",
        "[\n  \"a\",\n  \"b\",\n]",
    );
    check(
        "{for i, v in [\"a\",\"b\"] : i => v}",
        "{\n  \"0\" = \"a\"\n  \"1\" = \"b\"\n}",
    );
    check("[for x in {a=1,b=2} : x]", "[\n  1,\n  2,\n]");
    check("{for x in [1,2] : x => x if x > 5}", "{}");
    check(
        "{for x in [true, false] : x => x}",
        "{\n  \"false\" = false\n  \"true\" = true\n}",
    );
    check_error_detail(
        "[for x in [1,2] : x if x]",
        "Invalid 'for' condition; The 'if' clause value is invalid: bool required, but have number.",
    );
    check_error_detail(
        "[for x in [1,2] : x if null]",
        "Condition is null; The value of the 'if' clause must not be null.",
    );
    check_error_detail(
        "{for x in [1,2] : null => x}",
        "Invalid object key; Key expression in 'for' expression must not produce a null value.",
    );
    check_error_detail(
        "[for x in \"abc\" : x]",
        "Iteration over non-iterable value; A value of type string cannot be used as the collection in a 'for' expression.",
    );
}

#[test]
fn splats() {
    check("1[*]", "[\n  1,\n]");
    check("null[*]", "[]");
    check("[1,2].*", "[\n  1,\n  2,\n]");
    check("{a=1}.*.a", "[\n  1,\n]");
    check("[{a=1},{a=2}].*.a[0]", "1");
    check("tolist([{a=1}])[*].a", "tolist([\n  1,\n])");
    check("toset([{a=1}])[*].a", "tolist([\n  1,\n])");
    check_error("[{a=1},{a=2}][*].a[0]", "Invalid index");
    check_error("tomap({x={a=1}})[*].a", "Missing map element");
    check_error("[{a=1}, {b=2}][*].a", "Unsupported attribute");
}

#[test]
fn function_calls() {
    check("upper([\"a\"]...)", "\"A\"");
    check("core::upper(\"a\")", "\"A\"");
    check("max(1, [2,3]...)", "3");
    check_error_detail(
        "upper()",
        "Not enough function arguments; Function \"upper\" expects 1 argument(s). Missing value for \"str\".",
    );
    check_error_detail(
        "upper(null)",
        "Invalid function argument; Invalid value for \"str\" parameter: argument must not be null.",
    );
    check_error_detail(
        "provider::aws::foo(\"a\")",
        "Unknown provider function; There is no function named \"provider::aws::foo\". Ensure that provider name \"aws\" is declared in this module's required_providers block, and that this provider offers a function named \"foo\".",
    );
    check_error_detail(
        "foo::bar(1)",
        "Unknown provider function; The function namespace \"foo\" is not valid. Provider function calls must use the \"provider::\" namespace prefix.",
    );
}

#[test]
fn special_functions() {
    check("try([1][5], \"fallback\")", "\"fallback\"");
    check("try(null, 1)", "null");
    check("can([1][5])", "false");
    check("can(1 + \"a\")", "false");
    check("can(1)", "true");
    check("type(null)", "dynamic");
    check("type(sensitive(1))", "number");
    check("convert(1, string)", "\"1\"");
    check("convert(null, string)", "tostring(null)");
    check_error("try(local.x, 2)", "Reference to undeclared local value");
    check_error("can(local.x)", "Reference to undeclared local value");
    check_error_detail(
        "try()",
        "Error in function call; Call to function \"try\" failed: at least one argument is required.",
    );
    check_error_detail(
        "type(1) == type(2)",
        "Invalid use of type function; The console-only \"type\" function cannot be used as part of an expression.",
    );
    check_error_detail(
        "convert({a = 1}, object({a = string, b = string}))",
        "Invalid function argument; Invalid value for \"value\" parameter: attribute \"b\" is required.",
    );
    check_error_detail(
        "convert(1)",
        "Not enough function arguments; Function \"convert\" expects 2 argument(s). Missing value for \"type\".",
    );
    check_error_detail(
        "convert(1, list(string, number))",
        "Invalid type specification; The list type constructor requires one argument specifying the element type.",
    );
    check_error("templatestring(\"hello\", {})", "Invalid function argument");
    check_error("templatestring(1, {})", "Invalid function argument");
    check_error(
        "templatefile(\"nosuch.tpl\", {})",
        "Invalid function argument",
    );
}

#[test]
fn terraform_named_values() {
    check("path.module", "\".\"");
    check("terraform.workspace", "\"default\"");
    check_error_detail(
        "var",
        "Invalid reference; The \"var\" object cannot be accessed directly. Instead, access one of its attributes.",
    );
    check_error_detail(
        "var[\"x\"]",
        "Invalid reference; The \"var\" object does not support this operation.",
    );
    check_error_detail(
        "x",
        "Invalid reference; A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
    );
    check_error_detail(
        "foo.bar",
        "Reference to undeclared resource; A managed resource \"foo\" \"bar\" has not been declared in the root module.",
    );
    check_error_detail(
        "data.x",
        "Invalid reference; The \"data\" object must be followed by two attribute names: the data source type and the resource name.",
    );
    check_error("module.x", "Reference to undeclared module");
    check_error("path.x", "Invalid \"path\" attribute");
    check_error("terraform.x", "Invalid \"terraform\" attribute");
    check_error(
        "count.index",
        "Reference to \"count\" in non-counted context",
    );
    check_error(
        "each.key",
        "Reference to \"each\" in context without for_each",
    );
    check_error("self.x", "Invalid \"self\" reference");
}

#[test]
fn plain_scopes_suggest_names() {
    use terrace_eval::{Evaluator, Scope};
    use terrace_types::Value;

    let scope = Scope::new()
        .with("region", Value::string("eu"))
        .with("zones", Value::int(3));
    let expr = terrace_syntax::parse_expr("regoin").unwrap();
    let error = Evaluator::new().eval(&expr, &scope).unwrap_err();
    let first = error.first().unwrap();
    assert_eq!(
        first.to_string(),
        "Unknown variable; There is no variable named \"regoin\". Did you mean \"region\"?"
    );
    assert_eq!(first.suggestion.as_deref(), Some("region"));
    assert_eq!(scope.names().collect::<Vec<_>>(), ["region", "zones"]);
}

#[test]
fn terraform_scopes_take_input_variables() {
    use terrace_eval::{Evaluator, Scope};
    use terrace_types::{Value, format_value};

    let mut scope = Scope::terraform();
    scope.insert_attr("var", "region", Value::string("eu"));
    scope.insert_attr("local", "n", Value::int(2));
    let expr = terrace_syntax::parse_expr("\"${var.region}-${local.n * 2}\"").unwrap();
    let value = Evaluator::new().eval(&expr, &scope).unwrap();
    assert_eq!(format_value(&value), "\"eu-4\"");
}

#[test]
fn more_cases_from_terraform() {
    check("\"${1}\" == \"1\"", "false");
    check("[for x in [1] : x if true] == [1]", "true");
    check("{} == {}", "true");
    check("!\"true\"", "false");
    check("true ? tolist([]) : toset([])", "tolist([])");
    check("(1 == 1 ? {a=1} : {a=1, b=2}).a", "1");
    check("{for s in [\"a\"]: s => s}", "{\n  \"a\" = \"a\"\n}");
    check("length(\"abc\") + \"1\"", "4");
    check("max(toset([3,1])...)", "3");
    check("try(1, [1][5])", "1");
    check(
        "{for i, x in [\"a\", \"b\"] : x => i}",
        "{\n  \"a\" = 0\n  \"b\" = 1\n}",
    );
    check("[1, 2][0.0]", "1");
    check("null == false", "false");
    check("1 < 2 == true", "true");
    check("10 / 4", "2.5");
    check("sensitive(1) == 1", "(sensitive value)");
    check("[{a = [1, 2]}][*].a[0]", "[\n  1,\n]");
    check("[{a = [1, 2]}].*.a[0]", "[\n  1,\n  2,\n]");
    check(
        "{for k, v in {a = [1]} : k => v...}",
        "{\n  \"a\" = [\n    [\n      1,\n    ],\n  ]\n}",
    );
    check("{for x in [\"a\"] : x => null}", "{\n  \"a\" = null\n}");
    check_error("tolist(null)[*]", "Splat of null value");
    check_error("[null][*].a", "Attempt to get attribute from null value");
    check_error("{a = {b = 1}}.*.b", "Unsupported attribute");
    check_error("true ? [] : {}", "Inconsistent conditional result types");
    check_error("upper([\"a\", \"b\"]...)", "Too many function arguments");
    check_error("\"${[1,2][5]}\"", "Invalid index");
    check_error("toset([\"a\"])[0]", "Invalid index");
    check_error("[1][0][0]", "Invalid index");
}

#[test]
fn type_results_pass_through_expressions_in_the_console() {
    // Terraform 1.15.5's console: type() returns a capsule, shown when it reaches the
    // top, refused when only something holding it does.
    check("try(type(1), 1)", "number");
    check("can(type(1))", "true");
    check("type(type(1))", "type");
    check("sensitive(type(1))", "number");
    check("[type(1)][0]", "number");
    check("\"${type(1)}\"", "number");
    check("type([type(1)])", "tuple([\n    type,\n])");
    check_error("[type(1)]", "Invalid use of type function");
    check_error(
        "true ? type(1) : 2",
        "Inconsistent conditional result types",
    );
    check_error_detail(
        "tostring(type(1))",
        "Invalid function argument; Invalid value for \"v\" parameter: cannot convert type to string.",
    );
}

#[test]
fn type_is_console_only() {
    let expr = terrace_syntax::parse_expr("try(type(1), 1)").unwrap();
    let value = terrace_eval::Evaluator::new()
        .eval(&expr, &terrace_eval::Scope::terraform())
        .unwrap();
    assert_eq!(terrace_types::format_value(&value), "1");
}
