//! Scoring: [`Scoring`] (standard, Vegas or none) and the [`ScoreSheet`]
//! that follows a game move by move, undo and redo included.
//!
//! # Standard scoring
//! The scoring of Windows Solitaire (Windows 3.0 to XP) as its help file
//! and the common descriptions of it give it (for example Wikipedia's
//! "Microsoft Solitaire" article and the "Solitaire (Windows)" help topic
//! "Scoring"):
//!
//! | move | points |
//! |---|---|
//! | waste to tableau | +5 ([`WASTE_TO_TABLEAU`]) |
//! | waste to foundation | +10 ([`TO_FOUNDATION`]) |
//! | tableau to foundation | +10 ([`TO_FOUNDATION`]) |
//! | a tableau card turned face up | +5 ([`TURN_UP`]), on top of the move that exposed it |
//! | foundation to tableau | −15 ([`FOUNDATION_TO_TABLEAU`]) |
//! | redeal in draw-1 | −100 ([`REDEAL_DRAW_ONE`]) for every redeal (each one ends a pass) |
//! | redeal in draw-3 | −20 ([`REDEAL_DRAW_THREE`]) for each redeal that starts the 4th pass or a later one |
//! | draw, tableau to tableau | 0 |
//!
//! The score never goes below 0: a move that would take it under 0 leaves
//! it at 0. Windows also has a time penalty and a time bonus for timed
//! games; this module gives none (the score depends on the moves alone, so
//! a scripted replay always scores the same). [`standard_time_bonus`] is
//! there for a front end that wants to offer it in interactive play.
//!
//! # Vegas scoring
//! The Vegas scoring of Windows Solitaire: the game costs 52 to start
//! ([`VEGAS_START`]), and every card played to a foundation pays 5
//! ([`VEGAS_PER_CARD`]). Windows has no foundation-to-tableau moves in
//! Vegas; here a card that comes back down from a foundation takes its 5
//! back, so playing it up again does not pay twice. There is no floor: the
//! score is a balance and may be negative. Vegas is usually played with a
//! limited number of passes, see [`vegas_pass_limit`].
//!
//! # Undo
//! The sheet keeps the score after every move, so undo restores the
//! previous score exactly, even where the floor at 0 cut a penalty short.

use std::fmt;
use std::str::FromStr;

use crate::engine::game::{Game, Played, Position};
use crate::engine::moves::Move;
use crate::engine::rules::{DrawCount, PassLimit, Rules};

/// Standard: points for moving the top card of the waste onto the tableau.
pub const WASTE_TO_TABLEAU: i64 = 5;
/// Standard: points for a card played to a foundation, from the waste or the tableau.
pub const TO_FOUNDATION: i64 = 10;
/// Standard: points for a face-down tableau card turned face up.
pub const TURN_UP: i64 = 5;
/// Standard: points for a card moved from a foundation back to the tableau (negative).
pub const FOUNDATION_TO_TABLEAU: i64 = -15;
/// Standard, draw-1: points for every redeal (negative).
pub const REDEAL_DRAW_ONE: i64 = -100;
/// Standard, draw-3: points for each redeal that starts pass 4 or later (negative).
pub const REDEAL_DRAW_THREE: i64 = -20;
/// Standard, draw-3: the first pass whose redeal costs [`REDEAL_DRAW_THREE`]
/// (the first three passes are free).
pub const DRAW_THREE_FIRST_PAID_PASS: u32 = 4;
/// Vegas: the score at the start of a game, the price of the deck (negative).
pub const VEGAS_START: i64 = -52;
/// Vegas: the pay for each card played to a foundation (and the charge for
/// each card that comes back down).
pub const VEGAS_PER_CARD: i64 = 5;

/// How a game is scored (the `--scoring` option). In saved games it is
/// the string `standard`, `vegas` or `none` (read in any case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Scoring {
    /// Windows Solitaire's standard scoring (see the module docs); never below 0.
    #[default]
    Standard,
    /// Vegas scoring: −52 to start, +5 per card to a foundation; no floor.
    Vegas,
    /// No score: the score is always 0.
    None,
}

impl Scoring {
    /// Every scoring, in the order the `--scoring` option lists them.
    pub const ALL: [Scoring; 3] = [Scoring::Standard, Scoring::Vegas, Scoring::None];

    /// The name as the `--scoring` option takes it: `standard`, `vegas`, `none`.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Standard => "standard",
            Scoring::Vegas => "vegas",
            Scoring::None => "none",
        }
    }

    /// The score before the first move: −52 for Vegas, 0 otherwise.
    pub fn start(self) -> i64 {
        match self {
            Scoring::Vegas => VEGAS_START,
            Scoring::Standard | Scoring::None => 0,
        }
    }
}

impl fmt::Display for Scoring {
    /// `standard`, `vegas` or `none`; [`FromStr`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a scoring name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a scoring: give standard, vegas or none", crate::engine::text::readable(text, 30))]
pub struct ScoringParseError {
    /// The text that is not a scoring (at most its first 30 characters).
    pub text: String,
}

impl TryFrom<String> for Scoring {
    type Error = ScoringParseError;

    fn try_from(text: String) -> Result<Scoring, ScoringParseError> {
        text.parse()
    }
}

impl From<Scoring> for String {
    fn from(scoring: Scoring) -> String {
        scoring.to_string()
    }
}

impl FromStr for Scoring {
    type Err = ScoringParseError;

    /// Reads `standard`, `vegas` or `none`, in any case, with surrounding
    /// white space ignored.
    ///
    /// # Errors
    /// [`ScoringParseError`] for anything else.
    fn from_str(s: &str) -> Result<Scoring, ScoringParseError> {
        let t = s.trim();
        Scoring::ALL
            .into_iter()
            .find(|sc| t.eq_ignore_ascii_case(sc.name()))
            .ok_or_else(|| ScoringParseError { text: s.chars().take(30).collect() })
    }
}

/// The pass limit Vegas is usually played with: one pass (no redeal) in
/// draw-1, three passes (two redeals) in draw-3. These are the limits of
/// Windows Solitaire's Vegas scoring (without "cumulative" play they are
/// not optional there); a `--passes` option given by the player overrides
/// them.
pub fn vegas_pass_limit(draw: DrawCount) -> PassLimit {
    match draw {
        DrawCount::One => PassLimit::Limited(1),
        DrawCount::Three => PassLimit::Limited(3),
    }
}

/// The points `played` earns under `scoring`, before any floor is applied.
/// `before` is the position the move was played in (only a redeal needs
/// it: the pass it ends); `rules` are the rules in force (the draw count).
/// See the module docs for the tables.
pub fn points(scoring: Scoring, before: &Position, played: &Played, rules: &Rules) -> i64 {
    match scoring {
        Scoring::None => 0,
        Scoring::Vegas => match played.mv {
            Move::FoundationToTableau { .. } => -VEGAS_PER_CARD,
            _ if played.foundation_card.is_some() => VEGAS_PER_CARD,
            _ => 0,
        },
        Scoring::Standard => {
            let turn_up = if played.turned_up.is_some() { TURN_UP } else { 0 };
            let base = match played.mv {
                Move::Draw | Move::TableauToTableau { .. } => 0,
                Move::Redeal => {
                    let new_pass = before.pass().saturating_add(1);
                    match rules.draw {
                        DrawCount::One => REDEAL_DRAW_ONE,
                        DrawCount::Three if new_pass >= DRAW_THREE_FIRST_PAID_PASS => REDEAL_DRAW_THREE,
                        DrawCount::Three => 0,
                    }
                }
                Move::WasteToTableau { .. } => WASTE_TO_TABLEAU,
                Move::WasteToFoundation | Move::TableauToFoundation { .. } => TO_FOUNDATION,
                Move::FoundationToTableau { .. } => FOUNDATION_TO_TABLEAU,
            };
            base + turn_up
        }
    }
}

/// A scoring with the score a game stands at under it: what a move would
/// change the score by, floor included (standard scores never go below 0,
/// so a redeal at 40 points costs 40, not 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreNow {
    /// The scoring in force.
    pub scoring: Scoring,
    /// The score now, in points (see [`ScoreSheet::current`]).
    pub score: i64,
}

impl ScoreNow {
    /// No scoring kept: every move changes the score by 0.
    pub const NONE: ScoreNow = ScoreNow { scoring: Scoring::None, score: 0 };

    /// The score after `played` (played in `before` under `rules`), in points.
    pub fn after(self, before: &Position, played: &Played, rules: &Rules) -> i64 {
        let raw = self.score.saturating_add(points(self.scoring, before, played, rules));
        match self.scoring {
            Scoring::Standard => raw.max(0),
            Scoring::Vegas | Scoring::None => raw,
        }
    }

    /// What `played` would change the score by, in points (0, or negative
    /// for a cost, for a redeal).
    pub fn change(self, before: &Position, played: &Played, rules: &Rules) -> i64 {
        self.after(before, played, rules) - self.score
    }
}

/// Windows Solitaire's time bonus for a won timed game under standard
/// scoring: 700 000 divided by the seconds taken, for games longer than 30
/// seconds (0 for 30 seconds or less). Not part of [`ScoreSheet`]: a front
/// end may add it to the final score of an interactive game; scripted runs
/// get no time bonus.
pub fn standard_time_bonus(seconds: u64) -> i64 {
    if seconds <= 30 {
        0
    } else {
        i64::try_from(700_000 / seconds).unwrap_or(0)
    }
}

/// The score of one game, kept in step with its moves: call
/// [`ScoreSheet::after_play`] after each move played, [`ScoreSheet::after_undo`]
/// after each undo and [`ScoreSheet::after_redo`] after each redo.
///
/// It holds the score after every move still in the game's history, so
/// undo gives back exactly the score before the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreSheet {
    scoring: Scoring,
    /// The score at the start, then after each move; never empty.
    scores: Vec<i64>,
}

impl ScoreSheet {
    /// A sheet for a new game: 0, or −52 under Vegas.
    pub fn new(scoring: Scoring) -> ScoreSheet {
        ScoreSheet { scoring, scores: vec![scoring.start()] }
    }

    /// The sheet of `game` as it stands, built by replaying its history
    /// from `start`, the position the game began in (for a game made by
    /// [`Game::new`], `Position::new(&deal)`). A move of the history that
    /// does not play from `start` (a wrong start) stops the replay there.
    pub fn for_game(scoring: Scoring, start: &Position, game: &Game) -> ScoreSheet {
        let mut sheet = ScoreSheet::new(scoring);
        let mut position = start.clone();
        for past in game.history() {
            let before = position.clone();
            match position.play(past.mv, game.rules()) {
                Ok(played) => sheet.after_play(&before, &played, game.rules()),
                Err(_) => break,
            }
        }
        sheet
    }

    /// The scoring this sheet keeps.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The score now: for standard scoring 0 or more; for Vegas the
    /// balance of this game (from −52 up to 208); for none, 0.
    pub fn current(&self) -> i64 {
        self.scores.last().copied().unwrap_or_else(|| self.scoring.start())
    }

    /// The scoring and the score now, for what the next move would change.
    pub fn now(&self) -> ScoreNow {
        ScoreNow { scoring: self.scoring, score: self.current() }
    }

    /// How many moves the sheet has scored (it should equal
    /// [`Game::moves_made`]).
    pub fn moves_scored(&self) -> usize {
        self.scores.len().saturating_sub(1)
    }

    /// Scores a move just played: `before` is the position it was played
    /// in, `played` what [`Game::play`] returned, `rules` the rules in force.
    pub fn after_play(&mut self, before: &Position, played: &Played, rules: &Rules) {
        let next = self.now().after(before, played, rules);
        self.scores.push(next);
    }

    /// Takes back the score of the last move, restoring the score before it
    /// exactly. Does nothing when no move is left to take back.
    pub fn after_undo(&mut self) {
        if self.scores.len() > 1 {
            self.scores.pop();
        }
    }

    /// Scores a move replayed by redo; the same as [`ScoreSheet::after_play`].
    pub fn after_redo(&mut self, before: &Position, played: &Played, rules: &Rules) {
        self.after_play(before, played, rules);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::card::Suit;
    use crate::engine::moves::PileId;

    fn rules(draw: DrawCount, f2t: bool) -> Rules {
        Rules { draw, passes: PassLimit::Unlimited, foundation_to_tableau: f2t }
    }

    /// A position with pile 1 = [hidden 5C | up KH], pile 2 = [up QS, JH],
    /// pile 3 = [hidden 2C | up AH], the spades foundation up to the 2, the
    /// waste 3S then QC (top); the other 42 cards in the stock.
    fn position() -> Position {
        "tableau 5C | KH / | QS JH / 2C | AH / - / - / - / - ; stock * ; waste 3S QC ; foundations - - - 2S ; pass 1"
            .parse()
            .unwrap()
    }

    fn play(sheet: &mut ScoreSheet, pos: &mut Position, mv: Move, r: &Rules) -> i64 {
        let before = pos.clone();
        let played = pos.play(mv, r).unwrap();
        sheet.after_play(&before, &played, r);
        sheet.current()
    }

    #[test]
    fn names_round_trip() {
        for s in Scoring::ALL {
            assert_eq!(s.to_string().parse(), Ok(s));
            assert_eq!(s.to_string().to_uppercase().parse(), Ok(s));
        }
        assert!("vega".parse::<Scoring>().is_err());
        assert!("".parse::<Scoring>().is_err());
        let msg = "\u{1b}x".parse::<Scoring>().unwrap_err().to_string();
        assert!(!msg.chars().any(char::is_control), "{msg}");
    }

    #[test]
    fn vegas_limits() {
        assert_eq!(vegas_pass_limit(DrawCount::One), PassLimit::Limited(1));
        assert_eq!(vegas_pass_limit(DrawCount::Three), PassLimit::Limited(3));
    }

    #[test]
    fn standard_every_kind_of_move() {
        let r = rules(DrawCount::One, true);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::Standard);
        assert_eq!(sheet.current(), 0);
        // waste to tableau: QC onto KH
        assert_eq!(play(&mut sheet, &mut pos, Move::WasteToTableau { to: PileId::ALL[0] }, &r), 5);
        // waste to foundation: 3S
        assert_eq!(play(&mut sheet, &mut pos, Move::WasteToFoundation, &r), 15);
        // tableau to foundation turning up the 2C: +10 +5
        assert_eq!(play(&mut sheet, &mut pos, Move::TableauToFoundation { from: PileId::ALL[2] }, &r), 30);
        // foundation to tableau: the AH back onto... it needs a black 2: the 2C on pile 3
        assert_eq!(
            play(&mut sheet, &mut pos, Move::FoundationToTableau { suit: Suit::Hearts, to: PileId::ALL[2] }, &r),
            15
        );
        // tableau to tableau with no turn-up: JH from pile 2 onto QC on pile 1
        assert_eq!(
            play(
                &mut sheet,
                &mut pos,
                Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[0], count: 1 },
                &r
            ),
            15
        );
        // draw: 0
        assert_eq!(play(&mut sheet, &mut pos, Move::Draw, &r), 15);
        assert_eq!(sheet.moves_scored(), 6);
        // every undo gives back the score before
        for expected in [15, 15, 30, 15, 5, 0] {
            sheet.after_undo();
            assert_eq!(sheet.current(), expected);
        }
        sheet.after_undo();
        assert_eq!(sheet.current(), 0);
    }

    #[test]
    fn tableau_to_tableau_turn_up_scores_five() {
        let r = rules(DrawCount::One, false);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::Standard);
        // AH to its foundation turns up the 2C: +10 +5
        play(&mut sheet, &mut pos, Move::TableauToFoundation { from: PileId::ALL[2] }, &r);
        // QS-JH onto the KH empties pile 2; nothing is turned up
        assert_eq!(
            play(
                &mut sheet,
                &mut pos,
                Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[0], count: 2 },
                &r
            ),
            15
        );
        // KH-QS-JH to empty pile 2 turns up the 5C: +5
        assert_eq!(
            play(
                &mut sheet,
                &mut pos,
                Move::TableauToTableau { from: PileId::ALL[0], to: PileId::ALL[1], count: 3 },
                &r
            ),
            20
        );
    }

    fn redeals(draw: DrawCount, n: usize) -> (Vec<i64>, ScoreSheet, Position, Rules) {
        let r = rules(draw, false);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::Standard);
        // earn 15 first: QC to pile 1 (+5), 3S to foundation (+10)
        play(&mut sheet, &mut pos, Move::WasteToTableau { to: PileId::ALL[0] }, &r);
        play(&mut sheet, &mut pos, Move::WasteToFoundation, &r);
        let mut after = Vec::new();
        for _ in 0..n {
            while pos.stock_len() > 0 {
                play(&mut sheet, &mut pos, Move::Draw, &r);
            }
            after.push(play(&mut sheet, &mut pos, Move::Redeal, &r));
        }
        (after, sheet, pos, r)
    }

    #[test]
    fn draw_one_redeal_costs_100_with_floor_and_exact_undo() {
        let (after, mut sheet, _, _) = redeals(DrawCount::One, 2);
        assert_eq!(after, [0, 0]);
        sheet.after_undo(); // second redeal
        assert_eq!(sheet.current(), 0);
        while sheet.moves_scored() > 2 {
            sheet.after_undo();
        }
        assert_eq!(sheet.current(), 15, "the floor's cut is given back exactly");
    }

    #[test]
    fn draw_three_redeals_are_free_for_three_passes() {
        let r = rules(DrawCount::Three, false);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::Standard);
        play(&mut sheet, &mut pos, Move::WasteToTableau { to: PileId::ALL[0] }, &r);
        play(&mut sheet, &mut pos, Move::WasteToFoundation, &r);
        // 15 points; the redeal into pass 4 costs 20 and stops at the floor
        let mut after = Vec::new();
        let mut before_redeal = Vec::new();
        for _ in 0..4 {
            while pos.stock_len() > 0 {
                play(&mut sheet, &mut pos, Move::Draw, &r);
            }
            before_redeal.push(sheet.moves_scored());
            after.push((pos.pass() + 1, play(&mut sheet, &mut pos, Move::Redeal, &r)));
        }
        assert_eq!(after, [(2, 15), (3, 15), (4, 0), (5, 0)]);
        // undo back to just before the redeal into pass 4
        while sheet.moves_scored() > before_redeal[2] {
            sheet.after_undo();
        }
        assert_eq!(sheet.current(), 15);
    }

    #[test]
    fn draw_three_penalty_amount() {
        let r = rules(DrawCount::Three, false);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::Standard);
        sheet.scores = vec![100];
        for _ in 0..4 {
            while pos.stock_len() > 0 {
                play(&mut sheet, &mut pos, Move::Draw, &r);
            }
            play(&mut sheet, &mut pos, Move::Redeal, &r);
        }
        assert_eq!(sheet.current(), 60);
    }

    #[test]
    fn vegas() {
        let r = rules(DrawCount::One, true);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::Vegas);
        assert_eq!(sheet.current(), -52);
        assert_eq!(play(&mut sheet, &mut pos, Move::WasteToTableau { to: PileId::ALL[0] }, &r), -52);
        assert_eq!(play(&mut sheet, &mut pos, Move::WasteToFoundation, &r), -47);
        assert_eq!(play(&mut sheet, &mut pos, Move::TableauToFoundation { from: PileId::ALL[2] }, &r), -42);
        assert_eq!(
            play(&mut sheet, &mut pos, Move::FoundationToTableau { suit: Suit::Hearts, to: PileId::ALL[2] }, &r),
            -47
        );
        while pos.stock_len() > 0 {
            play(&mut sheet, &mut pos, Move::Draw, &r);
        }
        assert_eq!(play(&mut sheet, &mut pos, Move::Redeal, &r), -47, "no redeal charge in Vegas");
        sheet.after_undo();
        assert_eq!(sheet.current(), -47);
    }

    #[test]
    fn none_is_always_zero() {
        let r = rules(DrawCount::One, true);
        let mut pos = position();
        let mut sheet = ScoreSheet::new(Scoring::None);
        play(&mut sheet, &mut pos, Move::WasteToTableau { to: PileId::ALL[0] }, &r);
        play(&mut sheet, &mut pos, Move::WasteToFoundation, &r);
        assert_eq!(sheet.current(), 0);
        sheet.after_undo();
        sheet.after_undo();
        sheet.after_undo();
        assert_eq!(sheet.current(), 0);
    }

    #[test]
    fn time_bonus() {
        assert_eq!(standard_time_bonus(0), 0);
        assert_eq!(standard_time_bonus(30), 0);
        assert_eq!(standard_time_bonus(100), 7000);
        assert_eq!(standard_time_bonus(u64::MAX), 0);
    }

    #[test]
    fn for_game_matches_incremental() {
        let deal = crate::engine::deal::Deal::for_number(crate::engine::deal::GameNumber::new(11).unwrap());
        let r = rules(DrawCount::One, false);
        let mut game = Game::new(&deal, r);
        let mut sheet = ScoreSheet::new(Scoring::Standard);
        for _ in 0..200 {
            let legal = game.legal_moves();
            let progress = legal.iter().find(|m| !matches!(m, Move::Draw | Move::Redeal));
            let Some(&mv) = progress.or(legal.first()) else { break };
            let before = game.position().clone();
            let played = game.play(mv).unwrap();
            sheet.after_play(&before, &played, &r);
        }
        assert_eq!(ScoreSheet::for_game(Scoring::Standard, &Position::new(&deal), &game), sheet);
    }
}
