//! Source files of a configuration directory: which `.tf` and `.tf.json` files form the module, their text and parse.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use terrace_functions::{Disk, FileKind, FileSource};
use terrace_syntax::json::{JsonBody, JsonValue, NOT_TEMPLATE_ARGUMENTS, parse_json_bytes};
use terrace_syntax::{Body, parse_body_bytes};

use super::body::ConfigBody;
use super::diagnostics::ModuleDiagnostic;
pub use super::file_id::FileId;
use super::language::{Language, is_tofu_file};
use terrace_eval::Diagnostic;

/// One loaded file: its path, its text (for rendering diagnostics) and its parse.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as found (the module directory joined with the file name).
    pub path: Arc<Path>,
    /// The text; empty when the file could not be read or is not UTF-8.
    pub text: Arc<str>,
    /// The parsed body (empty for a JSON file).
    pub body: Body,
    /// The JSON value of a JSON-syntax file (`.tf.json`, `.tfvars.json`);
    /// `None` for native syntax or when the JSON is invalid.
    pub json: Option<JsonValue>,
}

/// Whether `path` is in HCL's JSON syntax (its name ends in `.json`).
pub(crate) fn is_json_path(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.to_string_lossy().ends_with(".json"))
}

/// Every file the loader read, indexed by [`FileId`], and the [`FileSource`] it reads
/// them through.
#[derive(Debug)]
pub struct SourceFiles {
    files: Vec<SourceFile>,
    source: Arc<dyn FileSource>,
}

impl Default for SourceFiles {
    /// None read yet; reading from the disk.
    fn default() -> SourceFiles {
        SourceFiles::new(Arc::new(Disk))
    }
}

impl SourceFiles {
    /// None read yet; reading through `source`.
    pub fn new(source: Arc<dyn FileSource>) -> SourceFiles {
        SourceFiles {
            files: Vec::new(),
            source,
        }
    }

    /// What files are read through.
    pub fn source(&self) -> &dyn FileSource {
        &*self.source
    }

    /// Reads and parses `path`, recording parse errors in `diagnostics`; a
    /// name ending in `.json` is read in HCL's JSON syntax (and for
    /// `.tf.json`, every string that is read as a template is checked).
    pub fn load(&mut self, path: &Path, diagnostics: &mut Vec<ModuleDiagnostic>) -> FileId {
        let id = FileId(self.files.len());
        let mut json = None;
        let (text, body) = match self.source.read(path) {
            Ok(bytes) if is_json_path(path) => {
                match parse_json_bytes(&bytes) {
                    Ok(value) => {
                        // Configuration strings are templates: their syntax
                        // errors are reported once, here. `.tfvars.json`
                        // values are literal strings.
                        let is_config = path
                            .file_name()
                            .is_some_and(|n| n.to_string_lossy().ends_with(".tf.json"));
                        if is_config {
                            for error in value.template_errors(NOT_TEMPLATE_ARGUMENTS) {
                                diagnostics
                                    .push(ModuleDiagnostic::new(id, Diagnostic::from(&error)));
                            }
                        }
                        json = Some(value);
                    }
                    Err(error) => {
                        diagnostics.push(ModuleDiagnostic::new(id, Diagnostic::from(&error)));
                    }
                }
                let text = String::from_utf8(bytes).unwrap_or_default();
                (Arc::from(text), Body::default())
            }
            Ok(bytes) => {
                let (body, errors) = parse_body_bytes(&bytes);
                for error in &errors {
                    diagnostics.push(ModuleDiagnostic::new(id, Diagnostic::from(error)));
                }
                let text = String::from_utf8(bytes).unwrap_or_default();
                (Arc::from(text), body)
            }
            Err(error) => {
                diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
                    "Failed to read file",
                    format!("The file {:?} could not be read: {error}.", path.display()),
                    terrace_syntax::Span::default(),
                )));
                (Arc::from(""), Body::default())
            }
        };
        self.files.push(SourceFile {
            path: Arc::from(path),
            text,
            body,
            json,
        });
        id
    }

    /// The body of file `id`, in whichever syntax it is written.
    pub fn body(&self, id: FileId) -> ConfigBody<'_> {
        let file = self.get(id);
        match &file.json {
            Some(value) => ConfigBody::Json {
                body: JsonBody::new(value, &file.text),
                file: id,
            },
            None => ConfigBody::Native {
                body: &file.body,
                file: id,
            },
        }
    }

    /// The file `id`.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0]
    }

    /// All files in load order.
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> + '_ {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i), f))
    }

    /// `file:line,col-col` for a span, as Terraform names a place in a message.
    pub fn place(&self, id: FileId, span: terrace_syntax::Span) -> String {
        let file = self.get(id);
        let name = file.path.file_name().map_or_else(
            || file.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let (line, col) = line_col(&file.text, span.start as usize);
        let (end_line, end_col) = line_col(&file.text, span.end as usize);
        if end_line == line {
            format!("{name}:{line},{col}-{end_col}")
        } else {
            format!("{name}:{line},{col}-{end_line},{end_col}")
        }
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The configuration files of a module directory: primary files and override
/// files (`override.tf`, `*_override.tf`, and their `.tf.json` twins), each
/// in lexical order of names, the two syntaxes mixed.
#[derive(Debug, Default)]
pub struct ModuleFileNames {
    /// Ordinary `.tf` and `.tf.json` files.
    pub primary: Vec<PathBuf>,
    /// Override files, loaded after the primary ones.
    pub overrides: Vec<PathBuf>,
}

/// The regular files directly in `dir` whose names end with `suffix`, sorted
/// (`*.auto.tfvars`, `*.tftest.hcl`); an unreadable directory has none.
pub(crate) fn files_with_suffix(files: &dyn FileSource, dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = files
        .read_dir(dir)
        .into_iter()
        .flatten()
        .map(|e| dir.join(e.name))
        .filter(|p| {
            files.is_file(p)
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().ends_with(suffix))
        })
        .collect();
    paths.sort();
    paths
}

/// Lists the `.tf` and `.tf.json` files directly in `dir` (subdirectories are other
/// modules); in OpenTofu, also its `.tofu` and `.tofu.json` files, where `NAME.tofu`
/// replaces `NAME.tf` and `NAME.tofu.json` replaces `NAME.tf.json` (among primary and
/// among override files alike, as OpenTofu's `filterTfPathsWithTofuAlternatives`).
pub fn module_file_names(
    files: &dyn FileSource,
    dir: &Path,
    language: Language,
) -> std::io::Result<ModuleFileNames> {
    let mut names: Vec<String> = Vec::new();
    for entry in files.read_dir(dir)? {
        if !matches!(entry.kind, FileKind::File | FileKind::Symlink) {
            continue;
        }
        let name = entry.name.to_string_lossy().into_owned();
        let wanted = name.ends_with(".tf")
            || name.ends_with(".tf.json")
            || (language == Language::OpenTofu && is_tofu_file(&name));
        if wanted && !is_ignored(&name) {
            names.push(name);
        }
    }
    names.sort();
    if language == Language::OpenTofu {
        let present = names.clone();
        names.retain(|name| {
            let tofu_twin = name
                .strip_suffix(".tf.json")
                .map(|stem| format!("{stem}.tofu.json"))
                .or_else(|| name.strip_suffix(".tf").map(|stem| format!("{stem}.tofu")));
            tofu_twin.is_none_or(|twin| !present.contains(&twin))
        });
    }
    let mut found = ModuleFileNames::default();
    for name in names {
        let path = dir.join(&name);
        let stem = [".tofu.json", ".tf.json", ".tofu", ".tf"]
            .iter()
            .find_map(|suffix| name.strip_suffix(suffix))
            .unwrap_or(&name);
        if stem == "override" || stem.ends_with("_override") {
            found.overrides.push(path);
        } else {
            found.primary.push(path);
        }
    }
    Ok(found)
}

/// Editor droppings Terraform skips: hidden files and backup or swap files.
fn is_ignored(name: &str) -> bool {
    name.starts_with('.') || name.starts_with('#') || name.ends_with('~')
}
