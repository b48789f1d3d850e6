//! Fuzz `parse_expr`, and the walks over what it returns.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| terrace_fuzz::parse_expr(data));
