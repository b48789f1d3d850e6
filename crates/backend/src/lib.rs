//! Reading Terraform state from remote backends (`s3`, `gcs`, `azurerm`, `http`, `pg`, `remote` and the `cloud` block), read-only: no lock, no write, no cache.
//!
//! Not for: finding the backend block, merging `-backend-config` or parsing the state
//! (`terrace-config` does those and hands plain [`Settings`] here).
//!
//! Every backend reads its settings and the environment variables Terraform 1.15.5's
//! backend reads, fetches the selected workspace's state with GET (S3, GCS, Azure Blob,
//! HTTP) or a plain `SELECT` (PostgreSQL), and returns its bytes. Nothing here opens a
//! socket until [`read_state`] or [`workspaces`] is called. Errors name the backend and
//! the place, never a credential; an unreachable server fails within about 10 s.
//!
//! ```
//! use terrace_backend::{Env, ErrorKind, Setting, Settings, read_state};
//!
//! let mut settings = Settings::new("consul");
//! settings.set("path", Setting::String("tf/state".into()));
//! let err = read_state(&settings, "default", &Env::default()).unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Unsupported);
//! ```

#[cfg(not(target_family = "wasm"))]
mod azurerm;
#[cfg(not(target_family = "wasm"))]
mod client;
mod env;
mod error;
mod fetched;
#[cfg(not(target_family = "wasm"))]
mod gcs;
#[cfg(not(target_family = "wasm"))]
mod http;
#[cfg(not(target_family = "wasm"))]
mod jwt;
#[cfg(not(target_family = "wasm"))]
mod pg;
#[cfg(not(target_family = "wasm"))]
mod s3;
mod secret;
mod settings;
mod stored;
#[cfg(not(target_family = "wasm"))]
mod tfe;
mod workspace_variable;
#[cfg(not(target_family = "wasm"))]
mod xml_text;

pub use env::Env;
pub use error::{BackendError, ErrorKind};
pub use fetched::Fetched;
pub use secret::Secret;
pub use settings::{Setting, Settings, takes_string};
pub use stored::stored_settings;
pub use workspace_variable::WorkspaceVariable;

/// The backend types terrace reads.
pub const READABLE: &[&str] = &["azurerm", "cloud", "gcs", "http", "pg", "remote", "s3"];

/// True when terrace reads state from backends of type `kind`.
///
/// ```
/// assert!(terrace_backend::reads("s3"));
/// assert!(!terrace_backend::reads("consul"));
/// ```
pub fn reads(kind: &str) -> bool {
    READABLE.contains(&kind)
}

/// The CLI workspace the settings pin, whatever `--workspace` says: a `cloud` block's
/// `workspaces { name = ... }` (`terraform.workspace` is then that name). `None` for every
/// other backend.
///
/// ```
/// use std::collections::BTreeMap;
/// use terrace_backend::{Env, Setting, Settings, pinned_workspace};
///
/// let mut settings = Settings::new("cloud");
/// let name = BTreeMap::from([("name".to_string(), Setting::String("core-prod".into()))]);
/// settings.set("workspaces", Setting::Map(name));
/// assert_eq!(pinned_workspace(&settings, &Env::default()).as_deref(), Some("core-prod"));
/// assert_eq!(pinned_workspace(&Settings::new("s3"), &Env::default()), None);
/// ```
pub fn pinned_workspace(settings: &Settings, env: &Env) -> Option<String> {
    #[cfg(not(target_family = "wasm"))]
    return tfe::pinned_workspace(settings, env);
    #[cfg(target_family = "wasm")]
    {
        let _ = (settings, env);
        None
    }
}

/// Reads workspace `workspace`'s state from the backend `settings` describe.
///
/// # Errors
/// A [`BackendError`]: settings missing, credentials refused, server unreachable, a
/// backend type terrace does not read ([`ErrorKind::Unsupported`]).
pub fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    #[cfg(target_family = "wasm")]
    return Err(no_network(settings.kind(), (workspace, env)));
    #[cfg(not(target_family = "wasm"))]
    match settings.kind() {
        "s3" => s3::read_state(settings, workspace, env),
        "gcs" => gcs::read_state(settings, workspace, env),
        "azurerm" => azurerm::read_state(settings, workspace, env),
        "http" => http::read_state(settings, workspace, env),
        "pg" => pg::read_state(settings, workspace, env),
        "cloud" | "remote" => tfe::read_state(settings, workspace, env),
        other => Err(unsupported(other)),
    }
}

/// The backend's workspaces as `terraform workspace list` lists them (`default` first).
///
/// # Errors
/// As [`read_state`].
pub fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    #[cfg(target_family = "wasm")]
    return Err(no_network(settings.kind(), env));
    #[cfg(not(target_family = "wasm"))]
    match settings.kind() {
        "s3" => s3::workspaces(settings, env),
        "gcs" => gcs::workspaces(settings, env),
        "azurerm" => azurerm::workspaces(settings, env),
        "http" => http::workspaces(settings, env),
        "pg" => pg::workspaces(settings, env),
        "cloud" | "remote" => tfe::workspaces(settings, env),
        other => Err(unsupported(other)),
    }
}

/// The input variables the selected workspace holds, as Terraform's console takes them
/// with a `cloud` block: the workspace's variables (and its variable sets') of category
/// "terraform", none when the workspace runs in local execution mode. Every other backend
/// (the `remote` backend too: its console reads no workspace variable) has none.
///
/// ```
/// use terrace_backend::{Env, Settings, workspace_variables};
///
/// let none = workspace_variables(&Settings::new("s3"), "default", &Env::default()).unwrap();
/// assert!(none.is_empty());
/// ```
///
/// # Errors
/// As [`read_state`], for the workspace and its variables.
pub fn workspace_variables(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Vec<WorkspaceVariable>, BackendError> {
    if settings.kind() != "cloud" {
        return Ok(Vec::new());
    }
    #[cfg(target_family = "wasm")]
    return Err(no_network(settings.kind(), (workspace, env)));
    #[cfg(not(target_family = "wasm"))]
    tfe::workspace_variables(settings, workspace, env)
}

/// WebAssembly (the playground) has no sockets: every backend is out of reach there.
#[cfg(target_family = "wasm")]
fn no_network<T>(kind: &str, _unused: T) -> BackendError {
    BackendError::new(
        kind,
        ErrorKind::Unsupported,
        format!(
            "terrace compiled to WebAssembly reads no remote state (\"{kind}\" backend): pass the state itself"
        ),
    )
}

#[cfg(not(target_family = "wasm"))]
fn unsupported(kind: &str) -> BackendError {
    BackendError::new(
        kind,
        ErrorKind::Unsupported,
        format!(
            "terrace does not read state from \"{kind}\" backends (it reads {}): write a copy with `terraform state pull > state.json` and pass `--state state.json`",
            READABLE.join(", ")
        ),
    )
}
