//! An instance object as read from a state file, before it joins its resource and is typed: what the format-4 reader and the format 1–3 (legacy) reader both produce.

use std::ops::Range;

use super::address::{InstanceKey, ModuleInstance, ResourceMode};
use super::model::{EachMode, ObjectStatus};
use super::sensitive::PathStep;

/// What a resource is, apart from its instances.
pub(super) struct ResourceHead {
    pub(super) module: ModuleInstance,
    pub(super) mode: ResourceMode,
    pub(super) resource_type: String,
    pub(super) name: String,
    pub(super) provider: String,
    pub(super) each: Option<EachMode>,
}

/// One instance as read, before it is typed.
pub(super) struct RawInstance {
    pub(super) key: InstanceKey,
    /// The deposed key, with where it is.
    pub(super) deposed: Option<(String, usize)>,
    pub(super) status: ObjectStatus,
    pub(super) schema_version: u64,
    pub(super) attributes: Range<usize>,
    /// Where the flat attributes are (`attributes_flat`, or formats 1–3's
    /// `primary.attributes`), when the instance has them.
    pub(super) flatmap: Option<Range<usize>>,
    pub(super) sensitive_paths: Vec<Vec<PathStep>>,
    /// Where `identity` is, when it is not `null`.
    pub(super) identity: Option<Range<usize>>,
}
