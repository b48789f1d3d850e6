//! A module's version checks, as Terraform makes them when it reads the module: `required_version`, each `required_providers` entry and each module call's `version`.

use terrace_eval::Evaluator;

use super::diagnostics::ModuleDiagnostic;
use super::module_config::ModuleConfig;
use super::required_providers::check_required_provider;
use super::version_constraint::check_version_constraint;

/// Checks a module's version constraints: `required_version`, each required provider's
/// entry (`required_providers.rs`), and each module call's `version` (unless it is made of const variables, which
/// Terraform 1.15 evaluates when it installs modules).
pub(crate) fn check_version_constraints(
    config: &ModuleConfig<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    if let Some(attr) = &config.terraform.required_version
        && let Ok(expr) = attr.static_expr()
    {
        check_version_constraint("required_version", &expr, attr.file, evaluator, diagnostics);
    }
    for attr in config.terraform.required_providers.values() {
        check_required_provider(attr, evaluator, diagnostics);
    }
    for call in &config.module_calls {
        if let Some(attr) = call.attr("version")
            && let Ok(expr) = attr.static_expr()
            && terrace_syntax::references(&expr).is_empty()
        {
            check_version_constraint("version", &expr, attr.file, evaluator, diagnostics);
        }
    }
}
