//! Announcements for screen-reader play: every kind of move, undo and redo
//! is announced in one line, with no control or box-drawing characters,
//! and with the cards spelled in words.

use klondike::app::flow::Lost;
use klondike::app::render::announce::{announce_move, announce_redo, announce_status, announce_undo};
use klondike::app::render::words::{card_name, CardStyle};
use klondike::engine::card::{Card, Suit};
use klondike::engine::deal::Deal;
use klondike::engine::game::{Game, Position};
use klondike::engine::moves::{Move, PileId};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};

fn c(code: &str) -> Card {
    code.parse().unwrap()
}

/// A position from its one-line form (described on [`Position`]); a last
/// `*` in the stock puts every card named nowhere else there.
fn position(line: &str) -> Position {
    line.parse().unwrap()
}

/// True when `text` holds a two-character card code as a word (`TH`, `9S`).
fn has_card_code(text: &str) -> bool {
    text.split(|ch: char| !ch.is_ascii_alphanumeric())
        .any(|w| w.len() == 2 && !w.chars().any(|ch| ch.is_ascii_lowercase()) && w.parse::<Card>().is_ok())
}

/// One line, printable, no box drawing, no card codes.
fn check_line(line: &str) {
    assert!(!line.is_empty());
    assert!(!line.contains('\n'), "{line:?}");
    assert!(!line.chars().any(char::is_control), "control character in {line:?}");
    assert!(!line.chars().any(|ch| ('\u{2500}'..='\u{259f}').contains(&ch)), "box drawing in {line:?}");
    assert!(!line.contains("##"), "{line:?}");
    assert!(!has_card_code(line), "card code in {line:?}");
    assert!(line.ends_with('.') || line.ends_with('!'), "{line:?}");
}

/// Plays `mv` from `pos` and checks its announcement, its undo's and its
/// redo's; returns the three lines. `named` are cards each line must name.
fn announce_all(pos: &Position, rules: Rules, mv: Move, named: &[&str]) -> [String; 3] {
    let w = CardStyle::WORDS;
    let mut game = Game::from_position(pos.clone(), rules);
    let played = game.play(mv).unwrap();
    let a = announce_move(pos, &played, &game, &w);
    let before_undo = game.position().clone();
    let undone = game.undo().unwrap();
    let u = announce_undo(&before_undo, &undone, &game, &w);
    let before_redo = game.position().clone();
    let redone = game.redo().unwrap();
    let r = announce_redo(&before_redo, &redone, &game, &w);
    for line in [&a, &u, &r] {
        check_line(line);
        for code in named {
            assert!(line.contains(&card_name(c(code))), "{line:?} should name the {}", card_name(c(code)));
        }
    }
    assert!(u.starts_with("Undid: "), "{u}");
    assert!(r.starts_with("Redid: "), "{r}");
    [a, u, r]
}

#[test]
fn draw() {
    let pos = position("tableau - / - / - / - / - / - / - ; stock 4H JC 9S * ; waste - ; foundations - - - - ; pass 1");
    let three = Rules { draw: DrawCount::Three, ..Rules::default() };
    let [a, u, _] = announce_all(&pos, three, Move::Draw, &["4H", "JC", "9S"]);
    assert_eq!(a, "Drew 4 of hearts and jack of clubs, then 9 of spades on top. 49 in the stock.");
    assert_eq!(u, "Undid: 4 of hearts, jack of clubs and 9 of spades back to the stock; waste now empty.");
}

#[test]
fn draw_that_empties_the_stock() {
    // Only the king and queen of hearts and the king of spades are left.
    let pos =
        position("tableau - / - / - / - / - / - / - ; stock KH QH KS ; waste - ; foundations KC KD JH QS ; pass 1");
    let pos = {
        let mut g = Game::from_position(pos, Rules::default());
        g.play(Move::Draw).unwrap();
        g.play(Move::Draw).unwrap();
        g.position().clone()
    };
    for (passes, tail) in [
        (PassLimit::Unlimited, "Stock empty; the next draw turns the waste over."),
        (PassLimit::Limited(3), "Stock empty; 2 redeals left."),
        (PassLimit::Limited(2), "Stock empty; 1 redeal left."),
        (PassLimit::Limited(1), "Stock empty; no redeals left."),
    ] {
        let rules = Rules { passes, ..Rules::default() };
        let [a, u, _] = announce_all(&pos, rules, Move::Draw, &["KS"]);
        // It is the last card: it goes home, or to the empty piles.
        assert_eq!(a, format!("Drew king of spades, ready for its foundation or an empty pile. {tail}"));
        assert_eq!(u, "Undid: king of spades back to the stock; queen of hearts on top of the waste.");
    }
}

#[test]
fn redeal() {
    let pos =
        position("tableau - / - / - / - / - / - / - ; stock - ; waste JS QS KS ; foundations KC KD KH TS ; pass 1");
    let rules = Rules { passes: PassLimit::Limited(3), ..Rules::default() };
    let [a, u, r] = announce_all(&pos, rules, Move::Redeal, &[]);
    assert_eq!(a, "Turned the waste over: 3 cards in the stock, pass 2 of 3.");
    assert!(u.contains("king of spades on top; pass 1 of 3"), "{u}");
    assert_eq!(r, "Redid: turned the waste over: 3 cards in the stock, pass 2 of 3.");
}

#[test]
fn waste_to_pile() {
    let pos = position("tableau - / - / | TH / - / - / - / - ; stock * ; waste 4S 9S ; foundations - - - - ; pass 1");
    let [a, u, _] = announce_all(&pos, Rules::default(), Move::WasteToTableau { to: PileId::ALL[2] }, &["9S"]);
    assert_eq!(a, "9 of spades, waste to pile 3; 4 of spades left on top.");
    assert_eq!(u, "Undid: 9 of spades back from pile 3 to the waste.");
}

#[test]
fn waste_to_foundation() {
    let pos = position("tableau - / - / - / - / - / - / - ; stock * ; waste 5H ; foundations - - 4H - ; pass 1");
    let [a, u, _] = announce_all(&pos, Rules::default(), Move::WasteToFoundation, &["5H"]);
    assert_eq!(a, "5 of hearts, waste to its foundation; waste now empty.");
    assert_eq!(u, "Undid: 5 of hearts back from the hearts foundation to the waste.");
}

#[test]
fn pile_to_pile_with_a_turn_up_and_its_undo() {
    let pos =
        position("tableau - / JS | 8H 7C 6D / - / - / | 9C / - / - ; stock * ; waste - ; foundations - - - - ; pass 1");
    let mv = Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[4], count: 3 };
    let [a, u, r] = announce_all(&pos, Rules::default(), mv, &["8H", "7C", "6D", "JS"]);
    assert_eq!(
        a,
        "8 of hearts, 7 of clubs and 6 of diamonds, pile 2 to pile 5; jack of spades turned up, none face down."
    );
    assert_eq!(
        u,
        "Undid: 8 of hearts, 7 of clubs and 6 of diamonds back from pile 5 to pile 2; jack of spades turned face down again on pile 2."
    );
    assert_eq!(r, format!("Redid: {a}"));
}

#[test]
fn pile_to_foundation() {
    let pos = position("tableau - / - / QC | 6H / - / - / - / - ; stock * ; waste - ; foundations - - 5H - ; pass 1");
    let [a, u, _] =
        announce_all(&pos, Rules::default(), Move::TableauToFoundation { from: PileId::ALL[2] }, &["6H", "QC"]);
    assert_eq!(a, "6 of hearts, pile 3 to its foundation; queen of clubs turned up, none face down.");
    assert_eq!(
        u,
        "Undid: 6 of hearts back from the hearts foundation to pile 3; queen of clubs turned face down again on pile 3."
    );
}

#[test]
fn foundation_to_pile() {
    let pos = position("tableau - / - / - / | 6C / - / - / - ; stock * ; waste - ; foundations - - 5H - ; pass 1");
    let rules = Rules { foundation_to_tableau: true, ..Rules::default() };
    let mv = Move::FoundationToTableau { suit: Suit::Hearts, to: PileId::ALL[3] };
    let [a, u, _] = announce_all(&pos, rules, mv, &["5H"]);
    assert_eq!(a, "5 of hearts, hearts foundation to pile 4.");
    assert_eq!(u, "Undid: 5 of hearts back from pile 4 to the hearts foundation.");
}

#[test]
fn won_and_stuck_in_words() {
    let pos = position("tableau - / - / - / - / - / - / | KS ; stock - ; waste - ; foundations KC KD KH QS ; pass 1");
    let mut game = Game::from_position(pos, Rules::default());
    assert_eq!(announce_status(&game, Lost::InPlay), None);
    game.play(Move::TableauToFoundation { from: PileId::ALL[6] }).unwrap();
    let won = announce_status(&game, Lost::InPlay).unwrap();
    check_line(&won);
    assert_eq!(won, "You won! All 52 cards are on the foundations, in 1 move.");

    // A deal that is stuck after three draws (tests/cmd/stuck).
    let deal: Deal = "KS AC KC AD AH QS AS QH QD QC JH JD TH TD JS 9H 9D 2C 2D 2H JC 2S 3C 3D 3H 3S 4C TS 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9S TC KD KH"
        .parse()
        .unwrap();
    let mut game = Game::new(&deal, Rules::default());
    for _ in 0..3 {
        game.play(Move::Draw).unwrap();
    }
    let stuck = announce_status(&game, Lost::of_moves(game.moves_made())).unwrap();
    check_line(&stuck);
    assert!(
        stuck.starts_with("Stuck: no move can turn up a card or bring one into play from the stock or waste"),
        "{stuck}"
    );
    assert!(stuck.ends_with("Type review to find out where it was lost, u to undo, or new for a new game."), "{stuck}");
    // Of a deal that could never be won, no move lost it: nothing to review.
    let never = announce_status(&game, Lost::NeverWinnable).unwrap();
    check_line(&never);
    // Said once: not "no longer" winnable as well as never.
    assert!(never.ends_with("or waste; this deal could never be won. Type new for a new game."), "{never}");
    assert!(!never.contains("no longer"), "{never}");

    // The same deal in draw-3 with one pass is stuck at the deal: nothing
    // to review or undo, so only new is offered, in the same words.
    let rules = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), ..Rules::default() };
    let stuck = announce_status(&Game::new(&deal, rules), Lost::AtDeal).unwrap();
    check_line(&stuck);
    assert!(stuck.starts_with("Stuck from the deal: no move can turn up a card"), "{stuck}");
    assert!(!stuck.contains("no longer"), "never winnable, not no longer: {stuck}");
    assert!(stuck.ends_with("from the stock or waste. Type new for a new game."), "{stuck}");
}

/// Every move, undo and redo along scripted games of many deals, under
/// every rules setting, announces in one clean line in words.
#[test]
fn every_announcement_along_many_games_is_one_clean_line() {
    let w = CardStyle::WORDS;
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut lines = 0;
    for number in 1..=40u128 {
        for rules in [
            Rules::default(),
            Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: true },
            Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), foundation_to_tableau: false },
        ] {
            let mut game =
                Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
            for _ in 0..150 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer moves other than draws, so that every kind comes up.
                let table: Vec<Move> =
                    moves.iter().copied().filter(|m| !matches!(m, Move::Draw | Move::Redeal)).collect();
                let mv =
                    if !table.is_empty() && next(3) > 0 { table[next(table.len())] } else { moves[next(moves.len())] };
                let before = game.position().clone();
                let played = game.play(mv).unwrap();
                check_line(&announce_move(&before, &played, &game, &w));
                if next(5) == 0 {
                    let before_undo = game.position().clone();
                    let undone = game.undo().unwrap();
                    check_line(&announce_undo(&before_undo, &undone, &game, &w));
                    let before_redo = game.position().clone();
                    let redone = game.redo().unwrap();
                    check_line(&announce_redo(&before_redo, &redone, &game, &w));
                    lines += 2;
                }
                if let Some(status) = announce_status(&game, Lost::of_moves(game.moves_made())) {
                    check_line(&status);
                }
                lines += 1;
            }
        }
    }
    assert!(lines > 1000);
}

#[test]
fn the_source_pile_is_said_after_the_move() {
    // A card taken off a build leaves the card under it on top.
    let pos = position("tableau - / | 9C 8H / - / - / | 9S / - / - ; stock * ; waste - ; foundations - - - - ; pass 1");
    let mv = Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[4], count: 1 };
    let [a, _, _] = announce_all(&pos, Rules::default(), mv, &["8H"]);
    assert_eq!(a, "8 of hearts, pile 2 to pile 5; 9 of clubs left on top.");
    // A turned-up card comes with how many stay face down.
    let pos =
        position("tableau - / 2D 3D JS | 8H / - / - / | 9S / - / - ; stock * ; waste - ; foundations - - - - ; pass 1");
    let [a, _, _] = announce_all(&pos, Rules::default(), mv, &["8H", "JS"]);
    assert_eq!(a, "8 of hearts, pile 2 to pile 5; jack of spades turned up, 2 face down.");
}

#[test]
fn cards_going_up_one_after_another_in_one_sentence() {
    use klondike::app::render::announce::announce_to_foundations;
    let pos = position(
        "tableau KD | 2H / | 3D 2S / - / - / - / - / - ; stock * ; waste 2C ; foundations AC - AH AS ; pass 1",
    );
    let rules = Rules::default();
    let mut after = pos.clone();
    let moves: Vec<_> = [
        Move::TableauToFoundation { from: PileId::ALL[0] },
        Move::TableauToFoundation { from: PileId::ALL[1] },
        Move::WasteToFoundation,
    ]
    .into_iter()
    .map(|mv| after.play(mv, &rules).unwrap())
    .collect();
    assert_eq!(
        announce_to_foundations(&pos, &moves, &after, &CardStyle::WORDS),
        "2 of hearts, 2 of spades and 2 of clubs to their foundations; king of diamonds turned up on pile 1, none face down, 3 of diamonds left on top of pile 2, waste now empty"
    );
}
