//! Solving deals in bulk, as `klondike solve --games` and `klondike census`
//! do, and the one-deal job they share with `klondike solve`:
//!
//! - [`Plan`]: which deals a batch takes (a range, or a list read with
//!   [`parse_games_list`]), cut to a [`Shard`], less those its output file
//!   already holds; [`Plan::solve`] solves them on the current rayon pool;
//! - [`solve_position`] and [`solve_game`]: one position or deal through the
//!   solver within [`Limits`], to a [`Solved`];
//! - [`SolveRecord`]: the JSON line of one result (`--json`, and each line
//!   of a batch file);
//! - [`Resume`]: a batch file read back, so that an interrupted batch goes
//!   on where it stopped: the games it holds under the batch's rules, and
//!   how the file ends (a torn last line to cut off);
//! - [`ScriptError`]: why a line of a moves file cannot be played (the
//!   files `review` and `solve --moves` replay with
//!   [`replay_moves`](crate::app::review::replay_moves));
//! - [`output::Output`]: the results file a batch writes, opened, locked,
//!   resumed and repaired.
//!
//! The binary names the files, starts the threads and shows the progress. What a result says in text is
//! [`render::solve_report`](crate::app::render::solve_report)'s.
//!
//! ```
//! use klondike::app::batch::{Plan, Shard};
//! use klondike::engine::deal::GameNumber;
//! let game = |n| GameNumber::new(n).unwrap();
//! let shard = Shard::new(2, 3).unwrap();
//! let mut plan = Plan::range(game(1), game(10), shard); // games 2, 5, 8
//! plan.skip(&[game(5)].into_iter().collect());
//! assert_eq!(plan.iter().collect::<Vec<_>>(), vec![game(2), game(8)]);
//! assert_eq!(plan.remaining(), 2);
//! ```

pub mod output;
pub mod under_autoplay;

use std::collections::{HashMap, HashSet};
use std::str::FromStr;
use std::time::{Duration, Instant};

use rayon::iter::Either;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::command::CommandError;
use crate::engine::deal::{Deal, GameNumber};
use crate::engine::game::{HistoryError, Position};
use crate::engine::moves::MoveError;
use crate::engine::rules::{DrawCount, PassLimit, Rules};
use crate::engine::solver::{self, Budget, Deadline, GaveUp, LineEffort, Solution, Verdict};

/// Shard K of N: every N-th game of a batch's list, starting with the K-th
/// (1 <= K <= N), so that N machines split a batch with no coordination.
/// [`Shard::ALL`] (1 of 1) takes every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    k: u128,
    n: u128,
}

impl Default for Shard {
    /// [`Shard::ALL`].
    fn default() -> Shard {
        Shard::ALL
    }
}

impl Shard {
    /// Shard 1 of 1: every game.
    pub const ALL: Shard = Shard { k: 1, n: 1 };

    /// Shard `k` of `n`; `None` unless 1 <= `k` <= `n`.
    pub fn new(k: u128, n: u128) -> Option<Shard> {
        (k >= 1 && k <= n).then_some(Shard { k, n })
    }

    /// K, from 1 to N.
    pub fn k(self) -> u128 {
        self.k
    }

    /// N, from 1.
    pub fn n(self) -> u128 {
        self.n
    }

    /// Whether this shard takes the game at `index` (from 0) of a list.
    pub fn takes(self, index: u128) -> bool {
        index % self.n == self.k - 1
    }

    /// How many of the games `first..=last` this shard takes (those at
    /// K - 1, K - 1 + N, ... from `first`); 0 when `last < first`.
    pub fn count(self, first: GameNumber, last: GameNumber) -> u128 {
        match last.get().checked_sub(first.get()) {
            Some(span) if self.k - 1 <= span => (span - (self.k - 1)) / self.n + 1,
            _ => 0,
        }
    }
}

/// How many characters of an option's value an error quotes back.
const OPTION_QUOTED: usize = 40;

/// A piece of an option's value quoted back in an error: printable, and
/// short.
fn quoted(text: &str) -> String {
    crate::engine::text::readable(text, OPTION_QUOTED)
}

/// Why a text is not a shard ([`Shard`]'s `FromStr`, for `--shard`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a shard: write K/N, shard K of N, with K from 1 to N and N at most 2^128-1, e.g. 2/8", quoted(.0))]
pub struct ShardError(pub String);

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, as `--shard` takes it.
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let err = || ShardError(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(err)?;
        // Digits only, as game numbers are read: no sign, no 0.
        let number = |t: &str| {
            t.parse::<crate::engine::deal::GameNumber>().map(crate::engine::deal::GameNumber::get).map_err(|_| err())
        };
        let (k, n) = (number(k)?, number(n)?);
        Shard::new(k, n).ok_or_else(err)
    }
}

/// The game numbers `first..=last`, both included, `1 <= first <= last`
/// (`--games A..B`, `--only A..B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRange {
    /// The first game.
    pub first: GameNumber,
    /// The last game, at least `first`.
    pub last: GameNumber,
}

/// Why a text is not a [`GameRange`] (each message quotes the text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    /// Not `A..B` with A and B in digits.
    #[error("'{}' is not a range of game numbers: write A..B, e.g. 1..1000, or one game number", quoted(.0))]
    NotARange(String),
    /// A number past the last game.
    #[error("'{}': game numbers go up to 2^128-1 (340282366920938463463374607431768211455)", quoted(.0))]
    TooLarge(String),
    /// Game 0 at either end.
    #[error("'{}': game numbers start at 1, so 0 is not a game", quoted(.0))]
    GameZero(String),
    /// The last game before the first.
    #[error("'{}' runs backwards: the first game comes first, as in {last}..{first}", quoted(text))]
    Backwards {
        /// The range as written.
        text: String,
        /// Its first number.
        first: GameNumber,
        /// Its last number, below the first.
        last: GameNumber,
    },
}

impl GameRange {
    /// The games `first..=last`; `None` when either is 0 (not a game) or
    /// `last < first`.
    pub fn new(first: u128, last: u128) -> Option<GameRange> {
        let (first, last) = (GameNumber::new(first)?, GameNumber::new(last)?);
        (first <= last).then_some(GameRange { first, last })
    }

    /// Whether game `number` is in the range.
    pub fn contains(self, number: GameNumber) -> bool {
        (self.first..=self.last).contains(&number)
    }

    /// How many games the range holds, from 1 to 2^128 - 1 (games are
    /// numbered from 1, so the count always fits).
    #[allow(clippy::len_without_is_empty)] // a range is never empty
    pub fn len(self) -> u128 {
        self.last.get() - self.first.get() + 1
    }

    /// The games of the range, `first` first.
    pub fn games(self) -> impl Iterator<Item = GameNumber> {
        // Every number of the range is from 1: none is left out.
        (self.first.get()..=self.last.get()).filter_map(GameNumber::new)
    }
}

impl FromStr for GameRange {
    type Err = RangeError;

    /// `A..B` (or `A..=B`), both ends in digits only, as every game number
    /// is read (no sign); a game number alone is the range of that game.
    fn from_str(s: &str) -> Result<GameRange, RangeError> {
        let (a, b) = s.split_once("..").unwrap_or((s, s));
        let b = b.strip_prefix('=').unwrap_or(b);
        let number = |t: &str| {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|c| c.is_ascii_digit()) {
                return Err(RangeError::NotARange(s.to_string()));
            }
            // Digits only: the one way to fail is to be too large.
            t.parse::<u128>().map_err(|_| RangeError::TooLarge(s.to_string()))
        };
        let (first, last) = (number(a)?, number(b)?);
        let (Some(first), Some(last)) = (GameNumber::new(first), GameNumber::new(last)) else {
            return Err(RangeError::GameZero(s.to_string()));
        };
        if last < first {
            return Err(RangeError::Backwards { text: s.to_string(), first, last });
        }
        Ok(GameRange { first, last })
    }
}

/// Why a search limit given on the command line is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// `--timeout` is not a number of seconds in range.
    #[error("'{}' is not a number of seconds: give more than 0 and at most 10000000", quoted(.0))]
    Seconds(String),
    /// `--max-states` is not a whole number from 1.
    #[error("'{}' is not a number of states: give a whole number from 1 to 18446744073709551615", quoted(.0))]
    States(String),
}

/// A time limit per deal: more than 0 and at most 10,000,000 seconds
/// (fractions allowed), so that no deadline overflows the clock.
///
/// # Errors
/// [`LimitError::Seconds`] for anything else.
pub fn parse_timeout(s: &str) -> Result<Duration, LimitError> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e7 => Ok(Duration::from_secs_f64(x)),
        _ => Err(LimitError::Seconds(s.to_string())),
    }
}

/// A number of search states per deal, from 1: digits, or a whole number
/// in scientific notation (`8e6`, `2.5E6`), as `--timeout` takes one.
///
/// # Errors
/// [`LimitError::States`] for anything else (a fraction, `1.5`, `1e-3`,
/// included).
pub fn parse_max_states(s: &str) -> Result<u64, LimitError> {
    match s.parse::<u64>().ok().or_else(|| whole_in_scientific(s)) {
        Some(n) if n >= 1 => Ok(n),
        _ => Err(LimitError::States(s.to_string())),
    }
}

/// `s` as a whole number written `M e X` (`M` digits with at most one
/// point, `X` a whole number from 0), worked out exactly; `None` if it is
/// not of that form, not whole, or above `u64::MAX`.
fn whole_in_scientific(s: &str) -> Option<u64> {
    let (mantissa, exponent) = s.split_once(['e', 'E'])?;
    let exponent: u32 = exponent.strip_prefix('+').unwrap_or(exponent).parse().ok()?;
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // The digits name the number times 10^fraction.len(): shift by what is
    // left of the exponent, or drop trailing zeros it cannot cover.
    let places = u32::try_from(fraction.len()).ok()?;
    let (kept, shift) = match exponent.checked_sub(places) {
        Some(shift) => (digits.as_str(), shift),
        None => {
            let cut = usize::try_from(places - exponent).ok()?;
            let (kept, dropped) = digits.split_at(digits.len() - cut);
            if dropped.bytes().any(|b| b != b'0') {
                return None;
            }
            (kept, 0)
        }
    };
    let kept = if kept.is_empty() { "0" } else { kept };
    kept.parse::<u64>().ok()?.checked_mul(10u64.checked_pow(shift)?)
}

/// The games of a batch: a range (never held as a list, so that a range of
/// any size starts at once, its shard taken as it is walked), or a list
/// already cut to its shard.
#[derive(Clone, Debug)]
enum Games {
    Range { first: GameNumber, last: GameNumber, shard: Shard },
    Listed(Vec<GameNumber>),
}

/// Which deals a batch solves: its games, cut to a shard, less those
/// already solved ([`Plan::skip`]).
#[derive(Clone, Debug)]
pub struct Plan {
    games: Games,
    done: HashSet<GameNumber>,
}

impl Plan {
    /// The games of `range` that `shard` takes.
    pub fn of(range: GameRange, shard: Shard) -> Plan {
        Plan::range(range.first, range.last, shard)
    }

    /// The games `first..=last` (both included; none when `last < first`)
    /// that `shard` takes (see [`Plan::of`] for a [`GameRange`]).
    pub fn range(first: GameNumber, last: GameNumber, shard: Shard) -> Plan {
        Plan { games: Games::Range { first, last, shard }, done: HashSet::new() }
    }

    /// The games of a list, each once (where it first appears), in its
    /// order, that `shard` takes, counted along the list without its
    /// repeats.
    pub fn listed(games: impl IntoIterator<Item = GameNumber>, shard: Shard) -> Plan {
        let mut seen = HashSet::new();
        let once = games.into_iter().filter(|&g| seen.insert(g));
        let taken = once.enumerate().filter(|&(i, _)| shard.takes(i as u128)).map(|(_, g)| g).collect();
        Plan { games: Games::Listed(taken), done: HashSet::new() }
    }

    /// Leaves out the games of `done` (those an output file already holds,
    /// [`Resumed::done`]); games in it that are not in the plan change
    /// nothing.
    pub fn skip(&mut self, done: &HashSet<GameNumber>) {
        match &mut self.games {
            Games::Range { .. } => self.done.extend(done.iter().copied()),
            Games::Listed(v) => v.retain(|g| !done.contains(g)),
        }
    }

    /// Whether game `g` is one of a range's that its shard takes (left
    /// out or not).
    fn in_range(first: GameNumber, last: GameNumber, shard: Shard, g: GameNumber) -> bool {
        (first..=last).contains(&g) && shard.takes(g.get() - first.get())
    }

    /// How many games are left to solve.
    pub fn remaining(&self) -> u128 {
        match &self.games {
            Games::Range { first, last, shard } => {
                let in_plan = |g: &&GameNumber| Self::in_range(*first, *last, *shard, **g);
                shard.count(*first, *last) - self.done.iter().filter(in_plan).count() as u128
            }
            Games::Listed(v) => v.len() as u128,
        }
    }

    /// The values `held` keeps for the games left to solve. A range is not
    /// walked for them: it may hold far more games than `held` (a resumed
    /// batch over 1..10^10 would spend minutes before its first game).
    pub fn held<'a, V>(&'a self, held: &'a HashMap<GameNumber, V>) -> impl Iterator<Item = &'a V> + 'a {
        match &self.games {
            Games::Range { first, last, shard } => Either::Left(
                held.iter()
                    .filter(|(g, _)| Self::in_range(*first, *last, *shard, **g) && !self.done.contains(*g))
                    .map(|(_, v)| v),
            ),
            Games::Listed(v) => Either::Right(v.iter().filter_map(|g| held.get(g))),
        }
    }

    /// The games left to solve, in order.
    pub fn iter(&self) -> impl Iterator<Item = GameNumber> + '_ {
        match &self.games {
            Games::Range { first, last, shard } => Either::Left(
                (0..shard.count(*first, *last))
                    .filter_map(|j| Self::nth(*first, *shard, j))
                    .filter(|g| !self.done.contains(g)),
            ),
            Games::Listed(v) => Either::Right(v.iter().copied()),
        }
    }

    /// The games left to solve, split across the threads of the current
    /// rayon pool (in no particular order).
    pub fn par_iter(&self) -> impl ParallelIterator<Item = GameNumber> + '_ {
        match &self.games {
            Games::Range { first, last, shard } => Either::Left(
                (0..shard.count(*first, *last))
                    .into_par_iter()
                    .filter_map(|j| Self::nth(*first, *shard, j))
                    .filter(|g| !self.done.contains(g)),
            ),
            Games::Listed(v) => Either::Right(v.par_iter().copied()),
        }
    }

    /// The `j`-th game (from 0) a shard takes of a range from `first`:
    /// first + (K - 1) + j N, which is within the range for j below
    /// [`Shard::count`] (so never `None` for those).
    fn nth(first: GameNumber, shard: Shard, j: u128) -> Option<GameNumber> {
        first.checked_add((shard.k - 1) + j * shard.n)
    }

    /// Solves every game left under `rules`, each within `limits`, on the
    /// threads of the current rayon pool (install one to choose how many),
    /// and hands each result to `each` as it comes (from any thread, in the
    /// order they finish).
    ///
    /// # Errors
    /// The first error `each` returns: the games not yet started are then
    /// left alone.
    pub fn solve<E, F>(&self, rules: &Rules, limits: &Limits, each: F) -> Result<(), E>
    where
        E: Send,
        F: Fn(Solved) -> Result<(), E> + Sync + Send,
    {
        self.par_iter().try_for_each(|game| {
            // A batch solves deal after deal on each thread.
            crate::engine::solver::keep_memory_between_searches();
            each(solve_game(game, rules, limits))
        })
    }
}

/// How much a search may do on one deal.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most search nodes per deal (see [`Budget::max_states`]).
    pub max_states: u64,
    /// The longest a search may take per deal, counted from its start.
    pub timeout: Duration,
    /// How hard to work on a winning line once one is found.
    pub effort: LineEffort,
    /// The most bytes the tables of each search may take (see
    /// [`Budget::max_table_bytes`]): the front end's share of the memory
    /// for each of its threads. `None`: no limit of its own.
    pub max_table_bytes: Option<u64>,
}

impl Limits {
    /// The budget a result under these limits records.
    pub fn search_budget(&self) -> SearchBudget {
        SearchBudget { max_states: self.max_states, timeout_seconds: self.timeout.as_secs_f64() }
    }

    /// The solver's budget for a search starting now. A timeout too large
    /// for the clock is no time limit.
    fn budget(&self) -> Budget {
        Budget {
            max_states: self.max_states,
            deadline: Instant::now().checked_add(self.timeout).map(|at| Deadline { at, clock: Instant::now }),
            cancel: None,
            max_table_bytes: self.max_table_bytes,
        }
    }
}

/// The budget a result was made with, as its line records it (a `budget`
/// object): what `--retry-unknown` compares, so that a game already
/// retried under a budget at least as large is not retried again when an
/// interrupted retry is run again.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchBudget {
    /// The most search nodes.
    pub max_states: u64,
    /// The time limit, in seconds.
    pub timeout_seconds: f64,
}

impl SearchBudget {
    /// Whether a search under this budget was given at least as much as
    /// one under `other`, in nodes and in time.
    pub fn covers(&self, other: &SearchBudget) -> bool {
        self.max_states >= other.max_states && self.timeout_seconds >= other.timeout_seconds
    }
}

/// One position solved: what the solver found and what it was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The game number of the deal, `None` for a custom deal.
    pub game: Option<GameNumber>,
    /// The rules it was solved under.
    pub rules: Rules,
    /// The verdict and the work it took.
    pub solution: Solution,
    /// Wall-clock seconds the search took, 0 or more.
    pub seconds: f64,
    /// CPU seconds the search took on its thread, 0 or more: what a
    /// benchmark compares on a shared machine, where wall time lies. `None`
    /// where the system does not tell a thread's time.
    pub cpu_seconds: Option<f64>,
    /// The budget it was given (`None` where not known).
    pub budget: Option<SearchBudget>,
}

/// Solves `position` (of game `game`, `None` for a custom deal) under
/// `rules` within `limits`, timing the search.
pub fn solve_position(position: &Position, rules: &Rules, game: Option<GameNumber>, limits: &Limits) -> Solved {
    let started = Instant::now();
    let cpu_started = thread_cpu_seconds();
    let solution = solver::solve_with(position, rules, &limits.budget(), limits.effort);
    let cpu_seconds = thread_cpu_seconds().zip(cpu_started).map(|(end, start)| (end - start).max(0.0));
    let seconds = started.elapsed().as_secs_f64();
    Solved { game, rules: *rules, solution, seconds, cpu_seconds, budget: Some(limits.search_budget()) }
}

/// CPU seconds the calling thread has used so far, where the system tells
/// (`None` elsewhere): what a measurement on a shared machine compares.
#[cfg(target_os = "linux")]
pub fn thread_cpu_seconds() -> Option<f64> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes only to the timespec it is handed.
    let told = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } == 0;
    told.then_some(now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9)
}

/// CPU seconds the calling thread has used so far: not told here.
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// Solves game `number` from its deal under `rules` within `limits`.
pub fn solve_game(number: GameNumber, rules: &Rules, limits: &Limits) -> Solved {
    let deal = Deal::for_number(number);
    solve_position(&Position::new(&deal), rules, Some(number), limits)
}

/// What the solver found on one deal, as JSON: the output of `klondike
/// solve --json`, and each line of a batch file (which
/// [`census`](crate::app::census) counts and [`Resume`] reads back). The fields
/// are written in this order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveRecord {
    /// The game number as a decimal string (JSON numbers lose precision
    /// past 2^53); absent for a custom deal. A line whose game is not a
    /// game number (`"0"`, `"+9"`) does not read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameNumber>,
    /// Cards per draw: the number 1 or 3 in JSON (a line with any other
    /// does not read).
    pub draw: DrawCount,
    /// The pass limit, `null` for unlimited (a line with 0 does not read).
    pub passes: PassLimit,
    /// Whether cards may move from a foundation to the tableau.
    pub foundation_to_tableau: bool,
    /// The verdict.
    pub verdict: BatchVerdict,
    /// Why the solver gave up, for an `unknown` verdict (in the file its
    /// token: `state limit`, `time limit`, `memory`, `cancelled`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<GaveUp>,
    /// The winning line's moves as typed at the prompt (`d`, `w 3`, ...),
    /// empty unless winnable.
    pub moves: Vec<String>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Seconds the search took.
    pub seconds: f64,
    /// CPU seconds the search took on its thread (absent where the system
    /// does not tell, and in files written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<f64>,
    /// The solver's estimate of its largest memory, in bytes.
    pub peak_memory_bytes: u64,
    /// The budget the search was given (absent in files written before it
    /// was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<SearchBudget>,
}

/// Why the fields of a result line name no deal and rules that a batch
/// writes: a census takes or leaves a line by [`result_key`]; resuming a
/// batch, by [`SolveRecord::key`] (a [`SolveRecord`] holds a game number
/// and a pass limit already, so it can only lack the game).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultKeyError {
    /// No game number (a custom deal), or one that is not a number from 1
    /// to 2^128-1 in decimal digits.
    #[error("a result without a game number")]
    NoGameNumber,
    /// A pass limit of 0 (the least is 1; unlimited is `null`).
    #[error("a result with passes 0 (the least is 1)")]
    NoPasses,
}

/// A solver's verdict on one deal, as a batch line gives it: `winnable`,
/// `unwinnable` or `unknown` in JSON. [`SolveRecord`]
/// (`klondike solve --json`, a batch's lines) writes its `verdict` field
/// with this same type, so what the census reads is what the solver wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BatchVerdict {
    /// A winning line was found.
    Winnable,
    /// The search covered every line: no win.
    Unwinnable,
    /// The search gave up (time, states or memory).
    Unknown,
}

/// A result line of a batch file as every reader takes it (a census
/// counting it, a batch resuming after it): the deal, the rules, the
/// verdict, the time and the budget. Other fields are not read, so a line
/// is read the same way wherever it is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResultLine {
    /// The deal's game number.
    pub game: GameNumber,
    /// The rules it was solved under.
    pub rules: Rules,
    /// The verdict.
    pub verdict: BatchVerdict,
    /// Wall-clock seconds the solver took, 0 or more.
    pub seconds: f64,
    /// The budget it was given, where the line says.
    pub budget: Option<SearchBudget>,
}

/// The fields of a result line that [`ResultLine`] reads, as written.
#[derive(Deserialize)]
struct RawLine {
    /// The game number, in decimal (a string: JSON numbers lose precision
    /// past 2^53).
    game: Option<String>,
    draw: DrawCount,
    passes: Option<u32>,
    foundation_to_tableau: bool,
    verdict: BatchVerdict,
    seconds: f64,
    #[serde(default)]
    budget: Option<SearchBudget>,
}

impl FromStr for ResultLine {
    type Err = LineError;

    /// Reads one line (white space around it ignored).
    fn from_str(line: &str) -> Result<ResultLine, LineError> {
        let raw: RawLine = serde_json::from_str(line.trim()).map_err(|e| LineError::NotAResult(e.to_string()))?;
        let (game, rules) = result_key(raw.game.as_deref(), raw.draw, raw.passes, raw.foundation_to_tableau)?;
        Ok(ResultLine { game, rules, verdict: raw.verdict, seconds: raw.seconds.max(0.0), budget: raw.budget })
    }
}

/// Why a line is not a batch result a census can count.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LineError {
    /// Not JSON, or not a result line (a torn last line, another file):
    /// the JSON reader's message, which serde words (with the line and
    /// column), so it stays text.
    #[error("not a batch result line ({0})")]
    NotAResult(String),
    /// A result that names no deal and rules a batch writes (a custom
    /// deal, passes 0, ...; draw 2 does not even read).
    #[error(transparent)]
    BadKey(#[from] ResultKeyError),
}

/// The game number and rules that the fields of a result line name: a
/// game number from 1 to 2^128-1 in decimal digits (as `--game` takes it)
/// and a pass limit from 1 (`None`: unlimited), with the draw count.
///
/// # Errors
/// [`ResultKeyError`] for anything a batch never writes.
pub fn result_key(
    game: Option<&str>,
    draw: DrawCount,
    passes: Option<u32>,
    foundation_to_tableau: bool,
) -> Result<(GameNumber, Rules), ResultKeyError> {
    let game = game.and_then(|g| g.parse::<GameNumber>().ok()).ok_or(ResultKeyError::NoGameNumber)?;
    let passes = match passes {
        None => PassLimit::Unlimited,
        Some(0) => return Err(ResultKeyError::NoPasses),
        Some(n) => PassLimit::Limited(n),
    };
    Ok((game, Rules { draw, passes, foundation_to_tableau }))
}

impl SolveRecord {
    /// The game number and rules of this result, as [`result_key`] gives
    /// them for the same fields.
    ///
    /// # Errors
    /// [`ResultKeyError::NoGameNumber`] for a custom deal (no game).
    pub fn key(&self) -> Result<(GameNumber, Rules), ResultKeyError> {
        let game = self.game.ok_or(ResultKeyError::NoGameNumber)?;
        Ok((game, Rules { draw: self.draw, passes: self.passes, foundation_to_tableau: self.foundation_to_tableau }))
    }
}

impl Solved {
    /// The JSON record of this result.
    pub fn record(&self) -> SolveRecord {
        let (verdict, reason, moves) = match &self.solution.verdict {
            Verdict::Winnable(moves) => (BatchVerdict::Winnable, None, moves.iter().map(ToString::to_string).collect()),
            Verdict::Unwinnable => (BatchVerdict::Unwinnable, None, Vec::new()),
            Verdict::Unknown(why) => (BatchVerdict::Unknown, Some(why.clone()), Vec::new()),
        };
        SolveRecord {
            game: self.game,
            draw: self.rules.draw,
            passes: self.rules.passes,
            foundation_to_tableau: self.rules.foundation_to_tableau,
            verdict,
            reason,
            moves,
            nodes: self.solution.states,
            seconds: self.seconds,
            cpu_seconds: self.cpu_seconds,
            peak_memory_bytes: self.solution.peak_memory_bytes,
            budget: self.budget,
        }
    }
}

/// How a file of results ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// With a newline (or empty): results go on after it.
    Whole,
    /// With a whole line but no newline: one must be written first.
    NoNewline,
    /// With a result cut short (a batch killed while writing it): it is to
    /// be cut off, and that game solved again.
    Torn,
}

/// A batch file read back, line by line ([`Resume::line`]), to resume the
/// batch that wrote it under `rules`: which games it holds under those
/// rules (results under other rules are kept but do not count), and how
/// it ends.
#[derive(Clone, Debug)]
pub struct Resume {
    rules: Rules,
    /// Lines read so far.
    lines: usize,
    /// Result lines, under any rules.
    results: usize,
    done: HashSet<GameNumber>,
    /// The verdict of each game under the batch's rules, a decided one
    /// over `unknown`.
    verdicts: HashMap<GameNumber, BatchVerdict>,
    /// Retrying unknown results under this budget: only decided results,
    /// and unknown ones made under a budget that covers it, count as done
    /// (see [`Resume::retrying_unknown`]).
    retry: Option<SearchBudget>,
    ignored: Vec<usize>,
    /// The first line that does not even start like a result.
    foreign: Option<usize>,
    tail: Tail,
}

/// What [`Resume::finish`] found in a batch file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumed {
    /// The games it holds under the batch's rules.
    pub done: HashSet<GameNumber>,
    /// The verdict of each game of `done`, a decided one over `unknown`.
    pub verdicts: HashMap<GameNumber, BatchVerdict>,
    /// How it ends.
    pub tail: Tail,
    /// The lines (1-based) that are not results and are kept as they are
    /// (a result cut short there is solved again), in order.
    pub ignored: Vec<usize>,
}

/// A file with no result in it, and a line that is not one: some other file
/// (a moves file, a saved game), never to be appended to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line} is not a result")]
pub struct NotResults {
    /// The first line (1-based) that is not a result.
    pub line: usize,
}

/// How every result line starts, as [`SolveRecord`] writes it: a line that
/// starts so but does not read is a result cut short.
const RESULT_START: &str = "{\"game\":";

/// Whether `json` has a result's shape: a game number in a string, a
/// verdict in a string, a draw count (their values are not checked).
fn shaped_as_result(json: &serde_json::Value) -> bool {
    let game = json.get("game").and_then(|g| g.as_str());
    game.is_some_and(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()))
        && json.get("verdict").is_some_and(serde_json::Value::is_string)
        && json.get("draw").is_some()
}

impl Resume {
    /// Nothing read yet, for a batch under `rules`.
    pub fn new(rules: Rules) -> Resume {
        Resume {
            rules,
            lines: 0,
            results: 0,
            done: HashSet::new(),
            verdicts: HashMap::new(),
            retry: None,
            ignored: Vec::new(),
            foreign: None,
            tail: Tail::Whole,
        }
    }

    /// As [`Resume::new`], but a game whose results in the file are all
    /// `unknown` does not count as done, so that the batch solves it again
    /// under `budget` (a larger one, say) and appends the new result; a
    /// count of the file then takes the decided one. An unknown result made
    /// under a budget that covers `budget` counts as done, so that a retry
    /// that was interrupted goes on where it stopped instead of solving
    /// again the games it already retried.
    pub fn retrying_unknown(rules: Rules, budget: SearchBudget) -> Resume {
        Resume { retry: Some(budget), ..Resume::new(rules) }
    }

    /// Reads the next line of the file, with its newline (only a last line
    /// may lack one), as [`std::io::BufRead::read_line`] gives it.
    pub fn line(&mut self, raw: &str) {
        self.lines += 1;
        let number = self.lines;
        let torn = !raw.ends_with('\n');
        let line = raw.trim_end_matches(['\n', '\r']);
        // A byte-order mark at the start (an editor's) is read past, as the
        // census reads it.
        let line = if number == 1 { line.strip_prefix('\u{feff}').unwrap_or(line) } else { line };
        if line.trim().is_empty() {
            return;
        }
        match line.parse::<ResultLine>() {
            Ok(ResultLine { game, rules, verdict, budget, .. }) => {
                if torn {
                    self.tail = Tail::NoNewline;
                }
                self.results += 1;
                let settled = match &self.retry {
                    None => true,
                    Some(now) => verdict != BatchVerdict::Unknown || budget.is_some_and(|b| b.covers(now)),
                };
                if rules == self.rules {
                    let best = self.verdicts.entry(game).or_insert(verdict);
                    if *best == BatchVerdict::Unknown {
                        *best = verdict;
                    }
                    if settled {
                        self.done.insert(game);
                    }
                }
            }
            Err(_) => {
                // A line that starts like a result may be one cut short;
                // a line of JSON is not (no prefix of a result line is
                // JSON): one with a result's shape but a value this build
                // does not take (an older build's, say) is kept as ours,
                // any other is foreign.
                let json = serde_json::from_str::<serde_json::Value>(line).ok();
                let foreign = !line.starts_with(RESULT_START) || json.as_ref().is_some_and(|j| !shaped_as_result(j));
                if foreign && self.foreign.is_none() {
                    self.foreign = Some(number);
                }
                if torn && line.starts_with(RESULT_START) && json.is_none() {
                    self.tail = Tail::Torn;
                } else {
                    // Anything else is kept, the results going on after it
                    // on lines of their own.
                    if torn {
                        self.tail = Tail::NoNewline;
                    }
                    self.ignored.push(number);
                }
            }
        }
    }

    /// What the file holds.
    ///
    /// # Errors
    /// [`NotResults`] for a file with no result and a line that does not
    /// start like one.
    pub fn finish(self) -> Result<Resumed, NotResults> {
        if let (0, Some(line)) = (self.results, self.foreign) {
            return Err(NotResults { line });
        }
        let mut verdicts = self.verdicts;
        verdicts.retain(|game, _| self.done.contains(game));
        Ok(Resumed { done: self.done, verdicts, tail: self.tail, ignored: self.ignored })
    }

    /// Reads a whole file's text at once ([`Resume::line`] for each line,
    /// then [`Resume::finish`]).
    ///
    /// # Errors
    /// As [`Resume::finish`].
    pub fn read(rules: Rules, text: &str) -> Result<Resumed, NotResults> {
        let mut resume = Resume::new(rules);
        for raw in text.split_inclusive('\n') {
            resume.line(raw);
        }
        resume.finish()
    }
}

/// What a batch did, for the line it ends with: the verdicts of the games
/// it was asked for, those it solved now and those its file held already.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the batch was asked for (its range or list, cut to its shard).
    pub planned: u128,
    /// Of those with a result, how many are winnable.
    pub winnable: u64,
    /// ... unwinnable.
    pub unwinnable: u64,
    /// ... unknown.
    pub unknown: u64,
    /// Results solved by this run.
    pub solved_now: u64,
    /// Games whose result the file held already (skipped).
    pub already: u64,
    /// The most memory one search of this run took for its tables, in
    /// bytes: each thread holds one search at a time, so this is the most a
    /// thread needed.
    pub peak_table_bytes: u64,
}

impl Tally {
    /// The tally before any solving: the games of `plan` (before
    /// [`Plan::skip`]) whose result `held` (a file's [`Resumed::verdicts`])
    /// holds already.
    pub fn before(plan: &Plan, held: &HashMap<GameNumber, BatchVerdict>) -> Tally {
        let mut tally = Tally { planned: plan.remaining(), ..Tally::default() };
        for verdict in plan.held(held) {
            tally.count(*verdict);
            tally.already += 1;
        }
        tally
    }

    /// One more result solved now, its search's tables having taken
    /// `table_bytes` at most.
    pub fn solved(&mut self, verdict: BatchVerdict, table_bytes: u64) {
        self.count(verdict);
        self.solved_now += 1;
        self.peak_table_bytes = self.peak_table_bytes.max(table_bytes);
    }

    /// The tallies of two batches together (a census's settings).
    pub fn plus(&self, other: &Tally) -> Tally {
        Tally {
            planned: self.planned + other.planned,
            winnable: self.winnable + other.winnable,
            unwinnable: self.unwinnable + other.unwinnable,
            unknown: self.unknown + other.unknown,
            solved_now: self.solved_now + other.solved_now,
            already: self.already + other.already,
            peak_table_bytes: self.peak_table_bytes.max(other.peak_table_bytes),
        }
    }

    /// Games with a result: already there or solved now.
    pub fn results(&self) -> u64 {
        self.already + self.solved_now
    }

    fn count(&mut self, verdict: BatchVerdict) {
        match verdict {
            BatchVerdict::Winnable => self.winnable += 1,
            BatchVerdict::Unwinnable => self.unwinnable += 1,
            BatchVerdict::Unknown => self.unknown += 1,
        }
    }
}

/// A line of a games file that is not a game number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: '{text}' is not a game number")]
pub struct BadGameLine {
    /// The line, from 1.
    pub line: usize,
    /// What it holds (without comment and white space), as written.
    pub text: String,
}

/// The game numbers of a games file: one per line, `#` starting a comment,
/// blank lines skipped; repeats are kept (see [`Plan::listed`]).
///
/// # Errors
/// The first line that holds something other than a number from 1.
pub fn parse_games_list(text: &str) -> Result<Vec<GameNumber>, BadGameLine> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            continue;
        }
        // The one reading of a game number (digits only, from 1), as
        // `--game` and `new` read it.
        match t.parse::<GameNumber>() {
            Ok(n) => games.push(n),
            Err(_) => return Err(BadGameLine { line: i + 1, text: t.to_string() }),
        }
    }
    Ok(games)
}

/// A line of a moves script that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: '{text}': {why}")]
pub struct ScriptError {
    /// The line, from 1.
    pub line: usize,
    /// Its text, trimmed.
    pub text: String,
    /// Why it cannot be played.
    pub why: ScriptFault,
}

/// Why a line of a moves script cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptFault {
    /// It is no command.
    #[error(transparent)]
    Command(#[from] CommandError),
    /// The rules forbid its move where it comes.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// There is nothing to undo or redo.
    #[error(transparent)]
    History(#[from] HistoryError),
    /// A command that starts another game (`new`, `load`).
    #[error("{ANOTHER_GAME}")]
    AnotherGame,
    /// The game refuses the command where it comes (`auto` with nothing
    /// safe, a move in a won game).
    #[error(transparent)]
    Play(crate::app::play::PlayError),
}

/// Why a moves file's line that starts another game cannot be played.
pub const ANOTHER_GAME: &str = "a moves file plays one game: new and load cannot appear in it";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_and_ranges_parse_as_written_or_not_at_all() {
        let shard = "5/1000000000000000000000".parse::<Shard>();
        assert_eq!(shard, Ok(Shard::new(5, 1_000_000_000_000_000_000_000).unwrap()));
        assert!(["4/3", "0/3", "1/0", "1", "a/2", "+1/2", "1/+2"].iter().all(|s| s.parse::<Shard>().is_err()));
        // What is quoted back is printable (one rule for all input).
        let err = "1\u{2028}/2".parse::<Shard>().unwrap_err().to_string();
        assert!(err.starts_with("'1<line separator>/2' is not a shard"), "{err}");
        assert_eq!("3..=7".parse(), Ok(GameRange::new(3, 7).unwrap()));
        assert_eq!(" 3 .. 3".parse(), Ok(GameRange::new(3, 3).unwrap()));
        assert!(matches!("0..7".parse::<GameRange>(), Err(RangeError::GameZero(_))));
        assert!(matches!("7..0".parse::<GameRange>(), Err(RangeError::GameZero(_))));
        let backwards = "7..3".parse::<GameRange>();
        assert!(
            matches!(backwards, Err(RangeError::Backwards { first, last, .. }) if (first.get(), last.get()) == (7, 3))
        );
        // Each message says only what is wrong.
        let message = |t: &str| t.parse::<GameRange>().unwrap_err().to_string();
        assert_eq!(message("20..1"), "'20..1' runs backwards: the first game comes first, as in 1..20");
        assert_eq!(message("0..5"), "'0..5': game numbers start at 1, so 0 is not a game");
        assert!(matches!("+1..5".parse::<GameRange>(), Err(RangeError::NotARange(_))));
        assert!(matches!("1..".parse::<GameRange>(), Err(RangeError::NotARange(_))));
        // A game number alone is the range of that game.
        let seven = "7".parse::<GameRange>().unwrap();
        assert_eq!((seven.first.get(), seven.last.get()), (7, 7));
        assert!(matches!("x".parse::<GameRange>(), Err(RangeError::NotARange(_))));
        assert!(matches!("0".parse::<GameRange>(), Err(RangeError::GameZero(_))));
        let huge = format!("1..{}0", u128::MAX);
        assert!(matches!(huge.parse::<GameRange>(), Err(RangeError::TooLarge(_))));
    }

    #[test]
    fn limits_are_positive_and_bounded() {
        assert_eq!(parse_timeout("0.5"), Ok(Duration::from_millis(500)));
        assert!(["0", "-1", "1e8", "nan", "inf", "x"].iter().all(|s| parse_timeout(s).is_err()));
        assert_eq!(parse_max_states("1"), Ok(1));
        for (text, n) in [("1e6", 1_000_000), ("8E6", 8_000_000), ("2.5e6", 2_500_000), ("1.50e1", 15), ("3e+2", 300)] {
            assert_eq!(parse_max_states(text), Ok(n), "{text}");
        }
        assert_eq!(parse_max_states("1.8446744073709551615e19"), Ok(u64::MAX));
        for bad in
            ["0", "-5", "1.5", "", "1e-3", "1.55e1", "0e5", "2e19", "e6", "1e", "1.e", ".e2", "1x6", "1e6.0", "-1e6"]
        {
            assert!(parse_max_states(bad).is_err(), "{bad}");
        }
    }
    use crate::engine::moves::Move;

    fn shard(k: u128, n: u128) -> Shard {
        Shard::new(k, n).unwrap()
    }

    /// Game `n` (from 1).
    fn game(n: u128) -> GameNumber {
        GameNumber::new(n).unwrap()
    }

    /// The games numbered `numbers`, in their order.
    fn games(numbers: impl IntoIterator<Item = u128>) -> Vec<GameNumber> {
        numbers.into_iter().map(game).collect()
    }

    /// The set of the games numbered `numbers`.
    fn set(numbers: impl IntoIterator<Item = u128>) -> HashSet<GameNumber> {
        numbers.into_iter().map(game).collect()
    }

    /// The plan of the games `first..=last` that `shard` takes.
    fn range(first: u128, last: u128, shard: Shard) -> Plan {
        Plan::range(game(first), game(last), shard)
    }

    #[test]
    fn shards_count_and_take_every_nth_game() {
        assert_eq!(Shard::ALL.count(game(1), game(10)), 10);
        assert_eq!(shard(3, 4).count(game(1), game(10)), 2); // games 3 and 7
        assert_eq!(shard(3, 4).count(game(1), game(2)), 0);
        assert_eq!(shard(1, 2).count(game(1), game(u128::MAX)), u128::MAX / 2 + 1);
        assert_eq!(Shard::ALL.count(game(5), game(4)), 0);
        assert!(shard(3, 4).takes(6) && !shard(3, 4).takes(5));
        assert!(Shard::new(4, 3).is_none() && Shard::new(0, 3).is_none() && Shard::new(1, 0).is_none());
    }

    #[test]
    fn the_shards_of_a_range_split_it_with_no_overlap() {
        let all: Vec<GameNumber> = range(5, 17, Shard::ALL).iter().collect();
        assert_eq!(all, games(5..=17));
        let parts: Vec<Vec<GameNumber>> = (1..=3).map(|k| range(5, 17, shard(k, 3)).iter().collect()).collect();
        assert_eq!(parts[0], games([5, 8, 11, 14, 17]));
        assert_eq!(parts[1], games([6, 9, 12, 15]));
        assert_eq!(parts[2], games([7, 10, 13, 16]));
        let mut merged: Vec<GameNumber> = parts.concat();
        merged.sort_unstable();
        assert_eq!(merged, all);
        // In parallel, the same games.
        let mut par: Vec<GameNumber> = range(5, 17, shard(2, 3)).par_iter().collect();
        par.sort_unstable();
        assert_eq!(par, parts[1]);
    }

    #[test]
    fn a_range_holds_its_games_from_the_first_to_the_last() {
        let r = GameRange::new(3, 6).unwrap();
        assert_eq!(r.games().collect::<Vec<_>>(), games(3..=6));
        assert!(r.contains(game(3)) && r.contains(game(6)) && !r.contains(game(2)) && !r.contains(game(7)));
        let top = GameRange::new(u128::MAX, u128::MAX).unwrap();
        assert_eq!(top.games().collect::<Vec<_>>(), games([u128::MAX]));
        // A plan of the range walks the same games.
        assert_eq!(Plan::of(r, Shard::ALL).iter().collect::<Vec<_>>(), r.games().collect::<Vec<_>>());
    }

    #[test]
    fn a_huge_range_is_walked_not_listed() {
        let plan = range(1, u128::MAX, shard(1, 1 << 100));
        assert_eq!(plan.remaining(), u128::MAX / (1 << 100) + 1);
        assert_eq!(plan.iter().take(2).collect::<Vec<_>>(), games([1, 1 + (1 << 100)]));
        // The last game of all is walked to, never past.
        let last = range(u128::MAX - 4, u128::MAX, shard(2, 2));
        assert_eq!(last.iter().collect::<Vec<_>>(), games([u128::MAX - 3, u128::MAX - 1]));
        let end = range(u128::MAX - 1, u128::MAX, Shard::ALL);
        assert_eq!(end.iter().collect::<Vec<_>>(), games([u128::MAX - 1, u128::MAX]));
        assert_eq!(end.remaining(), 2);
        // Backwards: no game.
        assert_eq!((range(5, 4, Shard::ALL).iter().count(), range(5, 4, Shard::ALL).remaining()), (0, 0));
    }

    #[test]
    fn the_tally_before_a_resumed_batch_counts_the_results_held_for_its_games_only() {
        let held: HashMap<GameNumber, BatchVerdict> = [
            (3, BatchVerdict::Winnable),
            (4, BatchVerdict::Winnable),
            (5, BatchVerdict::Unwinnable),
            (9, BatchVerdict::Unknown),
            (12, BatchVerdict::Winnable),
            (u128::MAX, BatchVerdict::Unwinnable),
        ]
        .into_iter()
        .map(|(g, v)| (game(g), v))
        .collect();
        let counts = |t: &Tally| (t.winnable, t.unwinnable, t.unknown, t.already, t.planned);
        // Games 1 3 5 7 9 of 1..10: 4, 12 and the last game of all are not
        // in it.
        assert_eq!(counts(&Tally::before(&range(1, 10, shard(1, 2)), &held)), (1, 1, 1, 3, 5));
        // A range of every game: the results held are looked for, the
        // range is not walked (it would take forever).
        let all = range(1, u128::MAX, Shard::ALL);
        assert_eq!(counts(&Tally::before(&all, &held)), (3, 2, 1, 6, u128::MAX));
        let listed = Plan::listed(games([12, 5, 7, 12]), Shard::ALL);
        assert_eq!(counts(&Tally::before(&listed, &held)), (1, 1, 0, 2, 3));
    }

    #[test]
    fn resuming_skips_the_games_done_in_the_shard_only() {
        // Games 1 3 5 7 9; 2 and 12 are not in the plan: they change nothing.
        let mut plan = range(1, 10, shard(1, 2));
        plan.skip(&set([3, 9, 2, 12]));
        assert_eq!(plan.iter().collect::<Vec<_>>(), games([1, 5, 7]));
        assert_eq!(plan.remaining(), 3);
        let mut listed = Plan::listed(games([4, 8, 4, 6, 8, 2]), Shard::ALL);
        assert_eq!(listed.iter().collect::<Vec<_>>(), games([4, 8, 6, 2]));
        listed.skip(&set([8, 3]));
        assert_eq!((listed.iter().collect::<Vec<_>>(), listed.remaining()), (games([4, 6, 2]), 3));
    }

    #[test]
    fn a_list_is_cut_to_its_shard_after_its_repeats_go() {
        // Without the repeat of 4, 8 is the second game and 6 the third.
        let plan = Plan::listed(games([4, 4, 8, 6, 2]), shard(2, 2));
        assert_eq!(plan.iter().collect::<Vec<_>>(), games([8, 2]));
    }

    #[test]
    fn games_lists_read_numbers_and_comments_and_refuse_the_rest() {
        assert_eq!(parse_games_list("# header\n3\n\n 7 # lucky\n3\n"), Ok(games([3, 7, 3])));
        assert_eq!(parse_games_list("1\n0\n"), Err(BadGameLine { line: 2, text: "0".into() }));
        assert_eq!(parse_games_list("1\nten # x\n"), Err(BadGameLine { line: 2, text: "ten".into() }));
        // A sign is not a digit: the same reading as --game and new.
        assert_eq!(parse_games_list("1\n+5\n"), Err(BadGameLine { line: 2, text: "+5".into() }));
    }

    fn solved(verdict: Verdict, rules: Rules) -> Solved {
        Solved {
            game: Some(game(9)),
            rules,
            solution: Solution { verdict, states: 3, peak_memory_bytes: 7 },
            seconds: 0.5,
            cpu_seconds: None,
            budget: None,
        }
    }

    #[test]
    fn a_result_line_reads_the_same_for_a_resuming_batch_as_for_a_census() {
        // The fields a census counts by, and no more: a resuming batch takes
        // the game as done just as a census counts it.
        let line =
            r#"{"game":"7","draw":1,"passes":null,"foundation_to_tableau":false,"verdict":"unwinnable","seconds":-1}"#;
        let read: ResultLine = line.parse().unwrap();
        assert_eq!(
            read,
            ResultLine {
                game: game(7),
                rules: Rules::default(),
                verdict: BatchVerdict::Unwinnable,
                seconds: 0.0,
                budget: None
            }
        );
        let resumed = Resume::read(Rules::default(), &format!("{line}\n")).unwrap();
        assert!(resumed.done.contains(&game(7)));
        let custom = r#"{"draw":1,"passes":null,"foundation_to_tableau":false,"verdict":"winnable","seconds":1}"#;
        assert_eq!(custom.parse::<ResultLine>(), Err(LineError::BadKey(ResultKeyError::NoGameNumber)));
    }

    #[test]
    fn a_result_line_carries_the_searchs_cpu_time_where_the_system_tells_it() {
        let with = Solved { cpu_seconds: Some(0.25), ..solved(Verdict::Unwinnable, Rules::default()) }.record();
        let text = serde_json::to_string(&with).unwrap();
        assert!(text.ends_with(r#""seconds":0.5,"cpu_seconds":0.25,"peak_memory_bytes":7}"#), "{text}");
        assert_eq!(serde_json::from_str::<SolveRecord>(&text).unwrap(), with);
        let limits = Limits {
            max_states: 1_000,
            timeout: Duration::from_secs(600),
            effort: LineEffort::Quick,
            max_table_bytes: None,
        };
        let real = solve_game(game(1), &Rules::default(), &limits);
        if cfg!(target_os = "linux") {
            assert!(real.cpu_seconds.is_some_and(|cpu| cpu >= 0.0), "{:?}", real.cpu_seconds);
        } else {
            assert_eq!(real.cpu_seconds, None);
        }
    }

    #[test]
    fn result_lines_spell_the_verdict_and_reason_as_before() {
        let line = |verdict| serde_json::to_string(&solved(verdict, Rules::default()).record()).unwrap();
        let head = r#"{"game":"9","draw":1,"passes":null,"foundation_to_tableau":false,"#;
        let tail = r#""nodes":3,"seconds":0.5,"peak_memory_bytes":7}"#;
        assert_eq!(
            line(Verdict::Winnable(vec![Move::Draw])),
            format!(r#"{head}"verdict":"winnable","moves":["d"],{tail}"#)
        );
        assert_eq!(line(Verdict::Unwinnable), format!(r#"{head}"verdict":"unwinnable","moves":[],{tail}"#));
        let unknown = line(Verdict::Unknown(GaveUp::StateLimit));
        assert_eq!(unknown, format!(r#"{head}"verdict":"unknown","reason":"state limit","moves":[],{tail}"#));
        // And they read back (a batch resumes from them).
        let back: SolveRecord = serde_json::from_str(&unknown).unwrap();
        assert_eq!(
            (back.verdict, back.reason.clone(), back.key()),
            (BatchVerdict::Unknown, Some(GaveUp::StateLimit), Ok((game(9), Rules::default())))
        );
        // Fields no batch writes are not a result.
        let one = DrawCount::One;
        for game in [Some("0"), Some("+9"), None] {
            assert_eq!(result_key(game, one, None, false), Err(ResultKeyError::NoGameNumber), "{game:?}");
        }
        assert_eq!(result_key(Some("9"), one, Some(0), false), Err(ResultKeyError::NoPasses));
        let past = "340282366920938463463374607431768211456"; // 2^128
        assert_eq!(result_key(Some(past), one, None, false), Err(ResultKeyError::NoGameNumber));
        // Draw 2 is not a draw count: such a line does not read as a result.
        let draw_2 = unknown.replace(r#""draw":1"#, r#""draw":2"#);
        let err = serde_json::from_str::<SolveRecord>(&draw_2).unwrap_err().to_string();
        assert!(err.starts_with("2 is not a draw count (1 or 3)"), "{err}");
        let three = unknown.replace(r#""draw":1"#, r#""draw":3"#);
        let back: SolveRecord = serde_json::from_str(&three).unwrap();
        assert_eq!(back.draw, DrawCount::Three);
        assert_eq!(serde_json::to_string(&back).unwrap(), three);
        // A pass limit is the number, or null for unlimited, both ways.
        let limited = line_under(Rules { passes: PassLimit::Limited(3), ..Rules::default() });
        assert_eq!(
            limited,
            r#"{"game":"9","draw":1,"passes":3,"foundation_to_tableau":false,"verdict":"unwinnable","moves":[],"nodes":3,"seconds":0.5,"peak_memory_bytes":7}"#
        );
        let back: SolveRecord = serde_json::from_str(&limited).unwrap();
        assert_eq!(back.passes, PassLimit::Limited(3));
        assert_eq!(serde_json::to_string(&back).unwrap(), limited);
        // Passes 0 is not a pass limit: such a line does not read as a result.
        let zero = limited.replace(r#""passes":3"#, r#""passes":0"#);
        let err = serde_json::from_str::<SolveRecord>(&zero).unwrap_err().to_string();
        assert!(err.starts_with("0 is not a pass limit (1 or more, or null for unlimited)"), "{err}");
        // A line without passes reads as unlimited, as an Option<u32> did.
        let missing = unknown.replace(r#""passes":null,"#, "");
        assert_eq!(serde_json::from_str::<SolveRecord>(&missing).unwrap().passes, PassLimit::Unlimited);
    }

    /// The result line of an unwinnable game 9 under `rules`.
    fn line_under(rules: Rules) -> String {
        serde_json::to_string(&solved(Verdict::Unwinnable, rules).record()).unwrap()
    }

    #[test]
    fn a_result_names_its_game_as_a_decimal_string_or_not_at_all() {
        let line = line_under(Rules::default());
        assert!(line.starts_with(r#"{"game":"9","draw":1,"#), "{line}");
        // A custom deal has no game field; it reads back, without a key.
        let custom = Solved { game: None, ..solved(Verdict::Unwinnable, Rules::default()) }.record();
        let text = serde_json::to_string(&custom).unwrap();
        assert!(text.starts_with(r#"{"draw":1,"passes":null,"#), "{text}");
        let back: SolveRecord = serde_json::from_str(&text).unwrap();
        assert_eq!((back.game, back.key()), (None, Err(ResultKeyError::NoGameNumber)));
        // The largest game number keeps every digit.
        let max = line.replace(r#""game":"9""#, r#""game":"340282366920938463463374607431768211455""#);
        let back: SolveRecord = serde_json::from_str(&max).unwrap();
        assert_eq!(back.game, GameNumber::new(u128::MAX));
        assert_eq!(serde_json::to_string(&back).unwrap(), max);
        // A game that is not a game number: such a line does not read.
        for bad in ["0", "+9", "x"] {
            let text = line.replace(r#""game":"9""#, &format!(r#""game":"{bad}""#));
            let err = serde_json::from_str::<SolveRecord>(&text).unwrap_err().to_string();
            assert!(err.starts_with(&format!("'{bad}' is not a game number")), "{err}");
        }
    }

    #[test]
    fn a_result_with_game_0_is_kept_but_not_done_as_before() {
        let good = line_under(Rules::default());
        let zero = good.replace(r#""game":"9""#, r#""game":"0""#);
        let resumed = Resume::read(Rules::default(), &format!("{good}\n{zero}")).unwrap();
        assert_eq!(resumed.ignored, vec![2]);
        assert_eq!(resumed.done, HashSet::from([game(9)]));
        assert_eq!(resumed.tail, Tail::NoNewline);
    }

    #[test]
    fn a_result_with_passes_0_is_kept_but_not_done_as_before() {
        let good = line_under(Rules::default());
        let zero = good.replace(r#""passes":null"#, r#""passes":0"#);
        let resumed = Resume::read(Rules::default(), &format!("{zero}\n{good}\n")).unwrap();
        assert_eq!(resumed.ignored, vec![1]);
        assert_eq!(resumed.done, HashSet::from([game(9)]));
        assert_eq!(resumed.tail, Tail::Whole);
        // Alone in a file, it still starts like a result: not another file.
        let alone = Resume::read(Rules::default(), &format!("{zero}\n")).unwrap();
        assert_eq!((alone.ignored, alone.done.len()), (vec![1], 0));
    }

    fn result(number: u128, rules: Rules) -> String {
        let mut r = solved(Verdict::Unwinnable, rules);
        r.game = Some(game(number));
        serde_json::to_string(&r.record()).unwrap() + "\n"
    }

    #[test]
    fn resuming_counts_the_results_under_the_batch_rules() {
        let d1 = Rules::default();
        let d3 = Rules { draw: DrawCount::Three, ..d1 };
        let text = [result(1, d1), result(2, d3), "\n".into(), result(3, d1), result(1, d1)].concat();
        let read = Resume::read(d1, &text).unwrap();
        assert_eq!(read.done, set([1, 3]));
        assert_eq!((read.tail, read.ignored), (Tail::Whole, vec![]));
        assert_eq!(Resume::read(d3, &text).unwrap().done, set([2]));
        assert_eq!(Resume::read(d1, "").unwrap().done, HashSet::new());
    }

    #[test]
    fn retrying_unknown_solves_again_only_the_games_never_decided() {
        let rules = Rules::default();
        let unknown = |number: u128| {
            let mut r = solved(Verdict::Unknown(GaveUp::StateLimit), rules);
            r.game = Some(game(number));
            serde_json::to_string(&r.record()).unwrap() + "\n"
        };
        // Game 1 only unknown; game 2 unknown, then decided; game 3 decided.
        let text = [unknown(1), unknown(2), result(2, rules), result(3, rules)].concat();
        let mut retry = Resume::retrying_unknown(rules, SearchBudget { max_states: 10, timeout_seconds: 1.0 });
        for line in text.split_inclusive('\n') {
            retry.line(line);
        }
        assert_eq!(retry.finish().unwrap().done, set([2, 3]));
        assert_eq!(Resume::read(rules, &text).unwrap().done, set([1, 2, 3]));
    }

    #[test]
    fn an_interrupted_retry_skips_the_games_it_already_retried_under_as_large_a_budget() {
        let rules = Rules::default();
        let small = SearchBudget { max_states: 2_000, timeout_seconds: 10.0 };
        let large = SearchBudget { max_states: 50_000, timeout_seconds: 10.0 };
        let unknown = |number: u128, budget: Option<SearchBudget>| {
            let mut r = solved(Verdict::Unknown(GaveUp::TimeLimit), rules);
            r.game = Some(game(number));
            r.budget = budget;
            serde_json::to_string(&r.record()).unwrap() + "\n"
        };
        // Games 1 to 4 unknown under the small budget (game 4 in a line
        // written before budgets were kept); then a retry under the large
        // one, interrupted after game 1 (still unknown) and game 2.
        let text = [unknown(1, Some(small)), unknown(2, Some(small)), unknown(3, Some(small)), unknown(4, None)]
            .concat()
            + &unknown(1, Some(large))
            + &unknown(2, Some(large));
        let read = |budget| {
            let mut retry = Resume::retrying_unknown(rules, budget);
            for line in text.split_inclusive('\n') {
                retry.line(line);
            }
            retry.finish().unwrap().done
        };
        assert_eq!(read(large), set([1, 2]));
        // A smaller retry than any made retries nothing made with a known
        // budget; a larger one, everything.
        assert_eq!(read(SearchBudget { max_states: 1_000, ..small }), set([1, 2, 3]));
        assert_eq!(read(SearchBudget { timeout_seconds: 20.0, ..large }), set([]));
        // The budget is written in the line and read back.
        let line = unknown(1, Some(large));
        assert!(line.contains(r#""budget":{"max_states":50000,"timeout_seconds":10.0}"#), "{line}");
        assert_eq!(line.parse::<ResultLine>().unwrap().budget, Some(large));
    }

    #[test]
    fn resuming_finds_a_torn_last_line_and_keeps_other_lines() {
        let rules = Rules::default();
        let whole = result(1, rules);
        // A result cut short at the end: to be cut off, its game not done.
        let torn = format!("{whole}{}", &result(2, rules)[..30]);
        let read = Resume::read(rules, &torn).unwrap();
        assert_eq!((read.done.len(), read.tail, read.ignored.clone()), (1, Tail::Torn, vec![]));
        // A whole result with no newline: one is written before the next.
        let read = Resume::read(rules, whole.trim_end()).unwrap();
        assert_eq!((read.done.len(), read.tail), (1, Tail::NoNewline));
        // A note among results is kept (and its line said).
        let noted = format!("{whole}# a note\n{}", result(2, rules));
        let read = Resume::read(rules, &noted).unwrap();
        assert_eq!((read.done.len(), read.tail, read.ignored), (2, Tail::Whole, vec![2]));
        // A file with no result and a line that is no result: not ours.
        assert_eq!(Resume::read(rules, "\nd\nw3\n").unwrap_err(), NotResults { line: 2 });
        // But a lone result cut short is a batch file that was killed early.
        assert_eq!(Resume::read(rules, &result(2, rules)[..30]).unwrap().tail, Tail::Torn);
        // A line of JSON that starts like a result but has not a result's
        // shape was never cut short: alone, it is some other file (it was
        // appended to).
        for other in ["{\"game\":5}\n", "{\"game\":\"abc\",\"verdict\":\"winnable\"}\n", "{\"game\":5}"] {
            assert_eq!(Resume::read(rules, other).unwrap_err(), NotResults { line: 1 }, "{other}");
        }
        // Among results, it is kept and said.
        let among = format!("{whole}{{\"game\":5}}\n");
        assert_eq!(Resume::read(rules, &among).unwrap().ignored, vec![2]);
    }

    #[test]
    fn a_plan_solves_each_game_once_under_its_rules() {
        let rules = Rules::default();
        let limits = Limits {
            max_states: 10,
            timeout: Duration::from_secs(5),
            effort: LineEffort::Quick,
            max_table_bytes: None,
        };
        let mut plan = range(1, 6, shard(1, 2));
        plan.skip(&set([3]));
        let seen = std::sync::Mutex::new(Vec::new());
        plan.solve(&rules, &limits, |s: Solved| -> Result<(), std::convert::Infallible> {
            assert_eq!(s.rules, rules);
            seen.lock().unwrap().push(s.game);
            Ok(())
        })
        .unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, vec![Some(game(1)), Some(game(5))]);
        // The first error stops the plan, and is what it returns.
        let stopped = range(1, 6, Shard::ALL).solve(&rules, &limits, |s: Solved| Err(s.game));
        assert!(matches!(stopped, Err(Some(g)) if (1..=6).contains(&g.get())), "{stopped:?}");
        // One game, by its number: its own deal.
        let one = solve_game(game(7), &rules, &limits);
        let position = Position::new(&Deal::for_number(crate::engine::deal::GameNumber::new(7).unwrap()));
        let again = solve_position(&position, &rules, Some(game(7)), &limits);
        assert_eq!((one.game, one.rules, one.solution.states), (again.game, again.rules, again.solution.states));
    }
}
