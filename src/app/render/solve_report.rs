//! What `klondike solve` prints for one deal: the verdict line (`# winnable
//! in N moves (...)`, `# winnable: the game is already won...` after a
//! moves file that wins it, `# unwinnable: ...`, `# unknown (...)`) and, for a
//! win, the line's moves, one a line, as they are typed at the prompt;
//! and what it says of the files it reads and writes (a games or moves
//! file with a bad line, a results file that is not one, busy or torn).

use std::path::Path;

use crate::app::batch::{BadGameLine, ScriptError, Solved};
use crate::app::render::words::readable;
use crate::engine::solver::{GaveUp, Unsupported, Verdict};

/// What makes a position one the solver cannot hold, in words (after
/// "unsupported position: " in [`gave_up`]). Free to change: the result
/// files hold the reason's own [`token`](GaveUp::token), not these words.
pub fn unsupported(why: &Unsupported) -> String {
    match why {
        Unsupported::TalonTooLong { cards, most } => {
            format!("the stock and waste hold {cards} cards, more than {most}")
        }
        Unsupported::PileTooLong(id) => format!("pile {id} is longer than any game allows"),
        Unsupported::FaceDownTop(id) => format!("pile {id} has a face-down top card"),
        Unsupported::NotABuild(id) => format!("the face-up cards of pile {id} are not a build"),
    }
}

/// Longest piece of a file's line quoted in a message, in characters.
const QUOTED: usize = 200;

/// A line of the games file `path` that is not a game number.
pub fn bad_games_line(path: &Path, e: &BadGameLine) -> String {
    format!("{} line {}: '{}' is not a game number", path.display(), e.line, readable(&e.text, QUOTED))
}

/// Said of a games file with no game number in it (empty, or only comments
/// and blank lines): the batch has nothing to do.
pub fn no_games_in(path: &Path) -> String {
    format!("{} names no game: nothing to solve", path.display())
}

/// Why a moves file's line that is a command but not a move, `undo` or
/// `redo` cannot be played.
pub const NOT_A_MOVE: &str = "only moves, undo and redo may appear in a moves file";

/// A line of the moves file `path` that cannot be played, and why.
pub fn bad_moves_line(path: &Path, e: &ScriptError) -> String {
    format!("{} line {}: '{}': {}", path.display(), e.line, readable(&e.text, QUOTED), e.why)
}

/// The output file `path` holds something else than results (its `line`
/// is not one): a batch never appends to it.
pub fn not_results(path: &Path, line: usize) -> String {
    format!(
        "'{}' is not a file of results (line {line} is not one): name a new file, or one a batch wrote",
        path.display()
    )
}

/// Line `line` of the results file `path` is not a result, and is kept.
pub fn not_a_result_line(path: &Path, line: usize) -> String {
    format!("{} line {line}: not a result line, ignored (a result cut short there is solved again)", path.display())
}

/// The results file `path` ended in a torn line of `bytes` bytes, now cut off.
pub fn torn_line_cut(path: &Path, bytes: u64) -> String {
    format!(
        "{} ended in a result cut short ({bytes} bytes); it was removed, and that game is solved again",
        path.display()
    )
}

/// Another batch holds the results file `path`.
pub fn results_busy(path: &Path) -> String {
    format!("'{}' is being written by another batch; wait for it to end, or name another file", path.display())
}

/// The results file `path` cannot be opened (or made) for writing.
pub fn cannot_open(path: &Path) -> String {
    format!("cannot open '{}' for writing", path.display())
}

/// The results file `path` cannot be locked.
pub fn cannot_lock(path: &Path) -> String {
    format!("cannot lock '{}'", path.display())
}

/// The results file `path` cannot be read back.
pub fn cannot_read(path: &Path) -> String {
    format!("cannot read '{}'", path.display())
}

/// The end of the results file `path` cannot be mended (its last line
/// ended, or a torn one cut off).
pub fn cannot_repair(path: &Path) -> String {
    format!("cannot repair '{}'", path.display())
}

/// A result cannot be written to the file `path`, for the reason `error`.
pub fn cannot_write_file(path: &Path, error: &std::io::Error) -> String {
    format!("cannot write to '{}': {}", path.display(), crate::app::render::faults::io_words(error))
}

/// A result cannot be written to `path` (a pipe, a FIFO, a device) or,
/// when `None`, to standard output.
pub fn cannot_write(path: Option<&Path>) -> String {
    match path {
        Some(path) => format!("cannot write to '{}'", path.display()),
        None => "cannot write to standard output".to_string(),
    }
}

/// The first line of the text form: `# winnable in N moves`, `# unwinnable`
/// or `# unknown (why)`, with the deal, the rules and the figures after.
pub fn verdict_line(solved: &Solved) -> String {
    let deal = solved.game.map_or_else(|| "custom deal".to_string(), |n| format!("game {n}"));
    let states = solved.solution.states;
    let noun = if states == 1 { "state" } else { "states" };
    let figures = format!("{deal}; {}; {states} {noun}, {:.3} s", solved.rules, solved.seconds);
    match &solved.solution.verdict {
        // Only a position already won (by a moves file's moves) needs none.
        Verdict::Winnable(moves) if moves.is_empty() => {
            format!("# winnable: the game is already won, no moves are left to play ({figures})")
        }
        Verdict::Winnable(moves) if moves.len() == 1 => format!("# winnable in 1 move ({figures})"),
        Verdict::Winnable(moves) => format!("# winnable in {} moves ({figures})", moves.len()),
        Verdict::Unwinnable => format!("# unwinnable: no line wins, the search was exhaustive ({figures})"),
        Verdict::Unknown(why) => format!("# unknown ({why}; {figures})"),
    }
}

/// Why the solver gave up, in words for people (the verdict line, the
/// session's answer to `solve`); result files write its
/// [`token`](GaveUp::token) instead.
pub fn gave_up(why: &GaveUp) -> String {
    match why {
        GaveUp::StateLimit => "state limit".to_string(),
        GaveUp::TimeLimit => "time limit".to_string(),
        GaveUp::Cancelled => "cancelled".to_string(),
        GaveUp::Memory => "memory".to_string(),
        GaveUp::Unsupported(what) => format!("unsupported position: {}", unsupported(what)),
        GaveUp::LineDoesNotReplay => "internal error: the line found does not replay".to_string(),
        // A reason from a newer klondike's file: as it was written.
        GaveUp::Other(token) => token.clone(),
    }
}

/// The whole text form: the verdict line, then a winning line's moves, each
/// line ending in a newline. Piped back into `klondike`, it plays the game
/// (the verdict line is a comment).
pub fn answer(solved: &Solved) -> String {
    let mut out = verdict_line(solved);
    out.push('\n');
    if let Verdict::Winnable(moves) = &solved.solution.verdict {
        for mv in moves {
            out.push_str(&mv.to_string());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::Move;
    use crate::engine::rules::Rules;

    #[test]
    fn file_messages_name_the_file_and_quote_the_line_readably() {
        let path = Path::new("games.txt");
        let bad = BadGameLine { line: 3, text: "x\u{7}".into() };
        assert_eq!(
            bad_games_line(path, &bad),
            format!("games.txt line 3: '{}' is not a game number", readable("x\u{7}", 200))
        );
        let script = ScriptError { line: 2, text: "t 9 9".into(), why: crate::app::batch::ScriptFault::NotAMove };
        assert_eq!(bad_moves_line(path, &script), format!("games.txt line 2: 't 9 9': {NOT_A_MOVE}"));
        assert!(not_results(path, 4).starts_with("'games.txt' is not a file of results (line 4 is not one)"));
        assert!(torn_line_cut(path, 7).contains("(7 bytes)") && results_busy(path).starts_with("'games.txt' is being"));
        assert!(not_a_result_line(path, 9).starts_with("games.txt line 9: not a result line"));
    }
    use crate::engine::solver::Solution;

    fn solved(verdict: Verdict, states: u64, game: Option<u128>) -> Solved {
        let solution = Solution { verdict, states, peak_memory_bytes: 0 };
        Solved {
            game: game.and_then(crate::engine::deal::GameNumber::new),
            rules: Rules::default(),
            solution,
            seconds: 0.25,
            cpu_seconds: None,
        }
    }

    #[test]
    fn the_verdict_line_counts_moves_and_states_in_words() {
        let line = |moves: Vec<Move>| verdict_line(&solved(Verdict::Winnable(moves), 3, Some(9)));
        assert!(line(vec![Move::Draw]).starts_with("# winnable in 1 move (game 9;"));
        assert!(line(vec![Move::Draw, Move::Draw]).starts_with("# winnable in 2 moves (game 9;"));
        assert!(line(vec![]).starts_with("# winnable: the game is already won, no moves are left to play (game 9;"));
        let one = verdict_line(&solved(Verdict::Unwinnable, 1, None));
        assert!(one.starts_with("# unwinnable: no line wins") && one.ends_with("; 1 state, 0.250 s)"), "{one}");
        assert!(one.contains("(custom deal; "), "{one}");
        let unknown = verdict_line(&solved(Verdict::Unknown(crate::engine::solver::GaveUp::TimeLimit), 5, Some(2)));
        assert!(unknown.starts_with("# unknown (time limit; game 2; ") && unknown.ends_with("5 states, 0.250 s)"));
    }

    #[test]
    fn the_answer_lists_a_winning_line_one_move_a_line() {
        let win = answer(&solved(Verdict::Winnable(vec![Move::Draw, Move::Draw]), 3, Some(9)));
        assert_eq!(win.lines().skip(1).collect::<Vec<_>>(), vec!["d", "d"]);
        assert!(win.ends_with("d\n"));
        assert_eq!(answer(&solved(Verdict::Unwinnable, 3, Some(9))).lines().count(), 1);
    }
}
