//! Tuple and object constructors: `[a, b]` and `{k = v, (expr) = v, "quoted" = v}`.

use std::collections::BTreeMap;

use terrace_syntax::{Expr, ExprKind, ObjectItem, ObjectKey, Span};
use terrace_types::{Key, Marks, Type, Value};

use super::{Ctx, EvalResult, convert_to, error, is_interrupt};
use crate::diagnostic::Diagnostics;

impl Ctx<'_> {
    /// `[a, b, c]`: a tuple of the element values. As HCL's `TupleConsExpr`, every
    /// element is evaluated; with errors, the tuple stands for its elements' values,
    /// a failed one as what it stands for (see [`super::Failed`]).
    pub(super) fn eval_tuple(&mut self, items: &[Expr], span: Span) -> EvalResult {
        let mut elems = Vec::with_capacity(items.len());
        let mut found = Diagnostics::new();
        for item in items {
            if self.deferred.is_some() {
                elems.push(self.eval_element(item)?);
                continue;
            }
            match self.eval_hcl(item) {
                Ok(value) => elems.push(value),
                Err(failed) if is_interrupt(&failed.diagnostics) => return Err(failed.diagnostics),
                Err(failed) => {
                    found.extend(failed.diagnostics);
                    elems.push(failed.value);
                }
            }
        }
        if found.is_empty() {
            Ok(Value::tuple(elems))
        } else {
            Err(self.failing(span, Value::tuple(elems), found))
        }
    }

    /// `{k = v, ...}`: an object; a later item with the same key replaces an earlier one.
    /// As HCL's `ObjectConsExpr`, every key and value is evaluated; with errors, the
    /// object stands for its items' values, or for an unknown of no known type when
    /// a key failed.
    pub(super) fn eval_object(&mut self, items: &[ObjectItem], span: Span) -> EvalResult {
        let mut attrs: BTreeMap<Key, Value> = BTreeMap::new();
        let mut marks = Marks::NONE;
        let mut known = true;
        let mut found = Diagnostics::new();
        for item in items {
            if self.deferred.is_some() {
                let key = self.object_key(&item.key)?;
                let value = self.eval_element(&item.value)?;
                let Some((key, key_marks)) = key else {
                    known = false;
                    continue;
                };
                marks |= key_marks;
                attrs.insert(key, value);
                continue;
            }
            let key = self.object_key(&item.key);
            let value = match self.eval_hcl(&item.value) {
                Ok(value) => value,
                Err(failed) if is_interrupt(&failed.diagnostics) => return Err(failed.diagnostics),
                Err(failed) => {
                    found.extend(failed.diagnostics);
                    failed.value
                }
            };
            match key {
                Ok(Some((key, key_marks))) => {
                    marks |= key_marks;
                    attrs.insert(key, value);
                }
                Ok(None) => known = false,
                Err(key_errors) if is_interrupt(&key_errors) => return Err(key_errors),
                Err(key_errors) => {
                    // HCL reports a key's errors before its value's.
                    let value_errors = std::mem::replace(&mut found, Diagnostics::new());
                    found.extend(key_errors);
                    found.extend(value_errors);
                    known = false;
                }
            }
        }
        let value = if known {
            Value::object(attrs).mark(marks)
        } else {
            Value::unknown(Type::Dynamic)
        };
        if found.is_empty() {
            Ok(value)
        } else {
            Err(self.failing(span, value, found))
        }
    }

    /// The string key of an object item, with its marks; `None` when unknown.
    fn object_key(&mut self, key: &ObjectKey) -> Result<Option<(Key, Marks)>, Diagnostics> {
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
