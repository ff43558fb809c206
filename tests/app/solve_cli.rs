//! `klondike solve` as a user runs it: its line replays to a win through
//! the binary, batches resume and split into shards, bad options exit 2.

use std::collections::BTreeSet;

use crate::common;

fn klondike(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_klondike(args, &[], stdin)
}

/// The largest `--timeout` there is, in seconds (months): never reached
/// here. Every search here is bounded by `--max-states` instead, so that
/// its verdict and its line are the same on any machine and under any load.
const NEVER: &str = "1e7";

/// A budget each single deal solved here is decided well within.
const ENOUGH: &str = "1000000";

/// A budget for batches whose verdicts do not matter, only their lines:
/// small, so that each game ends at once, decided or not.
const SMALL: &str = "2000";

#[test]
fn a_line_solved_for_autoplay_replays_to_a_win_under_autoplay() {
    // The solver's own line names cards autoplay has already put up (game
    // 1: `t 6 f`, its ace): --strict stops there.
    let (_, plain, _) = klondike(&["solve", "--game", "1", "--max-states", ENOUGH, "--timeout", NEVER], "");
    let (code, _, _) = klondike(&["--game", "1", "--autoplay", "--strict"], &plain);
    assert_eq!(code, 3, "the plain line does not replay under autoplay");
    let cases = [
        ("1", "1", false),
        ("2", "1", true),
        ("3", "1", false),
        ("1", "3", false),
        ("3", "3", true),
        ("5", "3", false),
        // Autoplay spoils every line the solver finds first (a card it
        // takes off the waste changes the draws): found by backtracking.
        ("63", "3", false),
    ];
    for (game, draw, f2t) in cases {
        let mut args = vec!["--game", game, "--draw", draw];
        if f2t {
            args.push("--foundation-to-tableau");
        }
        let mut solve = vec!["solve", "--autoplay", "--max-states", ENOUGH, "--timeout", NEVER];
        solve.extend(&args);
        let (code, out, err) = klondike(&solve, "");
        assert_eq!(code, 0, "{err}");
        let first = out.lines().next().unwrap();
        assert!(first.starts_with("# winnable"), "game {game} draw {draw}: {first}");
        args.extend(["--autoplay", "--strict", "--json"]);
        let (code, replay, err) = klondike(&args, &out);
        assert_eq!(code, 0, "game {game} draw {draw}: {err}");
        let states: Vec<serde_json::Value> = replay.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(states.last().unwrap()["status"], "won", "game {game} draw {draw}");
        // The last line wins it: nothing is left over after the win.
        let moves = out.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(states.iter().filter(|s| s["status"] == "won").count(), 1, "game {game} draw {draw}, {moves} moves");
    }
}

/// Game 2 in draw 3 is won with autoplay off, but with autoplay on every
/// move leads, after autoplay's own, to a position the solver proves lost:
/// `solve --autoplay` says so, and gives no line.
#[test]
fn a_game_autoplay_loses_is_said_to_be_lost_to_autoplay() {
    let solve = ["solve", "--game", "2", "--draw", "3", "--max-states", ENOUGH, "--timeout", NEVER];
    let (code, out, err) = klondike(&solve, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# winnable"), "{out}");
    let mut with_autoplay = solve.to_vec();
    with_autoplay.push("--autoplay");
    let (code, out, err) = klondike(&with_autoplay, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("# unknown (with autoplay on this game is lost: autoplay's moves spoil every line"),
        "{out}"
    );
}

/// `--max-states` bounds a deal under `--autoplay` as a whole, however
/// many searches following autoplay takes (draw-3 game 21 with 3 passes
/// took twice its budget, each search given the whole of it).
#[test]
fn solve_with_autoplay_keeps_to_the_state_budget() {
    let args = [
        "solve",
        "--autoplay",
        "--game",
        "21",
        "--draw",
        "3",
        "--passes",
        "3",
        "--foundation-to-tableau",
        "--json",
        "--max-states",
        "50000",
        "--timeout",
        NEVER,
    ];
    let (code, out, err) = klondike(&args, "");
    assert_eq!(code, 0, "{err}");
    let result: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(result["nodes"].as_u64().unwrap() <= 50_000, "{out}");
    assert_eq!((&result["verdict"], &result["reason"]), (&"unknown".into(), &"state limit".into()), "{out}");
}

#[test]
fn a_solved_line_piped_back_in_wins_the_game() {
    // All three are winnable.
    for (game, draw) in [("7", "1"), ("1", "3"), ("123456789012345678901", "1")] {
        let (code, out, err) =
            klondike(&["solve", "--game", game, "--draw", draw, "--max-states", ENOUGH, "--timeout", NEVER], "");
        assert_eq!(code, 0, "{err}");
        let first = out.lines().next().unwrap();
        assert!(first.starts_with("# winnable"), "{first}");
        let (code, replay, err) = klondike(&["--game", game, "--draw", draw, "--strict", "--json"], &out);
        assert_eq!(code, 0, "{err}");
        let last: serde_json::Value = serde_json::from_str(replay.lines().last().unwrap()).unwrap();
        assert_eq!(last["status"], "won", "game {game} draw {draw}");
    }
}

#[test]
fn fast_gives_the_same_verdict_and_a_line_that_wins() {
    // All three are winnable.
    for (game, draw) in [("7", "1"), ("1", "3"), ("11", "3")] {
        let solve = ["solve", "--game", game, "--draw", draw, "--json", "--max-states", ENOUGH, "--timeout", NEVER];
        let (_, default, _) = klondike(&solve, "");
        let (code, fast, err) = klondike(&[&solve[..], &["--fast"]].concat(), "");
        assert_eq!(code, 0, "{err}");
        let (d, f): (serde_json::Value, serde_json::Value) =
            (serde_json::from_str(default.trim()).unwrap(), serde_json::from_str(fast.trim()).unwrap());
        assert_eq!(d["verdict"], f["verdict"], "game {game} draw {draw}");
        assert_eq!(f["verdict"], "winnable", "game {game} draw {draw}");
        // The fast line is never shorter than the default one, and wins.
        let (dl, fl) = (d["moves"].as_array().unwrap(), f["moves"].as_array().unwrap());
        assert!(fl.len() >= dl.len(), "game {game}: fast {} default {}", fl.len(), dl.len());
        let script: String = fl.iter().map(|m| format!("{}\n", m.as_str().unwrap())).collect();
        let (code, replay, err) = klondike(&["--game", game, "--draw", draw, "--strict", "--json"], &script);
        assert_eq!(code, 0, "{err}");
        let last: serde_json::Value = serde_json::from_str(replay.lines().last().unwrap()).unwrap();
        assert_eq!(last["status"], "won", "game {game} draw {draw}");
    }
}

#[test]
fn json_gives_verdict_moves_and_figures() {
    let (code, out, _) = klondike(&["solve", "--game", "7", "--json", "--max-states", ENOUGH, "--timeout", NEVER], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["verdict"], "winnable");
    assert!(v["moves"].as_array().unwrap().len() > 50);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["seconds"].as_f64().is_some());
    assert!(v["peak_memory_bytes"].as_u64().is_some());
}

#[test]
fn solving_from_a_position_reached_by_a_script() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "# opening\nd\nt 6 f\n").unwrap();
    let (code, out, err) = klondike(
        &["solve", "--game", "1", "--moves", moves.to_str().unwrap(), "--max-states", ENOUGH, "--timeout", NEVER],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# winnable"), "{out}");
    // The line continues from after the script: both together win.
    let script = format!("d\nt 6 f\n{out}");
    let (_, replay, _) = klondike(&["--game", "1", "--strict", "--json"], &script);
    let last: serde_json::Value = serde_json::from_str(replay.lines().last().unwrap()).unwrap();
    assert_eq!(last["status"], "won");
    std::fs::write(&moves, "d\nt 1 2\n").unwrap();
    let (code, _, err) = klondike(&["solve", "--game", "1", "--moves", moves.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("line 2") && err.contains("t 1 2"), "{err}");
}

fn games_in(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| v["game"].as_str().unwrap().parse::<u64>().unwrap())
        .collect()
}

#[test]
fn a_batch_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.jsonl");
    let f = file.to_str().unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..4", "--max-states", SMALL, "--output", f], "");
    assert_eq!(code, 0, "{err}");
    // An interrupted run leaves a last line cut short: that game is solved again.
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("{\"game\":5,\"dr");
    std::fs::write(&file, &text).unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..6", "--max-states", SMALL, "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let games = games_in(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(games.len(), 6, "{games:?}");
    assert_eq!(games.iter().copied().collect::<BTreeSet<_>>(), (1..=6).collect());
}

/// Solves games 1..12 into the batch file `file` within `states` states
/// a deal (`retry`: with `--retry-unknown`); it must end normally and
/// print nothing.
fn batch_of_12(file: &str, states: &str, retry: bool) {
    let mut args = vec!["solve", "--games", "1..12", "--timeout", NEVER, "--max-states", states, "--output", file];
    args.extend(retry.then_some("--retry-unknown"));
    let (code, out, err) = klondike(&args, "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
}

/// `--retry-unknown` solves again, with the budget now given, only the
/// games whose results in the file are all unknown.
#[test]
fn a_batch_retries_only_its_unknown_results_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.jsonl");
    let f = file.to_str().unwrap();
    let run = |states: &str, retry: bool| batch_of_12(f, states, retry);
    let results = || -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(&file).unwrap();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let unknown = |r: &serde_json::Value| r["verdict"] == "unknown";
    run("2000", false);
    let open: BTreeSet<String> =
        results().iter().filter(|r| unknown(r)).map(|r| r["game"].as_str().unwrap().to_string()).collect();
    assert!(!open.is_empty() && open.len() < 12, "{open:?}");
    // A larger budget alone changes nothing: every game is in the file.
    run("5000000", false);
    assert_eq!(results().len(), 12);
    run("5000000", true);
    let all = results();
    assert_eq!(all.len(), 12 + open.len());
    let retried: BTreeSet<String> = all[12..].iter().map(|r| r["game"].as_str().unwrap().to_string()).collect();
    assert_eq!(retried, open);
    assert!(all[12..].iter().all(|r| !unknown(r)), "{:?}", &all[12..]);
    // Nothing is left to retry.
    run("5000000", true);
    assert_eq!(results().len(), 12 + open.len());
    // Without --output there is no file to retry from.
    let (code, _, err) = klondike(&["solve", "--games", "1..2", "--retry-unknown"], "");
    assert_eq!(code, 2, "{err}");
}

/// An interrupted `--retry-unknown` goes on where it stopped: a game it
/// already retried under the budget now given (and still unknown) is not
/// retried again, only those it had not reached yet.
#[test]
fn an_interrupted_retry_solves_only_the_games_not_yet_retried() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.jsonl");
    let f = file.to_str().unwrap();
    let run = |states: &str, retry: bool| batch_of_12(f, states, retry);
    let lines = || -> Vec<String> { std::fs::read_to_string(&file).unwrap().lines().map(String::from).collect() };
    let game =
        |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["game"].as_str().unwrap().to_string();
    let unknown = |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["verdict"] == "unknown";
    run("200", false);
    let open = lines().iter().filter(|l| unknown(l)).count();
    // A retry whose budget still leaves some games unknown.
    run("300", true);
    let whole = lines();
    let retried = &whole[12..];
    assert_eq!(retried.len(), open);
    assert!(retried.iter().any(|l| unknown(l)), "{retried:?}");
    // Killed part-way: only the first half of its results were written,
    // among them a game still unknown.
    let still = retried.iter().position(|l| unknown(l)).unwrap();
    let kept = (retried.len() / 2).max(still + 1);
    std::fs::write(&file, whole[..12 + kept].iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    run("300", true);
    let after = lines();
    let mut games: Vec<String> = after[12..].iter().map(|l| game(l)).collect();
    games.sort_unstable();
    let mut expected: Vec<String> = retried.iter().map(|l| game(l)).collect();
    expected.sort_unstable();
    assert_eq!(games, expected, "each game retried once");
    // Nothing is left to retry under this budget; a larger one retries
    // those still unknown.
    run("300", true);
    assert_eq!(lines().len(), after.len());
    let unknown_now: BTreeSet<String> = after[12..].iter().filter(|l| unknown(l)).map(|l| game(l)).collect();
    run("400", true);
    let last: BTreeSet<String> = lines()[after.len()..].iter().map(|l| game(l)).collect();
    assert_eq!(last, unknown_now);
}

#[test]
fn shards_split_a_range_with_no_overlap() {
    let mut all = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let (code, out, err) = klondike(&["solve", "--games", "10..20", "--shard", &shard, "--max-states", SMALL], "");
        assert_eq!(code, 0, "{err}");
        let mut games = games_in(&out);
        games.sort_unstable();
        let want: Vec<u64> = (10..=20).skip(k - 1).step_by(3).collect();
        assert_eq!(games, want, "shard {shard}");
        all.extend(games);
    }
    all.sort_unstable();
    assert_eq!(all, (10..=20).collect::<Vec<_>>());
}

#[test]
fn bad_batch_options_are_usage_errors() {
    for args in [
        vec!["solve", "--games", "5..1"],
        vec!["solve", "--games", "0..3"],
        vec!["solve", "--games", "x"],
        vec!["solve", "--games", "1..3", "--shard", "4/3"],
        vec!["solve", "--games", "1..3", "--shard", "0/3"],
        vec!["solve", "--game", "1", "--timeout", "-1"],
        // Batch-only options without a batch.
        vec!["solve", "--game", "5", "--output", "out.jsonl"],
        vec!["solve", "--shard", "1/2"],
        // A saved game has its own rules.
        vec!["solve", "--load", "saved.json", "--draw", "3"],
        // A script of moves needs the deal it was played on.
        vec!["solve", "--moves", "moves.txt"],
    ] {
        let (code, _, err) = klondike(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.trim().is_empty());
    }
    // A number past 2^128-1 is out of range, not a malformed range.
    let (code, _, err) = klondike(&["solve", "--games", "1..340282366920938463463374607431768211456"], "");
    assert_eq!(code, 2);
    assert!(err.contains("go up to 2^128-1"), "{err}");
    // The rule for a shard is said in words, whole (the marks of clap's
    // placeholders are taken out of usage errors, so no '<=' may be in it).
    let (code, _, err) = klondike(&["solve", "--games", "1..3", "--shard", "0/2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("write K/N, shard K of N, with K from 1 to N and N at most 2^128-1, e.g. 2/8"), "{err}");
}

#[test]
fn a_batch_under_other_rules_does_not_skip_games_solved_under_these() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.jsonl");
    let f = file.to_str().unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..3", "--max-states", SMALL, "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) =
        klondike(&["solve", "--games", "1..3", "--draw", "3", "--max-states", SMALL, "--output", f], "");
    assert_eq!(code, 0, "{err}");
    // Run again: nothing is left to do under either rules setting.
    let (code, _, err) =
        klondike(&["solve", "--games", "1..3", "--draw", "3", "--max-states", SMALL, "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> =
        std::fs::read_to_string(&file).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 6);
    for draw in [1, 3] {
        let mut games: Vec<&str> =
            lines.iter().filter(|v| v["draw"] == draw).map(|v| v["game"].as_str().unwrap()).collect();
        games.sort_unstable();
        assert_eq!(games, ["1", "2", "3"], "draw {draw}");
    }
}

#[test]
fn a_saved_game_is_solved_from_where_it_was_saved_under_its_rules() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let saved = dir.path().join("saved.json");
    let s = saved.to_str().unwrap();
    let env = [("KLONDIKE_DATA_DIR", data.as_os_str())];
    let script = format!("d\nd\nd\nsave {s}\nq\n");
    let (code, _, err) = common::run_klondike(&["--game", "11", "--draw", "3"], &env, &script);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) =
        common::run_klondike(&["solve", "--load", s, "--max-states", ENOUGH, "--timeout", NEVER], &env, "");
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.contains("draw 3"), "{first}");
    assert!(first.starts_with("# winnable"), "{first}");
    // The saved moves, then the solver's line, win game 11 in draw-3.
    let replay = format!("d\nd\nd\n{out}");
    let (code, transcript, err) =
        common::run_klondike(&["--game", "11", "--draw", "3", "--strict", "--json"], &env, &replay);
    assert_eq!(code, 0, "{err}");
    let last: serde_json::Value = serde_json::from_str(transcript.lines().last().unwrap()).unwrap();
    assert_eq!(last["status"], "won");
}

#[test]
fn a_huge_range_is_never_held_as_a_list() {
    // Ten games out of ten trillion: this ends at once (a list of the whole
    // range would not fit in memory).
    let (code, out, err) =
        klondike(&["solve", "--games", "1..10000000000000", "--shard", "7/1000000000000", "--max-states", SMALL], "");
    assert_eq!(code, 0, "{err}");
    let mut games = games_in(&out);
    games.sort_unstable();
    let want: Vec<u64> = (0..10).map(|i| 7 + i * 1_000_000_000_000).collect();
    assert_eq!(games, want);
}

#[test]
fn a_games_file_that_names_a_game_twice_solves_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("games.txt");
    std::fs::write(&list, "3\n5 # five\n3\n").unwrap();
    let (code, out, err) = klondike(&["solve", "--games-file", list.to_str().unwrap(), "--max-states", SMALL], "");
    assert_eq!(code, 0, "{err}");
    let mut games = games_in(&out);
    games.sort_unstable();
    assert_eq!(games, [3, 5]);
}

#[test]
fn a_games_file_of_dash_is_read_from_standard_input() {
    let (code, out, err) = klondike(&["solve", "--games-file", "-", "--max-states", SMALL], "3\n# c\n5\n3\n");
    assert_eq!(code, 0, "{err}");
    let mut games = games_in(&out);
    games.sort_unstable();
    assert_eq!(games, [3, 5]);
    let (code, out, err) = klondike(&["solve", "--games-file", "-"], "3\nx\n");
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("standard input line 2: 'x' is not a game number"), "{err}");
    let (code, _, err) = klondike(&["solve", "--games-file", "-"], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("standard input names no game"), "{err}");
    // A byte-order mark at the start (PowerShell's) is read past, as in a file.
    let (code, out, err) = klondike(&["solve", "--games-file", "-", "--max-states", SMALL], "\u{feff}3\n5\n");
    assert_eq!(code, 0, "{err}");
    let mut games = games_in(&out);
    games.sort_unstable();
    assert_eq!(games, [3, 5]);
    let (code, out, err) = klondike(&["solve", "--game", "1", "--moves", "-", "--max-states", SMALL], "\u{feff}d\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with('#'), "{out}");
}

#[test]
fn a_games_file_that_names_no_game_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("games.txt");
    std::fs::write(&list, "# none yet\n\n").unwrap();
    let (code, out, err) = klondike(&["solve", "--games-file", list.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(err.contains("names no game: nothing to solve"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // With an output file: the same, and no file made.
    let results = dir.path().join("results.jsonl");
    let (code, _, err) =
        klondike(&["solve", "--games-file", list.to_str().unwrap(), "-o", results.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("names no game: nothing to solve"), "{err}");
    assert!(!results.exists(), "an empty batch made {}", results.display());
}

#[test]
fn devices_are_never_read_without_end() {
    // A device as the output file holds no earlier results: nothing to
    // resume, the results are written (and lost, for /dev/null).
    let (code, out, err) = klondike(&["solve", "--games", "1..2", "--output", "/dev/null"], "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    // A full device: one line saying so, naming the file, no panic.
    let (code, _, err) = klondike(&["solve", "--games", "1..2", "--output", "/dev/full"], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("cannot write to '/dev/full'"), "{err}");
    // Endless input files are refused past 64 MiB.
    for args in [
        vec!["solve", "--games-file", "/dev/zero"],
        vec!["solve", "--game", "1", "--moves", "/dev/zero"],
        vec!["solve", "--deal", "@/dev/zero"],
    ] {
        let (code, _, err) = klondike(&args, "");
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("larger than 64 MiB"), "{args:?}: {err}");
    }
}

#[test]
fn completions_help_and_version_to_a_full_device_fail_with_one_line() {
    for args in [&["completions", "zsh"][..], &["--help"], &["--version"], &["solve", "--help"], &["help", "solve"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike")).args(args).stdout(full).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked") && err.trim().lines().count() == 1, "{args:?}: {err}");
    }
}

#[test]
fn output_to_a_full_device_says_it_is_standard_output() {
    for (args, stdin) in
        [(&["--game", "1"][..], "d\n"), (&["solve", "--game", "1"], ""), (&["deal", "--game", "1"], "")]
    {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
            .args(args)
            .env("KLONDIKE_DATA_DIR", std::env::temp_dir().join("klondike-stdout-full-test"))
            .stdin(std::process::Stdio::piped())
            .stdout(full)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        // The program may end (its output failed) before it reads its
        // input: a closed pipe here is no failure of the test.
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with("klondike: cannot write to standard output: "), "{args:?}: {err}");
    }
}

#[test]
fn an_error_when_standard_error_cannot_be_written_still_exits_with_its_status() {
    // Was exit 101: `eprintln!` panics when its write fails.
    let run = |args: &[&str], stdin: &str| {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
            .args(args)
            .env("KLONDIKE_DATA_DIR", std::env::temp_dir().join("klondike-stderr-full-test"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(full)
            .spawn()
            .unwrap();
        use std::io::Write;
        // The program may end (its output failed) before it reads its
        // input: a closed pipe here is no failure of the test.
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        child.wait().unwrap().code()
    };
    assert_eq!(run(&["solve", "--deal", "@no-such-file"], ""), Some(1));
    assert_eq!(run(&["--game", "1", "--strict"], "bogus\n"), Some(3));
}

/// The least address space, in KiB (in steps of 256), in which `klondike
/// solve --game 1 --fast` runs to its end.
#[cfg(target_os = "linux")]
fn least_kib_to_solve() -> u64 {
    (16..1024)
        .map(|n| n * 256)
        .find(|&kib| klondike_in_kib(kib, "solve --game 1 --fast").0 == 0)
        .expect("klondike runs")
}

/// Runs `klondike ARGS` under a limit of `kib` KiB of address space
/// (`ulimit -v`): exit code, standard output and standard error.
#[cfg(target_os = "linux")]
fn klondike_in_kib(kib: u64, args: &str) -> (i32, String, String) {
    let script = format!("ulimit -v {kib} && exec \"$0\" {args}");
    let out = std::process::Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_klondike")])
        .output()
        .expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Where no worker thread can be started, a batch still solves every game,
/// on the one thread it has, and says so (it used to panic, exit 101).
#[test]
#[cfg(target_os = "linux")]
fn a_batch_with_no_room_for_worker_threads_solves_on_one() {
    // The least address space (in steps of 1 MiB) in which one deal is
    // solved: a worker thread's stack (2 MiB) does not fit beside it.
    let Some(kib) = (4..256).map(|mib| mib * 1024).find(|&kib| klondike_in_kib(kib, "solve --game 1 --fast").0 == 0)
    else {
        panic!("klondike never ran under a memory limit");
    };
    let (code, out, err) = klondike_in_kib(kib + 512, "solve --games 1..4 --fast");
    assert_eq!(code, 0, "{err}");
    assert_eq!(games_in(&out), vec![1, 2, 3, 4], "{out}");
    assert!(err.contains("cannot start worker threads"), "{err}");
}

/// A bad line in a moves file or a games file is quoted in the error, cut
/// short when long (it was quoted whole: megabytes on standard error).
#[test]
fn a_long_bad_line_in_a_moves_or_games_file_is_quoted_short() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "d".repeat(100_000)).unwrap();
    let games = dir.path().join("games.txt");
    std::fs::write(&games, format!("1\n{}\n", "9".repeat(100_000))).unwrap();
    for args in [
        vec!["solve", "--game", "1", "--moves", moves.to_str().unwrap()],
        vec!["solve", "--games-file", games.to_str().unwrap()],
    ] {
        let (code, _, err) = klondike(&args, "");
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("line ") && err.contains("..."), "{err}");
        assert!(err.len() < 1_000 && err.trim().lines().count() == 1, "{} bytes", err.len());
    }
    // A number past the last game says what the numbers are.
    std::fs::write(&games, "340282366920938463463374607431768211456\n").unwrap();
    let (code, _, err) = klondike(&["solve", "--games-file", games.to_str().unwrap()], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("line 1: '340282366920938463463374607431768211456' is not a game number: give a whole number from 1 to 2^128-1"), "{err}");
}

/// `--output` naming a file that holds no results (a moves file, a saved
/// game) is refused and left as it was; a first result cut short by an
/// interruption is not such a file.
#[test]
fn a_batch_does_not_append_to_a_file_that_holds_no_results() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "d\nt 6 f\n").unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..2", "--fast", "--output", moves.to_str().unwrap()], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not a file of results"), "{err}");
    assert_eq!(std::fs::read_to_string(&moves).unwrap(), "d\nt 6 f\n");
    let cut = dir.path().join("cut.jsonl");
    std::fs::write(&cut, "{\"game\":\"1\",\"dra").unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..2", "--fast", "--output", cut.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(games_in(&std::fs::read_to_string(&cut).unwrap()).len(), 2);
}

/// Under a memory limit the solver answers `unknown (memory)` instead of
/// aborting (Linux: the limit is set with the shell's `ulimit -v`).
#[test]
#[cfg(target_os = "linux")]
fn a_memory_limit_gives_unknown_not_an_abort() {
    let bin = env!("CARGO_BIN_EXE_klondike");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v 14000 && exec '{bin}' solve --game 159 --draw 3 --timeout {NEVER}"))
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("# unknown (memory"), "{stdout}");
}

/// At the prompt, `solve` and `hint`, and `--winnable`, under a tight
/// memory limit answer or say why not, and never abort: the committed
/// census verdicts they consult were read into a map of about 9 MB, whose
/// allocation aborted the process with a backtrace (helper report, `ulimit
/// -v 16000`).
#[test]
#[cfg(target_os = "linux")]
fn the_prompt_and_winnable_under_a_memory_limit_do_not_abort() {
    let dir = tempfile::tempdir().unwrap();
    let least = least_kib_to_solve();
    for kib in [least + 256, least + 1_024, 16_000, 20_000] {
        for (args, input) in
            [("--game 1", "d\\nsolve\\nhint\\n"), ("--winnable --game 5", ""), ("--winnable --game 10 --draw 3", "")]
        {
            let script = format!("ulimit -v {kib} && printf '{input}' | exec \"$0\" {args}");
            let out = std::process::Command::new("sh")
                .args(["-c", &script, env!("CARGO_BIN_EXE_klondike")])
                .env("KLONDIKE_DATA_DIR", dir.path())
                .output()
                .expect("sh runs");
            let (stdout, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            assert_eq!(out.status.code(), Some(0), "{kib} KiB, {args}: {err}");
            assert!(!err.contains("memory allocation") && !err.contains("backtrace"), "{kib} KiB, {args}: {err}");
            assert!(stdout.contains("Game "), "{kib} KiB, {args}: {stdout}");
        }
    }
}

/// A batch under an address-space limit, with any number of threads,
/// gives every game a verdict or an `unknown` and ends normally: its
/// threads share the memory left under the limit, and each search answers
/// "memory" at its share (tables that grew until an allocation failed made
/// some other allocation fail, and the process abort).
#[test]
#[cfg(target_os = "linux")]
fn a_batch_under_a_memory_limit_answers_every_game_with_any_threads() {
    let dir = tempfile::tempdir().unwrap();
    let mut memory = 0;
    // The tight limits are just above the least address space in which the
    // program solves a deal at all (as small as that is, it moves with the
    // size of the build: a fixed figure left some builds unable to start).
    let least = least_kib_to_solve();
    for (kib, threads) in [(65_536, 24), (least + 512, 2), (least + 1_536, 2), (32_768, 8), (81_920, 2)] {
        let file = dir.path().join(format!("{kib}-{threads}.jsonl"));
        let f = file.to_str().unwrap();
        let script = format!(
            "ulimit -v {kib} && RAYON_NUM_THREADS={threads} exec \"$0\" solve --games 150..181 --draw 3 \
             --timeout 1 --fast --output \"$1\""
        );
        let out = std::process::Command::new("sh")
            .args(["-c", &script, env!("CARGO_BIN_EXE_klondike"), f])
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{kib} KiB, {threads} threads: {err}");
        let text = std::fs::read_to_string(&file).unwrap();
        let games: BTreeSet<u64> = games_in(&text).into_iter().collect();
        assert_eq!((text.lines().count(), games), (32, (150..=181).collect()), "{kib} KiB, {threads} threads");
        for line in text.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            let decided = r["verdict"] == "winnable" || r["verdict"] == "unwinnable";
            let reason = r["reason"].as_str().unwrap_or("");
            assert!(decided || ["memory", "time limit"].contains(&reason), "{kib} KiB, {threads} threads: {line}");
            memory += usize::from(reason == "memory");
        }
    }
    assert!(memory > 0, "no limit was tight enough to be felt");
}

/// One move from the end, `solve` at the prompt says "a line of 1 move".
#[test]
fn solve_at_the_prompt_counts_one_move_in_the_singular() {
    let (_, out, _) = klondike(&["solve", "--game", "1", "--fast", "--max-states", ENOUGH, "--timeout", NEVER], "");
    assert!(out.starts_with("# winnable"), "{out}");
    let moves: Vec<&str> = out.lines().skip(1).collect();
    let script = format!("{}\nsolve\n", moves[..moves.len() - 1].join("\n"));
    let (code, out, err) = klondike(&["--game", "1"], &script);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the solver found a line of 1 move from here"), "{}", &out[out.len().saturating_sub(500)..]);
}

/// One batch per output file: a second one on the same file is refused with
/// one line while the first runs, and the file is left to the first.
#[test]
fn a_second_batch_on_the_same_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["solve", "--games", "1..1000000", "--fast", "--max-states", SMALL, "--output"])
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the first batch has written a result (so it holds the lock).
    let started = std::time::Instant::now();
    while std::fs::metadata(&out).map_or(0, |m| m.len()) == 0 {
        assert!(started.elapsed().as_secs() < 60, "the first batch wrote nothing");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let (code, _, err) = klondike(&["solve", "--games", "1..5", "--output", out.to_str().unwrap()], "");
    first.kill().unwrap();
    first.wait().unwrap();
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("being written by another batch"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let games = games_in(&text);
    let distinct: std::collections::HashSet<_> = games.iter().collect();
    assert_eq!(distinct.len(), games.len(), "no game twice");
}

/// A result cut short by a kill is cut off once, with one line, and solved
/// again; the next run says only what it did (nothing left to do).
#[test]
fn a_torn_last_line_is_repaired_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    let f = out.to_str().unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..3", "--fast", "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let mut text = std::fs::read_to_string(&out).unwrap();
    text.push_str("{\"game\":\"4\",\"draw\":1,\"pas");
    std::fs::write(&out, &text).unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..5", "--fast", "--output", f], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains("cut short") && err.contains("removed"), "{err}");
    let last = err.lines().nth(1).unwrap();
    assert!(last.starts_with(&format!("klondike: 5 games in {f}: 5 winnable,")), "{err}");
    assert!(last.contains("; 2 solved now, 3 were already there; at most "), "{err}");
    assert!(last.ends_with(" MB of tables a thread"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.ends_with('\n'));
    let mut games = games_in(&text);
    games.sort_unstable();
    assert_eq!(games, [1, 2, 3, 4, 5]);
    let (code, _, err) = klondike(&["solve", "--games", "1..5", "--fast", "--output", f], "");
    let nothing_to_do =
        format!("klondike: 5 games in {f}: 5 winnable, 0 unwinnable, 0 unknown; 0 solved now, 5 were already there\n");
    assert_eq!((code, err), (0, nothing_to_do));
}

/// Writing into a pipe whose reader has gone (`--output /dev/stdout | head
/// -1`, or a FIFO) ends the batch quietly, at once.
#[cfg(unix)]
#[test]
fn a_batch_into_a_closed_pipe_or_fifo_ends_quietly() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let run = |output: &str, stdout: Stdio| {
        Command::new(env!("CARGO_BIN_EXE_klondike"))
            .args(["solve", "--games", "1..1000000", "--fast", "--max-states", SMALL, "--output", output])
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let wait = |mut child: std::process::Child| {
        let started = std::time::Instant::now();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                let mut err = String::new();
                std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
                return (status, err);
            }
            if started.elapsed().as_secs() > 60 {
                child.kill().unwrap();
                panic!("the batch did not end when its reader went away");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    };
    // Standard output, named as /dev/stdout, into a pipe read for one line.
    let mut child = run("/dev/stdout", Stdio::piped());
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("{\"game\":"), "{first}");
    let (status, err) = wait(child);
    assert!(status.success(), "{err}");
    assert_eq!(err, "");
    // A FIFO whose reader reads one line and closes it.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            std::io::BufReader::new(std::fs::File::open(fifo).unwrap()).read_line(&mut line).unwrap();
            line
        })
    };
    let child = run(fifo.to_str().unwrap(), Stdio::null());
    let line = reader.join().unwrap();
    assert!(line.starts_with("{\"game\":"), "{line}");
    let (status, err) = wait(child);
    assert!(status.success(), "{err}");
    assert_eq!(err, "");
}

/// A last line that is whole JSON but not a result (a note) is kept, not
/// taken for a result cut short.
#[test]
fn a_whole_last_line_that_is_not_a_result_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    let f = out.to_str().unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..2", "--fast", "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let note = "{\"game\":\"12 is my favourite\"}";
    let mut text = std::fs::read_to_string(&out).unwrap();
    text.push_str(note);
    std::fs::write(&out, &text).unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..3", "--fast", "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.lines().any(|l| l == note), "{text}");
    assert_eq!(text.lines().filter(|l| l.contains("\"verdict\"")).count(), 3, "{text}");
}

/// One reading of a game number everywhere: digits only.
#[test]
fn a_signed_game_number_is_refused_everywhere() {
    for args in
        [&["--game", "+5"][..], &["deal", "--game", "+5"], &["solve", "--game", "+5"], &["solve", "--games", "+1..5"]]
    {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("+"), "{args:?}");
    }
    // A minus sign, which the command line reads as the start of an option.
    for args in [&["solve", "--games", "-3..2"][..], &["census", "--only", "-1..5"]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("game numbers have no sign") && err.trim().lines().count() == 1, "{args:?}: {err}");
        assert!(err.contains(&format!("'{}'", args[2])), "{args:?}: {err}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["--game", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(b"new +5\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("'+5' is not a game number"));
}

/// A file after a flag that may take on or off is read as its value:
/// the message says how to give both.
#[test]
fn a_word_after_an_on_off_flag_is_said_to_be_read_as_its_value() {
    for args in [&["review", "--game", "1", "--foundation-to-tableau", "moves.txt"][..], &["review", "--autoplay", "m"]]
    {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not on or off for --") && err.contains("=on"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A line with fields no batch writes (draw 2, passes 0, game 0) is not a
/// result: a batch resuming from the file says so, keeps it and solves
/// the game, and a census leaves it out, in the same way.
#[test]
fn results_that_no_batch_writes_are_left_out_alike_by_a_batch_and_a_census() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    let f = out.to_str().unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..1", "--fast", "--output", f], "");
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read_to_string(&out).unwrap();
    let bad: Vec<String> = [("\"2\"", "1", "0"), ("\"3\"", "2", "null"), ("\"0\"", "1", "null")]
        .iter()
        .map(|(game, draw, passes)| {
            good.trim()
                .replacen("\"game\":\"1\"", &format!("\"game\":{game}"), 1)
                .replacen("\"draw\":1", &format!("\"draw\":{draw}"), 1)
                .replacen("\"passes\":null", &format!("\"passes\":{passes}"), 1)
        })
        .collect();
    std::fs::write(&out, format!("{good}{}\n", bad.join("\n"))).unwrap();
    let (code, _, err) = klondike(&["solve", "--games", "1..3", "--fast", "--output", f], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().filter(|l| l.contains("not a result")).count(), 3, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(bad.iter().all(|b| text.lines().any(|l| l == b)), "{text}");
    // Games 2 and 3 were solved, game 1 was not solved again.
    assert_eq!(text.lines().count(), 1 + 3 + 2, "{text}");
    let (code, _, err) = klondike(&["census", "--only", "1..3", f, "--draw", "1", "--passes", "unlimited"], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&format!("3 line(s) of '{f}' that are not results were left out")), "{err}");
}

#[test]
fn a_batch_with_output_dash_writes_to_standard_output() {
    // `-o -` is standard output, as without -o: no file named `-`.
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["solve", "--games", "1..3", "-o", "-", "--max-states", SMALL])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let mut games = games_in(&stdout);
    games.sort_unstable();
    assert_eq!(games, [1, 2, 3]);
    assert!(!dir.path().join("-").exists(), "a file named - was made");
    assert!(stderr.contains("3 games:") && !stderr.contains(" in -"), "{stderr}");
    // Nothing to solve again on standard output: a bad command line.
    let (code, out, err) = klondike(&["solve", "--games", "1..3", "-o", "-", "--retry-unknown"], "");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("name a file, not -"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_moves_file_is_read_as_review_reads_it() {
    // A script piped into a game (questions and all) leaves the deal where
    // its moves alone do; `-` is standard input; another game is refused.
    let dir = tempfile::tempdir().unwrap();
    let piped = dir.path().join("piped.txt");
    let bare = dir.path().join("bare.txt");
    std::fs::write(&piped, "hint\nd\nmoves\n# a note\nsave x.json\nd\nstats\n").unwrap();
    std::fs::write(&bare, "d\nd\n").unwrap();
    let answer = |moves: &str, stdin: &str| {
        let (code, out, err) =
            klondike(&["solve", "--game", "1", "--moves", moves, "--json", "--max-states", ENOUGH], stdin);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        (v["verdict"].clone(), v["moves"].clone(), v["nodes"].clone())
    };
    let expected = answer(bare.to_str().unwrap(), "");
    assert_eq!(answer(piped.to_str().unwrap(), ""), expected);
    assert_eq!(answer("-", "d\nd\n"), expected);
    // Two draws leave the deal elsewhere than none.
    let start = dir.path().join("none.txt");
    std::fs::write(&start, "# nothing\n").unwrap();
    assert_ne!(answer(start.to_str().unwrap(), ""), expected);
    std::fs::write(&piped, "d\nnew 5\n").unwrap();
    let (code, out, err) = klondike(&["solve", "--game", "1", "--moves", piped.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("line 2: 'new 5': a moves file plays one game"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn hint_and_solve_at_the_prompt_give_their_findings_as_data_in_json() {
    let states = |args: &[&str], stdin: &str| -> Vec<serde_json::Value> {
        let (code, out, err) = klondike(args, stdin);
        assert_eq!(code, 0, "{err}");
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    // A deal that can be won: the move hinted, the verdict, and a line that
    // wins when typed in.
    let won = states(&["--game", "1", "--json"], "hint\nsolve\n");
    let (hint, solve) = (&won[1], &won[2]);
    assert!(hint["message"].as_str().unwrap().starts_with("hint: "), "{hint}");
    assert_eq!(hint["verdict"], "winnable", "{hint}");
    let mv = hint["hint"].as_str().unwrap();
    assert!(hint["message"].as_str().unwrap().starts_with(&format!("hint: {mv}: ")), "{hint}");
    assert!(hint.get("line").is_none(), "{hint}");
    assert_eq!(solve["verdict"], "winnable", "{solve}");
    assert!(solve.get("hint").is_none(), "{solve}");
    let line: Vec<&str> = solve["line"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let replayed = states(&["--game", "1", "--json", "--strict"], &(line.join("\n") + "\n"));
    assert_eq!(replayed.last().unwrap()["status"], "won");
    // A deal that cannot be won: the verdict, no line; hint gives a move
    // to play on anyway.
    let lost = states(&["--game", "12", "--json"], "hint\nsolve\nd\n");
    for state in &lost[1..3] {
        assert_eq!(state["verdict"], "unwinnable", "{state}");
        assert!(state.get("line").is_none(), "{state}");
    }
    let play_on = lost[1]["hint"].as_str().unwrap();
    assert!(lost[1]["message"].as_str().unwrap().contains(&format!("To play on anyway: {play_on}: ")), "{}", lost[1]);
    assert!(lost[2].get("hint").is_none(), "{}", lost[2]);
    // A stuck game is lost, and a won game won, as hint says too.
    let stuck = states(&["--game", "10", "--draw", "3", "--passes", "1", "--json"], "hint\n");
    assert_eq!((&stuck[1]["status"], &stuck[1]["verdict"]), (&"stuck".into(), &"unwinnable".into()), "{}", stuck[1]);
    // Stuck at the deal: nothing to review or undo, as the table says
    // (hint offered both: helper report).
    let said = stuck[1]["message"].as_str().unwrap();
    assert!(said.starts_with("hint: stuck: ") && said.ends_with("; type new for a new game."), "{said}");
    let finished = states(&["--game", "1", "--json"], &(line.join("\n") + "\nhint\n"));
    let last = finished.last().unwrap();
    assert_eq!((&last["status"], &last["verdict"]), (&"won".into(), &"winnable".into()), "{last}");
    // Other lines carry none of these.
    for state in [&won[0], &lost[3]] {
        assert!(state.get("verdict").is_none() && state.get("hint").is_none(), "{state}");
    }
}

/// With autoplay on, `solve` at the prompt gives the line as it is typed
/// under autoplay: typed in, it wins (the line found without autoplay was
/// refused at its fifth move in game 1, where autoplay had put the ace
/// of clubs up already: helper report).
#[test]
fn solve_at_the_prompt_with_autoplay_gives_a_line_that_autoplay_lets_be_typed() {
    let mut parted = 0;
    for (game, draw) in [("1", "1"), ("7", "1"), ("12", "3"), ("63", "3")] {
        let args = ["--game", game, "--draw", draw, "--autoplay", "--json"];
        let (code, out, err) = klondike(&args, "solve\n");
        assert_eq!(code, 0, "{err}");
        let solve: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
        let said = solve["message"].as_str().unwrap();
        let Some(line) = solve["line"].as_array() else {
            // A deal that cannot be won, or one autoplay parts from: said
            // so, won with autoplay off and unknown with it on; and hint
            // then does not say that it can still be won (following it
            // lost a draw-3 game: helper report).
            assert_ne!(solve["verdict"], "winnable", "{said}");
            if said.starts_with("With autoplay off, the game can still be won") {
                assert!(said.contains("With autoplay on, its moves part"), "{said}");
                assert_eq!(solve["verdict"], "unknown", "{said}");
                let (_, out, _) = klondike(&args, "hint\n");
                let hint: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
                assert_eq!(hint["verdict"], "unknown", "{hint}");
                assert!(hint["message"].as_str().unwrap().contains("could not tell yet"), "{hint}");
                parted += 1;
            }
            continue;
        };
        assert!(!said.contains("With autoplay on"), "{said}");
        let moves: Vec<&str> = line.iter().map(|m| m.as_str().unwrap()).collect();
        let mut strict = args.to_vec();
        strict.push("--strict");
        let (code, out, err) = klondike(&strict, &(moves.join("\n") + "\n"));
        assert_eq!(code, 0, "game {game} draw {draw}: {err}");
        let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        assert_eq!(last["status"], "won", "game {game} draw {draw}");
    }
    // Draw-3 game 63: autoplay takes a card off the waste that the line needs.
    assert_eq!(parted, 1);
}

#[test]
fn an_option_of_solve_given_to_the_game_is_said_to_be_solves() {
    // clap alone would suggest the game's --game for --games.
    for args in [&["--games", "1..3"][..], &["play", "--games", "1..3"], &["--fast"], &["--output=x.jsonl"]] {
        let (code, out, err) = klondike(args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains("it is an option of klondike solve"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
    // A misspelt option of the game keeps clap's suggestion.
    let (code, _, err) = klondike(&["--gmae", "3"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean '--game'") && !err.contains("solve"), "{err}");
}

/// An option given twice takes its last value, as shell aliases and
/// wrapper scripts that add their own defaults expect; census's lists
/// (`--draw 1 --draw 3`) gather every value.
#[test]
fn an_option_given_twice_takes_its_last_value() {
    let run = |args: &[&str], stdin: &[u8]| {
        let tmp = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
            .args(args)
            .env("HOME", tmp.path())
            .env("KLONDIKE_DATA_DIR", tmp.path())
            .current_dir(tmp.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        let out = child.wait_with_output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), tmp)
    };
    let (code, out, _) = run(&["--draw", "1", "--game", "5", "--draw", "3"], b"q\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("Game 5: draw 3,"), "{out}");
    let (code, out, _) = run(&["solve", "--game", "5", "--fast", "--game", "7"], b"");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("(game 7;"), "{out}");
    let (code, out, tmp) = run(
        &[
            "census",
            "--games",
            "1..2",
            "--draw",
            "1",
            "--draw",
            "3",
            "--passes",
            "unlimited",
            "--foundation-to-tableau",
            "on",
            "--max-states",
            "1000",
            "--dir",
            "c",
        ],
        b"",
    );
    assert_eq!(code, Some(0), "{out}");
    let mut files: Vec<String> = std::fs::read_dir(tmp.path().join("c"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["draw1-passesunlimited-f2t-on.jsonl", "draw3-passesunlimited-f2t-on.jsonl"]);
}

/// `--deal @-` reads the deal from standard input, as `-` reads moves and
/// games files there; where standard input is for something else (the
/// game's commands, `--moves -`, `review -`), it is a bad command line, and
/// so is `--verdict-file -` (standard output is the table's).
#[test]
fn a_deal_is_read_from_standard_input_where_nothing_else_is() {
    let (code, deal, err) = klondike(&["deal", "--game", "1"], "");
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = klondike(&["deal", "--deal", "@-"], &deal);
    assert_eq!((code, out.as_str()), (0, deal.as_str()), "{err}");
    let (code, out, err) = klondike(&["solve", "--deal", "@-", "--fast"], &deal);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# winnable"), "{out}");
    for args in [
        &["--deal", "@-"][..],
        &["play", "--deal", "@-"],
        &["solve", "--deal", "@-", "--moves", "-"],
        &["review", "-", "--deal", "@-"],
    ] {
        let (code, _, err) = klondike(args, &deal);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("--deal @- reads the deal from standard input, which here is for"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["census", "--games", "1..2", "--verdict-file", "-"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--verdict-file needs a file name"));
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0, "nothing written");
}

/// Standard input that cannot be read (a folder) is said as what was to be
/// read from it: the games, the moves, the deal (it said "the commands"
/// for each: helper report).
#[test]
#[cfg(target_os = "linux")]
fn unreadable_standard_input_is_said_as_what_was_to_be_read() {
    let dir = tempfile::tempdir().unwrap();
    for (args, what) in [
        (vec!["solve", "--games-file", "-"], "the games"),
        (vec!["solve", "--game", "1", "--moves", "-"], "the moves"),
        (vec!["review", "-"], "the moves"),
        (vec!["solve", "--deal", "@-"], "the deal"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
            .args(&args)
            .stdin(std::fs::File::open(dir.path()).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err, format!("klondike: cannot read {what} from standard input: it is a folder\n"), "{args:?}");
    }
}
