//! Reading a file safely through a `FileSource`: only regular files (a directory, FIFO, socket or device is refused before it is opened, so a FIFO never blocks), read only, never locked or written.

use std::io::ErrorKind;
use std::path::Path;

use terrace_functions::{FileKind, FileSource};

use super::error::StateError;

/// The bytes of `path`, which must be a regular file (symbolic links are followed).
/// A missing file is an [`StateError::Unreadable`] error; see [`read_if_exists`].
pub(crate) fn read_regular_file(
    files: &dyn FileSource,
    path: &Path,
) -> Result<Vec<u8>, StateError> {
    read_if_exists(files, path)?.ok_or_else(|| StateError::Unreadable {
        path: path.to_path_buf(),
        message: "no such file".into(),
    })
}

/// The bytes of `path`, `None` when it does not exist.
pub(crate) fn read_if_exists(
    files: &dyn FileSource,
    path: &Path,
) -> Result<Option<Vec<u8>>, StateError> {
    let unreadable = |e: std::io::Error| StateError::Unreadable {
        path: path.to_path_buf(),
        message: io_message(&e),
    };
    // Check the file type before opening: opening a FIFO for reading blocks (the source
    // checks again as it opens, in case the path was replaced in between).
    let metadata = match files.metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(unreadable(e)),
    };
    check_regular(path, metadata.kind)?;
    let bytes = files.read(path).map_err(unreadable)?;
    Ok(Some(bytes))
}

fn check_regular(path: &Path, kind: FileKind) -> Result<(), StateError> {
    let kind = match kind {
        FileKind::File => return Ok(()),
        FileKind::Dir => {
            return Err(StateError::Directory {
                path: path.to_path_buf(),
            });
        }
        FileKind::Fifo => "FIFO",
        FileKind::Socket => "socket",
        FileKind::CharDevice => "character device",
        FileKind::BlockDevice => "block device",
        FileKind::Symlink | FileKind::Other => "special file",
    };
    Err(StateError::NotRegularFile {
        path: path.to_path_buf(),
        kind,
    })
}

/// An I/O error's message without Rust's ` (os error 13)` suffix.
fn io_message(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(idx) => text[..idx].to_lowercase(),
        None => text,
    }
}
