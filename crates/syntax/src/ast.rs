//! The abstract syntax tree of HCL native syntax: bodies, expressions and templates.
//!
//! Names follow `hashicorp/hcl`'s `hclsyntax/spec.md`. Every node carries a
//! non-optional byte [`Span`]. The tree is owned and plain data: only the parser
//! builds it, consumers borrow it.

use std::sync::Arc;

use crate::recycle;
use crate::span::Span;

/// A cheap-to-clone string, used for identifiers and literal text.
pub type Name = Arc<str>;

/// An identifier with its span: attribute names, variable roots, `for` variables,
/// function names (which may contain `::` namespace separators).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    /// The identifier text, e.g. `aws_instance` or `provider::aws::arn_parse`.
    pub name: Name,
    /// Where it is in the source.
    pub span: Span,
}

impl Ident {
    /// A new identifier.
    pub fn new(name: impl Into<Name>, span: Span) -> Self {
        Ident {
            name: name.into(),
            span,
        }
    }

    /// The identifier text.
    pub fn as_str(&self) -> &str {
        &self.name
    }
}

// ---------------------------------------------------------------------------
// Structural language
// ---------------------------------------------------------------------------

/// A body: the attributes and blocks of a file or of a block, in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Body {
    /// Attributes and blocks, in the order they appear.
    pub items: Vec<BodyItem>,
    /// The span of the body's content (for a block, between its braces).
    pub span: Span,
}

impl Body {
    /// The attributes, in source order.
    pub fn attributes(&self) -> impl Iterator<Item = &Attribute> {
        self.items.iter().filter_map(|item| match item {
            BodyItem::Attribute(attribute) => Some(attribute),
            BodyItem::Block(_) => None,
        })
    }

    /// The blocks, in source order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.items.iter().filter_map(|item| match item {
            BodyItem::Block(block) => Some(block),
            BodyItem::Attribute(_) => None,
        })
    }

    /// The first attribute called `name`.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes()
            .find(|attribute| attribute.name.as_str() == name)
    }
}

/// Dropping a body keeps its item vector as this thread's spare, for the next
/// parse (see `recycle.rs`).
impl Drop for Body {
    fn drop(&mut self) {
        recycle::give_vec(std::mem::take(&mut self.items));
    }
}

/// One item of a [`Body`].
#[derive(Clone, Debug, PartialEq)]
pub enum BodyItem {
    /// `name = expr`
    Attribute(Attribute),
    /// `type "label" { ... }`
    Block(Block),
}

impl BodyItem {
    /// The item's span.
    pub fn span(&self) -> Span {
        match self {
            BodyItem::Attribute(attribute) => attribute.span,
            BodyItem::Block(block) => block.span,
        }
    }
}

/// An attribute definition `name = expr`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The attribute name; `name.span` is the name's span.
    pub name: Ident,
    /// The value expression.
    pub expr: Expr,
    /// From the name to the end of the expression.
    pub span: Span,
}

/// A block `type label1 "label2" { body }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The block type, e.g. `resource`.
    pub block_type: Ident,
    /// The labels, identifiers or quoted strings.
    pub labels: Vec<BlockLabel>,
    /// The block's content.
    pub body: Body,
    /// The span of `{`.
    pub open_brace: Span,
    /// The span of `}` (empty at the end of input when the block is unclosed).
    pub close_brace: Span,
    /// From the block type to `}`.
    pub span: Span,
}

/// Dropping a block keeps its label vector as this thread's spare, for the
/// next parse (see `recycle.rs`).
impl Drop for Block {
    fn drop(&mut self) {
        recycle::give_vec(std::mem::take(&mut self.labels));
    }
}

/// A block label: a bare identifier or a quoted string (escapes processed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockLabel {
    /// The label's value.
    pub value: Name,
    /// Whether the label was a quoted string.
    pub quoted: bool,
    /// The span, including quotes.
    pub span: Span,
}

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What kind of expression it is.
    pub kind: ExprKind,
    /// Its full extent in the source.
    pub span: Span,
}

impl Expr {
    /// A new expression node.
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }

    /// An expression that owns nothing, left where one was moved out.
    pub(crate) fn placeholder() -> Self {
        Expr::new(ExprKind::SplatItem, Span::default())
    }

    /// Remove any number of enclosing parentheses.
    pub fn strip_parens(&self) -> &Expr {
        let mut expr = self;
        while let ExprKind::Parens(inner) = &expr.kind {
            expr = inner;
        }
        expr
    }

    /// The bare identifier this expression consists of, if it is one (no steps,
    /// no parentheses); this is how a keyword-like name is recognised, as for
    /// object keys and `for` variables.
    pub fn as_keyword(&self) -> Option<&Ident> {
        match &self.kind {
            ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => Some(root),
            _ => None,
        }
    }
}

/// Dropping goes down chains of operands iteratively: a left-associative
/// chain such as `1 + 1 + ... + 1` nests as deep as it is long, and a
/// recursive drop of a long one would overflow the stack.
///
/// The vectors and boxes of the dropped expression are kept as this thread's
/// spares, for the next parse (see `recycle.rs`).
impl Drop for Expr {
    #[inline]
    fn drop(&mut self) {
        // Most expressions have no operands: nothing to take apart.
        if has_children(&self.kind) {
            drop_chain(self);
        }
        if recycle::has_spares(&self.kind) {
            recycle::give_expr_kind(std::mem::replace(&mut self.kind, ExprKind::SplatItem));
        }
    }
}

/// Drop the operands of `expr` and their operands, iteratively.
fn drop_chain(expr: &mut Expr) {
    let mut pending: Vec<Expr> = Vec::new();
    take_chain_children(&mut expr.kind, &mut pending);
    while let Some(mut expr) = pending.pop() {
        take_chain_children(&mut expr.kind, &mut pending);
    }
}

/// Move the boxed operands of `kind` (the ones that can form long chains)
/// into `pending`, leaving cheap placeholders behind.
fn take_chain_children(kind: &mut ExprKind, pending: &mut Vec<Expr>) {
    fn take(expr: &mut Expr) -> Expr {
        std::mem::replace(expr, Expr::placeholder())
    }
    match kind {
        ExprKind::Binary { lhs, rhs, .. } => {
            if has_children(&lhs.kind) {
                pending.push(take(lhs));
            }
            if has_children(&rhs.kind) {
                pending.push(take(rhs));
            }
        }
        ExprKind::Unary { operand: child, .. }
        | ExprKind::Parens(child)
        | ExprKind::RelativeTraversal { source: child, .. }
            if has_children(&child.kind) =>
        {
            pending.push(take(child));
        }
        ExprKind::Splat { source, each, .. } => {
            if has_children(&source.kind) {
                pending.push(take(source));
            }
            if has_children(&each.kind) {
                pending.push(take(each));
            }
        }
        _ => {}
    }
}

#[inline]
fn has_children(kind: &ExprKind) -> bool {
    matches!(
        kind,
        ExprKind::Binary { .. }
            | ExprKind::Unary { .. }
            | ExprKind::Parens(_)
            | ExprKind::RelativeTraversal { .. }
            | ExprKind::Splat { .. }
    )
}

/// The kinds of [`Expr`].
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number, bool, null, or a string without interpolations or directives.
    Literal(Literal),
    /// A quoted or heredoc template with at least one interpolation or directive.
    ///
    /// A template made of exactly one interpolation and nothing else is
    /// "unwrapped" by the evaluator (its value is returned unconverted).
    Template(Template),
    /// `[a, b, c]`
    TupleCons(Vec<Expr>),
    /// `{ k = v, ... }`
    ObjectCons(Vec<ObjectItem>),
    /// A variable and the steps written directly after it: `var.a`, `local.b[0]`,
    /// `x[y].z`. Stops before a splat.
    ScopeTraversal {
        /// The variable name.
        root: Ident,
        /// `.attr`, `[index]` and `.0` steps, possibly none.
        steps: Vec<Step>,
    },
    /// Steps applied to the result of an expression that is not a variable:
    /// `f(x).a`, `[1, 2][0]`, `(a.*.b)[0]`.
    RelativeTraversal {
        /// The expression whose result is traversed.
        source: Box<Expr>,
        /// At least one step.
        steps: Vec<Step>,
    },
    /// A splat: `source[*]...` or `source.*...`.
    ///
    /// `each` is evaluated once per element of `source`, with
    /// [`ExprKind::SplatItem`] standing for the element. A full splat `[*]`
    /// takes every following step into `each`, including `[index]` steps and
    /// further splats; an attribute-only splat `.*` takes only `.attr` (and
    /// legacy `.0`) steps. So `a[*].b[0]` indexes each element, while
    /// `a.*.b[0]` is a [`ExprKind::RelativeTraversal`] that indexes the
    /// result of `a.*.b`.
    Splat {
        /// The expression whose elements are visited.
        source: Box<Expr>,
        /// Full (`[*]`) or attribute-only (`.*`).
        kind: SplatKind,
        /// The span of `[*]` or `.*`.
        marker: Span,
        /// What to compute for each element: [`ExprKind::SplatItem`] itself,
        /// or traversals (and, for a full splat, further splats) applied to it.
        each: Box<Expr>,
    },
    /// The element a splat is visiting (HCL's "anonymous symbol"); appears only
    /// inside a splat's `each`, where it refers to the innermost splat. Its
    /// span is the splat marker's.
    SplatItem,
    /// `name(args)`
    FunctionCall(Box<FunctionCall>),
    /// `-x`, `!x`
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The span of the operator token.
        op_span: Span,
        /// The operand.
        operand: Box<Expr>,
    },
    /// `lhs op rhs`
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The span of the operator token.
        op_span: Span,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `cond ? true_expr : false_expr`
    Conditional {
        /// The predicate.
        cond: Box<Expr>,
        /// Result when the predicate is true.
        true_expr: Box<Expr>,
        /// Result when the predicate is false.
        false_expr: Box<Expr>,
    },
    /// `[for ...]` or `{for ...}`
    For(Box<ForExpr>),
    /// `(expr)`, kept so that spans and diagnostics point at the right place.
    Parens(Box<Expr>),
}

/// A literal value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    /// A numeric literal, as its source text (`1`, `1.5e3`); converting it to
    /// a number is the evaluator's job.
    Number(Name),
    /// A string with escapes processed (a quoted or heredoc template with only
    /// literal text).
    String(Name),
    /// `true` or `false`
    Bool(bool),
    /// `null`
    Null,
}

/// One traversal step with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What the step does.
    pub kind: StepKind,
    /// The span of the step, including `.` or the brackets.
    pub span: Span,
}

/// The kinds of [`Step`].
#[derive(Clone, Debug, PartialEq)]
pub enum StepKind {
    /// `.name`
    GetAttr(Ident),
    /// `[key]`
    Index(Box<Expr>),
    /// Legacy `.0` index (or `.1e3`): the number literal as written.
    LegacyIndex(Name),
}

/// Which splat operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplatKind {
    /// `[*]`: swallows following attribute and index steps.
    Full,
    /// `.*`: swallows only following attribute steps.
    Attr,
}

/// One item of an object constructor.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectItem {
    /// The key.
    pub key: ObjectKey,
    /// The value.
    pub value: Expr,
    /// From the key to the end of the value.
    pub span: Span,
}

/// The key of an [`ObjectItem`].
#[derive(Clone, Debug, PartialEq)]
pub enum ObjectKey {
    /// A bare identifier (`{a = 1}`): the literal attribute name `a`.
    Ident(Ident),
    /// Any other expression, evaluated and converted to a string: a quoted
    /// string, a parenthesised expression (`{(a) = 1}`), a number, a traversal
    /// with steps (`{a.b = 1}`).
    Expr(Expr),
}

impl ObjectKey {
    /// The key's span.
    pub fn span(&self) -> Span {
        match self {
            ObjectKey::Ident(ident) => ident.span,
            ObjectKey::Expr(expr) => expr.span,
        }
    }
}

/// A function call `name(arg, ...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionCall {
    /// The function name, possibly namespaced (`provider::aws::arn_parse`).
    pub name: Ident,
    /// The arguments.
    pub args: Vec<Expr>,
    /// The span of `...` when the last argument is expanded.
    pub expand_final: Option<Span>,
    /// The span of `(`.
    pub open_paren: Span,
    /// The span of `)`.
    pub close_paren: Span,
}

/// A `for` expression, in tuple (`[for ...]`) or object (`{for ...}`) form.
#[derive(Clone, Debug, PartialEq)]
pub struct ForExpr {
    /// The key (or index) variable, when two variables are given.
    pub key_var: Option<Ident>,
    /// The value variable.
    pub value_var: Ident,
    /// The collection iterated over.
    pub collection: Expr,
    /// For the object form, the key expression (before `=>`).
    pub key_expr: Option<Expr>,
    /// The element value expression.
    pub value_expr: Expr,
    /// The span of `...` when grouping (object form only).
    pub grouping: Option<Span>,
    /// The `if` condition.
    pub cond: Option<Expr>,
    /// The span of the opening bracket or brace.
    pub open: Span,
    /// The span of the closing bracket or brace.
    pub close: Span,
}

impl ForExpr {
    /// Whether this is the object form `{for ... : k => v}`.
    pub fn is_object(&self) -> bool {
        self.key_expr.is_some()
    }
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-`
    Negate,
    /// `!`
    Not,
}

impl UnaryOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Negate => "-",
            UnaryOp::Not => "!",
        }
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanOrEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

impl BinaryOp {
    /// The precedence level from `spec.md`: higher binds tighter. All binary
    /// operators are left-associative; unary operators (level 7) bind tighter
    /// than all of these and the conditional looser.
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Multiply | BinaryOp::Divide | BinaryOp::Modulo => 6,
            BinaryOp::Add | BinaryOp::Subtract => 5,
            BinaryOp::GreaterThan
            | BinaryOp::GreaterThanOrEqual
            | BinaryOp::LessThan
            | BinaryOp::LessThanOrEqual => 4,
            BinaryOp::Equal | BinaryOp::NotEqual => 3,
            BinaryOp::And => 2,
            BinaryOp::Or => 1,
        }
    }

    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::GreaterThan => ">",
            BinaryOp::GreaterThanOrEqual => ">=",
            BinaryOp::LessThan => "<",
            BinaryOp::LessThanOrEqual => "<=",
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::Modulo => "%",
        }
    }
}

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

/// A template: a quoted string, a heredoc, or a bare template file.
///
/// Escapes are already processed, heredoc indentation is already removed and
/// strip markers (`~`) are already applied to the adjacent literals; literals
/// left empty by stripping are dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The parts in order.
    pub parts: Vec<TemplatePart>,
    /// The span of the template content (for a quoted string, inside the quotes).
    pub span: Span,
}

impl Template {
    /// The single interpolated expression, when the template is exactly one
    /// interpolation with nothing around it (and so is "unwrapped").
    pub fn as_single_interp(&self) -> Option<&Expr> {
        match self.parts.as_slice() {
            [TemplatePart::Interp(interp)] => Some(&interp.expr),
            _ => None,
        }
    }
}

/// One part of a [`Template`].
#[derive(Clone, Debug, PartialEq)]
pub enum TemplatePart {
    /// Literal text.
    Literal(TemplateLiteral),
    /// `${ expr }`
    Interp(TemplateInterp),
    /// `%{ if }` ... `%{ else }` ... `%{ endif }`
    If(Box<TemplateIf>),
    /// `%{ for k, v in coll }` ... `%{ endfor }`
    For(Box<TemplateFor>),
}

impl TemplatePart {
    /// The part's span.
    pub fn span(&self) -> Span {
        match self {
            TemplatePart::Literal(literal) => literal.span,
            TemplatePart::Interp(interp) => interp.span,
            TemplatePart::If(directive) => directive.span,
            TemplatePart::For(directive) => directive.span,
        }
    }
}

/// Literal template text, after escapes, indentation removal and stripping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateLiteral {
    /// The text.
    pub value: Name,
    /// The span of the source text it came from.
    pub span: Span,
}

/// An interpolation `${ expr }`.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateInterp {
    /// The interpolated expression.
    pub expr: Expr,
    /// From `${` to `}`.
    pub span: Span,
}

/// An `if` directive.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateIf {
    /// The condition.
    pub cond: Expr,
    /// The template used when the condition is true.
    pub then_template: Template,
    /// The template after `%{ else }`, if present.
    pub else_template: Option<Template>,
    /// From `%{ if` to the end of `%{ endif }`.
    pub span: Span,
}

/// A `for` directive.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateFor {
    /// The key (or index) variable, when two variables are given.
    pub key_var: Option<Ident>,
    /// The value variable.
    pub value_var: Ident,
    /// The collection iterated over.
    pub collection: Expr,
    /// The template repeated for each element.
    pub body: Template,
    /// From `%{ for` to the end of `%{ endfor }`.
    pub span: Span,
}

// ---------------------------------------------------------------------------
// Static traversals
// ---------------------------------------------------------------------------

/// A static traversal: a root name and constant steps, such as
/// `aws_instance.web[0].id`. The reference walk returns these, and
/// `parse_traversal` parses one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Traversal {
    /// The root variable name.
    pub root: Ident,
    /// The constant steps after it.
    pub steps: Vec<TraversalStep>,
    /// From the root to the end of the last step.
    pub span: Span,
}

/// One constant step of a [`Traversal`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TraversalStep {
    /// `.name`
    Attr {
        /// The attribute name.
        name: Name,
        /// The span of `.name`.
        span: Span,
    },
    /// `[key]` with a literal key, or a legacy `.0` index.
    Index {
        /// The key.
        key: IndexKey,
        /// The span of the step.
        span: Span,
    },
}

impl TraversalStep {
    /// The step's span.
    pub fn span(&self) -> Span {
        match self {
            TraversalStep::Attr { span, .. } | TraversalStep::Index { span, .. } => *span,
        }
    }
}

/// A constant index key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IndexKey {
    /// A number, as its source text.
    Number(Name),
    /// A string.
    String(Name),
}
