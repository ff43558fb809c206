//! [`Move`]: one fully specified move, and [`MoveError`]: why the rules
//! forbid a move in a given position.
//!
//! Tableau piles are [`PileId`]s: indexed 0..=6 inside the engine, numbered
//! 1..=7 in every text a player sees; `Display` for [`Move`] prints the
//! command of SPEC.md's language that plays it (`t 2 5 3`), with no
//! reference to a position.

use std::fmt;

use crate::engine::card::{Card, Suit};

/// One of the seven tableau piles: pile 1 to 7 as players number them, 0 to
/// 6 as the engine indexes them. A `PileId` is always one of the seven, so
/// indexing the tableau with it cannot go out of range; text becomes one
/// only through [`PileId::new`] or [`PileId::from_number`], which refuse
/// anything else. ([`crate::engine::game::Pile`] is the pile's cards; this names
/// which pile.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PileId(u8);

impl PileId {
    /// The seven piles in order, pile 1 (index 0) first.
    pub const ALL: [PileId; 7] = [PileId(0), PileId(1), PileId(2), PileId(3), PileId(4), PileId(5), PileId(6)];

    /// The pile of 0-based `index` (0..=6); `None` for any other index.
    pub const fn new(index: usize) -> Option<PileId> {
        if index < 7 {
            // In range, so the cast keeps the value.
            Some(PileId(index as u8))
        } else {
            None
        }
    }

    /// The pile a player calls `number` (1..=7); `None` for 0 or above 7.
    pub const fn from_number(number: usize) -> Option<PileId> {
        match number.checked_sub(1) {
            Some(index) => PileId::new(index),
            None => None,
        }
    }

    /// The 0-based index, 0..=6: the pile's place in [`Position::tableau`].
    ///
    /// [`Position::tableau`]: crate::engine::game::Position::tableau
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number players see and type, 1..=7.
    pub const fn number(self) -> usize {
        self.0 as usize + 1
    }
}

impl fmt::Display for PileId {
    /// The 1-based number players see (`3` for index 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A move in Klondike, fully specified: applying it to a position needs no
/// further choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn one card (draw-1) or up to three (draw-3) from the stock to the waste.
    Draw,
    /// Turn the waste over into the stock to begin the next pass (stock empty).
    Redeal,
    /// Top card of the waste onto tableau pile `to`.
    WasteToTableau { to: PileId },
    /// Top card of the waste onto its foundation.
    WasteToFoundation,
    /// The top `count` face-up cards (1..=13) of pile `from` onto pile `to`.
    TableauToTableau { from: PileId, to: PileId, count: usize },
    /// Top card of pile `from` onto its foundation.
    TableauToFoundation { from: PileId },
    /// Top card of the foundation of `suit` onto pile `to` (only when the
    /// rules allow foundation-to-tableau moves).
    FoundationToTableau { suit: Suit, to: PileId },
}

impl Move {
    /// Every move value the command language can express: draw, redeal, and
    /// each source/destination with every count from 1 to 13. Used to test
    /// that the legal-move generator and `Game::play` agree.
    pub fn all() -> Vec<Move> {
        let mut all = vec![Move::Draw, Move::Redeal, Move::WasteToFoundation];
        for to in PileId::ALL {
            all.push(Move::WasteToTableau { to });
            for suit in Suit::ALL {
                all.push(Move::FoundationToTableau { suit, to });
            }
        }
        for from in PileId::ALL {
            all.push(Move::TableauToFoundation { from });
            for to in PileId::ALL {
                for count in 1..=13 {
                    all.push(Move::TableauToTableau { from, to, count });
                }
            }
        }
        all
    }
}

impl Move {
    /// The tableau pile the move puts cards on, if any.
    pub fn destination_pile(self) -> Option<PileId> {
        match self {
            Move::WasteToTableau { to } | Move::TableauToTableau { to, .. } | Move::FoundationToTableau { to, .. } => {
                Some(to)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    /// The command that plays this move: `d`, `w 3`, `w f`, `t 2 5 3`,
    /// `t 4 f`, `f h 6`. A redeal is `d`, as in the command language.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draw | Move::Redeal => f.write_str("d"),
            Move::WasteToTableau { to } => write!(f, "w {to}"),
            Move::WasteToFoundation => f.write_str("w f"),
            Move::TableauToTableau { from, to, count } => {
                write!(f, "t {from} {to} {count}")
            }
            Move::TableauToFoundation { from } => write!(f, "t {from} f"),
            Move::FoundationToTableau { suit, to } => {
                write!(f, "f {} {to}", suit.letter().to_ascii_lowercase())
            }
        }
    }
}

/// Why the rules forbid a move in the current position. Each message is one
/// line naming the card, where it is and which rule stops it; piles are
/// named by their numbers (1 to 7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A draw with nothing in the stock or the waste.
    StockAndWasteEmpty,
    /// A draw (not a redeal) with an empty stock.
    StockEmpty,
    /// A draw with an empty stock when the pass limit allows no redeal.
    NoRedealLeft { passes: u32 },
    /// A redeal while the stock still has cards.
    StockNotEmpty { cards: usize },
    /// A waste move with an empty waste.
    WasteEmpty,
    /// A tableau move or foundation move from an empty pile.
    PileEmpty { pile: PileId },
    /// Source and destination are the same pile.
    SamePile { pile: PileId },
    /// The card does not go on its foundation yet.
    NotNextOnFoundation { card: Card, foundation_top: Option<Card> },
    /// The card is not one lower and of the other colour than the pile's top card.
    DoesNotBuild { card: Card, pile: PileId, top: Card },
    /// Only a king (or a build led by a king) may go to an empty pile.
    OnlyKingOnEmpty { card: Card, pile: PileId },
    /// `t A B` where no count of face-up cards of A fits on B.
    NoBuildFits { from: PileId, to: PileId, bottom: Card, top: Card, onto: Option<Card> },
    /// More cards were asked for than pile `pile` has face up.
    NotEnoughFaceUp { pile: PileId, count: usize, face_up: usize },
    /// A count of cards that is zero or over 13.
    BadCount { count: usize },
    /// Foundation-to-tableau moves are off under the rules in force.
    FoundationToTableauOff { card: Card, pile: PileId },
    /// The foundation of the suit has no card.
    FoundationEmpty { suit: Suit },
    /// A card named by its code is face down or in the stock.
    CardHidden { card: Card },
    /// A card named by its code is in the waste under `above` cards.
    CardUnderWaste { card: Card, above: usize },
    /// A card named by its code is on its foundation under other cards.
    CardUnderFoundation { card: Card },
    /// A card named for its foundation is on it already.
    CardOnFoundation { card: Card },
    /// A card named for its foundation has `above` cards on it on pile `pile`.
    CardNotOnTop { card: Card, pile: PileId, above: usize },
    /// A card named with a pile is on that pile already.
    CardOnPile { card: Card, pile: PileId },
    /// A card named alone can go nowhere now.
    CardGoesNowhere { card: Card },
    /// A card named alone fits on several piles (at least two).
    CardFitsSeveral { card: Card, piles: Vec<PileId> },
}

crate::worded_by!(MoveError => crate::app::render::errors::move_error);

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pile_ids_are_the_seven_piles() {
        // ALL is index 0 to 6 in order, and number is index + 1.
        for (i, pile) in PileId::ALL.into_iter().enumerate() {
            assert_eq!(pile.index(), i);
            assert_eq!(pile.number(), i + 1);
            assert_eq!(pile.to_string(), (i + 1).to_string());
            assert_eq!(PileId::new(i), Some(pile));
            assert_eq!(PileId::from_number(i + 1), Some(pile));
        }
        // Nothing outside the seven becomes a pile.
        assert_eq!(PileId::new(7), None);
        assert_eq!(PileId::new(usize::MAX), None);
        assert_eq!(PileId::from_number(0), None);
        assert_eq!(PileId::from_number(8), None);
        assert_eq!(PileId::from_number(usize::MAX), None);
        assert!(PileId::ALL.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn all_moves_are_distinct() {
        let all = Move::all();
        let set: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(set.len(), all.len());
        assert_eq!(all.len(), 3 + 7 * 5 + 7 * (1 + 7 * 13));
    }

    #[test]
    fn rule_messages_name_card_and_rule() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let e = MoveError::DoesNotBuild { card: c("9S"), pile: PileId::ALL[4], top: c("TC") };
        assert_eq!(e.to_string(), "the 9 of spades needs a red 10, and pile 5 ends with the 10 of clubs");
        let e = MoveError::OnlyKingOnEmpty { card: c("QH"), pile: PileId::ALL[0] };
        assert_eq!(e.to_string(), "pile 1 is empty and only a king may go there, not the queen of hearts");
    }

    #[test]
    fn computed_messages() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let e = MoveError::CardFitsSeveral { card: c("9H"), piles: vec![PileId::ALL[1], PileId::ALL[4]] };
        assert_eq!(e.to_string(), "the 9 of hearts fits on piles 2 and 5: add the pile, for example 9h 2");
        // Not made by the engine, but a message is no reason to panic.
        let e = MoveError::CardFitsSeveral { card: c("9H"), piles: vec![] };
        assert!(e.to_string().starts_with("the 9 of hearts fits on piles"), "{e}");
        let e = MoveError::NotEnoughFaceUp { pile: PileId::ALL[2], count: 3, face_up: 1 };
        assert_eq!(e.to_string(), "pile 3 has 1 face-up card, not 3");
        let e = MoveError::CardUnderWaste { card: c("2C"), above: 2 };
        assert_eq!(e.to_string(), "the 2 of clubs is in the waste under 2 cards: only the top card can be played");
        let e = MoveError::NotNextOnFoundation { card: c("3D"), foundation_top: Some(c("AD")) };
        assert_eq!(
            e.to_string(),
            "the 3 of diamonds cannot go to the foundation: the diamonds foundation is up to the ace of diamonds"
        );
        let e = MoveError::NoBuildFits {
            from: PileId::ALL[0],
            to: PileId::ALL[1],
            bottom: c("5S"),
            top: c("5S"),
            onto: Some(c("AH")),
        };
        assert_eq!(
            e.to_string(),
            "the 5 of spades on pile 1 cannot go onto the ace of hearts on pile 2: nothing is built on an ace"
        );
    }
}
