//! One source of truth for the rules: the stuck check
//! (`src/status.rs`) and the solver (`src/solver/state.rs`) keep their own
//! fast representations and move generators, and here both are held to the
//! engine's rules (`legal_moves`, `Position::check`, `Position::play`) move
//! for move, on positions reached by random play under all twelve rules
//! settings.
//!
//! The stuck check's tableau moves are the engine's, exactly: the same
//! list, each leading to the same state (or turning up a card in both). Its
//! "some move could place this card" and its walk through the talon agree
//! with the engine's piles and with the engine's draws and redeals.
//!
//! The solver's moves are macro moves over a reduced move set, so they are
//! compared as positions reached: every solver move, and its run of safe
//! foundation moves, replays as legal engine moves to exactly the position
//! the solver's state describes; its talon reaches exactly the cards the
//! engine's draws and redeals bring to the top of the waste; and every
//! engine move the reduced set may not drop (a card to a foundation from the
//! tableau, a move that turns up a card, a move of the waste's top card
//! while a talon card may wait, a card down from a foundation that would not
//! go straight back) has a solver move with the same effect, up to which of
//! two equal piles it goes to. The moves it does drop by design (regrouping
//! face-up cards, emptying a pile for no king, a talon card moved with
//! draw-1 when it stays in reach) are covered by the verdict tests
//! (`tests/engine/solver_rules.rs`), not here.

use std::collections::{HashSet, VecDeque};

use klondike::engine::card::Card;
use klondike::engine::deal::Deal;
use klondike::engine::game::{legal_moves, Position};
use klondike::engine::moves::{Move, PileId};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::solver::internals as solver;
use klondike::engine::status::internals as stuck;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions along random games of `rules`: `games` deals, each played
/// for up to `moves` moves, mostly moves that make progress (so that games
/// get deep: empty piles, cards home, passes used), sometimes any legal
/// move (draws, cards back down).
fn positions(rules: &Rules, games: u64, moves: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::new(&Deal::for_number(
            klondike::engine::deal::GameNumber::new(rng.gen_range(1..=1_000_000u128)).unwrap(),
        ));
        out.push(p.clone());
        for _ in 0..moves {
            let legal = legal_moves(&p, rules);
            if legal.is_empty() {
                break;
            }
            let progress: Vec<Move> =
                legal.iter().copied().filter(|m| !matches!(m, Move::Draw | Move::Redeal)).collect();
            let mv = if !progress.is_empty() && rng.gen_bool(0.6) {
                progress[rng.gen_range(0..progress.len())]
            } else {
                legal[rng.gen_range(0..legal.len())]
            };
            p.play(mv, rules).unwrap();
            out.push(p.clone());
        }
    }
    out
}

fn bit(card: Card) -> u64 {
    1 << card.index()
}

fn after(p: &Position, mv: Move, rules: &Rules) -> Position {
    let mut q = p.clone();
    q.play(mv, rules).unwrap();
    q
}

/// The cards the engine's draws and redeals bring to the top of the waste
/// from `p` (its top now included).
fn engine_waste_tops(p: &Position, rules: &Rules) -> u64 {
    // A talon state is the waste's length and the pass; without a pass
    // limit the pass never matters, and the cycle repeats.
    let key = |q: &Position| (q.waste().len(), if rules.passes == PassLimit::Unlimited { 0 } else { q.pass() });
    let mut seen = HashSet::from([key(p)]);
    let mut queue = VecDeque::from([p.clone()]);
    let mut tops = 0;
    while let Some(q) = queue.pop_front() {
        if let Some(&top) = q.waste().last() {
            tops |= bit(top);
        }
        for mv in [Move::Draw, Move::Redeal] {
            if q.check(mv, rules).is_ok() {
                let next = after(&q, mv, rules);
                if seen.insert(key(&next)) {
                    queue.push_back(next);
                }
            }
        }
    }
    tops
}

fn is_tableau_kind(mv: &Move) -> bool {
    matches!(mv, Move::TableauToFoundation { .. } | Move::TableauToTableau { .. } | Move::FoundationToTableau { .. })
}

fn check_stuck_check(p: &Position, rules: &Rules, legal: &[Move]) -> Result<(), String> {
    let own = stuck::tableau_moves(p, rules);
    let mut own_moves: Vec<Move> = own.iter().map(|(m, _)| *m).collect();
    let mut engine: Vec<Move> = legal.iter().copied().filter(is_tableau_kind).collect();
    own_moves.sort_by_key(|m| format!("{m:?}"));
    engine.sort_by_key(|m| format!("{m:?}"));
    if own_moves != engine {
        return Err(format!("stuck check moves {own_moves:?}, engine moves {engine:?}"));
    }
    for (mv, key) in own {
        let mut q = p.clone();
        let played = q.play(mv, rules).map_err(|e| format!("{mv:?}: {e}"))?;
        match (played.turned_up, key) {
            (Some(_), None) => {}
            (None, Some(key)) if key == stuck::tableau_key(&q) => {}
            (turned, key) => {
                return Err(format!("{mv:?}: engine turned up {turned:?}, stuck check leads to {key:?}"));
            }
        }
    }
    let placeable = stuck::placeable_cards(p);
    for card in Card::deck() {
        let engine = p.foundation(card.suit()) + 1 == card.rank().value()
            || PileId::ALL.into_iter().any(|i| p.pile(i).accepts(card, i).is_ok());
        if engine != (placeable & bit(card) != 0) {
            return Err(format!("{card}: the engine would place it: {engine}, the stuck check says otherwise"));
        }
    }
    if let Some(&top) = p.waste().last() {
        let engine = legal.iter().any(|m| matches!(m, Move::WasteToFoundation | Move::WasteToTableau { .. }));
        if engine != (placeable & bit(top) != 0) {
            return Err(format!("waste top {top}: engine has a waste move: {engine}, the stuck check disagrees"));
        }
    }
    let tops = engine_waste_tops(p, rules);
    if stuck::waste_tops(p, rules) != tops {
        return Err(format!("waste tops: stuck check {:x}, engine {tops:x}", stuck::waste_tops(p, rules)));
    }
    Ok(())
}

/// Plays `moves` from `p` with the engine, each checked legal.
fn replay(p: &Position, moves: &[Move], rules: &Rules) -> Result<Position, String> {
    let mut q = p.clone();
    for (i, &mv) in moves.iter().enumerate() {
        q.play(mv, rules).map_err(|e| format!("move {} ({mv:?}) of {moves:?}: {e}", i + 1))?;
    }
    Ok(q)
}

fn check_solver(p: &Position, rules: &Rules, legal: &[Move]) -> Result<(), String> {
    let successors = solver::successors(p, rules)?;
    for s in &successors {
        let q = replay(p, &s.moves, rules)?;
        if q != s.position {
            return Err(format!("{:?} leads to\n  {q}\nbut the solver has\n  {}", s.moves, s.position));
        }
    }
    let safe = solver::safe_moves(p, rules)?;
    let q = replay(p, &safe.moves, rules)?;
    if q != safe.position {
        return Err(format!("safe moves {:?} lead to\n  {q}\nbut the solver has\n  {}", safe.moves, safe.position));
    }
    if let Some(mv) = safe
        .moves
        .iter()
        .find(|m| !matches!(m, Move::TableauToFoundation { .. } | Move::WasteToFoundation | Move::Draw | Move::Redeal))
    {
        return Err(format!("a safe move {mv:?} that does not go to a foundation"));
    }
    let tops = engine_waste_tops(p, rules);
    let reach = solver::talon_reach(p, rules)?;
    if reach != tops {
        return Err(format!("talon reach: solver {reach:x}, engine {tops:x}"));
    }

    // Engine moves the reduced move set must keep.
    let one = |want: &dyn Fn(&Move) -> bool| successors.iter().any(|s| s.moves.len() == 1 && want(&s.moves[0]));
    let talon = p.stock_len() + p.waste().len();
    let redeals_left = match rules.passes {
        PassLimit::Unlimited => usize::MAX,
        PassLimit::Limited(n) => n.saturating_sub(p.pass()) as usize,
    };
    // With draw-1 and redeals enough for every talon card, a talon card
    // stays within reach, and is taken out of the talon only to be used
    // at once (state.rs, "Moves that must be followed by their use").
    let talon_free = rules.draw == DrawCount::One && redeals_left >= talon;
    let base = solver::safe_moves(p, rules)?.position;
    for &mv in legal {
        let covered = match mv {
            Move::TableauToFoundation { .. } => one(&|m| *m == mv),
            Move::TableauToTableau { from, count, .. } if count == p.pile(from).face_up().len() => {
                if p.pile(from).hidden().is_empty() {
                    continue; // regrouping, or emptying a pile: may be dropped
                }
                one(&|m| matches!(*m, Move::TableauToTableau { from: f, count: c, .. } if f == from && c == count))
            }
            Move::TableauToTableau { .. } => continue, // a transfer: regrouping
            Move::WasteToFoundation if !talon_free => one(&|m| *m == mv),
            Move::WasteToTableau { .. } if !talon_free => one(&|m| matches!(m, Move::WasteToTableau { .. })),
            Move::FoundationToTableau { suit, .. } => {
                one(&|m| matches!(*m, Move::FoundationToTableau { suit: s, .. } if s == suit))
                    // Or it would go straight back up: no other position.
                    || solver::safe_moves(&after(p, mv, rules), rules)?.position == base
            }
            _ => continue,
        };
        if !covered {
            let moves: Vec<&Vec<Move>> = successors.iter().map(|s| &s.moves).collect();
            return Err(format!("the engine's {mv:?} has no solver move with its effect; the solver has {moves:?}"));
        }
    }
    Ok(())
}

fn check_all(games: u64, moves: usize) {
    for (i, rules) in Rules::variants().iter().enumerate() {
        for p in positions(rules, games, moves, 1000 + i as u64) {
            let legal = legal_moves(&p, rules);
            let result = check_stuck_check(&p, rules, &legal).and_then(|()| check_solver(&p, rules, &legal));
            if let Err(why) = result {
                panic!("under {rules}, in\n  {p}\n{why}");
            }
        }
    }
}

#[test]
fn the_stuck_check_and_the_solver_play_by_the_engines_rules() {
    check_all(8, 200);
}

/// The same on many more positions, about 900 000 (`cargo test --release
/// --test rules_agree -- --ignored`; CI runs it, its time is in the README).
#[test]
#[ignore]
fn the_stuck_check_and_the_solver_play_by_the_engines_rules_at_scale() {
    check_all(300, 250);
}
