//! The names Terraform checks when it reads a module: block labels and local value names that
//! must be identifiers, variable names reserved by `module` blocks, and provider local names.

use terrace_eval::Diagnostic;
use terrace_syntax::{Span, is_identifier};

use super::body::{ConfigAttr, ConfigBlock};
use super::decode::string_attr;
use super::diagnostics::ModuleDiagnostic;
use super::language::Language;
use super::module_config::BlockConfig;
use terrace_eval::Evaluator;

/// Terraform's explanation of an invalid name.
const BAD_IDENTIFIER: &str = "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

/// The arguments and nested block types of a `module` block: a variable of one of these names
/// could not be set by a caller.
const MODULE_BLOCK_NAMES: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "depends_on",
    "providers",
    "ignore_nested_deprecations",
    "_",
    "lifecycle",
    "locals",
    "provider",
];

/// Reports the labels of a top-level block that Terraform refuses: a label that must be an
/// identifier and is not, a variable name reserved by `module` blocks, a provider local name
/// that is not in normal form.
///
/// ```text
/// variable "1a" {}        Invalid variable name
/// variable "count" {}     Invalid variable name (reserved)
/// resource "x" "a.b" {}   Invalid resource name
/// provider "AWS" {}       Invalid provider local name
/// ```
pub(crate) fn check_block_labels(
    block: &ConfigBlock<'_>,
    language: Language,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let summaries: &[&str] = match &*block.block_type {
        "variable" => &["Invalid variable name"],
        "output" => &["Invalid output name"],
        "resource" => &["Invalid resource type name", "Invalid resource name"],
        "data" => &["Invalid data source name", "Invalid data resource name"],
        "ephemeral" => &[
            "Invalid ephemeral resource type",
            "Invalid ephemeral resource name",
        ],
        "module" => &["Invalid module instance name"],
        "check" => &["Invalid check block name"],
        "action" => &["Invalid action type name", "Invalid action name"],
        "provider" => {
            if let Some((name, _)) = block.labels.first() {
                check_provider_name(name, block.def_span, block.file, diagnostics);
            }
            &[]
        }
        _ => &[],
    };
    for (summary, (label, span)) in summaries.iter().zip(&block.labels) {
        if !is_identifier(label) {
            diagnostics.push(ModuleDiagnostic::new(
                block.file,
                Diagnostic::error(*summary, BAD_IDENTIFIER, *span),
            ));
        }
    }
    if &*block.block_type == "variable"
        && let Some((name, span)) = block.labels.first()
        && MODULE_BLOCK_NAMES.contains(&&**name)
        // Terraform 1.15's argument, which OpenTofu's module blocks do not have.
        && !(language == Language::OpenTofu && &**name == "ignore_nested_deprecations")
    {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Invalid variable name",
                format!(
                    "The variable name \"{name}\" is reserved due to its special meaning inside module blocks."
                ),
                *span,
            ),
        ));
    }
}

/// Reports a `provider` block's `alias` that is not a constant string, or not an identifier
/// (Terraform gives that error no place in the file).
pub(crate) fn check_provider_alias(
    block: &BlockConfig<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    if block.attr("alias").is_none() {
        return;
    }
    let alias = string_attr(block, "alias", evaluator, diagnostics).unwrap_or_default();
    if !is_identifier(&alias) {
        diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
            "Invalid provider configuration alias",
            format!("An alias must be a valid name. {BAD_IDENTIFIER}"),
            Span::default(),
        )));
    }
}

/// Reports a local value whose name is not an identifier.
pub(crate) fn check_local_name(attr: &ConfigAttr<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    if !is_identifier(&attr.name) {
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error("Invalid local value name", BAD_IDENTIFIER, attr.name_span),
        ));
    }
}

/// Reports a provider local name that is not one, or not in the normal form Terraform
/// requires (lower case). Names with non-ASCII characters, which Terraform normalizes with
/// IDNA's rules, are not checked.
pub(crate) fn check_provider_name(
    name: &str,
    span: Span,
    file: super::files::FileId,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let detail = match provider_name_problem(name) {
        Some(Problem::Invalid(reason)) => {
            format!("{name} is an invalid provider local name: {reason}")
        }
        Some(Problem::NotNormalized(normal)) => format!(
            "Provider names must be normalized. Replace \"{name}\" with \"{normal}\" to fix this error."
        ),
        None => return,
    };
    diagnostics.push(ModuleDiagnostic::new(
        file,
        Diagnostic::error("Invalid provider local name", detail, span),
    ));
}

/// One part of a provider address (a local name, namespace or type) in normal form, as
/// Terraform's `ParseProviderPart` gives it, or why it is not one. Non-ASCII names are
/// returned as they are.
pub(crate) fn provider_part(name: &str) -> Result<String, &'static str> {
    match provider_name_problem(name) {
        None => Ok(name.to_string()),
        Some(Problem::NotNormalized(normal)) => Ok(normal),
        Some(Problem::Invalid(reason)) => Err(reason),
    }
}

/// What is wrong with a provider local name.
#[derive(Debug, PartialEq, Eq)]
enum Problem {
    /// Not a name at all, and why.
    Invalid(&'static str),
    /// A name, but not in normal form: the normal form.
    NotNormalized(String),
}

/// Terraform's rules for one part of a provider address, for ASCII names.
fn provider_name_problem(name: &str) -> Option<Problem> {
    if name.is_empty() {
        return Some(Problem::Invalid("must have at least one character"));
    }
    if name.contains('.') {
        return Some(Problem::Invalid("dots are not allowed"));
    }
    if name.contains("--") {
        return Some(Problem::Invalid("cannot use multiple consecutive dashes"));
    }
    if !name.is_ascii() {
        return None;
    }
    let letters_digits_dashes = name
        .bytes()
        .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-');
    if !letters_digits_dashes || name.starts_with('-') || name.ends_with('-') {
        return Some(Problem::Invalid(
            "must contain only letters, digits, and dashes, and may not use leading or trailing dashes",
        ));
    }
    let normal = name.to_ascii_lowercase();
    (normal != name).then_some(Problem::NotNormalized(normal))
}

#[cfg(test)]
mod tests {
    use super::{Problem, provider_name_problem};

    #[test]
    fn provider_local_names_follow_terraforms_rules() {
        assert_eq!(provider_name_problem("aws"), None);
        assert_eq!(provider_name_problem("google-beta"), None);
        assert_eq!(provider_name_problem("k8s2"), None);
        assert_eq!(
            provider_name_problem("AWS"),
            Some(Problem::NotNormalized("aws".to_string()))
        );
        for bad in ["", "a.b", "a--b", "my_provider", "-aws", "aws-", "a b"] {
            assert!(
                matches!(provider_name_problem(bad), Some(Problem::Invalid(_))),
                "{bad:?}"
            );
        }
    }
}
