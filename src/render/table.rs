//! The ASCII table: one line per pile, so that it reads at a glance and
//! also line by line (a screen reader never meets a grid of columns).
//!
//! ```text
//! Game 1: draw 1, passes unlimited, foundation-to-tableau off
//! Pass 1, 0 moves
//! Stock: 24 cards
//! Waste: empty
//! Foundations: C -- D -- H -- S --
//! Pile 1: QH
//! Pile 2: ## 7H
//! ...
//! ```
//! `##` is a face-down card; foundations show their top card.

use std::fmt::Write;

use crate::card::Suit;
use crate::game::{Game, Status};
use crate::rules::{DrawCount, PassLimit};

/// The table of `game`, several lines ending in a newline. `title` names the
/// deal (e.g. `Game 1` or `Custom deal`).
pub fn table(game: &Game, title: &str) -> String {
    let pos = game.position();
    let rules = game.rules();
    let mut out = String::new();
    let _ = writeln!(out, "{title}: {rules}");
    let pass = match rules.passes {
        PassLimit::Unlimited => format!("Pass {}", pos.pass()),
        PassLimit::Limited(n) => format!("Pass {} of {n}", pos.pass()),
    };
    let moves = game.moves_made();
    let _ = writeln!(out, "{pass}, {moves} move{}", if moves == 1 { "" } else { "s" });
    let stock = pos.stock_len();
    let _ = writeln!(out, "Stock: {}", count(stock, "card"));
    let waste = pos.waste();
    let _ = match (waste.len(), rules.draw) {
        (0, _) => writeln!(out, "Waste: empty"),
        (n, DrawCount::One) => writeln!(out, "Waste: {} (top {})", count(n, "card"), waste[n - 1]),
        (n, DrawCount::Three) => {
            let fan: Vec<String> = waste[n.saturating_sub(3)..].iter().map(ToString::to_string).collect();
            writeln!(out, "Waste: {}, top three {} (top {})", count(n, "card"), fan.join(" "), waste[n - 1])
        }
    };
    let found: Vec<String> = Suit::ALL
        .iter()
        .map(|&s| match pos.foundation_top(s) {
            Some(c) => format!("{} {}", s.letter(), c),
            None => format!("{} --", s.letter()),
        })
        .collect();
    let _ = writeln!(out, "Foundations: {}", found.join("  "));
    for (i, pile) in pos.tableau().iter().enumerate() {
        let mut cards: Vec<String> = pile.hidden().iter().map(|_| "##".to_string()).collect();
        cards.extend(pile.face_up().iter().map(ToString::to_string));
        if cards.is_empty() {
            cards.push("empty".into());
        }
        let _ = writeln!(out, "Pile {}: {}", i + 1, cards.join(" "));
    }
    match game.status() {
        Status::Won => {
            let _ = writeln!(out, "You won: all 52 cards are on the foundations, in {}.", count(moves, "move"));
        }
        Status::Stuck => {
            let _ = writeln!(out, "{}", STUCK_MESSAGE);
        }
        Status::Playing => {}
    }
    out
}

/// What the table says when the game is stuck.
pub const STUCK_MESSAGE: &str = "Stuck: no sequence of moves can turn up a face-down card or bring a card out of the stock and waste, so this game can no longer be won. Type u to undo, or new for a new game.";

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
