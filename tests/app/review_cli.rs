//! `klondike review` as a user runs it: on a moves file and on a saved
//! game, the move that lost the game checked against the solver itself;
//! a deal never winnable; a budget too small to decide; the screen
//! reader's sentence; bad input in one line.

use klondike::engine::deal::{Deal, GameNumber};
use klondike::engine::game::{Game, Position};
use klondike::engine::moves::Move;
use klondike::engine::rules::{PassLimit, Rules};
use klondike::engine::solver::{solve_with, Budget, LineEffort, Verdict};

use crate::common;

fn klondike(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_klondike(args, &[], stdin)
}

/// Draw 1, one pass: the rules of the games reviewed here.
/// A moves file holding `text`, in a temporary folder that lasts as long
/// as the folder returned beside its path.
fn moves_file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("m.txt");
    std::fs::write(&moves, text).unwrap();
    let path = moves.to_str().unwrap().to_string();
    (dir, path)
}

fn one_pass() -> Rules {
    Rules { passes: PassLimit::Limited(1), ..Rules::default() }
}

/// The position of game `number` after `moves` (commands) under `rules`.
fn after(number: u128, rules: Rules, moves: &[&str]) -> Position {
    let mut game = Game::new(&Deal::for_number(GameNumber::new(number).unwrap()), rules);
    for line in moves {
        let mv = game.legal_moves().into_iter().find(|m| m.to_string() == *line);
        let mv = mv.unwrap_or_else(|| panic!("{line} is no legal move"));
        game.play(mv).unwrap();
    }
    game.position().clone()
}

fn verdict(position: &Position, rules: Rules) -> Verdict {
    solve_with(position, &rules, &Budget::states(3_000_000), LineEffort::Quick).verdict
}

/// Game 1 in draw 1 with one pass, the whole stock drawn and nothing
/// played: lost on the way (the game can be won from the deal).
const DRAWN_THROUGH: &str = "d\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\n";

/// Checks the JSON report of a review of `DRAWN_THROUGH` against the solver:
/// winnable before the move named, lost after it, and the move suggested
/// instead keeps it winnable.
fn check_report(report: &serde_json::Value) {
    assert_eq!(report["verdict"], "lost", "{report}");
    assert_eq!(report["moves"], 24, "{report}");
    let before = report["winnable_after"].as_u64().unwrap() as usize;
    assert_eq!(report["lost_after"].as_u64(), Some(before as u64 + 1), "{report}");
    assert_eq!(report["lost_by"], "d", "{report}");
    let draws = vec!["d"; before];
    assert!(matches!(verdict(&after(1, one_pass(), &draws), one_pass()), Verdict::Winnable(_)), "{report}");
    let mut lost = draws.clone();
    lost.push("d");
    assert_eq!(verdict(&after(1, one_pass(), &lost), one_pass()), Verdict::Unwinnable, "{report}");
    let instead = report["instead"].as_str().unwrap();
    let mut kept = draws;
    kept.push(instead);
    assert!(matches!(verdict(&after(1, one_pass(), &kept), one_pass()), Verdict::Winnable(_)), "{report}");
    let message = report["message"].as_str().unwrap();
    assert!(message.starts_with(&format!("Lost at move {}: d, ", before + 1)), "{message}");
    assert!(message.contains(&format!("could still be won: {instead}, ")), "{message}");
}

#[test]
fn review_finds_the_move_that_lost_a_moves_file_and_a_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("drawn.txt");
    // As a script would pipe it: comments, a question and a blank line too.
    std::fs::write(&moves, format!("# all the stock\n{DRAWN_THROUGH}\nmoves\nl 3\n")).unwrap();
    let moves = moves.to_str().unwrap();
    let (code, out, err) = klondike(&["review", moves, "--game", "1", "--passes", "1", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    check_report(&report);
    // Piped in on standard input (`-`), the same.
    let (code, piped, err) = klondike(&["review", "-", "--game", "1", "--passes", "1", "--json"], DRAWN_THROUGH);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&piped).unwrap(), report);
    // The text says the same, in one line, without the undo (no prompt).
    let (code, text, _) = klondike(&["review", moves, "--game", "1", "--passes", "1"], "");
    assert_eq!(code, 0);
    assert_eq!(text.trim_end(), report["message"].as_str().unwrap());
    assert!(!text.contains("type u"), "{text}");

    // The same game saved at the prompt and reviewed from its file.
    let saved = dir.path().join("drawn.json");
    let save = format!("{DRAWN_THROUGH}save {}\n", saved.display());
    let (code, _, err) = klondike(&["--game", "1", "--passes", "1"], &save);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = klondike(&["review", saved.to_str().unwrap(), "--json"], "");
    assert_eq!(code, 0, "{err}");
    let from_file: serde_json::Value = serde_json::from_str(&out).unwrap();
    check_report(&from_file);
    assert_eq!(from_file, report);
    // A saved game has its own deal and rules.
    let (code, out, err) = klondike(&["review", saved.to_str().unwrap(), "--draw", "3"], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("is a saved game, with its own deal and rules: --draw is only for a moves file"), "{err}");
}

#[test]
fn review_of_a_deal_that_could_never_be_won_says_so() {
    // Game 2 in draw 1 with one pass: the solver proves the deal lost.
    assert_eq!(verdict(&after(2, one_pass(), &[]), one_pass()), Verdict::Unwinnable);
    let (_dir, path) = moves_file("d\nd\nd\n");
    let (code, out, err) = klondike(&["review", &path, "--game", "2", "--passes", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "This deal could never be won: the solver tried every line from the deal, so no move lost it.\n");
    let (_, out, _) = klondike(&["review", &path, "--game", "2", "--passes", "1", "--json"], "");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["verdict"], "never_winnable");
}

#[test]
fn review_with_a_small_budget_says_what_it_could_not_decide() {
    let (_dir, path) = moves_file(DRAWN_THROUGH);
    let args = ["review", &path, "--game", "1", "--passes", "1", "--max-states", "100"];
    let (code, out, err) = klondike(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("could not decide within 100 states"), "{out}");
    let mut json = args.to_vec();
    json.push("--json");
    let (_, out, _) = klondike(&json, "");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["verdict"], "undecided", "{report}");
    assert_eq!(report["reason"], "state limit", "{report}");
    assert_eq!(report["max_states"], 100, "{report}");
    // What it did decide is true: lost by the position it names.
    if let Some(lost) = report["lost_after"].as_u64() {
        let draws = vec!["d"; lost as usize];
        assert_eq!(verdict(&after(1, one_pass(), &draws), one_pass()), Verdict::Unwinnable, "{report}");
    }
}

#[test]
fn review_of_a_won_or_winnable_game_says_so_in_few_words() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::default();
    let Verdict::Winnable(line) = verdict(&after(1, rules, &[]), rules) else { panic!("game 1 is winnable") };
    let won = dir.path().join("won.txt");
    let text: Vec<String> = line.iter().map(Move::to_string).collect();
    std::fs::write(&won, text.join("\n")).unwrap();
    let (code, out, err) = klondike(&["review", won.to_str().unwrap(), "--game", "1"], "");
    assert_eq!((code, out.as_str()), (0, "The game is won: nothing was lost.\n"), "{err}");
    let start = dir.path().join("start.txt");
    std::fs::write(&start, &text[0]).unwrap();
    let (code, out, _) = klondike(&["review", start.to_str().unwrap(), "--game", "1"], "");
    assert_eq!((code, out.as_str()), (0, "Not lost: the game can still be won from where it ends.\n"));
}

#[test]
fn review_in_screen_reader_mode_is_one_plain_sentence() {
    let (_dir, path) = moves_file(DRAWN_THROUGH);
    let args = ["review", &path, "--game", "1", "--passes", "1", "--screen-reader"];
    let (code, out, err) = klondike(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let said = out.trim_end();
    assert!(said.starts_with("Move ") && said.contains(", d, lost the game; "), "{said}");
    assert!(said.ends_with(" would have kept it winnable."), "{said}");
    assert!(!said.contains(". "), "one sentence: {said}");
    for symbol in ["(", ")", ":", "\"", "*", "#", "/", "'"] {
        assert!(!said.contains(symbol), "{symbol} in {said}");
    }
}

#[test]
fn review_refuses_bad_input_in_one_line() {
    let (_dir, path) = moves_file("d\nw 9\n");
    let path = path.as_str();
    let cases: [(&[&str], &str); 4] = [
        (&["review", path], "is a moves file: give its deal with --game N or --deal D"),
        (&["review", path, "--game", "1"], "line 2: 'w 9': '9' is not a destination"),
        (&["review", "no-such-file.txt", "--game", "1"], "cannot read the moves file 'no-such-file.txt'"),
        (&["review", path, "--game", "1", "--max-states", "0"], "--max-states"),
    ];
    for (args, words) in cases {
        let (code, out, err) = klondike(args, "");
        assert_ne!(code, 0, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

/// `--foundation-to-tableau` and `--autoplay` take `on` or `off`, as when
/// playing (alone they are `on`), before or after the file; a file name
/// where `on` or `off` belongs is refused in one line that names both.
#[test]
fn review_takes_on_or_off_for_its_rules_options_like_play() {
    let (_dir, path) = moves_file("d\n");
    let path = path.as_str();
    // With autoplay on, the draw is followed by the two aces of game 1
    // going up by themselves: three moves.
    let cases: [(&[&str], bool, u64); 6] = [
        (&["--foundation-to-tableau", "on", path], true, 1),
        (&["--foundation-to-tableau", "off", path], false, 1),
        (&[path, "--foundation-to-tableau"], true, 1),
        (&[path], false, 1),
        (&["--autoplay", "on", "--foundation-to-tableau=on", path], true, 3),
        (&["--autoplay", "off", path], false, 1),
    ];
    for (options, f2t, moves) in cases {
        let mut args = vec!["review", "--game", "1", "--json"];
        args.extend_from_slice(options);
        let (code, out, err) = klondike(&args, "");
        assert_eq!(code, 0, "{args:?}: {err}");
        let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(report["foundation_to_tableau"], f2t, "{args:?}: {out}");
        assert_eq!(report["moves"], moves, "{args:?}: {out}");
    }
    let (code, out, err) = klondike(&["review", "--game", "1", "--foundation-to-tableau", path], "");
    assert_ne!(code, 0);
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--foundation-to-tableau") && err.contains(path) && err.contains("not on or off"), "{err}");
    assert!(err.contains("--foundation-to-tableau=on"), "how to give both: {err}");
}

/// A transcript of a session reviews as the session played it: `stats`,
/// `save`, `autoplay` and `auto` with nothing to do are in it too, and
/// `autoplay on` plays as it did; `new` (another game) is refused.
#[test]
fn a_session_transcript_with_its_session_commands_reviews() {
    let (_dir, path) = moves_file(&format!("stats\nsave x.json\nautoplay\nauto\nauto\n{DRAWN_THROUGH}"));
    let args = ["review", &path, "--game", "1", "--passes", "1", "--json"];
    let (code, out, err) = klondike(&args, "");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["verdict"], "lost", "{report}");
    // `autoplay on` puts up game 1's two aces at once, as in a session.
    std::fs::write(&path, "autoplay on\nd\n").unwrap();
    let (code, out, err) = klondike(&args, "");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["moves"], 3, "two aces by autoplay and the draw: {report}");
    std::fs::write(&path, "d\nnew 5\n").unwrap();
    let (code, _, err) = klondike(&args, "");
    assert_eq!(code, 1, "{err}");
}
