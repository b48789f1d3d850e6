//! terrace-repl: the `terrace` console.
