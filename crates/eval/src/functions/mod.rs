//! The function library: declarations, the call protocol, and one file per family.

mod args;
mod call;
mod charset;
mod charset_chinese;
mod charset_cjk;
mod charset_japanese;
mod collection;
mod context;
mod control;
mod conversion;
mod crypto;
mod csv;
mod datetime;
mod encoding;
mod error;
mod filesystem;
mod format;
mod glob;
mod go_deflate;
mod go_math;
mod go_panic;
mod go_path;
mod go_time_format;
mod json;
mod network;
mod numeric;
mod opentofu;
mod packer;
mod regex;
mod regex_fold;
mod regex_property;
mod sequence;
mod set;
mod spec;
mod string;
mod table;
mod template;
mod terraform_provider;
#[cfg(test)]
mod test_support;
mod timestamp;
mod yaml;
mod yaml_emit;

pub use call::{CallError, call};
pub use context::CallContext;
pub use error::FunctionError;
pub use opentofu::{OPENTOFU_ONLY_FUNCTIONS, is_opentofu_only, opentofu};
pub use packer::{PACKER_FUNCTION_NAMES, is_packer_function, packer};
pub use spec::{Function, ImplFn, Param, ReturnType, ReturnTypeFn};
pub use table::{FunctionTable, standard};
pub use terraform_provider::add_terraform_provider;

// For the evaluator, which calls `convert(value, type)` itself (see conversion.rs).
#[allow(unused_imports)]
pub(crate) use conversion::call_convert;
pub(crate) use filesystem::read_text_file;
