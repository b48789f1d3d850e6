//! terrace-functions: Terraform's function library (`upper`, `cidrsubnet`, `jsonencode`, …)
//! as plain Rust functions on `terrace-types` values, with the call protocol HCL drives them
//! by, the OpenTofu and Packer tables, and the one reader of files (`FileSource`).
//!
//! Not for: parsing (`terrace-syntax`), evaluating expressions (`terrace-eval`, which takes a
//! [`FunctionTable`] from here), the special forms the evaluator runs itself (`try`, `can`,
//! `type`, `templatefile`, `templatestring`, `convert`'s type argument), or the built-in
//! provider's `provider::terraform::*` functions (they need the evaluator:
//! `terrace_eval::functions::add_terraform_provider`).
//!
//! Call a function by name, with no evaluator:
//!
//! ```
//! use terrace_functions::{CallContext, call, standard};
//! use terrace_types::Value;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let table = standard();
//! let ctx = CallContext::default();
//! let cidrsubnet = table.get("cidrsubnet").ok_or("no cidrsubnet")?;
//! let args = vec![Value::string("10.0.0.0/16"), Value::int(8), Value::int(2)];
//! let subnet = call(cidrsubnet, &ctx, args).map_err(|e| format!("{e:?}"))?;
//! assert_eq!(subnet.as_str(), Some("10.0.2.0/24"));
//!
//! let jsonencode = table.get("jsonencode").ok_or("no jsonencode")?;
//! let object = Value::object([("subnet", subnet)]);
//! let json = call(jsonencode, &ctx, vec![object]).map_err(|e| format!("{e:?}"))?;
//! assert_eq!(json.as_str(), Some(r#"{"subnet":"10.0.2.0/24"}"#));
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

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
mod file_source;
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
#[cfg(test)]
mod test_support;
mod timestamp;
mod yaml;
mod yaml_emit;

pub use call::{CallError, call};
pub use context::CallContext;
pub use error::FunctionError;
pub use file_source::{DirEntry, Disk, FileKind, FileMeta, FileSource, Overlay};
pub use opentofu::{OPENTOFU_ONLY_FUNCTIONS, is_opentofu_only, opentofu};
pub use packer::{PACKER_FUNCTION_NAMES, is_packer_function, packer};
pub use spec::{Function, ImplFn, Param, ReturnType, ReturnTypeFn};
pub use table::{FunctionTable, standard};

// For the evaluator's special forms: `convert(value, type)` and `templatefile`.
pub use conversion::call_convert;
pub use filesystem::read_text_file;
