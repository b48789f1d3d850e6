//! Evaluations that Python signals can stop.
//!
//! Python runs signal handlers (`KeyboardInterrupt`, `signal.alarm`'s handler)
//! only on the main thread, when that thread calls `PyErr_CheckSignals`. So the
//! evaluation runs on a scoped worker thread, and the calling thread waits for
//! it without the GIL, waking every few milliseconds to check signals with the
//! GIL held. When a handler raises, the evaluator's interrupt flag is set, the
//! worker stops soon after (the evaluator checks the flag as it goes), and the
//! handler's exception is raised in place of the result. Other threads keep
//! running Python code meanwhile, since the GIL is released while waiting.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread checks for signals.
const POLL: Duration = Duration::from_millis(20);

/// The worker's stack: evaluation recurses over the expression and over
/// values (500 levels of `jsondecode` arrays), more than a thread's default.
const STACK_SIZE: usize = 64 * 1024 * 1024;

/// Runs `work` on a worker thread with a fresh interrupt flag, checking Python
/// signals while it runs; the first exception a signal handler raises is
/// returned instead of the result, after the worker has stopped.
pub(crate) fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<AtomicBool>) -> T + Send,
{
    let flag = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|threads| {
        let worker_flag = Arc::clone(&flag);
        let handle = std::thread::Builder::new()
            .name("terrace-eval".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(threads, move || {
                // The receiver lives until the scope ends, so this cannot fail
                // unless the waiting side is gone, and then nobody wants the result.
                let _ = sender.send(work(worker_flag));
            })
            .map_err(|e| {
                PyRuntimeError::new_err(format!("cannot start an evaluation thread: {e}"))
            })?;
        let mut raised: Option<PyErr> = None;
        let mut receiver = receiver;
        loop {
            // A `Receiver` is not `Sync`: it goes to the GIL-free side and back.
            let (received, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
            receiver = back;
            match received {
                Ok(result) => {
                    return match raised {
                        Some(error) => Err(error),
                        None => Ok(result),
                    };
                }
                Err(RecvTimeoutError::Timeout) => {
                    if raised.is_none()
                        && let Err(error) = py.check_signals()
                    {
                        flag.store(true, Ordering::Relaxed);
                        raised = Some(error);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The worker ended without sending: it panicked.
                    let message = match handle.join() {
                        Err(payload) => payload
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "unknown panic".to_string()),
                        Ok(()) => "the evaluation thread ended early".to_string(),
                    };
                    return Err(raised.unwrap_or_else(|| {
                        PyRuntimeError::new_err(format!("terrace internal error: {message}"))
                    }));
                }
            }
        }
    })
}
