//! `source "TYPE" "NAME"` blocks: their arguments evaluated (after `dynamic`
//! expansion), the object `source.TYPE.NAME` gives.

use terrace_syntax::Name;
use terrace_types::{Type, Value};

use super::loader::LabeledBlock;
use crate::module::eval::evaluated_body::eval_body;
use crate::module::{EvaluatedBody, ModuleDiagnostic};
use terrace_eval::Evaluator;
use terrace_eval::Scope;

/// A `source` block evaluated on its own.
#[derive(Clone, Debug)]
pub struct SourceValue {
    /// The builder type (`amazon-ebs`).
    pub source_type: Name,
    /// The name (`example`).
    pub name: Name,
    /// The arguments and nested blocks, evaluated.
    pub body: EvaluatedBody,
    /// `source.TYPE.NAME`: the body as an object.
    pub value: Value,
}

impl SourceValue {
    /// `TYPE.NAME`, as builds refer to it.
    pub fn address(&self) -> String {
        format!("{}.{}", self.source_type, self.name)
    }
}

/// The object `source` has inside a source or a build's run of it: the
/// `type` and `name` of that source, and every source value by type and name.
pub(crate) fn source_object(current: Option<(&str, &str)>, sources: &[SourceValue]) -> Value {
    let (ty, name) = match current {
        Some((ty, name)) => (Value::string(ty), Value::string(name)),
        None => (Value::unknown(Type::String), Value::unknown(Type::String)),
    };
    let mut attrs: Vec<(String, Value)> =
        vec![("type".to_string(), ty), ("name".to_string(), name)];
    let mut types: Vec<&Name> = Vec::new();
    for source in sources {
        if !types.contains(&&source.source_type) {
            types.push(&source.source_type);
        }
    }
    for ty in types {
        let by_name = sources
            .iter()
            .filter(|s| &s.source_type == ty)
            .map(|s| (s.name.to_string(), s.value.clone()));
        attrs.retain(|(name, _)| name != &**ty);
        attrs.push((ty.to_string(), Value::object(by_name)));
    }
    Value::object(attrs)
}

/// Evaluates the source blocks in order; each sees `source.type`,
/// `source.name` of its own and the sources before it.
pub(crate) fn eval_sources(
    blocks: &[LabeledBlock<'_>],
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<SourceValue> {
    let mut sources: Vec<SourceValue> = Vec::new();
    for block in blocks {
        let mut source_scope = scope.clone();
        source_scope.insert_namespace(
            "source",
            source_object(Some((&block.block_type, &block.name)), &sources),
        );
        let content = block.block.body.all_content();
        let body = eval_body(
            &content.attributes,
            &content.blocks,
            &source_scope,
            evaluator,
            diagnostics,
        );
        sources.push(SourceValue {
            source_type: block.block_type.clone(),
            name: block.name.clone(),
            value: body_value(&body),
            body,
        });
    }
    sources
}

/// A body as an object: the arguments, and each block type as a tuple of
/// objects (unknown for a `dynamic` block whose `for_each` is unknown).
pub(crate) fn body_value(body: &EvaluatedBody) -> Value {
    let mut attrs: Vec<(Name, Value)> = body.attrs.clone();
    let mut types: Vec<&Name> = Vec::new();
    for block in &body.blocks {
        if !types.contains(&&block.block_type) {
            types.push(&block.block_type);
        }
    }
    for block_type in types {
        let elems = body
            .blocks
            .iter()
            .filter(|b| &b.block_type == block_type)
            .map(|b| body_value(&b.body));
        attrs.retain(|(name, _)| name != block_type);
        attrs.push((block_type.clone(), Value::tuple(elems)));
    }
    for block_type in &body.unknown_blocks {
        attrs.retain(|(name, _)| name != block_type);
        attrs.push((block_type.clone(), Value::unknown(Type::Dynamic)));
    }
    Value::object(attrs)
}
