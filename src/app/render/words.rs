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
// The plain English the engine's errors need is the engine's; it is said
// the same way here.
pub use crate::engine::text::{count, is_unprintable, join_and, plural, readable};
// How a system's message is made plain is the errors' own (their messages
// use it); it is said the same way here.
pub use crate::app::io_text::plain_message;

/// Whether cards are written in words or as two-character codes. In the
/// settings file it is `words` or `short`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardNames {
    /// "queen of hearts", "10 of clubs": what a screen reader should say.
    Words,
    /// "QH", "TC": the codes of the deal format and the command language.
    #[default]
    Short,
}

/// How the suit of a short code is written (words always spell the suit).
/// In the settings file it is `letters` or `symbols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
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
    /// code in ANSI red for a red suit when `colour` is on. With suit
    /// symbols (written for people, at a terminal) a ten is `10♥`, as the
    /// column picture writes it; with suit letters it is `TH`, as the deal
    /// format and scripts have it.
    pub fn card(&self, card: Card) -> String {
        match self.names {
            CardNames::Words => card_name(card),
            CardNames::Short => self.short_code(card, self.suits == SuitStyle::Symbols),
        }
    }

    /// `card` as the column picture writes it: as [`CardStyle::card`],
    /// but a ten's rank is `10` (as every peer prints it) rather than the
    /// `T` of the deal format and the commands (both of which read `10`
    /// too).
    pub fn card_in_picture(&self, card: Card) -> String {
        match self.names {
            CardNames::Words => card_name(card),
            CardNames::Short => self.short_code(card, true),
        }
    }

    /// The short code of `card` (`QH`, `Q♥`, in colour when `colour` is
    /// on), a ten's rank written `10` when `ten_as_10`, else `T`.
    fn short_code(&self, card: Card, ten_as_10: bool) -> String {
        let rank = match card.rank().code() {
            'T' if ten_as_10 => "10".to_string(),
            r => r.to_string(),
        };
        self.paint(card.colour(), format!("{rank}{}", self.suit_mark(card.suit())))
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

/// A suit's plural name in words, e.g. "hearts" (the engine's own,
/// [`Suit::name`]).
pub fn suit_name(suit: Suit) -> &'static str {
    suit.name()
}

/// A rank in words as a player says it: "ace", "2", ..., "10", "jack",
/// "queen", "king" (the engine's own, [`Rank::name`]).
pub fn rank_name(rank: Rank) -> &'static str {
    rank.name()
}

/// A card in words, e.g. "queen of hearts", "10 of clubs" (what
/// [`CardStyle::WORDS`] writes; the engine's own, [`Card::name`]).
pub fn card_name(card: Card) -> String {
    card.name()
}

/// The symbol of a suit: `♣ ♦ ♥ ♠`.
pub fn suit_symbol(suit: Suit) -> char {
    ['♣', '♦', '♥', '♠'][suit.index()]
}

/// `text` with its first letter in lower case: a sentence of its own
/// (the table's "Type new ...") said after a colon, or an announcement
/// that starts with no name keeping its capital.
pub fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_lowercase().chain(chars).collect())
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
        assert_eq!(sym.card(c("TH")), "10♥");
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
