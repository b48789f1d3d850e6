//! terrace-syntax.
