//! A heuristic hint: a good legal move with its reason, as data: how a
//! reason is said to a player (with what to do next) is the presentation
//! layer's.
//!
//! The order of preference, first match wins:
//! 1. a move that turns up a face-down card (tableau to foundation or to
//!    another pile);
//! 2. a card to its foundation from the waste or the tableau;
//! 3. the waste's top card onto the tableau;
//! 4. a king-led build from a pile with face-down cards... (covered by 1)
//!    and a partial build whose move lets the card it uncovers go up;
//! 5. draw (or redeal).
//!
//! A move that merely undoes the previous move is never suggested, nor a
//! king-led build moved from one empty pile to another.

use crate::engine::card::Card;
use crate::engine::game::{Game, Status};
use crate::engine::moves::{Move, PileId};

/// A suggested move and why, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move to play; `None` when no move helps.
    pub mv: Option<Move>,
    /// Why (as data; the presentation layer words it).
    pub reason: Reason,
}

/// Why a hint suggests its move, or none: the preference that chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The game is won: no move.
    Won,
    /// The game is stuck: no move.
    Stuck,
    /// Moving `card` turns up a face-down card on pile `pile`.
    TurnsUp {
        /// The card moved (the deepest of a build).
        card: Card,
        /// The pile it leaves.
        pile: PileId,
    },
    /// `card` goes to its foundation.
    ToFoundation {
        /// The card.
        card: Card,
    },
    /// `card` comes off the waste onto the tableau.
    OffTheWaste {
        /// The card.
        card: Card,
    },
    /// Moving `card` (part of a build) uncovers a card that can go to its
    /// foundation.
    Uncovers {
        /// The card moved (the deepest of the part moved).
        card: Card,
    },
    /// No useful move on the table: draw, or (`redeal`) turn the waste over.
    FromTheStock {
        /// The move is a redeal, not a draw.
        redeal: bool,
    },
    /// No move helps.
    NoUsefulMove,
}

fn undoes(previous: Option<Move>, mv: Move) -> bool {
    match (previous, mv) {
        (Some(Move::TableauToTableau { from: a, to: b, count: k }), Move::TableauToTableau { from, to, count }) => {
            from == b && to == a && count == k
        }
        (Some(Move::TableauToFoundation { from }), Move::FoundationToTableau { to, .. }) => from == to,
        (Some(Move::FoundationToTableau { to, .. }), Move::TableauToFoundation { from }) => from == to,
        _ => false,
    }
}

/// The hint for the current position of `game`.
pub fn hint(game: &Game) -> Hint {
    hint_where(game, |_| true)
}

/// The hint for the current position of `game` among the moves that
/// `allowed` accepts (for instance, those after which a solver does not
/// prove the game lost).
pub fn hint_where(game: &Game, allowed: impl Fn(Move) -> bool) -> Hint {
    match game.status() {
        Status::Won => return Hint { mv: None, reason: Reason::Won },
        Status::Stuck => return Hint { mv: None, reason: Reason::Stuck },
        Status::Playing => {}
    }
    let pos = game.position();
    let previous = game.last_move().map(|p| p.mv);
    let moves: Vec<Move> = game.legal_moves().into_iter().filter(|&m| !undoes(previous, m) && allowed(m)).collect();
    let turns_up = |m: &Move| match *m {
        Move::TableauToTableau { from, count, .. } => {
            let pile = pos.pile(from);
            count == pile.face_up().len() && !pile.hidden().is_empty()
        }
        Move::TableauToFoundation { from } => {
            let pile = pos.pile(from);
            pile.face_up().len() == 1 && !pile.hidden().is_empty()
        }
        _ => false,
    };
    // The card a move takes (the deepest of a build); none for the stock.
    let card = |m: &Move| -> Option<Card> {
        match *m {
            Move::TableauToTableau { from, count, .. } => {
                let up = pos.pile(from).face_up();
                up.len().checked_sub(count).map(|i| up[i])
            }
            Move::TableauToFoundation { from } => pos.pile(from).top(),
            Move::WasteToTableau { .. } | Move::WasteToFoundation => pos.waste().last().copied(),
            Move::FoundationToTableau { suit, .. } => pos.foundation_top(suit),
            Move::Draw | Move::Redeal => None,
        }
    };
    let suggest = |m: &Move, reason: fn(Card) -> Reason| card(m).map(|c| Hint { mv: Some(*m), reason: reason(c) });
    // Only a move from a pile turns a card up, so each found names its pile.
    let turning_up = moves.iter().find_map(|m| match *m {
        Move::TableauToTableau { from, .. } | Move::TableauToFoundation { from } if turns_up(m) => {
            card(m).map(|card| Hint { mv: Some(*m), reason: Reason::TurnsUp { card, pile: from } })
        }
        _ => None,
    });
    if let Some(hint) = turning_up {
        return hint;
    }
    let to_foundation = moves.iter().find(|m| matches!(m, Move::WasteToFoundation | Move::TableauToFoundation { .. }));
    if let Some(hint) = to_foundation.and_then(|m| suggest(m, |card| Reason::ToFoundation { card })) {
        return hint;
    }
    let off_the_waste = moves.iter().find(|m| matches!(m, Move::WasteToTableau { .. }));
    if let Some(hint) = off_the_waste.and_then(|m| suggest(m, |card| Reason::OffTheWaste { card })) {
        return hint;
    }
    // A partial build that uncovers a card able to go to its foundation.
    let uncovering = moves.iter().find(|m| match **m {
        Move::TableauToTableau { from, count, .. } => {
            let up = pos.pile(from).face_up();
            count < up.len() && {
                let under = up[up.len() - count - 1];
                pos.foundation(under.suit()) + 1 == under.rank().value()
            }
        }
        _ => false,
    });
    if let Some(hint) = uncovering.and_then(|m| suggest(m, |card| Reason::Uncovers { card })) {
        return hint;
    }
    if let Some(m) = moves.iter().find(|m| matches!(m, Move::Draw | Move::Redeal)) {
        return Hint { mv: Some(*m), reason: Reason::FromTheStock { redeal: *m == Move::Redeal } };
    }
    Hint { mv: None, reason: Reason::NoUsefulMove }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::Deal;
    use crate::engine::rules::Rules;

    #[test]
    fn a_move_left_out_is_never_suggested() {
        let game = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        let first = hint(&game).mv.expect("game 1 has a useful move");
        let other = hint_where(&game, |m| m != first);
        assert!(other.mv.is_some_and(|m| m != first), "{other:?}");
        assert_eq!(hint_where(&game, |_| false).mv, None);
    }
}
