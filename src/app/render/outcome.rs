//! What a game in progress says when it changes: the sentence for a
//! [`play::Outcome`](crate::app::play::Outcome) (the move with the automatic
//! moves it caused, an undo or redo with theirs, the change of the score),
//! and the message of each [`PlayError`]. The moves' own sentences are
//! [`announce`](crate::app::render::announce)'s.

use std::fmt;

use crate::app::play::{Event, Outcome, PlayError};
use crate::app::render::announce::{
    announce_move, announce_move_to, announce_redo_to, announce_to_foundations, announce_undo, NAMED_FOUNDATION_CARDS,
};
use crate::app::render::words::{capitalise, count, lower_first, CardStyle};
use crate::engine::card::Card;
use crate::engine::game::{Game, Played, Position};
use crate::engine::scoring::{ScoreNow, Scoring};

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Move(e) => f.write_str(&crate::app::render::refusals::move_error(e)),
            PlayError::History(e) => e.fmt(f),
            PlayError::GameWon => f.write_str("the game is won: type new for another game, or u to take moves back"),
            PlayError::DealMovesStay => {
                f.write_str("nothing to undo: the cards autoplay put up at the deal stay there")
            }
            PlayError::NothingSafe => f.write_str("no card is safe to put on its foundation now"),
        }
    }
}

impl std::error::Error for PlayError {}

/// What `outcome` did to `game` (the game after it), in sentences on one
/// line: the player's move, then what autoplay did after it ("Then
/// automatically ..."); an undo or redo with the automatic moves taken back
/// or played again with it; the cards `auto` put up; then the change of the
/// score under `score`'s scoring ("Plus 15."; the total is a `score`
/// command away; a redeal's cost is from `score`, the score now). `None`
/// for a new deal, which its opening says, and for a question
/// ([`crate::app::render::replies::answer`] says its answer).
pub fn announce_outcome(outcome: &Outcome, game: &Game, score: ScoreNow, style: &CardStyle) -> Option<String> {
    let mut text = match &outcome.event {
        Event::Moved { before, played, after, automatic } => {
            // Where a card can go is not said of one autoplay puts up next.
            let gone: Vec<_> = automatic.iter().filter_map(|p| p.foundation_card).collect();
            let mut text = announce_move_to(before, played, after, game.rules(), score, style, &gone);
            // Said as autoplay's, not as the player's own.
            if !automatic.is_empty() {
                text.push_str(&format!(" Then automatically {}.", foundation_run(after, automatic, game, style)));
            }
            text
        }
        Event::Undone { before, undone, automatic } => {
            let text = announce_undo(before, undone, game, style);
            with_automatic(text, automatic, style, true)
        }
        Event::Redone { before, redone, after, automatic } => {
            // Said of the position this move made, before the automatic
            // moves after it change it again.
            let text = announce_redo_to(before, redone, after, game.rules(), score, style);
            with_automatic(text, automatic, style, false)
        }
        Event::ToFoundations { start, moves } => format!("{}.", capitalise(&foundation_run(start, moves, game, style))),
        // A new deal's opening says it; a question's answer is its own.
        Event::Dealt { .. } | Event::Answered(_) => return None,
    };
    let change = outcome.score_change;
    if score.scoring != Scoring::None && change != 0 {
        text.push_str(&format!(" {} {}.", if change > 0 { "Plus" } else { "Minus" }, change.abs()));
    }
    Some(text)
}

/// What autoplay did at a deal or at the start of a session: "Automatically
/// ace of spades and ace of hearts to their foundations."; `None` when it
/// did nothing. `start` is the position before the moves, `game` the game
/// after them.
pub fn announce_autoplay(start: &Position, moves: &[Played], game: &Game, style: &CardStyle) -> Option<String> {
    (!moves.is_empty()).then(|| format!("Automatically {}.", foundation_run(start, moves, game, style)))
}

/// Foundation moves made one after another, in one sentence without its
/// capital or full stop (one move as [`announce_move`] says it).
fn foundation_run(start: &Position, moves: &[Played], game: &Game, style: &CardStyle) -> String {
    match moves {
        [one] => lower_first(announce_move(start, one, game, style).trim_end_matches('.')),
        _ => announce_to_foundations(start, moves, game.position(), style),
    }
}

/// An undo or redo sentence, with the automatic moves taken back or played
/// again with it (none: the sentence as it is): their cards by name where
/// they are all foundation moves and a few, otherwise counted.
fn with_automatic(mut text: String, automatic: &[Played], style: &CardStyle, undo: bool) -> String {
    let n = automatic.len();
    if n == 0 {
        return text;
    }
    let cards: Vec<Card> = automatic.iter().filter_map(|p| p.foundation_card).collect();
    let named = cards.len() == n && n <= NAMED_FOUNDATION_CARDS;
    let home = if n == 1 { "its foundation" } else { "their foundations" };
    text.push_str(&match (named, undo) {
        (true, true) => format!(" With it, {} back from {home}.", style.cards(&cards)),
        (true, false) => format!(" Then automatically {} to {home}.", style.cards(&cards)),
        (false, _) => format!(" With it, {}.", count(n, "automatic move")),
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::Command;
    use crate::app::command::MoveCommand;
    use crate::app::play::tests::{easy_win, EASY};
    use crate::app::play::{Action, Origin, Play};
    use crate::engine::rules::{PassLimit, Rules};

    /// The sentence of the draw that empties the stock of [`EASY`] (24
    /// cards), after the tableau's cards went up (for points to lose).
    fn last_draw(rules: Rules, scoring: Scoring) -> String {
        let mut play = Play::new(EASY.parse().unwrap(), Origin::Custom, rules, scoring, false);
        for line in easy_win().into_iter().take_while(|&l| l != "d") {
            let Ok(Command::Move(m)) = line.parse() else { panic!("{line}") };
            play.apply(Action::Move(m), None).unwrap();
        }
        for _ in 0..23 {
            play.apply(Action::Move(MoveCommand::Draw), None).unwrap();
        }
        let outcome = play.apply(Action::Move(MoveCommand::Draw), None).unwrap();
        announce_outcome(&outcome, play.game(), play.score_now(), &CardStyle::WORDS).unwrap()
    }

    /// With autoplay, a card drawn (or left on top, or turned up) that
    /// autoplay puts up at once is not said to be ready for its foundation
    /// or to fit a pile: that would be out of date before it is heard.
    #[test]
    fn no_advice_is_given_for_a_card_autoplay_puts_up_at_once() {
        let mut seen = 0;
        for n in 1..=60u128 {
            let number = crate::engine::deal::GameNumber::new(n).unwrap();
            let deal = crate::engine::deal::Deal::for_number(number);
            let mut play = Play::new(deal, Origin::Number(number), Rules::default(), Scoring::Standard, true);
            let _ = play.apply(Action::Autoplay, None);
            for _ in 0..24 {
                let Ok(outcome) = play.apply(Action::Move(MoveCommand::Draw), None) else { break };
                let Event::Moved { automatic, .. } = &outcome.event else { continue };
                let text = announce_outcome(&outcome, play.game(), play.score_now(), &CardStyle::WORDS).unwrap();
                for card in automatic.iter().filter_map(|p| p.foundation_card) {
                    let name = CardStyle::WORDS.card(card);
                    for advice in [", ready for", ", which fits"] {
                        let first = text.split(" Then automatically").next().unwrap_or_default();
                        assert!(!first.contains(&format!("{name}{advice}")), "game {n}: {text}");
                    }
                    seen += 1;
                }
            }
        }
        assert!(seen > 10, "{seen} cards put up by autoplay after a draw");
    }

    #[test]
    fn the_draw_that_empties_the_stock_says_what_the_redeal_costs() {
        let standard = last_draw(Rules::default(), Scoring::Standard);
        assert!(
            standard.ends_with("Stock empty; the next draw turns the waste over, for 100 points off."),
            "{standard}"
        );
        let free = last_draw(Rules::default(), Scoring::None);
        assert!(free.ends_with("Stock empty; the next draw turns the waste over."), "{free}");
        // Vegas charges no redeal; with the pass limit spent, none is left to cost.
        let vegas = last_draw(Rules { passes: PassLimit::Limited(2), ..Rules::default() }, Scoring::Vegas);
        assert!(vegas.ends_with("Stock empty; 1 redeal left."), "{vegas}");
        let last = last_draw(Rules { passes: PassLimit::Limited(1), ..Rules::default() }, Scoring::Standard);
        assert!(last.ends_with("Stock empty; no redeals left."), "{last}");
    }

    /// With autoplay, the last draw whose card autoplay then takes with the
    /// rest of the waste says no redeal is coming (it said "the next draw
    /// turns the waste over, for 100 points off", and the next draw was
    /// refused: helper report).
    #[test]
    fn a_last_draw_after_which_autoplay_empties_the_waste_promises_no_redeal() {
        // Sevens to kings in the stock, aces to sixes on the tableau.
        let deal = "7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS AC AD AH AS \
                    2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S";
        let mut play = Play::new(deal.parse().unwrap(), Origin::Custom, Rules::default(), Scoring::Standard, true);
        let _ = play.apply(Action::Autoplay, None);
        let mut last = String::new();
        while play.game().position().stock_len() > 0 {
            let outcome = play.apply(Action::Move(MoveCommand::Draw), None).unwrap();
            last = announce_outcome(&outcome, play.game(), play.score_now(), &CardStyle::WORDS).unwrap();
        }
        assert!(play.game().position().waste().is_empty(), "{last}");
        assert!(last.contains(". Stock empty. Then automatically "), "{last}");
        assert!(!last.contains("turns the waste over") && !last.contains("points off"), "{last}");
    }
}
