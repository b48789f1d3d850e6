//! `FileSource`: the one reader every file goes through (configuration, `.tfvars`, lock file, state, `file()`), with `Disk` and the in-memory `Overlay`.
//!
//! Only [`Disk`] touches `std::fs`. An [`Overlay`] is a map of path → contents that
//! shadows another source (an editor's unsaved buffers over the disk), or stands alone
//! with nothing underneath (a playground's tabs, WebAssembly in a browser, where
//! `std::fs` does not work): an overlay made with [`Overlay::in_memory`] never calls
//! `std::fs`.
//!
//! Paths in an overlay are compared after a lexical clean-up (`.` components dropped,
//! `dir/..` folded), so `./m/main.tf` and `m/x/../main.tf` name the entry `m/main.tf`.
//! Every ancestor of an entry is a directory of the overlay.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::fmt;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FileKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (only from [`FileSource::symlink_metadata`] and directory entries).
    Symlink,
    /// A named pipe: opening it for reading blocks until a writer comes.
    Fifo,
    /// A Unix domain socket.
    Socket,
    /// A character device (`/dev/zero` never ends).
    CharDevice,
    /// A block device.
    BlockDevice,
    /// Anything else that is not a regular file or a directory.
    Other,
}

impl FileKind {
    /// How Terraform's file functions word a path of this kind that they refuse, after
    /// the path: `is a named pipe, not a regular file`.
    ///
    /// ```
    /// use terrace_functions::FileKind;
    /// assert_eq!(FileKind::Dir.refusal(), "is a directory, not a file");
    /// ```
    pub fn refusal(self) -> &'static str {
        match self {
            FileKind::File => "is a regular file",
            FileKind::Dir => "is a directory, not a file",
            FileKind::BlockDevice | FileKind::CharDevice => "is a device node, not a regular file",
            FileKind::Fifo => "is a named pipe, not a regular file",
            FileKind::Socket => "is a unix domain socket, not a regular file",
            FileKind::Symlink | FileKind::Other => "is not a regular file",
        }
    }

    /// True for what is neither a regular file, a directory nor a link: reading it may
    /// block or never end, so readers refuse it before opening.
    pub fn is_special(self) -> bool {
        !matches!(self, FileKind::File | FileKind::Dir | FileKind::Symlink)
    }
}

/// What [`FileSource::metadata`] tells of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileMeta {
    /// What the path names.
    pub kind: FileKind,
    /// The size in bytes (0 for what has none).
    pub len: u64,
    /// What identifies the file however it is reached (device and inode on Unix, from
    /// the disk); `None` where there is none, as in an overlay, where paths identify.
    pub id: Option<(u64, u64)>,
}

impl FileMeta {
    /// True for a regular file.
    pub fn is_file(&self) -> bool {
        self.kind == FileKind::File
    }

    /// True for a directory.
    pub fn is_dir(&self) -> bool {
        self.kind == FileKind::Dir
    }
}

/// One entry of a directory listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry's name (not its path).
    pub name: OsString,
    /// What it is, links not followed ([`FileKind::Symlink`] for a link).
    pub kind: FileKind,
}

/// A reader of files: the loaders, the state reader and the file functions (`file`,
/// `templatefile`, `fileset`, `filemd5`, …) read only through one. Errors are
/// `std::io::Error`s, with the kinds `std::fs` gives (`NotFound`, `IsADirectory`, …), so
/// messages read the same whatever the source.
///
/// ```
/// use std::path::Path;
/// use std::sync::Arc;
/// use terrace_functions::{CallContext, FileSource, Overlay, call, standard};
/// use terrace_types::Value;
///
/// // A module's files held in memory only: nothing here reads the disk.
/// let files = Overlay::in_memory()
///     .with("m/main.tf", "locals { a = 1 }\n")
///     .with("m/greeting.txt", "Hello!");
/// assert!(files.is_dir(Path::new("m")));
/// assert_eq!(files.read_to_string(Path::new("./m/main.tf"))?, "locals { a = 1 }\n");
/// let names: Vec<_> = files.read_dir(Path::new("m"))?.into_iter().map(|e| e.name).collect();
/// assert_eq!(names, ["greeting.txt", "main.tf"]);
///
/// // `file` reads the overlay through the call context.
/// let ctx = CallContext {
///     base_dir: "m".into(),
///     files: Arc::new(files),
///     ..CallContext::default()
/// };
/// let file = standard().get("file").cloned().ok_or("no file")?;
/// let text = call(&file, &ctx, vec![Value::string("greeting.txt")]).map_err(|e| format!("{e:?}"))?;
/// assert_eq!(text.as_str(), Some("Hello!"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait FileSource: fmt::Debug + Send + Sync {
    /// Opens the file at `path` for reading. A source refuses a path that
    /// [`FileKind::is_special`] would block on rather than open it.
    fn open(&self, path: &Path) -> io::Result<Box<dyn Read + Send + '_>>;

    /// What `path` names, symbolic links followed.
    fn metadata(&self, path: &Path) -> io::Result<FileMeta>;

    /// What `path` names, a final symbolic link not followed.
    fn symlink_metadata(&self, path: &Path) -> io::Result<FileMeta> {
        self.metadata(path)
    }

    /// The entries of the directory `path`, in no particular order.
    fn read_dir(&self, path: &Path) -> io::Result<Vec<DirEntry>>;

    /// `path` with links resolved, as far as the source knows them; by default `path`
    /// cleaned lexically.
    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        Ok(clean(path))
    }

    /// The whole file at `path`.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.open(path)?.read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// The whole file at `path`, which must be UTF-8 (else an `InvalidData` error).
    fn read_to_string(&self, path: &Path) -> io::Result<String> {
        String::from_utf8(self.read(path)?)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    }

    /// True when `path` names anything (links followed).
    fn exists(&self, path: &Path) -> bool {
        self.metadata(path).is_ok()
    }

    /// True when `path` names a regular file (links followed).
    fn is_file(&self, path: &Path) -> bool {
        self.metadata(path).is_ok_and(|m| m.is_file())
    }

    /// True when `path` names a directory (links followed).
    fn is_dir(&self, path: &Path) -> bool {
        self.metadata(path).is_ok_and(|m| m.is_dir())
    }
}

/// The disk, through `std::fs`: the default source.
///
/// ```
/// use terrace_functions::{Disk, FileSource};
/// let here = std::env::current_dir()?;
/// assert!(Disk.is_dir(&here));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Disk;

impl FileSource for Disk {
    fn open(&self, path: &Path) -> io::Result<Box<dyn Read + Send + '_>> {
        // Refuse a pipe or device before opening: opening a pipe blocks until a writer
        // comes, and a device such as `/dev/zero` never ends.
        if let Ok(meta) = std::fs::metadata(path) {
            refuse_special(kind_of(meta.file_type()))?;
        }
        let file = std::fs::File::open(path)?;
        // The path may have been replaced between the check and the open.
        refuse_special(kind_of(file.metadata()?.file_type()))?;
        Ok(Box::new(file))
    }

    fn metadata(&self, path: &Path) -> io::Result<FileMeta> {
        std::fs::metadata(path).map(|m| meta_of(path, &m))
    }

    fn symlink_metadata(&self, path: &Path) -> io::Result<FileMeta> {
        std::fs::symlink_metadata(path).map(|m| meta_of(path, &m))
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        Ok(std::fs::read_dir(path)?
            .filter_map(Result::ok)
            .map(|entry| DirEntry {
                kind: entry.file_type().map_or(FileKind::Other, kind_of),
                name: entry.file_name(),
            })
            .collect())
    }

    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        std::fs::canonicalize(path)
    }

    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let mut file = self.open(path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

fn refuse_special(kind: FileKind) -> io::Result<()> {
    if kind.is_special() {
        return Err(io::Error::other(kind.refusal()));
    }
    Ok(())
}

fn meta_of(_path: &Path, meta: &std::fs::Metadata) -> FileMeta {
    #[cfg(unix)]
    let id = {
        use std::os::unix::fs::MetadataExt as _;
        Some((meta.dev(), meta.ino()))
    };
    #[cfg(not(unix))]
    let id = None;
    FileMeta {
        kind: kind_of(meta.file_type()),
        len: meta.len(),
        id,
    }
}

#[cfg(unix)]
fn kind_of(ty: std::fs::FileType) -> FileKind {
    use std::os::unix::fs::FileTypeExt as _;
    if ty.is_file() {
        FileKind::File
    } else if ty.is_dir() {
        FileKind::Dir
    } else if ty.is_symlink() {
        FileKind::Symlink
    } else if ty.is_fifo() {
        FileKind::Fifo
    } else if ty.is_socket() {
        FileKind::Socket
    } else if ty.is_char_device() {
        FileKind::CharDevice
    } else if ty.is_block_device() {
        FileKind::BlockDevice
    } else {
        FileKind::Other
    }
}

#[cfg(not(unix))]
fn kind_of(ty: std::fs::FileType) -> FileKind {
    if ty.is_file() {
        FileKind::File
    } else if ty.is_dir() {
        FileKind::Dir
    } else if ty.is_symlink() {
        FileKind::Symlink
    } else {
        FileKind::Other
    }
}

/// Files held in memory, shadowing another source (or none): an editor's unsaved
/// buffers over the disk, or a playground's whole module. Cheap to clone (contents are
/// shared).
///
/// ```
/// use std::path::Path;
/// use terrace_functions::{FileSource, Overlay};
///
/// // An unsaved buffer over the disk: this file reads as the buffer, others as on disk.
/// let dir = std::env::temp_dir();
/// let files = Overlay::over_disk().with(dir.join("unsaved.tf"), "locals { a = 2 }");
/// assert_eq!(files.read_to_string(&dir.join("unsaved.tf"))?, "locals { a = 2 }");
/// assert!(files.is_dir(&dir));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// Cleaned path → contents.
    files: BTreeMap<PathBuf, Arc<[u8]>>,
    /// Every ancestor of an entry, cleaned (`""` for the directory relative paths start in).
    dirs: BTreeSet<PathBuf>,
    /// What the overlay shadows; `None` for memory only.
    base: Option<Arc<dyn FileSource>>,
}

impl Overlay {
    /// An overlay with nothing underneath: a path not in it does not exist, and
    /// `std::fs` is never called.
    pub fn in_memory() -> Overlay {
        // The directory relative paths start in exists even with nothing in it, as the
        // current directory does on a disk (an empty module loads as an empty directory).
        Overlay {
            dirs: BTreeSet::from([PathBuf::new()]),
            ..Overlay::default()
        }
    }

    /// An overlay shadowing the disk.
    pub fn over_disk() -> Overlay {
        Overlay::over(Arc::new(Disk))
    }

    /// An overlay shadowing `base`.
    pub fn over(base: Arc<dyn FileSource>) -> Overlay {
        Overlay {
            base: Some(base),
            ..Overlay::default()
        }
    }

    /// Sets the contents of the file at `path` (replacing any earlier entry).
    pub fn insert(&mut self, path: impl AsRef<Path>, contents: impl Into<Vec<u8>>) {
        let path = clean(path.as_ref());
        let mut ancestor = path.parent();
        while let Some(dir) = ancestor {
            if !self.dirs.insert(dir.to_path_buf()) {
                break;
            }
            ancestor = dir.parent();
        }
        self.files.insert(path, Arc::from(contents.into()));
    }

    /// [`Overlay::insert`], for building in one expression.
    pub fn with(mut self, path: impl AsRef<Path>, contents: impl Into<Vec<u8>>) -> Overlay {
        self.insert(path, contents);
        self
    }

    /// Removes the entry for `path` (the source underneath shows again); false when
    /// there was none. Directories stay.
    pub fn remove(&mut self, path: impl AsRef<Path>) -> bool {
        self.files.remove(&clean(path.as_ref())).is_some()
    }

    fn entry(&self, path: &Path) -> Lookup<'_> {
        let path = clean(path);
        if let Some(contents) = self.files.get(&path) {
            Lookup::File(contents)
        } else if self.dirs.contains(&path) {
            Lookup::Dir(path)
        } else {
            Lookup::Missing
        }
    }

    fn base(&self) -> io::Result<&dyn FileSource> {
        self.base.as_deref().ok_or_else(not_found)
    }
}

/// What the overlay holds at a path.
enum Lookup<'o> {
    File(&'o Arc<[u8]>),
    Dir(PathBuf),
    Missing,
}

fn not_found() -> io::Error {
    io::Error::from(io::ErrorKind::NotFound)
}

impl FileSource for Overlay {
    fn open(&self, path: &Path) -> io::Result<Box<dyn Read + Send + '_>> {
        match self.entry(path) {
            Lookup::File(contents) => Ok(Box::new(io::Cursor::new(Arc::clone(contents)))),
            Lookup::Dir(_) if self.base.is_none() => {
                Err(io::Error::from(io::ErrorKind::IsADirectory))
            }
            Lookup::Dir(_) | Lookup::Missing => self.base()?.open(path),
        }
    }

    fn metadata(&self, path: &Path) -> io::Result<FileMeta> {
        match self.entry(path) {
            Lookup::File(contents) => Ok(FileMeta {
                kind: FileKind::File,
                len: contents.len() as u64,
                id: None,
            }),
            Lookup::Dir(_) => Ok(FileMeta {
                kind: FileKind::Dir,
                len: 0,
                id: None,
            }),
            Lookup::Missing => self.base()?.metadata(path),
        }
    }

    fn symlink_metadata(&self, path: &Path) -> io::Result<FileMeta> {
        match self.entry(path) {
            Lookup::Missing => self.base()?.symlink_metadata(path),
            _ => self.metadata(path),
        }
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        let mut entries: BTreeMap<OsString, FileKind> = BTreeMap::new();
        let from_base = self.base.as_deref().map(|base| base.read_dir(path));
        let dir = match self.entry(path) {
            Lookup::File(_) => return Err(io::Error::from(io::ErrorKind::NotADirectory)),
            Lookup::Dir(dir) => dir,
            // Neither here nor underneath: the error underneath, or not found.
            Lookup::Missing => return from_base.unwrap_or_else(|| Err(not_found())),
        };
        if let Some(Ok(listed)) = from_base {
            entries.extend(listed.into_iter().map(|e| (e.name, e.kind)));
        }
        let files = (self.files.range(dir.clone()..).map(|(p, _)| p))
            .take_while(|p| p.starts_with(&dir))
            .map(|p| (p, FileKind::File));
        let dirs = (self.dirs.range(dir.clone()..))
            .take_while(|p| p.starts_with(&dir))
            .map(|p| (p, FileKind::Dir));
        for (child, kind) in files.chain(dirs) {
            if child.parent() == Some(dir.as_path())
                && let Some(name) = child.file_name()
            {
                entries.insert(name.to_os_string(), kind);
            }
        }
        Ok(entries
            .into_iter()
            .map(|(name, kind)| DirEntry { name, kind })
            .collect())
    }

    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        match (self.entry(path), &self.base) {
            (Lookup::Missing, Some(base)) => base.canonicalize(path),
            _ => Ok(clean(path)),
        }
    }
}

/// `path` cleaned lexically: `.` components dropped, `name/..` folded (a leading `..`
/// kept); `""` for the current directory.
fn clean(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else if !matches!(
                    out.components().next_back(),
                    Some(Component::RootDir | Component::Prefix(_))
                ) {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(entries: Vec<DirEntry>) -> Vec<(String, FileKind)> {
        let mut names: Vec<_> = entries
            .into_iter()
            .map(|e| (e.name.to_string_lossy().into_owned(), e.kind))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn clean_folds_dots() {
        assert_eq!(clean(Path::new("./a/./b/../c")), Path::new("a/c"));
        assert_eq!(clean(Path::new("../a")), Path::new("../a"));
        assert_eq!(clean(Path::new("/../a")), Path::new("/a"));
        assert_eq!(clean(Path::new(".")), Path::new(""));
    }

    #[test]
    fn memory_only_has_an_empty_current_directory() {
        let files = Overlay::in_memory();
        assert!(files.is_dir(Path::new(".")));
        assert!(files.read_dir(Path::new("")).unwrap().is_empty());
        assert!(!files.exists(Path::new("main.tf")));
    }

    #[test]
    fn memory_only_lists_directories() {
        let files = Overlay::in_memory()
            .with("m/main.tf", "a")
            .with("m/child/main.tf", "b")
            .with("m/child/deep/x.txt", "c")
            .with("/abs/y.tf", "d");
        assert_eq!(
            names(files.read_dir(Path::new("m")).unwrap()),
            [
                ("child".to_string(), FileKind::Dir),
                ("main.tf".to_string(), FileKind::File)
            ]
        );
        assert_eq!(
            names(files.read_dir(Path::new("./m/child/")).unwrap()),
            [
                ("deep".to_string(), FileKind::Dir),
                ("main.tf".to_string(), FileKind::File)
            ]
        );
        assert_eq!(
            names(files.read_dir(Path::new(".")).unwrap()),
            [("m".to_string(), FileKind::Dir)]
        );
        assert_eq!(
            names(files.read_dir(Path::new("/")).unwrap()),
            [("abs".to_string(), FileKind::Dir)]
        );
        assert!(files.is_dir(Path::new("m/child/deep")));
        assert!(files.is_file(Path::new("m/child/deep/x.txt")));
        assert!(!files.exists(Path::new("m/other")));
        let missing = files.read_dir(Path::new("nowhere")).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        let not_dir = files.read_dir(Path::new("m/main.tf")).unwrap_err();
        assert_eq!(not_dir.kind(), io::ErrorKind::NotADirectory);
        let is_dir = files.read(Path::new("m")).unwrap_err();
        assert_eq!(is_dir.kind(), io::ErrorKind::IsADirectory);
        assert_eq!(files.metadata(Path::new("m/main.tf")).unwrap().len, 1);
    }

    #[test]
    fn overlay_shadows_the_disk() {
        let dir = std::env::temp_dir().join(format!("terrace-overlay-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("saved.tf"), "on disk").unwrap();
        std::fs::write(dir.join("edited.tf"), "old").unwrap();
        let mut files = Overlay::over_disk()
            .with(dir.join("edited.tf"), "new")
            .with(dir.join("new.tf"), "unsaved");
        assert_eq!(
            files.read_to_string(&dir.join("saved.tf")).unwrap(),
            "on disk"
        );
        assert_eq!(files.read_to_string(&dir.join("edited.tf")).unwrap(), "new");
        assert_eq!(
            files.read_to_string(&dir.join("new.tf")).unwrap(),
            "unsaved"
        );
        assert_eq!(
            names(files.read_dir(&dir).unwrap()),
            [
                ("edited.tf".to_string(), FileKind::File),
                ("new.tf".to_string(), FileKind::File),
                ("saved.tf".to_string(), FileKind::File)
            ]
        );
        assert!(files.remove(dir.join("edited.tf")));
        assert_eq!(files.read_to_string(&dir.join("edited.tf")).unwrap(), "old");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn disk_refuses_a_pipe_before_opening() {
        let dir = std::env::temp_dir().join(format!("terrace-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let status = std::process::Command::new("mkfifo").arg(&fifo).status();
        if status.is_ok_and(|s| s.success()) {
            assert_eq!(Disk.metadata(&fifo).unwrap().kind, FileKind::Fifo);
            let error = Disk.read(&fifo).unwrap_err();
            assert_eq!(error.to_string(), "is a named pipe, not a regular file");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
