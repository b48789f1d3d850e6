//! Root names: local bindings, scope variables, and Terraform's named values
//! (`var.x`, `local.x`, `data.t.n`, resources) with Terraform's messages.

use terrace_syntax::{Ident, Span, Step, StepKind, TraversalStep};
use terrace_types::Value;

use super::{Ctx, EvalResult};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::references::Reference;
use crate::scope::RootKind;
use crate::suggest::suggest;

impl Ctx<'_> {
    /// Evaluates `root.steps...`.
    pub(super) fn eval_scope_traversal(&mut self, root: &Ident, steps: &[Step]) -> EvalResult {
        if let Some(value) = self.local(root.as_str()) {
            let value = value.clone();
            if steps.is_empty() {
                return Ok(value);
            }
            return self.apply_steps(value, steps);
        }
        if self.no_context {
            return Err(Diagnostic::error(
                "Variables not allowed",
                "Variables may not be used here.",
                root.span,
            )
            .into());
        }
        let Some(bound) = self.scope.root(root.as_str()) else {
            let attrs = steps_as_attrs(steps);
            return Err(self
                .undeclared_root(root, &attrs, steps_span(root, steps))
                .into());
        };
        match bound.kind {
            RootKind::Variable => self.apply_steps(bound.value.clone(), steps),
            RootKind::Namespace => {
                let attrs = steps_as_attrs(steps);
                let span = steps_span(root, steps);
                let indexed = attrs.is_empty() && !steps.is_empty();
                let (value, n_used) = namespace_lookup(root, &bound.value, &attrs, indexed, span)?;
                self.apply_steps(value, &steps[n_used..])
            }
        }
    }

    /// In a Terraform scope, checks every reference before evaluating anything,
    /// as Terraform validates references against the configuration first (so
    /// `try(var.undeclared, 1)` is still an error).
    pub(super) fn validate_references(
        &self,
        references: Vec<Reference>,
    ) -> Result<(), Diagnostics> {
        if !self.scope.is_terraform() {
            return Ok(());
        }
        let mut diagnostics = Diagnostics::new();
        for reference in references {
            let root = &reference.traversal.root;
            if reference.steps().is_empty() && is_type_keyword(root.as_str()) {
                // Terraform accepts the type keywords of type constraint
                // arguments (`convert(x, string)`) as references.
                continue;
            }
            let attrs: Vec<&str> = reference
                .steps()
                .iter()
                .map_while(|step| match step {
                    TraversalStep::Attr { name, .. } => Some(&**name),
                    TraversalStep::Index { .. } => None,
                })
                .collect();
            match self.scope.root(root.as_str()) {
                None => diagnostics.push(self.undeclared_root(root, &attrs, reference.span())),
                Some(bound) if bound.kind == RootKind::Namespace => {
                    let indexed = attrs.is_empty() && !reference.steps().is_empty();
                    if let Err(found) =
                        namespace_lookup(root, &bound.value, &attrs, indexed, reference.span())
                    {
                        diagnostics.extend(found);
                    }
                }
                Some(_) => {}
            }
        }
        if diagnostics.is_empty() {
            Ok(())
        } else {
            Err(diagnostics)
        }
    }

    /// The error for a root name that is bound nowhere.
    fn undeclared_root(&self, root: &Ident, attrs: &[&str], span: Span) -> Diagnostic {
        let name = root.as_str();
        let candidates = self
            .locals
            .iter()
            .map(|(bound, _)| &**bound)
            .chain(self.scope.names());
        let suggestion = suggest(name, candidates).map(str::to_string);
        let diagnostic =
            if self.scope.is_terraform() && !(attrs.is_empty() && is_type_keyword(name)) {
                terraform_undeclared(name, attrs, root.span, span)
            } else {
                let hint = suggestion
                    .as_ref()
                    .map(|s| format!(" Did you mean \"{s}\"?"))
                    .unwrap_or_default();
                Diagnostic::error(
                    "Unknown variable",
                    format!("There is no variable named \"{name}\".{hint}"),
                    root.span,
                )
            };
        match suggestion {
            Some(suggestion) => diagnostic.with_suggestion(suggestion),
            None => diagnostic,
        }
    }
}

/// The primitive type keywords, which Terraform does not take for resource references.
fn is_type_keyword(name: &str) -> bool {
    matches!(name, "string" | "number" | "bool" | "any")
}

/// The leading `.name` steps of a traversal.
fn steps_as_attrs(steps: &[Step]) -> Vec<&str> {
    steps
        .iter()
        .map_while(|step| match &step.kind {
            StepKind::GetAttr(ident) => Some(ident.as_str()),
            _ => None,
        })
        .collect()
}

/// The span of the root and its leading attribute steps.
fn steps_span(root: &Ident, steps: &[Step]) -> Span {
    steps
        .iter()
        .take_while(|step| matches!(step.kind, StepKind::GetAttr(_)))
        .fold(root.span, |span, step| span.to(step.span))
}

/// Looks up `root.attrs[0]` (`data.type.name`: two attributes) in a namespace;
/// returns the value and how many attribute steps it used.
fn namespace_lookup(
    root: &Ident,
    namespace: &Value,
    attrs: &[&str],
    indexed: bool,
    span: Span,
) -> Result<(Value, usize), Diagnostics> {
    let name = root.as_str();
    if indexed {
        return Err(Diagnostic::error(
            "Invalid reference",
            format!("The \"{name}\" object does not support this operation."),
            span,
        )
        .into());
    }
    let Some(first) = attrs.first() else {
        return Err(Diagnostic::error(
            "Invalid reference",
            format!(
                "The \"{name}\" object cannot be accessed directly. Instead, access one of its attributes."
            ),
            span,
        )
        .into());
    };
    let marks = namespace.marks();
    let found = namespace.get_attr(first);
    if name == "data" {
        let Some(second) = attrs.get(1) else {
            return Err(Diagnostic::error(
                "Invalid reference",
                "The \"data\" object must be followed by two attribute names: the data source type and the resource name.",
                span,
            )
            .into());
        };
        return match found.and_then(|by_type| by_type.get_attr(second)) {
            Some(value) => Ok((value.clone().mark(marks), 2)),
            None => Err(Diagnostic::error(
                "Reference to undeclared resource",
                format!(
                    "A data resource \"{first}\" \"{second}\" has not been declared in the root module."
                ),
                span,
            )
            .into()),
        };
    }
    match found {
        Some(value) => Ok((value.clone().mark(marks), 1)),
        None => {
            let candidates = namespace
                .as_attrs()
                .into_iter()
                .flat_map(|attrs| attrs.keys());
            let suggestion = suggest(first, candidates.map(|key| &**key)).map(str::to_string);
            let diagnostic = missing_namespace_attr(name, first, suggestion.as_deref(), span);
            Err(match suggestion {
                Some(suggestion) => diagnostic.with_suggestion(suggestion),
                None => diagnostic,
            }
            .into())
        }
    }
}

/// Terraform's message for `root.attr` where the namespace `root` has no `attr`.
/// As Terraform, a close name replaces the advice for `var` and ends the
/// detail for `local` and `module`.
fn missing_namespace_attr(
    root: &str,
    attr: &str,
    suggestion: Option<&str>,
    span: Span,
) -> Diagnostic {
    let did_you_mean = suggestion
        .map(|s| format!(" Did you mean \"{s}\"?"))
        .unwrap_or_default();
    let (summary, detail) = match root {
        "var" if suggestion.is_some() => (
            "Reference to undeclared input variable".to_string(),
            format!(
                "An input variable with the name \"{attr}\" has not been declared.{did_you_mean}"
            ),
        ),
        "var" => (
            "Reference to undeclared input variable".to_string(),
            format!(
                "An input variable with the name \"{attr}\" has not been declared. This variable can be declared with a variable \"{attr}\" {{}} block."
            ),
        ),
        "local" => (
            "Reference to undeclared local value".to_string(),
            format!("A local value with the name \"{attr}\" has not been declared.{did_you_mean}"),
        ),
        "module" => (
            "Reference to undeclared module".to_string(),
            format!(
                "No module call named \"{attr}\" is declared in the root module.{did_you_mean}"
            ),
        ),
        "path" => (
            "Invalid \"path\" attribute".to_string(),
            format!("The \"path\" object does not have an attribute named \"{attr}\"."),
        ),
        "terraform" => (
            "Invalid \"terraform\" attribute".to_string(),
            format!(
                "The \"terraform\" object does not have an attribute named \"{attr}\". The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply."
            ),
        ),
        "count" | "each" | "self" => (
            "Unsupported attribute".to_string(),
            format!("This object does not have an attribute named \"{attr}\"."),
        ),
        resource_type => (
            "Reference to undeclared resource".to_string(),
            format!(
                "A managed resource \"{resource_type}\" \"{attr}\" has not been declared in the root module."
            ),
        ),
    };
    Diagnostic::error(summary, detail, span)
}

/// Terraform's message for a root name that is not declared at all.
fn terraform_undeclared(name: &str, attrs: &[&str], root_span: Span, span: Span) -> Diagnostic {
    match name {
        "count" => Diagnostic::error(
            "Reference to \"count\" in non-counted context",
            "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.",
            span,
        ),
        "each" => Diagnostic::error(
            "Reference to \"each\" in context without for_each",
            "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.",
            span,
        ),
        "self" => Diagnostic::error(
            "Invalid \"self\" reference",
            "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.",
            span,
        ),
        "var" | "local" | "module" | "path" | "terraform" | "data" => {
            match namespace_lookup(
                &Ident::new(name, root_span),
                &Value::empty_object(),
                attrs,
                false,
                span,
            ) {
                Err(diagnostics) => diagnostics
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| resource_without_name(root_span)),
                Ok(_) => resource_without_name(root_span),
            }
        }
        _ => match attrs.first() {
            Some(attr) => Diagnostic::error(
                "Reference to undeclared resource",
                format!(
                    "A managed resource \"{name}\" \"{attr}\" has not been declared in the root module."
                ),
                span,
            ),
            None => resource_without_name(root_span),
        },
    }
}

fn resource_without_name(span: Span) -> Diagnostic {
    Diagnostic::error(
        "Invalid reference",
        "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
        span,
    )
}
