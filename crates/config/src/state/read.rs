//! Reading a state file (format version 4, as Terraform 0.12+ and unencrypted OpenTofu write it) into a [`State`]: version and encryption checks, resources, instances and outputs.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use terrace_syntax::json::parse_json;

use super::address::{InstanceKey, ModuleInstance, ResourceInstanceAddr, ResourceMode};
use super::cty_json::{DecodeError, decode_typed, decode_untyped, parse_type};
use super::error::StateError;
use super::file::read_if_exists;
use super::model::{
    EachMode, InstanceObject, ObjectStatus, Output, Resource, ResourceInstance, Source, State,
};
use super::scanner::{ScanError, Scanner};
use super::schema::{Schemas, member, reads_state_strictly};
use super::sensitive::parse_paths;

impl State {
    /// Reads the state file at `path`, typing resources with `schemas`.
    ///
    /// A missing or empty file is an empty state (Terraform's `-state` naming a missing
    /// file, a workspace never applied). The file is only read: never locked, written
    /// or touched. A directory, FIFO or device is refused before it is opened.
    ///
    /// ```
    /// use terrace_config::state::{Schemas, State};
    ///
    /// let state = State::read("no/such/terraform.tfstate".as_ref(), &Schemas::builtin()).unwrap();
    /// assert!(state.is_empty());
    /// let err = State::read(".".as_ref(), &Schemas::builtin()).unwrap_err();
    /// assert_eq!(err.to_string(), ".: is a directory, not a state file");
    /// ```
    pub fn read(path: &Path, schemas: &Schemas) -> Result<State, StateError> {
        let Some(bytes) = read_if_exists(path)? else {
            return Ok(State::empty());
        };
        let text = String::from_utf8(bytes).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            StateError::Unreadable {
                path: path.to_path_buf(),
                message: format!("the file is not UTF-8 text (invalid byte at offset {offset})"),
            }
        })?;
        State::from_string(path.to_path_buf(), text, schemas)
    }

    /// Reads a state from its text; `path` names it in errors.
    pub fn from_text(
        path: impl Into<PathBuf>,
        text: &str,
        schemas: &Schemas,
    ) -> Result<State, StateError> {
        State::from_string(path.into(), text.to_string(), schemas)
    }

    /// Reads a state from its text, which it keeps (instances decode from it on first use).
    fn from_string(path: PathBuf, text: String, schemas: &Schemas) -> Result<State, StateError> {
        if text.is_empty() {
            return Ok(State {
                path: Some(path),
                ..State::empty()
            });
        }
        let source = Arc::new(Source {
            path: path.clone(),
            text,
        });
        let mut reader = Reader {
            source: Arc::clone(&source),
            schemas,
            state: State {
                path: Some(path),
                ..State::empty()
            },
            resources: HashMap::new(),
            types: HashMap::new(),
        };
        reader.read_file()?;
        Ok(reader.finish())
    }
}

/// The reader's working state.
struct Reader<'s> {
    source: Arc<Source>,
    schemas: &'s Schemas,
    state: State,
    /// Resources by key, while reading (a resource listed twice is merged).
    resources: HashMap<super::model::ResourceKey, Resource>,
    /// Each resource type's schema and implied type, by provider, mode and type.
    types: HashMap<(String, ResourceMode, String), TypeSchema>,
}

/// A resource type's schema and the value type it implies (none without a schema).
type TypeSchema = (
    Option<Arc<super::schema::Block>>,
    Option<terrace_types::Type>,
);

/// What the top-level object says before its resources are read.
#[derive(Default)]
struct Envelope {
    version: Option<Range<usize>>,
    terraform_version: Option<String>,
    encrypted: bool,
    /// The keys of an encrypted state's `meta`: its key providers.
    key_providers: Vec<String>,
    resources: Option<Range<usize>>,
    outputs: Option<Range<usize>>,
    /// `modules`: where formats 1 to 3 keep resources and outputs.
    modules: Option<Range<usize>>,
    /// Whether the resources were already read (the version came first).
    resources_read: bool,
}

impl Reader<'_> {
    fn json_error(&self, error: ScanError) -> StateError {
        let location = terrace_syntax::SourceMap::new(&self.source.text).location(error.offset);
        StateError::Json {
            path: self.source.path.clone(),
            line: location.line,
            column: location.column,
            message: error.message,
        }
    }

    fn unsupported(&self, detail: String) -> StateError {
        StateError::UnsupportedVersion {
            path: self.source.path.clone(),
            detail,
        }
    }

    fn read_file(&mut self) -> Result<(), StateError> {
        let source = Arc::clone(&self.source);
        let text: &str = &source.text;
        let mut scanner = Scanner::new(text);
        if scanner.peek() != Some(b'{') {
            // Terraform: a JSON value that is not an object has no version.
            scanner.skip_value().map_err(|e| self.json_error(e))?;
            scanner.finish().map_err(|e| self.json_error(e))?;
            return Err(self.unsupported(NO_VERSION.into()));
        }
        let mut envelope = Envelope::default();
        // Errors found while reading resources in the scan are held until the JSON
        // of the whole file is known to be valid: syntax errors are reported first.
        let mut shape_error: Option<StateError> = None;
        let scanned = scanner.object(|s, key, _| {
            match key.as_ref() {
                "version" => envelope.version = Some(s.skip_value()?),
                "terraform_version" if s.peek() == Some(b'"') => {
                    envelope.terraform_version = Some(s.string()?.into_owned());
                }
                "serial" => {
                    let range = s.skip_value()?;
                    self.state.serial = text[range].parse().unwrap_or(0);
                }
                "lineage" if s.peek() == Some(b'"') => {
                    self.state.lineage = s.string()?.into_owned();
                }
                "encryption_version" | "encrypted_data" | "payload" => {
                    envelope.encrypted = true;
                    s.skip_value()?;
                }
                "meta" if s.peek() == Some(b'{') => {
                    s.object(|s, key, _| {
                        envelope.key_providers.push(key.into_owned());
                        s.skip_value().map(|_| ())
                    })?;
                }
                "resources" => {
                    let is_v4 = envelope
                        .version
                        .as_ref()
                        .is_some_and(|v| text[v.clone()].trim() == "4");
                    if is_v4 && shape_error.is_none() && s.peek() == Some(b'[') {
                        envelope.resources_read = true;
                        match self.read_resources(s) {
                            Ok(()) => {}
                            Err(ReadError::Scan(e)) => return Err(e),
                            Err(ReadError::State(e)) => shape_error = Some(e),
                        }
                    } else {
                        envelope.resources = Some(s.skip_value()?);
                    }
                }
                "outputs" => envelope.outputs = Some(s.skip_value()?),
                "modules" => envelope.modules = Some(s.skip_value()?),
                _ => {
                    s.skip_value()?;
                }
            }
            Ok(())
        });
        scanned.map_err(|e| self.json_error(e))?;
        scanner.finish().map_err(|e| self.json_error(e))?;
        if envelope.encrypted {
            return Err(StateError::Encrypted {
                path: self.source.path.clone(),
                key_providers: envelope.key_providers,
            });
        }
        let version = self.check_version(&envelope)?;
        if let Some(error) = shape_error {
            return Err(error);
        }
        self.state.terraform_version = envelope.terraform_version;
        if version < 4 {
            let Some(range) = envelope.modules else {
                return Ok(());
            };
            let legacy = super::legacy::read_modules(&self.source, range)?;
            for (head, instance) in legacy.resources {
                self.add_resource(head, vec![instance])
                    .map_err(|e| match e {
                        ReadError::Scan(e) => self.json_error(e),
                        ReadError::State(e) => e,
                    })?;
            }
            self.state.outputs.extend(legacy.outputs);
            return Ok(());
        }
        if let Some(range) = envelope.resources.filter(|_| !envelope.resources_read) {
            let mut scanner = Scanner::new(text);
            scanner.skip_to(range.start);
            if scanner.peek() == Some(b'[') {
                match self.read_resources(&mut scanner) {
                    Ok(()) => {}
                    Err(ReadError::Scan(e)) => return Err(self.json_error(e)),
                    Err(ReadError::State(e)) => return Err(e),
                }
            } else if &text[range.clone()] != "null" {
                return Err(self
                    .source
                    .invalid(range.start, "`resources` must be an array"));
            }
        }
        if let Some(range) = envelope.outputs {
            self.read_outputs(range)?;
        }
        Ok(())
    }

    /// Terraform's version checks (`statefile.readState`), with its wording: the
    /// format version, 1 to 4.
    fn check_version(&self, envelope: &Envelope) -> Result<u64, StateError> {
        let Some(range) = &envelope.version else {
            return Err(self.unsupported(NO_VERSION.into()));
        };
        let text = &self.source.text[range.clone()];
        let version = match text.parse::<u64>() {
            Ok(v) => v,
            Err(_) if text == "null" => return Err(self.unsupported(NO_VERSION.into())),
            Err(_) => {
                // Go's `UnmarshalTypeError.Value`: the JSON kind (`number 4.5` for numbers).
                let number = format!("number {text}");
                let shown = match text.as_bytes().first() {
                    Some(b'"') => "string",
                    Some(b't' | b'f') => "bool",
                    Some(b'[') => "array",
                    Some(b'{') => "object",
                    _ => number.as_str(),
                };
                return Err(self.unsupported(format!(
                    "The version in the state file is {shown}. A positive whole number is required."
                )));
            }
        };
        match version {
            1..=4 => Ok(version),
            0 => Err(self.unsupported(
                "The state file uses JSON syntax but has a version number of zero. There was never a JSON-based state format zero, so this state file is invalid and cannot be processed.".into(),
            )),
            _ => {
                let created = match &envelope.terraform_version {
                    Some(v) if !v.is_empty() => format!("This state file was created by Terraform {v}."),
                    _ => "This state file may have been created by a newer version of Terraform.".into(),
                };
                Err(self.unsupported(format!(
                    "The state file uses format version {version}, which is not supported by Terraform 1.15.5 (nor by terrace). {created}"
                )))
            }
        }
    }

    /// `resources`: an array of resource objects.
    fn read_resources(&mut self, scanner: &mut Scanner<'_>) -> Result<(), ReadError> {
        let mut error: Option<StateError> = None;
        scanner.array(|s| {
            let start = s.offset();
            if error.is_some() {
                s.skip_value()?;
                return Ok(());
            }
            // A resource is always consumed whole, even when it is of the wrong shape.
            match self.read_resource(s, start) {
                Ok(()) => {}
                Err(ReadError::Scan(e)) => return Err(e),
                Err(ReadError::State(e)) => error = Some(e),
            }
            Ok(())
        })?;
        match error {
            Some(e) => Err(ReadError::State(e)),
            None => Ok(()),
        }
    }

    fn read_resource(&mut self, s: &mut Scanner<'_>, start: usize) -> Result<(), ReadError> {
        if s.peek() != Some(b'{') {
            s.skip_value()?;
            return Err(self
                .source
                .invalid(start, "a resource must be an object")
                .into());
        }
        let mut mode: Option<(Cow<'_, str>, usize)> = None;
        let mut resource_type: Option<String> = None;
        let mut name: Option<String> = None;
        let mut module: Option<(String, usize)> = None;
        let mut provider: Option<String> = None;
        let mut each: Option<EachMode> = None;
        let mut instances: Vec<RawInstance> = Vec::new();
        let mut error: Option<StateError> = None;
        let source = Arc::clone(&self.source);
        s.object(|s, key, _| {
            let value_offset = {
                s.peek();
                s.offset()
            };
            let string = |s: &mut Scanner<'_>, what: &str, error: &mut Option<StateError>| {
                if s.peek() == Some(b'"') {
                    Ok(Some(s.string()?.into_owned()))
                } else {
                    s.skip_value()?;
                    error.get_or_insert_with(|| {
                        source.invalid(value_offset, format!("`{what}` must be a string"))
                    });
                    Ok(None)
                }
            };
            match key.as_ref() {
                "mode" => {
                    mode = string(s, "mode", &mut error)?.map(|m| (Cow::Owned(m), value_offset))
                }
                "type" => resource_type = string(s, "type", &mut error)?,
                "name" => name = string(s, "name", &mut error)?,
                "module" => module = string(s, "module", &mut error)?.map(|m| (m, value_offset)),
                "provider" => provider = string(s, "provider", &mut error)?,
                "each" => match string(s, "each", &mut error)?.as_deref() {
                    Some("list") => each = Some(EachMode::List),
                    Some("map") => each = Some(EachMode::Map),
                    Some(other) => {
                        error.get_or_insert_with(|| {
                            source
                                .invalid(value_offset, format!("invalid `each` value \"{other}\""))
                        });
                    }
                    None => {}
                },
                "instances" => {
                    if s.peek() == Some(b'[') {
                        s.array(|s| {
                            match read_instance(&source, s) {
                                Ok(raw) => instances.push(raw),
                                Err(ReadError::Scan(e)) => return Err(e),
                                Err(ReadError::State(e)) => {
                                    error.get_or_insert(e);
                                }
                            }
                            Ok(())
                        })?;
                    } else {
                        s.skip_value()?;
                        error.get_or_insert_with(|| {
                            source.invalid(value_offset, "`instances` must be an array")
                        });
                    }
                }
                _ => {
                    s.skip_value()?;
                }
            }
            Ok(())
        })?;
        if let Some(e) = error {
            return Err(e.into());
        }
        let (Some((mode_text, mode_offset)), Some(resource_type), Some(name)) =
            (mode, resource_type, name)
        else {
            return Err(self
                .source
                .invalid(start, "a resource needs `mode`, `type` and `name`")
                .into());
        };
        let mode = match mode_text.as_ref() {
            "managed" => ResourceMode::Managed,
            "data" => ResourceMode::Data,
            other => {
                return Err(self
                    .source
                    .invalid(
                        mode_offset,
                        format!("Invalid resource mode in state: State contains a resource with mode \"{other}\" (\"{resource_type}\" \"{name}\") which is not supported."),
                    )
                    .into());
            }
        };
        let module = match module {
            Some((text, offset)) if !text.is_empty() => {
                ModuleInstance::parse(&text).map_err(|e| {
                    self.source
                        .invalid(offset, format!("invalid module address: {e}"))
                })?
            }
            _ => ModuleInstance::root(),
        };
        // Terraform drops a resource whose provider it cannot read: the configuration
        // then sees it as not created yet.
        let Some(provider) = provider.filter(|provider| !provider.is_empty()) else {
            return Ok(());
        };
        self.add_resource(
            ResourceHead {
                module,
                mode,
                resource_type,
                name,
                provider,
                each,
            },
            instances,
        )
    }

    /// Adds a resource and its instances to the state being read.
    fn add_resource(
        &mut self,
        head: ResourceHead,
        instances: Vec<RawInstance>,
    ) -> Result<(), ReadError> {
        let ResourceHead {
            module,
            mode,
            resource_type,
            name,
            provider,
            each,
        } = head;
        let provider_source = provider_source(&provider);
        let type_key = (provider_source.clone(), mode, resource_type.clone());
        let (schema, ty) = match self.types.get(&type_key) {
            Some(known) => known.clone(),
            None => {
                let schema = self.schemas.block(&provider_source, mode, &resource_type)?;
                let ty = schema.as_ref().map(|b| b.implied_type());
                self.types.insert(type_key, (schema.clone(), ty.clone()));
                (schema, ty)
            }
        };
        let key = (module.clone(), mode, resource_type.clone(), name.clone());
        let resource = self.resources.entry(key).or_insert_with(|| Resource {
            module,
            mode,
            resource_type,
            name,
            provider,
            provider_source,
            each,
            schema,
            instances: Vec::new(),
        });
        for raw in instances {
            let object = InstanceObject {
                status: raw.status,
                schema_version: raw.schema_version,
                sensitive_paths: raw.sensitive_paths,
                source: Arc::clone(&self.source),
                attributes: raw.attributes,
                flatmap_at: raw.flatmap_at,
                ty: ty.clone(),
                strict: reads_state_strictly(&resource.provider_source),
                value: OnceLock::new(),
            };
            let idx = match resource.instances.binary_search_by(|i| i.key.cmp(&raw.key)) {
                Ok(idx) => idx,
                Err(idx) => {
                    resource.instances.insert(
                        idx,
                        ResourceInstance {
                            key: raw.key,
                            current: None,
                            deposed: Vec::new(),
                        },
                    );
                    idx
                }
            };
            let instance = &mut resource.instances[idx];
            match raw.deposed {
                Some(deposed) => instance.deposed.push((deposed, object)),
                None if instance.current.is_some() => {
                    let address = ResourceInstanceAddr {
                        module: resource.module.clone(),
                        mode: resource.mode,
                        resource_type: resource.resource_type.clone(),
                        name: resource.name.clone(),
                        key: instance.key.clone(),
                    };
                    return Err(self
                        .source
                        .invalid(
                            object.attributes.start,
                            format!("Duplicate resource instance in state: Instance {address} appears multiple times in the state file."),
                        )
                        .into());
                }
                None => instance.current = Some(object),
            }
        }
        Ok(())
    }

    fn read_outputs(&mut self, range: Range<usize>) -> Result<(), StateError> {
        let source = Arc::clone(&self.source);
        let text = &source.text[range.clone()];
        let shift = |e: DecodeError| source.invalid(range.start + e.offset, e.message);
        let json = parse_json(text).map_err(|e| {
            source.invalid(
                range.start + e.span().start as usize,
                e.message().to_string(),
            )
        })?;
        let Some(outputs) = json.as_object() else {
            if matches!(json.kind, terrace_syntax::json::JsonKind::Null) {
                return Ok(());
            }
            return Err(source.invalid(range.start, "`outputs` must be an object"));
        };
        for output in outputs {
            let Some(value_json) = member(&output.value, "value") else {
                return Err(source.invalid(
                    range.start + output.value.span.start as usize,
                    format!("output `{}` has no `value`", output.name.as_str()),
                ));
            };
            let value = match member(&output.value, "type") {
                Some(ty) => {
                    let ty = parse_type(ty).map_err(shift)?;
                    decode_typed(value_json, &ty).map_err(shift)?
                }
                None => decode_untyped(value_json).map_err(shift)?,
            };
            let sensitive = matches!(
                member(&output.value, "sensitive").map(|v| &v.kind),
                Some(terrace_syntax::json::JsonKind::Bool(true))
            );
            self.state.outputs.insert(
                output.name.as_str().to_string(),
                Output::new(value, sensitive),
            );
        }
        Ok(())
    }

    fn finish(mut self) -> State {
        let mut resources: Vec<Resource> = self.resources.into_values().collect();
        resources.sort_by(|a, b| {
            (&a.module, a.mode, &a.resource_type, &a.name).cmp(&(
                &b.module,
                b.mode,
                &b.resource_type,
                &b.name,
            ))
        });
        self.state.index = resources
            .iter()
            .enumerate()
            .map(|(idx, r)| {
                (
                    (
                        r.module.clone(),
                        r.mode,
                        r.resource_type.clone(),
                        r.name.clone(),
                    ),
                    idx,
                )
            })
            .collect();
        self.state.resources = resources;
        self.state
    }
}

const NO_VERSION: &str = "The state file does not have a \"version\" attribute, which is required to identify the format version.";

/// A scan error (bad JSON) or a state error (good JSON, wrong shape).
enum ReadError {
    Scan(ScanError),
    State(StateError),
}

impl From<ScanError> for ReadError {
    fn from(e: ScanError) -> Self {
        ReadError::Scan(e)
    }
}

impl From<StateError> for ReadError {
    fn from(e: StateError) -> Self {
        ReadError::State(e)
    }
}

/// An instance object as read, before it joins its resource.
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
    pub(super) deposed: Option<String>,
    pub(super) status: ObjectStatus,
    pub(super) schema_version: u64,
    pub(super) attributes: Range<usize>,
    /// Where `attributes_flat` is, when the instance has it.
    pub(super) flatmap_at: Option<usize>,
    pub(super) sensitive_paths: Vec<Vec<super::sensitive::PathStep>>,
}

fn read_instance(source: &Source, s: &mut Scanner<'_>) -> Result<RawInstance, ReadError> {
    let start = s.offset();
    if s.peek() != Some(b'{') {
        s.skip_value()?;
        return Err(source
            .invalid(start, "an instance must be an object")
            .into());
    }
    let mut raw = RawInstance {
        key: InstanceKey::None,
        deposed: None,
        status: ObjectStatus::Ready,
        schema_version: 0,
        attributes: 0..0,
        flatmap_at: None,
        sensitive_paths: Vec::new(),
    };
    let mut error: Option<StateError> = None;
    s.object(|s, key, _| {
        s.peek();
        let at = s.offset();
        match key.as_ref() {
            "index_key" => match s.peek() {
                Some(b'"') => raw.key = InstanceKey::Str(s.string()?.into_owned()),
                Some(b'n') => {
                    s.skip_value()?;
                }
                _ => {
                    let range = s.skip_value()?;
                    match instance_index(&source.text[range]) {
                        Some(i) => raw.key = InstanceKey::Int(i),
                        None => {
                            error.get_or_insert_with(|| {
                                source.invalid(at, "Invalid resource instance metadata in state: the instance key must be a number or a string.")
                            });
                        }
                    }
                }
            },
            "deposed" if s.peek() == Some(b'"') => {
                let key = s.string()?.into_owned();
                if !key.is_empty() {
                    raw.deposed = Some(key);
                }
            }
            "status" => {
                let status = if s.peek() == Some(b'"') { s.string()?.into_owned() } else {
                    s.skip_value()?;
                    String::new()
                };
                match status.as_str() {
                    "" => {}
                    "tainted" => raw.status = ObjectStatus::Tainted,
                    other => {
                        error.get_or_insert_with(|| {
                            source.invalid(at, format!("Invalid resource instance metadata in state: invalid status \"{other}\"."))
                        });
                    }
                }
            }
            "schema_version" => {
                let range = s.skip_value()?;
                raw.schema_version = source.text[range].parse().unwrap_or(0);
            }
            "attributes" => {
                let range = s.skip_value()?;
                if &source.text[range.clone()] != "null" {
                    if !source.text[range.clone()].starts_with('{') {
                        error.get_or_insert_with(|| source.invalid(at, "`attributes` must be an object"));
                    }
                    raw.attributes = range;
                }
            }
            "attributes_flat" => {
                // Only the instance is unreadable, not the state: see `InstanceObject::value`.
                s.skip_value()?;
                raw.flatmap_at = Some(at);
            }
            "sensitive_attributes" => {
                let range = s.skip_value()?;
                let text = &source.text[range.clone()];
                if text != "[]" && text != "null" {
                    match parse_json(text) {
                        Ok(json) => match parse_paths(&json) {
                            Ok(paths) => raw.sensitive_paths = paths,
                            Err(e) => {
                                error.get_or_insert_with(|| source.invalid(range.start + e.offset, format!("invalid `sensitive_attributes`: {}", e.message)));
                            }
                        },
                        Err(e) => {
                            error.get_or_insert_with(|| source.invalid(range.start + e.span().start as usize, e.message().to_string()));
                        }
                    }
                }
            }
            _ => {
                s.skip_value()?;
            }
        }
        Ok(())
    })?;
    match error {
        Some(e) => Err(e.into()),
        None => Ok(raw),
    }
}

/// A numeric instance key as Terraform reads it (a JSON number, truncated to an integer).
fn instance_index(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().or_else(|| {
        let f = text.parse::<f64>().ok()?;
        // Truncation as Go's int(float64); out-of-range keys are refused.
        (f.is_finite() && f.abs() < 9.0e18).then(|| f.trunc() as i64)
    })
}

/// The provider source address in a provider configuration address:
/// `module.m.provider["registry.terraform.io/hashicorp/aws"].east` →
/// `registry.terraform.io/hashicorp/aws`; legacy `provider.aws` → `registry.terraform.io/hashicorp/aws`.
fn provider_source(config: &str) -> String {
    if let Some(idx) = config.find("provider[\"") {
        let rest = &config[idx + "provider[\"".len()..];
        if let Some(end) = rest.find("\"]") {
            return rest[..end].to_string();
        }
    }
    if let Some(idx) = config.find("provider.") {
        let name = config[idx + "provider.".len()..]
            .split('.')
            .next()
            .unwrap_or("");
        return format!("registry.terraform.io/hashicorp/{name}");
    }
    config.to_string()
}
