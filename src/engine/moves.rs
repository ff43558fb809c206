//! [`Move`]: one fully specified move, and [`MoveError`]: why the rules
//! forbid a move in a given position.
//!
//! Tableau piles are [`PileId`]s: indexed 0..=6 inside the engine, numbered
//! 1..=7 in every text a player sees; `Display` for [`Move`] prints the
//! command of SPEC.md's language that plays it (`t 2 5 3`), with no
//! reference to a position.

use std::fmt;

use crate::engine::card::{Card, Colour, Rank, Suit};
use crate::engine::text;

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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A draw with nothing in the stock or the waste.
    #[error("cannot draw: the stock and the waste are both empty")]
    StockAndWasteEmpty,
    /// A draw (not a redeal) with an empty stock.
    #[error("the stock is empty: the next draw turns the waste over (a redeal)")]
    StockEmpty,
    /// A draw with an empty stock when the pass limit allows no redeal.
    #[error("cannot draw: the stock is empty and the pass limit of {passes} allows no redeal")]
    NoRedealLeft { passes: u32 },
    /// A redeal while the stock still has cards.
    #[error("cannot redeal: the stock still has {cards} cards")]
    StockNotEmpty { cards: usize },
    /// A waste move with an empty waste.
    #[error("the waste is empty")]
    WasteEmpty,
    /// A tableau move or foundation move from an empty pile.
    #[error("pile {pile} is empty")]
    PileEmpty { pile: PileId },
    /// Source and destination are the same pile.
    #[error("pile {pile} is both the source and the destination")]
    SamePile { pile: PileId },
    /// The card does not go on its foundation yet.
    #[error("{}", not_next_on_foundation(*card, *foundation_top))]
    NotNextOnFoundation { card: Card, foundation_top: Option<Card> },
    /// The card is not one lower and of the other colour than the pile's top card.
    #[error("{}, and pile {pile} ends with the {}", needs(*card), top.name())]
    DoesNotBuild { card: Card, pile: PileId, top: Card },
    /// Only a king (or a build led by a king) may go to an empty pile.
    #[error("pile {pile} is empty and only a king may go there, not the {}", card.name())]
    OnlyKingOnEmpty { card: Card, pile: PileId },
    /// `t A B` where no count of face-up cards of A fits on B.
    #[error("{}", no_build_fits(*from, *to, *bottom, *top, *onto))]
    NoBuildFits { from: PileId, to: PileId, bottom: Card, top: Card, onto: Option<Card> },
    /// More cards were asked for than pile `pile` has face up.
    #[error("pile {pile} has {}, not {count}", text::count(*face_up, "face-up card"))]
    NotEnoughFaceUp { pile: PileId, count: usize, face_up: usize },
    /// A count of cards that is zero or over 13.
    #[error("{count} is not a number of cards to move (1 to 13)")]
    BadCount { count: usize },
    /// Foundation-to-tableau moves are off under the rules in force. (How
    /// to turn them on is the presentation layer's to say: the engine
    /// knows no command-line options.)
    #[error(
        "the {} cannot come down from its foundation to pile {pile}: moves from a foundation to the tableau are off",
        card.name()
    )]
    FoundationToTableauOff { card: Card, pile: PileId },
    /// Foundation-to-tableau moves are off, and the foundation named is
    /// empty besides: the rule is what the player needs to hear.
    #[error(
        "nothing comes down from the {} foundation to pile {pile}: moves from a foundation to the tableau are off",
        suit.name()
    )]
    FoundationMovesOff { suit: Suit, pile: PileId },
    /// The foundation of the suit has no card.
    #[error("the {} foundation is empty", suit.name())]
    FoundationEmpty { suit: Suit },
    /// A card named by its code is face down or in the stock.
    #[error("the {} is face down or in the stock", card.name())]
    CardHidden { card: Card },
    /// A card named by its code is in the waste under `above` cards.
    #[error("the {} is in the waste under {}: only the top card can be played", card.name(), text::count(*above, "card"))]
    CardUnderWaste { card: Card, above: usize },
    /// A card named by its code is on its foundation under other cards.
    #[error("the {} is on its foundation under other cards", card.name())]
    CardUnderFoundation { card: Card },
    /// A card named for its foundation is on it already.
    #[error("the {} is on its foundation already", card.name())]
    CardOnFoundation { card: Card },
    /// A card named for its foundation has `above` cards on it on pile `pile`.
    #[error(
        "the {} has {} on it on pile {pile}: only a top card can go to a foundation",
        card.name(),
        text::count(*above, "card")
    )]
    CardNotOnTop { card: Card, pile: PileId, above: usize },
    /// A card named with a pile is on that pile already.
    #[error("the {} is on pile {pile} already", card.name())]
    CardOnPile { card: Card, pile: PileId },
    /// A card named alone can go nowhere now.
    #[error("the {} can go nowhere now", card.name())]
    CardGoesNowhere { card: Card },
    /// A card named alone is the bottom card of its pile, with nothing
    /// face down under it, and could only go to an empty pile: a move that
    /// changes nothing, made only when the pile is named.
    #[error("the {} is at the bottom of pile {pile} already: another empty pile changes nothing (name one to move it all the same, {} {to})", card.name(), card.to_string().to_lowercase())]
    CardAtBottom { card: Card, pile: PileId, to: PileId },
    /// A card named alone fits on several piles (at least two).
    #[error("{}", fits_several(*card, piles))]
    CardFitsSeveral { card: Card, piles: Vec<PileId> },
}

/// The colour a card of `colour` is built on, and builds take: the other.
fn other_colour(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "black",
        Colour::Black => "red",
    }
}

/// "the 9 of spades needs a red 10": what `card` goes on in the tableau.
fn needs(card: Card) -> String {
    if card.rank() == Rank::KING {
        // In the tableau, that is: whether it may go up is the
        // foundation's to say (it was "only to a foundation or an empty
        // pile", said where it could not go up).
        return format!("the {} goes only on an empty pile", card.name());
    }
    let above = Rank::new(card.rank().value() + 1).map_or("", Rank::name);
    format!("the {} needs a {} {above}", card.name(), other_colour(card.colour()))
}

/// "the ace of hearts cannot go to the foundation: ...": why `card` does not
/// go on its foundation, whose top card is `foundation_top`.
fn not_next_on_foundation(card: Card, foundation_top: Option<Card>) -> String {
    match foundation_top {
        None => format!(
            "the {} cannot go to the foundation: the {} foundation is empty and starts with the ace",
            card.name(),
            card.suit().name()
        ),
        Some(top) => format!(
            "the {} cannot go to the foundation: the {} foundation is up to the {}",
            card.name(),
            card.suit().name(),
            top.name()
        ),
    }
}

/// Why no count of the face-up cards `bottom` (deepest) to `top` of pile
/// `from` fits on pile `to`, whose top card is `onto`.
fn no_build_fits(from: PileId, to: PileId, bottom: Card, top: Card, onto: Option<Card>) -> String {
    let (what, verb) = if bottom == top {
        (format!("the {}", top.name()), "cannot go")
    } else {
        (format!("no card from the {} up to the {}", bottom.name(), top.name()), "can go")
    };
    match onto {
        Some(onto) if onto.rank() == Rank::ACE => {
            format!("{what} on pile {from} {verb} onto the {} on pile {to}: nothing is built on an ace", onto.name())
        }
        Some(onto) => format!(
            "{what} on pile {from} {verb} onto the {} on pile {to}, which takes only a {} {}",
            onto.name(),
            other_colour(onto.colour()),
            Rank::new(onto.rank().value().wrapping_sub(1)).map_or("card", Rank::name)
        ),
        None => {
            format!("{what} on pile {from} {verb} to pile {to}: it is empty and only a king may go there")
        }
    }
}

/// "the 9 of hearts fits on piles 2 and 5: add the pile, for example 9h 2"
/// (with no `piles`, the example names no pile rather than failing). The
/// example is the card's code and a pile, as the card is written anywhere.
fn fits_several(card: Card, piles: &[PileId]) -> String {
    let names: Vec<String> = piles.iter().map(PileId::to_string).collect();
    let example = piles.first().map_or(String::new(), |p| format!(" {p}"));
    format!(
        "the {} fits on piles {}: add the pile, for example {}{example}",
        card.name(),
        text::join_and(&names),
        card.to_string().to_lowercase(),
    )
}

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
        let e = MoveError::DoesNotBuild { card: c("KC"), pile: PileId::ALL[4], top: c("4S") };
        assert_eq!(e.to_string(), "the king of clubs goes only on an empty pile, and pile 5 ends with the 4 of spades");
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
