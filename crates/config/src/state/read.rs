//! Reading a state file (format version 4, as Terraform 0.12+ and unencrypted OpenTofu write it) into a [`State`]: version and encryption checks, resources, instances and outputs.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use terrace_functions::{Disk, FileSource};
use terrace_syntax::json::parse_json;
use terrace_types::Type;

use super::address::{
    InstanceKey, ModuleInstance, ResourceInstanceAddr, ResourceMode, traversal_error,
};
use super::check_results::check_results;
use super::cty_json::{DecodeError, decode_typed, parse_type};
use super::error::StateError;
use super::file::read_if_exists;
use super::go_json::{
    GoErrors, GoType, INSTANCE_FIELDS, OUTPUT_FIELDS, RESOURCE_FIELDS, STATE_FIELDS, field,
};
use super::model::{
    EachMode, InstanceObject, ObjectStatus, Output, Resource, ResourceInstance, Source, State,
};
use super::raw::{RawInstance, ResourceHead};
use super::scanner::{ScanError, Scanner};
use super::schema::{Schemas, reads_state_strictly};
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
        State::read_from(&Disk, path, schemas)
    }

    /// [`State::read`] through `files` (the disk, or an
    /// [`Overlay`](terrace_functions::Overlay) holding the state in memory).
    ///
    /// ```
    /// use terrace_config::state::{Schemas, State};
    /// use terrace_functions::Overlay;
    ///
    /// let files = Overlay::in_memory().with("terraform.tfstate", r#"{"version": 4, "terraform_version": "1.15.5", "serial": 1, "lineage": "x", "outputs": {}, "resources": []}"#);
    /// let state = State::read_from(&files, "terraform.tfstate".as_ref(), &Schemas::builtin()).unwrap();
    /// assert!(state.is_empty());
    /// ```
    pub fn read_from(
        files: &dyn FileSource,
        path: &Path,
        schemas: &Schemas,
    ) -> Result<State, StateError> {
        let Some(bytes) = read_if_exists(files, path)? else {
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
            go: GoErrors::default(),
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
    /// Go's decoding errors found so far.
    go: GoErrors,
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
        if text.starts_with('\u{feff}') {
            // Go's JSON decoder takes no byte-order mark.
            return Err(self.unsupported(
                "The state file could not be parsed as JSON: syntax error at byte offset 1.".into(),
            ));
        }
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
        // What Terraform finds wrong in `check_results` once it has decoded them.
        let mut check_error: Option<StateError> = None;
        let scanned = scanner.object(|s, key, _| {
            s.peek();
            let at = s.offset();
            let name = field(&key, STATE_FIELDS).unwrap_or(&key);
            match name {
                "version" => envelope.version = Some(s.skip_value()?),
                "terraform_version" => {
                    let range = s.skip_value()?;
                    let raw = &text[range];
                    if self.go.check(at, "terraform_version", raw, GoType::String) {
                        envelope.terraform_version = json_string(raw);
                    }
                }
                "serial" => {
                    let range = s.skip_value()?;
                    let raw = &text[range];
                    if self.go.check(at, "serial", raw, GoType::Uint64) {
                        self.state.serial = raw.parse().unwrap_or(0);
                    }
                }
                "lineage" => {
                    let range = s.skip_value()?;
                    let raw = &text[range];
                    if self.go.check(at, "lineage", raw, GoType::String) {
                        self.state.lineage = json_string(raw).unwrap_or_default();
                    }
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
                    // Go decodes a key given twice into a slice anew: the last one counts.
                    self.resources.clear();
                    shape_error = None;
                    envelope.resources_read = false;
                    let is_v4 = envelope
                        .version
                        .as_ref()
                        .is_some_and(|v| text[v.clone()].trim() == "4");
                    if is_v4 && s.peek() == Some(b'[') {
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
                "outputs" => {
                    let range = s.skip_value()?;
                    check_outputs(&mut self.go, text, range.clone());
                    envelope.outputs = Some(range);
                }
                "check_results" => {
                    let range = s.skip_value()?;
                    if let Err(e) = check_results(&self.source, &mut self.go, range) {
                        check_error.get_or_insert(e);
                    }
                }
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
        if version < 4 {
            self.state.terraform_version = envelope.terraform_version;
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
            let raw = &text[range.clone()];
            if self.go.check(range.start, "resources", raw, GoType::Array) && raw != "null" {
                let mut scanner = Scanner::new(text);
                scanner.skip_to(range.start);
                match self.read_resources(&mut scanner) {
                    Ok(()) => {}
                    Err(ReadError::Scan(e)) => return Err(self.json_error(e)),
                    Err(ReadError::State(e)) => shape_error = shape_error.or(Some(e)),
                }
            }
        }
        // Go's decoding errors come first: Terraform reads nothing further then.
        if let Some(error) = std::mem::take(&mut self.go).into_error(&self.source) {
            return Err(error);
        }
        if let Some(error) = shape_error {
            return Err(error);
        }
        if let Some(version) = envelope.terraform_version.as_deref()
            && !version.is_empty()
            && !crate::module::read::version_constraint::is_version(version)
        {
            return Err(self.source.invalid(
                0,
                format!("Invalid Terraform version string: State file claims to have been written by Terraform version \"{version}\", which is not a valid version string."),
            ));
        }
        self.state.terraform_version = envelope.terraform_version;
        if let Some(range) = envelope.outputs {
            self.read_outputs(range)?;
        }
        if let Some(error) = check_error {
            return Err(error);
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
                    Some(v) if crate::module::read::version_constraint::is_version(v) => format!("This state file was created by Terraform {v}."),
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
        let source = Arc::clone(&self.source);
        let text: &str = &source.text;
        if s.peek() != Some(b'{') {
            // `null` is a resource with every field empty, whose empty mode is refused.
            let range = s.skip_value()?;
            if !self
                .go
                .check(start, "resources", &text[range], GoType::Object)
            {
                return Ok(());
            }
        }
        let mut mode: Option<(String, usize)> = None;
        let mut resource_type = String::new();
        let mut name = String::new();
        let mut module: Option<(String, usize)> = None;
        let mut provider = String::new();
        let mut each: Option<EachMode> = None;
        let mut instances: Vec<RawInstance> = Vec::new();
        let mut error: Option<StateError> = None;
        let go = &mut self.go;
        if s.peek() == Some(b'{') {
            s.object(|s, key, _| {
                s.peek();
                let at = s.offset();
                let Some(field) = field(&key, RESOURCE_FIELDS) else {
                    s.skip_value()?;
                    return Ok(());
                };
                if field == "instances" {
                    if s.peek() == Some(b'[') {
                        s.array(|s| {
                            match read_instance(&source, go, s) {
                                Ok(raw) => instances.push(raw),
                                Err(ReadError::Scan(e)) => return Err(e),
                                Err(ReadError::State(e)) => {
                                    error.get_or_insert(e);
                                }
                            }
                            Ok(())
                        })?;
                    } else {
                        let range = s.skip_value()?;
                        go.check(at, "resources.instances", &text[range], GoType::Array);
                    }
                    return Ok(());
                }
                let range = s.skip_value()?;
                let raw = &text[range];
                if !go.check(at, &format!("resources.{field}"), raw, GoType::String) {
                    return Ok(());
                }
                let value = json_string(raw).unwrap_or_default();
                match field {
                    "mode" => mode = Some((value, at)),
                    "type" => resource_type = value,
                    "name" => name = value,
                    "module" => module = Some((value, at)),
                    "provider" => provider = value,
                    // Terraform does not read `each` (nor check it).
                    _ => {
                        each = match value.as_str() {
                            "list" => Some(EachMode::List),
                            "map" => Some(EachMode::Map),
                            _ => None,
                        }
                    }
                }
                Ok(())
            })?;
        }
        if let Some(e) = error {
            return Err(e.into());
        }
        let (mode_text, mode_offset) = mode.unwrap_or((String::new(), start));
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
                    let summary =
                        traversal_error(&text).unwrap_or(if e.contains("Invalid module index") {
                            "Invalid address operator"
                        } else {
                            "Invalid module instance address"
                        });
                    self.source.invalid(
                        offset,
                        format!("{summary}: invalid module address \"{text}\": {e}"),
                    )
                })?
            }
            _ => ModuleInstance::root(),
        };
        // Terraform drops a resource whose provider it cannot read: the configuration
        // then sees it as not created yet.
        let provider = without_spaces(&provider);
        if !is_provider_config_address(&provider) {
            return Ok(());
        }
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
        let identity_ty = identity_type(&resource.provider_source, mode, &resource.resource_type);
        for raw in instances {
            let object = InstanceObject {
                status: raw.status,
                schema_version: raw.schema_version,
                sensitive_paths: raw.sensitive_paths,
                source: Arc::clone(&self.source),
                attributes: raw.attributes,
                flatmap: raw.flatmap,
                identity: raw.identity.zip(identity_ty.clone()),
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
            let address = || ResourceInstanceAddr {
                module: resource.module.clone(),
                mode: resource.mode,
                resource_type: resource.resource_type.clone(),
                name: resource.name.clone(),
                key: instance.key.clone(),
            };
            match raw.deposed {
                Some((deposed, at)) if deposed.len() != 8 => {
                    let address = address();
                    return Err(self
                        .source
                        .invalid(
                            at,
                            format!("Invalid resource instance metadata in state: Instance {address} has an object with deposed key \"{deposed}\", which is not correctly formatted."),
                        )
                        .into());
                }
                Some((deposed, at)) if instance.deposed.iter().any(|(d, _)| *d == deposed) => {
                    let address = address();
                    return Err(self
                        .source
                        .invalid(
                            at,
                            format!("Duplicate resource instance in state: Instance {address} deposed object \"{deposed}\" appears multiple times in the state file."),
                        )
                        .into());
                }
                Some((deposed, _)) => instance.deposed.push((deposed, object)),
                None if instance.current.is_some() => {
                    let address = address();
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
        let shift = |summary: &str, name: &str, e: DecodeError| {
            source.invalid(
                range.start + e.offset,
                format!(
                    "{summary}: The state file has an invalid {} for output \"{name}\": {}.",
                    if summary.contains("type") {
                        "type specification"
                    } else {
                        "value"
                    },
                    e.message
                ),
            )
        };
        let json = source.parse_json_at(range.start, text)?;
        let Some(outputs) = json.as_object() else {
            if matches!(json.kind, terrace_syntax::json::JsonKind::Null) {
                return Ok(());
            }
            return Err(source.invalid(range.start, "`outputs` must be an object"));
        };
        for output in outputs {
            let name = output.name.as_str();
            let at = range.start + output.value.span.start as usize;
            // Go's field matching: the last key naming the field, in any case.
            let member = |field: &str| {
                output.value.as_object().and_then(|props| {
                    props
                        .iter()
                        .rev()
                        .find(|p| {
                            super::go_json::field(p.name.as_str(), OUTPUT_FIELDS) == Some(field)
                        })
                        .map(|p| &p.value)
                })
            };
            let Some(ty) = member("type") else {
                return Err(source.invalid(
                    at,
                    format!("Invalid output value type in state: The state file has an invalid type specification for output \"{name}\": EOF."),
                ));
            };
            let ty =
                parse_type(ty).map_err(|e| shift("Invalid output value type in state", name, e))?;
            let Some(value_json) = member("value") else {
                return Err(source.invalid(
                    at,
                    format!("Invalid output value saved in state: The state file has an invalid value for output \"{name}\": EOF."),
                ));
            };
            let value = decode_typed(value_json, &ty)
                .map_err(|e| shift("Invalid output value saved in state", name, e))?;
            let sensitive = matches!(
                member("sensitive").map(|v| &v.kind),
                Some(terrace_syntax::json::JsonKind::Bool(true))
            );
            self.state
                .outputs
                .insert(name.to_string(), Output::new(value, sensitive));
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

fn read_instance(
    source: &Source,
    go: &mut GoErrors,
    s: &mut Scanner<'_>,
) -> Result<RawInstance, ReadError> {
    let mut raw = RawInstance {
        key: InstanceKey::None,
        deposed: None,
        status: ObjectStatus::Ready,
        schema_version: 0,
        attributes: 0..0,
        flatmap: None,
        sensitive_paths: Vec::new(),
        identity: None,
    };
    let text: &str = &source.text;
    if s.peek() != Some(b'{') {
        // `null` is an instance with every field empty.
        let start = s.offset();
        let range = s.skip_value()?;
        go.check(start, "resources.instances", &text[range], GoType::Object);
        return Ok(raw);
    }
    let mut error: Option<StateError> = None;
    let mut flat: Option<Range<usize>> = None;
    s.object(|s, key, _| {
        s.peek();
        let at = s.offset();
        let Some(field) = field(&key, INSTANCE_FIELDS) else {
            s.skip_value()?;
            return Ok(());
        };
        let range = s.skip_value()?;
        let value = &text[range.clone()];
        let path = |field: &str| format!("resources.instances.{field}");
        match field {
            "index_key" => match value.as_bytes().first() {
                Some(b'"') => raw.key = InstanceKey::Str(json_string(value).unwrap_or_default()),
                Some(b'n') => raw.key = InstanceKey::None,
                _ => match instance_index(value) {
                    Some(i) => raw.key = InstanceKey::Int(i),
                    None => {
                        error.get_or_insert_with(|| {
                            source.invalid(at, format!("Invalid resource instance metadata in state: the instance key {value} is not a number or a string."))
                        });
                    }
                },
            },
            "deposed" => {
                if go.check(at, &path(field), value, GoType::String) {
                    let key = json_string(value).unwrap_or_default();
                    raw.deposed = (!key.is_empty()).then_some((key, at));
                }
            }
            "status" => {
                if go.check(at, &path(field), value, GoType::String) {
                    match json_string(value).unwrap_or_default().as_str() {
                        "" => raw.status = ObjectStatus::Ready,
                        "tainted" => raw.status = ObjectStatus::Tainted,
                        other => {
                            error.get_or_insert_with(|| {
                                source.invalid(at, format!("Invalid resource instance metadata in state: invalid status \"{other}\"."))
                            });
                        }
                    }
                }
            }
            "schema_version" => {
                if go.check(at, &path(field), value, GoType::Uint64) {
                    raw.schema_version = value.parse().unwrap_or(0);
                }
            }
            "identity_schema_version" => {
                go.check(at, &path(field), value, GoType::Uint64);
            }
            // Any JSON: a value that is not an object fails where the instance is read.
            "attributes" => raw.attributes = range,
            "identity" => raw.identity = (value != "null").then_some(range),
            "attributes_flat" => {
                // Only the instance is unreadable, not the state: see `InstanceObject::value`.
                if go.check(at, &path(field), value, GoType::StringMap) && value != "null" {
                    flat = Some(range.clone());
                }
            }
            "private" => {
                go.check(at, &path(field), value, GoType::Bytes);
            }
            "create_before_destroy" => {
                go.check(at, &path(field), value, GoType::Bool);
            }
            "dependencies" => {
                if go.check(at, &path(field), value, GoType::Strings)
                    && let Some(e) = dependencies_error(value)
                {
                    error.get_or_insert_with(|| source.invalid(at, e));
                }
            }
            _ => {
                if value != "[]" && value != "null" {
                    match parse_json(value) {
                        Ok(json) => match parse_paths(&json) {
                            Ok(paths) => raw.sensitive_paths = paths,
                            Err(e) => {
                                error.get_or_insert_with(|| source.invalid(range.start + e.offset, e.message));
                            }
                        },
                        Err(e) => {
                            error.get_or_insert_with(|| source.invalid(range.start + e.span().start as usize, e.message().to_string()));
                        }
                    }
                }
            }
        }
        Ok(())
    })?;
    // `attributes` (even `null`) wins over `attributes_flat`.
    if raw.attributes.is_empty() {
        raw.flatmap = flat;
    }
    match error {
        Some(e) => Err(e.into()),
        None => Ok(raw),
    }
}

/// The error Terraform gives for `dependencies` (a JSON array of strings or nulls) when
/// one is not a resource address (`module.m[0].aws_instance.web`, without an instance key).
fn dependencies_error(value: &str) -> Option<String> {
    let mut scanner = Scanner::new(value);
    let mut found = None;
    let _ = scanner.array(|s| {
        let range = s.skip_value()?;
        let Some(address) = json_string(&value[range]) else {
            return Ok(());
        };
        if found.is_none() {
            found = match ResourceInstanceAddr::parse(&address) {
                Ok(addr) if addr.key == InstanceKey::None => None,
                Ok(_) => Some(format!("Invalid address: the dependency \"{address}\" is a resource instance; a resource address is required.")),
                Err(e) => Some(format!(
                    "{}: the dependency \"{address}\" is not a resource address: {e}.",
                    traversal_error(&address).unwrap_or("Invalid address")
                )),
            };
        }
        Ok(())
    });
    found
}

/// The string a JSON string literal `raw` holds (`None` for any other JSON).
fn json_string(raw: &str) -> Option<String> {
    if !raw.starts_with('"') {
        return None;
    }
    Scanner::new(raw).string().ok().map(Cow::into_owned)
}

/// A numeric instance key as Terraform reads it (a JSON number, truncated to an integer).
fn instance_index(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().or_else(|| {
        let f = text.parse::<f64>().ok()?;
        // Truncation as Go's int(float64); out-of-range keys are refused.
        (f.is_finite() && f.abs() < 9.0e18).then(|| f.trunc() as i64)
    })
}

/// Go's decoding errors in `outputs` (a map of objects with a boolean `sensitive`),
/// recorded in `go`; `range` is where `outputs` is in `text`.
fn check_outputs(go: &mut GoErrors, text: &str, range: Range<usize>) {
    let raw = &text[range.clone()];
    if !go.check(range.start, "outputs", raw, GoType::Object) || raw == "null" {
        return;
    }
    let mut scanner = Scanner::new(text);
    scanner.skip_to(range.start);
    let _ = scanner.object(|s, _, _| {
        let output = s.skip_value()?;
        let at = output.start;
        let raw = &text[output.clone()];
        if !go.check(at, "outputs", raw, GoType::Object) || raw == "null" {
            return Ok(());
        }
        let mut inner = Scanner::new(text);
        inner.skip_to(at);
        inner.object(|s, key, _| {
            let value = s.skip_value()?;
            let at = value.start;
            if field(&key, OUTPUT_FIELDS) == Some("sensitive") {
                go.check(at, "outputs.sensitive", &text[value], GoType::Bool);
            }
            Ok(())
        })
    });
}

/// The type of a resource type's `identity`, when Terraform checks it on reading an
/// instance: the built-in `terraform_data`'s, `{id = string}` (other providers' identity
/// schemas are not known here).
fn identity_type(provider_source: &str, mode: ResourceMode, resource_type: &str) -> Option<Type> {
    (provider_source == super::schema::BUILTIN_PROVIDER
        && mode == ResourceMode::Managed
        && resource_type == "terraform_data")
        .then(|| Type::object([("id".to_string(), Type::String)]))
}

/// Whether Terraform reads `text` as a provider configuration address, current
/// (`module.a.provider["registry.terraform.io/hashicorp/aws"].east`) or legacy
/// (`provider.aws.east`): module calls without keys, then `provider`, the provider, and
/// an optional alias.
fn is_provider_config_address(text: &str) -> bool {
    let is_name = |name: &str| {
        name.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    };
    let mut rest = text;
    while let Some(after) = rest.strip_prefix("module.") {
        let Some((name, next)) = after.split_once('.') else {
            return false;
        };
        if !is_name(name) {
            return false;
        }
        rest = next;
    }
    let Some(after) = rest.strip_prefix("provider") else {
        return false;
    };
    let alias_ok = |alias: &str| alias.is_empty() || alias.strip_prefix('.').is_some_and(is_name);
    if let Some(quoted) = after.strip_prefix("[\"") {
        return match quoted.split_once("\"]") {
            Some((source, alias)) => is_provider_source(source) && alias_ok(alias),
            None => false,
        };
    }
    match after.strip_prefix('.') {
        Some(legacy) => {
            let (name, alias) = legacy.split_at(legacy.find('.').unwrap_or(legacy.len()));
            is_name(name) && alias_ok(alias)
        }
        None => false,
    }
}

/// Whether `source` is a provider source address Terraform accepts (`hashicorp/aws`,
/// `registry.terraform.io/hashicorp/aws`, `aws`): one to three parts, a hostname then a
/// namespace and a type of letters, digits and single dashes, the type not starting with
/// `terraform-`.
fn is_provider_source(source: &str) -> bool {
    let parts: Vec<&str> = source.split('/').collect();
    let is_part = |part: &str| {
        !part.is_empty()
            && !part.starts_with('-')
            && !part.ends_with('-')
            && !part.contains("--")
            && part.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    let is_host = |host: &str| {
        !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | ':'))
    };
    let Some((ty, rest)) = parts.split_last() else {
        return false;
    };
    let namespace_ok = match rest {
        [] => true,
        [namespace] => *namespace == "-" || is_part(namespace),
        [host, namespace] => is_host(host) && (*namespace == "-" || is_part(namespace)),
        _ => false,
    };
    namespace_ok && is_part(ty) && !ty.starts_with("terraform-")
}

/// `text` without the spaces and tabs HCL allows between a traversal's tokens (those
/// inside quotes kept).
fn without_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut quoted, mut escaped) = (false, false);
    for c in text.chars() {
        if quoted {
            escaped = c == '\\' && !escaped;
            if c == '"' && !escaped {
                quoted = false;
            }
        } else if c == '"' {
            quoted = true;
        } else if c == ' ' || c == '\t' {
            continue;
        }
        out.push(c);
    }
    out
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
