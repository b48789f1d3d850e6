//! Resources and data sources with no state: instances from `count` / `for_each` with their configured arguments evaluated (for `:blocks`), and the unknown value expressions see.

use std::collections::BTreeSet;

use terrace_syntax::{Name, Span};
use terrace_types::{Type, Value, convert};

use super::builtin_schemas::builtin_schema;
use super::evaluated_body::{EvaluatedBody, eval_body};
use super::instance_key::InstanceKey;
use crate::module::read::body::{ConfigAttr, ConfigBlock};
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::module_config::BlockConfig;
use crate::module::references::attribute_paths::{PathStep, open_paths};
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;

/// Meta-arguments of resources and module calls, not part of an instance's value.
const META_ARGUMENTS: &[&str] = &["count", "for_each", "provider", "depends_on"];
/// Nested blocks that configure Terraform itself, not the resource.
const META_BLOCKS: &[&str] = &["lifecycle", "provisioner", "connection"];

/// How a block expands into instances.
#[derive(Clone, Debug)]
pub(crate) enum Expansion {
    Single,
    Count(usize),
    ForEach(Vec<(String, Value)>),
    /// Unknown `count` or `for_each` (already reported, or excused).
    Unknown,
}

/// One resource instance.
#[derive(Clone, Debug)]
pub struct ResourceInstance {
    /// Its key.
    pub key: InstanceKey,
    /// Its configuration, evaluated.
    pub body: EvaluatedBody,
}

impl ResourceInstance {
    /// The configured arguments as an object (nested blocks as tuples of
    /// objects), with an unknown `id`; built when asked, as a large `count`
    /// makes many instances.
    pub fn value(&self) -> Value {
        let mut id = BTreeSet::new();
        id.insert(vec![PathStep::Attr(Name::from("id"))]);
        open_paths(&self.body.to_value(), &id)
    }
}

/// A `resource` or `data` block evaluated.
#[derive(Clone, Debug)]
pub struct ResourceValue {
    /// True for a `data` block.
    pub is_data: bool,
    /// The resource type.
    pub resource_type: Name,
    /// The resource name.
    pub name: Name,
    /// The instances (none when `count` or `for_each` is unknown).
    pub instances: Vec<ResourceInstance>,
    /// The value references see: from the state when there is one and
    /// something read it, else the value with no state (a single instance's
    /// object of unknown attributes, or wholly unknown with `count` or `for_each`).
    pub value: Value,
    /// Where the state has this resource, when a state was read.
    pub(crate) state: Option<super::state_values::StateSlot>,
    /// `count` or `for_each` when the configuration sets one.
    pub(crate) repetition: Option<&'static str>,
}

impl ResourceValue {
    /// `aws_instance.web` or `data.aws_ami.ubuntu`.
    pub fn address(&self) -> String {
        if self.is_data {
            format!("data.{}.{}", self.resource_type, self.name)
        } else {
            format!("{}.{}", self.resource_type, self.name)
        }
    }

    /// Its data/managed flag, type and name.
    pub(crate) fn key(&self) -> crate::module::references::dependencies::ResourceKey {
        (self.is_data, self.resource_type.clone(), self.name.clone())
    }

    /// The value with the attribute `paths` added (unknown) when the
    /// resource is a single instance that lacks them; a resource with
    /// `count` or `for_each` is wholly unknown anyway, and one whose schema
    /// is known (see [`builtin_schema`]) has exactly its schema's attributes.
    pub(crate) fn with_paths(&self, paths: &BTreeSet<Vec<PathStep>>) -> Value {
        if builtin_schema(self.is_data, &self.resource_type).is_some() {
            return self.value.clone();
        }
        open_paths(&self.value, paths)
    }
}

/// What an expression sees of a resource with no state, as `terraform
/// console` shows it: a single instance is an object whose attributes are
/// all unknown (the configured arguments included: Terraform 1.15.5 prints
/// `(known after apply)` for them too), and a resource with `count` or
/// `for_each` is wholly unknown (its instance keys are only known once
/// planned; `length(aws_instance.web)` is unknown). The evaluated
/// configuration stays in [`ResourceValue::instances`] for `:blocks`.
fn stateless_value(
    expansion: &Expansion,
    instances: &[ResourceInstance],
    paths: &BTreeSet<Vec<PathStep>>,
    schema: Option<&[(&str, Type)]>,
) -> Value {
    let mut with_id = paths.clone();
    with_id.insert(vec![PathStep::Attr(Name::from("id"))]);
    let first = instances
        .first()
        .map(|instance| open_paths(&instance.body.to_value(), &with_id));
    match (expansion, first, schema) {
        (Expansion::Single, _, Some(schema)) => Value::object(
            schema
                .iter()
                .map(|(name, ty)| (*name, Value::unknown(ty.clone()))),
        ),
        (Expansion::Single, Some(value), None) => match value.as_attrs() {
            Some(attrs) => Value::object(
                attrs
                    .keys()
                    .map(|name| (name.clone(), Value::unknown(Type::Dynamic))),
            ),
            None => Value::unknown(Type::Dynamic),
        },
        _ => Value::unknown(Type::Dynamic),
    }
}

/// Reads `count` or `for_each` of a resource or module call. `excused` says
/// that an unknown value comes from something that is unknown only here
/// (a required variable without a value, a data source, a module not
/// loaded), so it is not reported.
pub(crate) fn expansion(
    block: &BlockConfig<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    excused: bool,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Expansion {
    if let Some(attr) = block.attr("count") {
        let error = |detail: &str| {
            ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error("Invalid count argument", detail, attr.expr.span),
            )
        };
        let value = match evaluator.eval(&attr.expr, scope) {
            Ok(value) => value.unmark_deep().0,
            Err(found) => {
                diagnostics.extend(
                    found
                        .into_iter()
                        .map(|d| ModuleDiagnostic::new(attr.file, d)),
                );
                return Expansion::Unknown;
            }
        };
        if value.is_null() {
            diagnostics.push(error(
                "The given \"count\" argument value is null. An integer is required.",
            ));
            return Expansion::Unknown;
        }
        if !value.is_known() {
            if !excused {
                diagnostics.push(error(
                    "The \"count\" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created. To work around this, use the -target argument to first apply only the resources that the count depends on.",
                ));
            }
            return Expansion::Unknown;
        }
        // Terraform evaluates `count` as a number first: a value that does not convert is
        // HCL's "Incorrect value type".
        let number = match convert(&value, &Type::Number) {
            Ok(number) => number,
            Err(found) => {
                diagnostics.push(ModuleDiagnostic::new(
                    attr.file,
                    Diagnostic::error(
                        "Incorrect value type",
                        format!("Invalid expression value: {found}."),
                        attr.expr.span,
                    ),
                ));
                return Expansion::Unknown;
            }
        };
        let n = number
            .as_number()
            .and_then(|n| if n.is_integer() { n.to_i64() } else { None });
        return match n {
            Some(n) if n >= 0 => Expansion::Count(usize::try_from(n).unwrap_or(0)),
            Some(_) => {
                diagnostics.push(error(
                    "The given \"count\" argument value is unsuitable: must be greater than or equal to zero.",
                ));
                Expansion::Unknown
            }
            None => {
                // gocty's words for a number that is no Go int.
                diagnostics.push(error(
                    "The given \"count\" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.",
                ));
                Expansion::Unknown
            }
        };
    }
    let Some(attr) = block.attr("for_each") else {
        return Expansion::Single;
    };
    for_each(
        &attr.expr,
        attr.file,
        scope,
        evaluator,
        excused,
        diagnostics,
    )
    .map_or(Expansion::Unknown, Expansion::ForEach)
}

/// The elements of a resource or module `for_each`: a map (or object), or a set of strings.
fn for_each(
    expr: &terrace_syntax::Expr,
    file: crate::module::read::files::FileId,
    scope: &Scope,
    evaluator: &Evaluator,
    excused: bool,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Vec<(String, Value)>> {
    let error = |detail: String, span: Span| {
        ModuleDiagnostic::new(
            file,
            Diagnostic::error("Invalid for_each argument", detail, span),
        )
    };
    let set_error = |detail: &str| {
        ModuleDiagnostic::new(
            file,
            Diagnostic::error(
                "Invalid for_each set argument",
                format!("The given \"for_each\" argument value is unsuitable: {detail}"),
                expr.span,
            ),
        )
    };
    let value = match evaluator.eval(expr, scope) {
        Ok(value) => value,
        Err(found) => {
            diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
            return None;
        }
    };
    if value.is_marked() && value.marks().is_sensitive() {
        diagnostics.push(error(
            "Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.".to_string(),
            expr.span,
        ));
        return None;
    }
    let ty = value.ty().clone();
    if value.is_null() {
        diagnostics.push(error(
            "The given \"for_each\" argument value is unsuitable: the given \"for_each\" argument value is null. A map, or set of strings is allowed.".to_string(),
            expr.span,
        ));
        return None;
    }
    let allowed = matches!(
        ty,
        Type::Map(_) | Type::Object(_) | Type::Set(_) | Type::Dynamic
    );
    if !allowed {
        diagnostics.push(error(
            format!(
                "The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type {}.",
                ty.friendly_name()
            ),
            expr.span,
        ));
        return None;
    }
    let (value, _) = value.unmark_deep();
    let keys_known = value.is_known()
        && (!ty.is_set()
            || value
                .as_seq()
                .is_some_and(|elems| elems.iter().all(Value::is_known)));
    if !keys_known {
        if !excused {
            let what = if ty.is_set() {
                "set includes values"
            } else {
                "map includes keys"
            };
            diagnostics.push(error(
                format!(
                    "The \"for_each\" {what} derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to define the map keys statically in your configuration and place apply-time results only in the map values.\n\nAlternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge."
                ),
                expr.span,
            ));
        }
        return None;
    }
    // As Terraform: a set's element type is checked once its elements are known.
    if let Type::Set(elem) = &ty
        && !matches!(**elem, Type::String | Type::Dynamic)
    {
        diagnostics.push(set_error(&format!(
            "\"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.",
            elem.friendly_name()
        )));
        return None;
    }
    if let Some(attrs) = value.as_attrs() {
        return Some(
            attrs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        );
    }
    let mut elems = Vec::new();
    for elem in value.as_seq().into_iter().flatten() {
        match elem.as_str() {
            Some(s) => elems.push((s.to_string(), elem.clone())),
            None => {
                diagnostics.push(set_error("\"for_each\" sets must not contain null values."));
                return None;
            }
        }
    }
    Some(elems)
}

/// The scope of one instance: `count.index`, or `each.key` and `each.value`.
pub(crate) fn instance_scope(
    scope: &Scope,
    key: &InstanceKey,
    each_value: Option<&Value>,
) -> Scope {
    let mut scope = scope.clone();
    match key {
        InstanceKey::None => {}
        InstanceKey::Index(i) => {
            scope.insert_namespace(
                "count",
                Value::object([("index", Value::int(i64::try_from(*i).unwrap_or(i64::MAX)))]),
            );
        }
        InstanceKey::Key(k) => {
            scope.insert_namespace(
                "each",
                Value::object([
                    ("key", Value::string(k)),
                    (
                        "value",
                        each_value.cloned().unwrap_or_else(|| Value::string(k)),
                    ),
                ]),
            );
        }
    }
    scope
}

/// The instances an expansion makes, with their `each.value`.
pub(crate) fn instance_keys(expansion: &Expansion) -> Vec<(InstanceKey, Option<Value>)> {
    match expansion {
        Expansion::Single => vec![(InstanceKey::None, None)],
        Expansion::Count(n) => (0..*n).map(|i| (InstanceKey::Index(i), None)).collect(),
        Expansion::ForEach(elems) => elems
            .iter()
            .map(|(k, v)| (InstanceKey::Key(k.clone()), Some(v.clone())))
            .collect(),
        Expansion::Unknown => Vec::new(),
    }
}

/// Evaluates a `resource` or `data` block. `paths` are the attribute paths
/// the configuration reads from it, added as unknowns when not configured.
pub(crate) fn eval_resource(
    block: &BlockConfig<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    excused: bool,
    paths: &BTreeSet<Vec<PathStep>>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> ResourceValue {
    // `terraform console` neither expands nor evaluates resources: problems
    // with `count`, `for_each` and the arguments are warnings here (a plan
    // would report them as errors).
    let mut found = Vec::new();
    let expansion = expansion(block, scope, evaluator, excused, &mut found);
    diagnostics.extend(found.into_iter().map(|mut d| {
        d.diagnostic.severity = terrace_eval::Severity::Warning;
        d.validate_error = true;
        d
    }));
    let config_attrs: Vec<ConfigAttr<'_>> = block
        .attrs
        .iter()
        .filter(|a| !META_ARGUMENTS.contains(&&*a.name))
        .cloned()
        .collect();
    let config_blocks: Vec<ConfigBlock<'_>> = block
        .blocks
        .iter()
        .filter(|b| !META_BLOCKS.contains(&&*b.block_type))
        .cloned()
        .collect();
    let mut instances = Vec::new();
    for (key, each_value) in instance_keys(&expansion) {
        let instance_scope = instance_scope(scope, &key, each_value.as_ref());
        let mut found = Vec::new();
        let body = eval_body(
            &config_attrs,
            &config_blocks,
            &instance_scope,
            evaluator,
            &mut found,
        );
        diagnostics.extend(found.into_iter().map(|mut d| {
            d.diagnostic.severity = terrace_eval::Severity::Warning;
            d.validate_error = true;
            d
        }));
        instances.push(ResourceInstance { key, body });
    }
    let is_data = &*block.block_type == "data";
    let resource_type = block
        .labels
        .first()
        .map_or_else(|| Name::from(""), |(n, _)| n.clone());
    let schema = builtin_schema(is_data, &resource_type);
    let value = stateless_value(&expansion, &instances, paths, schema.as_deref());
    ResourceValue {
        is_data,
        resource_type,
        name: block
            .labels
            .get(1)
            .map_or_else(|| Name::from(""), |(n, _)| n.clone()),
        instances,
        value,
        state: None,
        repetition: ["count", "for_each"]
            .into_iter()
            .find(|name| block.attr(name).is_some()),
    }
}
