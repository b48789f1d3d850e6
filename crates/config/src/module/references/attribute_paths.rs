//! Which attributes of resource instances the configuration reads (static traversals, splats, `for` over resources), so they can be added as unknowns.
//!
//! With no state and no provider schema, an instance is an object of its
//! configured arguments; any other attribute (`id`, `arn`, a computed
//! attribute inside a nested block) is `(known after apply)`. The loader
//! finds the attribute paths an expression reads from each resource and adds
//! the missing ones to the instance objects as unknown values.

use std::collections::{BTreeMap, BTreeSet};

use terrace_syntax::{
    Expr, ExprKind, ObjectKey, StepKind, Template, TemplatePart, TraversalStep, static_traversal,
};
use terrace_types::{Type, Value};

use super::dependencies::{ResourceKey, resource_of};
use terrace_eval::{Reference, references};

/// One step of an attribute path below an instance.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PathStep {
    /// `.name`
    Attr(terrace_syntax::Name),
    /// `[i]` or `[*]`: every element of a nested-block tuple.
    Any,
}

/// The attribute paths read from each resource.
pub(crate) type Paths = BTreeMap<ResourceKey, BTreeSet<Vec<PathStep>>>;

fn steps_path(steps: &[TraversalStep]) -> Vec<PathStep> {
    steps
        .iter()
        .map(|step| match step {
            TraversalStep::Attr { name, .. } => PathStep::Attr(name.clone()),
            TraversalStep::Index { .. } => PathStep::Any,
        })
        .collect()
}

/// The path below the instance: the instance key (`[0]`, `["a"]`) is skipped.
fn instance_path(rest: &[TraversalStep]) -> Vec<PathStep> {
    match rest.first() {
        Some(TraversalStep::Index { .. }) => steps_path(&rest[1..]),
        _ => steps_path(rest),
    }
}

/// The resource `expr` statically refers to, and the path below its instances.
fn resource_prefix(
    expr: &Expr,
    managed: &BTreeSet<terrace_syntax::Name>,
) -> Option<(ResourceKey, Vec<PathStep>, bool)> {
    let traversal = static_traversal(expr)?;
    let reference = Reference { traversal };
    let (key, rest) = resource_of(&reference, managed)?;
    let at_instance = rest.is_empty();
    Some((key, instance_path(rest), at_instance))
}

/// The steps a splat's `each` applies to the element.
fn splat_steps(each: &Expr) -> Vec<PathStep> {
    match &each.kind {
        ExprKind::RelativeTraversal { source, steps }
            if matches!(source.kind, ExprKind::SplatItem) =>
        {
            steps
                .iter()
                .map_while(|step| match &step.kind {
                    StepKind::GetAttr(name) => Some(PathStep::Attr(name.name.clone())),
                    StepKind::Index(_) | StepKind::LegacyIndex(_) => Some(PathStep::Any),
                })
                .collect()
        }
        ExprKind::Splat { source, .. } => {
            let mut path = splat_steps(source);
            path.push(PathStep::Any);
            path
        }
        _ => Vec::new(),
    }
}

fn add(out: &mut Paths, key: ResourceKey, path: Vec<PathStep>) {
    if !path.is_empty() {
        out.entry(key).or_default().insert(path);
    }
}

/// Adds the paths `expr` reads to `out`.
pub(crate) fn collect(expr: &Expr, managed: &BTreeSet<terrace_syntax::Name>, out: &mut Paths) {
    for reference in references(expr) {
        if let Some((key, rest)) = resource_of(&reference, managed) {
            add(out, key, instance_path(rest));
        }
    }
    walk(expr, managed, out);
}

fn walk(expr: &Expr, managed: &BTreeSet<terrace_syntax::Name>, out: &mut Paths) {
    match &expr.kind {
        ExprKind::Literal(_) | ExprKind::SplatItem => {}
        ExprKind::Template(template) => walk_template(template, managed, out),
        ExprKind::TupleCons(elems) => elems.iter().for_each(|e| walk(e, managed, out)),
        ExprKind::ObjectCons(items) => {
            for item in items {
                if let ObjectKey::Expr(key) = &item.key {
                    walk(key, managed, out);
                }
                walk(&item.value, managed, out);
            }
        }
        ExprKind::ScopeTraversal { root, steps } => {
            if let Some((key, path)) = dynamic_index_path(root.as_str(), steps, managed) {
                add(out, key, path);
            }
            for step in steps {
                if let StepKind::Index(key) = &step.kind {
                    walk(key, managed, out);
                }
            }
        }
        ExprKind::RelativeTraversal { source, steps } => {
            walk(source, managed, out);
            for step in steps {
                if let StepKind::Index(key) = &step.kind {
                    walk(key, managed, out);
                }
            }
        }
        ExprKind::Splat { source, each, .. } => {
            if let Some((key, mut path, at_instance)) = resource_prefix(source, managed) {
                if !at_instance {
                    path.push(PathStep::Any);
                }
                path.extend(splat_steps(each));
                add(out, key, path);
            }
            walk(source, managed, out);
            walk(each, managed, out);
        }
        ExprKind::FunctionCall(call) => call.args.iter().for_each(|e| walk(e, managed, out)),
        ExprKind::Unary { operand, .. } => walk(operand, managed, out),
        ExprKind::Binary { .. } => {
            // Operator chains nest to the left as deep as they are long
            // (`1+1+...`, a megabyte of it): walk that spine in a loop.
            let mut node = expr;
            while let ExprKind::Binary { lhs, rhs, .. } = &node.kind {
                walk(rhs, managed, out);
                node = lhs;
            }
            walk(node, managed, out);
        }
        ExprKind::Conditional {
            cond,
            true_expr,
            false_expr,
        } => {
            walk(cond, managed, out);
            walk(true_expr, managed, out);
            walk(false_expr, managed, out);
        }
        ExprKind::For(for_expr) => {
            if let Some((key, prefix, at_instance)) = resource_prefix(&for_expr.collection, managed)
            {
                let var = for_expr.value_var.as_str();
                let parts = [
                    Some(&for_expr.value_expr),
                    for_expr.key_expr.as_ref(),
                    for_expr.cond.as_ref(),
                ];
                for part in parts.into_iter().flatten() {
                    for reference in references(part) {
                        if reference.root() == var {
                            let mut path = prefix.clone();
                            if !at_instance {
                                path.push(PathStep::Any);
                            }
                            path.extend(steps_path(reference.steps()));
                            add(out, key.clone(), path);
                        }
                    }
                }
            }
            walk(&for_expr.collection, managed, out);
            walk(&for_expr.value_expr, managed, out);
            if let Some(key_expr) = &for_expr.key_expr {
                walk(key_expr, managed, out);
            }
            if let Some(cond) = &for_expr.cond {
                walk(cond, managed, out);
            }
        }
        ExprKind::Parens(inner) => walk(inner, managed, out),
    }
}

/// `TYPE.NAME[expr].attr...` (an instance key that is not a constant, which
/// the reference walk stops at): the resource and the path after the key.
fn dynamic_index_path(
    root: &str,
    steps: &[terrace_syntax::Step],
    managed: &BTreeSet<terrace_syntax::Name>,
) -> Option<(ResourceKey, Vec<PathStep>)> {
    let name = |step: Option<&terrace_syntax::Step>| match step.map(|s| &s.kind) {
        Some(StepKind::GetAttr(ident)) => Some(ident.name.clone()),
        _ => None,
    };
    let (key, rest) = if root == "data" {
        (
            (true, name(steps.first())?, name(steps.get(1))?),
            steps.get(2..)?,
        )
    } else if managed.contains(root) {
        (
            (
                false,
                terrace_syntax::Name::from(root),
                name(steps.first())?,
            ),
            steps.get(1..)?,
        )
    } else {
        return None;
    };
    let (first, rest) = rest.split_first()?;
    if !matches!(first.kind, StepKind::Index(_)) {
        return None;
    }
    let path = rest
        .iter()
        .map(|step| match &step.kind {
            StepKind::GetAttr(ident) => PathStep::Attr(ident.name.clone()),
            StepKind::Index(_) | StepKind::LegacyIndex(_) => PathStep::Any,
        })
        .collect();
    Some((key, path))
}

fn walk_template(template: &Template, managed: &BTreeSet<terrace_syntax::Name>, out: &mut Paths) {
    for part in &template.parts {
        match part {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interp(interp) => walk(&interp.expr, managed, out),
            TemplatePart::If(directive) => {
                walk(&directive.cond, managed, out);
                walk_template(&directive.then_template, managed, out);
                if let Some(else_template) = &directive.else_template {
                    walk_template(else_template, managed, out);
                }
            }
            TemplatePart::For(directive) => {
                walk(&directive.collection, managed, out);
                walk_template(&directive.body, managed, out);
            }
        }
    }
}

/// `value` with every path in `paths` that it lacks added as an unknown.
pub(crate) fn open_paths(value: &Value, paths: &BTreeSet<Vec<PathStep>>) -> Value {
    paths
        .iter()
        .fold(value.clone(), |value, path| open_path(&value, path))
}

fn open_path(value: &Value, path: &[PathStep]) -> Value {
    let Some((first, rest)) = path.split_first() else {
        return value.clone();
    };
    if !value.is_known() || value.is_null() {
        return value.clone();
    }
    match (first, value.ty()) {
        (PathStep::Attr(name), Type::Object(_)) => {
            let Some(attrs) = value.as_attrs() else {
                return value.clone();
            };
            let mut attrs = attrs.clone();
            match attrs.get(name) {
                Some(existing) => {
                    let opened = open_path(existing, rest);
                    attrs.insert(name.clone(), opened);
                }
                None => {
                    attrs.insert(name.clone(), Value::unknown(Type::Dynamic));
                }
            }
            Value::object(attrs).mark(value.marks())
        }
        (PathStep::Any, Type::Tuple(_)) => {
            let elems: Vec<Value> = value
                .as_seq()
                .into_iter()
                .flatten()
                .map(|elem| open_path(elem, rest))
                .collect();
            Value::tuple(elems).mark(value.marks())
        }
        _ => value.clone(),
    }
}
