//! `module` blocks: their sources and the checks Terraform makes of a call before evaluating (the evaluated call is `eval/module_instance.rs`'s `ModuleCallValue`).

use std::path::{Component, Path, PathBuf};

use terrace_syntax::{ExprKind, Literal, StepKind};

use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::module_config::{BlockConfig, ModuleConfig};
use crate::module::read::static_checks::check_count_and_for_each;
use terrace_eval::Diagnostic;

/// Arguments of a `module` block that are not input variables.
pub(crate) const MODULE_META: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];

/// The literal `source` of a `module` block.
pub(crate) fn source_of(block: &BlockConfig<'_>) -> Option<String> {
    block.attr("source")?.literal_string()
}

/// True for a local path source (`./x`, `../x`).
pub(crate) fn is_local_source(source: &str) -> bool {
    source.starts_with("./")
        || source.starts_with("../")
        || source.starts_with(".\\")
        || source.starts_with("..\\")
}

/// Whether Terraform can read `source` neither as a local path, nor as a registry
/// address (`[host/]namespace/name/system`), nor as a remote one (a URL, a forced
/// getter `git::...`, or a host its getters recognise): `m`, `modules/vpc`.
fn no_installation_method(source: &str) -> bool {
    const REMOTE_HOSTS: [&str; 4] = ["github.com/", "bitbucket.org/", "git@", "gitlab.com/"];
    if source.is_empty()
        || is_local_source(source)
        || std::path::Path::new(source).is_absolute()
        || source.contains("::")
        || source.contains("://")
        || REMOTE_HOSTS.iter().any(|host| source.starts_with(host))
        || source.contains(".amazonaws.com/")
        || source.contains(".googleapis.com/")
    {
        return false;
    }
    let package = source.split("//").next().unwrap_or(source);
    let package = package.split('?').next().unwrap_or(package);
    package.split('/').filter(|part| !part.is_empty()).count() < 3
}

/// `base/source` with `.` and `..` resolved lexically (as Terraform shows `path.module`).
pub(crate) fn join_clean(base: &Path, source: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for component in base.join(source.replace('\\', "/")).components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                let popped = match out.components().next_back() {
                    Some(Component::Normal(_)) => out.pop(),
                    _ => false,
                };
                if !popped {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// The configuration errors of one `module` block that Terraform reports
/// before it evaluates anything: `count` and `for_each` together (as for resources), `version`
/// on a local `source` (as read or evaluated early), and a `providers` map naming a provider configuration
/// the calling module does not have.
pub(crate) fn check_call(
    block: &BlockConfig<'_>,
    source: &str,
    parent: &ModuleConfig<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    check_count_and_for_each(block, diagnostics);
    if let (Some(attr), Some(_)) = (block.attr("source"), block.attr("version"))
        && is_local_source(source)
    {
        let path = source;
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(
                "Invalid registry module source address",
                format!(
                    "Failed to parse module registry address: can't use local directory \"{path}\" as a module registry address.\n\nTerraform assumed that you intended a module registry source address because you also set the argument \"version\", which applies only to registry modules."
                ),
                attr.expr.span,
            ),
        ));
    }
    if let Some(attr) = block.attr("source")
        && no_installation_method(source)
    {
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(
                "Invalid module source address",
                format!(
                    "Terraform failed to determine your intended installation method for remote module package \"{source}\".\n\nIf you intended this as a path relative to the current module, use \"./{source}\" instead. The \"./\" prefix indicates that the address is a relative filesystem path."
                ),
                attr.expr.span,
            ),
        ));
    }
    let Some(providers) = block.attr("providers") else {
        return;
    };
    let ExprKind::ObjectCons(items) = &providers.expr.strip_parens().kind else {
        return;
    };
    for item in items {
        let Some((name, Some(alias))) = provider_reference(&item.value) else {
            continue;
        };
        let configured = parent.providers.iter().any(|p| {
            p.name() == name
                && p.attr("alias")
                    .and_then(|a| a.literal_string())
                    .is_some_and(|a| a == alias)
        });
        if !configured {
            let address = provider_source(parent, &name);
            diagnostics.push(ModuleDiagnostic::new(
                providers.file,
                Diagnostic::error(
                    format!("missing provider provider[\"{address}\"].{alias}"),
                    "",
                    item.value.span,
                ),
            ));
        }
    }
}

/// `aws` or `aws.west` in a `providers` map: the name and the alias.
fn provider_reference(expr: &terrace_syntax::Expr) -> Option<(String, Option<String>)> {
    let ExprKind::ScopeTraversal { root, steps } = &expr.strip_parens().kind else {
        return None;
    };
    let alias = match steps.first().map(|step| &step.kind) {
        Some(StepKind::GetAttr(alias)) => Some(alias.name.to_string()),
        None => None,
        Some(_) => return None,
    };
    Some((root.name.to_string(), alias))
}

/// Whether a module requires Terraform's built-in provider under the local name `terraform`,
/// which gives it the `provider::terraform::` functions.
pub(crate) fn requires_builtin_provider(config: &ModuleConfig<'_>) -> bool {
    config
        .terraform
        .required_providers
        .contains_key("terraform")
        && provider_source(config, "terraform") == "terraform.io/builtin/terraform"
}

/// The full source address of provider `name`: from `required_providers`,
/// else `terraform.io/builtin/terraform` or `registry.terraform.io/hashicorp/NAME`.
pub(crate) fn provider_source(config: &ModuleConfig<'_>, name: &str) -> String {
    let given = config
        .terraform
        .required_providers
        .get(name)
        .and_then(|attr| match &attr.literal_expr().strip_parens().kind {
            ExprKind::ObjectCons(items) => items.iter().find_map(|item| {
                let key = match &item.key {
                    terrace_syntax::ObjectKey::Ident(k) => k.name.to_string(),
                    _ => return None,
                };
                match (&*key, &item.value.kind) {
                    ("source", ExprKind::Literal(Literal::String(s))) => Some(s.to_string()),
                    _ => None,
                }
            }),
            ExprKind::Literal(Literal::String(s)) => Some(s.to_string()),
            _ => None,
        });
    match given {
        Some(source) => match source.matches('/').count() {
            0 => format!("registry.terraform.io/hashicorp/{source}"),
            1 => format!("registry.terraform.io/{source}"),
            _ => source,
        },
        None if name == "terraform" => "terraform.io/builtin/terraform".to_string(),
        None => format!("registry.terraform.io/hashicorp/{name}"),
    }
}
