//! terrace-tests: the workspace-level tests; the library is empty, the tests live in `it/`.
//!
//! Not for: unit or crate-level tests, which sit in each crate. Here: the
//! conformance suite, which runs Terraform's recorded console outputs
//! (`data/conformance/cases.jsonl`) through the same code path as `terrace -e`, and the
//! README's and the guide's Rust snippets as doctests (below).

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The Rust snippets of the guide's crates page (`docs/src/crates.md`), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/src/crates.md")]
pub struct GuideCratesDoctests;
