//! No import loops between files: the `use crate::…`, `use super::…` and `use self::…` imports (and inline `crate::`/`super::` paths) of every file under `crates/*/src`, resolved to the file that defines each name, form no cycle in `crates/config`, and elsewhere no cycle that `tests/data/import_loops.txt` does not already list.
//!
//! Run it with `cargo test -p terrace-tests --test it file_imports`. A failure names the
//! files of each loop and, for each arrow, the names one file takes from the other.
//! Unit-test modules (`#[cfg(test)] mod tests { … }`) are left out: they may import anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates whose files must form no loop at all.
const LOOP_FREE: &[&str] = &["config"];

/// One source file: its module path in its crate, what it defines, and its imports.
struct SourceFile {
    /// `crates/NAME/src/...` relative to the workspace root.
    path: String,
    /// The crate directory name (`config`).
    krate: String,
    /// The module path (`module::read::files`), empty for the crate root.
    module: Vec<String>,
    /// Names of items defined at the top of the file.
    defines: BTreeSet<String>,
    /// Imports as absolute module paths within the crate (`["module", "read", "Name"]`), with
    /// the name they bind in this file (the last segment or the `as` alias).
    imports: Vec<(Vec<String>, String)>,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of `file` under `src`: `lib.rs`/`main.rs` → `[]`, `a/mod.rs` → `[a]`,
/// `a/b.rs` → `[a, b]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !(stem == "mod" || (parts.is_empty() && (stem == "lib" || stem == "main"))) {
        parts.push(stem.to_string());
    }
    parts
}

/// The text without comments and without a trailing `#[cfg(test)] mod tests { … }`.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            // Unit tests close the file: skip attributes to see whether a `mod tests` follows.
            let mut ahead = lines.clone();
            while ahead
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("#["))
            {
                ahead.next();
            }
            if ahead
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod tests"))
            {
                break;
            }
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let line = match line.find("// ") {
            Some(idx) if !line[..idx].contains('"') => &line[..idx],
            _ => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    code
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The names of items a file defines at any depth (enough to resolve imports to it).
fn definitions(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let words: Vec<&str> = code
        .split(|c: char| !is_ident_char(c) && c != '!')
        .filter(|w| !w.is_empty())
        .collect();
    for pair in words.windows(2) {
        if matches!(
            pair[0],
            "fn" | "struct"
                | "enum"
                | "trait"
                | "type"
                | "const"
                | "static"
                | "mod"
                | "union"
                | "macro_rules!"
        ) {
            names.insert(pair[1].to_string());
        }
    }
    names
}

/// Expands one use tree (`super::a::{self, b as c, d::{e}}`) into paths and bound names.
fn expand_use_tree(tree: &str, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut base = prefix.to_vec();
        base.extend(head);
        let mut depth = 0;
        let mut start = 0;
        for (idx, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use_tree(&inner[start..idx], &base, out);
                    start = idx + 1;
                }
                _ => {}
            }
        }
        expand_use_tree(&inner[start..], &base, out);
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path.trim(), Some(alias.trim())),
        None => (tree, None),
    };
    let mut segments = prefix.to_vec();
    segments.extend(
        path.split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from),
    );
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    if segments.last().is_some_and(|s| s == "*") {
        // A glob: the module itself.
        segments.pop();
    }
    let bound = alias
        .map(String::from)
        .or_else(|| segments.last().cloned())
        .unwrap_or_default();
    out.push((segments, bound));
}

/// Paths as written (`super::x::Y`, `crate::a::B`), from `use` items and inline paths.
fn written_paths(code: &str) -> Vec<(Vec<String>, String)> {
    let mut paths = Vec::new();
    // `use` items (a line starting `use`, `pub use` or `pub(…) use`), up to their `;`; the
    // rest of the code is searched for inline paths.
    let mut outside_uses = String::new();
    let mut rest = code;
    while let Some(idx) = next_use_item(rest) {
        let after = &rest[idx..];
        let start = after.find("use ").map_or(0, |i| i + 4);
        let Some(end) = after.find(';') else { break };
        let tree: String = after[start..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        expand_use_tree(&tree, &[], &mut paths);
        outside_uses.push_str(&rest[..idx]);
        rest = &after[end..];
    }
    outside_uses.push_str(rest);
    let code = outside_uses.as_str();
    // Inline paths outside `use` items: `crate::a::b`, `super::a`, and `child::f` (relative
    // to the module; one into another crate resolves to the file itself and makes no arrow).
    let mut from = 0;
    while let Some(found) = code[from..].find("::") {
        let colons = from + found;
        from = colons + 2;
        let start = code[..colons]
            .rfind(|c: char| !is_ident_char(c))
            .map_or(0, |i| i + 1);
        let before = code[..start].chars().next_back();
        let first = &code[start..colons];
        // Only the first segment of a path, written in lower case (a module, not a type).
        if first.is_empty()
            || before.is_some_and(|c| c == ':')
            || !first.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        {
            continue;
        }
        let tail = &code[start..];
        let end = tail
            .find(|c: char| !(is_ident_char(c) || c == ':'))
            .unwrap_or(tail.len());
        let segments: Vec<String> = tail[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let bound = segments.last().cloned().unwrap_or_default();
        paths.push((segments, bound));
    }
    paths
}

/// Where the next line holding a `use` item starts in `text`.
fn next_use_item(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let after_pub = match trimmed.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => {
                rest.find(')').map(|i| rest[i + 1..].trim_start())
            }
            Some(rest) => Some(rest.trim_start()),
            None => Some(trimmed),
        };
        if after_pub.is_some_and(|rest| rest.starts_with("use ")) {
            return Some(offset);
        }
        offset += line.len();
    }
    None
}

/// A written path made absolute in the crate (`super`, `self`, `crate` resolved; any other
/// path is relative to the module, as `use child::X` in a `mod.rs`: one into another crate
/// then resolves to the file itself and makes no arrow).
fn absolute(module: &[String], segments: &[String]) -> Option<Vec<String>> {
    let (mut base, mut rest): (Vec<String>, &[String]) = match segments.first().map(String::as_str)
    {
        None => return None,
        Some("crate") => (Vec::new(), &segments[1..]),
        Some("self" | "super") => (module.to_vec(), &segments[1..]),
        Some(_) => (module.to_vec(), segments),
    };
    if segments[0] == "super" {
        base.pop();
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

fn read_crate(root: &Path, krate: &str) -> Vec<SourceFile> {
    let src = root.join("crates").join(krate).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let code = code_of(&text);
            let module = module_path(&src, path);
            let imports = written_paths(&code)
                .into_iter()
                .filter_map(|(segments, bound)| Some((absolute(&module, &segments)?, bound)))
                .collect();
            SourceFile {
                path: path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                krate: krate.to_string(),
                module,
                defines: definitions(&code),
                imports,
            }
        })
        .collect()
}

/// The file an absolute path's name comes from: the deepest module file on the path, then,
/// while that file only re-exports the name, the file it imports it from.
fn resolve(
    files: &[SourceFile],
    by_module: &BTreeMap<Vec<String>, usize>,
    path: &[String],
) -> Option<usize> {
    let mut path = path.to_vec();
    for _ in 0..16 {
        let (file, depth) = (0..=path.len())
            .rev()
            .find_map(|n| by_module.get(&path[..n]).map(|&f| (f, n)))?;
        let Some(name) = path.get(depth) else {
            return Some(file);
        };
        if files[file].defines.contains(name) {
            return Some(file);
        }
        let Some((next, _)) = files[file]
            .imports
            .iter()
            .find(|(target, bound)| bound == name && target.as_slice() != path.as_slice())
        else {
            return Some(file);
        };
        let mut next = next.clone();
        next.extend(path[depth + 1..].iter().cloned());
        path = next;
    }
    None
}

/// Arrows between files of one crate: (from, to) → the names taken.
fn arrows(files: &[SourceFile]) -> BTreeMap<(usize, usize), BTreeSet<String>> {
    let by_module: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut arrows: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
    for (from, file) in files.iter().enumerate() {
        for (path, bound) in &file.imports {
            // The module's own declarations (`mod x;`) and its own names are no arrows.
            if path.len() <= file.module.len() && file.module.starts_with(path) {
                continue;
            }
            if let Some(to) = resolve(files, &by_module, path)
                && to != from
            {
                arrows.entry((from, to)).or_default().insert(bound.clone());
            }
        }
    }
    arrows
}

/// The strongly connected components of more than one file (Tarjan), each sorted.
fn loops(n_files: usize, arrows: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<Vec<usize>> {
    struct Tarjan<'a> {
        next: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        found: &'a mut Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for w in self.next[v].clone() {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut next = vec![Vec::new(); n_files];
    for &(from, to) in arrows.keys() {
        next[from].push(to);
    }
    let mut found = Vec::new();
    let mut tarjan = Tarjan {
        next,
        index: vec![None; n_files],
        low: vec![0; n_files],
        on_stack: vec![false; n_files],
        stack: Vec::new(),
        counter: 0,
        found: &mut found,
    };
    for v in 0..n_files {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    found.sort();
    found
}

/// Each loop as its files and the arrows inside it.
fn describe(
    files: &[SourceFile],
    component: &[usize],
    arrows: &BTreeMap<(usize, usize), BTreeSet<String>>,
) -> String {
    let mut text = format!(
        "loop of {} files: {}\n",
        component.len(),
        component
            .iter()
            .map(|&f| files[f].path.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (&(from, to), names) in arrows {
        if component.contains(&from) && component.contains(&to) {
            text.push_str(&format!(
                "  {} -> {}: {}\n",
                files[from].path,
                files[to].path,
                names.iter().cloned().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    text
}

/// The loops the other crates had when this check came (one line a loop, its files separated
/// by spaces): they may shrink or go, never grow or multiply.
fn known_loops(root: &Path) -> Vec<BTreeSet<String>> {
    std::fs::read_to_string(root.join("tests/data/import_loops.txt"))
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split_whitespace().map(String::from).collect())
        .collect()
}

#[test]
fn file_imports() {
    let root = workspace_root();
    let known = known_loops(&root);
    let mut crates: Vec<String> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    let mut problems = String::new();
    let mut n_files = 0;
    let mut seen = Vec::new();
    for krate in &crates {
        let files = read_crate(&root, krate);
        n_files += files.len();
        let arrows = arrows(&files);
        for component in loops(files.len(), &arrows) {
            let paths: BTreeSet<String> =
                component.iter().map(|&f| files[f].path.clone()).collect();
            let allowed = !LOOP_FREE.contains(&files[component[0]].krate.as_str())
                && known.iter().any(|loop_files| paths.is_subset(loop_files));
            if allowed {
                seen.push(paths);
            } else {
                problems.push_str(&describe(&files, &component, &arrows));
            }
        }
    }
    assert!(n_files > 200, "only {n_files} files read");
    assert!(
        problems.is_empty(),
        "files that import each other, directly or in a loop (move the shared names down \
         to a file both can import):\n{problems}"
    );
    for loop_files in &known {
        assert!(
            seen.iter().any(|paths| paths == loop_files),
            "tests/data/import_loops.txt lists a loop that is now smaller or gone: write what \
             remains of it (or remove the line): {loop_files:?}"
        );
    }
}

#[test]
fn a_loop_is_found() {
    let file = |module: &str, defines: &[&str], imports: &[&str]| SourceFile {
        path: format!("{module}.rs"),
        krate: "x".into(),
        module: vec![module.to_string()],
        defines: defines.iter().map(|d| d.to_string()).collect(),
        imports: imports
            .iter()
            .map(|i| {
                let segments: Vec<String> = i.split("::").map(String::from).collect();
                (segments.clone(), segments.last().unwrap().clone())
            })
            .collect(),
    };
    let root = SourceFile {
        path: "lib.rs".into(),
        krate: "x".into(),
        module: Vec::new(),
        defines: ["a", "b", "c"].iter().map(|d| d.to_string()).collect(),
        imports: vec![(vec!["b".into(), "B".into()], "B".into())],
    };
    let files = vec![
        root,
        file("a", &["A"], &["b::B"]),
        file("b", &["B"], &["c::C"]),
        file("c", &["C"], &["B"]),
    ];
    // `c` takes `B` through the crate root's re-export: the arrow goes to `b`.
    let arrows = arrows(&files);
    assert_eq!(loops(files.len(), &arrows), [vec![2, 3]]);
    assert!(describe(&files, &[2, 3], &arrows).contains("c.rs -> b.rs: B"));
}

#[test]
fn use_trees_expand() {
    let mut out = Vec::new();
    expand_use_tree("super::a::{self, b as c, d::{e, f}}", &[], &mut out);
    let paths: Vec<String> = out
        .iter()
        .map(|(p, bound)| format!("{} {bound}", p.join("::")))
        .collect();
    assert_eq!(
        paths,
        [
            "super::a a",
            "super::a::b c",
            "super::a::d::e e",
            "super::a::d::f f"
        ]
    );
    assert_eq!(
        absolute(
            &["x".into(), "y".into()],
            &["super".into(), "super".into(), "z".into()]
        ),
        Some(vec!["z".to_string()])
    );
}
