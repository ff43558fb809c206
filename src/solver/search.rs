//! Depth-first search with an explicit stack and a transposition table of
//! every position visited.
//!
//! Every position reachable in the reduced move graph is visited unless the
//! win is found first: a position is skipped only when its key is already in
//! the table, that is when an equivalent position has been (or is being)
//! explored. So when the search ends without a win, no position reachable
//! from the start by the reduced moves is won, and by the arguments in the
//! `state` module the game cannot be won.
//!
//! The table is capped ([`MAX_TABLE`]) to keep memory under 1 GB; reaching
//! the cap ends the search with "state limit" (an `Unknown`), never with a
//! verdict, so the cap cannot make an `Unwinnable` answer wrong.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::time::Instant;

use super::state::{Ctx, Key, PassHasher, SMove, State};
use super::Budget;

/// What the search found.
pub(crate) enum Found {
    /// A win: the solver moves from the root (each followed by the
    /// automatic moves, the root's own automatic moves first), ending in a
    /// won or trivially won position.
    Win(Vec<SMove>),
    /// Exhaustive search without a win.
    NoWin,
    /// The budget ran out (the reason).
    OutOfBudget(&'static str),
}

pub(crate) struct Outcome {
    pub verdict: Found,
    pub states: u64,
    pub peak_memory_bytes: u64,
}

struct Frame {
    state: State,
    /// The move that led here from the frame below (unused at the root).
    via: SMove,
    /// This node's moves are `moves[start..end]`, next to try at `next`.
    start: usize,
    next: usize,
    end: usize,
}

/// Most positions the transposition table holds: a table of 2^25 buckets
/// (17 bytes each, 570 MB, plus the 285 MB table it grows from while it
/// grows). A search that would need more answers "state limit", whatever
/// the budget, so that the solver's peak memory stays under 1 GB.
pub(crate) const MAX_TABLE: usize = (1 << 25) / 8 * 7;

/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 4096;

fn push_moves(st: &State, ctx: &Ctx, moves: &mut Vec<SMove>, scratch: &mut Vec<(i32, SMove)>) -> (usize, usize) {
    scratch.clear();
    st.gen_moves(ctx, scratch);
    scratch.sort_unstable_by_key(|a| std::cmp::Reverse(a.0));
    let start = moves.len();
    moves.extend(scratch.iter().map(|&(_, m)| m));
    (start, moves.len())
}

pub(crate) fn dfs(root_raw: State, ctx: &Ctx, budget: &Budget) -> Outcome {
    let mut root = root_raw;
    root.auto_moves(ctx, |_| {});
    let mut tt: HashSet<Key, BuildHasherDefault<PassHasher>> =
        HashSet::with_capacity_and_hasher(1 << 12, BuildHasherDefault::default());
    let mut frames: Vec<Frame> = Vec::with_capacity(256);
    let mut moves: Vec<SMove> = Vec::with_capacity(4096);
    let mut scratch = Vec::new();
    let mut states: u64 = 0;
    let mut peak_frames = 0usize;
    // The table's buckets, plus the half-size table that lives next to it
    // while it grows.
    let memory = |tt: &HashSet<Key, BuildHasherDefault<PassHasher>>, frames: usize, moves: usize| -> u64 {
        let buckets = (tt.capacity() * 8 / 7).next_power_of_two();
        (buckets * 3 / 2 * (std::mem::size_of::<Key>() + 1)
            + frames * std::mem::size_of::<Frame>()
            + moves * std::mem::size_of::<SMove>()) as u64
    };

    if root.is_won() || root.is_trivially_won() {
        return Outcome { verdict: Found::Win(Vec::new()), states: 0, peak_memory_bytes: 0 };
    }
    tt.insert(root.key(ctx));
    let unknown = |why: &'static str, states: u64, mem: u64| Outcome {
        verdict: Found::OutOfBudget(why),
        states,
        peak_memory_bytes: mem,
    };
    if budget.max_states == 0 {
        return unknown("state limit", 0, 0);
    }
    states += 1;
    let (start, end) = push_moves(&root, ctx, &mut moves, &mut scratch);
    frames.push(Frame { state: root, via: SMove { kind: 0, a: 0, b: 0, c: 0 }, start, next: start, end });

    while let Some(top) = frames.last_mut() {
        if top.next == top.end {
            moves.truncate(top.start);
            frames.pop();
            continue;
        }
        let mv = moves[top.next];
        top.next += 1;
        let mut child = top.state;
        child.apply(ctx, mv);
        child.auto_moves(ctx, |_| {});
        if child.is_won() || child.is_trivially_won() {
            let line = frames.iter().skip(1).map(|f| f.via).chain(Some(mv)).collect();
            let mem = memory(&tt, peak_frames.max(frames.len()), moves.capacity());
            return Outcome { verdict: Found::Win(line), states, peak_memory_bytes: mem };
        }
        if !tt.insert(child.key(ctx)) {
            continue;
        }
        if states >= budget.max_states || tt.len() >= MAX_TABLE {
            let mem = memory(&tt, peak_frames.max(frames.len()), moves.capacity());
            return unknown("state limit", states, mem);
        }
        states += 1;
        if states % CLOCK_EVERY == 0 {
            if let Some(deadline) = budget.deadline {
                if Instant::now() >= deadline {
                    let mem = memory(&tt, peak_frames.max(frames.len()), moves.capacity());
                    return unknown("time limit", states, mem);
                }
            }
        }
        let (start, end) = push_moves(&child, ctx, &mut moves, &mut scratch);
        frames.push(Frame { state: child, via: mv, start, next: start, end });
        peak_frames = peak_frames.max(frames.len());
    }
    let mem = memory(&tt, peak_frames, moves.capacity());
    Outcome { verdict: Found::NoWin, states, peak_memory_bytes: mem }
}

