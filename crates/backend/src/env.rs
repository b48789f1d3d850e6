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
}

impl Env {
    /// This process's environment.
    pub fn from_process() -> Env {
        Env {
            vars: std::env::vars_os()
                .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
                .collect(),
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
        }
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

    /// The home directory (`HOME`).
    pub fn home(&self) -> Option<PathBuf> {
        self.get("HOME").map(PathBuf::from)
    }
}

impl std::fmt::Debug for Env {
    /// Names only: values may be credentials.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.vars.keys()).finish()
    }
}
