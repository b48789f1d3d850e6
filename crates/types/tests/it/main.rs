//! Integration tests of terrace-types: conversion, unification, optional attributes,
//! equality, set order, console and JSON formatting.
//!
//! Expected outputs are what Terraform 1.15.5 prints (`terraform console`), copied from
//! `../shared/conformance/cases.jsonl` (ids such as `conv-027` name the case) or asked of
//! the oracle; inputs are built by hand as the values the expressions evaluate to.
#![allow(clippy::unwrap_used)]

mod build;
mod conformance;
mod convert;
mod equality;
mod format;
mod json;
mod number;
mod optional;
mod sets;
mod types;
mod unify;
mod values;
