//! `for` expressions: `[for k, v in coll : value if cond]` and `{for ... : key => value...}`.

use terrace_syntax::{ForExpr, Name};
use terrace_types::{Key, Marks, Repr, Type, Value};

use super::iteration::{each_element, is_iterable};
use super::{Ctx, EvalResult, convert_to, error};
use crate::diagnostic::Diagnostics;

const INVALID_CONDITION: &str = "Invalid 'for' condition";
const INVALID_KEY: &str = "Invalid object key";

/// What one element contributes to the result.
enum Item {
    /// Left out by the `if` clause.
    Skipped,
    /// Its condition or key is not known yet, so neither is the result.
    Unknown,
    /// A tuple element, or an object key and value.
    Included(Option<Key>, Value),
}

impl<'e> Ctx<'e> {
    /// A `for` expression, as HCL's `ForExpr`.
    pub(super) fn eval_for(&mut self, for_expr: &ForExpr) -> EvalResult {
        let collection = self.eval(&for_expr.collection)?;
        if collection.is_null() {
            return Err(error(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                for_expr.collection.span,
            ));
        }
        if collection.ty().is_dynamic() {
            return Ok(Value::unknown(Type::Dynamic));
        }
        let (collection, collection_marks) = collection.unmark();
        if !is_iterable(collection.ty()) {
            return Err(error(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    collection.ty().friendly_name()
                ),
                for_expr.collection.span,
            ));
        }
        let mut names: Vec<&Name> = Vec::with_capacity(2);
        if let Some(key_var) = &for_expr.key_var {
            names.push(&key_var.name);
        }
        names.push(&for_expr.value_var.name);
        self.with_locals(&names, |ctx, base| {
            ctx.for_with_bindings(for_expr, &collection, collection_marks, base)
        })
    }

    fn for_with_bindings(
        &mut self,
        for_expr: &ForExpr,
        collection: &Value,
        mut marks: Marks,
        base: usize,
    ) -> EvalResult {
        // The condition is checked once with unknown variables first, so that an
        // unsuitable condition is reported even for an empty collection.
        if let Some(cond) = &for_expr.cond {
            let result = self.eval(cond)?;
            if result.is_null() {
                return Err(error(
                    "Condition is null",
                    "The value of the 'if' clause must not be null.",
                    cond.span,
                ));
            }
            marks |= result.marks();
            convert_to(&result, &Type::Bool).map_err(|e| {
                error(
                    INVALID_CONDITION,
                    format!("The 'if' clause value is invalid: {e}."),
                    cond.span,
                )
            })?;
        }
        if !collection.is_known() {
            return Ok(Value::unknown(Type::Dynamic).mark(marks));
        }

        let has_key_var = for_expr.key_var.is_some();
        let value_slot = base + usize::from(has_key_var);
        let mut known = true;
        // Sized for the whole collection up front: no regrowth (copies, page faults)
        // on large collections; `Seq` gives back the excess when a filter left much out.
        let mut tuple: Vec<Value> = if for_expr.is_object() {
            Vec::new()
        } else {
            Vec::with_capacity(collection.length().unwrap_or(0))
        };
        // Object items in iteration order; sorted and checked for duplicates at the end.
        let mut entries: Vec<(Key, Value)> = Vec::new();
        each_element(collection, has_key_var, |key, value| {
            if let Some(key) = key {
                self.set_local(base, key);
            }
            self.set_local(value_slot, value);
            match self.for_item(for_expr, &mut marks)? {
                Item::Skipped => {}
                Item::Unknown => known = false,
                Item::Included(None, value) => tuple.push(value),
                Item::Included(Some(key), value) => entries.push((key, value)),
            }
            Ok::<(), Diagnostics>(())
        })?;
        if !known {
            return Ok(Value::unknown(Type::Dynamic).mark(marks));
        }
        let result = if !for_expr.is_object() {
            Value::tuple(tuple)
        } else if for_expr.grouping.is_some() {
            Value::object(group(entries))
        } else {
            Value::object(unique(entries).map_err(|key| duplicate_key(for_expr, &key))?)
        };
        Ok(result.mark(marks))
    }

    /// Evaluates the condition, key and value for the current element.
    fn for_item(&mut self, for_expr: &ForExpr, marks: &mut Marks) -> Result<Item, Diagnostics> {
        if let Some(cond) = &for_expr.cond {
            let include = self.eval(cond)?;
            // The common case: a plain known bool.
            if let (Repr::Bool(include), false) = (include.repr(), include.is_marked()) {
                if !*include {
                    return Ok(Item::Skipped);
                }
                return self.for_key_and_value(for_expr, marks);
            }
            if include.is_null() {
                return Err(error(
                    INVALID_CONDITION,
                    "The value of the 'if' clause must not be null.",
                    cond.span,
                ));
            }
            let (include, include_marks) = include.unmark();
            *marks |= include_marks;
            if !include.is_known() {
                return Ok(Item::Unknown);
            }
            let include = convert_to(&include, &Type::Bool).map_err(|e| {
                error(
                    INVALID_CONDITION,
                    format!("The 'if' clause value is invalid: {e}."),
                    cond.span,
                )
            })?;
            match include.as_bool() {
                Some(true) => {}
                Some(false) => return Ok(Item::Skipped),
                None => return Ok(Item::Unknown),
            }
        }
        self.for_key_and_value(for_expr, marks)
    }

    /// Evaluates the key (object form) and value for the current element.
    fn for_key_and_value(
        &mut self,
        for_expr: &ForExpr,
        marks: &mut Marks,
    ) -> Result<Item, Diagnostics> {
        let key = match &for_expr.key_expr {
            None => None,
            Some(key_expr) => {
                let key = self.eval(key_expr)?;
                if key.is_null() {
                    return Err(error(
                        INVALID_KEY,
                        "Key expression in 'for' expression must not produce a null value.",
                        key_expr.span,
                    ));
                }
                let (key, key_marks) = key.unmark();
                *marks |= key_marks;
                if !key.is_known() {
                    return Ok(Item::Unknown);
                }
                let key = convert_to(&key, &Type::String).map_err(|e| {
                    error(
                        INVALID_KEY,
                        format!("The key expression produced an invalid result: {e}."),
                        key_expr.span,
                    )
                })?;
                match key.unmark().0.repr() {
                    Repr::String(text) => Some(Key::clone(text)),
                    _ => return Ok(Item::Unknown),
                }
            }
        };
        let value = self.eval_element(&for_expr.value_expr)?;
        Ok(Item::Included(key, value))
    }
}

/// `entries` sorted by key, or the key of the first item (in iteration order)
/// that repeats an earlier key.
fn unique(entries: Vec<(Key, Value)>) -> Result<Vec<(Key, Value)>, Key> {
    let mut indexed: Vec<(Key, usize, Value)> = entries
        .into_iter()
        .enumerate()
        .map(|(idx, (key, value))| (key, idx, value))
        .collect();
    indexed.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    let first_repeat = indexed
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .min_by_key(|pair| pair[1].1);
    if let Some(pair) = first_repeat {
        return Err(pair[1].0.clone());
    }
    Ok(indexed
        .into_iter()
        .map(|(key, _, value)| (key, value))
        .collect())
}

/// `entries` grouped by key (`...`): each key with the tuple of its values, in
/// iteration order.
fn group(entries: Vec<(Key, Value)>) -> Vec<(Key, Value)> {
    let mut indexed: Vec<(usize, Key, Value)> = entries
        .into_iter()
        .enumerate()
        .map(|(idx, (key, value))| (idx, key, value))
        .collect();
    indexed.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    let mut grouped: Vec<(Key, Vec<Value>)> = Vec::new();
    for (_, key, value) in indexed {
        match grouped.last_mut() {
            Some((last, values)) if *last == key => values.push(value),
            _ => grouped.push((key, vec![value])),
        }
    }
    grouped
        .into_iter()
        .map(|(key, values)| (key, Value::tuple(values)))
        .collect()
}

fn duplicate_key(for_expr: &ForExpr, key: &str) -> Diagnostics {
    let span = for_expr
        .key_expr
        .as_ref()
        .map_or(for_expr.open, |key_expr| key_expr.span);
    error(
        "Duplicate object key",
        format!(
            "Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
            terrace_types::quote(key)
        ),
        span,
    )
}
