//! Which files form a Packer template: `*.pkr.hcl` and `*.pkr.json` in a
//! directory (or one file), and the `*.auto.pkrvars.hcl` (`.json`) variable
//! files beside them.

use std::path::{Path, PathBuf};

use terrace_functions::{Disk, FileSource};

use crate::module::read::files::files_with_suffix;

/// The template files' suffix.
pub(crate) const TEMPLATE_SUFFIX: &str = ".pkr.hcl";
/// The template files' suffix in JSON syntax.
pub(crate) const JSON_TEMPLATE_SUFFIX: &str = ".pkr.json";
/// Variable files loaded automatically from a template directory.
pub(crate) const AUTO_VARS_SUFFIX: &str = ".auto.pkrvars.hcl";
/// Automatic variable files in JSON syntax.
pub(crate) const JSON_AUTO_VARS_SUFFIX: &str = ".auto.pkrvars.json";

/// True for a file Packer reads as a template (`.pkr.hcl`, `.pkr.json`).
pub fn is_packer_file(path: &Path) -> bool {
    path.file_name().is_some_and(|name| {
        let name = name.to_string_lossy();
        name.ends_with(TEMPLATE_SUFFIX) || name.ends_with(JSON_TEMPLATE_SUFFIX)
    })
}

/// True for a directory to open as a Packer template: it has `*.pkr.hcl`
/// (or `*.pkr.json`) files and no `*.tf` (or `*.tf.json`) files.
pub fn is_packer_dir(dir: &Path) -> bool {
    is_packer_dir_in(&Disk, dir)
}

/// [`is_packer_dir`] through `files` (the disk, or an in-memory
/// [`Overlay`](terrace_functions::Overlay)).
///
/// ```
/// use std::path::Path;
/// use terrace_config::packer::is_packer_dir_in;
/// use terrace_functions::Overlay;
///
/// let files = Overlay::in_memory().with("p/build.pkr.hcl", "");
/// assert!(is_packer_dir_in(&files, Path::new("p")));
/// ```
pub fn is_packer_dir_in(files: &dyn FileSource, dir: &Path) -> bool {
    let has = |suffix: &str| !files_with_suffix(files, dir, suffix).is_empty();
    (has(TEMPLATE_SUFFIX) || has(JSON_TEMPLATE_SUFFIX)) && !has(".tf") && !has(".tf.json")
}

/// The files of a template at `path`.
#[derive(Debug, Default)]
pub(crate) struct TemplateFiles {
    /// The template files, in lexical order.
    pub(crate) config: Vec<PathBuf>,
    /// `*.auto.pkrvars.hcl`, in lexical order (none for a single file).
    pub(crate) auto_vars: Vec<PathBuf>,
    /// The directory: `path` itself, or the file's directory (`path.root`).
    pub(crate) base_dir: PathBuf,
}

/// Lists the template files at `path`, a directory or one file. As Packer
/// does, a single file's directory is not searched for variable files.
pub(crate) fn template_files(files: &dyn FileSource, path: &Path) -> TemplateFiles {
    if files.is_dir(path) {
        // As Packer: the HCL files, then the JSON ones.
        let mut config = files_with_suffix(files, path, TEMPLATE_SUFFIX);
        config.extend(files_with_suffix(files, path, JSON_TEMPLATE_SUFFIX));
        let mut auto_vars = files_with_suffix(files, path, AUTO_VARS_SUFFIX);
        auto_vars.extend(files_with_suffix(files, path, JSON_AUTO_VARS_SUFFIX));
        return TemplateFiles {
            config,
            auto_vars,
            base_dir: path.to_path_buf(),
        };
    }
    let base_dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    TemplateFiles {
        config: vec![path.to_path_buf()],
        auto_vars: Vec::new(),
        base_dir,
    }
}
