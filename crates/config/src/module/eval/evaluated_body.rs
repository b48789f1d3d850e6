//! A block's body evaluated: its arguments, and its nested blocks with `dynamic` blocks expanded — one nested block per element of `for_each`, with the iterator's `key` and `value` bound in `labels` and `content`.

use terrace_syntax::{Name, Span};
use terrace_types::{Type, Value};

use crate::module::read::body::{ConfigAttr, ConfigBlock};
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::files::FileId;
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;

/// Arguments and nested blocks after evaluation and `dynamic` expansion.
#[derive(Clone, Debug, Default)]
pub struct EvaluatedBody {
    /// Arguments with their values, in source order.
    pub attrs: Vec<(Name, Value)>,
    /// Nested blocks, in source order (blocks from a `dynamic` block where it stood).
    pub blocks: Vec<EvaluatedBlock>,
    /// Block types whose `dynamic` `for_each` was unknown: their blocks are unknown.
    pub unknown_blocks: Vec<Name>,
}

/// One nested block after evaluation.
#[derive(Clone, Debug)]
pub struct EvaluatedBlock {
    /// Its type.
    pub block_type: Name,
    /// Its labels.
    pub labels: Vec<String>,
    /// Its content.
    pub body: EvaluatedBody,
    /// True when a `dynamic` block generated it.
    pub from_dynamic: bool,
}

impl EvaluatedBody {
    /// The body as an object: arguments, and each block type as a tuple of
    /// objects. An argument set to null is unknown: with no provider schema,
    /// it may be one the provider computes (`optional` and `computed`).
    pub fn to_value(&self) -> Value {
        let mut attrs: Vec<(Name, Value)> = self
            .attrs
            .iter()
            .map(|(name, value)| {
                if value.is_null() {
                    (
                        name.clone(),
                        Value::unknown(value.ty().clone()).mark(value.marks()),
                    )
                } else {
                    (name.clone(), value.clone())
                }
            })
            .collect();
        let mut types: Vec<&Name> = Vec::new();
        for block in &self.blocks {
            if !types.contains(&&block.block_type) {
                types.push(&block.block_type);
            }
        }
        for block_type in types {
            let elems = self
                .blocks
                .iter()
                .filter(|b| &b.block_type == block_type)
                .map(|b| b.body.to_value());
            attrs.retain(|(name, _)| name != block_type);
            attrs.push((block_type.clone(), Value::tuple(elems)));
        }
        for block_type in &self.unknown_blocks {
            attrs.retain(|(name, _)| name != block_type);
            attrs.push((block_type.clone(), Value::unknown(Type::Dynamic)));
        }
        Value::object(attrs)
    }
}

/// Evaluates arguments and nested blocks (expanding `dynamic` blocks).
pub(crate) fn eval_body(
    attrs: &[ConfigAttr<'_>],
    blocks: &[ConfigBlock<'_>],
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> EvaluatedBody {
    let mut body = EvaluatedBody::default();
    for attr in attrs {
        let value = match evaluator.eval(&attr.expr, scope) {
            Ok(value) => value,
            Err(found) => {
                diagnostics.extend(
                    found
                        .into_iter()
                        .map(|d| ModuleDiagnostic::new(attr.file, d)),
                );
                Value::unknown(Type::Dynamic)
            }
        };
        body.attrs.push((attr.name.clone(), value));
    }
    for block in blocks {
        if &*block.block_type == "dynamic" {
            match expand(block, scope, evaluator, diagnostics) {
                Expanded::Blocks(expanded) => body.blocks.extend(expanded),
                Expanded::Unknown(block_type) => body.unknown_blocks.push(block_type),
                Expanded::Invalid => {}
            }
            continue;
        }
        let content = block.body.all_content();
        body.blocks.push(EvaluatedBlock {
            block_type: block.block_type.clone(),
            labels: block.labels.iter().map(|(l, _)| l.to_string()).collect(),
            body: eval_body(
                &content.attributes,
                &content.blocks,
                scope,
                evaluator,
                diagnostics,
            ),
            from_dynamic: false,
        });
    }
    body
}

/// A `dynamic` block's body; the `content` block is named so that the JSON
/// syntax reads it as a block.
const DYNAMIC_SCHEMA: crate::module::read::body::BodySchema =
    crate::module::read::body::BodySchema {
        attributes: &["for_each", "iterator", "labels"],
        blocks: &[("content", 0)],
        open: true,
    };

/// What a `dynamic` block expands to.
pub(crate) enum Expanded {
    /// The generated blocks.
    Blocks(Vec<EvaluatedBlock>),
    /// `for_each` is unknown: an unknown number of blocks of this type.
    Unknown(Name),
    /// The block is malformed (already reported).
    Invalid,
}

/// Expands one `dynamic "TYPE" { for_each = ..., iterator = ..., labels = [...], content { ... } }`.
pub(crate) fn expand(
    block: &crate::module::read::body::ConfigBlock<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Expanded {
    let file = block.file;
    let report =
        |diagnostics: &mut Vec<ModuleDiagnostic>, summary: &str, detail: String, span: Span| {
            diagnostics.push(ModuleDiagnostic::new(
                file,
                Diagnostic::error(summary, detail, span),
            ));
        };
    let Some((block_type, _)) = block.labels.first() else {
        report(
            diagnostics,
            "Missing name for dynamic block",
            "A dynamic block must have one label: the type of the blocks it generates.".to_string(),
            block.def_span,
        );
        return Expanded::Invalid;
    };
    let content = block.body.content(&DYNAMIC_SCHEMA).0;
    let Some(for_each) = content.attr("for_each") else {
        report(
            diagnostics,
            "Missing required argument",
            "The argument \"for_each\" is required, but no definition was found.".to_string(),
            block.def_span,
        );
        return Expanded::Invalid;
    };
    let iterator: Name = match content.attr("iterator") {
        None => block_type.clone(),
        Some(attr) => match attr
            .static_expr()
            .ok()
            .and_then(|e| e.as_keyword().cloned())
        {
            Some(ident) => ident.name.clone(),
            None => {
                report(
                    diagnostics,
                    "Invalid dynamic iterator name",
                    "Dynamic iterator must be a single variable name.".to_string(),
                    attr.expr.span,
                );
                return Expanded::Invalid;
            }
        },
    };
    let mut contents = content.blocks_of("content");
    let Some(content_block) = contents.next() else {
        report(
            diagnostics,
            "Missing content block",
            "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.".to_string(),
            block.def_span,
        );
        return Expanded::Invalid;
    };
    if let Some(extra) = contents.next() {
        report(
            diagnostics,
            "Duplicate content block",
            "Only one content block is allowed in a dynamic block.".to_string(),
            extra.def_span,
        );
    }
    let collection = match evaluator.eval(&for_each.expr, scope) {
        Ok(value) => value,
        Err(found) => {
            diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
            return Expanded::Invalid;
        }
    };
    let Some(elements) = elements(&collection, file, for_each.expr.span, diagnostics) else {
        return Expanded::Invalid;
    };
    let Some(elements) = elements else {
        return Expanded::Unknown(block_type.clone());
    };
    let inner = content_block.body.all_content();
    let mut generated = Vec::new();
    for (key, value) in elements {
        let mut element_scope = scope.clone();
        element_scope.insert(
            iterator.clone(),
            Value::object([("key", key), ("value", value)]),
        );
        let labels = match content.attr("labels") {
            None => Vec::new(),
            Some(attr) => match evaluator.eval(&attr.expr, &element_scope) {
                Ok(labels) => labels
                    .as_seq()
                    .into_iter()
                    .flatten()
                    .map(|label| {
                        label
                            .as_str()
                            .map_or_else(|| terrace_types::format_value(label), str::to_string)
                    })
                    .collect(),
                Err(found) => {
                    diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
                    Vec::new()
                }
            },
        };
        generated.push(EvaluatedBlock {
            block_type: block_type.clone(),
            labels,
            body: eval_body(
                &inner.attributes,
                &inner.blocks,
                &element_scope,
                evaluator,
                diagnostics,
            ),
            from_dynamic: true,
        });
    }
    Expanded::Blocks(generated)
}

/// The `(key, value)` pairs of a dynamic `for_each` value; `Some(None)` when
/// it is unknown, `None` when it is not a collection (reported).
#[allow(clippy::option_option)]
fn elements(
    collection: &Value,
    file: FileId,
    span: Span,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Option<Vec<(Value, Value)>>> {
    let invalid = |detail: String| {
        ModuleDiagnostic::new(
            file,
            Diagnostic::error("Invalid dynamic for_each value", detail, span),
        )
    };
    if collection.is_null() {
        diagnostics.push(invalid("Cannot use a null value in for_each.".to_string()));
        return None;
    }
    if !collection.is_known() {
        return Some(None);
    }
    let marks = collection.marks();
    match collection.ty() {
        Type::List(_) | Type::Tuple(_) => Some(Some(
            collection
                .as_seq()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(i, v)| {
                    (
                        Value::int(i64::try_from(i).unwrap_or(i64::MAX)).mark(marks),
                        v.clone().mark(marks),
                    )
                })
                .collect(),
        )),
        Type::Set(_) => Some(Some(
            collection
                .as_seq()
                .into_iter()
                .flatten()
                .map(|v| (v.clone().mark(marks), v.clone().mark(marks)))
                .collect(),
        )),
        Type::Map(_) | Type::Object(_) => Some(Some(
            collection
                .as_attrs()
                .into_iter()
                .flatten()
                .map(|(k, v)| (Value::string(k).mark(marks), v.clone().mark(marks)))
                .collect(),
        )),
        Type::Dynamic => Some(None),
        ty => {
            diagnostics.push(invalid(format!(
                "Cannot use a {} value in for_each. An iterable collection is required.",
                ty.friendly_name()
            )));
            None
        }
    }
}
