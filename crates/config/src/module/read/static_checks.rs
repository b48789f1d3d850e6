//! What Terraform checks of a module's blocks when it reads them, before evaluating anything
//! (names are in `names.rs`, version constraints in `version_constraint.rs`): check-shaped
//! blocks (`validation`, `precondition`, `postcondition`, `assert`), `depends_on` and
//! `ignore_changes` lists, a resource's `lifecycle` and `provisioner` blocks, a `check` block's
//! asserts, `moved`, `removed` and `import` blocks, references to provider configurations, the
//! names a `provider` block reserves, and the `terraform` block's `language`.

use terrace_eval::{Diagnostic, Evaluator};
use terrace_functions::FunctionTable;
use terrace_syntax::{Expr, ExprKind, Literal, ObjectKey, Span, Traversal, TraversalStep};
use terrace_types::Type;

use super::body::{BodySchema, ConfigAttr, ConfigBlock};
use super::decode::decoded;
use super::diagnostics::ModuleDiagnostic;
use super::files::FileId;
use super::module_config::ModuleConfig;

/// The arguments of a check-shaped block, both required.
const CHECK_RULE_SCHEMA: BodySchema = BodySchema {
    attributes: &["condition", "error_message"],
    blocks: &[],
    open: false,
};

/// A resource's `lifecycle` block (with OpenTofu 1.11's `enabled`, accepted in either
/// language).
const LIFECYCLE_SCHEMA: BodySchema = BodySchema {
    attributes: &[
        "create_before_destroy",
        "prevent_destroy",
        "ignore_changes",
        "replace_triggered_by",
        "destroy",
        "enabled",
    ],
    blocks: &[
        ("precondition", 0),
        ("postcondition", 0),
        ("action_trigger", 0),
    ],
    open: false,
};

/// A `check` block.
const CHECK_BLOCK_SCHEMA: BodySchema = BodySchema {
    attributes: &[],
    blocks: &[("data", 2), ("assert", 0)],
    open: false,
};

/// Checks a check-shaped block as Terraform decodes it: only `condition` and `error_message`,
/// both required, and a condition that refers to something (else its result is a constant).
/// `variable` names the variable a `validation` block belongs to: its condition must refer to
/// it. Returns whether the block is valid.
pub(crate) fn check_rule(
    block: &ConfigBlock<'_>,
    variable: Option<&str>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> bool {
    let start = diagnostics.len();
    let (content, found) = block.body.content(&CHECK_RULE_SCHEMA);
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| ModuleDiagnostic::new(block.file, d)),
    );
    for name in CHECK_RULE_SCHEMA.attributes {
        if content.attr(name).is_none() {
            missing_argument(block, name, diagnostics);
        }
    }
    if let Some(condition) = content.attr("condition")
        && let Ok(expr) = condition.static_expr()
    {
        let refs = terrace_syntax::references(&expr);
        if refs.is_empty() {
            diagnostics.push(ModuleDiagnostic::new(
                condition.file,
                Diagnostic::error(
                    format!("Invalid {} expression", block.block_type),
                    "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
                    expr.span,
                ),
            ));
        }
        let refers_to = |name: &str| {
            refs.iter().any(|r| {
                r.root.as_str() == "var"
                    && matches!(r.steps.first(), Some(TraversalStep::Attr { name: attr, .. }) if &**attr == name)
            })
        };
        if let Some(name) = variable
            && !refers_to(name)
        {
            diagnostics.push(ModuleDiagnostic::new(
                condition.file,
                Diagnostic::error(
                    "Invalid variable validation condition",
                    format!(
                        "The condition for variable \"{name}\" must refer to var.{name} in order to test incoming values."
                    ),
                    expr.span,
                ),
            ));
        }
    }
    !diagnostics[start..].iter().any(ModuleDiagnostic::is_error)
}

/// Checks a `depends_on` argument: a static list of references to objects (a quoted reference
/// is still read as the reference, with a warning), none of them an action.
pub(crate) fn check_depends_on(attr: &ConfigAttr<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    let Some(items) = static_list(attr, diagnostics) else {
        return;
    };
    for item in &items {
        match reference_root(item, attr, diagnostics) {
            None => diagnostics.push(not_a_reference(attr.file, item.span)),
            Some(root) if root == "action" => diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Invalid depends_on Action Reference",
                    "The depends_on attribute cannot reference action blocks directly. You must reference a resource or data source instead.",
                    item.span,
                ),
            )),
            Some(_) => {}
        }
    }
}

/// The items of an argument that must be a list written out (`[a, b]`), or the error.
fn static_list(
    attr: &ConfigAttr<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Vec<Expr>> {
    let expr = attr.static_expr().ok()?;
    list_items(&expr, attr.file, diagnostics).map(<[Expr]>::to_vec)
}

/// The items of `expr` when it is a list written out (HCL's `ExprList`), or the error.
pub(crate) fn list_items<'e>(
    expr: &'e Expr,
    file: FileId,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<&'e [Expr]> {
    if let ExprKind::TupleCons(items) = &expr.strip_parens().kind {
        return Some(items);
    }
    diagnostics.push(ModuleDiagnostic::new(
        file,
        Diagnostic::error(
            "Invalid expression",
            "A static list expression is required.",
            expr.span,
        ),
    ));
    None
}

/// The root name of a static reference: written as one, wrapped in `"${...}"`, or quoted (the
/// Terraform 0.11 spelling, which warns).
fn reference_root(
    expr: &Expr,
    attr: &ConfigAttr<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<String> {
    let traversal = match quoted_reference(expr, attr, diagnostics) {
        Some(quoted) => quoted.ok(),
        None => match &expr.kind {
            ExprKind::Template(template) => template
                .as_single_interp()
                .and_then(terrace_syntax::static_traversal),
            _ => terrace_syntax::static_traversal(expr),
        },
    };
    traversal.map(|t| t.root.as_str().to_string())
}

/// A reference written in quotes in native syntax (Terraform 0.11's spelling), read as
/// Terraform still reads it: the reference, with a warning, or `Err` when the text is none.
/// `None` when `expr` is not a quoted string.
fn quoted_reference(
    expr: &Expr,
    attr: &ConfigAttr<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Result<Traversal, ()>> {
    let ExprKind::Literal(Literal::String(text)) = &expr.kind else {
        return None;
    };
    if attr.json.is_some() {
        return None;
    }
    let Ok(traversal) = terrace_syntax::parse_traversal(text) else {
        return Some(Err(()));
    };
    diagnostics.push(ModuleDiagnostic::new(
        attr.file,
        super::diagnostics::warning(
            "Quoted references are deprecated",
            "In this context, references are expected literally rather than in quotes. Terraform 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of Terraform. Remove the quotes surrounding this reference to silence this warning.",
            expr.span,
        ),
    ));
    Some(Ok(traversal))
}

/// HCL's error for an expression that must be a single static reference (`AbsTraversalForExpr`).
pub(crate) fn not_a_reference(file: FileId, span: Span) -> ModuleDiagnostic {
    ModuleDiagnostic::new(
        file,
        Diagnostic::error(
            "Invalid expression",
            "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
            span,
        ),
    )
}

/// Checks a resource's `lifecycle` block: its arguments and block types, and its
/// `precondition` and `postcondition` blocks; a data resource's takes only those two block
/// types. Returns its arguments.
pub(crate) fn check_lifecycle<'a>(
    kind: &str,
    labels: (&str, &str),
    block: &ConfigBlock<'a>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<ConfigAttr<'a>> {
    let (content, found) = block.body.content(&LIFECYCLE_SCHEMA);
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| ModuleDiagnostic::new(block.file, d)),
    );
    let data = kind == "data";
    for nested in &content.blocks {
        match &*nested.block_type {
            "precondition" | "postcondition" => {
                check_rule(nested, None, diagnostics);
                check_self_reference(kind, labels, nested, diagnostics);
            }
            other if data => diagnostics.push(ModuleDiagnostic::new(
                nested.file,
                Diagnostic::error(
                    "Invalid data resource lifecycle nested block",
                    format!(
                        "The lifecycle nested block \"{other}\" is defined only for managed resources (\"resource\" blocks), and is not valid for data resources."
                    ),
                    nested.type_span,
                ),
            )),
            _ => {}
        }
    }
    if data {
        for attr in &content.attributes {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Invalid data resource lifecycle argument",
                    format!(
                        "The lifecycle argument \"{}\" is defined only for managed resources (\"resource\" blocks), and is not valid for data resources.",
                        attr.name
                    ),
                    attr.name_span,
                ),
            ));
        }
        return Vec::new();
    }
    if let Some(attr) = content.attr("ignore_changes") {
        check_ignore_changes(attr, diagnostics);
    }
    if let Some(attr) = content.attr("replace_triggered_by") {
        check_replace_triggered_by(attr, diagnostics);
    }
    content.attributes
}

/// A resource's `precondition` or `postcondition` may not name the resource itself (it has
/// `self`): Terraform's "Invalid reference in postcondition", once for each of `condition`
/// and `error_message` that does.
fn check_self_reference(
    kind: &str,
    (ty, name): (&str, &str),
    rule: &ConfigBlock<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    // `data.TYPE.NAME`, `ephemeral.TYPE.NAME`, or a managed resource's `TYPE.NAME`.
    let mode = matches!(kind, "data" | "ephemeral").then_some(kind);
    let is_itself = |r: &Traversal| {
        let attr = |i: usize| match r.steps.get(i) {
            Some(TraversalStep::Attr { name, .. }) => Some(&**name),
            _ => None,
        };
        match mode {
            Some(mode) => r.root.as_str() == mode && attr(0) == Some(ty) && attr(1) == Some(name),
            None => r.root.as_str() == ty && attr(0) == Some(name),
        }
    };
    let content = rule.body.all_content();
    for attr_name in CHECK_RULE_SCHEMA.attributes {
        let Some(attr) = content.attributes.iter().find(|a| &*a.name == *attr_name) else {
            continue;
        };
        let Ok(expr) = attr.static_expr() else {
            continue;
        };
        if terrace_syntax::references(&expr).iter().any(is_itself) {
            let address = match mode {
                Some(mode) => format!("{mode}.{ty}.{name}"),
                None => format!("{ty}.{name}"),
            };
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    format!("Invalid reference in {}", rule.block_type),
                    format!("Configuration for {address} may not refer to itself."),
                    expr.span,
                ),
            ));
        }
    }
}

/// `replace_triggered_by`: a static list whose every element refers to one resource (or an
/// instance, or an attribute of one), with no other references than `count.index` and
/// `each.key`. As Terraform's decoder, it checks no element after the first one in error.
fn check_replace_triggered_by(attr: &ConfigAttr<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    let Ok(expr) = attr.static_expr() else {
        return;
    };
    let Some(items) = list_items(&expr, attr.file, diagnostics) else {
        return;
    };
    let start = diagnostics.len();
    for item in items {
        if diagnostics[start..].iter().any(ModuleDiagnostic::is_error) {
            break;
        }
        let mut error = |summary: &str, detail: &str| {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(summary, detail, item.span),
            ));
        };
        let mut resources = 0;
        for reference in terrace_eval::references(item) {
            let first = match reference.steps().first() {
                Some(TraversalStep::Attr { name, .. }) => Some(&**name),
                _ => None,
            };
            match reference.root() {
                "count" if first != Some("index") => error(
                    "Invalid count reference in replace_triggered_by expression",
                    "Only count.index may be used in replace_triggered_by.",
                ),
                "each" if first != Some("key") => error(
                    "Invalid each reference in replace_triggered_by expression",
                    "Only each.key may be used in replace_triggered_by.",
                ),
                "count" | "each" => {}
                "var" | "local" | "module" | "path" | "self" | "terraform" => error(
                    "Invalid reference in replace_triggered_by expression",
                    "Only resources, count.index, and each.key may be used in replace_triggered_by.",
                ),
                // Any other root names a resource (`data.` and `ephemeral.` ones too).
                _ => resources += 1,
            }
        }
        match resources {
            0 => error(
                "Invalid replace_triggered_by expression",
                "Missing resource reference in replace_triggered_by expression.",
            ),
            1 => {}
            _ => error(
                "Invalid replace_triggered_by expression",
                "Multiple resource references in replace_triggered_by expression.",
            ),
        }
    }
}

/// `ignore_changes`: the keyword `all`, or a static list of references to the resource's own
/// arguments (quoted ones too); `["*"]`, the old spelling of `all`, is an error, and mixed with
/// references another.
fn check_ignore_changes(attr: &ConfigAttr<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    if attr
        .static_expr()
        .ok()
        .and_then(|expr| expr.as_keyword().map(|keyword| keyword.as_str() == "all"))
        == Some(true)
    {
        return;
    }
    let Some(items) = static_list(attr, diagnostics) else {
        return;
    };
    let mut wildcard = None;
    let mut references = 0;
    for item in &items {
        if matches!(&item.kind, ExprKind::Literal(Literal::String(text)) if &**text == "*") {
            wildcard = Some(item.span);
            let list = attr.expr.span;
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Invalid ignore_changes wildcard",
                    "The [\"*\"] form of ignore_changes wildcard is was deprecated and is now invalid. Use \"ignore_changes = all\" to ignore changes to all attributes.",
                    list,
                ),
            ));
        } else if reference_root(item, attr, diagnostics).is_some() {
            references += 1;
        } else {
            diagnostics.push(not_a_reference(attr.file, item.span));
        }
    }
    if let Some(span) = wildcard
        && references > 0
    {
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(
                "Invalid ignore_changes ruleset",
                "Cannot mix wildcard string \"*\" with non-wildcard references.",
                span,
            ),
        ));
    }
}

/// Checks a `check` block: only `data` and `assert` blocks, each assert a valid check rule, and
/// at least one valid assert.
pub(crate) fn check_check_block(block: &ConfigBlock<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) {
    let (content, found) = block.body.content(&CHECK_BLOCK_SCHEMA);
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| ModuleDiagnostic::new(block.file, d)),
    );
    let mut asserts = 0;
    for nested in &content.blocks {
        if &*nested.block_type == "assert" && check_rule(nested, None, diagnostics) {
            asserts += 1;
        }
    }
    if asserts == 0 {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Zero assert blocks",
                "Check blocks must have at least one assert block.",
                block.def_span,
            ),
        ));
    }
}

/// A `moved` block.
const MOVED_SCHEMA: BodySchema = BodySchema {
    attributes: &["from", "to"],
    blocks: &[],
    open: false,
};

/// A `removed` block.
const REMOVED_SCHEMA: BodySchema = BodySchema {
    attributes: &["from"],
    blocks: &[("lifecycle", 0), ("connection", 0), ("provisioner", 1)],
    open: false,
};

/// An `import` block.
const IMPORT_SCHEMA: BodySchema = BodySchema {
    attributes: &["provider", "for_each", "id", "to", "identity"],
    blocks: &[],
    open: false,
};

/// Checks a `moved`, `removed` or `import` block: its arguments, the required ones, the
/// addresses that must be references (`moved`'s `from` and `to`, `removed`'s `from`) and their
/// kinds (`removed` from a resource or module, not an instance or a data source; `moved`
/// between two resources or two modules; `import` into a managed resource), `removed`'s
/// `lifecycle` and provisioners, and `import`'s `id` or `identity`, one of them. Returns an `import` block's static target, which the
/// caller checks no other `import` block has.
pub(crate) fn check_refactoring_block(
    block: &ConfigBlock<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<ImportTarget> {
    let (schema, required, addresses): (&BodySchema, &[&str], &[&str]) = match &*block.block_type {
        "moved" => (&MOVED_SCHEMA, &["from", "to"], &["from", "to"]),
        "removed" => (&REMOVED_SCHEMA, &["from"], &["from"]),
        "import" => (&IMPORT_SCHEMA, &["to"], &[]),
        _ => return None,
    };
    let (content, found) = block.body.content(schema);
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| ModuleDiagnostic::new(block.file, d)),
    );
    for name in required {
        if content.attr(name).is_none() {
            missing_argument(block, name, diagnostics);
        }
    }
    if &*block.block_type == "removed" {
        check_removed_blocks(&content.blocks, diagnostics);
    }
    let mut moved = Vec::new();
    for attr in addresses.iter().filter_map(|name| content.attr(name)) {
        let Ok(expr) = attr.static_expr() else {
            continue;
        };
        let reference = match &expr.kind {
            ExprKind::Template(template) => template
                .as_single_interp()
                .and_then(terrace_syntax::static_traversal),
            _ => terrace_syntax::static_traversal(&expr),
        };
        let Some(reference) = reference else {
            diagnostics.push(not_a_reference(attr.file, expr.span));
            continue;
        };
        let parsed = Address::parse(&reference);
        if &*block.block_type == "removed"
            && let Some(parsed) = &parsed
        {
            check_removed_from(parsed, attr.file, expr.span, diagnostics);
        }
        moved.push(parsed);
    }
    // `moved` between a resource and a module.
    if let [Some(from), Some(to)] = moved.as_slice()
        && &*block.block_type == "moved"
        && from.resource.is_some() != to.resource.is_some()
    {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Invalid \"moved\" addresses",
                "The \"from\" and \"to\" addresses must either both refer to resources or both refer to modules.",
                block.def_span,
            ),
        ));
    }
    if &*block.block_type != "import" {
        return None;
    }
    let detail = match (content.attr("id"), content.attr("identity")) {
        (None, None) => Some("At least one of 'id' or 'identity' must be specified."),
        (Some(_), Some(_)) => Some("Only one of 'id' or 'identity' can be specified."),
        _ => None,
    };
    if let Some(detail) = detail {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error("Invalid import block", detail, block.def_span),
        ));
    }
    let to = content.attr("to")?;
    let expr = to.static_expr().ok()?;
    let traversal = terrace_syntax::static_traversal(&expr)?;
    let parsed = Address::parse(&traversal)?;
    if let Some((true, _)) = parsed.resource {
        diagnostics.push(ModuleDiagnostic::new(
            to.file,
            Diagnostic::error(
                "Invalid import address",
                "Only managed resources can be imported.",
                expr.span,
            ),
        ));
        return None;
    }
    parsed.resource.map(|_| ImportTarget {
        key: traversal_text(&traversal),
        resource: parsed.resource_text,
        span: expr.span,
        file: to.file,
    })
}

/// A `removed` block's `lifecycle` block (only `destroy`, a bool constant).
const REMOVED_LIFECYCLE_SCHEMA: BodySchema = BodySchema {
    attributes: &["destroy"],
    blocks: &[],
    open: false,
};

/// A `removed` block's nested blocks: its `lifecycle` block's `destroy` flag, and its
/// provisioners, which must run at destroy time.
fn check_removed_blocks(blocks: &[ConfigBlock<'_>], diagnostics: &mut Vec<ModuleDiagnostic>) {
    for nested in blocks {
        match &*nested.block_type {
            "lifecycle" => {
                let (content, found) = nested.body.content(&REMOVED_LIFECYCLE_SCHEMA);
                diagnostics.extend(
                    found
                        .into_iter()
                        .map(|d| ModuleDiagnostic::new(nested.file, d)),
                );
                if let Some(destroy) = content.attr("destroy") {
                    let evaluator = Evaluator::with_functions(FunctionTable::default());
                    decoded(destroy, &Type::Bool, &evaluator, diagnostics);
                }
            }
            "provisioner" if !check_provisioner(nested, diagnostics) => {
                diagnostics.push(ModuleDiagnostic::new(
                    nested.file,
                    Diagnostic::error(
                        "Invalid provisioner block",
                        "Only destroy-time provisioners are valid in \"removed\" blocks. To declare a destroy-time provisioner, use:\n    when = destroy",
                        nested.def_span,
                    ),
                ));
            }
            _ => {}
        }
    }
}

/// An `import` block's static `to` address, for the check that no two blocks import into the
/// same one.
pub(crate) struct ImportTarget {
    /// The whole address, instance keys included (what must differ).
    pub(crate) key: String,
    /// The resource's address, without instance keys (what the error names).
    pub(crate) resource: String,
    /// The `to` expression.
    pub(crate) span: Span,
    pub(crate) file: FileId,
}

/// A static address as the refactoring blocks read it: `module.NAME[KEY]` steps, then a
/// resource (`data.` or managed), each perhaps with an instance key.
struct Address {
    /// For each module step, whether it has an instance key.
    modules: Vec<bool>,
    /// The resource: whether it is a data source, whether it has an instance key.
    resource: Option<(bool, bool)>,
    /// The resource's address with its module steps, without instance keys.
    resource_text: String,
}

impl Address {
    fn parse(traversal: &Traversal) -> Option<Address> {
        // Each part: a name, or `None` for an index step.
        let parts: Vec<Option<&str>> = std::iter::once(Some(traversal.root.as_str()))
            .chain(traversal.steps.iter().map(|step| match step {
                TraversalStep::Attr { name, .. } => Some(&**name),
                TraversalStep::Index { .. } => None,
            }))
            .collect();
        let name = |i: usize| parts.get(i).copied().flatten();
        let keyed = |i: usize| matches!(parts.get(i), Some(None));
        let mut modules = Vec::new();
        let mut text = String::new();
        let mut i = 0;
        while name(i) == Some("module") {
            text.push_str(&format!("module.{}.", name(i + 1)?));
            modules.push(keyed(i + 2));
            i += if keyed(i + 2) { 3 } else { 2 };
        }
        if i == parts.len() {
            return Some(Address {
                modules,
                resource: None,
                resource_text: text,
            });
        }
        let data = name(i) == Some("data");
        if data {
            text.push_str("data.");
            i += 1;
        }
        text.push_str(&format!("{}.{}", name(i)?, name(i + 1)?));
        Some(Address {
            modules,
            resource: Some((data, keyed(i + 2))),
            resource_text: text,
        })
    }
}

/// A static traversal as text, for comparing addresses.
fn traversal_text(traversal: &Traversal) -> String {
    let mut text = traversal.root.as_str().to_string();
    for step in &traversal.steps {
        match step {
            TraversalStep::Attr { name, .. } => text.push_str(&format!(".{name}")),
            TraversalStep::Index { key, .. } => text.push_str(&format!("[{key:?}]")),
        }
    }
    text
}

/// A `removed` block's `from`: a resource or a module, not an instance of either, and not a
/// data source.
fn check_removed_from(
    address: &Address,
    file: FileId,
    span: Span,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let (summary, detail) = if address.modules.iter().any(|&keyed| keyed) {
        (
            "Module instance keys not allowed",
            "Module address must be a module (e.g. \"module.foo\"), not a module instance (e.g. \"module.foo[1]\").",
        )
    } else if let Some((_, true)) = address.resource {
        (
            "Resource instance keys not allowed",
            "Resource address must be a resource (e.g. \"test_instance.foo\"), not a resource instance (e.g. \"test_instance.foo[1]\").",
        )
    } else if let Some((true, _)) = address.resource {
        (
            "Data source address not allowed",
            "Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.",
        )
    } else {
        return;
    };
    diagnostics.push(ModuleDiagnostic::new(
        file,
        Diagnostic::error(summary, detail, span),
    ));
}

/// Terraform's error for a required argument that is not there: at the start of the body.
pub(crate) fn missing_argument(
    block: &ConfigBlock<'_>,
    name: &str,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    diagnostics.push(ModuleDiagnostic::new(
        block.file,
        Diagnostic::error(
            "Missing required argument",
            format!("The argument \"{name}\" is required, but no definition was found."),
            Span::empty(block.body.span().start as usize),
        ),
    ));
}

/// Checks a reference to a provider configuration (a resource's `provider`, each key and value
/// of a module's `providers`): a provider local name in normal form, optionally followed by
/// `.ALIAS`. A quoted reference warns, as Terraform still reads it.
pub(crate) fn check_provider_ref(
    expr: &Expr,
    arg_name: &str,
    attr: &ConfigAttr<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let invalid = |detail: String, span: Span| {
        ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error("Invalid provider configuration reference", detail, span),
        )
    };
    let traversal = match quoted_reference(expr, attr, diagnostics) {
        Some(Ok(traversal)) => Some(traversal),
        Some(Err(())) => {
            diagnostics.push(invalid(
                "A provider configuration reference must not be given in quotes.".to_string(),
                expr.span,
            ));
            return;
        }
        None => terrace_syntax::static_traversal(expr),
    };
    let Some(traversal) = traversal.filter(|t| t.steps.len() <= 1) else {
        diagnostics.push(invalid(
            format!(
                "The {arg_name} argument requires a provider type name, optionally followed by a period and then a configuration alias."
            ),
            expr.span,
        ));
        return;
    };
    let start = diagnostics.len();
    super::names::check_provider_name(
        traversal.root.as_str(),
        traversal.root.span,
        attr.file,
        diagnostics,
    );
    if diagnostics.len() > start {
        return;
    }
    if let Some(step @ TraversalStep::Index { .. }) = traversal.steps.first() {
        let span = match step {
            TraversalStep::Index { span, .. } | TraversalStep::Attr { span, .. } => *span,
        };
        diagnostics.push(invalid(
            "Provider name must either stand alone or be followed by a period and then a configuration alias.".to_string(),
            span,
        ));
    }
}

/// Checks a module call's `providers`: a map written out, from a provider configuration of the
/// child module to one of this module.
pub(crate) fn check_passed_providers(
    attr: &ConfigAttr<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let Ok(expr) = attr.static_expr() else {
        return;
    };
    let ExprKind::ObjectCons(items) = &expr.strip_parens().kind else {
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(
                "Invalid expression",
                "A static map expression is required.",
                expr.span,
            ),
        ));
        return;
    };
    for item in items {
        match &item.key {
            ObjectKey::Ident(ident) => {
                super::names::check_provider_name(
                    ident.as_str(),
                    ident.span,
                    attr.file,
                    diagnostics,
                );
            }
            ObjectKey::Expr(key) => check_provider_ref(key, "providers", attr, diagnostics),
        }
        check_provider_ref(&item.value, "providers", attr, diagnostics);
    }
}

/// Reports `count` and `for_each` given together on a resource or a module call (Terraform's
/// error points at `for_each`'s name).
pub(crate) fn check_count_and_for_each(
    block: &super::module_config::BlockConfig<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    if let (Some(_), Some(for_each)) = (block.attr("count"), block.attr("for_each")) {
        diagnostics.push(ModuleDiagnostic::new(
            for_each.file,
            Diagnostic::error(
                "Invalid combination of \"count\" and \"for_each\"",
                "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
                for_each.name_span,
            ),
        ));
    }
}

/// The arguments and block types Terraform reserves in a `provider` block.
pub(crate) fn check_provider_reserved(
    attrs: &[ConfigAttr<'_>],
    blocks: &[ConfigBlock<'_>],
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for attr in attrs {
        if matches!(&*attr.name, "count" | "depends_on" | "for_each" | "source") {
            diagnostics.push(ModuleDiagnostic::new(
                attr.file,
                Diagnostic::error(
                    "Reserved argument name in provider block",
                    format!(
                        "The provider argument name \"{}\" is reserved for use by Terraform in a future version.",
                        attr.name
                    ),
                    attr.name_span,
                ),
            ));
        }
    }
    for nested in blocks {
        if matches!(&*nested.block_type, "lifecycle" | "locals") {
            diagnostics.push(ModuleDiagnostic::new(
                nested.file,
                Diagnostic::error(
                    "Reserved block type name in provider block",
                    format!(
                        "The block type name \"{}\" is reserved for use by Terraform in a future version.",
                        nested.block_type
                    ),
                    nested.type_span,
                ),
            ));
        }
    }
}

/// A `provisioner` block's keywords, `when` (`create` or `destroy`) and `on_failure`
/// (`continue` or `fail`), and a destroy-time provisioner's references, which may only be to
/// `self`, `count.index`, `each.key`, `path` and `terraform` (its `connection` block's too).
/// Returns whether it runs at destroy time.
pub(crate) fn check_provisioner(
    block: &ConfigBlock<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> bool {
    let content = block.body.all_content();
    let attr = |name: &str| content.attributes.iter().find(|a| &*a.name == name);
    let mut destroy = false;
    if let Some(when) = attr("when") {
        match keyword(when, diagnostics) {
            Some(word) if word == "create" => {}
            Some(word) if word == "destroy" => destroy = true,
            _ => diagnostics.push(ModuleDiagnostic::new(
                when.file,
                Diagnostic::error(
                    "Invalid \"when\" keyword",
                    "The \"when\" argument requires one of the following keywords: create or destroy.",
                    when.expr.span,
                ),
            )),
        }
    }
    if destroy {
        let others = content
            .attributes
            .iter()
            .filter(|a| !matches!(&*a.name, "when" | "on_failure"))
            .cloned();
        let connection = content
            .blocks
            .iter()
            .filter(|b| &*b.block_type == "connection")
            .flat_map(|b| b.body.all_content().attributes);
        for attr in others.chain(connection) {
            for reference in terrace_eval::references(&attr.expr) {
                let step = match reference.steps() {
                    [TraversalStep::Attr { name, .. }] => Some(&**name),
                    _ => None,
                };
                let valid = match reference.root() {
                    "self" | "path" | "terraform" => true,
                    "count" => step == Some("index"),
                    "each" => step == Some("key"),
                    _ => false,
                };
                if !valid {
                    diagnostics.push(ModuleDiagnostic::new(
                        attr.file,
                        Diagnostic::error(
                            "Invalid reference from destroy provisioner",
                            "Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\nReferences to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy.",
                            attr.expr.span,
                        ),
                    ));
                }
            }
        }
    }
    if let Some(on_failure) = attr("on_failure")
        && !matches!(
            keyword(on_failure, diagnostics).as_deref(),
            Some("continue" | "fail")
        )
    {
        diagnostics.push(ModuleDiagnostic::new(
            on_failure.file,
            Diagnostic::error(
                "Invalid \"on_failure\" keyword",
                "The \"on_failure\" argument requires one of the following keywords: continue or fail.",
                on_failure.expr.span,
            ),
        ));
    }
    destroy
}

/// An argument read as HCL reads a keyword: a bare name (in JSON, a string holding one); a
/// quoted one in native syntax is still read, with Terraform's warning.
fn keyword(attr: &ConfigAttr<'_>, diagnostics: &mut Vec<ModuleDiagnostic>) -> Option<String> {
    let traversal = if attr.json.is_some() {
        terrace_syntax::static_traversal(&*attr.static_expr().ok()?)
    } else if let ExprKind::Literal(Literal::String(text)) = &attr.expr.kind {
        let traversal = terrace_syntax::parse_traversal(text).ok()?;
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            super::diagnostics::warning(
                "Quoted keywords are deprecated",
                "In this context, keywords are expected literally rather than in quotes. Terraform 0.11 and earlier required quotes, but quoted keywords are now deprecated and will be removed in a future version of Terraform. Remove the quotes surrounding this keyword to silence this warning.",
                attr.expr.span,
            ),
        ));
        Some(traversal)
    } else {
        terrace_syntax::static_traversal(&attr.expr)
    }?;
    traversal
        .steps
        .is_empty()
        .then(|| traversal.root.as_str().to_string())
}

/// The provisioners Terraform has built in: a `provisioner` block of another type is an error
/// (Terraform's, reading the provisioners' schemas: it stops at the first such type).
const PROVISIONERS: &[&str] = &["file", "local-exec", "remote-exec"];

/// The provisioners Terraform 0.15 removed, which it refuses as it reads a configuration.
const REMOVED_PROVISIONERS: &[&str] = &["chef", "habitat", "puppet", "salt-masterless"];

/// The errors for `provisioner` blocks of a type Terraform removed (each of them), or else
/// for the first (module by module, in declaration order) whose type is not a built-in
/// provisioner.
pub(crate) fn check_provisioner_types<'c, 'a: 'c>(
    modules: impl IntoIterator<Item = &'c ModuleConfig<'a>>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let provisioners: Vec<_> = modules
        .into_iter()
        .flat_map(|config| &config.resources)
        .filter(|block| &*block.block_type == "resource")
        .flat_map(|block| &block.blocks)
        .filter(|nested| &*nested.block_type == "provisioner")
        .filter_map(|nested| Some((nested.file, nested.labels.first()?)))
        .collect();
    let mut removed = false;
    for (file, (name, span)) in &provisioners {
        if REMOVED_PROVISIONERS.contains(&&**name) {
            removed = true;
            diagnostics.push(ModuleDiagnostic::new(
                *file,
                Diagnostic::error(
                    format!("The \"{name}\" provisioner has been removed"),
                    format!("The \"{name}\" provisioner was deprecated in Terraform 0.13.4 has been removed from Terraform. Visit https://learn.hashicorp.com/collections/terraform/provision for alternatives to using provisioners that are a better fit for the Terraform workflow."),
                    *span,
                ),
            ));
        }
    }
    let unknown = provisioners
        .iter()
        .map(|(_, (name, _))| name)
        .find(|name| !PROVISIONERS.contains(&&***name))
        .filter(|_| !removed);
    if let Some(name) = unknown {
        diagnostics.push(ModuleDiagnostic::without_file(Diagnostic::error(
            format!(
                "failed to read provisioner configuration schema for \"{name}\": failed to instantiate provisioner \"{name}\" to obtain schema: unavailable provisioner \"{name}\""
            ),
            "",
            Span::default(),
        )));
    }
}

/// The Terraform release whose answers terrace gives.
const TERRAFORM_VERSION: &str = "1.15.5";

/// The `terraform` block's `language`: the bare keyword `TF2021`, the only edition there is.
pub(crate) fn check_language_edition(
    attr: &ConfigAttr<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let traversal = match attr.json {
        Some(_) => attr
            .static_expr()
            .ok()
            .and_then(|expr| terrace_syntax::static_traversal(&expr)),
        None => terrace_syntax::static_traversal(&attr.expr),
    };
    let keyword = traversal
        .filter(|t| t.steps.is_empty())
        .map(|t| t.root.as_str().to_string());
    let (summary, detail) = match keyword.as_deref() {
        Some("TF2021") => return,
        None => (
            "Invalid language edition",
            format!(
                "The language argument expects a bare language edition keyword. Terraform {TERRAFORM_VERSION} supports only language edition TF2021, which is the default."
            ),
        ),
        Some(_) => (
            "Unsupported language edition",
            format!(
                "Terraform v{TERRAFORM_VERSION} only supports language edition TF2021. This module requires a newer version of Terraform CLI."
            ),
        ),
    };
    diagnostics.push(ModuleDiagnostic::new(
        attr.file,
        Diagnostic::error(summary, detail, attr.expr.span),
    ));
}
