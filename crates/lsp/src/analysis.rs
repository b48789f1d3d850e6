//! One root configuration loaded from the editor's texts: a Terraform (or OpenTofu) module
//! with its local child modules, or a Packer template, and the questions asked of it.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use terrace_config::module::{
    Language, LoadOptions, LoadedModule, ModuleDiagnostic, ModuleInstance, SourceFiles, load_module,
};
use terrace_config::packer::{LoadedTemplate, PackerOptions, is_packer_dir_in, load_template};
use terrace_eval::{Evaluator, Scope};
use terrace_functions::FileSource;
use terrace_syntax::Expr;

/// How long one expression of a configuration may evaluate while it loads; a slower one is
/// stopped, its value is unknown and its hover says "still evaluating".
pub const EVAL_BUDGET: Duration = Duration::from_secs(3);

/// The summary of the error an evaluation stopped by [`EVAL_BUDGET`] (or an interrupt)
/// ends with.
pub const INTERRUPTED: &str = "Evaluation interrupted";

/// What was loaded.
#[derive(Debug)]
pub enum Config {
    /// A Terraform or OpenTofu module.
    Module(Box<LoadedModule>),
    /// A Packer template.
    Packer(Box<LoadedTemplate>),
}

/// A root configuration loaded at one moment of the editor's texts.
#[derive(Debug)]
pub struct Analysis {
    /// The root directory.
    pub root: PathBuf,
    /// The configuration.
    pub config: Config,
    /// Which state of the open documents it was loaded from (larger is newer).
    pub generation: u64,
}

/// A module instance in which an expression of a directory is evaluated.
pub struct Place<'a> {
    /// How the root reaches it: empty for the root, `module.vpc`, `module.a["x"].module.b`.
    pub label: String,
    /// The instance.
    pub instance: &'a ModuleInstance,
}

/// A path with `.` steps dropped and `..` applied, without touching the disk.
///
/// ```
/// use std::path::Path;
/// use terrace_lsp::analysis::clean;
/// assert_eq!(clean(Path::new("/a/./b/../c")), Path::new("/a/c"));
/// ```
pub fn clean(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

impl Analysis {
    /// Load the configuration in `root`, reading through `files` (the editor's texts over
    /// the disk).
    pub fn load(root: &Path, files: Arc<dyn FileSource>, generation: u64) -> Analysis {
        let config = if is_packer_dir_in(&*files, root) {
            let mut options = PackerOptions::from_process_env();
            options.files = files;
            Config::Packer(Box::new(load_template(root, &options)))
        } else {
            let mut options = LoadOptions::from_process_env();
            options.language = Language::detect_in(&*files, root).unwrap_or_default();
            options.files = files;
            options.eval_budget = Some(EVAL_BUDGET);
            Config::Module(Box::new(load_module(root, &options)))
        };
        Analysis {
            root: root.to_path_buf(),
            config,
            generation,
        }
    }

    /// Every file read.
    pub fn files(&self) -> &SourceFiles {
        match &self.config {
            Config::Module(module) => module.files(),
            Config::Packer(template) => template.files(),
        }
    }

    /// Errors and warnings of the load, as `terraform validate` reports them (`packer
    /// validate`: the template's own).
    pub fn diagnostics(&self) -> Vec<ModuleDiagnostic> {
        match &self.config {
            Config::Module(module) => module.validate_diagnostics(),
            Config::Packer(template) => template.diagnostics().to_vec(),
        }
    }

    /// True when some expression of the configuration ran past [`EVAL_BUDGET`] while it
    /// loaded: its value is unknown because it was stopped, not because of the plan.
    pub fn interrupted(&self) -> bool {
        match &self.config {
            Config::Module(module) => module
                .diagnostics()
                .iter()
                .any(|found| found.diagnostic.summary == INTERRUPTED),
            Config::Packer(_) => false,
        }
    }

    /// True when the configuration itself has errors: its values are then not to be trusted.
    pub fn has_configuration_errors(&self) -> bool {
        match &self.config {
            Config::Module(module) => module.has_configuration_errors(),
            Config::Packer(template) => template.has_configuration_errors(),
        }
    }

    /// The module, when the root is one.
    pub fn module(&self) -> Option<&LoadedModule> {
        match &self.config {
            Config::Module(module) => Some(module),
            Config::Packer(_) => None,
        }
    }

    /// The Packer template, when the root is one.
    pub fn packer(&self) -> Option<&LoadedTemplate> {
        match &self.config {
            Config::Packer(template) => Some(template),
            Config::Module(_) => None,
        }
    }

    /// The instances of the module in `dir`: the root, or each instance of each call of it.
    pub fn places(&self, dir: &Path) -> Vec<Place<'_>> {
        let mut out = Vec::new();
        if let Some(module) = self.module() {
            let dir = clean(dir);
            collect_places(module.root(), String::new(), &dir, &mut out, 0);
        }
        out
    }

    /// True when a file of `dir` belongs to this configuration.
    pub fn covers(&self, dir: &Path) -> bool {
        match &self.config {
            Config::Module(_) => !self.places(dir).is_empty(),
            Config::Packer(_) => clean(dir) == clean(&self.root),
        }
    }

    /// An evaluator for expressions of `dir`, stopping when `interrupt` is set.
    pub fn evaluator(&self, dir: &Path, interrupt: Option<Arc<AtomicBool>>) -> Evaluator {
        let mut evaluator = Evaluator::new();
        match &self.config {
            Config::Module(module) => *evaluator.functions_mut() = module.functions(),
            Config::Packer(_) => {
                *evaluator.functions_mut() =
                    terrace_config::module::Language::Terraform.functions();
            }
        }
        evaluator.context_mut().base_dir = dir.to_path_buf();
        evaluator.set_interrupt(interrupt);
        evaluator
    }

    /// The scope for `expr` in `place` (its resources opened for what it reads); a Packer
    /// template's scope when there is no module.
    pub fn scope_for(&self, place: Option<&Place<'_>>, expr: &Expr) -> Option<Scope> {
        match (&self.config, place) {
            (Config::Module(_), Some(place)) => Some(place.instance.scope_for(expr)),
            (Config::Packer(template), _) => Some(template.scope().clone()),
            (Config::Module(_), None) => None,
        }
    }
}

/// Depth limit of the module tree walk (a cycle is refused by the loader; this is a guard).
const MAX_DEPTH: usize = 64;

fn collect_places<'a>(
    instance: &'a ModuleInstance,
    label: String,
    dir: &Path,
    out: &mut Vec<Place<'a>>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    if clean(&instance.dir) == dir {
        out.push(Place {
            label: label.clone(),
            instance,
        });
    }
    for call in &instance.module_calls {
        for (key, child) in &call.instances {
            let mut child_label = if label.is_empty() {
                String::new()
            } else {
                format!("{label}.")
            };
            child_label.push_str(&format!("module.{}{}", call.name, key_suffix(key)));
            collect_places(child, child_label, dir, out, depth + 1);
        }
    }
}

fn key_suffix(key: &terrace_config::module::InstanceKey) -> String {
    use terrace_config::module::InstanceKey;
    match key {
        InstanceKey::None => String::new(),
        InstanceKey::Index(n) => format!("[{n}]"),
        InstanceKey::Key(k) => format!("[{}]", terrace_types::quote(k)),
    }
}
