//! A UTF-8 byte-order mark at the start of a file or script (some editors
//! write one) is skipped everywhere input is read.

use crate::common;

use common::run_klondike;

const BOM: &str = "\u{feff}";

#[test]
fn a_script_that_starts_with_a_byte_order_mark_runs() {
    let (code, out, err) = run_klondike(&["--game", "1", "--strict"], &[], &format!("{BOM}d\nd\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("> d\n") && !out.contains('\u{feff}'), "{out}");
    assert!(out.contains("2 moves"), "{out}");
}

#[test]
fn deal_moves_games_and_saved_files_may_start_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let (_, deal, _) = run_klondike(&["deal", "--game", "5"], &[], "");
    let deal_file = dir.path().join("deal.txt");
    std::fs::write(&deal_file, format!("{BOM}{deal}")).unwrap();
    let at = format!("@{}", deal_file.display());
    let (code, out, err) = run_klondike(&["deal", "--deal", &at], &[], "");
    assert_eq!((code, out.as_str()), (0, deal.as_str()), "{err}");

    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, format!("{BOM}d\n")).unwrap();
    let (code, out, err) = run_klondike(
        &[&["solve", "--game", "5", "--fast", "--moves", moves.to_str().unwrap()], &common::BY_STATES[..]].concat(),
        &[],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# winnable") || out.starts_with("# unwinnable"), "{out}");

    let games = dir.path().join("games.txt");
    std::fs::write(&games, format!("{BOM}3\n")).unwrap();
    let (code, out, err) =
        run_klondike(&["solve", "--games-file", games.to_str().unwrap(), "--fast", "--max-states", "2000"], &[], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"game\":\"3\""), "{out}");

    let data = dir.path().join("data");
    let env = [("KLONDIKE_DATA_DIR", data.as_os_str())];
    let save = dir.path().join("game.json");
    let (code, _, err) = run_klondike(&["--game", "5"], &env, &format!("d\nsave {}\n", save.display()));
    assert_eq!(code, 0, "{err}");
    let saved = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&save, format!("{BOM}{saved}")).unwrap();
    let (code, out, err) = run_klondike(&["--load", save.to_str().unwrap()], &env, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 move"), "{out}");
}

#[test]
fn a_batch_results_file_that_starts_with_a_byte_order_mark_is_resumed_whole() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results.jsonl");
    let args = ["solve", "--games", "1..3", "--fast", "--max-states", "2000", "-o", results.to_str().unwrap()];
    let (code, _, err) = run_klondike(&args, &[], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&results).unwrap();
    std::fs::write(&results, format!("{BOM}{text}")).unwrap();
    // Every game is there already, the first line's included: none is
    // solved again, and nothing is said to be left out.
    let (code, _, err) = run_klondike(&args, &[], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0 solved now, 3 were already there"), "{err}");
    assert!(!err.contains("not a result"), "{err}");
    assert_eq!(std::fs::read_to_string(&results).unwrap(), format!("{BOM}{text}"));
}
