//! Opening layouts: the [`Deal`] of a game number (PySolFC-compatible), and
//! the deal format of SPEC.md ("Deal format").
//!
//! # The deal format
//! The 52 card codes in this order: tableau pile 1 from bottom to top
//! (1 card), pile 2 bottom to top (2 cards), ..., pile 7 bottom to top
//! (7 cards), then the stock from its top (the next card to be drawn) to its
//! bottom (24 cards). A code is a rank `A 2 3 4 5 6 7 8 9 T J Q K` then a
//! suit `C D H S`; codes are separated by any white space; input is
//! case-insensitive and `10` is accepted for `T`. [`Deal`]'s `Display`
//! writes the canonical form: upper case, single spaces, one line.
//!
//! # Game numbers
//! [`Deal::for_number`] gives PySolFC's Klondike game N for every N from 1 to
//! 2^128 − 1, following `DEALING.md` (beside SPEC.md): the Microsoft C
//! runtime LCG ([`microsoft`]) for 1..=31999, and CPython's Mersenne Twister
//! ([`mersenne`]) from 32000 on. Both generators are written here, pinned,
//! so a number deals the same cards on every machine and in every version.

pub mod mersenne;
pub mod microsoft;

use crate::engine::card::{Card, CardParseError};
use crate::engine::moves::PileId;
use crate::engine::text::readable;
use std::fmt;
use std::str::FromStr;

/// Number of cards in the tableau (piles of 1 to 7 cards).
pub const TABLEAU_CARDS: usize = 28;
/// Number of cards in the stock at the start.
pub const STOCK_CARDS: usize = 24;

/// A validated opening layout: 52 distinct cards in deal-format order
/// (SPEC.md): pile 1 bottom..top (1 card), pile 2 (2 cards) ... pile 7
/// (7 cards), then the stock top (next drawn) first (24 cards).
///
/// Made by [`Deal::from_cards`], [`Deal::for_number`] or parsing (`FromStr`);
/// each checks that the 52 cards are distinct, so every `Deal` is playable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    cards: [Card; 52],
}

impl Deal {
    /// The deal of 52 cards given in deal-format order.
    ///
    /// # Errors
    /// [`DealError::Duplicate`] naming the first card that appears a second
    /// time, both (1-based) positions and the cards absent. (With 52 cards
    /// and no duplicate, no card can be missing.)
    pub fn from_cards(cards: [Card; 52]) -> Result<Deal, DealError> {
        let mut seen = [0usize; 52];
        let mut duplicate = None;
        for (i, card) in cards.iter().enumerate() {
            let slot = &mut seen[card.index()];
            if *slot != 0 {
                duplicate.get_or_insert((*card, *slot, i + 1));
            } else {
                *slot = i + 1;
            }
        }
        match duplicate {
            Some((card, first, second)) => Err(DealError::Duplicate { card, first, second, missing: absent(&seen) }),
            None => Ok(Deal { cards }),
        }
    }

    /// PySolFC's Klondike game `number`, for every [`GameNumber`] (1 to
    /// 2^128 − 1: 0 is no game, and no `GameNumber`).
    ///
    /// 1..=31999 use the Microsoft C runtime LCG, 32000 and above the
    /// Mersenne Twister MT19937 seeded as CPython's `random.seed(number)`;
    /// the deck orders, the shuffle and the dealing from the end of the
    /// shuffled array are those of `DEALING.md` (checked there against
    /// PySolFC 3.6.1 and the `pysol-cards` package). See [`microsoft`] and
    /// [`mersenne`] for the generators' sources.
    pub fn for_number(number: GameNumber) -> Deal {
        let shuffled = match number.get() {
            // In range: the match arm bounds the number to 1..=31999.
            n @ 1..=microsoft::LAST_GAME => microsoft::shuffled_deck(n as u32),
            n => mersenne::shuffled_deck(n),
        };
        Deal { cards: deal_out(&shuffled) }
    }

    /// The 52 cards in deal-format order.
    pub fn cards(&self) -> &[Card; 52] {
        &self.cards
    }

    /// The cards dealt to tableau pile `pile` (pile 1 has one card, pile 7
    /// seven), bottom card first, top card (the face-up one) last.
    pub fn tableau_pile(&self, pile: PileId) -> &[Card] {
        // Pile i (0-based) takes i + 1 cards, after the i(i+1)/2 of the
        // piles before it: at most 21 + 7 = 28 of the 52.
        let i = pile.index();
        let start = i * (i + 1) / 2;
        &self.cards[start..start + i + 1]
    }

    /// The 24 stock cards, top (the next card drawn) first.
    pub fn stock(&self) -> &[Card] {
        &self.cards[TABLEAU_CARDS..]
    }
}

/// Lays out a shuffled array `S` as DEALING.md §4 says: cards are dealt from
/// the end (`D[d] = S[51 - d]`), six face-down rounds `r = 1..=6` giving one
/// card each to piles 7, 6, ..., r + 1, one face-up round to piles 7..1, and
/// the rest, `D[28..]`, is the stock with `D[28]` on top. Returns the cards in
/// deal-format order.
fn deal_out(shuffled: &[Card; 52]) -> [Card; 52] {
    let mut dealt = shuffled.iter().rev().copied();
    let mut piles: [Vec<Card>; 7] = Default::default();
    for first_pile in (1..=6).chain(std::iter::once(0)) {
        for pile in (first_pile..7).rev() {
            piles[pile].extend(dealt.next());
        }
    }
    let mut cards = [shuffled[0]; 52];
    for (slot, card) in piles.into_iter().flatten().chain(dealt).enumerate() {
        cards[slot] = card;
    }
    cards
}

impl FromStr for Deal {
    type Err = DealError;

    /// Reads the deal format (see the module docs): white-space separated
    /// codes, case-insensitive, `10` for `T`. Any input is accepted without
    /// panicking, however long, and uses constant extra memory.
    ///
    /// # Errors
    /// Checked in this order:
    /// 1. [`DealError::BadCode`] for the first text that is not a card code;
    /// 2. [`DealError::Duplicate`] for the first card seen a second time
    ///    (with the cards absent from the whole deal);
    /// 3. [`DealError::WrongCount`] for no cards at all (or, unreachably
    ///    after step 2, more than 52), [`DealError::Missing`] listing the
    ///    absent cards for 1 to 51.
    fn from_str(s: &str) -> Result<Deal, DealError> {
        let mut seen = [0usize; 52];
        let mut cards = Vec::with_capacity(52);
        let mut duplicate = None;
        let mut count = 0usize;
        for (i, token) in s.split_whitespace().enumerate() {
            let position = i + 1;
            count = position;
            let card = parse_code(token).ok_or_else(|| DealError::BadCode { position, text: shorten(token) })?;
            let slot = &mut seen[card.index()];
            if *slot != 0 {
                duplicate.get_or_insert((card, *slot, position));
            } else {
                *slot = position;
                cards.push(card);
            }
        }
        if let Some((card, first, second)) = duplicate {
            return Err(DealError::Duplicate { card, first, second, missing: absent(&seen) });
        }
        match count {
            52 => {
                let cards: [Card; 52] = cards.try_into().map_err(|_| DealError::WrongCount { found: count })?;
                Ok(Deal { cards })
            }
            0 => Err(DealError::WrongCount { found: 0 }),
            1..=51 => Err(DealError::Missing { cards: absent(&seen) }),
            _ => Err(DealError::WrongCount { found: count }),
        }
    }
}

/// The cards not seen (`seen` holds a card's first position, 0 for none),
/// in [`Card::deck`] order.
fn absent(seen: &[usize; 52]) -> Vec<Card> {
    Card::deck().filter(|c| seen[c.index()] == 0).collect()
}

/// A card code, or `None`. Rejects long tokens before [`Card::from_str`]
/// would copy them (a valid code is at most 3 bytes: `10H`).
fn parse_code(token: &str) -> Option<Card> {
    if token.len() > 3 {
        return None;
    }
    token.parse().ok()
}

/// At most 20 characters of a bad code, with `...` when cut.
fn shorten(token: &str) -> String {
    const KEEP: usize = 20;
    let mut text: String = token.chars().take(KEEP).collect();
    if token.chars().nth(KEEP).is_some() {
        text.push_str("...");
    }
    text
}

impl fmt::Display for Deal {
    /// The 52 codes, upper case, separated by single spaces, on one line with
    /// no trailing newline; `FromStr` reads it back to the same deal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.cards.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// Why a deal is not valid. Each variant's `Display` message is one line
/// that says precisely what is wrong; positions are 1-based, counting card
/// codes in deal-format order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The text at `position` is not a card code.
    // Its unprintable characters named, so that the message stays one
    // readable line.
    #[error("card {position}: {}", CardParseError { text: readable(text, usize::MAX) })]
    BadCode {
        /// 1-based position of the bad code among the white-space separated texts.
        position: usize,
        /// The bad code: at most its first 20 characters, with `...` when longer.
        text: String,
    },
    /// The deal does not have 52 cards: used for an empty deal (`found` 0)
    /// and for more than 52 cards without a duplicate (which parsing never
    /// reports, as a duplicate is found first).
    #[error("a deal has 52 cards, this one has {}", if *found == 0 { "none".to_string() } else { found.to_string() })]
    WrongCount {
        /// How many card codes the deal has.
        found: usize,
    },
    /// A card appears twice (the first repeat found, reading in deal-format order).
    #[error("{card} appears twice (cards {first} and {second}){}", and_missing(missing))]
    Duplicate {
        /// The repeated card.
        card: Card,
        /// 1-based position of its first appearance.
        first: usize,
        /// 1-based position of its second appearance.
        second: usize,
        /// The cards absent from the whole deal, in [`Card::deck`] order
        /// (none when the deal simply has too many cards).
        missing: Vec<Card>,
    },
    /// Fewer than 52 distinct cards were given (and no code was bad or repeated).
    #[error("a deal has 52 cards, this one has {}: {}", 52usize.saturating_sub(cards.len()), missing_cards(cards))]
    Missing {
        /// The absent cards, in [`Card::deck`] order (clubs first, ace to king).
        cards: Vec<Card>,
    },
}

/// How many cards at most [`missing_cards`] names one by one.
const MISSING_NAMED: usize = 3;

/// "6H is missing", "2H 6H are missing", or for more than
/// [`MISSING_NAMED`] cards their count and the first few:
/// "51 cards are missing (AC 2C 3C and 48 more)".
fn missing_cards(cards: &[Card]) -> String {
    let named: Vec<String> = cards.iter().take(MISSING_NAMED).map(Card::to_string).collect();
    match cards.len() {
        1 => format!("{} is missing", named.join(" ")),
        n if n <= MISSING_NAMED => format!("{} are missing", named.join(" ")),
        n => format!("{n} cards are missing ({} and {} more)", named.join(" "), n - MISSING_NAMED),
    }
}

/// " and 6H is missing" after a duplicate, when cards are missing too.
fn and_missing(missing: &[Card]) -> String {
    if missing.is_empty() {
        String::new()
    } else {
        format!(" and {}", missing_cards(missing))
    }
}

/// A deal number, 1 to 2^128 − 1: game N is PySolFC's Klondike game N.
/// Written in ASCII digits only (leading zeros allowed; no sign, no
/// spaces), the same on the command line (`--game 42`) and at the prompt
/// (`new 42`). In JSON (result lines, `--json` states) it is the same
/// digits as a string, `"42"` (JSON readers lose numbers past 2^53);
/// reading takes a string only, refused with [`GameNumberError`]'s words
/// when it is not a game number.
///
/// ```
/// use klondike::engine::deal::GameNumber;
/// assert_eq!("042".parse::<GameNumber>().unwrap().get(), 42);
/// assert!("+5".parse::<GameNumber>().is_err());
/// assert!("0".parse::<GameNumber>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameNumber(std::num::NonZeroU128);

impl GameNumber {
    /// Game 1, the first.
    pub const ONE: GameNumber = GameNumber(std::num::NonZeroU128::MIN);

    /// The game number `n`, or `None` for 0.
    pub fn new(n: u128) -> Option<GameNumber> {
        std::num::NonZeroU128::new(n).map(GameNumber)
    }

    /// The number, 1 to 2^128 − 1.
    pub fn get(self) -> u128 {
        self.0.get()
    }

    /// The game `n` numbers after this one; `None` past 2^128 − 1.
    ///
    /// ```
    /// use klondike::engine::deal::GameNumber;
    /// assert_eq!(GameNumber::ONE.checked_add(41), GameNumber::new(42));
    /// assert_eq!(GameNumber::new(u128::MAX).unwrap().checked_add(1), None);
    /// ```
    pub fn checked_add(self, n: u128) -> Option<GameNumber> {
        self.0.checked_add(n).map(GameNumber)
    }
}

impl fmt::Display for GameNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl serde::Serialize for GameNumber {
    /// The decimal digits, as a string.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for GameNumber {
    /// A string read as [`GameNumber::from_str`] reads it.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameNumber, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a text is not a [`GameNumber`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a game number: give a whole number from 1 to 2^128-1", readable(text, 20))]
pub struct GameNumberError {
    /// The text, as given.
    pub text: String,
}

impl FromStr for GameNumber {
    type Err = GameNumberError;

    /// Reads ASCII digits only: `42`, `0042`; not `+5`, `-1`, `0`, ` 5`.
    ///
    /// # Errors
    /// [`GameNumberError`] for anything else, or a number out of range.
    fn from_str(s: &str) -> Result<GameNumber, GameNumberError> {
        let err = || GameNumberError { text: s.to_string() };
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        s.parse::<u128>().ok().and_then(GameNumber::new).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_numbers_are_decimal_strings_in_json() {
        // The bytes the decimal String wrote before.
        let n = |n: u128| GameNumber::new(n).unwrap();
        assert_eq!(serde_json::to_string(&n(42)).unwrap(), r#""42""#);
        assert_eq!(serde_json::to_string(&n(u128::MAX)).unwrap(), r#""340282366920938463463374607431768211455""#);
        assert_eq!(serde_json::to_string(&Some(n(7))).unwrap(), r#""7""#);
        assert_eq!(serde_json::from_str::<GameNumber>(r#""042""#).unwrap(), n(42));
        assert_eq!(serde_json::from_str::<Option<GameNumber>>("null").unwrap(), None);
        for bad in ["0", "+5", "-1", "", " 5", "340282366920938463463374607431768211456"] {
            let err = serde_json::from_str::<GameNumber>(&format!("\"{bad}\"")).unwrap_err().to_string();
            let shown: String = bad.chars().take(20).collect();
            assert!(err.starts_with(&format!("'{shown}")), "{err}");
            assert!(err.contains("is not a game number: give a whole number from 1 to 2^128-1"), "{err}");
        }
        // A JSON number is not read: serde's own words, as for a String before.
        let err = serde_json::from_str::<GameNumber>("42").unwrap_err().to_string();
        assert!(err.starts_with("invalid type: integer `42`, expected a string"), "{err}");
    }

    fn card(code: &str) -> Card {
        code.parse().unwrap()
    }

    fn codes(deal: &Deal) -> Vec<String> {
        deal.cards().iter().map(Card::to_string).collect()
    }

    #[test]
    fn dealing_order_matches_the_table() {
        // DEALING.md §4: deal-format slots as indices into D.
        let expected: [&[usize]; 7] = [
            &[27],
            &[5, 26],
            &[4, 10, 25],
            &[3, 9, 14, 24],
            &[2, 8, 13, 17, 23],
            &[1, 7, 12, 16, 19, 22],
            &[0, 6, 11, 15, 18, 20, 21],
        ];
        // S[k] = card index k, so D[d] = S[51 - d] has index 51 - d.
        let shuffled: [Card; 52] = std::array::from_fn(|k| Card::from_index(k).unwrap());
        let deal = Deal { cards: deal_out(&shuffled) };
        for (pile, ds) in PileId::ALL.into_iter().zip(expected) {
            let got: Vec<usize> = deal.tableau_pile(pile).iter().map(|c| 51 - c.index()).collect();
            assert_eq!(got, ds, "pile {pile}");
        }
        let stock: Vec<usize> = deal.stock().iter().map(|c| 51 - c.index()).collect();
        assert_eq!(stock, (28..52).collect::<Vec<_>>());
    }

    #[test]
    fn game_1() {
        let deal = Deal::for_number(GameNumber::ONE);
        assert_eq!(codes(&deal)[..3], ["QH", "7H", "TS"]);
        assert_eq!(deal.tableau_pile(PileId::ALL[0]), [card("QH")]);
        assert_eq!(deal.stock().len(), 24);
        assert_eq!(deal.stock()[0], card("4H"));
        assert_eq!(deal.tableau_pile(PileId::ALL[6]).last(), Some(&card("AS")));
    }

    #[test]
    fn game_zero_is_no_game_number() {
        assert_eq!(GameNumber::new(0), None);
        assert!("0".parse::<GameNumber>().is_err());
    }

    #[test]
    fn both_generators_at_their_boundary() {
        let ms = Deal::for_number(GameNumber::new(31_999).unwrap());
        let mt = Deal::for_number(GameNumber::new(32_000).unwrap());
        assert_ne!(ms, mt);
        assert_eq!(codes(&ms)[0], "4C");
        assert_eq!(codes(&mt)[0], "QS");
    }

    #[test]
    fn round_trip() {
        for n in [1, 2, 31_999, 32_000, u128::MAX] {
            let deal = Deal::for_number(GameNumber::new(n).unwrap());
            let text = deal.to_string();
            assert_eq!(text.len(), 52 * 3 - 1);
            assert_eq!(text.parse::<Deal>(), Ok(deal));
        }
    }

    #[test]
    fn long_codes_are_shortened() {
        let long = "x".repeat(1000);
        let err = format!("{long} AC").parse::<Deal>().unwrap_err();
        assert_eq!(err, DealError::BadCode { position: 1, text: format!("{}...", "x".repeat(20)) });
    }
}
