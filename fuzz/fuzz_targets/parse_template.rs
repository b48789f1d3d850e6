//! Fuzz `parse_template`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| terrace_fuzz::parse_template(data));
