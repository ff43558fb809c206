//! The game record: a saved game as JSON, and loading it back by replaying
//! its moves through the engine.
//!
//! # The format (version 1)
//! One JSON object (written compactly, on one line, so that a long game's
//! moves take little room; any JSON layout is read):
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `format_version` | integer | 1; a record from a newer version is refused ([`RecordError::NewerVersion`]) |
//! | `game` | string or null | the game number, 1 to 2^128−1, in decimal digits (a string: JSON numbers cannot hold it safely) |
//! | `deal` | string or null | the deal in the deal format (SPEC.md), when the game was not dealt from a number |
//! | `draw` | integer | 1 or 3 |
//! | `passes` | integer or null | the pass limit, 1 or more; null for unlimited |
//! | `foundation_to_tableau` | bool | whether cards may come back down from the foundations |
//! | `scoring` | string | `standard`, `vegas` or `none` |
//! | `moves` | array of strings | the moves played, as commands (`"t 2 5 1"`, `"w f"`, `"d"`), first first |
//! | `undone` | array of strings | the redo list: moves taken back by undo and not yet replayed, the most recently undone LAST (it is the next redo) |
//! | `elapsed_seconds` | integer | play time so far, in seconds; more than 100 years is refused ([`MAX_ELAPSED_SECONDS`]) |
//! | `automatic` | array of integers (optional) | the 0-based indices in `moves` of the moves autoplay made (one undo takes back a player's move with the automatic ones after it) |
//! | `undone_automatic` | array of integers (optional) | the same for `undone` |
//! | `kept_down` | array of strings (optional) | card codes (`"2S"`) the player took down from a foundation: autoplay leaves them on the tableau |
//! | `id` | string (optional) | the game's identity for the statistics ([`GameId`]): a game whose id the statistics hold is counted, and is not offered for resuming |
//!
//! At least one of `game` and `deal` is given; when both are, the deal must
//! be that game's deal. Unknown fields are ignored. The score is not stored:
//! it follows from the moves and is recomputed on loading.
//!
//! Loading ([`GameRecord::replay`]) plays every move again through the
//! engine, so a record whose moves are not legal is refused with the
//! number of the move and the rule that forbids it; then it plays the
//! `undone` moves and takes them back, so redo works as before the save.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::app::command::{Command, CommandError};
use crate::engine::card::Card;
use crate::engine::deal::{Deal, DealError, GameNumber};
use crate::engine::game::Game;
use crate::engine::moves::MoveError;
use crate::engine::rules::{DrawCount, PassLimit, Rules};
use crate::engine::scoring::{ScoreSheet, Scoring};

/// The format version this crate writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// A game's identity for the statistics: 16 lowercase hex digits, made at
/// random when the game is dealt and kept in its saved record. The
/// statistics remember the ids of the games they counted
/// ([`crate::app::stats::Statistics::counted`]), so that a game is counted once
/// and a saved game that was counted is not resumed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub String);

impl GameId {
    /// A new id from 64 random bits.
    pub fn random() -> GameId {
        GameId(format!("{:016x}", rand::random::<u64>()))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A saved game, as stored in JSON (see the module docs for the fields).
/// Unvalidated: [`GameRecord::replay`] checks it and rebuilds the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The record format's version; [`FORMAT_VERSION`] when written here.
    pub format_version: u32,
    /// The game number in decimal (1 to 2^128−1), or `None` for a deal
    /// given in the deal format. Kept as the file has it, not as a
    /// [`GameNumber`], for the reason given for `draw`: a record with game
    /// `"0"` is a saved game that [`GameRecord::deal`] refuses naming the
    /// field.
    pub game: Option<String>,
    /// The deal in the deal format, when it is not given by `game`.
    pub deal: Option<String>,
    /// Cards per draw: 1 or 3 in a record that replays. Kept as the file
    /// has it (like `game` and `passes`), not as a
    /// [`DrawCount`]: a record with draw 2 is
    /// still a saved game, never taken for a corrupt file, and
    /// [`GameRecord::rules`] names the field that is wrong.
    pub draw: usize,
    /// The pass limit (1 or more in a record that replays); `None` for
    /// unlimited. Kept as the file has it, not as a
    /// [`PassLimit`], for the reason given for `draw`: a record with
    /// passes 0 is a saved game that [`GameRecord::rules`] refuses naming
    /// the field.
    pub passes: Option<u32>,
    /// Whether foundation-to-tableau moves are allowed.
    pub foundation_to_tableau: bool,
    /// The scoring (`standard`, `vegas` or `none` in the file).
    pub scoring: Scoring,
    /// The moves played, as commands, first first.
    pub moves: Vec<String>,
    /// The redo list as commands, the most recently undone move last.
    #[serde(default)]
    pub undone: Vec<String>,
    /// Play time so far, in seconds.
    #[serde(default)]
    pub elapsed_seconds: u64,
    /// The game's identity for the statistics; `None` in records written
    /// before ids existed (and by [`GameRecord::from_game`]: the session
    /// sets it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<GameId>,
    /// Indices (0-based) in `moves` of the moves autoplay made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub automatic: Vec<usize>,
    /// Indices (0-based) in `undone` of the moves autoplay made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undone_automatic: Vec<usize>,
    /// The cards (codes, `"2S"`) the player took down from a foundation
    /// that autoplay leaves on the tableau while they are there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept_down: Vec<Card>,
}

/// A game rebuilt from a record by [`GameRecord::replay`].
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game, with its history (for undo) and redo list as saved.
    pub game: Game,
    /// The deal the game was dealt from.
    pub deal: Deal,
    /// The game number, when the deal came from one.
    pub number: Option<GameNumber>,
    /// The scoring in force.
    pub scoring: Scoring,
    /// The score sheet, in step with the game's history.
    pub score: ScoreSheet,
    /// Play time so far, in seconds, as saved.
    pub elapsed_seconds: u64,
    /// For each move of the history: whether autoplay made it.
    pub auto: Vec<bool>,
    /// For each move of the redo list (the next redo last): whether autoplay
    /// made it.
    pub redo_auto: Vec<bool>,
    /// The cards the player took down that autoplay leaves down.
    pub kept_down: Vec<Card>,
}

/// How many characters of a game record's text an error quotes back.
const RECORD_QUOTED: usize = 30;

/// A piece of a game record's text quoted back in an error: printable,
/// and short.
fn quoted(text: &str) -> String {
    crate::engine::text::readable(text, RECORD_QUOTED)
}

/// Why a record could not be read or replayed. Each message is one line
/// (what to type instead of a refused move is the presentation layer's to
/// add: [`crate::app::render::refusals::record_error`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is not JSON, or not an object with the fields of a record;
    /// `why` is serde's message, with the line and column.
    #[error("not a game record: {why}")]
    NotJson {
        /// What was wrong, as the JSON reader says it: serde words it, so
        /// it stays text.
        why: String,
    },
    /// The record was written by a newer version of the format.
    #[error("the game record is format version {found}, newer than this klondike reads (up to {supported}): a newer klondike wrote it")]
    NewerVersion {
        /// The record's `format_version`.
        found: u64,
        /// The newest version this crate reads ([`FORMAT_VERSION`]).
        supported: u32,
    },
    /// A field has a value outside what it may hold.
    #[error("the game record's field '{field}' is wrong: {why}")]
    BadField {
        /// The field's name in JSON.
        field: &'static str,
        /// What is wrong with it.
        why: FieldFault,
    },
    /// A move of `moves` cannot be played.
    #[error("move {index} of the game record ('{}') cannot be played: {why}", quoted(command))]
    IllegalMove {
        /// 1-based position in `moves`.
        index: usize,
        /// The move's text, as the record has it (the message shortens it
        /// and makes it printable).
        command: String,
        /// Why: not a move command, or the rule that forbids it.
        why: MoveFault,
    },
    /// A move of `undone` cannot be played again.
    #[error("undone move {index} of the game record ('{}') cannot be played again: {why}", quoted(command))]
    IllegalRedo {
        /// 1-based position in `undone` (the last is the next redo).
        index: usize,
        /// The move's text, as the record has it (the message shortens it
        /// and makes it printable).
        command: String,
        /// Why: not a move command, or the rule that forbids it.
        why: MoveFault,
    },
}

/// What is wrong with a field of a record ([`RecordError::BadField`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldFault {
    /// `format_version` is 0: versions start at 1.
    #[error("versions start at 1")]
    VersionZero,
    /// `draw` is neither 1 nor 3.
    #[error("{}", crate::engine::rules::DrawCountError(*.0))]
    NotADrawCount(usize),
    /// `passes` is 0 (the least is 1; unlimited is `null`).
    #[error("{}", crate::engine::rules::PassLimitZero)]
    PassesZero,
    /// `game` is not a number from 1 to 2^128-1 in decimal digits: its
    /// text, as the record has it.
    #[error("'{}' is not a game number (1 to 2^128-1)", quoted(.0))]
    NotAGameNumber(String),
    /// `deal` is not a deal, or `game` has none.
    #[error("{0}")]
    Deal(DealError),
    /// `deal` is not the deal of the game `game` names, this one.
    #[error("it is not the deal of game {0}, which the record also names")]
    NotTheDealOf(GameNumber),
    /// Neither `game` nor `deal` is given.
    #[error("the record names neither a game number nor a deal")]
    NoGameNorDeal,
    /// `elapsed_seconds` is more than [`MAX_ELAPSED_SECONDS`]: no clock of a
    /// game played reads so, so the file is at fault.
    #[error("{0} seconds is more than 100 years of play")]
    ImpossibleClock(u64),
}

/// The most play time a record may hold: 100 years. The session's clock
/// saturates rather than overflows, so a larger figure (up to 2^64 - 1)
/// was never counted by it: it is a fault of the file, refused like any
/// other bad field rather than carried into the statistics.
pub const MAX_ELAPSED_SECONDS: u64 = 100 * 366 * 24 * 60 * 60;

/// Why a move of a record cannot be played ([`RecordError::IllegalMove`],
/// [`RecordError::IllegalRedo`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveFault {
    /// A command of the game notation that is not a move (a query, `undo`,
    /// `redo`, `help`).
    #[error("'{0}' is not a move")]
    NotAMove(Command),
    /// A command of the session (`save`, `q`), which is no move either: its
    /// text, trimmed.
    #[error("'{0}' is not a move")]
    SessionCommand(String),
    /// The text is not a command.
    #[error("{0}")]
    NotACommand(CommandError),
    /// The rules forbid the move where it comes.
    #[error("{0}")]
    Refused(MoveError),
}

impl GameRecord {
    /// The game's id: its own, or for a record written before ids existed
    /// one made from its contents (so that every read of the same record
    /// gives the same id, and it is never counted twice).
    pub fn identity(&self) -> GameId {
        if let Some(id) = &self.id {
            return id.clone();
        }
        // FNV-1a over the fields that name the game and its moves.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let text = format!(
            "{:?}|{:?}|{}|{:?}|{}|{}|{:?}|{:?}",
            self.game,
            self.deal,
            self.draw,
            self.passes,
            self.foundation_to_tableau,
            self.scoring,
            self.moves,
            self.undone
        );
        for b in text.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        GameId(format!("{h:016x}"))
    }

    /// The record of `game` as it stands: its moves, its redo list, and
    /// the deal it was dealt from (`number` when it came from a game
    /// number, otherwise `deal` in the deal format), its rules, `scoring`
    /// and the play time `elapsed_seconds`.
    pub fn from_game(
        game: &Game,
        number: Option<GameNumber>,
        deal: &Deal,
        scoring: Scoring,
        elapsed_seconds: u64,
    ) -> GameRecord {
        let rules = game.rules();
        // The redo list is private to Game: read it by redoing on a copy.
        // Redo gives the most recently undone move first.
        let mut copy = game.clone();
        let mut undone = Vec::new();
        while let Ok(played) = copy.redo() {
            undone.push(played.mv.to_string());
        }
        undone.reverse();
        GameRecord {
            format_version: FORMAT_VERSION,
            game: number.map(|n| n.to_string()),
            deal: match number {
                Some(_) => None,
                None => Some(deal.to_string()),
            },
            draw: rules.draw.cards(),
            passes: match rules.passes {
                PassLimit::Unlimited => None,
                PassLimit::Limited(n) => Some(n),
            },
            foundation_to_tableau: rules.foundation_to_tableau,
            scoring,
            moves: game.history().iter().map(|p| p.mv.to_string()).collect(),
            undone,
            elapsed_seconds,
            id: None,
            automatic: Vec::new(),
            undone_automatic: Vec::new(),
            kept_down: Vec::new(),
        }
    }

    /// The record as pretty-printed JSON (two-space indents, one field a
    /// line, no trailing newline).
    pub fn to_json(&self) -> String {
        // Serializing plain strings, numbers and arrays cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a record from JSON. The version is checked first, so a newer
    /// record is named as such even if its fields changed. The moves are
    /// not checked here: see [`GameRecord::replay`].
    ///
    /// # Errors
    /// [`RecordError::NewerVersion`] for a `format_version` above
    /// [`FORMAT_VERSION`]; [`RecordError::NotJson`] for text that is not
    /// JSON, or a field missing or of the wrong type (serde's message);
    /// [`RecordError::BadField`] for a `format_version` of 0.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        // A byte-order mark at the start (an editor's) is not JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::NotJson { why: e.to_string() })?;
        if let Some(found) = value.get("format_version").and_then(serde_json::Value::as_u64) {
            if found > u64::from(FORMAT_VERSION) {
                return Err(RecordError::NewerVersion { found, supported: FORMAT_VERSION });
            }
        }
        let record: GameRecord =
            serde_json::from_value(value).map_err(|e| RecordError::NotJson { why: e.to_string() })?;
        if record.format_version == 0 {
            return Err(RecordError::BadField { field: "format_version", why: FieldFault::VersionZero });
        }
        Ok(record)
    }

    /// The rules the record names.
    ///
    /// # Errors
    /// [`RecordError::BadField`] for a draw other than 1 or 3, or passes 0.
    pub fn rules(&self) -> Result<Rules, RecordError> {
        let draw = DrawCount::try_from(self.draw)
            .map_err(|e| RecordError::BadField { field: "draw", why: FieldFault::NotADrawCount(e.0) })?;
        let passes = match self.passes {
            None => PassLimit::Unlimited,
            Some(0) => return Err(RecordError::BadField { field: "passes", why: FieldFault::PassesZero }),
            Some(n) => PassLimit::Limited(n),
        };
        Ok(Rules { draw, passes, foundation_to_tableau: self.foundation_to_tableau })
    }

    /// The deal and game number the record names.
    ///
    /// # Errors
    /// [`RecordError::BadField`] when `game` is not a number from 1 to
    /// 2^128−1, `deal` is not a valid deal, neither is given, or both are
    /// and disagree.
    pub fn deal(&self) -> Result<(Deal, Option<GameNumber>), RecordError> {
        let number =
            match &self.game {
                None => None,
                // Read as every game number is (digits only, from 1).
                Some(text) => Some(text.parse::<GameNumber>().map_err(|_| RecordError::BadField {
                    field: "game",
                    why: FieldFault::NotAGameNumber(text.clone()),
                })?),
            };
        let given = match &self.deal {
            None => None,
            Some(text) => Some(
                text.parse::<Deal>().map_err(|e| RecordError::BadField { field: "deal", why: FieldFault::Deal(e) })?,
            ),
        };
        match (number, given) {
            (Some(n), given) => {
                let deal = Deal::for_number(n);
                if given.is_some_and(|g| g != deal) {
                    return Err(RecordError::BadField { field: "deal", why: FieldFault::NotTheDealOf(n) });
                }
                Ok((deal, Some(n)))
            }
            (None, Some(deal)) => Ok((deal, None)),
            (None, None) => Err(RecordError::BadField { field: "game", why: FieldFault::NoGameNorDeal }),
        }
    }

    /// Rebuilds the game: deals it, plays every move of `moves` through the
    /// engine (each parsed as a command and resolved against the position),
    /// keeping the score sheet in step, then plays the `undone` moves and
    /// undoes them, so that undo and redo work as they did when it was saved.
    ///
    /// # Errors
    /// [`RecordError::BadField`] for bad rules or deal (see
    /// [`GameRecord::rules`], [`GameRecord::deal`]), or a play time over
    /// [`MAX_ELAPSED_SECONDS`];
    /// [`RecordError::IllegalMove`] / [`RecordError::IllegalRedo`] naming
    /// the first move that is not a move command or that the rules forbid.
    pub fn replay(&self) -> Result<Replayed, RecordError> {
        let rules = self.rules()?;
        if self.elapsed_seconds > MAX_ELAPSED_SECONDS {
            return Err(RecordError::BadField {
                field: "elapsed_seconds",
                why: FieldFault::ImpossibleClock(self.elapsed_seconds),
            });
        }
        let scoring = self.scoring;
        let (deal, number) = self.deal()?;
        let mut game = Game::new(&deal, rules);
        let mut score = ScoreSheet::new(scoring);
        for (i, text) in self.moves.iter().enumerate() {
            play_text(&mut game, &mut score, text).map_err(|why| RecordError::IllegalMove {
                index: i + 1,
                command: text.clone(),
                why,
            })?;
        }
        // The last of `undone` is the next redo: play it first, undo it last.
        for (i, text) in self.undone.iter().enumerate().rev() {
            play_text(&mut game, &mut score, text).map_err(|why| RecordError::IllegalRedo {
                index: i + 1,
                command: text.clone(),
                why,
            })?;
        }
        for _ in &self.undone {
            if game.undo().is_ok() {
                score.after_undo();
            }
        }
        let flags = |len: usize, indices: &[usize]| {
            let mut flags = vec![false; len];
            for &i in indices {
                if let Some(f) = flags.get_mut(i) {
                    *f = true;
                }
            }
            flags
        };
        let auto = flags(self.moves.len(), &self.automatic);
        let redo_auto = flags(self.undone.len(), &self.undone_automatic);
        let kept_down = self.kept_down.clone();
        Ok(Replayed {
            game,
            deal,
            number,
            scoring,
            score,
            elapsed_seconds: self.elapsed_seconds,
            auto,
            redo_auto,
            kept_down,
        })
    }
}

/// Parses `text` as a move command, resolves it and plays it, scoring it.
fn play_text(game: &mut Game, score: &mut ScoreSheet, text: &str) -> Result<(), MoveFault> {
    let command = match text.parse::<Command>() {
        Ok(Command::Move(m)) => m,
        Ok(other) => return Err(MoveFault::NotAMove(other)),
        // A session's command (`save`, `q`) is no move either.
        Err(CommandError::SessionCommand { .. }) => return Err(MoveFault::SessionCommand(text.trim().to_string())),
        Err(e) => return Err(MoveFault::NotACommand(e)),
    };
    let mv = command.resolve(game.position(), game.rules()).map_err(MoveFault::Refused)?;
    let before = game.position().clone();
    let played = game.play(mv).map_err(MoveFault::Refused)?;
    score.after_play(&before, &played, game.rules());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line() {
        let r = GameRecord {
            format_version: 1,
            game: Some("1".into()),
            deal: None,
            draw: 1,
            passes: None,
            foundation_to_tableau: false,
            scoring: Scoring::Standard,
            moves: vec!["t 9\n\u{1b}".into()],
            undone: vec![],
            elapsed_seconds: 0,
            id: None,
            automatic: vec![],
            undone_automatic: vec![],
            kept_down: vec![],
        };
        let msg = r.replay().unwrap_err().to_string();
        assert!(!msg.chars().any(char::is_control), "{msg}");
        assert!(msg.starts_with("move 1 of the game record"), "{msg}");
    }

    #[test]
    fn a_record_with_draw_2_reads_and_is_refused_naming_the_field() {
        let deal = Deal::for_number(crate::engine::deal::GameNumber::ONE);
        let game = Game::new(&deal, Rules { draw: DrawCount::Three, ..Rules::default() });
        let json = GameRecord::from_game(&game, GameNumber::new(1), &deal, Scoring::Standard, 0).to_json();
        assert!(json.contains("\"draw\": 3,"), "{json}");
        let back = GameRecord::from_json(&json).unwrap();
        assert_eq!(back.rules().unwrap().draw, DrawCount::Three);
        // Draw 2 is still a saved game (not a corrupt file), refused on replay.
        let two = GameRecord::from_json(&json.replace("\"draw\": 3,", "\"draw\": 2,")).unwrap();
        let msg = two.replay().unwrap_err().to_string();
        assert_eq!(msg, "the game record's field 'draw' is wrong: 2 is not a draw count (1 or 3)");
    }

    #[test]
    fn a_record_with_passes_0_or_game_0_reads_and_is_refused_naming_the_field() {
        let deal = Deal::for_number(crate::engine::deal::GameNumber::ONE);
        let game = Game::new(&deal, Rules { passes: PassLimit::Limited(3), ..Rules::default() });
        let json = GameRecord::from_game(&game, GameNumber::new(1), &deal, Scoring::Standard, 0).to_json();
        assert!(json.contains("\"game\": \"1\",") && json.contains("\"passes\": 3,"), "{json}");
        let unlimited = GameRecord::from_json(&json.replace("\"passes\": 3,", "\"passes\": null,")).unwrap();
        assert_eq!(unlimited.rules().unwrap().passes, PassLimit::Unlimited);
        // Passes 0 and game 0 are still saved games (not corrupt files),
        // refused on replay naming the field.
        let zero = GameRecord::from_json(&json.replace("\"passes\": 3,", "\"passes\": 0,")).unwrap();
        let msg = zero.replay().unwrap_err().to_string();
        assert_eq!(
            msg,
            "the game record's field 'passes' is wrong: 0 is not a pass limit (1 or more, or null for unlimited)"
        );
        let zero = GameRecord::from_json(&json.replace("\"game\": \"1\",", "\"game\": \"0\",")).unwrap();
        let msg = zero.replay().unwrap_err().to_string();
        assert_eq!(msg, "the game record's field 'game' is wrong: '0' is not a game number (1 to 2^128-1)");
    }

    #[test]
    fn a_record_with_an_impossible_clock_is_refused_naming_the_field() {
        let deal = Deal::for_number(crate::engine::deal::GameNumber::ONE);
        let game = Game::new(&deal, Rules::default());
        let mut record =
            GameRecord::from_game(&game, GameNumber::new(1), &deal, Scoring::Standard, MAX_ELAPSED_SECONDS);
        assert_eq!(record.replay().unwrap().elapsed_seconds, MAX_ELAPSED_SECONDS);
        record.elapsed_seconds = u64::MAX - 5;
        let msg = record.replay().unwrap_err().to_string();
        assert_eq!(
            msg,
            "the game record's field 'elapsed_seconds' is wrong: 18446744073709551610 seconds is more than 100 years of play"
        );
    }
}
