//! Fuzz `parse_expr`, and the walks over what it returns.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(expr) = terrace_syntax::parse_expr(src) {
            let _ = terrace_syntax::dump(&expr);
            let _ = terrace_syntax::references(&expr);
        }
        let _ = terrace_syntax::highlight(src);
    }
});
