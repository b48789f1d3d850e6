//! `LoadOptions`: what the loader is given besides the directory — the files to read through, `--var`, `--var-file`, the environment, the state file, the workspace, the schemas and the language.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use terrace_functions::{Disk, FileSource};

use super::language::Language;

/// Where input variable values come from besides the configuration, and the
/// environment the loader reads (injected, so tests do not depend on the process).
///
/// Every file the loader reads — configuration, `.tfvars`, `--var-file`, the lock file,
/// `.terraform/modules/modules.json`, `.terraform/environment`, the state, `--schemas`,
/// and what `file()`, `templatefile()` and `fileset()` read — comes through
/// [`LoadOptions::files`]: the disk by default, or an
/// [`Overlay`](terrace_functions::Overlay) of editor buffers or a whole module in
/// memory.
///
/// ```
/// use std::path::Path;
/// use std::sync::Arc;
/// use terrace_config::module::{LoadOptions, load_module};
/// use terrace_functions::Overlay;
///
/// let files = Overlay::in_memory()
///     .with("app/main.tf", "variable \"name\" {}\nlocals { greeting = \"Hello, ${var.name}\" }\n")
///     .with("app/terraform.tfvars", "name = \"world\"\n");
/// let options = LoadOptions { files: Arc::new(files), ..LoadOptions::default() };
/// let module = load_module(Path::new("app"), &options);
/// let value = terrace_eval::eval_str("local.greeting", module.scope()).map_err(|e| format!("{e:?}"))?;
/// assert_eq!(value.as_str(), Some("Hello, world"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Where every file is read: [`Disk`] by default.
    pub files: Arc<dyn FileSource>,
    /// `--var NAME=VALUE` assignments, in command-line order.
    pub vars: Vec<(String, String)>,
    /// `--var-file FILE` paths, in command-line order.
    pub var_files: Vec<PathBuf>,
    /// For each of `vars`, how many of `var_files` come before it on the command line:
    /// Terraform applies both in command-line order, a later one winning. When shorter than
    /// `vars`, the rest come after every file.
    pub var_order: Vec<usize>,
    /// Environment variables: `TF_VAR_name` values and `TF_WORKSPACE`.
    pub env: BTreeMap<String, String>,
    /// The value of `path.cwd`; `None` uses the root module directory made absolute.
    pub cwd: Option<PathBuf>,
    /// `--state FILE`: the state to read instead of the workspace's (a missing file is
    /// an empty state, as Terraform's `-state`).
    pub state_file: Option<PathBuf>,
    /// `--workspace NAME`: the workspace, over `TF_WORKSPACE` and `.terraform/environment`.
    pub workspace_flag: Option<String>,
    /// `--schemas FILE`: provider schemas (`terraform providers schema -json`) that type
    /// the state's resources.
    pub schemas: Option<PathBuf>,
    /// Terraform's language or OpenTofu's.
    pub language: Language,
    /// `--backend-config KEY=VALUE` or `--backend-config FILE` items, in command-line order
    /// (as `terraform init -backend-config`): a remote backend's settings over the block's.
    pub backend_config: Vec<String>,
    /// Set (by Ctrl-C) to stop fetching a remote backend's state: the fetch then fails
    /// with "cancelled" and the configuration loads without that state.
    pub interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// How long one expression of the configuration may evaluate (see
    /// [`Evaluator::set_budget`](terrace_eval::Evaluator::set_budget)); past it, its value
    /// is unknown with an "Evaluation interrupted" error. `None` (the console): no limit.
    /// The language server sets it, so one slow local cannot hold the whole load.
    pub eval_budget: Option<std::time::Duration>,
}

impl Default for LoadOptions {
    fn default() -> LoadOptions {
        LoadOptions {
            files: Arc::new(Disk),
            vars: Vec::new(),
            var_files: Vec::new(),
            var_order: Vec::new(),
            env: BTreeMap::new(),
            cwd: None,
            state_file: None,
            workspace_flag: None,
            schemas: None,
            language: Language::default(),
            backend_config: Vec::new(),
            interrupt: None,
            eval_budget: None,
        }
    }
}

impl LoadOptions {
    /// Options with the `TF_VAR_*`, `TF_WORKSPACE` and `TF_DATA_DIR` variables of this process.
    pub fn from_process_env() -> LoadOptions {
        let env = std::env::vars()
            .filter(|(name, _)| {
                name.starts_with("TF_VAR_") || name == "TF_WORKSPACE" || name == "TF_DATA_DIR"
            })
            .collect();
        LoadOptions {
            env,
            ..LoadOptions::default()
        }
    }

    /// The workspace selected by the options alone (`--workspace`, else
    /// `TF_WORKSPACE`, else `default`); a loaded module also reads
    /// `.terraform/environment` ([`LoadedModule::workspace`](crate::module::LoadedModule::workspace)).
    pub fn workspace(&self) -> &str {
        self.workspace_flag
            .as_deref()
            .or_else(|| self.env.get("TF_WORKSPACE").map(String::as_str))
            .filter(|name| !name.is_empty())
            .unwrap_or("default")
    }
}
