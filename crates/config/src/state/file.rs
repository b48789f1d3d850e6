//! Reading a file safely: only regular files (a directory, FIFO, socket or device is refused before it is opened, so a FIFO never blocks), read only, never locked or written.

use std::fs::{File, Metadata};
use std::io::{ErrorKind, Read};
use std::path::Path;

use super::error::StateError;

/// The bytes of `path`, which must be a regular file (symbolic links are followed).
/// A missing file is an [`StateError::Unreadable`] error; see [`read_if_exists`].
pub(crate) fn read_regular_file(path: &Path) -> Result<Vec<u8>, StateError> {
    read_if_exists(path)?.ok_or_else(|| StateError::Unreadable {
        path: path.to_path_buf(),
        message: "no such file".into(),
    })
}

/// The bytes of `path`, `None` when it does not exist.
pub(crate) fn read_if_exists(path: &Path) -> Result<Option<Vec<u8>>, StateError> {
    let unreadable = |e: std::io::Error| StateError::Unreadable {
        path: path.to_path_buf(),
        message: io_message(&e),
    };
    // Check the file type before opening: opening a FIFO for reading blocks.
    let metadata = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(unreadable(e)),
    };
    check_regular(path, &metadata)?;
    let mut file = File::open(path).map_err(unreadable)?;
    // The path may have been replaced between the check and the open.
    check_regular(path, &file.metadata().map_err(unreadable)?)?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    file.read_to_end(&mut bytes).map_err(unreadable)?;
    Ok(Some(bytes))
}

fn check_regular(path: &Path, metadata: &Metadata) -> Result<(), StateError> {
    let file_type = metadata.file_type();
    if file_type.is_file() {
        return Ok(());
    }
    if file_type.is_dir() {
        return Err(StateError::Directory {
            path: path.to_path_buf(),
        });
    }
    Err(StateError::NotRegularFile {
        path: path.to_path_buf(),
        kind: special_kind(metadata),
    })
}

#[cfg(unix)]
fn special_kind(metadata: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let file_type = metadata.file_type();
    if file_type.is_fifo() {
        "FIFO"
    } else if file_type.is_socket() {
        "socket"
    } else if file_type.is_char_device() {
        "character device"
    } else if file_type.is_block_device() {
        "block device"
    } else {
        "special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_metadata: &Metadata) -> &'static str {
    "special file"
}

/// An I/O error's message without Rust's ` (os error 13)` suffix.
fn io_message(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(idx) => text[..idx].to_lowercase(),
        None => text,
    }
}
