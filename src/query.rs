//! Read-only questions a player asks without moving: what is on one pile,
//! which moves are legal, which rules are in force. Each answer is a few
//! short lines meant to read well aloud; nothing here changes the game.
//!
//! ```
//! use klondike::{deal::Deal, game::Game, rules::Rules};
//! use klondike::query::{describe_legal_moves, describe_pile, describe_rules, PileRef};
//! use klondike::render::words::CardStyle;
//!
//! let game = Game::new(&Deal::for_game(1).unwrap(), Rules::default());
//! assert_eq!(describe_pile(&game, PileRef::Waste, &CardStyle::WORDS), "Waste: empty.");
//! let moves = describe_legal_moves(&game, &CardStyle::WORDS);
//! assert_eq!(moves.last().unwrap().0, "d");
//! assert_eq!(
//!     describe_rules(game.rules()),
//!     "Draw 1, unlimited passes, foundation-to-tableau off, kings only on empty piles."
//! );
//! ```

use crate::card::Suit;
use crate::game::{Game, Position};
use crate::moves::Move;
use crate::render::list::{foundations_line, pass_words, pile_line};
use crate::render::words::{count, CardStyle};
use crate::rules::{PassLimit, Rules};

/// Which part of the table a question is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PileRef {
    /// Tableau pile, 0-based (0..=6; anything else is answered "no such pile").
    Tableau(usize),
    /// The waste.
    Waste,
    /// All four foundations.
    Foundations,
    /// The stock.
    Stock,
}

/// One part of the table, in a line or two:
///
/// - a pile: "Pile 3: 2 face down, then 5 of clubs, 4 of hearts. 4 of
///   hearts on top." ("Pile 4: empty. Only a king can go there.");
/// - the waste: "Waste: 5 cards. 9 of spades on top, the only one you can
///   play; under it jack of clubs and 4 of hearts.";
/// - the foundations: the list line, then what each needs next ("Next:
///   ace of clubs, 3 of diamonds, 2 of hearts, ace of spades.");
/// - the stock: "Stock: 21 cards. Pass 1 of 3; 2 redeals left." or, when
///   empty, what the next draw does.
pub fn describe_pile(game: &Game, which: PileRef, style: &CardStyle) -> String {
    let pos = game.position();
    let rules = game.rules();
    match which {
        PileRef::Tableau(i) => {
            let line = pile_line(pos, i, style);
            if i >= 7 {
                return line;
            }
            let pile = pos.pile(i);
            match pile.top() {
                Some(top) if pile.face_up().len() > 1 => format!("{line} {} on top.", style.card(top)),
                Some(_) => line,
                None => format!("{line} Only a king can go there."),
            }
        }
        PileRef::Waste => {
            let waste = pos.waste();
            let Some((&top, under)) = waste.split_last() else {
                return "Waste: empty.".to_string();
            };
            let mut text =
                format!("Waste: {}. {} on top, the only one you can play", count(waste.len(), "card"), style.card(top));
            if !under.is_empty() {
                let below: Vec<_> = under.iter().rev().take(2).copied().collect();
                text.push_str(&format!("; under it {}", style.cards(&below)));
            }
            text.push('.');
            text
        }
        PileRef::Foundations => {
            let next: Vec<String> = Suit::ALL
                .iter()
                .filter_map(|&s| {
                    let n = pos.foundation(s);
                    crate::card::Rank::new(n + 1).map(|r| style.card(crate::card::Card::new(r, s)))
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
        PileRef::Stock => {
            let pass = pass_words(pos.pass(), rules.passes);
            let redeals = redeals_left(pos, rules);
            match pos.stock_len() {
                0 if pos.waste().is_empty() => format!("Stock: empty, and so is the waste. {pass}."),
                0 => match rules.passes {
                    PassLimit::Limited(n) if pos.pass() >= n => {
                        format!("Stock: empty. {pass}: no redeals left, so the waste stays as it is.")
                    }
                    _ => format!(
                        "Stock: empty. {pass}. The next draw turns the waste over ({} cards){redeals}.",
                        pos.waste().len()
                    ),
                },
                n => format!(
                    "Stock: {}. {pass}{redeals}. A draw turns {}.",
                    count(n, "card"),
                    count(rules.draw.cards().min(n), "card")
                ),
            }
        }
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
pub fn describe_legal_moves(game: &Game, style: &CardStyle) -> Vec<(String, String)> {
    let pos = game.position();
    let rules = game.rules();
    let mut moves = game.legal_moves();
    // Stable: keeps the order of the others, moves draw and redeal to the end.
    moves.sort_by_key(|m| matches!(m, Move::Draw | Move::Redeal));
    moves.into_iter().map(|mv| (mv.to_string(), move_in_words(pos, rules, mv, style))).collect()
}

/// One move in words, against the position it would be played in.
pub fn move_in_words(pos: &Position, rules: &Rules, mv: Move, style: &CardStyle) -> String {
    let the = |card: Option<crate::card::Card>| {
        card.map_or_else(|| "no card".to_string(), |c| format!("the {}", style.card(c)))
    };
    let onto = |to: usize| -> String {
        if to >= 7 {
            return format!("to pile {}", to.saturating_add(1));
        }
        match pos.pile(to).top() {
            Some(top) => format!("onto the {} on pile {}", style.card(top), to + 1),
            None => format!("to the empty pile {}", to + 1),
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
            let up = if from < 7 { pos.pile(from).face_up() } else { &[] };
            let lead = up.len().checked_sub(k).and_then(|i| up.get(i)).copied();
            let with = match k {
                0 | 1 => String::new(),
                2 => ", with 1 card on it,".to_string(),
                k => format!(", with {} cards on it,", k - 1),
            };
            let turns_up = from < 7 && k == up.len() && !pos.pile(from).hidden().is_empty();
            format!(
                "move {}{with} from pile {} {}{}",
                the(lead),
                from + 1,
                onto(to),
                if turns_up { ", turning up a card" } else { "" }
            )
        }
        Move::TableauToFoundation { from } => {
            let pile = pos.pile(from);
            let turns_up = pile.face_up().len() == 1 && !pile.hidden().is_empty();
            format!(
                "put {} from pile {} on its foundation{}",
                the(pile.top()),
                from + 1,
                if turns_up { ", turning up a card" } else { "" }
            )
        }
        Move::FoundationToTableau { suit, to } => {
            format!("move {} from the {} foundation {}", the(pos.foundation_top(suit)), suit.name(), onto(to))
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
    use crate::card::Card;
    use crate::deal::Deal;
    use crate::rules::DrawCount;

    fn c(code: &str) -> Card {
        code.parse().unwrap()
    }

    /// A position with the given piles, waste and foundations; every other
    /// card goes to the stock.
    fn game(piles: [(&[&str], &[&str]); 7], waste: &[&str], foundations: [u8; 4], rules: Rules) -> Game {
        let cards = |v: &[&str]| v.iter().map(|s| c(s)).collect::<Vec<Card>>();
        let piles = piles.map(|(h, u)| (cards(h), cards(u)));
        let pos = Position::with_rest_in_stock(piles, Vec::new(), cards(waste), foundations, 1).unwrap();
        Game::from_position(pos, rules)
    }

    const E: (&[&str], &[&str]) = (&[], &[]);

    #[test]
    fn piles_waste_foundations_stock() {
        let rules = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), ..Rules::default() };
        let g = game(
            [E, (&["JS", "2S"], &["5C", "4H"]), (&[], &["QD"]), E, E, E, E],
            &["4D", "JC", "9S"],
            [1, 2, 0, 0],
            rules,
        );
        let w = CardStyle::WORDS;
        assert_eq!(
            describe_pile(&g, PileRef::Tableau(1), &w),
            "Pile 2: 2 face down, then 5 of clubs, 4 of hearts. 4 of hearts on top."
        );
        assert_eq!(describe_pile(&g, PileRef::Tableau(2), &w), "Pile 3: queen of diamonds.");
        assert_eq!(describe_pile(&g, PileRef::Tableau(0), &w), "Pile 1: empty. Only a king can go there.");
        assert_eq!(describe_pile(&g, PileRef::Tableau(7), &w), "There is no pile 8 (piles are 1 to 7).");
        assert_eq!(
            describe_pile(&g, PileRef::Tableau(usize::MAX), &w),
            format!("There is no pile {} (piles are 1 to 7).", usize::MAX)
        );
        assert_eq!(
            describe_pile(&g, PileRef::Waste, &w),
            "Waste: 3 cards. 9 of spades on top, the only one you can play; under it jack of clubs and 4 of diamonds."
        );
        assert_eq!(
            describe_pile(&g, PileRef::Foundations, &w),
            "Foundations: clubs up to ace, diamonds up to 2, hearts empty, spades empty. 3 cards home. Next: 2 of clubs, 3 of diamonds, ace of hearts, ace of spades."
        );
        assert_eq!(
            describe_pile(&g, PileRef::Stock, &w),
            "Stock: 41 cards. Pass 1 of 3; 2 redeals left. A draw turns 3 cards."
        );
    }

    #[test]
    fn empty_stock_says_what_the_next_draw_does() {
        let mut g = Game::new(&Deal::for_game(1).unwrap(), Rules { passes: PassLimit::Limited(2), ..Rules::default() });
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
    }

    #[test]
    fn legal_moves_in_words_with_draw_last() {
        let g = game(
            [(&["JS"], &["8H"]), E, (&[], &["9C"]), (&[], &["KD", "QS"]), E, E, E],
            &["AH"],
            [0; 4],
            Rules::default(),
        );
        let moves = describe_legal_moves(&g, &CardStyle::WORDS);
        let all: Vec<(&str, &str)> = moves.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
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
}
