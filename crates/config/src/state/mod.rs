//! Terraform state, read only: locating the state file of a configuration and
//! workspace, reading state format version 4 (Terraform 0.12+, unencrypted
//! OpenTofu), typing instances with provider schemas, sensitive marks, and the
//! text of `terraform state list`, `terraform state show` and root outputs.
//!
//! Not for: evaluating expressions against state (the module loader puts
//! [`ResourceInstance`] values in scope), printing (the console does).
//!
//! ```
//! use terrace_config::state::{ModuleInstance, ResourceMode, Schemas, State, state_list};
//!
//! # fn main() -> Result<(), terrace_config::state::StateError> {
//! let text = r#"{"version": 4, "terraform_version": "1.15.5", "serial": 1, "lineage": "x",
//!   "outputs": {}, "resources": [{"mode": "managed", "type": "terraform_data", "name": "n",
//!     "provider": "provider[\"terraform.io/builtin/terraform\"]",
//!     "instances": [{"index_key": 0, "schema_version": 0, "attributes": {"id": "a",
//!       "input": {"value": "x", "type": "string"}, "output": {"value": "x", "type": "string"},
//!       "triggers_replace": null}, "sensitive_attributes": []}]}]}"#;
//! let state = State::from_text("terraform.tfstate", text, &Schemas::builtin())?;
//! assert_eq!(state_list(&state, None), "terraform_data.n[0]\n");
//! let n = state.resource(&ModuleInstance::root(), ResourceMode::Managed, "terraform_data", "n");
//! let value = n.unwrap().instances()[0].current().unwrap().value()?;
//! assert_eq!(terrace_types::format_value(&value.get_attr("output").unwrap()), "\"x\"");
//! # Ok(())
//! # }
//! ```

mod address;
mod check_results;
mod cty_json;
mod error;
mod file;
mod flatmap;
mod go_json;
mod legacy;
mod locate;
mod model;
mod raw;
mod read;
mod render;
mod scanner;
mod schema;
mod sensitive;
mod show_error;

pub use address::{InstanceKey, ModuleInstance, ModuleStep, ResourceInstanceAddr, ResourceMode};
pub use error::StateError;
pub use locate::{Backend, LocateOptions, Located, StateLocation, WorkspaceSource, locate};
pub use model::{
    EachMode, InstanceObject, ObjectStatus, Output, Resource, ResourceInstance, State,
};
pub use render::{outputs_text, state_list, state_show};
pub(crate) use schema::member;
pub use schema::{Attribute, BUILTIN_PROVIDER, Block, NestedBlock, Nesting, Schemas};
pub use sensitive::PathStep;
pub use show_error::ShowError;
