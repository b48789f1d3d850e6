//! The state in memory: `State` (resources by address, root outputs), `Resource`, `ResourceInstance`, `InstanceObject` (attributes decoded and typed on first use) and `Output`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use terrace_syntax::json::{JsonKind, JsonValue, parse_json};
use terrace_types::{Type, Value};

use super::address::{InstanceKey, ModuleInstance, ResourceInstanceAddr, ResourceMode};
use super::cty_json::{decode_typed, decode_untyped, unsupported_attribute};
use super::error::StateError;
use super::flatmap::{Flatmap, decode_flatmap, decode_flatmap_untyped};
use super::schema::{Block, reads_state_strictly};
use super::sensitive::{PathStep, Typing, mark_path};

/// A state file's text, shared by the instances that decode their attributes from it.
#[derive(Debug)]
pub(crate) struct Source {
    pub(crate) path: PathBuf,
    pub(crate) text: String,
}

impl Source {
    /// An [`StateError::Invalid`] at byte `offset`.
    pub(crate) fn invalid(&self, offset: usize, message: impl Into<String>) -> StateError {
        let location = terrace_syntax::SourceMap::new(&self.text).location(offset);
        StateError::Invalid {
            path: self.path.clone(),
            line: location.line,
            column: location.column,
            message: message.into(),
        }
    }

    /// `text`, which starts at byte `start` of the file, parsed as JSON; a syntax error is
    /// an [`invalid`](Self::invalid) at its place in the file.
    pub(crate) fn parse_json_at(&self, start: usize, text: &str) -> Result<JsonValue, StateError> {
        parse_json(text)
            .map_err(|e| self.invalid(start + e.span().start as usize, e.message().to_string()))
    }

    /// The JSON object at `range`: `{}` where the range is empty.
    fn object_text(&self, range: &Range<usize>) -> &str {
        match self.text.get(range.clone()) {
            Some(text) if !text.is_empty() => text,
            _ => "{}",
        }
    }
}

/// A Terraform state: its resources (with their instances) and root module outputs.
///
/// Read one with [`State::read`] or [`State::from_text`]; a missing or empty file is an
/// empty state, as in Terraform. Reading checks the whole file's JSON and every
/// resource's shape; each instance's attributes are decoded and typed the first time
/// [`InstanceObject::value`] asks for them, so a large state loads quickly.
///
/// ```
/// use terrace_config::state::{ModuleInstance, ResourceMode, Schemas, State};
///
/// # fn main() -> Result<(), terrace_config::state::StateError> {
/// let text = r#"{"version": 4, "terraform_version": "1.15.5", "serial": 1, "lineage": "x",
///   "outputs": {"n": {"value": 1, "type": "number"}},
///   "resources": [{"mode": "managed", "type": "terraform_data", "name": "d",
///     "provider": "provider[\"terraform.io/builtin/terraform\"]",
///     "instances": [{"schema_version": 0, "attributes": {"id": "i", "input": null,
///       "output": null, "triggers_replace": null}, "sensitive_attributes": []}]}]}"#;
/// let state = State::from_text("terraform.tfstate", text, &Schemas::builtin())?;
/// let data = state.resource(&ModuleInstance::root(), ResourceMode::Managed, "terraform_data", "d");
/// let value = data.unwrap().instances()[0].current().unwrap().value()?;
/// assert_eq!(terrace_types::format_value(&value.get_attr("id").unwrap()), "\"i\"");
/// assert_eq!(terrace_types::format_value(&state.outputs()["n"].value), "1");
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Default)]
pub struct State {
    pub(crate) path: Option<PathBuf>,
    pub(crate) terraform_version: Option<String>,
    pub(crate) serial: u64,
    pub(crate) lineage: String,
    pub(crate) resources: Vec<Resource>,
    pub(crate) index: HashMap<ResourceKey, usize>,
    pub(crate) outputs: BTreeMap<String, Output>,
}

/// How resources are found: module instance, mode, type, name.
pub(crate) type ResourceKey = (ModuleInstance, ResourceMode, String, String);

impl State {
    /// An empty state (no file, an empty file, or a workspace never applied).
    pub fn empty() -> State {
        State::default()
    }

    /// The file the state was read from, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The `terraform_version` that wrote the state.
    pub fn terraform_version(&self) -> Option<&str> {
        self.terraform_version.as_deref()
    }

    /// The state's `serial`.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The state's `lineage`.
    pub fn lineage(&self) -> &str {
        &self.lineage
    }

    /// True when the state has no resources and no outputs.
    pub fn is_empty(&self) -> bool {
        self.resources.is_empty() && self.outputs.is_empty()
    }

    /// Every resource, ordered by module instance (root first, shorter paths first), then
    /// data sources before managed resources, then type and name.
    pub fn resources(&self) -> &[Resource] {
        &self.resources
    }

    /// The resource `TYPE.NAME` (or `data.TYPE.NAME`) of module instance `module`.
    pub fn resource(
        &self,
        module: &ModuleInstance,
        mode: ResourceMode,
        resource_type: &str,
        name: &str,
    ) -> Option<&Resource> {
        let key = (
            module.clone(),
            mode,
            resource_type.to_string(),
            name.to_string(),
        );
        self.index.get(&key).map(|&idx| &self.resources[idx])
    }

    /// The resources of one module instance, in the order of [`State::resources`].
    pub fn resources_in<'s>(
        &'s self,
        module: &'s ModuleInstance,
    ) -> impl Iterator<Item = &'s Resource> + 's {
        self.resources.iter().filter(move |r| &r.module == module)
    }

    /// The module instances that hold at least one resource.
    pub fn module_instances(&self) -> BTreeSet<ModuleInstance> {
        self.resources.iter().map(|r| r.module.clone()).collect()
    }

    /// The resource instance at `addr`, with its resource.
    pub fn instance(&self, addr: &ResourceInstanceAddr) -> Option<(&Resource, &ResourceInstance)> {
        let resource = self.resource(&addr.module, addr.mode, &addr.resource_type, &addr.name)?;
        let instance = resource.instance(&addr.key)?;
        Some((resource, instance))
    }

    /// The root module's outputs by name.
    pub fn outputs(&self) -> &BTreeMap<String, Output> {
        &self.outputs
    }

    /// The root outputs as one object value, as `data "terraform_remote_state"` exposes
    /// them in its `outputs` attribute (sensitive outputs stay marked).
    ///
    /// ```
    /// use terrace_config::state::{Schemas, State};
    ///
    /// # fn main() -> Result<(), terrace_config::state::StateError> {
    /// let text = r#"{"version": 4, "outputs": {"id": {"value": "x", "type": "string"}}}"#;
    /// let state = State::from_text("other.tfstate", text, &Schemas::builtin())?;
    /// assert_eq!(terrace_types::format_value(&state.outputs_value()), "{\n  \"id\" = \"x\"\n}");
    /// # Ok(())
    /// # }
    /// ```
    pub fn outputs_value(&self) -> Value {
        Value::object(
            self.outputs
                .iter()
                .map(|(name, output)| (name.as_str(), output.value.clone())),
        )
    }

    /// The providers (source addresses) of resources that have no schema: their
    /// attributes are typed as `jsondecode` types JSON. The console says so once.
    pub fn schemaless_providers(&self) -> BTreeSet<&str> {
        self.resources
            .iter()
            .filter(|r| r.schema.is_none())
            .map(|r| r.provider_source.as_str())
            .collect()
    }

    /// Whether an instance written before Terraform 0.12 (flat attributes) has no schema:
    /// only its top-level string attributes (`id`, `arn`) can be read then.
    pub fn has_schemaless_flat_instances(&self) -> bool {
        self.resources
            .iter()
            .filter(|r| r.schema.is_none())
            .flat_map(|r| &r.instances)
            .flat_map(|i| i.current.iter().chain(i.deposed.iter().map(|(_, o)| o)))
            .any(|object| object.flat_attributes().is_some())
    }
}

/// `each` in a resource: how its instances were keyed when it was last applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EachMode {
    /// `count`: integer keys.
    List,
    /// `for_each`: string keys.
    Map,
}

/// A resource in the state and its instances.
#[derive(Debug)]
pub struct Resource {
    /// The module instance holding it.
    pub module: ModuleInstance,
    /// Managed resource or data source.
    pub mode: ResourceMode,
    /// The resource type (`aws_instance`).
    pub resource_type: String,
    /// The resource name.
    pub name: String,
    /// The `provider` configuration address as written (`provider["registry.terraform.io/hashicorp/aws"].east`).
    pub provider: String,
    /// The provider's source address (`registry.terraform.io/hashicorp/aws`).
    pub provider_source: String,
    /// `each` as written, if any.
    pub each: Option<EachMode>,
    /// The resource type's schema, when known (built in or from `--schemas`).
    pub schema: Option<Arc<Block>>,
    pub(crate) instances: Vec<ResourceInstance>,
}

impl Resource {
    /// The instances, ordered by key (no key, numbers, then strings).
    pub fn instances(&self) -> &[ResourceInstance] {
        &self.instances
    }

    /// The instance with key `key`.
    pub fn instance(&self, key: &InstanceKey) -> Option<&ResourceInstance> {
        self.instances
            .binary_search_by(|i| i.key.cmp(key))
            .ok()
            .map(|idx| &self.instances[idx])
    }

    /// The address of this resource's instance `key`.
    pub fn instance_addr(&self, key: &InstanceKey) -> ResourceInstanceAddr {
        ResourceInstanceAddr {
            module: self.module.clone(),
            mode: self.mode,
            resource_type: self.resource_type.clone(),
            name: self.name.clone(),
            key: key.clone(),
        }
    }
}

/// One resource instance: its current object and any deposed ones (`create_before_destroy`).
#[derive(Debug)]
pub struct ResourceInstance {
    /// The instance key.
    pub key: InstanceKey,
    pub(crate) current: Option<InstanceObject>,
    pub(crate) deposed: Vec<(String, InstanceObject)>,
}

impl ResourceInstance {
    /// The current object; `None` when only deposed objects remain.
    pub fn current(&self) -> Option<&InstanceObject> {
        self.current.as_ref()
    }

    /// The deposed objects with their deposed keys.
    pub fn deposed(&self) -> &[(String, InstanceObject)] {
        &self.deposed
    }
}

/// `status` of an instance object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectStatus {
    /// Created (no `status`).
    Ready,
    /// `tainted`: to be replaced at the next apply.
    Tainted,
}

/// One object of a resource instance: its attributes, sensitive paths and status.
#[derive(Debug)]
pub struct InstanceObject {
    /// Ready or tainted.
    pub status: ObjectStatus,
    /// The provider's schema version the attributes were written with.
    pub schema_version: u64,
    /// The paths listed in `sensitive_attributes`.
    pub sensitive_paths: Vec<Vec<PathStep>>,
    pub(crate) source: Arc<Source>,
    /// Where `attributes` is in the source text (empty: no attributes, an empty object).
    pub(crate) attributes: Range<usize>,
    /// Where the flat map of strings is (`attributes_flat`, or a format 1–3 instance's
    /// `primary.attributes`), for an instance written before Terraform 0.12 and never
    /// refreshed since: decoded with the schema as Terraform decodes it (see `flatmap.rs`).
    pub(crate) flatmap: Option<Range<usize>>,
    /// Where `identity` is, with the type Terraform decodes it with, when it checks it.
    pub(crate) identity: Option<(Range<usize>, Type)>,
    /// The schema's type; `None` types the attributes as `jsondecode` does.
    pub(crate) ty: Option<Type>,
    /// Whether an attribute the schema does not have is an error (see
    /// [`reads_state_strictly`]).
    pub(crate) strict: bool,
    pub(crate) value: OnceLock<Result<Value, StateError>>,
}

impl InstanceObject {
    /// The object's value: an object of its attributes, typed by the resource type's
    /// schema (missing attributes are nulls of their type) or, with no schema, as
    /// `jsondecode` types JSON; the paths in `sensitive_attributes` marked sensitive.
    ///
    /// Decoded on the first call and kept; cloning a [`Value`] is cheap.
    pub fn value(&self) -> Result<Value, StateError> {
        self.value
            .get_or_init(|| self.decode(self.ty.as_ref(), self.strict))
            .clone()
    }

    /// The object's value typed by `schema`, of the provider at `provider_source`,
    /// instead of by the schema of the provider the state names: Terraform types a
    /// resource by its configuration's provider. Decoded on each call.
    pub(crate) fn value_with(
        &self,
        schema: &Block,
        provider_source: &str,
    ) -> Result<Value, StateError> {
        self.decode(
            Some(&schema.implied_type()),
            reads_state_strictly(provider_source),
        )
    }

    fn decode(&self, ty: Option<&Type>, strict: bool) -> Result<Value, StateError> {
        let start = self.attributes.start;
        if let Some(range) = self.flat_attributes() {
            return self.decode_flatmap(range, ty);
        }
        let json = self
            .source
            .parse_json_at(start, self.source.object_text(&self.attributes))?;
        let decoded = match ty {
            Some(ty) if strict => {
                unsupported_attribute(&json, ty).map_or_else(|| decode_typed(&json, ty), Err)
            }
            Some(ty) => decode_typed(&json, ty),
            None => decode_untyped(&json),
        };
        let mut value = decoded.map_err(|e| {
            let message = format!("attributes do not match the schema: {}", e.message);
            if e.crash {
                return StateError::Crash {
                    path: self.source.path.clone(),
                    message,
                };
            }
            self.source.invalid(start + e.offset, message)
        })?;
        let typing = match ty {
            Some(_) => Typing::Schema,
            None => Typing::Untyped,
        };
        for path in &self.sensitive_paths {
            value = mark_path(value, path, typing);
        }
        if let Some((range, identity_ty)) = &self.identity {
            self.check_identity(range, identity_ty)?;
        }
        Ok(value)
    }

    /// Where the flat attributes are, when the object has them and no `attributes` (which
    /// win over them).
    fn flat_attributes(&self) -> Option<&Range<usize>> {
        self.flatmap.as_ref().filter(|_| self.attributes.is_empty())
    }

    /// A flat map of strings decoded with the schema's type, or its top-level keys as
    /// strings without one; `sensitive_attributes` did not exist then.
    fn decode_flatmap(&self, range: &Range<usize>, ty: Option<&Type>) -> Result<Value, StateError> {
        let json = self
            .source
            .parse_json_at(range.start, self.source.object_text(range))?;
        let mut flat = Flatmap::new();
        match &json.kind {
            JsonKind::Object(members) => {
                for member in members {
                    let Some(value) = member.value.as_string() else {
                        return Err(self.source.invalid(
                            range.start + member.value.span.start as usize,
                            "a flat attribute value must be a string",
                        ));
                    };
                    flat.insert(member.name.as_str().to_string(), value.as_str().to_string());
                }
            }
            JsonKind::Null => {}
            _ => {
                return Err(self
                    .source
                    .invalid(range.start, "flat attributes must be an object of strings"));
            }
        }
        match ty {
            Some(ty) => decode_flatmap(&flat, ty).map_err(|message| {
                self.source.invalid(
                    range.start,
                    format!("data could not be decoded from the state: {message}"),
                )
            }),
            None => Ok(decode_flatmap_untyped(&flat)),
        }
    }

    /// Terraform decodes an instance's `identity` with its resource type's identity
    /// schema, and the instance cannot be read when that fails.
    fn check_identity(&self, range: &Range<usize>, ty: &Type) -> Result<(), StateError> {
        let text = self.source.text.get(range.clone()).unwrap_or("null");
        let json = self.source.parse_json_at(range.start, text)?;
        unsupported_attribute(&json, ty)
            .map_or_else(|| decode_typed(&json, ty).map(|_| ()), Err)
            .map_err(|e| {
                self.source.invalid(
                    range.start + e.offset,
                    format!("failed to decode identity: {}. This is most likely a bug in the Provider, providers must not change the identity schema without updating the identity schema version", e.message),
                )
            })
    }
}

/// A root module output in the state.
#[derive(Clone, Debug)]
pub struct Output {
    /// The value, typed by the output's `type`, marked sensitive when `sensitive`.
    pub value: Value,
    /// `sensitive = true`.
    pub sensitive: bool,
}

impl Output {
    /// An output of `value`, marked sensitive when `sensitive`.
    pub(crate) fn new(value: Value, sensitive: bool) -> Output {
        let value = if sensitive {
            value.mark(terrace_types::Marks::SENSITIVE)
        } else {
            value
        };
        Output { value, sensitive }
    }
}
