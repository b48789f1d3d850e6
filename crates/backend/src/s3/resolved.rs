//! The s3 backend's resolved settings (`S3`) and its errors, below both the reads (`mod.rs`) and the DynamoDB digest check (`digest.rs`).

use crate::client::Http;
use crate::error::{BackendError, ErrorKind};
use crate::secret::Secret;

use super::key_pair::Credentials;

pub(super) const NAME: &str = "s3";

/// An error of the s3 backend.
pub(super) fn error(kind: ErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::new(NAME, kind, message)
}

/// The s3 backend's resolved settings.
pub(super) struct S3 {
    pub(super) bucket: String,
    pub(super) key: String,
    pub(super) region: String,
    pub(super) endpoint: String,
    pub(super) path_style: bool,
    pub(super) workspace_key_prefix: String,
    pub(super) dynamodb_table: Option<String>,
    pub(super) dynamodb_endpoint: String,
    pub(super) sse_customer_key: Option<Secret>,
    pub(super) credentials: Credentials,
    pub(super) http: Http,
}
