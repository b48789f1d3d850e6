//! A string as an HCL quoted string literal, as hclwrite writes one (`escapeQuotedStringLit`,
//! which Terraform also uses for instance keys in addresses).

use std::iter::Peekable;

use crate::printable::is_print;

/// `text` in double quotes as hclwrite escapes it: `\n \r \t \" \\`, `${` and `%{` doubled to
/// `$${` and `%%{`, and other characters that are not printable (Go's `unicode.IsPrint`) as
/// `\uXXXX` or `\UXXXXXXXX`.
///
/// ```
/// use terrace_syntax::hcl_quote;
///
/// assert_eq!(hcl_quote("${x} %{y} $z"), r#""$${x} %%{y} $z""#);
/// assert_eq!(hcl_quote("é\n\u{7}"), "\"é\\n\\u0007\"");
/// ```
pub fn hcl_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    escape_into(text.chars().peekable(), &mut out);
    out.push('"');
    out
}

/// Appends `chars` to `out` escaped as hclwrite escapes the inside of a quoted string
/// (see [`hcl_quote`]); `terrace fmt` writes block labels with it.
pub(crate) fn escape_into(mut chars: Peekable<impl Iterator<Item = char>>, out: &mut String) {
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if chars.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if !is_print(c) => {
                let code = u32::from(c);
                if code < 0x10000 {
                    out.push_str(&format!("\\u{code:04x}"));
                } else {
                    out.push_str(&format!("\\U{code:08x}"));
                }
            }
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::hcl_quote;

    #[test]
    fn quotes_like_hclwrite() {
        assert_eq!(hcl_quote("a.b/c d"), r#""a.b/c d""#);
        assert_eq!(hcl_quote("${x} %{y} $z"), r#""$${x} %%{y} $z""#);
        assert_eq!(hcl_quote("ünï\u{7}"), "\"ünï\\u0007\"");
        assert_eq!(
            hcl_quote("zero\u{200b}width \u{1F600}"),
            "\"zero\\u200bwidth \u{1F600}\""
        );
        assert_eq!(hcl_quote(""), r#""""#);
    }
}
