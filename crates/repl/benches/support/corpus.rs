//! Where the repl's benches find the real-world corpus: `$TERRACE_FMT_CORPUS`, else
//! `../shared/corpus/real-world` beside the project, else the project's `tests/data/corpus`.

use std::path::{Path, PathBuf};

/// The corpus directory the benches read.
pub fn corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TERRACE_FMT_CORPUS") {
        return PathBuf::from(dir);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = root.join("../shared/corpus/real-world");
    if shared.is_dir() {
        shared
    } else {
        root.join("tests/data/corpus")
    }
}
