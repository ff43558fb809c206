//! Where command lines come from: rustyline on a terminal, plain lines
//! read at a terminal in screen-reader mode, plain lines otherwise
//! (scripted replay).

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{
    Cmd, ConditionalEventHandler, Context, Editor, Event, EventContext, EventHandler, Helper, Highlighter, Hinter,
    KeyEvent, Movement, RepeatCount, Validator,
};

/// One line of input: what the library's session takes.
pub use klondike::app::session::Input as Line;
pub use klondike::app::session::LineSource;

/// Completes the word under the cursor from the command table: a command
/// word, a `help` topic, or an argument word such as `waste` or `all`
/// ([`klondike::app::command::complete`], which does all of it).
#[derive(Helper, Hinter, Highlighter, Validator)]
pub struct CommandCompleter;

impl Completer for CommandCompleter {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        let (start, mut words) = klondike::app::command::complete(line, pos);
        // A word that is the only one to complete at the end of the line
        // gets its space, as a shell gives it: the next word can follow.
        if let [only] = words.as_mut_slice() {
            if pos >= line.len() {
                only.push(' ');
            }
        }
        Ok((start, words))
    }
}

/// Ctrl-C as shells and REPLs have it: it throws away the line being
/// typed; only on an empty line does it reach the session (which takes back
/// a question, or says how to quit). `cleared` is set when it throws a line
/// away, so that the Ctrl-C after it is not taken for a second one in a
/// row (the player typed in between).
struct ClearLine {
    cleared: Arc<AtomicBool>,
}

impl ConditionalEventHandler for ClearLine {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        if ctx.line().is_empty() {
            Some(Cmd::Interrupt)
        } else {
            self.cleared.store(true, Ordering::Relaxed);
            Some(Cmd::Kill(Movement::WholeBuffer))
        }
    }
}

/// Lines typed at a terminal, with line editing, tab completion of command
/// and argument words, Ctrl-R search and history kept between sessions (rustyline).
pub struct Terminal {
    editor: Editor<CommandCompleter, DefaultHistory>,
    history: Option<PathBuf>,
    /// The lines of a pasted block still to run, first first.
    pasted: std::collections::VecDeque<String>,
    /// What is shown before each line.
    prompt: String,
    /// Lines were added to the history since it was last written.
    unsaved: bool,
    /// Ctrl-C threw a typed line away during the current read (see
    /// [`ClearLine`]).
    cleared: Arc<AtomicBool>,
}

impl Terminal {
    /// A line editor on the terminal, with the saved history loaded. A
    /// history file that cannot be read is reported on standard error and
    /// left alone (this session's history is then not saved over it).
    ///
    /// # Errors
    /// When the terminal cannot be set up.
    pub fn new(prompt: String) -> Result<Terminal, ReadlineError> {
        // Tab lists the commands a word could be (as bash does), rather
        // than cycling through them one at a time with nothing shown.
        let config = rustyline::Config::builder().completion_type(rustyline::CompletionType::List).build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(CommandCompleter));
        let cleared = Arc::new(AtomicBool::new(false));
        let clear_line = ClearLine { cleared: Arc::clone(&cleared) };
        editor.bind_sequence(KeyEvent::ctrl('C'), EventHandler::Conditional(Box::new(clear_line)));
        let mut history = klondike::app::store::history_path();
        if let Some(path) = &history {
            if klondike::app::store::is_unfit(path) {
                warn_line!("klondike: {}", klondike::app::render::replies::history_file_unfit(path));
                history = None;
            } else if path.exists() {
                if let Err(e) = editor.load_history(path) {
                    warn_line!("klondike: {}", klondike::app::render::replies::history_file_unreadable(path, &e));
                    history = None;
                }
            }
        }
        Ok(Terminal { editor, history, pasted: std::collections::VecDeque::new(), prompt, unsaved: false, cleared })
    }
}

impl LineSource for Terminal {
    fn next_line(&mut self) -> io::Result<Line> {
        if let Some(line) = self.pasted.pop_front() {
            return Ok(Line::Text(line));
        }
        self.cleared.store(false, Ordering::Relaxed);
        match self.editor.readline(&self.prompt) {
            Ok(text) => {
                let (first, rest) = klondike::app::lines::split_pasted(&text);
                self.pasted.extend(rest);
                let mut added = false;
                for line in std::iter::once(&first).chain(self.pasted.iter()) {
                    if !line.trim().is_empty() {
                        added |= self.editor.add_history_entry(line.as_str()).unwrap_or(false);
                    }
                }
                // Kept at once: a terminal closed under the session (SIGHUP)
                // ends it with no chance to write anything later.
                if added {
                    self.unsaved = true;
                    self.save_history();
                }
                Ok(Line::Text(first))
            }
            // Ctrl-D ends the session cleanly; Ctrl-C on an empty line is
            // the session's to judge.
            Err(ReadlineError::Interrupted) if self.cleared.load(Ordering::Relaxed) => Ok(Line::InterruptedAnew),
            Err(ReadlineError::Interrupted) => Ok(Line::Interrupted),
            Err(ReadlineError::Eof) => Ok(Line::End),
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => Ok(Line::NotText),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }

    fn finish(&mut self) {
        // Only what is not kept yet: the line editor writes nothing when it
        // has no new line, and the empty file would replace the history.
        if self.unsaved {
            self.save_history();
        }
    }
}

impl Terminal {
    /// Writes the history file (atomically); a failure is said once a
    /// session, and the history is then kept in memory only.
    fn save_history(&mut self) {
        if let Some(path) = self.history.clone() {
            // Written as the store writes its files, so that a crash never
            // leaves a half-written history.
            let editor = &mut self.editor;
            let saved = klondike::app::store::write_atomically_through(&path, |tmp| {
                editor.save_history(tmp).map_err(|e| match e {
                    ReadlineError::Io(e) => e,
                    e => io::Error::other(e.to_string()),
                })
            });
            self.unsaved = saved.is_err();
            if let Err(source) = saved {
                // A problem with the data folder is said once a session.
                let e = klondike::app::store::StoreError::Io {
                    path: path.clone(),
                    action: klondike::app::store::Action::Write,
                    error: source,
                };
                if let Some(text) = klondike::app::session::folder_problem_once(&path, &e) {
                    warn_line!("klondike: {text}");
                }
            }
        }
    }
}

/// Plain lines typed at a terminal, each after a prompt, for screen-reader
/// mode (no line editor, no redraws), where Ctrl-C reaches the session as
/// it does from the line editor: the terminal throws away the line being
/// typed, and the session says how to quit (or quits on a second one). A
/// thread reads standard input; Ctrl-C's handler
/// ([`super::world::catch_interrupts`]) sends its interrupt the same way.
pub struct SpokenLines {
    lines: std::sync::mpsc::Receiver<io::Result<Line>>,
    prompt: String,
}

impl SpokenLines {
    /// Starts reading standard input; `prompt` is written to standard
    /// output before each line.
    pub fn new(prompt: String) -> SpokenLines {
        let (to, lines) = std::sync::mpsc::channel();
        super::world::send_interrupts_to(to.clone());
        // Without a thread (a tight memory limit), the lines are read here
        // as they are wanted: a closed channel says so below.
        let _ = std::thread::Builder::new().name("stdin".into()).spawn(move || {
            let mut plain = klondike::app::lines::PlainLines::new(io::stdin().lock());
            loop {
                let line = plain.next_line();
                let last = !matches!(line, Ok(Line::Text(_) | Line::TooLong(_) | Line::NotText));
                if to.send(line).is_err() || last {
                    return;
                }
            }
        });
        SpokenLines { lines, prompt }
    }
}

impl LineSource for SpokenLines {
    fn next_line(&mut self) -> io::Result<Line> {
        {
            let mut out = io::stdout().lock();
            io::Write::write_all(&mut out, self.prompt.as_bytes())?;
            io::Write::flush(&mut out)?;
        }
        match self.lines.recv() {
            // The terminal has thrown the line away; whether one was being
            // typed cannot be told (see `Line::Cleared`).
            Ok(Ok(Line::Interrupted)) => Ok(Line::Cleared),
            Ok(line) => line,
            // The reader has ended (after the end of input or an error it
            // sent), or never started.
            Err(_) => Ok(Line::End),
        }
    }
}
