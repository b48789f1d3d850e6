//! Type conversion functions (`tobool` … `tostring`, `convert`) and the sensitivity functions.
//!
//! `convert(value, type)` takes a type constraint expression as its second argument, which
//! an ordinary call cannot pass: the evaluator intercepts calls to `convert` and
//! `core::convert`, decodes the second argument as a type constraint, and calls
//! [`call_convert`] (the table entry exists for `:doc` and completion only).

use terrace_types::{Marks, Repr, Type, Value, can_convert, convert, quote};

use super::call::CallError;
use super::collection::convert_to;
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds the conversion and sensitivity functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    table.insert(to_function(
        "tobool",
        to_bool_type,
        tobool,
        "Converts its argument to a bool: `true` and `false` pass through, and the strings \
         \"true\" and \"false\" become the matching bool. A null stays null (of type bool).",
    ));
    table.insert(to_function(
        "tolist",
        to_list_type,
        tolist,
        "Converts its argument to a list: a tuple's elements are converted to one common type, \
         and a set becomes a list in the set's order. A null stays null.",
    ));
    table.insert(to_function(
        "tomap",
        to_map_type,
        tomap,
        "Converts its argument to a map: an object's attribute values are converted to one \
         common type. A null stays null.",
    ));
    table.insert(to_function(
        "tonumber",
        to_number_type,
        tonumber,
        "Converts its argument to a number: numbers pass through and a string holding a decimal \
         number is parsed. A null stays null (of type number).",
    ));
    table.insert(to_function(
        "toset",
        to_set_type,
        toset,
        "Converts its argument to a set: duplicate elements are removed and the elements are \
         converted to one common type; the set's order is lexical for strings and numeric for \
         numbers. A null stays null.",
    ));
    table.insert(to_function(
        "tostring",
        to_string_type,
        tostring,
        "Converts a primitive value (string, number or bool) to a string. Lists, maps and other \
         compound values cannot be converted. A null stays null (of type string).",
    ));
    table.insert(Function {
        name: "convert",
        params: vec![
            Param::new("value", Type::Dynamic)
                .allow_null()
                .allow_dynamic_type(),
            Param::new("type", Type::Dynamic),
        ],
        variadic: None,
        return_type: ReturnType::Static(dynamic),
        description: "Converts a value to the type given by a type constraint expression, such \
                      as `list(string)` or `object({name = string, port = optional(number, 80)})`, \
                      filling in optional attributes and their defaults.",
        implementation: convert_needs_type_expression,
        impure: false,
    });
    table.insert(mark_function(
        "sensitive",
        same_type,
        sensitive,
        "Marks a value as sensitive: the console and plan output show `(sensitive value)` \
         instead of the value, and every result computed from it is sensitive too.",
    ));
    table.insert(mark_function(
        "nonsensitive",
        same_type,
        nonsensitive,
        "Removes the sensitive mark from a value, exposing it. Marks on values nested inside \
         it are kept.",
    ));
    table.insert(mark_function(
        "issensitive",
        bool_type,
        issensitive,
        "Returns true when the given value itself is marked sensitive, and false otherwise \
         (values nested inside it are not considered).",
    ));
    table.insert(mark_function(
        "ephemeralasnull",
        same_type,
        ephemeralasnull,
        "Replaces every ephemeral value inside the given value with a null of the same type, \
         keeping the non-ephemeral parts.",
    ));
}

// ---- to* functions -------------------------------------------------------------------------

fn to_function(
    name: &'static str,
    return_type: fn(&[Value]) -> Result<Type, FunctionError>,
    implementation: fn(&CallContext, &[Value]) -> Result<Value, FunctionError>,
    description: &'static str,
) -> Function {
    Function {
        name,
        params: vec![
            Param::new("v", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_marked(),
        ],
        variadic: None,
        return_type: ReturnType::Dynamic(return_type),
        description,
        implementation,
        impure: false,
    }
}

fn to_bool_type(args: &[Value]) -> Result<Type, FunctionError> {
    to_type(args, &Type::Bool)
}
fn to_list_type(args: &[Value]) -> Result<Type, FunctionError> {
    to_type(args, &Type::list(Type::Dynamic))
}
fn to_map_type(args: &[Value]) -> Result<Type, FunctionError> {
    to_type(args, &Type::map(Type::Dynamic))
}
fn to_number_type(args: &[Value]) -> Result<Type, FunctionError> {
    to_type(args, &Type::Number)
}
fn to_set_type(args: &[Value]) -> Result<Type, FunctionError> {
    to_type(args, &Type::set(Type::Dynamic))
}
fn to_string_type(args: &[Value]) -> Result<Type, FunctionError> {
    to_type(args, &Type::String)
}

/// The type check of a `to*` function: any type that has a conversion to `want` passes.
fn to_type(args: &[Value], want: &Type) -> Result<Type, FunctionError> {
    let got = args[0].ty();
    if can_convert(got, want) {
        return Ok(want.clone());
    }
    Err(FunctionError::arg(
        0,
        format!(
            "cannot convert {} to {}",
            got.friendly_name(),
            want.friendly_name_for_constraint()
        ),
    ))
}

fn tobool(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    to_value(&args[0], &Type::Bool)
}
fn tolist(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    to_value(&args[0], &Type::list(Type::Dynamic))
}
fn tomap(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    to_value(&args[0], &Type::map(Type::Dynamic))
}
fn tonumber(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    to_value(&args[0], &Type::Number)
}
fn toset(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    to_value(&args[0], &Type::set(Type::Dynamic))
}
fn tostring(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    to_value(&args[0], &Type::String)
}

/// The body of a `to*` function: the argument may be null, unknown and marked.
fn to_value(arg: &Value, want: &Type) -> Result<Value, FunctionError> {
    let (value, marks) = arg.clone().unmark();
    if !value.is_known() {
        return Ok(Value::unknown(want.clone()).mark(marks));
    }
    match convert_to(&value, want) {
        Ok(converted) => Ok(converted.mark(marks)),
        Err(_) => Err(to_error(arg, want)),
    }
}

/// Terraform's wording for a conversion that failed on the value (not on its type).
fn to_error(arg: &Value, want: &Type) -> FunctionError {
    let (plain, _) = arg.clone().unmark_deep();
    let got = plain.ty();
    let message = if arg.has_mark_deep(Marks::SENSITIVE) {
        format!(
            "cannot convert this sensitive {} to {}",
            got.friendly_name(),
            want.friendly_name_for_constraint()
        )
    } else {
        match (got, want, plain.as_str()) {
            (Type::String, Type::Bool, Some(s)) => format!(
                "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                quote(s)
            ),
            (Type::String, Type::Number, Some(s)) => format!(
                "cannot convert {} to number; given string must be a decimal representation of \
                 a number",
                quote(s)
            ),
            _ => format!(
                "cannot convert {} to {}",
                got.friendly_name(),
                want.friendly_name_for_constraint()
            ),
        }
    };
    FunctionError::arg(0, message)
}

// ---- convert -------------------------------------------------------------------------------

fn dynamic() -> Type {
    Type::Dynamic
}

fn convert_needs_type_expression(_: &CallContext, _: &[Value]) -> Result<Value, FunctionError> {
    Err(FunctionError::arg(
        1,
        "a type constraint expression such as list(string) is required",
    ))
}

/// Calls Terraform's `convert(value, type)` with the second argument already decoded as a
/// type constraint (`constraint` may hold optional attributes).
///
/// Note for the evaluator: `convert` cannot go through [`super::call`], because its second
/// argument is a type expression rather than a value. Evaluate the first argument, decode the
/// second with the type-constraint decoder, call this, and then apply the constraint's
/// default values (`optional(T, default)`) to the result, as Terraform does after converting.
/// Errors report argument 0 (`value`), like Terraform's.
///
/// ```
/// use terrace_functions::call_convert;
/// use terrace_types::{Type, Value};
///
/// let number = call_convert(Value::string("42"), &Type::Number).ok();
/// assert_eq!(number, Some(Value::int(42)));
/// assert!(call_convert(Value::string("x"), &Type::Number).is_err());
/// ```
pub fn call_convert(value: Value, constraint: &Type) -> Result<Value, CallError> {
    // The `value` parameter allows null and values of unknown type, not unknown or marked
    // values: marks are removed here and put back on the result.
    let (value, marks) = value.unmark_deep();
    let result_type = without_optional_attributes(constraint);
    if !value.is_known() {
        return Ok(Value::unknown(result_type).mark(marks));
    }
    // A typed null converts as its type does: `convert(tobool(null), number)` fails
    // as `convert(true, number)` does (cty's `Convert` decides on types).
    if value.is_null() && value.ty() == &Type::Dynamic {
        return Ok(Value::null(result_type).mark(marks));
    }
    if value.ty() == &result_type {
        return Ok(value.mark(marks));
    }
    match convert(&value, constraint) {
        Ok(converted) => Ok(converted.mark(marks)),
        Err(e) => Err(CallError::InvalidArgument {
            index: 0,
            param: "value",
            message: e.message,
        }),
    }
}

/// `ty` with every attribute required (what a value converted to `ty` has).
fn without_optional_attributes(ty: &Type) -> Type {
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => ty.clone(),
        Type::List(e) => Type::list(without_optional_attributes(e)),
        Type::Map(e) => Type::map(without_optional_attributes(e)),
        Type::Set(e) => Type::set(without_optional_attributes(e)),
        Type::Tuple(es) => Type::tuple(es.iter().map(without_optional_attributes)),
        Type::Object(o) => Type::object(
            o.attrs
                .iter()
                .map(|(k, t)| (k.clone(), without_optional_attributes(t))),
        ),
    }
}

// ---- sensitivity ---------------------------------------------------------------------------

fn mark_function(
    name: &'static str,
    return_type: fn(&[Value]) -> Result<Type, FunctionError>,
    implementation: fn(&CallContext, &[Value]) -> Result<Value, FunctionError>,
    description: &'static str,
) -> Function {
    Function {
        name,
        params: vec![
            Param::new("value", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_marked(),
        ],
        variadic: None,
        return_type: ReturnType::Dynamic(return_type),
        description,
        implementation,
        impure: false,
    }
}

fn same_type(args: &[Value]) -> Result<Type, FunctionError> {
    Ok(args[0].ty().clone())
}

fn bool_type(_: &[Value]) -> Result<Type, FunctionError> {
    Ok(Type::Bool)
}

fn sensitive(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(args[0].clone().mark(Marks::SENSITIVE))
}

fn nonsensitive(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    // Only the value's own mark goes: marks on nested values stay where they are.
    let (value, marks) = args[0].clone().unmark();
    Ok(value.mark(marks.without(Marks::SENSITIVE)))
}

fn issensitive(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let value = &args[0];
    Ok(if value.marks().is_sensitive() {
        Value::bool(true)
    } else if !value.is_known() {
        Value::unknown(Type::Bool)
    } else {
        Value::bool(false)
    })
}

fn ephemeralasnull(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(remove_ephemeral(&args[0]))
}

/// `value` with every ephemeral part (children first) replaced by a null of its type, or an
/// unknown if it was unknown; other marks are kept.
fn remove_ephemeral(value: &Value) -> Value {
    let (plain, marks) = value.clone().unmark();
    let repr = match plain.repr() {
        Repr::Seq(elems) => Repr::Seq(elems.iter().map(remove_ephemeral).collect()),
        Repr::Attrs(attrs) => Repr::Attrs(
            attrs
                .iter()
                .map(|(k, v)| (k.clone(), remove_ephemeral(v)))
                .collect(),
        ),
        other => other.clone(),
    };
    let rebuilt = Value::from_parts(plain.ty().clone(), repr, Marks::NONE);
    if marks.contains(Marks::EPHEMERAL) {
        let remaining = marks.without(Marks::EPHEMERAL);
        let replacement = if rebuilt.is_known() {
            Value::null(rebuilt.ty().clone())
        } else {
            Value::unknown(rebuilt.ty().clone())
        };
        replacement.mark(remaining)
    } else {
        rebuilt.mark(marks)
    }
}

#[cfg(test)]
mod tests {
    use terrace_types::{Marks, Type};

    use super::super::test_support::*;
    use super::call_convert;

    #[test]
    fn to_functions_pass_values_of_the_target_type_through() {
        assert_eq!(ok("tostring", vec![s("ä")]), "\"ä\"");
        assert_eq!(ok("tonumber", vec![f(1.5)]), "1.5");
        assert_eq!(ok("tobool", vec![b(true)]), "true");
        assert_eq!(ok("tolist", vec![strings(&["a"])]), "list(string)[\"a\"]");
        assert_eq!(ok("tolist", vec![tuple(vec![])]), "list(any)[]");
        assert_eq!(ok("toset", vec![tuple(vec![])]), "set(any)[]");
        assert_eq!(ok("tomap", vec![object(vec![])]), "map(any){}");
        assert_eq!(
            ok("tomap", vec![map(Type::Number, vec![("a", n(1))])]),
            "map(number){a = 1}"
        );
    }

    #[test]
    fn to_functions_convert() {
        assert_eq!(ok("tostring", vec![n(1)]), "\"1\"");
        assert_eq!(ok("tostring", vec![f(1.5)]), "\"1.5\"");
        assert_eq!(ok("tostring", vec![b(true)]), "\"true\"");
        assert_eq!(ok("tonumber", vec![s("1.5")]), "1.5");
        assert_eq!(ok("tonumber", vec![s("1e3")]), "1000");
        assert_eq!(ok("tobool", vec![s("false")]), "false");
        assert_eq!(
            ok("tolist", vec![tuple(vec![s("a"), n(1)])]),
            "list(string)[\"a\", \"1\"]"
        );
        assert_eq!(
            ok("tolist", vec![set(Type::Number, vec![n(3), n(1), n(2)])]),
            "list(number)[1, 2, 3]"
        );
        assert_eq!(
            ok("toset", vec![tuple(vec![s("b"), s("a"), s("b")])]),
            "set(string)[\"a\", \"b\"]"
        );
        assert_eq!(
            ok("tomap", vec![object(vec![("a", b(true)), ("b", s("x"))])]),
            "map(string){a = \"true\", b = \"x\"}"
        );
        assert_eq!(
            ok("tolist", vec![tuple(vec![null(Type::Dynamic), n(1)])]),
            "list(number)[null:number, 1]"
        );
    }

    #[test]
    fn to_functions_keep_nulls_typed() {
        assert_eq!(ok("tostring", vec![null(Type::Dynamic)]), "null:string");
        assert_eq!(ok("tonumber", vec![null(Type::Dynamic)]), "null:number");
        assert_eq!(ok("tobool", vec![null(Type::String)]), "null:bool");
        assert_eq!(ok("tolist", vec![null(Type::Dynamic)]), "null:list(any)");
        assert_eq!(ok("toset", vec![null(Type::Dynamic)]), "null:set(any)");
        assert_eq!(ok("tomap", vec![null(Type::Dynamic)]), "null:map(any)");
    }

    #[test]
    fn to_functions_refuse_impossible_types() {
        let param = |m: &str| format!("invalid value for \"v\" parameter: {m}");
        assert_eq!(
            err("tostring", vec![tuple(vec![])]),
            param("cannot convert tuple to string")
        );
        assert_eq!(
            err("tostring", vec![object(vec![])]),
            param("cannot convert object to string")
        );
        assert_eq!(
            err("tobool", vec![n(1)]),
            param("cannot convert number to bool")
        );
        assert_eq!(
            err("tonumber", vec![b(true)]),
            param("cannot convert bool to number")
        );
        assert_eq!(
            err("tolist", vec![s("a")]),
            param("cannot convert string to list of any single type")
        );
        assert_eq!(
            err("tolist", vec![tuple(vec![n(1), b(true)])]),
            param("cannot convert tuple to list of any single type")
        );
        assert_eq!(
            err("tolist", vec![map(Type::Number, vec![("a", n(1))])]),
            param("cannot convert map of number to list of any single type")
        );
        assert_eq!(
            err("toset", vec![tuple(vec![n(1), tuple(vec![n(2)])])]),
            param("cannot convert tuple to set of any single type")
        );
        assert_eq!(
            err("tomap", vec![tuple(vec![])]),
            param("cannot convert tuple to map of any single type")
        );
        assert_eq!(
            err("tomap", vec![list(Type::Dynamic, vec![])]),
            param("cannot convert list of dynamic to map of any single type")
        );
        assert_eq!(
            err(
                "tomap",
                vec![object(vec![("a", n(1)), ("b", numbers(&[1]))])]
            ),
            param("cannot convert object to map of any single type")
        );
        // The type check sees through marks and unknowns.
        assert_eq!(
            err("tostring", vec![secret(tuple(vec![]))]),
            param("cannot convert tuple to string")
        );
        assert_eq!(
            err("tostring", vec![unknown(Type::list(Type::String))]),
            param("cannot convert list of string to string")
        );
    }

    #[test]
    fn to_functions_explain_bad_strings() {
        let param = |m: &str| format!("invalid value for \"v\" parameter: {m}");
        assert_eq!(
            err("tobool", vec![s("yes")]),
            param(
                "cannot convert \"yes\" to bool; only the strings \"true\" or \"false\" are allowed"
            )
        );
        assert_eq!(
            err("tonumber", vec![s("abc")]),
            param(
                "cannot convert \"abc\" to number; given string must be a decimal representation of a number"
            )
        );
        assert_eq!(
            err("tobool", vec![secret(s("x"))]),
            param("cannot convert this sensitive string to bool")
        );
        assert_eq!(
            err("tonumber", vec![secret(s("x"))]),
            param("cannot convert this sensitive string to number")
        );
    }

    #[test]
    fn to_functions_with_unknown_and_marked_values() {
        assert_eq!(
            ok("tostring", vec![unknown(Type::Number)]),
            "unknown:string"
        );
        assert_eq!(
            ok("tolist", vec![unknown(Type::Dynamic)]),
            "unknown:list(any)"
        );
        assert_eq!(ok("tostring", vec![secret(s("a"))]), "sensitive(\"a\")");
        assert_eq!(
            ok("tostring", vec![secret(unknown(Type::String))]),
            "sensitive(unknown:string)"
        );
        assert_eq!(
            ok("tostring", vec![secret(null(Type::Dynamic))]),
            "sensitive(null:string)"
        );
        assert_eq!(
            ok("tolist", vec![list(Type::Number, vec![secret(n(1)), n(2)])]),
            "list(number)[sensitive(1), 2]"
        );
    }

    #[test]
    fn convert_with_a_type_constraint() {
        let show_result = |r: Result<terrace_types::Value, _>| match r {
            Ok(v) => show(&v),
            Err(e) => format!("error: {e}"),
        };
        assert_eq!(show_result(call_convert(s("a"), &Type::String)), "\"a\"");
        assert_eq!(
            show_result(call_convert(null(Type::Dynamic), &Type::String)),
            "null:string"
        );
        assert_eq!(
            show_result(call_convert(null(Type::Dynamic), &Type::list(Type::String))),
            "null:list(string)"
        );
        assert_eq!(
            show_result(call_convert(
                unknown(Type::Dynamic),
                &Type::list(Type::String)
            )),
            "unknown:list(string)"
        );
        assert_eq!(
            show_result(call_convert(secret(s("a")), &Type::String)),
            "sensitive(\"a\")"
        );
        assert_eq!(
            show_result(call_convert(object(vec![("a", n(1))]), &Type::Dynamic)),
            "{a = 1}"
        );
        let with_optional = {
            let mut o = terrace_types::ObjectType::default();
            o.attrs.insert("a", Type::Number);
            o.attrs.insert("b", Type::String);
            o.optional.insert("b".into());
            Type::Object(std::sync::Arc::new(o))
        };
        assert_eq!(
            show_result(call_convert(unknown(Type::Dynamic), &with_optional)),
            "unknown:object({a = number, b = string})"
        );
        // The conversion itself is terrace-types' (`convert(1, list(string))` fails there).
        assert!(call_convert(n(1), &Type::list(Type::String)).is_err());
        assert_eq!(
            err("convert", vec![n(1), s("x")]),
            "invalid value for \"type\" parameter: a type constraint expression such as list(string) is required"
        );
    }

    #[test]
    fn sensitive_marks_and_unmarks() {
        assert_eq!(ok("sensitive", vec![s("a")]), "sensitive(\"a\")");
        assert_eq!(
            ok("sensitive", vec![null(Type::Dynamic)]),
            "sensitive(null:any)"
        );
        assert_eq!(ok("sensitive", vec![secret(n(1))]), "sensitive(1)");
        assert_eq!(
            ok("sensitive", vec![unknown(Type::Dynamic)]),
            "sensitive(unknown:any)"
        );
        assert_eq!(ok("nonsensitive", vec![secret(s("a"))]), "\"a\"");
        assert_eq!(ok("nonsensitive", vec![s("a")]), "\"a\"");
        assert_eq!(ok("nonsensitive", vec![null(Type::Dynamic)]), "null:any");
        assert_eq!(
            ok(
                "nonsensitive",
                vec![unknown(Type::String).mark(Marks::SENSITIVE)]
            ),
            "unknown:string"
        );
        // Only the value's own mark goes.
        assert_eq!(
            ok(
                "nonsensitive",
                vec![secret(object(vec![("a", secret(n(1)))]))]
            ),
            "{a = sensitive(1)}"
        );
        let both = s("a").mark(Marks::SENSITIVE | Marks::EPHEMERAL);
        assert_eq!(ok("nonsensitive", vec![both]), "ephemeral(\"a\")");
    }

    #[test]
    fn issensitive_looks_at_the_value_itself() {
        assert_eq!(ok("issensitive", vec![secret(n(1))]), "true");
        assert_eq!(ok("issensitive", vec![n(1)]), "false");
        assert_eq!(ok("issensitive", vec![null(Type::Dynamic)]), "false");
        assert_eq!(ok("issensitive", vec![secret(null(Type::Dynamic))]), "true");
        assert_eq!(ok("issensitive", vec![tuple(vec![secret(n(1))])]), "false");
        assert_eq!(
            ok("issensitive", vec![unknown(Type::String)]),
            "unknown:bool"
        );
        assert_eq!(
            ok("issensitive", vec![secret(unknown(Type::String))]),
            "true"
        );
    }

    #[test]
    fn ephemeralasnull_replaces_ephemeral_parts() {
        assert_eq!(ok("ephemeralasnull", vec![s("x")]), "\"x\"");
        assert_eq!(ok("ephemeralasnull", vec![null(Type::Dynamic)]), "null:any");
        assert_eq!(ok("ephemeralasnull", vec![secret(n(1))]), "sensitive(1)");
        let ephemeral = |v: terrace_types::Value| v.mark(Marks::EPHEMERAL);
        assert_eq!(
            ok("ephemeralasnull", vec![ephemeral(s("x"))]),
            "null:string"
        );
        let partly = object(vec![("a", ephemeral(s("x"))), ("b", n(1))]);
        assert_eq!(
            ok("ephemeralasnull", vec![partly]),
            "{a = null:string, b = 1}"
        );
        let secret_and_ephemeral = s("x").mark(Marks::SENSITIVE | Marks::EPHEMERAL);
        assert_eq!(
            ok("ephemeralasnull", vec![secret_and_ephemeral]),
            "sensitive(null:string)"
        );
        assert_eq!(
            ok("ephemeralasnull", vec![ephemeral(unknown(Type::Number))]),
            "unknown:number"
        );
        assert_eq!(
            ok(
                "ephemeralasnull",
                vec![tuple(vec![ephemeral(tuple(vec![n(1)]))])]
            ),
            "[null:tuple([number])]"
        );
    }
}
