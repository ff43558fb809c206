//! How the errors of files say what the system said: an I/O error in
//! words ([`io_words`]) and a system's message made plain
//! ([`plain_message`]). Kept below the presentation layer, so that the
//! errors of the store and of a batch's output say themselves with them.

use crate::engine::text::{is_unprintable, readable};

/// An I/O error in words, for a message (no error codes, no paths): "the
/// disk is full", "no permission to write there", "the disk is read-only".
/// The kind of the error is what is said; for a kind not named here, the
/// error's own message without its codes.
pub fn io_words(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::PermissionDenied => "no permission to write there".to_string(),
        ErrorKind::StorageFull => "the disk is full".to_string(),
        ErrorKind::FileTooLarge => "the file would pass the size limit".to_string(),
        ErrorKind::ReadOnlyFilesystem => "the disk is read-only".to_string(),
        ErrorKind::NotADirectory => "part of its path is not a folder".to_string(),
        ErrorKind::IsADirectory => "it is a folder".to_string(),
        ErrorKind::NotFound => "it does not exist".to_string(),
        ErrorKind::InvalidData if error.to_string().contains("valid UTF-8") => "it is not text (UTF-8)".to_string(),
        // A loop of symbolic links (ELOOP, which has no stable kind).
        _ if error.raw_os_error() == Some(40) && cfg!(target_os = "linux") => {
            "its links go round in a loop".to_string()
        }
        // Our own errors say it in words already; the system's without
        // their codes (see `plain_message`).
        _ => plain_message(&error.to_string()),
    }
}

/// As [`io_words`], for a read as much as a write: no permission is said
/// without saying to do what (the error above it says what was being
/// done).
pub fn io_reason(error: &std::io::Error) -> String {
    if error.kind() == std::io::ErrorKind::PermissionDenied {
        "no permission".to_string()
    } else {
        io_words(error)
    }
}

/// A message made fit for a player: the operating system's error codes
/// (` (os error 28)`) and the temporary file names some errors carry
/// (` at path "..."`) are dropped, and Rust's escapes of unprintable
/// characters (`\u{1b}`) are written as [`readable`] writes them. Every
/// message the program prints goes through this.
///
/// ```
/// use klondike::app::io_text::plain_message;
/// assert_eq!(plain_message("could not write x: No space left on device (os error 28)"),
///            "could not write x: No space left on device");
/// assert_eq!(plain_message("invalid type: string \"\\u{1}\""), "invalid type: string \"<U+0001>\"");
/// assert_eq!(plain_message("control character (\\u0000-\\u001F) found"), "control character (<U+0000>-<U+001F>) found");
/// assert_eq!(plain_message("\\u00é"), "\\u00é");
/// ```
pub fn plain_message(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix(" (os error ") {
            if let Some(end) = after.find(')').filter(|&e| after[..e].bytes().all(|b| b.is_ascii_digit())) {
                rest = &after[end + 1..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix(" at path \"") {
            if let Some(end) = after.find('"') {
                rest = &after[end + 1..];
                continue;
            }
        }
        // JSON's escapes too (`\u0000`), as parsers quote them.
        // (Four ASCII hex digits, so slicing after them is at a char boundary.)
        let json_escape = |a: &&str| a.as_bytes().get(..4).is_some_and(|b| b.iter().all(u8::is_ascii_hexdigit));
        if let Some(after) = rest.strip_prefix("\\u").filter(json_escape) {
            if let Some(c) = u32::from_str_radix(&after[..4], 16).ok().and_then(char::from_u32) {
                out.push_str(&format!("<U+{:04X}>", u32::from(c)));
                rest = &after[4..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix("\\u{") {
            if let Some(end) = after.find('}').filter(|&e| e > 0 && e <= 6) {
                if let Some(c) = u32::from_str_radix(&after[..end], 16).ok().and_then(char::from_u32) {
                    out.push_str(&readable(&c.to_string(), 1));
                    rest = &after[end + 1..];
                    continue;
                }
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        if is_unprintable(c) {
            out.push_str(&readable(&c.to_string(), 1));
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod words_tests {
    use super::*;

    #[test]
    fn the_system_s_reasons_are_said_in_words() {
        use std::io::{Error, ErrorKind};
        assert_eq!(io_words(&Error::from(ErrorKind::StorageFull)), "the disk is full");
        assert_eq!(io_words(&Error::from(ErrorKind::FileTooLarge)), "the file would pass the size limit");
        assert_eq!(
            io_words(&Error::new(ErrorKind::InvalidData, "stream did not contain valid UTF-8")),
            "it is not text (UTF-8)"
        );
        assert_eq!(io_reason(&Error::from(ErrorKind::PermissionDenied)), "no permission");
        #[cfg(target_os = "linux")]
        assert_eq!(io_words(&Error::from_raw_os_error(40)), "its links go round in a loop");
    }
}
