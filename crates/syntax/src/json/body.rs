//! `JsonBody`: a JSON object read as an HCL body under a schema (attributes, blocks, labels as nested keys).

use super::value::{JsonKind, JsonProperty, JsonString, JsonValue};
use crate::error::{ParseError, ParseErrorKind};
use crate::span::{SourceMap, Span};

/// What a body may hold, which the JSON syntax needs to tell an attribute
/// from a block: both are object properties.
#[derive(Clone, Copy, Debug)]
pub struct JsonSchema<'s> {
    /// Names read as attributes.
    pub attributes: &'s [&'s str],
    /// Names read as blocks, with how many labels each takes.
    pub blocks: &'s [(&'s str, usize)],
    /// Whether other names are accepted (as attributes) instead of being errors.
    pub open: bool,
}

/// An attribute: a property whose value is an expression.
#[derive(Clone, Copy, Debug)]
pub struct JsonAttribute<'a> {
    /// The property name.
    pub name: &'a JsonString,
    /// The value, to be read as an expression.
    pub value: &'a JsonValue,
}

impl JsonAttribute<'_> {
    /// From the name to the end of the value.
    pub fn span(&self) -> Span {
        self.name.span.to(self.value.span)
    }
}

/// A block: its type (a property name), its labels (nested property names) and its body.
#[derive(Clone, Debug)]
pub struct JsonBlock<'a> {
    /// The property naming the block type.
    pub block_type: &'a JsonString,
    /// The labels, outermost first.
    pub labels: Vec<&'a JsonString>,
    /// The block's body (always an object).
    pub body: JsonBody<'a>,
    /// The "definition range" HCL gives a JSON block: the body's opening
    /// brace, or the opening bracket of the array holding it.
    pub def_span: Span,
}

/// What a body holds under a schema, in source order.
#[derive(Clone, Debug, Default)]
pub struct JsonContent<'a> {
    /// The attributes.
    pub attributes: Vec<JsonAttribute<'a>>,
    /// The blocks.
    pub blocks: Vec<JsonBlock<'a>>,
}

/// A body in HCL's JSON syntax: a JSON object (or an array of objects,
/// visited in order) and the source text it was read from.
///
/// The `"//"` property is a comment and is skipped. A property the schema
/// names as an attribute is an attribute, as a block type a block: with
/// `n` labels, `n` levels of nested objects whose property names are the
/// labels, then an object (one block) or an array of objects (one block
/// each). An array may stand for an object at any label level.
#[derive(Clone, Copy, Debug)]
pub struct JsonBody<'a> {
    value: &'a JsonValue,
    src: &'a str,
}

impl<'a> JsonBody<'a> {
    /// The body made of `value`, read from `src` (for line numbers in messages).
    pub fn new(value: &'a JsonValue, src: &'a str) -> Self {
        JsonBody { value, src }
    }

    /// The JSON value of the body.
    pub fn value(&self) -> &'a JsonValue {
        self.value
    }

    /// The body's span.
    pub fn span(&self) -> Span {
        self.value.span
    }

    /// The JSON text the body was read from.
    pub fn source(&self) -> &'a str {
        self.src
    }

    /// The body's content under `schema`: an error for each property the
    /// schema does not allow (unless it is open), for each attribute set
    /// twice, and for each value of the wrong shape for a block.
    pub fn content(&self, schema: &JsonSchema<'_>) -> (JsonContent<'a>, Vec<ParseError>) {
        let mut content = JsonContent::default();
        let mut errors = Vec::new();
        let properties = self.properties(&mut errors);
        for property in properties {
            let name = property.name.as_str();
            if name == "//" {
                continue;
            }
            if let Some(&(_, n_labels)) = schema
                .blocks
                .iter()
                .find(|(block, _)| *block == name)
                .filter(|_| !schema.attributes.contains(&name))
            {
                unpack_block(
                    &property.value,
                    &property.name,
                    n_labels,
                    &mut Vec::new(),
                    self.src,
                    &mut content.blocks,
                    &mut errors,
                );
                continue;
            }
            if !schema.open && !schema.attributes.contains(&name) {
                errors.push(
                    invalid(
                        property.name.span,
                        "Extraneous JSON object property",
                        format!("No argument or block type is named \"{name}\"."),
                    )
                    .with_message(format!("unexpected property \"{name}\"")),
                );
                continue;
            }
            self.push_attribute(
                &mut content.attributes,
                property,
                "Duplicate argument",
                &mut errors,
            );
        }
        (content, errors)
    }

    /// Every property as an attribute (a `locals` block, a `.tfvars.json`
    /// file): the body must be one object.
    pub fn just_attributes(&self) -> (Vec<JsonAttribute<'a>>, Vec<ParseError>) {
        let mut attributes = Vec::new();
        let mut errors = Vec::new();
        let Some(properties) = self.value.as_object() else {
            errors.push(wrong_type(
                self.value,
                "A JSON object is required here, setting the arguments for this block.",
            ));
            return (attributes, errors);
        };
        for property in properties {
            if property.name.as_str() == "//" {
                continue;
            }
            self.push_attribute(
                &mut attributes,
                property,
                "Duplicate attribute definition",
                &mut errors,
            );
        }
        (attributes, errors)
    }

    fn push_attribute(
        &self,
        attributes: &mut Vec<JsonAttribute<'a>>,
        property: &'a JsonProperty,
        summary: &str,
        errors: &mut Vec<ParseError>,
    ) {
        let name = property.name.as_str();
        if let Some(previous) = attributes.iter().find(|a| a.name.as_str() == name) {
            let at = SourceMap::new(self.src).location(previous.name.span.start as usize);
            errors.push(
                invalid(
                    property.name.span,
                    summary,
                    format!(
                        "The argument \"{name}\" was already set at line {}, column {}. Each argument may be set only once.",
                        at.line, at.column
                    ),
                )
                .with_message(format!("duplicate argument \"{name}\"")),
            );
            return;
        }
        attributes.push(JsonAttribute {
            name: &property.name,
            value: &property.value,
        });
    }

    /// The properties of the body: of the object, or of each object of an array.
    fn properties(&self, errors: &mut Vec<ParseError>) -> Vec<&'a JsonProperty> {
        let mut properties = Vec::new();
        match &self.value.kind {
            JsonKind::Object(props) => properties.extend(props),
            JsonKind::Array(values) => {
                for value in values {
                    match &value.kind {
                        JsonKind::Object(props) => properties.extend(props),
                        _ => errors.push(wrong_type(
                            value,
                            "A JSON object is required here, setting the arguments for this block.",
                        )),
                    }
                }
            }
            _ => errors.push(wrong_type(
                self.value,
                "A JSON object is required here, setting the arguments for this block.",
            )),
        }
        properties
    }
}

/// The blocks `value` defines for a property `block_type` with `n_labels`
/// labels still to read after `labels`.
fn unpack_block<'a>(
    value: &'a JsonValue,
    block_type: &'a JsonString,
    n_labels: usize,
    labels: &mut Vec<&'a JsonString>,
    src: &'a str,
    out: &mut Vec<JsonBlock<'a>>,
    errors: &mut Vec<ParseError>,
) {
    let name = block_type.as_str();
    match (&value.kind, n_labels) {
        (JsonKind::Object(_), 0) => out.push(JsonBlock {
            block_type,
            labels: labels.clone(),
            body: JsonBody::new(value, src),
            def_span: opener(value),
        }),
        // `null` stands for no block.
        (JsonKind::Null, 0) => {}
        (JsonKind::Array(values), 0) => {
            for element in values {
                if element.as_object().is_some() {
                    out.push(JsonBlock {
                        block_type,
                        labels: labels.clone(),
                        body: JsonBody::new(element, src),
                        def_span: opener(value),
                    });
                } else {
                    errors.push(wrong_type(
                        element,
                        &format!("A JSON object is required here, to define the arguments and nested blocks of a \"{name}\" block."),
                    ));
                }
            }
        }
        (JsonKind::Object(properties), _) => {
            if properties.is_empty() {
                errors.push(
                    invalid(
                        value.span,
                        "Missing block label",
                        format!(
                            "At least one object property is required, whose name is the {} label of the \"{name}\" block.",
                            ordinal(labels.len())
                        ),
                    )
                    .with_message(format!("missing label for a \"{name}\" block")),
                );
            }
            for property in properties {
                labels.push(&property.name);
                unpack_block(&property.value, block_type, n_labels - 1, labels, src, out, errors);
                labels.pop();
            }
        }
        (JsonKind::Array(values), _) => {
            for element in values {
                if element.as_object().is_some() {
                    unpack_block(element, block_type, n_labels, labels, src, out, errors);
                } else {
                    errors.push(wrong_type(
                        element,
                        &format!(
                            "A JSON object is required here, whose property names are the {} labels of \"{name}\" blocks.",
                            ordinal(labels.len())
                        ),
                    ));
                }
            }
        }
        (_, 0) => errors.push(wrong_type(
            value,
            &format!(
                "Either a JSON object or a JSON array of objects is required here, representing the contents of one or more \"{name}\" blocks."
            ),
        )),
        (_, _) => errors.push(wrong_type(
            value,
            &format!(
                "Either a JSON object or a JSON array of objects is required here, whose property names are the {} labels of \"{name}\" blocks.",
                ordinal(labels.len())
            ),
        )),
    }
}

/// The span of a value's first byte (`{` or `[`).
fn opener(value: &JsonValue) -> Span {
    Span::new(value.span.start as usize, value.span.start as usize + 1)
}

fn ordinal(index: usize) -> &'static str {
    match index {
        0 => "first",
        1 => "second",
        2 => "third",
        _ => "next",
    }
}

fn invalid(span: Span, summary: &str, detail: String) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid, span, summary, detail).finish()
}

fn wrong_type(value: &JsonValue, detail: &str) -> ParseError {
    let expected = if detail.starts_with("Either") {
        "a JSON object or an array of objects"
    } else {
        "a JSON object"
    };
    invalid(value.span, "Incorrect JSON value type", detail.to_string())
        .with_message(format!("expected {expected}, found {}", value.kind_name()))
}
