//! Fuzz parse-then-evaluate of an expression with the whole function library.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| terrace_fuzz::parse_eval(data));
