//! `Fetched`: a workspace's state bytes as a backend holds them, and where they were read.

/// A workspace's state as the backend holds it.
///
/// ```
/// let none = terrace_backend::Fetched { bytes: None, place: "s3://acme/net.tfstate".into() };
/// assert!(none.bytes.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fetched {
    /// The state's bytes; `None` when the backend holds no state for the workspace (a
    /// missing object or row, an empty object where Terraform takes that for no state).
    pub bytes: Option<Vec<u8>>,
    /// Where it was read, for messages (`s3://bucket/key`, a URL without credentials).
    pub place: String,
}
