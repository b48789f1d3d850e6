//! `:why` and `:deps --all`: the chain of named values behind a value, with where each is defined.
//!
//! The walk starts at a console expression and follows its references: a local to its
//! expression, a module output into the child module, a child's variable out to the calling
//! `module` block's argument, a root variable to where its value was set. For `:why` it goes
//! only where a value is unknown, sensitive or null; for `:deps --all` everywhere. Definitions
//! are found again in the module's parsed files, so the loader records nothing extra.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use terrace_eval::{Evaluator, Reference, Scope};
use terrace_syntax::{Expr, ExprKind, Name, Span, TraversalStep, is_identifier, parse_expr};
use terrace_types::{Marks, Value, format_value};

use crate::module::eval::module_instance::ModuleInstance;
use crate::module::inputs::variables::{VariableSource, VariableValue};
use crate::module::read::files::{FileId, SourceFiles};

/// How deep the walk goes before it says so and stops.
const MAX_DEPTH: usize = 32;
/// How many lines one walk prints at most.
const MAX_LINES: usize = 400;
/// How many unknown or sensitive places of one value are listed.
const MAX_PLACES: usize = 8;

/// What the walk explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// `:why`: only what makes a value unknown, sensitive or null.
    Why,
    /// `:deps --all`: every named value reached.
    All,
}

/// One module on the path from the root: the instance and the call that made it.
struct Frame<'m> {
    instance: &'m ModuleInstance,
    /// `module.NAME` in the parent, for a child.
    call: Option<Name>,
}

pub(crate) struct Walk<'m> {
    files: &'m SourceFiles,
    root_dir: &'m Path,
    evaluator: &'m Evaluator,
    mode: Mode,
    definitions: BTreeMap<std::path::PathBuf, Definitions>,
    seen: BTreeSet<String>,
    out: String,
    n_lines: usize,
    flavor: Flavor,
}

/// Where the named values of one module directory are written.
#[derive(Default)]
struct Definitions {
    locals: BTreeMap<Name, (FileId, Span, Expr)>,
    outputs: BTreeMap<Name, (FileId, Span, Option<Expr>)>,
    variables: BTreeMap<Name, VariableDefinition>,
    resources: BTreeMap<String, (FileId, Span)>,
    module_calls: BTreeMap<Name, (FileId, Span, BTreeMap<Name, Expr>)>,
}

struct VariableDefinition {
    file: FileId,
    span: Span,
    default: Option<Span>,
    default_expr: Option<Expr>,
    sensitive: Option<Span>,
    /// `condition` and `error_message` of each `validation` block.
    validations: Vec<(Span, Expr, String)>,
}

impl<'m> Walk<'m> {
    pub(crate) fn new(
        files: &'m SourceFiles,
        root_dir: &'m Path,
        evaluator: &'m Evaluator,
        mode: Mode,
    ) -> Walk<'m> {
        Walk {
            files,
            root_dir,
            evaluator,
            mode,
            definitions: BTreeMap::new(),
            seen: BTreeSet::new(),
            out: String::new(),
            n_lines: 0,
            flavor: Flavor::Terraform,
        }
    }

    /// The same walk with Packer's names for where values come from.
    pub(crate) fn packer(mut self) -> Walk<'m> {
        self.flavor = Flavor::Packer;
        self
    }

    /// Explain `expr`, written as `source`, evaluated in `scope` of the root module `root`.
    pub(crate) fn explain(
        mut self,
        root: &'m ModuleInstance,
        source: &str,
        expr: &Expr,
        scope: &Scope,
    ) -> String {
        let frames = vec![Frame {
            instance: root,
            call: None,
        }];
        let value = self.evaluator.eval_partial(expr, scope).0;
        let status = Status::of(&value);
        let single = single_reference(expr);
        // `:why var.NAME` always tells where the value came from.
        let is_variable = single.as_ref().is_some_and(|r| r.root() == "var");
        if self.mode == Mode::Why && status.is_plain() && !is_variable {
            return format!("{source} is known: {}", one_line(&format_value(&value)));
        }
        match single {
            // A lone named value: its own line first, with where it is defined.
            Some(reference) => self.reference(&frames, &reference, 0, true),
            None => {
                let _ = writeln!(self.out, "{source}{}", status.describe());
                self.n_lines += 1;
                self.expr(&frames, expr, source, scope, 1);
            }
        }
        self.out.trim_end().to_string()
    }

    fn line(&mut self, depth: usize, text: &str) -> bool {
        if self.n_lines >= MAX_LINES {
            if self.n_lines == MAX_LINES {
                let _ = writeln!(
                    self.out,
                    "{}… (stopped at {MAX_LINES} lines)",
                    indent(depth)
                );
                self.n_lines += 1;
            }
            return false;
        }
        let _ = writeln!(self.out, "{}{text}", indent(depth));
        self.n_lines += 1;
        true
    }

    /// The references of `expr` (a definition), in the module of `frames`' last frame.
    fn expr(&mut self, frames: &[Frame<'m>], expr: &Expr, text: &str, scope: &Scope, depth: usize) {
        if depth > MAX_DEPTH {
            self.line(depth, &format!("… (deeper than {MAX_DEPTH} steps)"));
            return;
        }
        let expr = expr.strip_parens();
        if let ExprKind::Conditional {
            cond,
            true_expr,
            false_expr,
        } = &expr.kind
        {
            let condition = self.evaluator.eval_partial(cond, scope).0;
            let condition_text = text
                .get(cond.span.start as usize..cond.span.end as usize)
                .map_or_else(|| "…".to_string(), one_line);
            match condition.as_bool().filter(|_| condition.is_known()) {
                None => {
                    self.line(
                        depth,
                        &format!(
                            "condition `{condition_text}` is unknown: neither branch is taken yet"
                        ),
                    );
                    self.expr(frames, cond, text, scope, depth + 1);
                    // Either branch may be the value: both are part of the answer.
                    let branches_matter = self.mode == Mode::All
                        || [&**true_expr, &**false_expr].iter().any(|branch| {
                            !Status::of(&self.evaluator.eval_partial(branch, scope).0).is_plain()
                        });
                    if branches_matter {
                        self.line(depth, "either branch may be the value:");
                        self.expr(frames, true_expr, text, scope, depth + 1);
                        self.expr(frames, false_expr, text, scope, depth + 1);
                    }
                }
                Some(taken) => {
                    let (branch, other) = if taken {
                        ("first", &**true_expr)
                    } else {
                        ("second", &**false_expr)
                    };
                    self.line(
                        depth,
                        &format!(
                            "condition `{condition_text}` is {taken}: the {branch} branch is taken"
                        ),
                    );
                    if self.mode == Mode::All {
                        self.expr(frames, cond, text, scope, depth + 1);
                    }
                    self.expr(frames, other, text, scope, depth + 1);
                }
            }
            return;
        }
        let how = match &expr.kind {
            ExprKind::For(_) => Some("a `for` expression over"),
            ExprKind::FunctionCall(_) => Some("a function call on"),
            ExprKind::Template(template) if template.as_single_interp().is_none() => {
                Some("a template of")
            }
            _ => None,
        };
        if let (Some(how), Mode::Why) = (how, self.mode) {
            let what = match &expr.kind {
                ExprKind::FunctionCall(call) => format!("`{}(…)`, {how}", call.name.name),
                _ => how.to_string(),
            };
            self.line(depth, &format!("{what}:"));
        }
        let depth = if how.is_some() && self.mode == Mode::Why {
            depth + 1
        } else {
            depth
        };
        for reference in terrace_eval::references(expr) {
            self.reference(frames, &reference, depth, false);
        }
    }

    /// One reference: its value, where it is defined, and what it comes from.
    fn reference(&mut self, frames: &[Frame<'m>], reference: &Reference, depth: usize, top: bool) {
        let Some(frame) = frames.last() else { return };
        let text = reference.to_string();
        let Ok(expr) = parse_expr(&text) else { return };
        let scope = frame.instance.scope_for(&expr);
        let value = self.evaluator.eval_partial(&expr, &scope).0;
        let status = Status::of(&value);
        if self.mode == Mode::Why && status.is_plain() && !(top && reference.root() == "var") {
            return;
        }
        let prefix: String = frames
            .iter()
            .filter_map(|f| f.call.as_ref().map(|c| format!("module.{c}.")))
            .collect();
        let address = format!("{prefix}{text}");
        let dir = frame.instance.dir.clone();
        self.load_definitions(&dir);
        let name = first_attr(reference);
        let seen_key = format!("{prefix}|{}", definition_key(reference));
        let again = !self.seen.insert(seen_key);
        match reference.root() {
            "local" => {
                let place = name.and_then(|n| {
                    self.defs(&dir)
                        .and_then(|d| d.locals.get(n))
                        .map(|(file, span, _)| (*file, *span))
                });
                let header = format!("{address}{}{}", self.at(place), status.describe());
                if !self.line(depth, &header) || again {
                    return self.again(again, depth);
                }
                let definition = name.and_then(|n| {
                    self.defs(&dir)
                        .and_then(|d| d.locals.get(n))
                        .map(|(file, _, e)| (*file, e.clone()))
                });
                if let Some((file, definition)) = definition {
                    let scope = frame.instance.scope_for(&definition);
                    let files = self.files;
                    let text = &files.get(file).text;
                    self.expr(frames, &definition, text, &scope, depth + 1);
                }
            }
            "var" => {
                let Some(name) = name else { return };
                self.variable(frames, name, &address, &status, depth, top, again);
            }
            "module" => {
                let Some(name) = name else { return };
                let Some(call) = frame.instance.module_calls.iter().find(|c| &c.name == name)
                else {
                    return;
                };
                let place = self
                    .defs(&dir)
                    .and_then(|d| d.module_calls.get(name))
                    .map(|(file, span, _)| (*file, *span));
                // `module.NAME[KEY].output`: skip the key to find the output's name.
                let steps = reference.steps();
                let (key, output) = match steps.get(1) {
                    Some(TraversalStep::Index { key, .. }) => (Some(key.clone()), steps.get(2)),
                    other => (None, other),
                };
                let output = match output {
                    Some(TraversalStep::Attr { name, .. }) => Some(name.clone()),
                    _ => None,
                };
                let instance = match &key {
                    None => call.instances.first(),
                    Some(key) => call
                        .instances
                        .iter()
                        .find(|(k, _)| instance_key_matches(k, key))
                        .or_else(|| call.instances.first()),
                };
                let Some((_, child)) = instance else {
                    let header = format!(
                        "{address}{}{}: the module `{}` is not loaded here, so its outputs are unknown",
                        self.at(place),
                        status.describe(),
                        call.source
                    );
                    self.line(depth, &header);
                    return;
                };
                let mut inner: Vec<Frame<'m>> = frames
                    .iter()
                    .map(|f| Frame {
                        instance: f.instance,
                        call: f.call.clone(),
                    })
                    .collect();
                inner.push(Frame {
                    instance: child,
                    call: Some(name.clone()),
                });
                let child_dir = child.dir.clone();
                self.load_definitions(&child_dir);
                match output {
                    Some(output) => {
                        let (place, definition) = self
                            .defs(&child_dir)
                            .and_then(|d| d.outputs.get(&output))
                            .map_or((None, None), |(file, span, e)| {
                                (Some((*file, *span)), e.clone())
                            });
                        let sensitive_output = child
                            .outputs
                            .iter()
                            .any(|o| o.name == output && o.sensitive);
                        let mut header =
                            format!("{address}{}{}", self.at(place), status.describe());
                        if sensitive_output {
                            header.push_str(": the output is declared `sensitive`");
                        }
                        if !self.line(depth, &header) || again {
                            return self.again(again, depth);
                        }
                        if let (Some(definition), Some((file, _))) = (definition, place) {
                            let scope = child.scope_for(&definition);
                            let files = self.files;
                            let text = &files.get(file).text;
                            self.expr(&inner, &definition, text, &scope, depth + 1);
                        }
                    }
                    None => {
                        let header = format!("{address}{}{}", self.at(place), status.describe());
                        if !self.line(depth, &header) || again {
                            return self.again(again, depth);
                        }
                        let mut names: Vec<Name> =
                            child.outputs.iter().map(|o| o.name.clone()).collect();
                        names.sort();
                        for output in names {
                            let Ok(expr) = parse_expr(&format!("module.{name}.{output}")) else {
                                continue;
                            };
                            for reference in terrace_eval::references(&expr) {
                                self.reference(frames, &reference, depth + 1, false);
                            }
                        }
                    }
                }
            }
            "path" | "terraform" | "count" | "each" | "self" => {
                self.line(depth, &format!("{address}{}", status.describe()));
            }
            _ => self.resource(frame, reference, &address, &status, depth),
        }
    }

    fn again(&mut self, again: bool, depth: usize) {
        if again {
            self.line(depth + 1, "(as above)");
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn variable(
        &mut self,
        frames: &[Frame<'m>],
        name: &Name,
        address: &str,
        status: &Status,
        depth: usize,
        top: bool,
        again: bool,
    ) {
        let Some(frame) = frames.last() else { return };
        let dir = frame.instance.dir.clone();
        let Some(variable) = frame.instance.variables.iter().find(|v| &v.name == name) else {
            self.line(
                depth,
                &format!("{address}{}: not declared", status.describe()),
            );
            return;
        };
        let place = self
            .defs(&dir)
            .and_then(|d| d.variables.get(name))
            .map(|d| (d.file, d.span));
        let mut header = format!("{address}{}{}", self.at(place), status.describe());
        if variable.sensitive {
            let sensitive_at = self
                .defs(&dir)
                .and_then(|d| d.variables.get(name))
                .and_then(|d| d.sensitive.map(|s| (d.file, s)));
            let _ = write!(header, ": declared `sensitive`{}", self.at(sensitive_at));
        }
        if !self.line(depth, &header) || again {
            return self.again(again, depth);
        }
        if variable.source == VariableSource::ModuleArgument && frames.len() > 1 {
            let parent_frames = &frames[..frames.len() - 1];
            let Some(parent) = parent_frames.last() else {
                return;
            };
            let Some(call) = &frame.call else { return };
            let parent_dir = parent.instance.dir.clone();
            self.load_definitions(&parent_dir);
            let argument = self
                .defs(&parent_dir)
                .and_then(|d| d.module_calls.get(call))
                .and_then(|(file, _, args)| args.get(name).map(|e| (*file, e.clone())));
            if let Some((file, argument)) = argument {
                let text = format!(
                    "set by the argument `{name}` of module.{call}{}",
                    self.at(Some((file, argument.span)))
                );
                self.line(depth + 1, &text);
                let scope = parent.instance.scope_for(&argument);
                let files = self.files;
                let text = &files.get(file).text;
                self.expr(parent_frames, &argument, text, &scope, depth + 2);
            }
            return;
        }
        let origin = self.origin(&dir, variable);
        self.line(depth + 1, &origin);
        if top {
            self.conversion(&dir, variable, depth + 1);
            self.validations(frame, &dir, variable, depth + 1);
        }
    }

    /// Where a variable's value came from, in words, with the file and line.
    pub(crate) fn origin(&mut self, dir: &Path, variable: &VariableValue) -> String {
        self.load_definitions(dir);
        let Some(defs) = self.definitions.get(dir) else {
            return String::new();
        };
        variable_origin(
            self.files,
            defs,
            Some(dir),
            self.root_dir,
            variable,
            self.flavor,
        )
    }

    fn tfvars_place(&self, path: &Path, name: &str) -> Option<(FileId, Span)> {
        tfvars_place(self.files, path, name)
    }

    fn conversion(&mut self, dir: &Path, variable: &VariableValue, depth: usize) {
        let given = match &variable.source {
            VariableSource::File(path) => {
                self.tfvars_place(path, &variable.name)
                    .and_then(|(id, span)| {
                        let (attrs, _) = self.files.body(id).just_attributes();
                        let attr = attrs.into_iter().rev().find(|a| a.expr.span == span)?;
                        self.evaluator
                            .eval(&attr.literal_expr(), &Scope::new())
                            .ok()
                    })
            }
            VariableSource::Default => self
                .defs(dir)
                .and_then(|d| d.variables.get(&variable.name))
                .and_then(|d| d.default_expr.as_ref())
                .and_then(|e| self.evaluator.eval(e, &Scope::new()).ok()),
            // A string on the command line or in the environment, for a primitive type.
            VariableSource::Environment | VariableSource::CommandLine
                if variable.value.ty().is_primitive() =>
            {
                Some(Value::string(""))
            }
            _ => None,
        };
        let Some(given) = given else { return };
        let (plain, _) = variable.value.clone().unmark_deep();
        if given.ty() != plain.ty() {
            self.line(
                depth,
                &format!(
                    "converted from {} to {}",
                    terrace_types::friendly_name(given.ty()),
                    terrace_types::friendly_name(plain.ty())
                ),
            );
        }
    }

    fn validations(
        &mut self,
        frame: &Frame<'m>,
        dir: &Path,
        variable: &VariableValue,
        depth: usize,
    ) {
        let rules: Vec<(FileId, Span, Expr, String)> = self
            .defs(dir)
            .and_then(|d| d.variables.get(&variable.name))
            .map(|d| {
                d.validations
                    .iter()
                    .map(|(span, e, m)| (d.file, *span, e.clone(), m.clone()))
                    .collect()
            })
            .unwrap_or_default();
        for (file, span, condition, message) in rules {
            let value = self
                .evaluator
                .eval_partial(&condition, frame.instance.scope())
                .0;
            if value.as_bool() == Some(false) {
                let text = format!(
                    "validation failed{}: {message}",
                    self.at(Some((file, span)))
                );
                self.line(depth, &text);
            } else if !value.is_known() {
                let text = format!(
                    "validation{} not checked: its condition is unknown",
                    self.at(Some((file, span)))
                );
                self.line(depth, &text);
            }
        }
    }

    fn resource(
        &mut self,
        frame: &Frame<'m>,
        reference: &Reference,
        address: &str,
        status: &Status,
        depth: usize,
    ) {
        let (is_data, resource_type, name) = match (reference.root(), reference.steps()) {
            (
                "data",
                [
                    TraversalStep::Attr { name: t, .. },
                    TraversalStep::Attr { name: n, .. },
                    ..,
                ],
            ) => (true, t.clone(), n.clone()),
            (root, [TraversalStep::Attr { name: n, .. }, ..]) => {
                (false, Name::from(root), n.clone())
            }
            _ => {
                self.line(depth, &format!("{address}{}", status.describe()));
                return;
            }
        };
        let found =
            frame.instance.resources.iter().find(|r| {
                r.is_data == is_data && r.resource_type == resource_type && r.name == name
            });
        let dir = frame.instance.dir.clone();
        let key = format!(
            "{}{resource_type}.{name}",
            if is_data { "data." } else { "" }
        );
        let place = self.defs(&dir).and_then(|d| d.resources.get(&key)).copied();
        let reason = match found {
            None => ": not declared".to_string(),
            Some(resource) if resource.state.is_none() => {
                if is_data {
                    ": a data source not in the state: read at apply, known after apply".to_string()
                } else {
                    ": a resource not in the state: known after apply".to_string()
                }
            }
            // A state was read and does not list it: planned, not created yet.
            Some(resource) if resource.state.as_ref().is_some_and(|slot| !slot.in_state()) => {
                if is_data {
                    ": a data source not in the state yet: read at apply, known after apply"
                        .to_string()
                } else {
                    ": a resource not in the state yet (planned, not created): known after apply"
                        .to_string()
                }
            }
            Some(_) if status.sensitive => {
                ": from the state, where the attribute is sensitive".to_string()
            }
            Some(_) => ": from the state".to_string(),
        };
        let header = format!("{address}{}{}{reason}", self.at(place), status.describe());
        self.line(depth, &header);
    }

    /// ` (file:line)` for a place, relative to the root module's directory.
    fn at(&self, place: Option<(FileId, Span)>) -> String {
        at(self.files, self.root_dir, place)
    }

    fn defs(&self, dir: &Path) -> Option<&Definitions> {
        self.definitions.get(dir)
    }

    fn load_definitions(&mut self, dir: &Path) {
        if self.definitions.contains_key(dir) {
            return;
        }
        let definitions = find_definitions(self.files, Some(dir));
        self.definitions.insert(dir.to_path_buf(), definitions);
    }
}

/// ` (file:line)` for a place, its path relative to `root_dir`.
fn at(files: &SourceFiles, root_dir: &Path, place: Option<(FileId, Span)>) -> String {
    let Some((file, span)) = place else {
        return String::new();
    };
    let source = files.get(file);
    let path = source.path.strip_prefix(root_dir).map_or_else(
        |_| source.path.display().to_string(),
        |p| p.display().to_string(),
    );
    let offset = (span.start as usize).min(source.text.len());
    let line = source
        .text
        .get(..offset)
        .unwrap_or("")
        .matches('\n')
        .count()
        + 1;
    format!(" ({path}:{line})")
}

/// Terraform's or Packer's names for where a variable's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    Terraform,
    Packer,
}

/// Says where variables' values came from; the definitions are read once.
pub(crate) struct Origins<'f> {
    files: &'f SourceFiles,
    dir: Option<&'f Path>,
    root_dir: &'f Path,
    flavor: Flavor,
    definitions: Definitions,
}

impl<'f> Origins<'f> {
    /// For the variables declared in `dir` (in any directory when `None`), places written
    /// relative to `root_dir`.
    pub(crate) fn new(
        files: &'f SourceFiles,
        dir: Option<&'f Path>,
        root_dir: &'f Path,
        flavor: Flavor,
    ) -> Origins<'f> {
        Origins {
            files,
            dir,
            root_dir,
            flavor,
            definitions: find_definitions(files, dir),
        }
    }

    /// Where `variable`'s value came from, in words, with the file and line: its default, a
    /// variable file (which one), the environment, or the command line.
    pub(crate) fn origin(&self, variable: &VariableValue) -> String {
        variable_origin(
            self.files,
            &self.definitions,
            self.dir,
            self.root_dir,
            variable,
            self.flavor,
        )
    }
}

fn variable_origin(
    files: &SourceFiles,
    defs: &Definitions,
    dir: Option<&Path>,
    root_dir: &Path,
    variable: &VariableValue,
    flavor: Flavor,
) -> String {
    match &variable.source {
        VariableSource::Default => {
            let place = defs
                .variables
                .get(&variable.name)
                .and_then(|d| d.default.map(|s| (d.file, s)));
            format!("value from its default{}", at(files, root_dir, place))
        }
        VariableSource::Environment => {
            let prefix = match flavor {
                Flavor::Terraform => "TF_VAR_",
                Flavor::Packer => "PKR_VAR_",
            };
            format!(
                "value from the environment variable {prefix}{}",
                variable.name
            )
        }
        VariableSource::CommandLine => format!("value from --var {}=…", variable.name),
        VariableSource::ModuleArgument => "value from the calling module block".to_string(),
        VariableSource::Unset => "no value given (required)".to_string(),
        VariableSource::RemoteBackend => {
            "unknown: the \"remote\" backend's console uses no default".to_string()
        }
        VariableSource::Workspace => "value from the HCP Terraform workspace".to_string(),
        VariableSource::File(path) => {
            let kind = file_kind(path, dir.unwrap_or(root_dir));
            let place = tfvars_place(files, path, &variable.name);
            format!("value from {kind}{}", at(files, root_dir, place))
        }
    }
}

/// The last assignment to `name` in the variable file at `path`.
fn tfvars_place(files: &SourceFiles, path: &Path, name: &str) -> Option<(FileId, Span)> {
    let (id, _) = files.iter().find(|(_, f)| &*f.path == path)?;
    let (attrs, _) = files.body(id).just_attributes();
    let attr = attrs.iter().rev().find(|a| &*a.name == name)?;
    Some((id, attr.expr.span))
}

/// The definitions in the `.tf`, `.tf.json`, `.pkr.hcl` and `.pkr.json` files of `dir` (of
/// every directory when `None`).
fn find_definitions(files: &SourceFiles, dir: Option<&Path>) -> Definitions {
    let mut defs = Definitions::default();
    for (id, file) in files.iter() {
        let name = file.path.to_string_lossy();
        let in_dir = dir.is_none_or(|dir| {
            file.path.parent() == Some(dir)
                || (dir == Path::new(".") && file.path.parent() == Some(Path::new("")))
        });
        let config = [".tf", ".tf.json", ".pkr.hcl", ".pkr.json"]
            .iter()
            .any(|suffix| name.ends_with(suffix));
        if !in_dir || !config {
            continue;
        }
        let content = files.body(id).all_content();
        for block in &content.blocks {
            let label = |i: usize| block.labels.get(i).map(|(n, _)| n.clone());
            match &*block.block_type {
                "locals" => {
                    for attr in block.body.just_attributes().0 {
                        defs.locals.insert(
                            attr.name.clone(),
                            (id, attr.name_span, (*attr.expr).clone()),
                        );
                    }
                }
                // Packer's `local "NAME" { expression = ... }`.
                "local" => {
                    if let Some(name) = label(0) {
                        let body = block.body.all_content();
                        if let Some(attr) =
                            body.attributes.iter().find(|a| &*a.name == "expression")
                        {
                            defs.locals
                                .insert(name, (id, block.def_span, (*attr.expr).clone()));
                        }
                    }
                }
                "output" => {
                    if let Some(name) = label(0) {
                        let body = block.body.all_content();
                        let value = body
                            .attributes
                            .iter()
                            .find(|a| &*a.name == "value")
                            .map(|a| (*a.expr).clone());
                        defs.outputs.insert(name, (id, block.def_span, value));
                    }
                }
                "variable" => {
                    if let Some(name) = label(0) {
                        let body = block.body.all_content();
                        let attr_span = |n: &str| {
                            body.attributes
                                .iter()
                                .find(|a| &*a.name == n)
                                .map(|a| a.expr.span)
                        };
                        let validations = body
                            .blocks
                            .iter()
                            .filter(|b| &*b.block_type == "validation")
                            .filter_map(|b| {
                                let rule = b.body.all_content();
                                let condition =
                                    rule.attributes.iter().find(|a| &*a.name == "condition")?;
                                let message = rule
                                    .attributes
                                    .iter()
                                    .find(|a| &*a.name == "error_message")
                                    .and_then(|a| {
                                        Evaluator::new().eval(&a.expr, &Scope::new()).ok()
                                    })
                                    .and_then(|v| v.as_str().map(str::to_string))
                                    .unwrap_or_else(|| "the validation rule failed".to_string());
                                Some((condition.expr.span, (*condition.expr).clone(), message))
                            })
                            .collect();
                        defs.variables.insert(
                            name,
                            VariableDefinition {
                                file: id,
                                span: block.def_span,
                                default: attr_span("default"),
                                default_expr: body
                                    .attributes
                                    .iter()
                                    .find(|a| &*a.name == "default")
                                    .map(|a| a.literal_expr().into_owned()),
                                sensitive: attr_span("sensitive"),
                                validations,
                            },
                        );
                    }
                }
                "resource" | "data" => {
                    if let (Some(t), Some(n)) = (label(0), label(1)) {
                        let prefix = if &*block.block_type == "data" {
                            "data."
                        } else {
                            ""
                        };
                        defs.resources
                            .insert(format!("{prefix}{t}.{n}"), (id, block.def_span));
                    }
                }
                "module" => {
                    if let Some(name) = label(0) {
                        let args = block
                            .body
                            .all_content()
                            .attributes
                            .iter()
                            .map(|a| (a.name.clone(), (*a.expr).clone()))
                            .collect();
                        defs.module_calls.insert(name, (id, block.def_span, args));
                    }
                }
                _ => {}
            }
        }
    }
    defs
}

/// What is special about a value: where it is unknown, sensitive or null.
struct Status {
    unknown: Vec<String>,
    sensitive_places: Vec<String>,
    sensitive: bool,
    null: bool,
}

impl Status {
    fn of(value: &Value) -> Status {
        let mut status = Status {
            unknown: Vec::new(),
            sensitive_places: Vec::new(),
            sensitive: false,
            null: value.is_null() && value.is_known(),
        };
        places(value, &mut String::new(), &mut status, 0);
        status.sensitive = !status.sensitive_places.is_empty();
        status
    }

    fn is_plain(&self) -> bool {
        self.unknown.is_empty() && self.sensitive_places.is_empty() && !self.null
    }

    /// `: unknown at [0], sensitive` and so on; empty for a plain value.
    fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (what, places) in [
            ("unknown", &self.unknown),
            ("sensitive", &self.sensitive_places),
        ] {
            if places.is_empty() {
                continue;
            }
            if places.iter().any(String::is_empty) {
                parts.push(what.to_string());
                continue;
            }
            let mut listed: Vec<&str> =
                places.iter().take(MAX_PLACES).map(String::as_str).collect();
            if places.len() > MAX_PLACES {
                listed.push("…");
            }
            parts.push(format!("{what} at {}", listed.join(", ")));
        }
        if self.null {
            parts.push("null".to_string());
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" is {}", parts.join(", "))
        }
    }
}

fn places(value: &Value, path: &mut String, status: &mut Status, depth: usize) {
    if value.marks().contains(Marks::SENSITIVE) {
        status.sensitive_places.push(path.clone());
        if !value.is_wholly_known() {
            status.unknown.push(path.clone());
        }
        return;
    }
    if !value.is_known() {
        status.unknown.push(path.clone());
        return;
    }
    if depth > 64 || status.unknown.len() + status.sensitive_places.len() > MAX_PLACES * 4 {
        return;
    }
    let len = path.len();
    if let Some(attrs) = value.as_attrs() {
        let is_object = matches!(value.ty(), terrace_types::Type::Object(_));
        for (key, element) in attrs {
            if is_object && is_identifier(key) {
                let _ = write!(path, ".{key}");
            } else {
                let _ = write!(path, "[{:?}]", key.to_string());
            }
            places(element, path, status, depth + 1);
            path.truncate(len);
        }
    } else if let Some(elements) = value.as_seq() {
        for (idx, element) in elements.iter().enumerate() {
            let _ = write!(path, "[{idx}]");
            places(element, path, status, depth + 1);
            path.truncate(len);
        }
    }
}

fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

fn one_line(text: &str) -> String {
    let mut line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() > 80 {
        line = line.chars().take(77).collect::<String>() + "...";
    }
    line
}

/// The expression is one reference and nothing else (`var.x`, `local.y[0]`).
fn single_reference(expr: &Expr) -> Option<Reference> {
    let expr = expr.strip_parens();
    if !matches!(
        expr.kind,
        ExprKind::ScopeTraversal { .. } | ExprKind::RelativeTraversal { .. }
    ) {
        return None;
    }
    let mut references = terrace_eval::references(expr);
    if references.len() != 1 {
        return None;
    }
    references.pop()
}

fn first_attr(reference: &Reference) -> Option<&Name> {
    match reference.steps().first() {
        Some(TraversalStep::Attr { name, .. }) => Some(name),
        _ => None,
    }
}

/// What a reference names for the "as above" check: the root and its first name.
fn definition_key(reference: &Reference) -> String {
    reference.to_string()
}

fn instance_key_matches(
    key: &crate::module::eval::instance_key::InstanceKey,
    index: &terrace_syntax::IndexKey,
) -> bool {
    use crate::module::eval::instance_key::InstanceKey;
    match (key, index) {
        (InstanceKey::Index(i), terrace_syntax::IndexKey::Number(n)) => {
            n.parse::<usize>().ok() == Some(*i)
        }
        (InstanceKey::Key(k), terrace_syntax::IndexKey::String(s)) => k.as_str() == &**s,
        _ => false,
    }
}

/// How a `.tfvars` file sets variables: `terraform.tfvars`, an `*.auto.tfvars` file, or
/// `--var-file`.
pub(crate) fn file_kind(path: &Path, dir: &Path) -> &'static str {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let in_dir = path.parent() == Some(dir);
    if in_dir && (name == "terraform.tfvars" || name == "terraform.tfvars.json") {
        "terraform.tfvars"
    } else if in_dir && (name.ends_with(".auto.tfvars") || name.ends_with(".auto.tfvars.json")) {
        "an *.auto.tfvars file"
    } else if name.ends_with(".auto.pkrvars.hcl") || name.ends_with(".auto.pkrvars.json") {
        "an *.auto.pkrvars.hcl file"
    } else {
        "--var-file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_types::Type;

    #[test]
    fn status_lists_unknown_and_sensitive_places() {
        let value = Value::object([
            ("a", Value::unknown(Type::String)),
            ("b", Value::string("x").mark(Marks::SENSITIVE)),
            (
                "c",
                Value::tuple([Value::int(1), Value::unknown(Type::Number)]),
            ),
            ("d e", Value::unknown(Type::Bool)),
        ]);
        let status = Status::of(&value);
        assert_eq!(
            status.describe(),
            " is unknown at .a, .c[1], [\"d e\"], sensitive at .b"
        );
        assert!(Status::of(&Value::string("x")).is_plain());
        assert_eq!(
            Status::of(&Value::null(Type::String)).describe(),
            " is null"
        );
        let both = Value::unknown(Type::String).mark(Marks::SENSITIVE);
        assert_eq!(Status::of(&both).describe(), " is unknown, sensitive");
    }

    #[test]
    fn status_stops_listing_after_a_few_places() {
        let value = Value::tuple((0..1000).map(|_| Value::unknown(Type::String)));
        let text = Status::of(&value).describe();
        assert!(text.ends_with("[7], …"), "{text}");
    }

    #[test]
    fn variable_files_are_named_by_kind() {
        let dir = Path::new("m");
        assert_eq!(
            file_kind(Path::new("m/terraform.tfvars"), dir),
            "terraform.tfvars"
        );
        assert_eq!(
            file_kind(Path::new("m/x.auto.tfvars.json"), dir),
            "an *.auto.tfvars file"
        );
        assert_eq!(
            file_kind(Path::new("other/terraform.tfvars"), dir),
            "--var-file"
        );
        assert_eq!(file_kind(Path::new("m/prod.tfvars"), dir), "--var-file");
    }
}
