//! Splat expressions: `source[*].each` and the attribute-only `source.*.each`.

use terrace_syntax::Expr;
use terrace_types::{Type, Value};

use super::{Ctx, EvalResult, error};

impl Ctx<'_> {
    /// A splat, as HCL's `SplatExpr`: `each` is evaluated for every element of
    /// `source`; a value that is not a list, tuple or set is wrapped in a
    /// one-element tuple first, and null becomes an empty tuple. A list or set
    /// source gives a list, anything else a tuple.
    pub(super) fn eval_splat(&mut self, source: &Expr, each: &Expr) -> EvalResult {
        let source_value = self.eval(source)?;
        let source_ty = source_value.ty().clone();
        let auto_upgrade = !(source_ty.is_tuple() || source_ty.is_list() || source_ty.is_set());
        if source_value.is_null() {
            if auto_upgrade {
                return Ok(Value::empty_tuple().mark(source_value.marks()));
            }
            return Err(error(
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                source.span,
            ));
        }
        if source_ty.is_dynamic() {
            return Ok(Value::unknown(Type::Dynamic).mark(source_value.marks()));
        }
        let mut upgraded_unknown = false;
        let source_value = if auto_upgrade {
            upgraded_unknown = !source_value.is_known();
            let marks = source_value.marks();
            Value::tuple([source_value]).mark(marks)
        } else {
            source_value
        };
        if !source_value.is_known() {
            let ty = self.splat_result_type(source_value.ty(), each)?;
            return Ok(Value::unknown(ty).mark(source_value.marks()));
        }
        let (source_value, marks) = source_value.unmark();
        let elems = source_value.as_seq().cloned().unwrap_or_default();
        let mut results = Vec::with_capacity(elems.len());
        for elem in elems {
            self.splat_items.push(elem);
            let result = self.eval(each);
            self.splat_items.pop();
            results.push(result?);
        }
        if upgraded_unknown {
            return Ok(Value::unknown(Type::Dynamic).mark(marks));
        }
        let source_ty = source_value.ty();
        if source_ty.is_list() || source_ty.is_set() {
            if results.is_empty() {
                let ty = self.splat_result_type(source_ty, each)?;
                let elem_ty = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                return Ok(Value::list(elem_ty, []).mark(marks));
            }
            let elem_ty = results[0].ty().clone();
            if results.iter().any(|result| result.ty() != &elem_ty) {
                return Err(error(
                    "Invalid nested splat expressions",
                    "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
                    each.span,
                ));
            }
            return Ok(Value::list(elem_ty, results).mark(marks));
        }
        Ok(Value::tuple(results).mark(marks))
    }

    /// The type a splat over values of `source_ty` produces, found by evaluating
    /// `each` with unknown elements.
    fn splat_result_type(
        &mut self,
        source_ty: &Type,
        each: &Expr,
    ) -> Result<Type, super::Diagnostics> {
        match source_ty {
            Type::List(elem_ty) | Type::Set(elem_ty) => {
                let item = self.with_splat_item(Value::unknown((**elem_ty).clone()), each)?;
                Ok(Type::list(item.ty().clone()))
            }
            Type::Tuple(elem_tys) => {
                let mut tys = Vec::with_capacity(elem_tys.len());
                for elem_ty in elem_tys.iter() {
                    let item = self.with_splat_item(Value::unknown(elem_ty.clone()), each)?;
                    tys.push(item.ty().clone());
                }
                Ok(Type::tuple(tys))
            }
            _ => Ok(Type::Dynamic),
        }
    }

    fn with_splat_item(&mut self, item: Value, each: &Expr) -> EvalResult {
        self.splat_items.push(item);
        let result = self.eval(each);
        self.splat_items.pop();
        result
    }
}
