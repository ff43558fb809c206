//! How a card is written: in words for a screen reader ("queen of hearts"),
//! or as a short code ("QH", "Q♥"), optionally with red suits in colour.
//!
//! Colour never carries meaning alone: a short code always keeps its suit
//! letter or symbol, and words are never coloured at all.
//!
//! ```
//! use klondike::engine::card::Card;
//! use klondike::app::render::words::{CardNames, CardStyle, SuitStyle};
//!
//! let qh: Card = "QH".parse().unwrap();
//! assert_eq!(CardStyle::WORDS.card(qh), "queen of hearts");
//! assert_eq!(CardStyle::PLAIN.card(qh), "QH");
//! let symbols = CardStyle { names: CardNames::Short, suits: SuitStyle::Symbols, colour: false };
//! assert_eq!(symbols.card(qh), "Q♥");
//! ```

use crate::engine::card::{Card, Colour, Rank, Suit};

/// Whether cards are written in words or as two-character codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CardNames {
    /// "queen of hearts", "10 of clubs": what a screen reader should say.
    Words,
    /// "QH", "TC": the codes of the deal format and the command language.
    #[default]
    Short,
}

/// How the suit of a short code is written (words always spell the suit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SuitStyle {
    /// `C D H S`, as in the deal format.
    #[default]
    Letters,
    /// `♣ ♦ ♥ ♠`.
    Symbols,
}

/// How cards are written in the table, the list layout, announcements and
/// queries. The default is [`CardStyle::PLAIN`], the table's original look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardStyle {
    /// Words or short codes.
    pub names: CardNames,
    /// Letters or symbols for the suit of a short code.
    pub suits: SuitStyle,
    /// Wrap short codes of red suits in ANSI red. Ignored for words.
    pub colour: bool,
}

impl CardStyle {
    /// Short codes with suit letters, no colour: `QH`. The table's default.
    pub const PLAIN: CardStyle = CardStyle { names: CardNames::Short, suits: SuitStyle::Letters, colour: false };

    /// Cards in words, no colour: `queen of hearts`. For screen readers.
    pub const WORDS: CardStyle = CardStyle { names: CardNames::Words, suits: SuitStyle::Letters, colour: false };

    /// True when cards are written in words.
    pub fn is_words(&self) -> bool {
        self.names == CardNames::Words
    }

    /// `card` in this style: "queen of hearts", "QH", "Q♥", or a short
    /// code in ANSI red for a red suit when `colour` is on.
    pub fn card(&self, card: Card) -> String {
        match self.names {
            CardNames::Words => card_name(card),
            CardNames::Short => {
                let code = format!("{}{}", card.rank().code(), self.suit_mark(card.suit()));
                self.paint(card.colour(), code)
            }
        }
    }

    /// How a suit is labelled in this style: its name in words ("hearts"),
    /// otherwise its letter or symbol (never coloured).
    pub fn suit(&self, suit: Suit) -> String {
        match self.names {
            CardNames::Words => suit_name(suit).to_string(),
            CardNames::Short => self.suit_mark(suit).to_string(),
        }
    }

    /// The suit's one-character mark for a short code: `H` or `♥`.
    pub fn suit_mark(&self, suit: Suit) -> char {
        match self.suits {
            SuitStyle::Letters => suit.letter(),
            SuitStyle::Symbols => suit_symbol(suit),
        }
    }

    /// What one face-down card looks like: `##` for short codes, "face
    /// down" in words.
    pub fn face_down(&self) -> &str {
        match self.names {
            CardNames::Words => "face down",
            CardNames::Short => "##",
        }
    }

    /// Several cards in this style, in the given order, joined for reading
    /// aloud: "8 of hearts, 7 of clubs and 6 of diamonds".
    pub fn cards(&self, cards: &[Card]) -> String {
        let names: Vec<String> = cards.iter().map(|&c| self.card(c)).collect();
        join_and(&names)
    }

    fn paint(&self, colour: Colour, text: String) -> String {
        if self.colour && colour == Colour::Red {
            let red = anstyle::AnsiColor::Red.on_default();
            format!("{red}{text}{red:#}")
        } else {
            text
        }
    }
}

/// A suit's plural name in words, e.g. "hearts".
pub fn suit_name(suit: Suit) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades"][suit.index()]
}

/// A rank in words as a player says it: "ace", "2", ..., "10", "jack",
/// "queen", "king".
pub fn rank_name(rank: Rank) -> &'static str {
    ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"][usize::from(rank.value() - 1)]
}

/// A card in words, e.g. "queen of hearts", "10 of clubs" (what
/// [`CardStyle::WORDS`] writes).
pub fn card_name(card: Card) -> String {
    format!("{} of {}", rank_name(card.rank()), suit_name(card.suit()))
}

/// The symbol of a suit: `♣ ♦ ♥ ♠`.
pub fn suit_symbol(suit: Suit) -> char {
    ['♣', '♦', '♥', '♠'][suit.index()]
}

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

/// The rules in a short line, as a table's title gives them: `draw 3,
/// passes 3, foundation-to-tableau off` (the pass limit as
/// [`PassLimit`](crate::engine::rules::PassLimit)'s notation writes it).
pub fn rules_words(rules: &crate::engine::rules::Rules) -> String {
    format!(
        "draw {}, passes {}, foundation-to-tableau {}",
        rules.draw.cards(),
        rules.passes,
        if rules.foundation_to_tableau { "on" } else { "off" }
    )
}

/// `text` with its first letter in upper case ("jack of spades ..." ->
/// "Jack of spades ...").
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Text made fit to be read aloud, a line at a time: an aside in
/// parentheses becomes a clause after a comma (one naming a command-line
/// option, `--...`, is dropped: a player at the prompt cannot use it); the
/// quotes around a quoted word go; within a sentence only the first colon
/// stays (later ones become commas); each sentence starts with a capital
/// letter; the largest game number, 2^128-1, is said in words. What a
/// screen reader says is never a symbol.
///
/// ```
/// use klondike::app::render::words::spoken;
/// assert_eq!(spoken("Not done: cannot draw: the stock is empty (a redeal comes next)."),
///            "Not done: cannot draw, the stock is empty, a redeal comes next.");
/// assert_eq!(spoken("moves are off (start with --foundation-to-tableau). the waste's top"),
///            "Moves are off. The waste's top");
/// assert_eq!(spoken("unknown command 'xyz' here"), "Unknown command xyz here");
/// assert_eq!(spoken("Score -47, 12 moves."), "Score minus 47, 12 moves.");
/// assert_eq!(spoken("Not done: '99999...' is not a pile: piles are 1 to 7."),
///            "Not done: 99999... is not a pile, piles are 1 to 7.");
/// assert_eq!(spoken("a whole number from 1 to 2^128-1"), "A whole number from 1 to 2 to the 128th power minus 1");
/// ```
pub fn spoken(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for line in text.split('\n') {
        lines.push(spoken_line(line));
    }
    lines.join("\n")
}

/// The largest game number, as it is written and as it is said.
const GAME_NUMBER_LIMIT: [(&str, &str); 2] =
    [("2^128-1", "2 to the 128th power minus 1"), ("2^128", "2 to the 128th power")];

fn spoken_line(line: &str) -> String {
    // Powers in words: a screen reader reads "^" and "-" as symbols.
    let mut line = line.to_string();
    for (written, said) in GAME_NUMBER_LIMIT {
        if line.contains(written) {
            line = line.replace(written, said);
        }
    }
    // A negative number's sign in words ("Score -47" is "Score minus 47").
    let chars: Vec<char> = line.chars().collect();
    let mut signed = String::with_capacity(line.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        if c == '-' && after.is_some_and(|a| a.is_ascii_digit()) && before.is_none_or(|b| b == ' ' || b == '(') {
            signed.push_str("minus ");
        } else {
            signed.push(c);
        }
    }
    let line = signed.as_str();
    // Asides in parentheses.
    let mut plain = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else { break };
        let aside = &rest[open + 1..close];
        plain.push_str(rest[..open].trim_end());
        if !aside.contains("--") && !aside.trim().is_empty() {
            plain.push_str(", ");
            plain.push_str(aside.trim());
        }
        rest = &rest[close + 1..];
    }
    plain.push_str(rest);
    let plain = plain.replace(['(', ')', '[', ']', '"', '`'], "");
    // Quotes around a word: a ' at a word's start or end (not an apostrophe
    // inside one, as in "waste's").
    let chars: Vec<char> = plain.chars().collect();
    let mut unquoted = String::with_capacity(plain.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let inside = before.is_some_and(char::is_alphanumeric) && after.is_some_and(char::is_alphanumeric);
        if c == '\'' && !inside {
            continue;
        }
        unquoted.push(c);
    }
    // Sentence by sentence: one colon, a capital letter. The "..." that
    // ends a shortened quote ends no sentence.
    let mut out = String::with_capacity(unquoted.len());
    for (i, sentence) in sentences(&unquoted).into_iter().enumerate() {
        if i > 0 {
            out.push_str(". ");
        }
        let mut colons = 0;
        let mut fixed = String::with_capacity(sentence.len());
        for c in sentence.chars() {
            if c == ':' {
                colons += 1;
                fixed.push(if colons == 1 { ':' } else { ',' });
            } else {
                fixed.push(c);
            }
        }
        out.push_str(&capitalise(fixed.trim_start_matches(' ')));
    }
    out
}

/// `text` cut at each ". " that ends a sentence: not one that ends "...".
fn sentences(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find(". ").map(|i| from + i) {
        if !text[..at].ends_with('.') {
            parts.push(&text[start..at]);
            start = at + 2;
        }
        from = at + 2;
    }
    parts.push(&text[start..]);
    parts
}

/// Whether `c` would upset a line when printed: control characters, and the
/// invisible ones that break, reorder or hide text (line and paragraph
/// separators, bidi controls, zero-width characters, the byte-order mark).
pub fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// A message made fit for a player: the operating system's error codes
/// (` (os error 28)`) and the temporary file names some errors carry
/// (` at path "..."`) are dropped, and Rust's escapes of unprintable
/// characters (`\u{1b}`) are written as [`readable`] writes them. Every
/// message the program prints goes through this.
///
/// ```
/// use klondike::app::render::words::plain_message;
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

/// User input as typed, for quoting in a message: at most `max_chars`
/// characters (then `...`), each unprintable one ([`is_unprintable`]) shown
/// by name in angle brackets: `<tab>`, `<newline>`, `<escape>`, `<U+200B>`.
/// Nothing else changes (case included). The one rule for every message
/// that quotes input.
///
/// ```
/// use klondike::app::render::words::readable;
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

/// A question as shown before the answer is typed after it: at a terminal
/// `width` wide, broken between words and followed by a space.
pub fn question_shown(question: &str, width: Option<usize>) -> String {
    match width {
        Some(width) => format!("{} ", textwrap::fill(question.trim_end(), width)),
        None => question.to_string(),
    }
}

/// A diagnostic for standard error, from its text (`klondike: ...`): made
/// plain ([`plain_message`]); for a screen reader ([`spoken`]), a sentence
/// without the program's name or symbols and with one full stop; at a
/// terminal `width` wide, broken between words rather than in one.
pub fn diagnostic(text: &str, screen_reader: bool, width: Option<usize>) -> String {
    let text = plain_message(text);
    if screen_reader {
        let plain = text.strip_prefix("klondike: ").unwrap_or(&text);
        let mut said = spoken(plain.trim_end_matches('.'));
        said.push('.');
        said
    } else if let Some(width) = width {
        textwrap::fill(&text, width)
    } else {
        text
    }
}

/// `text` with lines longer than `width` columns broken between words (a
/// width under 20 leaves it as it is); a line that starts with spaces (a
/// list entry, "  w N   what it does") goes on under its text.
pub fn wrap_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if textwrap::core::display_width(body) <= width || width < 20 {
            out.push_str(line);
            continue;
        }
        // "  w N          what it does": the text after the command's column.
        let indent = match body.strip_prefix("  ") {
            Some(rest) => {
                let command = rest.find("  ").unwrap_or(0);
                let gap = rest[command..].len() - rest[command..].trim_start().len();
                " ".repeat(2 + command + gap)
            }
            None => String::new(),
        };
        let options = textwrap::Options::new(width).subsequent_indent(&indent);
        out.push_str(&textwrap::fill(body, options));
        out.push_str(newline);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_are_plain_spoken_or_wrapped() {
        let text = "klondike: cannot read the deal file 'x': gone.";
        assert_eq!(diagnostic(text, false, None), text);
        assert_eq!(diagnostic(text, true, None), format!("{}.", spoken("cannot read the deal file 'x': gone")));
        assert_eq!(diagnostic("klondike: a b c", false, Some(11)), "klondike: a\nb c");
        assert_eq!(question_shown("Resume? \n", None), "Resume? \n");
        assert_eq!(question_shown("Resume game 5? \n", Some(12)), "Resume game\n5? ");
    }

    fn c(code: &str) -> Card {
        code.parse().unwrap()
    }

    #[test]
    fn words_spell_rank_and_suit() {
        assert_eq!(CardStyle::WORDS.card(c("QH")), "queen of hearts");
        assert_eq!(CardStyle::WORDS.card(c("TC")), "10 of clubs");
        assert_eq!(CardStyle::WORDS.card(c("AS")), "ace of spades");
        assert_eq!(CardStyle::WORDS.face_down(), "face down");
    }

    #[test]
    fn words_are_never_coloured() {
        let style = CardStyle { colour: true, ..CardStyle::WORDS };
        assert_eq!(style.card(c("QH")), "queen of hearts");
    }

    #[test]
    fn short_codes_with_letters_and_symbols() {
        assert_eq!(CardStyle::PLAIN.card(c("TH")), "TH");
        assert_eq!(CardStyle::PLAIN.face_down(), "##");
        let sym = CardStyle { suits: SuitStyle::Symbols, ..CardStyle::PLAIN };
        assert_eq!(sym.card(c("TH")), "T♥");
        assert_eq!(sym.card(c("AC")), "A♣");
        assert_eq!(sym.card(c("2D")), "2♦");
        assert_eq!(sym.card(c("KS")), "K♠");
        assert_eq!(sym.suit(Suit::Spades), "♠");
        assert_eq!(CardStyle::WORDS.suit(Suit::Spades), "spades");
    }

    #[test]
    fn colour_wraps_red_suits_only_and_keeps_the_suit() {
        let style = CardStyle { colour: true, ..CardStyle::PLAIN };
        let red = style.card(c("TH"));
        assert!(red.starts_with('\u{1b}'));
        assert!(red.contains("TH"));
        assert!(red.ends_with('m'));
        assert_eq!(style.card(c("TS")), "TS");
        let sym = CardStyle { suits: SuitStyle::Symbols, ..style };
        assert!(sym.card(c("4D")).contains("4♦"));
    }

    #[test]
    fn every_card_has_a_distinct_name_in_every_style() {
        for style in [CardStyle::PLAIN, CardStyle::WORDS, CardStyle { suits: SuitStyle::Symbols, ..CardStyle::PLAIN }] {
            let names: std::collections::HashSet<String> = Card::deck().map(|card| style.card(card)).collect();
            assert_eq!(names.len(), 52);
        }
    }

    #[test]
    fn lists_read_aloud() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(join_and(&s(&[])), "");
        assert_eq!(join_and(&s(&["a"])), "a");
        assert_eq!(join_and(&s(&["a", "b"])), "a and b");
        assert_eq!(join_and(&s(&["a", "b", "c"])), "a, b and c");
        assert_eq!(CardStyle::WORDS.cards(&[c("8H"), c("7C"), c("6D")]), "8 of hearts, 7 of clubs and 6 of diamonds");
        assert_eq!(count(1, "card"), "1 card");
        assert_eq!(count(0, "card"), "0 cards");
        assert_eq!(capitalise("jack of spades"), "Jack of spades");
        assert_eq!(capitalise(""), "");
    }
}
