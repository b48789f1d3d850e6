//! `LoadCtx`: what discovery found, which building the tree and evaluating it read — the files of each module directory, the options, the `.tfvars` files, the early-evaluated sources and the installed modules.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::dir_files::DirFiles;
use super::discover::EarlyScope;
use super::installed::InstalledModules;
use crate::module::read::file_id::FileId;
use crate::module::read::files::SourceFiles;
use crate::module::read::options::LoadOptions;

/// What every module evaluation shares.
pub(crate) struct LoadCtx<'l> {
    pub(crate) files: &'l SourceFiles,
    pub(crate) dirs: &'l BTreeMap<PathBuf, DirFiles>,
    pub(crate) options: &'l LoadOptions,
    pub(crate) cwd: String,
    pub(crate) root_dir: PathBuf,
    pub(crate) tfvars: Vec<FileId>,
    /// The `source` of each `module` block by directory and call name, where OpenTofu
    /// evaluated it early (a literal `source` is read where it stands).
    pub(crate) sources: BTreeMap<(String, String), String>,
    /// OpenTofu's early values of the root module (for its backend settings).
    pub(crate) root_early: Option<EarlyScope>,
    /// The modules `terraform init` installed.
    pub(crate) installed: InstalledModules,
}
