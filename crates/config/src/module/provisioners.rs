//! What Terraform checks of a resource's `provisioner` blocks when it reads them: the
//! removed provisioner types, the `when` and `on_failure` keywords, and what a
//! destroy-time provisioner may refer to.

use terrace_eval::Diagnostic;
use terrace_syntax::{ExprKind, Literal, TraversalStep};

use super::body::{ConfigAttr, ConfigBlock};
use super::diagnostics::{ModuleDiagnostic, warning};

/// The provisioners Terraform 0.15 removed.
const REMOVED: [&str; 4] = ["chef", "habitat", "puppet", "salt-masterless"];

/// Checks one `provisioner "TYPE" { ... }` block of a resource.
pub(crate) fn check_provisioner(block: &ConfigBlock<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    let mut error = |summary: String, detail: String, span| {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(summary, detail, span),
        ));
    };
    if let Some((kind, span)) = block.labels.first()
        && REMOVED.contains(&&**kind)
    {
        error(
            format!("The \"{kind}\" provisioner has been removed"),
            format!(
                "The \"{kind}\" provisioner was deprecated in Terraform 0.13.4 has been removed from Terraform. Visit https://learn.hashicorp.com/collections/terraform/provision for alternatives to using provisioners that are a better fit for the Terraform workflow."
            ),
            *span,
        );
        return;
    }
    let content = block.body.all_content();
    let mut destroy = false;
    for attr in &content.attributes {
        let (allowed, detail) = match &*attr.name {
            "when" => (
                ["create", "destroy"],
                "The \"when\" argument requires one of the following keywords: create or destroy.",
            ),
            "on_failure" => (
                ["continue", "fail"],
                "The \"on_failure\" argument requires one of the following keywords: continue or fail.",
            ),
            _ => continue,
        };
        match keyword(attr, diagnostics) {
            Some(word) if allowed.contains(&word.as_str()) => {
                destroy |= &*attr.name == "when" && word == "destroy";
            }
            _ => diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    format!("Invalid \"{}\" keyword", attr.name),
                    detail,
                    attr.expr.span,
                ),
            )),
        }
    }
    if !destroy {
        return;
    }
    let meta = |attr: &&ConfigAttr<'_>| !matches!(&*attr.name, "when" | "on_failure");
    let connections = content
        .blocks
        .iter()
        .filter(|b| &*b.block_type == "connection")
        .flat_map(|b| b.body.all_content().attributes);
    for attr in content
        .attributes
        .iter()
        .filter(meta)
        .cloned()
        .chain(connections)
    {
        if !terrace_eval::references(&attr.expr)
            .iter()
            .all(|r| allowed_at_destroy(r.root(), r.steps()))
        {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Invalid reference from destroy provisioner",
                    "Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\nReferences to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy.",
                    attr.expr.span,
                ),
            ));
        }
    }
}

/// What a destroy-time provisioner may refer to: `self`, `path`, `terraform`,
/// `count.index` and `each.key`.
fn allowed_at_destroy(root: &str, steps: &[TraversalStep]) -> bool {
    let only = |name: &str| match steps {
        [TraversalStep::Attr { name: step, .. }] => &**step == name,
        _ => false,
    };
    match root {
        "self" | "path" | "terraform" => true,
        "count" => only("index"),
        "each" => only("key"),
        _ => false,
    }
}

/// A keyword argument: a bare keyword, or (with Terraform's deprecation warning) one in
/// quotes, as Terraform 0.11 wrote it.
fn keyword(attr: &ConfigAttr<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) -> Option<String> {
    if let Some(ident) = attr.expr.as_keyword() {
        return Some(ident.as_str().to_string());
    }
    let ExprKind::Literal(Literal::String(text)) = &attr.expr.kind else {
        return None;
    };
    diagnostics.push(ModuleDiagnostic::new(
        attr.file,
        warning(
            "Quoted keywords are deprecated",
            "In this context, keywords are expected literally rather than in quotes. Terraform 0.11 and earlier required quotes, but quoted keywords are now deprecated and will be removed in a future version of Terraform. Remove the quotes surrounding this keyword to silence this warning.",
            attr.expr.span,
        ),
    ));
    Some(text.to_string())
}
