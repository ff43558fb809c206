//! The solver under every rules setting, from positions in the middle of a
//! game, and against a brute-force search over the engine's own moves (no
//! pruning at all) on small positions near the end of games.

use std::collections::HashSet;
use std::rc::Rc;

use klondike::engine::deal::Deal;
use klondike::engine::game::{legal_moves, Position};
use klondike::engine::moves::Move;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::solver::{solve, Budget, GaveUp, Verdict};

use crate::common;

/// A small deterministic generator (no dependence on `rand`'s versions).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn deals(n: usize) -> Vec<Deal> {
    let path = format!("{}/fixtures/solver/deals_draw1.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(|l| l.trim().split_once(' ').unwrap().1.parse().unwrap())
        .collect()
}

fn all_rules() -> Vec<Rules> {
    let mut v = Vec::new();
    for draw in [DrawCount::One, DrawCount::Three] {
        for passes in [PassLimit::Unlimited, PassLimit::Limited(1), PassLimit::Limited(2), PassLimit::Limited(3)] {
            for foundation_to_tableau in [false, true] {
                v.push(Rules { draw, passes, foundation_to_tableau });
            }
        }
    }
    v
}

fn replays(position: &Position, rules: &Rules, line: &[Move]) -> bool {
    let mut p = position.clone();
    line.iter().all(|&mv| p.play(mv, rules).is_ok()) && p.is_won()
}

/// Exhaustive search over engine positions and `legal_moves`: `Some(won?)`,
/// or `None` past `cap` positions. Only for pass limits (finite space).
fn brute_force(position: &Position, rules: &Rules, cap: usize) -> Option<bool> {
    // Each position is held once, shared by the set and the stack: a
    // second copy of every position would double the work of a search
    // that mostly copies positions.
    let start = Rc::new(position.clone());
    let mut seen = HashSet::with_hasher(common::Fnv);
    seen.insert(Rc::clone(&start));
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if p.is_won() {
            return Some(true);
        }
        for mv in legal_moves(&p, rules) {
            let mut q = (*p).clone();
            q.play(mv, rules).unwrap();
            let q = Rc::new(q);
            if seen.insert(Rc::clone(&q)) {
                if seen.len() > cap {
                    return None;
                }
                stack.push(q);
            }
        }
    }
    Some(false)
}

#[test]
fn a_won_position_is_winnable_with_no_moves() {
    let rules = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    let deal = &deals(1)[0];
    let start = Position::new(deal);
    let Verdict::Winnable(line) = solve(&start, &rules, &Budget::default()).verdict else {
        panic!("h1-001 is winnable")
    };
    let mut p = start.clone();
    for mv in line {
        p.play(mv, &rules).unwrap();
    }
    assert!(p.is_won());
    let sol = solve(&p, &rules, &Budget::states(0));
    assert_eq!(sol.verdict, Verdict::Winnable(Vec::new()));
}

#[test]
fn budgets_give_unknown_with_the_reason() {
    let rules = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    let start = Position::new(&deals(1)[0]);
    let sol = solve(&start, &rules, &Budget::states(0));
    assert_eq!(sol.verdict, Verdict::Unknown(GaveUp::StateLimit));
    let sol = solve(&start, &rules, &Budget::states(5));
    assert_eq!(sol.verdict, Verdict::Unknown(GaveUp::StateLimit));
    assert!(sol.states <= 5);
    // h1-012 is unwinnable and takes many nodes to prove: a past deadline stops it.
    let hard = &deals(12)[11];
    let past = Budget::until(u64::MAX, std::time::Instant::now(), std::time::Instant::now);
    let sol = solve(&Position::new(hard), &rules, &past);
    assert_eq!(sol.verdict, Verdict::Unknown(GaveUp::TimeLimit));
    assert!(sol.peak_memory_bytes > 0);
    // A cancel flag, once set, stops it too.
    static CANCEL: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    let cancelled = Budget { cancel: Some(&CANCEL), ..Budget::states(u64::MAX) };
    let sol = solve(&Position::new(hard), &rules, &cancelled);
    assert_eq!(sol.verdict, Verdict::Unknown(GaveUp::Cancelled));
}

/// Random walks through games under every rules setting: the solver never
/// panics, and every line it gives replays to a win from the position.
#[test]
fn mid_game_positions_under_every_rules_setting() {
    let mut rng = Lcg(7);
    for (d, deal) in deals(6).iter().enumerate() {
        for rules in all_rules() {
            let mut p = Position::new(deal);
            for step in 0..120 {
                if step % 30 == 0 {
                    let sol = solve(&p, &rules, &Budget::states(3_000));
                    if let Verdict::Winnable(line) = &sol.verdict {
                        assert!(replays(&p, &rules, line), "deal {d}, {rules}, step {step}");
                    }
                }
                let moves = legal_moves(&p, &rules);
                if moves.is_empty() {
                    break;
                }
                // Favour draws so that empty stocks and later passes occur.
                let mv = if rng.below(3) == 0 && moves.contains(&Move::Draw) {
                    Move::Draw
                } else {
                    moves[rng.below(moves.len())]
                };
                p.play(mv, &rules).unwrap();
            }
        }
    }
}

/// Positions near the end of won games, perturbed by random moves, under
/// pass limits: the solver's verdict equals the brute-force verdict. This
/// checks that `Unwinnable` is never claimed for a winnable position.
#[test]
fn verdicts_match_brute_force_near_the_end() {
    // Near the end: mostly winnable positions.
    cross_check(3, &[10, 14], TIGHT, 8_000, 6, 0);
    // Further back, where small pass limits leave mostly unwinnable ones.
    cross_check(3, &[40, 48], TIGHT, 10_000, 6, 2);
}

/// The same with more and larger positions.
#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn verdicts_match_brute_force_near_the_end_more() {
    cross_check(10, &[16, 24, 32, 40], ALL_LIMITS, 40_000, 40, 8);
}

/// Positions further from the end, where many face-up cards are grouped
/// into builds in more than one way (the solver's key ignores the grouping).
#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn verdicts_match_brute_force_in_the_middle_game() {
    cross_check(6, &[48, 64], ALL_LIMITS, 200_000, 20, 5);
}

/// The random moves' seed.
const SEED: u64 = 11;

/// Pass limits to compare under: 30 is more than any talon holds cards, so
/// that limit cannot bind (the solver then prunes as with no limit).
const TIGHT: &[PassLimit] = &[PassLimit::Limited(1), PassLimit::Limited(2)];
const ALL_LIMITS: &[PassLimit] = &[PassLimit::Limited(1), PassLimit::Limited(2), PassLimit::Limited(30)];

/// Compares the solver with the brute force on positions `backs` moves
/// before the end of the solver's winning line of each of the first
/// `n_deals` deals (draw-1 and draw-3), each after 5 to 34 random moves, under each of `pass_limits` with foundation-to-tableau off
/// and on; positions whose brute force passes `cap` positions are skipped.
fn cross_check(
    n_deals: usize,
    backs: &[usize],
    pass_limits: &[PassLimit],
    cap: usize,
    min_compared: usize,
    min_unwinnable: usize,
) {
    let mut rng = Lcg(SEED);
    let (mut compared, mut unwinnable, mut winnable) = (0, 0, 0);
    let loose = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    for deal in deals(n_deals) {
        let start = Position::new(&deal);
        for draw in [DrawCount::One, DrawCount::Three] {
            let base = Rules { draw, ..loose };
            let Verdict::Winnable(line) = solve(&start, &base, &Budget::states(200_000)).verdict else {
                continue;
            };
            for &back in backs {
                if back >= line.len() {
                    continue;
                }
                let mut p = start.clone();
                for &mv in &line[..line.len() - back] {
                    p.play(mv, &base).unwrap();
                }
                for &passes in pass_limits {
                    for foundation_to_tableau in [false, true] {
                        let rules = Rules { draw, passes, foundation_to_tableau };
                        let mut q = p.clone();
                        for _ in 0..5 + rng.below(30) {
                            let moves = legal_moves(&q, &rules);
                            if moves.is_empty() {
                                break;
                            }
                            q.play(moves[rng.below(moves.len())], &rules).unwrap();
                        }
                        let Some(expected) = brute_force(&q, &rules, cap) else { continue };
                        let sol = solve(&q, &rules, &Budget::states(1_000_000));
                        match sol.verdict {
                            Verdict::Winnable(line) => {
                                assert!(expected, "solver found a win the brute force did not");
                                assert!(replays(&q, &rules, &line));
                                winnable += 1;
                            }
                            Verdict::Unwinnable => {
                                assert!(!expected, "solver says unwinnable, brute force won: {rules}\n{q:?}");
                                unwinnable += 1;
                            }
                            Verdict::Unknown(why) => panic!("unknown ({why}) on a small position"),
                        }
                        compared += 1;
                    }
                }
            }
        }
    }
    eprintln!("compared {compared}: {winnable} winnable, {unwinnable} unwinnable");
    assert!(compared >= min_compared, "only {compared} positions compared");
    assert!(unwinnable >= min_unwinnable, "only {unwinnable} unwinnable positions compared");
}

/// Engine positions along a line (the start included).
fn positions_along(position: &Position, rules: &Rules, line: &[Move]) -> Vec<Position> {
    let mut p = position.clone();
    let mut out = vec![p.clone()];
    for &mv in line {
        p.play(mv, rules).unwrap();
        out.push(p.clone());
    }
    out
}

/// The shortened lines: they replay and win under every rules setting, and
/// the shortening leaves no stretch that comes back to the very position it
/// started from (a draw cycle through the whole stock, a move and its undo),
/// which depth-first search lines are full of.
#[test]
fn winning_lines_are_shortened_and_replay() {
    let mut lens = Vec::new();
    for deal in deals(5) {
        let start = Position::new(&deal);
        for rules in all_rules() {
            let Verdict::Winnable(line) = solve(&start, &rules, &Budget::states(50_000)).verdict else {
                continue;
            };
            assert!(replays(&start, &rules, &line), "{rules}");
            let along = positions_along(&start, &rules, &line);
            let mut seen = HashSet::new();
            let repeats = along.iter().filter(|p| !seen.insert((*p).clone())).count();
            // A repeat is cut whenever the cut line is no longer; allow a
            // very few that the bounded effort may leave.
            assert!(repeats <= 2, "{repeats} repeated positions along a line, {rules}");
            if rules.passes == PassLimit::Unlimited && rules.foundation_to_tableau {
                lens.push(line.len());
            }
        }
    }
    lens.sort_unstable();
    let median = lens[lens.len() / 2];
    eprintln!("line lengths {lens:?}");
    assert!(median <= 180, "median line {median}");
}
