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
//!
//! [`table_styled`] writes the cards in any [`CardStyle`] (suit symbols,
//! red suits in colour, or words); [`table`] is the plain style, whose
//! output the golden transcripts pin byte for byte.

use std::fmt::Write;

use crate::app::flow::Lost;
use crate::app::render::words::{count, rank_name, suit_name, CardStyle};
use crate::engine::card::{Card, Suit};
use crate::engine::game::{Game, Position, Status};
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::{DrawCount, PassLimit, Rules};
use crate::engine::scoring::ScoreNow;

/// The table of `game`, several lines ending in a newline. `title` names the
/// deal (e.g. `Game 1` or `Custom deal`). Cards are plain short codes (`TH`):
/// the same as [`table_styled`] with [`CardStyle::PLAIN`].
pub fn table(game: &Game, title: &str) -> String {
    table_styled(game, title, &CardStyle::PLAIN)
}

/// What `d` does on an empty stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EmptyStock {
    /// The waste is empty too: nothing is left to draw.
    NothingLeft,
    /// It turns the waste over, for `points` (0, or a negative cost).
    Redeal { points: i64 },
    /// The pass limit allows no redeal.
    NoRedealLeft,
}

/// What `d` does on the empty stock of `pos` under `rules`, and what it
/// changes the score by from `score`.
pub(crate) fn empty_stock(pos: &Position, rules: &Rules, score: ScoreNow) -> EmptyStock {
    if pos.waste().is_empty() {
        return EmptyStock::NothingLeft;
    }
    let mut after = pos.clone();
    match after.play(Move::Redeal, rules) {
        Ok(played) => EmptyStock::Redeal { points: score.change(pos, &played, rules) },
        Err(_) => EmptyStock::NoRedealLeft,
    }
}

/// ", for 100 points off" for a redeal that changes the score by `points`
/// (negative), nothing for a free one: what the spoken forms add.
pub(crate) fn redeal_cost(points: i64) -> String {
    if points < 0 {
        format!(", for {} off", count(usize::try_from(points.unsigned_abs()).unwrap_or(usize::MAX), "point"))
    } else {
        String::new()
    }
}

/// What `d` does on an empty stock: turn the waste over (with its cost
/// from `score`, when it has one), or nothing.
pub(crate) fn empty_stock_note(pos: &Position, rules: &Rules, score: ScoreNow) -> String {
    match empty_stock(pos, rules, score) {
        EmptyStock::NothingLeft => "nothing left to draw".to_string(),
        EmptyStock::Redeal { points: 0 } => "d turns the waste over".to_string(),
        EmptyStock::Redeal { points } => format!("d turns the waste over, {points} points"),
        EmptyStock::NoRedealLeft => "no redeal left".to_string(),
    }
}

/// The table of `game` with cards written in `style`: `10♥` with suit
/// symbols, ANSI red for red suits when `style.colour` is on, or words
/// (then the cards of a pile are separated by commas, and foundations read
/// "clubs up to 4"). Several lines ending in a newline.
pub fn table_styled(game: &Game, title: &str, style: &CardStyle) -> String {
    table_scored(game, title, style, ScoreNow::NONE)
}

/// [`table_styled`], where an empty stock line also gives what a redeal
/// changes the score by from `score`: `Stock: empty (d turns the waste
/// over, -100 points)`.
pub fn table_scored(game: &Game, title: &str, style: &CardStyle, score: ScoreNow) -> String {
    let around = Around { status: "", footer: "", lost: Lost::of_moves(game.moves_made()), marked: &[] };
    table_with_status(game, title, style, score, &around)
}

/// What [`table_with_status`] writes around and on the cards.
#[derive(Clone, Copy, Debug)]
pub struct Around<'a> {
    /// Said at the end of the second line (such as "   Time 3:12").
    pub status: &'a str,
    /// Lines after the piles (such as "Score: 30\n").
    pub footer: &'a str,
    /// Where a stuck game was lost (its way on).
    pub lost: Lost,
    /// Cards written with a `*` after them wherever they show: the last
    /// change's, as the column picture marks them (a terminal too narrow
    /// for it gets these rows).
    pub marked: &'a [Card],
}

/// [`table_scored`] with `status` (such as "   Time 3:12") at the end of
/// its second line, the line of the pass and the moves, and `footer`
/// (lines each ending in a newline, such as "Score: 30\n") after the
/// piles, before the sentence that says the game is won or stuck (and,
/// stuck, the way on for a game `lost` so).
pub fn table_with_status(game: &Game, title: &str, style: &CardStyle, score: ScoreNow, around: &Around) -> String {
    let Around { status, footer, lost, marked } = *around;
    let card = |c: Card| if marked.contains(&c) { format!("{}*", style.card(c)) } else { style.card(c) };
    let pos = game.position();
    let rules = game.rules();
    let sep = if style.is_words() { ", " } else { " " };
    let mut out = String::new();
    let _ = writeln!(out, "{title}: {rules}");
    let pass = match rules.passes {
        PassLimit::Unlimited => format!("Pass {}", pos.pass()),
        PassLimit::Limited(n) => format!("Pass {} of {n}", pos.pass()),
    };
    let moves = game.moves_made();
    let _ = writeln!(out, "{pass}, {}{status}", count(moves, "move"));
    let stock = pos.stock_len();
    let _ = match stock {
        0 => writeln!(out, "Stock: empty ({})", empty_stock_note(pos, rules, score)),
        n => writeln!(out, "Stock: {}", count(n, "card")),
    };
    let waste = pos.waste();
    let _ = match (waste.len(), rules.draw) {
        (0, _) => writeln!(out, "Waste: empty"),
        (n, DrawCount::One) => {
            writeln!(out, "Waste: {} (top {})", count(n, "card"), card(waste[n - 1]))
        }
        (1, DrawCount::Three) => writeln!(out, "Waste: 1 card (top {})", card(waste[0])),
        (n, DrawCount::Three) => {
            let fan: Vec<String> = waste[n.saturating_sub(3)..].iter().map(|&c| card(c)).collect();
            let how_many = if fan.len() == 2 { "two" } else { "three" };
            writeln!(out, "Waste: {}, top {how_many} {} (top {})", count(n, "card"), fan.join(sep), card(waste[n - 1]))
        }
    };
    let found: Vec<String> = Suit::ALL
        .iter()
        .map(|&s| match (pos.foundation_top(s), style.is_words()) {
            (Some(c), false) => format!("{} {}", style.suit(s), card(c)),
            (None, false) => format!("{} --", style.suit(s)),
            (Some(c), true) => format!("{} up to {}", suit_name(s), rank_name(c.rank())),
            (None, true) => format!("{} empty", suit_name(s)),
        })
        .collect();
    let _ = writeln!(out, "Foundations: {}", found.join(if style.is_words() { ", " } else { "  " }));
    for (i, pile) in PileId::ALL.into_iter().zip(pos.tableau()) {
        let mut cards: Vec<String> = pile.hidden().iter().map(|_| style.face_down().to_string()).collect();
        cards.extend(pile.face_up().iter().map(|&c| card(c)));
        if cards.is_empty() {
            cards.push("empty".into());
        }
        let _ = writeln!(out, "Pile {i}: {}", cards.join(sep));
    }
    out.push_str(footer);
    match game.status() {
        Status::Won => {
            let _ = writeln!(out, "You won: all 52 cards are on the foundations, in {}.", count(moves, "move"));
        }
        Status::Stuck => {
            let _ = writeln!(out, "{STUCK_MESSAGE} {}", way_on(lost));
        }
        Status::Playing => {}
    }
    out
}

/// What the table says when the game is stuck.
pub const STUCK_MESSAGE: &str = "Stuck: no sequence of moves can turn up a face-down card or bring a card out of the stock and waste, so this game can no longer be won.";
/// The ways on from a stuck game with moves to undo, the review first.
pub const STUCK_WAY_ON: &str = "Type review to see where the game was lost, u to undo, or new for a new game.";
/// The way on from a game stuck from the deal.
pub const STUCK_WAY_ON_AT_START: &str = "Type new for a new game.";
/// The way on from a game stuck after moves, of a deal that could never be
/// won (no move lost it, so there is nothing to review).
pub const STUCK_WAY_ON_NEVER: &str = "This deal could never be won: type new for a new game.";

/// The way on from a stuck game `lost` so, as the table's stuck sentence
/// ends.
pub fn way_on(lost: Lost) -> &'static str {
    match lost {
        Lost::AtDeal => STUCK_WAY_ON_AT_START,
        Lost::NeverWinnable => STUCK_WAY_ON_NEVER,
        Lost::InPlay => STUCK_WAY_ON,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::Deal;
    use crate::engine::scoring::Scoring;

    /// Game 1 with the whole stock drawn under `rules`.
    fn drawn(rules: Rules) -> Game {
        let mut game = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), rules);
        while game.position().stock_len() > 0 {
            game.play(Move::Draw).unwrap();
        }
        game
    }

    /// The stock line under `scoring` at a score of 500 (above any
    /// redeal's cost).
    fn stock_line(game: &Game, scoring: Scoring) -> String {
        let t = table_scored(game, "Game 1", &CardStyle::PLAIN, ScoreNow { scoring, score: 500 });
        t.lines().find(|l| l.starts_with("Stock:")).unwrap().to_string()
    }

    #[test]
    fn an_empty_stock_says_what_a_draw_will_do_and_cost() {
        let one = Rules::default();
        let game = drawn(one);
        assert_eq!(stock_line(&game, Scoring::None), "Stock: empty (d turns the waste over)");
        assert_eq!(stock_line(&game, Scoring::Standard), "Stock: empty (d turns the waste over, -100 points)");
        assert_eq!(stock_line(&game, Scoring::Vegas), "Stock: empty (d turns the waste over)");
        let game = drawn(Rules { passes: PassLimit::Limited(1), ..one });
        assert_eq!(stock_line(&game, Scoring::Standard), "Stock: empty (no redeal left)");
        assert_eq!(
            stock_line(&Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), one), Scoring::None),
            "Stock: 24 cards"
        );
        // Standard scores stop at 0: the redeal costs what is left.
        let at = |score| {
            let t =
                table_scored(&drawn(one), "Game 1", &CardStyle::PLAIN, ScoreNow { scoring: Scoring::Standard, score });
            t.lines().find(|l| l.starts_with("Stock:")).unwrap().to_string()
        };
        assert_eq!(at(30), "Stock: empty (d turns the waste over, -30 points)");
        assert_eq!(at(0), "Stock: empty (d turns the waste over)");
    }
}
