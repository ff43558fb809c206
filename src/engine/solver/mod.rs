//! A solver for "thoughtful" Klondike: it sees every card, the face-down
//! ones and the order of the stock included, and answers whether the
//! position can be won under the rules in force, with a winning line when
//! it can.
//!
//! [`solve`] is pure: no I/O, no printing, and no clock except the
//! [`Budget::deadline`] it is given (read once every few thousand nodes).
//!
//! # How it searches
//!
//! Depth-first search over a compact copy of the position, with
//!
//! * talon macro moves ("draw, through a redeal if need be, until card X is
//!   on top of the waste, then play it"), so draws are never search nodes;
//! * safe automatic foundation moves, played without branching;
//! * free regrouping of face-up cards: how the face-up cards are grouped
//!   into builds does not change whether a position can be won, so the key
//!   names each pile only by its face-down part and its base card, and the
//!   moves are those that turn up a card, fill a place, or put a card up
//!   (a build moves between twins only to free a card for its foundation);
//! * a transposition table over that canonical key (the order of the
//!   tableau piles does not matter; equivalent stock/waste splits share one
//!   entry);
//! * move ordering: moves that turn up a face-down card first, and with
//!   draw-1 talon moves that need a redeal after every other useful move
//!   (lines that go through the stock fewer times draw far less);
//! * a transposition table capped at about 29.4 million positions (under
//!   1 GB), past which the answer is `Unknown(GaveUp::StateLimit)`.
//!
//! # Shorter lines
//!
//! Depth-first search finds long lines, and lines that go through the
//! stock many times draw a lot. With [`LineEffort::Short`] (the default of
//! [`solve`]), after a win the search is run again with
//! the redeals limited to 2, then 1 (a line legal with fewer redeals is
//! legal; the first that finds no win ends these), each within 10 000
//! nodes, and the shortest line of all is kept.
//! Each line found is shortened
//! (module `shorten`) by pure post-processing: cutting out stretches that
//! lead back to an equivalent position or that one move can skip, deleting
//! moves, and moving talon moves to where the cursor passes their card.
//! Every candidate is replayed from the start and kept only if it is legal,
//! wins and is shorter, so this can never change a verdict. The effort is
//! bounded (twice the search nodes, at least 20 000 (8 000 with draw-3) and at most 2 million
//! move replays, and the budget's deadline).
//!
//! Every rule and pruning is proved in the docs of the `state` submodule;
//! an [`Verdict::Unwinnable`] answer is the result of an exhaustive search of
//! the reduced move graph, which reaches a win whenever the game can be won.
//! A [`Verdict::Winnable`] line is replayed with the engine
//! ([`Position::play`]) before it is returned.

pub mod reference;
mod search;
mod shorten;
mod state;
mod visited;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::engine::game::Position;
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::Rules;

/// How much work [`solve`] may do before it answers [`Verdict::Unknown`].
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The most search nodes (distinct positions expanded) to visit; 0 allows
    /// none, so only an already won or trivially won position is decided.
    /// Whatever this says, the search stops ("state limit") when its
    /// transposition table holds about 29.4 million positions (and with
    /// `Unknown(GaveUp::Memory)` when its tables would pass
    /// [`MAX_TABLE_BYTES`]), so that its memory stays about 1 GB.
    pub max_states: u64,
    /// A moment after which the search gives up; checked every 4096 nodes,
    /// so it may overrun by a few milliseconds. `None`: no time limit.
    pub deadline: Option<Deadline>,
    /// A flag that, once set (by another thread, or a signal handler), makes
    /// the search give up with `Unknown(GaveUp::Cancelled)`; read when the clock
    /// is. `None`: the search cannot be cancelled.
    pub cancel: Option<&'static AtomicBool>,
    /// The most bytes the search's tables may take (those kept for reuse
    /// between searches on the thread included, see
    /// [`keep_memory_between_searches`]); a search that would need more
    /// answers `Unknown(GaveUp::Memory)`. Why: the caller knows what memory
    /// the process may have and how many searches share it (a batch's
    /// threads under an address-space limit), and a table that grows until
    /// an allocation fails leaves no room for anything else. `None`: no
    /// limit but [`MAX_TABLE_BYTES`] (which also bounds any larger
    /// value) and the memory itself.
    pub max_table_bytes: Option<u64>,
}

/// The most bytes the tables of one search may take in all (1152 MiB,
/// "about 1 GB"), whatever the budget says: a search that would need more
/// answers `Unknown(GaveUp::Memory)`. Why: the cap on positions
/// ([`Budget::max_states`]) counts keys, and with the keys of the easier
/// searches in a table of their own two tables of up to 2^25 slots could
/// each hold about half of them (1.5 GB measured, draw-1 with 3 passes,
/// PySol 62840 at 30 million). This leaves room for the largest table of
/// positions (512 MiB, and the 256 MiB one it grows from) beside the
/// easier searches' tables of a quarter of that.
pub const MAX_TABLE_BYTES: u64 = 1152 << 20;

/// The limit on a search's table bytes under `budget`: its own, never
/// above [`MAX_TABLE_BYTES`].
fn table_cap(budget: &Budget) -> usize {
    let cap = budget.max_table_bytes.map_or(MAX_TABLE_BYTES, |b| b.min(MAX_TABLE_BYTES));
    usize::try_from(cap).unwrap_or(usize::MAX)
}

impl Budget {
    /// A budget of `max_states` nodes, no time limit, no cancelling.
    pub fn states(max_states: u64) -> Budget {
        Budget { max_states, deadline: None, cancel: None, max_table_bytes: None }
    }

    /// A budget of `max_states` nodes that ends at `at` by the caller's `clock`.
    pub fn until(max_states: u64, at: Instant, clock: fn() -> Instant) -> Budget {
        Budget { max_states, deadline: Some(Deadline { at, clock }), cancel: None, max_table_bytes: None }
    }
}

/// A moment after which a search gives up, with the clock to read it by:
/// the caller's, since the engine reads no clock of its own.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// The moment.
    pub at: Instant,
    /// The clock that tells when it has come (`Instant::now`, or a test's).
    pub clock: fn() -> Instant,
}

impl Deadline {
    /// Whether the moment has come by the clock.
    pub fn passed(&self) -> bool {
        (self.clock)() >= self.at
    }
}

impl Default for Budget {
    /// 14 million nodes (about ten seconds and under 1 GB at most on
    /// current machines), no time limit.
    fn default() -> Budget {
        Budget::states(14_000_000)
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position can be won: these engine moves, played one after
    /// another from the position with [`Position::play`], win it. Each draw
    /// and redeal is one move. A won position gives an empty line.
    Winnable(Vec<Move>),
    /// No sequence of legal moves wins: proved by an exhaustive search.
    Unwinnable,
    /// No verdict: the budget ran out first, memory could not be had, or
    /// the position is not one a game can reach ([`GaveUp`] says which).
    Unknown(GaveUp),
}

/// Why [`solve`] gave no verdict. It has two forms:
///
/// - its [`token`](GaveUp::token), a short fixed text (`state limit`,
///   `time limit`, `cancelled`, `memory`, `unsupported position: ...`,
///   `internal error: ...`): the `reason` of a batch result line, in files
///   and JSON (through serde), read back by [`GaveUp::from_token`];
/// - its `Display`, the words for people, free to change.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
#[serde(from = "String", into = "String")]
pub enum GaveUp {
    /// The node budget ([`Budget::max_states`]) ran out, or the tables
    /// reached the cap that keeps memory under 1 GB.
    #[error("state limit")]
    StateLimit,
    /// The budget's deadline passed.
    #[error("time limit")]
    TimeLimit,
    /// The budget's cancel flag was set.
    #[error("cancelled")]
    Cancelled,
    /// An allocation failed (a memory limit).
    #[error("memory")]
    Memory,
    /// The position is not one a game can reach, which the solver's
    /// compact copy cannot hold (what is wrong).
    #[error("unsupported position: {0}")]
    Unsupported(Unsupported),
    /// A winning line was found that the engine does not replay (a solver
    /// bug: the line is never returned).
    #[error("internal error: the line found does not replay")]
    LineDoesNotReplay,
    /// A reason this version does not know, read from a result file (its
    /// token as it was written).
    #[error("{0}")]
    Other(String),
}

/// What makes a position one that no game can reach and that the
/// solver's compact copy cannot hold ([`GaveUp::Unsupported`]). Its
/// `Display` is the words for people, free to change; its
/// [`token`](Unsupported::token) in result files is fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    /// The stock and waste hold more cards than the solver's talon.
    #[error("the stock and waste hold {cards} cards, more than {most}")]
    TalonTooLong {
        /// The cards they hold.
        cards: usize,
        /// The most the solver holds.
        most: usize,
    },
    /// The pile is longer than any game allows (more than 6 cards face
    /// down, or more than 19 in all). A face-down top or face-up cards that
    /// are not a build cannot reach the solver: a [`Position`] has neither.
    #[error("pile {0} is longer than any game allows")]
    PileTooLong(PileId),
}

impl Unsupported {
    /// The end of [`GaveUp::Unsupported`]'s token: part of the result
    /// files' format, so spelled here and never changed, whatever the words
    /// for people (its `Display`) become.
    pub fn token(&self) -> String {
        match self {
            Unsupported::TalonTooLong { cards, most } => {
                format!("the stock and waste hold {cards} cards, more than {most}")
            }
            Unsupported::PileTooLong(id) => format!("pile {} is longer than any game allows", id.number()),
        }
    }

    /// The [`Unsupported`] whose [`token`](Unsupported::token) is `token`;
    /// `None` for any other text.
    pub fn from_token(token: &str) -> Option<Unsupported> {
        if let Some(rest) = token.strip_prefix("the stock and waste hold ") {
            let (cards, most) = rest.split_once(" cards, more than ")?;
            let why = Unsupported::TalonTooLong { cards: cards.parse().ok()?, most: most.parse().ok()? };
            // Only the token written, not another spelling of the numbers.
            return (why.token() == token).then_some(why);
        }
        PileId::ALL.into_iter().map(Unsupported::PileTooLong).find(|why| why.token() == token)
    }
}

/// The token of [`GaveUp::Unsupported`] starts with this, then the why.
const UNSUPPORTED_TOKEN: &str = "unsupported position: ";

impl GaveUp {
    /// The stable token of this reason in result files and JSON; part of
    /// the file formats, so it never changes (whatever the words for
    /// people say). [`GaveUp::from_token`] reads it back.
    pub fn token(&self) -> std::borrow::Cow<'_, str> {
        use std::borrow::Cow;
        match self {
            GaveUp::StateLimit => Cow::Borrowed("state limit"),
            GaveUp::TimeLimit => Cow::Borrowed("time limit"),
            GaveUp::Cancelled => Cow::Borrowed("cancelled"),
            GaveUp::Memory => Cow::Borrowed("memory"),
            GaveUp::Unsupported(why) => Cow::Owned(format!("{UNSUPPORTED_TOKEN}{}", why.token())),
            GaveUp::LineDoesNotReplay => Cow::Borrowed("internal error: the line found does not replay"),
            GaveUp::Other(token) => Cow::Borrowed(token),
        }
    }

    /// The reason whose [`token`](GaveUp::token) is `token`; any other
    /// text is [`GaveUp::Other`].
    pub fn from_token(token: &str) -> GaveUp {
        match token {
            "state limit" => GaveUp::StateLimit,
            "time limit" => GaveUp::TimeLimit,
            "cancelled" => GaveUp::Cancelled,
            "memory" => GaveUp::Memory,
            "internal error: the line found does not replay" => GaveUp::LineDoesNotReplay,
            _ => match token.strip_prefix(UNSUPPORTED_TOKEN) {
                Some(why) => match Unsupported::from_token(why) {
                    Some(why) => GaveUp::Unsupported(why),
                    // Words this version does not know: the token as it was written.
                    None => GaveUp::Other(token.to_string()),
                },
                None => GaveUp::Other(token.to_string()),
            },
        }
    }
}

impl From<GaveUp> for String {
    /// The [`token`](GaveUp::token) (what serde writes).
    fn from(why: GaveUp) -> String {
        why.token().into_owned()
    }
}

impl From<String> for GaveUp {
    /// Reads a [`token`](GaveUp::token) ([`GaveUp::from_token`]; what serde
    /// reads).
    fn from(token: String) -> GaveUp {
        GaveUp::from_token(&token)
    }
}

/// What [`solve`] returns: the verdict and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The answer.
    pub verdict: Verdict,
    /// Search nodes visited (distinct positions, up to the key's
    /// equivalences, that the search expanded), in all: the small searches
    /// under easier rules (draw-1 with no pass limit, asked about positions
    /// under draw-3 or a pass limit), the probes (short searches in other
    /// move orders) and, after a win, the searches for a line with fewer
    /// redeals count too.
    pub states: u64,
    /// An estimate, in bytes, of the largest memory the solver's tables
    /// (transposition table and search stack) took.
    pub peak_memory_bytes: u64,
}

/// How hard [`solve_with`] works on the winning line once the verdict is
/// known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEffort {
    /// The line as the search found it: the verdict comes soonest. (On the
    /// benchmark deals, median lines of 187 engine moves with draw-1 and
    /// 151 with draw-3.)
    Quick,
    /// Shorten the line, and also search again with fewer redeals (each
    /// search within 10 000 nodes) and keep the shortest line: median
    /// lines of 131 and 114 moves on the benchmark deals, for some
    /// milliseconds more.
    Short,
}

/// From now on, searches on the calling thread keep the memory of their
/// tables when they end (up to 256 MB), for the next searches on it to
/// reuse: for batches of deals, where asking the kernel for fresh memory
/// for every deal is a share of the time worth saving. Without it (the default) a search gives its
/// memory back when it ends. Results never depend on it.
pub fn keep_memory_between_searches() {
    visited::keep_spare_slots();
}

/// Solves `position` under `rules` within `budget`, with the shortest lines
/// ([`LineEffort::Short`]); see [`solve_with`].
pub fn solve(position: &Position, rules: &Rules, budget: &Budget) -> Solution {
    solve_with(position, rules, budget, LineEffort::Short)
}

/// Solves `position` under `rules` within `budget`, working on the winning
/// line as `effort` says.
///
/// Never panics. A won position is `Winnable(vec![])`. The verdict is
/// `Unknown` when the budget runs out, and also (with a reason) for a
/// position that no game can reach (for instance a face-up run that is not
/// a build), which the compact representation does not hold.
pub fn solve_with(position: &Position, rules: &Rules, budget: &Budget, effort: LineEffort) -> Solution {
    let _limit = visited::limit_tables(table_cap(budget));
    if position.is_won() {
        return Solution { verdict: Verdict::Winnable(Vec::new()), states: 0, peak_memory_bytes: 0 };
    }
    let (st, ctx) = match state::State::from_position(position, rules) {
        Ok(x) => x,
        Err(why) => {
            return Solution { verdict: Verdict::Unknown(GaveUp::Unsupported(why)), states: 0, peak_memory_bytes: 0 }
        }
    };
    let out = search::dfs(st, &ctx, budget, true);
    let mut states = out.states;
    let verdict = match out.verdict {
        search::Found::Win(path) => {
            // With `Short`, shorten the line (post-processing: only lines
            // that replay and win are kept); then replay it with the
            // engine: a line that does not win is a bug, and never reported
            // as a win.
            let min = if ctx.draw == 1 { SHORTEN_WORK_MIN } else { SHORTEN_WORK_MIN_DRAW3 };
            let work = min.max(out.states.saturating_mul(2)).min(SHORTEN_WORK_MAX);
            let wins = |line: &[Move]| {
                let mut pos = position.clone();
                line.iter().all(|&mv| pos.play(mv, rules).is_ok()) && pos.is_won()
            };
            let line_for = |root: &state::State, path: &[state::SMove]| -> Option<Vec<Move>> {
                if effort == LineEffort::Short {
                    let short = shorten::shorten(root, &ctx, path, work, budget.deadline);
                    if wins(&short) {
                        return Some(short);
                    }
                }
                // The line as the search found it.
                let plain = shorten::plain_line(root, &ctx, path);
                wins(&plain).then_some(plain)
            };
            // A win found with fewer redeals is read from a start with
            // those redeals (the line is the same on the real start); one
            // found with draw-3 is read as draw-3 moves, each draw of three
            // then played as three draws of one (or as many as the stock
            // holds).
            let mut best = match out.win_from {
                Some(search::Harder { draw: 3, .. }) => {
                    draw3_line(position, rules, &st, &ctx, &path).filter(|line| wins(line))
                }
                Some(harder) => {
                    let mut start = st;
                    start.redeals = harder.redeals;
                    line_for(&start, &path)
                }
                None => line_for(&st, &path),
            };
            // Lines through fewer passes draw less: look again for a win
            // with fewer redeals (2, then 1), each within a small budget,
            // and keep the shortest line. (A line legal with fewer redeals
            // is legal.) Fewer redeals only constrain the search more, so
            // after a search that finds no win within its budget the ones
            // with still fewer redeals are not run. (See the constants for
            // what these choices cost and save.)
            let retries = if effort == LineEffort::Short { RETRY_REDEALS } else { 0 };
            for redeals in (RETRY_FEWEST_REDEALS..retries.min(st.redeals.min(st.tlen))).rev() {
                if best.as_ref().is_some_and(|b| b.len() <= RETRY_BELOW) {
                    break;
                }
                let mut root = st;
                root.redeals = redeals;
                let retry =
                    Budget { max_states: RETRY_STATES.min(budget.max_states.saturating_sub(states)), ..*budget };
                let again = search::dfs(root, &ctx, &retry, false);
                states += again.states;
                let search::Found::Win(path) = again.verdict else { break };
                if let Some(line) = line_for(&root, &path) {
                    if best.as_ref().is_none_or(|b| line.len() < b.len()) {
                        best = Some(line);
                    }
                }
            }
            match best {
                Some(line) => Verdict::Winnable(line),
                None => Verdict::Unknown(GaveUp::LineDoesNotReplay),
            }
        }
        search::Found::NoWin => Verdict::Unwinnable,
        search::Found::OutOfBudget(why) => Verdict::Unknown(why),
    };
    Solution { verdict, states, peak_memory_bytes: out.peak_memory_bytes }
}

/// The engine line of `path`, a line that a search with draw-3 found from
/// the root `st` (before its automatic moves) of a draw-1 search under
/// `rules`, with draw-1's moves: the root's automatic moves, then the
/// path's moves as draw-3 plays them, each draw of three as the draws of
/// one that turn the same cards (three, or what the stock holds). `None`
/// if the path does not play under draw-3 (a bug; the caller then reports
/// no win).
pub(crate) fn draw3_line(
    position: &Position,
    rules: &Rules,
    st: &state::State,
    ctx: &state::Ctx,
    path: &[state::SMove],
) -> Option<Vec<Move>> {
    let ctx3 = state::Ctx { draw: 3, fewest_passes: false, ..ctx.clone() };
    let rules3 = Rules { draw: crate::engine::rules::DrawCount::Three, ..*rules };
    let mut root = *st;
    let mut line = Vec::new();
    shorten::automatic_moves(&mut root, ctx, &mut line);
    let mut pos = position.clone();
    for &mv in &line {
        pos.play(mv, rules).ok()?;
    }
    for mv in shorten::plain_line(&root, &ctx3, path) {
        let draws = if mv == Move::Draw { pos.stock_len().min(3) } else { 1 };
        pos.play(mv, &rules3).ok()?;
        line.extend(std::iter::repeat_n(mv, draws));
    }
    Some(line)
}

/// Least and most effort (move applications) spent shortening a line.
const SHORTEN_WORK_MIN: u64 = 20_000;
/// With draw-3 fewer talon orders are possible and lines settle sooner.
const SHORTEN_WORK_MIN_DRAW3: u64 = 8_000;
const SHORTEN_WORK_MAX: u64 = 2_000_000;

/// Searches again with ..., 2, 1 redeals below this many, for a shorter
/// line.
const RETRY_REDEALS: u8 = 3;
/// The fewest redeals searched again with. With none, most draw-1
/// searches find no win and spend their whole budget for nothing, while
/// the lines they would shorten are only a move shorter in the median.
const RETRY_FEWEST_REDEALS: u8 = 1;
/// Node budget of each such search: twice as many buy lines a move or two
/// shorter for about half again the time; half as many lose a dozen moves
/// in draw-3.
const RETRY_STATES: u64 = 10_000;
/// A line this short is not worth looking again for.
const RETRY_BELOW: usize = 100;

/// The solver's own view of the rules, for `tests/engine/rules_agree.rs`, which
/// holds its compact move generator (`state.rs`) to the engine's rules on
/// many positions. Not a stable API.
#[doc(hidden)]
pub mod internals {
    use super::state::{Ctx, Need, State};
    use crate::engine::card::Card;
    use crate::engine::game::Position;
    use crate::engine::moves::Move;
    use crate::engine::rules::{PassLimit, Rules};

    /// One move of the solver, as the engine moves that play it (a talon
    /// move is the draws, maybe a redeal, and the waste move), and the
    /// position the solver's state says it leads to.
    #[derive(Clone, Debug)]
    pub struct Successor {
        /// The engine moves, in order.
        pub moves: Vec<Move>,
        /// The position after them, rebuilt from the solver's state.
        pub position: Position,
    }

    /// The position the solver's `st` stands for. The pass is the one its
    /// redeals left give under a pass limit; with none the solver does not
    /// count passes, so it is `pass` as given.
    fn position_of(st: &State, ctx: &Ctx, rules: &Rules, pass: u32) -> Result<Position, String> {
        let card = |c: u8| Card::from_index(usize::from(c)).ok_or_else(|| format!("no card {c}"));
        let mut piles: [(Vec<Card>, Vec<Card>); 7] = Default::default();
        for (i, pile) in piles.iter_mut().enumerate() {
            let (h, n) = (usize::from(st.hidden[i]), usize::from(st.len[i]));
            pile.0 = st.piles[i][..h].iter().map(|&c| card(c)).collect::<Result<_, _>>()?;
            pile.1 = st.piles[i][h..n].iter().map(|&c| card(c)).collect::<Result<_, _>>()?;
        }
        let talon: Vec<Card> = st.talon[..usize::from(st.tlen)]
            .iter()
            .map(|&t| card(ctx.talon0[usize::from(t)]))
            .collect::<Result<_, _>>()?;
        let (waste, stock) = talon.split_at(usize::from(st.cursor).min(talon.len()));
        let pass = match rules.passes {
            PassLimit::Limited(n) => n.saturating_sub(u32::from(st.redeals)),
            PassLimit::Unlimited => pass,
        };
        Position::from_parts(piles, stock.to_vec(), waste.to_vec(), st.found, pass).map_err(|e| e.to_string())
    }

    /// Every move of the solver's reduced move set from `position` (as the
    /// search expands an ordinary node, before its safe moves), without
    /// the safe foundation moves the search makes after each.
    ///
    /// # Errors
    /// The solver's reason when it cannot hold the position.
    pub fn successors(position: &Position, rules: &Rules) -> Result<Vec<Successor>, String> {
        let (st, ctx) = State::from_position(position, rules).map_err(|why| why.to_string())?;
        let mut generated = Vec::new();
        st.gen_moves(&ctx, Need::ANY, &mut generated);
        let mut out = Vec::new();
        for (_, mv) in generated {
            let mut moves = Vec::new();
            st.engine_moves(&ctx, mv, &mut moves);
            let mut after = st;
            after.apply(&ctx, mv);
            let redeals = moves.iter().filter(|m| **m == Move::Redeal).count() as u32;
            out.push(Successor { position: position_of(&after, &ctx, rules, position.pass() + redeals)?, moves });
        }
        Ok(out)
    }

    /// The safe foundation moves the solver makes at once from `position`
    /// (see "Safe automatic foundation moves" in `state.rs`), and where
    /// they lead (no moves: the position itself).
    ///
    /// # Errors
    /// The solver's reason when it cannot hold the position.
    pub fn safe_moves(position: &Position, rules: &Rules) -> Result<Successor, String> {
        let (mut st, ctx) = State::from_position(position, rules).map_err(|why| why.to_string())?;
        let mut made = Vec::new();
        st.clone().auto_moves(&ctx, |m| made.push(m));
        let mut moves = Vec::new();
        for m in made {
            st.engine_moves(&ctx, m, &mut moves);
            st.apply(&ctx, m);
        }
        let redeals = moves.iter().filter(|m| **m == Move::Redeal).count() as u32;
        Ok(Successor { position: position_of(&st, &ctx, rules, position.pass() + redeals)?, moves })
    }

    /// The cards the solver's talon moves can bring to the top of the waste
    /// from `position`, as bits over [`Card::index`].
    ///
    /// # Errors
    /// The solver's reason when it cannot hold the position.
    pub fn talon_reach(position: &Position, rules: &Rules) -> Result<u64, String> {
        let (st, ctx) = State::from_position(position, rules).map_err(|why| why.to_string())?;
        let mut reach = 0u64;
        st.talon_targets(&ctx, |q, _| reach |= 1 << st.talon_card(&ctx, q));
        Ok(reach)
    }
}

#[cfg(test)]
mod tests {
    use super::{table_cap, Budget, GaveUp, PileId, Unsupported, MAX_TABLE_BYTES};

    #[test]
    fn a_search_may_never_hold_more_table_bytes_than_the_cap() {
        let cap = usize::try_from(MAX_TABLE_BYTES).unwrap();
        assert_eq!(table_cap(&Budget::states(1)), cap);
        let mut budget = Budget::states(1);
        budget.max_table_bytes = Some(1 << 20);
        assert_eq!(table_cap(&budget), 1 << 20);
        budget.max_table_bytes = Some(u64::MAX);
        assert_eq!(table_cap(&budget), cap);
        // The table of positions at the position cap (2^25 slots of 16
        // bytes, beside the 2^24 it grows from) fits, with easier searches'
        // tables of 2^23 slots growing beside it.
        let slots = |n: usize| n * std::mem::size_of::<u128>();
        assert!(slots(1 << 25) + slots(1 << 24) + slots(1 << 23) + slots(1 << 22) <= cap);
        // A second table cannot grow to that size beside it (from 2^24):
        // that is what the cap is for.
        assert!(slots(1 << 25) + slots(1 << 24) + slots(1 << 25) > cap);
    }

    #[test]
    fn reasons_read_back_from_their_tokens() {
        for why in [
            GaveUp::StateLimit,
            GaveUp::TimeLimit,
            GaveUp::Cancelled,
            GaveUp::Memory,
            GaveUp::Unsupported(Unsupported::TalonTooLong { cards: 25, most: 24 }),
            GaveUp::Unsupported(Unsupported::PileTooLong(PileId::ALL[0])),
            GaveUp::Unsupported(Unsupported::PileTooLong(PileId::ALL[6])),
            GaveUp::LineDoesNotReplay,
        ] {
            assert_eq!(GaveUp::from_token(&why.token()), why);
            assert_eq!(GaveUp::from(String::from(why.clone())), why);
        }
        assert_eq!(GaveUp::StateLimit.token(), "state limit");
        let talon = GaveUp::Unsupported(Unsupported::TalonTooLong { cards: 25, most: 24 });
        assert_eq!(talon.token(), "unsupported position: the stock and waste hold 25 cards, more than 24");
        assert_eq!(
            GaveUp::Unsupported(Unsupported::PileTooLong(PileId::ALL[3])).token(),
            "unsupported position: pile 4 is longer than any game allows"
        );
        // The tokens are the format's own, pinned byte for byte, for every pile.
        for id in PileId::ALL {
            let n = id.number();
            let (why, token) = (Unsupported::PileTooLong(id), format!("pile {n} is longer than any game allows"));
            assert_eq!(why.token(), token);
            assert_eq!(Unsupported::from_token(&token), Some(why));
        }
        assert_eq!(Unsupported::from_token("the stock and waste hold 025 cards, more than 24"), None);
        let odd = "unsupported position: the moon is in the waste";
        assert_eq!(GaveUp::from_token(odd), GaveUp::Other(odd.into()));
        assert_eq!(GaveUp::from_token(odd).to_string(), odd);
        assert_eq!(GaveUp::from_token("out of coffee"), GaveUp::Other("out of coffee".into()));
        assert_eq!(GaveUp::Other("out of coffee".into()).token(), "out of coffee");
        let json = serde_json::to_string(&GaveUp::TimeLimit).unwrap();
        assert_eq!(json, "\"time limit\"");
        assert_eq!(serde_json::from_str::<GaveUp>(&json).unwrap(), GaveUp::TimeLimit);
    }
}
