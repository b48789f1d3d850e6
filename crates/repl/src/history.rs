//! The history file: one escaped entry a line, appended whole, never fatal.
//!
//! The default place is `$XDG_STATE_HOME/terrace/history`, or
//! `~/.local/state/terrace/history`. Each entry is written with a single
//! `write` to a file opened for appending, so two consoles at once interleave
//! whole entries, and a write cut short (kill -9) leaves at most one partial
//! last line, which the next load ignores and the next append closes off.
//! A file grown too long is rewritten through a temporary file and a rename.
//! Appends and that rewrite hold an exclusive lock on `history.lock` beside the
//! file (released by the system if the process dies), and an append opens the
//! file only once it holds the lock, so it never writes into a file a rewrite
//! has just replaced. Multi-line entries are stored on one line with `\n` and
//! `\\` escapes. Entries starting with a space are not recorded.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How many entries are loaded (the most recent ones).
pub const MAX_ENTRIES: usize = 1000;

/// What closes off a partial last line: two bad escapes, so [`decode`] drops it.
const PARTIAL_LINE_END: &str = "\\!\\!\n";

/// When the file has this many lines, it is rewritten with the last [`MAX_ENTRIES`].
const COMPACT_AT: usize = 10 * MAX_ENTRIES;

/// The history file of a console.
#[derive(Clone, Debug)]
pub struct History {
    path: Option<PathBuf>,
}

impl History {
    /// A history kept in `path`; `None` keeps none.
    pub fn new(path: Option<PathBuf>) -> History {
        History { path }
    }

    /// The default file: `$XDG_STATE_HOME/terrace/history` or `~/.local/state/terrace/history`.
    pub fn default_path() -> Option<PathBuf> {
        let state = std::env::var_os("XDG_STATE_HOME")
            .filter(|dir| !dir.is_empty() && Path::new(dir).is_absolute())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME")
                    .filter(|home| !home.is_empty())
                    .map(|home| Path::new(&home).join(".local").join("state"))
            })?;
        Some(state.join("terrace").join("history"))
    }

    /// The file, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The most recent entries, oldest first; empty when the file is missing or unreadable.
    pub fn load(&self) -> Vec<String> {
        let Some(path) = &self.path else {
            return Vec::new();
        };
        let Ok(bytes) = fs::read(path) else {
            return Vec::new();
        };
        let text = String::from_utf8_lossy(&bytes);
        let mut entries: Vec<String> = Vec::new();
        let mut lines = text.split('\n').peekable();
        while let Some(line) = lines.next() {
            // The last piece has no newline after it: empty, or a write cut short.
            if lines.peek().is_none() {
                break;
            }
            if let Some(entry) = decode(line) {
                entries.push(entry);
            }
        }
        if entries.len() > MAX_ENTRIES {
            entries.drain(..entries.len() - MAX_ENTRIES);
        }
        entries
    }

    /// Append one entry. Errors are returned for the caller to ignore; entries
    /// that are blank or start with a space are skipped.
    pub fn append(&self, entry: &str) -> std::io::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if entry.trim().is_empty() || entry.starts_with(' ') {
            return Ok(());
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        let lock = lock(path);
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)?;
        let mut record = String::with_capacity(entry.len() + 6);
        if !ends_with_newline(&mut file)? {
            // Close off a line left partial by an interrupted write, with an escape
            // that makes it no entry (after an odd `\` the first `\!` is a `\\`
            // and the second is bad), so the fragment is never recalled.
            record.push_str(PARTIAL_LINE_END);
        }
        record.push_str(&encode(entry));
        record.push('\n');
        file.write_all(record.as_bytes())?;
        drop(file);
        self.compact_if_large(path);
        drop(lock);
        Ok(())
    }

    /// Rewrite a file that has grown past [`COMPACT_AT`] lines with its last
    /// entries, through a temporary file and a rename, so readers never see half a file.
    /// The caller holds the lock, so no append lands in the file being replaced.
    fn compact_if_large(&self, path: &Path) {
        let Ok(metadata) = fs::metadata(path) else {
            return;
        };
        // Cheap test first: entries are rarely shorter than 4 bytes.
        if metadata.len() < (COMPACT_AT * 4) as u64 {
            return;
        }
        let Ok(bytes) = fs::read(path) else {
            return;
        };
        if bytes.iter().filter(|&&b| b == b'\n').count() < COMPACT_AT {
            return;
        }
        let entries = self.load();
        let mut text = String::new();
        for entry in &entries {
            text.push_str(&encode(entry));
            text.push('\n');
        }
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let written = File::create(&tmp).and_then(|mut file| {
            file.write_all(text.as_bytes())
                .and_then(|()| file.sync_all())
        });
        if written.is_err() || fs::rename(&tmp, path).is_err() {
            let _ = fs::remove_file(&tmp);
        }
    }
}

/// Takes the exclusive lock on `history.lock` beside `path`, waiting for another
/// console to finish its write; `None` (write unlocked) where locks are unavailable,
/// since history is never fatal. The lock ends when the file is dropped.
fn lock(path: &Path) -> Option<File> {
    let lock_path = path.with_file_name(match path.file_name() {
        Some(name) => format!("{}.lock", name.to_string_lossy()),
        None => "history.lock".to_string(),
    });
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path)
        .ok()?;
    file.lock().ok()?;
    Some(file)
}

fn ends_with_newline(file: &mut File) -> std::io::Result<bool> {
    let len = file.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok(true);
    }
    file.seek(SeekFrom::Start(len - 1))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
}

/// An entry on one line: `\` → `\\`, newline → `\n`, carriage return → `\r`.
fn encode(entry: &str) -> String {
    let mut out = String::with_capacity(entry.len());
    for c in entry.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// The entry a line holds; `None` for an empty line or a bad escape.
fn decode(line: &str) -> Option<String> {
    if line.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '\\' => out.push('\\'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_path(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("terrace-history-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir.join("sub").join("history")
    }

    #[test]
    fn round_trips_multi_line_entries() {
        let path = temp_path("roundtrip");
        let history = History::new(Some(path.clone()));
        history.append("1 + 1").unwrap();
        history.append("[for x in [1] :\n  x * 2]").unwrap();
        history.append("\"a\\\\b\"").unwrap();
        history.append(" secret").unwrap();
        history.append("   ").unwrap();
        assert_eq!(
            history.load(),
            ["1 + 1", "[for x in [1] :\n  x * 2]", "\"a\\\\b\""]
        );
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn partial_last_line_is_ignored_and_closed_off() {
        let path = temp_path("partial");
        let history = History::new(Some(path.clone()));
        history.append("one").unwrap();
        // A write cut short: no newline at the end.
        OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"tw")
            .unwrap();
        assert_eq!(history.load(), ["one"]);
        history.append("three").unwrap();
        assert_eq!(history.load(), ["one", "three"]);
        // Also when the fragment ends in the middle of an escape.
        OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"four \\")
            .unwrap();
        history.append("five").unwrap();
        assert_eq!(history.load(), ["one", "three", "five"]);
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn missing_file_and_no_path_are_empty() {
        assert!(History::new(None).load().is_empty());
        assert!(History::new(None).append("x").is_ok());
        let path = temp_path("missing");
        assert!(History::new(Some(path)).load().is_empty());
    }

    #[test]
    fn two_writers_at_once_keep_whole_entries() {
        let path = temp_path("concurrent");
        let writers: Vec<_> = (0..2)
            .map(|writer| {
                let history = History::new(Some(path.clone()));
                std::thread::spawn(move || {
                    for idx in 0..200 {
                        history
                            .append(&format!("[{writer}, {idx},\n  \"{}\"]", "x".repeat(idx)))
                            .unwrap();
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let entries = History::new(Some(path.clone())).load();
        assert_eq!(entries.len(), 400);
        for entry in &entries {
            let (head, tail) = entry.split_once(",\n  \"").unwrap();
            let idx: usize = head.rsplit(' ').next().unwrap().parse().unwrap();
            assert_eq!(tail, format!("{}\"]", "x".repeat(idx)));
        }
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    /// Each writer's entries in `entries` (tagged `"{tag} {idx}"`) must be a
    /// contiguous run of indexes ending at `last`: nothing lost in between. A
    /// writer with no entry at all is fine when it finished early (on a loaded
    /// machine one thread may run alone) and the others' later entries filled
    /// the last [`MAX_ENTRIES`].
    fn assert_contiguous(entries: &[String], tag: &str, last: usize) {
        let idxs: Vec<usize> = entries
            .iter()
            .filter_map(|entry| entry.strip_prefix(tag)?.strip_prefix(' '))
            .map(|rest| rest.split('\n').next().unwrap().parse().unwrap())
            .collect();
        let Some(&first) = idxs.first() else {
            return;
        };
        assert_eq!(idxs, (first..=last).collect::<Vec<_>>(), "{tag}");
    }

    #[test]
    fn compaction_while_another_console_appends_loses_nothing_recent() {
        let path = temp_path("compaction");
        let per_writer = COMPACT_AT * 6 / 10;
        let writers: Vec<_> = ["a", "b"]
            .into_iter()
            .map(|tag| {
                let history = History::new(Some(path.clone()));
                std::thread::spawn(move || {
                    for idx in 0..per_writer {
                        history.append(&format!("{tag} {idx}")).unwrap();
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let entries = History::new(Some(path.clone())).load();
        assert_eq!(entries.len(), MAX_ENTRIES);
        assert_contiguous(&entries, "a", per_writer - 1);
        assert_contiguous(&entries, "b", per_writer - 1);
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    /// Not a test of its own: the writer process `kill_9_mid_write_keeps_earlier_history`
    /// starts and kills (it does nothing unless that test set the environment).
    #[test]
    fn child_writer_process() {
        let (Some(path), Ok(tag)) = (
            std::env::var_os("TERRACE_HISTORY_CHILD_PATH"),
            std::env::var("TERRACE_HISTORY_CHILD_TAG"),
        ) else {
            return;
        };
        let history = History::new(Some(PathBuf::from(path)));
        for idx in 0..400 {
            let entry = format!("{tag} {idx}\n{}", "y\\".repeat(idx * 7));
            history.append(&entry).unwrap();
        }
    }

    #[test]
    fn kill_9_mid_write_keeps_earlier_history() {
        let path = temp_path("kill9");
        let history = History::new(Some(path.clone()));
        let earlier: Vec<String> = (0..50).map(|idx| format!("earlier {idx}")).collect();
        for entry in &earlier {
            history.append(entry).unwrap();
        }
        let exe = std::env::current_exe().unwrap();
        let mut tags = Vec::new();
        for round in 0..6u64 {
            let before = fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            // Two consoles at once, both killed at some point of their writing.
            let children: Vec<_> = (0..2)
                .map(|child| {
                    let tag = format!("r{round}c{child}");
                    tags.push(tag.clone());
                    std::process::Command::new(&exe)
                        .args(["--exact", "history::tests::child_writer_process"])
                        .env("TERRACE_HISTORY_CHILD_PATH", &path)
                        .env("TERRACE_HISTORY_CHILD_TAG", &tag)
                        .stdout(std::process::Stdio::null())
                        .stderr(std::process::Stdio::null())
                        .spawn()
                        .unwrap()
                })
                .collect();
            // Kill them once they have started writing (a loaded machine may take a
            // while to start them), a little later each round.
            let started = std::time::Instant::now();
            while fs::metadata(&path).map(|m| m.len()).unwrap_or(0) == before
                && started.elapsed() < std::time::Duration::from_secs(20)
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            std::thread::sleep(std::time::Duration::from_millis(round * 5));
            for mut child in children {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        history.append("after").unwrap();
        let entries = history.load();
        assert_eq!(&entries[..earlier.len()], &earlier[..]);
        assert_eq!(entries.last().unwrap(), "after");
        assert!(
            entries.len() > earlier.len() + 1,
            "the writers wrote nothing"
        );
        for entry in &entries[earlier.len()..entries.len() - 1] {
            let (head, tail) = entry.split_once('\n').unwrap();
            let idx: usize = head.rsplit(' ').next().unwrap().parse().unwrap();
            assert!(
                tags.iter().any(|tag| head == format!("{tag} {idx}")),
                "{entry:?}"
            );
            assert_eq!(tail, "y\\".repeat(idx * 7), "a cut entry was kept");
        }
        for tag in &tags {
            let idxs: Vec<usize> = entries
                .iter()
                .filter_map(|entry| entry.strip_prefix(tag.as_str())?.strip_prefix(' '))
                .map(|rest| rest.split('\n').next().unwrap().parse().unwrap())
                .collect();
            assert_eq!(idxs, (0..idxs.len()).collect::<Vec<_>>(), "{tag}");
        }
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn bad_escapes_are_dropped() {
        assert_eq!(decode("a\\qb"), None);
        assert_eq!(decode("a\\"), None);
        assert_eq!(decode(&encode("x\\n\ny")), Some("x\\n\ny".to_string()));
    }
}
