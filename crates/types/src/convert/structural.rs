//! Conversions to object and tuple types: object to object, tuple to tuple, map to object.
//!
//! Object conversion is structural: attributes the wanted type does not name are
//! dropped, each named one is converted, and a missing optional attribute becomes a
//! null of its type. A map converts to an object when it has an element for every
//! required attribute; its other elements are dropped.

use crate::path::PathStep;
use crate::ty::Type;
use crate::value::Value;

use super::{ConvertError, Converter, attr_step, mismatch_message};

impl Converter {
    /// Object to object: keep, convert and complete the attributes `out` names.
    pub(super) fn object_to_object(
        &mut self,
        v: &Value,
        out: &Type,
    ) -> Result<Value, ConvertError> {
        let (Some(attrs), Some(out_obj)) = (v.as_attrs(), out.object_type()) else {
            return Err(self.error(mismatch_message(v.ty(), out)));
        };
        let mut result = crate::Attrs::new();
        for (name, attr) in attrs {
            let Some(want) = out_obj.attrs.get(name) else {
                continue;
            };
            let converted = self.nested(attr_step(name), attr, want)?;
            result.insert(name.clone(), strip_optional_if_null(converted));
        }
        for (name, want) in &out_obj.attrs {
            if result.contains_key(name) {
                continue;
            }
            if out_obj.is_optional(name) {
                result.insert(name.clone(), Value::null(want.without_optional_attrs()));
            } else {
                return Err(self.error(format!("attribute {name:?} is required")));
            }
        }
        Ok(Value::object(result))
    }

    /// Tuple to tuple of the same length, element by element.
    pub(super) fn tuple_to_tuple(&mut self, v: &Value, out: &Type) -> Result<Value, ConvertError> {
        let (Some(elems), Some(want)) = (v.as_seq(), out.tuple_elements()) else {
            return Err(self.error(mismatch_message(v.ty(), out)));
        };
        if elems.len() != want.len() {
            return Err(self.error(mismatch_message(v.ty(), out)));
        }
        let mut result = Vec::new();
        for (i, (elem, want)) in elems.iter().zip(want.iter()).enumerate() {
            result.push(self.nested(PathStep::Index(i), elem, want)?);
        }
        Ok(Value::tuple(result))
    }

    /// Map to object: every required attribute must have an element; other keys are dropped.
    pub(super) fn map_to_object(&mut self, v: &Value, out: &Type) -> Result<Value, ConvertError> {
        let (Some(entries), Some(out_obj), Some(map_ety)) =
            (v.as_attrs(), out.object_type(), v.ty().element_type())
        else {
            return Err(self.error(mismatch_message(v.ty(), out)));
        };
        let mut result = crate::Attrs::new();
        for (key, elem) in entries {
            let Some(want) = out_obj.attrs.get(key) else {
                continue;
            };
            if want != map_ety && !super::available::exists(map_ety, want, self.unsafe_mode()) {
                // Allowed by the type check only because the attribute is optional.
                return Err(self.error(format!(
                    "map element type is incompatible with attribute {key:?}: {}",
                    mismatch_message(elem.ty(), want)
                )));
            }
            let converted = self.nested(PathStep::Key(key.clone()), elem, want)?;
            result.insert(key.clone(), strip_optional_if_null(converted));
        }
        for (name, want) in &out_obj.attrs {
            if result.contains_key(name) {
                continue;
            }
            if out_obj.is_optional(name) {
                result.insert(name.clone(), Value::null(want.without_optional_attrs()));
            } else {
                return Err(self.error(format!(
                    "map has no element for required attribute {name:?}"
                )));
            }
        }
        Ok(Value::object(result))
    }
}

/// A null result keeps its marks but loses any optional-attribute markers in its type.
pub(super) fn strip_optional_if_null(v: Value) -> Value {
    if v.is_null() && v.ty().has_optional_attrs() {
        let marks = v.marks();
        Value::null(v.ty().without_optional_attrs()).mark(marks)
    } else {
        v
    }
}
