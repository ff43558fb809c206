//! The plain English the engine's own messages need: quoting what was
//! typed (one rule for unprintable characters), counts with their plural,
//! lists read aloud. Here, below the presentation layer, so that an error
//! of the engine can say itself without borrowing words from above; the
//! presentation layer says things the same way by using these.

/// Items joined as a list is read aloud: "a", "a and b", "a, b and c".
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `n` and a noun, plural unless `n` is 1: "1 card", "21 cards" (the
/// plural with an `s`; [`plural`] for any other).
pub fn count(n: usize, noun: &str) -> String {
    plural(n as u64, noun, &format!("{noun}s"))
}

/// `n` and the noun's form for it: `one` when `n` is 1, `many` otherwise
/// (0 included): "1 loss", "2 losses". The one rule for plurals.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether `c` would upset a line when printed: control characters, and the
/// invisible ones that break, reorder or hide text (line and paragraph
/// separators, bidi controls, zero-width characters, the byte-order mark).
pub fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// User input as typed, for quoting in a message: at most `max_chars`
/// characters (then `...`), each unprintable one ([`is_unprintable`]) shown
/// by name in angle brackets: `<tab>`, `<newline>`, `<escape>`, `<U+200B>`.
/// Nothing else changes (case included). The one rule for every message
/// that quotes input.
///
/// ```
/// use klondike::engine::text::readable;
/// assert_eq!(readable("T 9\u{1b}x", 20), "T 9<escape>x");
/// assert_eq!(readable("abcdef", 3), "abc...");
/// ```
pub fn readable(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push_str("...");
            break;
        }
        if !is_unprintable(c) {
            out.push(c);
            continue;
        }
        match c {
            '\t' => out.push_str("<tab>"),
            '\n' => out.push_str("<newline>"),
            '\r' => out.push_str("<return>"),
            '\u{0}' => out.push_str("<nul>"),
            '\u{1b}' => out.push_str("<escape>"),
            '\u{7f}' => out.push_str("<delete>"),
            '\u{feff}' => out.push_str("<byte-order mark>"),
            '\u{2028}' => out.push_str("<line separator>"),
            '\u{2029}' => out.push_str("<paragraph separator>"),
            c => out.push_str(&format!("<U+{:04X}>", u32::from(c))),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_escapes_control_characters() {
        let printable = |text: &str| readable(text, usize::MAX);
        assert_eq!(printable("a\u{1b}b\u{0}"), "a<escape>b<nul>");
        assert_eq!(printable("\u{202E}x"), "<U+202E>x");
        assert_eq!(printable("é♠"), "é♠");
    }
}
