//! `Secret`: a credential that never shows itself in `Debug` or `Display`.

use std::fmt;

/// A credential (password, key, token, connection string): its text is reachable only
/// through [`Secret::expose`], and its `Debug`/`Display` print `(redacted)`.
///
/// ```
/// use terrace_backend::Secret;
///
/// let key = Secret::new("hunter2");
/// assert_eq!(format!("{key} {key:?}"), "(redacted) Secret((redacted))");
/// assert_eq!(key.expose(), "hunter2");
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Secret(String);

impl Secret {
    /// Wraps a credential.
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// The credential's text, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// True when the credential is the empty string.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret((redacted))")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(redacted)")
    }
}

/// Replaces every occurrence of each non-empty secret in `text` by `(redacted)`: the last
/// guard on a message built from a server's answer or a library's error, which may echo
/// what was sent.
pub(crate) fn scrub(text: &str, secrets: &[&str]) -> String {
    let mut out = text.to_string();
    for secret in secrets.iter().filter(|s| s.len() >= 4) {
        if out.contains(secret) {
            out = out.replace(secret, "(redacted)");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_printed() {
        let secret = Secret::new("AKIA-very-secret");
        assert!(!format!("{secret:?}{secret}").contains("very"));
        assert_eq!(
            scrub("user:AKIA-very-secret@host", &["AKIA-very-secret", ""]),
            "user:(redacted)@host"
        );
    }
}
