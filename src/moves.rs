//! [`Move`]: one fully specified move, and [`MoveError`]: why the rules
//! forbid a move in a given position.
//!
//! Tableau piles are numbered 0..=6 inside the engine and 1..=7 in every text
//! a player sees; `Display` for [`Move`] prints the command of SPEC.md's
//! language that plays it (`t 2 5 3`), with no reference to a position.

use std::fmt;

use crate::card::{Card, Suit};

/// A move in Klondike, fully specified: applying it to a position needs no
/// further choice. Pile numbers are 0-based (0..=6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn one card (draw-1) or up to three (draw-3) from the stock to the waste.
    Draw,
    /// Turn the waste over into the stock to begin the next pass (stock empty).
    Redeal,
    /// Top card of the waste onto tableau pile `to`.
    WasteToTableau { to: usize },
    /// Top card of the waste onto its foundation.
    WasteToFoundation,
    /// The top `count` face-up cards (1..=13) of pile `from` onto pile `to`.
    TableauToTableau { from: usize, to: usize, count: usize },
    /// Top card of pile `from` onto its foundation.
    TableauToFoundation { from: usize },
    /// Top card of the foundation of `suit` onto pile `to` (only when the
    /// rules allow foundation-to-tableau moves).
    FoundationToTableau { suit: Suit, to: usize },
}

impl Move {
    /// Every move value the command language can express: draw, redeal, and
    /// each source/destination with every count from 1 to 13. Used to test
    /// that the legal-move generator and `Game::play` agree.
    pub fn all() -> Vec<Move> {
        let mut all = vec![Move::Draw, Move::Redeal, Move::WasteToFoundation];
        for to in 0..7 {
            all.push(Move::WasteToTableau { to });
            for suit in Suit::ALL {
                all.push(Move::FoundationToTableau { suit, to });
            }
        }
        for from in 0..7 {
            all.push(Move::TableauToFoundation { from });
            for to in 0..7 {
                for count in 1..=13 {
                    all.push(Move::TableauToTableau { from, to, count });
                }
            }
        }
        all
    }
}

impl Move {
    /// The tableau pile (0..=6) the move puts cards on, if any.
    pub fn destination_pile(self) -> Option<usize> {
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
            Move::WasteToTableau { to } => write!(f, "w {}", to + 1),
            Move::WasteToFoundation => f.write_str("w f"),
            Move::TableauToTableau { from, to, count } => {
                write!(f, "t {} {} {}", from + 1, to + 1, count)
            }
            Move::TableauToFoundation { from } => write!(f, "t {} f", from + 1),
            Move::FoundationToTableau { suit, to } => {
                write!(f, "f {} {}", suit.letter().to_ascii_lowercase(), to + 1)
            }
        }
    }
}

/// Why the rules forbid a move in the current position. Each message is one
/// line naming the card, where it is and which rule stops it. Pile numbers
/// held here are 0-based; messages print them 1-based.
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
    PileEmpty { pile: usize },
    /// Source and destination are the same pile.
    SamePile { pile: usize },
    /// The card does not go on its foundation yet.
    NotNextOnFoundation { card: Card, foundation_top: Option<Card> },
    /// The card is not one lower and of the other colour than the pile's top card.
    DoesNotBuild { card: Card, pile: usize, top: Card },
    /// Only a king (or a build led by a king) may go to an empty pile.
    OnlyKingOnEmpty { card: Card, pile: usize },
    /// `t A B` where no count of face-up cards of A fits on B.
    NoBuildFits { from: usize, to: usize, bottom: Card, top: Card, onto: Option<Card> },
    /// More cards were asked for than pile `pile` has face up.
    NotEnoughFaceUp { pile: usize, count: usize, face_up: usize },
    /// A count of cards that is zero or over 13.
    BadCount { count: usize },
    /// A pile number outside 0..=6.
    NoSuchPile { pile: usize },
    /// Foundation-to-tableau moves are off under the rules in force.
    FoundationToTableauOff { card: Card, pile: usize },
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
    CardNotOnTop { card: Card, pile: usize, above: usize },
    /// A card named alone can go nowhere now.
    CardGoesNowhere { card: Card },
    /// A card named alone fits on several piles (0-based, at least two).
    CardFitsSeveral { card: Card, piles: Vec<usize> },
}

fn needs(card: Card) -> String {
    if card.rank().value() == 13 {
        return format!("the {} can go only to a foundation or an empty pile", card.name());
    }
    let colour = match card.colour() {
        crate::card::Colour::Red => "black",
        crate::card::Colour::Black => "red",
    };
    let above = crate::card::Rank::new(card.rank().value() + 1).map_or("", |r| r.name());
    format!("the {} needs a {colour} {above}", card.name())
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::StockAndWasteEmpty => {
                f.write_str("cannot draw: the stock and the waste are both empty")
            }
            MoveError::StockEmpty => {
                f.write_str("the stock is empty: the next draw turns the waste over (a redeal)")
            }
            MoveError::NoRedealLeft { passes } => write!(
                f,
                "cannot draw: the stock is empty and the pass limit of {passes} allows no redeal"
            ),
            MoveError::StockNotEmpty { cards } => {
                write!(f, "cannot redeal: the stock still has {cards} cards")
            }
            MoveError::WasteEmpty => f.write_str("the waste is empty"),
            MoveError::PileEmpty { pile } => write!(f, "pile {} is empty", pile + 1),
            MoveError::SamePile { pile } => {
                write!(f, "pile {} is both the source and the destination", pile + 1)
            }
            MoveError::NotNextOnFoundation { card, foundation_top } => match foundation_top {
                None => write!(
                    f,
                    "the {} cannot go to the foundation: the {} foundation is empty and starts with the ace",
                    card.name(),
                    card.suit().name()
                ),
                Some(top) => write!(
                    f,
                    "the {} cannot go to the foundation: the {} foundation is up to the {}",
                    card.name(),
                    card.suit().name(),
                    top.name()
                ),
            },
            MoveError::DoesNotBuild { card, pile, top } => write!(
                f,
                "{}, and pile {} ends with the {}",
                needs(*card),
                pile + 1,
                top.name()
            ),
            MoveError::OnlyKingOnEmpty { card, pile } => write!(
                f,
                "pile {} is empty and only a king may go there, not the {}",
                pile + 1,
                card.name()
            ),
            MoveError::NoBuildFits { from, to, bottom, top, onto } => {
                let (what, verb) = if bottom == top {
                    (format!("the {}", top.name()), "cannot go")
                } else {
                    (format!("no card from the {} up to the {}", bottom.name(), top.name()), "can go")
                };
                match onto {
                    Some(onto) if onto.rank().value() == 1 => write!(
                        f,
                        "{what} on pile {} {verb} onto the {} on pile {}: nothing is built on an ace",
                        from + 1,
                        onto.name(),
                        to + 1
                    ),
                    Some(onto) => write!(
                        f,
                        "{what} on pile {} {verb} onto the {} on pile {}, which takes only a {} {}",
                        from + 1,
                        onto.name(),
                        to + 1,
                        match onto.colour() {
                            crate::card::Colour::Red => "black",
                            crate::card::Colour::Black => "red",
                        },
                        crate::card::Rank::new(onto.rank().value().wrapping_sub(1))
                            .map_or("card", |r| r.name())
                    ),
                    None => write!(
                        f,
                        "{what} on pile {} {verb} to pile {}: it is empty and only a king may go there",
                        from + 1,
                        to + 1
                    ),
                }
            }
            MoveError::NotEnoughFaceUp { pile, count, face_up } => write!(
                f,
                "pile {} has {face_up} face-up card{}, not {count}",
                pile + 1,
                if *face_up == 1 { "" } else { "s" }
            ),
            MoveError::BadCount { count } => {
                write!(f, "{count} is not a number of cards to move (1 to 13)")
            }
            MoveError::NoSuchPile { pile } => {
                write!(f, "there is no pile {} (piles are 1 to 7)", pile + 1)
            }
            MoveError::FoundationToTableauOff { card, pile } => write!(
                f,
                "the {} cannot come down from its foundation to pile {}: moves from a foundation to the tableau are off (start with --foundation-to-tableau)",
                card.name(),
                pile + 1
            ),
            MoveError::FoundationEmpty { suit } => {
                write!(f, "the {} foundation is empty", suit.name())
            }
            MoveError::CardHidden { card } => {
                write!(f, "the {} is face down or in the stock", card.name())
            }
            MoveError::CardUnderWaste { card, above } => write!(
                f,
                "the {} is in the waste under {above} card{}: only the top card can be played",
                card.name(),
                if *above == 1 { "" } else { "s" }
            ),
            MoveError::CardUnderFoundation { card } => {
                write!(f, "the {} is on its foundation under other cards", card.name())
            }
            MoveError::CardOnFoundation { card } => write!(f, "the {} is on its foundation already", card.name()),
            MoveError::CardNotOnTop { card, pile, above } => write!(
                f,
                "the {} has {above} card{} on it on pile {}: only a top card can go to a foundation",
                card.name(),
                if *above == 1 { "" } else { "s" },
                pile + 1
            ),
            MoveError::CardGoesNowhere { card } => write!(f, "the {} can go nowhere now", card.name()),
            MoveError::CardFitsSeveral { card, piles } => {
                let names: Vec<String> = piles.iter().map(|p| (p + 1).to_string()).collect();
                write!(
                    f,
                    "the {} fits on piles {}: add the pile, for example {} {}",
                    card.name(),
                    crate::render::words::join_and(&names),
                    card.to_string().to_lowercase(),
                    piles[0] + 1
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;

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
        let e = MoveError::DoesNotBuild { card: c("9S"), pile: 4, top: c("TC") };
        assert_eq!(e.to_string(), "the 9 of spades needs a red 10, and pile 5 ends with the 10 of clubs");
        let e = MoveError::OnlyKingOnEmpty { card: c("QH"), pile: 0 };
        assert_eq!(e.to_string(), "pile 1 is empty and only a king may go there, not the queen of hearts");
    }
}
