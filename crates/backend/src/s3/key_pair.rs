//! `Credentials`: the access key pair (and session token) the s3 backend signs with, whatever source gave it.

use crate::secret::Secret;

/// An access key pair, with a session token for temporary credentials.
#[derive(Clone, Debug)]
pub(crate) struct Credentials {
    pub(crate) access_key: String,
    pub(crate) secret_key: Secret,
    pub(crate) session_token: Option<Secret>,
}
