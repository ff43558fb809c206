//! The interactive prompt on a real (pseudo-)terminal: lines typed ahead and
//! pasted blocks are all run, in order; Ctrl-C clears the line; a batch
//! shows its progress.
#![cfg(unix)]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

/// Runs klondike on a pseudo-terminal, writes `input` in one write once the
/// first prompt is shown, then `q`; returns everything it printed (`None`
/// where no pseudo-terminal can be had: see [`common::cannot_run_here`]).
fn at_a_terminal(input: &[u8]) -> Option<String> {
    at_a_terminal_with(&["--game", "1"], &[input])
}

/// [`at_a_terminal`] with the options `args`, writing each of `writes` in
/// turn: the next once the line before has said "Thinking" (a long solve
/// under way), the first once the first prompt is shown.
fn at_a_terminal_with(args: &[&str], writes: &[&[u8]]) -> Option<String> {
    let data = tempfile::tempdir().unwrap();
    let mut at = AtTerminal::launch(data.path(), &[args, &["--no-resume"]].concat(), Attached::All)?;
    at.wait_for("q to quit", 1);
    for (i, input) in writes.iter().enumerate() {
        if i > 0 {
            at.wait_for("Thinking", 1);
        }
        at.type_in(input);
    }
    at.wait_for("Pass 1, 3 moves", 1);
    at.type_in(b"q\r");
    let (_, out) = at.finish();
    Some(out)
}

#[test]
fn lines_typed_ahead_are_all_run() {
    let Some(out) = at_a_terminal(b"d\rd\rd\r") else { return };
    assert!(out.contains("Pass 1, 3 moves"), "{out}");
}

#[test]
fn a_pasted_block_runs_line_by_line() {
    let Some(out) = at_a_terminal(b"\x1b[200~d\rd\rd\r\x1b[201~\r") else { return };
    assert!(out.contains("Pass 1, 3 moves"), "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn a_pasted_block_of_137_lines_runs_every_line_in_order() {
    // 67 draws each taken back, then three draws: a line lost anywhere
    // leaves another count of moves (or an undo with nothing to undo).
    let mut block = b"\x1b[200~".to_vec();
    for _ in 0..67 {
        block.extend_from_slice(b"d\ru\r");
    }
    block.extend_from_slice(b"d\rd\rd\r\x1b[201~\r");
    assert_eq!(block.iter().filter(|&&b| b == b'\r').count(), 138);
    let Some(out) = at_a_terminal(&block) else { return };
    assert_eq!(out.matches("Pass 1, 3 moves").count(), 1, "{out}");
    let last = out.rfind("Pass 1, ").map(|i| &out[i..i + 15]);
    assert_eq!(last, Some("Pass 1, 3 moves"), "{out}");
    assert!(!out.to_lowercase().contains("nothing to undo") && !out.contains("error"), "{out}");
}

#[test]
fn lines_typed_during_a_long_solve_are_run_after_it() {
    // A deal whose solve takes a while (about 1.5 s of CPU with the
    // solver of this build, proving it lost; it must stay well over the
    // half second after which the prompt says it is thinking, on a fast
    // machine too): the draws are typed while it says it is thinking.
    let args = ["--game", "54", "--draw", "3", "--foundation-to-tableau"];
    let Some(out) = at_a_terminal_with(&args, &[b"solve\r", b"d\rd\rd\r"]) else { return };
    assert!(out.contains("Thinking"), "{out}");
    assert!(out.contains("Pass 1, 3 moves"), "{out}");
    // The solve answered first, then the draws ran.
    // At the deal a lost game is the deal's: "This deal cannot be won".
    let answered = out.find("Unknown").or_else(|| out.find("This deal cannot be won")).expect("the solve answered");
    assert!(answered < out.find("Pass 1, 3 moves").unwrap(), "{out}");
}

/// Which of the program's streams are the pseudo-terminal.
#[derive(Clone, Copy, PartialEq)]
enum Attached {
    /// All three, as at an interactive prompt.
    All,
    /// Standard error only (where a batch draws its progress), the rest
    /// closed or thrown away.
    StandardErrorOnly,
}

/// A session of klondike on a pseudo-terminal, driven a step at a time.
struct AtTerminal {
    child: std::process::Child,
    master: std::fs::File,
    seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    reader: Option<std::thread::JoinHandle<()>>,
    start: Instant,
}

impl AtTerminal {
    /// Game 1 at its first prompt; `None` where no pseudo-terminal can be
    /// had.
    fn start(data: &std::path::Path) -> Option<AtTerminal> {
        AtTerminal::start_with(data, &[], "q to quit")
    }

    /// As [`AtTerminal::start`], with the options `more`, until `shown`.
    fn start_with(data: &std::path::Path, more: &[&str], shown: &str) -> Option<AtTerminal> {
        let args = [&["--game", "1", "--no-resume"], more].concat();
        let mut session = AtTerminal::launch(data, &args, Attached::All)?;
        session.wait_for(shown, 1);
        Some(session)
    }

    /// klondike with the arguments `args` and the data folder `data`, its
    /// streams `attached` to a new pseudo-terminal; `None` where none can be
    /// had (see [`common::cannot_run_here`]).
    fn launch(data: &std::path::Path, args: &[&str], attached: Attached) -> Option<AtTerminal> {
        let Ok(pty) = nix::pty::openpty(None, None) else {
            common::cannot_run_here("no pseudo-terminal can be opened here");
            return None;
        };
        let slave = std::fs::File::from(pty.slave);
        let mut command = Command::new(env!("CARGO_BIN_EXE_klondike"));
        // The terminal is the program's controlling terminal, in a session
        // of its own, as a shell's is: Ctrl-C typed on it is SIGINT.
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                if libc::setsid() < 0 || libc::ioctl(2, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                // As a shell starts it, whatever the tests were started
                // under (`nohup`, a background job ignore these).
                libc::signal(libc::SIGHUP, libc::SIG_DFL);
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        command
            .args(args)
            .env("KLONDIKE_DATA_DIR", data)
            .env("TERM", "xterm")
            .env("NO_COLOR", "1")
            .env_remove("KLONDIKE_SCREEN_READER");
        if attached == Attached::All {
            command.stdin(Stdio::from(slave.try_clone().unwrap())).stdout(Stdio::from(slave.try_clone().unwrap()));
        } else {
            command.stdin(Stdio::null()).stdout(Stdio::null());
        }
        let child = command.stderr(Stdio::from(slave)).spawn().unwrap();
        // The terminal closes (the read fails) once the program has ended.
        drop(command);
        let master = std::fs::File::from(pty.master);
        let mut reader = master.try_clone().unwrap();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = std::sync::Arc::clone(&seen);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                into.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Some(AtTerminal { child, master, seen, reader: Some(reader), start: Instant::now() })
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned()
    }

    /// Waits (60 s at most) until `what` has been shown `times` times.
    fn wait_for(&mut self, what: &str, times: usize) {
        while self.text().matches(what).count() < times {
            assert!(self.start.elapsed() < Duration::from_secs(60), "waited for '{what}': {}", self.text());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_in(&mut self, keys: &[u8]) {
        self.master.write_all(keys).unwrap();
    }

    /// Waits (60 s at most) for the program to end; its exit code.
    fn end(&mut self) -> Option<i32> {
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(self.start.elapsed() < Duration::from_secs(60), "klondike did not end: {}", self.text());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the program to end and for all it wrote to be read; its
    /// exit code and everything it printed.
    fn finish(&mut self) -> (Option<i32>, String) {
        let code = self.end();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        (code, self.text())
    }
}

/// Ctrl-C in the line editor throws away the line being typed (the `t 6 f`
/// typed before it is never run, nor refused) and the session goes on; on
/// an empty line it says how to quit, and a line typed then is run.
#[test]
fn ctrl_c_at_the_prompt_clears_the_line() {
    let data = tempfile::tempdir().unwrap();
    let Some(mut at) = AtTerminal::start(data.path()) else { return };
    at.type_in(b"t 6 f");
    at.wait_for("t 6 f", 1);
    at.type_in(b"\x03");
    // The prompt is drawn again, empty.
    at.wait_for("> ", 2);
    at.type_in(b"\x03");
    at.wait_for("To quit, type q or press Ctrl-D, or Ctrl-C again.", 1);
    at.type_in(b"d\r");
    at.wait_for("Pass 1, 1 move ", 1);
    at.type_in(b"q\r");
    assert_eq!(at.end(), Some(0), "{}", at.text());
    let out = at.text();
    assert!(!out.contains("error") && !out.contains("Pass 1, 2 moves"), "{out}");
}

/// In screen-reader mode (plain lines, no line editor) Ctrl-C throws the
/// line being typed away (the terminal does) and says so on a line of its
/// own; as whether a line was being typed cannot be told, it never quits:
/// twice on two half-typed lines, a blind player is not thrown out.
#[test]
fn ctrl_c_in_screen_reader_mode_clears_the_line_and_never_quits() {
    let data = tempfile::tempdir().unwrap();
    let Some(mut at) = AtTerminal::start_with(data.path(), &["--screen-reader"], "Game 1") else { return };
    std::thread::sleep(Duration::from_millis(300));
    at.type_in(b"t 6 f");
    at.wait_for("t 6 f", 1);
    at.type_in(b"\x03");
    at.wait_for("Line cleared. To quit, type q or press Ctrl-D.", 1);
    at.type_in(b"js");
    at.wait_for("js", 1);
    at.type_in(b"\x03");
    at.wait_for("Line cleared. To quit, type q or press Ctrl-D.", 2);
    // On an empty line, twice: still no quitting.
    for times in [3, 4] {
        at.type_in(b"\x03");
        at.wait_for("Line cleared. To quit, type q or press Ctrl-D.", times);
    }
    at.type_in(b"d\n");
    at.wait_for("Drew", 1);
    at.type_in(b"q\n");
    assert_eq!(at.end(), Some(0), "{}", at.text());
    let out = at.text();
    assert!(!out.to_lowercase().contains("ace of hearts to"), "t 6 f was run: {out}");
    assert!(
        out.contains("^C\r\nLine cleared") || out.contains("^C\nLine cleared"),
        "said on a line of its own: {out:?}"
    );
}

/// A line typed and thrown away with Ctrl-C breaks the row: the Ctrl-C on
/// the empty line after it says how to quit again, and only a second one
/// in a row ends the session (helper report: it ended at once).
#[test]
fn a_line_cleared_between_two_ctrl_c_breaks_the_row() {
    let data = tempfile::tempdir().unwrap();
    let Some(mut at) = AtTerminal::start(data.path()) else { return };
    at.type_in(b"\x03");
    at.wait_for("Ctrl-C again", 1);
    at.type_in(b"t 1");
    at.wait_for("t 1", 1);
    at.type_in(b"\x03");
    at.wait_for("> ", 3);
    at.type_in(b"\x03");
    at.wait_for("Ctrl-C again", 2);
    at.type_in(b"d\r");
    at.wait_for("Pass 1, 1 move ", 1);
    at.type_in(b"q\r");
    assert_eq!(at.end(), Some(0), "{}", at.text());
}

/// Twice Ctrl-C on an empty line ends the session, as its first one says.
#[test]
fn ctrl_c_twice_on_an_empty_line_quits() {
    let data = tempfile::tempdir().unwrap();
    let Some(mut at) = AtTerminal::start(data.path()) else { return };
    at.type_in(b"\x03");
    at.wait_for("Ctrl-C again", 1);
    at.type_in(b"\x03");
    assert_eq!(at.end(), Some(0), "{}", at.text());
}

/// A batch's progress bar on a terminal reads its rate as deals a second
/// with one decimal and the time left, and the batch ends with its line.
#[test]
fn a_batch_on_a_terminal_shows_its_rate_and_the_time_left() {
    let data = tempfile::tempdir().unwrap();
    let results = data.path().join("r.jsonl");
    let args = ["solve", "--games", "1..100", "--max-states", "20000", "--output", results.to_str().unwrap()];
    let Some(mut at) = AtTerminal::launch(data.path(), &args, Attached::StandardErrorOnly) else { return };
    let (code, text) = at.finish();
    assert_eq!(code, Some(0), "{text}");
    let rate = regex_lite_rate(&text);
    assert!(rate, "no 'N.N deals/s' in: {text}");
    assert!(text.contains(" left"), "{text}");
    assert!(text.contains("klondike: 100 games in "), "{text}");
}

/// Whether `text` holds a rate written `12.3 deals/s` (digits, a point,
/// one digit).
fn regex_lite_rate(text: &str) -> bool {
    text.match_indices(" deals/s").any(|(i, _)| {
        let before = &text.as_bytes()[..i];
        before.len() >= 3
            && before[before.len() - 1].is_ascii_digit()
            && before[before.len() - 2] == b'.'
            && before[before.len() - 3].is_ascii_digit()
    })
}

/// The history is still there after the session ends with `q`, and after
/// a second one ends with Ctrl-D (the last write at the end once replaced
/// it with an empty file).
#[test]
fn the_history_survives_quitting() {
    let data = tempfile::tempdir().unwrap();
    for (end, typed) in [(&b"q\r"[..], "q"), (&b"\x04"[..], "")] {
        let Some(mut at) = AtTerminal::start(data.path()) else { return };
        at.type_in(b"d\r");
        at.wait_for("Pass 1, 1 move", 1);
        at.type_in(end);
        let _ = at.end();
        let history = std::fs::read_to_string(data.path().join("history.txt")).unwrap_or_default();
        let lines: Vec<&str> = history.lines().filter(|l| !l.starts_with('#')).collect();
        assert!(lines.contains(&"d"), "after {typed:?}: {history:?}");
        if !typed.is_empty() {
            assert_eq!(lines.last(), Some(&typed), "{history:?}");
        }
    }
}

/// The prompt's history is kept line by line: a terminal closed under the
/// session (SIGHUP) loses none of the commands typed.
#[test]
fn the_history_survives_a_closed_terminal() {
    let data = tempfile::tempdir().unwrap();
    let Some(mut at) = AtTerminal::start(data.path()) else { return };
    at.type_in(b"d\r");
    at.wait_for("Pass 1, 1 move", 1);
    at.type_in(b"moves\r");
    at.wait_for("useful move", 1);
    let sent = Command::new("kill").arg("-HUP").arg(at.child.id().to_string()).status();
    assert!(sent.is_ok_and(|s| s.success()));
    let _ = at.end();
    let history = std::fs::read_to_string(data.path().join("history.txt")).unwrap_or_default();
    let lines: Vec<&str> = history.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, ["d", "moves"], "{history}");
}

/// An interactive player's rules and options are kept for the next
/// interactive session (options given win, and become what is kept);
/// `autoplay off` at the prompt is kept too; a piped script neither reads
/// nor writes them.
#[test]
fn settings_chosen_at_a_terminal_are_kept_for_the_next_one_and_never_read_by_a_script() {
    let data = tempfile::tempdir().unwrap();
    let settings = data.path().join("settings.json");
    let chosen = ["--draw", "3", "--autoplay", "--scoring", "vegas"];
    let Some(mut at) = AtTerminal::start_with(data.path(), &chosen, "q to quit") else { return };
    at.type_in(b"q\r");
    assert_eq!(at.end(), Some(0), "{}", at.text());
    let kept = std::fs::read_to_string(&settings).unwrap();
    assert_eq!(kept.trim(), r#"{"format_version":1,"draw":3,"scoring":"vegas","autoplay":true}"#);
    // The next session, with no options: draw 3, Vegas's 3 passes, autoplay.
    let Some(mut at) = AtTerminal::start(data.path()) else { return };
    at.type_in(b"rules\r");
    at.wait_for("Draw 3, 3 passes", 1);
    at.type_in(b"autoplay\r");
    at.wait_for("Autoplay is on", 1);
    at.type_in(b"autoplay off\r");
    at.wait_for("from now and in later sessions", 1);
    at.type_in(b"q\r");
    assert_eq!(at.end(), Some(0), "{}", at.text());
    let kept = std::fs::read_to_string(&settings).unwrap();
    assert_eq!(kept.trim(), r#"{"format_version":1,"draw":3,"scoring":"vegas","autoplay":false}"#);
    // A script: its own defaults, the file untouched.
    let env = [("KLONDIKE_DATA_DIR", data.path().as_os_str())];
    let (code, out, err) = common::run_klondike(&["--game", "1"], &env, "rules\nautoplay on\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Draw 1, unlimited passes"), "{out}");
    assert!(out.contains("Autoplay on: safe cards go to the foundations after every move.\n"), "not kept: {out}");
    assert_eq!(std::fs::read_to_string(&settings).unwrap().trim(), kept.trim());
    // An option given wins, and is kept.
    let Some(mut at) = AtTerminal::start_with(data.path(), &["--draw", "1"], "q to quit") else { return };
    at.type_in(b"rules\r");
    at.wait_for("Draw 1, 1 pass", 1);
    at.type_in(b"q\r");
    assert_eq!(at.end(), Some(0), "{}", at.text());
    assert!(std::fs::read_to_string(&settings).unwrap().contains(r#""draw":1,"#));
}

/// `klondike review -` at a terminal says how to end the moves it reads,
/// rather than waiting in silence.
#[test]
fn review_from_a_terminal_says_how_to_end_the_moves() {
    let data = tempfile::tempdir().unwrap();
    let Some(mut at) = AtTerminal::launch(data.path(), &["review", "-", "--game", "1"], Attached::All) else { return };
    at.wait_for("then Ctrl-D on a line of its own", 1);
    at.type_in(b"d\r");
    at.wait_for("d\r\n", 1);
    at.type_in(b"\x04");
    let (code, text) = at.finish();
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("Not lost: the game can still be won"), "{text}");
}

/// Ctrl-C while the solver thinks at the prompt: what is said of the
/// stopped search starts a line of its own, not the one the terminal
/// echoed ^C on (a screen reader read "C stopped": helper report).
#[test]
fn a_search_stopped_by_ctrl_c_is_said_on_a_line_of_its_own() {
    let data = tempfile::tempdir().unwrap();
    // Draw-1 PySol 844 with 3 passes: undecided for many seconds.
    let args = ["--game", "844", "--draw", "1", "--passes", "3", "--no-resume"];
    let Some(mut at) = AtTerminal::launch(data.path(), &args, Attached::All) else { return };
    at.wait_for("q to quit", 1);
    at.type_in(b"solve\r");
    at.wait_for("Thinking", 1);
    at.type_in(b"\x03");
    at.wait_for("Stopped:", 1);
    let text = at.text();
    let before = &text[..text.find("Stopped:").unwrap()];
    assert!(before.ends_with('\n'), "{text}");
    at.type_in(b"q\r");
    assert_eq!(at.end(), Some(0), "{}", at.text());
}
