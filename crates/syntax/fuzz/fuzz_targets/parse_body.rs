//! Fuzz `parse_body_bytes` (any bytes, valid UTF-8 or not).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (body, errors) = terrace_syntax::parse_body_bytes(data);
    let _ = terrace_syntax::dump_body(&body);
    for error in errors {
        assert!(error.span().start <= error.span().end);
        assert!(error.span().end as usize <= data.len());
    }
});
