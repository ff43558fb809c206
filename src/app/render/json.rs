//! The `--json` state object of SPEC.md: one per line, one per command.

use serde::Serialize;

use crate::app::batch::BatchVerdict;
use crate::app::flow::Advice;
use crate::app::play::Play;
use crate::app::render::rows::{empty_stock, EmptyStock};
use crate::engine::card::{Card, Suit};
use crate::engine::deal::GameNumber;
use crate::engine::game::Status;
use crate::engine::rules::{DrawCount, PassLimit};
use crate::engine::scoring::Scoring;
use crate::engine::solver::Verdict;

/// Cards on each foundation, 0..=13.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct FoundationCounts {
    #[serde(rename = "C")]
    pub clubs: u8,
    #[serde(rename = "D")]
    pub diamonds: u8,
    #[serde(rename = "H")]
    pub hearts: u8,
    #[serde(rename = "S")]
    pub spades: u8,
}

/// One tableau pile: the number of face-down cards and the face-up cards'
/// codes, bottom first.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PileState {
    pub hidden: usize,
    pub up: Vec<Card>,
}

/// What the command `d` does now, for a script that wants to know before
/// it sends one (SPEC.md leaves it to the table; here it is a field).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum NextDraw {
    /// The stock has cards: `d` turns the next of them.
    Draw,
    /// The stock is empty: `d` turns the waste over (a redeal); its cost is
    /// [`State::redeal_points`].
    Redeal,
    /// The stock and the waste are both empty: `d` is refused.
    NothingLeft,
    /// The stock is empty and the pass limit allows no redeal: `d` is refused.
    NoRedealLeft,
}

/// One JSON state line (SPEC.md, "--json"). Face-down cards and the order
/// of the stock are never included.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct State {
    /// The command as read; `None` (null) for the initial state.
    pub command: Option<String>,
    /// False where the command was rejected.
    pub ok: bool,
    /// Why it was rejected.
    pub error: Option<String>,
    /// `playing`, `won` or `stuck`.
    pub status: Status,
    /// Moves made so far (undo takes one back).
    pub moves: usize,
    /// The score under the scoring in force (0 without scoring).
    pub score: i64,
    /// The scoring in force: `standard`, `vegas` or `none`.
    pub scoring: Scoring,
    /// Cards in the stock.
    pub stock: usize,
    /// The whole waste, bottom first, as card codes.
    pub waste: Vec<Card>,
    /// The pass through the stock now under way, from 1.
    pub pass: u32,
    /// What `d` does now.
    pub next_draw: NextDraw,
    /// What the redeal `d` would make changes the score by, in points (0,
    /// or negative where the scoring charges for it); only when
    /// `next_draw` is `redeal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redeal_points: Option<i64>,
    /// Cards on each foundation.
    pub foundations: FoundationCounts,
    /// The seven piles, pile 1 first.
    pub tableau: Vec<PileState>,
    /// The game number, when the deal came from one, as a decimal string
    /// (numbers go up to 2^128-1, past what JSON readers keep exactly).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameNumber>,
    /// Cards per draw, the number 1 or 3 in JSON.
    pub draw: DrawCount,
    /// The pass limit: a number, or null for unlimited.
    pub passes: PassLimit,
    /// Whether foundation-to-tableau moves are allowed.
    pub foundation_to_tableau: bool,
    /// What a query command answered (a hint, the help text), if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// A question waits for yes or no (with `--confirm`): the command it
    /// asks about is not done yet. Written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub question: bool,
    /// What `hint` and `solve` found, as data (see [`SolverFacts`]).
    #[serde(flatten)]
    pub solver: SolverFacts,
}

/// What `hint` and `solve` at the prompt found, besides their sentence in
/// `message`, so that a script need not read the sentence: each field is
/// written only where the answer has it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SolverFacts {
    /// `hint`: the move suggested, as typed at the prompt (`auto` when
    /// every card is face up; in a game that cannot be won, a move to play
    /// on anyway); absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// Whether the game can still be won: `winnable`, `unwinnable`, or
    /// `unknown` where the solver did not decide (a `hint` from the
    /// heuristic, a search stopped or out of its budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<BatchVerdict>,
    /// `solve`: the whole winning line found, each move as typed at the
    /// prompt (empty for a game already won); with autoplay on, as typed
    /// under it, and absent where autoplay's moves part from the line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<String>>,
}

impl SolverFacts {
    /// What a `hint` found, in a game whose status is `status`: a won game
    /// is winnable and a stuck one unwinnable, whatever the hint (which
    /// asks no solver there).
    pub fn of_advice(advice: &Advice, status: Status) -> SolverFacts {
        let (hint, verdict) = match advice {
            Advice::Finish => (Some("auto".to_string()), BatchVerdict::Winnable),
            Advice::Winning { mv, .. } => (Some(mv.to_string()), BatchVerdict::Winnable),
            Advice::Heuristic(h) => (h.mv.map(|mv| mv.to_string()), BatchVerdict::Unknown),
            Advice::Stuck(_) => (None, BatchVerdict::Unknown),
            Advice::LostAtDeal(h) | Advice::Lost(h) => (h.mv.map(|mv| mv.to_string()), BatchVerdict::Unwinnable),
        };
        let verdict = match status {
            Status::Won => BatchVerdict::Winnable,
            Status::Stuck => BatchVerdict::Unwinnable,
            Status::Playing => verdict,
        };
        SolverFacts { hint, verdict: Some(verdict), line: None }
    }

    /// What a `solve` found.
    pub fn of_verdict(verdict: &Verdict) -> SolverFacts {
        let (verdict, line) = match verdict {
            Verdict::Winnable(moves) => (BatchVerdict::Winnable, Some(moves.iter().map(ToString::to_string).collect())),
            Verdict::Unwinnable => (BatchVerdict::Unwinnable, None),
            Verdict::Unknown(_) => (BatchVerdict::Unknown, None),
        };
        SolverFacts { hint: None, verdict: Some(verdict), line }
    }
}

impl State {
    /// The state of the game `play` holds after `command` (null for the
    /// initial state), its score under the scoring in force.
    pub fn of(play: &Play, command: Option<&str>) -> State {
        let game = play.game();
        let pos = game.position();
        let rules = game.rules();
        let f = |s: Suit| pos.foundation(s);
        let (next_draw, redeal_points) = match pos.stock_len() {
            0 => match empty_stock(pos, rules, play.score_now()) {
                EmptyStock::NothingLeft => (NextDraw::NothingLeft, None),
                EmptyStock::NoRedealLeft => (NextDraw::NoRedealLeft, None),
                EmptyStock::Redeal { points } => (NextDraw::Redeal, Some(points)),
            },
            _ => (NextDraw::Draw, None),
        };
        State {
            command: command.map(str::to_string),
            ok: true,
            error: None,
            status: game.status(),
            moves: game.moves_made(),
            score: play.score(),
            scoring: play.scoring(),
            stock: pos.stock_len(),
            waste: pos.waste().to_vec(),
            pass: pos.pass(),
            next_draw,
            redeal_points,
            foundations: FoundationCounts {
                clubs: f(Suit::Clubs),
                diamonds: f(Suit::Diamonds),
                hearts: f(Suit::Hearts),
                spades: f(Suit::Spades),
            },
            tableau: pos
                .tableau()
                .iter()
                .map(|p| PileState { hidden: p.hidden().len(), up: p.face_up().to_vec() })
                .collect(),
            game: play.origin().number(),
            draw: rules.draw,
            passes: rules.passes,
            foundation_to_tableau: rules.foundation_to_tableau,
            message: None,
            question: false,
            solver: SolverFacts::default(),
        }
    }

    /// The state marked as a rejected command, with the reason.
    pub fn rejected(mut self, error: String) -> State {
        self.ok = false;
        self.error = Some(error);
        self
    }

    /// One line of JSON, no trailing newline.
    pub fn to_line(&self) -> String {
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::MoveCommand;
    use crate::app::play::{tests::EASY, Action, Origin};
    use crate::engine::rules::Rules;

    /// [`EASY`] with the tableau's cards up (for points to lose), then `draws` draws.
    fn drawn(rules: Rules, scoring: Scoring, draws: usize) -> Play {
        let mut play = Play::new(EASY.parse().unwrap(), Origin::Custom, rules, scoring, false);
        for line in crate::app::play::tests::easy_win().into_iter().take_while(|&l| l != "d") {
            let Ok(crate::app::command::Command::Move(m)) = line.parse() else { panic!("{line}") };
            play.apply(Action::Move(m), None).unwrap();
        }
        for _ in 0..draws {
            play.apply(Action::Move(MoveCommand::Draw), None).unwrap();
        }
        play
    }

    #[test]
    fn the_state_says_what_d_does_and_what_a_redeal_costs() {
        let fresh = State::of(&drawn(Rules::default(), Scoring::Standard, 0), None);
        assert_eq!((fresh.next_draw, fresh.redeal_points), (NextDraw::Draw, None));
        assert!(!fresh.to_line().contains("redeal_points"));
        let empty = State::of(&drawn(Rules::default(), Scoring::Standard, 24), Some("d"));
        assert_eq!((empty.next_draw, empty.redeal_points), (NextDraw::Redeal, Some(-100)));
        assert!(empty.to_line().contains(r#""next_draw":"redeal","redeal_points":-100"#), "{}", empty.to_line());
        assert!(empty.to_line().contains(r#""score":365,"scoring":"standard""#), "{}", empty.to_line());
        let free = State::of(&drawn(Rules::default(), Scoring::None, 24), None);
        assert_eq!((free.next_draw, free.redeal_points), (NextDraw::Redeal, Some(0)));
        let one_pass = Rules { passes: PassLimit::Limited(1), ..Rules::default() };
        let spent = State::of(&drawn(one_pass, Scoring::Standard, 24), None);
        assert_eq!((spent.next_draw, spent.redeal_points), (NextDraw::NoRedealLeft, None));
        assert!(spent.to_line().contains(r#""next_draw":"no_redeal_left""#));
    }

    #[test]
    fn the_game_number_is_a_decimal_string_or_absent_as_before() {
        let custom = State::of(&drawn(Rules::default(), Scoring::Standard, 0), None).to_line();
        assert!(!custom.contains(r#""game""#), "{custom}");
        let number = crate::engine::deal::GameNumber::new(u128::MAX).unwrap();
        let play = Play::new(
            crate::engine::deal::Deal::for_number(number),
            Origin::Number(number),
            Rules::default(),
            Scoring::None,
            false,
        );
        let line = State::of(&play, None).to_line();
        assert!(
            line.ends_with(r#""game":"340282366920938463463374607431768211455","draw":1,"passes":null,"foundation_to_tableau":false}"#),
            "{line}"
        );
    }

    #[test]
    fn the_pass_limit_is_a_number_or_null_as_before() {
        let unlimited = State::of(&drawn(Rules::default(), Scoring::Standard, 0), None).to_line();
        assert!(unlimited.ends_with(r#""draw":1,"passes":null,"foundation_to_tableau":false}"#), "{unlimited}");
        let three = Rules { passes: PassLimit::Limited(3), ..Rules::default() };
        let limited = State::of(&drawn(three, Scoring::Standard, 0), None).to_line();
        assert!(limited.ends_with(r#""draw":1,"passes":3,"foundation_to_tableau":false}"#), "{limited}");
    }

    #[test]
    fn nothing_left_to_draw_once_stock_and_waste_are_empty() {
        // EASY wins with draws and `w f` alone after the tableau: play its
        // 24 stock cards up and look at the empty stock and waste.
        let mut play = Play::new(EASY.parse().unwrap(), Origin::Custom, Rules::default(), Scoring::None, false);
        for line in crate::app::play::tests::easy_win() {
            if line == "t 2 f" && play.game().position().stock_len() == 0 {
                break;
            }
            let Ok(crate::app::command::Command::Move(m)) = line.parse() else { unreachable!() };
            play.apply(Action::Move(m), None).unwrap();
        }
        assert_eq!(play.game().position().stock_len(), 0);
        assert!(play.game().position().waste().is_empty());
        assert_eq!(State::of(&play, None).next_draw, NextDraw::NothingLeft);
    }
}

/// `klondike review --json`: one object, what the review found.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ReviewReport {
    /// The deal number as a string (numbers go up to 2^128-1), null for a
    /// custom deal.
    pub game: Option<String>,
    /// Cards per draw.
    pub draw: u8,
    /// The pass limit, null for unlimited.
    pub passes: Option<u32>,
    /// Foundation-to-tableau moves allowed.
    pub foundation_to_tableau: bool,
    /// Moves made in the game reviewed.
    pub moves: usize,
    /// `won`, `winnable` (not lost), `never_winnable` (the deal), `lost`
    /// (the move found), `undecided` (within the budget).
    pub verdict: &'static str,
    /// Moves made at the last position known to be winnable (0: the deal).
    pub winnable_after: Option<usize>,
    /// Moves made at the first position known to be lost.
    pub lost_after: Option<usize>,
    /// The move that lost the game (move `winnable_after + 1`), as a command.
    pub lost_by: Option<String>,
    /// A move that would have kept the game winnable there, as a command.
    pub instead: Option<String>,
    /// The solver's budget for each position judged, in states.
    pub max_states: u64,
    /// Why the solver gave no verdict, where it gave none (`state limit`...).
    pub reason: Option<String>,
    /// The review in words.
    pub message: String,
}

impl ReviewReport {
    /// The report of `review` on `play`'s game under `limit`, with its words.
    pub fn of(review: &crate::app::review::Review, play: &Play, limit: u64, message: String) -> ReviewReport {
        use crate::app::review::Review;
        let rules = play.rules();
        let (verdict, winnable_after, lost_after, lost_by, instead, reason) = match review {
            Review::Won => ("won", None, None, None, None, None),
            Review::StillWinnable => ("winnable", None, None, None, None, None),
            Review::NeverWinnable => ("never_winnable", None, Some(0), None, None, None),
            Review::Stopped => ("undecided", None, None, None, None, Some("cancelled".to_string())),
            Review::Lost(at) => (
                "lost",
                Some(at.after),
                Some(at.after + 1),
                Some(at.lost_by.to_string()),
                at.instead.map(|m| m.to_string()),
                None,
            ),
            Review::Undecided { winnable_after, lost_after, why } => {
                ("undecided", *winnable_after, *lost_after, None, None, Some(why.token().into_owned()))
            }
        };
        ReviewReport {
            game: play.origin().number().map(|n| n.to_string()),
            draw: if rules.draw == DrawCount::Three { 3 } else { 1 },
            passes: match rules.passes {
                PassLimit::Limited(n) => Some(n),
                PassLimit::Unlimited => None,
            },
            foundation_to_tableau: rules.foundation_to_tableau,
            moves: play.game().moves_made(),
            verdict,
            winnable_after,
            lost_after,
            lost_by,
            instead,
            max_states: limit,
            reason,
            message,
        }
    }
}
