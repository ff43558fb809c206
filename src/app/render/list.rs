//! The list layout: the state of a game as short lines that read well
//! aloud, one pile per line, the label first. Face-down cards are a count,
//! never a row of placeholders; foundations say how far they are built.
//!
//! ```text
//! Game 1: draw 1, passes 3, foundation-to-tableau off. 4 moves.
//! Stock: 21 cards. Pass 1 of 3.
//! Waste: 9 of spades on top, 2 cards.
//! Foundations: clubs empty, diamonds up to 2, hearts up to ace, spades empty.
//! Pile 1: queen of hearts.
//! Pile 2: 1 face down, then 7 of hearts.
//! Pile 3: 2 face down, then 5 of clubs, 4 of hearts.
//! Pile 4: empty.
//! ...
//! ```
//!
//! Each line is also available alone (for the pile queries of
//! [`crate::app::render::query`]).

use crate::app::flow::Lost;
use crate::app::render::announce::announce_status;
use crate::app::render::rows::{empty_stock, redeal_cost, EmptyStock};
use crate::app::render::words::{count, CardStyle};
use crate::engine::card::{Card, Suit};
use crate::engine::game::{Game, Position};
use crate::engine::moves::PileId;
use crate::engine::rules::{DrawCount, PassLimit, Rules};
use crate::engine::scoring::ScoreNow;

/// The whole state of `game` in the list layout: a line naming the deal
/// (`title`, e.g. `Game 1`), its rules and the moves made, then the stock,
/// the waste, the foundations, the seven piles, and the status when the
/// game is won or stuck. Each line ends with a full stop and a newline.
pub fn list(game: &Game, title: &str, style: &CardStyle) -> String {
    list_scored(game, title, style, ScoreNow::NONE, "", Lost::of_moves(game.moves_made()))
}

/// [`list`], where an empty stock's line also says what a redeal costs
/// from `score` (the scoring in force and the score now), with `footer`
/// (lines each ending in a newline) after the piles, before the sentence
/// that says the game is won or stuck.
pub fn list_scored(game: &Game, title: &str, style: &CardStyle, score: ScoreNow, footer: &str, lost: Lost) -> String {
    let pos = game.position();
    let rules = game.rules();
    let mut lines = vec![
        format!("{title}: {rules}. {}.", count(game.moves_made(), "move")),
        stock_line_scored(pos, rules, score),
        waste_line(pos, rules, style),
        foundations_line(pos),
    ];
    lines.extend(PileId::ALL.into_iter().map(|i| pile_line(pos, i, style)));
    lines.extend(footer.lines().map(str::to_string));
    if let Some(status) = announce_status(game, lost) {
        lines.push(status);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// One tableau pile, `i`: "Pile 3: 2 face down, then 5 of clubs,
/// 4 of hearts.", "Pile 1: queen of hearts.", "Pile 4: empty.". The
/// face-up cards are named bottom first, so the last one named is the top.
/// In words ([`CardStyle::is_words`]) a build of 3 or more face-up cards is
/// told by its ends and its length ([`summarised_cards`]): "Pile 3: 2 face
/// down, then 10 of hearts down to 4 of diamonds, 7 cards."; short codes
/// always list every card.
pub fn pile_line(pos: &Position, i: PileId, style: &CardStyle) -> String {
    let cards = if style.is_words() { FaceUpCards::Summarised } else { FaceUpCards::Every };
    pile_line_with(pos, i, style, cards)
}

/// How a pile line names a pile's face-up cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaceUpCards {
    /// Every card, bottom first: "10 of hearts, 9 of clubs, 8 of diamonds".
    Every,
    /// A build of 3 or more cards by its ends and length, as
    /// [`summarised_cards`] says it: "10 of hearts down to 8 of diamonds, 3
    /// cards"; fewer cards, or cards that are not one build, one by one.
    Summarised,
}

/// [`pile_line`] with the face-up cards named as `cards` says, whatever
/// the style.
pub fn pile_line_with(pos: &Position, i: PileId, style: &CardStyle, cards: FaceUpCards) -> String {
    let pile = pos.pile(i);
    let up = match cards {
        FaceUpCards::Every => every_card(pile.face_up(), style),
        FaceUpCards::Summarised => summarised_cards(pile.face_up(), style),
    };
    let hidden = pile.hidden().len();
    let body = match (hidden, up.is_empty()) {
        (0, true) => "empty".to_string(),
        (0, false) => up,
        (n, true) => format!("{n} face down"),
        (n, false) => format!("{n} face down, then {up}"),
    };
    format!("Pile {i}: {body}.")
}

/// Cards in the given order, separated by commas: "5 of clubs, 4 of hearts".
fn every_card(cards: &[Card], style: &CardStyle) -> String {
    cards.iter().map(|&c| style.card(c)).collect::<Vec<_>>().join(", ")
}

/// The foundations: "Foundations: clubs empty, diamonds up to 2, hearts up
/// to ace, spades up to king.".
pub fn foundations_line(pos: &Position) -> String {
    let parts: Vec<String> = Suit::ALL
        .iter()
        .map(|&s| match pos.foundation_top(s) {
            Some(top) => {
                format!(
                    "{} up to {}",
                    crate::app::render::words::suit_name(s),
                    crate::app::render::words::rank_name(top.rank())
                )
            }
            None => format!("{} empty", crate::app::render::words::suit_name(s)),
        })
        .collect();
    format!("Foundations: {}.", parts.join(", "))
}

/// The stock and the pass: "Stock: 21 cards. Pass 1 of 3." ("Pass 2" when
/// passes are unlimited; "Stock: empty." when it is).
pub fn stock_line(pos: &Position, rules: &Rules) -> String {
    stock_line_scored(pos, rules, ScoreNow::NONE)
}

/// [`stock_line`]; an empty stock also says what the next draw does, in
/// words that read aloud: "Stock: empty; the next draw turns the waste
/// over, for 100 points off. Pass 1." ("...; no redeal is left.", "...;
/// nothing is left to draw.").
pub fn stock_line_scored(pos: &Position, rules: &Rules, score: ScoreNow) -> String {
    let stock = match pos.stock_len() {
        0 => match empty_stock(pos, rules, score) {
            EmptyStock::NothingLeft => "empty; nothing is left to draw".to_string(),
            EmptyStock::Redeal { points } => {
                format!("empty; the next draw turns the waste over{}", redeal_cost(points))
            }
            EmptyStock::NoRedealLeft => "empty; no redeal is left".to_string(),
        },
        n => count(n, "card"),
    };
    format!("Stock: {stock}. {}.", pass_words(pos.pass(), rules.passes))
}

/// The waste: "Waste: empty.", "Waste: 9 of spades on top, 5 cards." In
/// draw-3 the top three are named, top first: "Waste: 9 of spades on top,
/// then jack of clubs and 4 of hearts, 5 cards.".
pub fn waste_line(pos: &Position, rules: &Rules, style: &CardStyle) -> String {
    let waste = pos.waste();
    let Some((&top, under)) = waste.split_last() else {
        return "Waste: empty.".to_string();
    };
    let mut text = format!("Waste: {} on top", style.card(top));
    if rules.draw == DrawCount::Three && !under.is_empty() {
        let below: Vec<_> = under.iter().rev().take(2).copied().collect();
        text.push_str(&format!(", then {}", style.cards(&below)));
    }
    text.push_str(&format!(", {}.", count(waste.len(), "card")));
    text
}

/// "Pass 1 of 3", or "Pass 2" when passes are unlimited.
pub fn pass_words(pass: u32, limit: PassLimit) -> String {
    match limit {
        PassLimit::Unlimited => format!("Pass {pass}"),
        PassLimit::Limited(n) => format!("Pass {pass} of {n}"),
    }
}

/// Face-up cards (bottom first) as a pile line names them: a build of 3 or
/// more (each card one lower and of the other colour than the one under
/// it) by its ends and length, "10 of hearts down to 4 of diamonds, 7
/// cards"; 1 or 2 cards, or cards that are not one build, one by one,
/// "5 of clubs, 4 of hearts". Nothing for no cards. A phrase, not a
/// sentence: the caller adds the label and the full stop.
pub fn summarised_cards(cards: &[Card], style: &CardStyle) -> String {
    let is_build = cards.windows(2).all(|w| w[1].builds_on(w[0]));
    match cards {
        [first, .., last] if cards.len() >= 3 && is_build => {
            format!("{} down to {}, {}", style.card(*first), style.card(*last), count(cards.len(), "card"))
        }
        _ => cards.iter().map(|&c| style.card(c)).collect::<Vec<_>>().join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::Deal;
    use crate::engine::moves::Move;
    use crate::engine::scoring::Scoring;

    #[test]
    fn opening_of_game_1() {
        let game = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        let text = list(&game, "Game 1", &CardStyle::WORDS);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4 + 7);
        assert_eq!(lines[0], "Game 1: draw 1, passes unlimited, foundation-to-tableau off. 0 moves.");
        assert_eq!(lines[1], "Stock: 24 cards. Pass 1.");
        assert_eq!(lines[2], "Waste: empty.");
        assert_eq!(lines[3], "Foundations: clubs empty, diamonds empty, hearts empty, spades empty.");
        let top = game.position().pile(PileId::ALL[0]).top().unwrap();
        assert_eq!(lines[4], format!("Pile 1: {}.", crate::app::render::words::card_name(top)));
        let top = game.position().pile(PileId::ALL[6]).top().unwrap();
        assert_eq!(lines[10], format!("Pile 7: 6 face down, then {}.", crate::app::render::words::card_name(top)));
        assert!(text.ends_with(".\n"));
        assert!(!text.contains("##"));
    }

    fn custom() -> Position {
        "tableau | QS / - / KS JS | 5C 4H / - / - / - / | 7D ; stock * ; waste 4D JC 9S ; foundations 2C - AH - ; pass 2"
            .parse()
            .unwrap()
    }

    #[test]
    fn lines_of_a_custom_position() {
        let pos = custom();
        let w = CardStyle::WORDS;
        assert_eq!(pile_line(&pos, PileId::ALL[2], &w), "Pile 3: 2 face down, then 5 of clubs, 4 of hearts.");
        assert_eq!(pile_line(&pos, PileId::ALL[3], &w), "Pile 4: empty.");
        assert_eq!(pile_line(&pos, PileId::ALL[0], &w), "Pile 1: queen of spades.");
        assert_eq!(pile_line(&pos, PileId::ALL[2], &CardStyle::PLAIN), "Pile 3: 2 face down, then 5C, 4H.");
        assert_eq!(
            foundations_line(&pos),
            "Foundations: clubs up to 2, diamonds empty, hearts up to ace, spades empty."
        );
        let three = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), ..Rules::default() };
        assert_eq!(stock_line(&pos, &three), "Stock: 40 cards. Pass 2 of 3.");
        assert_eq!(stock_line(&pos, &Rules::default()), "Stock: 40 cards. Pass 2.");
        assert_eq!(waste_line(&pos, &Rules::default(), &w), "Waste: 9 of spades on top, 3 cards.");
        assert_eq!(
            waste_line(&pos, &three, &w),
            "Waste: 9 of spades on top, then jack of clubs and 4 of diamonds, 3 cards."
        );
    }

    #[test]
    fn a_long_build_is_summarised_in_words_only() {
        let pos: Position = "tableau - / - / 2S 3S | TH 9S 8D 7C 6H 5S 4D / - / | KS QH / - / - \
                             ; stock * ; waste - ; foundations - - - - ; pass 1"
            .parse()
            .unwrap();
        let w = CardStyle::WORDS;
        assert_eq!(
            pile_line(&pos, PileId::ALL[2], &w),
            "Pile 3: 2 face down, then 10 of hearts down to 4 of diamonds, 7 cards."
        );
        assert_eq!(pile_line(&pos, PileId::ALL[4], &w), "Pile 5: king of spades, queen of hearts.");
        assert_eq!(
            pile_line(&pos, PileId::ALL[2], &CardStyle::PLAIN),
            "Pile 3: 2 face down, then TH, 9S, 8D, 7C, 6H, 5S, 4D."
        );
        assert_eq!(
            pile_line_with(&pos, PileId::ALL[2], &w, FaceUpCards::Every),
            "Pile 3: 2 face down, then 10 of hearts, 9 of spades, 8 of diamonds, 7 of clubs, 6 of hearts, 5 of spades, 4 of diamonds."
        );
        assert_eq!(
            pile_line_with(&pos, PileId::ALL[2], &CardStyle::PLAIN, FaceUpCards::Summarised),
            "Pile 3: 2 face down, then TH down to 4D, 7 cards."
        );
        let game = Game::from_position(pos, Rules::default());
        let text = list(&game, "Custom deal", &w);
        assert!(text.contains("\nPile 3: 2 face down, then 10 of hearts down to 4 of diamonds, 7 cards.\n"), "{text}");
    }

    #[test]
    fn won_and_empty_stock() {
        let mut game = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        for _ in 0..24 {
            game.play(Move::Draw).unwrap();
        }
        let text = list(&game, "Game 1", &CardStyle::WORDS);
        assert!(text.contains("Stock: empty; the next draw turns the waste over. Pass 1.\n"), "{text}");
        // What the redeal costs, where the scoring charges it (draw-1
        // standard), down to the floor of 0.
        let at = |score| {
            list_scored(
                &game,
                "Game 1",
                &CardStyle::WORDS,
                ScoreNow { scoring: Scoring::Standard, score },
                "",
                Lost::InPlay,
            )
        };
        assert!(at(150).contains("Stock: empty; the next draw turns the waste over, for 100 points off. Pass 1.\n"));
        assert!(at(40).contains("Stock: empty; the next draw turns the waste over, for 40 points off. Pass 1.\n"));
        assert!(at(0).contains("Stock: empty; the next draw turns the waste over. Pass 1.\n"));
        // No redeal left under a pass limit of 1; nothing to draw at all.
        let one_pass =
            Game::from_position(game.position().clone(), Rules { passes: PassLimit::Limited(1), ..Rules::default() });
        assert!(
            list(&one_pass, "Game 1", &CardStyle::WORDS).contains("Stock: empty; no redeal is left. Pass 1 of 1.\n")
        );
        let won = "tableau - / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH KS ; pass 1";
        let won = Game::from_position(won.parse().unwrap(), Rules::default());
        let text = list(&won, "Custom deal", &CardStyle::WORDS);
        assert!(
            text.contains("Foundations: clubs up to king, diamonds up to king, hearts up to king, spades up to king.")
        );
        assert!(text.lines().last().unwrap().starts_with("You won!"), "{text}");
    }
}
