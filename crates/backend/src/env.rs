//! `Env`: the environment variables a backend reads (credentials, endpoints, proxies), captured once.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// Environment variables, by name. Backends read only from here, so tests give their own.
///
/// ```
/// use terrace_backend::Env;
///
/// let env = Env::from_pairs([("AWS_REGION", "eu-west-1"), ("EMPTY", "")]);
/// assert_eq!(env.get("AWS_REGION"), Some("eu-west-1"));
/// assert_eq!(env.get("EMPTY"), None);
/// ```
#[derive(Clone, Default)]
pub struct Env {
    vars: BTreeMap<String, String>,
    /// Tokens of the CLI configuration's `credentials "HOST"` blocks, by host.
    cli_tokens: BTreeMap<String, crate::Secret>,
}

impl Env {
    /// This process's environment.
    pub fn from_process() -> Env {
        Env {
            vars: std::env::vars_os()
                .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
                .collect(),
            cli_tokens: BTreeMap::new(),
        }
    }

    /// Exactly these variables.
    pub fn from_pairs<K: Into<String>, V: Into<String>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Env {
        Env {
            vars: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
            cli_tokens: BTreeMap::new(),
        }
    }

    /// Adds the token of a CLI configuration's `credentials "HOST" { token = ... }` block (the
    /// caller parses the file: `TF_CLI_CONFIG_FILE` or `~/.terraformrc`). HCP Terraform's
    /// backends take it after `TF_TOKEN_<host>`, as Terraform does.
    ///
    /// ```
    /// let mut env = terrace_backend::Env::default();
    /// env.add_cli_token("app.terraform.io", "tok-1");
    /// assert!(!format!("{env:?}").contains("tok-1"));
    /// ```
    pub fn add_cli_token(&mut self, host: impl Into<String>, token: impl Into<String>) {
        self.cli_tokens
            .insert(host.into(), crate::Secret::new(token.into()));
    }

    /// The CLI configuration's token for `host`.
    pub(crate) fn cli_token(&self, host: &str) -> Option<&crate::Secret> {
        self.cli_tokens.get(host)
    }

    /// Sets (or replaces) one variable.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.vars.insert(name.into(), value.into());
    }

    /// A variable's value; unset and empty are the same (as Go's `os.Getenv` callers treat them).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.vars
            .get(name)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }

    /// The first of `names` that is set.
    pub fn first(&self, names: &[&str]) -> Option<&str> {
        names.iter().find_map(|name| self.get(name))
    }

    /// Every variable, for a program the backend runs (the Azure CLI).
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.vars.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The home directory (`HOME`).
    pub fn home(&self) -> Option<PathBuf> {
        self.get("HOME").map(PathBuf::from)
    }
}

impl std::fmt::Debug for Env {
    /// Names only: values may be credentials.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.vars.keys())
            .entries(
                self.cli_tokens
                    .keys()
                    .map(|host| format!("credentials \"{host}\"")),
            )
            .finish()
    }
}
