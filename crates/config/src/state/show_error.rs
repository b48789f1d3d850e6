//! `ShowError`: why `:show ADDRESS` (`state_show`) shows nothing: the address, or the instance's data.

use super::error::StateError;

/// Why [`state_show`](super::state_show) could not show an instance.
///
/// ```
/// use terrace_config::state::{Schemas, ShowError, State, state_show};
///
/// let state = State::from_text("s.json", r#"{"version": 4, "resources": []}"#, &Schemas::builtin()).unwrap();
/// let error = state_show(&state, "not an address").unwrap_err();
/// assert!(matches!(error, ShowError::InvalidAddress(_)));
/// assert_eq!(error.summary(), "Invalid address");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShowError {
    /// The text is not the address of one resource instance (Terraform's message).
    #[error("{0}")]
    InvalidAddress(String),
    /// The instance is in the state, but its data cannot be decoded.
    #[error(transparent)]
    InvalidData(StateError),
}

impl ShowError {
    /// The diagnostic's summary: `Invalid address`, or `Invalid resource instance data in
    /// state` as a reference to the same instance reports it.
    pub fn summary(&self) -> &'static str {
        match self {
            ShowError::InvalidAddress(_) => "Invalid address",
            ShowError::InvalidData(_) => "Invalid resource instance data in state",
        }
    }
}
