//! The dependency graph over the whole configuration at Terraform's granularity: a node for each variable, local, resource, module call expansion and output of every module, with the nodes each one's expressions refer to.

use terrace_eval::Reference;
use terrace_syntax::{Name, Span, TraversalStep};

use crate::module::inputs::variables::VariableDecl;
use crate::module::read::files::FileId;
use crate::module::references::dependencies::{body_references, resource_of};
use crate::module::tree::tree_module::{TreeModule, resource_address};

/// A node of the graph, within its module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    Variable(usize),
    Local(usize),
    Resource(usize),
    /// A `module` block's `count`/`for_each`: its instances.
    Expand(usize),
    Output(usize),
}

/// The graph: nodes of every module, numbered module by module.
pub(crate) struct Graph {
    /// The first node number of each module.
    pub(crate) base: Vec<usize>,
    /// How many variables, locals, resources and calls each module has.
    pub(crate) counts: Vec<[usize; 4]>,
    pub(crate) nodes: Vec<(usize, Node)>,
    pub(crate) deps: Vec<Vec<usize>>,
    /// The same dependencies, each with whether it was read in the calling
    /// module (a child's input argument, its call's expansion) rather than
    /// in the node's own module.
    pub(crate) reads: Vec<Vec<(usize, bool)>>,
}

/// The name of `index` as Terraform's cycle errors write it.
pub(crate) fn node_name(tree: &[TreeModule<'_>], m: usize, node: Node) -> String {
    let module = &tree[m];
    let config = &module.config;
    let prefix = &module.prefix;
    match node {
        Node::Variable(i) => format!("{prefix}var.{} (expand)", config.variables[i].name()),
        Node::Local(i) => format!("{prefix}local.{} (expand)", config.locals[i].name),
        Node::Resource(i) => format!("{prefix}{}", resource_address(&config.resources[i])),
        Node::Expand(i) => format!("{prefix}module.{} (expand)", config.module_calls[i].name()),
        Node::Output(i) => format!("{prefix}output.{} (expand)", config.outputs[i].name()),
    }
}

/// Where a node is declared.
pub(crate) fn node_place(tree: &[TreeModule<'_>], m: usize, node: Node) -> (FileId, Span) {
    let config = &tree[m].config;
    match node {
        Node::Variable(i) => (config.variables[i].file, config.variables[i].def_span),
        Node::Local(i) => (config.locals[i].file, config.locals[i].name_span),
        Node::Resource(i) => (config.resources[i].file, config.resources[i].def_span),
        Node::Expand(i) => (config.module_calls[i].file, config.module_calls[i].def_span),
        Node::Output(i) => (config.outputs[i].file, config.outputs[i].def_span),
    }
}

pub(crate) fn attr_name(step: Option<&TraversalStep>) -> Option<&Name> {
    match step {
        Some(TraversalStep::Attr { name, .. }) => Some(name),
        _ => None,
    }
}

/// Builds the graph: each node with the nodes its expressions refer to.
pub(crate) fn build_graph(tree: &[TreeModule<'_>], decls: &[Vec<VariableDecl<'_, '_>>]) -> Graph {
    let mut base = Vec::with_capacity(tree.len());
    let mut counts = Vec::with_capacity(tree.len());
    let mut nodes = Vec::new();
    for (m, module) in tree.iter().enumerate() {
        base.push(nodes.len());
        let config = &module.config;
        counts.push([
            config.variables.len(),
            config.locals.len(),
            config.resources.len(),
            config.module_calls.len(),
        ]);
        nodes.extend((0..config.variables.len()).map(|i| (m, Node::Variable(i))));
        nodes.extend((0..config.locals.len()).map(|i| (m, Node::Local(i))));
        nodes.extend((0..config.resources.len()).map(|i| (m, Node::Resource(i))));
        nodes.extend((0..config.module_calls.len()).map(|i| (m, Node::Expand(i))));
        nodes.extend((0..config.outputs.len()).map(|i| (m, Node::Output(i))));
    }
    let mut graph = Graph {
        base,
        counts,
        nodes,
        deps: Vec::new(),
        reads: Vec::new(),
    };
    let reads: Vec<Vec<(usize, bool)>> = graph
        .nodes
        .iter()
        .map(|&(m, node)| {
            let module = &tree[m];
            let config = &module.config;
            let mut refs_here: Vec<Reference> = Vec::new();
            let mut refs_parent: Vec<Reference> = Vec::new();
            match node {
                Node::Variable(i) => {
                    let decl = &decls[m][i];
                    for rule in decl.block.blocks_of("validation") {
                        let content = rule.body.all_content();
                        body_references(&content.attributes, &content.blocks, &mut refs_here);
                    }
                    if let Some((p, c)) = module.parent
                        && let Some(attr) = tree[p].config.module_calls[c].attr(&decl.name)
                    {
                        refs_parent.extend(terrace_eval::references(&attr.expr));
                    }
                }
                Node::Local(i) => {
                    refs_here.extend(terrace_eval::references(&config.locals[i].expr))
                }
                Node::Resource(i) => {
                    let block = &config.resources[i];
                    body_references(&block.attrs, &block.blocks, &mut refs_here);
                }
                Node::Expand(i) => {
                    let block = &config.module_calls[i];
                    for name in ["count", "for_each", "depends_on"] {
                        if let Some(attr) = block.attr(name) {
                            let mut found = Vec::new();
                            body_references(std::slice::from_ref(attr), &[], &mut found);
                            refs_here.extend(found);
                        }
                    }
                }
                Node::Output(i) => {
                    let block = &config.outputs[i];
                    body_references(&block.attrs, &block.blocks, &mut refs_here);
                }
            }
            let mut here = Vec::new();
            for reference in &refs_here {
                graph.resolve(tree, m, reference, Some(node), &mut here);
            }
            let mut found: Vec<(usize, bool)> = here.into_iter().map(|d| (d, false)).collect();
            if let Some((p, c)) = module.parent {
                let mut in_parent = Vec::new();
                for reference in &refs_parent {
                    graph.resolve(tree, p, reference, None, &mut in_parent);
                }
                // Everything in a module instance exists once the call is expanded.
                in_parent.push(graph.index(p, Node::Expand(c)));
                found.extend(in_parent.into_iter().map(|d| (d, true)));
            }
            found.sort_unstable();
            found.dedup();
            found
        })
        .collect();
    graph.deps = reads
        .iter()
        .map(|found| found.iter().map(|&(d, _)| d).collect())
        .collect();
    graph.reads = reads;
    graph
}

impl Graph {
    pub(crate) fn index(&self, m: usize, node: Node) -> usize {
        // Offsets follow the order `build_graph` numbers the nodes in.
        let [vars, locals, resources, calls] = self.counts[m];
        let base = self.base[m];
        match node {
            Node::Variable(i) => base + i,
            Node::Local(i) => base + vars + i,
            Node::Resource(i) => base + vars + locals + i,
            Node::Expand(i) => base + vars + locals + resources + i,
            Node::Output(i) => base + vars + locals + resources + calls + i,
        }
    }

    /// The nodes `reference`, read in module `m`, depends on.
    fn resolve(
        &self,
        tree: &[TreeModule<'_>],
        m: usize,
        reference: &Reference,
        from: Option<Node>,
        out: &mut Vec<usize>,
    ) {
        let module = &tree[m];
        let first = attr_name(reference.steps().first());
        match reference.root() {
            "var" => {
                if let Some(&i) = first.and_then(|n| module.variables.get(n))
                    && from != Some(Node::Variable(i))
                {
                    out.push(self.index(m, Node::Variable(i)));
                }
            }
            "local" => {
                // A local that reads itself is an error evaluating it, not a cycle.
                if let Some(&i) = first.and_then(|n| module.locals.get(n))
                    && from != Some(Node::Local(i))
                {
                    out.push(self.index(m, Node::Local(i)));
                }
            }
            "module" => {
                let Some(&c) = first.and_then(|n| module.calls.get(n)) else {
                    return;
                };
                out.push(self.index(m, Node::Expand(c)));
                let Some(child) = module.children[c] else {
                    return;
                };
                let steps = &reference.steps()[1..];
                let steps = match steps.first() {
                    Some(TraversalStep::Index { .. }) => &steps[1..],
                    _ => steps,
                };
                match attr_name(steps.first()) {
                    Some(output) => {
                        if let Some(&o) = tree[child].outputs.get(output) {
                            out.push(self.index(child, Node::Output(o)));
                        }
                    }
                    None => {
                        for o in 0..tree[child].config.outputs.len() {
                            out.push(self.index(child, Node::Output(o)));
                        }
                    }
                }
            }
            _ => {
                // Terraform's graph drops a node's references to itself: a resource
                // reading itself (an argument, `count`, `depends_on`) is no cycle.
                if let Some((key, _)) = resource_of(reference, &module.managed)
                    && let Some(&r) = module.resources.get(&key)
                    && from != Some(Node::Resource(r))
                {
                    out.push(self.index(m, Node::Resource(r)));
                }
            }
        }
    }
}
