//! `klondike census`: the batches it runs, and the count of their files.
//! A census split into shards, merged, gives exactly the unsharded result.

use std::path::Path;
use std::process::Command;

/// The largest `--timeout` there is, in seconds (months): never reached here.
const NEVER: &str = "1e7";

/// Runs `klondike census ARGS` in `dir`; its table. Every census here is
/// bounded by `--max-states` alone (a `--timeout` it never reaches), so that
/// its verdicts are the same on any machine and under any load.
fn census(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .arg("census")
        .args(args)
        .args(["--timeout", NEVER])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The table without its three timing columns (which differ run to run).
fn counts(table: &str) -> Vec<String> {
    table
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words[..words.len().saturating_sub(3)].join(" ")
        })
        .collect()
}

#[test]
fn shards_merged_give_the_unsharded_census() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // Every one of these deals is decided well within this budget.
    let common = ["--draw", "3", "--passes", "1", "--foundation-to-tableau", "off", "--max-states", "2000000"];
    let mut whole = vec!["--games", "1..24", "--dir", "whole"];
    whole.extend(common);
    let unsharded = census(dir, &whole);
    assert!(unsharded.starts_with("Census of games 1..24\n"), "{unsharded}");
    let row = unsharded.lines().nth(2).unwrap();
    assert!(row.starts_with("draw 3, passes 1, foundation-to-tableau off"), "{row}");
    let numbers: Vec<u64> = row.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    // decided, winnable, unwinnable, unknown: every deal decided.
    assert_eq!((numbers[0], numbers[1] + numbers[2], numbers[3]), (24, 24, 0), "{row}");
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let mut args = vec!["--games", "1..24", "--dir", "parts", "--shard", &shard];
        args.extend(common);
        let table = census(dir, &args);
        // The shard's table names the shard: its games are a third of the range.
        let heading = format!("Census of games 1..24, shard {shard}: every 3rd game from the ");
        assert!(table.starts_with(&heading), "{table}");
    }
    let parts: Vec<String> = std::fs::read_dir(dir.join("parts"))
        .unwrap()
        .map(|e| format!("parts/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    assert_eq!(parts.len(), 3, "{parts:?}");
    let mut merge = vec!["--only", "1..24"];
    merge.extend(parts.iter().map(String::as_str));
    assert_eq!(counts(&census(dir, &merge)), counts(&unsharded));
    // Concatenated, twice over, with a torn line at the end: the same.
    let mut all = String::new();
    for p in parts.iter().chain(&parts) {
        all.push_str(&std::fs::read_to_string(dir.join(p)).unwrap());
    }
    all.push_str("{\"game\":\"7\",\"dr");
    std::fs::write(dir.join("all.jsonl"), all).unwrap();
    assert_eq!(counts(&census(dir, &["--only", "1..24", "all.jsonl"])), counts(&unsharded));
    // Run again: every game is in the files already, nothing is solved
    // twice and the files do not grow.
    let before = std::fs::metadata(dir.join("whole/draw3-passes1-f2t-off.jsonl")).unwrap().len();
    census(dir, &whole);
    assert_eq!(std::fs::metadata(dir.join("whole/draw3-passes1-f2t-off.jsonl")).unwrap().len(), before);
}

#[test]
fn results_under_other_rules_are_kept_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let line = |game: u32, draw: u32, verdict: &str| {
        format!(
            r#"{{"game":"{game}","draw":{draw},"passes":null,"foundation_to_tableau":true,"verdict":"{verdict}","seconds":0.01}}"#
        )
    };
    let text =
        [line(1, 1, "winnable"), line(2, 1, "unwinnable"), line(1, 3, "unwinnable"), line(1, 1, "winnable")].join("\n");
    std::fs::write(dir.join("mixed.jsonl"), text).unwrap();
    let table = census(dir, &["mixed.jsonl"]);
    let rows: Vec<&str> = table.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{table}");
    assert!(
        rows[0].starts_with("draw 1, passes unlimited, foundation-to-tableau on") && rows[0].contains(" 50.00% "),
        "{table}"
    );
    assert!(
        rows[1].starts_with("draw 3, passes unlimited, foundation-to-tableau on") && rows[1].contains(" 0.00% "),
        "{table}"
    );
}

/// `census -` counts the results piped to it, as the same lines in a file.
#[test]
fn results_piped_to_census_dash_are_counted_as_a_file() {
    use std::io::Write;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let line = |game: u32, verdict: &str| {
        format!(
            r#"{{"game":"{game}","draw":1,"passes":null,"foundation_to_tableau":true,"verdict":"{verdict}","seconds":0.01}}"#
        )
    };
    let text = [line(1, "winnable"), line(2, "unwinnable"), line(3, "winnable")].join("\n") + "\n";
    std::fs::write(dir.join("r.jsonl"), &text).unwrap();
    let from_file = census(dir, &["r.jsonl"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["census", "-", "--timeout", NEVER])
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let piped = String::from_utf8(out.stdout).unwrap();
    assert_eq!(piped, from_file);
    assert!(piped.contains(" 66.67% "), "{piped}");
}

/// The committed verdicts (`src/app/census/verdicts.txt`, from `klondike census
/// --verdict-file`): where lonelybot's rules apply (unlimited passes,
/// foundation-to-tableau on), they agree with its verdicts; and easier
/// rules never lose a game that harder rules win (more passes, draw 1 for
/// draw 3, or foundation-to-tableau moves allowed, only add lines).
#[test]
fn the_committed_verdicts_agree_with_lonelybot_and_with_each_other() {
    use klondike::app::census::{BatchVerdict, Verdicts};
    use klondike::engine::deal::GameNumber;
    use klondike::engine::rules::{DrawCount, PassLimit, Rules};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let verdicts =
        Verdicts::parse(&std::fs::read_to_string(root.join("src/app/census/verdicts.txt")).unwrap()).unwrap();
    assert!(verdicts.len() >= 200);
    let lonelybot = std::fs::read_to_string(root.join("fixtures/solver/lonelybot_pysol.txt")).unwrap();
    let mut compared = 0;
    for line in lonelybot.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (game, letters) = line.split_once(' ').unwrap();
        let game: GameNumber = game.parse().unwrap();
        for (draw, letter) in [DrawCount::One, DrawCount::Three].into_iter().zip(letters.chars()) {
            let rules = Rules { draw, passes: PassLimit::Unlimited, foundation_to_tableau: true };
            let theirs = match letter {
                'W' => BatchVerdict::Winnable,
                'L' => BatchVerdict::Unwinnable,
                _ => continue,
            };
            if let Some(ours) = verdicts.verdict(game, &rules) {
                assert_eq!(ours, theirs, "game {game}, {rules}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 380, "only {compared} verdicts compared");
    let passes = [PassLimit::Limited(1), PassLimit::Limited(3), PassLimit::Unlimited];
    for game in (1..=verdicts.len() as u128).filter_map(GameNumber::new) {
        for draw in [DrawCount::One, DrawCount::Three] {
            for (i, &p) in passes.iter().enumerate() {
                for f2t in [false, true] {
                    let rules = Rules { draw, passes: p, foundation_to_tableau: f2t };
                    if verdicts.verdict(game, &rules) != Some(BatchVerdict::Winnable) {
                        continue;
                    }
                    // Draw-1 plays any line of draw-3 under the same pass
                    // limit (three draws of one are one draw of three).
                    let draws =
                        if draw == DrawCount::Three { vec![DrawCount::Three, DrawCount::One] } else { vec![draw] };
                    let easier = passes[i..].iter().flat_map(|&q| {
                        draws.iter().flat_map(move |&d| {
                            [f2t, true].map(|f| Rules { draw: d, passes: q, foundation_to_tableau: f })
                        })
                    });
                    for e in easier {
                        assert_ne!(
                            verdicts.verdict(game, &e),
                            Some(BatchVerdict::Unwinnable),
                            "game {game}: won under {rules}, lost under {e}"
                        );
                    }
                }
            }
        }
    }
}

/// `--winnable` deals from the committed verdicts where they reach (game
/// 12 is unwinnable under every rule, game 13 winnable in draw 1), and in
/// JSON the opening state says which game it passed over, as the text
/// form does.
#[test]
fn winnable_deals_from_the_committed_verdicts() {
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["--winnable", "--game", "12", "--json"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["game"], "13", "{text}");
    assert_eq!(first["message"], "Game 13: the solver proved it winnable; game 12 was proved unwinnable.", "{text}");
}

/// Bounded by states instead of seconds, a census gives the same verdicts
/// on any machine and under any load: a budget too small for some deals
/// leaves exactly the same ones unknown, run after run.
#[test]
fn a_census_bounded_by_states_gives_the_same_verdicts_every_time() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |d: &'static str| {
        ["--games", "1..12", "--draw", "1", "--passes", "unlimited", "--foundation-to-tableau", "on"]
            .into_iter()
            .chain(["--max-states", "2000", "--dir", d])
            .collect::<Vec<_>>()
    };
    let first = census(dir, &args("a"));
    let numbers: Vec<u64> = first.lines().nth(2).unwrap().split_whitespace().filter_map(|w| w.parse().ok()).collect();
    // Some deals decided within 2000 states, some not.
    assert!(numbers[0] > 0 && numbers[3] > 0, "{first}");
    let verdicts = |d: &str| {
        let text = std::fs::read_to_string(dir.join(d).join("draw1-passesunlimited-f2t-on.jsonl")).unwrap();
        let mut v: Vec<(String, String)> = text
            .lines()
            .map(|l| {
                let j: serde_json::Value = serde_json::from_str(l).unwrap();
                (j["game"].as_str().unwrap().to_string(), j["verdict"].as_str().unwrap().to_string())
            })
            .collect();
        v.sort();
        v
    };
    census(dir, &args("b"));
    assert_eq!(verdicts("a"), verdicts("b"));
    assert_eq!(verdicts("a").len(), 12);
}

/// `--retry-unknown` solves again, with the budget now given, only the
/// games a file holds no decided result for; the count then takes the
/// decided result, and a further retry finds nothing to do.
#[test]
fn retrying_unknown_decides_what_a_small_budget_left_open() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |states: &'static str, retry: bool| {
        ["--games", "1..12", "--draw", "1", "--passes", "unlimited", "--foundation-to-tableau", "on"]
            .into_iter()
            .chain(["--max-states", states, "--dir", "c"])
            .chain(retry.then_some("--retry-unknown"))
            .collect::<Vec<_>>()
    };
    let row = |table: &str| -> Vec<u64> {
        table.lines().nth(2).unwrap().split_whitespace().filter_map(|w| w.parse().ok()).collect()
    };
    let file = dir.join("c/draw1-passesunlimited-f2t-on.jsonl");
    let lines = || std::fs::read_to_string(&file).unwrap().lines().count();
    let small = row(&census(dir, &args("2000", false)));
    // decided, winnable, unwinnable, unknown
    assert!(small[3] > 0, "{small:?}");
    assert_eq!(lines(), 12);
    // Without --retry-unknown a larger budget changes nothing: all 12 are held.
    assert_eq!(row(&census(dir, &args("5000000", false))), small);
    assert_eq!(lines(), 12);
    let retried = row(&census(dir, &args("5000000", true)));
    assert_eq!((retried[0], retried[3]), (12, 0), "{retried:?}");
    assert_eq!(lines(), 12 + small[3] as usize);
    census(dir, &args("5000000", true));
    assert_eq!(lines(), 12 + small[3] as usize);
}

/// A verdict file is counted as the batch files it came from are: the
/// same counts, and "-" for the times it does not keep; given with those
/// batch files, nothing is counted twice and the times are kept. The
/// committed verdicts are counted this way in the README's table over
/// all their games. A file that starts as a verdict file and is not one
/// is refused, naming its line.
#[test]
fn a_verdict_file_is_counted_as_its_batch_files_are() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = ["--games", "1..12", "--draw", "1,3", "--passes", "1", "--foundation-to-tableau", "on", "--dir", "c"];
    let args: Vec<&str> = args.iter().copied().chain(["--max-states", "3000", "--verdict-file", "v.txt"]).collect();
    let solved = census(dir, &args);
    let from_verdicts = census(dir, &["--only", "1..12", "v.txt"]);
    assert_eq!(counts(&from_verdicts), counts(&solved));
    let row = from_verdicts.lines().nth(2).unwrap();
    assert!(row.split_whitespace().rev().take(3).all(|w| w == "-"), "{row}");
    // Some deals are left unknown at 3000 states: `?` counts as unknown.
    let unknown: u64 =
        solved.lines().skip(2).map(|l| l.split_whitespace().nth_back(5).unwrap().parse::<u64>().unwrap()).sum();
    assert!(unknown > 0, "{solved}");
    let both =
        census(dir, &["--only", "1..12", "v.txt", "c/draw1-passes1-f2t-on.jsonl", "c/draw3-passes1-f2t-on.jsonl"]);
    assert_eq!(both, solved, "the same table, times included");
    std::fs::write(dir.join("bad.txt"), "# verdicts\nvariants d1p1f1\n1 W\n2 X\n").unwrap();
    let (code, err) = census_fails(dir, &["--only", "1..12", "bad.txt"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("'bad.txt' is not a verdict file that can be counted: line 4") && err.lines().count() == 1,
        "{err}"
    );
}

/// Results under a setting the verdict file has no column for (by default
/// its columns are the twelve usual settings; two passes is none of them)
/// are said to be left out of it, and how to choose its settings.
#[test]
fn a_verdict_file_says_which_results_it_has_no_column_for() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let solve =
        ["solve", "--games", "1..3", "--passes", "2", "--max-states", "3000", "--timeout", NEVER, "-o", "p2.jsonl"];
    let out = Command::new(env!("CARGO_BIN_EXE_klondike")).args(solve).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let count = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
            .args(["census", "p2.jsonl", "--only", "1..3", "--verdict-file", "v.txt"])
            .args(extra)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        (String::from_utf8_lossy(&out.stderr).into_owned(), std::fs::read_to_string(dir.join("v.txt")).unwrap())
    };
    let (err, verdicts) = count(&[]);
    assert!(
        err.contains("the verdict file has no column for the results under draw 1, passes 2, foundation-to-tableau off: give --draw, --passes and --foundation-to-tableau"),
        "{err}"
    );
    assert!(verdicts.lines().nth(2).unwrap().ends_with("------------"), "{verdicts}");
    let (err, verdicts) = count(&["--draw", "1", "--passes", "2", "--foundation-to-tableau", "off"]);
    assert!(!err.contains("no column"), "{err}");
    assert!(verdicts.contains("variants d1p2f0\n"), "{verdicts}");
}

/// A verdict file is never written over with less: one whose decided
/// verdicts the new one would not all hold is kept, and said so; counted
/// too, it is extended. Games of the range with no result are said, and
/// written `-` (not `?`, which is a deal the solver gave up on). A device
/// is refused, never read for ever, and so is a range too large for a
/// verdict file, before any work.
#[test]
fn a_verdict_file_is_extended_never_shrunk_and_missing_games_are_said() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let setting = ["--draw", "3", "--passes", "1", "--foundation-to-tableau", "on"];
    // Every one of these deals is decided well within this budget.
    let mut args = vec!["--games", "1..6", "--max-states", "1000000", "--dir", "c", "--verdict-file", "v.txt"];
    args.extend(setting);
    census(dir, &args);
    let full = std::fs::read_to_string(dir.join("v.txt")).unwrap();
    assert_eq!(full.lines().count(), 8, "{full}");
    assert!(
        full.lines().nth(2).unwrap().starts_with("1 ") && full.lines().nth(2).unwrap().ends_with(['W', 'U']),
        "{full}"
    );
    let batch = "c/draw3-passes1-f2t-on.jsonl";
    // Over a smaller range: refused, the file kept as it was.
    let mut smaller = vec!["--only", "1..3", batch, "--verdict-file", "v.txt"];
    smaller.extend(setting);
    let (code, err) = census_fails(dir, &smaller);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("3 verdict(s) it holds would be lost or changed (the first: game 4, draw 3, passes 1"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(dir.join("v.txt")).unwrap(), full);
    // The same when it would solve first: refused before any search.
    let mut solving = vec!["--games", "1..3", "--dir", "e", "--verdict-file", "v.txt"];
    solving.extend(setting);
    let (_, err) = census_fails(dir, &solving);
    assert!(err.contains("would be lost or changed"), "{err}");
    assert!(!dir.join("e/draw3-passes1-f2t-on.jsonl").exists(), "nothing solved");
    // Counted, over a wider range: extended, every verdict kept; the games
    // no file has are said and written `-`.
    let mut wider = vec!["--only", "1..9", "v.txt", "--verdict-file", "v.txt"];
    wider.extend(setting);
    let table = census(dir, &wider);
    assert!(
        table.contains("\n  3 game(s) of the range have no result under these rules (counted in no column)\n"),
        "{table}"
    );
    let extended = std::fs::read_to_string(dir.join("v.txt")).unwrap();
    assert!(extended.starts_with(&full) && extended.ends_with("\n7 -\n8 -\n9 -\n"), "{extended}");
    #[cfg(unix)]
    {
        let (code, err) = census_fails(dir, &["/dev/zero"]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("'/dev/zero' is not a regular file"), "{err}");
        let (_, err) = census_fails(dir, &["--only", "1..3", batch, "--verdict-file", "/dev/null"]);
        assert!(err.contains("'/dev/null' is not a regular file"), "{err}");
        // Through a symbolic link: the file it names is written, the link kept.
        std::os::unix::fs::symlink("v.txt", dir.join("link.txt")).unwrap();
        let mut linked = vec!["--only", "1..10", "link.txt", "--verdict-file", "link.txt"];
        linked.extend(setting);
        census(dir, &linked);
        assert!(std::fs::symlink_metadata(dir.join("link.txt")).unwrap().file_type().is_symlink());
        assert!(std::fs::read_to_string(dir.join("v.txt")).unwrap().ends_with("\n9 -\n10 -\n"));
    }
    let (code, err) = census_fails(dir, &["--games", "1..100000001", "--dir", "d", "--verdict-file", "w.txt"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--verdict-file covers at most 100000000 games"), "{err}");
    assert!(!dir.join("d").exists(), "refused before any work");
}

/// A census that fails: its exit status and standard error.
fn census_fails(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_klondike")).arg("census").args(args).current_dir(dir).output().unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A verdict file that cannot be made is said once, in one line: the store
/// names the file and what went wrong, and nothing is said twice ("cannot
/// write 'F': could not write F: ..." before).
#[cfg(target_os = "linux")]
#[test]
fn a_verdict_file_that_cannot_be_made_is_said_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let batch = ["--games", "1..2", "--draw", "1", "--passes", "unlimited", "--foundation-to-tableau", "on"];
    census(dir, &batch.iter().copied().chain(["--max-states", "2000", "--dir", "c"]).collect::<Vec<_>>());
    // No file can be made at the top of sysfs, even by root.
    let target = "/sys/klondike-census-verdicts.txt";
    let (code, err) = census_fails(
        dir,
        &["c/draw1-passesunlimited-f2t-on.jsonl", "--only", "1..2", "--verdict-file", target, "--draw", "1"],
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(err.matches(target).count(), 1, "{err}");
    assert!(err.starts_with("klondike: could not write /sys/klondike-census-verdicts.txt: "), "{err}");
    assert!(!std::path::Path::new(target).exists());
}

/// `--verdict-file` never replaces results: not a batch file of the census
/// (not even one it is about to make), not a file it counts, not a file
/// that holds anything but verdicts; it is refused before any work, and
/// the file is kept as it was. A verdict file is rewritten.
#[test]
fn a_verdict_file_never_replaces_results() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let batch = ["--games", "1..3", "--draw", "1", "--passes", "unlimited", "--foundation-to-tableau", "off"];
    let batch = |d: &'static str| batch.iter().copied().chain(["--max-states", "2000", "--dir", d]);
    census(dir, &batch("c").collect::<Vec<_>>());
    let file = dir.join("c/draw1-passesunlimited-f2t-off.jsonl");
    let results = std::fs::read(&file).unwrap();
    let name = "c/draw1-passesunlimited-f2t-off.jsonl";
    for args in [
        batch("c").chain(["--verdict-file", name]).collect::<Vec<_>>(),
        vec!["--only", "1..3", name, "--verdict-file", name],
    ] {
        let (code, err) = census_fails(dir, &args);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("one of the batch files counted") && err.lines().count() == 1, "{err}");
        assert_eq!(std::fs::read(&file).unwrap(), results);
    }
    // A batch file the census would make: refused before it is made.
    let (_, err) = census_fails(
        dir,
        &batch("d").chain(["--verdict-file", "d/draw1-passesunlimited-f2t-off.jsonl"]).collect::<Vec<_>>(),
    );
    assert!(err.contains("one of the batch files counted"), "{err}");
    assert!(!dir.join("d/draw1-passesunlimited-f2t-off.jsonl").exists());
    std::fs::write(dir.join("notes.txt"), "my notes\n").unwrap();
    let (code, err) = census_fails(dir, &["--only", "1..3", name, "--verdict-file", "notes.txt"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("something other than census verdicts"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "my notes\n");
    // A verdict file is ours: written, then written again.
    for _ in 0..2 {
        census(dir, &["--only", "1..3", name, "--verdict-file", "v.txt"]);
        let text = std::fs::read_to_string(dir.join("v.txt")).unwrap();
        assert!(text.starts_with("# klondike census verdicts") && text.lines().count() == 5, "{text}");
    }
}

/// Nothing to count, or a verdict file without the range it covers, is a
/// usage error (exit status 2) found before any work.
#[test]
fn a_census_with_nothing_to_count_or_no_range_for_its_verdicts_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("r.jsonl"), "").unwrap();
    for args in [&[][..], &["--only", "1..20"], &["r.jsonl", "--verdict-file", "v.txt"]] {
        let (code, err) = census_fails(dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
    assert!(!dir.join("v.txt").exists());
}

/// A census killed while it wrote its verdict file left a hidden temporary
/// file as large as the verdict file, that nothing removed: the next census
/// that writes the verdict file removes those of ours that are stale, and
/// touches nothing else (not a fresh one, which may be another census's
/// write in progress, nor a file that only looks like one).
#[test]
fn a_stale_temporary_verdict_file_is_removed_by_the_next_census() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let write = |name: &str, old: bool| {
        let file = std::fs::File::create(dir.join(name)).unwrap();
        if old {
            file.set_modified(an_hour_ago).unwrap();
        }
    };
    write(".v.txt.AbC123.tmp", true);
    let others = [
        (".v.txt.Fresh1.tmp", false),
        (".v.txt.toolong1.tmp", true),
        (".w.txt.AbC123.tmp", true),
        ("v.txt.AbC123.tmp", true),
        (".v.txt.AbC123.tmp.keep", true),
    ];
    for (name, old) in others {
        write(name, old);
    }
    census(dir, &["--games", "1..2", "--max-states", "1000", "--dir", "c", "--verdict-file", "v.txt"]);
    assert!(!dir.join(".v.txt.AbC123.tmp").exists());
    for (name, _) in others {
        assert!(dir.join(name).exists(), "{name} was removed");
    }
    assert!(dir.join("v.txt").exists());
}

/// A census with nothing to count (an empty file, a range the files do not
/// hold) is an error of one line, not an empty table with success.
#[test]
fn a_census_with_nothing_to_count_says_so_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.jsonl"), "").unwrap();
    let verdicts = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/census/verdicts.txt");
    let cases: [(&[&str], &str); 2] = [
        (&["empty.jsonl"], "klondike: nothing to count: the files hold no results\n"),
        (
            &["--only", "999999..1000000", verdicts.to_str().unwrap()],
            "klondike: nothing to count: the files hold no result for games 999999..1000000\n",
        ),
    ];
    for (args, said) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
            .arg("census")
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), said, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A census whose batch file another census is writing says to wait or to
/// give it another --dir (it names its files itself), not "name another
/// file".
#[test]
fn a_census_whose_folder_another_census_writes_names_another_folder() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["census", "--games", "1..3000", "--draw", "1", "--passes", "1", "--foundation-to-tableau", "off"];
    let mut first = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(args)
        .args(["--dir", "c", "--max-states", "2000000", "--timeout", NEVER])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let file = dir.path().join("c/draw1-passes1-f2t-off.jsonl");
    let start = std::time::Instant::now();
    while std::fs::metadata(&file).map_or(true, |m| m.len() == 0) {
        assert!(start.elapsed().as_secs() < 60, "the first census wrote nothing");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(args)
        .args(["--dir", "c"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let _ = first.kill();
    let _ = first.wait();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.trim_end().ends_with(
            "is being written by another census or batch; wait for it to end, or give this census another folder than --dir c"
        ),
        "{err}"
    );
}

/// Two verdict files that give a game different decided verdicts: the
/// verdict file written has `?` for it, and says so on standard error
/// (it did in silence: helper report).
#[test]
fn a_verdict_file_says_where_it_writes_a_conflict_as_undecided() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let head = "variants d1p1f1 d1p1f0 d1p3f1 d1p3f0 d1puf1 d1puf0 d3p1f1 d3p1f0 d3p3f1 d3p3f0 d3puf1 d3puf0\n";
    std::fs::write(dir.join("a.txt"), format!("{head}5 WWWWWWWWWWWW\n6 UUUUUUUUUUUU\n")).unwrap();
    std::fs::write(dir.join("b.txt"), format!("{head}5 UUUUUUUUUUUU\n6 UUUUUUUUUUUU\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["census", "a.txt", "b.txt", "--only", "5..6", "--verdict-file", "c.txt"])
        .current_dir(dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let written = std::fs::read_to_string(dir.join("c.txt")).unwrap();
    assert!(written.contains("\n5 ????????????\n6 UUUUUUUUUUUU\n"), "{written}");
    assert!(
        err.contains(
            "the verdict file has ? where the files give two different decided verdicts (12 verdicts of game 5)"
        ),
        "{err}"
    );
}

/// A file of the census's folder that holds no results is refused before
/// any work: it stopped the census when its setting came, after the
/// settings before it were solved and written (helper report).
#[test]
fn a_census_refuses_a_foreign_file_in_its_folder_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cen");
    std::fs::create_dir(&dir).unwrap();
    let foreign = dir.join("draw3-passesunlimited-f2t-off.jsonl");
    std::fs::write(&foreign, "my notes\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["census", "--games", "1..3", "--max-states", "2000", "--timeout", NEVER, "--dir"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("in the census's folder is not a file of results (line 1 is not one)"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(files.len(), 1, "nothing solved nor written: {files:?}");
    assert_eq!(std::fs::read_to_string(&foreign).unwrap(), "my notes\n");
}
