//! Moves the front end may play for the player, one at a time (each its own
//! undo entry): safe cards to the foundations, and the finish of a game
//! whose every card is face up.
//!
//! # When a card is safe to put home
//!
//! A card is *safe* on its foundation when it can never again be needed on
//! the tableau, so putting it there now can never cost the game:
//!
//! - an ace or a 2 is always safe: nothing builds on an ace, and the only
//!   cards that could build on a 2 are aces, which go home themselves;
//! - a card of rank `r` (3 and up) is safe when both foundations of the
//!   other colour hold at least `r - 1` cards. The only cards that could
//!   ever be built on it are the two cards of rank `r - 1` of the other
//!   colour, and those are then already home.
//!
//! So the 3 of hearts is safe when clubs and spades both hold at least two
//! cards, and not when either holds fewer. (With foundation-to-tableau
//! moves on, a card brought home can come back down, so the rule stays
//! safe there too.)

use crate::engine::card::{Card, Suit};
use crate::engine::game::Position;
use crate::engine::moves::{Move, PileId};

/// True when `card` may go on its foundation now (it is the next card of
/// its suit).
fn fits(position: &Position, card: Card) -> bool {
    position.foundation(card.suit()) + 1 == card.rank().value()
}

/// True when `card` can never be needed on the tableau in `position` (see
/// the module docs); it says nothing of whether the card fits its
/// foundation now.
pub fn is_safe(position: &Position, card: Card) -> bool {
    let r = card.rank().value();
    if r <= 2 {
        return true;
    }
    Suit::ALL.iter().filter(|s| s.colour() != card.colour()).all(|&s| position.foundation(s) + 1 >= r)
}

/// Every card that could go to its foundation now with the move that takes
/// it there: the waste's top card, then the top card of each pile in order.
fn candidates(position: &Position) -> Vec<(Card, Move)> {
    let mut out = Vec::new();
    if let Some(&card) = position.waste().last() {
        out.push((card, Move::WasteToFoundation));
    }
    for (from, pile) in PileId::ALL.into_iter().zip(position.tableau()) {
        if let Some(card) = pile.top() {
            out.push((card, Move::TableauToFoundation { from }));
        }
    }
    out.retain(|&(card, _)| fits(position, card));
    out
}

/// The next safe card to put on its foundation (see the module docs), from
/// the waste's top or the top of a pile; `None` when there is none. Among
/// several, the lowest rank goes first, then the waste before the piles,
/// then the lower pile number.
pub fn next_safe_foundation_move(position: &Position) -> Option<Move> {
    next_safe_foundation_move_but(position, &[])
}

/// [`next_safe_foundation_move`], leaving alone the cards in `keep` (cards a
/// player took down from a foundation, which autoplay must not send
/// straight back up).
pub fn next_safe_foundation_move_but(position: &Position, keep: &[Card]) -> Option<Move> {
    candidates(position)
        .into_iter()
        .filter(|&(card, _)| is_safe(position, card) && !keep.contains(&card))
        .min_by_key(|&(card, _)| card.rank())
        .map(|(_, mv)| mv)
}

/// True when the game can be finished without thought: every card is face
/// up on the tableau (none face down, the stock and the waste empty) and
/// the game is not yet won. Then [`next_finishing_move`] always has a move.
pub fn can_auto_finish(position: &Position) -> bool {
    position.hidden_count() == 0 && position.stock_len() == 0 && position.waste().is_empty() && !position.is_won()
}

/// Any card that can go to its foundation now, the lowest rank first (ties:
/// the waste first, then the lower pile number); `None` when none can.
/// Played over and over from a position where [`can_auto_finish`] holds, it
/// wins the game: each pile is one descending build, so the lowest card
/// not yet home is always on top of its pile.
pub fn next_finishing_move(position: &Position) -> Option<Move> {
    candidates(position).into_iter().min_by_key(|&(card, _)| card.rank()).map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::Deal;
    use crate::engine::game::Game;
    use crate::engine::rules::Rules;

    fn c(code: &str) -> Card {
        code.parse().unwrap()
    }

    /// A position from its one-line form (described on [`Position`]).
    fn position(line: &str) -> Position {
        line.parse().unwrap()
    }

    #[test]
    fn three_of_hearts_needs_both_black_foundations_at_two() {
        // Hearts up to 2; clubs at 2 and spades at 1: the 2 of spades is
        // still out and could want to sit on the 3 of hearts.
        let pos =
            position("tableau | 3H / - / - / - / - / - / - ; stock * ; waste - ; foundations 2C - 2H AS ; pass 1");
        assert!(!is_safe(&pos, c("3H")));
        assert_eq!(next_safe_foundation_move(&pos), None);
        // Both black foundations at 2: safe.
        let pos =
            position("tableau | 3H / - / - / - / - / - / - ; stock * ; waste - ; foundations 2C - 2H 2S ; pass 1");
        assert!(is_safe(&pos, c("3H")));
        assert_eq!(next_safe_foundation_move(&pos), Some(Move::TableauToFoundation { from: PileId::ALL[0] }));
        // Diamonds do not matter for a heart.
        let pos =
            position("tableau | 3H / - / - / - / - / - / - ; stock * ; waste - ; foundations 2C KD 2H 2S ; pass 1");
        assert!(is_safe(&pos, c("3H")));
    }

    #[test]
    fn aces_and_twos_are_always_safe() {
        let pos = position("tableau - / | 2S / - / - / - / - / - ; stock * ; waste AD ; foundations - - - AS ; pass 1");
        assert!(is_safe(&pos, c("2S")));
        assert!(is_safe(&pos, c("AD")));
        // Both fit; the ace is lower and goes first.
        assert_eq!(next_safe_foundation_move(&pos), Some(Move::WasteToFoundation));
        let pos = position("tableau - / | 2S / - / - / - / - / - ; stock * ; waste - ; foundations - - - AS ; pass 1");
        assert_eq!(next_safe_foundation_move(&pos), Some(Move::TableauToFoundation { from: PileId::ALL[1] }));
    }

    #[test]
    fn a_card_that_does_not_fit_is_never_offered() {
        // The 4 of clubs is safe (red foundations high) but clubs is at 2.
        let pos =
            position("tableau | 4C / - / - / - / - / - / - ; stock * ; waste - ; foundations 2C 5D 5H - ; pass 1");
        assert!(is_safe(&pos, c("4C")));
        assert_eq!(next_safe_foundation_move(&pos), None);
        assert_eq!(next_finishing_move(&pos), None);
    }

    #[test]
    fn kings_need_every_queen_of_the_other_colour_home() {
        let pos =
            position("tableau | KS / - / - / - / - / - / - ; stock * ; waste - ; foundations - QD JH QS ; pass 1");
        assert!(!is_safe(&pos, c("KS")));
        assert!(!is_safe(&pos, c("QH")));
        let pos =
            position("tableau | KS / - / - / - / - / - / - ; stock * ; waste - ; foundations - QD QH QS ; pass 1");
        assert!(is_safe(&pos, c("KS")));
        assert_eq!(next_safe_foundation_move(&pos), Some(Move::TableauToFoundation { from: PileId::ALL[0] }));
    }

    #[test]
    fn opening_of_game_1_has_no_move_to_finish() {
        let game = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        assert!(!can_auto_finish(game.position()));
    }

    #[test]
    fn finishing_plays_out_a_face_up_game() {
        // Every card face up on the tableau in four builds, nothing home.
        let pos = position(
            "tableau | KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS / | KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AH \
             / | KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D AC / | KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C AD / - / - / - \
             ; stock - ; waste - ; foundations - - - - ; pass 1",
        );
        assert!(can_auto_finish(&pos));
        let mut game = Game::from_position(pos, Rules::default());
        let mut moves = 0;
        while let Some(mv) = next_finishing_move(game.position()) {
            game.play(mv).unwrap();
            moves += 1;
            assert!(moves <= 52);
        }
        assert!(game.position().is_won());
        assert_eq!(moves, 52);
        assert!(!can_auto_finish(game.position()));
    }

    #[test]
    fn safe_moves_alone_also_finish_a_face_up_game() {
        let pos = position(
            "tableau | KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS / | KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AH \
             / | KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D AC / | KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C AD / - / - / - \
             ; stock - ; waste - ; foundations - - - - ; pass 1",
        );
        let mut game = Game::from_position(pos, Rules::default());
        while let Some(mv) = next_safe_foundation_move(game.position()) {
            game.play(mv).unwrap();
        }
        assert!(game.position().is_won());
    }

    #[test]
    fn waste_and_stock_block_auto_finish() {
        let pos = position("tableau - / - / - / - / - / - / - ; stock - ; waste KS ; foundations KC KD KH QS ; pass 1");
        assert!(!can_auto_finish(&pos));
        assert_eq!(next_finishing_move(&pos), Some(Move::WasteToFoundation));
        let won = position("tableau - / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH KS ; pass 1");
        assert!(!can_auto_finish(&won));
        assert_eq!(next_finishing_move(&won), None);
        assert_eq!(next_safe_foundation_move(&won), None);
    }
}
