//! Where command lines come from: rustyline on a terminal, plain lines
//! otherwise (scripted replay).

use std::io::{self, BufRead};

use rustyline::error::ReadlineError;

/// Longest line read in full, in bytes; the rest of a longer line is skipped
/// and the line is rejected as too long.
pub const MAX_LINE: usize = 4096;

/// One line of input.
pub enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`]: its first part.
    TooLong(String),
    End,
}

/// A source of command lines.
pub trait LineSource {
    /// The next line.
    ///
    /// # Errors
    /// An I/O error reading standard input.
    fn next_line(&mut self) -> io::Result<Line>;
}

/// Plain lines from any reader; invalid UTF-8 is replaced, not fatal.
pub struct PlainLines<R: BufRead> {
    reader: R,
}

impl<R: BufRead> PlainLines<R> {
    pub fn new(reader: R) -> Self {
        PlainLines { reader }
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
        let text = String::from_utf8_lossy(&buf).into_owned();
        Ok(if too_long { Line::TooLong(text) } else { Line::Text(text) })
    }
}

/// Lines typed at a terminal, with line editing and history (rustyline).
pub struct Terminal {
    editor: rustyline::DefaultEditor,
}

impl Terminal {
    /// A line editor on the terminal.
    ///
    /// # Errors
    /// When the terminal cannot be set up.
    pub fn new() -> Result<Terminal, ReadlineError> {
        Ok(Terminal { editor: rustyline::DefaultEditor::new()? })
    }
}

impl LineSource for Terminal {
    fn next_line(&mut self) -> io::Result<Line> {
        match self.editor.readline("> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Ok(Line::Text(line))
            }
            // Ctrl-C and Ctrl-D both end the session cleanly.
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => Ok(Line::End),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }
}
