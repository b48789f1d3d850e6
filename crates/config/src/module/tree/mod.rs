//! Phase 4, the module tree: the configuration's directories found (local and installed module sources, sources evaluated early), each module read once per call path. Imports `read`, `inputs`, `references`; never `graph`, `eval` or `explain`.

pub(crate) mod dir_files;
pub(crate) mod discover;
pub(crate) mod installed;
pub(crate) mod load_ctx;
pub(crate) mod module_calls;
pub(crate) mod tree_module;
