//! The few XML reads the S3 and Azure Blob answers need: the texts of elements by name (no namespaces, no attributes, entities decoded).

/// The text of every `<tag>…</tag>` in `xml`, in document order: in
/// `<a><Key>x&amp;y</Key><Key>z</Key></a>`, the texts of `Key` are `x&y` and `z` (the unit
/// test below runs such cases; the function is crate-private).
pub(crate) fn elements(xml: &str, tag: &str) -> Vec<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let mut out = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find(&open) {
        let after = &rest[start + open.len()..];
        let Some(end) = after.find(&close) else {
            break;
        };
        out.push(unescape(&after[..end]));
        rest = &after[end + close.len()..];
    }
    out
}

/// The text of the first `<tag>…</tag>`.
pub(crate) fn first(xml: &str, tag: &str) -> Option<String> {
    elements(xml, tag).into_iter().next()
}

fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let Some(end) = after.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = after;
            continue;
        };
        let entity = &after[..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        let xml = "<r><Key>env:/a&amp;b/k</Key><Code>NoSuchKey</Code><Key>&#x41;&#66;</Key></r>";
        assert_eq!(elements(xml, "Key"), ["env:/a&b/k", "AB"]);
        assert_eq!(first(xml, "Code").as_deref(), Some("NoSuchKey"));
        assert_eq!(first(xml, "Message"), None);
        assert_eq!(unescape("a & b &zz;"), "a & b &zz;");
    }
}
