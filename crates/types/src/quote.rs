//! Quoting a string as Go's `strconv.Quote` does, which is how the console prints strings.
//!
//! `"`, `\` and the C escapes `\a \b \f \n \r \t \v` get a backslash; other
//! non-printable characters are written `\x01` (below U+0020 and U+007F), `\u200b`
//! (below U+10000) or `\U000e0001`, with lower-case hex digits; everything printable
//! (see `printable.rs`) is kept as it is, so `"é"` stays `"é"`.

use std::fmt::Write as _;

use crate::printable::is_print;

/// `s` in double quotes with Go's escapes, as `terraform console` prints a string.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if is_print(c) => out.push(c),
            c if c < ' ' || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c if u32::from(c) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\U{:08x}", u32::from(c));
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn go_escapes() {
        // Expected texts: Terraform 1.15.5 console output for the same strings.
        let cases = [
            ("", r#""""#),
            ("cr\rlf", r#""cr\rlf""#),
            ("back\\slash", r#""back\\slash""#),
            ("mixed é\t\"x\"", r#""mixed é\t\"x\"""#),
            ("nul\0", r#""nul\x00""#),
            ("zero\u{200b}width", r#""zero\u200bwidth""#),
            ("\u{ff}\u{100}", "\"ÿĀ\""),
            (
                "\u{1}\u{7f}\u{a0}\u{2028}\u{feff}\u{ad}",
                r#""\x01\x7f\u00a0\u2028\ufeff\u00ad""#,
            ),
            ("😀 \u{e0001} \u{378}", r#""😀 \U000e0001 \u0378""#),
            ("${x} %{y}", r#""${x} %{y}""#),
        ];
        for (input, want) in cases {
            assert_eq!(quote(input), want, "quoting {input:?}");
        }
    }
}
