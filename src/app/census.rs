//! A census of win rates: the verdicts of batch runs (`klondike solve
//! --games ... --output FILE`, one JSON line per game) merged and counted
//! per rules setting, with a 95% Wilson interval for the share of deals
//! that can be won.
//!
//! Lines are merged so that a census split over machines is just its
//! shards' files: several files, concatenated or not, in any order; a game
//! met twice under the same rules counts once (a decided verdict wins over
//! `unknown`; two decided verdicts that differ are counted as conflicts,
//! never silently); results under other rules are kept apart.
//!
//! ```
//! use klondike::app::census::Census;
//! let mut census = Census::default();
//! let line = r#"{"game":"1","draw":1,"passes":null,"foundation_to_tableau":true,"verdict":"winnable","seconds":0.5}"#;
//! census.add_line(line).unwrap();
//! census.add_line(line).unwrap(); // the same game again: counted once
//! let rows = census.rows(None, None);
//! assert_eq!((rows[0].decided(), rows[0].winnable), (1, 1));
//! ```

pub mod files;

use std::collections::{BTreeMap, HashMap};

pub use crate::app::batch::{BatchVerdict, LineError};
use crate::app::batch::{GameRange, ResultLine, Shard};
use crate::engine::deal::GameNumber;
use crate::engine::rules::{DrawCount, PassLimit, Rules};

/// What is known of one game under one rules setting.
#[derive(Clone, Copy, Debug)]
struct Entry {
    verdict: BatchVerdict,
    /// Seconds the solver took; `None` for a verdict read from a verdict
    /// file, which keeps no times.
    seconds: Option<f64>,
    /// Two decided verdicts that differ were met: the game counts as
    /// undecided whatever comes next, so that the count does not depend on
    /// the order of the files.
    conflicted: bool,
}

/// What [`Census::add_text`] found in a file's text (blank lines aside).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// Lines that are results, counted.
    pub results: usize,
    /// Lines that are not results, left out.
    pub not_results: usize,
}

impl Added {
    /// The text has lines and none of them is a result: not a batch file
    /// (a moves file, say). An empty file is not this: a shard with no games
    /// writes one.
    #[must_use]
    pub fn holds_no_results(&self) -> bool {
        self.results == 0 && self.not_results > 0
    }
}

/// Verdicts merged from batch lines, per rules setting and game.
#[derive(Clone, Debug, Default)]
pub struct Census {
    games: BTreeMap<Rules, HashMap<GameNumber, Entry>>,
    /// Games met with two different decided verdicts, per rules setting.
    conflicts: BTreeMap<Rules, Vec<GameNumber>>,
}

/// One rules setting's counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The rules setting.
    pub rules: Rules,
    /// Deals proved winnable.
    pub winnable: u64,
    /// Deals proved unwinnable.
    pub unwinnable: u64,
    /// Deals the solver gave up on.
    pub unknown: u64,
    /// Mean seconds per deal, over the deals counted whose time is known
    /// (those of batch lines; verdict files keep no times); `None` when no
    /// deal's time is known.
    pub mean_seconds: Option<f64>,
    /// The 99th percentile of those times, in seconds: the least time
    /// within which at least 99% of those deals were decided or given up.
    pub p99_seconds: Option<f64>,
    /// The longest time one of those deals took, in seconds.
    pub max_seconds: Option<f64>,
    /// Games with two decided verdicts that differ (a solver bug if any),
    /// lowest first; each counts as `unknown`, whatever the order of the
    /// lines.
    pub conflicts: Vec<GameNumber>,
    /// Games of the range counted that no line gives a result for under
    /// these rules (counted in no other column); `None` without a range.
    pub missing: Option<u128>,
}

impl Row {
    /// Deals with a decided verdict.
    pub fn decided(&self) -> u64 {
        self.winnable + self.unwinnable
    }

    /// The share of decided deals that are winnable, with its 95% Wilson
    /// interval, all in 0..=1; `None` when none is decided.
    pub fn win_rate(&self) -> Option<(f64, f64, f64)> {
        let n = self.decided();
        (n > 0).then(|| {
            let (lo, hi) = wilson(self.winnable, n);
            (self.winnable as f64 / n as f64, lo, hi)
        })
    }
}

/// The 95% Wilson score interval (z = 1.96) for `successes` out of `n`
/// trials (n > 0), as (low, high) in 0..=1.
///
/// ```
/// let (lo, hi) = klondike::app::census::wilson(8195, 10000);
/// assert!((lo - 0.8118).abs() < 1e-3 && (hi - 0.8269).abs() < 1e-3);
/// ```
pub fn wilson(successes: u64, n: u64) -> (f64, f64) {
    let z = 1.959_963_984_540_054_f64;
    let n_f = n as f64;
    let p = successes as f64 / n_f;
    let denominator = 1.0 + z * z / n_f;
    let centre = (p + z * z / (2.0 * n_f)) / denominator;
    let half = z * ((p * (1.0 - p) / n_f) + z * z / (4.0 * n_f * n_f)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl Census {
    /// Counts one batch result line (white space around it is ignored).
    ///
    /// # Errors
    /// [`LineError`] for a line that is not a result with a game number;
    /// the census is unchanged.
    pub fn add_line(&mut self, line: &str) -> Result<(), LineError> {
        let ResultLine { game, rules, verdict, seconds, .. } = line.parse()?;
        self.add_entry(rules, game, Entry { verdict, seconds: Some(seconds), conflicted: false });
        Ok(())
    }

    /// Counts every verdict of a verdict file ([`Verdicts::parse`]), merged
    /// as batch lines are (a `?` counts as `unknown`, a `-` as no result),
    /// with no time.
    pub fn add_verdicts(&mut self, verdicts: &Verdicts) {
        for (game, letters) in &verdicts.games {
            for (rules, &l) in verdicts.variants.iter().zip(letters) {
                let verdict = match l {
                    b'W' => BatchVerdict::Winnable,
                    b'U' => BatchVerdict::Unwinnable,
                    b'?' => BatchVerdict::Unknown,
                    // Not solved: nothing is known.
                    _ => continue,
                };
                self.add_entry(*rules, *game, Entry { verdict, seconds: None, conflicted: false });
            }
        }
    }

    /// Merges what is known of `game` under the rules of `k`.
    fn add_entry(&mut self, k: Rules, game: GameNumber, entry: Entry) {
        let games = self.games.entry(k).or_default();
        match games.get(&game) {
            None => {
                games.insert(game, entry);
            }
            Some(old) if old.conflicted => {}
            // A decided verdict replaces an unknown one.
            Some(old) if old.verdict == BatchVerdict::Unknown && entry.verdict != BatchVerdict::Unknown => {
                games.insert(game, entry);
            }
            Some(old)
                if old.verdict != entry.verdict
                    && old.verdict != BatchVerdict::Unknown
                    && entry.verdict != BatchVerdict::Unknown =>
            {
                games.insert(game, Entry { verdict: BatchVerdict::Unknown, seconds: old.seconds, conflicted: true });
                self.conflicts.entry(k).or_default().push(game);
            }
            // The same verdict with its time, where only a verdict file
            // gave it before: the time is kept.
            Some(old) if old.verdict == entry.verdict && old.seconds.is_none() && entry.seconds.is_some() => {
                games.insert(game, entry);
            }
            Some(_) => {}
        }
    }

    /// Counts every line of a batch file's text (blank lines aside); returns
    /// how many lines were results and how many were not results a census
    /// can count (left out, as [`Census::add_line`] leaves them).
    pub fn add_text(&mut self, text: &str) -> Added {
        let mut added = Added::default();
        for line in text.lines() {
            self.count_line(line, &mut added);
        }
        added
    }

    /// Counts one line of a batch file into `added` ([`Census::add_text`]
    /// for one line): a blank line is nothing, a line that is no result is
    /// left out.
    pub(crate) fn count_line(&mut self, line: &str, added: &mut Added) {
        if line.trim().is_empty() {
            return;
        }
        match self.add_line(line) {
            Ok(()) => added.results += 1,
            Err(_) => added.not_results += 1,
        }
    }

    /// The verdict on `game` under `rules`, if any line gave one.
    pub fn verdict(&self, rules: &Rules, game: GameNumber) -> Option<BatchVerdict> {
        self.games.get(rules)?.get(&game).map(|e| e.verdict)
    }

    /// One row per rules setting met (draw 1 first, then fewer passes first,
    /// foundation-to-tableau off first), counting only games in `range`
    /// (both ends included) when one is given. With `shard` (the first
    /// game of the range the shard was cut from, and the shard), the games
    /// of `range` said to have no result are only the shard's.
    pub fn rows(&self, range: Option<GameRange>, shard: Option<(GameNumber, Shard)>) -> Vec<Row> {
        let in_range = |g: &GameNumber| range.is_none_or(|r| r.contains(*g));
        let in_shard = |g: &GameNumber| {
            shard.is_none_or(|(from, shard)| g.get().checked_sub(from.get()).is_some_and(|i| shard.takes(i)))
        };
        // The shard's games in the range: those up to its end less those
        // before its start.
        let expected = range.map(|r| match shard {
            None => r.len(),
            Some((from, shard)) => {
                let before = r.first.get().checked_sub(1).and_then(GameNumber::new);
                shard.count(from, r.last) - before.map_or(0, |b| shard.count(from, b))
            }
        });
        self.games
            .iter()
            .map(|(k, games)| {
                let mut row = Row {
                    rules: *k,
                    winnable: 0,
                    unwinnable: 0,
                    unknown: 0,
                    mean_seconds: None,
                    p99_seconds: None,
                    max_seconds: None,
                    conflicts: self
                        .conflicts
                        .get(k)
                        .map_or_else(Vec::new, |c| c.iter().copied().filter(in_range).collect()),
                    missing: None,
                };
                let mut times = Vec::new();
                let mut met = 0u128;
                for (g, e) in games.iter().filter(|(g, _)| in_range(g)) {
                    met += u128::from(in_shard(g));
                    match e.verdict {
                        BatchVerdict::Winnable => row.winnable += 1,
                        BatchVerdict::Unwinnable => row.unwinnable += 1,
                        BatchVerdict::Unknown => row.unknown += 1,
                    }
                    times.extend(e.seconds);
                }
                if !times.is_empty() {
                    times.sort_unstable_by(f64::total_cmp);
                    let n = times.len();
                    row.mean_seconds = Some(times.iter().sum::<f64>() / n as f64);
                    // The ceil(0.99 n)-th time, from the least: at least 99%
                    // of the deals took no longer.
                    row.p99_seconds = Some(times[(n * 99).div_ceil(100) - 1]);
                    row.max_seconds = times.last().copied();
                }
                row.conflicts.sort_unstable();
                row.missing = expected.map(|n| n.saturating_sub(met));
                row
            })
            .collect()
    }
}

/// Every rules setting of `draws` x `passes` x `foundation_to_tableau`
/// (each a list of the values asked for), in that order (the first draw
/// count's first), each once.
pub fn variants(draws: &[DrawCount], passes: &[PassLimit], foundation_to_tableau: &[bool]) -> Vec<Rules> {
    let mut all = Vec::new();
    for &draw in draws {
        for &passes in passes {
            for &foundation_to_tableau in foundation_to_tableau {
                let rules = Rules { draw, passes, foundation_to_tableau };
                if !all.contains(&rules) {
                    all.push(rules);
                }
            }
        }
    }
    all
}

/// The name of a census's batch file for one rules setting (and shard):
/// `draw1-passes3-f2t-on.jsonl`, `draw3-passesunlimited-f2t-off-shard2of8.jsonl`.
pub fn batch_file_name(rules: &Rules, shard: Option<Shard>) -> String {
    let shard = shard.map_or_else(String::new, |s| format!("-shard{}of{}", s.k(), s.n()));
    format!("{}{shard}.jsonl", rules.file_stem())
}

/// The letter of a verdict in a verdict file: `-` where no line gave a
/// result (a game of another shard, say), `?` where the solver gave up.
fn letter(verdict: Option<BatchVerdict>) -> char {
    match verdict {
        Some(BatchVerdict::Winnable) => 'W',
        Some(BatchVerdict::Unwinnable) => 'U',
        Some(BatchVerdict::Unknown) => '?',
        None => '-',
    }
}

/// The first line of a verdict file.
pub const VERDICTS_HEADER: &str =
    "# klondike census verdicts: a line per game, a letter per variant (W winnable, U unwinnable, ? not decided, - not solved)";

/// Most games a verdict file covers (about 1.7 GB of text): a larger
/// range is refused before any work rather than filling a disk.
pub const MAX_VERDICT_GAMES: u128 = 100_000_000;

impl Census {
    /// The census's verdicts on the games of `range` as a compact text: a
    /// header naming the `variants` in order, then a line per game, its
    /// number and a letter per variant (`W` winnable, `U` unwinnable, `?`
    /// unknown, `-` no result). [`Verdicts::parse`] reads it back.
    pub fn verdict_file(&self, range: GameRange, variants: &[Rules]) -> String {
        let mut out = Vec::new();
        // Writing to memory cannot fail.
        let _ = self.write_verdicts(range, variants, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// [`Census::verdict_file`], written to `out` as it goes (a large range
    /// is never held in memory).
    ///
    /// # Errors
    /// A failed write to `out`.
    pub fn write_verdicts(
        &self,
        range: GameRange,
        variants: &[Rules],
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        let names: Vec<String> = variants.iter().map(Rules::short_name).collect();
        writeln!(out, "{VERDICTS_HEADER}")?;
        writeln!(out, "variants {}", names.join(" "))?;
        for game in range.games() {
            let letters: String = variants.iter().map(|r| letter(self.verdict(r, game))).collect();
            writeln!(out, "{game} {letters}")?;
        }
        Ok(())
    }

    /// The decided verdicts of `old` (a verdict file about to be written
    /// over) that a verdict file of this census over `range` and
    /// `variants` would not hold the same: none, or how many and the
    /// first (the lowest game, then the first setting in `old`).
    pub fn verdicts_lost(
        &self,
        old: &Verdicts,
        range: GameRange,
        variants: &[Rules],
    ) -> Option<(usize, GameNumber, Rules)> {
        old.lost(|game, rules, was| {
            range.contains(game) && variants.contains(rules) && self.verdict(rules, game) == Some(was)
        })
    }
}

impl Verdicts {
    /// The decided verdicts that a verdict file over `range` and `variants`
    /// could not hold at all (games outside the range, settings not
    /// asked): known before any work, as [`Census::verdicts_lost`] is after.
    pub fn outside(&self, range: GameRange, variants: &[Rules]) -> Option<(usize, GameNumber, Rules)> {
        self.lost(|game, rules, _| range.contains(game) && variants.contains(rules))
    }

    /// The decided verdicts for which `kept(game, rules, verdict)` is
    /// false: how many, and the first (the lowest game, then the first
    /// setting).
    fn lost(&self, kept: impl Fn(GameNumber, &Rules, BatchVerdict) -> bool) -> Option<(usize, GameNumber, Rules)> {
        let mut lost = 0;
        let mut first: Option<(GameNumber, Rules)> = None;
        for (game, letters) in &self.games {
            for (rules, &l) in self.variants.iter().zip(letters) {
                let was = match l {
                    b'W' => BatchVerdict::Winnable,
                    b'U' => BatchVerdict::Unwinnable,
                    _ => continue,
                };
                if !kept(*game, rules, was) {
                    lost += 1;
                    if first.is_none_or(|(g, _)| *game < g) {
                        first = Some((*game, *rules));
                    }
                }
            }
        }
        first.map(|(g, r)| (lost, g, r))
    }
}

/// Why a text is not a verdict file ([`Verdicts::parse`]); each names its
/// line, from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerdictsError {
    /// A line longer than any a verdict file holds (a megabyte).
    #[error("line {line}: too long")]
    TooLong {
        /// The line.
        line: usize,
    },
    /// A line with one field only (no space in it).
    #[error("line {line}: two fields expected")]
    OneField {
        /// The line.
        line: usize,
    },
    /// A name on the `variants` line that names no rules setting.
    #[error("line {line}: bad variant {name}")]
    BadVariant {
        /// The line.
        line: usize,
        /// The name, as written.
        name: String,
    },
    /// A line whose first field is not a game number.
    #[error("line {line}: bad game number")]
    BadGameNumber {
        /// The line.
        line: usize,
    },
    /// A `variants` line that names a setting twice, or that names other
    /// settings than one before it (files concatenated keep one header).
    #[error("line {line}: a variants line that names a setting twice, or other settings than the one before")]
    OtherVariants {
        /// The line.
        line: usize,
    },
    /// A game met again with a different decided verdict under a setting
    /// (a line earlier in the file): refused, so that the result never
    /// depends on the order of the lines.
    #[error(
        "line {line}: game {game} has a different verdict on a line before (a game is given one verdict per setting)"
    )]
    Conflict {
        /// The line.
        line: usize,
        /// The game.
        game: GameNumber,
    },
    /// A game's verdicts that are not one letter `W`, `U`, `?` or `-` for
    /// each rules setting of the `variants` line.
    #[error("line {line}: {variants} letters W, U, ? or - expected")]
    BadLetters {
        /// The line.
        line: usize,
        /// How many rules settings the `variants` line names.
        variants: usize,
    },
}

/// Verdicts read from a verdict file ([`Census::verdict_file`]).
#[derive(Clone, Debug, Default)]
pub struct Verdicts {
    variants: Vec<Rules>,
    games: HashMap<GameNumber, Vec<u8>>,
}

impl Verdicts {
    /// Reads a verdict file; `#` lines are comments.
    ///
    /// # Errors
    /// [`VerdictsError`] for the first line that is not a comment, the
    /// `variants` line or a game's verdicts.
    pub fn parse(text: &str) -> Result<Verdicts, VerdictsError> {
        let mut verdicts = Verdicts::default();
        for (i, line) in text.lines().enumerate() {
            verdicts.read_line(i + 1, line)?;
        }
        Ok(verdicts)
    }

    /// Reads line `number` (from 1) of a verdict file, as [`Verdicts::parse`]
    /// reads each (so that a file can be read a line at a time).
    ///
    /// # Errors
    /// As [`Verdicts::parse`]; the verdicts are unchanged.
    pub fn read_line(&mut self, number: usize, line: &str) -> Result<(), VerdictsError> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(());
        }
        let (head, rest) = line.split_once(' ').ok_or(VerdictsError::OneField { line: number })?;
        if head == "variants" {
            let variants: Vec<Rules> = rest
                .split_whitespace()
                .map(|n| {
                    Rules::from_short_name(n)
                        .ok_or_else(|| VerdictsError::BadVariant { line: number, name: n.to_string() })
                })
                .collect::<Result<_, _>>()?;
            let repeated = variants.iter().enumerate().any(|(i, r)| variants[..i].contains(r));
            if repeated || (!self.variants.is_empty() && variants != self.variants) {
                return Err(VerdictsError::OtherVariants { line: number });
            }
            self.variants = variants;
            return Ok(());
        }
        let game = head.parse::<GameNumber>().map_err(|_| VerdictsError::BadGameNumber { line: number })?;
        let letters = rest.trim().as_bytes();
        if letters.len() != self.variants.len() || !letters.iter().all(|b| b"WU?-".contains(b)) {
            return Err(VerdictsError::BadLetters { line: number, variants: self.variants.len() });
        }
        // A game met again (verdict files concatenated, one per shard):
        // merged letter by letter, a decided verdict over `?`, `?` over
        // `-`; two decided verdicts that differ are refused.
        let rank = |l: u8| match l {
            b'W' | b'U' => 2,
            b'?' => 1,
            _ => 0,
        };
        match self.games.get_mut(&game) {
            None => {
                self.games.insert(game, letters.to_vec());
            }
            Some(old) => {
                if old.iter().zip(letters).any(|(&a, &b)| rank(a) == 2 && rank(b) == 2 && a != b) {
                    return Err(VerdictsError::Conflict { line: number, game });
                }
                for (a, &b) in old.iter_mut().zip(letters) {
                    if rank(b) > rank(*a) {
                        *a = b;
                    }
                }
            }
        }
        Ok(())
    }

    /// The decided verdict on `game` under `rules`, if the file has one.
    pub fn verdict(&self, game: GameNumber, rules: &Rules) -> Option<BatchVerdict> {
        let column = self.variants.iter().position(|r| r == rules)?;
        match self.games.get(&game)?.get(column)? {
            b'W' => Some(BatchVerdict::Winnable),
            b'U' => Some(BatchVerdict::Unwinnable),
            _ => None,
        }
    }

    /// How many games the file has.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the file has no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

/// The decided verdict on `game` under `rules` in the text of a verdict
/// file whose game lines come in increasing game order, one line a game,
/// after its comments and `variants` line (as `census --verdict-file`
/// writes it): looked up where it lies, by halving, with no allocation.
/// Why: the census's committed verdicts (100 000 games) are asked about
/// one game at a time during play, where reading them all into a map took
/// about 9 MB, and a process under a tight memory limit aborted on it.
/// `None` where the text has no such game, no column for `rules`, or
/// `?`/`-` for it; a text out of order can miss a game, never give
/// another's verdict.
pub fn verdict_in_sorted(text: &str, game: GameNumber, rules: &Rules) -> Option<BatchVerdict> {
    let column = text
        .lines()
        .take_while(|l| !l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .find_map(|l| l.trim().strip_prefix("variants "))?
        .split_whitespace()
        .position(|name| Rules::from_short_name(name).as_ref() == Some(rules))?;
    let bytes = text.as_bytes();
    let line_at = |start: usize| -> (usize, &str) {
        let end = bytes[start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |n| start + n);
        (end, text.get(start..end).unwrap_or(""))
    };
    // The half of the text [lo, hi) still to search starts at a line.
    let (mut lo, mut hi) = (0usize, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = bytes[lo..mid].iter().rposition(|&b| b == b'\n').map_or(lo, |n| lo + n + 1);
        let (end, line) = line_at(start);
        let mut fields = line.split_whitespace();
        // Comments and the variants line come before every game.
        let number = fields.next().and_then(|f| f.parse::<GameNumber>().ok());
        match number {
            Some(n) if n == game => {
                return match fields.next()?.as_bytes().get(column)? {
                    b'W' => Some(BatchVerdict::Winnable),
                    b'U' => Some(BatchVerdict::Unwinnable),
                    _ => None,
                };
            }
            Some(n) if n > game => hi = start,
            _ => lo = end + 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `n` (from 1).
    fn game(n: u128) -> GameNumber {
        GameNumber::new(n).unwrap()
    }

    fn line(game: u128, draw: usize, passes: Option<u32>, f2t: bool, verdict: &str, seconds: f64) -> String {
        let passes = passes.map_or("null".to_string(), |p| p.to_string());
        format!(
            r#"{{"game":"{game}","draw":{draw},"passes":{passes},"foundation_to_tableau":{f2t},"verdict":"{verdict}","moves":[],"nodes":5,"seconds":{seconds},"peak_memory_bytes":0}}"#
        )
    }

    #[test]
    fn verdicts_looked_up_in_a_sorted_text_are_those_the_parsed_file_gives() {
        let text = "# comment\nvariants d1puf1 d3p1f0\n1 W?\n2 UU\n3 -W\n9 UW\n10 WU\n";
        let v = Verdicts::parse(text).unwrap();
        let rules: Vec<Rules> =
            ["d1puf1", "d3p1f0", "d1p1f1"].iter().map(|n| Rules::from_short_name(n).unwrap()).collect();
        for n in 1..=12 {
            for r in &rules {
                assert_eq!(verdict_in_sorted(text, game(n), r), v.verdict(game(n), r), "game {n} {r:?}");
            }
        }
        assert_eq!(verdict_in_sorted(text, game(10), &rules[1]), Some(BatchVerdict::Unwinnable));
        assert_eq!(verdict_in_sorted("", game(1), &rules[0]), None);
        assert_eq!(verdict_in_sorted("variants d1puf1\n", game(1), &rules[0]), None);
        assert_eq!(verdict_in_sorted("variants d1puf1\n1 W", game(1), &rules[0]), Some(BatchVerdict::Winnable));
    }

    #[test]
    fn every_committed_verdict_looked_up_in_place_is_the_parsed_one() {
        let text = include_str!("census/verdicts.txt");
        let v = Verdicts::parse(text).unwrap();
        let settings: Vec<Rules> = text
            .lines()
            .find_map(|l| l.strip_prefix("variants "))
            .unwrap()
            .split_whitespace()
            .map(|n| Rules::from_short_name(n).unwrap())
            .collect();
        assert_eq!(settings.len(), 12);
        let mut decided = 0;
        for n in (1..=100_001).step_by(7).chain([1, 2, 99_999, 100_000, 100_001]) {
            for r in &settings {
                let in_place = verdict_in_sorted(text, game(n), r);
                assert_eq!(in_place, v.verdict(game(n), r), "game {n} {r:?}");
                decided += usize::from(in_place.is_some());
            }
        }
        assert!(decided > 150_000, "{decided}");
    }

    #[test]
    fn merges_duplicates_keeps_rules_apart_and_prefers_decided_verdicts() {
        let mut c = Census::default();
        c.add_line(&line(1, 1, None, true, "unknown", 10.0)).unwrap();
        c.add_line(&line(1, 1, None, true, "winnable", 0.5)).unwrap();
        c.add_line(&line(1, 1, None, true, "unknown", 10.0)).unwrap();
        c.add_line(&line(2, 1, None, true, "unwinnable", 1.5)).unwrap();
        c.add_line(&line(1, 3, Some(1), false, "unwinnable", 0.1)).unwrap();
        c.add_line(&line(3, 1, None, true, "winnable", 0.25)).unwrap();
        c.add_line(&line(3, 1, None, true, "unwinnable", 0.25)).unwrap();
        assert!(c.add_line("{\"game\":\"4\",\"dr").is_err());
        use crate::app::batch::ResultKeyError;
        assert_eq!(c.add_line(&line(0, 1, None, true, "winnable", 0.1)), Err(ResultKeyError::NoGameNumber.into()));
        // Draw 2 is no draw count: the line does not even read.
        let draw_2 = c.add_line(&line(5, 2, None, true, "winnable", 0.1));
        assert!(
            matches!(&draw_2, Err(LineError::NotAResult(why)) if why.starts_with("2 is not a draw count (1 or 3)")),
            "{draw_2:?}"
        );
        assert_eq!(c.add_line(&line(5, 1, Some(0), true, "winnable", 0.1)), Err(ResultKeyError::NoPasses.into()));
        let rows = c.rows(None, None);
        assert_eq!(rows.len(), 2);
        let d1 = &rows[0];
        assert_eq!(d1.rules.draw, DrawCount::One);
        // Game 3 has two verdicts: counted as unknown, not as either.
        assert_eq!((d1.winnable, d1.unwinnable, d1.unknown), (1, 1, 1));
        assert_eq!(d1.conflicts, vec![game(3)]);
        assert_eq!(d1.missing, None);
        assert_eq!(c.verdict(&d1.rules, game(3)), Some(BatchVerdict::Unknown));
        assert!((d1.mean_seconds.unwrap() - (0.5 + 1.5 + 0.25) / 3.0).abs() < 1e-9);
        assert_eq!(d1.max_seconds, Some(1.5));
        assert_eq!(d1.p99_seconds, Some(1.5), "of 3 deals, the slowest");
        assert_eq!(rows[1].rules.passes, PassLimit::Limited(1));
        assert_eq!(rows[1].unwinnable, 1);
        // A range counts only its games.
        let rows = c.rows(Some(GameRange::new(2, 2).unwrap()), None);
        assert_eq!((rows[0].winnable, rows[0].unwinnable), (0, 1));
        assert!(rows[1].decided() == 0 && rows[1].win_rate().is_none());
        assert_eq!((rows[0].missing, rows[1].missing), (Some(0), Some(1)));
        // A pass limit of 2^32 - 1 is a pass limit, not unlimited.
        c.add_line(&line(9, 1, Some(u32::MAX), true, "winnable", 0.1)).unwrap();
        let rows = c.rows(None, None);
        assert_eq!(rows.len(), 3);
        assert_eq!((rows[0].rules.passes, rows[0].decided()), (PassLimit::Limited(u32::MAX), 1));
        assert_eq!((rows[1].rules.passes, rows[1].decided()), (PassLimit::Unlimited, 2));
    }

    /// A shard's census says a game has no result only when the shard
    /// takes it: of 1..10, shard 2/3 takes 2, 5 and 8.
    #[test]
    fn a_shard_misses_only_its_own_games() {
        let mut c = Census::default();
        for g in [2, 5, 6] {
            c.add_line(&line(g, 1, None, true, "winnable", 0.1)).unwrap();
        }
        let shard = Some((game(1), Shard::new(2, 3).unwrap()));
        let all = GameRange::new(1, 10).unwrap();
        let row = &c.rows(Some(all), shard)[0];
        // Game 6 is not the shard's: counted, but not as one of its own.
        assert_eq!((row.winnable, row.missing), (3, Some(1)));
        assert_eq!(c.rows(Some(all), None)[0].missing, Some(7));
        // --only 4..9 of that shard: 5 and 8.
        assert_eq!(c.rows(Some(GameRange::new(4, 9).unwrap()), shard)[0].missing, Some(1));
        assert_eq!(c.rows(Some(GameRange::new(6, 7).unwrap()), shard)[0].missing, Some(0));
        // The shard starts from its range's first game, not from 1.
        let from_3 = Some((game(3), Shard::new(1, 3).unwrap()));
        assert_eq!(c.rows(Some(GameRange::new(3, 10).unwrap()), from_3)[0].missing, Some(2), "3, 6, 9: 6 met");
    }

    #[test]
    fn times_give_mean_p99_and_max_and_verdict_files_none() {
        let mut c = Census::default();
        // 200 deals taking 1..=200 s, in no order: 99% of them (198) took
        // 198 s or less.
        for g in 1..=200u128 {
            let seconds = ((g * 37) % 200 + 1) as f64;
            c.add_line(&line(g, 1, None, true, "winnable", seconds)).unwrap();
        }
        let row = &c.rows(None, None)[0];
        assert_eq!((row.p99_seconds, row.max_seconds), (Some(198.0), Some(200.0)));
        assert!((row.mean_seconds.unwrap() - 100.5).abs() < 1e-9);
        let v = Verdicts::parse("variants d1puf1 d3p1f0\n1 W?\n2 UU\n").unwrap();
        let mut c = Census::default();
        c.add_verdicts(&v);
        let rows = c.rows(None, None);
        assert_eq!((rows[0].winnable, rows[0].unwinnable, rows[0].unknown), (1, 1, 0));
        assert_eq!((rows[1].winnable, rows[1].unwinnable, rows[1].unknown), (0, 1, 1));
        assert!(rows.iter().all(|r| r.mean_seconds.is_none() && r.p99_seconds.is_none() && r.max_seconds.is_none()));
    }

    #[test]
    fn text_is_counted_line_by_line_and_bad_lines_are_counted_out() {
        let mut c = Census::default();
        let text = format!(
            "{}\n\n{}\nnot json\n{}",
            line(1, 1, None, true, "winnable", 0.5),
            line(2, 1, None, true, "unwinnable", 0.5),
            "{\"game\":\"3\",\"dr"
        );
        assert_eq!(c.add_text(&text), Added { results: 2, not_results: 2 });
        assert!(!c.add_text(&text).holds_no_results());
        assert!(c.add_text("dw\nw 1\n").holds_no_results());
        assert!(!c.add_text("\n\n").holds_no_results());
        let rows = c.rows(None, None);
        assert_eq!((rows.len(), rows[0].winnable, rows[0].unwinnable), (1, 1, 1));
    }

    #[test]
    fn variants_are_every_setting_asked_for_once_and_name_their_files() {
        let all = variants(
            &[DrawCount::One, DrawCount::Three, DrawCount::One],
            &[PassLimit::Limited(3), PassLimit::Unlimited],
            &[true, false],
        );
        assert_eq!(all.len(), 8);
        assert_eq!(all[0], Rules { draw: DrawCount::One, passes: PassLimit::Limited(3), foundation_to_tableau: true });
        assert_eq!(
            all[7],
            Rules { draw: DrawCount::Three, passes: PassLimit::Unlimited, foundation_to_tableau: false }
        );
        assert_eq!(batch_file_name(&all[0], None), "draw1-passes3-f2t-on.jsonl");
        assert_eq!(batch_file_name(&all[7], Shard::new(2, 8)), "draw3-passesunlimited-f2t-off-shard2of8.jsonl");
    }

    #[test]
    fn verdict_files_round_trip() {
        let mut c = Census::default();
        c.add_line(&line(1, 1, None, true, "winnable", 0.5)).unwrap();
        c.add_line(&line(2, 1, None, true, "unwinnable", 0.5)).unwrap();
        c.add_line(&line(1, 3, Some(3), false, "unknown", 0.5)).unwrap();
        let d1 = Rules { foundation_to_tableau: true, ..Rules::default() };
        let d3 = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: false };
        let text = c.verdict_file(GameRange::new(1, 3).unwrap(), &[d1, d3]);
        // `?` where the solver gave up, `-` where no line gave a result.
        assert!(text.contains("variants d1puf1 d3p3f0\n1 W?\n2 U-\n3 --\n"), "{text}");
        let v = Verdicts::parse(&text).unwrap();
        assert_eq!(v.len(), 3);
        assert_eq!(v.verdict(game(1), &d1), Some(BatchVerdict::Winnable));
        assert_eq!(v.verdict(game(2), &d1), Some(BatchVerdict::Unwinnable));
        assert_eq!(v.verdict(game(1), &d3), None);
        assert_eq!(v.verdict(game(4), &d1), None);
        assert_eq!(v.verdict(game(1), &Rules::default()), None);
        assert!(Verdicts::parse("variants d1puf1\n1 WW\n").is_err());
        assert!(Verdicts::parse("variants d2puf1\n").is_err());
        // Game numbers are read as everywhere else: digits only, from 1.
        assert!(Verdicts::parse("variants d1puf1\n5 W\n").is_ok());
        assert!(Verdicts::parse("variants d1puf1\n+5 W\n").is_err());
        assert!(Verdicts::parse("variants d1puf1\n0 W\n").is_err());
        // Verdict files concatenated (one per shard): a game met again is
        // merged, a decided verdict over `?` over `-`, in any order; two
        // decided verdicts that differ, or other settings, are refused.
        for text in [
            "variants d1puf1 d3p1f0\n1 W-\n1 -?\n1 -U\n",
            "variants d1puf1 d3p1f0\n1 -U\nvariants d1puf1 d3p1f0\n1 W?\n",
        ] {
            let v = Verdicts::parse(text).unwrap();
            assert_eq!(v.games[&game(1)], b"WU".to_vec(), "{text}");
        }
        assert_eq!(
            Verdicts::parse("variants d1puf1\n1 W\n01 U\n").unwrap_err(),
            VerdictsError::Conflict { line: 3, game: game(1) }
        );
        assert_eq!(Verdicts::parse("variants d1puf1 d1puf1\n").unwrap_err(), VerdictsError::OtherVariants { line: 1 });
        assert_eq!(
            Verdicts::parse("variants d1puf1\n1 W\nvariants d3puf1\n").unwrap_err(),
            VerdictsError::OtherVariants { line: 3 }
        );
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        // Wilson's interval for 81.945% of 10000, as published figures use.
        let (lo, hi) = wilson(8195, 10000);
        assert!(lo < 0.8195 && 0.8195 < hi);
        assert!((hi - lo - 0.01506).abs() < 2e-4, "{lo} {hi}");
        assert!(wilson(0, 10).0.abs() < 1e-12);
        assert!((wilson(10, 10).1 - 1.0).abs() < 1e-12);
        let (lo, hi) = wilson(5, 10);
        assert!((lo - 0.2366).abs() < 1e-3 && (hi - 0.7634).abs() < 1e-3, "{lo} {hi}");
    }
}
