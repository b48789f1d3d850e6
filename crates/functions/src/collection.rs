//! Collection functions: lookups and reshaping of lists, maps, objects and tuples
//! (`length`, `keys`, `lookup`, `merge`, `zipmap` …). Sequence functions live in
//! `sequence.rs` and set algebra in `set.rs`; [`register`] adds all three.

use std::collections::BTreeMap;

use terrace_types::{Key, Marks, Repr, Type, Value, convert, grapheme_len, quote, unify};

use super::context::CallContext;
use super::error::FunctionError;
use super::go_panic::{go_type, panic_error};
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds the collection, sequence and set functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    for function in functions() {
        table.insert(function);
    }
    super::sequence::register(table);
    super::set::register(table);
}

fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "alltrue",
            params: vec![Param::new("list", Type::list(Type::Bool))],
            variadic: None,
            return_type: ReturnType::Static(bool_type),
            description: "Returns true when every element of the given list is true (also when \
                          the list is empty), and false otherwise.",
            implementation: alltrue,
            impure: false,
        },
        Function {
            name: "anytrue",
            params: vec![Param::new("list", Type::list(Type::Bool))],
            variadic: None,
            return_type: ReturnType::Static(bool_type),
            description: "Returns true when at least one element of the given list is true, and \
                          false otherwise (also when the list is empty).",
            implementation: anytrue,
            impure: false,
        },
        Function {
            name: "coalesce",
            params: vec![],
            variadic: Some(
                Param::new("vals", Type::Dynamic)
                    .allow_unknown()
                    .allow_null(),
            ),
            return_type: ReturnType::Dynamic(coalesce_type),
            description: "Returns the first of its arguments that is neither null nor an empty \
                          string. All arguments are converted to one common type first.",
            implementation: coalesce,
            impure: false,
        },
        Function {
            name: "coalescelist",
            params: vec![],
            variadic: Some(
                Param::new("vals", Type::Dynamic)
                    .allow_unknown()
                    .allow_null(),
            ),
            return_type: ReturnType::Dynamic(coalescelist_type),
            description: "Returns the first of its list or tuple arguments that is not empty.",
            implementation: coalescelist,
            impure: false,
        },
        Function {
            name: "compact",
            params: vec![Param::new("list", Type::list(Type::String))],
            variadic: None,
            return_type: ReturnType::Static(list_of_string),
            description: "Returns the given list of strings without its null and empty-string \
                          elements.",
            implementation: compact,
            impure: false,
        },
        Function {
            name: "contains",
            params: vec![
                Param::new("list", Type::Dynamic),
                Param::new("value", Type::Dynamic),
            ],
            variadic: None,
            return_type: ReturnType::Static(bool_type),
            description: "Returns true when the given list, tuple or set has an element equal to \
                          the given value (of the same type), and false otherwise.",
            implementation: contains,
            impure: false,
        },
        Function {
            name: "distinct",
            params: vec![Param::new("list", Type::list(Type::Dynamic))],
            variadic: None,
            return_type: ReturnType::Dynamic(first_arg_type),
            description: "Returns the given list without duplicate elements, keeping the first \
                          occurrence of each value in its original order.",
            implementation: distinct,
            impure: false,
        },
        Function {
            name: "index",
            params: vec![
                Param::new("list", Type::Dynamic),
                Param::new("value", Type::Dynamic),
            ],
            variadic: None,
            return_type: ReturnType::Static(number_type),
            description: "Returns the index of the first element of the given list or tuple that \
                          equals the given value, or an error when there is none.",
            implementation: index,
            impure: false,
        },
        Function {
            name: "keys",
            params: vec![
                Param::new("inputMap", Type::Dynamic)
                    .allow_unknown()
                    .allow_marked()
                    .refuse_dynamic_type(),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(keys_type),
            description: "Returns the keys of the given map, or the attribute names of the given \
                          object, in lexical order.",
            implementation: keys,
            impure: false,
        },
        Function {
            name: "length",
            params: vec![
                Param::new("value", Type::Dynamic)
                    .allow_unknown()
                    .allow_marked(),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(length_type),
            description: "Returns the number of elements of a list, set or tuple, of entries of a \
                          map, of attributes of an object, or of characters (grapheme clusters) \
                          of a string.",
            implementation: length,
            impure: false,
        },
        Function {
            name: "lookup",
            params: vec![
                Param::new("inputMap", Type::Dynamic)
                    .allow_unknown()
                    .allow_marked()
                    .refuse_dynamic_type(),
                Param::new("key", Type::String)
                    .allow_unknown()
                    .allow_marked()
                    .refuse_dynamic_type(),
            ],
            variadic: Some(
                Param::new("default", Type::Dynamic)
                    .allow_unknown()
                    .allow_null()
                    .allow_marked(),
            ),
            return_type: ReturnType::Dynamic(lookup_type),
            description: "Returns the element of the given map (or attribute of the given object) \
                          with the given key, or the default given as third argument when there \
                          is none; without a default a missing key is an error.",
            implementation: lookup,
            impure: false,
        },
        Function {
            name: "matchkeys",
            params: vec![
                Param::new("values", Type::list(Type::Dynamic)),
                Param::new("keys", Type::list(Type::Dynamic)),
                Param::new("searchset", Type::list(Type::Dynamic)),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(matchkeys_type),
            description: "Returns the elements of the first list whose corresponding elements (at \
                          the same index) in the second list appear in the third list.",
            implementation: matchkeys,
            impure: false,
        },
        Function {
            name: "merge",
            params: vec![],
            variadic: Some(
                Param::new("maps", Type::Dynamic)
                    .allow_null()
                    .allow_marked()
                    .allow_dynamic_type(),
            ),
            return_type: ReturnType::Dynamic(merge_type),
            description: "Merges maps or objects into one; when a key appears more than once, the \
                          last argument wins. All maps of one type give a map, anything else an \
                          object.",
            implementation: merge,
            impure: false,
        },
        Function {
            name: "one",
            params: vec![Param::new("list", Type::Dynamic)],
            variadic: None,
            return_type: ReturnType::Dynamic(one_type),
            description: "Returns the only element of a list, set or tuple with one element, or \
                          null when it has none; more elements are an error.",
            implementation: one,
            impure: false,
        },
        Function {
            name: "sort",
            params: vec![
                Param::new("list", Type::list(Type::String))
                    .allow_unknown()
                    .refuse_dynamic_type(),
            ],
            variadic: None,
            return_type: ReturnType::Static(list_of_string),
            description: "Returns the given strings sorted lexically (by their bytes, so \
                          upper case before lower case and \"10\" before \"9\"). Numbers are \
                          converted to strings first.",
            implementation: sort,
            impure: false,
        },
        Function {
            name: "transpose",
            params: vec![Param::new("values", Type::map(Type::list(Type::String)))],
            variadic: None,
            return_type: ReturnType::Static(map_of_list_of_string),
            description: "Swaps the keys and values of a map of lists of strings: each string in \
                          the lists becomes a key whose value lists, sorted, the keys it came from.",
            implementation: transpose,
            impure: false,
        },
        Function {
            name: "values",
            params: vec![Param::new("mapping", Type::Dynamic).allow_marked()],
            variadic: None,
            return_type: ReturnType::Dynamic(values_type),
            description: "Returns the values of the given map, or of the attributes of the given \
                          object, in the lexical order of their keys.",
            implementation: values,
            impure: false,
        },
        Function {
            name: "zipmap",
            params: vec![
                Param::new("keys", Type::list(Type::String)).allow_marked(),
                Param::new("values", Type::Dynamic).allow_marked(),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(zipmap_type),
            description: "Builds a map from a list of keys and a list of values of the same \
                          length (an object when the values are a tuple); a repeated key takes \
                          its last value.",
            implementation: zipmap,
            impure: false,
        },
    ]
}

// ---- parameter and type helpers shared with sequence.rs, set.rs and conversion.rs ----------

pub(super) fn bool_type() -> Type {
    Type::Bool
}

pub(super) fn number_type() -> Type {
    Type::Number
}

fn list_of_string() -> Type {
    Type::list(Type::String)
}

fn map_of_list_of_string() -> Type {
    Type::map(Type::list(Type::String))
}

pub(super) fn first_arg_type(args: &[Value]) -> Result<Type, FunctionError> {
    Ok(args[0].ty().clone())
}

/// A list of `elems`, typed by them as cty's `ListVal` types one (`elem_ty` when there are none).
pub(super) fn list_value(elem_ty: &Type, elems: impl IntoIterator<Item = Value>) -> Value {
    Value::list_of_elements(elem_ty.clone(), elems)
}

/// The element type of a list, set or map type (`any` for other types).
pub(super) fn element_type(ty: &Type) -> Type {
    ty.element_type().cloned().unwrap_or(Type::Dynamic)
}

/// cty's `Value.Equals`: `Some(bool)`, or `None` when unknowns decide.
pub(super) fn values_equal(a: &Value, b: &Value) -> Option<bool> {
    a.equals(b).as_bool()
}

/// `value` converted to `want`, for values the caller's type check says are convertible.
pub(super) fn convert_to(value: &Value, want: &Type) -> Result<Value, FunctionError> {
    convert(value, want).map_err(|e| FunctionError::new(e.message))
}

/// True when an argument's type is not known yet (the call protocol answers those calls
/// with an unknown value of unknown type).
pub(super) fn any_of_unknown_type(args: &[Value]) -> bool {
    args.iter()
        .any(|a| a.ty() == &Type::Dynamic && !a.is_known())
}

/// The elements of a known list, set or tuple (nothing for other values).
pub(super) fn elements(v: &Value) -> terrace_types::Seq {
    v.as_seq().cloned().unwrap_or_default()
}

// ---- alltrue, anytrue ------------------------------------------------------------------------

fn alltrue(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    for v in elements(&args[0]) {
        if !v.is_known() {
            return Ok(Value::unknown(Type::Bool));
        }
        if v.as_bool() != Some(true) {
            return Ok(Value::bool(false));
        }
    }
    Ok(Value::bool(true))
}

fn anytrue(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let mut has_unknown = false;
    for v in elements(&args[0]) {
        if !v.is_known() {
            has_unknown = true;
        } else if v.as_bool() == Some(true) {
            return Ok(Value::bool(true));
        }
    }
    Ok(if has_unknown {
        Value::unknown(Type::Bool)
    } else {
        Value::bool(false)
    })
}

// ---- coalesce, coalescelist, compact -------------------------------------------------------------

fn coalesce_type(args: &[Value]) -> Result<Type, FunctionError> {
    let types: Vec<Type> = args.iter().map(|v| v.ty().clone()).collect();
    unify(&types).ok_or_else(|| FunctionError::new("all arguments must have the same type"))
}

fn coalesce(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let result_type = coalesce_type(args)?;
    for arg in args {
        let arg = convert_to(arg, &result_type)?;
        if !arg.is_known() {
            return Ok(Value::unknown(result_type));
        }
        if arg.is_null() || arg.as_str() == Some("") {
            continue;
        }
        return Ok(arg);
    }
    Err(FunctionError::new(
        "no non-null, non-empty-string arguments",
    ))
}

fn coalescelist_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::new("at least one argument is required"));
    }
    for arg in args {
        if !arg.is_known() {
            return Ok(Type::Dynamic);
        }
        if !arg.ty().is_sequence() {
            return Err(FunctionError::new(
                "coalescelist arguments must be lists or tuples",
            ));
        }
    }
    let first = args[0].ty();
    Ok(if args.iter().all(|a| a.ty() == first) {
        first.clone()
    } else {
        Type::Dynamic
    })
}

fn coalescelist(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    for arg in args {
        if !arg.is_known() {
            return Ok(Value::unknown(coalescelist_type(args)?));
        }
        if arg.is_null() {
            continue;
        }
        if arg.length().unwrap_or(0) > 0 {
            return Ok(arg.clone());
        }
    }
    Err(FunctionError::new("no non-null arguments"))
}

fn compact(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let list = &args[0];
    if !list.is_wholly_known() {
        return Ok(Value::unknown(list_of_string()));
    }
    let kept = elements(list)
        .into_iter()
        .filter(|v| !v.is_null() && v.as_str() != Some(""));
    Ok(list_value(&Type::String, kept))
}

// ---- contains, distinct, index ------------------------------------------------------------------

fn contains(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (list, value) = (&args[0], &args[1]);
    if !matches!(list.ty(), Type::List(_) | Type::Tuple(_) | Type::Set(_)) {
        return Err(FunctionError::new("argument must be list, tuple, or set"));
    }
    let elems = elements(list);
    if elems.is_empty() {
        return Ok(Value::bool(false));
    }
    let mut has_unknown = false;
    for v in &elems {
        match values_equal(value, v) {
            Some(true) => return Ok(Value::bool(true)),
            Some(false) => {}
            None => has_unknown = true,
        }
    }
    Ok(if has_unknown {
        Value::unknown(Type::Bool)
    } else {
        Value::bool(false)
    })
}

fn distinct(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let list = &args[0];
    if !list.is_wholly_known() {
        return Ok(Value::unknown(list.ty().clone()));
    }
    let mut kept: Vec<Value> = Vec::new();
    for v in elements(list) {
        if !kept.iter().any(|k| values_equal(k, &v) == Some(true)) {
            kept.push(v);
        }
    }
    Ok(list_value(&element_type(list.ty()), kept))
}

fn index(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (list, value) = (&args[0], &args[1]);
    if !list.ty().is_sequence() {
        return Err(FunctionError::new("argument must be a list or tuple"));
    }
    let elems = elements(list);
    if elems.is_empty() {
        return Err(FunctionError::new("cannot search an empty list"));
    }
    for (i, v) in elems.iter().enumerate() {
        match values_equal(v, value) {
            Some(true) => return Ok(Value::int(i as i64)),
            Some(false) => {}
            None => return Ok(Value::unknown(Type::Number)),
        }
    }
    Err(FunctionError::new("item not found"))
}

// ---- keys, values, length ----------------------------------------------------------------------

fn keys_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].ty() {
        Type::Map(_) => Ok(list_of_string()),
        Type::Object(o) => Ok(Type::tuple(o.attrs.keys().map(|_| Type::String))),
        _ => Err(FunctionError::arg(0, "must have map or object type")),
    }
}

fn keys(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    if any_of_unknown_type(args) {
        return Ok(Value::unknown(Type::Dynamic).mark(args[0].marks()));
    }
    let (map, marks) = args[0].clone().unmark();
    let result = match map.ty() {
        // Attribute names come from the type, so an unknown object still has known keys.
        Type::Object(o) => Value::tuple(o.attrs.keys().map(Value::string)),
        _ if !map.is_known() => Value::unknown(list_of_string()),
        _ => list_value(
            &Type::String,
            map.as_attrs()
                .map(|attrs| attrs.keys().map(Value::string).collect::<Vec<_>>())
                .unwrap_or_default(),
        ),
    };
    Ok(result.mark(marks))
}

fn values_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].ty() {
        Type::Map(e) => Ok(Type::list((**e).clone())),
        Type::Object(o) => Ok(Type::tuple(o.attrs.values().cloned())),
        _ => Err(FunctionError::new(
            "values() requires a map as the first argument",
        )),
    }
}

fn values(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (map, marks) = args[0].clone().unmark();
    let vals: Vec<Value> = map
        .as_attrs()
        .map(|attrs| attrs.values().cloned().collect())
        .unwrap_or_default();
    let result = match map.ty() {
        Type::Object(_) => Value::tuple(vals),
        ty => list_value(&element_type(ty), vals),
    };
    Ok(result.mark(marks))
}

fn length_type(args: &[Value]) -> Result<Type, FunctionError> {
    let ty = args[0].ty();
    if ty == &Type::String || ty == &Type::Dynamic || ty.is_collection() || ty.is_structural() {
        Ok(Type::Number)
    } else {
        Err(FunctionError::new(
            "argument must be a string, a collection type, or a structural type",
        ))
    }
}

fn length(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (value, marks) = args[0].clone().unmark();
    let result = match value.ty() {
        Type::Tuple(elems) => Value::int(elems.len() as i64),
        Type::Object(o) => Value::int(o.attrs.len() as i64),
        _ if !value.is_known() => Value::unknown(Type::Number),
        Type::String => Value::int(grapheme_len(value.as_str().unwrap_or_default()) as i64),
        Type::Set(_) => {
            // Unknown elements may turn out equal to others and merge with them.
            let n = value.length().unwrap_or(0);
            if n == 1 || value.is_wholly_known() {
                Value::int(n as i64)
            } else {
                Value::unknown(Type::Number)
            }
        }
        _ => Value::int(value.length().unwrap_or(0) as i64),
    };
    Ok(result.mark(marks))
}

// ---- lookup --------------------------------------------------------------------------------------

fn lookup_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.len() > 3 {
        return Err(FunctionError::new(format!(
            "lookup() takes two or three arguments, got {}",
            args.len()
        )));
    }
    let (map, key) = (&args[0], &args[1]);
    match map.ty() {
        Type::Object(o) => {
            let Some(key) = key.as_str() else {
                return Ok(Type::Dynamic);
            };
            if let Some(ty) = o.attrs.get(key) {
                Ok(ty.clone())
            } else if let Some(default) = args.get(2) {
                Ok(default.ty().clone())
            } else {
                Err(FunctionError::arg(
                    0,
                    format!("the given object has no attribute {}", quote(key)),
                ))
            }
        }
        Type::Map(elem) => {
            if let Some(default) = args.get(2) {
                let (default, _) = default.clone().unmark_deep();
                if convert(&default, elem).is_err() {
                    return Err(FunctionError::arg(
                        2,
                        "the default value must have the same type as the map elements",
                    ));
                }
            }
            Ok((**elem).clone())
        }
        _ => Err(FunctionError::arg(
            0,
            "lookup() requires a map as the first argument",
        )),
    }
}

fn lookup(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    if any_of_unknown_type(&args[..2]) {
        let marks = args[0].marks() | args[1].marks();
        return Ok(Value::unknown(Type::Dynamic).mark(marks));
    }
    let result_type = {
        let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
        lookup_type(&plain)?
    };
    let (map, map_marks) = args[0].clone().unmark();
    let (key, key_marks) = args[1].clone().unmark();
    let marks = map_marks | key_marks;
    if !map.is_known() || !key.is_known() {
        return Ok(Value::unknown(result_type).mark(marks));
    }
    let key = key.as_str().unwrap_or_default();
    if let Some(found) = map.as_attrs().and_then(|attrs| attrs.get(key)) {
        return Ok(found.clone().mark(marks));
    }
    if let Some(default) = args.get(2) {
        let (default, default_marks) = default.clone().unmark();
        let default = convert_to(&default, &result_type)?;
        return Ok(default.mark(default_marks | marks));
    }
    let shown = if key_marks.is_sensitive() {
        "(sensitive value)".to_string()
    } else {
        quote(key)
    };
    Err(FunctionError::new(format!(
        "lookup failed to find key {shown}"
    )))
}

// ---- matchkeys -------------------------------------------------------------------------------------

fn matchkeys_type(args: &[Value]) -> Result<Type, FunctionError> {
    unify(&[args[1].ty().clone(), args[2].ty().clone()])
        .ok_or_else(|| FunctionError::new("keys and searchset must be of the same type"))?;
    Ok(args[0].ty().clone())
}

fn matchkeys(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (vals, keys, searchset) = (&args[0], &args[1], &args[2]);
    let result_elem = element_type(vals.ty());
    let vals_elems = elements(vals);
    if vals_elems.len() != keys.length().unwrap_or(0) {
        return Err(FunctionError::new(
            "length of keys and values should be equal",
        ));
    }
    let common = unify(&[keys.ty().clone(), searchset.ty().clone()])
        .ok_or_else(|| FunctionError::new("keys and searchset must be of the same type"))?;
    let keys = convert_to(keys, &common)?;
    let searchset = convert_to(searchset, &common)?;
    let search = elements(&searchset);
    if search.is_empty() {
        return Ok(list_value(&result_elem, []));
    }
    if !vals.is_wholly_known() || !keys.is_wholly_known() {
        return Ok(Value::unknown(vals.ty().clone()));
    }
    let mut output = Vec::new();
    for (i, key) in elements(&keys).iter().enumerate() {
        for candidate in &search {
            match values_equal(key, candidate) {
                None => return Ok(list_value(&result_elem, [])),
                Some(true) => {
                    output.push(vals_elems[i].clone());
                    break;
                }
                Some(false) => {}
            }
        }
    }
    Ok(list_value(&result_elem, output))
}

// ---- merge ---------------------------------------------------------------------------------------

fn merge_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.is_empty() {
        return Ok(Type::empty_object());
    }
    let mut attrs: BTreeMap<Key, Type> = BTreeMap::new();
    let mut attrs_known = true;
    for arg in args {
        let ty = arg.ty();
        if ty == &Type::Dynamic {
            return Ok(Type::Dynamic);
        }
        match ty {
            Type::Object(o) => {
                if !arg.is_null() {
                    attrs.extend(o.attrs.iter().map(|(k, t)| (k.clone(), t.clone())));
                }
            }
            Type::Map(elem) => {
                if let Some(entries) = arg.as_attrs() {
                    for k in entries.keys() {
                        attrs.insert(k.clone(), (**elem).clone());
                    }
                } else if !arg.is_known() {
                    attrs_known = false;
                }
            }
            other => {
                return Err(FunctionError::new(format!(
                    "arguments must be maps or objects, got \"{}\"",
                    other.friendly_name()
                )));
            }
        }
    }
    let first = args[0].ty();
    if args.iter().all(|a| a.ty() == first) {
        return Ok(first.clone());
    }
    if !attrs_known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::object(attrs))
}

fn merge(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let result_type = {
        let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
        merge_type(&plain)?
    };
    // Collected, then sorted once (later arguments win), not inserted one by one.
    let mut merged: Vec<(Key, Value)> = Vec::new();
    let mut marks = Marks::NONE;
    for arg in args {
        if arg.is_null() {
            continue;
        }
        let (arg, arg_marks) = arg.clone().unmark();
        marks |= arg_marks;
        match (arg.ty(), arg.repr()) {
            (Type::Map(_) | Type::Object(_), _) => {
                if let Some(entries) = arg.as_attrs() {
                    for (k, v) in entries {
                        merged.push((k.clone(), v.clone()));
                    }
                }
            }
            // Past an argument of unknown type, cty's type check stops looking, and its
            // implementation iterates whatever follows: a set's elements are their own
            // keys; a list's or tuple's keys are numbers, which panic as keys.
            (Type::Set(_), Repr::Seq(elems)) => {
                for elem in elems {
                    let key = match (elem.repr(), elem.is_null(), elem.is_known()) {
                        (_, true, _) => return Err(panic_error("value is null")),
                        (_, _, false) => return Err(panic_error("value is unknown")),
                        (Repr::String(key), _, _) => key.clone(),
                        _ => return Err(panic_error("not a string")),
                    };
                    merged.push((Key::from(&*key), elem.clone()));
                }
            }
            (Type::List(_) | Type::Tuple(_), Repr::Seq(elems)) if !elems.is_empty() => {
                return Err(panic_error("not a string"));
            }
            (Type::List(_) | Type::Tuple(_), _) => {}
            _ => {
                return Err(panic_error(
                    "attempt to iterate on non-collection, non-tuple type",
                ));
            }
        }
    }
    // All arguments of one object type, all null: cty promises that type and returns
    // an empty object, which its call check refuses.
    if let Type::Object(object) = &result_type
        && let Some(name) = object.attrs.keys().next()
        && args.iter().all(Value::is_null)
    {
        return Err(panic_error(format!(
            "returned value cty.EmptyObjectVal does not conform to expected return type {}: missing required attribute {name:?}",
            go_type(&result_type)
        )));
    }
    let result = match &result_type {
        Type::Map(elem) => Value::map((**elem).clone(), merged),
        _ => Value::object(merged),
    };
    Ok(result.mark(marks))
}

// ---- one -----------------------------------------------------------------------------------------

const ONE_ERROR: &str = "must be a list, set, or tuple value with either zero or one elements";

fn one_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].ty() {
        Type::List(e) | Type::Set(e) => Ok((**e).clone()),
        Type::Tuple(es) if es.is_empty() => Ok(Type::Dynamic),
        Type::Tuple(es) if es.len() == 1 => Ok(es[0].clone()),
        _ => Err(FunctionError::arg(0, ONE_ERROR)),
    }
}

fn one(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let list = &args[0];
    let result_type = one_type(args)?;
    let elems = elements(list);
    if matches!(list.ty(), Type::Set(_)) && elems.len() > 1 && !list.is_wholly_known() {
        // Unknown elements may merge with the others: the length is not known yet.
        return Ok(Value::unknown(result_type));
    }
    match elems.len() {
        0 => Ok(Value::null(result_type)),
        1 => Ok(elems[0].clone()),
        _ => Err(FunctionError::arg(0, ONE_ERROR)),
    }
}

// ---- sort, transpose -----------------------------------------------------------------------------

fn sort(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let list = &args[0];
    if !list.is_wholly_known() {
        return Ok(Value::unknown(list_of_string()));
    }
    let mut strings: Vec<&str> = Vec::new();
    let elems = elements(list);
    for (i, v) in elems.iter().enumerate() {
        match v.as_str() {
            Some(s) => strings.push(s),
            None => {
                return Err(FunctionError::new(format!(
                    "given list element {i} is null; a null string cannot be sorted"
                )));
            }
        }
    }
    strings.sort_unstable();
    Ok(list_value(
        &Type::String,
        strings.into_iter().map(Value::string).collect::<Vec<_>>(),
    ))
}

fn transpose(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let input = &args[0];
    if !input.is_wholly_known() {
        return Ok(Value::unknown(map_of_list_of_string()));
    }
    let mut swapped: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (key, list) in input.as_attrs().cloned().unwrap_or_default() {
        if list.is_null() {
            return Err(FunctionError::new("input must not contain null list"));
        }
        for v in elements(&list) {
            let Some(s) = v.as_str() else {
                return Err(FunctionError::new(
                    "input list must not contain null string",
                ));
            };
            swapped
                .entry(s.to_string())
                .or_default()
                .push(key.to_string());
        }
    }
    let entries = swapped.into_iter().map(|(k, mut from)| {
        from.sort();
        (
            k,
            list_value(&Type::String, from.into_iter().map(Value::string)),
        )
    });
    Ok(Value::map(Type::list(Type::String), entries))
}

// ---- zipmap --------------------------------------------------------------------------------------

fn zipmap_type(args: &[Value]) -> Result<Type, FunctionError> {
    let (keys, vals) = (&args[0], &args[1]);
    match vals.ty() {
        Type::List(e) => Ok(Type::map((**e).clone())),
        Type::Tuple(etys) => {
            if !keys.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let key_elems = elements(keys);
            if key_elems.len() != etys.len() {
                return Err(key_count_error(key_elems.len(), etys.len()));
            }
            let mut attrs = BTreeMap::new();
            for (i, (k, ty)) in key_elems.iter().zip(etys.iter()).enumerate() {
                let Some(name) = k.as_str() else {
                    return Err(FunctionError::new(format!(
                        "keys list has null value at index {i}"
                    )));
                };
                attrs.insert(name.to_string(), ty.clone());
            }
            Ok(Type::object(attrs))
        }
        _ => Err(FunctionError::new(
            "values argument must be a list or tuple value",
        )),
    }
}

fn key_count_error(n_keys: usize, n_values: usize) -> FunctionError {
    FunctionError::new(format!(
        "number of keys ({n_keys}) does not match number of values ({n_values})"
    ))
}

fn zipmap(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let result_type = {
        let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
        zipmap_type(&plain)?
    };
    let (keys, keys_marks) = args[0].clone().unmark();
    let (vals, vals_marks) = args[1].clone().unmark();
    let mut marks = keys_marks | vals_marks;
    if !keys.is_wholly_known() {
        return Ok(Value::unknown(result_type).mark(marks));
    }
    let key_elems = elements(&keys);
    let val_elems = elements(&vals);
    if key_elems.len() != val_elems.len() {
        return Err(key_count_error(key_elems.len(), val_elems.len()));
    }
    // Collected, then sorted once (a later repeated key wins), not inserted one by one.
    let mut entries: Vec<(Key, Value)> = Vec::with_capacity(key_elems.len());
    for (i, (k, v)) in key_elems.into_iter().zip(val_elems).enumerate() {
        // Keys cannot carry marks: a marked key marks the whole result.
        let (k, k_marks) = k.unmark();
        marks |= k_marks;
        let Some(name) = k.as_str() else {
            return Err(FunctionError::new(format!(
                "keys list has null value at index {i}"
            )));
        };
        entries.push((Key::from(name), v));
    }
    let result = match &result_type {
        Type::Map(elem) => Value::map((**elem).clone(), entries),
        _ => Value::object(entries),
    };
    Ok(result.mark(marks))
}

#[cfg(test)]
mod tests {
    use terrace_types::Type;

    use super::super::test_support::*;
    use super::values_equal;

    #[test]
    fn alltrue_and_anytrue() {
        let bools = |items: Vec<terrace_types::Value>| list(Type::Bool, items);
        assert_eq!(ok("alltrue", vec![bools(vec![])]), "true");
        assert_eq!(ok("alltrue", vec![bools(vec![b(true), b(true)])]), "true");
        assert_eq!(ok("alltrue", vec![bools(vec![b(true), b(false)])]), "false");
        assert_eq!(ok("alltrue", vec![bools(vec![null(Type::Bool)])]), "false");
        assert_eq!(
            ok("alltrue", vec![bools(vec![b(true), unknown(Type::Bool)])]),
            "unknown:bool"
        );
        assert_eq!(
            ok("alltrue", vec![bools(vec![b(false), unknown(Type::Bool)])]),
            "false"
        );
        assert_eq!(ok("anytrue", vec![bools(vec![])]), "false");
        assert_eq!(
            ok("anytrue", vec![bools(vec![null(Type::Bool), b(true)])]),
            "true"
        );
        assert_eq!(
            ok("anytrue", vec![bools(vec![unknown(Type::Bool), b(true)])]),
            "true"
        );
        assert_eq!(
            ok("anytrue", vec![bools(vec![unknown(Type::Bool), b(false)])]),
            "unknown:bool"
        );
        assert_eq!(
            err("alltrue", vec![null(Type::list(Type::Bool))]),
            "invalid value for \"list\" parameter: argument must not be null"
        );
        assert_eq!(
            ok("anytrue", vec![unknown(Type::list(Type::Bool))]),
            "unknown:bool"
        );
        assert_eq!(
            ok("alltrue", vec![secret(bools(vec![b(true)]))]),
            "sensitive(true)"
        );
    }

    #[test]
    fn coalesce_skips_nulls_and_empty_strings() {
        assert_eq!(ok("coalesce", vec![null(Type::Dynamic), s("a")]), "\"a\"");
        assert_eq!(ok("coalesce", vec![s(""), s("b")]), "\"b\"");
        assert_eq!(ok("coalesce", vec![n(0), n(1)]), "0");
        assert_eq!(ok("coalesce", vec![b(false), b(true)]), "false");
        assert_eq!(ok("coalesce", vec![s("ü"), s("b")]), "\"ü\"");
        assert_eq!(
            err("coalesce", vec![s(""), s("")]),
            "call to function \"coalesce\" failed: no non-null, non-empty-string arguments"
        );
        assert_eq!(
            err("coalesce", vec![]),
            "call to function \"coalesce\" failed: all arguments must have the same type"
        );
        assert_eq!(
            err("coalesce", vec![tuple(vec![n(1)]), s("a")]),
            "call to function \"coalesce\" failed: all arguments must have the same type"
        );
        assert_eq!(
            ok("coalesce", vec![unknown(Type::String), s("b")]),
            "unknown:string"
        );
        assert_eq!(ok("coalesce", vec![s("a"), unknown(Type::String)]), "\"a\"");
        assert_eq!(
            ok("coalesce", vec![null(Type::String), secret(s("x"))]),
            "sensitive(\"x\")"
        );
    }

    #[test]
    fn coalescelist_returns_first_non_empty() {
        assert_eq!(
            ok("coalescelist", vec![tuple(vec![]), tuple(vec![s("a")])]),
            "[\"a\"]"
        );
        assert_eq!(
            ok("coalescelist", vec![strings(&["a"]), strings(&["b"])]),
            "list(string)[\"a\"]"
        );
        assert_eq!(
            ok(
                "coalescelist",
                vec![null(Type::list(Type::String)), strings(&["b"])]
            ),
            "list(string)[\"b\"]"
        );
        assert_eq!(
            err("coalescelist", vec![tuple(vec![]), tuple(vec![])]),
            "call to function \"coalescelist\" failed: no non-null arguments"
        );
        assert_eq!(
            err("coalescelist", vec![]),
            "call to function \"coalescelist\" failed: at least one argument is required"
        );
        assert_eq!(
            err("coalescelist", vec![s("a")]),
            "call to function \"coalescelist\" failed: coalescelist arguments must be lists or tuples"
        );
        assert_eq!(
            err("coalescelist", vec![set(Type::String, vec![s("a")])]),
            "call to function \"coalescelist\" failed: coalescelist arguments must be lists or tuples"
        );
        assert_eq!(
            ok(
                "coalescelist",
                vec![unknown(Type::list(Type::String)), strings(&["b"])]
            ),
            "unknown:any"
        );
        assert_eq!(
            ok(
                "coalescelist",
                vec![strings(&["a"]), unknown(Type::list(Type::String))]
            ),
            "list(string)[\"a\"]"
        );
    }

    #[test]
    fn compact_drops_nulls_and_empty_strings() {
        let with_null = list(
            Type::String,
            vec![s("a"), null(Type::String), s(""), s("é")],
        );
        assert_eq!(ok("compact", vec![with_null]), "list(string)[\"a\", \"é\"]");
        assert_eq!(ok("compact", vec![strings(&[])]), "list(string)[]");
        assert_eq!(ok("compact", vec![strings(&["", ""])]), "list(string)[]");
        assert_eq!(
            ok(
                "compact",
                vec![list(Type::String, vec![s("a"), unknown(Type::String)])]
            ),
            "unknown:list(string)"
        );
        assert_eq!(
            err("compact", vec![null(Type::list(Type::String))]),
            "invalid value for \"list\" parameter: argument must not be null"
        );
    }

    #[test]
    fn contains_compares_values_of_the_same_type() {
        assert_eq!(ok("contains", vec![strings(&["a", "b"]), s("a")]), "true");
        assert_eq!(ok("contains", vec![strings(&["a", "b"]), s("c")]), "false");
        assert_eq!(ok("contains", vec![numbers(&[1, 2]), s("1")]), "false");
        assert_eq!(ok("contains", vec![tuple(vec![]), s("a")]), "false");
        assert_eq!(
            ok("contains", vec![set(Type::Number, vec![n(1), n(2)]), n(2)]),
            "true"
        );
        assert_eq!(
            ok(
                "contains",
                vec![
                    tuple(vec![tuple(vec![n(1), n(2)])]),
                    tuple(vec![n(1), n(2)])
                ]
            ),
            "true"
        );
        assert_eq!(
            ok(
                "contains",
                vec![tuple(vec![tuple(vec![n(1), n(2)])]), numbers(&[1, 2])]
            ),
            "false"
        );
        assert_eq!(
            err("contains", vec![s("abc"), s("a")]),
            "call to function \"contains\" failed: argument must be list, tuple, or set"
        );
        assert_eq!(
            err("contains", vec![strings(&["a"]), null(Type::String)]),
            "invalid value for \"value\" parameter: argument must not be null"
        );
        assert_eq!(
            ok(
                "contains",
                vec![list(Type::String, vec![unknown(Type::String)]), s("a")]
            ),
            "unknown:bool"
        );
        assert_eq!(
            ok(
                "contains",
                vec![
                    list(Type::String, vec![unknown(Type::String), s("a")]),
                    s("a")
                ]
            ),
            "true"
        );
        assert_eq!(
            ok(
                "contains",
                vec![list(Type::String, vec![unknown(Type::String)]), n(1)]
            ),
            "false"
        );
        assert_eq!(
            ok("contains", vec![unknown(Type::list(Type::String)), s("a")]),
            "unknown:bool"
        );
        assert_eq!(
            ok("contains", vec![tuple(vec![secret(n(1))]), n(2)]),
            "sensitive(false)"
        );
    }

    #[test]
    fn distinct_keeps_first_occurrences_in_order() {
        assert_eq!(
            ok("distinct", vec![strings(&["b", "a", "b", "c", "a"])]),
            "list(string)[\"b\", \"a\", \"c\"]"
        );
        assert_eq!(
            ok("distinct", vec![list(Type::Dynamic, vec![])]),
            "list(any)[]"
        );
        assert_eq!(
            ok(
                "distinct",
                vec![list(
                    Type::String,
                    vec![null(Type::String), null(Type::String)]
                )]
            ),
            "list(string)[null:string]"
        );
        let nested = list(
            Type::list(Type::Number),
            vec![numbers(&[1]), numbers(&[1]), numbers(&[2])],
        );
        assert_eq!(
            ok("distinct", vec![nested]),
            "list(list(number))[list(number)[1], list(number)[2]]"
        );
        assert_eq!(
            ok(
                "distinct",
                vec![list(Type::String, vec![s("a"), unknown(Type::String)])]
            ),
            "unknown:list(string)"
        );
    }

    #[test]
    fn index_finds_the_first_match() {
        assert_eq!(ok("index", vec![strings(&["a", "b", "a"]), s("a")]), "0");
        assert_eq!(ok("index", vec![tuple(vec![s("a"), n(1)]), n(1)]), "1");
        assert_eq!(
            err("index", vec![strings(&["a"]), s("c")]),
            "call to function \"index\" failed: item not found"
        );
        assert_eq!(
            err("index", vec![tuple(vec![]), s("a")]),
            "call to function \"index\" failed: cannot search an empty list"
        );
        assert_eq!(
            err("index", vec![set(Type::String, vec![s("a")]), s("a")]),
            "call to function \"index\" failed: argument must be a list or tuple"
        );
        assert_eq!(
            ok(
                "index",
                vec![
                    list(Type::String, vec![unknown(Type::String), s("a")]),
                    s("a")
                ]
            ),
            "unknown:number"
        );
        assert_eq!(
            ok(
                "index",
                vec![
                    list(Type::String, vec![s("a"), unknown(Type::String)]),
                    s("a")
                ]
            ),
            "0"
        );
        assert_eq!(
            err("index", vec![strings(&["a"]), null(Type::String)]),
            "invalid value for \"value\" parameter: argument must not be null"
        );
    }

    #[test]
    fn keys_of_maps_and_objects() {
        let m = map(Type::String, vec![("x", s("1")), ("a", s("2"))]);
        assert_eq!(ok("keys", vec![m]), "list(string)[\"a\", \"x\"]");
        let o = object(vec![("b", n(1)), ("a", s("x"))]);
        assert_eq!(ok("keys", vec![o]), "[\"a\", \"b\"]");
        assert_eq!(ok("keys", vec![object(vec![])]), "[]");
        assert_eq!(
            ok("keys", vec![map(Type::String, vec![])]),
            "list(string)[]"
        );
        assert_eq!(
            err("keys", vec![numbers(&[1])]),
            "invalid value for \"inputMap\" parameter: must have map or object type"
        );
        assert_eq!(
            err("keys", vec![null(Type::Dynamic)]),
            "invalid value for \"inputMap\" parameter: argument must not be null"
        );
        // An unknown object still has known attribute names.
        let unknown_object = unknown(Type::object([("b", Type::String), ("a", Type::Number)]));
        assert_eq!(ok("keys", vec![unknown_object]), "[\"a\", \"b\"]");
        assert_eq!(
            ok("keys", vec![unknown(Type::map(Type::String))]),
            "unknown:list(string)"
        );
        assert_eq!(ok("keys", vec![unknown(Type::Dynamic)]), "unknown:any");
        assert_eq!(
            ok("keys", vec![secret(object(vec![("a", n(1))]))]),
            "sensitive([\"a\"])"
        );
        // Marks on the values do not reach the keys.
        assert_eq!(
            ok("keys", vec![map(Type::Number, vec![("a", secret(n(1)))])]),
            "list(string)[\"a\"]"
        );
    }

    #[test]
    fn values_of_maps_and_objects() {
        let m = map(Type::Number, vec![("b", n(1)), ("a", n(2))]);
        assert_eq!(ok("values", vec![m]), "list(number)[2, 1]");
        let o = object(vec![("b", s("x")), ("a", numbers(&[1]))]);
        assert_eq!(ok("values", vec![o]), "[list(number)[1], \"x\"]");
        assert_eq!(ok("values", vec![object(vec![])]), "[]");
        assert_eq!(
            ok("values", vec![map(Type::String, vec![])]),
            "list(string)[]"
        );
        assert_eq!(
            err("values", vec![numbers(&[1])]),
            "call to function \"values\" failed: values() requires a map as the first argument"
        );
        assert_eq!(
            err("values", vec![null(Type::map(Type::String))]),
            "invalid value for \"mapping\" parameter: argument must not be null"
        );
        assert_eq!(
            ok(
                "values",
                vec![object(vec![("a", secret(n(1))), ("b", n(2))])]
            ),
            "[sensitive(1), 2]"
        );
        assert_eq!(
            ok("values", vec![unknown(Type::map(Type::String))]),
            "unknown:list(string)"
        );
    }

    #[test]
    fn length_of_strings_collections_and_structures() {
        assert_eq!(ok("length", vec![s("🇩🇪")]), "1");
        assert_eq!(ok("length", vec![s("🇩🇪🇫🇷")]), "2");
        assert_eq!(ok("length", vec![s("e\u{301}")]), "1");
        assert_eq!(ok("length", vec![s("👨‍👩‍👧")]), "1");
        assert_eq!(ok("length", vec![s("")]), "0");
        assert_eq!(
            ok("length", vec![tuple(vec![null(Type::Dynamic), n(1)])]),
            "2"
        );
        assert_eq!(
            ok("length", vec![object(vec![("a", n(1)), ("b", n(2))])]),
            "2"
        );
        assert_eq!(
            ok("length", vec![map(Type::Number, vec![("a", n(1))])]),
            "1"
        );
        assert_eq!(
            ok("length", vec![set(Type::Number, vec![n(1), n(1), n(2)])]),
            "2"
        );
        assert_eq!(
            err("length", vec![n(1)]),
            "call to function \"length\" failed: argument must be a string, a collection type, or a structural type"
        );
        assert_eq!(
            err("length", vec![null(Type::String)]),
            "invalid value for \"value\" parameter: argument must not be null"
        );
        // A known list holding unknowns has a known length; an unknown list does not.
        assert_eq!(
            ok(
                "length",
                vec![list(Type::String, vec![unknown(Type::String), s("a")])]
            ),
            "2"
        );
        assert_eq!(
            ok("length", vec![unknown(Type::list(Type::String))]),
            "unknown:number"
        );
        assert_eq!(ok("length", vec![unknown(Type::String)]), "unknown:number");
        assert_eq!(ok("length", vec![unknown(Type::Dynamic)]), "unknown:number");
        assert_eq!(
            ok(
                "length",
                vec![unknown(Type::tuple([Type::String, Type::Bool]))]
            ),
            "2"
        );
        // Unknown set elements may merge with others once known.
        let set_with_unknowns = set(Type::String, vec![unknown(Type::String), s("a")]);
        assert_eq!(ok("length", vec![set_with_unknowns]), "unknown:number");
        let set_of_one_unknown = set(Type::String, vec![unknown(Type::String)]);
        assert_eq!(ok("length", vec![set_of_one_unknown]), "1");
        assert_eq!(ok("length", vec![secret(s("abc"))]), "sensitive(3)");
        assert_eq!(ok("length", vec![tuple(vec![secret(n(1))])]), "1");
    }

    #[test]
    fn lookup_in_maps_and_objects() {
        let o = object(vec![("a", s("x"))]);
        assert_eq!(ok("lookup", vec![o.clone(), s("a"), s("d")]), "\"x\"");
        assert_eq!(ok("lookup", vec![o.clone(), s("b"), s("d")]), "\"d\"");
        assert_eq!(
            err("lookup", vec![o.clone(), s("b")]),
            "invalid value for \"inputMap\" parameter: the given object has no attribute \"b\""
        );
        let m = map(Type::Number, vec![("a", n(1))]);
        assert_eq!(ok("lookup", vec![m.clone(), s("a"), n(0)]), "1");
        assert_eq!(ok("lookup", vec![m.clone(), s("z"), n(0)]), "0");
        assert_eq!(
            err("lookup", vec![m.clone(), s("z")]),
            "call to function \"lookup\" failed: lookup failed to find key \"z\""
        );
        assert_eq!(
            err("lookup", vec![m.clone(), secret(s("z"))]),
            "call to function \"lookup\" failed: lookup failed to find key (sensitive value)"
        );
        assert_eq!(
            err("lookup", vec![m.clone(), s("a"), tuple(vec![])]),
            "invalid value for \"default\" parameter: the default value must have the same type as the map elements"
        );
        assert_eq!(
            err("lookup", vec![m.clone(), s("a"), n(1), n(2)]),
            "call to function \"lookup\" failed: lookup() takes two or three arguments, got 4"
        );
        assert_eq!(
            err("lookup", vec![numbers(&[1]), s("a")]),
            "invalid value for \"inputMap\" parameter: lookup() requires a map as the first argument"
        );
        assert_eq!(
            err("lookup", vec![o.clone(), null(Type::String)]),
            "invalid value for \"key\" parameter: argument must not be null"
        );
        assert_eq!(
            ok("lookup", vec![o.clone(), unknown(Type::String)]),
            "unknown:any"
        );
        assert_eq!(
            ok("lookup", vec![unknown(Type::map(Type::Number)), s("a")]),
            "unknown:number"
        );
        let mixed = object(vec![("a", secret(n(1))), ("b", n(2))]);
        assert_eq!(ok("lookup", vec![mixed.clone(), s("b")]), "2");
        assert_eq!(ok("lookup", vec![mixed, s("a")]), "sensitive(1)");
        assert_eq!(
            ok("lookup", vec![secret(m.clone()), s("a")]),
            "sensitive(1)"
        );
        assert_eq!(ok("lookup", vec![m, s("b"), secret(n(2))]), "sensitive(2)");
        assert_eq!(
            ok(
                "lookup",
                vec![object(vec![("a", null(Type::Dynamic))]), s("a"), s("d")]
            ),
            "null:any"
        );
    }

    #[test]
    fn matchkeys_picks_values_by_key() {
        let vals = strings(&["i-123", "i-abc", "i-def"]);
        let keys = strings(&["us-west", "us-east", "us-east"]);
        assert_eq!(
            ok(
                "matchkeys",
                vec![vals.clone(), keys.clone(), strings(&["us-east"])]
            ),
            "list(string)[\"i-abc\", \"i-def\"]"
        );
        assert_eq!(
            ok("matchkeys", vec![vals.clone(), keys.clone(), strings(&[])]),
            "list(string)[]"
        );
        assert_eq!(
            ok(
                "matchkeys",
                vec![vals.clone(), keys.clone(), strings(&["eu"])]
            ),
            "list(string)[]"
        );
        assert_eq!(
            err(
                "matchkeys",
                vec![vals.clone(), strings(&["x"]), strings(&["x"])]
            ),
            "call to function \"matchkeys\" failed: length of keys and values should be equal"
        );
        assert_eq!(
            err(
                "matchkeys",
                vec![
                    strings(&["a"]),
                    list(Type::list(Type::Number), vec![numbers(&[1])]),
                    numbers(&[1])
                ]
            ),
            "call to function \"matchkeys\" failed: keys and searchset must be of the same type"
        );
        let unknown_key = list(
            Type::String,
            vec![s("us-west"), unknown(Type::String), s("x")],
        );
        assert_eq!(
            ok("matchkeys", vec![vals, unknown_key, strings(&["x"])]),
            "unknown:list(string)"
        );
    }

    #[test]
    fn merge_maps_and_objects() {
        assert_eq!(ok("merge", vec![]), "{}");
        assert_eq!(
            ok(
                "merge",
                vec![object(vec![("a", n(1))]), object(vec![("b", s("x"))])]
            ),
            "{a = 1, b = \"x\"}"
        );
        assert_eq!(
            ok(
                "merge",
                vec![object(vec![("a", n(1))]), object(vec![("a", s("x"))])]
            ),
            "{a = \"x\"}"
        );
        let m1 = map(Type::Number, vec![("a", n(1))]);
        let m2 = map(Type::Number, vec![("b", n(2))]);
        assert_eq!(
            ok("merge", vec![m1.clone(), m2]),
            "map(number){a = 1, b = 2}"
        );
        let m3 = map(Type::String, vec![("b", s("x"))]);
        assert_eq!(ok("merge", vec![m1.clone(), m3]), "{a = 1, b = \"x\"}");
        assert_eq!(ok("merge", vec![null(Type::Dynamic)]), "{}");
        assert_eq!(
            ok(
                "merge",
                vec![object(vec![("a", n(1))]), null(Type::Dynamic)]
            ),
            "{a = 1}"
        );
        assert_eq!(
            ok("merge", vec![map(Type::String, vec![])]),
            "map(string){}"
        );
        assert_eq!(
            err("merge", vec![object(vec![]), tuple(vec![n(1)])]),
            "call to function \"merge\" failed: arguments must be maps or objects, got \"tuple\""
        );
        assert_eq!(
            ok(
                "merge",
                vec![object(vec![("a", secret(n(1)))]), object(vec![("b", n(2))])]
            ),
            "{a = sensitive(1), b = 2}"
        );
        assert_eq!(
            ok(
                "merge",
                vec![secret(object(vec![("a", n(1))])), object(vec![("b", n(2))])]
            ),
            "sensitive({a = 1, b = 2})"
        );
        assert_eq!(
            ok("merge", vec![m1.clone(), unknown(Type::map(Type::Number))]),
            "unknown:map(number)"
        );
        assert_eq!(
            ok(
                "merge",
                vec![object(vec![]), unknown(Type::map(Type::Number))]
            ),
            "unknown:any"
        );
        assert_eq!(ok("merge", vec![m1, unknown(Type::Dynamic)]), "unknown:any");
    }

    #[test]
    fn one_takes_zero_or_one_element() {
        assert_eq!(ok("one", vec![tuple(vec![])]), "null:any");
        assert_eq!(ok("one", vec![tuple(vec![s("a")])]), "\"a\"");
        assert_eq!(ok("one", vec![strings(&[])]), "null:string");
        assert_eq!(ok("one", vec![strings(&["ü"])]), "\"ü\"");
        assert_eq!(
            ok("one", vec![set(Type::String, vec![s("a"), s("a")])]),
            "\"a\""
        );
        let message = "must be a list, set, or tuple value with either zero or one elements";
        assert_eq!(
            err("one", vec![strings(&["a", "b"])]),
            format!("invalid value for \"list\" parameter: {message}")
        );
        assert_eq!(
            err("one", vec![tuple(vec![s("a"), s("b")])]),
            format!("invalid value for \"list\" parameter: {message}")
        );
        assert_eq!(
            err("one", vec![s("a")]),
            format!("invalid value for \"list\" parameter: {message}")
        );
        assert_eq!(
            err("one", vec![null(Type::list(Type::String))]),
            "invalid value for \"list\" parameter: argument must not be null"
        );
        assert_eq!(
            ok("one", vec![unknown(Type::list(Type::String))]),
            "unknown:string"
        );
        let two_maybe_equal = set(Type::String, vec![s("a"), unknown(Type::String)]);
        assert_eq!(ok("one", vec![two_maybe_equal]), "unknown:string");
        assert_eq!(ok("one", vec![tuple(vec![secret(n(1))])]), "sensitive(1)");
    }

    #[test]
    fn sort_is_lexical_by_bytes() {
        assert_eq!(
            ok("sort", vec![strings(&["10", "9", "1"])]),
            "list(string)[\"1\", \"10\", \"9\"]"
        );
        assert_eq!(
            ok("sort", vec![strings(&["B", "a", "A", "b", "_"])]),
            "list(string)[\"A\", \"B\", \"_\", \"a\", \"b\"]"
        );
        assert_eq!(
            ok("sort", vec![strings(&["é", "e", "f"])]),
            "list(string)[\"e\", \"f\", \"é\"]"
        );
        assert_eq!(ok("sort", vec![strings(&[])]), "list(string)[]");
        assert_eq!(
            err(
                "sort",
                vec![list(Type::String, vec![s("a"), null(Type::String)])]
            ),
            "call to function \"sort\" failed: given list element 1 is null; a null string cannot be sorted"
        );
        assert_eq!(
            ok(
                "sort",
                vec![list(Type::String, vec![s("a"), unknown(Type::String)])]
            ),
            "unknown:list(string)"
        );
        assert_eq!(
            ok("sort", vec![unknown(Type::list(Type::String))]),
            "unknown:list(string)"
        );
        assert_eq!(
            ok(
                "sort",
                vec![list(Type::String, vec![secret(s("b")), s("a")])]
            ),
            "sensitive(list(string)[\"a\", \"b\"])"
        );
    }

    #[test]
    fn transpose_swaps_keys_and_values() {
        let input = map(
            Type::list(Type::String),
            vec![("a", strings(&["1", "2"])), ("b", strings(&["2", "3"]))],
        );
        assert_eq!(
            ok("transpose", vec![input]),
            "map(list(string)){1 = list(string)[\"a\"], 2 = list(string)[\"a\", \"b\"], 3 = list(string)[\"b\"]}"
        );
        let repeated = map(Type::list(Type::String), vec![("a", strings(&["x", "x"]))]);
        assert_eq!(
            ok("transpose", vec![repeated]),
            "map(list(string)){x = list(string)[\"a\", \"a\"]}"
        );
        assert_eq!(
            ok("transpose", vec![map(Type::list(Type::String), vec![])]),
            "map(list(string)){}"
        );
        let null_list = map(
            Type::list(Type::String),
            vec![("a", null(Type::list(Type::String)))],
        );
        assert_eq!(
            err("transpose", vec![null_list]),
            "call to function \"transpose\" failed: input must not contain null list"
        );
        let null_string = map(
            Type::list(Type::String),
            vec![("a", list(Type::String, vec![null(Type::String)]))],
        );
        assert_eq!(
            err("transpose", vec![null_string]),
            "call to function \"transpose\" failed: input list must not contain null string"
        );
        let with_unknown = map(
            Type::list(Type::String),
            vec![("a", list(Type::String, vec![unknown(Type::String)]))],
        );
        assert_eq!(
            ok("transpose", vec![with_unknown]),
            "unknown:map(list(string))"
        );
    }

    #[test]
    fn zipmap_builds_maps_and_objects() {
        assert_eq!(
            ok("zipmap", vec![strings(&["a", "b"]), numbers(&[1, 2])]),
            "map(number){a = 1, b = 2}"
        );
        assert_eq!(
            ok("zipmap", vec![strings(&["a", "a"]), numbers(&[1, 2])]),
            "map(number){a = 2}"
        );
        assert_eq!(
            ok(
                "zipmap",
                vec![strings(&["b", "a"]), tuple(vec![n(1), s("x")])]
            ),
            "{a = \"x\", b = 1}"
        );
        assert_eq!(ok("zipmap", vec![strings(&[]), tuple(vec![])]), "{}");
        assert_eq!(
            ok("zipmap", vec![strings(&[]), numbers(&[])]),
            "map(number){}"
        );
        assert_eq!(
            err("zipmap", vec![strings(&["a"]), tuple(vec![])]),
            "call to function \"zipmap\" failed: number of keys (1) does not match number of values (0)"
        );
        assert_eq!(
            err("zipmap", vec![strings(&["a"]), numbers(&[])]),
            "call to function \"zipmap\" failed: number of keys (1) does not match number of values (0)"
        );
        assert_eq!(
            err("zipmap", vec![strings(&["a"]), s("b")]),
            "call to function \"zipmap\" failed: values argument must be a list or tuple value"
        );
        assert_eq!(
            err(
                "zipmap",
                vec![
                    list(Type::String, vec![null(Type::String)]),
                    tuple(vec![n(1)])
                ]
            ),
            "call to function \"zipmap\" failed: keys list has null value at index 0"
        );
        let unknown_key = list(Type::String, vec![unknown(Type::String)]);
        assert_eq!(
            ok("zipmap", vec![unknown_key.clone(), tuple(vec![n(1)])]),
            "unknown:any"
        );
        assert_eq!(
            ok("zipmap", vec![unknown_key, numbers(&[1])]),
            "unknown:map(number)"
        );
        assert_eq!(
            ok(
                "zipmap",
                vec![strings(&["a", "b"]), tuple(vec![secret(n(1)), n(2)])]
            ),
            "{a = sensitive(1), b = 2}"
        );
        let secret_key = list(Type::String, vec![secret(s("a")), s("b")]);
        assert_eq!(
            ok("zipmap", vec![secret_key, numbers(&[1, 2])]),
            "sensitive(map(number){a = 1, b = 2})"
        );
    }

    /// Arguments are converted to the parameter types first (Terraform's automatic conversion).
    #[test]
    fn arguments_are_converted() {
        assert_eq!(ok("alltrue", vec![tuple(vec![s("true"), b(true)])]), "true");
        assert_eq!(ok("anytrue", vec![tuple(vec![s("true")])]), "true");
        assert_eq!(
            ok("compact", vec![tuple(vec![n(1), s(""), n(2)])]),
            "list(string)[\"1\", \"2\"]"
        );
        assert_eq!(
            ok("distinct", vec![tuple(vec![s("a"), n(1), s("1")])]),
            "list(string)[\"a\", \"1\"]"
        );
        assert_eq!(ok("coalesce", vec![n(1), s("a")]), "\"1\"");
        assert_eq!(ok("coalesce", vec![s(""), n(0)]), "\"0\"");
        assert_eq!(
            ok(
                "coalesce",
                vec![object(vec![("a", n(1))]), object(vec![("b", n(2))])]
            ),
            "map(number){a = 1}"
        );
        assert_eq!(
            ok("coalesce", vec![tuple(vec![]), tuple(vec![s("a")])]),
            "list(string)[]"
        );
        assert_eq!(
            ok("sort", vec![tuple(vec![n(10), n(9), n(100)])]),
            "list(string)[\"10\", \"100\", \"9\"]"
        );
        assert_eq!(
            ok(
                "lookup",
                vec![map(Type::String, vec![("a", s("x"))]), s("b"), n(1)]
            ),
            "\"1\""
        );
        assert_eq!(
            ok(
                "lookup",
                vec![map(Type::Number, vec![("a", n(1))]), n(1), n(2)]
            ),
            "2"
        );
        assert_eq!(
            ok(
                "matchkeys",
                vec![
                    tuple(vec![s("a"), s("b")]),
                    tuple(vec![n(1), n(2)]),
                    tuple(vec![s("1")])
                ]
            ),
            "list(string)[\"a\"]"
        );
        assert_eq!(
            ok(
                "zipmap",
                vec![tuple(vec![n(1), n(2)]), tuple(vec![s("a"), s("b")])]
            ),
            "{1 = \"a\", 2 = \"b\"}"
        );
        assert_eq!(
            ok("keys", vec![object(vec![("a", null(Type::Dynamic))])]),
            "[\"a\"]"
        );
    }

    #[test]
    fn wrong_argument_types() {
        let param = |p: &str, m: &str| format!("invalid value for \"{p}\" parameter: {m}");
        assert_eq!(
            err("alltrue", vec![s("true")]),
            param("list", "list of bool required, but have string")
        );
        assert_eq!(
            err("anytrue", vec![n(1)]),
            param("list", "list of bool required, but have number")
        );
        assert!(err("alltrue", vec![tuple(vec![s("x")])]).ends_with("a bool is required"));
        assert_eq!(
            err("compact", vec![s("a")]),
            param("list", "list of string required, but have string")
        );
        assert_eq!(
            err("distinct", vec![s("a")]),
            param("list", "list of dynamic required, but have string")
        );
        assert_eq!(
            err(
                "matchkeys",
                vec![s("a"), tuple(vec![s("a")]), tuple(vec![s("a")])]
            ),
            param("values", "list of dynamic required, but have string")
        );
        assert_eq!(
            err("sort", vec![s("a")]),
            param("list", "list of string required, but have string")
        );
        assert_eq!(
            err("sort", vec![tuple(vec![tuple(vec![n(1)])])]),
            param("list", "element 0: string required, but have tuple")
        );
        assert_eq!(
            err("transpose", vec![tuple(vec![n(1)])]),
            param("values", "map of list of string required")
        );
        assert_eq!(
            err("transpose", vec![object(vec![("a", s("x"))])]),
            param(
                "values",
                "element \"a\": list of string required, but have string"
            )
        );
        assert_eq!(
            err("zipmap", vec![s("a"), tuple(vec![s("b")])]),
            param("keys", "list of string required, but have string")
        );
        assert_eq!(
            err(
                "lookup",
                vec![map(Type::Number, vec![("a", n(1))]), s("a"), s("x")]
            ),
            param(
                "default",
                "the default value must have the same type as the map elements"
            )
        );
        assert_eq!(
            err("length", vec![b(true)]),
            "call to function \"length\" failed: argument must be a string, a collection type, or a structural type"
        );
        assert_eq!(
            err("keys", vec![s("a")]),
            param("inputMap", "must have map or object type")
        );
        assert_eq!(
            err("merge", vec![object(vec![]), s("a")]),
            "call to function \"merge\" failed: arguments must be maps or objects, got \"string\""
        );
    }

    #[test]
    fn equality_follows_cty() {
        assert_eq!(values_equal(&n(1), &f(1.0)), Some(true));
        assert_eq!(values_equal(&n(1), &s("1")), Some(false));
        assert_eq!(
            values_equal(&null(Type::String), &null(Type::Number)),
            Some(true)
        );
        assert_eq!(values_equal(&null(Type::String), &s("a")), Some(false));
        assert_eq!(values_equal(&unknown(Type::String), &s("a")), None);
        assert_eq!(values_equal(&unknown(Type::String), &n(1)), Some(false));
        assert_eq!(values_equal(&unknown(Type::Dynamic), &n(1)), None);
        assert_eq!(
            values_equal(&unknown(Type::String), &null(Type::String)),
            None
        );
        assert_eq!(
            values_equal(&strings(&["a", "b"]), &strings(&["a", "b"])),
            Some(true)
        );
        assert_eq!(
            values_equal(&strings(&["a"]), &strings(&["a", "b"])),
            Some(false)
        );
        assert_eq!(
            values_equal(
                &list(Type::String, vec![s("x"), unknown(Type::String)]),
                &strings(&["y", "z"])
            ),
            Some(false)
        );
        assert_eq!(
            values_equal(
                &list(Type::String, vec![s("x"), unknown(Type::String)]),
                &strings(&["x", "z"])
            ),
            None
        );
        assert_eq!(
            values_equal(&object(vec![("a", n(1))]), &object(vec![("a", n(1))])),
            Some(true)
        );
        assert_eq!(
            values_equal(&object(vec![("a", n(1))]), &object(vec![("b", n(1))])),
            Some(false)
        );
        assert_eq!(
            values_equal(
                &set(Type::Number, vec![n(2), n(1)]),
                &set(Type::Number, vec![n(1), n(2)])
            ),
            Some(true)
        );
    }
}
