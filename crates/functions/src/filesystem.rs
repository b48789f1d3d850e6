//! Filesystem functions: `abspath`, `basename`, `dirname`, `pathexpand`, `file`,
//! `filebase64`, `fileexists` and `fileset` (Terraform's `filesystem.go`).
//!
//! Relative paths are resolved against `CallContext::base_dir` (the module directory);
//! `~` is expanded with `CallContext::home_dir`. Paths are handled with Go's Unix
//! semantics (see `go_path.rs`). `file` and `filebase64` read at most [`MAX_FILE_SIZE`]
//! bytes (64 MiB), because their result is held in memory as one string; the hashing
//! functions in `crypto.rs` stream and have no limit. `templatefile` lives with the
//! template engine.

use std::io::Read;
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use terrace_types::{Marks, Type, Value};

use super::args::str_arg;
use super::context::CallContext;
use super::encoding::redact;
use super::error::FunctionError;
use super::glob::glob;
use super::go_path::{self, errno_text};
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// The largest file `file` and `filebase64` read.
pub(super) const MAX_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// Adds the filesystem functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let string_fn = |name, params, description, implementation| {
        Function::fixed(name, params, || Type::String, description, implementation)
    };
    let path = || Param::new("path", Type::String);
    table.insert(string_fn(
        "abspath",
        vec![path()],
        "Turns a path into an absolute path: a relative path is taken relative to the module \
         directory. The result is cleaned (`..` and `.` resolved) and uses `/` separators.",
        abspath,
    ));
    table.insert(string_fn(
        "basename",
        vec![path()],
        "Returns the last part of a path, after the last `/` (ignoring trailing slashes): \
         `basename(\"foo/bar/baz.txt\")` is `\"baz.txt\"`.",
        basename,
    ));
    table.insert(string_fn(
        "dirname",
        vec![path()],
        "Returns all but the last part of a path, cleaned: `dirname(\"foo/bar/baz.txt\")` is \
         `\"foo/bar\"`, and a path without `/` gives `\".\"`.",
        dirname,
    ));
    table.insert(string_fn(
        "pathexpand",
        vec![path()],
        "Replaces a leading `~` in a path with the current user's home directory; other paths \
         are returned unchanged.",
        pathexpand,
    ));
    table.insert(string_fn(
        "file",
        vec![path().allow_marked()],
        "Reads the file at the given path (relative to the module directory) and returns its \
         contents as a string. The file must be valid UTF-8; use `filebase64` for binary files.",
        file,
    ));
    table.insert(string_fn(
        "filebase64",
        vec![path().allow_marked()],
        "Reads the file at the given path (relative to the module directory) and returns its \
         bytes encoded with Base64, for binary files.",
        filebase64,
    ));
    table.insert(Function {
        name: "fileexists",
        params: vec![path().allow_marked()],
        variadic: None,
        return_type: ReturnType::Static(|| Type::Bool),
        description: "Returns whether a regular file exists at the given path (relative to the \
                      module directory). A directory or other non-regular file there is an \
                      error.",
        implementation: fileexists,
        impure: false,
    });
    table.insert(Function {
        name: "fileset",
        params: vec![
            path().allow_marked(),
            Param::new("pattern", Type::String).allow_marked(),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::set(Type::String)),
        description: "Returns the set of regular files under a directory whose paths match a \
                      glob pattern (`*`, `**`, `?`, `[a-z]`, `{a,b}`), as paths relative to \
                      that directory with `/` separators.",
        implementation: fileset,
        impure: false,
    });
}

fn basename(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(go_path::base(str_arg(args, 0))))
}

fn dirname(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(go_path::dir(str_arg(args, 0))))
}

/// The module directory as a string.
fn base_dir(ctx: &CallContext) -> String {
    ctx.base_dir.to_string_lossy().replace('\\', "/")
}

fn home_dir(ctx: &CallContext) -> Option<String> {
    ctx.home_dir
        .as_ref()
        .map(|h| h.to_string_lossy().replace('\\', "/"))
}

fn abspath(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let path = str_arg(args, 0);
    if go_path::is_abs(path) {
        return Ok(Value::string(go_path::clean(path)));
    }
    let mut base = base_dir(ctx);
    if !go_path::is_abs(&base) {
        let cwd = std::env::current_dir().map_err(|e| FunctionError::new(errno_text(&e)))?;
        base = go_path::join(&cwd.to_string_lossy().replace('\\', "/"), &base);
    }
    Ok(Value::string(go_path::join(&base, path)))
}

fn pathexpand(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    go_path::expand_home(str_arg(args, 0), home_dir(ctx).as_deref())
        .map(Value::string)
        .map_err(FunctionError::new)
}

/// A path argument resolved as Terraform's `openFile` does: `~` expanded, made
/// relative to the module directory, cleaned.
pub(super) fn resolve(ctx: &CallContext, path: &str) -> Result<String, String> {
    let expanded = go_path::expand_home(path, home_dir(ctx).as_deref())
        .map_err(|e| format!("failed to expand ~: {e}"))?;
    if go_path::is_abs(&expanded) {
        Ok(go_path::clean(&expanded))
    } else {
        Ok(go_path::join(&base_dir(ctx), &expanded))
    }
}

/// Opens a file for reading through the context's file source; errors are worded as
/// Go's `os.Open` errors. A named pipe, socket or device is refused before it is opened:
/// opening a pipe blocks until a writer comes, and a device such as `/dev/zero` never
/// ends (Terraform hangs on both).
pub(super) fn open<'c>(
    ctx: &'c CallContext,
    resolved: &str,
) -> Result<Box<dyn Read + Send + 'c>, std::io::Error> {
    ctx.files.open(Path::new(resolved))
}

/// Reads a whole text file as `file` does, through the context's file source
/// (Terraform's messages, at most 64 MiB, UTF-8 only): the evaluator's `templatefile`
/// reads its template with it. Errors about the path have `arg_index` 0.
///
/// ```
/// use std::sync::Arc;
/// use terrace_functions::{CallContext, Overlay, read_text_file};
///
/// let ctx = CallContext {
///     files: Arc::new(Overlay::in_memory().with("t.tftpl", "Hi ${name}")),
///     ..CallContext::default()
/// };
/// assert_eq!(read_text_file(&ctx, "t.tftpl").ok().as_deref(), Some("Hi ${name}"));
/// assert!(read_text_file(&ctx, "missing.tftpl").is_err());
/// ```
pub fn read_text_file(ctx: &CallContext, path: &str) -> Result<String, FunctionError> {
    let bytes = read_file_bytes(ctx, path, Marks::default())?;
    String::from_utf8(bytes).map_err(|_| not_utf8(path, Marks::default()))
}

/// The error for a file that is not UTF-8, from `file` and `templatefile`.
fn not_utf8(path: &str, marks: Marks) -> FunctionError {
    FunctionError::new(format!(
        "contents of {} are not valid UTF-8; use the filebase64 function to obtain the \
         Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to \
         obtain file hashing results instead",
        redact(path, marks)
    ))
}

/// Go's wording for a failed operation: `open dir/x: no such file or directory`.
pub(super) fn path_error(op: &str, path: &str, e: &std::io::Error) -> String {
    format!("{op} {path}: {}", errno_text(e))
}

/// The path argument and its marks (the parameter allows marks so errors can hide
/// sensitive paths).
fn marked_str(args: &[Value], index: usize) -> (String, Marks) {
    let (value, marks) = args[index].clone().unmark_deep();
    let text = value
        .as_str()
        .expect("invariant: the call protocol passes a known string")
        .to_string();
    (text, marks)
}

/// Reads a whole file for `file` and `filebase64`, with Terraform's messages.
fn read_file_bytes(ctx: &CallContext, path: &str, marks: Marks) -> Result<Vec<u8>, FunctionError> {
    let resolved = resolve(ctx, path).map_err(|e| FunctionError::arg(0, e))?;
    let f = open(ctx, &resolved).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            FunctionError::arg(
                0,
                format!(
                    "no file exists at {}; this function works only with files that are \
                     distributed as part of the configuration source code, so if this file \
                     will be created by a resource in this configuration you must instead \
                     obtain this result from an attribute of that resource",
                    redact(path, marks)
                ),
            )
        } else {
            FunctionError::arg(0, path_error("open", &resolved, &e))
        }
    })?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            FunctionError::arg(
                0,
                format!("failed to read file: {}", path_error("read", &resolved, &e)),
            )
        })?;
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err(FunctionError::arg(
            0,
            format!(
                "the file at {} is larger than 64 MiB, the most terrace reads into a string",
                redact(path, marks)
            ),
        ));
    }
    Ok(bytes)
}

fn file(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (path, marks) = marked_str(args, 0);
    let bytes = read_file_bytes(ctx, &path, marks)?;
    let text = String::from_utf8(bytes).map_err(|_| not_utf8(&path, marks))?;
    Ok(Value::string(text).mark(marks))
}

fn filebase64(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (path, marks) = marked_str(args, 0);
    let bytes = read_file_bytes(ctx, &path, marks)?;
    Ok(Value::string(STANDARD.encode(bytes)).mark(marks))
}

fn fileexists(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (path, marks) = marked_str(args, 0);
    let resolved = resolve(ctx, &path).map_err(FunctionError::new)?;
    let meta = match ctx.files.metadata(Path::new(&resolved)) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Value::bool(false).mark(marks));
        }
        Err(_) => {
            return Err(FunctionError::new(format!(
                "failed to stat {}",
                redact(&resolved, marks)
            )));
        }
    };
    if meta.is_file() {
        return Ok(Value::bool(true).mark(marks));
    }
    let shown = redact(&resolved, marks);
    Err(FunctionError::new(format!(
        "{shown} {}",
        meta.kind.refusal()
    )))
}

fn fileset(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let (path, path_marks) = marked_str(args, 0);
    let (pattern, pattern_marks) = marked_str(args, 1);
    let marks = path_marks | pattern_marks;
    let path = if go_path::is_abs(&path) {
        path
    } else {
        go_path::join(&base_dir(ctx), &path)
    };
    let full_pattern = go_path::join(&path, &pattern);
    let found = glob(&*ctx.files, &full_pattern, ctx.interrupt.as_deref()).map_err(|e| {
        FunctionError::new(format!(
            "failed to glob pattern {}: {e}",
            redact(&full_pattern, marks)
        ))
    })?;
    let mut results = Vec::new();
    for found_path in found {
        let meta = ctx.files.metadata(Path::new(&found_path)).map_err(|e| {
            FunctionError::new(format!(
                "failed to stat {}: {}",
                redact(&found_path, marks),
                path_error("stat", &found_path, &e)
            ))
        })?;
        if !meta.is_file() {
            continue;
        }
        let relative = go_path::rel(&path, &found_path).ok_or_else(|| {
            FunctionError::new(format!(
                "failed to trim path of match {}",
                redact(&found_path, marks)
            ))
        })?;
        results.push(Value::string(relative));
    }
    Ok(Value::set(Type::String, results).mark(marks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{files_ctx, ok_str, run_with, s};
    use std::path::PathBuf;

    fn fixtures() -> PathBuf {
        files_ctx().base_dir
    }

    fn run(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
        run_with(&files_ctx(), name, args)
    }

    fn text(name: &str, arg: &str) -> String {
        ok_str(name, vec![s(arg)])
    }

    fn set(v: &Value) -> Vec<String> {
        v.as_seq()
            .unwrap()
            .iter()
            .map(|e| e.as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn path_functions() {
        assert_eq!(text("basename", "foo/bar/baz.txt"), "baz.txt");
        assert_eq!(text("basename", ""), ".");
        assert_eq!(text("dirname", "foo/bar/baz.txt"), "foo/bar");
        assert_eq!(text("dirname", "a/"), "a");
        assert_eq!(text("pathexpand", "~/x"), "/home/user/x");
        assert_eq!(text("pathexpand", "a/~"), "a/~");
        assert_eq!(text("abspath", "/a/../b"), "/b");
        assert_eq!(text("abspath", "//a//b/"), "/a/b");
        assert_eq!(
            text("abspath", "dir/../hello.txt"),
            format!("{}/hello.txt", fixtures().display())
        );
        match run("pathexpand", vec![s("~x")]) {
            Err(CallError::Failed { message, .. }) => {
                assert_eq!(message, "cannot expand user-specific home dir");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn file_reads() {
        assert_eq!(text("file", "hello.txt"), "Hello, World!\n");
        assert_eq!(text("file", "./dir/../hello.txt"), "Hello, World!\n");
        assert_eq!(text("file", "empty.txt"), "");
        assert_eq!(text("file", "unicode.txt"), "héllo wörld 😀\n");
        assert_eq!(text("filebase64", "hello.txt"), "SGVsbG8sIFdvcmxkIQo=");
        assert_eq!(text("filebase64", "latin1.bin"), "aOlsbG8K");
        let absolute = fixtures().join("hello.txt");
        assert_eq!(text("file", absolute.to_str().unwrap()), "Hello, World!\n");
    }

    #[test]
    fn file_errors() {
        match run("file", vec![s("missing.txt")]) {
            Err(CallError::InvalidArgument { param, message, .. }) => {
                assert_eq!(param, "path");
                assert!(message.starts_with("no file exists at \"missing.txt\"; "));
            }
            other => panic!("{other:?}"),
        }
        match run("file", vec![s("dir")]) {
            Err(CallError::InvalidArgument { message, .. }) => {
                assert!(
                    message.starts_with("failed to read file: read "),
                    "{message}"
                );
                assert!(message.ends_with("dir: is a directory"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        match run("file", vec![s("latin1.bin")]) {
            Err(CallError::Failed { message, .. }) => {
                assert!(message.starts_with("contents of \"latin1.bin\" are not valid UTF-8"));
            }
            other => panic!("{other:?}"),
        }
        match run("file", vec![s("missing.txt").mark(Marks::SENSITIVE)]) {
            Err(CallError::InvalidArgument { message, .. }) => {
                assert!(message.starts_with("no file exists at (sensitive value);"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn file_marks_and_unknowns() {
        let v = run("file", vec![s("hello.txt").mark(Marks::SENSITIVE)]).unwrap();
        assert!(v.marks().is_sensitive());
        let v = run("file", vec![Value::unknown(Type::String)]).unwrap();
        assert!(!v.is_known());
        assert!(matches!(
            run("file", vec![Value::null(Type::String)]),
            Err(CallError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn fileexists_cases() {
        let b = |p: &str| run("fileexists", vec![s(p)]).unwrap().as_bool().unwrap();
        assert!(b("hello.txt"));
        assert!(!b("missing.txt"));
        match run("fileexists", vec![s("dir")]) {
            Err(CallError::Failed { message, .. }) => {
                assert!(
                    message.ends_with("dir\" is a directory, not a file"),
                    "{message}"
                );
            }
            other => panic!("{other:?}"),
        }
        match run("fileexists", vec![s("hello.txt/x")]) {
            Err(CallError::Failed { message, .. }) => {
                assert!(message.starts_with("failed to stat \""), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn fileset_patterns() {
        // Expected sets from Terraform (with the same fixture directory).
        let fs =
            |path: &str, pattern: &str| set(&run("fileset", vec![s(path), s(pattern)]).unwrap());
        assert_eq!(fs(".", "*.txt"), ["empty.txt", "hello.txt", "unicode.txt"]);
        assert_eq!(
            fs("dir", "**/*.txt"),
            ["a.txt", "sub/c.txt", "sub/deeper/x.txt"]
        );
        assert_eq!(fs("dir", "*"), ["a.txt", "b.json"]);
        assert_eq!(fs("dir", "*/*.{txt,md}"), ["sub/c.txt", "sub/d.md"]);
        assert_eq!(fs("dir", "?.txt"), ["a.txt"]);
        assert_eq!(fs("dir", "[^a].*"), ["b.json"]);
        assert_eq!(fs("dir", "[!a].*"), ["a.txt"]);
        assert_eq!(fs("dir", "missing/*"), Vec::<String>::new());
        assert_eq!(fs("missing", "*"), Vec::<String>::new());
        assert_eq!(fs(".", "dir"), Vec::<String>::new());
        assert_eq!(fs(".", ""), Vec::<String>::new());
        assert_eq!(
            fs("dir", "../*.txt"),
            ["../empty.txt", "../hello.txt", "../unicode.txt"]
        );
        assert_eq!(fs("./dir/", "sub/**/*.md"), ["sub/d.md"]);
        assert_eq!(fs(".", "d*/**/d*"), ["dir/sub/d.md"]);
        assert_eq!(fs(".", "*/*/*/*"), ["dir/sub/deeper/x.txt"]);
        assert_eq!(fs("dir", "\\*"), Vec::<String>::new());
        assert_eq!(
            fs(".", "dir/**"),
            [
                "dir/a.txt",
                "dir/b.json",
                "dir/sub/c.txt",
                "dir/sub/d.md",
                "dir/sub/deeper/x.txt"
            ]
        );
        assert_eq!(fs(".", "**").len(), 12);
        assert_eq!(fs(".", "**/"), fs(".", "**"));
        match run("fileset", vec![s("."), s("[")]) {
            Err(CallError::Failed { message, .. }) => {
                assert!(
                    message.ends_with("/[\": syntax error in pattern"),
                    "{message}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[cfg(unix)]
    /// A fresh directory under the system's temporary directory.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("terrace-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn fileset_in(dir: &std::path::Path, path: &str, pattern: &str) -> Result<Vec<String>, String> {
        let ctx = CallContext {
            base_dir: dir.to_path_buf(),
            ..files_ctx()
        };
        match run_with(&ctx, "fileset", vec![s(path), s(pattern)]) {
            Ok(v) => Ok(set(&v)),
            Err(CallError::Failed { message, .. }) => Err(message),
            Err(other) => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn fileset_survives_symlink_loops() {
        let dir = scratch("fileset-loop");
        std::fs::create_dir_all(dir.join("tree/a")).unwrap();
        std::fs::write(dir.join("tree/a/f.txt"), "x").unwrap();
        std::os::unix::fs::symlink(dir.join("tree"), dir.join("tree/a/loop")).unwrap();
        std::os::unix::fs::symlink(dir.join("tree/a"), dir.join("tree/a/self")).unwrap();
        // Terraform follows the link until the system refuses a path with 40 links in it
        // and lists 41 files; terrace lists each file once, then the loop is not entered.
        assert_eq!(fileset_in(&dir, "tree", "**").unwrap(), ["a/f.txt"]);
        assert_eq!(
            fileset_in(&dir, "tree", "a/loop/a/*").unwrap(),
            ["a/loop/a/f.txt"]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fileset_follows_links_to_files_and_directories_as_terraform() {
        // The tree and the results of terraform console 1.15.5 (links to a directory and a
        // file outside the tree, a second name for a directory inside it, a dangling link).
        let dir = scratch("fileset-links");
        std::fs::create_dir_all(dir.join("cfg/tree/a/b")).unwrap();
        std::fs::create_dir_all(dir.join("outside/d")).unwrap();
        std::fs::write(dir.join("cfg/tree/a/f.txt"), "x").unwrap();
        std::fs::write(dir.join("cfg/tree/a/b/g.txt"), "y").unwrap();
        std::fs::write(dir.join("outside/d/o.txt"), "z").unwrap();
        std::fs::write(dir.join("outside/file.txt"), "w").unwrap();
        let link = |target: &str, name: &str| {
            std::os::unix::fs::symlink(target, dir.join("cfg/tree").join(name)).unwrap();
        };
        link(&dir.join("outside/d").display().to_string(), "linkdir");
        link(
            &dir.join("outside/file.txt").display().to_string(),
            "linkfile.txt",
        );
        link("a", "alias");
        link("nowhere", "dangling");
        let cfg = dir.join("cfg");
        assert_eq!(
            fileset_in(&cfg, "tree", "**").unwrap(),
            [
                "a/b/g.txt",
                "a/f.txt",
                "alias/b/g.txt",
                "alias/f.txt",
                "linkdir/o.txt",
                "linkfile.txt"
            ]
        );
        assert_eq!(
            fileset_in(&cfg, "tree", "*/*.txt").unwrap(),
            ["a/f.txt", "alias/f.txt", "linkdir/o.txt"]
        );
        // `*` matches the dangling link, which cannot be read: Terraform's error.
        let error = fileset_in(&cfg, "tree", "*").unwrap_err();
        assert!(
            error.starts_with("failed to stat ")
                && error.contains("tree/dangling: no such file or directory"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fileset_through_proc_stops_with_a_clear_error() {
        // A link to `/` (`/proc/self/root`) leads into the whole file system and `/proc`.
        let started = std::time::Instant::now();
        let result = fileset_in(std::path::Path::new("/"), "/proc/self", "**");
        if let Err(message) = &result {
            assert!(
                message.contains("more than 100000 directories")
                    || message.contains("took more than 1.5 s")
                    || message.contains("stat"),
                "{message}"
            );
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
    }

    #[test]
    fn fileset_marks() {
        let v = run("fileset", vec![s("dir").mark(Marks::SENSITIVE), s("*.txt")]).unwrap();
        assert!(v.marks().is_sensitive());
    }
}
