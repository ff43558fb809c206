//! What `klondike solve` prints for one deal: the verdict line (`# winnable
//! in N moves (...)`, `# unwinnable: ...`, `# unknown (...)`) and, for a
//! win, the line's moves, one a line, as they are typed at the prompt.

use crate::batch::Solved;
use crate::solver::Verdict;

/// The first line of the text form: `# winnable in N moves`, `# unwinnable`
/// or `# unknown (why)`, with the deal, the rules and the figures after.
pub fn verdict_line(solved: &Solved) -> String {
    let deal = solved.game.map_or_else(|| "custom deal".to_string(), |n| format!("game {n}"));
    let states = solved.solution.states;
    let noun = if states == 1 { "state" } else { "states" };
    let figures = format!("{deal}; {}; {states} {noun}, {:.3} s", solved.rules, solved.seconds);
    match &solved.solution.verdict {
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
    use super::*;
    use crate::moves::Move;
    use crate::rules::Rules;
    use crate::solver::Solution;

    fn solved(verdict: Verdict, states: u64, game: Option<u128>) -> Solved {
        let solution = Solution { verdict, states, peak_memory_bytes: 0 };
        Solved { game, rules: Rules::default(), solution, seconds: 0.25 }
    }

    #[test]
    fn the_verdict_line_counts_moves_and_states_in_words() {
        let line = |moves: Vec<Move>| verdict_line(&solved(Verdict::Winnable(moves), 3, Some(9)));
        assert!(line(vec![Move::Draw]).starts_with("# winnable in 1 move (game 9;"));
        assert!(line(vec![Move::Draw, Move::Draw]).starts_with("# winnable in 2 moves (game 9;"));
        let one = verdict_line(&solved(Verdict::Unwinnable, 1, None));
        assert!(one.starts_with("# unwinnable: no line wins") && one.ends_with("; 1 state, 0.250 s)"), "{one}");
        assert!(one.contains("(custom deal; "), "{one}");
        let unknown = verdict_line(&solved(Verdict::Unknown(crate::solver::GaveUp::TimeLimit), 5, Some(2)));
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
