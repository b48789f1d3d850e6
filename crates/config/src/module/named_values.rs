//! Building a module's [`Scope`]: variables, then locals, resources, module calls and outputs in dependency order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use terrace_syntax::{Expr, Name, Span};
use terrace_types::{Type, Value};

use super::attribute_paths::{Paths, collect};
use super::dependencies::{Graph, Node, cycle_diagnostic, managed_types, resource_key};
use super::diagnostics::{ModuleDiagnostic, mark_configuration, warning};
use super::files::{FileId, SourceFiles, files_with_suffix, module_file_names};
use super::loader::{BlockConfig, TerraformSettings, read_module};
use super::lock_file::LockFile;
use super::module_calls::{
    ModuleCallValue, eval_module_call, is_local_source, join_clean, source_of,
};
use super::outputs::{OutputValue, eval_output};
use super::resources::{ResourceValue, eval_resource};
use super::test_files::TestFile;
use super::variables::{Assignment, RootAssignments, decode, finalize, root_assignments, validate};
use super::{LoadOptions, LoadedModule};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;
use terrace_eval::functions::CallContext;

/// How deep local module calls may nest (a module calling itself stops here).
const MAX_MODULE_DEPTH: usize = 16;

/// Where a variable's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariableSource {
    /// The `default` argument.
    Default,
    /// A `TF_VAR_name` environment variable.
    Environment,
    /// A `.tfvars` file (`terraform.tfvars`, `*.auto.tfvars`, `--var-file`).
    File(Arc<Path>),
    /// A `--var` assignment.
    CommandLine,
    /// An argument of the calling `module` block.
    ModuleArgument,
    /// No value: a required variable, unknown here.
    Unset,
}

/// An input variable's final value.
#[derive(Clone, Debug)]
pub struct VariableValue {
    /// The variable's name.
    pub name: Name,
    /// The value (unknown when unset; marked when sensitive).
    pub value: Value,
    /// Where it came from.
    pub source: VariableSource,
    /// `sensitive = true`.
    pub sensitive: bool,
}

/// One evaluated module: its named values and the scope built from them.
#[derive(Debug)]
pub struct ModuleInstance {
    /// The module directory.
    pub dir: PathBuf,
    /// `path.module`.
    pub path_module: String,
    /// Input variables in declaration order.
    pub variables: Vec<VariableValue>,
    /// Local values in declaration order.
    pub locals: Vec<(Name, Value)>,
    /// Outputs in declaration order.
    pub outputs: Vec<OutputValue>,
    /// Resources and data sources in declaration order.
    pub resources: Vec<ResourceValue>,
    /// Module calls in declaration order.
    pub module_calls: Vec<ModuleCallValue>,
    /// The `terraform` block settings.
    pub settings: TerraformSettings,
    pub(crate) scope: Scope,
}

impl ModuleInstance {
    /// The object `module.NAME` gives: the outputs by name.
    pub fn outputs_value(&self) -> Value {
        Value::object(
            self.outputs
                .iter()
                .map(|o| (o.name.clone(), o.value.clone())),
        )
    }

    /// The scope expressions of this module are evaluated in.
    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// See [`LoadedModule::scope_for`].
    pub fn scope_for(&self, expr: &Expr) -> Scope {
        let mut scope = self.scope.clone();
        self.open_resources(&mut scope, expr);
        scope
    }

    /// See [`LoadedModule::open_resources`].
    pub fn open_resources(&self, scope: &mut Scope, expr: &Expr) {
        let managed: BTreeSet<Name> = self
            .resources
            .iter()
            .filter(|r| !r.is_data)
            .map(|r| r.resource_type.clone())
            .collect();
        let mut wanted = Paths::new();
        collect(expr, &managed, &mut wanted);
        if wanted.is_empty() {
            return;
        }
        for resource in &self.resources {
            let key = (
                resource.is_data,
                resource.resource_type.clone(),
                resource.name.clone(),
            );
            if let Some(paths) = wanted.get(&key) {
                insert_resource(scope, resource, resource.with_paths(paths));
            }
        }
    }
}

/// The files of one module directory.
#[derive(Debug, Default)]
pub(crate) struct DirFiles {
    primary: Vec<FileId>,
    overrides: Vec<FileId>,
}

/// What every module evaluation shares.
pub(crate) struct LoadCtx<'l> {
    pub(crate) files: &'l SourceFiles,
    dirs: &'l BTreeMap<PathBuf, DirFiles>,
    options: &'l LoadOptions,
    cwd: String,
    root_dir: PathBuf,
    tfvars: Vec<FileId>,
    /// The directories of the modules being evaluated, outermost first.
    pub(crate) stack: std::cell::RefCell<Vec<PathBuf>>,
}

/// Loads and evaluates the module in `dir` (see [`super::load_module`]).
pub(crate) fn load(dir: &Path, options: &LoadOptions) -> LoadedModule {
    let mut files = SourceFiles::default();
    let mut diagnostics = Vec::new();
    let mut dirs = BTreeMap::new();
    let root_dir = join_clean(dir, ".");
    discover(&root_dir, &mut files, &mut dirs, 0, &mut diagnostics);
    let mut tfvars = Vec::new();
    for name in ["terraform.tfvars", "terraform.tfvars.json"] {
        let default_tfvars = root_dir.join(name);
        if default_tfvars.is_file() {
            tfvars.push(files.load(&default_tfvars, &mut diagnostics));
        }
    }
    // `*.auto.tfvars` and `*.auto.tfvars.json` together, in lexical order.
    let mut auto = files_with_suffix(&root_dir, ".auto.tfvars");
    auto.extend(files_with_suffix(&root_dir, ".auto.tfvars.json"));
    auto.sort();
    for path in auto {
        tfvars.push(files.load(&path, &mut diagnostics));
    }
    for path in &options.var_files {
        tfvars.push(files.load(path, &mut diagnostics));
    }
    let lock_path = root_dir.join(".terraform.lock.hcl");
    let lock_file = lock_path.is_file().then(|| {
        let id = files.load(&lock_path, &mut diagnostics);
        LockFile::read(&files, id, &mut diagnostics)
    });
    // Syntax errors in the configuration, `.tfvars` and lock files are
    // configuration errors; the test files are not read by the console.
    mark_configuration(&mut diagnostics, 0);
    let test_files = TestFile::load_all(&root_dir, &mut files, &mut diagnostics);
    let cwd = options
        .cwd
        .clone()
        .unwrap_or_else(|| std::path::absolute(&root_dir).unwrap_or_else(|_| root_dir.clone()));
    let ctx = LoadCtx {
        files: &files,
        dirs: &dirs,
        options,
        cwd: cwd.to_string_lossy().into_owned(),
        root_dir: root_dir.clone(),
        tfvars,
        stack: std::cell::RefCell::new(Vec::new()),
    };
    let root = eval_module(&ctx, &root_dir, ".", None, 0, &mut diagnostics);
    LoadedModule {
        files,
        root,
        diagnostics,
        lock_file,
        test_files,
    }
}

/// Reads the files of `dir` and, recursively, of the local modules it calls.
fn discover(
    dir: &Path,
    files: &mut SourceFiles,
    dirs: &mut BTreeMap<PathBuf, DirFiles>,
    depth: usize,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    if dirs.contains_key(dir) || depth > MAX_MODULE_DEPTH {
        return;
    }
    let names = match module_file_names(dir) {
        Ok(names) => names,
        Err(error) => {
            diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
                "Failed to read module directory",
                format!(
                    "Module directory {} does not exist or cannot be read: {error}.",
                    dir.display()
                ),
                Span::default(),
            )));
            dirs.insert(dir.to_path_buf(), DirFiles::default());
            return;
        }
    };
    let primary: Vec<FileId> = names
        .primary
        .iter()
        .map(|p| files.load(p, diagnostics))
        .collect();
    let overrides: Vec<FileId> = names
        .overrides
        .iter()
        .map(|p| files.load(p, diagnostics))
        .collect();
    let mut children = Vec::new();
    const MODULE_BLOCKS: super::body::BodySchema = super::body::BodySchema {
        attributes: &[],
        blocks: &[("module", 1)],
        open: true,
    };
    for &id in primary.iter().chain(&overrides) {
        for block in files.body(id).content(&MODULE_BLOCKS).0.blocks {
            if &*block.block_type != "module" {
                continue;
            }
            let content = block.body.all_content();
            let source = content.attr("source").and_then(|attr| {
                match &attr.literal_expr().strip_parens().kind {
                    terrace_syntax::ExprKind::Literal(terrace_syntax::Literal::String(s)) => {
                        Some(s.to_string())
                    }
                    _ => None,
                }
            });
            if let Some(source) = source.filter(|s| is_local_source(s)) {
                children.push(join_clean(dir, &source));
            }
        }
    }
    dirs.insert(dir.to_path_buf(), DirFiles { primary, overrides });
    for child in children {
        discover(&child, files, dirs, depth + 1, diagnostics);
    }
}

/// Inserts a resource's value into the scope (`TYPE.NAME`, or `data.TYPE.NAME`).
fn insert_resource(scope: &mut Scope, resource: &ResourceValue, value: Value) {
    if resource.is_data {
        let data = scope
            .get("data")
            .cloned()
            .unwrap_or_else(Value::empty_object);
        let by_type = data
            .get_attr(&resource.resource_type)
            .cloned()
            .unwrap_or_else(Value::empty_object);
        let mut attrs = by_type.as_attrs().cloned().unwrap_or_default();
        attrs.insert(resource.name.clone(), value);
        scope.insert_attr("data", &resource.resource_type, Value::object(attrs));
    } else {
        scope.insert_attr(&resource.resource_type, &resource.name, value);
    }
}

/// Evaluates one module: `inputs` are the arguments of the calling `module`
/// block (`None` for the root module, whose values come from the options).
pub(crate) fn eval_module(
    ctx: &LoadCtx<'_>,
    dir: &Path,
    path_module: &str,
    inputs: Option<(BTreeMap<Name, Assignment>, &BlockConfig<'_>)>,
    depth: usize,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> ModuleInstance {
    ctx.stack.borrow_mut().push(dir.to_path_buf());
    let instance = eval_module_in(ctx, dir, path_module, inputs, depth, diagnostics);
    ctx.stack.borrow_mut().pop();
    instance
}

fn eval_module_in(
    ctx: &LoadCtx<'_>,
    dir: &Path,
    path_module: &str,
    inputs: Option<(BTreeMap<Name, Assignment>, &BlockConfig<'_>)>,
    depth: usize,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> ModuleInstance {
    let files = ctx.files;
    let empty = DirFiles::default();
    let dir_files = ctx.dirs.get(dir).unwrap_or(&empty);
    let decoding_starts = diagnostics.len();
    let config = read_module(files, &dir_files.primary, &dir_files.overrides, diagnostics);
    // As in Terraform, relative paths in file functions are relative to the
    // working directory, the root module's: `path.module` is relative to it.
    let evaluator = Evaluator::new().with_context(CallContext {
        base_dir: ctx.root_dir.clone(),
        ..CallContext::default()
    });
    let mut scope = Scope::terraform();
    scope.insert_namespace(
        "path",
        Value::object([
            ("cwd", Value::string(&ctx.cwd)),
            ("module", Value::string(path_module)),
            ("root", Value::string(".")),
        ]),
    );
    scope.insert_namespace(
        "terraform",
        Scope::terraform_object(ctx.options.workspace()),
    );

    // Input variables.
    let decls: Vec<_> = config
        .variables
        .iter()
        .map(|block| decode(block, files, &evaluator, diagnostics))
        .collect();
    mark_configuration(diagnostics, decoding_starts);
    let is_root = inputs.is_none();
    let mut assignments = match &inputs {
        None => root_assignments(
            &decls,
            &RootAssignments {
                env: &ctx.options.env,
                tfvars: ctx.tfvars.clone(),
                cli_vars: &ctx.options.vars,
            },
            files,
            &evaluator,
            diagnostics,
        ),
        Some((args, call)) => {
            for (name, assignment) in args {
                if !decls.iter().any(|d| &d.name == name) {
                    let (file, span) = assignment.place.unwrap_or((call.file, call.def_span));
                    diagnostics.push(ModuleDiagnostic::new(
                        file,
                        Diagnostic::error(
                            "Unsupported argument",
                            format!("An argument named \"{name}\" is not expected here."),
                            span,
                        ),
                    ));
                }
            }
            args.clone()
        }
    };
    let mut variables = Vec::new();
    let mut unset: Vec<Name> = Vec::new();
    for decl in &decls {
        let assignment = assignments.remove(&decl.name);
        let excused_input = assignment
            .as_ref()
            .is_some_and(|a| !a.value.is_wholly_known());
        let (value, source) = match finalize(decl, assignment, files, diagnostics) {
            Some(found) => found,
            None => {
                if let (Some((_, call)), false, false) =
                    (&inputs, decl.default.is_some(), excused_input)
                {
                    diagnostics.push(ModuleDiagnostic::new(
                        call.file,
                        Diagnostic::error(
                            "Missing required argument",
                            format!(
                                "The argument \"{}\" is required, but no definition was found.",
                                decl.name
                            ),
                            call.def_span,
                        ),
                    ));
                }
                unset.push(decl.name.clone());
                let value = Value::unknown(decl.constraint.result_type());
                let value = if decl.sensitive {
                    value.mark(terrace_types::Marks::SENSITIVE)
                } else {
                    value
                };
                (value, VariableSource::Unset)
            }
        };
        scope.insert_attr("var", &decl.name, value.clone());
        variables.push(VariableValue {
            name: decl.name.clone(),
            value,
            source,
            sensitive: decl.sensitive,
        });
    }
    let unset_required: Vec<&Name> = variables
        .iter()
        .zip(&decls)
        .filter(|(v, d)| v.source == VariableSource::Unset && !d.default_invalid)
        .map(|(v, _)| &v.name)
        .collect();
    if is_root && !unset_required.is_empty() {
        let names: Vec<String> = unset_required.iter().map(|n| format!("var.{n}")).collect();
        diagnostics.push(ModuleDiagnostic::without_file(warning(
            "Required variables not set",
            format!(
                "No value was given for {}, so {} unknown here, as in `terraform console`.",
                names.join(", "),
                if names.len() == 1 {
                    "it is"
                } else {
                    "they are"
                }
            ),
            Span::default(),
        )));
    }

    // Everything else, in dependency order.
    let graph = Graph::new(&config);
    let managed = managed_types(&config);
    let mut referenced = Paths::new();
    config.for_each_expr(&mut |expr| collect(expr, &managed, &mut referenced));
    for local in &config.locals {
        scope.insert_attr("local", &local.name, Value::unknown(Type::Dynamic));
    }
    for block in &config.resources {
        let (is_data, ty, name) = resource_key(block);
        if is_data {
            let data = scope
                .get("data")
                .cloned()
                .unwrap_or_else(Value::empty_object);
            let mut by_type = data
                .get_attr(&ty)
                .and_then(|v| v.as_attrs().cloned())
                .unwrap_or_default();
            by_type.insert(name.clone(), Value::unknown(Type::Dynamic));
            scope.insert_attr("data", &ty, Value::object(by_type));
        } else {
            scope.insert_attr(&ty, &name, Value::unknown(Type::Dynamic));
        }
    }
    for block in &config.module_calls {
        scope.insert_attr("module", block.name(), Value::unknown(Type::Dynamic));
    }

    let n_nodes = graph.nodes.len();
    // A node is "excused" when it depends on something unknown only here.
    let mut excused = vec![false; n_nodes];
    // A node is "on resources" when its value derives from resource instances,
    // whose attributes outside the configuration are not known here.
    let mut on_resources = vec![false; n_nodes];
    let mut locals = vec![None; config.locals.len()];
    let mut resources: Vec<Option<ResourceValue>> = vec![None; config.resources.len()];
    let mut calls: Vec<Option<ModuleCallValue>> =
        (0..config.module_calls.len()).map(|_| None).collect();
    let mut outputs: Vec<Option<OutputValue>> = vec![None; config.outputs.len()];
    for component in super::graph::components(&graph.deps) {
        let is_cycle = component.len() > 1 || graph.deps[component[0]].contains(&component[0]);
        if is_cycle {
            let members: Vec<(String, FileId, Span)> = component
                .iter()
                .map(|&i| node_place(&config, graph.nodes[i]))
                .collect();
            let mut found = cycle_diagnostic(&members, files);
            // Terraform orders module calls and resources by their inputs and
            // outputs one by one, so a cycle between whole blocks here is
            // usually none there: their values are left unknown.
            if component
                .iter()
                .any(|&i| matches!(graph.nodes[i], Node::ModuleCall(_) | Node::Resource(_)))
            {
                found.diagnostic.severity = terrace_eval::Severity::Warning;
            }
            diagnostics.push(found);
            for &i in &component {
                excused[i] = true;
                if let Node::Output(o) = graph.nodes[i] {
                    let block = &config.outputs[o];
                    outputs[o] = Some(OutputValue {
                        name: Name::from(block.name()),
                        value: Value::unknown(Type::Dynamic),
                        sensitive: false,
                    });
                }
            }
            continue;
        }
        let idx = component[0];
        let node_excused = graph.deps[idx].iter().any(|&d| excused[d])
            || graph.refs[idx].iter().any(|r| {
                let first = r.steps().first().and_then(|s| match s {
                    terrace_syntax::TraversalStep::Attr { name, .. } => Some(name),
                    _ => None,
                });
                match r.root() {
                    "var" => first.is_some_and(|n| {
                        variables
                            .iter()
                            .any(|v| &v.name == n && !v.value.is_wholly_known())
                    }),
                    "data" => true,
                    _ => false,
                }
            });
        excused[idx] = node_excused;
        let on_resource = graph.deps[idx].iter().any(|&d| {
            on_resources[d] || matches!(graph.nodes[d], Node::Resource(_) | Node::ModuleCall(_))
        });
        on_resources[idx] = on_resource;
        match graph.nodes[idx] {
            Node::Local(i) => {
                let local = &config.locals[i];
                let value = match evaluator.eval(&local.expr, &scope) {
                    Ok(value) => value,
                    Err(found) => {
                        diagnostics.extend(found.into_iter().map(|d| {
                            ModuleDiagnostic::new(local.file, schema_excused(d, on_resource))
                        }));
                        Value::unknown(Type::Dynamic)
                    }
                };
                scope.insert_attr("local", &local.name, value.clone());
                locals[i] = Some(value);
            }
            Node::Resource(i) => {
                let block = &config.resources[i];
                let attrs = referenced
                    .get(&resource_key(block))
                    .cloned()
                    .unwrap_or_default();
                let value =
                    eval_resource(block, &scope, &evaluator, node_excused, &attrs, diagnostics);
                insert_resource(&mut scope, &value, value.value.clone());
                // With no state every resource is unknown here, so what
                // depends on it is excused as well (an unknown `count` of a
                // module call, say).
                excused[idx] = true;
                resources[i] = Some(value);
            }
            Node::ModuleCall(i) => {
                let block = &config.module_calls[i];
                let call = if depth >= MAX_MODULE_DEPTH {
                    ModuleCallValue {
                        name: Name::from(block.name()),
                        source: source_of(block).unwrap_or_default(),
                        instances: Vec::new(),
                        value: Value::unknown(Type::Dynamic),
                    }
                } else {
                    eval_module_call(
                        ctx,
                        block,
                        dir,
                        path_module,
                        &scope,
                        &evaluator,
                        node_excused,
                        depth,
                        diagnostics,
                    )
                };
                // Outputs of a child may be unknown for excused reasons
                // (data sources, unset variables) too.
                excused[idx] = true;
                scope.insert_attr("module", &call.name, call.value.clone());
                calls[i] = Some(call);
            }
            Node::Output(i) => {
                let mut found = Vec::new();
                outputs[i] = Some(eval_output(
                    &config.outputs[i],
                    &scope,
                    &evaluator,
                    &mut found,
                ));
                diagnostics.extend(found.into_iter().map(|mut d| {
                    d.diagnostic = schema_excused(d.diagnostic, on_resource);
                    d
                }));
            }
        }
    }
    for (decl, variable) in decls.iter().zip(&variables) {
        validate(
            decl,
            &variable.value,
            &scope,
            &evaluator,
            files,
            diagnostics,
        );
    }
    let locals = config
        .locals
        .iter()
        .zip(locals)
        .map(|(l, v)| {
            (
                l.name.clone(),
                v.unwrap_or_else(|| Value::unknown(Type::Dynamic)),
            )
        })
        .collect();
    let settings = config.terraform.settings(&evaluator, diagnostics);
    ModuleInstance {
        settings,
        dir: dir.to_path_buf(),
        path_module: path_module.to_string(),
        variables,
        locals,
        outputs: outputs.into_iter().flatten().collect(),
        resources: resources.into_iter().flatten().collect(),
        module_calls: calls.into_iter().flatten().collect(),
        scope,
    }
}

/// A node's address and where it is declared.
fn node_place(config: &super::loader::ModuleConfig<'_>, node: Node) -> (String, FileId, Span) {
    match node {
        Node::Local(i) => {
            let l = &config.locals[i];
            (format!("local.{}", l.name), l.file, l.name_span)
        }
        Node::Resource(i) => {
            let b = &config.resources[i];
            let (is_data, ty, name) = resource_key(b);
            let address = if is_data {
                format!("data.{ty}.{name}")
            } else {
                format!("{ty}.{name}")
            };
            (address, b.file, b.def_span)
        }
        Node::ModuleCall(i) => {
            let b = &config.module_calls[i];
            (format!("module.{}", b.name()), b.file, b.def_span)
        }
        Node::Output(i) => {
            let b = &config.outputs[i];
            (format!("output.{}", b.name()), b.file, b.def_span)
        }
    }
}

/// An error reading an attribute or element that a resource instance may
/// have but this configuration does not set: with no provider schema it is
/// only a warning, as the value is just unknown here.
fn schema_excused(mut diagnostic: Diagnostic, on_resource: bool) -> Diagnostic {
    if on_resource
        && matches!(
            diagnostic.summary.as_str(),
            "Unsupported attribute" | "Invalid index"
        )
    {
        diagnostic.severity = terrace_eval::Severity::Warning;
    }
    diagnostic
}
