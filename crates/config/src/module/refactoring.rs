//! What Terraform checks of the addresses in `moved`, `import` and `removed` blocks when
//! it reads them: what kind of object each may name.

use terrace_eval::Diagnostic;
use terrace_syntax::{Span, Traversal, TraversalStep};

use super::body::ConfigBlock;
use super::diagnostics::ModuleDiagnostic;

/// What an address written in a refactoring block names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AddressKind {
    /// `module.a` or `module.a[0].module.b`.
    Module,
    /// A managed resource, `aws_instance.web`; `instance` when a key follows.
    Managed { instance: bool },
    /// A data resource, `data.aws_ami.x`.
    Data,
}

/// The kind of `address`: module calls first, then a resource.
pub(crate) fn address_kind(address: &Traversal) -> AddressKind {
    // Each part as a name, or `None` for an index key.
    let parts: Vec<Option<&str>> = std::iter::once(Some(address.root.as_str()))
        .chain(address.steps.iter().map(|step| match step {
            TraversalStep::Attr { name, .. } => Some(&**name),
            TraversalStep::Index { .. } => None,
        }))
        .collect();
    // Skip `module.NAME` and its key if any, as many times as they come.
    let mut at = 0;
    while parts.get(at) == Some(&Some("module")) {
        at += 2;
        if parts.get(at) == Some(&None) {
            at += 1;
        }
    }
    match parts.get(at..).unwrap_or_default() {
        [] => AddressKind::Module,
        [Some("data"), ..] => AddressKind::Data,
        resource => AddressKind::Managed {
            instance: resource.len() > 2,
        },
    }
}

/// The checks of one refactoring block's addresses, given as (argument, address, span).
pub(crate) fn check_addresses(
    block: &ConfigBlock<'_>,
    addresses: &[(&str, Traversal, Span)],
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let mut error = |summary: &str, detail: &str, span: Span| {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(summary, detail, span),
        ));
    };
    let kind_of = |name: &str| {
        addresses
            .iter()
            .find(|(argument, ..)| *argument == name)
            .map(|(_, address, span)| (address_kind(address), *span))
    };
    match &*block.block_type {
        "moved" => {
            if let (Some((from, _)), Some((to, _))) = (kind_of("from"), kind_of("to"))
                && (from == AddressKind::Module) != (to == AddressKind::Module)
            {
                error(
                    "Invalid \"moved\" addresses",
                    "The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules.",
                    block.def_span,
                );
            }
        }
        "import" => {
            if let Some((AddressKind::Data, span)) = kind_of("to") {
                error(
                    "Invalid import address",
                    "Only managed resources can be imported.",
                    span,
                );
            }
        }
        "removed" => match kind_of("from") {
            Some((AddressKind::Managed { instance: true }, span)) => error(
                "Resource instance keys not allowed",
                "Resource address must be a resource (e.g. \"test_instance.foo\"), not a resource instance (e.g. \"test_instance.foo[1]\").",
                span,
            ),
            Some((AddressKind::Data, span)) => error(
                "Data source address not allowed",
                "Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.",
                span,
            ),
            _ => check_removed_provisioners(block, diagnostics),
        },
        _ => {}
    }
}

/// A `removed` block's provisioners must run at destroy time.
fn check_removed_provisioners(block: &ConfigBlock<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    let content = block.body.all_content();
    for provisioner in content
        .blocks
        .iter()
        .filter(|b| &*b.block_type == "provisioner")
    {
        let destroy = provisioner
            .body
            .all_content()
            .attr("when")
            .and_then(|when| when.expr.as_keyword().map(|k| k.as_str().to_string()))
            .is_some_and(|when| when == "destroy");
        if !destroy {
            diagnostics.push(ModuleDiagnostic::new(
                provisioner.file,
                Diagnostic::error(
                    "Invalid provisioner block",
                    "Only destroy-time provisioners are valid in \"removed\" blocks. To declare a destroy-time provisioner, use:\n    when = destroy\n",
                    provisioner.def_span,
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> AddressKind {
        let traversal = terrace_syntax::parse_traversal(text).unwrap();
        address_kind(&traversal)
    }

    #[test]
    fn tells_modules_resources_and_instances_apart() {
        assert_eq!(kind("module.a"), AddressKind::Module);
        assert_eq!(kind("module.a[0].module.b[\"k\"]"), AddressKind::Module);
        assert_eq!(
            kind("aws_instance.web"),
            AddressKind::Managed { instance: false }
        );
        assert_eq!(
            kind("module.a[1].aws_instance.web[0]"),
            AddressKind::Managed { instance: true }
        );
        assert_eq!(kind("module.a.data.aws_ami.x"), AddressKind::Data);
    }
}
