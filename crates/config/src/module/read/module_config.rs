//! `ModuleConfig` and `BlockConfig`: a module's configuration as the loader reads it, the model the load-time checks and every later phase take.

use std::collections::{BTreeMap, HashMap};

use terrace_syntax::{Name, Span};

use super::body::{ConfigAttr, ConfigBlock};
use super::file_id::FileId;
use super::language::Language;

/// A top-level block with its content read (and overrides merged in).
#[derive(Clone, Debug)]
pub struct BlockConfig<'a> {
    /// `variable`, `output`, `resource`, `data`, `module`, ...
    pub block_type: Name,
    /// The labels.
    pub labels: Vec<(Name, Span)>,
    /// The block header's span.
    pub def_span: Span,
    /// The body's `{`, where a missing required argument is reported.
    pub missing_item_span: Span,
    /// The file of the original block.
    pub file: FileId,
    /// The arguments.
    pub attrs: Vec<ConfigAttr<'a>>,
    /// The nested blocks (for resources, without `lifecycle`).
    pub blocks: Vec<ConfigBlock<'a>>,
    /// A resource's `lifecycle` arguments, merged argument by argument.
    pub lifecycle: Vec<ConfigAttr<'a>>,
    /// The override blocks merged into this one: file and header span.
    pub overrides: Vec<(FileId, Span)>,
}

impl<'a> BlockConfig<'a> {
    /// The argument called `name`.
    pub fn attr(&self, name: &str) -> Option<&ConfigAttr<'a>> {
        self.attrs.iter().find(|attr| &*attr.name == name)
    }

    /// The first label (the name of a variable, output or module call).
    pub fn name(&self) -> &str {
        self.labels.first().map_or("", |(name, _)| name)
    }

    /// The nested blocks of type `block_type`.
    pub fn blocks_of<'s>(
        &'s self,
        block_type: &'s str,
    ) -> impl Iterator<Item = &'s ConfigBlock<'a>> + 's {
        self.blocks
            .iter()
            .filter(move |b| &*b.block_type == block_type)
    }
}

/// A module's whole configuration, every file merged.
#[derive(Debug, Default)]
pub struct ModuleConfig<'a> {
    /// `variable` blocks in declaration order.
    pub variables: Vec<BlockConfig<'a>>,
    /// Local values from every `locals` block.
    pub locals: Vec<ConfigAttr<'a>>,
    /// `output` blocks.
    pub outputs: Vec<BlockConfig<'a>>,
    /// `resource` and `data` blocks.
    pub resources: Vec<BlockConfig<'a>>,
    /// `module` blocks.
    pub module_calls: Vec<BlockConfig<'a>>,
    /// `provider` blocks (several per provider with `alias`).
    pub providers: Vec<BlockConfig<'a>>,
    /// The merged `terraform` blocks.
    pub terraform: TerraformConfig<'a>,
    /// Where each block read so far is, by type and labels, and each local
    /// by name: duplicate checks and override files look definitions up
    /// here instead of scanning (a generated configuration may hold
    /// thousands of resources).
    pub(super) index: DefinitionIndex,
    /// The language the module is read in (names and blocks only one of them allows).
    pub(super) language: Language,
}

/// Positions of the definitions read so far, in their kind's list.
#[derive(Debug, Default)]
pub(super) struct DefinitionIndex {
    pub(super) blocks: HashMap<(Name, Vec<Name>), usize>,
    pub(super) locals: HashMap<Name, usize>,
    /// Each static `import` address, with where its block is.
    pub(super) imports: HashMap<String, (FileId, Span)>,
}

/// What the `terraform` blocks say.
#[derive(Debug, Default)]
pub struct TerraformConfig<'a> {
    /// `required_version`.
    pub required_version: Option<ConfigAttr<'a>>,
    /// `required_providers`, provider by provider.
    pub required_providers: BTreeMap<Name, ConfigAttr<'a>>,
    /// The `backend` or `cloud` block.
    pub backend: Option<ConfigBlock<'a>>,
    /// Where the first `required_providers`, `backend` and `cloud` blocks of the primary
    /// files are (a module has one of each, and not both of the last two).
    pub(super) first_blocks: FirstBlocks,
}

/// See [`TerraformConfig::first_blocks`].
#[derive(Debug, Default)]
pub(super) struct FirstBlocks {
    pub(super) required_providers: Option<(FileId, Span)>,
    pub(super) backend: Option<(FileId, Span)>,
    pub(super) cloud: Option<(FileId, Span)>,
}
