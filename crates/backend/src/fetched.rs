//! `Fetched`: a workspace's state as a backend returned it, with where it was read.

/// A workspace's state as the backend holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fetched {
    /// The state's bytes; `None` when the backend holds no state for the workspace (a
    /// missing object or row, an empty object where Terraform takes that for no state).
    pub bytes: Option<Vec<u8>>,
    /// Where it was read, for messages (`s3://bucket/key`, a URL without credentials).
    pub place: String,
}
