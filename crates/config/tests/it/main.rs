//! Integration tests of terrace-config: the Terraform module loader and the
//! Packer template loader on the fixture directories in `tests/data/`.
#![allow(clippy::unwrap_used, clippy::print_stderr)]

mod backend;
mod file_source;
mod module;
mod module_corpus;
mod module_json;
mod opentofu;
mod packer;
mod state;
