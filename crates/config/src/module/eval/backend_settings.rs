//! A remote backend's settings: the `backend "TYPE"` block's arguments, under the settings `terraform init` stored in `.terraform/terraform.tfstate`, under each `--backend-config KEY=VALUE` or `FILE` in order (Terraform's precedence), as plain values for `terrace-backend`.

use std::collections::BTreeMap;
use std::path::Path;

use terrace_backend::{Setting, Settings};
use terrace_eval::{Evaluator, Scope};
use terrace_syntax::{BodyItem, Expr};
use terrace_types::Value;

use crate::module::read::body::ConfigBlock;
use crate::module::read::options::LoadOptions;

/// The settings of backend `kind` configured by `block` in the module at `dir`, with what
/// `init` stored and the `--backend-config` items merged in. Problems (an item that does not
/// parse, an unreadable file) are returned as messages; the settings are still usable.
pub(crate) fn backend_settings(
    dir: &Path,
    kind: &str,
    block: &ConfigBlock<'_>,
    options: &LoadOptions,
) -> (Settings, Vec<String>) {
    let evaluator = Evaluator::with_functions(options.language.functions());
    let scope = Scope::terraform();
    let mut problems = Vec::new();
    let mut settings = Settings::new(kind);
    let content = block.body.all_content();
    for attr in &content.attributes {
        match evaluate(&evaluator, &scope, &attr.literal_expr()) {
            Some(value) => settings.set(attr.name.to_string(), value),
            None => problems.push(format!(
                "the backend argument `{}` is not a constant value; it is left out",
                attr.name
            )),
        }
    }
    for nested in &content.blocks {
        let mut map = BTreeMap::new();
        for attr in &nested.body.all_content().attributes {
            if let Some(value) = evaluate(&evaluator, &scope, &attr.literal_expr()) {
                map.insert(attr.name.to_string(), value);
            }
        }
        settings.set(nested.block_type.to_string(), Setting::Map(map));
    }
    // What `init` resolved (partial configuration included), when it was for this type.
    let data_dir = dir.join(
        options
            .env
            .get("TF_DATA_DIR")
            .map(String::as_str)
            .unwrap_or(".terraform"),
    );
    if let Ok(bytes) = options.files.read(&data_dir.join("terraform.tfstate"))
        && let Some(stored) = terrace_backend::stored_settings(&bytes)
        && stored.kind() == kind
    {
        for (key, value) in stored.values() {
            settings.set(key.clone(), value.clone());
        }
    }
    for item in &options.backend_config {
        match item.split_once('=') {
            Some((key, raw)) => {
                let key = key.trim();
                if terrace_backend::takes_string(kind, key) {
                    settings.set(key, Setting::String(raw.to_string()));
                    continue;
                }
                match terrace_syntax::parse_expr(raw)
                    .ok()
                    .and_then(|expr| evaluate(&evaluator, &scope, &expr))
                {
                    Some(value) => settings.set(key, value),
                    None => problems.push(format!(
                        "--backend-config {key}=...: the value is not a valid HCL expression for this argument"
                    )),
                }
            }
            None => match options
                .files
                .read(Path::new(item))
                .and_then(|bytes| String::from_utf8(bytes).map_err(std::io::Error::other))
            {
                Ok(text) => {
                    let (body, errors) = terrace_syntax::parse_body(&text);
                    if !errors.is_empty() {
                        problems.push(format!(
                            "--backend-config {item}: the file is not valid HCL"
                        ));
                    }
                    for entry in &body.items {
                        if let BodyItem::Attribute(attr) = entry {
                            match evaluate(&evaluator, &scope, &attr.expr) {
                                Some(value) => settings.set(attr.name.name.to_string(), value),
                                None => problems.push(format!(
                                    "--backend-config {item}: `{}` is not a constant value",
                                    attr.name.name
                                )),
                            }
                        }
                    }
                }
                Err(e) => problems.push(format!(
                    "--backend-config {item}: cannot read the file: {e}"
                )),
            },
        }
    }
    (settings, problems)
}

/// A constant expression's value as a setting; `None` when it does not evaluate (or is null).
fn evaluate(evaluator: &Evaluator, scope: &Scope, expr: &Expr) -> Option<Setting> {
    let value = evaluator.eval(expr, scope).ok()?;
    let (value, _) = value.unmark_deep();
    to_setting(&value)
}

fn to_setting(value: &Value) -> Option<Setting> {
    if value.is_null() || !value.is_wholly_known() {
        return None;
    }
    if let Some(s) = value.as_str() {
        return Some(Setting::String(s.to_string()));
    }
    if let Some(b) = value.as_bool() {
        return Some(Setting::Bool(b));
    }
    if let Some(n) = value.as_number() {
        return Some(Setting::Number(n.to_string()));
    }
    if let Some(seq) = value.as_seq() {
        return Some(Setting::List(
            seq.into_iter().filter_map(to_setting).collect(),
        ));
    }
    if let Some(attrs) = value.as_attrs() {
        return Some(Setting::Map(
            attrs
                .iter()
                .filter_map(|(k, v)| Some((k.to_string(), to_setting(v)?)))
                .collect(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_become_settings() {
        let evaluator = Evaluator::new();
        let scope = Scope::terraform();
        let expr = terrace_syntax::parse_expr(r#"{ s3 = "http://x", n = 2, b = true, l = ["a"] }"#)
            .unwrap();
        let Some(Setting::Map(map)) = evaluate(&evaluator, &scope, &expr) else {
            panic!("not a map");
        };
        assert_eq!(map["s3"], Setting::String("http://x".into()));
        assert_eq!(map["n"], Setting::Number("2".into()));
        assert_eq!(map["b"], Setting::Bool(true));
        assert_eq!(map["l"], Setting::List(vec![Setting::String("a".into())]));
        let null = terrace_syntax::parse_expr("null").unwrap();
        assert_eq!(evaluate(&evaluator, &scope, &null), None);
    }
}
