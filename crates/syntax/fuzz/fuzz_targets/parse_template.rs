//! Fuzz `parse_template`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(template) = terrace_syntax::parse_template(src) {
            let _ = terrace_syntax::dump_template(&template);
            let _ = terrace_syntax::template_references(&template);
        }
    }
});
