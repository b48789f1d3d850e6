//! The glob behind `fileset`: doublestar v1's `Glob`, as Terraform uses it.
//!
//! A pattern is split at unescaped `/`. In a component, `*` matches any run of
//! characters, `?` one character, `[a-z]` a class (`[^a]` negated; `!` is an ordinary
//! character), `{a,b}` alternatives, and `\` escapes. A component `**` matches any
//! number of directories. Symbolic links are followed, but a directory already on the
//! current path is not entered again, so link loops end (Go follows them until the system
//! refuses a path with more than 40 links in it: Terraform lists `a/f.txt`,
//! `a/loop/a/f.txt`, … 41 times for a link back to the top). A walk reads at most
//! [`MAX_DIRECTORIES`] directories and for at most [`MAX_WALK_TIME`] (a link into `/` or
//! `/proc` leads to a whole file system, where Terraform walks for ever), and stops when the
//! interrupt flag is set. Bad patterns report
//! `syntax error in pattern` when a name is tested.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::file_source::{FileKind, FileMeta, FileSource};
use super::go_path::join;

/// How many nested directories `**` may descend into.
const MAX_DEPTH: usize = 256;
/// How many directories one glob reads at most.
pub(super) const MAX_DIRECTORIES: usize = 100_000;
/// How long one glob may spend walking directories: `/proc/self/**` reads 100,000
/// directories in 7 s or more, and a console should answer well before that.
pub(super) const MAX_WALK_TIME: Duration = Duration::from_millis(1500);
/// How many matching steps one pattern component may take against one name.
const MATCH_BUDGET: u64 = 1_000_000;

/// Why a glob failed.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum GlobError {
    /// The pattern is malformed (Go's `path.ErrBadPattern`).
    BadPattern,
    /// The pattern needs too much work (terrace's guard against runaway patterns).
    TooComplex,
    /// Directories nest deeper than terrace follows.
    TooDeep,
    /// The walk read [`MAX_DIRECTORIES`] directories.
    TooManyDirectories,
    /// The walk took longer than [`MAX_WALK_TIME`].
    TooSlow,
    /// The interrupt flag was set.
    Interrupted,
}

impl std::fmt::Display for GlobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GlobError::BadPattern => "syntax error in pattern",
            GlobError::TooComplex => "pattern is too complex to match",
            GlobError::TooDeep => "directories nest too deeply",
            GlobError::TooManyDirectories => {
                "more than 100000 directories to read (terrace's limit; a symbolic link may lead into a large tree such as / or /proc)"
            }
            GlobError::TooSlow => {
                "reading directories took more than 1.5 s (terrace's limit; a symbolic link may lead into a large tree such as / or /proc)"
            }
            GlobError::Interrupted => "interrupted",
        })
    }
}

/// The state of one walk: the directories on the current path, how many were read, and
/// the flag that stops it.
struct Walk<'i> {
    files: &'i dyn FileSource,
    visiting: HashSet<DirKey>,
    n_dirs: usize,
    max_dirs: usize,
    /// When the walk must have ended (`None` where the target has no clock).
    deadline: Option<Instant>,
    interrupt: Option<&'i AtomicBool>,
}

/// The deadline `max_time` from now. WebAssembly in a browser has no monotonic clock in
/// `std` (`Instant::now` panics there), so the walk is bounded by size alone there.
fn deadline_after(max_time: Duration) -> Option<Instant> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    Instant::now().checked_add(max_time)
}

/// The paths matching `pattern` (already cleaned), unsorted; the walk stops when
/// `interrupt` is set.
pub(super) fn glob(
    files: &dyn FileSource,
    pattern: &str,
    interrupt: Option<&AtomicBool>,
) -> Result<Vec<String>, GlobError> {
    glob_with_limits(files, pattern, interrupt, MAX_DIRECTORIES, MAX_WALK_TIME)
}

/// [`glob`] reading at most `max_dirs` directories, for at most `max_time`.
fn glob_with_limits(
    files: &dyn FileSource,
    pattern: &str,
    interrupt: Option<&AtomicBool>,
    max_dirs: usize,
    max_time: Duration,
) -> Result<Vec<String>, GlobError> {
    let components = split_escaped(pattern, b'/');
    let mut matches = Vec::new();
    let mut walk = Walk {
        files,
        visiting: HashSet::new(),
        n_dirs: 0,
        max_dirs,
        deadline: deadline_after(max_time),
        interrupt,
    };
    let walk = &mut walk;
    if components.first().is_some_and(|c| c.is_empty()) {
        do_glob("/", &components[1..], &mut matches, walk, 0)?;
    } else {
        do_glob(".", &components, &mut matches, walk, 0)?;
    }
    Ok(matches)
}

fn has_meta(component: &str) -> bool {
    component.contains(['*', '?', '[', '{', '\\'])
}

fn do_glob(
    basedir: &str,
    components: &[String],
    matches: &mut Vec<String>,
    walk: &mut Walk<'_>,
    depth: usize,
) -> Result<(), GlobError> {
    if depth > MAX_DEPTH {
        return Err(GlobError::TooDeep);
    }
    let mut pat_idx = components.iter().take_while(|c| !has_meta(c)).count();
    let basedir = if pat_idx > 0 {
        join(basedir, &components[..pat_idx].join("/"))
    } else {
        basedir.to_string()
    };
    let Ok(meta) = walk.files.symlink_metadata(Path::new(&basedir)) else {
        return Ok(());
    };
    if pat_idx >= components.len() {
        matches.push(basedir);
        return Ok(());
    }
    let meta = if meta.kind == FileKind::Symlink {
        match walk.files.metadata(Path::new(&basedir)) {
            Ok(m) => m,
            Err(_) => return Ok(()),
        }
    } else {
        meta
    };
    if !meta.is_dir() {
        return Ok(());
    }
    // A directory already being read further up is a link loop: do not enter it again.
    let key = directory_key(walk.files, &basedir, &meta);
    let first_visit = walk.visiting.insert(key.clone());
    if !first_visit {
        return Ok(());
    }
    let result = glob_dir(&basedir, components, &mut pat_idx, matches, walk, depth);
    walk.visiting.remove(&key);
    result
}

/// What identifies a directory however it is reached: its device and inode where the
/// source knows them (the disk on Unix: one `stat`, already made), its canonical path
/// elsewhere.
fn directory_key(files: &dyn FileSource, path: &str, meta: &FileMeta) -> DirKey {
    match meta.id {
        Some(id) => DirKey::Id(id),
        None => DirKey::Path(
            files
                .canonicalize(Path::new(path))
                .unwrap_or_else(|_| PathBuf::from(path)),
        ),
    }
}

/// A directory's identity, for finding link loops.
#[derive(Clone, PartialEq, Eq, Hash)]
enum DirKey {
    Id((u64, u64)),
    Path(PathBuf),
}

fn glob_dir(
    basedir: &str,
    components: &[String],
    pat_idx: &mut usize,
    matches: &mut Vec<String>,
    walk: &mut Walk<'_>,
    depth: usize,
) -> Result<(), GlobError> {
    if walk
        .interrupt
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
    {
        return Err(GlobError::Interrupted);
    }
    walk.n_dirs += 1;
    if walk.n_dirs > walk.max_dirs {
        return Err(GlobError::TooManyDirectories);
    }
    if walk
        .deadline
        .is_some_and(|deadline| Instant::now() >= deadline)
    {
        return Err(GlobError::TooSlow);
    }
    let Ok(entries) = walk.files.read_dir(Path::new(basedir)) else {
        return Ok(());
    };
    let names: Vec<String> = entries
        .into_iter()
        .map(|e| e.name.to_string_lossy().into_owned())
        .collect();
    let mut last = *pat_idx + 1 >= components.len();
    if components[*pat_idx] == "**" {
        for name in &names {
            let path = join(basedir, name);
            let Ok(meta) = walk.files.metadata(Path::new(&path)) else {
                continue;
            };
            if meta.is_dir() {
                if last {
                    matches.push(path.clone());
                }
                do_glob(&path, &components[*pat_idx..], matches, walk, depth + 1)?;
            } else if last {
                matches.push(path);
            }
        }
        if last {
            return Ok(());
        }
        *pat_idx += 1;
        last = *pat_idx + 1 >= components.len();
    }
    for name in &names {
        let mut budget = MATCH_BUDGET;
        if match_component(
            components[*pat_idx].as_bytes(),
            name.as_bytes(),
            &mut budget,
        )? {
            let path = join(basedir, name);
            if last {
                matches.push(path);
            } else {
                do_glob(&path, &components[*pat_idx + 1..], matches, walk, depth + 1)?;
            }
        }
    }
    Ok(())
}

/// doublestar's `splitPathOnSeparator`: split at `sep` unless it follows a `\`.
fn split_escaped(path: &str, sep: u8) -> Vec<String> {
    split_escaped_bytes(path.as_bytes(), sep)
        .into_iter()
        .map(|part| String::from_utf8_lossy(part).into_owned())
        .collect()
}

fn split_escaped_bytes(path: &[u8], sep: u8) -> Vec<&[u8]> {
    if !path.contains(&sep) {
        return vec![path];
    }
    let mut parts = Vec::new();
    let mut start = 0;
    let mut empty_end = false;
    while start < path.len() {
        let end = match index_escaped(&path[start..], sep) {
            Some(i) => {
                empty_end = true;
                start + i
            }
            None => {
                empty_end = false;
                path.len()
            }
        };
        parts.push(&path[start..end]);
        start = end + 1;
    }
    if empty_end {
        parts.push(&path[path.len()..]);
    }
    parts
}

/// doublestar's `indexRuneWithEscaping`: the first `c` not preceded by `\`.
fn index_escaped(s: &[u8], c: u8) -> Option<usize> {
    let mut offset = 0;
    loop {
        let i = s[offset..].iter().position(|&b| b == c)? + offset;
        if i > 0 && s[i - 1] == b'\\' {
            offset = i + 1;
        } else {
            return Some(i);
        }
    }
}

/// Go's `utf8.DecodeRune`: the character at the start of `s` and its width; invalid
/// bytes are U+FFFD of width 1, and the empty slice gives (U+FFFD, 0).
fn decode(s: &[u8]) -> (char, usize) {
    if s.is_empty() {
        return ('\u{fffd}', 0);
    }
    let width = match s[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return ('\u{fffd}', 1),
    };
    match s.get(..width).and_then(|b| std::str::from_utf8(b).ok()) {
        Some(text) => (
            text.chars()
                .next()
                .expect("invariant: a non-empty UTF-8 slice"),
            width,
        ),
        None => ('\u{fffd}', 1),
    }
}

/// Go's `[]rune(string)`.
fn runes(s: &[u8]) -> Vec<char> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let (c, w) = decode(&s[i..]);
        out.push(c);
        i += w;
    }
    out
}

/// doublestar's `matchComponent`: whether `name` matches one pattern component.
pub(super) fn match_component(
    pattern: &[u8],
    name: &[u8],
    budget: &mut u64,
) -> Result<bool, GlobError> {
    if *budget == 0 {
        return Err(GlobError::TooComplex);
    }
    *budget -= 1;
    if pattern.is_empty() {
        return Ok(name.is_empty());
    }
    if name.is_empty() && pattern != b"*" {
        return Ok(false);
    }
    let (mut pat_idx, mut name_idx) = (0, 0);
    while pat_idx < pattern.len() && name_idx < name.len() {
        let (pat_rune, pat_adj) = decode(&pattern[pat_idx..]);
        let (name_rune, name_adj) = decode(&name[name_idx..]);
        match pat_rune {
            '\\' => {
                pat_idx += pat_adj;
                let (escaped, adj) = decode(&pattern[pat_idx..]);
                if escaped == '\u{fffd}' {
                    return Err(GlobError::BadPattern);
                }
                if escaped != name_rune {
                    return Ok(false);
                }
                pat_idx += adj;
                name_idx += name_adj;
            }
            '*' => {
                pat_idx += pat_adj;
                if pat_idx >= pattern.len() {
                    return Ok(true);
                }
                // doublestar steps by the width of the first character each time.
                while name_idx < name.len() {
                    match match_component(&pattern[pat_idx..], &name[name_idx..], budget) {
                        Ok(true) => return Ok(true),
                        Err(GlobError::TooComplex) => return Err(GlobError::TooComplex),
                        _ => {}
                    }
                    name_idx += name_adj;
                }
                return Ok(false);
            }
            '[' => {
                pat_idx += pat_adj;
                let end = index_escaped(&pattern[pat_idx..], b']').ok_or(GlobError::BadPattern)?
                    + pat_idx;
                let class = runes(&pattern[pat_idx..end]);
                if class.is_empty() {
                    return Err(GlobError::BadPattern);
                }
                let negated = class[0] == '^';
                let mut i = usize::from(negated);
                let mut matched = false;
                while i < class.len() {
                    let mut low = class[i];
                    if low == '-' {
                        return Err(GlobError::BadPattern);
                    }
                    i += 1;
                    if low == '\\' {
                        low = *class.get(i).ok_or(GlobError::BadPattern)?;
                        i += 1;
                    }
                    let mut high = low;
                    if class.get(i) == Some(&'-') {
                        i += 1;
                        high = *class.get(i).ok_or(GlobError::BadPattern)?;
                        if high == '-' {
                            return Err(GlobError::BadPattern);
                        }
                        i += 1;
                        if high == '\\' {
                            high = *class.get(i).ok_or(GlobError::BadPattern)?;
                            i += 1;
                        }
                    }
                    if low <= name_rune && name_rune <= high {
                        matched = true;
                    }
                }
                if matched == negated {
                    return Ok(false);
                }
                pat_idx = end + 1;
                name_idx += name_adj;
            }
            '{' => {
                pat_idx += pat_adj;
                let end = index_escaped(&pattern[pat_idx..], b'}').ok_or(GlobError::BadPattern)?
                    + pat_idx;
                let rest = &pattern[end + 1..];
                for option in split_escaped_bytes(&pattern[pat_idx..end], b',') {
                    let candidate = [option, rest].concat();
                    if match_component(&candidate, &name[name_idx..], budget)? {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
            _ if pat_rune == '?' || pat_rune == name_rune => {
                pat_idx += pat_adj;
                name_idx += name_adj;
            }
            _ => return Ok(false),
        }
    }
    let rest = &pattern[pat_idx.min(pattern.len())..];
    Ok((pat_idx >= pattern.len() && name_idx >= name.len())
        || (name_idx >= name.len() && rest == b"*")
        || rest == b"**")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Disk;
    use crate::test_support::garbage;

    fn m(pattern: &str, name: &str) -> Result<bool, GlobError> {
        let mut budget = MATCH_BUDGET;
        match_component(pattern.as_bytes(), name.as_bytes(), &mut budget)
    }

    #[test]
    fn components() {
        assert_eq!(m("*.txt", "a.txt"), Ok(true));
        assert_eq!(m("*.txt", "a.json"), Ok(false));
        assert_eq!(m("?.txt", "a.txt"), Ok(true));
        assert_eq!(m("?.txt", "ab.txt"), Ok(false));
        assert_eq!(m("[ab].*", "b.json"), Ok(true));
        assert_eq!(m("[^a].*", "a.txt"), Ok(false));
        assert_eq!(m("[^a].*", "b.json"), Ok(true));
        // `!` does not negate in doublestar v1.
        assert_eq!(m("[!a].*", "a.txt"), Ok(true));
        assert_eq!(m("[!a].*", "b.json"), Ok(false));
        assert_eq!(m("[a-c]", "b"), Ok(true));
        assert_eq!(m("*.{txt,md}", "d.md"), Ok(true));
        assert_eq!(m("*.{txt,md}", "b.json"), Ok(false));
        assert_eq!(m("\\*", "*"), Ok(true));
        assert_eq!(m("\\*", "a"), Ok(false));
        assert_eq!(m("é*", "éa"), Ok(true));
        assert_eq!(m("*", ""), Ok(true));
        assert_eq!(m("[", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("[]", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("[-a]", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("{a", "a"), Err(GlobError::BadPattern));
        assert_eq!(m("a\\", "ab"), Err(GlobError::BadPattern));
    }

    #[test]
    fn runaway_patterns_stop() {
        let pattern = "*a".repeat(30) + "b";
        let name = "a".repeat(200);
        assert_eq!(m(&pattern, &name), Err(GlobError::TooComplex));
    }

    #[test]
    fn the_walk_stops_at_the_directory_cap() {
        let dir = std::env::temp_dir().join(format!("terrace-glob-cap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a/b/c")).unwrap();
        std::fs::write(dir.join("a/b/c/f.txt"), "x").unwrap();
        let pattern = format!("{}/**", dir.display());
        let limit = |max_dirs| glob_with_limits(&Disk, &pattern, None, max_dirs, MAX_WALK_TIME);
        assert_eq!(limit(4).map(|m| m.len()), Ok(4));
        assert_eq!(limit(3), Err(GlobError::TooManyDirectories));
        assert_eq!(
            glob_with_limits(&Disk, &pattern, None, 4, Duration::ZERO),
            Err(GlobError::TooSlow)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_walk_stops_when_interrupted() {
        let flag = AtomicBool::new(true);
        assert_eq!(glob(&Disk, "/**", Some(&flag)), Err(GlobError::Interrupted));
        assert_eq!(
            glob(&Disk, "/*", Some(&AtomicBool::new(false))).map(|m| m.is_empty()),
            Ok(false)
        );
    }

    #[test]
    fn splitting() {
        assert_eq!(split_escaped("a/b", b'/'), ["a", "b"]);
        assert_eq!(split_escaped("/a/", b'/'), ["", "a", ""]);
        assert_eq!(split_escaped("a\\/b/c", b'/'), ["a\\/b", "c"]);
        assert_eq!(split_escaped("", b'/'), [""]);
    }

    #[test]
    fn garbage_patterns_never_panic() {
        let alphabet = [
            "*", "?", "[", "]", "^", "-", "{", "}", ",", "\\", "a", "é", "\u{fffd}",
        ];
        let patterns = garbage(&alphabet, 3000);
        for (i, pattern) in patterns.iter().enumerate() {
            let _ = m(pattern, &patterns[(i * 7) % patterns.len()]);
        }
    }
}
