//! What `klondike solve` prints for one deal: the verdict line (`# winnable
//! in N moves (...)`, `# winnable: the game is already won...` after a
//! moves file that wins it, `# unwinnable: ...`, `# unknown (...)`) and, for a
//! win, the line's moves, one a line, as they are typed at the prompt;
//! and what it says of the files it reads and writes (a games or moves
//! file with a bad line, a results file's line that is not a result, or
//! its torn end; a results file that cannot be used says itself, as a
//! [`OutputError`](crate::app::batch::output::OutputError)).

use std::path::Path;

use crate::app::batch::{BadGameLine, ScriptError, Solved, Tally};
use crate::app::render::words::readable;
use crate::engine::solver::Verdict;

/// Longest piece of a file's line quoted in a message, in characters.
const QUOTED: usize = 200;

/// A line of the games file `path` that is not a game number.
pub fn bad_games_line(path: &Path, e: &BadGameLine) -> String {
    format!(
        "{} line {}: '{}' is not a game number: give a whole number from 1 to 2^128-1",
        path.display(),
        e.line,
        readable(&e.text, QUOTED)
    )
}

/// `--retry-unknown` with `-o -`: there are no results to read.
pub const RETRY_NEEDS_A_FILE: &str =
    "--retry-unknown solves again the unknown games of the --output file: name a file, not - (standard output)";

/// Said of a games file with no game number in it (empty, or only comments
/// and blank lines): the batch has nothing to do.
pub fn no_games_in(path: &Path) -> String {
    format!("{} names no game: nothing to solve", path.display())
}

/// A line of the moves file `path` that cannot be played, and why.
pub fn bad_moves_line(path: &Path, e: &ScriptError) -> String {
    format!(
        "{} line {}: '{}': {}",
        path.display(),
        e.line,
        readable(&e.text, QUOTED),
        crate::app::render::refusals::script_fault(&e.why)
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

/// The line a batch ends with, on standard error: what it did, whether it
/// finished, was stopped (`stopped`) or found nothing left to do. `path`
/// is its results file (`None`: standard output). For example `200 games
/// in f.jsonl: 184 winnable, 16 unwinnable, 0 unknown; 114 solved now, 86
/// were already there`.
pub fn batch_summary(tally: &Tally, path: Option<&Path>, stopped: bool) -> String {
    let games = |n: u128| if n == 1 { "1 game".to_string() } else { format!("{n} games") };
    let place = path.map_or_else(String::new, |p| format!(" in {}", p.display()));
    let head = if stopped {
        format!("stopped with {} of {}{place}", tally.results(), games(tally.planned))
    } else {
        format!("{}{place}", games(tally.planned))
    };
    let mut line = format!(
        "{head}: {} winnable, {} unwinnable, {} unknown; {} solved now",
        tally.winnable, tally.unwinnable, tally.unknown, tally.solved_now
    );
    if path.is_some() {
        let were = if tally.already == 1 { "was" } else { "were" };
        line.push_str(&format!(", {} {were} already there", tally.already));
    }
    line.push_str(&memory_per_thread(tally));
    // Only a file is resumed: standard output starts again.
    if stopped && path.is_some() {
        line.push_str("; run it again to go on");
    }
    line
}

/// "; at most 12 MB of tables a thread" when something was solved now:
/// the memory a batch needs per thread (one search at a time on each).
pub fn memory_per_thread(tally: &Tally) -> String {
    if tally.solved_now == 0 {
        return String::new();
    }
    let mb = tally.peak_table_bytes.div_ceil(1 << 20);
    format!("; at most {mb} MB of tables a thread")
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

    #[test]
    fn a_batch_says_what_it_did_in_one_line() {
        use crate::app::batch::Tally;
        let t = Tally {
            planned: 200,
            winnable: 184,
            unwinnable: 16,
            unknown: 0,
            solved_now: 114,
            already: 86,
            peak_table_bytes: 40 << 20,
        };
        let file = Some(Path::new("f.jsonl"));
        assert_eq!(
            batch_summary(&t, file, false),
            "200 games in f.jsonl: 184 winnable, 16 unwinnable, 0 unknown; 114 solved now, 86 were already there; at most 40 MB of tables a thread"
        );
        let stopped = Tally {
            planned: 200,
            winnable: 80,
            unwinnable: 6,
            unknown: 0,
            solved_now: 86,
            already: 0,
            peak_table_bytes: 1,
        };
        assert_eq!(
            batch_summary(&stopped, file, true),
            "stopped with 86 of 200 games in f.jsonl: 80 winnable, 6 unwinnable, 0 unknown; 86 solved now, 0 were already there; at most 1 MB of tables a thread; run it again to go on"
        );
        // To standard output: nothing is said of a file; nothing solved, no memory.
        let one = Tally { planned: 1, winnable: 1, already: 1, ..Tally::default() };
        assert_eq!(batch_summary(&one, None, false), "1 game: 1 winnable, 0 unwinnable, 0 unknown; 0 solved now");
    }

    use super::*;
    use crate::app::batch::output::OutputError;
    use crate::app::batch::ANOTHER_GAME;
    use crate::engine::moves::Move;
    use crate::engine::rules::Rules;

    #[test]
    fn file_messages_name_the_file_and_quote_the_line_readably() {
        let path = Path::new("games.txt");
        let bad = BadGameLine { line: 3, text: "x\u{7}".into() };
        assert_eq!(
            bad_games_line(path, &bad),
            format!(
                "games.txt line 3: '{}' is not a game number: give a whole number from 1 to 2^128-1",
                readable("x\u{7}", 200)
            )
        );
        let script = ScriptError { line: 2, text: "new 9".into(), why: crate::app::batch::ScriptFault::AnotherGame };
        assert_eq!(bad_moves_line(path, &script), format!("games.txt line 2: 'new 9': {ANOTHER_GAME}"));
        let not_results = OutputError::NotResults { path: path.to_path_buf(), line: 4 }.to_string();
        assert!(not_results.starts_with("'games.txt' is not a file of results (line 4 is not one)"));
        let busy = OutputError::Busy(path.to_path_buf()).to_string();
        assert!(torn_line_cut(path, 7).contains("(7 bytes)") && busy.starts_with("'games.txt' is being"));
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
            budget: None,
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
