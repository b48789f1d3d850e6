//! Latency and memory of `terrace lsp`, in process over an in-memory connection (a benchmark,
//! not a test: it prints figures and asserts nothing).
//!
//! 1. Hover and completion on the AWS VPC module (`terraform-aws-modules/terraform-aws-vpc`,
//!    236 variables) from the real-world corpus: medians over many requests.
//! 2. A 10,000-line file typed into one character at a time (incremental changes): hover and
//!    completion after each edit, medians and maxima.
//! 3. Every module of the real-world corpus open at once: the resident memory.
//! 4. Inlay hints (turned on by the initialization options) on the VPC module's `main.tf` and
//!    `outputs.tf`: the whole file and a window of 60 lines, medians.
//!
//! ```text
//! cargo bench -p terrace-lsp --bench latency            # TERRACE_CORPUS=DIR for another corpus
//! ```

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

/// The real-world corpus: `TERRACE_CORPUS`, else `../shared/corpus/real-world` beside the
/// repository.
fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("TERRACE_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/real-world"),
        PathBuf::from,
    );
    dir.is_dir().then_some(dir)
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A client on an in-memory connection to a server thread.
struct Client {
    conn: Connection,
    next_id: i32,
    server: Option<std::thread::JoinHandle<i32>>,
    versions: std::collections::HashMap<PathBuf, i32>,
}

impl Client {
    fn start(roots: &[PathBuf]) -> Client {
        Client::start_with(roots, Value::Null)
    }

    /// Start with these `initializationOptions`.
    fn start_with(roots: &[PathBuf], options: Value) -> Client {
        let (server, conn) = Connection::memory();
        let server = std::thread::spawn(move || terrace_lsp::run(server));
        let mut client = Client {
            conn,
            next_id: 1,
            server: Some(server),
            versions: Default::default(),
        };
        let folders: Vec<Value> = roots
            .iter()
            .map(|r| json!({"uri": uri(r), "name": r.display().to_string()}))
            .collect();
        client.request(
            "initialize",
            json!({"processId": null, "rootUri": folders.first().map(|f| f["uri"].clone()),
                   "capabilities": {}, "workspaceFolders": folders, "initializationOptions": options}),
        );
        client.notify("initialized", json!({}));
        client
    }

    fn notify(&self, method: &str, params: Value) {
        let note = Notification::new(method.to_string(), params);
        self.conn
            .sender
            .send(Message::Notification(note))
            .expect("the server thread is running");
    }

    /// Sends a request and waits for its answer (notifications on the way are dropped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = RequestId::from(self.next_id);
        self.next_id += 1;
        let request = Request::new(id.clone(), method.to_string(), params);
        self.conn
            .sender
            .send(Message::Request(request))
            .expect("the server thread is running");
        loop {
            match self.conn.receiver.recv_timeout(Duration::from_secs(60)) {
                Ok(Message::Response(response)) if response.id == id => {
                    return response.result.unwrap_or(Value::Null);
                }
                Ok(_) => {}
                Err(_) => return Value::Null,
            }
        }
    }

    fn open(&mut self, path: &Path, text: &str) {
        self.versions.insert(path.to_path_buf(), 1);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "terraform", "version": 1, "text": text}}),
        );
    }

    fn insert(&mut self, path: &Path, line: u32, character: u32, text: &str) {
        let version = self.versions.entry(path.to_path_buf()).or_insert(1);
        *version += 1;
        let version = *version;
        let at = json!({"line": line, "character": character});
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(path), "version": version},
                   "contentChanges": [{"range": {"start": at, "end": at}, "text": text}]}),
        );
    }

    fn timed(&mut self, method: &str, path: &Path, line: u32, character: u32) -> (Duration, Value) {
        let start = Instant::now();
        let result = self.request(
            method,
            json!({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}}),
        );
        (start.elapsed(), result)
    }

    /// Waits until the server has sent nothing for `quiet`.
    fn settle(&self, quiet: Duration) {
        while self.conn.receiver.recv_timeout(quiet).is_ok() {}
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// Line and UTF-16 character of every occurrence of `needle` in `text`, just after it.
fn positions_after(text: &str, needle: &str) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut from = 0;
        while let Some(i) = line[from..].find(needle) {
            let end = from + i + needle.len();
            let character = line[..end].encode_utf16().count();
            out.push((n as u32, character as u32));
            from = end;
        }
    }
    out
}

fn vpc(corpus: &Path) {
    let root = corpus.join("terraform-aws-modules__terraform-aws-vpc");
    let main = root.join("main.tf");
    let Ok(text) = std::fs::read_to_string(&main) else {
        println!("vpc: no {}", main.display());
        return;
    };
    let mut client = Client::start(std::slice::from_ref(&root));
    client.open(&main, &text);
    let start = Instant::now();
    // The first hover waits for the first load.
    let refs = positions_after(&text, "var.");
    let (first, _) = client.timed("textDocument/hover", &main, refs[0].0, refs[0].1 + 1);
    println!(
        "vpc: {} references to var.* in main.tf; first hover (with the first load) {}",
        refs.len(),
        ms(first)
    );
    let _ = start;
    let mut hovers = Vec::new();
    let mut answered = 0;
    for &(line, character) in refs.iter().cycle().take(400) {
        let (t, result) = client.timed("textDocument/hover", &main, line, character + 1);
        answered += usize::from(!result.is_null());
        hovers.push(t);
    }
    let mut completions = Vec::new();
    let mut n_items = 0;
    for &(line, character) in refs.iter().cycle().take(200) {
        let (t, result) = client.timed("textDocument/completion", &main, line, character);
        n_items = result.as_array().map_or(0, Vec::len);
        completions.push(t);
    }
    println!(
        "vpc: hover median {} ({answered} of {} answered), max {}",
        ms(median(hovers.clone())),
        hovers.len(),
        ms(hovers.iter().max().copied().unwrap_or_default())
    );
    println!(
        "vpc: completion after `var.` median {} ({n_items} items), max {}",
        ms(median(completions.clone())),
        ms(completions.iter().max().copied().unwrap_or_default())
    );
    client.stop();
}

/// Inlay hints of `path` (`text`) between lines `first` and `last`: the time and the count.
fn inlay(client: &mut Client, path: &Path, first: u32, last: u32) -> (Duration, usize) {
    let start = Instant::now();
    let result = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri(path)},
               "range": {"start": {"line": first, "character": 0}, "end": {"line": last, "character": 0}}}),
    );
    (start.elapsed(), result.as_array().map_or(0, Vec::len))
}

fn vpc_inlay_hints(corpus: &Path) {
    let root = corpus.join("terraform-aws-modules__terraform-aws-vpc");
    let mut client = Client::start_with(std::slice::from_ref(&root), json!({"inlayHints": true}));
    for name in ["main.tf", "outputs.tf"] {
        let path = root.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("vpc inlay hints: no {}", path.display());
            continue;
        };
        client.open(&path, &text);
        let lines = text.lines().count() as u32 + 1;
        // The first request waits for the first load.
        let (first, count) = inlay(&mut client, &path, 0, lines);
        let mut whole = Vec::new();
        for _ in 0..100 {
            whole.push(inlay(&mut client, &path, 0, lines).0);
        }
        let mut window = Vec::new();
        let mut in_window = 0;
        for n in 0..200u32 {
            let top = (n * 37) % lines.saturating_sub(60).max(1);
            let (t, count) = inlay(&mut client, &path, top, top + 60);
            in_window = in_window.max(count);
            window.push(t);
        }
        println!(
            "vpc {name} ({lines} lines): inlay hints, whole file: {count} hints, median {}, max {} (first, with the load: {}); 60-line windows: median {}, max {} (up to {in_window} hints)",
            ms(median(whole.clone())),
            ms(whole.iter().max().copied().unwrap_or_default()),
            ms(first),
            ms(median(window.clone())),
            ms(window.iter().max().copied().unwrap_or_default()),
        );
    }
    client.stop();
}

fn big_file() {
    let dir = std::env::temp_dir().join(format!("terrace-lsp-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut text = String::from("locals {\n");
    for n in 0..9_998 {
        text.push_str(&format!("  s_{n:04} = \"s-{}\"\n", n * 3));
    }
    text.push_str("}\n");
    let main = dir.join("main.tf");
    if std::fs::write(&main, &text).is_err() {
        println!("big file: cannot write {}", main.display());
        return;
    }
    let mut client = Client::start(std::slice::from_ref(&dir));
    client.open(&main, &text);
    let hover_at = (1041u32, 4u32); // local.s_1040's name on its line: hover on the local
    let _ = client.timed("textDocument/hover", &main, hover_at.0, hover_at.1);
    // Typed at the end, one character at a time.
    let typing = "output \"typed\" {\n  value = local.s_0002\n}\n";
    let (mut line, mut character) = (10_000u32, 0u32);
    let mut hovers = Vec::new();
    let mut completions = Vec::new();
    for ch in typing.chars() {
        client.insert(&main, line, character, &ch.to_string());
        if ch == '\n' {
            line += 1;
            character = 0;
        } else {
            character += ch.len_utf16() as u32;
        }
        let (t, _) = client.timed("textDocument/hover", &main, 10_001, 12);
        hovers.push(t);
        let (t, _) = client.timed("textDocument/completion", &main, line, character);
        completions.push(t);
    }
    println!(
        "10,000 lines, {} one-character edits: hover median {}, max {}; completion median {}, max {}",
        typing.chars().count(),
        ms(median(hovers.clone())),
        ms(hovers.iter().max().copied().unwrap_or_default()),
        ms(median(completions.clone())),
        ms(completions.iter().max().copied().unwrap_or_default())
    );
    client.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `VmRSS` and `VmHWM` of this process, in MB.
fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn whole_corpus(corpus: &Path) {
    let (before, _) = memory();
    let Ok(entries) = std::fs::read_dir(corpus) else {
        return;
    };
    let mut roots: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    roots.sort();
    let mut files = Vec::new();
    let mut stack = roots.clone();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "tf") {
                files.push(path);
            }
        }
    }
    let mut client = Client::start(&roots);
    let start = Instant::now();
    let mut bytes = 0;
    for path in &files {
        if let Ok(text) = std::fs::read_to_string(path) {
            bytes += text.len();
            client.open(path, &text);
        }
    }
    // One hover per file: each waits for its configuration's load.
    for path in &files {
        let _ = client.timed("textDocument/hover", path, 0, 0);
    }
    client.settle(Duration::from_secs(2));
    let (rss, peak) = memory();
    println!(
        "corpus: {} modules, {} files ({:.1} MB) open, loaded in {:.1} s: resident {:.0} MB (peak {:.0} MB; {:.0} MB before)",
        roots.len(),
        files.len(),
        bytes as f64 / 1e6,
        start.elapsed().as_secs_f64(),
        rss,
        peak,
        before
    );
    client.stop();
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument picks the parts to run.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let run = |name: &str| only.is_empty() || only.iter().any(|o| name.contains(o.as_str()));
    let Some(corpus) = corpus() else {
        println!("no corpus (set TERRACE_CORPUS): only the big file");
        big_file();
        return;
    };
    if run("vpc") {
        vpc(&corpus);
    }
    if run("inlay") {
        vpc_inlay_hints(&corpus);
    }
    if run("big") {
        big_file();
    }
    if run("corpus") {
        whole_corpus(&corpus);
    }
}
