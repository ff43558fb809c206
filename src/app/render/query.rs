//! Read-only questions a player asks without moving: what is on one pile,
//! the top of every pile, where a card is, which moves are legal (all of
//! them, or the useful ones best first), which rules are in force. Each
//! answer is a few short lines meant to read well aloud; nothing here
//! changes the game.
//!
//! ```
//! use klondike::engine::{deal::Deal, game::Game, rules::Rules};
//! use klondike::app::command::PileRef;
//! use klondike::app::render::query::{describe_legal_moves, describe_pile, describe_rules};
//! use klondike::app::render::words::CardStyle;
//!
//! let game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::ONE), Rules::default());
//! assert_eq!(describe_pile(&game, PileRef::Waste, &CardStyle::WORDS), "Waste: empty.");
//! let moves = describe_legal_moves(&game, &CardStyle::WORDS);
//! assert_eq!(moves.last().unwrap().0.to_string(), "d");
//! assert_eq!(
//!     describe_rules(game.rules()),
//!     "Draw 1, unlimited passes, foundation-to-tableau off, kings only on empty piles."
//! );
//! ```

use crate::app::command::{MoveCommand, PileRef};
use crate::app::render::list::{foundations_line, pass_words, pile_line_with, FaceUpCards};
use crate::app::render::rows::{empty_stock, redeal_cost, EmptyStock};
use crate::app::render::words::{capitalise, count, suit_name, CardStyle};
use crate::engine::card::{Card, Suit};
use crate::engine::game::{CardPlace, Game, Position};
use crate::engine::hint::{ranked_moves, turns_up_a_card};
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::{PassLimit, Rules};
use crate::engine::scoring::ScoreNow;

/// One part of the table, in a line or two:
///
/// - a pile: "Pile 3: 2 face down, then 5 of clubs, 4 of hearts. 4 of
///   hearts on top." ("Pile 4: empty. Only a king can go there."); a build
///   of 3 or more face-up cards is told by its ends and length, in every
///   style ([`summarised_cards`](crate::app::render::list::summarised_cards)): "Pile 3: 2 face down, then 10 of hearts
///   down to 4 of diamonds, 7 cards. 4 of diamonds on top."
///   ([`describe_pile_full`] names every card);
/// - the waste: "Waste: 5 cards. 9 of spades on top, the only one you can
///   play; under it jack of clubs and 4 of hearts.";
/// - the foundations: the list line, then what each needs next ("Next:
///   ace of clubs, 3 of diamonds, 2 of hearts, ace of spades.");
/// - the stock: [`describe_stock`] without scoring (so without what a
///   redeal costs).
pub fn describe_pile(game: &Game, which: PileRef, style: &CardStyle) -> String {
    let pos = game.position();
    match which {
        PileRef::Tableau(i) => tableau_answer(pos, i, style, FaceUpCards::Summarised),
        PileRef::Waste => {
            let waste = pos.waste();
            let Some((&top, under)) = waste.split_last() else {
                return "Waste: empty.".to_string();
            };
            let mut text = format!(
                "Waste: {}. {} on top, the only one you can play",
                count(waste.len(), "card"),
                capitalise(&style.card(top))
            );
            text.push_str(&waste_under(under, 2, style));
            text.push('.');
            text
        }
        PileRef::Foundations => {
            let next: Vec<String> = Suit::ALL
                .iter()
                .filter_map(|&s| {
                    let n = pos.foundation(s);
                    crate::engine::card::Rank::new(n + 1).map(|r| style.card(Card::new(r, s)))
                })
                .collect();
            let total = pos.foundation_count();
            let tail = if next.is_empty() {
                "All four are complete.".to_string()
            } else {
                format!("{} home. Next: {}.", count(total, "card"), next.join(", "))
            };
            format!("{} {tail}", foundations_line(pos))
        }
        // Without scoring, no cost to give (the session asks describe_stock).
        PileRef::Stock => describe_stock(game, ScoreNow::NONE),
    }
}

/// What `l s` says: "Stock: 21 cards. Pass 1 of 3; 2 redeals left. A draw
/// turns 3 cards." or, when it is empty, what the next draw does, with
/// what a redeal changes the score by from `score` where it costs anything
/// ("The next draw turns the waste over (24 cards), for 100 points off.").
pub fn describe_stock(game: &Game, score: ScoreNow) -> String {
    let pos = game.position();
    let rules = game.rules();
    let pass = pass_words(pos.pass(), rules.passes);
    let redeals = redeals_left(pos, rules);
    match pos.stock_len() {
        0 => match empty_stock(pos, rules, score) {
            EmptyStock::NothingLeft => format!("Stock: empty, and so is the waste: nothing is left to draw. {pass}."),
            EmptyStock::NoRedealLeft => format!("Stock: empty. {pass}: no redeals left, so the waste stays as it is."),
            EmptyStock::Redeal { points } => format!(
                "Stock: empty. {pass}. The next draw turns the waste over ({}){}{redeals}.",
                count(pos.waste().len(), "card"),
                redeal_cost(points)
            ),
        },
        n => format!(
            "Stock: {}. {pass}{redeals}. A draw turns {}.",
            count(n, "card"),
            count(rules.draw.cards().min(n), "card")
        ),
    }
}

/// [`describe_pile`], except that a tableau pile's face-up cards are all
/// named, bottom first, however long the build ("l 3 all"): "Pile 3: 2
/// face down, then 10 of hearts, 9 of clubs, 8 of diamonds. 8 of diamonds
/// on top." The waste, foundations and stock are answered as by
/// [`describe_pile`].
pub fn describe_pile_full(game: &Game, which: PileRef, style: &CardStyle) -> String {
    match which {
        PileRef::Tableau(i) => tableau_answer(game.position(), i, style, FaceUpCards::Every),
        PileRef::Waste => match game.position().waste().split_last() {
            Some((&top, under)) => format!(
                "Waste: {}. {} on top, the only one you can play{}.",
                count(game.position().waste().len(), "card"),
                capitalise(&style.card(top)),
                waste_under(under, under.len(), style)
            ),
            None => describe_pile(game, which, style),
        },
        _ => describe_pile(game, which, style),
    }
}

/// The cards under the waste's top, the nearest first, at most `named` of
/// them by name and the rest counted: "; under it jack of clubs and 4 of
/// hearts, and 3 more".
fn waste_under(under: &[crate::engine::card::Card], named: usize, style: &CardStyle) -> String {
    if under.is_empty() {
        return String::new();
    }
    let below: Vec<_> = under.iter().rev().take(named).copied().collect();
    let mut text = format!("; under it {}", style.cards(&below));
    if under.len() > below.len() {
        text.push_str(&format!(", and {} more", under.len() - below.len()));
    }
    text
}

/// The answer about tableau pile `i`: its list line, then its top card when
/// it has more than one face-up card, or that only a king can go there.
fn tableau_answer(pos: &Position, i: PileId, style: &CardStyle, cards: FaceUpCards) -> String {
    let line = pile_line_with(pos, i, style, cards);
    let pile = pos.pile(i);
    match pile.top() {
        Some(top) if pile.face_up().len() > 1 => format!("{line} {} on top.", capitalise(&style.card(top))),
        Some(_) => line,
        None => format!("{line} Only a king can go there."),
    }
}

/// The top card of every tableau pile in one sentence, then the waste's
/// top card: "Tops: pile 1, queen of hearts; pile 2, 10 of spades; pile 3
/// empty; pile 4, ...; pile 7, jack of spades. Waste 4 of hearts." ("Waste
/// empty." when it is). Only the tops: what is under them is for
/// [`describe_pile`].
pub fn describe_tops(game: &Game, style: &CardStyle) -> String {
    let pos = game.position();
    let piles: Vec<String> = PileId::ALL
        .into_iter()
        .map(|i| match pos.pile(i).top() {
            // The comma keeps the pile's number apart from the card's.
            Some(top) => format!("pile {i}, {}", style.card(top)),
            None => format!("pile {i}, empty"),
        })
        .collect();
    let waste = match pos.waste().last() {
        Some(&top) => format!("Waste {}.", style.card(top)),
        None => "Waste empty.".to_string(),
    };
    // Seven empty piles said once, not one by one (after a win, say).
    if PileId::ALL.into_iter().all(|i| pos.pile(i).top().is_none()) {
        return format!("Every pile is empty. {waste}");
    }
    format!("Tops: {}. {waste}", piles.join("; "))
}

/// Where `card` is, as far as the player can see ([`Position::locate`]):
///
/// - "The 9 of hearts is on pile 4, on top." or "The 9 of hearts is on
///   pile 4, under 3 cards." (3 face-up cards lie on it);
/// - "The 9 of hearts is on top of the waste." or "The 9 of hearts is in
///   the waste, under 2 cards.";
/// - "The 9 of hearts is on the hearts foundation." (its top card or under
///   others);
/// - "The 9 of hearts is face down or in the stock." (the two are not told
///   apart: both are hidden from the player).
///
/// A card written as a short code starts the sentence bare: "TS is on pile
/// 2, on top."
pub fn find_card(game: &Game, card: Card, style: &CardStyle) -> String {
    let name = match style.names {
        crate::app::render::words::CardNames::Words => format!("The {}", style.card(card)),
        crate::app::render::words::CardNames::Short => style.card(card),
    };
    match game.position().locate(card) {
        CardPlace::Tableau { pile, from_top: 0, .. } => format!("{name} is on pile {pile}, on top."),
        CardPlace::Tableau { pile, from_top, .. } => {
            format!("{name} is on pile {pile}, under {}.", count(from_top, "card"))
        }
        CardPlace::Waste { from_top: 0 } => format!("{name} is on top of the waste."),
        CardPlace::Waste { from_top } => {
            format!("{name} is in the waste, under {}.", count(from_top, "card"))
        }
        CardPlace::Foundation { .. } => format!("{name} is on the {} foundation.", suit_name(card.suit())),
        CardPlace::Hidden => format!("{name} is face down or in the stock."),
    }
}

/// "; 2 redeals left" (or "; 1 redeal left", "; no redeals left"), or
/// nothing with unlimited passes.
fn redeals_left(pos: &Position, rules: &Rules) -> String {
    match rules.passes {
        PassLimit::Unlimited => String::new(),
        PassLimit::Limited(n) => match n.saturating_sub(pos.pass()) {
            0 => "; no redeals left".to_string(),
            1 => "; 1 redeal left".to_string(),
            k => format!("; {k} redeals left"),
        },
    }
}

/// Every legal move, each as the command that plays it (`t 2 5 1`, `w f`,
/// `d`) and in words ("move the 8 of hearts from pile 2 onto the 9 of
/// clubs on pile 5"). All legal moves are listed, in the order of
/// [`Game::legal_moves`], except that the draw (or redeal) comes last.
pub fn describe_legal_moves(game: &Game, style: &CardStyle) -> Vec<(Move, String)> {
    let pos = game.position();
    let rules = game.rules();
    let mut moves = game.legal_moves();
    // Stable: keeps the order of the others, moves draw and redeal to the end.
    moves.sort_by_key(|m| matches!(m, Move::Draw | Move::Redeal));
    moves.into_iter().map(|mv| (mv, move_in_words(pos, rules, mv, style))).collect()
}

/// The legal moves worth making, best kinds first, as the same (command,
/// words) pairs as [`describe_legal_moves`] ("moves all"): the engine's
/// ranking ([`ranked_moves`], which `hint` follows too) in words.
pub fn ranked_legal_moves(game: &Game, style: &CardStyle) -> Vec<(Move, String)> {
    let (pos, rules) = (game.position(), game.rules());
    ranked_moves(game).into_iter().map(|mv| (mv, move_in_words(pos, rules, mv, style))).collect()
}

/// The shortest command that plays `mv`: a move from pile to pile without
/// its count, which the two piles decide (the face-up cards of a pile are
/// one build, and at most one count of it fits), so that a screen reader
/// reads two numbers, not three; any other move as it is written.
pub fn short_command(mv: Move) -> String {
    match MoveCommand::from(mv) {
        MoveCommand::TableauToTableau { from, to, .. } => MoveCommand::TableauToTableau { from, to, count: None },
        other => other,
    }
    .to_string()
}

/// One move in words, against the position it would be played in.
pub fn move_in_words(pos: &Position, rules: &Rules, mv: Move, style: &CardStyle) -> String {
    let the = |card: Option<Card>| card.map_or_else(|| "no card".to_string(), |c| format!("the {}", style.card(c)));
    let onto = |to: PileId| -> String {
        match pos.pile(to).top() {
            Some(top) => format!("onto the {} on pile {to}", style.card(top)),
            None => format!("to the empty pile {to}"),
        }
    };
    match mv {
        Move::Draw => {
            let n = rules.draw.cards().min(pos.stock_len());
            let left = pos.stock_len().saturating_sub(n);
            format!("draw {} from the stock ({left} left)", count(n, "card"))
        }
        Move::Redeal => format!(
            "turn the waste over into the stock, starting {}",
            pass_words(pos.pass().saturating_add(1), rules.passes).to_lowercase()
        ),
        Move::WasteToTableau { to } => {
            format!("move {} from the waste {}", the(pos.waste().last().copied()), onto(to))
        }
        Move::WasteToFoundation => {
            let card = pos.waste().last().copied();
            format!("put {} from the waste on its foundation", the(card))
        }
        Move::TableauToTableau { from, to, count: k } => {
            let up = pos.pile(from).face_up();
            let lead = up.len().checked_sub(k).and_then(|i| up.get(i)).copied();
            let with = match k {
                0 | 1 => String::new(),
                2 => ", with 1 card on it,".to_string(),
                k => format!(", with {} cards on it,", k - 1),
            };
            let turns_up = turns_up_a_card(pos, mv);
            format!(
                "move {}{with} from pile {from} {}{}",
                the(lead),
                onto(to),
                if turns_up { ", turning up a card" } else { "" }
            )
        }
        Move::TableauToFoundation { from } => {
            let top = pos.pile(from).top();
            format!(
                "put {} from pile {from} on its foundation{}",
                the(top),
                if turns_up_a_card(pos, mv) { ", turning up a card" } else { "" }
            )
        }
        Move::FoundationToTableau { suit, to } => {
            format!("move {} from the {} foundation {}", the(pos.foundation_top(suit)), suit_name(suit), onto(to))
        }
    }
}

/// The rules in one sentence: "Draw 3, 3 passes (2 redeals),
/// foundation-to-tableau off, kings only on empty piles."
pub fn describe_rules(rules: &Rules) -> String {
    let passes = match rules.passes {
        PassLimit::Unlimited => "unlimited passes".to_string(),
        PassLimit::Limited(1) => "1 pass (no redeals)".to_string(),
        PassLimit::Limited(2) => "2 passes (1 redeal)".to_string(),
        PassLimit::Limited(n) => format!("{n} passes ({} redeals)", n - 1),
    };
    format!(
        "Draw {}, {passes}, foundation-to-tableau {}, kings only on empty piles.",
        rules.draw.cards(),
        if rules.foundation_to_tableau { "on" } else { "off" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::render::list::summarised_cards;
    use crate::engine::deal::Deal;
    use crate::engine::rules::DrawCount;
    use crate::engine::scoring::Scoring;

    fn c(code: &str) -> Card {
        code.parse().unwrap()
    }

    /// A game under `rules` from a position's one-line form (described on
    /// [`Position`]).
    fn game(line: &str, rules: Rules) -> Game {
        Game::from_position(line.parse().unwrap(), rules)
    }

    #[test]
    fn piles_waste_foundations_stock() {
        let rules = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), ..Rules::default() };
        let g = game(
            "tableau - / JS 2S | 5C 4H / | QD / - / - / - / - \
             ; stock * ; waste 4D JC 9S ; foundations AC 2D - - ; pass 1",
            rules,
        );
        let w = CardStyle::WORDS;
        assert_eq!(
            describe_pile(&g, PileRef::Tableau(PileId::ALL[1]), &w),
            "Pile 2: 2 face down, then 5 of clubs, 4 of hearts. 4 of hearts on top."
        );
        assert_eq!(describe_pile(&g, PileRef::Tableau(PileId::ALL[2]), &w), "Pile 3: queen of diamonds.");
        assert_eq!(describe_pile(&g, PileRef::Tableau(PileId::ALL[0]), &w), "Pile 1: empty. Only a king can go there.");
        assert_eq!(
            describe_pile(&g, PileRef::Waste, &w),
            "Waste: 3 cards. 9 of spades on top, the only one you can play; under it jack of clubs and 4 of diamonds."
        );
        assert_eq!(
            describe_pile(&g, PileRef::Foundations, &w),
            "Foundations: clubs up to ace, diamonds up to 2, hearts empty, spades empty. 3 cards home. Next: 2 of clubs, 3 of diamonds, ace of hearts, ace of spades."
        );
        // A longer waste: two cards under the top by name, the rest counted;
        // `l w all` names them all.
        let long = game(
            "tableau - / - / - / - / - / - / - ; stock * ; waste 4D JC 9S KH 7C ; foundations AC 2D - - ; pass 1",
            rules,
        );
        assert_eq!(
            describe_pile(&long, PileRef::Waste, &w),
            "Waste: 5 cards. 7 of clubs on top, the only one you can play; under it king of hearts and 9 of spades, and 2 more."
        );
        assert_eq!(
            describe_pile_full(&long, PileRef::Waste, &w),
            "Waste: 5 cards. 7 of clubs on top, the only one you can play; under it king of hearts, 9 of spades, jack of clubs and 4 of diamonds."
        );
        assert_eq!(
            describe_pile(&g, PileRef::Stock, &w),
            "Stock: 41 cards. Pass 1 of 3; 2 redeals left. A draw turns 3 cards."
        );
    }

    #[test]
    fn empty_stock_says_what_the_next_draw_does() {
        let mut g = Game::new(
            &Deal::for_number(crate::engine::deal::GameNumber::ONE),
            Rules { passes: PassLimit::Limited(2), ..Rules::default() },
        );
        for _ in 0..24 {
            g.play(Move::Draw).unwrap();
        }
        let w = CardStyle::WORDS;
        assert_eq!(
            describe_pile(&g, PileRef::Stock, &w),
            "Stock: empty. Pass 1 of 2. The next draw turns the waste over (24 cards); 1 redeal left."
        );
        g.play(Move::Redeal).unwrap();
        for _ in 0..24 {
            g.play(Move::Draw).unwrap();
        }
        assert_eq!(
            describe_pile(&g, PileRef::Stock, &w),
            "Stock: empty. Pass 2 of 2: no redeals left, so the waste stays as it is."
        );
        assert_eq!(
            describe_stock(&g, ScoreNow { scoring: Scoring::Standard, score: 500 }),
            "Stock: empty. Pass 2 of 2: no redeals left, so the waste stays as it is."
        );
    }

    #[test]
    fn an_empty_stock_and_waste_say_that_nothing_is_left_to_draw() {
        let line = "tableau - / - / - / - / - / - / | KS ; stock - ; waste - ; foundations KC KD KH QS ; pass 2";
        let g = Game::from_position(line.parse().unwrap(), Rules::default());
        assert_eq!(
            describe_stock(&g, ScoreNow::NONE),
            "Stock: empty, and so is the waste: nothing is left to draw. Pass 2."
        );
    }

    #[test]
    fn empty_stock_says_what_the_redeal_costs() {
        let mut g = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        for _ in 0..24 {
            g.play(Move::Draw).unwrap();
        }
        // Standard scoring charges 100 points for each draw-1 redeal.
        let standard = |score| describe_stock(&g, ScoreNow { scoring: Scoring::Standard, score });
        assert_eq!(
            standard(500),
            "Stock: empty. Pass 1. The next draw turns the waste over (24 cards), for 100 points off."
        );
        // The score goes no lower than 0.
        assert_eq!(
            standard(60),
            "Stock: empty. Pass 1. The next draw turns the waste over (24 cards), for 60 points off."
        );
        assert_eq!(standard(0), "Stock: empty. Pass 1. The next draw turns the waste over (24 cards).");
        assert_eq!(
            describe_stock(&g, ScoreNow::NONE),
            "Stock: empty. Pass 1. The next draw turns the waste over (24 cards)."
        );
    }

    #[test]
    fn legal_moves_in_words_with_draw_last() {
        let g = game(
            "tableau JS | 8H / - / | 9C / | KD QS / - / - / - ; stock * ; waste AH ; foundations - - - - ; pass 1",
            Rules::default(),
        );
        let moves = describe_legal_moves(&g, &CardStyle::WORDS);
        let named: Vec<(String, &str)> = moves.iter().map(|(a, b)| (a.to_string(), b.as_str())).collect();
        let all: Vec<(&str, &str)> = named.iter().map(|(a, b)| (a.as_str(), *b)).collect();
        assert!(
            all.contains(&(
                "t 1 3 1",
                "move the 8 of hearts from pile 1 onto the 9 of clubs on pile 3, turning up a card"
            )),
            "{all:?}"
        );
        assert!(all.contains(&("w f", "put the ace of hearts from the waste on its foundation")));
        assert!(
            all.contains(&("t 4 2 2", "move the king of diamonds, with 1 card on it, from pile 4 to the empty pile 2")),
            "{all:?}"
        );
        assert_eq!(all.last().unwrap(), &("d", "draw 1 card from the stock (45 left)"));
        assert_eq!(moves.len(), g.legal_moves().len());
    }

    #[test]
    fn rules_in_one_sentence() {
        let r = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: false };
        assert_eq!(
            describe_rules(&r),
            "Draw 3, 3 passes (2 redeals), foundation-to-tableau off, kings only on empty piles."
        );
        let r = Rules { draw: DrawCount::One, passes: PassLimit::Limited(1), foundation_to_tableau: true };
        assert_eq!(
            describe_rules(&r),
            "Draw 1, 1 pass (no redeals), foundation-to-tableau on, kings only on empty piles."
        );
        let r = Rules { passes: PassLimit::Limited(2), ..Rules::default() };
        assert!(describe_rules(&r).contains("2 passes (1 redeal)"));
    }

    #[test]
    fn builds_of_three_or_more_are_told_by_their_ends() {
        let g = game(
            "tableau | KS QH JC / | 5C 4H / 2S 3S | TH 9S 8D 7C 6H 5S 4D / - / KC | QD / - / - \
             ; stock * ; waste - ; foundations - - - - ; pass 1",
            Rules::default(),
        );
        let w = CardStyle::WORDS;
        assert_eq!(
            describe_pile(&g, PileRef::Tableau(PileId::ALL[2]), &w),
            "Pile 3: 2 face down, then 10 of hearts down to 4 of diamonds, 7 cards. 4 of diamonds on top."
        );
        assert_eq!(
            describe_pile_full(&g, PileRef::Tableau(PileId::ALL[2]), &w),
            "Pile 3: 2 face down, then 10 of hearts, 9 of spades, 8 of diamonds, 7 of clubs, 6 of hearts, 5 of spades, \
             4 of diamonds. 4 of diamonds on top."
        );
        // Three cards are a run; the top card's sentence starts with a capital.
        assert_eq!(
            describe_pile(&g, PileRef::Tableau(PileId::ALL[0]), &w),
            "Pile 1: king of spades down to jack of clubs, 3 cards. Jack of clubs on top."
        );
        // One or two cards are listed as before, by both functions.
        for describe in [describe_pile, describe_pile_full] {
            assert_eq!(
                describe(&g, PileRef::Tableau(PileId::ALL[1]), &w),
                "Pile 2: 5 of clubs, 4 of hearts. 4 of hearts on top."
            );
            assert_eq!(
                describe(&g, PileRef::Tableau(PileId::ALL[4]), &w),
                "Pile 5: 1 face down, then queen of diamonds."
            );
            assert_eq!(describe(&g, PileRef::Tableau(PileId::ALL[3]), &w), "Pile 4: empty. Only a king can go there.");
            assert_eq!(describe(&g, PileRef::Waste, &w), "Waste: empty.");
        }
        // The query summarises in short codes too; "all" lists them.
        let p = CardStyle::PLAIN;
        assert_eq!(
            describe_pile(&g, PileRef::Tableau(PileId::ALL[2]), &p),
            "Pile 3: 2 face down, then TH down to 4D, 7 cards. 4D on top."
        );
        assert_eq!(
            describe_pile_full(&g, PileRef::Tableau(PileId::ALL[2]), &p),
            "Pile 3: 2 face down, then TH, 9S, 8D, 7C, 6H, 5S, 4D. 4D on top."
        );
    }

    #[test]
    fn summarised_cards_only_summarises_one_build() {
        let cards = |v: &[&str]| v.iter().map(|s| c(s)).collect::<Vec<Card>>();
        let w = CardStyle::WORDS;
        assert_eq!(summarised_cards(&[], &w), "");
        assert_eq!(summarised_cards(&cards(&["QH"]), &w), "queen of hearts");
        assert_eq!(summarised_cards(&cards(&["QH", "JS"]), &w), "queen of hearts, jack of spades");
        assert_eq!(
            summarised_cards(&cards(&["QH", "JS", "TD"]), &w),
            "queen of hearts down to 10 of diamonds, 3 cards"
        );
        assert_eq!(summarised_cards(&cards(&["QH", "JS", "TD"]), &CardStyle::PLAIN), "QH down to TD, 3 cards");
        // Not one build (the engine never makes such a pile): card by card.
        assert_eq!(summarised_cards(&cards(&["TH", "9S", "3D"]), &w), "10 of hearts, 9 of spades, 3 of diamonds");
        assert_eq!(summarised_cards(&cards(&["TH", "9H", "8S"]), &w), "10 of hearts, 9 of hearts, 8 of spades");
    }

    #[test]
    fn tops_of_every_pile_and_the_waste() {
        let g = game(
            "tableau | QH / 2S | TS / - / - / - / KC | 9H 8S 7H 6S / | JS \
             ; stock * ; waste 5D 4H ; foundations - - - - ; pass 1",
            Rules::default(),
        );
        assert_eq!(
            describe_tops(&g, &CardStyle::WORDS),
            "Tops: pile 1, queen of hearts; pile 2, 10 of spades; pile 3, empty; pile 4, empty; pile 5, empty; \
             pile 6, 6 of spades; pile 7, jack of spades. Waste 4 of hearts."
        );
        assert_eq!(
            describe_tops(&g, &CardStyle::PLAIN),
            "Tops: pile 1, QH; pile 2, TS; pile 3, empty; pile 4, empty; pile 5, empty; pile 6, 6S; pile 7, JS. Waste 4H."
        );
        let g = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        assert_eq!(
            describe_tops(&g, &CardStyle::WORDS),
            "Tops: pile 1, queen of hearts; pile 2, 10 of spades; pile 3, 5 of clubs; pile 4, 4 of clubs; pile 5, 3 of clubs; \
             pile 6, ace of hearts; pile 7, ace of spades. Waste empty."
        );
        // Every pile empty (after a win, say): said once, not seven times.
        let g = game(
            "tableau - / - / - / - / - / - / - ; stock - ; waste KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H ; foundations KC KD AH KS ; pass 1",
            Rules::default(),
        );
        assert_eq!(describe_tops(&g, &CardStyle::WORDS), "Every pile is empty. Waste 2 of hearts.");
    }

    #[test]
    fn find_a_card_where_the_player_can_see_it() {
        let g = game(
            "tableau - / - / - / KC | 9H 8S 7H 6S / - / - / - \
             ; stock * ; waste 5D 4C JD ; foundations - - 3H - ; pass 1",
            Rules::default(),
        );
        let w = CardStyle::WORDS;
        let find = |code: &str| find_card(&g, c(code), &w);
        assert_eq!(find("6S"), "The 6 of spades is on pile 4, on top.");
        assert_eq!(find("7H"), "The 7 of hearts is on pile 4, under 1 card.");
        assert_eq!(find("9H"), "The 9 of hearts is on pile 4, under 3 cards.");
        assert_eq!(find("JD"), "The jack of diamonds is on top of the waste.");
        assert_eq!(find("4C"), "The 4 of clubs is in the waste, under 1 card.");
        assert_eq!(find("5D"), "The 5 of diamonds is in the waste, under 2 cards.");
        assert_eq!(find("3H"), "The 3 of hearts is on the hearts foundation.");
        assert_eq!(find("AH"), "The ace of hearts is on the hearts foundation.");
        assert_eq!(find("KC"), "The king of clubs is face down or in the stock.");
        assert_eq!(find("QD"), "The queen of diamonds is face down or in the stock.");
        assert_eq!(find_card(&g, c("9H"), &CardStyle::PLAIN), "9H is on pile 4, under 3 cards.");

        let mut g = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        assert_eq!(find_card(&g, c("QH"), &w), "The queen of hearts is on pile 1, on top.");
        assert_eq!(find_card(&g, c("AC"), &w), "The ace of clubs is face down or in the stock.");
        g.play(Move::Draw).unwrap();
        g.play(Move::Draw).unwrap();
        assert_eq!(find_card(&g, c("AC"), &w), "The ace of clubs is on top of the waste.");
        assert_eq!(find_card(&g, c("4H"), &w), "The 4 of hearts is in the waste, under 1 card.");
        g.play(Move::WasteToFoundation).unwrap();
        assert_eq!(find_card(&g, c("AC"), &w), "The ace of clubs is on the clubs foundation.");
    }

    /// The moves as (command, words) text, to compare with what is
    /// expected.
    fn pairs(moves: &[(Move, String)]) -> Vec<(String, String)> {
        moves.iter().map(|(a, b)| (a.to_string(), b.clone())).collect()
    }

    fn expected(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|&(a, b)| (a.to_string(), b.to_string())).collect()
    }

    /// A move between piles is typed without its count, which the piles
    /// decide: the command a screen reader reads is two numbers, not three.
    #[test]
    fn the_short_command_leaves_out_what_the_piles_decide() {
        let g = game(
            "tableau JS | 8H / - / | 9C / | KD QS / - / - / - ; stock * ; waste AH ; foundations - - - - ; pass 1",
            Rules::default(),
        );
        for mv in g.legal_moves() {
            let short = short_command(mv);
            let typed: crate::app::command::Command = short.parse().unwrap();
            let crate::app::command::Command::Move(command) = typed else { panic!("{short}") };
            assert_eq!(command.resolve(g.position(), g.rules()), Ok(mv), "{short}");
        }
        assert_eq!(
            short_command(Move::TableauToTableau { from: PileId::ALL[0], to: PileId::ALL[2], count: 1 }),
            "t 1 3"
        );
        assert_eq!(short_command(Move::TableauToFoundation { from: PileId::ALL[6] }), "t 7 f");
    }

    #[test]
    fn ranked_moves_come_in_groups() {
        let g = game(
            "tableau JS | 8H / - / | 9C / | KD QS / | 3D / - / | AS \
             ; stock * ; waste JH ; foundations 2C - - - ; pass 1",
            Rules { foundation_to_tableau: true, ..Rules::default() },
        );
        let w = CardStyle::WORDS;
        assert_eq!(
            pairs(&ranked_legal_moves(&g, &w)),
            expected(&[
                ("t 1 3 1", "move the 8 of hearts from pile 1 onto the 9 of clubs on pile 3, turning up a card"),
                ("t 7 f", "put the ace of spades from pile 7 on its foundation"),
                ("w 4", "move the jack of hearts from the waste onto the queen of spades on pile 4"),
                ("f c 5", "move the 2 of clubs from the clubs foundation onto the 3 of diamonds on pile 5"),
                ("d", "draw 1 card from the stock (41 left)"),
            ])
        );
        // Moves all still has the king shuffled to the two empty piles.
        let all: Vec<String> = describe_legal_moves(&g, &w).into_iter().map(|(c, _)| c.to_string()).collect();
        assert_eq!(all, ["w 4", "t 7 f", "t 1 3 1", "t 4 2 2", "t 4 6 2", "f c 5", "d"]);
    }

    #[test]
    fn ranked_moves_leave_out_pointless_shuffles() {
        let g = game(
            "tableau | 9C / - / | KD QS / 5S | 4H 3C 2D / | 3S / 6S | TH 9S / | TD \
             ; stock * ; waste - ; foundations 2C - - - ; pass 1",
            Rules::default(),
        );
        let w = CardStyle::WORDS;
        let commands = |moves: Vec<(Move, String)>| moves.into_iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>();
        assert_eq!(commands(describe_legal_moves(&g, &w)), ["t 1 7 1", "t 3 2 2", "t 4 5 1", "t 6 7 1", "d"]);
        // Kept: the 9 of clubs leaves pile 1 empty for a king; the 2 of
        // diamonds uncovers the 3 of clubs, which the clubs foundation takes.
        // Left out: the king and queen from pile 3 to the empty pile 2; the 9
        // of spades onto the other red 10, uncovering nothing the foundations take.
        assert_eq!(
            pairs(&ranked_legal_moves(&g, &w)),
            expected(&[
                ("t 1 7 1", "move the 9 of clubs from pile 1 onto the 10 of diamonds on pile 7"),
                ("t 4 5 1", "move the 2 of diamonds from pile 4 onto the 3 of spades on pile 5"),
                ("d", "draw 1 card from the stock (37 left)"),
            ])
        );
        // A king over face-down cards going to an empty pile turns one up: kept, first.
        let g = game(
            "tableau 2C | KH QS / - / | AD / - / - / - / - ; stock * ; waste - ; foundations - - - - ; pass 1",
            Rules::default(),
        );
        assert_eq!(
            commands(ranked_legal_moves(&g, &w)),
            ["t 1 2 2", "t 1 4 2", "t 1 5 2", "t 1 6 2", "t 1 7 2", "t 3 f", "d"]
        );
        // Nothing to leave out at the start of game 1.
        let g = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        assert_eq!(
            pairs(&ranked_legal_moves(&g, &w)),
            expected(&[
                ("t 6 f", "put the ace of hearts from pile 6 on its foundation, turning up a card"),
                ("t 7 f", "put the ace of spades from pile 7 on its foundation, turning up a card"),
                ("d", "draw 1 card from the stock (23 left)"),
            ])
        );
    }

    /// A sentence fit to be read aloud: no brackets, quotes or symbols, a
    /// capital (or a card code's rank) first, a full stop last, at most the
    /// first label's colon.
    fn assert_readable(text: &str) {
        assert!(!text.chars().any(|ch| "()[]\">#*".contains(ch)), "{text}");
        assert!(text.chars().next().is_some_and(|ch| ch.is_uppercase() || ch.is_ascii_digit()), "{text}");
        assert!(text.ends_with('.'), "{text}");
        assert!(text.matches(':').count() <= 1, "{text}");
        assert!(!text.contains('\n') && !text.contains("  "), "{text}");
    }

    #[test]
    fn answers_read_aloud_in_random_positions() {
        let mut seed: u64 = 12345;
        let mut next = move |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) % n as u64) as usize
        };
        let styles = [CardStyle::WORDS, CardStyle::PLAIN];
        let mut positions = 0;
        let mut dropped = 0;
        for number in [1u128, 2, 3, 11, 617, 11982, 28000, 31999] {
            for rules in [
                Rules::default(),
                Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: true },
            ] {
                let mut g = Game::new(&Deal::for_number(crate::engine::deal::GameNumber::new(number).unwrap()), rules);
                for _ in 0..150 {
                    positions += 1;
                    let pos = g.position();
                    for style in &styles {
                        assert_readable(&describe_tops(&g, style));
                        for card in Card::deck() {
                            assert_readable(&find_card(&g, card, style));
                        }
                        for i in PileId::ALL {
                            let short = describe_pile(&g, PileRef::Tableau(i), style);
                            let full = describe_pile_full(&g, PileRef::Tableau(i), style);
                            assert_readable(&short);
                            assert_readable(&full);
                            let up = pos.pile(i).face_up();
                            for &card in up {
                                assert!(full.contains(&style.card(card)), "{full}");
                            }
                            if up.len() >= 3 {
                                assert!(
                                    short.contains(&format!(
                                        " down to {}, {} cards.",
                                        style.card(up[up.len() - 1]),
                                        up.len()
                                    )),
                                    "{short}"
                                );
                            } else {
                                assert_eq!(short, full);
                            }
                        }
                    }
                    let all = describe_legal_moves(&g, &CardStyle::WORDS);
                    let ranked = ranked_legal_moves(&g, &CardStyle::WORDS);
                    for pair in &ranked {
                        assert!(all.contains(pair), "{pair:?} not in {all:?}");
                        // The draw's words say how many are left in brackets,
                        // as moves all does; nothing else has any symbol.
                        let words = pair.1.split(" (").next().unwrap_or_default();
                        assert!(!words.chars().any(|ch| "()[]\">#*:".contains(ch)), "{pair:?}");
                    }
                    dropped += all.len() - ranked.len();
                    let legal = g.legal_moves();
                    for (&mv, pair) in legal.iter().zip(&describe_legal_moves_in_engine_order(&g)) {
                        let keep = turns_up_a_card(pos, mv)
                            || matches!(
                                mv,
                                Move::WasteToFoundation | Move::TableauToFoundation { .. } | Move::Draw | Move::Redeal
                            );
                        if keep {
                            assert!(ranked.contains(pair), "{pair:?} missing from {ranked:?}");
                        }
                    }
                    let groups: Vec<crate::engine::hint::MoveGroup> = ranked
                        .iter()
                        .map(|pair| {
                            let i = describe_legal_moves_in_engine_order(&g).iter().position(|p| p == pair).unwrap();
                            crate::engine::hint::group(pos, legal[i])
                        })
                        .collect();
                    assert!(groups.windows(2).all(|w| w[0] <= w[1]), "{ranked:?}");
                    if legal.is_empty() {
                        break;
                    }
                    g.play(legal[next(legal.len())]).unwrap();
                }
            }
        }
        assert!(positions > 1000 && dropped > 0, "{positions} positions, {dropped} moves left out");
    }

    /// The pairs of [`describe_legal_moves`] in the order of [`Game::legal_moves`].
    fn describe_legal_moves_in_engine_order(g: &Game) -> Vec<(Move, String)> {
        let pos = g.position();
        g.legal_moves().into_iter().map(|mv| (mv, move_in_words(pos, g.rules(), mv, &CardStyle::WORDS))).collect()
    }
}
