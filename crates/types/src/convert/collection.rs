//! Conversions to list, set and map types, from collections and from tuples and objects.
//!
//! - list or set → list: elements converted; a set's elements come out in set order.
//! - list or set → set: elements converted, duplicates dropped (list → set is unsafe).
//! - map → map: elements converted.
//! - tuple → list or set, object → map: every element is converted to one element type;
//!   with `any` as the wanted element type, that type is the unification of the element
//!   types (`["a", 1]` → `list(string)`), and the conversion is impossible when there is
//!   none (`["a", []]`: "all list elements must have the same type").
//!
//! An empty result gets the wanted element type, or with `any` the source's element
//! type (`tolist([])` is a `list(dynamic)`).

use crate::path::PathStep;
use crate::ty::Type;
use crate::value::{Key, Value};

use super::available::{object_element_type, tuple_element_type};
use super::structural::strip_optional_if_null;
use super::unify::unify_mode;
use super::{ConvertError, Converter, mismatch_message};

impl Converter {
    /// A list or set to a list of `ety`.
    pub(super) fn collection_to_list(
        &mut self,
        v: &Value,
        ety: &Type,
    ) -> Result<Value, ConvertError> {
        let (Some(elems), Some(in_ety)) = (v.as_seq(), v.ty().element_type()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::list(ety.clone()))));
        };
        if v.ty().is_set() && elems.iter().any(|e| !e.is_known()) {
            // A set with unknown elements has an unknown length, and so has the list.
            return Ok(Value::unknown(Type::list(in_ety.clone())));
        }
        let mut result = Vec::new();
        for (i, elem) in elems.iter().enumerate() {
            let converted = if in_ety == ety {
                elem.clone()
            } else {
                self.nested(PathStep::Index(i), elem, ety)?
            };
            result.push(strip_optional_if_null(converted));
        }
        let Some(first_ty) = result.first().map(|e| e.ty().clone()) else {
            return Ok(Value::list(empty_element_type(in_ety, ety), []));
        };
        if !result.iter().all(|e| e.ty() == &first_ty) {
            return Err(self.error("element types must all match for conversion to list"));
        }
        Ok(Value::list(first_ty, result))
    }

    /// A list or set to a set of `ety`.
    pub(super) fn collection_to_set(
        &mut self,
        v: &Value,
        ety: &Type,
    ) -> Result<Value, ConvertError> {
        let (Some(elems), Some(in_ety)) = (v.as_seq(), v.ty().element_type()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::set(ety.clone()))));
        };
        let mut result = Vec::with_capacity(elems.len());
        for (i, elem) in elems.iter().enumerate() {
            let converted = if in_ety == ety {
                elem.clone()
            } else {
                self.nested(PathStep::Index(i), elem, ety)?
            };
            result.push(strip_optional_if_null(converted));
        }
        let Some(first_ty) = result.first().map(|e| e.ty().clone()) else {
            return Ok(Value::set(empty_element_type(in_ety, ety), []));
        };
        if !result.iter().all(|e| e.ty() == &first_ty) {
            return Err(self.error("element types must all match for conversion to set"));
        }
        Ok(Value::set(first_ty, result))
    }

    /// A map to a map of `ety`.
    pub(super) fn map_to_map(&mut self, v: &Value, ety: &Type) -> Result<Value, ConvertError> {
        let (Some(entries), Some(in_ety)) = (v.as_attrs(), v.ty().element_type()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::map(ety.clone()))));
        };
        if entries.is_empty() {
            return Ok(Value::map(
                empty_element_type(in_ety, ety),
                Vec::<(Key, Value)>::new(),
            ));
        }
        let mut result = Vec::with_capacity(entries.len());
        for (key, elem) in entries {
            let converted = if in_ety == ety {
                elem.clone()
            } else {
                self.nested(PathStep::Key(key.clone()), elem, ety)?
            };
            result.push((key.clone(), converted));
        }
        if ety.is_collection() || ety.is_object() {
            // Elements converted separately may still differ (`list(any)`): unify them.
            result = self.unify_entries(result, false)?;
        }
        self.finish_map(result, "element types must all match for conversion to map")
    }

    /// A tuple to a list of `ety`.
    pub(super) fn tuple_to_list(&mut self, v: &Value, ety: &Type) -> Result<Value, ConvertError> {
        let (Some(elems), Some(etys)) = (v.as_seq(), v.ty().tuple_elements()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::list(ety.clone()))));
        };
        if elems.is_empty() {
            return Ok(Value::list(ety.without_optional_attrs(), []));
        }
        let Some(list_ety) = tuple_element_type(etys, ety, self.unsafe_mode()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::list(ety.clone()))));
        };
        let mut result = Vec::with_capacity(elems.len());
        for (i, elem) in elems.iter().enumerate() {
            result.push(if elem.ty() == &list_ety {
                elem.clone()
            } else {
                self.nested(PathStep::Index(i), elem, &list_ety)?
            });
        }
        let result = self.unify_elements(result, self.unsafe_mode())?;
        let first_ty = result[0].ty().clone();
        if !result.iter().all(|e| e.ty() == &first_ty) {
            return Err(self.error("element types must all match for conversion to list"));
        }
        Ok(Value::list(first_ty, result))
    }

    /// A tuple to a set of `ety`.
    pub(super) fn tuple_to_set(&mut self, v: &Value, ety: &Type) -> Result<Value, ConvertError> {
        let (Some(elems), Some(etys)) = (v.as_seq(), v.ty().tuple_elements()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::set(ety.clone()))));
        };
        if elems.is_empty() {
            return Ok(Value::set(ety.without_optional_attrs(), []));
        }
        let Some(set_ety) = tuple_element_type(etys, ety, self.unsafe_mode()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::set(ety.clone()))));
        };
        let mut result = Vec::with_capacity(elems.len());
        for (i, elem) in elems.iter().enumerate() {
            let converted = if elem.ty() == &set_ety {
                elem.clone()
            } else {
                self.nested(PathStep::Index(i), elem, &set_ety)?
            };
            result.push(strip_optional_if_null(converted));
        }
        let first_ty = result[0].ty().clone();
        if !result.iter().all(|e| e.ty() == &first_ty) {
            return Err(self.error("element types must all match for conversion to set"));
        }
        Ok(Value::set(first_ty, result))
    }

    /// An object to a map of `ety`.
    pub(super) fn object_to_map(&mut self, v: &Value, ety: &Type) -> Result<Value, ConvertError> {
        let (Some(attrs), Some(obj)) = (v.as_attrs(), v.ty().object_type()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::map(ety.clone()))));
        };
        if attrs.is_empty() {
            return Ok(Value::map(
                ety.without_optional_attrs(),
                Vec::<(Key, Value)>::new(),
            ));
        }
        let Some(map_ety) = object_element_type(obj, ety, self.unsafe_mode()) else {
            return Err(self.error(mismatch_message(v.ty(), &Type::map(ety.clone()))));
        };
        let mut result = Vec::with_capacity(attrs.len());
        for (name, elem) in attrs {
            let converted = if elem.ty() == &map_ety {
                elem.clone()
            } else {
                self.nested(PathStep::Key(name.clone()), elem, &map_ety)?
            };
            result.push((name.clone(), converted));
        }
        if map_ety.is_collection() || map_ety.is_object() {
            result = self.unify_entries(result, self.unsafe_mode())?;
        }
        self.finish_map(
            result,
            "attribute types must all match for conversion to map",
        )
    }

    /// Converts list elements to their unified type.
    fn unify_elements(
        &mut self,
        elems: Vec<Value>,
        unsafe_: bool,
    ) -> Result<Vec<Value>, ConvertError> {
        if elems.iter().all(|e| e.ty() == elems[0].ty()) {
            return Ok(elems);
        }
        let types: Vec<Type> = elems.iter().map(|e| e.ty().clone()).collect();
        let Some(unified) = unify_mode(&types, unsafe_) else {
            return Err(self.error("cannot find a common base type for all elements"));
        };
        let mut result = Vec::with_capacity(elems.len());
        for (i, elem) in elems.into_iter().enumerate() {
            if elem.ty() == &unified.ty {
                result.push(elem);
            } else {
                result.push(self.nested_with_mode(
                    PathStep::Index(i),
                    &elem,
                    &unified.ty,
                    unsafe_,
                )?);
            }
        }
        Ok(result)
    }

    /// Converts map entries to their unified type.
    fn unify_entries(
        &mut self,
        entries: Vec<(Key, Value)>,
        unsafe_: bool,
    ) -> Result<Vec<(Key, Value)>, ConvertError> {
        if entries.iter().all(|(_, e)| e.ty() == entries[0].1.ty()) {
            return Ok(entries);
        }
        let types: Vec<Type> = entries.iter().map(|(_, e)| e.ty().clone()).collect();
        let Some(unified) = unify_mode(&types, unsafe_) else {
            return Err(self.error("cannot find a common base type for all elements"));
        };
        let mut result = Vec::with_capacity(entries.len());
        for (key, elem) in entries {
            if elem.ty() == &unified.ty {
                result.push((key, elem));
            } else {
                let converted =
                    self.nested_with_mode(PathStep::Key(key.clone()), &elem, &unified.ty, unsafe_)?;
                result.push((key, converted));
            }
        }
        Ok(result)
    }

    /// Builds a map from converted entries, which must all have one type (or `any`).
    fn finish_map(
        &mut self,
        entries: Vec<(Key, Value)>,
        mismatch: &str,
    ) -> Result<Value, ConvertError> {
        // As cty's `MapVal`: the first type that is not `any` is the element type,
        // and nulls and unknowns of type `any` fit any.
        let ety = entries
            .iter()
            .map(|(_, e)| e.ty())
            .find(|ty| !ty.is_dynamic())
            .unwrap_or(&Type::Dynamic)
            .clone();
        if !entries
            .iter()
            .all(|(_, e)| e.ty() == &ety || e.ty().is_dynamic())
        {
            return Err(self.error(mismatch));
        }
        Ok(Value::map_of_entries(ety, entries))
    }

    /// Like `nested`, with the conversion's safety chosen for this step.
    fn nested_with_mode(
        &mut self,
        step: PathStep,
        v: &Value,
        out: &Type,
        unsafe_: bool,
    ) -> Result<Value, ConvertError> {
        if !super::available::exists(v.ty(), out, unsafe_) {
            self.path.push(step);
            let error = self.error(mismatch_message(v.ty(), out));
            self.path.pop();
            return Err(error);
        }
        let saved = self.unsafe_;
        self.unsafe_ = unsafe_;
        let result = self.nested(step, v, out);
        self.unsafe_ = saved;
        result
    }
}

/// The element type of an empty result: the wanted one, or the source's when `any` is wanted.
fn empty_element_type(in_ety: &Type, want: &Type) -> Type {
    if want.is_dynamic() {
        in_ety.clone()
    } else {
        want.without_optional_attrs()
    }
}
