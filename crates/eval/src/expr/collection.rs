//! Tuple and object constructors: `[a, b]` and `{k = v, (expr) = v, "quoted" = v}`.

use std::collections::BTreeMap;

use terrace_syntax::{Expr, ExprKind, ObjectItem, ObjectKey};
use terrace_types::{Key, Marks, Type, Value};

use super::{Ctx, EvalResult, convert_to, error};

impl Ctx<'_> {
    /// `[a, b, c]`: a tuple of the element values.
    pub(super) fn eval_tuple(&mut self, items: &[Expr]) -> EvalResult {
        let mut elems = Vec::with_capacity(items.len());
        for item in items {
            elems.push(self.eval_element(item)?);
        }
        Ok(Value::tuple(elems))
    }

    /// `{k = v, ...}`: an object; a later item with the same key replaces an earlier one.
    pub(super) fn eval_object(&mut self, items: &[ObjectItem]) -> EvalResult {
        let mut attrs: BTreeMap<Key, Value> = BTreeMap::new();
        let mut marks = Marks::NONE;
        let mut known = true;
        for item in items {
            let key = self.object_key(&item.key)?;
            let value = self.eval_element(&item.value)?;
            let Some(key) = key else {
                known = false;
                continue;
            };
            let (key, key_marks) = key;
            marks |= key_marks;
            attrs.insert(key, value);
        }
        if !known {
            return Ok(Value::unknown(Type::Dynamic));
        }
        Ok(Value::object(attrs).mark(marks))
    }

    /// The string key of an object item, with its marks; `None` when unknown.
    fn object_key(&mut self, key: &ObjectKey) -> Result<Option<(Key, Marks)>, super::Diagnostics> {
        let expr = match key {
            ObjectKey::Ident(ident) => return Ok(Some((ident.name.clone(), Marks::NONE))),
            ObjectKey::Expr(expr) => expr,
        };
        if let ExprKind::ScopeTraversal { root, steps } = &expr.kind {
            if steps.is_empty() {
                return Ok(Some((root.name.clone(), Marks::NONE)));
            }
            return Err(error(
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                expr.span,
            ));
        }
        let value = self.eval(expr)?;
        if value.is_null() {
            return Err(error(
                "Null value as key",
                "Can't use a null value as a key.",
                expr.span,
            ));
        }
        let (value, marks) = value.unmark();
        let value = convert_to(&value, &Type::String).map_err(|e| {
            error(
                "Incorrect key type",
                format!("Can't use this value as a key: {e}."),
                expr.span,
            )
        })?;
        Ok(value.as_str().map(|s| (Key::from(s), marks)))
    }
}
