//! Resource values from state: where the state is, and what `TYPE.NAME` gives after `apply` — the instances recorded in the state, shaped by the configuration's `count`/`for_each`, decoded only when read.

use std::path::Path;
use std::sync::Arc;

use terrace_eval::Diagnostic;
use terrace_syntax::{ExprKind, Span};
use terrace_types::{Type, Value};

use crate::module::read::diagnostics::{ModuleDiagnostic, Stage, warning};
use crate::module::read::module_config::{BlockConfig, ModuleConfig};
use crate::module::read::options::LoadOptions;
use crate::module::tree::module_calls::provider_source;
use crate::state::{
    Backend, InstanceKey, InstanceObject, LocateOptions, ModuleInstance, ModuleStep, Resource,
    ResourceInstance, ResourceMode, Schemas, State, StateError, locate,
};

/// The state a configuration is evaluated against, and the workspace selected.
#[derive(Clone, Debug)]
pub(crate) struct StateContext {
    /// The state (empty when there is none; then [`State::path`] is `None`).
    pub(crate) state: Arc<State>,
    /// The provider schemas that type it.
    pub(crate) schemas: Arc<Schemas>,
    /// The selected workspace (`terraform.workspace`).
    pub(crate) workspace: String,
    /// The remote backend the state comes from, for `:workspaces` (none: local).
    pub(crate) remote: Option<Arc<RemoteBackend>>,
    /// A backend type terrace does not read: resources that would come from its state
    /// are errors, not `(known after apply)`.
    pub(crate) unread_backend: Option<String>,
    /// A remote backend whose state could not be fetched or read (the error is reported
    /// once, at load): its resources are errors too, not `(known after apply)`.
    pub(crate) failed_backend: Option<String>,
    /// The local backend's `workspace_dir`, when the block sets one.
    pub(crate) local_workspace_dir: Option<String>,
    /// A `cloud` block's workspace variables (category "terraform"): root variable values
    /// below every local source, as Terraform's console takes them.
    pub(crate) workspace_variables: Vec<terrace_backend::WorkspaceVariable>,
}

/// A remote backend's settings and the environment they were read with.
#[derive(Clone, Debug)]
pub(crate) struct RemoteBackend {
    pub(crate) settings: terrace_backend::Settings,
    pub(crate) env: terrace_backend::Env,
}

impl StateContext {
    /// No state, the workspace from the environment alone.
    pub(crate) fn none(options: &LoadOptions) -> StateContext {
        StateContext {
            state: Arc::new(State::empty()),
            schemas: Arc::new(Schemas::builtin()),
            workspace: options.workspace().to_string(),
            remote: None,
            unread_backend: None,
            failed_backend: None,
            local_workspace_dir: None,
            workspace_variables: Vec::new(),
        }
    }

    /// Finds and reads the state of the configuration in `dir` whose root module is
    /// `root`: problems are configuration errors (Terraform's console stops on a state
    /// it cannot read), a remote backend a warning.
    pub(crate) fn load(
        dir: &Path,
        root: &ModuleConfig<'_>,
        options: &LoadOptions,
        early: Option<&crate::module::tree::discover::EarlyScope>,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) -> StateContext {
        // A setting is a literal string; OpenTofu also evaluates variables and locals early.
        let setting = |attr: Option<&crate::module::read::body::ConfigAttr<'_>>| {
            attr.and_then(|a| a.literal_string())
                .or_else(|| early.and_then(|early| early.string(&attr?.expr)))
        };
        let mut context = StateContext::none(options);
        let error = |found: StateError| {
            let mut found = ModuleDiagnostic::without_file(Diagnostic::error(
                "Failed to load state",
                found.to_string(),
                Span::default(),
            ));
            found.stage = Stage::Configuration;
            found
        };
        if let Some(path) = &options.schemas {
            match Schemas::from_file_in(&*options.files, path) {
                Ok(schemas) => context.schemas = Arc::new(schemas),
                Err(found) => diagnostics.push(error(found)),
            }
        }
        let backend = root.terraform.backend.as_ref().map(|block| Backend {
            kind: match &*block.block_type {
                "cloud" => "cloud".to_string(),
                _ => block
                    .labels
                    .first()
                    .map(|(label, _)| label.to_string())
                    .unwrap_or_default(),
            },
            path: setting(block.body.all_content().attr("path")),
            workspace_dir: setting(block.body.all_content().attr("workspace_dir")),
        });
        let located = locate(&LocateOptions {
            config_dir: dir,
            state_file: options.state_file.as_deref(),
            workspace: options.workspace_flag.as_deref(),
            tf_workspace: options.env.get("TF_WORKSPACE").map(String::as_str),
            tf_data_dir: options.env.get("TF_DATA_DIR").map(String::as_str),
            backend: backend.as_ref(),
            files: &*options.files,
        });
        let located = match located {
            Ok(located) => located,
            Err(found) => {
                diagnostics.push(error(found));
                return context;
            }
        };
        context.workspace = located.workspace.clone();
        context.local_workspace_dir = backend
            .as_ref()
            .filter(|b| b.kind == "local")
            .and_then(|b| b.workspace_dir.clone());
        if let (crate::state::StateLocation::Remote { backend: kind }, Some(block)) =
            (&located.state, root.terraform.backend.as_ref())
            && terrace_backend::reads(kind)
        {
            context.read_remote(dir, kind, block, options, diagnostics);
            return context;
        }
        if let crate::state::StateLocation::Remote { backend: kind } = &located.state {
            context.unread_backend = Some(kind.clone());
        }
        if let Some(text) = located.warning() {
            diagnostics.push(ModuleDiagnostic::without_file(warning(
                "Remote state not read",
                text,
                Span::default(),
            )));
        }
        match located.read_from(&*options.files, &context.schemas) {
            Ok(state) => {
                let schemaless: Vec<&str> = state.schemaless_providers().into_iter().collect();
                if !schemaless.is_empty() {
                    let flat = if state.has_schemaless_flat_instances() {
                        " Instances written before Terraform 0.12 (flat attributes) show only their top-level strings, such as `id`, until then."
                    } else {
                        ""
                    };
                    diagnostics.push(ModuleDiagnostic::without_file(warning(
                        "Resources typed without their provider's schema",
                        format!(
                            "No schema is known for {}, so their attributes are typed as jsondecode types JSON (lists are tuples, maps objects). Give the output of `terraform providers schema -json` with --schemas FILE for Terraform's types.{flat}",
                            schemaless.join(", ")
                        ),
                        Span::default(),
                    )));
                }
                context.state = Arc::new(state);
            }
            Err(found) => diagnostics.push(error(found)),
        }
        context
    }

    /// Fetches the selected workspace's state from remote backend `kind` configured by
    /// `block`: problems are configuration errors, as for a local state file.
    fn read_remote(
        &mut self,
        dir: &Path,
        kind: &str,
        block: &crate::module::read::body::ConfigBlock<'_>,
        options: &LoadOptions,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) {
        let (settings, problems) =
            super::backend_settings::backend_settings(dir, kind, block, options);
        for problem in problems {
            diagnostics.push(ModuleDiagnostic::without_file(warning(
                "Backend configuration ignored",
                problem,
                Span::default(),
            )));
        }
        let mut env = terrace_backend::Env::from_process();
        for (name, value) in &options.env {
            env.set(name.clone(), value.clone());
        }
        if matches!(kind, "cloud" | "remote") {
            let cwd = options
                .cwd
                .clone()
                .or_else(|| std::env::current_dir().ok())
                .unwrap_or_else(|| dir.to_path_buf());
            for (host, token) in
                super::cli_credentials::cli_tokens(&env, &cwd, options.files.as_ref())
            {
                env.add_cli_token(host, token);
            }
        }
        if let Some(name) = terrace_backend::pinned_workspace(&settings, &env) {
            self.workspace = name;
        }
        let remote = Arc::new(RemoteBackend { settings, env });
        self.remote = Some(Arc::clone(&remote));
        let error = |summary: &str, detail: String| {
            let mut found =
                ModuleDiagnostic::without_file(Diagnostic::error(summary, detail, Span::default()));
            found.stage = Stage::Configuration;
            found
        };
        let name = self.workspace.clone();
        let interrupt = options.interrupt.as_deref();
        let fetched = match fetch(&remote, interrupt, move |r| {
            terrace_backend::read_state(&r.settings, &name, &r.env)
        }) {
            Ok(fetched) => fetched,
            Err(found) => {
                diagnostics.push(error("Failed to load state", found.to_string()));
                self.failed_backend = Some(kind.to_string());
                return;
            }
        };
        // The `cloud` block's console also takes the workspace's variables (Terraform's
        // FetchVariables); failing to read them stops it, as it stops Terraform's.
        if kind == "cloud" {
            let name = self.workspace.clone();
            match fetch(&remote, interrupt, move |r| {
                terrace_backend::workspace_variables(&r.settings, &name, &r.env)
            }) {
                Ok(variables) => self.workspace_variables = variables,
                Err(found) => diagnostics.push(error(
                    "Failed to load workspace variables",
                    found.to_string(),
                )),
            }
        }
        let Some(bytes) = fetched.bytes else {
            return;
        };
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let offset = e.utf8_error().valid_up_to();
                diagnostics.push(error(
                    "Failed to load state",
                    format!(
                        "{}: the state is not UTF-8 text (invalid byte at offset {offset})",
                        fetched.place
                    ),
                ));
                self.failed_backend = Some(kind.to_string());
                return;
            }
        };
        match State::from_text(fetched.place, &text, &self.schemas) {
            Ok(state) => self.state = Arc::new(state),
            Err(found) => {
                diagnostics.push(error("Failed to load state", found.to_string()));
                self.failed_backend = Some(kind.to_string());
            }
        }
    }

    /// True when a state file was read (a configuration never applied has none).
    pub(crate) fn has_state(&self) -> bool {
        self.state.path().is_some()
    }
}

/// Runs `job` (a fetch from the backend); with an interrupt flag, on a thread of its own so
/// that Ctrl-C ends the wait at once (the thread ends by its own timeouts).
fn fetch<T: Send + 'static>(
    remote: &Arc<RemoteBackend>,
    interrupt: Option<&std::sync::atomic::AtomicBool>,
    job: impl FnOnce(&RemoteBackend) -> Result<T, terrace_backend::BackendError> + Send + 'static,
) -> Result<T, terrace_backend::BackendError> {
    let Some(interrupt) = interrupt else {
        return job(remote);
    };
    let (sender, receiver) = std::sync::mpsc::channel();
    let shared = Arc::clone(remote);
    std::thread::spawn(move || {
        let _ = sender.send(job(&shared));
    });
    loop {
        match receiver.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(result) => return result,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(terrace_backend::BackendError::new(
                    remote.settings.kind(),
                    terrace_backend::ErrorKind::Server,
                    "the fetch stopped without an answer",
                ));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(terrace_backend::BackendError::new(
                        remote.settings.kind(),
                        terrace_backend::ErrorKind::Cancelled,
                        "fetching the state was cancelled (Ctrl-C); `:load` fetches it again",
                    ));
                }
            }
        }
    }
}

/// How the configuration expands a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Single,
    Count,
    ForEach,
}

/// A resource as the state knows it: enough to build its value when read.
#[derive(Clone, Debug)]
pub(crate) struct StateSlot {
    context: StateContext,
    module: ModuleInstance,
    mode: ResourceMode,
    resource_type: String,
    name: String,
    shape: Shape,
    /// The provider's source address, for the schema of a resource not in the state.
    provider: String,
}

impl StateSlot {
    /// The slot of resource `block` of module instance `module`, configured in `config`.
    pub(crate) fn new(
        context: &StateContext,
        module: ModuleInstance,
        block: &BlockConfig<'_>,
        config: &ModuleConfig<'_>,
    ) -> StateSlot {
        let (is_data, resource_type, name) =
            crate::module::references::dependencies::resource_key(block);
        let shape = if block.attr("count").is_some() {
            Shape::Count
        } else if block.attr("for_each").is_some() {
            Shape::ForEach
        } else {
            Shape::Single
        };
        let provider_name = block
            .attr("provider")
            .and_then(|attr| match &attr.expr.strip_parens().kind {
                ExprKind::ScopeTraversal { root, .. } => Some(root.name.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| {
                resource_type
                    .split('_')
                    .next()
                    .unwrap_or_default()
                    .to_string()
            });
        StateSlot {
            context: context.clone(),
            module,
            mode: if is_data {
                ResourceMode::Data
            } else {
                ResourceMode::Managed
            },
            resource_type: resource_type.to_string(),
            name: name.to_string(),
            shape,
            provider: provider_source(config, &provider_name),
        }
    }

    /// True when a state file was read.
    pub(crate) fn has_state(&self) -> bool {
        self.context.has_state()
    }

    /// True when the state lists this resource with instances: it was created (a resource
    /// the state does not list is planned, not created yet).
    pub(crate) fn in_state(&self) -> bool {
        self.context.has_state()
            && self
                .context
                .state
                .resource(&self.module, self.mode, &self.resource_type, &self.name)
                .is_some_and(|resource| !resource.instances().is_empty())
    }

    /// What the resource gives after `apply`: `None` when there is no state at all
    /// (the value with no state applies). The instances are the state's, shaped by the
    /// configuration: a tuple of the `count` indexes, an object of the `for_each` keys,
    /// or the one instance; a resource absent from the state, or listed there with no
    /// instances, is unknown (an object of unknown attributes when it is a single
    /// instance whose schema is known).
    pub(crate) fn value(&self) -> Result<Option<Value>, StateError> {
        if !self.context.has_state() {
            return Ok(None);
        }
        let state = &self.context.state;
        // A resource the state lists with no instances is not created yet either.
        let Some(resource) = state
            .resource(&self.module, self.mode, &self.resource_type, &self.name)
            .filter(|resource| !resource.instances().is_empty())
        else {
            return self.absent().map(Some);
        };
        // Terraform types a resource by its configuration's provider, whatever
        // provider the state names.
        let config_schema = if resource.provider_source == self.provider {
            None
        } else {
            self.context
                .schemas
                .block(&self.provider, self.mode, &self.resource_type)?
        };
        let decode = |object: &InstanceObject| match &config_schema {
            Some(schema) => object.value_with(schema, &self.provider),
            None => object.value(),
        };
        // As Terraform's `GetResource`: an instance with no current object (only deposed
        // ones) is unknown, of the schema's type.
        let unknown = || {
            let ty = match &config_schema {
                Some(schema) => Some(schema.implied_type()),
                None => resource.schema.as_ref().map(|schema| schema.implied_type()),
            };
            Value::unknown(ty.unwrap_or(Type::Dynamic))
        };
        let instance_value = |instance: &ResourceInstance| match instance.current() {
            Some(object) => decode(object),
            None => Ok(unknown()),
        };
        let value = match self.shape {
            Shape::Single => match resource.instance(&InstanceKey::None) {
                Some(instance) => instance_value(instance)?,
                None => unknown(),
            },
            Shape::Count => {
                // A tuple up to the highest index, unknown where the state has no instance.
                let mut elems: Vec<Option<Value>> = Vec::new();
                for instance in resource.instances() {
                    let InstanceKey::Int(index) = instance.key else {
                        continue;
                    };
                    let Ok(index) = usize::try_from(index) else {
                        return Err(negative_index(state, resource, instance));
                    };
                    if index >= elems.len() {
                        elems.resize(index + 1, None);
                    }
                    elems[index] = Some(instance_value(instance)?);
                }
                Value::tuple(elems.into_iter().map(|elem| elem.unwrap_or_else(unknown)))
            }
            Shape::ForEach => {
                let mut attrs = Vec::new();
                for instance in resource.instances() {
                    if let InstanceKey::Str(key) = &instance.key {
                        attrs.push((key.clone(), instance_value(instance)?));
                    }
                }
                Value::object(attrs)
            }
        };
        Ok(Some(value))
    }

    /// A configured resource the state does not have: not created yet.
    fn absent(&self) -> Result<Value, StateError> {
        if self.shape != Shape::Single {
            return Ok(Value::unknown(Type::Dynamic));
        }
        let schema = self
            .context
            .schemas
            .block(&self.provider, self.mode, &self.resource_type)?;
        let implied = schema.map(|block| block.implied_type());
        Ok(match implied.as_ref().and_then(Type::object_type) {
            Some(object) => Value::object(
                object
                    .attrs
                    .iter()
                    .map(|(name, ty)| (name.clone(), Value::unknown(ty.clone()))),
            ),
            None => Value::unknown(Type::Dynamic),
        })
    }
}

/// The error for a `count` resource whose state has a negative index, where Terraform
/// 1.15.5 crashes.
fn negative_index(state: &State, resource: &Resource, instance: &ResourceInstance) -> StateError {
    StateError::Crash {
        path: state.path().map(Path::to_path_buf).unwrap_or_default(),
        message: format!(
            "{} has a negative index",
            resource.instance_addr(&instance.key)
        ),
    }
}

/// The state address of a module instance: `module.NAME[KEY]` for each call on the way.
pub(crate) fn module_address(
    steps: &[(String, super::instance_key::InstanceKey)],
) -> ModuleInstance {
    ModuleInstance::new(
        steps
            .iter()
            .map(|(name, key)| ModuleStep {
                name: name.clone(),
                key: match key {
                    super::instance_key::InstanceKey::None => InstanceKey::None,
                    super::instance_key::InstanceKey::Index(i) => {
                        InstanceKey::Int(i64::try_from(*i).unwrap_or(i64::MAX))
                    }
                    super::instance_key::InstanceKey::Key(k) => InstanceKey::Str(k.clone()),
                },
            })
            .collect(),
    )
}
