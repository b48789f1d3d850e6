//! `CallContext`: what a function may know of the world (base directory, clock, limits).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The environment a function call runs in. Nondeterministic inputs (time, the home
/// directory) are injected here so tests can fix them.
#[derive(Clone, Debug)]
pub struct CallContext {
    /// The directory relative paths are resolved against (the module directory, `path.module`).
    pub base_dir: PathBuf,
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
            home_dir: std::env::var_os("HOME").map(PathBuf::from),
            fixed_now: None,
            interrupt: None,
        }
    }
}
