//! Property tests over random deals and random move sequences, under every
//! rules setting: cards are conserved, undo and redo restore positions
//! exactly, the legal-move generator agrees with `play`, every move's
//! command text parses back to it, the stuck status agrees with a naive
//! exhaustive search written independently here, and the score a game in
//! progress keeps is the fold of its history.

use std::collections::{HashSet, VecDeque};

use klondike::app::command::Command;
use klondike::app::play::{Action, Event, Origin, Play};
use klondike::engine::card::{Card, Suit};
use klondike::engine::deal::Deal;
use klondike::engine::game::{legal_moves, Game, Position, Status};
use klondike::engine::moves::Move;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::scoring::{ScoreSheet, Scoring};
use klondike::engine::status::internals::status_with_work;
use proptest::prelude::*;

use crate::common;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(DrawCount::One), Just(DrawCount::Three)],
        prop_oneof![
            Just(PassLimit::Unlimited),
            Just(PassLimit::Limited(1)),
            Just(PassLimit::Limited(2)),
            Just(PassLimit::Limited(3)),
        ],
        any::<bool>(),
    )
        .prop_map(|(draw, passes, f2t)| Rules { draw, passes, foundation_to_tableau: f2t })
}

fn game_number() -> impl Strategy<Value = u128> {
    prop_oneof![1u128..32000, 32000u128..u128::from(u64::MAX), any::<u128>().prop_map(|n| n.max(1))]
}

/// Every card of the position, wherever it is; must be the 52 distinct cards.
fn all_cards(pos: &Position) -> Vec<Card> {
    let mut cards: Vec<Card> = pos.stock().to_vec();
    cards.extend(pos.waste());
    for pile in pos.tableau() {
        cards.extend(pile.hidden());
        cards.extend(pile.face_up());
    }
    for suit in Suit::ALL {
        for r in 1..=pos.foundation(suit) {
            cards.push(Card::new(klondike::engine::card::Rank::new(r).unwrap(), suit));
        }
    }
    cards
}

/// Picks a move: mostly legal moves, preferring ones that make progress so
/// that games get deep; sometimes any move value at all (usually illegal).
fn pick(game: &Game, choice: u16, wild: bool) -> Move {
    if wild {
        let all = Move::all();
        return all[usize::from(choice) % all.len()];
    }
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Move::Draw;
    }
    let progress: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !matches!(m, Move::Draw | Move::Redeal | Move::FoundationToTableau { .. }))
        .collect();
    if !progress.is_empty() && !choice.is_multiple_of(3) {
        progress[usize::from(choice) % progress.len()]
    } else {
        legal[usize::from(choice) % legal.len()]
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn moves_conserve_cards_and_undo_redo_restore_positions(
        number in game_number(),
        rules in rules_strategy(),
        script in prop::collection::vec((any::<u16>(), prop::bool::weighted(0.15), prop::bool::weighted(0.1)), 1..250),
    ) {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap());
        let mut game = Game::new(&deal, rules);
        for (choice, wild, undo) in script {
            let before = game.position().clone();
            let moves_before = game.moves_made();
            if undo && game.moves_made() > 0 {
                let played = game.undo().unwrap();
                let after_undo = game.position().clone();
                game.redo().unwrap();
                prop_assert_eq!(game.position(), &before, "redo of {} did not restore", played.mv);
                game.undo().unwrap();
                prop_assert_eq!(game.position(), &after_undo);
                prop_assert_eq!(game.moves_made(), moves_before - 1);
                continue;
            }
            let mv = pick(&game, choice, wild);
            match game.play(mv) {
                Ok(_) => {
                    prop_assert_eq!(game.moves_made(), moves_before + 1);
                    let mut cards = all_cards(game.position());
                    prop_assert_eq!(cards.len(), 52);
                    cards.sort();
                    cards.dedup();
                    prop_assert_eq!(cards.len(), 52, "a card was duplicated by {}", mv);
                    game.undo().unwrap();
                    prop_assert_eq!(game.position(), &before, "undo of {} did not restore", mv);
                    game.redo().unwrap();
                }
                Err(_) => {
                    prop_assert_eq!(game.position(), &before, "a rejected {} changed the position", mv);
                    prop_assert_eq!(game.moves_made(), moves_before);
                }
            }
        }
    }

    #[test]
    fn a_move_is_accepted_exactly_when_generated_and_its_text_parses_back(
        number in game_number(),
        rules in rules_strategy(),
        script in prop::collection::vec(any::<u16>(), 0..150),
    ) {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap());
        let mut game = Game::new(&deal, rules);
        for choice in script {
            let legal: HashSet<Move> = game.legal_moves().into_iter().collect();
            for mv in Move::all() {
                let accepted = game.position().check(mv, &rules).is_ok();
                prop_assert_eq!(accepted, legal.contains(&mv), "{} accepted={}", mv, accepted);
            }
            for &mv in &legal {
                let text = mv.to_string();
                let Ok(Command::Move(cmd)) = text.parse::<Command>() else {
                    return Err(TestCaseError::fail(format!("'{text}' does not parse")));
                };
                prop_assert_eq!(cmd.resolve(game.position(), &rules), Ok(mv), "{}", text);
            }
            let mv = pick(&game, choice, false);
            let _ = game.play(mv);
        }
    }
}

/// A naive status, written apart from the engine's: breadth-first over
/// whole positions (talon included), as SPEC.md words it. `None` when the
/// search grows past `limit` positions.
fn naive_status(pos: &Position, rules: &Rules, limit: usize) -> Option<Status> {
    if pos.is_won() {
        return Some(Status::Won);
    }
    let talon = |p: &Position| p.stock_len() + p.waste().len();
    let (hidden, cards) = (pos.hidden_count(), talon(pos));
    if hidden == 0 && cards == 0 {
        return Some(Status::Playing);
    }
    let key = |p: &Position| {
        let mut piles: Vec<_> = p.tableau().iter().map(|x| (x.hidden().len(), x.face_up().to_vec())).collect();
        piles.sort();
        let pass = match rules.passes {
            PassLimit::Unlimited => 0,
            PassLimit::Limited(_) => p.pass(),
        };
        let found: Vec<u8> = Suit::ALL.iter().map(|&s| p.foundation(s)).collect();
        (piles, p.stock().to_vec(), p.waste().to_vec(), found, pass)
    };
    let mut seen = HashSet::with_hasher(common::Fnv);
    seen.insert(key(pos));
    let mut queue = VecDeque::from([pos.clone()]);
    while let Some(p) = queue.pop_front() {
        for mv in legal_moves(&p, rules) {
            let mut q = p.clone();
            q.play(mv, rules).ok()?;
            if q.hidden_count() < hidden || talon(&q) < cards {
                return Some(Status::Playing);
            }
            if seen.insert(key(&q)) {
                if seen.len() > limit {
                    return None;
                }
                queue.push_back(q);
            }
        }
    }
    Some(Status::Stuck)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn stuck_status_agrees_with_a_naive_search(
        number in game_number(),
        rules in rules_strategy(),
        script in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap());
        let mut game = Game::new(&deal, rules);
        for (i, choice) in script.into_iter().enumerate() {
            if i % 7 == 0 {
                if let Some(want) = naive_status(game.position(), &rules, 20_000) {
                    prop_assert_eq!(game.status(), want);
                }
            }
            let mv = pick(&game, choice, false);
            let _ = game.play(mv);
        }
        if let Some(want) = naive_status(game.position(), &rules, 20_000) {
            prop_assert_eq!(game.status(), want);
        }
    }
}

/// Plays many games with a fixed simple policy under stuck-prone rules and
/// compares every position's status with the naive search; also checks
/// that the comparison met enough stuck positions to mean something.
#[test]
fn stuck_positions_met_in_play_agree_with_a_naive_search() {
    let mut stuck_seen = 0;
    let mut compared = 0;
    let settings = [
        Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), foundation_to_tableau: false },
        Rules { draw: DrawCount::Three, passes: PassLimit::Limited(2), foundation_to_tableau: true },
        Rules { draw: DrawCount::One, passes: PassLimit::Limited(1), foundation_to_tableau: false },
        Rules { draw: DrawCount::Three, passes: PassLimit::Unlimited, foundation_to_tableau: false },
        Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true },
    ];
    for number in 1..=60u128 {
        for rules in settings {
            let mut game =
                Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
            for step in 0..200u16 {
                if let Some(want) = naive_status(game.position(), &rules, 20_000) {
                    assert_eq!(game.status(), want, "game {number} {rules} after {step} moves");
                    compared += 1;
                    if want == Status::Stuck {
                        stuck_seen += 1;
                    }
                }
                if game.status() != Status::Playing {
                    break;
                }
                let mv = pick(&game, step.wrapping_mul(7919) ^ (number as u16), false);
                let _ = game.play(mv);
            }
        }
    }
    assert!(compared > 5_000, "only {compared} positions compared");
    assert!(stuck_seen >= 30, "only {stuck_seen} stuck positions met");
}

fn scoring_strategy() -> impl Strategy<Value = Scoring> {
    prop_oneof![Just(Scoring::Standard), Just(Scoring::Vegas), Just(Scoring::None)]
}

/// A player's command for the legal move `choice` picks, as its text reads.
fn command_for(play: &Play, choice: u16) -> Option<Action> {
    let mv = pick(play.game(), choice, false);
    match mv.to_string().parse::<Command>() {
        Ok(Command::Move(m)) => Some(Action::Move(m)),
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The score a game in progress keeps move by move (undo, redo, `auto`,
    /// restart and a save and load included) is always the fold of its
    /// history from the deal, under every rules setting and scoring.
    #[test]
    fn the_score_kept_in_step_is_the_fold_of_the_history(
        number in game_number(),
        rules in rules_strategy(),
        scoring in scoring_strategy(),
        autoplay in any::<bool>(),
        script in prop::collection::vec((any::<u16>(), 0u8..20), 1..300),
    ) {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap());
        let mut play = Play::new(deal.clone(), Origin::Custom, rules, scoring, autoplay);
        play.apply(Action::Autoplay, None).unwrap();
        let start = Position::new(&deal);
        for (step, (choice, kind)) in script.into_iter().enumerate() {
            let action = match kind {
                0..=3 => Some(Action::Undo),
                4..=5 => Some(Action::Redo),
                6 => Some(Action::Finish),
                7 if choice % 16 == 0 => Some(Action::Restart),
                8 if choice % 4 == 0 => {
                    // A save and a load: the loaded game keeps the score.
                    let replayed = play.record(0).replay().unwrap();
                    play = Play::from_replayed(replayed, autoplay);
                    None
                }
                _ => command_for(&play, choice),
            };
            let before = play.score();
            if let Some(action) = action {
                if let Ok(outcome) = play.apply(action, None) {
                    if !matches!(outcome.event, Event::Dealt { .. }) {
                        prop_assert_eq!(outcome.score_change, play.score() - before);
                    }
                }
            }
            let fold = ScoreSheet::for_game(scoring, &start, play.game());
            prop_assert_eq!(play.score_sheet(), &fold, "step {}", step);
            prop_assert_eq!(play.score_sheet().moves_scored(), play.game().moves_made());
            prop_assert_eq!(play.score(), fold.current());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// The status a game keeps (carried over the moves that cannot change
    /// it, given back by undo and redo) is always the status a fresh check
    /// finds, under every rules setting.
    #[test]
    fn the_status_kept_move_by_move_is_a_fresh_check(
        number in game_number(),
        rules in rules_strategy(),
        script in prop::collection::vec((any::<u16>(), 0u8..10), 1..300),
    ) {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap());
        let mut game = Game::new(&deal, rules);
        for (step, (choice, kind)) in script.into_iter().enumerate() {
            match kind {
                0 | 1 => drop(game.undo()),
                2 => drop(game.redo()),
                _ => drop(game.play(pick(&game, choice, false))),
            }
            let fresh = status_with_work(game.position(), &rules).0;
            prop_assert_eq!(game.status(), fresh, "step {}: {}", step, game.position());
        }
    }
}

/// The same over many whole games under stuck-prone rules, every position
/// checked, with an undo now and then: the moves that make a game stuck
/// are met here often enough for each way of carrying the status over.
#[test]
fn the_status_kept_in_play_is_a_fresh_check() {
    let settings = [
        Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), foundation_to_tableau: false },
        Rules { draw: DrawCount::Three, passes: PassLimit::Limited(2), foundation_to_tableau: true },
        Rules { draw: DrawCount::One, passes: PassLimit::Limited(1), foundation_to_tableau: false },
        Rules { draw: DrawCount::One, passes: PassLimit::Limited(1), foundation_to_tableau: true },
        Rules { draw: DrawCount::Three, passes: PassLimit::Unlimited, foundation_to_tableau: false },
        Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true },
    ];
    let mut became_stuck = 0;
    for number in 1..=40u128 {
        for rules in settings {
            let mut game =
                Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
            for step in 0..300u16 {
                let was = game.status();
                let choice = step.wrapping_mul(7919) ^ (number as u16);
                if choice.is_multiple_of(11) {
                    let _ = game.undo();
                } else {
                    let _ = game.play(pick(&game, choice, false));
                }
                let fresh = status_with_work(game.position(), &rules).0;
                assert_eq!(game.status(), fresh, "game {number} {rules} step {step}: {}", game.position());
                if fresh == Status::Stuck && was == Status::Playing {
                    became_stuck += 1;
                }
            }
        }
    }
    assert!(became_stuck >= 100, "only {became_stuck} moves made a game stuck");
}

/// The stuck check visits at most `STATES_CHECKED` tableau states, and past
/// its limit it says "playing", never "stuck": on stuck positions of random
/// games, a limit one state short of what the search needs gives playing
/// (cut short), the limit it needs gives stuck, and so does the default.
#[test]
fn a_stuck_check_cut_short_says_playing_never_stuck() {
    use klondike::engine::status::internals::status_within;
    use klondike::engine::status::STATES_CHECKED;
    let rules = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), foundation_to_tableau: true };
    let mut checked = 0;
    for number in 1..=60u128 {
        let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
        for step in 0..200u16 {
            let _ = game.play(pick(&game, step.wrapping_mul(7919) ^ (number as u16), false));
            let (status, needed, cut) = status_within(game.position(), &rules, STATES_CHECKED);
            assert!(!cut && needed <= STATES_CHECKED, "game {number} step {step}: {needed} states");
            if status != Status::Stuck || needed < 2 {
                continue;
            }
            assert_eq!(status_within(game.position(), &rules, needed), (Status::Stuck, needed, false));
            let (short, visited, cut) = status_within(game.position(), &rules, needed - 1);
            assert_eq!((short, visited, cut), (Status::Playing, needed - 1, true), "game {number} step {step}");
            checked += 1;
            break;
        }
    }
    assert!(checked >= 10, "only {checked} stuck positions with a search of 2 states or more");
}
