//! Integration tests of terrace-template: rendering through a minimal interpreter.
#![allow(clippy::unwrap_used)]

mod render;
