//! `Schemas`: provider schemas (what `terraform providers schema -json` writes, plus Terraform's built-in provider) and the value type each resource type implies.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use std::ops::Range;
use std::sync::OnceLock;

use terrace_functions::{Disk, FileSource};
use terrace_syntax::json::{JsonKind, JsonValue, parse_json};
use terrace_types::Type;

use super::address::ResourceMode;
use super::cty_json::parse_type;
use super::error::StateError;
use super::file::read_regular_file;
use super::scanner::Scanner;

/// The address of Terraform's built-in provider, which needs no schemas file.
pub const BUILTIN_PROVIDER: &str = "terraform.io/builtin/terraform";

/// Whether the provider at `source` reads its resources' state as it is, so that an
/// attribute its schema does not have is an error: so the built-in provider. Other
/// providers upgrade the state first, and their upgrade drops such attributes.
pub(crate) fn reads_state_strictly(source: &str) -> bool {
    source == BUILTIN_PROVIDER
}

/// The schemas of resource and data source types, by provider source address.
///
/// [`Schemas::builtin`] knows `terraform_data` and `terraform_remote_state`;
/// [`Schemas::from_file`] adds a `terraform providers schema -json` document. Reading a
/// document only checks its JSON and finds where each type's schema is (a real provider's
/// document is tens of megabytes): each type's schema is decoded when first asked for.
///
/// ```
/// use terrace_config::state::{ResourceMode, Schemas};
///
/// # fn main() -> Result<(), terrace_config::state::StateError> {
/// let doc = r#"{"format_version": "1.0", "provider_schemas": {
///   "registry.terraform.io/hashicorp/aws": {"resource_schemas": {"aws_vpc": {"version": 1,
///     "block": {"attributes": {"id": {"type": "string", "computed": true},
///                              "tags": {"type": ["map", "string"], "optional": true}}}}}}}}"#;
/// let schemas = Schemas::from_text("schemas.json", doc)?;
/// let vpc = schemas.block("registry.terraform.io/hashicorp/aws", ResourceMode::Managed, "aws_vpc")?;
/// let ty = vpc.map(|b| terrace_types::format_type(&b.implied_type()));
/// assert_eq!(ty.as_deref(), Some("object({\n    id: string,\n    tags: map(string),\n})"));
/// assert!(schemas.block("terraform.io/builtin/terraform", ResourceMode::Managed, "terraform_data")?.is_some());
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct Schemas {
    providers: HashMap<String, ProviderSchema>,
}

#[derive(Clone, Debug, Default)]
struct ProviderSchema {
    managed: HashMap<String, LazyBlock>,
    data: HashMap<String, LazyBlock>,
}

/// A type's schema: where it is in its document, decoded on first use.
#[derive(Clone, Debug)]
struct LazyBlock {
    /// The document and the byte range of the type's object (`{"version": .., "block": ..}`).
    source: Option<(Arc<SchemaSource>, Range<usize>)>,
    block: OnceLock<Result<Arc<Block>, StateError>>,
}

/// A schemas document's text and name.
#[derive(Debug)]
struct SchemaSource {
    path: PathBuf,
    text: String,
}

impl SchemaSource {
    fn error(&self, offset: usize, message: impl std::fmt::Display) -> StateError {
        let location = terrace_syntax::SourceMap::new(&self.text).location(offset);
        StateError::Schemas {
            path: self.path.clone(),
            message: format!("{location}: {message}"),
        }
    }
}

impl LazyBlock {
    fn ready(block: Block) -> LazyBlock {
        LazyBlock {
            source: None,
            block: OnceLock::from(Ok(Arc::new(block))),
        }
    }

    fn get(&self) -> Result<Arc<Block>, StateError> {
        self.block
            .get_or_init(|| {
                let Some((source, range)) = &self.source else {
                    return Ok(Arc::new(Block::default()));
                };
                let text = source.text.get(range.clone()).unwrap_or("{}");
                let json = parse_json(text).map_err(|e| {
                    source.error(range.start + e.span().start as usize, e.message())
                })?;
                let block = member(&json, "block")
                    .ok_or_else(|| source.error(range.start, "a type's schema has no `block`"))?;
                read_block(block)
                    .map(Arc::new)
                    .map_err(|(offset, message)| source.error(range.start + offset, message))
            })
            .clone()
    }
}

/// A block's schema: its attributes and nested block types.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// Attributes by name.
    pub attributes: BTreeMap<String, Attribute>,
    /// Nested block types by name.
    pub block_types: BTreeMap<String, NestedBlock>,
}

/// One attribute of a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// Its value type (for a `nested_type` attribute, the type it implies).
    pub ty: Type,
    /// `sensitive = true` in the schema (shown hidden by `terraform state show`).
    pub sensitive: bool,
}

/// A nested block type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedBlock {
    /// How many blocks of the type nest, and as what value.
    pub nesting: Nesting,
    /// The nested block's own schema.
    pub block: Block,
}

/// `nesting_mode` of a nested block type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nesting {
    /// At most one block: an object.
    Single,
    /// Exactly one block, never null: an object.
    Group,
    /// A list of objects.
    List,
    /// A set of objects.
    Set,
    /// A map of objects by label.
    Map,
}

impl Block {
    /// The value type of a block of this schema (configschema's `ImpliedType`): an object
    /// of its attributes and nested blocks (single and group as objects, list, set and
    /// map blocks as collections of objects).
    pub fn implied_type(&self) -> Type {
        let attrs = self
            .attributes
            .iter()
            .map(|(name, attr)| (name.clone(), attr.ty.clone()))
            .chain(self.block_types.iter().map(|(name, nested)| {
                let object = nested.block.implied_type();
                let ty = match nested.nesting {
                    Nesting::Single | Nesting::Group => object,
                    Nesting::List => Type::list(object),
                    Nesting::Set => Type::set(object),
                    Nesting::Map => Type::map(object),
                };
                (name.clone(), ty)
            }));
        Type::object(attrs)
    }
}

impl Schemas {
    /// The schemas of Terraform's built-in provider only.
    pub fn builtin() -> Schemas {
        let attr = |ty: Type| Attribute {
            ty,
            sensitive: false,
        };
        let block = |attrs: &[(&str, Type)]| {
            LazyBlock::ready(Block {
                attributes: attrs
                    .iter()
                    .map(|(name, ty)| (name.to_string(), attr(ty.clone())))
                    .collect(),
                block_types: BTreeMap::new(),
            })
        };
        let mut provider = ProviderSchema::default();
        provider.managed.insert(
            "terraform_data".into(),
            block(&[
                ("id", Type::String),
                ("input", Type::Dynamic),
                ("output", Type::Dynamic),
                ("triggers_replace", Type::Dynamic),
            ]),
        );
        provider.data.insert(
            "terraform_remote_state".into(),
            block(&[
                ("backend", Type::String),
                ("config", Type::Dynamic),
                ("defaults", Type::Dynamic),
                ("outputs", Type::Dynamic),
                ("workspace", Type::String),
            ]),
        );
        Schemas {
            providers: HashMap::from([(BUILTIN_PROVIDER.to_string(), provider)]),
        }
    }

    /// The built-in schemas plus those of a `terraform providers schema -json` file.
    pub fn from_file(path: &Path) -> Result<Schemas, StateError> {
        Schemas::from_file_in(&Disk, path)
    }

    /// [`Schemas::from_file`] through `files` (the disk, or an in-memory
    /// [`Overlay`](terrace_functions::Overlay)).
    pub fn from_file_in(files: &dyn FileSource, path: &Path) -> Result<Schemas, StateError> {
        let bytes = read_regular_file(files, path)?;
        let text = String::from_utf8(bytes).map_err(|e| StateError::Schemas {
            path: path.to_path_buf(),
            message: format!("not UTF-8: {e}"),
        })?;
        Schemas::from_text(path, &text)
    }

    /// Like [`Schemas::from_file`], for a document already read; `path` names it in errors.
    pub fn from_text(path: impl Into<PathBuf>, text: &str) -> Result<Schemas, StateError> {
        let source = Arc::new(SchemaSource {
            path: path.into(),
            text: text.to_string(),
        });
        let mut schemas = Schemas::builtin();
        let mut found = false;
        let mut scanner = Scanner::new(&source.text);
        let scanned = if scanner.peek() == Some(b'{') {
            scanner.object(|s, key, _| {
                if key != "provider_schemas" || s.peek() != Some(b'{') {
                    s.skip_value()?;
                    return Ok(());
                }
                found = true;
                s.object(|s, provider, _| {
                    let mut schema = ProviderSchema::default();
                    if s.peek() != Some(b'{') {
                        s.skip_value()?;
                        return Ok(());
                    }
                    s.object(|s, kind, _| {
                        let map = match kind.as_ref() {
                            "resource_schemas" => &mut schema.managed,
                            "data_source_schemas" => &mut schema.data,
                            _ => {
                                s.skip_value()?;
                                return Ok(());
                            }
                        };
                        if s.peek() != Some(b'{') {
                            s.skip_value()?;
                            return Ok(());
                        }
                        s.object(|s, name, _| {
                            let range = s.skip_value()?;
                            map.insert(
                                name.into_owned(),
                                LazyBlock {
                                    source: Some((Arc::clone(&source), range)),
                                    block: OnceLock::new(),
                                },
                            );
                            Ok(())
                        })
                    })?;
                    schemas
                        .providers
                        .insert(normalize_provider(&provider), schema);
                    Ok(())
                })
            })
        } else {
            scanner.skip_value().map(|_| ())
        };
        scanned
            .and_then(|()| scanner.finish())
            .map_err(|e| source.error(e.offset, format!("not valid JSON: {}", e.message)))?;
        if !found {
            return Err(source.error(0, "expected an object with `provider_schemas`"));
        }
        Ok(schemas)
    }

    /// The schema of resource type `resource_type` of `provider` (a source address such
    /// as `registry.terraform.io/hashicorp/aws`; `hashicorp/aws` means the public registry).
    /// `Ok(None)` when the document has no such type; `Err` when its schema is malformed.
    pub fn block(
        &self,
        provider: &str,
        mode: ResourceMode,
        resource_type: &str,
    ) -> Result<Option<Arc<Block>>, StateError> {
        let Some(provider) = self.providers.get(&normalize_provider(provider)) else {
            return Ok(None);
        };
        let lazy = match mode {
            ResourceMode::Managed => provider.managed.get(resource_type),
            ResourceMode::Data => provider.data.get(resource_type),
        };
        lazy.map(LazyBlock::get).transpose()
    }
}

/// `hashicorp/aws` → `registry.terraform.io/hashicorp/aws`; full addresses unchanged.
fn normalize_provider(addr: &str) -> String {
    match addr.matches('/').count() {
        1 => format!("registry.terraform.io/{addr}"),
        0 => format!("registry.terraform.io/hashicorp/{addr}"),
        _ => addr.to_string(),
    }
}

/// The last member `name` of a JSON object.
pub(crate) fn member<'j>(json: &'j JsonValue, name: &str) -> Option<&'j JsonValue> {
    json.as_object()?
        .iter()
        .rev()
        .find(|p| p.name.as_str() == name)
        .map(|p| &p.value)
}

type SchemaError = (usize, String);

fn read_block(json: &JsonValue) -> Result<Block, SchemaError> {
    let mut block = Block::default();
    if let Some(attrs) = member(json, "attributes").and_then(JsonValue::as_object) {
        for attr in attrs {
            let ty = if let Some(ty) = member(&attr.value, "type") {
                parse_type(ty).map_err(|e| (e.offset, e.message))?
            } else if let Some(nested) = member(&attr.value, "nested_type") {
                nested_type(nested)?
            } else {
                return Err((
                    attr.value.span.start as usize,
                    format!("attribute `{}` has no `type`", attr.name.as_str()),
                ));
            };
            let sensitive = matches!(
                member(&attr.value, "sensitive").map(|v| &v.kind),
                Some(JsonKind::Bool(true))
            );
            block
                .attributes
                .insert(attr.name.as_str().to_string(), Attribute { ty, sensitive });
        }
    }
    if let Some(types) = member(json, "block_types").and_then(JsonValue::as_object) {
        for nested in types {
            let nesting = match member(&nested.value, "nesting_mode")
                .and_then(JsonValue::as_string)
                .map(|s| s.as_str())
            {
                Some("single") => Nesting::Single,
                Some("group") => Nesting::Group,
                Some("list") => Nesting::List,
                Some("set") => Nesting::Set,
                Some("map") => Nesting::Map,
                _ => {
                    return Err((
                        nested.value.span.start as usize,
                        format!(
                            "block type `{}` has no valid `nesting_mode`",
                            nested.name.as_str()
                        ),
                    ));
                }
            };
            let inner = member(&nested.value, "block")
                .map(read_block)
                .transpose()?
                .unwrap_or_default();
            block.block_types.insert(
                nested.name.as_str().to_string(),
                NestedBlock {
                    nesting,
                    block: inner,
                },
            );
        }
    }
    Ok(block)
}

/// The type of a `nested_type` attribute: its attributes as an object, nested as its mode says.
fn nested_type(json: &JsonValue) -> Result<Type, SchemaError> {
    let inner = read_block(json)?.implied_type();
    match member(json, "nesting_mode")
        .and_then(JsonValue::as_string)
        .map(|s| s.as_str())
    {
        Some("single" | "group") => Ok(inner),
        Some("list") => Ok(Type::list(inner)),
        Some("set") => Ok(Type::set(inner)),
        Some("map") => Ok(Type::map(inner)),
        _ => Err((
            json.span.start as usize,
            "`nested_type` has no valid `nesting_mode`".into(),
        )),
    }
}
