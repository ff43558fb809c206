//! A winning line for play with autoplay on (`klondike solve --autoplay`):
//! the commands a player types, without the moves autoplay makes by itself.
//!
//! The solver's line is followed through a [`Play`] with autoplay on, the
//! play layer's own autoplay, so the line printed is the one that replays:
//! a move to a foundation of a card autoplay has already put there is left
//! out, and every other move is kept while it takes the same card to the
//! same place as in the solver's line. Where autoplay has made the two
//! part (a safe card the solver kept on the tableau was needed there, or
//! in draw 3 a card gone from the waste changes the stock after a redeal),
//! the position reached is solved again and the new line followed. In
//! draw 3, a card autoplay takes off the waste changes the draws after the
//! next redeal, which can lose a game the solver's line wins. Then a search
//! with backtracking takes over: from each position autoplay leaves, it
//! tries the solver's first move, then the other moves in the order `hint`
//! ranks them, dropping every move after which the solver proves the game
//! lost, until a line wins under autoplay; when its budget runs out no line
//! is given (`unknown`), rather than one that does not win.
//! The line is replayed from the start once more before it is given.

use std::collections::HashSet;
use std::time::Instant;

use crate::app::batch::{solve_position, Limits, Solved};
use crate::app::command::{Command, MoveCommand};
use crate::app::play::{Action, Play};
use crate::engine::game::{Position, Status};
use crate::engine::hint::{candidates, moved_card};
use crate::engine::moves::Move;
use crate::engine::solver::{GaveUp, Solution, Verdict};

/// Why no line is given when autoplay's moves lose the game the solver's
/// line wins (or the searches run out).
pub const SPOILED: &str = "autoplay's moves part from every line found";

/// Why no line is given when every move, with the moves autoplay makes
/// after it, leads to a position the solver proves lost.
pub const LOST_TO_AUTOPLAY: &str =
    "with autoplay on this game is lost: autoplay's moves spoil every line (it can be won with autoplay off)";

/// The most searches for one line: each follows at least one move of the
/// line, so a game needs far fewer; this bounds a solver that would not.
const MOST_SEARCHES: usize = 500;

/// What is left of `limits` for the whole deal once `spent` states and the
/// time since `started` are gone: each search gets what the ones before it
/// left, so that the deal as a whole keeps to `--max-states` and
/// `--timeout`. `Err` (why) when nothing is left.
fn left(limits: &Limits, spent: u64, started: Instant) -> Result<Limits, GaveUp> {
    let max_states = limits.max_states.saturating_sub(spent);
    let timeout = limits.timeout.saturating_sub(started.elapsed());
    if max_states == 0 {
        Err(GaveUp::StateLimit)
    } else if timeout.is_zero() {
        Err(GaveUp::TimeLimit)
    } else {
        Ok(Limits { max_states, timeout, ..*limits })
    }
}

/// Solves `start` (a play with autoplay on, its automatic moves at the deal
/// made) within `limits` for all its searches together, and gives its
/// winning line as the commands to type under autoplay. A verdict other
/// than a win is the solver's own; a line that cannot be followed (the
/// budget ran out on a search after the first, say) is `unknown`.
pub fn solve_under_autoplay(start: &Play, limits: &Limits) -> Solved {
    let started = Instant::now();
    let rules = *start.rules();
    let game = start.origin().number();
    let mut play = start.clone();
    let mut typed = Vec::new();
    let mut states = 0;
    let mut peak = 0;
    let mut cpu = Some(0.0);
    let mut gave_up = GaveUp::Other(SPOILED.to_string());
    for search in 0..MOST_SEARCHES {
        if play.status() == Status::Won {
            break;
        }
        let now = match left(limits, states, started) {
            Ok(now) => now,
            Err(why) => {
                gave_up = why;
                break;
            }
        };
        let solved = solve_position(play.game().position(), &rules, game, &now);
        states += solved.solution.states;
        peak = peak.max(solved.solution.peak_memory_bytes);
        cpu = cpu.zip(solved.cpu_seconds).map(|(a, b)| a + b);
        let line = match solved.solution.verdict {
            Verdict::Winnable(line) => line,
            // The first verdict is the game's own.
            _ if search == 0 => return Solved { seconds: started.elapsed().as_secs_f64(), ..solved },
            Verdict::Unknown(why) => {
                gave_up = why;
                break;
            }
            Verdict::Unwinnable => break,
        };
        follow(&mut play, &line, &mut typed);
    }
    if !replays_to_a_win(start, &typed) {
        // Autoplay has spoiled the lines followed: search with backtracking.
        let mut work =
            Work { states, started, positions: HashSet::new(), cpu: Some(0.0), peak: 0, cut: false, gave_up: None };
        match backtrack(start, limits, &mut work) {
            Some(line) => typed = line,
            // Every move tried from every position reached, none cut short.
            None if !work.cut && !rules.foundation_to_tableau => {
                gave_up = GaveUp::Other(LOST_TO_AUTOPLAY.to_string());
            }
            None => {
                if let Some(why) = work.gave_up.take() {
                    gave_up = why;
                }
            }
        }
        states = work.states;
        peak = peak.max(work.peak);
        cpu = cpu.zip(work.cpu).map(|(a, b)| a + b);
    }
    let verdict = if replays_to_a_win(start, &typed) { Verdict::Winnable(typed) } else { Verdict::Unknown(gave_up) };
    Solved {
        game,
        rules,
        solution: Solution { verdict, states, peak_memory_bytes: peak },
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: cpu,
        budget: Some(limits.search_budget()),
    }
}

/// The most positions [`backtrack`] solves: each is one search, most of
/// them small, so that a line is found (or given up) within seconds.
const MOST_POSITIONS: usize = 3_000;

/// What [`backtrack`] has done so far.
struct Work {
    /// Search states, all searches of the deal together (those before the
    /// backtracking included).
    states: u64,
    /// When the deal's first search started.
    started: Instant,
    /// Why the deal's budget ran out, if it did.
    gave_up: Option<GaveUp>,
    /// The positions solved, each once.
    positions: HashSet<Position>,
    /// CPU seconds of the searches, where the system tells.
    cpu: Option<f64>,
    /// The largest tables of one search, in bytes.
    peak: u64,
    /// A budget ran out somewhere (a search, or the search as a whole): a
    /// failure proves nothing.
    cut: bool,
}

/// A winning line under autoplay from `play` (autoplay's own moves made),
/// as the moves typed, found depth first: at each position, the solver's
/// first move, then the other moves in the order `hint` ranks them, then
/// every other legal move, dropping a position the solver proves lost.
/// `None` when no line is found within [`MOST_POSITIONS`] positions and
/// what is left of `limits` for the deal (`work.cut` is then set), or when
/// every legal move of every position reached leads to a loss: without
/// foundation-to-tableau moves (whose cards autoplay leaves alone only
/// while the player keeps them down, which the position does not tell), a
/// position tried once and lost is lost however it is reached, so that is
/// a proof.
fn backtrack(play: &Play, limits: &Limits, work: &mut Work) -> Option<Vec<Move>> {
    if play.status() == Status::Won {
        return Some(Vec::new());
    }
    let position = play.game().position();
    if work.positions.contains(position) {
        return None;
    }
    if work.positions.len() >= MOST_POSITIONS {
        work.cut = true;
        return None;
    }
    let now = match left(limits, work.states, work.started) {
        Ok(now) => now,
        Err(why) => {
            work.cut = true;
            work.gave_up = Some(why);
            return None;
        }
    };
    work.positions.insert(position.clone());
    let rules = *play.rules();
    let solved = solve_position(position, &rules, play.origin().number(), &now);
    work.states += solved.solution.states;
    work.peak = work.peak.max(solved.solution.peak_memory_bytes);
    work.cpu = work.cpu.zip(solved.cpu_seconds).map(|(a, b)| a + b);
    let line = match solved.solution.verdict {
        Verdict::Winnable(line) => line,
        Verdict::Unwinnable => return None,
        Verdict::Unknown(why) => {
            // It had all that was left of the deal's budget.
            work.cut = true;
            work.gave_up.get_or_insert(why);
            return None;
        }
    };
    let first = *line.first()?;
    let mut order = vec![first];
    for mv in candidates(play.game()).into_iter().chain(play.game().legal_moves()) {
        if !order.contains(&mv) {
            order.push(mv);
        }
    }
    for mv in order {
        // A move that cannot be typed, or is refused, is not tried: the
        // search is then no proof.
        let Some(command) = command_for(mv, position, &rules) else {
            work.cut = true;
            continue;
        };
        let mut next = play.clone();
        if next.apply(Action::Move(command), None).is_err() {
            work.cut = true;
            continue;
        }
        if let Some(mut rest) = backtrack(&next, limits, work) {
            rest.insert(0, mv);
            return Some(rest);
        }
    }
    None
}

/// The moves to type, with `start`'s autoplay on, to follow `line` (a
/// winning line from its position, found without autoplay): the line less
/// the moves autoplay makes itself, when those replay to a win; `None`
/// where autoplay's moves part from the line (in draw-3 a card it takes
/// off the waste can, say).
pub fn typed_line(start: &Play, line: &[Move]) -> Option<Vec<Move>> {
    let mut typed = Vec::new();
    follow(&mut start.clone(), line, &mut typed);
    replays_to_a_win(start, &typed).then_some(typed)
}

/// Plays `line` (a winning line from `play`'s position) in `play` with its
/// autoplay, adding the moves typed to `typed`, until the game is won or
/// autoplay has made `play` part from the line.
fn follow(play: &mut Play, line: &[Move], typed: &mut Vec<Move>) {
    let rules = *play.rules();
    // The position along the solver's own line.
    let mut own = play.game().position().clone();
    for &mv in line {
        if play.status() == Status::Won {
            return;
        }
        let card = moved_card(&own, mv);
        let now = play.game().position();
        // A redeal turns the waste into the stock: the same waste or another stock.
        let same_stock_after = mv != Move::Redeal || own.waste() == now.waste();
        if own.play(mv, &rules).is_err() {
            return;
        }
        let to_foundation = matches!(mv, Move::WasteToFoundation | Move::TableauToFoundation { .. });
        if to_foundation && card.is_some_and(|c| now.foundation(c.suit()) >= c.rank().value()) {
            // Autoplay has put it up already.
            continue;
        }
        if !same_stock_after || moved_card(now, mv) != card {
            return;
        }
        let Some(command) = command_for(mv, now, &rules) else { return };
        if play.apply(Action::Move(command), None).is_err() {
            return;
        }
        typed.push(mv);
    }
}

/// The command a player types for `mv`, when it plays exactly `mv` in `position`.
fn command_for(mv: Move, position: &Position, rules: &crate::engine::rules::Rules) -> Option<MoveCommand> {
    match mv.to_string().parse::<Command>() {
        Ok(Command::Move(command)) if command.resolve(position, rules) == Ok(mv) => Some(command),
        _ => None,
    }
}

/// Whether the commands for `typed`, replayed from `start` with autoplay,
/// win the game.
fn replays_to_a_win(start: &Play, typed: &[Move]) -> bool {
    let mut play = start.clone();
    for &mv in typed {
        let Some(command) = command_for(mv, play.game().position(), play.rules()) else { return false };
        if play.apply(Action::Move(command), None).is_err() {
            return false;
        }
    }
    play.status() == Status::Won
}
