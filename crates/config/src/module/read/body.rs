//! `ConfigBody`: a schema-driven view of a configuration body, the one interface the loader reads (native or JSON syntax).
//!
//! As HCL's `hcl.Body`, a body is asked for its content under a schema (which
//! names are arguments, which are nested block types and how many labels
//! those take) or for all of its content when no schema is known (resource
//! and module arguments, whose schema belongs to a provider or a child
//! module). The native syntax knows attributes from blocks by itself; the
//! JSON syntax ([`ConfigBody::Json`]) needs the schema to tell them apart,
//! which is why every caller goes through here. With an open schema a JSON
//! property is an argument unless the schema names it as a block type (or
//! it is `dynamic`), as Terraform reads a resource body whose provider
//! schema it does not know.
//!
//! A JSON argument's value is an expression in three ways: [`ConfigAttr::expr`]
//! (strings are templates), [`ConfigAttr::literal_expr`] (strings as they are,
//! for defaults and `.tfvars.json` values) and [`ConfigAttr::static_expr`]
//! (strings hold one expression: a type constraint, a reference in
//! `depends_on`); for native syntax the three are the same expression.

use std::borrow::Cow;

use terrace_syntax::json::{JsonBody, JsonSchema, JsonValue};
use terrace_syntax::{Body, BodyItem, Expr, Name, Span};

use super::file_id::FileId;
use terrace_eval::Diagnostic;

/// A configuration body of one file.
#[derive(Clone, Copy, Debug)]
pub enum ConfigBody<'a> {
    /// A body in HCL's native syntax.
    Native {
        /// The parsed body.
        body: &'a Body,
        /// The file it comes from.
        file: FileId,
    },
    /// A body in HCL's JSON syntax.
    Json {
        /// The JSON object.
        body: JsonBody<'a>,
        /// The file it comes from.
        file: FileId,
    },
}

/// Which names a body may hold: arguments, and nested blocks with their label counts.
#[derive(Clone, Copy, Debug)]
pub struct BodySchema {
    /// Argument names.
    pub attributes: &'static [&'static str],
    /// Nested block types and how many labels each takes.
    pub blocks: &'static [(&'static str, usize)],
    /// True when names outside the schema are accepted as well (resource and
    /// module arguments, whose schema is not known here).
    pub open: bool,
}

/// An argument: `name = expr`.
#[derive(Clone, Debug)]
pub struct ConfigAttr<'a> {
    /// The argument name.
    pub name: Name,
    /// The name's span.
    pub name_span: Span,
    /// The expression (borrowed from the native syntax tree; the JSON syntax builds one).
    pub expr: Cow<'a, Expr>,
    /// The whole argument's span.
    pub span: Span,
    /// The file it is written in.
    pub file: FileId,
    /// The JSON value the expression was built from (JSON syntax only).
    pub json: Option<&'a JsonValue>,
}

/// A nested block: type, labels and body.
#[derive(Clone, Debug)]
pub struct ConfigBlock<'a> {
    /// The block type (`resource`, `lifecycle`, `dynamic`).
    pub block_type: Name,
    /// The type's span.
    pub type_span: Span,
    /// The labels with their spans.
    pub labels: Vec<(Name, Span)>,
    /// The block's body.
    pub body: ConfigBody<'a>,
    /// From the block type to the end of the labels (Terraform's "definition range").
    pub def_span: Span,
    /// The body's `{` (HCL's "missing item range": where a required argument that is not
    /// there is reported).
    pub missing_item_span: Span,
    /// The file it is written in.
    pub file: FileId,
}

/// What a body holds under a schema, in source order.
#[derive(Clone, Debug, Default)]
pub struct BodyContent<'a> {
    /// The arguments.
    pub attributes: Vec<ConfigAttr<'a>>,
    /// The nested blocks.
    pub blocks: Vec<ConfigBlock<'a>>,
}

impl BodySchema {
    /// A schema accepting any argument and block.
    pub const ANY: BodySchema = BodySchema {
        attributes: &[],
        blocks: &[],
        open: true,
    };
}

impl<'a> ConfigAttr<'a> {
    /// The value in literal-only mode: for JSON syntax, strings are taken as
    /// they are (Terraform reads variable defaults and `.tfvars.json` values
    /// so); for native syntax, [`ConfigAttr::expr`].
    pub fn literal_expr(&self) -> Cow<'_, Expr> {
        match self.json {
            Some(value) => Cow::Owned(value.to_literal_expr()),
            None => Cow::Borrowed(&*self.expr),
        }
    }

    /// The value when it is one literal string (`"./modules/x"`), read in
    /// literal-only mode: the `source` of a module, a backend's `path`.
    pub fn literal_string(&self) -> Option<String> {
        match &self.literal_expr().strip_parens().kind {
            terrace_syntax::ExprKind::Literal(terrace_syntax::Literal::String(s)) => {
                Some(s.to_string())
            }
            _ => None,
        }
    }

    /// The value as static analysis reads it: for JSON syntax, a string is
    /// parsed as one native-syntax expression (`"list(string)"`,
    /// `"aws_instance.web"`), an array as a tuple of such; for native
    /// syntax, [`ConfigAttr::expr`]. An error when a string does not parse.
    pub fn static_expr(&self) -> Result<Cow<'_, Expr>, Diagnostic> {
        match self.json {
            Some(value) => value
                .to_static_expr()
                .map(Cow::Owned)
                .map_err(|error| Diagnostic::from(&error)),
            None => Ok(Cow::Borrowed(&*self.expr)),
        }
    }
}

impl<'a> BodyContent<'a> {
    /// The argument called `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&ConfigAttr<'a>> {
        self.attributes.iter().find(|attr| &*attr.name == name)
    }

    /// The blocks of type `block_type`.
    pub fn blocks_of<'s>(
        &'s self,
        block_type: &'s str,
    ) -> impl Iterator<Item = &'s ConfigBlock<'a>> + 's {
        self.blocks
            .iter()
            .filter(move |block| &*block.block_type == block_type)
    }
}

impl<'a> ConfigBody<'a> {
    /// The file the body is written in.
    pub fn file(&self) -> FileId {
        match self {
            ConfigBody::Native { file, .. } | ConfigBody::Json { file, .. } => *file,
        }
    }

    /// The body's span.
    pub fn span(&self) -> Span {
        match self {
            ConfigBody::Native { body, .. } => body.span,
            ConfigBody::Json { body, .. } => body.span(),
        }
    }

    /// The body's content under `schema`, with an error for each argument or
    /// block the schema does not allow (unless it is open) and for each block
    /// with the wrong number of labels.
    pub fn content(&self, schema: &BodySchema) -> (BodyContent<'a>, Vec<Diagnostic>) {
        let mut content = BodyContent::default();
        let mut diagnostics = Vec::new();
        match *self {
            ConfigBody::Json { body, file } => {
                return json_content(body, file, schema);
            }
            ConfigBody::Native { body, file } => {
                for item in &body.items {
                    match item {
                        BodyItem::Attribute(attr) => {
                            let name = attr.name.as_str();
                            let expected = schema.attributes.contains(&name);
                            if !expected && !schema.open {
                                let hint = if schema.blocks.iter().any(|(b, _)| *b == name) {
                                    format!(
                                        "An argument named \"{name}\" is not expected here. Did you mean to define a block of type \"{name}\"?"
                                    )
                                } else {
                                    format!("An argument named \"{name}\" is not expected here.")
                                };
                                diagnostics.push(Diagnostic::error(
                                    "Unsupported argument",
                                    hint,
                                    attr.name.span,
                                ));
                                continue;
                            }
                            content.attributes.push(ConfigAttr {
                                name: attr.name.name.clone(),
                                name_span: attr.name.span,
                                expr: Cow::Borrowed(&attr.expr),
                                span: attr.span,
                                file,
                                json: None,
                            });
                        }
                        BodyItem::Block(block) => {
                            let name = block.block_type.as_str();
                            let n_labels = schema
                                .blocks
                                .iter()
                                .find(|(b, _)| *b == name)
                                .map(|(_, n)| *n);
                            let labels: Vec<(Name, Span)> = block
                                .labels
                                .iter()
                                .map(|label| (label.value.clone(), label.span))
                                .collect();
                            let def_span =
                                labels.last().map_or(block.block_type.span, |(_, span)| {
                                    block.block_type.span.to(*span)
                                });
                            match n_labels {
                                None if !schema.open => {
                                    diagnostics.push(Diagnostic::error(
                                        "Unsupported block type",
                                        format!("Blocks of type \"{name}\" are not expected here."),
                                        block.block_type.span,
                                    ));
                                    continue;
                                }
                                Some(n) if n != labels.len() => {
                                    let detail = if labels.len() > n {
                                        format!(
                                            "Extraneous label for {name}. {}",
                                            label_phrase(name, n)
                                        )
                                    } else {
                                        format!(
                                            "Missing label for {name}. {}",
                                            label_phrase(name, n)
                                        )
                                    };
                                    let summary = if labels.len() > n {
                                        "Extraneous label for block"
                                    } else {
                                        "Missing name for block"
                                    };
                                    diagnostics.push(Diagnostic::error(summary, detail, def_span));
                                    continue;
                                }
                                _ => {}
                            }
                            content.blocks.push(ConfigBlock {
                                block_type: block.block_type.name.clone(),
                                type_span: block.block_type.span,
                                labels,
                                body: ConfigBody::Native {
                                    body: &block.body,
                                    file,
                                },
                                def_span,
                                missing_item_span: block.open_brace,
                                file,
                            });
                        }
                    }
                }
            }
        }
        (content, diagnostics)
    }

    /// Every item of the body, with no schema.
    pub fn all_content(&self) -> BodyContent<'a> {
        self.content(&BodySchema::ANY).0
    }

    /// The body read as arguments only (a `locals` block, a `.tfvars` file):
    /// an error for each nested block.
    pub fn just_attributes(&self) -> (Vec<ConfigAttr<'a>>, Vec<Diagnostic>) {
        if let ConfigBody::Json { body, file } = *self {
            let (attributes, mut errors) = body.just_attributes();
            for attr in &attributes {
                errors.extend(attr.value.duplicate_key_errors(body.source()));
            }
            let attributes = attributes
                .into_iter()
                .filter_map(|attr| json_attr(attr, file))
                .collect();
            return (attributes, errors.iter().map(Diagnostic::from).collect());
        }
        let (content, mut diagnostics) = self.content(&BodySchema::ANY);
        // As HCL, only the first block is reported.
        if let Some(block) = content.blocks.first() {
            diagnostics.push(Diagnostic::error(
                format!("Unexpected \"{}\" block", block.block_type),
                "Blocks are not allowed here.",
                block.type_span,
            ));
        }
        (content.attributes, diagnostics)
    }
}

fn label_phrase(name: &str, n: usize) -> String {
    match n {
        0 => format!("A {name} block has no labels."),
        1 => format!("A {name} block must have one label."),
        n => format!("A {name} block must have {n} labels."),
    }
}

/// Blocks Terraform knows in any body whose schema is otherwise open.
const OPEN_JSON_BLOCKS: &[(&str, usize)] = &[("dynamic", 1)];

/// [`ConfigBody::content`] for JSON syntax.
fn json_content<'a>(
    body: JsonBody<'a>,
    file: FileId,
    schema: &BodySchema,
) -> (BodyContent<'a>, Vec<Diagnostic>) {
    let mut blocks: Vec<(&str, usize)> = schema.blocks.to_vec();
    if schema.open {
        for &(name, n) in OPEN_JSON_BLOCKS {
            if !schema.attributes.contains(&name) && !blocks.iter().any(|(b, _)| *b == name) {
                blocks.push((name, n));
            }
        }
    }
    let json_schema = JsonSchema {
        attributes: schema.attributes,
        blocks: &blocks,
        open: schema.open,
    };
    let (found, mut errors) = body.content(&json_schema);
    for attr in &found.attributes {
        errors.extend(attr.value.duplicate_key_errors(body.source()));
    }
    let content = BodyContent {
        attributes: found
            .attributes
            .into_iter()
            .filter_map(|attr| json_attr(attr, file))
            .collect(),
        blocks: found
            .blocks
            .into_iter()
            .map(|block| ConfigBlock {
                block_type: block.block_type.value.clone(),
                type_span: block.block_type.span,
                labels: block
                    .labels
                    .iter()
                    .map(|label| (label.value.clone(), label.span))
                    .collect(),
                def_span: block.def_span,
                missing_item_span: {
                    let start = block.body.span().start as usize;
                    Span::new(start, start + 1)
                },
                body: ConfigBody::Json {
                    body: block.body,
                    file,
                },
                file,
            })
            .collect(),
    };
    (content, errors.iter().map(Diagnostic::from).collect())
}

/// An argument of a JSON body. When a string of the value is not a valid
/// template (reported once, when the file is loaded), the expression is the
/// literal value, which is what literal-only readers want anyway.
fn json_attr<'a>(
    attr: terrace_syntax::json::JsonAttribute<'a>,
    file: FileId,
) -> Option<ConfigAttr<'a>> {
    let expr = attr
        .value
        .to_expr()
        .unwrap_or_else(|_| attr.value.to_literal_expr());
    Some(ConfigAttr {
        name: attr.name.value.clone(),
        name_span: attr.name.span,
        expr: Cow::Owned(expr),
        span: attr.span(),
        file,
        json: Some(attr.value),
    })
}
