//! Integration tests of terrace-syntax: one binary, one module per area.
#![allow(clippy::unwrap_used)]

mod body;
mod check;
mod conformance;
mod corpus;
mod data;
mod depth;
mod errors;
mod expr;
mod format;
mod format_meaning;
mod highlight;
mod json;
mod references;
mod robustness;
mod templates;
mod traversal;
