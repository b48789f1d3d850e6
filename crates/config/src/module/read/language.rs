//! Which language a configuration is read as: Terraform's, or OpenTofu's (its `.tofu` files, its functions, its early evaluation of module sources).

use std::path::Path;

use terrace_functions::{Disk, FileSource, FunctionTable, opentofu, standard};

/// The language of a configuration.
///
/// ```
/// use terrace_config::module::Language;
///
/// assert_eq!(Language::default(), Language::Terraform);
/// assert_eq!(Language::OpenTofu.name(), "OpenTofu");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    /// Terraform 1.15 (the default).
    #[default]
    Terraform,
    /// OpenTofu 1.12: `.tofu` and `.tofu.json` files (preferred to a `.tf` file of the
    /// same name), its function table, and variables and locals in a `module` block's
    /// `source` and a local backend's settings.
    OpenTofu,
}

impl Language {
    /// OpenTofu when `dir` holds a `.tofu` or `.tofu.json` file, as `tofu` itself
    /// would be the tool for it; `None` otherwise (or when it cannot be read).
    pub fn detect(dir: &Path) -> Option<Language> {
        Language::detect_in(&Disk, dir)
    }

    /// [`Language::detect`] through `files` (the disk, or an in-memory
    /// [`Overlay`](terrace_functions::Overlay)).
    ///
    /// ```
    /// use std::path::Path;
    /// use terrace_config::module::Language;
    /// use terrace_functions::Overlay;
    ///
    /// let files = Overlay::in_memory().with("m/main.tofu", "");
    /// assert_eq!(Language::detect_in(&files, Path::new("m")), Some(Language::OpenTofu));
    /// ```
    pub fn detect_in(files: &dyn FileSource, dir: &Path) -> Option<Language> {
        let entries = files.read_dir(dir).ok()?;
        entries
            .into_iter()
            .any(|entry| {
                let name = entry.name.to_string_lossy();
                is_tofu_file(&name) && !name.starts_with('.')
            })
            .then_some(Language::OpenTofu)
    }

    /// `Terraform` or `OpenTofu`.
    pub fn name(self) -> &'static str {
        match self {
            Language::Terraform => "Terraform",
            Language::OpenTofu => "OpenTofu",
        }
    }

    /// The built-in functions of the language.
    pub fn functions(self) -> FunctionTable {
        match self {
            Language::Terraform => standard(),
            Language::OpenTofu => opentofu(),
        }
    }
}

/// True for `NAME.tofu` and `NAME.tofu.json`.
pub(crate) fn is_tofu_file(name: &str) -> bool {
    name.ends_with(".tofu") || name.ends_with(".tofu.json")
}
