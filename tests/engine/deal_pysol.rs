//! Every deal in fixtures/pysol_deals.txt (copied from
//! ../shared/acceptance/data/pysol_deals.txt, dealt by PySolFC itself) must
//! be what `Deal::for_number` gives for that game number.

use klondike::engine::deal::Deal;
use klondike::engine::moves::PileId;

use crate::common;

#[test]
fn every_fixture_deal_matches_pysolfc() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/pysol_deals.txt");
    let text = std::fs::read_to_string(path).expect("fixtures/pysol_deals.txt");
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (number, codes) = line.split_once(' ').expect("number then codes");
        let number: u128 = number.parse().expect("game number");
        let expected: Deal = codes.parse().expect("fixture deal parses");
        let got = Deal::for_number(klondike::engine::deal::GameNumber::new(number).expect("game number >= 1"));
        assert_eq!(got, expected, "game {number}");
        assert_eq!(got.to_string(), codes, "game {number}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} fixture deals");
}

#[test]
fn fixture_is_a_copy_of_the_shared_file_when_present() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/acceptance/data/pysol_deals.txt");
    // CI has the shared directory (it runs the acceptance suite from it);
    // a clone on its own may not.
    let Ok(shared) = std::fs::read_to_string(shared) else {
        common::cannot_run_here("there is no ../shared/acceptance/data/pysol_deals.txt to compare with");
        return;
    };
    let ours = include_str!("../../fixtures/pysol_deals.txt");
    assert_eq!(ours, shared, "fixtures/pysol_deals.txt is out of date");
}

#[test]
fn largest_game_number_deals_52_distinct_cards() {
    let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(u128::MAX).expect("2^128-1 is a game"));
    let mut cards = deal.cards().to_vec();
    cards.sort();
    cards.dedup();
    assert_eq!(cards.len(), 52);
    assert_eq!(deal.stock().len(), 24);
    for pile in PileId::ALL {
        assert_eq!(deal.tableau_pile(pile).len(), pile.number());
    }
}
