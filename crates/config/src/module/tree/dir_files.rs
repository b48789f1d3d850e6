//! `DirFiles`: the primary and override files of one module directory, as discovery finds them, and how deep module calls may nest.

use crate::module::read::file_id::FileId;

/// How deep local module calls may nest (a module calling itself stops here).
pub(crate) const MAX_MODULE_DEPTH: usize = 16;

/// The files of one module directory.
#[derive(Debug, Default)]
pub(crate) struct DirFiles {
    pub(crate) primary: Vec<FileId>,
    pub(crate) overrides: Vec<FileId>,
}
