//! Phase 6, evaluation: the graph's nodes evaluated in order for every module instance — variables, locals, resources (from the state when there is one), module calls, outputs — into a [`ModuleInstance`](module_instance::ModuleInstance) and its scope. Never imports `explain`.

pub(crate) mod backend_settings;
pub(crate) mod builtin_schemas;
pub(crate) mod cli_credentials;
pub(crate) mod evaluated_body;
pub(crate) mod instance_key;
pub(crate) mod module_instance;
pub(crate) mod outputs;
pub(crate) mod provider_configs;
pub(crate) mod resources;
pub(crate) mod state_values;
pub(crate) mod walk;
