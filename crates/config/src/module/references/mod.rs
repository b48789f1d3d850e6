//! Phase 3, references: what each expression of a module refers to — resource keys, the reference walk, the attribute paths read from resources. Imports only `read`.

pub(crate) mod attribute_paths;
pub(crate) mod dependencies;
