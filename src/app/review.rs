//! `review`: where a game was lost. The positions of the game's history
//! where the player was to move are judged by the solver
//! ([`crate::engine::hindsight`] bisects them); what is found is told as
//! the move that lost the game, the position before it (moves made, and
//! the commands to undo to get back there) and a move that would have kept
//! the game winnable, the one a hint would have suggested there. Also the
//! replay of a moves file for `klondike review`, as a script would play it.

use crate::app::batch::{ScriptError, ScriptFault};
use crate::app::command::Command;
use crate::app::flow::best_winning_move;
use crate::app::play::{Action, Mover, Origin, Play, PlayError};
use crate::app::session_command::{Line, SessionCommand};
use crate::engine::deal::Deal;
use crate::engine::game::{Game, Position};
use crate::engine::hindsight::{find_loss, Loss};
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::scoring::Scoring;
use crate::engine::solver::{Budget, GaveUp, Verdict};

/// The solver's budget, in states, for each position a review judges
/// (at the prompt, and by default for `klondike review`): states, not
/// seconds, so that a review says the same on every machine; a second or
/// two at most a position, and the positions near the deal are the ones
/// that take it.
pub const REVIEW_STATES: u64 = 3_000_000;

/// What a review found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Review {
    /// The game is won.
    Won,
    /// The game can still be won from where it is.
    StillWinnable,
    /// The deal could never be won: no move lost it.
    NeverWinnable,
    /// The review was stopped (Ctrl-C during a search at the prompt).
    Stopped,
    /// The move that lost the game, and the position before it.
    Lost(Box<LostAt>),
    /// Not decided within the budget: what is known.
    Undecided {
        /// Moves made at the last position known to be winnable, if any.
        winnable_after: Option<usize>,
        /// Moves made at the first position known to be lost; `None`: not
        /// even the game as it is now was decided.
        lost_after: Option<usize>,
        /// Why the solver gave no verdict.
        why: GaveUp,
    },
}

/// Where a game was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostAt {
    /// Moves made at the last position from which the game could be won:
    /// the move that lost it is move `after + 1`.
    pub after: usize,
    /// That position.
    pub position: Position,
    /// The move played there, which lost the game.
    pub lost_by: Move,
    /// Autoplay's moves came after it before the player could move again:
    /// the game was lost by the move and those together.
    pub with_autoplay: bool,
    /// A move that would have kept the game winnable there (the one `hint`
    /// would have suggested), when one other than `lost_by` is known.
    pub instead: Option<Move>,
    /// The player's commands to undo to get back to that position.
    pub undos: usize,
}

/// Reviews `play`'s game: `solve` is the solver on a position under the
/// game's rules within a budget, `budget` gives a fresh budget for each
/// position judged.
pub fn review(
    play: &Play,
    mut solve: impl FnMut(&Position, &Rules, Budget) -> Verdict,
    mut budget: impl FnMut() -> Budget,
) -> Review {
    let game = play.game();
    let rules = *game.rules();
    let moves: Vec<Move> = game.history().iter().map(|p| p.mv).collect();
    let start = Position::new(play.deal());
    let movers = play.movers();
    let n = moves.len();
    // The positions where the player was to move: the deal, before each of
    // the player's moves, and now. Autoplay's moves are not the player's
    // to make or not.
    let mut points: Vec<usize> = std::iter::once(0)
        .chain((0..n).filter(|&i| movers.get(i) != Some(&Mover::Autoplay)))
        .chain(std::iter::once(n))
        .collect();
    points.dedup();
    let after = |i: usize| position_after(&start, &moves[..i], &rules);
    let loss = find_loss(&points, |i| {
        let position = after(i);
        // Judged by the status where it is known, without a search.
        if position.is_won() {
            return Verdict::Winnable(Vec::new());
        }
        solve(&position, &rules, budget())
    });
    match loss {
        Loss::Won => Review::Won,
        Loss::StillWinnable => Review::StillWinnable,
        Loss::NeverWinnable => Review::NeverWinnable,
        Loss::Stopped => Review::Stopped,
        Loss::Undecided { winnable_after, lost_after, why } => Review::Undecided { winnable_after, lost_after, why },
        Loss::Found { winnable_after, lost_after, line } => {
            let position = after(winnable_after);
            let lost_by = moves[winnable_after];
            let instead = line.first().map(|&first| {
                let there = Game::from_position(position.clone(), rules);
                best_winning_move(&there, first)
            });
            Review::Lost(Box::new(LostAt {
                after: winnable_after,
                position,
                lost_by,
                with_autoplay: lost_after > winnable_after + 1,
                instead: instead.filter(|&m| m != lost_by),
                undos: movers[winnable_after..].iter().filter(|&&m| m == Mover::Player).count(),
            }))
        }
    }
}

/// The position `moves` lead `start` to (moves of the game's own history,
/// so each is legal where it comes; one that were not would be left out).
fn position_after(start: &Position, moves: &[Move], rules: &Rules) -> Position {
    let mut position = start.clone();
    for &mv in moves {
        let _ = position.play(mv, rules);
    }
    position
}

/// The game a moves file plays on `deal`, as a script piped to the
/// program would: one command a line; blank lines and `#` lines skipped;
/// questions (`hint`, `l 3`, `moves`...) and the session's commands that
/// leave the game as it is (`save`, `stats`) change nothing and are
/// skipped; `auto` with nothing to put up is skipped too; `autoplay on` and
/// `autoplay off` turn autoplay on and off as in a session; `q` ends it;
/// with `autoplay`, autoplay plays as it does in a session.
///
/// # Errors
/// The first line that does not parse, starts another game (`new`,
/// `load`), or cannot be played where it comes.
pub fn replay_moves(
    deal: Deal,
    origin: Origin,
    rules: Rules,
    autoplay: bool,
    script: &str,
) -> Result<Play, ScriptError> {
    let mut play = Play::new(deal, origin, rules, Scoring::None, autoplay);
    let _ = play.apply(Action::Autoplay, None);
    let mut last: Option<Command> = None;
    for (i, line) in script.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let err = |why: ScriptFault| ScriptError { line: i + 1, text: t.to_string(), why };
        let mut command = match t.parse::<Line>() {
            Ok(Line::Game(command)) => command,
            Ok(Line::Session(SessionCommand::Quit)) => break,
            Ok(Line::Session(SessionCommand::Autoplay(Some(on)))) => {
                play.set_autoplay(on);
                let _ = play.apply(Action::Autoplay, None);
                continue;
            }
            Ok(Line::Session(SessionCommand::Save(_) | SessionCommand::Stats | SessionCommand::Autoplay(None))) => {
                continue
            }
            Ok(Line::Session(SessionCommand::New(_) | SessionCommand::Load(_))) => {
                return Err(err(ScriptFault::AnotherGame))
            }
            Err(e) => return Err(err(e.into())),
        };
        if command == Command::Again {
            match &last {
                Some(c) => command = c.clone(),
                None => continue,
            }
        } else if command != Command::Repeat {
            last = Some(command.clone());
        }
        let action = match command {
            Command::Move(m) => Action::Move(m),
            Command::Undo => Action::Undo,
            Command::Redo => Action::Redo,
            Command::Auto => Action::Finish,
            Command::Restart => Action::Restart,
            // A question changes nothing.
            _ => continue,
        };
        // `auto` with nothing to put up is an answer in a session, not a
        // refusal: a transcript that holds one replays.
        if action == Action::Finish {
            match play.apply(Action::Finish, None) {
                Ok(_) | Err(PlayError::NothingSafe) => continue,
                Err(e) => return Err(err(ScriptFault::Play(e))),
            }
        }
        play.apply(action, None).map_err(|e| {
            err(match e {
                PlayError::Move(e) => ScriptFault::Move(e),
                PlayError::History(e) => ScriptFault::History(e),
                other => ScriptFault::Play(other),
            })
        })?;
    }
    Ok(play)
}

/// The solver's budget for each position a review judges, as the review's
/// words name it where something was left undecided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// States per position.
    pub states: u64,
    /// Seconds per position, where time is limited too.
    pub seconds: Option<u64>,
}
