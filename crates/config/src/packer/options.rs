//! `PackerOptions`: what the Packer loader is given besides the template — `--var`, `--var-file`, `PKR_VAR_` variables, the working directory — and the Packer version it follows.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use terrace_functions::{Disk, FileSource};

/// The Packer version `packer.version` reports: the version of Packer's
/// sources terrace follows.
pub const PACKER_VERSION: &str = "1.16.0";

/// Where input variable values come from besides the template, and the
/// environment the loader reads (injected, so tests do not depend on the process).
#[derive(Clone, Debug)]
pub struct PackerOptions {
    /// Where the template, its variable files and what `file()` reads come from:
    /// [`Disk`] by default, or an [`Overlay`](terrace_functions::Overlay).
    pub files: Arc<dyn FileSource>,
    /// `--var NAME=VALUE` assignments, in command-line order (applied last).
    pub vars: Vec<(String, String)>,
    /// `--var-file FILE` paths, in command-line order (applied before `vars`).
    pub var_files: Vec<PathBuf>,
    /// Environment variables: the `PKR_VAR_name` values.
    pub env: BTreeMap<String, String>,
    /// The value of `path.cwd`; `None` uses the process's working directory.
    pub cwd: Option<PathBuf>,
}

impl Default for PackerOptions {
    fn default() -> PackerOptions {
        PackerOptions {
            files: Arc::new(Disk),
            vars: Vec::new(),
            var_files: Vec::new(),
            env: BTreeMap::new(),
            cwd: None,
        }
    }
}

impl PackerOptions {
    /// Options with the `PKR_VAR_*` variables of this process.
    pub fn from_process_env() -> PackerOptions {
        let env = std::env::vars()
            .filter(|(name, _)| name.starts_with("PKR_VAR_"))
            .collect();
        PackerOptions {
            env,
            ..PackerOptions::default()
        }
    }
}
