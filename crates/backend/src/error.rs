//! `BackendError`: why a backend's state could not be read, naming the backend and the place (bucket, key, URL) and never a credential.

/// What kind of failure a [`BackendError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The settings are missing or wrong (no bucket, a bad URL, an unknown argument value).
    Config,
    /// The server refused the credentials (or there were none).
    Auth,
    /// The bucket, container, database table or workspace does not exist.
    NotFound,
    /// Nothing answered in time: connection refused, no such host, timeout.
    Unreachable,
    /// The server answered with an error.
    Server,
    /// The answer is not what the protocol says (bad XML, a checksum that does not match).
    Invalid,
    /// What terrace does not do (a backend type, workspaces on the http backend).
    Unsupported,
    /// The fetch was cancelled (Ctrl-C).
    Cancelled,
}

/// Why a backend's state (or its workspace list) could not be read.
///
/// The message names the backend and the place and says the cause; it never holds a
/// credential (messages built from a server's answer are scrubbed of the secrets sent).
///
/// ```
/// use terrace_backend::{BackendError, ErrorKind};
///
/// let e = BackendError::new("s3", ErrorKind::Auth, "reading s3://b/k: access denied");
/// assert_eq!(e.to_string(), "the \"s3\" backend: reading s3://b/k: access denied");
/// assert_eq!(e.kind(), ErrorKind::Auth);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the \"{backend}\" backend: {message}")]
pub struct BackendError {
    backend: String,
    kind: ErrorKind,
    message: String,
}

impl BackendError {
    /// An error of backend `backend`.
    pub fn new(backend: &str, kind: ErrorKind, message: impl Into<String>) -> BackendError {
        BackendError {
            backend: backend.to_string(),
            kind,
            message: message.into(),
        }
    }

    /// The backend type.
    pub fn backend(&self) -> &str {
        &self.backend
    }

    /// What kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message without the backend's name.
    pub fn message(&self) -> &str {
        &self.message
    }
}
