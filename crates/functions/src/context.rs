//! `CallContext`: what a function may know of the world (base directory, files, clock, limits).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::file_source::{Disk, FileSource};

/// The environment a function call runs in. Nondeterministic inputs (time, the home
/// directory) are injected here so tests can fix them.
#[derive(Clone, Debug)]
pub struct CallContext {
    /// The directory relative paths are resolved against (the module directory, `path.module`).
    pub base_dir: PathBuf,
    /// Where `file`, `templatefile`, `fileset`, `fileexists`, `filemd5` and the other
    /// file functions read: the disk by default, or an [`Overlay`](super::Overlay).
    pub files: Arc<dyn FileSource>,
    /// The home directory for `pathexpand`, if known.
    pub home_dir: Option<PathBuf>,
    /// A fixed "now" for `timestamp`, as an RFC 3339 string; `None` reads the clock.
    pub fixed_now: Option<String>,
    /// Set to stop a long call (`fileset`'s directory walk) soon; the evaluator shares its
    /// own interrupt flag here.
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Default for CallContext {
    fn default() -> CallContext {
        CallContext {
            base_dir: PathBuf::from("."),
            files: Arc::new(Disk),
            home_dir: std::env::var_os("HOME").map(PathBuf::from),
            fixed_now: None,
            interrupt: None,
        }
    }
}
