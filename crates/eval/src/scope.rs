//! `Scope`: the named values an expression can refer to (`var`, `local`, `path`, plain variables).

use std::collections::BTreeMap;
use std::sync::Arc;

use terrace_types::{Marks, Value};

/// How a root name in a [`Scope`] may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RootKind {
    /// A plain variable: any traversal applies to its value (`x`, `x[0]`, `x.a`).
    Variable,
    /// A Terraform named-value root such as `var`, `local`, `path` or a resource
    /// type: it is not a value of its own and supports only `.name` access
    /// (`var.x`, never `var["x"]` or `var` alone), with Terraform's messages
    /// for names that are not declared.
    Namespace,
}

/// The root names an expression can refer to, with their values.
///
/// A plain HCL scope ([`Scope::new`]) reports an unknown name as "Unknown
/// variable" with a did-you-mean suggestion. A Terraform scope
/// ([`Scope::terraform`]) knows Terraform's named values (`var`, `local`,
/// `module`, `data`, `path`, `terraform`, `count`, `each`, `self`) and treats
/// any other root as a reference to a managed resource, as `terraform console`
/// does.
///
/// `for` expressions, template `for` directives and splats bind their
/// variables in child scopes inside the evaluator; a `Scope` itself only holds
/// the roots given by its owner.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    roots: BTreeMap<Arc<str>, Root>,
    terraform: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Root {
    pub(crate) value: Value,
    pub(crate) kind: RootKind,
}

impl Scope {
    /// An empty scope with plain HCL name rules.
    pub fn new() -> Scope {
        Scope::default()
    }

    /// A scope with Terraform's named values, as `terraform console` sees an empty
    /// configuration in the current directory: empty `var`, `local`, `module` and
    /// `data` namespaces, `path.module`, `path.root` and `path.cwd` set to `"."`,
    /// and `terraform.workspace` set to `"default"`. Add input variables with
    /// [`Scope::insert_attr`] (`scope.insert_attr("var", "region", value)`).
    pub fn terraform() -> Scope {
        let mut scope = Scope {
            roots: BTreeMap::new(),
            terraform: true,
        };
        for name in ["var", "local", "module", "data"] {
            scope.insert_namespace(name, Value::empty_object());
        }
        scope.insert_namespace(
            "path",
            Value::object([
                ("cwd", Value::string(".")),
                ("module", Value::string(".")),
                ("root", Value::string(".")),
            ]),
        );
        scope.insert_namespace("terraform", Scope::terraform_object("default"));
        scope
    }

    /// The `terraform` object in workspace `workspace`: `terraform.workspace`,
    /// and `terraform.applying`, which is false outside an apply and, as in
    /// Terraform, ephemeral (the console prints `(ephemeral value)`).
    pub fn terraform_object(workspace: &str) -> Value {
        Value::object([
            ("applying", Value::bool(false).mark(Marks::EPHEMERAL)),
            ("workspace", Value::string(workspace)),
        ])
    }

    /// True for a scope made by [`Scope::terraform`]: unknown roots are resource references.
    pub fn is_terraform(&self) -> bool {
        self.terraform
    }

    /// Binds `name` to `value` as a plain variable; returns the previous value.
    pub fn insert(&mut self, name: impl Into<Arc<str>>, value: Value) -> Option<Value> {
        self.roots
            .insert(
                name.into(),
                Root {
                    value,
                    kind: RootKind::Variable,
                },
            )
            .map(|root| root.value)
    }

    /// Binds `name` as a named-value namespace whose attributes are those of the
    /// object `value` (`var`, `local`, a resource type, ...); returns the previous value.
    pub fn insert_namespace(&mut self, name: impl Into<Arc<str>>, value: Value) -> Option<Value> {
        self.roots
            .insert(
                name.into(),
                Root {
                    value,
                    kind: RootKind::Namespace,
                },
            )
            .map(|root| root.value)
    }

    /// Sets attribute `attr` of the namespace or object `root` (creating an empty
    /// namespace when `root` is not bound yet): `insert_attr("var", "region", v)`.
    pub fn insert_attr(&mut self, root: &str, attr: &str, value: Value) {
        let entry = self.roots.entry(Arc::from(root)).or_insert_with(|| Root {
            value: Value::empty_object(),
            kind: RootKind::Namespace,
        });
        let namespace = std::mem::replace(&mut entry.value, Value::empty_object());
        entry.value = if namespace.as_attrs().is_some() {
            namespace.object_insert(attr, value)
        } else {
            Value::object([(attr, value)])
        };
    }

    /// Builder form of [`Scope::insert`].
    pub fn with(mut self, name: impl Into<Arc<str>>, value: Value) -> Scope {
        self.insert(name, value);
        self
    }

    /// Removes `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.roots.remove(name).map(|root| root.value)
    }

    /// The value bound to `name` (for a namespace, the object of its attributes).
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.roots.get(name).map(|root| &root.value)
    }

    /// How `name` may be used, when it is bound.
    pub fn kind(&self, name: &str) -> Option<RootKind> {
        self.roots.get(name).map(|root| root.kind)
    }

    /// True when `name` is bound.
    pub fn contains(&self, name: &str) -> bool {
        self.roots.contains_key(name)
    }

    /// The bound names in lexical order (for completion).
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.roots.keys().map(|name| &**name)
    }

    /// The bound names and values in lexical order of names.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> + '_ {
        self.roots.iter().map(|(name, root)| (&**name, &root.value))
    }

    /// How many names are bound.
    pub fn len(&self) -> usize {
        self.roots.len()
    }

    /// True when no name is bound.
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }

    pub(crate) fn root(&self, name: &str) -> Option<&Root> {
        self.roots.get(name)
    }
}

impl<K: Into<Arc<str>>> FromIterator<(K, Value)> for Scope {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Scope {
        let mut scope = Scope::new();
        for (name, value) in iter {
            scope.insert(name, value);
        }
        scope
    }
}
