//! `Settings`: a backend's type and arguments as plain typed values (the configuration's block, merged with `-backend-config` and `.terraform/terraform.tfstate`).

use std::collections::BTreeMap;

use crate::secret::Secret;

/// One argument's value.
#[derive(Clone, PartialEq)]
pub enum Setting {
    /// A string (also what `-backend-config KEY=VALUE` gives for a string argument).
    String(String),
    /// A bool.
    Bool(bool),
    /// A number, as its decimal text.
    Number(String),
    /// A list, tuple or set.
    List(Vec<Setting>),
    /// A map or object (`endpoints = { s3 = "..." }`, `assume_role = { ... }`).
    Map(BTreeMap<String, Setting>),
}

/// A backend's type and its arguments. `Debug` shows the argument names only: values may
/// be credentials.
///
/// ```
/// use terrace_backend::{Setting, Settings};
///
/// let mut settings = Settings::new("http");
/// settings.set("address", Setting::String("http://127.0.0.1:8080/state".into()));
/// settings.set("retry_max", Setting::String("1".into()));
/// assert_eq!(settings.string("address"), Some("http://127.0.0.1:8080/state"));
/// assert_eq!(settings.number("retry_max"), Some(1.0));
/// assert_eq!(format!("{settings:?}"), r#"Settings { kind: "http", keys: ["address", "retry_max"] }"#);
/// ```
#[derive(Clone, PartialEq, Default)]
pub struct Settings {
    kind: String,
    values: BTreeMap<String, Setting>,
}

impl Settings {
    /// No arguments yet, for a backend of type `kind` (`s3`, `cloud` for a `cloud` block).
    pub fn new(kind: impl Into<String>) -> Settings {
        Settings {
            kind: kind.into(),
            values: BTreeMap::new(),
        }
    }

    /// The backend type.
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// Sets an argument, replacing what was there (a later `-backend-config` wins).
    pub fn set(&mut self, key: impl Into<String>, value: Setting) {
        self.values.insert(key.into(), value);
    }

    /// Removes an argument.
    pub fn remove(&mut self, key: &str) {
        self.values.remove(key);
    }

    /// Every argument, by name.
    pub fn values(&self) -> &BTreeMap<String, Setting> {
        &self.values
    }

    /// An argument.
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.values.get(key)
    }

    /// A string argument (a bool or number given as text too), if set and not empty.
    pub fn string(&self, key: &str) -> Option<&str> {
        self.get(key)
            .and_then(Setting::as_str)
            .filter(|s| !s.is_empty())
    }

    /// A string argument, else the first of the environment variables `names` set.
    pub fn string_or_env<'a>(
        &'a self,
        key: &str,
        env: &'a crate::Env,
        names: &[&str],
    ) -> Option<&'a str> {
        self.string(key).or_else(|| env.first(names))
    }

    /// A credential argument, else the first of the environment variables `names` set.
    pub fn secret_or_env(&self, key: &str, env: &crate::Env, names: &[&str]) -> Option<Secret> {
        self.string_or_env(key, env, names).map(Secret::new)
    }

    /// A bool argument: `true`, or the text `true`/`1` (as Go's `strconv.ParseBool` reads an
    /// environment variable).
    pub fn bool(&self, key: &str) -> Option<bool> {
        match self.get(key)? {
            Setting::Bool(b) => Some(*b),
            Setting::String(s) => parse_bool(s),
            _ => None,
        }
    }

    /// A number argument (or its text).
    pub fn number(&self, key: &str) -> Option<f64> {
        match self.get(key)? {
            Setting::Number(n) | Setting::String(n) => n.trim().parse().ok(),
            _ => None,
        }
    }

    /// A list of strings (a single string is a list of one).
    pub fn strings(&self, key: &str) -> Vec<String> {
        match self.get(key) {
            Some(Setting::List(items)) => items
                .iter()
                .filter_map(|item| item.as_str().map(str::to_string))
                .collect(),
            Some(Setting::String(s)) if !s.is_empty() => vec![s.clone()],
            _ => Vec::new(),
        }
    }

    /// A map argument's string entry (`endpoints.s3`).
    pub fn map_string(&self, key: &str, entry: &str) -> Option<&str> {
        match self.get(key)? {
            Setting::Map(map) => map
                .get(entry)
                .and_then(Setting::as_str)
                .filter(|s| !s.is_empty()),
            _ => None,
        }
    }

    /// A map argument's entries.
    pub fn map(&self, key: &str) -> Option<&BTreeMap<String, Setting>> {
        match self.get(key)? {
            Setting::Map(map) => Some(map),
            _ => None,
        }
    }
}

impl Setting {
    /// The text of a string, bool or number.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Setting::String(s) | Setting::Number(s) => Some(s),
            Setting::Bool(true) => Some("true"),
            Setting::Bool(false) => Some("false"),
            _ => None,
        }
    }
}

/// Go's `strconv.ParseBool`.
pub(crate) fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("kind", &self.kind)
            .field("keys", &self.values.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl std::fmt::Debug for Setting {
    /// The kind only: a value may be a credential.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Setting::String(_) => "String(..)",
            Setting::Bool(_) => "Bool(..)",
            Setting::Number(_) => "Number(..)",
            Setting::List(_) => "List(..)",
            Setting::Map(_) => "Map(..)",
        })
    }
}

/// True when `-backend-config KEY=VALUE` gives `KEY` of backend `kind` as the string
/// `VALUE` (Terraform reads the value as an HCL expression for arguments of other types:
/// maps, lists, and it converts the string for bools and numbers, which
/// [`Settings::bool`] and [`Settings::number`] do too).
///
/// ```
/// assert!(terrace_backend::takes_string("s3", "bucket"));
/// assert!(!terrace_backend::takes_string("s3", "endpoints"));
/// ```
pub fn takes_string(kind: &str, key: &str) -> bool {
    let structured: &[&str] = match kind {
        "s3" => &[
            "endpoints",
            "assume_role",
            "assume_role_with_web_identity",
            "shared_credentials_files",
            "shared_config_files",
            "allowed_account_ids",
            "forbidden_account_ids",
        ],
        "gcs" => &["impersonate_service_account_delegates"],
        "remote" | "cloud" => &["workspaces"],
        "azurerm" => &[],
        _ => &[],
    };
    !structured.contains(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_reads() {
        let mut s = Settings::new("s3");
        s.set("use_path_style", Setting::String("true".into()));
        s.set("skip", Setting::Bool(false));
        s.set("files", Setting::List(vec![Setting::String("a".into())]));
        let mut endpoints = BTreeMap::new();
        endpoints.insert("s3".to_string(), Setting::String("http://x".into()));
        s.set("endpoints", Setting::Map(endpoints));
        assert_eq!(s.bool("use_path_style"), Some(true));
        assert_eq!(s.bool("skip"), Some(false));
        assert_eq!(s.strings("files"), ["a"]);
        assert_eq!(s.map_string("endpoints", "s3"), Some("http://x"));
        assert_eq!(s.map_string("endpoints", "sts"), None);
        assert_eq!(format!("{:?}", s.get("files")), "Some(List(..))");
    }
}
