//! JSON values read as HCL expressions: full expression mode (strings are templates), literal-only mode and static analysis (strings are native expressions).

use std::sync::Arc;

use super::remap::{remap_expr, remap_template};
use super::value::{JsonKind, JsonString, JsonValue};
use crate::ast::{Expr, ExprKind, Literal, ObjectItem, ObjectKey, TemplatePart, Traversal};
use crate::error::{ParseError, ParseErrorKind};

impl JsonString {
    /// The string read as a standalone template (full expression mode):
    /// `"${a}-x"` interpolates, `$${` stands for `${`. A string with only
    /// literal text is a string literal; a single interpolation stays a
    /// template, which the evaluator unwraps. Spans point into the JSON text.
    pub fn template_expr(&self) -> Result<Expr, ParseError> {
        let mut template = crate::parse_template(&self.value).map_err(|e| self.remap_error(&e))?;
        remap_template(&mut template, &|span| self.source_span(span));
        if template
            .parts
            .iter()
            .all(|part| matches!(part, TemplatePart::Literal(_)))
        {
            let text: String = template
                .parts
                .iter()
                .filter_map(|part| match part {
                    TemplatePart::Literal(literal) => Some(&*literal.value),
                    _ => None,
                })
                .collect();
            return Ok(Expr::new(
                ExprKind::Literal(Literal::String(Arc::from(text))),
                self.span,
            ));
        }
        Ok(Expr::new(ExprKind::Template(template), self.span))
    }

    /// The string's content parsed as one native-syntax expression (not a
    /// template), as HCL's static analysis reads it: a type constraint
    /// `"list(string)"`, a reference `"aws_instance.web"`.
    pub fn parse_expr(&self) -> Result<Expr, ParseError> {
        let mut expr = crate::parse_expr(&self.value).map_err(|e| self.remap_error(&e))?;
        remap_expr(&mut expr, &|span| self.source_span(span));
        Ok(expr)
    }

    /// The string's content parsed as a static traversal (`"module.net.id"`).
    pub fn parse_traversal(&self) -> Result<Traversal, ParseError> {
        let mut traversal =
            crate::parse_traversal(&self.value).map_err(|e| self.remap_error(&e))?;
        let map = |span| self.source_span(span);
        traversal.span = map(traversal.span);
        traversal.root.span = map(traversal.root.span);
        for step in &mut traversal.steps {
            match step {
                crate::ast::TraversalStep::Attr { span, .. }
                | crate::ast::TraversalStep::Index { span, .. } => *span = map(*span),
            }
        }
        Ok(traversal)
    }

    /// The string literal itself (literal-only mode: no template sequences).
    pub fn literal_expr(&self) -> Expr {
        Expr::new(
            ExprKind::Literal(Literal::String(self.value.clone())),
            self.span,
        )
    }

    /// An error from parsing the decoded text, moved into the JSON text.
    fn remap_error(&self, error: &ParseError) -> ParseError {
        let kind = match error.kind() {
            ParseErrorKind::Unclosed { open } => ParseErrorKind::Unclosed {
                open: self.source_span(open),
            },
            kind => kind,
        };
        let mut moved = ParseError::new(
            kind,
            self.source_span(error.span()),
            error.summary(),
            error.detail(),
        )
        .with_expected(error.expected().iter().copied())
        .with_message(error.message());
        if let Some(found) = error.found() {
            moved = moved.with_found(found);
        }
        moved
    }
}

impl JsonValue {
    /// The value as an expression in full expression mode: strings are
    /// templates, numbers keep their text, arrays are tuple constructors and
    /// objects are object constructors whose keys are templates too.
    pub fn to_expr(&self) -> Result<Expr, ParseError> {
        self.convert(Mode::Template)
    }

    /// The value as an expression in literal-only mode: strings are taken
    /// as they are (`${` is not special), as Terraform reads `.tfvars.json`
    /// values and variable defaults.
    pub fn to_literal_expr(&self) -> Expr {
        self.convert(Mode::Literal)
            .unwrap_or_else(|_| Expr::new(ExprKind::Literal(Literal::Null), self.span))
    }

    /// The value as HCL's static analysis reads it: a string is one
    /// native-syntax expression (`"list(string)"`, `"var.x"`), an array a
    /// tuple of such, an object an object of such (keys that are names
    /// become bare identifiers); numbers, booleans and null as themselves.
    pub fn to_static_expr(&self) -> Result<Expr, ParseError> {
        self.convert(Mode::Static)
    }

    /// The syntax errors of every string that is not a valid template
    /// (property names included), in source order, except inside the values
    /// of properties named in `skip` (those a reader takes literally or as
    /// native expressions, such as a variable's `default`).
    pub fn template_errors(&self, skip: &[&str]) -> Vec<ParseError> {
        let mut errors = Vec::new();
        self.collect_template_errors(skip, &mut errors);
        errors
    }

    fn collect_template_errors(&self, skip: &[&str], errors: &mut Vec<ParseError>) {
        match &self.kind {
            JsonKind::String(string) => {
                if let Err(error) = string.template_expr() {
                    errors.push(error);
                }
            }
            JsonKind::Array(values) => {
                for value in values {
                    value.collect_template_errors(skip, errors);
                }
            }
            JsonKind::Object(properties) => {
                for property in properties {
                    if let Err(error) = property.name.template_expr() {
                        errors.push(error);
                    }
                    if !skip.contains(&property.name.as_str()) {
                        property.value.collect_template_errors(skip, errors);
                    }
                }
            }
            JsonKind::Number(_) | JsonKind::Bool(_) | JsonKind::Null => {}
        }
    }

    /// An error for each property name given twice in an object read as an
    /// expression (here or nested), as HCL's JSON syntax requires; names
    /// with template sequences are compared only when evaluated, which this
    /// does not do. `src` is the JSON text, for the line of the first one.
    pub fn duplicate_key_errors(&self, src: &str) -> Vec<ParseError> {
        let mut errors = Vec::new();
        let mut pending = vec![self];
        while let Some(value) = pending.pop() {
            match &value.kind {
                JsonKind::Array(values) => pending.extend(values.iter().rev()),
                JsonKind::Object(properties) => {
                    let mut seen: Vec<&JsonString> = Vec::new();
                    for property in properties {
                        let name = &property.name;
                        if is_static_name(name) {
                            match seen.iter().find(|s| s.as_str() == name.as_str()) {
                                Some(first) => {
                                    let at = crate::SourceMap::new(src)
                                        .location(first.span.start as usize);
                                    errors.push(
                                        ParseError::new(
                                            ParseErrorKind::Invalid,
                                            name.span,
                                            "Duplicate object attribute",
                                            format!(
                                                "An attribute named \"{}\" was already defined at line {}, column {}.",
                                                name.as_str(),
                                                at.line,
                                                at.column
                                            ),
                                        )
                                        .with_message(format!(
                                            "duplicate object attribute \"{}\"",
                                            name.as_str()
                                        )),
                                    );
                                }
                                None => seen.push(name),
                            }
                        }
                    }
                    pending.extend(properties.iter().rev().map(|p| &p.value));
                }
                JsonKind::String(_) | JsonKind::Number(_) | JsonKind::Bool(_) | JsonKind::Null => {}
            }
        }
        errors.sort_by_key(|error| error.span().start);
        errors
    }

    fn convert(&self, mode: Mode) -> Result<Expr, ParseError> {
        let kind = match &self.kind {
            JsonKind::String(string) => {
                return match mode {
                    Mode::Template => string.template_expr(),
                    Mode::Literal => Ok(string.literal_expr()),
                    Mode::Static => string.parse_expr(),
                };
            }
            JsonKind::Number(text) => ExprKind::Literal(Literal::Number(text.clone())),
            JsonKind::Bool(b) => ExprKind::Literal(Literal::Bool(*b)),
            JsonKind::Null => ExprKind::Literal(Literal::Null),
            JsonKind::Array(values) => ExprKind::TupleCons(
                values
                    .iter()
                    .map(|value| value.convert(mode))
                    .collect::<Result<_, _>>()?,
            ),
            JsonKind::Object(properties) => {
                let mut items = Vec::with_capacity(properties.len());
                let mut seen: Vec<&str> = Vec::new();
                for property in properties {
                    // A name given twice is an error (see
                    // `duplicate_key_errors`); the first one counts.
                    if is_static_name(&property.name) || matches!(mode, Mode::Literal) {
                        if seen.contains(&property.name.as_str()) {
                            continue;
                        }
                        seen.push(property.name.as_str());
                    }
                    let key = match mode {
                        Mode::Template => ObjectKey::Expr(property.name.template_expr()?),
                        Mode::Literal => ObjectKey::Expr(property.name.literal_expr()),
                        Mode::Static => match property.name.parse_expr() {
                            Ok(key) => match key.as_keyword() {
                                Some(ident) => ObjectKey::Ident(ident.clone()),
                                None => ObjectKey::Expr(key),
                            },
                            Err(_) => ObjectKey::Expr(property.name.literal_expr()),
                        },
                    };
                    items.push(ObjectItem {
                        key,
                        value: property.value.convert(mode)?,
                        span: property.span(),
                    });
                }
                ExprKind::ObjectCons(items)
            }
        };
        Ok(Expr::new(kind, self.span))
    }
}

/// Whether a property name has no template sequence, so is its own value.
fn is_static_name(name: &JsonString) -> bool {
    !name.as_str().contains("${") && !name.as_str().contains("%{")
}

#[derive(Clone, Copy)]
enum Mode {
    Template,
    Literal,
    Static,
}
