//! Input cut into command lines, without a terminal: a byte stream cut at
//! its line ends (long lines, bad UTF-8 and a byte-order mark handled),
//! escape sequences dropped from plain typed input, a pasted block split
//! into its lines. The binary owns the sources (standard input, the line
//! editor); the reader [`PlainLines`] takes is whatever it is given, so that
//! every rule here is tested on bytes in memory.
//!
//! ```
//! use klondike::app::lines::{PlainLines, split_pasted};
//! use klondike::app::session::Input;
//!
//! let mut lines = PlainLines::new(&b"d\r\nw 3"[..]);
//! assert_eq!(lines.next_line().unwrap(), Input::Text("d".into()));
//! assert_eq!(lines.next_line().unwrap(), Input::Text("w 3".into()));
//! assert_eq!(lines.next_line().unwrap(), Input::End);
//! assert_eq!(split_pasted("d\rd\n\nw 3"), ("d".to_string(), vec!["d".to_string(), "w 3".to_string()]));
//! ```

use std::io::{self, BufRead};

use crate::app::session::Input;

/// Longest line read in full, in bytes; the rest of a longer line is skipped
/// and the line is rejected as too long.
pub const MAX_LINE: usize = 4096;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// Plain lines from any reader; invalid UTF-8 is replaced, not fatal; a
/// byte-order mark at the very start (editors on some systems write one)
/// is skipped.
pub struct PlainLines<R: BufRead> {
    reader: R,
    first: bool,
    /// Longest line read in full, in bytes.
    max_line: usize,
}

impl<R: BufRead> PlainLines<R> {
    /// The lines of `reader`, from its start, each read in full up to
    /// [`MAX_LINE`] bytes (command lines).
    pub fn new(reader: R) -> Self {
        Self::with_max_line(reader, MAX_LINE)
    }

    /// The lines of `reader`, each read in full up to `max_line` bytes (the
    /// lines of a file, which may be longer than a command).
    pub fn with_max_line(reader: R, max_line: usize) -> Self {
        PlainLines { reader, first: true, max_line }
    }

    /// The next line, without its line ending: [`Input::TooLong`] (its
    /// first `max_line` bytes or so; the rest is read past, never held) for
    /// a longer one, [`Input::End`] at the end of the reader.
    ///
    /// # Errors
    /// An I/O error of the reader (an interrupted read is tried again).
    pub fn next_line(&mut self) -> io::Result<Input> {
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
            let room = (self.max_line + 1).saturating_sub(buf.len());
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
            return Ok(Input::End);
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if std::mem::take(&mut self.first) && buf.starts_with(BOM) {
            buf.drain(..BOM.len());
        }
        let text = String::from_utf8_lossy(&buf).into_owned();
        Ok(if too_long { Input::TooLong(text) } else { Input::Text(text) })
    }
}

/// `text` without terminal escape sequences (ESC [ ... final letter, ESC O x,
/// or a lone ESC and the character after it): arrow and function keys send
/// them, and plain input (for a screen reader) does not interpret them, so
/// they are dropped rather than read out.
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

/// A text the line editor returned at once, cut into commands: its first
/// line (run now, even when blank: the player pressed return) and the
/// lines after it that are not blank, in order. A pasted block, or lines
/// typed ahead, come as one text with their line breaks (`\n` or `\r`), and
/// each of their lines is a command.
pub fn split_pasted(text: &str) -> (String, Vec<String>) {
    let mut lines = text.split(['\n', '\r']).map(str::to_string);
    let first = lines.next().unwrap_or_default();
    (first, lines.filter(|l| !l.trim().is_empty()).collect())
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
        assert!(matches!(lines.next_line().unwrap(), Input::Text(t) if t == "d"));
        assert!(matches!(lines.next_line().unwrap(), Input::Text(t) if t == "\u{fffd}\u{fffd} t"));
        assert!(matches!(lines.next_line().unwrap(), Input::TooLong(t) if t.len() <= MAX_LINE + 1));
        assert!(matches!(lines.next_line().unwrap(), Input::Text(t) if t == "q"));
        assert!(matches!(lines.next_line().unwrap(), Input::End));
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        let mut lines = PlainLines::new("\u{feff}d\n\u{feff}d\n".as_bytes());
        assert_eq!(lines.next_line().unwrap(), Input::Text("d".into()));
        assert_eq!(lines.next_line().unwrap(), Input::Text("\u{feff}d".into()));
    }

    #[test]
    fn a_pasted_block_is_its_lines_in_order() {
        assert_eq!(split_pasted(""), (String::new(), vec![]));
        assert_eq!(split_pasted("d"), ("d".to_string(), vec![]));
        let (first, rest) = split_pasted("d\rd\r\n  \rt 7 1\r");
        assert_eq!((first.as_str(), rest), ("d", vec!["d".to_string(), "t 7 1".to_string()]));
    }
}
