//! Sequence functions: building and cutting lists and tuples
//! (`chunklist`, `concat`, `element`, `flatten`, `range`, `reverse`, `slice`).

use terrace_types::{Marks, Number, TupleTypeBuilder, Type, Value, unify};

use super::collection::{convert_to, element_type, elements, list_value};
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds the sequence functions to `table` (called by `collection::register`).
pub(super) fn register(table: &mut FunctionTable) {
    for function in functions() {
        table.insert(function);
    }
}

fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "chunklist",
            params: vec![
                Param::new("list", Type::list(Type::Dynamic)).allow_marked(),
                Param::new("size", Type::Number).allow_marked(),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(chunklist_type),
            description: "Splits a list into lists of at most the given size; all but the last \
                          have exactly that size. A size of 0 gives the whole list as one chunk.",
            implementation: chunklist,
            impure: false,
        },
        Function {
            name: "concat",
            params: vec![],
            variadic: Some(Param::new("seqs", Type::Dynamic).allow_marked()),
            return_type: ReturnType::Dynamic(concat_type),
            description: "Joins lists and tuples into one sequence, in order. Lists of one common \
                          element type give a list; anything else gives a tuple.",
            implementation: concat,
            impure: false,
        },
        Function {
            name: "element",
            params: vec![
                Param::new("list", Type::Dynamic).allow_marked(),
                Param::new("index", Type::Number),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(element_type_of_call),
            description: "Returns the element of a list or tuple at the given index, wrapping \
                          around: an index past the end starts again from the beginning, and a \
                          negative index counts from the end.",
            implementation: element,
            impure: false,
        },
        Function {
            name: "flatten",
            params: vec![Param::new("list", Type::Dynamic).allow_marked()],
            variadic: None,
            return_type: ReturnType::Dynamic(flatten_type),
            description: "Replaces every element of a list, set or tuple that is itself a list, \
                          set or tuple by its elements, recursively, giving one flat tuple.",
            implementation: flatten,
            impure: false,
        },
        Function {
            name: "range",
            params: vec![],
            variadic: Some(Param::new("params", Type::Number)),
            return_type: ReturnType::Static(list_of_number),
            description: "Returns a list of numbers: range(end), range(start, end) or \
                          range(start, end, step), from start (default 0) up to but excluding end, \
                          by step (default 1, or -1 when end is below start); at most 1024 \
                          numbers.",
            implementation: range,
            impure: false,
        },
        Function {
            name: "reverse",
            params: vec![Param::new("list", Type::Dynamic).allow_marked()],
            variadic: None,
            return_type: ReturnType::Dynamic(reverse_type),
            description: "Returns the elements of a list or tuple in reverse order (a set is \
                          reversed as a list in the set's order).",
            implementation: reverse,
            impure: false,
        },
        Function {
            name: "slice",
            params: vec![
                Param::new("list", Type::Dynamic).allow_marked(),
                Param::new("start_index", Type::Number),
                Param::new("end_index", Type::Number),
            ],
            variadic: None,
            return_type: ReturnType::Dynamic(slice_type),
            description: "Returns the elements of a list or tuple from start_index (included) to \
                          end_index (excluded).",
            implementation: slice,
            impure: false,
        },
    ]
}

fn list_of_number() -> Type {
    Type::list(Type::Number)
}

/// A number as a Go `int`, as `gocty.FromCtyValue` requires of indexes and sizes.
fn whole_number(n: &Number) -> Result<i64, String> {
    // FIXME(number): exact for integers beyond 2^53 once `Number` is arbitrary precision.
    n.to_i64().filter(|_| n.is_integer()).ok_or_else(|| {
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
            .to_string()
    })
}

// ---- chunklist -------------------------------------------------------------------------------

fn chunklist_type(args: &[Value]) -> Result<Type, FunctionError> {
    Ok(Type::list(args[0].ty().clone()))
}

fn chunklist(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (list, list_marks) = args[0].clone().unmark();
    let (size, size_marks) = args[1].clone().unmark();
    let marks = list_marks | size_marks;
    let size = size
        .as_number()
        .map(whole_number)
        .unwrap_or_else(|| Err("value must be a number".into()))
        .map_err(|e| FunctionError::new(format!("invalid size: {e}")))?;
    if size < 0 {
        return Err(FunctionError::new("the size argument must be positive"));
    }
    let list_ty = list.ty().clone();
    let elem_ty = element_type(&list_ty);
    let elems = elements(&list);
    if elems.is_empty() {
        return Ok(list_value(&list_ty, []).mark(marks));
    }
    if size == 0 {
        return Ok(list_value(&list_ty, [list]).mark(marks));
    }
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let elems: Vec<Value> = elems.into_iter().collect();
    let chunks = elems
        .chunks(size)
        .map(|chunk| list_value(&elem_ty, chunk.iter().cloned()))
        .collect::<Vec<_>>();
    Ok(list_value(&list_ty, chunks).mark(marks))
}

// ---- concat --------------------------------------------------------------------------------------

fn concat_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::new("at least one argument is required"));
    }
    if args.iter().all(|a| matches!(a.ty(), Type::List(_))) {
        let types: Vec<Type> = args.iter().map(|a| a.ty().clone()).collect();
        if let Some(common) = unify(&types) {
            return Ok(common);
        }
    }
    let mut elem_types = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        match arg.ty() {
            Type::Tuple(etys) => elem_types.extend(etys.iter().cloned()),
            Type::List(ety) => {
                if !arg.is_known() {
                    return Ok(Type::Dynamic);
                }
                let n = arg.length().unwrap_or(0);
                elem_types.extend(std::iter::repeat_n((**ety).clone(), n));
            }
            other => {
                return Err(FunctionError::arg(
                    i,
                    format!(
                        "all arguments must be lists or tuples; got {}",
                        other.friendly_name()
                    ),
                ));
            }
        }
    }
    Ok(Type::tuple(elem_types))
}

fn concat(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let result_type = {
        let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
        concat_type(&plain)?
    };
    let mut marks = Marks::NONE;
    let mut joined = Vec::new();
    for (i, seq) in args.iter().enumerate() {
        let (seq, seq_marks) = seq.clone().unmark();
        marks |= seq_marks;
        let seq = if matches!(result_type, Type::List(_)) {
            convert_to(&seq, &result_type).map_err(|e| FunctionError::arg(i, e.message))?
        } else {
            seq
        };
        joined.extend(elements(&seq));
    }
    let result = match &result_type {
        Type::List(elem) => list_value(elem, joined),
        _ => Value::tuple(joined),
    };
    Ok(result.mark(marks))
}

// ---- element -------------------------------------------------------------------------------------

fn element_type_of_call(args: &[Value]) -> Result<Type, FunctionError> {
    let (list, index) = (&args[0], &args[1]);
    match list.ty() {
        Type::List(e) => Ok((**e).clone()),
        Type::Tuple(etys) => {
            let Some(index) = index.as_number() else {
                return Ok(Type::Dynamic);
            };
            let index = whole_number(index)
                .map_err(|e| FunctionError::new(format!("invalid index: {e}")))?;
            if etys.is_empty() {
                return Err(FunctionError::new(
                    "cannot use element function with an empty list",
                ));
            }
            Ok(etys[wrap_index(index, etys.len())].clone())
        }
        other => Err(FunctionError::new(format!(
            "cannot read elements from {}",
            other.friendly_name()
        ))),
    }
}

/// `index` modulo `len` (Go's truncated remainder), moved into `0..len` when negative.
fn wrap_index(index: i64, len: usize) -> usize {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let mut i = index % len;
    if i < 0 {
        i += len;
    }
    usize::try_from(i).unwrap_or(0)
}

fn element(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let result_type = {
        let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
        element_type_of_call(&plain)?
    };
    let index = args[1]
        .as_number()
        .map(whole_number)
        .unwrap_or_else(|| Err("value must be a number".into()))
        .map_err(|e| FunctionError::new(format!("invalid index: {e}")))?;
    let (list, marks) = args[0].clone().unmark();
    if !list.is_known() {
        return Ok(Value::unknown(result_type).mark(marks));
    }
    let elems = elements(&list);
    if elems.is_empty() {
        return Err(FunctionError::new(
            "cannot use element function with an empty list",
        ));
    }
    Ok(elems[wrap_index(index, elems.len())].clone().mark(marks))
}

// ---- flatten -------------------------------------------------------------------------------------

fn flatten_type(args: &[Value]) -> Result<Type, FunctionError> {
    let list = &args[0];
    if !list.is_wholly_known() {
        return Ok(Type::Dynamic);
    }
    check_flattenable(list)?;
    // A wholly known list flattens to known elements: only their types are needed.
    let mut types = TupleTypeBuilder::new();
    flat_types(list, &mut types);
    Ok(Type::Tuple(types.finish()))
}

/// The error for a wholly known value that is not a list, set or tuple.
fn check_flattenable(list: &Value) -> Result<(), FunctionError> {
    if !is_sequence_type(list.ty()) {
        return Err(FunctionError::new(
            "can only flatten lists, sets and tuples",
        ));
    }
    Ok(())
}

/// Pushes the types of the elements `list` flattens to (it is wholly known).
fn flat_types(list: &Value, types: &mut TupleTypeBuilder) {
    for v in list.as_seq().map(|seq| seq.as_slice()).unwrap_or_default() {
        if v.is_null() || !is_sequence_type(v.ty()) {
            types.push(v.ty());
        } else if let Some((elem_ty, len)) = leaves(v) {
            types.push_n(elem_ty, len);
        } else {
            flat_types(v, types);
        }
    }
}

/// True for the types `flatten` flattens: lists, sets and tuples.
fn is_sequence_type(ty: &Type) -> bool {
    matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_))
}

/// The element type and number of elements of a known sequence whose elements
/// all have one type that is not a sequence type: flattening it gives its
/// elements as they are, so their types need no visit one by one.
fn leaves(v: &Value) -> Option<(&Type, usize)> {
    let (elem_ty, len) = match v.ty() {
        Type::List(elem_ty) | Type::Set(elem_ty) => (&**elem_ty, v.length()?),
        Type::Tuple(elems) => elems.as_uniform()?,
        _ => return None,
    };
    (v.is_known() && !is_sequence_type(elem_ty)).then_some((elem_ty, len))
}

fn flatten(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    // The call has already run `flatten_type` on the unmarked argument, and so
    // reported a wholly known non-sequence; the type is only needed when the
    // result is unknown.
    let (unmarked, marks) = args[0].clone().unmark();
    if unmarked.is_wholly_known() {
        check_flattenable(&unmarked)?;
    }
    if unmarked.length() == Some(0) {
        return Ok(Value::empty_tuple().mark(marks));
    }
    let mut elems = Vec::with_capacity(flat_len(&args[0]));
    let (known, flat_marks) = flattener(&args[0], &mut elems);
    if !known {
        let (plain, _) = args[0].clone().unmark_deep();
        return Ok(Value::unknown(flatten_type(&[plain])?).mark(flat_marks));
    }
    Ok(Value::tuple(elems).mark(flat_marks))
}

/// How many elements flattening `list` gives, at most: the output's capacity,
/// so that it is allocated once.
fn flat_len(list: &Value) -> usize {
    let Some(elems) = list.as_seq() else {
        return 0;
    };
    elems
        .iter()
        .map(|v| {
            if !is_sequence_type(v.ty()) || !v.is_known() || v.is_null() {
                1
            } else if let Some((_, len)) = leaves(v) {
                len
            } else {
                flat_len(v)
            }
        })
        .sum()
}

/// Pushes the elements `list` flattens to onto `out`; returns whether every
/// nested sequence was known, and the marks of the sequences removed.
fn flattener(list: &Value, out: &mut Vec<Value>) -> (bool, Marks) {
    let (list, mut marks) = list.clone().unmark();
    if !list.is_known() {
        return (false, marks);
    }
    let mut known = true;
    for v in elements(&list) {
        if !v.is_known() && v.ty() == &Type::Dynamic {
            // It may turn out to be a sequence that needs flattening.
            known = false;
        }
        if !v.is_null() && is_sequence_type(v.ty()) {
            if !v.is_known() {
                known = false;
                marks |= v.marks();
                continue;
            }
            if let (Some((elem_ty, _)), Some(elems)) = (leaves(&v), v.as_seq())
                && !elem_ty.is_dynamic()
            {
                // Elements that cannot be sequences (nor turn out to be): taken
                // as they are, in one go.
                marks |= v.marks();
                out.extend_from_slice(elems);
                continue;
            }
            let (nested_known, nested_marks) = flattener(&v, out);
            marks |= nested_marks;
            known &= nested_known;
        } else {
            out.push(v);
        }
    }
    (known, marks)
}

// ---- range ---------------------------------------------------------------------------------------

/// The most numbers `range` makes (cty's limit).
const RANGE_LIMIT: usize = 1024;

fn range(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let numbers: Vec<Number> = args
        .iter()
        .map(|a| {
            a.as_number()
                .cloned()
                .unwrap_or_else(|| Number::from_i64(0))
        })
        .collect();
    let zero = Number::from_i64(0);
    let one = Number::from_i64(1);
    let minus_one = Number::from_i64(-1);
    let (start, end, step) = match numbers.as_slice() {
        [end] => {
            let step = if *end < zero { minus_one } else { one };
            (zero.clone(), end.clone(), step)
        }
        [start, end] => {
            let step = if end < start { minus_one } else { one };
            (start.clone(), end.clone(), step)
        }
        [start, end, step] => (start.clone(), end.clone(), step.clone()),
        _ => {
            return Err(FunctionError::new("must have one, two, or three arguments"));
        }
    };
    // A zero step is not refused up front (cty compares it by identity, which never matches):
    // it produces values until the limit, unless start already reached end.
    let down = step < zero;
    if down && end > start {
        return Err(FunctionError::arg(
            1,
            "end must be less than start when step is negative",
        ));
    }
    if !down && end < start {
        return Err(FunctionError::arg(
            1,
            "end must be greater than start when step is positive",
        ));
    }
    if let Some(count) = small_range_len(&start, &end, &step) {
        // Integers of 64-bit precision well inside i64: each value is what adding
        // the step gives (`NumberIntVal`s, no rounding), made directly.
        if count > RANGE_LIMIT {
            return Err(too_many_values());
        }
        let (first, step) = (start.as_int64().unwrap_or(0), step.as_int64().unwrap_or(0));
        let numbers = (0..count as i64).map(|k| Value::int(first + k * step));
        return Ok(list_value(&Type::Number, numbers.collect::<Vec<_>>()));
    }
    // Sized up front for integer bounds (the usual case): no regrowth.
    let expected = match (start.to_i64(), end.to_i64(), step.to_i64()) {
        (Some(start), Some(end), Some(step)) if step != 0 => {
            usize::try_from(end.abs_diff(start).div_ceil(step.unsigned_abs())).unwrap_or(0)
        }
        _ => 0,
    };
    let mut numbers = Vec::with_capacity(expected.min(RANGE_LIMIT));
    let mut n = start;
    while (down && n > end) || (!down && n < end) {
        if numbers.len() >= RANGE_LIMIT {
            return Err(too_many_values());
        }
        let next = n.add(&step);
        numbers.push(Value::number(n));
        n = next;
    }
    Ok(list_value(&Type::Number, numbers))
}

fn too_many_values() -> FunctionError {
    FunctionError::new(
        "more than 1024 values were generated; either decrease the difference between start \
         and end or use a smaller step",
    )
}

/// How many values `range` makes, when start and step are integers of 64-bit
/// precision (`NumberIntVal`), the end an integer, all well inside `i64` and
/// the step not zero: then every value is exact at 64 bits.
fn small_range_len(start: &Number, end: &Number, step: &Number) -> Option<usize> {
    const BOUND: u64 = 1 << 53;
    let inside = |v: i64| (v.unsigned_abs() < BOUND).then_some(v);
    let (start, step) = (inside(start.as_int64()?)?, inside(step.as_int64()?)?);
    let end = inside(end.to_i64()?)?;
    if step == 0 {
        return None;
    }
    let span = if step > 0 { end - start } else { start - end };
    if span <= 0 {
        return Some(0);
    }
    usize::try_from(span.unsigned_abs().div_ceil(step.unsigned_abs())).ok()
}

// ---- reverse -------------------------------------------------------------------------------------

fn reverse_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].ty() {
        Type::Tuple(etys) => Ok(Type::tuple(etys.iter().rev().cloned())),
        Type::List(e) | Type::Set(e) => Ok(Type::list((**e).clone())),
        other => Err(FunctionError::arg(
            0,
            format!(
                "can only reverse list or tuple values, not {}",
                other.friendly_name()
            ),
        )),
    }
}

fn reverse(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (list, marks) = args[0].clone().unmark();
    let reversed = elements(&list).into_iter().rev().collect::<Vec<_>>();
    let result = match list.ty() {
        Type::Tuple(_) => Value::tuple(reversed),
        ty => list_value(&element_type(ty), reversed),
    };
    Ok(result.mark(marks))
}

// ---- slice ---------------------------------------------------------------------------------------

fn slice_type(args: &[Value]) -> Result<Type, FunctionError> {
    let list = &args[0];
    match list.ty() {
        Type::Set(_) => {
            return Err(FunctionError::arg(
                0,
                "cannot slice a set, because its elements do not have indices; explicitly \
                 convert to a list if the ordering of the result is not important",
            ));
        }
        Type::List(_) | Type::Tuple(_) => {}
        _ => return Err(FunctionError::arg(0, "must be a list or tuple value")),
    }
    let indexes = slice_indexes(args)?;
    match (list.ty(), indexes) {
        (Type::List(_), _) => Ok(list.ty().clone()),
        (Type::Tuple(etys), Some((start, end))) => Ok(Type::tuple(
            etys.iter().skip(start).take(end - start).cloned(),
        )),
        _ => Ok(Type::Dynamic),
    }
}

/// The checked start and end indexes, when both are known.
fn slice_indexes(args: &[Value]) -> Result<Option<(usize, usize)>, FunctionError> {
    let list = &args[0];
    let length = match list.ty() {
        Type::Tuple(etys) => Some(etys.len()),
        _ => list.length(),
    };
    let index = |i: usize, what: &str| -> Result<Option<usize>, FunctionError> {
        let Some(n) = args[i].as_number() else {
            return Ok(None);
        };
        let n = whole_number(n)
            .map_err(|e| FunctionError::arg(i, format!("invalid {what} index: {e}")))?;
        if n < 0 {
            return Err(FunctionError::arg(
                i,
                format!("{what} index must not be less than zero"),
            ));
        }
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        if length.is_some_and(|len| n > len) {
            return Err(FunctionError::arg(
                i,
                format!("{what} index must not be greater than the length of the list"),
            ));
        }
        Ok(Some(n))
    };
    let start = index(1, "start")?;
    let end = index(2, "end")?;
    match (start, end) {
        (Some(start), Some(end)) if start > end => Err(FunctionError::arg(
            1,
            "start index must not be greater than end index",
        )),
        (Some(start), Some(end)) => Ok(Some((start, end))),
        _ => Ok(None),
    }
}

fn slice(_: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let plain: Vec<Value> = args.iter().map(|a| a.clone().unmark_deep().0).collect();
    let result_type = slice_type(&plain)?;
    let (list, marks) = args[0].clone().unmark();
    if result_type == Type::Dynamic {
        return Ok(Value::unknown(Type::Dynamic).mark(marks));
    }
    let Some((start, end)) = slice_indexes(&plain)? else {
        return Ok(Value::unknown(result_type).mark(marks));
    };
    let elems = elements(&list);
    let picked: Vec<Value> = elems
        .iter()
        .skip(start)
        .take(end - start)
        .cloned()
        .collect();
    let result = match &result_type {
        Type::Tuple(_) => Value::tuple(picked),
        ty => list_value(&element_type(ty), picked),
    };
    Ok(result.mark(marks))
}

#[cfg(test)]
mod tests {
    use terrace_types::{Type, Value};

    use super::super::test_support::*;
    use super::{flat_len, flatten_type};

    #[test]
    fn arguments_are_converted() {
        assert_eq!(
            ok("chunklist", vec![tuple(vec![n(1), s("a")]), n(1)]),
            "list(list(string))[list(string)[\"1\"], list(string)[\"a\"]]"
        );
        assert_eq!(
            ok(
                "chunklist",
                vec![set(Type::String, vec![s("b"), s("a")]), n(1)]
            ),
            "list(list(string))[list(string)[\"a\"], list(string)[\"b\"]]"
        );
        assert_eq!(
            ok("concat", vec![strings(&["a"]), numbers(&[1])]),
            "list(string)[\"a\", \"1\"]"
        );
        assert_eq!(ok("element", vec![strings(&["a", "b"]), s("1")]), "\"b\"");
        assert_eq!(ok("range", vec![s("3")]), "list(number)[0, 1, 2]");
        assert_eq!(
            ok("slice", vec![strings(&["a", "b"]), s("1"), n(2)]),
            "list(string)[\"b\"]"
        );
    }

    #[test]
    fn wrong_argument_types() {
        let param = |p: &str, m: &str| format!("invalid value for \"{p}\" parameter: {m}");
        assert_eq!(
            err("chunklist", vec![s("a"), n(1)]),
            param("list", "list of dynamic required, but have string")
        );
        assert_eq!(
            err("chunklist", vec![strings(&["a"]), s("x")]),
            param("size", "a number is required")
        );
        assert_eq!(
            err("element", vec![s("abc"), n(0)]),
            "call to function \"element\" failed: cannot read elements from string"
        );
        assert_eq!(
            err("range", vec![tuple(vec![])]),
            param("params", "number required, but have tuple")
        );
        assert_eq!(
            err("flatten", vec![object(vec![("a", n(1))])]),
            "call to function \"flatten\" failed: can only flatten lists, sets and tuples"
        );
    }

    #[test]
    fn chunklist_splits_into_chunks() {
        assert_eq!(
            ok("chunklist", vec![strings(&["a", "b", "c", "d", "e"]), n(2)]),
            "list(list(string))[list(string)[\"a\", \"b\"], list(string)[\"c\", \"d\"], list(string)[\"e\"]]"
        );
        assert_eq!(
            ok("chunklist", vec![strings(&["a", "b", "c"]), n(0)]),
            "list(list(string))[list(string)[\"a\", \"b\", \"c\"]]"
        );
        assert_eq!(
            ok("chunklist", vec![numbers(&[1, 2, 3]), n(4)]),
            "list(list(number))[list(number)[1, 2, 3]]"
        );
        assert_eq!(
            ok("chunklist", vec![strings(&[]), n(2)]),
            "list(list(string))[]"
        );
        assert_eq!(
            err("chunklist", vec![strings(&["a"]), n(-1)]),
            "call to function \"chunklist\" failed: the size argument must be positive"
        );
        assert_eq!(
            err("chunklist", vec![strings(&["a"]), f(1.5)]),
            "call to function \"chunklist\" failed: invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807"
        );
        assert_eq!(
            err("chunklist", vec![strings(&["a"]), null(Type::Number)]),
            "invalid value for \"size\" parameter: argument must not be null"
        );
        assert_eq!(
            ok("chunklist", vec![strings(&["a"]), unknown(Type::Number)]),
            "unknown:list(list(string))"
        );
        let partly_secret = list(Type::Number, vec![secret(n(1)), n(2)]);
        assert_eq!(
            ok("chunklist", vec![partly_secret, n(1)]),
            "list(list(number))[list(number)[sensitive(1)], list(number)[2]]"
        );
        assert_eq!(
            ok("chunklist", vec![numbers(&[1]), secret(n(1))]),
            "sensitive(list(list(number))[list(number)[1]])"
        );
    }

    #[test]
    fn concat_gives_a_list_or_a_tuple() {
        assert_eq!(
            ok("concat", vec![strings(&["a"]), strings(&["b"])]),
            "list(string)[\"a\", \"b\"]"
        );
        assert_eq!(
            ok("concat", vec![tuple(vec![n(1)]), tuple(vec![s("a")])]),
            "[1, \"a\"]"
        );
        assert_eq!(
            ok("concat", vec![strings(&["a"]), tuple(vec![s("b")])]),
            "[\"a\", \"b\"]"
        );
        assert_eq!(
            ok(
                "concat",
                vec![
                    strings(&["a"]),
                    list(Type::list(Type::Number), vec![numbers(&[1])])
                ]
            ),
            "[\"a\", list(number)[1]]"
        );
        assert_eq!(ok("concat", vec![tuple(vec![]), tuple(vec![])]), "[]");
        assert_eq!(
            ok("concat", vec![strings(&[]), strings(&[])]),
            "list(string)[]"
        );
        assert_eq!(
            err("concat", vec![]),
            "call to function \"concat\" failed: at least one argument is required"
        );
        assert_eq!(
            err("concat", vec![tuple(vec![]), s("b")]),
            "invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got string"
        );
        assert_eq!(
            err("concat", vec![set(Type::String, vec![s("a")])]),
            "invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got set of string"
        );
        assert_eq!(
            err("concat", vec![tuple(vec![]), null(Type::Dynamic)]),
            "invalid value for \"seqs\" parameter: argument must not be null"
        );
        assert_eq!(
            ok(
                "concat",
                vec![tuple(vec![n(1)]), unknown(Type::list(Type::String))]
            ),
            "unknown:any"
        );
        assert_eq!(
            ok(
                "concat",
                vec![strings(&["a"]), unknown(Type::list(Type::String))]
            ),
            "unknown:list(string)"
        );
        assert_eq!(
            ok("concat", vec![tuple(vec![secret(n(1))]), tuple(vec![n(2)])]),
            "[sensitive(1), 2]"
        );
        assert_eq!(
            ok("concat", vec![secret(tuple(vec![n(1)])), tuple(vec![n(2)])]),
            "sensitive([1, 2])"
        );
    }

    #[test]
    fn element_wraps_around() {
        let abc = strings(&["a", "b", "c"]);
        assert_eq!(ok("element", vec![abc.clone(), n(1)]), "\"b\"");
        assert_eq!(ok("element", vec![abc.clone(), n(5)]), "\"c\"");
        assert_eq!(ok("element", vec![abc.clone(), n(-1)]), "\"c\"");
        assert_eq!(ok("element", vec![abc.clone(), n(-3)]), "\"a\"");
        assert_eq!(ok("element", vec![abc.clone(), n(-4)]), "\"c\"");
        assert_eq!(
            ok("element", vec![tuple(vec![n(1), s("ä")]), n(1)]),
            "\"ä\""
        );
        assert_eq!(
            err("element", vec![tuple(vec![]), n(0)]),
            "call to function \"element\" failed: cannot use element function with an empty list"
        );
        assert_eq!(
            err("element", vec![strings(&[]), n(0)]),
            "call to function \"element\" failed: cannot use element function with an empty list"
        );
        assert_eq!(
            err("element", vec![abc.clone(), f(1.5)]),
            "call to function \"element\" failed: invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807"
        );
        assert_eq!(
            err("element", vec![set(Type::String, vec![s("a")]), n(0)]),
            "call to function \"element\" failed: cannot read elements from set of string"
        );
        assert_eq!(
            err("element", vec![abc.clone(), null(Type::Number)]),
            "invalid value for \"index\" parameter: argument must not be null"
        );
        assert_eq!(
            ok(
                "element",
                vec![tuple(vec![n(1), s("a")]), unknown(Type::Number)]
            ),
            "unknown:any"
        );
        assert_eq!(
            ok("element", vec![unknown(Type::list(Type::String)), n(0)]),
            "unknown:string"
        );
        let mixed = tuple(vec![secret(n(1)), n(2)]);
        assert_eq!(ok("element", vec![mixed.clone(), n(1)]), "2");
        assert_eq!(ok("element", vec![mixed, n(0)]), "sensitive(1)");
        assert_eq!(ok("element", vec![abc, secret(n(0))]), "sensitive(\"a\")");
    }

    #[test]
    fn flatten_type_is_the_type_of_its_result() {
        // Sequences whose elements share a non-sequence type are counted, not
        // visited: the type must still be the flattened value's, element for element.
        let numbers = |from: i64| tuple((from..from + 3).map(n).collect());
        let cases = vec![
            tuple(vec![numbers(0), numbers(3)]),
            tuple(vec![numbers(0), null(numbers(0).ty().clone()), s("x")]),
            tuple(vec![
                list(Type::String, vec![s("a"), null(Type::String)]),
                set(Type::Number, vec![n(2), n(1)]),
                tuple(vec![]),
            ]),
            tuple(vec![
                tuple(vec![numbers(0), tuple(vec![s("a"), n(1)])]),
                n(9),
            ]),
            list(
                Type::list(Type::Bool),
                vec![
                    list(Type::Bool, vec![Value::bool(true)]),
                    null(Type::list(Type::Bool)),
                ],
            ),
        ];
        for case in cases {
            let flat = run("flatten", vec![case.clone()]).unwrap();
            let ty = flatten_type(std::slice::from_ref(&case)).unwrap();
            assert_eq!(&ty, flat.ty(), "{case:?}");
            assert_eq!(flat_len(&case), flat.length().unwrap(), "{case:?}");
        }
    }

    #[test]
    fn flatten_is_recursive() {
        let nested = tuple(vec![
            n(1),
            tuple(vec![n(2), tuple(vec![n(3), tuple(vec![n(4)])])]),
        ]);
        assert_eq!(ok("flatten", vec![nested]), "[1, 2, 3, 4]");
        let lists = tuple(vec![strings(&["a", "b"]), tuple(vec![]), strings(&["c"])]);
        assert_eq!(ok("flatten", vec![lists]), "[\"a\", \"b\", \"c\"]");
        let with_set = tuple(vec![
            set(Type::String, vec![s("b"), s("a")]),
            strings(&["c"]),
        ]);
        assert_eq!(ok("flatten", vec![with_set]), "[\"a\", \"b\", \"c\"]");
        assert_eq!(ok("flatten", vec![tuple(vec![])]), "[]");
        assert_eq!(ok("flatten", vec![tuple(vec![tuple(vec![])])]), "[]");
        let objects = tuple(vec![object(vec![("a", tuple(vec![n(1)]))])]);
        assert_eq!(ok("flatten", vec![objects]), "[{a = [1]}]");
        let nulls = tuple(vec![null(Type::Dynamic), tuple(vec![null(Type::Dynamic)])]);
        assert_eq!(ok("flatten", vec![nulls]), "[null:any, null:any]");
        assert_eq!(
            err("flatten", vec![s("a")]),
            "call to function \"flatten\" failed: can only flatten lists, sets and tuples"
        );
        assert_eq!(
            ok(
                "flatten",
                vec![tuple(vec![unknown(Type::list(Type::String))])]
            ),
            "unknown:any"
        );
        assert_eq!(
            ok("flatten", vec![tuple(vec![unknown(Type::Dynamic)])]),
            "unknown:any"
        );
        // Unknown scalars are just elements.
        assert_eq!(
            ok(
                "flatten",
                vec![tuple(vec![strings(&["a"]), unknown(Type::String)])]
            ),
            "[\"a\", unknown:string]"
        );
        let inner_secret = tuple(vec![tuple(vec![secret(n(1))]), tuple(vec![n(2)])]);
        assert_eq!(ok("flatten", vec![inner_secret]), "[sensitive(1), 2]");
        let secret_list = tuple(vec![secret(tuple(vec![n(1)])), tuple(vec![n(2)])]);
        assert_eq!(ok("flatten", vec![secret_list]), "sensitive([1, 2])");
    }

    #[test]
    fn range_of_small_integers_makes_int_values() {
        // The direct path: each value as adding the step gives it, `NumberIntVal`s.
        for (args, expected) in [
            (vec![n(1), n(10), n(3)], vec![1, 4, 7]),
            (vec![n(10), n(0), n(-3)], vec![10, 7, 4, 1]),
            (vec![n(-3)], vec![0, -1, -2]),
            (vec![n(5), n(5)], vec![]),
        ] {
            let list = run("range", args).unwrap();
            let values: Vec<i64> = list
                .as_seq()
                .unwrap()
                .iter()
                .map(|v| {
                    v.as_number()
                        .and_then(terrace_types::Number::as_int64)
                        .unwrap()
                })
                .collect();
            assert_eq!(values, expected);
        }
        // Bounds beyond 2^53 take the general path, with the same values.
        let big = 1i64 << 53;
        let list = run("range", vec![n(big - 2), n(big + 2)]).unwrap();
        assert_eq!(
            show(&list),
            format!(
                "list(number)[{}, {}, {}, {}]",
                big - 2,
                big - 1,
                big,
                big + 1
            )
        );
    }

    #[test]
    fn range_forms_and_limits() {
        assert_eq!(ok("range", vec![n(3)]), "list(number)[0, 1, 2]");
        assert_eq!(ok("range", vec![n(1), n(4)]), "list(number)[1, 2, 3]");
        assert_eq!(ok("range", vec![n(4), n(1)]), "list(number)[4, 3, 2]");
        assert_eq!(ok("range", vec![n(-2)]), "list(number)[0, -1]");
        assert_eq!(ok("range", vec![f(-1.5)]), "list(number)[0, -1]");
        assert_eq!(
            ok("range", vec![n(0), n(1), f(0.25)]),
            "list(number)[0, 0.25, 0.5, 0.75]"
        );
        assert_eq!(
            ok("range", vec![n(1), n(0), f(-0.25)]),
            "list(number)[1, 0.75, 0.5, 0.25]"
        );
        assert_eq!(ok("range", vec![n(0)]), "list(number)[]");
        assert_eq!(ok("range", vec![n(3), n(3)]), "list(number)[]");
        assert_eq!(ok("range", vec![n(0), n(0), n(0)]), "list(number)[]");
        assert_eq!(
            run("range", vec![n(1024)]).map(|v| v.length()).unwrap(),
            Some(1024)
        );
        let limit = "call to function \"range\" failed: more than 1024 values were generated; either decrease the difference between start and end or use a smaller step";
        assert_eq!(err("range", vec![n(1025)]), limit);
        assert_eq!(err("range", vec![n(10_000_000)]), limit);
        assert_eq!(err("range", vec![n(0), n(1), n(0)]), limit);
        assert_eq!(
            err("range", vec![n(0), n(5), n(-1)]),
            "invalid value for \"params\" parameter: end must be less than start when step is negative"
        );
        assert_eq!(
            err("range", vec![n(5), n(0), n(1)]),
            "invalid value for \"params\" parameter: end must be greater than start when step is positive"
        );
        assert_eq!(
            err("range", vec![]),
            "call to function \"range\" failed: must have one, two, or three arguments"
        );
        assert_eq!(
            err("range", vec![n(1), n(2), n(3), n(4)]),
            "call to function \"range\" failed: must have one, two, or three arguments"
        );
        assert_eq!(
            err("range", vec![null(Type::Number)]),
            "invalid value for \"params\" parameter: argument must not be null"
        );
        assert_eq!(
            ok("range", vec![unknown(Type::Number)]),
            "unknown:list(number)"
        );
        assert_eq!(
            ok("range", vec![secret(n(2))]),
            "sensitive(list(number)[0, 1])"
        );
    }

    #[test]
    fn reverse_lists_tuples_and_sets() {
        assert_eq!(ok("reverse", vec![tuple(vec![n(1), s("a")])]), "[\"a\", 1]");
        assert_eq!(
            ok("reverse", vec![numbers(&[1, 2, 3])]),
            "list(number)[3, 2, 1]"
        );
        assert_eq!(
            ok("reverse", vec![set(Type::String, vec![s("b"), s("a")])]),
            "list(string)[\"b\", \"a\"]"
        );
        assert_eq!(ok("reverse", vec![tuple(vec![])]), "[]");
        assert_eq!(ok("reverse", vec![strings(&[])]), "list(string)[]");
        assert_eq!(
            err("reverse", vec![object(vec![("a", n(1))])]),
            "invalid value for \"list\" parameter: can only reverse list or tuple values, not object"
        );
        assert_eq!(
            err("reverse", vec![s("abc")]),
            "invalid value for \"list\" parameter: can only reverse list or tuple values, not string"
        );
        assert_eq!(
            err("reverse", vec![null(Type::list(Type::String))]),
            "invalid value for \"list\" parameter: argument must not be null"
        );
        assert_eq!(
            ok("reverse", vec![unknown(Type::list(Type::String))]),
            "unknown:list(string)"
        );
        assert_eq!(
            ok("reverse", vec![tuple(vec![secret(n(1)), n(2)])]),
            "[2, sensitive(1)]"
        );
        assert_eq!(
            ok("reverse", vec![secret(tuple(vec![n(1), n(2)]))]),
            "sensitive([2, 1])"
        );
    }

    #[test]
    fn slice_bounds() {
        assert_eq!(
            ok("slice", vec![strings(&["a", "b", "c", "d"]), n(1), n(3)]),
            "list(string)[\"b\", \"c\"]"
        );
        assert_eq!(
            ok(
                "slice",
                vec![tuple(vec![n(1), s("a"), b(true)]), n(1), n(3)]
            ),
            "[\"a\", true]"
        );
        assert_eq!(ok("slice", vec![tuple(vec![s("a")]), n(0), n(0)]), "[]");
        assert_eq!(
            ok("slice", vec![strings(&["a", "b"]), n(1), n(1)]),
            "list(string)[]"
        );
        let param = |p: &str, m: &str| format!("invalid value for \"{p}\" parameter: {m}");
        let one = tuple(vec![s("a")]);
        assert_eq!(
            err("slice", vec![one.clone(), n(2), n(2)]),
            param(
                "start_index",
                "start index must not be greater than the length of the list"
            )
        );
        assert_eq!(
            err("slice", vec![one.clone(), n(0), n(2)]),
            param(
                "end_index",
                "end index must not be greater than the length of the list"
            )
        );
        assert_eq!(
            err("slice", vec![tuple(vec![s("a"), s("b")]), n(2), n(1)]),
            param(
                "start_index",
                "start index must not be greater than end index"
            )
        );
        assert_eq!(
            err("slice", vec![one.clone(), n(-1), n(1)]),
            param("start_index", "start index must not be less than zero")
        );
        assert_eq!(
            err("slice", vec![one.clone(), n(0), n(-1)]),
            param("end_index", "end index must not be less than zero")
        );
        assert_eq!(
            err("slice", vec![one.clone(), f(0.5), n(1)]),
            param(
                "start_index",
                "invalid start index: value must be a whole number, between -9223372036854775808 and 9223372036854775807"
            )
        );
        assert_eq!(
            err("slice", vec![set(Type::String, vec![s("a")]), n(0), n(1)]),
            param(
                "list",
                "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important"
            )
        );
        assert_eq!(
            err("slice", vec![s("abc"), n(0), n(1)]),
            param("list", "must be a list or tuple value")
        );
        assert_eq!(
            err("slice", vec![one.clone(), null(Type::Number), n(1)]),
            param("start_index", "argument must not be null")
        );
        assert_eq!(
            ok("slice", vec![one.clone(), unknown(Type::Number), n(1)]),
            "unknown:any"
        );
        assert_eq!(
            ok("slice", vec![strings(&["a"]), unknown(Type::Number), n(1)]),
            "unknown:list(string)"
        );
        assert_eq!(
            ok("slice", vec![tuple(vec![secret(n(1)), n(2)]), n(1), n(2)]),
            "[2]"
        );
        assert_eq!(
            ok("slice", vec![secret(tuple(vec![n(1), n(2)])), n(1), n(2)]),
            "sensitive([2])"
        );
    }
}
