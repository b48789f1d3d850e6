//! Fuzz `parse_body_bytes` (any bytes, valid UTF-8 or not).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| terrace_fuzz::parse_body(data));
