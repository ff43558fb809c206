//! The solver's compact copy of a position, its moves, the safe automatic
//! foundation moves, and the canonical key of the transposition table.
//!
//! Cards are bytes `0..52` in the order of [`crate::engine::card::Card::index`]
//! (`13 * suit + rank - 1`, suits clubs, diamonds, hearts, spades).
//!
//! The stock and the waste are one sequence, the talon, with a cursor; a
//! talon move draws (and redeals if need be) until a chosen card is on top
//! and plays it. Cards that can go up without losing a win go up at once.
//! Face-up cards are regrouped freely where the rules allow it, so the key
//! names a position up to the order of the piles and the talon
//! equivalences, and a position in between (after a move whose only point
//! is what it lets come next) offers only the moves that use it.
//!
//! Why each of these reductions keeps every win is argued in
//! `docs/solver.md` ("Why the reductions are sound"). The arguments are
//! reasons to try them, not the check: the tests compare the solver with a
//! plain search over the engine's own moves ([`super::reference`]) on
//! thousands of small positions under every rules setting, check that a
//! position is winnable exactly when one of its successors is, that no
//! position along a winning line is called lost, and compare whole-deal
//! verdicts with lonelybot's.

use crate::engine::card::Suit;
use crate::engine::game::Position;
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::{DrawCount, PassLimit, Rules};
use crate::engine::solver::search::RESTART_FIRST;
use crate::engine::solver::Unsupported;

/// Longest tableau pile the compact state holds (6 face-down cards under a
/// king-led build of 13 is 19).
pub(crate) const MAX_PILE: usize = 20;
/// Largest talon (24 cards in any game dealt from a 52-card deck).
pub(crate) const MAX_TALON: usize = 24;
/// `redeals` value meaning "no pass limit".
pub(crate) const UNLIMITED: u8 = u8::MAX;

/// Priority of a talon card played onto a pile (less the draws it takes).
const TALON_T_SCORE: i32 = 550;

/// Priority lost by a talon move that needs a redeal, on top of its
/// draws, with [`Ctx::fewest_passes`] (draw-1): it then comes after every
/// move that turns up a card or puts one up. On the benchmark deals the
/// first draw-1 lines found (`solve --fast`) have a median length of 187
/// moves, against 203 with the other order, for about as many positions
/// searched.
const REDEAL_PENALTY_FEWEST_PASSES: i32 = 500;

/// Priority lost by a talon move that needs a redeal otherwise, on top of
/// its distance from the cursor in draws. With draw-3 the order above
/// would shorten the first lines found (median 130 moves against 151) but
/// makes some hard deals take many times longer (deal h3-031 of the shared
/// data, five times). The draw-1 searches that a draw-3 search
/// asks about its positions keep this order too: they must find a win or
/// prove none within a few thousand nodes.
const REDEAL_PENALTY: i32 = 30;

/// Rank (1..=13), suit index (0..4), colour and builders of each card,
/// computed once at compile time: the move generator asks them for every
/// card it looks at, and a table read is cheaper than the divisions (256
/// entries, so that any byte indexes them; those past the deck are 0).
const RANKS: [u8; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = (c % 13) as u8 + 1;
        c += 1;
    }
    t
};
const SUITS: [u8; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = (c / 13) as u8;
        c += 1;
    }
    t
};
/// The red cards (diamonds and hearts, suits 1 and 2), as a mask.
const RED: u64 = ((1 << 26) - 1) << 13;
/// [`builders`] of each card.
const BUILDERS: [u64; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 52 {
        let r = c % 13;
        if r > 0 {
            // The two suits of the other colour, one rank lower.
            let (a, b) = if c / 13 == 1 || c / 13 == 2 { (0, 3) } else { (1, 2) };
            t[c] = 1 << (a * 13 + r - 1) | 1 << (b * 13 + r - 1);
        }
        c += 1;
    }
    t
};

/// [`parents`] of each card.
const PARENTS: [u64; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 52 {
        let r = c % 13;
        if r < 12 {
            // The two suits of the other colour, one rank higher.
            let (a, b) = if c / 13 == 1 || c / 13 == 2 { (0, 3) } else { (1, 2) };
            t[c] = 1 << (a * 13 + r + 1) | 1 << (b * 13 + r + 1);
        }
        c += 1;
    }
    t
};
/// [`twin_card`] of each card.
const TWINS: [u8; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = ((3 - c / 13) * 13 + c % 13) as u8;
        c += 1;
    }
    t
};

#[inline]
pub(crate) fn rank(c: u8) -> u8 {
    RANKS[usize::from(c)]
}

#[inline]
pub(crate) fn suit(c: u8) -> usize {
    usize::from(SUITS[usize::from(c)])
}

#[inline]
pub(crate) fn is_red(c: u8) -> bool {
    RED >> (c & 63) & 1 != 0
}

/// True when `c` may be built on `below`: one rank lower, other colour.
#[inline]
pub(crate) fn builds_on(c: u8, below: u8) -> bool {
    builders(below) >> (c & 63) & 1 != 0
}

/// What stays fixed during one search.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    /// The talon the search started from (waste bottom first, then stock
    /// from its top); talon entries of [`State`] index into it.
    pub talon0: [u8; MAX_TALON],
    /// Cards per draw: 1 or 3.
    pub draw: u8,
    /// Whether foundation-to-tableau moves are allowed.
    pub f2t: bool,
    /// The bottom card of each pile at the start ([`NO_CARD`] if empty): the
    /// only card other than a king that can be the base of a pile with
    /// nothing face down.
    pub bottom: [u8; 7],
    /// Index in [`Ctx::talon0`] of each card in the starting talon, by card
    /// ([`NO_CARD`] for the others).
    pub talon_index: [u8; 52],
    /// The cards of [`Ctx::talon0`] before each index, as masks (bit =
    /// card): with a cursor on talon index `t`, the waste is the talon's
    /// cards among `talon_before[t]`.
    pub talon_before: [u64; MAX_TALON + 1],
    /// The cards under each card face down at the start, in its pile, as
    /// masks (bit = card; 0 for the other cards): face-down cards are only
    /// ever turned up from the top, so those left are the start's.
    pub hidden_under: [u64; 52],
    /// The first `h` cards of each pile at the start, as masks, for `h` up
    /// to 7: the cards face down under a pile's face-up part, `h` of them.
    pub pile_start: [[u64; 8]; 7],
    /// Whether talon moves that need a redeal come after every other
    /// useful move ([`REDEAL_PENALTY_FEWEST_PASSES`]): true for a draw-1
    /// game, false with draw-3 and for the draw-1 searches that a draw-3
    /// search asks about its positions.
    pub fewest_passes: bool,
    /// Whether the search skips a node when a visited one is at least as
    /// good (see `search::table_for`): always, but in the tests that check
    /// that it changes no verdict.
    pub dominance: bool,
    /// Whether the search drops the positions [`State::deadlocked`] calls
    /// lost: always, but in the tests that check that it changes no
    /// verdict.
    pub deadlock_check: bool,
    /// Nodes before a search proper's first restart (see
    /// `search::Restarts`; 0: none): [`RESTART_FIRST`], but in the tests
    /// that check that restarts change no verdict, which restart far
    /// sooner and more often.
    pub restart_first: u64,
}

/// No card.
pub(crate) const NO_CARD: u8 = u8::MAX;

/// Every card, as a mask (bit = card).
const ALL_CARDS: u64 = (1 << 52) - 1;

/// The four kings, as a mask (bit = card).
const KINGS: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

/// The face-up cards of a position by role, as masks (bit = card).
#[derive(Clone, Copy)]
struct FaceUp {
    /// The lowest face-up card of each pile.
    bases: u64,
    /// The face-up cards with another on them (bases included).
    covered: u64,
    /// The top cards.
    tops: u64,
    /// Whether a king that is the base over face-down cards waits for an
    /// empty pile.
    waiting_king: bool,
}

/// The compact position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Pile cards, bottom first; the first `hidden[i]` are face down.
    pub piles: [[u8; MAX_PILE]; 7],
    pub len: [u8; 7],
    pub hidden: [u8; 7],
    /// Indices into [`Ctx::talon0`], in talon order.
    pub talon: [u8; MAX_TALON],
    pub tlen: u8,
    /// Waste size: the waste top is `talon[cursor - 1]`.
    pub cursor: u8,
    /// Cards on each foundation, 0..=13, by suit index.
    pub found: [u8; 4],
    /// Redeals left, or [`UNLIMITED`].
    pub redeals: u8,
    /// The set of original talon indices still in the talon (bit `t`).
    pub tmask: u32,
    /// The cards in the talon, as a mask (bit = card).
    pub tcards: u64,
    /// The face-down cards, as a mask (bit = card): kept so that the
    /// face-up cards are known without walking the piles (see
    /// [`State::face_up`]).
    pub hidden_cards: u64,
    /// The top cards of the piles, their lowest face-up cards (bases), and
    /// the bases with cards face down under them, as masks (bit = card):
    /// kept up to date by the moves so that [`State::face_up`] need not
    /// walk the piles (the state tests check them against the piles).
    pub top_cards: u64,
    pub base_cards: u64,
    pub bases_on_hidden: u64,
    /// The piles (bit = pile) with nothing face down whose lowest card is
    /// their starting bottom card ([`Ctx::bottom`]), not a king: the key's
    /// 7 bits for them, kept up to date by the moves so that the key is
    /// not worked out pile by pile (a pile gets its bit when its last
    /// face-down card is turned up, and loses it for good when it is
    /// emptied: only kings go onto an empty pile).
    pub open_bottoms: u8,
}

/// Solver move kinds.
pub(crate) const TALON_F: u8 = 0;
pub(crate) const TALON_T: u8 = 1;
pub(crate) const T_F: u8 = 2;
pub(crate) const T_T: u8 = 3;
pub(crate) const F_T: u8 = 4;
/// A covered card to its foundation: the build on it first moves onto its
/// twin, a top card (see [`State::gen_moves`]).
pub(crate) const UNCOVER_F: u8 = 5;

/// Which moves a position is expanded with. A talon card brought to the
/// tableau only to be used at once, and a pile emptied only for a king, must be
/// followed by that use; a card brought down from a foundation must be used
/// before any move that is neither a use of such a card nor another card
/// brought down (see "Moves that must be followed by their use" in the
/// module docs). A position in between is expanded with those moves only,
/// and is not a node of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Need {
    /// Cards brought down from a foundation and not used yet (bit = card).
    pub down: u64,
    /// The card the last move brought down from a foundation, if it did
    /// ([`NO_CARD`] if not): in a row of such moves none of which uses the
    /// one before, the cards come down in increasing order.
    pub last_down: u8,
    /// What the very next move must be.
    pub now: Now,
}

/// What the very next move must be (see [`Need`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Now {
    /// No more than [`Need::down`] asks.
    Free,
    /// A use of `card`, which was just brought from the talon to the
    /// tableau.
    UseOf { card: u8 },
    /// A king onto an empty pile (one was just emptied).
    King,
}

impl Need {
    /// Every move of the reduced move set: a node of the search.
    pub const ANY: Need = Need { down: 0, last_down: NO_CARD, now: Now::Free };

    /// Whether every move of the reduced move set is allowed (a node).
    #[inline]
    pub fn is_any(&self) -> bool {
        self.down == 0 && self.now == Now::Free
    }

    /// The key of a position in between with cards brought down from a
    /// foundation still to use (`down` not empty) at `st`: `st`'s key and
    /// this need in bits 82 to 95, which no node's key sets. A card still
    /// to use is the next on its foundation (that foundation cannot change
    /// before its use: a card on it coming down uses it, and it going up
    /// ends the wait), so `down` takes a bit per suit. `None` if `down` is
    /// not of that form (never, but a key must not be wrong).
    pub fn key_at(&self, st: &State, ctx: &Ctx) -> Option<Key> {
        let mut suits = 0u128;
        let mut mask = 0u64;
        for s in 0..4 {
            let next = (s * 13) as u8 + st.found[s];
            if st.found[s] < 13 && self.down & (1 << next) != 0 {
                suits |= 1 << s;
                mask |= 1 << next;
            }
        }
        if mask != self.down || self.down == 0 {
            return None;
        }
        let last = if self.last_down == NO_CARD {
            0
        } else if self.down & (1 << self.last_down) != 0 {
            1 + u128::from(suit(self.last_down) as u8)
        } else {
            return None;
        };
        let now = match self.now {
            Now::Free => 0,
            Now::King => 1,
            Now::UseOf { card } => 2 + u128::from(card),
        };
        Some(Key(st.key(ctx).0 | suits << 82 | last << 86 | now << 89))
    }
}

/// What a move does with cards, for [`Need`]: the card it brings onto a
/// pile (the base of a build, a talon or foundation card), the card it
/// puts up, and whether the card it brings comes from a foundation.
#[derive(Clone, Copy)]
struct Effect {
    onto: Option<u8>,
    up: Option<u8>,
    from_foundation: bool,
    /// The card put up was covered: the build on it moved onto its twin.
    uncovered: bool,
}

/// One solver move. `TALON_F { a: q, c: redeal }`, `TALON_T { a: q, b: to,
/// c: redeal }`, `T_F { a: from }`, `T_T { a: from, b: to, c: count }`,
/// `F_T { a: suit, b: to }`, `UNCOVER_F { a: from, b: to, c: count }` (the
/// `T_T` of the build on the card, then its `T_F`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SMove {
    pub kind: u8,
    pub a: u8,
    pub b: u8,
    pub c: u8,
}

impl SMove {
    const fn new(kind: u8, a: u8, b: u8, c: u8) -> SMove {
        SMove { kind, a, b, c }
    }
}

/// The canonical key of a position (the abstract position of the module
/// docs, up to the order of the piles), packed in 82 bits: face-down counts
/// by pile (3 bits each), which piles with nothing face down still have
/// their starting bottom card as base (7 bits), which kings are the base of
/// a pile with nothing face down (4 bits), foundation heights (4 bits each),
/// the set of talon cards left (24 bits, by starting talon index), the
/// cursor (5 bits, 0 when it cannot matter) and the redeals left (5 bits,
/// capped at the talon size).
///
/// The face-down cards of pile `i` are the first ones it held at the start,
/// so its count names them; the base of a pile with face-down cards is the
/// card just above them; a pile with nothing face down holds as base its
/// starting bottom card, a king, or nothing (only kings go onto empty
/// piles), and the number of empty piles follows from the rest. So equal
/// keys mean equal abstract positions up to the order of the piles with
/// nothing face down.
///
/// The cursor. When the pass limit cannot bind (redeals left >= talon
/// size, as good as no limit: see the talon macro moves), draw-1 reaches
/// every talon card from any cursor, so the key holds 0; draw-3 reaches
/// from cursor 0 the positions 3, 6, ... and the last one, and from a
/// cursor `p` also `p, p + 3, ...` (and the rest after a redeal, which is
/// free), so a cursor that is a multiple of 3 or the talon size is held as
/// 0. Then a smaller cursor `p - 3k` reaches all that `p` reaches (by draws,
/// which carry no weight), so a position is at least as good as the same
/// one with a larger cursor of the same remainder: the search skips a
/// position when one with such a smaller cursor was visited.
///
/// With draw-1 and a pass limit that can bind, a position is at least as
/// good as the same one with a larger cursor and as many redeals left (it
/// draws up to the other's cursor), or with fewer redeals left and any
/// cursor (it draws to the end and redeals, to a cursor of 0 with no fewer
/// redeals left than the other): an order in which any two talons of the
/// same cards compare, so the search keeps only the best key of each such
/// class and skips a position whose class holds one at least as good (see
/// `visited::KeySet::ranked`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key(pub u128);

/// Where [`State::key`] packs the talon: the set of talon cards left, the
/// cursor and the redeals left.
const KEY_TALON: u32 = 48;
const KEY_CURSOR: u32 = 72;
const KEY_REDEALS: u32 = 77;

impl Key {
    /// The cursor it holds (0 when the cursor cannot matter).
    pub fn cursor(self) -> u8 {
        (self.0 >> KEY_CURSOR) as u8 & 31
    }

    /// Whether the pass limit cannot bind: redeals left (capped at the
    /// talon size) at least the talon size.
    pub fn limit_free(self) -> bool {
        let talon = (self.0 >> KEY_TALON) as u32 & 0xFF_FFFF;
        (self.0 >> KEY_REDEALS) as u32 & 31 >= talon.count_ones()
    }

    /// Whether this is the key of a node, not of a position in between
    /// (whose keys set bits 82 to 95, see [`Need::key_at`]).
    pub fn is_node(self) -> bool {
        self.0 >> 82 == 0
    }

    /// The same key with cursor `cursor` (below 32).
    pub fn with_cursor(self, cursor: u8) -> Key {
        Key(self.0 & !(31u128 << KEY_CURSOR) | u128::from(cursor) << KEY_CURSOR)
    }
}

/// Whether `cards` is a whole number of draws of `draw` cards. The draw
/// count is 1 or 3, spelt out so that no division instruction is needed
/// (these run for every talon card of every position generated).
#[inline]
fn draws_fit(cards: u8, draw: u8) -> bool {
    match draw {
        1 => true,
        3 => cards.is_multiple_of(3),
        _ => cards.is_multiple_of(draw),
    }
}

/// `x / draw` (rounded toward zero), for a draw count of 1 or 3 without a
/// division instruction (see [`draws_fit`]).
#[inline]
fn per_draw(x: i32, draw: i32) -> i32 {
    match draw {
        1 => x,
        3 => x / 3,
        _ => x / draw,
    }
}

/// [`State::is_safe`] for foundation heights `found`.
#[inline]
fn safe_with(found: &[u8; 4], c: u8, f2t: bool) -> bool {
    let r = rank(c);
    let s = suit(c);
    let [y1, y2] = other_colour(s);
    found[y1] + 1 >= r && found[y2] + 1 >= r && (!f2t || found[twin_suit(s)] + 2 >= r)
}

/// The cards of `down` (brought down from a foundation, not used yet) that
/// a move with effect `e` uses: a card put on their class (one rank lower,
/// other colour), their twin going up after the build on it moves onto
/// them, or the card under them in their suit coming down from its
/// foundation in turn. (A twin that is a top goes up without them.)
#[inline]
fn used(down: u64, e: Effect) -> u64 {
    let mut used = 0;
    if let Some(p) = e.onto {
        let r = rank(p);
        if r < 13 {
            for s in other_colour(suit(p)) {
                used |= 1 << (s as u8 * 13 + r);
            }
            if e.from_foundation {
                used |= 1 << (p + 1);
            }
        }
    }
    if let (Some(u), true) = (e.up, e.uncovered) {
        used |= 1 << twin_card(u);
    }
    down & used
}

/// The two cards that `c` can be built on (one rank higher, other
/// colour), as a mask (bit = card); none for a king.
#[inline]
fn parents(c: u8) -> u64 {
    PARENTS[usize::from(c)]
}

/// The cards that a card of `cards` (a mask) can be built on, as a mask:
/// [`parents`] of each, all at once.
#[inline]
fn parents_of(cards: u64) -> u64 {
    const SUIT: u64 = (1 << 13) - 1;
    let up = |s: usize| ((cards >> (13 * s)) << 1) & SUIT; // one rank higher, no king's
    let (black, red) = (up(0) | up(3), up(1) | up(2));
    red | red << 39 | black << 13 | black << 26
}

/// The cards that can be built on a card of `cards` (a mask), as a mask:
/// [`builders`] of each, all at once.
#[inline]
fn children_of(cards: u64) -> u64 {
    const SUIT: u64 = (1 << 13) - 1;
    let down = |s: usize| ((cards >> (13 * s)) & SUIT) >> 1; // one rank lower, no ace's
    let (black, red) = (down(0) | down(3), down(1) | down(2));
    red | red << 39 | black << 13 | black << 26
}

/// The two cards that can be built on `c` (one rank lower, other colour),
/// as a mask (bit = card); none for an ace.
#[inline]
fn builders(c: u8) -> u64 {
    BUILDERS[usize::from(c)]
}

/// The card of the same rank and colour in the other suit.
#[inline]
fn twin_card(c: u8) -> u8 {
    TWINS[usize::from(c)]
}

/// The other suit of the same colour.
#[inline]
fn twin_suit(s: usize) -> usize {
    3 - s
}

/// The two suits of the other colour.
#[inline]
fn other_colour(s: usize) -> [usize; 2] {
    if s == 1 || s == 2 {
        [0, 3]
    } else {
        [1, 2]
    }
}

impl State {
    /// The compact copy of `position`; `Err` (what is wrong) for a position that no
    /// game can reach and the compact copy cannot hold (a pile longer than
    /// [`MAX_PILE`] or with more than 7 cards face down, a talon over
    /// [`MAX_TALON`]). A `Position`'s piles are builds over cards face
    /// down, each with a face-up top: that is trusted, not checked again.
    pub fn from_position(position: &Position, rules: &Rules) -> Result<(State, Ctx), Unsupported> {
        let waste = position.waste();
        let stock = position.stock();
        if waste.len() + stock.len() > MAX_TALON {
            return Err(Unsupported::TalonTooLong { cards: waste.len() + stock.len(), most: MAX_TALON });
        }
        let mut ctx = Ctx {
            talon0: [0; MAX_TALON],
            draw: rules.draw.cards() as u8,
            f2t: rules.foundation_to_tableau,
            bottom: [NO_CARD; 7],
            talon_index: [NO_CARD; 52],
            talon_before: [0; MAX_TALON + 1],
            hidden_under: [0; 52],
            pile_start: [[0; 8]; 7],
            fewest_passes: rules.draw == DrawCount::One,
            dominance: true,
            deadlock_check: true,
            restart_first: RESTART_FIRST,
        };
        let mut st = State {
            piles: [[0; MAX_PILE]; 7],
            len: [0; 7],
            hidden: [0; 7],
            talon: [0; MAX_TALON],
            tlen: 0,
            cursor: waste.len() as u8,
            found: [0; 4],
            tmask: 0,
            tcards: 0,
            hidden_cards: 0,
            top_cards: 0,
            base_cards: 0,
            bases_on_hidden: 0,
            open_bottoms: 0,
            redeals: match rules.passes {
                PassLimit::Unlimited => UNLIMITED,
                PassLimit::Limited(n) => n.saturating_sub(position.pass()).min(254) as u8,
            },
        };
        for (i, card) in waste.iter().chain(stock.iter().rev()).enumerate() {
            ctx.talon0[i] = card.index() as u8;
            ctx.talon_index[card.index()] = i as u8;
            ctx.talon_before[i + 1] = ctx.talon_before[i] | 1 << card.index();
            st.talon[i] = i as u8;
        }
        st.tlen = (waste.len() + stock.len()) as u8;
        for id in PileId::ALL {
            let (pile, i) = (position.pile(id), id.index());
            let (h, up) = (pile.hidden(), pile.face_up());
            if h.len() + up.len() > MAX_PILE || h.len() > 7 {
                return Err(Unsupported::PileTooLong(id));
            }
            for (k, card) in h.iter().chain(up.iter()).enumerate() {
                st.piles[i][k] = card.index() as u8;
            }
            st.len[i] = (h.len() + up.len()) as u8;
            st.hidden[i] = h.len() as u8;
            st.hidden_cards |= h.iter().fold(0, |m, c| m | 1 << c.index());
            for (k, card) in h.iter().enumerate() {
                ctx.hidden_under[card.index()] = ctx.pile_start[i][k];
                ctx.pile_start[i][k + 1] = ctx.pile_start[i][k] | 1 << card.index();
            }
            if let (Some(top), Some(base)) = (up.last(), up.first()) {
                st.top_cards |= 1 << top.index();
                st.base_cards |= 1 << base.index();
                if !h.is_empty() {
                    st.bases_on_hidden |= 1 << base.index();
                }
            }
        }
        for s in Suit::ALL {
            st.found[s.index()] = position.foundation(s).min(13);
        }
        for i in 0..7 {
            ctx.bottom[i] = if st.len[i] > 0 { st.piles[i][0] } else { NO_CARD };
            if st.len[i] > 0 && st.hidden[i] == 0 && rank(st.piles[i][0]) != 13 {
                st.open_bottoms |= 1 << i;
            }
        }
        st.tmask = ((1u64 << st.tlen) - 1) as u32;
        st.tcards = ctx.talon0[..usize::from(st.tlen)].iter().fold(0, |m, &c| m | 1 << c);
        Ok((st, ctx))
    }

    #[inline]
    pub fn is_won(&self) -> bool {
        self.found == [13; 4]
    }

    /// No card face down and none in the talon: won by putting the lowest
    /// top card up again and again (see [`State::finish`]).
    #[inline]
    pub fn is_trivially_won(&self) -> bool {
        self.tlen == 0 && self.hidden == [0; 7]
    }

    #[inline]
    pub fn top(&self, i: usize) -> Option<u8> {
        let n = usize::from(self.len[i]);
        (n > usize::from(self.hidden[i])).then(|| self.piles[i][n - 1])
    }

    /// The cards next on their foundations, as a mask (bit = card).
    #[inline]
    fn next_mask(&self) -> u64 {
        // A full foundation's bit falls outside its suit and is masked off,
        // with no branch.
        const SUIT: u64 = (1 << 13) - 1;
        (0..4).fold(0u64, |m, s| m | ((1u64 << self.found[s]) & SUIT) << (13 * s))
    }

    /// The cards next on their foundations that the safe rule would put
    /// up, as a mask (bit = card): [`State::next_mask`] filtered by
    /// [`State::is_safe`], worked out from the foundations alone.
    #[inline]
    fn safe_next_mask(&self, f2t: bool) -> u64 {
        const SUIT: u64 = (1 << 13) - 1;
        let f = self.found.map(u32::from);
        // The lower foundation of each colour: suits 0 and 3 are one
        // colour, 1 and 2 the other (see `other_colour`), by suit.
        let (low03, low12) = (f[1].min(f[2]), f[0].min(f[3]));
        let other = [low03, low12, low12, low03];
        // Without foundation-to-tableau the twin suit never holds a card
        // back: a slack no rank reaches. No branch: which cards are safe
        // varies from position to position.
        let twin_slack = if f2t { 2 } else { 14 };
        let mut m = 0u64;
        for s in 0..4 {
            let r = f[s] + 1;
            let ok = (other[s] + 1 >= r) & (f[twin_suit(s)] + twin_slack >= r);
            m |= ((u64::from(ok) << f[s]) & SUIT) << (13 * s);
        }
        m
    }

    #[inline]
    fn fits_foundation(&self, c: u8) -> bool {
        self.found[suit(c)] + 1 == rank(c)
    }

    /// The safe rule of the module docs (the card need not be next).
    #[inline]
    pub fn is_safe(&self, c: u8, f2t: bool) -> bool {
        safe_with(&self.found, c, f2t)
    }

    #[inline]
    fn turn_up(&mut self, i: usize) {
        if self.len[i] == self.hidden[i] && self.hidden[i] > 0 {
            self.hidden[i] -= 1;
            let c = 1u64 << self.piles[i][usize::from(self.hidden[i])];
            self.hidden_cards &= !c;
            self.top_cards |= c;
            self.base_cards |= c;
            if self.hidden[i] > 0 {
                self.bases_on_hidden |= c;
            } else if c & KINGS == 0 {
                self.open_bottoms |= 1 << i;
            }
        }
    }

    /// Puts card `c` on pile `to` (a top that takes it, or an empty pile).
    #[inline]
    fn put_on(&mut self, to: usize, c: u8) {
        let (h, n) = (usize::from(self.hidden[to]), usize::from(self.len[to]));
        let bit = 1u64 << c;
        if n > h {
            self.top_cards &= !(1 << self.piles[to][n - 1]);
        } else {
            self.base_cards |= bit;
            if h > 0 {
                self.bases_on_hidden |= bit;
            }
        }
        self.top_cards |= bit;
        self.piles[to][n] = c;
        self.len[to] += 1;
    }

    /// Puts up every safe card, repeatedly: tableau top cards, and with
    /// draw-1 also talon cards (see the module docs); each move made is
    /// passed to `record` (a `T_F` or a `TALON_F`).
    pub fn auto_moves(&mut self, ctx: &Ctx, mut record: impl FnMut(SMove)) {
        loop {
            let mut moved = false;
            // Most often no top card is next on its foundation and safe:
            // one mask says so without walking the piles (which, where a
            // card is next but not safe, took a twentieth of the search).
            let mut safe = self.safe_next_mask(ctx.f2t);
            let tops_up = self.top_cards & safe != 0;
            for i in (0..7).filter(|_| tops_up) {
                while let Some(c) = self.top(i) {
                    if self.fits_foundation(c) && self.is_safe(c, ctx.f2t) {
                        self.apply_t_f(i);
                        record(SMove::new(T_F, i as u8, 0, 0));
                        moved = true;
                    } else {
                        break;
                    }
                }
            }
            if ctx.draw == 1 {
                if moved {
                    safe = self.safe_next_mask(ctx.f2t);
                }
                if let Some(mv) = self.safe_talon_move(ctx, safe) {
                    self.apply(ctx, mv);
                    record(mv);
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// Draw-1 only: a talon card that is next on its foundation and safe,
    /// when it is the waste top (no draw needed), or when the pass limit
    /// cannot bind (redeals left >= talon size), through a redeal if need be.
    /// Drawing past other cards when the limit can bind would leave them
    /// behind the cursor, so that is never done automatically.
    /// `safe` is [`State::safe_next_mask`] of this position.
    fn safe_talon_move(&self, ctx: &Ctx, safe: u64) -> Option<SMove> {
        // Most often no talon card is next on its foundation and safe: one
        // mask says so at once.
        if self.tcards & safe == 0 {
            return None;
        }
        let p = self.cursor;
        let safe = |q: u8| {
            let c = self.talon_card(ctx, q);
            self.fits_foundation(c) && self.is_safe(c, ctx.f2t)
        };
        if self.redeals >= self.tlen {
            (p.max(1)..=self.tlen)
                .find(|&q| safe(q))
                .map(|q| SMove::new(TALON_F, q, 0, 0))
                .or_else(|| (1..p).find(|&q| safe(q)).map(|q| SMove::new(TALON_F, q, 0, 1)))
        } else if p > 0 && safe(p) {
            Some(SMove::new(TALON_F, p, 0, 0))
        } else {
            None
        }
    }

    fn apply_t_f(&mut self, i: usize) {
        self.len[i] -= 1;
        let n = usize::from(self.len[i]);
        let c = self.piles[i][n];
        self.top_cards &= !(1 << c);
        if n > usize::from(self.hidden[i]) {
            self.top_cards |= 1 << self.piles[i][n - 1];
        } else {
            self.base_cards &= !(1 << c);
            self.bases_on_hidden &= !(1 << c);
            if n == 0 {
                self.open_bottoms &= !(1 << i);
            }
        }
        self.found[suit(c)] += 1;
        self.turn_up(i);
    }

    /// Card that a talon move of target `q` plays.
    #[inline]
    pub fn talon_card(&self, ctx: &Ctx, q: u8) -> u8 {
        ctx.talon0[usize::from(self.talon[usize::from(q) - 1])]
    }

    /// The first `q` cards of the talon (the waste for `q` the cursor), as
    /// a mask (bit = card): one mask of [`Ctx::talon_before`], since the
    /// talon keeps its starting order.
    #[inline]
    fn talon_cards_to(&self, ctx: &Ctx, q: u8) -> u64 {
        if q < self.tlen {
            self.tcards & ctx.talon_before[usize::from(self.talon[usize::from(q)])]
        } else {
            self.tcards
        }
    }

    /// Plays a solver move (which must be legal here).
    pub fn apply(&mut self, ctx: &Ctx, mv: SMove) {
        match mv.kind {
            TALON_F | TALON_T => {
                let q = usize::from(mv.a);
                let c = self.talon_card(ctx, mv.a);
                let n = usize::from(self.tlen);
                self.tmask &= !(1u32 << self.talon[q - 1]);
                self.tcards &= !(1u64 << c);
                self.talon.copy_within(q..n, q - 1);
                self.tlen -= 1;
                self.cursor = mv.a - 1;
                if mv.c != 0 && self.redeals != UNLIMITED {
                    self.redeals = self.redeals.saturating_sub(1);
                }
                if mv.kind == TALON_F {
                    self.found[suit(c)] += 1;
                } else {
                    self.put_on(usize::from(mv.b), c);
                }
            }
            T_F => self.apply_t_f(usize::from(mv.a)),
            UNCOVER_F => {
                self.apply(ctx, SMove::new(T_T, mv.a, mv.b, mv.c));
                self.apply_t_f(usize::from(mv.a));
            }
            T_T => {
                let (from, to, count) = (usize::from(mv.a), usize::from(mv.b), usize::from(mv.c));
                let start = usize::from(self.len[from]) - count;
                let dst = usize::from(self.len[to]);
                // The masks: the top of `to` is covered, the card under the
                // build (if face up) becomes a top, and the build's lowest
                // card is a base only on an empty pile.
                let moved = 1u64 << self.piles[from][start];
                if dst > usize::from(self.hidden[to]) {
                    self.top_cards &= !(1 << self.piles[to][dst - 1]);
                    self.base_cards &= !moved;
                } else {
                    self.base_cards |= moved;
                }
                self.bases_on_hidden &= !moved;
                if self.hidden[to] > 0 && dst == usize::from(self.hidden[to]) {
                    self.bases_on_hidden |= moved;
                }
                if start > usize::from(self.hidden[from]) {
                    self.top_cards |= 1 << self.piles[from][start - 1];
                }
                for k in 0..count {
                    self.piles[to][dst + k] = self.piles[from][start + k];
                }
                self.len[to] += mv.c;
                self.len[from] -= mv.c;
                if start == 0 {
                    self.open_bottoms &= !(1 << from);
                }
                self.turn_up(from);
            }
            _ => {
                let s = usize::from(mv.a);
                let to = usize::from(mv.b);
                let c = (s * 13) as u8 + self.found[s] - 1;
                self.found[s] -= 1;
                self.put_on(to, c);
            }
        }
    }

    /// Every target `q` (1-based talon position) whose card can come to the
    /// top of the waste, with whether a redeal is needed, fewest redeals
    /// first; calls `f(q, redeal)` once per reachable card.
    pub fn talon_targets(&self, ctx: &Ctx, mut f: impl FnMut(u8, bool)) {
        let len = self.tlen;
        if len == 0 {
            return;
        }
        let p = self.cursor;
        let d = ctx.draw;
        if d == 1 {
            // Every q >= max(p, 1) without a redeal, the rest with one.
            for q in p.max(1)..=len {
                f(q, false);
            }
            if self.redeals > 0 {
                for q in 1..p {
                    f(q, true);
                }
            }
            return;
        }
        // Without a redeal: q = p (if the waste is not empty), p + d, ..., and len.
        let mut direct = [false; MAX_TALON + 1];
        let mut q = if p == 0 { d.min(len) } else { p };
        loop {
            direct[usize::from(q)] = true;
            f(q, false);
            if q == len {
                break;
            }
            q = (q + d).min(len);
        }
        if p > 0 && self.redeals > 0 {
            let mut q = d.min(len);
            loop {
                if !direct[usize::from(q)] {
                    f(q, true);
                }
                if q == len {
                    break;
                }
                q = (q + d).min(len);
            }
        }
    }

    /// Whether the card at talon position `q` (1-based) can come to the top
    /// of the waste, and if so whether a redeal is needed: the route
    /// [`State::talon_targets`] gives it.
    pub fn talon_route(&self, ctx: &Ctx, q: u8) -> Option<bool> {
        let (len, p, d) = (self.tlen, self.cursor, ctx.draw);
        if q == 0 || q > len {
            return None;
        }
        let first = if p == 0 { d } else { p };
        if q == len || (q >= first && draws_fit(q - first, d)) {
            return Some(false);
        }
        (p > 0 && self.redeals > 0 && q >= d && draws_fit(q, d)).then_some(true)
    }

    /// The first empty pile, if any.
    #[inline]
    fn first_empty(&self) -> Option<usize> {
        (0..7).find(|&i| self.len[i] == 0)
    }

    /// What `mv` (legal here) brings onto a pile and puts up (see
    /// [`Effect`]). A build that moves onto a twin for the card under it to
    /// go up counts by that card only.
    fn effect(&self, ctx: &Ctx, mv: SMove) -> Effect {
        let from_top = |i: u8, k: u8| self.piles[usize::from(i)][usize::from(self.len[usize::from(i)] - k)];
        let (onto, up) = match mv.kind {
            TALON_T => (Some(self.talon_card(ctx, mv.a)), None),
            F_T => (Some(mv.a * 13 + self.found[usize::from(mv.a)] - 1), None),
            T_T => (Some(from_top(mv.a, mv.c)), None),
            T_F => (None, self.top(usize::from(mv.a))),
            UNCOVER_F => (None, Some(from_top(mv.a, mv.c + 1))),
            _ => (None, None),
        };
        Effect { onto, up, from_foundation: mv.kind == F_T, uncovered: mv.kind == UNCOVER_F }
    }

    /// What the position after `mv` (played here, expanded with `need`)
    /// must be expanded with.
    pub fn need_after(&self, ctx: &Ctx, need: Need, mv: SMove) -> Need {
        let now = match mv.kind {
            TALON_T if self.talon_free(ctx) => Now::UseOf { card: self.talon_card(ctx, mv.a) },
            T_T if self.hidden[usize::from(mv.a)] == 0 && self.len[usize::from(mv.a)] == mv.c => Now::King,
            _ => Now::Free,
        };
        // Most moves are made with no card brought down waiting, and bring
        // none down: then nothing waits after them either, and what they
        // do with cards need not be worked out.
        if need.down == 0 && mv.kind != F_T {
            return Need { down: 0, last_down: NO_CARD, now };
        }
        let e = self.effect(ctx, mv);
        let mut down = need.down & !used(need.down, e);
        if let Some(u) = e.up {
            down &= !(1 << u);
        }
        let mut last_down = NO_CARD;
        if let (true, Some(c)) = (e.from_foundation, e.onto) {
            down |= 1 << c;
            last_down = c;
        } else if mv.kind == TALON_T && need.last_down != NO_CARD && down & (1 << need.last_down) != 0 {
            // A talon card brought down in a row goes with its use: the
            // order of the row is that of the card brought down from a
            // foundation onto it.
            last_down = need.last_down;
        }
        Need { down, last_down, now }
    }

    /// Whether `need`, with cards brought down from a foundation still to
    /// use, allows `mv` (a move its [`Now`] allows): another card brought
    /// down (from a foundation, in increasing order after one brought down
    /// just before that it does not use; or from a free talon, when
    /// something may follow it, see [`State::fruitful`], which `coming`
    /// and `bases` are for), or a move that uses every one of those cards.
    /// `fruitful` holds talon cards already known to be fruitful here (a
    /// mask), so that they are not asked about again.
    fn allows(&self, ctx: &Ctx, need: Need, mv: SMove, coming: u64, bases: u64, fruitful: u64) -> bool {
        let e = self.effect(ctx, mv);
        let talon_free = self.talon_free(ctx);
        let after_last =
            need.last_down == NO_CARD || e.onto > Some(need.last_down) || used(need.down & 1 << need.last_down, e) != 0;
        used(need.down, e) == need.down
            || (mv.kind == F_T && after_last)
            || (mv.kind == TALON_T && talon_free && {
                let t = self.talon_card(ctx, mv.a);
                fruitful & (1 << t) != 0 || self.fruitful(need.down, need.last_down, t, coming, bases)
            })
    }

    /// The foundation tops that may come down (see
    /// [`State::may_come_down`]), as a mask (bit = card).
    fn coming_down(&self) -> u64 {
        // `may_come_down` of each foundation top, spelt out: the top of
        // suit `s` (rank `r`) goes straight back up when both suits of the
        // other colour hold at least `r - 1` cards and its twin suit at
        // least `r - 2` (the safe rule with foundation-to-tableau on).
        let f = self.found;
        let (black, red) = (f[0].min(f[3]), f[1].min(f[2]));
        let mut m = 0u64;
        for s in 0..4 {
            let r = f[s];
            let other = if s == 1 || s == 2 { black } else { red };
            if r > 0 && !(other + 1 >= r && f[3 - s] + 2 >= r) {
                m |= 1 << (s * 13 + usize::from(r) - 1);
            }
        }
        m
    }

    /// Whether talon card `t`, brought to the tableau from a free talon
    /// while the cards of `down` (brought down from a foundation, the last
    /// of them `last`) are still to use, may have a use next that
    /// [`State::allows`]. Those that its own move does not use (the cards
    /// of its parent class) are then still to use, and the use of `t` is
    /// a card onto it that comes down from a foundation (a top there, in
    /// the order of the row, that would not go straight back up), or from
    /// the talon with such a use in turn; or, when no more than `t`'s twin
    /// is still to use, any card onto it that is there to come (on a
    /// foundation, in the talon, or the base of a pile). Checked against
    /// the position after it in the state tests: when this says no, that
    /// position allows no move. `coming` is [`State::coming_down`] and
    /// `bases` the bases of the piles (see [`FaceUp`]), both of this
    /// position.
    fn fruitful(&self, down: u64, last: u8, t: u8, coming: u64, bases: u64) -> bool {
        self.fruitful_memo(down, last, t, coming, bases, &mut [0; 52])
    }

    /// [`State::fruitful`], with `memo` (0 unknown, 1 yes, 2 no) for the
    /// talon cards that may go onto `t` and onto those in turn. Why it may
    /// be kept: the two cards that go onto a card are twins, which go onto
    /// the same cards, so what waits when a card is reached is the same
    /// along every way there; without it, a row of talon cards costs twice
    /// as much for each card more.
    fn fruitful_memo(&self, down: u64, last: u8, t: u8, coming: u64, bases: u64, memo: &mut [u8; 52]) -> bool {
        // What is still to use once `t` is down (see `need_after`).
        let down = down & !parents(t);
        if down == 0 {
            return true;
        }
        let last = if last != NO_CARD && down & (1 << last) != 0 { last } else { NO_CARD };
        let twin = twin_card(t);
        if down & !(1u64 << twin) == 0 {
            // Any card onto it uses every card waiting.
            return builders(t) & (coming | self.tcards | bases) != 0;
        }
        let mut b = builders(t);
        while b != 0 {
            let y = b.trailing_zeros() as u8;
            b &= b - 1;
            // In the order of the row: after `last`, or using it.
            let in_order = last == NO_CARD || y > last || y + 1 == last || last == twin;
            if (coming & (1 << y) != 0 && in_order)
                || (self.tcards & (1 << y) != 0 && {
                    if memo[usize::from(y)] == 0 {
                        let yes = self.fruitful_memo(down, last, y, coming, bases, memo);
                        memo[usize::from(y)] = if yes { 1 } else { 2 };
                    }
                    memo[usize::from(y)] == 1
                })
            {
                return true;
            }
        }
        false
    }

    /// Whether this position, in between with `need` (cards brought down
    /// from a foundation to use, the last of them `need.last_down`, and no
    /// other demand), may allow a move: one that uses every card waiting
    /// (when they are all of one rank: a card onto their class from a
    /// foundation, the talon or a pile's whole face-up part when they are
    /// of one class, the covered twin of a lone one going up, or the card
    /// under one in its suit coming down onto the class of the others),
    /// another foundation card in the order of [`State::allows`] with a
    /// place, or a talon card that [`State::fruitful`] lets down. `true`
    /// for any other `need`. When this says no, [`State::gen_moves`] gives
    /// no move (checked in the state tests): a third of the positions after
    /// a foundation card comes down are such dead ends, and the search drops
    /// them without putting them in its table.
    pub fn may_go_on(&self, ctx: &Ctx, need: Need) -> bool {
        let (down, c) = (need.down, need.last_down);
        if need.now != Now::Free || c == NO_CARD || down & (1 << c) == 0 {
            return true;
        }
        let FaceUp { bases, covered, tops, waiting_king } = self.face_up();
        let next = self.next_mask();
        // A top that a card can go onto, or for a king an empty pile.
        let has_place = |x: u8| {
            if rank(x) == 13 {
                self.first_empty().is_some()
            } else {
                tops & parents(x) != 0
            }
        };
        // The foundation tops that may come down.
        let coming = self.coming_down();
        // The moves are looked for in two rounds, each ending as soon as one
        // is found: first those that need nothing of the talon, then those
        // that do (what the talon can reach, and with it which piles may be
        // emptied, costs more to find).
        // Moves that use every card waiting: these are of one rank.
        let class = 1u64 << c | 1 << twin_card(c);
        let same_rank = (0..4).fold(0u64, |m, s| m | 1 << (s * 13 + usize::from(rank(c)) - 1));
        let one_rank = down & !same_rank == 0;
        let one_class = one_rank && down & !class == 0;
        // The bases whose pile's face-up part may move whatever the talon
        // holds: those with cards face down under them (see
        // `movable_bases`).
        let bottoms = ctx.bottom.iter().filter(|&&c| c != NO_CARD).fold(0u64, |m, &c| m | 1 << c);
        if one_rank {
            if down == 1 << c && covered & next & (1 << twin_card(c)) != 0 {
                return true;
            }
            // A foundation card, or a pile's whole face-up part, onto
            // their class.
            if one_class && (coming | bases & !bottoms) & builders(c) != 0 {
                return true;
            }
            // The card under one of them in its suit coming down onto the
            // class of the others (or any place, when it is alone).
            let mut w = down;
            while w != 0 {
                let x = w.trailing_zeros() as u8;
                w &= w - 1;
                let rest = down & !(1 << x);
                if rank(x) >= 2
                    && rest & !parents(x - 1) == 0
                    && self.may_come_down(x - 1)
                    && (rest != 0 || has_place(x - 1))
                {
                    return true;
                }
            }
        }
        // Another foundation card brought down in order, onto a place:
        // after `c`, or using it.
        let mut z = coming;
        while z != 0 {
            let y = z.trailing_zeros() as u8;
            z &= z - 1;
            if (y > c || builders(c) & (1 << y) != 0 || y + 1 == c) && has_place(y) {
                return true;
            }
        }
        // The second round: moves that depend on the talon.
        let (talon_free, reach) = self.reach(ctx);
        if !one_class && !talon_free {
            return false;
        }
        let king_can_come = self.king_can_come(ctx, waiting_king, reach);
        let movable = self.movable_bases(ctx, bases, king_can_come);
        let usable =
            Usable { next, bases: movable, covered, reach, coming: if ctx.f2t { coming } else { 0 }, talon_free };
        let mut memo = [0u8; 52];
        // A talon card that may come down (with a use to follow).
        let mut talon_may_come = |x: u8| has_place(x) && (!talon_free || usable.get(x, &mut memo));
        if one_class {
            // A talon card onto their class, or a pile's whole face-up part
            // that may move only if a king may come to the pile it empties.
            let mut b = builders(c) & reach;
            while b != 0 {
                let y = b.trailing_zeros() as u8;
                b &= b - 1;
                if talon_may_come(y) {
                    return true;
                }
            }
            if movable & builders(c) != 0 {
                return true;
            }
        }
        // A talon card brought down for a use that may follow.
        if talon_free {
            let mut t = self.tcards & (parents_of(coming | self.tcards | bases) | builders(c));
            while t != 0 {
                let x = t.trailing_zeros() as u8;
                t &= t - 1;
                // The cheap question first: whether it has a place.
                if has_place(x) && self.fruitful(down, c, x, coming, bases) && talon_may_come(x) {
                    return true;
                }
            }
        }
        false
    }

    /// The face-up cards by role, as masks (bit = card): see [`FaceUp`].
    /// The face-up tableau cards are every card not face down, in the
    /// talon or on a foundation, and the tops and the bases are kept by the
    /// moves, so nothing is read from the piles (the state tests check all
    /// of this against the piles).
    fn face_up(&self) -> FaceUp {
        let mut f = FaceUp {
            bases: self.base_cards,
            covered: 0,
            tops: self.top_cards,
            waiting_king: self.bases_on_hidden & KINGS != 0,
        };
        let up = ALL_CARDS & !self.foundation_cards() & !self.tcards & !self.hidden_cards;
        f.covered = up & !f.tops;
        f
    }

    /// Whether some set of cards can never move, so that the position is
    /// lost: every card must reach its foundation. The cards looked at are
    /// those that move only as the lowest card of what moves: the cards
    /// face down and the lowest face-up card of each pile, and the waste's
    /// cards when no redeal is left. Of those, the set kept
    /// is the largest whose cards are not kings and each of whose ways out
    /// waits for a card of the set to move first: up to its foundation,
    /// when a card of its suit below it and not up yet lies under it, or is
    /// in the set or under a card of it; onto a card it can be built on,
    /// when each of those lies under it or under a card of the set, or is
    /// on a foundation with no foundation-to-tableau moves. No card of such
    /// a set can be the first of it to move, so none ever moves, and the
    /// position is lost when the set is not empty. Found by dropping, round
    /// after round, the cards with a way out, until none is dropped.
    pub fn deadlocked(&self, ctx: &Ctx) -> bool {
        let gone = if ctx.f2t { 0 } else { self.foundation_cards() };
        let waste = if self.redeals == 0 { self.talon_cards_to(ctx, self.cursor) } else { 0 };
        // A card can lie under another looked at only if it is face down or
        // in the waste, so a card with a parent elsewhere (not gone) has a
        // way out whatever the set; and only a card looked at or under one
        // is held in place, so a card with no card of its suit below it,
        // not up yet, among those can go up once the cards of its suit
        // below it have. Most positions end here, at the cost of a few
        // masks.
        let open = ALL_CARDS & !(self.hidden_cards | waste | gone);
        let stacked = self.hidden_cards | self.base_cards | waste;
        let looked_at = stacked & !KINGS;
        let mut up_may_wait = 0u64;
        for s in 0..4 {
            let suit_cards = (stacked >> (13 * s)) & ((1 << 13) - 1);
            let below = suit_cards & !((1u64 << self.found[s]) - 1);
            if below != 0 {
                // The cards of the suit above its lowest such card.
                let above = ((1u64 << 13) - 1) & !((2u64 << below.trailing_zeros()) - 1);
                up_may_wait |= above << (13 * s);
            }
        }
        let mut set = looked_at & !children_of(open) & up_may_wait;
        if set == 0 {
            return false;
        }
        // The cards under each card looked at, in its stack; only those of
        // the set are ever looked up. A face-up base lies on
        // its pile's face-down cards, a face-down card on those under it at
        // the start, and a waste card on the waste cards that came before
        // it in the talon.
        let mut under = [0u64; 52];
        for i in 0..7 {
            let h = usize::from(self.hidden[i]);
            if usize::from(self.len[i]) > h {
                under[usize::from(self.piles[i][h])] = ctx.pile_start[i][h];
            }
        }
        let mut w = set & (waste | self.hidden_cards);
        while w != 0 {
            let c = w.trailing_zeros() as usize;
            w &= w - 1;
            under[c] = if waste & (1 << c) != 0 {
                self.tcards & ctx.talon_before[usize::from(ctx.talon_index[c])]
            } else {
                ctx.hidden_under[c]
            };
        }
        let cards_of = |mask: u64| {
            let mut m = mask;
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let c = m.trailing_zeros() as u8;
                    m &= m - 1;
                    c
                })
            })
        };
        loop {
            // The cards under a card of the set: they stay where they are
            // while it does.
            let covered = cards_of(set).fold(0u64, |m, c| m | under[usize::from(c)]);
            let held = covered | set;
            let mut kept = set;
            for c in cards_of(set) {
                let s = suit(c);
                let first = (s * 13) as u8 + self.found[s];
                let before = ((1u64 << c) - 1) & !((1u64 << first) - 1);
                let below = under[usize::from(c)];
                let up_waits = before & (below | held) != 0;
                let build_waits = parents(c) & !(below | covered | gone) == 0;
                if !(up_waits && build_waits) {
                    kept &= !(1 << c);
                }
            }
            if kept == set {
                return set != 0;
            }
            set = kept;
        }
    }

    /// The cards on the foundations, as a mask (bit = card).
    #[inline]
    fn foundation_cards(&self) -> u64 {
        (0..4).fold(0u64, |m, s| m | ((1u64 << self.found[s]) - 1) << (13 * s))
    }

    /// The 1-based talon position of the card of starting talon index `t`
    /// (which must still be in the talon): the talon keeps the order it
    /// started in, and removals are its only change, so it is the number
    /// of talon indices still there up to `t`.
    #[inline]
    fn talon_position(&self, t: u8) -> u8 {
        debug_assert!(self.tmask & (1 << t) != 0);
        (self.tmask & ((2u32 << t) - 1)).count_ones() as u8
    }

    /// Whether the talon is free: draw-1 with a pass limit that cannot bind
    /// (every talon card stays within reach).
    #[inline]
    fn talon_free(&self, ctx: &Ctx) -> bool {
        ctx.draw == 1 && self.redeals >= self.tlen
    }

    /// Whether the talon is free (draw-1 with a pass limit that cannot
    /// bind: every talon card stays within reach, so a talon card goes onto
    /// the tableau only to be used at once), and the talon cards a talon
    /// move can take now, as a mask (with a free talon, all of them).
    fn reach(&self, ctx: &Ctx) -> (bool, u64) {
        let talon_free = self.talon_free(ctx);
        let mut reach = 0u64;
        if talon_free || (ctx.draw == 1 && (self.redeals > 0 || self.cursor == 0)) {
            reach = self.tcards;
        } else if ctx.draw == 1 {
            // The waste top and the stock: all but the cards under the top.
            reach = self.tcards & !self.talon_cards_to(ctx, self.cursor - 1);
        } else {
            self.talon_targets(ctx, |q, _| reach |= 1 << self.talon_card(ctx, q));
        }
        (talon_free, reach)
    }

    /// The top card of pile `i` to its foundation, with its priority.
    fn t_f_move(&self, i: usize) -> (i32, SMove) {
        let (h, n) = (usize::from(self.hidden[i]), usize::from(self.len[i]));
        let score = if n - h == 1 && h > 0 {
            900 + h as i32
        } else if n - h == 1 {
            600
        } else {
            700
        };
        (score, SMove::new(T_F, i as u8, 0, 0))
    }

    /// Covered face-up card `x` to its foundation, the build on it moving
    /// first onto pile `j` (whose top is `x`'s twin), with its priority.
    fn uncover_move(&self, x: u8, j: usize) -> Option<(i32, SMove)> {
        (0..7).find_map(|i| {
            let (h, n) = (usize::from(self.hidden[i]), usize::from(self.len[i]));
            let k = self.piles[i][h..n].iter().position(|&c| c == x)?;
            let score = if k == 0 && h > 0 { 850 + h as i32 } else { 550 };
            Some((score, SMove::new(UNCOVER_F, i as u8, j as u8, (n - h - k - 1) as u8)))
        })
    }

    /// The whole face-up part of pile `i` onto pile `j`, with its priority.
    fn build_move(&self, i: usize, j: usize, waiting_king: bool) -> (i32, SMove) {
        let (h, n) = (usize::from(self.hidden[i]), usize::from(self.len[i]));
        let score = if h > 0 {
            800 + 10 * h as i32
        } else if waiting_king {
            400
        } else {
            50
        };
        (score, SMove::new(T_T, i as u8, j as u8, (n - h) as u8))
    }

    /// Whether foundation top `c` may come down: not when the automatic
    /// moves would at once put it back up (the same position).
    fn may_come_down(&self, c: u8) -> bool {
        let mut after = self.found;
        after[suit(c)] -= 1;
        !safe_with(&after, c, true)
    }

    /// Whether a king could go onto a pile emptied by the next move (for
    /// which alone a pile is emptied): a king at the base of a pile with
    /// cards face down under it, a talon card within reach (`reach`, a
    /// mask), or a foundation king that may come down. These are the moves
    /// that [`State::gen_uses`] gives once the pile is empty, but for the
    /// talon kings, which it may leave out (such a move does not change
    /// them: it takes no card from the talon or a foundation, and the pile
    /// of a waiting king keeps it).
    fn king_can_come(&self, ctx: &Ctx, waiting_king: bool, reach: u64) -> bool {
        waiting_king
            || reach & KINGS != 0
            || (ctx.f2t && (0..4).any(|s| self.found[s] == 13 && self.may_come_down((s * 13 + 12) as u8)))
    }

    /// The face-up bases below king (see [`FaceUp`]; `bases` of this
    /// position) whose pile's whole face-up part may move: all of them when
    /// a king could come to an emptied pile, else those with cards face
    /// down under them. (A base with nothing face down under it that is
    /// not a king is the starting bottom card of its pile: a card turned
    /// up later lies on face-down cards, and only a king goes onto an
    /// empty pile.)
    fn movable_bases(&self, ctx: &Ctx, bases: u64, king_can_come: bool) -> u64 {
        if king_can_come {
            return bases;
        }
        bases & !ctx.bottom.iter().filter(|&&c| c != NO_CARD).fold(0u64, |m, &c| m | 1 << c)
    }

    /// Foundation-to-tableau moves of the foundation tops in `onto` (a
    /// mask), each onto `place` of it, but for a card that the automatic
    /// moves would at once put back up (the same position).
    fn foundation_moves(&self, onto: u64, place: impl Fn(u8) -> Option<usize>, out: &mut Vec<(i32, SMove)>) {
        for s in 0..4 {
            let f = self.found[s];
            if f == 0 {
                continue;
            }
            let c = (s * 13) as u8 + f - 1;
            if onto & (1 << c) == 0 {
                continue;
            }
            if !self.may_come_down(c) {
                continue;
            }
            if let Some(j) = place(c) {
                out.push((0, SMove::new(F_T, s as u8, j as u8, 0)));
            }
        }
    }

    /// The priority a talon move of target `q` loses for what it costs to
    /// bring the card to the top of the waste. With `fewest_passes`: the
    /// draws (and the redeal), and for a redeal a large penalty, so that
    /// depth-first search goes through the stock as few times as it can
    /// (lines with fewer passes draw far less). Otherwise the distance from
    /// the cursor and a small penalty (see the penalties).
    fn talon_cost(&self, ctx: &Ctx, q: u8, redeal: bool) -> i32 {
        let d = i32::from(ctx.draw);
        if ctx.fewest_passes {
            let draws = |from: u8, to: u8| per_draw(i32::from(to) - i32::from(from) + d - 1, d);
            if redeal {
                REDEAL_PENALTY_FEWEST_PASSES + draws(self.cursor, self.tlen) + 1 + draws(0, q)
            } else {
                draws(self.cursor, q)
            }
        } else {
            (if redeal { REDEAL_PENALTY } else { 0 }) + per_draw(i32::from(q.abs_diff(self.cursor)), d)
        }
    }

    /// [`State::gen_moves`] for a position in between (`need` is not
    /// [`Need::Any`]): the same moves, in the same order and with the same
    /// priorities, found without the work that the whole move set needs.
    /// Most positions the search expands are of this kind (about four for
    /// each node in draw-1), and each allows few moves: the uses of one card,
    /// or a king onto the empty pile. The state tests check it against the
    /// whole move set filtered by `need`.
    fn gen_uses(&self, ctx: &Ctx, need: Need, out: &mut Vec<(i32, SMove)>) {
        // The cards a move may bring onto a pile, and the one it may put up.
        let start = out.len();
        let face_up = self.face_up();
        // The foundation tops that may come down: asked for only where
        // cards brought down wait (the filter below and `fruitful`).
        let coming = if need.down != 0 { self.coming_down() } else { 0 };
        // The talon cards known to be fruitful (see `allows`).
        let mut known_fruitful = 0;
        match need.now {
            // Only cards brought down from a foundation are due: the moves
            // that may be allowed are made, and filtered below.
            Now::Free => {
                // The moves that may use them all: a card onto their class
                // when they are of one class, the twin of one going up;
                // and the cards that may come down: the foundation tops,
                // and with a free talon the talon cards.
                let c = need.down.trailing_zeros() as u8;
                let class = 1u64 << c | 1 << twin_card(c);
                let onto_class = if need.down & !class == 0 { builders(c) } else { 0 };
                let up = (need.down.count_ones() == 1).then(|| twin_card(c));
                let tops = (0..4)
                    .filter(|&s| self.found[s] > 0)
                    .fold(0u64, |m, s| m | 1 << (s * 13 + usize::from(self.found[s]) - 1));
                // Of the talon cards, only those that `allows` lets down:
                // onto the class of every card waiting (among `onto_class`)
                // or fruitful (the filter below would drop the others).
                let mut talon = 0;
                if self.talon_free(ctx) {
                    let bases = face_up.bases;
                    // Only a card onto which one of these can come may be,
                    // and only one with a place is brought (`gen_uses_of`
                    // drops the others): those are asked about first, as
                    // that is the cheaper question.
                    let placeable = self.placeable(face_up.tops);
                    let mut t = self.tcards & !onto_class & placeable & parents_of(coming | self.tcards | bases);
                    while t != 0 {
                        let c = t.trailing_zeros() as u8;
                        t &= t - 1;
                        if self.fruitful(need.down, need.last_down, c, coming, bases) {
                            talon |= 1 << c;
                        }
                    }
                    known_fruitful = talon;
                    talon |= self.tcards & onto_class;
                }
                self.gen_uses_of(ctx, &face_up, onto_class | tops | talon, up, out);
            }
            Now::King => self.gen_uses_of(ctx, &face_up, KINGS, None, out),
            Now::UseOf { card } => self.gen_uses_of(ctx, &face_up, builders(card), Some(twin_card(card)), out),
        }
        if need.down != 0 {
            let bases = face_up.bases;
            let mut k = start;
            for i in start..out.len() {
                if self.allows(ctx, need, out[i].1, coming, bases, known_fruitful) {
                    out[k] = out[i];
                    k += 1;
                }
            }
            out.truncate(k);
        }
    }

    /// The cards that have a place here: onto a top of `tops` (a mask),
    /// or for a king an empty pile.
    #[inline]
    fn placeable(&self, tops: u64) -> u64 {
        let mut m = if self.first_empty().is_some() { KINGS } else { 0 };
        let mut t = tops;
        while t != 0 {
            m |= builders(t.trailing_zeros() as u8);
            t &= t - 1;
        }
        m
    }

    /// The moves that bring a card of `onto` (a mask) onto a pile, and the
    /// one that puts `up` up (a top, or covered with its twin a top), in
    /// the order and with the priorities of [`State::gen_moves`].
    /// `face_up` is [`State::face_up`] of this position.
    fn gen_uses_of(&self, ctx: &Ctx, face_up: &FaceUp, onto: u64, up: Option<u8>, out: &mut Vec<(i32, SMove)>) {
        let next = self.next_mask();
        let FaceUp { bases, covered, tops: tops_mask, waiting_king } = *face_up;
        let empty = self.first_empty();
        // The first pile whose top takes `c`, or for a king the first empty
        // pile (as in `gen_moves`; here few cards look for a place, so
        // they look along the piles rather than through a table).
        let place = |c: u8| -> Option<usize> {
            if rank(c) == 13 {
                return empty;
            }
            (0..7).find(|&j| {
                let n = usize::from(self.len[j]);
                n > usize::from(self.hidden[j]) && builds_on(c, self.piles[j][n - 1])
            })
        };
        let (talon_free, reach) = self.reach(ctx);
        // The card to go up: a top, or covered with its twin a top.
        if let Some(x) = up.filter(|&x| next & (1 << x) != 0) {
            if tops_mask & (1 << x) != 0 {
                let i = (0..7).find(|&i| self.top(i) == Some(x)).unwrap_or(0);
                out.push(self.t_f_move(i));
            } else if covered & (1 << x) != 0 {
                if let Some(j) = (0..7).find(|&j| self.top(j) == Some(twin_card(x))) {
                    out.extend(self.uncover_move(x, j));
                }
            }
        }
        // A pile's whole face-up part whose base may come (a king at the
        // bottom of its pile stays; a pile is emptied only for a king).
        let king_can_come = self.king_can_come(ctx, waiting_king, reach);
        let mut wanted = bases & onto;
        if wanted != 0 {
            // The piles of those bases, in pile order (few bases are
            // wanted, most often one: looked for by card, not pile by pile).
            let mut piles = 0u8;
            while wanted != 0 {
                let c = wanted.trailing_zeros() as u8;
                wanted &= wanted - 1;
                if let Some(i) =
                    (0..7).find(|&i| self.len[i] > self.hidden[i] && self.piles[i][usize::from(self.hidden[i])] == c)
                {
                    piles |= 1 << i;
                }
            }
            while piles != 0 {
                let i = piles.trailing_zeros() as usize;
                piles &= piles - 1;
                let base = self.piles[i][usize::from(self.hidden[i])];
                if self.hidden[i] == 0 && (rank(base) == 13 || !king_can_come) {
                    continue;
                }
                if let Some(j) = place(base) {
                    out.push(self.build_move(i, j, waiting_king));
                }
            }
        }
        // Talon cards that may come, within reach and with a place.
        let movable = self.movable_bases(ctx, bases, king_can_come);
        let coming = if ctx.f2t { self.coming_down() } else { 0 };
        let usable = Usable { next, bases: movable, covered, reach, coming, talon_free };
        let mut memo = [0u8; 52];
        // Only those with a place are looked for along the piles.
        let mut cands = reach & onto & (children_of(tops_mask) | if empty.is_some() { KINGS } else { 0 });
        while cands != 0 {
            let c = cands.trailing_zeros() as u8;
            cands &= cands - 1;
            let Some(j) = place(c) else { continue };
            let q = self.talon_position(ctx.talon_index[usize::from(c)]);
            let Some(redeal) = self.talon_route(ctx, q) else { continue };
            if !talon_free || usable.get(c, &mut memo) {
                let cost = self.talon_cost(ctx, q, redeal);
                out.push((TALON_T_SCORE - cost, SMove::new(TALON_T, q, j as u8, redeal as u8)));
            }
        }
        if ctx.f2t {
            self.foundation_moves(onto, place, out);
        }
    }

    /// Pushes the moves of the reduced move set (see "The move set" in the
    /// module docs) that `need` allows, each with a priority (higher first):
    /// all of them for [`Need::Any`], else those of [`State::gen_uses`].
    pub fn gen_moves(&self, ctx: &Ctx, need: Need, out: &mut Vec<(i32, SMove)>) {
        if !need.is_any() {
            return self.gen_uses(ctx, need, out);
        }
        let empty = self.first_empty();
        let next = self.next_mask();
        let fits = |c: u8| next & (1 << c) != 0;
        let tops: [Option<u8>; 7] = std::array::from_fn(|j| self.top(j));
        let FaceUp { bases, covered, tops: tops_mask, waiting_king } = self.face_up();
        // The pile a card `c` can go onto: the first whose top takes it, or
        // for a king the first empty pile. Which of two equal places is
        // taken does not change the key.
        let mut accept = [u8::MAX; 26]; // by (rank - 1, colour) of the card placed
        for (j, t) in tops.iter().enumerate().rev() {
            if let Some(t) = t.filter(|&t| rank(t) > 1) {
                accept[usize::from(rank(t) - 2) * 2 + usize::from(!is_red(t))] = j as u8;
            }
        }
        let place = |c: u8| -> Option<usize> {
            if rank(c) == 13 {
                empty
            } else {
                let j = accept[usize::from(rank(c) - 1) * 2 + usize::from(is_red(c))];
                (j != u8::MAX).then_some(usize::from(j))
            }
        };
        let (talon_free, reach) = self.reach(ctx);
        // A pile is emptied only for a king that could go there at once.
        let king_can_come = self.king_can_come(ctx, waiting_king, reach);
        // The cards that have a place: on a top, or for a king an empty pile.
        let kings_placeable = if empty.is_some() { KINGS } else { 0 };
        let placeable = tops.iter().flatten().fold(kings_placeable, |m, &t| m | builders(t));
        let movable = self.movable_bases(ctx, bases, king_can_come);
        let coming = if ctx.f2t { self.coming_down() } else { 0 };
        let usable = Usable { next, bases: movable, covered, reach, coming, talon_free };
        let mut memo = [0u8; 52];

        // Tableau to foundation: the top cards.
        for (i, top) in tops.iter().enumerate() {
            if top.is_some_and(fits) {
                out.push(self.t_f_move(i));
            }
        }
        // A covered card that is next on its foundation, when its twin
        // (same colour and rank) is a top: the build on it moves onto the
        // twin, then the card goes up.
        let mut uncover = next & covered;
        while uncover != 0 {
            let x = uncover.trailing_zeros() as u8;
            uncover &= uncover - 1;
            let Some(j) = tops.iter().position(|&t| t == Some(twin_card(x))) else { continue };
            out.extend(self.uncover_move(x, j));
        }
        // The whole face-up build, onto one place for it (a king that is
        // already at the bottom of its pile stays; a pile is emptied only
        // for a king).
        for i in 0..7 {
            let (h, n) = (usize::from(self.hidden[i]), usize::from(self.len[i]));
            if n == h {
                continue;
            }
            let base = self.piles[i][h];
            if h == 0 && (rank(base) == 13 || !king_can_come) {
                continue;
            }
            if let Some(j) = place(base) {
                out.push(self.build_move(i, j, waiting_king));
            }
        }
        // With `talon_free`, whether the cards above talon card `c` in its
        // suit could follow it up at once: the next ones that are in the
        // talon, then a tableau card that is a top or whose twin is (or the
        // suit ends in the talon).
        let goes_on = |c: u8| -> bool {
            let mut d = c + 1;
            while rank(d) != 1 && reach & (1 << d) != 0 {
                d += 1;
            }
            rank(d) == 1 // past the king: d is the next suit's ace
                || tops_mask & (1 << d) != 0
                || (covered & (1 << d) != 0 && tops_mask & (1 << twin_card(d)) != 0)
                // Its twin could come to the tableau next, for the build on
                // `d` to move onto it.
                || (covered & (1 << d) != 0
                    && (reach & (1 << twin_card(d)) != 0
                        || (ctx.f2t && self.found[suit(twin_card(d))] == rank(d))))
        };
        // Talon moves: only the talon cards within reach that could go up
        // (next on their foundation) or onto a pile (a top of their parent
        // class, or for a king an empty pile).
        let to_pile = placeable;
        let to_foundation = next;
        let mut cands = reach & (to_pile | to_foundation);
        while cands != 0 {
            let c = cands.trailing_zeros() as u8;
            cands &= cands - 1;
            let q = self.talon_position(ctx.talon_index[usize::from(c)]);
            let Some(redeal) = self.talon_route(ctx, q) else { continue };
            let cost = self.talon_cost(ctx, q, redeal);
            if to_foundation & (1 << c) != 0 && (!talon_free || goes_on(c)) {
                out.push((650 - cost, SMove::new(TALON_F, q, 0, redeal as u8)));
            }
            if to_pile & (1 << c) != 0 && (!talon_free || usable.get(c, &mut memo)) {
                if let Some(j) = place(c) {
                    out.push((TALON_T_SCORE - cost, SMove::new(TALON_T, q, j as u8, redeal as u8)));
                }
            }
        }
        // Foundation to tableau.
        if ctx.f2t {
            self.foundation_moves(u64::MAX, place, out);
        }
    }

    /// The canonical key (see [`Key`]).
    pub fn key(&self, ctx: &Ctx) -> Key {
        // Packed in two 64-bit halves (the talon set straddles them), which
        // takes fewer instructions than shifting a 128-bit number. The
        // face-down counts (0 to 7, a byte each) are packed 3 bits apart
        // by halving the lanes' gaps, pairs then fours then all, instead
        // of pile by pile.
        let mut bytes = [0u8; 8];
        bytes[..7].copy_from_slice(&self.hidden);
        let mut lo = u64::from_le_bytes(bytes);
        lo = (lo | lo >> 5) & 0x003F_003F_003F_003F;
        lo = (lo | lo >> 10) & 0x0000_0FFF_0000_0FFF;
        lo = (lo | lo >> 20) & 0x00FF_FFFF;
        // The lowest cards of the piles with no card face down. 4 bits:
        // kings that are such a card, read off the kept masks. 7 bits:
        // piles whose such card is their starting bottom card
        // ([`State::open_bottoms`]): a card other than a king is the lowest
        // of a pile only at its own pile's bottom (only kings go to an
        // empty pile).
        let open = self.base_cards & !self.bases_on_hidden;
        let kings = (open >> 12 & 1) | (open >> 24 & 2) | (open >> 36 & 4) | (open >> 48 & 8);
        let bottoms = u64::from(self.open_bottoms);
        let f = |s: usize| u64::from(self.found[s]);
        let redeal_k = u64::from(self.redeals.min(self.tlen));
        // With a pass limit that cannot bind, draw-1 reaches every talon
        // card from any cursor, and draw-3 reaches from a cursor that is a
        // multiple of 3, or the talon size, what it reaches from 0.
        let cursor_k = if self.redeals >= self.tlen
            && (ctx.draw == 1 || self.cursor.is_multiple_of(3) || self.cursor == self.tlen)
        {
            0
        } else {
            u64::from(self.cursor)
        };
        lo |= bottoms << 21 | kings << 28;
        lo |= f(0) << 32 | f(1) << 36 | f(2) << 40 | f(3) << 44;
        let tmask = u64::from(self.tmask);
        lo |= tmask << KEY_TALON;
        let hi = tmask >> (64 - KEY_TALON) | cursor_k << (KEY_CURSOR - 64) | redeal_k << (KEY_REDEALS - 64);
        Key(u128::from(lo) | u128::from(hi) << 64)
    }

    /// Plays out a trivially won position: puts the lowest top card up until
    /// all are up, passing each pile to `record`.
    pub fn finish(&mut self, mut record: impl FnMut(PileId)) {
        while !self.is_won() {
            let best = PileId::ALL
                .into_iter()
                .filter_map(|p| self.top(p.index()).map(|c| (p, c)))
                .filter(|&(_, c)| self.fits_foundation(c))
                .min_by_key(|&(_, c)| rank(c));
            match best {
                Some((p, _)) => {
                    self.apply_t_f(p.index());
                    record(p);
                }
                None => return,
            }
        }
    }

    /// The engine moves that play solver move `mv` here (draws, redeal and
    /// the waste move for a talon move).
    pub fn engine_moves(&self, ctx: &Ctx, mv: SMove, out: &mut Vec<Move>) {
        match mv.kind {
            TALON_F | TALON_T => {
                let d = ctx.draw;
                let draws = |from: u8, to: u8| (to - from).div_ceil(d);
                let q = mv.a;
                if mv.c != 0 {
                    for _ in 0..draws(self.cursor, self.tlen) {
                        out.push(Move::Draw);
                    }
                    out.push(Move::Redeal);
                    for _ in 0..draws(0, q) {
                        out.push(Move::Draw);
                    }
                } else {
                    for _ in 0..draws(self.cursor, q) {
                        out.push(Move::Draw);
                    }
                }
                if mv.kind == TALON_F {
                    out.push(Move::WasteToFoundation);
                } else {
                    out.extend(engine_pile(mv.b).map(|to| Move::WasteToTableau { to }));
                }
            }
            T_F => out.extend(engine_pile(mv.a).map(|from| Move::TableauToFoundation { from })),
            UNCOVER_F => {
                self.engine_moves(ctx, SMove::new(T_T, mv.a, mv.b, mv.c), out);
                out.extend(engine_pile(mv.a).map(|from| Move::TableauToFoundation { from }));
            }
            T_T => {
                if let (Some(from), Some(to)) = (engine_pile(mv.a), engine_pile(mv.b)) {
                    out.push(Move::TableauToTableau { from, to, count: usize::from(mv.c) });
                }
            }
            _ => out.extend(
                engine_pile(mv.b).map(|to| Move::FoundationToTableau { suit: Suit::ALL[usize::from(mv.a) & 3], to }),
            ),
        }
    }
}

/// The engine's pile for the solver's compact pile index `i` (the boundary
/// between the two representations). The solver's piles are arrays of
/// seven, so its moves only ever name 0..=6; were one to name another, the
/// move is left out, so that the line fails to replay where it is checked
/// rather than playing on a wrong pile.
fn engine_pile(i: u8) -> Option<PileId> {
    PileId::new(usize::from(i))
}

/// Which cards, right after they come to the tableau, could be used at
/// once (see "Moves that must be followed by their use" in the module
/// docs): a card put on them (from a foundation when it may come down, a
/// pile's whole face-up part when it may move, or the talon), or their
/// twin going up after the build on it moves onto them: the moves that
/// [`State::gen_uses`] may give right after, checked in the state tests.
/// With `talon_free` a talon card put on them must in turn be usable (it
/// too is used at once, and its use comes before anything else).
struct Usable {
    /// Masks (bit = card): the cards next on their foundations, the face-up
    /// bases whose pile's face-up part may move ([`State::movable_bases`]),
    /// the covered face-up cards, the talon cards within reach, and the
    /// foundation tops that may come down ([`State::coming_down`], none
    /// without foundation-to-tableau moves).
    next: u64,
    bases: u64,
    covered: u64,
    reach: u64,
    coming: u64,
    talon_free: bool,
}

impl Usable {
    /// Whether `c` is usable; `memo` (0 unknown, 1 yes, 2 no) is kept
    /// between calls for the same position.
    fn get(&self, c: u8, memo: &mut [u8; 52]) -> bool {
        if memo[usize::from(c)] == 0 {
            // The cards that may go onto `c` (one rank lower, other colour).
            let onto = builders(c);
            let mut yes = self.covered & self.next & (1 << twin_card(c)) != 0 || onto & (self.bases | self.coming) != 0;
            let mut t = onto & self.reach;
            while t != 0 && !yes {
                let y = t.trailing_zeros() as u8;
                t &= t - 1;
                yes = !self.talon_free || self.get(y, memo);
            }
            memo[usize::from(c)] = if yes { 1 } else { 2 };
        }
        memo[usize::from(c)] == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::Deal;
    use crate::engine::rules::DrawCount;

    /// Game 1 under `draw` and `passes`, foundation-to-tableau on.
    fn start(draw: DrawCount, passes: PassLimit) -> (State, Ctx) {
        start_of(1, &Rules { draw, passes, foundation_to_tableau: true })
    }

    /// A picker of pseudo-random indices below `n` (a linear congruential
    /// generator from `seed`): the random lines of these tests, the same
    /// every run.
    fn picker(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n.max(1)
        }
    }

    /// The solver's state and context at the deal of PySol game `game`.
    fn start_of(game: u128, rules: &Rules) -> (State, Ctx) {
        let position = Position::new(&Deal::for_number(crate::engine::deal::GameNumber::new(game).unwrap()));
        State::from_position(&position, rules).unwrap()
    }

    /// A random line of up to `steps` moves from the deal of `game` (each
    /// move picked by `next`, the automatic moves made after it), shown to
    /// `visit` position by position with its moves, until no move is left.
    fn walk(
        game: u128,
        rules: &Rules,
        steps: usize,
        next: &mut impl FnMut(usize) -> usize,
        mut visit: impl FnMut(&State, &Ctx, &[(i32, SMove)]),
    ) {
        let (mut st, ctx) = start_of(game, rules);
        st.auto_moves(&ctx, |_| {});
        for _ in 0..steps {
            let mut all = Vec::new();
            st.gen_moves(&ctx, Need::ANY, &mut all);
            if all.is_empty() {
                break;
            }
            visit(&st, &ctx, &all);
            let (_, mv) = all[next(all.len())];
            st.apply(&ctx, mv);
            st.auto_moves(&ctx, |_| {});
        }
    }

    fn with_cursor(st: &State, ctx: &Ctx, p: u8) -> Key {
        let mut s = *st;
        s.cursor = p;
        s.key(ctx)
    }

    #[test]
    fn draw3_cursors_that_reach_the_same_cards_share_a_key() {
        let (st, ctx) = start(DrawCount::Three, PassLimit::Unlimited);
        assert_eq!(st.tlen, 24);
        let zero = with_cursor(&st, &ctx, 0);
        // Multiples of 3 and the talon size reach what cursor 0 reaches.
        for p in [3, 6, 12, 21, 24] {
            assert_eq!(with_cursor(&st, &ctx, p), zero, "cursor {p}");
        }
        // The others reach other cards: keys of their own.
        let keys: std::collections::HashSet<Key> =
            [0, 1, 2, 4, 5, 23].iter().map(|&p| with_cursor(&st, &ctx, p)).collect();
        assert_eq!(keys.len(), 6);
    }

    /// Whether `mv` (a move of `st`) is one that `need` allows, from its
    /// definition: the card it brings onto a pile, or the card it puts up.
    /// Talon cards are allowed down whatever follows (the search's own
    /// check of that is tested on its own).
    fn allowed(st: &State, ctx: &Ctx, need: Need, mv: SMove) -> bool {
        let from_top = |k: u8| st.piles[usize::from(mv.a)][usize::from(st.len[usize::from(mv.a)] - k)];
        let (onto, up) = match mv.kind {
            TALON_T => (Some(st.talon_card(ctx, mv.a)), None),
            F_T => (Some((mv.a * 13) + st.found[usize::from(mv.a)] - 1), None),
            T_T => (Some(from_top(mv.c)), None),
            T_F => (None, st.top(usize::from(mv.a))),
            UNCOVER_F => (None, Some(from_top(mv.c + 1))),
            _ => (None, None),
        };
        // Whether the move uses `c`, a card brought down from a
        // foundation: a card onto it (or its twin), its covered twin going
        // up after the build on it moves onto it, or the card under it in
        // its suit coming down.
        let uses = |c: u8| {
            onto.is_some_and(|d| builds_on(d, c))
                || (mv.kind == UNCOVER_F && up == Some(twin_card(c)))
                || (mv.kind == F_T && onto.is_some_and(|d| suit(d) == suit(c) && rank(d) + 1 == rank(c)))
        };
        let now = match need.now {
            Now::Free => true,
            Now::King => onto.is_some_and(|d| rank(d) == 13),
            Now::UseOf { card } => onto.is_some_and(|d| builds_on(d, card)) || up == Some(twin_card(card)),
        };
        let talon_free = ctx.draw == 1 && st.redeals >= st.tlen;
        let down = (0..52u8).filter(|&c| need.down & (1 << c) != 0).collect::<Vec<_>>();
        let in_order = need.last_down == NO_CARD || onto > Some(need.last_down) || uses(need.last_down);
        now && (down.iter().all(|&c| uses(c)) || (mv.kind == F_T && in_order) || (mv.kind == TALON_T && talon_free))
    }

    /// Whether a position in between (`st`, expanded with `need`) has a
    /// line of moves that `allowed` allows to a node, or longer than
    /// `depth` (a row of talon cards each onto the one before is at most 13
    /// long).
    fn goes_on(st: &State, ctx: &Ctx, need: Need, depth: usize) -> bool {
        if need.is_any() {
            return true;
        }
        if depth == 0 {
            return true;
        }
        let mut any = Vec::new();
        st.gen_moves(ctx, Need::ANY, &mut any);
        any.iter().any(|&(_, m)| {
            allowed(st, ctx, need, m) && {
                let after = st.need_after(ctx, need, m);
                let mut child = *st;
                child.apply(ctx, m);
                goes_on(&child, ctx, after, depth - 1)
            }
        })
    }

    /// The mask of the safe cards next on their foundations agrees with
    /// the safe rule card by card, for every height of the foundations.
    #[test]
    fn the_safe_next_cards_are_the_cards_next_on_their_foundations_that_the_safe_rule_puts_up() {
        let (mut st, _) = start(DrawCount::One, PassLimit::Unlimited);
        let mut some = [0usize; 2];
        for code in 0..14usize.pow(4) {
            st.found = [0, 1, 2, 3].map(|s| (code / 14usize.pow(s) % 14) as u8);
            for f2t in [false, true] {
                let want = (0..52u8)
                    .filter(|&c| st.next_mask() >> c & 1 != 0 && st.is_safe(c, f2t))
                    .fold(0u64, |m, c| m | 1 << c);
                assert_eq!(st.safe_next_mask(f2t), want, "foundations {:?}, f2t {f2t}", st.found);
                some[usize::from(f2t)] += usize::from(want != 0 && want != st.next_mask());
            }
        }
        // Both the safe and the unsafe next cards were met, with either rule.
        assert!(some.iter().all(|&n| n > 1000), "{some:?}");
    }

    /// The masks `face_up` and `talon_position` read instead of the piles
    /// and the talon agree with the piles and the talon, along random lines
    /// of every kind of move under several rules.
    #[test]
    fn the_kept_masks_agree_with_the_piles_and_the_talon() {
        let mut next = picker(99);
        let (mut positions, mut covered_seen) = (0, 0);
        for game in 1..=60u128 {
            for draw in [DrawCount::One, DrawCount::Three] {
                let rules = Rules { draw, passes: PassLimit::Limited(2), foundation_to_tableau: game % 2 == 0 };
                let (mut st, ctx) = start_of(game, &rules);
                for _ in 0..80 {
                    let walked_hidden = (0..7)
                        .fold(0u64, |m, j| st.piles[j][..usize::from(st.hidden[j])].iter().fold(m, |m, &c| m | 1 << c));
                    assert_eq!(st.hidden_cards, walked_hidden, "game {game}");
                    let f = st.face_up();
                    let mut covered = 0u64;
                    for j in 0..7 {
                        let (h, n) = (usize::from(st.hidden[j]), usize::from(st.len[j]));
                        for &c in st.piles[j][h..n.max(h + 1) - 1].iter() {
                            covered |= 1 << c;
                        }
                    }
                    assert_eq!(f.covered, covered, "game {game}");
                    let (mut tops, mut bases, mut waiting_king) = (0u64, 0u64, false);
                    for j in 0..7 {
                        let (h, n) = (usize::from(st.hidden[j]), usize::from(st.len[j]));
                        if n > h {
                            tops |= 1 << st.piles[j][n - 1];
                            bases |= 1 << st.piles[j][h];
                            waiting_king |= h > 0 && rank(st.piles[j][h]) == 13;
                        }
                    }
                    assert_eq!((f.tops, f.bases, f.waiting_king), (tops, bases, waiting_king), "game {game}");
                    let on_hidden = (0..7)
                        .filter(|&j| st.hidden[j] > 0 && st.len[j] > st.hidden[j])
                        .fold(0u64, |m, j| m | 1 << st.piles[j][usize::from(st.hidden[j])]);
                    assert_eq!(st.bases_on_hidden, on_hidden, "game {game}");
                    covered_seen += usize::from(covered != 0);
                    for k in 0..usize::from(st.tlen) {
                        assert_eq!(usize::from(st.talon_position(st.talon[k])), k + 1, "game {game}");
                    }
                    let talon_cards = (1..=st.tlen).fold(0u64, |m, q| m | 1 << st.talon_card(&ctx, q));
                    assert_eq!(st.tcards, talon_cards, "game {game}");
                    positions += 1;
                    let mut all = Vec::new();
                    st.gen_moves(&ctx, Need::ANY, &mut all);
                    if all.is_empty() {
                        break;
                    }
                    st.apply(&ctx, all[next(all.len())].1);
                    if next(3) == 0 {
                        st.auto_moves(&ctx, |_| {});
                    }
                }
            }
        }
        assert!(positions > 1500 && covered_seen > 1000, "{positions} positions, {covered_seen} with covered cards");
    }

    /// The talon cards within reach, as `reach` reads them off masks, are
    /// those [`State::talon_targets`] names, along random lines under
    /// draw-1 and draw-3 and pass limits that run out and that do not.
    #[test]
    fn the_talon_cards_within_reach_are_those_talon_targets_names() {
        let mut next = picker(7);
        let mut short = 0;
        for game in 1..=40u128 {
            for draw in [DrawCount::One, DrawCount::Three] {
                for passes in [PassLimit::Limited(1), PassLimit::Limited(2), PassLimit::Unlimited] {
                    let rules = Rules { draw, passes, foundation_to_tableau: game % 2 == 0 };
                    let (mut st, ctx) = start_of(game, &rules);
                    for _ in 0..80 {
                        let mut want = 0u64;
                        st.talon_targets(&ctx, |q, _| want |= 1 << st.talon_card(&ctx, q));
                        let (_, reach) = st.reach(&ctx);
                        assert_eq!(reach, want, "game {game} {rules:?} cursor {} of {}", st.cursor, st.tlen);
                        short += usize::from(draw == DrawCount::One && reach != st.tcards);
                        let mut all = Vec::new();
                        st.gen_moves(&ctx, Need::ANY, &mut all);
                        if all.is_empty() {
                            break;
                        }
                        st.apply(&ctx, all[next(all.len())].1);
                        st.auto_moves(&ctx, |_| {});
                    }
                }
            }
        }
        assert!(short > 200, "{short} draw-1 positions with talon cards out of reach");
    }

    /// Whether `mv` (a move of `st`) uses `c`, a card just brought to the
    /// tableau, as the module docs define a use: a card put on it, or its
    /// covered twin going up after the build on it moves onto it. (A twin
    /// that is a top goes up as well without it.)
    fn uses_card(st: &State, ctx: &Ctx, mv: SMove, c: u8) -> bool {
        let e = st.effect(ctx, mv);
        e.onto.is_some_and(|d| builds_on(d, c)) || (mv.kind == UNCOVER_F && e.up == Some(twin_card(c)))
    }

    /// The talon move that brings the card at talon position `q` onto a
    /// pile of `st` (a top that takes it, or for a king an empty pile), if
    /// it can come; found from the rules, not from the move set.
    fn talon_down(st: &State, ctx: &Ctx, q: u8) -> Option<SMove> {
        let c = st.talon_card(ctx, q);
        let j = (0..7).find(|&j| match st.top(j) {
            Some(t) => builds_on(c, t),
            None => rank(c) == 13 && st.len[j] == 0,
        })?;
        let redeal = st.talon_route(ctx, q)?;
        Some(SMove::new(TALON_T, q, j as u8, u8::from(redeal)))
    }

    /// Whether `c`, just brought from a free talon onto a pile of `st`, has
    /// a use next: a move of the whole move set other than a talon move
    /// that uses it, or any talon card that can go onto it (whether the
    /// move set would bring it or not) with a use in turn, to `depth` talon
    /// cards (a row of them is at most 13 long).
    fn has_use(st: &State, ctx: &Ctx, c: u8, depth: usize) -> bool {
        if depth == 0 {
            return true;
        }
        let mut all = Vec::new();
        st.gen_moves(ctx, Need::ANY, &mut all);
        if all.iter().any(|&(_, m)| m.kind != TALON_T && uses_card(st, ctx, m, c)) {
            return true;
        }
        (1..=st.tlen).any(|q| {
            let y = st.talon_card(ctx, q);
            builds_on(y, c)
                && talon_down(st, ctx, q).is_some_and(|mv| {
                    let mut after = *st;
                    after.apply(ctx, mv);
                    after.top(usize::from(mv.b)) == Some(y) && has_use(&after, ctx, y, depth - 1)
                })
        })
    }

    /// With draw-1 and no pass limit that can bind, a talon card comes to
    /// the tableau only to be used at once, and the move set leaves out
    /// those that [`Usable`] says nothing could use: each left out, at
    /// nodes and at positions with a foundation card brought down, has no
    /// use after it comes (a foundation card that may come down onto it, a
    /// pile's whole face-up part that may move onto it, its covered twin
    /// going up, or a talon card with a use in turn).
    #[test]
    fn a_talon_card_is_left_out_only_when_nothing_could_use_it() {
        let (mut positions, mut brought, mut left_out) = (0, 0, 0);
        let mut next = picker(777);
        for game in 1..=300u128 {
            let rules =
                Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: game % 3 != 0 };
            walk(game, &rules, 60, &mut next, |st, ctx, all| {
                // This position, and those after a foundation card comes
                // down (their foundations differ).
                let mut here = vec![*st];
                for &(_, m) in all.iter().filter(|(_, m)| m.kind == F_T) {
                    let mut down = *st;
                    down.apply(ctx, m);
                    here.push(down);
                }
                for p in &here {
                    let mut moves = Vec::new();
                    p.gen_moves(ctx, Need::ANY, &mut moves);
                    for q in 1..=p.tlen {
                        let Some(mv) = talon_down(p, ctx, q) else { continue };
                        if moves.iter().any(|&(_, m)| m.kind == TALON_T && m.a == q) {
                            brought += 1;
                            continue;
                        }
                        let c = p.talon_card(ctx, q);
                        let mut after = *p;
                        after.apply(ctx, mv);
                        assert!(!has_use(&after, ctx, c, 13), "game {game}, {rules:?}: {mv:?} ({c}) left out");
                        left_out += 1;
                    }
                    positions += 1;
                }
            });
        }
        let counts = format!("{positions} positions, {brought} talon cards brought down, {left_out} left out");
        eprintln!("{counts}");
        assert!(positions > 5_000 && brought > 5_000 && left_out > 5_000, "{counts}");
    }

    #[test]
    fn the_moves_after_a_card_comes_down_are_its_uses_among_all_moves() {
        let (mut checked, mut uses, mut dropped, mut waiting, mut dead_ends) = (0, 0, 0, 0, 0);
        let mut next = picker(12345);
        // 600 deals, not fewer: a talon card judged by the cards waiting
        // before its own move (not after) drops a move that goes on only
        // from game 226 on.
        for game in 1..=600u128 {
            for (draw, passes) in [
                (DrawCount::One, PassLimit::Unlimited),
                (DrawCount::Three, PassLimit::Unlimited),
                (DrawCount::One, PassLimit::Limited(2)),
                (DrawCount::Three, PassLimit::Limited(2)),
            ] {
                let rules = Rules { draw, passes, foundation_to_tableau: game % 3 != 0 };
                walk(game, &rules, 60, &mut next, |st, ctx, all| {
                    // The positions in between up to three moves from here.
                    let mut between = Vec::new();
                    for &(_, mv) in all {
                        between.push((*st, Need::ANY, mv, 3));
                    }
                    while let Some((from, need0, mv, depth)) = between.pop() {
                        let need = from.need_after(ctx, need0, mv);
                        if need.is_any() {
                            continue;
                        }
                        let mut child = from;
                        child.apply(ctx, mv);
                        // The search makes no automatic moves here.
                        let mut auto = child;
                        auto.auto_moves(ctx, |m| panic!("game {game}, {rules:?}: {m:?} after {mv:?}"));
                        let mut any = Vec::new();
                        child.gen_moves(ctx, Need::ANY, &mut any);
                        // The same moves, in the same order, with the same
                        // priorities (so the search's order is the same
                        // too), but for talon cards that could not go on.
                        let want: Vec<(i32, SMove)> =
                            any.into_iter().filter(|&(_, m)| allowed(&child, ctx, need, m)).collect();
                        let mut got = Vec::new();
                        child.gen_moves(ctx, need, &mut got);
                        let mut g = got.iter().peekable();
                        for w in &want {
                            if g.peek() == Some(&w) {
                                g.next();
                                continue;
                            }
                            // Left out: a talon card brought down whose
                            // position after allows nothing.
                            let after = child.need_after(ctx, need, w.1);
                            let mut grand = child;
                            grand.apply(ctx, w.1);
                            assert!(
                                w.1.kind == TALON_T && !goes_on(&grand, ctx, after, 14),
                                "game {game}, {rules:?}, after {mv:?} ({need:?}): {w:?} left out"
                            );
                            dropped += 1;
                        }
                        assert!(
                            g.next().is_none(),
                            "game {game}, {rules:?}, after {mv:?} ({need:?}): {got:?} not all in {want:?}"
                        );
                        // The search drops the positions that `may_go_on`
                        // calls dead ends: they must allow no move.
                        if !child.may_go_on(ctx, need) {
                            assert!(got.is_empty(), "game {game}, {rules:?}, after {mv:?} ({need:?}): {got:?}");
                            dead_ends += 1;
                        }
                        if depth > 0 {
                            for &(_, m) in &got {
                                between.push((child, need, m, depth - 1));
                            }
                        }
                        uses += got.len();
                        checked += 1;
                        waiting += usize::from(need.down != 0);
                    }
                });
            }
        }
        let counts = format!(
            "{checked} positions ({waiting} with foundation cards to use, {dead_ends} dead ends), {uses} moves, \
             {dropped} left out"
        );
        eprintln!("{counts}");
        assert!(checked > 8_000 && waiting > 1_000 && dead_ends > 100 && uses > 10_000 && dropped > 100, "{counts}");
    }

    /// `coming_down` spells out `may_come_down` for the four foundation
    /// tops at once: the two must agree on every set of foundation heights.
    #[test]
    fn the_foundation_tops_that_may_come_down_are_those_that_would_not_go_straight_back_up() {
        let (mut st, _) = start(DrawCount::One, PassLimit::Unlimited);
        let mut coming = 0;
        for heights in 0..14u32.pow(4) {
            st.found = std::array::from_fn(|s| (heights / 14u32.pow(s as u32) % 14) as u8);
            let want = (0..4).filter(|&s| st.found[s] > 0).fold(0u64, |m, s| {
                let top = (s * 13) as u8 + st.found[s] - 1;
                if st.may_come_down(top) {
                    m | 1 << top
                } else {
                    m
                }
            });
            assert_eq!(st.coming_down(), want, "foundations {:?}", st.found);
            coming += want.count_ones();
        }
        assert!(coming > 10_000, "{coming} foundation tops may come down");
    }

    /// The key packed field by field in one 128-bit number, as its docs
    /// lay it out: [`State::key`] packs the same bits in two halves.
    fn key_by_fields(st: &State, ctx: &Ctx) -> Key {
        let mut k: u128 = 0;
        for i in 0..7 {
            k |= u128::from(st.hidden[i]) << (3 * i);
            if st.hidden[i] == 0 && st.len[i] > 0 {
                let base = st.piles[i][0];
                if rank(base) == 13 {
                    k |= 1 << (28 + suit(base));
                } else if base == ctx.bottom[i] {
                    k |= 1 << (21 + i);
                }
            }
        }
        for s in 0..4 {
            k |= u128::from(st.found[s]) << (32 + 4 * s);
        }
        let free = st.redeals >= st.tlen;
        let cursor =
            if free && (ctx.draw == 1 || st.cursor.is_multiple_of(3) || st.cursor == st.tlen) { 0 } else { st.cursor };
        k |= u128::from(st.tmask) << 48 | u128::from(cursor) << 72 | u128::from(st.redeals.min(st.tlen)) << 77;
        Key(k)
    }

    #[test]
    fn the_key_holds_each_field_in_its_bits() {
        let mut next = picker(4242);
        let mut positions = 0;
        for game in 1..=40u128 {
            for (draw, passes) in [
                (DrawCount::One, PassLimit::Unlimited),
                (DrawCount::Three, PassLimit::Unlimited),
                (DrawCount::Three, PassLimit::Limited(3)),
            ] {
                let rules = Rules { draw, passes, foundation_to_tableau: game % 2 == 0 };
                walk(game, &rules, 80, &mut next, |st, ctx, all| {
                    for &(_, mv) in all {
                        let mut child = *st;
                        child.apply(ctx, mv);
                        assert_eq!(child.key(ctx), key_by_fields(&child, ctx), "game {game}, {rules:?}, {mv:?}");
                        positions += 1;
                    }
                });
            }
        }
        assert!(positions > 10_000, "{positions} positions");
    }

    #[test]
    fn the_tables_of_parents_and_twins_follow_the_rules() {
        for c in 0..52u8 {
            let want = if rank(c) == 13 {
                0
            } else {
                other_colour(suit(c)).iter().fold(0u64, |m, &s| m | 1 << (s * 13 + usize::from(rank(c))))
            };
            assert_eq!(parents(c), want, "card {c}");
            let twin = twin_card(c);
            assert_eq!((rank(twin), suit(twin)), (rank(c), twin_suit(suit(c))), "card {c}");
            assert_eq!(is_red(twin), is_red(c), "card {c}");
        }
    }

    #[test]
    fn children_of_a_mask_are_the_builders_of_its_cards() {
        for c in 0..52u8 {
            assert_eq!(children_of(1 << c), builders(c), "card {c}");
        }
        let all_but_kings = ALL_CARDS & !KINGS;
        assert_eq!(children_of(ALL_CARDS), all_but_kings, "all but the kings");
    }

    #[test]
    fn parents_of_a_mask_are_the_parents_of_its_cards() {
        for c in 0..52u8 {
            assert_eq!(parents_of(1 << c), parents(c), "card {c}");
            assert_eq!(parents(c).count_ones(), if rank(c) == 13 { 0 } else { 2 });
            assert!((0..52u8).all(|p| (parents(c) & 1 << p != 0) == builds_on(c, p)));
        }
        assert_eq!(parents_of(ALL_CARDS), ALL_CARDS & !(1 | 1 << 13 | 1 << 26 | 1 << 39), "all but the aces");
    }

    #[test]
    fn talon_route_agrees_with_talon_targets() {
        for draw in [DrawCount::One, DrawCount::Three] {
            let (st0, ctx) = start(draw, PassLimit::Unlimited);
            for tlen in 0..=24u8 {
                for cursor in 0..=tlen {
                    for redeals in [0, 1, UNLIMITED] {
                        let st = State { tlen, cursor, redeals, ..st0 };
                        let mut targets = [None; 26];
                        st.talon_targets(&ctx, |q, redeal| targets[usize::from(q)] = Some(redeal));
                        for q in 0..=25u8 {
                            let want = targets.get(usize::from(q)).copied().flatten();
                            assert_eq!(
                                st.talon_route(&ctx, q),
                                want,
                                "{draw:?} len {tlen} cursor {cursor} redeals {redeals} q {q}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn cursors_matter_when_the_pass_limit_can_bind() {
        let (st, ctx) = start(DrawCount::Three, PassLimit::Limited(3));
        assert_ne!(with_cursor(&st, &ctx, 3), with_cursor(&st, &ctx, 0));
        let (st, ctx) = start(DrawCount::One, PassLimit::Limited(3));
        assert_ne!(with_cursor(&st, &ctx, 5), with_cursor(&st, &ctx, 0));
        // Draw-1 with no limit reaches every card from any cursor.
        let (st, ctx) = start(DrawCount::One, PassLimit::Unlimited);
        assert_eq!(with_cursor(&st, &ctx, 5), with_cursor(&st, &ctx, 0));
    }

    #[test]
    fn the_position_after_a_card_comes_down_needs_its_use() {
        let (st, ctx) = start(DrawCount::One, PassLimit::Unlimited);
        // A talon card in draw-1 with no pass limit must be used next, but
        // not in draw-3.
        let tt = SMove::new(TALON_T, 1, 0, 0);
        assert!(matches!(st.need_after(&ctx, Need::ANY, tt).now, Now::UseOf { .. }));
        let (st3, ctx3) = start(DrawCount::Three, PassLimit::Unlimited);
        assert_eq!(st3.need_after(&ctx3, Need::ANY, SMove::new(TALON_T, 3, 0, 0)), Need::ANY);
        // Moving the whole of pile 1 (one face-up card, nothing face down)
        // empties it: a king must come next.
        assert_eq!(st.need_after(&ctx, Need::ANY, SMove::new(T_T, 0, 1, 1)).now, Now::King);
        assert_eq!(st.need_after(&ctx, Need::ANY, SMove::new(T_F, 0, 0, 0)), Need::ANY);
        // A card down from a foundation waits for its use, under any rules.
        for (mut up, ctx) in [(st, ctx.clone()), (st3, ctx3)] {
            up.found[0] = 5; // clubs up to the 5
            let five = 4; // the 5 of clubs
            let need = up.need_after(&ctx, Need::ANY, SMove::new(F_T, 0, 0, 0));
            assert_eq!(need, Need { down: 1 << five, last_down: five, now: Now::Free });
            assert!(need.key_at(&up, &ctx).is_none(), "the 5 is still up there");
            let mut down = up;
            down.apply(&ctx, SMove::new(F_T, 0, 0, 0));
            assert!(need.key_at(&down, &ctx).is_some());
            // The 4 of clubs coming down in turn uses the 5 and waits.
            let four = down.need_after(&ctx, need, SMove::new(F_T, 0, 1, 0));
            assert_eq!(four, Need { down: 1 << 3, last_down: 3, now: Now::Free });
        }
    }

    /// The one-card rule, the first check of its kind and the oracle of
    /// [`State::deadlocked`]'s tests: some card, face down or its pile's
    /// lowest face-up card, or in the waste with no redeal left, is not a
    /// king, its foundation needs a card of its suit that lies under it,
    /// and each card it could be built on lies under it too or is on a
    /// foundation with no foundation-to-tableau moves. Walks the piles and
    /// the waste.
    fn blocked_by_walking(st: &State, ctx: &Ctx) -> bool {
        let gone = if ctx.f2t { 0 } else { st.foundation_cards() };
        let stuck = |c: u8, under: u64| {
            let s = suit(c);
            let first = (s * 13) as u8 + st.found[s];
            // The cards of its suit still to go up before it.
            let before = ((1u64 << c) - 1) & !((1u64 << first) - 1);
            before & under != 0 && KINGS & (1 << c) == 0 && parents(c) & !(under | gone) == 0
        };
        let any_stuck = |cards: &mut dyn Iterator<Item = u8>| {
            let mut under = 0u64;
            for c in cards {
                if under != 0 && stuck(c, under) {
                    return true;
                }
                under |= 1 << c;
            }
            false
        };
        let piles = (0..7).any(|i| {
            let n = usize::from(st.len[i]);
            let deepest_to_move = usize::from(st.hidden[i]).min(n.saturating_sub(1));
            any_stuck(&mut st.piles[i][..n.min(deepest_to_move + 1)].iter().copied())
        });
        piles
            || st.redeals == 0
                && any_stuck(&mut st.talon[..usize::from(st.cursor)].iter().map(|&t| ctx.talon0[usize::from(t)]))
    }

    /// Small random positions (see `reference::small_position`) under each
    /// of the twelve rules settings, `seeds` per setting: each that
    /// `called_lost` calls lost is lost by the reference search (within
    /// `cap` positions). Returns (decided, decided where `also` holds).
    fn lost_by_reference(
        seeds: u64,
        cap: usize,
        called_lost: impl Fn(&State, &Ctx) -> bool,
        also: impl Fn(&State, &Ctx) -> bool,
    ) -> (usize, usize) {
        use crate::engine::solver::reference::{reference_verdict, small_position};
        let (mut decided, mut counted) = (0, 0);
        for rules in Rules::variants() {
            for seed in 0..seeds {
                let p = small_position(seed * 7919 + 13, &rules);
                let (st, ctx) = State::from_position(&p, &rules).unwrap();
                if !called_lost(&st, &ctx) {
                    continue;
                }
                let Some(won) = reference_verdict(&p, &rules, cap) else { continue };
                assert!(!won, "[{rules}] seed {seed}: called lost, but the reference search wins\n{p:?}");
                decided += 1;
                counted += usize::from(also(&st, &ctx));
            }
        }
        (decided, counted)
    }

    /// [`lost_by_reference`] of the one-card rule: (decided, decided where
    /// the piles alone are not blocked, so the waste is).
    fn blocked_against_reference(seeds: u64, cap: usize) -> (usize, usize) {
        lost_by_reference(seeds, cap, blocked_by_walking, |st, ctx| {
            !blocked_by_walking(&State { redeals: 1, ..*st }, ctx)
        })
    }

    /// [`lost_by_reference`] of [`State::deadlocked`]: (decided, decided
    /// where the one-card rule does not call it lost: cards that wait on
    /// one another).
    fn deadlocked_against_reference(seeds: u64, cap: usize) -> (usize, usize) {
        lost_by_reference(seeds, cap, |st, ctx| st.deadlocked(ctx), |st, ctx| !blocked_by_walking(st, ctx))
    }

    /// Every position the one-card rule calls lost, [`State::deadlocked`]
    /// does too (the one-card rule is the set of one card), on every
    /// position of random lines from PySol deals under all twelve settings;
    /// and it finds more.
    #[test]
    fn deadlocked_finds_every_blocked_position_and_more() {
        let mut next = picker(43);
        let (mut blocked, mut more) = (0, 0);
        for rules in Rules::variants() {
            for game in 1..=200u128 {
                walk(game, &rules, 120, &mut next, |st, ctx, _| {
                    let b = blocked_by_walking(st, ctx);
                    let d = st.deadlocked(ctx);
                    assert!(!b || d, "game {game}, {rules}: blocked but not deadlocked\n{st:?}");
                    blocked += usize::from(b);
                    more += usize::from(d && !b);
                });
            }
        }
        assert!(blocked >= 5000 && more >= 5000, "{blocked} blocked, {more} more deadlocked");
    }

    #[test]
    fn a_position_called_deadlocked_is_lost_by_the_reference_search() {
        let (decided, beyond) = deadlocked_against_reference(250, 5_000);
        assert!(decided >= 80 && beyond >= 10, "{decided} decided, {beyond} beyond the one-card rule");
    }

    #[test]
    #[ignore = "slow: run with --release -- --ignored"]
    fn a_position_called_deadlocked_is_lost_by_the_reference_search_more() {
        let (decided, beyond) = deadlocked_against_reference(1000, 40_000);
        assert!(decided >= 300 && beyond >= 40, "{decided} decided, {beyond} beyond the one-card rule");
    }

    #[test]
    fn a_position_called_blocked_is_lost_by_the_reference_search() {
        let (decided, by_waste) = blocked_against_reference(250, 5_000);
        assert!(decided >= 60 && by_waste >= 5, "{decided} decided, {by_waste} by the waste");
    }

    #[test]
    #[ignore = "slow: run with --release -- --ignored"]
    fn a_position_called_blocked_is_lost_by_the_reference_search_more() {
        let (decided, by_waste) = blocked_against_reference(1000, 40_000);
        assert!(decided >= 400 && by_waste >= 30, "{decided} decided, {by_waste} by the waste");
    }
}
