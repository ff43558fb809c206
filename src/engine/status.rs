//! The `stuck` check of SPEC.md: can any sequence of legal moves still turn
//! up a face-down card or take a card out of the stock and waste?
//!
//! The search rests on one observation. Until one of those two things
//! happens, the stock and waste (the talon) keep the same cards in the same
//! cyclic order: draws and redeals only move the boundary between stock and
//! waste, and no other move touches them. Tableau and foundation moves, for
//! their part, never look at the talon. So the positions reachable without
//! progress are exactly every reachable talon state paired with every
//! reachable tableau-and-foundation state, and the check splits in two:
//!
//! 1. walk the talon (a few dozen draws at most) and collect every card that
//!    can come to the top of the waste, as a 52-bit set;
//! 2. search the tableau-and-foundation states reachable by moves that turn
//!    up nothing (identified up to the order of the piles), stopping at the
//!    first state that has a turn-up move, or that would take one of those
//!    waste cards.
//!
//! When the search ends without progress, the whole set it explored is
//! stuck (every position reachable from a stuck one is stuck), and it is
//! remembered so that later checks inside it cost one lookup.

use std::collections::HashSet;

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::game::{Position, Status};
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::{PassLimit, Rules};

/// Stuck sets already found in one game, so that a stuck position reached
/// again (by draws in a stuck game, or by undo) is recognised at once.
#[derive(Clone, Debug, Default)]
pub struct StuckMemory {
    sets: Vec<StuckSet>,
}

#[derive(Clone, Debug)]
struct StuckSet {
    talon: Vec<Card>,
    talon_states: HashSet<(usize, u32)>,
    tableaux: HashSet<Vec<u8>>,
}

/// The status of `position` under `rules`: won, stuck or playing, exactly
/// as SPEC.md defines them. `memory` keeps stuck sets between calls; pass
/// the same one for every position of one game.
pub fn status(position: &Position, rules: &Rules, memory: &mut StuckMemory) -> Status {
    if position.is_won() {
        return Status::Won;
    }
    let talon = talon_sequence(position);
    if position.hidden_count() == 0 && talon.is_empty() {
        return Status::Playing;
    }
    let boundary = position.waste().len();
    let pass_key = pass_key(rules, position.pass());
    let start = TableauState::of(position);
    let start_key = start.key();
    for set in &memory.sets {
        if set.talon == talon && set.talon_states.contains(&(boundary, pass_key)) && set.tableaux.contains(&start_key) {
            return Status::Stuck;
        }
    }
    let (playable, talon_states) = reachable_waste_tops(&talon, boundary, position.pass(), rules);
    match search(start, start_key, playable, rules) {
        Search::Progress => Status::Playing,
        Search::Stuck(tableaux) => {
            memory.sets.push(StuckSet { talon, talon_states, tableaux });
            Status::Stuck
        }
    }
}

fn pass_key(rules: &Rules, pass: u32) -> u32 {
    match rules.passes {
        PassLimit::Unlimited => 0,
        PassLimit::Limited(_) => pass,
    }
}

/// The talon as one sequence: waste bottom to top, then stock top to bottom.
/// The boundary (the waste's length) splits it.
fn talon_sequence(position: &Position) -> Vec<Card> {
    let mut cards = position.waste().to_vec();
    cards.extend(position.stock().iter().rev());
    cards
}

fn bit(card: Card) -> u64 {
    1u64 << card.index()
}

/// Every card that can be the top of the waste from this talon state, as a
/// bit set over [`Card::index`], and every (boundary, pass key) state reached.
fn reachable_waste_tops(talon: &[Card], start: usize, start_pass: u32, rules: &Rules) -> (u64, HashSet<(usize, u32)>) {
    let n = talon.len();
    let draw = rules.draw.cards();
    let (mut boundary, mut pass) = (start, start_pass);
    let mut tops = 0u64;
    let mut states = HashSet::new();
    let mut redealt = false;
    loop {
        states.insert((boundary, pass_key(rules, pass)));
        if boundary > 0 {
            tops |= bit(talon[boundary - 1]);
        }
        if boundary < n {
            boundary = (boundary + draw).min(n);
        } else if n > 0 && !redealt && rules.passes.allows_redeal_after(pass) {
            // After one redeal the cycle from an empty waste repeats itself,
            // so one more walk through it sees every state there is.
            boundary = 0;
            pass += 1;
            redealt = true;
        } else {
            break;
        }
    }
    // With limited passes, later passes revisit the same boundaries under
    // higher pass numbers: record them so the stuck set covers them too.
    if let PassLimit::Limited(limit) = rules.passes {
        if redealt && n > 0 {
            let cycle: Vec<usize> = {
                let mut b = 0;
                let mut v = vec![0];
                while b < n {
                    b = (b + draw).min(n);
                    v.push(b);
                }
                v
            };
            // Bounded: at most a handful of passes are ever worth listing.
            for p in pass + 1..=limit.min(pass + 64) {
                for &b in &cycle {
                    states.insert((b, p));
                }
            }
        }
    }
    (tops, states)
}

/// The tableau and foundations, with face-down cards reduced to "this pile
/// still has face-down cards" (turning one up is progress, so which card it
/// is never matters in this search).
#[derive(Clone, Debug)]
struct TableauState {
    closed: [bool; 7],
    piles: [Vec<Card>; 7],
    foundations: [u8; 4],
}

impl TableauState {
    fn of(position: &Position) -> TableauState {
        TableauState {
            closed: PileId::ALL.map(|p| !position.pile(p).hidden().is_empty()),
            piles: PileId::ALL.map(|p| position.pile(p).face_up().to_vec()),
            foundations: std::array::from_fn(|i| position.foundation(Suit::ALL[i])),
        }
    }

    /// Identifies the state up to the order of the piles.
    fn key(&self) -> Vec<u8> {
        let mut piles: Vec<Vec<u8>> = (0..7)
            .map(|i| {
                let mut p = Vec::with_capacity(self.piles[i].len() + 2);
                p.push(u8::from(self.closed[i]));
                p.extend(self.piles[i].iter().map(|c| c.index() as u8));
                p.push(255);
                p
            })
            .collect();
        piles.sort_unstable();
        let mut key = self.foundations.to_vec();
        for p in piles {
            key.extend(p);
        }
        key
    }

    fn is_open_empty(&self, pile: usize) -> bool {
        !self.closed[pile] && self.piles[pile].is_empty()
    }

    fn accepts(&self, pile: PileId, card: Card) -> bool {
        match self.piles[pile.index()].last() {
            Some(&top) => card.builds_on(top),
            None => !self.closed[pile.index()] && card.rank() == Rank::KING,
        }
    }

    fn fits_foundation(&self, card: Card) -> bool {
        self.foundations[card.suit().index()] + 1 == card.rank().value()
    }

    /// Every card that some move could place in this state, as a bit set.
    fn accepted_cards(&self) -> u64 {
        let mut mask = 0;
        for suit in Suit::ALL {
            if let Some(r) = Rank::new(self.foundations[suit.index()] + 1) {
                mask |= bit(Card::new(r, suit));
            }
        }
        for pile in 0..7 {
            match self.piles[pile].last() {
                Some(top) => {
                    if let Some(r) = Rank::new(top.rank().value().wrapping_sub(1)) {
                        for suit in Suit::ALL {
                            if suit.colour() != top.colour() {
                                mask |= bit(Card::new(r, suit));
                            }
                        }
                    }
                }
                None if self.is_open_empty(pile) => {
                    for suit in Suit::ALL {
                        mask |= bit(Card::new(Rank::KING, suit));
                    }
                }
                None => {}
            }
        }
        mask
    }
}

/// Where a tableau or foundation move leads, for the search.
enum Step {
    /// It turns up a face-down card: progress.
    TurnsUp,
    /// The state after it.
    To(TableauState),
}

impl TableauState {
    /// Every tableau-and-foundation move of this state (tableau to
    /// foundation, tableau to tableau with its one fitting count, and
    /// foundation to tableau when the rules allow it), as the engine's
    /// move, with where it leads. `tests/rules_agree.rs` holds this list
    /// to the engine's legal moves, move for move.
    fn steps(&self, rules: &Rules) -> Vec<(Move, Step)> {
        let mut out = Vec::new();
        for from in PileId::ALL {
            let Some(&top) = self.piles[from.index()].last() else { continue };
            let len = self.piles[from.index()].len();
            if self.fits_foundation(top) {
                let step = if len == 1 && self.closed[from.index()] {
                    Step::TurnsUp
                } else {
                    let mut s = self.clone();
                    s.piles[from.index()].pop();
                    s.foundations[top.suit().index()] += 1;
                    Step::To(s)
                };
                out.push((Move::TableauToFoundation { from }, step));
            }
            for to in PileId::ALL {
                if to == from {
                    continue;
                }
                let Some(k) = (1..=len).find(|&k| self.accepts(to, self.piles[from.index()][len - k])) else {
                    continue;
                };
                let step = if k == len && self.closed[from.index()] {
                    Step::TurnsUp
                } else {
                    let mut s = self.clone();
                    let moved = s.piles[from.index()].split_off(len - k);
                    s.piles[to.index()].extend(moved);
                    Step::To(s)
                };
                out.push((Move::TableauToTableau { from, to, count: k }, step));
            }
        }
        if rules.foundation_to_tableau {
            for suit in Suit::ALL {
                let Some(rank) = Rank::new(self.foundations[suit.index()]) else { continue };
                let card = Card::new(rank, suit);
                for to in PileId::ALL {
                    if self.accepts(to, card) {
                        let mut s = self.clone();
                        s.foundations[suit.index()] -= 1;
                        s.piles[to.index()].push(card);
                        out.push((Move::FoundationToTableau { suit, to }, Step::To(s)));
                    }
                }
            }
        }
        out
    }
}

enum Search {
    Progress,
    Stuck(HashSet<Vec<u8>>),
}

/// Breadth-first search of the tableau states reachable without progress
/// (breadth first, so that progress a few moves away is found before the
/// search wanders through long shuffles of foundation cards).
fn search(start: TableauState, start_key: Vec<u8>, playable: u64, rules: &Rules) -> Search {
    if start.accepted_cards() & playable != 0 {
        return Search::Progress;
    }
    let mut seen = HashSet::new();
    seen.insert(start_key);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let mut next = Vec::new();
        for (_, step) in state.steps(rules) {
            match step {
                Step::TurnsUp => return Search::Progress,
                Step::To(s) => next.push(s),
            }
        }
        for s in next {
            if s.accepted_cards() & playable != 0 {
                return Search::Progress;
            }
            if seen.insert(s.key()) {
                queue.push_back(s);
            }
        }
    }
    Search::Stuck(seen)
}

/// The stuck check's own view of the rules, for `tests/rules_agree.rs`,
/// which holds it to the engine's (`legal_moves`, `Position::check`,
/// `Position::play`) on many positions. Not a stable API.
#[doc(hidden)]
pub mod internals {
    use super::*;

    /// The tableau-and-foundation moves the stuck check makes from
    /// `position`, each with the key of the state it leads to ([`tableau_key`]
    /// of the position after it), or `None` when it turns up a card.
    pub fn tableau_moves(position: &Position, rules: &Rules) -> Vec<(Move, Option<Vec<u8>>)> {
        let steps = TableauState::of(position).steps(rules);
        steps
            .into_iter()
            .map(|(mv, step)| match step {
                Step::TurnsUp => (mv, None),
                Step::To(s) => (mv, Some(s.key())),
            })
            .collect()
    }

    /// The stuck check's key of the tableau and foundations of `position`
    /// (face-down cards reduced to "some", piles in any order).
    pub fn tableau_key(position: &Position) -> Vec<u8> {
        TableauState::of(position).key()
    }

    /// The cards that some move could place somewhere (a pile or a
    /// foundation) in `position`, as bits over [`Card::index`].
    pub fn placeable_cards(position: &Position) -> u64 {
        TableauState::of(position).accepted_cards()
    }

    /// The cards that draws and redeals can bring to the top of the waste
    /// from `position` (its top now included), as bits over [`Card::index`].
    pub fn waste_tops(position: &Position, rules: &Rules) -> u64 {
        reachable_waste_tops(&talon_sequence(position), position.waste().len(), position.pass(), rules).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::DrawCount;

    /// A position from its one-line form (described on [`Position`]).
    fn position(line: &str) -> Position {
        line.parse().unwrap()
    }

    fn rules(draw: DrawCount, passes: PassLimit, f2t: bool) -> Rules {
        Rules { draw, passes, foundation_to_tableau: f2t }
    }

    fn status_of(p: &Position, r: Rules) -> Status {
        status(p, &r, &mut StuckMemory::default())
    }

    /// Every spade but the 2 in the talon, the ace at the bottom of the
    /// waste: only a redeal can bring it to the top.
    fn ace_buried(pass: u32) -> Position {
        position(&format!(
            "tableau KS | 2S / - / - / - / - / - / - \
             ; stock - ; waste AS 3S 4S 5S 6S 7S 8S 9S TS JS QS ; foundations KC KD KH - ; pass {pass}"
        ))
    }

    #[test]
    fn a_recycle_that_brings_a_playable_card_round_keeps_the_game_playing() {
        let p = ace_buried(1);
        assert_eq!(status_of(&p, rules(DrawCount::One, PassLimit::Unlimited, false)), Status::Playing);
        assert_eq!(status_of(&p, rules(DrawCount::One, PassLimit::Limited(2), false)), Status::Playing);
    }

    #[test]
    fn cards_buried_in_the_waste_on_the_last_pass_do_not_count() {
        assert_eq!(status_of(&ace_buried(1), rules(DrawCount::One, PassLimit::Limited(1), false)), Status::Stuck);
        assert_eq!(status_of(&ace_buried(3), rules(DrawCount::One, PassLimit::Limited(3), false)), Status::Stuck);
    }

    #[test]
    fn in_draw_3_a_card_that_never_reaches_the_top_does_not_count() {
        // 11 cards dealt in threes from an empty waste: the tops are the
        // 3rd, 6th, 9th and 11th cards, never the ace at the bottom.
        let r = rules(DrawCount::Three, PassLimit::Unlimited, false);
        assert_eq!(status_of(&ace_buried(1), r), Status::Stuck);
        // With the ace third from the bottom, the first draw shows it.
        let p = position(
            "tableau KS | 2S / - / - / - / - / - / - \
             ; stock - ; waste 3S 4S AS 5S 6S 7S 8S 9S TS JS QS ; foundations KC KD KH - ; pass 1",
        );
        assert_eq!(status_of(&p, r), Status::Playing);
    }

    #[test]
    fn foundation_to_tableau_moves_count_when_the_rule_is_on() {
        // The queen of hearts can come down onto the king of spades, the
        // jack of spades onto it, and the ace under the jack is turned up.
        let p = position(
            "tableau AS | JS / | KS / | KH QS / - / - / - / - \
             ; stock - ; waste 2S 3S 4S 5S 6S 7S 8S 9S TS ; foundations KC KD QH - ; pass 1",
        );
        assert_eq!(status_of(&p, rules(DrawCount::One, PassLimit::Unlimited, false)), Status::Stuck);
        assert_eq!(status_of(&p, rules(DrawCount::One, PassLimit::Unlimited, true)), Status::Playing);
    }

    #[test]
    fn every_card_face_up_with_no_talon_is_never_stuck() {
        let p = position(
            "tableau | KS QH / | KH QS / - / - / - / - / - ; stock - ; waste - ; foundations KC KD JH JS ; pass 1",
        );
        assert_eq!(status_of(&p, Rules::default()), Status::Playing);
    }

    #[test]
    fn a_stuck_set_is_remembered() {
        let r = rules(DrawCount::One, PassLimit::Limited(1), false);
        let mut memory = StuckMemory::default();
        assert_eq!(status(&ace_buried(1), &r, &mut memory), Status::Stuck);
        assert_eq!(memory.sets.len(), 1);
        assert_eq!(status(&ace_buried(1), &r, &mut memory), Status::Stuck);
        assert_eq!(memory.sets.len(), 1, "the second check should come from memory");
    }
}
