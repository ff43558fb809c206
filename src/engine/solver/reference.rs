//! What the solver is checked against: a plain reference search that is
//! right by construction, and small random positions to run it on.
//!
//! The reference search is depth-first over the engine's own
//! [`legal_moves`] and [`Position::play`], with no pruning, no abstraction
//! and no automatic moves; positions are told apart by every card's place
//! (and the pass, when the pass limit can matter). It visits every position
//! reachable from the start, so its verdict is the definition of
//! "winnable"; it is only practical on positions with few cards left to
//! play, which [`small_position`] makes.
//!
//! Neither is used by the game: they exist for the tests, the soundness
//! harness (`examples/soundness.rs`) and anyone who doubts a verdict.

use std::collections::HashSet;

use crate::engine::card::{Card, Suit};
use crate::engine::game::{legal_moves, Position};
use crate::engine::moves::Move;
use crate::engine::rules::{PassLimit, Rules};

/// The reference verdict of `position` under `rules`: `Some(true)` when a
/// sequence of legal moves wins, `Some(false)` when none does (every
/// reachable position was visited), `None` when more than `max_positions`
/// distinct positions would have to be visited.
///
/// Memory grows with the positions visited: about 100 bytes each.
pub fn reference_verdict(position: &Position, rules: &Rules, max_positions: usize) -> Option<bool> {
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut stack = vec![position.clone()];
    seen.insert(identity(position, rules));
    while let Some(p) = stack.pop() {
        if p.is_won() {
            return Some(true);
        }
        // The order of the stack changes only how soon a win is found:
        // moves to a foundation are tried first, from a foundation last
        // (the last pushed is the next popped).
        let mut moves = legal_moves(&p, rules);
        moves.sort_by_key(try_first);
        for mv in moves {
            let mut q = p.clone();
            if q.play(mv, rules).is_err() {
                // `legal_moves` lists only moves that `play` accepts; a
                // refusal would be an engine bug, and is no way forward.
                continue;
            }
            if seen.insert(identity(&q, rules)) {
                if seen.len() > max_positions {
                    return None;
                }
                stack.push(q);
            }
        }
    }
    Some(false)
}

/// How early the reference search tries a move (higher first).
fn try_first(mv: &Move) -> u8 {
    match mv {
        Move::WasteToFoundation | Move::TableauToFoundation { .. } => 5,
        Move::TableauToTableau { .. } => 4,
        Move::WasteToTableau { .. } => 3,
        Move::Draw | Move::Redeal => 2,
        Move::FoundationToTableau { .. } => 1,
    }
}

/// Every card's place: the piles (face-down count, then cards bottom
/// first), the stock, the waste, the foundations, and the pass (only under
/// a pass limit: with none, positions that differ only in the pass have the
/// same moves and futures, and telling them apart would make the space
/// infinite).
fn identity(p: &Position, rules: &Rules) -> Vec<u8> {
    let mut id = Vec::with_capacity(80);
    for pile in p.tableau() {
        id.push(pile.hidden().len() as u8);
        id.push((pile.hidden().len() + pile.face_up().len()) as u8);
        id.extend(pile.hidden().iter().chain(pile.face_up()).map(|c| c.index() as u8));
    }
    id.push(p.stock().len() as u8);
    id.extend(p.stock().iter().map(|c| c.index() as u8));
    id.push(p.waste().len() as u8);
    id.extend(p.waste().iter().map(|c| c.index() as u8));
    for s in Suit::ALL {
        id.push(p.foundation(s));
    }
    if let PassLimit::Limited(_) = rules.passes {
        id.extend(p.pass().to_le_bytes());
    }
    id
}

/// A small deterministic generator (splitmix64), so that a seed names the
/// same position whatever version of any crate is in use.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// A random position with few cards left to play, for the reference
/// search: each suit's foundation holds a random number of its lowest cards
/// (`4..=13 - spread` or so, so that 8 to 24 cards are left), the others are
/// dealt at random to the seven piles (0 to 3 face down each, one face up)
/// and to the stock (the rest, at most 8), and then 0 to 12 random legal
/// moves under `rules` are played, so that builds, an emptied pile, a part
/// of the stock drawn or a later pass occur. The same `seed` and `rules`
/// give the same position.
pub fn small_position(seed: u64, rules: &Rules) -> Position {
    let mut rng = SplitMix(seed);
    loop {
        let mut found = [0u8; 4];
        for f in &mut found {
            *f = 5 + rng.below(8) as u8; // 5..=12
        }
        let mut rest: Vec<Card> = Card::deck().filter(|c| c.rank().value() > found[c.suit().index()]).collect();
        let left = rest.len();
        if !(6..=26).contains(&left) {
            continue;
        }
        // Shuffle (Fisher-Yates).
        for i in (1..rest.len()).rev() {
            let j = rng.below(i + 1);
            rest.swap(i, j);
        }
        let stock_n = rng.below(9).min(rest.len());
        let mut stock: Vec<Card> = rest.drain(..stock_n).collect();
        let mut piles: [(Vec<Card>, Vec<Card>); 7] = Default::default();
        for (hidden, up) in &mut piles {
            for _ in 0..rng.below(4) {
                if rest.len() > 1 {
                    hidden.extend(rest.pop());
                }
            }
            up.extend(rest.pop());
            if up.is_empty() {
                // No card left for this pile: leave it empty.
                rest.append(hidden);
            }
        }
        // Cards left over go to the stock.
        stock.extend(rest);
        let Ok(mut p) = Position::from_parts(piles, stock, Vec::new(), found, 1) else { continue };
        for _ in 0..rng.below(13) {
            let moves = legal_moves(&p, rules);
            if moves.is_empty() {
                break;
            }
            let _ = p.play(moves[rng.below(moves.len())], rules);
        }
        return p;
    }
}
