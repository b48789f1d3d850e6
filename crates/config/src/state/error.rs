//! `StateError`: why a state file (or a schemas file) could not be read, naming the file and, for JSON, the position.

use std::path::PathBuf;

/// Why a state or schemas file could not be used.
///
/// Every variant names the file. Messages start in lower case (but for
/// Terraform's summary, where it gives one: `Unsupported state file format`)
/// and carry no trailing period; Terraform's own sentence follows where it has one.
///
/// ```
/// use terrace_config::state::{Schemas, State};
///
/// let err = State::from_text("state.json", r#"{"version": 5}"#, &Schemas::builtin()).unwrap_err();
/// assert!(err.to_string().starts_with("state.json: Unsupported state file format"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The file exists but could not be read (permissions, I/O error, not UTF-8).
    #[error("{path}: cannot read the state file: {message}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        message: String,
    },
    /// A directory was given where a state file was expected.
    #[error("{path}: is a directory, not a state file")]
    Directory {
        /// The directory.
        path: PathBuf,
    },
    /// A FIFO, socket or device was given: terrace reads only regular files (and never blocks on a FIFO).
    #[error("{path}: is a {kind}, not a regular file; terrace reads state only from regular files")]
    NotRegularFile {
        /// The file.
        path: PathBuf,
        /// `FIFO`, `socket`, `character device`, `block device`.
        kind: &'static str,
    },
    /// The text is not JSON (truncated, invalid syntax).
    #[error("{path}:{line}:{column}: the state file is not valid JSON: {message}")]
    Json {
        /// The file.
        path: PathBuf,
        /// 1-based line of the error.
        line: u32,
        /// 1-based column (in characters) of the error.
        column: u32,
        /// What is wrong.
        message: String,
    },
    /// The state format version is not 4 (or missing, or not a number).
    #[error("{path}: Unsupported state file format: {detail}")]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// Terraform's explanation (`The state file uses format version 5, ...`).
        detail: String,
    },
    /// OpenTofu's encrypted state (`encryption_version`, `meta`, `payload`).
    #[error(
        "{path}: the state is encrypted (OpenTofu state encryption{}); terrace reads only unencrypted state: write a decrypted copy with `tofu state pull > state.json` and pass `--state state.json`",
        key_providers_text(key_providers)
    )]
    Encrypted {
        /// The file.
        path: PathBuf,
        /// The key providers its `meta` names (`key_provider.pbkdf2.main`), which hold
        /// what decrypting it needs.
        key_providers: Vec<String>,
    },
    /// Valid JSON of the wrong shape (a resource without `type`, a bad module address, ...).
    #[error("{path}:{line}:{column}: invalid state: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// 1-based line of the offending value.
        line: u32,
        /// 1-based column of the offending value.
        column: u32,
        /// What is wrong.
        message: String,
    },
    /// The `--schemas` document is unreadable or of the wrong shape.
    #[error("{path}: invalid provider schemas: {message}")]
    Schemas {
        /// The schemas file.
        path: PathBuf,
        /// What is wrong (with a `line:column` when known).
        message: String,
    },
    /// A state Terraform 1.15.5 crashes on when it reads the resource (a `count`
    /// resource with a negative index): wherever Terraform evaluates it, it stops.
    #[error("{path}: Terraform crashes reading this state: {message}")]
    Crash {
        /// The file.
        path: PathBuf,
        /// What Terraform cannot read.
        message: String,
    },
    /// `TF_WORKSPACE`, `--workspace` or `.terraform/environment` names an invalid workspace.
    #[error("{message}")]
    Workspace {
        /// Terraform's message.
        message: String,
    },
}

/// ", with the key provider key_provider.pbkdf2.main" for the encrypted-state error.
fn key_providers_text(key_providers: &[String]) -> String {
    match key_providers {
        [] => String::new(),
        [one] => format!(", with the key provider {one}"),
        many => format!(", with the key providers {}", many.join(", ")),
    }
}
