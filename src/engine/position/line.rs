//! The one-line text form of a [`Position`] (`Display` and `FromStr`); the
//! format is described on [`Position`].

use std::fmt;
use std::str::FromStr;

use super::{Pile, Position, SetupError};
use crate::engine::card::{Card, CardParseError, Suit};
use crate::engine::moves::PileId;

/// The parts of the line, in order.
const PARTS: [&str; 5] = ["tableau", "stock", "waste", "foundations", "pass"];

/// Why a line is not a position (see [`Position`]'s `FromStr`). Each message
/// is one line naming the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseError {
    /// The line does not have the five parts.
    #[error("a position line has 5 parts separated by ';' (tableau, stock, waste, foundations, pass), not {found}")]
    PartCount {
        /// How many `;`-separated parts it has.
        found: usize,
    },
    /// A part does not start with its name.
    #[error("part {} of the line should start with '{expected}', not '{}'", index + 1, readable(found))]
    PartName {
        /// 0-based index of the part.
        index: usize,
        /// The name it should start with.
        expected: &'static str,
        /// Its first word (empty for an empty part).
        found: String,
    },
    /// The tableau does not have seven piles.
    #[error("the tableau has 7 piles separated by '/', not {found}")]
    PileCount {
        /// How many `/`-separated piles it has.
        found: usize,
    },
    /// A pile is not face-down cards, `|`, face-up cards (nor `-`).
    #[error("pile {pile} should be its face-down cards, '|', then its face-up cards ('-' when it is empty)")]
    PileForm {
        /// The pile whose text is malformed.
        pile: PileId,
    },
    /// A word that should be a card code is not one.
    #[error("{place}: {error}")]
    BadCard {
        /// Where: a pile, the stock, the waste or the foundations.
        place: LinePart,
        /// The card reader's error (its text shortened and made printable).
        error: CardParseError,
    },
    /// A `*` in the stock that is not its last word, or outside the stock.
    #[error("'*' (every card named nowhere else) can only end the stock")]
    MisplacedStar,
    /// The foundations part does not have four entries.
    #[error("the foundations are four top cards or '-' (clubs, diamonds, hearts, spades), not {found} entries")]
    FoundationCount {
        /// How many entries it has.
        found: usize,
    },
    /// A foundation's entry is a card of another suit.
    #[error("the {} foundation's entry is the {}, not a {}", suit.name(), card.name(), suit.name())]
    FoundationSuit {
        /// The foundation whose entry it is.
        suit: Suit,
        /// The card given there.
        card: Card,
    },
    /// The pass is not a whole number from 1.
    #[error("'{}' is not a pass number: give one whole number from 1 to 4294967295", readable(text))]
    BadPass {
        /// The text after `pass`.
        text: String,
    },
    /// The cards are not a position ([`Position::from_parts`]'s checks).
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Where in a position line a word that is not a card code is
/// ([`PositionParseError::BadCard`]); it is written as the error names it,
/// "pile 3", "the stock".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinePart {
    /// A pile of the tableau.
    Pile(PileId),
    /// The stock.
    Stock,
    /// The waste.
    Waste,
    /// The foundations.
    Foundations,
}

impl fmt::Display for LinePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinePart::Pile(pile) => write!(f, "pile {pile}"),
            LinePart::Stock => f.write_str("the stock"),
            LinePart::Waste => f.write_str("the waste"),
            LinePart::Foundations => f.write_str("the foundations"),
        }
    }
}

/// At most 20 characters of `text`, unprintable ones named, as a card
/// reader's error quotes it.
fn readable(text: &str) -> String {
    crate::engine::text::readable(text, 20)
}

/// Writes `cards` with a space between, or `-` for none.
fn write_cards<'a>(f: &mut fmt::Formatter<'_>, cards: impl Iterator<Item = &'a Card>) -> fmt::Result {
    let mut any = false;
    for card in cards {
        if any {
            f.write_str(" ")?;
        }
        write!(f, "{card}")?;
        any = true;
    }
    if !any {
        f.write_str("-")?;
    }
    Ok(())
}

fn write_pile(f: &mut fmt::Formatter<'_>, pile: &Pile) -> fmt::Result {
    if pile.is_empty() {
        return f.write_str("-");
    }
    for card in &pile.hidden {
        write!(f, "{card} ")?;
    }
    f.write_str("|")?;
    for card in &pile.face_up {
        write!(f, " {card}")?;
    }
    Ok(())
}

impl fmt::Display for Position {
    /// The one-line form (described on [`Position`]), e.g.
    /// `tableau | KS / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH QS ; pass 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tableau ")?;
        for (i, pile) in self.tableau.iter().enumerate() {
            if i > 0 {
                f.write_str(" / ")?;
            }
            write_pile(f, pile)?;
        }
        f.write_str(" ; stock ")?;
        write_cards(f, self.stock.iter().rev())?;
        f.write_str(" ; waste ")?;
        write_cards(f, self.waste.iter())?;
        f.write_str(" ; foundations")?;
        for suit in Suit::ALL {
            match self.foundation_top(suit) {
                Some(card) => write!(f, " {card}")?,
                None => f.write_str(" -")?,
            }
        }
        write!(f, " ; pass {}", self.pass)
    }
}

/// Reads the cards of `words` (`-` alone: none).
fn cards(words: &[&str], place: LinePart) -> Result<Vec<Card>, PositionParseError> {
    if words == ["-"] {
        return Ok(Vec::new());
    }
    words.iter().map(|w| card(w, place)).collect()
}

fn card(word: &str, place: LinePart) -> Result<Card, PositionParseError> {
    if word == "*" {
        return Err(PositionParseError::MisplacedStar);
    }
    word.parse().map_err(|_| PositionParseError::BadCard { place, error: CardParseError { text: readable(word) } })
}

fn pile(text: &str, pile: PileId) -> Result<(Vec<Card>, Vec<Card>), PositionParseError> {
    let place = LinePart::Pile(pile);
    let words: Vec<&str> = text.split_whitespace().collect();
    if words == ["-"] {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut halves = text.split('|');
    let (Some(hidden), Some(up), None) = (halves.next(), halves.next(), halves.next()) else {
        return Err(PositionParseError::PileForm { pile });
    };
    let read = |half: &str| half.split_whitespace().map(|w| card(w, place)).collect::<Result<Vec<Card>, _>>();
    Ok((read(hidden)?, read(up)?))
}

impl FromStr for Position {
    type Err = PositionParseError;

    /// Reads the one-line form (described on [`Position`]).
    ///
    /// # Errors
    /// [`PositionParseError`] naming the part that is wrong: a part missing
    /// or misnamed, a pile count other than 7, a word that is not a card
    /// code, a foundation entry of the wrong suit, a bad pass number, or
    /// cards that are not a position (a card twice or missing, a face-up
    /// run that is not a build: [`SetupError`]).
    fn from_str(line: &str) -> Result<Position, PositionParseError> {
        let parts: Vec<&str> = line.split(';').collect();
        if parts.len() != PARTS.len() {
            return Err(PositionParseError::PartCount { found: parts.len() });
        }
        // Each part's text after its name.
        let mut bodies = [""; 5];
        for (index, (part, expected)) in parts.iter().zip(PARTS).enumerate() {
            let part = part.trim_start();
            let name = part.split_whitespace().next().unwrap_or("");
            if !name.eq_ignore_ascii_case(expected) {
                return Err(PositionParseError::PartName { index, expected, found: name.to_string() });
            }
            bodies[index] = &part[name.len()..];
        }
        let [tableau, stock, waste, foundations, pass] = bodies;

        let piles: Vec<&str> = tableau.split('/').collect();
        if piles.len() != 7 {
            return Err(PositionParseError::PileCount { found: piles.len() });
        }
        let mut parsed: [(Vec<Card>, Vec<Card>); 7] = Default::default();
        for ((slot, text), id) in parsed.iter_mut().zip(&piles).zip(PileId::ALL) {
            *slot = pile(text, id)?;
        }

        let mut stock_words: Vec<&str> = stock.split_whitespace().collect();
        let rest_in_stock = stock_words.last() == Some(&"*");
        if rest_in_stock {
            stock_words.pop();
        }
        let stock = cards(&stock_words, LinePart::Stock)?;
        let waste = cards(&waste.split_whitespace().collect::<Vec<_>>(), LinePart::Waste)?;

        let entries: Vec<&str> = foundations.split_whitespace().collect();
        if entries.len() != 4 {
            return Err(PositionParseError::FoundationCount { found: entries.len() });
        }
        let mut counts = [0u8; 4];
        for (slot, (word, suit)) in entries.iter().zip(Suit::ALL).enumerate() {
            if *word == "-" {
                continue;
            }
            let top = card(word, LinePart::Foundations)?;
            if top.suit() != suit {
                return Err(PositionParseError::FoundationSuit { suit, card: top });
            }
            counts[slot] = top.rank().value();
        }

        let pass = match pass.split_whitespace().collect::<Vec<_>>()[..] {
            [word] if word.bytes().all(|b| b.is_ascii_digit()) => word.parse::<u32>().ok(),
            _ => None,
        }
        .ok_or_else(|| PositionParseError::BadPass { text: pass.trim().to_string() })?;

        Ok(if rest_in_stock {
            Position::with_rest_in_stock(parsed, stock, waste, counts, pass)?
        } else {
            Position::from_parts(parsed, stock, waste, counts, pass)?
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::Deal;

    fn c(code: &str) -> Card {
        code.parse().unwrap()
    }

    const EXAMPLE: &str = "tableau 5C 2D | KS QH / | AH / - / - / - / - / 3S | 8D ; stock 4D JC * ; waste 9S 3H ; foundations 2C - - - ; pass 2";

    #[test]
    fn the_documented_example_reads_as_described() {
        let p: Position = EXAMPLE.parse().unwrap();
        assert_eq!(
            (p.pile(PileId::ALL[0]).hidden(), p.pile(PileId::ALL[0]).face_up()),
            (&[c("5C"), c("2D")][..], &[c("KS"), c("QH")][..])
        );
        assert_eq!((p.pile(PileId::ALL[1]).hidden(), p.pile(PileId::ALL[1]).face_up()), (&[][..], &[c("AH")][..]));
        assert!(p.pile(PileId::ALL[2]).is_empty());
        assert_eq!(p.pile(PileId::ALL[6]).top(), Some(c("8D")));
        // Next drawn first on the line; the stock's slice has it last.
        assert_eq!(p.stock().iter().rev().take(2).copied().collect::<Vec<_>>(), [c("4D"), c("JC")]);
        // 11 cards are elsewhere: 7 on the tableau, 2 in the waste, 2 on
        // the clubs foundation.
        assert_eq!(p.stock_len(), 52 - 11);
        assert_eq!(p.waste(), [c("9S"), c("3H")]);
        assert_eq!(p.foundation_top(Suit::Clubs), Some(c("2C")));
        assert_eq!(p.foundation_count(), 2);
        assert_eq!(p.pass(), 2);
        // Written out in full (no `*`), it reads back the same.
        let line = p.to_string();
        assert!(
            line.starts_with("tableau 5C 2D | KS QH / | AH / - / - / - / - / 3S | 8D ; stock 4D JC 3C 4C"),
            "{line}"
        );
        assert!(line.ends_with(" ; waste 9S 3H ; foundations 2C - - - ; pass 2"), "{line}");
        assert_eq!(line.parse::<Position>(), Ok(p));
    }

    #[test]
    fn an_opening_deal_reads_back() {
        let p = Position::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE));
        let line = p.to_string();
        assert_eq!(line.matches('|').count(), 7);
        assert!(line.contains(" ; waste - ; foundations - - - - ; pass 1"), "{line}");
        assert_eq!(line.parse::<Position>(), Ok(p));
    }

    #[test]
    fn reading_is_lenient_about_case_and_spacing_only() {
        let loose = "TABLEAU |ks/-/-/-/-/-/-;stock -;waste -;foundations kc kd kh qs;pass 1";
        let p: Position = loose.parse().unwrap();
        assert_eq!(
            p.to_string(),
            "tableau | KS / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH QS ; pass 1"
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let err = |line: &str| line.parse::<Position>().unwrap_err().to_string();
        let good = ["tableau | KS / - / - / - / - / - / -", "stock -", "waste -", "foundations KC KD KH QS", "pass 1"];
        let with = |i: usize, part: &str| {
            let mut parts = good;
            parts[i] = part;
            parts.join(" ; ")
        };
        assert_eq!(
            err(""),
            "a position line has 5 parts separated by ';' (tableau, stock, waste, foundations, pass), not 1"
        );
        assert_eq!(err(" ;;;;"), "part 1 of the line should start with 'tableau', not ''");
        assert_eq!(
            err("tableau - ; stock -"),
            "a position line has 5 parts separated by ';' (tableau, stock, waste, foundations, pass), not 2"
        );
        assert_eq!(err(&with(1, "talon -")), "part 2 of the line should start with 'stock', not 'talon'");
        assert_eq!(err(&with(0, "tableau | KS / - / -")), "the tableau has 7 piles separated by '/', not 3");
        assert_eq!(
            err(&with(0, "tableau | KS / - / - / - / | | / - / -")),
            "pile 5 should be its face-down cards, '|', then its face-up cards ('-' when it is empty)"
        );
        assert_eq!(
            err(&with(0, "tableau | KS / - / - / KD / - / - / -")),
            "pile 4 should be its face-down cards, '|', then its face-up cards ('-' when it is empty)"
        );
        assert_eq!(
            err(&with(0, "tableau | KX / - / - / - / - / - / -")),
            "pile 1: 'KX' is not a card code (a rank A 2-9 T J Q K, then a suit C D H S, e.g. TH)"
        );
        assert_eq!(
            err(&with(2, "waste 9S -")),
            "the waste: '-' is not a card code (a rank A 2-9 T J Q K, then a suit C D H S, e.g. TH)"
        );
        assert_eq!(err(&with(2, "waste *")), "'*' (every card named nowhere else) can only end the stock");
        assert_eq!(err(&with(1, "stock * 9S")), "'*' (every card named nowhere else) can only end the stock");
        assert_eq!(
            err(&with(3, "foundations KC KD KH")),
            "the foundations are four top cards or '-' (clubs, diamonds, hearts, spades), not 3 entries"
        );
        assert_eq!(
            err(&with(3, "foundations KC KH KD QS")),
            "the diamonds foundation's entry is the king of hearts, not a diamonds"
        );
        assert_eq!(err(&with(4, "pass two")), "'two' is not a pass number: give one whole number from 1 to 4294967295");
        assert_eq!(
            err(&with(4, "pass 99999999999")),
            "'99999999999' is not a pass number: give one whole number from 1 to 4294967295"
        );
        assert_eq!(err(&with(4, "pass 0")), "passes count from 1");
        assert_eq!(err(&with(3, "foundations KC KD KH JS")), "the queen of spades is missing");
        // The queen of spades is on its foundation already.
        assert_eq!(err(&with(1, "stock QS")), "the queen of spades appears twice");
        assert_eq!(err(&with(0, "tableau KS | KS / - / - / - / - / - / -")), "the king of spades appears twice");
        assert_eq!(
            err(&with(0, "tableau KS QS | / - / - / - / - / - / -")),
            "pile 1 has face-down cards but none face up"
        );
        // Control characters are named, not printed.
        assert_eq!(err("tab\u{7}leau;;;;"), "part 1 of the line should start with 'tableau', not 'tab<U+0007>leau'");
    }
}
