//! The s3 backend's resolved settings (`S3`), shared by its requests and the DynamoDB digest check.

use super::credentials::Credentials;
use crate::client::Http;
use crate::error::{BackendError, ErrorKind};
use crate::secret::Secret;

pub(super) const NAME: &str = "s3";

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

impl S3 {
    /// The secrets these settings hold, for scrubbing them from messages.
    pub(super) fn secrets(&self) -> Vec<&str> {
        let mut out = vec![self.credentials.secret_key.expose()];
        out.extend(self.credentials.session_token.iter().map(Secret::expose));
        out.extend(self.sse_customer_key.iter().map(Secret::expose));
        out
    }
}
