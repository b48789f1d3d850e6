//! The tokens of Terraform's CLI configuration file (`credentials "HOST" { token = "..." }` in `TF_CLI_CONFIG_FILE`, or `~/.terraformrc`), for the HCP Terraform backends.

use std::path::{Path, PathBuf};

use terrace_syntax::{BodyItem, Expr};

/// Each `(host, token)` of the CLI configuration file: `TF_CLI_CONFIG_FILE` (relative to
/// `cwd`), else `~/.terraformrc`. A missing or unreadable file, or a block without a literal
/// token, gives nothing: Terraform then looks elsewhere too, and the backend's error says
/// where a token may come from.
pub(crate) fn cli_tokens(
    env: &terrace_backend::Env,
    cwd: &Path,
    files: &dyn terrace_functions::FileSource,
) -> Vec<(String, String)> {
    let file: PathBuf = match env.get("TF_CLI_CONFIG_FILE") {
        Some(path) => cwd.join(path),
        None => match env.home() {
            Some(home) => home.join(".terraformrc"),
            None => return Vec::new(),
        },
    };
    let Ok(bytes) = files.read(&file) else {
        return Vec::new();
    };
    tokens_in(&String::from_utf8_lossy(&bytes))
}

/// The `credentials` blocks of a CLI configuration's text.
fn tokens_in(text: &str) -> Vec<(String, String)> {
    let (body, _errors) = terrace_syntax::parse_body(text);
    let mut found = Vec::new();
    for item in &body.items {
        let BodyItem::Block(block) = item else {
            continue;
        };
        let ([label], "credentials") = (block.labels.as_slice(), &*block.block_type.name) else {
            continue;
        };
        for entry in &block.body.items {
            if let BodyItem::Attribute(attr) = entry
                && &*attr.name.name == "token"
                && let Some(token) = literal_string(&attr.expr)
            {
                found.push((label.value.to_string(), token));
            }
        }
    }
    found
}

/// A string constant's value (a quoted string with no interpolation).
fn literal_string(expr: &Expr) -> Option<String> {
    let value = terrace_eval::Evaluator::new()
        .eval(expr, &terrace_eval::Scope::new())
        .ok()?;
    value.as_str().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_blocks_by_host() {
        let text = "plugin_cache_dir = \"/x\"\ncredentials \"app.terraform.io\" {\n  token = \"tok-1\"\n}\ncredentials \"tfe.example:8443\" {\n  token = \"tok-2\"\n}\ncredentials_helper \"x\" {}\n";
        assert_eq!(
            tokens_in(text),
            [
                ("app.terraform.io".to_string(), "tok-1".to_string()),
                ("tfe.example:8443".to_string(), "tok-2".to_string()),
            ]
        );
        assert!(tokens_in("credentials {\n token = \"x\"\n}\n").is_empty());
        assert!(tokens_in("credentials \"h\" {\n token = var.x\n}\n").is_empty());
    }
}
