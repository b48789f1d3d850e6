//! `.terraform.lock.hcl`: the providers `terraform init` selected, with versions, constraints and hashes.

use terrace_syntax::Name;

use super::body::{BodySchema, ConfigBody};
use super::diagnostics::ModuleDiagnostic;
use super::files::{FileId, SourceFiles};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_functions::FunctionTable;

/// The dependency lock file.
#[derive(Clone, Debug)]
pub struct LockFile {
    /// The file in the loaded module's files.
    pub file: FileId,
    /// The locked providers, in file order.
    pub providers: Vec<LockedProvider>,
}

/// One `provider "ADDRESS" { ... }` block of the lock file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LockedProvider {
    /// The provider's source address, e.g. `registry.terraform.io/hashicorp/aws`.
    pub address: Name,
    /// The selected version.
    pub version: Option<String>,
    /// The version constraints it was selected under.
    pub constraints: Option<String>,
    /// The package checksums (`h1:...`, `zh:...`).
    pub hashes: Vec<String>,
}

const LOCK_SCHEMA: BodySchema = BodySchema {
    attributes: &[],
    blocks: &[("provider", 1)],
    open: false,
};

const PROVIDER_SCHEMA: BodySchema = BodySchema {
    attributes: &["version", "constraints", "hashes"],
    blocks: &[],
    open: false,
};

impl LockFile {
    /// Reads the lock file `id` (already parsed into `files`).
    pub(crate) fn read(
        files: &SourceFiles,
        id: FileId,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) -> LockFile {
        let body = ConfigBody::Native {
            body: &files.get(id).body,
            file: id,
        };
        let (content, found) = body.content(&LOCK_SCHEMA);
        diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
        // Lock file values are constants, which call no function.
        let evaluator = Evaluator::with_functions(FunctionTable::default());
        let mut providers = Vec::new();
        for block in content.blocks {
            let (inner, found) = block.body.content(&PROVIDER_SCHEMA);
            diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
            let mut provider = LockedProvider {
                address: block
                    .labels
                    .first()
                    .map_or_else(|| Name::from(""), |(n, _)| n.clone()),
                ..LockedProvider::default()
            };
            for attr in inner.attributes {
                let value = match evaluator.eval_constant(&attr.expr) {
                    Ok(value) => value,
                    Err(found) => {
                        diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(id, d)));
                        continue;
                    }
                };
                let text = value.as_str().map(str::to_string);
                match &*attr.name {
                    "version" => provider.version = text,
                    "constraints" => provider.constraints = text,
                    _ => {
                        let hashes: Option<Vec<String>> = value.as_seq().map(|elems| {
                            elems
                                .iter()
                                .filter_map(|e| e.as_str().map(str::to_string))
                                .collect()
                        });
                        match hashes {
                            Some(hashes) => provider.hashes = hashes,
                            None => diagnostics.push(ModuleDiagnostic::new(
                                id,
                                Diagnostic::error(
                                    "Invalid provider hashes",
                                    "The \"hashes\" argument must be a list of strings.",
                                    attr.expr.span,
                                ),
                            )),
                        }
                    }
                }
            }
            providers.push(provider);
        }
        LockFile {
            file: id,
            providers,
        }
    }
}
