//! Phase 5, the dependency graph: a node for each named value of every module in the tree with the nodes it refers to, and its strongly connected components (evaluation order, cycles). Never imports `eval` or `explain`.

pub(crate) mod components;
pub(crate) mod config_graph;
