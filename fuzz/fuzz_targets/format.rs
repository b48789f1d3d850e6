//! Fuzz `format` (any bytes): no panic; formatted text keeps its meaning and comments, and is stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| terrace_fuzz::format(data));
