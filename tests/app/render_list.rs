//! The list layout, the styled table and the read-only queries, along
//! played games: the list reads in words (no placeholders, no card codes,
//! no control characters), the plain styled table is the table, and every
//! query answers without changing the game.

use klondike::app::command::PileRef;
use klondike::app::render::list::list;
use klondike::app::render::query::{describe_legal_moves, describe_pile, describe_rules};
use klondike::app::render::rows::{table, table_styled};
use klondike::app::render::words::{card_name, CardNames, CardStyle, SuitStyle};
use klondike::engine::card::Card;
use klondike::engine::deal::Deal;
use klondike::engine::game::{Game, Status};
use klondike::engine::moves::{Move, PileId};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};

fn has_card_code(text: &str) -> bool {
    text.split(|ch: char| !ch.is_ascii_alphanumeric())
        .any(|w| w.len() == 2 && !w.chars().any(|ch| ch.is_ascii_lowercase()) && w.parse::<Card>().is_ok())
}

fn clean_words(text: &str) {
    assert!(!text.chars().any(|ch| ch.is_control() && ch != '\n'), "{text:?}");
    assert!(!text.contains("##"), "{text}");
    assert!(!has_card_code(text), "card code in {text}");
}

/// Games played a little way with a fixed pseudo-random choice of moves.
fn games() -> Vec<Game> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut out = Vec::new();
    for number in [1u128, 2, 7, 617, 11982, 31999, 32000, 123_456_789] {
        for rules in [
            Rules::default(),
            Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: true },
        ] {
            let mut game =
                Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
            out.push(game.clone());
            for step in 0..120 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[next(moves.len())]).unwrap();
                if step % 30 == 29 {
                    out.push(game.clone());
                }
            }
            out.push(game);
        }
    }
    out
}

#[test]
fn list_reads_in_words_one_pile_per_line() {
    for game in games() {
        let text = list(&game, "Game 1", &CardStyle::WORDS);
        clean_words(&text);
        let lines: Vec<&str> = text.lines().collect();
        let extra = usize::from(game.status() != Status::Playing);
        assert_eq!(lines.len(), 11 + extra, "{text}");
        assert!(lines[1].starts_with("Stock: "));
        assert!(lines[2].starts_with("Waste: "));
        assert!(lines[3].starts_with("Foundations: "));
        for (i, line) in PileId::ALL.into_iter().zip(&lines[4..11]) {
            assert!(line.starts_with(&format!("Pile {}: ", i.number())), "{line}");
            let pile = game.position().pile(i);
            if !pile.hidden().is_empty() {
                assert!(line.contains(&format!("{} face down", pile.hidden().len())), "{line}");
            }
            // The top is the last card named; a build of 3 or more is told
            // by its ends and length.
            if let Some(top) = pile.top() {
                let n = pile.face_up().len();
                let end = if n >= 3 {
                    format!(" down to {}, {n} cards.", card_name(top))
                } else {
                    format!("{}.", card_name(top))
                };
                assert!(line.ends_with(&end), "{line}");
            }
        }
    }
}

#[test]
fn plain_styled_table_is_the_table() {
    let symbols = CardStyle { names: CardNames::Short, suits: SuitStyle::Symbols, colour: false };
    let coloured = CardStyle { colour: true, ..symbols };
    for game in games() {
        let plain = table(&game, "Game 7");
        assert_eq!(table_styled(&game, "Game 7", &CardStyle::PLAIN), plain);
        let sym = table_styled(&game, "Game 7", &symbols);
        assert_eq!(sym.lines().count(), plain.lines().count());
        // Symbols replace the suit letters of codes, one for one, and a
        // ten's T is written 10.
        let back = sym.replace("10♣", "T♣").replace("10♦", "T♦").replace("10♥", "T♥").replace("10♠", "T♠");
        let back = back.replace('♣', "C").replace('♦', "D").replace('♥', "H").replace('♠', "S");
        assert_eq!(back, plain);
        // Colour only adds escape codes around red cards.
        let col = table_styled(&game, "Game 7", &coloured);
        let stripped = col.replace("\u{1b}[31m", "").replace("\u{1b}[0m", "");
        assert_eq!(stripped, sym);
        let words = table_styled(&game, "Game 7", &CardStyle::WORDS);
        assert!(!has_card_code(&words), "{words}");
    }
}

#[test]
fn queries_answer_without_changing_the_game() {
    for game in games() {
        let before = game.position().clone();
        let moves_made = game.moves_made();
        for which in
            PileId::ALL.map(PileRef::Tableau).into_iter().chain([PileRef::Waste, PileRef::Foundations, PileRef::Stock])
        {
            let answer = describe_pile(&game, which, &CardStyle::WORDS);
            clean_words(&answer);
            assert!(!answer.contains('\n'), "{answer}");
            assert!(answer.ends_with('.'), "{answer}");
        }
        let described = describe_legal_moves(&game, &CardStyle::WORDS);
        let legal = game.legal_moves();
        assert_eq!(described.len(), legal.len());
        let mut commands: Vec<String> = legal.iter().map(Move::to_string).collect();
        let mut listed: Vec<String> = described.iter().map(|(c, _)| c.to_string()).collect();
        commands.sort();
        listed.sort();
        assert_eq!(commands, listed);
        if let Some(pos) = described.iter().position(|(c, _)| matches!(c, Move::Draw | Move::Redeal)) {
            assert_eq!(pos, described.len() - 1, "draw comes last");
        }
        for (_, words) in &described {
            clean_words(words);
        }
        assert_eq!(game.position(), &before);
        assert_eq!(game.moves_made(), moves_made);
        let rules = describe_rules(game.rules());
        assert!(rules.ends_with("kings only on empty piles."));
    }
}
