//! The `--json` state object of SPEC.md: one per line, one per command.

use serde::Serialize;

use crate::card::{Card, Suit};
use crate::game::{Game, Status};
use crate::rules::PassLimit;

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
    /// The score under the scoring in force (no scoring yet: always 0).
    pub score: i64,
    /// Cards in the stock.
    pub stock: usize,
    /// The whole waste, bottom first, as card codes.
    pub waste: Vec<Card>,
    /// The pass through the stock now under way, from 1.
    pub pass: u32,
    /// Cards on each foundation.
    pub foundations: FoundationCounts,
    /// The seven piles, pile 1 first.
    pub tableau: Vec<PileState>,
    /// The game number, when the deal came from one, as a decimal string
    /// (numbers go up to 2^128-1, past what JSON readers keep exactly).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Cards per draw, 1 or 3.
    pub draw: usize,
    /// The pass limit: a number, or null for unlimited.
    pub passes: Option<u32>,
    /// Whether foundation-to-tableau moves are allowed.
    pub foundation_to_tableau: bool,
    /// What a query command answered (a hint, the help text), if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl State {
    /// The state of `game` after `command` (null for the initial state).
    pub fn of(game: &Game, game_number: Option<u128>, command: Option<&str>) -> State {
        let pos = game.position();
        let rules = game.rules();
        let f = |s: Suit| pos.foundation(s);
        State {
            command: command.map(str::to_string),
            ok: true,
            error: None,
            status: game.status(),
            moves: game.moves_made(),
            score: 0,
            stock: pos.stock_len(),
            waste: pos.waste().to_vec(),
            pass: pos.pass(),
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
            game: game_number.map(|n| n.to_string()),
            draw: rules.draw.cards(),
            passes: match rules.passes {
                PassLimit::Unlimited => None,
                PassLimit::Limited(n) => Some(n),
            },
            foundation_to_tableau: rules.foundation_to_tableau,
            message: None,
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
