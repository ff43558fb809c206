//! A heuristic hint: a good legal move with its reason in words.
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

use crate::game::{Game, Status};
use crate::moves::Move;

/// A suggested move and why, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move to play; `None` when no move helps.
    pub mv: Option<Move>,
    /// Why, in a few plain words.
    pub reason: String,
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
        Status::Won => return Hint { mv: None, reason: "the game is won".into() },
        Status::Stuck => {
            return Hint {
                mv: None,
                reason: "stuck: no move can turn up a card or bring one out of the stock; undo or start a new game"
                    .into(),
            }
        }
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
    let name = |m: &Move| -> String {
        match *m {
            Move::TableauToTableau { from, count, .. } => {
                let up = pos.pile(from).face_up();
                up[up.len() - count].name()
            }
            Move::TableauToFoundation { from } => pos.pile(from).top().map(|c| c.name()).unwrap_or_default(),
            Move::WasteToTableau { .. } | Move::WasteToFoundation => {
                pos.waste().last().map(|c| c.name()).unwrap_or_default()
            }
            Move::FoundationToTableau { suit, .. } => pos.foundation_top(suit).map(|c| c.name()).unwrap_or_default(),
            Move::Draw | Move::Redeal => String::new(),
        }
    };
    // Only a move from a pile turns a card up, so each found names its pile.
    let turning_up = moves.iter().find_map(|m| match *m {
        Move::TableauToTableau { from, .. } | Move::TableauToFoundation { from } if turns_up(m) => Some((m, from)),
        _ => None,
    });
    if let Some((m, from)) = turning_up {
        return Hint { mv: Some(*m), reason: format!("move the {}: it turns up a card on pile {from}", name(m)) };
    }
    if let Some(m) = moves.iter().find(|m| matches!(m, Move::WasteToFoundation | Move::TableauToFoundation { .. })) {
        return Hint { mv: Some(*m), reason: format!("the {} goes to its foundation", name(m)) };
    }
    if let Some(m) = moves.iter().find(|m| matches!(m, Move::WasteToTableau { .. })) {
        return Hint { mv: Some(*m), reason: format!("the {} comes off the waste onto the tableau", name(m)) };
    }
    // A partial build that uncovers a card able to go to its foundation.
    if let Some(m) = moves.iter().find(|m| match **m {
        Move::TableauToTableau { from, count, .. } => {
            let up = pos.pile(from).face_up();
            count < up.len() && {
                let under = up[up.len() - count - 1];
                pos.foundation(under.suit()) + 1 == under.rank().value()
            }
        }
        _ => false,
    }) {
        return Hint {
            mv: Some(*m),
            reason: format!("move the {}: the card under it can then go to its foundation", name(m)),
        };
    }
    if let Some(m) = moves.iter().find(|m| matches!(m, Move::Draw | Move::Redeal)) {
        let what = if *m == Move::Draw { "draw" } else { "redeal" };
        return Hint { mv: Some(*m), reason: format!("no useful move on the table: {what}") };
    }
    Hint { mv: None, reason: "no useful move".into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::rules::Rules;

    #[test]
    fn a_move_left_out_is_never_suggested() {
        let game = Game::new(&Deal::for_game(1).unwrap(), Rules::default());
        let first = hint(&game).mv.expect("game 1 has a useful move");
        let other = hint_where(&game, |m| m != first);
        assert!(other.mv.is_some_and(|m| m != first), "{other:?}");
        assert_eq!(hint_where(&game, |_| false).mv, None);
    }
}
