//! The client's settings for the server (today one: whether inlay hints are shown), read
//! from `initializationOptions`, from `workspace/didChangeConfiguration` and, when the client
//! answers it, from `workspace/configuration` (section `terrace`); and what turning inlay
//! hints on or off tells the client (dynamic registration, `workspace/inlayHint/refresh`).
//!
//! Inlay hints are off unless the client turns them on. Accepted forms, everywhere:
//! `{"inlayHints": true}`, `{"terrace": {"inlayHints": true}}`, `{"terrace.inlayHints": true}`
//! and `{"inlayHints": {"enable": true}}`.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crossbeam_channel::Sender;
use lsp_server::{Message, Request, RequestId, Response};
use lsp_types::request::Request as _;
use lsp_types::{
    ConfigurationItem, ConfigurationParams, InitializeParams, Registration, RegistrationParams,
    Unregistration, UnregistrationParams,
};

/// The section of the workspace configuration the server reads.
pub const SECTION: &str = "terrace";
/// The id of the dynamic registration of `textDocument/inlayHint`.
const REGISTRATION_ID: &str = "terrace-inlay-hints";

/// Whether `settings` turn inlay hints on or off; `None` when they do not say.
///
/// ```
/// use serde_json::json;
/// use terrace_lsp::settings::inlay_hints_in;
/// assert_eq!(inlay_hints_in(&json!({"inlayHints": true})), Some(true));
/// assert_eq!(inlay_hints_in(&json!({"terrace": {"inlayHints": {"enable": false}}})), Some(false));
/// assert_eq!(inlay_hints_in(&json!({"terrace.inlayHints": true})), Some(true));
/// assert_eq!(inlay_hints_in(&json!({"other": 1})), None);
/// ```
pub fn inlay_hints_in(settings: &serde_json::Value) -> Option<bool> {
    let flag = |value: &serde_json::Value| {
        value
            .as_bool()
            .or_else(|| value.get("enable").and_then(serde_json::Value::as_bool))
    };
    settings
        .get("inlayHints")
        .and_then(flag)
        .or_else(|| settings.get("terrace.inlayHints").and_then(flag))
        .or_else(|| settings.get(SECTION).and_then(inlay_hints_in))
}

/// The inlay hint setting and what the client supports around it.
#[derive(Debug, Default)]
pub struct Settings {
    enabled: AtomicBool,
    /// The capability was announced in `initialize` (inlay hints were on then).
    advertised: bool,
    /// Registered dynamically since.
    registered: AtomicBool,
    /// The client registers `textDocument/inlayHint` dynamically.
    dynamic: bool,
    /// The client takes `workspace/inlayHint/refresh`.
    refresh: bool,
    /// The client answers `workspace/configuration`.
    pull: bool,
    next_id: AtomicU64,
    /// Our `workspace/configuration` requests awaiting their answers.
    pending: Mutex<HashSet<RequestId>>,
}

impl Settings {
    /// The settings `initialize` gives, and what its client supports.
    pub fn from_initialize(params: &InitializeParams) -> Settings {
        let enabled = params
            .initialization_options
            .as_ref()
            .and_then(inlay_hints_in)
            .unwrap_or(false);
        let caps = &params.capabilities;
        let workspace = caps.workspace.as_ref();
        Settings {
            enabled: AtomicBool::new(enabled),
            advertised: enabled,
            registered: AtomicBool::new(false),
            dynamic: caps
                .text_document
                .as_ref()
                .and_then(|text| text.inlay_hint.as_ref())
                .and_then(|hints| hints.dynamic_registration)
                .unwrap_or(false),
            refresh: workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|hints| hints.refresh_support)
                .unwrap_or(false),
            pull: workspace.and_then(|w| w.configuration).unwrap_or(false),
            next_id: AtomicU64::new(0),
            pending: Mutex::new(HashSet::new()),
        }
    }

    /// True when inlay hints are on.
    pub fn inlay_hints(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }

    /// True when `initialize`'s answer announces inlay hints.
    pub fn advertised(&self) -> bool {
        self.advertised
    }

    /// After `initialized`: ask the client for its settings when it answers such requests.
    pub fn initialized(&self, sender: &Sender<Message>) {
        self.pull(sender);
    }

    /// On `workspace/didChangeConfiguration`: its settings, else (a client that sends none,
    /// as VS Code's does for a server that reads them itself) ask for them.
    pub fn changed(&self, params: &serde_json::Value, sender: &Sender<Message>) {
        match params.get("settings").and_then(inlay_hints_in) {
            Some(on) => self.set(on, sender),
            None => self.pull(sender),
        }
    }

    /// A response from the client: true when it answered one of our requests for settings.
    pub fn response(&self, response: &Response, sender: &Sender<Message>) -> bool {
        let ours = self.pending().remove(&response.id);
        if !ours {
            return false;
        }
        // The answer is one value per item asked: the `terrace` section.
        let first = response
            .result
            .as_ref()
            .and_then(|result| result.get(0))
            .and_then(inlay_hints_in);
        if let Some(on) = first {
            self.set(on, sender);
        }
        true
    }

    /// Tell the client to ask for the hints again (the values changed), when they are on and
    /// it takes the request.
    pub fn refresh(&self, sender: &Sender<Message>) {
        if self.inlay_hints() {
            self.send_refresh(sender);
        }
    }

    fn send_refresh(&self, sender: &Sender<Message>) {
        if self.refresh {
            let _ = sender.send(Message::Request(Request::new(
                self.id(),
                lsp_types::request::InlayHintRefreshRequest::METHOD.to_string(),
                serde_json::Value::Null,
            )));
        }
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, HashSet<RequestId>> {
        // A panic while holding it left the set as it was.
        self.pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn id(&self) -> RequestId {
        RequestId::from(format!(
            "terrace-{}",
            self.next_id.fetch_add(1, Ordering::Relaxed)
        ))
    }

    fn pull(&self, sender: &Sender<Message>) {
        if !self.pull {
            return;
        }
        let id = self.id();
        self.pending().insert(id.clone());
        let params = ConfigurationParams {
            items: vec![ConfigurationItem {
                scope_uri: None,
                section: Some(SECTION.to_string()),
            }],
        };
        let _ = sender.send(Message::Request(Request::new(
            id,
            lsp_types::request::WorkspaceConfiguration::METHOD.to_string(),
            params,
        )));
    }

    /// Turn inlay hints on or off: (un)register the capability when it was not announced
    /// and the client registers dynamically, then refresh the shown hints.
    fn set(&self, on: bool, sender: &Sender<Message>) {
        let was = self.enabled.swap(on, Ordering::Relaxed);
        if was == on {
            return;
        }
        if !self.advertised && self.dynamic {
            let registered = self.registered.load(Ordering::Relaxed);
            if on && !registered {
                let params = RegistrationParams {
                    registrations: vec![Registration {
                        id: REGISTRATION_ID.to_string(),
                        method: lsp_types::request::InlayHintRequest::METHOD.to_string(),
                        // `null`: the documents the client itself gives this server.
                        register_options: Some(serde_json::json!({ "documentSelector": null })),
                    }],
                };
                self.registered.store(true, Ordering::Relaxed);
                let _ = sender.send(Message::Request(Request::new(
                    self.id(),
                    lsp_types::request::RegisterCapability::METHOD.to_string(),
                    params,
                )));
            } else if !on && registered {
                let params = UnregistrationParams {
                    unregisterations: vec![Unregistration {
                        id: REGISTRATION_ID.to_string(),
                        method: lsp_types::request::InlayHintRequest::METHOD.to_string(),
                    }],
                };
                self.registered.store(false, Ordering::Relaxed);
                let _ = sender.send(Message::Request(Request::new(
                    self.id(),
                    lsp_types::request::UnregisterCapability::METHOD.to_string(),
                    params,
                )));
            }
        }
        // On: show them; off: clear them.
        self.send_refresh(sender);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn init(options: serde_json::Value, caps: serde_json::Value) -> Settings {
        let params: InitializeParams = serde_json::from_value(json!({
            "processId": null, "capabilities": caps, "initializationOptions": options,
        }))
        .unwrap();
        Settings::from_initialize(&params)
    }

    #[test]
    fn off_unless_asked() {
        let s = init(json!(null), json!({}));
        assert!(!s.inlay_hints() && !s.advertised());
        let s = init(json!({"inlayHints": true}), json!({}));
        assert!(s.inlay_hints() && s.advertised());
    }

    #[test]
    fn turned_on_later_registers_and_refreshes() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let s = init(
            json!(null),
            json!({"workspace": {"configuration": true, "inlayHint": {"refreshSupport": true}},
                   "textDocument": {"inlayHint": {"dynamicRegistration": true}}}),
        );
        s.initialized(&tx);
        let Ok(Message::Request(asked)) = rx.try_recv() else {
            panic!("no workspace/configuration request")
        };
        assert_eq!(asked.method, "workspace/configuration");
        assert_eq!(asked.params["items"][0]["section"], "terrace");
        let answer = Response::new_ok(asked.id, json!([{"inlayHints": true}]));
        assert!(s.response(&answer, &tx));
        assert!(s.inlay_hints());
        let methods: Vec<String> = rx
            .try_iter()
            .filter_map(|m| match m {
                Message::Request(r) => Some(r.method),
                _ => None,
            })
            .collect();
        assert_eq!(
            methods,
            ["client/registerCapability", "workspace/inlayHint/refresh"]
        );
        s.changed(
            &json!({"settings": {"terrace": {"inlayHints": false}}}),
            &tx,
        );
        assert!(!s.inlay_hints());
        let methods: Vec<String> = rx
            .try_iter()
            .filter_map(|m| match m {
                Message::Request(r) => Some(r.method),
                _ => None,
            })
            .collect();
        assert_eq!(
            methods,
            ["client/unregisterCapability", "workspace/inlayHint/refresh"]
        );
        // Not ours: another response.
        assert!(!s.response(&Response::new_ok(RequestId::from(7), json!(null)), &tx));
    }
}
