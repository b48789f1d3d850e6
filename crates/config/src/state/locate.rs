//! Locating state: the workspace (`--workspace`, `TF_WORKSPACE`, `.terraform/environment`) and where its state is (`terraform.tfstate`, `terraform.tfstate.d/NAME/`, `backend "local"`, `--state`, or a remote backend).

use std::path::{Path, PathBuf};

use terrace_functions::{Disk, FileSource};

use super::error::StateError;
use super::model::State;
use super::schema::Schemas;

/// The `backend` block of the module's `terraform` block, as far as state location needs it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Backend {
    /// The backend type: `local`, `s3`, `remote`, ... (`cloud` for a `cloud` block).
    pub kind: String,
    /// `path` of a `local` backend (the default workspace's state file).
    pub path: Option<String>,
    /// `workspace_dir` of a `local` backend (where other workspaces' states are).
    pub workspace_dir: Option<String>,
}

/// What [`locate`] needs to know.
#[derive(Clone, Debug)]
pub struct LocateOptions<'a> {
    /// The configuration directory (the working directory Terraform would run in).
    pub config_dir: &'a Path,
    /// `--state FILE` (as given: a relative path is relative to the process's directory).
    pub state_file: Option<&'a Path>,
    /// `--workspace NAME`.
    pub workspace: Option<&'a str>,
    /// The `TF_WORKSPACE` environment variable.
    pub tf_workspace: Option<&'a str>,
    /// The `TF_DATA_DIR` environment variable (default `.terraform`).
    pub tf_data_dir: Option<&'a str>,
    /// The module's `backend` block, if it has one (none means the default local backend).
    pub backend: Option<&'a Backend>,
    /// Where `.terraform/environment` is read (the disk by default).
    pub files: &'a dyn FileSource,
}

impl Default for LocateOptions<'_> {
    /// The current directory, nothing selected, the default local backend.
    fn default() -> Self {
        LocateOptions {
            config_dir: Path::new("."),
            state_file: None,
            workspace: None,
            tf_workspace: None,
            tf_data_dir: None,
            backend: None,
            files: &Disk,
        }
    }
}

/// Where the selected workspace's name came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkspaceSource {
    /// `--workspace NAME` (terrace's own flag; it wins over everything).
    Flag,
    /// `TF_WORKSPACE`.
    Env,
    /// `.terraform/environment` (what `terraform workspace select` writes).
    EnvironmentFile,
    /// Nothing selected: `default`.
    Default,
}

/// Where the state is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateLocation {
    /// A local state file. It may not exist: then the state is empty (no error).
    File(PathBuf),
    /// A remote backend: no local state to read.
    Remote {
        /// The backend type.
        backend: String,
    },
}

/// The selected workspace and where its state is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The workspace name (`terraform.workspace`).
    pub workspace: String,
    /// Where the name came from.
    pub workspace_source: WorkspaceSource,
    /// Where the state is.
    pub state: StateLocation,
}

/// Picks the workspace and the state file as Terraform does for the configuration in
/// `options.config_dir`.
///
/// The workspace: `--workspace`, else `TF_WORKSPACE` (if not empty), else the trimmed
/// contents of `TF_DATA_DIR/environment` (`.terraform/environment`), else `default`.
/// A name that is not a valid workspace name (empty, or changed by URL path escaping)
/// is an error with Terraform's message.
///
/// The state: `--state FILE` for any workspace and backend; else, for the local
/// backend, its `path` (default `terraform.tfstate`) in the `default` workspace and
/// `WORKSPACE_DIR/NAME/terraform.tfstate` (default `terraform.tfstate.d`) in others,
/// relative to the configuration directory; any other backend is [`StateLocation::Remote`].
///
/// ```
/// use std::path::Path;
/// use terrace_config::state::{LocateOptions, StateLocation, WorkspaceSource, locate};
///
/// # fn main() -> Result<(), terrace_config::state::StateError> {
/// let dir = Path::new("config");
/// let found = locate(&LocateOptions { config_dir: dir, tf_workspace: Some("dev"), ..Default::default() })?;
/// assert_eq!(found.workspace, "dev");
/// assert_eq!(found.workspace_source, WorkspaceSource::Env);
/// assert_eq!(found.state, StateLocation::File(dir.join("terraform.tfstate.d/dev/terraform.tfstate")));
/// # Ok(())
/// # }
/// ```
pub fn locate(options: &LocateOptions<'_>) -> Result<Located, StateError> {
    let (workspace, workspace_source) = select_workspace(options)?;
    let state = match (options.state_file, options.backend) {
        (Some(file), _) => StateLocation::File(file.to_path_buf()),
        (None, Some(backend)) if backend.kind != "local" => StateLocation::Remote {
            backend: backend.kind.clone(),
        },
        (None, backend) => {
            let relative = if workspace == "default" {
                PathBuf::from(
                    backend
                        .and_then(|b| b.path.as_deref())
                        .unwrap_or("terraform.tfstate"),
                )
            } else {
                Path::new(
                    backend
                        .and_then(|b| b.workspace_dir.as_deref())
                        .unwrap_or("terraform.tfstate.d"),
                )
                .join(&workspace)
                .join("terraform.tfstate")
            };
            StateLocation::File(options.config_dir.join(relative))
        }
    };
    Ok(Located {
        workspace,
        workspace_source,
        state,
    })
}

fn select_workspace(options: &LocateOptions<'_>) -> Result<(String, WorkspaceSource), StateError> {
    if let Some(name) = options.workspace {
        if !valid_workspace_name(name) {
            return Err(StateError::Workspace {
                message: format!("invalid workspace name `{name}` given with --workspace"),
            });
        }
        return Ok((name.to_string(), WorkspaceSource::Flag));
    }
    if let Some(name) = options.tf_workspace.filter(|n| !n.is_empty()) {
        if !valid_workspace_name(name) {
            return Err(StateError::Workspace {
                message: "Invalid workspace name set using TF_WORKSPACE".into(),
            });
        }
        return Ok((name.to_string(), WorkspaceSource::Env));
    }
    let data_dir = options
        .config_dir
        .join(options.tf_data_dir.unwrap_or(".terraform"));
    let environment = data_dir.join("environment");
    // Terraform ignores an unreadable environment file (it logs the error).
    let text = super::file::read_if_exists(options.files, &environment)
        .ok()
        .flatten()
        .unwrap_or_default();
    let name = String::from_utf8_lossy(&text).trim().to_string();
    if name.is_empty() {
        return Ok(("default".into(), WorkspaceSource::Default));
    }
    if !valid_workspace_name(&name) {
        return Err(StateError::Workspace {
            message: format!(
                "Invalid workspace name: The selected workspace described in {:?} has an invalid name. This suggests that the file contents were edited by something other than Terraform. To select a different, valid workspace name use commands `terraform workspace select` or `terraform workspace select -or-create`.",
                environment.display().to_string()
            ),
        });
    }
    Ok((name, WorkspaceSource::EnvironmentFile))
}

/// Terraform's rule: not empty, and unchanged by URL path escaping (`url.PathEscape`).
fn valid_workspace_name(name: &str) -> bool {
    !name.is_empty()
        && name.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'-' | b'_' | b'.' | b'~' | b'$' | b'&' | b'+' | b':' | b'=' | b'@'
                )
        })
}

impl Located {
    /// The warning to show once when there is no local state to read (a remote backend).
    pub fn warning(&self) -> Option<String> {
        match &self.state {
            StateLocation::Remote { backend } => Some(format!(
                "the configuration uses the \"{backend}\" backend, which terrace does not read state from. Write a copy with `terraform state pull > state.json` and run terrace with `--state state.json`; until then expressions that read resources are errors"
            )),
            StateLocation::File(_) => None,
        }
    }

    /// Reads the located state: empty for a remote backend or a missing file.
    pub fn read(&self, schemas: &Schemas) -> Result<State, StateError> {
        self.read_from(&Disk, schemas)
    }

    /// [`Located::read`] through `files`.
    pub fn read_from(
        &self,
        files: &dyn FileSource,
        schemas: &Schemas,
    ) -> Result<State, StateError> {
        match &self.state {
            StateLocation::File(path) => State::read_from(files, path, schemas),
            StateLocation::Remote { .. } => Ok(State::empty()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workspace_names() {
        assert!(valid_workspace_name("dev-1_x.y"));
        assert!(!valid_workspace_name(""));
        assert!(!valid_workspace_name("a/b"));
        assert!(!valid_workspace_name("a b"));
        assert!(!valid_workspace_name("a,b") && !valid_workspace_name("é"));
    }

    #[test]
    fn flag_wins_and_backend_paths() {
        let backend = Backend {
            kind: "local".into(),
            path: Some("state/main.tfstate".into()),
            workspace_dir: Some("ws".into()),
        };
        let dir = Path::new("c");
        let options = LocateOptions {
            config_dir: dir,
            workspace: Some("default"),
            tf_workspace: Some("dev"),
            backend: Some(&backend),
            ..Default::default()
        };
        let found = locate(&options).unwrap();
        assert_eq!(found.workspace_source, WorkspaceSource::Flag);
        assert_eq!(
            found.state,
            StateLocation::File(dir.join("state/main.tfstate"))
        );
        let found = locate(&LocateOptions {
            workspace: None,
            ..options.clone()
        })
        .unwrap();
        assert_eq!(
            found.state,
            StateLocation::File(dir.join("ws/dev/terraform.tfstate"))
        );
        let s3 = Backend {
            kind: "s3".into(),
            ..Default::default()
        };
        let found = locate(&LocateOptions {
            backend: Some(&s3),
            ..options.clone()
        })
        .unwrap();
        assert!(
            found
                .warning()
                .unwrap()
                .contains("terraform state pull > state.json")
        );
        let file = Path::new("pulled.json");
        let found = locate(&LocateOptions {
            backend: Some(&s3),
            state_file: Some(file),
            ..options
        })
        .unwrap();
        assert_eq!(found.state, StateLocation::File(file.to_path_buf()));
    }
}
