//! `.tftest.hcl` files of a module and of its `tests/` directory: parsed, with their `run` blocks counted.

use std::path::Path;

use super::diagnostics::ModuleDiagnostic;
use super::files::{FileId, SourceFiles, files_with_suffix};

/// One test file.
#[derive(Clone, Debug)]
pub struct TestFile {
    /// The file in the loaded module's files (its parse errors are among the diagnostics).
    pub file: FileId,
    /// The names of its `run` blocks, in order.
    pub runs: Vec<String>,
}

impl TestFile {
    /// Loads `DIR/*.tftest.hcl` and `DIR/tests/*.tftest.hcl`, each in lexical order.
    pub(crate) fn load_all(
        dir: &Path,
        files: &mut SourceFiles,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) -> Vec<TestFile> {
        let mut found = Vec::new();
        for folder in [dir.to_path_buf(), dir.join("tests")] {
            let paths = files_with_suffix(files.source(), &folder, ".tftest.hcl");
            for path in paths {
                let file = files.load(&path, diagnostics);
                let runs = files
                    .get(file)
                    .body
                    .blocks()
                    .filter(|b| b.block_type.as_str() == "run")
                    .map(|b| {
                        b.labels
                            .first()
                            .map_or_else(String::new, |l| l.value.to_string())
                    })
                    .collect();
                found.push(TestFile { file, runs });
            }
        }
        found
    }
}
