//! Where command lines come from: rustyline on a terminal, plain lines
//! otherwise (scripted replay).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};

/// Longest line read in full, in bytes; the rest of a longer line is skipped
/// and the line is rejected as too long.
pub const MAX_LINE: usize = 4096;

/// One line of input: what the library's session takes.
pub use klondike::session::Input as Line;

/// A source of command lines.
pub trait LineSource {
    /// The next line.
    ///
    /// # Errors
    /// An I/O error reading standard input.
    fn next_line(&mut self) -> io::Result<Line>;

    /// Called once at the end of the session (saves history, for instance).
    fn finish(&mut self) {}
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// Plain lines from any reader; invalid UTF-8 is replaced, not fatal; a
/// byte-order mark at the very start (editors on some systems write one)
/// is skipped.
pub struct PlainLines<R: BufRead> {
    reader: R,
    first: bool,
}

impl<R: BufRead> PlainLines<R> {
    pub fn new(reader: R) -> Self {
        PlainLines { reader, first: true }
    }
}

impl<R: BufRead> LineSource for PlainLines<R> {
    fn next_line(&mut self) -> io::Result<Line> {
        let mut buf = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = (MAX_LINE + 1).saturating_sub(buf.len());
            if take > room {
                too_long = true;
            }
            buf.extend_from_slice(&chunk[..take.min(room)]);
            self.reader.consume(take);
            if done {
                break;
            }
        }
        if !any {
            return Ok(Line::End);
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if std::mem::take(&mut self.first) && buf.starts_with(BOM) {
            buf.drain(..BOM.len());
        }
        let text = String::from_utf8_lossy(&buf).into_owned();
        Ok(if too_long { Line::TooLong(text) } else { Line::Text(text) })
    }
}

/// Plain lines typed at a terminal, after a fixed prompt, with no line
/// editing and no redrawing (for screen readers).
pub struct PromptedLines<R: BufRead> {
    lines: PlainLines<R>,
    prompt: String,
}

impl<R: BufRead> PromptedLines<R> {
    pub fn new(reader: R, prompt: String) -> Self {
        PromptedLines { lines: PlainLines::new(reader), prompt }
    }
}

impl<R: BufRead> LineSource for PromptedLines<R> {
    fn next_line(&mut self) -> io::Result<Line> {
        let mut out = io::stdout().lock();
        write!(out, "{}", self.prompt)?;
        out.flush()?;
        Ok(match self.lines.next_line()? {
            // Arrow and function keys send escape sequences that plain input
            // does not interpret: drop them rather than read them out.
            Line::Text(t) => Line::Text(without_escape_sequences(&t)),
            other => other,
        })
    }
}

/// `text` without terminal escape sequences (ESC [ ... final letter, ESC O x,
/// or a lone ESC and the character after it).
pub fn without_escape_sequences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                for d in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&d) {
                        break;
                    }
                }
            }
            Some('O') => {
                chars.next();
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_dropped() {
        assert_eq!(without_escape_sequences("\u{1b}[A"), "");
        assert_eq!(without_escape_sequences("t 1\u{1b}[D 2"), "t 1 2");
        assert_eq!(without_escape_sequences("\u{1b}OPd"), "d");
        assert_eq!(without_escape_sequences("w 3"), "w 3");
    }

    #[test]
    fn plain_lines_cut_long_lines_and_replace_bad_utf8() {
        let mut input = Vec::new();
        input.extend_from_slice(b"d\r\n\xff\xfe t\n");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE * 3));
        input.extend_from_slice(b"\nq");
        let mut lines = PlainLines::new(&input[..]);
        assert!(matches!(lines.next_line().unwrap(), Line::Text(t) if t == "d"));
        assert!(matches!(lines.next_line().unwrap(), Line::Text(t) if t == "\u{fffd}\u{fffd} t"));
        assert!(matches!(lines.next_line().unwrap(), Line::TooLong(t) if t.len() <= MAX_LINE + 1));
        assert!(matches!(lines.next_line().unwrap(), Line::Text(t) if t == "q"));
        assert!(matches!(lines.next_line().unwrap(), Line::End));
    }
}

/// The words of the command language longer than a letter, in order, for
/// tab completion (from the parser's own table).
pub fn command_words() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = klondike::command::COMMANDS
        .iter()
        .flat_map(|c| std::iter::once(c.word).chain(c.aliases.iter().copied()))
        .filter(|w| w.len() > 1 && *w != "card" && w.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    words.sort_unstable();
    words
}

/// Completes the first word of a line from [`command_words`].
#[derive(Helper, Hinter, Highlighter, Validator)]
pub struct CommandCompleter;

impl Completer for CommandCompleter {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        let head = &line[..pos.min(line.len())];
        if head.contains(char::is_whitespace) {
            return Ok((pos, Vec::new()));
        }
        let lower = head.to_lowercase();
        let words = command_words().into_iter().filter(|w| w.starts_with(&lower)).map(str::to_string).collect();
        Ok((0, words))
    }
}

/// Lines typed at a terminal, with line editing, tab completion of command
/// words, Ctrl-R search and history kept between sessions (rustyline).
pub struct Terminal {
    editor: Editor<CommandCompleter, DefaultHistory>,
    history: Option<PathBuf>,
    /// The lines of a pasted block still to run, first first.
    pasted: std::collections::VecDeque<String>,
    /// What is shown before each line.
    prompt: String,
}

/// Where the prompt's history is kept: `history.txt` in the data directory
/// (see [`klondike::store::data_dir`]; on Linux `~/.local/share/klondike/`).
pub fn history_path() -> Option<PathBuf> {
    klondike::store::data_dir().map(|d| d.join("history.txt"))
}

impl Terminal {
    /// A line editor on the terminal, with the saved history loaded. A
    /// history file that cannot be read is reported on standard error and
    /// left alone (this session's history is then not saved over it).
    ///
    /// # Errors
    /// When the terminal cannot be set up.
    pub fn new(prompt: String) -> Result<Terminal, ReadlineError> {
        let mut editor = Editor::new()?;
        editor.set_helper(Some(CommandCompleter));
        let mut history = history_path();
        if let Some(path) = &history {
            // Only a regular file of a sensible size is read: a link to a
            // device, a FIFO or a huge file is left alone.
            let usable = match std::fs::metadata(path) {
                Ok(m) if !m.is_file() || m.len() > klondike::store::MAX_STORED => {
                    warn_line!(
                        "klondike: the history file {} is not a regular file of at most 16 MiB; it is left as it is and this session's history will not be saved",
                        path.display()
                    );
                    false
                }
                _ => true,
            };
            if !usable {
                history = None;
            } else if path.exists() {
                if let Err(e) = editor.load_history(path) {
                    warn_line!(
                        "klondike: cannot read the history file {}: {e}; it is left as it is and this session's history will not be saved",
                        path.display()
                    );
                    history = None;
                }
            }
        }
        Ok(Terminal { editor, history, pasted: std::collections::VecDeque::new(), prompt })
    }
}

/// Writes the history to a temporary file beside `path`, then renames it
/// over `path`, so a crash never leaves a half-written history.
fn save_history_atomically(
    editor: &mut Editor<CommandCompleter, DefaultHistory>,
    path: &std::path::Path,
) -> anyhow::Result<()> {
    let dir = path.parent().ok_or_else(|| anyhow::anyhow!("no folder for {}", path.display()))?;
    std::fs::create_dir_all(dir)?;
    // Named as the store names its temporary files (`.NAME.XXXXXX.tmp`), so
    // that one left by a kill is removed at a later start.
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    let tmp = tempfile::Builder::new().prefix(&prefix).suffix(".tmp").tempfile_in(dir)?;
    editor.save_history(tmp.path())?;
    tmp.persist(path)?;
    Ok(())
}

impl LineSource for Terminal {
    fn next_line(&mut self) -> io::Result<Line> {
        if let Some(line) = self.pasted.pop_front() {
            return Ok(Line::Text(line));
        }
        match self.editor.readline(&self.prompt) {
            Ok(text) => {
                // A pasted block comes as one text with its line breaks:
                // each of its lines is a command, run in order.
                let mut lines = text.split(['\n', '\r']).map(str::to_string);
                let first = lines.next().unwrap_or_default();
                self.pasted.extend(lines.filter(|l| !l.trim().is_empty()));
                for line in std::iter::once(&first).chain(self.pasted.iter()) {
                    if !line.trim().is_empty() {
                        let _ = self.editor.add_history_entry(line.as_str());
                    }
                }
                Ok(Line::Text(first))
            }
            // Ctrl-D ends the session cleanly; so does Ctrl-C, unless a
            // question is waiting (then it is the answer no).
            Err(ReadlineError::Interrupted) => Ok(Line::Interrupted),
            Err(ReadlineError::Eof) => Ok(Line::End),
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => Ok(Line::NotText),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }

    fn finish(&mut self) {
        if let Some(path) = self.history.clone() {
            if let Err(e) = save_history_atomically(&mut self.editor, &path) {
                // A problem with the data folder is said once a session.
                let source = match e.downcast::<io::Error>() {
                    Ok(source) => source,
                    Err(e) => io::Error::other(e.to_string()),
                };
                let e = klondike::store::StoreError::Io { path: path.clone(), action: "write", error: source };
                super::session::say_folder_problem(&path, &e);
            }
        }
    }
}
