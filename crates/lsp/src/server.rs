//! The server: the protocol loop on the main thread, configuration loading on a loader
//! thread, requests answered by a small pool of workers.
//!
//! The main thread only reads messages, keeps the open documents and hands work on, so a
//! long evaluation never blocks the protocol. Each change of the documents makes a new
//! generation; the loader loads the affected root configurations from the editor's texts
//! (debounced while typing) and publishes their diagnostics. Requests use the newest load
//! that had no configuration errors (so a syntax error mid-edit leaves hover working), and
//! read the reference under the cursor from the document's current text. A request is
//! cancelled by `$/cancelRequest`; an evaluation that runs past its deadline is
//! interrupted and the hover says "still evaluating".

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, unbounded};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, DefinitionOptions,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DidSaveTextDocumentParams, DocumentFormattingParams, DocumentSymbolParams,
    DocumentSymbolResponse, FoldingRangeParams, GotoDefinitionParams, GotoDefinitionResponse,
    Hover, HoverContents, HoverParams, HoverProviderCapability, InitializeParams, Location,
    MarkupContent, MarkupKind, OneOf, PositionEncodingKind, PublishDiagnosticsParams, SaveOptions,
    ServerCapabilities, ServerInfo, SymbolInformation, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
    WorkspaceSymbolParams,
};

use crate::analysis::{Analysis, clean};
use crate::cursor::{Target, target_at, typed_before};
use crate::documents::{Document, DocumentStore};
use crate::named::{self, Named, named_at};
use crate::position::LineIndex;
use crate::settings::Settings;
use crate::uri::{path_of, uri_of};
use crate::{completion, definition, diagnostics, hover, inlay, symbols};

/// How long the loader waits for typing to pause before loading.
const DEBOUNCE: Duration = Duration::from_millis(150);
/// How long a request waits for a first load of its configuration.
const FIRST_LOAD_WAIT: Duration = Duration::from_secs(10);
/// How long one evaluation may run before it is interrupted.
const EVAL_DEADLINE: Duration = Duration::from_secs(3);
/// How often a request waiting for a load looks at its cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(20);
/// Request workers.
const WORKERS: usize = 2;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Serve LSP over stdin and stdout until `exit` (or the client's death).
///
/// Returns the process's exit status: 0 after `shutdown` and `exit`, 1 otherwise.
pub fn run_stdio() -> i32 {
    let (connection, _io_threads) = Connection::stdio();
    // The I/O threads are not joined: the workers hold senders until the process ends.
    run(connection)
}

/// Serve LSP on `connection` (stdio, or [`Connection::memory`] in a benchmark) until `exit`
/// or until the client's side of it is dropped; the exit status as [`run_stdio`]'s.
///
/// ```
/// use lsp_server::{Connection, Message, Notification, Request};
///
/// let (server, client) = Connection::memory();
/// let thread = std::thread::spawn(move || terrace_lsp::run(server));
/// let init = serde_json::json!({"processId": null, "capabilities": {}});
/// client.sender.send(Message::Request(Request::new(1.into(), "initialize".into(), init))).unwrap();
/// let _capabilities = client.receiver.recv().unwrap();
/// client.sender.send(Message::Notification(Notification::new("initialized".into(), serde_json::json!({})))).unwrap();
/// client.sender.send(Message::Request(Request::new(2.into(), "shutdown".into(), serde_json::Value::Null))).unwrap();
/// client.sender.send(Message::Notification(Notification::new("exit".into(), serde_json::Value::Null))).unwrap();
/// assert_eq!(thread.join().unwrap(), 0);
/// ```
pub fn run(connection: Connection) -> i32 {
    match serve(connection) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(_) => 1,
    }
}

/// The capabilities this server announces.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                will_save: None,
                will_save_wait_until: None,
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Right(DefinitionOptions {
            work_done_progress_options: Default::default(),
        })),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".to_string()]),
            ..CompletionOptions::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(lsp_types::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// Everything the threads share.
struct Shared {
    sender: Sender<Message>,
    /// The workspace folders: the root module directories.
    roots: Vec<PathBuf>,
    analyses: Mutex<HashMap<PathBuf, Slot>>,
    loaded: Condvar,
    /// Requests in flight: their flags.
    in_flight: Mutex<HashMap<RequestId, Flags>>,
    /// Deadlines of running evaluations.
    deadlines: Mutex<Vec<(Instant, Arc<AtomicBool>)>>,
    /// The client's settings (inlay hints on or off).
    settings: Settings,
}

/// A root's loads: the newest, and the newest without configuration errors.
struct Slot {
    latest: Arc<Analysis>,
    good: Option<Arc<Analysis>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A worker that panicked left the data as it was; go on with it.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Work for the loader.
struct LoadJob {
    generation: u64,
    /// The open documents (shared with the protocol loop, copied on its next change): the
    /// overlay of the batch of jobs is built once, from the last job's.
    docs: Arc<DocumentStore>,
    /// The document that changed (`None`: load every root).
    changed: Option<PathBuf>,
    /// Wait for typing to pause first.
    debounce: bool,
}

/// A request's flags: `cancelled` is set by `$/cancelRequest` only (the answer is then the
/// RequestCancelled error); `interrupt` by it and by the watchdog past the deadline (an
/// evaluation stops, the hover says "still evaluating").
#[derive(Clone, Default)]
struct Flags {
    cancelled: Arc<AtomicBool>,
    interrupt: Arc<AtomicBool>,
}

/// Work for a request worker.
struct Job {
    request: Request,
    docs: Arc<DocumentStore>,
    flags: Flags,
}

fn serve(connection: Connection) -> Result<bool, Error> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let settings = Settings::from_initialize(&params);
    let mut capabilities = capabilities();
    if settings.advertised() {
        capabilities.inlay_hint_provider = Some(OneOf::Left(true));
    }
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": ServerInfo { name: "terrace".to_string(), version: Some(env!("CARGO_PKG_VERSION").to_string()) },
    });
    connection.initialize_finish(id, result)?;
    settings.initialized(&connection.sender);

    let roots = workspace_roots(&params);
    if let Some(pid) = params.process_id {
        watch_client(pid);
    }
    let shared = Arc::new(Shared {
        sender: connection.sender.clone(),
        roots,
        analyses: Mutex::new(HashMap::new()),
        loaded: Condvar::new(),
        in_flight: Mutex::new(HashMap::new()),
        deadlines: Mutex::new(Vec::new()),
        settings,
    });
    let (load_tx, load_rx) = unbounded::<LoadJob>();
    {
        let shared = shared.clone();
        std::thread::Builder::new()
            .name("terrace-lsp-loader".into())
            .spawn(move || loader(&shared, &load_rx))?;
    }
    let (job_tx, job_rx) = unbounded::<Job>();
    for n in 0..WORKERS {
        let shared = shared.clone();
        let job_rx = job_rx.clone();
        std::thread::Builder::new()
            .name(format!("terrace-lsp-worker-{n}"))
            .spawn(move || {
                for job in job_rx {
                    answer(&shared, job);
                }
            })?;
    }
    {
        let shared = shared.clone();
        std::thread::Builder::new()
            .name("terrace-lsp-watchdog".into())
            .spawn(move || watchdog(&shared))?;
    }

    let mut docs = Arc::new(DocumentStore::default());
    let mut generation = 0u64;
    let _ = load_tx.send(LoadJob {
        generation,
        docs: docs.clone(),
        changed: None,
        debounce: false,
    });
    // After `shutdown`, only `exit` is awaited (a late response from the client, such as the
    // answer to a `workspace/configuration` request, may still come in between).
    let mut shut_down = false;
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if shut_down || request.method == lsp_types::request::Shutdown::METHOD {
                    let response = if shut_down {
                        Response::new_err(
                            request.id,
                            ErrorCode::InvalidRequest as i32,
                            "the server is shutting down".into(),
                        )
                    } else {
                        Response::new_ok(request.id, ())
                    };
                    shut_down = true;
                    let _ = connection.sender.send(Message::Response(response));
                    continue;
                }
                let flags = Flags::default();
                lock(&shared.in_flight).insert(request.id.clone(), flags.clone());
                let _ = job_tx.send(Job {
                    request,
                    docs: docs.clone(),
                    flags,
                });
            }
            Message::Notification(note) => {
                let changed = match note.method.as_str() {
                    lsp_types::notification::Exit::METHOD => return Ok(shut_down),
                    lsp_types::notification::Cancel::METHOD => {
                        if let Ok(params) =
                            serde_json::from_value::<lsp_types::CancelParams>(note.params)
                        {
                            let id = match params.id {
                                lsp_types::NumberOrString::Number(n) => RequestId::from(n),
                                lsp_types::NumberOrString::String(s) => RequestId::from(s),
                            };
                            if let Some(flags) = lock(&shared.in_flight).get(&id) {
                                flags.cancelled.store(true, Ordering::Relaxed);
                                flags.interrupt.store(true, Ordering::Relaxed);
                            }
                        }
                        None
                    }
                    lsp_types::notification::DidChangeConfiguration::METHOD => {
                        shared.settings.changed(&note.params, &shared.sender);
                        None
                    }
                    _ => document_notification(
                        <Arc<DocumentStore> as MakeMutStore>::make_mut_store(&mut docs),
                        note,
                    ),
                };
                if let Some((path, debounce)) = changed {
                    generation += 1;
                    let _ = load_tx.send(LoadJob {
                        generation,
                        docs: docs.clone(),
                        changed: Some(path),
                        debounce,
                    });
                }
            }
            Message::Response(response) => {
                shared.settings.response(&response, &shared.sender);
            }
        }
    }
    // The client went away without `exit`.
    Ok(false)
}

/// Copy-on-write access to the document store shared with workers.
trait MakeMutStore {
    fn make_mut_store(this: &mut Arc<DocumentStore>) -> &mut DocumentStore;
}

impl MakeMutStore for Arc<DocumentStore> {
    fn make_mut_store(this: &mut Arc<DocumentStore>) -> &mut DocumentStore {
        if Arc::get_mut(this).is_none() {
            *this = Arc::new(DocumentStore::clone(this));
        }
        // Just made unique above.
        Arc::get_mut(this).unwrap_or_else(|| unreachable!("a unique Arc"))
    }
}

/// Apply a document notification; the changed path and whether to debounce its load.
fn document_notification(docs: &mut DocumentStore, note: Notification) -> Option<(PathBuf, bool)> {
    use lsp_types::notification::{
        DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    };
    match note.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let params: DidOpenTextDocumentParams = serde_json::from_value(note.params).ok()?;
            let path = path_of(&params.text_document.uri)?;
            docs.open(
                path.clone(),
                params.text_document.text,
                params.text_document.version,
            );
            Some((path, false))
        }
        DidChangeTextDocument::METHOD => {
            let params: DidChangeTextDocumentParams = serde_json::from_value(note.params).ok()?;
            let path = path_of(&params.text_document.uri)?;
            docs.change(&path, &params.content_changes, params.text_document.version)
                .then_some((path, true))
        }
        DidSaveTextDocument::METHOD => {
            let params: DidSaveTextDocumentParams = serde_json::from_value(note.params).ok()?;
            Some((path_of(&params.text_document.uri)?, false))
        }
        DidCloseTextDocument::METHOD => {
            let params: DidCloseTextDocumentParams = serde_json::from_value(note.params).ok()?;
            let path = path_of(&params.text_document.uri)?;
            docs.close(&path);
            Some((path, false))
        }
        _ => None,
    }
}

/// The workspace folders (else the root URI) as directories.
#[allow(deprecated)] // `root_uri` and `root_path` are what older clients send.
fn workspace_roots(params: &InitializeParams) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|folder| path_of(&folder.uri))
        .collect();
    if roots.is_empty() {
        roots.extend(params.root_uri.as_ref().and_then(path_of));
    }
    if roots.is_empty() {
        roots.extend(params.root_path.as_ref().map(PathBuf::from));
    }
    roots.iter().map(|root| clean(root)).collect()
}

/// End the process when the client's process is gone (Linux: its `/proc` entry).
fn watch_client(pid: u32) {
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    if !Path::new("/proc/self").exists() {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("terrace-lsp-client-watch".into())
        .spawn(move || {
            loop {
                std::thread::sleep(Duration::from_secs(2));
                if !proc_dir.exists() {
                    std::process::exit(1);
                }
            }
        });
}

/// Interrupt evaluations past their deadline.
fn watchdog(shared: &Shared) {
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let now = Instant::now();
        let mut deadlines = lock(&shared.deadlines);
        deadlines.retain(|(at, flag)| {
            if *at <= now {
                flag.store(true, Ordering::Relaxed);
                false
            } else {
                Arc::strong_count(flag) > 1
            }
        });
    }
}

// ------------------------------------------------------------------------------- loading

/// The root configuration directory a document of `dir` belongs to.
fn root_for(shared: &Shared, dir: &Path) -> PathBuf {
    let dir = clean(dir);
    let analyses = lock(&shared.analyses);
    let mut roots: Vec<&PathBuf> = shared
        .roots
        .iter()
        .filter(|root| dir.starts_with(root))
        .collect();
    roots.sort_by_key(|root| std::cmp::Reverse(root.components().count()));
    for root in roots {
        match analyses.get(root) {
            Some(slot)
                if slot.latest.covers(&dir)
                    || slot.good.as_ref().is_some_and(|good| good.covers(&dir)) =>
            {
                return root.clone();
            }
            _ => {}
        }
    }
    dir
}

fn loader(shared: &Shared, jobs: &Receiver<LoadJob>) {
    // Diagnostics published per root: the files that have some.
    let mut published: HashMap<PathBuf, HashSet<PathBuf>> = HashMap::new();
    let mut pending: Vec<LoadJob> = Vec::new();
    loop {
        if pending.is_empty() {
            match jobs.recv() {
                Ok(job) => pending.push(job),
                Err(_) => return,
            }
        }
        // Gather what came meanwhile; while typing, wait for a pause.
        loop {
            let wait = if pending.iter().any(|job| job.debounce) {
                DEBOUNCE
            } else {
                Duration::ZERO
            };
            match jobs.recv_timeout(wait) {
                Ok(job) => pending.push(job),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        let Some(last) = pending.last() else { continue };
        let generation = last.generation;
        let overlay = last.docs.overlay();
        let open: Vec<PathBuf> = last.docs.paths().map(Path::to_path_buf).collect();
        let mut roots: Vec<PathBuf> = Vec::new();
        let mut all = false;
        for job in &pending {
            match &job.changed {
                None => all = true,
                Some(path) => {
                    let dir = path.parent().map(clean).unwrap_or_default();
                    roots.push(root_for(shared, &dir));
                }
            }
        }
        pending.clear();
        if all {
            roots.extend(shared.roots.iter().cloned());
        }
        roots.sort();
        roots.dedup();
        let reloaded = !roots.is_empty();
        for root in roots {
            let analysis = Arc::new(Analysis::load(&root, overlay.clone(), generation));
            let files = publish(
                shared,
                &analysis,
                &open,
                published.remove(&root).unwrap_or_default(),
            );
            published.insert(root.clone(), files);
            let mut analyses = lock(&shared.analyses);
            let good = if analysis.has_configuration_errors() {
                analyses.get(&root).and_then(|slot| slot.good.clone())
            } else {
                Some(analysis.clone())
            };
            analyses.insert(
                root,
                Slot {
                    latest: analysis,
                    good,
                },
            );
            drop(analyses);
            shared.loaded.notify_all();
        }
        // A document outside every loaded configuration gets its own directory loaded.
        for path in &open {
            let Some(dir) = path.parent() else { continue };
            let root = root_for(shared, dir);
            let known = lock(&shared.analyses).contains_key(&root);
            if !known {
                let analysis = Arc::new(Analysis::load(&root, overlay.clone(), generation));
                let files = publish(
                    shared,
                    &analysis,
                    &open,
                    published.remove(&root).unwrap_or_default(),
                );
                published.insert(root.clone(), files);
                let good = (!analysis.has_configuration_errors()).then(|| analysis.clone());
                lock(&shared.analyses).insert(
                    root,
                    Slot {
                        latest: analysis,
                        good,
                    },
                );
                shared.loaded.notify_all();
            }
        }
        // The values changed: the hints shown are stale.
        if reloaded {
            shared.settings.refresh(&shared.sender);
        }
    }
}

/// Publish `analysis`'s diagnostics, clearing those of files that no longer have any;
/// returns the files that have some.
fn publish(
    shared: &Shared,
    analysis: &Analysis,
    open: &[PathBuf],
    before: HashSet<PathBuf>,
) -> HashSet<PathBuf> {
    let by_file = diagnostics::by_file(analysis);
    let mut now = HashSet::new();
    let mut targets: BTreeMap<PathBuf, Vec<lsp_types::Diagnostic>> = BTreeMap::new();
    for path in before {
        targets.entry(path).or_default();
    }
    for path in open {
        if analysis.covers(path.parent().unwrap_or(Path::new(""))) {
            targets.entry(clean(path)).or_default();
        }
    }
    for (path, found) in by_file {
        now.insert(path.clone());
        targets.insert(path, found);
    }
    for (path, found) in targets {
        let Some(uri) = uri_of(&path) else { continue };
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics: found,
            version: None,
        };
        let _ = shared.sender.send(Message::Notification(Notification::new(
            lsp_types::notification::PublishDiagnostics::METHOD.to_string(),
            params,
        )));
    }
    now
}

thread_local! {
    /// The `cancelled` flag of the request this worker thread is answering (set by
    /// [`answer`] around [`handle`]): a wait for a load gives up when it is set.
    static CANCELLED: std::cell::RefCell<Option<Arc<AtomicBool>>> =
        const { std::cell::RefCell::new(None) };
}

/// True when the request this thread is answering has been cancelled.
fn cancelled() -> bool {
    CANCELLED.with(|flag| {
        flag.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

/// The analysis for `root` requests use: the newest without configuration errors, else the
/// newest; waits for a first load, unless the request is cancelled meanwhile.
fn analysis_for(shared: &Shared, root: &Path) -> Option<Arc<Analysis>> {
    let deadline = Instant::now() + FIRST_LOAD_WAIT;
    let mut analyses = lock(&shared.analyses);
    loop {
        if let Some(slot) = analyses.get(root) {
            return Some(slot.good.clone().unwrap_or_else(|| slot.latest.clone()));
        }
        let now = Instant::now();
        if now >= deadline || cancelled() {
            return None;
        }
        // Wake now and then to see a `$/cancelRequest`.
        let wait = (deadline - now).min(CANCEL_POLL);
        analyses = shared
            .loaded
            .wait_timeout(analyses, wait)
            .map(|(guard, _)| guard)
            .unwrap_or_else(|poison| poison.into_inner().0);
    }
}

// ------------------------------------------------------------------------------ requests

/// Answer one request and forget it.
fn answer(shared: &Shared, job: Job) {
    let id = job.request.id.clone();
    let cancelled = || {
        Response::new_err(
            id.clone(),
            ErrorCode::RequestCanceled as i32,
            "cancelled".into(),
        )
    };
    let response = if job.flags.cancelled.load(Ordering::Relaxed) {
        cancelled()
    } else {
        CANCELLED.with(|flag| *flag.borrow_mut() = Some(job.flags.cancelled.clone()));
        let outcome =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(shared, &job)));
        CANCELLED.with(|flag| *flag.borrow_mut() = None);
        match outcome {
            // Cancelled while it ran: the client asked to forget it, whatever it found.
            _ if job.flags.cancelled.load(Ordering::Relaxed) => cancelled(),
            Ok(Ok(value)) => Response::new_ok(id.clone(), value),
            Ok(Err((code, message))) => Response::new_err(id.clone(), code as i32, message),
            Err(_) => Response::new_err(
                id.clone(),
                ErrorCode::InternalError as i32,
                "internal error".into(),
            ),
        }
    };
    lock(&shared.in_flight).remove(&id);
    let _ = shared.sender.send(Message::Response(response));
}

type Answer = Result<serde_json::Value, (ErrorCode, String)>;

fn params<P: serde::de::DeserializeOwned>(request: &Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params.clone())
        .map_err(|error| (ErrorCode::InvalidParams, error.to_string()))
}

fn json<T: serde::Serialize>(value: T) -> Answer {
    serde_json::to_value(value).map_err(|error| (ErrorCode::InternalError, error.to_string()))
}

/// An open document, by URI.
fn document<'a>(docs: &'a DocumentStore, uri: &Uri) -> Option<(PathBuf, &'a Document)> {
    let path = path_of(uri)?;
    let doc = docs.get(&path)?;
    Some((path, doc))
}

/// The analysis of a document's configuration and its directory.
fn analysis_of(shared: &Shared, path: &Path) -> (PathBuf, Option<Arc<Analysis>>) {
    let dir = path.parent().map(clean).unwrap_or_default();
    // Wait for the workspace roots' first loads, which decide what a directory belongs to.
    for root in &shared.roots {
        if dir.starts_with(root) {
            let _ = analysis_for(shared, root);
        }
    }
    let root = root_for(shared, &dir);
    (dir, analysis_for(shared, &root))
}

fn handle(shared: &Shared, job: &Job) -> Answer {
    use lsp_types::request::{
        Completion, DocumentSymbolRequest, FoldingRangeRequest, Formatting, GotoDefinition,
        HoverRequest, InlayHintRequest, PrepareRenameRequest, RangeFormatting, References, Rename,
        WorkspaceSymbolRequest,
    };
    let request = &job.request;
    match request.method.as_str() {
        HoverRequest::METHOD => {
            let p: HoverParams = params(request)?;
            let Some(cursor) = cursor_at(&job.docs, &p.text_document_position_params) else {
                return Ok(serde_json::Value::Null);
            };
            let Cursor {
                path,
                doc,
                line_start,
                line,
                at,
            } = cursor;
            let Some(target) = target_at(line, at) else {
                return Ok(serde_json::Value::Null);
            };
            let (dir, analysis) = analysis_of(shared, &path);
            let markdown = match analysis {
                None => Some("*still evaluating…*".to_string()),
                Some(analysis) => {
                    let flag = job.flags.interrupt.clone();
                    lock(&shared.deadlines).push((Instant::now() + EVAL_DEADLINE, flag.clone()));
                    hover::hover(&analysis, &dir, &target, Some(flag))
                }
            };
            let Some(markdown) = markdown else {
                return Ok(serde_json::Value::Null);
            };
            let span = match &target {
                Target::Reference { span, .. } | Target::Function { span, .. } => span.clone(),
            };
            json(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: markdown,
                }),
                range: Some(
                    doc.index
                        .range(&doc.text, line_start + span.start..line_start + span.end),
                ),
            })
        }
        GotoDefinition::METHOD => {
            let p: GotoDefinitionParams = params(request)?;
            let Some((path, text)) = reference_at(&job.docs, &p.text_document_position_params)
            else {
                return Ok(serde_json::Value::Null);
            };
            let (dir, analysis) = analysis_of(shared, &path);
            let Some(analysis) = analysis else {
                return Ok(serde_json::Value::Null);
            };
            let locations = locations(&definition::definition(&analysis, &dir, &text));
            if locations.is_empty() {
                return Ok(serde_json::Value::Null);
            }
            json(GotoDefinitionResponse::Array(locations))
        }
        References::METHOD => {
            let p: lsp_types::ReferenceParams = params(request)?;
            let Some((path, named)) = named_at_cursor(&job.docs, &p.text_document_position) else {
                return Ok(serde_json::Value::Null);
            };
            let key = match named {
                Named::Value { key, .. } | Named::Fixed { key, .. } => key,
            };
            let (dir, analysis) = analysis_of(shared, &path);
            let Some(analysis) = analysis else {
                return Ok(serde_json::Value::Null);
            };
            let spots = crate::references::references_of(
                &analysis,
                &dir,
                &key,
                p.context.include_declaration,
            );
            json(locations(&spots))
        }
        PrepareRenameRequest::METHOD => {
            let p: lsp_types::TextDocumentPositionParams = params(request)?;
            let Renamed {
                path,
                doc,
                key,
                name,
            } = renamed_at(&job.docs, &p)?;
            let (dir, analysis) = analysis_of(shared, &path);
            if let Some(analysis) = analysis {
                crate::references::rename_of(&analysis, &dir, &key)
                    .map_err(|why| (ErrorCode::RequestFailed, why))?;
            }
            json(lsp_types::PrepareRenameResponse::RangeWithPlaceholder {
                range: doc.index.range(&doc.text, name.clone()),
                placeholder: doc.text[name].to_string(),
            })
        }
        Rename::METHOD => {
            let p: lsp_types::RenameParams = params(request)?;
            if !crate::references::is_identifier(&p.new_name) {
                return Err((
                    ErrorCode::InvalidParams,
                    format!(
                        "`{}` is not a valid name: a name starts with a letter or `_` and holds letters, digits, `_` and `-`.",
                        p.new_name
                    ),
                ));
            }
            let Renamed { path, key, .. } = renamed_at(&job.docs, &p.text_document_position)?;
            let (dir, analysis) = analysis_of(shared, &path);
            let Some(analysis) = analysis else {
                return Ok(serde_json::Value::Null);
            };
            let spots = crate::references::rename_of(&analysis, &dir, &key)
                .map_err(|why| (ErrorCode::RequestFailed, why))?;
            // `WorkspaceEdit` is keyed by `Uri` (whose cache is not part of its hash).
            #[allow(clippy::mutable_key_type)]
            let mut changes: HashMap<Uri, Vec<lsp_types::TextEdit>> = HashMap::new();
            for location in locations(&spots) {
                changes
                    .entry(location.uri)
                    .or_default()
                    .push(lsp_types::TextEdit::new(location.range, p.new_name.clone()));
            }
            json(lsp_types::WorkspaceEdit::new(changes))
        }
        Completion::METHOD => {
            let p: CompletionParams = params(request)?;
            let Some(cursor) = cursor_at(&job.docs, &p.text_document_position) else {
                return Ok(serde_json::Value::Null);
            };
            let Cursor {
                path,
                doc,
                line_start,
                line,
                at,
            } = cursor;
            let Some(typed) = typed_before(line, at) else {
                return json(CompletionResponse::Array(Vec::new()));
            };
            let block = if typed.line_start && typed.path.is_empty() {
                enclosing_block(&doc.text, line_start + at)
            } else {
                None
            };
            let (dir, analysis) = analysis_of(shared, &path);
            let items = completion::complete(analysis.as_deref(), &dir, &typed, block.as_deref());
            json(CompletionResponse::Array(items))
        }
        Formatting::METHOD => {
            let p: DocumentFormattingParams = params(request)?;
            let Some((_, doc)) = document(&job.docs, &p.text_document.uri) else {
                return Ok(serde_json::Value::Null);
            };
            json(crate::formatting::edits(&doc.text, &doc.index))
        }
        RangeFormatting::METHOD => {
            let p: lsp_types::DocumentRangeFormattingParams = params(request)?;
            let Some((_, doc)) = document(&job.docs, &p.text_document.uri) else {
                return Ok(serde_json::Value::Null);
            };
            json(crate::range_format::range_edits(
                &doc.text, &doc.index, p.range,
            ))
        }
        DocumentSymbolRequest::METHOD => {
            let p: DocumentSymbolParams = params(request)?;
            let Some((_, doc)) = document(&job.docs, &p.text_document.uri) else {
                return Ok(serde_json::Value::Null);
            };
            let (body, _) = terrace_syntax::parse_body(&doc.text);
            json(DocumentSymbolResponse::Nested(symbols::document_symbols(
                &doc.text, &doc.index, &body,
            )))
        }
        FoldingRangeRequest::METHOD => {
            let p: FoldingRangeParams = params(request)?;
            let Some((_, doc)) = document(&job.docs, &p.text_document.uri) else {
                return Ok(serde_json::Value::Null);
            };
            let (body, _) = terrace_syntax::parse_body(&doc.text);
            json(symbols::folding_ranges(&doc.index, &body))
        }
        InlayHintRequest::METHOD => {
            let p: lsp_types::InlayHintParams = params(request)?;
            if !shared.settings.inlay_hints() {
                return Ok(serde_json::Value::Null);
            }
            let Some((path, doc)) = document(&job.docs, &p.text_document.uri) else {
                return Ok(serde_json::Value::Null);
            };
            let (dir, analysis) = analysis_of(shared, &path);
            let Some(analysis) = analysis else {
                return Ok(serde_json::Value::Null);
            };
            let flag = job.flags.interrupt.clone();
            lock(&shared.deadlines).push((Instant::now() + EVAL_DEADLINE, flag.clone()));
            json(inlay::lsp_hints(
                &analysis,
                &dir,
                &doc.text,
                &doc.index,
                p.range,
                Some(flag),
            ))
        }
        WorkspaceSymbolRequest::METHOD => {
            let p: WorkspaceSymbolParams = params(request)?;
            json(workspace_symbols(shared, &p.query))
        }
        _ => Err((
            ErrorCode::MethodNotFound,
            format!("unknown request {}", request.method),
        )),
    }
}

/// A position in an open document: the document, its path, and the line the position is on
/// (its text and where it starts) with the position's byte offset in it.
struct Cursor<'a> {
    path: PathBuf,
    doc: &'a Document,
    line_start: usize,
    line: &'a str,
    at: usize,
}

/// The cursor at a position, or `None` when the document is not open or has no such line.
fn cursor_at<'a>(
    docs: &'a DocumentStore,
    tdp: &lsp_types::TextDocumentPositionParams,
) -> Option<Cursor<'a>> {
    let (path, doc) = document(docs, &tdp.text_document.uri)?;
    let range = doc
        .index
        .line_range(&doc.text, tdp.position.line as usize)?;
    let at = doc.index.offset(&doc.text, tdp.position) - range.start;
    Some(Cursor {
        path,
        doc,
        line_start: range.start,
        line: &doc.text[range],
        at,
    })
}

/// The reference under a position of an open document, with the document's path.
fn reference_at(
    docs: &DocumentStore,
    tdp: &lsp_types::TextDocumentPositionParams,
) -> Option<(PathBuf, String)> {
    let cursor = cursor_at(docs, tdp)?;
    match target_at(cursor.line, cursor.at)? {
        Target::Reference { text, .. } => Some((cursor.path, text)),
        Target::Function { .. } => None,
    }
}

/// What the position names (a reference, or the name in a declaration), with the document's
/// path.
fn named_at_cursor(
    docs: &DocumentStore,
    tdp: &lsp_types::TextDocumentPositionParams,
) -> Option<(PathBuf, Named)> {
    let (path, doc) = document(docs, &tdp.text_document.uri)?;
    let offset = doc.index.offset(&doc.text, tdp.position);
    let (body, _) = terrace_syntax::parse_body(&doc.text);
    Some((path, named_at(&doc.text, &body, offset)?))
}

/// A renamable name at a position.
struct Renamed<'a> {
    path: PathBuf,
    doc: &'a Document,
    /// Its key (`[var, x]`, `[output, y]`, `[module, m, y]`).
    key: Vec<String>,
    /// The name's byte range in the document.
    name: std::ops::Range<usize>,
}

/// The renamable name at a position, else the error telling why nothing there is renamed.
fn renamed_at<'a>(
    docs: &'a DocumentStore,
    tdp: &lsp_types::TextDocumentPositionParams,
) -> Result<Renamed<'a>, (ErrorCode, String)> {
    let refused = |why: String| (ErrorCode::RequestFailed, why);
    let Some((path, doc)) = document(docs, &tdp.text_document.uri) else {
        return Err(refused(named::NOTHING.to_string()));
    };
    match named_at_cursor(docs, tdp) {
        Some((_, Named::Value { key, name })) => Ok(Renamed {
            path,
            doc,
            key,
            name,
        }),
        Some((_, Named::Fixed { why, .. })) => Err(refused(why)),
        None => Err(refused(named::NOTHING.to_string())),
    }
}

/// Spots as LSP locations (UTF-16 ranges).
fn locations(spots: &[crate::definition::Spot]) -> Vec<Location> {
    spots
        .iter()
        .filter_map(|spot| {
            let index = LineIndex::new(&spot.text);
            Some(Location::new(
                uri_of(&spot.path)?,
                index.range(&spot.text, spot.span.range()),
            ))
        })
        .collect()
}

/// The type of the innermost block around byte `offset` of `text`.
fn enclosing_block(text: &str, offset: usize) -> Option<String> {
    let (body, _) = terrace_syntax::parse_body(text);
    let mut found = None;
    let mut body = &body;
    'walk: loop {
        for block in body.blocks() {
            let (open, close) = (
                block.open_brace.end as usize,
                block.close_brace.start.max(block.open_brace.end) as usize,
            );
            if open <= offset && offset <= close {
                found = Some(block.block_type.as_str().to_string());
                body = &block.body;
                continue 'walk;
            }
        }
        break;
    }
    found
}

/// Top-level blocks of every loaded configuration whose name holds `query`.
#[allow(deprecated)] // `SymbolInformation::deprecated` must be written out.
fn workspace_symbols(shared: &Shared, query: &str) -> Vec<SymbolInformation> {
    for root in &shared.roots {
        let _ = analysis_for(shared, root);
    }
    let analyses: Vec<Arc<Analysis>> = lock(&shared.analyses)
        .values()
        .map(|slot| slot.latest.clone())
        .collect();
    let query = query.to_lowercase();
    let mut out = Vec::new();
    for analysis in analyses {
        for (_, file) in analysis.files().iter() {
            let index = LineIndex::new(&file.text);
            let Some(uri) = uri_of(&file.path) else {
                continue;
            };
            for block in file.body.blocks() {
                let name = symbols::block_name(block);
                if !name.to_lowercase().contains(&query) {
                    continue;
                }
                out.push(SymbolInformation {
                    name,
                    kind: lsp_types::SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    location: Location::new(
                        uri.clone(),
                        index.range(&file.text, block.span.range()),
                    ),
                    container_name: Some(block.block_type.as_str().to_string()),
                });
                if out.len() >= 1000 {
                    return out;
                }
            }
        }
    }
    out
}
