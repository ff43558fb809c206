//! The solver's soundness, checked by machine: its verdicts against the
//! plain reference search (`klondike::engine::solver::reference`: depth-first over
//! the engine's own legal moves, no pruning, the full position as the key)
//! on small random positions under all twelve rules settings; the
//! self-consistency of its verdicts (a position is winnable exactly when
//! one of its successors is); no position along a winning line called
//! lost; and the positions where an earlier version claimed false proofs.
//!
//! Debug builds run a sample; `cargo test --release --test solver_soundness
//! -- --ignored` runs the larger sets (as CI does), and
//! `cargo run --release --example soundness` larger ones still.

use klondike::engine::deal::Deal;
use klondike::engine::game::{legal_moves, Position};
use klondike::engine::moves::{Move, PileId};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::solver::reference::{reference_verdict, small_position, SplitMix};
use klondike::engine::solver::{solve_with, Budget, LineEffort, Verdict};

/// The solver's verdict within `max_states` nodes: `Some(winnable)`, or
/// `None` when it does not know. A winning line must replay to a win.
fn verdict(p: &Position, rules: &Rules, max_states: u64) -> Option<bool> {
    match solve_with(p, rules, &Budget::states(max_states), LineEffort::Quick).verdict {
        Verdict::Winnable(line) => {
            let mut q = p.clone();
            for mv in &line {
                q.play(*mv, rules).unwrap_or_else(|e| panic!("[{rules}] the line does not replay: {e}\n{p:?}"));
            }
            assert!(q.is_won(), "[{rules}] the line does not win\n{p:?}");
            Some(true)
        }
        Verdict::Unwinnable => Some(false),
        Verdict::Unknown(_) => None,
    }
}

/// Compares the solver with the reference search on `n` small positions
/// per rules setting (those whose reference search passes `cap` positions
/// are skipped); returns (compared, winnable, unwinnable).
fn against_reference(n: u64, seed: u64, cap: usize) -> (usize, usize, usize) {
    let (mut compared, mut won, mut lost) = (0, 0, 0);
    for (r, rules) in Rules::variants().iter().enumerate() {
        for i in 0..n {
            let s = seed.wrapping_mul(0x9E37_79B9).wrapping_add(i + 1000 * r as u64);
            let p = small_position(s, rules);
            let Some(want) = reference_verdict(&p, rules, cap) else { continue };
            let got = verdict(&p, rules, 5_000_000);
            assert_eq!(got, Some(want), "[{rules}] seed {s}: the reference search says winnable = {want}\n{p:?}");
            compared += 1;
            if want {
                won += 1;
            } else {
                lost += 1;
            }
        }
    }
    (compared, won, lost)
}

#[test]
fn verdicts_match_the_reference_search_on_small_positions() {
    let (compared, won, lost) = against_reference(12, 1, 40_000);
    assert!(compared >= 120 && won >= 40 && lost >= 5, "compared {compared}: {won} winnable, {lost} unwinnable");
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn verdicts_match_the_reference_search_on_small_positions_more() {
    let (compared, won, lost) = against_reference(250, 2, 200_000);
    assert!(compared >= 2800 && lost >= 200, "compared {compared}: {won} winnable, {lost} unwinnable");
}

/// Random positions reached by random play from PySol deals: wherever the
/// solver decides a position and all its successors, the position is
/// winnable exactly when one of its successors is. Returns the positions
/// checked.
fn self_consistency(games: std::ops::RangeInclusive<u128>, per_game: usize, max_states: u64) -> usize {
    let mut rng = SplitMix(99);
    let mut checked = 0;
    let rules_list = Rules::variants();
    for game in games {
        let rules = rules_list[game as usize % rules_list.len()];
        let mut p = Position::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(game).unwrap()));
        for _ in 0..per_game {
            for _ in 0..5 + rng.below(25) {
                let moves = legal_moves(&p, &rules);
                if moves.is_empty() {
                    break;
                }
                // Favour moves that make progress, so that positions deep
                // into a game occur.
                let pick = moves
                    .iter()
                    .copied()
                    .find(|m| {
                        matches!(m, Move::TableauToFoundation { .. } | Move::WasteToFoundation) && rng.below(2) == 0
                    })
                    .unwrap_or(moves[rng.below(moves.len())]);
                p.play(pick, &rules).unwrap();
            }
            if p.is_won() {
                break;
            }
            let Some(here) = verdict(&p, &rules, max_states) else { continue };
            let mut any = Some(false);
            for mv in legal_moves(&p, &rules) {
                let mut q = p.clone();
                q.play(mv, &rules).unwrap();
                match if q.is_won() { Some(true) } else { verdict(&q, &rules, max_states) } {
                    Some(true) => {
                        any = Some(true);
                        break;
                    }
                    Some(false) => {}
                    None => any = None,
                }
            }
            if let Some(any) = any {
                assert_eq!(
                    here, any,
                    "[{rules}] game {game}: winnable = {here}, but a successor winnable = {any}\n{p:?}"
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn a_position_is_winnable_exactly_when_a_successor_is() {
    let checked = self_consistency(1..=8, 4, 20_000);
    assert!(checked >= 15, "only {checked} positions checked");
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn a_position_is_winnable_exactly_when_a_successor_is_more() {
    let checked = self_consistency(1..=240, 6, 300_000);
    assert!(checked >= 600, "only {checked} positions checked");
}

/// Every position along a line that wins from `start` is winnable: the
/// solver must never call one of them lost. Returns the positions checked.
fn none_lost_along(start: &Position, rules: &Rules, line: &[Move], max_states: u64) -> usize {
    let mut p = start.clone();
    for (i, &mv) in line.iter().enumerate() {
        assert_ne!(
            verdict(&p, rules, max_states),
            Some(false),
            "[{rules}] called lost after {i} moves of a winning line"
        );
        p.play(mv, rules).unwrap();
    }
    assert!(p.is_won());
    line.len()
}

/// The solver's own lines, for PySol deals under every rules setting.
fn own_lines(games: std::ops::RangeInclusive<u128>, max_states: u64) -> usize {
    let mut checked = 0;
    for game in games {
        for rules in Rules::variants() {
            let start = Position::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(game).unwrap()));
            if let Verdict::Winnable(line) =
                solve_with(&start, &rules, &Budget::states(max_states), LineEffort::Quick).verdict
            {
                checked += none_lost_along(&start, &rules, &line, max_states);
            }
        }
    }
    checked
}

#[test]
fn no_position_along_the_solvers_own_lines_is_called_lost() {
    assert!(own_lines(1..=2, 50_000) > 500);
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn no_position_along_the_solvers_own_lines_is_called_lost_more() {
    assert!(own_lines(3..=10, 200_000) > 8_000);
}

/// A step of the neutral notation of the shared data (`D`, `W>Tn`, `W>F`,
/// `Tn>F`, `Tn>Tm:k`).
fn step(p: &Position, s: &str) -> Move {
    let pile = |t: &str| PileId::from_number(t.parse().unwrap()).unwrap();
    match s {
        "D" if p.stock_len() == 0 => Move::Redeal,
        "D" => Move::Draw,
        "W>F" => Move::WasteToFoundation,
        _ if s.starts_with("W>T") => Move::WasteToTableau { to: pile(&s[3..]) },
        _ if s.ends_with(">F") => Move::TableauToFoundation { from: pile(&s[1..s.len() - 2]) },
        _ => {
            let (from, rest) = s[1..].split_once(">T").unwrap();
            let (to, k) = rest.split_once(':').unwrap();
            Move::TableauToTableau { from: pile(from), to: pile(to), count: k.parse().unwrap() }
        }
    }
}

/// Draw-1 PySol games (unlimited passes, foundation-to-tableau on) that
/// lonelybot wins and an earlier version called unwinnable.
const FALSE_PROOFS_DRAW1: [u128; 1] = [2088];

/// Where an earlier version claimed proofs it did not have.
#[test]
fn the_false_proofs_of_earlier_versions_are_gone() {
    let loose = |draw| Rules { draw, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    // Deal h1-032 of the shared data, 19 steps into an independent winning
    // line (the acceptance suite's `positions` section found it).
    let deals =
        std::fs::read_to_string(format!("{}/fixtures/solver/deals_draw1.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let deal: Deal = deals.lines().find_map(|l| l.strip_prefix("h1-032 ")).unwrap().parse().unwrap();
    let rules = loose(DrawCount::One);
    let mut p = Position::new(&deal);
    for s in "D D D D W>T2 T7>T2:1 T4>T2:1 T4>T5:1 T4>T7:1 T4>F D D W>T7 T6>T7:1 T6>T2:1 W>T4 T6>T1:1 T2>T4:5 T6>T2:1"
        .split_whitespace()
    {
        let mv = step(&p, s);
        p.play(mv, &rules).unwrap();
    }
    assert_eq!(verdict(&p, &rules, 5_000_000), Some(true));
    // Whole deals that lonelybot wins and the earlier version called lost.
    for game in FALSE_PROOFS_DRAW1 {
        let start = Position::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(game).unwrap()));
        assert_eq!(verdict(&start, &rules, 5_000_000), Some(true), "game {game}");
    }
    // Game 20 draw-1: positions along the solver's own line were called lost.
    own_lines(20..=20, 200_000);
}
