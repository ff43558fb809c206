//! [`Game`]: a position with its rules, its undo and redo history and its
//! [`Status`]. The cards themselves are [`Position`]'s.

use crate::engine::deal::Deal;
use crate::engine::moves::{Move, MoveError};
use crate::engine::rules::Rules;
use crate::engine::status::{self, StuckMemory};

pub use crate::engine::position::{
    legal_moves, CardPlace, LinePart, Pile, Played, Position, PositionParseError, SetupError, Status,
};

/// Why undo or redo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// No move has been played (or all have been undone).
    #[error("nothing to undo: this is the start of the game")]
    NothingToUndo,
    /// No undone move is waiting to be replayed.
    #[error("nothing to redo: no undone move is waiting to be played again")]
    NothingToRedo,
}

/// A game: a position, the rules in force, and the history for undo and redo.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    position: Position,
    history: Vec<Played>,
    undone: Vec<Move>,
    /// The status of `position`, worked out after every change (so that
    /// reading it needs no interior mutability).
    status: Status,
    /// The status of the position before each move of `history`, so that
    /// undo gives it back without a new check (the status is a function of
    /// the position alone).
    statuses: Vec<Status>,
    /// The status of the position after each move of `undone`, for redo.
    undone_statuses: Vec<Status>,
    /// Every stuck set found in this game (see [`StuckMemory`]).
    stuck_memory: StuckMemory,
}

impl Game {
    /// A new game of `deal` under `rules`.
    pub fn new(deal: &Deal, rules: Rules) -> Game {
        Game::from_position(Position::new(deal), rules)
    }

    /// A game that starts from `position` (with no history) under `rules`.
    pub fn from_position(position: Position, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            position,
            history: Vec::new(),
            undone: Vec::new(),
            status: Status::Playing,
            statuses: Vec::new(),
            undone_statuses: Vec::new(),
            stuck_memory: StuckMemory::default(),
        };
        game.update_status();
        game
    }

    /// Works out the status of the current position (after every change).
    fn update_status(&mut self) {
        self.status = status::status(&self.position, &self.rules, &mut self.stuck_memory);
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves made so far: each move (a draw and a redeal included) counts
    /// one, and undo takes one back.
    pub fn moves_made(&self) -> usize {
        self.history.len()
    }

    /// The moves played so far, first first (undone moves excluded).
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&Played> {
        self.history.last()
    }

    /// Plays `mv`; clears the redo list.
    ///
    /// # Errors
    /// The [`MoveError`] that forbids the move; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Played, MoveError> {
        let played = self.position.play(mv, &self.rules)?;
        self.history.push(played);
        self.statuses.push(self.status);
        self.undone.clear();
        self.undone_statuses.clear();
        // Most moves cannot change the status (see `status::after_move`):
        // only the others pay for a search.
        match status::after_move(self.status, &played, &self.position, &self.rules) {
            Some(status) => self.status = status,
            None => self.update_status(),
        }
        Ok(played)
    }

    /// Takes back the last move.
    ///
    /// # Errors
    /// [`HistoryError::NothingToUndo`] at the start of the game.
    pub fn undo(&mut self) -> Result<Played, HistoryError> {
        let played = self.history.pop().ok_or(HistoryError::NothingToUndo)?;
        self.position.unplay(&played);
        self.undone.push(played.mv);
        self.undone_statuses.push(self.status);
        match self.statuses.pop() {
            Some(status) => self.status = status,
            None => self.update_status(),
        }
        Ok(played)
    }

    /// How many undone moves wait for redo (0 after any new move).
    pub fn redo_len(&self) -> usize {
        self.undone.len()
    }

    /// The undone moves that wait for redo, the next one last (none after
    /// any new move).
    pub fn redo_moves(&self) -> &[Move] {
        &self.undone
    }

    /// Plays again the move most recently undone.
    ///
    /// # Errors
    /// [`HistoryError::NothingToRedo`] when no undone move waits.
    pub fn redo(&mut self) -> Result<Played, HistoryError> {
        let mv = self.undone.pop().ok_or(HistoryError::NothingToRedo)?;
        match self.position.play(mv, &self.rules) {
            Ok(played) => {
                self.history.push(played);
                self.statuses.push(self.status);
                match self.undone_statuses.pop() {
                    Some(status) => self.status = status,
                    None => self.update_status(),
                }
                Ok(played)
            }
            // Cannot happen: the move was legal in this very position.
            Err(_) => {
                self.undone.clear();
                self.undone_statuses.clear();
                Err(HistoryError::NothingToRedo)
            }
        }
    }

    /// Whether the game is playing, won or stuck (SPEC.md, "Stuck"), worked
    /// out when the position last changed; every stuck position found is
    /// remembered for the rest of the game, so that one reached again (by
    /// undo, or by draws in a stuck game) is known at once.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Every legal move in the current position, fully specified (see
    /// [`legal_moves`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        legal_moves(&self.position, &self.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::card::Card;
    use crate::engine::moves::PileId;

    #[test]
    fn locate_tells_only_what_a_player_sees() {
        let mut pos = Position::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE));
        let rules = Rules::default();
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(pos.locate(c("QH")), CardPlace::Tableau { pile: PileId::ALL[0], from_top: 0, face_up: 1 });
        assert_eq!(pos.locate(c("AS")), CardPlace::Tableau { pile: PileId::ALL[6], from_top: 0, face_up: 1 });
        pos.play(Move::Draw, &rules).unwrap();
        let drawn = *pos.waste().last().unwrap();
        assert_eq!(pos.locate(drawn), CardPlace::Waste { from_top: 0 });
        pos.play(Move::Draw, &rules).unwrap();
        assert_eq!(pos.locate(drawn), CardPlace::Waste { from_top: 1 });
        pos.play(Move::TableauToFoundation { from: PileId::ALL[6] }, &rules).unwrap();
        assert_eq!(pos.locate(c("AS")), CardPlace::Foundation { top: true });
        // Every card is somewhere, and the hidden ones are exactly the
        // face-down and stock cards.
        let hidden = Card::deck().filter(|&card| pos.locate(card) == CardPlace::Hidden).count();
        assert_eq!(hidden, pos.hidden_count() + pos.stock_len());
    }
}
