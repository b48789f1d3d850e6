//! Source files of a configuration directory: which `.tf` files form the module, their text and parse.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use terrace_syntax::{Body, parse_body_bytes};

use super::diagnostics::ModuleDiagnostic;
use crate::diagnostic::Diagnostic;

/// Which file of a [`SourceFiles`] table something is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub usize);

/// One loaded file: its path, its text (for rendering diagnostics) and its parse.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as found (the module directory joined with the file name).
    pub path: Arc<Path>,
    /// The text; empty when the file could not be read or is not UTF-8.
    pub text: Arc<str>,
    /// The parsed body.
    pub body: Body,
}

/// Every file the loader read, indexed by [`FileId`].
#[derive(Debug, Default)]
pub struct SourceFiles {
    files: Vec<SourceFile>,
}

impl SourceFiles {
    /// Reads and parses `path`, recording parse errors in `diagnostics`.
    pub fn load(&mut self, path: &Path, diagnostics: &mut Vec<ModuleDiagnostic>) -> FileId {
        let id = FileId(self.files.len());
        let (text, body) = match std::fs::read(path) {
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
        });
        id
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
/// files (`override.tf`, `*_override.tf`), each in lexical order of names.
#[derive(Debug, Default)]
pub struct ModuleFileNames {
    /// Ordinary `.tf` files.
    pub primary: Vec<PathBuf>,
    /// Override files, loaded after the primary ones.
    pub overrides: Vec<PathBuf>,
}

/// The regular files directly in `dir` whose names end with `suffix`, sorted
/// (`*.auto.tfvars`, `*.tftest.hcl`); an unreadable directory has none.
pub(crate) fn files_with_suffix(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().ends_with(suffix))
        })
        .collect();
    paths.sort();
    paths
}

/// Lists the `.tf` files directly in `dir` (subdirectories are other modules).
pub fn module_file_names(dir: &Path) -> std::io::Result<ModuleFileNames> {
    let mut names: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if !entry
            .file_type()
            .is_ok_and(|t| t.is_file() || t.is_symlink())
        {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".tf") && !is_ignored(&name) {
            names.push(name);
        }
    }
    names.sort();
    let mut found = ModuleFileNames::default();
    for name in names {
        let path = dir.join(&name);
        let stem = name.trim_end_matches(".tf");
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
