//! Statistics: games played and won, streaks and bests, kept per rules
//! setting ([`RulesKey`]), with the cumulative Vegas balance.
//!
//! Pure bookkeeping: the front end decides when a game counts (once a
//! move was made) and how it ended (won; or lost, which includes a game
//! abandoned for a new one), and stores the [`Statistics`] as JSON.
//!
//! Scores are kept apart by scoring: the best standard score and the best
//! Vegas score of a rules setting are two figures, since the two scales do
//! not compare.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::app::record::GameId;
use crate::engine::rules::{DrawCount, PassLimit, Rules};
use crate::engine::scoring::Scoring;

/// The format version of the statistics file this crate writes, and the
/// newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The rules setting statistics are kept under: draw count, pass limit,
/// foundation-to-tableau. Its `Display` (e.g. `draw 1, passes unlimited,
/// foundation-to-tableau off`) is its text in the statistics file, read
/// back by `FromStr`. Settings sort by draw count, then pass limit (fewest
/// first, unlimited last), then foundation-to-tableau (off first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RulesKey {
    /// Cards per draw.
    pub draw: DrawCount,
    /// The pass limit.
    pub passes: PassLimit,
    /// Whether foundation-to-tableau moves are allowed.
    pub foundation_to_tableau: bool,
}

impl From<&Rules> for RulesKey {
    fn from(rules: &Rules) -> RulesKey {
        RulesKey { draw: rules.draw, passes: rules.passes, foundation_to_tableau: rules.foundation_to_tableau }
    }
}

impl Ord for RulesKey {
    fn cmp(&self, other: &RulesKey) -> std::cmp::Ordering {
        // Fewest first, unlimited last.
        let passes = |k: &RulesKey| match k.passes {
            PassLimit::Limited(n) => u64::from(n),
            PassLimit::Unlimited => u64::MAX,
        };
        (self.draw, passes(self), self.foundation_to_tableau).cmp(&(
            other.draw,
            passes(other),
            other.foundation_to_tableau,
        ))
    }
}

impl PartialOrd for RulesKey {
    fn partial_cmp(&self, other: &RulesKey) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A statistics file's rules setting that is not one [`RulesKey`] writes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a rules setting of the statistics: \"{}\"", crate::engine::text::readable(.0, 80))]
pub struct RulesKeyParseError(pub String);

impl std::str::FromStr for RulesKey {
    type Err = RulesKeyParseError;

    /// Reads what `Display` writes: `draw D, passes P, foundation-to-tableau on|off`,
    /// with D 1 or 3 and P a number from 1 or `unlimited`.
    ///
    /// # Errors
    /// [`RulesKeyParseError`] for any other text.
    fn from_str(text: &str) -> Result<RulesKey, RulesKeyParseError> {
        let bad = || RulesKeyParseError(text.to_string());
        let mut parts = text.split(", ");
        let draw = match parts.next().and_then(|p| p.strip_prefix("draw ")) {
            Some("1") => DrawCount::One,
            Some("3") => DrawCount::Three,
            _ => return Err(bad()),
        };
        let passes = match parts.next().and_then(|p| p.strip_prefix("passes ")) {
            Some("unlimited") => PassLimit::Unlimited,
            Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => match n.parse::<u32>() {
                Ok(n) if n >= 1 => PassLimit::Limited(n),
                _ => return Err(bad()),
            },
            _ => return Err(bad()),
        };
        let foundation_to_tableau = match parts.next().and_then(|p| p.strip_prefix("foundation-to-tableau ")) {
            Some("on") => true,
            Some("off") => false,
            _ => return Err(bad()),
        };
        if parts.next().is_some() {
            return Err(bad());
        }
        Ok(RulesKey { draw, passes, foundation_to_tableau })
    }
}

impl TryFrom<String> for RulesKey {
    type Error = RulesKeyParseError;
    fn try_from(text: String) -> Result<RulesKey, RulesKeyParseError> {
        text.parse()
    }
}

impl From<RulesKey> for String {
    fn from(key: RulesKey) -> String {
        key.to_string()
    }
}

impl fmt::Display for RulesKey {
    /// `draw 1, passes unlimited, foundation-to-tableau off`: the
    /// statistics file's own notation for a rules setting (fixed, whatever
    /// words the tables use; `FromStr` reads it back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "draw {}, passes ", self.draw.cards())?;
        match self.passes {
            PassLimit::Unlimited => f.write_str("unlimited")?,
            PassLimit::Limited(n) => write!(f, "{n}")?,
        }
        write!(f, ", foundation-to-tableau {}", if self.foundation_to_tableau { "on" } else { "off" })
    }
}

/// The figures of one rules setting. Counts saturate rather than overflow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    /// Games played (a game counts once a move was made).
    pub played: u64,
    /// Games won.
    pub won: u64,
    /// Wins in a row up to the last game (0 after a loss).
    pub current_win_streak: u64,
    /// The most wins in a row.
    pub longest_win_streak: u64,
    /// Losses in a row up to the last game (0 after a win).
    pub current_losing_streak: u64,
    /// The most losses in a row.
    pub longest_losing_streak: u64,
    /// The best final score under standard scoring, won or lost.
    pub best_score: Option<i64>,
    /// The best final score (a game's own balance) under Vegas scoring.
    pub best_vegas_score: Option<i64>,
    /// The fewest moves in a won game.
    pub fewest_moves_to_win: Option<usize>,
    /// The shortest play time of a won game, in seconds (only timed games count).
    pub fastest_win_seconds: Option<u64>,
}

impl Record {
    /// Games won out of games played, from 0.0 to 1.0; `None` before any game.
    pub fn win_rate(&self) -> Option<f64> {
        if self.played == 0 {
            None
        } else {
            Some((self.won as f64 / self.played as f64).clamp(0.0, 1.0))
        }
    }
}

/// A finished game, as [`Statistics::record_game`] counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Whether the game was won (a game abandoned is lost).
    pub won: bool,
    /// The final score and the scoring it was under; `None` or
    /// [`Scoring::None`] for an unscored game.
    pub score: Option<(Scoring, i64)>,
    /// Moves made (as [`crate::engine::game::Game::moves_made`] counts them).
    pub moves: usize,
    /// Play time in seconds, when the game was timed (not for scripted runs).
    pub seconds: Option<u64>,
}

/// All statistics: a [`Record`] per rules setting, and the Vegas balance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Statistics {
    /// The file format's version ([`FORMAT_VERSION`] when written here).
    pub format_version: u32,
    /// The records, by rules setting (in the file, keyed by [`RulesKey`]'s
    /// `Display`).
    pub per_rules: BTreeMap<RulesKey, Record>,
    /// The cumulative Vegas balance over all Vegas games: the sum of their
    /// final scores (each starting at −52).
    pub vegas_balance: i64,
    /// The ids of the last [`COUNTED_IDS_KEPT`] games counted, oldest
    /// first: a game whose id is here is not counted again, and its saved
    /// record (left behind when a session was killed between counting it and
    /// removing the record) is not offered for resuming.
    pub counted: Vec<GameId>,
}

/// How many ids of counted games the statistics keep. Only the one autosave
/// file can hold a game that was counted but not yet removed, so a few
/// would do; more cover saves made with `save` and loaded later.
pub const COUNTED_IDS_KEPT: usize = 200;

impl Default for Statistics {
    fn default() -> Statistics {
        Statistics { format_version: FORMAT_VERSION, per_rules: BTreeMap::new(), vegas_balance: 0, counted: Vec::new() }
    }
}

impl Statistics {
    /// The record of a rules setting, if a game was played under it.
    pub fn record(&self, key: RulesKey) -> Option<&Record> {
        self.per_rules.get(&key)
    }

    /// Counts a finished game played under `key`: played, won or lost,
    /// streaks, best score (by scoring), fewest moves and fastest time (for
    /// a win). Does not touch the Vegas balance: see [`Statistics::add_vegas`].
    pub fn record_game(&mut self, key: RulesKey, outcome: Outcome) {
        let r = self.per_rules.entry(key).or_default();
        r.played = r.played.saturating_add(1);
        if outcome.won {
            r.won = r.won.saturating_add(1);
            r.current_win_streak = r.current_win_streak.saturating_add(1);
            r.longest_win_streak = r.longest_win_streak.max(r.current_win_streak);
            r.current_losing_streak = 0;
            r.fewest_moves_to_win = Some(r.fewest_moves_to_win.map_or(outcome.moves, |m| m.min(outcome.moves)));
            if let Some(s) = outcome.seconds {
                r.fastest_win_seconds = Some(r.fastest_win_seconds.map_or(s, |f| f.min(s)));
            }
        } else {
            r.current_losing_streak = r.current_losing_streak.saturating_add(1);
            r.longest_losing_streak = r.longest_losing_streak.max(r.current_losing_streak);
            r.current_win_streak = 0;
        }
        let best = match outcome.score {
            Some((Scoring::Standard, s)) => Some((&mut r.best_score, s)),
            Some((Scoring::Vegas, s)) => Some((&mut r.best_vegas_score, s)),
            Some((Scoring::None, _)) | None => None,
        };
        if let Some((slot, s)) = best {
            *slot = Some(slot.map_or(s, |b| b.max(s)));
        }
    }

    /// Whether the game `id` has been counted (among the last
    /// [`COUNTED_IDS_KEPT`]).
    pub fn has_counted(&self, id: &GameId) -> bool {
        self.counted.contains(id)
    }

    /// Counts game `id` as [`Statistics::record_game`] does, and its Vegas
    /// score (`vegas`, when it was a Vegas game) into the balance, unless it
    /// was counted already: then nothing changes and `false` is returned.
    pub fn record_game_once(&mut self, id: &GameId, key: RulesKey, outcome: Outcome, vegas: Option<i64>) -> bool {
        if self.has_counted(id) {
            return false;
        }
        self.record_game(key, outcome);
        if let Some(v) = vegas {
            self.add_vegas(v);
        }
        self.counted.push(id.clone());
        if self.counted.len() > COUNTED_IDS_KEPT {
            let extra = self.counted.len() - COUNTED_IDS_KEPT;
            self.counted.drain(..extra);
        }
        true
    }

    /// Adds a Vegas game's final score (its own balance, from −52) to the
    /// cumulative balance; saturates at the ends of `i64`.
    pub fn add_vegas(&mut self, delta: i64) {
        self.vegas_balance = self.vegas_balance.saturating_add(delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_keys_read_back_as_written_and_sort_by_draw_first() {
        let d3 = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), ..Rules::default() };
        let (one, three) = (RulesKey::from(&Rules::default()), RulesKey::from(&d3));
        assert_eq!(three.draw, DrawCount::Three);
        let text = serde_json::to_string(&three).unwrap();
        assert_eq!(text, r#""draw 3, passes 1, foundation-to-tableau off""#);
        assert_eq!(serde_json::from_str::<RulesKey>(&text).unwrap(), three);
        assert_eq!(one.to_string(), "draw 1, passes unlimited, foundation-to-tableau off");
        assert!(one < three);
        assert!("draw 2, passes 1, foundation-to-tableau off".parse::<RulesKey>().is_err());
    }
}
