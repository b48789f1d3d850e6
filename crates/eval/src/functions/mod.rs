//! The function library: declarations, the call protocol, and one file per family.

mod call;
mod context;
mod error;
mod spec;
mod table;

pub use call::{CallError, call};
pub use context::CallContext;
pub use error::FunctionError;
pub use spec::{Function, ImplFn, Param, ReturnType, ReturnTypeFn};
pub use table::{FunctionTable, standard};
