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
use crate::engine::moves::{Move, PileId};
use crate::engine::position::{Played, Position, Status};
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
    tableaux: KeySet,
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
    match search(start, start_key, playable, rules, STATES_CHECKED, &mut 0) {
        Search::Progress | Search::TooMany => Status::Playing,
        Search::Stuck(tableaux) => {
            memory.sets.push(StuckSet { talon, talon_states, tableaux });
            Status::Stuck
        }
    }
}

/// The status after `played`, from the status before it, when the move
/// cannot have changed it; `None` when a check is needed. `after` is the
/// position the move led to.
///
/// The status is a function of the tableau-and-foundation state and of the
/// cards the talon can bring to the top of the waste (see the module docs),
/// so:
/// - a move that turns up a card or plays from the waste changes both: a
///   check is needed;
/// - any other move leads to a position reachable from the one before it
///   without progress, so a stuck game stays stuck;
/// - such a move that can be taken back without progress leads to a
///   position from which the one before is reachable, so a game in play
///   stays in play: a tableau-to-tableau move that leaves a card in its
///   source pile (the moved cards can go back onto it) or moves a king
///   (back onto the emptied pile), a foundation-to-tableau move (back up),
///   and, with foundation-to-tableau moves allowed, a tableau-to-foundation
///   move on the same terms as a tableau-to-tableau one;
/// - a draw or a redeal changes only the talon: the status stays when the
///   cards the talon can bring to the top stay the same.
///
/// `tests/engine/properties.rs` holds this to a fresh check after random moves.
pub fn after_move(before: Status, played: &Played, after: &Position, rules: &Rules) -> Option<Status> {
    if before == Status::Won || after.is_won() || played.turned_up.is_some() {
        return None;
    }
    let progress = matches!(played.mv, Move::WasteToTableau { .. } | Move::WasteToFoundation);
    if progress {
        return None;
    }
    if before == Status::Stuck {
        return Some(Status::Stuck);
    }
    // Whether a card is left in the source pile (or the moved card is a
    // king, which may go back onto the pile emptied).
    let returns =
        |from: PileId, lead: Option<Card>| !after.pile(from).is_empty() || lead.is_some_and(|c| c.rank() == Rank::KING);
    let unchanged = match played.mv {
        Move::TableauToTableau { from, to, count } => {
            let up = after.pile(to).face_up();
            returns(from, up.len().checked_sub(count).map(|i| up[i]))
        }
        Move::TableauToFoundation { from } => rules.foundation_to_tableau && returns(from, played.foundation_card),
        Move::FoundationToTableau { .. } => true,
        Move::Draw | Move::Redeal => {
            let talon = talon_sequence(after);
            let (boundary, pass) = match played.mv {
                Move::Draw => (after.waste().len() - played.drawn, after.pass()),
                _ => (talon.len(), after.pass().saturating_sub(1)),
            };
            let now = reachable_waste_tops(&talon, after.waste().len(), after.pass(), rules).0;
            now == reachable_waste_tops(&talon, boundary, pass, rules).0
        }
        Move::WasteToTableau { .. } | Move::WasteToFoundation => false,
    };
    unchanged.then_some(Status::Playing)
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

/// One tableau pile of the search, packed in 23 bits: its face-up cards
/// form one build (each card one rank below the one under it and of the
/// other colour), so the bottom card, the length and, for each card above
/// the bottom, which of the two suits of its colour it is, tell them all.
///
/// | bits | |
/// |---|---|
/// | 0..12 | bit `j - 1`: card `j` (from the bottom, 1..=12) is of the second suit of its colour (hearts, spades) |
/// | 12..16 | face-up cards, 0..=13 |
/// | 16..22 | [`Card::index`] of the bottom face-up card (0 when there is none) |
/// | 22 | the pile has face-down cards |
///
/// An open empty pile is 0. Packed, a state copies and compares without
/// allocating, and its key is the seven piles sorted.
type PackedPile = u32;

const LEN_SHIFT: u32 = 12;
const BASE_SHIFT: u32 = 16;
const CLOSED: PackedPile = 1 << 22;

fn suit_bit(suit: usize) -> u32 {
    u32::from(suit >= 2)
}

fn is_red(suit: usize) -> bool {
    suit == 1 || suit == 2
}

/// The suit of colour `red` that `bit` picks (see [`PackedPile`]).
fn suit_of(red: bool, bit: u32) -> usize {
    match (red, bit) {
        (false, 0) => 0,
        (true, 0) => 1,
        (true, _) => 2,
        (false, _) => 3,
    }
}

fn pile_len(p: PackedPile) -> usize {
    ((p >> LEN_SHIFT) & 15) as usize
}

fn is_closed(p: PackedPile) -> bool {
    p & CLOSED != 0
}

/// The card index of card `j` of the pile, from the bottom (`j < len`).
fn card_at(p: PackedPile, j: usize) -> usize {
    let base = ((p >> BASE_SHIFT) & 63) as usize;
    if j == 0 {
        return base;
    }
    let (suit, rank) = (base / 13, base % 13 + 1);
    let red = is_red(suit) != (j % 2 == 1);
    13 * suit_of(red, (p >> (j - 1)) & 1) + (rank - j - 1)
}

fn card_index_bit(index: usize) -> u64 {
    1u64 << index
}

/// The pile of `cards` (one build, bottom first) over face-down cards or not.
fn pack(closed: bool, cards: &[Card]) -> PackedPile {
    let Some(first) = cards.first() else {
        return if closed { CLOSED } else { 0 };
    };
    let mut p = ((first.index() as u32) << BASE_SHIFT) | ((cards.len() as u32) << LEN_SHIFT);
    for (j, c) in cards.iter().enumerate().skip(1) {
        p |= suit_bit(c.suit().index()) << (j - 1);
    }
    if closed {
        p |= CLOSED;
    }
    p
}

/// The pile with its top `k` cards taken off (`k < len`, or `k == len` for
/// an open pile, which becomes empty).
fn take_off(p: PackedPile, k: usize) -> PackedPile {
    let len = pile_len(p);
    let rest = len - k;
    if rest == 0 {
        return p & CLOSED;
    }
    let bits = p & ((1 << (rest - 1)) - 1);
    (p & (CLOSED | (63 << BASE_SHIFT))) | ((rest as u32) << LEN_SHIFT) | bits
}

/// `to` with the top `k` cards of `from` put on it (they build on its top,
/// or lead with a king onto it empty).
fn put_on(to: PackedPile, from: PackedPile, k: usize) -> PackedPile {
    let (from_len, to_len) = (pile_len(from), pile_len(to));
    let first = from_len - k;
    // The suit bits of the moved cards above the first of them.
    let above = if k > 1 { (from >> first) & ((1 << (k - 1)) - 1) } else { 0 };
    let new_len = ((to_len + k) as u32) << LEN_SHIFT;
    if to_len == 0 {
        let base = card_at(from, first) as u32;
        return (to & CLOSED) | (base << BASE_SHIFT) | new_len | above;
    }
    let lead = suit_bit(card_at(from, first) / 13);
    let bits = (to & ((1 << (to_len - 1)) - 1)) | (lead << (to_len - 1)) | (above << to_len);
    (to & (CLOSED | (63 << BASE_SHIFT))) | new_len | bits
}

/// The tableau and foundations, with face-down cards reduced to "this pile
/// still has face-down cards" (turning one up is progress, so which card it
/// is never matters in this search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TableauState {
    piles: [PackedPile; 7],
    foundations: [u8; 4],
}

/// A [`TableauState`] up to the order of its piles: the piles sorted, packed
/// with the foundations into 24 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub struct TableauKey(u128, u64);

impl std::hash::Hash for TableauKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // One multiply-fold mix of the 192 bits: the keys differ in few bits
        // and the set only needs them spread.
        let fold = |a: u64, b: u64| {
            let m = u128::from(a) * u128::from(b);
            (m as u64) ^ ((m >> 64) as u64)
        };
        let (lo, hi) = (self.0 as u64, (self.0 >> 64) as u64);
        let h = fold(lo ^ 0xa076_1d64_78bd_642f, hi ^ 0xe703_7ed1_a0b4_28db)
            ^ fold(self.1 ^ 0x8ebc_6af0_9c88_c6e3, 0x5899_65cc_7537_4cc3);
        state.write_u64(h);
    }
}

/// The hasher of [`TableauKey`] sets: the key mixes itself into one word.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeySet = HashSet<TableauKey, std::hash::BuildHasherDefault<KeyHasher>>;

impl TableauState {
    fn of(position: &Position) -> TableauState {
        TableauState {
            piles: PileId::ALL.map(|p| {
                let pile = position.pile(p);
                pack(!pile.hidden().is_empty(), pile.face_up())
            }),
            foundations: std::array::from_fn(|i| position.foundation(Suit::ALL[i])),
        }
    }

    /// Identifies the state up to the order of the piles.
    fn key(&self) -> TableauKey {
        let mut piles = self.piles;
        piles.sort_unstable();
        let mut high = 0u128;
        for &p in &piles[..5] {
            high = (high << 23) | u128::from(p);
        }
        let mut low = 0u64;
        for &p in &piles[5..] {
            low = (low << 23) | u64::from(p);
        }
        for &f in &self.foundations {
            low = (low << 4) | u64::from(f);
        }
        TableauKey(high, low)
    }

    fn top(&self, pile: usize) -> Option<usize> {
        let p = self.piles[pile];
        let len = pile_len(p);
        (len > 0).then(|| card_at(p, len - 1))
    }

    fn is_open_empty(&self, pile: usize) -> bool {
        self.piles[pile] == 0
    }

    /// Whether the card of index `card` may be placed on pile `pile`.
    fn accepts(&self, pile: usize, card: usize) -> bool {
        match self.top(pile) {
            Some(top) => card % 13 + 1 == top % 13 && is_red(card / 13) != is_red(top / 13),
            None => self.is_open_empty(pile) && card % 13 == 12,
        }
    }

    fn fits_foundation(&self, card: usize) -> bool {
        usize::from(self.foundations[card / 13]) == card % 13
    }

    /// Every card that some move could place in this state, as a bit set.
    fn accepted_cards(&self) -> u64 {
        let mut mask = 0;
        for suit in 0..4 {
            let next = usize::from(self.foundations[suit]);
            if next < 13 {
                mask |= card_index_bit(13 * suit + next);
            }
        }
        let mut empty = false;
        for pile in 0..7 {
            match self.top(pile) {
                Some(top) if top % 13 > 0 => {
                    let below = top % 13 - 1;
                    let red = is_red(top / 13);
                    for suit in 0..4 {
                        if is_red(suit) != red {
                            mask |= card_index_bit(13 * suit + below);
                        }
                    }
                }
                Some(_) => {}
                None => empty |= self.is_open_empty(pile),
            }
        }
        if empty {
            for suit in 0..4 {
                mask |= card_index_bit(13 * suit + 12);
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
    /// move, with where it leads, given to `visit`; stops early when
    /// `visit` returns false. `tests/engine/rules_agree.rs` holds this list to the
    /// engine's legal moves, move for move.
    fn steps(&self, rules: &Rules, mut visit: impl FnMut(Move, Step) -> bool) {
        for from in 0..7 {
            let p = self.piles[from];
            let len = pile_len(p);
            if len == 0 {
                continue;
            }
            let from_id = PileId::ALL[from];
            let top = card_at(p, len - 1);
            if self.fits_foundation(top) {
                let step = if len == 1 && is_closed(p) {
                    Step::TurnsUp
                } else {
                    let mut s = *self;
                    s.piles[from] = take_off(p, 1);
                    s.foundations[top / 13] += 1;
                    Step::To(s)
                };
                if !visit(Move::TableauToFoundation { from: from_id }, step) {
                    return;
                }
            }
            let base_rank = card_at(p, 0) % 13;
            for to in 0..7 {
                if to == from {
                    continue;
                }
                // The one card of `from` that could go on `to`: the card one
                // rank below its top, or a king onto it empty.
                let wanted = match self.top(to) {
                    Some(t) if t % 13 > 0 => t % 13 - 1,
                    Some(_) => continue,
                    None if self.is_open_empty(to) => 12,
                    None => continue,
                };
                if wanted > base_rank || base_rank - wanted >= len {
                    continue;
                }
                let j = base_rank - wanted;
                if !self.accepts(to, card_at(p, j)) {
                    continue;
                }
                let k = len - j;
                let step = if j == 0 && is_closed(p) {
                    Step::TurnsUp
                } else {
                    let mut s = *self;
                    s.piles[to] = put_on(self.piles[to], p, k);
                    s.piles[from] = take_off(p, k);
                    Step::To(s)
                };
                if !visit(Move::TableauToTableau { from: from_id, to: PileId::ALL[to], count: k }, step) {
                    return;
                }
            }
        }
        if rules.foundation_to_tableau {
            for (suit_index, suit) in Suit::ALL.into_iter().enumerate() {
                let level = usize::from(self.foundations[suit_index]);
                if level == 0 {
                    continue;
                }
                let card = 13 * suit_index + level - 1;
                for to in 0..7 {
                    if self.accepts(to, card) {
                        let mut s = *self;
                        s.foundations[suit_index] -= 1;
                        s.piles[to] = if self.piles[to] == 0 {
                            ((card as u32) << BASE_SHIFT) | (1 << LEN_SHIFT)
                        } else {
                            let len = pile_len(self.piles[to]);
                            let bits = suit_bit(suit_index) << (len - 1);
                            (self.piles[to] + (1 << LEN_SHIFT)) | bits
                        };
                        if !visit(Move::FoundationToTableau { suit, to: PileId::ALL[to] }, Step::To(s)) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// The waste cards the talon can bring to the top, turned round for the
/// search: what a state must show for one of them to be placed. The same
/// test as `accepted_cards() & playable != 0`, without building the set of
/// every card the state accepts.
struct Targets {
    /// The cards a playable card builds on.
    parents: u64,
    /// Per suit, bit `n` set when the card of rank `n + 1` is playable
    /// (it goes up on a foundation holding `n` cards).
    levels: [u16; 4],
    /// A playable king (it goes on an open empty pile).
    king: bool,
}

impl Targets {
    fn of(playable: u64) -> Targets {
        let mut targets = Targets { parents: 0, levels: [0; 4], king: false };
        for card in (0..52).filter(|&i| playable & card_index_bit(i) != 0) {
            let (suit, rank) = (card / 13, card % 13);
            targets.levels[suit] |= 1 << rank;
            if rank == 12 {
                targets.king = true;
                continue;
            }
            for parent_suit in (0..4).filter(|&t| is_red(t) != is_red(suit)) {
                targets.parents |= card_index_bit(13 * parent_suit + rank + 1);
            }
        }
        targets
    }

    /// Whether a playable card can be placed in `state`.
    fn met(&self, state: &TableauState) -> bool {
        if (0..4).any(|suit| self.levels[suit] >> state.foundations[suit] & 1 != 0) {
            return true;
        }
        (0..7).any(|pile| match state.top(pile) {
            Some(top) => self.parents & card_index_bit(top) != 0,
            None => self.king && state.is_open_empty(pile),
        })
    }
}

enum Search {
    Progress,
    Stuck(KeySet),
    /// More than [`STATES_CHECKED`] states without progress found: taken
    /// as progress possible, never as stuck.
    TooMany,
}

/// The most tableau states one check visits, so that a move answers within
/// a few tens of milliseconds whatever the position
/// (`tests/app/per_command_cost.rs` times a state). Past it the game is
/// taken to be in play: the check never calls a game stuck that is not,
/// and a stuck game whose tableau can be shuffled through more states than
/// this without progress is left to the solver (which `hint` and `solve`
/// ask) to prove lost. The same test holds the longest line it knows under
/// this limit.
pub const STATES_CHECKED: usize = 30_000;

/// Breadth-first search of the tableau states reachable without progress
/// (breadth first, so that progress a few moves away is found before the
/// search wanders through long shuffles of foundation cards). `visited`
/// counts the states taken from the queue.
fn search(
    start: TableauState,
    start_key: TableauKey,
    playable: u64,
    rules: &Rules,
    limit: usize,
    visited: &mut usize,
) -> Search {
    let targets = Targets::of(playable);
    if targets.met(&start) {
        return Search::Progress;
    }
    let mut seen = KeySet::default();
    seen.insert(start_key);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        if *visited >= limit {
            return Search::TooMany;
        }
        *visited += 1;
        let mut progress = false;
        state.steps(rules, |_, step| {
            match step {
                Step::TurnsUp => progress = true,
                Step::To(s) => {
                    if targets.met(&s) {
                        progress = true;
                    } else if seen.insert(s.key()) {
                        queue.push_back(s);
                    }
                }
            }
            !progress
        });
        if progress {
            return Search::Progress;
        }
    }
    Search::Stuck(seen)
}

/// The stuck check's own view of the rules, for `tests/engine/rules_agree.rs`,
/// which holds it to the engine's (`legal_moves`, `Position::check`,
/// `Position::play`) on many positions. Not a stable API.
#[doc(hidden)]
pub mod internals {
    use super::*;

    /// The tableau-and-foundation moves the stuck check makes from
    /// `position`, each with the key of the state it leads to ([`tableau_key`]
    /// of the position after it), or `None` when it turns up a card.
    pub fn tableau_moves(position: &Position, rules: &Rules) -> Vec<(Move, Option<TableauKey>)> {
        let mut moves = Vec::new();
        TableauState::of(position).steps(rules, |mv, step| {
            moves.push(match step {
                Step::TurnsUp => (mv, None),
                Step::To(s) => (mv, Some(s.key())),
            });
            true
        });
        moves
    }

    /// The status of `position` as a fresh check finds it (no stuck set
    /// remembered), with the number of tableau states its search visited:
    /// the work the check does for one position.
    pub fn status_with_work(position: &Position, rules: &Rules) -> (Status, usize) {
        let (status, visited, _) = status_within(position, rules, STATES_CHECKED);
        (status, visited)
    }

    /// As [`status_with_work`], with a search of at most `limit` states
    /// (not [`STATES_CHECKED`]), and whether the limit was reached (the
    /// status is then `Playing`).
    pub fn status_within(position: &Position, rules: &Rules, limit: usize) -> (Status, usize, bool) {
        if position.is_won() {
            return (Status::Won, 0, false);
        }
        let talon = talon_sequence(position);
        if position.hidden_count() == 0 && talon.is_empty() {
            return (Status::Playing, 0, false);
        }
        let (playable, _) = reachable_waste_tops(&talon, position.waste().len(), position.pass(), rules);
        let start = TableauState::of(position);
        let mut visited = 0;
        match search(start, start.key(), playable, rules, limit, &mut visited) {
            Search::Progress => (Status::Playing, visited, false),
            Search::Stuck(_) => (Status::Stuck, visited, false),
            Search::TooMany => (Status::Playing, visited, true),
        }
    }

    /// The stuck check's key of the tableau and foundations of `position`
    /// (face-down cards reduced to "some", piles in any order).
    pub fn tableau_key(position: &Position) -> TableauKey {
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

    /// A game from `piles` over a first pile whose face-down cards are every
    /// card named nowhere else; the waste is `waste` alone.
    fn game_of(piles: &[&str], waste: &str, foundations: [u8; 4], r: Rules) -> crate::engine::game::Game {
        let cards = |s: &str| s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
        let mut named: Vec<Card> = piles.iter().flat_map(|p| cards(p)).chain(cards(waste)).collect();
        for (suit, &n) in Suit::ALL.into_iter().zip(&foundations) {
            named.extend((1..=n).map(|r| Card::new(Rank::new(r).unwrap(), suit)));
        }
        let rest: Vec<Card> = Card::deck().filter(|c| !named.contains(c)).collect();
        let mut parts: [(Vec<Card>, Vec<Card>); 7] = Default::default();
        parts[0] = (rest, Vec::new());
        for (i, p) in piles.iter().enumerate() {
            parts[i].1 = cards(p);
        }
        let position = Position::from_parts(parts, Vec::new(), cards(waste), foundations, 1).unwrap();
        crate::engine::game::Game::from_position(position, r)
    }

    #[test]
    fn a_card_played_home_for_good_can_make_the_game_stuck() {
        // The 4 of spades (the one card of the talon) goes on the 5 of
        // hearts; once the 5 is home with no way back, nothing can take it.
        for f2t in [false, true] {
            let r = rules(DrawCount::One, PassLimit::Limited(1), f2t);
            let mut game = game_of(&["6C 5H"], "4S", [0, 0, 4, 2], r);
            assert_eq!(game.status(), Status::Playing);
            game.play(Move::TableauToFoundation { from: PileId::ALL[0] }).unwrap();
            let want = if f2t { Status::Playing } else { Status::Stuck };
            assert_eq!(game.status(), want, "f2t {f2t}");
            assert_eq!(status_of(game.position(), r), want);
        }
    }

    #[test]
    fn a_card_that_leaves_its_own_pile_for_good_can_make_the_game_stuck() {
        // The 5 of diamonds goes on the 6 of clubs until the 5 of hearts,
        // alone on a pile of its own, covers it: it cannot come back.
        let r = rules(DrawCount::One, PassLimit::Limited(1), true);
        let mut game = game_of(&["6C", "5H"], "5D", [0, 0, 3, 0], r);
        assert_eq!(game.status(), Status::Playing);
        game.play(Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[0], count: 1 }).unwrap();
        assert_eq!(game.status(), Status::Stuck);
        assert_eq!(status_of(game.position(), r), Status::Stuck);
    }

    #[test]
    fn the_search_places_a_playable_card_exactly_where_the_state_accepts_it() {
        // `Targets::met` against the set of every card the state accepts,
        // on the positions of random games and random sets of playable cards.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut met = 0;
        for number in 1..=40u128 {
            let r = rules(DrawCount::One, PassLimit::Unlimited, number % 2 == 0);
            let deal = crate::engine::deal::Deal::for_number(crate::engine::deal::GameNumber::new(number).unwrap());
            let mut game = crate::engine::game::Game::new(&deal, r);
            for _ in 0..150 {
                let state = TableauState::of(game.position());
                for _ in 0..20 {
                    let playable = next() & next() & next() & ((1 << 52) - 1);
                    let want = state.accepted_cards() & playable != 0;
                    assert_eq!(Targets::of(playable).met(&state), want, "{} {playable:x}", game.position());
                    met += usize::from(want);
                }
                let legal = game.legal_moves();
                let _ = game.play(legal[(next() % legal.len() as u64) as usize]);
            }
        }
        assert!(met > 10_000, "only {met} sets met");
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
