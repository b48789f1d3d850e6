//! The file functions (`file`, `filebase64`, `templatefile`, `filemd5` and the other
//! hashes, `fileexists`, `fileset`) on hostile files, in a temporary directory: missing,
//! a directory, unreadable, not UTF-8, very large, a named pipe, a device, symlink loops.
//! Each gives a clear error (Terraform's words where Terraform has an answer, from the
//! oracle) and never blocks, panics or reads without end.

use std::path::{Path, PathBuf};

use terrace_eval::functions::CallContext;
use terrace_eval::{Evaluator, Scope};

use crate::support::console_with;

struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A directory with one file of each kind (those the system lets us make).
fn fixture(name: &str) -> Dir {
    let dir =
        std::env::temp_dir().join(format!("terrace-file-errors-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("dir")).unwrap();
    std::fs::write(dir.join("ok.txt"), "hello ${name}").unwrap();
    std::fs::write(dir.join("latin1.txt"), b"caf\xe9").unwrap();
    // Sparse: 64 MiB and one byte, more than `file` reads into a string.
    std::fs::File::create(dir.join("big.bin"))
        .unwrap()
        .set_len(64 * 1024 * 1024 + 1)
        .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink("loop2", dir.join("loop1")).unwrap();
        symlink("loop1", dir.join("loop2")).unwrap();
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/f.txt"), "x").unwrap();
        symlink("..", dir.join("sub/up")).unwrap();
        symlink("../sub", dir.join("sub/self")).unwrap();
        let _ = std::process::Command::new("mkfifo")
            .arg(dir.join("fifo"))
            .status();
    }
    Dir(dir)
}

fn eval(dir: &Path, src: &str) -> Result<String, (String, String)> {
    let context = CallContext {
        base_dir: dir.to_path_buf(),
        ..CallContext::default()
    };
    let evaluator = Evaluator::new().with_context(context);
    console_with(&evaluator, &Scope::terraform(), src).map_err(|e| {
        let first = e.first().unwrap();
        (first.summary.clone(), first.detail.clone())
    })
}

#[track_caller]
fn fails(dir: &Path, src: &str, summary: &str, detail: &str) {
    match eval(dir, src) {
        Ok(value) => panic!("{src}: expected an error, got {value}"),
        Err(got) => assert_eq!(got, (summary.to_string(), detail.to_string()), "{src}"),
    }
}

const NOT_FOUND: &str = "this function works only with files that are distributed as part \
of the configuration source code, so if this file will be created by a resource in this \
configuration you must instead obtain this result from an attribute of that resource.";

const NOT_UTF8: &str = "are not valid UTF-8; use the filebase64 function to obtain the Base64 \
encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing \
results instead.";

#[test]
fn missing_files() {
    let dir = fixture("missing");
    let dir = &dir.0;
    for function in ["file", "filebase64", "templatefile"] {
        let call = if function == "templatefile" {
            "templatefile(\"nope.txt\", {})".to_string()
        } else {
            format!("{function}(\"nope.txt\")")
        };
        fails(
            dir,
            &call,
            "Invalid function argument",
            &format!(
                "Invalid value for \"path\" parameter: no file exists at \"nope.txt\"; {NOT_FOUND}"
            ),
        );
    }
    fails(
        dir,
        "filesha256(\"nope\")",
        "Error in function call",
        &format!(
            "Call to function \"filesha256\" failed: open {}/nope: no such file or directory.",
            dir.display()
        ),
    );
    assert_eq!(eval(dir, "fileexists(\"nope\")").unwrap(), "false");
    assert_eq!(eval(dir, "fileset(\"nope\", \"*\")").unwrap(), "toset([])");
}

#[test]
fn directories() {
    let dir = fixture("directory");
    let dir = &dir.0;
    let read_dir = format!("read {}/dir: is a directory", dir.display());
    for call in [
        "file(\"dir\")",
        "filebase64(\"dir\")",
        "templatefile(\"dir\", {})",
    ] {
        fails(
            dir,
            call,
            "Invalid function argument",
            &format!("Invalid value for \"path\" parameter: failed to read file: {read_dir}."),
        );
    }
    for function in [
        "filemd5",
        "filesha1",
        "filesha256",
        "filesha512",
        "filebase64sha256",
    ] {
        fails(
            dir,
            &format!("{function}(\"dir\")"),
            "Error in function call",
            &format!("Call to function \"{function}\" failed: {read_dir}."),
        );
    }
}

#[test]
fn not_utf8() {
    let dir = fixture("utf8");
    let dir = &dir.0;
    fails(
        dir,
        "file(\"latin1.txt\")",
        "Error in function call",
        &format!("Call to function \"file\" failed: contents of \"latin1.txt\" {NOT_UTF8}"),
    );
    fails(
        dir,
        "templatefile(\"latin1.txt\", {})",
        "Error in function call",
        &format!("Call to function \"templatefile\" failed: contents of \"latin1.txt\" {NOT_UTF8}"),
    );
    // The bytes themselves are fine for the functions that do not decode them.
    assert_eq!(
        eval(dir, "filebase64(\"latin1.txt\")").unwrap(),
        "\"Y2Fm6Q==\""
    );
    assert_eq!(
        eval(dir, "filemd5(\"latin1.txt\")").unwrap(),
        "\"961f50f6282239d09e48f812c1ca7276\""
    );
}

#[test]
fn very_large_files() {
    let dir = fixture("large");
    let dir = &dir.0;
    let too_big = "Invalid value for \"path\" parameter: the file at \"big.bin\" is larger \
                   than 64 MiB, the most terrace reads into a string.";
    for call in [
        "file(\"big.bin\")",
        "filebase64(\"big.bin\")",
        "templatefile(\"big.bin\", {})",
    ] {
        fails(dir, call, "Invalid function argument", too_big);
    }
    // The hashes stream the file: no limit, no copy in memory.
    assert_eq!(eval(dir, "length(filesha256(\"big.bin\"))").unwrap(), "64");
}

#[test]
fn a_template_file_still_renders() {
    let dir = fixture("template");
    assert_eq!(
        eval(&dir.0, "templatefile(\"ok.txt\", {name = \"x\"})").unwrap(),
        "\"hello x\""
    );
}

#[cfg(unix)]
#[test]
fn unreadable_files() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = fixture("unreadable");
    let dir = &dir.0;
    let path = dir.join("secret.txt");
    std::fs::write(&path, "s").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&path).is_ok() {
        // Running as root: permissions do not stop reading.
        return;
    }
    let denied = format!("open {}/secret.txt: permission denied", dir.display());
    fails(
        dir,
        "file(\"secret.txt\")",
        "Invalid function argument",
        &format!("Invalid value for \"path\" parameter: {denied}."),
    );
    fails(
        dir,
        "templatefile(\"secret.txt\", {})",
        "Invalid function argument",
        &format!("Invalid value for \"path\" parameter: {denied}."),
    );
    fails(
        dir,
        "filemd5(\"secret.txt\")",
        "Error in function call",
        &format!("Call to function \"filemd5\" failed: {denied}."),
    );
}

/// Terraform blocks on a named pipe and reads `/dev/zero` until memory runs out;
/// terrace refuses both before opening them.
#[cfg(unix)]
#[test]
fn pipes_and_devices() {
    let dir = fixture("special");
    let dir = &dir.0;
    if dir.join("fifo").exists() {
        let pipe = format!(
            "open {}/fifo: is a named pipe, not a regular file",
            dir.display()
        );
        for call in [
            "file(\"fifo\")",
            "filebase64(\"fifo\")",
            "templatefile(\"fifo\", {})",
        ] {
            fails(
                dir,
                call,
                "Invalid function argument",
                &format!("Invalid value for \"path\" parameter: {pipe}."),
            );
        }
        fails(
            dir,
            "filemd5(\"fifo\")",
            "Error in function call",
            &format!("Call to function \"filemd5\" failed: {pipe}."),
        );
    }
    let device = "open /dev/zero: is a device node, not a regular file";
    fails(
        dir,
        "file(\"/dev/zero\")",
        "Invalid function argument",
        &format!("Invalid value for \"path\" parameter: {device}."),
    );
    fails(
        dir,
        "filesha512(\"/dev/zero\")",
        "Error in function call",
        &format!("Call to function \"filesha512\" failed: {device}."),
    );
}

#[cfg(unix)]
#[test]
fn symlink_loops() {
    let dir = fixture("loops");
    let dir = &dir.0;
    let looped = format!(
        "open {}/loop1: too many levels of symbolic links",
        dir.display()
    );
    fails(
        dir,
        "file(\"loop1\")",
        "Invalid function argument",
        &format!("Invalid value for \"path\" parameter: {looped}."),
    );
    fails(
        dir,
        "templatefile(\"loop1\", {})",
        "Invalid function argument",
        &format!("Invalid value for \"path\" parameter: {looped}."),
    );
    // `sub/up` points at its grandparent and `sub/self` at its own directory:
    // each directory is visited once (Terraform's fileset never returns here).
    assert_eq!(
        eval(dir, "fileset(\"sub\", \"**/f.txt\")").unwrap(),
        "toset([\n  \"f.txt\",\n])"
    );
    let listed = eval(dir, "fileset(\".\", \"**\")").unwrap();
    assert!(listed.contains("\"sub/f.txt\""), "{listed}");
    assert!(eval(dir, "length(fileset(\"sub\", \"**\"))").is_ok());
    assert!(eval(dir, "fileexists(\"loop1\")").is_err());
}
