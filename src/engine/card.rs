//! Cards: [`Suit`], [`Colour`], [`Rank`] and [`Card`], with the two-character
//! card codes of SPEC.md (`TH` is the ten of hearts).

use std::fmt;
use std::str::FromStr;

/// The colour of a suit; tableau builds alternate colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Clubs and spades.
    Black,
    /// Diamonds and hearts.
    Red,
}

/// A suit. The order (clubs, diamonds, hearts, spades) is the order of the
/// foundations in the table and in JSON, and of the letters `C D H S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All four suits, in foundation order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// Position in [`Suit::ALL`], 0..=3.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's upper-case letter: `C`, `D`, `H` or `S`.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self.index()]
    }

    /// The suit for a letter `c d h s` in either case; `None` for anything else.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's colour.
    pub fn colour(self) -> Colour {
        match self {
            Suit::Diamonds | Suit::Hearts => Colour::Red,
            Suit::Clubs | Suit::Spades => Colour::Black,
        }
    }

    /// The suit's plural name in words, e.g. "hearts": how the engine's
    /// errors name a foundation.
    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self.index()]
    }
}

/// A rank from ace (1) to king (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const KING: Rank = Rank(13);

    /// The rank with value `n`; `None` unless `1 <= n <= 13`.
    pub fn new(n: u8) -> Option<Rank> {
        (1..=13).contains(&n).then_some(Rank(n))
    }

    /// All thirteen ranks, ace first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// The value, 1 (ace) to 13 (king).
    pub fn value(self) -> u8 {
        self.0
    }

    /// The rank's one-character code: `A 2 3 4 5 6 7 8 9 T J Q K`.
    pub fn code(self) -> char {
        b"A23456789TJQK"[usize::from(self.0 - 1)] as char
    }

    /// The rank in words as a player says it: "ace", "2", ..., "10",
    /// "jack", "queen", "king".
    pub fn name(self) -> &'static str {
        ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"][usize::from(self.0 - 1)]
    }

    /// The rank for a code character (`10` is handled by [`Card`]'s parser).
    pub fn from_code(c: char) -> Option<Rank> {
        let i = "A23456789TJQK".find(c.to_ascii_uppercase())?;
        Some(Rank(i as u8 + 1))
    }
}

/// A playing card. Ordered and indexed suit-major (`index()` 0..=51).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    suit: Suit,
    rank: Rank,
}

impl Card {
    /// The card of `rank` and `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { suit, rank }
    }

    /// The card's rank.
    pub fn rank(self) -> Rank {
        self.rank
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        self.suit
    }

    /// The card's colour.
    pub fn colour(self) -> Colour {
        self.suit.colour()
    }

    /// A dense index, `13 * suit + rank - 1`, in 0..=51.
    pub fn index(self) -> usize {
        self.suit.index() * 13 + usize::from(self.rank.0 - 1)
    }

    /// The card with a dense index (see [`Card::index`]); `None` past 51.
    pub fn from_index(i: usize) -> Option<Card> {
        if i >= 52 {
            return None;
        }
        Some(Card { suit: Suit::ALL[i / 13], rank: Rank((i % 13) as u8 + 1) })
    }

    /// The 52 cards, clubs first, ace to king within a suit.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).filter_map(Card::from_index)
    }

    /// The card in words, e.g. "queen of hearts", "10 of clubs": how the
    /// engine's errors name a card.
    pub fn name(self) -> String {
        format!("{} of {}", self.rank.name(), self.suit.name())
    }

    /// True when `self` may be built on `below` in the tableau: one rank
    /// lower and of the other colour.
    pub fn builds_on(self, below: Card) -> bool {
        self.rank.0 + 1 == below.rank.0 && self.colour() != below.colour()
    }
}

/// A card is its code in JSON (`"TH"`), as in the `--json` state.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A card is read from its code in JSON (`"TH"`, any case, `10` for `T`),
/// as [`Card`]'s `FromStr` reads it; anything else is an error that says why.
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Card {
    /// The two-character code, e.g. `TH`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.code(), self.suit.letter())
    }
}

/// Why a card code could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a card code (a rank A 2-9 T J Q K, then a suit C D H S, e.g. TH)")]
pub struct CardParseError {
    /// The text that was not a card code.
    pub text: String,
}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads a code such as `TH`, `th` or `10h`.
    ///
    /// # Errors
    /// [`CardParseError`] when the text is not a rank followed by a suit.
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let err = || CardParseError { text: s.chars().take(20).collect() };
        let mut chars: Vec<char> = s.chars().collect();
        if chars.len() == 3 && chars[0] == '1' && chars[1] == '0' {
            chars = vec!['T', chars[2]];
        }
        if chars.len() != 2 {
            return Err(err());
        }
        let rank = Rank::from_code(chars[0]).ok_or_else(err)?;
        let suit = Suit::from_letter(chars[1]).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for card in Card::deck() {
            let code = card.to_string();
            assert_eq!(code.parse::<Card>(), Ok(card));
            assert_eq!(code.to_lowercase().parse::<Card>(), Ok(card));
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
        assert_eq!(Card::deck().count(), 52);
    }

    #[test]
    fn ten_may_be_written_10() {
        assert_eq!("10h".parse::<Card>().unwrap().to_string(), "TH");
    }

    #[test]
    fn bad_codes_are_rejected() {
        for bad in ["", "T", "THH", "1H", "ZS", "TX", "♠A", "0H"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn builds_alternate_colour_one_rank_down() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(c("9S").builds_on(c("TH")));
        assert!(c("9H").builds_on(c("TS")));
        assert!(!c("9S").builds_on(c("TC")));
        assert!(!c("8S").builds_on(c("TH")));
        assert!(!c("KS").builds_on(c("AH")));
    }

    #[test]
    fn names_in_words() {
        assert_eq!("QH".parse::<Card>().unwrap().name(), "queen of hearts");
        assert_eq!("TC".parse::<Card>().unwrap().name(), "10 of clubs");
    }
}
