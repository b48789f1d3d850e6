//! Phase 7, explanation: what the console says about a loaded module — `:why`/`:deps --all` chains and the `:vars`, `:outputs`, `:blocks` and `:providers` text. The last phase: nothing imports it but the module's facade and the Packer loader.

pub(crate) mod render;
pub(crate) mod validate;
pub(crate) mod why;
