//! Version constraints (`required_version`, a module's or a required provider's `version`),
//! checked as Terraform decodes them when it reads a module: a constant string in the syntax
//! of HashiCorp's go-version (`">= 1.2, < 2.0.0-beta1"`, `"~> 5.0"`).

use terrace_eval::{Diagnostic, Evaluator};
use terrace_syntax::Expr;
use terrace_types::{Type, convert};

use super::diagnostics::ModuleDiagnostic;

/// Checks the version constraint `expr`, the value of the argument `name` in `file`.
pub(crate) fn check_version_constraint(
    name: &str,
    expr: &Expr,
    file: super::files::FileId,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let value = match evaluator.eval_constant(expr) {
        Ok(value) => value,
        Err(found) => {
            diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
            return;
        }
    };
    let invalid = |detail: String| {
        ModuleDiagnostic::new(
            file,
            Diagnostic::error("Invalid version constraint", detail, expr.span),
        )
    };
    let Ok(text) = convert(&value, &Type::String) else {
        diagnostics.push(invalid(format!("A string value is required for {name}.")));
        return;
    };
    // A null constraint is no constraint.
    if let Some(text) = text.as_str()
        && !is_constraint(text)
    {
        diagnostics.push(invalid(
            "This string does not use correct version constraint syntax.".to_string(),
        ));
    }
}

/// Whether `text` is a go-version constraint list: comma-separated constraints, each an
/// optional operator and a version, with spaces around either.
pub(crate) fn is_constraint(text: &str) -> bool {
    text.split(',').all(|single| {
        let single = single.trim_matches(is_space);
        let rest = ["<=", ">=", "!=", "~>", "<", ">", "="]
            .iter()
            .find_map(|op| single.strip_prefix(op))
            .unwrap_or(single);
        is_version(rest.trim_start_matches(is_space))
    })
}

/// The white space of Go's regular expressions (`\s`).
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c')
}

/// Whether `text` is a go-version version: `v1.2.3`, with an optional pre-release
/// (`-beta.1`, `beta1`, `-1`) and build metadata (`+abc.1`); numbers fit 64 bits.
pub(crate) fn is_version(text: &str) -> bool {
    let text = text.strip_prefix('v').unwrap_or(text);
    let numbers_end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    // Dot-separated runs of digits: a stray dot (`1..2`, `1.`, `1.2.x`) leaves a run empty,
    // and can belong to nothing after them either.
    let (numbers, rest) = text.split_at(numbers_end);
    let numbers_ok = !numbers.is_empty()
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.parse::<i64>().is_ok());
    if !numbers_ok {
        return false;
    }
    let (pre, meta) = match rest.split_once('+') {
        Some((pre, meta)) => (pre, Some(meta)),
        None => (rest, None),
    };
    let pre_ok = pre.is_empty()
        || (pre.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-' || c == '~')
            && segments(pre));
    pre_ok && meta.is_none_or(segments)
}

/// Whether `text` is dot-separated non-empty runs of letters, digits, `-` and `~`.
fn segments(text: &str) -> bool {
    text.split('.').all(|segment| {
        !segment.is_empty()
            && segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '~')
    })
}

#[cfg(test)]
mod tests {
    use super::is_constraint;

    #[test]
    fn constraints_follow_go_version_syntax() {
        for good in [
            ">= 1.0",
            "~> 5.0",
            "1.2.3",
            "v1.2",
            ">= 1.0, < 2.0.0-beta1",
            " = 1.2.3+meta.1 ",
            "!=1.2beta.3",
            "1.2-",
            "1.2.3-4.x",
            "< 1.2.3~rc",
        ] {
            assert!(is_constraint(good), "{good:?}");
        }
        for bad in [
            "",
            "not a version",
            "~> x",
            "abc",
            ">= 1.0,",
            "1..2",
            "1.2.x",
            "== 1.0",
            "1.2+",
            "1.2-a..b",
            "=> 1.0",
            "99999999999999999999",
        ] {
            assert!(!is_constraint(bad), "{bad:?}");
        }
    }
}
