//! The interactive console: the rustyline loop, with `... ` continuation lines, history and Ctrl-C/Ctrl-D.

use std::cell::RefCell;
use std::io::Write as _;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::error::ReadlineError;
use rustyline::history::{History as _, MemHistory};
use rustyline::{ColorMode, CompletionType, Config, Editor};

use crate::helper::ConsoleHelper;
use crate::history::{History, MAX_ENTRIES};
use crate::input::{needs_more, split_inputs};
use crate::output::Printer;
use crate::session::{Reply, Session};

/// The prompt of a new input.
pub const PROMPT: &str = "> ";
/// The prompt of a continuation line.
pub const CONTINUATION_PROMPT: &str = "... ";

/// Run the interactive console until Ctrl-D, `exit` or `:quit`. Returns whether
/// the terminal worked (errors in inputs never end the session).
pub fn run(session: Session, history: &History, printer: &Printer) -> bool {
    let config = Config::builder()
        .history_ignore_space(true)
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .color_mode(if printer.theme().is_color() {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        })
        .max_history_size(MAX_ENTRIES)
        .map(|builder| builder.build())
        .unwrap_or_default();
    let interrupt = Arc::new(AtomicBool::new(false));
    let mut session = session;
    // Ctrl-C while an expression is being evaluated (the terminal is not in raw
    // mode then, so it is a signal) stops the evaluation, not the console.
    #[cfg(unix)]
    if signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&interrupt)).is_ok() {
        session.set_interrupt(Arc::clone(&interrupt));
    }
    let session = Rc::new(RefCell::new(session));
    let mut editor: Editor<ConsoleHelper, MemHistory> =
        match Editor::with_history(config.clone(), MemHistory::with_config(&config)) {
            Ok(editor) => editor,
            Err(error) => {
                printer.error_line(&format!("cannot start the console: {error}"));
                return false;
            }
        };
    editor.set_helper(Some(ConsoleHelper::new(
        Rc::clone(&session),
        printer.theme(),
    )));
    for entry in history.load() {
        let _ = editor.history_mut().add(&entry);
    }
    let mut buffer = String::new();
    loop {
        let prompt = if buffer.is_empty() {
            PROMPT
        } else {
            CONTINUATION_PROMPT
        };
        match editor.readline(prompt) {
            Ok(line) => {
                if !buffer.is_empty() {
                    buffer.push('\n');
                }
                buffer.push_str(&line);
                if needs_more(&buffer) {
                    continue;
                }
                let input = std::mem::take(&mut buffer);
                if input.trim().is_empty() {
                    continue;
                }
                if !input.starts_with(' ') {
                    let _ = editor.add_history_entry(input.as_str());
                    // History is never fatal.
                    let _ = history.append(&input);
                }
                // A paste may hold several complete inputs, one after the other.
                let mut quit = false;
                for chunk in split_inputs(&input) {
                    interrupt.store(false, Ordering::Relaxed);
                    let result = session.borrow_mut().run(&chunk.text);
                    match result {
                        Ok(Reply::Quit) => {
                            quit = true;
                            break;
                        }
                        Ok(reply) => printer.reply(&reply),
                        Err(report) => printer.report(&report),
                    }
                }
                if quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C: drop the input so far and start again.
                buffer.clear();
            }
            Err(ReadlineError::Eof) => break,
            Err(error) => {
                printer.error_line(&format!("cannot read input: {error}"));
                return false;
            }
        }
    }
    let _ = std::io::stdout().flush();
    true
}
