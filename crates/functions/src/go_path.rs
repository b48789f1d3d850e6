//! Lexical path operations with the semantics of Go's `path/filepath` on Unix
//! (`Clean`, `Join`, `Base`, `Dir`, `Rel`), which Terraform's file functions use, plus
//! go-homedir's `~` expansion and Go's wording of operating-system errors.
//!
//! Paths are handled as strings with `/` separators, so results are the same on every
//! platform.

use std::io;

/// Go's `filepath.Clean`.
pub(super) fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".to_string();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|&p| p != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            _ => parts.push(part),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_string(),
        (false, false) => joined,
    }
}

/// Go's `filepath.Join` of two elements (empty elements are ignored).
pub(super) fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, true) => String::new(),
        (true, false) => clean(b),
        (false, true) => clean(a),
        (false, false) => clean(&format!("{a}/{b}")),
    }
}

/// Go's `filepath.IsAbs`.
pub(super) fn is_abs(path: &str) -> bool {
    path.starts_with('/')
}

/// Go's `filepath.Base`.
pub(super) fn base(path: &str) -> String {
    if path.is_empty() {
        return ".".to_string();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".to_string();
    }
    match trimmed.rfind('/') {
        Some(i) => trimmed[i + 1..].to_string(),
        None => trimmed.to_string(),
    }
}

/// Go's `filepath.Dir`.
pub(super) fn dir(path: &str) -> String {
    let end = path.rfind('/').map_or(0, |i| i + 1);
    clean(&path[..end])
}

/// Go's `filepath.Rel`; `None` when `target` cannot be made relative to `base`.
pub(super) fn rel(base: &str, target: &str) -> Option<String> {
    let mut base = clean(base);
    let targ = clean(target);
    if targ == base {
        return Some(".".to_string());
    }
    if base == "." {
        base = String::new();
    }
    if base.starts_with('/') != targ.starts_with('/') {
        return None;
    }
    let (b, t) = (base.as_bytes(), targ.as_bytes());
    let (bl, tl) = (b.len(), t.len());
    let (mut b0, mut bi, mut t0, mut ti) = (0, 0, 0, 0);
    loop {
        while bi < bl && b[bi] != b'/' {
            bi += 1;
        }
        while ti < tl && t[ti] != b'/' {
            ti += 1;
        }
        if targ[t0..ti] != base[b0..bi] {
            break;
        }
        if bi < bl {
            bi += 1;
        }
        if ti < tl {
            ti += 1;
        }
        b0 = bi;
        t0 = ti;
        if b0 >= bl && t0 >= tl {
            break;
        }
    }
    if &base[b0..bi] == ".." {
        return None;
    }
    if b0 != bl {
        let seps = base[b0..bl].matches('/').count();
        let mut out = String::from("..");
        for _ in 0..seps {
            out.push_str("/..");
        }
        if t0 != tl {
            out.push('/');
            out.push_str(&targ[t0..]);
        }
        return Some(out);
    }
    Some(targ[t0..].to_string())
}

/// go-homedir's `Expand`: a leading `~` (alone or before `/`) becomes `home`.
pub(super) fn expand_home(path: &str, home: Option<&str>) -> Result<String, String> {
    if !path.starts_with('~') {
        return Ok(path.to_string());
    }
    if path.len() > 1 && !path[1..].starts_with(['/', '\\']) {
        return Err("cannot expand user-specific home dir".to_string());
    }
    let home = home.ok_or_else(|| "cannot find the home directory".to_string())?;
    Ok(join(home, &path[1..]))
}

/// An operating-system error as Go words it: `no such file or directory`.
pub(super) fn errno_text(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => return "no such file or directory".into(),
        io::ErrorKind::PermissionDenied => return "permission denied".into(),
        io::ErrorKind::IsADirectory => return "is a directory".into(),
        io::ErrorKind::NotADirectory => return "not a directory".into(),
        _ => {}
    }
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_like_go() {
        for (input, want) in [
            ("", "."),
            ("/", "/"),
            ("//a//b/", "/a/b"),
            ("/a/../b", "/b"),
            ("./a/../b", "b"),
            ("a/../..", ".."),
            ("/..", "/"),
            ("a/", "a"),
            ("../../x", "../../x"),
        ] {
            assert_eq!(clean(input), want, "{input:?}");
        }
    }

    #[test]
    fn base_and_dir_like_go() {
        // Expected values from Terraform's basename and dirname.
        for (input, b, d) in [
            ("foo/bar/baz.txt", "baz.txt", "foo/bar"),
            ("", ".", "."),
            ("/", "/", "/"),
            ("a/", "a", "a"),
            ("//", "/", "/"),
            ("a//b//", "b", "a/b"),
            (".", ".", "."),
            ("a", "a", "."),
            ("/a", "a", "/"),
            ("./a/../b", "b", "."),
            ("a\\b", "a\\b", "."),
        ] {
            assert_eq!(base(input), b, "base {input:?}");
            assert_eq!(dir(input), d, "dir {input:?}");
        }
    }

    #[test]
    fn rel_like_go() {
        assert_eq!(rel("dir", "dir/a.txt").as_deref(), Some("a.txt"));
        assert_eq!(
            rel("/x/dir", "/x/empty.txt").as_deref(),
            Some("../empty.txt")
        );
        assert_eq!(rel(".", "a/b").as_deref(), Some("a/b"));
        assert_eq!(rel("a", "a").as_deref(), Some("."));
        assert_eq!(rel("/a", "b"), None);
        assert_eq!(rel("../a", "b"), None);
        assert_eq!(rel("a/b", "c").as_deref(), Some("../../c"));
    }

    #[test]
    fn home_expansion() {
        let home = Some("/root");
        assert_eq!(expand_home("~", home).unwrap(), "/root");
        assert_eq!(expand_home("~/x", home).unwrap(), "/root/x");
        assert_eq!(expand_home("~\\x", home).unwrap(), "/root/\\x");
        assert_eq!(expand_home("a/~", home).unwrap(), "a/~");
        assert_eq!(expand_home("", home).unwrap(), "");
        assert_eq!(
            expand_home("~x", home).unwrap_err(),
            "cannot expand user-specific home dir"
        );
    }
}
