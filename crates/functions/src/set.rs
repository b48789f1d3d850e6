//! Set functions: `setintersection`, `setproduct`, `setsubtract`, `setunion`.

use std::cmp::Ordering;

use terrace_types::{Marks, Type, Value, set_order_compare, unify};

use super::collection::{any_of_unknown_type, convert_to, elements, list_value};
use super::context::CallContext;
use super::error::FunctionError;
use super::go_panic::{go_type, panic_error};
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds the set functions to `table` (called by `collection::register`).
pub(super) fn register(table: &mut FunctionTable) {
    for function in functions() {
        table.insert(function);
    }
}

fn set_param(name: &'static str) -> Param {
    Param::new(name, Type::set(Type::Dynamic)).allow_dynamic_type()
}

fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "setintersection",
            params: vec![set_param("first_set")],
            variadic: Some(set_param("other_sets")),
            return_type: ReturnType::Dynamic(set_operation_type),
            description: "Returns the set of elements present in every given set. The elements \
                          are converted to one common type first.",
            implementation: setintersection,
            impure: false,
        },
        Function {
            name: "setproduct",
            params: vec![],
            variadic: Some(
                Param::new("sets", Type::Dynamic)
                    .allow_unknown()
                    .allow_marked()
                    .refuse_dynamic_type(),
            ),
            return_type: ReturnType::Dynamic(setproduct_type),
            description: "Returns every combination of one element from each of the given sets \
                          or lists, as tuples. When all arguments are lists (or tuples) the result \
                          is a list in the input order; otherwise it is a set.",
            implementation: setproduct,
            impure: false,
        },
        Function {
            name: "setsubtract",
            params: vec![set_param("a"), set_param("b")],
            variadic: None,
            return_type: ReturnType::Dynamic(set_operation_type),
            description: "Returns the elements of the first set that are not in the second set.",
            implementation: setsubtract,
            impure: false,
        },
        Function {
            name: "setunion",
            params: vec![set_param("first_set")],
            variadic: Some(set_param("other_sets")),
            return_type: ReturnType::Dynamic(set_operation_type),
            description: "Returns the set of elements present in any of the given sets. The \
                          elements are converted to one common type first.",
            implementation: setunion,
            impure: false,
        },
    ]
}

// ---- union, intersection, subtraction --------------------------------------------------------

fn set_operation_type(args: &[Value]) -> Result<Type, FunctionError> {
    let elem_types: Vec<Type> = args
        .iter()
        .filter_map(|arg| {
            let ety = arg.ty().element_type().cloned().unwrap_or(Type::Dynamic);
            // Empty sets of unknown element type convert to any set: they do not vote.
            let empty_dynamic = arg.length() == Some(0) && ety == Type::Dynamic;
            (!empty_dynamic).then_some(ety)
        })
        .collect();
    if elem_types.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    unify(&elem_types)
        .map(Type::set)
        .ok_or_else(|| FunctionError::new("given sets must all have compatible element types"))
}

/// Converts every argument to the result type and folds them with `op`; unless
/// `allow_unknowns`, a set with unknown elements makes the result unknown.
fn set_operation(
    args: &[Value],
    allow_unknowns: bool,
    op: fn(Vec<Value>, &[Value]) -> Vec<Value>,
) -> Result<Value, FunctionError> {
    let result_type = set_operation_type(args)?;
    let elem_type = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
    let mut sets = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let set = convert_to(arg, &result_type).map_err(|e| FunctionError::arg(i, e.message))?;
        if !allow_unknowns && !set.is_wholly_known() {
            return Ok(Value::unknown(result_type));
        }
        sets.push(elements(&set).into_iter().collect::<Vec<_>>());
    }
    if elem_type.is_dynamic() {
        // Sets converted to `set(any)` keep their own element types, and cty's set
        // operations panic on two sets of different ones.
        let own_type = |arg: &Value| -> Type {
            let ty = arg.clone().unmark_deep().0.ty().clone();
            ty.element_type().cloned().unwrap_or(Type::Dynamic)
        };
        let converted: Vec<Type> = args
            .iter()
            .map(|arg| convert_to(arg, &result_type).map_or(Type::Dynamic, |set| own_type(&set)))
            .collect();
        if let Some(other) = converted.iter().skip(1).find(|ty| **ty != converted[0]) {
            return Err(panic_error(format!(
                "incompatible set rules: cty.setRules{{Type:{}}}, cty.setRules{{Type:{}}}",
                go_type(&converted[0]),
                go_type(other)
            )));
        }
    }
    let mut sets = sets.into_iter();
    let first = sets.next().unwrap_or_default();
    let result = sets.fold(first, |acc, next| op(acc, &next));
    Ok(Value::set(elem_type, result))
}

fn same_element(a: &Value, b: &Value) -> bool {
    a.is_known() && b.is_known() && set_order_compare(a, b) == Ordering::Equal
}

fn setunion(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    set_operation(args, true, |mut acc, next| {
        acc.extend(next.iter().cloned());
        acc
    })
}

fn setintersection(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    set_operation(args, false, |acc, next| {
        acc.into_iter()
            .filter(|v| next.iter().any(|w| same_element(v, w)))
            .collect()
    })
}

fn setsubtract(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    set_operation(args, false, |acc, next| {
        acc.into_iter()
            .filter(|v| !next.iter().any(|w| same_element(v, w)))
            .collect()
    })
}

// ---- setproduct ------------------------------------------------------------------------------------

/// The most combinations `setproduct` builds. Terraform has no limit; this one only stops
/// inputs that would exhaust memory.
const PRODUCT_LIMIT: usize = 1_000_000;

fn setproduct_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.len() < 2 {
        return Err(FunctionError::new("at least two arguments are required"));
    }
    let mut n_lists = 0;
    let mut elem_types = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        match arg.ty() {
            Type::Set(e) => elem_types.push((**e).clone()),
            Type::List(e) => {
                elem_types.push((**e).clone());
                n_lists += 1;
            }
            Type::Tuple(etys) => {
                let ety = if etys.is_empty() {
                    Type::Dynamic
                } else {
                    unify(etys).ok_or_else(|| {
                        FunctionError::arg(i, "all elements must be of the same type")
                    })?
                };
                elem_types.push(ety);
                n_lists += 1;
            }
            _ => return Err(FunctionError::arg(i, "a set or a list is required")),
        }
    }
    let tuple = Type::tuple(elem_types);
    Ok(if n_lists == args.len() {
        Type::list(tuple)
    } else {
        Type::set(tuple)
    })
}

fn setproduct(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    if any_of_unknown_type(args) {
        let marks = args.iter().fold(Marks::NONE, |m, a| m | a.marks());
        return Ok(Value::unknown(Type::Dynamic).mark(marks));
    }
    let result_type = {
        let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
        setproduct_type(&plain)?
    };
    let tuple_type = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
    let part_types: Vec<Type> = tuple_type
        .tuple_elements()
        .map(|types| types.iter().cloned().collect())
        .unwrap_or_default();
    let mut marks = Marks::NONE;
    let mut unknown_length = false;
    let mut inputs: Vec<Vec<Value>> = Vec::with_capacity(args.len());
    for arg in args {
        let (arg, arg_marks) = arg.clone().unmark();
        marks |= arg_marks;
        // A set holding unknowns may shrink when they become known.
        let is_set = matches!(arg.ty(), Type::Set(_));
        if !arg.is_known() || (is_set && arg.length() != Some(1) && !arg.is_wholly_known()) {
            unknown_length = true;
            continue;
        }
        inputs.push(elements(&arg).into_iter().collect());
    }
    if unknown_length {
        return Ok(Value::unknown(result_type).mark(marks));
    }

    let total = inputs
        .iter()
        .try_fold(1usize, |acc, input| acc.checked_mul(input.len()));
    if total.is_none_or(|n| n > PRODUCT_LIMIT) {
        return Err(FunctionError::new(format!(
            "the product would have more than {PRODUCT_LIMIT} elements"
        )));
    }
    let mut combinations: Vec<Vec<Value>> = vec![Vec::new()];
    for (input, part_type) in inputs.iter().zip(&part_types) {
        let mut next = Vec::with_capacity(combinations.len() * input.len());
        for prefix in &combinations {
            for v in input {
                let v = if v.ty() == part_type {
                    v.clone()
                } else {
                    convert_to(v, part_type)?
                };
                let mut combination = prefix.clone();
                combination.push(v);
                next.push(combination);
            }
        }
        combinations = next;
    }
    let tuples = combinations.into_iter().map(Value::tuple);
    let result = if matches!(result_type, Type::List(_)) {
        list_value(&tuple_type, tuples)
    } else {
        // Set elements cannot carry marks: `Value::set` moves them to the set.
        Value::set(tuple_type, tuples)
    };
    Ok(result.mark(marks))
}

#[cfg(test)]
mod tests {
    use terrace_types::Type;

    use super::super::test_support::*;

    fn string_set(items: &[&str]) -> terrace_types::Value {
        set(Type::String, items.iter().map(|t| s(t)).collect())
    }

    #[test]
    fn arguments_are_converted() {
        assert_eq!(
            ok("setunion", vec![tuple(vec![n(1)]), tuple(vec![s("a")])]),
            "set(string)[\"1\", \"a\"]"
        );
        assert_eq!(
            ok(
                "setintersection",
                vec![tuple(vec![n(1)]), tuple(vec![s("1")])]
            ),
            "set(string)[\"1\"]"
        );
        assert_eq!(
            ok(
                "setsubtract",
                vec![tuple(vec![n(1), n(2)]), tuple(vec![s("1")])]
            ),
            "set(string)[\"2\"]"
        );
        assert_eq!(
            ok("setunion", vec![tuple(vec![b(true)]), tuple(vec![s("x")])]),
            "set(string)[\"true\", \"x\"]"
        );
        assert_eq!(
            ok(
                "setproduct",
                vec![tuple(vec![n(1), s("a")]), tuple(vec![s("x")])]
            ),
            "list(tuple([string, string]))[[\"1\", \"x\"], [\"a\", \"x\"]]"
        );
        assert_eq!(
            ok(
                "setunion",
                vec![
                    tuple(vec![tuple(vec![n(1)])]),
                    tuple(vec![tuple(vec![s("a")])])
                ]
            ),
            "set(tuple([string]))[[\"1\"], [\"a\"]]"
        );
    }

    #[test]
    fn wrong_argument_types() {
        let param = |p: &str, m: &str| format!("invalid value for \"{p}\" parameter: {m}");
        assert_eq!(
            err("setintersection", vec![s("a"), tuple(vec![s("a")])]),
            param("first_set", "set of dynamic required, but have string")
        );
        assert_eq!(
            err(
                "setunion",
                vec![object(vec![("a", n(1))]), tuple(vec![s("a")])]
            ),
            param("first_set", "set of any single type required")
        );
        assert_eq!(
            err(
                "setsubtract",
                vec![tuple(vec![s("a")]), tuple(vec![n(1), tuple(vec![n(2)])])]
            ),
            param("b", "all set elements must have the same type")
        );
        assert_eq!(
            err(
                "setproduct",
                vec![object(vec![("a", n(1))]), tuple(vec![s("b")])]
            ),
            param("sets", "a set or a list is required")
        );
    }

    #[test]
    fn setunion_merges_sets() {
        assert_eq!(
            ok(
                "setunion",
                vec![
                    string_set(&["a", "b"]),
                    string_set(&["b", "c"]),
                    string_set(&["d"])
                ]
            ),
            "set(string)[\"a\", \"b\", \"c\", \"d\"]"
        );
        assert_eq!(
            ok("setunion", vec![string_set(&["ä"])]),
            "set(string)[\"ä\"]"
        );
        assert_eq!(
            ok(
                "setunion",
                vec![set(Type::Dynamic, vec![]), set(Type::Dynamic, vec![])]
            ),
            "set(any)[]"
        );
        assert_eq!(
            ok(
                "setunion",
                vec![set(Type::Dynamic, vec![]), string_set(&["a"])]
            ),
            "set(string)[\"a\"]"
        );
        assert_eq!(
            err(
                "setunion",
                vec![
                    string_set(&["a"]),
                    set(Type::list(Type::Number), vec![numbers(&[1])])
                ]
            ),
            "call to function \"setunion\" failed: given sets must all have compatible element types"
        );
        assert_eq!(
            err(
                "setunion",
                vec![string_set(&["a"]), null(Type::set(Type::String))]
            ),
            "invalid value for \"other_sets\" parameter: argument must not be null"
        );
        // Union keeps unknown elements.
        let with_unknown = set(Type::String, vec![unknown(Type::String)]);
        assert_eq!(
            ok("setunion", vec![string_set(&["a"]), with_unknown]),
            "set(string)[\"a\", unknown:string]"
        );
        assert_eq!(
            ok(
                "setunion",
                vec![string_set(&["a"]), unknown(Type::set(Type::String))]
            ),
            "unknown:set(string)"
        );
        assert_eq!(
            ok(
                "setunion",
                vec![secret(string_set(&["a"])), string_set(&["b"])]
            ),
            "sensitive(set(string)[\"a\", \"b\"])"
        );
    }

    #[test]
    fn setintersection_keeps_common_elements() {
        assert_eq!(
            ok(
                "setintersection",
                vec![string_set(&["a", "b"]), string_set(&["b", "c"])]
            ),
            "set(string)[\"b\"]"
        );
        assert_eq!(
            ok(
                "setintersection",
                vec![
                    set(Type::Number, vec![n(1), n(2), n(3)]),
                    set(Type::Number, vec![n(3), n(2)]),
                    set(Type::Number, vec![n(2)])
                ]
            ),
            "set(number)[2]"
        );
        assert_eq!(
            ok("setintersection", vec![string_set(&["a"])]),
            "set(string)[\"a\"]"
        );
        assert_eq!(
            ok(
                "setintersection",
                vec![
                    string_set(&["a"]),
                    set(Type::Dynamic, vec![]),
                    string_set(&["a"])
                ]
            ),
            "set(string)[]"
        );
        assert_eq!(
            err(
                "setintersection",
                vec![
                    string_set(&["a"]),
                    set(Type::list(Type::Number), vec![numbers(&[1])])
                ]
            ),
            "call to function \"setintersection\" failed: given sets must all have compatible element types"
        );
        let with_unknown = set(Type::String, vec![s("b"), unknown(Type::String)]);
        assert_eq!(
            ok(
                "setintersection",
                vec![string_set(&["a", "b"]), with_unknown]
            ),
            "unknown:set(string)"
        );
    }

    #[test]
    fn setsubtract_removes_elements() {
        assert_eq!(
            ok(
                "setsubtract",
                vec![string_set(&["a", "b", "c"]), string_set(&["a", "c"])]
            ),
            "set(string)[\"b\"]"
        );
        assert_eq!(
            ok(
                "setsubtract",
                vec![set(Type::Dynamic, vec![]), string_set(&["a"])]
            ),
            "set(string)[]"
        );
        assert_eq!(
            ok(
                "setsubtract",
                vec![string_set(&["a"]), set(Type::Dynamic, vec![])]
            ),
            "set(string)[\"a\"]"
        );
        assert_eq!(
            err(
                "setsubtract",
                vec![string_set(&["a"]), null(Type::set(Type::String))]
            ),
            "invalid value for \"b\" parameter: argument must not be null"
        );
        let with_unknown = set(Type::String, vec![unknown(Type::String)]);
        assert_eq!(
            ok("setsubtract", vec![string_set(&["a"]), with_unknown]),
            "unknown:set(string)"
        );
    }

    #[test]
    fn setproduct_of_lists_and_sets() {
        assert_eq!(
            ok("setproduct", vec![strings(&["a", "b"]), numbers(&[1, 2])]),
            "list(tuple([string, number]))[[\"a\", 1], [\"a\", 2], [\"b\", 1], [\"b\", 2]]"
        );
        assert_eq!(
            ok(
                "setproduct",
                vec![string_set(&["b", "a"]), string_set(&["y", "x"])]
            ),
            "set(tuple([string, string]))[[\"a\", \"x\"], [\"a\", \"y\"], [\"b\", \"x\"], [\"b\", \"y\"]]"
        );
        assert_eq!(
            ok(
                "setproduct",
                vec![strings(&["a", "b"]), string_set(&["b", "a"])]
            ),
            "set(tuple([string, string]))[[\"a\", \"a\"], [\"a\", \"b\"], [\"b\", \"a\"], [\"b\", \"b\"]]"
        );
        // Lists keep duplicates and their order.
        assert_eq!(
            ok("setproduct", vec![strings(&["a", "a"]), strings(&["b"])]),
            "list(tuple([string, string]))[[\"a\", \"b\"], [\"a\", \"b\"]]"
        );
        assert_eq!(
            ok("setproduct", vec![tuple(vec![]), tuple(vec![s("a")])]),
            "list(tuple([any, string]))[]"
        );
        assert_eq!(
            ok(
                "setproduct",
                vec![set(Type::Dynamic, vec![]), tuple(vec![s("a")])]
            ),
            "set(tuple([any, string]))[]"
        );
        assert_eq!(
            ok(
                "setproduct",
                vec![strings(&["a"]), strings(&["b"]), strings(&["c"])]
            ),
            "list(tuple([string, string, string]))[[\"a\", \"b\", \"c\"]]"
        );
        assert_eq!(
            err("setproduct", vec![strings(&["a"])]),
            "call to function \"setproduct\" failed: at least two arguments are required"
        );
        assert_eq!(
            err("setproduct", vec![strings(&["a"]), s("b")]),
            "invalid value for \"sets\" parameter: a set or a list is required"
        );
        assert_eq!(
            err(
                "setproduct",
                vec![tuple(vec![tuple(vec![n(1)]), s("a")]), strings(&["x"])]
            ),
            "invalid value for \"sets\" parameter: all elements must be of the same type"
        );
        assert_eq!(
            err(
                "setproduct",
                vec![strings(&["a"]), null(Type::list(Type::String))]
            ),
            "invalid value for \"sets\" parameter: argument must not be null"
        );
        assert_eq!(
            ok(
                "setproduct",
                vec![strings(&["a"]), unknown(Type::list(Type::Number))]
            ),
            "unknown:list(tuple([string, number]))"
        );
        assert_eq!(
            ok("setproduct", vec![strings(&["a"]), unknown(Type::Dynamic)]),
            "unknown:any"
        );
        let maybe_equal = set(Type::String, vec![s("x"), unknown(Type::String)]);
        assert_eq!(
            ok("setproduct", vec![strings(&["a"]), maybe_equal]),
            "unknown:set(tuple([string, string]))"
        );
        let partly_secret = list(Type::Number, vec![secret(n(1))]);
        assert_eq!(
            ok("setproduct", vec![partly_secret.clone(), numbers(&[2])]),
            "list(tuple([number, number]))[[sensitive(1), 2]]"
        );
        // Set elements cannot be marked: the mark moves to the set.
        assert_eq!(
            ok(
                "setproduct",
                vec![partly_secret, set(Type::Number, vec![n(2)])]
            ),
            "sensitive(set(tuple([number, number]))[[1, 2]])"
        );
        assert_eq!(
            ok("setproduct", vec![secret(numbers(&[1])), numbers(&[2])]),
            "sensitive(list(tuple([number, number]))[[1, 2]])"
        );
    }
}
