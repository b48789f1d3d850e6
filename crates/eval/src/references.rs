//! `references`: the named-value traversals an expression depends on (for `:deps` and evaluation order).

use std::collections::HashSet;
use std::fmt;

use terrace_syntax::{Expr, IndexKey, Span, Template, Traversal, TraversalStep};

/// A reference to a named value: a root name and the constant steps written after it,
/// such as `var.region` or `aws_instance.web[0].id`.
///
/// Displays as it would be written: `local.list[0]`, `var.m["k"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reference {
    /// The traversal: root, steps and span.
    pub traversal: Traversal,
}

impl Reference {
    /// The root name (`var`, `local`, a resource type, a plain variable).
    pub fn root(&self) -> &str {
        self.traversal.root.as_str()
    }

    /// Where the reference is written.
    pub fn span(&self) -> Span {
        self.traversal.span
    }

    /// The steps after the root.
    pub fn steps(&self) -> &[TraversalStep] {
        &self.traversal.steps
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.root())?;
        for step in self.steps() {
            match step {
                TraversalStep::Attr { name, .. } => write!(f, ".{name}")?,
                TraversalStep::Index {
                    key: IndexKey::Number(n),
                    ..
                } => write!(f, "[{n}]")?,
                TraversalStep::Index {
                    key: IndexKey::String(s),
                    ..
                } => write!(f, "[{s:?}]")?,
            }
        }
        Ok(())
    }
}

/// The named values `expr` refers to, de-duplicated (by what they refer to) and in
/// source order of their first use.
///
/// Names bound inside the expression (`for` variables, template `for` variables)
/// are not references; a traversal stops before its first step that is not
/// constant (`a.b[var.i].c` gives `a.b` and `var.i`). The walk is the syntax
/// crate's ([`terrace_syntax::references`]).
pub fn references(expr: &Expr) -> Vec<Reference> {
    dedup(terrace_syntax::references(expr))
}

/// The named values a template refers to, like [`references`].
pub fn template_references(template: &Template) -> Vec<Reference> {
    dedup(terrace_syntax::template_references(template))
}

fn dedup(traversals: Vec<Traversal>) -> Vec<Reference> {
    let mut seen = HashSet::new();
    traversals
        .into_iter()
        .map(|traversal| Reference { traversal })
        .filter(|reference| seen.insert(reference.to_string()))
        .collect()
}
