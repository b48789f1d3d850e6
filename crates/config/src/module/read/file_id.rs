//! `FileId`: which loaded file a span points into, the index every later phase carries.

/// Which file of a [`SourceFiles`](super::files::SourceFiles) table something is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub usize);
