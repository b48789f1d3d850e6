//! Phase 1, reading: a module's files (`.tf`, `.tf.json`, `.tofu`, `.tfvars`, the lock and test files) read and parsed, their blocks decoded into a [`ModuleConfig`](module_config::ModuleConfig) with override files merged, and every check Terraform makes when it loads a module. Imports no other phase.

pub(crate) mod body;
pub(crate) mod decode;
pub(crate) mod diagnostics;
pub(crate) mod file_id;
pub(crate) mod files;
pub(crate) mod language;
pub(crate) mod loader;
pub(crate) mod lock_file;
pub(crate) mod module_config;
pub(crate) mod names;
pub(crate) mod options;
pub(crate) mod overrides;
pub(crate) mod reference_syntax;
pub(crate) mod required_providers;
pub(crate) mod static_checks;
pub(crate) mod test_files;
pub(crate) mod version_checks;
pub(crate) mod version_constraint;
