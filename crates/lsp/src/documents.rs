//! The open documents: the editor's text of each, kept in step with incremental changes.
//!
//! The text is one `String` with a [`LineIndex`]; an edit is a splice and a new index, which
//! on a 10,000-line file takes well under a millisecond. The open texts, as an
//! [`Overlay`], shadow the files on disk when the configuration is loaded.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_types::TextDocumentContentChangeEvent;
use terrace_functions::{FileSource, Overlay};

use crate::position::LineIndex;

/// One open document.
#[derive(Clone, Debug)]
pub struct Document {
    /// The editor's text.
    pub text: Arc<str>,
    /// The version the editor last gave.
    pub version: i32,
    /// Where its lines start.
    pub index: Arc<LineIndex>,
}

impl Document {
    /// A document opened with `text`.
    pub fn new(text: String, version: i32) -> Document {
        let index = Arc::new(LineIndex::new(&text));
        Document {
            text: Arc::from(text),
            version,
            index,
        }
    }

    /// Apply the editor's changes, in order (a change without a range replaces the text).
    ///
    /// ```
    /// use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
    /// use terrace_lsp::documents::Document;
    ///
    /// let mut doc = Document::new("a = 1\n".to_string(), 1);
    /// doc.apply(&[TextDocumentContentChangeEvent {
    ///     range: Some(Range::new(Position::new(0, 4), Position::new(0, 5))),
    ///     range_length: None,
    ///     text: "22".to_string(),
    /// }], 2);
    /// assert_eq!(&*doc.text, "a = 22\n");
    /// ```
    pub fn apply(&mut self, changes: &[TextDocumentContentChangeEvent], version: i32) {
        let mut text = String::from(&*self.text);
        let mut index = LineIndex::clone(&self.index);
        for change in changes {
            match change.range {
                Some(range) => {
                    let start = index.offset(&text, range.start);
                    let end = index.offset(&text, range.end).max(start);
                    text.replace_range(start..end, &change.text);
                }
                None => text = change.text.clone(),
            }
            index = LineIndex::new(&text);
        }
        self.text = Arc::from(text);
        self.index = Arc::new(index);
        self.version = version;
    }
}

/// The open documents by path.
#[derive(Clone, Debug, Default)]
pub struct DocumentStore {
    docs: BTreeMap<PathBuf, Document>,
}

impl DocumentStore {
    /// Open (or reopen) `path` with `text`.
    pub fn open(&mut self, path: PathBuf, text: String, version: i32) {
        self.docs.insert(path, Document::new(text, version));
    }

    /// Apply changes to an open document; false when it is not open.
    pub fn change(
        &mut self,
        path: &Path,
        changes: &[TextDocumentContentChangeEvent],
        version: i32,
    ) -> bool {
        match self.docs.get_mut(path) {
            Some(doc) => {
                doc.apply(changes, version);
                true
            }
            None => false,
        }
    }

    /// Close a document: the disk's text counts again.
    pub fn close(&mut self, path: &Path) {
        self.docs.remove(path);
    }

    /// The open document at `path`.
    pub fn get(&self, path: &Path) -> Option<&Document> {
        self.docs.get(path)
    }

    /// The paths of the open documents.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.docs.keys().map(PathBuf::as_path)
    }

    /// The files a load reads: the open texts over the disk (the configuration layer's
    /// [`Overlay`]), so unsaved buffers shadow the files and an unsaved new file is found.
    pub fn overlay(&self) -> Arc<dyn FileSource> {
        let mut overlay = Overlay::over_disk();
        for (path, doc) in &self.docs {
            overlay.insert_shared(path, Arc::from(doc.text.clone()));
        }
        Arc::new(overlay)
    }
}

#[cfg(test)]
mod tests {
    use lsp_types::{Position, Range};

    use super::*;

    fn edit(l1: u32, c1: u32, l2: u32, c2: u32, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l1, c1), Position::new(l2, c2))),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn edits_apply_in_order_with_utf16_positions() {
        let mut doc = Document::new("x = \"😀\"\ny = 2\n".to_string(), 1);
        // After `x = "` (5 units), the emoji (2 units) and the closing quote: character 8.
        doc.apply(&[edit(0, 8, 0, 8, "!"), edit(1, 0, 2, 0, "")], 2);
        assert_eq!(&*doc.text, "x = \"😀\"!\n");
        assert_eq!(doc.version, 2);
        assert_eq!(doc.index.line_count(), 2);
    }

    #[test]
    fn a_whole_text_change_replaces() {
        let mut doc = Document::new("a".to_string(), 1);
        let whole = TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: "b\nc".to_string(),
        };
        doc.apply(&[whole], 3);
        assert_eq!(&*doc.text, "b\nc");
        assert_eq!(doc.index.line_count(), 2);
    }

    #[test]
    fn typing_at_the_end_of_a_big_file() {
        let mut text = String::new();
        for n in 0..10_000 {
            text.push_str(&format!("  s_{n:04} = \"v\"\n"));
        }
        let mut doc = Document::new(text, 1);
        for (n, ch) in "output \"x\" {}\n".chars().enumerate() {
            let at = n as u32;
            doc.apply(
                &[edit(10_000, at, 10_000, at, &ch.to_string())],
                2 + n as i32,
            );
        }
        assert!(doc.text.ends_with("output \"x\" {}\n"));
        assert_eq!(doc.index.line_count(), 10_002);
    }

    #[test]
    fn the_overlay_has_the_open_texts() {
        let mut store = DocumentStore::default();
        store.open(PathBuf::from("/w/a.tf"), "a = 1".to_string(), 1);
        assert!(store.change(Path::new("/w/a.tf"), &[edit(0, 4, 0, 5, "2")], 2));
        assert!(!store.change(Path::new("/w/b.tf"), &[], 2));
        let overlay = store.overlay();
        assert_eq!(
            overlay.read_to_string(Path::new("/w/a.tf")).ok().as_deref(),
            Some("a = 2")
        );
        store.close(Path::new("/w/a.tf"));
        assert!(store.overlay().read(Path::new("/w/a.tf")).is_err());
    }
}
