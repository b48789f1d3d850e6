//! `FunctionError`: why a function call failed.

/// An error raised by a function body or by argument checking.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FunctionError {
    /// The index of the argument at fault, when one is (errors then read
    /// "Invalid value for \"NAME\" parameter: MESSAGE").
    pub arg_index: Option<usize>,
    /// What went wrong, in plain words, lower case, no trailing period.
    pub message: String,
}

impl FunctionError {
    /// An error about the call as a whole.
    pub fn new(message: impl Into<String>) -> FunctionError {
        FunctionError {
            arg_index: None,
            message: message.into(),
        }
    }

    /// An error about argument `index`.
    pub fn arg(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError {
            arg_index: Some(index),
            message: message.into(),
        }
    }
}
