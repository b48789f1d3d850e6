//! Type conversion functions (`tobool` … `tostring`, `convert`) and the sensitivity functions.
//!
//! `convert(value, type)` takes a type constraint expression as its second argument, which
//! an ordinary call cannot pass: the evaluator intercepts calls to `convert` and
//! `core::convert`, decodes the second argument as a type constraint, and calls
//! [`call_convert`] (the table entry exists for `:doc` and completion only).

use terrace_types::{Marks, ObjectType, Repr, Type, Value, convert};

use super::call::CallError;
use super::collection::{convert_to, dynamic_type};
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
            dynamic_type(Param::new("value", Type::Dynamic).allow_null()),
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
    if got == want || conversion_exists(got, want) {
        return Ok(want.clone());
    }
    Err(FunctionError::arg(
        0,
        format!(
            "cannot convert {} to {}",
            friendly_name(got),
            friendly_name_for_constraint(want)
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
            friendly_name(got),
            friendly_name_for_constraint(want)
        )
    } else {
        match (got, want, plain.as_str()) {
            (Type::String, Type::Bool, Some(s)) => format!(
                "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                go_quote(s)
            ),
            (Type::String, Type::Number, Some(s)) => format!(
                "cannot convert {} to number; given string must be a decimal representation of \
                 a number",
                go_quote(s)
            ),
            _ => format!(
                "cannot convert {} to {}",
                friendly_name(got),
                friendly_name_for_constraint(want)
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
#[allow(dead_code)] // Called by the evaluator, which is being written.
pub(crate) fn call_convert(value: Value, constraint: &Type) -> Result<Value, CallError> {
    // The `value` parameter allows null and values of unknown type, not unknown or marked
    // values: marks are removed here and put back on the result.
    let (value, marks) = value.unmark_deep();
    let result_type = without_optional_attributes(constraint);
    if !value.is_known() {
        return Ok(Value::unknown(result_type).mark(marks));
    }
    if value.is_null() && (value.ty() == &Type::Dynamic || !result_type.has_dynamic()) {
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
        Type::String | Type::Number | Type::Bool | Type::Dynamic => ty.clone(),
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

// ---- type helpers ----------------------------------------------------------------------------
//
// FIXME(types): these stand in for the conversion and unification API that terrace-types is
// growing (cty's `GetConversionUnsafe`, `UnifyUnsafe`, `FriendlyName`). Replace them with the
// types crate's versions once they land.

/// cty's `Type.FriendlyName`: `string`, `list of number`, `object`, `dynamic` …
pub(super) fn friendly_name(ty: &Type) -> String {
    match ty {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Dynamic => "dynamic".into(),
        Type::List(e) => format!("list of {}", friendly_name(e)),
        Type::Map(e) => format!("map of {}", friendly_name(e)),
        Type::Set(e) => format!("set of {}", friendly_name(e)),
        Type::Object(_) => "object".into(),
        Type::Tuple(_) => "tuple".into(),
    }
}

/// cty's `Type.FriendlyNameForConstraint`: like [`friendly_name`], with `any` spelled out.
pub(super) fn friendly_name_for_constraint(ty: &Type) -> String {
    fn element(e: &Type) -> String {
        if e == &Type::Dynamic {
            "any single type".into()
        } else {
            friendly_name_for_constraint(e)
        }
    }
    match ty {
        Type::Dynamic => "any type".into(),
        Type::List(e) => format!("list of {}", element(e)),
        Type::Map(e) => format!("map of {}", element(e)),
        Type::Set(e) => format!("set of {}", element(e)),
        other => friendly_name(other),
    }
}

/// True when a value of type `from` may convert to `to` (cty's unsafe conversions, decided
/// on types alone: a string may still fail to become a number).
pub(super) fn conversion_exists(from: &Type, to: &Type) -> bool {
    if from == to || to == &Type::Dynamic || from == &Type::Dynamic {
        return true;
    }
    match (from, to) {
        (Type::Number | Type::Bool, Type::String) | (Type::String, Type::Number | Type::Bool) => {
            true
        }
        (Type::Object(f), Type::Object(t)) => object_conversion_exists(f, t),
        (Type::Tuple(f), Type::Tuple(t)) => {
            f.len() == t.len() && f.iter().zip(t.iter()).all(|(a, b)| conversion_exists(a, b))
        }
        (Type::List(f) | Type::Set(f), Type::List(t) | Type::Set(t))
        | (Type::Map(f), Type::Map(t)) => conversion_exists(f, t),
        (Type::Tuple(f), Type::List(t) | Type::Set(t)) => elements_conversion_exists(f, t),
        (Type::Object(f), Type::Map(t)) => {
            let attr_types: Vec<Type> = f.attrs.values().cloned().collect();
            elements_conversion_exists(&attr_types, t)
        }
        (Type::Map(f), Type::Object(t)) => t.attrs.values().all(|a| conversion_exists(f, a)),
        _ => false,
    }
}

fn object_conversion_exists(from: &ObjectType, to: &ObjectType) -> bool {
    to.attrs
        .iter()
        .all(|(name, to_ty)| match from.attrs.get(name) {
            Some(from_ty) => conversion_exists(from_ty, to_ty),
            None => to.optional.contains(name),
        })
}

/// Whether structural elements of types `from` can all become elements of type `to`, where
/// `to` = `any` means "one common type".
fn elements_conversion_exists(from: &[Type], to: &Type) -> bool {
    if from.is_empty() {
        return true;
    }
    let target = if to == &Type::Dynamic {
        match unify_unsafe(from) {
            Some(Type::Dynamic) => return from.iter().all(|t| t == &Type::Dynamic),
            Some(t) => t,
            None => return false,
        }
    } else {
        to.clone()
    };
    from.iter().all(|t| conversion_exists(t, &target))
}

/// cty's `UnifyUnsafe`: the one type all of `types` can convert to, if there is one.
pub(super) fn unify_unsafe(types: &[Type]) -> Option<Type> {
    let first = types.first()?;
    if types.iter().all(|t| t == first) {
        return Some(first.clone());
    }
    let count = |pred: fn(&Type) -> bool| types.iter().filter(|t| pred(t)).count();
    let n_map = count(|t| matches!(t, Type::Map(_)));
    let n_list = count(|t| matches!(t, Type::List(_)));
    let n_set = count(|t| matches!(t, Type::Set(_)));
    let n_object = count(|t| matches!(t, Type::Object(_)));
    let n_tuple = count(|t| matches!(t, Type::Tuple(_)));
    let n_dynamic = count(|t| t == &Type::Dynamic);
    let n = types.len();
    let has_dynamic = n_dynamic > 0;
    if n_map > 0 && n_map + n_dynamic == n {
        return unify_collections(types, Type::map, has_dynamic);
    }
    if n_map > 0 && n_map + n_object + n_dynamic == n {
        if let Some(t @ Type::Map(_)) = unify_structural_as_collection(types, true) {
            return Some(t);
        }
    } else if n_list > 0 && n_list + n_dynamic == n {
        return unify_collections(types, Type::list, has_dynamic);
    } else if n_list > 0 && n_list + n_tuple + n_dynamic == n {
        if let Some(t @ Type::List(_)) = unify_structural_as_collection(types, false) {
            return Some(t);
        }
    } else if n_set > 0 && n_set + n_dynamic == n {
        return unify_collections(types, Type::set, has_dynamic);
    } else if n_object > 0 && n_object + n_dynamic == n {
        return unify_objects(types, has_dynamic);
    } else if n_tuple > 0 && n_tuple + n_dynamic == n {
        return unify_tuples(types, has_dynamic);
    } else if n_object > 0 && n_tuple > 0 {
        return None;
    }
    // Otherwise the most general type that every other type converts to.
    preference_order(types).into_iter().find_map(|want| {
        let want = &types[want];
        types
            .iter()
            .all(|t| t == want || conversion_exists(t, want))
            .then(|| want.clone())
    })
}

fn unify_collections(types: &[Type], make: fn(Type) -> Type, has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let elems: Vec<Type> = types
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    let result = make(unify_unsafe(&elems)?);
    types
        .iter()
        .all(|t| conversion_exists(t, &result))
        .then_some(result)
}

/// Unifies objects as maps (`as_map`) or tuples as lists, then with the other collections.
fn unify_structural_as_collection(types: &[Type], as_map: bool) -> Option<Type> {
    let structural: Vec<Type> = types
        .iter()
        .filter(|t| t.is_structural())
        .cloned()
        .collect();
    let collection = if as_map {
        unify_objects_to_map(&structural)?
    } else {
        unify_tuples_to_list(&structural)?
    };
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if t.is_structural() {
                collection.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    unify_unsafe(&replaced)
}

fn unify_objects(types: &[Type], has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let objects: Vec<&ObjectType> = types.iter().filter_map(Type::object_type).collect();
    let first = objects.first()?;
    let same_names = objects.iter().all(|o| {
        o.attrs.len() == first.attrs.len() && o.attrs.keys().all(|k| first.attrs.contains_key(k))
    });
    if !same_names {
        return unify_objects_to_map(types);
    }
    let mut attrs = Vec::new();
    for name in first.attrs.keys() {
        let across: Vec<Type> = objects.iter().map(|o| o.attrs[name].clone()).collect();
        attrs.push((name.clone(), unify_unsafe(&across)?));
    }
    let result = Type::object(attrs);
    if types.iter().all(|t| conversion_exists(t, &result)) {
        Some(result)
    } else {
        unify_objects_to_map(types)
    }
}

fn unify_objects_to_map(types: &[Type]) -> Option<Type> {
    let attr_types: Vec<Type> = types
        .iter()
        .filter_map(Type::object_type)
        .flat_map(|o| o.attrs.values().cloned())
        .collect();
    let result = Type::map(unify_unsafe(&attr_types)?);
    types
        .iter()
        .all(|t| conversion_exists(t, &result))
        .then_some(result)
}

fn unify_tuples(types: &[Type], has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let tuples: Vec<&[Type]> = types.iter().filter_map(Type::tuple_elements).collect();
    let first = tuples.first()?;
    if tuples.iter().any(|t| t.len() != first.len()) {
        return unify_tuples_to_list(types);
    }
    let mut elems = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = tuples.iter().map(|t| t[i].clone()).collect();
        elems.push(unify_unsafe(&across)?);
    }
    let result = Type::tuple(elems);
    if types.iter().all(|t| conversion_exists(t, &result)) {
        Some(result)
    } else {
        unify_tuples_to_list(types)
    }
}

fn unify_tuples_to_list(types: &[Type]) -> Option<Type> {
    let elem_types: Vec<Type> = types
        .iter()
        .filter_map(Type::tuple_elements)
        .flat_map(|t| t.iter().cloned())
        .collect();
    let result = Type::list(unify_unsafe(&elem_types)?);
    types
        .iter()
        .all(|t| conversion_exists(t, &result))
        .then_some(result)
}

/// Indexes of `types`, most preferred conversion target first (cty's `sortTypes`: a
/// topological order of "converts to" preferences, stable otherwise).
fn preference_order(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                std::cmp::Ordering::Less => edges[i].push(j),
                std::cmp::Ordering::Greater => edges[j].push(i),
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                order.push(j);
            }
        }
    }
    order
}

/// Less: `a` is the preferred target (the other converts to it).
fn compare_types(a: &Type, b: &Type) -> std::cmp::Ordering {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (a, b) {
        (Type::Dynamic, Type::Dynamic) => Equal,
        (_, Type::Dynamic) => Less,
        (Type::Dynamic, _) => Greater,
        (Type::String, t) if t.is_primitive() && t != &Type::String => Less,
        (t, Type::String) if t.is_primitive() && t != &Type::String => Greater,
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => compare_types(x, y),
        (Type::List(_), Type::Tuple(_))
        | (Type::Map(_), Type::Object(_))
        | (Type::Set(_), Type::Tuple(_) | Type::List(_)) => Less,
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(_), Type::Map(_))
        | (Type::Tuple(_) | Type::List(_), Type::Set(_)) => Greater,
        (Type::Object(x), Type::Object(y)) => {
            if x.attrs.len() != y.attrs.len() || x.attrs.keys().any(|k| !y.attrs.contains_key(k)) {
                return Equal;
            }
            supertype_order(
                x.attrs
                    .keys()
                    .map(|k| compare_types(&x.attrs[k], &y.attrs[k])),
            )
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return Equal;
            }
            supertype_order(x.iter().zip(y.iter()).map(|(p, q)| compare_types(p, q)))
        }
        _ => Equal,
    }
}

fn supertype_order(parts: impl Iterator<Item = std::cmp::Ordering>) -> std::cmp::Ordering {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let (mut a_super, mut b_super) = (false, false);
    for part in parts {
        match part {
            Less => a_super = true,
            Greater => b_super = true,
            Equal => {}
        }
    }
    match (a_super, b_super) {
        (true, false) => Less,
        (false, true) => Greater,
        _ => Equal,
    }
}

/// Go's `strconv.Quote` for the strings in error messages.
pub(super) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use terrace_types::{Marks, Type};

    use super::super::collection::test_support::*;
    use super::{call_convert, conversion_exists, go_quote, unify_unsafe};

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
            o.attrs.insert("a".into(), Type::Number);
            o.attrs.insert("b".into(), Type::String);
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

    #[test]
    fn unify_follows_cty() {
        let unify = |types: &[Type]| unify_unsafe(types).map(|t| show_type(&t));
        assert_eq!(unify(&[Type::Number, Type::String]), Some("string".into()));
        assert_eq!(unify(&[Type::Number, Type::Bool]), None);
        assert_eq!(unify(&[Type::Dynamic, Type::String]), Some("string".into()));
        assert_eq!(unify(&[]), None);
        assert_eq!(
            unify(&[Type::list(Type::String), Type::list(Type::Number)]),
            Some("list(string)".into())
        );
        assert_eq!(
            unify(&[Type::empty_tuple(), Type::tuple([Type::String])]),
            Some("list(string)".into())
        );
        assert_eq!(
            unify(&[Type::tuple([Type::Number]), Type::tuple([Type::String])]),
            Some("tuple([string])".into())
        );
        assert_eq!(
            unify(&[
                Type::object([("a", Type::Number)]),
                Type::object([("b", Type::Number)])
            ]),
            Some("map(number)".into())
        );
        assert_eq!(
            unify(&[
                Type::object([("a", Type::Number)]),
                Type::object([("a", Type::String)])
            ]),
            Some("object({a = string})".into())
        );
        assert_eq!(
            unify(&[Type::map(Type::Number), Type::object([("a", Type::String)])]),
            Some("map(string)".into())
        );
        assert_eq!(
            unify(&[
                Type::list(Type::String),
                Type::list(Type::tuple([Type::Number]))
            ]),
            None
        );
        assert_eq!(unify(&[Type::empty_object(), Type::empty_tuple()]), None);
        assert!(conversion_exists(&Type::String, &Type::Bool));
        assert!(!conversion_exists(&Type::Number, &Type::Bool));
        assert!(!conversion_exists(
            &Type::tuple([Type::Number, Type::Bool]),
            &Type::list(Type::Dynamic)
        ));
        assert!(conversion_exists(
            &Type::tuple([Type::Number, Type::String, Type::Bool]),
            &Type::list(Type::Dynamic)
        ));
    }

    #[test]
    fn go_quoting() {
        assert_eq!(go_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(go_quote("é\n\u{1}"), "\"é\\n\\x01\"");
    }
}
