//! Shortening a winning line after the search has found it.
//!
//! This is pure post-processing of a line that is already known to win: it
//! never decides a verdict. Every candidate line is replayed from the start
//! position with the solver's own legality checks, and only a candidate that
//! is legal, ends in a won (or trivially won) position and has strictly
//! fewer engine moves is kept; the final line is replayed once more with the
//! engine by [`super::solve`]. So whatever this module does, the verdict
//! stays `Winnable` and the line stays a real win.
//!
//! The line is held as moves that name cards rather than positions
//! ("take card X from the talon", "move the build headed by X onto pile
//! j"), so that a move still means the same thing after an earlier move is
//! deleted or moved. Talon routes (how many draws, whether through a redeal)
//! are recomputed at every replay from the cursor of the moment, and the
//! automatic safe foundation moves are replayed after every move (a card
//! that is already on its foundation when its own foundation move comes
//! makes that move a no-op of cost 0).
//!
//! Destinations are named by the card on top of the destination pile (or
//! "an empty pile"), so a line also stays meaningful from a position that
//! differs only by the order of the piles, as the transposition key does.
//!
//! The replay's automatic moves are the safe tableau cards of the search
//! and, with draw-1, a safe waste top (one move, no draw); the safe talon
//! cards that the search puts up through draws become explicit moves of the
//! line, which the passes may then move to where the cursor passes them.
//!
//! Passes, repeated while they improve the line and the work budget lasts:
//!
//! * shortcuts: for each position of the line, if a later position of the
//!   line has the same key (a cycle), or one move of the search's move set
//!   leads to a position with the key of a later one, the stretch between is
//!   replaced by that move;
//! * deleting one move;
//! * moving one move to another place in the line: within a window, and a
//!   talon move also next to any other talon move (the order of the talon
//!   moves sets how many draws and redeals the line needs);
//! * deleting two moves (a move and a later one that undoes it).
//!
//! Soundness does not depend on any of this: a candidate is kept only after
//! a full replay shows it legal, winning and shorter.

use super::state::{builds_on, rank, suit, Ctx, Key, SMove, State, F_T, TALON_F, TALON_T, T_F, T_T, UNCOVER_F};
use crate::engine::moves::Move;

/// A line move named by cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LMove {
    /// Talon card (by card) to its foundation.
    TalonF(u8),
    /// Talon card (by card) onto a pile (named by its top card, or
    /// [`EMPTY`] for an empty pile).
    TalonT(u8, u8),
    /// Tableau card (by card, a top card) to its foundation.
    TF(u8),
    /// The build headed by a face-up card onto a pile (named as above).
    TT(u8, u8),
    /// Foundation top of a suit onto a pile (named as above).
    FT(u8, u8),
}

/// Destination name of an empty pile (any empty pile: they are alike).
const EMPTY: u8 = u8::MAX;

/// The pile that destination name `onto` names in `st`.
fn dest(st: &State, onto: u8) -> Option<u8> {
    (0..7u8).find(|&j| {
        let j = usize::from(j);
        if onto == EMPTY {
            st.len[j] == 0
        } else {
            st.top(j) == Some(onto)
        }
    })
}

fn dest_name(st: &State, pile: u8) -> u8 {
    st.top(usize::from(pile)).unwrap_or(EMPTY)
}

/// Engine moves that solver move `mv` costs in `st`.
fn cost_of(st: &State, ctx: &Ctx, mv: SMove) -> u32 {
    match mv.kind {
        TALON_F | TALON_T => {
            let d = u32::from(ctx.draw);
            let draws = |from: u8, to: u8| u32::from(to - from).div_ceil(d);
            if mv.c != 0 {
                draws(st.cursor, st.tlen) + 1 + draws(0, mv.a) + 1
            } else {
                draws(st.cursor, mv.a) + 1
            }
        }
        UNCOVER_F => 2,
        _ => 1,
    }
}

/// Plays the automatic moves of a line replay, adding their cost: safe
/// tableau cards (as in the search), and with draw-1 a safe waste top (no
/// draw needed). Safe talon cards deeper in the talon, which the search puts
/// up through draws, are explicit moves of the line here, so that the
/// passes can move them to where the cursor passes them anyway.
fn auto(st: &mut State, ctx: &Ctx, cost: &mut u32) {
    auto_rec(st, ctx, |_, _| *cost += 1);
}

/// [`auto`], passing each move (and the position it is played in) to `f`.
fn auto_rec(st: &mut State, ctx: &Ctx, mut f: impl FnMut(&State, SMove)) {
    loop {
        let mut moved = false;
        for i in 0..7 {
            while let Some(c) = st.top(i) {
                if st.found[suit(c)] + 1 == rank(c) && st.is_safe(c, ctx.f2t) {
                    let mv = SMove { kind: T_F, a: i as u8, b: 0, c: 0 };
                    f(st, mv);
                    st.apply(ctx, mv);
                    moved = true;
                } else {
                    break;
                }
            }
        }
        if ctx.draw == 1 && st.cursor > 0 {
            let c = st.talon_card(ctx, st.cursor);
            if st.found[suit(c)] + 1 == rank(c) && st.is_safe(c, ctx.f2t) {
                let mv = SMove { kind: TALON_F, a: st.cursor, b: 0, c: 0 };
                f(st, mv);
                st.apply(ctx, mv);
                moved = true;
            }
        }
        if !moved {
            return;
        }
    }
}

/// The search's automatic moves, played and recorded as card-named moves
/// when they take a talon card.
fn search_auto(st: &mut State, ctx: &Ctx, line: &mut Vec<LMove>) {
    let mut rec = Vec::new();
    let mut tmp = *st;
    tmp.auto_moves(ctx, |m| rec.push(m));
    for m in rec {
        if m.kind == TALON_F {
            line.push(LMove::TalonF(st.talon_card(ctx, m.a)));
        }
        st.apply(ctx, m);
    }
}

/// The solver move that plays `lm` in `st`, if legal; `Ok(None)` for a
/// foundation move whose card is already up (a no-op).
fn resolve(st: &State, ctx: &Ctx, lm: LMove) -> Result<Option<SMove>, ()> {
    let fits_pile = |c: u8, to: u8| -> bool {
        match st.top(usize::from(to)) {
            Some(t) => builds_on(c, t),
            None => st.len[usize::from(to)] == 0 && rank(c) == 13,
        }
    };
    let on_found = |c: u8| st.found[suit(c)] >= rank(c);
    let fits_found = |c: u8| st.found[suit(c)] + 1 == rank(c);
    match lm {
        LMove::TalonF(c) | LMove::TalonT(c, _) => {
            if let LMove::TalonF(_) = lm {
                if on_found(c) {
                    return Ok(None);
                }
            }
            let q = (1..=st.tlen).find(|&q| st.talon_card(ctx, q) == c).ok_or(())?;
            let mut route = None;
            st.talon_targets(ctx, |t, redeal| {
                if t == q && route.is_none() {
                    route = Some(redeal);
                }
            });
            let redeal = route.ok_or(())?;
            match lm {
                LMove::TalonF(_) if fits_found(c) => Ok(Some(SMove { kind: TALON_F, a: q, b: 0, c: redeal as u8 })),
                LMove::TalonT(_, onto) => {
                    let to = dest(st, onto).ok_or(())?;
                    if fits_pile(c, to) {
                        Ok(Some(SMove { kind: TALON_T, a: q, b: to, c: redeal as u8 }))
                    } else {
                        Err(())
                    }
                }
                _ => Err(()),
            }
        }
        LMove::TF(c) => {
            if on_found(c) {
                return Ok(None);
            }
            let i = (0..7).find(|&i| st.top(i) == Some(c)).ok_or(())?;
            if fits_found(c) {
                Ok(Some(SMove { kind: T_F, a: i as u8, b: 0, c: 0 }))
            } else {
                Err(())
            }
        }
        LMove::TT(c, onto) => {
            let to = dest(st, onto).ok_or(())?;
            for i in 0..7 {
                let (h, n) = (usize::from(st.hidden[i]), usize::from(st.len[i]));
                if let Some(k) = st.piles[i][h..n].iter().position(|&x| x == c) {
                    if i == usize::from(to) || !fits_pile(c, to) {
                        return Err(());
                    }
                    return Ok(Some(SMove { kind: T_T, a: i as u8, b: to, c: (n - h - k) as u8 }));
                }
            }
            Err(())
        }
        LMove::FT(s, onto) => {
            let to = dest(st, onto).ok_or(())?;
            let f = st.found[usize::from(s)];
            if !ctx.f2t || f == 0 {
                return Err(());
            }
            let c = s * 13 + f - 1;
            if fits_pile(c, to) {
                Ok(Some(SMove { kind: F_T, a: s, b: to, c: 0 }))
            } else {
                Err(())
            }
        }
    }
}

/// The card-named moves that play solver move `mv` in `st` (two for an
/// `UNCOVER_F`: the build onto the twin, then the card up).
fn to_lmoves(st: &State, ctx: &Ctx, mv: SMove, out: &mut Vec<LMove>) {
    match mv.kind {
        TALON_F => out.push(LMove::TalonF(st.talon_card(ctx, mv.a))),
        TALON_T => out.push(LMove::TalonT(st.talon_card(ctx, mv.a), dest_name(st, mv.b))),
        T_F => out.push(LMove::TF(st.top(usize::from(mv.a)).unwrap_or(0))),
        T_T | UNCOVER_F => {
            let i = usize::from(mv.a);
            let k = usize::from(st.len[i] - mv.c);
            out.push(LMove::TT(st.piles[i][k], dest_name(st, mv.b)));
            if mv.kind == UNCOVER_F {
                out.push(LMove::TF(st.piles[i][k - 1]));
            }
        }
        _ => out.push(LMove::FT(mv.a, dest_name(st, mv.b))),
    }
}

/// Cards not on the foundations of a trivially won position: one move each.
fn finish_cost(st: &State) -> u32 {
    52 - st.found.iter().map(|&f| u32::from(f)).sum::<u32>()
}

struct Shortener<'a> {
    ctx: &'a Ctx,
    root: State,
    /// Move applications left for the whole optimisation.
    work: u64,
    /// The search budget's deadline: shortening stops there too (the line
    /// found so far is kept).
    deadline: Option<super::Deadline>,
}

impl Shortener<'_> {
    /// Replays `line[from..]` from `start` (the position before `line[from]`,
    /// after automatic moves, reached at cost `cost0`); the total cost when
    /// it wins with fewer than `bound` engine moves.
    fn replay_from(&mut self, start: &State, cost0: u32, line: &[LMove], bound: u32) -> Option<u32> {
        let mut st = *start;
        let mut cost = cost0;
        for &lm in line {
            if cost >= bound {
                return None;
            }
            self.work = self.work.saturating_sub(1);
            if self.work.is_multiple_of(4096) && self.deadline.is_some_and(|d| d.passed()) {
                self.work = 0;
            }
            match resolve(&st, self.ctx, lm) {
                Err(()) => return None,
                Ok(None) => {}
                Ok(Some(mv)) => {
                    cost += cost_of(&st, self.ctx, mv);
                    st.apply(self.ctx, mv);
                    auto(&mut st, self.ctx, &mut cost);
                }
            }
        }
        if st.is_won() || st.is_trivially_won() {
            let total = cost + finish_cost(&st);
            (total < bound).then_some(total)
        } else {
            None
        }
    }

    /// States before each move of `line` (after automatic moves) and the
    /// cost so far at each; `None` if the line does not replay.
    fn prefix(&mut self, line: &[LMove]) -> Option<(Vec<State>, Vec<u32>)> {
        self.work = self.work.saturating_sub(line.len() as u64);
        let mut st = self.root;
        let mut cost = 0;
        auto(&mut st, self.ctx, &mut cost);
        let mut states = Vec::with_capacity(line.len() + 1);
        let mut costs = Vec::with_capacity(line.len() + 1);
        for &lm in line {
            states.push(st);
            costs.push(cost);
            if let Some(mv) = resolve(&st, self.ctx, lm).ok()? {
                cost += cost_of(&st, self.ctx, mv);
                st.apply(self.ctx, mv);
                auto(&mut st, self.ctx, &mut cost);
            }
        }
        states.push(st);
        costs.push(cost);
        Some((states, costs))
    }

    fn total(&mut self, line: &[LMove]) -> Option<u32> {
        let mut st = self.root;
        let mut cost = 0;
        auto(&mut st, self.ctx, &mut cost);
        self.replay_from(&st, cost, line, u32::MAX)
    }

    /// Shortcuts: from each position of the line, the moves of the search
    /// (and no move) that lead to a position equivalent (same key) to a later
    /// one of the line; the line is cut to go there directly when that is
    /// shorter. True when the line got shorter.
    fn shortcuts(&mut self, line: &mut Vec<LMove>, best: &mut u32) -> bool {
        let mut improved = false;
        let mut scratch = Vec::new();
        let mut i = 0;
        let mut stale = true;
        let mut states = Vec::new();
        let mut costs = Vec::new();
        let mut last: std::collections::HashMap<Key, usize> = std::collections::HashMap::new();
        'outer: while i < line.len() && self.work > 0 {
            if stale {
                let Some((s, c)) = self.prefix(line) else { return improved };
                (states, costs) = (s, c);
                last.clear();
                for (j, st) in states.iter().enumerate() {
                    last.insert(st.key(self.ctx), j);
                }
                stale = false;
            }
            // No move: a later position equivalent to this one.
            if let Some(&j) = last.get(&states[i].key(self.ctx)).filter(|&&j| j > i) {
                let cand: Vec<LMove> = line[j..].to_vec();
                if let Some(c) = self.replay_from(&states[i], costs[i], &cand, *best) {
                    line.drain(i..j);
                    *best = c;
                    improved = true;
                    stale = true;
                    continue 'outer;
                }
            }
            scratch.clear();
            states[i].gen_moves(self.ctx, super::state::Need::ANY, &mut scratch);
            let mut hits: Vec<(usize, Vec<LMove>)> = Vec::new();
            for &(_, mv) in &scratch {
                self.work = self.work.saturating_sub(1);
                let mut child = states[i];
                child.apply(self.ctx, mv);
                let mut c = 0;
                auto(&mut child, self.ctx, &mut c);
                if let Some(&j) = last.get(&child.key(self.ctx)) {
                    if j > i + 1 {
                        let mut lms = Vec::with_capacity(2);
                        to_lmoves(&states[i], self.ctx, mv, &mut lms);
                        hits.push((j, lms));
                    }
                }
            }
            hits.sort_by_key(|h| std::cmp::Reverse(h.0));
            for (j, lms) in hits {
                let mut cand = Vec::with_capacity(line.len() - j + 2);
                cand.extend_from_slice(&lms);
                cand.extend_from_slice(&line[j..]);
                if let Some(c) = self.replay_from(&states[i], costs[i], &cand, *best) {
                    line.splice(i..j, lms);
                    *best = c;
                    improved = true;
                    stale = true;
                    continue 'outer;
                }
            }
            i += 1;
        }
        improved
    }

    /// One round of every pass; true when the line got shorter.
    fn improve(&mut self, line: &mut Vec<LMove>, best: &mut u32) -> bool {
        let mut improved = self.shortcuts(line, best);
        // Deleting one move.
        // (Deleting from the end keeps the states before `i` valid.)
        let Some((states, costs)) = self.prefix(line) else { return improved };
        let mut i = line.len();
        while i > 0 && self.work > 0 {
            i -= 1;
            let rest: Vec<LMove> = line[i + 1..].to_vec();
            if let Some(c) = self.replay_from(&states[i], costs[i], &rest, *best) {
                line.remove(i);
                *best = c;
                improved = true;
            }
        }
        // Moving one move elsewhere: within a window, and for a talon move
        // also next to any other talon move (only the order of the talon
        // moves sets the draws).
        const WINDOW: usize = 12;
        let is_talon = |m: &LMove| matches!(m, LMove::TalonF(_) | LMove::TalonT(..));
        let mut i = 0;
        let mut stale = true;
        let (mut states, mut costs) = (Vec::new(), Vec::new());
        let mut targets = Vec::new();
        while i < line.len() && self.work > 0 {
            if stale {
                let Some((s, c)) = self.prefix(line) else { return improved };
                (states, costs) = (s, c);
                stale = false;
            }
            let n = line.len();
            targets.clear();
            targets.extend(i.saturating_sub(WINDOW)..=(i + WINDOW).min(n - 1));
            if is_talon(&line[i]) {
                for (k, m) in line.iter().enumerate() {
                    if k != i && is_talon(m) {
                        // Before and after move k, as indices once move i is out.
                        let k = if k > i { k - 1 } else { k };
                        targets.push(k);
                        targets.push(k + 1);
                    }
                }
                targets.sort_unstable();
                targets.dedup();
            }
            let mut done = false;
            for &j in &targets {
                if j == i || j > n - 1 || self.work == 0 {
                    continue;
                }
                let mut cand = line.clone();
                let m = cand.remove(i);
                cand.insert(j, m);
                let from = i.min(j);
                if let Some(c) = self.replay_from(&states[from], costs[from], &cand[from..], *best) {
                    *line = cand;
                    *best = c;
                    improved = true;
                    done = true;
                    stale = true;
                    break;
                }
            }
            if !done {
                i += 1;
            }
        }
        // Deleting two moves (a move and a later one, within a window).
        let mut i = 0;
        while i < line.len() && self.work > 0 {
            let Some((states, costs)) = self.prefix(line) else { return improved };
            let mut done = false;
            for j in i + 1..(i + 1 + WINDOW).min(line.len()) {
                if self.work == 0 {
                    break;
                }
                let mut cand: Vec<LMove> = line[i + 1..].to_vec();
                cand.remove(j - i - 1);
                if let Some(c) = self.replay_from(&states[i], costs[i], &cand, *best) {
                    line.remove(j);
                    line.remove(i);
                    *best = c;
                    improved = true;
                    done = true;
                    break;
                }
            }
            if !done {
                i += 1;
            }
        }
        improved
    }
}

/// The engine moves of a line of card-named moves replayed from `root`.
fn engine_line(root: &State, ctx: &Ctx, line: &[LMove]) -> Option<Vec<Move>> {
    let mut out = Vec::new();
    let mut st = *root;
    let autos = |st: &mut State, out: &mut Vec<Move>| auto_rec(st, ctx, |s, m| s.engine_moves(ctx, m, out));
    autos(&mut st, &mut out);
    for &lm in line {
        if let Some(mv) = resolve(&st, ctx, lm).ok()? {
            st.engine_moves(ctx, mv, &mut out);
            st.apply(ctx, mv);
            autos(&mut st, &mut out);
        }
    }
    if !(st.is_won() || st.is_trivially_won()) {
        return None;
    }
    st.finish(|from| out.push(Move::TableauToFoundation { from }));
    Some(out)
}

/// A winning line for `root` at most as long as the one that the solver
/// moves `path` give (played from `root`, each followed by the automatic
/// moves), within about `work` move applications of extra effort.
pub(crate) fn shorten(
    root: &State,
    ctx: &Ctx,
    path: &[SMove],
    work: u64,
    deadline: Option<super::Deadline>,
) -> Vec<Move> {
    shortened(root, ctx, path, work, deadline).unwrap_or_else(|| plain_line(root, ctx, path))
}

/// The engine line of `path` as the search found it: the root's automatic
/// moves, then each move and the automatic moves after it, then the
/// finishing moves.
pub(crate) fn plain_line(root: &State, ctx: &Ctx, path: &[SMove]) -> Vec<Move> {
    let mut line = Vec::new();
    let mut st = *root;
    automatic_moves(&mut st, ctx, &mut line);
    for &mv in path {
        st.engine_moves(ctx, mv, &mut line);
        st.apply(ctx, mv);
        automatic_moves(&mut st, ctx, &mut line);
    }
    st.finish(|from| line.push(Move::TableauToFoundation { from }));
    line
}

/// Makes the automatic moves of `st`, adding the engine moves that play
/// them to `line`.
pub(crate) fn automatic_moves(st: &mut State, ctx: &Ctx, line: &mut Vec<Move>) {
    let mut rec = Vec::new();
    let mut tmp = *st;
    tmp.auto_moves(ctx, |m| rec.push(m));
    for m in rec {
        st.engine_moves(ctx, m, line);
        st.apply(ctx, m);
    }
}

fn shortened(
    root: &State,
    ctx: &Ctx,
    path: &[SMove],
    work: u64,
    deadline: Option<super::Deadline>,
) -> Option<Vec<Move>> {
    // Card-named form of the path, with the search's automatic talon moves
    // made explicit.
    let mut line = Vec::with_capacity(path.len());
    let mut st = *root;
    search_auto(&mut st, ctx, &mut line);
    for &mv in path {
        to_lmoves(&st, ctx, mv, &mut line);
        st.apply(ctx, mv);
        search_auto(&mut st, ctx, &mut line);
    }
    let mut sh = Shortener { ctx, root: *root, work, deadline };
    let mut best = sh.total(&line)?;
    while sh.work > 0 && sh.improve(&mut line, &mut best) {}
    engine_line(root, ctx, &line)
}
