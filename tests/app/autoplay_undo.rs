//! Autoplay and the history: one undo takes back a
//! player's command with the automatic moves it caused, redo replays them;
//! autoplay leaves a card the player took down; autoplay at the deal does not
//! make a game played; a won game stays won.

use std::path::Path;

use crate::common;

fn json_states(args: &[&str], script: &str) -> Vec<serde_json::Value> {
    let (code, out, err) = common::run_klondike(args, &[], script);
    assert_eq!(code, 0, "{err}");
    out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The position part of a JSON state (what undo and redo must restore).
fn position(state: &serde_json::Value) -> serde_json::Value {
    let mut s = state.clone();
    for field in ["command", "ok", "error"] {
        s.as_object_mut().unwrap().remove(field);
    }
    s
}

/// A random command script from a small vocabulary, seeded.
fn random_script(seed: u64, len: usize) -> String {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut script = String::new();
    for _ in 0..len {
        let line = match next(10) {
            0..=2 => "d".to_string(),
            3 => "w f".to_string(),
            4 => format!("w {}", next(7) + 1),
            5 => format!("t {} f", next(7) + 1),
            6 | 7 => format!("t {} {}", next(7) + 1, next(7) + 1),
            8 => format!("f {} {}", ["c", "d", "h", "s"][next(4) as usize], next(7) + 1),
            _ => "u\nredo".to_string(),
        };
        script.push_str(&line);
        script.push('\n');
    }
    script
}

#[test]
fn with_autoplay_undo_and_redo_are_exact_inverses() {
    let mut pairs = 0;
    let mut with_automatic = 0;
    for seed in 1..=60u64 {
        let game = (seed % 20 + 1).to_string();
        let script = random_script(seed, 80);
        let states = json_states(&["--game", &game, "--json", "--autoplay", "--foundation-to-tableau"], &script);
        for i in 2..states.len() {
            let (undo, redo) = (&states[i - 1], &states[i]);
            if undo["command"] == "u" && redo["command"] == "redo" && undo["ok"] == true {
                assert_eq!(redo["ok"], true, "game {game}, seed {seed}: redo after undo");
                assert_eq!(position(redo), position(&states[i - 2]), "game {game}, seed {seed}, line {i}");
                pairs += 1;
                let taken = states[i - 2]["moves"].as_u64().unwrap() - undo["moves"].as_u64().unwrap();
                with_automatic += usize::from(taken > 1);
            }
        }
    }
    assert!(pairs > 200 && with_automatic > 20, "{pairs} pairs, {with_automatic} with automatic moves");
}

#[test]
fn one_undo_takes_back_a_draw_and_the_card_autoplay_put_up() {
    // Game 1: the first draw turns up the 4 of hearts; after w 3, the next
    // draw turns up the ace of clubs, which autoplay puts up.
    let states = json_states(&["--game", "1", "--json", "--autoplay"], "d\nw 3\nd\nu\nredo\n");
    let before = &states[2];
    let after_draw = &states[3];
    assert_eq!(after_draw["foundations"]["C"], 1, "autoplay put the ace up");
    assert_eq!(position(&states[4]), position(before), "one undo took back both");
    assert_eq!(position(&states[5]), position(after_draw), "one redo replayed both");
}

#[test]
fn autoplay_leaves_a_card_the_player_took_down() {
    // Follow the solver's line for game 1 until some card can come down
    // from a foundation, take it down, and check that it stays down.
    let (code, line, err) = common::run_klondike(
        &[&["solve", "--game", "1", "--foundation-to-tableau", "--fast"], &common::BY_STATES[..]].concat(),
        &[],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = line.lines().skip(1).collect();
    let mut script = String::new();
    let mut checked = false;
    for (i, mv) in moves.iter().enumerate() {
        script.push_str(mv);
        script.push('\n');
        // After each prefix, try every foundation-to-tableau move.
        for suit in ["c", "d", "h", "s"] {
            for pile in 1..=7 {
                let probe = format!("{script}f {suit} {pile}\n");
                let states = json_states(&["--game", "1", "--json", "--autoplay", "--foundation-to-tableau"], &probe);
                let last = states.last().unwrap();
                if last["ok"] == true {
                    let prev = &states[states.len() - 2];
                    let key = suit.to_uppercase();
                    assert_eq!(
                        last["foundations"][&key].as_u64().unwrap() + 1,
                        prev["foundations"][&key].as_u64().unwrap(),
                        "after move {i}: f {suit} {pile} took the card down and autoplay left it there"
                    );
                    checked = true;
                }
            }
        }
        if checked {
            break;
        }
    }
    assert!(checked, "some card could be taken down");
}

#[test]
fn autoplay_at_the_deal_does_not_make_a_game_played() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("KLONDIKE_DATA_DIR", dir.path().as_os_str())];
    // Game 1's aces of hearts and spades go up at the deal.
    let (code, out, err) =
        common::run_klondike(&["--game", "1", "--autoplay", "--stats", "--autosave", "--json"], &env, "u\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().contains("\"moves\":2"), "{out}");
    assert!(out.contains("nothing to undo"), "the deal's automatic moves stay: {out}");
    assert!(!Path::new(&dir.path().join("statistics.json")).exists(), "not counted as played");
    assert!(!Path::new(&dir.path().join("autosave.json")).exists(), "nothing to resume");
}

#[test]
fn a_won_game_stays_won() {
    let (code, line, err) = common::run_klondike(
        &[&["solve", "--game", "1", "--foundation-to-tableau", "--fast"], &common::BY_STATES[..]].concat(),
        &[],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let mut script: String = line.lines().skip(1).map(|l| format!("{l}\n")).collect();
    script.push_str("f h 1\nu\n");
    let states = json_states(&["--game", "1", "--json", "--foundation-to-tableau"], &script);
    let n = states.len();
    assert_eq!(states[n - 3]["status"], "won");
    assert_eq!(states[n - 2]["ok"], false, "no move reopens a won game");
    assert!(states[n - 2]["error"].as_str().unwrap().contains("won"), "{}", states[n - 2]);
    assert_eq!(states[n - 1]["ok"], true, "undo is the way back");
    assert_eq!(states[n - 1]["status"], "playing");
}

/// Hints under autoplay: the solver's advice is given from where autoplay
/// has left the game, so each hint is a legal move that autoplay has not
/// made and would not make next (no safe foundation move is left when it
/// is asked), and following the hints wins every deal the solver proves
/// winnable (draw 1, where autoplay's safe moves never spoil a win).
#[test]
fn hints_under_autoplay_never_name_an_autoplay_move_and_win() {
    use klondike::app::flow::{Advice, Flow};
    use klondike::app::play::{Action, Origin, Play};
    use klondike::engine::autoplay::next_safe_foundation_move;
    use klondike::engine::deal::{Deal, GameNumber};
    use klondike::engine::rules::{DrawCount, PassLimit, Rules};
    use klondike::engine::scoring::Scoring;
    use klondike::engine::solver::{self, Budget, Verdict};
    let rules = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: false };
    let mut won = 0;
    for n in 1..=5u128 {
        let number = GameNumber::new(n).unwrap();
        let deal = Deal::for_number(number);
        let mut play = Play::new(deal, Origin::Number(number), rules, Scoring::Standard, true);
        let _ = play.apply(Action::Autoplay, None);
        let winnable = matches!(
            solver::solve(play.game().position(), &rules, &Budget::states(2_000_000)).verdict,
            Verdict::Winnable(_)
        );
        let mut flow = Flow::default();
        for _ in 0..400 {
            if play.game().position().is_won() {
                break;
            }
            let position = play.game().position().clone();
            assert_eq!(next_safe_foundation_move(&position), None, "game {n}: autoplay left a safe move");
            let advice = flow.advise(&play, |b| solver::solve(&position, &rules, &b).verdict);
            let action = match advice {
                Advice::Winning { mv, .. } => {
                    let mut after = position.clone();
                    assert!(after.play(mv, &rules).is_ok(), "game {n}: hint {mv:?} is not legal");
                    Action::Move(mv.into())
                }
                Advice::Finish => Action::Finish,
                other => {
                    assert!(!winnable, "game {n}: a winnable game got {other:?}");
                    break;
                }
            };
            play.apply(action, None).unwrap_or_else(|e| panic!("game {n}: the hint was refused: {e}"));
        }
        assert_eq!(play.game().position().is_won(), winnable, "game {n}: followed the hints");
        won += usize::from(winnable);
    }
    assert!(won >= 4, "{won} of 5 deals winnable");
}
