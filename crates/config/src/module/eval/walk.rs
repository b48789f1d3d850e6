//! The evaluation walk: the graph's cycles reported, then its nodes evaluated in order for every module instance (resources from the state when there is one), with what depends on a failure left unevaluated.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use terrace_eval::{Diagnostic, Evaluator, Scope, Severity};
use terrace_syntax::{Name, Span};
use terrace_types::{Type, Value};

use super::instance_key::InstanceKey;
use super::module_instance::{ModuleCallValue, ModuleInstance};
use super::outputs::{OutputDecl, OutputValue, decode_output, eval_output};
use super::provider_configs::{check_passed_aliases, check_resource_providers};
use super::resources::{
    Expansion, ResourceValue, eval_resource, expansion, instance_keys, instance_scope,
};
use super::state_values::{StateContext, StateSlot, module_address};
use crate::module::graph::config_graph::{
    Graph, Node, attr_name, build_graph, node_name, node_place,
};
use crate::module::inputs::variables::{
    Assignment, RootAssignments, VariableDecl, VariableSource, VariableValue, decode, finalize,
    root_assignments, validate, workspace_assignments,
};
use crate::module::read::decode::check_lifecycle_flags;
use crate::module::read::diagnostics::{ModuleDiagnostic, mark_configuration, warning};
use crate::module::read::files::FileId;
use crate::module::read::names::check_provider_alias;
use crate::module::read::static_checks::check_provisioner_types;
use crate::module::read::version_checks::check_version_constraints;
use crate::module::references::dependencies::{
    body_references, cycle_diagnostic, resource_key, resource_of,
};
use crate::module::tree::load_ctx::LoadCtx;
use crate::module::tree::module_calls::{is_local_source, requires_builtin_provider};
use crate::module::tree::tree_module::{TreeModule, build_tree, check_calls, resource_address};
use crate::state::ModuleInstance as StateModule;
use crate::state::StateError;

/// What became of one node in one module instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Pending,
    Done,
    /// Its own evaluation failed (the value is what Terraform keeps of it).
    Failed,
    /// Something it depends on failed: not evaluated.
    Skipped,
}

/// One instance of a module: its scope and what its nodes gave.
struct Instance {
    module: usize,
    parent: Option<usize>,
    key: InstanceKey,
    each_value: Option<Value>,
    /// `module.a[0].module.b` as the state writes it.
    address: StateModule,
    scope: Scope,
    status: Vec<Status>,
    excused: Vec<bool>,
    on_resources: Vec<bool>,
    variables: Vec<Option<VariableValue>>,
    /// Variables whose given value was refused (it does not convert to the type, or is null
    /// where that is not allowed): Terraform leaves them unset, not unknown.
    refused_variables: BTreeSet<Name>,
    locals: Vec<Option<Value>>,
    resources: Vec<Option<ResourceValue>>,
    calls: Vec<Option<CallState>>,
    outputs: Vec<Option<OutputValue>>,
    /// Calls whose `module.NAME` value changed since it was last put in scope.
    dirty_calls: BTreeSet<usize>,
}

/// A module call expanded in one instance of its parent.
struct CallState {
    source: String,
    expansion: Expansion,
    /// The child instances, in expansion order.
    children: Vec<(InstanceKey, usize)>,
    loaded: bool,
}

/// Reads the configuration tree from `root_dir`, evaluates it, and returns
/// the root instance with the diagnostics added to `diagnostics`.
pub(crate) fn walk(
    ctx: &LoadCtx<'_>,
    root_dir: &Path,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> (ModuleInstance, StateContext) {
    let mut evaluator = Evaluator::with_functions(ctx.options.language.functions()).with_context(
        terrace_functions::CallContext {
            files: ctx.options.files.clone(),
            base_dir: ctx.root_dir.clone(),
            ..terrace_functions::CallContext::default()
        },
    );
    evaluator.set_budget(ctx.options.eval_budget);
    let tree = build_tree(ctx, root_dir, diagnostics);
    if tree
        .iter()
        .any(|module| requires_builtin_provider(&module.config))
    {
        terrace_eval::functions::add_terraform_provider(evaluator.functions_mut());
    }
    let decls: Vec<Vec<VariableDecl<'_, '_>>> = tree
        .iter()
        .map(|module| {
            let start = diagnostics.len();
            let decls: Vec<_> = module
                .config
                .variables
                .iter()
                .map(|block| decode(block, ctx.files, &evaluator, diagnostics))
                .collect();
            if ctx.options.language == crate::module::read::language::Language::Terraform {
                for decl in &decls {
                    decl.const_conflicts(diagnostics);
                }
            }
            mark_configuration(diagnostics, start);
            decls
        })
        .collect();
    let start = diagnostics.len();
    let output_decls: Vec<Vec<OutputDecl>> = tree
        .iter()
        .map(|module| {
            let outputs = &module.config.outputs;
            outputs
                .iter()
                .map(|block| decode_output(block, &evaluator, diagnostics))
                .collect()
        })
        .collect();
    check_provisioner_types(tree.iter().map(|module| &module.config), diagnostics);
    for module in &tree {
        for provider in &module.config.providers {
            check_provider_alias(provider, &evaluator, diagnostics);
        }
        for resource in &module.config.resources {
            check_lifecycle_flags(resource, &evaluator, diagnostics);
        }
        check_version_constraints(&module.config, &evaluator, diagnostics);
        check_calls(module, &decls, diagnostics);
        check_passed_aliases(&tree, module, diagnostics);
        check_resource_providers(&tree, module, diagnostics);
    }
    mark_configuration(diagnostics, start);
    let state = match tree.first() {
        Some(root) => StateContext::load(
            root_dir,
            &root.config,
            ctx.options,
            ctx.root_early.as_ref(),
            diagnostics,
        ),
        None => StateContext::none(ctx.options),
    };
    let graph = build_graph(&tree, &decls);
    let mut needed = vec![false; graph.nodes.len()];
    for deps in &graph.deps {
        for &dep in deps {
            needed[dep] = true;
        }
    }
    let mut walker = Walker {
        ctx,
        tree: &tree,
        decls: &decls,
        output_decls: &output_decls,
        graph: &graph,
        evaluator: &evaluator,
        instances: Vec::new(),
        by_module: vec![Vec::new(); tree.len()],
        root_assignments: BTreeMap::new(),
        failed_locals: Vec::new(),
        state,
        needed,
    };
    // A value that cannot be read from where it is given (a .tfvars expression that fails,
    // `--var` text that does not parse) stops Terraform before anything is evaluated.
    let start = diagnostics.len();
    walker.root_assignments = match decls.first() {
        Some(root_decls) => root_assignments(
            root_decls,
            &RootAssignments {
                env: &ctx.options.env,
                tfvars: ctx.tfvars.clone(),
                cli_vars: &ctx.options.vars,
                n_cli_files: ctx.options.var_files.len(),
                var_order: &ctx.options.var_order,
            },
            ctx.files,
            &evaluator,
            diagnostics,
        ),
        None => BTreeMap::new(),
    };
    if let Some(root_decls) = decls.first() {
        workspace_assignments(
            root_decls,
            &walker.state.workspace_variables,
            &mut walker.root_assignments,
            diagnostics,
        );
    }
    mark_configuration(diagnostics, start);
    walker.new_instance(0, None, InstanceKey::None, None);
    let mut cycle_members = BTreeSet::new();
    for component in crate::module::graph::components::components(&graph.deps) {
        let is_cycle = component.len() > 1 || graph.deps[component[0]].contains(&component[0]);
        if is_cycle {
            walker.report_cycle(&component, diagnostics);
            for &i in &component {
                cycle_members.insert(i);
                walker.skip_everywhere(i);
            }
            continue;
        }
        walker.eval_node(component[0], diagnostics);
    }
    walker.escalate_failed_locals(diagnostics);
    walker.warn_unset_required(diagnostics);
    let in_cycle: BTreeSet<String> = cycle_members
        .iter()
        .filter_map(|&i| match graph.nodes[i] {
            (0, Node::Resource(r)) => Some(resource_address(&tree[0].config.resources[r])),
            _ => None,
        })
        .collect();
    let settings = tree[0].config.terraform.settings(&evaluator);
    let mut root = walker.assemble(0);
    root.settings = settings;
    root.in_cycle = in_cycle;
    (root, walker.state)
}

/// What the walk knows of a node before evaluating it in one instance.
#[derive(Clone, Copy)]
struct NodeContext {
    /// Its position within its module's nodes.
    local: usize,
    /// It reads something unknown only here (see `Instance::excused`).
    excused: bool,
    /// Its value derives from resources or other modules.
    on_resources: bool,
}

/// The evaluation state of the walk.
struct Walker<'w, 'a> {
    ctx: &'w LoadCtx<'a>,
    tree: &'w [TreeModule<'a>],
    decls: &'w [Vec<VariableDecl<'w, 'a>>],
    /// Each module's decoded `output` blocks, as `config.outputs`.
    output_decls: &'w [Vec<OutputDecl>],
    graph: &'w Graph,
    evaluator: &'w Evaluator,
    instances: Vec<Instance>,
    by_module: Vec<Vec<usize>>,
    root_assignments: BTreeMap<Name, Assignment>,
    /// Each local whose evaluation failed, with its diagnostics' positions.
    failed_locals: Vec<(usize, std::ops::Range<usize>)>,
    /// The state resources' values come from, and the workspace.
    state: StateContext,
    /// The nodes some other node reads (resources not read are decoded from
    /// the state only when an expression reads them).
    needed: Vec<bool>,
}

impl Walker<'_, '_> {
    /// A new instance of module `m`, its named values unknown until evaluated.
    fn new_instance(
        &mut self,
        m: usize,
        parent: Option<usize>,
        key: InstanceKey,
        each_value: Option<Value>,
    ) -> usize {
        let module = &self.tree[m];
        let config = &module.config;
        let mut scope = Scope::terraform();
        scope.insert_namespace(
            "path",
            Value::object([
                ("cwd", Value::string(&self.ctx.cwd)),
                ("module", Value::string(&module.path_module)),
                ("root", Value::string(".")),
            ]),
        );
        scope.insert_namespace("terraform", Scope::terraform_object(&self.state.workspace));
        for decl in &self.decls[m] {
            scope.insert_attr("var", &decl.name, Value::unknown(Type::Dynamic));
        }
        for local in &config.locals {
            scope.insert_attr("local", &local.name, Value::unknown(Type::Dynamic));
        }
        let mut data: BTreeMap<Name, Vec<(Name, Value)>> = BTreeMap::new();
        for block in &config.resources {
            let (is_data, ty, name) = resource_key(block);
            if is_data {
                data.entry(ty)
                    .or_default()
                    .push((name, Value::unknown(Type::Dynamic)));
            } else {
                scope.insert_attr(&ty, &name, Value::unknown(Type::Dynamic));
            }
        }
        for (ty, entries) in data {
            scope.insert_attr("data", &ty, Value::object(entries));
        }
        for block in &config.module_calls {
            scope.insert_attr("module", block.name(), Value::unknown(Type::Dynamic));
        }
        let n_nodes = config.variables.len()
            + config.locals.len()
            + config.resources.len()
            + config.module_calls.len()
            + config.outputs.len();
        let mut steps: Vec<(String, InstanceKey)> = Vec::new();
        let (mut at_module, mut at_instance, mut at_key) = (m, parent, key.clone());
        while let (Some((p, c)), Some(parent_instance)) = (self.tree[at_module].parent, at_instance)
        {
            steps.push((
                self.tree[p].config.module_calls[c].name().to_string(),
                at_key.clone(),
            ));
            at_module = p;
            at_key = self.instances[parent_instance].key.clone();
            at_instance = self.instances[parent_instance].parent;
        }
        steps.reverse();
        let address = module_address(&steps);
        let index = self.instances.len();
        self.instances.push(Instance {
            module: m,
            parent,
            key,
            each_value,
            address,
            scope,
            status: vec![Status::Pending; n_nodes],
            excused: vec![false; n_nodes],
            on_resources: vec![false; n_nodes],
            variables: vec![None; config.variables.len()],
            refused_variables: BTreeSet::new(),
            locals: vec![None; config.locals.len()],
            resources: vec![None; config.resources.len()],
            calls: (0..config.module_calls.len()).map(|_| None).collect(),
            outputs: vec![None; config.outputs.len()],
            dirty_calls: BTreeSet::new(),
        });
        self.by_module[m].push(index);
        index
    }

    /// The position of graph node `g` within its module's nodes.
    fn local_index(&self, g: usize) -> usize {
        g - self.graph.base[self.graph.nodes[g].0]
    }

    /// The instances of dependency `dep`'s module that instance `inst` reads
    /// (through its calling instance when `in_parent`).
    fn related(&self, inst: usize, dep: usize, in_parent: bool) -> Vec<usize> {
        let base = if in_parent {
            match self.instances[inst].parent {
                Some(parent) => parent,
                None => return Vec::new(),
            }
        } else {
            inst
        };
        let dep_module = self.graph.nodes[dep].0;
        let here = &self.instances[base];
        if dep_module == here.module {
            return vec![base];
        }
        match self.tree[dep_module].parent {
            Some((p, c)) if p == here.module => here.calls[c]
                .as_ref()
                .map(|call| call.children.iter().map(|&(_, i)| i).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Marks node `g` skipped in every instance of its module (a cycle member).
    fn skip_everywhere(&mut self, g: usize) {
        let m = self.graph.nodes[g].0;
        let local = self.local_index(g);
        for &inst in &self.by_module[m] {
            self.instances[inst].status[local] = Status::Skipped;
        }
    }

    fn report_cycle(&self, component: &[usize], diagnostics: &mut Vec<ModuleDiagnostic>) {
        // Terraform lists the chain dependencies first, from no fixed start:
        // ours starts at the member declared first.
        let members: BTreeSet<usize> = component.iter().copied().collect();
        let mut chain = Vec::new();
        let mut current = component.iter().copied().min().unwrap_or_default();
        while !chain.contains(&current) {
            chain.push(current);
            // The next member is one that depends on this one.
            let next = members
                .iter()
                .copied()
                .find(|&n| self.graph.deps[n].contains(&current) && !chain.contains(&n))
                .or_else(|| members.iter().copied().find(|&n| !chain.contains(&n)));
            match next {
                Some(next) => current = next,
                None => break,
            }
        }
        let places: Vec<(String, FileId, Span)> = chain
            .iter()
            .map(|&g| {
                let (m, node) = self.graph.nodes[g];
                let (file, span) = node_place(self.tree, m, node);
                (node_name(self.tree, m, node), file, span)
            })
            .collect();
        diagnostics.push(cycle_diagnostic(&places, self.ctx.files));
    }

    /// Evaluates graph node `g` in every instance of its module.
    fn eval_node(&mut self, g: usize, diagnostics: &mut Vec<ModuleDiagnostic>) {
        let (m, node) = self.graph.nodes[g];
        let local = self.local_index(g);
        let instances = self.by_module[m].clone();
        for inst in instances {
            self.flush_calls(inst);
            let mut skipped = false;
            let mut excused = false;
            let mut on_resources = false;
            // Only an input variable reads its parent's scope (the module
            // block's argument). Flushing for every node would rebuild the
            // parent's `module.NAME` once per sibling instance whose output
            // just changed: quadratic in a module's `count`.
            if let (Node::Variable(_), Some(parent)) = (node, self.instances[inst].parent) {
                self.flush_calls(parent);
            }
            for &(dep, in_parent) in &self.graph.reads[g] {
                let dep_local = self.local_index(dep);
                let dep_node = self.graph.nodes[dep].1;
                for other in self.related(inst, dep, in_parent) {
                    let state = &self.instances[other];
                    skipped |= matches!(state.status[dep_local], Status::Failed | Status::Skipped);
                    excused |= state.excused[dep_local];
                    on_resources |= state.on_resources[dep_local];
                }
                on_resources |= matches!(dep_node, Node::Resource(_) | Node::Expand(_))
                    || self.graph.nodes[dep].0 != m;
            }
            excused |= self.reads_unknown_input(inst, m, node);
            let context = NodeContext {
                local,
                excused,
                on_resources,
            };
            let state = &mut self.instances[inst];
            state.excused[local] = excused;
            state.on_resources[local] = on_resources;
            if skipped {
                state.status[local] = Status::Skipped;
                if let Node::Resource(_) = node {
                    // A resource is what its provider (or the state) says
                    // whatever the values it is configured with: it keeps
                    // its value, and what depends on it is still skipped.
                    let mut ignored = Vec::new();
                    self.eval_in(inst, m, node, context, &mut ignored);
                } else {
                    // Terraform keeps nothing of a skipped node: unknown.
                    self.skip(inst, m, node);
                }
                continue;
            }
            let start = diagnostics.len();
            self.eval_in(inst, m, node, context, diagnostics);
            let failed = diagnostics[start..].iter().any(ModuleDiagnostic::is_error);
            if failed && let Node::Local(_) = node {
                self.failed_locals.push((g, start..diagnostics.len()));
            }
            let state = &mut self.instances[inst];
            if state.status[local] == Status::Pending {
                state.status[local] = if failed { Status::Failed } else { Status::Done };
            }
        }
    }

    /// True when `node` reads a data source, a root variable with no
    /// value, or (a resource) itself: unknown only here, so an unknown
    /// `count` is not reported.
    fn reads_unknown_input(&self, inst: usize, m: usize, node: Node) -> bool {
        let config = &self.tree[m].config;
        let itself = match node {
            Node::Resource(i) => Some(resource_key(&config.resources[i])),
            _ => None,
        };
        let mut refs = Vec::new();
        match node {
            Node::Local(i) => refs.extend(terrace_eval::references(&config.locals[i].expr)),
            Node::Resource(i) => {
                let b = &config.resources[i];
                body_references(&b.attrs, &b.blocks, &mut refs);
            }
            Node::Expand(i) => {
                let b = &config.module_calls[i];
                body_references(&b.attrs, &b.blocks, &mut refs);
            }
            Node::Output(i) => {
                let b = &config.outputs[i];
                body_references(&b.attrs, &b.blocks, &mut refs);
            }
            Node::Variable(_) => {}
        }
        refs.iter().any(|r| match r.root() {
            "data" => true,
            "var" => attr_name(r.steps().first()).is_some_and(|n| {
                self.instances[inst]
                    .variables
                    .iter()
                    .flatten()
                    .any(|v| &v.name == n && !v.value.is_wholly_known())
            }),
            _ => itself.as_ref().is_some_and(|own| {
                resource_of(r, &self.tree[m].managed).is_some_and(|(key, _)| &key == own)
            }),
        })
    }

    /// Puts the `module.NAME` values changed since the last node into the scope.
    fn flush_calls(&mut self, inst: usize) {
        let dirty = std::mem::take(&mut self.instances[inst].dirty_calls);
        for c in dirty {
            let value = self.call_value(inst, c);
            let name = self.tree[self.instances[inst].module].config.module_calls[c].name();
            self.instances[inst]
                .scope
                .insert_attr("module", name, value);
        }
    }

    /// What `module.NAME` gives in instance `inst` for call `c`.
    fn call_value(&self, inst: usize, c: usize) -> Value {
        let Some(call) = &self.instances[inst].calls[c] else {
            return Value::unknown(Type::Dynamic);
        };
        if !call.loaded {
            return Value::unknown(Type::Dynamic);
        }
        let outputs = |child: usize| self.outputs_value(child);
        match &call.expansion {
            Expansion::Single => call
                .children
                .first()
                .map_or_else(|| Value::unknown(Type::Dynamic), |&(_, i)| outputs(i)),
            Expansion::Count(_) => Value::tuple(call.children.iter().map(|&(_, i)| outputs(i))),
            Expansion::ForEach(_) => Value::object(call.children.iter().map(|(k, i)| {
                let key = match k {
                    InstanceKey::Key(k) => k.clone(),
                    _ => String::new(),
                };
                (key, outputs(*i))
            })),
            Expansion::Unknown => Value::unknown(Type::Dynamic),
        }
    }

    /// The outputs of instance `inst` as an object (unknown where not evaluated).
    fn outputs_value(&self, inst: usize) -> Value {
        let state = &self.instances[inst];
        let config = &self.tree[state.module].config;
        Value::object(
            config
                .outputs
                .iter()
                .zip(&state.outputs)
                .map(|(block, out)| {
                    (
                        Name::from(block.name()),
                        out.as_ref()
                            .map_or_else(|| Value::unknown(Type::Dynamic), |o| o.value.clone()),
                    )
                }),
        )
    }

    /// Records what a skipped node leaves: unknown values, no instances.
    fn skip(&mut self, inst: usize, m: usize, node: Node) {
        let config = &self.tree[m].config;
        match node {
            Node::Variable(i) => {
                let decl = &self.decls[m][i];
                self.instances[inst].variables[i] = Some(VariableValue {
                    name: decl.name.clone(),
                    value: Value::unknown(decl.constraint.result_type()),
                    source: VariableSource::Unset,
                    sensitive: decl.sensitive,
                });
            }
            Node::Local(_) | Node::Resource(_) => {}
            Node::Expand(c) => {
                self.instances[inst].calls[c] = Some(CallState {
                    source: self.tree[m].sources[c].clone(),
                    expansion: Expansion::Unknown,
                    children: Vec::new(),
                    loaded: false,
                });
            }
            Node::Output(i) => {
                let block = &config.outputs[i];
                self.instances[inst].outputs[i] = Some(OutputValue {
                    name: Name::from(block.name()),
                    value: Value::unknown(Type::Dynamic),
                    sensitive: false,
                });
                self.output_changed(inst);
            }
        }
    }

    /// After an output of `inst` is set: its parent's `module.NAME` changes.
    fn output_changed(&mut self, inst: usize) {
        let state = &self.instances[inst];
        if let (Some(parent), Some((_, c))) = (state.parent, self.tree[state.module].parent) {
            self.instances[parent].dirty_calls.insert(c);
        }
    }

    /// Evaluates one node in one instance.
    fn eval_in(
        &mut self,
        inst: usize,
        m: usize,
        node: Node,
        context: NodeContext,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) {
        let NodeContext {
            local: local_index,
            excused,
            on_resources,
        } = context;
        let config = &self.tree[m].config;
        let evaluator = self.evaluator;
        match node {
            Node::Variable(i) => self.eval_variable(inst, m, i, diagnostics),
            Node::Local(i) => {
                let local = &config.locals[i];
                let scope = &self.instances[inst].scope;
                let itself = terrace_eval::references(&local.expr).into_iter().find(|r| {
                    r.root() == "local" && attr_name(r.steps().first()) == Some(&local.name)
                });
                let (value, found) = match itself {
                    Some(reference) => (
                        Value::unknown(Type::Dynamic),
                        terrace_eval::Diagnostics::from(Diagnostic::error(
                            "Self-referencing local value",
                            format!(
                                "Local value local.{} cannot use its own result as part of its expression.",
                                local.name
                            ),
                            reference.span(),
                        )),
                    ),
                    None => evaluator.eval_partial(&local.expr, scope),
                };
                diagnostics.extend(
                    found.into_iter().map(|d| {
                        ModuleDiagnostic::new(local.file, schema_excused(d, on_resources))
                    }),
                );
                let state = &mut self.instances[inst];
                state.scope.insert_attr("local", &local.name, value.clone());
                state.locals[i] = Some(value);
            }
            Node::Resource(i) => {
                let block = &config.resources[i];
                let paths = self.tree[m]
                    .referenced
                    .get(&resource_key(block))
                    .cloned()
                    .unwrap_or_default();
                let scope = &self.instances[inst].scope;
                let mut value =
                    eval_resource(block, scope, evaluator, excused, &paths, diagnostics);
                if self.state.has_state() {
                    let slot = StateSlot::new(
                        &self.state,
                        self.instances[inst].address.clone(),
                        block,
                        config,
                    );
                    if self.needed[self.graph.index(m, node)] {
                        match slot.value() {
                            Ok(Some(found)) => value.value = found,
                            Ok(None) => {}
                            Err(found) => {
                                let mut diagnostic = ModuleDiagnostic::new(
                                    block.file,
                                    Diagnostic::error(
                                        "Invalid resource instance data in state",
                                        found.to_string(),
                                        block.def_span,
                                    ),
                                );
                                // Where Terraform crashes, nothing is evaluated.
                                if matches!(found, StateError::Crash { .. }) {
                                    diagnostic.stage =
                                        crate::module::read::diagnostics::Stage::Configuration;
                                }
                                diagnostics.push(diagnostic);
                                value.value = Value::unknown(Type::Dynamic);
                            }
                        }
                    }
                    value.state = Some(slot);
                }
                let state = &mut self.instances[inst];
                super::module_instance::insert_resource(
                    &mut state.scope,
                    &value,
                    value.value.clone(),
                );
                // With no state every resource is unknown here, so what
                // depends on it is excused as well.
                state.excused[local_index] = true;
                state.resources[i] = Some(value);
            }
            Node::Expand(c) => self.eval_expand(inst, m, c, diagnostics),
            Node::Output(i) => {
                let block = &config.outputs[i];
                let scope = &self.instances[inst].scope;
                let mut found = Vec::new();
                let decl = &self.output_decls[m][i];
                let root = self.tree[m].parent.is_none();
                let output = eval_output(block, decl, root, scope, evaluator, &mut found);
                diagnostics.extend(found.into_iter().map(|mut d| {
                    d.diagnostic = schema_excused(d.diagnostic, on_resources);
                    d
                }));
                self.instances[inst].outputs[i] = Some(output);
                self.output_changed(inst);
            }
        }
    }

    fn eval_variable(
        &mut self,
        inst: usize,
        m: usize,
        i: usize,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) {
        let decl = &self.decls[m][i];
        let files = self.ctx.files;
        let assignment = match self.tree[m].parent {
            None => self.root_assignments.get(&decl.name).cloned(),
            Some((p, c)) => {
                let block = &self.tree[p].config.module_calls[c];
                match (block.attr(&decl.name), self.instances[inst].parent) {
                    (Some(attr), Some(parent)) => {
                        let state = &self.instances[inst];
                        let scope = instance_scope(
                            &self.instances[parent].scope,
                            &state.key,
                            state.each_value.as_ref(),
                        );
                        let (value, found) = self.evaluator.eval_partial(&attr.expr, &scope);
                        let failed = !found.is_empty();
                        diagnostics.extend(
                            found
                                .into_iter()
                                .map(|d| ModuleDiagnostic::new(attr.file, d)),
                        );
                        Some(Assignment {
                            value: if failed {
                                Value::unknown(Type::Dynamic)
                            } else {
                                value
                            },
                            source: VariableSource::ModuleArgument,
                            place: Some((attr.file, attr.expr.span)),
                        })
                    }
                    _ => None,
                }
            }
        };
        // Terraform 1.15: a deprecated variable warns when it is given a non-null value
        // (a root one: a known value from outside, not its default).
        if let (Some(message), Some(given)) = (&decl.deprecated, &assignment) {
            let root = self.tree[m].parent.is_none();
            let place = if root {
                decl.block
                    .attr("deprecated")
                    .map(|attr| (attr.file, attr.span))
            } else {
                given.place
            };
            if let Some((file, span)) = place
                && !given.value.is_null()
                && (!root || given.value.is_known())
            {
                diagnostics.push(ModuleDiagnostic::new(
                    file,
                    warning("Deprecated variable got a value", message.clone(), span),
                ));
            }
        }
        let start = diagnostics.len();
        let (value, source) = match finalize(decl, assignment, files, diagnostics) {
            Some(found) => found,
            None => {
                if diagnostics[start..].iter().any(ModuleDiagnostic::is_error) {
                    self.instances[inst]
                        .refused_variables
                        .insert(decl.name.clone());
                }
                let value = Value::unknown(decl.constraint.result_type()).mark(decl.marks());
                (value, VariableSource::Unset)
            }
        };
        // The `remote` backend gives the console every root variable that nothing sets from
        // outside as unknown, its default unused (its LocalRun's stubAllVariables; the `cloud`
        // block keeps defaults).
        let (value, source) = if source == VariableSource::Default
            && self.tree[m].parent.is_none()
            && self
                .state
                .remote
                .as_ref()
                .is_some_and(|remote| remote.settings.kind() == "remote")
        {
            let value = Value::unknown(decl.constraint.result_type()).mark(decl.marks());
            (value, VariableSource::RemoteBackend)
        } else {
            (value, source)
        };
        let state = &mut self.instances[inst];
        state.scope.insert_attr("var", &decl.name, value.clone());
        validate(
            decl,
            &value,
            &state.scope,
            self.evaluator,
            files,
            diagnostics,
        );
        state.variables[i] = Some(VariableValue {
            name: decl.name.clone(),
            value,
            source,
            sensitive: decl.sensitive,
        });
    }

    fn eval_expand(
        &mut self,
        inst: usize,
        m: usize,
        c: usize,
        diagnostics: &mut Vec<ModuleDiagnostic>,
    ) {
        let block = &self.tree[m].config.module_calls[c];
        let source = self.tree[m].sources[c].clone();
        let Some(child) = self.tree[m].children[c] else {
            if !is_local_source(&source) {
                let span = block.attr("source").map_or(block.def_span, |a| a.expr.span);
                let detail = if source.is_empty() {
                    format!(
                        "The source of module \"{}\" is not known before anything is evaluated, so it is not loaded: its outputs are unknown.",
                        block.name()
                    )
                } else {
                    format!(
                        "The module \"{}\" comes from \"{source}\", which is neither a local path nor installed by `terraform init` (in .terraform/modules), so it is not loaded: its outputs are unknown.",
                        block.name()
                    )
                };
                diagnostics.push(ModuleDiagnostic::new(
                    block.file,
                    warning("Module not loaded", detail, span),
                ));
            }
            self.instances[inst].calls[c] = Some(CallState {
                source,
                expansion: Expansion::Unknown,
                children: Vec::new(),
                loaded: false,
            });
            self.instances[inst].dirty_calls.insert(c);
            return;
        };
        let scope = &self.instances[inst].scope;
        // Unlike a resource's, a module call's `count` and `for_each` are evaluated by
        // `terraform console`: unknown (even from a resource with no state, a data source
        // or an unset variable) is an error.
        let expanded = expansion(block, scope, self.evaluator, false, diagnostics);
        let mut children = Vec::new();
        for (key, each_value) in instance_keys(&expanded) {
            let index = self.new_instance(child, Some(inst), key.clone(), each_value);
            children.push((key, index));
        }
        self.instances[inst].calls[c] = Some(CallState {
            source,
            expansion: expanded,
            children,
            loaded: true,
        });
        self.instances[inst].dirty_calls.insert(c);
    }

    /// Terraform 1.15 evaluates the locals a `module` block's arguments read
    /// before anything else, so a local that fails and that an argument
    /// reads (directly or through other locals) fails the configuration.
    fn escalate_failed_locals(&self, diagnostics: &mut [ModuleDiagnostic]) {
        for (g, range) in &self.failed_locals {
            let m = self.graph.nodes[*g].0;
            // The locals of the module that read this one, through locals.
            let mut reached: BTreeSet<usize> = BTreeSet::from([*g]);
            loop {
                let before = reached.len();
                for (n, &(nm, node)) in self.graph.nodes.iter().enumerate() {
                    if nm == m
                        && matches!(node, Node::Local(_))
                        && self.graph.reads[n]
                            .iter()
                            .any(|&(d, in_parent)| !in_parent && reached.contains(&d))
                    {
                        reached.insert(n);
                    }
                }
                if reached.len() == before {
                    break;
                }
            }
            let read_by_argument = self.graph.nodes.iter().enumerate().any(|(n, &(nm, node))| {
                matches!(node, Node::Variable(_))
                    && self.tree[nm].parent.map(|(p, _)| p) == Some(m)
                    && self.graph.reads[n]
                        .iter()
                        .any(|&(d, in_parent)| in_parent && reached.contains(&d))
            });
            if read_by_argument {
                for found in &mut diagnostics[range.clone()] {
                    found.stage = crate::module::read::diagnostics::Stage::Configuration;
                }
            }
        }
    }

    /// The warning for root variables with no value.
    fn warn_unset_required(&self, diagnostics: &mut Vec<ModuleDiagnostic>) {
        let Some(root) = self.instances.first() else {
            return;
        };
        let names: Vec<String> = root
            .variables
            .iter()
            .zip(&self.decls[0])
            .filter_map(|(v, d)| {
                let v = v.as_ref()?;
                // A const variable without a value is an error, reported as the
                // configuration is read.
                (v.source == VariableSource::Unset
                    && !d.default_invalid
                    && !d.is_const
                    && !root.refused_variables.contains(&v.name))
                .then(|| format!("var.{}", v.name))
            })
            .collect();
        if names.is_empty() {
            return;
        }
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

    fn status_of(&self, inst: usize, node: Node) -> Status {
        let m = self.instances[inst].module;
        let g = self.graph.index(m, node);
        self.instances[inst].status[g - self.graph.base[m]]
    }

    /// The public tree of instance `inst` (consumes nothing: values are cheap to clone).
    fn assemble(&self, inst: usize) -> ModuleInstance {
        let state = &self.instances[inst];
        let module = &self.tree[state.module];
        let config = &module.config;
        let mut scope = state.scope.clone();
        for c in &state.dirty_calls {
            scope.insert_attr(
                "module",
                config.module_calls[*c].name(),
                self.call_value(inst, *c),
            );
        }
        let uninitialized_locals = config
            .locals
            .iter()
            .enumerate()
            .filter(|(i, _)| self.status_of(inst, Node::Local(*i)) == Status::Skipped)
            .map(|(_, l)| l.name.clone())
            .collect();
        let unexpanded_calls = config
            .module_calls
            .iter()
            .zip(&state.calls)
            .zip(&module.children)
            .filter(|((_, call), child)| {
                child.is_some()
                    && call
                        .as_ref()
                        .is_none_or(|call| matches!(call.expansion, Expansion::Unknown))
            })
            .map(|((block, _), _)| Name::from(block.name()))
            .collect();
        ModuleInstance {
            dir: module.dir.clone(),
            path_module: module.path_module.clone(),
            variables: state.variables.iter().flatten().cloned().collect(),
            locals: config
                .locals
                .iter()
                .zip(&state.locals)
                .map(|(l, v)| {
                    (
                        l.name.clone(),
                        v.clone().unwrap_or_else(|| Value::unknown(Type::Dynamic)),
                    )
                })
                .collect(),
            outputs: config
                .outputs
                .iter()
                .zip(&state.outputs)
                .map(|(block, out)| {
                    out.clone().unwrap_or_else(|| OutputValue {
                        name: Name::from(block.name()),
                        value: Value::unknown(Type::Dynamic),
                        sensitive: false,
                    })
                })
                .collect(),
            resources: state.resources.iter().flatten().cloned().collect(),
            module_calls: config
                .module_calls
                .iter()
                .zip(&state.calls)
                .enumerate()
                .map(|(c, (block, call))| ModuleCallValue {
                    name: Name::from(block.name()),
                    source: call
                        .as_ref()
                        .map_or_else(|| module.sources[c].clone(), |s| s.source.clone()),
                    instances: call
                        .iter()
                        .flat_map(|s| &s.children)
                        .map(|(key, child)| (key.clone(), self.assemble(*child)))
                        .collect(),
                    value: self.call_value(inst, c),
                })
                .collect(),
            settings: Default::default(),
            scope,
            uninitialized_locals,
            uninitialized_variables: state.refused_variables.clone(),
            unexpanded_calls,
            in_cycle: BTreeSet::new(),
            builtin_provider: requires_builtin_provider(config),
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
        diagnostic.severity = Severity::Warning;
    }
    diagnostic
}
