//! Soundness harness: the solver against the plain reference search
//! (`klondike::engine::solver::reference`) on small random positions, under all
//! twelve rules settings (draw 1 and 3; passes 1, 3 and unlimited;
//! foundation-to-tableau off and on), and the self-consistency of its
//! verdicts (a position is winnable exactly when one of its successors is).
//!
//! ```text
//! cargo run --release --example soundness -- [POSITIONS] [--seed N] [--cap N]
//! cargo run --release --example soundness -- --lines FILE [--deals FILE] [--draw 1|3]
//! cargo run --release --example soundness -- --own A..B [--draw 1|3]
//! ```
//!
//! With `--lines`, every position along each winning line of FILE (lines
//! `ID STEP...` in the neutral step notation of the shared acceptance data,
//! `D`, `W>Tn`, `W>F`, `Tn>F`, `Tn>Tm:k`, `F>Tn:S`; deals from `--deals`,
//! lines `ID CARD...`) must be proved winnable: the rest of the line wins
//! from it. With `--own`, the same along the solver's own line for each
//! PySol game A to B (unlimited passes, foundation-to-tableau allowed).
//!
//! POSITIONS (default 2000) positions are drawn per rules setting; those
//! whose reference search passes `--cap` positions (default 300 000) are
//! skipped. Prints each disagreement and a summary line per setting; exits
//! 1 on any disagreement.

use klondike::engine::card::Suit;
use klondike::engine::deal::Deal;
use klondike::engine::game::{legal_moves, Position};
use klondike::engine::moves::{Move, PileId};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::solver::reference::{reference_verdict, small_position};
use klondike::engine::solver::{solve_with, Budget, LineEffort, Verdict};

fn verdict(p: &Position, rules: &Rules) -> Option<bool> {
    match solve_with(p, rules, &Budget::states(2_000_000), LineEffort::Quick).verdict {
        Verdict::Winnable(_) => Some(true),
        Verdict::Unwinnable => Some(false),
        Verdict::Unknown(_) => None,
    }
}

/// A step of the neutral notation, as an engine move (a `D` on an empty
/// stock is the redeal).
fn step_move(p: &Position, step: &str) -> Option<Move> {
    let pile = |s: &str| s.parse::<usize>().ok().and_then(PileId::from_number);
    Some(match step {
        "D" if p.stock_len() == 0 => Move::Redeal,
        "D" => Move::Draw,
        "W>F" => Move::WasteToFoundation,
        _ if step.starts_with("W>T") => Move::WasteToTableau { to: pile(&step[3..])? },
        _ if step.starts_with("F>T") => {
            let (n, suit) = step[3..].split_once(':')?;
            let suit = Suit::from_letter(suit.chars().next()?)?;
            Move::FoundationToTableau { suit, to: pile(n)? }
        }
        _ if step.starts_with('T') && step.ends_with(">F") => {
            Move::TableauToFoundation { from: pile(&step[1..step.len() - 2])? }
        }
        _ if step.starts_with('T') => {
            let (from, rest) = step[1..].split_once(">T")?;
            let (to, k) = rest.split_once(':')?;
            Move::TableauToTableau { from: pile(from)?, to: pile(to)?, count: k.parse().ok()? }
        }
        _ => return None,
    })
}

/// Checks every position along `line` from `start`: none may be called
/// unwinnable. Returns (positions checked, failures).
fn along(name: &str, start: &Position, rules: &Rules, line: &[Move]) -> (usize, usize) {
    let (mut n, mut bad) = (0, 0);
    let mut p = start.clone();
    for (i, &mv) in line.iter().enumerate() {
        if verdict(&p, rules) == Some(false) {
            println!("FALSE PROOF {name} [{rules}] after {i} moves: the rest of the line wins");
            bad += 1;
        }
        n += 1;
        if p.play(mv, rules).is_err() {
            println!("BAD LINE {name}: move {} ({mv}) is not legal", i + 1);
            return (n, bad + 1);
        }
    }
    (n, bad)
}

fn lines_mode(lines: &str, deals: &str, draw: DrawCount) -> usize {
    let read = |f: &str| std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
    let deals: std::collections::HashMap<String, Deal> = read(deals)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.trim().split_once(' ').and_then(|(id, d)| Some((id.to_string(), d.parse().ok()?))))
        .collect();
    let rules = Rules { draw, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    let (mut n, mut bad) = (0, 0);
    for l in read(lines).lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut words = l.split_whitespace();
        let id = words.next().unwrap_or_default();
        let Some(deal) = deals.get(id) else { continue };
        let start = Position::new(deal);
        let mut p = start.clone();
        let mut line = Vec::new();
        for w in words {
            let Some(mv) = step_move(&p, w) else { panic!("{id}: bad step {w}") };
            line.push(mv);
            let _ = p.play(mv, &rules);
        }
        let (a, b) = along(id, &start, &rules, &line);
        n += a;
        bad += b;
    }
    println!("{n} positions along the lines, {bad} false proofs");
    bad
}

fn own_mode(first: u128, last: u128, draw: DrawCount) -> usize {
    let rules = Rules { draw, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    let (mut n, mut bad) = (0, 0);
    for game in first..=last {
        let start = Position::new(&Deal::for_number(
            klondike::engine::deal::GameNumber::new(game).expect("a game number from 1"),
        ));
        if let Verdict::Winnable(line) =
            solve_with(&start, &rules, &Budget::states(2_000_000), LineEffort::Quick).verdict
        {
            let (a, b) = along(&format!("game {game}"), &start, &rules, &line);
            n += a;
            bad += b;
        }
    }
    println!("{n} positions along the solver's own lines, {bad} false proofs");
    bad
}

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    let opt = |name: &str| argv.iter().position(|a| a == name).and_then(|i| argv.get(i + 1)).cloned();
    let draw = if opt("--draw").as_deref() == Some("3") { DrawCount::Three } else { DrawCount::One };
    if let Some(lines) = opt("--lines") {
        let deals = opt("--deals").unwrap_or_else(|| lines.replace("solutions_", "deals_"));
        std::process::exit(i32::from(lines_mode(&lines, &deals, draw) > 0));
    }
    if let Some(range) = opt("--own") {
        let (a, b) = range.split_once("..").expect("A..B");
        std::process::exit(i32::from(own_mode(a.parse().unwrap(), b.parse().unwrap(), draw) > 0));
    }
    let mut n = 2000u64;
    let mut seed = 1u64;
    let mut cap = 300_000usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(seed),
            "--cap" => cap = args.next().and_then(|s| s.parse().ok()).unwrap_or(cap),
            _ => n = a.parse().unwrap_or(n),
        }
    }
    let mut bad = 0;
    for (r, rules) in Rules::variants().iter().enumerate() {
        let (mut compared, mut won, mut skipped, mut inconsistent) = (0, 0, 0, 0);
        for i in 0..n {
            let s = seed.wrapping_mul(1_000_003).wrapping_add(i * 31 + r as u64 * 7_777_777);
            let p = small_position(s, rules);
            let Some(want) = reference_verdict(&p, rules, cap) else {
                skipped += 1;
                continue;
            };
            let got = verdict(&p, rules);
            compared += 1;
            won += usize::from(want);
            if got != Some(want) {
                bad += 1;
                println!("DISAGREE {rules}: seed {s}: reference {want}, solver {got:?}\n{p:?}");
            }
            // Self-consistency: winnable exactly when a successor is.
            let any = legal_moves(&p, rules).into_iter().any(|mv| {
                let mut q = p.clone();
                q.play(mv, rules).is_ok() && (q.is_won() || verdict(&q, rules) == Some(true))
            });
            if got.is_some() && got != Some(any) && !p.is_won() {
                inconsistent += 1;
                bad += 1;
                println!("INCONSISTENT {rules}: seed {s}: solver {got:?}, successors {any}");
            }
        }
        println!("{rules}: {compared} compared ({won} winnable), {skipped} over the cap, {inconsistent} inconsistent");
    }
    println!("{bad} disagreements");
    std::process::exit(i32::from(bad > 0));
}
