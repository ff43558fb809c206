//! The deal format of SPEC.md: parsing, printing and every `DealError`.

use klondike::engine::card::Card;
use klondike::engine::deal::{Deal, DealError};
use klondike::engine::moves::PileId;

const GAME_1: &str = "QH 7H TS 5D 9S 5C JC KC KH 4C 9H KD QC KS 3C 2D 5H AD 2S QD AH JD 7C 5S \
                      3H 9D JS AS 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H";

fn card(code: &str) -> Card {
    code.parse().unwrap()
}

fn codes() -> Vec<&'static str> {
    GAME_1.split_whitespace().collect()
}

#[test]
fn display_is_one_line_of_upper_case_codes() {
    let deal = Deal::for_number(klondike::engine::deal::GameNumber::ONE);
    let text = deal.to_string();
    assert_eq!(text, codes().join(" "));
    assert!(!text.contains('\n'));
    assert_eq!(text.parse::<Deal>(), Ok(deal));
}

#[test]
fn round_trip_over_many_games() {
    for n in (1..40_000u128).step_by(997).chain([u128::MAX, 1 << 64, (1 << 96) + 5]) {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(n).unwrap());
        assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal.clone()), "game {n}");
        assert_eq!(Deal::from_cards(*deal.cards()), Ok(deal));
    }
}

#[test]
fn lower_case_ten_as_10_and_any_white_space() {
    let loose: Vec<String> = codes()
        .iter()
        .map(|c| match c.strip_prefix('T') {
            Some(suit) => format!("10{suit}"),
            None => c.to_string(),
        })
        .map(|c| c.to_lowercase())
        .collect();
    let text = format!("\n\t {}\r\n", loose.join(" \n\t"));
    assert!(text.contains("10h"));
    assert_eq!(text.parse::<Deal>(), Ok(Deal::for_number(klondike::engine::deal::GameNumber::ONE)));
}

#[test]
fn accessors() {
    let deal: Deal = GAME_1.parse().unwrap();
    assert_eq!(deal.tableau_pile(PileId::ALL[0]), [card("QH")]);
    assert_eq!(deal.tableau_pile(PileId::ALL[1]), [card("7H"), card("TS")]);
    assert_eq!(deal.tableau_pile(PileId::ALL[6]).len(), 7);
    assert_eq!(deal.stock()[0], card("4H"));
    assert_eq!(deal.stock()[23], card("6H"));
    assert_eq!(deal.cards()[51], card("6H"));
}

#[test]
fn game_zero() {
    // No game number is 0, so no deal is asked for game 0.
    assert_eq!(klondike::engine::deal::GameNumber::new(0), None);
    let err = "0".parse::<klondike::engine::deal::GameNumber>().unwrap_err();
    assert!(err.to_string().starts_with("'0' is not a game number"), "{err}");
}

#[test]
fn bad_code_names_the_position() {
    let mut c = codes();
    c[16] = "ZZ";
    let err = c.join(" ").parse::<Deal>().unwrap_err();
    assert_eq!(err, DealError::BadCode { position: 17, text: "ZZ".into() });
    let msg = err.to_string();
    assert!(msg.starts_with("card 17: 'ZZ' is not a card code ("), "{msg}");
}

#[test]
fn first_bad_code_wins_over_duplicates_and_count() {
    let err = "AC AC 1H XX".parse::<Deal>().unwrap_err();
    assert_eq!(err, DealError::BadCode { position: 3, text: "1H".into() });
}

#[test]
fn duplicate_names_the_card_and_both_positions() {
    let mut c = codes();
    c[50] = c[11]; // KD again
    let err = c.join(" ").parse::<Deal>().unwrap_err();
    let missing = card(codes()[50]);
    assert_eq!(err, DealError::Duplicate { card: card("KD"), first: 12, second: 51, missing: vec![missing] });
    assert_eq!(err.to_string(), format!("KD appears twice (cards 12 and 51) and {missing} is missing"));
}

#[test]
fn card_replaced_by_a_duplicate_names_the_missing_card() {
    let deal = GAME_1.replace("6H", "QH");
    let err = deal.parse::<Deal>().unwrap_err();
    assert_eq!(err.to_string(), "QH appears twice (cards 1 and 52) and 6H is missing");
}

#[test]
fn many_missing_cards_are_counted_and_a_few_named() {
    let err = "QH".parse::<Deal>().unwrap_err();
    assert_eq!(err.to_string(), "a deal has 52 cards, this one has 1: 51 cards are missing (AC 2C 3C and 48 more)");
    let err = "AC 2C ac".parse::<Deal>().unwrap_err();
    assert_eq!(err.to_string(), "AC appears twice (cards 1 and 3) and 50 cards are missing (3C 4C 5C and 47 more)");
    let c = codes();
    let err = c[..49].join(" ").parse::<Deal>().unwrap_err();
    assert_eq!(err.to_string(), "a deal has 52 cards, this one has 49: 9C 2H 6H are missing");
}

#[test]
fn duplicate_wins_over_count() {
    let err = "AC 2C ac".parse::<Deal>().unwrap_err();
    assert!(
        matches!(err, DealError::Duplicate { card: c, first: 1, second: 3, ref missing } if c == card("AC") && missing.len() == 50)
    );
    let err = format!("{GAME_1} QH").parse::<Deal>().unwrap_err();
    assert_eq!(err, DealError::Duplicate { card: card("QH"), first: 1, second: 53, missing: vec![] });
    assert_eq!(err.to_string(), "QH appears twice (cards 1 and 53)");
}

#[test]
fn from_cards_rejects_duplicates() {
    let mut cards = *Deal::for_number(klondike::engine::deal::GameNumber::new(5).unwrap()).cards();
    cards[40] = cards[3];
    let missing = vec![Deal::for_number(klondike::engine::deal::GameNumber::new(5).unwrap()).cards()[40]];
    assert_eq!(Deal::from_cards(cards), Err(DealError::Duplicate { card: cards[3], first: 4, second: 41, missing }));
}

#[test]
fn empty_input() {
    for text in ["", "   ", "\n\t\r\n"] {
        let err = text.parse::<Deal>().unwrap_err();
        assert_eq!(err, DealError::WrongCount { found: 0 });
        assert_eq!(err.to_string(), "a deal has 52 cards, this one has none");
    }
}

#[test]
fn wrong_count_message() {
    assert_eq!(DealError::WrongCount { found: 53 }.to_string(), "a deal has 52 cards, this one has 53");
}

#[test]
fn fifty_one_cards_name_the_missing_one() {
    let mut c = codes();
    c.remove(11);
    let err = c.join(" ").parse::<Deal>().unwrap_err();
    assert_eq!(err, DealError::Missing { cards: vec![card("KD")] });
    assert_eq!(err.to_string(), "a deal has 52 cards, this one has 51: KD is missing");
}

#[test]
fn fifty_cards_name_both_missing() {
    let c = codes();
    let err = c[..50].join(" ").parse::<Deal>().unwrap_err();
    assert_eq!(err, DealError::Missing { cards: vec![card("2H"), card("6H")] });
    assert_eq!(err.to_string(), "a deal has 52 cards, this one has 50: 2H 6H are missing");
}

#[test]
fn messages_are_one_line() {
    let inputs = [
        "AC \u{1b}[31mKS\u{0}".to_string(),
        "AC\u{202e}x".to_string(),
        "AC".to_string(),
        String::new(),
        format!("{GAME_1} AS"),
    ];
    for input in inputs {
        let msg = input.parse::<Deal>().unwrap_err().to_string();
        assert!(!msg.chars().any(char::is_control), "{msg:?}");
        assert!(!msg.contains('\u{202e}'), "{msg:?}");
    }
}

#[test]
fn never_panics_on_odd_input() {
    let huge_token = "Q".repeat(1 << 20);
    let many_tokens = "AC ".repeat(200_000);
    let inputs = [
        huge_token.as_str(),
        many_tokens.as_str(),
        "♠A ♥10 ÀC",
        "\u{0}\u{1}\u{7f}",
        "1",
        "10",
        "100H",
        "AC\u{a0}2C", // no-break space is white space
        "\u{feff}AC",
    ];
    for input in inputs {
        assert!(input.parse::<Deal>().is_err(), "{input:.40}");
    }
    let err = many_tokens.parse::<Deal>().unwrap_err();
    assert!(matches!(err, DealError::Duplicate { first: 1, second: 2, .. }));
}

#[test]
fn error_trait_is_implemented() {
    let err: Box<dyn std::error::Error> = Box::new(DealError::WrongCount { found: 0 });
    assert!(!err.to_string().is_empty());
}
