//! `file:` URIs ↔ paths, with percent-encoding as RFC 3986 has it.

use std::path::{Path, PathBuf};
use std::str::FromStr as _;

use lsp_types::Uri;

/// The path a `file:` URI names; `None` for another scheme or a malformed escape.
///
/// ```
/// use std::path::Path;
/// use std::str::FromStr as _;
/// use terrace_lsp::uri::{path_of, uri_of};
///
/// let uri = lsp_types::Uri::from_str("file:///tmp/a%20b/main.tf").unwrap();
/// assert_eq!(path_of(&uri).unwrap(), Path::new("/tmp/a b/main.tf"));
/// assert_eq!(uri_of(Path::new("/tmp/a b/main.tf")).unwrap().as_str(), "file:///tmp/a%20b/main.tf");
/// ```
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    // `file://host/path`: only an empty host or `localhost` names this machine.
    let path = match rest.find('/') {
        Some(0) => rest,
        Some(i) if &rest[..i] == "localhost" => &rest[i..],
        _ => return None,
    };
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let bytes = decode(path)?;
    let text = String::from_utf8(bytes).ok()?;
    Some(PathBuf::from(text))
}

/// The `file:` URI of an absolute path.
pub fn uri_of(path: &Path) -> Option<Uri> {
    let text = path.to_str()?;
    let mut out = String::from("file://");
    if !text.starts_with('/') {
        out.push('/');
    }
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    Uri::from_str(&out).ok()
}

/// `%XX` escapes decoded; `None` for a bad one.
fn decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_non_ascii() {
        let path = Path::new("/tmp/dé jà/#1/main.tf");
        let uri = uri_of(path).expect("an absolute UTF-8 path");
        assert_eq!(path_of(&uri).as_deref(), Some(path));
    }

    #[test]
    fn other_schemes_and_bad_escapes() {
        let uri = Uri::from_str("untitled:Untitled-1").expect("a URI");
        assert_eq!(path_of(&uri), None);
        let uri = Uri::from_str("file://localhost/a/b.tf").expect("a URI");
        assert_eq!(path_of(&uri).as_deref(), Some(Path::new("/a/b.tf")));
    }
}
