//! `for` expressions: `[for k, v in coll : value if cond]` and `{for ... : key => value...}`.

use terrace_syntax::{Expr, ForExpr, Name, Span};
use terrace_types::{Key, Marks, Repr, Type, Value};

use super::iteration::{each_element, is_iterable};
use super::scalar_program::{Current, ElementProgram, ScalarProgram};
use super::{Ctx, EvalResult, convert_to, error};
use crate::diagnostic::Diagnostics;

const INVALID_CONDITION: &str = "Invalid 'for' condition";
const INVALID_KEY: &str = "Invalid object key";

/// The smallest collection whose `for` body is worth compiling.
pub(super) const COMPILE_FROM: usize = 8;

/// What the `if` clause says of one element.
#[derive(Clone, Copy)]
enum Include {
    Yes,
    /// Left out.
    No,
    /// The condition is not known yet, so neither is the result.
    Unknown,
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
        // unsuitable condition is reported even for an empty collection. Its marks
        // go to the result only when the collection is unknown (HCL's `condMarks`):
        // over known elements, each element's own condition marks it.
        let mut cond_marks = Marks::NONE;
        if let Some(cond) = &for_expr.cond {
            let result = self.eval(cond)?;
            if result.is_null() {
                return Err(error(
                    "Condition is null",
                    "The value of the 'if' clause must not be null.",
                    cond.span,
                ));
            }
            cond_marks = result.marks();
            convert_to(&result, &Type::Bool).map_err(|e| {
                error(
                    INVALID_CONDITION,
                    format!("The 'if' clause value is invalid: {e}."),
                    cond.span,
                )
            })?;
        }
        if !collection.is_known() {
            return Ok(Value::unknown(Type::Dynamic).mark(marks | cond_marks));
        }

        let has_key_var = for_expr.key_var.is_some();
        let value_slot = base + usize::from(has_key_var);
        let mut known = true;
        // Sized for the whole collection up front: no regrowth (copies, page faults)
        // on large collections; `Seq` and `Attrs` give back the excess when a
        // filter left much out.
        let size = collection.length().unwrap_or(0);
        let (tuple_size, object_size) = if for_expr.is_object() {
            (0, size)
        } else {
            (size, 0)
        };
        let mut tuple: Vec<Value> = Vec::with_capacity(tuple_size);
        // Object items in iteration order; sorted and checked for duplicates at the end.
        let mut entries: Vec<(Key, Value)> = Vec::with_capacity(object_size);
        // A condition, key or element made of operators over local numbers and
        // bools, or a template of those and local strings, runs compiled, falling
        // back to `eval` element by element.
        let worth_compiling = collection.length().unwrap_or(0) >= COMPILE_FROM;
        let fast_cond = for_expr
            .cond
            .as_ref()
            .filter(|_| worth_compiling)
            .and_then(|cond| ScalarProgram::compile(cond, &self.locals));
        let compile_element = |expr: &Expr, locals: &[(Name, Value)]| {
            worth_compiling
                .then(|| ElementProgram::compile(expr, locals))
                .flatten()
        };
        let fast_key = for_expr
            .key_expr
            .as_ref()
            .and_then(|key_expr| compile_element(key_expr, &self.locals));
        let fast_value = compile_element(&for_expr.value_expr, &self.locals);
        let compiled = fast_cond.is_some() || fast_key.is_some() || fast_value.is_some();
        each_element(collection, has_key_var, |key, value| {
            // The element's variables are bound when `eval` needs them: compiled code
            // reads the element where it is.
            let current = Current {
                key: key.as_ref().map(|key| (base, key)),
                value: (value_slot, value),
            };
            let mut bound = false;
            if compiled {
                // What compiled code computes makes no steps: count one per element.
                self.tick(for_expr.open)?;
            } else {
                self.bind_once(&mut bound, current);
            }
            // Without a condition there is nothing to evaluate, and nothing to bind for it.
            let include = match fast_cond
                .as_ref()
                .and_then(|p| p.run_bool(&self.locals, current))
            {
                _ if for_expr.cond.is_none() => Include::Yes,
                Some(true) => Include::Yes,
                Some(false) => Include::No,
                None => {
                    self.bind_once(&mut bound, current);
                    self.for_condition(for_expr, &mut marks)?
                }
            };
            match include {
                Include::Yes => {}
                Include::No => return Ok(()),
                Include::Unknown => {
                    known = false;
                    return Ok(());
                }
            }
            // Values are pushed where they are made: no intermediate item to move.
            let Some(key_expr) = &for_expr.key_expr else {
                let pushed = fast_value
                    .as_ref()
                    .is_some_and(|p| p.push_to(&self.locals, current, &mut tuple));
                if !pushed {
                    self.bind_once(&mut bound, current);
                    tuple.push(self.eval_element(&for_expr.value_expr)?);
                }
                return Ok(());
            };
            let fast = fast_key.as_ref().and_then(|p| p.run(&self.locals, current));
            let key = match fast.map(Value::into_parts) {
                // A marked key takes the general path, which carries its marks.
                Some((_, Repr::String(key), marks)) if marks.is_empty() => key,
                _ => {
                    self.bind_once(&mut bound, current);
                    match self.for_key(key_expr, &mut marks)? {
                        Some(key) => key,
                        None => {
                            known = false;
                            return Ok(());
                        }
                    }
                }
            };
            match fast_value
                .as_ref()
                .and_then(|p| p.run(&self.locals, current))
            {
                Some(element) => entries.push((key, element)),
                None => {
                    self.bind_once(&mut bound, current);
                    entries.push((key, self.eval_element(&for_expr.value_expr)?));
                }
            }
            Ok::<(), Diagnostics>(())
        })?;
        if !known {
            return Ok(Value::unknown(Type::Dynamic).mark(marks));
        }
        let result = if !for_expr.is_object() {
            Value::tuple(tuple)
        } else if for_expr.grouping.is_some() {
            Value::object_from_sorted(group(entries))
        } else {
            // Keys come from string values (in NFC), sorted and unique.
            Value::object_from_sorted(unique(entries).map_err(|key| duplicate_key(for_expr, &key))?)
        };
        Ok(result.mark(marks))
    }

    /// Binds the element's key and value to their locals, unless done already for
    /// this element.
    #[inline]
    fn bind_once(&mut self, bound: &mut bool, current: Current) {
        if !*bound {
            if let Some((slot, key)) = current.key {
                self.set_local(slot, key.clone());
            }
            self.set_local(current.value.0, current.value.1.clone());
            *bound = true;
        }
    }

    /// Evaluates the `if` clause, if any, for the current element.
    fn for_condition(
        &mut self,
        for_expr: &ForExpr,
        marks: &mut Marks,
    ) -> Result<Include, Diagnostics> {
        let Some(cond) = &for_expr.cond else {
            return Ok(Include::Yes);
        };
        let include = self.eval(cond)?;
        // The common case: a plain known bool.
        if let (Repr::Bool(include), false) = (include.repr(), include.is_marked()) {
            return Ok(if *include { Include::Yes } else { Include::No });
        }
        let include = clause_value(
            include,
            &Type::Bool,
            marks,
            INVALID_CONDITION,
            "The value of the 'if' clause must not be null.",
            "The 'if' clause value is invalid",
            cond.span,
        )?;
        Ok(match include.and_then(|include| include.as_bool()) {
            Some(true) => Include::Yes,
            Some(false) => Include::No,
            None => Include::Unknown,
        })
    }

    /// Evaluates the key of the object form for the current element: `None`
    /// when it is not known yet.
    fn for_key(&mut self, key_expr: &Expr, marks: &mut Marks) -> Result<Option<Key>, Diagnostics> {
        // The common case, a known unmarked string, is taken as it is.
        let key = match self.eval(key_expr)?.into_parts() {
            (_, Repr::String(text), key_marks) if key_marks.is_empty() => return Ok(Some(text)),
            (ty, repr, key_marks) => Value::from_parts(ty, repr, key_marks),
        };
        let key = clause_value(
            key,
            &Type::String,
            marks,
            INVALID_KEY,
            "Key expression in 'for' expression must not produce a null value.",
            "The key expression produced an invalid result",
            key_expr.span,
        )?;
        Ok(key.and_then(|key| match key.unmark().0.repr() {
            Repr::String(text) => Some(Key::clone(text)),
            _ => None,
        }))
    }
}

/// The value of an `if` clause or key converted to `want`, its marks added to
/// `marks`: an error (`summary`, with `null_detail` or `invalid` and the
/// reason) when it is null or does not convert, `None` while it is unknown.
fn clause_value(
    value: Value,
    want: &Type,
    marks: &mut Marks,
    summary: &str,
    null_detail: &str,
    invalid: &str,
    span: Span,
) -> Result<Option<Value>, Diagnostics> {
    if value.is_null() {
        return Err(error(summary, null_detail, span));
    }
    let (value, value_marks) = value.unmark();
    *marks |= value_marks;
    if !value.is_known() {
        return Ok(None);
    }
    convert_to(&value, want)
        .map(Some)
        .map_err(|e| error(summary, format!("{invalid}: {e}."), span))
}

/// `entries` sorted by key, or the key of the first item (in iteration order)
/// that repeats an earlier key.
fn unique(entries: Vec<(Key, Value)>) -> Result<Vec<(Key, Value)>, Key> {
    if entries.windows(2).all(|pair| pair[0].0 < pair[1].0) {
        return Ok(entries);
    }
    // Sort positions rather than entries: each is one integer, its key's first
    // eight bytes above its position, so that most keys are ordered without
    // reading them, and ties between equal keys go by iteration order.
    let mut sorted: Vec<u128> = entries
        .iter()
        .enumerate()
        .map(|(at, (key, _))| (u128::from(key_prefix(key)) << 64) | at as u128)
        .collect();
    sorted.sort_unstable();
    let prefix = |item: u128| item >> 64;
    let position = |item: u128| (item & u128::from(u64::MAX)) as usize;
    // Keys alike in their first eight bytes: ordered by the rest, then by position.
    let mut run = 0;
    for end in 1..=sorted.len() {
        if end == sorted.len() || prefix(sorted[end]) != prefix(sorted[run]) {
            if end - run > 1 {
                sorted[run..end].sort_unstable_by(|&a, &b| {
                    entries[position(a)]
                        .0
                        .cmp(&entries[position(b)].0)
                        .then(a.cmp(&b))
                });
            }
            run = end;
        }
    }
    let mut order: Vec<usize> = sorted.iter().map(|&item| position(item)).collect();
    let first_repeat = sorted
        .windows(2)
        .filter(|pair| {
            prefix(pair[0]) == prefix(pair[1])
                && entries[position(pair[0])].0 == entries[position(pair[1])].0
        })
        .map(|pair| position(pair[1]))
        .min();
    if let Some(at) = first_repeat {
        return Err(entries[at].0.clone());
    }
    let mut entries = entries;
    permute(&mut entries, &mut order);
    Ok(entries)
}

/// Reorders `items` in place so that item `k` is the one that was at `order[k]`
/// (`order` a permutation), one cycle at a time; `order` is used up.
fn permute<T>(items: &mut [T], order: &mut [usize]) {
    const DONE: usize = usize::MAX;
    for start in 0..items.len() {
        let mut current = start;
        while order[current] != DONE {
            let source = order[current];
            order[current] = DONE;
            if source == start {
                break;
            }
            items.swap(current, source);
            current = source;
        }
    }
}

/// The first eight bytes of `key` as a big-endian number (zero-padded): keys in
/// this order are in byte order, except among keys with the same prefix.
fn key_prefix(key: &str) -> u64 {
    let mut prefix = [0u8; 8];
    let len = key.len().min(8);
    prefix[..len].copy_from_slice(&key.as_bytes()[..len]);
    u64::from_be_bytes(prefix)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permute_follows_every_cycle() {
        let mut items = vec!['a', 'b', 'c', 'd', 'e', 'f'];
        // Two cycles (0 -> 2 -> 4 -> 0, 1 -> 5 -> 1) and a fixed point (3).
        let mut order = vec![2, 5, 4, 3, 0, 1];
        permute(&mut items, &mut order);
        assert_eq!(items, ['c', 'f', 'e', 'd', 'a', 'b']);
    }

    #[test]
    fn unique_sorts_and_finds_the_first_repeat() {
        let entry = |k: &str, n: i64| (Key::from(k), Value::int(n));
        let sorted = unique(vec![
            entry("k10", 0),
            entry("k2", 1),
            entry("k1", 2),
            entry("a", 3),
        ]);
        let keys: Vec<String> = sorted.unwrap().iter().map(|(k, _)| k.to_string()).collect();
        assert_eq!(keys, ["a", "k1", "k10", "k2"]);
        // "b" repeats first in iteration order (at 3), before "a" does (at 4).
        let repeated = unique(vec![
            entry("a", 0),
            entry("b", 1),
            entry("c", 2),
            entry("b", 3),
            entry("a", 4),
        ]);
        assert_eq!(repeated.map(|_| ()), Err(Key::from("b")));
        // Keys alike in their first eight bytes are ordered by the rest.
        let long = unique(vec![
            entry("prefix00b", 0),
            entry("prefix00a", 1),
            entry("prefix00", 2),
        ]);
        let keys: Vec<String> = long.unwrap().iter().map(|(k, _)| k.to_string()).collect();
        assert_eq!(keys, ["prefix00", "prefix00a", "prefix00b"]);
    }
}
