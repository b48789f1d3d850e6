//! The interactive console driven through a pseudo-terminal: multi-line input,
//! history, completion, errors and leaving.

use std::path::PathBuf;
use std::process::Command;

use rexpect::session::{PtySession, spawn_command};

/// Generous: the machine is shared and slow; nothing here measures time.
const TIMEOUT_MS: u64 = 60_000;

fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-pty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn console(home: &PathBuf, color: bool) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_terrace"));
    command
        .env("HOME", home)
        .env("XDG_STATE_HOME", home.join("state"))
        .env("TERM", "xterm")
        .current_dir(home);
    if color {
        command.env_remove("NO_COLOR");
    } else {
        command.env("NO_COLOR", "1");
    }
    spawn_command(command, Some(TIMEOUT_MS)).unwrap()
}

/// Type `text` (unlike `send`, make sure the console gets it now).
fn keys(p: &mut PtySession, text: &str) {
    p.send(text).unwrap();
    p.flush().unwrap();
}

/// Press Ctrl-C until `needle` shows up: a Ctrl-C that arrives before the console
/// has left raw mode is read as input, not as a signal, so one may not be enough.
/// Returns what was read, up to the prompt after `needle`.
fn interrupt_until(p: &mut PtySession, needle: &str) -> String {
    let mut got = String::new();
    for _ in 0..300 {
        p.send_control('c').unwrap();
        std::thread::sleep(std::time::Duration::from_millis(200));
        while let Some(c) = p.try_read() {
            got.push(c);
        }
        if let Some(at) = got.find(needle) {
            // Then read up to the next prompt.
            while !got[at..].contains("> ") {
                match p.try_read() {
                    Some(c) => got.push(c),
                    None => std::thread::sleep(std::time::Duration::from_millis(50)),
                }
            }
            return got;
        }
    }
    panic!("no {needle:?} after Ctrl-C: {got:?}");
}

#[test]
fn interactive_session() {
    let home = state_dir("session");
    let mut p = console(&home, false);
    let mut seen = String::new();
    seen += &p.exp_string("> ").unwrap();

    // A multi-line `for` expression: the prompt continues with `... `.
    p.send_line("[for x in [1, 2] :").unwrap();
    seen += &p.exp_string("... ").unwrap();
    p.send_line("x * 10]").unwrap();
    seen += &p.exp_string("10,").unwrap();
    seen += &p.exp_string("20,").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // History: Up recalls the previous entry.
    p.send_line("40 + 2").unwrap();
    seen += &p.exp_string("42").unwrap();
    seen += &p.exp_string("> ").unwrap();
    keys(&mut p, "\x1b[A");
    keys(&mut p, "\r");
    seen += &p.exp_string("42").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // Tab completes a function name with its parenthesis.
    keys(&mut p, "uppe\t");
    seen += &p.exp_string("upper(").unwrap();
    keys(&mut p, "\"abc\")\r");
    seen += &p.exp_string("\"ABC\"").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // An error, and the session goes on.
    p.send_line("nope(1)").unwrap();
    seen += &p.exp_string("Call to unknown function").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // Ctrl-C drops a half-typed input.
    keys(&mut p, "[1,");
    p.send_control('c').unwrap();
    seen += &p.exp_string("> ").unwrap();
    p.send_line(":type {a = 1}").unwrap();
    seen += &p.exp_string("a: number,").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // Ctrl-C during a (very) long evaluation stops it, not the console.
    // A billion steps that build only empty lists.
    let slow = "[for i in range(1024) : i if length([for j in range(1024) : j \
                if length([for k in range(1024) : k if false]) > 0]) > 0]";
    p.send_line(slow).unwrap();
    // The line is accepted when rustyline leaves raw mode (bracketed paste off).
    seen += &p.exp_string("\u{1b}[?2004l").unwrap();
    seen += &interrupt_until(&mut p, "Evaluation interrupted");

    // The same while building values (nested `for` over `range(1024)` twice, and
    // more): a `:let` binding made before survives the interrupted evaluation.
    p.send_line(":let kept = 41").unwrap();
    seen += &p.exp_string("> ").unwrap();
    let building = "[for i in range(1024) : length([for j in range(1024) : \
                    [for k in range(64) : i * j * k + kept]])]";
    p.send_line(building).unwrap();
    seen += &p.exp_string("\u{1b}[?2004l").unwrap();
    seen += &interrupt_until(&mut p, "Evaluation interrupted");
    p.send_line("kept + 1").unwrap();
    seen += &p.exp_string("42").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // A bracketed paste of two inputs, the first over two lines: both run.
    keys(&mut p, "\x1b[200~[7,\n8]\n40 + 3\x1b[201~");
    keys(&mut p, "\r");
    seen += &p.exp_string("8,").unwrap();
    seen += &p.exp_string("43").unwrap();
    seen += &p.exp_string("> ").unwrap();

    // Ctrl-D leaves.
    p.send_control('d').unwrap();
    seen += &p.exp_eof().unwrap();

    // NO_COLOR: no colour codes at all.
    assert!(
        !seen.contains("\u{1b}[32m"),
        "colour with NO_COLOR set: {seen:?}"
    );

    // The history file holds the entries, the multi-line one escaped on one line.
    let history = std::fs::read_to_string(home.join("state/terrace/history")).unwrap();
    assert!(
        history.contains("[for x in [1, 2] :\\nx * 10]\n"),
        "{history:?}"
    );
    assert!(history.contains("40 + 2\n"), "{history:?}");
    assert!(history.contains("upper(\"abc\")\n"), "{history:?}");

    // A new console finds the history of the last one (the paste, a multi-line entry).
    let mut p = console(&home, false);
    p.exp_string("> ").unwrap();
    keys(&mut p, "\x1b[A");
    keys(&mut p, "\r");
    p.exp_string("43").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn colour_on_a_terminal() {
    let home = state_dir("colour");
    let mut p = console(&home, true);
    p.exp_string("> ").unwrap();
    p.send_line("\"s\"").unwrap();
    // The value, painted as a string.
    p.exp_string("\u{1b}[32m\"s\"").unwrap();
    p.send_line("exit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn expression_flag_on_a_terminal_prints_plain_values() {
    let home = state_dir("plain");
    let mut command = Command::new(env!("CARGO_BIN_EXE_terrace"));
    command
        .args(["-e", "[\"s\", 1, true, null]"])
        .env("HOME", &home)
        .env("TERM", "xterm")
        .env_remove("NO_COLOR");
    let mut p = spawn_command(command, Some(TIMEOUT_MS)).unwrap();
    let out = p.exp_eof().unwrap();
    assert_eq!(out, "[\r\n  \"s\",\r\n  1,\r\n  true,\r\n  null,\r\n]\r\n");
    let _ = std::fs::remove_dir_all(&home);
}
