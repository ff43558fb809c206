//! Statistics: games played and won, streaks and bests, kept per rules
//! setting ([`Rules`], keyed in the file by its text form), with the cumulative Vegas balance.
//!
//! Pure bookkeeping: the front end decides when a game counts (once a
//! move was made) and how it ended (won; or lost, which includes a game
//! abandoned for a new one), and stores the [`Statistics`] as JSON.
//!
//! Scores are kept apart by scoring: the best standard score and the best
//! Vegas score of a rules setting are two figures, since the two scales do
//! not compare.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::app::record::GameId;
use crate::engine::rules::Rules;
use crate::engine::scoring::Scoring;

/// The format version of the statistics file this crate writes, and the
/// newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The figures of one rules setting. Counts saturate rather than overflow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
// A field missing is 0 or none (a file of an older build); a field of
// another kind of file (a saved game's) makes it no statistics file.
#[serde(default, deny_unknown_fields)]
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
#[serde(default, deny_unknown_fields)]
pub struct Statistics {
    /// The file format's version ([`FORMAT_VERSION`] when written here).
    pub format_version: u32,
    /// The records, by rules setting (in the file, keyed by [`Rules`]'s
    /// `Display`).
    pub per_rules: BTreeMap<Rules, Record>,
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
    /// What no counting could have written, if anything: more games won
    /// than played, a streak longer than the games it counts, or a longest
    /// streak shorter than the current one (a file edited, or another
    /// program's); `None` for figures counting could have given.
    pub fn inconsistency(&self) -> Option<String> {
        if self.format_version == 0 {
            return Some("format_version 0 (versions start at 1)".to_string());
        }
        self.per_rules.iter().find_map(|(rules, r)| {
            let lost = r.played.checked_sub(r.won);
            let why = if lost.is_none() {
                format!("{} won of {} played", r.won, r.played)
            } else if r.current_win_streak > r.longest_win_streak || r.longest_win_streak > r.won {
                format!(
                    "a win streak of {} (longest {}) with {} won",
                    r.current_win_streak, r.longest_win_streak, r.won
                )
            } else if r.current_losing_streak > r.longest_losing_streak
                || lost.is_some_and(|lost| r.longest_losing_streak > lost)
            {
                format!(
                    "a losing streak of {} (longest {}) with {} lost",
                    r.current_losing_streak,
                    r.longest_losing_streak,
                    lost.unwrap_or(0)
                )
            } else if r.current_win_streak > 0 && r.current_losing_streak > 0 {
                "a win streak and a losing streak at once".to_string()
            } else {
                return None;
            };
            Some(format!("under {rules}, {why}"))
        })
    }

    /// The record of a rules setting, if a game was played under it.
    pub fn record(&self, key: Rules) -> Option<&Record> {
        self.per_rules.get(&key)
    }

    /// Counts a finished game played under `key`: played, won or lost,
    /// streaks, best score (by scoring), fewest moves and fastest time (for
    /// a win). Does not touch the Vegas balance: see [`Statistics::add_vegas`].
    pub fn record_game(&mut self, key: Rules, outcome: Outcome) {
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
    pub fn record_game_once(&mut self, id: &GameId, key: Rules, outcome: Outcome, vegas: Option<i64>) -> bool {
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
    use crate::engine::rules::{DrawCount, PassLimit};

    #[test]
    fn rules_keys_read_back_as_written_and_sort_by_draw_first() {
        let d3 = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), ..Rules::default() };
        let (one, three) = (Rules::default(), d3);
        assert_eq!(three.draw, DrawCount::Three);
        let text = serde_json::to_string(&three).unwrap();
        assert_eq!(text, r#""draw 3, passes 1, foundation-to-tableau off""#);
        assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), three);
        assert_eq!(one.to_string(), "draw 1, passes unlimited, foundation-to-tableau off");
        assert!(one < three);
        assert!("draw 2, passes 1, foundation-to-tableau off".parse::<Rules>().is_err());
    }
}
