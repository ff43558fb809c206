//! The ranking of useful moves, best first, and the hint that follows it:
//! `moves` lists [`ranked_moves`], and [`hint`] suggests the first of them
//! that is allowed (after a solver's check, the first that keeps the game
//! winnable).
//!
//! The groups, best first ([`MoveGroup`]):
//! 1. moves that turn up a face-down card;
//! 2. moves to a foundation (from the waste or a pile);
//! 3. waste to tableau;
//! 4. other tableau-to-tableau moves;
//! 5. foundation to tableau;
//! 6. the draw (or the redeal).
//!
//! Within a group the moves keep the order of [`Game::legal_moves`].
//! Pointless moves are left out ([`is_pointless`]). The hint never
//! suggests a move that merely undoes the previous one, nor a card taken
//! down from its foundation.

use crate::engine::card::Card;
use crate::engine::game::{Game, Position, Status};
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::Rules;

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
    /// Moving `card` and the cards on it empties pile `pile`, a place for
    /// a king.
    EmptiesPile {
        /// The card moved (the deepest of the cards moved).
        card: Card,
        /// The pile left empty.
        pile: PileId,
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
    let first = candidates(game).into_iter().find(|&m| allowed(m));
    let Some(mv) = first else {
        return Hint { mv: None, reason: Reason::NoUsefulMove };
    };
    let card = moved_card(pos, mv);
    let reason = match (group(pos, mv), card, mv) {
        (MoveGroup::FromStock, _, _) => Reason::FromTheStock { redeal: mv == Move::Redeal },
        (MoveGroup::TurnsUp, Some(card), Move::TableauToTableau { from, .. } | Move::TableauToFoundation { from }) => {
            Reason::TurnsUp { card, pile: from }
        }
        (MoveGroup::ToFoundation, Some(card), _) => Reason::ToFoundation { card },
        (MoveGroup::OffTheWaste, Some(card), _) => Reason::OffTheWaste { card },
        (MoveGroup::Build, Some(card), Move::TableauToTableau { from, count, .. })
            if count == pos.pile(from).face_up().len() =>
        {
            Reason::EmptiesPile { card, pile: from }
        }
        (MoveGroup::Build, Some(card), _) => Reason::Uncovers { card },
        _ => Reason::NoUsefulMove,
    };
    Hint { mv: Some(mv), reason }
}

/// The card `mv` takes in `pos` (the deepest of a build); `None` for a
/// draw or a redeal, or where `pos` has no card there.
pub fn moved_card(pos: &Position, mv: Move) -> Option<Card> {
    match mv {
        Move::TableauToTableau { from, count, .. } => {
            let up = pos.pile(from).face_up();
            up.len().checked_sub(count).map(|i| up[i])
        }
        Move::TableauToFoundation { from } => pos.pile(from).top(),
        Move::WasteToTableau { .. } | Move::WasteToFoundation => pos.waste().last().copied(),
        Move::FoundationToTableau { suit, .. } => pos.foundation_top(suit),
        Move::Draw | Move::Redeal => None,
    }
}

/// The moves a hint may suggest, best first: [`ranked_moves`] less a card
/// taken down from its foundation and a move that merely undoes the
/// previous one.
pub fn candidates(game: &Game) -> Vec<Move> {
    let pos = game.position();
    let previous = game.last_move().map(|p| p.mv);
    ranked_moves(game)
        .into_iter()
        .filter(|&m| group(pos, m) != MoveGroup::FromFoundation && !undoes(previous, m))
        .collect()
}

/// The groups of useful moves, best first (see the module's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveGroup {
    /// Turns up a face-down card.
    TurnsUp,
    /// A card to its foundation.
    ToFoundation,
    /// The waste's top card onto the tableau.
    OffTheWaste,
    /// Another move between piles (one that is not pointless).
    Build,
    /// A card from its foundation onto the tableau.
    FromFoundation,
    /// A draw or a redeal.
    FromStock,
}

/// The group of `mv` (a legal move) in `pos`.
pub fn group(pos: &Position, mv: Move) -> MoveGroup {
    match mv {
        _ if turns_up_a_card(pos, mv) => MoveGroup::TurnsUp,
        Move::WasteToFoundation | Move::TableauToFoundation { .. } => MoveGroup::ToFoundation,
        Move::WasteToTableau { .. } => MoveGroup::OffTheWaste,
        Move::TableauToTableau { .. } => MoveGroup::Build,
        Move::FoundationToTableau { .. } => MoveGroup::FromFoundation,
        Move::Draw | Move::Redeal => MoveGroup::FromStock,
    }
}

/// The legal moves of `game` worth making, best group first, each group in
/// the order of [`Game::legal_moves`].
pub fn ranked_moves(game: &Game) -> Vec<Move> {
    let (pos, rules) = (game.position(), game.rules());
    let mut moves: Vec<Move> = game.legal_moves().into_iter().filter(|&mv| !is_pointless(pos, rules, mv)).collect();
    // Stable: keeps the engine's order within a group.
    moves.sort_by_key(|&mv| group(pos, mv));
    moves
}

/// Whether `mv` takes the last face-up card off a pile that has a
/// face-down card under it, so that card is turned up.
pub fn turns_up_a_card(pos: &Position, mv: Move) -> bool {
    let (from, moved) = match mv {
        Move::TableauToTableau { from, count, .. } => (from, count),
        Move::TableauToFoundation { from } => (from, 1),
        _ => return false,
    };
    let pile = pos.pile(from);
    moved == pile.face_up().len() && !pile.hidden().is_empty()
}

/// Whether a legal move is pointless, and so left out of the ranking: a
/// tableau-to-tableau move that does not turn up a card is kept only when
///
/// - it empties its source pile (which then has no face-down card) onto a
///   pile that is not empty, leaving a space for a king; or
/// - after it, some card can go to a foundation that could not go there
///   before (moving part of a build to uncover a card the foundation wants).
///
/// No other gain needs checking: the cards moved land on a card of the same
/// rank and colour as the one they uncover, so whatever could go on the
/// uncovered card (from the waste or another pile) could already go where
/// they land. Every other kind of move is always kept.
pub fn is_pointless(pos: &Position, rules: &Rules, mv: Move) -> bool {
    let Move::TableauToTableau { from, to, count } = mv else {
        return false;
    };
    if turns_up_a_card(pos, mv) {
        return false;
    }
    if count == pos.pile(from).face_up().len() {
        // The source has no face-down card and is left empty: useful unless
        // the cards only go to another empty pile.
        return pos.pile(to).is_empty();
    }
    let mut after = pos.clone();
    if after.play(mv, rules).is_err() {
        return false;
    }
    let before = foundation_ready(pos);
    !foundation_ready(&after).iter().any(|card| !before.contains(card))
}

/// The cards that can go to a foundation now: the waste's top and the
/// piles' tops that are next on their foundations.
fn foundation_ready(pos: &Position) -> Vec<Card> {
    let fits = |card: &Card| pos.foundation(card.suit()) + 1 == card.rank().value();
    pos.tableau().iter().filter_map(|p| p.top()).chain(pos.waste().last().copied()).filter(fits).collect()
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
