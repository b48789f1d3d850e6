//! terrace-template.
