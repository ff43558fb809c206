//! Where a game was lost: along a game's history, whether a position can
//! be won only ever goes from yes to no (a position that can be won was
//! reached from one that could), so the last position that can still be
//! won is found by bisection, with the solver as the judge.
//!
//! [`find_loss`] asks `judge` about a few positions of the history, named
//! by the number of moves made to reach them, and never about one that is
//! not among the `points` it is given: the positions where the player was
//! to move (with autoplay on, the positions between a player's move and
//! the automatic moves after it are none of the player's doing). A judge
//! that cannot decide is worked around: the bisection goes on among the
//! other points, and what stays open is said ([`Loss::Undecided`]).

use crate::engine::moves::Move;
use crate::engine::solver::{GaveUp, Verdict};

/// What [`find_loss`] found. Positions are named by the moves made to
/// reach them (0 is the deal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loss {
    /// The last position is won.
    Won,
    /// The last position can still be won.
    StillWinnable,
    /// The deal itself cannot be won: no move lost it.
    NeverWinnable,
    /// The game could still be won after `winnable_after` moves, and not
    /// after `lost_after` (the next point): the moves between lost it.
    Found {
        /// Moves made at the last position from which the game could be won.
        winnable_after: usize,
        /// Moves made at the first position from which it could not.
        lost_after: usize,
        /// A winning line from the last position that could be won.
        line: Vec<Move>,
    },
    /// The judge could not decide enough to find the move: the game could
    /// be won after `winnable_after` moves (`None`: not known of any
    /// position, the deal included) and not after `lost_after` (`None`:
    /// not known of the last position, so not whether it was lost at all).
    Undecided {
        /// Moves made at the last position known to be winnable.
        winnable_after: Option<usize>,
        /// Moves made at the first position known to be lost.
        lost_after: Option<usize>,
        /// Why the judge gave no verdict (the first such reason).
        why: GaveUp,
    },
    /// The judge was stopped ([`GaveUp::Cancelled`]): nothing is said.
    Stopped,
}

/// How many undecided positions [`find_loss`] tries around before it says
/// what it knows: each costs the judge its whole budget.
pub const MOST_UNDECIDED: usize = 6;

/// Where the game whose judged positions are `points` (moves made, in
/// increasing order; the first is the deal, 0, and the last the position
/// now) was lost, asking `judge` whether the position after so many moves
/// can be won. The last point is judged first: a game that is won or can
/// still be won was not lost. Then the deal, then bisection between the
/// last point known winnable and the first known lost; a point the judge
/// does not decide is passed over (at most [`MOST_UNDECIDED`] of them).
pub fn find_loss(points: &[usize], mut judge: impl FnMut(usize) -> Verdict) -> Loss {
    let Some(&last) = points.last() else { return Loss::StillWinnable };
    // Indices into `points`: `lo` the last known winnable, `hi` the first
    // known lost.
    let hi_first = points.len() - 1;
    let mut why: Option<GaveUp> = None;
    let mut undecided = vec![false; points.len()];
    let mut line = Vec::new();
    match judge(last) {
        Verdict::Winnable(moves) if moves.is_empty() => return Loss::Won,
        Verdict::Winnable(_) => return Loss::StillWinnable,
        Verdict::Unwinnable => {}
        Verdict::Unknown(GaveUp::Cancelled) => return Loss::Stopped,
        Verdict::Unknown(gave_up) => {
            return Loss::Undecided { winnable_after: None, lost_after: None, why: gave_up };
        }
    }
    let mut hi = hi_first;
    let mut lo: Option<usize> = None;
    if hi > 0 {
        match judge(points[0]) {
            Verdict::Winnable(moves) => {
                lo = Some(0);
                line = moves;
            }
            Verdict::Unwinnable => return Loss::NeverWinnable,
            Verdict::Unknown(GaveUp::Cancelled) => return Loss::Stopped,
            Verdict::Unknown(gave_up) => {
                why = Some(gave_up);
                undecided[0] = true;
            }
        }
    } else {
        // The game is at its deal, and the deal is lost.
        return Loss::NeverWinnable;
    }
    let mut undecided_count = usize::from(undecided[0]);
    loop {
        let from = lo.map_or(0, |l| l + 1);
        let open: Vec<usize> = (from..hi).filter(|&i| !undecided[i]).collect();
        if open.is_empty() || undecided_count >= MOST_UNDECIDED {
            break;
        }
        let mid = open[open.len() / 2];
        match judge(points[mid]) {
            Verdict::Winnable(moves) => {
                lo = Some(mid);
                line = moves;
            }
            Verdict::Unwinnable => hi = mid,
            Verdict::Unknown(GaveUp::Cancelled) => return Loss::Stopped,
            Verdict::Unknown(gave_up) => {
                why.get_or_insert(gave_up);
                undecided[mid] = true;
                undecided_count += 1;
            }
        }
    }
    match lo {
        Some(l) if l + 1 == hi => Loss::Found { winnable_after: points[l], lost_after: points[hi], line },
        // A lost position is found only among the points after the deal;
        // with `hi` at 0 the deal would have been judged lost above.
        _ => Loss::Undecided {
            winnable_after: lo.map(|l| points[l]),
            lost_after: Some(points[hi]),
            why: why.unwrap_or(GaveUp::StateLimit),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judge for a game of `n` moves that could be won up to `lost - 1`
    /// moves, with the positions in `unknown` undecided; it counts its calls.
    fn judge<'a>(lost: usize, unknown: &[usize], calls: &'a mut Vec<usize>) -> impl FnMut(usize) -> Verdict + 'a {
        let unknown = unknown.to_vec();
        move |i| {
            calls.push(i);
            if unknown.contains(&i) {
                Verdict::Unknown(GaveUp::StateLimit)
            } else if i < lost {
                Verdict::Winnable(vec![Move::Draw])
            } else {
                Verdict::Unwinnable
            }
        }
    }

    #[test]
    fn bisection_finds_the_move_that_lost_with_few_questions() {
        let points: Vec<usize> = (0..=100).collect();
        for lost in 1..=100 {
            let mut calls = Vec::new();
            let found = find_loss(&points, judge(lost, &[], &mut calls));
            assert_eq!(found, Loss::Found { winnable_after: lost - 1, lost_after: lost, line: vec![Move::Draw] });
            assert!(calls.len() <= 2 + 7, "{lost}: {calls:?}");
        }
    }

    #[test]
    fn only_the_points_are_judged() {
        // Autoplay's moves in between: the points are where the player moved.
        let points = [0, 3, 4, 9, 12];
        let mut calls = Vec::new();
        let found = find_loss(&points, judge(6, &[], &mut calls));
        assert_eq!(found, Loss::Found { winnable_after: 4, lost_after: 9, line: vec![Move::Draw] });
        assert!(calls.iter().all(|c| points.contains(c)), "{calls:?}");
    }

    #[test]
    fn won_still_winnable_and_never_winnable_are_said_as_such() {
        let points = [0, 1, 2];
        assert_eq!(find_loss(&points, |_| Verdict::Winnable(Vec::new())), Loss::Won);
        assert_eq!(find_loss(&points, |_| Verdict::Winnable(vec![Move::Draw])), Loss::StillWinnable);
        assert_eq!(find_loss(&points, |_| Verdict::Unwinnable), Loss::NeverWinnable);
        assert_eq!(find_loss(&[0], |_| Verdict::Unwinnable), Loss::NeverWinnable);
        assert_eq!(find_loss(&points, |_| Verdict::Unknown(GaveUp::Cancelled)), Loss::Stopped);
    }

    #[test]
    fn what_cannot_be_decided_is_worked_around_and_then_said() {
        let points: Vec<usize> = (0..=20).collect();
        // One undecided position on the way: the answer is still exact.
        let mut calls = Vec::new();
        let found = find_loss(&points, judge(7, &[10], &mut calls));
        assert_eq!(found, Loss::Found { winnable_after: 6, lost_after: 7, line: vec![Move::Draw] });
        // The positions around the loss undecided: what is known is said.
        let mut calls = Vec::new();
        let found = find_loss(&points, judge(7, &[6, 7, 8], &mut calls));
        assert_eq!(found, Loss::Undecided { winnable_after: Some(5), lost_after: Some(9), why: GaveUp::StateLimit });
        // The last position undecided: not even whether the game was lost.
        let found = find_loss(&points, |_| Verdict::Unknown(GaveUp::TimeLimit));
        assert_eq!(found, Loss::Undecided { winnable_after: None, lost_after: None, why: GaveUp::TimeLimit });
        // Every position but the last undecided: lost by then, the deal unknown.
        let mut calls = Vec::new();
        let all_but_last: Vec<usize> = (0..20).collect();
        let found = find_loss(&points, judge(20, &all_but_last, &mut calls));
        assert_eq!(found, Loss::Undecided { winnable_after: None, lost_after: Some(20), why: GaveUp::StateLimit });
        assert!(calls.len() <= 1 + MOST_UNDECIDED, "{calls:?}");
    }

    /// A constructed end game in draw 1 with one pass: three hearts go up
    /// from the piles, then the player draws the 6 of hearts over the 5 on
    /// the waste, with no redeal and nowhere for the 6 to go: lost. Putting
    /// the 5 up first would have won.
    #[test]
    fn the_solver_as_judge_finds_the_draw_that_buried_the_five() {
        use crate::engine::game::Position;
        use crate::engine::moves::PileId;
        use crate::engine::rules::{PassLimit, Rules};
        use crate::engine::solver::{solve_with, Budget, LineEffort};
        let start: Position =
            "tableau KH QH JH TH 9H 8H | 7H / | 2H / | 3H / | 4H / - / - / - ; stock 6H ; waste 5H ; \
             foundations KC KD AH KS ; pass 1"
                .parse()
                .unwrap();
        let rules = Rules { passes: PassLimit::Limited(1), ..Rules::default() };
        let pile = |n: usize| PileId::ALL[n - 1];
        let moves = [
            Move::TableauToFoundation { from: pile(2) },
            Move::TableauToFoundation { from: pile(3) },
            Move::TableauToFoundation { from: pile(4) },
            Move::Draw,
        ];
        let mut positions = vec![start.clone()];
        for mv in moves {
            let mut next = positions.last().unwrap().clone();
            next.play(mv, &rules).unwrap();
            positions.push(next);
        }
        let points: Vec<usize> = (0..positions.len()).collect();
        let found = find_loss(&points, |i| {
            solve_with(&positions[i], &rules, &Budget::states(100_000), LineEffort::Quick).verdict
        });
        let Loss::Found { winnable_after: 3, lost_after: 4, line } = found else { panic!("{found:?}") };
        // The move that lost it is the draw, and the winning line from before
        // it puts the 5 up first (the only other move there is).
        assert_eq!(moves[3], Move::Draw);
        assert_eq!(line.first(), Some(&Move::WasteToFoundation));
    }
}
